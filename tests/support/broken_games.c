/* Broken tic-tac-toe hooks shared by the hardening tests (broken_games.h). */
#include "broken_games.h"

#include "testgames.h"

static const ba_game *T(void) { return bt_tictactoe_game(); }

int bt_broken_side_seven(const ba_game *g, const void *st)
{
    (void)g;
    (void)st;
    return 7;
}

int bt_broken_status_nine(const ba_game *g, const void *st, const ba_history *h)
{
    (void)g;
    (void)st;
    (void)h;
    return 9;
}

int bt_broken_garbage_generate(const ba_game *g, const void *st, const ba_history *h, ba_move *m,
                               size_t cap)
{
    (void)g;
    int n = T()->generate(T(), st, h, m, cap);
    if (n >= 1)
        m[0].bytes[BA_MOVE_MAX_BYTES - 1] = 1;
    return n;
}

int bt_broken_overlong_move_text(const ba_game *g, const void *st, const ba_move *m, char *buf,
                                 size_t cap)
{
    (void)g;
    int len = T()->move_to_text(T(), st, m, buf, cap);
    return len < 0 ? len : (int)cap + 5;
}

int bt_broken_eval_above(const ba_game *g, const void *st)
{
    (void)g;
    (void)st;
    return BA_SCORE_EVAL_MAX + 1;
}

int bt_broken_eval_below(const ba_game *g, const void *st)
{
    (void)g;
    (void)st;
    return -BA_SCORE_EVAL_MAX - 1;
}
