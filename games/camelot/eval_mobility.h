/* Nolan's factor 5, mobility: the squares all pieces of a side control (eval_mobility.c). */
#ifndef BOARDAI_CAMELOT_EVAL_MOBILITY_H
#define BOARDAI_CAMELOT_EVAL_MOBILITY_H

#include "camelot/eval_view.h"

/** Squares controlled by all pieces of @p side (the raw count, before the weight), from both
 *  sides' men and knights as parity-class sets and the castle moves @p side has left. */
int cam_mobility_count(const cam_pcbb men[2], const cam_pcbb knights[2], int castle_moves_left, int side);
/** Both sides' counts at once, into @p out[side] (sharing the work the two have in common);
 *  @p castle_moves_left per side. */
void cam_mobility_counts(const cam_pcbb men[2], const cam_pcbb knights[2], const int castle_moves_left[2],
                         int out[2]);
/** The same on a view. */
int cam_eval_mobility_count(cam_view *v, int side);

#endif /* BOARDAI_CAMELOT_EVAL_MOBILITY_H */
