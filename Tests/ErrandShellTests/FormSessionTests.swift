import ErrandDomain
@testable import ErrandShell
import Testing

/// The create and edit forms as a person answers them (issue 27, item 9): each field checked as
/// it is answered and asked again with the reason, Tab and history of the field's own, the
/// repeat asked, `none` for no date.
@Suite struct FormSessionTests {
    /// `create` answered through the form: the lines said, the form left as the screen.
    func created(_ t: ShellTester, _ said: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        t.send("create", said, { session in
            session.tab = .create
            session.stacks[.create] = [.createForm]
        }, sourceLocation: sourceLocation)
    }

    static let bad = "cannot read the date \"dec 33\": try YYYY-MM-DD, today, tomorrow, yesterday, a weekday, +3d, +2w or dec 1; or none for no date"

    @Test func aBadDateIsAskedAgainWithTheReasonAndTheOtherAnswersStay() throws {
        let answers = ScriptedPrompter(["Dentist", "dec 33", "dec 3 10:00", "Clinic", "", "bring card", "", "", "", ""])
        let t = try ShellTester(prompter: answers)
        created(t, ["created \"Dentist\" for Thu Dec 3 2026 at 10:00"])
        #expect(answers.questions == ["Title: ", "Date [today]: ", "Date [today]: ", "Place (optional): ",
                                      "Coordinates LAT,LON (optional): ", "Notes (optional): ", "Repeat (optional): ", "Priority (optional): ", "Tags (optional): ",
                                      "Starts (optional): "])
        #expect(answers.told == [Self.bad])
        // Asked again with the refused answer in the line, to fix rather than retype.
        #expect(answers.initials[2] == "dec 33")
        let saved = try t.item(1)
        #expect(saved.title == "Dentist" && saved.notes == "bring card" && saved.location == Location(name: "Clinic"))
    }

    @Test func anEmptyTitleIsRefusedAtOnceNotFourFieldsLater() throws {
        let answers = ScriptedPrompter(["  ", "Call mum", "", "", "", "", "", "", ""])
        let t = try ShellTester(prompter: answers)
        t.given("create")
        #expect(answers.questions.prefix(3) == ["Title: ", "Title: ", "Date [today]: "])
        #expect(answers.told == ["an item needs a title"])
        #expect(try t.item(1).title == "Call mum")
    }

    @Test func badCoordinatesAndABadRepeatAreAskedAgain() throws {
        let answers = ScriptedPrompter(["Run", "", "Parc", "95,2", "48.85,2.35", "", "fortnight", "2 weeks", "", "", "", "", ""])
        let t = try ShellTester(prompter: answers)
        created(t, ["created \"Run\" for Sun Nov 29 2026, every 2 weeks"])
        #expect(answers.told.count == 2)
        #expect(answers.told.first?.hasPrefix("invalid coordinates \"95,2\"") == true)
        #expect(answers.told.last == "create: --every needs day, weekday, week, month, year, a number of them (2 weeks) or a day in words (2nd tuesday, last friday, 15th, mon,wed,fri), not \"fortnight\"")
        let saved = try t.item(1)
        #expect(saved.location?.coordinate == (try Coordinate(latitude: 48.85, longitude: 2.35)))
        #expect(saved.repeats == Repeat(text: "2 weeks", from: ShellTester.today))
    }

    @Test func noneIsAnItemWithoutADateAndItIsNotAskedARepeat() throws {
        let answers = ScriptedPrompter(["Someday", "None", "", "", "", "", ""])
        let t = try ShellTester(prompter: answers)
        created(t, ["created \"Someday\" without a date"])
        #expect(answers.questions == ["Title: ", "Date [today]: ", "Place (optional): ", "Notes (optional): ", "Priority (optional): ", "Tags (optional): ",
                                      "Starts (optional): "])
        #expect(try t.item(1).due == nil)
    }

    @Test func tabOffersWhatFitsTheFieldAndEachFieldHasItsOwnHistory() throws {
        let answers = ScriptedPrompter(["Dentist", "", "Clinique du Parc", "", "", "", "", "", ""])
        let t = try ShellTester(prompter: answers)
        t.given("create Check-up --at \"Clinique du Parc\" --coords 48.85,2.35")
        t.given("create")
        #expect(answers.asked.map(\.history) == ["title", "date", "at", "coords", "notes", "every", "priority", "tag", "start"])
        // Title: nothing to offer (before, every command name).
        #expect(answers.tab(0, "").isEmpty)
        // Date: date words and `none`, never command names.
        let dates = answers.tab(1, "")
        #expect(dates.contains("tomorrow") && dates.contains("none") && dates.contains("2026-11-30"))
        #expect(!dates.contains("create") && !dates.contains("edit"))
        #expect(answers.tab(1, "tom") == ["tomorrow"])
        #expect(answers.tab(1, "no") == ["none"])
        // Place: the places already located, unquoted (a form's answer is never split).
        #expect(answers.tab(2, "clin") == ["Clinique du Parc"])
        #expect(answers.tab(5, "2") == ["2 weeks", "2nd tuesday"])
        // The command completer still quotes them on a command line.
        let line = Completer(table: t.interpreter.table, session: t.interpreter.session,
                             environment: t.interpreter.environment).complete("create X --at Cli")
        #expect(line.candidates.map(\.insert) == ["\"Clinique du Parc\""])
    }

    @Test func editTakesNoneForTheDateAndThenAsksNoTimeOrRepeat() throws {
        let answers = ScriptedPrompter([])
        let t = try ShellTester(prompter: answers)
        t.given("create Water plants --date tomorrow 09:00 --every week")
        t.given("list")
        answers.load(["Water plants", "none", "", "", "", "", "", ""])
        t.given("edit 1")
        #expect(answers.questions == ["Title: ", "Date (optional): ", "Place (optional): ", "Notes (optional): ", "Priority (optional): ", "Tags (optional): ",
                                      "Starts (optional): "])
        let saved = try t.item(1)
        #expect(saved.due == nil && saved.time == nil && saved.repeats == nil)
        // A bad time in edit is asked again; a repeat left as it was stays as it was.
        t.given("create Bins --date tomorrow --every week --after-done")
        t.given("list")
        answers.load(["Bins", "2026-11-30", "25:00", "19:00", "", "", "week", "", "", ""])
        t.given("edit 1")
        #expect(answers.told == ["edit: --time needs a 24-hour time HH:MM, not \"25:00\""])
        #expect(answers.initials.dropLast(3).last == "week")
        let bins = try t.item(2)
        #expect(bins.time == TimeOfDay(text: "19:00") && bins.repeats?.afterDone == true)
    }

    @Test func editOffersANewPlaceNoneOfTheOldCoordinates() throws {
        let answers = ScriptedPrompter([])
        let t = try ShellTester(prompter: answers)
        t.given("create Dentist --date tomorrow --at Clinic --coords 48.85,2.35")
        t.given("list")
        answers.load(["Dentist", "2026-11-30", "", "Other clinic", "", "", "", "", "", ""])
        t.given("edit 1")
        #expect(answers.initials == ["Dentist", "2026-11-30", "", "Clinic", "", "", "", "", "", ""])
        #expect(try t.item(1).location == Location(name: "Other clinic"))
    }

    /// Issue 42: a repeat answered in the form is followed by how many times and until when
    /// (asked only then); edit offers a rich rule's current ending and passes on only a change.
    @Test func theFormAsksARepeatsEndingOnlyOfARepeat() throws {
        let answers = ScriptedPrompter(["Rent", "dec 8", "", "", "2nd tuesday", "5", "", "", "", ""])
        let t = try ShellTester(prompter: answers)
        created(t, ["created \"Rent\" for Tue Dec 8 2026, on the 2nd Tuesday of each month, 5 times"])
        #expect(answers.questions == ["Title: ", "Date [today]: ", "Place (optional): ", "Notes (optional): ", "Repeat (optional): ",
                                      "Times in all (optional): ", "Until (optional): ", "Priority (optional): ", "Tags (optional): ",
                                      "Starts (optional): "])
        t.given("list")
        answers.load(["Rent", "2026-12-08", "", "", "", "", "3", "", "", "", ""])
        t.given("edit 1")
        #expect(answers.initials.contains("5") && answers.questions.contains("Times in all (optional): "))
        #expect(try t.item(1).repeats?.rule?.count == 3 && t.item(1).repeats?.rule?.parts["BYDAY"] == "2TU")
        // Left as offered, an ending changes nothing.
        answers.load(["Rent", "2026-12-08", "", "", "", "", "3", "", "", "", ""])
        let before = try t.item(1)
        t.given("edit 1")
        #expect(try t.item(1).repeats == before.repeats)
    }
}
