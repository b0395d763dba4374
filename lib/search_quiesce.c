/* The leaf of every algorithm: the static evaluation, or, with quiescence on and a game that has
 * noisy moves, a stand-pat quiescence search over them (depth-capped by BA_OPT_QDEPTH).
 * Two forms compute the same value: bac_leaf() prunes with alpha-beta, bac_leaf_full() looks at
 * every noisy move (the negamax reference); their agreement is what the equivalence tests check. */
#include "search.h"

/* Orders the noisy moves of ply by the game's key only (no killer/history state, so the leaf
 * value never depends on what was searched before). */
static void quiet_order(bac_search *s, int ply, int n)
{
    bac_frame *f = &s->f[ply];
    for (int i = 0; i < n; i++) {
        f->order[i].key = bac_order_key(s->order, s->g, f->state, &f->moves[i], ply, f->stm, 0);
        f->order[i].idx = i;
    }
    bac_order_sort(f->order, n);
}

/* The node at ply is entered and not terminal. Fail-soft. */
/* A node where standing pat is no option: in check (the game's extension), or, in the selective
 * search, forced to a noisy move (Camelot: a compulsory capture, whose value the static one
 * misses when the capture walks into a trap). */
static int no_stand_pat(bac_search *s, int ply, int qply)
{
    return qply < s->qdepth && (bac_tactical(s, ply) || bac_forced(s, ply));
}

/* The static value of a node that cannot stand pat serves only when it has no noisy move: it
 * is computed only then (Camelot's compulsory captures make such nodes common, and its
 * evaluation is the dearest part of its node). The search counts a heuristic value as if it
 * had been taken either way, so that what it stores and proves is what it was before. */
static int no_stand_pat_value(bac_search *s, int ply, int n)
{
    if (n > 0) {
        s->guesses++; /* as bac_eval() */
        return -BA_SCORE_INF;
    }
    return bac_eval(s, ply);
}

static int qsearch(bac_search *s, int ply, int qply, int alpha, int beta)
{
    /* At a tactical node (chess: in check) standing pat is no option: every noisy move (every
     * evasion) is searched, and the static value only serves when there is none. */
    int tactical = no_stand_pat(s, ply, qply); /* never at qply >= qdepth */
    int best = 0;
    if (!tactical) {
        best = bac_eval(s, ply);
        if (qply >= s->qdepth || best >= beta)
            return best;
    }
    int n = bac_generate(s, ply, 1);
    if (n < 0)
        return 0;
    if (tactical)
        best = no_stand_pat_value(s, ply, n);
    if (best > alpha)
        alpha = best;
    quiet_order(s, ply, n);
    for (int i = 0; i < n; i++) {
        if (bac_make_child(s, ply, &s->f[ply].moves[s->f[ply].order[i].idx]) < 0)
            return 0;
        int ts = 0, same = bac_same_side(s, ply), v;
        int r = bac_enter(s, ply + 1, &ts);
        if (s->abort)
            return 0;
        if (r == BAC_TERMINAL)
            v = same ? ts : -ts;
        else if (same)
            v = qsearch(s, ply + 1, qply + 1, alpha, beta);
        else
            v = -qsearch(s, ply + 1, qply + 1, -beta, -alpha);
        if (s->abort)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

static int qsearch_full(bac_search *s, int ply, int qply)
{
    int tactical = no_stand_pat(s, ply, qply);
    int best = 0;
    if (!tactical) {
        best = bac_eval(s, ply);
        if (qply >= s->qdepth)
            return best;
    }
    int n = bac_generate(s, ply, 1);
    if (n < 0)
        return 0;
    if (tactical)
        best = no_stand_pat_value(s, ply, n);
    for (int i = 0; i < n; i++) {
        if (bac_make_child(s, ply, &s->f[ply].moves[i]) < 0)
            return 0;
        int ts = 0, same = bac_same_side(s, ply);
        int r = bac_enter(s, ply + 1, &ts);
        if (s->abort)
            return 0;
        int v = r == BAC_TERMINAL ? ts : qsearch_full(s, ply + 1, qply + 1);
        if (s->abort)
            return 0;
        if (!same)
            v = -v;
        if (v > best)
            best = v;
    }
    return best;
}

int bac_leaf(bac_search *s, int ply, int alpha, int beta)
{
    return s->quiesce ? qsearch(s, ply, 0, alpha, beta) : bac_eval(s, ply);
}

int bac_leaf_full(bac_search *s, int ply)
{
    return s->quiesce ? qsearch_full(s, ply, 0) : bac_eval(s, ply);
}
