/* Camelot move generation: the order in which the rules apply, and the legal move lists
 * (movegen.c). */
#ifndef BOARDAI_CAMELOT_MOVEGEN_H
#define BOARDAI_CAMELOT_MOVEGEN_H

#include "camelot/camelot_internal.h"

/* All legal moves (no end-of-game check: the vtable's generate adds that). Returns the count,
 * BA_ERR_BUFFER if cap is too small. */
int cam_generate_legal(const ba_game *g, const cam_state *s, ba_move *moves, size_t cap);
/* The noisy moves: captures (jumps and charges) and the compulsory own-castle leaves. */
int cam_generate_noisy_moves(const ba_game *g, const cam_state *s, ba_move *moves, size_t cap);
/* The legal moves that start on `from` (the turn's rules applied as for all moves). */
int cam_generate_from(const ba_game *g, const cam_state *s, int from, ba_move *moves, size_t cap);
/* 1 if the piece on sq (of the side to move) has at least one move by the piece rules
 * (ignoring compulsory capture and the castle obligation), without listing them. */
int cam_piece_has_move(const ba_game *g, const cam_state *s, int sq);
/* 1 if the side to move has at least one move by the piece rules (some piece outside the
 * opponent's castle can step, jump or make a first canter, or a castle move is left; a canter
 * implies a step, see movegen.c): the same
 * answer as cam_piece_has_move for any of its pieces, for all of them at once on the piece
 * sets. */
int cam_side_has_move(const ba_game *g, const cam_state *s);
/* 1 if the piece on sq (of side `side`) has a jump right now. */
int cam_piece_can_jump(const cam_state *s, int sq);
/* 1 if any piece of `side` can jump (compulsory capture test; castles included). */
int cam_side_can_jump(const cam_state *s, int side);

#endif /* BOARDAI_CAMELOT_MOVEGEN_H */
