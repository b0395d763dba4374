/* Nolan's evaluation factors, one function each, for one side, in hundredths of a point
 * (eval_factors.c). */
#ifndef BOARDAI_CAMELOT_EVAL_FACTORS_H
#define BOARDAI_CAMELOT_EVAL_FACTORS_H

#include "camelot/eval_units.h"
#include "camelot/eval_view.h"

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
