/* Trap control and pieces in danger beside traps.
 *
 * In the games lost to bot_Sharp most of the material went to captures prepared over two or three
 * turns: a piece left beside a trap where the opponent's pieces were stronger was frozen, then
 * pulled or pushed onto the trap. The capture-threat detector (threats.c) sees the last turn of
 * such an attack, not the turns before it; these terms value the ground it is fought on, as the
 * Arimaa strategy literature describes it (a trap is owned by the side whose strong pieces stand
 * beside it; a piece beside a trap the opponent owns is a liability).
 *
 * Control of a trap by a side: the sum over its unfrozen pieces within two squares of the trap of
 * a weight by type (rabbit 1 up to elephant 8), doubled for the four squares beside the trap, plus
 * trap_dominance for the side with the strongest piece there (no enemy piece there its equal). The
 * evaluation counts the difference of the two sides per trap, clipped, and charges a side for each
 * of its pieces within two squares of a trap the opponent controls when an enemy piece strong
 * enough to push or pull it stands within two squares of it: a share of the material it would
 * lose, more when the piece is frozen (it cannot walk away), a share of its own when it is
 * frozen with no friend within two squares (stuck), half as much two squares from the trap as
 * beside it. */
#include "arimaa_internal.h"

/* The weight of a piece in trap control, by type: the stronger piece decides who can push and
 * pull beside the trap, so the scale grows faster than one step per type. */
static const int arm_trap_weight[ARM_TYPES] = {1, 2, 3, 4, 6, 8};

/* The squares within one and within two steps of each trap (the trap itself is in the second). */
typedef struct arm_trap_zone {
    int sq;
    uint64_t ring, area;
} arm_trap_zone;

static arm_trap_zone arm_zone(int k)
{
    arm_trap_zone z;
    z.sq = arm_trap_square(k);
    z.ring = arm_trap_ring(k);
    z.area = arm_trap_area(k);
    return z;
}

int arm_trap_power(const arm_state *st, int side, int trap_index, uint64_t unfrozen)
{
    arm_trap_zone z = arm_zone(trap_index);
    int p = 0;
    for (int t = 0; t < ARM_TYPES; t++) {
        uint64_t b = st->bb[side][t] & unfrozen;
        p += arm_trap_weight[t] * (2 * arm_popcount(b & z.ring) + arm_popcount(b & z.area & ~z.ring));
    }
    return p;
}

int arm_trap_terms(const arm_params *p, const arm_state *st, int side)
{
    const uint64_t none[2] = {0, 0};
    return arm_trap_terms_taken(p, st, side, none);
}

int arm_trap_terms_taken(const arm_params *p, const arm_state *st, int side,
                         const uint64_t taken[2])
{
    int danger = p->trap_danger_pct > 0 || p->trap_danger_frozen_pct > 0 ||
                 p->trap_danger_stuck_pct > 0;
    if (p->trap_control_points <= 0 && !danger) return 0;
    int e = side ^ 1;
    uint64_t frozen[2] = {arm_frozen(st, 0), arm_frozen(st, 1)};
    uint64_t unfrozen[2] = {st->occ[0] & ~frozen[0], st->occ[1] & ~frozen[1]};
    int value[2][ARM_TYPES];
    for (int s = 0; s < 2; s++)
        for (int t = 0; t < ARM_TYPES; t++) value[s][t] = -1; /* computed when first needed */
    long score = 0;
    for (int k = 0; k < 4; k++) {
        arm_trap_zone z = arm_zone(k);
        int pw[2] = {arm_trap_power(st, 0, k, unfrozen[0]), arm_trap_power(st, 1, k, unfrozen[1])};
        /* The side whose strongest piece near the trap is stronger than every enemy piece there
         * dominates it beyond the sum: nothing near can push that piece away, while it pushes
         * and pulls the weaker pieces (an elephant against a cat, a dog and rabbits). */
        int top[2] = {-1, -1};
        for (int s = 0; s < 2; s++)
            for (int t = ARM_TYPES - 1; t >= 0 && top[s] < 0; t--)
                if (st->bb[s][t] & unfrozen[s] & z.area) top[s] = t;
        if (top[0] != top[1]) pw[top[0] > top[1] ? 0 : 1] += p->trap_dominance;
        int diff = pw[side] - pw[e];
        if (diff > p->trap_control_clip) diff = p->trap_control_clip;
        if (diff < -p->trap_control_clip) diff = -p->trap_control_clip;
        score += (long)diff * p->trap_control_points;
        if (!danger) continue;
        /* Pieces within two squares of a trap that the other side controls, with an enemy piece
         * strong enough to push or pull them within two squares: full rate beside the trap (one
         * push or pull from it), half rate two squares away. */
        for (int s = 0; s < 2; s++) {
            if (pw[s ^ 1] <= pw[s]) continue;
            /* A trap takes one piece at a time: the charge is that of the piece most at stake,
             * not the sum over every piece near (which made a lone enemy elephant beside a trap
             * cost more than a cat, so the search gave real material to keep it away). */
            long worst = 0;
            for (uint64_t exposed = st->occ[s] & z.area & ~taken[s]; exposed; exposed &= exposed - 1) {
                int sq = arm_lsb(exposed);
                int type = st->board[sq] & 7;
                uint64_t near = arm_neighbours(arm_bit(sq));
                near |= arm_neighbours(near);
                if (!(arm_stronger(st, s ^ 1, type) & unfrozen[s ^ 1] & near)) continue;
                if (value[s][type] < 0) value[s][type] = arm_piece_value(st, &p->eval, s, type);
                int pct = p->trap_danger_pct;
                if (frozen[s] & arm_bit(sq))
                    /* Stuck: no friend within two squares, so no step of its side's unfreezes
                     * it before the enemy's next turn (Sharp's static evaluation charges such a
                     * piece about half its value or more: docs/arimaa.md, the twenty-first
                     * round). */
                    pct = arm_stuck(st, s, frozen[s], arm_bit(sq)) ? p->trap_danger_stuck_pct
                                                                 : p->trap_danger_frozen_pct;
                if (!((z.ring | arm_bit(z.sq)) & arm_bit(sq))) pct /= 2;
                long cost = (long)value[s][type] * pct / 100;
                if (cost > worst) worst = cost;
            }
            score += s == side ? -worst : worst;
        }
    }
    return arm_term_scaled(p, ARM_TERM_TRAPS, score);
}
