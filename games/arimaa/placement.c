/* The placement of the non-rabbit pieces: a table of points by the piece's class and square.
 *
 * What a piece should do depends less on its type than on how many enemy pieces can push and pull
 * it: the piece no enemy piece outranks (the elephant, or a camel once the enemy elephant is gone)
 * goes out to fight for the enemy's traps, a piece with several stronger enemies is safe only
 * near its own traps with friends beside it (the Arimaa strategy literature's "distribution of
 * force"; e.g. the Wikibooks "Arimaa" book, chapters "Distribution of Force" and "Camel
 * Hostage"). So the class of a piece is the number of enemy pieces stronger than it (0, 1, 2-3,
 * 4 or more), and the table gives points by class for each square, the board folded left on right
 * (4 x 32 numbers, data that a fit to outside games sets: scripts/arimaa-fit-placement.py).
 * Rabbits have their own terms. */
#include "arimaa_internal.h"

int arm_place_class(const arm_state *st, int side, int type)
{
    int stronger = 0;
    for (int t = type + 1; t < ARM_TYPES; t++) stronger += arm_popcount(st->bb[side ^ 1][t]);
    return stronger == 0 ? 0 : stronger == 1 ? 1 : stronger <= 3 ? 2 : 3;
}

int arm_placement(const arm_params *p, const arm_state *st, int side)
{
    int score = 0;
    for (int t = ARM_CAT; t < ARM_TYPES; t++) {
        uint64_t b = st->bb[side][t];
        if (!b) continue;
        int c = arm_place_class(st, side, t);
        for (; b; b &= b - 1) {
            int sq = arm_lsb(b);
            int rank = side == ARM_GOLD ? sq >> 3 : 7 - (sq >> 3);
            int file = sq & 7;
            score += p->place[c][rank * 4 + (file < 4 ? file : 7 - file)];
        }
    }
    return score;
}
