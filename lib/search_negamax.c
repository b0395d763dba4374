/* Plain fixed-depth negamax: the reference every other algorithm is checked against. It looks
 * at every move and uses the same leaf as the others (static evaluation, or the full-width
 * stand-pat quiescence when quiescence is on). */
#include "search.h"

int bac_negamax(bac_search *s, int ply, int depth)
{
    int ts = 0;
    if (bac_enter(s, ply, &ts) == BAC_TERMINAL)
        return ts;
    if (s->abort)
        return 0;
    depth = bac_extend(s, ply, depth);
    if (depth <= 0)
        return bac_leaf_full(s, ply);
    int n = bac_generate(s, ply, 0);
    if (n < 0)
        return 0;
    if (n == 0) /* not over yet no move: a game-defined oddity; score it as a leaf */
        return bac_eval(s, ply);
    bac_frame *f = &s->f[ply];
    int best = -BA_SCORE_INF;
    const uint8_t *skip = ply == 0 ? s->root_skip : NULL; /* a restricted root */
    for (int i = 0; i < n; i++) {
        if (skip && skip[i])
            continue;
        if (bac_make_child(s, ply, &f->moves[i]) < 0)
            return 0;
        int same = bac_same_side(s, ply);
        int v = bac_negamax(s, ply + 1, depth - 1);
        if (s->abort)
            return 0;
        if (!same) /* the sign flips only when the side to move changes */
            v = -v;
        if (v > best) {
            best = v;
            bac_pv_update(s, ply, &f->moves[i]);
        }
    }
    return best;
}

int bac_negamax_root(bac_search *s, int depth)
{
    s->iter_depth = depth;
    return bac_negamax(s, 0, depth);
}
