/* FEN in and out. Parsing checks everything that the move generator relies on (one king each,
 * no pawns on the first or last rank, castling rights that match king and rook squares, an
 * en-passant square that a pawn just skipped, the side not to move not in check) and says
 * what was wrong. */
#include <stdio.h>

#include "chess_internal.h"

static const char piece_chars[] = "PNBRQK";

void chs_start(chs_board *b)
{
    ba_error err;
    (void)chs_from_fen(b, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &err);
}

static const char *skip_spaces(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Reads a non-negative decimal number of at most 6 digits. */
static int read_number(const char **pp, int *out)
{
    const char *p = *pp;
    int v = 0, digits = 0;
    while (*p >= '0' && *p <= '9') {
        if (++digits > 6)
            return -1;
        v = v * 10 + (*p - '0');
        p++;
    }
    if (!digits)
        return -1;
    *pp = p;
    *out = v;
    return 0;
}

int chs_from_fen(chs_board *out, const char *fen, ba_error *err)
{
    chs_board b;
    memset(&b, 0, sizeof b);
    if (!fen)
        return ba_error_set(err, BA_ERR_ARG, "FEN is NULL");
    const char *p = skip_spaces(fen);
    /* 1. placement, from rank 8 down to rank 1 */
    int rank = 7, file = 0;
    for (;; p++) {
        char c = *p;
        if (c == ' ' || c == '\0')
            break;
        if (c == '/') {
            if (file != 8)
                return ba_error_set(err, BA_ERR_PARSE, "FEN rank %d has %d squares, not 8", rank + 1, file);
            if (rank == 0)
                return ba_error_set(err, BA_ERR_PARSE, "FEN has more than 8 ranks");
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return ba_error_set(err, BA_ERR_PARSE, "FEN rank %d has more than 8 squares", rank + 1);
        } else {
            const char *q = strchr(piece_chars, c >= 'a' && c <= 'z' ? c - 32 : c);
            if (!q || c == '\0')
                return ba_error_set(err, BA_ERR_PARSE, "FEN: bad character '%c' in the placement", c);
            if (file >= 8)
                return ba_error_set(err, BA_ERR_PARSE, "FEN rank %d has more than 8 squares", rank + 1);
            int color = (c >= 'a' && c <= 'z') ? CHS_BLACK : CHS_WHITE;
            chs_put(&b, rank * 8 + file, CHS_CODE(color, (int)(q - piece_chars)));
            file++;
        }
    }
    if (rank != 0 || file != 8)
        return ba_error_set(err, BA_ERR_PARSE, "FEN placement must have 8 ranks of 8 squares");
    /* 2. side to move */
    p = skip_spaces(p);
    if (*p == 'w')
        b.stm = CHS_WHITE;
    else if (*p == 'b')
        b.stm = CHS_BLACK;
    else
        return ba_error_set(err, BA_ERR_PARSE, "FEN: side to move must be 'w' or 'b'");
    p++;
    if (*p != ' ' && *p != '\t' && *p != '\0')
        return ba_error_set(err, BA_ERR_PARSE, "FEN: side to move must be 'w' or 'b'");
    /* 3. castling (optional from here on: missing fields mean "-", "-", 0, 1) */
    p = skip_spaces(p);
    b.ep = CHS_NO_EP;
    b.fullmove = 1;
    if (*p) {
        if (*p == '-') {
            p++;
        } else {
            while (*p && *p != ' ' && *p != '\t') {
                int bit;
                switch (*p) {
                case 'K': bit = CHS_WK; break;
                case 'Q': bit = CHS_WQ; break;
                case 'k': bit = CHS_BK; break;
                case 'q': bit = CHS_BQ; break;
                default:
                    return ba_error_set(err, BA_ERR_PARSE, "FEN: bad castling character '%c'", *p);
                }
                if (b.castling & bit)
                    return ba_error_set(err, BA_ERR_PARSE, "FEN: castling right '%c' given twice", *p);
                b.castling |= (uint8_t)bit;
                p++;
            }
        }
        if (*p && *p != ' ' && *p != '\t')
            return ba_error_set(err, BA_ERR_PARSE, "FEN: bad castling field");
        /* 4. en passant */
        p = skip_spaces(p);
        if (*p == '-') {
            p++;
        } else if (*p >= 'a' && *p <= 'h' && (p[1] == '3' || p[1] == '6')) {
            b.ep = (uint8_t)((p[1] - '1') * 8 + (p[0] - 'a'));
            p += 2;
        } else if (*p) {
            return ba_error_set(err, BA_ERR_PARSE, "FEN: bad en-passant square (a3-h3, a6-h6 or -)");
        }
        if (*p && *p != ' ' && *p != '\t')
            return ba_error_set(err, BA_ERR_PARSE, "FEN: bad en-passant field");
        /* 5, 6. clocks */
        p = skip_spaces(p);
        if (*p) {
            int hm, fm;
            if (read_number(&p, &hm) < 0 || hm > 10000)
                return ba_error_set(err, BA_ERR_PARSE, "FEN: bad half-move clock");
            p = skip_spaces(p);
            fm = 1;
            if (*p && (read_number(&p, &fm) < 0 || fm > 60000))
                return ba_error_set(err, BA_ERR_PARSE, "FEN: bad full-move number");
            b.halfmove = (uint16_t)hm;
            b.fullmove = (uint16_t)(fm < 1 ? 1 : fm);
            p = skip_spaces(p);
            if (*p && *p != '\n' && *p != '\r')
                return ba_error_set(err, BA_ERR_PARSE, "FEN: unexpected text after the move number");
        }
    }
    /* Validation. */
    for (int c = 0; c < 2; c++) {
        int kings = chs_popcount(b.piece[CHS_KING] & b.color[c]);
        if (kings != 1)
            return ba_error_set(err, BA_ERR_PARSE, "FEN: %s has %d kings, needs exactly 1",
                                c ? "black" : "white", kings);
        if (chs_popcount(b.color[c]) > 16)
            return ba_error_set(err, BA_ERR_PARSE, "FEN: %s has more than 16 pieces", c ? "black" : "white");
    }
    if (b.piece[CHS_PAWN] & 0xFF000000000000FFULL)
        return ba_error_set(err, BA_ERR_PARSE, "FEN: a pawn stands on the first or last rank");
    static const struct { int right, king, rook; uint8_t kcode, rcode; } homes[4] = {
        {CHS_WK, 4, 7, CHS_CODE(0, CHS_KING), CHS_CODE(0, CHS_ROOK)},
        {CHS_WQ, 4, 0, CHS_CODE(0, CHS_KING), CHS_CODE(0, CHS_ROOK)},
        {CHS_BK, 60, 63, CHS_CODE(1, CHS_KING), CHS_CODE(1, CHS_ROOK)},
        {CHS_BQ, 60, 56, CHS_CODE(1, CHS_KING), CHS_CODE(1, CHS_ROOK)},
    };
    for (int i = 0; i < 4; i++)
        if ((b.castling & homes[i].right) &&
            (b.sq[homes[i].king] != homes[i].kcode || b.sq[homes[i].rook] != homes[i].rcode))
            return ba_error_set(err, BA_ERR_PARSE, "FEN: castling right '%c' without king and rook on their squares",
                                "KQkq"[i]);
    if (b.ep != CHS_NO_EP) {
        /* The square just skipped: empty, with the pawn that moved in front of it. */
        int rank_ok = b.stm == CHS_WHITE ? (b.ep >> 3) == 5 : (b.ep >> 3) == 2;
        int pawn_sq = b.stm == CHS_WHITE ? b.ep - 8 : b.ep + 8;
        int from_sq = b.stm == CHS_WHITE ? b.ep + 8 : b.ep - 8;
        if (!rank_ok || b.sq[b.ep] || b.sq[from_sq] || b.sq[pawn_sq] != CHS_CODE(b.stm ^ 1, CHS_PAWN))
            return ba_error_set(err, BA_ERR_PARSE, "FEN: en-passant square %c%c does not follow a double pawn step",
                                'a' + (b.ep & 7), '1' + (b.ep >> 3));
    }
    {
        int k = chs_king_square(&b, b.stm ^ 1);
        if (chs_attackers(&b, k, b.color[0] | b.color[1], b.stm))
            return ba_error_set(err, BA_ERR_PARSE, "FEN: the side not to move is in check");
    }
    b.hash = chs_compute_hash(&b);
    chs_normalize_ep(&b);
    *out = b;
    return BA_OK;
}

int chs_to_fen(const chs_board *b, char *buf, size_t cap)
{
    char tmp[100];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            uint8_t code = b->sq[rank * 8 + file];
            if (!code) {
                empty++;
                continue;
            }
            if (empty)
                tmp[n++] = (char)('0' + empty);
            empty = 0;
            char c = piece_chars[CHS_TYPE(code)];
            tmp[n++] = CHS_COLOR(code) ? (char)(c + 32) : c;
        }
        if (empty)
            tmp[n++] = (char)('0' + empty);
        if (rank)
            tmp[n++] = '/';
    }
    tmp[n++] = ' ';
    tmp[n++] = b->stm ? 'b' : 'w';
    tmp[n++] = ' ';
    if (!b->castling)
        tmp[n++] = '-';
    for (int i = 0; i < 4; i++)
        if (b->castling & (1 << i))
            tmp[n++] = "KQkq"[i];
    tmp[n++] = ' ';
    if (b->ep == CHS_NO_EP) {
        tmp[n++] = '-';
    } else {
        tmp[n++] = (char)('a' + (b->ep & 7));
        tmp[n++] = (char)('1' + (b->ep >> 3));
    }
    int len = snprintf(tmp + n, sizeof tmp - n, " %u %u", (unsigned)b->halfmove, (unsigned)b->fullmove);
    if (len < 0)
        return BA_ERR_INTERNAL;
    n += (size_t)len;
    if (!buf || cap <= n)
        return BA_ERR_BUFFER;
    memcpy(buf, tmp, n);
    buf[n] = '\0';
    return (int)n;
}
