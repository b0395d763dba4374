/* Material: HarLog, the scheme the evaluation, the capture-threat term and the trap terms all
 * count pieces with (its own file so that those terms share it without using each other). */
#include <math.h>

#include "arimaa_internal.h"

/* ---- material: HarLog ------------------------------------------------------------------------- */

/* HarLog (published on the Arimaa forum, 2009): for each side, every non-rabbit piece with no
 * stronger enemy piece is worth 2/Q, any other non-rabbit 1/(Q + number of stronger enemy
 * pieces), and the rabbits add G ln(rabbits x all pieces). Q = 1.447530126, G = 0.6314442034.
 * The difference is divided by 0.12507009891301202, the HarLog value of the first rabbit lost
 * from the full army, and multiplied by material_scale. */
#define ARM_HARLOG_Q 1.447530126
#define ARM_HARLOG_G 0.6314442034
#define ARM_HARLOG_NORMAL 0.12507009891301202
/* A side without rabbits has lost; its log term is replaced by this many normal units below the
 * one-rabbit value so the evaluation stays finite and monotone. */
#define ARM_HARLOG_NO_RABBIT_PENALTY 20.0

/* One side's HarLog value from the piece counts of both sides (count[side][type]). */
static double arm_harlog_side(int count[2][ARM_TYPES], int s)
{
    const int *mine = count[s], *enemy = count[s ^ 1];
    double v = 0.0;
    int stronger = 0; /* enemy pieces stronger than type t */
    int all = mine[ARM_RABBIT];
    for (int t = ARM_TYPES - 1; t >= ARM_CAT; t--) {
        double each = stronger == 0 ? 2.0 / ARM_HARLOG_Q : 1.0 / (ARM_HARLOG_Q + stronger);
        v += mine[t] * each;
        stronger += enemy[t];
        all += mine[t];
    }
    int rabbits = mine[ARM_RABBIT];
    if (rabbits > 0) v += ARM_HARLOG_G * log((double)rabbits * all);
    else v += ARM_HARLOG_G * log((double)(all + 1)) - ARM_HARLOG_NO_RABBIT_PENALTY * ARM_HARLOG_NORMAL;
    return v;
}

int arm_material(const arm_state *st, const ba_arimaa_eval_tables *t, int side)
{
    /* The pieces are counted once for both sides: counting them in each side's value (twice
     * each) was 5.6 % of a search's instructions (callgrind at 8 steps; docs/arimaa.md, the
     * thirty-sixth round). */
    int count[2][ARM_TYPES];
    for (int s = 0; s < 2; s++)
        for (int type = 0; type < ARM_TYPES; type++) count[s][type] = arm_popcount(st->bb[s][type]);
    double d = arm_harlog_side(count, side) - arm_harlog_side(count, side ^ 1);
    d /= ARM_HARLOG_NORMAL;
    return (int)lround(d * t->material_scale);
}

int arm_piece_value(const arm_state *st, const ba_arimaa_eval_tables *t, int side, int type)
{
    arm_state less = *st;
    int sq = arm_lsb(st->bb[side][type]);
    less.bb[side][type] &= ~arm_bit(sq);
    less.occ[side] &= ~arm_bit(sq);
    int v = arm_material(st, t, side) - arm_material(&less, t, side);
    return v > 0 ? v : 0;
}
