/* The game's extension hook (chess: the check extension): every algorithm applies it the same
 * way, so alpha-beta still equals negamax; it really searches deeper; and quiescence does not
 * stand pat at a tactical node. Built on the synthetic test game with an extension that fires
 * on a hash-chosen fifth of the positions. */
#include <string.h>

#include "boardai/boardai.h"
#include "check_main.h"
#include "conformance.h"
#include "testgames.h"

static int every_fifth(const ba_game *g, const void *state)
{
    return g->hash(g, state) % 5 == 0 ? 1 : 0;
}

/* A move that costs two plies (Arimaa's push, two steps of a turn): -1 on another fifth of the
 * positions, +1 on the first fifth, so both signs meet in one tree. */
static int costly_fifth(const ba_game *g, const void *state)
{
    uint64_t h = g->hash(g, state) % 5;
    return h == 0 ? 1 : h == 1 ? -1 : 0;
}

static int always(const ba_game *g, const void *state)
{
    (void)g;
    (void)state;
    return 1;
}

/* A copy of synthetic variant v with the extension hook set. */
static ba_game extended(int variant)
{
    ba_game g = *bt_synth_game(variant);
    g.extension = every_fifth;
    return g;
}

static uint64_t nodes_at_depth(const ba_game *g, int depth)
{
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, BA_ALG_NEGAMAX), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
    ck_assert_int_eq(r.depth, depth);
    ba_engine_free(e);
    ba_pos_free(pos);
    return r.nodes;
}

START_TEST(test_extension_keeps_alphabeta_equal_to_negamax)
{
    char msg[1024];
    for (int v = 0; v < BT_SYNTH_VARIANTS; v++) {
        ba_game g = extended(v);
        ck_assert_msg(ba_search_equivalence_check(&g, 11 + (uint64_t)v, 60, 4, 12, msg,
                                                  sizeof msg) == 0,
                      "variant %d: %s", v, msg);
    }
}
END_TEST

START_TEST(test_negative_extension_keeps_alphabeta_equal_to_negamax)
{
    char msg[1024];
    for (int v = 0; v < BT_SYNTH_VARIANTS; v++) {
        ba_game g = *bt_synth_game(v);
        g.extension = costly_fifth;
        ck_assert_msg(ba_search_equivalence_check(&g, 31 + (uint64_t)v, 60, 4, 12, msg,
                                                  sizeof msg) == 0,
                      "variant %d: %s", v, msg);
    }
}
END_TEST

START_TEST(test_negative_extension_searches_shallower)
{
    /* The same +1 positions as extended(), and a fifth more that cost a ply: those lines end a
     * ply early, so negamax, which visits every node, must visit fewer (and nodes_at_depth
     * checks that the search still reports the depth asked for). */
    ba_game costly = *bt_synth_game(0);
    costly.extension = costly_fifth;
    ba_game plus_only = extended(0);
    ck_assert_uint_lt(nodes_at_depth(&costly, 5), nodes_at_depth(&plus_only, 5));
}
END_TEST

START_TEST(test_extension_searches_deeper)
{
    ba_game plain = *bt_synth_game(0);
    ba_game ext = extended(0);
    /* Negamax visits every node: an extension can only add nodes, and a fifth of the positions
     * extending must add some. */
    ck_assert_uint_gt(nodes_at_depth(&ext, 4), nodes_at_depth(&plain, 4));
}
END_TEST

START_TEST(test_extension_capped_by_depth_setting)
{
    /* An extension at every node would never end without the cap: the search must still finish
     * and report the depth asked for. */
    ba_game g = *bt_synth_game(0);
    g.extension = always;
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 6), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
    ck_assert_int_eq(r.depth, 6);
    ba_engine_free(e);
    ba_pos_free(pos);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("extension");
    TCase *tc = tcase_create("extension");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_extension_keeps_alphabeta_equal_to_negamax);
    tcase_add_test(tc, test_extension_searches_deeper);
    tcase_add_test(tc, test_negative_extension_keeps_alphabeta_equal_to_negamax);
    tcase_add_test(tc, test_negative_extension_searches_shallower);
    tcase_add_test(tc, test_extension_capped_by_depth_setting);
    suite_add_tcase(s, tc);
    return s;
}
