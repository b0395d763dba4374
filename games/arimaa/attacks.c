/* games/arimaa/attacks.c: threats of capture that take more than one turn.
 *
 * The capture-threat detector (threats.c) finds the captures the side to move can make within
 * its turn; the search sees a few steps beyond. Against bot_Sharp most material went to captures
 * prepared over two turns: a piece left near a trap where the enemy is stronger is first reached
 * and frozen by a stronger enemy piece, then pushed or pulled in (docs/arimaa.md, the
 * twenty-first round: Sharp's static evaluation charged 1256 of its points for such a horse and
 * 4117 for such a camel, where ours charged 199 and 0).
 *
 * This term estimates, for each piece near a trap that the enemy controls, how many enemy steps
 * its capture would take if its side did nothing, and charges a share of its material that falls
 * with that count. The count is the sum of three parts:
 *   - moving the piece onto the trap: two steps (one push or pull) from beside the trap, four
 *     from two squares away, none when it stands on the trap;
 *   - the trap's other guards of its side: each must be pushed or pulled away first, two steps
 *     each (a friend on the trap also blocks the square: two more);
 *   - the attack: the steps the nearest stronger enemy piece needs to stand beside the piece (its
 *     distance less one, one more when it is frozen; beyond three steps there is no threat), one
 *     more when that is three (it will rarely come unopposed), and one when an enemy piece sits
 *     on the trap (it must step off first).
 * The share is times the enemy's hold on the trap (its lead in trap power, full at
 * ARM_ATTACK_HOLD_LEAD). A piece counts within two squares of the trap, or within
 * attack_drag_squares when it is being dragged: frozen beside a stronger enemy piece that can
 * move. Against Sharp an elephant pushed our horse from d3 to the c6 trap over six turns, and
 * ours charged nothing until it stood two squares off (docs/arimaa.md, the twenty-fifth round).
 * A piece that can walk away (not frozen) is charged less than a frozen one, and a frozen one
 * with no friend within two squares (stuck) most. The elephant is never
 * charged (nothing pushes it), nor are the pieces that the capture-threat term already takes
 * (taken).
 *
 * The shares are attack_threat_pct percent of the table below at 100; the table and the freezing
 * shares are first estimates, shaped as the steps of a turn go (a capture within four steps is
 * the next turn's, one in five to eight the turn after's), and the percent is fitted to Sharp's
 * static evaluation of our positions by scripts/arimaa-sharp-static.py. */
#include "arimaa_internal.h"

/* Percent of the piece's material by the enemy steps its capture takes (0..ARM_ATTACK_MAX). */
#define ARM_ATTACK_MAX 10
static const int arm_attack_share[ARM_ATTACK_MAX + 1] = {100, 100, 100, 95, 90, 60,
                                                         55,  40,  30,  15, 10};
/* Percent of that for a piece that can walk away, a frozen one, and a stuck one. */
enum { ARM_ATTACK_FREE_PCT = 45, ARM_ATTACK_FROZEN_PCT = 80, ARM_ATTACK_STUCK_PCT = 100 };
/* Beyond this many steps the attacker is too far to count (the third part above). */
#define ARM_ATTACK_REACH 3
/* The lead in trap power (traps.c: 2 a unit of strength beside the trap, 1 two squares off) at
 * which the enemy holds a trap fully; a smaller lead charges that fraction. An all-or-nothing
 * hold let one step beside a trap swing every charge there at once: at 30 % the 4-step search
 * declined a free horse to move a dog beside f3 (tests/arimaa/test_steps.c). A full hold at 8
 * fixed that at 30 % but not at 40 % or beside the hostage term; at 12 the horse is taken in all
 * three, and the fit to Sharp's static view is as good (R^2 0.897 at both; 0.895 at 16). */
#define ARM_ATTACK_HOLD_LEAD 12

/* The steps the nearest enemy piece stronger than the piece of type on sq needs to stand beside
 * it (ARM_ATTACK_REACH + 1 when none is that near). */
static int arm_attack_reach(const arm_state *st, int victim_side, int sq, int type,
                            uint64_t enemy_frozen)
{
    int best = ARM_ATTACK_REACH + 1;
    for (uint64_t a = arm_stronger(st, victim_side ^ 1, type); a; a &= a - 1) {
        int from = arm_lsb(a);
        int d = arm_distance(from, sq) - 1 + ((enemy_frozen & arm_bit(from)) != 0);
        if (d < best) best = d;
    }
    return best;
}

int arm_trap_path_steps(const arm_state *st, int side, int sq, int trap)
{
    uint64_t t = arm_bit(trap), v = arm_bit(sq);
    int guards = arm_popcount(arm_neighbours(t) & st->occ[side] & ~v);
    int steps = 2 * arm_distance(sq, trap) + 2 * guards;
    if (sq != trap && (st->occ[side] & t)) steps += 2;
    if (st->occ[side ^ 1] & t) steps += 1;
    return steps;
}

/* The enemy steps the capture of side's piece on sq (type) at trap takes, by the parts above;
 * ARM_ATTACK_MAX + 1 when it is out of reach. */
static int arm_attack_steps(const arm_state *st, int side, int sq, int type, int trap,
                            uint64_t enemy_frozen)
{
    int reach = arm_attack_reach(st, side, sq, type, enemy_frozen);
    if (reach > ARM_ATTACK_REACH) return ARM_ATTACK_MAX + 1;
    return arm_trap_path_steps(st, side, sq, trap) + reach + (reach == ARM_ATTACK_REACH);
}

int arm_attack_charge(const arm_params *p, const arm_state *st, int side, uint64_t taken)
{
    if (p->attack_threat_pct <= 0 || st->phase != ARM_PHASE_PLAY) return 0;
    int e = side ^ 1;
    uint64_t frozen[2] = {arm_frozen(st, 0), arm_frozen(st, 1)};
    uint64_t unfrozen[2] = {st->occ[0] & ~frozen[0], st->occ[1] & ~frozen[1]};
    /* How fully the enemy holds each trap (percent), and the squares within two of one held. */
    int held[4], any = 0;
    uint64_t zone = 0;
    for (int k = 0; k < 4; k++) {
        int lead = arm_trap_power(st, e, k, unfrozen[e]) -
                   arm_trap_power(st, side, k, unfrozen[side]);
        held[k] = lead <= 0                     ? 0
                  : lead >= ARM_ATTACK_HOLD_LEAD ? 100
                                                 : 100 * lead / ARM_ATTACK_HOLD_LEAD;
        if (!held[k]) continue;
        uint64_t ring = arm_bit(arm_trap_square(k));
        for (int d = 0; d < p->attack_drag_squares; d++) ring |= arm_neighbours(ring);
        zone |= ring;
        any = 1;
    }
    if (!any) return 0;
    int value[ARM_TYPES];
    for (int t = 0; t < ARM_TYPES; t++) value[t] = -1; /* computed when first needed */
    long charge = 0;
    /* Each piece once, at the trap where its capture threatens most (a piece between two traps
     * is lost to one of them, not to both). */
    for (uint64_t exposed = st->occ[side] & zone & ~st->bb[side][ARM_ELEPHANT] & ~taken; exposed;
         exposed &= exposed - 1) {
        int sq = arm_lsb(exposed), type = st->board[sq] & 7;
        uint64_t v = arm_bit(sq);
        /* A piece being dragged (frozen beside a stronger enemy piece that can move) counts
         * farther from the trap than one the enemy has yet to reach. */
        int within = 2;
        if (p->attack_drag_squares > 2 && (frozen[side] & v) &&
            (arm_stronger(st, e, type) & unfrozen[e] & arm_neighbours(v)))
            within = p->attack_drag_squares;
        int share = 0; /* percent of the piece, times the hold's percent */
        for (int k = 0; k < 4; k++) {
            if (!held[k] || arm_distance(sq, arm_trap_square(k)) > within) continue;
            int n = arm_attack_steps(st, side, sq, type, arm_trap_square(k), frozen[e]);
            if (n <= ARM_ATTACK_MAX && arm_attack_share[n] * held[k] > share)
                share = arm_attack_share[n] * held[k];
        }
        if (!share) continue;
        int pct = !(frozen[side] & v)                    ? ARM_ATTACK_FREE_PCT
                  : arm_stuck(st, side, frozen[side], v) ? ARM_ATTACK_STUCK_PCT
                                                         : ARM_ATTACK_FROZEN_PCT;
        if (value[type] < 0) value[type] = arm_piece_value(st, &p->eval, side, type);
        charge += (long)value[type] * share / 100 * pct / 10000;
    }
    return (int)(charge * p->attack_threat_pct / 100);
}

int arm_attack_terms(const arm_params *p, const arm_state *st, int side, const uint64_t taken[2])
{
    return arm_attack_charge(p, st, side ^ 1, taken[side ^ 1]) -
           arm_attack_charge(p, st, side, taken[side]);
}
