/* Internal chess board, bitboard helpers and move generator interface (not installed).
 *
 * The board is a set of bitboards (one per piece type, one per colour) plus a 64-square mailbox
 * for "what stands on this square"; square 0 is a1, 7 is h1, 63 is h8. The whole board is a flat
 * struct, so the generic search copies it (copy-make) and so does the fast perft. */
#ifndef BA_CHESS_INTERNAL_H
#define BA_CHESS_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "boardai/chess.h"

typedef uint64_t chs_bb;

enum { CHS_WHITE = 0, CHS_BLACK = 1 };
enum { CHS_PAWN = 0, CHS_KNIGHT, CHS_BISHOP, CHS_ROOK, CHS_QUEEN, CHS_KING, CHS_NTYPES };
/* Castling rights bits. */
enum { CHS_WK = 1, CHS_WQ = 2, CHS_BK = 4, CHS_BQ = 8 };
#define CHS_NO_EP 64
/* Mailbox codes: 0 empty, else 1 + type + 8 * colour. */
#define CHS_CODE(color, type) ((uint8_t)(1 + (type) + 8 * (color)))
#define CHS_TYPE(code) (((code) & 7) - 1)
#define CHS_COLOR(code) ((code) >> 3)

typedef struct chs_board {
    chs_bb piece[CHS_NTYPES]; /* both colours */
    chs_bb color[2];
    uint64_t hash;            /* Zobrist, incrementally updated */
    uint8_t sq[64];           /* mailbox codes */
    uint8_t stm;              /* side to move */
    uint8_t castling;         /* CHS_WK | ... */
    uint8_t ep;               /* en-passant target square or CHS_NO_EP */
    uint8_t pad;
    uint16_t halfmove;        /* plies since the last capture or pawn move */
    uint16_t fullmove;        /* starts at 1, incremented after Black's move */
} chs_board;

/* An internal move: from | to << 6 | promo << 12, promo = 0 or CHS_KNIGHT..CHS_QUEEN. */
typedef uint16_t chs_move;
#define CHS_MOVE(from, to, promo) ((chs_move)((from) | ((to) << 6) | ((promo) << 12)))
#define CHS_FROM(m) ((int)((m) & 63))
#define CHS_TO(m) ((int)(((m) >> 6) & 63))
#define CHS_PROMO(m) ((int)((m) >> 12))
/* Upper bound on legal moves of a chess position (218 is the known maximum). */
#define CHS_MAX_MOVES 256

/* ---- constant tables (chess_tables.c) ---- */
/* Line kinds for slider attacks: rank, file, diagonal (a1-h8 direction), anti-diagonal. */
typedef struct chs_line {
    chs_bb lower; /* the line's squares below the square */
    chs_bb upper; /* the line's squares above the square */
    chs_bb both;  /* lower | upper */
} chs_line;
extern const chs_line chs_lines[4][64];
extern const chs_bb chs_knight_att[64];
extern const chs_bb chs_king_att[64];
extern const chs_bb chs_pawn_att[2][64];
extern const uint64_t chs_zobrist_piece[16][64];
extern const uint64_t chs_zobrist_castle[16];
extern const uint64_t chs_zobrist_ep[8];
extern const uint64_t chs_zobrist_side;

static inline int chs_lsb(chs_bb b) { return __builtin_ctzll(b); }
static inline int chs_popcount(chs_bb b) { return __builtin_popcountll(b); }
static inline chs_bb chs_bit(int sq) { return (chs_bb)1 << sq; }

/* Attacks along one line by obstruction difference (no large tables needed). */
static inline chs_bb chs_line_att(const chs_line *l, chs_bb occ)
{
    chs_bb lower = l->lower & occ;
    chs_bb upper = l->upper & occ;
    /* everything from the highest blocker below upwards (or from bit 0) ... */
    chs_bb ms1b = ~(chs_bb)0 << (63 - __builtin_clzll(lower | 1));
    /* ... up to and including the lowest blocker above (carry clears the rest) */
    chs_bb odiff = 2 * (upper & (0 - upper)) + ms1b;
    return l->both & odiff;
}
static inline chs_bb chs_rook_att(int sq, chs_bb occ)
{
    return chs_line_att(&chs_lines[0][sq], occ) | chs_line_att(&chs_lines[1][sq], occ);
}
static inline chs_bb chs_bishop_att(int sq, chs_bb occ)
{
    return chs_line_att(&chs_lines[2][sq], occ) | chs_line_att(&chs_lines[3][sq], occ);
}

/* Pieces of @p by attacking @p sq with occupancy @p occ. */
static inline chs_bb chs_attackers(const chs_board *b, int sq, chs_bb occ, int by)
{
    chs_bb them = b->color[by];
    chs_bb rq = (b->piece[CHS_ROOK] | b->piece[CHS_QUEEN]) & them;
    chs_bb bq = (b->piece[CHS_BISHOP] | b->piece[CHS_QUEEN]) & them;
    return (chs_pawn_att[by ^ 1][sq] & b->piece[CHS_PAWN] & them)
         | (chs_knight_att[sq] & b->piece[CHS_KNIGHT] & them)
         | (chs_king_att[sq] & b->piece[CHS_KING] & them)
         | (rq ? chs_rook_att(sq, occ) & rq : 0)
         | (bq ? chs_bishop_att(sq, occ) & bq : 0);
}

/* ---- board.c ---- */
/* Generation modes. */
enum { CHS_GEN_ALL = 0, CHS_GEN_NOISY = 1 };
int chs_generate(const chs_board *b, chs_move *list, int mode);
int chs_count_legal(const chs_board *b);
void chs_make(chs_board *b, chs_move m);
int chs_in_check(const chs_board *b);
int chs_king_square(const chs_board *b, int color);
uint64_t chs_compute_hash(const chs_board *b);
void chs_put(chs_board *b, int sq, uint8_t code);
uint64_t chs_perft(const chs_board *b, int depth);
/* True if a pseudo-legal en-passant capture onto b->ep is also legal. */
int chs_ep_legal(const chs_board *b);
/* Drops b->ep (and its hash key) when no legal en-passant capture exists. */
void chs_normalize_ep(chs_board *b);

/* ---- see.c ---- */
/* Static exchange evaluation of move m (a capture, en passant or promotion; 0 for a quiet move):
 * the material the moving side wins in centipawns after the best sequence of recaptures. */
int chs_see(const chs_board *b, chs_move m);
/* True when m is a capture (not a promotion) that loses material by exchange (SEE < 0). */
int chs_capture_loses(const chs_board *b, chs_move m);

/* ---- fen.c ---- */
int chs_from_fen(chs_board *b, const char *fen, ba_error *err);
int chs_to_fen(const chs_board *b, char *buf, size_t cap);
void chs_start(chs_board *b);

/* ---- notation.c ---- */
int chs_move_to_uci(chs_move m, char *buf, size_t cap);
int chs_move_to_san(const chs_board *b, chs_move m, char *buf, size_t cap);
/* Parses UCI or SAN against the legal moves of @p b. */
int chs_parse_move(const chs_board *b, const char *text, chs_move *out, ba_error *err);

/* ---- game.c ---- */
void chs_to_ba_move(chs_move m, ba_move *out);
int chs_from_ba_move(const ba_move *m, chs_move *out);
int chs_insufficient_material(const chs_board *b);
int chs_status(const chs_board *b, const ba_history *hist);

/* ---- eval_tapered.c ---- */
/* The terms of the tapered evaluation, per side (0 white, 1 black), middlegame and endgame. */
typedef struct chs_eval_terms {
    int pst_mg[2], pst_eg[2];           /* material and piece-square tables */
    int mobility_mg[2], mobility_eg[2];
    int passed_mg[2], passed_eg[2];
    int king_mg[2];                     /* pawn shield and attacks (middlegame only) */
    int pair_mg[2], pair_eg[2];         /* bishop pair */
    int phase;                          /* 0 (bare endgame) .. 24 (all pieces) */
} chs_eval_terms;
void chs_tapered_terms(const chs_board *b, chs_eval_terms *t);
/* The blended score of @p t from @p side's point of view. */
int chs_tapered_blend(const chs_eval_terms *t, int side);
/* The middlegame (0) or endgame (1) tables as a generic piece-square evaluator. */
const ba_pst *chs_tapered_pst(int endgame);

#endif /* BA_CHESS_INTERNAL_H */
