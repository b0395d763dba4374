/* Generic checks every game module runs from its own tests.
 *
 * Use (in tests/<game>/test_<something>.c):
 *
 *     char msg[512];
 *     ba_conformance_stats st;
 *     ck_assert_msg(ba_conformance_run(ba_kalah_game(), 42, 200, 0, &st, msg, sizeof msg) == 0,
 *                   "%s", msg);
 *     ck_assert_msg(ba_search_equivalence_check(ba_kalah_game(), 7, 100, 4, 30, msg,
 *                   sizeof msg) == 0, "%s", msg);
 *
 * ba_conformance_run() plays `games` seeded random games from the start position and checks the
 * vtable contract at every position (see the function comment). ba_search_equivalence_check()
 * checks that alpha-beta (TT on and off) gives exactly the negamax value on random positions,
 * with quiescence off and, when the game has noisy moves, on. Both return 0 on success, and
 * otherwise a non-zero value with `msg` saying which check failed, where (game, ply, position
 * text) and how to reproduce it (seed).
 */
#ifndef BA_TEST_CONFORMANCE_H
#define BA_TEST_CONFORMANCE_H
#include <stddef.h>
#include <stdint.h>

#include <boardai/game.h>

typedef struct ba_conformance_stats {
    uint64_t games;          /**< games played */
    uint64_t positions;      /**< positions checked */
    uint64_t moves_checked;  /**< moves round-tripped through text and applied */
    uint64_t results[4];     /**< finished games by BA_RESULT_ value (index 0: cut at max_plies) */
    uint64_t max_moves_seen; /**< largest legal move count met */
    uint64_t longest_game;   /**< plies of the longest game */
} ba_conformance_stats;

/**
 * Plays @p games random games (seeded by @p seed) of at most @p max_plies plies each (0: the
 * game's max_plies, or 1000 if it has none) and checks at every position:
 * ba_game_check passes; side_to_move is 0 or 1; evaluate is within ±BA_SCORE_EVAL_MAX;
 * position text round-trips (text -> state -> same text) and the re-read state has the same
 * hash (incremental hash == recomputed); the legal moves are unique, canonical (bytes past len
 * zero), within max_moves, their text parses back (move_from_text) to the identical move, and
 * each applies cleanly to a copy without touching the original; generate with a buffer one too
 * small fails with BA_ERR_BUFFER; noisy moves (if any) are a subset of the legal moves; a
 * finished position has no moves and a result, a position without moves is finished; a game
 * never exceeds g->max_plies when that is set. @p stats may be NULL.
 * @return 0 when everything holds, else non-zero with @p msg filled.
 */
int ba_conformance_run(const ba_game *g, uint64_t seed, int games, int max_plies,
                       ba_conformance_stats *stats, char *msg, size_t msgcap);

/**
 * On @p positions random positions (reached by up to @p max_random_plies random plies from the
 * start, seeded by @p seed) compares the alpha-beta value at @p depth (TT off, TT on) with the
 * negamax value at the same depth, with quiescence off and (if the game has noisy moves) on,
 * noise off, BA_OPT_TT_DEEPER 0, BA_OPT_SELECTIVE 0. Also checks that best-first at min(depth, 2) equals negamax and
 * that every returned best move is legal. All engines are public-API engines.
 * @return 0 when all values agree, else non-zero with @p msg filled.
 */
int ba_search_equivalence_check(const ba_game *g, uint64_t seed, int positions, int depth,
                                int max_random_plies, char *msg, size_t msgcap);

/** Options of ba_search_equivalence_check_ex(); start from ba_equivalence_defaults(). */
typedef struct ba_equivalence_options {
    int quiescence; /**< -1: off, then on if the game has noisy moves (default); 0: off; 1: on */
    int qdepth;     /**< BA_OPT_QDEPTH for every engine (default 32, the engine default); a
                         small value keeps the full-width negamax quiescence affordable */
    int tt_mb;      /**< table size of the alpha-beta engines with a table (default 1) */
    int aspiration; /**< window of the aspiration engine (default 7) */
} ba_equivalence_options;

/** The defaults described in #ba_equivalence_options. */
ba_equivalence_options ba_equivalence_defaults(void);

/** ba_search_equivalence_check() with options (NULL = defaults). */
int ba_search_equivalence_check_ex(const ba_game *g, uint64_t seed, int positions, int depth,
                                   int max_random_plies, const ba_equivalence_options *opt,
                                   char *msg, size_t msgcap);
#endif
