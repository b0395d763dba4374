/* tests/hardening/test_limits.c: resource limits.
 *
 *  - Allocation failures: the library's malloc/calloc/realloc are wrapped (GNU ld --wrap, see
 *    CMakeLists.txt) so that the k-th allocation fails; for every k, creating positions,
 *    engines and protocol sessions, playing, searching and resizing the table either succeed
 *    or return BA_ERR_NOMEM, never crash or leak (ASan's leak check runs in scripts/test.sh).
 *  - A transposition table that cannot be allocated is BA_ERR_NOMEM, and the old table stays.
 *  - Node, time and depth limits of 1 still give a legal move in every game.
 *  - Time limits: the overshoot of movetime 50/100/500 ms is measured per game and printed (the
 *    figures go into docs/hardening.md); only a generous bound is asserted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_main.h"
#include "hard_games.h"
#include "test_util.h"
#include "hard_util.h"
#include "testgames.h"

/* A table of 1 TiB must fail cleanly under the sanitizers too, not abort in their allocator. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1";
}
const char *__tsan_default_options(void);
const char *__tsan_default_options(void)
{
    return "allocator_may_return_null=1";
}

/* ---- allocation failure injection ---- */

#if HARD_WRAP_ALLOC
void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

static long alloc_fail_at = -1; /* the allocation (counted from arming) that fails, -1: none */
static long alloc_count;
static long alloc_failed;

static int alloc_should_fail(void)
{
    if (alloc_fail_at < 0)
        return 0;
    if (alloc_count++ == alloc_fail_at) {
        alloc_failed++;
        return 1;
    }
    return 0;
}
void *__wrap_malloc(size_t size)
{
    return alloc_should_fail() ? NULL : __real_malloc(size);
}
void *__wrap_calloc(size_t n, size_t size)
{
    return alloc_should_fail() ? NULL : __real_calloc(n, size);
}
void *__wrap_realloc(void *p, size_t size)
{
    return alloc_should_fail() ? NULL : __real_realloc(p, size);
}
static void arm(long k)
{
    alloc_count = 0;
    alloc_failed = 0;
    alloc_fail_at = k;
}
static void disarm(void)
{
    alloc_fail_at = -1;
}
#endif

static void discard(void *user, const char *line, size_t len)
{
    (void)user;
    (void)line;
    (void)len;
}

/* One scenario over @p g; returns the first error code met (BA_OK when all went well). Every
 * object made is freed whatever happens. */
static int scenario(const ba_game *g)
{
    ba_pos *pos = NULL, *copy = NULL;
    ba_engine *e = NULL;
    ba_protocol *p = NULL;
    ba_search_result res;
    ba_move *moves = NULL;
    int rc = ba_pos_new(g, &pos);
    if (rc == BA_OK)
        rc = (moves = malloc(g->max_moves * sizeof *moves)) ? BA_OK : BA_ERR_NOMEM;
    /* Enough plies to grow the history a few times. */
    for (int i = 0; i < 40 && rc == BA_OK && ba_pos_result(pos) == BA_RESULT_ONGOING; i++) {
        int n = ba_pos_moves(pos, moves, g->max_moves);
        rc = n < 0 ? n : ba_pos_play(pos, &moves[(size_t)i % (size_t)n], NULL);
    }
    if (rc == BA_OK)
        rc = ba_pos_clone(pos, &copy);
    if (rc == BA_OK && ba_pos_result(pos) != BA_RESULT_ONGOING)
        rc = ba_pos_reset(pos);
    if (rc == BA_OK)
        rc = ba_engine_new(g, &e);
    if (rc == BA_OK)
        rc = ba_engine_set(e, BA_OPT_TT_MB, 1);
    if (rc == BA_OK)
        rc = ba_engine_set(e, BA_OPT_DEPTH, 3);
    if (rc == BA_OK)
        rc = ba_engine_search(e, pos, &res);
    if (rc == BA_OK)
        rc = ba_engine_set(e, BA_OPT_ALGORITHM, BA_ALG_BESTFIRST);
    if (rc == BA_OK)
        rc = ba_engine_search(e, pos, &res);
    if (rc == BA_OK)
        rc = ba_protocol_new(g, discard, NULL, &p);
    static const char *const lines[] = {"setoption hash 1", "moves", "go depth 2", "show",
                                        "perft 2", "undo", "eval"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0] && rc == BA_OK; i++) {
        int f = ba_protocol_feed(p, lines[i]);
        rc = f < 0 ? f : BA_OK; /* an answered error line is fine */
    }
    ba_protocol_free(p);
    ba_engine_free(e);
    ba_pos_free(copy);
    ba_pos_free(pos);
    free(moves);
    return rc;
}

START_TEST(test_allocation_failures)
{
#if HARD_WRAP_ALLOC
    const ba_game *games[] = {bt_tictactoe_game(), bt_nim_game()};
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        ck_assert_int_eq(scenario(games[gi]), BA_OK);
        long k = 0, nomem = 0;
        for (;; k++) {
            arm(k);
            int rc = scenario(games[gi]);
            long failed = alloc_failed;
            disarm();
            if (!failed) {
                ck_assert_int_eq(rc, BA_OK);
                break; /* every allocation of the scenario has been failed once */
            }
            /* A failed allocation is reported as NOMEM (or absorbed: a search may go on with
             * what it has), never as something else. */
            ck_assert_msg(rc == BA_OK || rc == BA_ERR_NOMEM, "%s: allocation %ld failed: rc %d",
                          games[gi]->name, k, rc);
            nomem += rc == BA_ERR_NOMEM;
        }
        ck_assert_int_gt(nomem, 0);
        printf("allocation failures: %s: %ld allocations failed one at a time, %ld reported "
               "BA_ERR_NOMEM, the others absorbed\n",
               games[gi]->name, k, nomem);
    }
#endif
}
END_TEST

/* Game variants made at run time: a failed allocation is NOMEM and leaks nothing. */
START_TEST(test_allocation_failures_create)
{
#if HARD_WRAP_ALLOC
    size_t n;
    const hard_game *t = hard_games(&n);
    for (size_t i = 0; i < n; i++) {
        for (long k = 0;; k++) {
            const ba_game *g = NULL;
            int owned = 0;
            arm(k);
            int rc = t[i].make(&g, &owned);
            long failed = alloc_failed;
            disarm();
            if (rc == 0 && owned)
                ba_game_destroy((ba_game *)(uintptr_t)g);
            if (!failed) {
                ck_assert_int_eq(rc, 0);
                break;
            }
            ck_assert_msg(rc != 0, "%s (%s): allocation %ld failed but the game was made",
                          t[i].module, t[i].variant, k);
        }
    }
#endif
}
END_TEST

START_TEST(test_table_allocation_fails)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(bt_tictactoe_game(), &e), BA_OK);
    int64_t before;
    ck_assert_int_eq(ba_engine_get(e, BA_OPT_TT_MB, &before), BA_OK);
#if HARD_WRAP_ALLOC
    /* Deterministic: the table's allocation is made to fail. */
    arm(0);
    int rc = ba_engine_set(e, BA_OPT_TT_MB, before + 1);
    disarm();
    ck_assert_int_eq(rc, BA_ERR_NOMEM);
    int64_t after;
    ck_assert_int_eq(ba_engine_get(e, BA_OPT_TT_MB, &after), BA_OK);
    ck_assert_int_eq(after, before);
#endif
    /* The largest table allowed (1 TiB) cannot be allocated on a test machine. */
    int big = ba_engine_set(e, BA_OPT_TT_MB, 1048576);
    ck_assert_msg(big == BA_ERR_NOMEM || big == BA_OK, "rc %d", big);
    if (big == BA_OK)
        ck_assert_int_eq(ba_engine_set(e, BA_OPT_TT_MB, 1), BA_OK);
    /* Either way the engine still searches. */
    ba_pos *pos = NULL;
    ba_search_result res;
    ck_assert_int_eq(ba_pos_new(bt_tictactoe_game(), &pos), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 4), BA_OK);
    ck_assert_int_eq(ba_engine_search(e, pos, &res), BA_OK);
    ck_assert(!ba_move_is_none(&res.best));
    ba_pos_free(pos);
    ba_engine_free(e);
}
END_TEST

/* Nodes 1, time 1 ms and depth 1, with each algorithm, in every game: a legal move. */
START_TEST(test_limits_of_one)
{
    size_t n;
    const hard_game *t = hard_games(&n);
    static const struct {
        ba_option opt;
        const char *name;
    } limits[] = {{BA_OPT_NODES, "nodes"}, {BA_OPT_TIME_MS, "time"}, {BA_OPT_DEPTH, "depth"}};
    for (size_t i = 0; i < n; i++) {
        const ba_game *g;
        int owned;
        ck_assert_int_eq(t[i].make(&g, &owned), 0);
        ba_pos *pos = NULL;
        ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
        /* Every algorithm, plus alpha-beta and MCTS with two threads (Lazy SMP, root
         * parallelism): "algorithm" 4 and 5 below. */
        for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_MCTS + 2; alg++) {
            for (size_t l = 0; l < 3; l++) {
                ba_engine *e = NULL;
                ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
                ck_assert_int_eq(ba_engine_set(e, BA_OPT_TT_MB, 1), BA_OK);
                int threads = alg > BA_ALG_MCTS ? 2 : 1;
                int real = alg == BA_ALG_MCTS + 1 ? BA_ALG_ALPHABETA
                                                  : alg == BA_ALG_MCTS + 2 ? BA_ALG_MCTS : alg;
                ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, real), BA_OK);
                ck_assert_int_eq(ba_engine_set(e, BA_OPT_THREADS, threads), BA_OK);
                /* Negamax has no other bound: keep it shallow where the limit is not depth. */
                if (real == BA_ALG_NEGAMAX)
                    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 2), BA_OK);
                /* MCTS has no depth: its third limit is the iteration count. */
                ba_option opt = real == BA_ALG_MCTS && limits[l].opt == BA_OPT_DEPTH
                                    ? BA_OPT_MCTS_ITERATIONS
                                    : limits[l].opt;
                ck_assert_int_eq(ba_engine_set(e, opt, 1), BA_OK);
                ba_search_result res;
                int rc = ba_engine_search(e, pos, &res);
                ck_assert_msg(rc == BA_OK, "%s (%s) alg %d %s 1: rc %d", t[i].module,
                              t[i].variant, alg, limits[l].name, rc);
                ck_assert_msg(bt_is_legal(pos, &res.best), "%s (%s) alg %d %s 1: illegal best move",
                              t[i].module, t[i].variant, alg, limits[l].name);
                ba_engine_free(e);
            }
        }
        ba_pos_free(pos);
        if (owned)
            ba_game_destroy((ba_game *)(uintptr_t)g);
    }
}
END_TEST

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Measures how far searches run past movetime: a few positions per game (start and after
 * random plies), each algorithm that has a time limit; prints max and mean overshoot. */
START_TEST(test_time_limit_overshoot)
{
    static const int limits[] = {50, 100, 500};
    size_t n;
    const hard_game *t = hard_games(&n);
    const char *last = "";
    for (size_t i = 0; i < n; i++) {
        if (strcmp(t[i].module, last) == 0)
            continue; /* default variant of each module only */
        last = t[i].module;
        const ba_game *g;
        int owned;
        ck_assert_int_eq(t[i].make(&g, &owned), 0);
        for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
            double max_over = 0, sum_over = 0, alg_max[4] = {0, 0, 0, 0};
            int samples = 0, early = 0;
            int positions = limits[l] >= 500 ? 1 : 2;
            /* Alpha-beta, best-first, MCTS, and alpha-beta with two threads (Lazy SMP). */
            for (int alg = BA_ALG_ALPHABETA; alg <= BA_ALG_MCTS + 1; alg++) {
                uint64_t rng = 5 + (uint64_t)l;
                for (int p = 0; p < positions; p++) {
                    ba_pos *pos = NULL;
                    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
                    ba_move *moves = malloc(g->max_moves * sizeof *moves);
                    int plies = p == 0 ? 0 : (t[i].search_cost > 1 ? 2 : 10);
                    for (int k = 0; k < plies; k++) {
                        int nm = ba_pos_moves(pos, moves, g->max_moves);
                        if (nm <= 0 || ba_pos_result(pos) != BA_RESULT_ONGOING)
                            break;
                        ba_pos_play(pos, &moves[hard_rand(&rng) % (uint64_t)nm], NULL);
                    }
                    free(moves);
                    if (ba_pos_result(pos) != BA_RESULT_ONGOING) {
                        ba_pos_free(pos);
                        continue;
                    }
                    ba_engine *e = NULL;
                    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
                    int smp = alg == BA_ALG_MCTS + 1;
                    ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM,
                                                   smp ? BA_ALG_ALPHABETA : alg),
                                     BA_OK);
                    ck_assert_int_eq(ba_engine_set(e, BA_OPT_THREADS, smp ? 2 : 1), BA_OK);
                    /* MCTS's default iteration cap would end it before the time limit. */
                    if (alg == BA_ALG_MCTS)
                        ck_assert_int_eq(ba_engine_set(e, BA_OPT_MCTS_ITERATIONS, 0), BA_OK);
                    ck_assert_int_eq(ba_engine_set(e, BA_OPT_TIME_MS, limits[l]), BA_OK);
                    ba_search_result res;
                    double t0 = now_ms();
                    ck_assert_int_eq(ba_engine_search(e, pos, &res), BA_OK);
                    double elapsed = now_ms() - t0;
                    ck_assert(bt_is_legal(pos, &res.best));
                    if (!res.stopped) {
                        early++; /* finished (proved or at the depth cap) before the limit */
                    } else {
                        double over = elapsed - limits[l];
                        if (over < 0)
                            over = 0;
                        if (over > max_over)
                            max_over = over;
                        if (over > alg_max[alg - BA_ALG_ALPHABETA])
                            alg_max[alg - BA_ALG_ALPHABETA] = over;
                        sum_over += over;
                        samples++;
                        /* Generous: a loaded machine and the sanitizers slow things down. */
                        ck_assert_msg(over < 2000.0 + limits[l] * 4.0,
                                      "%s: movetime %d ms took %.0f ms", g->name, limits[l],
                                      elapsed);
                    }
                    ba_engine_free(e);
                    ba_pos_free(pos);
                }
            }
            printf("movetime %4d ms  %-8s searches %2d (finished early %d)  overshoot max %6.1f "
                   "ms  mean %6.1f ms  (max by algorithm: alpha-beta %.1f, best-first %.1f, "
                   "MCTS %.1f, Lazy SMP x2 %.1f)\n",
                   limits[l], g->name, samples + early, early, max_over,
                   samples ? sum_over / samples : 0.0, alg_max[0], alg_max[1], alg_max[2],
                   alg_max[3]);
            fflush(stdout);
        }
        if (owned)
            ba_game_destroy((ba_game *)(uintptr_t)g);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("hardening_limits");
    TCase *tc = tcase_create("limits");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_allocation_failures);
    tcase_add_test(tc, test_allocation_failures_create);
    tcase_add_test(tc, test_table_allocation_fails);
    tcase_add_test(tc, test_limits_of_one);
    tcase_add_test(tc, test_time_limit_overshoot);
    suite_add_tcase(s, tc);
    return s;
}
