/* Kalah through the library: the generic conformance harness and the search-equivalence check
 * (alpha-beta = negamax, extra turns included), on the default game and on variants. */
#include "check_main.h"
#include "conformance.h"
#include "kalah_test_util.h"

static void conformance(const ba_game *g, uint64_t seed, int games)
{
    char msg[512];
    ba_conformance_stats st;
    ck_assert_msg(ba_conformance_run(g, seed, games, 0, &st, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_int_eq(st.games, (uint64_t)games);
    /* Every random game of Kalah ends (no cut at the ply limit). */
    ck_assert_int_eq(st.results[0], 0);
}

START_TEST(test_conformance_default)
{
    conformance(ba_kalah_game(), 1, 100);
}
END_TEST

START_TEST(test_conformance_variants)
{
    static const int boards[][3] = {{1, 1, 0}, {1, 12, 1}, {2, 5, 0}, {4, 3, 1}, {8, 12, 0},
                                    {8, 1, 1}, {6, 4, 1}};
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
        ba_game *g = kt_game(boards[k][0], boards[k][1], boards[k][2]);
        conformance(g, 10 + k, 20);
        ba_game_destroy(g);
    }
}
END_TEST

START_TEST(test_search_equivalence)
{
    char msg[512];
    ck_assert_msg(ba_search_equivalence_check(ba_kalah_game(), 7, 30, 4, 30, msg, sizeof msg) == 0,
                  "%s", msg);
    ba_game *g = kt_game(4, 3, 1);
    ck_assert_msg(ba_search_equivalence_check(g, 8, 20, 5, 20, msg, sizeof msg) == 0, "%s", msg);
    ba_game_destroy(g);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("kalah_conformance");
    TCase *tc = tcase_create("conformance");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_conformance_default);
    tcase_add_test(tc, test_conformance_variants);
    tcase_add_test(tc, test_search_equivalence);
    suite_add_tcase(s, tc);
    return s;
}
