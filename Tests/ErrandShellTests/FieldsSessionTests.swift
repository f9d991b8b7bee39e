import ErrandDomain
import ErrandShell
import ErrandStorage
import Foundation
import Testing

/// Priority and tags through the shell, as a person types them: options made from the field
/// declarations, `tag` on several rows (all or none, one undo), `tags`, `find #tag`.
@Suite struct FieldsSessionTests {
    @Test(arguments: ["sqlite", "plist"])
    func createAndEditTakePriorityAndTags(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pay rent --priority high --tag money --tag #home")
        t.given("create Call mum --tag family,home")
        t.given("create Buy milk --priority 9")
        #expect(try t.item(1).priority == 1 && t.item(1).tags == ["money", "home"])
        #expect(try t.item(2).tags == ["family", "home"])
        #expect(try t.item(3).priority == 9)
        // Within the day: by priority, then as added.
        #expect(t.said("list") == [
            "All items", "To do",
            "  1  Sun Nov 29    !!! Pay rent #money #home",
            "  2  Sun Nov 29    !   Buy milk",
            "  3  Sun Nov 29        Call mum #family #home",
        ])
        t.given("edit 1 --priority medium --tag rent")
        #expect(try t.item(1).priority == 5 && t.item(1).tags == ["rent"])
        t.given("list")
        t.given("edit 1 --no-priority --no-tags")
        #expect(try t.item(1).priority == nil && t.item(1).tags.isEmpty)
        #expect(t.said("edit 1 --priority 5 --no-priority")
            == ["error: edit: --priority and --no-priority cannot go together"])
        #expect(t.said("create X --priority 0") == ["error: create: the priority is high, medium, low or 1 to 9: got \"0\""])
        #expect(t.said("create X --priority urgent")
            == ["error: create: the priority is high, medium, low or 1 to 9: got \"urgent\""])
        #expect(t.said("create X --tag \"\(String(repeating: "t", count: 500))\"").first?
            .hasPrefix("error: a tag is at most 100 characters") == true)
        #expect(t.said("create X --priority 5 --priority 6") == ["error: create: --priority given twice"])
        #expect(try t.store.counts().total == 3)
    }

    @Test(arguments: ["sqlite", "plist"])
    func tagChangesSeveralRowsAtOnceAndUndoesAsOne(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pay rent --tag money --tag home")
        t.given("create Call mum --tag home")
        t.given("create Plain")
        t.given("list")
        #expect(t.said("tag 1-3 urgent -HOME") == [
            "tagged 3 items: +urgent -HOME",
            "All items", "To do",
            "  1  Sun Nov 29    Pay rent #money #urgent",
            "  2  Sun Nov 29    Call mum #urgent",
            "  3  Sun Nov 29    Plain #urgent",
        ])
        #expect(t.said("tags") == ["Tags", "  1  #urgent  3 open", "  2  #money   1 open"])
        #expect(t.said("open 2").prefix(2) == ["Found \"#money\"", "To do"])
        t.given("undo")
        #expect(try t.item(1).tags == ["money", "home"])
        #expect(try t.item(2).tags == ["home"])
        #expect(try t.item(3).tags.isEmpty)
        // All or nothing: one row over the limit stops every row.
        t.given("list")
        let many = (1...100).map { "t\($0)" }.joined(separator: " ")
        #expect(t.said("tag 1 3 \(many)") == ["error: tag: an item holds at most 100 tags: got 102"])
        #expect(try t.item(3).tags.isEmpty)
        #expect(t.said("tag 3 -nothing") == ["nothing to change: \"Plain\" already has these tags"])
        #expect(t.said("tag 1 -") == ["error: tag: \"-\" holds no tag"])
    }

    @Test(arguments: ["sqlite", "plist"])
    func findTakesTagsBesideWords(_ backend: String) throws {
        let t = try ShellTester(backend: backend)
        t.given("create Pay rent --tag Money")
        t.given("create Pay tax --tag argent,money")
        t.given("create Pay back")
        t.given("create École --tag école")
        #expect(t.said("find #money").dropFirst(2) == ["  1  Sun Nov 29    Pay rent #Money", "  2  Sun Nov 29    Pay tax #argent #money"])
        #expect(t.said("find pay #ARGENT").dropFirst(2) == ["  1  Sun Nov 29    Pay tax #argent #money"])
        #expect(t.said("find #ecole").dropFirst(2) == ["  1  Sun Nov 29    École #école"])
        #expect(t.said("find #mon") == ["nothing found for \"#mon\""])
    }
}
