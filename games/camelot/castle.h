/* Camelot's castle rules beyond geometry: the own-castle obligation and castle moves (castle.c). */
#ifndef BOARDAI_CAMELOT_CASTLE_H
#define BOARDAI_CAMELOT_CASTLE_H

#include "camelot/genlist.h"

/* The castle moves of the piece on `from` (in the opponent's castle). */
void cam_gen_castle_moves(cam_gen *gen, int from, int capture_compulsory);
/* The piece on s->must_leave[side] when that obligation is live, else CAM_NO_SQUARE. */
int cam_obliged_piece(const cam_state *s);

#endif /* BOARDAI_CAMELOT_CASTLE_H */
