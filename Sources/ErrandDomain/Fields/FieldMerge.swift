/// How sync merges a field both sides changed since the last sync.
public enum FieldMerge: Sendable {
    /// The later side's value wins (the server on a tie), as for title or notes.
    case whole
    /// Words added or removed on either side are all applied (tags).
    case asSet
}
