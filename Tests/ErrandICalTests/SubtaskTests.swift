import ErrandDomain
import ErrandICal
import Foundation
import Testing

/// Subtasks as RELATED-TO: tasks.org's `RELTYPE=PARENT`, Nextcloud Tasks' RELATED-TO without
/// RELTYPE (a parent, RFC 5545), a parent's `RELTYPE=CHILD` across one file; written as
/// `RELATED-TO;RELTYPE=PARENT` only when the item moved, every other line as it came.
@Suite struct SubtaskTests {
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    var reader: VTodoReader { VTodoReader(zoneName: "Europe/Berlin", now: now) }

    func items(_ name: String) throws -> [TodoItem] {
        try reader.read(try ClientCorpus.text(name), newID: UUID.init).items
    }

    func write(_ items: [TodoItem]) throws -> String {
        try #require(VTodoWriter(zoneName: "Europe/Berlin").calendar(items))
    }

    func todo(_ uid: String, _ lines: String) -> String {
        "BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:Task \(uid)\r\n" + lines.replacingOccurrences(of: "\n", with: "\r\n") + "END:VTODO\r\n"
    }

    func calendar(_ todos: String...) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + todos.joined() + "END:VCALENDAR\r\n"
    }

    @Test func theClientsSubtasksNameTheirParent() throws {
        let fence = try #require(try items("nextcloud-tasks-subtask.ics").first)
        #expect(fence.parent == "5c4b3a29-1807-4f6e-9d5c-4b3a29180700")
        let charger = try #require(try items("tasks-org-subtask-done.ics").first)
        #expect(charger.parent == "8812739012345678901")
        #expect(try items("nextcloud-tasks-parent.ics").first?.parent == nil)
    }

    @Test func onlyAParentRelationIsTheParent() throws {
        let text = calendar(todo("a", "RELATED-TO;RELTYPE=SIBLING:x\nRELATED-TO;RELTYPE=parent:p\n"),
                            todo("b", "RELATED-TO;RELTYPE=SIBLING:x\n"),
                            todo("c", "RELATED-TO;X-ODD=\"a:b\";RELTYPE=PARENT:q\n"))
        let read = try reader.read(text, newID: UUID.init).items
        #expect(read.map(\.parent) == ["p", nil, "q"])
    }

    @Test func aParentsChildLinesGiveTheChildItsParentInOneFile() throws {
        let text = calendar(todo("p", "RELATED-TO;RELTYPE=CHILD:c1\nRELATED-TO;RELTYPE=CHILD:c2\n"),
                            todo("c1", ""), todo("c2", "RELATED-TO;RELTYPE=PARENT:other\n"))
        let read = try reader.read(text, newID: UUID.init).items
        // The child's own parent line wins over another's CHILD line.
        #expect(read.map(\.parent) == [nil, "p", "other"])
    }

    @Test func aParentErrandCannotHoldCostsOnlyThatField() throws {
        let long = String(repeating: "u", count: TodoItem.maxUID + 1)
        let item = try #require(try reader.read(calendar(todo("a", "RELATED-TO:\(long)\nPRIORITY:2\n")), newID: UUID.init).items.first)
        #expect(item.parent == nil && item.fields[.priority] == .number(2))
        #expect(item.damage?.contains("RELATED-TO not read") == true)
        // Its line goes back as it came.
        #expect(try write([item]).contains("RELATED-TO:\(long.prefix(60))"))
    }

    @Test func anUnmovedSubtaskGoesBackByteForByte() throws {
        let text = try ClientCorpus.text("nextcloud-tasks-subtask.ics")
        var item = try #require(try reader.read(text, newID: UUID.init).items.first)
        #expect(ClientCorpus.todoLines(try write([item])) == ClientCorpus.todoLines(text))
        // Another field edited: the RELATED-TO line is the client's still, byte for byte.
        item.title = "Paint the fence white"
        item.modified = now
        let out = try write([item])
        #expect(out.contains("\r\nRELATED-TO:5c4b3a29-1807-4f6e-9d5c-4b3a29180700\r\n"))
        #expect(!out.contains("RELTYPE"))
    }

    @Test func aMovedSubtaskGetsOneParentLineAndKeepsItsOtherRelations() throws {
        let text = calendar(todo("a", "RELATED-TO;RELTYPE=SIBLING:x\nRELATED-TO:old\nX-KEEP:1\n"))
        var item = try #require(try reader.read(text, newID: UUID.init).items.first)
        item.parent = "new,parent"
        item.modified = now
        let out = try write([item])
        #expect(out.contains("RELATED-TO;RELTYPE=SIBLING:x\r\nRELATED-TO;RELTYPE=PARENT:new\\,parent\r\nX-KEEP:1\r\n"))
        #expect(!out.contains("RELATED-TO:old"))
        #expect(try reader.read(out, newID: UUID.init).items.first?.parent == "new,parent")
        item.parent = nil
        let top = try write([item])
        #expect(!top.contains("RELTYPE=PARENT") && top.contains("RELATED-TO;RELTYPE=SIBLING:x\r\n"))
    }

    @Test func aSubtaskMadeHereIsWrittenWithItsParent() throws {
        var item = TodoItem(id: UUID(), title: "Balloons", due: DueDay(year: 2026, month: 12, day: 5), created: now)
        item.parent = "party-uid"
        let out = try write([item])
        #expect(out.contains("\r\nRELATED-TO;RELTYPE=PARENT:party-uid\r\n"))
        #expect(try reader.read(out, newID: UUID.init).items.first?.parent == "party-uid")
    }

    /// A cycle in a file is read as written: which items show at the top level is the list's
    /// to decide, and nothing is lost.
    @Test func aCycleIsReadAsWritten() throws {
        let text = calendar(todo("a", "RELATED-TO:b\n"), todo("b", "RELATED-TO:a\n"), todo("c", "RELATED-TO:c\n"))
        let read = try reader.read(text, newID: UUID.init).items
        #expect(read.map(\.parent) == ["b", "a", "c"])
    }
}
