/* Connect Four (7 columns x 6 rows) as a test game: a perfect-hash game, whose hash is the
 * position itself (the well-known "stones of the side to move + mask of all stones" key), so its
 * low bits are far from random. The table's bucket index must come from the mixed key for such a
 * game; the measurement is in docs/search.md. Columns hold 7 bits each (6 cells and a sentinel),
 * bit 0 of a column is its bottom cell. */
#include <stdio.h>
#include <string.h>

#include "testgames.h"

#define C4_W 7
#define C4_H 6
#define C4_COL(c) ((uint64_t)0x3f << ((c) * (C4_H + 1)))
#define C4_BOTTOM(c) ((uint64_t)1 << ((c) * (C4_H + 1)))
#define C4_TOP(c) ((uint64_t)1 << ((c) * (C4_H + 1) + C4_H - 1))

typedef struct c4_state {
    uint64_t own;   /* stones of the side to move */
    uint64_t mask;  /* every stone */
    uint32_t moves; /* plies played; side to move = moves & 1 */
    uint32_t pad;
} c4_state;

static int c4_init(const ba_game *g, void *st)
{
    (void)g;
    memset(st, 0, sizeof(c4_state));
    return BA_OK;
}

static int c4_side(const ba_game *g, const void *st)
{
    (void)g;
    return (int)(((const c4_state *)st)->moves & 1);
}

/* Four in a row among the stones of @p b (the bitboard shifts of the classic solver). */
static int c4_four(uint64_t b)
{
    static const int dirs[4] = {1, C4_H + 1, C4_H, C4_H + 2};
    for (int i = 0; i < 4; i++) {
        uint64_t m = b & (b >> dirs[i]);
        if (m & (m >> (2 * dirs[i])))
            return 1;
    }
    return 0;
}

static int c4_status(const ba_game *g, const void *st, const ba_history *hist)
{
    (void)g;
    (void)hist;
    const c4_state *s = st;
    /* Only the side that just moved can have four. */
    if (c4_four(s->own ^ s->mask))
        return (s->moves & 1) ? BA_RESULT_WIN0 : BA_RESULT_WIN1;
    return s->moves >= C4_W * C4_H ? BA_RESULT_DRAW : BA_RESULT_ONGOING;
}

static int c4_generate(const ba_game *g, const void *st, const ba_history *hist, ba_move *moves,
                       size_t cap)
{
    const c4_state *s = st;
    if (c4_status(g, st, hist) != BA_RESULT_ONGOING)
        return 0;
    size_t n = 0;
    for (int c = 0; c < C4_W; c++)
        if (!(s->mask & C4_TOP(c))) {
            if (n >= cap)
                return BA_ERR_BUFFER;
            memset(&moves[n], 0, sizeof moves[n]);
            moves[n].len = 1;
            moves[n].bytes[0] = (uint8_t)c;
            n++;
        }
    return (int)n;
}

static int c4_apply(const ba_game *g, void *st, const ba_move *m)
{
    (void)g;
    c4_state *s = st;
    if (m->len != 1 || m->bytes[0] >= C4_W || (s->mask & C4_TOP(m->bytes[0])))
        return BA_ERR_ILLEGAL;
    s->own ^= s->mask; /* the other side's stones become "own" */
    s->mask |= s->mask + C4_BOTTOM(m->bytes[0]);
    s->moves++;
    return BA_OK;
}

/* Stones nearer the centre take part in more lines. */
static int c4_evaluate(const ba_game *g, const void *st)
{
    (void)g;
    static const int w[C4_W] = {1, 2, 3, 4, 3, 2, 1};
    const c4_state *s = st;
    int v = 0;
    uint64_t opp = s->own ^ s->mask;
    for (int c = 0; c < C4_W; c++)
        v += w[c] * (__builtin_popcountll(s->own & C4_COL(c)) -
                     __builtin_popcountll(opp & C4_COL(c)));
    return v;
}

/* The perfect key: own + mask is unique per position (and says whose turn it is). */
static uint64_t c4_hash(const ba_game *g, const void *st)
{
    (void)g;
    const c4_state *s = st;
    return s->own + s->mask;
}

static int c4_order_key(const ba_game *g, const void *st, const ba_move *m)
{
    (void)g;
    (void)st;
    int c = m->bytes[0];
    return 3 - (c > 3 ? c - 3 : 3 - c) - 4; /* centre first; never positive: no move is noisy */
}

static int c4_move_to_text(const ba_game *g, const void *st, const ba_move *m, char *buf,
                           size_t cap)
{
    (void)g;
    (void)st;
    if (m->len != 1 || m->bytes[0] >= C4_W)
        return BA_ERR_ARG;
    int n = snprintf(buf, cap, "%d", m->bytes[0] + 1);
    return n < 0 || (size_t)n >= cap ? BA_ERR_BUFFER : n;
}

static int c4_move_from_text(const ba_game *g, const void *st, const ba_history *hist,
                             const char *text, ba_move *out, ba_error *err)
{
    if (strlen(text) != 1 || text[0] < '1' || text[0] > '7')
        return ba_error_set(err, BA_ERR_PARSE, "bad column '%s': expected 1..7", text);
    ba_move list[C4_W];
    int n = c4_generate(g, st, hist, list, C4_W);
    for (int i = 0; i < n; i++)
        if (list[i].bytes[0] == text[0] - '1') {
            *out = list[i];
            return BA_OK;
        }
    return ba_error_set(err, BA_ERR_ILLEGAL, "column %s is full or the game is over", text);
}

/* Text: the columns bottom-up, '/'-separated, 'x' (side 0) and 'o', e.g. "xo//x////". */
static int c4_position_to_text(const ba_game *g, const void *st, char *buf, size_t cap)
{
    (void)g;
    const c4_state *s = st;
    uint64_t x = (s->moves & 1) ? s->own ^ s->mask : s->own;
    char tmp[64];
    size_t k = 0;
    for (int c = 0; c < C4_W; c++) {
        if (c)
            tmp[k++] = '/';
        for (int r = 0; r < C4_H; r++) {
            uint64_t bit = (uint64_t)1 << (c * (C4_H + 1) + r);
            if (s->mask & bit)
                tmp[k++] = (x & bit) ? 'x' : 'o';
        }
    }
    tmp[k] = '\0';
    if (k + 1 > cap)
        return BA_ERR_BUFFER;
    memcpy(buf, tmp, k + 1);
    return (int)k;
}

static int c4_position_from_text(const ba_game *g, void *st, const char *text, ba_error *err)
{
    (void)g;
    uint64_t x = 0, mask = 0;
    int c = 0, r = 0, nx = 0, no = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '/') {
            if (++c >= C4_W)
                return ba_error_set(err, BA_ERR_PARSE, "more than 7 columns");
            r = 0;
        } else if (*p == 'x' || *p == 'o') {
            if (r >= C4_H)
                return ba_error_set(err, BA_ERR_PARSE, "column %d holds more than 6 stones", c + 1);
            uint64_t bit = (uint64_t)1 << (c * (C4_H + 1) + r++);
            mask |= bit;
            if (*p == 'x') {
                x |= bit;
                nx++;
            } else {
                no++;
            }
        } else {
            return ba_error_set(err, BA_ERR_PARSE, "bad character '%c': expected x, o or /", *p);
        }
    }
    if (c != C4_W - 1)
        return ba_error_set(err, BA_ERR_PARSE, "expected 7 columns separated by '/'");
    if (nx != no && nx != no + 1)
        return ba_error_set(err, BA_ERR_PARSE, "x must have as many stones as o, or one more");
    c4_state s;
    memset(&s, 0, sizeof s);
    s.mask = mask;
    s.moves = (uint32_t)(nx + no);
    s.own = (s.moves & 1) ? mask ^ x : x;
    memcpy(st, &s, sizeof s);
    return BA_OK;
}

static const ba_game c4_game = BA_GAME_INIT(
    .name = "connect4",
    .side_names = {"x", "o"},
    .state_size = sizeof(c4_state),
    .max_moves = C4_W,
    .max_plies = C4_W * C4_H,
    .init = c4_init,
    .side_to_move = c4_side,
    .generate = c4_generate,
    .apply = c4_apply,
    .status = c4_status,
    .evaluate = c4_evaluate,
    .hash = c4_hash,
    .move_to_text = c4_move_to_text,
    .move_from_text = c4_move_from_text,
    .position_to_text = c4_position_to_text,
    .position_from_text = c4_position_from_text,
    .order_key = c4_order_key);

const ba_game *bt_connect4_game(void) { return &c4_game; }
