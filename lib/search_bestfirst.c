/* Best-first search with iterative re-search (the Ugolki "corners" article; docs/search.md).
 *
 * A node receives the best move found so far and tries it first. Each move is searched once at
 * depth - 1 when depth <= 2; otherwise at increasing depths d0 .. depth - 1 with
 * d0 = max(BA_OPT_BF_MIN_DEPTH, floor(depth^(1/BA_OPT_BF_SCHEDULE))), handing the child the best
 * reply found by its previous, shallower search, and stopping early when a shallow result is
 * <= alpha for a move that is not the first. Alpha is raised and cutoffs taken as in alpha-beta.
 * Leaves are the same as everywhere (static evaluation or stand-pat quiescence). */
#include <stdint.h>

#include "search.h"

static int bf(bac_search *s, int ply, int depth, int alpha, int beta, const ba_move *hint,
              ba_move *best_out);

static int bf_child(bac_search *s, int ply, int depth, int alpha, int beta, const ba_move *hint,
                    ba_move *best_out)
{
    if (bac_same_side(s, ply))
        return bf(s, ply + 1, depth, alpha, beta, hint, best_out);
    return -bf(s, ply + 1, depth, -beta, -alpha, hint, best_out);
}

/* floor(depth^(1/k)) */
static int int_root(int depth, int k)
{
    int r = 1;
    for (;;) {
        int64_t p = 1;
        for (int i = 0; i < k && p <= depth; i++)
            p *= r + 1;
        if (p > depth)
            return r;
        r++;
    }
}

static int first_depth(const bac_search *s, int depth)
{
    int d0 = int_root(depth, s->bf_k);
    if (d0 < s->bf_min)
        d0 = s->bf_min;
    if (d0 > depth - 1)
        d0 = depth - 1;
    return d0;
}

static int bf(bac_search *s, int ply, int depth, int alpha, int beta, const ba_move *hint,
              ba_move *best_out)
{
    static const ba_move none = BA_MOVE_NONE;
    *best_out = none;
    int ts = 0;
    if (bac_enter(s, ply, &ts) == BAC_TERMINAL)
        return ts;
    if (s->abort)
        return 0;
    depth = bac_extend(s, ply, depth);
    if (depth <= 0)
        return bac_leaf(s, ply, alpha, beta);
    int n = bac_generate(s, ply, 0);
    if (n < 0)
        return 0;
    if (n == 0)
        return bac_eval(s, ply);
    bac_frame *f = &s->f[ply];
    for (int i = 0; i < n; i++) {
        f->order[i].idx = i;
        f->order[i].key = hint && ba_move_equal(hint, &f->moves[i])
                              ? INT64_MAX
                              : bac_order_key(s->order, s->g, f->state, &f->moves[i], ply,
                                              f->stm, 0);
    }
    bac_order_sort(f->order, n);

    int best = -BA_SCORE_INF;
    const uint8_t *skip = ply == 0 ? s->root_skip : NULL; /* a restricted root */
    for (int k = 0; k < n; k++) {
        if (skip && skip[f->order[k].idx])
            continue;
        const ba_move *m = &f->moves[f->order[k].idx];
        if (bac_make_child(s, ply, m) < 0)
            return 0;
        ba_move reply = BA_MOVE_NONE, prev_reply = BA_MOVE_NONE;
        int v;
        if (depth <= 2) {
            v = bf_child(s, ply, depth - 1, alpha, beta, NULL, &reply);
        } else {
            v = 0;
            for (int d = first_depth(s, depth); d <= depth - 1; d++) {
                v = bf_child(s, ply, d, alpha, beta, &prev_reply, &reply);
                if (s->abort || (v <= alpha && best > -BA_SCORE_INF))
                    break;
                prev_reply = reply;
            }
        }
        if (s->abort)
            return 0;
        if (v > best) {
            best = v;
            *best_out = *m;
            if (v > alpha) {
                alpha = v;
                bac_pv_update(s, ply, m);
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

int bac_bestfirst_root(bac_search *s, int depth)
{
    ba_move best = BA_MOVE_NONE;
    s->iter_depth = depth;
    return bf(s, 0, depth, -BA_SCORE_INF, BA_SCORE_INF, &s->root_hint, &best);
}
