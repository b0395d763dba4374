/**
 * @file arimaa.h
 * @brief Arimaa: the complete rules, whole-turn move generation, an evaluation (HarLog material
 *        plus Fotland's four rabbit heuristics) and the Arimaa Engine Interface (AEI).
 *
 * Sides: 0 = Gold (moves first, upper-case letters), 1 = Silver (lower case).
 *
 * **Moves.** A #ba_move is a whole turn. A turn of play holds 1 to 4 steps, one byte each
 * (`from_square << 2 | direction`, squares a1 = 0 ... h8 = 63, directions n s e w = 0 1 2 3),
 * in the order they are made (a push: the enemy's step, then the pusher's; a pull: the puller's
 * step, then the enemy's); `tag` is #BA_ARIMAA_TAG_TURN and `len` the number of steps. Captures are
 * not stored: they follow from the steps and are written in the notation (`rc3x`). A setup turn has
 * `tag` #BA_ARIMAA_TAG_SETUP, `len` 16 and one byte per home square (a1..h2 for Gold, a7..h8 for
 * Silver) holding the piece type + 1 (1 rabbit, 2 cat, 3 dog, 4 horse, 5 camel, 6 elephant).
 *
 * **One move per resulting position.** Many step orders give the same position. generate() lists
 * each distinct resulting position once, written with a shortest step sequence that reaches it
 * (the first its depth-first search met among the shortest); move_from_text() accepts any legal
 * step sequence and returns that canonical move, so the text of a parsed move may list the steps
 * in another order, or fewer of them (`Ee4n Ee5e Ef5s` becomes `Ee4e`).
 *
 * **Setup turns are a documented subset.** About 65 million arrangements exist, so during the two
 * setup turns generate() lists only a curated set of sound setups (#BA_ARIMAA_SETUP_COUNT of them,
 * see docs/arimaa.md) from which the engine chooses; move_from_text() accepts ANY legal
 * arrangement. "generate lists the legal moves" therefore holds for play turns only.
 *
 * **Position text**: `<g|s> [<64 squares>]` with the squares from a8 to h8, then a7 ... h1, one
 * character each (a piece letter, or `.` / space for empty), optionally followed by ` setup` when
 * the side to move still has to place its pieces. The AEI `setposition` board is the same text.
 */
#ifndef BOARDAI_ARIMAA_H
#define BOARDAI_ARIMAA_H

#include "protocol.h"

#ifdef __cplusplus
extern "C" {
#endif

/** #ba_move::tag of a turn of play (1 to 4 steps). */
#define BA_ARIMAA_TAG_TURN 1
/** #ba_move::tag of a setup turn (16 placements). */
#define BA_ARIMAA_TAG_SETUP 2
/** #ba_move::tag of a step-game move (ba_arimaa_options::search_by_steps): one step, or a push
 *  or pull as one unit (`len` 1 or 2, the step bytes of a turn). */
#define BA_ARIMAA_TAG_STEP 3
/** #ba_move::tag of the step game's pass: it ends the turn before its fourth step (`len` 0). */
#define BA_ARIMAA_TAG_PASS 4
/** Setups generate() lists during each side's setup turn (a curated subset, see the file comment). */
#define BA_ARIMAA_SETUP_COUNT 16
/** Largest steps-to-goal value the heuristics' tables distinguish ("17 or more"). */
#define BA_ARIMAA_GOAL_STEPS_MAX 17

/**
 * The evaluation's weights and tables, all of them data so that engine matches can tune them.
 * Fractions are stored as integers in hundredths (percent) to keep the evaluation integral.
 * Material is HarLog (see docs/arimaa.md) scaled so that the first rabbit lost is worth
 * @c material_scale points.
 */
typedef struct ba_arimaa_eval_tables {
    /** HarLog: points for one HarLog "normal" unit (the value of the first rabbit). Default 100. */
    int material_scale;
    /** Blocking: points per blocked side (left or right) of a rabbit. Default 5 (at most 10). */
    int blocking_per_side;
    /** Passed rabbit: bonus by the rabbit's rank counted from its own side (index 0 = rank 1). */
    int passed[8];
    /** Goal threat: points by the rabbit's steps to goal (index 0..17, 17 meaning 17 or more). */
    int goal_threat[BA_ARIMAA_GOAL_STEPS_MAX + 1];
    /** Power balance: piece values by type (rabbit, cat, dog, horse, camel, elephant). */
    int power_value[6];
    /** Power balance: distance weight in percent by taxicab distance 0..15. */
    int power_distance_pct[16];
    /** Power balance: the sum is clipped at this value from above. Default 1200. */
    int power_clip;
    /** Power balance: the score of a weak rabbit (negative sum). Default -30. */
    int power_weak;
    /** Power balance: rank factor in percent for the owner's ranks 5, 6, 7. Default 50, 100, 150. */
    int power_rank_pct[3];
    /** Power balance: goal factor in percent by steps to goal 0..17. */
    int power_goal_pct[BA_ARIMAA_GOAL_STEPS_MAX + 1];
    /** Power balance: percent kept for a rabbit on a trap square. Default 50. */
    int power_trap_pct;
    /**
     * Score given at a leaf where the side to move can reach its goal within this turn (goal-threat
     * detection). Must stay below #BA_SCORE_EVAL_MAX. Default 1000000.
     */
    int goal_now_score;
    /**
     * Step game only (ba_arimaa_options::search_by_steps): the value of having the move, per step
     * of the coming turn (the step game values a position inside a turn as if the turn ended
     * there, so this is counted for whoever starts the next turn). Default 0: 25 swung the score
     * by 200 between odd and even depths and cost 5 of the 12 steps reached in 10 s (aspiration
     * re-searches; docs/arimaa.md).
     */
    int step_value;
} ba_arimaa_eval_tables;

#ifdef BOARDAI_EXPERIMENTAL /* experimental: docs/api-stability.md */
/** The default tables: David Fotland's published numbers for his program Bomb (docs/arimaa.md). */
BA_API const ba_arimaa_eval_tables *ba_arimaa_eval_tables_default(void);
#endif /* BOARDAI_EXPERIMENTAL: the default tables */

/** Options of an Arimaa game made with ba_arimaa_create(). */
typedef struct ba_arimaa_options {
    ba_arimaa_eval_tables eval; /**< The evaluation's weights and tables. */
    /**
     * Bound (in steps, 0..#BA_ARIMAA_GOAL_STEPS_MAX) of the steps-to-goal search the evaluation
     * runs for each rabbit; rabbits that need more count as bound + 1 (rabbits farther than
     * bound rows from their goal too, so walking them forward earns nothing before a goal
     * search can succeed; docs/arimaa.md). Default 4.
     */
    int goal_search_steps;
    /**
     * 0 (default): the game's moves are whole turns. 1: the **step game**, for searching by
     * steps as Bomb and Sharp did: a move is one step, or a push or pull as one unit
     * (#BA_ARIMAA_TAG_STEP), or a pass (#BA_ARIMAA_TAG_PASS) that ends the turn early. The side to
     * move stays the same until the turn ends, after its fourth step or a pass; a turn may not end
     * where it started (nor pass through its start: that only wastes steps), nor end in a third
     * repetition. A search depth then counts these moves (a push or pull is one, a pass is one).
     * Positions inside a turn hash differently from turn starts, so the table joins step orders
     * within a turn. The turns reachable this way are exactly those the whole-turn game lists
     * (tests/arimaa/test_steps.c checks it). The position text cannot say "inside a turn": it
     * always describes a turn start. The step game does not set #BA_GAME_HISTORY_MATTERS: its
     * table scores ignore the path (as game programs usually do), while generate() still refuses
     * third repetitions.
     */
    int search_by_steps;
} ba_arimaa_options;

/** Fills @p opts with the defaults (the tables of ba_arimaa_eval_tables_default(), bound 4). */
BA_API void ba_arimaa_options_default(ba_arimaa_options *opts);

/**
 * Makes an Arimaa game with the given options; free it with ba_game_destroy().
 * @return #BA_OK, #BA_ERR_RANGE (with @p err naming the bad field) or #BA_ERR_NOMEM.
 */
BA_API int ba_arimaa_create(const ba_arimaa_options *opts, ba_game **out, ba_error *err);

/** The Arimaa game with the default options (a constant; do not destroy it). */
BA_API const ba_game *ba_arimaa_game(void);

/**
 * Steps the rabbit on @p square needs to reach its goal rank, by a real search over its own side's
 * steps (pushes and pulls included, the opponent passive, freezing and traps applied), bounded by
 * @p max_steps (0..#BA_ARIMAA_GOAL_STEPS_MAX). @p state is a state of an Arimaa game (e.g.
 * ba_pos_state()), @p square 0..63 (a1 = 0).
 * @return the number of steps (0 when it already stands on the goal rank), @p max_steps + 1 when
 *         it needs more, or #BA_ERR_ARG if there is no rabbit on @p square.
 */
BA_API int ba_arimaa_steps_to_goal(const ba_game *game, const void *state, int square,
                                   int max_steps);

/* ---------------------------------------------------------------------------------------------- */
/** @name AEI, the Arimaa Engine Interface
 *  A line-oriented session: feed it the controller's lines, it answers through a callback.
 *  `go` does not search inside ba_arimaa_aei_feed(): the feed returns #BA_ARIMAA_AEI_SEARCH and
 *  the caller runs ba_arimaa_aei_search() (usually on its own thread, so that ba_arimaa_aei_stop()
 *  can end it). While a search runs, only ba_arimaa_aei_stop() may be called.
 *  @{ */

/** An opaque AEI session. */
typedef struct ba_arimaa_aei ba_arimaa_aei;

/** ba_arimaa_aei_feed() result: the caller should now run ba_arimaa_aei_search(). */
#define BA_ARIMAA_AEI_SEARCH 2
/** ba_arimaa_aei_feed() result: the controller sent `quit`. */
#define BA_ARIMAA_AEI_QUIT 1

/** Creates a session for @p game (an Arimaa game; NULL = ba_arimaa_game()). */
BA_API int ba_arimaa_aei_new(const ba_game *game, ba_write_fn write, void *user,
                             ba_arimaa_aei **out);

/** Frees a session; NULL is a no-op. */
BA_API void ba_arimaa_aei_free(ba_arimaa_aei *aei);

/**
 * Handles one line from the controller. Malformed or illegal input is answered with a
 * `log Error: ...` line and returns #BA_OK. @return #BA_OK, #BA_ARIMAA_AEI_SEARCH,
 * #BA_ARIMAA_AEI_QUIT, or a negative error code for a broken session.
 */
BA_API int ba_arimaa_aei_feed(ba_arimaa_aei *aei, const char *line);

/** Searches the current position and writes `info` lines and `bestmove <steps>`. */
BA_API int ba_arimaa_aei_search(ba_arimaa_aei *aei);

/** Asks a running ba_arimaa_aei_search() to stop soon. Safe from any thread. */
BA_API void ba_arimaa_aei_stop(ba_arimaa_aei *aei);

/** The session's position (for tests and programs). */
BA_API ba_pos *ba_arimaa_aei_position(ba_arimaa_aei *aei);

/** The session's engine (for tests and programs). */
BA_API ba_engine *ba_arimaa_aei_engine(ba_arimaa_aei *aei);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_ARIMAA_H */
