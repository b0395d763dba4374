/* Internals of the Kalah solver that the tests reach into (the endgame database and the fast
 * sowing are checked against the game module's rules). */
#ifndef BOARDAI_KAL_SOLVER_H
#define BOARDAI_KAL_SOLVER_H

#include <stdint.h>

#include "kal_rules.h"

/* The solver's board, always from the side to move's point of view: the mover's pits in
 * b[0..m-1], the opponent's in b[8..8+m-1] (each in sowing order), everything else zero. Stores
 * are not part of it: the solver works with the margin still to be won from the pits. Turning
 * the board for the other side is swapping the two words. */
typedef union kal_board {
    uint8_t b[16];
    uint64_t w[2];
} kal_board;

/* What a move did on a kal_board. */
enum { KAL_SOW_PASS = 0, KAL_SOW_EXTRA = 1, KAL_SOW_END = 2 };

/* The solver's board of a game state (side to move's view) and its store margin. */
void kal_board_from_state(const kal_state *s, kal_board *out, int *store_margin);

/* Plays pit i on a solver board with the rules p (no flip: the board stays in the mover's view).
 * Returns KAL_SOW_PASS (the turn passes), KAL_SOW_EXTRA or KAL_SOW_END; *gain is the mover's
 * net gain (store seeds and captures; at the end also + own rest - opponent's rest). Slow,
 * table-free reference version used by the tests and the database check. */
int kal_board_play(const kal_params *p, kal_board *B, int i, int *gain);

/* The exact value (side to move's margin still to be won from the pits) of a board, using the
 * endgame database of a solver built for up to db_seeds seeds. Exposed for the tests:
 * kal_db_value returns -1000 when the board is not in the database. */
typedef struct ba_kalah_solver ba_kalah_solver;
int kal_db_value(ba_kalah_solver *s, const kal_board *B);
int kal_solver_prepare_db(ba_kalah_solver *s, int db_seeds);

/* The solver's fast, table-driven sowing (same contract as kal_board_play). */
int kal_solver_sow(const ba_kalah_solver *s, kal_board *B, int i, int *gain);

#endif /* BOARDAI_KAL_SOLVER_H */
