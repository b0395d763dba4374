/* The move generator's working state, shared by movegen.c (plain moves, canters, the top-level
 * order of the rules), jumps.c (jump chains and Knight's Charges) and castle.c (castle rules).
 * Private to the rules files. */
#ifndef BOARDAI_CAMELOT_MOVEGEN_INTERNAL_H
#define BOARDAI_CAMELOT_MOVEGEN_INTERNAL_H

#include "camelot/camelot_internal.h"

/* Longest path (start + landings) a move may have: the ba_move payload. The real maximum is 54
 * (see movegen.c); emitting checks against this anyway, so a bug cannot overflow a move. */
#define CAM_PATH_MAX BA_MOVE_MAX_BYTES

typedef struct cam_gen {
    const cam_state *s;
    int side;                 /* the side to move */
    int knight_rule;          /* reading A on */
    int castle_limit;         /* castle moves allowed per player */
    ba_move *moves;           /* caller's buffer */
    size_t cap;
    size_t n;                 /* moves written */
    int err;                  /* first error (BA_ERR_BUFFER, BA_ERR_INTERNAL) or BA_OK */
    size_t piece_first;       /* first move of the current piece: captures dedupe from here */
    int only_from;            /* CAM_NO_SQUARE, or list only the moves starting here */
    uint8_t work[CAM_SQUARES]; /* board for jump chains: captured pieces vanish as they go */
} cam_gen;

void cam_gen_init(cam_gen *gen, const ba_game *g, const cam_state *s, ba_move *moves, size_t cap);
/* True if the board byte p is a piece of `side`. */
static inline int cam_is_own(uint8_t p, int side) { return p != CAM_EMPTY && (int)CAM_PIECE_SIDE(p) == side; }
static inline int cam_is_enemy(uint8_t p, int side) { return p != CAM_EMPTY && (int)CAM_PIECE_SIDE(p) != side; }
/* The owner of a castle square (inline twin of cam_castle_owner for the hot paths): castle
 * squares are the first two (F1 G1) and the last two (F16 G16) in square order. */
static inline int cam_castle_side(int sq) { return sq <= CAM_SQ_G1 ? 0 : sq >= CAM_SQ_F16 ? 1 : -1; }
/* True if sq is the castle of the opponent of `side` (entering it ends a move; never left). */
static inline int cam_is_opp_castle(int sq, int side) { return cam_castle_side(sq) == 1 - side; }
static inline int cam_is_own_castle(int sq, int side) { return cam_castle_side(sq) == side; }

/* Adds a move (kind, path of len squares). Captures (JUMP/CHARGE) are merged with an earlier
 * move of the same piece with the same end and captured set, keeping the canonical path. */
void cam_gen_emit(cam_gen *gen, int kind, const uint8_t *path, int len);

void cam_gen_plain(cam_gen *gen, int from);
/* Non-capturing canter moves; with the knight rule for knights. */
void cam_gen_canters(cam_gen *gen, int from);
/* Breadth-first canter search from `from` (its square counted as empty): fills parent[] (the
 * previous square on a shortest path, CAM_NO_SQUARE for unreached) and order[] (reached squares
 * in BFS order, `from` excluded); returns their number. `restrict_knight`: skip squares from
 * which a jump exists (reading A). */
int cam_canter_bfs(const cam_state *s, int side, int from, int restrict_knight, uint8_t *parent,
                   uint8_t *order);
/* 1 if, with the piece on `from` lifted, a piece of `side` standing on x could jump. */
int cam_jump_from(const uint8_t *board, int side, int x, int from);

void cam_gen_jumps(cam_gen *gen, int from);
void cam_gen_charges(cam_gen *gen, int from);
/* The Charges of the knight on `from` given its unrestricted canter BFS (parent, order, count).
 * Returns 1 if some square it reaches lets it jump (then the knight rule bites). */
int cam_gen_charges_bfs(cam_gen *gen, int from, const uint8_t *parent, const uint8_t *order, int count);
void cam_gen_castle_moves(cam_gen *gen, int from, int capture_compulsory);
/* The piece on s->must_leave[side] when that obligation is live, else CAM_NO_SQUARE. */
int cam_obliged_piece(const cam_state *s);

/* 1 if the piece on sq (of the side to move) has at least one move by the piece rules
 * (ignoring compulsory capture and the castle obligation), without listing them. */
int cam_piece_has_move(const ba_game *g, const cam_state *s, int sq);
/* The legal moves that start on `from` (the turn's rules applied as for all moves). */
int cam_generate_from(const ba_game *g, const cam_state *s, int from, ba_move *moves, size_t cap);

/* The result when it follows without listing the moves (every rule except "no legal move"):
 * generate() uses it, since an empty move list already expresses that rule. */
int cam_game_over_without_movelist(const ba_game *g, const cam_state *s, const ba_history *hist);

/* Selective-search hooks of the vtable (selective.c). */
int cam_make_null(const ba_game *g, void *state);
int cam_null_move_unsafe(const ba_game *g, const void *state);
int cam_futility_margin(const ba_game *g, const void *state, int depth);
int cam_move_noisy(const ba_game *g, const void *state, const ba_move *move);
int cam_noisy_only(const ba_game *g, const void *state);

#endif
