/*
 * Camelot's playing levels, defined once here for every front end (boardai-camelot, the web
 * page): think time per move, and for the weakest levels a depth cap and evaluation noise.
 *
 * Why these numbers: the issue asks for levels a player can feel, by think time (about 0.1, 0.5,
 * 2, 5, 15 and 40 s). On their own, short times still find the tactics Camelot is full of, so
 * the two weakest levels also stop at a shallow depth, and levels 1 to 3 add noise to the
 * evaluation (30, 12 and 3 points, against a man's 100) so that they misjudge quiet positions as
 * a weaker player does. docs/camelot-engine.md has the adjacent-level table as far as measured.
 */
#include "boardai/camelot.h"

static const ba_camelot_level_info LEVELS[BA_CAMELOT_LEVELS] = {
    {1, "Beginner", 100, 2, 3000},  {2, "Novice", 500, 4, 1200},  {3, "Club player", 2000, 0, 300},
    {4, "Strong", 5000, 0, 0},      {5, "Expert", 15000, 0, 0},   {6, "Master", 40000, 0, 0},
};

int ba_camelot_level(int level, ba_camelot_level_info *out)
{
    if (out == NULL)
        return BA_ERR_ARG;
    if (level < 1 || level > BA_CAMELOT_LEVELS)
        return BA_ERR_RANGE;
    *out = LEVELS[level - 1];
    return BA_OK;
}

int ba_camelot_level_configure(ba_engine *engine, int level)
{
    ba_camelot_level_info info;
    if (engine == NULL)
        return BA_ERR_ARG;
    int rc = ba_camelot_level(level, &info);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_TIME_MS, info.time_ms);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_DEPTH, info.max_depth > 0 ? info.max_depth : BA_MAX_DEPTH);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_NOISE, info.eval_noise);
    return rc;
}
