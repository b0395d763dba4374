/* The evaluation cache (lib/evalcache.*): against a reference map of every key's one value, a
 * hit always returns the value stored for that very key (never a colliding key's), a key just
 * stored is found, and a new search finds nothing of the last one. Then, in searches of every
 * built-in game: the engine with the cache visits the same tree (nodes, score, principal
 * variation) as the same engine evaluating every time, exact and selective, with noise. */
#include <stdlib.h>
#include <string.h>

#include <boardai/registry.h>

#include "check_main.h"
#include "evalcache.h"
#include "search.h"
#include "test_util.h"

#define POOL 100000

/* Under the sanitizers (ten times slower) one ply less where a ply costs most, and fewer
 * positions. */
#ifdef BOARDAI_SANITIZED
#define DEEP 0
#define POSITIONS 3
#else
#define DEEP 1
#define POSITIONS 6
#endif

static uint64_t next64(uint64_t *x) { return bt_lcg_next(x) << 33 ^ bt_lcg_next(x) << 2 ^ bt_lcg_next(x); }

START_TEST(test_cache_matches_reference)
{
    /* A pool of keys three times the slots, each with its one value: slots are shared all the
     * time, so a cache that compared less than the whole key would return a neighbour's value. */
    uint64_t *keys = malloc(POOL * sizeof *keys);
    int *values = malloc(POOL * sizeof *values);
    unsigned char *stored = calloc(POOL, 1);
    ck_assert_ptr_nonnull(keys);
    ck_assert_ptr_nonnull(values);
    ck_assert_ptr_nonnull(stored);
    uint64_t x = 12345;
    for (int i = 0; i < POOL; i++) {
        keys[i] = next64(&x);
        values[i] = (int)(bt_lcg_next(&x) % 2000001) - 1000000;
    }
    /* A tenth of the keys share their low 32 bits with many others, a tenth their high 32 bits:
     * such keys meet in a slot often, and a cache that compared half a key would take them for
     * each other. */
    for (int i = 0; i < POOL / 10; i++) {
        keys[i] = (keys[i] & ~0xffffffffull) | (uint64_t)(i % 4) * 0x9e3779b9ull;
        keys[POOL - 1 - i] = (keys[POOL - 1 - i] & 0xffffffffull) | ((uint64_t)(i % 4) << 40);
    }
    bac_evc c;
    memset(&c, 0, sizeof c);
    int hits = 0, misses_of_stored = 0;
    for (int round = 0; round < 3; round++) {
        ck_assert_int_eq(bac_evc_new_search(&c), BA_OK);
        memset(stored, 0, POOL);
        for (int op = 0; op < 300000; op++) {
            int i = (int)(bt_lcg_next(&x) % POOL);
            int v = 0;
            if (bac_evc_get(&c, keys[i], &v)) {
                ck_assert_msg(stored[i], "a hit for key %d, never stored in this search", i);
                ck_assert_int_eq(v, values[i]);
                hits++;
            } else {
                misses_of_stored += stored[i];
                bac_evc_put(&c, keys[i], values[i]);
                stored[i] = 1;
                ck_assert(bac_evc_get(&c, keys[i], &v));
                ck_assert_int_eq(v, values[i]);
            }
        }
    }
    /* both kinds happen: the test saw hits and evictions */
    ck_assert_int_gt(hits, 10000);
    ck_assert_int_gt(misses_of_stored, 10000);
    bac_evc_free(&c);
    free(keys);
    free(values);
    free(stored);
}
END_TEST

START_TEST(test_stamp_wraps)
{
    bac_evc c;
    memset(&c, 0, sizeof c);
    ck_assert_int_eq(bac_evc_new_search(&c), BA_OK);
    bac_evc_put(&c, 77, 5);
    /* the last stamp before the counter comes round: the next search clears the slots */
    c.stamp = UINT32_MAX;
    bac_evc_put(&c, 99, 6);
    int v = 0;
    ck_assert(bac_evc_get(&c, 99, &v));
    ck_assert_int_eq(bac_evc_new_search(&c), BA_OK);
    ck_assert_uint_eq(c.stamp, 1);
    ck_assert(!bac_evc_get(&c, 99, &v));
    ck_assert(!bac_evc_get(&c, 77, &v));
    bac_evc_free(&c);
}
END_TEST

typedef struct game_case {
    const char *name;
    int depth;
} game_case;

static ba_engine *engine_for(const ba_game *g, int depth, int selective, int noise, int cache)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, selective), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_NOISE, noise), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_THREADS, 1), BA_OK);
    e->no_eval_cache = !cache;
    return e;
}

/* Searches the same positions with and without the cache, in the same order (so the table and
 * ordering state go the same way too); returns the nodes searched. */
static uint64_t compare_game(const game_case *gc, int selective, int noise, uint64_t seed)
{
    ba_game *g = NULL;
    ck_assert_int_eq(ba_game_open(gc->name, &g, NULL), BA_OK);
    ba_engine *with = engine_for(g, gc->depth, selective, noise, 1);
    ba_engine *without = engine_for(g, gc->depth, selective, noise, 0);
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    ba_move *moves = calloc(g->max_moves, sizeof *moves);
    ck_assert_ptr_nonnull(moves);
    uint64_t x = seed, total = 0;
    for (int k = 0; k < POSITIONS; k++) {
        int n = ba_pos_moves(p, moves, g->max_moves);
        ck_assert_int_ge(n, 0);
        if (n == 0 || ba_pos_result(p) != BA_RESULT_ONGOING) {
            ck_assert_int_eq(ba_pos_reset(p), BA_OK);
            continue;
        }
        ba_search_result a, b;
        ck_assert_int_eq(ba_engine_search(with, p, &a), BA_OK);
        ck_assert_int_eq(ba_engine_search(without, p, &b), BA_OK);
        ck_assert_msg(a.nodes == b.nodes, "%s: %llu nodes with the cache, %llu without", gc->name,
                      (unsigned long long)a.nodes, (unsigned long long)b.nodes);
        ck_assert_int_eq(a.score, b.score);
        ck_assert_int_eq(a.depth, b.depth);
        ck_assert_int_eq(a.pv_len, b.pv_len);
        for (int i = 0; i < a.pv_len; i++)
            ck_assert(ba_move_equal(&a.pv[i], &b.pv[i]));
        total += a.nodes;
        /* a few random plies on to the next position */
        int plies = 1 + (int)(bt_lcg_next(&x) % 5);
        for (int i = 0; i < plies && ba_pos_result(p) == BA_RESULT_ONGOING; i++) {
            n = ba_pos_moves(p, moves, g->max_moves);
            if (n <= 0)
                break;
            ck_assert_int_eq(ba_pos_play(p, &moves[bt_lcg_next(&x) % (uint64_t)n], NULL), BA_OK);
        }
    }
    free(moves);
    ba_pos_free(p);
    ba_engine_free(with);
    ba_engine_free(without);
    ba_game_destroy(g);
    return total;
}

static const game_case cases[] = {
    {"camelot", 3 + DEEP}, {"chess", 3 + DEEP}, {"kalah", 6}, {"ugolki", 3}, {"arimaa", 1},
};

START_TEST(test_same_tree_every_game)
{
    const game_case *gc = &cases[_i];
    const char *const *names = ba_game_names();
    int built = 0;
    for (int i = 0; names[i]; i++)
        built |= strcmp(names[i], gc->name) == 0;
    if (!built)
        return; /* a build without this game */
    for (int selective = 0; selective <= 1; selective++) {
        uint64_t nodes = compare_game(gc, selective, 0, 99 + (uint64_t)_i);
        ck_assert_uint_gt(nodes, 0);
        /* with noise: the cache keeps the game's value, the noise is added after it */
        compare_game(gc, selective, 30, 7 + (uint64_t)_i);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *su = suite_create("evalcache");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, test_cache_matches_reference);
    tcase_add_test(tc, test_stamp_wraps);
    tcase_add_loop_test(tc, test_same_tree_every_game, 0, (int)(sizeof cases / sizeof cases[0]));
    suite_add_tcase(su, tc);
    return su;
}
