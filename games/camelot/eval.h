/*
 * Camelot evaluation internals (not installed): Nolan's twelve factors over a "view" of the
 * board, a padded mailbox that every factor reads. The view is built once per evaluation from
 * the game state (eval.c) or directly from a piece list (tests), so each factor can be tested
 * from a concrete position of its own.
 *
 * Units: every value here is in hundredths of Nolan's points (CAM_EVAL_SCALE), so the two
 * decimals of the knight's value K(P, N) survive in integer arithmetic.
 */
#ifndef BOARDAI_CAMELOT_EVAL_H
#define BOARDAI_CAMELOT_EVAL_H

#include <stdint.h>

#include "boardai/camelot.h"
#include "camelot/bb.h"

/** Hundredths of a point: the evaluation's integer unit (BA_CAMELOT_EVAL_SCALE). */
#define CAM_EVAL_SCALE 100

/* ---- the view: a 12 x 16 board with a 2-square border on every side ---- */
#define CAM_VW 16                  /* files A..L plus two border columns each side */
#define CAM_VH 20                  /* ranks 1..16 plus two border rows each side */
#define CAM_VCELLS (CAM_VW * CAM_VH)
/** View index of (file 0..11, rank 0..15), rank 0 = rank 1 (White's castle row). */
#define CAM_VSQ(file, rank) (((rank) + 2) * CAM_VW + (file) + 2)
#define CAM_VFILE(v) ((v) % CAM_VW - 2)
#define CAM_VRANK(v) ((v) / CAM_VW - 2)

/* Cell contents. A piece is CAM_C_PIECE | side bit | knight bit. */
#define CAM_C_EMPTY 0u
#define CAM_C_KNIGHT 1u
#define CAM_C_BLACK 2u
#define CAM_C_PIECE 4u
#define CAM_C_OFF 8u
#define CAM_C_MAN_OF(side) (CAM_C_PIECE | ((side) ? CAM_C_BLACK : 0u))
#define CAM_C_KNIGHT_OF(side) (CAM_C_MAN_OF(side) | CAM_C_KNIGHT)

/** Most pieces one side can have. */
#define CAM_VIEW_MAX_PIECES 14

typedef struct cam_view {
    uint8_t cell[CAM_VCELLS];
    int side_to_move;
    int castle_moves_left[2];            /* castle moves each side may still make */
    int count[2];                        /* pieces per side */
    int16_t sq[2][CAM_VIEW_MAX_PIECES];  /* their view indices */
    cam_bb men[2], knights[2];           /* the same pieces as bitboards (bb.h), for the
                                            neighbourhood factors */
} cam_view;

/** The eight directions in view indices. */
extern const int cam_view_dirs[8];

#define CAM_V_F1 CAM_VSQ(5, 0)
#define CAM_V_G1 CAM_VSQ(6, 0)
#define CAM_V_F16 CAM_VSQ(5, 15)
#define CAM_V_G16 CAM_VSQ(6, 15)
/** The side whose own castle view index @p v is (0 for F1 G1, 1 for F16 G16), or -1. */
static inline int cam_view_castle_owner(int v)
{
    if (v == CAM_V_F1 || v == CAM_V_G1)
        return 0;
    if (v == CAM_V_F16 || v == CAM_V_G16)
        return 1;
    return -1;
}
/** Saturates a 64-bit sum into the int32 range of the terms. */
static inline int32_t cam_sat32(int64_t x)
{
    return x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : (int32_t)x;
}
/** Empties @p view (all board squares empty, border off-board, side 0 to move, 2 castle moves). */
void cam_view_clear(cam_view *view);
/** Puts a piece of @p side (knight or man) on (file, rank); the square must be on the board and
 *  empty. @return 0, or -1 if not (off the board, occupied, too many pieces). */
int cam_view_put(cam_view *view, int file, int rank, int side, int knight);

/* ---- parameters: every factor reads the game's options (weights and Nolan's N) ---- */
typedef ba_camelot_options cam_eval_params;

/** K(P, N) = man + man/100 * (x^(n-1) - x^(n-P)) for P >= 2, man for P <= 1 (knight.c). */
double cam_knight_value(double n, double x, double man, int pieces);
/** K(P, N) of the options' N and weights in hundredths of a point, rounded to nearest. */
int32_t cam_knight_cp(const cam_eval_params *p, int pieces);

/* ---- the factors, one function each, for one side, in hundredths of a point ---- */
/** Pieces of @p side not on any castle square: Nolan's P. */
int cam_eval_uncastled(const cam_view *v, int side);
int32_t cam_eval_material(const cam_view *v, int side, const cam_eval_params *p);      /* 1 */
int32_t cam_eval_castle_win(const cam_view *v, int side, const cam_eval_params *p);    /* 2 */
int32_t cam_eval_wipeout(const cam_view *v, int side, const cam_eval_params *p);       /* 3 */
int32_t cam_eval_advance(const cam_view *v, int side, const cam_eval_params *p);       /* 4 */
/** Squares controlled by all pieces of @p side (the raw count, before the weight). */
int cam_eval_mobility_count(cam_view *v, int side);
int32_t cam_eval_mobility(cam_view *v, int side, const cam_eval_params *p);            /* 5 */
/** Factor 6 from the two material values (factor 1) in hundredths. */
int32_t cam_eval_trading(int32_t own, int32_t opp, const cam_eval_params *p);          /* 6 */
int32_t cam_eval_centre(const cam_view *v, int side, const cam_eval_params *p);        /* 7 */
int32_t cam_eval_knight_support(const cam_view *v, int side, const cam_eval_params *p); /* 8 */
int32_t cam_eval_man_support(const cam_view *v, int side, const cam_eval_params *p);   /* 9 */
/** Factor 10 as a position term: pieces of @p side standing next to an enemy piece they could
 *  jump while that piece cannot jump them. Only the side that has just moved is charged. */
int32_t cam_eval_exposure(const cam_view *v, int side, const cam_eval_params *p);      /* 10 */
/** 1 if a piece of @p side on @p to (its origin @p from already vacated, which the caller
 *  passes so it counts as empty) stands next to an enemy it could jump but that cannot jump it. */
int cam_eval_trap_square(const cam_view *v, int side, int from, int to);

/** Every factor for both sides: terms[side][factor], in hundredths. */
typedef struct cam_eval_terms {
    int32_t terms[2][BA_CAMELOT_FACTORS];
    int32_t total[2];
} cam_eval_terms;

/** Computes every factor of @p v (the view may be modified temporarily, restored on return). */
void cam_eval_view_terms(cam_view *v, const cam_eval_params *p, cam_eval_terms *out);
/** The evaluation of @p v from the side to move's view, clamped to +-BA_SCORE_EVAL_MAX. */
int cam_eval_view(cam_view *v, const cam_eval_params *p);

/**
 * The move-ordering key (factors 11, 12 and 10) in hundredths: leave_castle if the move leaves
 * the own castle, plus capture (and @p captures hundredths, so that longer chains come first)
 * if it captures, plus exposure if it is a non-capture that ends in a trap (@p trap), plus half
 * of castle_win if it enters the opponent's castle (@p enters: a castle threat, searched right
 * after the captures).
 */
int cam_eval_move_key_parts(const cam_eval_params *p, int leaves_castle, int captures, int trap,
                            int enters);

/* ---- on the rules module's state (eval.c) ---- */
struct cam_state;
/** Builds the view of a rules state. */
void cam_view_from_state(const struct cam_state *s, cam_view *out);
/** cam_eval_trap_square on the rules state (for the ordering key, without a view): 1 if the
 *  piece of @p side moving from @p from ends on @p to next to an enemy it could jump that
 *  cannot jump it. */
int cam_state_trap_square(const struct cam_state *s, int side, int from, int to);

#endif /* BOARDAI_CAMELOT_EVAL_H */
