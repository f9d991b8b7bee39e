#if canImport(Glibc)
import Glibc
#endif

/// Where a helper program is: the variable that names it, else beside this executable, else
/// where a package puts it.
public enum HelperPath {
    /// A helper program (`name`) beside this one or where a package puts it (see `resolve`),
    /// unless the variable names another.
    public static func find(_ name: String, unless variable: String) -> String {
        if let path = getenv(variable).map({ String(cString: $0) }), !path.isEmpty { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return name }
        let me = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return resolve(executable: me, name: name) { access($0, X_OK) == 0 }
    }

    /// Beside errand (a checkout's .build/release), else where a package installs it:
    /// `/usr/bin/errand` looks in `/usr/lib/errand/` (so does /usr/local, or any prefix). When
    /// neither is there the path beside errand is the one a failure names.
    public static func resolve(executable: String, name: String, isExecutable: (String) -> Bool) -> String {
        // Folders by hand, not split and joined: that generic pair cost 7% of a start-up (callgrind).
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? ""
        let beside = folder + "/" + name
        guard !isExecutable(beside), let slash = folder.lastIndex(of: "/") else { return beside }
        let installed = String(folder[..<slash]) + "/lib/errand/" + name
        return isExecutable(installed) ? installed : beside
    }
}
