/**
 * @file selftest.h
 * @brief A self-test for any game: seeded random games that check the vtable's contract.
 *
 * Run it on every game you write (docs/adding-a-game.md), as OpenSpiel runs its random
 * simulation test on its games:
 * @code
 * ba_selftest_options opts = BA_SELFTEST_OPTIONS_INIT;
 * ba_error err;
 * if (ba_game_selftest(&my_game, &opts, &err) != BA_OK)
 *     fprintf(stderr, "self-test: %s\n", err.message);
 * @endcode
 *
 * It plays #ba_selftest_options::games random games from the start position and, at every
 * position, checks:
 * - side_to_move() is 0 or 1, status() is a BA_RESULT_ value, evaluate() is within
 *   ±#BA_SCORE_EVAL_MAX;
 * - the legal moves are unique and canonical (no "no move", zero bytes past `len`), at most
 *   #ba_game::max_moves, generated deterministically, and generate() with room for one move too
 *   few answers #BA_ERR_BUFFER; noisy moves (if any) are legal moves;
 * - every move's text parses back to the same move, and every move applies cleanly to a copy
 *   without changing the original;
 * - the position text parses back to the same text, side and hash; the hash is stable (the same
 *   state hashes the same twice) and equal states (same position text, in any game of the run)
 *   have equal hashes;
 * - a finished position has no moves, a position without moves is finished, and no game runs
 *   past #ba_game::max_plies when the game sets it;
 * and then, on #ba_selftest_options::search_positions random positions, that alpha-beta (with and
 * without the transposition table) gives exactly the negamax value at
 * #ba_selftest_options::search_depth. Text checks go through ba_game_move_to_text() and its
 * siblings, so a game that leaves its text functions NULL tests the library's defaults.
 */
#ifndef BOARDAI_SELFTEST_H
#define BOARDAI_SELFTEST_H

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What a self-test run saw (filled when #ba_selftest_options::stats is set). */
typedef struct ba_selftest_stats {
    uint64_t games;          /**< Random games played. */
    uint64_t positions;      /**< Positions checked. */
    uint64_t moves_checked;  /**< Moves round-tripped through text and applied. */
    uint64_t results[4];     /**< Finished games by BA_RESULT_ value (index 0: cut at the cap). */
    uint64_t max_moves_seen; /**< Largest legal move count met. */
    uint64_t longest_game;   /**< Plies of the longest game. */
    uint64_t searches;       /**< Positions where negamax and alpha-beta were compared. */
} ba_selftest_stats;

/**
 * Options of ba_game_selftest(). Start from #BA_SELFTEST_OPTIONS_INIT and change fields: the
 * struct may grow at its end in later versions (#struct_size tells the library how much of it
 * the caller knows; fields beyond it take their defaults).
 */
typedef struct ba_selftest_options {
    uint32_t struct_size;    /**< `sizeof(ba_selftest_options)`, set by #BA_SELFTEST_OPTIONS_INIT. */
    uint64_t seed;           /**< Seed of the random games. Default 1. */
    int games;               /**< Random games, 0..1000000. Default 20. */
    int max_plies;           /**< Plies per game at most; 0: the game's max_plies, or 1000. */
    int search_positions;    /**< Positions for negamax = alpha-beta, 0 (skip)..10000. Default 8. */
    int search_depth;        /**< Depth of that comparison, 1..8. Default 3. */
    int search_random_plies; /**< Random plies to reach those positions, 0..1000. Default 20. */
    ba_selftest_stats *stats; /**< Optional: receives what the run saw. */
} ba_selftest_options;

/** The default options (see the fields). */
#define BA_SELFTEST_OPTIONS_INIT {(uint32_t)sizeof(ba_selftest_options), 1, 20, 0, 8, 3, 20, NULL}

/**
 * Runs the self-test on @p game (see the file comment for the checks).
 * @param game the game to test (ba_game_check() first)
 * @param opts the options (NULL: the defaults)
 * @param err on failure says which check failed, where (game, seed, game number, ply, position
 *        text) and what the game answered; may be NULL
 * @return #BA_OK when every check holds; #BA_ERR_GAME when a check fails (or ba_game_check()
 *         fails); #BA_ERR_ARG / #BA_ERR_RANGE for bad arguments; #BA_ERR_NOMEM.
 */
BA_API int ba_game_selftest(const ba_game *game, const ba_selftest_options *opts, ba_error *err);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_SELFTEST_H */
