/*
 * Camelot's weight presets: `nolan` (the default, Nolan's table) and `tuned` (Texel-fitted,
 * docs/camelot-evaluation.md), through every route that selects one: the API
 * (ba_camelot_weights_preset, ba_camelot_options), the game registry (`camelot:weights=tuned`,
 * which boardai-camelot --weights, boardai-match's weights= key and the web server use), and
 * the protocol's `eval` text naming the preset.
 */
#include <string.h>

#include "boardai/boardai.h"
#include "boardai/camelot.h"
#include "check_main.h"

/* The first line of `eval` (explain) on the start position of @p g. */
static void eval_first_line(const ba_game *g, char *buf, size_t cap)
{
    ba_pos *p = NULL;
    char text[4096];
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    ck_assert_int_gt(ba_pos_explain(p, text, sizeof text), 0);
    size_t len = strcspn(text, "\n");
    ck_assert_uint_lt(len, cap);
    memcpy(buf, text, len);
    buf[len] = '\0';
    ba_pos_free(p);
}

START_TEST(tuned_preset_is_the_default)
{
    ba_camelot_weights w, t;
    ba_error err;
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &w, &err), BA_OK);
    ck_assert_int_eq(ba_camelot_weights_preset("tuned", &t, &err), BA_OK);
    ba_camelot_weights d = ba_camelot_weights_default();
    ck_assert_str_eq(ba_camelot_weights_name(&w), "nolan");
    ck_assert_str_eq(ba_camelot_weights_name(&d), "tuned");
    ck_assert_double_eq(d.knight_x, t.knight_x);
    ba_camelot_options o = ba_camelot_options_default();
    ck_assert_str_eq(ba_camelot_weights_name(&o.weights), "tuned");
    ck_assert_int_eq(ba_camelot_weights_preset("bogus", &w, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "bogus"));
    ck_assert_int_eq(ba_camelot_weights_preset(NULL, &w, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", NULL, &err), BA_ERR_ARG);
    d.mobility = 1; /* the tuned preset with Nolan's mobility is neither preset */
    ck_assert_str_eq(ba_camelot_weights_name(&d), "custom");
    ck_assert_str_eq(ba_camelot_weights_name(NULL), "custom");
}
END_TEST

START_TEST(tuned_preset)
{
    ba_camelot_weights t, n;
    ba_error err;
    ck_assert_int_eq(ba_camelot_weights_preset("tuned", &t, &err), BA_OK);
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &n, &err), BA_OK);
    ck_assert_str_eq(ba_camelot_weights_name(&t), "tuned");
    ck_assert_int_eq(ba_camelot_weights_check(&t, &err), BA_OK);
    /* the fit changes only the position factors; the unit, the win terms and the move
     * ordering's weights stay Nolan's */
    ck_assert_int_eq(t.man, n.man);
    ck_assert_int_eq(t.castle_win, n.castle_win);
    ck_assert_int_eq(t.wipeout_win, n.wipeout_win);
    ck_assert_int_eq(t.leave_castle, n.leave_castle);
    ck_assert_int_eq(t.capture, n.capture);
    ck_assert_int_eq(t.advance[0], n.advance[0]);
    ck_assert_int_eq(t.advance[15], n.advance[15]);
    /* the centre table is fitted as mirrored pairs */
    for (int f = 0; f < BA_CAMELOT_CENTRE_FILES; f++)
        ck_assert_int_eq(t.centre[f], t.centre[BA_CAMELOT_CENTRE_FILES - 1 - f]);
    /* and it is not Nolan's set under another name */
    ck_assert_str_ne(ba_camelot_weights_name(&n), "tuned");
    t.exposure += 1;
    ck_assert_str_eq(ba_camelot_weights_name(&t), "custom");
}
END_TEST

/* The static value of a position given as text, in game @p g. */
static int value_of(const ba_game *g, const char *text)
{
    ba_pos *pos = NULL;
    ba_error err;
    int v = 0;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, text, &err), BA_OK);
    ck_assert_int_eq(ba_pos_evaluate(pos, &v), BA_OK);
    ba_pos_free(pos);
    return v;
}

/* Through the options and through the registry's `weights=` key: `eval` names the preset, and
 * the two presets evaluate a position that is not symmetric differently. */
START_TEST(presets_through_options_and_registry)
{
    ba_error err;
    char line[256];
    eval_first_line(ba_camelot_game(), line, sizeof line);
    ck_assert_str_eq(line, "weights tuned (N = 17.09)");

    ba_camelot_options o = ba_camelot_options_default();
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &o.weights, &err), BA_OK);
    ba_game *by_nolan = NULL;
    ck_assert_int_eq(ba_camelot_create(&o, &by_nolan, &err), BA_OK);
    eval_first_line(by_nolan, line, sizeof line);
    ck_assert_str_eq(line, "weights nolan (N = 17.09)");
    ba_game_destroy(by_nolan);
    ck_assert_int_eq(ba_camelot_weights_preset("tuned", &o.weights, &err), BA_OK);
    ba_game *by_options = NULL, *by_spec = NULL, *nolan = NULL, *custom = NULL;
    ck_assert_int_eq(ba_camelot_create(&o, &by_options, &err), BA_OK);
    eval_first_line(by_options, line, sizeof line);
    ck_assert_str_eq(line, "weights tuned (N = 17.09)");

    ck_assert_int_eq(ba_game_open("camelot:weights=tuned", &by_spec, &err), BA_OK);
    ba_camelot_options got;
    ck_assert_int_eq(ba_camelot_get_options(by_spec, &got), BA_OK);
    ck_assert_str_eq(ba_camelot_weights_name(&got.weights), "tuned");
    eval_first_line(by_spec, line, sizeof line);
    ck_assert_str_eq(line, "weights tuned (N = 17.09)");
    ck_assert_int_eq(ba_game_open("camelot:weights=nolan", &nolan, &err), BA_OK);
    eval_first_line(nolan, line, sizeof line);
    ck_assert_str_eq(line, "weights nolan (N = 17.09)");
    /* a weight given with the preset overrides that weight only */
    ck_assert_int_eq(ba_game_open("camelot:weights=tuned,trading=7", &custom, &err), BA_OK);
    ck_assert_int_eq(ba_camelot_get_options(custom, &got), BA_OK);
    ck_assert_int_eq(got.weights.trading, 7);
    ck_assert_int_eq(got.weights.advance[7], o.weights.advance[7]);
    ck_assert_str_eq(ba_camelot_weights_name(&got.weights), "custom");
    ba_game *bad = NULL;
    ck_assert_int_ne(ba_game_open("camelot:weights=best", &bad, &err), BA_OK);
    ck_assert_ptr_nonnull(strstr(err.message, "nolan, tuned"));

    /* the same unbalanced position (White has two knights, Black none) under both presets */
    const char *text = "2/8/10/12/12/2mmmm6/12/12/12/12/2KKMM6/12/12/10/8/2 w 0 0 - 0";
    ck_assert_int_ne(value_of(nolan, text), value_of(by_spec, text));
    ba_game_destroy(by_options);
    ba_game_destroy(by_spec);
    ba_game_destroy(nolan);
    ba_game_destroy(custom);
}
END_TEST

/* Factors 4 and 7 are tables: the registry's `advance` and `centre` scale them in percent, so an
 * ablation match can leave either out (0), and a bad value is an error naming the key. */
START_TEST(table_factors_scaled_through_registry)
{
    ba_error err;
    ba_camelot_weights nolan;
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &nolan, &err), BA_OK);
    ba_game *none = NULL, *scaled = NULL, *bad = NULL;
    ck_assert_int_eq(ba_game_open("camelot:advance=0,centre=0", &none, &err), BA_OK);
    ck_assert_int_eq(ba_game_open("camelot:weights=tuned,advance=50,centre=150", &scaled, &err),
                     BA_OK);
    ba_camelot_options got_none, got_scaled;
    ck_assert_int_eq(ba_camelot_get_options(none, &got_none), BA_OK);
    ck_assert_int_eq(ba_camelot_get_options(scaled, &got_scaled), BA_OK);
    for (int r = 0; r < BA_CAMELOT_ADVANCE_RANKS; r++) {
        ck_assert_int_eq(got_none.weights.advance[r], 0);
        /* the tuned preset keeps Nolan's tables; halved and rounded half up: 11 -> 6, 45 -> 23 */
        ck_assert_int_eq(got_scaled.weights.advance[r], (nolan.advance[r] + 1) / 2);
    }
    for (int f = 0; f < BA_CAMELOT_CENTRE_FILES; f++) {
        ck_assert_int_eq(got_none.weights.centre[f], 0);
        ck_assert_int_eq(got_scaled.weights.centre[f], (3 * nolan.centre[f] + 1) / 2);
    }
    /* the other factors keep the (default, tuned) preset's values */
    ba_camelot_weights tuned;
    ck_assert_int_eq(ba_camelot_weights_preset("tuned", &tuned, &err), BA_OK);
    ck_assert_int_eq(got_none.weights.mobility, tuned.mobility);
    ck_assert_int_eq(got_none.weights.knight_support, tuned.knight_support);

    /* White's pieces stand on central files (C-F), Black's on the edge (A-D): the centre table
     * values them differently, so the evaluation changes without the two tables */
    const char *text = "2/8/10/12/12/mmmm8/12/12/12/12/2KKMM6/12/12/10/8/2 w 0 0 - 0";
    ck_assert_int_ne(value_of(ba_camelot_game(), text), value_of(none, text));

    ck_assert_int_eq(ba_game_open("camelot:advance=-1", &bad, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "advance"));
    ck_assert_int_eq(ba_game_open("camelot:centre=x", &bad, &err), BA_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "centre"));
    ba_game_destroy(none);
    ba_game_destroy(scaled);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_weights");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, tuned_preset_is_the_default);
    tcase_add_test(tc, tuned_preset);
    tcase_add_test(tc, presets_through_options_and_registry);
    tcase_add_test(tc, table_factors_scaled_through_registry);
    suite_add_tcase(s, tc);
    return s;
}
