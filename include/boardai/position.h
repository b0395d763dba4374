/**
 * @file position.h
 * @brief A game in progress: a state plus the history of moves that led to it.
 *
 * A #ba_pos owns the current state of one game, the moves played and the hashes of the earlier
 * positions (for repetition rules and undo). Every move played through it is checked for
 * legality. One #ba_pos must not be used by two threads at once; distinct ones are independent.
 */
#ifndef BOARDAI_POSITION_H
#define BOARDAI_POSITION_H

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque game in progress. */
typedef struct ba_pos ba_pos;

/** Creates a position at the game's start. @p game must outlive it. */
BA_API int ba_pos_new(const ba_game *game, ba_pos **out);

/** Frees a position; NULL is a no-op. */
BA_API void ba_pos_free(ba_pos *pos);

/** Makes an independent copy (state and history). */
BA_API int ba_pos_clone(const ba_pos *pos, ba_pos **out);

/** Goes back to the start position and forgets the history. */
BA_API int ba_pos_reset(ba_pos *pos);

/** Sets the position from the game's position text and forgets the history. On error the
 *  position is unchanged and @p err says what was wrong. */
BA_API int ba_pos_set_text(ba_pos *pos, const char *text, ba_error *err);

/** Writes the position text (NUL-terminated). @return its length or an error code. */
BA_API int ba_pos_text(const ba_pos *pos, char *buf, size_t cap);

/** Draws the board for people, if the game can (#BA_ERR_UNSUPPORTED otherwise). */
BA_API int ba_pos_render(const ba_pos *pos, char *buf, size_t cap);

/** The game this position belongs to. */
BA_API const ba_game *ba_pos_game(const ba_pos *pos);

/** The current state (read-only; `ba_pos_game(pos)->state_size` bytes). */
BA_API const void *ba_pos_state(const ba_pos *pos);

/** The side to move, 0 or 1 (or #BA_ERR_ARG). */
BA_API int ba_pos_side_to_move(const ba_pos *pos);

/** The hash of the current state. */
BA_API uint64_t ba_pos_hash(const ba_pos *pos);

/** Plies played since the start (or since the last ba_pos_set_text()). */
BA_API size_t ba_pos_ply(const ba_pos *pos);

/** The hashes of the earlier positions, as the game's functions receive them. The view stays
 *  valid until the position is next changed. */
BA_API int ba_pos_history(const ba_pos *pos, ba_history *out);

/** The move played at ply @p index (0 = first) into @p out. */
BA_API int ba_pos_move_at(const ba_pos *pos, size_t index, ba_move *out);

/** The result of the current position (a BA_RESULT_ value) or a negative error code. */
BA_API int ba_pos_result(const ba_pos *pos);

/** Legal moves into @p moves (capacity @p cap; `game->max_moves` always suffices).
 *  @return the count or an error code. */
BA_API int ba_pos_moves(const ba_pos *pos, ba_move *moves, size_t cap);

/** Plays a move after checking that it is legal (#BA_ERR_ILLEGAL, #BA_ERR_STATE after the end). */
BA_API int ba_pos_play(ba_pos *pos, const ba_move *move, ba_error *err);

/** Parses a move in the game's notation and plays it; @p err says what was wrong. The game's
 *  parser checks legality (#BA_ERR_ILLEGAL; #BA_ERR_STATE after the end), so the move is not
 *  looked up again in the list of legal moves, as ba_pos_play() does. */
BA_API int ba_pos_play_text(ba_pos *pos, const char *text, ba_error *err);

/** Parses a move in the game's notation for the current position without playing it. */
BA_API int ba_pos_parse_move(const ba_pos *pos, const char *text, ba_move *out, ba_error *err);

/** Writes a move of the current position in the game's notation. @return length or error. */
BA_API int ba_pos_move_text(const ba_pos *pos, const ba_move *move, char *buf, size_t cap);

/** Takes back the last move (#BA_ERR_STATE when there is none). */
BA_API int ba_pos_undo(ba_pos *pos);

/** The static evaluation of the current position, side to move's view, into @p score. */
BA_API int ba_pos_evaluate(const ba_pos *pos, int *score);

/** Explains the evaluation term by term, if the game can (#BA_ERR_UNSUPPORTED otherwise). */
BA_API int ba_pos_explain(const ba_pos *pos, char *buf, size_t cap);

/** @name Game text, with the library's defaults
 *  The four text functions of a #ba_game are optional. These calls use the game's own function
 *  when it has one, and check what it answers (a length that does not fit the buffer or does
 *  not match the NUL, a non-canonical parsed move: #BA_ERR_GAME). When a game leaves them NULL:
 *  - a move is written as its bytes in lower-case hex, then `/` and its tag in hex when the tag
 *    is not zero (`"0c07"`, `"0c07/2"`, `"/1"`), and read back by finding the generated move
 *    with those bytes (so a parsed move is always legal; else #BA_ERR_ILLEGAL);
 *  - a position is written as the state's bytes in hex (states up to
 *    (#BA_POS_TEXT_MAX - 1) / 2 bytes) and read back byte for byte; the text is then not checked
 *    for being a reachable position, and the game should keep unused (padding) bytes zero.
 *  Every ba_pos_ text call goes through these.
 *  @{ */
/** Writes @p move (legal in @p state) as text. @return the length or an error code. */
BA_API int ba_game_move_to_text(const ba_game *g, const void *state, const ba_move *move,
                                char *buf, size_t cap);
/** Parses a move of @p state (@p hist may be NULL: no history). @return #BA_OK or an error. */
BA_API int ba_game_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                                  const char *text, ba_move *out, ba_error *err);
/** Writes the position text of @p state. @return the length or an error code. */
BA_API int ba_game_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap);
/** Reads a position text into @p state (@p g->state_size bytes). @return #BA_OK or an error. */
BA_API int ba_game_position_from_text(const ba_game *g, void *state, const char *text,
                                      ba_error *err);
/** @} */

/**
 * Counts the leaves of the legal move tree of depth @p depth (perft), with the game's end rules
 * applied (a finished position has no moves). Uses the history for repetition rules.
 */
BA_API int ba_perft(const ba_pos *pos, int depth, uint64_t *count);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_POSITION_H */
