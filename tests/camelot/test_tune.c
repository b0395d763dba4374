/*
 * The Texel tuner of examples/tune-camelot: the fit recovers known weights from synthetic data,
 * the evaluation recomputed from a position's counts equals the engine's, and the self-play
 * path produces labelled quiet positions, the same for the same seed.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "boardai/boardai.h"
#include "boardai/camelot.h"
#include "check_main.h"
#include "prog_util.h"
#include "tune.h"

static int rng_int(uint64_t *s, int n)
{
    return (int)(prog_next_random(s) % (uint64_t)n);
}

/* A random but plausible record: 1..14 pieces a side spread over ranks and files, counts for
 * the per-unit factors in their usual ranges. Never terminal. */
static void random_record(uint64_t *s, tc_record *r)
{
    memset(r, 0, sizeof *r);
    r->stm = rng_int(s, 2);
    for (int side = 0; side < 2; side++) {
        tc_side *t = &r->side[side];
        int pieces = 1 + rng_int(s, 14);
        t->knights = rng_int(s, pieces < 4 ? pieces + 1 : 5);
        t->men = pieces - t->knights;
        for (int i = 0; i < pieces; i++) {
            t->rank[1 + rng_int(s, 14)]++;
            t->file[rng_int(s, 12)]++;
        }
        t->uncastled = pieces;
        t->mobility = rng_int(s, 60);
        t->knight_support = rng_int(s, pieces + 1);
        t->man_support = rng_int(s, t->men + 1);
        t->exposed = side == r->stm ? 0 : rng_int(s, 3);
    }
}

static ba_camelot_weights true_weights(void)
{
    ba_camelot_weights w = ba_camelot_weights_default();
    static const int adv[14] = {5, 9, 2, 12, 20, 18, 25, 30, 22, 41, 35, 50, 44, 60};
    for (int i = 0; i < 14; i++)
        w.advance[i + 1] = adv[i];
    static const int cen[5] = {3, 7, 1, 9, 4}; /* B/K, C/J, D/I, E/H, F/G */
    for (int j = 0; j < 5; j++)
        w.centre[1 + j] = w.centre[10 - j] = cen[j];
    w.mobility = 3;
    w.trading = 250;
    w.knight_support = 11;
    w.man_support = -4;
    w.exposure = -30;
    return w;
}

/* Soft labels sigmoid(K x eval) are exactly what the model predicts, so the loss's minimum is
 * at the true weights: Newton's method from Nolan's weights must land on them. */
START_TEST(fit_recovers_known_weights)
{
    const double k = 0.01, n = BA_CAMELOT_KNIGHT_N_DEFAULT;
    ba_camelot_weights truth = true_weights(), nolan = ba_camelot_weights_default();
    tc_set set = {0};
    uint64_t seed = 42;
    for (int i = 0; i < 4000; i++) {
        tc_record r;
        random_record(&seed, &r);
        r.result = 1.0 / (1.0 + exp(-k * tc_eval(&r, &truth, n)));
        r.game = i;
        ck_assert_int_eq(tc_set_push(&set, &r), 0);
    }
    /* K first, on the true weights (the fit's first step uses the start weights; here the
     * true ones show that the search finds the K the labels were made with) */
    double kfit = tc_fit_k(&set, NULL, 0, &truth, n);
    ck_assert_msg(fabs(kfit / k - 1.0) < 1e-3, "K = %g, expected %g", kfit, k);

    double prior[TC_PARAMS], theta[TC_PARAMS], want[TC_PARAMS];
    tc_params_get(&nolan, prior);
    memcpy(theta, prior, sizeof theta);
    tc_params_get(&truth, want);
    int it = tc_fit_newton(&set, NULL, 0, &nolan, n, k, 0.0, prior, NULL, theta);
    ck_assert_int_gt(it, 0);
    for (int j = 0; j < TC_PARAMS; j++) {
        char name[32];
        tc_param_name(j, name, sizeof name);
        ck_assert_msg(fabs(theta[j] - want[j]) < 0.01, "%s: fitted %g, true %g", name, theta[j],
                      want[j]);
    }
    ba_camelot_weights got = nolan;
    tc_params_set(&got, theta);
    /* with the tables fixed, they stay at the start values and the rest still moves */
    unsigned char fixed[TC_PARAMS] = {0};
    ba_error err = {0};
    ck_assert_int_eq(tc_fix_groups("advance,centre", fixed, &err), 0);
    ck_assert_int_eq(tc_fix_groups("advance,colour", fixed, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "colour"));
    double part[TC_PARAMS];
    memcpy(part, prior, sizeof part);
    ck_assert_int_gt(tc_fit_newton(&set, NULL, 0, &nolan, n, k, 0.0, prior, fixed, part), 0);
    for (int j = 0; j < TC_P_MOBILITY; j++)
        ck_assert(part[j] == prior[j]);
    ck_assert(fabs(part[TC_P_TRADING] - prior[TC_P_TRADING]) > 1.0);
    ck_assert(tc_loss(&set, NULL, 0, &got, n, k) < tc_loss(&set, NULL, 0, &nolan, n, k));
    tc_set_free(&set);
}
END_TEST

/* Win/loss labels drawn with the model's probabilities: noisy, so the fit only comes near the
 * truth, and it must fit the training data at least as well as the truth does. */
START_TEST(fit_on_sampled_results_comes_near)
{
    const double k = 0.01, n = BA_CAMELOT_KNIGHT_N_DEFAULT;
    ba_camelot_weights truth = true_weights(), nolan = ba_camelot_weights_default();
    tc_set set = {0};
    uint64_t seed = 7;
    for (int i = 0; i < 20000; i++) {
        tc_record r;
        random_record(&seed, &r);
        double p = 1.0 / (1.0 + exp(-k * tc_eval(&r, &truth, n)));
        r.result = (double)(prog_next_random(&seed) >> 11) * 0x1.0p-53 < p ? 1.0 : 0.0;
        ck_assert_int_eq(tc_set_push(&set, &r), 0);
    }
    double prior[TC_PARAMS], theta[TC_PARAMS], want[TC_PARAMS];
    tc_params_get(&nolan, prior);
    memcpy(theta, prior, sizeof theta);
    tc_params_get(&truth, want);
    ck_assert_int_gt(tc_fit_newton(&set, NULL, 0, &nolan, n, k, 0.0, prior, NULL, theta), 0);
    ck_assert(tc_loss_theta(&set, NULL, 0, &nolan, n, k, theta) <=
              tc_loss(&set, NULL, 0, &truth, n, k) + 1e-12);
    /* the strong, often-seen weights within a fifth of their true value */
    ck_assert_msg(fabs(theta[TC_P_TRADING] - want[TC_P_TRADING]) < 50, "trading %g", theta[TC_P_TRADING]);
    ck_assert_msg(fabs(theta[TC_P_MOBILITY] - want[TC_P_MOBILITY]) < 0.6, "mobility %g",
                  theta[TC_P_MOBILITY]);
    ck_assert_msg(fabs(theta[TC_P_EXPOSURE] - want[TC_P_EXPOSURE]) < 6, "exposure %g",
                  theta[TC_P_EXPOSURE]);
    tc_set_free(&set);
}
END_TEST

/* Plays a game's first plies with a depth-1 engine; after each ply, the evaluation recomputed
 * from the record equals the engine's (to the hundredths the engine rounds the knight and the
 * trading term to), for Nolan's weights and for other weights. */
START_TEST(record_eval_matches_engine)
{
    ba_error err = {0};
    ba_game *probe = NULL, *other = NULL;
    ck_assert_int_eq(tc_probe_game(&probe, &err), BA_OK);
    ba_camelot_options o = ba_camelot_options_default();
    o.weights = true_weights();
    o.weights.knight_x = 1.29;
    o.knight_n = 15.5;
    ck_assert_int_eq(ba_camelot_create(&o, &other, &err), BA_OK);
    const ba_game *games[2] = {ba_camelot_game(), other};
    ba_camelot_options opts[2];
    for (int g = 0; g < 2; g++)
        ck_assert_int_eq(ba_camelot_get_options(games[g], &opts[g]), BA_OK);

    ba_pos *pos[2] = {NULL, NULL};
    for (int g = 0; g < 2; g++)
        ck_assert_int_eq(ba_pos_new(games[g], &pos[g]), BA_OK);
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(ba_camelot_game(), &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 1), BA_OK);
    int checked = 0, knights_seen = 0;
    for (int ply = 0; ply < 80 && ba_pos_result(pos[0]) == BA_RESULT_ONGOING; ply++) {
        tc_record r;
        ck_assert_int_eq(tc_record_from_pos(pos[0], probe, &r, &err), BA_OK);
        knights_seen |= r.side[0].knights > 0 && r.side[0].uncastled > 1;
        for (int g = 0; g < 2; g++) {
            int score = 0;
            ck_assert_int_eq(ba_pos_evaluate(pos[g], &score), BA_OK);
            double mine = tc_eval(&r, &opts[g].weights, opts[g].knight_n) * BA_CAMELOT_EVAL_SCALE;
            ck_assert_msg(fabs(mine - score) <= 4.0, "ply %d game %d: recomputed %.2f, engine %d",
                          ply, g, mine, score);
            checked++;
        }
        ba_search_result res;
        ck_assert_int_eq(ba_engine_search(e, pos[0], &res), BA_OK);
        for (int g = 0; g < 2; g++)
            ck_assert_int_eq(ba_pos_play(pos[g], &res.best, &err), BA_OK);
    }
    ck_assert_int_gt(checked, 40);
    ck_assert(knights_seen);
    for (int g = 0; g < 2; g++)
        ba_pos_free(pos[g]);
    ba_engine_free(e);
    ba_game_destroy(other);
    ba_game_destroy(probe);
}
END_TEST

START_TEST(record_text_round_trip)
{
    uint64_t seed = 3;
    tc_record r, back;
    random_record(&seed, &r);
    r.result = 0.5;
    r.game = 17;
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(tc_record_write(f, &r), 0);
    fputs("3 1 0.5 | 1 2 x\n", f);
    rewind(f);
    ba_error err = {0};
    ck_assert_int_eq(tc_record_read(f, &back, &err), 0);
    ck_assert_mem_eq(&back, &r, sizeof r);
    ck_assert_int_eq(tc_record_read(f, &back, &err), -1);
    ck_assert_int_eq(err.code, BA_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "malformed"));
    fclose(f);
}
END_TEST

/* The data path on a real short run: every kept position is quiet and unfinished, labelled
 * with its game's result, and the same seed gives the same positions. */
START_TEST(selfplay_positions_are_labelled_and_reproducible)
{
    tc_selfplay_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.games = 2;
    cfg.depth = 1;
    cfg.random_plies = 4;
    cfg.max_plies = 300;
    cfg.seed = 5;
    cfg.game = ba_camelot_game();
    tc_set a = {0}, b = {0};
    tc_selfplay_stats sa, sb;
    ba_error err = {0};
    ck_assert_int_eq(tc_selfplay(&cfg, &a, &sa, &err), BA_OK);
    ck_assert_int_eq(sa.games, 2);
    ck_assert_int_eq(sa.white_wins + sa.black_wins + sa.draws, 2);
    ck_assert_uint_eq(sa.positions, a.n);
    ck_assert_uint_gt(a.n, 20);
    int games_seen[2] = {0, 0};
    for (size_t i = 0; i < a.n; i++) {
        const tc_record *r = &a.rec[i];
        ck_assert(!tc_record_is_terminal(r));
        ck_assert(r->result == 0.0 || r->result == 0.5 || r->result == 1.0);
        ck_assert(r->game == 0 || r->game == 1);
        games_seen[r->game] = 1;
        /* both sides' labels of one game agree: a win for one is a loss for the other */
        if (i > 0 && a.rec[i - 1].game == r->game && a.rec[i - 1].stm != r->stm)
            ck_assert(fabs(a.rec[i - 1].result + r->result - 1.0) < 1e-12);
    }
    ck_assert(games_seen[0] && games_seen[1]);
    ck_assert_int_eq(tc_selfplay(&cfg, &b, &sb, &err), BA_OK);
    ck_assert_uint_eq(a.n, b.n);
    ck_assert_mem_eq(a.rec, b.rec, a.n * sizeof *a.rec);
    tc_set_free(&a);
    tc_set_free(&b);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_tune");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, fit_recovers_known_weights);
    tcase_add_test(tc, fit_on_sampled_results_comes_near);
    tcase_add_test(tc, record_eval_matches_engine);
    tcase_add_test(tc, record_text_round_trip);
    tcase_add_test(tc, selfplay_positions_are_labelled_and_reproducible);
    suite_add_tcase(s, tc);
    return s;
}
