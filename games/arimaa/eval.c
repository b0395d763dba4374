/* The Arimaa evaluation: HarLog material (material.c) plus David Fotland's four rabbit heuristics
 * ("Bomb"), goal-threat detection for the side to move, capture threats (threats.c) and trap
 * control (traps.c). Fotland's numbers and HarLog's scale live in ba_arimaa_eval_tables, the
 * weights added since in arm_params. */
#include <stdio.h>

#include "arimaa_internal.h"

const arm_params arm_params_default = {
    .eval = {
    .material_scale = 100,
    .blocking_per_side = 5,
    .passed = {0, 10, 20, 30, 50, 75, 100, 0},
    .goal_threat = {6000, 5000, 5000, 4000, 2000, 300, 275, 250, 200, 175, 150, 125, 100, 90, 80,
                    60, 30, 0},
    .power_value = {0, 45, 60, 150, 200, 300},
    .power_distance_pct = {100, 100, 100, 90, 70, 30, 20, 15, 10, 5, 4, 3, 2, 1, 0, 0},
    .power_clip = 1200,
    .power_weak = -30,
    .power_rank_pct = {50, 100, 150},
    .power_goal_pct = {100, 100, 100, 100, 100, 100, 100, 100, 90, 80, 70, 60, 50, 40, 30, 20, 10,
                       8},
    .power_trap_pct = 50,
    .step_value = 0,
    .goal_now_score = 1000000,
    },
    .goal_search_steps = 4,
    .capture_threat_pct = 75,
    .capture_threat_waiting_pct = 25,
    .capture_threat_stuck_pct = 25,
    .capture_threat_steps_left = 0,
    .capture_threat_exchange = 0,
    .capture_threat_actions = 2,
    .trap_control_points = 1,
    .trap_control_clip = 12,
    .trap_dominance = 10,
    .trap_danger_pct = 10,
    .trap_danger_frozen_pct = 25,
    .trap_danger_stuck_pct = 25,
    .elephant_blockade_points = 0,
    .attack_threat_pct = 0,
    .attack_drag_squares = 2,
    .hostage_pct = 0,
    .elephant_place_pct = 0,
    .elephant_deep_points = 0,
    .camel_exposed_points = 0,
    .camel_exposed_own_pct = 0,
    .exposed_pct = 0,
    .home_guard_points = 0,
    .home_guard_tied_pct = 0,
    .goal_unsearched_flat = 1,
    .goal_extra_steps = 1,
    .goal_two_turns = {0, 0},
    .goal_relative = 1,
    .goal_mid_turn_min = 5,
    .goal_waiting_pct = 100,
    .rabbit_loose = 20,
    .rabbit_hunted = 30,
    .step_futility = ARM_STEP_FUTILITY_DEFAULT,
    .push_depth = ARM_PUSH_DEPTH_DEFAULT,
    .pass_costs_rest = 1,
    .step_null = 0,
    .rabbit_forward_first = 1,
    /* The placement table (placement.c), by class (0, 1, 2-3, 4+ stronger enemy pieces), each
     * class's 32 squares rank by rank from its owner's home rank, files a|h, b|g, c|f, d|e, two
     * ranks a line. Fitted, with scales for the other terms, to bot_Sharp's scores of the 20 668
     * positions of 244 of its self-play games (scripts/arimaa-fit-placement.py --terms; held-out
     * loss 0.50006 to 0.49163, the targets' own entropy 0.46762). It predicts Sharp's scores
     * better but did not play better: at self-play, the table with today's scales -34.9 [-108.2,
     * +35.5] Elo in 100 games, with the fitted scales -70.4 [-146.0, -1.0] in 95; so its term is
     * off by default (placement_pct 0; docs/arimaa.md, "The sixteenth round"). */
    .place = {
        {0, -25, -25, -12, -18, -25, -41, -17,
         -12, -23, 14, -17, 14, 11, -15, 20,
         6, 15, -7, 26, -3, -2, 10, -1,
         14, 27, 51, 38, 0, 9, -12, 5},
        {0, -7, -13, -4, -2, -11, 6, -2,
         -1, 23, 18, -1, -8, 18, 7, 21,
         -31, -27, -6, 9, -43, 20, -76, 8,
         -26, -50, 33, -86, -26, 32, -52, -29},
        {0, -5, 4, -2, 16, 13, 13, 5,
         2, 19, 24, 20, 4, 26, 12, 10,
         -15, 20, 1, -15, -7, 41, -48, 21,
         -6, 8, 62, -26, 1, -35, -33, -7},
        {0, 3, 13, 13, 19, 7, 15, 11,
         4, 22, 21, 21, 19, 12, 22, 19,
         15, 11, 3, -2, -19, 42, -12, 0,
         -43, -12, 46, -41, -24, 12, -26, -4}},
    /* Fitted to the positions of 404 of bot_Sharp's self-play games (scripts/arimaa-fit-terms.py;
     * held-out loss 0.590 to 0.504). The set beat the earlier all-100 scales at self-play, +49.0
     * [+7.8, +91.6] Elo in 200 games, and won 1 of 20 against Sharp at 4 steps (0 of 20 before);
     * docs/arimaa.md, "The fourteenth round". Blocking, passed, goal table, power, loose rabbit,
     * traps, threats, in ARM_TERM_* order; then the placement table, off (above). */
    .term_pct = {369, 184, 7, 48, 0, 10, 73, 0},
};

const ba_arimaa_eval_tables *ba_arimaa_eval_tables_default(void) { return &arm_params_default.eval; }

/* ---- the rabbit heuristics -------------------------------------------------------------------- */

static int arm_rank_from_own_side(int side, int sq) { return side == ARM_GOLD ? sq >> 3 : 7 - (sq >> 3); }

int arm_h_blocking(const arm_state *st, const ba_arimaa_eval_tables *t, int sq)
{
    int side = st->board[sq] >> 3;
    uint64_t helpers = st->bb[side][ARM_RABBIT] | st->bb[side][ARM_DOG] | st->bb[side][ARM_CAT];
    /* Beside, beside-and-ahead, beside-and-behind: the same three squares on each side of the
     * rabbit, for both sides (as sets: the evaluation asks for every rabbit at every leaf). */
    uint64_t column = arm_bit(sq) | arm_bit(sq) << 8 | arm_bit(sq) >> 8;
    int score = 0;
    if (helpers & ((column & ~ARM_FILE_A) >> 1)) score += t->blocking_per_side;
    if (helpers & ((column & ~ARM_FILE_H) << 1)) score += t->blocking_per_side;
    return score;
}

int arm_h_passed(const arm_state *st, const ba_arimaa_eval_tables *t, int sq)
{
    int side = st->board[sq] >> 3;
    int rank = sq >> 3;
    uint64_t file = ARM_FILE_A << (sq & 7);
    uint64_t files = file | ((file & ~ARM_FILE_A) >> 1) | ((file & ~ARM_FILE_H) << 1);
    uint64_t ahead;
    if (side == ARM_GOLD) ahead = rank == 7 ? 0 : ~0ull << ((rank + 1) * 8);
    else ahead = rank == 0 ? 0 : ~0ull >> ((8 - rank) * 8);
    if (st->bb[side ^ 1][ARM_RABBIT] & files & ahead) return 0;
    return t->passed[arm_rank_from_own_side(side, sq)];
}

int arm_h_goal_threat(const ba_arimaa_eval_tables *t, int steps)
{
    if (steps < 0) steps = 0;
    if (steps > BA_ARIMAA_GOAL_STEPS_MAX) steps = BA_ARIMAA_GOAL_STEPS_MAX;
    return t->goal_threat[steps];
}

int arm_h_power_sum(const arm_state *st, const ba_arimaa_eval_tables *t, int sq)
{
    int side = st->board[sq] >> 3;
    int front = sq + (side == ARM_GOLD ? 8 : -8);
    if (front < 0 || front > 63) front = sq;
    long sum = 0; /* in hundredths */
    for (int s = 0; s < 2; s++) {
        uint64_t unfrozen = st->occ[s] & ~st->bb[s][ARM_RABBIT] & ~arm_frozen(st, s);
        for (uint64_t b = unfrozen; b; b &= b - 1) {
            int psq = arm_lsb(b);
            int d = arm_distance(psq, front);
            if (d > 15) d = 15;
            long v = (long)t->power_value[st->board[psq] & 7] * t->power_distance_pct[d];
            sum += s == side ? v : -v;
        }
    }
    sum /= 100;
    if (sum > t->power_clip) sum = t->power_clip;
    return (int)sum;
}

int arm_h_power(const arm_state *st, const ba_arimaa_eval_tables *t, int sq, int steps)
{
    int side = st->board[sq] >> 3;
    int rank = arm_rank_from_own_side(side, sq) + 1;
    if (rank < 5 || rank > 7) return 0;
    if (steps < 0) steps = 0;
    if (steps > BA_ARIMAA_GOAL_STEPS_MAX) steps = BA_ARIMAA_GOAL_STEPS_MAX;
    int sum = arm_h_power_sum(st, t, sq);
    long score;
    if (sum < 0) score = t->power_weak;
    else score = (long)sum * t->power_rank_pct[rank - 5] * t->power_goal_pct[steps] / 10000;
    if (ARM_TRAPS & arm_bit(sq)) score = score * t->power_trap_pct / 100;
    return (int)score;
}

/* ---- the whole evaluation --------------------------------------------------------------------- */

typedef struct arm_terms {
    int blocking, passed, goal, power;
    int loose; /* charged for advanced rabbits without support (arm_rabbit_exposure) */
    int best_steps; /* fewest steps to goal of any rabbit */
} arm_terms;

/* An advanced rabbit (its ranks 4-7, rows to go 1..4) that no friendly non-rabbit piece within
 * two squares supports is easily captured or blocked; more so with an enemy piece stronger than a
 * rabbit within two squares. A rabbit about to goal is left to the goal terms. */
static int arm_rabbit_exposure(const arm_params *p, const arm_state *st, int sq, int rows)
{
    if (rows > 4 || rows < 1) return 0;
    int side = st->board[sq] >> 3;
    uint64_t near = arm_neighbours(arm_bit(sq));
    near |= arm_neighbours(near);
    int cost = 0;
    if (!(st->occ[side] & ~st->bb[side][ARM_RABBIT] & near)) cost += p->rabbit_loose;
    if (st->occ[side ^ 1] & ~st->bb[side ^ 1][ARM_RABBIT] & near) cost += p->rabbit_hunted;
    return cost;
}

/* The least count of a rabbit whose goal the evaluation did not find (not searched, or not
 * within its bound): more than a turn's four steps, since a count of 4 or fewer is taken for a
 * goal this turn (arm_evaluate). Counted as its bound + 1 or its rows, a rabbit under a
 * goal_search_steps below 4 read as a goal at every turn start, and a 10-step search grew 35
 * times (docs/arimaa.md, "The thirty-third round"). */
#define ARM_UNFOUND_MIN_STEPS 5

static int arm_unfound(int steps)
{
    return steps < ARM_UNFOUND_MIN_STEPS ? ARM_UNFOUND_MIN_STEPS : steps;
}

/* The count of a rabbit not found within its bound, with goal_unsearched_flat. */
static int arm_goal_far(const arm_params *p)
{
    int far = arm_unfound(p->goal_search_steps + p->goal_extra_steps + 1);
    return far > BA_ARIMAA_GOAL_STEPS_MAX ? BA_ARIMAA_GOAL_STEPS_MAX : far;
}

/* The steps to goal the evaluation scores for the rabbit on sq, rows from its goal. With
 * goal_unsearched_flat (the default) a rabbit within goal_search_steps rows is searched up to
 * its rows + goal_extra_steps (at least goal_search_steps), so a goal just beyond one turn of a
 * rabbit on its fourth row to go, round a blocker or behind a push, is seen; a rabbit not found
 * within its bound, or farther, counts arm_goal_far() whatever its row. Without it: the bound is
 * goal_search_steps, and a farther rabbit counts its rows (an unfound one at least
 * ARM_UNFOUND_MIN_STEPS either way). */
static int arm_rabbit_goal_steps(const arm_params *p, const arm_state *st, int sq, int rows)
{
    if (!p->goal_unsearched_flat) {
        if (rows > p->goal_search_steps) return arm_unfound(rows);
        int steps = arm_steps_to_goal_m(p->goal_memo, st, sq, p->goal_search_steps);
        return steps > p->goal_search_steps ? arm_unfound(steps) : steps;
    }
    int far = arm_goal_far(p);
    if (rows > p->goal_search_steps) return far;
    /* Rows + extra, at least goal_search_steps: the spare steps (bound - rows) of a rabbit
     * near its goal would make a deeper search cost several times the evaluation. */
    int bound = rows + p->goal_extra_steps;
    if (bound < p->goal_search_steps) bound = p->goal_search_steps;
    if (bound > far - 1) bound = far - 1;
    int steps = arm_steps_to_goal_m(p->goal_memo, st, sq, bound);
    return steps > bound ? far : steps;
}

/* The rabbit terms of side; each rabbit's goal value counts at least valued_from steps, and
 * goal_pct % of it. */
static void arm_rabbit_terms(const arm_params *p, const arm_state *st, int side, int valued_from,
                             int goal_pct, arm_terms *out)
{
    const ba_arimaa_eval_tables *t = &p->eval;
    memset(out, 0, sizeof *out);
    out->best_steps = BA_ARIMAA_GOAL_STEPS_MAX + 1;
    /* What the goal table gives a rabbit that threatens nothing (not found within its bound):
     * with goal_relative it is taken off every rabbit, so that the table pays for a rabbit's
     * threat, not for its existence (HarLog prices the rabbit itself; docs/arimaa.md). */
    int base = 0;
    if (p->goal_relative && p->goal_unsearched_flat) base = arm_h_goal_threat(t, arm_goal_far(p));
    for (uint64_t b = st->bb[side][ARM_RABBIT]; b; b &= b - 1) {
        int sq = arm_lsb(b);
        int rows = side == ARM_GOLD ? 7 - (sq >> 3) : sq >> 3;
        int steps = arm_rabbit_goal_steps(p, st, sq, rows);
        if (steps < out->best_steps) out->best_steps = steps;
        out->blocking += arm_h_blocking(st, t, sq);
        out->passed += arm_h_passed(st, t, sq);
        int valued = steps < valued_from ? valued_from : steps;
        int goal = arm_h_goal_threat(t, valued) - base;
        /* A goal found beyond one turn (not a count for a rabbit not found, nor a row count). */
        int found_max = p->goal_search_steps + p->goal_extra_steps;
        if (p->goal_unsearched_flat && valued > 4 && valued <= found_max &&
            valued <= 4 + ARM_TWO_TURN_STEPS)
            goal += p->goal_two_turns[valued - 5];
        out->goal += (int)((long)goal * goal_pct / 100);
        out->power += arm_h_power(st, t, sq, steps);
        out->loose += arm_rabbit_exposure(p, st, sq, rows);
    }
    out->blocking = arm_term_scaled(p, ARM_TERM_BLOCKING, out->blocking);
    out->passed = arm_term_scaled(p, ARM_TERM_PASSED, out->passed);
    out->goal = arm_term_scaled(p, ARM_TERM_GOAL, out->goal);
    out->power = arm_term_scaled(p, ARM_TERM_POWER, out->power);
    out->loose = arm_term_scaled(p, ARM_TERM_LOOSE, out->loose);
}

/* The material (from side's view) that side's best capture of up to capture_threat_actions
 * actions would win from st as it stands; 0 when it has none. *victims (if non-NULL) gets the
 * squares of the enemy pieces that capture takes (the pieces of each type it reduces). */
static long arm_threat_material_after(const arm_params *p, const arm_state *st, int side,
                                      uint64_t *victims, arm_state *after_out)
{
    if (victims) *victims = 0;
    if (st->phase != ARM_PHASE_PLAY) return 0;
    arm_state local, *after = after_out ? after_out : &local;
    if (!arm_capture_threat(st, side, p->capture_threat_actions, after)) return 0;
    long gain = (long)arm_material(after, &p->eval, side) - arm_material(st, &p->eval, side);
    if (gain <= 0) return 0;
    if (victims)
        for (int t = 0; t < ARM_TYPES; t++)
            if (arm_popcount(after->bb[side ^ 1][t]) < arm_popcount(st->bb[side ^ 1][t]))
                *victims |= st->bb[side ^ 1][t] & ~after->bb[side ^ 1][t];
    return gain;
}

static long arm_threat_material(const arm_params *p, const arm_state *st, int side,
                                uint64_t *victims)
{
    return arm_threat_material_after(p, st, side, victims, NULL);
}

/* The capture-threat term: pct % of the material side's best capture wins (see victims above). */
static int arm_threat_share(const arm_params *p, const arm_state *st, int side, int pct,
                            uint64_t *victims)
{
    if (victims) *victims = 0;
    if (pct <= 0) return 0;
    return arm_term_scaled(p, ARM_TERM_THREAT, arm_threat_material(p, st, side, victims) * pct / 100);
}

int arm_threat_gain(const arm_params *p, const arm_state *st, int side)
{
    return arm_threat_share(p, st, side, p->capture_threat_pct, NULL);
}

/* 1 when every piece of owner on victims is frozen with no friend of it within two squares: no
 * step of owner's can walk it away or unfreeze it, so the threat on it stands (the horse that ran
 * to g7 beside a camel, docs/arimaa.md "The twelfth round"). */
static int arm_victims_stuck(const arm_state *st, int owner, uint64_t victims)
{
    if (!victims) return 0;
    uint64_t frozen = arm_frozen(st, owner);
    for (uint64_t b = victims; b; b &= b - 1)
        if (!arm_stuck(st, owner, frozen, b & (0 - b))) return 0;
    return 1;
}

/* Both sides' capture-threat terms from the side to move's view. The side that moves next (the
 * side to move at a turn start; inside a turn the opponent, since the leaf is valued as if the
 * turn ended) gets capture_threat_pct of its best capture, the side that moves second
 * capture_threat_waiting_pct (the other side moves first and can usually parry one threat: a
 * price for the steps the parry costs and for threats that cannot all be parried), or
 * capture_threat_stuck_pct when its victims cannot move out of it (arm_victims_stuck). taken[s]
 * gets side s's pieces that the other side's credited threat takes. */
static long arm_threat_terms(const arm_params *p, const arm_state *st, int mid_turn,
                             uint64_t taken[2])
{
    int next = mid_turn ? st->side ^ 1 : st->side;
    int pct_next = p->capture_threat_pct, pct_second = p->capture_threat_waiting_pct;
    if (mid_turn && p->capture_threat_steps_left) {
        /* The mover still has its steps left to parry a threat or make its own: passing here
         * would give them up, so each side is paid between its turn-start percent and the
         * waiting one, by the share of the turn left (docs/arimaa.md, the seventeenth round). */
        int shift = (p->capture_threat_pct - p->capture_threat_waiting_pct) * arm_steps_left(st) / 4;
        pct_next -= shift;
        pct_second += shift;
    }
    arm_state cashed; /* the position after the capture of the side that moves next */
    long material_next = 0;
    taken[next ^ 1] = 0;
    if (pct_next > 0)
        material_next = arm_threat_material_after(p, st, next, &taken[next ^ 1], &cashed);
    long gain_next = arm_term_scaled(p, ARM_TERM_THREAT, material_next * pct_next / 100);
    long gain_second = 0;
    taken[next] = 0;
    if (pct_second > 0 || p->capture_threat_stuck_pct > 0) {
        long material = arm_threat_material(p, st, next ^ 1, &taken[next]);
        /* The stuck test (a freezing map) is only worth its time when the two percents differ:
         * with the default they are equal. */
        int pct = p->capture_threat_stuck_pct != p->capture_threat_waiting_pct &&
                          arm_victims_stuck(st, next, taken[next])
                      ? p->capture_threat_stuck_pct
                      : pct_second;
        gain_second = arm_term_scaled(p, ARM_TERM_THREAT, material * pct / 100);
    }
    long value = gain_next - gain_second;
    if (p->capture_threat_exchange && gain_next > 0 && gain_second > 0) {
        /* The side that moves next cannot both cash its capture and parry the other's: it
         * either takes (and the other side, moving next then, cashes what threat is left after
         * the capture, at the next mover's percent) or parries (and gives up its own). */
        long left = arm_threat_material(p, &cashed, next ^ 1, NULL);
        long take = gain_next - arm_term_scaled(p, ARM_TERM_THREAT, left * pct_next / 100);
        value = take > -gain_second ? take : -gain_second;
    }
    return next == st->side ? value : -value;
}

/* Inside a turn of the step game (a step made, the turn not over): the leaf is valued as if the
 * turn ended there. */
static int arm_mid_turn(const arm_params *p, const arm_state *st)
{
    return p->by_steps && st->steps > 0 && st->phase == ARM_PHASE_PLAY;
}

/* The percent of the goal table paid for side's rabbits: goal_waiting_pct for the side that
 * moves second (the opponent at a turn start, the mover inside a turn), since the other side
 * moves first and can block; 100 for the side that moves next. */
static int arm_goal_pct(const arm_params *p, const arm_state *st, int mid_turn, int side)
{
    int second = mid_turn ? st->side : st->side ^ 1;
    return side == second ? p->goal_waiting_pct : 100;
}

/* The placement term (placement.c) from side's view, scaled. */
static int arm_placement_terms(const arm_params *p, const arm_state *st, int side)
{
    if (!p->term_pct[ARM_TERM_PLACEMENT]) return 0;
    return arm_term_scaled(p, ARM_TERM_PLACEMENT,
                           (long)arm_placement(p, st, side) - arm_placement(p, st, side ^ 1));
}

int arm_evaluate(const arm_params *p, const arm_state *st)
{
    int me = st->side, opp = me ^ 1;
    arm_terms mine, theirs;
    /* Inside a turn of the step game the leaf is valued as if the turn ended, but the opponent
     * then gets no defence (a real turn start under a goal threat is extended and searched):
     * the mover's rabbits count at least goal_mid_turn_min steps there, so that rabbit steps
     * made with the plies a push or pull left over at the horizon do not buy the table's
     * 2000-4000 (docs/arimaa.md, the seventh round). A goal within the steps left still wins. */
    int mid_turn = arm_mid_turn(p, st);
    arm_rabbit_terms(p, st, me, mid_turn ? p->goal_mid_turn_min : 0,
                     arm_goal_pct(p, st, mid_turn, me), &mine);
    arm_rabbit_terms(p, st, opp, 0, arm_goal_pct(p, st, mid_turn, opp), &theirs);
    if (st->phase != ARM_PHASE_PLAY) {
        /* Setup: only the shape of the placed army counts (material is still incomplete). A
         * rabbit is passed when no enemy rabbit stands ahead of it, which means something only
         * once the enemy has set up: before that every rabbit is passed, and Gold chose the
         * setup with a rabbit a rank forward for the passed term's rank-2 points, a dog in the
         * corner behind it (a1, where Sharp's static view charges a dog most; docs/arimaa.md,
         * "The twenty-seventh round"). */
        int mine_passed = st->occ[opp] ? mine.passed : 0;
        int theirs_passed = st->occ[me] ? theirs.passed : 0;
        return (mine.blocking + mine_passed) - (theirs.blocking + theirs_passed);
    }
    /* Goal-threat detection: the side to move reaches its goal with the steps left in this
     * turn (4 at a turn start; fewer inside a turn of the step game), whatever the opponent's
     * pieces do (they do not move in between). */
    if (mine.best_steps <= arm_steps_left(st)) return p->eval.goal_now_score - mine.best_steps;
    /* The step game values a position inside a turn as if the turn ended there (standing pat is
     * passing): from the opponent's turn start, negated. So every leaf is a turn start whatever
     * its parity, and an early pass gains nothing at the search's horizon. Having the move is
     * worth step_value per step of the coming turn. */
    if (mid_turn && theirs.best_steps <= 4) return -(p->eval.goal_now_score - theirs.best_steps);
    long score = arm_material(st, &p->eval, me);
    if (p->by_steps) score += (mid_turn ? -4L : 4L) * p->eval.step_value;
    /* The side that moves next (the side to move at a turn start; inside a turn the opponent,
     * since the leaf is valued as if the turn ended) is credited with its capture threat, so a
     * leaf that leaves a piece to be pushed or pulled onto a trap is not valued as safe. */
    uint64_t taken[2];
    score += arm_threat_terms(p, st, mid_turn, taken);
    score += (long)mine.blocking + mine.passed + mine.goal + mine.power - mine.loose;
    score -= (long)theirs.blocking + theirs.passed + theirs.goal + theirs.power - theirs.loose;
    /* A piece a capture threat already counts is not charged again as in danger beside a trap:
     * the two terms priced the same loss twice, and the search kept a threat on a free horse
     * rather than take it (docs/arimaa.md, the seventh round). */
    score += arm_trap_terms_taken(p, st, me, taken);
    score += arm_placement_terms(p, st, me);
    score += arm_blockade_terms(p, st, me);
    score += arm_attack_terms(p, st, me, taken);
    score += arm_hostage_terms(p, st, me);
    score += arm_exposed_terms(p, st, me);
    score += arm_home_guard_terms(p, st, me);
    score += arm_elephant_placement(p, st, me) - arm_elephant_placement(p, st, opp);
    score -= arm_elephant_deep_charge(p, st, me) - arm_elephant_deep_charge(p, st, opp);
    if (score > BA_SCORE_EVAL_MAX) score = BA_SCORE_EVAL_MAX;
    if (score < -BA_SCORE_EVAL_MAX) score = -BA_SCORE_EVAL_MAX;
    return (int)score;
}

int arm_explain(const arm_params *p, const arm_state *st, char *buf, size_t cap)
{
    arm_terms g, s;
    int mid_turn = arm_mid_turn(p, st), least = mid_turn ? p->goal_mid_turn_min : 0;
    arm_rabbit_terms(p, st, ARM_GOLD, st->side == ARM_GOLD ? least : 0,
                     arm_goal_pct(p, st, mid_turn, ARM_GOLD), &g);
    arm_rabbit_terms(p, st, ARM_SILVER, st->side == ARM_SILVER ? least : 0,
                     arm_goal_pct(p, st, mid_turn, ARM_SILVER), &s);
    int mat = st->phase == ARM_PHASE_PLAY ? arm_material(st, &p->eval, ARM_GOLD) : 0;
    uint64_t taken[2] = {0, 0};
    if (st->phase == ARM_PHASE_PLAY) (void)arm_threat_terms(p, st, mid_turn, taken);
    int traps = st->phase == ARM_PHASE_PLAY ? arm_trap_terms_taken(p, st, ARM_GOLD, taken) : 0;
    int place[2] = {0, 0};
    if (st->phase == ARM_PHASE_PLAY)
        for (int side = 0; side < 2; side++)
            place[side] = arm_term_scaled(p, ARM_TERM_PLACEMENT, arm_placement(p, st, side));
    int blockade[2] = {0, 0};
    if (st->phase == ARM_PHASE_PLAY)
        for (int side = 0; side < 2; side++) blockade[side] = -arm_blockade_charge(p, st, side);
    int attack[2] = {0, 0};
    if (st->phase == ARM_PHASE_PLAY)
        for (int side = 0; side < 2; side++)
            attack[side] = -arm_attack_charge(p, st, side, taken[side]);
    int hostage[2] = {0, 0};
    if (st->phase == ARM_PHASE_PLAY)
        for (int side = 0; side < 2; side++) hostage[side] = -arm_hostage_charge(p, st, side);
    int ele_place[2] = {0, 0}, ele_deep[2] = {0, 0}, camel[2] = {0, 0}, exposed[2] = {0, 0};
    int guards[2] = {0, 0};
    if (st->phase == ARM_PHASE_PLAY)
        for (int side = 0; side < 2; side++) {
            ele_place[side] = arm_elephant_placement(p, st, side);
            ele_deep[side] = -arm_elephant_deep_charge(p, st, side);
            camel[side] = -arm_camel_exposed_charge(p, st, side);
            exposed[side] = -arm_exposed_charge(p, st, side);
            guards[side] = -arm_home_guard_charge(p, st, side);
        }
    char out[1024];
    int n = snprintf(out, sizeof out,
                     "material(harlog) %d %d\nblocking %d %d\npassed %d %d\ngoal_threat %d %d\n"
                     "power_balance %d %d\nsteps_to_goal %d %d\ncapture_threat %d %d\n"
                     "loose_rabbits %d %d\ntraps %d %d\nplacement %d %d\n"
                     "elephant_blockade %d %d\nattack_threat %d %d\nhostage %d %d\n"
                     "elephant_place %d %d\nelephant_deep %d %d\ncamel_exposed %d %d\n"
                     "exposed %d %d\nhome_guards %d %d\ntotal(side to move) %d\n",
                     mat, -mat, g.blocking, s.blocking, g.passed, s.passed, g.goal, s.goal, g.power,
                     s.power, g.best_steps, s.best_steps, arm_threat_gain(p, st, ARM_GOLD),
                     arm_threat_gain(p, st, ARM_SILVER), -g.loose, -s.loose, traps, -traps,
                     place[ARM_GOLD], place[ARM_SILVER], blockade[ARM_GOLD], blockade[ARM_SILVER],
                     attack[ARM_GOLD], attack[ARM_SILVER], hostage[ARM_GOLD], hostage[ARM_SILVER],
                     ele_place[ARM_GOLD], ele_place[ARM_SILVER], ele_deep[ARM_GOLD],
                     ele_deep[ARM_SILVER], camel[ARM_GOLD], camel[ARM_SILVER],
                     exposed[ARM_GOLD], exposed[ARM_SILVER], guards[ARM_GOLD], guards[ARM_SILVER],
                     arm_evaluate(p, st));
    if (n < 0 || (size_t)n >= sizeof out || !buf || (size_t)n + 1 > cap) return BA_ERR_BUFFER;
    memcpy(buf, out, (size_t)n + 1);
    return n;
}
