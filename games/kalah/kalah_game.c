/* The Kalah game module: the ba_game vtable, notation, position text, evaluation and variants. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/kalah.h"
#include "kal_rules.h"

/* Evaluation weights (centi-seeds): the store difference decides; seeds still on one's own side
 * are worth something (they go to their owner when the other side runs dry), and an extra-turn
 * move at hand is a tempo for the side to move. */
enum { KAL_W_STORE = 100, KAL_W_PIT_SEEDS = 10, KAL_W_EXTRA_TURN = 30 };

static const kal_state *st(const void *state) { return (const kal_state *)state; }

static const kal_params *params(const ba_game *g) { return (const kal_params *)g->params; }

static int kal_init(const ba_game *g, void *state)
{
    kal_start(params(g), (kal_state *)state);
    return BA_OK;
}

static int kal_side_to_move(const ba_game *g, const void *state)
{
    (void)g;
    return st(state)->to_move;
}

static int kal_generate(const ba_game *g, const void *state, const ba_history *hist,
                        ba_move *moves, size_t cap)
{
    (void)hist;
    const kal_params *p = params(g);
    const kal_state *s = st(state);
    if (kal_over(p, s))
        return 0;
    size_t n = 0;
    for (int i = 0; i < p->pits; i++) {
        if (s->pits[s->to_move][i] == 0)
            continue;
        if (n == cap)
            return BA_ERR_BUFFER;
        ba_move m = BA_MOVE_NONE;
        m.len = 1;
        m.bytes[0] = (uint8_t)i;
        moves[n++] = m;
    }
    return (int)n;
}

/* The pit index of a move, or -1 when the move is not a legal one in s. */
static int legal_pit(const kal_params *p, const kal_state *s, const ba_move *move)
{
    if (move->len != 1 || move->tag != 0 || move->bytes[0] >= p->pits)
        return -1;
    for (int i = 1; i < BA_MOVE_MAX_BYTES; i++)
        if (move->bytes[i] != 0)
            return -1;
    if (kal_over(p, s) || s->pits[s->to_move][move->bytes[0]] == 0)
        return -1;
    return move->bytes[0];
}

static int kal_apply(const ba_game *g, void *state, const ba_move *move)
{
    const kal_params *p = params(g);
    int pit = legal_pit(p, st(state), move);
    if (pit < 0)
        return BA_ERR_ILLEGAL;
    kal_play(p, (kal_state *)state, pit, NULL);
    return BA_OK;
}

static int kal_status(const ba_game *g, const void *state, const ba_history *hist)
{
    (void)hist;
    const kal_params *p = params(g);
    const kal_state *s = st(state);
    if (!kal_over(p, s))
        return BA_RESULT_ONGOING;
    int margin = kal_final_margin(p, s);
    return margin > 0 ? BA_RESULT_WIN0 : margin < 0 ? BA_RESULT_WIN1 : BA_RESULT_DRAW;
}

/* Pits of `side` from which the last seed ends in side's store. */
static int extra_turn_moves(const kal_params *p, const kal_state *s, int side)
{
    const int ring = 2 * p->pits + 1;
    int n = 0;
    for (int i = 0; i < p->pits; i++) {
        int c = s->pits[side][i];
        if (c > 0 && c % ring == p->pits - i)
            n++;
    }
    return n;
}

static int kal_evaluate(const ba_game *g, const void *state)
{
    const kal_params *p = params(g);
    const kal_state *s = st(state);
    const int me = s->to_move, opp = 1 - me;
    return KAL_W_STORE * (s->store[me] - s->store[opp]) +
           KAL_W_PIT_SEEDS * (kal_side_seeds(p, s, me) - kal_side_seeds(p, s, opp)) +
           KAL_W_EXTRA_TURN * extra_turn_moves(p, s, me);
}

static uint64_t mix64(uint64_t x)
{
    /* The splitmix64 finaliser: a bijection that spreads every input bit over the output. */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static uint64_t kal_hash(const ba_game *g, const void *state)
{
    (void)g;
    uint64_t w[3] = {0, 0, 0};
    memcpy(w, state, sizeof(kal_state));
    return mix64(w[0] ^ mix64(w[1] ^ mix64(w[2] + 0x9e3779b97f4a7c15ULL)));
}

static int kal_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf,
                            size_t cap)
{
    const kal_params *p = params(g);
    if (move->len != 1 || move->bytes[0] >= p->pits)
        return BA_ERR_ARG;
    int n = snprintf(buf, cap, "%d", kal_pit_number(p, st(state)->to_move, move->bytes[0]));
    return n < 0 ? BA_ERR_INTERNAL : (size_t)n >= cap ? BA_ERR_BUFFER : n;
}

static const char *side_name(int side) { return side == 0 ? "South" : "North"; }

static int kal_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                              const char *text, ba_move *out, ba_error *err)
{
    (void)hist;
    const kal_params *p = params(g);
    const kal_state *s = st(state);
    const int m = p->pits, me = s->to_move;
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len > 0 && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0)
        return ba_error_set(err, BA_ERR_PARSE, "empty move: give a pit number");
    int number = 0;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)text[i]) || i >= 3)
            return ba_error_set(err, BA_ERR_PARSE, "'%.*s' is not a pit number (South plays 1-%d, "
                                "North %d-%d)", (int)(len > 20 ? 20 : len), text, m, m + 2,
                                2 * m + 1);
        number = number * 10 + (text[i] - '0');
    }
    if (number < 1 || number > 2 * m + 2)
        return ba_error_set(err, BA_ERR_PARSE, "there is no pit %d: the board is numbered 1-%d",
                            number, 2 * m + 2);
    if (number == m + 1 || number == 2 * m + 2)
        return ba_error_set(err, BA_ERR_ILLEGAL, "%d is %s's store, not a pit", number,
                            side_name(number == m + 1 ? 0 : 1));
    int side = number <= m ? 0 : 1;
    int index = side == 0 ? number - 1 : number - m - 2;
    if (kal_over(p, s))
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over");
    if (side != me)
        return ba_error_set(err, BA_ERR_ILLEGAL, "pit %d is %s's, but %s is to move (pits %d-%d)",
                            number, side_name(side), side_name(me), kal_pit_number(p, me, 0),
                            kal_pit_number(p, me, m - 1));
    if (s->pits[me][index] == 0)
        return ba_error_set(err, BA_ERR_ILLEGAL, "pit %d is empty", number);
    ba_move mv = BA_MOVE_NONE;
    mv.len = 1;
    mv.bytes[0] = (uint8_t)index;
    *out = mv;
    return BA_OK;
}

/* Appends to a text buffer, remembering overflow. */
typedef struct kal_out {
    char *buf;
    size_t cap, len;
    int overflow;
} kal_out;

static void out_add(kal_out *o, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

static void out_add(kal_out *o, const char *fmt, ...)
{
    size_t room = o->len < o->cap ? o->cap - o->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= room)
        o->overflow = 1;
    else
        o->len += (size_t)n;
}

static int out_done(kal_out *o)
{
    if (o->overflow)
        return BA_ERR_BUFFER;
    return (int)o->len;
}

static int kal_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap)
{
    const kal_params *p = params(g);
    const kal_state *s = st(state);
    kal_out o = {buf, cap, 0, 0};
    if (cap > 0)
        buf[0] = '\0';
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < p->pits; i++)
            out_add(&o, "%s%d", i == 0 ? "" : " ", s->pits[side][i]);
        out_add(&o, " / %d / ", s->store[side]);
    }
    out_add(&o, "%c", s->to_move == 0 ? 's' : 'n');
    return out_done(&o);
}

/* Reads a non-negative count at *pp (after blanks); 1 on success. */
static int read_count(const char **pp, int *value)
{
    const char *q = *pp;
    while (isspace((unsigned char)*q))
        q++;
    if (!isdigit((unsigned char)*q))
        return 0;
    long v = 0;
    while (isdigit((unsigned char)*q)) {
        if (v < 100000)
            v = v * 10 + (*q - '0');
        q++;
    }
    if (*q != '\0' && !isspace((unsigned char)*q) && *q != '/')
        return 0;
    *value = (int)v;
    *pp = q;
    return 1;
}

/* Expects a '/' after blanks. */
static int read_slash(const char **pp)
{
    const char *q = *pp;
    while (isspace((unsigned char)*q))
        q++;
    if (*q != '/')
        return 0;
    *pp = q + 1;
    return 1;
}

static int show_len(const char *q)
{
    int n = 0;
    while (q[n] && !isspace((unsigned char)q[n]) && n < 12)
        n++;
    return n > 0 ? n : 1;
}

static int kal_position_from_text(const ba_game *g, void *state, const char *text, ba_error *err)
{
    const kal_params *p = params(g);
    const int m = p->pits;
    kal_state s;
    memset(&s, 0, sizeof s);
    const char *q = text;
    int total = 0;
    for (int side = 0; side < 2; side++) {
        const char *who = side_name(side);
        for (int i = 0; i < m; i++) {
            int v;
            if (!read_count(&q, &v)) {
                while (isspace((unsigned char)*q))
                    q++;
                if (*q == '/' || *q == '\0')
                    return ba_error_set(err, BA_ERR_PARSE,
                                        "%s's pits: expected %d seed counts, found %d", who, m, i);
                return ba_error_set(err, BA_ERR_PARSE, "%s's pit %d: '%.*s' is not a seed count",
                                    who, kal_pit_number(p, side, i), show_len(q), q);
            }
            if (v > BA_KALAH_MAX_TOTAL)
                return ba_error_set(err, BA_ERR_RANGE, "%s's pit %d holds %d seeds (at most %d)",
                                    who, kal_pit_number(p, side, i), v, BA_KALAH_MAX_TOTAL);
            s.pits[side][i] = (uint8_t)v;
            total += v;
        }
        if (!read_slash(&q)) {
            int extra;
            if (read_count(&q, &extra))
                return ba_error_set(err, BA_ERR_PARSE,
                                    "%s's pits: more than %d seed counts (this board has %d pits "
                                    "a side)", who, m, m);
            return ba_error_set(err, BA_ERR_PARSE, "expected '/' after %s's pits", who);
        }
        int store;
        if (!read_count(&q, &store))
            return ba_error_set(err, BA_ERR_PARSE, "%s's store: expected a seed count", who);
        if (store > BA_KALAH_MAX_TOTAL)
            return ba_error_set(err, BA_ERR_RANGE, "%s's store holds %d seeds (at most %d)", who,
                                store, BA_KALAH_MAX_TOTAL);
        s.store[side] = (uint8_t)store;
        total += store;
        if (!read_slash(&q))
            return ba_error_set(err, BA_ERR_PARSE, "expected '/' after %s's store", who);
    }
    while (isspace((unsigned char)*q))
        q++;
    if ((q[0] == 's' || q[0] == 'S') && (q[1] == '\0' || isspace((unsigned char)q[1])))
        s.to_move = 0;
    else if ((q[0] == 'n' || q[0] == 'N') && (q[1] == '\0' || isspace((unsigned char)q[1])))
        s.to_move = 1;
    else
        return ba_error_set(err, BA_ERR_PARSE, "side to move: expected 's' or 'n', got '%.*s'",
                            show_len(q), q);
    q++;
    while (isspace((unsigned char)*q))
        q++;
    if (*q != '\0')
        return ba_error_set(err, BA_ERR_PARSE, "unexpected text after the side to move: '%.*s'",
                            show_len(q), q);
    if (total > BA_KALAH_MAX_TOTAL)
        return ba_error_set(err, BA_ERR_RANGE, "%d seeds in all; at most %d are allowed", total,
                            BA_KALAH_MAX_TOTAL);
    memcpy(state, &s, sizeof s);
    return BA_OK;
}

static int kal_order_key(const ba_game *g, const void *state, const ba_move *move)
{
    const kal_params *p = params(g);
    kal_state s = *st(state);
    int pit = legal_pit(p, &s, move);
    if (pit < 0)
        return 0;
    kal_outcome o;
    kal_play(p, &s, pit, &o);
    if (o.extra_turn)
        return 1000 + pit; /* the pit nearest the store first keeps the others' extra turns */
    if (o.captured)
        return 100 + o.captured;
    return 0;
}

static int kal_render(const ba_game *g, const void *state, char *buf, size_t cap)
{
    const kal_params *p = params(g);
    const kal_state *s = st(state);
    const int m = p->pits;
    kal_out o = {buf, cap, 0, 0};
    if (cap > 0)
        buf[0] = '\0';
    /* North's pits run right to left as South sees the board; its store is on the left. */
    out_add(&o, "     ");
    for (int i = m - 1; i >= 0; i--)
        out_add(&o, "%5d", kal_pit_number(p, 1, i));
    out_add(&o, "\n North ");
    for (int i = m - 1; i >= 0; i--)
        out_add(&o, " [%2d]", s->pits[1][i]);
    out_add(&o, "\n  %3d  %*s  %3d\n", s->store[1], 5 * m, "", s->store[0]);
    out_add(&o, "       ");
    for (int i = 0; i < m; i++)
        out_add(&o, " [%2d]", s->pits[0][i]);
    out_add(&o, "  South\n     ");
    for (int i = 0; i < m; i++)
        out_add(&o, "%5d", kal_pit_number(p, 0, i));
    out_add(&o, "\n%s", kal_over(p, s) ? "game over" : s->to_move == 0 ? "South to move"
                                                                         : "North to move");
    return out_done(&o);
}

static int kal_explain(const ba_game *g, const void *state, char *buf, size_t cap)
{
    const kal_params *p = params(g);
    const kal_state *s = st(state);
    const int me = s->to_move;
    kal_out o = {buf, cap, 0, 0};
    if (cap > 0)
        buf[0] = '\0';
    out_add(&o, "store %d %d\n", s->store[0] * KAL_W_STORE, s->store[1] * KAL_W_STORE);
    out_add(&o, "pit_seeds %d %d\n", kal_side_seeds(p, s, 0) * KAL_W_PIT_SEEDS,
            kal_side_seeds(p, s, 1) * KAL_W_PIT_SEEDS);
    out_add(&o, "extra_turn_moves %d %d\n",
            me == 0 ? extra_turn_moves(p, s, 0) * KAL_W_EXTRA_TURN : 0,
            me == 1 ? extra_turn_moves(p, s, 1) * KAL_W_EXTRA_TURN : 0);
    out_add(&o, "total %d (%s to move)", kal_evaluate(g, state), side_name(me));
    return out_done(&o);
}

static const kal_params default_params = {6, 6, 0};

/* A game made at run time: the vtable with its own parameters. */
typedef struct kal_variant {
    ba_game game;
    kal_params params;
} kal_variant;

static void kal_destroy(ba_game *g)
{
    /* game is the first member, so g is the start of the allocation */
    free((kal_variant *)(void *)g);
}

#define KAL_GAME_INIT(params_ptr, destroy_fn)                                                  \
    BA_GAME_INIT(.name = "kalah", .side_names = {"south", "north"},                            \
                 .state_size = sizeof(kal_state), .max_moves = 6, .params = (params_ptr),      \
                 .init = kal_init, .side_to_move = kal_side_to_move, .generate = kal_generate,  \
                 .apply = kal_apply, .status = kal_status, .evaluate = kal_evaluate,            \
                 .hash = kal_hash, .move_to_text = kal_move_to_text,                            \
                 .move_from_text = kal_move_from_text, .position_to_text = kal_position_to_text, \
                 .position_from_text = kal_position_from_text, .order_key = kal_order_key,      \
                 .render = kal_render, .explain = kal_explain, .destroy = (destroy_fn))

static const ba_game default_game = KAL_GAME_INIT(&default_params, NULL);

const ba_game *ba_kalah_game(void) { return &default_game; }

ba_kalah_options ba_kalah_options_default(void)
{
    ba_kalah_options o = {default_params.pits, default_params.seeds,
                          default_params.empty_capture};
    return o;
}

const kal_params *kal_params_of(const ba_game *g)
{
    /* Every Kalah game, constant or made at run time, shares these functions. */
    if (g == NULL || g->generate != kal_generate || g->params == NULL)
        return NULL;
    return (const kal_params *)g->params;
}

int ba_kalah_get_options(const ba_game *g, ba_kalah_options *out)
{
    const kal_params *p = kal_params_of(g);
    if (p == NULL || out == NULL)
        return BA_ERR_ARG;
    out->pits = p->pits;
    out->seeds = p->seeds;
    out->empty_capture = p->empty_capture;
    return BA_OK;
}

int ba_kalah_create(const ba_kalah_options *opts, ba_game **out, ba_error *err)
{
    if (out == NULL)
        return ba_error_set(err, BA_ERR_ARG, "no place for the game (out is NULL)");
    *out = NULL;
    ba_kalah_options o = opts ? *opts : ba_kalah_options_default();
    if (o.pits < BA_KALAH_MIN_PITS || o.pits > BA_KALAH_MAX_PITS)
        return ba_error_set(err, BA_ERR_RANGE, "pits must be %d..%d, got %d", BA_KALAH_MIN_PITS,
                            BA_KALAH_MAX_PITS, o.pits);
    if (o.seeds < BA_KALAH_MIN_SEEDS || o.seeds > BA_KALAH_MAX_SEEDS)
        return ba_error_set(err, BA_ERR_RANGE, "seeds must be %d..%d, got %d",
                            BA_KALAH_MIN_SEEDS, BA_KALAH_MAX_SEEDS, o.seeds);
    if (o.empty_capture != 0 && o.empty_capture != 1)
        return ba_error_set(err, BA_ERR_RANGE, "empty_capture must be 0 or 1, got %d",
                            o.empty_capture);
    kal_variant *v = malloc(sizeof *v);
    if (v == NULL)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory making a Kalah game");
    v->params.pits = o.pits;
    v->params.seeds = o.seeds;
    v->params.empty_capture = o.empty_capture;
    const ba_game tmpl = KAL_GAME_INIT(NULL, kal_destroy);
    v->game = tmpl;
    v->game.params = &v->params;
    v->game.max_moves = (size_t)o.pits;
    *out = &v->game;
    return BA_OK;
}
