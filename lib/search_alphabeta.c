/* Alpha-beta: principal variation search (fail-soft) with a transposition table, move ordering
 * (hash move, the game's order_key, killers, history), quiescence at the leaves and aspiration
 * windows at the root.
 *
 * Exactness: with noise off and BA_OPT_TT_DEEPER = 0 a table score is only used at exactly the
 * depth it was searched to, as a bound of the kind it was stored with, so every value equals the
 * negamax value at the same depth (the TT never lets a deeper or shallower result leak in). */
#include <stdint.h>

#include "mix.h"
#include "search.h"

static int ab(bac_search *s, int ply, int depth, int alpha, int beta);

/* The child at ply+1, from ply's point of view: the window and the sign flip only when the
 * side to move changes (an extra turn keeps both). */
static int ab_child(bac_search *s, int ply, int depth, int alpha, int beta)
{
    if (bac_same_side(s, ply))
        return ab(s, ply + 1, depth, alpha, beta);
    return -ab(s, ply + 1, depth, -beta, -alpha);
}

/* Fills f[ply].order: the forced-first move (hash move or root hint), then by ordering key. */
static void order_moves(bac_search *s, int ply, int n, int first)
{
    bac_frame *f = &s->f[ply];
    for (int i = 0; i < n; i++) {
        f->order[i].idx = i;
        f->order[i].key = i == first ? INT64_MAX
                                     : bac_order_key(s->order, s->g, f->state, &f->moves[i],
                                                     ply, f->stm, 1);
    }
    bac_order_sort(f->order, n);
}

static int find_move(const bac_frame *f, int n, const ba_move *m)
{
    for (int i = 0; i < n; i++)
        if (ba_move_equal(&f->moves[i], m))
            return i;
    return -1;
}

static int ab(bac_search *s, int ply, int depth, int alpha, int beta)
{
    int ts = 0;
    if (bac_enter(s, ply, &ts) == BAC_TERMINAL)
        return ts;
    if (s->abort)
        return 0;
    depth = bac_extend(s, ply, depth);
    if (depth <= 0)
        return bac_leaf(s, ply, alpha, beta);
    bac_frame *f = &s->f[ply];
    if (BA_GAME_HAS(s->g, extension)) {
        /* With extensions the value depends on the extension budget left under the cap
         * (2 * iteration depth - ply - depth), not on the depth alone: scores are keyed with it
         * (exact), while the move-only entry under move_key still orders the next iteration. */
        f->key ^= bac_mix64(0x45787465ull + (uint64_t)(2 * s->iter_depth - ply - depth));
    }
    const int alpha0 = alpha;
    uint32_t hash_move = BAC_TT_NO_MOVE;
    bac_tt_entry ent;
    const bac_tt_entry *e = bac_tt_probe(&s->eng->tt, f->key, &ent) ? &ent : NULL;
    if (!e && f->move_key != f->key) {
        /* History games: no score for this exact history, but the best move found for the same
         * position after another history is still the best first guess. */
        bac_tt_entry m;
        if (bac_tt_probe(&s->eng->tt, f->move_key, &m))
            hash_move = m.move;
    }
    if (e) {
        hash_move = e->move;
        if (ply > 0 && e->flag != BAC_TT_MOVE &&
            (e->depth == depth || (s->tt_deeper && e->depth > depth))) {
            int sc = bac_tt_score_from(e->score, ply);
            if (e->flag == BAC_TT_EXACT || (e->flag == BAC_TT_LOWER && sc >= beta) ||
                (e->flag == BAC_TT_UPPER && sc <= alpha))
                return sc;
        }
    }
    int n = bac_generate(s, ply, 0);
    if (n < 0)
        return 0;
    if (n == 0)
        return bac_eval(s, ply);
    int first = hash_move < (uint32_t)n ? (int)hash_move : -1;
    if (ply == 0 && !ba_move_is_none(&s->root_hint)) {
        int h = find_move(f, n, &s->root_hint);
        if (h >= 0)
            first = h;
    }
    int best = -BA_SCORE_INF, best_i = -1, sorted = 0;
    for (int k = 0; k < n; k++) {
        int i;
        if (k == 0 && first >= 0) {
            i = first; /* tried before any ordering work: it often cuts off alone */
        } else {
            if (!sorted) {
                order_moves(s, ply, n, first); /* keeps `first` at index 0 */
                sorted = 1;
            }
            i = f->order[k].idx;
        }
        const ba_move *m = &f->moves[i];
        if (bac_make_child(s, ply, m) < 0)
            return 0;
        int v;
        if (k == 0) {
            v = ab_child(s, ply, depth - 1, alpha, beta);
        } else { /* PVS: prove the move is no better with a null window, else re-search */
            v = ab_child(s, ply, depth - 1, alpha, alpha + 1);
            if (!s->abort && v > alpha && v < beta)
                v = ab_child(s, ply, depth - 1, alpha, beta);
        }
        if (s->abort)
            return 0;
        if (v > best) {
            best = v;
            best_i = i;
            if (v > alpha) {
                alpha = v;
                bac_pv_update(s, ply, m);
                if (ply == 0) {
                    s->root_partial = 1;
                    s->root_best = *m;
                    s->root_score = v;
                }
                if (alpha >= beta) {
                    bac_order_cutoff(s->order, m, ply, f->stm, depth);
                    break;
                }
            }
        }
    }
    int flag = best <= alpha0 ? BAC_TT_UPPER : best >= beta ? BAC_TT_LOWER : BAC_TT_EXACT;
    /* After a fail-low no move is known to be best: keep whatever move the table had. */
    uint32_t move = flag == BAC_TT_UPPER ? BAC_TT_NO_MOVE : (uint32_t)best_i;
    bac_tt_store(&s->eng->tt, f->key, bac_tt_score_to(best, ply), depth, flag, move);
    if (f->move_key != f->key && move != BAC_TT_NO_MOVE)
        bac_tt_store(&s->eng->tt, f->move_key, 0, depth, BAC_TT_MOVE, move);
    return best;
}

int bac_alphabeta_root(bac_search *s, int depth, int prev_score)
{
    int lo = -BA_SCORE_INF, hi = BA_SCORE_INF;
    int use_window = s->aspiration > 0 && depth > 1 && prev_score < BA_SCORE_WIN_MIN &&
                     prev_score > -BA_SCORE_WIN_MIN;
    if (use_window) {
        lo = prev_score - s->aspiration;
        hi = prev_score + s->aspiration;
    }
    s->iter_depth = depth;
    for (;;) {
        int v = ab(s, 0, depth, lo, hi);
        if (s->abort)
            return 0;
        /* Outside the window the fail-soft value is only a bound: open that side and repeat. */
        if (v <= lo && lo > -BA_SCORE_INF)
            lo = -BA_SCORE_INF;
        else if (v >= hi && hi < BA_SCORE_INF)
            hi = BA_SCORE_INF;
        else
            return v;
    }
}
