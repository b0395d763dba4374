/* Programs driven through pipes (pipe_program.h). */
#include "pipe_program.h"

#include <check.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int64_t bt_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void bt_sleep_ms(int64_t ms)
{
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

void bt_program_path(const char *env_var, const char *name, char *out, size_t cap)
{
    const char *env = getenv(env_var);
    if (env && *env) {
        snprintf(out, cap, "%s", env);
        return;
    }
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    ck_assert_msg(n > 0, "cannot find this test's path");
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    ck_assert_ptr_nonnull(slash);
    *slash = '\0';
    snprintf(out, cap, "%s/../examples/%s", self, name);
}

void bt_program_start(bt_program *p, const char *path)
{
    ck_assert_msg(access(path, X_OK) == 0, "%s is not built (cmake --build the build folder)", path);
    int to[2], from[2];
    ck_assert_int_eq(pipe(to), 0);
    ck_assert_int_eq(pipe(from), 0);
    memset(p, 0, sizeof *p);
    signal(SIGPIPE, SIG_IGN);
    p->pid = fork();
    ck_assert_int_ge(p->pid, 0);
    if (p->pid == 0) {
        dup2(to[0], STDIN_FILENO);
        dup2(from[1], STDOUT_FILENO);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    p->to = to[1];
    p->from = from[0];
}

void bt_program_send(bt_program *p, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    ck_assert_msg(n >= 0 && (size_t)n < sizeof line - 1, "line too long to send");
    line[n++] = '\n';
    ck_assert_int_eq((int)write(p->to, line, (size_t)n), n);
}

int bt_program_read_line(bt_program *p, char *out, size_t cap, int64_t deadline_ms)
{
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl) {
            size_t n = (size_t)(nl - p->buf);
            snprintf(out, cap, "%.*s", (int)n, p->buf);
            memmove(p->buf, nl + 1, p->len - n - 1);
            p->len -= n + 1;
            return 1;
        }
        int64_t left = deadline_ms - bt_now_ms();
        if (left <= 0)
            return 0;
        ck_assert_msg(p->len < sizeof p->buf, "an output line longer than %zu bytes", sizeof p->buf);
        struct pollfd pfd = {p->from, POLLIN, 0};
        int r = poll(&pfd, 1, (int)(left > 1000 ? 1000 : left));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue; /* the deadline is checked above */
        ssize_t got = read(p->from, p->buf + p->len, sizeof p->buf - p->len);
        if (got <= 0)
            return 0;
        p->len += (size_t)got;
    }
}

void bt_program_quit(bt_program *p, int64_t within_ms)
{
    bt_program_send(p, "quit");
    int status = 0;
    pid_t r;
    int64_t t0 = bt_now_ms();
    while ((r = waitpid(p->pid, &status, WNOHANG)) == 0 && bt_now_ms() - t0 < within_ms)
        bt_sleep_ms(10);
    if (r == 0) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, &status, 0);
        ck_abort_msg("the program did not quit within %lld ms", (long long)within_ms);
    }
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the program's exit status");
    close(p->to);
    close(p->from);
}
