/* Steps to goal: the fewest steps (pushes and pulls included) with which a rabbit's side can bring
 * that rabbit to its goal rank, the opponent standing still. Iterative-deepening depth-first
 * search: the rows still to go are a lower bound (a rabbit gains at most one row per step), and a
 * small lossy table remembers positions already proved to fail with a given budget. Actions of
 * other pieces never bring the rabbit nearer, so they must fit in the spare steps (budget minus
 * rows to go; exact). They are also only tried near the rabbit: within spare + 2 squares of it
 * (a locality window: a helper further away would need more spare steps to matter in nearly every
 * position; this is the one approximation, and it can only overestimate the steps). */
#include "arimaa_internal.h"

/* Entries of the lossy fail table; a search of a few steps meets far fewer positions, and the
 * table is cleared at each call. */
#define ARM_GOAL_TT 256

typedef struct arm_goal_ctx {
    int side;
    uint64_t goal;
    uint64_t tt_key[ARM_GOAL_TT];
    uint8_t tt_budget[ARM_GOAL_TT];
} arm_goal_ctx;

static int arm_rows_to_goal(int side, int sq)
{
    return side == ARM_GOLD ? 7 - (sq >> 3) : (sq >> 3);
}

static int arm_goal_dfs(arm_goal_ctx *c, const arm_state *st, int rsq, int budget)
{
    if (c->goal & arm_bit(rsq)) return 1;
    if (arm_rows_to_goal(c->side, rsq) > budget) return 0;
    uint64_t key = st->hash ^ ((uint64_t)rsq * 0x9E3779B97F4A7C15ull);
    size_t slot = (size_t)(key & (ARM_GOAL_TT - 1));
    if (c->tt_key[slot] == key && c->tt_budget[slot] >= budget) return 0;
    arm_action acts[ARM_MAX_ACTIONS];
    int spare = budget - arm_rows_to_goal(c->side, rsq);
    /* Only pieces that can pass the locality test below move: the rabbit, and pieces within
     * spare + 3 squares of it (a pusher or puller stands beside the enemy piece it moves). */
    uint64_t window = arm_bit(rsq);
    for (int k = 0; k < spare + 3 && k < 8; k++) window |= arm_neighbours(window);
    int n = arm_actions_of(st, c->side, budget, spare > 0 ? window : arm_bit(rsq), acts);
    for (int i = 0; i < n; i++) {
        const arm_action *a = &acts[i];
        int from0 = a->step[0] >> 2;
        int nrsq = rsq;
        if (from0 == rsq) {
            nrsq = arm_step_to(rsq, a->step[0] & 3);
        } else {
            /* Another piece's action does not bring the rabbit nearer: it must fit in the
             * spare steps (exact), and it must happen near the rabbit (the locality window). */
            if (a->n > spare) continue;
            int d = arm_distance(from0, rsq);
            if (a->n == 2) {
                int d1 = arm_distance(a->step[1] >> 2, rsq);
                if (d1 < d) d = d1;
            }
            if (d > spare + 2) continue;
        }
        arm_state child = *st;
        arm_apply_action(&child, a);
        if (child.board[nrsq] != c->side * 8 + ARM_RABBIT) continue; /* captured on a trap */
        if (arm_goal_dfs(c, &child, nrsq, budget - a->n)) return 1;
    }
    c->tt_key[slot] = key;
    c->tt_budget[slot] = (uint8_t)budget;
    return 0;
}

int arm_steps_to_goal(const arm_state *st, int sq, int max_steps)
{
    if (sq < 0 || sq > 63 || st->board[sq] == ARM_EMPTY || (st->board[sq] & 7) != ARM_RABBIT)
        return BA_ERR_ARG;
    if (max_steps < 0) max_steps = 0;
    if (max_steps > BA_ARIMAA_GOAL_STEPS_MAX) max_steps = BA_ARIMAA_GOAL_STEPS_MAX;
    int side = st->board[sq] >> 3;
    int h = arm_rows_to_goal(side, sq);
    if (h == 0) return 0;
    if (h > max_steps) return max_steps + 1;
    arm_goal_ctx c;
    c.side = side;
    c.goal = arm_goal_rank(side);
    memset(c.tt_key, 0, sizeof c.tt_key);
    memset(c.tt_budget, 0, sizeof c.tt_budget);
    for (int limit = h; limit <= max_steps; limit++) {
        if (arm_goal_dfs(&c, st, sq, limit)) return limit;
    }
    return max_steps + 1;
}

int arm_goal_steps(const arm_state *st, int side, int max_steps)
{
    if (max_steps < 0) max_steps = 0;
    if (max_steps > BA_ARIMAA_GOAL_STEPS_MAX) max_steps = BA_ARIMAA_GOAL_STEPS_MAX;
    int best = max_steps + 1;
    for (uint64_t b = st->bb[side][ARM_RABBIT]; b && best > 0; b &= b - 1) {
        int sq = arm_lsb(b);
        if (arm_rows_to_goal(side, sq) >= best) continue;
        int s = arm_steps_to_goal(st, sq, best - 1);
        if (s < best) best = s;
    }
    return best;
}
