/*
 * Camelot evaluation: the board view (a padded mailbox) and its geometry.
 *
 * The rules module numbers only the 160 real squares; the evaluation instead pads the 12 x 16
 * rectangle with two off-board cells on every side, so that "the square beyond the neighbour"
 * (where a canter or jump lands) is always an array index and off-board cells simply never
 * hold a piece or count as empty. Every factor then reads cells with no bounds test.
 */
#include <string.h>

#include "camelot/eval_view.h"

const int cam_view_dirs[8] = {CAM_VW, CAM_VW + 1, 1, -CAM_VW + 1, -CAM_VW, -CAM_VW - 1, -1,
                              CAM_VW - 1};

/* The empty board: 8 (CAM_C_OFF) off the board, 0 (CAM_C_EMPTY) on it; one row of 16 cells per
 * view rank, bottom (two border rows below rank 1) to top. Rank widths from the rules file:
 * rank 1 F-G, ranks 2/15 C-J, ranks 3/14 B-K, ranks 4-13 A-L, rank 16 F-G. */
static const uint8_t EMPTY_BOARD[CAM_VCELLS] = {
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 0, 0, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8,
    8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8,
    8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8,
    8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 0, 0, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
};

void cam_view_clear(cam_view *view)
{
    memcpy(view->cell, EMPTY_BOARD, sizeof view->cell);
    view->side_to_move = 0;
    view->castle_moves_left[0] = view->castle_moves_left[1] = 2;
    view->count[0] = view->count[1] = 0;
    memset(view->men, 0, sizeof view->men);
    memset(view->knights, 0, sizeof view->knights);
    memset(view->pmen, 0, sizeof view->pmen);
    memset(view->pknights, 0, sizeof view->pknights);
}

int cam_view_put(cam_view *view, int file, int rank, int side, int knight)
{
    if (file < 0 || file > 11 || rank < 0 || rank > 15 || (side != 0 && side != 1))
        return -1;
    int v = CAM_VSQ(file, rank);
    if (view->cell[v] != CAM_C_EMPTY || view->count[side] >= CAM_VIEW_MAX_PIECES)
        return -1;
    view->cell[v] = (uint8_t)(knight ? CAM_C_KNIGHT_OF(side) : CAM_C_MAN_OF(side));
    view->sq[side][view->count[side]++] = (int16_t)v;
    cam_bb_set(knight ? &view->knights[side] : &view->men[side], CAM_BB_BIT(file, rank));
    cam_pc_set(knight ? &view->pknights[side] : &view->pmen[side], file, rank);
    return 0;
}
