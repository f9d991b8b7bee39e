#include <fcntl.h>
#include <sys/prctl.h>

// prctl is a C variadic, which Swift cannot call: one typed wrapper per use instead.

static inline int cprocess_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, (unsigned long)dumpable, 0UL, 0UL, 0UL);
}

static inline int cprocess_get_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0UL, 0UL, 0UL, 0UL);
}

// Descriptors made close-on-exec as they are made: a helper spawned by another thread
// between pipe() and fcntl() would inherit the ends and hold the pipe open (a reader waiting
// for an end that never comes). Swift's Glibc module hides these GNU calls: declared here.
#include <spawn.h>

extern int pipe2(int fds[2], int flags);
extern int mkostemp(char *name, int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

static inline int cprocess_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

static inline int cprocess_mkstemp_cloexec(char *name) {
    return mkostemp(name, O_CLOEXEC);
}

static inline int cprocess_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
