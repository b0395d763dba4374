/* Best-first with iterative re-search against an independent implementation of the algorithm
 * as docs/search.md states it (written here over the public vtable only): same value and same
 * best move at every depth, for several re-search schedules; and legality. */
#include <string.h>

#include <boardai/engine.h>

#include "check_main.h"
#include "testgames.h"

typedef struct ref_bf {
    const ba_game *g;
    int min_depth, k;
} ref_bf;

/* Largest r with r^k <= depth, by repeated multiplication from above. */
static int kth_root(int depth, int k)
{
    for (int r = depth; r >= 1; r--) {
        long long p = 1;
        for (int i = 0; i < k; i++)
            p *= r;
        if (p <= depth)
            return r;
    }
    return 1;
}

static int ref_search(const ref_bf *R, const unsigned char *st, int ply, int depth, int alpha,
                      int beta, const ba_move *hint, ba_move *best_out)
{
    const ba_game *g = R->g;
    ba_history h = {NULL, 0};
    memset(best_out, 0, sizeof *best_out);
    int stm = g->side_to_move(g, st);
    int res = g->status(g, st, &h);
    if (res == BA_RESULT_DRAW)
        return 0;
    if (res != BA_RESULT_ONGOING)
        return ba_result_winner(res) == stm ? BA_SCORE_WIN - ply : -(BA_SCORE_WIN - ply);
    if (depth <= 0)
        return g->evaluate(g, st);
    ba_move moves[64];
    int n = g->generate(g, st, &h, moves, 64);
    if (n <= 0)
        return g->evaluate(g, st);
    /* Order: the given best move first, then by the game's key (stable). */
    int order[64], key[64];
    for (int i = 0; i < n; i++) {
        order[i] = i;
        key[i] = g->order_key ? g->order_key(g, st, &moves[i]) : 0;
    }
    for (int i = 1; i < n; i++) /* stable insertion sort by key, descending */
        for (int j = i; j > 0 && key[order[j]] > key[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; hint && i < n; i++)
        if (ba_move_equal(&moves[order[i]], hint)) {
            int t = order[i];
            memmove(order + 1, order, (size_t)i * sizeof *order);
            order[0] = t;
            break;
        }
    int best = -BA_SCORE_INF;
    unsigned char child[64];
    for (int k = 0; k < n; k++) {
        const ba_move *m = &moves[order[k]];
        memcpy(child, st, g->state_size);
        g->apply(g, child, m);
        int same = g->side_to_move(g, child) == stm;
        ba_move reply, prev;
        memset(&prev, 0, sizeof prev);
        int v = 0;
        int first = depth <= 2 ? depth - 1 : kth_root(depth, R->k);
        if (depth > 2 && first < R->min_depth)
            first = R->min_depth;
        if (first > depth - 1)
            first = depth - 1;
        for (int d = first; d <= depth - 1; d++) {
            const ba_move *hh = depth <= 2 ? NULL : &prev;
            v = same ? ref_search(R, child, ply + 1, d, alpha, beta, hh, &reply)
                     : -ref_search(R, child, ply + 1, d, -beta, -alpha, hh, &reply);
            if (v <= alpha && k > 0)
                break; /* looks worse than the best already: no deeper look */
            prev = reply;
        }
        if (v > best) {
            best = v;
            *best_out = *m;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

START_TEST(bestfirst_matches_reference)
{
    static const int variants[] = {0, 1, 2, 4};
    int checked = 0;
    for (size_t vi = 0; vi < sizeof variants / sizeof variants[0]; vi++) {
        const ba_game *g = bt_synth_game(variants[vi]);
        ba_pos *p = NULL;
        ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
        ba_move moves[64];
        for (int trial = 0; trial < 12; trial++) {
            ba_pos_reset(p);
            for (int i = 0; i < trial % 6; i++) {
                int n = ba_pos_moves(p, moves, 64);
                if (n <= 0)
                    break;
                ba_pos_play(p, &moves[(trial * 5 + i * 3) % n], NULL);
            }
            if (ba_pos_result(p) != BA_RESULT_ONGOING)
                continue;
            for (int k = 1; k <= 3; k++) {
                ref_bf R = {g, k == 3 ? 3 : 2, k};
                ba_engine *e = NULL;
                ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
                ba_engine_set(e, BA_OPT_ALGORITHM, BA_ALG_BESTFIRST);
                ba_engine_set(e, BA_OPT_QUIESCENCE, 0);
                ba_engine_set(e, BA_OPT_BF_SCHEDULE, k);
                ba_engine_set(e, BA_OPT_BF_MIN_DEPTH, R.min_depth);
                ba_move prev, best;
                memset(&prev, 0, sizeof prev);
                for (int d = 1; d <= 7; d++) {
                    int v = ref_search(&R, ba_pos_state(p), 0, d, -BA_SCORE_INF, BA_SCORE_INF,
                                       d == 1 ? NULL : &prev, &best);
                    prev = best;
                    ba_engine_set(e, BA_OPT_DEPTH, d);
                    ba_search_result r;
                    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
                    if (r.depth < d)
                        break; /* game tree exhausted */
                    ck_assert_msg(r.score == v, "variant %d trial %d k %d depth %d: engine %d, "
                                                "reference %d",
                                  variants[vi], trial, k, d, r.score, v);
                    ck_assert(ba_move_equal(&r.best, &best));
                    checked++;
                }
                ba_engine_free(e);
            }
        }
        ba_pos_free(p);
    }
    ck_assert_int_gt(checked, 200);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("bestfirst");
    TCase *tc = tcase_create("bestfirst");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, bestfirst_matches_reference);
    suite_add_tcase(s, tc);
    return s;
}
