/* Arimaa in the game registry (include/boardai/registry.h), written against arimaa.h, and the
 * one internal setter of the step game's search knobs (not in the released options). */
#include "arimaa_internal.h"
#include "registry_kit.h"

static const ba_game_param ARIMAA_PARAMS[] = {
    /* A rules parameter (the referee of boardai-match plays the same game): the step game's
     * moves are steps, so its selective search can be matched against its exact one. */
    {"search_by_steps", "rules", "bool", "0..1", "0",
     "1: moves are single steps (a push or pull as one) and a pass, as the AEI program searches"},
    {"material_scale", "evaluation", "int", "-100000..100000", "100",
     "points of one HarLog unit (the first rabbit lost)"},
    {"blocking_per_side", "evaluation", "int", "-100000..100000", "5", "points per blocked side of a rabbit"},
    {"power_clip", "evaluation", "int", "-100000..100000", "1200", "power balance: upper clip of the sum"},
    {"power_weak", "evaluation", "int", "-100000..100000", "-30", "power balance: score of a weak rabbit"},
    {"power_trap_pct", "evaluation", "int", "0..100", "50", "power balance: percent kept on a trap square"},
    {"goal_now_score", "evaluation", "int", "below 10000000", "1000000",
     "score of a position where the side to move reaches its goal this turn"},
    {"goal_search_steps", "evaluation", "int", "0..17", "4", "bound of the evaluation's steps-to-goal search"},
    {"step_futility", "evaluation", "int", "0..100000", "0",
     "step game: futility margin of the selective search, points per step (0: none)"},
    {"push_depth", "evaluation", "int", "1..2", "2",
     "step game: steps of search depth a push or pull costs (1: one move, one ply)"},
    {"pass_costs_rest", "evaluation", "bool", "0..1", "1",
     "step game: 1: a pass costs the steps of the turn it gives up as search depth (0: one ply)"},
    {"step_null", "evaluation", "int", "0..2", "0",
     "step game: null move at a turn start (0: none; 1: reduced as the core reduces any; 2: the "
     "four steps given up charged as depth too)"},
    {"rabbit_forward_first", "evaluation", "bool", "0..1", "1",
     "step game: 1: a rabbit's step forward is ordered first (and never reduced); 0: as any "
     "quiet step"},
    {"goal_waiting_pct", "evaluation", "int", "0..100", "100",
     "percent of the goal table paid for the rabbits of the side that moves second"},
    {"threat_waiting_pct", "evaluation", "int", "0..100", "25",
     "percent of the capture threat of the side that moves second (its victims free to move)"},
    {"threat_stuck_pct", "evaluation", "int", "0..100", "25",
     "percent of the capture threat of the side that moves second when its victims are frozen "
     "with no friend within two squares"},
    {"threat_steps_left", "evaluation", "bool", "0..1", "0",
     "step game: 1: inside a turn the two capture threats are paid by the steps the mover has left "
     "(0: as if the turn ended there)"},
    {"threat_exchange", "evaluation", "bool", "0..1", "0",
     "1: when both sides threaten a capture, the side that moves next cashes its own or parries "
     "the other's, whichever is better (0: the two are paid independently)"},
    /* The scales of the evaluation's terms (arm_params.term_pct, in ARM_TERM_* order). */
    {"blocking_pct", "evaluation", "int", "0..400", "369", "percent of the rabbits' blocking term"},
    {"passed_pct", "evaluation", "int", "0..400", "184", "percent of the passed-rabbit term"},
    {"goal_table_pct", "evaluation", "int", "0..400", "7", "percent of the goal-threat table"},
    {"power_pct", "evaluation", "int", "0..400", "48", "percent of the power-balance term"},
    {"loose_rabbit_pct", "evaluation", "int", "0..400", "0",
     "percent of the charge for advanced rabbits without support"},
    {"trap_pct", "evaluation", "int", "0..400", "10", "percent of trap control and danger"},
    {"threat_pct", "evaluation", "int", "0..400", "73", "percent of both capture-threat terms"},
    {"placement_pct", "evaluation", "int", "0..400", "0",
     "percent of the placement table of the non-rabbit pieces"},
    /* Per engine (the moves stay whole turns), so boardai-match can pair the two searches. */
    {"step_search", "evaluation", "bool", "0..1", "0",
     "1: the engine chooses each turn by a search of steps, as the AEI program does; depth in steps"},
    /* The trap term's own weights (traps.c), before trap_pct scales the term. */
    {"trap_control_points", "evaluation", "int", "0..100", "1",
     "points per unit of trap control that one side has over the other at a trap"},
    {"trap_danger_pct", "evaluation", "int", "0..100", "10",
     "percent of its material charged for a piece beside a trap the enemy controls, a stronger "
     "enemy piece near"},
    {"trap_danger_frozen_pct", "evaluation", "int", "0..100", "25",
     "the same for a frozen piece"},
    {"trap_danger_stuck_pct", "evaluation", "int", "0..100", "25",
     "the same for a frozen piece with no friend within two squares"},
    {"elephant_blockade_points", "evaluation", "int", "0..5000", "0",
     "points charged for an elephant with no way out of its square (no step, no push, no friend "
     "that can step away)"},
    {"attack_threat_pct", "evaluation", "int", "0..400", "0",
     "percent of the charge for pieces near a trap the enemy holds that a stronger enemy piece "
     "can reach and capture over more than one turn"},
    {"attack_drag_squares", "evaluation", "int", "2..5", "2",
     "squares from a trap the enemy holds within which the attack term counts a piece being "
     "dragged (frozen beside a stronger enemy piece that can move); others count within 2"},
    {"hostage_pct", "evaluation", "int", "0..400", "0",
     "percent of the charge for pieces held hostage by a stronger enemy piece near the enemy's "
     "home traps"},
    {"elephant_place_pct", "evaluation", "int", "0..400", "0",
     "percent of the points for the elephant's square (off its home ranks, towards the centre "
     "files and the enemy's traps)"},
    {"elephant_deep_points", "evaluation", "int", "0..5000", "0",
     "points charged for the elephant standing on the enemy's two home ranks"},
    {"camel_exposed_points", "evaluation", "int", "0..5000", "0",
     "points charged for a piece that one enemy piece outranks (the camel) standing beside that "
     "piece in the enemy's half"},
    {"camel_exposed_own_pct", "evaluation", "int", "0..100", "0",
     "percent of camel_exposed_points charged when that piece stands beside its master in its "
     "own half"},
    {"exposed_pct", "evaluation", "int", "0..400", "0",
     "percent of the charge for pieces beside a stronger enemy piece (a share of the piece by its "
     "half and its distance to the nearer trap)"},
    {"home_guard_points", "evaluation", "int", "0..5000", "0",
     "points charged per guard short of two beside a home trap where an enemy piece outranks "
     "every piece of ours within two squares"},
    {"home_guard_tied_pct", "evaluation", "int", "0..100", "0",
     "percent of home_guard_points charged where the enemy's strongest piece near the trap only "
     "equals ours"},
};

/* The names of the term scales above, in ARM_TERM_* order. */
static const char *const TERM_PCT_NAMES[ARM_TERMS] = {
    "blocking_pct", "passed_pct", "goal_table_pct", "power_pct", "loose_rabbit_pct", "trap_pct",
    "threat_pct", "placement_pct"};

static int arimaa_open(const bac_reg_args *a, ba_game **out, ba_error *err)
{
    if (a->n == 0) {
        *out = bac_reg_constant(ba_arimaa_game());
        return BA_OK;
    }
    ba_arimaa_options o;
    ba_arimaa_options_default(&o);
    const long lim = 100000;
    int rc, futility = ARM_STEP_FUTILITY_DEFAULT, push_depth = ARM_PUSH_DEPTH_DEFAULT;
    int waiting = arm_params_default.goal_waiting_pct, step_search = 0;
    int stuck = arm_params_default.capture_threat_stuck_pct;
    int threat_waiting = arm_params_default.capture_threat_waiting_pct;
    int pass_rest = arm_params_default.pass_costs_rest;
    int step_null = arm_params_default.step_null;
    int forward_first = arm_params_default.rabbit_forward_first;
    int steps_left = arm_params_default.capture_threat_steps_left;
    int exchange = arm_params_default.capture_threat_exchange;
    int trap_points = arm_params_default.trap_control_points;
    int danger = arm_params_default.trap_danger_pct;
    int danger_frozen = arm_params_default.trap_danger_frozen_pct;
    int danger_stuck = arm_params_default.trap_danger_stuck_pct;
    int blockade = arm_params_default.elephant_blockade_points;
    int attack = arm_params_default.attack_threat_pct;
    int drag = arm_params_default.attack_drag_squares;
    int hostage = arm_params_default.hostage_pct;
    int ele_place = arm_params_default.elephant_place_pct;
    int ele_deep = arm_params_default.elephant_deep_points;
    int camel = arm_params_default.camel_exposed_points;
    int camel_own = arm_params_default.camel_exposed_own_pct;
    int exposed = arm_params_default.exposed_pct;
    int home_guard = arm_params_default.home_guard_points;
    int home_guard_tied = arm_params_default.home_guard_tied_pct;
    if ((rc = bac_reg_int(a, "material_scale", -lim, lim, &o.eval.material_scale, err)) ||
        (rc = bac_reg_int(a, "blocking_per_side", -lim, lim, &o.eval.blocking_per_side, err)) ||
        (rc = bac_reg_int(a, "power_clip", -lim, lim, &o.eval.power_clip, err)) ||
        (rc = bac_reg_int(a, "power_weak", -lim, lim, &o.eval.power_weak, err)) ||
        (rc = bac_reg_int(a, "power_trap_pct", 0, 100, &o.eval.power_trap_pct, err)) ||
        (rc = bac_reg_int(a, "goal_now_score", 0, BA_SCORE_EVAL_MAX - 1, &o.eval.goal_now_score,
                          err)) ||
        (rc = bac_reg_int(a, "goal_search_steps", 0, BA_ARIMAA_GOAL_STEPS_MAX,
                          &o.goal_search_steps, err)) ||
        (rc = bac_reg_int(a, "search_by_steps", 0, 1, &o.search_by_steps, err)) ||
        (rc = bac_reg_int(a, "step_futility", 0, lim, &futility, err)) ||
        (rc = bac_reg_int(a, "push_depth", 1, 2, &push_depth, err)) ||
        (rc = bac_reg_int(a, "pass_costs_rest", 0, 1, &pass_rest, err)) ||
        (rc = bac_reg_int(a, "step_null", 0, 2, &step_null, err)) ||
        (rc = bac_reg_int(a, "rabbit_forward_first", 0, 1, &forward_first, err)) ||
        (rc = bac_reg_int(a, "goal_waiting_pct", 0, 100, &waiting, err)) ||
        (rc = bac_reg_int(a, "threat_waiting_pct", 0, 100, &threat_waiting, err)) ||
        (rc = bac_reg_int(a, "threat_stuck_pct", 0, 100, &stuck, err)) ||
        (rc = bac_reg_int(a, "threat_steps_left", 0, 1, &steps_left, err)) ||
        (rc = bac_reg_int(a, "threat_exchange", 0, 1, &exchange, err)) ||
        (rc = bac_reg_int(a, "step_search", 0, 1, &step_search, err)) ||
        (rc = bac_reg_int(a, "trap_control_points", 0, 100, &trap_points, err)) ||
        (rc = bac_reg_int(a, "trap_danger_pct", 0, 100, &danger, err)) ||
        (rc = bac_reg_int(a, "trap_danger_frozen_pct", 0, 100, &danger_frozen, err)) ||
        (rc = bac_reg_int(a, "trap_danger_stuck_pct", 0, 100, &danger_stuck, err)) ||
        (rc = bac_reg_int(a, "elephant_blockade_points", 0, 5000, &blockade, err)) ||
        (rc = bac_reg_int(a, "attack_threat_pct", 0, 400, &attack, err)) ||
        (rc = bac_reg_int(a, "attack_drag_squares", 2, 5, &drag, err)) ||
        (rc = bac_reg_int(a, "hostage_pct", 0, 400, &hostage, err)) ||
        (rc = bac_reg_int(a, "elephant_place_pct", 0, 400, &ele_place, err)) ||
        (rc = bac_reg_int(a, "elephant_deep_points", 0, 5000, &ele_deep, err)) ||
        (rc = bac_reg_int(a, "camel_exposed_points", 0, 5000, &camel, err)) ||
        (rc = bac_reg_int(a, "camel_exposed_own_pct", 0, 100, &camel_own, err)) ||
        (rc = bac_reg_int(a, "exposed_pct", 0, 400, &exposed, err)) ||
        (rc = bac_reg_int(a, "home_guard_points", 0, 5000, &home_guard, err)) ||
        (rc = bac_reg_int(a, "home_guard_tied_pct", 0, 100, &home_guard_tied, err)))
        return rc;
    int term_pct[ARM_TERMS];
    for (int t = 0; t < ARM_TERMS; t++) {
        term_pct[t] = arm_params_default.term_pct[t];
        if ((rc = bac_reg_int(a, TERM_PCT_NAMES[t], 0, 400, &term_pct[t], err))) return rc;
    }
    if (step_search && o.search_by_steps)
        return ba_error_set(err, BA_ERR_ARG,
                            "step_search is for the game of whole turns: the step game "
                            "(search_by_steps=1) searches steps already");
    if ((rc = ba_arimaa_create(&o, out, err)) != BA_OK) return rc;
    arm_params *p = arm_game_params(*out);
    p->goal_waiting_pct = waiting;
    p->capture_threat_waiting_pct = threat_waiting;
    p->capture_threat_stuck_pct = stuck;
    p->capture_threat_steps_left = steps_left;
    p->capture_threat_exchange = exchange;
    p->pass_costs_rest = pass_rest;
    p->step_null = step_null;
    p->rabbit_forward_first = forward_first;
    /* Set in the turn game too: the AEI session's step game and step_search's copy them. */
    p->step_futility = futility;
    p->push_depth = push_depth;
    p->trap_control_points = trap_points;
    p->trap_danger_pct = danger;
    p->trap_danger_frozen_pct = danger_frozen;
    p->trap_danger_stuck_pct = danger_stuck;
    p->elephant_blockade_points = blockade;
    p->attack_threat_pct = attack;
    p->attack_drag_squares = drag;
    p->hostage_pct = hostage;
    p->elephant_place_pct = ele_place;
    p->elephant_deep_points = ele_deep;
    p->camel_exposed_points = camel;
    p->camel_exposed_own_pct = camel_own;
    p->exposed_pct = exposed;
    p->home_guard_points = home_guard;
    p->home_guard_tied_pct = home_guard_tied;
    memcpy(p->term_pct, term_pct, sizeof p->term_pct);
    if (step_search && (rc = arm_game_set_turn_by_steps(*out)) != BA_OK) {
        ba_game_destroy(*out);
        *out = NULL;
        return ba_error_set(err, rc, "the step search could not be set up");
    }
    if (!o.search_by_steps) return BA_OK;
    if ((rc = arm_game_set_step_hooks(*out)) != BA_OK) {
        ba_game_destroy(*out);
        *out = NULL;
        return ba_error_set(err, rc,
                            "the step search's knobs (step_futility, push_depth, step_null) "
                            "could not be set");
    }
    return BA_OK;
}

const bac_reg_game bac_reg_arimaa = {"arimaa", ARIMAA_PARAMS,
                                     sizeof ARIMAA_PARAMS / sizeof ARIMAA_PARAMS[0], arimaa_open};
