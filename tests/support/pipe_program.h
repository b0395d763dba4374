/* A program of the build (boardai-chess, boardai-arimaa, ...) driven through pipes, as a GUI or
 * a match controller drives it: started with standard input and output on pipes and no
 * arguments, lines written to it, lines read back with deadlines. Check assertions report every
 * failure (a program that is not built, a write that fails, one that will not quit). */
#ifndef BA_TEST_PIPE_PROGRAM_H
#define BA_TEST_PIPE_PROGRAM_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "boardai/common.h"

typedef struct bt_program {
    pid_t pid;
    int to, from;      /* our ends: we write to @c to, read from @c from */
    char buf[1 << 16]; /* output read but not yet returned as lines */
    size_t len;
} bt_program;

/** Milliseconds on the monotonic clock. */
int64_t bt_now_ms(void);

/** Sleeps @p ms milliseconds. */
void bt_sleep_ms(int64_t ms);

/** The program @p name: $@p env_var when set, else examples/@p name of the build folder this
 *  test was built in (the test runs from <build>/tests/). */
void bt_program_path(const char *env_var, const char *name, char *out, size_t cap);

/** Starts @p path with pipes and no arguments (SIGPIPE is ignored from now on). */
void bt_program_start(bt_program *p, const char *path);

/** Writes one line (printf-style; the newline is added). */
void bt_program_send(bt_program *p, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

/** The next line without its newline, waiting until @p deadline_ms (bt_now_ms() time):
 *  1, or 0 at the deadline or the end of the output. */
int bt_program_read_line(bt_program *p, char *out, size_t cap, int64_t deadline_ms);

/** Sends `quit` and waits up to @p within_ms for a clean exit (status 0); a program still
 *  running is killed and the test fails. Closes the pipes. */
void bt_program_quit(bt_program *p, int64_t within_ms);
#endif
