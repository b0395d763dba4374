/* The engine object: settings with their ranges, lifecycle, progress callback and stop. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

typedef struct option_spec {
    int64_t def, min, max;
} option_spec;

/* Indexed by ba_option. */
static const option_spec option_specs[BAC_NUM_OPTIONS] = {
    [BA_OPT_ALGORITHM] = {BA_ALG_ALPHABETA, BA_ALG_NEGAMAX, BA_ALG_MCTS},
    [BA_OPT_DEPTH] = {64, 1, BA_MAX_DEPTH},
    [BA_OPT_NODES] = {0, 0, INT64_MAX},
    [BA_OPT_TIME_MS] = {0, 0, INT64_MAX / 1000000},
    [BA_OPT_TT_MB] = {16, 0, (int64_t)1 << 20},
    [BA_OPT_SEED] = {0, INT64_MIN, INT64_MAX},
    [BA_OPT_NOISE] = {0, 0, BA_SCORE_EVAL_MAX},
    [BA_OPT_QUIESCENCE] = {1, 0, 1},
    [BA_OPT_ASPIRATION] = {0, 0, BA_SCORE_EVAL_MAX},
    [BA_OPT_THREADS] = {1, 1, BAC_MAX_THREADS},
    [BA_OPT_BF_MIN_DEPTH] = {2, 1, BA_MAX_DEPTH},
    [BA_OPT_BF_SCHEDULE] = {2, 1, 8},
    [BA_OPT_TT_DEEPER] = {0, 0, 1},
    [BA_OPT_QDEPTH] = {32, 0, BA_MAX_DEPTH},
    [BA_OPT_MCTS_C] = {700, 0, 100000},
    [BA_OPT_MCTS_PLAYOUT] = {0, -1, 10000},
    [BA_OPT_MCTS_SOLVER] = {1, 0, 1},
    [BA_OPT_MCTS_MEMORY_MB] = {64, 1, (int64_t)1 << 20},
    [BA_OPT_DETERMINISTIC] = {0, 0, 1},
    [BA_OPT_MCTS_EVAL_SCALE] = {400, 1, BA_SCORE_EVAL_MAX},
    [BA_OPT_MCTS_ITERATIONS] = {100000, 0, INT64_MAX},
    [BA_OPT_MCTS_REUSE] = {1, 0, 1},
    [BA_OPT_SELECTIVE] = {1, 0, 1},
    [BA_OPT_MULTIPV] = {1, 1, BA_MAX_MULTIPV},
};

/* Late-move reductions grow with the log of both the depth and the move number (the form the
 * strongest open engines use): r = 0.75 + ln(depth) ln(move) / 2.25. */
static void init_lmr(ba_engine *e)
{
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++) {
            double r = d > 0 && m > 0 ? 0.75 + log((double)d) * log((double)m) / 2.25 : 0.0;
            e->lmr[d][m] = (uint8_t)(r < 0 ? 0 : r > 60 ? 60 : r);
        }
}

int ba_engine_new(const ba_game *game, ba_engine **out)
{
    if (!out)
        return BA_ERR_ARG;
    *out = NULL;
    if (!game)
        return BA_ERR_ARG;
    if (ba_game_check(game, NULL) != BA_OK)
        return BA_ERR_GAME;
    ba_engine *e = calloc(1, sizeof *e);
    if (!e)
        return BA_ERR_NOMEM;
    e->game = game;
    for (int i = 0; i < BAC_NUM_OPTIONS; i++)
        e->opt[i] = option_specs[i].def;
    atomic_init(&e->stop, 0);
    atomic_init(&e->running, 0);
    atomic_init(&e->companion, NULL);
    init_lmr(e);
    int rc = bac_tt_resize(&e->tt, e->opt[BA_OPT_TT_MB]);
    if (rc != BA_OK) {
        free(e);
        return rc;
    }
    *out = e;
    return BA_OK;
}

void ba_engine_free(ba_engine *engine)
{
    if (!engine)
        return;
    ba_engine_free(atomic_load(&engine->companion));
    for (int i = 0; i < engine->nworkers; i++)
        bac_worker_free(&engine->workers[i]);
    free(engine->workers);
    bac_mcts_free(engine->mcts);
    bac_tt_free(&engine->tt);
    free(engine->lines);
    free(engine);
}

int ba_engine_set(ba_engine *engine, ba_option option, int64_t value)
{
    if (!engine || (int)option < 0 || (int)option >= BAC_NUM_OPTIONS)
        return BA_ERR_ARG;
    if (atomic_load(&engine->running))
        return BA_ERR_STATE;
    const option_spec *sp = &option_specs[option];
    if (value < sp->min || value > sp->max)
        return BA_ERR_RANGE;
    if (option == BA_OPT_TT_MB && value != engine->opt[option]) {
        int rc = bac_tt_resize(&engine->tt, value);
        if (rc != BA_OK)
            return rc; /* the old table and setting stay */
    }
    engine->opt[option] = value;
    return BA_OK;
}

int ba_engine_get(const ba_engine *engine, ba_option option, int64_t *value)
{
    if (!engine || !value || (int)option < 0 || (int)option >= BAC_NUM_OPTIONS)
        return BA_ERR_ARG;
    *value = engine->opt[option];
    return BA_OK;
}

int ba_engine_set_progress(ba_engine *engine, ba_progress_fn fn, void *user)
{
    if (!engine)
        return BA_ERR_ARG;
    if (atomic_load(&engine->running))
        return BA_ERR_STATE;
    engine->progress = fn;
    engine->progress_user = user;
    return BA_OK;
}

int ba_engine_clear(ba_engine *engine)
{
    if (!engine)
        return BA_ERR_ARG;
    if (atomic_load(&engine->running))
        return BA_ERR_STATE;
    bac_tt_clear(&engine->tt);
    for (int i = 0; i < engine->nworkers; i++)
        bac_order_clear(&engine->workers[i].order);
    bac_mcts_free(engine->mcts);
    engine->mcts = NULL;
    return BA_OK;
}

void ba_engine_stop(ba_engine *engine)
{
    /* Only a running search is told to stop: a stop while idle must not cancel the next one.
     * The search clears the flag before it marks itself running, so no stop is lost. */
    if (engine && atomic_load(&engine->running) == 1)
        atomic_store(&engine->stop, 1);
    /* This reaches the companion's running search at once; one that starts later takes the
     * parent's flag at its start (search_driver.c), so a stop before or between its searches is
     * not lost. */
    if (engine)
        ba_engine_stop(atomic_load(&engine->companion));
}

/* A companion's progress reaches its parent's callback without its line: the moves are of
 * another game, which that callback cannot read (a protocol still shows depth, score, nodes). */
static void companion_progress(void *user, const ba_progress *progress)
{
    const ba_engine *parent = user;
    ba_progress p = *progress;
    p.pv = NULL;
    p.pv_len = 0;
    if (parent->progress)
        parent->progress(parent->progress_user, &p);
}

int ba_engine_companion(ba_engine *engine, const ba_game *game, ba_engine **out)
{
    if (!out)
        return BA_ERR_ARG;
    *out = NULL;
    if (!engine || !game || game == engine->game)
        return BA_ERR_ARG;
    ba_engine *c = atomic_load(&engine->companion);
    /* One companion for the engine's life: replacing it could free it under a ba_engine_stop()
     * of another thread. */
    if (c && c->game != game)
        return BA_ERR_ARG;
    if (!c) {
        int rc = ba_engine_new(game, &c);
        if (rc != BA_OK)
            return rc;
        c->parent = engine;
        atomic_store(&engine->companion, c);
    }
    /* The parent's settings, the table size first (the one that allocates). */
    int rc = ba_engine_set(c, BA_OPT_TT_MB, engine->opt[BA_OPT_TT_MB]);
    for (int i = 0; i < BAC_NUM_OPTIONS && rc == BA_OK; i++)
        rc = ba_engine_set(c, (ba_option)i, engine->opt[i]);
    if (rc != BA_OK)
        return rc;
    c->progress = engine->progress ? companion_progress : NULL;
    c->progress_user = engine;
    *out = c;
    return BA_OK;
}
