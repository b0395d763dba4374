/*
 * Camelot evaluation, factor 5 (mobility): the squares each piece controls.
 *
 * What a piece controls: plain-move targets, canter landings (also the squares from which a
 * knight's Charge may start jumping), and enemy pieces it could jump, from its own square or,
 * for a knight, from any canter landing. Each square counts once per piece. The castle rules
 * apply (no plain move or canter into or through the own castle; a canter into the opponent's
 * castle stops there; a piece inside the opponent's castle controls the other castle square
 * when it is empty and a castle move is left). The turn's obligations (compulsory capture, the
 * knight-canter rule, leaving the own castle) do not: control is a property of the position,
 * not of this turn. tests/camelot/test_eval_reference.c checks the count against a slow
 * fixed-point closure on random positions.
 *
 * Why it is fast. A canter or a jump moves a piece two squares in each coordinate that changes,
 * so it keeps the parity of its file and of its rank: the board falls into four parity classes
 * and a piece's landings stay in its own class. Call two empty squares of one class linked when
 * a canter leads from one to the other over a friendly piece (the link is symmetric). A piece's
 * canter reach is then the union of the linked components of the squares its first canters land
 * on (plus the opponent's castle squares those components lead into, where a move stops). Lifting
 * the piece from its square, as the rule demands, changes nothing here: the canters that leap
 * over it join squares of the other classes, and re-entering its own square leads only where its
 * first canters lead anyway. So each component is flooded once per side and evaluation, on first
 * need, and shared by every piece that lands in it: a piece's count is then a sum of component
 * sizes instead of a flood of its own (what the first version did, piece by piece, at half of the
 * whole search's time). The only per-piece correction is a knight's jump that lands on the
 * square it left.
 *
 * Everything is done on bitboards (bb.h): plain moves, jumps from the start and first canters
 * for all pieces at once, direction by direction; a component's flood is one shift per
 * direction and step, whatever its size.
 */
#include <string.h>

#include "camelot/eval_mobility.h"

/* Components are made only from first canter landings: at most 8 per piece, 14 pieces. */
#define MAX_COMPONENTS (8 * CAM_VIEW_MAX_PIECES)

/* One side's sets, and its linked components found so far. */
typedef struct side_sets {
    cam_bb canter[8]; /* x: x+d holds an own piece and x+2d is empty and not the own castle */
    cam_bb jump[8];   /* x: x+d holds an enemy piece and x+2d is empty */
    cam_bb enemy, empty, castles;
    cam_bb linked; /* squares from which some canter leads on (the union of canter[]) */
    int ncomp;
    uint8_t comp_of[192]; /* component + 1 of a square, 0 = not flooded yet */
    cam_bb comp[MAX_COMPONENTS];  /* its squares (never a castle square) */
    cam_bb sinks[MAX_COMPONENTS]; /* opponent's castle squares it leads into (the move stops) */
    int size[MAX_COMPONENTS];
} side_sets;

/* The component holding the landing square `bit` (empty, not a castle), flooded on first need. */
static int component_of(side_sets *s, int bit)
{
    if (s->comp_of[bit])
        return s->comp_of[bit] - 1;
    int k = s->ncomp++;
    cam_bb comp = {{0, 0, 0}}, sinks = {{0, 0, 0}};
    comp.w[bit >> 6] = (uint64_t)1 << (bit & 63);
    cam_bb frontier = comp;
    while (cam_bb_any(frontier)) {
        cam_bb next = {{0, 0, 0}};
#pragma GCC unroll 8
        for (int d = 0; d < 8; d++)
            next = cam_bb_or(next, cam_bb_leap(cam_bb_and(frontier, s->canter[d]), d));
        sinks = cam_bb_or(sinks, cam_bb_and(next, s->castles));
        frontier = cam_bb_andnot(cam_bb_andnot(next, s->castles), comp);
        comp = cam_bb_or(comp, frontier);
    }
    s->comp[k] = comp;
    s->sinks[k] = sinks;
    s->size[k] = 0;
    for (int w = 0; w < 3; w++)
        for (uint64_t x = comp.w[w]; x != 0; x &= x - 1) {
            s->comp_of[w * 64 + __builtin_ctzll(x)] = (uint8_t)(k + 1);
            s->size[k]++;
        }
    return k;
}

/* The pieces jumpable from some square of `from` (the knight's landings). */
static cam_bb jumps_from(side_sets *s, cam_bb from)
{
    cam_bb j = {{0, 0, 0}};
#pragma GCC unroll 8
    for (int d = 0; d < 8; d++)
        j = cam_bb_or(j, cam_bb_step(cam_bb_and(from, s->jump[d]), d));
    return j;
}

/* The view cell of a bitboard bit. */
static int cell_of_bit(int bit)
{
    return CAM_VSQ(bit % 12, bit / 12);
}

/* The canter reach of the piece on `p` (bit) with first canters canter_from[d]: the union of the
 * components of its first landings, and the opponent's castle squares they lead into. */
static cam_bb canter_reach(side_sets *s, const cam_bb *canter_from, int p)
{
    cam_bb reach = {{0, 0, 0}};
    for (int d = 0; d < 8; d++) {
        if (!cam_bb_has(canter_from[d], p))
            continue;
        int land = p + 2 * cam_bb_dir_offset[d];
        if (cam_bb_has(reach, land))
            continue;
        if (cam_bb_has(s->castles, land) || !cam_bb_has(s->linked, land)) {
            /* The opponent's castle (the move stops there), or a square that leads nowhere:
             * a component of one square. */
            reach.w[land >> 6] |= (uint64_t)1 << (land & 63);
            continue;
        }
        int k = component_of(s, land);
        reach = cam_bb_or(reach, cam_bb_or(s->comp[k], s->sinks[k]));
    }
    return reach;
}

int cam_eval_mobility_count(cam_view *v, int side)
{
    side_sets s;
    const cam_bb own = cam_bb_or(v->men[side], v->knights[side]);
    s.enemy = cam_bb_or(v->men[1 - side], v->knights[1 - side]);
    s.empty = cam_bb_andnot(cam_bb_andnot(CAM_BB_BOARD, own), s.enemy);
    cam_bb white_castle = {{0, 0, 0}}, black_castle = {{0, 0, 0}};
    white_castle.w[0] = (uint64_t)3 << CAM_BB_BIT(5, 0);
    black_castle.w[2] = (uint64_t)3 << (CAM_BB_BIT(5, 15) - 128);
    s.castles = cam_bb_or(white_castle, black_castle);
    const cam_bb opp_castle = side == 0 ? black_castle : white_castle;
    const cam_bb own_castle = side == 0 ? white_castle : black_castle;
    const cam_bb movers = cam_bb_andnot(own, opp_castle); /* pieces not in the opponent's castle */
    const cam_bb target = cam_bb_andnot(s.empty, own_castle); /* where moves and canters land */
    int n = 0;

    /* A piece in the opponent's castle controls the other castle square if it may go there. */
    cam_bb castled = cam_bb_and(own, opp_castle);
    if (cam_bb_any(castled) && v->castle_moves_left[side] > 0)
        n += cam_bb_count(castled) == 1 && cam_bb_any(cam_bb_and(opp_castle, s.empty));

    /* Plain moves and jumps from the start square of all pieces at once, direction by
     * direction (a square counts once per piece that controls it); canter_from[d] holds the
     * pieces with a canter in direction d. */
    cam_bb canter_from[8], any_canter = {{0, 0, 0}};
    s.linked = any_canter;
    cam_bb plain_or_jump[8];
#pragma GCC unroll 8
    for (int d = 0; d < 8; d++) {
        int back = (d + 4) & 7;
        s.canter[d] = cam_bb_and(cam_bb_step(own, back), cam_bb_leap(target, back));
        canter_from[d] = cam_bb_and(movers, s.canter[d]);
        s.linked = cam_bb_or(s.linked, s.canter[d]);
        any_canter = cam_bb_or(any_canter, canter_from[d]);
        /* p+d empty and not the own castle (a plain move), or p+d an enemy and p+2d empty (a
         * jump): one bit per (piece, direction), so the two never collide. */
        cam_bb plain = cam_bb_step(target, back);
        s.jump[d] = cam_bb_and(cam_bb_step(s.enemy, back), cam_bb_leap(s.empty, back));
        plain_or_jump[d] = cam_bb_and(movers, cam_bb_or(plain, s.jump[d]));
    }
    for (int d = 0; d < 8; d++)
        n += cam_bb_count(plain_or_jump[d]);
    if (!cam_bb_any(any_canter))
        return n;

    s.ncomp = 0;
    memset(s.comp_of, 0, sizeof s.comp_of);
    for (int w = 0; w < 3; w++) {
        for (uint64_t x = any_canter.w[w]; x != 0; x &= x - 1) {
            int p = w * 64 + __builtin_ctzll(x);
            cam_bb reach = canter_reach(&s, canter_from, p);
            n += cam_bb_count(reach);
            if (!cam_bb_has(v->knights[side], p))
                continue;
            /* A knight's Charges: enemies it could jump from a landing (not from a castle square,
             * where the move has stopped), the square it left counting as empty; those it can
             * jump from its own square are already counted. */
            cam_bb landings = cam_bb_andnot(reach, s.castles);
            cam_bb jumped = jumps_from(&s, landings);
            int from = cell_of_bit(p);
            const unsigned enemy = CAM_C_MAN_OF(1 - side);
            cam_bb start = {{0, 0, 0}};
            for (int d = 0; d < 8; d++) {
                int e = from + cam_view_dirs[d];
                if ((v->cell[e] & (CAM_C_PIECE | CAM_C_BLACK)) != enemy)
                    continue;
                int eb = CAM_BB_BIT(CAM_VFILE(e), CAM_VRANK(e));
                if (v->cell[e + cam_view_dirs[d]] == CAM_C_EMPTY)
                    start.w[eb >> 6] |= (uint64_t)1 << (eb & 63); /* jumped from the start */
            }
            for (int d = 0; d < 8; d++) {
                /* e = from - d, landing square x = from - 2d: a jump from x over e lands on
                 * `from`, empty once the knight has left it. */
                int e = from - cam_view_dirs[d], xs = e - cam_view_dirs[d];
                if ((v->cell[e] & (CAM_C_PIECE | CAM_C_BLACK)) != enemy || v->cell[xs] != CAM_C_EMPTY)
                    continue;
                if (cam_bb_has(landings, CAM_BB_BIT(CAM_VFILE(xs), CAM_VRANK(xs)))) {
                    int eb = CAM_BB_BIT(CAM_VFILE(e), CAM_VRANK(e));
                    jumped.w[eb >> 6] |= (uint64_t)1 << (eb & 63);
                }
            }
            n += cam_bb_count(cam_bb_andnot(jumped, start));
        }
    }
    return n;
}
