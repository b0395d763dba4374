/* The Camelot game vtable, and ba_camelot_game() / ba_camelot_create() (the top of the Camelot
 * files: it names every hook; its options and parameters are in params.c). */
#include <stdlib.h>
#include <string.h>

#include "camelot/apply.h"
#include "camelot/board.h"
#include "camelot/egtb_probe.h"
#include "camelot/endgame.h"
#include "camelot/eval.h"
#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "camelot/params.h"
#include "camelot/postext.h"
#include "camelot/render.h"
#include "camelot/selective.h"

/* Upper bound on legal moves. Without captures: at most 14 pieces, each with at most 8 plain
 * moves and 39 canter destinations (its parity class minus itself), plus one castle move:
 * 14 * 47 + 1 = 659. Captures add (start, end, captured set) triples, and in a crowded middle
 * game they multiply: a position eleven plies from the start of a real match game (in
 * tests/camelot/test_movegen.c) has 1,232 legal moves, 1,136 of them captures, and the old
 * bound of 1024 made the exact search fail there. 8192 leaves more than six times that; a
 * contrived position with more makes generation fail cleanly with BA_ERR_BUFFER (documented in
 * docs/camelot-rules.md), never overflow. The search allocates its lists per ply reached and
 * touches only the moves generated. */
#define CAM_MAX_MOVES 8192
/* Upper bound on a game's length with the 50-move rule: at most 28 captures and 4 castle
 * entries reset the counter, and at most 100 plies pass between resets: 33 * 100 + 32. */
#define CAM_MAX_PLIES_FIFTY 3332

static int cam_v_init(const ba_game *g, void *state)
{
    (void)g;
    cam_start_position((cam_state *)state);
    return BA_OK;
}

static int cam_v_side(const ba_game *g, const void *state)
{
    (void)g;
    return ((const cam_state *)state)->side_to_move;
}

static int cam_v_generate(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves,
                          size_t cap)
{
    const cam_state *s = state;
    if (cam_game_over_without_movelist(g, s, hist) != BA_RESULT_ONGOING) return 0;
    return cam_generate_legal(g, s, moves, cap);
}

static int cam_v_noisy(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves,
                       size_t cap)
{
    const cam_state *s = state;
    if (cam_game_over_without_movelist(g, s, hist) != BA_RESULT_ONGOING) return 0;
    return cam_generate_noisy_moves(g, s, moves, cap);
}

static int cam_v_apply(const ba_game *g, void *state, const ba_move *move)
{
    (void)g;
    return cam_apply_move(state, state, move);
}

static int cam_v_status(const ba_game *g, const void *state, const ba_history *hist)
{
    return cam_result(g, state, hist);
}

static uint64_t cam_v_hash(const ba_game *g, const void *state)
{
    (void)g;
    return ((const cam_state *)state)->hash;
}

static int cam_v_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf,
                              size_t cap)
{
    (void)g;
    return cam_move_to_text(state, move, buf, cap);
}

static int cam_v_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                                const char *text, ba_move *out, ba_error *err)
{
    const cam_state *s = state;
    int r = cam_game_over_without_movelist(g, s, hist);
    if (r != BA_RESULT_ONGOING) {
        /* Parse anyway so that malformed text is reported as such. */
        ba_move tmp;
        int rc = cam_move_from_text(g, s, text, &tmp, err);
        if (rc == BA_ERR_PARSE) return rc;
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over (%s)",
                            r == BA_RESULT_DRAW ? "drawn" : "won");
    }
    return cam_move_from_text(g, s, text, out, err);
}

static int cam_v_pos_to_text(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    return cam_position_to_text(state, buf, cap);
}

static int cam_v_pos_from_text(const ba_game *g, void *state, const char *text, ba_error *err)
{
    return cam_position_from_text(g, state, text, err);
}

static int cam_v_render(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    return cam_render(state, buf, cap);
}

/* A capture or an entry into the opponent's castle can never be undone (pieces only leave the
 * board, and a piece in the enemy castle stays there), so no position from before the last one
 * can come back: only the last quiet_plies history entries can repeat. */
static size_t cam_v_repeat_window(const ba_game *g, const void *state)
{
    (void)g;
    return ((const cam_state *)state)->quiet_plies;
}

#define CAM_GAME_INIT(params_ptr, destroy_fn)                                                  \
    BA_GAME_INIT(.flags = BA_GAME_HISTORY_MATTERS, .name = "camelot",                          \
                 .side_names = {"white", "black"}, .state_size = sizeof(cam_state),            \
                 .max_moves = CAM_MAX_MOVES, .max_plies = CAM_MAX_PLIES_FIFTY,                 \
                 .params = (params_ptr), .init = cam_v_init, .side_to_move = cam_v_side,       \
                 .generate = cam_v_generate, .apply = cam_v_apply, .status = cam_v_status,     \
                 .evaluate = cam_evaluate, .hash = cam_v_hash,                                 \
                 .move_to_text = cam_v_move_to_text, .move_from_text = cam_v_move_from_text,   \
                 .position_to_text = cam_v_pos_to_text,                                        \
                 .position_from_text = cam_v_pos_from_text, .generate_noisy = cam_v_noisy,     \
                 .order_key = cam_order_key, .render = cam_v_render, .explain = cam_explain,   \
                 .destroy = (destroy_fn), .repeat_window = cam_v_repeat_window,                \
                 .make_null = cam_make_null, .null_move_unsafe = cam_null_move_unsafe,         \
                 .futility_margin = cam_futility_margin, .move_noisy = cam_move_noisy,         \
                 .noisy_only = cam_noisy_only, .endgame_probe = cam_egtb_probe_hook)

static const ba_game cam_default_game = CAM_GAME_INIT(&cam_default_params, NULL);

const ba_game *ba_camelot_game(void) { return &cam_default_game; }

/* A game made at run time: the vtable and its params in one allocation. */
typedef struct cam_owned_game {
    ba_game game;
    cam_params params;
} cam_owned_game;

static void cam_destroy(ba_game *g)
{
    free(g); /* game is the first member of cam_owned_game */
}

int ba_camelot_create(const ba_camelot_options *opts, ba_game **out, ba_error *err)
{
    if (out == NULL) return ba_error_set(err, BA_ERR_ARG, "no place for the game (out is NULL)");
    *out = NULL;
    ba_camelot_options o = opts != NULL ? *opts : ba_camelot_options_default();
    if (o.fifty_move_rule != 0 && o.fifty_move_rule != 1)
        return ba_error_set(err, BA_ERR_RANGE, "fifty_move_rule must be 0 or 1, not %d", o.fifty_move_rule);
    if (o.repetition_draw != 0 && o.repetition_draw != 1)
        return ba_error_set(err, BA_ERR_RANGE, "repetition_draw must be 0 or 1, not %d", o.repetition_draw);
    if (o.knight_canter_rule != 0 && o.knight_canter_rule != 1)
        return ba_error_set(err, BA_ERR_RANGE, "knight_canter_rule must be 0 or 1, not %d",
                            o.knight_canter_rule);
    if (o.castle_moves_per_player < 0 || o.castle_moves_per_player > 255)
        return ba_error_set(err, BA_ERR_RANGE, "castle_moves_per_player must be 0..255, not %d",
                            o.castle_moves_per_player);
    if (!(o.knight_n > 0.0 && o.knight_n < 1000.0))
        return ba_error_set(err, BA_ERR_RANGE, "knight_n must be a positive number below 1000");
    int rc = ba_camelot_weights_check(&o.weights, err);
    if (rc != BA_OK) return rc;
    cam_owned_game *og = calloc(1, sizeof *og);
    if (og == NULL) return ba_error_set(err, BA_ERR_NOMEM, "out of memory making a Camelot game");
    og->params.magic = CAM_PARAMS_MAGIC;
    og->params.options = o;
    const ba_game tmpl = CAM_GAME_INIT(NULL, cam_destroy);
    og->game = tmpl;
    og->game.params = &og->params;
    og->game.max_plies = o.fifty_move_rule ? CAM_MAX_PLIES_FIFTY : 0;
    *out = &og->game;
    return BA_OK;
}

int ba_camelot_get_options(const ba_game *game, ba_camelot_options *out)
{
    if (game == NULL || out == NULL || game->params == NULL || game->name == NULL) return BA_ERR_ARG;
    if (strcmp(game->name, "camelot") != 0) return BA_ERR_ARG;
    const cam_params *p = game->params;
    if (p->magic != CAM_PARAMS_MAGIC) return BA_ERR_ARG;
    *out = p->options;
    return BA_OK;
}
