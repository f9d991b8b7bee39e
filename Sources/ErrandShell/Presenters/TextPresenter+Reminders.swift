import ErrandDomain

/// `remind`'s screen: the reminders that rang.
extension TextPresenter {
    /// `Thu Dec 3 09:30  Call mum (due Thu Dec 3 at 10:00, 30 min before)`: whole, never cut.
    func reminders(_ rang: [RangReminder]) -> [String] {
        rang.map { one in
            let at = one.moment.map { labeler.label($0.day) + " " + $0.time.description } ?? ""
            return DisplayWidth.sanitize(at + "  " + one.item.title + " (" + Remind.about(one, labeler: labeler) + ")")
        }
    }
}
