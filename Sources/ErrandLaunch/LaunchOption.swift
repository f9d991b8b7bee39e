import ErrandOptions

/// One option of errand's own command line (the declarations: `LaunchOption+Errand`).
public typealias LaunchOption = CommandLineOption<LaunchOptions>

extension OptionDeclaration where Kind == OptionEffect<LaunchOptions> {
    init(_ names: [String], stop mode: LaunchOptions.Mode, help: String) {
        self.init(names, stop: { $0.mode = mode }, help: help)
    }

    /// The help cut to its first clause, for the one-line descriptions shells show beside
    /// candidates: "the store file" for --store.
    public var summary: String { LaunchHelp.firstClause(help) }
}
