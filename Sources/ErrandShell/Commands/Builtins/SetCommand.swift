/// `set SETTING VALUE`: output mode, colour, page size, timing.
struct SetCommand: ShellCommand {
    static let setting = ArgumentSpec("SETTING", .choice(Setting.Name.allCases.map(\.rawValue)),
                                      help: Setting.Name.listed(\.usage, separator: "; "))
    static let value = ArgumentSpec("VALUE", .dependent(Dictionary(uniqueKeysWithValues: Setting.Name.allCases.map {
        ($0.rawValue, $0.words)
    })), help: "the setting's value")
    static let spec = CommandSpec(
        "set", summary: "change a setting: " + Setting.Name.listed(\.rawValue, separator: ", "),
        arguments: [setting, value]) { values in
        guard let name = values.text(setting).flatMap(Setting.Name.init(rawValue:)) else {
            throw ShellError.usage("set: missing SETTING")
        }
        return SetCommand(setting: try Setting(name, try values.requiredText(value)))
    }

    let setting: Setting

    func run(_ c: inout CommandContext) throws -> Display {
        Display(message: setting.apply(to: &c.session))
    }
}
