/// The two sections of the book app's list.
public enum ItemSection: String, Sendable, CaseIterable {
    case toDo = "To do"
    case done = "Done"
}
