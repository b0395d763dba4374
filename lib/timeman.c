/* The time manager (timeman.h): the clock budget and the per-iteration decision. */
#include <string.h>

#include "timeman.h"

/* Moves assumed left in a sudden-death game: more than most games last from the middle game,
 * so the early moves do not spend the clock that the endgame needs. */
#define TM_DEFAULT_MOVES 30
/* The hard limit may reach this many times the base share ... */
#define TM_HARD_FACTOR 4
/* ... but never more than these fractions (percent) of the usable time. */
#define TM_HARD_SHARE 70
#define TM_SOFT_SHARE 40

void ba_limits_init(ba_limits *l)
{
    if (!l)
        return;
    memset(l, 0, sizeof *l);
    l->time_ms[0] = l->time_ms[1] = -1;
    l->overhead_ms = 20;
}

static uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }

void bac_tm_budget(const ba_limits *l, int side, uint64_t *soft_ms, uint64_t *hard_ms)
{
    uint64_t soft = 0, hard = 0;
    if (l && !l->infinite && !l->solve) {
        int64_t left = l->time_ms[side & 1];
        if (left >= 0) {
            int64_t inc = l->inc_ms[side & 1] > 0 ? l->inc_ms[side & 1] : 0;
            int64_t over = l->overhead_ms > 0 ? l->overhead_ms : 0;
            int64_t usable = left - over;
            if (usable < 1) {
                /* Out of time already (or a zero clock with only an increment): answer at once
                 * rather than never. */
                soft = hard = 1;
            } else {
                int64_t mtg = l->movestogo > 0 ? l->movestogo : TM_DEFAULT_MOVES;
                /* Most of the increment comes back after the move: spend it. */
                int64_t base = usable / mtg + (inc * 3) / 4;
                int64_t hard_cap = mtg == 1 ? usable * 9 / 10 : usable * TM_HARD_SHARE / 100;
                int64_t soft_cap = mtg == 1 ? usable * 6 / 10 : usable * TM_SOFT_SHARE / 100;
                int64_t s = base < soft_cap ? base : soft_cap;
                int64_t h = base * TM_HARD_FACTOR;
                if (h > hard_cap)
                    h = hard_cap;
                if (s < 1)
                    s = 1;
                if (h < s)
                    h = s;
                soft = (uint64_t)s;
                hard = (uint64_t)h;
            }
        }
        if (l->movetime_ms > 0) {
            /* A fixed time: both limits are it (it is what the caller asked to spend). */
            uint64_t mt = (uint64_t)l->movetime_ms;
            soft = soft ? min_u64(soft, mt) : mt;
            hard = hard ? min_u64(hard, mt) : mt;
        }
        if (l->max_ms > 0) {
            uint64_t cap = (uint64_t)l->max_ms;
            soft = soft ? min_u64(soft, cap) : cap;
            hard = hard ? min_u64(hard, cap) : cap;
        }
    }
    *soft_ms = soft;
    *hard_ms = hard;
}

int ba_time_budget(const ba_limits *limits, int side, int64_t *soft_ms, int64_t *hard_ms)
{
    if (!limits || !soft_ms || !hard_ms || (side != 0 && side != 1))
        return BA_ERR_ARG;
    uint64_t s, h;
    bac_tm_budget(limits, side, &s, &h);
    *soft_ms = (int64_t)s;
    *hard_ms = (int64_t)h;
    return BA_OK;
}

void bac_tm_start(bac_tm *tm, const ba_limits *l, int side, uint64_t fixed_ms, int score_unit)
{
    memset(tm, 0, sizeof *tm);
    bac_tm_budget(l, side, &tm->soft_ms, &tm->hard_ms);
    int clock = l && !l->infinite && !l->solve && l->time_ms[side & 1] >= 0;
    tm->adaptive = clock && tm->soft_ms < tm->hard_ms;
    if (fixed_ms && !(l && (l->infinite || l->solve))) {
        tm->hard_ms = tm->hard_ms ? min_u64(tm->hard_ms, fixed_ms) : fixed_ms;
        if (tm->soft_ms > tm->hard_ms)
            tm->soft_ms = tm->hard_ms;
    }
    tm->score_unit = score_unit > 0 ? score_unit : 1;
}

int bac_tm_stop_after(bac_tm *tm, const ba_move *best, int score, uint64_t elapsed_ms, int moves)
{
    if (!tm->adaptive)
        return 0; /* a fixed time or none: only the hard limit (or depth, nodes) ends it */
    if (moves <= 1)
        return 1; /* one legal move: nothing to think about */
    int changed = tm->have_score && !ba_move_equal(best, &tm->last_best);
    tm->stable = changed ? 0 : tm->stable + 1;
    tm->changes = tm->changes / 2 + (changed ? 4 : 0);
    int drop = tm->have_score && score < tm->last_score - tm->score_unit;
    tm->last_best = *best;
    tm->last_score = score;
    tm->have_score = 1;
    /* The soft limit, stretched by instability (up to x2) and a score drop (x1.5), shrunk when the
     * best move has held for a while; never beyond the hard limit. */
    uint64_t limit = tm->soft_ms * (uint64_t)(8 + (tm->changes > 8 ? 8 : tm->changes)) / 8;
    if (drop)
        limit = limit * 3 / 2;
    if (tm->stable >= 6)
        limit = limit / 2;
    else if (tm->stable >= 3)
        limit = limit * 3 / 4;
    if (limit > tm->hard_ms)
        limit = tm->hard_ms;
    return elapsed_ms >= limit;
}
