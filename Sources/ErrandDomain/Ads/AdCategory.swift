import Foundation

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
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}
