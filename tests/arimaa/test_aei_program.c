/* The boardai-arimaa program under AEI, driven as the public AEI tools drive an engine
 * (gameroom.py, roundrobin.py): the program is started with pipes (standard input not a terminal,
 * no --aei: the first line `aei` chooses the protocol), the controller's exact command sequences
 * are sent with their timing, and the answers are read with deadlines. The deadlines are those
 * of the protocol (a bestmove must follow `stop` before the controller's clock runs out), made
 * generous for a loaded machine; they do not measure speed.
 *
 * The program is found next to this test's build folder (../examples/boardai-arimaa), or at
 * $BOARDAI_ARIMAA_PROGRAM. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arimaa_test_util.h"
#include "check_main.h"

typedef struct engine {
    pid_t pid;
    int in, out;     /* our ends: we write to in, read from out */
    char buf[65536]; /* unread output */
    size_t len;
    char last_info_depth[64];
    int saw_info_pv, saw_info_time, saw_log_problem;
} engine;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void program_path(char *out, size_t cap)
{
    const char *env = getenv("BOARDAI_ARIMAA_PROGRAM");
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
    snprintf(out, cap, "%s/../examples/boardai-arimaa", self);
}

static void start(engine *e)
{
    memset(e, 0, sizeof *e);
    char path[PATH_MAX + 64];
    program_path(path, sizeof path);
    ck_assert_msg(access(path, X_OK) == 0, "%s is not built (cmake --build <dir>)", path);
    int to_child[2], from_child[2];
    ck_assert_int_eq(pipe(to_child), 0);
    ck_assert_int_eq(pipe(from_child), 0);
    e->pid = fork();
    ck_assert_int_ge(e->pid, 0);
    if (e->pid == 0) {
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        close(to_child[1]);
        close(from_child[0]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    e->in = to_child[1];
    e->out = from_child[0];
    signal(SIGPIPE, SIG_IGN);
}

static void sendf(engine *e, const char *line)
{
    size_t n = strlen(line);
    ck_assert_int_eq((int)write(e->in, line, n), (int)n);
    ck_assert_int_eq((int)write(e->in, "\n", 1), 1);
}

/* Reads the next line (without the newline) into out, waiting at most until deadline (ms on the
 * monotonic clock). Returns 1, or 0 at the deadline or end of output. */
static int read_line_until(engine *e, char *out, size_t cap, int64_t deadline)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            snprintf(out, cap, "%.*s", (int)n, e->buf);
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            if (strncmp(out, "info depth ", 11) == 0)
                snprintf(e->last_info_depth, sizeof e->last_info_depth, "%s", out + 11);
            if (strncmp(out, "info pv", 7) == 0) e->saw_info_pv = 1;
            if (strncmp(out, "info time ", 10) == 0) e->saw_info_time = 1;
            if (strncmp(out, "log Error", 9) == 0 || strncmp(out, "log Warning", 11) == 0)
                e->saw_log_problem = 1;
            return 1;
        }
        int64_t wait = deadline - now_ms();
        if (wait <= 0) return 0;
        struct pollfd p = {e->out, POLLIN, 0};
        int r = poll(&p, 1, (int)(wait > 1000 ? 1000 : wait));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        ck_assert_msg(e->len < sizeof e->buf - 1, "output line too long");
        ssize_t got = read(e->out, e->buf + e->len, sizeof e->buf - 1 - e->len);
        if (got <= 0) return 0;
        e->len += (size_t)got;
    }
}

/* Waits (at most within_ms) for a line starting with prefix; returns the time it took. */
static int64_t expect(engine *e, const char *prefix, int64_t within_ms, char *line, size_t cap)
{
    int64_t t0 = now_ms();
    char tmp[4096];
    if (!line) {
        line = tmp;
        cap = sizeof tmp;
    }
    while (read_line_until(e, line, cap, t0 + within_ms)) {
        if (strncmp(line, prefix, strlen(prefix)) == 0) return now_ms() - t0;
    }
    ck_abort_msg("no '%s' within %lld ms", prefix, (long long)within_ms);
    return -1;
}

static void finish(engine *e)
{
    sendf(e, "quit");
    int64_t t0 = now_ms();
    int status = 0;
    pid_t r;
    while ((r = waitpid(e->pid, &status, WNOHANG)) == 0 && now_ms() - t0 < 20000) {
        struct timespec ts = {0, 20 * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (r == 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, &status, 0);
        ck_abort_msg("the program did not quit");
    }
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(e->in);
    close(e->out);
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* The opening of a gameroom.py game: handshake, the clock, both setups. */
static void open_game(engine *e, const char *clock_lines[], int nclock)
{
    start(e);
    sendf(e, "aei");
    expect(e, "aeiok", 20000, NULL, 0);
    sendf(e, "isready");
    expect(e, "readyok", 20000, NULL, 0);
    sendf(e, "newgame");
    for (int i = 0; i < nclock; i++) sendf(e, clock_lines[i]);
    sendf(e, "makemove Ra1 Rb1 Rc1 Dd1 De1 Rf1 Rg1 Rh1 Ra2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Rh2");
    sendf(e, "makemove ra7 hb7 cc7 ed7 me7 cf7 hg7 rh7 ra8 rb8 rc8 dd8 de8 rf8 rg8 rh8");
    sendf(e, "isready");
    expect(e, "readyok", 20000, NULL, 0);
    ck_assert_msg(!e->saw_log_problem, "the opening drew a log error or warning");
}

/* gameroom.py during a turn: `moveused` about every second, then `stop` at its deadline. The
 * options are taken while the search runs, and the stop is answered at once. */
START_TEST(moveused_every_second_then_stop)
{
    engine e;
    const char *clock[] = {"setoption name tcmove value 120", "setoption name tcreserve value 0",
                           "setoption name greserve value 0", "setoption name sreserve value 0"};
    open_game(&e, clock, 4);
    sendf(&e, "go");
    for (int s = 1; s <= 3; s++) {
        sleep_ms(1000);
        char opt[64];
        snprintf(opt, sizeof opt, "setoption name moveused value %d", s);
        sendf(&e, opt);
        sendf(&e, "isready");
        /* readyok while the search goes on: the option did not wait for the search. */
        int64_t took = expect(&e, "readyok", 3000, NULL, 0);
        ck_assert_int_lt(took, 3000);
    }
    sendf(&e, "stop");
    char line[4096];
    int64_t took = expect(&e, "bestmove ", 3000, line, sizeof line);
    ck_assert_int_lt(took, 3000);
    ck_assert(e.saw_info_pv && e.saw_info_time);
    ck_assert_msg(!e.saw_log_problem, "a log error or warning during the turn");
    /* The answer is a legal turn: the program takes it back as the next makemove. */
    char mm[4200];
    snprintf(mm, sizeof mm, "makemove %s", line + 9);
    sendf(&e, mm);
    sendf(&e, "isready");
    expect(&e, "readyok", 5000, NULL, 0);
    ck_assert_msg(!e.saw_log_problem, "its own bestmove '%s' was refused", line + 9);
    finish(&e);
}
END_TEST

/* A depth (in steps) together with a clock: whichever ends first. */
START_TEST(depth_in_steps_and_time_together)
{
    engine e;
    const char *clock[] = {"setoption name tcmove value 30", "setoption name tcreserve value 0",
                           "setoption name depth value 3"};
    open_game(&e, clock, 3);
    sendf(&e, "go");
    char line[4096];
    expect(&e, "bestmove ", 60000, line, sizeof line);
    ck_assert_str_eq(e.last_info_depth, "3"); /* three steps deep, not three turns */
    /* A depth no clock allows: the 2 s per turn ends it (a generous 3x for a loaded machine). */
    sendf(&e, "setoption name depth value 60");
    sendf(&e, "setoption name tcmove value 2");
    sendf(&e, "go");
    int64_t took = expect(&e, "bestmove ", 6000, line, sizeof line);
    ck_assert_int_lt(took, 6000);
    finish(&e);
}
END_TEST

/* tcturntime caps a turn whatever the reserve; `go ponder` searches until `stop`, then answers. */
START_TEST(turn_cap_and_ponder)
{
    engine e;
    const char *clock[] = {"setoption name tcmove value 60", "setoption name tcreserve value 600",
                           "setoption name greserve value 600", "setoption name sreserve value 600",
                           "setoption name tcmax value 600", "setoption name tcpercent value 100",
                           "setoption name tctotal value 0", "setoption name tcturns value 0",
                           "setoption name tcturntime value 2"};
    open_game(&e, clock, 9);
    sendf(&e, "go");
    char line[4096];
    int64_t took = expect(&e, "bestmove ", 6000, line, sizeof line);
    ck_assert_int_lt(took, 6000);
    sendf(&e, "go ponder");
    sleep_ms(1500);
    sendf(&e, "stop");
    took = expect(&e, "bestmove ", 3000, line, sizeof line);
    ck_assert_int_lt(took, 3000);
    ck_assert_msg(!e.saw_log_problem, "a log error or warning");
    finish(&e);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_aei_program");
    TCase *tc = tcase_create("program");
    tcase_set_timeout(tc, 180);
    tcase_add_test(tc, moveused_every_second_then_stop);
    tcase_add_test(tc, depth_in_steps_and_time_together);
    tcase_add_test(tc, turn_cap_and_ponder);
    suite_add_tcase(s, tc);
    return s;
}
