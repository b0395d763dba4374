/* tests/match/test_config.c: boardai-match's engine configurations and game table. */
#include <string.h>

#include "check_main.h"
#include "match.h"

START_TEST(parse_engine_keys)
{
    match_engine_cfg c;
    ba_error err;
    ck_assert_int_eq(match_config_parse("alg=bestfirst,depth=3,nodes=5000,tt=4,q=0", &c, &err), 0);
    ck_assert_int_eq((int)c.alg, BA_ALG_BESTFIRST);
    ck_assert_int_eq((int)c.depth, 3);
    ck_assert_int_eq((int)c.nodes, 5000);
    ck_assert_int_eq((int)c.tt_mb, 4);
    ck_assert_int_eq((int)c.quiescence, 0);
    ck_assert_int_eq((int)c.time_ms, -1); /* not given: engine default */
    ck_assert_int_eq(c.nparams, 0);
    /* canonical text, engine keys in a fixed order */
    ck_assert_str_eq(c.text, "alg=bestfirst,depth=3,nodes=5000,tt=4,q=0");
    ck_assert_int_eq(match_config_parse("depth=2,alg=negamax", &c, &err), 0);
    ck_assert_str_eq(c.text, "alg=negamax,depth=2");

    /* settings reach the engine (any game of the build) */
    const char *first = ba_game_names()[0];
    if (!first)
        return; /* a core-only build: no game to make an engine for */
    ba_engine *e = NULL;
    ba_game *g = NULL;
    ck_assert_int_eq(ba_game_open(first, &g, &err), BA_OK);
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(match_config_parse("alg=negamax,depth=5,nodes=77", &c, &err), 0);
    ck_assert_int_eq(match_config_apply(&c, e, &err), BA_OK);
    int64_t v;
    ba_engine_get(e, BA_OPT_ALGORITHM, &v);
    ck_assert_int_eq((int)v, BA_ALG_NEGAMAX);
    ba_engine_get(e, BA_OPT_DEPTH, &v);
    ck_assert_int_eq((int)v, 5);
    ba_engine_get(e, BA_OPT_NODES, &v);
    ck_assert_int_eq((int)v, 77);
    ba_engine_free(e);
    ba_game_destroy(g);
}
END_TEST

START_TEST(parse_errors)
{
    match_engine_cfg c;
    ba_error err;
    ck_assert_int_eq(match_config_parse("alg=minimax,depth=3", &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "minimax"));
    ck_assert_int_eq(match_config_parse("depth=0", &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "depth"));
    ck_assert_int_eq(match_config_parse("depth=3x", &c, &err), -1);
    ck_assert_int_eq(match_config_parse("depth", &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "key=value"));
    /* neither a number nor a word (a word, N=abc, is a choice's value: refused by the game
     * when not one, see camelot_weights_key) */
    ck_assert_int_eq(match_config_parse("depth=3,N=1.5x", &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "N"));
    /* no search limit at all */
    ck_assert_int_eq(match_config_parse("alg=alphabeta", &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "limit"));
    ck_assert_int_eq(match_config_parse("time=100", &c, &err), 0);
}
END_TEST

START_TEST(parameters)
{
    match_engine_cfg c;
    ba_error err;
    double v;
    ck_assert_int_eq(match_config_parse("depth=3,N=16.09,mobility=2", &c, &err), 0);
    ck_assert_int_eq(c.nparams, 2);
    ck_assert_int_eq(match_config_param(&c, "N", &v), 1);
    ck_assert_double_eq_tol(v, 16.09, 1e-12);
    ck_assert_int_eq(match_config_param(&c, "X", &v), 0);
    ck_assert_str_eq(c.text, "depth=3,N=16.09,mobility=2");
    ck_assert_int_eq(match_config_set_param(&c, "N", 14.5), 0); /* replaces */
    ck_assert_int_eq(c.nparams, 2);
    ck_assert_str_eq(c.text, "depth=3,N=14.5,mobility=2");
    ck_assert_int_eq(match_config_set_param(&c, "X", 1.25), 0); /* adds */
    ck_assert_str_eq(c.text, "depth=3,N=14.5,mobility=2,X=1.25");
}
END_TEST

START_TEST(game_table)
{
    match_game_entry e;
    ba_error err;
    ck_assert_int_eq(match_game_load(&e, "go", NULL, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "unknown game 'go'"));
    for (const char *const *name = ba_game_names(); *name; name++) {
        ck_assert_int_eq(match_game_load(&e, *name, NULL, &err), 0);
        ck_assert_str_eq(e.referee->name, *name);
        ck_assert_str_eq(e.name, *name);
        /* a parameter no game knows is refused by every game, naming it */
        match_engine_cfg c;
        ck_assert_int_eq(match_config_parse("depth=2,frobnicate=1", &c, &err), 0);
        ba_game *g = NULL;
        ck_assert_int_eq(match_game_make(&e, &c, 0, &g, &err), -1);
        ck_assert_ptr_null(g);
        ck_assert_ptr_nonnull(strstr(err.message, "frobnicate"));
        match_game_unload(&e);
    }
    ck_assert_int_eq(match_game_load(&e, "x", "/nonexistent/libnothing.so", &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "cannot load"));
}
END_TEST

#ifdef MATCH_HAVE_KALAH
START_TEST(kalah_rules_in_the_game)
{
    match_game_entry e;
    ba_error err;
    ck_assert_int_eq(match_game_load(&e, "kalah:pits=4", NULL, &err), 0);
    ba_kalah_options o;
    ck_assert_int_eq(ba_kalah_get_options(e.referee, &o), BA_OK);
    ck_assert_int_eq(o.pits, 4);
    match_engine_cfg c;
    ba_game *g = NULL;
    ck_assert_int_eq(match_config_parse("depth=2", &c, &err), 0);
    ck_assert_int_eq(match_game_make(&e, &c, 1, &g, &err), 0);
    ck_assert_int_eq(ba_kalah_get_options(g, &o), BA_OK);
    ck_assert_int_eq(o.pits, 4); /* engines play the --game rules */
    ba_game_destroy(g);
    /* rules are never per engine */
    ck_assert_int_eq(match_config_parse("depth=2,seeds=3", &c, &err), 0);
    ck_assert_int_eq(match_game_make(&e, &c, 1, &g, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "'seeds' is a rules parameter of kalah"));
    match_game_unload(&e);
}
END_TEST
#endif

#ifdef MATCH_HAVE_CAMELOT
START_TEST(camelot_parameters)
{
    match_game_entry cam;
    match_engine_cfg c;
    ba_error err;
    ck_assert_int_eq(match_game_load(&cam, "camelot", NULL, &err), 0);
    ba_game *g = NULL;
    ck_assert_int_eq(match_config_parse("depth=2,N=14.68,mobility=3", &c, &err), 0);
    ck_assert_int_eq(match_game_make(&cam, &c, 1, &g, &err), 0);
    ba_camelot_options o;
    ck_assert_int_eq(ba_camelot_get_options(g, &o), BA_OK);
    ck_assert_double_eq_tol(o.knight_n, 14.68, 1e-12);
    ck_assert_int_eq(o.weights.mobility, 3);
    ck_assert_int_eq(o.weights.trading, ba_camelot_weights_default().trading);
    ba_game_destroy(g);
    /* no parameter: the constant default game */
    ck_assert_int_eq(match_config_parse("depth=2", &c, &err), 0);
    ck_assert_int_eq(match_game_make(&cam, &c, 0, &g, &err), 0);
    ck_assert_ptr_eq(g, ba_camelot_game());
    ba_game_destroy(g);
    /* a weight must be whole; X is checked by the module */
    ck_assert_int_eq(match_config_parse("depth=2,mobility=1.5", &c, &err), 0);
    ck_assert_int_ne(match_game_make(&cam, &c, 0, &g, &err), 0);
    ck_assert_int_eq(match_config_parse("depth=2,X=0.5", &c, &err), 0);
    ck_assert_int_ne(match_game_make(&cam, &c, 0, &g, &err), 0);
    match_game_unload(&cam);
}
END_TEST

/* weights=tuned (a choice: the value is a word) picks the preset; a weight given with it
 * overrides that one weight; a word where a number belongs, or an unknown preset, is refused. */
START_TEST(camelot_weights_key)
{
    match_game_entry cam;
    match_engine_cfg c;
    ba_error err;
    ck_assert_int_eq(match_game_load(&cam, "camelot", NULL, &err), 0);
    ba_game *g = NULL;
    ba_camelot_weights tuned;
    ck_assert_int_eq(ba_camelot_weights_preset("tuned", &tuned, &err), BA_OK);
    ck_assert_int_eq(match_config_parse("time=100,weights=tuned", &c, &err), 0);
    ck_assert_str_eq(c.text, "time=100,weights=tuned");
    ck_assert_int_eq(match_game_make(&cam, &c, 0, &g, &err), 0);
    ba_camelot_options o;
    ck_assert_int_eq(ba_camelot_get_options(g, &o), BA_OK);
    ck_assert_str_eq(ba_camelot_weights_name(&o.weights), "tuned");
    ba_game_destroy(g);
    ck_assert_int_eq(match_config_parse("depth=2,weights=tuned,trading=7", &c, &err), 0);
    ck_assert_int_eq(match_game_make(&cam, &c, 0, &g, &err), 0);
    ck_assert_int_eq(ba_camelot_get_options(g, &o), BA_OK);
    ck_assert_int_eq(o.weights.trading, 7);
    ck_assert_int_eq(o.weights.advance[5], tuned.advance[5]);
    ba_game_destroy(g);
    ck_assert_int_eq(match_config_parse("depth=2,weights=nolan", &c, &err), 0);
    ck_assert_int_eq(match_game_make(&cam, &c, 0, &g, &err), 0);
    ck_assert_int_eq(ba_camelot_get_options(g, &o), BA_OK);
    ck_assert_str_eq(ba_camelot_weights_name(&o.weights), "nolan");
    ba_game_destroy(g);
    ck_assert_int_eq(match_config_parse("depth=2,weights=bogus", &c, &err), 0);
    ck_assert_int_ne(match_game_make(&cam, &c, 0, &g, &err), 0);
    ck_assert_ptr_nonnull(strstr(err.message, "bogus"));
    ck_assert_int_eq(match_config_parse("depth=2,mobility=lots", &c, &err), 0);
    ck_assert_int_ne(match_game_make(&cam, &c, 0, &g, &err), 0);
    ck_assert_ptr_nonnull(strstr(err.message, "not a number"));
    match_game_unload(&cam);
}
END_TEST
#endif

#ifdef MATCH_HAVE_UGOLKI
START_TEST(ugolki_program_side)
{
    match_game_entry ug;
    match_engine_cfg c;
    ba_error err;
    ck_assert_int_eq(match_game_load(&ug, "ugolki", NULL, &err), 0);
    ck_assert_int_eq(match_config_parse("depth=2,asymmetric=0", &c, &err), 0);
    for (int side = 0; side < 2; side++) {
        ba_game *g = NULL;
        ck_assert_int_eq(match_game_make(&ug, &c, side, &g, &err), 0);
        ba_ugolki_options o;
        ck_assert_int_eq(ba_ugolki_get_options(g, &o), BA_OK);
        ck_assert_int_eq(o.program_side, side); /* seen from the side the engine plays */
        ck_assert_int_eq(o.asymmetric, 0);
        ba_game_destroy(g);
    }
    ck_assert_int_eq(match_config_parse("depth=2,asymmetric=2", &c, &err), 0);
    ba_game *g = NULL;
    ck_assert_int_ne(match_game_make(&ug, &c, 0, &g, &err), 0);
    match_game_unload(&ug);
}
END_TEST
#endif

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("match_config");
    TCase *tc = tcase_create("config");
    tcase_add_test(tc, parse_engine_keys);
    tcase_add_test(tc, parse_errors);
    tcase_add_test(tc, parameters);
    tcase_add_test(tc, game_table);
#ifdef MATCH_HAVE_KALAH
    tcase_add_test(tc, kalah_rules_in_the_game);
#endif
#ifdef MATCH_HAVE_CAMELOT
    tcase_add_test(tc, camelot_parameters);
    tcase_add_test(tc, camelot_weights_key);
#endif
#ifdef MATCH_HAVE_UGOLKI
    tcase_add_test(tc, ugolki_program_side);
#endif
    suite_add_tcase(s, tc);
    return s;
}
