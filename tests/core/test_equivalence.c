/* Exactness: alpha-beta (TT on/off, aspiration, quiescence on/off) equals negamax at the same
 * depth on hundreds of random positions of the test games; best-first equals it at depth <= 2. */
#include "check_main.h"
#include "conformance.h"
#include "testgames.h"

START_TEST(equivalence_synth)
{
    char msg[2048];
    int v = _i;
    for (int depth = 1; depth <= 5; depth++)
        ck_assert_msg(ba_search_equivalence_check(bt_synth_game(v), 100 + (uint64_t)v * 10 +
                                                                      (uint64_t)depth,
                                                  60, depth, 12, msg, sizeof msg) == 0,
                      "%s", msg);
}
END_TEST

START_TEST(equivalence_nim)
{
    char msg[2048];
    for (int depth = 1; depth <= 4; depth++)
        ck_assert_msg(ba_search_equivalence_check(bt_nim_game(), 7 + (uint64_t)depth, 40, depth, 8,
                                                  msg, sizeof msg) == 0,
                      "%s", msg);
}
END_TEST

START_TEST(equivalence_tictactoe)
{
    char msg[2048];
    for (int depth = 1; depth <= 6; depth++)
        ck_assert_msg(ba_search_equivalence_check(bt_tictactoe_game(), 11 + (uint64_t)depth, 30,
                                                  depth, 6, msg, sizeof msg) == 0,
                      "%s", msg);
}
END_TEST

/* The options of the _ex form: a shallow quiescence and a one-point aspiration window (every
 * root search fails high or low first and must be repeated). */
START_TEST(equivalence_options)
{
    char msg[2048];
    ba_equivalence_options o = ba_equivalence_defaults();
    o.quiescence = 1;
    o.qdepth = 3;
    o.aspiration = 1;
    for (int v = 0; v < BT_SYNTH_VARIANTS; v++)
        ck_assert_msg(ba_search_equivalence_check_ex(bt_synth_game(v), 900 + (uint64_t)v, 40, 4, 14,
                                                     &o, msg, sizeof msg) == 0,
                      "%s", msg);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("equivalence");
    TCase *tc = tcase_create("equivalence");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, equivalence_synth, 0, BT_SYNTH_VARIANTS);
    tcase_add_test(tc, equivalence_nim);
    tcase_add_test(tc, equivalence_tictactoe);
    tcase_add_test(tc, equivalence_options);
    suite_add_tcase(s, tc);
    return s;
}
