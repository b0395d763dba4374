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
/** cam_mobility_counts, and in @p exposed factor 10's count for @p exposed_side (its pieces
 *  next to an enemy they could jump that cannot jump them back; what cam_pc_set_exposed of
 *  eval_sets.h counts), which reads the same sets: the evaluation of a node takes both. */
void cam_mobility_counts_exposed(const cam_pcbb men[2], const cam_pcbb knights[2],
                                 const int castle_moves_left[2], int exposed_side, int out[2],
                                 int *exposed);
/** The same on a view. */
int cam_eval_mobility_count(cam_view *v, int side);

#endif /* BOARDAI_CAMELOT_EVAL_MOBILITY_H */
