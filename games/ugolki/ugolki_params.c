/* Ugolki's options and the parameters derived from them: the bottom file of the module, which
 * uses no other file of it (the rules, the text and the evaluation all read the parameters). */
#include <string.h>

#include "ugolki_params.h"

ba_ugolki_options ba_ugolki_options_default(void)
{
    ba_ugolki_options o;
    memset(&o, 0, sizeof o);
    o.pieces = 9;
    o.diagonal = 0;
    o.stay_limit = 40;
    o.return_limit = 40;
    o.ply_cap = 400;
    o.asymmetric = 1;
    o.program_side = 0;
    o.finish_test = 1;
    o.random_bonus = 0;
    o.seed = 0;
    return o;
}

uint64_t ug_corner(int pieces, int side)
{
    /* White's corner: 3x3 (a1-c3), 3 rows of 4 (a1-d3) or 4x4 (a1-d4). Black's is the same
     * block turned half round, which is the bit-reversal of the board. */
    int files = pieces == 9 ? 3 : 4;
    int ranks = pieces == 16 ? 4 : 3;
    uint64_t white = 0;
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++)
            white |= 1ull << (r * 8 + f);
    if (side == 0)
        return white;
    uint64_t black = 0;
    for (int sq = 0; sq < UG_SQUARES; sq++)
        if (white & (1ull << sq))
            black |= 1ull << (63 - sq);
    return black;
}

/* White's index (rank - 1) * 8 + file, a = 0; each line is one rank, rank 1 first. */
const int ug_square_table[UG_SQUARES] = {
     0,  0,  0,  4,  5,  6,  7,  8,
     1,  1,  1, 12, 13, 14, 15, 16,
     2,  2,  2, 20, 21, 22, 23, 24,
    25, 26, 27, 30, 31, 30, 31, 32,
    33, 34, 35, 38, 39, 38, 39, 40,
    41, 42, 43, 44, 45, 62, 63, 64,
    49, 50, 51, 52, 53, 65, 66, 67,
    57, 58, 59, 60, 61, 68, 69, 70,
};

/* The table sum of a completely filled target corner, for the finish threshold. */
static int ug_full_corner_sum(int pieces)
{
    uint64_t target = ug_corner(pieces, 1);
    int sum = 0;
    for (int sq = 0; sq < UG_SQUARES; sq++)
        if (target & (1ull << sq))
            sum += ug_square_table[sq];
    return sum;
}

/* The most a single step gains on the square table (c3-c4 and f5-f6: 25; c3-d4 with diagonals:
 * 28), read off the table rather than written down, so the margin follows the table. */
static int ug_max_step_gain(int diagonal)
{
    int best = 0;
    for (int sq = 0; sq < UG_SQUARES; sq++)
        for (int dr = -1; dr <= 1; dr++)
            for (int df = -1; df <= 1; df++) {
                int r = sq / 8 + dr, f = sq % 8 + df;
                if ((dr == 0 && df == 0) || (dr != 0 && df != 0 && !diagonal) || r < 0 || r > 7 ||
                    f < 0 || f > 7)
                    continue;
                int gain = ug_square_table[r * 8 + f] - ug_square_table[sq];
                if (gain > best)
                    best = gain;
            }
    return best;
}

int ug_params_init(ug_params *p, const ba_ugolki_options *opt, ba_error *err)
{
    if (opt->pieces != 9 && opt->pieces != 12 && opt->pieces != 16)
        return ba_error_set(err, BA_ERR_RANGE, "pieces must be 9, 12 or 16, got %d", opt->pieces);
    if (opt->diagonal != 0 && opt->diagonal != 1)
        return ba_error_set(err, BA_ERR_RANGE, "diagonal must be 0 or 1, got %d", opt->diagonal);
    if (opt->stay_limit < 0 || opt->stay_limit > BA_UGOLKI_MAX_LIMIT)
        return ba_error_set(err, BA_ERR_RANGE, "stay_limit must be 0..%d, got %d",
                            BA_UGOLKI_MAX_LIMIT, opt->stay_limit);
    if (opt->return_limit < 0 || opt->return_limit > BA_UGOLKI_MAX_LIMIT)
        return ba_error_set(err, BA_ERR_RANGE, "return_limit must be 0..%d, got %d",
                            BA_UGOLKI_MAX_LIMIT, opt->return_limit);
    if (opt->ply_cap < 0 || opt->ply_cap > BA_UGOLKI_MAX_LIMIT)
        return ba_error_set(err, BA_ERR_RANGE, "ply_cap must be 0..%d, got %d",
                            BA_UGOLKI_MAX_LIMIT, opt->ply_cap);
    if (opt->asymmetric != 0 && opt->asymmetric != 1)
        return ba_error_set(err, BA_ERR_RANGE, "asymmetric must be 0 or 1, got %d",
                            opt->asymmetric);
    if (opt->program_side != 0 && opt->program_side != 1)
        return ba_error_set(err, BA_ERR_RANGE, "program_side must be 0 or 1, got %d",
                            opt->program_side);
    if (opt->finish_test != 0 && opt->finish_test != 1)
        return ba_error_set(err, BA_ERR_RANGE, "finish_test must be 0 or 1, got %d",
                            opt->finish_test);
    if (opt->random_bonus != 0 && opt->random_bonus != 1)
        return ba_error_set(err, BA_ERR_RANGE, "random_bonus must be 0 or 1, got %d",
                            opt->random_bonus);
    memset(p, 0, sizeof *p);
    p->opt = *opt;
    p->home[0] = ug_corner(opt->pieces, 0);
    p->home[1] = ug_corner(opt->pieces, 1);
    /* 60 x 9 = 540 is 10/11 of 594, the sum of a full target corner of 9; the variants keep
     * that fraction (684 for 12 pieces, 826 for 16: 60 x 16 = 960 could never be reached). */
    p->threshold = ug_full_corner_sum(opt->pieces) * 10 / 11;
    p->directions = opt->diagonal ? 8 : 4;
    p->step_gain = ug_max_step_gain(opt->diagonal);
    return BA_OK;
}
