/* examples/match/match_games.c: the games boardai-match can play. A module left out of the
 * library (BOARDAI_GAMES) is left out of the table: CMake defines MATCH_HAVE_<GAME> for each
 * enabled one. Each entry turns a configuration's evaluation parameters into a game variant. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "match.h"

#if defined(MATCH_HAVE_KALAH) || defined(MATCH_HAVE_CAMELOT) || defined(MATCH_HAVE_UGOLKI) || \
    defined(MATCH_HAVE_CHESS) || defined(MATCH_HAVE_ARIMAA)
/* Checks that every parameter of @p cfg is one of @p names (a NULL-terminated list). */
static int only_params(const match_engine_cfg *cfg, const char *game, const char *const *names,
                       ba_error *err)
{
    for (int i = 0; i < cfg->nparams; i++) {
        int ok = 0;
        for (const char *const *n = names; *n; n++)
            ok |= strcmp(*n, cfg->param_name[i]) == 0;
        if (!ok)
            return ba_error_set(err, BA_ERR_ARG, "%s has no evaluation parameter '%s'", game,
                                cfg->param_name[i]);
    }
    return BA_OK;
}

#endif

#if defined(MATCH_HAVE_CAMELOT) || defined(MATCH_HAVE_UGOLKI) || defined(MATCH_HAVE_ARIMAA)
/* An integer parameter into *out, if present: must be a whole number within +-limit. */
static int int_param(const match_engine_cfg *cfg, const char *name, long limit, int *out,
                     ba_error *err)
{
    double v;
    if (!match_config_param(cfg, name, &v))
        return BA_OK;
    if (v != floor(v) || fabs(v) > (double)limit)
        return ba_error_set(err, BA_ERR_RANGE, "%s must be a whole number within +-%ld, got %g",
                            name, limit, v);
    *out = (int)v;
    return BA_OK;
}
#endif

#ifdef MATCH_HAVE_KALAH
static const char *const KALAH_PARAMS[] = {NULL};

static int kalah_make(const match_engine_cfg *cfg, int side, const ba_game **out, int *owned,
                      ba_error *err)
{
    (void)side;
    int rc = only_params(cfg, "kalah", KALAH_PARAMS, err);
    *out = ba_kalah_game();
    *owned = 0;
    return rc;
}
#endif

#ifdef MATCH_HAVE_CAMELOT
/* Camelot: N and X (reals) and Nolan's integer weights by name. */
typedef struct camelot_int_weight {
    const char *name;
    size_t offset;
} camelot_int_weight;

static const camelot_int_weight CAMELOT_WEIGHTS[] = {
    {"man", offsetof(ba_camelot_weights, man)},
    {"castle_win", offsetof(ba_camelot_weights, castle_win)},
    {"wipeout_win", offsetof(ba_camelot_weights, wipeout_win)},
    {"mobility", offsetof(ba_camelot_weights, mobility)},
    {"trading", offsetof(ba_camelot_weights, trading)},
    {"knight_support", offsetof(ba_camelot_weights, knight_support)},
    {"man_support", offsetof(ba_camelot_weights, man_support)},
    {"exposure", offsetof(ba_camelot_weights, exposure)},
    {"leave_castle", offsetof(ba_camelot_weights, leave_castle)},
    {"capture", offsetof(ba_camelot_weights, capture)},
};

static const char *const CAMELOT_PARAMS[] = {
    "N", "X", "man", "castle_win", "wipeout_win", "mobility", "trading", "knight_support",
    "man_support", "exposure", "leave_castle", "capture", NULL};

static int camelot_make(const match_engine_cfg *cfg, int side, const ba_game **out, int *owned,
                        ba_error *err)
{
    (void)side;
    int rc = only_params(cfg, "camelot", CAMELOT_PARAMS, err);
    if (rc != BA_OK)
        return rc;
    if (cfg->nparams == 0) {
        *out = ba_camelot_game();
        *owned = 0;
        return BA_OK;
    }
    ba_camelot_options o = ba_camelot_options_default();
    double v;
    if (match_config_param(cfg, "N", &v))
        o.knight_n = v;
    if (match_config_param(cfg, "X", &v))
        o.weights.knight_x = v;
    for (size_t i = 0; i < sizeof CAMELOT_WEIGHTS / sizeof CAMELOT_WEIGHTS[0]; i++) {
        int *field = (int *)(void *)((char *)&o.weights + CAMELOT_WEIGHTS[i].offset);
        rc = int_param(cfg, CAMELOT_WEIGHTS[i].name, 100000, field, err);
        if (rc != BA_OK)
            return rc;
    }
    ba_game *g = NULL;
    rc = ba_camelot_create(&o, &g, err);
    if (rc != BA_OK)
        return rc;
    *out = g;
    *owned = 1;
    return BA_OK;
}
#endif

#ifdef MATCH_HAVE_UGOLKI
/* Ugolki: the engine's game is made with program_side = the side it plays (the asymmetric
 * weighting is seen from the program's side); asymmetric=0/1 and finish_test=0/1 choose the
 * article's evaluation variants. */
static const char *const UGOLKI_PARAMS[] = {"asymmetric", "finish_test", NULL};

static int ugolki_make(const match_engine_cfg *cfg, int side, const ba_game **out, int *owned,
                       ba_error *err)
{
    int rc = only_params(cfg, "ugolki", UGOLKI_PARAMS, err);
    if (rc != BA_OK)
        return rc;
    ba_ugolki_options o = ba_ugolki_options_default();
    o.program_side = side;
    if ((rc = int_param(cfg, "asymmetric", 1, &o.asymmetric, err)) != BA_OK ||
        (rc = int_param(cfg, "finish_test", 1, &o.finish_test, err)) != BA_OK)
        return rc;
    if (o.asymmetric < 0 || o.finish_test < 0)
        return ba_error_set(err, BA_ERR_RANGE, "asymmetric and finish_test are 0 or 1");
    ba_game *g = NULL;
    rc = ba_ugolki_create(&o, &g, err);
    if (rc != BA_OK)
        return rc;
    *out = g;
    *owned = 1;
    return BA_OK;
}
#endif

#ifdef MATCH_HAVE_CHESS
static const char *const CHESS_PARAMS[] = {NULL};

static int chess_make(const match_engine_cfg *cfg, int side, const ba_game **out, int *owned,
                      ba_error *err)
{
    (void)side;
    int rc = only_params(cfg, "chess", CHESS_PARAMS, err);
    *out = ba_chess_game();
    *owned = 0;
    return rc;
}
#endif

#ifdef MATCH_HAVE_ARIMAA
static const char *const ARIMAA_PARAMS[] = {"material_scale", "blocking_per_side", "power_clip",
                                            "power_weak", "goal_search_steps", NULL};

static int arimaa_make(const match_engine_cfg *cfg, int side, const ba_game **out, int *owned,
                       ba_error *err)
{
    (void)side;
    int rc = only_params(cfg, "arimaa", ARIMAA_PARAMS, err);
    if (rc != BA_OK)
        return rc;
    if (cfg->nparams == 0) {
        *out = ba_arimaa_game();
        *owned = 0;
        return BA_OK;
    }
    ba_arimaa_options o;
    ba_arimaa_options_default(&o);
    if ((rc = int_param(cfg, "material_scale", 100000, &o.eval.material_scale, err)) != BA_OK ||
        (rc = int_param(cfg, "blocking_per_side", 100000, &o.eval.blocking_per_side, err)) !=
            BA_OK ||
        (rc = int_param(cfg, "power_clip", 100000, &o.eval.power_clip, err)) != BA_OK ||
        (rc = int_param(cfg, "power_weak", 100000, &o.eval.power_weak, err)) != BA_OK ||
        (rc = int_param(cfg, "goal_search_steps", BA_ARIMAA_GOAL_STEPS_MAX,
                        &o.goal_search_steps, err)) != BA_OK)
        return rc;
    ba_game *g = NULL;
    rc = ba_arimaa_create(&o, &g, err);
    if (rc != BA_OK)
        return rc;
    *out = g;
    *owned = 1;
    return BA_OK;
}
#endif

static const match_game_entry GAMES[] = {
#ifdef MATCH_HAVE_KALAH
    {"kalah", ba_kalah_game, "", kalah_make},
#endif
#ifdef MATCH_HAVE_CAMELOT
    {"camelot", ba_camelot_game,
     "N, X, man, castle_win, wipeout_win, mobility, trading, knight_support, man_support, "
     "exposure, leave_castle, capture",
     camelot_make},
#endif
#ifdef MATCH_HAVE_UGOLKI
    {"ugolki", ba_ugolki_game, "asymmetric, finish_test", ugolki_make},
#endif
#ifdef MATCH_HAVE_CHESS
    {"chess", ba_chess_game, "", chess_make},
#endif
#ifdef MATCH_HAVE_ARIMAA
    {"arimaa", ba_arimaa_game,
     "material_scale, blocking_per_side, power_clip, power_weak, goal_search_steps", arimaa_make},
#endif
    {NULL, NULL, NULL, NULL}};

const match_game_entry *match_games(size_t *count)
{
    *count = sizeof GAMES / sizeof GAMES[0] - 1;
    return GAMES;
}

const match_game_entry *match_game_find(const char *name)
{
    for (const match_game_entry *g = GAMES; g->name; g++)
        if (strcmp(g->name, name) == 0)
            return g;
    return NULL;
}
