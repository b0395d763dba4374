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
 * need, and shared by every piece that lands in it: a piece's count is then the size of a
 * union of components instead of a flood of its own (what the first version did, piece by
 * piece, at half of the whole search's time), and the sum over the pieces is counted per
 * component (its size times the pieces that land in it). Only a knight needs its own reach:
 * the enemies it could jump from there (its Charges).
 *
 * Everything is done on parity-class bitboards (pcbb.h): a class is one 64-bit word, so plain
 * moves, jumps from the start and first canters of all pieces at once cost a few word operations
 * per direction and class, and a component's flood is one shift per direction and step inside a
 * single word (the previous version used the three-word bitboards of bb.h, whose shifts carry
 * between words: three times the instructions per count).
 */
#include <stddef.h>

#include "camelot/eval_mobility.h"

/* Components are disjoint, non-empty and within one class (6 x 8 cells): never more than 48
 * per class, whatever the position. */
#define MAX_COMPONENTS 48

/* One side's sets per class, and its linked components found so far. */
typedef struct side_sets {
    uint64_t canter[8][4]; /* x: x+d holds an own piece and x+2d is empty and not the own castle */
    uint64_t jump[8][4];   /* x: x+d holds an enemy piece and x+2d is empty */
    uint64_t castles[4];   /* the four castle squares */
    int ncomp[4];          /* components found, per class (set by class_canters) */
    uint64_t comp[4][MAX_COMPONENTS];  /* their squares (never a castle square) */
    uint64_t sinks[4][MAX_COMPONENTS]; /* opponent's castle squares each leads into (moves stop) */
} side_sets;

#if defined(__GNUC__)
#define CAM_MOB_INLINE static inline __attribute__((always_inline))
#else
#define CAM_MOB_INLINE static inline
#endif

/* Population counts: cam_popcount, the processor's instruction in the popcnt clone of
 * mobility_count (CAM_CLONES, bb.h). */

/* The component of class c holding the landing square `bit` (empty, not a castle), and in
 * *sinks the opponent's castle squares it leads into. */
CAM_MOB_INLINE uint64_t flood(const side_sets *s, int c, uint64_t bit, uint64_t *sinks_out)
{
    uint64_t comp = bit, frontier = bit, sinks = 0;
    const uint64_t castles = s->castles[c];
    const uint64_t *canter = &s->canter[0][c];
    while (frontier) {
        uint64_t next = 0;
#define CAM_MOB_LEAP(d) next |= cam_pc_shift(frontier & canter[4 * (d)], cam_pc_leap_off[d]);
        CAM_MOB_LEAP(0) CAM_MOB_LEAP(1) CAM_MOB_LEAP(2) CAM_MOB_LEAP(3)
        CAM_MOB_LEAP(4) CAM_MOB_LEAP(5) CAM_MOB_LEAP(6) CAM_MOB_LEAP(7)
#undef CAM_MOB_LEAP
        sinks |= next & castles;
        frontier = next & ~castles & ~comp;
        comp |= frontier;
    }
    *sinks_out = sinks;
    return comp;
}

/* The squares a knight on `pb` (a bit of class c, with canter reach `reach`) controls beyond
 * its own square's moves: the enemies it could jump from a landing (not from a castle square,
 * where the move has stopped), minus those it can jump from its own square (already counted
 * with the plain moves). `jump_any`: the squares of class c from which some jump exists.
 * A jump that lands on the square the knight left (from a landing two squares away, over the
 * enemy between) needs no term of its own: that landing is empty, so the knight can jump the
 * same enemy from its own square, and such enemies are not counted here. */
CAM_MOB_INLINE int charge_targets(const side_sets *s, int c, uint64_t pb, uint64_t reach, uint64_t jump_any)
{
    uint64_t landings = reach & ~s->castles[c];
    if ((landings & jump_any) == 0)
        return 0; /* no landing lets it jump (most knights, most positions) */
    uint64_t jumped[4] = {0, 0, 0, 0}, start[4] = {0, 0, 0, 0};
    /* Per direction d: jumps from a landing, and jumps from the start square. */
#define CAM_MOB_CHARGE(d)                                                                      \
    {                                                                                          \
        const int cn = c ^ cam_pc_step_xor[d], so = cam_pc_step_off[c][d];                     \
        jumped[cn] |= cam_pc_shift(landings & s->jump[d][c], so);                              \
        start[cn] |= cam_pc_shift(pb & s->jump[d][c], so);                                     \
    }
    CAM_MOB_CHARGE(0) CAM_MOB_CHARGE(1) CAM_MOB_CHARGE(2) CAM_MOB_CHARGE(3)
    CAM_MOB_CHARGE(4) CAM_MOB_CHARGE(5) CAM_MOB_CHARGE(6) CAM_MOB_CHARGE(7)
#undef CAM_MOB_CHARGE
    return cam_popcount(jumped[0] & ~start[0]) + cam_popcount(jumped[1] & ~start[1]) +
           cam_popcount(jumped[2] & ~start[2]) + cam_popcount(jumped[3] & ~start[3]);
}

/* The canter reach (and, for knights, the Charge targets) of every piece of class c that has
 * a canter, summed. A piece's reach is its first landings L that lead nowhere, plus the whole
 * component of each other landing (a component holds no castle square), plus the opponent's
 * castle square when L or one of those components leads into it. Summed over the pieces, that
 * is counted per set rather than per piece: the dead-end landings direction by direction, each
 * component's size times the number of pieces that land in it, and the castle square once per
 * piece that reaches it. Only a knight's own reach is needed (its Charge targets). Always
 * inlined with a constant c. */
CAM_MOB_INLINE int class_canters(side_sets *s, const uint64_t *knights,
                                 const uint64_t (*canter_from)[4], const uint64_t *linked,
                                 uint64_t pieces, uint64_t opp_castle, int c)
{
    if (pieces == 0)
        return 0;
    const uint64_t castles = s->castles[c];
    const uint64_t dead = ~linked[c] & ~castles; /* landings that lead no further */
    uint64_t all_land = 0;
    int n = 0;
#define CAM_MOB_LAND(d)                                                                        \
    all_land |= cam_pc_shift(canter_from[d][c], cam_pc_leap_off[d]);                          \
    n += cam_popcount(canter_from[d][c] & cam_pc_shift(dead, -cam_pc_leap_off[d]));
    CAM_MOB_LAND(0) CAM_MOB_LAND(1) CAM_MOB_LAND(2) CAM_MOB_LAND(3)
    CAM_MOB_LAND(4) CAM_MOB_LAND(5) CAM_MOB_LAND(6) CAM_MOB_LAND(7)
#undef CAM_MOB_LAND
    /* The pieces that land in the opponent's castle square (when some piece lands there),
     * directly... */
    uint64_t to_castle = 0;
    if ((opp_castle & all_land) != 0) {
#define CAM_MOB_CASTLE(d) to_castle |= canter_from[d][c] & cam_pc_shift(opp_castle, -cam_pc_leap_off[d]);
        CAM_MOB_CASTLE(0) CAM_MOB_CASTLE(1) CAM_MOB_CASTLE(2) CAM_MOB_CASTLE(3)
        CAM_MOB_CASTLE(4) CAM_MOB_CASTLE(5) CAM_MOB_CASTLE(6) CAM_MOB_CASTLE(7)
#undef CAM_MOB_CASTLE
    }
    /* Flood every component some piece lands in, one landing at a time (a flood can cover
     * several landings at once), and count it where it is found. */
    const uint64_t seeds = all_land & linked[c] & ~castles;
    uint64_t flooded = 0;
    int ncomp = 0;
    for (uint64_t unflooded = seeds; unflooded != 0; unflooded = seeds & ~flooded) {
        uint64_t sinks;
        const uint64_t comp = flood(s, c, unflooded & (0 - unflooded), &sinks);
        flooded |= comp;
        s->comp[c][ncomp] = comp;
        s->sinks[c][ncomp] = sinks;
        ncomp++;
        uint64_t touch = 0; /* the pieces with a first landing in comp */
#define CAM_MOB_TOUCH(d) touch |= canter_from[d][c] & cam_pc_shift(comp, -cam_pc_leap_off[d]);
        CAM_MOB_TOUCH(0) CAM_MOB_TOUCH(1) CAM_MOB_TOUCH(2) CAM_MOB_TOUCH(3)
        CAM_MOB_TOUCH(4) CAM_MOB_TOUCH(5) CAM_MOB_TOUCH(6) CAM_MOB_TOUCH(7)
#undef CAM_MOB_TOUCH
        n += cam_popcount(comp) * cam_popcount(touch);
        /* ... or through a component that leads into it. */
        if (sinks & opp_castle)
            to_castle |= touch;
    }
    s->ncomp[c] = ncomp;
    n += cam_popcount(to_castle);
    /* The knights' Charge targets, from each knight's own reach. */
    const uint64_t class_knights = pieces & knights[c];
    if (class_knights == 0)
        return n;
    uint64_t jump_any = 0;
    for (int d = 0; d < 8; d++)
        jump_any |= s->jump[d][c];
    /* A knight's landings lie among the first landings of the class's pieces and the components
     * flooded above: when none of those lets a piece jump, no knight has a Charge target. */
    if (((all_land | flooded) & ~castles & jump_any) == 0)
        return n;
    for (uint64_t kn = class_knights; kn != 0; kn &= kn - 1) {
        uint64_t pb = kn & (0 - kn), land = 0;
#define CAM_MOB_KLAND(d) land |= cam_pc_shift(pb & canter_from[d][c], cam_pc_leap_off[d]);
        CAM_MOB_KLAND(0) CAM_MOB_KLAND(1) CAM_MOB_KLAND(2) CAM_MOB_KLAND(3)
        CAM_MOB_KLAND(4) CAM_MOB_KLAND(5) CAM_MOB_KLAND(6) CAM_MOB_KLAND(7)
#undef CAM_MOB_KLAND
        uint64_t reach = land & (castles | ~linked[c]);
        if (land & ~reach)
            for (int k = 0; k < s->ncomp[c]; k++)
                if (s->comp[c][k] & land)
                    reach |= s->comp[c][k] | s->sinks[c][k];
        n += charge_targets(s, c, pb, reach, jump_any);
    }
    return n;
}

/* What one side's count is built from: its sets per class and direction (side_sets), the
 * pieces with a canter per direction, the running count. */
typedef struct side_work {
    side_sets s;
    uint64_t canter_from[8][4]; /* the side's movers with a canter in direction d */
    uint64_t any_canter[4], linked[4], movers[4], knights[4];
    int n;
} side_work;

/* One direction d and class c of one side's sets: `own_next` / `opp_next` (the side's / the
 * opponent's pieces one step away in direction d), `next_empty` (an empty square one step
 * away), `beyond_empty` (x + 2d empty). The running values of the class (`linked`, `any`, `n`)
 * are the caller's locals, so that they stay in registers. */
#define CAM_MOB_SIDE_DC(w, side, d, c, own_next, opp_next, linked, any, n)                      \
    {                                                                                          \
        const uint64_t *own_castle = (side) == 0 ? CAM_PC_WHITE_CASTLE : CAM_PC_BLACK_CASTLE;  \
        const uint64_t movers = (w)->movers[c];                                                \
        /* Moves and canters land on empty squares outside the own castle. */                  \
        uint64_t next_target = next_empty & ~cam_pc_shift(own_castle[cn], -so);                \
        uint64_t canter = (own_next) & beyond_empty & ~cam_pc_shift(own_castle[c], -lo);       \
        uint64_t jump = (opp_next) & beyond_empty;                                             \
        uint64_t from = movers & canter;                                                       \
        (w)->s.canter[d][c] = canter;                                                          \
        (w)->s.jump[d][c] = jump;                                                              \
        (w)->canter_from[d][c] = from;                                                         \
        linked |= canter;                                                                      \
        any |= from;                                                                           \
        n += cam_popcount(movers & (next_target | jump));                                      \
    }

/* Both sides' sets of direction d in class c (white's and black's pieces W and B, the empty
 * squares): both sides read the same shifted words (one side's friends are the other's
 * enemies), so counting both in one pass shares the shifts. Always inlined with constant d, c
 * and want, so that the shifts and table reads fold away. */
CAM_MOB_INLINE void dir_class(side_work *w0, side_work *w1, const uint64_t *W, const uint64_t *B,
                              const uint64_t *empty, int want, int d, int c, uint64_t *linked,
                              uint64_t *any, int *n, uint64_t *next_empties)
{
    const int cn = c ^ cam_pc_step_xor[d], so = cam_pc_step_off[c][d], lo = cam_pc_leap_off[d];
    /* x's neighbour in direction d holds a white / black piece / is empty; x + 2d is empty. */
    const uint64_t next_w = cam_pc_shift(W[cn], -so), next_b = cam_pc_shift(B[cn], -so);
    const uint64_t next_empty = cam_pc_shift(empty[cn], -so);
    const uint64_t beyond_empty = cam_pc_shift(empty[c], -lo) & CAM_PC_BOARD[c];
    next_empties[d] = next_empty;
    if (want & 1)
        CAM_MOB_SIDE_DC(w0, 0, d, c, next_w, next_b, linked[0], any[0], n[0])
    if (want & 2)
        CAM_MOB_SIDE_DC(w1, 1, d, c, next_b, next_w, linked[1], any[1], n[1])
}

/* Class c of both sides' sets, direction by direction (a square counts once per piece that
 * controls it: one bit per piece and direction); the class's running values are locals.
 * With `exposed` (both sides wanted), the exposure count of factor 10 for `exposed_side` is
 * added to it: its pieces with, in some direction d, an enemy on p+d and p+2d empty (the side's
 * jump set of direction d, computed here anyway) and p-d not empty (the empty squares one step
 * away in the opposite direction, also computed here), outside the opponent's castle (the
 * side's movers). The same sets as cam_pc_set_exposed (eval_sets.h), without a second pass. */
CAM_MOB_INLINE void class_sets(side_work *w0, side_work *w1, const uint64_t *W, const uint64_t *B,
                               const uint64_t *empty, int want, int c, int exposed_side, int *exposed)
{
    uint64_t linked[2] = {0, 0}, any[2] = {0, 0}, next_empties[8];
    int n[2] = {0, 0};
#define CAM_MOB_DC(d) dir_class(w0, w1, W, B, empty, want, d, c, linked, any, n, next_empties);
    CAM_MOB_DC(0) CAM_MOB_DC(1) CAM_MOB_DC(2) CAM_MOB_DC(3)
    CAM_MOB_DC(4) CAM_MOB_DC(5) CAM_MOB_DC(6) CAM_MOB_DC(7)
#undef CAM_MOB_DC
    if (want & 1) {
        w0->linked[c] = linked[0];
        w0->any_canter[c] = any[0];
        w0->n += n[0];
    }
    if (want & 2) {
        w1->linked[c] = linked[1];
        w1->any_canter[c] = any[1];
        w1->n += n[1];
    }
    if (exposed != NULL) {
        const side_work *we = exposed_side == 0 ? w0 : w1;
        uint64_t trapped = 0;
        for (int d = 0; d < 8; d++)
            trapped |= we->s.jump[d][c] & ~next_empties[(d + 4) & 7];
        *exposed += cam_popcount(trapped & we->movers[c]);
    }
}

/* The start of one side's count: its pieces, and the castle square it controls from inside
 * the opponent's castle. */
CAM_MOB_INLINE void side_start(side_work *w, const uint64_t *own, const uint64_t *empty,
                               const cam_pcbb *knights_of, int castle_moves_left, int side)
{
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    int castled = 0, castle_free = 0;
    w->n = 0;
    for (int c = 0; c < 4; c++) {
        w->knights[c] = knights_of[side].c[c];
        w->movers[c] = own[c] & ~opp_castle[c]; /* pieces not in the opponent's castle */
        w->s.castles[c] = CAM_PC_WHITE_CASTLE[c] | CAM_PC_BLACK_CASTLE[c];
        castled += cam_popcount(own[c] & opp_castle[c]);
        castle_free |= (opp_castle[c] & empty[c]) != 0;
    }
    /* A piece in the opponent's castle controls the other castle square if it may go there. */
    if (castled == 1 && castle_free && castle_moves_left > 0)
        w->n++;
}

/* The canters of one side, class by class, once its sets are known. */
CAM_MOB_INLINE int side_finish(side_work *w, int side)
{
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    if (!(w->any_canter[0] | w->any_canter[1] | w->any_canter[2] | w->any_canter[3]))
        return w->n;
    int n = w->n;
    const uint64_t(*cf)[4] = (const uint64_t(*)[4])w->canter_from;
#define CAM_MOB_CLASS(c) \
    n += class_canters(&w->s, w->knights, cf, w->linked, w->any_canter[c], opp_castle[c], c);
    CAM_MOB_CLASS(0) CAM_MOB_CLASS(1) CAM_MOB_CLASS(2) CAM_MOB_CLASS(3)
#undef CAM_MOB_CLASS
    return n;
}

/* The counts of the sides in `want` (bit 0 white, bit 1 black) into out[side]. */
CAM_MOB_INLINE void mobility_sides(const cam_pcbb men[2], const cam_pcbb knights_of[2],
                                   const int castle_moves_left[2], int want, int out[2],
                                   int exposed_side, int *exposed)
{
    side_work w0, w1;
    uint64_t W[4], B[4], empty[4];
    for (int c = 0; c < 4; c++) {
        W[c] = men[0].c[c] | knights_of[0].c[c];
        B[c] = men[1].c[c] | knights_of[1].c[c];
        empty[c] = CAM_PC_BOARD[c] & ~W[c] & ~B[c];
    }
    if (want & 1)
        side_start(&w0, W, empty, knights_of, castle_moves_left[0], 0);
    if (want & 2)
        side_start(&w1, B, empty, knights_of, castle_moves_left[1], 1);
    /* Plain moves and jumps from the start square of all pieces at once, class by class and
     * direction by direction; canter_from[d] holds the pieces with a canter in direction d.
     * Unrolled by hand so that every shift is by a constant. */
    class_sets(&w0, &w1, W, B, empty, want, 0, exposed_side, exposed);
    class_sets(&w0, &w1, W, B, empty, want, 1, exposed_side, exposed);
    class_sets(&w0, &w1, W, B, empty, want, 2, exposed_side, exposed);
    class_sets(&w0, &w1, W, B, empty, want, 3, exposed_side, exposed);
    if (want & 1)
        out[0] = side_finish(&w0, 0);
    if (want & 2)
        out[1] = side_finish(&w1, 1);
}

/* The clones are static: GCC gives the dispatcher of a target_clones function default
 * visibility whatever -fvisibility says, and libboardai.a must expose only ba_ names. */
CAM_CLONES static int mobility_count(const cam_pcbb men[2], const cam_pcbb knights_of[2],
                                     int castle_moves_left, int side)
{
    int left[2] = {castle_moves_left, castle_moves_left}, out[2] = {0, 0};
    if (side == 0)
        mobility_sides(men, knights_of, left, 1, out, 0, NULL);
    else
        mobility_sides(men, knights_of, left, 2, out, 0, NULL);
    return out[side];
}

CAM_CLONES static void mobility_counts(const cam_pcbb men[2], const cam_pcbb knights_of[2],
                                       const int castle_moves_left[2], int out[2])
{
    mobility_sides(men, knights_of, castle_moves_left, 3, out, 0, NULL);
}

CAM_CLONES static void mobility_counts_exposed(const cam_pcbb men[2], const cam_pcbb knights_of[2],
                                               const int castle_moves_left[2], int exposed_side,
                                               int out[2], int *exposed)
{
    *exposed = 0;
    mobility_sides(men, knights_of, castle_moves_left, 3, out, exposed_side, exposed);
}

int cam_mobility_count(const cam_pcbb men[2], const cam_pcbb knights_of[2], int castle_moves_left,
                       int side)
{
    return mobility_count(men, knights_of, castle_moves_left, side);
}

void cam_mobility_counts_exposed(const cam_pcbb men[2], const cam_pcbb knights_of[2],
                                 const int castle_moves_left[2], int exposed_side, int out[2],
                                 int *exposed)
{
    mobility_counts_exposed(men, knights_of, castle_moves_left, exposed_side, out, exposed);
}

void cam_mobility_counts(const cam_pcbb men[2], const cam_pcbb knights_of[2],
                         const int castle_moves_left[2], int out[2])
{
    mobility_counts(men, knights_of, castle_moves_left, out);
}

int cam_eval_mobility_count(cam_view *v, int side)
{
    return cam_mobility_count(v->pmen, v->pknights, v->castle_moves_left[side], side);
}
