/* Camelot board drawing for people: files A-L, ranks 1-16, castles in brackets. */
#include <stdio.h>
#include <string.h>

#include "camelot/board.h"
#include "camelot/render.h"

int cam_render(const cam_state *s, char *buf, size_t cap)
{
    char tmp[BA_RENDER_MAX];
    size_t pos = 0;
    static const char header[] = "     A  B  C  D  E  F  G  H  I  J  K  L\n";
    memcpy(tmp, header, sizeof header - 1);
    pos += sizeof header - 1;
    for (int r = CAM_RANKS - 1; r >= 0; r--) {
        pos += (size_t)snprintf(tmp + pos, sizeof tmp - pos, "%3d ", r + 1);
        for (int f = 0; f < CAM_FILES; f++) {
            int sq = cam_square_at(f, r);
            if (sq == CAM_NO_SQUARE) {
                memcpy(tmp + pos, "   ", 3);
            } else {
                uint8_t p = s->board[sq];
                char c = p == CAM_WHITE_MAN ? 'M' : p == CAM_WHITE_KNIGHT ? 'K' : p == CAM_BLACK_MAN ? 'm'
                       : p == CAM_BLACK_KNIGHT ? 'k' : '.';
                int castle = cam_is_castle(sq);
                tmp[pos] = castle ? '[' : ' ';
                tmp[pos + 1] = c;
                tmp[pos + 2] = castle ? ']' : ' ';
            }
            pos += 3;
        }
        pos += (size_t)snprintf(tmp + pos, sizeof tmp - pos, " %2d\n", r + 1);
    }
    memcpy(tmp + pos, header, sizeof header - 1);
    pos += sizeof header - 1;
    pos += (size_t)snprintf(tmp + pos, sizeof tmp - pos,
                            "%s to move; castle moves used: White %d, Black %d; quiet plies %d\n"
                            "M/K white man/knight, m/k black man/knight, [ ] castles (White F1 G1, Black F16 G16)\n",
                            s->side_to_move ? "Black" : "White", s->castle_moves[0], s->castle_moves[1],
                            s->quiet_plies);
    if (buf == NULL || pos + 1 > cap) return BA_ERR_BUFFER;
    memcpy(buf, tmp, pos);
    buf[pos] = '\0';
    return (int)pos;
}
