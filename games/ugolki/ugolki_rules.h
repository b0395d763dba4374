/* Ugolki's position and rules (owner: ugolki_rules.c). Not installed. */
#ifndef BOARDAI_UGOLKI_RULES_H
#define BOARDAI_UGOLKI_RULES_H

#include "ugolki_params.h"

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

#endif /* BOARDAI_UGOLKI_RULES_H */
