/* Camelot in the game registry (include/boardai/registry.h), written against camelot.h only.
 * N and X keep Nolan's letters (they are his formula's symbols); every other name is the field
 * name of ba_camelot_options / ba_camelot_weights. */
#include <stddef.h>

#include "boardai/camelot.h"
#include "registry_kit.h"

static const ba_game_param CAMELOT_PARAMS[] = {
    {"fifty_move_rule", "rules", "bool", "0..1", "1",
     "1: 50 moves each without a capture or a castle entry draw"},
    {"repetition_draw", "rules", "bool", "0..1", "1", "1: the third occurrence of a position draws"},
    {"castle_moves", "rules", "int", "0..255", "2", "castle moves allowed per player per game"},
    {"knight_canter_rule", "rules", "bool", "0..1", "1",
     "1: a non-capturing knight may not land where it could jump (reading A)"},
    {"weights", "evaluation", "choice", "nolan, tuned", "tuned", "the evaluation weights to start from"},
    {"N", "evaluation", "real", "0..1000 (exclusive)", "17.09", "Nolan's knight-value parameter N"},
    {"X", "evaluation", "real", "1..4 (1 exclusive)", "1.3333", "the base X of the knight value K(P, N)"},
    {"man", "evaluation", "int", "1..10000", "100", "factor 1: a man's value"},
    {"castle_win", "evaluation", "int", "-100000..100000", "3100", "factor 2: two pieces in the enemy castle"},
    {"wipeout_win", "evaluation", "int", "-100000..100000", "3000", "factor 3: every enemy piece captured"},
    {"advance", "evaluation", "int", "0..1000", "100",
     "factor 4: the advance table in percent of the preset's (0 leaves the factor out)"},
    {"mobility", "evaluation", "int", "-100000..100000", "1", "factor 5: per square controlled"},
    {"trading", "evaluation", "int", "-100000..100000", "400", "factor 6: trading term"},
    {"centre", "evaluation", "int", "0..1000", "100",
     "factor 7: the centre table in percent of the preset's (0 leaves the factor out)"},
    {"knight_support", "evaluation", "int", "-100000..100000", "5", "factor 8: per piece next to own knight"},
    {"man_support", "evaluation", "int", "-100000..100000", "2", "factor 9: per man next to own man"},
    {"exposure", "evaluation", "int", "-100000..100000", "-15", "factor 10: next to a piece that can jump it"},
    {"leave_castle", "evaluation", "int", "-100000..100000", "6000", "factor 11: a move leaving own castle"},
    {"capture", "evaluation", "int", "-100000..100000", "4500", "factor 12: a capturing move"},
};

/* The integer weights by parameter name. */
static const struct {
    const char *name;
    size_t offset;
} CAMELOT_INT_WEIGHTS[] = {
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

static const char *const CAMELOT_WEIGHT_SETS[] = {"nolan", "tuned", NULL};

/* Factors 4 and 7 are tables, so their parameters scale the preset's table (in percent, rounded
 * to the nearest point) rather than set one weight: 0 is the ablation of the factor, 100 the
 * table itself. */
static int scale_table(const bac_reg_args *a, const char *key, int *table, size_t n, ba_error *err)
{
    int pct = 100, rc;
    if ((rc = bac_reg_int(a, key, 0, 1000, &pct, err)))
        return rc;
    for (size_t i = 0; i < n; i++)
        table[i] = (table[i] * pct + (table[i] >= 0 ? 50 : -50)) / 100;
    return BA_OK;
}

static int camelot_open(const bac_reg_args *a, ba_game **out, ba_error *err)
{
    if (a->n == 0) {
        *out = bac_reg_constant(ba_camelot_game());
        return BA_OK;
    }
    ba_camelot_options o = ba_camelot_options_default();
    int set = 0, rc;
    if ((rc = bac_reg_bool(a, "fifty_move_rule", &o.fifty_move_rule, err)) ||
        (rc = bac_reg_bool(a, "repetition_draw", &o.repetition_draw, err)) ||
        (rc = bac_reg_int(a, "castle_moves", 0, 255, &o.castle_moves_per_player, err)) ||
        (rc = bac_reg_bool(a, "knight_canter_rule", &o.knight_canter_rule, err)) ||
        (rc = bac_reg_choice(a, "weights", CAMELOT_WEIGHT_SETS, &set, err)))
        return rc;
    /* Without `weights=` the default options' weights stand (the library's default preset). */
    if (bac_reg_has(a, "weights") &&
        (rc = ba_camelot_weights_preset(CAMELOT_WEIGHT_SETS[set], &o.weights, err)))
        return rc;
    if ((rc = bac_reg_real(a, "N", 0.0, 1000.0, &o.knight_n, err)) ||
        (rc = bac_reg_real(a, "X", 1.0, 4.0, &o.weights.knight_x, err)))
        return rc;
    if ((rc = scale_table(a, "advance", o.weights.advance, BA_CAMELOT_ADVANCE_RANKS, err)) ||
        (rc = scale_table(a, "centre", o.weights.centre, BA_CAMELOT_CENTRE_FILES, err)))
        return rc;
    for (size_t i = 0; i < sizeof CAMELOT_INT_WEIGHTS / sizeof CAMELOT_INT_WEIGHTS[0]; i++) {
        int *field = (int *)(void *)((char *)&o.weights + CAMELOT_INT_WEIGHTS[i].offset);
        if ((rc = bac_reg_int(a, CAMELOT_INT_WEIGHTS[i].name, -100000, 100000, field, err)))
            return rc;
    }
    return ba_camelot_create(&o, out, err);
}

const bac_reg_game bac_reg_camelot = {"camelot", CAMELOT_PARAMS,
                                      sizeof CAMELOT_PARAMS / sizeof CAMELOT_PARAMS[0],
                                      camelot_open};
