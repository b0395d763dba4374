/* Kalah in the game registry (include/boardai/registry.h), written against kalah.h only. */
#include "boardai/kalah.h"
#include "registry_kit.h"

static const ba_game_param KALAH_PARAMS[] = {
    {"pits", "rules", "int", "1..8", "6", "pits per side"},
    {"seeds", "rules", "int", "1..12", "6", "seeds per pit at the start"},
    {"empty_capture", "rules", "bool", "0..1", "0",
     "1: a last seed in an own empty pit captures even when the opposite pit is empty"},
};

static int kalah_open(const bac_reg_args *a, ba_game **out, ba_error *err)
{
    if (a->n == 0) {
        *out = bac_reg_constant(ba_kalah_game());
        return BA_OK;
    }
    ba_kalah_options o = ba_kalah_options_default();
    int rc;
    if ((rc = bac_reg_int(a, "pits", BA_KALAH_MIN_PITS, BA_KALAH_MAX_PITS, &o.pits, err)) ||
        (rc = bac_reg_int(a, "seeds", BA_KALAH_MIN_SEEDS, BA_KALAH_MAX_SEEDS, &o.seeds, err)) ||
        (rc = bac_reg_bool(a, "empty_capture", &o.empty_capture, err)))
        return rc;
    return ba_kalah_create(&o, out, err);
}

const bac_reg_game bac_reg_kalah = {"kalah", KALAH_PARAMS,
                                    sizeof KALAH_PARAMS / sizeof KALAH_PARAMS[0], kalah_open};
