/*
 * Camelot evaluation: Nolan's default weights (tables as data), their range check and the
 * factor names used by `eval` (explain) and the breakdown API.
 */
#include <string.h>

#include "boardai/camelot.h"

/* The defaults are data in camelot.h (BA_CAMELOT_WEIGHTS_DEFAULT_INIT) so that the constant
 * default game can hold them too; the tests compare every number with the shared rules file. */
static const ba_camelot_weights NOLAN = BA_CAMELOT_WEIGHTS_DEFAULT_INIT;

ba_camelot_weights ba_camelot_weights_default(void)
{
    return NOLAN;
}

int ba_camelot_weights_preset(const char *name, ba_camelot_weights *out, ba_error *err)
{
    if (name == NULL || out == NULL)
        return ba_error_set(err, BA_ERR_ARG, "camelot weights preset: NULL argument");
    if (strcmp(name, "nolan") == 0) {
        *out = NOLAN;
        return BA_OK;
    }
    if (strcmp(name, "tuned") == 0) /* the slot is reserved; no tuned set has won its SPRT yet */
        return ba_error_set(err, BA_ERR_RANGE,
                            "camelot weights preset 'tuned': no tuned weights have been adopted yet "
                            "(see docs/camelot-evaluation.md); use 'nolan'");
    return ba_error_set(err, BA_ERR_RANGE, "unknown camelot weights preset '%s' (known: nolan, tuned)",
                        name);
}

const char *ba_camelot_weights_name(const ba_camelot_weights *w)
{
    /* Field by field (the struct may have padding, so no memcmp of the whole). */
    if (w == NULL || w->knight_x != NOLAN.knight_x || w->man != NOLAN.man ||
        w->castle_win != NOLAN.castle_win || w->wipeout_win != NOLAN.wipeout_win ||
        memcmp(w->advance, NOLAN.advance, sizeof w->advance) != 0 || w->mobility != NOLAN.mobility ||
        w->trading != NOLAN.trading || memcmp(w->centre, NOLAN.centre, sizeof w->centre) != 0 ||
        w->knight_support != NOLAN.knight_support || w->man_support != NOLAN.man_support ||
        w->exposure != NOLAN.exposure || w->leave_castle != NOLAN.leave_castle ||
        w->capture != NOLAN.capture)
        return "custom";
    return "nolan";
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
