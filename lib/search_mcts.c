/* Monte-Carlo tree search: UCT over the game vtable, with random or evaluation-cut playouts, the
 * MCTS-Solver (proven wins, losses and draws propagated up the tree), a memory cap, tree reuse
 * between moves and root parallelism over several threads.
 *
 * Tree. Nodes live in one array (indices, no pointers); the children of a node are a contiguous
 * block made when the node is expanded. A node stores the index of its move in its parent's
 * generated list (games generate in a deterministic order), not the move, so a node is 32 bytes;
 * the descent regenerates the moves of each node it passes. The array grows by doubling up to
 * BA_OPT_MCTS_MEMORY_MB; at the cap no node is expanded any more and the iterations go on with
 * playouts from the current leaves.
 *
 * Rewards. A playout gives r0, side 0's score in [0, 1]: 1 / 0 / 0.5 for a finished game, or
 * 1/(1+exp(-v/scale)) for an evaluation v (side to move's view, turned to side 0's). A node adds
 * the reward of the side that moved into it (its "mover"), so extra turns need no special case:
 * a parent picks among children by its own side's average.
 *
 * Solver. A finished position is proven. A node is proven won for its side to move when one
 * child is proven won for that side, and proven when all its children are proven (then it gets
 * the best of them: a draw before a loss). Proven children are never descended into again: their
 * exact value is backed up instead, and children proven lost are not selected.
 *
 * Threads. With BA_OPT_THREADS = t > 1, root parallelism: t independent trees (different random
 * streams from the seed, each with 1/t of the memory) searched at once, and their root visit
 * counts and rewards summed to choose the move. It needs no locks and no virtual loss (tree
 * parallelism on a shared tree would need atomic counters in every node and virtual loss to keep
 * threads apart, and on 2 cores gains little over independent trees); only the main tree is kept
 * for reuse. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mix.h"
#include "game_checked.h"
#include "search.h"

typedef struct mc_node {
    double reward;   /* sum of the mover's rewards */
    uint32_t child;  /* first child, 0 = not expanded (the root is never a child) */
    uint32_t nchild; /* children in the block */
    uint32_t move;   /* index of the move in the parent's generated list */
    uint32_t visits;
    int16_t dist;    /* proven: plies to the end of the game */
    int8_t solved;   /* 1 when the value is proven */
    int8_t winner;   /* proven: 0, 1, or -1 for a draw */
    uint8_t mover;   /* the side that made the move into this node */
    uint8_t expanded;
    uint8_t pad[2];
} mc_node;

struct bac_mcts {
    mc_node *nodes;
    uint32_t used, cap, max_nodes;
    /* what the kept tree's root is, for reuse by the next search */
    unsigned char *root_state;
    uint64_t *hist;
    size_t hist_count;
    uint64_t signature; /* settings the statistics depend on */
};

/* One thread's MCTS run. */
typedef struct mc_run {
    bac_search *s;
    bac_mcts *t;
    const ba_game *g;
    uint64_t rng;
    double c, scale;
    int playout, solver;
    uint64_t iterations, iter_limit;
    unsigned char *cur;  /* the state being walked */
    ba_move *moves;      /* max_moves */
    bac_scored *order;   /* max_moves */
    uint64_t *path;      /* history + walk hashes */
    size_t path_len, path_cap;
    uint32_t *stack;     /* nodes of the descent */
    size_t stack_cap;
    int error;
} mc_run;

void bac_mcts_free(bac_mcts *t)
{
    if (!t)
        return;
    free(t->nodes);
    free(t->root_state);
    free(t->hist);
    free(t);
}

static uint64_t mc_rand(mc_run *r)
{
    r->rng += 0x9e3779b97f4a7c15ull;
    return bac_mix64(r->rng);
}

static double r0_of_winner(int winner) { return winner < 0 ? 0.5 : winner == 0 ? 1.0 : 0.0; }

#define MC_NONE UINT32_MAX

/* Allocates n nodes; MC_NONE when the cap (or memory) is reached. */
static uint32_t mc_alloc(bac_mcts *t, uint32_t n)
{
    if ((uint64_t)t->used + n > t->max_nodes)
        return MC_NONE;
    if (t->used + n > t->cap) {
        uint64_t cap = t->cap ? t->cap : 4096;
        while (cap < (uint64_t)t->used + n)
            cap *= 2;
        if (cap > t->max_nodes)
            cap = t->max_nodes;
        mc_node *nn = realloc(t->nodes, (size_t)cap * sizeof *nn);
        if (!nn)
            return MC_NONE;
        t->nodes = nn;
        t->cap = (uint32_t)cap;
    }
    uint32_t at = t->used;
    memset(&t->nodes[at], 0, (size_t)n * sizeof *t->nodes);
    t->used += n;
    return at;
}

static int mc_push(mc_run *r, uint64_t h)
{
    if (r->path_len == r->path_cap) {
        size_t cap = r->path_cap * 2 + 64;
        uint64_t *p = realloc(r->path, cap * sizeof *p);
        if (!p)
            return -1;
        r->path = p;
        r->path_cap = cap;
    }
    r->path[r->path_len++] = h;
    return 0;
}

static int mc_generate(mc_run *r)
{
    const ba_game *g = r->g;
    ba_history h = {r->path, r->path_len};
    int n = g->generate(g, r->cur, &h, r->moves, g->max_moves);
    if (n < 0 || (size_t)n > g->max_moves) {
        r->error = n < 0 && n != BA_ERR_BUFFER ? n : BA_ERR_GAME;
        return -1;
    }
    return n;
}

/* Plays moves[i] on cur, recording cur's hash in the path; -1 on error. */
static int mc_play(mc_run *r, int i)
{
    const ba_game *g = r->g;
    if (mc_push(r, g->hash(g, r->cur)) < 0) {
        r->error = BA_ERR_NOMEM;
        return -1;
    }
    int rc = g->apply(g, r->cur, &r->moves[i]);
    if (rc != BA_OK) {
        r->error = rc < 0 ? rc : BA_ERR_GAME;
        return -1;
    }
    return 0;
}

/* Status of cur; -1 on a bad value. */
static int mc_status(mc_run *r)
{
    ba_history h = {r->path, r->path_len};
    int st = bac_game_status(r->g, r->cur, &h);
    if (st < 0) {
        r->error = BA_ERR_GAME;
        return -1;
    }
    return st;
}

static int winner_of(int result) { return result == BA_RESULT_DRAW ? -1 : ba_result_winner(result); }

/* Side to move of cur; -1 (and BA_ERR_GAME) when the game answers neither 0 nor 1. */
static int mc_side(mc_run *r)
{
    int side = bac_game_side(r->g, r->cur);
    if (side < 0)
        r->error = BA_ERR_GAME;
    return side < 0 ? -1 : side;
}

/* Side 0's reward for an evaluation of cur; -1 on a bad side to move. */
static double mc_eval_r0(mc_run *r)
{
    const ba_game *g = r->g;
    int side = mc_side(r);
    if (side < 0)
        return -1;
    double v = (double)g->evaluate(g, r->cur) / r->scale;
    double p = 1.0 / (1.0 + exp(-v));
    return side == 0 ? p : 1.0 - p;
}

/* From cur (ongoing), random moves then the evaluation; returns r0 or -1 on stop/error. */
static double mc_playout(mc_run *r)
{
    int limit = r->playout < 0 ? 10000 : r->playout;
    for (int k = 0; k < limit; k++) {
        int n = mc_generate(r);
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        if (mc_play(r, (int)(mc_rand(r) % (uint64_t)n)) < 0 || bac_count_node(r->s))
            return -1;
        int st = mc_status(r);
        if (st < 0)
            return -1;
        if (st != BA_RESULT_ONGOING)
            return r0_of_winner(winner_of(st));
    }
    return mc_eval_r0(r);
}

/* Tries to prove node x from its children (solver). 1 when x became proven. */
static int mc_try_solve(bac_mcts *t, uint32_t x, int stm)
{
    mc_node *p = &t->nodes[x];
    if (p->solved || !p->expanded || p->nchild == 0)
        return 0;
    int all = 1, best_rank = -1, dist = 0;
    for (uint32_t i = 0; i < p->nchild; i++) {
        const mc_node *c = &t->nodes[p->child + i];
        if (!c->solved) {
            all = 0;
            continue;
        }
        int rank = c->winner == stm ? 2 : c->winner < 0 ? 1 : 0;
        if (rank == 2) { /* a win: the fastest one */
            if (best_rank < 2 || c->dist + 1 < dist)
                dist = c->dist + 1;
            best_rank = 2;
        } else if (rank > best_rank) {
            best_rank = rank;
            dist = c->dist + 1;
        } else if (rank == best_rank && rank == 0 && c->dist + 1 > dist) {
            dist = c->dist + 1; /* a loss: the slowest one */
        }
    }
    if (best_rank < 2 && !all)
        return 0;
    p->solved = 1;
    p->winner = (int8_t)(best_rank == 2 ? stm : best_rank == 1 ? -1 : 1 - stm);
    p->dist = (int16_t)(dist > 30000 ? 30000 : dist);
    return 1;
}

/* UCT choice among x's children; -1 when none may be chosen. */
static int mc_select(mc_run *r, uint32_t x, int stm)
{
    const mc_node *p = &r->t->nodes[x];
    double logn = log((double)(p->visits ? p->visits : 1));
    double best = -1.0;
    int bi = -1;
    for (uint32_t i = 0; i < p->nchild; i++) {
        const mc_node *c = &r->t->nodes[p->child + i];
        if (r->solver && c->solved && c->winner == 1 - stm)
            continue; /* proven lost for the chooser */
        if (c->visits == 0)
            return (int)i; /* unvisited first, in block order (the game's ordering) */
        double q = c->reward / c->visits;
        double u = q + r->c * sqrt(logn / c->visits);
        if (u > best) {
            best = u;
            bi = (int)i;
        }
    }
    return bi;
}

/* Makes x's children from the moves in r->moves (n of them), ordered by the game's key (stable),
 * so that the moves the game rates first are tried first. */
static int mc_expand(mc_run *r, uint32_t x, int n, int stm)
{
    bac_mcts *t = r->t;
    uint32_t at = mc_alloc(t, (uint32_t)n);
    if (at == MC_NONE)
        return 0; /* memory cap: stays a leaf */
    const ba_game *g = r->g;
    for (int i = 0; i < n; i++) {
        r->order[i].idx = i;
        r->order[i].key = BA_GAME_HAS(g, order_key) ? g->order_key(g, r->cur, &r->moves[i]) : 0;
    }
    bac_order_sort(r->order, n);
    mc_node *p = &t->nodes[x];
    p->child = at;
    p->nchild = (uint32_t)n;
    p->expanded = 1;
    for (int i = 0; i < n; i++) {
        mc_node *c = &t->nodes[at + (uint32_t)i];
        c->move = (uint32_t)r->order[i].idx;
        c->mover = (uint8_t)stm;
    }
    return 1;
}

static int mc_stack_push(mc_run *r, size_t depth, uint32_t x)
{
    if (depth >= r->stack_cap) {
        size_t cap = r->stack_cap * 2 + 64;
        uint32_t *p = realloc(r->stack, cap * sizeof *p);
        if (!p)
            return -1;
        r->stack = p;
        r->stack_cap = cap;
    }
    r->stack[depth] = x;
    return 0;
}

/* One iteration: descent, expansion, playout, back-up. -1 on stop or error. */
static int mc_iterate(mc_run *r, size_t hist_len)
{
    bac_mcts *t = r->t;
    const ba_game *g = r->g;
    memcpy(r->cur, r->s->f[0].state, g->state_size);
    r->path_len = hist_len;
    size_t depth = 0;
    uint32_t x = 0;
    if (mc_stack_push(r, 0, 0) < 0)
        return r->error = BA_ERR_NOMEM, -1;
    double r0;
    for (;;) {
        mc_node *nd = &t->nodes[x];
        if (nd->solved) {
            r0 = r0_of_winner(nd->winner);
            break;
        }
        int stm = mc_side(r);
        if (stm < 0)
            return -1;
        if (!nd->expanded) {
            /* A leaf: is the game over here, else expand it and play out from it. */
            if (depth > 0) {
                int st = mc_status(r);
                if (st < 0)
                    return -1;
                if (st != BA_RESULT_ONGOING) {
                    nd->solved = 1;
                    nd->winner = (int8_t)winner_of(st);
                    nd->dist = 0;
                    r0 = r0_of_winner(nd->winner);
                    break;
                }
            }
            int n = mc_generate(r);
            if (n < 0)
                return -1;
            if (n > 0)
                mc_expand(r, x, n, stm);
            r0 = n > 0 ? mc_playout(r) : mc_eval_r0(r);
            if (r0 < 0)
                return -1;
            break;
        }
        int i = mc_select(r, x, stm);
        if (i < 0) { /* every child proven lost: prove it now */
            mc_try_solve(t, x, stm);
            r0 = r0_of_winner(t->nodes[x].winner);
            break;
        }
        uint32_t cx = t->nodes[x].child + (uint32_t)i;
        int n = mc_generate(r);
        if (n < 0)
            return -1;
        if ((uint32_t)n <= t->nodes[cx].move) {
            r->error = BA_ERR_GAME; /* the game did not generate deterministically */
            return -1;
        }
        if (mc_play(r, (int)t->nodes[cx].move) < 0 || bac_count_node(r->s))
            return -1;
        x = cx;
        if (mc_stack_push(r, ++depth, x) < 0)
            return r->error = BA_ERR_NOMEM, -1;
    }
    /* Back-up: rewards along the path; proofs upwards while they hold. */
    int proving = r->solver && t->nodes[x].solved;
    for (size_t k = depth + 1; k-- > 0;) {
        mc_node *nd = &t->nodes[r->stack[k]];
        nd->visits++;
        nd->reward += nd->mover == 0 ? r0 : 1.0 - r0;
        if (proving && k < depth) {
            /* The side to move at a node is the mover of its children. */
            const mc_node *c0 = &t->nodes[nd->child];
            proving = mc_try_solve(t, r->stack[k], c0->mover);
        }
    }
    r->iterations++;
    return 0;
}

/* The child to play at node x (side stm): a proven win (fastest), else the most visited child
 * not proven lost; -1 when x has no children. */
static int mc_best_child(const bac_mcts *t, uint32_t x, int stm)
{
    const mc_node *p = &t->nodes[x];
    int bi = -1;
    for (uint32_t i = 0; i < p->nchild; i++) {
        const mc_node *c = &t->nodes[p->child + i];
        if (c->solved && c->winner == stm) {
            if (bi < 0 || !t->nodes[p->child + bi].solved || t->nodes[p->child + bi].winner != stm ||
                c->dist < t->nodes[p->child + bi].dist)
                bi = (int)i;
        }
    }
    if (bi >= 0)
        return bi;
    int lost_only = 1;
    for (uint32_t i = 0; i < p->nchild; i++) {
        const mc_node *c = &t->nodes[p->child + i];
        int lost = c->solved && c->winner == 1 - stm;
        if (!lost)
            lost_only = 0;
    }
    for (uint32_t i = 0; i < p->nchild; i++) {
        const mc_node *c = &t->nodes[p->child + i];
        int lost = c->solved && c->winner == 1 - stm;
        if (lost && !lost_only)
            continue;
        if (bi < 0) {
            bi = (int)i;
            continue;
        }
        const mc_node *b = &t->nodes[p->child + bi];
        if (lost_only ? c->dist > b->dist
                      : c->visits > b->visits ||
                            (c->visits == b->visits && c->visits &&
                             c->reward / c->visits > b->reward / b->visits))
            bi = (int)i;
    }
    return bi;
}

/* Score of a child for the side that chose it. */
static int mc_score(const mc_node *c, double scale)
{
    if (c->solved) {
        if (c->winner < 0)
            return BA_SCORE_DRAW;
        int v = BA_SCORE_WIN - 1 - c->dist;
        return c->winner == c->mover ? v : -v;
    }
    if (!c->visits)
        return 0;
    double q = c->reward / c->visits;
    if (q < 1e-9)
        q = 1e-9;
    if (q > 1 - 1e-9)
        q = 1 - 1e-9;
    double v = scale * log(q / (1 - q));
    if (v > BA_SCORE_EVAL_MAX)
        v = BA_SCORE_EVAL_MAX;
    if (v < -BA_SCORE_EVAL_MAX)
        v = -BA_SCORE_EVAL_MAX;
    return (int)lround(v);
}

/* The principal variation: best children from the root, replayed to get the moves. */
static void mc_pv(mc_run *r, ba_search_result *res, int *score)
{
    const ba_game *g = r->g;
    bac_mcts *t = r->t;
    memcpy(r->cur, r->s->f[0].state, g->state_size);
    r->path_len = r->s->hist_len;
    uint32_t x = 0;
    int len = 0;
    while (len < BA_MAX_PV && t->nodes[x].expanded && t->nodes[x].nchild) {
        int stm = mc_side(r);
        if (stm < 0)
            break;
        int i = mc_best_child(t, x, stm);
        if (i < 0)
            break;
        uint32_t cx = t->nodes[x].child + (uint32_t)i;
        if (len > 0 && t->nodes[cx].visits == 0)
            break;
        int n = mc_generate(r);
        if (n <= 0 || t->nodes[cx].move >= (uint32_t)n)
            break;
        res->pv[len] = r->moves[t->nodes[cx].move];
        if (len == 0)
            *score = mc_score(&t->nodes[cx], r->scale);
        len++;
        if (mc_play(r, (int)t->nodes[cx].move) < 0)
            break;
        x = cx;
    }
    if (len > 0) {
        res->pv_len = len;
        res->best = res->pv[0];
    }
    r->error = 0; /* a failed PV walk only shortens the PV */
}

static uint64_t settings_signature(const bac_search *s)
{
    const int64_t *o = s->eng->opt;
    uint64_t h = 0x6d637473ull;
    const int keys[] = {BA_OPT_MCTS_PLAYOUT, BA_OPT_MCTS_SOLVER, BA_OPT_MCTS_EVAL_SCALE,
                        BA_OPT_MCTS_C, BA_OPT_THREADS};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        h = bac_mix64(h ^ (uint64_t)o[keys[i]]);
    return h;
}

/* Copies the subtree of node x of src into a fresh tree dst (root at 0). */
static int mc_copy_subtree(const bac_mcts *src, uint32_t x, bac_mcts *dst)
{
    if (mc_alloc(dst, 1) == MC_NONE)
        return -1;
    dst->nodes[0] = src->nodes[x];
    dst->nodes[0].child = 0;
    /* Breadth-first: queue = dst nodes whose children still have to be copied, with their
     * source index kept in .child meanwhile. */
    uint32_t *srcidx = malloc(sizeof *srcidx * (size_t)src->used);
    if (!srcidx)
        return -1;
    srcidx[0] = x;
    for (uint32_t q = 0; q < dst->used; q++) {
        const mc_node *sn = &src->nodes[srcidx[q]];
        if (!sn->expanded || !sn->nchild) {
            dst->nodes[q].expanded = 0;
            dst->nodes[q].nchild = 0;
            continue;
        }
        uint32_t at = mc_alloc(dst, sn->nchild);
        if (at == MC_NONE) { /* cannot happen (the subtree is smaller), but stay safe: a leaf */
            dst->nodes[q].expanded = 0;
            dst->nodes[q].nchild = 0;
            continue;
        }
        for (uint32_t i = 0; i < sn->nchild; i++) {
            dst->nodes[at + i] = src->nodes[sn->child + i];
            srcidx[at + i] = sn->child + i;
        }
        dst->nodes[q].child = at;
        dst->nodes[q].nchild = sn->nchild;
    }
    free(srcidx);
    return 0;
}

/* Tree reuse: when the new root follows the kept tree's root (the history extends the kept one
 * by the moves played since), the subtree of the new root becomes the tree. */
static bac_mcts *mc_reuse(bac_search *s, bac_mcts *old, uint64_t sig, uint32_t max_nodes)
{
    const ba_game *g = s->g;
    const size_t h0 = old->hist_count, h1 = s->hist_len;
    if (old->signature != sig || h1 <= h0 || !old->root_state || old->used == 0)
        return NULL;
    if (h0 && memcmp(old->hist, s->path, h0 * sizeof *s->path) != 0)
        return NULL;
    mc_run r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.g = g;
    r.t = old;
    r.cur = malloc(g->state_size);
    r.moves = s->f[0].moves; /* the root's moves are not needed any more until the search */
    bac_mcts *fresh = NULL;
    uint32_t x = 0;
    int ok = r.cur != NULL;
    if (ok) {
        memcpy(r.cur, old->root_state, g->state_size);
        ok = g->hash(g, r.cur) == s->path[h0];
    }
    for (size_t k = h0 + 1; ok && k <= h1; k++) {
        /* Find the child of x leading to the position with hash path[k] (the new root last). */
        uint64_t want = k < h1 ? s->path[k] : s->f[0].hash;
        r.path = s->path;
        r.path_len = k - 1;
        r.path_cap = k - 1;
        const mc_node *p = &old->nodes[x];
        int n = p->expanded ? mc_generate(&r) : -1;
        ok = 0;
        for (uint32_t i = 0; n > 0 && i < p->nchild; i++) {
            uint32_t m = old->nodes[p->child + i].move;
            if (m >= (uint32_t)n)
                break;
            unsigned char *tmp = s->f[1].state; /* a scratch state */
            memcpy(tmp, r.cur, g->state_size);
            if (g->apply(g, tmp, &r.moves[m]) == BA_OK && g->hash(g, tmp) == want) {
                memcpy(r.cur, tmp, g->state_size);
                x = p->child + i;
                ok = 1;
                break;
            }
        }
    }
    if (ok && memcmp(r.cur, s->f[0].state, g->state_size) == 0) {
        fresh = calloc(1, sizeof *fresh);
        if (fresh) {
            fresh->max_nodes = max_nodes;
            if (mc_copy_subtree(old, x, fresh) < 0) {
                bac_mcts_free(fresh);
                fresh = NULL;
            }
        }
    }
    free(r.cur);
    return fresh;
}

/* Runs iterations on r until a limit, a stop or a proven root. */
static void mc_loop(mc_run *r)
{
    bac_search *s = r->s;
    uint64_t next_report = 64;
    while (!s->abort) {
        if (r->iter_limit && r->iterations >= r->iter_limit)
            break;
        if (r->t->nodes[0].solved)
            break;
        if (mc_iterate(r, s->hist_len) < 0) {
            if (r->error)
                bac_search_fail(s, r->error);
            s->abort = 1;
            break;
        }
        if (!s->helper && s->eng->progress && r->iterations == next_report) {
            next_report *= 2;
            ba_search_result tmp;
            memset(&tmp, 0, sizeof tmp);
            int score = 0;
            mc_pv(r, &tmp, &score);
            ba_progress p;
            p.depth = tmp.pv_len;
            p.score = score;
            p.nodes = s->nodes;
            p.time_ms = (bac_now_ns() - s->start_ns) / 1000000u;
            p.nps = s->nodes * 1000u / (p.time_ms ? p.time_ms : 1);
            p.pv = tmp.pv;
            p.pv_len = tmp.pv_len;
            s->eng->progress(s->eng->progress_user, &p);
        }
    }
}

static int mc_run_init(mc_run *r, bac_search *s, bac_mcts *t, int index)
{
    const int64_t *o = s->eng->opt;
    memset(r, 0, sizeof *r);
    r->s = s;
    r->t = t;
    r->g = s->g;
    r->rng = bac_mix64((uint64_t)o[BA_OPT_SEED] ^ bac_mix64(0x6d63ull + (uint64_t)index));
    r->c = (double)o[BA_OPT_MCTS_C] / 1000.0;
    r->scale = (double)o[BA_OPT_MCTS_EVAL_SCALE];
    r->playout = (int)o[BA_OPT_MCTS_PLAYOUT];
    r->solver = (int)o[BA_OPT_MCTS_SOLVER];
    r->iter_limit = (uint64_t)o[BA_OPT_MCTS_ITERATIONS];
    r->cur = malloc(s->g->state_size);
    r->moves = malloc(s->g->max_moves * sizeof *r->moves);
    r->order = malloc(s->g->max_moves * sizeof *r->order);
    r->path_cap = s->hist_len + 256;
    r->path = malloc(r->path_cap * sizeof *r->path);
    if (!r->cur || !r->moves || !r->order || !r->path)
        return BA_ERR_NOMEM;
    if (s->hist_len)
        memcpy(r->path, s->path, s->hist_len * sizeof *r->path);
    if (t->used == 0 && mc_alloc(t, 1) == MC_NONE)
        return BA_ERR_NOMEM;
    return BA_OK;
}

static void mc_run_free(mc_run *r)
{
    free(r->cur);
    free(r->moves);
    free(r->order);
    free(r->path);
    free(r->stack);
}

/* A root-parallel helper: its own context, tree and random stream. */
typedef struct mc_helper {
    bac_search s;
    bac_mcts tree;
    mc_run run;
    pthread_t thread;
    int started;
} mc_helper;

static void *mc_helper_main(void *p)
{
    mc_helper *h = p;
    mc_loop(&h->run);
    return NULL;
}

int bac_mcts_run(bac_search *s, int n, ba_search_result *res)
{
    (void)n;
    ba_engine *e = s->eng;
    const int64_t *o = e->opt;
    int threads = o[BA_OPT_DETERMINISTIC] ? 1 : (int)o[BA_OPT_THREADS];
    uint64_t bytes = (uint64_t)o[BA_OPT_MCTS_MEMORY_MB] << 20;
    uint64_t per = bytes / (uint64_t)threads / sizeof(mc_node);
    uint32_t max_nodes = per > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)per;
    if (max_nodes < 1)
        max_nodes = 1;
    uint64_t sig = settings_signature(s);

    bac_mcts *t = NULL;
    if (e->mcts && o[BA_OPT_MCTS_REUSE])
        t = mc_reuse(s, e->mcts, sig, max_nodes);
    bac_mcts_free(e->mcts);
    e->mcts = NULL;
    if (!t)
        t = calloc(1, sizeof *t);
    if (!t)
        return BA_ERR_NOMEM;
    t->max_nodes = max_nodes;
    t->signature = sig;

    mc_run r;
    int rc = mc_run_init(&r, s, t, 0);
    bac_shared shared;
    atomic_init(&shared.done, 0);
    atomic_init(&shared.nodes, 0);
    mc_helper *hs = NULL;
    if (rc == BA_OK && threads > 1) {
        s->shared = &shared;
        hs = calloc((size_t)threads - 1, sizeof *hs);
        for (int i = 1; hs && i < threads; i++) {
            mc_helper *h = &hs[i - 1];
            h->s = *s;
            h->s.helper = i;
            h->s.nodes = h->s.flushed = 0;
            h->tree.max_nodes = max_nodes;
            if (mc_run_init(&h->run, &h->s, &h->tree, i) == BA_OK)
                h->started = pthread_create(&h->thread, NULL, mc_helper_main, h) == 0;
        }
    }
    if (rc == BA_OK)
        mc_loop(&r);
    if (hs) {
        atomic_store(&shared.done, 1);
        for (int i = 1; i < threads; i++) {
            mc_helper *h = &hs[i - 1];
            if (h->started) {
                pthread_join(h->thread, NULL);
                s->nodes += h->s.nodes;
                r.iterations += h->run.iterations;
                /* Root parallelism: sum the roots' statistics into the main tree's root children
                 * (same block order: both trees expand the root from the same generated list).
                 * Proofs are exact, so a helper's proven child is taken as proven. */
                mc_node *a = &t->nodes[0], *b = &h->tree.nodes[0];
                if (h->tree.used && b->expanded && a->expanded && a->nchild == b->nchild) {
                    for (uint32_t k = 0; k < a->nchild; k++) {
                        mc_node *ca = &t->nodes[a->child + k];
                        const mc_node *cb = &h->tree.nodes[b->child + k];
                        if (ca->move != cb->move)
                            continue;
                        ca->visits += cb->visits;
                        ca->reward += cb->reward;
                        if (cb->solved && !ca->solved) {
                            ca->solved = 1;
                            ca->winner = cb->winner;
                            ca->dist = cb->dist;
                        }
                    }
                }
            }
            mc_run_free(&h->run);
            free(h->tree.nodes);
        }
        free(hs);
        s->shared = NULL;
    }
    if (rc == BA_OK && !s->error) {
        int score = res->score;
        mc_pv(&r, res, &score);
        res->score = score;
        res->depth = res->pv_len;
        if (e->progress) {
            ba_progress p;
            p.depth = res->depth;
            p.score = res->score;
            p.nodes = s->nodes;
            p.time_ms = (bac_now_ns() - s->start_ns) / 1000000u;
            p.nps = s->nodes * 1000u / (p.time_ms ? p.time_ms : 1);
            p.pv = res->pv;
            p.pv_len = res->pv_len;
            e->progress(e->progress_user, &p);
        }
    }
    if (rc == BA_OK)
        rc = s->error;
    /* Keep the tree (and what its root is) for the next search. */
    if (rc == BA_OK) {
        t->root_state = malloc(s->g->state_size);
        t->hist = malloc((s->hist_len + 1) * sizeof *t->hist);
        if (t->root_state && t->hist) {
            memcpy(t->root_state, s->f[0].state, s->g->state_size);
            if (s->hist_len)
                memcpy(t->hist, s->path, s->hist_len * sizeof *t->hist);
            t->hist[s->hist_len] = s->f[0].hash;
            t->hist_count = s->hist_len;
            e->mcts = t;
            t = NULL;
        }
    }
    bac_mcts_free(t);
    mc_run_free(&r);
    return rc;
}

size_t bac_mcts_tree_bytes(const ba_engine *e)
{
    return e && e->mcts ? (size_t)e->mcts->cap * sizeof(mc_node) : 0;
}

size_t bac_mcts_tree_nodes(const ba_engine *e) { return e && e->mcts ? e->mcts->used : 0; }
