/*
 * Camelot canters: a breadth-first search over canters from one piece (shortest paths, so the
 * canonical path of every canter move), the canter moves themselves, and the canter reach.
 * Canters leap friendly pieces; the piece's own start square counts as empty.
 */
#include <string.h>

#include "camelot/canter.h"

int cam_canter_bfs(const cam_state *s, int side, int from, int restrict_knight, uint8_t *parent,
                   uint8_t *order)
{
    const uint8_t *board = s->board;
    memset(parent, CAM_NO_SQUARE, CAM_SQUARES);
    parent[from] = (uint8_t)from;
    int head = 0, count = 0;
    int cur = from;
    for (;;) {
        /* A canter into the opponent's castle ends the move there. */
        if (cur == from || !cam_is_opp_castle(cur, side)) {
            for (int d = 0; d < CAM_DIRS; d++) {
                int land = cam_leap[cur][d];
                if (land == CAM_NO_SQUARE || parent[land] != CAM_NO_SQUARE) continue;
                int mid = cam_step[cur][d];
                if (mid == from || !cam_is_own(board[mid], side)) continue;
                if (board[land] != CAM_EMPTY) continue; /* from itself is already marked */
                if (cam_is_own_castle(land, side)) continue; /* never entered by a canter */
                if (restrict_knight && cam_jump_from(board, side, land, from)) continue;
                parent[land] = (uint8_t)cur;
                order[count++] = (uint8_t)land;
            }
        }
        if (head >= count) break;
        cur = order[head++];
    }
    return count;
}

/* The canter moves of a BFS result, each by its shortest path. */
void cam_emit_canters(cam_gen *gen, const uint8_t *parent, const uint8_t *order, int count)
{
    /* Canter destinations are distinct (one per BFS square), so no de-duplication: each path
     * is written straight into the caller's move, backwards from the destination. */
    for (int i = 0; i < count; i++) {
        int len = 1;
        for (int x = order[i]; parent[x] != x; x = parent[x]) len++;
        if (len > CAM_PATH_MAX) {
            gen->err = BA_ERR_INTERNAL;
            return;
        }
        ba_move *m = cam_gen_slot(gen, CAM_MOVE_CANTER, len);
        if (!m)
            return;
        int x = order[i];
        for (int k = len - 1; k >= 0; k--, x = parent[x]) m->bytes[k] = (uint8_t)x;
    }
}

void cam_gen_canters(cam_gen *gen, int from)
{
    uint8_t parent[CAM_SQUARES], order[CAM_SQUARES];
    int knight = CAM_PIECE_KIND(gen->s->board[from]) == CAM_KNIGHT;
    int count = cam_canter_bfs(gen->s, gen->side, from, knight && gen->knight_rule, parent, order);
    cam_emit_canters(gen, parent, order, count);
}

void cam_canter_reach(const cam_state *s, int from, cam_sqset *out)
{
    uint8_t parent[CAM_SQUARES], order[CAM_SQUARES];
    memset(out, 0, sizeof *out);
    if (s->board[from] == CAM_EMPTY) return;
    int side = (int)CAM_PIECE_SIDE(s->board[from]);
    if (cam_is_opp_castle(from, side)) return;
    int count = cam_canter_bfs(s, side, from, 0, parent, order);
    for (int i = 0; i < count; i++) cam_sqset_add(out, order[i]);
}

