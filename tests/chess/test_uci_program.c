/* The real boardai-chess program driven through pipes, as a chess GUI drives it: the handshake,
 * a game on a clock, `go infinite` and `stop`, a GUI that forgets `stop`, the `go` lines that
 * used to crash or hang it, and `quit`. Every `go` must end in a legal `bestmove` announced by
 * an info line whose PV starts with it.
 *
 * The program is $BA_CHESS_PROGRAM, or examples/boardai-chess of the build folder this test
 * was built in (the test is in <build>/tests/). */
#include <check.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"
#include "pipe_program.h"
#include "chess/chess_internal.h"

typedef bt_program engine;

static void start(engine *e)
{
    char path[PATH_MAX + 64];
    /* no arguments and stdin a pipe: UCI, as a GUI starts it */
    bt_program_path("BA_CHESS_PROGRAM", "boardai-chess", path, sizeof path);
    bt_program_start(e, path);
}

/* The next line within @p timeout_ms: 1, or 0 on timeout / end of output. */
static int read_line(engine *e, char *out, size_t cap, int64_t timeout_ms)
{
    return bt_program_read_line(e, out, cap, bt_now_ms() + timeout_ms);
}

/* Reads up to a line starting with @p prefix (copied to @p out) within @p timeout_ms. */
static void expect(engine *e, const char *prefix, char *out, size_t cap, int64_t timeout_ms)
{
    char line[4096];
    int64_t deadline = bt_now_ms() + timeout_ms;
    for (;;) {
        ck_assert_msg(read_line(e, line, sizeof line, deadline - bt_now_ms()), "no '%s' within %lld ms", prefix,
                      (long long)timeout_ms);
        if (!strncmp(line, prefix, strlen(prefix))) {
            if (out)
                snprintf(out, cap, "%s", line);
            return;
        }
    }
}

/* Reads up to the bestmove within @p timeout_ms and checks that the last info line with a PV
 * before it starts with the move; returns the move in @p move. */
/* Reads for @p ms while a search runs: no bestmove may come; @p pv gets the last PV's first move. */
static void no_bestmove_for(engine *e, int64_t ms, char *pv, size_t cap)
{
    char line[4096];
    int64_t deadline = bt_now_ms() + ms;
    while (read_line(e, line, sizeof line, deadline - bt_now_ms())) {
        ck_assert_msg(strncmp(line, "bestmove", 8), "%s before stop", line);
        if (!strncmp(line, "info ", 5) && strstr(line, " pv "))
            snprintf(pv, cap, "%.*s", (int)strcspn(strstr(line, " pv ") + 4, " "), strstr(line, " pv ") + 4);
    }
}

/* As expect_bestmove(), with @p pv_so_far the first PV move already seen in this search. */
static void expect_bestmove_after(engine *e, const char *pv_so_far, char *move, size_t cap, int64_t timeout_ms)
{
    char line[4096], pv[16] = "", seen[2048] = "";
    snprintf(pv, sizeof pv, "%s", pv_so_far);
    size_t seen_len = 0;
    int64_t deadline = bt_now_ms() + timeout_ms;
    for (;;) {
        ck_assert_msg(read_line(e, line, sizeof line, deadline - bt_now_ms()), "no bestmove within %lld ms",
                      (long long)timeout_ms);
        if (seen_len + 2 < sizeof seen) /* the transcript, for the failure message */
            seen_len += (size_t)snprintf(seen + seen_len, sizeof seen - seen_len, "%.200s\n", line);
        if (seen_len >= sizeof seen)
            seen_len = sizeof seen - 1;
        if (!strncmp(line, "info ", 5) && strstr(line, " pv "))
            sscanf(strstr(line, " pv ") + 4, "%15s", pv);
        if (!strncmp(line, "bestmove ", 9)) {
            snprintf(move, cap, "%.*s", (int)strcspn(line + 9, " "), line + 9);
            ck_assert_msg(!strcmp(move, pv), "bestmove %s, last PV starts with '%s', after:\n%s", move, pv, seen);
            return;
        }
    }
}

static void expect_bestmove(engine *e, char *move, size_t cap, int64_t timeout_ms)
{
    expect_bestmove_after(e, "", move, cap, timeout_ms);
}

static void quit(engine *e) { bt_program_quit(e, 3000); }

START_TEST(a_gui_session)
{
    signal(SIGPIPE, SIG_IGN);
    engine e;
    char line[4096], move[16];
    start(&e);
    bt_program_send(&e, "uci");
    expect(&e, "id name boardai-chess", NULL, 0, 5000);
    expect(&e, "uciok", NULL, 0, 5000);
    bt_program_send(&e, "setoption name Hash value 8");
    bt_program_send(&e, "setoption name move overhead value 50");
    bt_program_send(&e, "isready");
    for (;;) { /* the options were all understood: no error line before readyok */
        ck_assert(read_line(&e, line, sizeof line, 5000));
        ck_assert_msg(!strstr(line, "error"), "%s", line);
        if (!strcmp(line, "readyok"))
            break;
    }

    /* A game on a clock of 1 s + 20 ms each: ten plies, the clock kept by the test. */
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_chess_game(), &pos), BA_OK);
    char moves[1024] = "";
    size_t mlen = 0;
    int64_t clock_ms[2] = {1000, 1000};
    bt_program_send(&e, "ucinewgame");
    for (int ply = 0; ply < 10; ply++) {
        bt_program_send(&e, "position startpos moves%s", moves);
        int64_t t0 = bt_now_ms();
        bt_program_send(&e, "go wtime %lld btime %lld winc 20 binc 20", (long long)clock_ms[0], (long long)clock_ms[1]);
        expect_bestmove(&e, move, sizeof move, 10000);
        int stm = ply & 1;
        clock_ms[stm] -= bt_now_ms() - t0;
        ck_assert_msg(clock_ms[stm] > -500, "ply %d: the clock fell to %lld ms", ply, (long long)clock_ms[stm]);
        clock_ms[stm] += 20;
        ck_assert_msg(ba_pos_play_text(pos, move, NULL) == BA_OK, "illegal bestmove %s", move);
        mlen += (size_t)snprintf(moves + mlen, sizeof moves - mlen, " %s", move);
    }
    ba_pos_free(pos);

    /* go infinite ends only with stop */
    bt_program_send(&e, "position startpos");
    bt_program_send(&e, "go infinite");
    char pv[16] = "";
    no_bestmove_for(&e, 300, pv, sizeof pv);
    bt_program_send(&e, "stop");
    expect_bestmove_after(&e, pv, move, sizeof move, 5000);

    /* a GUI that sends a new position without stop: the search ends first, and answers */
    bt_program_send(&e, "go infinite");
    bt_program_send(&e, "position startpos moves e2e4");
    bt_program_send(&e, "go movetime 50");
    expect_bestmove(&e, move, sizeof move, 5000);
    expect_bestmove(&e, move, sizeof move, 5000);
    ck_assert_msg(strlen(move) >= 4 && move[1] >= '5', "%s is not a black move", move); /* black's reply */

    /* the go lines that crashed or never ended */
    static const char *gos[] = {
        "go mate",
        "go wtime 0 btime 0 winc 100 binc 100",
        "go wtime -100 btime -100",
        "go winc 100 binc 100",
        "go searchmoves e2e4 btime 1000 wtime 1000",
        "go searchmoves a2a3 h2h3 depth 5",
        "go mate 3",
        "go frobnicate",
    };
    for (size_t i = 0; i < sizeof gos / sizeof gos[0]; i++) {
        bt_program_send(&e, "position startpos");
        bt_program_send(&e, "%s", gos[i]);
        expect_bestmove(&e, move, sizeof move, 8000);
        if (strstr(gos[i], "searchmoves e2e4"))
            ck_assert_str_eq(move, "e2e4");
        if (strstr(gos[i], "searchmoves a2a3"))
            ck_assert(!strcmp(move, "a2a3") || !strcmp(move, "h2h3"));
    }
    bt_program_send(&e, "isready");
    expect(&e, "readyok", NULL, 0, 5000);
    quit(&e);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_uci_program");
    TCase *tc = tcase_create("program");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_gui_session);
    suite_add_tcase(s, tc);
    return s;
}
