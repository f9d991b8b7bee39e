/// How the shell names lists and turns a name into what stores compare. The main list is the
/// one items without a list value belong to (ItemField.list): named after the collection the
/// store syncs with (the last segment of its URL, as the server's path gives it), else
/// `local`. Every other list is the name its items carry.
public enum ListNames {
    public static let local = "local"

    public static func mainName(remoteURL: String?) -> String {
        guard let url = remoteURL else { return local }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let segments = path.split(separator: "/").map(String.init)
        // A URL of the server alone (no path past the host) names no collection.
        guard segments.count > 2, let last = segments.last else { return local }
        let name = TextSafety.trimmed(TextSafety.neutralised(percentDecoded(last)))
        guard !name.isEmpty, !name.contains(",") else { return local }
        return String(name.prefix(ItemField.maxListName))
    }

    /// The main list's name: the display name discovery found for its collection, else the
    /// collection's last segment (the store's remote, else the session's).
    public static func mainName(of remote: SyncRemote?, session: String?) -> String {
        if let given = remote?.name {
            let name = joined(given, taken: [])
            if name != "list" { return name }
        }
        return mainName(remoteURL: remote?.url ?? session)
    }

    /// Whether two names are one list (case and accents aside).
    public static func same(_ a: String, _ b: String) -> Bool { ItemField.key(a) == ItemField.key(b) }

    /// What an item of list `name` stores: nil for the main list.
    public static func stored(_ name: String, main: String) -> String? { same(name, main) ? nil : name }

    /// The term that finds the items of list `name`.
    public static func term(_ name: String, main: String) -> QueryTerm {
        .list(key: ItemField.key(name), main: same(name, main))
    }

    /// The item's list name, the main one when it carries none.
    public static func name(of item: TodoItem, main: String) -> String { item.list ?? main }

    /// The name a task list of the server takes here when it joins (`remote --all`): its
    /// display name as a list value can hold it (no comma, at most ItemField.maxListName
    /// characters), numbered when another list of the store is already called so.
    public static func joined(_ display: String, taken: [String]) -> String {
        let plain = TextSafety.trimmed(String(TextSafety.neutralised(display).map { $0 == "," ? " " : $0 }))
        let name = plain.isEmpty ? "list" : String(plain.prefix(ItemField.maxListName - 3))
        var candidate = name
        var number = 2
        while taken.contains(where: { same($0, candidate) }) || same(candidate, "all") {
            candidate = "\(name) \(number)"
            number += 1
        }
        return candidate
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
