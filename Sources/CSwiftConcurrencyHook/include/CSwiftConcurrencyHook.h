#ifndef C_SWIFT_CONCURRENCY_HOOK_H
#define C_SWIFT_CONCURRENCY_HOOK_H

#include <stdbool.h>

/// Sets the Swift runtime's global-enqueue hook to `hook` if none is set (compare-and-swap); false if one was.
bool seqr_install_enqueue_global_hook(const void *hook);

/// Whether a global-enqueue hook is set.
bool seqr_enqueue_global_hook_is_set(void);

#endif
