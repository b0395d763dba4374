/* The parts of the selective search below the search itself: the transposition table keeps a
 * node's static value next to its result (so interior nodes are not evaluated again), and the
 * history heuristic's gravity update rewards the move that cut off, punishes the moves tried
 * before it in vain, and stays within its bound. */
#include <stdlib.h>

#include "check_main.h"
#include "ordering.h"
#include "testgames.h"
#include "tt.h"

START_TEST(test_table_keeps_static_value)
{
    bac_tt tt = {0};
    ck_assert_int_eq(bac_tt_resize(&tt, 1), BA_OK);
    bac_tt_entry e;
    /* A stored static value comes back, negative ones too, with the result beside it. */
    bac_tt_store(&tt, 42, 17, 5, BAC_TT_LOWER, 3, -1234);
    ck_assert(bac_tt_probe(&tt, 42, &e));
    ck_assert(e.has_eval);
    ck_assert_int_eq(e.eval, -1234);
    ck_assert_int_eq(e.score, 17);
    ck_assert_int_eq(e.depth, 5);
    ck_assert_int_eq(e.flag, BAC_TT_LOWER);
    ck_assert_uint_eq(e.move, 3);
    /* A later result without one keeps it (as it keeps the move), one with a value replaces it. */
    bac_tt_store(&tt, 42, 20, 6, BAC_TT_EXACT | BAC_TT_PROVEN, BAC_TT_NO_MOVE, BAC_TT_NO_EVAL);
    ck_assert(bac_tt_probe(&tt, 42, &e));
    ck_assert(e.has_eval);
    ck_assert_int_eq(e.eval, -1234);
    ck_assert_uint_eq(e.move, 3);
    ck_assert(e.proven);
    ck_assert_int_eq(e.flag, BAC_TT_EXACT);
    bac_tt_store(&tt, 42, 20, 6, BAC_TT_EXACT, 1, BA_SCORE_EVAL_MAX);
    ck_assert(bac_tt_probe(&tt, 42, &e));
    ck_assert_int_eq(e.eval, BA_SCORE_EVAL_MAX);
    ck_assert(!e.proven);
    /* A key stored without a static value has none. */
    bac_tt_store(&tt, 43, 0, 1, BAC_TT_UPPER, BAC_TT_NO_MOVE, BAC_TT_NO_EVAL);
    ck_assert(bac_tt_probe(&tt, 43, &e));
    ck_assert(!e.has_eval);
    ck_assert_int_eq(e.flag, BAC_TT_UPPER);
    bac_tt_free(&tt);
}
END_TEST

static ba_move mv(int b)
{
    ba_move m = BA_MOVE_NONE;
    m.len = 1;
    m.bytes[0] = (uint8_t)b;
    return m;
}

START_TEST(test_history_gravity)
{
    bac_order *o = calloc(1, sizeof *o);
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(bac_order_reserve(o, 4), BA_OK);
    bac_order_clear(o);
    ba_move cut = mv(1), a = mv(2), b = mv(3);
    const ba_move *tried[] = {&a, &b};
    bac_order_reward(o, &cut, tried, 2, 0, 0, 3);
    ck_assert_int_gt(bac_order_history(o, &cut, 0), 0);
    ck_assert_int_lt(bac_order_history(o, &a, 0), 0);
    ck_assert_int_lt(bac_order_history(o, &b, 0), 0);
    ck_assert_int_eq(bac_order_history(o, &cut, 1), 0); /* per side */
    /* Many rewards approach the bound and never pass it; so do many penalties. */
    for (int i = 0; i < 1000; i++)
        bac_order_reward(o, &cut, tried, 2, 0, 0, 20);
    ck_assert_int_le(bac_order_history(o, &cut, 0), BAC_HISTORY_GRAVITY);
    ck_assert_int_gt(bac_order_history(o, &cut, 0), BAC_HISTORY_GRAVITY / 2);
    ck_assert_int_ge(bac_order_history(o, &a, 0), -BAC_HISTORY_GRAVITY);
    ck_assert_int_lt(bac_order_history(o, &a, 0), -BAC_HISTORY_GRAVITY / 2);
    /* A move that starts cutting off climbs back quickly. */
    for (int i = 0; i < 20; i++)
        bac_order_reward(o, &a, NULL, 0, 0, 0, 20);
    ck_assert_int_gt(bac_order_history(o, &a, 0), 0);
    /* The last move that cut off is the first killer of its ply: it orders before a move
     * with more history that is not a killer. */
    ba_game g = *bt_connect4_game();
    g.order_key = NULL;
    ck_assert_int_gt(bac_order_history(o, &cut, 0), bac_order_history(o, &b, 0));
    ck_assert(bac_order_key(o, &g, NULL, &a, 0, 0, 1) > bac_order_key(o, &g, NULL, &cut, 0, 0, 1));
    bac_order_free(o);
    free(o);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("selective_parts");
    TCase *tc = tcase_create("parts");
    tcase_add_test(tc, test_table_keeps_static_value);
    tcase_add_test(tc, test_history_gravity);
    suite_add_tcase(s, tc);
    return s;
}
