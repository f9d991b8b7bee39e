extension Array {
    /// The first `requires:` or `conflicts:` among these declarations that the options given
    /// break, as the line that says so (`--coords needs --at PLACE`, `--time and --no-time
    /// cannot go together`); nil when none is. `given` holds each given option's long name.
    /// The shell's parser and `OptionReader` both ask it, so a command's options and a
    /// program's are refused in the same words.
    public func pairingFailure<Kind>(given: Set<String>) -> String? where Element == OptionDeclaration<Kind> {
        for option in self {
            guard let name = option.longName, given.contains(name) else { continue }
            if let required = option.requires, !given.contains(required) {
                let value = first { $0.longName == required }?.valueName.map { " " + $0 } ?? ""
                return "\(name) needs \(required)\(value)"
            }
            if let other = option.conflicts, given.contains(other) {
                return "\(name) and \(other) cannot go together"
            }
        }
        return nil
    }
}
