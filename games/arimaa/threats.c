/* Capture threats: the best capture a side can make with one push or pull (two steps), or with
 * two actions within one turn, from the position as it stands. Most pieces are lost that way, so a search leaf whose side to move has
 * such a capture is worth about the captured material to it (the evaluation's threat term), and
 * a turn that ends next to one is not safe.
 *
 * Only pushes and pulls capture an enemy piece (a simple step moves the mover's own piece), and
 * the enemy piece they move must stand beside a trap: it is either pushed or pulled onto the trap,
 * or it is the last friend beside a trap holding another of its pieces.
 *
 * The evaluation asks for both sides' threats at every leaf, and the detector was 40 % of the step
 * search's time when it played every candidate action on a copy of the state (perf, three middle
 * game searches; docs/arimaa.md, "The nineteenth round"). So an action is played here on the two
 * occupancy sets only (arm_played), a whole state is made only for the best capture found and for
 * a first action after which a capture is still possible, and the pushes and pulls are listed
 * straight from the pieces that can be captured. The actions are tried in the order
 * arm_actions_of lists them, so the capture kept among equal ones is the one it would give
 * (tests/arimaa: checked against the detector that played every action). */
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

/* An action played on the occupancy sets alone: what it leaves and what it captures. */
typedef struct arm_played {
    uint64_t occ[2];
    int weight;     /* arm_capture_weight of the capture, for the side the weights are for */
    int enemy_lost; /* 1 when an enemy piece of that side went */
    /* The square each step took a piece to (-1: no such step) and that piece; the board has
     * the others. */
    int moved_sq[2];
    uint8_t moved_piece[2];
} arm_played;

/* The piece on sq after the action r played from st, for a square of r's occupancy sets. The
 * second step's piece first: it may stand where the first step took its piece from. */
static uint8_t arm_piece_after(const arm_state *st, const arm_played *r, int sq)
{
    return sq == r->moved_sq[1]   ? r->moved_piece[1]
           : sq == r->moved_sq[0] ? r->moved_piece[0]
                                  : st->board[sq];
}

/* Plays action a from st on the occupancy sets, with the captures after each step as
 * arm_make_step makes them; the weights are side's. */
static arm_played arm_play_on_sets(const arm_state *st, const arm_action *a, int side)
{
    arm_played r = {{st->occ[0], st->occ[1]}, 0, 0, {-1, -1}, {ARM_EMPTY, ARM_EMPTY}};
    for (int i = 0; i < a->n; i++) {
        int from = a->step[i] >> 2, to = arm_step_to(from, a->step[i] & 3);
        uint8_t piece = arm_piece_after(st, &r, from);
        int s = piece >> 3;
        r.occ[s] ^= arm_bit(from) | arm_bit(to);
        r.moved_sq[i] = to;
        r.moved_piece[i] = piece;
        /* Only the traps the step touches can capture (as in arm_make_step). */
        uint64_t traps = ARM_TRAPS & (arm_bit(to) | arm_neighbours(arm_bit(from)));
        for (int c = 0; traps && c < 2; c++) {
            /* A piece on one of those traps with no friend beside it (tested for those pieces
             * alone: most steps leave none on a trap). */
            for (uint64_t on = traps & r.occ[c]; on; on &= on - 1) {
                int sq = arm_lsb(on);
                if (r.occ[c] & arm_neighbours(on & (0 - on))) continue;
                uint8_t gone = arm_piece_after(st, &r, sq);
                r.occ[c] &= ~arm_bit(sq);
                int w = 1 << (2 * (gone & 7));
                r.weight += c == side ? -w : w;
                r.enemy_lost |= c != side;
            }
        }
    }
    return r;
}

/* The enemy pieces of a one-action capture: at a trap with exactly one enemy piece beside it,
 * that piece goes onto the empty trap (pushed, or pulled by a piece of ours stepping off it), or
 * it is the last defender of an enemy piece on the trap and is moved away. Only those beside a
 * non-rabbit of ours (a possible pusher or puller) are kept. occ are the sides' pieces. */
static uint64_t arm_capture_zone(const uint64_t occ[2], uint64_t our_officers, int side)
{
    uint64_t zone = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t def = occ[side ^ 1] & arm_trap_ring(k);
        if (def && !(def & (def - 1))) zone |= def;
    }
    return zone & arm_neighbours(our_officers);
}

/* 1 when a piece of zone (after the action r played from st) has a stronger piece of side's
 * beside it. Only such a piece can be pushed or pulled, so arm_threat_one finds nothing
 * otherwise: in three middle-game searches at depth 8, 72 % of the first actions of
 * arm_threat_two that left a zone left none such, and this test saves their state and freezing
 * map (3 % of the searches' instructions, callgrind; docs/arimaa.md, the thirty-fifth round). */
static int arm_zone_has_stronger(const arm_state *st, const arm_played *r, uint64_t zone, int side)
{
    for (; zone; zone &= zone - 1) {
        int weakest = (arm_piece_after(st, r, arm_lsb(zone)) & 7) + 1;
        for (uint64_t o = arm_neighbours(zone & (0 - zone)) & r->occ[side]; o; o &= o - 1)
            if ((arm_piece_after(st, r, arm_lsb(o)) & 7) >= weakest) return 1;
    }
    return 0;
}

/* The best capture so far: its weight (against the root) and the actions that make it. */
typedef struct arm_best {
    int weight;
    int n;
    arm_action act[2];
} arm_best;

/* The non-rabbit pieces of side in st (the only ones that push or pull). */
static uint64_t arm_officers(const arm_state *st, int side)
{
    return st->occ[side] & ~st->bb[side][ARM_RABBIT];
}

/* The best capture of one push or pull from st, whose capture zone (arm_capture_zone, not
 * empty) the caller has found, after the actions of prefix (0 or 1) from the root; weights
 * against the root, where base is the weight prefix captured already. */
static void arm_threat_one(const arm_state *st, int side, uint64_t zone, const arm_action *prefix,
                           int base, arm_best *best)
{
    int e = side ^ 1;
    uint64_t empty = ~(st->occ[0] | st->occ[1]);
    uint64_t movers = arm_officers(st, side) & arm_neighbours(zone);
    movers &= ~arm_frozen_among(st, side, movers);
    for (; movers; movers &= movers - 1) {
        int sq = arm_lsb(movers), type = st->board[sq] & 7;
        uint64_t victims = arm_neighbours(arm_bit(sq)) & zone & arm_weaker(st, e, type);
        for (; victims; victims &= victims - 1) {
            int vsq = arm_lsb(victims);
            /* Pulls (the mover steps away, the victim follows), then pushes (the victim steps
             * to an empty square beside it, the mover follows), each by direction. */
            for (int push = 0; push < 2; push++) {
                int base_sq = push ? vsq : sq;
                for (int d = 0; d < 4; d++) {
                    int to = arm_step_to(base_sq, d);
                    if (to < 0 || !(empty & arm_bit(to))) continue;
                    arm_action a = {2, {0, 0}};
                    a.step[0] = (uint8_t)(base_sq << 2 | d);
                    a.step[1] = push ? (uint8_t)(sq << 2 | arm_dir_between(sq, vsq))
                                     : (uint8_t)(vsq << 2 | arm_dir_between(vsq, sq));
                    arm_played r = arm_play_on_sets(st, &a, side);
                    if (!r.enemy_lost || base + r.weight <= best->weight) continue;
                    best->weight = base + r.weight;
                    best->n = prefix ? 2 : 1;
                    if (prefix) best->act[0] = *prefix;
                    best->act[prefix ? 1 : 0] = a;
                }
            }
        }
    }
}

/* The preparations of a two-action capture from st: pushes and pulls of an enemy piece within two
 * squares of a trap (moving it beside the trap, or a defender away), and steps that bring a piece
 * of ours beside an enemy piece standing beside a trap (a pusher or puller arriving). Only a trap
 * with at most two enemy pieces beside it can fall to two actions (each moves at most one enemy
 * piece), and only with an enemy piece within two squares of it. */
static void arm_threat_two(const arm_state *st, int side, arm_best *best)
{
    int e = side ^ 1;
    uint64_t near = 0, near2 = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t ring = arm_trap_ring(k), area = arm_trap_area(k);
        if (arm_popcount(st->occ[e] & ring) > 2 || !(st->occ[e] & area)) continue;
        near |= ring;
        near2 |= area;
    }
    uint64_t arrive = arm_neighbours(st->occ[e] & near);
    if (!(st->occ[e] & near2)) return;
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
        arm_played r = arm_play_on_sets(st, a, side);
        if (r.weight > best->weight) {
            best->weight = r.weight;
            best->n = 1;
            best->act[0] = *a;
        }
        /* The second action needs a capture zone after the first. The first moves no rabbit of
         * ours (a preparation's step is not a rabbit's, and rabbits neither push nor pull), so
         * our non-rabbits after it are our pieces left but the rabbits. */
        uint64_t zone = arm_capture_zone(r.occ, r.occ[side] & ~st->bb[side][ARM_RABBIT], side);
        if (!zone || !arm_zone_has_stronger(st, &r, zone, side)) continue;
        arm_state child = *st;
        arm_apply_action(&child, a);
        arm_threat_one(&child, side, zone, a, r.weight, best);
    }
}

int arm_capture_threat(const arm_state *st, int side, int actions, arm_state *after)
{
    arm_best best = {0, 0, {{0, {0, 0}}, {0, {0, 0}}}};
    uint64_t zone = arm_capture_zone(st->occ, arm_officers(st, side), side);
    if (zone) arm_threat_one(st, side, zone, NULL, 0, &best);
    if (actions >= 2) arm_threat_two(st, side, &best);
    if (best.weight <= 0) return 0;
    if (after) {
        *after = *st;
        for (int i = 0; i < best.n; i++) arm_apply_action(after, &best.act[i]);
    }
    return 1;
}
