/* The knight's value K(P, N) of Nolan's first factor (knight.c). */
#ifndef BOARDAI_CAMELOT_KNIGHT_H
#define BOARDAI_CAMELOT_KNIGHT_H

#include "camelot/eval_units.h"

/** K(P, N) = man + man/100 * (x^(n-1) - x^(n-P)) for P >= 2, man for P <= 1. */
double cam_knight_value(double n, double x, double man, int pieces);
/** K(P, N) of the options' N and weights in hundredths of a point, rounded to nearest. */
int32_t cam_knight_cp(const cam_eval_params *p, int pieces);
/** X^(N-1) of the options: the factor of K(P, N) that does not depend on P (one pow()). */
double cam_knight_scale(const cam_eval_params *p);
/** cam_knight_cp given @p scale = cam_knight_scale(p), so that both sides' K share one pow(). */
int32_t cam_knight_cp_scaled(const cam_eval_params *p, double scale, int pieces);

/** K(P, N) from a table instead of pow() for Nolan's N (BA_CAMELOT_KNIGHT_N_DEFAULT), a man of
 *  100 and the X of a preset (4/3 or the tuned 1.2962), P = 0..14: the evaluation's common
 *  case, at every node. @return 1 and
 *  *@p out set when the table applies, else 0 (compute it with cam_knight_cp_scaled). */
int cam_knight_cp_table(const cam_eval_params *p, int pieces, int32_t *out);

#endif /* BOARDAI_CAMELOT_KNIGHT_H */
