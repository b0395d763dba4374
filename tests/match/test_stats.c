/* tests/match/test_stats.c: boardai-match's statistics against values worked out by hand
 * (the arithmetic is in the comments; docs/match.md has the formulas). */
#include <math.h>

#include "check_main.h"
#include "match_stats.h"

#define EPS 1e-9

static match_counts counts(int64_t w, int64_t d, int64_t l)
{
    match_counts c = {w, d, l, {0, 0, 0, 0, 0}};
    return c;
}

START_TEST(elo_score_round_trip)
{
    /* 75%: Elo = 400 log10(0.75 / 0.25) = 400 log10 3 = 190.8485 */
    ck_assert_double_eq_tol(match_score_to_elo(0.75), 400.0 * log10(3.0), EPS);
    ck_assert_double_eq_tol(match_score_to_elo(0.75), 190.848501887865, 1e-9);
    /* +100 Elo: 1 / (1 + 10^-0.25) = 0.640065 */
    ck_assert_double_eq_tol(match_elo_to_score(100.0), 0.6400649998028851, 1e-12);
    ck_assert_double_eq_tol(match_elo_to_score(0.0), 0.5, EPS);
    ck_assert_double_eq_tol(match_score_to_elo(0.5), 0.0, EPS);
    /* symmetric: -Elo <-> 1 - score */
    ck_assert_double_eq_tol(match_score_to_elo(0.25), -match_score_to_elo(0.75), EPS);
    ck_assert(isinf(match_score_to_elo(1.0)) && match_score_to_elo(1.0) > 0);
    ck_assert(isinf(match_score_to_elo(0.0)) && match_score_to_elo(0.0) < 0);
    for (int e = -600; e <= 600; e += 37)
        ck_assert_double_eq_tol(match_score_to_elo(match_elo_to_score(e)), (double)e, 1e-9);
}
END_TEST

START_TEST(trinomial_by_hand)
{
    /* 60 wins, 20 draws, 20 losses: mean (60 + 10) / 100 = 0.7;
     * variance (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16 */
    match_counts c = counts(60, 20, 20);
    double m, v;
    ck_assert_int_eq(match_trinomial(&c, &m, &v), 0);
    ck_assert_double_eq_tol(m, 0.7, EPS);
    ck_assert_double_eq_tol(v, 0.16, EPS);
    /* standard error sqrt(0.16 / 100) = 0.04; 95%: 0.7 -+ 1.96 * 0.04 = 0.62160, 0.77840 */
    match_elo e;
    ck_assert_int_eq(match_elo_estimate(&c, &e), 0);
    ck_assert_int_eq(e.pentanomial, 0);
    ck_assert_int_eq((int)e.games, 100);
    ck_assert_double_eq_tol(e.stderr_score, 0.04, EPS);
    ck_assert_double_eq_tol(e.elo, 400.0 * log10(0.7 / 0.3), 1e-9); /* 147.19 */
    ck_assert_double_eq_tol(e.elo, 147.19071411783776, 1e-9);
    ck_assert_double_eq_tol(e.elo_lo, 86.22501520030423, 1e-6);
    ck_assert_double_eq_tol(e.elo_hi, 218.2517776410748, 1e-6);
    /* no game: no estimate */
    match_counts z = counts(0, 0, 0);
    ck_assert_int_eq(match_elo_estimate(&z, &e), -1);
    ck_assert_int_eq(match_trinomial(&z, &m, &v), -1);
}
END_TEST

START_TEST(pentanomial_by_hand)
{
    /* 50 pairs: 2 scored 0/2, 5 scored 0.5/2, 10 scored 1/2, 20 scored 1.5/2, 13 scored 2/2.
     * Mean of the pair means: (0*2 + 0.25*5 + 0.5*10 + 0.75*20 + 1*13) / 50 = 34.25 / 50 = 0.685.
     * Variance: (2*0.685^2 + 5*0.435^2 + 10*0.185^2 + 20*0.065^2 + 13*0.315^2) / 50 = 0.072025 */
    match_counts c = counts(0, 0, 0);
    int pairs[5][2] = {{-1, -1}, {-1, 0}, {1, -1}, {1, 0}, {1, 1}};
    int mult[5] = {2, 5, 10, 20, 13};
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < mult[k]; i++) {
            match_counts_add(&c, pairs[k][0]);
            match_counts_add(&c, pairs[k][1]);
            match_counts_add_pair(&c, pairs[k][0], pairs[k][1]);
        }
    ck_assert_int_eq((int)match_counts_pairs(&c), 50);
    ck_assert_int_eq((int)match_counts_games(&c), 100);
    for (int k = 0; k < 5; k++)
        ck_assert_int_eq((int)c.penta[k], mult[k]);
    /* a win and a loss in a pair is 1 of 2 points, the same as two draws */
    match_counts d = counts(0, 0, 0);
    match_counts_add_pair(&d, 0, 0);
    match_counts_add_pair(&d, 1, -1);
    ck_assert_int_eq((int)d.penta[2], 2);

    double m, v;
    ck_assert_int_eq(match_pentanomial(&c, &m, &v), 0);
    ck_assert_double_eq_tol(m, 0.685, EPS);
    ck_assert_double_eq_tol(v, 0.072025, EPS);
    match_elo e;
    ck_assert_int_eq(match_elo_estimate(&c, &e), 0);
    ck_assert_int_eq(e.pentanomial, 1);
    ck_assert_double_eq_tol(e.score, 0.685, EPS);
    ck_assert_double_eq_tol(e.stderr_score, sqrt(0.072025 / 50.0), EPS);
    ck_assert_double_eq_tol(e.elo, 134.95200708113003, 1e-6);
    ck_assert_double_eq_tol(e.elo_lo, 78.15287834120566, 1e-6);
    ck_assert_double_eq_tol(e.elo_hi, 199.65887843475883, 1e-6);
    /* an unpaired extra game: back to the trinomial */
    match_counts_add(&c, 1);
    ck_assert_int_eq(match_elo_estimate(&c, &e), 0);
    ck_assert_int_eq(e.pentanomial, 0);
}
END_TEST

START_TEST(sprt_by_hand)
{
    match_sprt s = {0.0, 10.0, 0.05, 0.05};
    ck_assert_int_eq(match_sprt_check(&s), 0);
    /* bounds: ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = +2.944439 */
    match_counts c = counts(60, 20, 20);
    match_sprt_state st;
    match_sprt_eval(&s, &c, &st);
    ck_assert_double_eq_tol(st.lower, log(0.05 / 0.95), EPS);
    ck_assert_double_eq_tol(st.upper, 2.9444389791664403, 1e-12);
    /* s0 = 0.5, s1 = 1 / (1 + 10^-0.025) = 0.5143871841; mean 0.7, variance 0.16, n = 100:
     * LLR = 100 * (s1 - s0) * (2 * 0.7 - s0 - s1) / (2 * 0.16) = 1.73371 */
    ck_assert_double_eq_tol(st.llr, 1.7337133119290997, 1e-9);
    ck_assert_int_eq(st.decision, 0);
    /* ten times the games, same proportions: ten times the LLR, above the upper bound */
    c = counts(600, 200, 200);
    match_sprt_eval(&s, &c, &st);
    ck_assert_double_eq_tol(st.llr, 17.337133119290997, 1e-8);
    ck_assert_int_eq(st.decision, 1);
    /* the mirror result accepts H0 */
    c = counts(200, 200, 600);
    match_sprt_eval(&s, &c, &st);
    ck_assert(st.llr < st.lower);
    ck_assert_int_eq(st.decision, -1);
    /* pentanomial counts (the 50 pairs above): LLR = 50 * (s1 - s0) * (1.37 - s0 - s1) /
     * (2 * 0.072025) = 1.775865 */
    match_counts p = counts(0, 0, 0);
    int mult[5] = {2, 5, 10, 20, 13};
    int pairs[5][2] = {{-1, -1}, {-1, 0}, {1, -1}, {1, 0}, {1, 1}};
    for (int k = 0; k < 5; k++)
        for (int i = 0; i < mult[k]; i++) {
            match_counts_add(&p, pairs[k][0]);
            match_counts_add(&p, pairs[k][1]);
            match_counts_add_pair(&p, pairs[k][0], pairs[k][1]);
        }
    match_sprt_eval(&s, &p, &st);
    ck_assert_double_eq_tol(st.llr, 1.77586500284386, 1e-9);
    /* all draws: zero variance, the LLR is 0 (undecided) */
    c = counts(0, 10, 0);
    match_sprt_eval(&s, &c, &st);
    ck_assert_double_eq_tol(st.llr, 0.0, EPS);
    ck_assert_int_eq(st.decision, 0);
    /* bad settings */
    match_sprt bad = {10.0, 0.0, 0.05, 0.05};
    ck_assert_int_eq(match_sprt_check(&bad), -1);
    bad = (match_sprt){0.0, 5.0, 0.0, 0.05};
    ck_assert_int_eq(match_sprt_check(&bad), -1);
    bad = (match_sprt){0.0, 5.0, 0.05, 0.5};
    ck_assert_int_eq(match_sprt_check(&bad), -1);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("match_stats");
    TCase *tc = tcase_create("stats");
    tcase_add_test(tc, elo_score_round_trip);
    tcase_add_test(tc, trinomial_by_hand);
    tcase_add_test(tc, pentanomial_by_hand);
    tcase_add_test(tc, sprt_by_hand);
    suite_add_tcase(s, tc);
    return s;
}
