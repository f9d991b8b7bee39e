/// `abbr NAME EXPANSION`, `abbr`, `abbr NAME`, `abbr --erase NAME`: fish's abbreviations
/// (Abbreviations): a word typed first on a line at the keyboard becomes its expansion on Space
/// or Enter, and the history keeps the full words.
struct Abbr: ShellCommand {
    static let name = ArgumentSpec("NAME", .text, optional: true, help: "one word: letters, digits, - and _")
    /// The rest of the line as written, its options included (`abbr nw create --date tomorrow`).
    static let expansion = ArgumentSpec("EXPANSION", .text, optional: true,
                                        help: "what it becomes: a command line, quoted or not", passthrough: true)
    static let erase = OptionSpec("erase", help: "forget NAME")
    static let spec = CommandSpec(
        "abbr", summary: "an abbreviation: NAME typed first on a line becomes EXPANSION on Space or Enter; alone, list them",
        details: "At the keyboard only: a script or a pipe runs what it says. The history keeps the full words. "
            + "Made or erased at the keyboard, an abbreviation is kept in the errandrc (its abbr line); abbr alone prints them in that form.",
        arguments: [name, expansion], options: [erase], effect: .changesSettings) { values in
        Abbr(name: values.text(name), expansion: values.text(expansion).map(Abbr.unquoted), erase: values.has(erase))
    }

    /// The expansion as one quoted word (`abbr tw "find due:<+7d"`, as `abbr` lists it) is the
    /// words inside the quotes; unquoted words are kept as written.
    static func unquoted(_ written: String) -> String {
        guard let tokens = try? Tokenizer.split(written), tokens.count == 1, let only = tokens.first, only.quoted else { return written }
        return only.text
    }

    let name: String?
    let expansion: String?
    let erase: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        guard let name else {
            if erase { throw ShellError.usage("abbr --erase: name the abbreviation to forget (abbr lists them)") }
            return Display(screen: .abbreviations(c.session.abbreviations.all))
        }
        if erase {
            guard expansion == nil else { throw ShellError.usage("abbr --erase: give only the NAME to forget") }
            guard c.session.abbreviations.remove(name) else {
                throw ShellError.usage("abbr --erase: no abbreviation \(ShellError.quote(name)) (abbr lists them)")
            }
            return Display(message: "\(name) is no longer an abbreviation")
        }
        guard let expansion else {
            guard let known = c.session.abbreviations.expansion(of: name) else {
                throw ShellError.usage("abbr: no abbreviation \(ShellError.quote(name)) (abbr lists them)")
            }
            return Display(screen: .abbreviations([Abbreviation(name: name, expansion: known)]))
        }
        try Abbr.check(name, expansion, table: c.table)
        c.session.abbreviations.set(name, to: expansion)
        return Display(message: "\(name) now stands for \(Tokenizer.quote(expansion))")
    }

    /// One word a person can type that is not a command already (it would hide it), and an
    /// expansion that is one line.
    static func check(_ name: String, _ expansion: String, table: CommandTable) throws(ShellError) {
        guard name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }),
              name.first != "-" else {
            throw .usage("abbr: \(ShellError.quote(name)) is not a name: one word of letters, digits, - and _")
        }
        if table.spec(named: name) != nil {
            throw .usage("abbr: \(ShellError.quote(name)) is a command: an abbreviation of that name would hide it")
        }
        let command = expansion.drop { $0 == " " }.prefix { $0 != " " }
        guard !command.isEmpty else { throw .usage("abbr: \(name) needs an expansion: abbr \(name) WORDS") }
        guard table.spec(named: String(command)) != nil else {
            throw .usage("abbr: an expansion starts with a command, not \(ShellError.quote(String(command))) (abbr --erase NAME forgets one)")
        }
        guard !expansion.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .usage("abbr: the expansion holds a control character; it must be one line of text")
        }
    }
}
