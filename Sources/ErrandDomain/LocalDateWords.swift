/// The day and month names of the language the screen uses, for reading dates typed in it
/// (`mer. 2 déc.`, `lundi`): the C library's names for the locale, folded as `find` folds
/// (case and accents aside, a closing `.` dropped). Relative words (`demain`) are not in the
/// locale's data: those stay English, and the refusal says so.
public struct LocalDateWords: Sendable, Equatable {
    public var months: [String: Int] = [:]
    /// 0 = Sunday ... 6 = Saturday.
    public var weekdays: [String: Int] = [:]

    public init(months: [String: Int] = [:], weekdays: [String: Int] = [:]) {
        self.months = months
        self.weekdays = weekdays
    }

    public var isEmpty: Bool { months.isEmpty && weekdays.isEmpty }

    /// How a typed word and a locale's name are compared.
    public static func key(_ word: String) -> String {
        var folded = TextFolding.fold(word)
        while folded.hasSuffix(".") { folded.removeLast() }
        return folded
    }
}
