import ErrandDomain
import ErrandFiles
import ErrandStorage
import FoundationEssentials

/// Context-aware Tab completion, derived from the command declarations: command names, row
/// numbers of the last listing (shown with their titles), date words, file paths, choices.
public struct Completer {
    let table: CommandTable
    let session: Session
    let environment: ShellEnvironment

    public init(table: CommandTable, session: Session, environment: ShellEnvironment) {
        self.table = table
        self.session = session
        self.environment = environment
    }

    public func complete(_ lineBeforeCursor: String) -> Completion {
        let (tokens, endsInSpace) = Tokenizer.splitPartial(lineBeforeCursor)
        let current: Tokenizer.Token? = endsInSpace ? nil : tokens.last
        let before = endsInSpace ? tokens : Array(tokens.dropLast())
        let prefix = current?.text ?? ""
        let replaceCount = current.map { lineBeforeCursor.count - $0.start } ?? 0
        let candidates: [CompletionCandidate]
        if before.isEmpty {
            candidates = table.specs.filter { $0.name.hasPrefix(prefix.lowercased()) }
                .map { CompletionCandidate(insert: $0.name, display: $0.name) }
        } else if let spec = table.spec(named: before[0].text) {
            candidates = complete(spec: spec, words: before.dropFirst().map { CommandWord($0.text, literal: $0.quoted) },
                                  prefix: prefix, prefixQuoted: current?.quoted ?? false)
        } else {
            candidates = []
        }
        return Completion(replaceCount: replaceCount, candidates: candidates)
    }

    /// A form's field: the whole answer typed so far is the value, completed by the field's
    /// kind (as after its option on a command line) and its own words (`none`); inserted as
    /// typed, since a form's answer is never split into words, and with no space after it
    /// (the answer may go on: `tomorrow 14:30`).
    public func complete(field kind: ArgumentKind, words: [String] = [], typed: String) -> Completion {
        let own = words.filter { $0.hasPrefix(typed.lowercased()) }.map { CompletionCandidate(insert: $0, display: $0) }
        let found = (candidates(for: kind, prefix: typed, quote: { $0 }) + own).map {
            CompletionCandidate(insert: $0.insert, display: $0.display, isComplete: false)
        }
        return Completion(replaceCount: typed.count, candidates: found)
    }

    /// Where the cursor is, as the parser would read the line (WordWalk): in an option's value
    /// (its words run to the next option, `--x=v` is x's value), at an option's name, or at the
    /// command's own next word (after `--`, always).
    func complete(spec: CommandSpec, words: [CommandWord], prefix: String, prefixQuoted: Bool = false) -> [CompletionCandidate] {
        let walk = WordWalk(words, spec: spec)
        // Before its first word, `--` names the command's own options (`watch --count`).
        if spec.passesThrough, !(walk.positionals.isEmpty && prefix.hasPrefix("-")),
           let inner = passedThrough(walk.positionals, spec: spec) {
            // `watch 2 fi` and `watch 2 find --js`: the words after are their own command line.
            guard let first = inner.first else {
                return candidates(for: .command, prefix: prefix)
            }
            guard let other = table.spec(named: first) else { return [] }
            let words = (try? Tokenizer.split(inner.dropFirst().joined(separator: " "))) ?? []
            return complete(spec: other, words: words.map { CommandWord($0.text, literal: $0.quoted) }, prefix: prefix,
                            prefixQuoted: prefixQuoted)
        }
        if !walk.endedOptions, !prefixQuoted, prefix.hasPrefix("--"), let eq = prefix.firstIndex(of: "=") {
            let name = String(prefix[prefix.index(prefix.startIndex, offsetBy: 2)..<eq])
            guard let kind = spec.option(named: name)?.valueKind else { return [] }
            let head = String(prefix[...eq])
            return candidates(for: kind, prefix: String(prefix[prefix.index(after: eq)...])).map {
                CompletionCandidate(insert: head + $0.insert, display: $0.display, isComplete: $0.isComplete)
            }
        }
        // `-` alone or `--...` names an option; `-home` is a word (tag's removals), as the parser reads it.
        if !walk.endedOptions, !prefixQuoted, !spec.options.isEmpty, prefix == "-" || prefix.hasPrefix("--") {
            let given = walk.optionNames
            return spec.options.filter { $0.flag.hasPrefix(prefix) && ($0.repeatable || !given.contains($0.name)) }
                .map { CompletionCandidate(insert: $0.flag, display: $0.flag + "  " + $0.help) }
        }
        if let option = walk.openValue, let kind = option.valueKind {
            return candidates(for: kind, prefix: prefix)
        }
        // The command's own words typed so far (option values skipped) say which argument is next.
        let positional = walk.positionals
        let arguments = spec.arguments
        // Several rows count as one argument: after them, Tab offers more rows and what follows.
        if arguments.first?.kind == .itemRows, !positional.isEmpty,
           positional.allSatisfy(ParseContext.looksLikeRows) {
            let next = arguments.dropFirst().first.map { candidates(for: $0.kind, prefix: prefix) } ?? []
            return candidates(for: .itemRows, prefix: prefix) + next
        }
        let position = arguments.first?.kind == .itemRows
            ? positional.count - max(positional.prefix(while: ParseContext.looksLikeRows).count - 1, 0) : positional.count
        guard let argument = position < arguments.count ? arguments[position]
                : arguments.last(where: \.rest) else { return [] }
        if case let .dependent(choices) = argument.kind {
            return candidates(for: .choice(positional.last.flatMap { choices[$0] } ?? []), prefix: prefix)
        }
        return candidates(for: argument.kind, prefix: prefix)
    }

    /// The words of a passthrough argument typed so far, as typed (nil: the cursor is still at
    /// the arguments before it: `watch ` could be given seconds, yet a command is what Tab offers).
    private func passedThrough(_ positional: [String], spec: CommandSpec) -> [String]? {
        var rest = positional[...]
        for argument in spec.arguments {
            if argument.passthrough { return Array(rest) }
            guard let next = rest.first else { return argument.optional ? [] : nil }
            if argument.optional, !argument.kind.mayTake(next) { continue }
            rest = rest.dropFirst()
        }
        return nil
    }

    /// `quote` makes a value with spaces one word of a command line.
    func candidates(for kind: ArgumentKind, prefix: String,
                    quote: (String) -> String = Tokenizer.quote) -> [CompletionCandidate] {
        switch kind {
        case .row, .itemRow, .itemRows, .adRows:
            let zero = session.listingZero.map { [(0, $0)] } ?? []
            let rows = (zero + session.listing.enumerated().map { ($0.offset + 1, $0.element) }).filter { number, _ in
                String(number).hasPrefix(prefix)
            }
            // A streamed list's rows are read from the store for their titles: not a million of them at one key.
            let titled = rows.count <= Completer.titledRows
            return rows.map { number, row in
                let n = String(number)
                guard titled || !Completer.isListed(row) else { return CompletionCandidate(insert: n, display: n) }
                return CompletionCandidate(insert: n, display: n + "  " + describe(row))
            }
        case .date, .lookedAtDay:
            let today = environment.clock.today
            let isoDays = (0..<7).map { today.adding(days: $0).iso }
            return (DateInputParser.completionWords + isoDays).filter { $0.hasPrefix(prefix.lowercased()) }
                .map { CompletionCandidate(insert: $0, display: $0) }
        case .command:
            return table.specs.filter { $0.name.hasPrefix(prefix) }.map { CompletionCandidate(insert: $0.name, display: $0.name) }
        case let .choice(choices):
            return choices.filter { $0.hasPrefix(prefix) }.map { CompletionCandidate(insert: $0, display: $0) }
        case .file:
            return files(prefix)
        case let .wordOrFile(words):
            return candidates(for: .choice(words), prefix: prefix) + files(prefix)
        case .schedule:
            return Repeat.examples.filter { $0.hasPrefix(prefix.lowercased()) }
                .map { CompletionCandidate(insert: quote($0), display: $0) }
        case .distance:
            return ["500m", "1km", "5km", "10km", "50km"].filter { $0.hasPrefix(prefix.lowercased()) }
                .map { CompletionCandidate(insert: $0, display: $0) }
        case .query:
            return queryCandidates(prefix, quote: quote)
        case .category, .place, .field, .listName, .tagChanges, .savedSearch:
            return namedCandidates(for: kind, prefix: prefix, quote: quote)
        case .text, .coordinate, .time, .count, .dependent, .seconds:
            return []
        }
    }

    /// The names the store holds: categories, places, a field's stored words, lists, saved
    /// searches.
    private func namedCandidates(for kind: ArgumentKind, prefix: String,
                                 quote: (String) -> String) -> [CompletionCandidate] {
        switch kind {
        case .category:
            let names = ((try? environment.store.catalogueSummary())??.categories ?? []).map(\.name)
            let key = AdCategory.fold(prefix)
            return names.filter { AdCategory.fold($0).hasPrefix(key) }
                .map { CompletionCandidate(insert: quote($0), display: $0) }
        case .place:
            let names = (try? environment.store.placeNames(prefix: prefix, limit: 200)) ?? []
            return names.map { CompletionCandidate(insert: quote($0), display: $0) }
        case let .field(field):
            var stored = field.option?.completesFromStore == true ? ((try? environment.store.wordCounts(field)) ?? []).map(\.word) : []
            if field == .list { stored = listNames }
            let key = ItemField.key(prefix.hasPrefix("#") ? String(prefix.dropFirst()) : prefix)
            return ((field.option?.words ?? []) + stored).filter { ItemField.key($0).hasPrefix(key) }
                .map { CompletionCandidate(insert: quote($0), display: $0) }
        case let .listName(orAll):
            let names = listNames + (orAll ? [Use.all] : [])
            return names.filter { ItemField.key($0).hasPrefix(ItemField.key(prefix)) }
                .map { CompletionCandidate(insert: quote($0), display: $0) }
        case .tagChanges:
            // The sign typed stays: `-ho` offers `-home`.
            let sign = prefix.first.map { "-+".contains($0) ? String($0) : "" } ?? ""
            return candidates(for: .field(.tags), prefix: String(prefix.dropFirst(sign.count)), quote: quote).map {
                CompletionCandidate(insert: sign + $0.insert, display: sign + $0.display)
            }
        case .savedSearch:
            let names = ((try? environment.store.savedSearches()) ?? []).map(\.name)
            return names.filter { $0.hasPrefix(prefix) }.map { CompletionCandidate(insert: quote($0), display: $0) }
        default:
            return []
        }
    }

    /// More candidates than this, and a streamed list's rows are offered by number alone.
    static let titledRows = 500

    static func isListed(_ row: ListingRow) -> Bool {
        if case .listed = row { return true }
        return false
    }

    func describe(_ row: ListingRow) -> String {
        switch row {
        case let .day(day): return environment.labeler.label(day)
        case .overdue: return "Overdue"
        case .undated: return DayLabeler.noDate
        case let .item(item): return DisplayWidth.sanitize(item.title)
        case let .later(item, label): return DisplayWidth.sanitize(item.title) + " (open on " + label + ")"
        // A streamed list's row: the title as stored now (a row gone since is just its number).
        case let .listed(listed): return ((try? environment.store.item(id: listed.id)) ?? nil).map { DisplayWidth.sanitize($0.title) } ?? ""
        case let .ad(ad): return DisplayWidth.sanitize(ad.title)
        case let .category(name): return DisplayWidth.sanitize(name)
        case let .tag(word): return "#" + DisplayWidth.sanitize(word)
        case let .conflict(_, title): return DisplayWidth.sanitize(title)
        }
    }

    func files(_ prefix: String) -> [CompletionCandidate] {
        let slash = prefix.lastIndex(of: "/")
        let dirPart = slash.map { String(prefix[...$0]) } ?? ""
        let namePart = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let directory = dirPart.isEmpty ? environment.workingDirectory : environment.resolve(path: dirPart)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix(namePart) && (namePart.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .prefix(200)
            .map { name in
                let folder = FileKind(path: directory + "/" + name) == .directory
                let path = dirPart + name + (folder ? "/" : "")
                return CompletionCandidate(insert: Tokenizer.quote(path), display: name + (folder ? "/" : ""),
                                           isComplete: !folder)
            }
    }

    /// The store's lists as `lists` names them, the main one first; the main one alone when
    /// the store cannot be read (Tab never fails).
    private var listNames: [String] {
        (try? environment.listNames()) ?? [ListNames.mainName(of: (try? environment.store.syncRemote()) ?? nil,
                                                              session: environment.remoteURL)]
    }
}
