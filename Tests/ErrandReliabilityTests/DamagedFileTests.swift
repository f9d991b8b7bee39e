import ErrandDomain
import ErrandStorage
import ErrandTestSupport
import Foundation
import Testing

/// Damage that needs a real process: a read-only file seen by an ordinary user, a full disk,
/// a truncated SQLite file. One clear line each, the documented status, the file unchanged.
@Suite(.serialized, .tags(.process), .fullLane) struct DamagedFileTests {
    let dir = NSTemporaryDirectory() + "errand-damage-" + UUID().uuidString

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
    }

    func populated(_ name: String, items: Int) throws -> String {
        let path = dir + "/" + name
        let store = try StoreOpener.open(path: path, backend: StoreBackend(forPath: path))
        for i in 0..<items {
            _ = try store.add(TodoItem(id: UUID(), title: "item \(i) " + String(repeating: "x", count: 200),
                                       due: DueDay(dayNumber: 20_000 + i % 30), created: Date()))
        }
        store.close()
        return path
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func run(_ command: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.environment = ["ERRAND_TODAY": "2026-11-29", "HOME": "/tmp", "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// Issue 28, item 11: a store the user may only read could not even be viewed (rc 3). It
    /// is opened read-only now: viewed and listed, every change refused in one line naming the
    /// file, nothing written beside it (the folder is not nobody's to write either).
    @Test(arguments: ["s.sqlite", "s.plist"])
    func aReadOnlyStoreIsViewedAndOnlyItsChangesRefused(_ name: String) throws {
        let executable = try ChildProcess.built()
        let path = try populated(name, items: 3)
        chmod(path, 0o444)
        let before = try bytes(path)
        let beside = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        // setpriv drops to nobody, for whom the permission bits hold (root ignores them).
        let asNobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", executable, "--store", path, "-c"]
        let (viewed, shown, viewError) = try Self.run(asNobody + ["list"])
        #expect(viewed == 0, "\(viewError)")
        #expect(viewError == "")
        #expect(shown.contains("item 0") && shown.contains("item 2"), "\(shown)")
        for change in ["create one more", "check 1"] {
            let (status, out, err) = try Self.run(asNobody + ["list", "-c", change])
            #expect(status == 1, "\(change): \(err)")
            #expect(out.contains("item 1"), "\(change): \(out)")
            #expect(err == "-c:2: \(path): the store is read-only; nothing was changed\n", "\(change): \(err)")
        }
        #expect(try bytes(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == beside)
    }

    /// A real full disk: a small tmpfs (CI runs as root), filled up before the command.
    @Test(arguments: ["s.sqlite", "s.plist"])
    func aFullDiskFailsTheCommandAndKeepsTheStore(_ name: String) throws {
        let executable = try ChildProcess.built()
        let mountPoint = dir + "/small-disk"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let (mounted, _, why) = try Self.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mountPoint])
        try #require(mounted == 0, "cannot mount a small tmpfs here (needs root): \(why)")
        defer { _ = try? Self.run(["umount", mountPoint]) }
        let path = mountPoint + "/" + name
        let store = try StoreOpener.open(path: path, backend: StoreBackend(forPath: path))
        for i in 0..<40 {
            _ = try store.add(TodoItem(id: UUID(), title: "item \(i)", due: DueDay(dayNumber: 20_000), created: Date()))
        }
        store.close()
        let before = try bytes(path)
        // Fill what is left of the disk.
        _ = try Self.run(["dd", "if=/dev/zero", "of=\(mountPoint)/filler", "bs=4k", "count=2000"])
        let notes = String(repeating: "n", count: 9_000)
        let (status, _, err) = try Self.run([executable, "--store", path, "-c", "create one more --notes \(notes)"])
        // SQLite cannot even open (its shared-memory file needs room): 3; the plist fails the write: 1.
        #expect(status == (name.hasSuffix(".sqlite") ? 3 : 1))
        let lines = err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("no space left to write") == true, "\(err.prefix(300))")
        #expect(try bytes(path) == before)
        _ = try Self.run(["rm", "-f", "\(mountPoint)/filler"])
        let reopened = try StoreOpener.open(path: path, backend: StoreBackend(forPath: path))
        #expect(try reopened.counts().toDo == 40)
        reopened.close()
    }

    @Test func aTruncatedSQLiteStoreSaysItIsDamagedAndIsLeftAlone() throws {
        let executable = try ChildProcess.built()
        let path = try populated("t.sqlite", items: 400)
        let whole = try bytes(path)
        let half = whole.prefix(whole.count / 2)
        try half.write(to: URL(fileURLWithPath: path))
        let (status, _, err) = try Self.run([executable, "--store", path, "-c", "list"])
        #expect(status != 0)
        #expect(err.split(separator: "\n").count == 1)
        #expect(err.contains(path))
        #expect(try bytes(path) == Data(half))
    }

    /// A 150 KB XML plist nested 10,000 deep ended both commands in SIGSEGV (issue 28): the
    /// parser recursed once per level. One line each now, the file unchanged.
    @Test func aDeeplyNestedPlistIsRefusedAsAStoreAndAsAnImport() throws {
        let executable = try ChildProcess.built()
        let deep = dir + "/deep.plist"
        let nested = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">"
            + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000) + "</plist>\n"
        try Data(nested.utf8).write(to: URL(fileURLWithPath: deep))
        let before = try bytes(deep)
        let (opened, _, openError) = try Self.run([executable, "--store", deep, "-c", "list"])
        #expect(opened == 3, "\(openError)")
        #expect(openError == "errand: \(deep): not an Errand store (nested more than 64 deep); the file was left untouched\n")
        let store = try populated("s.sqlite", items: 1)
        let (imported, _, importError) = try Self.run([executable, "--store", store, "-c", "import \(deep)"])
        #expect(imported == 1, "\(importError)")
        #expect(importError.split(separator: "\n").count == 1)
        #expect(importError.contains("\(deep): a property list nested more than 64 deep"), "\(importError)")
        #expect(try bytes(deep) == before)
    }
}
