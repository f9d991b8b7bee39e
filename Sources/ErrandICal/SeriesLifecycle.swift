/// How a repeating series's own client records a checked occurrence, which Errand follows so
/// that the series reads the same on every device. Thunderbird, eM Client and Outlook keep the
/// series and add a VTODO naming the occurrence by RECURRENCE-ID (`overrides`); Apple
/// Reminders, tasks.org and Nextcloud Tasks keep one VTODO and move its DTSTART and DUE on to
/// the next occurrence, lowering COUNT (`rollForward`), and may not read an override at all.
/// A series made here, or by a client not named, gets overrides: RFC 5545's own way, which
/// every client that reads RECURRENCE-ID shows right.
public enum SeriesLifecycle: Equatable, Sendable {
    case overrides
    case rollForward

    /// Words in a PRODID that name a client rolling its series forward: Apple's products,
    /// tasks.org (its own sync, and DAVx5 naming the app's package), Nextcloud Tasks.
    static let rolling = ["apple inc.", "apple computer", "tasks.org", "(org.tasks)", "nextcloud tasks"]

    /// Where a series rolled here names its client (SeriesRoll): Errand sends it under its own
    /// PRODID, and another Errand reading it from the server rolls it on as the phone does.
    public static let clientProperty = "X-ERRAND-SERIES-CLIENT"

    /// The lifecycle of the series an item keeps (`icalendar`): overrides as soon as the series
    /// already records one (whoever wrote it reads them), else by the PRODID it came with, or
    /// the client an Errand that sent it named.
    public static func of(_ kept: String?) -> SeriesLifecycle {
        guard let kept, let calendar = RawComponent.parse(kept).first(where: { $0.name == "VCALENDAR" }) else { return .overrides }
        let todos = calendar.components.filter { $0.name == "VTODO" }
        guard todos.count == 1, let todo = todos.first else { return .overrides }
        let products = [calendar.value("PRODID"), todo.value(clientProperty)].compactMap { $0?.lowercased() }
        return products.contains { product in rolling.contains(where: product.contains) } ? .rollForward : .overrides
    }
}
