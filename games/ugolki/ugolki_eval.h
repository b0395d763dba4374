/* Ugolki's evaluation (owner: ugolki_eval.c). Not installed. */
#ifndef BOARDAI_UGOLKI_EVAL_H
#define BOARDAI_UGOLKI_EVAL_H

#include "ugolki_rules.h"

/* The bonus bits (bit = table index) in force in state @p s, 0 when the bonus is off. */
uint64_t ug_bonus_bits(const ug_params *p, const ug_state *s);
int ug_side_sum(const ug_params *p, const ug_state *s, int side);
int ug_evaluate(const ba_game *g, const void *state);
int ug_order_key(const ba_game *g, const void *state, const ba_move *move);
int ug_explain(const ba_game *g, const void *state, char *buf, size_t cap);

#endif /* BOARDAI_UGOLKI_EVAL_H */
