import ErrandDomain

/// `find WORDS`: items whose title, notes or place have words starting with each of WORDS,
/// case and accents aside; listed like `list`, so `open`, `check`... act on the result.
struct Find: ShellCommand {
    static let words = ArgumentSpec("WORDS", .text, rest: true, help: "what to look for (ecole finds École)")
    static let spec = CommandSpec("find", summary: "items whose title, notes or place hold every word",
                                  details: "Each word matches the start of a word, case and accents aside.",
                                  arguments: [words]) { values in
        guard let query = SearchQuery(try values.requiredText(words)) else {
            throw ShellError.usage("find: say what to look for, in letters or digits")
        }
        return Find(query: query)
    }

    let query: SearchQuery

    func run(_ c: inout CommandContext) throws -> Display {
        try Day.show(root: .found(query), &c)
    }
}
