/// One option of a program's command line: the one declaration type, its reader a setter into
/// the program's options value (read by `OptionReader`).
public typealias CommandLineOption<Options> = OptionDeclaration<OptionEffect<Options>>

extension OptionDeclaration {
    /// `requires` and `conflicts` name another option of the same command line: `OptionReader`
    /// refuses the line that breaks them.
    public init<Options>(_ names: [String], help: String, requires: OptionDeclaration? = nil,
                         conflicts: OptionDeclaration? = nil, set: @escaping @Sendable (inout Options) -> Void)
        where Kind == OptionEffect<Options> {
        self.init(names, valueName: nil, kind: .flag(set), help: help, requires: requires, conflicts: conflicts)
    }

    public init<Options>(_ names: [String], value: String, complete: ValueCompletion = .none, help: String,
                         requires: OptionDeclaration? = nil, conflicts: OptionDeclaration? = nil,
                         set: @escaping @Sendable (inout Options, String) throws(OptionFailure) -> Void)
        where Kind == OptionEffect<Options> {
        self.init(names, valueName: value, kind: .value(set), help: help, completion: complete, requires: requires,
                  conflicts: conflicts)
    }

    public init<Options>(_ names: [String], stop: @escaping @Sendable (inout Options) -> Void, help: String)
        where Kind == OptionEffect<Options> {
        self.init(names, valueName: nil, kind: .stop(stop), help: help)
    }
}
