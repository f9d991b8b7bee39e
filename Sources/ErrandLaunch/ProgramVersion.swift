/// What `errand --version` says: the version, and the commit the binary was built from as
/// `scripts/build-info` recorded it at build time (the BuildInfo plugin).
public enum ProgramVersion {
    /// The one place the version is written; `scripts/package` asks the built binary for it.
    public static let number = "0.1.0"

    /// `errand 0.1.0 (commit 0123abc..., 2026-11-30)`; "unknown commit" when built without git.
    public static var line: String {
        line(commit: BuildInfo.commit, date: BuildInfo.commitDate, modified: BuildInfo.modified)
    }

    static func line(commit: String, date: String, modified: Bool) -> String {
        guard !commit.isEmpty else { return "errand \(number) (unknown commit)" }
        var details = ["commit " + commit]
        if !date.isEmpty { details.append(date) }
        if modified { details.append("with uncommitted changes") }
        return "errand \(number) (" + details.joined(separator: ", ") + ")"
    }

    /// The day the man page gives as its date: the commit's, so the same commit always makes
    /// the same page.
    public static var date: String { BuildInfo.commitDate }
}
