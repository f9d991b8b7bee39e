/// Puts the lines libical rendered for the properties Errand changed in place of the lines a
/// component held for them; every other line and sub-component stays as written. Hand-written
/// line splicing (libical keeps no source text); the new lines themselves are libical's.
enum LineSplice {
    /// `names`: the properties rewritten (a name in it with no line in `lines` is removed).
    /// A property already there keeps its place (at its first line); a new one goes after the
    /// other properties, before the first sub-component, as RFC 5545's grammar orders them.
    static func replace(_ names: Set<String>, in component: RawComponent, with lines: [RawLine]) -> RawComponent {
        guard !names.isEmpty else { return component }
        var byName: [String: [RawLine]] = [:]
        for line in lines { byName[line.name, default: []].append(line) }
        var placed = Set<String>()
        var entries: [RawComponent.Entry] = []
        func placeTheRest() {
            for line in lines where !placed.contains(line.name) { entries.append(.line(line)) }
            placed.formUnion(names)
        }
        for entry in component.entries {
            switch entry {
            case let .line(line) where names.contains(line.name):
                guard !placed.contains(line.name) else { continue }
                placed.insert(line.name)
                entries += (byName[line.name] ?? []).map { .line($0) }
            case .line:
                entries.append(entry)
            case .component:
                if placed != names { placeTheRest() }
                entries.append(entry)
            }
        }
        if placed != names { placeTheRest() }
        var out = component
        out.entries = entries
        return out
    }
}
