/* Ugolki in the game registry (include/boardai/registry.h), written against ugolki.h only. */
#include "boardai/ugolki.h"
#include "registry_kit.h"

static const ba_game_param UGOLKI_PARAMS[] = {
    {"pieces", "rules", "int", "9, 12 or 16", "9", "pieces per side (3x3, 3 rows of 4, 4x4)"},
    {"diagonal", "rules", "bool", "0..1", "0", "1: steps and leaps in the diagonal directions too"},
    {"stay_limit", "rules", "int", "0..100000", "40",
     "after this many moves a piece left in the own corner loses (0: off)"},
    {"return_limit", "rules", "int", "0..100000", "40",
     "moving a piece back into the own corner after this move loses (0: off)"},
    {"ply_cap", "rules", "int", "0..100000", "400", "the game is drawn after this many plies (0: none)"},
    {"asymmetric", "evaluation", "bool", "0..1", "1",
     "1: evaluation S(own)/3 - S(opp) seen from program_side; 0: S(own) - S(opp)"},
    {"program_side", "evaluation", "int", "0..1", "0", "the side the program plays (asymmetric weighting)"},
    {"finish_test", "evaluation", "bool", "0..1", "1", "1: a side past the finish threshold scores as won"},
    {"random_bonus", "evaluation", "bool", "0..1", "0", "1: a repeatable random 0/1 bonus per table entry"},
    {"seed", "evaluation", "int", "0..2^64-1", "0", "seed of the random bonus"},
};

static int ugolki_open(const bac_reg_args *a, ba_game **out, ba_error *err)
{
    if (a->n == 0) {
        *out = bac_reg_constant(ba_ugolki_game());
        return BA_OK;
    }
    ba_ugolki_options o = ba_ugolki_options_default();
    int rc;
    if ((rc = bac_reg_int(a, "pieces", 9, 16, &o.pieces, err)) ||
        (rc = bac_reg_bool(a, "diagonal", &o.diagonal, err)) ||
        (rc = bac_reg_int(a, "stay_limit", 0, BA_UGOLKI_MAX_LIMIT, &o.stay_limit, err)) ||
        (rc = bac_reg_int(a, "return_limit", 0, BA_UGOLKI_MAX_LIMIT, &o.return_limit, err)) ||
        (rc = bac_reg_int(a, "ply_cap", 0, BA_UGOLKI_MAX_LIMIT, &o.ply_cap, err)) ||
        (rc = bac_reg_bool(a, "asymmetric", &o.asymmetric, err)) ||
        (rc = bac_reg_int(a, "program_side", 0, 1, &o.program_side, err)) ||
        (rc = bac_reg_bool(a, "finish_test", &o.finish_test, err)) ||
        (rc = bac_reg_bool(a, "random_bonus", &o.random_bonus, err)) ||
        (rc = bac_reg_u64(a, "seed", &o.seed, err)))
        return rc;
    return ba_ugolki_create(&o, out, err);
}

const bac_reg_game bac_reg_ugolki = {"ugolki", UGOLKI_PARAMS,
                                     sizeof UGOLKI_PARAMS / sizeof UGOLKI_PARAMS[0], ugolki_open};
