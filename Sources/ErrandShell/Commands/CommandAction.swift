/// What a command does; the interpreter switches over it exhaustively, so a declared command
/// without a handler does not compile.
public enum CommandAction: String, CaseIterable, Sendable {
    case view, week, open, back, create, swipe, check, uncheck, list, day, undo, clear
    case importItems, export, history, source, help, set, quit
    case ads, filter, categories, sync, more
}
