import ErrandStorage

/// `export FILE`: every item, as .plist (the SwiftUI app's format) or .json (every field).
struct Export: ShellCommand {
    static let file = ArgumentSpec("FILE", .file, help: "where to write")
    static let spec = CommandSpec("export", summary: "write every item to FILE: .plist (SwiftUI app format) or .json",
                                  arguments: [file]) { Export(name: try $0.requiredText(file)) }

    let name: String

    func run(_ c: inout CommandContext) throws -> Display {
        let items = try c.store.allItems()
        let clock = c.environment.clock
        let format = try c.naming(name) { try ItemExporter.write(items, to: $0, clock: clock) }
        let undated = format == .weekAppPlist ? items.filter { $0.due == nil }.count : 0
        let left = undated == 0 ? "" : "; left out \(Plural.items(undated)) without a date (the format needs one)"
        return Display(message: "exported \(Plural.items(items.count - undated)) to \(name) (\(format.rawValue))\(left)")
    }
}
