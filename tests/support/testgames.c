/* Test games over the public headers only: Nim, tic-tac-toe and the synthetic random-tree game.
 * See testgames.h for what each one is for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testgames.h"

static uint64_t tg_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Writes a string into a caller buffer: length, or BA_ERR_BUFFER. */
static int put_text(char *buf, size_t cap, const char *s)
{
    size_t n = strlen(s);
    if (n + 1 > cap)
        return BA_ERR_BUFFER;
    memcpy(buf, s, n + 1);
    return (int)n;
}

/* Finds `text`'s move among the generated ones (legality check shared by the games). */
static int find_legal(const ba_game *g, const void *state, const ba_history *hist, const ba_move *m,
                      ba_move *out, ba_error *err, const char *text)
{
    ba_move list[64];
    int n = g->generate(g, state, hist, list, 64);
    if (n < 0)
        return ba_error_set(err, n, "move generation failed");
    for (int i = 0; i < n; i++)
        if (ba_move_equal(&list[i], m)) {
            *out = list[i];
            return BA_OK;
        }
    return ba_error_set(err, BA_ERR_ILLEGAL, "move '%s' is not legal here", text);
}

/* ------------------------------------------------------------------------------------------- */
/* Nim */

#define NIM_HEAPS 4
#define NIM_MAX 15

typedef struct nim_state {
    uint8_t heap[NIM_HEAPS];
    uint8_t nheaps;
    uint8_t stm;
    uint8_t pad[2];
} nim_state;

static int nim_init(const ba_game *g, void *st)
{
    (void)g;
    nim_state *s = st;
    memset(s, 0, sizeof *s);
    s->nheaps = 3;
    s->heap[0] = 3;
    s->heap[1] = 4;
    s->heap[2] = 5;
    return BA_OK;
}

static int nim_side(const ba_game *g, const void *st)
{
    (void)g;
    return ((const nim_state *)st)->stm;
}

static int nim_total(const nim_state *s)
{
    int t = 0;
    for (int i = 0; i < s->nheaps; i++)
        t += s->heap[i];
    return t;
}

static int nim_gen_filtered(const nim_state *s, ba_move *moves, size_t cap, int noisy)
{
    size_t n = 0;
    for (int h = 0; h < s->nheaps; h++)
        for (int k = 1; k <= s->heap[h]; k++) {
            if (noisy && k != s->heap[h])
                continue;
            if (n >= cap)
                return BA_ERR_BUFFER;
            memset(&moves[n], 0, sizeof moves[n]);
            moves[n].len = 2;
            moves[n].bytes[0] = (uint8_t)h;
            moves[n].bytes[1] = (uint8_t)k;
            n++;
        }
    return (int)n;
}

static int nim_generate(const ba_game *g, const void *st, const ba_history *hist, ba_move *moves,
                        size_t cap)
{
    (void)g;
    (void)hist;
    return nim_gen_filtered(st, moves, cap, 0);
}

static int nim_generate_noisy(const ba_game *g, const void *st, const ba_history *hist,
                              ba_move *moves, size_t cap)
{
    (void)g;
    (void)hist;
    return nim_gen_filtered(st, moves, cap, 1);
}

static int nim_apply(const ba_game *g, void *st, const ba_move *m)
{
    (void)g;
    nim_state *s = st;
    if (m->len != 2 || m->bytes[0] >= s->nheaps || m->bytes[1] == 0 ||
        m->bytes[1] > s->heap[m->bytes[0]])
        return BA_ERR_ILLEGAL;
    s->heap[m->bytes[0]] = (uint8_t)(s->heap[m->bytes[0]] - m->bytes[1]);
    s->stm ^= 1;
    return BA_OK;
}

static int nim_status(const ba_game *g, const void *st, const ba_history *hist)
{
    (void)g;
    (void)hist;
    const nim_state *s = st;
    if (nim_total(s) > 0)
        return BA_RESULT_ONGOING;
    /* The side to move cannot move: the other side took the last counter and won. */
    return s->stm == 0 ? BA_RESULT_WIN1 : BA_RESULT_WIN0;
}

static int nim_evaluate(const ba_game *g, const void *st)
{
    (void)g;
    const nim_state *s = st;
    /* A deliberately poor, but deterministic, evaluation: the search has to do the work. */
    return (nim_total(s) % 3 - 1) * 10 + (s->stm ? 1 : -1);
}

static uint64_t nim_hash(const ba_game *g, const void *st)
{
    (void)g;
    const nim_state *s = st;
    uint64_t h = tg_mix(0x4e494dull + s->nheaps);
    for (int i = 0; i < s->nheaps; i++)
        h = tg_mix(h ^ ((uint64_t)s->heap[i] << (8 * i)));
    return tg_mix(h ^ s->stm);
}

static int nim_move_to_text(const ba_game *g, const void *st, const ba_move *m, char *buf,
                            size_t cap)
{
    (void)g;
    (void)st;
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%d:%d", m->bytes[0] + 1, m->bytes[1]);
    return put_text(buf, cap, tmp);
}

static int nim_move_from_text(const ba_game *g, const void *st, const ba_history *hist,
                              const char *text, ba_move *out, ba_error *err)
{
    int h = 0, k = 0, used = 0;
    if (sscanf(text, "%d:%d%n", &h, &k, &used) != 2 || text[used] != '\0')
        return ba_error_set(err, BA_ERR_PARSE, "bad Nim move '%s': expected heap:count", text);
    const nim_state *s = st;
    if (h < 1 || h > s->nheaps)
        return ba_error_set(err, BA_ERR_ILLEGAL, "no heap %d", h);
    if (k < 1 || k > s->heap[h - 1])
        return ba_error_set(err, BA_ERR_ILLEGAL, "heap %d has %d, cannot take %d", h,
                            s->heap[h - 1], k);
    ba_move m = BA_MOVE_NONE;
    m.len = 2;
    m.bytes[0] = (uint8_t)(h - 1);
    m.bytes[1] = (uint8_t)k;
    return find_legal(g, st, hist, &m, out, err, text);
}

static int nim_position_to_text(const ba_game *g, const void *st, char *buf, size_t cap)
{
    (void)g;
    const nim_state *s = st;
    char tmp[64];
    size_t n = 0;
    for (int i = 0; i < s->nheaps; i++)
        n += (size_t)snprintf(tmp + n, sizeof tmp - n, "%d ", s->heap[i]);
    snprintf(tmp + n, sizeof tmp - n, "/ %d", s->stm);
    return put_text(buf, cap, tmp);
}

static int nim_position_from_text(const ba_game *g, void *st, const char *text, ba_error *err)
{
    (void)g;
    nim_state s;
    memset(&s, 0, sizeof s);
    const char *p = text;
    for (;;) {
        while (*p == ' ')
            p++;
        if (*p == '/')
            break;
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p)
            return ba_error_set(err, BA_ERR_PARSE, "expected a heap size or '/' at '%s'", p);
        if (v < 0 || v > NIM_MAX)
            return ba_error_set(err, BA_ERR_PARSE, "heap size %ld out of 0..%d", v, NIM_MAX);
        if (s.nheaps == NIM_HEAPS)
            return ba_error_set(err, BA_ERR_PARSE, "more than %d heaps", NIM_HEAPS);
        s.heap[s.nheaps++] = (uint8_t)v;
        p = end;
    }
    p++;
    while (*p == ' ')
        p++;
    if ((*p != '0' && *p != '1') || p[1] != '\0')
        return ba_error_set(err, BA_ERR_PARSE, "expected side 0 or 1 after '/'");
    if (s.nheaps == 0)
        return ba_error_set(err, BA_ERR_PARSE, "no heaps");
    s.stm = (uint8_t)(*p - '0');
    memcpy(st, &s, sizeof s);
    return BA_OK;
}

static int nim_order_key(const ba_game *g, const void *st, const ba_move *m)
{
    (void)g;
    (void)st;
    return m->bytes[1];
}

static const ba_game nim_game = BA_GAME_INIT(
    .flags = 0,
    .name = "nim",
    .side_names = {"first", "second"},
    .state_size = sizeof(nim_state),
    .max_moves = NIM_HEAPS * NIM_MAX,
    .max_plies = NIM_HEAPS * NIM_MAX,
    .init = nim_init,
    .side_to_move = nim_side,
    .generate = nim_generate,
    .apply = nim_apply,
    .status = nim_status,
    .evaluate = nim_evaluate,
    .hash = nim_hash,
    .move_to_text = nim_move_to_text,
    .move_from_text = nim_move_from_text,
    .position_to_text = nim_position_to_text,
    .position_from_text = nim_position_from_text,
    .generate_noisy = nim_generate_noisy,
    .order_key = nim_order_key);

const ba_game *bt_nim_game(void) { return &nim_game; }

/* ------------------------------------------------------------------------------------------- */
/* Tic-tac-toe: cells 0..8 row-major from a1 (a = column, 1 = row); 1 = x (side 0), 2 = o. */

typedef struct ttt_state {
    uint8_t cell[9];
    uint8_t stm;
    uint8_t pad[2];
} ttt_state;

static const uint8_t ttt_lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static int ttt_init(const ba_game *g, void *st)
{
    (void)g;
    memset(st, 0, sizeof(ttt_state));
    return BA_OK;
}

static int ttt_side(const ba_game *g, const void *st)
{
    (void)g;
    return ((const ttt_state *)st)->stm;
}

static int ttt_status(const ba_game *g, const void *st, const ba_history *hist)
{
    (void)g;
    (void)hist;
    const ttt_state *s = st;
    for (int i = 0; i < 8; i++) {
        uint8_t a = s->cell[ttt_lines[i][0]];
        if (a && a == s->cell[ttt_lines[i][1]] && a == s->cell[ttt_lines[i][2]])
            return a == 1 ? BA_RESULT_WIN0 : BA_RESULT_WIN1;
    }
    for (int i = 0; i < 9; i++)
        if (!s->cell[i])
            return BA_RESULT_ONGOING;
    return BA_RESULT_DRAW;
}

static int ttt_generate(const ba_game *g, const void *st, const ba_history *hist, ba_move *moves,
                        size_t cap)
{
    const ttt_state *s = st;
    if (ttt_status(g, st, hist) != BA_RESULT_ONGOING)
        return 0;
    size_t n = 0;
    for (int i = 0; i < 9; i++)
        if (!s->cell[i]) {
            if (n >= cap)
                return BA_ERR_BUFFER;
            memset(&moves[n], 0, sizeof moves[n]);
            moves[n].len = 1;
            moves[n].bytes[0] = (uint8_t)i;
            n++;
        }
    return (int)n;
}

static int ttt_apply(const ba_game *g, void *st, const ba_move *m)
{
    (void)g;
    ttt_state *s = st;
    if (m->len != 1 || m->bytes[0] > 8 || s->cell[m->bytes[0]])
        return BA_ERR_ILLEGAL;
    s->cell[m->bytes[0]] = (uint8_t)(s->stm + 1);
    s->stm ^= 1;
    return BA_OK;
}

static int ttt_evaluate(const ba_game *g, const void *st)
{
    (void)g;
    static const int w[9] = {3, 2, 3, 2, 4, 2, 3, 2, 3};
    const ttt_state *s = st;
    int v = 0;
    for (int i = 0; i < 9; i++)
        v += s->cell[i] == 1 ? w[i] : s->cell[i] == 2 ? -w[i] : 0;
    return s->stm == 0 ? v : -v;
}

static uint64_t ttt_hash(const ba_game *g, const void *st)
{
    (void)g;
    const ttt_state *s = st;
    uint64_t h = 0x747474ull;
    for (int i = 0; i < 9; i++)
        h = tg_mix(h ^ ((uint64_t)s->cell[i] << 4) ^ (uint64_t)i);
    return tg_mix(h ^ s->stm);
}

static int ttt_move_to_text(const ba_game *g, const void *st, const ba_move *m, char *buf,
                            size_t cap)
{
    (void)g;
    (void)st;
    char tmp[3] = {(char)('a' + m->bytes[0] % 3), (char)('1' + m->bytes[0] / 3), 0};
    return put_text(buf, cap, tmp);
}

static int ttt_move_from_text(const ba_game *g, const void *st, const ba_history *hist,
                              const char *text, ba_move *out, ba_error *err)
{
    if (strlen(text) != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
        return ba_error_set(err, BA_ERR_PARSE, "bad square '%s': expected a1..c3", text);
    ba_move m = BA_MOVE_NONE;
    m.len = 1;
    m.bytes[0] = (uint8_t)((text[1] - '1') * 3 + (text[0] - 'a'));
    return find_legal(g, st, hist, &m, out, err, text);
}

static int ttt_position_to_text(const ba_game *g, const void *st, char *buf, size_t cap)
{
    (void)g;
    const ttt_state *s = st;
    char tmp[12];
    for (int i = 0; i < 9; i++)
        tmp[i] = ".xo"[s->cell[i]];
    tmp[9] = ' ';
    tmp[10] = s->stm ? 'o' : 'x';
    tmp[11] = 0;
    return put_text(buf, cap, tmp);
}

static int ttt_position_from_text(const ba_game *g, void *st, const char *text, ba_error *err)
{
    (void)g;
    ttt_state s;
    memset(&s, 0, sizeof s);
    if (strlen(text) != 11 || text[9] != ' ' || (text[10] != 'x' && text[10] != 'o'))
        return ba_error_set(err, BA_ERR_PARSE, "expected 9 cells of x/o/. then ' x' or ' o'");
    for (int i = 0; i < 9; i++) {
        const char *c = strchr(".xo", text[i]);
        if (!c || !*c)
            return ba_error_set(err, BA_ERR_PARSE, "bad cell '%c'", text[i]);
        s.cell[i] = (uint8_t)(c - ".xo");
    }
    s.stm = text[10] == 'o';
    memcpy(st, &s, sizeof s);
    return BA_OK;
}

static const ba_game ttt_game = BA_GAME_INIT(
    .name = "tictactoe",
    .side_names = {"x", "o"},
    .state_size = sizeof(ttt_state),
    .max_moves = 9,
    .max_plies = 9,
    .init = ttt_init,
    .side_to_move = ttt_side,
    .generate = ttt_generate,
    .apply = ttt_apply,
    .status = ttt_status,
    .evaluate = ttt_evaluate,
    .hash = ttt_hash,
    .move_to_text = ttt_move_to_text,
    .move_from_text = ttt_move_from_text,
    .position_to_text = ttt_position_to_text,
    .position_from_text = ttt_position_from_text);

const ba_game *bt_tictactoe_game(void) { return &ttt_game; }

/* ------------------------------------------------------------------------------------------- */
/* The synthetic random-tree game. */

#define SY_MAX 8

typedef struct sy_params {
    int n, cap;
    uint64_t salt;
    int extra_mod, term_mod, eval_scale, cyclic;
    int window; /* counter 0 never goes down; the state keeps plies since it last went up */
} sy_params;

typedef struct sy_state {
    uint8_t c[SY_MAX];
    uint8_t stm;
    uint8_t pad;
    uint16_t clock; /* window variant: plies since counter 0 went up (not hashed, like chess's
                       half-move clock); 0 elsewhere */
} sy_state;

static const sy_params *sy_p(const ba_game *g) { return g->params; }

static uint64_t sy_hash_of(const sy_params *p, const sy_state *s)
{
    uint64_t h = tg_mix(p->salt);
    for (int i = 0; i < p->n; i++)
        h = tg_mix(h ^ ((uint64_t)s->c[i] << 8) ^ (uint64_t)i);
    return tg_mix(h ^ (0x5157ull * (s->stm + 1)));
}

static uint64_t sy_hash(const ba_game *g, const void *st) { return sy_hash_of(sy_p(g), st); }

static int sy_init(const ba_game *g, void *st)
{
    (void)g;
    memset(st, 0, sizeof(sy_state));
    return BA_OK;
}

static int sy_side(const ba_game *g, const void *st)
{
    (void)g;
    return ((const sy_state *)st)->stm;
}

/* The moves of a state before the end rules: (i, up) when counter i < cap and (cyclic) (i, down)
 * when counter i > 0, each present unless the state's hash leaves it out. */
static int sy_raw_moves(const sy_params *p, const sy_state *s, ba_move *moves, size_t cap,
                        int noisy_only)
{
    uint64_t h = sy_hash_of(p, s);
    size_t n = 0;
    for (int i = 0; i < p->n; i++)
        for (int dir = 0; dir < (p->cyclic ? 2 : 1); dir++) {
            if (dir == 0 ? s->c[i] >= p->cap : s->c[i] == 0)
                continue;
            if (dir == 1 && i == 0 && p->window) /* counter 0 is irreversible */
                continue;
            uint64_t mh = tg_mix(h ^ (uint64_t)(i * 2 + dir + 1));
            if (mh % 4 == 0) /* left out */
                continue;
            if (noisy_only && (mh >> 8) % 3 != 0)
                continue;
            if (!moves) {
                n++;
                continue;
            }
            if (n >= cap)
                return BA_ERR_BUFFER;
            memset(&moves[n], 0, sizeof moves[n]);
            moves[n].len = 2;
            moves[n].bytes[0] = (uint8_t)i;
            moves[n].bytes[1] = (uint8_t)dir;
            n++;
        }
    return (int)n;
}

static int sy_in_history(const ba_history *hist, uint64_t h)
{
    for (size_t i = 0; hist && i < hist->count; i++)
        if (hist->hashes[i] == h)
            return 1;
    return 0;
}

static int sy_status(const ba_game *g, const void *st, const ba_history *hist)
{
    const sy_params *p = sy_p(g);
    const sy_state *s = st;
    uint64_t h = sy_hash_of(p, s);
    if (p->cyclic && sy_in_history(hist, h))
        return BA_RESULT_DRAW; /* repetition */
    int sum = 0;
    for (int i = 0; i < p->n; i++)
        sum += s->c[i];
    int ended = sy_raw_moves(p, s, NULL, 0, 0) == 0 || (sum > 0 && h % (uint64_t)p->term_mod == 0);
    if (!ended)
        return BA_RESULT_ONGOING;
    static const int results[3] = {BA_RESULT_WIN0, BA_RESULT_WIN1, BA_RESULT_DRAW};
    return results[(h >> 20) % 3];
}

static int sy_gen(const ba_game *g, const void *st, const ba_history *hist, ba_move *moves,
                  size_t cap, int noisy)
{
    if (sy_status(g, st, hist) != BA_RESULT_ONGOING)
        return 0;
    return sy_raw_moves(sy_p(g), st, moves, cap, noisy);
}

static int sy_generate(const ba_game *g, const void *st, const ba_history *hist, ba_move *moves,
                       size_t cap)
{
    return sy_gen(g, st, hist, moves, cap, 0);
}

static int sy_generate_noisy(const ba_game *g, const void *st, const ba_history *hist,
                             ba_move *moves, size_t cap)
{
    return sy_gen(g, st, hist, moves, cap, 1);
}

static int sy_apply(const ba_game *g, void *st, const ba_move *m)
{
    const sy_params *p = sy_p(g);
    sy_state *s = st;
    if (m->len != 2 || m->bytes[0] >= p->n || m->bytes[1] > 1)
        return BA_ERR_ILLEGAL;
    int i = m->bytes[0];
    if (m->bytes[1] == 0) {
        if (s->c[i] >= p->cap)
            return BA_ERR_ILLEGAL;
        s->c[i]++;
    } else {
        if (!p->cyclic || s->c[i] == 0 || (i == 0 && p->window))
            return BA_ERR_ILLEGAL;
        s->c[i]--;
    }
    if (p->window)
        s->clock = i == 0 ? 0 : (uint16_t)(s->clock < UINT16_MAX ? s->clock + 1 : UINT16_MAX);
    /* Extra turn when the new position's hash (same side still to move) says so. */
    if (sy_hash_of(p, s) % (uint64_t)p->extra_mod != 0)
        s->stm ^= 1;
    return BA_OK;
}

/* Earlier positions all have a smaller counter 0, except those since it last went up. */
static size_t sy_repeat_window(const ba_game *g, const void *st)
{
    (void)g;
    const sy_state *s = st;
    return s->clock == UINT16_MAX ? SIZE_MAX : s->clock;
}

static int sy_evaluate(const ba_game *g, const void *st)
{
    const sy_params *p = sy_p(g);
    uint64_t h = tg_mix(sy_hash_of(p, st) ^ 0xe5a1ull);
    return (int)(h % (uint64_t)(2 * p->eval_scale + 1)) - p->eval_scale;
}

static int sy_order_key(const ba_game *g, const void *st, const ba_move *m)
{
    uint64_t h = tg_mix(sy_hash_of(sy_p(g), st) ^ ((uint64_t)m->bytes[0] << 3) ^ m->bytes[1]);
    return (int)(h % 7);
}

static int sy_move_to_text(const ba_game *g, const void *st, const ba_move *m, char *buf,
                           size_t cap)
{
    (void)g;
    (void)st;
    char tmp[16];
    snprintf(tmp, sizeof tmp, "%d%c", m->bytes[0], m->bytes[1] ? '-' : '+');
    return put_text(buf, cap, tmp);
}

static int sy_move_from_text(const ba_game *g, const void *st, const ba_history *hist,
                             const char *text, ba_move *out, ba_error *err)
{
    const sy_params *p = sy_p(g);
    char *end;
    long i = strtol(text, &end, 10);
    if (end == text || (*end != '+' && *end != '-') || end[1] != '\0')
        return ba_error_set(err, BA_ERR_PARSE, "bad move '%s': expected <counter>+ or -", text);
    if (i < 0 || i >= p->n)
        return ba_error_set(err, BA_ERR_ILLEGAL, "no counter %ld", i);
    ba_move m = BA_MOVE_NONE;
    m.len = 2;
    m.bytes[0] = (uint8_t)i;
    m.bytes[1] = *end == '-';
    return find_legal(g, st, hist, &m, out, err, text);
}

static int sy_position_to_text(const ba_game *g, const void *st, char *buf, size_t cap)
{
    const sy_params *p = sy_p(g);
    const sy_state *s = st;
    char tmp[64];
    size_t n = 0;
    for (int i = 0; i < p->n; i++)
        n += (size_t)snprintf(tmp + n, sizeof tmp - n, i ? ",%d" : "%d", s->c[i]);
    snprintf(tmp + n, sizeof tmp - n, ":%d", s->stm);
    return put_text(buf, cap, tmp);
}

static int sy_position_from_text(const ba_game *g, void *st, const char *text, ba_error *err)
{
    const sy_params *p = sy_p(g);
    sy_state s;
    memset(&s, 0, sizeof s);
    const char *q = text;
    for (int i = 0; i < p->n; i++) {
        char *end;
        long v = strtol(q, &end, 10);
        if (end == q || v < 0 || v > p->cap)
            return ba_error_set(err, BA_ERR_PARSE, "counter %d: expected 0..%d", i, p->cap);
        s.c[i] = (uint8_t)v;
        q = end;
        if (*q != (i + 1 < p->n ? ',' : ':'))
            return ba_error_set(err, BA_ERR_PARSE, "expected '%c' after counter %d",
                                i + 1 < p->n ? ',' : ':', i);
        q++;
    }
    if ((*q != '0' && *q != '1') || q[1] != '\0')
        return ba_error_set(err, BA_ERR_PARSE, "expected side 0 or 1 at the end");
    s.stm = (uint8_t)(*q - '0');
    memcpy(st, &s, sizeof s);
    return BA_OK;
}

static const sy_params sy_params_table[BT_SYNTH_VARIANTS + 2] = {
    {6, 3, 1, 7, 13, 1000, 0, 0},
    {5, 4, 2, 5, 11, 1000, 0, 0},
    {4, 4, 3, 3, 17, 5000000, 0, 0},
    {4, 3, 4, 6, 19, 1000, 1, 0},
    {6, 3, 5, 7, 13, 1000, 0, 0},
    {8, 5, 6, 9, 401, 1000, 0, 0}, /* the big tree for benchmarks */
    {4, 3, 7, 6, 23, 1000, 1, 1},  /* cyclic with an irreversible counter: repeat_window */
};

#define SY_GAME(v, fl, noisy, order, plies)                                                      \
    BA_GAME_INIT(.flags = (fl), .name = "synth", .side_names = {"a", "b"},                        \
                 .state_size = sizeof(sy_state), .max_moves = 2 * SY_MAX, .max_plies = (plies),   \
                 .params = &sy_params_table[v], .init = sy_init, .side_to_move = sy_side,         \
                 .generate = sy_generate, .apply = sy_apply, .status = sy_status,                 \
                 .evaluate = sy_evaluate, .hash = sy_hash, .move_to_text = sy_move_to_text,       \
                 .move_from_text = sy_move_from_text, .position_to_text = sy_position_to_text,    \
                 .position_from_text = sy_position_from_text, .generate_noisy = (noisy),          \
                 .order_key = (order))

static const ba_game sy_games[BT_SYNTH_VARIANTS] = {
    SY_GAME(0, 0, sy_generate_noisy, sy_order_key, 6 * 3),
    SY_GAME(1, 0, sy_generate_noisy, sy_order_key, 5 * 4),
    SY_GAME(2, 0, sy_generate_noisy, sy_order_key, 4 * 4),
    SY_GAME(3, BA_GAME_HISTORY_MATTERS, sy_generate_noisy, sy_order_key, 0),
    SY_GAME(4, 0, NULL, NULL, 6 * 3),
};

static const ba_game sy_big_game = SY_GAME(BT_SYNTH_VARIANTS, 0, sy_generate_noisy, sy_order_key, 8 * 5);

const ba_game *bt_synth_big_game(void) { return &sy_big_game; }

static const ba_game sy_window_game = BA_GAME_INIT(
    .flags = BA_GAME_HISTORY_MATTERS, .name = "synth", .side_names = {"a", "b"},
    .state_size = sizeof(sy_state), .max_moves = 2 * SY_MAX, .max_plies = 0,
    .params = &sy_params_table[BT_SYNTH_VARIANTS + 1], .init = sy_init, .side_to_move = sy_side,
    .generate = sy_generate, .apply = sy_apply, .status = sy_status, .evaluate = sy_evaluate,
    .hash = sy_hash, .move_to_text = sy_move_to_text, .move_from_text = sy_move_from_text,
    .position_to_text = sy_position_to_text, .position_from_text = sy_position_from_text,
    .generate_noisy = sy_generate_noisy, .order_key = sy_order_key,
    .repeat_window = sy_repeat_window);

const ba_game *bt_synth_window_game(void) { return &sy_window_game; }

const ba_game *bt_synth_game(int variant)
{
    if (variant < 0 || variant >= BT_SYNTH_VARIANTS)
        return NULL;
    return &sy_games[variant];
}

int bt_synth_is_cyclic(int variant)
{
    return variant >= 0 && variant < BT_SYNTH_VARIANTS && sy_params_table[variant].cyclic;
}
