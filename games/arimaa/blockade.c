/* games/arimaa/blockade.c: the elephant blockade.
 *
 * An elephant is blockaded when its side cannot move it off its square, alive, within two steps:
 * every square beside it is the board's edge, the enemy elephant, an enemy piece it cannot push
 * (no empty square beside that piece), or a friend that cannot step away (no empty square beside
 * it, a rabbit not backwards, nor the last guard of an elephant on a trap); a step or a push onto
 * a trap counts only when a friend guards it then or a friend that is not frozen can step beside
 * it first. A friend beside the elephant is never frozen, so whether it can move is only a matter
 * of room; pulling needs an empty square to step into, so it is no way out of its own. The test
 * checks the count against the step generator.
 *
 * The strongest piece then does nothing for its side until the enemy lets it go, while the few
 * pieces that hold it free the rest of the enemy's army. bot_Sharp's static evaluation, fitted
 * on our terms, prices the blockade at 343 [0, 615] of our points on the positions of our games
 * and 83 to 163 on its own games (scripts/arimaa-sharp-static.py; docs/arimaa.md, "The elephant
 * blockade"). Nothing else in our evaluation sees it. At 300 points it showed no gain in
 * self-play, so it is off by default.
 */
#include "arimaa_internal.h"

/* The squares a piece of side's on the square f (one bit) can step to: the empty squares beside
 * it, not backwards for a rabbit. (The caller knows the piece is not frozen.) */
static uint64_t step_room(const arm_state *st, int side, uint64_t f)
{
    uint64_t room = arm_neighbours(f) & ~(st->occ[0] | st->occ[1]);
    if (st->bb[side][ARM_RABBIT] & f) room &= ~(side == ARM_GOLD ? f >> 8 : f << 8);
    return room;
}

/* 1 when a piece of side's standing on t (one bit) would live there: t is no trap, or a friend
 * other than those on the squares of gone stands beside it. */
static int safe_on(const arm_state *st, int side, uint64_t t, uint64_t gone)
{
    return !(t & ARM_TRAPS) || (arm_neighbours(t) & st->occ[side] & ~gone);
}

int arm_elephant_exits(const arm_state *st, int side)
{
    const uint64_t e = st->bb[side][ARM_ELEPHANT];
    if (!e) return -1;
    const uint64_t empty = ~(st->occ[0] | st->occ[1]);
    /* A friend beside an elephant on a trap that is its one guard cannot step away: the trap
     * would take the elephant. */
    const uint64_t guards = arm_neighbours(e) & st->occ[side];
    const uint64_t pinned = (e & ARM_TRAPS) && arm_popcount(guards) == 1 ? guards : 0;
    int exits = 0;
    for (uint64_t around = arm_neighbours(e); around; around &= around - 1) {
        const uint64_t n = around & (0 - around);
        int out = 0;
        if (n & empty) {
            /* A step, alive on arrival; onto a trap with no guard, a friend that is not frozen
             * may step beside it first. (The elephant then stands on no trap, traps being three
             * squares apart, so the friend is no guard of the elephant's.) */
            out = safe_on(st, side, n, e);
            if (!out) {
                const uint64_t beside = arm_neighbours(n) & empty;
                uint64_t movers = arm_neighbours(beside) & st->occ[side] & ~arm_frozen(st, side);
                for (; movers && !out; movers &= movers - 1)
                    out = (step_room(st, side, movers & (0 - movers)) & beside) != 0;
            }
        } else if (st->occ[side ^ 1] & n) {
            /* A push: the enemy piece (not the elephant) needs room, and the elephant must live
             * on its square. */
            out = !(st->bb[side ^ 1][ARM_ELEPHANT] & n) && (arm_neighbours(n) & empty) &&
                  safe_on(st, side, n, e);
        } else if (!(n & pinned)) {
            /* A friend steps away and the elephant follows. The friend stays beside the square
             * it left and guards it, unless the step put it on a trap with no guard. */
            for (uint64_t room = step_room(st, side, n); room && !out; room &= room - 1) {
                const uint64_t r = room & (0 - room);
                out = safe_on(st, side, r, n) || safe_on(st, side, n, e | n);
            }
        }
        exits += out;
    }
    return exits;
}

int arm_blockade_charge(const arm_params *p, const arm_state *st, int side)
{
    return p->elephant_blockade_points > 0 && arm_elephant_exits(st, side) == 0
               ? p->elephant_blockade_points
               : 0;
}

int arm_blockade_terms(const arm_params *p, const arm_state *st, int side)
{
    return arm_blockade_charge(p, st, side ^ 1) - arm_blockade_charge(p, st, side);
}
