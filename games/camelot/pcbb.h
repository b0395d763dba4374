/*
 * Camelot parity-class bitboards: the 12 x 16 rectangle as four 64-bit words, one per parity
 * class of (file, rank). Types, constants and inline helpers only.
 *
 * Why: a canter or a jump moves a piece two squares along each coordinate that changes, so it
 * keeps the parity of the file and of the rank. All the landings of a leaping piece lie in its
 * own class, and a class is a 6 x 8 grid: one word, where a leap is a shift by one "class
 * square". Mobility's floods (eval_mobility.c) then cost one word per step instead of three
 * words with carries between them (bb.h).
 *
 * Layout. Class c = (file & 1) | (rank & 1) << 1; in it, square (file, rank) is bit
 * (rank >> 1) * 8 + (file >> 1): eight rows of eight bits, of which columns 0..5 are squares
 * and columns 6 and 7 padding. A shift that leaves the grid sideways lands in a padding column
 * (never a square), one that leaves it at the top or bottom falls off the word; so a shifted
 * set is clean again once it is intersected with any set of squares.
 */
#ifndef BOARDAI_CAMELOT_PCBB_H
#define BOARDAI_CAMELOT_PCBB_H

#include <stdint.h>

typedef struct cam_pcbb {
    uint64_t c[4];
} cam_pcbb;

#define CAM_PC_CLASS(file, rank) (((file) & 1) | (((rank) & 1) << 1))
#define CAM_PC_BIT(file, rank) ((((rank) >> 1) << 3) | ((file) >> 1))

/* The 160 board squares per class, and the castle squares (F1 G1 F16 G16) per class; the test
 * suite rebuilds both from the rules' square tables. */
static const uint64_t CAM_PC_BOARD[4] = {0x1e3f3f3f3f3f3e08ull, 0x1e3f3f3f3f3f1f04ull,
                                         0x083e3f3f3f3f3f1eull, 0x041f3f3f3f3f3f1eull};
static const uint64_t CAM_PC_WHITE_CASTLE[4] = {1ull << 3, 1ull << 2, 0, 0};
static const uint64_t CAM_PC_BLACK_CASTLE[4] = {0, 0, 1ull << 59, 1ull << 58};

/* Directions in the rules' order N NE E SE S SW W NW. A step changes the class by
 * cam_pc_step_xor[d]; the neighbour's bit is the square's bit plus cam_pc_step_off[c][d] (c the
 * square's class); a leap (two steps) stays in the class and adds cam_pc_leap_off[d]. */
static const int cam_pc_step_xor[8] = {2, 3, 1, 3, 2, 3, 1, 3};
static const int cam_pc_step_off[4][8] = {
    /* c = 0 (even file, even rank) */ {0, 0, 0, -8, -8, -9, -1, -1},
    /* c = 1 (odd file, even rank)  */ {0, 1, 1, -7, -8, -8, 0, 0},
    /* c = 2 (even file, odd rank)  */ {8, 8, 0, 0, 0, -1, -1, 7},
    /* c = 3 (odd file, odd rank)   */ {8, 9, 1, 1, 0, 0, 0, 8},
};
static const int cam_pc_leap_off[8] = {8, 9, 1, -7, -8, -9, -1, 7};

/* x moved by `off` bits (towards higher bits when positive). */
static inline uint64_t cam_pc_shift(uint64_t x, int off)
{
    return off >= 0 ? x << off : x >> -off;
}
static inline void cam_pc_set(cam_pcbb *a, int file, int rank)
{
    a->c[CAM_PC_CLASS(file, rank)] |= (uint64_t)1 << CAM_PC_BIT(file, rank);
}

#endif /* BOARDAI_CAMELOT_PCBB_H */
