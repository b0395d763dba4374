/*
 * Camelot captures: jump chains and Knight's Charges.
 *
 * A jump leaps an adjacent enemy piece to the empty square beyond and removes it at once, so a
 * chain may land again on squares it used (or on its start square, which the piece has left).
 * Having jumped, the piece goes on jumping while it can, choosing freely among continuations; a
 * chain stops at once when it lands in the opponent's castle. A Charge is a knight's canters (a
 * shortest canter route to the square where the jumping starts; any route gives the same move)
 * followed by a jump chain.
 */
#include <string.h>

#include "camelot/canter.h"
#include "camelot/jumps.h"

/* Depth-first over the continuations from path[len - 1], on gen->work (where captured pieces are
 * gone). `jumps` counts the jumps made so far in this chain. */
static void cam_jump_chain(cam_gen *gen, int kind, uint8_t *path, int len, int jumps)
{
    int cur = path[len - 1];
    /* The directions a jump continues in (an enemy next to cur, an empty square beyond it),
     * all eight at once without a branch each (an off-board leap reads square 0 and is masked
     * out): a branch per direction follows the position and was often mispredicted. Each
     * continuation restores the board before the next, so the mask stays valid; they are taken
     * in direction order, as before. */
    unsigned dirs = 0;
    if (!cam_is_opp_castle(cur, gen->side)) {
#pragma GCC unroll 8
        for (int d = 0; d < CAM_DIRS; d++) {
            int land = cam_leap[cur][d];
            int on = land != CAM_NO_SQUARE;
            uint8_t victim = gen->work[on ? cam_step[cur][d] : 0], at = gen->work[on ? land : 0];
            dirs |= (unsigned)(on & (at == CAM_EMPTY) & (victim != CAM_EMPTY) &
                               ((int)CAM_PIECE_SIDE(victim) != gen->side)) << d;
        }
    }
    if (dirs == 0) {
        if (jumps > 0) cam_gen_emit(gen, kind, path, len, &gen->captured);
        return;
    }
    if (len >= CAM_PATH_MAX) { /* cannot happen (see movegen.c); fail, never overflow */
        gen->err = BA_ERR_INTERNAL;
        return;
    }
    for (; dirs != 0 && gen->err == BA_OK; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs);
        int mid = cam_step[cur][d];
        uint8_t victim = gen->work[mid];
        gen->work[mid] = CAM_EMPTY;
        cam_sqset_add(&gen->captured, mid);
        path[len] = cam_leap[cur][d];
        cam_jump_chain(gen, kind, path, len + 1, jumps + 1);
        gen->captured.w[mid >> 6] &= ~((uint64_t)1 << (mid & 63));
        gen->work[mid] = victim;
    }
}

void cam_gen_jumps(cam_gen *gen, int from)
{
    if (!cam_jump_from(gen->s->board, gen->side, from, CAM_NO_SQUARE)) return;
    memcpy(gen->work, gen->s->board, CAM_SQUARES);
    gen->work[from] = CAM_EMPTY; /* the piece has left: its square is free for the chain */
    uint8_t path[CAM_PATH_MAX];
    path[0] = (uint8_t)from;
    memset(&gen->captured, 0, sizeof gen->captured);
    cam_jump_chain(gen, CAM_MOVE_JUMP, path, 1, 0);
}

int cam_gen_charges_bfs(cam_gen *gen, int from, const uint8_t *parent, const uint8_t *order, int count,
                        uint64_t starts)
{
    int any = 0;
    for (int i = 0; i < count && gen->err == BA_OK; i++) {
        int r = order[i];
        /* A start outside the opponent's castle (there the move has ended on entering). */
        if (!((starts >> CAM_PC_BIT(cam_sq_file[r], cam_sq_rank[r])) & 1)) continue;
        any = 1;
        uint8_t rev[CAM_SQUARES];
        int n = 0;
        for (int x = r; x != from; x = parent[x]) rev[n++] = (uint8_t)x;
        if (n + 1 >= CAM_PATH_MAX) {
            gen->err = BA_ERR_INTERNAL;
            return any;
        }
        uint8_t path[CAM_PATH_MAX];
        path[0] = (uint8_t)from;
        for (int k = 0; k < n; k++) path[1 + k] = rev[n - 1 - k];
        memcpy(gen->work, gen->s->board, CAM_SQUARES);
        gen->work[from] = CAM_EMPTY;
        memset(&gen->captured, 0, sizeof gen->captured);
        cam_jump_chain(gen, CAM_MOVE_CHARGE, path, n + 1, 0);
    }
    return any;
}

void cam_gen_charges(cam_gen *gen, int from)
{
    uint64_t starts = cam_charge_starts(gen->s, gen->side, from);
    if (starts == 0) return;
    uint8_t parent[CAM_SQUARES], order[CAM_SQUARES];
    /* The canter part may pass squares next to jumpable enemies (it captures later), so no
     * knight restriction here. */
    int count = cam_gen_canter_bfs(gen, from, 0, parent, order);
    (void)cam_gen_charges_bfs(gen, from, parent, order, count, starts);
}
