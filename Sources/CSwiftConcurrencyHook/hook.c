#include "CSwiftConcurrencyHook.h"

// The Swift runtime's hook (libswift_Concurrency): when set, every job for the global concurrent
// executor goes to it. Linked by name rather than looked up with dlsym, which cannot see it in a
// binary built with --static-swift-stdlib: that link makes the runtime archives' symbols local
// (--exclude-libs ALL), so NIO's own installer finds nothing there.
extern const void *swift_task_enqueueGlobal_hook;

bool seqr_install_enqueue_global_hook(const void *hook) {
    const void *expected = 0;
    return __atomic_compare_exchange_n(&swift_task_enqueueGlobal_hook, &expected, hook, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

bool seqr_enqueue_global_hook_is_set(void) {
    return __atomic_load_n(&swift_task_enqueueGlobal_hook, __ATOMIC_SEQ_CST) != 0;
}
