/// The to-do list's meaning, from README alone: what each step does to the items, whether it
/// is refused, and what each screen holds. The differential run holds both stores to it.
struct ReferenceModel {
    private(set) var items: [ModelItem] = []
    private(set) var lastID = 0
    private var undone: [[ModelItem]] = []
    private var redone: [[ModelItem]] = []
    /// What the last undo took back, so redo can give it again with its ids.
    private var redoIDs: [Int] = []

    static let today = ModelDay.today
    /// The day whose list is open (`day D`): README's "an item without `--date` lands on
    /// that day". Another screen closes it.
    private(set) var openDay: Int?

    func item(_ id: Int) -> ModelItem? { items.first { $0.id == id } }

    /// Applies `step` (its row already read as the item `target`); false when README says the
    /// step is refused, and then nothing changes.
    mutating func apply(_ step: ModelStep, target: Int?) -> Bool {
        let before = items
        // A row is read from `list`, which closes the day.
        if step.row != nil { openDay = nil }
        let ok = change(step, target: target)
        switch step {
        case let .day(day): openDay = day
        case .list, .view, .find: openDay = nil
        default: break
        }
        guard ok else {
            items = before
            return false
        }
        switch step {
        case .undo, .redo, .find, .list, .view, .day: break
        // A command that changed nothing (`tag 1 home` on an item with #HOME) is not a
        // change: undo goes on to the one before.
        case _ where items == before: break
        default:
            undone.append(before)
            redone = []
        }
        return true
    }

    private mutating func change(_ step: ModelStep, target: Int?) -> Bool {
        switch step {
        case let .create(spec): return create(spec, under: target)
        case let .edit(_, edit):
            guard let id = target else { return false }
            return self.edit(id, edit)
        case .check:
            guard let id = target, let item = item(id), !item.done else { return false }
            check(id)
            return true
        case .uncheck:
            guard let id = target, let item = item(id), item.done else { return false }
            return reopen(item, started: false)
        case .start:
            guard let id = target, let item = item(id), !item.started else { return false }
            guard item.done else {
                var started = item
                started.started = true
                update(started)
                return true
            }
            return reopen(item, started: true)
        case .stop:
            guard let id = target, var item = item(id), item.started else { return false }
            item.started = false
            update(item)
            return true
        case .cancel:
            guard let id = target, let item = item(id), !item.cancelled else { return false }
            // Its open subtasks are given up with it; no next occurrence of a series.
            for member in subtree(of: id) {
                guard var below = self.item(member), member == id || !below.done else { continue }
                below.done = true
                below.cancelled = true
                below.started = false
                update(below)
            }
            return true
        case let .progress(_, percent, _):
            guard let id = target, var item = item(id) else { return false }
            item.progress = percent == 0 ? nil : percent
            // "a progress short of 100 starts an item still to do"
            if !item.done, !item.started, (1...99).contains(percent) { item.started = true }
            update(item)
            return true
        case .swipe:
            guard let id = target else { return false }
            let gone = Set(subtree(of: id))
            items.removeAll { gone.contains($0.id) }
            return true
        case let .move(_, list):
            guard let id = target, let moved = item(id) else { return false }
            let name = list == "local" ? nil : list
            let family = subtree(of: id)
            // A move that would change no item's list is refused (`already in "Work"`).
            guard family.contains(where: { item($0)?.list.map(ModelFolding.fold) != name.map(ModelFolding.fold) }) else {
                return false
            }
            for member in family {
                guard var item = item(member) else { continue }
                item.list = name
                update(item)
            }
            // A subtask moved without its parent leaves it, unless the parent is there already.
            if let parent = moved.parent, let parentItem = item(parent), parentItem.list != name {
                var top = moved
                top.list = name
                top.parent = nil
                update(top)
            }
            return true
        case let .tag(_, add, remove):
            guard let id = target, var item = item(id) else { return false }
            // Taken away first, then added: `tag 1 home -HOME` respells #HOME as #home.
            item.tags.removeAll { tag in remove.contains { ModelFolding.fold($0) == ModelFolding.fold(tag) } }
            for tag in add where !item.tags.contains(where: { ModelFolding.fold($0) == ModelFolding.fold(tag) }) {
                item.tags.append(tag)
            }
            update(item)
            return true
        case let .postpone(_, day):
            guard let id = target, var item = item(id) else { return false }
            item.due = day ?? Self.today + 1
            if let start = item.start, let due = item.due, start > due { return false }
            if !item.done, isDuplicate(item, besides: id) { return false }
            update(item)
            return true
        case .undo:
            guard let last = undone.popLast() else { return false }
            redone.append(items)
            items = last
            return true
        case .redo:
            guard let next = redone.popLast() else { return false }
            undone.append(items)
            items = next
            return true
        case .find, .list, .view, .day:
            return true
        }
    }

    private mutating func create(_ spec: ModelCreate, under parent: Int?) -> Bool {
        var item = ModelItem(id: lastID + 1, title: spec.title)
        switch spec.date {
        case .omitted: item.due = spec.start == nil ? openDay ?? Self.today : nil
        case .none: item.due = nil
        case let .day(day): item.due = day
        }
        item.start = spec.start
        item.notes = spec.notes
        item.priority = spec.priority?.number
        for tag in spec.tags where !item.tags.contains(where: { ModelFolding.fold($0) == ModelFolding.fold(tag) }) {
            item.tags.append(tag)
        }
        item.list = spec.list
        item.place = spec.place?.name
        item.point = spec.place?.point
        item.repeats = spec.every
        if spec.under != nil {
            guard let parent, let parentItem = self.item(parent) else { return false }
            item.parent = parent
            // A subtask lives in its parent's list.
            item.list = spec.list ?? parentItem.list
        }
        // A repeat needs a day; a start after the due day is refused (RFC 5545: DTSTART <= DUE).
        if item.repeats != nil, item.due == nil { return false }
        if let start = item.start, let due = item.due, start > due { return false }
        guard !isDuplicate(item, besides: nil) else { return false }
        lastID += 1
        items.append(item)
        return true
    }

    private mutating func edit(_ id: Int, _ edit: ModelEdit) -> Bool {
        guard var item = item(id) else { return false }
        if let title = edit.title { item.title = title }
        switch edit.due {
        case let .set(day): item.due = day
        case .clear: item.due = nil
        case nil: break
        }
        switch edit.start {
        case let .set(day): item.start = day
        case .clear: item.start = nil
        case nil: break
        }
        switch edit.notes {
        case let .set(text): item.notes = text
        case .clear: item.notes = nil
        case nil: break
        }
        switch edit.priority {
        case let .set(number): item.priority = number
        case .clear: item.priority = nil
        case nil: break
        }
        switch edit.tags {
        case let .set(tags):
            item.tags = []
            for tag in tags where !item.tags.contains(where: { ModelFolding.fold($0) == ModelFolding.fold(tag) }) {
                item.tags.append(tag)
            }
        case .clear: item.tags = []
        case nil: break
        }
        if item.repeats != nil, item.due == nil { return false }
        if let start = item.start, let due = item.due, start > due { return false }
        if !item.done, isDuplicate(item, besides: id) { return false }
        update(item)
        return true
    }

    /// Checking a parent checks its open subtasks; a repeating item leaves its next
    /// occurrence in To do. A repeating item's subtasks are its checklist (docs/repeats.md):
    /// checked, it leaves them all open again, its own under the next occurrence.
    private mutating func check(_ id: Int) {
        if let root = item(id), !root.done, let rule = root.repeats, let due = root.due {
            var next = Self.fresh(root)
            next.due = rule.next(after: due, today: Self.today)
            if !isDuplicate(next, besides: root.id) {
                update(Self.checked(root))
                lastID += 1
                next.id = lastID
                items.append(next)
                for member in subtree(of: id).dropFirst() {
                    guard let below = item(member) else { continue }
                    var back = Self.fresh(below)
                    if below.parent == root.id { back.parent = next.id }
                    update(back)
                }
                return
            }
        }
        for member in subtree(of: id) {
            guard let open = item(member), !open.done else { continue }
            let item = Self.checked(open)
            update(item)
            if let rule = item.repeats, let due = item.due {
                var next = Self.fresh(item)
                next.due = rule.next(after: due, today: Self.today)
                // Once only: an equal occurrence already open (its check was undone by an
                // uncheck) is the next one.
                guard !isDuplicate(next, besides: nil) else { continue }
                lastID += 1
                next.id = lastID
                items.append(next)
            }
        }
    }

    /// Back in To do, begun or not: refused when an equal item is open; a 100% goes.
    private mutating func reopen(_ item: ModelItem, started: Bool) -> Bool {
        var open = item
        open.done = false
        open.cancelled = false
        open.started = started
        if open.progress == 100 { open.progress = nil }
        guard !isDuplicate(open, besides: item.id) else { return false }
        update(open)
        return true
    }

    /// Checked: closed, no longer begun, a progress at 100%.
    private static func checked(_ item: ModelItem) -> ModelItem {
        var done = item
        done.done = true
        done.started = false
        if done.progress != nil { done.progress = 100 }
        return done
    }

    /// A new occurrence, or a checklist come back for one: to do, not begun, no progress.
    private static func fresh(_ item: ModelItem) -> ModelItem {
        var open = item
        open.done = false
        open.started = false
        open.cancelled = false
        open.progress = nil
        return open
    }

    private func isDuplicate(_ item: ModelItem, besides id: Int?) -> Bool {
        items.contains { $0.id != id && !$0.done && $0.sameAs(item) }
    }

    private mutating func update(_ item: ModelItem) {
        if let at = items.firstIndex(where: { $0.id == item.id }) { items[at] = item }
    }

    /// The item and every item under it, parents first.
    func subtree(of id: Int) -> [Int] {
        var out = [id], at = 0
        while at < out.count {
            let parent = out[at]
            out += items.filter { $0.parent == parent && !out.contains($0.id) }.map(\.id)
            at += 1
        }
        return out.filter { item($0) != nil }
    }

    // MARK: screens

    /// The ids each screen lists, To do and Done apart.
    func found(_ query: ModelQuery, _ within: ModelQuery.Within) -> ModelRows {
        ModelRows(items.filter { $0.matches(query, within) })
    }

    var all: ModelRows { ModelRows(items) }

    func day(_ day: Int) -> ModelRows { ModelRows(items.filter { $0.listDay == day }) }

    /// The open series with an occurrence to come on `day` besides their open one.
    func later(_ day: Int) -> Set<Int> {
        Set(items.filter { item in
            guard !item.done, let due = item.due, let rule = item.repeats else { return false }
            return rule.later(after: due, today: Self.today, from: day, through: day) == [day]
        }.map(\.id))
    }

    /// The week from today: open items a day (a repeating one on each day an occurrence of it
    /// falls), those due before today, those without a day.
    var week: ModelWeek {
        let open = items.filter { !$0.done }
        return ModelWeek(counts: (0..<7).map { offset in
                             open.filter { $0.listDay == Self.today + offset }.count + later(Self.today + offset).count
                         },
                         overdue: open.filter { ($0.listDay ?? Int.max) < Self.today }.count,
                         undated: open.filter { $0.listDay == nil }.count)
    }
}

extension ModelItem {
    func matches(_ query: ModelQuery, _ within: ModelQuery.Within) -> Bool { query.matches(self, within: within) }
}
