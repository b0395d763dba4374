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

#endif /* BOARDAI_CAMELOT_APPLY_H */
