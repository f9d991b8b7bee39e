#include <sys/prctl.h>

// prctl is a C variadic, which Swift cannot call: one typed wrapper per use instead.

static inline int cprocess_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, (unsigned long)dumpable, 0UL, 0UL, 0UL);
}

static inline int cprocess_get_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0UL, 0UL, 0UL, 0UL);
}
