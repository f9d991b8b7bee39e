import ErrandDomain
import ErrandICal
import ErrandCalendarWire
import Foundation
import Testing

/// Priority and tags (the declared fields) as PRIORITY and CATEGORIES: read from any client's
/// form, written as one line each, and a server's bad value costs the item nothing else.
@Suite struct DeclaredFieldTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)

    func one(_ lines: [String]) throws -> TodoItem {
        let text = ICalText.calendar(ICalText.todo(["UID:x", "DTSTAMP:20261120T100000Z", "SUMMARY:Post office",
                                                    "DUE;VALUE=DATE:20261202"] + lines))
        return try #require(try VTodoReader(zoneName: "UTC", now: now).read(text, newID: UUID.init).items.first)
    }

    func write(_ item: TodoItem) throws -> String {
        try #require(VTodoWriter(zoneName: "UTC").calendar([item]))
    }

    @Test func priorityAndTagsAreRead() throws {
        let item = try one(["PRIORITY:3", "CATEGORIES:home,errands"])
        #expect(item.priority == 3)
        #expect(item.tags == ["home", "errands"])
        #expect(item.damage == nil)
        // Split over lines (as libical wrote them for Errand before): the same tags.
        #expect(try one(["CATEGORIES:home", "CATEGORIES:errands,Home"]).tags == ["home", "errands"])
        #expect(try one(["PRIORITY:0"]).priority == nil)
    }

    @Test func aTagChangeWritesOneLineInPlaceAndLeavesPriorityAlone() throws {
        var item = try one(["PRIORITY:0", "CATEGORIES:home", "CATEGORIES:errands", "X-AFTER:1"])
        item.tags = ["home", "errands", "post"]
        item.modified = now
        let out = try write(item)
        #expect(out.contains("\r\nDUE;VALUE=DATE:20261202\r\nPRIORITY:0\r\nCATEGORIES:home,errands,post\r\nX-AFTER:1\r\n"))
        #expect(out.components(separatedBy: "CATEGORIES").count == 2)
        item.tags = []
        #expect(!(try write(item)).contains("CATEGORIES"))
    }

    @Test func anItemMadeHereWritesItsFields() throws {
        var item = TodoItem(id: UUID(), title: "new", due: nil, created: now)
        item.priority = 1
        item.tags = ["work", "été"]
        let out = try write(item)
        #expect(out.contains("\r\nPRIORITY:1\r\n"))
        #expect(out.contains("\r\nCATEGORIES:work,été\r\n"))
        let back = try #require(try VTodoReader(zoneName: "UTC", now: now).read(out, newID: UUID.init).items.first)
        #expect(back.priority == 1 && back.tags == ["work", "été"])
    }

    @Test func aLongCategoriesLineIsFoldedWithinACharacterBoundary() throws {
        var item = try one([])
        item.tags = (0..<12).map { "étiquette\($0)" }
        item.modified = now
        let out = try write(item)
        for physical in out.components(separatedBy: "\r\n") { #expect(physical.utf8.count <= 75, "\(physical)") }
        let back = try #require(try VTodoReader(zoneName: "UTC", now: now).read(out, newID: UUID.init).items.first)
        #expect(back.tags == item.tags)
    }

    /// A server's PRIORITY:-3: one line naming the field and the limit; the title, day and
    /// tags stay; the line goes back as it came.
    @Test func aBadPriorityCostsOnlyThePriority() throws {
        let item = try one(["PRIORITY:-3", "CATEGORIES:home"])
        #expect(item.priority == nil)
        #expect(item.title == "Post office" && item.due == DueDay(year: 2026, month: 12, day: 2) && item.tags == ["home"])
        let reason = try #require(item.damage)
        #expect(reason == "PRIORITY not read: the priority must be 1 to 9: got -3")
        #expect(try write(item).contains("\r\nPRIORITY:-3\r\n"))
    }

    @Test func tenThousandCategoriesCostOnlyTheTags() throws {
        let many = "CATEGORIES:" + (0..<10_000).map { "t\($0)" }.joined(separator: ",")
        let item = try one(["PRIORITY:2", many])
        #expect(item.tags.isEmpty)
        #expect(item.priority == 2 && item.title == "Post office")
        #expect(item.damage == "CATEGORIES not read: an item holds at most \(ItemField.maxTags) tags: this one has more")
    }

    /// The reason crosses from errand-ical to errand with the item.
    @Test func theReasonCrossesTheWire() throws {
        let item = try one(["PRIORITY:12"])
        let back = try CalendarWire.decode(CalendarWire.encode(CalendarWire.Batch(items: [item])), newID: { item.id })
        #expect(back.items.first?.damage == item.damage)
        #expect(item.damage?.contains("1 to 9") == true)
    }
}
