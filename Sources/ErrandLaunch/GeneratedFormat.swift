import ErrandShell

/// What `errand --generate FORMAT` prints: each is derived from the same declarations as
/// `--help` and the shell's `help`, so none can drift from what errand accepts.
public enum GeneratedFormat: String, CaseIterable, Equatable, Sendable {
    case man, bash, zsh, fish, markdown

    public var text: String {
        switch self {
        case .man: return ManPage().text
        case .bash: return BashCompletion().text
        case .zsh: return ZshCompletion().text
        case .fish: return FishCompletion().text
        case .markdown: return CommandReference().text
        }
    }
}
