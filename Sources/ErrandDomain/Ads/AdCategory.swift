import FoundationEssentials

/// A category of ads ("Multimédia", "Livres/CD/DVD").
public struct AdCategory: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    /// Case- and accent-insensitive key, so `filter multimedia` finds "Multimédia".
    public static func fold(_ text: String) -> String {
        TextFolding.fold(TextSafety.trimmed(text))
    }

    public static func find(_ id: Int64, in categories: [AdCategory]) -> AdCategory? {
        categories.first { $0.id == id }
    }

    /// The category whose folded name equals the folded text.
    public static func find(named text: String, in categories: [AdCategory]) -> AdCategory? {
        let key = fold(text)
        return categories.first { fold($0.name) == key }
    }
}
