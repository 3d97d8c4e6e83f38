#define _GNU_SOURCE  // pipe2
#include "seqr_child_drawing.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "seqr_cairo.h"
#include "seqr_drawing_sandbox.h"

static void copy_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

static int write_all(int fd, const void *bytes, size_t count) {
    const uint8_t *at = bytes;
    while (count > 0) {
        ssize_t written = write(fd, at, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return 0;
        at += written;
        count -= (size_t)written;
    }
    return 1;
}

/// Reads `count` bytes, waiting at most `timeout_ms` for each part: 1, 0 on end of file or an error, -1 on a timeout.
static int read_all(int fd, void *bytes, size_t count, int timeout_ms) {
    uint8_t *at = bytes;
    while (count > 0) {
        struct pollfd ready = {fd, POLLIN, 0};
        int polled = poll(&ready, 1, timeout_ms);
        if (polled < 0 && errno == EINTR) continue;
        if (polled == 0) return -1;
        if (polled < 0) return 0;
        ssize_t got = read(fd, at, count);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        at += got;
        count -= (size_t)got;
    }
    return 1;
}

/// Processor seconds every child of this process may spend in all (0: no bound), and what the children
/// reaped so far spent: a run that reads many documents pays for their drawing once, not per file.
static pthread_mutex_t run_budget_lock = PTHREAD_MUTEX_INITIALIZER;
static double run_budget_seconds = 0;
static double run_spent_seconds = 0;

void seqr_child_drawing_limit_run(int seconds) {
    pthread_mutex_lock(&run_budget_lock);
    run_budget_seconds = seconds > 0 ? (double)seconds : 0;
    run_spent_seconds = 0;
    pthread_mutex_unlock(&run_budget_lock);
}

double seqr_child_drawing_seconds_spent(void) {
    pthread_mutex_lock(&run_budget_lock);
    double spent = run_spent_seconds;
    pthread_mutex_unlock(&run_budget_lock);
    return spent;
}

int seqr_child_drawing_seconds_for(int wanted) {
    pthread_mutex_lock(&run_budget_lock);
    int allowed = wanted;
    if (run_budget_seconds > 0) {
        const double left = run_budget_seconds - run_spent_seconds;
        if (left < 1) allowed = 0;
        else if (left < (double)allowed) allowed = (int)left;
    }
    pthread_mutex_unlock(&run_budget_lock);
    return allowed;
}

static void add_spent(const struct rusage *usage) {
    pthread_mutex_lock(&run_budget_lock);
    run_spent_seconds += (double)usage->ru_utime.tv_sec + (double)usage->ru_utime.tv_usec / 1e6
        + (double)usage->ru_stime.tv_sec + (double)usage->ru_stime.tv_usec / 1e6;
    pthread_mutex_unlock(&run_budget_lock);
}

/// Milliseconds from now to `deadline_ms` (CLOCK_MONOTONIC), 0 once it has passed.
static int remaining_ms(int64_t deadline_ms) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const int64_t left = deadline_ms - ((int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000);
    return left <= 0 ? 0 : (left > 0x7FFFFFFF ? 0x7FFFFFFF : (int)left);
}

/// Allows the child `seconds` more of processor time from now (SIGXCPU, which ends it, after that).
static void allow_cpu_seconds(int seconds) {
    struct rusage usage;
    struct rlimit limit;
    if (getrusage(RUSAGE_SELF, &usage) != 0 || getrlimit(RLIMIT_CPU, &limit) != 0) _exit(4);
    rlim_t used = (rlim_t)usage.ru_utime.tv_sec + (rlim_t)usage.ru_stime.tv_sec + 1;
    limit.rlim_cur = used + (rlim_t)seconds;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_cur > limit.rlim_max) limit.rlim_cur = limit.rlim_max;
    // A second later the kernel sends SIGKILL, which no signal mask or handler holds back.
    if (limit.rlim_max == RLIM_INFINITY || limit.rlim_max > limit.rlim_cur + 1) limit.rlim_max = limit.rlim_cur + 1;
    if (setrlimit(RLIMIT_CPU, &limit) != 0) _exit(4);
}

/// Allows the child `extra` bytes of data (heap and anonymous mappings, RLIMIT_DATA) beyond what it
/// inherited: an image a document embeds (an SVG's data: URL) is decoded by libraries Seqr does not
/// bound, and a 586 KB SVG made librsvg take 2.7 GB. Past the limit an allocation fails and the child ends.
static void allow_data_bytes(uint64_t extra) {
    FILE *statm = fopen("/proc/self/statm", "r");
    unsigned long pages[6] = {0};
    int read = statm ? fscanf(statm, "%lu %lu %lu %lu %lu %lu", &pages[0], &pages[1], &pages[2], &pages[3], &pages[4], &pages[5]) : 0;
    if (statm) fclose(statm);
    if (read != 6) return;
    const uint64_t inherited = (uint64_t)pages[5] * (uint64_t)sysconf(_SC_PAGESIZE);
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0) return;
    const uint64_t wanted = inherited + extra;
    if (limit.rlim_max != RLIM_INFINITY && wanted > limit.rlim_max) return;
    limit.rlim_cur = (rlim_t)wanted;
    setrlimit(RLIMIT_DATA, &limit);
}

typedef struct {
    int fd;
} child_pipe;

/// In the child: a picture's header (index, width, height) and pixels down the pipe. The processor-time
/// limit is not renewed: it bounds the whole document (a PDF listing one costly page 1,000 times paid
/// 10 s for each, about 2 hours, while it was renewed per page).
static int send_picture(void *context, int index, const uint8_t *gray, int width, int height) {
    child_pipe *pipe_end = context;
    const int32_t header[3] = {index, width, height};
    if (!write_all(pipe_end->fd, header, sizeof header) || !write_all(pipe_end->fd, gray, (size_t)width * (size_t)height)) _exit(3);
    return 0;
}

/// What the child sends after its last picture.
typedef struct {
    int32_t status;
    int32_t count;
    uint64_t total;
    char message[256];
} child_trailer;

int seqr_draw_in_child(int cpu_seconds, size_t max_picture_pixels, const char *renderer,
                       seqr_child_draw draw, void *draw_context,
                       seqr_picture_callback receive, void *receive_context,
                       int *count, uint64_t *total, int *slow_index,
                       char *error, size_t error_size) {
    *count = 0;
    *total = 0;
    *slow_index = 0;
    // The run's budget spent by earlier documents: this one is refused before it starts.
    cpu_seconds = seqr_child_drawing_seconds_for(cpu_seconds);
    if (cpu_seconds <= 0) {
        *slow_index = 1;
        return SEQR_CHILD_TOO_SLOW;
    }
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        char message[256];
        snprintf(message, sizeof message, "cannot make a pipe for the %s", renderer);
        copy_error(error, error_size, message);
        return -1;
    }
    // No other thread draws with cairo while the child is made: it never starts with a lock held.
    seqr_cairo_begin_fork();
    pid_t child = fork();
    if (child == 0) {
        close(fds[0]);
        // Ended by a signal, the child leaves no core file and runs none of this process's crash handlers.
        const struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        const int crashes[] = {SIGPIPE, SIGXCPU, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
        for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; ++i) signal(crashes[i], SIG_DFL);
        // The forking thread's signal mask is inherited: a Swift concurrency or Dispatch worker thread
        // blocks SIGXCPU, which then never ended the child (a 40-page document drew whole under a 3 s limit).
        sigset_t unblocked;
        sigemptyset(&unblocked);
        for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; ++i) sigaddset(&unblocked, crashes[i]);
        sigprocmask(SIG_UNBLOCK, &unblocked, NULL);
        child_pipe pipe_end = {fds[1]};
        child_trailer trailer;
        memset(&trailer, 0, sizeof trailer);
        allow_cpu_seconds(cpu_seconds);
        // A picture's surface (4 bytes a pixel) and its gray copy, and a gigabyte for the library's own work.
        allow_data_bytes((uint64_t)max_picture_pixels * 5 + SEQR_CHILD_DATA_ALLOWANCE);
        // The libraries are loaded (by the caller, before the fork): from here the child only draws and
        // writes to its pipe. No network, no new files (seqr_drawing_sandbox.h); without seccomp it
        // draws under its other limits.
        seqr_drawing_sandbox_enter();
        int drawn = 0;
        uint64_t drawn_total = 0;
        trailer.status = draw(draw_context, send_picture, &pipe_end, &drawn, &drawn_total, trailer.message, sizeof trailer.message);
        trailer.count = drawn;
        trailer.total = drawn_total;
        const int32_t end[3] = {-1, 0, 0};
        _exit(write_all(fds[1], end, sizeof end) && write_all(fds[1], &trailer, sizeof trailer) ? 0 : 3);
    }
    seqr_cairo_end_fork();
    close(fds[1]);
    if (child < 0) {
        close(fds[0]);
        char message[256];
        snprintf(message, sizeof message, "cannot start the %s", renderer);
        copy_error(error, error_size, message);
        return -1;
    }
    // A generous wall-clock bound besides the processor-time limit, for a child that waits for ever.
    // ... for the whole drawing, as the processor time is: not renewed per picture.
    struct timespec started;
    clock_gettime(CLOCK_MONOTONIC, &started);
    const int64_t deadline_ms = (int64_t)started.tv_sec * 1000 + started.tv_nsec / 1000000 + (int64_t)cpu_seconds * 10 * 1000;
#define timeout_ms remaining_ms(deadline_ms)
    int result = -1, next_index = 1, finished = 0, last_read = 0;
    for (;;) {
        int32_t header[3];
        if ((last_read = read_all(fds[0], header, sizeof header, timeout_ms)) != 1) break;
        if (header[0] < 0) {
            child_trailer trailer;
            if ((last_read = read_all(fds[0], &trailer, sizeof trailer, timeout_ms)) == 1) {
                finished = 1;
                result = trailer.status;
                *count = trailer.count;
                *total = trailer.total;
                trailer.message[sizeof trailer.message - 1] = '\0';
                if (result < 0) copy_error(error, error_size, trailer.message);
            }
            break;
        }
        const int width = header[1], height = header[2];
        if (width <= 0 || height <= 0 || (uint64_t)width * (uint64_t)height > max_picture_pixels) break;
        uint8_t *gray = malloc((size_t)width * (size_t)height);
        if (gray == NULL || (last_read = read_all(fds[0], gray, (size_t)width * (size_t)height, timeout_ms)) != 1) {
            free(gray);
            break;
        }
        next_index = header[0] + 2;
        int stop = receive(receive_context, header[0], gray, width, height);
        free(gray);
        if (stop) {
            finished = 1;
            result = 0;
            break;
        }
    }
#undef timeout_ms
    close(fds[0]);
    int status = 0;
    // Stopped early, timed out or sent a broken picture: the child may still be drawing. At the end of
    // its pipe (last_read 0) it is ending by itself, perhaps by its hard CPU limit's SIGKILL: not killed here.
    const int killed_here = finished ? result == 0 : last_read != 0;
    if (killed_here) kill(child, SIGKILL);
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    while (wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {}
    add_spent(&usage);
    if (!finished) {
        // Past its processor time, or (on a machine too busy to give it that) ten times as long waited for.
        if ((WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || (WTERMSIG(status) == SIGKILL && !killed_here))) || last_read == -1) {
            *slow_index = next_index;
            return SEQR_CHILD_TOO_SLOW;
        }
        char message[256];
        // SIGABRT or SIGSEGV are, most often, an allocation refused at the data limit.
        snprintf(message, sizeof message, "the %s stopped at %d (%s %d; out of memory?)", renderer, next_index,
                 WIFSIGNALED(status) ? "signal" : "status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        copy_error(error, error_size, message);
    }
    return result;
}

/* ------------------------------------------------------- the sandbox, seen from inside */

/// In the child: what the sandbox lets through, as words (the test's probe).
static int probe_sandbox(void *context, seqr_picture_callback send, void *channel, int *count, uint64_t *total,
                         char *message, size_t message_size) {
    (void)send; (void)channel; (void)count; (void)total;
    const char *create_path = context;
    errno = 0;
    int sock = socket(AF_INET, SOCK_STREAM, 0);
    int socket_errno = errno;
    errno = 0;
    int created = open(create_path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    int create_errno = errno;
    int readable = open("/proc/self/status", O_RDONLY);
    snprintf(message, message_size, "socket %s, create %s, read %s",
             sock >= 0 ? "allowed" : (socket_errno == EPERM ? "refused" : "failed"),
             created >= 0 ? "allowed" : (create_errno == EPERM ? "refused" : "failed"),
             readable >= 0 ? "allowed" : "refused");
    return -1;
}

static int no_picture(void *context, int index, const uint8_t *gray, int width, int height) {
    (void)context; (void)index; (void)gray; (void)width; (void)height;
    return 1;
}

int seqr_child_drawing_probe_sandbox(const char *create_path, char *report, size_t report_size) {
    int count = 0, slow = 0;
    uint64_t total = 0;
    seqr_draw_in_child(10, 1, "sandbox probe", probe_sandbox, (void *)create_path, no_picture, NULL,
                       &count, &total, &slow, report, report_size);
    return report_size > 0 && report[0] != '\0' ? 0 : -1;
}
