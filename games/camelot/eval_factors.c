/*
 * Camelot evaluation: Nolan's position factors, one function each, for one side, in hundredths
 * of a point (CAM_EVAL_SCALE). They read the padded view (eval_view.c); the combination into a
 * score is in eval.c. docs/camelot-evaluation.md states each factor as implemented.
 */
#include <math.h>
#include <string.h>

#include "camelot/eval.h"

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
    int men = v->count[side] - knights;
    int64_t sum = (int64_t)men * p->weights.man * SCALE;
    if (knights > 0)
        sum += (int64_t)knights * cam_knight_cp(p, cam_eval_uncastled(v, side));
    return cam_sat32(sum);
}

/* Factor 2: two of the side's pieces in the opponent's castle. */
int32_t cam_eval_castle_win(const cam_view *v, int side, const cam_eval_params *p)
{
    int inside = 0;
    for (int i = 0; i < v->count[side]; i++)
        inside += cam_view_castle_owner(v->sq[side][i]) == 1 - side;
    return inside >= 2 ? cam_sat32(p->weights.castle_win * SCALE) : 0;
}

/* Factor 3: the opponent has no piece left and the side has two or more. */
int32_t cam_eval_wipeout(const cam_view *v, int side, const cam_eval_params *p)
{
    return v->count[1 - side] == 0 && v->count[side] >= 2
               ? cam_sat32(p->weights.wipeout_win * SCALE)
               : 0;
}

/* Factor 4: per piece by its rank counted from its own side. */
int32_t cam_eval_advance(const cam_view *v, int side, const cam_eval_params *p)
{
    int64_t sum = 0;
    for (int i = 0; i < v->count[side]; i++)
        sum += p->weights.advance[rank_from_own_side(v->sq[side][i], side)];
    return cam_sat32(sum * SCALE);
}

/*
 * Squares one piece controls (factor 5): plain-move targets, canter landings (also the squares
 * from which a knight's Charge may start jumping), and enemy pieces it could jump, from its own
 * square or, for a knight, from any canter landing. Each square counts once per piece. The
 * castle rules apply (no plain move or canter into or through the own castle; a canter into
 * the opponent's castle stops there; a piece inside the opponent's castle controls the other
 * castle square when it is empty and a castle move is left). The turn's obligations
 * (compulsory capture, the knight-canter rule, leaving the own castle) do not: control is a
 * property of the position, not of this turn. @p mark holds @p stamp for squares seen.
 */
static int piece_control(cam_view *v, int side, int from, uint8_t *mark, uint8_t stamp)
{
    if (cam_view_castle_owner(from) == 1 - side) {
        int other = from == CAM_V_F1 ? CAM_V_G1 : from == CAM_V_G1 ? CAM_V_F1
                  : from == CAM_V_F16 ? CAM_V_G16 : CAM_V_F16;
        return v->cell[other] == CAM_C_EMPTY && v->castle_moves_left[side] > 0;
    }
    const unsigned own = CAM_C_MAN_OF(side), enemy = CAM_C_MAN_OF(1 - side);
    const uint8_t self = v->cell[from];
    const int knight = (self & CAM_C_KNIGHT) != 0;
    int n = 0, friends = 0;
    v->cell[from] = CAM_C_EMPTY; /* the moving piece has left its square */
    for (int d = 0; d < 8; d++) {
        int t = from + cam_view_dirs[d];
        unsigned c = v->cell[t];
        if (c == CAM_C_EMPTY)
            n += cam_view_castle_owner(t) != side;
        else if (OWNER_BITS(c) == own)
            friends++;
        else if (OWNER_BITS(c) == enemy)
            n += v->cell[t + cam_view_dirs[d]] == CAM_C_EMPTY; /* a jump from the start */
    }
    /* Without a friend next to it a piece cannot canter (nor Charge): the count is done. */
    if (friends == 0) {
        v->cell[from] = self;
        return n;
    }
    if (knight) /* enemies already counted from the start square: not again from a landing */
        for (int d = 0; d < 8; d++) {
            int e = from + cam_view_dirs[d];
            if (OWNER_BITS(v->cell[e]) == enemy && v->cell[e + cam_view_dirs[d]] == CAM_C_EMPTY)
                mark[e] = stamp;
        }
    int16_t stack[CAM_VCELLS];
    int top = 0;
    stack[top++] = (int16_t)from;
    mark[from] = stamp;
    while (top > 0) {
        int c = stack[--top];
        for (int d = 0; d < 8; d++) {
            int over = c + cam_view_dirs[d], land = over + cam_view_dirs[d];
            unsigned who = OWNER_BITS(v->cell[over]);
            if (v->cell[land] != CAM_C_EMPTY)
                continue;
            if (who == own) {
                int owner = cam_view_castle_owner(land);
                if (mark[land] == stamp || owner == side)
                    continue;
                mark[land] = stamp;
                n++;
                if (owner < 0) /* entering the opponent's castle ends the move */
                    stack[top++] = (int16_t)land;
            } else if (who == enemy && knight && c != from && mark[over] != stamp) {
                mark[over] = stamp;
                n++;
            }
        }
    }
    v->cell[from] = self;
    return n;
}

int cam_eval_mobility_count(cam_view *v, int side)
{
    uint8_t mark[CAM_VCELLS];
    memset(mark, 0, sizeof mark);
    int n = 0;
    for (int i = 0; i < v->count[side]; i++)
        n += piece_control(v, side, v->sq[side][i], mark, (uint8_t)(i + 1));
    return n;
}

/* Factor 5. */
int32_t cam_eval_mobility(cam_view *v, int side, const cam_eval_params *p)
{
    if (p->weights.mobility == 0) /* the costliest factor: skipped when tuned away */
        return 0;
    return cam_sat32((int64_t)cam_eval_mobility_count(v, side) * p->weights.mobility * SCALE);
}

/* Factor 6: trading * own / opp, rounded to the nearest hundredth. Without enemy material the
 * ratio is taken against one man, the least a side can have, so the term stays finite. */
int32_t cam_eval_trading(int32_t own, int32_t opp, const cam_eval_params *p)
{
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

static int has_neighbour(const cam_view *v, int sq, unsigned cell)
{
    for (int d = 0; d < 8; d++)
        if (v->cell[sq + cam_view_dirs[d]] == cell)
            return 1;
    return 0;
}

/* Factor 8: each piece (man or knight) with at least one friendly knight next to it. */
int32_t cam_eval_knight_support(const cam_view *v, int side, const cam_eval_params *p)
{
    int n = 0;
    for (int i = 0; i < v->count[side]; i++)
        n += has_neighbour(v, v->sq[side][i], CAM_C_KNIGHT_OF(side));
    return cam_sat32((int64_t)n * p->weights.knight_support * SCALE);
}

/* Factor 9: each man with at least one friendly man next to it. */
int32_t cam_eval_man_support(const cam_view *v, int side, const cam_eval_params *p)
{
    int n = 0;
    for (int i = 0; i < v->count[side]; i++) {
        int sq = v->sq[side][i];
        if (!(v->cell[sq] & CAM_C_KNIGHT))
            n += has_neighbour(v, sq, CAM_C_MAN_OF(side));
    }
    return cam_sat32((int64_t)n * p->weights.man_support * SCALE);
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
    int n = 0;
    for (int i = 0; i < v->count[side]; i++) {
        int sq = v->sq[side][i];
        n += cam_eval_trap_square(v, side, sq, sq);
    }
    return cam_sat32((int64_t)n * p->weights.exposure * SCALE);
}
