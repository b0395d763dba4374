/*
 * Camelot evaluation: Nolan's position factors, one function each, for one side, in hundredths
 * of a point (CAM_EVAL_SCALE). They read the padded view (eval_view.c); the combination into a
 * score is in eval.c. docs/camelot-evaluation.md states each factor as implemented.
 */
#include <math.h>
#include <string.h>

#include "camelot/eval_factors.h"
#include "camelot/eval_mobility.h"
#include "camelot/eval_sets.h"
#include "camelot/knight.h"

#define SCALE ((int64_t)CAM_EVAL_SCALE)
/* A cell's piece-and-side bits: CAM_C_MAN_OF(side) for any piece of that side. */
#define OWNER_BITS(cell) ((cell) & (CAM_C_PIECE | CAM_C_BLACK))

static int rank_from_own_side(int v, int side)
{
    int r = CAM_VRANK(v);
    return side == 0 ? r : 15 - r;
}

int cam_eval_uncastled(const cam_view *v, int side)
{
    int n = 0;
    for (int i = 0; i < v->count[side]; i++)
        n += cam_view_castle_owner(v->sq[side][i]) < 0;
    return n;
}

/* Factor 1: 100 per man, K(P, N) per knight, P = the side's pieces outside both castles. */
int32_t cam_eval_material(const cam_view *v, int side, const cam_eval_params *p)
{
    int knights = 0;
    for (int i = 0; i < v->count[side]; i++)
        knights += (v->cell[v->sq[side][i]] & CAM_C_KNIGHT) != 0;
    int32_t k = knights > 0 ? cam_knight_cp(p, cam_eval_uncastled(v, side)) : 0;
    return cam_term_material(v->count[side] - knights, knights, k, p);
}

/* Factor 2: two of the side's pieces in the opponent's castle. */
int32_t cam_eval_castle_win(const cam_view *v, int side, const cam_eval_params *p)
{
    int inside = 0;
    for (int i = 0; i < v->count[side]; i++)
        inside += cam_view_castle_owner(v->sq[side][i]) == 1 - side;
    return cam_term_castle_win(inside, p);
}

/* Factor 3: the opponent has no piece left and the side has two or more. */
int32_t cam_eval_wipeout(const cam_view *v, int side, const cam_eval_params *p)
{
    return cam_term_wipeout(v->count[side], v->count[1 - side], p);
}

/* Factor 4: per piece by its rank counted from its own side. */
int32_t cam_eval_advance(const cam_view *v, int side, const cam_eval_params *p)
{
    int64_t sum = 0;
    for (int i = 0; i < v->count[side]; i++)
        sum += p->weights.advance[rank_from_own_side(v->sq[side][i], side)];
    return cam_sat32(sum * SCALE);
}

/* Factor 5. */
int32_t cam_eval_mobility(cam_view *v, int side, const cam_eval_params *p)
{
    if (p->weights.mobility == 0) /* the costliest factor: skipped when tuned away */
        return 0;
    return cam_term_per(cam_eval_mobility_count(v, side), p->weights.mobility);
}

/* Factor 6: trading * own / opp, rounded to the nearest hundredth. Without enemy material the
 * ratio is taken against one man, the least a side can have, so the term stays finite. */
int32_t cam_eval_trading(int32_t own, int32_t opp, const cam_eval_params *p)
{
    if (p->weights.trading == 0) /* the tuned preset's weight: skip the two divisions */
        return 0;
    int64_t num = (int64_t)p->weights.trading * SCALE * own;
    int64_t iden = opp > 0 ? (int64_t)opp : (int64_t)p->weights.man * SCALE;
    /* The same rounding in integers, where it is provably the same number (this runs twice
     * an evaluation): the numerator is exact in a double (below 2^53), and with a denominator
     * below 2^21 a quotient below 2^31 is never close enough to a half for the double
     * division to round onto it. */
    if (iden > 0 && iden < ((int64_t)1 << 21) && num > -((int64_t)1 << 52) && num < ((int64_t)1 << 52)) {
        int64_t q = num >= 0 ? (2 * num + iden) / (2 * iden) : -((-2 * num + iden) / (2 * iden));
        if (q > -((int64_t)1 << 31) && q < ((int64_t)1 << 31))
            return (int32_t)q;
    }
    double den = opp > 0 ? (double)opp : (double)p->weights.man * (double)SCALE;
    double term = (double)p->weights.trading * (double)SCALE * (double)own / den;
    if (term > (double)INT32_MAX)
        return INT32_MAX;
    if (term < (double)INT32_MIN)
        return INT32_MIN;
    return (int32_t)lround(term);
}

/* Factor 7: per piece by its file. */
int32_t cam_eval_centre(const cam_view *v, int side, const cam_eval_params *p)
{
    int64_t sum = 0;
    for (int i = 0; i < v->count[side]; i++)
        sum += p->weights.centre[CAM_VFILE(v->sq[side][i])];
    return cam_sat32(sum * SCALE);
}

/* Factor 8: each piece (man or knight) with at least one friendly knight next to it. */
int32_t cam_eval_knight_support(const cam_view *v, int side, const cam_eval_params *p)
{
    return cam_term_per(cam_count_knight_support(v->men[side], v->knights[side]), p->weights.knight_support);
}

int cam_count_knight_support(cam_bb men, cam_bb knights)
{
    return cam_bb_count(cam_set_knight_support(men, knights));
}

/* Factor 9: each man with at least one friendly man next to it. */
int32_t cam_eval_man_support(const cam_view *v, int side, const cam_eval_params *p)
{
    return cam_term_per(cam_count_man_support(v->men[side]), p->weights.man_support);
}

int cam_count_man_support(cam_bb men)
{
    return cam_bb_count(cam_set_man_support(men));
}

int cam_eval_trap_square(const cam_view *v, int side, int from, int to)
{
    /* A piece in the opponent's castle never moves again, so it is never forced to jump. */
    if (cam_view_castle_owner(to) == 1 - side)
        return 0;
    const unsigned enemy = CAM_C_MAN_OF(1 - side);
    for (int d = 0; d < 8; d++) {
        int dir = cam_view_dirs[d];
        int e = to + dir, beyond = e + dir, behind = to - dir;
        if (OWNER_BITS(v->cell[e]) != enemy)
            continue;
        int can_jump = v->cell[beyond] == CAM_C_EMPTY || beyond == from;
        int jumped_back = v->cell[behind] == CAM_C_EMPTY || behind == from;
        if (can_jump && !jumped_back)
            return 1;
    }
    return 0;
}

/* Factor 10 as a position term: the side that has just moved is charged for each of its
 * pieces standing in such a trap; the side to move simply captures (compulsory) and the
 * search sees that, so it is not charged. */
int32_t cam_eval_exposure(const cam_view *v, int side, const cam_eval_params *p)
{
    if (side == v->side_to_move)
        return 0;
    /* As sets (cam_set_exposed, eval_sets.h). */
    return cam_term_per(cam_count_exposed(cam_bb_or(v->men[side], v->knights[side]),
                                          cam_bb_or(v->men[1 - side], v->knights[1 - side]), side),
                        p->weights.exposure);
}

int cam_count_exposed(cam_bb own, cam_bb enemy, int side)
{
    return cam_bb_count(cam_set_exposed(own, enemy, side));
}
