import ErrandDomain
import Foundation
import Testing

/// How lists are named and found: the main list after the remote's collection, the others
/// by the name their items carry, case and accents aside.
@Suite struct ListNamesTests {
    @Test func theMainListIsNamedAfterTheCollection() {
        #expect(ListNames.mainName(remoteURL: nil) == "local")
        #expect(ListNames.mainName(remoteURL: "http://alice@127.0.0.1:5232/alice/errands/") == "errands")
        #expect(ListNames.mainName(remoteURL: "https://cloud.example.org/remote.php/dav/calendars/me/tasks") == "tasks")
        #expect(ListNames.mainName(remoteURL: "https://dav.example.org/cal/Courses%20%C3%A0%20faire/") == "Courses à faire")
        // A server alone, before discovery chose a list, names no collection.
        #expect(ListNames.mainName(remoteURL: "https://cloud.example.org/") == "local")
        #expect(ListNames.mainName(remoteURL: "https://cloud.example.org") == "local")
        // A name that could not be a list's (a comma; control characters) falls back.
        #expect(ListNames.mainName(remoteURL: "https://h/c/a%2Cb/") == "local")
        #expect(ListNames.mainName(remoteURL: "https://h/c/%1B%5B2J/").contains("\u{1B}") == false)
        #expect(ListNames.mainName(remoteURL: "https://h/c/" + String(repeating: "x", count: 500) + "/").count == ItemField.maxListName)
    }

    @Test func aNameIsStoredOnlyForAListOtherThanTheMainOne() {
        #expect(ListNames.stored("Errands", main: "errands") == nil)
        #expect(ListNames.stored("Work", main: "errands") == "Work")
        #expect(ListNames.same("École", "ecole"))
    }

    @Test func theTermFindsTheListsItemsAndTheMainOnesWithoutAName() {
        let day = DueDay(year: 2026, month: 11, day: 29)!
        var work = TodoItem(id: UUID(), title: "Report", due: day, created: Date(timeIntervalSince1970: 0))
        work.list = "Work"
        let plain = TodoItem(id: UUID(), title: "Bread", due: day, created: Date(timeIntervalSince1970: 0))
        var named = plain
        named.list = "LOCAL"
        let main = ListNames.term("local", main: "local")
        #expect(main.matches(plain) && main.matches(named) && !main.matches(work))
        let other = ListNames.term("work", main: "local")
        #expect(other.matches(work) && !other.matches(plain))
        // Narrowed, a day's list keeps only that list's items of that day.
        let narrowed = ItemSelection.day(day).narrowed(to: other)
        #expect(narrowed.contains(work) && !narrowed.contains(plain))
        #expect(!ItemSelection.day(day.adding(days: 1)).narrowed(to: other).contains(work))
    }

    @Test func findReadsListAndTheShellMarksTheMainOne() throws {
        let day = DueDay(year: 2026, month: 11, day: 29)!
        let query = try SearchQuery.parse("list:Work is:open", today: day) { _ in day }
        #expect(query.expression.outline == "(and list:work is:open)")
        #expect(query.markingMain("work").expression.outline == "(and list:work(main) is:open)")
        #expect(throws: QuerySyntaxError.self) { try SearchQuery.parse("list:", today: day) { _ in day } }
    }
}
