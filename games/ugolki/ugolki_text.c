/* Ugolki text: move notation (c3-c4, a1-a3-c3-c5, pass), position text and the board drawing. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ugolki_rules.h"
#include "ugolki_text.h"

/* Longest chain a move text may name: more landings than empty squares is never needed. */
#define UG_MAX_CHAIN 64

void ug_square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + sq % 8);
    buf[1] = (char)('1' + sq / 8);
    buf[2] = '\0';
}

static int ug_put(char *buf, size_t cap, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > cap)
        return BA_ERR_BUFFER;
    memcpy(buf + *len, text, n + 1);
    *len += n;
    return BA_OK;
}

/* The square one leap in direction @p dir from @p sq lands on, or -1 off the board. */
static int ug_leap_square(int sq, int dir, int distance)
{
    static const int df[8] = {0, 1, 0, -1, 1, -1, 1, -1};
    static const int dr[8] = {1, 0, -1, 0, 1, 1, -1, -1};
    int f = sq % 8 + df[dir] * distance, r = sq / 8 + dr[dir] * distance;
    if (f < 0 || f > 7 || r < 0 || r > 7)
        return -1;
    return r * 8 + f;
}

/* A shortest leap chain from -> to (breadth-first, directions in fixed order, so the chain
 * printed is deterministic). Writes the landings after @p from into @p path. */
static int ug_shortest_chain(const ug_params *p, const ug_state *s, int from, int to, int *path)
{
    uint64_t others = (s->occ[0] | s->occ[1]) & ~(1ull << from);
    int parent[UG_SQUARES];
    int queue[UG_SQUARES];
    for (int i = 0; i < UG_SQUARES; i++)
        parent[i] = -1;
    parent[from] = from;
    int head = 0, tail = 0;
    queue[tail++] = from;
    while (head < tail && parent[to] < 0) {
        int sq = queue[head++];
        for (int d = 0; d < p->directions; d++) {
            int over = ug_leap_square(sq, d, 1), land = ug_leap_square(sq, d, 2);
            if (land < 0 || !(others & (1ull << over)) || (others & (1ull << land)) ||
                parent[land] >= 0)
                continue;
            parent[land] = sq;
            queue[tail++] = land;
        }
    }
    if (parent[to] < 0 || to == from)
        return 0;
    int n = 0;
    for (int sq = to; sq != from; sq = parent[sq])
        n++;
    int i = n;
    for (int sq = to; sq != from; sq = parent[sq])
        path[--i] = sq;
    return n;
}

int ug_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf,
                    size_t cap)
{
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    size_t len = 0;
    char name[3];
    if (!buf || cap == 0)
        return BA_ERR_BUFFER;
    buf[0] = '\0';
    if (move->len == 0 && move->tag == UG_TAG_PASS)
        return ug_put(buf, cap, &len, "pass") == BA_OK ? (int)len : BA_ERR_BUFFER;
    if (move->len != 2 || move->bytes[0] >= UG_SQUARES || move->bytes[1] >= UG_SQUARES)
        return BA_ERR_ARG;
    int from = move->bytes[0], to = move->bytes[1];
    int path[UG_SQUARES];
    int n;
    if (ug_step_targets(p, s, from) & (1ull << to)) {
        path[0] = to;
        n = 1;
    } else {
        n = ug_shortest_chain(p, s, from, to, path);
        if (n == 0)
            return BA_ERR_ARG; /* not a move of this position */
    }
    ug_square_name(from, name);
    if (ug_put(buf, cap, &len, name) != BA_OK)
        return BA_ERR_BUFFER;
    for (int i = 0; i < n; i++) {
        ug_square_name(path[i], name);
        if (ug_put(buf, cap, &len, "-") != BA_OK || ug_put(buf, cap, &len, name) != BA_OK)
            return BA_ERR_BUFFER;
    }
    return (int)len;
}

/* Parses "c3" (case-insensitive) at @p text; returns the square or -1. */
static int ug_parse_square(const char *text, size_t len)
{
    if (len != 2)
        return -1;
    int f = tolower((unsigned char)text[0]) - 'a';
    int r = text[1] - '1';
    if (f < 0 || f > 7 || r < 0 || r > 7)
        return -1;
    return r * 8 + f;
}

static const char *const ug_side_word[2] = {"White", "Black"};

int ug_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                      const char *text, ba_move *out, ba_error *err)
{
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    int stm = (int)(s->ply & 1u);
    if (!text)
        return ba_error_set(err, BA_ERR_ARG, "no move text");
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len > 0 && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0)
        return ba_error_set(err, BA_ERR_PARSE, "empty move text");
    if (ug_state_status(p, s) != BA_RESULT_ONGOING)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over");

    (void)hist;
    ba_move m;
    memset(&m, 0, sizeof m);
    if (len == 4 && strncmp(text, "pass", 4) == 0) {
        if (ug_has_move(p, s, stm))
            return ba_error_set(err, BA_ERR_ILLEGAL, "pass is only allowed without any other move");
        m.tag = UG_TAG_PASS;
        *out = m;
        return BA_OK;
    }

    /* Split at '-' into squares. */
    int squares[UG_MAX_CHAIN + 1];
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] != '-')
            continue;
        if (n > UG_MAX_CHAIN)
            return ba_error_set(err, BA_ERR_PARSE, "move '%.*s' names too many squares",
                                (int)len, text);
        int sq = ug_parse_square(text + start, i - start);
        if (sq < 0)
            return ba_error_set(err, BA_ERR_PARSE,
                                "bad square '%.*s' in '%.*s': squares are a1-h8, joined by '-'",
                                (int)(i - start), text + start, (int)len, text);
        squares[n++] = sq;
        start = i + 1;
    }
    if (n < 2)
        return ba_error_set(err, BA_ERR_PARSE,
                            "move '%.*s' needs a start and an end square, e.g. c3-c4", (int)len,
                            text);

    char a[3], b[3];
    int from = squares[0], to = squares[n - 1];
    ug_square_name(from, a);
    ug_square_name(to, b);
    if (!(s->occ[stm] & (1ull << from)))
        return ba_error_set(err, BA_ERR_ILLEGAL, "no %s piece on %s", ug_side_word[stm], a);
    if (from == to)
        return ba_error_set(err, BA_ERR_ILLEGAL, "a move may not end where it began (%s)", a);
    uint64_t others = (s->occ[0] | s->occ[1]) & ~(1ull << from);
    if (others & (1ull << to))
        return ba_error_set(err, BA_ERR_ILLEGAL, "%s is occupied", b);
    uint64_t steps = ug_step_targets(p, s, from), leaps = ug_leap_targets(p, s, from);

    if (n == 2 && !((steps | leaps) & (1ull << to)))
        return ba_error_set(err, BA_ERR_ILLEGAL,
                            "%s cannot reach %s by a step or a chain of leaps", a, b);
    if (n > 2) {
        /* Every hop named must be a leap, with the moving piece lifted off its square. (With
         * only start and end named, any chain between them will do.) */
        for (int i = 1; i < n; i++) {
            int x = squares[i - 1], y = squares[i];
            int dx = y % 8 - x % 8, dy = y / 8 - x / 8;
            char xs[3], ys[3], os[3];
            ug_square_name(x, xs);
            ug_square_name(y, ys);
            int orth = (dx == 0 && (dy == 2 || dy == -2)) || (dy == 0 && (dx == 2 || dx == -2));
            int diag = (dx == 2 || dx == -2) && (dy == 2 || dy == -2);
            if (!orth && !(diag && p->directions == 8))
                return ba_error_set(err, BA_ERR_ILLEGAL,
                                    "%s-%s is not a leap: a leap goes two squares in a straight "
                                    "%s line",
                                    xs, ys, p->directions == 8 ? "or diagonal" : "orthogonal");
            int over = (x + y) / 2;
            ug_square_name(over, os);
            if (!(others & (1ull << over)))
                return ba_error_set(err, BA_ERR_ILLEGAL, "%s-%s leaps over %s, which is empty", xs,
                                    ys, os);
            if (others & (1ull << y))
                return ba_error_set(err, BA_ERR_ILLEGAL, "%s-%s lands on %s, which is occupied",
                                    xs, ys, ys);
        }
    }
    m.len = 2;
    m.bytes[0] = (uint8_t)from;
    m.bytes[1] = (uint8_t)to;
    *out = m;
    return BA_OK;
}

int ug_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    const ug_state *s = state;
    char text[128];
    size_t len = 0;
    for (int r = 7; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < 8; f++) {
            uint64_t bit = 1ull << (r * 8 + f);
            char c = (s->occ[0] & bit) ? 'w' : (s->occ[1] & bit) ? 'b' : 0;
            if (!c) {
                run++;
                continue;
            }
            if (run)
                text[len++] = (char)('0' + run);
            run = 0;
            text[len++] = c;
        }
        if (run)
            text[len++] = (char)('0' + run);
        if (r > 0)
            text[len++] = '/';
    }
    char flags[4];
    size_t nf = 0;
    if (s->flags & UG_FLAG_PASS)
        flags[nf++] = 'p';
    if (s->flags & UG_FLAG_RETURN0)
        flags[nf++] = 'W';
    if (s->flags & UG_FLAG_RETURN1)
        flags[nf++] = 'B';
    if (nf == 0)
        flags[nf++] = '-';
    flags[nf] = '\0';
    int n = snprintf(text + len, sizeof text - len, " %c %lu %s", (s->ply & 1u) ? 'b' : 'w',
                     (unsigned long)s->ply, flags);
    if (n < 0 || (size_t)n >= sizeof text - len)
        return BA_ERR_INTERNAL;
    len += (size_t)n;
    if (!buf || len + 1 > cap)
        return BA_ERR_BUFFER;
    memcpy(buf, text, len + 1);
    return (int)len;
}

int ug_position_from_text(const ba_game *g, void *state, const char *text, ba_error *err)
{
    const ug_params *p = ug_params_of(g);
    if (!text)
        return ba_error_set(err, BA_ERR_ARG, "no position text");
    uint64_t occ[2] = {0, 0};
    const char *c = text;
    while (isspace((unsigned char)*c))
        c++;
    /* The board, rank 8 first. */
    for (int r = 7; r >= 0; r--) {
        int f = 0;
        while (*c && *c != '/' && !isspace((unsigned char)*c)) {
            if (*c >= '1' && *c <= '8') {
                f += *c - '0';
            } else if (*c == 'w' || *c == 'b' || *c == 'W' || *c == 'B') {
                if (f > 7)
                    return ba_error_set(err, BA_ERR_PARSE, "rank %d has more than 8 squares",
                                        r + 1);
                occ[(*c == 'b' || *c == 'B') ? 1 : 0] |= 1ull << (r * 8 + f);
                f++;
            } else {
                return ba_error_set(err, BA_ERR_PARSE,
                                    "bad character '%c' on rank %d: use w, b and digits 1-8", *c,
                                    r + 1);
            }
            if (f > 8)
                return ba_error_set(err, BA_ERR_PARSE, "rank %d has more than 8 squares", r + 1);
            c++;
        }
        if (f != 8)
            return ba_error_set(err, BA_ERR_PARSE, "rank %d has %d squares, not 8", r + 1, f);
        if (r > 0) {
            if (*c != '/')
                return ba_error_set(err, BA_ERR_PARSE,
                                    "the board needs 8 ranks separated by '/', rank %d is missing",
                                    r);
            c++;
        }
    }
    for (int side = 0; side < 2; side++) {
        int count = __builtin_popcountll(occ[side]);
        if (count != p->opt.pieces)
            return ba_error_set(err, BA_ERR_PARSE, "%s has %d pieces, this variant needs %d",
                                ug_side_word[side], count, p->opt.pieces);
    }

    /* Side to move, plies played, flags. */
    while (isspace((unsigned char)*c))
        c++;
    int side;
    if (*c == 'w' || *c == 'W')
        side = 0;
    else if (*c == 'b' || *c == 'B')
        side = 1;
    else
        return ba_error_set(err, BA_ERR_PARSE, "expected the side to move (w or b) after the board");
    c++;
    if (*c && !isspace((unsigned char)*c))
        return ba_error_set(err, BA_ERR_PARSE, "expected the side to move (w or b) after the board");
    while (isspace((unsigned char)*c))
        c++;
    unsigned long ply = (unsigned long)side;
    uint32_t flags = 0;
    if (*c) {
        if (!isdigit((unsigned char)*c))
            return ba_error_set(err, BA_ERR_PARSE, "expected the number of plies played, got '%s'",
                                c);
        char *end;
        ply = strtoul(c, &end, 10);
        if (ply > 1000000ul)
            return ba_error_set(err, BA_ERR_RANGE, "ply %lu is too large", ply);
        if (ply % 2 != (unsigned long)side)
            return ba_error_set(err, BA_ERR_PARSE,
                                "ply %lu does not match the side to move (%s moves at %s plies)",
                                ply, ug_side_word[side], side ? "odd" : "even");
        c = end;
        while (isspace((unsigned char)*c))
            c++;
        if (*c == '-') {
            c++;
        } else {
            while (*c && !isspace((unsigned char)*c)) {
                uint32_t bit = *c == 'p' ? UG_FLAG_PASS : *c == 'W' ? UG_FLAG_RETURN0
                             : *c == 'B' ? UG_FLAG_RETURN1 : 0;
                if (!bit)
                    return ba_error_set(err, BA_ERR_PARSE,
                                        "bad flag '%c': flags are '-' or any of p, W, B", *c);
                flags |= bit;
                c++;
            }
        }
        while (isspace((unsigned char)*c))
            c++;
        if (*c)
            return ba_error_set(err, BA_ERR_PARSE, "unexpected text after the flags: '%s'", c);
    }
    ug_state s;
    memset(&s, 0, sizeof s);
    ug_state_set_board(&s, occ[0], occ[1]);
    s.ply = (uint32_t)ply;
    s.flags = flags;
    memcpy(state, &s, sizeof s);
    return BA_OK;
}

int ug_render(const ba_game *g, const void *state, char *buf, size_t cap)
{
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    char text[512];
    size_t len = 0;
    for (int r = 7; r >= 0; r--) {
        len += (size_t)snprintf(text + len, sizeof text - len, "%d ", r + 1);
        for (int f = 0; f < 8; f++) {
            int sq = r * 8 + f;
            uint64_t bit = 1ull << sq;
            char c = (s->occ[0] & bit) ? 'W' : (s->occ[1] & bit) ? 'B'
                   : ((p->home[0] | p->home[1]) & bit) ? '+' : '.';
            text[len++] = ' ';
            text[len++] = c;
        }
        text[len++] = '\n';
    }
    int n = snprintf(text + len, sizeof text - len, "   a b c d e f g h\n%s to move, ply %lu",
                     ug_side_word[s->ply & 1u], (unsigned long)s->ply);
    if (n < 0 || (size_t)n >= sizeof text - len)
        return BA_ERR_INTERNAL;
    len += (size_t)n;
    if (!buf || len + 1 > cap)
        return BA_ERR_BUFFER;
    memcpy(buf, text, len + 1);
    return (int)len;
}
