import ErrandHelpers
import Foundation
import Testing

/// No helper links the store: errand-fetch and errand-ical once brought SQLite in through the
/// catalogue and storage modules they barely used. The dynamic debug build names what each
/// links, as `FoundationLinkTests` reads errand's.
@Suite struct HelperLinkTests {
    func needs(_ helper: String, _ library: String) throws -> Bool {
        let binary = try Data(contentsOf: URL(fileURLWithPath: HelperPath.find(helper, unless: "UNSET_FOR_THIS_TEST")))
        // A NEEDED entry is the name between two NULs in the dynamic string table.
        return binary.range(of: Data([0] + Array(library.utf8) + [0])) != nil
    }

    @Test(arguments: ["errand-fetch", "errand-ical", "errand-picture"])
    func noHelperLinksSQLite(_ helper: String) throws {
        #expect(try !needs(helper, "libsqlite3.so.0"), "\(helper) links SQLite: a module it links depends on ErrandStorage")
    }

    @Test(arguments: ["errand-fetch", "errand-picture"])
    func theDownloadAndPictureHelpersNeedNeitherFoundationNorICU(_ helper: String) throws {
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(try !needs(helper, library), "\(helper) links \(library)")
        }
    }
}
