import ErrandDomain
@testable import ErrandStorage
import Foundation
import Testing

/// The cutter that lets the apps' XML property lists be imported an entry at a time.
struct PlistElementsTests {
    func elements(_ text: String) -> [String]? {
        let data = Data(text.utf8)
        return data.withUnsafeBytes { bytes in
            PlistElements(bytes: bytes).ranges()?.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
        + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n"

    @Test func eachElementOfTheTopArrayIsCutWhole() {
        let text = Self.head + "<array>\n<dict><key>titleKey</key><string>a &lt;b&gt;</string></dict>\n"
            + "<!-- a comment with <dict> in it -->\n<dict><key>locationKey</key><dict><key>nameKey</key>"
            + "<string><![CDATA[x </dict> y]]></string></dict></dict>\n<string>loose</string><true/>\n</array>\n</plist>\n"
        #expect(elements(text) == [
            "<dict><key>titleKey</key><string>a &lt;b&gt;</string></dict>",
            "<dict><key>locationKey</key><dict><key>nameKey</key><string><![CDATA[x </dict> y]]></string></dict></dict>",
            "<string>loose</string>", "<true/>",
        ])
    }

    @Test func emptyArraysHaveNoElements() {
        #expect(elements(Self.head + "<array/>\n</plist>\n") == [])
        #expect(elements(Self.head + "<array>\n</array>\n</plist>\n") == [])
    }

    /// Anything else is left to the whole-file decoder, which names what is wrong.
    @Test(arguments: ["<dict></dict></plist>", "<array><dict></array></plist>", "<array></array>", "<array><dict>",
                      "<array></array></plist><plist>", "<array><dict></dict></array></plist>trailing<x>"])
    func otherShapesAreNotCut(_ body: String) {
        #expect(elements(Self.head + body) == nil)
    }

    /// Cut or whole, an import reads the same items and refuses a bad entry with the same line.
    @Test func aCutImportReadsWhatAWholeOneRead() throws {
        let clock = Clock.fixed(DueDay(year: 2026, month: 11, day: 29)!)
        let text = Self.head + "<array>\n<dict><key>titleKey</key><string>Milk</string><key>timestampKey</key><real>1796000000</real>"
            + "</dict>\n<dict><key>titleKey</key><string>Bread</string><key>locationKey</key><dict><key>nameKey</key>"
            + "<string>Shop</string><key>latitudeKey</key><real>48.1</real><key>longitudeKey</key><real>11.5</real></dict></dict>\n"
            + "</array>\n</plist>\n"
        var ids = (0..<4).map { _ in UUID() }.makeIterator()
        let parsed = try ItemImporter.parse(Data(text.utf8), path: "f.plist", clock: clock) { ids.next() ?? UUID() }
        #expect(parsed.format == .bookApp)
        #expect(parsed.items.map(\.title) == ["Milk", "Bread"])
        #expect(parsed.items.last?.location?.coordinate == (try Coordinate(latitude: 48.1, longitude: 11.5)))
        var whole: [TodoItem] = []
        var again = (0..<4).map { _ in UUID() }.makeIterator()
        _ = try ItemImporter.wholePlist(Data(text.utf8), path: "f.plist", clock: clock, newID: { again.next() ?? UUID() }) {
            whole.append($0)
        }
        #expect(whole.map(\.title) == parsed.items.map(\.title) && whole.map(\.due) == parsed.items.map(\.due))
        let bad = Self.head + "<array>\n<dict><key>titleKey</key><string>Milk</string></dict>\n<string>x</string>\n</array>\n</plist>\n"
        #expect(throws: StoreError.badFile(path: "f.plist", reason: "item 2 is not a dictionary")) {
            _ = try ItemImporter.parse(Data(bad.utf8), path: "f.plist", clock: clock, newID: UUID.init)
        }
        let missing = Self.head + "<array>\n<dict><key>titleKey</key><string>Milk</string></dict>\n<dict><key>x</key><true/></dict>\n</array>\n</plist>\n"
        #expect(throws: StoreError.badFile(path: "f.plist", reason: "item 2: missing titleKey")) {
            _ = try ItemImporter.parse(Data(missing.utf8), path: "f.plist", clock: clock, newID: UUID.init)
        }
    }
}

extension PlistElementsTests {
    /// A binary plist is decoded whole (about 8 times its size at its peak): up to 16 MB it
    /// imports, past that it is refused in one line naming the limit and the way round it.
    @Test func aBinaryPlistPastItsLimitIsRefusedInOneLine() throws {
        let clock = Clock.fixed(DueDay(year: 2026, month: 11, day: 29)!)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let small = try encoder.encode([["titleKey": "Milk"], ["titleKey": "Bread"]])
        #expect(try ItemImporter.parse(small, path: "b.plist", clock: clock, newID: UUID.init).items.map(\.title) == ["Milk", "Bread"])
        let large = try encoder.encode([["titleKey": String(repeating: "x", count: ItemImporter.maxWholePlistBytes)]])
        #expect(throws: StoreError.badFile(path: "b.plist", reason: "a binary property list over 16 MB (it is read whole); "
                                           + "as XML (plutil -convert xml1) up to 64 MB imports")) {
            _ = try ItemImporter.parse(large, path: "b.plist", clock: clock, newID: UUID.init)
        }
    }
}
