/*
 * Camelot evaluation on the rules module's state: the vtable's evaluate, explain and
 * order_key, and the public breakdown. The factors themselves are in eval_factors.c.
 */
#include <stdio.h>
#include <string.h>

#include "camelot/eval.h"
#include "camelot/eval_mobility.h"
#include "camelot/eval_sets.h"
#include "camelot/knight.h"
#include "camelot/params.h"

/* The rules' piece byte (side in bit 2, kind 1 man / 2 knight) -> the view's cell. */
static const uint8_t CELL_OF_PIECE[8] = {
    CAM_C_EMPTY, CAM_C_MAN_OF(0), CAM_C_KNIGHT_OF(0), CAM_C_EMPTY,
    CAM_C_EMPTY, CAM_C_MAN_OF(1), CAM_C_KNIGHT_OF(1), CAM_C_EMPTY,
};

void cam_view_from_state(const cam_state *s, cam_view *out)
{
    cam_view_clear(out);
    out->side_to_move = s->side_to_move;
    /* Eight squares at a time: most of the board is empty, and a zero word skips eight. */
    for (int base = 0; base < CAM_SQUARES; base += 8) {
        uint64_t word;
        memcpy(&word, s->board + base, sizeof word);
        if (word == 0)
            continue;
        for (int sq = base; sq < base + 8; sq++) {
            uint8_t piece = s->board[sq];
            if (piece == CAM_EMPTY)
                continue;
            int side = CAM_PIECE_SIDE(piece);
            int v = CAM_VSQ(cam_sq_file[sq], cam_sq_rank[sq]);
            out->cell[v] = CELL_OF_PIECE[piece & 7];
            if (out->count[side] < CAM_VIEW_MAX_PIECES)
                out->sq[side][out->count[side]++] = (int16_t)v;
            int file = cam_sq_file[sq], rank = cam_sq_rank[sq];
            int knight = CAM_PIECE_KIND(piece) == CAM_KNIGHT;
            cam_bb_set(knight ? &out->knights[side] : &out->men[side], CAM_BB_BIT(file, rank));
            cam_pc_set(knight ? &out->pknights[side] : &out->pmen[side], file, rank);
        }
    }
}

static const cam_eval_params *params_of(const ba_game *g)
{
    const cam_params *cp = (const cam_params *)g->params;
    return &cp->options;
}

static void view_of(const ba_game *g, const cam_state *s, cam_view *v)
{
    cam_view_from_state(s, v);
    int limit = params_of(g)->castle_moves_per_player;
    for (int side = 0; side < 2; side++) {
        int left = limit - s->castle_moves[side];
        v->castle_moves_left[side] = left > 0 ? left : 0;
    }
}

/* What the factors need, from a view or straight from a state: per side the piece counts
 * (Nolan's P, the pieces inside the opponent's castle), the linear piece-square sums of
 * advance and centre (points), and the pieces as sets. */
typedef struct eval_input {
    int side_to_move;
    int castle_moves_left[2];
    int count[2], knights[2], uncastled[2], inside[2];
    int64_t advance[2], centre[2];
    int exposed[2]; /* factor 10's count, for the side that has just moved only (else 0) */
    int mobility[2]; /* factor 5's count (0 when its weight is 0: the costliest factor) */
    cam_bb men[2], knight_bb[2];
    cam_pcbb pmen[2], pknights[2];
} eval_input;

static void input_from_view(const cam_view *v, eval_input *in)
{
    in->side_to_move = v->side_to_move;
    for (int side = 0; side < 2; side++) {
        in->castle_moves_left[side] = v->castle_moves_left[side];
        in->count[side] = v->count[side];
        in->knights[side] = in->uncastled[side] = in->inside[side] = 0;
        for (int i = 0; i < v->count[side]; i++) {
            int sq = v->sq[side][i], owner = cam_view_castle_owner(sq);
            in->knights[side] += (v->cell[sq] & CAM_C_KNIGHT) != 0;
            in->uncastled[side] += owner < 0;
            in->inside[side] += owner == 1 - side;
        }
        in->men[side] = v->men[side];
        in->knight_bb[side] = v->knights[side];
        in->pmen[side] = v->pmen[side];
        in->pknights[side] = v->pknights[side];
    }
    /* Mobility side by side here, both sides in one pass for a state; exposure on the
     * rectangle bitboards here, on the parity-class words for a state: the test that the two
     * evaluations agree then checks one against the other. */
    for (int side = 0; side < 2; side++)
        in->mobility[side] = cam_mobility_count(in->pmen, in->pknights, in->castle_moves_left[side], side);
    for (int side = 0; side < 2; side++)
        in->exposed[side] = side == in->side_to_move
                                ? 0
                                : cam_count_exposed(cam_bb_or(in->men[side], in->knight_bb[side]),
                                                    cam_bb_or(in->men[1 - side], in->knight_bb[1 - side]), side);
}

/* The factors that read only the piece lists, on a view (advance and centre as sums). */
static void sums_from_view(const cam_view *v, const cam_eval_params *p, eval_input *in)
{
    for (int side = 0; side < 2; side++) {
        in->advance[side] = in->centre[side] = 0;
        for (int i = 0; i < v->count[side]; i++) {
            int sq = v->sq[side][i], r = CAM_VRANK(sq);
            in->advance[side] += p->weights.advance[side == 0 ? r : 15 - r];
            in->centre[side] += p->weights.centre[CAM_VFILE(sq)];
        }
    }
}

/* Every input straight from the state's piece sets and counts (kept by apply): no board scan
 * and no mailbox view (the evaluation of a search node; ba_camelot_evaluate_breakdown goes
 * through the view and a test checks that both agree). The view holds at most
 * CAM_VIEW_MAX_PIECES pieces a side; a state never has more (the position parser refuses them,
 * moves only take pieces away). */
/* The evaluation of a node is compiled into a popcnt clone (CAM_CLONES, bb.h); these helpers
 * are inlined into it so that their population counts become the instruction. */
#if defined(__GNUC__)
#define CAM_EVAL_INLINE static inline __attribute__((always_inline))
#else
#define CAM_EVAL_INLINE static inline
#endif

/* Factor 10's count for `side` (the side that has just moved), on the parity-class words. */
CAM_EVAL_INLINE int exposed_count(const cam_state *s, int side)
{
    uint64_t own[4], enemy[4], trapped[4];
    for (int c = 0; c < 4; c++) {
        own[c] = s->pieces[side][0].c[c] | s->pieces[side][1].c[c];
        enemy[c] = s->pieces[1 - side][0].c[c] | s->pieces[1 - side][1].c[c];
    }
    cam_pc_set_exposed(own, enemy, side, trapped);
    return cam_popcount(trapped[0]) + cam_popcount(trapped[1]) + cam_popcount(trapped[2]) +
           cam_popcount(trapped[3]);
}

CAM_EVAL_INLINE void input_from_state(const cam_state *s, const cam_eval_params *p, eval_input *in)
{
    in->side_to_move = s->side_to_move;
    for (int side = 0; side < 2; side++) {
        int left = p->castle_moves_per_player - s->castle_moves[side];
        in->castle_moves_left[side] = left > 0 ? left : 0;
        in->pmen[side] = s->pieces[side][0];
        in->pknights[side] = s->pieces[side][1];
        in->men[side] = s->bb[side][0];
        in->knight_bb[side] = s->bb[side][1];
        const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
        int knights = 0, castled = 0, inside = 0;
        for (int c = 0; c < 4; c++) {
            uint64_t own = s->pieces[side][0].c[c] | s->pieces[side][1].c[c];
            knights += cam_popcount(s->pieces[side][1].c[c]);
            castled += cam_popcount(own & (CAM_PC_WHITE_CASTLE[c] | CAM_PC_BLACK_CASTLE[c]));
            inside += cam_popcount(own & opp_castle[c]);
        }
        in->count[side] = s->piece_count[side];
        in->knights[side] = knights;
        in->uncastled[side] = s->piece_count[side] - castled;
        in->inside[side] = inside;
    }
    /* Advance and centre are linear in the pieces: sums of weight x pieces per rank / file.
     * In 32 bits, so that the compiler can do the loops in vector registers: a weight is at
     * most 100,000 in size (ba_camelot_weights_check, when the game is made) and there are 160
     * squares, so no sum comes near 2^31. */
    int32_t advance[2] = {0, 0}, centre[2] = {0, 0};
    for (int r = 0; r < CAM_RANKS; r++) {
        advance[0] += p->weights.advance[r] * (int32_t)s->rank_count[0][r];
        advance[1] += p->weights.advance[r] * (int32_t)s->rank_count[1][15 - r];
    }
    for (int f = 0; f < CAM_FILES; f++) {
        centre[0] += p->weights.centre[f] * (int32_t)s->file_count[0][f];
        centre[1] += p->weights.centre[f] * (int32_t)s->file_count[1][f];
    }
    for (int side = 0; side < 2; side++) {
        in->advance[side] = advance[side];
        in->centre[side] = centre[side];
    }
    /* Exposure charges only the side that has just moved. Mobility, the costliest factor, is
     * skipped when its weight is 0; otherwise it counts exposure from its own sets. */
    int moved = 1 - s->side_to_move;
    in->exposed[s->side_to_move] = 0;
    in->mobility[0] = in->mobility[1] = 0;
    if (p->weights.mobility != 0)
        cam_mobility_counts_exposed(in->pmen, in->pknights, in->castle_moves_left, moved, in->mobility,
                                    &in->exposed[moved]);
    else
        in->exposed[moved] = exposed_count(s, moved);
}

CAM_EVAL_INLINE void terms_of(const eval_input *in, const cam_eval_params *p, cam_eval_terms *out)
{
    double scale = 0.0; /* X^(N-1) of K(P, N): one pow() for both sides, when needed */
    for (int side = 0; side < 2; side++) {
        int32_t *t = out->terms[side];
        int32_t knight_cp = 0;
        if (in->knights[side] > 0 && !cam_knight_cp_table(p, in->uncastled[side], &knight_cp)) {
            if (in->uncastled[side] > 1 && scale == 0.0)
                scale = cam_knight_scale(p);
            knight_cp = cam_knight_cp_scaled(p, scale, in->uncastled[side]);
        }
        t[BA_CAMELOT_F_MATERIAL] =
            cam_term_material(in->count[side] - in->knights[side], in->knights[side], knight_cp, p);
        t[BA_CAMELOT_F_CASTLE_WIN] = cam_term_castle_win(in->inside[side], p);
        t[BA_CAMELOT_F_WIPEOUT] = cam_term_wipeout(in->count[side], in->count[1 - side], p);
        t[BA_CAMELOT_F_ADVANCE] = cam_sat32(in->advance[side] * CAM_EVAL_SCALE);
        /* Mobility, the costliest factor, is skipped when its weight is 0. */
        t[BA_CAMELOT_F_MOBILITY] = p->weights.mobility == 0 ? 0 : cam_term_per(in->mobility[side], p->weights.mobility);
        t[BA_CAMELOT_F_CENTRE] = cam_sat32(in->centre[side] * CAM_EVAL_SCALE);
        t[BA_CAMELOT_F_KNIGHT_SUPPORT] = cam_term_per(
            cam_bb_count_clone(cam_set_knight_support(in->men[side], in->knight_bb[side])), p->weights.knight_support);
        t[BA_CAMELOT_F_MAN_SUPPORT] =
            cam_term_per(cam_bb_count_clone(cam_set_man_support(in->men[side])), p->weights.man_support);
        /* Only the side that has just moved is charged for exposure (eval_factors.c). */
        t[BA_CAMELOT_F_EXPOSURE] = side == in->side_to_move ? 0 : cam_term_per(in->exposed[side], p->weights.exposure);
    }
    for (int side = 0; side < 2; side++)
        out->terms[side][BA_CAMELOT_F_TRADING] =
            cam_eval_trading(out->terms[side][BA_CAMELOT_F_MATERIAL],
                             out->terms[1 - side][BA_CAMELOT_F_MATERIAL], p);
    for (int side = 0; side < 2; side++) {
        int64_t sum = 0;
        for (int f = 0; f < BA_CAMELOT_FACTORS; f++)
            sum += out->terms[side][f];
        out->total[side] = cam_sat32(sum);
    }
}

void cam_eval_view_terms(cam_view *v, const cam_eval_params *p, cam_eval_terms *out)
{
    eval_input in;
    input_from_view(v, &in);
    sums_from_view(v, p, &in);
    terms_of(&in, p, out);
}

static int clamp_score(int64_t x)
{
    if (x > BA_SCORE_EVAL_MAX)
        return BA_SCORE_EVAL_MAX;
    if (x < -BA_SCORE_EVAL_MAX)
        return -BA_SCORE_EVAL_MAX;
    return (int)x;
}

int cam_eval_view(cam_view *v, const cam_eval_params *p)
{
    cam_eval_terms t;
    cam_eval_view_terms(v, p, &t);
    int me = v->side_to_move;
    return clamp_score((int64_t)t.total[me] - t.total[1 - me]);
}

/* The evaluation of a search node, one pass over the state's kept sets (static: CAM_CLONES). */
CAM_CLONES static int evaluate_state(const cam_eval_params *p, const cam_state *s)
{
    eval_input in;
    cam_eval_terms t;
    input_from_state(s, p, &in);
    terms_of(&in, p, &t);
    int me = in.side_to_move;
    return clamp_score((int64_t)t.total[me] - t.total[1 - me]);
}

int cam_evaluate(const ba_game *g, const void *state)
{
    return evaluate_state(params_of(g), (const cam_state *)state);
}

int ba_camelot_evaluate_breakdown(const ba_game *game, const void *state, ba_camelot_breakdown *out)
{
    if (game == NULL || state == NULL || out == NULL || game->params == NULL ||
        ((const cam_params *)game->params)->magic != CAM_PARAMS_MAGIC)
        return BA_ERR_ARG;
    cam_view v;
    cam_eval_terms t;
    view_of(game, (const cam_state *)state, &v);
    cam_eval_view_terms(&v, params_of(game), &t);
    memcpy(out->terms, t.terms, sizeof out->terms);
    out->total[0] = t.total[0];
    out->total[1] = t.total[1];
    out->side_to_move = v.side_to_move;
    out->score = clamp_score((int64_t)t.total[v.side_to_move] - t.total[1 - v.side_to_move]);
    return BA_OK;
}

/* Appends one "name white black" line (points with two decimals: the terms are hundredths)
 * to buf. @return BA_OK, or BA_ERR_BUFFER when it does not fit. */
static int append_line(char *buf, size_t cap, size_t *len, const char *name, int32_t white,
                       int32_t black)
{
    int n = snprintf(buf + *len, cap - *len, "%-15s %10.2f %10.2f\n", name, white / 100.0,
                     black / 100.0);
    if (n < 0 || (size_t)n >= cap - *len)
        return BA_ERR_BUFFER;
    *len += (size_t)n;
    return BA_OK;
}

int cam_explain(const ba_game *g, const void *state, char *buf, size_t cap)
{
    if (buf == NULL || cap == 0)
        return BA_ERR_ARG;
    ba_camelot_breakdown b;
    int rc = ba_camelot_evaluate_breakdown(g, state, &b);
    if (rc != BA_OK)
        return rc;
    size_t len = 0;
    buf[0] = '\0';
    /* The first line names the weights (the protocol's `eval` shows this text). */
    int n = snprintf(buf, cap, "weights %s (N = %.2f)\n", ba_camelot_weights_name(&params_of(g)->weights),
                     params_of(g)->knight_n);
    if (n < 0 || (size_t)n >= cap)
        rc = BA_ERR_BUFFER;
    else
        len = (size_t)n;
    for (int f = 0; f < BA_CAMELOT_FACTORS && rc == BA_OK; f++)
        rc = append_line(buf, cap, &len, ba_camelot_factor_name(f), b.terms[0][f], b.terms[1][f]);
    if (rc == BA_OK)
        rc = append_line(buf, cap, &len, "total", b.total[0], b.total[1]);
    if (rc != BA_OK) {
        buf[0] = '\0';
        return rc;
    }
    return (int)len;
}

/* 1 if a piece of `side` stands on one of the eight squares around sq (the neighbours'
 * rectangle bitboard from cam_tables.c against the side's pieces). */
static inline int any_around(const cam_state *s, int side, int sq)
{
    const cam_bb *m = &cam_around_bb[sq], *men = &s->bb[side][0], *kn = &s->bb[side][1];
    return (((men->w[0] | kn->w[0]) & m->w[0]) | ((men->w[1] | kn->w[1]) & m->w[1]) |
            ((men->w[2] | kn->w[2]) & m->w[2])) != 0;
}

/* The trap test of one direction d for a square of constant class c (so that every shift is
 * by a constant): in the bit of the square, an enemy next to it in direction d (class cn), the
 * square beyond that enemy empty (class c) and the square behind, the other way, not empty or
 * off the board (class cn again: opposite directions change the class alike). Off-board
 * neighbours shift in zeros (pcbb.h): no enemy, no empty square. */
#define CAM_TRAP_DC(d, c)                                                                      \
    t |= cam_pc_shift(enemy[(c) ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][d]) &               \
         cam_pc_shift(empty[c], -cam_pc_leap_off[d]) &                                         \
         ~cam_pc_shift(empty[(c) ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][(d + 4) & 7]);
#define CAM_TRAP_C(c)                                                                          \
    case c:                                                                                    \
        CAM_TRAP_DC(0, c) CAM_TRAP_DC(1, c) CAM_TRAP_DC(2, c) CAM_TRAP_DC(3, c)                \
        CAM_TRAP_DC(4, c) CAM_TRAP_DC(5, c) CAM_TRAP_DC(6, c) CAM_TRAP_DC(7, c) break;

/* The trap test once an enemy is known to stand next to `to`: whether a piece of `side` moving
 * from `from` to `to` could be jumped there (an enemy next to it, the square beyond it empty)
 * and not jumped back (the square behind it occupied or off the board), the square `from`
 * counting as empty. On the parity-class words, all eight directions at once and without a
 * branch: a direction-by-direction look at the board branched on the position at every step
 * and was mispredicted at most calls. */
static int trap_next_to_enemy(const cam_state *s, int side, int from, int to)
{
    uint64_t enemy[4], empty[4];
    for (int c = 0; c < 4; c++) {
        enemy[c] = s->pieces[1 - side][0].c[c] | s->pieces[1 - side][1].c[c];
        empty[c] = CAM_PC_BOARD[c] & ~enemy[c] & ~s->pieces[side][0].c[c] & ~s->pieces[side][1].c[c];
    }
    empty[CAM_PC_CLASS(cam_sq_file[from], cam_sq_rank[from])] |= (uint64_t)1 << CAM_PC_BIT(cam_sq_file[from], cam_sq_rank[from]);
    uint64_t t = 0;
    switch (CAM_PC_CLASS(cam_sq_file[to], cam_sq_rank[to])) {
        CAM_TRAP_C(0) CAM_TRAP_C(1) CAM_TRAP_C(2) CAM_TRAP_C(3)
    }
    return (int)((t >> CAM_PC_BIT(cam_sq_file[to], cam_sq_rank[to])) & 1);
}
#undef CAM_TRAP_C
#undef CAM_TRAP_DC

/* Inline in the ordering key: most moves end where no enemy stands next to them, and that
 * answer costs three word operations. */
static inline int trap_square(const cam_state *s, int side, int from, int to)
{
    if (cam_castle_side(to) == 1 - side)
        return 0;
    /* Most moves end far from any enemy: no trap without one next to `to`. */
    if (!any_around(s, 1 - side, to))
        return 0;
    return trap_next_to_enemy(s, side, from, to);
}

int cam_state_trap_square(const cam_state *s, int side, int from, int to)
{
    return trap_square(s, side, from, to);
}

int cam_eval_move_key_parts(const cam_eval_params *p, int leaves_castle, int captures, int trap,
                            int enters)
{
    int64_t key = 0;
    if (enters)
        key += (int64_t)p->weights.castle_win * CAM_EVAL_SCALE / 2;
    if (leaves_castle)
        key += (int64_t)p->weights.leave_castle * CAM_EVAL_SCALE;
    if (captures > 0)
        key += (int64_t)p->weights.capture * CAM_EVAL_SCALE + captures;
    else if (trap)
        key += (int64_t)p->weights.exposure * CAM_EVAL_SCALE;
    return cam_sat32(key);
}

/* The pieces a move captures, read from its encoding without a full decode (the ordering key
 * runs for every move of every node): every landing of a jump is a capture; a Charge's legs
 * capture where the middle square holds an enemy piece when the move starts. */
static int captures_of(const cam_state *s, const ba_move *m)
{
    if (m->tag == CAM_MOVE_JUMP)
        return m->len - 1;
    if (m->tag != CAM_MOVE_CHARGE)
        return 0;
    int side = s->side_to_move, n = 0;
    for (int i = 1; i < m->len; i++) {
        int a = m->bytes[i - 1], b = m->bytes[i];
        int mid = cam_coord_sq[(cam_sq_rank[a] + cam_sq_rank[b]) / 2]
                              [(cam_sq_file[a] + cam_sq_file[b]) / 2];
        uint8_t p = mid < CAM_SQUARES ? s->board[mid] : CAM_EMPTY;
        n += p != CAM_EMPTY && (int)CAM_PIECE_SIDE(p) != side;
    }
    return n;
}

/* The key of a move that is not a plain step or canter between squares outside the castles:
 * captures, castle entries and exits (out of line: cam_order_key's common case stays a leaf
 * that needs few registers). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int order_key_other(const cam_eval_params *p, const cam_state *s, const ba_move *move, int from, int to)
{
    if (from >= CAM_SQUARES || to >= CAM_SQUARES)
        return 0;
    int side = s->side_to_move;
    int leaves = cam_castle_side(from) == side && cam_castle_side(to) != side;
    int captures = captures_of(s, move);
    /* The trap test only matters when its weight does (it runs for every move of every node). */
    int trap = captures == 0 && p->weights.exposure != 0 && trap_square(s, side, from, to);
    int enters = cam_castle_side(to) == 1 - side && cam_castle_side(from) != 1 - side;
    return cam_eval_move_key_parts(p, leaves, captures, trap, enters);
}

int cam_order_key(const ba_game *g, const void *state, const ba_move *move)
{
    const cam_state *s = (const cam_state *)state;
    unsigned len = move->len;
    if (len - 2u > BA_MOVE_MAX_BYTES - 2u) /* fewer than 2 squares, or more than a move holds */
        return 0;
    unsigned from = move->bytes[0], to = move->bytes[len - 1];
    const cam_eval_params *p = params_of(g);
    /* Most moves are steps or canters between squares outside the castles (squares 2 to 157):
     * no capture, no castle entry or exit, so only the trap test can make their key non-zero,
     * and it needs an enemy next to `to` (the cheap test first: most moves end far from one). */
    if ((move->tag == CAM_MOVE_PLAIN || move->tag == CAM_MOVE_CANTER) && from - 2u < CAM_SQ_F16 - 2u &&
        to - 2u < CAM_SQ_F16 - 2u) {
        if (!any_around(s, 1 - s->side_to_move, (int)to) || p->weights.exposure == 0 ||
            !trap_next_to_enemy(s, s->side_to_move, (int)from, (int)to))
            return 0;
        return cam_eval_move_key_parts(p, 0, 0, 1, 0);
    }
    return order_key_other(p, s, move, (int)from, (int)to);
}
