import ErrandDomain
import ErrandHelpers

/// `remind`: prints each reminder that rang since it last ran, once, whichever process runs
/// it (cron's `errand remind`, a shell at its prompt): what rang is marked in the store in the
/// same write. Prints nothing when nothing rang, so cron mails only reminders.
struct Remind: ShellCommand {
    static let notify = OptionSpec("notify", help: "also hand each to notify-send (a desktop notification)")
    static let spec = CommandSpec(
        "remind", summary: "print each reminder that rang since the last run, once (cron: errand remind)",
        details: "A reminder rings once its moment has come: the store marks it rung as it is printed, so another "
            + "errand remind, a restart or a sync never rings it again and a missed run rings it at the next. "
            + "Prints nothing when nothing rang. Not undone by undo.",
        options: [notify], effect: .changesStore) { values in
        Remind(notifies: values.has(notify))
    }

    let notifies: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        let clock = c.environment.clock
        let rang = try c.commit(saved: "the reminders were marked rung") { try $0.store.ringReminders(at: clock.now, clock: clock) }
        guard !rang.isEmpty else { return Display() }
        var display = Display(screen: .reminders(rang))
        guard notifies else { return display }
        guard let program = DesktopNotifier.find() else {
            display.notice = "remind: notify-send is not installed (Debian: apt install libnotify-bin); the reminders are printed only"
            return display
        }
        let labeler = c.environment.labeler
        for one in rang {
            if let failure = DesktopNotifier.send(program, title: one.item.title, body: Remind.about(one, labeler: labeler)) {
                display.notice = "remind: " + failure
                break
            }
        }
        return display
    }

    /// `due Thu Dec 3 at 10:00, 30 min before`; `starts Thu Dec 3 at 09:00, 15 min before start`.
    static func about(_ one: RangReminder, labeler: DayLabeler) -> String {
        if one.reminder.isFromStart, let start = one.item.start {
            return "starts " + labeler.label(start.day) + (start.time.map { " at \($0)" } ?? "") + ", "
                + one.reminder.detail(labeler: labeler)
        }
        let due = one.item.due.map { "due " + labeler.label($0) + (one.item.time.map { " at \($0)" } ?? "") } ?? "no due day"
        return one.reminder.isRelative ? due + ", " + one.reminder.detail(labeler: labeler) : due
    }
}
