import ErrandTestSupport
import Foundation
import Testing

/// Issue 40: a mistyped `--store` is refused in one line, not made as a new, empty list;
/// `--create` makes it; the default store is still made on first use.
@Suite(.tags(.process), .fullLane) struct StoreFolderTests {
    @Test func aStoreInAFolderThatDoesNotExistIsRefusedUnlessCreated() throws {
        let dir = NSTemporaryDirectory() + "errand-folder-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let typo = dir + "/typo/errand.sqlite"
        for arguments in [["-c", "list"], ["remind"]] {
            let (status, out, err) = try ChildProcess.run(["--store", typo] + arguments)
            #expect(status == 3 && out.isEmpty)
            #expect(err == "errand: no store at \(typo): its folder \(dir)/typo does not exist "
                + "(errand --store \(typo) --create makes one)\n")
            #expect(!FileManager.default.fileExists(atPath: dir + "/typo"))
        }
        let made = try ChildProcess.run(["--store", typo, "--create", "-c", "create Bread"])
        #expect(made.0 == 0 && FileManager.default.fileExists(atPath: typo), "\(made.2)")
        let again = try ChildProcess.run(["--store", typo, "-c", "list"])
        #expect(again.0 == 0 && again.1.contains("Bread"))
        // The default store, under XDG_DATA_HOME, is made on first use as before.
        let fresh = try ChildProcess.run(["-c", "list"], environment: ["XDG_DATA_HOME": dir + "/data", "HOME": dir])
        #expect(fresh.0 == 0 && FileManager.default.fileExists(atPath: dir + "/data/errand/errand.sqlite"), "\(fresh.2)")
    }
}
