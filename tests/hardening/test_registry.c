/* tests/hardening/test_registry.c: the game registry (registry.h). Every game built in is
 * listed and opens by name, with and without parameters; every documented parameter accepts its
 * documented default; bad specifications are refused with the documented code and a message
 * that names the bad part and lists the valid ones. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "hard_games.h"

/* Opens @p spec, expecting @p code; on failure the message must contain @p needle (if any). */
static void expect_open(const char *spec, int code, const char *needle)
{
    ba_game *g = NULL;
    ba_error err;
    ba_error_clear(&err);
    int rc = ba_game_open(spec, &g, &err);
    ck_assert_msg(rc == code, "'%s': got %d (%s), expected %d", spec, rc, err.message, code);
    if (code == BA_OK) {
        ck_assert_ptr_nonnull(g);
        ck_assert_int_eq(ba_game_check(g, NULL), BA_OK);
        ck_assert_int_eq(err.code, BA_OK);
        ba_game_destroy(g);
    } else {
        ck_assert_ptr_null(g);
        ck_assert_int_eq(err.code, code);
        if (needle)
            ck_assert_msg(strstr(err.message, needle) != NULL, "'%s': message '%s' lacks '%s'",
                          spec, err.message, needle);
    }
}

START_TEST(test_names_match_the_build)
{
    const char *const *names = ba_game_names();
    ck_assert_ptr_nonnull(names);
    size_t n = 0;
    while (names[n])
        n++;
    /* The modules of the hardening table are the enabled ones (BA_HAVE_<GAME>). */
    size_t count;
    const hard_game *table = hard_games(&count);
    size_t modules = 0;
    for (size_t i = 0; i < count; i++)
        if (i == 0 || strcmp(table[i].module, table[i - 1].module) != 0) {
            modules++;
            int found = 0;
            for (size_t k = 0; k < n; k++)
                found |= strcmp(names[k], table[i].module) == 0;
            ck_assert_msg(found, "module %s is built but not registered", table[i].module);
        }
    ck_assert_uint_eq(n, modules);
    for (size_t k = 0; k < n; k++) {
        ba_game *g = NULL;
        ck_assert_int_eq(ba_game_open(names[k], &g, NULL), BA_OK);
        ck_assert_str_eq(g->name, names[k]);
        ba_game_destroy(g);
    }
}
END_TEST

START_TEST(test_every_parameter_takes_its_default)
{
    for (const char *const *name = ba_game_names(); *name; name++) {
        size_t n = 99;
        const ba_game_param *p = ba_game_params(*name, &n);
        ck_assert(n == 0 || p != NULL);
        for (size_t i = 0; i < n; i++) {
            ck_assert_msg(p[i].kind && (strcmp(p[i].kind, "rules") == 0 || strcmp(p[i].kind, "evaluation") == 0), "%s: bad kind", p[i].name);
            ck_assert_msg(p[i].name && p[i].type && p[i].range && p[i].default_value && p[i].help,
                          "%s parameter %zu is incomplete", *name, i);
            char spec[256];
            snprintf(spec, sizeof spec, "%s:%s=%s", *name, p[i].name, p[i].default_value);
            expect_open(spec, BA_OK, NULL);
        }
    }
    size_t n = 7;
    ck_assert_ptr_null(ba_game_params("no-such-game", &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(ba_game_params(NULL, NULL));
}
END_TEST

START_TEST(test_bad_specifications)
{
    ba_game *g = (ba_game *)1;
    ck_assert_int_eq(ba_game_open(NULL, &g, NULL), BA_ERR_ARG);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(ba_game_open("x", NULL, NULL), BA_ERR_ARG);
    const char *first = ba_game_names()[0];
    expect_open("no-such-game", BA_ERR_UNSUPPORTED, "the games built in are:");
    if (first)
        expect_open("no-such-game:a=1", BA_ERR_UNSUPPORTED, first);
    expect_open("", BA_ERR_PARSE, "no game name");
    expect_open(":a=1", BA_ERR_PARSE, "no game name");
    char longspec[BA_GAME_SPEC_MAX + 8];
    memset(longspec, 'a', sizeof longspec - 1);
    longspec[sizeof longspec - 1] = '\0';
    expect_open(longspec, BA_ERR_PARSE, "longer than");
}
END_TEST

#if BA_HAVE_KALAH
START_TEST(test_kalah_parameters)
{
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("kalah:pits=4,seeds=3,empty_capture=1", &g, &err), BA_OK);
    ba_kalah_options o;
    ck_assert_int_eq(ba_kalah_get_options(g, &o), BA_OK);
    ck_assert_int_eq(o.pits, 4);
    ck_assert_int_eq(o.seeds, 3);
    ck_assert_int_eq(o.empty_capture, 1);
    ba_game_destroy(g);
    expect_open("kalah:", BA_OK, NULL);
    expect_open("kalah:pitz=4", BA_ERR_PARSE, "kalah has no parameter 'pitz'; its parameters are: pits, seeds, empty_capture");
    /* A list longer than a message ends in ", ..." rather than stopping mid-list unmarked. */
    expect_open("arimaa:pitz=4", BA_ERR_PARSE, "its parameters are: search_by_steps, material_scale");
    expect_open("arimaa:pitz=4", BA_ERR_PARSE, ", ...");
    expect_open("kalah:pits=4,pits=5", BA_ERR_PARSE, "'pits' is given twice");
    expect_open("kalah:pits", BA_ERR_PARSE, "'pits' has no value");
    expect_open("kalah:pits=", BA_ERR_PARSE, "'pits' has an empty value");
    expect_open("kalah:pits=4,", BA_ERR_PARSE, "empty parameter");
    expect_open("kalah:pits=4,,seeds=3", BA_ERR_PARSE, "empty parameter");
    expect_open("kalah:=4", BA_ERR_PARSE, "no name");
    expect_open("kalah:pits=four", BA_ERR_PARSE, "pits must be a whole number");
    expect_open("kalah:pits=4.5", BA_ERR_PARSE, "pits must be a whole number");
    expect_open("kalah:pits=9", BA_ERR_RANGE, "pits must be 1..8");
    expect_open("kalah:empty_capture=yes", BA_ERR_PARSE, "empty_capture must be 0 or 1");
}
END_TEST
#endif

#if BA_HAVE_CAMELOT
START_TEST(test_camelot_parameters)
{
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("camelot:N=16.09,weights=nolan", &g, &err), BA_OK);
    ba_camelot_options o;
    ck_assert_int_eq(ba_camelot_get_options(g, &o), BA_OK);
    ck_assert(fabs(o.knight_n - 16.09) < 1e-12);
    ba_camelot_weights w = ba_camelot_weights_default();
    ck_assert_int_eq(o.weights.man, w.man);
    ba_game_destroy(g);
    ck_assert_int_eq(ba_game_open("camelot:castle_moves=0,man=120,exposure=-20,X=1.5", &g, &err),
                     BA_OK);
    ck_assert_int_eq(ba_camelot_get_options(g, &o), BA_OK);
    ck_assert_int_eq(o.castle_moves_per_player, 0);
    ck_assert_int_eq(o.weights.man, 120);
    ck_assert_int_eq(o.weights.exposure, -20);
    ck_assert(fabs(o.weights.knight_x - 1.5) < 1e-12);
    ba_game_destroy(g);
    expect_open("camelot:weights=best", BA_ERR_PARSE, "weights must be one of nolan, tuned");
    expect_open("camelot:N=abc", BA_ERR_PARSE, "N must be a number");
    expect_open("camelot:N=nan", BA_ERR_PARSE, "N must be a number");
    expect_open("camelot:knight_n=16", BA_ERR_PARSE, "its parameters are: fifty_move_rule");
    expect_open("camelot:castle_moves=256", BA_ERR_RANGE, "castle_moves must be 0..255");
}
END_TEST
#endif

#if BA_HAVE_UGOLKI
START_TEST(test_ugolki_parameters)
{
    ba_game *g = NULL;
    ck_assert_int_eq(ba_game_open("ugolki:pieces=16,diagonal=1,program_side=1,seed=12345678901",
                                  &g, NULL), BA_OK);
    ba_ugolki_options o;
    ck_assert_int_eq(ba_ugolki_get_options(g, &o), BA_OK);
    ck_assert_int_eq(o.pieces, 16);
    ck_assert_int_eq(o.diagonal, 1);
    ck_assert_int_eq(o.program_side, 1);
    ck_assert(o.seed == 12345678901ull);
    ba_game_destroy(g);
    expect_open("ugolki:pieces=10", BA_ERR_RANGE, "pieces");
    expect_open("ugolki:seed=-1", BA_ERR_PARSE, "seed must be a whole number");
}
END_TEST
#endif

#if BA_HAVE_CHESS
START_TEST(test_chess_has_no_parameters)
{
    expect_open("chess", BA_OK, NULL);
    expect_open("chess:depth=3", BA_ERR_PARSE, "it takes no parameters");
}
END_TEST
#endif

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("registry");
    TCase *tc = tcase_create("registry");
    tcase_add_test(tc, test_names_match_the_build);
    tcase_add_test(tc, test_every_parameter_takes_its_default);
    tcase_add_test(tc, test_bad_specifications);
#if BA_HAVE_KALAH
    tcase_add_test(tc, test_kalah_parameters);
#endif
#if BA_HAVE_CAMELOT
    tcase_add_test(tc, test_camelot_parameters);
#endif
#if BA_HAVE_UGOLKI
    tcase_add_test(tc, test_ugolki_parameters);
#endif
#if BA_HAVE_CHESS
    tcase_add_test(tc, test_chess_has_no_parameters);
#endif
    suite_add_tcase(s, tc);
    return s;
}
