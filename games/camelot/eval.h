/*
 * The Camelot evaluation (eval.c): the vtable's evaluate, explain and order_key on the rules
 * state, and the combination of Nolan's factors (eval_factors.h) over a view (eval_view.h).
 */
#ifndef BOARDAI_CAMELOT_EVAL_H
#define BOARDAI_CAMELOT_EVAL_H

#include "camelot/camelot_internal.h"
#include "camelot/eval_factors.h"

/* The vtable's hooks. cam_evaluate: side to move's view, within +-BA_SCORE_EVAL_MAX.
 * cam_explain: one "name white black" line per term, return length or error (ba_game::explain).
 * cam_order_key: larger = search first (ba_game::order_key). */
int cam_evaluate(const ba_game *g, const void *state);
int cam_explain(const ba_game *g, const void *state, char *buf, size_t cap);
int cam_order_key(const ba_game *g, const void *state, const ba_move *move);

/** Every factor for both sides: terms[side][factor], in hundredths. */
typedef struct cam_eval_terms {
    int32_t terms[2][BA_CAMELOT_FACTORS];
    int32_t total[2];
} cam_eval_terms;

/** Computes every factor of @p v (the view may be modified temporarily, restored on return). */
void cam_eval_view_terms(cam_view *v, const cam_eval_params *p, cam_eval_terms *out);
/** The evaluation of @p v from the side to move's view, clamped to +-BA_SCORE_EVAL_MAX. */
int cam_eval_view(cam_view *v, const cam_eval_params *p);

/**
 * The move-ordering key (factors 11, 12 and 10) in hundredths: leave_castle if the move leaves
 * the own castle, plus capture (and @p captures hundredths, so that longer chains come first)
 * if it captures, plus exposure if it is a non-capture that ends in a trap (@p trap), plus half
 * of castle_win if it enters the opponent's castle (@p enters: a castle threat, searched right
 * after the captures).
 */
int cam_eval_move_key_parts(const cam_eval_params *p, int leaves_castle, int captures, int trap,
                            int enters);

/* ---- on the rules module's state (eval.c) ---- */
/** Builds the view of a rules state. */
void cam_view_from_state(const cam_state *s, cam_view *out);
/** cam_eval_trap_square on the rules state (for the ordering key, without a view): 1 if the
 *  piece of @p side moving from @p from ends on @p to next to an enemy it could jump that
 *  cannot jump it. */
int cam_state_trap_square(const cam_state *s, int side, int from, int to);

#endif /* BOARDAI_CAMELOT_EVAL_H */
