/* Killer, history and counter-move tables, the one-pass scoring of a node's moves, and the sorts
 * (whole, or lazy: the best remaining move by selection) that turn keys into a search order. */
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

/* ba_move_equal() without the call: a move is 64 plain bytes (no padding), read as eight words.
 * The first word (len, tag and the first six bytes) settles almost every mismatch, so the
 * scoring loop compares it alone and the rest only when it matches. */
_Static_assert(sizeof(ba_move) == 64, "ba_move is 64 bytes: len, tag and 62 payload bytes");
static inline uint64_t move_word(const ba_move *m, int i)
{
    uint64_t w;
    memcpy(&w, (const unsigned char *)m + 8 * i, sizeof w);
    return w;
}

static inline int same_tail(const ba_move *a, const ba_move *b)
{
    uint64_t d = 0;
    for (int i = 1; i < 8; i++)
        d |= move_word(a, i) ^ move_word(b, i);
    return d == 0;
}

/* What a node's keys share, looked up once per node: the game's hook, the ply's killers (with
 * their first words), and the side's history. */
typedef struct node_keys {
    int (*game_key)(const ba_game *, const void *, const ba_move *);
    const ba_move *k0, *k1; /* NULL beyond the killer table */
    uint64_t w0, w1;
    const int32_t *hist;
} node_keys;

static node_keys node_keys_at(const bac_order *o, const ba_game *g, int ply, int stm)
{
    node_keys c;
    c.game_key = BA_GAME_HAS(g, order_key) ? g->order_key : NULL;
    c.k0 = ply < o->plies ? &o->killers[ply][0] : NULL;
    c.k1 = ply < o->plies ? &o->killers[ply][1] : NULL;
    c.w0 = c.k0 ? move_word(c.k0, 0) : 0;
    c.w1 = c.k1 ? move_word(c.k1, 0) : 0;
    c.hist = o->history[stm & 1];
    return c;
}

/* The killers' and the history's part of a move's key; w is the move's first word. */
static inline int64_t heuristics_key(const node_keys *c, const ba_move *m, uint64_t w)
{
    int64_t key = 0;
    if (c->k0) {
        if (w == c->w0 && same_tail(c->k0, m))
            key += (int64_t)3 << 28;
        else if (w == c->w1 && same_tail(c->k1, m))
            key += (int64_t)2 << 28;
    }
    return key + c->hist[move_slot(m)];
}

int64_t bac_order_key(const bac_order *o, const ba_game *g, const void *state, const ba_move *m,
                      int ply, int stm, int use_heuristics)
{
    int64_t key = BA_GAME_HAS(g, order_key) ? (int64_t)g->order_key(g, state, m) * ((int64_t)1 << 32) : 0;
    if (!use_heuristics)
        return key;
    node_keys c = node_keys_at(o, g, ply, stm);
    return key + heuristics_key(&c, m, move_word(m, 0));
}

void bac_order_score(const bac_order *o, const ba_game *g, const void *state, const ba_move *moves,
                     int n, bac_scored *a, int ply, int stm, int first, const ba_move *counter)
{
    /* The same sum as bac_order_key(..., 1) for every move, plus the counter-move's bonus. */
    const node_keys c = node_keys_at(o, g, ply, stm);
    const uint64_t wc = counter ? move_word(counter, 0) : 0;
    for (int i = 0; i < n; i++) {
        a[i].idx = i;
        a[i].game_key = 0;
        if (i == first) {
            a[i].key = INT64_MAX;
            continue;
        }
        const ba_move *m = &moves[i];
        a[i].game_key = c.game_key ? c.game_key(g, state, m) : 0;
        const uint64_t w = move_word(m, 0);
        int64_t key = (int64_t)a[i].game_key * ((int64_t)1 << 32) + heuristics_key(&c, m, w);
        if (counter && w == wc && same_tail(counter, m))
            key += (int64_t)1 << 28; /* below the killers, above the history */
        a[i].key = key;
    }
    if (first > 0) {
        bac_scored t = a[0];
        a[0] = a[first];
        a[first] = t;
    }
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

/* a goes before b: the larger key, on equal keys the smaller idx (generation order). No two
 * entries are equal (idx differs), so every correct sort gives the one same order. */
static inline int before(const bac_scored *a, const bac_scored *b)
{
    return a->key > b->key || (a->key == b->key && a->idx < b->idx);
}

static void insertion_sort(bac_scored *a, int n)
{
    for (int i = 1; i < n; i++) {
        bac_scored x = a[i];
        int j = i;
        while (j > 0 && before(&x, &a[j - 1])) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

void bac_order_sort(bac_scored *a, int n)
{
    if (n < 16) { /* insertion sort: the usual short lists */
        insertion_sort(a, n);
        return;
    }
    if (n <= 256) {
        /* Shell sort (Ciura's gaps): no call per comparison and no scratch buffer, where qsort()
         * (a merge sort in glibc) spent more in its calls and copies than in comparing. */
        static const int gaps[] = {132, 57, 23, 10, 4};
        for (size_t gi = 0; gi < sizeof gaps / sizeof gaps[0]; gi++) {
            int gap = gaps[gi];
            for (int i = gap; i < n; i++) {
                bac_scored x = a[i];
                int j = i;
                while (j >= gap && before(&x, &a[j - gap])) {
                    a[j] = a[j - gap];
                    j -= gap;
                }
                a[j] = x;
            }
        }
        insertion_sort(a, n); /* the gap-1 pass */
        return;
    }
    qsort(a, (size_t)n, sizeof *a, scored_cmp);
}

int bac_order_next(bac_scored *a, int n, int k)
{
    if (k >= BAC_PICK_LAZY) {
        if (k == BAC_PICK_LAZY)
            bac_order_sort(a + k, n - k); /* the rest at once: most nodes that get here search
                                             many moves */
        return a[k].idx;
    }
    int b = k;
    for (int i = k + 1; i < n; i++)
        if (before(&a[i], &a[b]))
            b = i;
    bac_scored t = a[k];
    a[k] = a[b];
    a[b] = t;
    return a[k].idx;
}
