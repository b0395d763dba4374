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
 * whole search's time). The enemies a knight could jump from a component are collected in the
 * same flood; the only per-piece correction is a knight's jump that lands on the square it left.
 */
#include <string.h>

#include "camelot/eval.h"

#define OWNER_BITS(cell) ((cell) & (CAM_C_PIECE | CAM_C_BLACK))

/* Components are made only from first canter landings: at most 8 per piece, 14 pieces. */
#define MAX_COMPONENTS (8 * CAM_VIEW_MAX_PIECES)

/* One side's linked components, found on first need. */
typedef struct side_comps {
    const cam_view *v;
    int side;
    int ncomp;
    uint8_t id[CAM_VCELLS];        /* component + 1 of an empty non-castle cell; 0 unknown */
    uint8_t enemy_index[CAM_VCELLS]; /* index of the enemy piece on a cell (enemy cells only) */
    int size[MAX_COMPONENTS];      /* squares in the component */
    unsigned sinks[MAX_COMPONENTS]; /* opponent's castle squares it leads into: bit 0 F, bit 1 G */
    unsigned jumps[MAX_COMPONENTS]; /* enemies (bit = enemy index) jumpable from it */
} side_comps;

static void side_comps_init(const cam_view *v, int side, side_comps *s)
{
    s->v = v;
    s->side = side;
    s->ncomp = 0;
    memset(s->id, 0, sizeof s->id);
    for (int i = 0; i < v->count[1 - side]; i++)
        s->enemy_index[v->sq[1 - side][i]] = (uint8_t)i;
}

/* Bit of an opponent's castle cell: F -> 1, G -> 2. */
static unsigned castle_bit(int cell)
{
    return cell == CAM_V_F1 || cell == CAM_V_F16 ? 1u : 2u;
}

/* The component of the empty non-castle cell `start`, flooded on first need. */
static int component_of(side_comps *s, int start)
{
    if (s->id[start])
        return s->id[start] - 1;
    const cam_view *v = s->v;
    const unsigned own = CAM_C_MAN_OF(s->side), enemy = CAM_C_MAN_OF(1 - s->side);
    int k = s->ncomp++;
    uint8_t id = (uint8_t)(k + 1);
    int size = 0;
    unsigned sinks = 0, jumps = 0;
    int16_t stack[CAM_VCELLS];
    int top = 0;
    stack[top++] = (int16_t)start;
    s->id[start] = id;
    while (top > 0) {
        int c = stack[--top];
        size++;
        for (int d = 0; d < 8; d++) {
            int over = c + cam_view_dirs[d], land = over + cam_view_dirs[d];
            if (v->cell[land] != CAM_C_EMPTY)
                continue;
            unsigned who = OWNER_BITS(v->cell[over]);
            if (who == own) {
                if (s->id[land] == id)
                    continue;
                int owner = cam_view_castle_owner(land);
                if (owner == s->side) /* never into the own castle */
                    continue;
                if (owner >= 0) { /* entering the opponent's castle ends the move */
                    sinks |= castle_bit(land);
                    continue;
                }
                s->id[land] = id;
                stack[top++] = (int16_t)land;
            } else if (who == enemy) {
                jumps |= 1u << s->enemy_index[over];
            }
        }
    }
    s->size[k] = size;
    s->sinks[k] = sinks;
    s->jumps[k] = jumps;
    return k;
}

static int bits(unsigned x)
{
    int n = 0;
    for (; x != 0; x &= x - 1)
        n++;
    return n;
}

/* Squares controlled by the piece on view cell `from` (not in the opponent's castle). */
static int piece_control(side_comps *s, int from)
{
    const cam_view *v = s->v;
    const int side = s->side;
    const unsigned own = CAM_C_MAN_OF(side), enemy = CAM_C_MAN_OF(1 - side);
    const int knight = (v->cell[from] & CAM_C_KNIGHT) != 0;
    int n = 0, used[8], nused = 0;
    unsigned sinks = 0, start_jumps = 0;
    for (int d = 0; d < 8; d++) {
        int t = from + cam_view_dirs[d];
        unsigned c = v->cell[t];
        if (c == CAM_C_EMPTY) {
            n += cam_view_castle_owner(t) != side; /* a plain move */
            continue;
        }
        int land = t + cam_view_dirs[d];
        if (v->cell[land] != CAM_C_EMPTY)
            continue;
        unsigned who = OWNER_BITS(c);
        if (who == enemy) {
            n++; /* a jump from the start */
            start_jumps |= 1u << s->enemy_index[t];
        } else if (who == own) {
            int owner = cam_view_castle_owner(land);
            if (owner == side) /* never into or through the own castle */
                continue;
            if (owner >= 0) {
                sinks |= castle_bit(land);
                continue;
            }
            int k = component_of(s, land), seen = 0;
            for (int i = 0; i < nused; i++)
                seen |= used[i] == k;
            if (!seen)
                used[nused++] = k;
        }
    }
    unsigned jumps = 0;
    for (int i = 0; i < nused; i++) {
        n += s->size[used[i]];
        sinks |= s->sinks[used[i]];
        jumps |= s->jumps[used[i]];
    }
    n += bits(sinks);
    if (!knight || nused == 0)
        return n;
    /* A knight's Charges: enemies it could jump from a landing (not from a castle square, where
     * the move has stopped), the square it left counting as empty. */
    for (int d = 0; d < 8; d++) {
        int e = from - cam_view_dirs[d], x = e - cam_view_dirs[d];
        if (OWNER_BITS(v->cell[e]) != enemy || v->cell[x] != CAM_C_EMPTY || s->id[x] == 0)
            continue;
        for (int i = 0; i < nused; i++)
            if (s->id[x] == used[i] + 1)
                jumps |= 1u << s->enemy_index[e];
    }
    return n + bits(jumps & ~start_jumps);
}

int cam_eval_mobility_count(cam_view *v, int side)
{
    side_comps s;
    side_comps_init(v, side, &s);
    int n = 0;
    for (int i = 0; i < v->count[side]; i++) {
        int from = v->sq[side][i];
        if (cam_view_castle_owner(from) == 1 - side) {
            int other = from == CAM_V_F1 ? CAM_V_G1 : from == CAM_V_G1 ? CAM_V_F1
                      : from == CAM_V_F16 ? CAM_V_G16 : CAM_V_F16;
            n += v->cell[other] == CAM_C_EMPTY && v->castle_moves_left[side] > 0;
            continue;
        }
        n += piece_control(&s, from);
    }
    return n;
}
