/* Broken hooks for tic-tac-toe (testgames.h): each breaks one rule of the game contract, for the
 * tests that check what the library does with a broken game (tests/hardening/test_game_faults.c:
 * every path answers BA_ERR_GAME; test_selftest.c: ba_game_selftest() names the fault). Put one
 * into a copy of bt_tictactoe_game()'s vtable. */
#ifndef BA_TEST_BROKEN_GAMES_H
#define BA_TEST_BROKEN_GAMES_H
#include <boardai/game.h>

/** side_to_move: 7, no side. */
int bt_broken_side_seven(const ba_game *g, const void *st);
/** status: 9, no result. */
int bt_broken_status_nine(const ba_game *g, const void *st, const ba_history *h);
/** generate: tic-tac-toe's moves, with a non-zero byte past the first move's len. */
int bt_broken_garbage_generate(const ba_game *g, const void *st, const ba_history *h, ba_move *m,
                               size_t cap);
/** move_to_text: writes the text but claims 5 bytes more than the buffer holds. */
int bt_broken_overlong_move_text(const ba_game *g, const void *st, const ba_move *m, char *buf,
                                 size_t cap);
/** evaluate: BA_SCORE_EVAL_MAX + 1. */
int bt_broken_eval_above(const ba_game *g, const void *st);
/** evaluate: -BA_SCORE_EVAL_MAX - 1. */
int bt_broken_eval_below(const ba_game *g, const void *st);

#endif
