/* games/arimaa/hostages.c: pieces held hostage near the enemy's home traps, and the camel beside
 * the enemy elephant in the enemy's half (the first step of such a hold).
 *
 * A hostage, in Arimaa strategy, is a piece that has gone into the enemy's half and is held
 * there by a stronger enemy piece beside it, on the corner side of one of the enemy's home traps,
 * where it cannot walk away. It is not lost this turn or the next (the holder must drag it
 * several steps to the trap, past the trap's guards), but the threat stays as long as the hold
 * does, and its side's strong pieces are tied to defending it. Against bot_Sharp our camel was
 * held so in one game of the twenty-second round (docs/arimaa.md), and Sharp's static evaluation
 * of such positions of our games charges the hold 500 to 1800 of its points (a rabbit is about
 * 1000) where our terms charged nothing.
 *
 * This term charges the hostage's side a share of the hostage's material that falls with the
 * enemy steps its capture would take: two for each square between the piece and the trap, two
 * for each of the trap's guards of the hostage's side (each must be pushed or pulled away), two
 * when the holder is frozen (it must be freed first), two when a friend of the hostage stands on
 * the trap and one when an enemy piece does (it must step off). The share is 100 less 6 a step
 * (76 at the least count, four steps), a first estimate; hostage_pct scales it and is fitted to
 * Sharp's static evaluation of our positions by scripts/arimaa-sharp-static.py. */
#include "arimaa_internal.h"

/* The hostage squares of each home trap (c3 f3 c6 f6): the trap's corner quadrant of the board
 * at two or more squares from the trap, less the quadrant's centre square (d4, e4, d5, e5),
 * from which a piece is back among its own. For c3: a1 b1 c1 d1 a2 b2 d2 a3 a4 b4. */
static const uint64_t arm_hostage_squares[4] = {
    0x0000000003010B0Full, 0x00000000C080D0F0ull, 0x0F0B010300000000ull, 0xF0D080C000000000ull};

/* Percent of the hostage's material by the enemy steps its capture takes. */
static int arm_hostage_share(int steps) { return steps >= 16 ? 0 : 100 - 6 * steps; }

/* The stronger enemy pieces beside side's piece of type t on sq (its holders). */
static uint64_t arm_holders(const arm_state *st, int side, int sq, int t)
{
    return arm_stronger(st, side ^ 1, t) & arm_neighbours(arm_bit(sq));
}

/* 1 when side's piece on sq, beside holders, cannot walk away: it is frozen, or every empty
 * square beside it is a trap or beside a holder too (it stays held wherever it steps). */
static int arm_hostage_held(const arm_state *st, int sq, uint64_t holders, uint64_t frozen)
{
    uint64_t v = arm_bit(sq);
    if (frozen & v) return 1;
    uint64_t empty = ~(st->occ[0] | st->occ[1]);
    uint64_t away = arm_neighbours(v) & empty & ~ARM_TRAPS & ~arm_neighbours(holders);
    return away == 0;
}

int arm_hostage_charge(const arm_params *p, const arm_state *st, int side)
{
    if (p->hostage_pct <= 0 || st->phase != ARM_PHASE_PLAY) return 0;
    int e = side ^ 1;
    /* The enemy's home traps: Gold's are c3 and f3 (0, 1), Silver's c6 and f6 (2, 3). */
    int first = e == ARM_GOLD ? 0 : 2;
    uint64_t victims = st->occ[side] & ~st->bb[side][ARM_ELEPHANT] &
                       (arm_hostage_squares[first] | arm_hostage_squares[first + 1]);
    if (!victims) return 0;
    uint64_t frozen[2] = {arm_frozen(st, 0), arm_frozen(st, 1)};
    long charge = 0;
    for (; victims; victims &= victims - 1) {
        int sq = arm_lsb(victims), type = st->board[sq] & 7;
        uint64_t holders = arm_holders(st, side, sq, type);
        if (!holders || !arm_hostage_held(st, sq, holders, frozen[side])) continue;
        int k = (arm_bit(sq) & arm_hostage_squares[first]) ? first : first + 1;
        int steps = arm_trap_path_steps(st, side, sq, arm_trap_square(k));
        if (!(holders & ~frozen[e])) steps += 2;
        charge += (long)arm_piece_value(st, &p->eval, side, type) * arm_hostage_share(steps) / 100;
    }
    return (int)(charge * p->hostage_pct / 100);
}

int arm_hostage_terms(const arm_params *p, const arm_state *st, int side)
{
    return arm_hostage_charge(p, st, side ^ 1) - arm_hostage_charge(p, st, side) +
           arm_camel_exposed_charge(p, st, side ^ 1) - arm_camel_exposed_charge(p, st, side);
}

/* The camel beside the enemy elephant in the enemy's half. A piece that only one enemy piece
 * outranks (in full armies the camel, whose one master is the enemy elephant) is pushed, pulled
 * and frozen by that piece alone, so beside it in the enemy's half, where the enemy's pieces are
 * many and its own few, it is on the way to being held hostage or taken. In our games against
 * bot_Sharp at 4 steps our camel stood beside Sharp's elephant at 32 % of our turn starts 3 to 20
 * (900 turns of 50 games), Sharp's beside ours at 9 %; Sharp's static view prices the camel beside
 * the enemy elephant in the enemy's half at about 1000 of its points (a rabbit) on the positions
 * of our games and 700 on its own, and in its own half at next to nothing (docs/arimaa.md, "The
 * twenty-sixth round"). The charge is camel_exposed_points per such piece; in its own half,
 * camel_exposed_own_pct percent of that: there Sharp's static view charges it next to nothing,
 * but in our games Sharp's elephant came into our half early and dragged our camel about beside
 * it while our elephant was away. */
int arm_camel_exposed_charge(const arm_params *p, const arm_state *st, int side)
{
    if (p->camel_exposed_points <= 0 || st->phase != ARM_PHASE_PLAY) return 0;
    /* The enemy's half: ranks 5 to 8 for Gold, 1 to 4 for Silver. */
    uint64_t enemy_half = side == ARM_GOLD ? 0xFFFFFFFF00000000ull : 0x00000000FFFFFFFFull;
    int own = p->camel_exposed_points * p->camel_exposed_own_pct / 100;
    int charge = 0;
    for (int t = ARM_CAT; t < ARM_ELEPHANT; t++) {
        uint64_t b = st->bb[side][t];
        if (!own) b &= enemy_half;
        if (!b || arm_place_class(st, side, t) != 1) continue;
        uint64_t master = arm_stronger(st, side ^ 1, t);
        for (; b; b &= b - 1) {
            uint64_t v = arm_bit(arm_lsb(b));
            if (arm_neighbours(v) & master)
                charge += (v & enemy_half) ? p->camel_exposed_points : own;
        }
    }
    return charge;
}
