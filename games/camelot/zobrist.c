/* Camelot's Zobrist hash: constant keys from cam_tables.c (generated data), no mutable state. */
#include "camelot/zobrist.h"

/* SplitMix64's finaliser: spreads "base + count" over all 64 bits, so the castle-moves-used key
 * can cover any count (the option allows up to 255) from a single table entry per side. */
static uint64_t cam_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

uint64_t cam_zobrist_castle_key(int side, int count)
{
    if (count == 0) return 0;
    return cam_mix64(cam_zobrist_misc[2 + side] + (uint64_t)count);
}

uint64_t cam_hash_full(const cam_state *s)
{
    uint64_t h = 0;
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        uint8_t p = s->board[sq];
        if (p != CAM_EMPTY) h ^= cam_zobrist_piece[sq][CAM_PIECE_INDEX(p)];
    }
    if (s->side_to_move) h ^= cam_zobrist_misc[0];
    h ^= cam_zobrist_castle_key(0, s->castle_moves[0]);
    h ^= cam_zobrist_castle_key(1, s->castle_moves[1]);
    /* must_leave[s] is always a square of s's own castle: F1 = 0, G1 = 1, F16 = 158, G16 = 159. */
    if (s->must_leave[0] != CAM_NO_SQUARE) h ^= cam_zobrist_misc[4 + (s->must_leave[0] & 1)];
    if (s->must_leave[1] != CAM_NO_SQUARE) h ^= cam_zobrist_misc[6 + (s->must_leave[1] & 1)];
    return h;
}
