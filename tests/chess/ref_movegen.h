/* A slow, obviously-correct chess move generator used only by the tests, written
 * independently of games/chess: an 8x8 array of letters, pseudo-legal moves by stepping
 * through offsets with explicit bounds checks, and legality by playing the move on a copy and
 * scanning whether the mover's king is attacked. */
#ifndef BA_TEST_CHESS_REF_MOVEGEN_H
#define BA_TEST_CHESS_REF_MOVEGEN_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ref_pos {
    char sq[8][8]; /* [rank][file], '.' empty, "PNBRQK" white, "pnbrqk" black */
    int white;     /* 1: white to move */
    int castle[4]; /* K Q k q */
    int ep_file, ep_rank; /* -1 when none */
} ref_pos;

typedef struct ref_move {
    int fr, ff, tr, tf;
    char promo; /* 0 or lower-case letter */
} ref_move;

static int ref_from_fen(ref_pos *p, const char *fen)
{
    memset(p, 0, sizeof *p);
    int r = 7, f = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            p->sq[i][j] = '.';
    const char *c = fen;
    for (; *c && *c != ' '; c++) {
        if (*c == '/') { r--; f = 0; }
        else if (isdigit((unsigned char)*c)) f += *c - '0';
        else { if (r < 0 || f > 7) return -1; p->sq[r][f++] = *c; }
    }
    if (*c++ != ' ') return -1;
    p->white = *c == 'w';
    c += 2;
    for (; *c && *c != ' '; c++) {
        if (*c == 'K') p->castle[0] = 1;
        if (*c == 'Q') p->castle[1] = 1;
        if (*c == 'k') p->castle[2] = 1;
        if (*c == 'q') p->castle[3] = 1;
    }
    p->ep_file = p->ep_rank = -1;
    if (*c == ' ' && c[1] >= 'a' && c[1] <= 'h') {
        p->ep_file = c[1] - 'a';
        p->ep_rank = c[2] - '1';
    }
    return 0;
}

static int ref_on(int r, int f) { return r >= 0 && r < 8 && f >= 0 && f < 8; }
static int ref_is_white(char c) { return c >= 'A' && c <= 'Z'; }
static int ref_is_black(char c) { return c >= 'a' && c <= 'z'; }
static int ref_own(const ref_pos *p, char c) { return c != '.' && (p->white ? ref_is_white(c) : ref_is_black(c)); }
static int ref_enemy(const ref_pos *p, char c) { return c != '.' && (p->white ? ref_is_black(c) : ref_is_white(c)); }

/* Is square (r, f) attacked by a piece of the side given (white = 1)? */
static int ref_attacked(const ref_pos *p, int r, int f, int by_white)
{
    static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int kg[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    char P = by_white ? 'P' : 'p', N = by_white ? 'N' : 'n', B = by_white ? 'B' : 'b';
    char R = by_white ? 'R' : 'r', Q = by_white ? 'Q' : 'q', K = by_white ? 'K' : 'k';
    int pawn_dir = by_white ? -1 : 1; /* the attacking pawn stands one rank behind */
    for (int df = -1; df <= 1; df += 2)
        if (ref_on(r + pawn_dir, f + df) && p->sq[r + pawn_dir][f + df] == P) return 1;
    for (int i = 0; i < 8; i++) {
        if (ref_on(r + kn[i][0], f + kn[i][1]) && p->sq[r + kn[i][0]][f + kn[i][1]] == N) return 1;
        if (ref_on(r + kg[i][0], f + kg[i][1]) && p->sq[r + kg[i][0]][f + kg[i][1]] == K) return 1;
    }
    for (int i = 0; i < 8; i++) {
        int dr = kg[i][0], df = kg[i][1];
        int diag = dr != 0 && df != 0;
        for (int rr = r + dr, ff = f + df; ref_on(rr, ff); rr += dr, ff += df) {
            char c = p->sq[rr][ff];
            if (c == '.') continue;
            if (c == Q || (diag && c == B) || (!diag && c == R)) return 1;
            break;
        }
    }
    return 0;
}

static void ref_make(ref_pos *p, const ref_move *m)
{
    char pc = p->sq[m->fr][m->ff];
    int pawn = pc == 'P' || pc == 'p';
    /* en passant: a pawn moving diagonally onto an empty square takes the pawn beside it */
    if (pawn && m->ff != m->tf && p->sq[m->tr][m->tf] == '.')
        p->sq[m->fr][m->tf] = '.';
    /* castling: the king moves two files, the rook jumps over it */
    if ((pc == 'K' || pc == 'k') && abs(m->tf - m->ff) == 2) {
        int rook_from = m->tf > m->ff ? 7 : 0, rook_to = m->tf > m->ff ? 5 : 3;
        p->sq[m->fr][rook_to] = p->sq[m->fr][rook_from];
        p->sq[m->fr][rook_from] = '.';
    }
    p->sq[m->tr][m->tf] = pc;
    p->sq[m->fr][m->ff] = '.';
    if (m->promo) p->sq[m->tr][m->tf] = p->white ? (char)toupper(m->promo) : m->promo;
    /* rights: lost when the king or a rook leaves home, or a rook is taken at home */
    if (pc == 'K') p->castle[0] = p->castle[1] = 0;
    if (pc == 'k') p->castle[2] = p->castle[3] = 0;
    const int homes[4][2] = {{0, 7}, {0, 0}, {7, 7}, {7, 0}};
    for (int i = 0; i < 4; i++)
        if ((m->fr == homes[i][0] && m->ff == homes[i][1]) || (m->tr == homes[i][0] && m->tf == homes[i][1]))
            p->castle[i] = 0;
    p->ep_file = p->ep_rank = -1;
    if (pawn && abs(m->tr - m->fr) == 2) {
        p->ep_file = m->ff;
        p->ep_rank = (m->fr + m->tr) / 2;
    }
    p->white = !p->white;
}

static int ref_king_safe_after(const ref_pos *p, const ref_move *m)
{
    ref_pos q = *p;
    ref_make(&q, m);
    char K = p->white ? 'K' : 'k';
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (q.sq[r][f] == K) return !ref_attacked(&q, r, f, !p->white);
    return 0;
}

static int ref_add(const ref_pos *p, ref_move *out, int n, int fr, int ff, int tr, int tf, char promo)
{
    ref_move m = {fr, ff, tr, tf, promo};
    if (ref_king_safe_after(p, &m)) out[n++] = m;
    return n;
}

/* All legal moves of @p p into @p out (room for 256). */
static int ref_generate(const ref_pos *p, ref_move *out)
{
    static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int kg[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            char c = p->sq[r][f];
            if (!ref_own(p, c)) continue;
            char t = (char)tolower(c);
            if (t == 'p') {
                int dir = p->white ? 1 : -1, start = p->white ? 1 : 6, last = p->white ? 7 : 0;
                const char promos[] = "qrbn";
                if (ref_on(r + dir, f) && p->sq[r + dir][f] == '.') {
                    if (r + dir == last)
                        for (int i = 0; i < 4; i++) n = ref_add(p, out, n, r, f, r + dir, f, promos[i]);
                    else
                        n = ref_add(p, out, n, r, f, r + dir, f, 0);
                    if (r == start && p->sq[r + 2 * dir][f] == '.') n = ref_add(p, out, n, r, f, r + 2 * dir, f, 0);
                }
                for (int df = -1; df <= 1; df += 2) {
                    if (!ref_on(r + dir, f + df)) continue;
                    int cap = ref_enemy(p, p->sq[r + dir][f + df]);
                    int ep = p->ep_rank == r + dir && p->ep_file == f + df;
                    if (!cap && !ep) continue;
                    if (r + dir == last)
                        for (int i = 0; i < 4; i++) n = ref_add(p, out, n, r, f, r + dir, f + df, promos[i]);
                    else
                        n = ref_add(p, out, n, r, f, r + dir, f + df, 0);
                }
            } else if (t == 'n' || t == 'k') {
                const int(*d)[2] = t == 'n' ? kn : kg;
                for (int i = 0; i < 8; i++) {
                    int rr = r + d[i][0], ff = f + d[i][1];
                    if (ref_on(rr, ff) && !ref_own(p, p->sq[rr][ff])) n = ref_add(p, out, n, r, f, rr, ff, 0);
                }
            } else {
                for (int i = 0; i < 8; i++) {
                    int dr = kg[i][0], df = kg[i][1], diag = dr && df;
                    if ((t == 'b' && !diag) || (t == 'r' && diag)) continue;
                    for (int rr = r + dr, ff = f + df; ref_on(rr, ff); rr += dr, ff += df) {
                        if (ref_own(p, p->sq[rr][ff])) break;
                        n = ref_add(p, out, n, r, f, rr, ff, 0);
                        if (p->sq[rr][ff] != '.') break;
                    }
                }
            }
        }
    /* Castling: right, king and rook at home, empty squares between, king not in check and
     * not crossing or landing on an attacked square. */
    int home = p->white ? 0 : 7;
    char K = p->white ? 'K' : 'k', R = p->white ? 'R' : 'r';
    int ki = p->white ? 0 : 2;
    if (p->sq[home][4] == K && !ref_attacked(p, home, 4, !p->white)) {
        if (p->castle[ki] && p->sq[home][7] == R && p->sq[home][5] == '.' && p->sq[home][6] == '.' &&
            !ref_attacked(p, home, 5, !p->white) && !ref_attacked(p, home, 6, !p->white))
            n = ref_add(p, out, n, home, 4, home, 6, 0);
        if (p->castle[ki + 1] && p->sq[home][0] == R && p->sq[home][1] == '.' && p->sq[home][2] == '.' &&
            p->sq[home][3] == '.' && !ref_attacked(p, home, 3, !p->white) && !ref_attacked(p, home, 2, !p->white))
            n = ref_add(p, out, n, home, 4, home, 2, 0);
    }
    return n;
}

static void ref_move_text(const ref_move *m, char *buf)
{
    buf[0] = (char)('a' + m->ff);
    buf[1] = (char)('1' + m->fr);
    buf[2] = (char)('a' + m->tf);
    buf[3] = (char)('1' + m->tr);
    buf[4] = m->promo;
    buf[5] = '\0';
}

static unsigned long long ref_perft(const ref_pos *p, int depth)
{
    if (depth == 0) return 1;
    ref_move moves[256];
    int n = ref_generate(p, moves);
    if (depth == 1) return (unsigned long long)n;
    unsigned long long total = 0;
    for (int i = 0; i < n; i++) {
        ref_pos q = *p;
        ref_make(&q, &moves[i]);
        total += ref_perft(&q, depth - 1);
    }
    return total;
}

#endif
