/**
 * @file ugolki.h
 * @brief Ugolki (corners): the game module, its variants and the corners article's evaluation.
 *
 * The board is 8x8, files a-h, ranks 1-8. Side 0 is White, starting in the 3x3 block a1-c3 and
 * moving first; side 1 is Black, starting on f6-h8. A move is one step to an orthogonally adjacent
 * empty square, or a chain of one or more leaps over an adjacent piece (either colour, nothing is
 * captured) onto the empty square beyond; the chain may turn and may stop after any leap, but may
 * not end where it began. The goal is to fill the opponent's starting corner. If White completes
 * first, Black gets one more move (the equalising move): completing then draws. Anti-blocking:
 * a side that has made more than 40 moves and still has a piece in its own starting corner loses,
 * and so does one that moves a piece back into it after its move 40. A side without a legal move
 * passes (`pass`); if neither side can move the game is drawn; it is also drawn at a ply cap (400).
 *
 * Variants (#ba_ugolki_options): 12 pieces (3 rows of 4: White a1-d3, Black e6-h8), 16 pieces
 * (4x4: a1-d4 and e5-h8), diagonal steps and leaps, other anti-blocking limits and ply cap.
 *
 * Notation: a step `c3-c4`; a leap chain names every landing, `a1-a3-c3-c5` (the program writes a
 * shortest chain; the reader accepts any valid chain, or just start and end); `pass`.
 *
 * Position text: the board from rank 8 down to rank 1, ranks separated by `/`, `w` and `b` for
 * pieces and digits for runs of empty squares (as in chess FEN); then the side to move (`w` or
 * `b`); then the number of plies played; then flags: `-` for none, or any of `p` (the last move
 * was a pass) and `W` / `B` (White / Black has just moved a piece back into its own starting
 * corner after the limit, and lost). The default start is
 * `5bbb/5bbb/5bbb/8/8/www5/www5/www5 w 0 -`.
 *
 * Evaluation (docs/ugolki.md): the article's square table through the generic piece-square
 * evaluator (pst.h), the finish test, the asymmetric own/3 - opponent weighting from the side the
 * program plays (#ba_ugolki_options::program_side) and an optional, seeded 0-or-1 bonus per square.
 */
#ifndef BOARDAI_UGOLKI_H
#define BOARDAI_UGOLKI_H

#include "engine.h"
#include "pst.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The search algorithm recommended for ugolki (a #ba_algorithm): the one that won the
 * engine-versus-engine match at equal time recorded in docs/ugolki.md. The library's engines
 * default to alpha-beta for every game; boardai-ugolki sets this one.
 */
#define BA_UGOLKI_DEFAULT_ALGORITHM BA_ALG_BESTFIRST

/** Largest anti-blocking limit (in moves of one side) and ply cap accepted. */
#define BA_UGOLKI_MAX_LIMIT 100000

/** The rules and evaluation settings of an ugolki variant. Start from ba_ugolki_options_default(). */
typedef struct ba_ugolki_options {
    int pieces;        /**< Pieces per side: 9 (3x3, default), 12 (3 rows of 4) or 16 (4x4). */
    int diagonal;      /**< 1: steps and leaps in the four diagonal directions too. Default 0. */
    int stay_limit;    /**< A side that has made more than this many moves and still has a piece
                            in its own starting corner loses. 0 = rule off. Default 40. */
    int return_limit;  /**< A side that moves a piece into its own starting corner in a move
                            numbered above this limit loses. 0 = rule off. Default 40. */
    int ply_cap;       /**< The game is drawn after this many plies. 0 = no cap. Default 400. */
    int asymmetric;    /**< 1 (default): the evaluation is S(own)/3 - S(opp) seen from
                            #program_side (and its negation from the other side); 0: the
                            symmetric S(own) - S(opp). */
    int program_side;  /**< The side the program plays (0 or 1, default 0), for the asymmetric
                            weighting. A program sets it to the side its engine plays. */
    int finish_test;   /**< 1 (default): a side whose table sum exceeds the finish threshold is
                            scored as (nearly) won, earlier wins higher. */
    int random_bonus;  /**< 1: every table entry gets a bonus of 0 or 1, drawn from #seed and the
                            ply, so games vary but stay repeatable. Default 0. */
    uint64_t seed;     /**< Seed of the random bonus. Default 0. */
} ba_ugolki_options;

/** The default rules and evaluation: 9 pieces, orthogonal, limits 40/40, ply cap 400,
 *  asymmetric weighting from side 0, finish test on, no random bonus. */
BA_API ba_ugolki_options ba_ugolki_options_default(void);

/** The default game, a constant (no need to destroy it). */
BA_API const ba_game *ba_ugolki_game(void);

/**
 * Makes an ugolki variant. Free it with ba_game_destroy().
 * @param opts the rules (NULL: the defaults)
 * @param out receives the game
 * @param err filled on failure (may be NULL), e.g. "pieces must be 9, 12 or 16, got 10"
 * @return #BA_OK, #BA_ERR_RANGE for out-of-range options, #BA_ERR_NOMEM, #BA_ERR_ARG
 */
BA_API int ba_ugolki_create(const ba_ugolki_options *opts, ba_game **out, ba_error *err);

/**
 * The options of an ugolki game made by this module into @p out.
 * @return #BA_OK, or #BA_ERR_ARG when @p g is not an ugolki game.
 */
BA_API int ba_ugolki_get_options(const ba_game *g, ba_ugolki_options *out);

#ifdef BOARDAI_EXPERIMENTAL /* experimental: docs/api-stability.md */
/** The corners article's square table as a piece-square description (64 entries, one piece
 *  type, no material, #BA_PST_ROTATE: Black reads index 63 - White's index). */
BA_API const ba_pst *ba_ugolki_pst(void);
#endif

/**
 * The finish threshold of a game's evaluation: a side whose table sum exceeds it has (nearly)
 * finished. 540 = 60 x 9 for 9 pieces; for the variants, the same fraction 10/11 of the table sum
 * of a completely filled target corner (594 for 9 pieces), rounded down: 684 for 12, 826 for 16.
 * @return the threshold, or #BA_ERR_ARG when @p g is not an ugolki game.
 */
BA_API int ba_ugolki_finish_threshold(const ba_game *g);

/**
 * The table sum S(side) of a position state of @p g (including the random bonus when it is on),
 * as the evaluation uses it. @return the sum, or #BA_ERR_ARG.
 */
BA_API int ba_ugolki_side_sum(const ba_game *g, const void *state, int side);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_UGOLKI_H */
