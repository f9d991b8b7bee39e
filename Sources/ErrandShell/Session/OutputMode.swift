/// How results are written: aligned text for people, one JSON object per command for programs.
public enum OutputMode: String, Sendable {
    case text, json
}
