// Drawing untrusted documents (PDF pages, SVG pictures) in a child process with a processor-time
// limit: poppler and librsvg have no way to stop a drawing, and a few kilobytes of nested forms
// or filtered <use> chains take minutes. One mechanism for both readers.
#ifndef SEQR_CHILD_DRAWING_H
#define SEQR_CHILD_DRAWING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives one drawn picture as gray pixels (width*height bytes, valid only during the call).
/// Returns 0 to continue, non-zero to stop.
typedef int (*seqr_picture_callback)(void *_Nullable context, int index, const uint8_t *_Nonnull gray, int width, int height);

/// Draws every picture, handing each to `send` (with `channel`) before drawing the next; sets `*count` and
/// `*total` (the caller's counters) and returns a status (< 0: failed, with a message in `message`).
typedef int (*seqr_child_draw)(void *_Nullable context, seqr_picture_callback _Nonnull send, void *_Nullable channel,
                               int *_Nonnull count, uint64_t *_Nonnull total, char *_Nonnull message, size_t message_size);

/// Bytes of data the child may allocate beyond a picture's pixels (RLIMIT_DATA, on top of what it inherits).
#define SEQR_CHILD_DATA_ALLOWANCE ((uint64_t)1 << 30)

/// A picture took more than the processor time allowed (or ten times that of waiting).
#define SEQR_CHILD_TOO_SLOW (-4)

/// Runs `draw` in a child process (fork) allowed `cpu_seconds` of processor time for all its pictures
/// together (RLIMIT_CPU, never renewed), or less when the run's budget (seqr_child_drawing_limit_run)
/// has less left, and hands each picture it sends to `receive` in this process;
/// a picture larger than `max_picture_pixels` ends the child, and so does allocating more than 5 bytes
/// a pixel of it and SEQR_CHILD_DATA_ALLOWANCE besides (RLIMIT_DATA). Returns `draw`'s status and counters,
/// or SEQR_CHILD_TOO_SLOW with `*slow_index` the picture's number (from 1; 1 when the run's budget
/// was spent before this drawing started), or -1 with a message
/// naming `renderer`. The caller has loaded every library `draw` needs: the child only draws.
int seqr_draw_in_child(int cpu_seconds, size_t max_picture_pixels, const char *_Nonnull renderer,
                       seqr_child_draw _Nonnull draw, void *_Nullable draw_context,
                       seqr_picture_callback _Nonnull receive, void *_Nullable receive_context,
                       int *_Nonnull count, uint64_t *_Nonnull total, int *_Nonnull slow_index,
                       char *_Nullable error, size_t error_size);

/// Bounds the processor time all children of this process spend drawing, from now, to `seconds` in
/// all (0: no bound): one budget per run of `seqr decode` or `seqr scan`, however many files it reads.
void seqr_child_drawing_limit_run(int seconds);

/// The seconds a drawing that wants `wanted` gets: `wanted`, or what is left of the run's budget when
/// less (0: none left, and seqr_draw_in_child refuses at once).
int seqr_child_drawing_seconds_for(int wanted);

/// For the tests: what a drawing child may do, in words ("socket refused, create refused, read allowed"):
/// it tries a TCP socket, creating `create_path`, and reading a file. 0 when the child reported.
int seqr_child_drawing_probe_sandbox(const char *_Nonnull create_path, char *_Nonnull report, size_t report_size);

/// Processor seconds the children spent since the last seqr_child_drawing_limit_run.
double seqr_child_drawing_seconds_spent(void);

#ifdef __cplusplus
}
#endif

#endif
