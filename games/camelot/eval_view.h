/*
 * The Camelot evaluation's view of the board (eval_view.c): a padded mailbox that every factor
 * reads, plus the same pieces as bitboards. The view is built from the game state (eval.c) or
 * directly from a piece list (tests), so each factor can be tested from a position of its own.
 */
#ifndef BOARDAI_CAMELOT_EVAL_VIEW_H
#define BOARDAI_CAMELOT_EVAL_VIEW_H

#include <stdint.h>

#include "camelot/bb.h"
#include "camelot/pcbb.h"

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
    cam_pcbb pmen[2], pknights[2];       /* and as parity-class bitboards (pcbb.h), for
                                            mobility */
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
/** Empties @p view (all board squares empty, border off-board, side 0 to move, 2 castle moves). */
void cam_view_clear(cam_view *view);
/** Puts a piece of @p side (knight or man) on (file, rank); the square must be on the board and
 *  empty. @return 0, or -1 if not (off the board, occupied, too many pieces). */
int cam_view_put(cam_view *view, int file, int rank, int side, int knight);

#endif /* BOARDAI_CAMELOT_EVAL_VIEW_H */
