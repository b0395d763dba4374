/* The move ordering's sorts: bac_order_sort() (insertion, Shell and library sort by length) and
 * the lazy picker bac_order_next() give exactly the order of a plain stable sort by key,
 * largest first, ties in generation order; and bac_order_score(), the alpha-beta node's one-pass
 * scoring, gives every move the key bac_order_key() gives it plus the counter-move's bonus. The
 * search's node counts at fixed depth rest on these being the same order. And the table's
 * buckets start on cache lines, at every size, and still work (stored entries come back). */
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "ordering.h"
#include "testgames.h"
#include "tt.h"

/* The reference: a stable insertion sort of (key, generation index), larger keys first. */
static void reference_sort(bac_scored *a, int n)
{
    for (int i = 1; i < n; i++) {
        bac_scored x = a[i];
        int j = i;
        while (j > 0 && a[j - 1].key < x.key) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

static uint64_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* n entries with keys from a small range (many ties) or a wide one, generation order idx = i. */
static void random_keys(bac_scored *a, int n, uint64_t *s, int spread)
{
    for (int i = 0; i < n; i++) {
        int64_t k = (int64_t)(rng_next(s) % (uint64_t)spread) - spread / 2;
        if (rng_next(s) % 4 == 0)
            k *= (int64_t)1 << 32; /* the game's key's scale */
        a[i].key = k;
        a[i].idx = i;
    }
}

static const int SIZES[] = {0, 1, 2, 3, 4, 5, 15, 16, 17, 40, 133, 255, 256, 257, 600};
#define NSIZES ((int)(sizeof SIZES / sizeof SIZES[0]))

START_TEST(test_sort_matches_stable_sort)
{
    uint64_t s = 7;
    bac_scored *a = malloc(600 * sizeof *a), *r = malloc(600 * sizeof *r);
    ck_assert(a && r);
    for (int t = 0; t < NSIZES; t++)
        for (int spread = 1; spread <= 1000; spread *= 10)
            for (int rep = 0; rep < 5; rep++) {
                int n = SIZES[t];
                random_keys(a, n, &s, spread);
                memcpy(r, a, (size_t)n * sizeof *a);
                reference_sort(r, n);
                bac_order_sort(a, n);
                for (int i = 0; i < n; i++) {
                    ck_assert_int_eq(a[i].idx, r[i].idx);
                    ck_assert(a[i].key == r[i].key);
                }
            }
    free(a);
    free(r);
}
END_TEST

START_TEST(test_lazy_picks_match_stable_sort)
{
    uint64_t s = 11;
    bac_scored *a = malloc(600 * sizeof *a), *r = malloc(600 * sizeof *r);
    ck_assert(a && r);
    for (int t = 0; t < NSIZES; t++)
        for (int spread = 1; spread <= 1000; spread *= 10)
            for (int from = 0; from < 2; from++) {
                int n = SIZES[t];
                if (from > n)
                    continue;
                random_keys(a, n, &s, spread);
                if (from == 1) {
                    /* A forced-first entry (the hash move), put at 0 as bac_order_score() does;
                     * the picker starts after it. */
                    int first = n / 2;
                    a[first].key = INT64_MAX;
                    bac_scored x = a[0];
                    a[0] = a[first];
                    a[first] = x;
                }
                memcpy(r, a, (size_t)n * sizeof *a);
                reference_sort(r, n);
                /* the reference sorts by idx on ties: restore generation order before it */
                for (int i = 1; i < n; i++)
                    for (int j = i; j > 0 && r[j - 1].key == r[j].key && r[j - 1].idx > r[j].idx; j--) {
                        bac_scored x = r[j];
                        r[j] = r[j - 1];
                        r[j - 1] = x;
                    }
                for (int k = from; k < n; k++)
                    ck_assert_int_eq(bac_order_next(a, n, k), r[k].idx);
                if (from == 1 && n > 0)
                    ck_assert_int_eq(a[0].idx, r[0].idx);
            }
    free(a);
    free(r);
}
END_TEST

/* The one-pass scoring against the per-move key, with killers, history and a counter-move set,
 * on a game with order keys. */
START_TEST(test_score_matches_order_key)
{
    const ba_game *g = bt_synth_game(0);
    ck_assert(BA_GAME_HAS(g, order_key));
    unsigned char *state = calloc(1, g->state_size);
    ba_move *moves = calloc(g->max_moves, sizeof *moves);
    bac_scored *a = calloc(g->max_moves, sizeof *a);
    bac_order *o = calloc(1, sizeof *o);
    ck_assert(state && moves && a && o);
    ck_assert_int_eq(g->init(g, state), BA_OK);
    int n = g->generate(g, state, NULL, moves, g->max_moves);
    ck_assert_int_ge(n, 3);
    ck_assert_int_eq(bac_order_reserve(o, 8), BA_OK);
    bac_order_clear(o);
    int stm = g->side_to_move(g, state);
    bac_order_cutoff(o, &moves[n - 1], 2, stm, 3);
    bac_order_cutoff(o, &moves[1], 2, stm, 5); /* killers at ply 2: moves[1], moves[n - 1] */
    bac_order_cutoff(o, &moves[0], 0, stm, 4);
    for (int ply = 0; ply < 10; ply += 2) /* ply 10: past the killers allocated */
        for (int first = -1; first < n; first += 2)
            for (int c = 0; c < 2; c++) {
                const ba_move *counter = c ? &moves[n / 2] : NULL;
                bac_order_score(o, g, state, moves, n, a, ply, stm, first, counter);
                int seen_first = 0;
                for (int i = 0; i < n; i++) {
                    int m = a[i].idx;
                    ck_assert(m >= 0 && m < n);
                    if (m == first) {
                        ck_assert_int_eq(i, 0);
                        ck_assert(a[i].key == INT64_MAX);
                        seen_first = 1;
                        continue;
                    }
                    int64_t want = bac_order_key(o, g, state, &moves[m], ply, stm, 1);
                    if (counter && ba_move_equal(counter, &moves[m]))
                        want += (int64_t)1 << 28;
                    ck_assert(a[i].key == want);
                    /* The same key written out from its parts with ba_move_equal(), since
                     * bac_order_key() and bac_order_score() share their code. */
                    int game_key = g->order_key(g, state, &moves[m]);
                    ck_assert_int_eq(a[i].game_key, game_key);
                    int64_t parts = (int64_t)game_key * ((int64_t)1 << 32) + bac_order_history(o, &moves[m], stm);
                    if (ply < o->plies && ba_move_equal(&o->killers[ply][0], &moves[m]))
                        parts += (int64_t)3 << 28;
                    else if (ply < o->plies && ba_move_equal(&o->killers[ply][1], &moves[m]))
                        parts += (int64_t)2 << 28;
                    if (counter && ba_move_equal(counter, &moves[m]))
                        parts += (int64_t)1 << 28;
                    ck_assert(a[i].key == parts);
                }
                ck_assert_int_eq(seen_first, first >= 0);
            }
    bac_order_free(o);
    free(o);
    free(a);
    free(moves);
    free(state);
}
END_TEST

START_TEST(test_table_aligned)
{
    for (int64_t mb = 1; mb <= 4; mb++) {
        bac_tt tt = {0};
        ck_assert_int_eq(bac_tt_resize(&tt, mb), BA_OK);
        ck_assert_uint_eq((uintptr_t)tt.slots % 64, 0);
        for (uint64_t k = 1; k < 200; k++)
            bac_tt_store(&tt, k * 0x9e3779b97f4a7c15ull, (int)k, 3, BAC_TT_EXACT, (uint32_t)k, BAC_TT_NO_EVAL);
        bac_tt_entry e;
        ck_assert(bac_tt_probe(&tt, 7 * 0x9e3779b97f4a7c15ull, &e));
        ck_assert_int_eq(e.score, 7);
        ck_assert_uint_eq(e.move, 7);
        bac_tt_clear(&tt);
        ck_assert(!bac_tt_probe(&tt, 7 * 0x9e3779b97f4a7c15ull, &e));
        bac_tt_free(&tt);
        ck_assert(tt.slots == NULL);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *su = suite_create("ordering");
    TCase *tc = tcase_create("ordering");
    tcase_add_test(tc, test_sort_matches_stable_sort);
    tcase_add_test(tc, test_lazy_picks_match_stable_sort);
    tcase_add_test(tc, test_score_matches_order_key);
    tcase_add_test(tc, test_table_aligned);
    suite_add_tcase(su, tc);
    return su;
}
