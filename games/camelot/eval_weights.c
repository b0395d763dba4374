/*
 * Camelot evaluation: the weight presets (Nolan's, the default, and the Texel-tuned set), their
 * range check and the factor names used by `eval` (explain) and the breakdown API.
 */
#include <string.h>

#include "boardai/camelot.h"

/* The presets are data in camelot.h (BA_CAMELOT_WEIGHTS_NOLAN_INIT, _TUNED_INIT) so that the
 * constant default game can hold them too; the tests compare Nolan's numbers with the shared
 * rules file. The tuned set is as printed by boardai-tune-camelot ("initializer:") from 926
 * self-play games at depth 3 (seed 1, 81,360 quiet positions; docs/camelot-evaluation.md,
 * "Tuning"): X, the base of the knight's value, fitted, every other weight Nolan's but
 * mobility and trading, which are 0: at 100 ms a move the evaluation without either won
 * (mobility is about 40 % of an evaluation and lost 65 Elo by an SPRT; trading, which pushes
 * a side that is ahead to exchange, lost 56 [16, 98] in 239 games; docs/camelot-evaluation.md,
 * "Ablation"). Fitted too, the tables lost about 200 Elo at depth 3 and the scalar factors
 * about 380 at 100 ms a move. */
static const ba_camelot_weights NOLAN = BA_CAMELOT_WEIGHTS_NOLAN_INIT;
static const ba_camelot_weights TUNED = BA_CAMELOT_WEIGHTS_TUNED_INIT;

static const struct {
    const char *name;
    const ba_camelot_weights *weights;
} PRESETS[] = {{"nolan", &NOLAN}, {"tuned", &TUNED}};
#define PRESET_COUNT (sizeof PRESETS / sizeof PRESETS[0])

/* The default since the SPRT of tuned against nolan accepted (docs/camelot-evaluation.md). */
ba_camelot_weights ba_camelot_weights_default(void)
{
    return TUNED;
}

int ba_camelot_weights_preset(const char *name, ba_camelot_weights *out, ba_error *err)
{
    if (name == NULL || out == NULL)
        return ba_error_set(err, BA_ERR_ARG, "camelot weights preset: NULL argument");
    for (size_t i = 0; i < PRESET_COUNT; i++)
        if (strcmp(name, PRESETS[i].name) == 0) {
            *out = *PRESETS[i].weights;
            return BA_OK;
        }
    return ba_error_set(err, BA_ERR_RANGE, "unknown camelot weights preset '%s' (known: nolan, tuned)",
                        name);
}

/* Field by field (the struct may have padding, so no memcmp of the whole). */
static int weights_equal(const ba_camelot_weights *a, const ba_camelot_weights *b)
{
    return a->knight_x == b->knight_x && a->man == b->man && a->castle_win == b->castle_win &&
           a->wipeout_win == b->wipeout_win &&
           memcmp(a->advance, b->advance, sizeof a->advance) == 0 && a->mobility == b->mobility &&
           a->trading == b->trading && memcmp(a->centre, b->centre, sizeof a->centre) == 0 &&
           a->knight_support == b->knight_support && a->man_support == b->man_support &&
           a->exposure == b->exposure && a->leave_castle == b->leave_castle &&
           a->capture == b->capture;
}

const char *ba_camelot_weights_name(const ba_camelot_weights *w)
{
    for (size_t i = 0; w != NULL && i < PRESET_COUNT; i++)
        if (weights_equal(w, PRESETS[i].weights))
            return PRESETS[i].name;
    return "custom";
}

/* Every weight is bounded; the factors still compute in 64 bits and saturate, so that no
 * combination of legal weights can overflow (the final score is clamped to +-EVAL_MAX). */
#define WEIGHT_LIMIT 100000

static int check_int(ba_error *err, const char *name, int index, int value)
{
    if (value < -WEIGHT_LIMIT || value > WEIGHT_LIMIT) {
        if (index >= 0)
            return ba_error_set(err, BA_ERR_RANGE, "camelot weight %s[%d] = %d is outside +-%d",
                                name, index, value, WEIGHT_LIMIT);
        return ba_error_set(err, BA_ERR_RANGE, "camelot weight %s = %d is outside +-%d", name,
                            value, WEIGHT_LIMIT);
    }
    return BA_OK;
}

int ba_camelot_weights_check(const ba_camelot_weights *w, ba_error *err)
{
    if (w == NULL)
        return ba_error_set(err, BA_ERR_ARG, "camelot weights: NULL");
    /* x must exceed 1 for K to grow with P; above 4 the knight's premium explodes (4^19). */
    if (!(w->knight_x > 1.0 && w->knight_x <= 4.0))
        return ba_error_set(err, BA_ERR_RANGE, "camelot weight knight_x = %g must be in (1, 4]",
                            w->knight_x);
    if (w->man <= 0 || w->man > 10000)
        return ba_error_set(err, BA_ERR_RANGE, "camelot weight man = %d must be in 1..10000",
                            w->man);
    const struct {
        const char *name;
        int value;
    } scalars[] = {
        {"castle_win", w->castle_win},         {"wipeout_win", w->wipeout_win},
        {"mobility", w->mobility},             {"trading", w->trading},
        {"knight_support", w->knight_support}, {"man_support", w->man_support},
        {"exposure", w->exposure},             {"leave_castle", w->leave_castle},
        {"capture", w->capture},
    };
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
        int rc = check_int(err, scalars[i].name, -1, scalars[i].value);
        if (rc != BA_OK)
            return rc;
    }
    for (int i = 0; i < BA_CAMELOT_ADVANCE_RANKS; i++) {
        int rc = check_int(err, "advance", i, w->advance[i]);
        if (rc != BA_OK)
            return rc;
    }
    for (int i = 0; i < BA_CAMELOT_CENTRE_FILES; i++) {
        int rc = check_int(err, "centre", i, w->centre[i]);
        if (rc != BA_OK)
            return rc;
    }
    return BA_OK;
}

static const char *const FACTOR_NAMES[BA_CAMELOT_FACTORS] = {
    "material", "castle-win", "wipeout", "advance", "mobility",
    "trading",  "centre",     "knight-support", "man-support", "exposure",
};

const char *ba_camelot_factor_name(int factor)
{
    if (factor < 0 || factor >= BA_CAMELOT_FACTORS)
        return "?";
    return FACTOR_NAMES[factor];
}
