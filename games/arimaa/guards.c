/* games/arimaa/guards.c: the guards of a side's home traps when the enemy dominates them.
 *
 * A piece is captured on a trap only when no friend stands beside the trap, so the pieces beside
 * a trap (its guards) are what an attacker must push, pull or lure away before anything of
 * the defender's near the trap can be taken; with two guards it must move one and then the
 * other, a whole turn more. That matters where the attacker can push and pull: where its
 * strongest piece within two squares of the trap outranks every defender there.
 *
 * In the play-outs from the turn-10 positions of our games against bot_Sharp (docs/arimaa.md,
 * "The thirty-first round"), 853 of the 862 pieces taken on a home trap in the other side's turn
 * were taken on a trap with fewer than two guards at that turn's start. Our search left its home
 * traps so at 40 to 43 % of Sharp's turn starts (a trap each), Sharp playing our side at 20 %.
 * Nothing else in our evaluation counts the guards: the trap term counts them in its control
 * sum, but at 10 % of a point a unit. Measured as a screen, the charge made thin traps as rare
 * as Sharp's and won no more play-outs (the pieces were lost elsewhere), so it is off by
 * default.
 *
 * The charge is home_guard_points for each guard short of two at each such trap (the side's
 * home traps: c3 and f3 for Gold, c6 and f6 for Silver), and home_guard_tied_pct percent of that
 * where the enemy's strongest piece near only equals ours: with the two elephants beside a trap,
 * the enemy's still pushes and pulls everything else of ours there. */
#include "arimaa_internal.h"

/* The guards the charge asks for: with two, capturing anything needs both moved first. */
#define ARM_GUARDS_WANTED 2

/* Percent of the charge at a trap (area: the squares within two steps of it): 100 when an
 * unfrozen enemy piece there outranks every piece of side's there; home_guard_tied_pct when the
 * strongest unfrozen enemy piece there only equals side's strongest (it cannot push that piece,
 * but pushes and pulls the rest as freely); else 0. */
static int arm_trap_contest_pct(const arm_params *p, const arm_state *st, int side, uint64_t area,
                                uint64_t enemy_free)
{
    int top = ARM_ELEPHANT;
    while (!(st->bb[side][top] & area)) top--; /* the caller knows a piece of side's is there */
    if (arm_stronger(st, side ^ 1, top) & enemy_free & area) return 100;
    return (st->bb[side ^ 1][top] & enemy_free & area) ? p->home_guard_tied_pct : 0;
}

int arm_home_guard_charge(const arm_params *p, const arm_state *st, int side)
{
    if (p->home_guard_points <= 0 || st->phase != ARM_PHASE_PLAY) return 0;
    int first = side == ARM_GOLD ? 0 : 2; /* trap indices: c3 f3 (Gold's), c6 f6 (Silver's) */
    uint64_t enemy_free = st->occ[side ^ 1] & ~arm_frozen(st, side ^ 1);
    int charge = 0;
    for (int k = first; k < first + 2; k++) {
        uint64_t ring = arm_trap_ring(k), area = arm_trap_area(k);
        int guards = arm_popcount(st->occ[side] & ring);
        if (guards >= ARM_GUARDS_WANTED || !(st->occ[side] & area)) continue;
        int pct = arm_trap_contest_pct(p, st, side, area, enemy_free);
        charge += (ARM_GUARDS_WANTED - guards) * p->home_guard_points * pct / 100;
    }
    return charge;
}

int arm_home_guard_terms(const arm_params *p, const arm_state *st, int side)
{
    return arm_home_guard_charge(p, st, side ^ 1) - arm_home_guard_charge(p, st, side);
}
