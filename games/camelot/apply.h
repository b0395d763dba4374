/* Camelot moves decoded and applied (apply.c). */
#ifndef BOARDAI_CAMELOT_APPLY_H
#define BOARDAI_CAMELOT_APPLY_H

#include "camelot/camelot_internal.h"

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
/* Applies a move of the side to move (as generated; geometry is checked, legality is not). */
int cam_apply_move(const cam_state *s_in, cam_state *s, const ba_move *m);

/* The square between a and b when b is two steps from a in a straight line, else NO_SQUARE;
 * and whether a and b are neighbours. From the coordinates, without a loop over the eight
 * directions: that loop's exit depends on the move, so it was mispredicted at most moves (a
 * move is decoded at every node). Two squares of the board in a straight line two steps apart
 * always have the square between them on the board (test_movegen checks both against the
 * direction tables for every pair). a and b are board squares. */
static inline int cam_middle_square(int a, int b)
{
    int df = cam_sq_file[b] - cam_sq_file[a], dr = cam_sq_rank[b] - cam_sq_rank[a];
    int ok = (df == 0 || df == 2 || df == -2) & (dr == 0 || dr == 2 || dr == -2) & ((df | dr) != 0);
    return ok ? cam_coord_sq[cam_sq_rank[a] + dr / 2][cam_sq_file[a] + df / 2] : CAM_NO_SQUARE;
}

static inline int cam_adjacent_squares(int a, int b)
{
    int df = cam_sq_file[b] - cam_sq_file[a], dr = cam_sq_rank[b] - cam_sq_rank[a];
    return (df >= -1) & (df <= 1) & (dr >= -1) & (dr <= 1) & ((df | dr) != 0);
}

#endif /* BOARDAI_CAMELOT_APPLY_H */
