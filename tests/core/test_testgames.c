/* The test games themselves pass the conformance harness (which also exercises the harness). */
#include <stdio.h>

#include "check_main.h"
#include "conformance.h"
#include "testgames.h"

START_TEST(conformance_nim)
{
    char msg[1024];
    ba_conformance_stats st;
    ck_assert_msg(ba_conformance_run(bt_nim_game(), 1, 100, 0, &st, msg, sizeof msg) == 0, "%s",
                  msg);
    ck_assert_uint_eq(st.games, 100);
    /* Nim always ends with a win: nobody can draw and games cannot be cut short. */
    ck_assert_uint_eq(st.results[BA_RESULT_WIN0] + st.results[BA_RESULT_WIN1], 100);
}
END_TEST

START_TEST(conformance_tictactoe)
{
    char msg[1024];
    ba_conformance_stats st;
    ck_assert_msg(ba_conformance_run(bt_tictactoe_game(), 2, 200, 0, &st, msg, sizeof msg) == 0,
                  "%s", msg);
    ck_assert(st.results[BA_RESULT_DRAW] > 0);
    ck_assert(st.results[BA_RESULT_WIN0] > 0);
    ck_assert(st.results[BA_RESULT_WIN1] > 0);
    ck_assert_uint_le(st.longest_game, 9);
}
END_TEST

START_TEST(conformance_synth)
{
    char msg[1024];
    ba_conformance_stats st;
    int v = _i;
    ck_assert_msg(ba_conformance_run(bt_synth_game(v), 3 + (uint64_t)v, 200, 40, &st, msg,
                                     sizeof msg) == 0,
                  "%s", msg);
    ck_assert_uint_eq(st.games, 200);
    ck_assert(st.positions > 200);
}
END_TEST

START_TEST(conformance_connect4)
{
    char msg[1024];
    ba_conformance_stats st;
    ck_assert_msg(ba_conformance_run(bt_connect4_game(), 4, 100, 0, &st, msg, sizeof msg) == 0,
                  "%s", msg);
    ck_assert(st.results[BA_RESULT_WIN0] > 0);
    ck_assert(st.results[BA_RESULT_WIN1] > 0);
    ck_assert_uint_le(st.longest_game, 42);
    ck_assert_msg(ba_search_equivalence_check(bt_connect4_game(), 5, 30, 4, 20, msg, sizeof msg) ==
                      0,
                  "%s", msg);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("testgames");
    TCase *tc = tcase_create("conformance");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, conformance_nim);
    tcase_add_test(tc, conformance_tictactoe);
    tcase_add_test(tc, conformance_connect4);
    tcase_add_loop_test(tc, conformance_synth, 0, BT_SYNTH_VARIANTS);
    suite_add_tcase(s, tc);
    return s;
}
