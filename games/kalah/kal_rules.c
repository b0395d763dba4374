/* The rules of Kalah on the game module's state: sowing, capture, extra turn, end of game.
 * The solver has its own faster sowing on a different layout; the tests check the two agree. */
#include <string.h>

#include "kal_rules.h"

void kal_start(const kal_params *p, kal_state *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < p->pits; i++) {
        s->pits[0][i] = (uint8_t)p->seeds;
        s->pits[1][i] = (uint8_t)p->seeds;
    }
}

int kal_side_seeds(const kal_params *p, const kal_state *s, int side)
{
    int sum = 0;
    for (int i = 0; i < p->pits; i++)
        sum += s->pits[side][i];
    return sum;
}

int kal_over(const kal_params *p, const kal_state *s)
{
    return kal_side_seeds(p, s, 0) == 0 || kal_side_seeds(p, s, 1) == 0;
}

int kal_final_margin(const kal_params *p, const kal_state *s)
{
    return (s->store[0] + kal_side_seeds(p, s, 0)) - (s->store[1] + kal_side_seeds(p, s, 1));
}

int kal_pit_number(const kal_params *p, int side, int index)
{
    return side == 0 ? index + 1 : p->pits + 2 + index;
}

void kal_play(const kal_params *p, kal_state *s, int pit, kal_outcome *out)
{
    const int m = p->pits;
    const int me = s->to_move, opp = 1 - me;
    int seeds = s->pits[me][pit];
    s->pits[me][pit] = 0;

    /* Walk the ring: own pits, own store (side == me, index == m), opponent's pits; the
     * opponent's store is never visited. */
    int side = me, index = pit;
    while (seeds > 0) {
        if (side == me && index == m) {
            side = opp;
            index = 0;
        } else if (index + 1 < m) {
            index++;
        } else if (side == me) {
            index = m; /* own store */
        } else {
            side = me; /* skip the opponent's store */
            index = 0;
        }
        if (side == me && index == m)
            s->store[me]++;
        else
            s->pits[side][index]++;
        seeds--;
    }

    kal_outcome o = {0, 0, 0};
    if (side == me && index == m) {
        o.extra_turn = 1;
    } else {
        if (side == me && s->pits[me][index] == 1) {
            int opposite = s->pits[opp][m - 1 - index];
            if (opposite > 0 || p->empty_capture) {
                o.captured = 1 + opposite;
                s->store[me] = (uint8_t)(s->store[me] + o.captured);
                s->pits[me][index] = 0;
                s->pits[opp][m - 1 - index] = 0;
            }
        }
        s->to_move = (uint8_t)opp;
    }
    if (kal_over(p, s)) {
        /* Each side keeps the seeds left on its own side. */
        for (int sd = 0; sd < 2; sd++) {
            s->store[sd] = (uint8_t)(s->store[sd] + kal_side_seeds(p, s, sd));
            memset(s->pits[sd], 0, sizeof s->pits[sd]);
        }
        o.game_over = 1;
    }
    if (out)
        *out = o;
}
