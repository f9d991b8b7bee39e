/// The app's tabs. Ads arrive with the catalogue; the session already has room for them.
public enum Tab: String, Sendable, CaseIterable {
    case view, create, ads
}
