/* The time manager: one for every game and protocol. It turns a game clock (ba_limits) into a
 * soft limit (start no new iteration after it) and a hard limit (stop now), and after each
 * completed iteration decides whether to go on: the soft limit grows while the best move keeps
 * changing or the score drops, and the search ends early when one move dominates (it alone is
 * legal, or it stayed best over many iterations). The hard limit never moves. */
#ifndef BA_LIB_TIMEMAN_H
#define BA_LIB_TIMEMAN_H
#include <stdint.h>

#include "boardai/engine.h"

typedef struct bac_tm {
    uint64_t soft_ms;     /* 0 = no time management (depth, nodes, infinite or movetime only) */
    uint64_t hard_ms;     /* 0 = no time limit */
    int adaptive;         /* 1 when the budget came from a clock (soft < hard, may be stretched) */
    int stable;           /* iterations in a row with the same best move */
    int changes;          /* best-move changes, decayed each iteration */
    int last_score;
    int have_score;
    int score_unit;       /* what counts as a large score drop, in evaluation units */
    ba_move last_best;
} bac_tm;

/* The budget of side to move @p side (soft and hard, ms; 0 = none). */
void bac_tm_budget(const ba_limits *l, int side, uint64_t *soft_ms, uint64_t *hard_ms);
/* Starts managing one search. @p fixed_ms is the engine's BA_OPT_TIME_MS (0 = none), a hard cap
 * whatever the clock says; @p score_unit is the evaluation's "large drop" (> 0). */
void bac_tm_start(bac_tm *tm, const ba_limits *l, int side, uint64_t fixed_ms, int score_unit);
/* After a completed iteration with best move @p best and @p score, @p elapsed_ms into the
 * search, @p moves legal root moves: 1 when no new iteration should start. */
int bac_tm_stop_after(bac_tm *tm, const ba_move *best, int score, uint64_t elapsed_ms, int moves);
#endif
