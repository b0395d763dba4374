/* The `tapered` chess evaluation (ba_chess_game_eval(BA_CHESS_EVAL_TAPERED)): per-piece
 * middlegame and endgame piece-square tables blended by the game phase, plus mobility, passed
 * pawns, king safety and the bishop pair.
 *
 * The tables and material values are PeSTO's, by Ronald Friederich, as published on the Chess
 * Programming Wiki ("PeSTO's Evaluation Function",
 * https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function), written here from White's
 * side with a1 first; they are two instances of the generic piece-square evaluator (pst.h), Black
 * reading them flipped. The other terms and their weights are ours: small, so that the tuned
 * tables stay in charge, and measured as a whole against the classic evaluator and Stockfish
 * (docs/strength-chess.md). */
#include "chess_internal.h"

static const int tapered_mg_squares[CHS_NTYPES * 64] = {
    /* pawn: rank 1 (a1..h1) first */
       0,    0,    0,    0,    0,    0,    0,    0,
     -35,   -1,  -20,  -23,  -15,   24,   38,  -22,
     -26,   -4,   -4,  -10,    3,    3,   33,  -12,
     -27,   -2,   -5,   12,   17,    6,   10,  -25,
     -14,   13,    6,   21,   23,   12,   17,  -23,
      -6,    7,   26,   31,   65,   56,   25,  -20,
      98,  134,   61,   95,   68,  126,   34,  -11,
       0,    0,    0,    0,    0,    0,    0,    0,
    /* knight: rank 1 (a1..h1) first */
    -105,  -21,  -58,  -33,  -17,  -28,  -19,  -23,
     -29,  -53,  -12,   -3,   -1,   18,  -14,  -19,
     -23,   -9,   12,   10,   19,   17,   25,  -16,
     -13,    4,   16,   13,   28,   19,   21,   -8,
      -9,   17,   19,   53,   37,   69,   18,   22,
     -47,   60,   37,   65,   84,  129,   73,   44,
     -73,  -41,   72,   36,   23,   62,    7,  -17,
    -167,  -89,  -34,  -49,   61,  -97,  -15, -107,
    /* bishop: rank 1 (a1..h1) first */
     -33,   -3,  -14,  -21,  -13,  -12,  -39,  -21,
       4,   15,   16,    0,    7,   21,   33,    1,
       0,   15,   15,   15,   14,   27,   18,   10,
      -6,   13,   13,   26,   34,   12,   10,    4,
      -4,    5,   19,   50,   37,   37,    7,   -2,
     -16,   37,   43,   40,   35,   50,   37,   -2,
     -26,   16,  -18,  -13,   30,   59,   18,  -47,
     -29,    4,  -82,  -37,  -25,  -42,    7,   -8,
    /* rook: rank 1 (a1..h1) first */
     -19,  -13,    1,   17,   16,    7,  -37,  -26,
     -44,  -16,  -20,   -9,   -1,   11,   -6,  -71,
     -45,  -25,  -16,  -17,    3,    0,   -5,  -33,
     -36,  -26,  -12,   -1,    9,   -7,    6,  -23,
     -24,  -11,    7,   26,   24,   35,   -8,  -20,
      -5,   19,   26,   36,   17,   45,   61,   16,
      27,   32,   58,   62,   80,   67,   26,   44,
      32,   42,   32,   51,   63,    9,   31,   43,
    /* queen: rank 1 (a1..h1) first */
      -1,  -18,   -9,   10,  -15,  -25,  -31,  -50,
     -35,   -8,   11,    2,    8,   15,   -3,    1,
     -14,    2,  -11,   -2,   -5,    2,   14,    5,
      -9,  -26,   -9,  -10,   -2,   -4,    3,   -3,
     -27,  -27,  -16,  -16,   -1,   17,   -2,    1,
     -13,  -17,    7,    8,   29,   56,   47,   57,
     -24,  -39,   -5,    1,  -16,   57,   28,   54,
     -28,    0,   29,   12,   59,   44,   43,   45,
    /* king: rank 1 (a1..h1) first */
     -15,   36,   12,  -54,    8,  -28,   24,   14,
       1,    7,   -8,  -64,  -43,  -16,    9,    8,
     -14,  -14,  -22,  -46,  -44,  -30,  -15,  -27,
     -49,   -1,  -27,  -39,  -46,  -44,  -33,  -51,
     -17,  -20,  -12,  -27,  -30,  -25,  -14,  -36,
      -9,   24,    2,  -16,  -20,    6,   22,  -22,
      29,   -1,  -20,   -7,   -8,   -4,  -38,  -29,
     -65,   23,   16,  -15,  -56,  -34,    2,   13,
};
static const int tapered_eg_squares[CHS_NTYPES * 64] = {
    /* pawn: rank 1 (a1..h1) first */
       0,    0,    0,    0,    0,    0,    0,    0,
      13,    8,    8,   10,   13,    0,    2,   -7,
       4,    7,   -6,    1,    0,   -5,   -1,   -8,
      13,    9,   -3,   -7,   -7,   -8,    3,   -1,
      32,   24,   13,    5,   -2,    4,   17,   17,
      94,  100,   85,   67,   56,   53,   82,   84,
     178,  173,  158,  134,  147,  132,  165,  187,
       0,    0,    0,    0,    0,    0,    0,    0,
    /* knight: rank 1 (a1..h1) first */
     -29,  -51,  -23,  -15,  -22,  -18,  -50,  -64,
     -42,  -20,  -10,   -5,   -2,  -20,  -23,  -44,
     -23,   -3,   -1,   15,   10,   -3,  -20,  -22,
     -18,   -6,   16,   25,   16,   17,    4,  -18,
     -17,    3,   22,   22,   22,   11,    8,  -18,
     -24,  -20,   10,    9,   -1,   -9,  -19,  -41,
     -25,   -8,  -25,   -2,   -9,  -25,  -24,  -52,
     -58,  -38,  -13,  -28,  -31,  -27,  -63,  -99,
    /* bishop: rank 1 (a1..h1) first */
     -23,   -9,  -23,   -5,   -9,  -16,   -5,  -17,
     -14,  -18,   -7,   -1,    4,   -9,  -15,  -27,
     -12,   -3,    8,   10,   13,    3,   -7,  -15,
      -6,    3,   13,   19,    7,   10,   -3,   -9,
      -3,    9,   12,    9,   14,   10,    3,    2,
       2,   -8,    0,   -1,   -2,    6,    0,    4,
      -8,   -4,    7,  -12,   -3,  -13,   -4,  -14,
     -14,  -21,  -11,   -8,   -7,   -9,  -17,  -24,
    /* rook: rank 1 (a1..h1) first */
      -9,    2,    3,   -1,   -5,  -13,    4,  -20,
      -6,   -6,    0,    2,   -9,   -9,  -11,   -3,
      -4,    0,   -5,   -1,   -7,  -12,   -8,  -16,
       3,    5,    8,    4,   -5,   -6,   -8,  -11,
       4,    3,   13,    1,    2,    1,   -1,    2,
       7,    7,    7,    5,    4,   -3,   -5,   -3,
      11,   13,   13,   11,   -3,    3,    8,    3,
      13,   10,   18,   15,   12,   12,    8,    5,
    /* queen: rank 1 (a1..h1) first */
     -33,  -28,  -22,  -43,   -5,  -32,  -20,  -41,
     -22,  -23,  -30,  -16,  -16,  -23,  -36,  -32,
     -16,  -27,   15,    6,    9,   17,   10,    5,
     -18,   28,   19,   47,   31,   34,   39,   23,
       3,   22,   24,   45,   57,   40,   57,   36,
     -20,    6,    9,   49,   47,   35,   19,    9,
     -17,   20,   32,   41,   58,   25,   30,    0,
      -9,   22,   22,   27,   27,   19,   10,   20,
    /* king: rank 1 (a1..h1) first */
     -53,  -34,  -21,  -11,  -28,  -14,  -24,  -43,
     -27,  -11,    4,   13,   14,    4,   -5,  -17,
     -19,   -3,   11,   21,   23,   16,    7,   -9,
     -18,   -4,   21,   24,   27,   23,    9,  -11,
      -8,   22,   24,   27,   26,   33,   26,    3,
      10,   17,   23,   15,   20,   45,   44,   13,
     -12,   17,   14,   17,   17,   38,   23,   11,
     -74,  -35,  -18,  -18,  -11,   15,    4,  -17,
};

static const int tapered_mg_material[CHS_NTYPES] = {82, 337, 365, 477, 1025, 0};
static const int tapered_eg_material[CHS_NTYPES] = {94, 281, 297, 512, 936, 0};
static const ba_pst tapered_mg = {8, 8, CHS_NTYPES, tapered_mg_material, tapered_mg_squares, 0, BA_PST_FLIP};
static const ba_pst tapered_eg = {8, 8, CHS_NTYPES, tapered_eg_material, tapered_eg_squares, 0, BA_PST_FLIP};

/* Game phase: 24 with all minor and major pieces on the board, 0 with none. */
static const int phase_weight[CHS_NTYPES] = {0, 1, 1, 2, 4, 0};
#define PHASE_MAX 24

/* Mobility: per square a piece attacks that holds no piece of its own side and no enemy pawn
 * attacks, minus a typical count, so that an average piece scores about 0. */
static const int mobility_mg[CHS_NTYPES] = {0, 4, 4, 2, 1, 0};
static const int mobility_eg[CHS_NTYPES] = {0, 4, 4, 4, 2, 0};
static const int mobility_typical[CHS_NTYPES] = {0, 4, 6, 6, 12, 0};

/* Passed pawns by rank from the owner's side (index 1 = its second rank). The tables already
 * pay for advanced pawns in general; this is the extra for a pawn no enemy pawn can stop. */
static const int passed_mg[8] = {0, 2, 4, 8, 15, 25, 40, 0};
static const int passed_eg[8] = {0, 5, 10, 18, 32, 55, 85, 0};

/* King safety (middlegame only): pawns in front of a king on its first two ranks, and the
 * weight of enemy pieces attacking the squares around it (penalty grows with the square of the
 * weight, counted once two pieces take part). */
#define SHIELD_MG 10
static const int attack_weight[CHS_NTYPES] = {0, 2, 2, 3, 5, 0};
#define ATTACK_CAP 400

#define BISHOP_PAIR_MG 25
#define BISHOP_PAIR_EG 45

static const chs_bb file_a = 0x0101010101010101ULL;

/* Squares strictly in front of @p sq (towards the enemy) on its file and both neighbours. */
static chs_bb front_span(int color, int sq)
{
    int file = sq & 7, rank = sq >> 3;
    chs_bb files = file_a << file;
    if (file > 0)
        files |= file_a << (file - 1);
    if (file < 7)
        files |= file_a << (file + 1);
    chs_bb ahead = color == CHS_WHITE ? (rank < 7 ? ~(chs_bb)0 << (8 * (rank + 1)) : 0)
                                      : (rank > 0 ? ~(chs_bb)0 >> (8 * (8 - rank)) : 0);
    return files & ahead;
}

static chs_bb pawn_attacks(chs_bb pawns, int color)
{
    const chs_bb not_a = ~file_a, not_h = ~(file_a << 7);
    if (color == CHS_WHITE)
        return ((pawns & not_a) << 7) | ((pawns & not_h) << 9);
    return ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7);
}

static chs_bb piece_attacks(int type, int sq, chs_bb occ)
{
    switch (type) {
    case CHS_KNIGHT:
        return chs_knight_att[sq];
    case CHS_BISHOP:
        return chs_bishop_att(sq, occ);
    case CHS_ROOK:
        return chs_rook_att(sq, occ);
    case CHS_QUEEN:
        return chs_bishop_att(sq, occ) | chs_rook_att(sq, occ);
    default:
        return 0;
    }
}

void chs_tapered_terms(const chs_board *b, chs_eval_terms *t)
{
    memset(t, 0, sizeof *t);
    const chs_bb occ = b->color[0] | b->color[1];
    const chs_bb pawns = b->piece[CHS_PAWN];
    chs_bb pawn_att[2] = {pawn_attacks(pawns & b->color[0], 0), pawn_attacks(pawns & b->color[1], 1)};
    chs_bb king_zone[2];
    for (int c = 0; c < 2; c++) {
        int k = chs_king_square(b, c);
        king_zone[c] = chs_king_att[k] | chs_bit(k);
    }
    int attack_units[2] = {0, 0}, attackers[2] = {0, 0}; /* by side c on the other king */
    chs_bb all = occ;
    while (all) {
        int s = chs_lsb(all);
        all &= all - 1;
        uint8_t code = b->sq[s];
        int c = CHS_COLOR(code), type = CHS_TYPE(code);
        t->pst_mg[c] += ba_pst_value(&tapered_mg, c, type, s);
        t->pst_eg[c] += ba_pst_value(&tapered_eg, c, type, s);
        t->phase += phase_weight[type];
        if (type == CHS_PAWN) {
            if (!(front_span(c, s) & pawns & b->color[c ^ 1]) &&
                !(front_span(c, s) & pawns & b->color[c] & (file_a << (s & 7)))) {
                int rank = c == CHS_WHITE ? s >> 3 : 7 - (s >> 3);
                t->passed_mg[c] += passed_mg[rank];
                t->passed_eg[c] += passed_eg[rank];
            }
        } else if (type != CHS_KING) {
            chs_bb att = piece_attacks(type, s, occ);
            int mob = chs_popcount(att & ~b->color[c] & ~pawn_att[c ^ 1]) - mobility_typical[type];
            t->mobility_mg[c] += mob * mobility_mg[type];
            t->mobility_eg[c] += mob * mobility_eg[type];
            if (att & king_zone[c ^ 1]) {
                attack_units[c] += attack_weight[type] * chs_popcount(att & king_zone[c ^ 1]);
                attackers[c]++;
            }
        }
    }
    for (int c = 0; c < 2; c++) {
        if (chs_popcount(b->piece[CHS_BISHOP] & b->color[c]) >= 2) {
            t->pair_mg[c] += BISHOP_PAIR_MG;
            t->pair_eg[c] += BISHOP_PAIR_EG;
        }
        int k = chs_king_square(b, c);
        int rank = c == CHS_WHITE ? k >> 3 : 7 - (k >> 3);
        if (rank <= 1) {
            chs_bb shield = front_span(c, k) & pawns & b->color[c];
            /* only the two ranks right in front of the king */
            chs_bb near = c == CHS_WHITE ? (chs_bb)0xFFFF << (8 * (rank + 1)) : (chs_bb)0xFFFF << (8 * (5 - rank));
            t->king_mg[c] += SHIELD_MG * chs_popcount(shield & near);
        }
        int u = attack_units[c ^ 1];
        if (attackers[c ^ 1] >= 2) {
            int penalty = u * u;
            t->king_mg[c] -= penalty > ATTACK_CAP ? ATTACK_CAP : penalty;
        }
    }
    if (t->phase > PHASE_MAX)
        t->phase = PHASE_MAX;
}

int chs_tapered_blend(const chs_eval_terms *t, int side)
{
    int mg = 0, eg = 0;
    for (int c = 0; c < 2; c++) {
        int sign = c == side ? 1 : -1;
        mg += sign * (t->pst_mg[c] + t->mobility_mg[c] + t->passed_mg[c] + t->king_mg[c] + t->pair_mg[c]);
        eg += sign * (t->pst_eg[c] + t->mobility_eg[c] + t->passed_eg[c] + t->pair_eg[c]);
    }
    return (mg * t->phase + eg * (PHASE_MAX - t->phase)) / PHASE_MAX;
}

const ba_pst *chs_tapered_pst(int endgame) { return endgame ? &tapered_eg : &tapered_mg; }
