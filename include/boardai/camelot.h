/**
 * @file camelot.h
 * @brief Camelot (World Camelot Federation rules) for libboardai.
 *
 * The rules, notation and position text are described in docs/camelot-rules.md. Side 0 is White
 * (its castle is F1 G1, it moves first), side 1 is Black (castle F16 G16).
 *
 * Moves are written in WCF notation: the start square and every landing square, `-` before the
 * landing of a plain move or canter, `x` before the landing of a jump, e.g. `D6-F8`, `F6xD8xD10`,
 * the Charge `J11-H9-F11-D9xB11`. Input may be lower case and may compress straight canters
 * (`J11-F11` for `J11-H11-F11`); output is always the full upper-case form.
 *
 * Stability: the declarations here only ever grow (new fields go at the end of
 * #ba_camelot_options, new functions at the end of their section).
 */
#ifndef BOARDAI_CAMELOT_H
#define BOARDAI_CAMELOT_H

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Castle moves (a piece in the opponent's castle stepping to the other castle square) each
 *  player may make in a game under the WCF rules. */
#define BA_CAMELOT_CASTLE_MOVES_DEFAULT 2

/** Default of #ba_camelot_options::knight_n, Nolan's knight-value parameter N (the evaluation
 *  engineer may retune it; see the evaluation section below). */
#define BA_CAMELOT_KNIGHT_N_DEFAULT 17.09

/**
 * Rule options of a Camelot game (the [choice]s of the project's rules) plus the evaluation
 * parameter N. Always start from ba_camelot_options_default() and change fields, so that fields
 * added later keep their defaults.
 */
typedef struct ba_camelot_options {
    /** 1 (default): 50 moves by each side (100 plies) without a capture and without a piece
     *  entering the opponent's castle draw the game. 0: no such draw. */
    int fifty_move_rule;
    /** 1 (default): the third occurrence of a position (same side to move, same castle-move
     *  counts) draws. 0: repetitions never draw. */
    int repetition_draw;
    /** Castle moves allowed per player per game, 0..255. Default
     *  #BA_CAMELOT_CASTLE_MOVES_DEFAULT (the WCF rule, counted per player). */
    int castle_moves_per_player;
    /** 1 (default, "reading A"): a knight making a move without capture may not land, anywhere
     *  on its canter path, on a square from which it could jump an enemy piece. 0: no such
     *  restriction (knights canter like men). */
    int knight_canter_rule;
    /** Nolan's N for the knight's value (used by the evaluation only). Default
     *  #BA_CAMELOT_KNIGHT_N_DEFAULT. */
    double knight_n;
} ba_camelot_options;

/** The default options: every draw rule on, two castle moves per player, reading A, default N. */
BA_API ba_camelot_options ba_camelot_options_default(void);

/** Camelot with the default options; a constant game, never freed (ba_game_destroy ignores it). */
BA_API const ba_game *ba_camelot_game(void);

/**
 * Makes a Camelot game with the given options (NULL: the defaults).
 * Free it with ba_game_destroy().
 * @return #BA_OK, #BA_ERR_RANGE with @p err naming the bad option, #BA_ERR_ARG if @p out is
 *         NULL, or #BA_ERR_NOMEM.
 */
BA_API int ba_camelot_create(const ba_camelot_options *opts, ba_game **out, ba_error *err);

/**
 * The options a Camelot game was made with (a copy into @p out).
 * @return #BA_OK, or #BA_ERR_ARG if @p game is not a Camelot game made by this module.
 */
BA_API int ba_camelot_get_options(const ba_game *game, ba_camelot_options *out);

/* ---- Evaluation (owned by the evaluation engineer) ---- */

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_CAMELOT_H */
