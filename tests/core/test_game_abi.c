/* The vtable across versions: ba_game only grows at its end, and the library reads an optional
 * hook only when it lies within the game's struct_size. Simulated here by copying a game into a
 * heap block of exactly the size an older (or newer) header gave it: under AddressSanitizer any
 * read past a short block fails the test, and the searches must equal those of a full-size game
 * whose missing hooks are NULL. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/boardai.h"
#include "check_main.h"
#include "testgames.h"

static int every_fifth(const ba_game *g, const void *state)
{
    return g->hash(g, state) % 5 == 0 ? 1 : 0;
}

/* The synthetic history game with every optional hook the library reads: noisy moves, ordering
 * keys, repeat_window and an extension. */
static ba_game full_game(void)
{
    ba_game g = *bt_synth_window_game();
    g.extension = every_fifth;
    return g;
}

/* A heap copy of @p g as a game compiled against a header whose ba_game had @p size bytes: the
 * first min(size, sizeof) bytes copied, struct_size = size, anything beyond sizeof filled with
 * 0xAB (fields this library does not know). */
static ba_game *sized_copy(const ba_game *g, size_t size)
{
    unsigned char *p = malloc(size);
    ck_assert_ptr_nonnull(p);
    memset(p, 0xAB, size);
    memcpy(p, g, size < sizeof *g ? size : sizeof *g);
    uint32_t struct_size = (uint32_t)size;
    memcpy(p + offsetof(ba_game, struct_size), &struct_size, sizeof struct_size);
    /* Through a volatile pointer: the compiler must not see (and warn) that a short block is
     * used as a ba_game; reading only within struct_size is exactly what is under test. */
    ba_game *volatile out = (ba_game *)(void *)p;
    return out;
}

typedef struct outcome {
    ba_search_result r;
    char best[BA_MOVE_TEXT_MAX];
} outcome;

static outcome search(const ba_game *g, int depth)
{
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    outcome o;
    memset(&o, 0, sizeof o);
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DETERMINISTIC, 1), BA_OK);
    /* Play a few plies first so that the history (and so repeat_window) matters. */
    for (int i = 0; i < 2; i++) {
        ba_move m[64];
        int n = ba_pos_moves(pos, m, 64);
        ck_assert_int_gt(n, 0);
        ck_assert_int_eq(ba_pos_play(pos, &m[i % n], NULL), BA_OK);
    }
    ck_assert_int_eq(ba_engine_search(e, pos, &o.r), BA_OK);
    ck_assert_int_ge(ba_pos_move_text(pos, &o.r.best, o.best, sizeof o.best), 0);
    ba_engine_free(e);
    ba_pos_free(pos);
    return o;
}

static void assert_same(outcome a, outcome b, const char *what)
{
    ck_assert_msg(strcmp(a.best, b.best) == 0, "%s: best %s vs %s", what, a.best, b.best);
    ck_assert_msg(a.r.score == b.r.score, "%s: score %d vs %d", what, a.r.score, b.r.score);
    ck_assert_msg(a.r.nodes == b.r.nodes, "%s: nodes %llu vs %llu", what,
                  (unsigned long long)a.r.nodes, (unsigned long long)b.r.nodes);
}

START_TEST(test_older_game_without_the_newest_hook)
{
    /* A game built before `extension` was appended: the library must not read it. */
    ba_game full = full_game();
    ba_game *old = sized_copy(&full, offsetof(ba_game, extension));
    ba_error err;
    ck_assert_int_eq(ba_game_check(old, &err), BA_OK);
    ck_assert(!BA_GAME_HAS(old, extension));
    ck_assert(BA_GAME_HAS(old, repeat_window));
    ba_game none = full;
    none.extension = NULL;
    assert_same(search(old, 5), search(&none, 5), "older game");
    /* The test can fail: the extension really changes the search of the full game. */
    ck_assert_uint_ne(search(&full, 5).r.nodes, search(&none, 5).r.nodes);
    free(old);
}
END_TEST

START_TEST(test_smallest_game)
{
    /* Only the required functions: every optional hook counts as NULL. */
    ba_game full = full_game();
    ba_game *min = sized_copy(&full, BA_GAME_SIZE_MIN);
    ba_error err;
    ck_assert_int_eq(ba_game_check(min, &err), BA_OK);
    ck_assert(!BA_GAME_HAS(min, generate_noisy));
    ck_assert(!BA_GAME_HAS(min, destroy));
    ba_game none = full;
    none.generate_noisy = NULL;
    none.order_key = NULL;
    none.render = NULL;
    none.explain = NULL;
    none.destroy = NULL;
    none.repeat_window = NULL;
    none.extension = NULL;
    assert_same(search(min, 5), search(&none, 5), "smallest game");

    ba_pos *pos = NULL;
    char buf[64];
    ck_assert_int_eq(ba_pos_new(min, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_render(pos, buf, sizeof buf), BA_ERR_UNSUPPORTED);
    ba_pos_free(pos);
    ba_game_destroy(min); /* no destroy hook within its size: a no-op */
    free(min);
}
END_TEST

START_TEST(test_newer_game)
{
    /* A game built against a later header: the hooks this library does not know are ignored. */
    ba_game full = full_game();
    ba_game *newer = sized_copy(&full, sizeof(ba_game) + 128);
    ba_error err;
    ck_assert_int_eq(ba_game_check(newer, &err), BA_OK);
    assert_same(search(newer, 5), search(&full, 5), "newer game");
    free(newer);
}
END_TEST

START_TEST(test_too_short_or_pre_1_0)
{
    ba_game g = full_game();
    ba_error err;
    g.struct_size = (uint32_t)BA_GAME_SIZE_MIN - 1;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
    ck_assert_ptr_nonnull(strstr(err.message, "struct_size"));
    /* Before 1.0 the first word was abi = 1. */
    g.struct_size = 1;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
    ck_assert_ptr_nonnull(strstr(err.message, "BA_GAME_INIT"));
    g = full_game();
    g.abi = 1;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("game_abi");
    TCase *tc = tcase_create("growth");
    tcase_add_test(tc, test_older_game_without_the_newest_hook);
    tcase_add_test(tc, test_smallest_game);
    tcase_add_test(tc, test_newer_game);
    tcase_add_test(tc, test_too_short_or_pre_1_0);
    suite_add_tcase(s, tc);
    return s;
}
