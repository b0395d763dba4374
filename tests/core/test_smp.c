/* Lazy SMP and the repeat window: with two threads alpha-beta still returns the negamax value
 * (the shared table keeps exact-depth entries), moves are legal, limits and stop reach the
 * helpers, deterministic mode is identical run to run; a game's repeat_window lets positions
 * after different distant pasts share table scores, soundly. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/engine.h>

#include "check_main.h"
#include "conformance.h"
#include "test_util.h"
#include "testgames.h"

static ba_engine *engine(const ba_game *g, int alg, int depth, int threads)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, alg), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_THREADS, threads), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, 0), BA_OK); /* compared with negamax */
    return e;
}

/* Random positions (with their histories) of a game: the 2-thread value equals negamax. */
static void check_smp_values(const ba_game *g, int depth, int positions, uint64_t seed)
{
    ba_engine *smp = engine(g, BA_ALG_ALPHABETA, depth, 2); /* one warm table throughout */
    ba_engine *nm = engine(g, BA_ALG_NEGAMAX, depth, 1);
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    ba_move moves[256];
    int checked = 0;
    for (int t = 0; t < positions * 3 && checked < positions; t++) {
        ba_pos_reset(p);
        int plies = (int)(bt_lcg_next(&seed) % 12);
        for (int k = 0; k < plies && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
            int n = ba_pos_moves(p, moves, 256);
            ba_pos_play(p, &moves[bt_lcg_next(&seed) % (uint64_t)n], NULL);
        }
        if (ba_pos_result(p) != BA_RESULT_ONGOING)
            continue;
        ba_search_result a, b;
        ck_assert_int_eq(ba_engine_search(nm, p, &a), BA_OK);
        ck_assert_int_eq(ba_engine_search(smp, p, &b), BA_OK);
        ck_assert_msg(a.score == b.score, "%s depth %d position %d: negamax %d, 2 threads %d",
                      g->name, depth, t, a.score, b.score);
        ck_assert(bt_is_legal(p, &b.best));
        checked++;
    }
    ck_assert_int_gt(checked, positions / 2);
    ba_pos_free(p);
    ba_engine_free(nm);
    ba_engine_free(smp);
}

START_TEST(two_threads_equal_negamax)
{
    for (int v = 0; v < BT_SYNTH_VARIANTS; v++)
        for (int d = 1; d <= 5; d++)
            check_smp_values(bt_synth_game(v), d, 25, 100u + (uint64_t)(v * 10 + d));
    check_smp_values(bt_synth_window_game(), 5, 40, 7);
    check_smp_values(bt_tictactoe_game(), 9, 40, 8);
    check_smp_values(bt_nim_game(), 6, 20, 9);
}
END_TEST

/* Solved small games: Nim's xor rule and tic-tac-toe's draw with 2 and 4 threads. */
START_TEST(solved_games)
{
    const char *nim[] = {"3 4 5 / 0", "1 2 3 / 1", "2 5 6 / 0", "4 4 / 1"};
    for (int threads = 2; threads <= 4; threads += 2) {
        for (size_t i = 0; i < 4; i++) {
            ba_pos *p = NULL;
            ba_pos_new(bt_nim_game(), &p);
            ck_assert_int_eq(ba_pos_set_text(p, nim[i], NULL), BA_OK);
            ba_engine *e = engine(bt_nim_game(), BA_ALG_ALPHABETA, 20, threads);
            ba_search_result r;
            ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
            int win = i == 0 || i == 2;
            ck_assert_msg(win ? r.score >= BA_SCORE_WIN_MIN : r.score <= -BA_SCORE_WIN_MIN,
                          "%s: %d", nim[i], r.score);
            ck_assert(bt_is_legal(p, &r.best));
            ba_engine_free(e);
            ba_pos_free(p);
        }
        ba_pos *p = NULL;
        ba_pos_new(bt_tictactoe_game(), &p);
        ba_engine *e = engine(bt_tictactoe_game(), BA_ALG_ALPHABETA, 9, threads);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.score, 0);
        ba_engine_free(e);
        ba_pos_free(p);
    }
}
END_TEST

static ba_search_result det_search(const ba_pos *p, const ba_pos *warmup, int threads)
{
    const ba_game *g = ba_pos_game(p);
    ba_engine *e = engine(g, BA_ALG_ALPHABETA, 9, threads);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DETERMINISTIC, 1), BA_OK);
    ba_search_result r;
    if (warmup)
        ck_assert_int_eq(ba_engine_search(e, warmup, &r), BA_OK);
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ba_engine_free(e);
    return r;
}

START_TEST(deterministic_mode)
{
    const ba_game *g = bt_synth_big_game();
    ba_pos *p = NULL, *q = NULL;
    ba_pos_new(g, &p);
    ba_pos_new(g, &q);
    ba_move moves[64];
    ba_pos_moves(q, moves, 64);
    ba_pos_play(q, &moves[0], NULL);
    ba_search_result a = det_search(p, NULL, 2);
    ba_search_result b = det_search(p, q, 2); /* another search before: tables are cleared */
    ba_search_result c = det_search(p, NULL, 1);
    const ba_search_result *rs[2] = {&b, &c};
    for (int k = 0; k < 2; k++) {
        ck_assert(ba_move_equal(&a.best, &rs[k]->best));
        ck_assert_int_eq(a.score, rs[k]->score);
        ck_assert_int_eq(a.nodes, rs[k]->nodes);
        ck_assert_int_eq(a.pv_len, rs[k]->pv_len);
        for (int i = 0; i < a.pv_len; i++)
            ck_assert(ba_move_equal(&a.pv[i], &rs[k]->pv[i]));
    }
    ba_pos_free(q);
    ba_pos_free(p);
}
END_TEST

START_TEST(limits_and_stop_reach_helpers)
{
    const ba_game *g = bt_synth_big_game();
    ba_pos *p = NULL;
    ba_pos_new(g, &p);
    ba_search_result r;
    for (int threads = 2; threads <= 3; threads++) {
        ba_engine *e = engine(g, BA_ALG_ALPHABETA, BA_MAX_DEPTH, threads);
        ck_assert_int_eq(ba_engine_set(e, BA_OPT_TT_MB, 1), BA_OK);
        pthread_t th;
        ck_assert_int_eq(pthread_create(&th, NULL, bt_stop_engine_later, e), 0);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        pthread_join(th, NULL);
        ck_assert_int_eq(r.stopped, 1);
        ck_assert(bt_is_legal(p, &r.best));
        ba_engine_set(e, BA_OPT_NODES, 50000);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.stopped, 1);
        ck_assert_uint_le(r.nodes, 50000u + 512u * (unsigned)threads);
        ck_assert(bt_is_legal(p, &r.best));
        ba_engine_set(e, BA_OPT_NODES, 0);
        ba_engine_set(e, BA_OPT_TIME_MS, 60);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.stopped, 1);
        ck_assert(bt_is_legal(p, &r.best));
        ba_engine_free(e);
    }
    ba_pos_free(p);
}
END_TEST

/* ---- the repeat window ---- */

/* The window game's history (list of moves from the start) and the resulting position text. */
typedef struct walk {
    ba_move moves[16];
    int n;
    char text[64];
} walk;

static ba_pos *replay(const ba_game *g, const walk *w)
{
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    for (int i = 0; i < w->n; i++)
        ck_assert_int_eq(ba_pos_play(p, &w->moves[i], NULL), BA_OK);
    return p;
}

/* Two different move sequences that reach the same position just after counter 0 went up
 * (window 0): everything before is outside the window. */
static int find_transposition(const ba_game *g, walk *a, walk *b)
{
    static walk seen[400];
    int nseen = 0;
    uint64_t lcg = 4242;
    ba_move moves[32];
    for (int trial = 0; trial < 4000; trial++) {
        walk w;
        memset(&w, 0, sizeof w);
        ba_pos *p = NULL;
        ba_pos_new(g, &p);
        int len = 2 + (int)(bt_lcg_next(&lcg) % 10);
        for (int k = 0; k < len && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
            int n = ba_pos_moves(p, moves, 32);
            ba_move m = moves[bt_lcg_next(&lcg) % (uint64_t)n];
            ba_pos_play(p, &m, NULL);
            w.moves[w.n++] = m;
            if (m.bytes[0] == 0 && m.bytes[1] == 0 && k >= 2 &&
                ba_pos_result(p) == BA_RESULT_ONGOING) {
                ba_pos_text(p, w.text, sizeof w.text);
                for (int i = 0; i < nseen; i++)
                    if (strcmp(seen[i].text, w.text) == 0 && seen[i].n != w.n) {
                        *a = seen[i];
                        *b = w;
                        ba_pos_free(p);
                        return 1;
                    }
                if (nseen < 400)
                    seen[nseen++] = w;
                break;
            }
        }
        ba_pos_free(p);
    }
    return 0;
}

START_TEST(repeat_window_shares_scores)
{
    const ba_game *g = bt_synth_window_game();
    ba_game nohook = *g; /* the same game without the hook: the whole history is keyed */
    nohook.repeat_window = NULL;
    walk wa, wb;
    ck_assert(find_transposition(g, &wa, &wb));
    uint64_t nodes[2];
    for (int k = 0; k < 2; k++) {
        const ba_game *gg = k ? &nohook : g;
        ba_pos *pa = replay(gg, &wa), *pb = replay(gg, &wb);
        ba_engine *e = engine(gg, BA_ALG_ALPHABETA, 8, 1);
        ba_engine *nm = engine(gg, BA_ALG_NEGAMAX, 8, 1);
        ba_search_result ra, rb, na, nb;
        ck_assert_int_eq(ba_engine_search(e, pa, &ra), BA_OK);
        ck_assert_int_eq(ba_engine_search(e, pb, &rb), BA_OK); /* warm: after a's search */
        ck_assert_int_eq(ba_engine_search(nm, pa, &na), BA_OK);
        ck_assert_int_eq(ba_engine_search(nm, pb, &nb), BA_OK);
        ck_assert_int_eq(ra.score, na.score);
        ck_assert_int_eq(rb.score, nb.score);
        ck_assert_int_eq(na.score, nb.score); /* the distant past really does not matter */
        nodes[k] = rb.nodes;
        ba_engine_free(nm);
        ba_engine_free(e);
        ba_pos_free(pa);
        ba_pos_free(pb);
    }
    /* With the window the second search reuses the first one's scores (without it, it reuses
     * only best moves); the trees of this game are small, so the gain is modest but strict. */
    ck_assert_msg(nodes[0] < nodes[1], "with window %llu nodes, without %llu",
                  (unsigned long long)nodes[0], (unsigned long long)nodes[1]);
}
END_TEST

/* Soundness: the exactness contract on random positions with random histories. */
START_TEST(repeat_window_exact)
{
    char msg[1024];
    for (int d = 1; d <= 5; d++)
        ck_assert_msg(ba_search_equivalence_check(bt_synth_window_game(), 900 + (uint64_t)d, 40,
                                                  d, 30, msg, sizeof msg) == 0,
                      "%s", msg);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("smp");
    TCase *tc = tcase_create("smp");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, two_threads_equal_negamax);
    tcase_add_test(tc, solved_games);
    tcase_add_test(tc, deterministic_mode);
    tcase_add_test(tc, limits_and_stop_reach_helpers);
    tcase_add_test(tc, repeat_window_shares_scores);
    tcase_add_test(tc, repeat_window_exact);
    suite_add_tcase(s, tc);
    return s;
}
