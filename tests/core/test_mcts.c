/* Monte-Carlo tree search: legal moves on every test game, forced wins and draws proven by the
 * solver (checked against Nim's xor rule and alpha-beta), identical results for identical seeds,
 * limits and stop, the memory cap, tree reuse between moves, root parallelism. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardai/engine.h>

#include "check_main.h"
#include "search.h"
#include "test_util.h"
#include "testgames.h"

static ba_engine *mcts_engine(const ba_game *g, int64_t iterations, int64_t seed)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, BA_ALG_MCTS), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_MCTS_ITERATIONS, iterations), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SEED, seed), BA_OK);
    return e;
}

/* Random positions of every test game (random playouts to the end included). */
START_TEST(legal_moves_everywhere)
{
    const ba_game *games[] = {bt_nim_game(), bt_tictactoe_game(), bt_synth_game(0),
                              bt_synth_game(1), bt_synth_game(2), bt_synth_game(3),
                              bt_synth_game(4), bt_synth_window_game()};
    uint64_t lcg = 99;
    ba_move moves[64];
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        const ba_game *g = games[gi];
        for (int playout = -1; playout <= 3; playout += 2) {
            ba_engine *e = mcts_engine(g, 300, (int64_t)gi);
            ck_assert_int_eq(ba_engine_set(e, BA_OPT_MCTS_PLAYOUT, playout), BA_OK);
            ba_pos *p = bt_new_pos(g, NULL);
            for (int ply = 0; ply < 30 && ba_pos_result(p) == BA_RESULT_ONGOING; ply++) {
                ba_search_result r;
                ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
                ck_assert_msg(bt_is_legal(p, &r.best), "game %zu ply %d: illegal move", gi, ply);
                ck_assert_int_ge(r.pv_len, 1);
                ck_assert(ba_move_equal(&r.pv[0], &r.best));
                /* mostly the engine's move, sometimes a random one (tree reuse must cope) */
                if (bt_lcg_next(&lcg) % 3 == 0) {
                    int n = ba_pos_moves(p, moves, 64);
                    ck_assert_int_gt(n, 0);
                    ck_assert_int_eq(ba_pos_play(p, &moves[bt_lcg_next(&lcg) % (uint64_t)n], NULL), BA_OK);
                } else {
                    ck_assert_int_eq(ba_pos_play(p, &r.best, NULL), BA_OK);
                }
            }
            ba_pos_free(p);
            ba_engine_free(e);
        }
    }
}
END_TEST

static int nim_xor(const char *text)
{
    int x = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", text);
    char *q = buf;
    while (*q && *q != '/') {
        char *end;
        long v = strtol(q, &end, 10);
        if (end == q) {
            q++;
            continue;
        }
        x ^= (int)v;
        q = end;
    }
    return x;
}

/* Nim: a position with xor != 0 is a proven win; the solver must prove it and play a move to a
 * xor-0 position. With xor == 0 it is a proven loss. */
START_TEST(solver_nim)
{
    const char *wins[] = {"1 2 4 / 0", "3 4 5 / 1", "2 3 / 0", "1 3 5 / 1", "7 / 0"};
    const char *losses[] = {"1 2 3 / 0", "2 2 / 1", "1 4 5 / 0"};
    for (size_t i = 0; i < sizeof wins / sizeof wins[0]; i++) {
        ck_assert_int_ne(nim_xor(wins[i]), 0);
        ba_engine *e = mcts_engine(bt_nim_game(), 0, 5);
        ck_assert_int_eq(ba_engine_set(e, BA_OPT_NODES, 3000000), BA_OK);
        ba_pos *p = bt_new_pos(bt_nim_game(), wins[i]);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_msg(r.score >= BA_SCORE_WIN_MIN, "%s: score %d", wins[i], r.score);
        ck_assert_int_eq(r.stopped, 0); /* ended because the root was proven */
        ck_assert_int_eq(ba_pos_play(p, &r.best, NULL), BA_OK);
        char text[64];
        ba_pos_text(p, text, sizeof text);
        ck_assert_msg(nim_xor(text) == 0, "%s: move to %s", wins[i], text);
        ba_pos_free(p);
        ba_engine_free(e);
    }
    for (size_t i = 0; i < sizeof losses / sizeof losses[0]; i++) {
        ck_assert_int_eq(nim_xor(losses[i]), 0);
        ba_engine *e = mcts_engine(bt_nim_game(), 0, 5);
        ck_assert_int_eq(ba_engine_set(e, BA_OPT_NODES, 3000000), BA_OK);
        ba_pos *p = bt_new_pos(bt_nim_game(), losses[i]);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_msg(r.score <= -BA_SCORE_WIN_MIN, "%s: score %d", losses[i], r.score);
        ba_pos_free(p);
        ba_engine_free(e);
    }
}
END_TEST

/* Tic-tac-toe: the start is a proven draw; positions with a forced win are proven wins, and the
 * move chosen keeps the win (alpha-beta to the end agrees). */
START_TEST(solver_tictactoe)
{
    const ba_game *g = bt_tictactoe_game();
    ba_engine *e = mcts_engine(g, 0, 1);
    ba_pos *p = bt_new_pos(g, NULL);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(r.score, 0);
    ck_assert_int_eq(r.stopped, 0);
    ba_engine *ab = NULL;
    ck_assert_int_eq(ba_engine_new(g, &ab), BA_OK);
    /* The reference is exact: a selective search may prove a slower win than the fastest. */
    ck_assert_int_eq(ba_engine_set(ab, BA_OPT_SELECTIVE, 0), BA_OK);
    /* Random positions: the solver's proven value must be alpha-beta's exact one. */
    uint64_t lcg = 7;
    ba_move moves[16];
    int proven_wins = 0;
    for (int trial = 0; trial < 60; trial++) {
        ba_pos_reset(p);
        int plies = 1 + (int)(bt_lcg_next(&lcg) % 5);
        for (int k = 0; k < plies && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
            int n = ba_pos_moves(p, moves, 16);
            ba_pos_play(p, &moves[bt_lcg_next(&lcg) % (uint64_t)n], NULL);
        }
        if (ba_pos_result(p) != BA_RESULT_ONGOING)
            continue;
        ba_search_result a, m;
        ck_assert_int_eq(ba_engine_search(ab, p, &a), BA_OK);
        ba_engine_clear(e);
        ck_assert_int_eq(ba_engine_search(e, p, &m), BA_OK);
        int sa = a.score > 0 ? 1 : a.score < 0 ? -1 : 0;
        int sm = m.score >= BA_SCORE_WIN_MIN ? 1 : m.score <= -BA_SCORE_WIN_MIN ? -1
                                                   : m.score == 0 ? 0 : 9;
        ck_assert_msg(sa == sm, "trial %d: alpha-beta %d, mcts %d", trial, a.score, m.score);
        if (sa > 0) {
            proven_wins++;
            ck_assert_int_eq(a.score, m.score); /* the fastest win, same distance */
            ba_pos *q = NULL;
            ba_pos_clone(p, &q);
            ck_assert_int_eq(ba_pos_play(q, &m.best, NULL), BA_OK);
            if (ba_pos_result(q) == BA_RESULT_ONGOING) {
                ba_search_result after;
                ck_assert_int_eq(ba_engine_search(ab, q, &after), BA_OK);
                ck_assert_int_le(after.score, -BA_SCORE_WIN_MIN); /* the opponent is lost */
            }
            ba_pos_free(q);
        }
    }
    ck_assert_int_gt(proven_wins, 3);
    ba_engine_free(ab);
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

static ba_search_result run_once(const ba_game *g, const char *text, int64_t seed, int threads,
                                 int64_t nodes, int playout)
{
    ba_engine *e = mcts_engine(g, 0, seed);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_NODES, nodes), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_THREADS, threads), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_MCTS_PLAYOUT, playout), BA_OK);
    ba_pos *p = bt_new_pos(g, text);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ba_pos_free(p);
    ba_engine_free(e);
    return r;
}

START_TEST(same_seed_same_result)
{
    const ba_game *g = bt_synth_big_game();
    int differ = 0;
    for (int64_t seed = 0; seed < 6; seed++) {
        ba_search_result a = run_once(g, NULL, seed, 1, 20000, 6);
        ba_search_result b = run_once(g, NULL, seed, 1, 20000, 6);
        ck_assert(ba_move_equal(&a.best, &b.best));
        ck_assert_int_eq(a.score, b.score);
        ck_assert_int_eq(a.nodes, b.nodes);
        ck_assert_int_eq(a.pv_len, b.pv_len);
        for (int i = 0; i < a.pv_len; i++)
            ck_assert(ba_move_equal(&a.pv[i], &b.pv[i]));
        ba_search_result c = run_once(g, NULL, seed + 100, 1, 20000, 6);
        differ += c.score != a.score;
    }
    ck_assert_int_gt(differ, 0); /* the seed is really used by the random playouts */
}
END_TEST

START_TEST(limits_and_stop)
{
    const ba_game *g = bt_synth_big_game();
    ba_pos *p = bt_new_pos(g, NULL);
    ba_search_result r;
    /* node limits, one and several threads */
    for (int threads = 1; threads <= 2; threads++) {
        for (int64_t limit = 1; limit <= 100000; limit *= 10) {
            ba_engine *e = mcts_engine(g, 0, 3);
            ba_engine_set(e, BA_OPT_NODES, limit);
            ba_engine_set(e, BA_OPT_THREADS, threads);
            ba_engine_set(e, BA_OPT_MCTS_PLAYOUT, 4);
            ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
            ck_assert(bt_is_legal(p, &r.best));
            ck_assert_int_eq(r.stopped, 1);
            /* exact with one thread; several flush their counts every 256 nodes */
            ck_assert_uint_le(r.nodes, (uint64_t)limit + (threads > 1 ? 512u * 2 : 0u));
            ba_engine_free(e);
        }
    }
    /* iteration limit */
    ba_engine *e = mcts_engine(g, 10, 3);
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(r.stopped, 0);
    ck_assert_uint_le(r.nodes, 10u * 41u);
    ba_engine_free(e);
    /* time limit, and stop from another thread (no other limit) */
    for (int threads = 1; threads <= 2; threads++) {
        e = mcts_engine(g, 0, 3);
        ba_engine_set(e, BA_OPT_THREADS, threads);
        ba_engine_set(e, BA_OPT_TIME_MS, 100);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        ck_assert(bt_is_legal(p, &r.best));
        ck_assert_int_eq(r.stopped, 1);
        ck_assert_msg(s < 5.0, "time limit 100 ms took %.2f s", s);
        ba_engine_set(e, BA_OPT_TIME_MS, 0);
        pthread_t th;
        ck_assert_int_eq(pthread_create(&th, NULL, bt_stop_engine_later, e), 0);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        pthread_join(th, NULL);
        ck_assert(bt_is_legal(p, &r.best));
        ck_assert_int_eq(r.stopped, 1);
        ba_engine_free(e);
    }
    ba_pos_free(p);
}
END_TEST

/* With a 1 MiB cap the tree stops at 1 MiB however long the search runs, and it does reach it. */
START_TEST(memory_cap)
{
    const ba_game *g = bt_synth_big_game();
    ba_engine *e = mcts_engine(g, 0, 11);
    ba_engine_set(e, BA_OPT_MCTS_MEMORY_MB, 1);
    ba_engine_set(e, BA_OPT_MCTS_REUSE, 0);
    ba_pos *p = bt_new_pos(g, NULL);
    ba_search_result r;
    size_t last = 0;
    for (int64_t nodes = 100000; nodes <= 800000; nodes *= 2) {
        ba_engine_set(e, BA_OPT_NODES, nodes);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert(bt_is_legal(p, &r.best));
        size_t bytes = bac_mcts_tree_bytes(e);
        ck_assert_uint_le(bytes, (size_t)1 << 20);
        last = bac_mcts_tree_nodes(e);
    }
    /* the cap was reached: more than half of the 32-byte nodes that fit are used */
    ck_assert_uint_gt(last, ((size_t)1 << 20) / 32 / 2);
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

/* After a search, playing moves that the tree contains and searching again keeps that subtree:
 * one more iteration then finds a tree far bigger than one iteration makes. */
START_TEST(tree_reuse)
{
    const ba_game *g = bt_synth_big_game();
    for (int reuse = 0; reuse <= 1; reuse++) {
        ba_engine *e = mcts_engine(g, 5000, 2);
        ba_engine_set(e, BA_OPT_MCTS_REUSE, reuse);
        ba_pos *p = bt_new_pos(g, NULL);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        size_t before = bac_mcts_tree_nodes(e);
        ck_assert_int_ge(r.pv_len, 3);
        ck_assert_int_eq(ba_pos_play(p, &r.pv[0], NULL), BA_OK);
        ck_assert_int_eq(ba_pos_play(p, &r.pv[1], NULL), BA_OK);
        ba_engine_set(e, BA_OPT_MCTS_ITERATIONS, 1);
        ba_search_result r2;
        ck_assert_int_eq(ba_engine_search(e, p, &r2), BA_OK);
        ck_assert(bt_is_legal(p, &r2.best));
        size_t after = bac_mcts_tree_nodes(e);
        if (reuse) {
            ck_assert_uint_gt(after, 50); /* the PV's subtree was kept */
            ck_assert_uint_lt(after, before);
            ck_assert(ba_move_equal(&r2.best, &r.pv[2])); /* its statistics too */
        } else {
            ck_assert_uint_le(after, 1 + 2 * 8); /* a fresh tree after one iteration */
        }
        /* A position that does not follow the kept root (another game) gets a fresh tree. */
        ba_pos_reset(p);
        ck_assert_int_eq(ba_engine_search(e, p, &r2), BA_OK);
        ck_assert_uint_le(bac_mcts_tree_nodes(e), 1 + 2 * 8);
        ba_pos_free(p);
        ba_engine_free(e);
    }
}
END_TEST

START_TEST(root_parallel_threads)
{
    /* two threads: legal, and the solver still proves Nim */
    ba_search_result r = run_once(bt_nim_game(), "3 4 5 / 0", 1, 2, 2000000, 0);
    ck_assert_int_ge(r.score, BA_SCORE_WIN_MIN);
    r = run_once(bt_synth_game(3), NULL, 1, 2, 20000, -1);
    ba_pos *p = bt_new_pos(bt_synth_game(3), NULL);
    ck_assert(bt_is_legal(p, &r.best));
    ba_pos_free(p);
    /* deterministic mode ignores the threads: identical run to run */
    ba_search_result a[2];
    for (int k = 0; k < 2; k++) {
        ba_engine *e = mcts_engine(bt_synth_big_game(), 2000, 4);
        ba_engine_set(e, BA_OPT_THREADS, 2);
        ba_engine_set(e, BA_OPT_DETERMINISTIC, 1);
        ba_pos *q = bt_new_pos(bt_synth_big_game(), NULL);
        ck_assert_int_eq(ba_engine_search(e, q, &a[k]), BA_OK);
        ba_pos_free(q);
        ba_engine_free(e);
    }
    ck_assert(ba_move_equal(&a[0].best, &a[1].best));
    ck_assert_int_eq(a[0].score, a[1].score);
    ck_assert_int_eq(a[0].nodes, a[1].nodes);
}
END_TEST

static void count_progress(void *user, const ba_progress *pr)
{
    int *n = user;
    ck_assert_int_ge(pr->pv_len, 0);
    (*n)++;
}

START_TEST(progress_reports)
{
    int calls = 0;
    ba_engine *e = mcts_engine(bt_synth_big_game(), 1000, 0);
    ba_engine_set_progress(e, count_progress, &calls);
    ba_pos *p = bt_new_pos(bt_synth_big_game(), NULL);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_ge(calls, 5); /* 64, 128, 256, 512 iterations and the end */
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("mcts");
    TCase *tc = tcase_create("mcts");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, legal_moves_everywhere);
    tcase_add_test(tc, solver_nim);
    tcase_add_test(tc, solver_tictactoe);
    tcase_add_test(tc, same_seed_same_result);
    tcase_add_test(tc, limits_and_stop);
    tcase_add_test(tc, memory_cap);
    tcase_add_test(tc, tree_reuse);
    tcase_add_test(tc, root_parallel_threads);
    tcase_add_test(tc, progress_reports);
    suite_add_tcase(s, tc);
    return s;
}
