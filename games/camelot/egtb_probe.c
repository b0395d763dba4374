/*
 * Camelot endgame tables: the probe (a position's exact result), the search's hook, attaching a
 * table to a game, and the table's life cycle.
 *
 * Why the probe may answer for the real game although the table ignores the 50-move rule and
 * repetitions (docs/camelot-endgames.md, "The 50-move rule and repetitions"):
 * - every win ends with a capture or a castle entry, which also resets the 50-move count; so a
 *   win in n plies from a position with q quiet plies is reached before the rule can draw it
 *   when q + n <= 100, and then the winner's table line wins whatever the defender does (the
 *   rule can only add draws, so the loser cannot last longer either). Wins beyond that horizon
 *   are not answered (Syzygy's "cursed wins" are the same question for chess);
 * - a draw of the table is a draw in the game: the two rules only ever add draws;
 * - a winner following the table never repeats a position (its distance falls every move).
 */
#include <stdlib.h>
#include <string.h>

#include "camelot/egtb.h"
#include "camelot/egtb_index.h"
#include "camelot/egtb_probe.h"
#include "camelot/params.h"

/* The parameters of a Camelot game, or NULL (not a Camelot game). Read here rather than through
 * ba_camelot_get_options() of vtable.c, which names this file's hook. */
static const cam_params *eg_params(const ba_game *g)
{
    if (g == NULL || g->name == NULL || strcmp(g->name, "camelot") != 0 || g->params == NULL) return NULL;
    const cam_params *p = g->params;
    return p->magic == CAM_PARAMS_MAGIC ? p : NULL;
}

/* Plies of search used to resolve a castle obligation: an obligation of the side to move and
 * one of the other side (from the capture that made the ending) at most. */
#define EG_OBLIGATION_DEPTH 3

static int eg_obliged(const cam_state *s, int side)
{
    int sq = s->must_leave[side];
    return sq != CAM_NO_SQUARE && cam_is_own_castle(sq, side) && cam_is_own(s->board[sq], side);
}

/* The result of position s; 1 with *result (BA_RESULT_) and *plies, or 0 with *why. */
static int eg_lookup(const ba_camelot_egtb *tb, const ba_game *g, const cam_state *s, int depth,
                     int *result, int *plies, const char **why);

/* Resolves a castle obligation by a search over the moves (the table holds none). */
static int eg_search(const ba_camelot_egtb *tb, const ba_game *g, const cam_state *s, int depth,
                     int *result, int *plies, const char **why)
{
    if (depth >= EG_OBLIGATION_DEPTH) {
        *why = "a castle obligation too deep to resolve";
        return 0;
    }
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    if (moves == NULL) {
        *why = "out of memory";
        return 0;
    }
    ba_history none = {NULL, 0};
    int n = g->generate(g, s, &none, moves, g->max_moves);
    int stm = s->side_to_move, best = -1, best_plies = 0, known = n > 0;
    /* best: 2 a win, 1 a draw, 0 a loss (from stm's side). */
    for (int i = 0; i < n && known; i++) {
        cam_state c = *s;
        int r, p;
        if (g->apply(g, &c, &moves[i]) != BA_OK || !eg_lookup(tb, g, &c, depth + 1, &r, &p, why)) {
            known = 0;
            break;
        }
        int v = r == BA_RESULT_DRAW ? 1 : ba_result_winner(r) == stm ? 2 : 0;
        p += 1;
        if (v > best || (v == best && ((v == 2 && p < best_plies) || (v == 0 && p > best_plies)))) {
            best = v;
            best_plies = v == 1 ? 0 : p;
        }
    }
    free(moves);
    if (!known) {
        if (n <= 0) *why = "no moves to resolve a castle obligation";
        return 0;
    }
    *result = best == 1 ? BA_RESULT_DRAW : (best == 2) == (stm == 0) ? BA_RESULT_WIN0 : BA_RESULT_WIN1;
    *plies = best_plies;
    return 1;
}

static int eg_lookup(const ba_camelot_egtb *tb, const ba_game *g, const cam_state *s, int depth,
                     int *result, int *plies, const char **why)
{
    int st = g->status(g, s, NULL);
    if (st != BA_RESULT_ONGOING) {
        *result = st;
        *plies = 0;
        return 1;
    }
    if (eg_obliged(s, 0) || eg_obliged(s, 1)) return eg_search(tb, g, s, depth, result, plies, why);
    int ending, att;
    uint64_t idx;
    if (!cam_egtb_index(s, &ending, &idx, &att)) {
        *why = "not two pieces against one";
        return 0;
    }
    if (tb->data[ending] == NULL) {
        *why = "that ending is not in this table";
        return 0;
    }
    uint8_t x = tb->data[ending][idx];
    int stm = s->side_to_move;
    if (x == 0) {
        *result = BA_RESULT_DRAW;
        *plies = 0;
        return 1;
    }
    int win = x < CAM_EGTB_LOSS, n = win ? x : x - CAM_EGTB_LOSS;
    if (cam_options(g)->fifty_move_rule && s->quiet_plies + n > 100) {
        *why = "a win beyond the 50-move horizon";
        return 0;
    }
    int winner = win ? stm : 1 - stm;
    *result = winner == 0 ? BA_RESULT_WIN0 : BA_RESULT_WIN1;
    *plies = n;
    return 1;
}

/* The rules the table was computed under. */
static int eg_rules_match(const ba_game *g)
{
    const ba_camelot_options *o = cam_options(g);
    return o->castle_moves_per_player == CAM_EGTB_CM - 1 && o->knight_canter_rule == 1;
}

int ba_camelot_egtb_probe(const ba_camelot_egtb *tb, const ba_game *g, const void *state,
                          ba_camelot_egtb_result *out, ba_error *err)
{
    if (tb == NULL || g == NULL || state == NULL || out == NULL)
        return ba_error_set(err, BA_ERR_ARG, "NULL argument to the endgame table probe");
    if (eg_params(g) == NULL) return ba_error_set(err, BA_ERR_ARG, "the game is not Camelot");
    if (!eg_rules_match(g))
        return ba_error_set(err, BA_ERR_RANGE, "the tables hold the default castle-move and canter rules only");
    const char *why = "not in the table";
    int r, p;
    if (!eg_lookup(tb, g, state, 0, &r, &p, &why))
        return ba_error_set(err, BA_ERR_RANGE, "position not in the endgame table: %s", why);
    out->result = r;
    out->plies = p;
    return BA_OK;
}

int cam_egtb_probe_hook(const ba_game *g, const void *state, const ba_history *hist, int *plies)
{
    (void)hist;
    const cam_params *p = g->params;
    const cam_state *s = state;
    if (p == NULL || p->egtb == NULL || s->piece_count[0] + s->piece_count[1] != 3) return BA_RESULT_ONGOING;
    if (!eg_rules_match(g)) return BA_RESULT_ONGOING;
    const char *why;
    int r;
    if (!eg_lookup(p->egtb, g, s, 0, &r, plies, &why)) return BA_RESULT_ONGOING;
    return r;
}

int ba_camelot_egtb_attach(ba_game *game, const ba_camelot_egtb *tb, ba_error *err)
{
    if (eg_params(game) == NULL) return ba_error_set(err, BA_ERR_ARG, "not a Camelot game");
    if (game->params == &cam_default_params)
        return ba_error_set(err, BA_ERR_ARG, "the constant Camelot game cannot take a table: "
                                             "make one with ba_camelot_create()");
    /* A game made by ba_camelot_create() owns its parameters (cam_owned_game in vtable.c). */
    ((cam_params *)(uintptr_t)game->params)->egtb = tb;
    return BA_OK;
}

const ba_camelot_egtb *ba_camelot_egtb_attached(const ba_game *game)
{
    const cam_params *p = eg_params(game);
    return p != NULL ? p->egtb : NULL;
}

int ba_camelot_egtb_stats_get(const ba_camelot_egtb *tb, int ending, ba_camelot_egtb_stats *out)
{
    if (tb == NULL || out == NULL) return BA_ERR_ARG;
    if (ending < 0 || ending >= CAM_EGTB_ENDINGS || tb->data[ending] == NULL) return BA_ERR_RANGE;
    *out = tb->stats[ending];
    return BA_OK;
}

void ba_camelot_egtb_free(ba_camelot_egtb *tb)
{
    if (tb == NULL) return;
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) free(tb->data[e]);
    free(tb);
}
