/*
 * Camelot's endgame tables (docs/camelot-endgames.md): the shared vocabulary of the generator
 * (egtb_build.c), the file reader and writer (egtb_file.c) and the probe (egtb_probe.c).
 *
 * The tables hold every position with two pieces of one side (the "attacker") against one piece
 * of the other (the "defender"), under the default rule options (two castle moves per player,
 * the knight's canter rule), with no castle obligation pending (positions with one are resolved
 * by a short search over the table, see egtb_probe.c). The attacker is stored as White: a
 * position with a Black attacker is looked up through the mirror r <-> 17 - r with the colours
 * swapped. The defender's kind is not part of the key: a lone piece has nothing to canter over,
 * so it can neither canter nor Charge, and men and knights differ in nothing else.
 *
 * Endings (attacker kinds): 0 two men, 1 a man and a knight, 2 two knights.
 *
 * Index of a position of an ending: ((((pair * 160 + d) * 2 + stm) * 3 + usedA) * 3 + usedD),
 * where pair numbers the attacker's squares (ending 1: man * 160 + knight; endings 0 and 2:
 * hi * (hi - 1) / 2 + lo with hi > lo), d is the defender's square, stm the side to move (0 the
 * attacker), usedA / usedD the castle moves used so far by attacker / defender (0..2). A "unit"
 * is the index without the two castle counts: (pair * 160 + d) * 2 + stm.
 *
 * One byte per position, from the side to move's point of view: 0 a draw (or no position: two
 * pieces on one square, or already won), 1..127 a win in that many plies, 128 + n a loss in n
 * plies (0..127; a loss in 0 is a defender without a legal move, lost on the spot).
 */
#ifndef BOARDAI_CAMELOT_EGTB_H
#define BOARDAI_CAMELOT_EGTB_H

#include "boardai/camelot_egtb.h"
#include "camelot/camelot_internal.h"

#define CAM_EGTB_ENDINGS 3
#define CAM_EGTB_CM 3           /* castle moves used: 0, 1 or 2 (the default limit) */
#define CAM_EGTB_SLICES (CAM_EGTB_CM * CAM_EGTB_CM)
#define CAM_EGTB_PAIRS_MIXED (CAM_SQUARES * CAM_SQUARES)
#define CAM_EGTB_PAIRS_SAME (CAM_SQUARES * (CAM_SQUARES - 1) / 2)
#define CAM_EGTB_WIN_MAX 127    /* longest distance one byte holds */
#define CAM_EGTB_LOSS 128       /* a loss in n plies is stored as 128 + n */

/* The attacker's kinds of an ending: kinds[0] is the first piece of the pair (the man in ending
 * 1), kinds[1] the second. */
static inline int cam_egtb_kind(int ending, int which)
{
    return ending == 0 ? CAM_MAN : ending == 2 ? CAM_KNIGHT : which == 0 ? CAM_MAN : CAM_KNIGHT;
}

static inline uint32_t cam_egtb_pairs(int ending)
{
    return ending == 1 ? CAM_EGTB_PAIRS_MIXED : CAM_EGTB_PAIRS_SAME;
}

/* Units (positions without the castle counts) and positions of an ending. */
static inline uint32_t cam_egtb_units(int ending) { return cam_egtb_pairs(ending) * CAM_SQUARES * 2; }
static inline uint64_t cam_egtb_size(int ending) { return (uint64_t)cam_egtb_units(ending) * CAM_EGTB_SLICES; }

/* The pair number of attacker squares a (first kind) and b (second kind), -1 if they clash. For
 * same-kind endings the order does not matter. */
static inline int64_t cam_egtb_pair(int ending, int a, int b)
{
    if (a == b) return -1;
    if (ending == 1) return (int64_t)a * CAM_SQUARES + b;
    int hi = a > b ? a : b, lo = a > b ? b : a;
    return (int64_t)hi * (hi - 1) / 2 + lo;
}

/* The squares of pair number p (inverse of cam_egtb_pair). */
static inline void cam_egtb_pair_squares(int ending, uint32_t p, int *a, int *b)
{
    if (ending == 1) {
        *a = (int)(p / CAM_SQUARES);
        *b = (int)(p % CAM_SQUARES);
        return;
    }
    /* hi is the largest with hi * (hi - 1) / 2 <= p: a binary search (it runs once a unit). */
    int lo_hi = 1, hi_hi = CAM_SQUARES - 1;
    while (lo_hi < hi_hi) {
        int mid = (lo_hi + hi_hi + 1) / 2;
        if ((uint32_t)mid * (uint32_t)(mid - 1) / 2 <= p) lo_hi = mid;
        else hi_hi = mid - 1;
    }
    int hi = lo_hi;
    *a = hi;
    *b = (int)(p - (uint32_t)hi * (uint32_t)(hi - 1) / 2);
}

/* The table: one byte array per ending (NULL when that ending was not built or loaded). */
struct ba_camelot_egtb {
    uint8_t *data[CAM_EGTB_ENDINGS];
    ba_camelot_egtb_stats stats[CAM_EGTB_ENDINGS];
};

#endif /* BOARDAI_CAMELOT_EGTB_H */
