/* The UCI session (ba_chess_uci_*): the commands a GUI sends, `go perft`, time management,
 * stop from another thread, a finished game, and hostile input (random and malformed lines)
 * that must only ever be answered with `info string error` lines. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "check_main.h"
#include "chess/chess_internal.h"

typedef struct capture {
    pthread_mutex_t lock;
    char text[1 << 16];
    size_t len;
    int lines;
} capture;

static void cap_write(void *user, const char *line, size_t len)
{
    capture *c = user;
    pthread_mutex_lock(&c->lock);
    ck_assert_uint_eq(strlen(line), len);
    if (c->len + len + 2 < sizeof c->text) {
        memcpy(c->text + c->len, line, len);
        c->len += len;
        c->text[c->len++] = '\n';
        c->text[c->len] = '\0';
    }
    c->lines++;
    pthread_mutex_unlock(&c->lock);
}

static void cap_clear(capture *c)
{
    c->len = 0;
    c->text[0] = '\0';
    c->lines = 0;
}

static ba_chess_uci *new_session(capture *c)
{
    memset(c, 0, sizeof *c);
    pthread_mutex_init(&c->lock, NULL);
    ba_chess_uci *u;
    ck_assert_int_eq(ba_chess_uci_new(cap_write, c, &u), BA_OK);
    return u;
}

static void feed_sync(ba_chess_uci *u, const char *line)
{
    int rc = ba_chess_uci_feed(u, line);
    ck_assert_int_ge(rc, 0);
    if (rc == BA_CHESS_UCI_GO)
        ck_assert_int_eq(ba_chess_uci_search(u), BA_OK);
}

/* The move after "bestmove " in the captured text. */
static const char *bestmove(const capture *c, char *out)
{
    const char *p = strstr(c->text, "bestmove ");
    ck_assert_ptr_nonnull(p);
    sscanf(p + 9, "%7s", out);
    return out;
}

START_TEST(handshake_and_search)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    feed_sync(u, "uci");
    ck_assert_ptr_nonnull(strstr(c.text, "id name boardai-chess"));
    ck_assert_ptr_nonnull(strstr(c.text, "option name Hash"));
    ck_assert_ptr_nonnull(strstr(c.text, "uciok\n"));
    cap_clear(&c);
    feed_sync(u, "isready");
    ck_assert_str_eq(c.text, "readyok\n");
    feed_sync(u, "setoption name Hash value 1");
    feed_sync(u, "ucinewgame");
    cap_clear(&c);
    feed_sync(u, "position startpos moves e2e4 e7e5 g1f3");
    ck_assert_str_eq(c.text, ""); /* silent when all is well */
    feed_sync(u, "go depth 3");
    ck_assert_ptr_nonnull(strstr(c.text, "info depth 3 score cp "));
    char m[8];
    bestmove(&c, m);
    /* the move is legal for Black in that position */
    ba_pos *pos;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(ba_chess_game(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", &err), BA_OK);
    ck_assert_msg(ba_pos_play_text(pos, m, &err) == BA_OK, "bestmove %s: %s", m, err.message);
    ba_pos_free(pos);
    /* a mate in one is found and reported as a mate score */
    cap_clear(&c);
    feed_sync(u, "position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    feed_sync(u, "go depth 2");
    ck_assert_str_eq(bestmove(&c, m), "a1a8");
    ck_assert_ptr_nonnull(strstr(c.text, "score mate 1"));
    /* after the game's end: no move */
    cap_clear(&c);
    feed_sync(u, "position fen R6k/8/6K1/8/8/8/8/8 b - - 0 1");
    feed_sync(u, "go depth 2");
    ck_assert_str_eq(bestmove(&c, m), "0000");
    ba_chess_uci_free(u);
}
END_TEST

START_TEST(go_perft_divides)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    feed_sync(u, "position startpos moves e2e4");
    feed_sync(u, "go perft 3");
    ck_assert_ptr_nonnull(strstr(c.text, "\nNodes searched: 13160\n"));
    ck_assert_ptr_nonnull(strstr(c.text, "d7d5: 866\n"));
    ck_assert_int_eq(c.lines, 20 + 2);
    cap_clear(&c);
    feed_sync(u, "go perft 0");
    ck_assert_ptr_nonnull(strstr(c.text, "info string error"));
    ba_chess_uci_free(u);
}
END_TEST

START_TEST(time_budget)
{
    /* within the clock, with a margin, and growing with the increment */
    for (int64_t left = 1; left < 600000; left = left * 3 + 7)
        for (int mtg = 0; mtg < 45; mtg += 11) {
            int64_t t = ba_chess_uci_time_budget(left, 0, mtg);
            ck_assert_int_ge(t, 1);
            ck_assert_int_le(t, left > 4 ? left - left / 5 : left);
            ck_assert_int_ge(ba_chess_uci_time_budget(left, 1000, mtg), t);
        }
    ck_assert_int_eq(ba_chess_uci_time_budget(60000, 0, 0), 2000);        /* a 30th */
    ck_assert_int_eq(ba_chess_uci_time_budget(60000, 0, 10), 6000);       /* a 10th */
    ck_assert_int_eq(ba_chess_uci_time_budget(60000, 0, 1), 60000 - 50);  /* last move */
    ck_assert_int_eq(ba_chess_uci_time_budget(60000, 2000, 0), 3500);     /* + 3/4 inc */
    ck_assert_int_eq(ba_chess_uci_time_budget(0, 0, 0), 1);
    /* a clock-driven go finishes within its budget (with slack for a loaded machine) */
    capture c;
    ba_chess_uci *u = new_session(&c);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    feed_sync(u, "position startpos");
    feed_sync(u, "go wtime 3000 btime 3000 winc 0 binc 0");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1000.0 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    ck_assert_msg(ms < 2000.0, "took %.0f ms with a 100 ms budget", ms);
    char m[8];
    ck_assert_str_ne(bestmove(&c, m), "0000");
    ba_chess_uci_free(u);
}
END_TEST

static void *search_thread(void *arg)
{
    ba_chess_uci_search(arg);
    return NULL;
}

START_TEST(stop_from_another_thread)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    ck_assert_int_eq(ba_chess_uci_feed(u, "go infinite"), BA_CHESS_UCI_GO);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, search_thread, u), 0);
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    /* while searching: isready is answered, other commands are refused */
    ck_assert_int_eq(ba_chess_uci_feed(u, "isready"), BA_OK);
    ck_assert_int_eq(ba_chess_uci_feed(u, "position startpos moves e2e4"), BA_OK);
    pthread_mutex_lock(&c.lock);
    ck_assert_ptr_nonnull(strstr(c.text, "readyok"));
    ck_assert_ptr_nonnull(strstr(c.text, "while searching"));
    ck_assert_ptr_null(strstr(c.text, "bestmove")); /* infinite: no bestmove before stop */
    pthread_mutex_unlock(&c.lock);
    ck_assert_int_eq(ba_chess_uci_feed(u, "stop"), BA_OK);
    pthread_join(t, NULL);
    const char *first = strstr(c.text, "bestmove ");
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_null(strstr(first + 1, "bestmove ")); /* exactly once */
    /* a short infinite search that finishes by itself (mate found) holds its bestmove */
    cap_clear(&c);
    feed_sync(u, "position fen 7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    ck_assert_int_eq(ba_chess_uci_feed(u, "go infinite depth 1"), BA_CHESS_UCI_GO);
    ck_assert_int_eq(ba_chess_uci_search(u), BA_OK);
    ck_assert_ptr_null(strstr(c.text, "bestmove"));
    ba_chess_uci_stop(u);
    ck_assert_ptr_nonnull(strstr(c.text, "bestmove a1a8"));
    ba_chess_uci_free(u);
}
END_TEST

START_TEST(bad_input_is_answered)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    static const char *bad[] = {
        "frobnicate", "position", "position nowhere", "position fen", "position fen 8/8/8 w - - 0 1",
        "position startpos moves e2e5", "position startpos moves e2e4 e2e4", "position startpos junk e2e4",
        "go depth", "go depth x", "go wtime -", "go perft 99", "go sideways", "setoption name Hash value -3",
        "setoption name Hash value 99999", "setoption name Colour value red",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cap_clear(&c);
        feed_sync(u, bad[i]);
        ck_assert_msg(strstr(c.text, "info string error") != NULL, "no error for '%s': %s", bad[i], c.text);
    }
    /* a failed position command leaves the position as it was */
    feed_sync(u, "position startpos moves e2e4");
    feed_sync(u, "position startpos moves d2d4 d2d4");
    cap_clear(&c);
    feed_sync(u, "d");
    ck_assert_ptr_nonnull(strstr(c.text, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
    /* an overlong line */
    char *huge = malloc(BA_PROTOCOL_LINE_MAX + 10);
    ck_assert_ptr_nonnull(huge);
    memset(huge, 'a', BA_PROTOCOL_LINE_MAX + 5);
    huge[BA_PROTOCOL_LINE_MAX + 5] = '\0';
    cap_clear(&c);
    feed_sync(u, huge);
    ck_assert_ptr_nonnull(strstr(c.text, "info string error"));
    /* a line of many words */
    for (size_t i = 0; i + 2 < BA_PROTOCOL_LINE_MAX; i += 2) {
        huge[i] = 'x';
        huge[i + 1] = ' ';
    }
    huge[BA_PROTOCOL_LINE_MAX - 1] = '\0';
    memcpy(huge, "position startpos moves ", 24);
    cap_clear(&c);
    feed_sync(u, huge);
    ck_assert_ptr_nonnull(strstr(c.text, "info string error"));
    free(huge);
    /* a go that is never run is dropped by the next command */
    ck_assert_int_eq(ba_chess_uci_feed(u, "go infinite"), BA_CHESS_UCI_GO);
    cap_clear(&c);
    feed_sync(u, "position startpos moves d2d4");
    feed_sync(u, "d");
    ck_assert_ptr_null(strstr(c.text, "error"));
    ck_assert_ptr_nonnull(strstr(c.text, "Fen: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"));
    ck_assert_int_eq(ba_chess_uci_search(u), BA_ERR_STATE);
    ck_assert_int_eq(ba_chess_uci_feed(u, "quit"), BA_PROTOCOL_QUIT);
    ck_assert_int_eq(ba_chess_uci_feed(NULL, "uci"), BA_ERR_ARG);
    ck_assert_int_eq(ba_chess_uci_search(u), BA_ERR_STATE); /* no go pending */
    ba_chess_uci_free(u);
}
END_TEST

/* Random lines built from UCI words, numbers, moves and junk bytes. Every `go` is stopped at
 * once (a stop before the search makes it end after its first depth), so the test stays fast. */
START_TEST(random_lines_do_not_crash)
{
    static const char *words[] = {
        "uci", "isready", "ucinewgame", "position", "startpos", "fen", "moves", "go", "depth", "nodes",
        "movetime", "wtime", "btime", "winc", "binc", "movestogo", "infinite", "perft", "stop", "d",
        "setoption", "name", "Hash", "value", "e2e4", "e7e5", "g1f3", "e1g1", "a7a8q", "0000", "-1", "0",
        "1", "2", "99999999999999999999", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "b", "KQkq",
        "-", "8/8/8/8/8/8/8/8", "\t", "\xff\xfe", "ponderhit", "mate", "searchmoves", "debug", "on",
    };
    const size_t nw = sizeof words / sizeof words[0];
    capture c;
    ba_chess_uci *u = new_session(&c);
    uint64_t seed = 77;
    for (int i = 0; i < 3000; i++) {
        char line[512];
        size_t len = 0;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int n = (int)((seed >> 40) % 9);
        for (int k = 0; k < n; k++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            const char *w = words[(seed >> 33) % nw];
            if (len + strlen(w) + 2 >= sizeof line)
                break;
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", k ? " " : "", w);
        }
        line[len] = '\0';
        cap_clear(&c);
        int rc = ba_chess_uci_feed(u, line);
        ck_assert_int_ge(rc, 0);
        if (rc == BA_CHESS_UCI_GO) {
            ba_chess_uci_stop(u);
            ck_assert_int_eq(ba_chess_uci_search(u), BA_OK);
            ck_assert_ptr_nonnull(strstr(c.text, "bestmove") ? c.text : strstr(c.text, "Nodes searched"));
        }
    }
    ba_chess_uci_free(u);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_uci");
    TCase *tc = tcase_create("uci");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, handshake_and_search);
    tcase_add_test(tc, go_perft_divides);
    tcase_add_test(tc, time_budget);
    tcase_add_test(tc, stop_from_another_thread);
    tcase_add_test(tc, bad_input_is_answered);
    tcase_add_test(tc, random_lines_do_not_crash);
    suite_add_tcase(s, tc);
    return s;
}
