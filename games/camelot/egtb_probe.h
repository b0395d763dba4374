/* Camelot endgame tables: the search's hook (egtb_probe.c). */
#ifndef BOARDAI_CAMELOT_EGTB_PROBE_H
#define BOARDAI_CAMELOT_EGTB_PROBE_H

#include "camelot/camelot_internal.h"

/* ba_game::endgame_probe of every Camelot game: the exact result from the table attached to the
 * game (ba_camelot_egtb_attach), or BA_RESULT_ONGOING. */
int cam_egtb_probe_hook(const ba_game *g, const void *state, const ba_history *hist, int *plies);

#endif /* BOARDAI_CAMELOT_EGTB_PROBE_H */
