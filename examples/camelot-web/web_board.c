/* examples/camelot-web/web_board.c: position text and move text <-> squares (see web_board.h). */
#include "web_board.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* First and last file of each rank (the cut corners and the castles), ranks 1..16. */
static const int RANK_FIRST[WEB_RANKS] = {5, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 5};
static const int RANK_LAST[WEB_RANKS] = {6, 9, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 10, 9, 6};

int web_on_board(int file, int rank)
{
    return rank >= 0 && rank < WEB_RANKS && file >= RANK_FIRST[rank] && file <= RANK_LAST[rank];
}

/* Reads a non-negative decimal field into *out; returns the end or NULL. */
static const char *read_number(const char *p, int *out)
{
    if (!isdigit((unsigned char)*p))
        return NULL;
    long v = 0;
    while (isdigit((unsigned char)*p) && v < 1000000)
        v = v * 10 + (*p++ - '0');
    *out = (int)v;
    return p;
}

int web_board_parse(const char *text, web_board *out)
{
    memset(out, 0, sizeof *out);
    const char *p = text;
    for (int rank = WEB_RANKS - 1; rank >= 0; rank--) {
        int file = RANK_FIRST[rank];
        while (*p && *p != '/' && *p != ' ') {
            if (isdigit((unsigned char)*p)) {
                int run = 0;
                p = read_number(p, &run);
                if (!p || run < 1 || file + run - 1 > RANK_LAST[rank])
                    return -1;
                for (int i = 0; i < run; i++)
                    out->cell[rank][file++] = '.';
            } else if (strchr("MKmk", *p) && file <= RANK_LAST[rank]) {
                out->cell[rank][file++] = *p++;
            } else {
                return -1;
            }
        }
        if (file != RANK_LAST[rank] + 1)
            return -1;
        if (rank > 0) {
            if (*p != '/')
                return -1;
            p++;
        }
    }
    if (*p++ != ' ' || (*p != 'w' && *p != 'b'))
        return -1;
    out->side = *p++ == 'b';
    if (*p++ != ' ' || !(p = read_number(p, &out->castle_moves[0])))
        return -1;
    if (*p++ != ' ' || !(p = read_number(p, &out->castle_moves[1])))
        return -1;
    if (*p++ != ' ')
        return -1;
    size_t n = strcspn(p, " ");
    if (n == 0 || n >= sizeof out->must_leave)
        return -1;
    memcpy(out->must_leave, p, n);
    p += n;
    if (*p++ != ' ' || !(p = read_number(p, &out->quiet_plies)))
        return -1;
    return 0;
}

int web_square_parse(const char *name, web_square *out)
{
    int c = toupper((unsigned char)name[0]);
    if (c < 'A' || c > 'L' || !isdigit((unsigned char)name[1]))
        return -1;
    int rank = name[1] - '0';
    if (isdigit((unsigned char)name[2])) {
        rank = rank * 10 + (name[2] - '0');
        if (name[3] != '\0')
            return -1;
    } else if (name[2] != '\0') {
        return -1;
    }
    if (name[1] == '0' || !web_on_board(c - 'A', rank - 1))
        return -1;
    out->file = c - 'A';
    out->rank = rank - 1;
    return 0;
}

void web_square_name(web_square sq, char *buf)
{
    /* file 0..11 and rank 0..15 by contract; the masks only tell the compiler so */
    unsigned file = (unsigned)sq.file % WEB_FILES, rank = (unsigned)sq.rank % WEB_RANKS + 1;
    buf[0] = (char)('A' + file);
    buf[1] = (char)(rank >= 10 ? '1' : '0' + rank);
    buf[2] = rank >= 10 ? (char)('0' + rank - 10) : '\0';
    buf[3] = '\0';
}

int web_path_from_text(const char *text, web_path *out)
{
    memset(out, 0, sizeof *out);
    const char *p = text;
    char sep = 0;
    for (;;) {
        char name[4];
        size_t n = 0;
        while (p[n] && p[n] != '-' && p[n] != 'x' && p[n] != 'X' && n < 3) {
            name[n] = p[n];
            n++;
        }
        name[n] = '\0';
        if (out->len >= WEB_PATH_MAX || web_square_parse(name, &out->sq[out->len]) != 0)
            return -1;
        out->sep[out->len++] = sep;
        p += n;
        if (*p == '\0')
            break;
        sep = (*p == '-') ? '-' : 'x';
        if (*p != '-' && *p != 'x' && *p != 'X')
            return -1;
        p++;
    }
    return out->len >= 2 ? 0 : -1;
}

/* The colour of a piece letter: 0 White, 1 Black, -1 none. */
static int colour(char c)
{
    return (c == 'M' || c == 'K') ? 0 : (c == 'm' || c == 'k') ? 1 : -1;
}

int web_path_to_text(const web_board *board, const web_square *sq, int len, char *buf,
                     size_t cap)
{
    if (len < 1 || cap < 1)
        return -1;
    size_t used = 0;
    int mover = -1;
    for (int i = 0; i < len; i++) {
        if (!web_on_board(sq[i].file, sq[i].rank))
            return -1;
        if (i == 0)
            mover = colour(board->cell[sq[0].rank][sq[0].file]);
        char sep = '-';
        if (i > 0 && abs(sq[i].file - sq[i - 1].file) % 2 == 0 &&
            abs(sq[i].rank - sq[i - 1].rank) % 2 == 0 &&
            (sq[i].file != sq[i - 1].file || sq[i].rank != sq[i - 1].rank)) {
            int mf = (sq[i].file + sq[i - 1].file) / 2, mr = (sq[i].rank + sq[i - 1].rank) / 2;
            int c = web_on_board(mf, mr) ? colour(board->cell[mr][mf]) : -1;
            if (mover >= 0 && c >= 0 && c != mover)
                sep = 'x';
        }
        char name[4];
        web_square_name(sq[i], name);
        int n = snprintf(buf + used, cap - used, "%s%s", i > 0 ? (sep == 'x' ? "x" : "-") : "",
                         name);
        if (n < 0 || (size_t)n >= cap - used)
            return -1;
        used += (size_t)n;
    }
    return 0;
}
