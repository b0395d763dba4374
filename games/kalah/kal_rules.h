/* Kalah internals shared by the game module, the solver and the tests: the state layout, the
 * variant parameters and the one implementation of a move used by the game module. */
#ifndef BOARDAI_KAL_RULES_H
#define BOARDAI_KAL_RULES_H

#include <stdint.h>

#include "boardai/kalah.h"

/* The variant, kept in ba_game::params. */
typedef struct kal_params {
    int pits;          /* per side */
    int seeds;         /* per pit at the start */
    int empty_capture; /* 1: capture into an own empty pit even when the opposite pit is empty */
} kal_params;

/* A position. pits[side][i] is side's i-th pit in sowing order: South's pit i+1, North's pit
 * m+2+i in the 1986 numbering. Unused pits (i >= m) and `reserved` stay zero so that states can
 * be compared and hashed as bytes. */
typedef struct kal_state {
    uint8_t pits[2][BA_KALAH_MAX_PITS];
    uint8_t store[2];
    uint8_t to_move; /* 0 South, 1 North */
    uint8_t reserved;
} kal_state;

/* What a move did, for tests and move ordering. */
typedef struct kal_outcome {
    int extra_turn; /* the last seed fell into the mover's store */
    int captured;   /* seeds moved to the store by a capture (0: no capture) */
    int game_over;  /* one side's pits became empty and the game ended */
} kal_outcome;

/* The parameters of a Kalah game, or NULL when g is not one of ours. */
const kal_params *kal_params_of(const ba_game *g);

/* Start position of the variant. */
void kal_start(const kal_params *p, kal_state *s);

/* Seeds in side's pits. */
int kal_side_seeds(const kal_params *p, const kal_state *s, int side);

/* Plays pit `pit` (0-based, of the side to move; must be non-empty), applying capture, extra
 * turn and the end rule. `out` may be NULL. */
void kal_play(const kal_params *p, kal_state *s, int pit, kal_outcome *out);

/* 1 when either side's pits are all empty (the game is over, maybe not yet swept). */
int kal_over(const kal_params *p, const kal_state *s);

/* The final margin of South (side 0) once the game is over, counting seeds still in the pits
 * for their owner. */
int kal_final_margin(const kal_params *p, const kal_state *s);

/* 1986 numbering: the pit number of (side, index), and back. */
int kal_pit_number(const kal_params *p, int side, int index);

#endif /* BOARDAI_KAL_RULES_H */
