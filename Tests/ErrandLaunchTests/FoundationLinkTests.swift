import ErrandTestSupport
import Foundation
import Testing

/// errand links FoundationEssentials only: the full Foundation brings ICU (38 MB of data, and
/// its start-up cost). One `import Foundation` in any module errand links is enough to bring it
/// back, which nothing else would notice; the dynamic debug build names what it links.
@Suite struct FoundationLinkTests {
    @Test func errandNeedsNeitherFoundationNorICU() throws {
        let path = try ChildProcess.built()
        let binary = try Data(contentsOf: URL(fileURLWithPath: path))
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            // A NEEDED entry is the name between two NULs in the dynamic string table.
            let needed = Data([0] + Array(library.utf8) + [0])
            #expect(binary.range(of: needed) == nil, "errand links \(library): a module errand links imports Foundation")
        }
    }
}
