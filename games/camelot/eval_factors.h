/* Nolan's evaluation factors, one function each, for one side, in hundredths of a point
 * (eval_factors.c). */
#ifndef BOARDAI_CAMELOT_EVAL_FACTORS_H
#define BOARDAI_CAMELOT_EVAL_FACTORS_H

#include "camelot/eval_units.h"
#include "camelot/eval_view.h"

/* ---- the factors from counts and sets (what the evaluation of a state uses) ----
 * The four terms from counts are inline: the evaluation of a node takes nine of them. */
/** Factor 1 from the side's men and knights and a knight's value K(P, N) in hundredths. */
static inline int32_t cam_term_material(int men, int knights, int32_t knight_cp, const cam_eval_params *p)
{
    int64_t sum = (int64_t)men * p->weights.man * CAM_EVAL_SCALE;
    if (knights > 0)
        sum += (int64_t)knights * knight_cp;
    return cam_sat32(sum);
}
/** Factor 2 from the number of the side's pieces inside the opponent's castle. */
static inline int32_t cam_term_castle_win(int inside, const cam_eval_params *p)
{
    return inside >= 2 ? cam_sat32((int64_t)p->weights.castle_win * CAM_EVAL_SCALE) : 0;
}
/** Factor 3 from the two sides' piece counts. */
static inline int32_t cam_term_wipeout(int own, int opp, const cam_eval_params *p)
{
    return opp == 0 && own >= 2 ? cam_sat32((int64_t)p->weights.wipeout_win * CAM_EVAL_SCALE) : 0;
}
/** @p n times @p weight points, in hundredths, saturated (factors 5, 8, 9, 10). */
static inline int32_t cam_term_per(int n, int weight)
{
    return cam_sat32((int64_t)n * weight * CAM_EVAL_SCALE);
}
/** Factor 8's count: the side's pieces next to one of its knights. */
int cam_count_knight_support(cam_bb men, cam_bb knights);
/** Factor 9's count: the side's men next to another of its men. */
int cam_count_man_support(cam_bb men);
/** Factor 10's count: the pieces @p own of @p side standing in a trap (see cam_eval_exposure). */
int cam_count_exposed(cam_bb own, cam_bb enemy, int side);

/* ---- the factors on a view, one function each ---- */
/** Pieces of @p side not on any castle square: Nolan's P. */
int cam_eval_uncastled(const cam_view *v, int side);
int32_t cam_eval_material(const cam_view *v, int side, const cam_eval_params *p);      /* 1 */
int32_t cam_eval_castle_win(const cam_view *v, int side, const cam_eval_params *p);    /* 2 */
int32_t cam_eval_wipeout(const cam_view *v, int side, const cam_eval_params *p);       /* 3 */
int32_t cam_eval_advance(const cam_view *v, int side, const cam_eval_params *p);       /* 4 */
int32_t cam_eval_mobility(cam_view *v, int side, const cam_eval_params *p);            /* 5 */
/** Factor 6 from the two material values (factor 1) in hundredths. */
int32_t cam_eval_trading(int32_t own, int32_t opp, const cam_eval_params *p);          /* 6 */
int32_t cam_eval_centre(const cam_view *v, int side, const cam_eval_params *p);        /* 7 */
int32_t cam_eval_knight_support(const cam_view *v, int side, const cam_eval_params *p); /* 8 */
int32_t cam_eval_man_support(const cam_view *v, int side, const cam_eval_params *p);   /* 9 */
/** Factor 10 as a position term: pieces of @p side standing next to an enemy piece they could
 *  jump while that piece cannot jump them. Only the side that has just moved is charged. */
int32_t cam_eval_exposure(const cam_view *v, int side, const cam_eval_params *p);      /* 10 */
/** 1 if a piece of @p side on @p to (its origin @p from already vacated, which the caller
 *  passes so it counts as empty) stands next to an enemy it could jump but that cannot jump it. */
int cam_eval_trap_square(const cam_view *v, int side, int from, int to);

#endif /* BOARDAI_CAMELOT_EVAL_FACTORS_H */
