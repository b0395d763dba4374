/* Nolan's factor 5, mobility: the squares all pieces of a side control (eval_mobility.c). */
#ifndef BOARDAI_CAMELOT_EVAL_MOBILITY_H
#define BOARDAI_CAMELOT_EVAL_MOBILITY_H

#include "camelot/eval_view.h"

/** Squares controlled by all pieces of @p side (the raw count, before the weight). */
int cam_eval_mobility_count(cam_view *v, int side);

#endif /* BOARDAI_CAMELOT_EVAL_MOBILITY_H */
