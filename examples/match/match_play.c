/* examples/match/match_play.c: one game between two engine configurations.
 *
 * Everything that decides the game comes from (setup, index): the opening (the pair index =
 * index / 2 picks the random opening or the opening file's line, so the two games of a pair
 * start alike), the colours (A plays side index % 2) and the engines' seeds. Every engine is new
 * for the game (empty tables), so with depth or node limits the game is the same wherever and
 * whenever it is played. Time limits make it depend on the machine's load. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "match.h"
#include "match_program.h"

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct game_ctx {
    const match_setup *setup;
    match_emit_fn emit;
    void *user;
    ba_game *games[2];       /* engine A's and B's game variants */
    ba_pos *ref;    /* the referee: the default rules */
    ba_pos *pos[2]; /* the same game seen by each engine's variant */
    ba_engine *engine[2];
    match_program *program[2]; /* a cmd= engine's program, else NULL */
    char *start_text;          /* the opening file's position, or NULL for the start */
    char **moves;              /* the texts of the moves since then, for cmd= engines */
    size_t move_count, move_cap;
} game_ctx;

/* Keeps @p text in the game's move list (which cmd= engines are told before each move).
 * @return 0, or -1 out of memory. */
static int keep_move(game_ctx *c, const char *text)
{
    if (c->move_count == c->move_cap) {
        size_t cap = c->move_cap ? c->move_cap * 2 : 64;
        char **m = realloc(c->moves, cap * sizeof *m);
        if (!m)
            return -1;
        c->moves = m;
        c->move_cap = cap;
    }
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (!copy)
        return -1;
    memcpy(copy, text, n);
    c->moves[c->move_count++] = copy;
    return 0;
}

static void emitf(game_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void emitf(game_ctx *c, const char *fmt, ...)
{
    char line[BA_POS_TEXT_MAX + 512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    c->emit(c->user, line);
}

/* Plays @p m on the referee and both engines' positions. */
static int play_all(game_ctx *c, const ba_move *m, ba_error *err)
{
    int rc = ba_pos_play(c->ref, m, err);
    for (int e = 0; e < 2 && rc == BA_OK; e++)
        rc = ba_pos_play(c->pos[e], m, err);
    return rc;
}

static int reset_all(game_ctx *c)
{
    int rc = ba_pos_reset(c->ref);
    for (int e = 0; e < 2 && rc == BA_OK; e++)
        rc = ba_pos_reset(c->pos[e]);
    return rc;
}

/* A line of the opening file: a position text, or moves from the start separated by blanks. */
static int opening_from_line(game_ctx *c, const char *line, ba_error *err)
{
    ba_error pe;
    if (ba_pos_set_text(c->ref, line, &pe) == BA_OK) {
        for (int e = 0; e < 2; e++) {
            int rc = ba_pos_set_text(c->pos[e], line, err);
            if (rc != BA_OK)
                return rc;
        }
        free(c->start_text);
        if (!(c->start_text = malloc(strlen(line) + 1)))
            return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
        memcpy(c->start_text, line, strlen(line) + 1);
        emitf(c, "s %s", line);
        return BA_OK;
    }
    char buf[4096];
    if (strlen(line) >= sizeof buf)
        return ba_error_set(err, BA_ERR_PARSE, "opening line too long");
    snprintf(buf, sizeof buf, "%s", line);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        ba_move m;
        char text[BA_MOVE_TEXT_MAX];
        int rc = ba_pos_parse_move(c->ref, tok, &m, err);
        if (rc != BA_OK)
            return ba_error_set(err, rc, "opening '%s': not a position text (%s) nor a legal "
                                "move list: %s", line, pe.message, err->message);
        if (ba_pos_move_text(c->ref, &m, text, sizeof text) < 0)
            snprintf(text, sizeof text, "%s", tok);
        if ((rc = play_all(c, &m, err)) != BA_OK)
            return rc;
        if (keep_move(c, text) != 0)
            return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
        emitf(c, "o %s", text);
    }
    return BA_OK;
}

/* A random opening of random_plies plies, drawn from the pair's generator; an opening that
 * ends the game is drawn again (up to 100 tries, then the last one is kept shorter). */
static int random_opening(game_ctx *c, uint64_t pair, ba_error *err)
{
    const match_setup *s = c->setup;
    uint64_t rng = s->seed * 0x9E3779B97F4A7C15ull ^ (pair + 1) * 0xD1B54A32D192ED03ull;
    ba_move *moves = malloc(sizeof(ba_move) * ba_pos_game(c->ref)->max_moves);
    ba_move *line = malloc(sizeof(ba_move) * (size_t)(s->random_plies + 1));
    int plies = 0, rc = BA_OK;
    if (!moves || !line) {
        rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory");
        goto done;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
        if ((rc = reset_all(c)) != BA_OK)
            goto done;
        plies = 0;
        int ended = 0;
        for (int k = 0; k < s->random_plies; k++) {
            int n = ba_pos_moves(c->ref, moves, ba_pos_game(c->ref)->max_moves);
            if (n < 0) {
                rc = ba_error_set(err, n, "move generation failed: %s", ba_errstr(n));
                goto done;
            }
            if (n == 0) {
                ended = 1;
                break;
            }
            line[plies] = moves[splitmix64(&rng) % (uint64_t)n];
            if ((rc = play_all(c, &line[plies], err)) != BA_OK)
                goto done;
            plies++;
            if (ba_pos_result(c->ref) != BA_RESULT_ONGOING) {
                ended = 1;
                break;
            }
        }
        if (!ended)
            break;
    }
    /* Write the moves out: replay from the start for their texts. */
    if ((rc = reset_all(c)) != BA_OK)
        goto done;
    for (int k = 0; k < plies && ba_pos_result(c->ref) == BA_RESULT_ONGOING; k++) {
        char text[BA_MOVE_TEXT_MAX];
        if (ba_pos_move_text(c->ref, &line[k], text, sizeof text) < 0)
            snprintf(text, sizeof text, "?");
        if ((rc = play_all(c, &line[k], err)) != BA_OK)
            goto done;
        if (keep_move(c, text) != 0) {
            rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory");
            goto done;
        }
        emitf(c, "o %s", text);
    }
done:
    free(moves);
    free(line);
    return rc;
}

static void cleanup(game_ctx *c)
{
    for (size_t i = 0; i < c->move_count; i++)
        free(c->moves[i]);
    free(c->moves);
    free(c->start_text);
    for (int e = 0; e < 2; e++) {
        match_program_stop(c->program[e]);
        ba_engine_free(c->engine[e]);
        ba_pos_free(c->pos[e]);
        ba_game_destroy(c->games[e]);
    }
    ba_pos_free(c->ref);
}

/* Asks engine @p e's program for its move: the move (checked by the referee) and its nodes go
 * to @p res. An illegal or unreadable answer is BA_ERR_ILLEGAL, a silent program another error. */
static int program_move(game_ctx *c, int e, ba_search_result *res, ba_error *err)
{
    const match_engine_cfg *cfg = &c->setup->cfg[e];
    match_program_limits lim = {cfg->time_ms, cfg->depth, cfg->nodes};
    char best[BA_MOVE_TEXT_MAX];
    uint64_t nodes = 0;
    int rc = match_program_move(c->program[e], c->start_text, (const char *const *)c->moves,
                                c->move_count, &lim, best, sizeof best, &nodes, err);
    if (rc != BA_OK)
        return rc;
    memset(res, 0, sizeof *res);
    res->nodes = nodes;
    ba_error perr;
    if (ba_pos_parse_move(c->ref, best, &res->best, &perr) != BA_OK)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the program played '%s': %s", best,
                            perr.message);
    return BA_OK;
}

void match_play_game(const match_setup *s, int64_t index, match_emit_fn emit, void *user)
{
    game_ctx c;
    memset(&c, 0, sizeof c);
    c.setup = s;
    c.emit = emit;
    c.user = user;
    ba_error err;
    ba_error_clear(&err);
    uint64_t pair = (uint64_t)index / 2;
    int a_side = (int)(index % 2);
    int rc = BA_OK;

    for (int e = 0; e < 2 && rc == BA_OK; e++) {
        int side = e == 0 ? a_side : 1 - a_side;
        rc = match_game_make(s->game, &s->cfg[e], side, &c.games[e], &err) == 0 ? BA_OK
                                                                                 : err.code;
        if (rc == BA_OK)
            rc = ba_pos_new(c.games[e], &c.pos[e]);
        if (rc == BA_OK && s->cfg[e].program[0]) {
            rc = match_program_start(s->cfg[e].program, &c.program[e], &err);
            if (rc == BA_OK)
                rc = match_config_apply_program(&s->cfg[e], c.program[e], &err);
            continue;
        }
        if (rc == BA_OK)
            rc = ba_engine_new(c.games[e], &c.engine[e]);
        if (rc == BA_OK)
            rc = match_config_apply(&s->cfg[e], c.engine[e], &err);
        if (rc == BA_OK) {
            uint64_t seed = s->seed ^ ((uint64_t)index * 2 + (uint64_t)e + 1) * 0x9E3779B97F4A7C15ull;
            rc = ba_engine_set(c.engine[e], BA_OPT_SEED, (int64_t)(seed >> 1));
        }
    }
    if (rc == BA_OK)
        rc = ba_pos_new(s->game->referee, &c.ref);
    if (rc != BA_OK) {
        emitf(&c, "x %d set-up failed: %s", MATCH_ERROR, err.message[0] ? err.message : ba_errstr(rc));
        cleanup(&c);
        return;
    }

    if (s->openings && s->opening_count)
        rc = opening_from_line(&c, s->openings[pair % s->opening_count], &err);
    else if (s->random_plies > 0)
        rc = random_opening(&c, pair, &err);
    if (rc != BA_OK) {
        emitf(&c, "x %d opening: %s", MATCH_ERROR, err.message[0] ? err.message : ba_errstr(rc));
        cleanup(&c);
        return;
    }

    int moves_played = 0, adjudicated = 0, result;
    uint64_t nodes[2] = {0, 0};
    ba_search_result *res = malloc(sizeof *res);
    if (!res) {
        emitf(&c, "x %d out of memory", MATCH_ERROR);
        cleanup(&c);
        return;
    }
    for (;;) {
        result = ba_pos_result(c.ref);
        if (result != BA_RESULT_ONGOING)
            break;
        if (s->max_plies > 0 && ba_pos_ply(c.ref) >= (size_t)s->max_plies) {
            result = BA_RESULT_DRAW;
            adjudicated = 1;
            break;
        }
        if (index == s->inject_crash && moves_played == 2)
            abort(); /* testing aid (--inject-crash): the worker dies mid-game */
        int stm = ba_pos_side_to_move(c.ref);
        int e = stm == a_side ? 0 : 1;
        if (c.program[e]) {
            if (program_move(&c, e, res, &err) != BA_OK) {
                emitf(&c, "x %d engine %c: %s", err.code == BA_ERR_ILLEGAL ? MATCH_ILLEGAL
                      : MATCH_ERROR, "AB"[e], err.message);
                goto out;
            }
        } else {
            rc = ba_engine_search(c.engine[e], c.pos[e], res);
            if (rc != BA_OK) {
                emitf(&c, "x %d engine %c failed to search: %s", MATCH_ERROR, "AB"[e],
                      ba_errstr(rc));
                goto out;
            }
        }
        nodes[e] += res->nodes;
        if (index == s->inject_illegal && e == 0 && moves_played >= 2) {
            /* testing aid (--inject-illegal): a move no game generates */
            memset(&res->best, 0xEE, sizeof res->best);
            res->best.len = 3;
            memset(res->best.bytes + 3, 0, sizeof res->best.bytes - 3);
        }
        char text[BA_MOVE_TEXT_MAX];
        if (ba_pos_move_text(c.ref, &res->best, text, sizeof text) < 0)
            snprintf(text, sizeof text, "<len %d tag %d>", res->best.len, res->best.tag);
        rc = ba_pos_play(c.ref, &res->best, &err);
        if (rc != BA_OK) {
            emitf(&c, "m %s", text);
            emitf(&c, "x %d engine %c (%s) played an illegal move '%s': %s", MATCH_ILLEGAL,
                  "AB"[e], ba_pos_game(c.ref)->side_names[stm], text, err.message);
            goto out;
        }
        for (int k = 0; k < 2 && rc == BA_OK; k++)
            rc = ba_pos_play(c.pos[k], &res->best, &err);
        if (rc != BA_OK) {
            emitf(&c, "m %s", text);
            emitf(&c, "x %d the engines' game variants disagree on '%s': %s", MATCH_ERROR, text,
                  err.message);
            goto out;
        }
        if (keep_move(&c, text) != 0) {
            emitf(&c, "x %d out of memory", MATCH_ERROR);
            goto out;
        }
        emitf(&c, "m %s", text);
        moves_played++;
    }
    emitf(&c, "n %" PRIu64 " %" PRIu64, nodes[0], nodes[1]);
    emitf(&c, "r %d %d", result, adjudicated);
out:
    free(res);
    cleanup(&c);
}

/* ---- the parent's side: events into a record ---- */

int match_record_feed(match_record *r, const char *line)
{
    if (!line[0] || line[1] != ' ')
        return 0;
    const char *arg = line + 2;
    switch (line[0]) {
    case 'o':
        r->opening_plies++;
        /* fall through */
    case 'm':
        r->plies++;
        if (match_record_add_move(r, arg) != 0)
            snprintf(r->message, sizeof r->message, "out of memory for the move list");
        return 0;
    case 's':
        /* a start position from the opening file: kept at the head of the move list */
        if (match_record_add_move(r, "[") || match_record_add_move(r, arg) ||
            match_record_add_move(r, "]"))
            snprintf(r->message, sizeof r->message, "out of memory for the move list");
        return 0;
    case 'n': {
        unsigned long long a = 0, b = 0;
        if (sscanf(arg, "%llu %llu", &a, &b) == 2) {
            r->nodes[0] = a;
            r->nodes[1] = b;
        }
        return 0;
    }
    case 'r': {
        int result = 0, adj = 0;
        if (sscanf(arg, "%d %d", &result, &adj) != 2) {
            r->status = MATCH_ERROR;
            snprintf(r->message, sizeof r->message, "bad end line '%s'", arg);
            return 1;
        }
        r->status = MATCH_OK;
        r->result = result;
        r->adjudicated = adj;
        int winner = ba_result_winner(result);
        r->a_score = winner < 0 ? 0 : winner == r->a_side ? 1 : -1;
        return 1;
    }
    case 'x': {
        int status = MATCH_ERROR, n = 0;
        if (sscanf(arg, "%d %n", &status, &n) < 1)
            n = 0;
        r->status = status;
        r->result = BA_RESULT_ONGOING;
        snprintf(r->message, sizeof r->message, "%s", arg + n);
        return 1;
    }
    default:
        return 0;
    }
}

char *match_record_serialise(const match_record *r)
{
    size_t cap = 512 + strlen(r->message) + (r->moves ? r->moves_len : 0);
    char *out = malloc(cap);
    if (!out)
        return NULL;
    snprintf(out, cap, "%" PRId64 " %d %d %d %d %d %d %d %d %.6f %" PRIu64 " %" PRIu64 "\t%s\t%s",
             r->index, r->rank, r->status, r->a_side, r->result, r->a_score, r->adjudicated, r->plies,
             r->opening_plies, r->time_s, r->nodes[0], r->nodes[1], r->message,
             r->moves ? r->moves : "");
    return out;
}

int match_record_deserialise(const char *text, match_record *r)
{
    long long index;
    unsigned long long n0, n1;
    memset(r, 0, sizeof *r);
    if (sscanf(text, "%lld %d %d %d %d %d %d %d %d %lf %llu %llu", &index, &r->rank, &r->status, &r->a_side,
               &r->result, &r->a_score, &r->adjudicated, &r->plies, &r->opening_plies,
               &r->time_s, &n0, &n1) != 12)
        return -1;
    r->index = index;
    r->nodes[0] = n0;
    r->nodes[1] = n1;
    const char *tab = strchr(text, '\t');
    if (!tab)
        return -1;
    const char *tab2 = strchr(tab + 1, '\t');
    if (!tab2)
        return -1;
    size_t mlen = (size_t)(tab2 - tab - 1);
    if (mlen >= sizeof r->message)
        mlen = sizeof r->message - 1;
    memcpy(r->message, tab + 1, mlen);
    r->message[mlen] = '\0';
    if (tab2[1] && match_record_add_move(r, tab2 + 1) != 0)
        return -1;
    return 0;
}
