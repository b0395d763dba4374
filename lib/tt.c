/* Transposition table storage and replacement (lock-free, see tt.h). */
#include <stdlib.h>
#include <string.h>

#include "boardai/game.h"
#include "mix.h"
#include "tt.h"

#define BAC_TT_WAYS 4
#define BAC_TT_ALIGN 64

void bac_tt_free(bac_tt *tt)
{
    free(tt->raw);
    tt->raw = NULL;
    tt->slots = NULL;
    tt->mask = 0;
}

int bac_tt_resize(bac_tt *tt, int64_t mb)
{
    if (mb < 0)
        return BA_ERR_RANGE;
    if (mb == 0) {
        bac_tt_free(tt);
        return BA_OK;
    }
    if ((uint64_t)mb > SIZE_MAX / ((size_t)1 << 20))
        return BA_ERR_NOMEM;
    size_t bytes = (size_t)mb << 20;
    size_t bucket = BAC_TT_WAYS * sizeof(bac_tt_slot);
    size_t buckets = 1;
    while (buckets * 2 * bucket <= bytes)
        buckets *= 2;
    /* Aligned to a cache line, so that a bucket (4 slots of 24 bytes) spans two lines, never
     * three (calloc's 16-byte alignment let every other bucket straddle a third): calloc (whose
     * fresh pages cost nothing until used) with a line to spare. All-zero words are a valid
     * empty slot (flag NONE). */
    size_t size = buckets * bucket;
    if (size > SIZE_MAX - BAC_TT_ALIGN)
        return BA_ERR_NOMEM;
    unsigned char *raw = calloc(1, size + BAC_TT_ALIGN);
    if (!raw)
        return BA_ERR_NOMEM;
    uintptr_t at = ((uintptr_t)raw + BAC_TT_ALIGN - 1) & ~(uintptr_t)(BAC_TT_ALIGN - 1);
    bac_tt_slot *e = (bac_tt_slot *)(void *)(raw + (at - (uintptr_t)raw));
    free(tt->raw);
    tt->raw = raw;
    tt->slots = e;
    tt->mask = buckets - 1;
    tt->gen = 0;
    return BA_OK;
}

void bac_tt_clear(bac_tt *tt)
{
    /* Only called while no search runs. */
    if (tt->slots)
        memset(tt->slots, 0, (tt->mask + 1) * BAC_TT_WAYS * sizeof *tt->slots);
    tt->gen = 0;
}

void bac_tt_new_search(bac_tt *tt) { tt->gen++; }

static bac_tt_slot *tt_bucket(const bac_tt *tt, uint64_t key)
{
    return tt->slots + (size_t)(bac_mix64(key) & tt->mask) * BAC_TT_WAYS;
}

/* Reads a slot; 1 when it is consistent (not torn) and not empty. */
static int slot_read(const bac_tt_slot *sl, bac_tt_entry *out)
{
    uint64_t c = atomic_load_explicit(&sl->check, memory_order_relaxed);
    uint64_t d1 = atomic_load_explicit(&sl->d1, memory_order_relaxed);
    uint64_t d2 = atomic_load_explicit(&sl->d2, memory_order_relaxed);
    out->key = c ^ d1 ^ d2;
    out->score = (int32_t)(uint32_t)d1;
    out->move = (uint32_t)(d1 >> 32);
    out->depth = (int16_t)(uint16_t)d2;
    out->flag = (uint8_t)((d2 >> 16) & 0x0f);
    out->proven = (uint8_t)((d2 >> 20) & 1);
    out->gen = (uint8_t)(d2 >> 24);
    out->has_eval = (uint8_t)((d2 >> 21) & 1);
    out->eval = (int32_t)(uint32_t)(d2 >> 32);
    return out->flag != BAC_TT_NONE;
}

int bac_tt_probe(const bac_tt *tt, uint64_t key, bac_tt_entry *out)
{
    if (!tt->slots)
        return 0;
    const bac_tt_slot *b = tt_bucket(tt, key);
    for (int i = 0; i < BAC_TT_WAYS; i++)
        if (slot_read(&b[i], out) && out->key == key)
            return 1;
    return 0;
}

void bac_tt_store(bac_tt *tt, uint64_t key, int score, int depth, int flag, uint32_t move, int eval)
{
    if (!tt->slots)
        return;
    bac_tt_slot *b = tt_bucket(tt, key);
    bac_tt_slot *victim = NULL;
    bac_tt_entry cur[BAC_TT_WAYS];
    int ok[BAC_TT_WAYS];
    for (int i = 0; i < BAC_TT_WAYS; i++)
        ok[i] = slot_read(&b[i], &cur[i]);
    for (int i = 0; i < BAC_TT_WAYS && !victim; i++)
        if (!ok[i] || cur[i].key == key) {
            victim = &b[i];
            if (ok[i] && move == BAC_TT_NO_MOVE)
                move = cur[i].move; /* keep the old best move rather than lose it */
            if (ok[i] && eval == BAC_TT_NO_EVAL && cur[i].has_eval)
                eval = cur[i].eval; /* and the static value */
        }
    if (!victim) {
        /* Replace the shallowest entry, entries of older searches first. */
        int worst = 0x7fffffff;
        for (int i = 0; i < BAC_TT_WAYS; i++) {
            int worth = (cur[i].gen == tt->gen ? 1000 : 0) + cur[i].depth;
            if (worth < worst) {
                worst = worth;
                victim = &b[i];
            }
        }
    }
    uint64_t d1 = (uint64_t)(uint32_t)score | ((uint64_t)move << 32);
    uint64_t d2 = (uint64_t)(uint16_t)(int16_t)depth | ((uint64_t)(uint8_t)flag << 16) |
                  ((uint64_t)tt->gen << 24);
    if (eval != BAC_TT_NO_EVAL)
        d2 |= ((uint64_t)1 << 21) | ((uint64_t)(uint32_t)eval << 32);
    atomic_store_explicit(&victim->check, key ^ d1 ^ d2, memory_order_relaxed);
    atomic_store_explicit(&victim->d1, d1, memory_order_relaxed);
    atomic_store_explicit(&victim->d2, d2, memory_order_relaxed);
}

int bac_tt_score_to(int score, int ply)
{
    if (score >= BA_SCORE_WIN_MIN)
        return score + ply;
    if (score <= -BA_SCORE_WIN_MIN)
        return score - ply;
    return score;
}

int bac_tt_score_from(int score, int ply)
{
    if (score >= BA_SCORE_WIN_MIN)
        return score - ply;
    if (score <= -BA_SCORE_WIN_MIN)
        return score + ply;
    return score;
}
