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

/* A square's index in a folded table of 32: rank counted from the side's home rank, times four
 * files counted from the nearer side edge. */
static int arm_folded_square(int side, int sq)
{
    int rank = side == ARM_GOLD ? sq >> 3 : 7 - (sq >> 3);
    int file = sq & 7;
    return rank * 4 + (file < 4 ? file : 7 - file);
}

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
        for (; b; b &= b - 1) score += p->place[c][arm_folded_square(side, arm_lsb(b))];
    }
    return score;
}

/* Points for the elephant by its square, folded left on right as the placement table above (rank
 * from its owner's home rank x distance from the nearer side edge). The numbers are bot_Sharp's
 * static evaluation (a developer build's evalPos, measurement only) of the position after the
 * setups of our games as Gold, with Gold's elephant moved from e2 to each empty square of ranks 3
 * to 6 and nothing else changed, less its value on e2, the two files of a pair averaged and
 * divided by 9.2 (Sharp's points per point of our material in the fit of docs/arimaa.md, "The
 * twenty-first round"), rounded to 5: the elephant off its home ranks and off the edge files is
 * worth 25 to 50 of our points to Sharp, most on the centre files and beside the enemy's traps.
 * The probe could not reach the trap squares (c3, c6), set between their neighbours by hand, nor
 * ranks 7 and 8, set by hand falling off from rank 6 (an elephant seldom stands there). In our
 * games against Sharp at 4 steps its elephant stood on our third or fourth rank by its fourth turn
 * while ours was still on its second or third (docs/arimaa.md, "The twenty-sixth round"). */
static const int8_t arm_elephant_square_points[32] = {
    0, 0, 0, 0,
    0, 0, 0, 0,
    0, 25, 25, 35,
    10, 30, 40, 40,
    10, 40, 45, 45,
    5, 15, 35, 50,
    0, 10, 20, 30,
    0, 0, 10, 10};

int arm_elephant_placement(const arm_params *p, const arm_state *st, int side)
{
    uint64_t e = st->bb[side][ARM_ELEPHANT];
    if (!e || p->elephant_place_pct <= 0) return 0;
    return arm_elephant_square_points[arm_folded_square(side, arm_lsb(e))] *
           p->elephant_place_pct / 100;
}

/* Ranks 7 and 8 counted from the elephant's home. In the 25 games against bot_Sharp at 4 steps of
 * the twenty-eighth round our elephant stood there at 31 of 158 of our turn starts over turns 10
 * to 22 (and on the enemy's trap rank at 70), Sharp's never (on our trap rank at 37; on its own
 * third and fourth ranks at 90, ours at 13), and in Sharp's hands our positions of turn 10 won
 * about half their play-outs where our own search won 1 in 22 (docs/arimaa.md, "The
 * twenty-ninth round"). An elephant that deep guards little of its own half and ties itself to
 * the pieces it has pushed onto the enemy's traps. */
int arm_elephant_deep_charge(const arm_params *p, const arm_state *st, int side)
{
    uint64_t e = st->bb[side][ARM_ELEPHANT];
    if (!e || p->elephant_deep_points <= 0) return 0;
    return arm_folded_square(side, arm_lsb(e)) / 4 >= 6 ? p->elephant_deep_points : 0;
}
