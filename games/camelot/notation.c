/*
 * Camelot move notation (WCF): the start square and every landing, '-' before the landing of a
 * plain move, canter or castle move, 'x' before the landing of a jump: D6-F8, F6xD8xD10,
 * J11-H9-F11-D9xB11, F1-G1. Output is upper case and spells every canter; input may be lower case
 * and may compress a straight run of canters (J11-F11 for J11-H11-F11).
 *
 * Parsing replays the written path on the board (so that a wrong path is reported precisely),
 * then looks up the legal move with the same identity (start, end, captured set) and returns
 * its canonical encoding; when there is none it says which rule the move breaks.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/apply.h"
#include "camelot/board.h"
#include "camelot/castle.h"
#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "camelot/params.h"

int cam_move_to_text(const cam_state *s, const ba_move *m, char *buf, size_t cap)
{
    cam_move_info info;
    if (buf == NULL || cap == 0) return BA_ERR_BUFFER;
    if (cam_move_decode(s, m, &info) != BA_OK) return BA_ERR_ARG;
    size_t pos = 0;
    char sqt[4];
    int side = s->side_to_move;
    for (int i = 0; i < m->len; i++) {
        int n = cam_square_to_text(m->bytes[i], sqt, sizeof sqt);
        if (n < 0) return n;
        if (i > 0) {
            char sep = '-';
            if (m->tag != CAM_MOVE_PLAIN && m->tag != CAM_MOVE_CASTLE) {
                int a = m->bytes[i - 1], b = m->bytes[i];
                for (int d = 0; d < CAM_DIRS; d++)
                    if (cam_leap[a][d] == b) {
                        if (cam_is_enemy(s->board[cam_step[a][d]], side)) sep = 'x';
                        break;
                    }
            }
            if (pos + 1 >= cap) return BA_ERR_BUFFER;
            buf[pos++] = sep;
        }
        if (pos + (size_t)n >= cap) return BA_ERR_BUFFER;
        memcpy(buf + pos, sqt, (size_t)n);
        pos += (size_t)n;
    }
    buf[pos] = '\0';
    return (int)pos;
}

/* The move as written, replayed on the board. */
typedef struct cam_written {
    uint8_t path[CAM_PATH_MAX];
    int len;
    int canters, jumps, plain;
    cam_sqset captured;
    int kind;
} cam_written;

static const char *cam_sqname(int sq, char *buf)
{
    (void)cam_square_to_text(sq, buf, 4);
    return buf;
}

static int cam_sqset_equal(const cam_sqset *a, const cam_sqset *b)
{
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2];
}

static const char *cam_side_name(int side) { return side == 0 ? "White" : "Black"; }

/* Parses and replays the text; fills w. Errors: BA_ERR_PARSE for malformed text, BA_ERR_ILLEGAL
 * for a path that cannot be made on this board. */
static int cam_parse_path(const cam_state *s, const char *text, cam_written *w, ba_error *err)
{
    char a[4], b[4], c[4];
    memset(w, 0, sizeof *w);
    const char *p = text;
    while (isspace((unsigned char)*p)) p++;
    if (*p == '\0') return ba_error_set(err, BA_ERR_PARSE, "empty move: write e.g. D6-F8 or F6xD8");
    int from;
    int rc = cam_square_from_text(p, &from, &p, err);
    if (rc != BA_OK) return rc;
    int side = s->side_to_move;
    uint8_t work[CAM_SQUARES];
    memcpy(work, s->board, CAM_SQUARES);
    if (work[from] == CAM_EMPTY)
        return ba_error_set(err, BA_ERR_ILLEGAL, "there is no piece on %s", cam_sqname(from, a));
    if (!cam_is_own(work[from], side))
        return ba_error_set(err, BA_ERR_ILLEGAL, "the piece on %s is %s's, and %s is to move", cam_sqname(from, a),
                            cam_side_name(1 - side), cam_side_name(side));
    uint8_t piece = work[from];
    work[from] = CAM_EMPTY;
    w->path[0] = (uint8_t)from;
    w->len = 1;
    int cur = from;
    for (;;) {
        while (isspace((unsigned char)*p)) p++;
        if (*p == '\0') break;
        char sep = *p;
        if (sep != '-' && sep != 'x' && sep != 'X')
            return ba_error_set(err, BA_ERR_PARSE, "unexpected '%c' after %s: expected '-' (move, canter) or 'x' (jump)",
                                sep, cam_sqname(cur, a));
        p++;
        int to;
        rc = cam_square_from_text(p, &to, &p, err);
        if (rc != BA_OK) return rc;
        int df = cam_sq_file[to] - cam_sq_file[cur], dr = cam_sq_rank[to] - cam_sq_rank[cur];
        int adf = abs(df), adr = abs(dr);
        int straight = (df == 0 || dr == 0 || adf == adr) && (df != 0 || dr != 0);
        int dist = adf > adr ? adf : adr;
        if (sep == '-' && dist == 1) {
            if (w->len != 1 || (*p != '\0' && !isspace((unsigned char)*p)))
                return ba_error_set(err, BA_ERR_ILLEGAL, "a plain move (%s-%s) is a whole move: nothing may come before or after it",
                                    cam_sqname(cur, a), cam_sqname(to, b));
            if (work[to] != CAM_EMPTY)
                return ba_error_set(err, BA_ERR_ILLEGAL, "%s is occupied", cam_sqname(to, a));
            w->plain = 1;
            w->path[w->len++] = (uint8_t)to;
            cur = to;
            continue;
        }
        if (!straight || dist % 2 != 0 || dist == 0)
            return ba_error_set(err, BA_ERR_ILLEGAL, "%s%c%s is neither a step nor a leap in a straight line", cam_sqname(cur, a),
                                sep, cam_sqname(to, b));
        if (sep != '-' && dist != 2)
            return ba_error_set(err, BA_ERR_ILLEGAL, "%sx%s: a jump lands two squares away (write each jump of a chain)",
                                cam_sqname(cur, a), cam_sqname(to, b));
        int sf = df / dist, sr = dr / dist;
        for (int k = 0; k < dist / 2; k++) { /* one leap at a time (compressed canters) */
            int mid = cam_square_at(cam_sq_file[cur] + sf, cam_sq_rank[cur] + sr);
            int land = cam_square_at(cam_sq_file[cur] + 2 * sf, cam_sq_rank[cur] + 2 * sr);
            if (mid == CAM_NO_SQUARE || land == CAM_NO_SQUARE)
                return ba_error_set(err, BA_ERR_ILLEGAL, "the leap from %s leaves the board", cam_sqname(cur, a));
            if (w->len >= CAM_PATH_MAX)
                return ba_error_set(err, BA_ERR_PARSE, "the move is too long (more than %d squares)", CAM_PATH_MAX);
            if (sep == '-') {
                if (!cam_is_own(work[mid], side)) {
                    if (cam_is_enemy(work[mid], side))
                        return ba_error_set(err, BA_ERR_PARSE, "%s holds an enemy piece: a jump over it is written %sx%s",
                                            cam_sqname(mid, a), cam_sqname(cur, b), cam_sqname(land, c));
                    return ba_error_set(err, BA_ERR_ILLEGAL, "no friendly piece on %s to canter over", cam_sqname(mid, a));
                }
                if (w->jumps > 0)
                    return ba_error_set(err, BA_ERR_ILLEGAL, "a canter (%s-%s) may not follow a jump", cam_sqname(cur, a),
                                        cam_sqname(land, b));
                w->canters++;
            } else {
                if (!cam_is_enemy(work[mid], side)) {
                    if (cam_is_own(work[mid], side))
                        return ba_error_set(err, BA_ERR_PARSE, "%s holds a friendly piece: a canter over it is written %s-%s",
                                            cam_sqname(mid, a), cam_sqname(cur, b), cam_sqname(land, c));
                    return ba_error_set(err, BA_ERR_ILLEGAL, "no enemy piece on %s to jump", cam_sqname(mid, a));
                }
                work[mid] = CAM_EMPTY;
                cam_sqset_add(&w->captured, mid);
                w->jumps++;
            }
            if (work[land] != CAM_EMPTY)
                return ba_error_set(err, BA_ERR_ILLEGAL, "%s is occupied", cam_sqname(land, a));
            w->path[w->len++] = (uint8_t)land;
            cur = land;
        }
    }
    if (w->len < 2)
        return ba_error_set(err, BA_ERR_PARSE, "'%s' has no landing square: write e.g. D6-F8 or F6xD8", cam_sqname(from, a));
    if (w->plain)
        w->kind = (cam_is_opp_castle(from, side) && cam_is_opp_castle(cur, side)) ? CAM_MOVE_CASTLE : CAM_MOVE_PLAIN;
    else if (w->jumps == 0)
        w->kind = CAM_MOVE_CANTER;
    else
        w->kind = w->canters ? CAM_MOVE_CHARGE : CAM_MOVE_JUMP;
    (void)piece;
    return BA_OK;
}

/* Why a well-formed, physically possible path is not a legal move (the first rule it breaks). */
static int cam_explain_illegal(const ba_game *g, const cam_state *s, const cam_written *w, ba_error *err)
{
    char a[4], b[4];
    int side = s->side_to_move;
    int from = w->path[0], to = w->path[w->len - 1];
    uint8_t piece = s->board[from];
    int obliged = cam_obliged_piece(s);
    int obliged_has_moves = obliged != CAM_NO_SQUARE && cam_piece_has_move(g, s, obliged);
    if (obliged_has_moves && from != obliged)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the piece on %s must leave its own castle this turn", cam_sqname(obliged, a));
    if (obliged_has_moves && w->jumps == 0 && cam_piece_can_jump(s, obliged))
        return ba_error_set(err, BA_ERR_ILLEGAL, "the piece on %s must jump out of its castle, since it can",
                            cam_sqname(obliged, a));
    if (cam_is_opp_castle(from, side) && w->kind != CAM_MOVE_CASTLE)
        return ba_error_set(err, BA_ERR_ILLEGAL, "a piece in the opponent's castle (%s) never leaves it", cam_sqname(from, a));
    for (int i = 1; i < w->len; i++) {
        int sq = w->path[i];
        if (cam_is_own_castle(sq, side) && (w->plain || i <= w->canters))
            return ba_error_set(err, BA_ERR_ILLEGAL, "no plain move or canter may enter one's own castle (%s): only a jump",
                                cam_sqname(sq, a));
        if (cam_is_opp_castle(sq, side) && i < w->len - 1 && !cam_is_opp_castle(from, side))
            return ba_error_set(err, BA_ERR_ILLEGAL, "entering the opponent's castle at %s ends the move there",
                                cam_sqname(sq, a));
    }
    if (w->kind == CAM_MOVE_CANTER && to == from)
        return ba_error_set(err, BA_ERR_ILLEGAL, "a move may not end on its start square %s", cam_sqname(from, a));
    if (w->jumps > 0 && w->canters > 0 && CAM_PIECE_KIND(piece) != CAM_KNIGHT)
        return ba_error_set(err, BA_ERR_ILLEGAL, "a man may not canter and then jump (only a knight's Charge does)");
    if (w->kind == CAM_MOVE_CASTLE) {
        int used = s->castle_moves[side], limit = cam_options(g)->castle_moves_per_player;
        if (used >= limit)
            return ba_error_set(err, BA_ERR_ILLEGAL, "%s has used its %d castle move%s", cam_side_name(side), limit,
                                limit == 1 ? "" : "s");
    }
    if (w->jumps == 0 && cam_side_can_jump(s, side))
        return ba_error_set(err, BA_ERR_ILLEGAL, "a capture is compulsory: %s can jump", cam_side_name(side));
    if (w->jumps > 0 && !cam_is_opp_castle(to, side)) {
        uint8_t work[CAM_SQUARES];
        memcpy(work, s->board, CAM_SQUARES);
        work[from] = CAM_EMPTY;
        for (int sq = 0; sq < CAM_SQUARES; sq++)
            if (cam_sqset_has(&w->captured, sq)) work[sq] = CAM_EMPTY;
        if (cam_jump_from(work, side, to, CAM_NO_SQUARE))
            return ba_error_set(err, BA_ERR_ILLEGAL, "the jump chain must go on from %s: a further jump is available",
                                cam_sqname(to, a));
    }
    if (w->kind == CAM_MOVE_CANTER && CAM_PIECE_KIND(piece) == CAM_KNIGHT && cam_options(g)->knight_canter_rule) {
        for (int i = 1; i < w->len; i++)
            if (cam_jump_from(s->board, side, w->path[i], from))
                return ba_error_set(err, BA_ERR_ILLEGAL,
                                    "a knight may not canter onto %s without capturing: it could jump from there",
                                    cam_sqname(w->path[i], a));
    }
    return ba_error_set(err, BA_ERR_ILLEGAL, "%s-...%s is not a legal move here", cam_sqname(from, a), cam_sqname(to, b));
}

int cam_move_from_text(const ba_game *g, const cam_state *s, const char *text, ba_move *out, ba_error *err)
{
    if (text == NULL || out == NULL) return ba_error_set(err, BA_ERR_ARG, "no move text");
    cam_written w;
    int rc = cam_parse_path(s, text, &w, err);
    if (rc != BA_OK) return rc;
    /* The legal moves of the written piece: usually few, so a small buffer on the stack, and
     * the heap only for a piece with very many captures. */
    ba_move local[128];
    ba_move *legal = local;
    int n = cam_generate_from(g, s, w.path[0], legal, sizeof local / sizeof local[0]);
    if (n == BA_ERR_BUFFER) {
        size_t cap = g != NULL && g->max_moves > 0 ? g->max_moves : 1024;
        legal = malloc(cap * sizeof *legal);
        if (legal == NULL) return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
        n = cam_generate_from(g, s, w.path[0], legal, cap);
    }
    if (n < 0) {
        if (legal != local) free(legal);
        return ba_error_set(err, n, "could not list the legal moves (%s)", ba_errstr(n));
    }
    int from = w.path[0], to = w.path[w.len - 1];
    for (int i = 0; i < n; i++) {
        const ba_move *m = &legal[i];
        if (m->bytes[0] != from || m->bytes[m->len - 1] != to) continue;
        cam_move_info info;
        if (cam_move_decode(s, m, &info) != BA_OK) continue;
        if ((info.captures > 0) != (w.jumps > 0)) continue;
        if ((m->tag == CAM_MOVE_PLAIN || m->tag == CAM_MOVE_CASTLE) != (w.plain != 0)) continue;
        cam_sqset caps;
        memset(&caps, 0, sizeof caps);
        for (int k = 0; k < info.captures; k++) cam_sqset_add(&caps, info.captured[k]);
        if (!cam_sqset_equal(&caps, &w.captured)) continue;
        *out = *m;
        if (legal != local) free(legal);
        ba_error_clear(err);
        return BA_OK;
    }
    rc = cam_explain_illegal(g, s, &w, err);
    if (legal != local) free(legal);
    return rc;
}
