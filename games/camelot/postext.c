/*
 * Camelot position text. Six fields separated by single spaces:
 *
 *   <board> <side> <white castle moves> <black castle moves> <must leave> <quiet plies>
 *
 * board: the ranks from 16 down to 1 separated by '/', each listing only the squares that exist
 *   on that rank (2, 8, 10 or 12), left to right: M/K a white man/knight, m/k a black one, a
 *   number 1-12 a run of empty squares (FEN style).
 * side: w or b, the side to move.
 * castle moves: castle moves used so far by White, then by Black.
 * must leave: '-' or the castle square(s) (comma-separated) holding a piece that must leave its
 *   own castle on its side's next turn.
 * quiet plies: plies since the last capture or castle entry (the 50-move rule).
 *
 * Start: 2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 - 0
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/board.h"
#include "camelot/params.h"
#include "camelot/postext.h"
#include "camelot/zobrist.h"

/* The board squares of rank r (0-based): first and count. */
static int cam_rank_first(int r) { return cam_coord_sq[r][r == 0 || r == 15 ? 5 : r == 1 || r == 14 ? 2 : r == 2 || r == 13 ? 1 : 0]; }
static int cam_rank_len(int r) { return r == 0 || r == 15 ? 2 : r == 1 || r == 14 ? 8 : r == 2 || r == 13 ? 10 : 12; }

static char cam_piece_char(uint8_t p)
{
    switch (p) {
    case CAM_WHITE_MAN: return 'M';
    case CAM_WHITE_KNIGHT: return 'K';
    case CAM_BLACK_MAN: return 'm';
    case CAM_BLACK_KNIGHT: return 'k';
    default: return '.';
    }
}

int cam_position_to_text(const cam_state *s, char *buf, size_t cap)
{
    char tmp[BA_POS_TEXT_MAX];
    size_t pos = 0;
    for (int r = CAM_RANKS - 1; r >= 0; r--) {
        int first = cam_rank_first(r), len = cam_rank_len(r), empty = 0;
        for (int i = 0; i < len; i++) {
            uint8_t p = s->board[first + i];
            if (p == CAM_EMPTY) {
                empty++;
                continue;
            }
            if (empty) pos += (size_t)snprintf(tmp + pos, sizeof tmp - pos, "%d", empty);
            empty = 0;
            tmp[pos++] = cam_piece_char(p);
        }
        if (empty) pos += (size_t)snprintf(tmp + pos, sizeof tmp - pos, "%d", empty);
        if (r > 0) tmp[pos++] = '/';
    }
    pos += (size_t)snprintf(tmp + pos, sizeof tmp - pos, " %c %d %d ", s->side_to_move ? 'b' : 'w',
                            s->castle_moves[0], s->castle_moves[1]);
    int any = 0;
    for (int side = 0; side < 2; side++) {
        if (s->must_leave[side] == CAM_NO_SQUARE) continue;
        if (any) tmp[pos++] = ',';
        int n = cam_square_to_text(s->must_leave[side], tmp + pos, sizeof tmp - pos);
        if (n < 0) return BA_ERR_INTERNAL;
        pos += (size_t)n;
        any = 1;
    }
    if (!any) tmp[pos++] = '-';
    pos += (size_t)snprintf(tmp + pos, sizeof tmp - pos, " %d", s->quiet_plies);
    if (buf == NULL || pos + 1 > cap) return BA_ERR_BUFFER;
    memcpy(buf, tmp, pos);
    buf[pos] = '\0';
    return (int)pos;
}

/* Reads a non-negative decimal number up to `max` at *p (advancing it). */
static int cam_read_number(const char **p, long max, long *out)
{
    const char *q = *p;
    if (!isdigit((unsigned char)*q)) return 0;
    long v = 0;
    while (isdigit((unsigned char)*q)) {
        v = v * 10 + (*q - '0');
        if (v > max) return 0;
        q++;
    }
    *p = q;
    *out = v;
    return 1;
}

static int cam_expect_space(const char **p, const char *what, ba_error *err)
{
    if (**p != ' ')
        return ba_error_set(err, BA_ERR_PARSE, "position text: expected a space before the %s field", what);
    while (**p == ' ') (*p)++;
    if (**p == '\0') return ba_error_set(err, BA_ERR_PARSE, "position text: the %s field is missing", what);
    return BA_OK;
}

int cam_position_from_text(const ba_game *g, cam_state *out, const char *text, ba_error *err)
{
    if (text == NULL || out == NULL) return ba_error_set(err, BA_ERR_ARG, "no position text");
    cam_state s;
    memset(&s, 0, sizeof s);
    const char *p = text;
    while (*p == ' ') p++;
    for (int r = CAM_RANKS - 1; r >= 0; r--) {
        int first = cam_rank_first(r), len = cam_rank_len(r), filled = 0;
        while (*p != '/' && *p != ' ' && *p != '\0') {
            if (isdigit((unsigned char)*p)) {
                long n = 0;
                if (!cam_read_number(&p, 99, &n) || n == 0)
                    return ba_error_set(err, BA_ERR_PARSE, "position text: bad empty-square count on rank %d", r + 1);
                filled += (int)n;
                if (filled > len)
                    return ba_error_set(err, BA_ERR_PARSE, "position text: rank %d describes more than its %d squares",
                                        r + 1, len);
                continue;
            }
            uint8_t piece;
            switch (*p) {
            case 'M': piece = CAM_WHITE_MAN; break;
            case 'K': piece = CAM_WHITE_KNIGHT; break;
            case 'm': piece = CAM_BLACK_MAN; break;
            case 'k': piece = CAM_BLACK_KNIGHT; break;
            default:
                return ba_error_set(err, BA_ERR_PARSE,
                                    "position text: unexpected '%c' on rank %d (pieces are M K m k, digits count empty squares)",
                                    *p, r + 1);
            }
            if (filled >= len)
                return ba_error_set(err, BA_ERR_PARSE, "position text: rank %d describes more than its %d squares", r + 1, len);
            s.board[first + filled++] = piece;
            p++;
        }
        if (filled != len)
            return ba_error_set(err, BA_ERR_PARSE, "position text: rank %d describes %d squares, it has %d", r + 1, filled, len);
        if (r > 0) {
            if (*p != '/')
                return ba_error_set(err, BA_ERR_PARSE, "position text: the board needs 16 ranks separated by '/', found %d",
                                    CAM_RANKS - r);
            p++;
        }
    }
    if (*p == '/') return ba_error_set(err, BA_ERR_PARSE, "position text: the board has more than 16 ranks");
    int rc = cam_expect_space(&p, "side to move", err);
    if (rc != BA_OK) return rc;
    if (*p == 'w' || *p == 'W')
        s.side_to_move = 0;
    else if (*p == 'b' || *p == 'B')
        s.side_to_move = 1;
    else
        return ba_error_set(err, BA_ERR_PARSE, "position text: side to move must be 'w' or 'b', not '%c'", *p);
    p++;
    int limit = cam_options(g)->castle_moves_per_player;
    for (int side = 0; side < 2; side++) {
        const char *what = side == 0 ? "White castle moves" : "Black castle moves";
        rc = cam_expect_space(&p, what, err);
        if (rc != BA_OK) return rc;
        long v = 0;
        if (!cam_read_number(&p, 255, &v))
            return ba_error_set(err, BA_ERR_PARSE, "position text: the %s field must be a number 0-%d", what, limit);
        if (v > limit)
            return ba_error_set(err, BA_ERR_RANGE, "position text: %s used %ld castle moves; at most %d are allowed",
                                side == 0 ? "White" : "Black", v, limit);
        s.castle_moves[side] = (uint8_t)v;
    }
    rc = cam_expect_space(&p, "must-leave", err);
    if (rc != BA_OK) return rc;
    s.must_leave[0] = s.must_leave[1] = CAM_NO_SQUARE;
    if (*p == '-') {
        p++;
    } else {
        for (;;) {
            int sq;
            rc = cam_square_from_text(p, &sq, &p, err);
            if (rc != BA_OK) return rc;
            char a[4];
            (void)cam_square_to_text(sq, a, sizeof a);
            int owner = cam_castle_owner(sq);
            if (owner < 0)
                return ba_error_set(err, BA_ERR_PARSE, "position text: must-leave square %s is not a castle square", a);
            if (!cam_is_own(s.board[sq], owner))
                return ba_error_set(err, BA_ERR_PARSE, "position text: must-leave square %s holds no piece of the castle's owner", a);
            if (s.must_leave[owner] != CAM_NO_SQUARE)
                return ba_error_set(err, BA_ERR_PARSE, "position text: two must-leave squares for %s", owner ? "Black" : "White");
            s.must_leave[owner] = (uint8_t)sq;
            if (*p != ',') break;
            p++;
        }
    }
    rc = cam_expect_space(&p, "quiet plies", err);
    if (rc != BA_OK) return rc;
    long q = 0;
    if (!cam_read_number(&p, 65535, &q))
        return ba_error_set(err, BA_ERR_PARSE, "position text: quiet plies must be a number 0-65535");
    s.quiet_plies = (uint16_t)q;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') p++;
    if (*p != '\0') return ba_error_set(err, BA_ERR_PARSE, "position text: unexpected text after the last field: '%.20s'", p);
    cam_state_finish(&s);
    for (int side = 0; side < 2; side++)
        if (s.piece_count[side] > 14)
            return ba_error_set(err, BA_ERR_RANGE, "position text: %s has %d pieces; a side has at most 14",
                                side ? "Black" : "White", s.piece_count[side]);
    *out = s;
    ba_error_clear(err);
    return BA_OK;
}
