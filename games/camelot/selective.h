/* Camelot's hooks for the core's selective search (selective.c). */
#ifndef BOARDAI_CAMELOT_SELECTIVE_H
#define BOARDAI_CAMELOT_SELECTIVE_H

#include "camelot/camelot_internal.h"

int cam_make_null(const ba_game *g, void *state);
int cam_null_move_unsafe(const ba_game *g, const void *state);
int cam_futility_margin(const ba_game *g, const void *state, int depth);
int cam_move_noisy(const ba_game *g, const void *state, const ba_move *move);
int cam_noisy_only(const ba_game *g, const void *state);

#endif /* BOARDAI_CAMELOT_SELECTIVE_H */
