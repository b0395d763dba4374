/* Capture threats: the best capture a side can make with one push or pull (two steps), or with
 * two actions within one turn, from the position as it stands. Most pieces are lost that way, so a search leaf whose side to move has
 * such a capture is worth about the captured material to it (the evaluation's threat term), and
 * a turn that ends next to one is not safe.
 *
 * Only pushes and pulls capture an enemy piece (a simple step moves the mover's own piece), and
 * the enemy piece they move must stand beside a trap: it is either pushed or pulled onto the trap,
 * or it is the last friend beside a trap holding another of its pieces. The detector lists the
 * side's actions and plays only those on a copy. */
#include "arimaa_internal.h"

int arm_capture_weight(const arm_state *before, const arm_state *after, int side)
{
    /* Most actions tried capture nothing: the piece counts tell at once. */
    if (arm_popcount(before->occ[0]) == arm_popcount(after->occ[0]) &&
        arm_popcount(before->occ[1]) == arm_popcount(after->occ[1]))
        return 0;
    int w = 0;
    for (int t = 0; t < ARM_TYPES; t++) {
        int theirs = arm_popcount(before->bb[side ^ 1][t]) - arm_popcount(after->bb[side ^ 1][t]);
        int mine = arm_popcount(before->bb[side][t]) - arm_popcount(after->bb[side][t]);
        w += (theirs - mine) * (1 << (2 * t));
    }
    return w;
}

/* The best capture of one push or pull from st (weights against root); updates *best and *after. */
static void arm_threat_one(const arm_state *root, const arm_state *st, int side, int *best,
                           arm_state *after)
{
    int e = side ^ 1;
    /* One action moves one enemy piece, so it captures only at a trap with exactly one enemy
     * piece beside it: that piece goes onto the empty trap (pushed, or pulled by a piece of ours
     * stepping off it), or it is the last defender of an enemy piece on the trap and is moved
     * away. The piece moved needs a piece of ours beside it that could push or pull it. */
    uint64_t movers = st->occ[side] & ~st->bb[side][ARM_RABBIT];
    uint64_t zone = 0;
    for (uint64_t t = ARM_TRAPS; t; t &= t - 1) {
        uint64_t def = st->occ[e] & arm_neighbours(t & (0 - t));
        if (def && !(def & (def - 1))) zone |= def;
    }
    zone &= arm_neighbours(movers);
    if (!zone) return;
    arm_action acts[ARM_MAX_ACTIONS];
    /* Only a piece beside a piece of the zone can push or pull it. */
    int n = arm_actions_of(st, side, 2, arm_neighbours(zone), acts);
    for (int i = 0; i < n; i++) {
        const arm_action *a = &acts[i];
        if (a->n != 2) continue;
        /* A push moves the enemy piece first, a pull second. */
        int s0 = a->step[0] >> 2;
        int victim = (st->board[s0] >> 3) == e ? s0 : a->step[1] >> 2;
        if (!(zone & arm_bit(victim))) continue;
        arm_state child = *st;
        arm_apply_action(&child, a);
        if (arm_popcount(child.occ[e]) == arm_popcount(st->occ[e])) continue;
        int w = arm_capture_weight(root, &child, side);
        if (w > *best) {
            *best = w;
            if (after) *after = child;
        }
    }
}

int arm_capture_threat(const arm_state *st, int side, int actions, arm_state *after)
{
    int best = 0;
    arm_threat_one(st, st, side, &best, after);
    if (actions < 2) return best > 0;
    /* Two actions in one turn (at most 4 steps): a first action that prepares a capture, then
     * the capture. The preparations tried: pushes and pulls of an enemy piece within two squares
     * of a trap (moving it beside the trap, or a defender away), and steps that bring a piece of
     * ours beside an enemy piece standing beside a trap (a pusher or puller arriving). */
    int e = side ^ 1;
    /* Only a trap with at most two enemy pieces beside it can fall to two actions (each moves
     * at most one enemy piece), and only with an enemy piece within two squares of it. */
    uint64_t near = 0, near2 = 0;
    for (uint64_t t = ARM_TRAPS; t; t &= t - 1) {
        uint64_t ring = arm_neighbours(t & (0 - t));
        uint64_t area = t & (0 - t);
        area |= ring | arm_neighbours(ring);
        if (arm_popcount(st->occ[e] & ring) > 2 || !(st->occ[e] & area)) continue;
        near |= ring;
        near2 |= area;
    }
    uint64_t arrive = arm_neighbours(st->occ[e] & near);
    if (!(st->occ[e] & near2)) return best > 0;
    arm_action acts[ARM_MAX_ACTIONS];
    /* The pieces that can make such a preparation: beside a piece in near2 (to push or pull
     * it) or beside a square of arrive (to step there). */
    int n = arm_actions_of(st, side, 2, arm_neighbours((st->occ[e] & near2) | arrive), acts);
    for (int i = 0; i < n; i++) {
        const arm_action *a = &acts[i];
        int s0 = a->step[0] >> 2;
        if (a->n == 2) {
            int victim = (st->board[s0] >> 3) == e ? s0 : a->step[1] >> 2;
            if (!(near2 & arm_bit(victim))) continue;
        } else {
            int to = arm_step_to(s0, a->step[0] & 3);
            if ((st->board[s0] & 7) == ARM_RABBIT || !(arrive & arm_bit(to))) continue;
        }
        arm_state child = *st;
        arm_apply_action(&child, a);
        int w = arm_capture_weight(st, &child, side);
        if (w > best) {
            best = w;
            if (after) *after = child;
        }
        arm_threat_one(st, &child, side, &best, after);
    }
    return best > 0;
}
