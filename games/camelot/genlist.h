/* The move generator's working state and its move list (genlist.c): what the generating files
 * (canter.c, jumps.c, castle.c, movegen.c) share. Private to the rules files. */
#ifndef BOARDAI_CAMELOT_GENLIST_H
#define BOARDAI_CAMELOT_GENLIST_H

#include <string.h>

#include "camelot/camelot_internal.h"

/* Longest path (start + landings) a move may have: the ba_move payload. The real maximum is 54
 * (see movegen.c); emitting checks against this anyway, so a bug cannot overflow a move. */
#define CAM_PATH_MAX BA_MOVE_MAX_BYTES

/* How many of one piece's moves keep their captured set (beyond: rebuilt from the path). */
#define CAM_GEN_CAPS 64

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
    cam_sqset captured;       /* the squares the current jump chain has captured so far */
    /* The canter directions of each parity class for the side to move (canter.c: the same for
     * every piece of a class), computed on first use: bit c of canter_ok_ready says class c's
     * are there. */
    unsigned canter_ok_ready;
    uint64_t canter_ok[4][CAM_DIRS];
    /* Likewise for plain steps (movegen.c): per class and direction, the squares whose
     * neighbour that way is free for a step. */
    unsigned step_ok_ready;
    uint64_t step_ok[4][CAM_DIRS];
    /* The captured sets of the current piece's moves piece_first + i (i < CAM_GEN_CAPS; only
     * those of captures are meaningful): merging a capture with an earlier one compares sets
     * kept here instead of rebuilding both from the paths. */
    cam_sqset caps[CAM_GEN_CAPS];
} cam_gen;

/* The next free move of the list, cleared, with its tag and length set; NULL (and
 * gen->err = BA_ERR_BUFFER) when the caller's buffer is full. */
static inline ba_move *cam_gen_slot(cam_gen *gen, int tag, int len)
{
    if (gen->n >= gen->cap) {
        gen->err = BA_ERR_BUFFER;
        return NULL;
    }
    ba_move *m = &gen->moves[gen->n++];
    memset(m, 0, sizeof *m);
    m->len = (uint8_t)len;
    m->tag = (uint8_t)tag;
    return m;
}

void cam_gen_init(cam_gen *gen, const ba_game *g, const cam_state *s, ba_move *moves, size_t cap);
/* Adds a move (kind, path of len squares). Captures (JUMP/CHARGE; `captured`: the squares they
 * capture, NULL for other kinds) are merged with an earlier move of the same piece with the
 * same end and captured set, keeping the canonical path. */
void cam_gen_emit(cam_gen *gen, int kind, const uint8_t *path, int len, const cam_sqset *captured);

#endif /* BOARDAI_CAMELOT_GENLIST_H */
