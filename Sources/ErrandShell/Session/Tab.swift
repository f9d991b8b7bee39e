/// The app's tabs: the to-dos' week and lists, the create form, the ads of the catalogue.
public enum Tab: String, Sendable, CaseIterable {
    case view, create, ads
}
