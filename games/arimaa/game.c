/* The Arimaa game vtable: wires the rules, notation and evaluation into a ba_game. */
#include <stdlib.h>

#include "arimaa_internal.h"

/* Upper bound on the distinct turns generate() returns; see docs/arimaa.md for the measured
 * worst cases and the argument. generate() answers BA_ERR_BUFFER rather than overflow. */
#define ARM_MAX_MOVES 524288

static const arm_state *arm_cstate(const void *state) { return (const arm_state *)state; }

static const arm_params *arm_params_of(const ba_game *g) { return (const arm_params *)g->params; }

static int arm_init(const ba_game *g, void *state)
{
    (void)g;
    arm_clear((arm_state *)state);
    return BA_OK;
}

static int arm_side_to_move(const ba_game *g, const void *state)
{
    (void)g;
    return arm_cstate(state)->side;
}

static int arm_generate(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves,
                        size_t cap)
{
    (void)g;
    const arm_state *st = arm_cstate(state);
    if (st->phase != ARM_PHASE_PLAY) return arm_generate_setups(st, moves, cap);
    if (arm_static_result(st) != BA_RESULT_ONGOING) return 0;
    return arm_generate_turns(st, hist, moves, cap, 0);
}

static int arm_apply(const ba_game *g, void *state, const ba_move *move)
{
    (void)g;
    arm_state next = *(arm_state *)state;
    int rc = arm_apply_move(&next, move);
    if (rc == BA_OK) *(arm_state *)state = next;
    return rc;
}

static int arm_status(const ba_game *g, const void *state, const ba_history *hist)
{
    (void)g;
    const arm_state *st = arm_cstate(state);
    int r = arm_static_result(st);
    if (r != BA_RESULT_ONGOING || st->phase != ARM_PHASE_PLAY) return r;
    int can = arm_has_legal_turn(st, hist);
    if (can < 0) return can;
    /* Immobilised (or every turn a third repetition): the side to move loses. */
    if (!can) return st->side == ARM_GOLD ? BA_RESULT_WIN1 : BA_RESULT_WIN0;
    return BA_RESULT_ONGOING;
}

static int arm_evaluate_v(const ba_game *g, const void *state)
{
    return arm_evaluate(arm_params_of(g), arm_cstate(state));
}

static uint64_t arm_hash(const ba_game *g, const void *state)
{
    (void)g;
    return arm_cstate(state)->hash;
}

/* The step game's entry points (steps.c holds the rules). */
static int arm_step_generate_v(const ba_game *g, const void *state, const ba_history *hist,
                               ba_move *moves, size_t cap)
{
    return arm_step_generate(arm_params_of(g)->goal_memo, arm_cstate(state), hist, moves, cap, 0);
}

static int arm_step_noisy_v(const ba_game *g, const void *state, const ba_history *hist,
                            ba_move *moves, size_t cap)
{
    return arm_step_generate(arm_params_of(g)->goal_memo, arm_cstate(state), hist, moves, cap, 1);
}

static int arm_step_apply_v(const ba_game *g, void *state, const ba_move *move)
{
    (void)g;
    return arm_step_apply((arm_state *)state, move);
}

static int arm_step_extension_v(const ba_game *g, const void *state)
{
    const arm_params *p = arm_params_of(g);
    return arm_step_extension(p->goal_memo, arm_cstate(state), p->push_depth, p->pass_costs_rest);
}

/* The step game's futility margin: how far a position's value may move within depth steps
 * of quiet moves. Inside a turn the static value is that of passing now, a move the side has,
 * so a small margin per step is enough there. */
static int arm_step_futility_v(const ba_game *g, const void *state, int depth)
{
    (void)state;
    return arm_params_of(g)->step_futility * depth;
}

static int arm_step_make_null_v(const ba_game *g, void *state)
{
    return arm_step_make_null((arm_state *)state, arm_params_of(g)->step_null == 2);
}

static int arm_step_null_unsafe_v(const ba_game *g, const void *state)
{
    (void)g;
    return arm_step_null_unsafe(arm_cstate(state));
}

static int arm_step_status_v(const ba_game *g, const void *state, const ba_history *hist)
{
    (void)g;
    return arm_step_status(arm_cstate(state), hist);
}

static uint64_t arm_step_hash_v(const ba_game *g, const void *state)
{
    (void)g;
    return arm_step_hash(arm_cstate(state));
}

static int arm_step_move_to_text_v(const ba_game *g, const void *state, const ba_move *move,
                                   char *buf, size_t cap)
{
    (void)g;
    return arm_step_move_to_text(arm_cstate(state), move, buf, cap);
}

static int arm_step_move_from_text_v(const ba_game *g, const void *state, const ba_history *hist,
                                     const char *text, ba_move *out, ba_error *err)
{
    (void)g;
    return arm_step_move_from_text(arm_cstate(state), hist, text, out, err);
}

static int arm_move_to_text_v(const ba_game *g, const void *state, const ba_move *move, char *buf,
                              size_t cap)
{
    (void)g;
    return arm_move_to_text(arm_cstate(state), move, buf, cap);
}

static int arm_move_from_text_v(const ba_game *g, const void *state, const ba_history *hist,
                                const char *text, ba_move *out, ba_error *err)
{
    (void)g;
    return arm_move_from_text(arm_cstate(state), hist, text, out, err);
}

static int arm_position_to_text_v(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    return arm_position_to_text(arm_cstate(state), buf, cap);
}

static int arm_position_from_text_v(const ba_game *g, void *state, const char *text, ba_error *err)
{
    arm_state st;
    int rc = arm_position_from_text(&st, text, err);
    if (rc != BA_OK) return rc;
    const arm_params *p = arm_params_of(g);
    if (st.steps > 0 && !(p && p->by_steps))
        return ba_error_set(err, BA_ERR_PARSE, "'steps' describes the step game inside a turn; "
                                               "this game's moves are whole turns");
    *(arm_state *)state = st;
    return BA_OK;
}

/* Captures first (net material won), then (step game, with rabbit_forward_first) steps that bring
 * rabbits forward; a pass comes after the steps that change nothing material. A key above 0 also
 * makes the selective search treat the step as noisy: never reduced nor pruned. */
static int arm_order_key(const ba_game *g, const void *state, const ba_move *move)
{
    const arm_state *st = arm_cstate(state);
    if (move->tag == BA_ARIMAA_TAG_PASS) return -1;
    if (move->tag != BA_ARIMAA_TAG_TURN && move->tag != BA_ARIMAA_TAG_STEP) return 0;
    arm_state next = *st;
    int forward = 0;
    if (move->tag == BA_ARIMAA_TAG_TURN) {
        if (arm_apply_move(&next, move) != BA_OK) return 0;
    } else {
        int rc = arm_step_apply(&next, move);
        if (rc != BA_OK) return 0;
        int from = move->bytes[0] >> 2, dir = move->bytes[0] & 3;
        if (st->board[from] == st->side * 8 + ARM_RABBIT &&
            dir == (st->side == ARM_GOLD ? ARM_NORTH : ARM_SOUTH))
            forward = arm_params_of(g)->rabbit_forward_first;
    }
    int me = st->side, opp = me ^ 1;
    int won = arm_popcount(st->occ[opp]) - arm_popcount(next.occ[opp]);
    int lost = arm_popcount(st->occ[me]) - arm_popcount(next.occ[me]);
    return 100 * (won - lost) + forward;
}

static int arm_render_v(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    return arm_render(arm_cstate(state), buf, cap);
}

static int arm_explain_v(const ba_game *g, const void *state, char *buf, size_t cap)
{
    return arm_explain(arm_params_of(g), arm_cstate(state), buf, cap);
}

static void arm_destroy(ba_game *g)
{
    arm_params *p = (arm_params *)(uintptr_t)g->params;
    ba_game_destroy(p->step_game);
    arm_goal_memo_free(p->goal_memo);
    free(p);
    free(g);
}

#define ARM_VTABLE_FUNCTIONS                                                                      \
    .init = arm_init, .side_to_move = arm_side_to_move, .generate = arm_generate,                 \
    .apply = arm_apply, .status = arm_status, .evaluate = arm_evaluate_v, .hash = arm_hash,       \
    .move_to_text = arm_move_to_text_v, .move_from_text = arm_move_from_text_v,                   \
    .position_to_text = arm_position_to_text_v, .position_from_text = arm_position_from_text_v,   \
    .generate_noisy = NULL, .order_key = arm_order_key, .render = arm_render_v,                   \
    .explain = arm_explain_v

void ba_arimaa_options_default(ba_arimaa_options *opts)
{
    if (!opts) return;
    memset(opts, 0, sizeof *opts);
    opts->eval = *ba_arimaa_eval_tables_default();
    opts->goal_search_steps = arm_params_default.goal_search_steps;
}

static int arm_check_options(const ba_arimaa_options *o, ba_error *err)
{
    if (o->search_by_steps != 0 && o->search_by_steps != 1)
        return ba_error_set(err, BA_ERR_RANGE, "search_by_steps must be 0 or 1");
    if (o->goal_search_steps < 0 || o->goal_search_steps > BA_ARIMAA_GOAL_STEPS_MAX)
        return ba_error_set(err, BA_ERR_RANGE, "goal_search_steps must be 0..%d",
                            BA_ARIMAA_GOAL_STEPS_MAX);
    if (o->eval.goal_now_score < 0 || o->eval.goal_now_score > BA_SCORE_EVAL_MAX / 2)
        return ba_error_set(err, BA_ERR_RANGE, "goal_now_score must be 0..%d", BA_SCORE_EVAL_MAX / 2);
    if (o->eval.material_scale < 0 || o->eval.material_scale > 100000)
        return ba_error_set(err, BA_ERR_RANGE, "material_scale must be 0..100000");
    if (o->eval.power_trap_pct < 0 || o->eval.power_trap_pct > 1000)
        return ba_error_set(err, BA_ERR_RANGE, "power_trap_pct must be 0..1000");
    /* Keep every table entry small enough that sums over 16 rabbits cannot overflow an int. */
    const int *v = (const int *)&o->eval;
    size_t count = sizeof o->eval / sizeof(int);
    for (size_t i = 0; i < count; i++) {
        if (v[i] < -100000 || v[i] > BA_SCORE_EVAL_MAX / 2)
            return ba_error_set(err, BA_ERR_RANGE, "evaluation table entry %zu is out of range", i);
    }
    return BA_OK;
}

/* The step game: the same rules with steps as moves (steps.c). Its table ignores the path (no
 * BA_GAME_HISTORY_MATTERS), so that step orders within a turn meet in it. */
static const ba_game arm_step_game = BA_GAME_INIT(
    .flags = BA_GAME_PARTIAL_MOVES,
    .name = "arimaa",
    .side_names = {"gold", "silver"},
    .state_size = sizeof(arm_state),
    .max_moves = ARM_MAX_ACTIONS + 1,
    .max_plies = 0,
    .params = NULL,
    .init = arm_init, .side_to_move = arm_side_to_move, .generate = arm_step_generate_v,
    .apply = arm_step_apply_v, .status = arm_step_status_v, .evaluate = arm_evaluate_v,
    .hash = arm_step_hash_v, .move_to_text = arm_step_move_to_text_v,
    .move_from_text = arm_step_move_from_text_v, .position_to_text = arm_position_to_text_v,
    .position_from_text = arm_position_from_text_v, .generate_noisy = arm_step_noisy_v,
    .order_key = arm_order_key, .render = arm_render_v, .explain = arm_explain_v,
    .destroy = NULL, .extension = arm_step_extension_v, .futility_margin = arm_step_futility_v,
    .make_null = arm_step_make_null_v, .null_move_unsafe = arm_step_null_unsafe_v);

/* Without a margin or a null move the hooks are left out: the core then skips the static value
 * at interior nodes (Arimaa's evaluation is the dear part of a node); with the null move alone
 * it evaluates only where one may be tried (a turn start: null_move_unsafe). */
static void arm_step_hooks(ba_game *g, const arm_params *p)
{
    g->futility_margin = p->step_futility > 0 ? arm_step_futility_v : NULL;
    g->make_null = p->step_null > 0 ? arm_step_make_null_v : NULL;
    g->null_move_unsafe = p->step_null > 0 ? arm_step_null_unsafe_v : NULL;
}

int arm_game_set_step_hooks(ba_game *g)
{
    if (!g || g->destroy != arm_destroy || !arm_params_of(g)->by_steps) return BA_ERR_ARG;
    arm_step_hooks(g, arm_params_of(g));
    return BA_OK;
}

int arm_step_game_new(const arm_params *turns, ba_game **out)
{
    ba_arimaa_options o;
    ba_arimaa_options_default(&o);
    o.search_by_steps = 1;
    int rc = ba_arimaa_create(&o, out, NULL);
    if (rc != BA_OK) return rc;
    arm_params *sp = (arm_params *)(uintptr_t)(*out)->params;
    arm_goal_memo *own = sp->goal_memo; /* the new game's, not the turn game's */
    *sp = *turns;
    sp->by_steps = 1;
    sp->step_game = NULL;
    sp->goal_memo = own;
    arm_step_hooks(*out, sp);
    return BA_OK;
}

int arm_game_set_turn_by_steps(ba_game *g)
{
    if (!g || g->destroy != arm_destroy || arm_params_of(g)->by_steps ||
        arm_params_of(g)->step_game)
        return BA_ERR_ARG;
    arm_params *p = (arm_params *)(uintptr_t)g->params;
    ba_game *steps = NULL;
    int rc = arm_step_game_new(p, &steps);
    if (rc != BA_OK) return rc;
    p->step_game = steps;
    g->search_move = arm_search_turn;
    return BA_OK;
}

arm_params *arm_game_params(ba_game *g)
{
    return g && g->destroy == arm_destroy ? (arm_params *)(uintptr_t)g->params : NULL;
}

int ba_arimaa_create(const ba_arimaa_options *opts, ba_game **out, ba_error *err)
{
    if (!out) return ba_error_set(err, BA_ERR_ARG, "out is NULL");
    *out = NULL;
    ba_arimaa_options o;
    if (opts) o = *opts;
    else ba_arimaa_options_default(&o);
    int rc = arm_check_options(&o, err);
    if (rc != BA_OK) return rc;
    arm_params *p = malloc(sizeof *p);
    ba_game *g = malloc(sizeof *g);
    if (!p || !g) {
        free(p);
        free(g);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    /* The internal weights (capture threats, trap control, rabbits) keep their defaults. */
    *p = arm_params_default;
    p->eval = o.eval;
    p->goal_search_steps = o.goal_search_steps;
    p->by_steps = o.search_by_steps;
    p->goal_memo = arm_goal_memo_new(); /* NULL: every goal search is made again */
    *g = o.search_by_steps ? arm_step_game : *ba_arimaa_game();
    g->params = p;
    g->destroy = arm_destroy;
    if (o.search_by_steps) arm_step_hooks(g, p);
    *out = g;
    return BA_OK;
}

static const ba_game arm_game = BA_GAME_INIT(
    .flags = BA_GAME_HISTORY_MATTERS | BA_GAME_PARTIAL_MOVES,
    .name = "arimaa",
    .side_names = {"gold", "silver"},
    .state_size = sizeof(arm_state),
    .max_moves = ARM_MAX_MOVES,
    .max_plies = 0,
    .params = &arm_params_default,
    ARM_VTABLE_FUNCTIONS,
    .destroy = NULL);

const ba_game *ba_arimaa_game(void) { return &arm_game; }

int ba_arimaa_steps_to_goal(const ba_game *game, const void *state, int square, int max_steps)
{
    if (!game || !state || square < 0 || square > 63) return BA_ERR_ARG;
    return arm_steps_to_goal(arm_cstate(state), square, max_steps);
}
