/*
 * Camelot: the knight's value K(P, N) of Nolan's first evaluation factor, as a closed form.
 *
 * Derivation (docs/camelot-evaluation.md has the long form). In the shared table, the step
 * K(P) - K(P-1) shrinks by exactly 3/4 from one P to the next in every column, and K(1) = 100:
 * a geometric series, K(P) = 100 + A * (1 - (3/4)^(P-1)). Across the columns, K(14) - 100 is
 * 25, 50, ..., 200 while the printed N grow by log_{4/3} of 2, 3/2, 4/3, ...: A = (4/3)^(N-1).
 * Hence, with X = 4/3,
 *
 *     K(P, N) = 100 + X^(N-1) - X^(N-P)          (P >= 1)
 *
 * which is Nolan's published "second quantification" 1 + (X^(P-1) - 1) / (100 X^(P-Y)) in man
 * units, with his Y = our N. The printed N are rounded to two decimals (the exact values are
 * 1 + log_X(25k / (1 - X^-13)), e.g. 12.2726 for the first column); the tests explain why that
 * matters. A man's value other than 100 scales the knight's premium with it.
 */
#include <math.h>
#include <stddef.h>

#include "camelot/knight.h"

/* K(P, N) given scale = X^(N-1), the one factor that depends on N alone. */
static double knight_value_scaled(double scale, double x, double man, int pieces)
{
    /* A lone knight (or one with every friend castled) is worth a man: Nolan's P = 1 case. */
    if (pieces <= 1)
        return man;
    /* X^(N-1) - X^(N-P) = X^(N-1) * (1 - X^-(P-1)): the integer power by products. */
    double inverse_power = 1.0;
    for (int i = 1; i < pieces && i < 1000; i++) /* a side has at most 14 pieces */
        inverse_power /= x;
    return man + man / 100.0 * scale * (1.0 - inverse_power);
}

double cam_knight_value(double n, double x, double man, int pieces)
{
    return pieces <= 1 ? man : knight_value_scaled(pow(x, n - 1.0), x, man, pieces);
}

double cam_knight_scale(const cam_eval_params *p)
{
    return pow(p->weights.knight_x, p->knight_n - 1.0);
}

int32_t cam_knight_cp_scaled(const cam_eval_params *p, double scale, int pieces)
{
    const ba_camelot_weights *w = &p->weights;
    double k = knight_value_scaled(scale, w->knight_x, (double)w->man, pieces) * CAM_EVAL_SCALE;
    /* A large N (the rules accept up to 1000) makes K astronomical: saturate, as every term. */
    if (!(k < 1e9))
        return 1000000000;
    if (k < -1e9)
        return -1000000000;
    return (int32_t)lround(k);
}

int32_t cam_knight_cp(const cam_eval_params *p, int pieces)
{
    /* pow() only where it is used (P >= 2): the evaluation calls this at every leaf. */
    return cam_knight_cp_scaled(p, pieces <= 1 ? 0.0 : cam_knight_scale(p), pieces);
}

double ba_camelot_knight_value(double n, const ba_camelot_weights *w, int pieces)
{
    if (w == NULL) {
        ba_camelot_weights d = ba_camelot_weights_default();
        return cam_knight_value(n, d.knight_x, (double)d.man, pieces);
    }
    return cam_knight_value(n, w->knight_x, (double)w->man, pieces);
}

/* cam_knight_cp() for P = 0..14 with the default N and a man of 100, for the X of each preset:
 * Nolan's 4/3 and the tuned 1.2962 (the default), so that neither evaluation pays a pow() per
 * call. test_knight checks every entry against the formula. */
static const struct {
    double x;
    int32_t cp[15];
} KNIGHT_CP_TABLES[] = {
    {4.0 / 3.0,
     {10000, 10000, 12560, 14480, 15920, 16999, 17809, 18417, 18872, 19214, 19470, 19663, 19807,
      19915, 19996}},
    {1.2962,
     {10000, 10000, 11485, 12631, 13515, 14197, 14723, 15129, 15442, 15684, 15870, 16014, 16125,
      16211, 16277}},
};

int cam_knight_cp_table(const cam_eval_params *p, int pieces, int32_t *out)
{
    if (pieces < 0 || pieces > 14 || p->knight_n != BA_CAMELOT_KNIGHT_N_DEFAULT ||
        p->weights.man != 100)
        return 0;
    for (size_t i = 0; i < sizeof KNIGHT_CP_TABLES / sizeof KNIGHT_CP_TABLES[0]; i++)
        if (p->weights.knight_x == KNIGHT_CP_TABLES[i].x) {
            *out = KNIGHT_CP_TABLES[i].cp[pieces];
            return 1;
        }
    return 0;
}
