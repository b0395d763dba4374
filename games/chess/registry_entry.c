/* Chess in the game registry (include/boardai/registry.h), written against chess.h only. */
#include "boardai/chess.h"
#include "registry_kit.h"

static int chess_open(const bac_reg_args *a, ba_game **out, ba_error *err)
{
    (void)a; /* chess takes no parameters: ba_game_open refuses any before calling this */
    (void)err;
    *out = bac_reg_constant(ba_chess_game());
    return BA_OK;
}

const bac_reg_game bac_reg_chess = {"chess", NULL, 0, chess_open};
