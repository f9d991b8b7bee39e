import ErrandDomain
import FoundationEssentials

/// A collection's sync state as the seven columns sync_remote (the main list) and sync_list
/// (each joined list) both keep, in this order: written and read in one place for both.
enum SQLiteRemoteColumns {
    static let names = "url, token, ctag, last_sync, last_result, last_failure_at, last_failure"

    /// Binds the seven values from parameter `first` on.
    static func bind(_ remote: SyncRemote, to s: SQLiteStatement, from first: Int32) {
        s.bind(first, remote.url)
        s.bind(first + 1, remote.token)
        s.bind(first + 2, remote.ctag)
        s.bind(first + 3, remote.lastSync.map { Int64($0.timeIntervalSince1970) })
        s.bind(first + 4, remote.lastResult)
        s.bind(first + 5, remote.lastFailureAt.map { Int64($0.timeIntervalSince1970) })
        s.bind(first + 6, remote.lastFailure)
    }

    /// The state in the seven result columns from `first` on; `name` as the caller read it.
    static func read(_ s: SQLiteStatement, from first: Int32, name: String? = nil) -> SyncRemote {
        SyncRemote(url: s.text(first), token: s.optionalText(first + 1), ctag: s.optionalText(first + 2),
                   lastSync: s.optionalInt(first + 3).map { Date(timeIntervalSince1970: Double($0)) },
                   lastResult: s.optionalText(first + 4),
                   lastFailureAt: s.optionalInt(first + 5).map { Date(timeIntervalSince1970: Double($0)) },
                   lastFailure: s.optionalText(first + 6), name: name)
    }
}
