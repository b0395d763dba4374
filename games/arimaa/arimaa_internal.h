/* Internal interface of the Arimaa module above the board: the functions its files share, each
 * section owned by the file it names. The state and the step primitives are in arimaa_board.h. */
#ifndef ARIMAA_INTERNAL_H
#define ARIMAA_INTERNAL_H

#include "arimaa_board.h"

/* The step game's futility margin per step by default (arm_params::step_futility). */
#define ARM_STEP_FUTILITY_DEFAULT 0
/* Steps of depth a push or pull costs in the step game by default (arm_params::push_depth). */
#define ARM_PUSH_DEPTH_DEFAULT 2

/* goal.c: the memo of a game's goal searches (opaque). */
typedef struct arm_goal_memo arm_goal_memo;

/* Parameters behind ba_game::params. */
/* The evaluation's terms that arm_params.term_pct scales: the four rabbit heuristics' blocking,
 * passed and power terms, the goal table, the loose-rabbit charge, trap control and danger
 * (traps.c), the capture threats, and the placement of the pieces (placement.c). */
enum {
    ARM_TERM_BLOCKING,
    ARM_TERM_PASSED,
    ARM_TERM_GOAL,
    ARM_TERM_POWER,
    ARM_TERM_LOOSE,
    ARM_TERM_TRAPS,
    ARM_TERM_THREAT,
    ARM_TERM_PLACEMENT,
    ARM_TERMS
};

/* placement.c: the classes of a non-rabbit piece by the number of enemy pieces stronger than it
 * (0, 1, 2-3, 4 or more), the placement table's first index. */
#define ARM_PLACE_CLASSES 4

typedef struct arm_params {
    ba_arimaa_eval_tables eval;
    int goal_search_steps;
    int by_steps; /* the vtable's moves are single steps / pushes / pulls and pass */
    /* The turn game with step_search: the step game its search_move hook searches (owned; NULL
     * otherwise, and always NULL in the step game). */
    ba_game *step_game;
    /* Percent of the material a capture threat would win (arm_capture_threat) that the
     * evaluation credits to the side that moves next; 0 switches the term off. */
    int capture_threat_pct;
    int capture_threat_actions; /* 1 or 2: see arm_capture_threat */
    /* Percent of the capture threat of the side that moves second (the evaluation's). */
    int capture_threat_waiting_pct;
    /* Percent of that threat when the other side cannot parry it by moving its victims: every
     * piece the threat takes is frozen with no friend within two squares (eval.c). */
    int capture_threat_stuck_pct;
    /* Step game: 1 shares the two capture-threat percents inside a turn by the steps the mover
     * has left (eval.c, arm_threat_terms); 0 values the leaf as if the turn ended there. */
    int capture_threat_steps_left;
    /* 1: when both sides have a capture threat, the side that moves next either cashes its own
     * (and the other side then cashes what is left, at the next mover's percent) or parries the
     * other's (and gives up its own), whichever is better (eval.c, arm_threat_terms); 0 pays the
     * two threats independently. */
    int capture_threat_exchange;
    /* Trap control (traps.c): points per unit of control difference at a trap, clipped at
     * +-trap_control_clip units; the percent of a piece's material charged when it stands beside
     * a trap the opponent controls with a stronger enemy piece near (frozen: the second; frozen
     * with no friend within two squares, so that no step of its side's frees it: the third). */
    int trap_control_points, trap_control_clip;
    int trap_dominance; /* control units for the strongest piece near a trap (traps.c) */
    int trap_danger_pct, trap_danger_frozen_pct, trap_danger_stuck_pct;
    /* Points charged for an elephant with no way out of its square (blockade.c); 0: off. */
    int elephant_blockade_points;
    /* Percent of the charge for captures that take the enemy more than a turn (attacks.c); 0:
     * off. */
    int attack_threat_pct;
    /* How far from a trap the enemy holds (in squares, 2..5) the attack term counts a piece that
     * is being dragged: frozen beside a stronger enemy piece that can move. Others count within
     * two squares (attacks.c). */
    int attack_drag_squares;
    /* Percent of the charge for pieces held hostage near the enemy's home traps (hostages.c);
     * 0: off. */
    int hostage_pct;
    /* Percent of the elephant's points by its square (placement.c); 0: off. */
    int elephant_place_pct;
    /* Points charged for the elephant on the enemy's two home ranks (placement.c); 0: off. */
    int elephant_deep_points;
    /* Points charged for a piece that one enemy piece outranks (the camel) beside that piece in
     * the enemy's half (hostages.c); 0: off. */
    int camel_exposed_points;
    /* Percent of camel_exposed_points charged when that piece is in its own half. */
    int camel_exposed_own_pct;
    /* Percent of the charge for pieces beside a stronger enemy piece (exposed.c); 0: off. */
    int exposed_pct;
    /* Points charged per guard short of two beside a home trap the enemy dominates (guards.c);
     * 0: off. */
    int home_guard_points;
    /* Percent of home_guard_points where the enemy's strongest piece near the trap only equals
     * the side's strongest there. */
    int home_guard_tied_pct;
    /* 1: a rabbit farther from its goal than goal_search_steps rows scores as goal_search_steps
     * + 1 steps whatever its row (0: its row count), so the goal table does not pay for walking
     * rabbits forward before they can threaten anything. */
    int goal_unsearched_flat;
    /* With goal_unsearched_flat: a rabbit within goal_search_steps rows is searched up to its
     * rows + goal_extra_steps, and a goal found in 5 or 6 steps (two turns) adds
     * goal_two_turns[steps - 5] to the goal table's value: the table's 300 and 275 hardly
     * separate a rabbit two turns from its goal from a blocked one (eval.c). Default {0, 0}
     * since the seventh round: 150 for one step onto a fourth row made rabbit steps at the
     * search's horizon outweigh a horse (docs/arimaa.md). */
    int goal_extra_steps;
#define ARM_TWO_TURN_STEPS 2
    int goal_two_turns[ARM_TWO_TURN_STEPS];
    /* With goal_unsearched_flat: 1 takes the goal table's value of a rabbit that threatens
     * nothing (goal_search_steps + goal_extra_steps + 1 steps, 275 by default) off every rabbit,
     * so that a rabbit is not worth 275 points beyond its HarLog material (which made a rabbit
     * dearer than a horse in exchanges). 0: the table's values as they are. */
    int goal_relative;
    /* Step game: inside a turn the mover's rabbits count at least this many steps to goal in
     * the goal table (eval.c); 0 for none. */
    int goal_mid_turn_min;
    /* Percent of the goal table's value paid for the rabbits of the side that moves second (at
     * a turn start the side not to move; inside a turn of the step game the mover). The side
     * that moves next can block a waiting rabbit first (docs/arimaa.md, the eleventh round). */
    int goal_waiting_pct;
    /* Points charged for a rabbit on its ranks 4-7 with no friendly non-rabbit within two
     * squares, and again when an enemy piece stronger than a rabbit is within two squares. */
    int rabbit_loose, rabbit_hunted;
    /* Placement of the non-rabbit pieces (placement.c): points for a piece of each class
     * (ARM_PLACE_CLASSES) on each square, indexed rank x 4 + distance from the nearer side edge
     * (rank 0: its owner's home rank; distance 0: the a or h file), the board being the same
     * left and right. */
    int place[ARM_PLACE_CLASSES][32];
    /* Step game: the futility margin of the selective search, points per step of depth (0: no
     * margin, and then no static value at interior nodes either; game.c). */
    int step_futility;
    /* Step game: steps of depth a push or pull costs, 2 (its two steps) or 1 (one move, one
     * ply, as before the tenth round; kept to measure the change). */
    int push_depth;
    /* Step game: 1 charges a pass the steps of its turn it gives up as depth, as Sharp does; 0
     * charges it one ply (as before the fourteenth round; kept to measure the change). */
    int pass_costs_rest;
    /* Step game: the null move of the selective search, tried only at a turn start (inside a
     * turn the pass is a move of the game): 0 none; 1 the side gives up its turn and the
     * reply is searched as the core reduces any null move (one ply and R); 2 the same, with
     * the four steps given up charged as depth too, as a pass is charged the rest of its turn
     * (steps.c, arm_step_make_null). */
    int step_null;
    /* Step game: 1 puts a rabbit's step forward first in the move order (arm_order_key), so the
     * selective search never reduces nor prunes it; 0 orders it as any quiet step. */
    int rabbit_forward_first;
    /* The memo of steps to goal that the game's searches share (goal.c): owned by a game made
     * by ba_arimaa_create(), NULL in the built-in game and when memory ran out (then every goal
     * search is made again). */
    arm_goal_memo *goal_memo;
    /* Percent of each term of the evaluation (ARM_TERM_*), 100 by default: the scales that a
     * fit to outside games sets (docs/arimaa.md, "The thirteenth round"). Material is the unit
     * and has none. */
    int term_pct[ARM_TERMS];
} arm_params;

/* turngen.c: whole turns. */
/* Most actions one position can offer: 16 pieces x 13 (see turngen.c). */
#define ARM_MAX_ACTIONS 256
/* The actions of side s (the side that is moving) with at most max_steps steps. */
int arm_actions(const arm_state *st, int s, int max_steps, arm_action *out);
/* The same, only for the pieces of side s on the squares of movers (as pusher or puller). */
int arm_actions_of(const arm_state *st, int s, int max_steps, uint64_t movers, arm_action *out);
/* Every distinct legal turn (play phase), canonical step sequences, deterministic order.
 * moves may be NULL with cap 0 to count only. stop_at_first: return after finding one. */
int arm_generate_turns(const arm_state *st, const ba_history *hist, ba_move *moves, size_t cap,
                       int stop_at_first);
/* The canonical turn (as generate() lists it) ending in *target (before the side to move
 * switches), which some legal sequence of nsteps steps reaches: 1 found (in *out), 0 none
 * (a third repetition), <0 error. */
int arm_find_turn(const arm_state *st, const ba_history *hist, const arm_state *target, int nsteps,
                  ba_move *out);
/* The curated setups for the side to move (setup phase). */
int arm_generate_setups(const arm_state *st, ba_move *moves, size_t cap);
/* 1 if the side to move has a legal turn (repetition included), 0 if not, <0 on error. */
int arm_has_legal_turn(const arm_state *st, const ba_history *hist);
/* Applies a move without legality checks beyond basic sanity. */
int arm_apply_move(arm_state *st, const ba_move *m);
/* Checks that a step sequence is a legal decomposition into steps, pushes and pulls (ignoring
 * the "turn must change the position" and repetition rules). Returns BA_OK or BA_ERR_ILLEGAL
 * with err saying why. */
int arm_check_steps(const arm_state *st, const uint8_t *steps, int n, ba_error *err);
/* The curated setups as text rows (rank 2 then rank 1, files a..h), Gold's view. */
extern const char *const arm_setup_rows[BA_ARIMAA_SETUP_COUNT];

/* notation.c */
int arm_move_to_text(const arm_state *st, const ba_move *m, char *buf, size_t cap);
int arm_move_from_text(const arm_state *st, const ba_history *hist, const char *text, ba_move *out,
                       ba_error *err);
int arm_position_to_text(const arm_state *st, char *buf, size_t cap);
int arm_position_from_text(arm_state *st, const char *text, ba_error *err);
int arm_render(const arm_state *st, char *buf, size_t cap);

/* goal.c: steps to goal of the rabbit on sq (of its owner), bounded search. */
int arm_steps_to_goal(const arm_state *st, int sq, int max_steps);
/* Fewest steps (0..max_steps) with which side brings any of its rabbits to its goal rank, the
 * opponent standing still; max_steps + 1 when it cannot. */
int arm_goal_steps(const arm_state *st, int side, int max_steps);
/* The same two through a memo (NULL: none), which gives the same results: a memo is made empty
 * (NULL when memory runs out) and shared by any number of threads. */
arm_goal_memo *arm_goal_memo_new(void);
void arm_goal_memo_free(arm_goal_memo *m);
int arm_steps_to_goal_m(arm_goal_memo *memo, const arm_state *st, int sq, int max_steps);
int arm_goal_steps_m(arm_goal_memo *memo, const arm_state *st, int side, int max_steps);

/* threats.c: 1 when side can capture an enemy piece from st as it stands (the opponent standing
 * still) with one push or pull (actions = 1), or also with a preparing step, push or pull before
 * it (actions = 2, at most 4 steps); *after (if non-NULL) is the position after the best such
 * capture (the strongest piece taken, net of the side's own losses). 0 when it cannot. */
int arm_capture_threat(const arm_state *st, int side, int actions, arm_state *after);
/* The weight of the captures from before to after for choosing among several: 4^type for each
 * enemy piece taken (a rabbit 1 .. an elephant 1024: the stronger piece decides), minus the same
 * for the side's own pieces lost. */
int arm_capture_weight(const arm_state *before, const arm_state *after, int side);

/* traps.c: the control of trap trap_index (c3 f3 c6 f6 = 0..3) by side, counting its pieces in
 * unfrozen; and the trap terms of the evaluation from side's view (docs/arimaa.md). */
int arm_trap_power(const arm_state *st, int side, int trap_index, uint64_t unfrozen);
int arm_trap_terms(const arm_params *p, const arm_state *st, int side);
/* The same, charging no danger for side s's pieces on taken[s] (those a capture threat that the
 * evaluation credits already takes). */
int arm_trap_terms_taken(const arm_params *p, const arm_state *st, int side,
                         const uint64_t taken[2]);

/* blockade.c: the elephant blockade. */
/* The ways out of its square that side's elephant has this turn (0..4: a step, a push, a friend
 * that can step away), or -1 when side has no elephant. */
int arm_elephant_exits(const arm_state *st, int side);
/* elephant_blockade_points when side's elephant has no way out, else 0. */
int arm_blockade_charge(const arm_params *p, const arm_state *st, int side);
/* The blockade term from side's view: the enemy's charge less its own. */
int arm_blockade_terms(const arm_params *p, const arm_state *st, int side);

/* attacks.c: the charge to side for captures of its pieces that the enemy could prepare over
 * more than one turn (none for its pieces on taken), and the term from side's view (the enemy's
 * charge less its own). */
int arm_attack_charge(const arm_params *p, const arm_state *st, int side, uint64_t taken);
/* The enemy steps that bring side's piece on sq onto trap, the attacker already beside it: 2 a
 * square, 2 for each other guard of the trap of side's (pushed or pulled away first), 2 when a
 * friend stands on the trap (the square is taken), 1 when an enemy piece does (it steps off).
 * Shared by the attack threats and the hostages. */
int arm_trap_path_steps(const arm_state *st, int side, int sq, int trap);
int arm_attack_terms(const arm_params *p, const arm_state *st, int side, const uint64_t taken[2]);

/* hostages.c: the charge to side for its pieces held hostage near the enemy's home traps; for its
 * camel beside the enemy elephant in the enemy's half; and the two terms from side's view (the
 * enemy's charges less its own). */
int arm_hostage_charge(const arm_params *p, const arm_state *st, int side);
int arm_camel_exposed_charge(const arm_params *p, const arm_state *st, int side);
int arm_hostage_terms(const arm_params *p, const arm_state *st, int side);

/* exposed.c: the charge to side for its pieces beside a stronger enemy piece, and the term from
 * side's view (the enemy's charge less its own). */
int arm_exposed_charge(const arm_params *p, const arm_state *st, int side);
int arm_exposed_terms(const arm_params *p, const arm_state *st, int side);

/* guards.c: the charge to side for the guards its home traps lack where the enemy dominates them,
 * and the term from side's view (the enemy's charge less its own). */
int arm_home_guard_charge(const arm_params *p, const arm_state *st, int side);
int arm_home_guard_terms(const arm_params *p, const arm_state *st, int side);

/* placement.c: the class (0..ARM_PLACE_CLASSES-1) of side's piece of type t, and the placement
 * term of side's non-rabbit pieces (side's view, unscaled); and the elephant's own square. */
int arm_place_class(const arm_state *st, int side, int type);
int arm_placement(const arm_params *p, const arm_state *st, int side);
/* The points of side's elephant for its square at elephant_place_pct (0 when off or when side
 * has no elephant). */
int arm_elephant_placement(const arm_params *p, const arm_state *st, int side);
/* elephant_deep_points when side's elephant stands on the enemy's two home ranks, else 0. */
int arm_elephant_deep_charge(const arm_params *p, const arm_state *st, int side);

/* steps.c: the step game (search_by_steps). */
/* Hash of a step-game state: the position's hash at a turn start, otherwise mixed with the step
 * count and the turn's start (positions inside a turn are distinct nodes from turn starts). */
uint64_t arm_step_hash(const arm_state *st);
int arm_step_generate(arm_goal_memo *memo, const arm_state *st, const ba_history *hist,
                      ba_move *moves, size_t cap, int noisy);
int arm_step_apply(arm_state *st, const ba_move *m);
int arm_step_status(const arm_state *st, const ba_history *hist);
int arm_step_move_to_text(const arm_state *st, const ba_move *m, char *buf, size_t cap);
int arm_step_move_from_text(const arm_state *st, const ba_history *hist, const char *text,
                            ba_move *out, ba_error *err);
/* Splits a legal turn (TAG_TURN) into step-game moves (actions, then a pass when it has fewer
 * than 4 steps). Returns the number of moves written (at most 5), or BA_ERR_ILLEGAL. */
int arm_turn_to_step_moves(const arm_state *st, const ba_move *turn, ba_move out[5]);
/* 1 when the opponent can reach its goal in its coming turn and the side to move cannot reach
 * its own first: the side must defend with the steps it has left. The step game extends the
 * search at the start of such a turn (arm_step_extension), and its quiescence looks at every
 * capture and the pass there instead of standing pat. */
int arm_step_threatened(const arm_state *st);
int arm_step_threatened_m(arm_goal_memo *memo, const arm_state *st); /* through a memo */
/* The step game's extension: 1 - push_depth after a push or pull (with push_depth 2: -1, its
 * second step of depth), 1 - k after a pass that gave up k steps when pass_costs_rest is set
 * (the rest of the turn as depth), plus 1 at the start of a turn that arm_step_threatened()
 * holds for (the defence gains one step of depth, once a turn). */
int arm_step_extension(arm_goal_memo *memo, const arm_state *st, int push_depth,
                       int pass_costs_rest);
/* The step game's null move: at a turn start of the play phase the side to move gives up its
 * whole turn; with @p charge_turn the four steps are charged as depth (the child then reads as
 * after a pass that gave up four, for arm_step_extension). BA_ERR_ARG inside a turn or
 * before play. */
int arm_step_make_null(arm_state *st, int charge_turn);
/* 1 where the step game never tries a null move: inside a turn (the pass is a move there) and
 * before play. */
int arm_step_null_unsafe(const arm_state *st);
/* game.c: fills the search hooks of a step game made by ba_arimaa_create() from the knobs the
 * registry set in its parameters (step_futility, step_null; push_depth is read by the search
 * itself); BA_ERR_ARG for any other game or a knob out of range. */
int arm_game_set_step_hooks(ba_game *g);
/* game.c: the parameters of a game made by ba_arimaa_create(), for the registry to set the
 * weights that are not in the released options (it checks their ranges); NULL for any other
 * game. */
arm_params *arm_game_params(ba_game *g);
/* game.c: a new step game with every weight of the turn game's @p turns (the evaluation, the
 * goal table's knobs, the step game's futility margin and push depth): the one step game of the
 * AEI session and of step_search. Free it with ba_game_destroy(). */
int arm_step_game_new(const arm_params *turns, ba_game **out);
/* game.c: gives the turn game @p g (made by ba_arimaa_create(), not the step game) a step game
 * with all its parameters (arm_step_game_new()), searched through the search_move hook (the
 * registry's step_search). BA_ERR_ARG for any other game or a knob out of range. */
int arm_game_set_turn_by_steps(ba_game *g);

/* stepturn.c: a whole turn chosen by the step search. */
/* Milliseconds of a turn's hard limit kept for completing the line into a turn. */
#define ARM_TURN_RESERVE_MS 8
/* The limits of the step search of a turn: @p in, with its hard limit (*@p hard_ms, 0 = none)
 * shortened by ARM_TURN_RESERVE_MS for the turn's completion. */
void arm_step_turn_limits(const ba_limits *in, int side, ba_limits *out, int64_t *hard_ms);
/* The whole turn the step search of @p spos chose: the steps of its line up to where the turn
 * ends, then (when the line is shorter) the choice of a short search over the rest of the turn
 * within @p left_ms (-1 = no limit: 100 ms each). *@p from_line = 1 when the line held the whole
 * turn; @p spent[0] and [1] gain the short searches' milliseconds and nodes (either may be NULL). */
int arm_turn_from_line(ba_engine *engine, const ba_pos *spos, const ba_search_result *res,
                       int64_t left_ms, ba_move *turn, int *from_line, uint64_t spent[2]);
/* The turn game's search_move hook: BA_ERR_UNSUPPORTED for a setup (searched as turns). */
int arm_search_turn(const ba_game *g, ba_engine *engine, const ba_pos *pos,
                    const ba_limits *limits, ba_search_result *result);
/* Steps left in the turn of the side to move. */
static inline int arm_steps_left(const arm_state *st) { return 4 - st->steps; }

/* The default parameters (eval.c). */
extern const arm_params arm_params_default;

/* material.c: HarLog material from side's view, in material_scale units of the first rabbit. */
int arm_material(const arm_state *st, const ba_arimaa_eval_tables *t, int side);
/* The HarLog material side would lose with one piece of type t (side's view, positive; the
 * caller knows side has one). */
int arm_piece_value(const arm_state *st, const ba_arimaa_eval_tables *t, int side, int type);

/* eval.c: the evaluation and its parts (each from the rabbit owner's / the side's view). */
int arm_h_blocking(const arm_state *st, const ba_arimaa_eval_tables *t, int sq);
int arm_h_passed(const arm_state *st, const ba_arimaa_eval_tables *t, int sq);
int arm_h_goal_threat(const ba_arimaa_eval_tables *t, int steps);
int arm_h_power_sum(const arm_state *st, const ba_arimaa_eval_tables *t, int sq);
int arm_h_power(const arm_state *st, const ba_arimaa_eval_tables *t, int sq, int steps);
int arm_threat_gain(const arm_params *p, const arm_state *st, int side);
/* value * term_pct[term] / 100: a term of the evaluation at its scale. Here, not in eval.c,
 * because traps.c scales its own term and eval.c calls traps.c (no circle between the two). */
static inline int arm_term_scaled(const arm_params *p, int term, long value)
{
    return p->term_pct[term] == 100 ? (int)value : (int)(value * p->term_pct[term] / 100);
}
int arm_evaluate(const arm_params *p, const arm_state *st);
int arm_explain(const arm_params *p, const arm_state *st, char *buf, size_t cap);

#endif /* ARIMAA_INTERNAL_H */
