import FoundationEssentials

extension ShellEnvironment {
    /// A moment as the shell names it everywhere (`Mon Nov 30 09:47`): the day as the lists
    /// label it, then the local time.
    func moment(_ time: Date) -> String {
        labeler.label(clock.day(of: time)) + " " + (clock.time(of: time).map(\.description) ?? "00:00")
    }
}
