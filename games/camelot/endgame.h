/* The end of a Camelot game (endgame.c). */
#ifndef BOARDAI_CAMELOT_ENDGAME_H
#define BOARDAI_CAMELOT_ENDGAME_H

#include "camelot/camelot_internal.h"

/* The BA_RESULT_ of a state given the earlier positions' hashes (may be NULL). */
int cam_result(const ba_game *g, const cam_state *s, const ba_history *hist);
/* The result when it follows without listing the moves (every rule except "no legal move"):
 * generate() uses it, since an empty move list already expresses that rule. */
int cam_game_over_without_movelist(const ba_game *g, const cam_state *s, const ba_history *hist);

#endif /* BOARDAI_CAMELOT_ENDGAME_H */
