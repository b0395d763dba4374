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

#define UCI_LINE_CHECK 4096

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
    ck_assert_int_eq(ba_chess_uci_time_budget(60000, 0, 1), 36000);       /* last move: 60% */
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

/* Every bestmove line of the captured text is preceded (since the previous bestmove) by an info
 * line whose PV starts with that move; returns the number of bestmoves checked. */
static int check_pv_before_bestmove(const char *text)
{
    int count = 0;
    char last_pv[8] = "";
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char line[UCI_LINE_CHECK];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1), p);
        if (!strncmp(line, "info ", 5) && strstr(line, " pv ")) {
            sscanf(strstr(line, " pv ") + 4, "%7s", last_pv);
        } else if (!strncmp(line, "bestmove ", 9)) {
            char m[8] = "";
            sscanf(line + 9, "%7s", m);
            if (strcmp(m, "0000"))
                ck_assert_msg(!strcmp(m, last_pv), "bestmove %s after a last PV starting with '%s'", m, last_pv);
            last_pv[0] = '\0';
            count++;
        }
        p += len + (nl ? 1 : 0);
    }
    return count;
}

static int legal_here(const ba_pos *pos, const char *move)
{
    ba_move m;
    return ba_pos_parse_move(pos, move, &m, NULL) == BA_OK;
}

static double elapsed_ms(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) * 1000.0 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Each go below once crashed, never ended or answered nothing (issue 13 §3): now each ends by
 * itself, well within the time given (the bound is loose for a loaded machine), with a legal
 * bestmove announced by its PV. */
START_TEST(every_go_answers)
{
    static const struct {
        const char *go;
        const char *expect; /* the bestmove, or NULL for any legal one */
    } cases[] = {
        {"go mate", NULL},                                  /* read past the last word */
        {"go wtime 0 btime 0 winc 100 binc 100", NULL},     /* no time limit was set */
        {"go wtime -300 btime -200 winc 0 binc 0", NULL},   /* negative clocks */
        {"go winc 100 binc 100", NULL},                     /* an increment alone */
        {"go movestogo 5", NULL},                           /* a clock word alone */
        {"go searchmoves e2e4 btime 1000 wtime 1000", "e2e4"},
        {"go movetime 200 searchmoves a2a3", "a2a3"},       /* searchmoves was ignored */
        {"go searchmoves g1f3 b1c3 movetime 150", NULL},
        {"go mate 3", NULL},                                /* searched without limit */
        {"go sideways", NULL},                              /* unparsable: still a bestmove */
        {"go depth x movetime 100", NULL},
        {"go perft 99", NULL},
        {"go movetime 0", NULL},
        {"go nodes 0", NULL},
        {"go depth 0", NULL},
    };
    capture c;
    ba_chess_uci *u = new_session(&c);
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_chess_game(), &pos), BA_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cap_clear(&c);
        feed_sync(u, "position startpos");
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        feed_sync(u, cases[i].go);
        double ms = elapsed_ms(&t0);
        ck_assert_msg(ms < 5000, "'%s' took %.0f ms", cases[i].go, ms);
        char m[8];
        ck_assert_msg(strstr(c.text, "bestmove ") != NULL, "'%s': no bestmove in:\n%s", cases[i].go, c.text);
        bestmove(&c, m);
        ck_assert_msg(legal_here(pos, m), "'%s': bestmove %s", cases[i].go, m);
        if (cases[i].expect)
            ck_assert_msg(!strcmp(m, cases[i].expect), "'%s': bestmove %s, not %s", cases[i].go, m, cases[i].expect);
        ck_assert_int_eq(check_pv_before_bestmove(c.text), 1);
    }
    /* searchmoves with depth: only the listed moves, and the depth word is not a move */
    for (int rep = 0; rep < 2; rep++) {
        cap_clear(&c);
        feed_sync(u, rep ? "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" : "position startpos");
        feed_sync(u, rep ? "go searchmoves h2h3 a1a7 depth 4" : "go searchmoves a2a3 h2h3 depth 5");
        char m[8];
        bestmove(&c, m);
        ck_assert_msg(rep ? !strcmp(m, "h2h3") || !strcmp(m, "a1a7") : !strcmp(m, "a2a3") || !strcmp(m, "h2h3"),
                      "bestmove %s", m);
        ck_assert_ptr_null(strstr(c.text, "error"));
        ck_assert_int_eq(check_pv_before_bestmove(c.text), 1);
    }
    /* with the mate on the board, searchmoves that leave it out do not play it... */
    cap_clear(&c);
    feed_sync(u, "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    feed_sync(u, "go depth 3 searchmoves h2h3 g2g3");
    char m[8];
    bestmove(&c, m);
    ck_assert_msg(!strcmp(m, "h2h3") || !strcmp(m, "g2g3"), "bestmove %s", m);
    /* ...and with it listed, the mate is found and scored as one */
    cap_clear(&c);
    feed_sync(u, "go depth 3 searchmoves h2h3 a1a8");
    ck_assert_str_eq(bestmove(&c, m), "a1a8");
    ck_assert_ptr_nonnull(strstr(c.text, "score mate 1 "));
    /* go mate 2 finds the mate in two and stops by itself */
    cap_clear(&c);
    feed_sync(u, "position fen 6k1/8/6K1/8/8/8/8/1R6 w - - 0 1");
    feed_sync(u, "go mate 2");
    ck_assert_ptr_nonnull(strstr(c.text, "score mate "));
    ck_assert_int_eq(check_pv_before_bestmove(c.text), 1);
    ba_pos_free(pos);
    ba_chess_uci_free(u);
}
END_TEST

START_TEST(options_any_case)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    feed_sync(u, "uci");
    ck_assert_ptr_nonnull(strstr(c.text, "option name Evaluation type combo default "));
    ck_assert_ptr_nonnull(strstr(c.text, " var classic"));
    ck_assert_ptr_nonnull(strstr(c.text, " var tapered"));
    ck_assert_ptr_nonnull(strstr(c.text, "option name Move Overhead type spin"));
    static const char *good[] = {
        "setoption name hash value 64", "setoption name HASH value 1", "setoption name Clear Hash",
        "setoption name clear hash", "setoption name move overhead value 100",
        "setoption name Evaluation value classic", "setoption name evaluation value TAPERED",
        "setoption name Selective value false", "setoption name selective value TRUE",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        cap_clear(&c);
        feed_sync(u, good[i]);
        ck_assert_msg(c.len == 0, "'%s' answered: %s", good[i], c.text);
    }
    static const char *bad[] = {
        "setoption name Evaluation value strongest", "setoption name Evaluation",
        "setoption name Move Overhead value -1",
        "setoption value 3", "setoption", "setoption name Hash", "setoption name Selective value 2",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cap_clear(&c);
        feed_sync(u, bad[i]);
        ck_assert_msg(strstr(c.text, "info string error") != NULL, "no error for '%s'", bad[i]);
    }
    /* Switching the evaluation in the middle of a game keeps the game, history included: the
     * repetition draw after Nf3 Nf6 Ng1 Ng8 twice is still seen. */
    feed_sync(u, "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    feed_sync(u, "setoption name Evaluation value classic");
    cap_clear(&c);
    feed_sync(u, "d");
    ck_assert_ptr_nonnull(strstr(c.text, "Fen: rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4"));
    cap_clear(&c);
    feed_sync(u, "go depth 2");
    char m[8];
    bestmove(&c, m);
    ck_assert_int_eq(check_pv_before_bestmove(c.text), 1);
    /* MultiPV: K lines per depth, and the last line before bestmove is the best one's. */
    feed_sync(u, "setoption name multipv value 3");
    cap_clear(&c);
    feed_sync(u, "position startpos");
    feed_sync(u, "go depth 3");
    ck_assert_ptr_nonnull(strstr(c.text, "info depth 3 multipv 3 score "));
    ck_assert_ptr_nonnull(strstr(c.text, "info depth 3 multipv 1 score "));
    ck_assert_int_eq(check_pv_before_bestmove(c.text), 1);
    cap_clear(&c);
    feed_sync(u, "setoption name MultiPV value 0");
    ck_assert_ptr_nonnull(strstr(c.text, "info string error"));
    feed_sync(u, "setoption name MultiPV value 1");
    /* Both presets play a legal game move from a FEN start. */
    for (int e = 0; e < 2; e++) {
        feed_sync(u, e ? "setoption name Evaluation value tapered" : "setoption name Evaluation value classic");
        cap_clear(&c);
        feed_sync(u, "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1");
        feed_sync(u, "go depth 3");
        ba_pos *pos;
        ck_assert_int_eq(ba_pos_new(ba_chess_game(), &pos), BA_OK);
        ck_assert_int_eq(
            ba_pos_set_text(pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1", NULL), BA_OK);
        ck_assert(legal_here(pos, bestmove(&c, m)));
        ba_pos_free(pos);
    }
    ba_chess_uci_free(u);
}
END_TEST

/* The search is cut by its clock at random moments, the place where an unfinished iteration's
 * move used to be played without its info line: the last PV always starts with the move. */
START_TEST(last_pv_is_the_move_played)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    static const char *fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/ppp2ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 6",
        "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    int checked = 0;
    for (int i = 0; i < 24; i++) {
        char line[160];
        snprintf(line, sizeof line, "position fen %s", fens[i % 4]);
        feed_sync(u, line);
        cap_clear(&c);
        snprintf(line, sizeof line, "go movetime %d", 3 + 7 * i);
        feed_sync(u, line);
        checked += check_pv_before_bestmove(c.text);
    }
    ck_assert_int_eq(checked, 24);
    ba_chess_uci_free(u);
}
END_TEST

START_TEST(ponder_then_ponderhit)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    feed_sync(u, "position startpos moves e2e4");
    ck_assert_int_eq(ba_chess_uci_feed(u, "go ponder wtime 1000 btime 1000"), BA_CHESS_UCI_GO);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, search_thread, u), 0);
    struct timespec ts = {0, 100 * 1000 * 1000};
    nanosleep(&ts, NULL);
    pthread_mutex_lock(&c.lock);
    ck_assert_ptr_null(strstr(c.text, "bestmove")); /* pondering: no move before ponderhit */
    pthread_mutex_unlock(&c.lock);
    ck_assert_int_eq(ba_chess_uci_feed(u, "ponderhit"), BA_OK);
    pthread_join(t, NULL);
    ck_assert_ptr_nonnull(strstr(c.text, "bestmove"));
    ck_assert_int_eq(check_pv_before_bestmove(c.text), 1);
    ba_chess_uci_free(u);
}
END_TEST

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

/* The kernel's contract in UCI: `go infinite` runs on a search thread while the reader answers
 * `isready` at once and refuses what would touch the position or the engine; `stop` from the
 * reader ends it with exactly one bestmove, after every info line. */
START_TEST(go_infinite_then_stop_from_the_reader)
{
    capture c;
    ba_chess_uci *u = new_session(&c);
    feed_sync(u, "position startpos moves e2e4 e7e5");
    ck_assert_int_eq(ba_chess_uci_feed(u, "go infinite"), BA_CHESS_UCI_GO);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, search_thread, u), 0);
    struct timespec ts = {0, 100 * 1000 * 1000};
    nanosleep(&ts, NULL);
    ck_assert_int_eq(ba_chess_uci_feed(u, "isready"), BA_OK);
    ck_assert_int_eq(ba_chess_uci_feed(u, "ucinewgame"), BA_OK);
    ck_assert_int_eq(ba_chess_uci_feed(u, "setoption name Hash value 1"), BA_OK);
    ck_assert_int_eq(ba_chess_uci_feed(u, "go depth 1"), BA_OK);
    pthread_mutex_lock(&c.lock);
    ck_assert_ptr_nonnull(strstr(c.text, "readyok"));
    ck_assert_ptr_null(strstr(c.text, "bestmove"));
    int refused = 0;
    for (const char *p = c.text; (p = strstr(p, "while searching")) != NULL; p++)
        refused++;
    ck_assert_int_eq(refused, 3);
    pthread_mutex_unlock(&c.lock);
    ck_assert_int_eq(ba_chess_uci_feed(u, "stop"), BA_OK);
    pthread_join(t, NULL);
    const char *best = strstr(c.text, "bestmove ");
    ck_assert_ptr_nonnull(best);
    ck_assert_ptr_null(strstr(best + 1, "bestmove "));
    ck_assert_ptr_null(strstr(best, "info ")); /* nothing after it */
    ck_assert_int_eq(check_pv_before_bestmove(c.text), 1);
    /* the refused ucinewgame did nothing: the position still has both moves */
    cap_clear(&c);
    feed_sync(u, "d");
    ck_assert_ptr_nonnull(strstr(c.text, "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"));
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
    tcase_add_test(tc, every_go_answers);
    tcase_add_test(tc, options_any_case);
    tcase_add_test(tc, last_pv_is_the_move_played);
    tcase_add_test(tc, ponder_then_ponderhit);
    tcase_add_test(tc, go_infinite_then_stop_from_the_reader);
    suite_add_tcase(s, tc);
    return s;
}
