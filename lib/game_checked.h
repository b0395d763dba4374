/* Calls into a game's vtable that check what the game answers, so that every path of the
 * library (positions, perft, the self-test and, through these helpers, the search) gives the
 * same answer to the same fault: BA_ERR_GAME for a value outside its contract. Defined in
 * lib/game.c. */
#ifndef BA_LIB_GAME_CHECKED_H
#define BA_LIB_GAME_CHECKED_H
#include "boardai/game.h"

/* The side to move, 0 or 1, or BA_ERR_GAME. */
int bac_game_side(const ba_game *g, const void *state);

/* The result (a BA_RESULT_ value), or BA_ERR_GAME when the game answers anything else. */
int bac_game_status(const ba_game *g, const void *state, const ba_history *hist);

/* generate() with its answer checked: a negative error code passes through; a count above
 * @p cap, or a move that is not canonical (len beyond BA_MOVE_MAX_BYTES, non-zero bytes past
 * len, "no move"), gives BA_ERR_GAME. */
int bac_game_generate(const ba_game *g, const void *state, const ba_history *hist,
                      ba_move *moves, size_t cap);

/* True when @p m is a canonical move: len within BA_MOVE_MAX_BYTES, zero bytes past len. */
int bac_move_canonical(const ba_move *m);

/* Checks the length @p len a text writer returned for a buffer @p buf of @p cap bytes: an error
 * code passes through; a length that does not fit the buffer or is not where the NUL is gives
 * BA_ERR_GAME (and the buffer is cut to a valid empty string when @p cap allows). */
int bac_text_len(int len, char *buf, size_t cap);
#endif
