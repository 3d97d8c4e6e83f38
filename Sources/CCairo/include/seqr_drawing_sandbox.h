// What the child that draws an untrusted PDF or SVG may still do once its libraries are loaded:
// read files (fonts, fontconfig's configuration) and write to the pipe it was given, and nothing that
// drawing does not need. A seccomp filter (Linux, x86-64 and arm64) refuses with EPERM every socket,
// connection and address-bound send, every open that writes, creates or truncates, every new or
// changed file or directory, every new program, ptrace and kill(): a flaw in
// poppler or librsvg exploited by a document then cannot reach the network or leave a file behind.
#ifndef SEQR_DRAWING_SANDBOX_H
#define SEQR_DRAWING_SANDBOX_H

#ifdef __cplusplus
extern "C" {
#endif

/// Sets no_new_privs and installs the filter on the calling process (for good: it is inherited and
/// cannot be removed). 0 on success; -1 with errno where the kernel has no seccomp filters or this
/// architecture has no filter here (the child then draws without it, under its other limits).
int seqr_drawing_sandbox_enter(void);

#ifdef __cplusplus
}
#endif

#endif
