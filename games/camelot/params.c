/*
 * Camelot's options and parameters: the defaults, the constant default game's parameters, and
 * reading a game's options. The bottom of the rules files: movegen, endgame, notation and the
 * others read the options here, and this file calls none of them.
 */
#include <string.h>

#include "camelot/params.h"

ba_camelot_options ba_camelot_options_default(void)
{
    ba_camelot_options o;
    memset(&o, 0, sizeof o);
    o.fifty_move_rule = 1;
    o.repetition_draw = 1;
    o.castle_moves_per_player = BA_CAMELOT_CASTLE_MOVES_DEFAULT;
    o.knight_canter_rule = 1;
    o.knight_n = BA_CAMELOT_KNIGHT_N_DEFAULT;
    o.weights = ba_camelot_weights_default();
    return o;
}

/* The constant default game needs its options as a constant: the same values as
 * ba_camelot_options_default() (a test checks that the two agree). */
const cam_params cam_default_params = {
    CAM_PARAMS_MAGIC,
    {1, 1, BA_CAMELOT_CASTLE_MOVES_DEFAULT, 1, BA_CAMELOT_KNIGHT_N_DEFAULT,
     BA_CAMELOT_WEIGHTS_DEFAULT_INIT},
    NULL,
};

const ba_camelot_options *cam_options(const ba_game *g)
{
    const cam_params *p = g != NULL ? (const cam_params *)g->params : NULL;
    if (p == NULL || p->magic != CAM_PARAMS_MAGIC) return &cam_default_params.options;
    return &p->options;
}
