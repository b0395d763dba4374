/* Camelot squares <-> coordinates and text, castles, the start position (board.c). */
#ifndef BOARDAI_CAMELOT_BOARD_H
#define BOARDAI_CAMELOT_BOARD_H

#include "camelot/camelot_internal.h"

/* Square of (file 0..11, rank 0..15), or CAM_NO_SQUARE if that is not a board square. */
int cam_square_at(int file, int rank);
/* The mirror square under rank r <-> 17 - r (maps one side's set-up onto the other's). */
int cam_mirror_square(int sq);
/* 1 if sq is a castle square (of either side). */
int cam_is_castle(int sq);
/* The side whose OWN castle sq is (0 for F1/G1, 1 for F16/G16), or -1. */
int cam_castle_owner(int sq);
/* Writes "F1", "L13", ... into buf (cap >= 4). Returns the length, or BA_ERR_BUFFER/ARG. */
int cam_square_to_text(int sq, char *buf, size_t cap);
/* Parses a square at text (file letter A-L/a-l then rank 1-16); sets *sq and *end (first char
 * after it). Fails with BA_ERR_PARSE and a message naming the bad text. */
int cam_square_from_text(const char *text, int *sq, const char **end, ba_error *err);
/* Sets up the start position. */
void cam_start_position(cam_state *s);
/* Recomputes piece_count, the piece sets and hash from board & co (after editing a state by
 * hand). */
void cam_state_finish(cam_state *s);

#endif /* BOARDAI_CAMELOT_BOARD_H */
