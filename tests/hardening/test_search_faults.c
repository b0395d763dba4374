/* tests/hardening/test_search_faults.c: every search algorithm reads the game's side to move and
 * status through the checked helpers (lib/game_checked.h), so a game that answers side 7 or
 * status 9 anywhere in the tree, not only at the root, makes every algorithm return
 * BA_ERR_GAME instead of indexing with the bad side or taking the bad status for a result.
 *
 * The broken games are tic-tac-toe answering nonsense once two marks are on the board (seven
 * empty cells or fewer): the root is sound, so the fault is met inside the search. */
#include <stdint.h>
#include <string.h>

#include "boardai/boardai.h"
#include "check_main.h"
#include "broken_games.h"
#include "testgames.h"

static const ba_game *T(void) { return bt_tictactoe_game(); }

/* Two marks or more on the board: at most 7 legal moves in an ongoing tic-tac-toe position. */
static int deep(const void *st)
{
    ba_move moves[9];
    ba_history h = {NULL, 0};
    int n = T()->generate(T(), st, &h, moves, 9);
    return n >= 0 && n <= 7;
}

static int side_seven_deep(const ba_game *g, const void *st)
{
    (void)g;
    return deep(st) ? 7 : T()->side_to_move(T(), st);
}

static int status_nine_deep(const ba_game *g, const void *st, const ba_history *h)
{
    (void)g;
    return deep(st) ? 9 : T()->status(T(), st, h);
}

static const struct {
    const char *name;
    int alg, selective;
} ALGS[] = {
    {"negamax", BA_ALG_NEGAMAX, 0},     {"alphabeta exact", BA_ALG_ALPHABETA, 0},
    {"alphabeta selective", BA_ALG_ALPHABETA, 1}, {"bestfirst", BA_ALG_BESTFIRST, 0},
    {"mcts", BA_ALG_MCTS, 0},
};
#define NALGS (sizeof ALGS / sizeof ALGS[0])

static int search_with(const ba_game *g, size_t k)
{
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, ALGS[k].alg), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, ALGS[k].selective), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 4), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_MCTS_ITERATIONS, 2000), BA_OK);
    ba_search_result res;
    int rc = ba_engine_search(e, pos, &res);
    ba_engine_free(e);
    ba_pos_free(pos);
    return rc;
}

/* The sound game searches fine with every algorithm: the faults below are the only cause. */
START_TEST(test_sound_game_searches)
{
    for (size_t k = 0; k < NALGS; k++)
        ck_assert_msg(search_with(T(), k) == BA_OK, "%s", ALGS[k].name);
}
END_TEST

START_TEST(test_side_seven_inside_the_tree)
{
    ba_game g = *T();
    g.side_to_move = side_seven_deep;
    for (size_t k = 0; k < NALGS; k++) {
        int rc = search_with(&g, k);
        ck_assert_msg(rc == BA_ERR_GAME, "%s returned %d", ALGS[k].name, rc);
    }
}
END_TEST

START_TEST(test_status_nine_inside_the_tree)
{
    ba_game g = *T();
    g.status = status_nine_deep;
    for (size_t k = 0; k < NALGS; k++) {
        int rc = search_with(&g, k);
        ck_assert_msg(rc == BA_ERR_GAME, "%s returned %d", ALGS[k].name, rc);
    }
}
END_TEST

START_TEST(test_side_seven_at_the_root)
{
    ba_game g = *T();
    g.side_to_move = bt_broken_side_seven;
    for (size_t k = 0; k < NALGS; k++) {
        ba_pos *pos = NULL;
        ba_engine *e = NULL;
        ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
        if (ba_pos_new(&g, &pos) == BA_OK) {
            ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, ALGS[k].alg), BA_OK);
            ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 2), BA_OK);
            ba_search_result res;
            int rc = ba_engine_search(e, pos, &res);
            ck_assert_msg(rc == BA_ERR_GAME, "%s returned %d", ALGS[k].name, rc);
        }
        ba_engine_free(e);
        ba_pos_free(pos);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("search_faults");
    TCase *tc = tcase_create("search_faults");
    tcase_add_test(tc, test_sound_game_searches);
    tcase_add_test(tc, test_side_seven_inside_the_tree);
    tcase_add_test(tc, test_status_nine_inside_the_tree);
    tcase_add_test(tc, test_side_seven_at_the_root);
    suite_add_tcase(s, tc);
    return s;
}
