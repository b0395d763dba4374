/* The ugolki game: its vtable, the variants made at run time and the public readers of a
 * variant. The top file of the module: it uses every other file, and none uses it. */
#include <stdlib.h>
#include <string.h>

#include "ugolki_eval.h"
#include "ugolki_params.h"
#include "ugolki_rules.h"
#include "ugolki_text.h"

/* A variant made at run time: the vtable and its parameters in one allocation. */
typedef struct ug_variant {
    ba_game game;
    ug_params params;
} ug_variant;

static uint64_t ug_hash(const ba_game *g, const void *state)
{
    (void)g;
    const ug_state *s = state;
    /* The ply decides the side to move and the anti-blocking and cap rules, so it is part of
     * the hash; it is mixed in (splitmix64's finaliser) rather than looked up in a table. */
    uint64_t x = ((uint64_t)s->ply << 3 | s->flags) + 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    x ^= x >> 31;
    return s->board_hash ^ x;
}

/* Selective search (docs/ugolki.md, docs/strength.md): Ugolki gives the futility margins and
 * says which moves are sharp, but no null move: a pass measured about -80 Elo at 50 ms a move
 * against exact search (the race is all tempo, so "even passing keeps it above beta" almost never
 * holds and the test only costs nodes). */

/* A side's best move gains about this many table points or fewer in 95% of game positions
 * (measured: the depth-1 value minus the static value, docs/strength.md "Ugolki"). */
#define UG_REPLY_GAIN 40

/* A side that still has a piece in its starting corner searches exactly from this many moves
 * before the stay rule would make it lose. */
#define UG_STAY_WARNING 8

/* Positions where the side to move must find a manoeuvre of moves the square table rates low,
 * which pruning and reductions cut first (docs/ugolki.md, "Selective search"): every move of it
 * is searched, as in the exact search.
 * - The filling phase: past the finish threshold the evaluation scores the side as (nearly)
 *   finished whatever its last pieces do, and bringing them into the corner takes sideways and
 *   backward moves (d8-e8-e7-f7 for White's last piece) worth little or less on the table.
 * - Near the stay limit with a piece still at home: getting it out is worth a point or two on
 *   the table, and the loss it avoids lies beyond the horizon of a reduced search.
 * In timed games the selective search, 2-3 plies deeper, lost games in both ways (pieces left
 * around the target corner, a piece left at home at move 41). This alone did not turn its
 * result (docs/strength.md, "Ugolki", third round). */
static int ug_search_all(const ug_params *p, const ug_state *s)
{
    int stm = (int)(s->ply & 1u);
    if (ug_side_sum(p, s, stm) > p->threshold)
        return 1;
    if (p->opt.stay_limit > 0 && (s->occ[stm] & p->home[stm])) {
        uint32_t made = s->ply / 2; /* moves the side to move has made */
        if (made + UG_STAY_WARNING >= (uint32_t)p->opt.stay_limit)
            return 1;
    }
    return 0;
}

/* A forward leap chain is the move that changes the race sharply, and a forward move into the
 * target corner or over the finish threshold may decide it (a finish the static value before it
 * cannot see): never reduced nor pruned. Other steps, and chains that go back or sideways on
 * the table, are quiet (late-move reductions and futility pruning may cut them). */
static int ug_move_noisy(const ba_game *g, const void *state, const ba_move *move)
{
    if (ug_search_all(ug_params_of(g), state))
        return 1;
    int gain = move->len == 2 ? ug_order_key(g, state, move) : 0;
    if (gain <= 0)
        return 0;
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    int stm = (int)(s->ply & 1u);
    int df = move->bytes[0] % 8 - move->bytes[1] % 8, dr = move->bytes[0] / 8 - move->bytes[1] / 8;
    if (df > 1 || df < -1 || dr > 1 || dr < -1 || (p->home[1 - stm] >> move->bytes[1] & 1u))
        return 1;
    /* (the random bonus is redrawn after the move: up to a point a piece more) */
    int bonus = p->opt.random_bonus ? p->opt.pieces : 0;
    return p->opt.finish_test && ug_side_sum(p, s, stm) + gain + bonus > p->threshold;
}

/* The value a few plies on drifts with the asymmetric weighting: the program's side counts its
 * own table points once and the other side's three times, so the side to move's value rises by
 * its own moves (a step at most step_gain, times its weight) and falls by the replies (about
 * UG_REPLY_GAIN, times their weight); the random bonus, redrawn every ply, moves either side's
 * sum by up to a point a piece. The core uses one margin for both tests: futility (how far can
 * the side's quiet moves lift it, up to depth 3) and reverse futility (how far can the replies
 * drop it, up to depth 6); the margin is the larger of the two where both apply and the
 * replies' alone beyond. */
static int ug_futility_margin(const ba_game *g, const void *state, int depth)
{
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    if (ug_search_all(p, s))
        return 0; /* no futility, reverse futility nor late-move pruning here */
    int program = (int)(s->ply & 1u) == p->opt.program_side;
    int own = p->opt.asymmetric && !program ? 3 : 1;
    int other = p->opt.asymmetric && program ? 3 : 1;
    int bonus = p->opt.random_bonus ? p->opt.pieces * (own + other) * depth : 0;
    int drop = depth / 2 * UG_REPLY_GAIN * other + bonus;
    int rise = (depth + 1) / 2 * p->step_gain * own + bonus;
    if (depth > 3)
        return drop;
    return drop > rise ? drop : rise;
}

static void ug_destroy(ba_game *g)
{
    free(g); /* the ug_variant starts with its game */
}

/* Selective search with reductions by an even number of plies only and no late-move pruning
 * (the asymmetric weighting makes the static value swing with the side to move, and the race's
 * manoeuvres are chains of quiet moves that deep reductions cut). Without the flag the selective
 * search lost to the exact one at equal time (-115.9 [-185.3, -54.5], 115 games) and was searched
 * exactly; with it, it beat the exact search at 100 ms a move, +85.0 [+45.9, +126.4] over 200
 * games (docs/strength.md, "Ugolki"). */
#define UG_FLAGS BA_GAME_EVEN_REDUCTIONS

/* The default game's parameters, as ug_params_init() derives them from the default options. */
static const ug_params ug_default_params = {
    {9, 0, 40, 40, 400, 1, 0, 1, 0, 0},
    {0x0000000000070707ull, 0xe0e0e00000000000ull},
    540,
    4,
    25,
};

/* Destinations of a side's pieces are distinct empty squares per piece: pieces x empties. */
#define UG_MAX_MOVES(pieces) ((size_t)(pieces) * (size_t)(64 - 2 * (pieces)))

static const ba_game ug_default_game = BA_GAME_INIT(
    .flags = UG_FLAGS,
    .name = "ugolki",
    .side_names = {"white", "black"},
    .state_size = sizeof(ug_state),
    .max_moves = UG_MAX_MOVES(9),
    .max_plies = 401,
    .params = &ug_default_params,
    .init = ug_init,
    .side_to_move = ug_side_to_move,
    .generate = ug_generate,
    .apply = ug_apply,
    .status = ug_status,
    .evaluate = ug_evaluate,
    .hash = ug_hash,
    .move_to_text = ug_move_to_text,
    .move_from_text = ug_move_from_text,
    .position_to_text = ug_position_to_text,
    .position_from_text = ug_position_from_text,
    .generate_noisy = NULL,
    .order_key = ug_order_key,
    .render = ug_render,
    .explain = ug_explain,
    .destroy = NULL,
    .futility_margin = ug_futility_margin,
    .move_noisy = ug_move_noisy);

const ba_game *ba_ugolki_game(void) { return &ug_default_game; }

static int ug_is_ugolki(const ba_game *g)
{
    return g && g->init == ug_init && g->params != NULL;
}

int ba_ugolki_create(const ba_ugolki_options *opts, ba_game **out, ba_error *err)
{
    if (!out)
        return ba_error_set(err, BA_ERR_ARG, "no place for the game");
    *out = NULL;
    ba_ugolki_options def = ba_ugolki_options_default();
    ug_params params;
    int rc = ug_params_init(&params, opts ? opts : &def, err);
    if (rc != BA_OK)
        return rc;
    ug_variant *v = malloc(sizeof *v);
    if (!v)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    v->params = params;
    v->game = ug_default_game; /* every hook; the variant's own fields are set below */
    v->game.params = &v->params;
    v->game.max_moves = UG_MAX_MOVES(params.opt.pieces);
    /* The equalising move may follow a completion at the cap. */
    v->game.max_plies = params.opt.ply_cap > 0 ? (size_t)params.opt.ply_cap + 1 : 0;
    v->game.destroy = ug_destroy;
    *out = &v->game;
    return BA_OK;
}

int ba_ugolki_get_options(const ba_game *g, ba_ugolki_options *out)
{
    if (!ug_is_ugolki(g) || !out)
        return BA_ERR_ARG;
    *out = ug_params_of(g)->opt;
    return BA_OK;
}

int ba_ugolki_finish_threshold(const ba_game *g)
{
    if (!ug_is_ugolki(g))
        return BA_ERR_ARG;
    return ug_params_of(g)->threshold;
}

int ba_ugolki_side_sum(const ba_game *g, const void *state, int side)
{
    if (!ug_is_ugolki(g) || !state || (side != 0 && side != 1))
        return BA_ERR_ARG;
    return ug_side_sum(ug_params_of(g), state, side);
}
