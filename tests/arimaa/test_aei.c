/* AEI: the handshake, setup turns chosen by the engine, makemove of any legal setup, positions,
 * goal-threat detection through the protocol, errors, and random input that must never crash. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include <boardai/registry.h>

#include "arimaa_test_util.h"
#include "check_main.h"

typedef struct capture {
    char lines[64][512];
    int count;
} capture;

static void capture_write(void *user, const char *line, size_t len)
{
    capture *c = user;
    if (c->count < 64) {
        snprintf(c->lines[c->count], sizeof c->lines[0], "%.*s", (int)len, line);
        c->count++;
    }
}

static const char *last_line(const capture *c) { return c->count ? c->lines[c->count - 1] : ""; }

static int has_line_starting(const capture *c, const char *prefix)
{
    for (int i = 0; i < c->count; i++)
        if (strncmp(c->lines[i], prefix, strlen(prefix)) == 0) return 1;
    return 0;
}

static ba_arimaa_aei *new_session(capture *c)
{
    memset(c, 0, sizeof *c);
    ba_arimaa_aei *a = NULL;
    ck_assert_int_eq(ba_arimaa_aei_new(NULL, capture_write, c, &a), BA_OK);
    return a;
}

/* Runs `go` at depth 1 and returns the bestmove text (without "bestmove "). */
static const char *go(ba_arimaa_aei *a, capture *c)
{
    c->count = 0;
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "go"), BA_ARIMAA_AEI_SEARCH);
    ck_assert_int_eq(ba_arimaa_aei_search(a), BA_OK);
    ck_assert_msg(strncmp(last_line(c), "bestmove ", 9) == 0, "got '%s'", last_line(c));
    return last_line(c) + 9;
}

START_TEST(handshake)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "aei\n"), BA_OK);
    ck_assert_str_eq(c.lines[0], "protocol-version 1");
    ck_assert(has_line_starting(&c, "id name "));
    ck_assert(has_line_starting(&c, "id author "));
    ck_assert_str_eq(last_line(&c), "aeiok");
    c.count = 0;
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "isready"), BA_OK);
    ck_assert_str_eq(last_line(&c), "readyok");
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "quit"), BA_ARIMAA_AEI_QUIT);
    ba_arimaa_aei_free(a);
}
END_TEST

START_TEST(setup_turns_and_a_game_start)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ba_arimaa_aei_feed(a, "newgame");
    ba_arimaa_aei_feed(a, "setoption name depth value 1");
    /* Gold's setup: 16 placements on ranks 1 and 2, chosen by the engine. */
    char gold[512];
    snprintf(gold, sizeof gold, "%s", go(a, &c));
    {
        int tokens = 0;
        for (const char *p = gold; *p;) {
            ck_assert(p[0] >= 'A' && p[0] <= 'Z');
            ck_assert(p[2] == '1' || p[2] == '2');
            tokens++;
            p += 3;
            if (*p == ' ') p++;
        }
        ck_assert_int_eq(tokens, 16);
    }
    char cmd[600];
    snprintf(cmd, sizeof cmd, "makemove %s", gold);
    c.count = 0;
    ba_arimaa_aei_feed(a, cmd);
    ck_assert_int_eq(c.count, 0);
    /* Silver's setup, on ranks 7 and 8. */
    const char *silver = go(a, &c);
    ck_assert(silver[0] >= 'a' && silver[0] <= 'z');
    ck_assert(silver[2] == '7' || silver[2] == '8');
    snprintf(cmd, sizeof cmd, "makemove %s", silver);
    c.count = 0;
    ba_arimaa_aei_feed(a, cmd);
    ck_assert_int_eq(c.count, 0);
    /* Gold's first turn: legal (it parses in the session's position). */
    const char *turn = go(a, &c);
    ba_move m;
    ba_error err;
    ck_assert_msg(ba_pos_parse_move(ba_arimaa_aei_position(a), turn, &m, &err) == BA_OK, "%s: %s",
                  turn, err.message);
    ck_assert_int_eq(m.tag, BA_ARIMAA_TAG_TURN);
    ba_arimaa_aei_free(a);
}
END_TEST

START_TEST(any_legal_setup_is_accepted)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ba_arimaa_aei_feed(a, "newgame");
    /* Not one of the curated setups: the elephant in a corner, rabbits in front. */
    ba_arimaa_aei_feed(a, "makemove Ea1 Mb1 Hc1 Hd1 De1 Df1 Cg1 Ch1 Ra2 Rb2 Rc2 Rd2 Re2 Rf2 Rg2 Rh2");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    ba_arimaa_aei_feed(a, "makemove ra7 rb7 rc7 rd7 re7 rf7 rg7 rh7 ea8 mb8 hc8 hd8 de8 df8 cg8 ch8");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    ba_arimaa_aei_feed(a, "makemove Ra2n Rb2n");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    const arm_state *st = ba_pos_state(ba_arimaa_aei_position(a));
    ck_assert_int_eq(st->side, ARM_SILVER);
    ck_assert_int_eq(at_on(st, "a3"), 'R');
    /* The setups are played as moves, not set as a position: the game's record keeps them. */
    ck_assert_uint_eq(ba_pos_ply(ba_arimaa_aei_position(a)), 3);
    /* An illegal move is reported, the position unchanged. */
    ba_arimaa_aei_feed(a, "makemove ra7s ra6s ra5s");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    c.count = 0;
    ba_arimaa_aei_feed(a, "makemove Ea1s");
    ck_assert(has_line_starting(&c, "log Error: illegal move"));
    ba_arimaa_aei_free(a);
}
END_TEST

START_TEST(setposition_and_goal_threat)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ba_arimaa_aei_feed(a, "setoption name depth value 1");
    /* Gold's rabbit on e7 has a free path: the engine must score the goal and play it. */
    ba_arimaa_aei_feed(a, "setposition g [rrr..rrrhdc.R.dh....................e...........HDCMECDHRRRRRRR.]");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    const char *best = go(a, &c);
    ba_move m;
    ba_error err;
    ba_pos *pos = ba_arimaa_aei_position(a);
    ck_assert_int_eq(ba_pos_parse_move(pos, best, &m, &err), BA_OK);
    ck_assert_int_eq(ba_pos_play(pos, &m, &err), BA_OK);
    ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_WIN0);
    /* Bad positions are reported. */
    c.count = 0;
    ba_arimaa_aei_feed(a, "setposition g [rrr]");
    ck_assert(has_line_starting(&c, "log Error: bad position"));
    ba_arimaa_aei_free(a);
}
END_TEST

START_TEST(errors_and_options)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    const char *bad[] = {"frobnicate", "setoption", "setoption name depth", "setoption name depth value x",
                         "setoption name tcmove value -3", "go sideways", "makemove", "makemove Zz9q"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c.count = 0;
        ck_assert_int_eq(ba_arimaa_aei_feed(a, bad[i]), BA_OK);
        ck_assert_msg(c.count == 1 && strncmp(c.lines[0], "log ", 4) == 0, "%s -> %s", bad[i],
                      last_line(&c));
    }
    c.count = 0;
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "setoption name tcmove value 2.5"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "setoption name greserve value 60"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "setoption name tcturns value 0"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, ""), BA_OK);
    /* The legacy spellings are accepted without a word. */
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "setoption name wreserve value 30"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "setoption name breserve value 30"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "setoption name tcmoveused value 1"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "stop"), BA_OK); /* nothing to stop */
    ck_assert_int_eq(c.count, 0);
    ck_assert_int_eq(ba_arimaa_aei_feed(NULL, "aei"), BA_ERR_ARG);
    ba_arimaa_aei_free(a);
}
END_TEST

/* The value of an option of the session's step engine. */
static int64_t engine_option(ba_arimaa_aei *a, ba_option option)
{
    int64_t v = -1;
    ck_assert_int_eq(ba_engine_get(ba_arimaa_aei_engine(a), option, &v), BA_OK);
    return v;
}

/* `selective 0|1` switches the core's selective search of the next go (issue 13's switch): the
 * exact search still plays the goal, and the engine carries the setting. */
START_TEST(selective_option)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ck_assert_int_eq(engine_option(a, BA_OPT_SELECTIVE), 1);
    ba_arimaa_aei_feed(a, "setoption name selective value 2");
    ck_assert(has_line_starting(&c, "log Error: selective is 0 or 1"));
    c.count = 0;
    ba_arimaa_aei_feed(a, "setoption name selective value 0");
    ba_arimaa_aei_feed(a, "setoption name depth value 3");
    ba_arimaa_aei_feed(a, "setposition g [rrr..rrrhdc.R.dh....................e...........HDCMECDHRRRRRRR.]");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    const char *best = go(a, &c);
    ck_assert_int_eq(engine_option(a, BA_OPT_SELECTIVE), 0);
    ba_move m;
    ba_error err;
    ba_pos *pos = ba_arimaa_aei_position(a);
    ck_assert_int_eq(ba_pos_parse_move(pos, best, &m, &err), BA_OK);
    ck_assert_int_eq(ba_pos_play(pos, &m, &err), BA_OK);
    ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_WIN0);
    ba_arimaa_aei_feed(a, "setoption name selective value true");
    ba_arimaa_aei_feed(a, "setoption name depth value 1");
    ba_arimaa_aei_feed(a, "newgame");
    ba_arimaa_aei_feed(a, "setposition g [rrr..rrrhdc.R.dh....................e...........HDCMECDHRRRRRRR.]");
    go(a, &c);
    ck_assert_int_eq(engine_option(a, BA_OPT_SELECTIVE), 1);
    ba_arimaa_aei_free(a);
}
END_TEST

/* `threads N` gives the searches N Lazy SMP threads (the engine's BA_OPT_THREADS): the engine
 * carries it, a value outside 1..64 is refused with a message and leaves the setting as it was,
 * and two threads play a legal setup (the turn search) and a legal turn (the step search). */
START_TEST(threads_option)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ck_assert_int_eq(engine_option(a, BA_OPT_THREADS), 1);
    const char *bad[] = {"0", "65", "two", "-1", "2x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char line[64];
        snprintf(line, sizeof line, "setoption name threads value %s", bad[i]);
        c.count = 0;
        ba_arimaa_aei_feed(a, line);
        ck_assert_msg(has_line_starting(&c, "log Error: threads must be 1..64"), "%s: %s", line,
                      last_line(&c));
    }
    ck_assert_int_eq(engine_option(a, BA_OPT_THREADS), 1);
    c.count = 0;
    ba_arimaa_aei_feed(a, "setoption name threads value 2");
    ba_arimaa_aei_feed(a, "setoption name depth value 4");
    ba_arimaa_aei_feed(a, "newgame");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    ck_assert_int_eq(engine_option(a, BA_OPT_THREADS), 2);
    ba_pos *pos = ba_arimaa_aei_position(a);
    ba_move m;
    ba_error err;
    for (int turn = 0; turn < 3; turn++) { /* Gold's setup, Silver's setup, Gold's first turn */
        const char *best = go(a, &c);
        ck_assert_int_eq(ba_pos_parse_move(pos, best, &m, &err), BA_OK);
        char line[256];
        snprintf(line, sizeof line, "makemove %s", best);
        c.count = 0;
        ba_arimaa_aei_feed(a, line);
        ck_assert_msg(c.count == 0, "%s: %s", line, last_line(&c));
    }
    ck_assert_int_eq(engine_option(a, BA_OPT_THREADS), 2);
    ba_arimaa_aei_free(a);
}
END_TEST

static void *search_thread(void *arg)
{
    ba_arimaa_aei_search(arg);
    return NULL;
}

/* `go ponder` searches until `stop`, which ends it with a bestmove. */
START_TEST(ponder_then_stop)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ba_arimaa_aei_feed(a, "setposition g [rrr..rrrhdc..dh....................e.........R..HDCMECDHRRRRRRR.]");
    ck_assert_msg(c.count == 0, "%s", last_line(&c));
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "go ponder"), BA_ARIMAA_AEI_SEARCH);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, search_thread, a), 0);
    struct timespec ts = {0, 300 * 1000000L};
    nanosleep(&ts, NULL);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "stop"), BA_OK);
    pthread_join(t, NULL);
    ck_assert_msg(strncmp(last_line(&c), "bestmove ", 9) == 0, "got '%s'", last_line(&c));
    ck_assert(has_line_starting(&c, "info pv "));
    ck_assert(has_line_starting(&c, "info time "));
    ba_move m;
    ba_error err;
    ck_assert_int_eq(ba_pos_parse_move(ba_arimaa_aei_position(a), last_line(&c) + 9, &m, &err),
                     BA_OK);
    ba_arimaa_aei_free(a);
}
END_TEST

/* The nodes of the last `info nodes` line of a search (the final one, before its bestmove). */
static unsigned long long searched_nodes(const capture *c)
{
    unsigned long long nodes = 0;
    for (int i = 0; i < c->count; i++)
        if (strncmp(c->lines[i], "info nodes ", 11) == 0)
            nodes = strtoull(c->lines[i] + 11, NULL, 10);
    return nodes;
}

/* `newgame` forgets the last game's searches, as UCI's ucinewgame does: the same position after
 * it costs the nodes it cost a fresh engine, where searching it again without newgame costs
 * fewer (the table remembers it). So a run of positions given one by one (a match, a screen of
 * positions) does not depend on their order. */
START_TEST(newgame_clears_the_table)
{
    static const char *pos =
        "setposition g [rrr..rrrhdc..dh....................e.........R..HDCMECDHRRRRRRR.]";
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    ba_arimaa_aei_feed(a, "setoption name depth value 5");
    ba_arimaa_aei_feed(a, pos);
    go(a, &c);
    unsigned long long fresh = searched_nodes(&c);
    go(a, &c);
    unsigned long long again = searched_nodes(&c);
    ck_assert_msg(fresh > 0 && again < fresh, "fresh %llu, again %llu", fresh, again);
    ba_arimaa_aei_feed(a, "newgame");
    ba_arimaa_aei_feed(a, pos);
    go(a, &c);
    ck_assert_uint_eq(searched_nodes(&c), fresh);
    ba_arimaa_aei_free(a);
}
END_TEST

/* The nodes of a search of `pos` to @p depth steps by a session on the game opened from @p spec
 * (NULL: the built-in game). */
static unsigned long long nodes_with(const char *spec, const char *pos, int depth)
{
    ba_game *g = NULL;
    ba_error err;
    if (spec) ck_assert_int_eq(ba_game_open(spec, &g, &err), BA_OK);
    capture c;
    memset(&c, 0, sizeof c);
    ba_arimaa_aei *a = NULL;
    ck_assert_int_eq(ba_arimaa_aei_new(g, capture_write, &c, &a), BA_OK);
    char line[64];
    snprintf(line, sizeof line, "setoption name depth value %d", depth);
    ba_arimaa_aei_feed(a, line);
    ba_arimaa_aei_feed(a, pos);
    go(a, &c);
    unsigned long long nodes = searched_nodes(&c);
    ba_arimaa_aei_free(a);
    ba_game_destroy(g);
    return nodes;
}

/* The step game's search knobs given to the game of whole turns (`boardai-arimaa --aei --params
 * step_futility=60`) reach the session's step search: until they were kept in the turn game too,
 * step_futility and push_depth were dropped there and the session searched with the defaults. */
START_TEST(step_search_params_reach_the_session)
{
    /* A middle game (turn 10 of a play-out against bot_Sharp): pieces in contact, pushes and
     * pulls about. */
    static const char *pos =
        "setposition g [rrrh.rr.rcErd.cr.mRd..h....e.........H...R...R.HDRCMRCRD...R.R..]";
    unsigned long long plain = nodes_with(NULL, pos, 5);
    ck_assert_uint_eq(nodes_with("arimaa:step_futility=0", pos, 5), plain);
    unsigned long long futile = nodes_with("arimaa:step_futility=60", pos, 5);
    ck_assert_msg(futile > 0 && futile < plain, "futility %llu, plain %llu", futile, plain);
    /* (at 5 steps this position's searches happen to take the same nodes with either count) */
    ck_assert_uint_ne(nodes_with("arimaa:push_depth=1", pos, 6), nodes_with(NULL, pos, 6));
}
END_TEST

START_TEST(random_input_never_crashes)
{
    capture c;
    ba_arimaa_aei *a = new_session(&c);
    static const char *words[] = {"makemove", "setposition", "setoption", "name", "value", "g", "s",
                                  "[", "]", "Ed2n", "ra7s", "Ra1", "rc3x", "depth", "tcmove", "1",
                                  "-1", "99999999999999999999", "newgame", "isready", "aei", "x"};
    uint64_t seed = 12345;
    char line[600];
    for (int i = 0; i < 3000; i++) {
        size_t n = 0;
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int kind = (int)(seed >> 60);
        int len = (int)((seed >> 40) % 40);
        for (int k = 0; k < len && n < sizeof line - 40; k++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            if (kind < 8) {
                line[n++] = (char)(1 + (seed >> 33) % 255); /* raw bytes */
            } else {
                const char *w = words[(seed >> 33) % (sizeof words / sizeof words[0])];
                size_t wl = strlen(w);
                memcpy(line + n, w, wl);
                n += wl;
                line[n++] = ' ';
            }
        }
        line[n] = '\0';
        c.count = 0;
        int rc = ba_arimaa_aei_feed(a, line);
        ck_assert(rc == BA_OK || rc == BA_ARIMAA_AEI_QUIT || rc == BA_ARIMAA_AEI_SEARCH);
    }
    /* Still a working session. */
    c.count = 0;
    ba_arimaa_aei_feed(a, "isready");
    ck_assert_str_eq(last_line(&c), "readyok");
    ba_arimaa_aei_free(a);
}
END_TEST

/* A capture for two threads (the search's lines and the reader's): counts what matters. */
typedef struct shared_capture {
    pthread_mutex_t lock;
    int lines, bestmoves, readyok, refused, after_bestmove;
    char bestmove[256];
} shared_capture;

static void shared_write(void *user, const char *line, size_t len)
{
    shared_capture *c = user;
    pthread_mutex_lock(&c->lock);
    c->lines++;
    if (c->bestmoves)
        c->after_bestmove++;
    if (strncmp(line, "bestmove ", 9) == 0) {
        c->bestmoves++;
        snprintf(c->bestmove, sizeof c->bestmove, "%.*s", (int)len - 9, line + 9);
    }
    c->readyok += strcmp(line, "readyok") == 0;
    c->refused += strstr(line, "while searching") != NULL;
    pthread_mutex_unlock(&c->lock);
}

/* `go infinite` (as in UCI and the common protocol) runs until `stop`: the reader answers
 * `isready` and refuses a move meanwhile, `stop` from the reader ends it with one bestmove. */
START_TEST(go_infinite_then_stop_from_the_reader)
{
    shared_capture c;
    memset(&c, 0, sizeof c);
    pthread_mutex_init(&c.lock, NULL);
    ba_arimaa_aei *a = NULL;
    ck_assert_int_eq(ba_arimaa_aei_new(NULL, shared_write, &c, &a), BA_OK);
    ba_arimaa_aei_feed(a, "setposition g [rrr..rrrhdc..dh....................e.........R..HDCMECDHRRRRRRR.]");
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "go infinite"), BA_ARIMAA_AEI_SEARCH);
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, search_thread, a), 0);
    struct timespec ts = {0, 200 * 1000000L};
    nanosleep(&ts, NULL);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "isready"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "makemove Ra2n"), BA_OK);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "setoption name tcmove value 30"), BA_OK);
    nanosleep(&ts, NULL);
    pthread_mutex_lock(&c.lock);
    ck_assert_int_eq(c.readyok, 1);
    ck_assert_int_eq(c.refused, 1);
    ck_assert_int_eq(c.bestmoves, 0); /* infinite: nothing before stop */
    pthread_mutex_unlock(&c.lock);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, "stop"), BA_OK);
    pthread_join(t, NULL);
    ck_assert_int_eq(c.bestmoves, 1);
    ck_assert_int_eq(c.after_bestmove, 0);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(ba_pos_parse_move(ba_arimaa_aei_position(a), c.bestmove, &m, &err), BA_OK);
    /* The session goes on: the refused move was not played, the best move is. */
    ck_assert_int_eq(ba_pos_ply(ba_arimaa_aei_position(a)), 0);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "makemove %s", c.bestmove);
    ck_assert_int_eq(ba_arimaa_aei_feed(a, cmd), BA_OK);
    ck_assert_int_eq(ba_pos_ply(ba_arimaa_aei_position(a)), 1);
    ba_arimaa_aei_free(a);
    pthread_mutex_destroy(&c.lock);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_aei");
    TCase *tc = tcase_create("aei");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, handshake);
    tcase_add_test(tc, setup_turns_and_a_game_start);
    tcase_add_test(tc, any_legal_setup_is_accepted);
    tcase_add_test(tc, setposition_and_goal_threat);
    tcase_add_test(tc, errors_and_options);
    tcase_add_test(tc, selective_option);
    tcase_add_test(tc, threads_option);
    tcase_add_test(tc, ponder_then_stop);
    tcase_add_test(tc, go_infinite_then_stop_from_the_reader);
    tcase_add_test(tc, newgame_clears_the_table);
    tcase_add_test(tc, step_search_params_reach_the_session);
    tcase_add_test(tc, random_input_never_crashes);
    suite_add_tcase(s, tc);
    return s;
}
