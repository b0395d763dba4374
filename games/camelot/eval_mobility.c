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
 * piece, at half of the whole search's time). The only per-piece correction is a knight's jump
 * that lands on the square it left.
 *
 * Everything is done on parity-class bitboards (pcbb.h): a class is one 64-bit word, so plain
 * moves, jumps from the start and first canters of all pieces at once cost a few word operations
 * per direction and class, and a component's flood is one shift per direction and step inside a
 * single word (the previous version used the three-word bitboards of bb.h, whose shifts carry
 * between words: three times the instructions per count).
 */
#include "camelot/eval_mobility.h"

/* Components are disjoint, non-empty and within one class (6 x 8 cells): never more than 48
 * per class, whatever the position. */
#define MAX_COMPONENTS 48

/* One side's sets per class, and its linked components found so far. */
typedef struct side_sets {
    uint64_t canter[8][4]; /* x: x+d holds an own piece and x+2d is empty and not the own castle */
    uint64_t jump[8][4];   /* x: x+d holds an enemy piece and x+2d is empty */
    uint64_t castles[4];   /* the four castle squares */
    uint64_t flooded[4];   /* squares of the components found so far */
    int ncomp[4];          /* components found so far, per class */
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

/* Floods the component of class c holding the landing square `bit` (empty, not a castle). */
static void flood(side_sets *s, int c, uint64_t bit)
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
    int k = s->ncomp[c]++;
    s->comp[c][k] = comp;
    s->sinks[c][k] = sinks;
    s->flooded[c] |= comp;
}

/* The squares a knight on `pb` (a bit of class c, with canter reach `reach`) controls beyond
 * its own square's moves: the enemies it could jump from a landing (not from a castle square,
 * where the move has stopped), the square it left counting as empty, minus those it can jump
 * from its own square (already counted with the plain moves). */
CAM_MOB_INLINE int charge_targets(const side_sets *s, const uint64_t *enemy, int c, uint64_t pb,
                                  uint64_t reach)
{
    uint64_t landings = reach & ~s->castles[c];
    uint64_t jumped[4] = {0, 0, 0, 0}, start[4] = {0, 0, 0, 0};
    /* Per direction d: jumps from a landing, jumps from the start square, and a jump from
     * x = knight - 2d over e = knight - d, which lands on the knight's square (empty once it
     * has left). */
#define CAM_MOB_CHARGE(d)                                                                      \
    {                                                                                          \
        const int cn = c ^ cam_pc_step_xor[d], so = cam_pc_step_off[c][d];                     \
        jumped[cn] |= cam_pc_shift(landings & s->jump[d][c], so);                              \
        start[cn] |= cam_pc_shift(pb & s->jump[d][c], so);                                     \
        uint64_t x = cam_pc_shift(pb, -cam_pc_leap_off[d]) & landings;                         \
        jumped[cn] |= cam_pc_shift(x, so) & enemy[cn];                                         \
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
CAM_MOB_INLINE int class_canters(side_sets *s, const uint64_t *enemy, const uint64_t *knights,
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
    /* Flood every component some piece lands in, one landing at a time (a flood can cover
     * several landings at once). */
    const uint64_t seeds = all_land & linked[c] & ~castles;
    for (uint64_t unflooded = seeds; unflooded != 0; unflooded = seeds & ~s->flooded[c])
        flood(s, c, unflooded & (0 - unflooded));
    /* The pieces that land in the opponent's castle square (if this class has it), directly... */
    uint64_t to_castle = 0;
    if (opp_castle != 0) {
#define CAM_MOB_CASTLE(d) to_castle |= canter_from[d][c] & cam_pc_shift(opp_castle, -cam_pc_leap_off[d]);
        CAM_MOB_CASTLE(0) CAM_MOB_CASTLE(1) CAM_MOB_CASTLE(2) CAM_MOB_CASTLE(3)
        CAM_MOB_CASTLE(4) CAM_MOB_CASTLE(5) CAM_MOB_CASTLE(6) CAM_MOB_CASTLE(7)
#undef CAM_MOB_CASTLE
    }
    for (int k = 0; k < s->ncomp[c]; k++) {
        const uint64_t comp = s->comp[c][k];
        uint64_t touch = 0; /* the pieces with a first landing in comp */
#define CAM_MOB_TOUCH(d) touch |= canter_from[d][c] & cam_pc_shift(comp, -cam_pc_leap_off[d]);
        CAM_MOB_TOUCH(0) CAM_MOB_TOUCH(1) CAM_MOB_TOUCH(2) CAM_MOB_TOUCH(3)
        CAM_MOB_TOUCH(4) CAM_MOB_TOUCH(5) CAM_MOB_TOUCH(6) CAM_MOB_TOUCH(7)
#undef CAM_MOB_TOUCH
        n += cam_popcount(comp) * cam_popcount(touch);
        /* ... or through a component that leads into it. */
        if (s->sinks[c][k] & opp_castle)
            to_castle |= touch;
    }
    n += cam_popcount(to_castle);
    /* The knights' Charge targets, from each knight's own reach. */
    for (uint64_t kn = pieces & knights[c]; kn != 0; kn &= kn - 1) {
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
        n += charge_targets(s, enemy, c, pb, reach);
    }
    return n;
}

/* One direction d and class c of the sets of cam_mobility_count (always inlined with
 * constant d and c, so that the shifts and table reads fold away). */
CAM_MOB_INLINE void dir_class(side_sets *s, const uint64_t *own, const uint64_t *enemy,
                              const uint64_t *empty, const uint64_t *target, const uint64_t *movers,
                              uint64_t (*canter_from)[4], uint64_t *any_canter, uint64_t *linked,
                              int *n, int d, int c)
{
    int cn = c ^ cam_pc_step_xor[d], so = cam_pc_step_off[c][d], lo = cam_pc_leap_off[d];
    uint64_t next_target = cam_pc_shift(target[cn], -so);
    uint64_t canter = cam_pc_shift(own[cn], -so) & cam_pc_shift(target[c], -lo) & CAM_PC_BOARD[c];
    uint64_t jump = cam_pc_shift(enemy[cn], -so) & cam_pc_shift(empty[c], -lo) & CAM_PC_BOARD[c];
    s->canter[d][c] = canter;
    s->jump[d][c] = jump;
    canter_from[d][c] = movers[c] & canter;
    linked[c] |= canter;
    any_canter[c] |= canter_from[d][c];
    *n += cam_popcount(movers[c] & (next_target | jump));
}

/* The clones are static: GCC gives the dispatcher of a target_clones function default
 * visibility whatever -fvisibility says, and libboardai.a must expose only ba_ names. */
CAM_CLONES static int mobility_count(const cam_pcbb men[2], const cam_pcbb knights_of[2],
                                         int castle_moves_left, int side)
{
    side_sets s;
    uint64_t own[4], enemy[4], empty[4], target[4], movers[4], knights[4];
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    const uint64_t *own_castle = side == 0 ? CAM_PC_WHITE_CASTLE : CAM_PC_BLACK_CASTLE;
    int n = 0, castled = 0, castle_free = 0;
    for (int c = 0; c < 4; c++) {
        knights[c] = knights_of[side].c[c];
        own[c] = men[side].c[c] | knights[c];
        enemy[c] = men[1 - side].c[c] | knights_of[1 - side].c[c];
        empty[c] = CAM_PC_BOARD[c] & ~own[c] & ~enemy[c];
        target[c] = empty[c] & ~own_castle[c]; /* where moves and canters land */
        movers[c] = own[c] & ~opp_castle[c];   /* pieces not in the opponent's castle */
        s.castles[c] = CAM_PC_WHITE_CASTLE[c] | CAM_PC_BLACK_CASTLE[c];
        s.flooded[c] = 0;
        castled += cam_popcount(own[c] & opp_castle[c]);
        castle_free |= (opp_castle[c] & empty[c]) != 0;
    }
    /* A piece in the opponent's castle controls the other castle square if it may go there. */
    if (castled == 1 && castle_free && castle_moves_left > 0)
        n++;

    /* Plain moves and jumps from the start square of all pieces at once, direction by
     * direction and class (a square counts once per piece that controls it: one bit per
     * piece and direction); canter_from[d] holds the pieces with a canter in direction d.
     * Unrolled by hand so that every shift is by a constant. */
    uint64_t canter_from[8][4], any_canter[4] = {0, 0, 0, 0}, linked[4] = {0, 0, 0, 0};
#define CAM_MOB_DC(d, c) dir_class(&s, own, enemy, empty, target, movers, canter_from, any_canter, linked, &n, d, c);
#define CAM_MOB_D(d) CAM_MOB_DC(d, 0) CAM_MOB_DC(d, 1) CAM_MOB_DC(d, 2) CAM_MOB_DC(d, 3)
    CAM_MOB_D(0) CAM_MOB_D(1) CAM_MOB_D(2) CAM_MOB_D(3) CAM_MOB_D(4) CAM_MOB_D(5) CAM_MOB_D(6) CAM_MOB_D(7)
#undef CAM_MOB_D
#undef CAM_MOB_DC
    if (!(any_canter[0] | any_canter[1] | any_canter[2] | any_canter[3]))
        return n;

    for (int c = 0; c < 4; c++)
        s.ncomp[c] = 0;
#define CAM_MOB_CLASS(c) \
    n += class_canters(&s, enemy, knights, (const uint64_t(*)[4])canter_from, linked, any_canter[c], opp_castle[c], c);
    CAM_MOB_CLASS(0) CAM_MOB_CLASS(1) CAM_MOB_CLASS(2) CAM_MOB_CLASS(3)
#undef CAM_MOB_CLASS
    return n;
}

int cam_mobility_count(const cam_pcbb men[2], const cam_pcbb knights_of[2], int castle_moves_left,
                       int side)
{
    return mobility_count(men, knights_of, castle_moves_left, side);
}

int cam_eval_mobility_count(cam_view *v, int side)
{
    return cam_mobility_count(v->pmen, v->pknights, v->castle_moves_left[side], side);
}
