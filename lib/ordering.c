/* Killer and history tables, and the sort that turns keys into a search order. */
#include <stdlib.h>
#include <string.h>

#include "ordering.h"

#define BAC_HISTORY_MAX (1 << 24)

int bac_order_reserve(bac_order *o, int plies)
{
    if (plies <= o->plies)
        return BA_OK;
    ba_move(*k)[2] = realloc(o->killers, (size_t)plies * sizeof *k);
    if (!k)
        return BA_ERR_NOMEM;
    memset(k + o->plies, 0, (size_t)(plies - o->plies) * sizeof *k);
    o->killers = k;
    o->plies = plies;
    return BA_OK;
}

void bac_order_free(bac_order *o)
{
    free(o->killers);
    o->killers = NULL;
    o->plies = 0;
}

void bac_order_clear(bac_order *o)
{
    if (o->killers)
        memset(o->killers, 0, (size_t)o->plies * sizeof *o->killers);
    memset(o->history, 0, sizeof o->history);
    memset(o->counter, 0, sizeof o->counter);
}

static unsigned move_slot(const ba_move *m)
{
    uint64_t h = 1469598103934665603ull ^ m->tag;
    h = (h ^ m->len) * 1099511628211ull;
    for (int i = 0; i < m->len && i < BA_MOVE_MAX_BYTES; i++)
        h = (h ^ m->bytes[i]) * 1099511628211ull;
    return (unsigned)((h ^ (h >> 29)) & (BAC_HISTORY_SIZE - 1));
}

int64_t bac_order_key(const bac_order *o, const ba_game *g, const void *state, const ba_move *m,
                      int ply, int stm, int use_heuristics)
{
    int64_t key = BA_GAME_HAS(g, order_key) ? (int64_t)g->order_key(g, state, m) * ((int64_t)1 << 32) : 0;
    if (!use_heuristics)
        return key;
    if (ply < o->plies) {
        if (ba_move_equal(&o->killers[ply][0], m))
            key += (int64_t)3 << 28;
        else if (ba_move_equal(&o->killers[ply][1], m))
            key += (int64_t)2 << 28;
    }
    return key + o->history[stm & 1][move_slot(m)];
}

static void add_killer(bac_order *o, const ba_move *m, int ply)
{
    if (ply < o->plies && !ba_move_equal(&o->killers[ply][0], m)) {
        o->killers[ply][1] = o->killers[ply][0];
        o->killers[ply][0] = *m;
    }
}

void bac_order_cutoff(bac_order *o, const ba_move *m, int ply, int stm, int depth)
{
    add_killer(o, m, ply);
    int32_t *h = &o->history[stm & 1][move_slot(m)];
    *h += depth * depth;
    if (*h >= BAC_HISTORY_MAX) /* age the whole table so it keeps adapting */
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < BAC_HISTORY_SIZE; i++)
                o->history[s][i] /= 2;
}

int32_t bac_order_history(const bac_order *o, const ba_move *m, int stm)
{
    return o->history[stm & 1][move_slot(m)];
}

/* h += bonus - h * |bonus| / GRAVITY: h approaches +-GRAVITY and never passes it. */
static void gravity(int32_t *h, int bonus)
{
    int64_t v = *h;
    if (v > BAC_HISTORY_GRAVITY || v < -BAC_HISTORY_GRAVITY) /* left by exact search */
        v = v > 0 ? BAC_HISTORY_GRAVITY : -BAC_HISTORY_GRAVITY;
    int64_t mag = bonus < 0 ? -bonus : bonus;
    v += bonus - v * mag / BAC_HISTORY_GRAVITY;
    *h = (int32_t)v;
}

void bac_order_reward(bac_order *o, const ba_move *m, const ba_move *const *tried, int ntried, int ply,
                      int stm, int depth)
{
    add_killer(o, m, ply);
    int bonus = depth > 7 ? 1400 : 200 * depth; /* a deeper cut-off says more */
    gravity(&o->history[stm & 1][move_slot(m)], bonus);
    for (int i = 0; i < ntried; i++)
        gravity(&o->history[stm & 1][move_slot(tried[i])], -bonus);
}

const ba_move *bac_order_counter(const bac_order *o, const ba_move *prev, int stm)
{
    if (ba_move_is_none(prev))
        return NULL;
    const ba_move *c = &o->counter[stm & 1][move_slot(prev) & (BAC_COUNTER_SIZE - 1)];
    return ba_move_is_none(c) ? NULL : c;
}

void bac_order_set_counter(bac_order *o, const ba_move *prev, int stm, const ba_move *reply)
{
    if (!ba_move_is_none(prev))
        o->counter[stm & 1][move_slot(prev) & (BAC_COUNTER_SIZE - 1)] = *reply;
}

static int scored_cmp(const void *pa, const void *pb)
{
    const bac_scored *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key > b->key ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

void bac_order_sort(bac_scored *a, int n)
{
    if (n < 16) { /* insertion sort: the usual short lists */
        for (int i = 1; i < n; i++) {
            bac_scored x = a[i];
            int j = i;
            while (j > 0 && scored_cmp(&a[j - 1], &x) > 0) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    qsort(a, (size_t)n, sizeof *a, scored_cmp);
}
