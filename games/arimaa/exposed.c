/* games/arimaa/exposed.c: pieces beside a stronger enemy piece.
 *
 * A piece beside a stronger enemy piece can be pushed, pulled or frozen by it; near a trap that
 * is the first turn of a capture, and in the enemy's half, where the enemy's pieces are many and
 * its own few, it is the usual start of one (the Arimaa strategy literature's "threat" and
 * "hostage", e.g. the Wikibooks "Arimaa" book). This term charges such a piece's side a share of
 * the piece's HarLog material, by the half of the board it stands in and its distance to the
 * nearer trap of that half, whether or not the trap is held: the share stands for the chance of
 * the capture, which the search, a turn or two deep, does not see to its end.
 *
 * The shares are bot_Sharp's prices (measurement only; see docs/arimaa.md, "The twenty-seventh
 * round"): the threat its static evaluation (a developer build's evalPos, which prints the
 * threat on each piece) puts on our pieces at our turn starts 3 to 20 of 60 games against it at
 * 4 steps, divided by its value of the piece in full armies (rabbit 1000, cat 1400, dog 2130,
 * horse 3640, camel 6480). Beside a stronger enemy piece in the enemy's half, one or two squares
 * from its trap, a piece of ours carried a threat of a quarter to two fifths of its value (camel
 * 33 % and 29 %, horse 31 % and 24 %, cat 53 % and 32 %, rabbit 73 % and 40 %), three squares off
 * 13 %; in its own half 6 % to 14 %; not beside a stronger enemy piece, 0 % to 4 %. Where no
 * position had the case (a rabbit on or three squares from an enemy trap, anything four squares
 * off) the share is set between its neighbours by hand. exposed_pct scales the whole. */
#include "arimaa_internal.h"

/* Percent of the piece's material: [rabbit or not][in the enemy's half][squares to the nearer
 * trap of that half, 4 for four or more]. */
static const int8_t arm_exposed_share[2][2][5] = {
    {{12, 7, 7, 1, 0}, {40, 33, 28, 13, 4}}, /* cat to camel: own half, enemy's half */
    {{14, 12, 9, 1, 0}, {73, 73, 40, 15, 5}}, /* rabbit */
};

/* The Manhattan distance from sq to the nearer trap of the half it stands in (c3 f3 below rank
 * 5, c6 f6 from it), at most 4. */
static int arm_exposed_trap_distance(int sq)
{
    int first_trap = sq < 32 ? 0 : 2; /* trap indices 0, 1 below rank 5; 2, 3 from it */
    int west = arm_distance(sq, arm_trap_square(first_trap));
    int east = arm_distance(sq, arm_trap_square(first_trap + 1));
    int d = west < east ? west : east;
    return d < 4 ? d : 4;
}

int arm_exposed_charge(const arm_params *p, const arm_state *st, int side)
{
    if (p->exposed_pct <= 0 || st->phase != ARM_PHASE_PLAY) return 0;
    /* The enemy's half: ranks 5 to 8 for Gold, 1 to 4 for Silver. */
    uint64_t enemy_half = side == ARM_GOLD ? 0xFFFFFFFF00000000ull : 0x00000000FFFFFFFFull;
    long charge = 0;
    for (int t = ARM_RABBIT; t < ARM_ELEPHANT; t++) {
        uint64_t exposed = st->bb[side][t] & arm_neighbours(arm_stronger(st, side ^ 1, t));
        if (!exposed) continue;
        /* HarLog's value of one piece of the type: every piece of it is worth the same. */
        long value = arm_piece_value(st, &p->eval, side, t);
        for (; exposed; exposed &= exposed - 1) {
            int sq = arm_lsb(exposed);
            int away = (arm_bit(sq) & enemy_half) != 0;
            int share = arm_exposed_share[t == ARM_RABBIT][away][arm_exposed_trap_distance(sq)];
            charge += value * share;
        }
    }
    return (int)(charge * p->exposed_pct / 10000);
}

int arm_exposed_terms(const arm_params *p, const arm_state *st, int side)
{
    return arm_exposed_charge(p, st, side ^ 1) - arm_exposed_charge(p, st, side);
}
