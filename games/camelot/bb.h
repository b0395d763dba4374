/*
 * Camelot bitboards: the 12 x 16 rectangle around the board as 192 bits in three 64-bit words,
 * bit = rank * 12 + file (file 0..11 = A..L, rank 0..15 = rank 1..16). The 32 cells of the
 * rectangle that are not board squares are never set in a set built from a position.
 *
 * Why: the evaluation's neighbourhood factors (knight and man support, exposure) ask, for every
 * piece, about its eight neighbours. As sets, "the squares next to some knight" is eight shifts
 * of three words, whatever the number of pieces.
 *
 * A move by a direction shifts every square one step that way; squares that would leave the
 * rectangle through the left or right edge are masked off (they would otherwise wrap onto the
 * neighbouring rank), those leaving through the top or bottom fall off the ends of the words.
 */
#ifndef BOARDAI_CAMELOT_BB_H
#define BOARDAI_CAMELOT_BB_H

#include <stdint.h>

typedef struct cam_bb {
    uint64_t w[3];
} cam_bb;

#define CAM_BB_BIT(file, rank) ((rank) * 12 + (file))

static inline cam_bb cam_bb_and(cam_bb a, cam_bb b)
{
    return (cam_bb){{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]}};
}
static inline cam_bb cam_bb_or(cam_bb a, cam_bb b)
{
    return (cam_bb){{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]}};
}
static inline cam_bb cam_bb_andnot(cam_bb a, cam_bb b)
{
    return (cam_bb){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2]}};
}
static inline int cam_bb_any(cam_bb a) { return (a.w[0] | a.w[1] | a.w[2]) != 0; }
/* Population count without relying on a hardware instruction (SWAR). */
static inline int cam_bb_popcount64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
static inline int cam_bb_count(cam_bb a)
{
    return cam_bb_popcount64(a.w[0]) + cam_bb_popcount64(a.w[1]) + cam_bb_popcount64(a.w[2]);
}

/* Population counts are a good part of the evaluation's work. Where the compiler can make two
 * versions of a function and pick one when the program loads (GCC's target_clones on x86-64
 * Linux), the evaluation's hot functions are marked CAM_CLONES: compiled once with the
 * processor's popcnt instruction and once without. cam_popcount is meant for their bodies (and
 * what they inline): there it is the instruction; elsewhere on such builds a library call, and
 * on other compilers the portable count above. Functions marked CAM_CLONES must be static: GCC
 * gives the dispatcher default visibility, and libboardai.a exports only ba_ names. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define CAM_CLONES __attribute__((target_clones("popcnt", "default")))
static inline int cam_popcount(uint64_t x)
{
    return __builtin_popcountll(x);
}
#else
#define CAM_CLONES
static inline int cam_popcount(uint64_t x)
{
    return cam_bb_popcount64(x);
}
#endif
/* cam_bb_count with cam_popcount (for CAM_CLONES bodies). */
static inline int cam_bb_count_clone(cam_bb a)
{
    return cam_popcount(a.w[0]) + cam_popcount(a.w[1]) + cam_popcount(a.w[2]);
}
static inline void cam_bb_set(cam_bb *a, int bit) { a->w[bit >> 6] |= (uint64_t)1 << (bit & 63); }

static inline cam_bb cam_bb_shl(cam_bb a, int k)
{
    return (cam_bb){{a.w[0] << k, (a.w[1] << k) | (a.w[0] >> (64 - k)), (a.w[2] << k) | (a.w[1] >> (64 - k))}};
}
static inline cam_bb cam_bb_shr(cam_bb a, int k)
{
    return (cam_bb){{(a.w[0] >> k) | (a.w[1] << (64 - k)), (a.w[1] >> k) | (a.w[2] << (64 - k)), a.w[2] >> k}};
}

/* The cells whose file is not A / not L: what may remain after a step east / west (the test
 * suite rebuilds both from the layout). */
static const cam_bb CAM_BB_NOT_A = {{0xeffeffeffeffeffeull, 0xfeffeffeffeffeffull, 0xffeffeffeffeffefull}};
static const cam_bb CAM_BB_NOT_L = {{0xf7ff7ff7ff7ff7ffull, 0xff7ff7ff7ff7ff7full, 0x7ff7ff7ff7ff7ff7ull}};
/* The cells whose file is not A or B / not K or L: what may remain after a leap east / west. */
static const cam_bb CAM_BB_NOT_AB = {{0xcffcffcffcffcffcull, 0xfcffcffcffcffcffull, 0xffcffcffcffcffcfull}};
static const cam_bb CAM_BB_NOT_KL = {{0xf3ff3ff3ff3ff3ffull, 0xff3ff3ff3ff3ff3full, 0x3ff3ff3ff3ff3ff3ull}};
/* The 160 board squares (the test suite rebuilds it from the rules' square tables). */
static const cam_bb CAM_BB_BOARD = {{0xfffffff7fe3fc060ull, 0xffffffffffffffffull, 0x0603fc7fefffffffull}};
/* The castles by owner: [0] White's F1 G1, [1] Black's F16 G16 (the test suite rebuilds them
 * from the rules' castle table). */
static const cam_bb CAM_BB_CASTLE[2] = {
    {{(uint64_t)3 << CAM_BB_BIT(5, 0), 0, 0}},
    {{0, 0, (uint64_t)3 << (CAM_BB_BIT(5, 15) - 128)}},
};

/* Directions in the rules' order N NE E SE S SW W NW: bit offset of one step, file delta. */
static const int cam_bb_dir_offset[8] = {12, 13, 1, -11, -12, -13, -1, 11};
static const int cam_bb_dir_df[8] = {0, 1, 1, 1, 0, -1, -1, -1};

/* Every square of a moved one step in direction d. */
static inline cam_bb cam_bb_step(cam_bb a, int d)
{
    int k = cam_bb_dir_offset[d];
    cam_bb r = k > 0 ? cam_bb_shl(a, k) : cam_bb_shr(a, -k);
    if (cam_bb_dir_df[d] > 0) r = cam_bb_and(r, CAM_BB_NOT_A);
    if (cam_bb_dir_df[d] < 0) r = cam_bb_and(r, CAM_BB_NOT_L);
    return r;
}

/* Every square of a moved two steps (a canter's or a jump's leap) in direction d. */
static inline cam_bb cam_bb_leap(cam_bb a, int d)
{
    int k = 2 * cam_bb_dir_offset[d];
    cam_bb r = k > 0 ? cam_bb_shl(a, k) : cam_bb_shr(a, -k);
    if (cam_bb_dir_df[d] > 0) r = cam_bb_and(r, CAM_BB_NOT_AB);
    if (cam_bb_dir_df[d] < 0) r = cam_bb_and(r, CAM_BB_NOT_KL);
    return r;
}
static inline int cam_bb_has(cam_bb a, int bit) { return (int)((a.w[bit >> 6] >> (bit & 63)) & 1u); }

/* The squares next to some square of a (in any of the eight directions). */
static inline cam_bb cam_bb_around(cam_bb a)
{
    /* East and west first, then that row of three moved north and south. A square of a is in
     * the result only when it is next to another square of a. */
    cam_bb sides = cam_bb_or(cam_bb_and(cam_bb_shl(a, 1), CAM_BB_NOT_A), cam_bb_and(cam_bb_shr(a, 1), CAM_BB_NOT_L));
    cam_bb row = cam_bb_or(sides, a);
    return cam_bb_or(cam_bb_or(cam_bb_shl(row, 12), cam_bb_shr(row, 12)), sides);
}

#endif /* BOARDAI_CAMELOT_BB_H */
