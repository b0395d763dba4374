/* Steps to goal: the fewest steps (pushes and pulls included) with which a rabbit's side can bring
 * that rabbit to its goal rank, the opponent standing still. Iterative-deepening depth-first
 * search: the rows still to go are a lower bound (a rabbit gains at most one row per step), and a
 * small lossy table remembers positions already proved to fail with a given budget. Actions of
 * other pieces never bring the rabbit nearer, so they must fit in the spare steps (budget minus
 * rows to go; exact). They are also only tried near the rabbit: within spare + 2 squares of it
 * (a locality window: a helper further away would need more spare steps to matter in nearly every
 * position; this is the one approximation, and it can only overestimate the steps). */
#include <stdatomic.h>
#include <stdlib.h>

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
            /* A rabbit step that leaves more rows than steps fails at once: not played. */
            if (arm_rows_to_goal(c->side, nrsq) > budget - 1) continue;
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

/* The memo of a game's results: one word a slot, written and read whole with relaxed atomics, so
 * that the threads of one search share it without a lock and never see half an entry. A word
 * holds the high bits of the key (the position's hash mixed with the rabbit's square), the bound
 * searched (plus 1, so that no entry is 0) and the result. Why: the step game asks the same
 * question of one position from its evaluation, its quiescence (arm_step_threatened) and its
 * extension hook, and the goal search was 40 % of a search's time (perf on a game position;
 * docs/arimaa.md, "The goal memo"). The results are those of the search itself, so the tree and
 * its values do not change; only a key collision could (54 bits are compared, 18 of them the
 * slot's own: about one lookup of a filled slot in 2^36, a day of one thread's lookups).
 * 2^18 words (2 MB a game): 2^15 kept too few of a 10-step search's answers, and the larger memo
 * saves 3.8 % of the instructions at 8 steps (docs/arimaa.md, the thirty-fifth round). */
#define ARM_GOAL_MEMO_BITS 18
#define ARM_GOAL_MEMO_FIELD 5 /* bits of the bound and of the result, each (both <= 18) */
#define ARM_GOAL_MEMO_KEY (~0ull << (2 * ARM_GOAL_MEMO_FIELD))

struct arm_goal_memo {
    _Atomic uint64_t slot[1u << ARM_GOAL_MEMO_BITS];
};

arm_goal_memo *arm_goal_memo_new(void)
{
    arm_goal_memo *m = malloc(sizeof *m);
    if (!m) return NULL;
    for (size_t i = 0; i < sizeof m->slot / sizeof m->slot[0]; i++)
        atomic_init(&m->slot[i], 0);
    return m;
}

void arm_goal_memo_free(arm_goal_memo *m) { free(m); }

static uint64_t arm_goal_memo_key(const arm_state *st, int sq)
{
    uint64_t k = st->hash ^ ((uint64_t)(sq + 1) * 0xD6E8FEB86659FD93ull);
    k ^= k >> 29; /* the high bits pick the slot: let every bit of the hash reach them */
    return k * 0x9E3779B97F4A7C15ull;
}

/* The steps to goal of the rabbit on sq within max_steps as a recomputation would give them,
 * when the memo knows (1; *steps set), or the first bound still to search (0; *from set). */
static int arm_goal_memo_get(arm_goal_memo *m, uint64_t key, int max_steps, int *steps, int *from)
{
    uint64_t w =
        atomic_load_explicit(&m->slot[key >> (64 - ARM_GOAL_MEMO_BITS)], memory_order_relaxed);
    if (!w || (w & ARM_GOAL_MEMO_KEY) != (key & ARM_GOAL_MEMO_KEY)) return 0;
    int bound = (int)((w >> ARM_GOAL_MEMO_FIELD) & 31) - 1, found = (int)(w & 31);
    if (found <= bound) { /* exact: the fewest steps */
        *steps = found <= max_steps ? found : max_steps + 1;
        return 1;
    }
    if (max_steps <= bound) { /* none within bound, so none within max_steps */
        *steps = max_steps + 1;
        return 1;
    }
    *from = bound + 1; /* every bound up to it failed: go on from there */
    return 0;
}

static void arm_goal_memo_put(arm_goal_memo *m, uint64_t key, int bound, int steps)
{
    uint64_t w = (key & ARM_GOAL_MEMO_KEY) | (uint64_t)(bound + 1) << ARM_GOAL_MEMO_FIELD |
                 (uint64_t)steps;
    atomic_store_explicit(&m->slot[key >> (64 - ARM_GOAL_MEMO_BITS)], w, memory_order_relaxed);
}

int arm_steps_to_goal_m(arm_goal_memo *memo, const arm_state *st, int sq, int max_steps)
{
    if (sq < 0 || sq > 63 || st->board[sq] == ARM_EMPTY || (st->board[sq] & 7) != ARM_RABBIT)
        return BA_ERR_ARG;
    if (max_steps < 0) max_steps = 0;
    if (max_steps > BA_ARIMAA_GOAL_STEPS_MAX) max_steps = BA_ARIMAA_GOAL_STEPS_MAX;
    int side = st->board[sq] >> 3;
    int h = arm_rows_to_goal(side, sq);
    if (h == 0) return 0;
    if (h > max_steps) return max_steps + 1;
    int from = h, steps = 0;
    uint64_t key = 0;
    if (memo) {
        key = arm_goal_memo_key(st, sq);
        if (arm_goal_memo_get(memo, key, max_steps, &steps, &from)) return steps;
    }
    arm_goal_ctx c;
    c.side = side;
    c.goal = arm_goal_rank(side);
    memset(c.tt_key, 0, sizeof c.tt_key);
    memset(c.tt_budget, 0, sizeof c.tt_budget);
    steps = max_steps + 1;
    for (int limit = from; limit <= max_steps; limit++) {
        if (arm_goal_dfs(&c, st, sq, limit)) {
            steps = limit;
            break;
        }
    }
    if (memo) arm_goal_memo_put(memo, key, max_steps, steps);
    return steps;
}

int arm_steps_to_goal(const arm_state *st, int sq, int max_steps)
{
    return arm_steps_to_goal_m(NULL, st, sq, max_steps);
}

int arm_goal_steps_m(arm_goal_memo *memo, const arm_state *st, int side, int max_steps)
{
    if (max_steps < 0) max_steps = 0;
    if (max_steps > BA_ARIMAA_GOAL_STEPS_MAX) max_steps = BA_ARIMAA_GOAL_STEPS_MAX;
    int best = max_steps + 1;
    for (uint64_t b = st->bb[side][ARM_RABBIT]; b && best > 0; b &= b - 1) {
        int sq = arm_lsb(b);
        if (arm_rows_to_goal(side, sq) >= best) continue;
        int s = arm_steps_to_goal_m(memo, st, sq, best - 1);
        if (s < best) best = s;
    }
    return best;
}

int arm_goal_steps(const arm_state *st, int side, int max_steps)
{
    return arm_goal_steps_m(NULL, st, side, max_steps);
}
