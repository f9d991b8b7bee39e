/// The XDG base directories, with the specification's fallbacks (a relative value is ignored).
public enum XDG {
    public static func dataHome(_ env: [String: String]) -> String {
        directory(env["XDG_DATA_HOME"], fallback: "/.local/share", env: env)
    }

    public static func stateHome(_ env: [String: String]) -> String {
        directory(env["XDG_STATE_HOME"], fallback: "/.local/state", env: env)
    }

    public static func configHome(_ env: [String: String]) -> String {
        directory(env["XDG_CONFIG_HOME"], fallback: "/.config", env: env)
    }


    static func directory(_ value: String?, fallback: String, env: [String: String]) -> String {
        if let value, value.hasPrefix("/") { return value }
        return (env["HOME"] ?? "/tmp") + fallback
    }
}
