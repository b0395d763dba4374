/* Move notation: UCI long algebraic ("e2e4", "e7e8q", castling as the king's move "e1g1") and
 * SAN ("Nf3", "exd5", "O-O", "e8=Q+"). Parsing accepts either and checks legality. */
#include <stdio.h>

#include "chess_internal.h"

static const char piece_letters[] = "PNBRQK";
static const char promo_letters[] = " nbrq";

int chs_move_to_uci(chs_move m, char *buf, size_t cap)
{
    int from = CHS_FROM(m), to = CHS_TO(m), promo = CHS_PROMO(m);
    char tmp[6];
    int n = 0;
    tmp[n++] = (char)('a' + (from & 7));
    tmp[n++] = (char)('1' + (from >> 3));
    tmp[n++] = (char)('a' + (to & 7));
    tmp[n++] = (char)('1' + (to >> 3));
    if (promo)
        tmp[n++] = promo_letters[promo];
    tmp[n] = '\0';
    if (!buf || cap <= (size_t)n)
        return BA_ERR_BUFFER;
    memcpy(buf, tmp, (size_t)n + 1);
    return n;
}

static int is_castle(const chs_board *b, chs_move m)
{
    int from = CHS_FROM(m), to = CHS_TO(m);
    return CHS_TYPE(b->sq[from]) == CHS_KING && b->sq[from] && (to - from == 2 || from - to == 2);
}

int chs_move_to_san(const chs_board *b, chs_move m, char *buf, size_t cap)
{
    char tmp[16];
    int n = 0;
    const int from = CHS_FROM(m), to = CHS_TO(m), promo = CHS_PROMO(m);
    const uint8_t code = b->sq[from];
    if (!code)
        return BA_ERR_ARG;
    const int type = CHS_TYPE(code);
    const int capture = b->sq[to] != 0 || (type == CHS_PAWN && to == b->ep);
    if (is_castle(b, m)) {
        n = snprintf(tmp, sizeof tmp, "%s", to > from ? "O-O" : "O-O-O");
    } else {
        if (type == CHS_PAWN) {
            if (capture)
                tmp[n++] = (char)('a' + (from & 7));
        } else {
            tmp[n++] = piece_letters[type];
            /* Disambiguation: other legal moves of the same piece type to the same square. */
            chs_move list[CHS_MAX_MOVES];
            int count = chs_generate(b, list, CHS_GEN_ALL);
            int others = 0, same_file = 0, same_rank = 0;
            for (int i = 0; i < count; i++) {
                int f2 = CHS_FROM(list[i]);
                if (f2 == from || CHS_TO(list[i]) != to || b->sq[f2] != code)
                    continue;
                others++;
                if ((f2 & 7) == (from & 7))
                    same_file = 1;
                if ((f2 >> 3) == (from >> 3))
                    same_rank = 1;
            }
            if (others) {
                if (!same_file)
                    tmp[n++] = (char)('a' + (from & 7));
                else if (!same_rank)
                    tmp[n++] = (char)('1' + (from >> 3));
                else {
                    tmp[n++] = (char)('a' + (from & 7));
                    tmp[n++] = (char)('1' + (from >> 3));
                }
            }
        }
        if (capture)
            tmp[n++] = 'x';
        tmp[n++] = (char)('a' + (to & 7));
        tmp[n++] = (char)('1' + (to >> 3));
        if (promo) {
            tmp[n++] = '=';
            tmp[n++] = piece_letters[promo];
        }
    }
    chs_board after = *b;
    chs_make(&after, m);
    if (chs_in_check(&after))
        tmp[n++] = chs_count_legal(&after) ? '+' : '#';
    tmp[n] = '\0';
    if (!buf || cap <= (size_t)n)
        return BA_ERR_BUFFER;
    memcpy(buf, tmp, (size_t)n + 1);
    return n;
}

static int file_of(char c) { return c >= 'a' && c <= 'h' ? c - 'a' : -1; }
static int rank_of(char c) { return c >= '1' && c <= '8' ? c - '1' : -1; }
static int promo_of(char c)
{
    switch (c) {
    case 'n': case 'N': return CHS_KNIGHT;
    case 'b': case 'B': return CHS_BISHOP;
    case 'r': case 'R': return CHS_ROOK;
    case 'q': case 'Q': return CHS_QUEEN;
    default: return -1;
    }
}

/* Finds the legal move matching the given parts (-1 = any). */
static int find_move(const chs_board *b, int type, int from_file, int from_rank, int to, int promo,
                     int castle, const char *text, chs_move *out, ba_error *err)
{
    chs_move list[CHS_MAX_MOVES];
    int count = chs_generate(b, list, CHS_GEN_ALL);
    int found = 0;
    chs_move match = 0;
    for (int i = 0; i < count; i++) {
        chs_move m = list[i];
        int f = CHS_FROM(m);
        if (castle) {
            if (!is_castle(b, m) || (castle == 1) != (CHS_TO(m) > f))
                continue;
        } else {
            if (CHS_TO(m) != to || CHS_TYPE(b->sq[f]) != type || CHS_PROMO(m) != promo)
                continue;
            if (type == CHS_KING && is_castle(b, m))
                continue;
            if (from_file >= 0 && (f & 7) != from_file)
                continue;
            if (from_rank >= 0 && (f >> 3) != from_rank)
                continue;
        }
        found++;
        match = m;
    }
    if (found == 1) {
        *out = match;
        return BA_OK;
    }
    if (found > 1)
        return ba_error_set(err, BA_ERR_ILLEGAL, "move '%s' is ambiguous: say which piece moves", text);
    if (castle)
        return ba_error_set(err, BA_ERR_ILLEGAL, "castling '%s' is not legal here", text);
    if (type == CHS_PAWN && promo == 0 && (to >> 3) == (b->stm ? 0 : 7))
        return ba_error_set(err, BA_ERR_ILLEGAL, "move '%s' reaches the last rank: say the promotion piece", text);
    return ba_error_set(err, BA_ERR_ILLEGAL, "move '%s' is not legal here (%s to move%s)", text,
                        b->stm ? "black" : "white", chs_in_check(b) ? ", in check" : "");
}

int chs_parse_move(const chs_board *b, const char *text, chs_move *out, ba_error *err)
{
    char s[16];
    size_t len = 0;
    if (!text)
        return ba_error_set(err, BA_ERR_ARG, "move text is NULL");
    while (*text == ' ' || *text == '\t')
        text++;
    /* Copy, dropping check/mate marks and annotations at the end. */
    while (text[len] && text[len] != ' ' && text[len] != '\t' && text[len] != '\n' && text[len] != '\r') {
        if (len >= sizeof s - 1)
            return ba_error_set(err, BA_ERR_PARSE, "move text is too long");
        s[len] = text[len];
        len++;
    }
    s[len] = '\0';
    const char *rest = text + len;
    while (*rest == ' ' || *rest == '\t' || *rest == '\n' || *rest == '\r')
        rest++;
    if (*rest)
        return ba_error_set(err, BA_ERR_PARSE, "one move expected, got more text after '%s'", s);
    char orig[16];
    memcpy(orig, s, len + 1);
    while (len && (s[len - 1] == '+' || s[len - 1] == '#' || s[len - 1] == '!' || s[len - 1] == '?'))
        s[--len] = '\0';
    if (!len)
        return ba_error_set(err, BA_ERR_PARSE, "empty move");

    /* UCI long algebraic: e2e4, e7e8q. */
    if ((len == 4 || len == 5) && file_of(s[0]) >= 0 && rank_of(s[1]) >= 0 && file_of(s[2]) >= 0 &&
        rank_of(s[3]) >= 0) {
        int from = rank_of(s[1]) * 8 + file_of(s[0]);
        int to = rank_of(s[3]) * 8 + file_of(s[2]);
        int promo = 0;
        if (len == 5 && (promo = promo_of(s[4])) < 0)
            return ba_error_set(err, BA_ERR_PARSE, "bad promotion piece '%c' in '%s' (n, b, r or q)", s[4], orig);
        uint8_t code = b->sq[from];
        if (!code)
            return ba_error_set(err, BA_ERR_ILLEGAL, "no piece on %c%c", s[0], s[1]);
        if (CHS_COLOR(code) != b->stm)
            return ba_error_set(err, BA_ERR_ILLEGAL, "the piece on %c%c is not %s's", s[0], s[1],
                                b->stm ? "black" : "white");
        chs_move list[CHS_MAX_MOVES];
        int count = chs_generate(b, list, CHS_GEN_ALL);
        chs_move want = CHS_MOVE(from, to, promo);
        for (int i = 0; i < count; i++)
            if (list[i] == want) {
                *out = want;
                return BA_OK;
            }
        if (CHS_TYPE(code) == CHS_PAWN && !promo && (to >> 3) == (b->stm ? 0 : 7))
            return ba_error_set(err, BA_ERR_ILLEGAL, "move '%s' reaches the last rank: add the promotion piece (e.g. %sq)",
                                orig, s);
        if (promo && CHS_TYPE(code) != CHS_PAWN)
            return ba_error_set(err, BA_ERR_ILLEGAL, "only a pawn can promote ('%s')", orig);
        return ba_error_set(err, BA_ERR_ILLEGAL, "move '%s' is not legal here (%s to move%s)", orig,
                            b->stm ? "black" : "white", chs_in_check(b) ? ", in check" : "");
    }
    /* SAN. Castling first (O or zero). */
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0"))
        return find_move(b, CHS_KING, -1, -1, -1, 0, 1, orig, out, err);
    if (!strcmp(s, "O-O-O") || !strcmp(s, "0-0-0"))
        return find_move(b, CHS_KING, -1, -1, -1, 0, 2, orig, out, err);
    const char *p = s;
    int type = CHS_PAWN;
    const char *pl = strchr(piece_letters, *p);
    if (*p && pl && *p != 'P') {
        type = (int)(pl - piece_letters);
        p++;
    } else if (*p == 'P') {
        p++;
    }
    /* The rest: [file][rank][x]file rank [=promo]. Read the squares from the end. */
    char body[16];
    size_t bl = 0;
    int promo = 0;
    for (const char *q = p; *q; q++) {
        if (*q == '=' || (type == CHS_PAWN && promo_of(*q) > 0 && *q >= 'A' && *q <= 'Z')) {
            const char *pc = *q == '=' ? q + 1 : q;
            if ((promo = promo_of(*pc)) < 0 || pc[1])
                return ba_error_set(err, BA_ERR_PARSE, "bad promotion in '%s' (=N, =B, =R or =Q)", orig);
            break;
        }
        if (*q == 'x' || *q == ':' || *q == '-')
            continue; /* the capture mark is optional and not checked */
        body[bl++] = *q;
    }
    body[bl] = '\0';
    if (bl < 2 || bl > 4 || file_of(body[bl - 2]) < 0 || rank_of(body[bl - 1]) < 0)
        return ba_error_set(err, BA_ERR_PARSE, "cannot read move '%s' (use e.g. e2e4, Nf3, exd5, O-O, e8=Q)", orig);
    int to = rank_of(body[bl - 1]) * 8 + file_of(body[bl - 2]);
    int from_file = -1, from_rank = -1;
    for (size_t i = 0; i + 2 < bl; i++) {
        if (file_of(body[i]) >= 0 && from_file < 0 && i == 0)
            from_file = file_of(body[i]);
        else if (rank_of(body[i]) >= 0 && from_rank < 0)
            from_rank = rank_of(body[i]);
        else
            return ba_error_set(err, BA_ERR_PARSE, "cannot read move '%s' (use e.g. e2e4, Nf3, exd5, O-O, e8=Q)", orig);
    }
    if (promo && type != CHS_PAWN)
        return ba_error_set(err, BA_ERR_ILLEGAL, "only a pawn can promote ('%s')", orig);
    return find_move(b, type, from_file, from_rank, to, promo, 0, orig, out, err);
}
