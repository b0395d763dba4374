/*
 * The sets behind Nolan's factors 8 to 10 (knight support, man support, exposure) on the
 * rectangle bitboards of bb.h: inline functions only, no owner. The factors count them
 * (eval_factors.c, with the portable count) and so does the evaluation of a search node
 * (eval.c), whose popcnt clone inlines them (CAM_CLONES, bb.h).
 */
#ifndef BOARDAI_CAMELOT_EVAL_SETS_H
#define BOARDAI_CAMELOT_EVAL_SETS_H

#include "camelot/bb.h"
#include "camelot/pcbb.h"

/* Inlined even where GCC would not: the popcnt clone of the evaluation must contain them. */
#if defined(__GNUC__)
#define CAM_SETS_INLINE static inline __attribute__((always_inline))
#else
#define CAM_SETS_INLINE static inline
#endif

/* Factor 8: the side's pieces (men or knights) next to one of its knights. */
CAM_SETS_INLINE cam_bb cam_set_knight_support(cam_bb men, cam_bb knights)
{
    return cam_bb_and(cam_bb_around(knights), cam_bb_or(men, knights));
}

/* Factor 9: the side's men next to another of its men. */
CAM_SETS_INLINE cam_bb cam_set_man_support(cam_bb men)
{
    return cam_bb_and(cam_bb_around(men), men);
}

/* Factor 10: the pieces `own` of `side` with, in some direction d, an enemy on p+d, p+2d empty
 * and p-d not empty (occupied or off the board), outside the opponent's castle (a piece there
 * never moves, so it is never forced to jump). This is cam_eval_trap_square() for every piece
 * at once (test_eval checks that they agree). */
CAM_SETS_INLINE cam_bb cam_set_exposed(cam_bb own, cam_bb enemy, int side)
{
    cam_bb empty = cam_bb_andnot(cam_bb_andnot(CAM_BB_BOARD, own), enemy);
    cam_bb trapped = {{0, 0, 0}};
#pragma GCC unroll 8
    for (int d = 0; d < 8; d++) {
        int back = (d + 4) & 7;
        cam_bb next_to_enemy = cam_bb_step(enemy, back);
        cam_bb beyond_empty = cam_bb_step(cam_bb_step(empty, back), back);
        cam_bb behind_empty = cam_bb_step(empty, d);
        trapped = cam_bb_or(trapped, cam_bb_andnot(cam_bb_and(next_to_enemy, beyond_empty), behind_empty));
    }
    return cam_bb_andnot(cam_bb_and(trapped, own), CAM_BB_CASTLE[1 - side]);
}

/* cam_set_exposed on parity-class words (pcbb.h): own, enemy per class; the trapped pieces per
 * class in out. A step is a shift into the neighbouring class, so each direction and class is
 * three constant shifts (the evaluation of a node uses this one; test_eval checks that it
 * agrees with the view's). */
CAM_SETS_INLINE void cam_pc_set_exposed(const uint64_t *own, const uint64_t *enemy, int side, uint64_t *out)
{
    uint64_t empty[4];
    for (int c = 0; c < 4; c++)
        empty[c] = CAM_PC_BOARD[c] & ~own[c] & ~enemy[c];
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    /* p is trapped through d: an enemy on p+d, p+2d empty, p-d not empty (the step back, in
     * direction d+4, from a square of class c lands in class c ^ cam_pc_step_xor[d]). */
#define CAM_EXPOSED_DC(d, c)                                                                   \
    t |= cam_pc_shift(enemy[(c) ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][d]) &               \
         cam_pc_shift(empty[c], -cam_pc_leap_off[d]) &                                         \
         ~cam_pc_shift(empty[(c) ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][((d) + 4) & 7]);
#define CAM_EXPOSED_C(c)                                                                       \
    {                                                                                          \
        uint64_t t = 0;                                                                        \
        CAM_EXPOSED_DC(0, c) CAM_EXPOSED_DC(1, c) CAM_EXPOSED_DC(2, c) CAM_EXPOSED_DC(3, c)    \
        CAM_EXPOSED_DC(4, c) CAM_EXPOSED_DC(5, c) CAM_EXPOSED_DC(6, c) CAM_EXPOSED_DC(7, c)    \
        out[c] = t & own[c] & ~opp_castle[c];                                                  \
    }
    CAM_EXPOSED_C(0) CAM_EXPOSED_C(1) CAM_EXPOSED_C(2) CAM_EXPOSED_C(3)
#undef CAM_EXPOSED_C
#undef CAM_EXPOSED_DC
}

#endif /* BOARDAI_CAMELOT_EVAL_SETS_H */
