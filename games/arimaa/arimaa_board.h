/* The bottom of the Arimaa module: the state layout, bitboard helpers and the board primitives
 * (board.c) that every other file builds on: placing, moving and stepping pieces with the hash
 * kept in step, trap captures, freezing, and the end-of-turn checks that need no generation.
 * This header includes nothing of the module, its inline helpers call no function, and board.c
 * calls nothing above it: the step primitives (arm_make_step, arm_apply_action) sit at the
 * bottom of the module's call graph. */
#ifndef ARIMAA_BOARD_H
#define ARIMAA_BOARD_H

#include <stdint.h>
#include <string.h>

#include <boardai/arimaa.h>

/* Sides and piece types (ordered by strength, so "stronger" is a plain comparison). */
enum { ARM_GOLD = 0, ARM_SILVER = 1 };
enum { ARM_RABBIT = 0, ARM_CAT, ARM_DOG, ARM_HORSE, ARM_CAMEL, ARM_ELEPHANT, ARM_TYPES };
enum { ARM_NORTH = 0, ARM_SOUTH, ARM_EAST, ARM_WEST };
/* board[] value of an empty square; otherwise side * 8 + type. */
#define ARM_EMPTY 0xFF

/* Phases: the two setup turns, then play. */
enum { ARM_PHASE_SETUP_GOLD = 0, ARM_PHASE_SETUP_SILVER = 1, ARM_PHASE_PLAY = 2 };

/* Bitboard masks: bit (rank * 8 + file), a1 = bit 0. */
#define ARM_FILE_A 0x0101010101010101ull
#define ARM_FILE_H 0x8080808080808080ull
#define ARM_RANK_1 0x00000000000000FFull
#define ARM_RANK_8 0xFF00000000000000ull
#define ARM_TRAPS ((1ull << 18) | (1ull << 21) | (1ull << 42) | (1ull << 45)) /* c3 f3 c6 f6 */
/* The square of trap k (0..3: c3 f3 c6 f6, the order of the trap terms' trap_index). */
static inline int arm_trap_square(int k) { return k < 2 ? 18 + 3 * k : 42 + 3 * (k - 2); }
/* The squares beside a trap square, and those within two squares of it (the trap included); no
 * trap is within two squares of an edge, so no shift wraps. */
#define ARM_TRAP_RING_OF(t)                                                                        \
    ((1ull << ((t) + 8)) | (1ull << ((t) - 8)) | (1ull << ((t) + 1)) | (1ull << ((t) - 1)))
#define ARM_TRAP_AREA_OF(t)                                                                        \
    (ARM_TRAP_RING_OF(t) | (1ull << (t)) | (1ull << ((t) + 16)) | (1ull << ((t) - 16)) |        \
     (1ull << ((t) + 2)) | (1ull << ((t) - 2)) | (1ull << ((t) + 9)) | (1ull << ((t) + 7)) |    \
     (1ull << ((t) - 7)) | (1ull << ((t) - 9)))
/* The ring and the area of trap k, as constants rather than neighbour sets made at each call: the
 * evaluation and the capture detectors ask for them at every leaf. */
static inline uint64_t arm_trap_ring(int k)
{
    static const uint64_t ring[4] = {ARM_TRAP_RING_OF(18), ARM_TRAP_RING_OF(21),
                                     ARM_TRAP_RING_OF(42), ARM_TRAP_RING_OF(45)};
    return ring[k];
}
static inline uint64_t arm_trap_area(int k)
{
    static const uint64_t area[4] = {ARM_TRAP_AREA_OF(18), ARM_TRAP_AREA_OF(21),
                                     ARM_TRAP_AREA_OF(42), ARM_TRAP_AREA_OF(45)};
    return area[k];
}

/* The whole game state: flat, memcpy-able. bb/occ/board are three views of the same pieces,
 * kept together because step generation wants sets and step making wants a square lookup. */
typedef struct arm_state {
    uint64_t bb[2][ARM_TYPES]; /* pieces by side and type */
    uint64_t occ[2];           /* all pieces of a side */
    uint64_t hash;             /* Zobrist hash of pieces, side to move and phase */
    uint8_t board[64];         /* side * 8 + type, or ARM_EMPTY */
    uint8_t side;              /* side to move */
    uint8_t phase;             /* ARM_PHASE_ */
    /* The step game only (search_by_steps; always 0 in the turn game): steps made so far in
     * this turn, and the hash of the position the turn started from (a turn may not end there). */
    uint8_t steps;
    /* The step game only: the steps of the action that led here (2 after a push or pull, 1
     * after a step, 0 after a pass or at a root set from text). The search charges a push its
     * two steps of depth through the extension hook (arm_step_extension). */
    uint8_t last_len;
    /* The step game only: the steps of its turn that the pass which led here gave up (0 after
     * any other action). With arm_params::pass_costs_rest the search charges them as depth. */
    uint8_t pass_left;
    uint8_t pad[3];
    uint64_t turn_start;
} arm_state;

static inline uint64_t arm_bit(int sq) { return 1ull << sq; }
/* Bit count by the usual SWAR sum: without -mpopcnt the builtin is a call into libgcc, which
 * the evaluation and the threat detectors make millions of times a second. */
static inline int arm_popcount(uint64_t b)
{
    b = b - ((b >> 1) & 0x5555555555555555ull);
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((b * 0x0101010101010101ull) >> 56);
}
static inline int arm_lsb(uint64_t b) { return __builtin_ctzll(b); }
/* Squares orthogonally adjacent to any square of b. */
static inline uint64_t arm_neighbours(uint64_t b)
{
    return (b << 8) | (b >> 8) | ((b & ~ARM_FILE_H) << 1) | ((b & ~ARM_FILE_A) >> 1);
}
/* The square one step from sq in direction dir, or -1 off the board. */
static inline int arm_step_to(int sq, int dir)
{
    switch (dir) {
    case ARM_NORTH: return sq < 56 ? sq + 8 : -1;
    case ARM_SOUTH: return sq >= 8 ? sq - 8 : -1;
    case ARM_EAST: return (sq & 7) != 7 ? sq + 1 : -1;
    default: return (sq & 7) != 0 ? sq - 1 : -1;
    }
}
/* Direction from a to an adjacent square b. */
static inline int arm_dir_between(int a, int b)
{
    int d = b - a;
    return d == 8 ? ARM_NORTH : d == -8 ? ARM_SOUTH : d == 1 ? ARM_EAST : ARM_WEST;
}
static inline int arm_distance(int a, int b)
{
    int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
    return (df < 0 ? -df : df) + (dr < 0 ? -dr : dr);
}
/* Pieces of side s stronger than type t. */
static inline uint64_t arm_stronger(const arm_state *st, int s, int t)
{
    uint64_t b = 0;
    for (int u = t + 1; u < ARM_TYPES; u++) b |= st->bb[s][u];
    return b;
}
/* Pieces of side s weaker than type t. */
static inline uint64_t arm_weaker(const arm_state *st, int s, int t)
{
    uint64_t b = 0;
    for (int u = 0; u < t; u++) b |= st->bb[s][u];
    return b;
}
/* The goal rank of side s. */
static inline uint64_t arm_goal_rank(int s) { return s == ARM_GOLD ? ARM_RANK_8 : ARM_RANK_1; }

/* The letter of a piece: "RCDHME" for Gold, lower case for Silver. */
char arm_piece_letter(int side, int type);
/* Parses a square "a1".."h8" at text; returns 0..63 or -1. */
int arm_parse_square(const char *text);
/* Writes the two characters of a square (no NUL). */
void arm_square_name(int sq, char out[2]);

/* Making and changing states. */
void arm_clear(arm_state *st);
void arm_put(arm_state *st, int sq, int side, int type);
void arm_remove(arm_state *st, int sq);
void arm_move_piece(arm_state *st, int from, int to);
/* Removes unprotected pieces on traps; fills captured squares/values (up to 4) if non-NULL.
 * Returns the number removed. */
int arm_captures(arm_state *st, int *sq_out, uint8_t *piece_out);
/* One step: moves the piece on from to the adjacent empty square, then applies captures. */
int arm_make_step(arm_state *st, int from, int dir, int *cap_sq, uint8_t *cap_piece);
/* Frozen pieces of side s (adjacent to a stronger enemy and to no friend). */
uint64_t arm_frozen(const arm_state *st, int s);
/* The frozen pieces of side s among the squares of among (arm_frozen(st, s) & among, at less
 * cost when among holds few pieces). */
uint64_t arm_frozen_among(const arm_state *st, int s, uint64_t among);
/* 1 when the piece of owner on the square v (one bit) is frozen (frozen: arm_frozen(st, owner))
 * with no friend within two squares: no step of owner's walks it away or unfreezes it before the
 * enemy moves again. Used by the capture-threat term and the trap term. */
static inline int arm_stuck(const arm_state *st, int owner, uint64_t frozen, uint64_t v)
{
    uint64_t near = arm_neighbours(v);
    near |= arm_neighbours(near);
    return (frozen & v) && !(st->occ[owner] & near & ~v);
}
/* Recomputes the hash from scratch (the incremental one must always equal it). */
uint64_t arm_hash_full(const arm_state *st);
/* Hash of the state as it will be at the end of the turn (side to move switched). */
uint64_t arm_hash_after_turn(const arm_state *st);
/* Checks internal consistency (tests). */
int arm_state_valid(const arm_state *st);
/* End-of-turn checks except immobilisation: BA_RESULT_ value. */
int arm_static_result(const arm_state *st);

/* One action: a simple step (n = 1) or a push / pull (n = 2), steps as in ba_move bytes. */
typedef struct arm_action {
    uint8_t n;
    uint8_t step[2];
} arm_action;
/* Plays an action's steps (captures included); the action must be legal. */
void arm_apply_action(arm_state *st, const arm_action *a);

#endif /* ARIMAA_BOARD_H */
