/* Nolan's knight value K(P, N) (factor 1) against every entry of the shared table.
 *
 * The closed form (games/camelot/knight.c): K(P, N) = 100 + X^(N-1) - X^(N-P), X = 4/3.
 *
 * The table's column headings are N rounded to two decimals, and K is steep in N
 * (dK/dN = ln(4/3) * (K - 100), up to 57 points per unit of N at N = 19.5), so a heading that is
 * off by up to 0.005 moves K(14) by up to 0.29: no smooth K can hit every entry to +-0.01 from
 * the rounded headings. The tests therefore check, for each column:
 *   1. there is an N within the heading's rounding interval [h - 0.005, h + 0.005] at which the
 *      closed form gives the column's K(14) (found by bisection: K is increasing in N), and at
 *      that N all the other 13 entries of the column agree to +-0.01 (104 independent checks);
 *   2. at the rounded heading itself every entry agrees within 0.01 plus the rounding's effect
 *      0.005 * dK/dN (bounded with the table's own K, not the code's);
 *   3. K(1) = 100 whatever N, and K is a real function of N (values between columns lie between
 *      the columns). */
#include <check.h>
#include <math.h>

#include "boardai/camelot.h"
#include "camelot/knight.h"
#include "check_main.h"

static const double HEADINGS[8] = {12.27, 14.68, 16.09, 17.09, 17.87, 18.50, 19.04, 19.50};

/* The shared file's table, row P = 1..14, one column per heading. */
static const double TABLE[14][8] = {
    {100.00, 100.00, 100.00, 100.00, 100.00, 100.00, 100.00, 100.00},
    {106.40, 112.80, 119.21, 125.61, 132.01, 138.41, 144.81, 151.22},
    {111.20, 122.41, 133.61, 144.81, 156.02, 167.22, 178.43, 189.63},
    {114.80, 129.61, 144.41, 159.22, 174.02, 188.83, 203.63, 218.44},
    {117.51, 135.01, 152.52, 170.02, 187.53, 205.03, 222.54, 240.05},
    {119.53, 139.06, 158.59, 178.13, 197.66, 217.19, 236.72, 256.25},
    {121.05, 142.10, 163.15, 184.20, 205.25, 226.30, 247.35, 268.41},
    {122.19, 144.38, 166.57, 188.76, 210.95, 233.14, 255.33, 277.52},
    {123.04, 146.09, 169.13, 192.18, 215.22, 238.27, 261.31, 284.36},
    {123.69, 147.37, 171.06, 194.74, 218.43, 242.11, 265.80, 289.48},
    {124.17, 148.33, 172.50, 196.67, 220.83, 245.00, 269.16, 293.33},
    {124.53, 149.05, 173.58, 198.11, 222.63, 247.16, 271.69, 296.21},
    {124.80, 149.59, 174.39, 199.19, 223.99, 248.78, 273.58, 298.38},
    {125.00, 150.00, 175.00, 200.00, 225.00, 250.00, 275.00, 300.00},
};

/* Nolan's weights: the table above is his. */
static ba_camelot_weights nolan(void)
{
    ba_camelot_weights w;
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &w, NULL), BA_OK);
    return w;
}

static double K(double n, int p)
{
    ba_camelot_weights w = nolan();
    return ba_camelot_knight_value(n, &w, p);
}

START_TEST(test_every_entry_at_the_unrounded_n)
{
    int col = _i;
    double target = TABLE[13][col];
    double lo = HEADINGS[col] - 0.005, hi = HEADINGS[col] + 0.005;
    /* The column's K(14) must be reachable inside the heading's rounding interval. */
    ck_assert_msg(K(lo, 14) <= target && target <= K(hi, 14),
                  "N = %.2f: K(14) over [%.3f, %.3f] is [%.4f, %.4f], table %.2f", HEADINGS[col],
                  lo, hi, K(lo, 14), K(hi, 14), target);
    for (int it = 0; it < 60; it++) {
        double mid = 0.5 * (lo + hi);
        if (K(mid, 14) < target)
            lo = mid;
        else
            hi = mid;
    }
    double n = 0.5 * (lo + hi);
    for (int p = 1; p <= 14; p++)
        ck_assert_msg(fabs(K(n, p) - TABLE[p - 1][col]) <= 0.01,
                      "N = %.6f (heading %.2f), P = %d: K = %.4f, table %.2f", n, HEADINGS[col],
                      p, K(n, p), TABLE[p - 1][col]);
}
END_TEST

START_TEST(test_every_entry_at_the_printed_heading)
{
    for (int col = 0; col < 8; col++)
        for (int p = 1; p <= 14; p++) {
            double want = TABLE[p - 1][col];
            double slack = 0.01 + 0.005 * log(4.0 / 3.0) * (want - 100.0) * 1.01;
            double got = K(HEADINGS[col], p);
            ck_assert_msg(fabs(got - want) <= slack, "N = %.2f, P = %d: K = %.4f, table %.2f",
                          HEADINGS[col], p, got, want);
        }
}
END_TEST

START_TEST(test_lone_knight_is_a_man)
{
    /* P = 1 (and P = 0: every friend castled) is worth a man for every N. */
    const double ns[] = {1.0, 12.27, 17.09, 19.5, 30.0};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        ck_assert_double_eq_tol(K(ns[i], 1), 100.0, 1e-9);
        ck_assert_double_eq_tol(K(ns[i], 0), 100.0, 1e-9);
    }
}
END_TEST

START_TEST(test_n_is_real)
{
    /* Between two columns K lies strictly between them, and the P-steps keep the ratio 3/4
     * (the table's structure) at a non-tabulated N. */
    for (int p = 2; p <= 14; p++) {
        double a = K(17.09, p), m = K(17.5, p), b = K(17.87, p);
        ck_assert(a < m && m < b);
    }
    double n = 15.3;
    for (int p = 3; p <= 14; p++) {
        double ratio = (K(n, p) - K(n, p - 1)) / (K(n, p - 1) - K(n, p - 2));
        ck_assert_double_eq_tol(ratio, 0.75, 1e-9);
    }
}
END_TEST

START_TEST(test_weights_scale_the_premium)
{
    /* With a man worth 200 the whole value doubles; with X = 2 the steps halve instead. */
    ba_camelot_weights w = nolan();
    w.man = 200;
    ck_assert_double_eq_tol(ba_camelot_knight_value(12.27, &w, 5), 2 * K(12.27, 5), 1e-9);
    w.man = 100;
    w.knight_x = 2.0;
    /* 100 + 2^(4-1) - 2^(4-3) = 106 for N = 4, P = 3. */
    ck_assert_double_eq_tol(ba_camelot_knight_value(4.0, &w, 3), 106.0, 1e-9);
}
END_TEST

START_TEST(test_hundredths_in_the_evaluation)
{
    /* The evaluation keeps K in hundredths of a point, rounded to nearest: 17.09 (the default
     * N), P = 14 is the table's 200.00 up to the heading's rounding: 19995..20005. */
    ba_camelot_options o = ba_camelot_options_default();
    o.weights = nolan();
    for (int p = 0; p <= 14; p++) {
        int32_t cp = cam_knight_cp(&o, p);
        ck_assert_int_eq(cp, (int32_t)lround(100.0 * K(o.knight_n, p)));
    }
    ck_assert_int_ge(cam_knight_cp(&o, 14), 19995);
    ck_assert_int_le(cam_knight_cp(&o, 14), 20005);
    /* No weights means the default ones, the tuned preset's X = 1.2962: 162.77 for P = 14. */
    ck_assert_double_eq_tol(ba_camelot_knight_value(17.09, NULL, 14), 162.77, 0.005);
    /* An extreme N (the rules accept N < 1000) saturates instead of overflowing. */
    o.knight_n = 999.0;
    ck_assert_int_eq(cam_knight_cp(&o, 14), 1000000000);
    ck_assert_int_eq(cam_knight_cp(&o, 1), 10000);
}
END_TEST

START_TEST(test_table_is_the_formula)
{
    /* The evaluation reads K from a table for Nolan's N and man and the X of either preset:
     * every entry is the formula's, and any other N, X or man (or P) is left to the formula. */
    static const char *const presets[] = {"nolan", "tuned"};
    ba_error err;
    for (int i = 0; i < 2; i++) {
        ba_camelot_options o = ba_camelot_options_default();
        ck_assert_int_eq(ba_camelot_weights_preset(presets[i], &o.weights, &err), BA_OK);
        for (int p = 0; p <= 14; p++) {
            int32_t cp = -1;
            ck_assert_int_eq(cam_knight_cp_table(&o, p, &cp), 1);
            ck_assert_int_eq(cp, cam_knight_cp_scaled(&o, cam_knight_scale(&o), p));
        }
    }
    ba_camelot_options o = ba_camelot_options_default();
    int32_t cp = -1;
    ck_assert_int_eq(cam_knight_cp_table(&o, 15, &cp), 0);
    ck_assert_int_eq(cam_knight_cp_table(&o, -1, &cp), 0);
    o.knight_n = 17.1;
    ck_assert_int_eq(cam_knight_cp_table(&o, 5, &cp), 0);
    o = ba_camelot_options_default();
    o.weights.knight_x = 1.5;
    ck_assert_int_eq(cam_knight_cp_table(&o, 5, &cp), 0);
    o = ba_camelot_options_default();
    o.weights.man = 90;
    ck_assert_int_eq(cam_knight_cp_table(&o, 5, &cp), 0);
    ck_assert_int_eq(cp, -1);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_knight");
    TCase *tc = tcase_create("knight");
    tcase_add_loop_test(tc, test_every_entry_at_the_unrounded_n, 0, 8);
    tcase_add_test(tc, test_every_entry_at_the_printed_heading);
    tcase_add_test(tc, test_lone_knight_is_a_man);
    tcase_add_test(tc, test_n_is_real);
    tcase_add_test(tc, test_weights_scale_the_premium);
    tcase_add_test(tc, test_hundredths_in_the_evaluation);
    tcase_add_test(tc, test_table_is_the_formula);
    suite_add_tcase(s, tc);
    return s;
}
