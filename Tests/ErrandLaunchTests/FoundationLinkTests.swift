import ErrandTestSupport
import Foundation
import Testing

/// errand links FoundationEssentials only: the full Foundation brings ICU (38 MB of data, and
/// its start-up cost). One `import Foundation` in any module errand links is enough to bring it
/// back, which nothing else would notice; the dynamic debug build names what it links.
@Suite(.tags(.process), .fullLane) struct FoundationLinkTests {
    @Test func errandNeedsNeitherFoundationNorICU() throws {
        let path = try ChildProcess.built()
        let binary = try Data(contentsOf: URL(fileURLWithPath: path))
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            // A NEEDED entry is the name between two NULs in the dynamic string table.
            let needed = Data([0] + Array(library.utf8) + [0])
            #expect(binary.range(of: needed) == nil, "errand links \(library): a module errand links imports Foundation")
        }
    }

    /// errand-ical too (issue 22): Foundation's ICU data was most of its 74 MB. libical's own
    /// ICU (the system's shared libicu) is not Swift's and stays.
    @Test func errandICalNeedsNeitherFoundationNorItsICU() throws {
        let errand = try #require(ChildProcess.executable, "errand is not built: run swift build --build-tests")
        let path = URL(fileURLWithPath: errand).deletingLastPathComponent().appendingPathComponent("errand-ical").path
        let binary = try Data(contentsOf: URL(fileURLWithPath: path))
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            let needed = Data([0] + Array(library.utf8) + [0])
            #expect(binary.range(of: needed) == nil, "errand-ical links \(library): ErrandICal or errand-ical imports Foundation")
        }
    }
}
