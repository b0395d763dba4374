/* The AI on Camelot: the search core driven by Nolan's evaluation and ordering keys. Alpha-beta
 * and best-first must agree with plain negamax (the ordering keys and quiescence over captures
 * may change the speed, never the value), and the AI must take a win in one and play legal
 * captures when they are compulsory. */
#include <check.h>
#include <string.h>

#include "boardai/boardai.h"
#include "boardai/camelot.h"
#include "check_main.h"
#include "conformance.h"

START_TEST(test_search_equivalence)
{
    char msg[1024];
    ck_assert_msg(ba_search_equivalence_check(ba_camelot_game(), 11, 6, 2, 40, msg, sizeof msg) == 0,
                  "%s", msg);
}
END_TEST

static ba_search_result search(const char *position, int algorithm, int depth)
{
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &pos), BA_OK);
    ck_assert_msg(ba_pos_set_text(pos, position, &err) == BA_OK, "%s", err.message);
    ck_assert_int_eq(ba_engine_new(ba_camelot_game(), &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_ALGORITHM, algorithm), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
    ba_move moves[1024];
    int n = ba_pos_moves(pos, moves, 1024), legal = 0;
    for (int i = 0; i < n; i++)
        legal |= ba_move_equal(&moves[i], &r.best);
    ck_assert(legal);
    ba_engine_free(e);
    ba_pos_free(pos);
    return r;
}

static void best_text(const char *position, const ba_move *m, char *buf, size_t cap)
{
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, position, NULL), BA_OK);
    ck_assert_int_ge(ba_pos_move_text(pos, m, buf, cap), 0);
    ba_pos_free(pos);
}

START_TEST(test_takes_the_castle)
{
    /* White: F16 already in Black's castle, G15 next to G16; Black men A5 B5 far away.
     * G15-G16 wins at once; both algorithms must see it (a proven win score). */
    const char *p = "M1/4M3/10/12/12/12/12/12/12/12/12/mm10/12/10/8/2 w 0 0 - 0";
    const int algs[2] = {BA_ALG_ALPHABETA, BA_ALG_BESTFIRST};
    for (int i = 0; i < 2; i++) {
        ba_search_result r = search(p, algs[i], 3);
        char text[BA_MOVE_TEXT_MAX];
        best_text(p, &r.best, text, sizeof text);
        ck_assert_str_eq(text, "G15-G16");
        ck_assert_int_ge(r.score, BA_SCORE_WIN_MIN);
    }
}
END_TEST

START_TEST(test_compulsory_capture)
{
    /* After 1. D6-F8 D11-F9 2. F8-G9 Black must capture: F9xH9, F10xH8, G10xG8 or a chain
     * from H10; the AI's move is one of them (the legality check is in search()). */
    const char *p = "2/8/10/12/12/2k1mmmmmk2/3kmmmmk3/5mM5/12/3KMMMMK3/2K1MMMMMK2/12/12/10/8/2 b 0 0 - 3";
    ba_search_result r = search(p, BA_ALG_ALPHABETA, 2);
    char text[BA_MOVE_TEXT_MAX];
    best_text(p, &r.best, text, sizeof text);
    ck_assert_msg(strchr(text, 'x') != NULL, "%s is not a capture", text);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_player");
    TCase *tc = tcase_create("engine");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_search_equivalence);
    tcase_add_test(tc, test_takes_the_castle);
    tcase_add_test(tc, test_compulsory_capture);
    suite_add_tcase(s, tc);
    return s;
}
