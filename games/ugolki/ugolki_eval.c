/* The corners article's evaluation: a square table (through the generic piece-square evaluator),
 * an optional seeded 0/1 bonus per square, the finish test and the asymmetric weighting. */
#include <stdio.h>

#include "boardai/pst.h"
#include "ugolki_eval.h"

/* Black reads index 63 - square: the board turned half round. */
static const ba_pst ug_pst = {8, 8, 1, NULL, ug_square_table, 1, BA_PST_ROTATE};

const ba_pst *ba_ugolki_pst(void) { return &ug_pst; }

/* ba_pst_value(&ug_pst, side, 0, sq) without the call (the search asks it for every move it
 * orders and every piece it evaluates): Black reads the table turned half round. */
static inline int ug_square_value(int side, int sq)
{
    return ug_square_table[side == 0 ? sq : 63 - sq];
}

/* A won-looking position (finish test) scores this, minus UG_FINISH_PER_PLY per ply played so
 * that earlier finishes score higher, plus the winner's sum (below one ply's step). */
#define UG_FINISH_BASE 9000000
#define UG_FINISH_PER_PLY 1000
#define UG_FINISH_MAX_PLY 8000

static uint64_t ug_mix(uint64_t x)
{
    /* splitmix64's finaliser: a good 64-bit mixer, a pure function. */
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

uint64_t ug_bonus_bits(const ug_params *p, const ug_state *s)
{
    /* "Drawn afresh before each move from a seedable generator", without mutable state: the
     * bits are a hash of the game's seed and the ply of the position evaluated. Every leaf of
     * a fixed-depth search lies at the same ply, so one search iteration sees one table, and
     * the table changes from move to move and from seed to seed. */
    if (!p->opt.random_bonus)
        return 0;
    return ug_mix(p->opt.seed ^ ug_mix(0x75676f6c6b69ull + s->ply));
}

int ug_side_sum(const ug_params *p, const ug_state *s, int side)
{
    uint64_t bonus = ug_bonus_bits(p, s);
    int sum = 0;
    uint64_t pieces = s->occ[side];
    while (pieces) {
        int sq = __builtin_ctzll(pieces);
        pieces &= pieces - 1;
        int index = side == 0 ? sq : 63 - sq; /* the table's and the bonus bits' index */
        sum += ug_square_table[index] + (int)((bonus >> index) & 1u);
    }
    return sum;
}

int ug_evaluate(const ba_game *g, const void *state)
{
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    int stm = (int)(s->ply & 1u);
    int sum[2] = {ug_side_sum(p, s, 0), ug_side_sum(p, s, 1)};

    if (p->opt.finish_test) {
        int done0 = sum[0] > p->threshold, done1 = sum[1] > p->threshold;
        if (done0 != done1) {
            int winner = done0 ? 0 : 1;
            uint32_t ply = s->ply < UG_FINISH_MAX_PLY ? s->ply : UG_FINISH_MAX_PLY;
            int score = UG_FINISH_BASE - UG_FINISH_PER_PLY * (int)ply + sum[winner];
            return stm == winner ? score : -score;
        }
    }
    if (p->opt.asymmetric) {
        /* S(own)/3 - S(opp) from the program's side, times 3 to stay in integers; from the
         * other side its negation, S(own) - S(opp)/3 (times 3), so negamax stays consistent. */
        int prog = p->opt.program_side;
        int e = sum[prog] - 3 * sum[1 - prog];
        return stm == prog ? e : -e;
    }
    return sum[stm] - sum[1 - stm];
}

int ug_order_key(const ba_game *g, const void *state, const ba_move *move)
{
    (void)g;
    const ug_state *s = state;
    if (move->len != 2)
        return 0;
    int stm = (int)(s->ply & 1u);
    /* The table gain of the move: long forward chains first. */
    return ug_square_value(stm, move->bytes[1]) - ug_square_value(stm, move->bytes[0]);
}

int ug_explain(const ba_game *g, const void *state, char *buf, size_t cap)
{
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    uint64_t bonus = ug_bonus_bits(p, s);
    int table[2] = {0, 0}, extra[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        uint64_t pieces = s->occ[side];
        while (pieces) {
            int sq = __builtin_ctzll(pieces);
            pieces &= pieces - 1;
            int index = side == 0 ? sq : 63 - sq;
            table[side] += ba_pst_value(&ug_pst, side, 0, sq);
            extra[side] += (int)((bonus >> index) & 1u);
        }
    }
    int n = snprintf(buf, cap,
                     "table %d %d\nbonus %d %d\nsum %d %d\nfinished(threshold %d) %d %d\n"
                     "weighting %s\ntotal(side to move) %d",
                     table[0], table[1], extra[0], extra[1], table[0] + extra[0],
                     table[1] + extra[1], p->threshold, table[0] + extra[0] > p->threshold,
                     table[1] + extra[1] > p->threshold,
                     p->opt.asymmetric ? (p->opt.program_side == 0 ? "own/3-opp(program white)"
                                                                   : "own/3-opp(program black)")
                                       : "own-opp",
                     ug_evaluate(g, state));
    if (n < 0)
        return BA_ERR_INTERNAL;
    if ((size_t)n >= cap)
        return BA_ERR_BUFFER;
    return n;
}
