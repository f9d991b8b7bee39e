/// A setting as `set` lists it: its name and its current value, in the words `set` takes.
public struct SettingValue: Equatable, Sendable {
    var name: Setting.Name
    public var value: String

    /// `output text`: the line that sets it again.
    var line: String { "\(name.rawValue) \(value)" }
}
