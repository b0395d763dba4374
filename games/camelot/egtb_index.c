/* Camelot endgame tables: positions <-> table indices, and the counts of an ending. */
#include <stdio.h>
#include <string.h>

#include "camelot/board.h"
#include "camelot/egtb.h"
#include "camelot/egtb_index.h"
#include "camelot/postext.h"

/* The squares of a unit's pieces; 0 when the unit is no position of the table. */
static int cam_egtb_unit_squares(int ending, uint64_t unit, int *a, int *b, int *d)
{
    *d = (int)((unit >> 1) % CAM_SQUARES);
    uint32_t pair = (uint32_t)((unit >> 1) / CAM_SQUARES);
    if (pair >= cam_egtb_pairs(ending)) return 0;
    cam_egtb_pair_squares(ending, pair, a, b);
    if (*a == *b || *a == *d || *b == *d) return 0;
    /* Two attackers in Black's castle: already won, not a position of the table. */
    return !(cam_castle_side(*a) == 1 && cam_castle_side(*b) == 1);
}

int cam_egtb_state(int ending, uint64_t idx, cam_state *s)
{
    int slice = (int)(idx % CAM_EGTB_SLICES);
    uint64_t unit = idx / CAM_EGTB_SLICES;
    int stm = (int)(unit & 1);
    int a, b, d;
    if (!cam_egtb_unit_squares(ending, unit, &a, &b, &d)) return 0;
    memset(s, 0, sizeof *s);
    s->must_leave[0] = s->must_leave[1] = CAM_NO_SQUARE;
    s->board[a] = CAM_PIECE(0, cam_egtb_kind(ending, 0));
    s->board[b] = CAM_PIECE(0, cam_egtb_kind(ending, 1));
    s->board[d] = CAM_BLACK_MAN;
    s->side_to_move = (uint8_t)stm;
    s->castle_moves[0] = (uint8_t)(slice / CAM_EGTB_CM);
    s->castle_moves[1] = (uint8_t)(slice % CAM_EGTB_CM);
    cam_state_finish(s);
    return 1;
}

int cam_egtb_index(const cam_state *s, int *ending, uint64_t *idx, int *attacker)
{
    int att;
    if (s->piece_count[0] == 2 && s->piece_count[1] == 1)
        att = 0;
    else if (s->piece_count[0] == 1 && s->piece_count[1] == 2)
        att = 1;
    else
        return 0;
    if (s->castle_moves[0] >= CAM_EGTB_CM || s->castle_moves[1] >= CAM_EGTB_CM) return 0;
    int sq[2], kind[2], n = 0, d = -1;
    for (int i = 0; i < CAM_SQUARES; i++) {
        uint8_t p = s->board[i];
        if (p == CAM_EMPTY) continue;
        /* The attacker is looked up as White: Black's positions through the mirror. */
        int m = att == 0 ? i : cam_mirror_square(i);
        if ((int)CAM_PIECE_SIDE(p) == att) {
            if (n == 2) return 0;
            sq[n] = m;
            kind[n++] = CAM_PIECE_KIND(p);
        } else {
            d = m;
        }
    }
    if (n != 2 || d < 0) return 0;
    int e = kind[0] == CAM_MAN && kind[1] == CAM_MAN ? 0 : kind[0] == CAM_KNIGHT && kind[1] == CAM_KNIGHT ? 2 : 1;
    int a = sq[0], b = sq[1];
    if (e == 1 && kind[0] == CAM_KNIGHT) {
        a = sq[1];
        b = sq[0];
    }
    int64_t pair = cam_egtb_pair(e, a, b);
    if (pair < 0) return 0;
    int stm = s->side_to_move == att ? 0 : 1;
    uint64_t unit = ((uint64_t)pair * CAM_SQUARES + (uint64_t)d) * 2 + (uint64_t)stm;
    *idx = unit * CAM_EGTB_SLICES + (uint64_t)s->castle_moves[att] * CAM_EGTB_CM + s->castle_moves[1 - att];
    *ending = e;
    *attacker = att;
    return 1;
}

void cam_egtb_count(ba_camelot_egtb *tb, int ending)
{
    ba_camelot_egtb_stats *st = &tb->stats[ending];
    memset(st, 0, sizeof *st);
    const uint8_t *v = tb->data[ending];
    if (v == NULL) return;
    uint64_t size = cam_egtb_size(ending), longest_at = 0;
    cam_state s;
    for (uint64_t i = 0; i < size; i++) {
        int a, b, d;
        if (i % CAM_EGTB_SLICES == 0 && !cam_egtb_unit_squares(ending, i / CAM_EGTB_SLICES, &a, &b, &d)) {
            i += CAM_EGTB_SLICES - 1;
            continue;
        }
        st->positions++;
        uint8_t x = v[i];
        if (x == 0) {
            st->draws++;
        } else if (x < CAM_EGTB_LOSS) {
            st->wins++;
            if (x > st->longest) {
                st->longest = x;
                longest_at = i;
            }
        } else {
            st->losses++;
        }
    }
    if (st->longest > 0 && cam_egtb_state(ending, longest_at, &s)) {
        if (cam_position_to_text(&s, st->longest_text, sizeof st->longest_text) < 0)
            st->longest_text[0] = '\0';
    }
}
