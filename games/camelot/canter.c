/*
 * Camelot canters: a breadth-first search over canters from one piece (shortest paths, so the
 * canonical path of every canter move), the canter moves themselves, and the canter reach.
 * Canters leap friendly pieces; the piece's own start square counts as empty.
 */
#include <string.h>

#include "camelot/canter.h"

#if defined(__GNUC__)
#define CAM_CANTER_INLINE static inline __attribute__((always_inline))
#else
#define CAM_CANTER_INLINE static inline
#endif

/* The eight directions of canter_dirs for a constant class c (so that every shift and table
 * read folds to a constant). */
CAM_CANTER_INLINE void canter_dirs_class(const uint64_t *own, uint64_t target, uint64_t *ok, int c)
{
#pragma GCC unroll 8
    for (int d = 0; d < CAM_DIRS; d++)
        ok[d] = cam_pc_shift(own[c ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][d]) &
                cam_pc_shift(target, -cam_pc_leap_off[d]) & CAM_PC_BOARD[c];
}

/* ok[d]: the squares of parity class c from which a canter of a piece of `side` in direction d
 * lands on a square it may canter to (empty, not its own castle): a friendly piece on the
 * square between, all squares at once on the state's piece sets. A piece's own square is
 * occupied, so nothing lands there (it counts as empty only as the square between two others,
 * and those lie in other classes). The same for every piece of the class: a move generation
 * computes it once per class (cam_gen's canter_ok). */
static void canter_dirs_of_class(const cam_state *s, int side, int c, uint64_t *ok)
{
    const uint64_t *own_castle = side == 0 ? CAM_PC_WHITE_CASTLE : CAM_PC_BLACK_CASTLE;
    uint64_t own[4];
    for (int k = 0; k < 4; k++)
        own[k] = s->pieces[side][0].c[k] | s->pieces[side][1].c[k];
    uint64_t target = CAM_PC_BOARD[c] & ~own[c] & ~own_castle[c] &
                      ~(s->pieces[1 - side][0].c[c] | s->pieces[1 - side][1].c[c]);
    switch (c) {
    case 0: canter_dirs_class(own, target, ok, 0); break;
    case 1: canter_dirs_class(own, target, ok, 1); break;
    case 2: canter_dirs_class(own, target, ok, 2); break;
    default: canter_dirs_class(own, target, ok, 3); break;
    }
}

/* canter_dirs_of_class for the class of `from`; returns the class. */
static int canter_dirs(const cam_state *s, int side, int from, uint64_t *ok)
{
    int c = CAM_PC_CLASS(cam_sq_file[from], cam_sq_rank[from]);
    canter_dirs_of_class(s, side, c, ok);
    return c;
}

/* The generation's canter_ok of from's class, computed on its first use. */
static const uint64_t *gen_canter_dirs(cam_gen *gen, int from)
{
    int c = CAM_PC_CLASS(cam_sq_file[from], cam_sq_rank[from]);
    if (!((gen->canter_ok_ready >> c) & 1u)) {
        canter_dirs_of_class(gen->s, gen->side, c, gen->canter_ok[c]);
        gen->canter_ok_ready |= 1u << c;
    }
    return gen->canter_ok[c];
}

static inline int pc_bit_of(int sq)
{
    return CAM_PC_BIT(cam_sq_file[sq], cam_sq_rank[sq]);
}

/* cam_canter_bfs given the directions of from's class (canter_dirs). */
CAM_CANTER_INLINE int canter_bfs_dirs(const cam_state *s, int side, int from, int restrict_knight,
                                      uint8_t *parent, uint8_t *order, const uint64_t *ok)
{
    /* The square-by-square search keeps its order (directions in order, first found first),
     * which fixes every canter's path and the order of the moves. Which directions lead to a
     * square not yet reached is read off the sets for all eight directions at once, without a
     * branch per direction (those branches follow the position, so the processor mispredicts
     * them often: by callgrind's branch simulation this search was the largest source of
     * mispredictions of the whole search); the directions found are then taken in order. */
    /* Squares no canter may land on again: those reached (the start first) and, under the
     * knight rule, those a knight never stops on (where it could jump: the Charge starts). All
     * lie in from's parity class, like every landing. */
    uint64_t blocked = (uint64_t)1 << pc_bit_of(from);
    if (restrict_knight) blocked |= cam_charge_starts(s, side, from);
    parent[from] = (uint8_t)from;
    /* Each reached square's bit in the class word beside it: a leap adds cam_pc_leap_off[d]
     * to the bit, so no square's bit is looked up from its file and rank. */
    uint8_t order_bit[CAM_SQUARES];
    int head = 0, count = 0;
    int cur = from, bit = pc_bit_of(from);
    for (;;) {
        /* A canter into the opponent's castle ends the move there. */
        if (cur == from || !cam_is_opp_castle(cur, side)) {
            unsigned dirs = 0;
#pragma GCC unroll 8
            for (int d = 0; d < CAM_DIRS; d++)
                dirs |= (unsigned)(((ok[d] & ~cam_pc_shift(blocked, -cam_pc_leap_off[d])) >> bit) & 1u) << d;
            for (; dirs != 0; dirs &= dirs - 1) {
                int d = __builtin_ctz(dirs);
                int land = cam_leap[cur][d], land_bit = bit + cam_pc_leap_off[d];
                blocked |= (uint64_t)1 << land_bit;
                parent[land] = (uint8_t)cur;
                order_bit[count] = (uint8_t)land_bit;
                order[count++] = (uint8_t)land;
            }
        }
        if (head >= count) break;
        bit = order_bit[head];
        cur = order[head++];
    }
    return count;
}

int cam_canter_bfs(const cam_state *s, int side, int from, int restrict_knight, uint8_t *parent,
                   uint8_t *order)
{
    uint64_t ok[CAM_DIRS];
    canter_dirs(s, side, from, ok);
    return canter_bfs_dirs(s, side, from, restrict_knight, parent, order, ok);
}

int cam_gen_canter_bfs(cam_gen *gen, int from, int restrict_knight, uint8_t *parent, uint8_t *order)
{
    return canter_bfs_dirs(gen->s, gen->side, from, restrict_knight, parent, order, gen_canter_dirs(gen, from));
}

/* The canter moves of a BFS result, each by its shortest path. */
void cam_emit_canters(cam_gen *gen, const uint8_t *parent, const uint8_t *order, int count)
{
    /* Canter destinations are distinct (one per BFS square), so no de-duplication. A square's
     * path is its parent's path and one landing more, and BFS order lists the parent first:
     * each move is its parent's move (already in the list: one copy of the whole move, zeros
     * past its end included) with the square appended, where writing the path backwards
     * square by square cost a loop of varying length per move, whose exit the processor
     * mispredicted at most moves. */
    if (count == 0) return;
    int from = parent[order[0]]; /* the first square reached is one canter from the start */
    uint32_t at[CAM_SQUARES];    /* the list index of each reached square's move */
    for (int i = 0; i < count; i++) {
        int x = order[i], p = parent[x];
        if (gen->n >= gen->cap) {
            gen->err = BA_ERR_BUFFER;
            return;
        }
        ba_move *m = &gen->moves[gen->n];
        if (p == from) {
            memset(m, 0, sizeof *m);
            m->len = 2;
            m->tag = CAM_MOVE_CANTER;
            m->bytes[0] = (uint8_t)from;
            m->bytes[1] = (uint8_t)x;
        } else {
            const ba_move *pm = &gen->moves[at[p]];
            if (pm->len >= CAM_PATH_MAX) {
                gen->err = BA_ERR_INTERNAL;
                return;
            }
            *m = *pm;
            m->bytes[m->len] = (uint8_t)x;
            m->len++;
        }
        at[x] = (uint32_t)gen->n++;
    }
}

void cam_gen_canters(cam_gen *gen, int from)
{
    uint8_t parent[CAM_SQUARES], order[CAM_SQUARES];
    int knight = CAM_PIECE_KIND(gen->s->board[from]) == CAM_KNIGHT;
    int count = cam_gen_canter_bfs(gen, from, knight && gen->knight_rule, parent, order);
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


/* cam_canter_reach_class given the directions of from's class c (canter_dirs). */
CAM_CANTER_INLINE uint64_t canter_reach_dirs(int side, int from, int c, const uint64_t *ok)
{
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    uint64_t reach = 0, frontier = (uint64_t)1 << pc_bit_of(from);
    while (frontier) {
        uint64_t next = 0;
#pragma GCC unroll 8
        for (int d = 0; d < CAM_DIRS; d++)
            next |= cam_pc_shift(frontier & ok[d], cam_pc_leap_off[d]);
        next &= ~reach;
        reach |= next;
        frontier = next & ~opp_castle[c]; /* a canter into the opponent's castle ends there */
    }
    return reach;
}

uint64_t cam_canter_reach_class(const cam_state *s, int side, int from)
{
    uint64_t ok[CAM_DIRS];
    int c = canter_dirs(s, side, from, ok);
    return canter_reach_dirs(side, from, c, ok);
}

uint64_t cam_gen_canter_reach_class(cam_gen *gen, int from)
{
    return canter_reach_dirs(gen->side, from, CAM_PC_CLASS(cam_sq_file[from], cam_sq_rank[from]),
                             gen_canter_dirs(gen, from));
}

/* The jump starts of cam_charge_starts for a constant class c. */
CAM_CANTER_INLINE uint64_t charge_starts_class(const uint64_t *enemy, uint64_t land, int c)
{
    uint64_t starts = 0;
#pragma GCC unroll 8
    for (int d = 0; d < CAM_DIRS; d++)
        starts |= cam_pc_shift(enemy[c ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][d]) &
                  cam_pc_shift(land, -cam_pc_leap_off[d]);
    return starts;
}

uint64_t cam_charge_starts(const cam_state *s, int side, int from)
{
    int file = cam_sq_file[from], rank = cam_sq_rank[from];
    int c = CAM_PC_CLASS(file, rank);
    uint64_t self = (uint64_t)1 << CAM_PC_BIT(file, rank);
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    uint64_t enemy[4];
    for (int k = 0; k < 4; k++)
        enemy[k] = s->pieces[1 - side][0].c[k] | s->pieces[1 - side][1].c[k];
    /* Where a jump may land: empty, or the knight's own square, which it has left. */
    uint64_t land = (CAM_PC_BOARD[c] & ~enemy[c] & ~s->pieces[side][0].c[c] & ~s->pieces[side][1].c[c]) | self;
    uint64_t starts;
    switch (c) {
    case 0: starts = charge_starts_class(enemy, land, 0); break;
    case 1: starts = charge_starts_class(enemy, land, 1); break;
    case 2: starts = charge_starts_class(enemy, land, 2); break;
    default: starts = charge_starts_class(enemy, land, 3); break;
    }
    /* (The knight's own square is no canter's landing: left out.) */
    return starts & CAM_PC_BOARD[c] & ~opp_castle[c] & ~self;
}
