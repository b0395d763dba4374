/* The generic piece-square evaluator (lib/pst.c) on small hand-made boards.
 *
 * The boards are 3 files by 2 ranks, deliberately not square, so that a mirror that mixes up
 * width and height gives a different answer. Squares (side 0's numbering):
 *
 *     rank 1:  3  4  5
 *     rank 0:  0  1  2
 *
 * Table values are powers of two, so every expected sum below names exactly which squares were
 * read; the expectations were worked out by hand from the picture above, not from the code. */
#include <check.h>

#include "boardai/pst.h"
#include "check_main.h"

static const int POW2[6] = {1, 2, 4, 8, 16, 32};
/* Two piece types, type-major: type 0 reads POW2, type 1 reads these. */
static const int PER_TYPE[12] = {1, 2, 4, 8, 16, 32, 100, 200, 300, 400, 500, 600};
static const int MATERIAL[2] = {1000, 5000};

static ba_pst shared_pst(ba_pst_mirror mirror)
{
    ba_pst p = {3, 2, 1, NULL, POW2, 1, mirror};
    return p;
}

START_TEST(test_same_mode)
{
    ba_pst p = shared_pst(BA_PST_SAME);
    ck_assert_int_eq(ba_pst_check(&p), BA_OK);
    /* Both sides read the square they stand on. */
    ck_assert_int_eq(ba_pst_value(&p, 0, 0, 0), 1);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 0), 1);
    ck_assert_int_eq(ba_pst_value(&p, 0, 0, 4), 16);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 4), 16);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 5), 32);
}
END_TEST

START_TEST(test_flip_mode)
{
    ba_pst p = shared_pst(BA_PST_FLIP);
    ck_assert_int_eq(ba_pst_check(&p), BA_OK);
    /* Side 0 unchanged. */
    ck_assert_int_eq(ba_pst_value(&p, 0, 0, 0), 1);
    ck_assert_int_eq(ba_pst_value(&p, 0, 0, 5), 32);
    /* Side 1: same file, other rank. 0 (a1) reads 3, 1 reads 4, 2 reads 5, and back. */
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 0), 8);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 1), 16);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 2), 32);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 3), 1);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 4), 2);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 5), 4);
}
END_TEST

START_TEST(test_rotate_mode)
{
    ba_pst p = shared_pst(BA_PST_ROTATE);
    ck_assert_int_eq(ba_pst_check(&p), BA_OK);
    ck_assert_int_eq(ba_pst_value(&p, 0, 0, 1), 2);
    ck_assert_int_eq(ba_pst_value(&p, 0, 0, 3), 8);
    /* Side 1: the board turned half round. 0 reads 5, 1 reads 4, 2 reads 3, and back. */
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 0), 32);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 1), 16);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 2), 8);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 3), 4);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 4), 2);
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 5), 1);
}
END_TEST

START_TEST(test_material_and_per_type)
{
    ba_pst p = {3, 2, 2, MATERIAL, PER_TYPE, 0, BA_PST_ROTATE};
    ck_assert_int_eq(ba_pst_check(&p), BA_OK);
    /* Type 0: 1000 + POW2; type 1: 5000 + the second table. */
    ck_assert_int_eq(ba_pst_value(&p, 0, 0, 2), 1004);
    ck_assert_int_eq(ba_pst_value(&p, 0, 1, 2), 5300);
    ck_assert_int_eq(ba_pst_value(&p, 1, 1, 0), 5600); /* rotated: square 5 */
    ck_assert_int_eq(ba_pst_value(&p, 1, 0, 0), 1032);

    /* No material: the square value alone. */
    p.material = NULL;
    ck_assert_int_eq(ba_pst_value(&p, 0, 1, 3), 400);
    ck_assert_int_eq(ba_pst_value(&p, 1, 1, 3), 300);
}
END_TEST

START_TEST(test_shared_versus_per_type)
{
    /* The same 12-entry array: shared, every type reads the first 6 entries. */
    ba_pst shared = {3, 2, 2, NULL, PER_TYPE, 1, BA_PST_SAME};
    ba_pst per_type = {3, 2, 2, NULL, PER_TYPE, 0, BA_PST_SAME};
    ck_assert_int_eq(ba_pst_check(&shared), BA_OK);
    ck_assert_int_eq(ba_pst_check(&per_type), BA_OK);
    ck_assert_int_eq(ba_pst_value(&shared, 0, 1, 4), 16);
    ck_assert_int_eq(ba_pst_value(&per_type, 0, 1, 4), 500);
    ck_assert_int_eq(ba_pst_value(&shared, 1, 0, 4), 16);
    ck_assert_int_eq(ba_pst_value(&per_type, 1, 0, 4), 16);
}
END_TEST

START_TEST(test_sums_and_evaluation)
{
    ba_pst p = {3, 2, 2, MATERIAL, PER_TYPE, 0, BA_PST_ROTATE};
    const ba_pst_piece pieces[4] = {
        {0, 1, 1}, /* 5000 + 200 */
        {1, 0, 0}, /* 1000 + 32 (reads square 5) */
        {0, 0, 3}, /* 1000 + 8 */
        {1, 1, 4}, /* 5000 + 200 (reads square 1) */
    };
    ck_assert_int_eq(ba_pst_side_sum(&p, pieces, 4, 0), 6208);
    ck_assert_int_eq(ba_pst_side_sum(&p, pieces, 4, 1), 6232);
    ck_assert_int_eq(ba_pst_evaluate(&p, pieces, 4, 0), -24);
    ck_assert_int_eq(ba_pst_evaluate(&p, pieces, 4, 1), 24);
    /* A prefix counts only the pieces it holds. */
    ck_assert_int_eq(ba_pst_evaluate(&p, pieces, 2, 0), 5200 - 1032);
    ck_assert_int_eq(ba_pst_side_sum(&p, pieces, 0, 0), 0);
    ck_assert_int_eq(ba_pst_side_sum(&p, NULL, 0, 1), 0);
}
END_TEST

START_TEST(test_pieces_outside_description_are_ignored)
{
    ba_pst p = {3, 2, 2, MATERIAL, PER_TYPE, 0, BA_PST_SAME};
    const ba_pst_piece pieces[3] = {
        {0, 0, 0}, /* 1001 */
        {0, 2, 0}, /* no such type */
        {0, 0, 6}, /* no such square */
    };
    ck_assert_int_eq(ba_pst_side_sum(&p, pieces, 3, 0), 1001);
}
END_TEST

START_TEST(test_invalid_descriptions)
{
    ba_pst good = {3, 2, 2, MATERIAL, PER_TYPE, 0, BA_PST_FLIP};
    ck_assert_int_eq(ba_pst_check(&good), BA_OK);
    ck_assert_int_eq(ba_pst_check(NULL), BA_ERR_ARG);

    ba_pst p = good;
    p.squares = NULL;
    ck_assert_int_eq(ba_pst_check(&p), BA_ERR_ARG);
    p = good;
    p.width = 0;
    ck_assert_int_eq(ba_pst_check(&p), BA_ERR_RANGE);
    p = good;
    p.height = -2;
    ck_assert_int_eq(ba_pst_check(&p), BA_ERR_RANGE);
    p = good;
    p.width = 70000;
    p.height = 70000; /* would overflow an int */
    ck_assert_int_eq(ba_pst_check(&p), BA_ERR_RANGE);
    p = good;
    p.piece_types = 0;
    ck_assert_int_eq(ba_pst_check(&p), BA_ERR_RANGE);
    p = good;
    p.shared_table = 2;
    ck_assert_int_eq(ba_pst_check(&p), BA_ERR_RANGE);
    p = good;
    p.mirror = (ba_pst_mirror)3;
    ck_assert_int_eq(ba_pst_check(&p), BA_ERR_RANGE);
    p = good;
    p.material = NULL; /* material is optional */
    ck_assert_int_eq(ba_pst_check(&p), BA_OK);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("pst");
    TCase *tc = tcase_create("pst");
    tcase_add_test(tc, test_same_mode);
    tcase_add_test(tc, test_flip_mode);
    tcase_add_test(tc, test_rotate_mode);
    tcase_add_test(tc, test_material_and_per_type);
    tcase_add_test(tc, test_shared_versus_per_type);
    tcase_add_test(tc, test_sums_and_evaluation);
    tcase_add_test(tc, test_pieces_outside_description_are_ignored);
    tcase_add_test(tc, test_invalid_descriptions);
    suite_add_tcase(s, tc);
    return s;
}
