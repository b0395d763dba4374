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
#include "pipe_program.h"

typedef struct engine {
    bt_program prog;
    char last_info_depth[64];
    int saw_info_pv, saw_info_time, saw_log_problem;
} engine;

static void start(engine *e)
{
    memset(e, 0, sizeof *e);
    char path[PATH_MAX + 64];
    bt_program_path("BOARDAI_ARIMAA_PROGRAM", "boardai-arimaa", path, sizeof path);
    bt_program_start(&e->prog, path);
}

static void sendf(engine *e, const char *line) { bt_program_send(&e->prog, "%s", line); }

/* Reads the next line (without the newline) into out, waiting at most until deadline (ms on the
 * monotonic clock), and notes the info lines seen. Returns 1, or 0 at the deadline or end of
 * output. */
static int read_line_until(engine *e, char *out, size_t cap, int64_t deadline)
{
    if (!bt_program_read_line(&e->prog, out, cap, deadline))
        return 0;
    if (strncmp(out, "info depth ", 11) == 0)
        snprintf(e->last_info_depth, sizeof e->last_info_depth, "%.63s", out + 11);
    if (strncmp(out, "info pv", 7) == 0) e->saw_info_pv = 1;
    if (strncmp(out, "info time ", 10) == 0) e->saw_info_time = 1;
    if (strncmp(out, "log Error", 9) == 0 || strncmp(out, "log Warning", 11) == 0)
        e->saw_log_problem = 1;
    return 1;
}

/* Waits (at most within_ms) for a line starting with prefix; returns the time it took. */
static int64_t expect(engine *e, const char *prefix, int64_t within_ms, char *line, size_t cap)
{
    int64_t t0 = bt_now_ms();
    char tmp[4096];
    if (!line) {
        line = tmp;
        cap = sizeof tmp;
    }
    while (read_line_until(e, line, cap, t0 + within_ms)) {
        if (strncmp(line, prefix, strlen(prefix)) == 0) return bt_now_ms() - t0;
    }
    ck_abort_msg("no '%s' within %lld ms", prefix, (long long)within_ms);
    return -1;
}

static void finish(engine *e) { bt_program_quit(&e->prog, 20000); }

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
        bt_sleep_ms(1000);
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
    bt_sleep_ms(1500);
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
