import ErrandStorage

/// `import FILE`: items from either app's property list; duplicates are skipped and counted.
struct ImportItems: ShellCommand {
    static let file = ArgumentSpec("FILE", .file, help: "a property list")
    static let spec = CommandSpec("import", summary: "add items from the SwiftUI app's todos.plist or the book app's toDoItems.plist",
                                  arguments: [file]) { ImportItems(name: try $0.requiredText(file)) }

    let name: String

    func run(_ c: inout CommandContext) throws -> Display {
        let environment = c.environment
        let parsed = try c.naming(name) {
            try ItemImporter.read(path: $0, clock: environment.clock, newID: environment.newID)
        }
        let outcome = try c.change { try $0.importItems(parsed.items) }
        let skipped = outcome.skipped == 0 ? "" : ", skipped \(outcome.skipped) already on the list"
        return try c.refresh(message: "imported \(Plural.items(outcome.added.count)) from \(name) (\(parsed.format.rawValue))\(skipped)")
    }
}
