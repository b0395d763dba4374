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

#include "engine.h" /* ba_engine, for the levels */
#include "game.h"
#include "position.h" /* ba_pos, for the record reader */

#ifdef __cplusplus
extern "C" {
#endif

/** Castle moves (a piece in the opponent's castle stepping to the other castle square) each
 *  player may make in a game under the WCF rules. */
#define BA_CAMELOT_CASTLE_MOVES_DEFAULT 2

/** Default of #ba_camelot_options::knight_n, Nolan's knight-value parameter N (the evaluation
 *  engineer may retune it; see the evaluation section below). */
#define BA_CAMELOT_KNIGHT_N_DEFAULT 17.09

/* ---- Evaluation (owned by the evaluation engineer) ---- */
/* (Placed before ba_camelot_options, which holds the weights; see docs/camelot-evaluation.md.) */

/** The evaluation's integer unit: hundredths of Nolan's points (a man is worth 100 points, so
 *  10000 units), which keeps the two decimals of the knight's value K(P, N). */
#define BA_CAMELOT_EVAL_SCALE 100

/** Entries of #ba_camelot_weights::advance: one per rank, counted from the side's own castle. */
#define BA_CAMELOT_ADVANCE_RANKS 16
/** Entries of #ba_camelot_weights::centre: one per file, A..L. */
#define BA_CAMELOT_CENTRE_FILES 12

/**
 * The weights of Michael Nolan's twelve evaluation factors, in his points (the evaluation
 * multiplies them by #BA_CAMELOT_EVAL_SCALE). Nolan's N is #ba_camelot_options::knight_n.
 * The defaults (ba_camelot_weights_default()) are the "tuned" preset: Nolan's weights with the
 * knight's base X fitted, and mobility and trading left out; ba_camelot_weights_preset() gives
 * Nolan's own as "nolan".
 */
typedef struct ba_camelot_weights {
    /** Factor 1: X in K(P, N) = man + man/100 * (X^(N-1) - X^(N-P)); Nolan's 4/3. Must be > 1. */
    double knight_x;
    /** Factor 1: a man's value, 100. */
    int man;
    /** Factor 2: two own pieces in the opponent's castle (a win), 3100. */
    int castle_win;
    /** Factor 3: every enemy piece captured while keeping two or more (a win), 3000. */
    int wipeout_win;
    /** Factor 4: per piece by rank counted from its own side (index 0 = own castle row,
     *  15 = the opponent's castle): 0 2 4 6 8 11 14 17 21 25 29 33 37 41 45 0. */
    int advance[BA_CAMELOT_ADVANCE_RANKS];
    /** Factor 5: per square controlled, 1. */
    int mobility;
    /** Factor 6: trading term, this times own material divided by the opponent's, 400. */
    int trading;
    /** Factor 7: per piece by file A..L: 0 1 2 3 4 5 5 4 3 2 1 0. */
    int centre[BA_CAMELOT_CENTRE_FILES];
    /** Factor 8: per piece next to a friendly knight, 5. */
    int knight_support;
    /** Factor 9: per man next to a friendly man, 2. */
    int man_support;
    /** Factor 10: moving (or standing) next to an enemy piece one could jump while it cannot
     *  jump back, -15. Used by the move ordering and, for the side that has just moved, by
     *  the evaluation. */
    int exposure;
    /** Factor 11 (move ordering): a move leaving one's own castle, 6000. */
    int leave_castle;
    /** Factor 12 (move ordering): a capturing move (jump or Charge), 4500. */
    int capture;
} ba_camelot_weights;

#ifdef BOARDAI_EXPERIMENTAL /* experimental: docs/api-stability.md */
/** Nolan's published weights as a constant initialiser of #ba_camelot_weights (the "nolan"
 *  preset; see the field comments). */
#define BA_CAMELOT_WEIGHTS_NOLAN_INIT                                                          \
    {4.0 / 3.0, 100, 3100, 3000, {0, 2, 4, 6, 8, 11, 14, 17, 21, 25, 29, 33, 37, 41, 45, 0}, 1, \
     400, {0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0}, 5, 2, -15, 6000, 4500}

/** The "tuned" preset as a constant initialiser: Nolan's weights with the base X of the
 *  knight's value fitted by Texel regression (1.2962 instead of 4/3), and mobility (factor 5)
 *  and trading (factor 6) at 0, the two factors the ablation at equal time found costing more
 *  than they bring. */
#define BA_CAMELOT_WEIGHTS_TUNED_INIT                                                          \
    {1.2962, 100, 3100, 3000, {0, 2, 4, 6, 8, 11, 14, 17, 21, 25, 29, 33, 37, 41, 45, 0}, 0,    \
     0, {0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0}, 5, 2, -15, 6000, 4500}

/** The default weights as a constant initialiser (for static data): the "tuned" preset since
 *  it beat "nolan" by an SPRT at 100 ms a move (docs/camelot-evaluation.md, "Tuning"). */
#define BA_CAMELOT_WEIGHTS_DEFAULT_INIT BA_CAMELOT_WEIGHTS_TUNED_INIT

/** The default weights (#BA_CAMELOT_WEIGHTS_DEFAULT_INIT, the "tuned" preset). For Nolan's own
 *  weights ask ba_camelot_weights_preset() for "nolan". */
BA_API ba_camelot_weights ba_camelot_weights_default(void);
#endif /* BOARDAI_EXPERIMENTAL: the default weights */

/**
 * The weights of a named preset: "nolan" (Michael Nolan's published weights) or "tuned" (Nolan's
 * with the knight's base X fitted by Texel regression on self-play positions, and mobility and
 * trading at 0 after the ablation at equal time; the default since it beat "nolan" by an SPRT
 * at equal time, see docs/camelot-evaluation.md, "Tuning").
 * @return #BA_OK, #BA_ERR_ARG for a NULL argument, #BA_ERR_RANGE for an unknown preset (the
 * message names it).
 */
BA_API int ba_camelot_weights_preset(const char *name, ba_camelot_weights *out, ba_error *err);

/** The name of the preset whose weights are exactly @p w ("nolan" or "tuned"), or "custom". */
BA_API const char *ba_camelot_weights_name(const ba_camelot_weights *w);

#ifdef BOARDAI_EXPERIMENTAL /* experimental: docs/api-stability.md */
/**
 * Checks that weights are usable: knight_x in (1, 4], man in 1..10000, every other weight within
 * +-100000 (terms saturate and the score is clamped to +-BA_SCORE_EVAL_MAX, so nothing
 * overflows). @return #BA_OK or #BA_ERR_RANGE naming the field.
 */
BA_API int ba_camelot_weights_check(const ba_camelot_weights *w, ba_error *err);

/**
 * Nolan's knight value K(P, N) in points: `man + man/100 * (X^(N-1) - X^(N-P))` for P >= 2,
 * `man` for P <= 1, with X = w->knight_x and man = w->man (NULL @p w: the defaults, so
 * 100 + (4/3)^(N-1) - (4/3)^(N-P)). @p pieces is P, the side's pieces not in a castle.
 */
BA_API double ba_camelot_knight_value(double n, const ba_camelot_weights *w, int pieces);

/** The position factors, in the order of Nolan's numbering (factors 11 and 12 score moves). */
typedef enum ba_camelot_factor {
    BA_CAMELOT_F_MATERIAL = 0,   /**< 1: men and knights (K(P, N)). */
    BA_CAMELOT_F_CASTLE_WIN,     /**< 2: two pieces in the opponent's castle. */
    BA_CAMELOT_F_WIPEOUT,        /**< 3: all enemy pieces captured, two or more kept. */
    BA_CAMELOT_F_ADVANCE,        /**< 4: rank advance. */
    BA_CAMELOT_F_MOBILITY,       /**< 5: squares controlled. */
    BA_CAMELOT_F_TRADING,        /**< 6: 400 x own / opponent's material. */
    BA_CAMELOT_F_CENTRE,         /**< 7: centre files. */
    BA_CAMELOT_F_KNIGHT_SUPPORT, /**< 8: pieces next to a friendly knight. */
    BA_CAMELOT_F_MAN_SUPPORT,    /**< 9: men next to a friendly man. */
    BA_CAMELOT_F_EXPOSURE,       /**< 10: exposure trap (side that has just moved). */
    BA_CAMELOT_FACTORS           /**< Number of position factors. */
} ba_camelot_factor;

/** Short lower-case name of a factor ("material", "mobility", ...), or "?" when out of range. */
BA_API const char *ba_camelot_factor_name(int factor);

/** The evaluation of a position factor by factor, in #BA_CAMELOT_EVAL_SCALE units. */
typedef struct ba_camelot_breakdown {
    int32_t terms[2][BA_CAMELOT_FACTORS]; /**< terms[side][factor]: side 0 White, 1 Black. */
    int32_t total[2];                     /**< Sum of each side's terms. */
    int score; /**< total[to move] - total[other], clamped to +-BA_SCORE_EVAL_MAX: what the
                    game's evaluate() returns. */
    int side_to_move; /**< 0 or 1. */
} ba_camelot_breakdown;

/**
 * Evaluates a state of a Camelot game (e.g. `ba_pos_state(pos)`) factor by factor.
 * @return #BA_OK, or #BA_ERR_ARG if @p game is not a Camelot game or an argument is NULL.
 */
BA_API int ba_camelot_evaluate_breakdown(const ba_game *game, const void *state,
                                         ba_camelot_breakdown *out);
#endif /* BOARDAI_EXPERIMENTAL: weights, factors, breakdown */

/* ---- Game records (owned by the evaluation engineer) ---- */

/** What ba_camelot_record_play() found in a game record. */
typedef struct ba_camelot_record_result {
    int plies;       /**< Moves of the record played (all of them on success). */
    int resigned;    /**< -1, or the side (0 White, 1 Black) that resigned ("Resigns"). */
    int claimed;     /**< The result the record states (1-0, 0-1, 1/2-1/2, Draw) as a
                          BA_RESULT_ value, or -1 when it states none. */
    int line;        /**< On error: the line (1-based) of the offending token; else 0. */
    int column;      /**< On error: its column (1-based, in bytes); else 0. */
    char token[BA_MOVE_TEXT_MAX]; /**< On error: the offending token (truncated), else "". */
} ba_camelot_record_result;

/**
 * Reads a game record in WCF style and plays it on @p pos (which is where it starts, usually
 * the start position), checking every move.
 *
 * The record is a sequence of tokens separated by white space: move numbers (`1.`, and `1...`
 * or `1....` before a Black move; a number may be glued to its move, `1.F7-F8`), moves in WCF
 * notation with optional annotation marks (`! ? !! ?? !? ?!`, glued or apart), `Resigns`
 * (the side to move resigns), results (`1-0`, `0-1`, `1/2-1/2`, `Draw`, `*`), and comments in
 * `( )` (nested), `{ }` or `[ ]`. Lines may hold one move or two (White's and Black's).
 * Move numbers must agree with the moves: the first one fixes the numbering, and a `N...`
 * number must stand before a Black move.
 *
 * @p text need not be NUL-terminated: exactly @p len bytes are read.
 * @return #BA_OK; #BA_ERR_PARSE for a malformed record (a bad token, a wrong move number, a
 *         move after the result), #BA_ERR_ILLEGAL for an illegal move, #BA_ERR_STATE for a move
 *         after the game has ended. On error @p err says what was wrong and where ("line 3,
 *         column 9: ..."), @p res (may be NULL) holds the line, column and token, and @p pos
 *         is the position before the offending move.
 */
BA_API int ba_camelot_record_play(ba_pos *pos, const char *text, size_t len,
                                  ba_camelot_record_result *res, ba_error *err);

/* ---- end of the evaluation section ---- */

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
    /** The evaluation's weights (added by the evaluation engineer). Default
     *  ba_camelot_weights_default(); ba_camelot_create() rejects weights that
     *  ba_camelot_weights_check() rejects. */
    ba_camelot_weights weights;
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


/* ---- Playing levels (one definition for the terminal program and the web page) ---- */

/** Number of playing levels: 1 (weakest) .. #BA_CAMELOT_LEVELS. */
#define BA_CAMELOT_LEVELS 6

/** One playing level: think time first, and for the weakest levels a depth cap and noise. */
typedef struct ba_camelot_level_info {
    int level;          /**< 1 .. #BA_CAMELOT_LEVELS. */
    const char *name;   /**< Shown to the player, e.g. "Beginner". */
    int64_t time_ms;    /**< Think time per move (#BA_OPT_TIME_MS): the AI never thinks longer. */
    int max_depth;      /**< Depth cap in plies (#BA_OPT_DEPTH), 0 = none. */
    int eval_noise;     /**< Evaluation noise (#BA_OPT_NOISE) in evaluation units (a man is
                             worth 10000), 0 = none. */
} ba_camelot_level_info;

/**
 * The definition of playing level @p level (1 .. #BA_CAMELOT_LEVELS): think times of about
 * 0.1, 0.5, 2, 5, 15 and 40 seconds; levels 1 and 2 are also capped in depth and levels 1 to 3
 * play with evaluation noise. @return #BA_OK, #BA_ERR_ARG (NULL @p out) or #BA_ERR_RANGE.
 */
BA_API int ba_camelot_level(int level, ba_camelot_level_info *out);

/**
 * Sets @p engine's think time, depth limit and noise to level @p level (other options are left
 * as they are). @return #BA_OK, #BA_ERR_ARG or #BA_ERR_RANGE.
 */
BA_API int ba_camelot_level_configure(ba_engine *engine, int level);

#ifdef __cplusplus
}
#endif

#include "camelot_egtb.h" /* the endgame tables, a part of the Camelot module */

#endif /* BOARDAI_CAMELOT_H */
