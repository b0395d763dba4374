/* Evaluation cache: the static values a search thread has computed, by the game's position hash.
 *
 * Why: the same position is evaluated again and again in one search (iterative deepening, the
 * leaves of transposed move orders, which the table never sees because leaves are not stored,
 * the quiescence stand-pat), and in some games (Camelot) the evaluation is the dearest part of a
 * node. The cache returns the value the game's evaluate() returned for the same 64-bit hash in
 * the same search; the search's values and tree are therefore unchanged, as with the
 * transposition table's static values (the game's hash covers what its evaluate reads).
 *
 * One cache per search thread (kept in the engine's worker, never shared, so no atomics), direct
 * mapped, the full hash kept and compared. Entries are tagged with the search they were written
 * in: a new search starts empty without clearing memory, so a search's result never depends on
 * what an earlier one cached (deterministic mode), whatever the hash collisions. */
#ifndef BA_LIB_EVALCACHE_H
#define BA_LIB_EVALCACHE_H
#include <stddef.h>
#include <stdint.h>

#include "kit/mix.h" /* by its path from here: the tests that read search.h lack kit/ */

/* log2 of the entries: 2^15 entries of 16 bytes, 512 KiB a thread (fits a typical L2 cache
 * with room to spare; the search's leaves of one iteration mostly repeat among near plies). */
#define BAC_EVC_BITS 15

typedef struct bac_evc_slot {
    uint64_t key;   /* the game's hash of the position */
    int32_t value;  /* evaluate()'s value, before the search's noise and clamp */
    uint32_t stamp; /* the search it was written in; 0 = never written */
} bac_evc_slot;

typedef struct bac_evc {
    bac_evc_slot *slots; /* 1 << BAC_EVC_BITS entries, or NULL (no cache: memory ran out) */
    uint32_t stamp;      /* the current search's stamp, never 0 */
} bac_evc;

/* Starts a search: allocates the slots on first use (0, or BA_ERR_NOMEM, when the search then
 * runs without a cache) and makes every entry of earlier searches stale. */
int bac_evc_new_search(bac_evc *c);
void bac_evc_free(bac_evc *c);

/* 1 and the cached value in *value when key was stored in this search, else 0. */
static inline int bac_evc_get(const bac_evc *c, uint64_t key, int *value)
{
    if (!c->slots)
        return 0;
    const bac_evc_slot *e = &c->slots[bac_mix64(key) & (((uint64_t)1 << BAC_EVC_BITS) - 1)];
    if (e->key != key || e->stamp != c->stamp)
        return 0;
    *value = e->value;
    return 1;
}

/* Keeps key's value (replacing whatever shared its slot). */
static inline void bac_evc_put(bac_evc *c, uint64_t key, int value)
{
    if (!c->slots)
        return;
    bac_evc_slot *e = &c->slots[bac_mix64(key) & (((uint64_t)1 << BAC_EVC_BITS) - 1)];
    e->key = key;
    e->value = (int32_t)value;
    e->stamp = c->stamp;
}
#endif
