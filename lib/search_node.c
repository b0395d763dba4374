/* The node mechanics every algorithm shares: counting and limits, terminal scoring, move
 * generation into the per-ply frames, copy-make of children, evaluation noise, the PV. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mix.h"
#include "game_checked.h"
#include "search.h"

uint64_t bac_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void bac_search_fail(bac_search *s, int code)
{
    if (!s->abort && code != BA_OK)
        s->error = code;
    s->abort = 1;
}

/* Longest distance an endgame probe may report: far inside the proven-win band. */
#define BAC_PROBE_PLIES_MAX 100000

static int terminal_score(int result, int stm, int ply)
{
    if (result == BA_RESULT_DRAW)
        return BA_SCORE_DRAW;
    int winner = result == BA_RESULT_WIN0 ? 0 : 1;
    return winner == stm ? BA_SCORE_WIN - ply : -(BA_SCORE_WIN - ply);
}

int bac_count_node(bac_search *s)
{
    bac_shared *sh = s->shared;
    if (!sh) {
        /* One thread: the node limit is exact. */
        if (s->node_limit && s->nodes >= s->node_limit) {
            s->abort = 1;
            return 1;
        }
        s->nodes++;
    } else {
        /* Several threads: nodes are added to the shared count every 256, and the limit (on
         * the total of all threads) is checked then; the helpers stop when the main one is done. */
        s->nodes++;
        if ((s->nodes & 255) == 0) {
            uint64_t total = atomic_fetch_add_explicit(&sh->nodes, s->nodes - s->flushed,
                                                       memory_order_relaxed) +
                             (s->nodes - s->flushed);
            s->flushed = s->nodes;
            if (s->node_limit && total >= s->node_limit) {
                s->abort = 1;
                return 1;
            }
        }
        if (s->helper && atomic_load_explicit(&sh->done, memory_order_relaxed)) {
            s->abort = 1;
            return 1;
        }
    }
    if (atomic_load_explicit(&s->eng->stop, memory_order_relaxed)) {
        s->abort = 1;
        return 1;
    }
    if (s->time_limit_ms && s->nodes >= s->next_time_check) {
        /* Read the clock about every millisecond whatever a node costs: every 256 nodes is
         * plenty for Kalah (0.2 us a node) but half a second for an Arimaa node that generates
         * 30,000 turns. The interval doubles while checks come faster than that, halves when
         * slower. */
        uint64_t now = bac_now_ns();
        if (now - s->start_ns >= s->time_limit_ms * 1000000u) {
            s->abort = 1;
            return 1;
        }
        uint64_t gap = now - s->last_time_check_ns;
        if (gap < 500000u && s->time_check_every < 256)
            s->time_check_every *= 2;
        else if (gap > 2000000u) /* nodes got dear at once: scale down at once, not by halves */
            s->time_check_every = (uint32_t)(s->time_check_every * 1000000ull / gap) + 1;
        s->last_time_check_ns = now;
        s->next_time_check = s->nodes + s->time_check_every;
    }
    return 0;
}

uint64_t bac_history_key(const bac_search *s, int ply)
{
    const ba_game *g = s->g;
    size_t c = s->hist_len + (size_t)ply;
    size_t w = c;
    if (BA_GAME_HAS(g, repeat_window)) {
        /* Earlier entries can never be repeated in this subtree: leave them out of the key, so
         * the same position after different distant pasts shares its scores. */
        w = g->repeat_window(g, s->f[ply].state);
        if (w > c)
            w = c;
    }
    return bac_mix64(s->pre[c] - s->pre[c - w]);
}

int bac_enter(bac_search *s, int ply, int *score)
{
    if (bac_count_node(s))
        return BAC_ONGOING;
    const ba_game *g = s->g;
    bac_frame *f = &s->f[ply];
    f->pv_len = 0;
    f->hash = g->hash(g, f->state);
    f->move_key = f->hash ^ s->key_salt;
    f->key = s->history_matters ? f->move_key ^ bac_history_key(s, ply) : f->move_key;
    ba_history h;
    h.hashes = s->path;
    h.count = s->hist_len + (size_t)ply;
    int result = bac_game_status(g, f->state, &h), plies = 0;
    /* Below the root, a position the game knows exactly (an endgame table) is scored like a
     * terminal one, where its best play ends. */
    if (result == BA_RESULT_ONGOING && ply > 0 && BA_GAME_HAS(g, endgame_probe))
        result = g->endgame_probe(g, f->state, &h, &plies);
    if (result == BA_RESULT_ONGOING)
        return BAC_ONGOING;
    if (result < 0 || result > BA_RESULT_DRAW || plies < 0 || plies > BAC_PROBE_PLIES_MAX) {
        bac_search_fail(s, BA_ERR_GAME);
        return BAC_ONGOING;
    }
    *score = terminal_score(result, f->stm, ply + plies);
    return BAC_TERMINAL;
}

int bac_frame_ready(bac_search *s, int ply)
{
    bac_frame *f = &s->f[ply];
    if (f->moves)
        return 0;
    /* The buffers of a ply are made once and kept by the engine for later searches. */
    f->moves = calloc(s->g->max_moves, sizeof *f->moves);
    f->order = calloc(s->g->max_moves, sizeof *f->order);
    if (!f->moves || !f->order) {
        free(f->moves);
        free(f->order);
        f->moves = NULL;
        f->order = NULL;
        bac_search_fail(s, BA_ERR_NOMEM);
        return -1;
    }
    return 0;
}

/* A move list at least this long took as long to make as hundreds of ordinary nodes (an Arimaa
 * turn list holds 20,000 turns), and ordering it takes as long again: the clock is read after
 * it, so that a search of such nodes stops in time (the node count between two reads, adapted
 * to the cheap nodes around, can be hundreds of these). Not at the root, whose list the search
 * needs whatever the time. */
#define BAC_DEAR_LIST 1024

int bac_generate(bac_search *s, int ply, int noisy)
{
    if (bac_frame_ready(s, ply) < 0)
        return -1;
    const ba_game *g = s->g;
    bac_frame *f = &s->f[ply];
    ba_history h;
    h.hashes = s->path;
    h.count = s->hist_len + (size_t)ply;
    int n = noisy ? g->generate_noisy(g, f->state, &h, f->moves, g->max_moves)
                  : g->generate(g, f->state, &h, f->moves, g->max_moves);
    if (n < 0 || (size_t)n > g->max_moves) {
        bac_search_fail(s, n < 0 && n != BA_ERR_BUFFER ? n : BA_ERR_GAME);
        return -1;
    }
    if (n >= BAC_DEAR_LIST && ply > 0 && s->time_limit_ms) {
        /* The clock now, before the list is ordered (which costs as much again), and at the
         * next node whatever the node count says. */
        if (bac_now_ns() - s->start_ns >= s->time_limit_ms * 1000000u) {
            s->abort = 1;
            return -1;
        }
        s->next_time_check = s->nodes;
    }
    return n;
}

int bac_make_child(bac_search *s, int ply, const ba_move *m)
{
    if (ply + 1 >= s->nframes) {
        bac_search_fail(s, BA_ERR_INTERNAL);
        return -1;
    }
    const ba_game *g = s->g;
    bac_frame *f = &s->f[ply], *c = &s->f[ply + 1];
    memcpy(c->state, f->state, g->state_size);
    int rc = g->apply(g, c->state, m);
    if (rc != BA_OK) {
        bac_search_fail(s, rc < 0 ? rc : BA_ERR_GAME);
        return -1;
    }
    c->stm = bac_game_side(g, c->state);
    if (c->stm < 0) {
        bac_search_fail(s, BA_ERR_GAME);
        return -1;
    }
    c->null_move = 0;
    c->no_null = 0;
    c->move = *m;
    size_t at = s->hist_len + (size_t)ply;
    s->path[at] = f->hash;
    if (s->history_matters)
        s->pre[at + 1] = s->pre[at] + bac_mix64(f->hash);
    return 0;
}

int bac_make_null(bac_search *s, int ply)
{
    if (ply + 1 >= s->nframes)
        return -1;
    const ba_game *g = s->g;
    bac_frame *f = &s->f[ply], *c = &s->f[ply + 1];
    memcpy(c->state, f->state, g->state_size);
    if (g->make_null(g, c->state) != BA_OK)
        return -1;
    c->stm = bac_game_side(g, c->state);
    if (c->stm < 0) {
        bac_search_fail(s, BA_ERR_GAME);
        return -1;
    }
    if (c->stm == f->stm)
        return -1; /* a null move must pass the turn, or it proves nothing */
    static const ba_move none = BA_MOVE_NONE;
    c->null_move = 1;
    c->no_null = 0;
    c->move = none;
    size_t at = s->hist_len + (size_t)ply;
    s->path[at] = f->hash;
    if (s->history_matters)
        s->pre[at + 1] = s->pre[at] + bac_mix64(f->hash);
    return 0;
}

int bac_eval(bac_search *s, int ply)
{
    const bac_frame *f = &s->f[ply];
    s->guesses++; /* a heuristic value: this iteration proves nothing through it */
    int v;
    if (!s->evc || !bac_evc_get(s->evc, f->hash, &v)) {
        v = s->g->evaluate(s->g, f->state);
        if (s->evc)
            bac_evc_put(s->evc, f->hash, v);
    }
    if (s->noise > 0) {
        /* A pure function of (position, seed): the same position always gets the same noise, so
         * transposition-table entries stay consistent and the search stays deterministic. */
        uint64_t r = bac_mix64(f->hash ^ bac_mix64(s->seed ^ 0x6e6f697365ull));
        v += (int)(r % (uint64_t)(2 * s->noise + 1)) - s->noise;
    }
    if (v > BA_SCORE_EVAL_MAX)
        v = BA_SCORE_EVAL_MAX;
    if (v < -BA_SCORE_EVAL_MAX)
        v = -BA_SCORE_EVAL_MAX;
    return v;
}

void bac_pv_update(bac_search *s, int ply, const ba_move *m)
{
    bac_frame *f = &s->f[ply];
    f->pv[0] = *m;
    int n = 1;
    if (ply + 1 < s->nframes) {
        const bac_frame *c = &s->f[ply + 1];
        for (int i = 0; i < c->pv_len && n < BA_MAX_PV; i++)
            f->pv[n++] = c->pv[i];
    }
    f->pv_len = n;
}

int bac_extend_tactical(bac_search *s, int ply, int depth, int *tactical)
{
    *tactical = 0;
    if (!BA_GAME_HAS(s->g, extension))
        return depth;
    int e = s->g->extension(s->g, s->f[ply].state);
    *tactical = e > 0;
    if (e < 0)
        return depth + e; /* a move that costs more than a ply (Arimaa's push: two steps) */
    int room = 2 * s->iter_depth - ply - depth; /* a check chain ends at twice the depth */
    if (e > room)
        e = room;
    return e > 0 ? depth + e : depth;
}

int bac_extend(bac_search *s, int ply, int depth)
{
    int tactical;
    return bac_extend_tactical(s, ply, depth, &tactical);
}

int bac_tactical(bac_search *s, int ply)
{
    return BA_GAME_HAS(s->g, extension) && s->g->extension(s->g, s->f[ply].state) > 0;
}

int bac_forced(bac_search *s, int ply)
{
    return s->selective && BA_GAME_HAS(s->g, noisy_only) && s->g->noisy_only(s->g, s->f[ply].state);
}
