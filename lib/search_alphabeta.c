/* Alpha-beta: principal variation search (fail-soft) with a transposition table, move ordering
 * (hash move, the game's order_key, killers, history), quiescence at the leaves and aspiration
 * windows at the root; and, with BA_OPT_SELECTIVE, the selective parts of the strongest open
 * engines adapted to a generic vtable (docs/search.md, "Selective search"): null-move pruning
 * with verification, late-move reductions, reverse futility and futility pruning, cut-offs from
 * deeper table entries and counter-move ordering.
 *
 * Exactness: with selective search off, noise off and BA_OPT_TT_DEEPER = 0 a table score is only
 * used at exactly the depth it was searched to, as a bound of the kind it was stored with, so
 * every value equals the negamax value at the same depth (the TT never lets a deeper or shallower
 * result leak in). With it off nothing below differs from the exact search but the guards. */
#include <stdint.h>

#include "mix.h"
#include "search.h"

/* Null-move pruning from this remaining depth, with reduction 2 + depth / 4 ... */
#define SEL_NULL_MIN_DEPTH 2
/* ... and a verification search (the same node, null moves off, at the reduced depth) from this
 * depth: a cheap guard against zugzwang in games that cannot flag it. */
#define SEL_VERIFY_MIN_DEPTH 5
/* Reverse futility up to this depth, futility pruning of quiet moves up to this one. */
#define SEL_RFP_MAX_DEPTH 6
#define SEL_FUTILITY_MAX_DEPTH 3
_Static_assert(SEL_FUTILITY_MAX_DEPTH <= SEL_RFP_MAX_DEPTH, "futility reuses the margin asked for reverse futility");
/* Late-move reductions from this depth, for moves after the first SEL_LMR_FIRST (PV nodes: one
 * more). */
#define SEL_LMR_MIN_DEPTH 3
#define SEL_LMR_FIRST 2
/* Late-move pruning: up to this depth, quiet moves after the first (3 + depth^2) / 2 (twice as
 * many while the static value improves) are skipped, where the game gives a futility margin. */
#define SEL_LMP_MAX_DEPTH 5
/* Internal iterative reduction: a node from this depth without a table move is searched one ply
 * shallower (its ordering is a guess, a cheaper pass fills the table for the next iteration). */
#define SEL_IIR_MIN_DEPTH 4
/* Quiet moves remembered per node for the history malus. */
#define SEL_TRIED_MAX 64

static int ab(bac_search *s, int ply, int depth, int alpha, int beta);

/* The child at ply+1, from ply's point of view: the window and the sign flip only when the
 * side to move changes (an extra turn keeps both). */
static int ab_child(bac_search *s, int ply, int depth, int alpha, int beta)
{
    if (bac_same_side(s, ply))
        return ab(s, ply + 1, depth, alpha, beta);
    return -ab(s, ply + 1, depth, -beta, -alpha);
}

/* Scores f[ply].order: the forced-first move (hash move or root hint) at 0, the others by
 * ordering key, sorted lazily by bac_order_next() as the search asks for them. */
static void order_moves(bac_search *s, int ply, int n, int first)
{
    bac_frame *f = &s->f[ply];
    const ba_move *counter = NULL;
    if (s->selective && ply > 0)
        counter = bac_order_counter(s->order, &f->move, f->stm);
    bac_order_score(s->order, s->g, f->state, f->moves, n, f->order, ply, f->stm, first, counter);
}

static int find_move(const bac_frame *f, int n, const ba_move *m)
{
    for (int i = 0; i < n; i++)
        if (ba_move_equal(&f->moves[i], m))
            return i;
    return -1;
}

static int is_win(int v) { return v >= BA_SCORE_WIN_MIN || v <= -BA_SCORE_WIN_MIN; }

/* Noisy moves are never reduced nor futility-pruned (the game's move_noisy(), else a positive
 * order key: the one bac_order_score() already asked the game for, in @p scored). */
static int move_noisy(const bac_search *s, const void *state, const ba_move *m, const bac_scored *scored)
{
    const ba_game *g = s->g;
    if (BA_GAME_HAS(g, move_noisy))
        return g->move_noisy(g, state, m) != 0;
    return scored->game_key > 0;
}

/* "Improving": the static value is above the one two plies up (the same side's last turn;
 * four plies up when that node had none, in check). Unknown counts as improving: prune less. */
static int improving(const bac_search *s, int ply)
{
    const bac_frame *f = s->f;
    for (int back = 2; back <= 4 && back <= ply; back += 2) {
        const bac_frame *p = &f[ply - back];
        if (p->stm != f[ply].stm || f[ply - back + 1].stm == f[ply].stm)
            return 1; /* extra turns: the plies do not alternate */
        if (p->has_eval)
            return f[ply].static_eval > p->static_eval;
    }
    return 1;
}

static int futility_margin(const bac_search *s, int ply, int depth)
{
    const ba_game *g = s->g;
    return BA_GAME_HAS(g, futility_margin) ? g->futility_margin(g, s->f[ply].state, depth) : 0;
}

/* Null-move pruning at a node with static value eval >= beta: pass the turn and search the reply
 * with a reduced depth and a null window at beta. A result still >= beta says the position is so
 * good that any real move would fail high too. Returns a value >= beta to cut off, or
 * -BA_SCORE_INF when the test fails (or is not possible here). */
static int try_null_move(bac_search *s, int ply, int depth, int beta)
{
    const ba_game *g = s->g;
    bac_frame *f = &s->f[ply];
    if (!BA_GAME_HAS(g, make_null) || f->null_move || f->no_null || depth < SEL_NULL_MIN_DEPTH)
        return -BA_SCORE_INF;
    if (BA_GAME_HAS(g, null_move_unsafe) && g->null_move_unsafe(g, f->state))
        return -BA_SCORE_INF;
    if (bac_make_null(s, ply) < 0)
        return -BA_SCORE_INF;
    int r = 2 + depth / 4;
    int rd = depth - 1 - r > 0 ? depth - 1 - r : 0;
    int v = -ab(s, ply + 1, rd, -beta, -beta + 1);
    if (s->abort || v < beta)
        return -BA_SCORE_INF;
    if (is_win(v))
        v = beta; /* a pass proves no win: never report one from it */
    if (depth >= SEL_VERIFY_MIN_DEPTH) {
        /* Verification: the same node with real moves only, at the reduced depth. In zugzwang
         * every real move is worse than passing, and this search says so. */
        f->no_null = 1;
        const uint64_t key = f->key; /* the re-entry rekeys the frame for its own depth */
        int vv = ab(s, ply, depth - r, beta - 1, beta);
        f->key = key;
        f->no_null = 0;
        f->pv_len = 0;
        if (s->abort || vv < beta)
            return -BA_SCORE_INF;
    }
    return v;
}

/* Whether the static value of a non-tactical interior node serves anything: the futility
 * margins, or a null move that may be tried here. Without a margin only the null move reads it,
 * so a node where the game says passing is unsafe is not evaluated (Arimaa's step game: a null
 * move only at a turn start, and its evaluation is the dear part of a node). */
static int static_value_used(const ba_game *g, const void *state)
{
    if (BA_GAME_HAS(g, futility_margin))
        return 1;
    if (!BA_GAME_HAS(g, make_null))
        return 0;
    return !BA_GAME_HAS(g, null_move_unsafe) || !g->null_move_unsafe(g, state);
}

/* Stores the node's result (and the move-only entry of history games). */
static void store(bac_search *s, int ply, int score, int depth, int flag, uint32_t move, int eval,
                  uint64_t guesses0)
{
    const bac_frame *f = &s->f[ply];
    int proven = s->guesses == guesses0 ? BAC_TT_PROVEN : 0;
    bac_tt_store(&s->eng->tt, f->key, bac_tt_score_to(score, ply), depth, flag | proven, move, eval);
    if (f->move_key != f->key && move != BAC_TT_NO_MOVE)
        bac_tt_store(&s->eng->tt, f->move_key, 0, depth, BAC_TT_MOVE, move, BAC_TT_NO_EVAL);
}

static int ab(bac_search *s, int ply, int depth, int alpha, int beta)
{
    int ts = 0;
    /* A verification search re-enters the same ply: keep its no_null mark across bac_enter. */
    int no_null = s->f[ply].no_null;
    if (bac_enter(s, ply, &ts) == BAC_TERMINAL)
        return ts;
    if (s->abort)
        return 0;
    s->f[ply].no_null = no_null;
    int tactical = 0;
    if (BA_GAME_HAS(s->g, extension))
        depth = bac_extend_tactical(s, ply, depth, &tactical);
    if (depth <= 0)
        return bac_leaf(s, ply, alpha, beta);
    if (!tactical && bac_forced(s, ply))
        tactical = 1; /* only noisy moves here: nothing to prune or reduce, no pass */
    bac_frame *f = &s->f[ply];
    if (BA_GAME_HAS(s->g, extension) && !s->selective) {
        /* With extensions the value depends on the extension budget left under the cap
         * (2 * iteration depth - ply - depth), not on the depth alone: exact search keys its
         * scores with it, while the move-only entry under move_key still orders the next
         * iteration. The selective search is no longer a function of the depth anyway; keying
         * by the budget would keep every score of one iteration from the next (the budget of a
         * node grows by one with each iteration), so it keys by the position alone, as
         * Stockfish does. */
        f->key ^= bac_mix64(0x45787465ull + (uint64_t)(2 * s->iter_depth - ply - depth));
    }
    const int alpha0 = alpha;
    /* BA_GAME_EVEN_REDUCTIONS: the selective search changes no leaf's side to move */
    const int even = (s->g->flags & BA_GAME_EVEN_REDUCTIONS) != 0;
    const int pv_node = beta - alpha > 1;
    const uint64_t guesses0 = s->guesses;
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
                (e->flag == BAC_TT_UPPER && sc <= alpha)) {
                if (!e->proven)
                    s->guesses++;
                return sc;
            }
        }
    }

    /* The static value of a node of the selective search that is not tactical, from the table
     * when it has it (a dear evaluation is not repeated), for the pruning below and for the
     * "improving" test of the node two plies down. */
    int static_eval = 0, have_eval = 0, margin = 0, impr = 1;
    f->has_eval = 0;
    if (s->selective && ply > 0 && !tactical && static_value_used(s->g, f->state)) {
        if (e && e->has_eval) {
            static_eval = e->eval;
            s->guesses++; /* as bac_eval(): a heuristic value */
        } else {
            static_eval = bac_eval(s, ply);
        }
        have_eval = 1;
        f->static_eval = static_eval;
        f->has_eval = 1;
        impr = improving(s, ply);
        if (depth <= SEL_RFP_MAX_DEPTH)
            margin = futility_margin(s, ply, depth); /* asked once: the game may work */
    }
    /* Selective pruning before any move: only away from the PV, never at a mate-score bound. */
    if (have_eval && !pv_node && !is_win(beta)) {
        if (margin > 0) {
            /* Reverse futility: even a bad move keeps it >= beta. While the static value
             * improves, half a ply's share of the margin less is asked. */
            int m = impr ? margin - margin / (2 * depth) : margin;
            if (static_eval - m >= beta)
                return static_eval - m;
        }
        if (static_eval >= beta) {
            int v = try_null_move(s, ply, depth, beta);
            if (s->abort)
                return 0;
            if (v >= beta) {
                store(s, ply, v, depth, BAC_TT_LOWER, BAC_TT_NO_MOVE, static_eval, guesses0);
                return v;
            }
        }
    }
    if (s->selective && ply > 0 && depth >= SEL_IIR_MIN_DEPTH && hash_move == BAC_TT_NO_MOVE && !tactical &&
        s->eng->tt.slots && !even) {
        depth--;
        s->guesses++; /* a reduced search proves nothing (a faster win may lie beyond it) */
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
    const uint8_t *skip = ply == 0 ? s->root_skip : NULL;
    if (skip && first >= 0 && skip[first])
        first = -1;
    /* Futility pruning of quiet moves: hopeless when even the margin cannot lift the static
     * value to alpha. */
    int futile = 0, fut_value = -BA_SCORE_INF;
    /* Late-move pruning: where the static value is trusted (a positive margin), at most this many
     * moves are looked at before the quiet ones are skipped. */
    int lmp_after = have_eval && !pv_node && margin > 0 && depth <= SEL_LMP_MAX_DEPTH && !is_win(alpha) &&
                            !even
                        ? (3 + depth * depth) / (2 - impr)
                        : n;
    if (have_eval && !pv_node && depth <= SEL_FUTILITY_MAX_DEPTH && !is_win(alpha)) {
        int m = margin; /* SEL_FUTILITY_MAX_DEPTH <= SEL_RFP_MAX_DEPTH: asked above */
        if (m > 0 && static_eval + m <= alpha) {
            futile = 1;
            fut_value = static_eval + m;
        }
    }
    int best = -BA_SCORE_INF, best_i = -1, sorted = 0, searched = 0, ntried = 0;
    const ba_move *tried[SEL_TRIED_MAX];
    for (int k = 0; k < n; k++) {
        int i;
        if (k == 0 && first >= 0) {
            i = first; /* tried before any ordering work: it often cuts off alone */
        } else {
            if (!sorted) {
                order_moves(s, ply, n, first); /* keeps `first` at index 0 */
                sorted = 1;
            }
            i = bac_order_next(f->order, n, k);
        }
        if (skip && skip[i])
            continue;
        const ba_move *m = &f->moves[i];
        /* Whether the move is quiet matters only where it could be skipped or reduced, and the
         * game's answer may cost a move's worth of work: ask only there. */
        const int lmr_slot = depth >= SEL_LMR_MIN_DEPTH && searched >= SEL_LMR_FIRST + pv_node;
        const int late = k >= lmp_after;
        /* (searched > 0: the move came from the scored order, at f->order[k]) */
        int quiet = s->selective && !tactical && searched > 0 && (futile || lmr_slot || late) &&
                    !move_noisy(s, f->state, m, &f->order[k]);
        if (futile && quiet) {
            if (fut_value > best)
                best = fut_value; /* an upper bound for the skipped move (fail-soft) */
            continue;
        }
        if (late && quiet)
            continue; /* late-move pruning */
        if (bac_make_child(s, ply, m) < 0)
            return 0;
        int v;
        if (searched == 0) {
            v = ab_child(s, ply, depth - 1, alpha, beta);
        } else {
            /* Late-move reductions: a quiet move late in the order is searched shallower first,
             * and again at full depth only when it beats alpha. */
            int r = 0;
            if (quiet && lmr_slot) {
                r = s->eng->lmr[depth < 64 ? depth : 63][searched < 64 ? searched : 63];
                r -= pv_node;
                r += !impr;
                /* by history: a move that often cut off recently is reduced less, one that
                 * failed more */
                r -= bac_order_history(s->order, m, f->stm) / (BAC_HISTORY_GRAVITY / 2);
                if (r > depth - 2)
                    r = depth - 2;
                if (even)
                    r = r >= 2 ? 2 : 0; /* the leaf keeps the side to move (game.h) */
                if (r < 0)
                    r = 0;
                if (r > 0)
                    s->guesses++; /* as for every reduction */
            }
            /* PVS: prove the move is no better with a null window, else re-search */
            v = ab_child(s, ply, depth - 1 - r, alpha, alpha + 1);
            if (!s->abort && r > 0 && v > alpha)
                v = ab_child(s, ply, depth - 1, alpha, alpha + 1);
            if (!s->abort && v > alpha && v < beta)
                v = ab_child(s, ply, depth - 1, alpha, beta);
        }
        if (s->abort)
            return 0;
        searched++;
        if (ntried < SEL_TRIED_MAX)
            tried[ntried++] = m;
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
                    if (s->selective) {
                        /* the moves tried before this one failed here: tried[ntried - 1] is m */
                        bac_order_reward(s->order, m, tried, ntried - 1, ply, f->stm, depth);
                        if (ply > 0)
                            bac_order_set_counter(s->order, &f->move, f->stm, m);
                    } else {
                        bac_order_cutoff(s->order, m, ply, f->stm, depth);
                    }
                    break;
                }
            }
        }
    }
    if (searched == 0 && best == -BA_SCORE_INF)
        return -BA_SCORE_INF; /* every root move skipped: the caller checks for it */
    if (ply == 0 && s->root_skipping)
        return best; /* a restricted root's value is not the position's: keep it out of the table */
    int flag = best <= alpha0 ? BAC_TT_UPPER : best >= beta ? BAC_TT_LOWER : BAC_TT_EXACT;
    /* After a fail-low no move is known to be best: keep whatever move the table had. */
    uint32_t move = flag == BAC_TT_UPPER || best_i < 0 ? BAC_TT_NO_MOVE : (uint32_t)best_i;
    store(s, ply, best, depth, flag, move, have_eval ? static_eval : BAC_TT_NO_EVAL, guesses0);
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
    s->f[0].null_move = 0;
    s->f[0].no_null = 0;
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
