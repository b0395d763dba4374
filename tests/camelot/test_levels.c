/*
 * Camelot's playing levels (ba_camelot_level, ba_camelot_level_configure). The weight presets
 * are tested in test_weights.c.
 */
#include <string.h>

#include "boardai/boardai.h"
#include "boardai/camelot.h"
#include "check_main.h"

START_TEST(levels_grow_in_think_time)
{
    ba_camelot_level_info prev = {0, NULL, 0, 0, 0};
    /* About 0.1, 0.5, 2, 5, 15 and 40 seconds (the targets, within a factor 1.5). */
    static const double target_s[BA_CAMELOT_LEVELS] = {0.1, 0.5, 2, 5, 15, 40};
    for (int level = 1; level <= BA_CAMELOT_LEVELS; level++) {
        ba_camelot_level_info info;
        ck_assert_int_eq(ba_camelot_level(level, &info), BA_OK);
        ck_assert_int_eq(info.level, level);
        ck_assert_ptr_nonnull(info.name);
        ck_assert_int_gt(info.time_ms, prev.time_ms);
        double s = (double)info.time_ms / 1000.0;
        ck_assert(s > target_s[level - 1] / 1.5 && s < target_s[level - 1] * 1.5);
        /* Weaker levels are never less limited than stronger ones. */
        if (level > 1) {
            ck_assert(info.eval_noise <= prev.eval_noise);
            ck_assert(info.max_depth == 0 || (prev.max_depth > 0 && info.max_depth >= prev.max_depth));
        }
        prev = info;
    }
    ba_camelot_level_info info;
    ck_assert_int_eq(ba_camelot_level(0, &info), BA_ERR_RANGE);
    ck_assert_int_eq(ba_camelot_level(BA_CAMELOT_LEVELS + 1, &info), BA_ERR_RANGE);
    ck_assert_int_eq(ba_camelot_level(1, NULL), BA_ERR_ARG);
}
END_TEST

START_TEST(level_configures_the_engine)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(ba_camelot_game(), &e), BA_OK);
    for (int level = 1; level <= BA_CAMELOT_LEVELS; level++) {
        ba_camelot_level_info info;
        ck_assert_int_eq(ba_camelot_level(level, &info), BA_OK);
        ck_assert_int_eq(ba_camelot_level_configure(e, level), BA_OK);
        int64_t v = 0;
        ck_assert_int_eq(ba_engine_get(e, BA_OPT_TIME_MS, &v), BA_OK);
        ck_assert_int_eq(v, info.time_ms);
        ck_assert_int_eq(ba_engine_get(e, BA_OPT_NOISE, &v), BA_OK);
        ck_assert_int_eq(v, info.eval_noise);
        ck_assert_int_eq(ba_engine_get(e, BA_OPT_DEPTH, &v), BA_OK);
        ck_assert_int_eq(v, info.max_depth > 0 ? info.max_depth : BA_MAX_DEPTH);
    }
    ck_assert_int_eq(ba_camelot_level_configure(e, 0), BA_ERR_RANGE);
    ck_assert_int_eq(ba_camelot_level_configure(NULL, 1), BA_ERR_ARG);
    /* Level 1 answers with a legal move (its time is not asserted: timing belongs to benchmarks). */
    ck_assert_int_eq(ba_camelot_level_configure(e, 1), BA_OK);
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &p), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(ba_pos_play(p, &r.best, NULL), BA_OK);
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_levels");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, levels_grow_in_think_time);
    tcase_add_test(tc, level_configures_the_engine);
    suite_add_tcase(s, tc);
    return s;
}
