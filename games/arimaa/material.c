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

static double arm_harlog_side(const arm_state *st, int s)
{
    int e = s ^ 1;
    int enemy_count[ARM_TYPES];
    for (int t = 0; t < ARM_TYPES; t++) enemy_count[t] = arm_popcount(st->bb[e][t]);
    double v = 0.0;
    int stronger = 0; /* enemy pieces stronger than type t */
    for (int t = ARM_TYPES - 1; t >= ARM_CAT; t--) {
        int mine = arm_popcount(st->bb[s][t]);
        double each = stronger == 0 ? 2.0 / ARM_HARLOG_Q : 1.0 / (ARM_HARLOG_Q + stronger);
        v += mine * each;
        stronger += enemy_count[t];
    }
    int rabbits = arm_popcount(st->bb[s][ARM_RABBIT]);
    int all = arm_popcount(st->occ[s]);
    if (rabbits > 0) v += ARM_HARLOG_G * log((double)rabbits * all);
    else v += ARM_HARLOG_G * log((double)(all + 1)) - ARM_HARLOG_NO_RABBIT_PENALTY * ARM_HARLOG_NORMAL;
    return v;
}

int arm_material(const arm_state *st, const ba_arimaa_eval_tables *t, int side)
{
    double d = (arm_harlog_side(st, side) - arm_harlog_side(st, side ^ 1)) / ARM_HARLOG_NORMAL;
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
