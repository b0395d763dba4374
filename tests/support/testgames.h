/* Small games for testing the core, written only against the public headers.
 *
 * Use: `const ba_game *g = bt_nim_game();` (or bt_tictactoe_game(), bt_synth_game(variant)) and
 * pass g to ba_pos_new / ba_engine_new / ba_conformance_run like any game module's game.
 *
 * - Nim: heaps of counters; a move takes 1.. from one heap; whoever takes the last counter wins.
 *   Position text "3 4 5 / 0" (heaps, '/', side to move). Move text "h:n" (heap index, count).
 *   The side to move loses exactly when the xor of the heaps is 0: an independent truth.
 * - Tic-tac-toe: the classic 3x3 game; text "xo.......x" style (9 cells then side); move "a1".."c3".
 * - Synthetic "random tree" (bt_synth_game(v), v in 0..BT_SYNTH_VARIANTS-1): a state is a vector
 *   of small counters; move i raises counter i (in the cyclic variants it may also lower it), so
 *   different move orders transpose. Which moves exist, extra turns (the same side moves again),
 *   terminal positions and their result, "noisy" moves and evaluations are all derived from a
 *   hash of the state, so every variant is a different, reproducible tree. Cyclic variants set
 *   BA_GAME_HISTORY_MATTERS: a position seen before in the history is a draw (repetition).
 *   Position text "c0,c1,...:s"; move text "i+" or "i-".
 */
#ifndef BA_TEST_TESTGAMES_H
#define BA_TEST_TESTGAMES_H
#include <boardai/game.h>

/** Number of synthetic variants: 0, 1 acyclic; 2 acyclic with big evaluations and many extra
 *  turns; 3 cyclic (history matters); 4 acyclic without noisy moves or order keys. */
#define BT_SYNTH_VARIANTS 5

const ba_game *bt_nim_game(void);
const ba_game *bt_tictactoe_game(void);
const ba_game *bt_synth_game(int variant);
/** A bigger synthetic tree for benchmarks: 8 counters of 0..5 (40 plies), branching up to 8,
 *  rarely terminal before the end. */
const ba_game *bt_synth_big_game(void);
/** The cyclic synthetic game with an irreversible move (counter 0 only goes up) and a
 *  repeat_window hook: the plies since counter 0 last went up (kept in the state, not hashed). */
const ba_game *bt_synth_window_game(void);
/** Connect Four (7x6, tests/external/connect4.c, the outside game written against the installed
 *  headers), whose hash is the position itself (a perfect key with regular low bits). Moves
 *  "a".."g" (columns); position text: the rows from the top, '/'-separated, 'x' (moves first),
 *  'o' and '.', e.g. "......./......./......./......./......./...x...". */
const ba_game *bt_connect4_game(void);
/** 1 if the synthetic variant is cyclic (history matters). */
int bt_synth_is_cyclic(int variant);
#endif
