/* Internal interface of the ugolki module: the state, the variant parameters and the functions
 * the module's files share with each other and with the tests. Not installed. */
#ifndef BOARDAI_UGOLKI_INTERNAL_H
#define BOARDAI_UGOLKI_INTERNAL_H

#include "boardai/game.h"
#include "boardai/ugolki.h"

/* Squares are 0..63, a1 = 0, b1 = 1, ..., h8 = 63 (rank * 8 + file): White's table index. */
#define UG_SQUARES 64

/* State flags. */
#define UG_FLAG_PASS 0x1u     /* the last move was a pass */
#define UG_FLAG_RETURN0 0x2u  /* White moved back into its own corner after the limit: lost */
#define UG_FLAG_RETURN1 0x4u  /* Black likewise */

/* The move tag of a pass (len 0); steps and leap chains have tag 0 and len 2 (from, to): a leap
 * chain always ends an even number of files and ranks away, a step one square away, so the two
 * squares alone say which kind of move it is. */
#define UG_TAG_PASS 1u

/* A position: flat memory, copied by memcpy. Side to move = ply & 1 (passes are moves). */
typedef struct ug_state {
    uint64_t occ[2];     /* pieces of White (0) and Black (1), bit = square */
    uint64_t board_hash; /* Zobrist hash of the pieces alone, kept up to date by apply */
    uint32_t ply;        /* plies played since the start */
    uint32_t flags;      /* UG_FLAG_ bits */
} ug_state;

/* A variant: its options plus what is derived from them once. */
typedef struct ug_params {
    ba_ugolki_options opt;
    uint64_t home[2];   /* starting corner of each side (the other side's target) */
    int threshold;      /* finish threshold of the evaluation */
    int directions;     /* 4 (orthogonal) or 8 (with diagonals) */
} ug_params;

/* Fixed Zobrist keys, index side * 64 + square. */
extern const uint64_t ug_zobrist[128];

/* ---- options and parameters (ugolki_game.c) ---- */
const ug_params *ug_params_of(const ba_game *g);
int ug_params_init(ug_params *p, const ba_ugolki_options *opt, ba_error *err);
uint64_t ug_hash(const ba_game *g, const void *state);

/* ---- rules (ugolki_rules.c) ---- */
uint64_t ug_corner(int pieces, int side);
/* The squares a piece on @p from can reach by one step / by a chain of leaps (never @p from). */
uint64_t ug_step_targets(const ug_params *p, const ug_state *s, int from);
uint64_t ug_leap_targets(const ug_params *p, const ug_state *s, int from);
/* 1 if @p side has any step or leap. */
int ug_has_move(const ug_params *p, const ug_state *s, int side);
int ug_init(const ba_game *g, void *state);
int ug_side_to_move(const ba_game *g, const void *state);
int ug_generate(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves,
                size_t cap);
int ug_apply(const ba_game *g, void *state, const ba_move *move);
int ug_status(const ba_game *g, const void *state, const ba_history *hist);
int ug_state_status(const ug_params *p, const ug_state *s);
void ug_state_set_board(ug_state *s, uint64_t white, uint64_t black);

/* ---- notation, position text, drawing (ugolki_text.c) ---- */
int ug_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf,
                    size_t cap);
int ug_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                      const char *text, ba_move *out, ba_error *err);
int ug_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap);
int ug_position_from_text(const ba_game *g, void *state, const char *text, ba_error *err);
int ug_render(const ba_game *g, const void *state, char *buf, size_t cap);
/* Writes square @p sq as "a1".."h8" into buf (at least 3 bytes). */
void ug_square_name(int sq, char *buf);

/* ---- evaluation (ugolki_eval.c) ---- */
/* The 64 entries of the corners article's table, White's index. */
extern const int ug_square_table[UG_SQUARES];
/* The bonus bits (bit = table index) in force in state @p s, 0 when the bonus is off. */
uint64_t ug_bonus_bits(const ug_params *p, const ug_state *s);
int ug_side_sum(const ug_params *p, const ug_state *s, int side);
int ug_evaluate(const ba_game *g, const void *state);
int ug_order_key(const ba_game *g, const void *state, const ba_move *move);
int ug_explain(const ba_game *g, const void *state, char *buf, size_t cap);

#endif /* BOARDAI_UGOLKI_INTERNAL_H */
