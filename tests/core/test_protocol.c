/* The common text protocol (lib/protocol.c) driven line by line on Nim (tests/support/testgames.h).
 *
 * Nim's truths are independent of the code under test: a move "h:k" takes k counters from heap h;
 * whoever takes the last counter wins; the side to move loses exactly when the xor of the heaps is
 * zero. The start position is heaps 3 4 5 with the first player to move, text "3 4 5 / 0" (it
 * contains spaces, like a FEN, which exercises the split at " moves "). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boardai/boardai.h"
#include "check_main.h"
#include "testgames.h"

/* ---- capturing the answers ---- */

#define MAX_LINES 512

typedef struct capture {
    char *line[MAX_LINES];
    size_t count;
    int bad_line; /* a line held a newline or its length was wrong */
} capture;

static void cap_clear(capture *c)
{
    for (size_t i = 0; i < c->count; i++)
        free(c->line[i]);
    c->count = 0;
}

static void cap_write(void *user, const char *line, size_t len)
{
    capture *c = user;
    if (strlen(line) != len || memchr(line, '\n', len))
        c->bad_line = 1;
    if (c->count < MAX_LINES) {
        c->line[c->count] = malloc(len + 1);
        memcpy(c->line[c->count], line, len);
        c->line[c->count][len] = '\0';
        c->count++;
    }
}

static capture cap;
static ba_protocol *proto;

static void setup_game(const ba_game *g)
{
    memset(&cap, 0, sizeof cap);
    ck_assert_int_eq(ba_protocol_new(g, cap_write, &cap, &proto), BA_OK);
}

static void setup(void) { setup_game(bt_nim_game()); }

static void teardown(void)
{
    ck_assert_int_eq(cap.bad_line, 0);
    ba_protocol_free(proto);
    proto = NULL;
    cap_clear(&cap);
}

/* Feeds one line after forgetting earlier answers; returns the feed's return code. */
static int feed(const char *line)
{
    cap_clear(&cap);
    return ba_protocol_feed(proto, line);
}

static const char *last(void) { return cap.count ? cap.line[cap.count - 1] : ""; }

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Feeds a line that must be answered by exactly one error line (and nothing else). */
static void expect_error(const char *line, const char *fragment)
{
    ck_assert_int_eq(feed(line), BA_OK);
    ck_assert_msg(cap.count == 1, "'%.60s' gave %zu lines, expected one error", line, cap.count);
    ck_assert_msg(starts_with(cap.line[0], "error: "), "'%.60s' answered '%s'", line, cap.line[0]);
    if (fragment)
        ck_assert_msg(strstr(cap.line[0], fragment), "'%.60s' answered '%s', expected '%s' in it",
                      line, cap.line[0], fragment);
}

/* Feeds a line that must be answered by nothing. */
static void expect_silent(const char *line)
{
    ck_assert_int_eq(feed(line), BA_OK);
    ck_assert_msg(cap.count == 0, "'%.60s' answered '%s'", line, cap.count ? cap.line[0] : "");
}

/* The position text as `show` reports it. */
static void shown_position(char *buf, size_t cap_len)
{
    ck_assert_int_eq(feed("show"), BA_OK);
    ck_assert_uint_ge(cap.count, 1);
    ck_assert_msg(starts_with(last(), "position "), "show ended with '%s'", last());
    snprintf(buf, cap_len, "%s", last() + strlen("position "));
}

static int64_t engine_value(ba_option option)
{
    int64_t v = -12345;
    ck_assert_int_eq(ba_engine_get(ba_protocol_engine(proto), option, &v), BA_OK);
    return v;
}

/* ---- commands ---- */

START_TEST(test_moves_lists_every_legal_move_once)
{
    expect_silent("position 3 4 5 / 0");
    ck_assert_int_eq(feed("moves"), BA_OK);
    ck_assert_uint_eq(cap.count, 1);
    /* Expected: h:k for every heap h and 1 <= k <= heap size, each exactly once. */
    const int heaps[3] = {3, 4, 5};
    int seen[3][6] = {{0}};
    char *copy = strdup(cap.line[0]);
    int tokens = 0;
    for (char *t = strtok(copy, " "); t; t = strtok(NULL, " ")) {
        int h = 0, k = 0;
        ck_assert_msg(sscanf(t, "%d:%d", &h, &k) == 2, "token '%s'", t);
        ck_assert_msg(h >= 1 && h <= 3 && k >= 1 && k <= heaps[h - 1], "move %s is not legal", t);
        seen[h - 1][k]++;
        tokens++;
    }
    free(copy);
    ck_assert_int_eq(tokens, 3 + 4 + 5);
    for (int h = 0; h < 3; h++)
        for (int k = 1; k <= heaps[h]; k++)
            ck_assert_int_eq(seen[h][k], 1);
    expect_error("moves now", "no arguments");
}
END_TEST

START_TEST(test_position_with_spaces_and_moves)
{
    char text[BA_POS_TEXT_MAX];
    /* Take 3 from heap 1, then 4 from heap 2: heap 3 is left, first player to move again. */
    expect_silent("position 3 4 5 / 0 moves 1:3 2:4");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "0 0 5 / 0");
    /* startpos is the same start. */
    expect_silent("position startpos moves 3:5");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "3 4 0 / 1");
    /* Extra spaces and a trailing "moves" with no moves are fine. */
    expect_silent("position   1 2 / 1   moves  ");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "1 2 / 1");
    expect_silent("  position startpos");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "3 4 5 / 0");
}
END_TEST

START_TEST(test_position_errors_leave_the_position_alone)
{
    char before[BA_POS_TEXT_MAX], after[BA_POS_TEXT_MAX];
    expect_silent("position 2 2 / 0 moves 1:1");
    shown_position(before, sizeof before);
    /* The second move takes 4 from a heap of 2: illegal; nothing changes. */
    expect_error("position 3 4 5 / 0 moves 1:1 1:4", "move 2");
    shown_position(after, sizeof after);
    ck_assert_str_eq(after, before);
    expect_error("position 3 4 5 / 0 moves 1:1 banana", "banana");
    expect_error("position 3 x 5 / 0", "position");
    expect_error("position", NULL);
    expect_error("position moves 1:1", NULL);
    expect_error("position 1 2 3 4 5 / 0", "position"); /* Nim allows four heaps */
    shown_position(after, sizeof after);
    ck_assert_str_eq(after, before);
}
END_TEST

START_TEST(test_play_undo_new_result)
{
    char text[BA_POS_TEXT_MAX];
    expect_silent("new");
    expect_silent("play 3:5");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "3 4 0 / 1");
    expect_error("play 3:1", "3:1"); /* heap 3 is empty now */
    expect_error("play", "missing");
    expect_error("play ::", NULL);
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "3 4 0 / 1");
    expect_silent("undo");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "3 4 5 / 0");
    expect_error("undo", "no move");
    expect_silent("play 1:1");
    expect_silent("new");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "3 4 5 / 0");

    ck_assert_int_eq(feed("result"), BA_OK);
    ck_assert_str_eq(last(), "ongoing");
    /* The first player takes the last counter: the first player ("first") wins. */
    expect_silent("position 0 0 1 / 0 moves 3:1");
    ck_assert_int_eq(feed("result"), BA_OK);
    ck_assert_uint_eq(cap.count, 1);
    ck_assert_str_eq(last(), "win first");
    expect_error("play 1:1", NULL); /* nothing left to play */
    expect_silent("position 0 1 / 1 moves 2:1");
    ck_assert_int_eq(feed("result"), BA_OK);
    ck_assert_str_eq(last(), "win second");
}
END_TEST

START_TEST(test_perft)
{
    /* From 3 4 5: 12 moves; after taking k counters, 12 - k moves remain, so depth 2 is
     * (11+10+9) + (11+10+9+8) + (11+10+9+8+7) = 113. */
    const struct {
        const char *cmd;
        const char *want;
    } cases[] = {{"perft 0", "1"}, {"perft 1", "12"}, {"perft 2", "113"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(feed(cases[i].cmd), BA_OK);
        ck_assert_uint_eq(cap.count, 1);
        ck_assert_str_eq(last(), cases[i].want);
    }
    /* One counter left: one move, then the game is over (no moves at depth 2). */
    expect_silent("position 0 0 1 / 0");
    ck_assert_int_eq(feed("perft 1"), BA_OK);
    ck_assert_str_eq(last(), "1");
    ck_assert_int_eq(feed("perft 2"), BA_OK);
    ck_assert_str_eq(last(), "0");
    expect_error("perft", "missing");
    expect_error("perft two", "not a number");
    expect_error("perft -1", "range");
    expect_error("perft 99999999999999999999999999", "range");
    expect_error("perft 2 3", "unexpected");
}
END_TEST

/* Checks one "info ..." line and returns its depth. */
static int check_info(const char *line)
{
    int depth = -1, score = 0, used = 0;
    unsigned long long nodes = 0, nps = 0, ms = 0;
    int n = sscanf(line, "info depth %d score %d nodes %llu nps %llu time %llu pv%n", &depth, &score,
                   &nodes, &nps, &ms, &used);
    ck_assert_msg(n == 5 && used > 0, "bad info line '%s'", line);
    ck_assert_msg(line[used] == '\0' || line[used] == ' ', "bad info line '%s'", line);
    ck_assert_int_ge(depth, 1);
    return depth;
}

START_TEST(test_go_finds_the_winning_move)
{
    /* Heaps 1 2: xor 3, a win for the side to move; the only move to xor 0 is 2:1 (1 1). */
    expect_silent("position 1 2 / 0");
    ck_assert_int_eq(feed("go depth 6"), BA_OK);
    ck_assert_uint_ge(cap.count, 2);
    int prev = 0;
    for (size_t i = 0; i + 1 < cap.count; i++) {
        int d = check_info(cap.line[i]);
        ck_assert_int_gt(d, prev);
        prev = d;
    }
    char move[64];
    int score = 0;
    ck_assert_msg(sscanf(last(), "bestmove %63s score %d", move, &score) == 2, "'%s'", last());
    ck_assert_str_eq(move, "2:1");
    ck_assert_int_ge(score, BA_SCORE_WIN_MIN);
    /* The principal variation of the deepest info line starts with the best move. */
    ck_assert_ptr_nonnull(strstr(cap.line[cap.count - 2], " pv 2:1"));
    /* The limit was for that search only. */
    ck_assert_int_eq(engine_value(BA_OPT_DEPTH), 64);

    /* Heaps 2 2: xor 0, the side to move loses whatever it does. */
    expect_silent("position 2 2 / 1");
    ck_assert_int_eq(feed("go depth 8"), BA_OK);
    ck_assert_msg(sscanf(last(), "bestmove %63s score %d", move, &score) == 2, "'%s'", last());
    ck_assert_int_le(score, -BA_SCORE_WIN_MIN);

    /* Node and time limits still give a legal best move. */
    expect_silent("position startpos");
    ck_assert_int_eq(feed("go nodes 500"), BA_OK);
    ck_assert(starts_with(last(), "bestmove "));
    ck_assert_int_eq(feed("go movetime 20 depth 3"), BA_OK);
    ck_assert(starts_with(last(), "bestmove "));
    ck_assert_int_eq(engine_value(BA_OPT_NODES), 0);
    ck_assert_int_eq(engine_value(BA_OPT_TIME_MS), 0);

    expect_error("go depth 0", "range");
    expect_error("go depth", "missing");
    expect_error("go depth x", "not a number");
    expect_error("go nodes 99999999999999999999999", "range");
    expect_error("go sideways 3", "unknown limit");
    expect_silent("position 0 0 / 0");
    expect_error("go depth 2", "over");
}
END_TEST

/* MCTS through the protocol: its settings by name, and the winning move of a small Nim. */
START_TEST(test_mcts)
{
    expect_silent("setoption algorithm mcts");
    ck_assert_int_eq(engine_value(BA_OPT_ALGORITHM), BA_ALG_MCTS);
    expect_silent("setoption mctsiterations 3000");
    ck_assert_int_eq(engine_value(BA_OPT_MCTS_ITERATIONS), 3000);
    expect_silent("setoption mctssolver 1");
    ck_assert_int_eq(engine_value(BA_OPT_MCTS_SOLVER), 1);
    expect_silent("setoption deterministic 1");
    ck_assert_int_eq(engine_value(BA_OPT_DETERMINISTIC), 1);
    /* 0 2 3, second to move: xor 1; only taking 1 from heap 3 (2 2) wins. */
    expect_silent("position 1 2 3 / 0 moves 1:1");
    ck_assert_int_eq(feed("go"), BA_OK);
    char move[64];
    int score = 0;
    ck_assert_msg(sscanf(last(), "bestmove %63s score %d", move, &score) == 2, "'%s'", last());
    ck_assert_str_eq(move, "3:1");
    ck_assert_int_gt(score, 0);
    expect_error("setoption algorithm 4", "algorithm");
}
END_TEST

/* The session's engine can also be driven directly; its progress still arrives as info lines. */
START_TEST(test_direct_search_through_the_session)
{
    expect_silent("position 1 2 / 0");
    expect_silent("setoption depth 4");
    ba_search_result r;
    cap_clear(&cap);
    ck_assert_int_eq(ba_engine_search(ba_protocol_engine(proto), ba_protocol_position(proto), &r),
                     BA_OK);
    ck_assert_uint_ge(cap.count, 1);
    for (size_t i = 0; i < cap.count; i++)
        check_info(cap.line[i]);
    char text[BA_MOVE_TEXT_MAX];
    ck_assert_int_gt(ba_pos_move_text(ba_protocol_position(proto), &r.best, text, sizeof text), 0);
    ck_assert_str_eq(text, "2:1");
}
END_TEST

START_TEST(test_every_algorithm_agrees)
{
    /* Heaps 3 4 5: xor 2, a win for the first player; 1:2 is the only move to xor 0. */
    const char *const algs[] = {"negamax", "alphabeta", "bestfirst"};
    for (int a = 0; a < 3; a++) {
        char cmd[64], move[64];
        int score = 0;
        snprintf(cmd, sizeof cmd, "setoption algorithm %s", algs[a]);
        expect_silent(cmd);
        ck_assert_int_eq(engine_value(BA_OPT_ALGORITHM), a);
        expect_silent("position 1 2 3 / 0 moves 1:1");
        /* 0 2 3: xor 1, the side to move (second) wins by taking 1 from heap 3 (2 2). */
        ck_assert_int_eq(feed("go depth 6"), BA_OK);
        ck_assert_msg(sscanf(last(), "bestmove %63s score %d", move, &score) == 2, "%s: '%s'",
                      algs[a], last());
        ck_assert_msg(strcmp(move, "3:1") == 0, "%s chose %s", algs[a], move);
        ck_assert_int_ge(score, BA_SCORE_WIN_MIN);
    }
}
END_TEST

START_TEST(test_setoption)
{
    expect_silent("setoption depth 5");
    ck_assert_int_eq(engine_value(BA_OPT_DEPTH), 5);
    expect_silent("setoption name depth value 7");
    ck_assert_int_eq(engine_value(BA_OPT_DEPTH), 7);
    expect_silent("setoption DEPTH 9");
    ck_assert_int_eq(engine_value(BA_OPT_DEPTH), 9);
    expect_silent("setoption algorithm negamax");
    ck_assert_int_eq(engine_value(BA_OPT_ALGORITHM), BA_ALG_NEGAMAX);
    expect_silent("setoption algorithm bestfirst");
    ck_assert_int_eq(engine_value(BA_OPT_ALGORITHM), BA_ALG_BESTFIRST);
    expect_silent("setoption seed 42");
    ck_assert_int_eq(engine_value(BA_OPT_SEED), 42);
    expect_silent("setoption hash 1");
    ck_assert_int_eq(engine_value(BA_OPT_TT_MB), 1);
    expect_silent("setoption noise 3");
    ck_assert_int_eq(engine_value(BA_OPT_NOISE), 3);
    expect_silent("setoption time 250");
    ck_assert_int_eq(engine_value(BA_OPT_TIME_MS), 250);
    expect_silent("setoption nodes 1000");
    ck_assert_int_eq(engine_value(BA_OPT_NODES), 1000);

    expect_error("setoption algorithm sideways", "sideways");
    expect_error("setoption depth 0", "depth");
    ck_assert_int_eq(engine_value(BA_OPT_DEPTH), 9);
    expect_error("setoption depth 99999999999999999999", "range");
    expect_error("setoption depth seven", "not a number");
    expect_error("setoption frobs 1", "unknown option");
    expect_error("setoption depth", NULL);
    expect_error("setoption", NULL);
    expect_error("setoption depth 3 4", "unexpected");

    /* `options` reports every setting, the algorithm by name. */
    ck_assert_int_eq(feed("options"), BA_OK);
    ck_assert_uint_ge(cap.count, 10);
    int found_alg = 0, found_depth = 0;
    for (size_t i = 0; i < cap.count; i++) {
        found_alg |= starts_with(cap.line[i], "option algorithm bestfirst");
        found_depth |= starts_with(cap.line[i], "option depth 9 ");
    }
    ck_assert(found_alg && found_depth);
}
END_TEST

START_TEST(test_help_quit_and_unknown)
{
    ck_assert_int_eq(feed("help"), BA_OK);
    const char *const commands[] = {"new", "position", "moves", "play", "show", "perft",
                                    "eval", "go", "result", "setoption", "quit", "help"};
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        int found = 0;
        for (size_t i = 0; i < cap.count; i++) {
            const char *s = cap.line[i];
            while (*s == ' ')
                s++;
            found |= starts_with(s, commands[k]);
        }
        ck_assert_msg(found, "help does not mention %s", commands[k]);
    }
    expect_error("frobnicate", "unknown command");
    expect_silent("");
    expect_silent("   \t  ");
    expect_silent("# a comment");
    expect_silent("\n");
    expect_silent("\r\n");
    ck_assert_int_eq(feed("quit"), BA_PROTOCOL_QUIT);
    ck_assert_uint_eq(cap.count, 0);
    ck_assert_int_eq(feed("quit\n"), BA_PROTOCOL_QUIT);
    /* The session is still usable after quit was reported. */
    ck_assert_int_eq(feed("perft 1"), BA_OK);
    ck_assert_str_eq(last(), "12");
    ck_assert_int_eq(ba_protocol_feed(proto, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_protocol_feed(NULL, "moves"), BA_ERR_ARG);
}
END_TEST

START_TEST(test_hostile_input)
{
    /* A line longer than the limit: one error, nothing read beyond it. */
    size_t n = BA_PROTOCOL_LINE_MAX + 100;
    char *big = malloc(n + 1);
    memset(big, 'a', n);
    big[n] = '\0';
    expect_error(big, "too long");
    /* Exactly at the limit, with a valid command in front: handled (as a bad move). */
    memcpy(big, "play ", 5);
    big[BA_PROTOCOL_LINE_MAX] = '\0';
    expect_error(big, NULL);
    memcpy(big, "position ", 9);
    expect_error(big, NULL);
    memcpy(big, "setoption depth ", 16);
    memset(big + 16, '9', BA_PROTOCOL_LINE_MAX - 16);
    expect_error(big, "range");
    free(big);

    expect_error("mo\x01ves", "control character");
    expect_error("moves\x7f", "control character");
    expect_error("\x1b[2J", "control character");
    expect_error("\xff\xfe\xfd", "unknown command");
    expect_error("play \xc3\xa9", NULL);
    expect_error("position \xc3\xa9 / 0", NULL);
    expect_error("perft 1e9", "not a number");
    expect_error("perft 0x10", "not a number");
    expect_error("go depth -5", "range");
    expect_error("go depth 9223372036854775808", "range");
    expect_error("go depth -9223372036854775809", "range");

    /* Pseudo-random junk built from command words, numbers and bytes: every line gets answered
     * (or ignored) and the session stays usable. Run under ASan in scripts/test.sh. */
    static const char *const words[] = {"position", "moves", "play", "go", "depth", "nodes",
                                        "movetime", "perft", "setoption", "startpos", "/",
                                        "1:1", "3:5", "0", "-1", "99999999999", "show", "eval",
                                        "result", "undo", "new", "algorithm", "negamax"};
    uint64_t x = 0x9e3779b97f4a7c15ull;
    char line[256];
    for (int iter = 0; iter < 3000; iter++) {
        size_t len = 0;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int count = (int)(x % 7);
        for (int w = 0; w < count && len < 200; w++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            if (x % 5 == 0) {
                line[len++] = (char)(x >> 8 & 0xff);
                if (line[len - 1] == '\0')
                    line[len - 1] = ' ';
            } else {
                const char *word = words[(x >> 8) % (sizeof words / sizeof words[0])];
                len += (size_t)snprintf(line + len, sizeof line - len, "%s ", word);
            }
        }
        line[len] = '\0';
        int rc = feed(line);
        ck_assert_msg(rc == BA_OK || rc == BA_PROTOCOL_QUIT, "junk line gave %d", rc);
        /* Keep searches short so the loop stays quick. */
        if (strstr(line, "go") || strstr(line, "setoption"))
            expect_silent("setoption depth 3");
    }
    expect_silent("position startpos");
    ck_assert_int_eq(feed("perft 1"), BA_OK);
    ck_assert_str_eq(last(), "12");
}
END_TEST

/* ---- show and eval on a game that can draw and explain: Nim with a board and terms ---- */

static int nim_render(const ba_game *g, const void *state, char *buf, size_t cap_len)
{
    char text[BA_POS_TEXT_MAX];
    int n = g->position_to_text(g, state, text, sizeof text);
    if (n < 0)
        return n;
    /* Three lines, the last without a newline, to check the line splitting. */
    int len = snprintf(buf, cap_len, "+-----+\n| %s |\n+-----+", text);
    return len < 0 || (size_t)len >= cap_len ? BA_ERR_BUFFER : len;
}

static int nim_explain(const ba_game *g, const void *state, char *buf, size_t cap_len)
{
    (void)g;
    (void)state;
    int len = snprintf(buf, cap_len, "counters 12 0\nparity 1 -1\n");
    return len < 0 || (size_t)len >= cap_len ? BA_ERR_BUFFER : len;
}

static ba_game drawn_nim;

static void setup_drawn(void)
{
    drawn_nim = *bt_nim_game();
    drawn_nim.render = nim_render;
    drawn_nim.explain = nim_explain;
    setup_game(&drawn_nim);
}

START_TEST(test_show_and_eval)
{
    ck_assert_int_eq(feed("show"), BA_OK);
    ck_assert_uint_eq(cap.count, 4);
    ck_assert_str_eq(cap.line[0], "+-----+");
    ck_assert_str_eq(cap.line[1], "| 3 4 5 / 0 |");
    ck_assert_str_eq(cap.line[2], "+-----+");
    ck_assert_str_eq(cap.line[3], "position 3 4 5 / 0");

    ck_assert_int_eq(feed("eval"), BA_OK);
    ck_assert_uint_eq(cap.count, 3);
    ck_assert_str_eq(cap.line[0], "counters 12 0");
    ck_assert_str_eq(cap.line[1], "parity 1 -1");
    int score = 0, want = 0;
    ck_assert_int_eq(ba_pos_evaluate(ba_protocol_position(proto), &want), BA_OK);
    ck_assert_msg(sscanf(cap.line[2], "score %d (first to move)", &score) == 1, "'%s'", cap.line[2]);
    ck_assert_int_eq(score, want);
    expect_error("eval now", "no arguments");
    expect_error("show board", "no arguments");
}
END_TEST

/* Plain Nim has neither render nor explain: show gives the position, eval the score. */
START_TEST(test_show_and_eval_without_extras)
{
    ck_assert_int_eq(feed("show"), BA_OK);
    ck_assert_uint_eq(cap.count, 1);
    ck_assert_str_eq(cap.line[0], "position 3 4 5 / 0");
    ck_assert_int_eq(feed("eval"), BA_OK);
    ck_assert_uint_eq(cap.count, 1);
    ck_assert(starts_with(cap.line[0], "score "));
}
END_TEST

/* ---- move texts with spaces: Nim written "take K from H" (like Arimaa's multi-step turns) ---- */

static int worded_to_text(const ba_game *g, const void *state, const ba_move *m, char *buf,
                          size_t cap_len)
{
    char plain[BA_MOVE_TEXT_MAX];
    int rc = bt_nim_game()->move_to_text(g, state, m, plain, sizeof plain);
    int h = 0, k = 0;
    if (rc < 0 || sscanf(plain, "%d:%d", &h, &k) != 2)
        return rc < 0 ? rc : BA_ERR_INTERNAL;
    int len = snprintf(buf, cap_len, "take %d from %d", k, h);
    return len < 0 || (size_t)len >= cap_len ? BA_ERR_BUFFER : len;
}

static int worded_from_text(const ba_game *g, const void *state, const ba_history *hist,
                            const char *text, ba_move *out, ba_error *err)
{
    int h = 0, k = 0, used = 0;
    if (sscanf(text, "take %d from %d%n", &k, &h, &used) != 2 || text[used] != '\0')
        return ba_error_set(err, BA_ERR_PARSE, "expected 'take K from H', got '%s'", text);
    char plain[32];
    snprintf(plain, sizeof plain, "%d:%d", h, k);
    return bt_nim_game()->move_from_text(g, state, hist, plain, out, err);
}

static ba_game worded_nim;

static void setup_worded(void)
{
    worded_nim = *bt_nim_game();
    worded_nim.move_to_text = worded_to_text;
    worded_nim.move_from_text = worded_from_text;
    setup_game(&worded_nim);
}

START_TEST(test_move_texts_with_spaces)
{
    char text[BA_POS_TEXT_MAX];
    /* In lists a move is one word, spaces written as '_'. */
    expect_silent("position 1 2 / 0");
    ck_assert_int_eq(feed("moves"), BA_OK);
    ck_assert_str_eq(last(), "take_1_from_1 take_1_from_2 take_2_from_2");
    /* Both spellings are read back, in `play` and after `position ... moves`. */
    expect_silent("play take 1 from 1");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "0 2 / 1");
    expect_silent("position 1 2 / 0 moves take_2_from_2 take_1_from_1");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "0 0 / 0");
    expect_silent("new");
    expect_silent("play take_3_from_3");
    shown_position(text, sizeof text);
    ck_assert_str_eq(text, "3 4 2 / 1");
    expect_error("play take 9 from 1", "take 9 from 1");
    expect_error("position 1 2 / 0 moves take_5_from_1", "move 1");
    /* The winning move of 1 2 (xor 3) is 2:1, bestmove and the pv write it as one word. */
    expect_silent("position 1 2 / 0");
    ck_assert_int_eq(feed("go depth 4"), BA_OK);
    ck_assert_msg(starts_with(last(), "bestmove take_1_from_2 score "), "'%s'", last());
    ck_assert_ptr_nonnull(strstr(cap.line[cap.count - 2], " pv take_1_from_2"));
}
END_TEST

START_TEST(test_new_rejects_bad_games)
{
    ba_protocol *p = NULL;
    ck_assert_int_eq(ba_protocol_new(NULL, cap_write, &cap, &p), BA_ERR_ARG);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(ba_protocol_new(bt_nim_game(), cap_write, &cap, NULL), BA_ERR_ARG);
    ba_game broken = *bt_nim_game();
    broken.generate = NULL;
    ck_assert_int_eq(ba_protocol_new(&broken, cap_write, &cap, &p), BA_ERR_GAME);
    ck_assert_ptr_null(p);
    broken = *bt_nim_game();
    broken.abi = BA_GAME_ABI + 1;
    ck_assert_int_eq(ba_protocol_new(&broken, cap_write, &cap, &p), BA_ERR_GAME);
    /* A session without a write callback works and stays silent. */
    ck_assert_int_eq(ba_protocol_new(bt_nim_game(), NULL, NULL, &p), BA_OK);
    ck_assert_int_eq(ba_protocol_feed(p, "moves"), BA_OK);
    ck_assert_int_eq(ba_protocol_feed(p, "bogus"), BA_OK);
    ck_assert_ptr_nonnull(ba_protocol_engine(p));
    ck_assert_ptr_nonnull(ba_protocol_position(p));
    ba_protocol_free(p);
    ba_protocol_free(NULL);
    ck_assert_ptr_null(ba_protocol_engine(NULL));
    ck_assert_ptr_null(ba_protocol_position(NULL));
}
END_TEST

/* Waits a little: a `go infinite` runs meanwhile on the protocol's own thread. */
static void pause_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* The clock: `go wtime ... btime ...` (with increments, moves to go, only increments, or a
 * fallen flag) always answers a bestmove; the readable value follows the score. */
START_TEST(test_go_with_a_clock)
{
    static const char *const lines[] = {
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go wtime 500 btime 9000 movestogo 3",
        "go winc 100 binc 100",
        "go wtime 0 btime 0 winc 100 binc 100",
        "go wtime -20 btime -20",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        ck_assert_int_eq(feed(lines[i]), BA_OK);
        char move[64], value[32];
        int score = 0;
        ck_assert_msg(sscanf(last(), "bestmove %63s score %d value %31s", move, &score, value) == 3,
                      "'%s' answered '%s'", lines[i], last());
    }
    ck_assert_int_eq(engine_value(BA_OPT_TIME_MS), 0);
    expect_error("go movestogo x", "not a number");
    expect_error("go wtime", "missing");
}
END_TEST

/* `go infinite` runs until `stop`: other commands are refused meanwhile, `stop` answers the
 * bestmove (after the info lines), and the session goes on. */
START_TEST(test_go_infinite_and_stop)
{
    expect_silent("position 3 4 5 / 0");
    ck_assert_int_eq(feed("go infinite"), BA_OK);
    pause_ms(30);
    ck_assert_int_eq(ba_protocol_feed(proto, "moves"), BA_OK);
    pause_ms(30);
    ck_assert_int_eq(ba_protocol_feed(proto, "stop"), BA_OK);
    int refused = 0;
    for (size_t i = 0; i < cap.count; i++)
        refused += strstr(cap.line[i], "error: 'moves' while searching") != NULL;
    ck_assert_int_eq(refused, 1);
    ck_assert_msg(starts_with(last(), "bestmove "), "'%s'", last());
    for (size_t i = 0; i + 1 < cap.count; i++)
        if (starts_with(cap.line[i], "info "))
            check_info(cap.line[i]);
    /* A stop with nothing running is harmless, and the session works as before. */
    expect_silent("stop");
    ck_assert_int_eq(feed("go depth 3"), BA_OK);
    ck_assert(starts_with(last(), "bestmove "));
    /* quit during `go infinite` ends the search and the session (bestmove first). */
    ck_assert_int_eq(feed("go infinite depth 2"), BA_OK);
    ck_assert_int_eq(ba_protocol_feed(proto, "quit"), BA_PROTOCOL_QUIT);
    ck_assert(starts_with(last(), "bestmove "));
    /* and freeing a session in the middle of one is safe (teardown frees this one) */
    ck_assert_int_eq(feed("go infinite"), BA_OK);
}
END_TEST

/* `go solve` proves the value: Nim 1 1 1 is a win in 3 plies for the side to move. */
START_TEST(test_go_solve_and_readable_values)
{
    expect_silent("position 1 1 1 / 0");
    ck_assert_int_eq(feed("go solve"), BA_OK);
    ck_assert_msg(strstr(last(), " value win 3") != NULL, "'%s'", last());
    expect_silent("position 2 2 / 0");
    ck_assert_int_eq(feed("go solve"), BA_OK);
    ck_assert_msg(strstr(last(), " value loss ") != NULL, "'%s'", last());
    /* An unproven search gives the number. */
    expect_silent("position 3 4 5 / 0");
    ck_assert_int_eq(feed("go depth 1"), BA_OK);
    int score = 0;
    char value[32];
    ck_assert(sscanf(last(), "bestmove %*s score %d value %31s", &score, value) == 2);
    char want[32];
    snprintf(want, sizeof want, "%d", score);
    ck_assert_str_eq(value, want);
}
END_TEST

/* MultiPV: K lines per depth, the first in the usual format, the others as `info multipv k`. */
START_TEST(test_multipv_and_searchmoves)
{
    expect_silent("setoption multipv 3");
    expect_silent("position 3 4 5 / 0");
    ck_assert_int_eq(feed("go depth 3"), BA_OK);
    int lines[4] = {0};
    for (size_t i = 0; i + 1 < cap.count; i++) {
        int k = 0;
        if (starts_with(cap.line[i], "info depth")) {
            check_info(cap.line[i]);
            lines[1]++;
        } else if (sscanf(cap.line[i], "info multipv %d depth", &k) == 1 && k >= 2 && k <= 3) {
            ck_assert_ptr_nonnull(strstr(cap.line[i], " value "));
            ck_assert_ptr_nonnull(strstr(cap.line[i], " pv "));
            lines[k]++;
        } else {
            ck_abort_msg("unexpected line '%s'", cap.line[i]);
        }
    }
    ck_assert_int_eq(lines[1], 3);
    ck_assert_int_eq(lines[2], 3);
    ck_assert_int_eq(lines[3], 3);
    expect_silent("setoption multipv 1");
    expect_error("setoption multipv 0", "range");

    /* searchmoves: Nim 1 2 is won only by 2:1; without it both moves lose. */
    expect_silent("position 1 2 / 0");
    ck_assert_int_eq(feed("go searchmoves 1:1 2:2 depth 6"), BA_OK);
    char move[64];
    ck_assert(sscanf(last(), "bestmove %63s", move) == 1);
    ck_assert(strcmp(move, "1:1") == 0 || strcmp(move, "2:2") == 0);
    ck_assert_msg(strstr(last(), " value loss ") != NULL, "'%s'", last());
    ck_assert_int_eq(feed("go depth 6 searchmoves 2:1"), BA_OK);
    ck_assert(starts_with(last(), "bestmove 2:1 "));
    expect_error("go searchmoves 9:9", "searchmoves");
    expect_error("go searchmoves depth 3", "no move");
    expect_silent("setoption selective 0");
    ck_assert_int_eq(engine_value(BA_OPT_SELECTIVE), 0);
    expect_error("setoption selective 2", "range");
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("protocol");
    TCase *tc = tcase_create("nim");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_moves_lists_every_legal_move_once);
    tcase_add_test(tc, test_position_with_spaces_and_moves);
    tcase_add_test(tc, test_position_errors_leave_the_position_alone);
    tcase_add_test(tc, test_play_undo_new_result);
    tcase_add_test(tc, test_perft);
    tcase_add_test(tc, test_go_finds_the_winning_move);
    tcase_add_test(tc, test_every_algorithm_agrees);
    tcase_add_test(tc, test_direct_search_through_the_session);
    tcase_add_test(tc, test_mcts);
    tcase_add_test(tc, test_setoption);
    tcase_add_test(tc, test_help_quit_and_unknown);
    tcase_add_test(tc, test_hostile_input);
    tcase_add_test(tc, test_show_and_eval_without_extras);
    tcase_add_test(tc, test_go_with_a_clock);
    tcase_add_test(tc, test_go_infinite_and_stop);
    tcase_add_test(tc, test_go_solve_and_readable_values);
    tcase_add_test(tc, test_multipv_and_searchmoves);
    suite_add_tcase(s, tc);

    TCase *drawn = tcase_create("nim with render and explain");
    tcase_add_checked_fixture(drawn, setup_drawn, teardown);
    tcase_add_test(drawn, test_show_and_eval);
    suite_add_tcase(s, drawn);

    TCase *worded = tcase_create("nim with worded moves");
    tcase_add_checked_fixture(worded, setup_worded, teardown);
    tcase_add_test(worded, test_move_texts_with_spaces);
    suite_add_tcase(s, worded);

    TCase *bad = tcase_create("bad games");
    tcase_add_test(bad, test_new_rejects_bad_games);
    suite_add_tcase(s, bad);
    return s;
}
