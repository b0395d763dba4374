/* Constant tables of the chess module, computed by constant expressions (no start-up code and
 * no mutable globals): slider lines, knight/king/pawn attacks and the Zobrist keys. */
#include "chess_internal.h"

#define FILE_OF(s) ((s) & 7)
#define RANK_OF(s) ((s) >> 3)
#define BIT(s) ((chs_bb)1 << (s))

/* The four lines through a square, the square itself included. */
#define RANK_LINE(s) ((chs_bb)0xFF << ((s) & 56))
#define FILE_LINE(s) ((chs_bb)0x0101010101010101ULL << FILE_OF(s))
/* The diagonals are the long ones shifted by whole ranks; POS() keeps every shift count
 * non-negative even in the branch not taken (compilers warn about negative constant shifts). */
#define POS(x) ((x) > 0 ? (x) : 0)
#define DIAG_LINE(s)                                                                               \
    (((chs_bb)0x8040201008040201ULL >> (8 * POS(FILE_OF(s) - RANK_OF(s)))) << (8 * POS(RANK_OF(s) - FILE_OF(s))))
#define ANTI_LINE(s)                                                                               \
    (((chs_bb)0x0102040810204080ULL << (8 * POS(FILE_OF(s) + RANK_OF(s) - 7))) >>                  \
     (8 * POS(7 - FILE_OF(s) - RANK_OF(s))))
#define BELOW(s) (BIT(s) - 1)
#define ABOVE(s) (~BELOW(s) & ~BIT(s))
#define LINE(L, s) {(L(s)) & BELOW(s), (L(s)) & ABOVE(s), (L(s)) & ~BIT(s)}

#define S8(F, b) F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6), F(b + 7)
#define S64(F) S8(F, 0), S8(F, 8), S8(F, 16), S8(F, 24), S8(F, 32), S8(F, 40), S8(F, 48), S8(F, 56)

#define RANK_E(s) LINE(RANK_LINE, s)
#define FILE_E(s) LINE(FILE_LINE, s)
#define DIAG_E(s) LINE(DIAG_LINE, s)
#define ANTI_E(s) LINE(ANTI_LINE, s)
const chs_line chs_lines[4][64] = {{S64(RANK_E)}, {S64(FILE_E)}, {S64(DIAG_E)}, {S64(ANTI_E)}};

#define NOT_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_H 0x7F7F7F7F7F7F7F7FULL
#define NOT_AB 0xFCFCFCFCFCFCFCFCULL
#define NOT_GH 0x3F3F3F3F3F3F3F3FULL
#define KNIGHT(s)                                                                                  \
    ((((BIT(s) << 17) | (BIT(s) >> 15)) & NOT_A) | (((BIT(s) << 15) | (BIT(s) >> 17)) & NOT_H) |   \
     (((BIT(s) << 10) | (BIT(s) >> 6)) & NOT_AB) | (((BIT(s) << 6) | (BIT(s) >> 10)) & NOT_GH))
#define KING(s)                                                                                    \
    ((BIT(s) << 8) | (BIT(s) >> 8) |                                                               \
     (((BIT(s) << 1) | (BIT(s) << 9) | (BIT(s) >> 7)) & NOT_A) |                                   \
     (((BIT(s) >> 1) | (BIT(s) >> 9) | (BIT(s) << 7)) & NOT_H))
#define WPAWN(s) ((((BIT(s) << 9) & NOT_A) | ((BIT(s) << 7) & NOT_H)))
#define BPAWN(s) ((((BIT(s) >> 7) & NOT_A) | ((BIT(s) >> 9) & NOT_H)))
const chs_bb chs_knight_att[64] = {S64(KNIGHT)};
const chs_bb chs_king_att[64] = {S64(KING)};
const chs_bb chs_pawn_att[2][64] = {{S64(WPAWN)}, {S64(BPAWN)}};

/* Zobrist keys: splitmix64 of the key's index, as a constant expression. */
#define ZA(i) ((uint64_t)(i) * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL)
#define ZB(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ULL)
#define ZC(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBULL)
#define ZD(z) ((z) ^ ((z) >> 31))
#define ZOB(i) ZD(ZC(ZB(ZA(i))))
#define Z8(b) ZOB(b), ZOB(b + 1), ZOB(b + 2), ZOB(b + 3), ZOB(b + 4), ZOB(b + 5), ZOB(b + 6), ZOB(b + 7)
#define Z64(b) {Z8(b), Z8(b + 8), Z8(b + 16), Z8(b + 24), Z8(b + 32), Z8(b + 40), Z8(b + 48), Z8(b + 56)}
/* Code 0 (empty) and the unused codes get keys too; they are never used. */
const uint64_t chs_zobrist_piece[16][64] = {
    Z64(0),    Z64(64),   Z64(128),  Z64(192),  Z64(256),  Z64(320),  Z64(384),  Z64(448),
    Z64(512),  Z64(576),  Z64(640),  Z64(704),  Z64(768),  Z64(832),  Z64(896),  Z64(960)};
/* Castling keys: index = rights mask; key 0 for "no rights" so an empty mask adds nothing. */
const uint64_t chs_zobrist_castle[16] = {0,          ZOB(1025), ZOB(1026), ZOB(1027),
                                         ZOB(1028), ZOB(1029), ZOB(1030), ZOB(1031),
                                         ZOB(1032), ZOB(1033), ZOB(1034), ZOB(1035),
                                         ZOB(1036), ZOB(1037), ZOB(1038), ZOB(1039)};
const uint64_t chs_zobrist_ep[8] = {Z8(1040)};
const uint64_t chs_zobrist_side = ZOB(1048);
