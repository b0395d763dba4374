/* Camelot's parameters: the options a game was made with (params.c, the bottom of the rules
 * files: every rules file may read the options, and params.c reads none of them). */
#ifndef BOARDAI_CAMELOT_PARAMS_H
#define BOARDAI_CAMELOT_PARAMS_H

#include "camelot/camelot_internal.h"

/* The game's parameters (ba_game::params of every Camelot game). */
typedef struct cam_params {
    uint32_t magic;              /* CAM_PARAMS_MAGIC: recognises a Camelot game */
    ba_camelot_options options;  /* the rule options (and N) the game was made with */
    const struct ba_camelot_egtb *egtb; /* endgame tables the search probes, or NULL (egtb*.c) */
} cam_params;
#define CAM_PARAMS_MAGIC 0x43414d4cu /* "CAML" */

/* The parameters of the constant default game (ba_camelot_game()). */
extern const cam_params cam_default_params;

/* The options of a Camelot game (its params; the defaults for a game that is not Camelot's). */
const ba_camelot_options *cam_options(const ba_game *g);

#endif /* BOARDAI_CAMELOT_PARAMS_H */
