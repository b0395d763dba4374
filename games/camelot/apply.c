/* Camelot: decoding a move's path and applying it (copy-make, hash kept incrementally). */
#include <string.h>

#include "camelot/apply.h"
#include "camelot/zobrist.h"

int cam_move_decode(const cam_state *s, const ba_move *m, cam_move_info *out)
{
    memset(out, 0, sizeof *out);
    if (m == NULL || m->len < 2 || m->len > BA_MOVE_MAX_BYTES) return BA_ERR_ARG;
    int side = s->side_to_move;
    int from = m->bytes[0];
    if (from >= CAM_SQUARES || !cam_is_own(s->board[from], side)) return BA_ERR_ARG;
    out->kind = m->tag;
    out->from = from;
    out->to = m->bytes[m->len - 1];
    out->landings = m->len - 1;
    if (m->tag == CAM_MOVE_PLAIN || m->tag == CAM_MOVE_CASTLE) {
        if (m->len != 2 || out->to >= CAM_SQUARES || !cam_adjacent_squares(from, out->to)) return BA_ERR_ARG;
    } else if (m->tag == CAM_MOVE_CANTER || m->tag == CAM_MOVE_JUMP || m->tag == CAM_MOVE_CHARGE) {
        for (int i = 1; i < m->len; i++) {
            int a = m->bytes[i - 1], b = m->bytes[i];
            if (b >= CAM_SQUARES) return BA_ERR_ARG;
            int mid = cam_middle_square(a, b);
            if (mid == CAM_NO_SQUARE) return BA_ERR_ARG;
            if (cam_is_enemy(s->board[mid], side)) {
                if (out->captures >= (int)sizeof out->captured) return BA_ERR_ARG;
                out->captured[out->captures++] = (uint8_t)mid;
            } else {
                if (out->captures > 0) return BA_ERR_ARG; /* never a canter after a jump */
                out->canters++;
            }
        }
        if ((m->tag == CAM_MOVE_CANTER) != (out->captures == 0)) return BA_ERR_ARG;
        if (m->tag == CAM_MOVE_JUMP && out->canters > 0) return BA_ERR_ARG;
        if (m->tag == CAM_MOVE_CHARGE && out->canters == 0) return BA_ERR_ARG;
    } else {
        return BA_ERR_ARG;
    }
    out->enters_opp_castle = cam_is_opp_castle(out->to, side) && !cam_is_opp_castle(from, side);
    out->leaves_own_castle = cam_is_own_castle(from, side) && !cam_is_own_castle(out->to, side);
    out->ends_in_own_castle = cam_is_own_castle(out->to, side);
    return BA_OK;
}

int cam_apply_move(const cam_state *s_in, cam_state *s, const ba_move *m)
{
    cam_move_info info;
    int rc = cam_move_decode(s_in, m, &info);
    if (rc != BA_OK) return rc;
    if (s != s_in) memcpy(s, s_in, sizeof *s);
    int side = s->side_to_move;
    uint8_t piece = s->board[info.from];
    uint64_t h = s->hash;
    int idx = CAM_PIECE_INDEX(piece);
    h ^= cam_zobrist_piece[info.from][idx];
    s->board[info.from] = CAM_EMPTY;
    cam_state_piece_sets(s, piece, info.from, -1);
    for (int i = 0; i < info.captures; i++) {
        int sq = info.captured[i];
        h ^= cam_zobrist_piece[sq][CAM_PIECE_INDEX(s->board[sq])];
        cam_state_piece_sets(s, s->board[sq], sq, -1);
        s->board[sq] = CAM_EMPTY;
    }
    s->piece_count[1 - side] = (uint8_t)(s->piece_count[1 - side] - info.captures);
    s->board[info.to] = piece;
    cam_state_piece_sets(s, piece, info.to, 1);
    h ^= cam_zobrist_piece[info.to][idx];

    if (info.kind == CAM_MOVE_CASTLE) {
        h ^= cam_zobrist_castle_key(side, s->castle_moves[side]);
        s->castle_moves[side]++;
        h ^= cam_zobrist_castle_key(side, s->castle_moves[side]);
    }
    /* The obligation to leave one's own castle lasts one turn of its side: this move either
     * fulfilled it or it had lapsed. A move ending in one's own castle creates a new one. */
    uint8_t old_ml = s->must_leave[side];
    uint8_t new_ml = info.ends_in_own_castle ? (uint8_t)info.to : (uint8_t)CAM_NO_SQUARE;
    int base = side == 0 ? 4 : 6;
    if (old_ml != CAM_NO_SQUARE) h ^= cam_zobrist_misc[base + (old_ml & 1)];
    if (new_ml != CAM_NO_SQUARE) h ^= cam_zobrist_misc[base + (new_ml & 1)];
    s->must_leave[side] = new_ml;

    if (info.captures > 0 || info.enters_opp_castle)
        s->quiet_plies = 0;
    else if (s->quiet_plies < UINT16_MAX)
        s->quiet_plies++;
    s->side_to_move = (uint8_t)(1 - side);
    h ^= cam_zobrist_misc[0];
    s->hash = h;
    return BA_OK;
}
