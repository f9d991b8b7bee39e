/// `set SETTING VALUE`: output mode, colour, page size, timing. `set` alone lists every
/// setting with its value, `set SETTING` one, as psql's `\set` does.
struct SetCommand: ShellCommand {
    static let setting = ArgumentSpec("SETTING", .choice(Setting.Name.allCases.map(\.rawValue)), optional: true,
                                      help: Setting.Name.listed(\.usage, separator: "; "))
    static let value = ArgumentSpec("VALUE", .dependent(Dictionary(uniqueKeysWithValues: Setting.Name.allCases.map {
        ($0.rawValue, $0.words)
    })), optional: true, help: "the setting's value")
    static let spec = CommandSpec(
        "set", summary: "change a setting: " + Setting.Name.listed(\.rawValue, separator: ", ") + "; alone, list them",
        arguments: [setting, value], effect: .changesSettings) { values in
        let name = values.text(setting).flatMap(Setting.Name.init(rawValue:))
        guard let name, let text = values.text(value) else { return SetCommand(change: nil, shown: name) }
        return SetCommand(change: try Setting(name, text), shown: name)
    }

    let change: Setting?
    /// Without a value: the setting to show, or nil for all of them.
    let shown: Setting.Name?

    func run(_ c: inout CommandContext) throws -> Display {
        if let change { return Display(message: change.apply(to: &c.session)) }
        let session = c.session
        let names = shown.map { [$0] } ?? Setting.Name.allCases
        return Display(screen: .settings(names.map { SettingValue(name: $0, value: $0.current(in: session)) }))
    }
}
