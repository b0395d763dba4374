/* Transposition table storage and replacement. */
#include <stdlib.h>
#include <string.h>

#include "boardai/game.h"
#include "tt.h"

#define BAC_TT_WAYS 4

void bac_tt_free(bac_tt *tt)
{
    free(tt->entries);
    tt->entries = NULL;
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
    size_t bucket = BAC_TT_WAYS * sizeof(bac_tt_entry);
    size_t buckets = 1;
    while (buckets * 2 * bucket <= bytes)
        buckets *= 2;
    bac_tt_entry *e = calloc(buckets * BAC_TT_WAYS, sizeof *e);
    if (!e)
        return BA_ERR_NOMEM;
    free(tt->entries);
    tt->entries = e;
    tt->mask = buckets - 1;
    tt->gen = 0;
    return BA_OK;
}

void bac_tt_clear(bac_tt *tt)
{
    if (tt->entries)
        memset(tt->entries, 0, (tt->mask + 1) * BAC_TT_WAYS * sizeof *tt->entries);
    tt->gen = 0;
}

void bac_tt_new_search(bac_tt *tt) { tt->gen++; }

static bac_tt_entry *tt_bucket(const bac_tt *tt, uint64_t key)
{
    return tt->entries + (size_t)(key & tt->mask) * BAC_TT_WAYS;
}

const bac_tt_entry *bac_tt_probe(const bac_tt *tt, uint64_t key)
{
    if (!tt->entries)
        return NULL;
    const bac_tt_entry *b = tt_bucket(tt, key);
    for (int i = 0; i < BAC_TT_WAYS; i++)
        if (b[i].flag != BAC_TT_NONE && b[i].key == key)
            return &b[i];
    return NULL;
}

void bac_tt_store(bac_tt *tt, uint64_t key, int score, int depth, int flag, uint32_t move)
{
    if (!tt->entries)
        return;
    bac_tt_entry *b = tt_bucket(tt, key);
    bac_tt_entry *victim = NULL;
    for (int i = 0; i < BAC_TT_WAYS && !victim; i++)
        if (b[i].flag == BAC_TT_NONE || b[i].key == key)
            victim = &b[i];
    if (victim && victim->flag != BAC_TT_NONE && move == BAC_TT_NO_MOVE)
        move = victim->move; /* keep the old best move rather than lose it */
    if (!victim) {
        /* Replace the shallowest entry, entries of older searches first. */
        int worst = 0x7fffffff;
        for (int i = 0; i < BAC_TT_WAYS; i++) {
            int worth = (b[i].gen == tt->gen ? 1000 : 0) + b[i].depth;
            if (worth < worst) {
                worst = worth;
                victim = &b[i];
            }
        }
    }
    victim->key = key;
    victim->score = score;
    victim->move = move;
    victim->depth = (int16_t)depth;
    victim->flag = (uint8_t)flag;
    victim->gen = tt->gen;
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
