/* The corners article's evaluation: every number of its square table (through the generic
 * piece-square evaluator, both colours), the finish threshold and test, the asymmetric weighting
 * both ways, and the seeded random bonus. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "ugolki_test_util.h"

/* Typed again from the published square table (docs/ugolki.md), White's index (rank - 1) * 8 + file. */
static const int ARTICLE_TABLE[64] = {
    0,  0,  0,  4,  5,  6,  7,  8,
    1,  1,  1,  12, 13, 14, 15, 16,
    2,  2,  2,  20, 21, 22, 23, 24,
    25, 26, 27, 30, 31, 30, 31, 32,
    33, 34, 35, 38, 39, 38, 39, 40,
    41, 42, 43, 44, 45, 62, 63, 64,
    49, 50, 51, 52, 53, 65, 66, 67,
    57, 58, 59, 60, 61, 68, 69, 70,
};

START_TEST(test_every_table_entry_both_colours)
{
    const ba_pst *pst = ba_ugolki_pst();
    ck_assert_int_eq(ba_pst_check(pst), BA_OK);
    ck_assert_int_eq(pst->width, 8);
    ck_assert_int_eq(pst->height, 8);
    ck_assert_int_eq(pst->mirror, BA_PST_ROTATE);
    for (int i = 0; i < 64; i++) {
        /* White on square i reads entry i; Black reads entry i from square 63 - i. */
        ck_assert_int_eq(ba_pst_value(pst, 0, 0, i), ARTICLE_TABLE[i]);
        ck_assert_int_eq(ba_pst_value(pst, 1, 0, 63 - i), ARTICLE_TABLE[i]);
    }
    /* Named squares from the article: a1 is 0, c3 is 18, h8 is 63. */
    ck_assert_int_eq(ba_pst_value(pst, 0, 0, ut_sq("c3")), 2);
    ck_assert_int_eq(ba_pst_value(pst, 0, 0, ut_sq("h8")), 70);
    ck_assert_int_eq(ba_pst_value(pst, 1, 0, ut_sq("a1")), 70);
    ck_assert_int_eq(ba_pst_value(pst, 1, 0, ut_sq("f6")), 2);
}
END_TEST

/* The table sum of the pieces on a bitboard, from the test's own table. */
static int table_sum(uint64_t pieces, int side)
{
    int sum = 0;
    for (int sq = 0; sq < 64; sq++)
        if (pieces >> sq & 1)
            sum += ARTICLE_TABLE[side == 0 ? sq : 63 - sq];
    return sum;
}

START_TEST(test_side_sums)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s;
    g->init(g, &s);
    /* a1-c3: 0 + 0 + 0 + 1 + 1 + 1 + 2 + 2 + 2. */
    ck_assert_int_eq(ba_ugolki_side_sum(g, &s, 0), 9);
    ck_assert_int_eq(ba_ugolki_side_sum(g, &s, 1), 9);
    ut_play(g, &s, "c3-c4"); /* c3 (2) -> c4 (27) */
    ck_assert_int_eq(ba_ugolki_side_sum(g, &s, 0), 34);
    ck_assert_int_eq(ba_ugolki_side_sum(g, &s, 1), 9);
    ck_assert_int_eq(ba_ugolki_side_sum(g, &s, 2), BA_ERR_ARG);
    ck_assert_int_eq(ba_ugolki_side_sum(NULL, &s, 0), BA_ERR_ARG);
}
END_TEST

START_TEST(test_finish_thresholds)
{
    /* 60 x 9 = 540. The variants keep 540/594 = 10/11 of a full target corner's sum. */
    ck_assert_int_eq(ba_ugolki_finish_threshold(ba_ugolki_game()), 540);
    ck_assert_int_eq(table_sum(ug_corner(9, 1), 0), 594);
    int expected[3][3] = {{9, 594, 540}, {12, 753, 684}, {16, 909, 826}};
    for (int i = 0; i < 3; i++) {
        ba_ugolki_options o = ba_ugolki_options_default();
        o.pieces = expected[i][0];
        const ba_game *g = ut_variant(&o);
        ck_assert_int_eq(table_sum(ug_corner(o.pieces, 1), 0), expected[i][1]);
        ck_assert_int_eq(table_sum(ug_corner(o.pieces, 0), 1), expected[i][1]);
        ck_assert_int_eq(ba_ugolki_finish_threshold(g), expected[i][2]);
        /* A full corner is past it, so a finished side always counts as finished. */
        ck_assert_int_gt(expected[i][1], expected[i][2]);
        ut_free_game(g);
    }
    ck_assert_int_eq(ba_ugolki_finish_threshold(NULL), BA_ERR_ARG);
}
END_TEST

START_TEST(test_finish_test)
{
    const ba_game *g = ba_ugolki_game();
    /* White: eight in the target corner (532) + h1 (8) = 540, exactly the threshold, which is
     * not exceeded. Black: eight in a1-c3 (532) + e8 (4) = 536. */
    ug_state s = ut_load(g, "4bwww/5www/6ww/8/8/bb6/bbb5/bbb4w w 100 -");
    ck_assert_int_eq(ba_ugolki_side_sum(g, &s, 0), 540);
    ck_assert_int_eq(ba_ugolki_side_sum(g, &s, 1), 536);
    ck_assert_int_eq(g->evaluate(g, &s), 540 - 3 * 536); /* plain asymmetric score */
    /* h1-h2 (16): 548 > 540, White has nearly finished: Black to move sees a lost position. */
    ut_play(g, &s, "h1-h2");
    int lost_at_101 = g->evaluate(g, &s);
    ck_assert_int_lt(lost_at_101, -BA_SCORE_EVAL_MAX / 2);
    ck_assert_int_ge(lost_at_101, -BA_SCORE_EVAL_MAX);
    /* The same board two plies later: still lost, but less badly (later wins score less). */
    ug_state later = ut_load(g, "4bwww/5www/6ww/8/8/bb6/bbb4w/bbb5 b 103 -");
    int lost_at_103 = g->evaluate(g, &later);
    ck_assert_int_lt(lost_at_103, -BA_SCORE_EVAL_MAX / 2);
    ck_assert_int_gt(lost_at_103, lost_at_101);
    /* White to move in such a position sees the win. */
    ug_state w = ut_load(g, "4bwww/5www/6ww/8/8/bb6/bbb4w/bbb5 w 102 -");
    ck_assert_int_gt(g->evaluate(g, &w), BA_SCORE_EVAL_MAX / 2);
    /* Both past the threshold: no side is singled out, the plain score is used. */
    ug_state both = ut_load(g, "6ww/4wwww/5www/8/8/bb1b4/bbb5/bbb5 w 100 -");
    ck_assert_int_gt(ba_ugolki_side_sum(g, &both, 0), 540);
    ck_assert_int_gt(ba_ugolki_side_sum(g, &both, 1), 540);
    ck_assert_int_eq(g->evaluate(g, &both),
                     ba_ugolki_side_sum(g, &both, 0) - 3 * ba_ugolki_side_sum(g, &both, 1));
    /* Finish test off: the plain score. */
    ba_ugolki_options o = ba_ugolki_options_default();
    o.finish_test = 0;
    const ba_game *off = ut_variant(&o);
    ug_state t = ut_load(off, "4bwww/5www/6ww/8/8/bb6/bbb4w/bbb5 b 101 -");
    ck_assert_int_eq(off->evaluate(off, &t), -(548 - 3 * 536));
    ut_free_game(off);
}
END_TEST

START_TEST(test_asymmetric_weighting_both_ways)
{
    /* Start: S(W) = S(B) = 9. After c3-c4: S(W) = 34, S(B) = 9, Black to move. */
    ba_ugolki_options o = ba_ugolki_options_default();
    const ba_game *g = ba_ugolki_game(); /* asymmetric, program plays White */
    o.program_side = 1;
    const ba_game *g1 = ut_variant(&o);  /* asymmetric, program plays Black */
    o.asymmetric = 0;
    const ba_game *sym = ut_variant(&o);
    ug_state s;
    g->init(g, &s);
    /* White to move. Program White: S(W)/3 - S(B), times 3 = 9 - 27. */
    ck_assert_int_eq(g->evaluate(g, &s), -18);
    /* Program Black, seen by White (the other side): S(W) - S(B)/3, times 3 = 27 - 9. */
    ck_assert_int_eq(g1->evaluate(g1, &s), 18);
    ck_assert_int_eq(sym->evaluate(sym, &s), 0);
    ut_play(g, &s, "c3-c4");
    /* Black to move. Program White, seen by Black: S(B) - S(W)/3, times 3 = 27 - 34. */
    ck_assert_int_eq(g->evaluate(g, &s), -7);
    /* Program Black, seen by Black: S(B)/3 - S(W), times 3 = 9 - 102. */
    ck_assert_int_eq(g1->evaluate(g1, &s), -93);
    ck_assert_int_eq(sym->evaluate(sym, &s), 9 - 34);
    ut_free_game(g1);
    ut_free_game(sym);
}
END_TEST

START_TEST(test_random_bonus)
{
    ba_ugolki_options o = ba_ugolki_options_default();
    o.random_bonus = 1;
    o.seed = 7;
    const ba_game *a = ut_variant(&o);
    const ba_game *a2 = ut_variant(&o);
    o.seed = 8;
    const ba_game *b = ut_variant(&o);
    const ba_game *plain = ba_ugolki_game();
    ug_state s;
    plain->init(plain, &s);
    int changed_by_seed = 0, changed_by_ply = 0, previous = -1;
    for (uint32_t ply = 0; ply < 64; ply += 2) {
        s.ply = ply;
        for (int side = 0; side < 2; side++) {
            int base = ba_ugolki_side_sum(plain, &s, side);
            int with = ba_ugolki_side_sum(a, &s, side);
            /* Each of the nine pieces gets 0 or 1. */
            ck_assert_int_ge(with - base, 0);
            ck_assert_int_le(with - base, 9);
            /* Repeatable: the same seed gives the same bonus. */
            ck_assert_int_eq(ba_ugolki_side_sum(a2, &s, side), with);
            changed_by_seed += ba_ugolki_side_sum(b, &s, side) != with;
            if (side == 0) {
                changed_by_ply += previous >= 0 && previous != with;
                previous = with;
            }
        }
    }
    /* Drawn afresh: different seeds and different moves give different bonuses. */
    ck_assert_int_gt(changed_by_seed, 0);
    ck_assert_int_gt(changed_by_ply, 0);
    /* The bonus enters the evaluation. */
    s.ply = 0;
    ck_assert_int_eq(a->evaluate(a, &s),
                     ba_ugolki_side_sum(a, &s, 0) - 3 * ba_ugolki_side_sum(a, &s, 1));
    ut_free_game(a);
    ut_free_game(a2);
    ut_free_game(b);
}
END_TEST

START_TEST(test_order_key_and_explain)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s;
    g->init(g, &s);
    ba_move m;
    ba_history none = {NULL, 0};
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "c3-c4", &m, NULL), BA_OK);
    ck_assert_int_eq(g->order_key(g, &s, &m), 27 - 2);
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "b1-d1", &m, NULL), BA_OK);
    ck_assert_int_eq(g->order_key(g, &s, &m), 4 - 0);
    char buf[1024];
    ck_assert_int_gt(g->explain(g, &s, buf, sizeof buf), 0);
    ck_assert(strstr(buf, "table 9 9") != NULL);
    ck_assert(strstr(buf, "total(side to move) -18") != NULL);
    ck_assert_int_eq(g->explain(g, &s, buf, 8), BA_ERR_BUFFER);
}
END_TEST

START_TEST(test_evaluation_bounds)
{
    /* Random games in every variant: the evaluation stays within the library's bounds. */
    int variants[3] = {9, 12, 16};
    for (int v = 0; v < 3; v++) {
        ba_ugolki_options o = ba_ugolki_options_default();
        o.pieces = variants[v];
        o.random_bonus = 1;
        const ba_game *g = ut_variant(&o);
        ug_state s;
        g->init(g, &s);
        uint64_t x = 99 + (uint64_t)v;
        while (ut_status(g, &s) == BA_RESULT_ONGOING) {
            int e = g->evaluate(g, &s);
            ck_assert_int_le(abs(e), BA_SCORE_EVAL_MAX);
            ba_move list[UT_MAX_MOVES];
            int n = ut_moves(g, &s, list);
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            g->apply(g, &s, &list[(x >> 33) % (uint64_t)n]);
        }
        ut_free_game(g);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("ugolki_eval");
    TCase *tc = tcase_create("eval");
    tcase_add_test(tc, test_every_table_entry_both_colours);
    tcase_add_test(tc, test_side_sums);
    tcase_add_test(tc, test_finish_thresholds);
    tcase_add_test(tc, test_finish_test);
    tcase_add_test(tc, test_asymmetric_weighting_both_ways);
    tcase_add_test(tc, test_random_bonus);
    tcase_add_test(tc, test_order_key_and_explain);
    tcase_add_test(tc, test_evaluation_bounds);
    suite_add_tcase(s, tc);
    return s;
}
