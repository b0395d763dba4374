/* ba_pos_play() and setup turns: Arimaa's generator lists only a few of the ~65 million setups
 * (BA_GAME_PARTIAL_MOVES), yet any legal setup must be playable through the position API, and
 * an illegal one still refused. */
#include <string.h>

#include "boardai/boardai.h"
#include "check_main.h"

static const char *const unlisted_setup =
    "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ca2 Cb2 Dc2 Dd2 He2 Hf2 Mg2 Eh2";

/* True when the text is not among the generated setups, so the test really needs the fallback. */
static int listed(const ba_pos *pos, const char *text)
{
    static ba_move moves[64];
    int n = ba_pos_moves(pos, moves, sizeof moves / sizeof moves[0]);
    ck_assert_int_gt(n, 0);
    ba_move m;
    ck_assert_int_eq(ba_pos_parse_move(pos, text, &m, NULL), BA_OK);
    for (int i = 0; i < n; i++)
        if (ba_move_equal(&moves[i], &m)) return 1;
    return 0;
}

START_TEST(test_unlisted_setup_is_playable)
{
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(ba_arimaa_game(), &pos), BA_OK);
    ck_assert(!listed(pos, unlisted_setup));
    ba_error err;
    ck_assert_int_eq(ba_pos_play_text(pos, unlisted_setup, &err), BA_OK);
    ck_assert_int_eq(ba_pos_ply(pos), 1);
    ck_assert_int_eq(ba_pos_side_to_move(pos), 1);
    ck_assert_int_eq(ba_pos_undo(pos), BA_OK);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_malformed_setup_move_is_refused)
{
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(ba_arimaa_game(), &pos), BA_OK);
    ba_move m;
    ck_assert_int_eq(ba_pos_parse_move(pos, unlisted_setup, &m, NULL), BA_OK);
    m.bytes[3] = 0; /* an empty home square: not a legal setup */
    ba_error err;
    ck_assert_int_eq(ba_pos_play(pos, &m, &err), BA_ERR_ILLEGAL);
    m.bytes[3] = 200; /* no such piece */
    ck_assert_int_eq(ba_pos_play(pos, &m, &err), BA_ERR_ILLEGAL);
    memset(&m, 0xff, sizeof m); /* garbage */
    ck_assert_int_eq(ba_pos_play(pos, &m, &err), BA_ERR_ILLEGAL);
    ck_assert_int_eq(ba_pos_ply(pos), 0);
    ba_pos_free(pos);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_setup_play");
    TCase *tc = tcase_create("setup");
    tcase_add_test(tc, test_unlisted_setup_is_playable);
    tcase_add_test(tc, test_malformed_setup_move_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
