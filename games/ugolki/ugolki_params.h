/* Ugolki's options and derived parameters (owner: ugolki_params.c, the bottom file of the
 * module). Not installed. */
#ifndef BOARDAI_UGOLKI_PARAMS_H
#define BOARDAI_UGOLKI_PARAMS_H

#include <stdint.h>

#include "boardai/game.h"
#include "boardai/ugolki.h"

/* Squares are 0..63, a1 = 0, b1 = 1, ..., h8 = 63 (rank * 8 + file): White's table index. */
#define UG_SQUARES 64

/* A variant: its options plus what is derived from them once. */
typedef struct ug_params {
    ba_ugolki_options opt;
    uint64_t home[2];   /* starting corner of each side (the other side's target) */
    int threshold;      /* finish threshold of the evaluation */
    int directions;     /* 4 (orthogonal) or 8 (with diagonals) */
    int step_gain;      /* the most table points one step gains (selective search's margin) */
} ug_params;

/* The parameters of an ugolki game (every ugolki vtable points its params at one). Inline, so
 * that every file can read them without depending on the file that makes the vtable. */
static inline const ug_params *ug_params_of(const ba_game *g)
{
    return (const ug_params *)g->params;
}

/* Checks @p opt and derives the parameters. BA_ERR_RANGE names the option out of range. */
int ug_params_init(ug_params *p, const ba_ugolki_options *opt, ba_error *err);

/* The starting corner of @p side (0 White, 1 Black) with @p pieces pieces, as square bits. */
uint64_t ug_corner(int pieces, int side);

/* The 64 entries of the corners article's square table, White's index: the evaluation's table,
 * kept with the parameters because the finish threshold is derived from it. */
extern const int ug_square_table[UG_SQUARES];

#endif /* BOARDAI_UGOLKI_PARAMS_H */
