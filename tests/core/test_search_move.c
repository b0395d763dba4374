/* The search_move hook and companion engines (game.h, engine.h): a game that chooses its move
 * its own way, through a companion engine that takes the engine's settings and its stop, and
 * whose progress reaches the engine's callback without its line.
 *
 * The "relay" game is the cyclic synthetic game with a search_move hook that searches the same
 * position in a second copy of that game (a distinct ba_game, the same rules) through the
 * companion, so its result can be checked against a plain search of that copy. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include <boardai/engine.h>

#include "check_main.h"
#include "test_util.h"
#include "testgames.h"

/* What the relay's hook saw and what it is told to do (one test at a time). */
static struct {
    ba_game inner;        /* the copy searched through the companion */
    int calls;            /* hook calls */
    int unsupported;      /* 1: the hook declines (BA_ERR_UNSUPPORTED) */
    int delay_ms;         /* the hook waits this long before its companion searches */
    ba_engine *companion; /* the companion of the last call */
} relay;

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int relay_search(const ba_game *g, ba_engine *engine, const ba_pos *pos,
                        const ba_limits *limits, ba_search_result *result)
{
    (void)g;
    relay.calls++;
    if (relay.unsupported) return BA_ERR_UNSUPPORTED;
    int rc = ba_engine_companion(engine, &relay.inner, &relay.companion);
    if (rc != BA_OK) return rc;
    char text[BA_POS_TEXT_MAX];
    ba_pos *inner = NULL;
    ba_error err;
    if (ba_pos_text(pos, text, sizeof text) < 0) return BA_ERR_INTERNAL;
    rc = ba_pos_new(&relay.inner, &inner);
    if (rc == BA_OK) rc = ba_pos_set_text(inner, text, &err);
    if (rc == BA_OK && relay.delay_ms) sleep_ms(relay.delay_ms);
    /* Two searches, as Arimaa's hook makes (the line, then short searches): a stop between
     * them must still end the second. */
    for (int i = 0; i < 2 && rc == BA_OK; i++)
        rc = limits ? ba_engine_search_limits(relay.companion, inner, limits, result)
                    : ba_engine_search(relay.companion, inner, result);
    ba_pos_free(inner);
    return rc;
}

static ba_game relay_game(void)
{
    memset(&relay, 0, sizeof relay);
    relay.inner = *bt_synth_game(3);
    ba_game g = *bt_synth_game(3);
    g.search_move = relay_search;
    return g;
}

START_TEST(hook_chooses_the_move_through_the_companion)
{
    ba_game g = relay_game();
    ba_pos *p = bt_new_pos(&g, NULL);
    ba_pos *q = bt_new_pos(&relay.inner, NULL);
    ba_engine *e = NULL, *plain = NULL;
    ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_new(&relay.inner, &plain), BA_OK);
    /* Settings of the engine reach the companion: depth 5, deterministic. */
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 5), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DETERMINISTIC, 1), BA_OK);
    ck_assert_int_eq(ba_engine_set(plain, BA_OPT_DEPTH, 5), BA_OK);
    ck_assert_int_eq(ba_engine_set(plain, BA_OPT_DETERMINISTIC, 1), BA_OK);
    ba_search_result r, want;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(ba_engine_search(plain, q, &want), BA_OK);
    ck_assert_int_eq(relay.calls, 1);
    ck_assert_ptr_nonnull(relay.companion);
    ck_assert_int_eq(r.depth, 5);
    ck_assert_int_eq(r.score, want.score);
    ck_assert(ba_move_equal(&r.best, &want.best));
    ck_assert(bt_is_legal(p, &r.best));
    int64_t v = 0;
    ck_assert_int_eq(ba_engine_get(relay.companion, BA_OPT_DEPTH, &v), BA_OK);
    ck_assert_int_eq(v, 5);
    /* The same companion (and its tables) for the next search, with the new settings. */
    ba_engine *first = relay.companion;
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 3), BA_OK);
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_ptr_eq(relay.companion, first);
    ck_assert_int_eq(r.depth, 3);
    ba_engine_free(plain);
    ba_engine_free(e);
    ba_pos_free(q);
    ba_pos_free(p);
}
END_TEST

/* The engine's progress callback, called for the companion's depths. */
typedef struct progress_seen {
    int calls, with_line, last_depth, depths_in_order;
    uint64_t last_nodes;
} progress_seen;

static void count_progress(void *user, const ba_progress *pr)
{
    progress_seen *p = user;
    p->calls++;
    p->with_line += pr->pv != NULL || pr->pv_len != 0;
    /* Each of the hook's two searches reports depths 1, 2, 3, ... */
    p->depths_in_order += pr->depth == (p->calls - 1) % 4 + 1;
    p->last_depth = pr->depth;
    p->last_nodes = pr->nodes;
}

/* The companion's progress reaches the engine's callback, without its line (the moves are of
 * another game): depth, score, nodes and time, each depth of both of the hook's searches. */
START_TEST(companion_progress_reaches_the_engine_without_its_line)
{
    ba_game g = relay_game();
    ba_pos *p = bt_new_pos(&g, NULL);
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 4), BA_OK);
    progress_seen seen = {0};
    ck_assert_int_eq(ba_engine_set_progress(e, count_progress, &seen), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(seen.calls, 8);
    ck_assert_int_eq(seen.depths_in_order, 8);
    ck_assert_int_eq(seen.with_line, 0);
    ck_assert_int_eq(seen.last_depth, 4);
    ck_assert_uint_gt(seen.last_nodes, 0);
    /* Without a callback on the engine, none on the companion. */
    ck_assert_int_eq(ba_engine_set_progress(e, NULL, NULL), BA_OK);
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(seen.calls, 8);
    ba_engine_free(e);
    ba_pos_free(p);
}
END_TEST

START_TEST(declined_hook_leaves_the_search_to_the_engine)
{
    ba_game g = relay_game();
    relay.unsupported = 1;
    ba_pos *p = bt_new_pos(&g, NULL);
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 4), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(relay.calls, 1);
    ck_assert_ptr_null(relay.companion);
    ck_assert_int_eq(r.depth, 4);
    ck_assert(bt_is_legal(p, &r.best));
    ba_engine_free(e);
    ba_pos_free(p);
}
END_TEST

START_TEST(companion_errors)
{
    ba_game g = relay_game();
    ba_engine *e = NULL, *c = NULL, *c2 = NULL;
    ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_companion(NULL, &relay.inner, &c), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_companion(e, NULL, &c), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_companion(e, &relay.inner, NULL), BA_ERR_ARG);
    /* Its own game is no companion's. */
    ck_assert_int_eq(ba_engine_companion(e, &g, &c), BA_ERR_ARG);
    ck_assert_ptr_null(c);
    /* A game missing a function. */
    ba_game broken = relay.inner;
    broken.status = NULL;
    ck_assert_int_eq(ba_engine_companion(e, &broken, &c), BA_ERR_GAME);
    /* One companion, for one game. */
    ck_assert_int_eq(ba_engine_companion(e, &relay.inner, &c), BA_OK);
    ck_assert_int_eq(ba_engine_companion(e, &relay.inner, &c2), BA_OK);
    ck_assert_ptr_eq(c, c2);
    ck_assert_int_eq(ba_engine_companion(e, bt_nim_game(), &c2), BA_ERR_ARG);
    ck_assert_ptr_null(c2);
    ba_engine_free(e); /* frees the companion (ASan and valgrind check it) */
}
END_TEST

/* An unlimited search through the hook, stopped from another thread: the stop reaches the
 * companion's search (delay 0), and one that comes before the companion has started is not lost
 * (the hook waits 300 ms first; the stop comes at 50 ms in both cases). */
START_TEST(stop_reaches_the_companion)
{
    for (int k = 0; k < 2; k++) {
        ba_game g = relay_game();
        relay.delay_ms = k ? 300 : 0;
        ba_pos *p = bt_new_pos(&g, NULL);
        ba_engine *e = NULL;
        ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
        ba_limits l;
        ba_limits_init(&l);
        l.infinite = 1;
        pthread_t th; /* stops e after 50 ms */
        ck_assert_int_eq(pthread_create(&th, NULL, bt_stop_engine_later, e), 0);
        double t0 = now_s();
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search_limits(e, p, &l, &r), BA_OK);
        double took = now_s() - t0;
        pthread_join(th, NULL);
        ck_assert_msg(took < 5.0, "took %f s", took);
        ck_assert_int_eq(r.stopped, 1);
        ck_assert(bt_is_legal(p, &r.best));
        /* The next search is not stopped by the last one's stop. */
        ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 3), BA_OK);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.stopped, 0);
        ck_assert_int_eq(r.depth, 3);
        ba_engine_free(e);
        ba_pos_free(p);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("search_move");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hook_chooses_the_move_through_the_companion);
    tcase_add_test(tc, companion_progress_reaches_the_engine_without_its_line);
    tcase_add_test(tc, declined_hook_leaves_the_search_to_the_engine);
    tcase_add_test(tc, companion_errors);
    tcase_add_test(tc, stop_reaches_the_companion);
    suite_add_tcase(s, tc);
    return s;
}
