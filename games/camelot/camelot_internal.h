/*
 * Camelot internals shared by the rules files (owned by the rules engineer) and the evaluation
 * files eval*.c / knight*.c (owned by the evaluation engineer).
 *
 * STABILITY: this layout is what the evaluation codes against. Changes here are additive only;
 * every addition is marked "added later:" in its comment.
 *
 * ---------------------------------------------------------------------------------------------
 * Squares. The 160 board squares are numbered 0..159 rank by rank from White's side (rank 1)
 * upwards, files left to right within a rank (only squares that exist on the board):
 *
 *     rank  1: F1 G1                      ->   0 ..   1   (White's castle)
 *     rank  2: C2 .. J2   (8 squares)     ->   2 ..   9
 *     rank  3: B3 .. K3   (10 squares)    ->  10 ..  19
 *     rank  4: A4 .. L4   (12 squares)    ->  20 ..  31
 *     rank  r (4..13): A..L               ->  20 + 12 * (r - 4) ..
 *     rank 13: A13 .. L13                 -> 128 .. 139
 *     rank 14: B14 .. K14 (10 squares)    -> 140 .. 149
 *     rank 15: C15 .. J15 (8 squares)     -> 150 .. 157
 *     rank 16: F16 G16                    -> 158 .. 159   (Black's castle)
 *
 * The board is symmetric under rank r <-> 17 - r; with this numbering the mirror of a square is
 * cam_mirror_square(). Files are 0..11 (A..L), ranks 0..15 (rank 1 .. rank 16) in the helpers.
 *
 * Neighbours come from constant tables: cam_step[sq][dir] is the adjacent square in direction
 * dir (0..7, see CAM_DIR_*), cam_leap[sq][dir] the square two steps away (where a canter or jump
 * over cam_step[sq][dir] lands); CAM_NO_SQUARE when off the board.
 * ---------------------------------------------------------------------------------------------
 */
#ifndef BOARDAI_CAMELOT_INTERNAL_H
#define BOARDAI_CAMELOT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "boardai/camelot.h"
#include "boardai/game.h"

/* ---- Board geometry ---- */
#define CAM_SQUARES 160
#define CAM_FILES 12
#define CAM_RANKS 16
#define CAM_NO_SQUARE 255 /* "no square": off the board, or no obligation */

/* Castle squares. White's castle (side 0) is F1 G1, Black's (side 1) F16 G16. */
#define CAM_SQ_F1 0
#define CAM_SQ_G1 1
#define CAM_SQ_F16 158
#define CAM_SQ_G16 159

/* Directions (file delta, rank delta): N=(0,+1) towards Black, NE, E, SE, S, SW, W, NW. */
#define CAM_DIRS 8
#define CAM_DIR_N 0
#define CAM_DIR_NE 1
#define CAM_DIR_E 2
#define CAM_DIR_SE 3
#define CAM_DIR_S 4
#define CAM_DIR_SW 5
#define CAM_DIR_W 6
#define CAM_DIR_NW 7

/* Constant geometry tables (generated data, cam_tables.c, from gen_tables.py). */
extern const uint8_t cam_step[CAM_SQUARES][CAM_DIRS];  /* adjacent square or CAM_NO_SQUARE */
extern const uint8_t cam_leap[CAM_SQUARES][CAM_DIRS];  /* square two steps away or CAM_NO_SQUARE */
extern const uint8_t cam_sq_file[CAM_SQUARES];         /* 0..11 (A..L) */
extern const uint8_t cam_sq_rank[CAM_SQUARES];         /* 0..15 (rank 1..16) */
extern const uint8_t cam_coord_sq[CAM_RANKS][CAM_FILES]; /* [rank][file] -> square or NO_SQUARE */
extern const uint64_t cam_zobrist_piece[CAM_SQUARES][4]; /* [sq][piece index 0..3], see below */
/* cam_zobrist_misc: [0] Black to move; [2 + side] base of the castle-moves-used key (mixed with
 * the count by cam_zobrist_castle_key); [4 + i] White must leave F1 (i=0) / G1 (i=1);
 * [6 + i] Black must leave F16 / G16; the others are reserved. */
extern const uint64_t cam_zobrist_misc[16];

/* ---- Pieces ----
 * A board byte is CAM_EMPTY or CAM_PIECE(side, kind): bit 2 is the side (0 White, 1 Black),
 * bits 0..1 the kind (CAM_MAN 1, CAM_KNIGHT 2). So: 0 empty, 1 white man, 2 white knight,
 * 5 black man, 6 black knight. */
#define CAM_EMPTY 0
#define CAM_MAN 1
#define CAM_KNIGHT 2
#define CAM_PIECE(side, kind) ((uint8_t)(((side) << 2) | (kind)))
#define CAM_PIECE_SIDE(p) (((p) >> 2) & 1)
#define CAM_PIECE_KIND(p) ((p) & 3)
#define CAM_WHITE_MAN CAM_PIECE(0, CAM_MAN)
#define CAM_WHITE_KNIGHT CAM_PIECE(0, CAM_KNIGHT)
#define CAM_BLACK_MAN CAM_PIECE(1, CAM_MAN)
#define CAM_BLACK_KNIGHT CAM_PIECE(1, CAM_KNIGHT)
/* Index of a piece into cam_zobrist_piece: side * 2 + kind - 1 (0..3). */
#define CAM_PIECE_INDEX(p) (CAM_PIECE_SIDE(p) * 2 + CAM_PIECE_KIND(p) - 1)

/* ---- The state (flat, memcpy-able; what ba_game::state_size covers) ---- */
typedef struct cam_state {
    uint64_t hash;                 /* Zobrist hash, kept incrementally (see cam_hash_full) */
    uint8_t board[CAM_SQUARES];    /* CAM_EMPTY or CAM_PIECE(side, kind) per square */
    uint8_t side_to_move;          /* 0 White, 1 Black */
    uint8_t castle_moves[2];       /* castle moves used so far by each side */
    /* must_leave[s]: the square (in s's OWN castle) of s's piece whose move ended there; on s's
     * next turn that piece must leave (CAM_NO_SQUARE: no obligation). */
    uint8_t must_leave[2];
    uint8_t piece_count[2];        /* pieces of each side on the board (castles included) */
    uint8_t reserved0;             /* always 0 */
    uint16_t quiet_plies;          /* plies since the last capture or castle entry (50-move rule) */
    uint16_t reserved1;            /* always 0 */
} cam_state;

/* A set of squares (bit sq of w[sq / 64]). */
typedef struct cam_sqset {
    uint64_t w[3];
} cam_sqset;

static inline int cam_sqset_has(const cam_sqset *s, int sq) { return (int)((s->w[sq >> 6] >> (sq & 63)) & 1u); }
static inline void cam_sqset_add(cam_sqset *s, int sq) { s->w[sq >> 6] |= (uint64_t)1 << (sq & 63); }

/* The game's parameters (ba_game::params of every Camelot game). */
typedef struct cam_params {
    uint32_t magic;              /* CAM_PARAMS_MAGIC: recognises a Camelot game */
    ba_camelot_options options;  /* the rule options (and N) the game was made with */
} cam_params;
#define CAM_PARAMS_MAGIC 0x43414d4cu /* "CAML" */

/* The options of a Camelot game (its params). */
const ba_camelot_options *cam_options(const ba_game *g);

/* ---- Square helpers (board.c) ---- */
/* Square of (file 0..11, rank 0..15), or CAM_NO_SQUARE if that is not a board square. */
int cam_square_at(int file, int rank);
/* The mirror square under rank r <-> 17 - r (maps one side's set-up onto the other's). */
int cam_mirror_square(int sq);
/* 1 if sq is a castle square (of either side). */
int cam_is_castle(int sq);
/* The side whose OWN castle sq is (0 for F1/G1, 1 for F16/G16), or -1. */
int cam_castle_owner(int sq);
/* Writes "F1", "L13", ... into buf (cap >= 4). Returns the length, or BA_ERR_BUFFER/ARG. */
int cam_square_to_text(int sq, char *buf, size_t cap);
/* Parses a square at text (file letter A-L/a-l then rank 1-16); sets *sq and *end (first char
 * after it). Fails with BA_ERR_PARSE and a message naming the bad text. */
int cam_square_from_text(const char *text, int *sq, const char **end, ba_error *err);

/* ---- Moves ----
 * ba_move encoding (canonical): bytes[0] = start square, bytes[1 .. len-1] = the landing squares
 * in order; tag = CAM_MOVE_* kind. Jumped-over squares follow from geometry (the middle of two
 * consecutive squares two apart); whether a leg was a canter or a jump follows from the piece on
 * the middle square when the move starts (friend: canter, enemy: jump; a Charge's canters come
 * first). The longest move has 1 + 39 + 14 = 54 bytes (< BA_MOVE_MAX_BYTES, argued in movegen.c).
 * For a given (start, end, captured set) the encoded path is the shortest, then the bytewise
 * smallest, so every move has one encoding. */
#define CAM_MOVE_PLAIN 1  /* one step */
#define CAM_MOVE_CANTER 2 /* one or more canters */
#define CAM_MOVE_JUMP 3   /* one or more jumps */
#define CAM_MOVE_CHARGE 4 /* a knight's canters then jumps */
#define CAM_MOVE_CASTLE 5 /* a castle move: the other square of the opponent's castle */

/* A decoded move (see cam_move_decode). */
typedef struct cam_move_info {
    int kind;                /* CAM_MOVE_* */
    int from, to;            /* start and end squares */
    int landings;            /* number of landing squares (len - 1) */
    int canters;             /* canter legs (CAM_MOVE_CANTER / CHARGE) */
    int captures;            /* pieces captured (jumps) */
    uint8_t captured[16];    /* squares of the captured pieces, in order */
    int enters_opp_castle;   /* 1 if the move ends in the mover's opponent's castle (entry) */
    int leaves_own_castle;   /* 1 if it starts in the mover's own castle and ends outside */
    int ends_in_own_castle;  /* 1 if it ends in the mover's own castle (a jump) */
} cam_move_info;

/* Decodes a move of state s (as generated). Returns BA_OK or BA_ERR_ARG if it is not a
 * well-formed move of the side to move (geometry only; legality is generate's job). */
int cam_move_decode(const cam_state *s, const ba_move *m, cam_move_info *out);

/* ---- Move generation (movegen.c, jumps.c, castle.c) ---- */
/* All legal moves (no end-of-game check: the vtable's generate adds that). Returns the count,
 * BA_ERR_BUFFER if cap is too small. */
int cam_generate_legal(const ba_game *g, const cam_state *s, ba_move *moves, size_t cap);
/* The noisy moves: captures (jumps and charges) and the compulsory own-castle leaves. */
int cam_generate_noisy_moves(const ba_game *g, const cam_state *s, ba_move *moves, size_t cap);
/* 1 if the piece on sq (of side `side`) has a jump right now. */
int cam_piece_can_jump(const cam_state *s, int sq);
/* 1 if any piece of `side` can jump (compulsory capture test; castles included). */
int cam_side_can_jump(const cam_state *s, int side);
/* Squares the piece on `from` can reach by one or more canters (its start square treated as
 * empty), honouring the castle rules but not the knight-canter rule: also the squares from
 * which a Charge's jumps may start. For the evaluation's mobility. */
void cam_canter_reach(const cam_state *s, int from, cam_sqset *out);

/* ---- Applying moves, end of game, hash (apply.c, endgame.c, zobrist.c) ---- */
/* Applies a move of the side to move (as generated; geometry is checked, legality is not). */
int cam_apply_move(const cam_state *s_in, cam_state *s, const ba_move *m);
/* The BA_RESULT_ of a state given the earlier positions' hashes (may be NULL). */
int cam_result(const ba_game *g, const cam_state *s, const ba_history *hist);
/* The hash from scratch (for checking the incremental one). Covers board, side to move, castle
 * moves used and must-leave obligations, NOT quiet_plies (so that repetitions can be found). */
uint64_t cam_hash_full(const cam_state *s);
/* The hash key of "side has used count castle moves" (0 for count 0). */
uint64_t cam_zobrist_castle_key(int side, int count);
/* Sets up the start position. */
void cam_start_position(cam_state *s);
/* Recomputes piece_count and hash from board & co (after editing a state by hand). */
void cam_state_finish(cam_state *s);

/* ---- Text (notation.c, postext.c, render.c) ---- */
int cam_move_to_text(const cam_state *s, const ba_move *m, char *buf, size_t cap);
int cam_move_from_text(const ba_game *g, const cam_state *s, const char *text, ba_move *out,
                       ba_error *err);
int cam_position_to_text(const cam_state *s, char *buf, size_t cap);
int cam_position_from_text(const ba_game *g, cam_state *s, const char *text, ba_error *err);
int cam_render(const cam_state *s, char *buf, size_t cap);

/* ---- Evaluation: implemented by the evaluation engineer (eval*.c) ----
 * Until their files exist, eval_placeholder.c provides material-only versions; they delete it.
 * cam_evaluate: side to move's view, within +-BA_SCORE_EVAL_MAX.
 * cam_explain: one "name white black" line per term, return length or error (ba_game::explain).
 * cam_order_key: larger = search first (ba_game::order_key). */
int cam_evaluate(const ba_game *g, const void *state);
int cam_explain(const ba_game *g, const void *state, char *buf, size_t cap);
int cam_order_key(const ba_game *g, const void *state, const ba_move *move);

#endif /* BOARDAI_CAMELOT_INTERNAL_H */
