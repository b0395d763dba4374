/* Camelot's Zobrist hash from scratch and its castle keys (zobrist.c). */
#ifndef BOARDAI_CAMELOT_ZOBRIST_H
#define BOARDAI_CAMELOT_ZOBRIST_H

#include "camelot/camelot_internal.h"

/* The hash from scratch (for checking the incremental one). Covers board, side to move, castle
 * moves used and must-leave obligations, NOT quiet_plies (so that repetitions can be found). */
uint64_t cam_hash_full(const cam_state *s);
/* The hash key of "side has used count castle moves" (0 for count 0). */
uint64_t cam_zobrist_castle_key(int side, int count);

#endif /* BOARDAI_CAMELOT_ZOBRIST_H */
