import ErrandDomain

/// Whether Enter would refuse the line as typed so far, for the prompt's mark (issue 26): a
/// word that names no command (and is not the start of one still being typed), an option the
/// command does not have, or a row the last listing does not hold. Read from the declarations
/// and the session's listing only: no store read, so it can run at every key.
public struct LineCheck {
    let table: CommandTable
    let session: Session
    let today: DueDay

    public init(table: CommandTable, session: Session, today: DueDay) {
        self.table = table
        self.session = session
        self.today = today
    }

    public func refuses(_ line: String) -> Bool {
        let (tokens, endsInSpace) = Tokenizer.splitPartial(line)
        return refuses(tokens[...], endsInSpace: endsInSpace)
    }

    private func refuses(_ tokens: ArraySlice<Tokenizer.Token>, endsInSpace: Bool) -> Bool {
        guard let first = tokens.first else { return false }
        let words = tokens.dropFirst()
        /// The word the cursor is still in, which may become right.
        let typing = { (token: Tokenizer.Token) in token == tokens.last && !endsInSpace }
        guard let spec = table.spec(named: first.text) else {
            let lower = first.text.lowercased()
            return !(typing(first) && table.allNames.contains { $0.hasPrefix(lower) })
        }
        if spec.passesThrough { return refusesPassedThrough(words, spec: spec, endsInSpace: endsInSpace, typing: typing) }
        guard let argument = spec.arguments.first, let word = words.first, !word.quoted else { return false }
        guard argument.kind == .itemRows else { return refusesRows(word.text, kind: argument.kind, typing: typing(word)) }
        // `check 1 3 5`: every leading word that looks like rows.
        let rows = words.prefix { !$0.quoted && ParseContext.looksLikeRows($0.text) }
        guard let last = rows.last else { return false }
        return refusesRows(rows.map(\.text).joined(separator: " "), kind: .itemRows, typing: typing(last))
    }

    /// `watch --count 3 2 opn`: watch's options, its seconds, then a line of its own.
    private func refusesPassedThrough(_ words: ArraySlice<Tokenizer.Token>, spec: CommandSpec, endsInSpace: Bool,
                                      typing: (Tokenizer.Token) -> Bool) -> Bool {
        var rest = words
        while let word = rest.first, !word.quoted, word.text.hasPrefix("--"), word.text != "--" {
            let name = String(word.text.dropFirst(2).prefix { $0 != "=" })
            guard let option = spec.option(named: name) else { return !typing(word) }
            rest = rest.dropFirst(option.valueName != nil && !word.text.contains("=") ? 2 : 1)
        }
        for argument in spec.arguments {
            if argument.passthrough {
                // `abbr tw "find due:<+7d"`: a line given as one quoted word is checked inside its
                // quotes; watch's COMMAND is read as typed, so a quoted word there is one name.
                if argument.kind != .command, rest.count == 1, let only = rest.first, only.quoted { return refuses(only.text) }
                return refuses(rest, endsInSpace: endsInSpace)
            }
            guard let next = rest.first else { return false }
            if argument.optional, !argument.kind.mayTake(next.text) { continue }
            rest = rest.dropFirst()
        }
        return false
    }

    /// A row the listing does not hold (or, for a command that takes items, a row that is no
    /// item). A fresh shell's week is read only when a line needs it: its rows are not known.
    private func refusesRows(_ text: String, kind: ArgumentKind, typing: Bool) -> Bool {
        guard !session.listing.isEmpty || session.route != nil else { return false }
        // `2-` and `1,` are ranges and lists on their way.
        if typing, text.last == "-" || text.last == "," { return false }
        let context = ParseContext(today: today, listing: session.listing, zero: session.listingZero, table: table)
        do {
            switch kind {
            case .row:
                guard Int(text) != nil else { return false }
                _ = try context.row(text, command: "")
            case .itemRow:
                guard Int(text) != nil else { return false }
                _ = try context.itemRow(text, command: "")
            case .itemRows:
                _ = try context.itemRowNumbers(text, command: "")
            default:
                return false
            }
            return false
        } catch {
            return true
        }
    }
}
