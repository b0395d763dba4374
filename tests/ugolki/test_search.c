/* Ugolki through the library: the generic conformance harness, the search-equivalence check,
 * and searches that must see the goal rules (a won finish, the equalising move). */
#include <check.h>

#include "boardai/boardai.h"
#include "check_main.h"
#include "conformance.h"
#include "ugolki_test_util.h"

static void conformance(const ba_game *g, uint64_t seed, int games)
{
    char msg[512];
    ba_conformance_stats st;
    ck_assert_msg(ba_conformance_run(g, seed, games, 0, &st, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_uint_eq(st.games, (uint64_t)games);
    ck_assert_uint_gt(st.positions, (uint64_t)games);
}

START_TEST(test_conformance_default)
{
    conformance(ba_ugolki_game(), 1, 30);
}
END_TEST

START_TEST(test_conformance_variants)
{
    ba_ugolki_options o = ba_ugolki_options_default();
    o.pieces = 12;
    o.diagonal = 1;
    o.random_bonus = 1;
    o.seed = 3;
    const ba_game *g = ut_variant(&o);
    conformance(g, 2, 3);
    ut_free_game(g);
    o = ba_ugolki_options_default();
    o.pieces = 16;
    o.asymmetric = 0;
    o.ply_cap = 150;
    g = ut_variant(&o);
    conformance(g, 3, 3);
    ut_free_game(g);
}
END_TEST

START_TEST(test_search_equivalence)
{
    char msg[512];
    ck_assert_msg(ba_search_equivalence_check(ba_ugolki_game(), 7, 20, 4, 60, msg, sizeof msg) == 0,
                  "%s", msg);
    ba_ugolki_options o = ba_ugolki_options_default();
    o.asymmetric = 0;
    o.diagonal = 1;
    const ba_game *g = ut_variant(&o);
    ck_assert_msg(ba_search_equivalence_check(g, 8, 6, 3, 60, msg, sizeof msg) == 0, "%s", msg);
    ut_free_game(g);
}
END_TEST

/* Searches @p text at @p depth with @p alg; returns the result, the move text in @p move. */
static ba_search_result search(const char *text, int alg, int depth, char *move, size_t cap)
{
    const ba_game *g = ba_ugolki_game();
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_msg(ba_pos_set_text(pos, text, &err) == BA_OK, "%s", err.message);
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, alg), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
    ck_assert_int_gt(ba_pos_move_text(pos, &r.best, move, cap), 0);
    ba_engine_free(e);
    ba_pos_free(pos);
    return r;
}

START_TEST(test_search_takes_the_finish)
{
    /* White completes with e8-f8; Black (d4) cannot equalise in one move: a win in one. */
    for (int alg = BA_ALG_ALPHABETA; alg <= BA_ALG_BESTFIRST; alg++) {
        char move[BA_MOVE_TEXT_MAX];
        ba_search_result r = search("4w1ww/5www/5www/8/3b4/bb6/bbb5/bbb5 w 100 -", alg, 4, move,
                                    sizeof move);
        ck_assert_str_eq(move, "e8-f8");
        ck_assert_int_ge(r.score, BA_SCORE_WIN_MIN);
    }
}
END_TEST

START_TEST(test_search_respects_the_equalising_move)
{
    /* Both sides are one step from home. White must complete now (Black then equalises: a
     * draw); any other move lets Black complete first and win. */
    for (int alg = BA_ALG_ALPHABETA; alg <= BA_ALG_BESTFIRST; alg++) {
        char move[BA_MOVE_TEXT_MAX];
        ba_search_result r = search("4w1ww/5www/5www/8/8/bb1b4/bbb5/bbb5 w 100 -", alg, 4, move,
                                    sizeof move);
        ck_assert_str_eq(move, "e8-f8");
        ck_assert_int_eq(r.score, BA_SCORE_DRAW);
    }
}
END_TEST

START_TEST(test_bestfirst_and_alphabeta_play_legal_games)
{
    /* A short game between the two algorithms at small depth: every move legal, ends or runs. */
    const ba_game *g = ba_ugolki_game();
    ba_pos *pos = NULL;
    ba_engine *e[2] = {NULL, NULL};
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(ba_engine_new(g, &e[i]), BA_OK);
        ba_engine_set(e[i], BA_OPT_ALGORITHM, i == 0 ? BA_ALG_BESTFIRST : BA_ALG_ALPHABETA);
        ba_engine_set(e[i], BA_OPT_DEPTH, 3);
    }
    for (int ply = 0; ply < 60 && ba_pos_result(pos) == BA_RESULT_ONGOING; ply++) {
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e[ply % 2], pos, &r), BA_OK);
        ba_error err;
        ck_assert_msg(ba_pos_play(pos, &r.best, &err) == BA_OK, "%s", err.message);
    }
    /* Both sides have left their corners by now: the evaluation drives pieces out. */
    const ug_state *s = ba_pos_state(pos);
    const ug_params *p = ug_params_of(g);
    ck_assert_int_lt(__builtin_popcountll(s->occ[0] & p->home[0]), 9);
    ck_assert_int_lt(__builtin_popcountll(s->occ[1] & p->home[1]), 9);
    ba_engine_free(e[0]);
    ba_engine_free(e[1]);
    ba_pos_free(pos);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("ugolki_search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_conformance_default);
    tcase_add_test(tc, test_conformance_variants);
    tcase_add_test(tc, test_search_equivalence);
    tcase_add_test(tc, test_search_takes_the_finish);
    tcase_add_test(tc, test_search_respects_the_equalising_move);
    tcase_add_test(tc, test_bestfirst_and_alphabeta_play_legal_games);
    suite_add_tcase(s, tc);
    return s;
}
