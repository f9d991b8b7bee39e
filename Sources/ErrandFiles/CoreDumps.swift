import CProcessGuard
#if canImport(Glibc)
import Glibc
#endif

/// Keeps a process's memory out of core files. errand and its helpers hold passwords (typed in
/// a sync URL, read from ~/.netrc, passed on a helper's stdin) and the to-do list itself; a
/// crash with `ulimit -c unlimited`, or under systemd-coredump or apport (which take cores
/// through a pipe whatever the ulimit says), would leave them in a file. Both steps, since
/// neither covers the other: RLIMIT_CORE 0 stops cores written to files, and only a process
/// that is not dumpable is skipped by a core_pattern pipe. Not dumpable also keeps other
/// processes of the same user from ptrace-attaching to read that memory.
public enum CoreDumps {
    /// Call first in main, before anything reads a credential. Failures are ignored: there
    /// is nothing better to do than to carry on, and neither call fails on Linux for these values.
    public static func forbid() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        _ = cprocess_set_dumpable(0)
    }

    /// Whether this process would dump core (the kernel's dumpable flag).
    public static var dumpable: Bool { cprocess_get_dumpable() == 1 }
}
