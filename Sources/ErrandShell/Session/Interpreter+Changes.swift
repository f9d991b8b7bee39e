import ErrandDomain
import ErrandStorage
import Foundation

/// Commands that change the store; each records how to undo itself.
extension Interpreter {
    func create(_ command: ParsedCommand, _ s: inout Session) throws -> Display {
        s.tab = .create
        s.stack = [.createForm]
        let fields: CreateForm.Fields
        if let title = command[argument: "TITLE"] {
            fields = CreateForm.Fields(title: title, date: command[option: "date"], place: command[option: "at"],
                                       coords: command[option: "coords"], notes: command[option: "notes"])
        } else if let prompter = environment.prompter {
            guard let asked = CreateForm.ask(prompter) else { return Display(message: "cancelled; nothing was saved") }
            fields = asked
        } else {
            return Display(screen: .form(CreateForm.hint))
        }
        let item = try fields.item(id: environment.newID(), clock: environment.clock)
        let added = try environment.store.add(item)
        remember(.created(added), &s)
        let when = environment.labeler.longLabel(added.due) + (added.time.map { " at \($0)" } ?? "")
        return Display(message: "created \"\(added.title)\" for \(when)")
    }

    func swipe(_ listed: TodoItem, _ s: inout Session) throws -> Display {
        let deleted = try environment.store.delete(id: listed.id, expecting: listed)
        remember(.deleted(deleted), &s)
        return try refresh(&s, message: "deleted \"\(deleted.title)\" (\(environment.labeler.label(deleted.due)))")
    }

    func move(_ done: Bool, _ listed: TodoItem, _ s: inout Session) throws -> Display {
        let moved = try environment.store.setDone(done, id: listed.id, expecting: listed)
        remember(.moved(before: listed), &s)
        return try refresh(&s, message: done ? "checked \"\(moved.title)\": moved to Done"
                                             : "unchecked \"\(moved.title)\": back in To do")
    }

    func clear(_ command: ParsedCommand, _ s: inout Session) throws -> Display {
        let count = try environment.store.counts().total
        guard count > 0 else { return Display(message: "nothing to clear: the list is empty") }
        if !command.flag("yes") {
            guard let prompter = environment.prompter else {
                throw ShellError.usage("clear: removes all \(Plural.items(count)); in a script say clear --yes")
            }
            let answer = prompter.ask("Remove all \(Plural.items(count))? [y/N] ")?.lowercased()
            guard answer == "y" || answer == "yes" else { return Display(message: "kept everything") }
        }
        let removed = try environment.store.removeAll()
        remember(.cleared(removed), &s)
        return try refresh(&s, message: "removed \(Plural.items(removed.count)) (undo brings them back)")
    }

    func importItems(_ command: ParsedCommand, _ s: inout Session) throws -> Display {
        let name = command[argument: "FILE"] ?? ""
        let parsed = try naming(name) {
            try ItemImporter.read(path: $0, clock: environment.clock, newID: environment.newID)
        }
        let outcome = try environment.store.importItems(parsed.items)
        if !outcome.added.isEmpty { remember(.imported(outcome.added.map(\.id)), &s) }
        let skipped = outcome.skipped == 0 ? "" : ", skipped \(outcome.skipped) already on the list"
        return try refresh(&s, message: "imported \(Plural.items(outcome.added.count)) from \(name) (\(parsed.format.rawValue))\(skipped)")
    }

    func export(_ command: ParsedCommand) throws -> Display {
        let name = command[argument: "FILE"] ?? ""
        let items = try environment.store.allItems()
        let format = try naming(name) { try ItemExporter.write(items, to: $0, clock: environment.clock) }
        return Display(message: "exported \(Plural.items(items.count)) to \(name) (\(format.rawValue))")
    }

    func undo(_ s: inout Session) throws -> Display {
        guard let entry = s.undo.last else { throw ShellError.usage("undo: nothing to undo in this session") }
        let store = environment.store
        switch entry {
        case let .created(item): try store.delete(ids: [item.id])
        case let .deleted(item): try store.restore([item])
        case let .moved(before): try store.restore([before])
        case let .cleared(items): try store.restore(items)
        case let .imported(ids): try store.delete(ids: ids)
        }
        s.undo.removeLast()
        return try refresh(&s, message: "undid the \(entry.summary)")
    }

    /// Runs `body` on the resolved path; errors name the file as the user typed it.
    func naming<T>(_ typed: String, _ body: (String) throws -> T) throws -> T {
        let resolved = environment.resolve(path: typed)
        do {
            return try body(resolved)
        } catch let error as StoreError {
            throw ShellError.failed(error.description.replacingOccurrences(of: resolved, with: typed))
        }
    }

    func remember(_ entry: UndoEntry, _ s: inout Session) {
        s.undo.append(entry)
    }
}
