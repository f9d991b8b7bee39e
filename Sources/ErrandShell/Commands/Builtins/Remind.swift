import ErrandDomain
import ErrandHelpers

/// `remind`: prints each reminder that rang since it last ran, once, whichever process runs
/// it (cron's `errand remind`, a shell at its prompt). What rang is written out and flushed
/// inside the store write that marks it rung, before that write commits (ItemStore
/// .ringReminders): output that cannot be written, or a kill before the commit, marks
/// nothing, and the next run rings it. Prints nothing when nothing rang, so cron mails only
/// reminders.
struct Remind: ShellCommand {
    static let notify = OptionSpec("notify", help: "also hand each to notify-send (a desktop notification)")
    static let dryRun = OptionSpec("dry-run", help: "show what would ring now and mark nothing")
    static let spec = CommandSpec(
        "remind", summary: "print each reminder that rang since the last run, once (cron: errand remind)",
        details: "A reminder rings once its moment has come: the store marks it rung once it is printed, so another "
            + "errand remind, a restart or a sync never rings it again and a missed run rings it at the next. "
            + "Output that cannot be written (a full disk, a closed pipe) marks nothing and fails. A reminder "
            + "is never marked later than this machine's clock, so --today in the future is a trial: --dry-run "
            + "shows what would ring and changes nothing. Prints nothing when nothing rang. undo brings what "
            + "rang back, to ring again.",
        options: [notify, dryRun], effect: .changesStore, undoable: true) { values in
        Remind(notifies: values.has(notify), dryRun: values.has(dryRun))
    }

    let notifies: Bool
    let dryRun: Bool

    func run(_ c: inout CommandContext) throws -> Display {
        let clock = c.environment.clock
        if dryRun {
            let due = try c.store.remindersToRing(at: clock.now, clock: clock)
            return due.isEmpty ? Display() : Display(screen: .reminders(due))
        }
        let environment = c.environment
        var shown: Display?
        let rang = try c.change { store, journal in
            try store.ringReminders(at: clock.now, clock: clock, realNow: environment.realNow(), journaled: journal) { rang in
                var display = Display(screen: .reminders(rang))
                if notifies { display.notice = Remind.notifyAll(rang, environment.labeler) }
                guard let announce = environment.announce else {
                    shown = display
                    return
                }
                try announce(Remind.spec.name, display)
                display.announced = true
                shown = display
            }
        }
        guard !rang.isEmpty, let shown else { return Display() }
        return shown
    }

    /// Hands each to notify-send; the line saying why not, when it could not.
    static func notifyAll(_ rang: [RangReminder], _ labeler: DayLabeler) -> String? {
        guard let program = DesktopNotifier.find() else {
            return "remind: notify-send is not installed (Debian: apt install libnotify-bin); the reminders are printed only"
        }
        for one in rang {
            if let failure = DesktopNotifier.send(program, title: one.item.title, body: Remind.about(one, labeler: labeler)) {
                return "remind: " + failure
            }
        }
        return nil
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
