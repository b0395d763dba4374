/* Camelot board geometry helpers: squares <-> coordinates and text, castles, the start position. */
#include <ctype.h>
#include <string.h>

#include "camelot/board.h"
#include "camelot/zobrist.h"

int cam_square_at(int file, int rank)
{
    if (file < 0 || file >= CAM_FILES || rank < 0 || rank >= CAM_RANKS) return CAM_NO_SQUARE;
    return cam_coord_sq[rank][file];
}

int cam_mirror_square(int sq)
{
    return cam_coord_sq[CAM_RANKS - 1 - cam_sq_rank[sq]][cam_sq_file[sq]];
}

int cam_is_castle(int sq)
{
    return sq == CAM_SQ_F1 || sq == CAM_SQ_G1 || sq == CAM_SQ_F16 || sq == CAM_SQ_G16;
}

int cam_castle_owner(int sq)
{
    if (sq == CAM_SQ_F1 || sq == CAM_SQ_G1) return 0;
    if (sq == CAM_SQ_F16 || sq == CAM_SQ_G16) return 1;
    return -1;
}

int cam_square_to_text(int sq, char *buf, size_t cap)
{
    if (sq < 0 || sq >= CAM_SQUARES || buf == NULL) return BA_ERR_ARG;
    int rank = cam_sq_rank[sq] + 1;
    size_t need = rank >= 10 ? 3 : 2;
    if (cap < need + 1) return BA_ERR_BUFFER;
    size_t i = 0;
    buf[i++] = (char)('A' + cam_sq_file[sq]);
    if (rank >= 10) buf[i++] = '1';
    buf[i++] = (char)('0' + rank % 10);
    buf[i] = '\0';
    return (int)i;
}

int cam_square_from_text(const char *text, int *sq, const char **end, ba_error *err)
{
    if (text == NULL || sq == NULL) return ba_error_set(err, BA_ERR_ARG, "no text");
    int c = toupper((unsigned char)text[0]);
    if (c < 'A' || c > 'L') {
        if (text[0] == '\0') return ba_error_set(err, BA_ERR_PARSE, "expected a square, found the end of the text");
        return ba_error_set(err, BA_ERR_PARSE, "bad square '%.4s': files are A-L", text);
    }
    if (!isdigit((unsigned char)text[1]))
        return ba_error_set(err, BA_ERR_PARSE, "bad square '%.4s': a rank 1-16 must follow the file", text);
    int rank = text[1] - '0';
    const char *p = text + 2;
    if (isdigit((unsigned char)*p)) {
        rank = rank * 10 + (*p - '0');
        p++;
    }
    if (isdigit((unsigned char)*p) || rank < 1 || rank > 16 || text[1] == '0')
        return ba_error_set(err, BA_ERR_PARSE, "bad square '%.4s': ranks are 1-16", text);
    int s = cam_square_at(c - 'A', rank - 1);
    if (s == CAM_NO_SQUARE)
        return ba_error_set(err, BA_ERR_PARSE, "square %c%d is not on the Camelot board", c, rank);
    *sq = s;
    if (end) *end = p;
    return BA_OK;
}

/* The WCF set-up (see docs/camelot-rules.md); Black's is its mirror image. */
static const char *const cam_start_knights[] = {"C6", "D7", "I7", "J6"};
static const char *const cam_start_men[] = {"D6", "E6", "E7", "F6", "F7", "G6", "G7", "H6", "H7", "I6"};

void cam_start_position(cam_state *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < sizeof cam_start_knights / sizeof cam_start_knights[0]; i++) {
        int sq = 0;
        (void)cam_square_from_text(cam_start_knights[i], &sq, NULL, NULL);
        s->board[sq] = CAM_WHITE_KNIGHT;
        s->board[cam_mirror_square(sq)] = CAM_BLACK_KNIGHT;
    }
    for (size_t i = 0; i < sizeof cam_start_men / sizeof cam_start_men[0]; i++) {
        int sq = 0;
        (void)cam_square_from_text(cam_start_men[i], &sq, NULL, NULL);
        s->board[sq] = CAM_WHITE_MAN;
        s->board[cam_mirror_square(sq)] = CAM_BLACK_MAN;
    }
    s->side_to_move = 0;
    s->must_leave[0] = s->must_leave[1] = CAM_NO_SQUARE;
    cam_state_finish(s);
}

void cam_state_finish(cam_state *s)
{
    s->piece_count[0] = s->piece_count[1] = 0;
    memset(s->pieces, 0, sizeof s->pieces);
    memset(s->bb, 0, sizeof s->bb);
    memset(s->rank_count, 0, sizeof s->rank_count);
    memset(s->file_count, 0, sizeof s->file_count);
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        if (s->board[sq] == CAM_EMPTY) continue;
        s->piece_count[CAM_PIECE_SIDE(s->board[sq])]++;
        cam_state_piece_sets(s, s->board[sq], sq, 1);
    }
    s->reserved0 = 0;
    s->reserved1 = 0;
    s->reserved2 = 0;
    s->hash = cam_hash_full(s);
}
