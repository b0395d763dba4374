/* ba_pos: a game in progress. The current state, a stack of the earlier states (for undo), their
 * hashes (the history the game's repetition rules see) and the moves played. */
#include <stdlib.h>
#include <string.h>

#include "boardai/position.h"
#include "game_checked.h"

struct ba_pos {
    const ba_game *g;
    unsigned char *state;  /* the current state */
    unsigned char *undo;   /* ply earlier states, oldest first, state_size bytes each */
    uint64_t *hashes;      /* hashes of the ply earlier states */
    ba_move *moves;        /* moves[i] led from earlier state i to the next one */
    size_t ply;            /* entries in undo/hashes/moves */
    size_t cap;            /* capacity of undo/hashes/moves */
};

int ba_pos_new(const ba_game *game, ba_pos **out)
{
    if (!out)
        return BA_ERR_ARG;
    *out = NULL;
    if (!game)
        return BA_ERR_ARG;
    if (ba_game_check(game, NULL) != BA_OK)
        return BA_ERR_GAME;
    ba_pos *p = calloc(1, sizeof *p);
    if (!p)
        return BA_ERR_NOMEM;
    p->g = game;
    p->state = calloc(1, game->state_size);
    if (!p->state) {
        free(p);
        return BA_ERR_NOMEM;
    }
    int rc = game->init(game, p->state);
    if (rc != BA_OK) {
        free(p->state);
        free(p);
        return rc < 0 ? rc : BA_ERR_GAME;
    }
    *out = p;
    return BA_OK;
}

void ba_pos_free(ba_pos *pos)
{
    if (!pos)
        return;
    free(pos->state);
    free(pos->undo);
    free(pos->hashes);
    free(pos->moves);
    free(pos);
}

/* Makes room for at least need earlier positions. */
static int pos_reserve(ba_pos *p, size_t need)
{
    if (need <= p->cap)
        return BA_OK;
    size_t cap = p->cap ? p->cap : 16;
    while (cap < need)
        cap *= 2;
    unsigned char *undo = realloc(p->undo, cap * p->g->state_size);
    if (!undo)
        return BA_ERR_NOMEM;
    p->undo = undo;
    uint64_t *hashes = realloc(p->hashes, cap * sizeof *hashes);
    if (!hashes)
        return BA_ERR_NOMEM;
    p->hashes = hashes;
    ba_move *moves = realloc(p->moves, cap * sizeof *moves);
    if (!moves)
        return BA_ERR_NOMEM;
    p->moves = moves;
    p->cap = cap;
    return BA_OK;
}

int ba_pos_clone(const ba_pos *pos, ba_pos **out)
{
    if (!out)
        return BA_ERR_ARG;
    *out = NULL;
    if (!pos)
        return BA_ERR_ARG;
    ba_pos *p = calloc(1, sizeof *p);
    if (!p)
        return BA_ERR_NOMEM;
    p->g = pos->g;
    p->state = malloc(pos->g->state_size);
    if (!p->state || pos_reserve(p, pos->ply) != BA_OK) {
        ba_pos_free(p);
        return BA_ERR_NOMEM;
    }
    memcpy(p->state, pos->state, pos->g->state_size);
    if (pos->ply) {
        memcpy(p->undo, pos->undo, pos->ply * pos->g->state_size);
        memcpy(p->hashes, pos->hashes, pos->ply * sizeof *p->hashes);
        memcpy(p->moves, pos->moves, pos->ply * sizeof *p->moves);
    }
    p->ply = pos->ply;
    *out = p;
    return BA_OK;
}

int ba_pos_reset(ba_pos *pos)
{
    if (!pos)
        return BA_ERR_ARG;
    int rc = pos->g->init(pos->g, pos->state);
    if (rc != BA_OK)
        return rc < 0 ? rc : BA_ERR_GAME;
    pos->ply = 0;
    return BA_OK;
}

int ba_pos_set_text(ba_pos *pos, const char *text, ba_error *err)
{
    if (!pos || !text)
        return ba_error_set(err, BA_ERR_ARG, "position or text is NULL");
    unsigned char *tmp = malloc(pos->g->state_size);
    if (!tmp)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    memcpy(tmp, pos->state, pos->g->state_size);
    int rc = ba_game_position_from_text(pos->g, tmp, text, err);
    if (rc == BA_OK) {
        memcpy(pos->state, tmp, pos->g->state_size);
        pos->ply = 0;
    }
    free(tmp);
    return rc;
}

int ba_pos_text(const ba_pos *pos, char *buf, size_t cap)
{
    if (!pos || !buf)
        return BA_ERR_ARG;
    return ba_game_position_to_text(pos->g, pos->state, buf, cap);
}

int ba_pos_render(const ba_pos *pos, char *buf, size_t cap)
{
    if (!pos || !buf)
        return BA_ERR_ARG;
    if (!BA_GAME_HAS(pos->g, render))
        return BA_ERR_UNSUPPORTED;
    return bac_text_len(pos->g->render(pos->g, pos->state, buf, cap), buf, cap);
}

const ba_game *ba_pos_game(const ba_pos *pos) { return pos ? pos->g : NULL; }

const void *ba_pos_state(const ba_pos *pos) { return pos ? pos->state : NULL; }

int ba_pos_side_to_move(const ba_pos *pos)
{
    if (!pos)
        return BA_ERR_ARG;
    return bac_game_side(pos->g, pos->state);
}

uint64_t ba_pos_hash(const ba_pos *pos) { return pos ? pos->g->hash(pos->g, pos->state) : 0; }

size_t ba_pos_ply(const ba_pos *pos) { return pos ? pos->ply : 0; }

static ba_history pos_hist(const ba_pos *pos)
{
    ba_history h;
    h.hashes = pos->hashes;
    h.count = pos->ply;
    return h;
}

int ba_pos_history(const ba_pos *pos, ba_history *out)
{
    if (!pos || !out)
        return BA_ERR_ARG;
    *out = pos_hist(pos);
    return BA_OK;
}

int ba_pos_move_at(const ba_pos *pos, size_t index, ba_move *out)
{
    if (!pos || !out)
        return BA_ERR_ARG;
    if (index >= pos->ply)
        return BA_ERR_RANGE;
    *out = pos->moves[index];
    return BA_OK;
}

int ba_pos_result(const ba_pos *pos)
{
    if (!pos)
        return BA_ERR_ARG;
    ba_history h = pos_hist(pos);
    return bac_game_status(pos->g, pos->state, &h);
}

int ba_pos_moves(const ba_pos *pos, ba_move *moves, size_t cap)
{
    if (!pos || (!moves && cap))
        return BA_ERR_ARG;
    ba_history h = pos_hist(pos);
    return bac_game_generate(pos->g, pos->state, &h, moves, cap);
}

/* For games whose generator lists only some legal moves: the move is legal when the game's
 * parser (which checks legality) reads its text back to the very same move. */
static int pos_legal_by_text(const ba_pos *pos, const ba_history *h, const ba_move *move)
{
    const ba_game *g = pos->g;
    char text[BA_MOVE_TEXT_MAX];
    if (ba_game_move_to_text(g, pos->state, move, text, sizeof text) < 0)
        return 0;
    ba_move parsed = BA_MOVE_NONE;
    if (ba_game_move_from_text(g, pos->state, h, text, &parsed, NULL) != BA_OK)
        return 0;
    return ba_move_equal(&parsed, move);
}

/* BA_OK while the game goes on; else the error, with @p err filled. */
static int pos_ongoing(const ba_pos *pos, const ba_history *h, ba_error *err)
{
    int result = bac_game_status(pos->g, pos->state, h);
    if (result < 0)
        return ba_error_set(err, result, "the game's status() returned a value that is no result");
    if (result != BA_RESULT_ONGOING)
        return ba_error_set(err, BA_ERR_STATE, "the game is over");
    return BA_OK;
}

/* BA_OK when @p move is legal by the game's generator (or, for a game that lists only some
 * moves, by its parser); else the error, with @p err filled. */
static int pos_check_legal(const ba_pos *pos, const ba_history *h, const ba_move *move,
                           ba_error *err)
{
    const ba_game *g = pos->g;
    if (!bac_move_canonical(move))
        return ba_error_set(err, BA_ERR_ILLEGAL,
                            "the move is not legal: it has bytes past its length");
    ba_move *list = malloc(g->max_moves * sizeof *list);
    if (!list)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int n = bac_game_generate(g, pos->state, h, list, g->max_moves);
    int found = 0;
    for (int i = 0; i < n && !found; i++)
        found = ba_move_equal(&list[i], move);
    free(list);
    if (n < 0)
        return ba_error_set(err, n, "move generation failed: %s", ba_errstr(n));
    if (!found && (g->flags & BA_GAME_PARTIAL_MOVES))
        found = pos_legal_by_text(pos, h, move);
    if (!found)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the move is not legal in this position");
    return BA_OK;
}

/* Plays a legal @p move: the state before it kept for undo, its hash for the history. */
static int pos_apply(ba_pos *pos, const ba_move *move, ba_error *err)
{
    const ba_game *g = pos->g;
    int rc = pos_reserve(pos, pos->ply + 1);
    if (rc != BA_OK)
        return ba_error_set(err, rc, "out of memory");
    size_t sz = g->state_size;
    unsigned char *saved = pos->undo + pos->ply * sz;
    memcpy(saved, pos->state, sz);
    rc = g->apply(g, pos->state, move);
    if (rc != BA_OK) {
        memcpy(pos->state, saved, sz); /* a failed apply must not leave a half-made move */
        return ba_error_set(err, rc < 0 ? rc : BA_ERR_GAME, "the game could not apply the move");
    }
    pos->hashes[pos->ply] = g->hash(g, saved);
    pos->moves[pos->ply] = *move;
    pos->ply++;
    return BA_OK;
}

int ba_pos_play(ba_pos *pos, const ba_move *move, ba_error *err)
{
    if (!pos || !move)
        return ba_error_set(err, BA_ERR_ARG, "position or move is NULL");
    ba_history h = pos_hist(pos);
    int rc = pos_ongoing(pos, &h, err);
    if (rc == BA_OK)
        rc = pos_check_legal(pos, &h, move, err);
    return rc == BA_OK ? pos_apply(pos, move, err) : rc;
}

int ba_pos_parse_move(const ba_pos *pos, const char *text, ba_move *out, ba_error *err)
{
    if (!pos || !text || !out)
        return ba_error_set(err, BA_ERR_ARG, "position, text or output is NULL");
    ba_history h = pos_hist(pos);
    return ba_game_move_from_text(pos->g, pos->state, &h, text, out, err);
}

/* The parser checks legality (move_from_text's contract, which pos_legal_by_text relies on
 * too), so the move it gives is not looked up again in the generator's list: for Arimaa that
 * list is every distinct turn, and listing it took 10 ms a move (a replay of 20 games of
 * records spent 12 s in it). */
int ba_pos_play_text(ba_pos *pos, const char *text, ba_error *err)
{
    ba_move m = BA_MOVE_NONE;
    int rc = ba_pos_parse_move(pos, text, &m, err);
    if (rc != BA_OK)
        return rc;
    ba_history h = pos_hist(pos);
    rc = pos_ongoing(pos, &h, err);
    return rc == BA_OK ? pos_apply(pos, &m, err) : rc;
}

int ba_pos_move_text(const ba_pos *pos, const ba_move *move, char *buf, size_t cap)
{
    if (!pos || !move || !buf)
        return BA_ERR_ARG;
    return ba_game_move_to_text(pos->g, pos->state, move, buf, cap);
}

int ba_pos_undo(ba_pos *pos)
{
    if (!pos)
        return BA_ERR_ARG;
    if (pos->ply == 0)
        return BA_ERR_STATE;
    pos->ply--;
    memcpy(pos->state, pos->undo + pos->ply * pos->g->state_size, pos->g->state_size);
    return BA_OK;
}

int ba_pos_evaluate(const ba_pos *pos, int *score)
{
    if (!pos || !score)
        return BA_ERR_ARG;
    int v = pos->g->evaluate(pos->g, pos->state);
    if (v > BA_SCORE_EVAL_MAX || v < -BA_SCORE_EVAL_MAX)
        return BA_ERR_GAME; /* the search's win scores would no longer stand apart */
    *score = v;
    return BA_OK;
}

int ba_pos_explain(const ba_pos *pos, char *buf, size_t cap)
{
    if (!pos || !buf)
        return BA_ERR_ARG;
    if (!BA_GAME_HAS(pos->g, explain))
        return BA_ERR_UNSUPPORTED;
    return bac_text_len(pos->g->explain(pos->g, pos->state, buf, cap), buf, cap);
}

/* Perft over copy-make: one state and one move list per ply, the history grows along the path. */
typedef struct perft_ctx {
    const ba_game *g;
    unsigned char *states; /* (depth + 1) states */
    ba_move *moves;        /* depth lists of max_moves */
    uint64_t *hashes;      /* game history followed by the path */
    size_t hist_base;
} perft_ctx;

static int perft_rec(perft_ctx *c, int ply, int depth, uint64_t *count)
{
    if (depth == 0) {
        (*count)++;
        return BA_OK;
    }
    const ba_game *g = c->g;
    size_t sz = g->state_size;
    const unsigned char *st = c->states + (size_t)ply * sz;
    unsigned char *child = c->states + (size_t)(ply + 1) * sz;
    ba_move *list = c->moves + (size_t)ply * g->max_moves;
    ba_history h;
    h.hashes = c->hashes;
    h.count = c->hist_base + (size_t)ply;
    int n = bac_game_generate(g, st, &h, list, g->max_moves);
    if (n < 0)
        return n;
    if (depth == 1) {
        *count += (uint64_t)n;
        return BA_OK;
    }
    c->hashes[h.count] = g->hash(g, st);
    for (int i = 0; i < n; i++) {
        memcpy(child, st, sz);
        int rc = g->apply(g, child, &list[i]);
        if (rc != BA_OK)
            return rc < 0 ? rc : BA_ERR_GAME;
        rc = perft_rec(c, ply + 1, depth - 1, count);
        if (rc != BA_OK)
            return rc;
    }
    return BA_OK;
}

int ba_perft(const ba_pos *pos, int depth, uint64_t *count)
{
    if (!pos || !count || depth < 0)
        return BA_ERR_ARG;
    *count = 0;
    const ba_game *g = pos->g;
    perft_ctx c;
    c.g = g;
    c.hist_base = pos->ply;
    c.states = malloc((size_t)(depth + 1) * g->state_size);
    c.moves = malloc((size_t)(depth ? depth : 1) * g->max_moves * sizeof *c.moves);
    c.hashes = malloc((pos->ply + (size_t)depth + 1) * sizeof *c.hashes);
    int rc = BA_ERR_NOMEM;
    if (c.states && c.moves && c.hashes) {
        memcpy(c.states, pos->state, g->state_size);
        if (pos->ply)
            memcpy(c.hashes, pos->hashes, pos->ply * sizeof *c.hashes);
        rc = perft_rec(&c, 0, depth, count);
    }
    free(c.states);
    free(c.moves);
    free(c.hashes);
    return rc;
}
