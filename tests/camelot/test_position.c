/*
 * Camelot position text (board, side to move, castle moves used, must-leave squares, quiet
 * plies): the start position's text, round trips, an error naming the fault for each kind of bad
 * text, and the board drawing.
 */
#include <check.h>

#include "boardai/position.h"
#include "check_main.h"
#include "test_rules_util.h"

static const ba_game *G(void) { return ba_camelot_game(); }

/* The start written by hand from the set-up (ranks 16 down to 1). */
static const char START[] = "2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/2KMMMMMMK2/12/12/10/8/2 w 0 0 - 0";

START_TEST(start_position_text)
{
    cam_state s;
    G()->init(G(), &s);
    char t[BA_POS_TEXT_MAX];
    ck_assert_int_eq(G()->position_to_text(G(), &s, t, sizeof t), (int)strlen(START));
    ck_assert_str_eq(t, START);
    cam_state back;
    ba_error err;
    ck_assert_int_eq(G()->position_from_text(G(), &back, START, &err), BA_OK);
    ck_assert_int_eq(memcmp(&back, &s, sizeof s), 0);
    ck_assert_int_eq(G()->position_to_text(G(), &s, t, strlen(START)), BA_ERR_BUFFER);
}
END_TEST

START_TEST(every_field_round_trips)
{
    /* Black to move; White has used 1 castle move, Black 2; White's piece on G1 must leave;
     * 37 quiet plies. */
    const char *text = "1M/8/10/12/12/12/12/4k7/12/12/12/12/12/10/8/1K w 1 2 G1 37";
    cam_state s;
    ba_error err;
    ck_assert_int_eq(G()->position_from_text(G(), &s, text, &err), BA_OK);
    ck_assert_int_eq(s.board[camt_sq("G16")], CAM_WHITE_MAN);
    ck_assert_int_eq(s.board[camt_sq("G1")], CAM_WHITE_KNIGHT);
    ck_assert_int_eq(s.board[camt_sq("E9")], CAM_BLACK_KNIGHT);
    ck_assert_int_eq(s.side_to_move, 0);
    ck_assert_int_eq(s.castle_moves[0], 1);
    ck_assert_int_eq(s.castle_moves[1], 2);
    ck_assert_int_eq(s.must_leave[0], camt_sq("G1"));
    ck_assert_int_eq(s.must_leave[1], CAM_NO_SQUARE);
    ck_assert_int_eq(s.quiet_plies, 37);
    ck_assert_int_eq(s.piece_count[0], 2);
    ck_assert_int_eq(s.piece_count[1], 1);
    ck_assert_int_eq(s.hash, cam_hash_full(&s));
    char t[BA_POS_TEXT_MAX];
    ck_assert_int_gt(G()->position_to_text(G(), &s, t, sizeof t), 0);
    ck_assert_str_eq(t, text);
    /* both sides' obligations, Black to move */
    const char *two = "1m/8/10/12/12/12/12/12/12/12/12/12/12/10/8/M1 b 0 0 F1,G16 0";
    ck_assert_int_eq(G()->position_from_text(G(), &s, two, &err), BA_OK);
    ck_assert_int_eq(s.must_leave[0], camt_sq("F1"));
    ck_assert_int_eq(s.must_leave[1], camt_sq("G16"));
    ck_assert_int_gt(G()->position_to_text(G(), &s, t, sizeof t), 0);
    ck_assert_str_eq(t, two);
    /* the public API agrees */
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(G(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, text, &err), BA_OK);
    ck_assert_int_gt(ba_pos_text(pos, t, sizeof t), 0);
    ck_assert_str_eq(t, text);
    ba_pos_free(pos);
}
END_TEST

static void expect_bad(const char *text, int code, const char *words)
{
    cam_state s;
    memset(&s, 0x5a, sizeof s);
    cam_state before = s;
    ba_error err;
    int rc = G()->position_from_text(G(), &s, text, &err);
    ck_assert_msg(rc == code, "'%s' gave %d (%s), expected %d", text, rc, err.message, code);
    ck_assert_msg(strstr(err.message, words) != NULL, "'%s': message '%s' lacks '%s'", text, err.message, words);
    ck_assert_msg(memcmp(&s, &before, sizeof s) == 0, "'%s' changed the state on error", text);
}

START_TEST(bad_position_text_says_what_is_wrong)
{
    expect_bad("", BA_ERR_PARSE, "rank 16 describes 0 squares");
    expect_bad("2/8/10/12 w 0 0 - 0", BA_ERR_PARSE, "16 ranks separated by '/', found 4");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2/2 w 0 0 - 0", BA_ERR_PARSE, "more than 16 ranks");
    expect_bad("3/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 - 0", BA_ERR_PARSE, "rank 16 describes more than its 2");
    expect_bad("2/8/10/11/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 - 0", BA_ERR_PARSE, "rank 13 describes 11 squares");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/MMM w 0 0 - 0", BA_ERR_PARSE, "rank 1 describes more");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/Q1 w 0 0 - 0", BA_ERR_PARSE, "unexpected 'Q' on rank 1");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/0M w 0 0 - 0", BA_ERR_PARSE, "empty-square count on rank 1");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2", BA_ERR_PARSE, "space before the side to move");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 x 0 0 - 0", BA_ERR_PARSE, "'w' or 'b'");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w", BA_ERR_PARSE, "White castle moves");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 3 0 - 0", BA_ERR_RANGE, "White used 3 castle moves");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 z - 0", BA_ERR_PARSE, "Black castle moves");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 D5 0", BA_ERR_PARSE, "D5 is not a castle square");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 F1 0", BA_ERR_PARSE, "F1 holds no piece");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/m1 w 0 0 F1 0", BA_ERR_PARSE, "F1 holds no piece");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/MM w 0 0 F1,G1 0", BA_ERR_PARSE, "two must-leave");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 Q1 0", BA_ERR_PARSE, "files are A-L");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 -", BA_ERR_PARSE, "quiet plies");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 - 70000", BA_ERR_PARSE, "quiet plies");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/12/10/8/2 w 0 0 - 0 extra", BA_ERR_PARSE, "after the last field");
    expect_bad("2/8/10/12/12/12/12/12/12/12/12/12/KKKKKKKKKKKK/KKK7/8/2 w 0 0 - 0", BA_ERR_RANGE, "White has 15 pieces");
}
END_TEST

START_TEST(render_draws_the_board)
{
    cam_state s;
    G()->init(G(), &s);
    char buf[BA_RENDER_MAX];
    int n = G()->render(G(), &s, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    ck_assert_int_eq((int)strlen(buf), n);
    ck_assert_msg(strstr(buf, "     A  B  C  D  E  F  G  H  I  J  K  L\n") == buf, "%s", buf);
    /* rank 16: only the castle, in brackets; rank 6: knights on C and J */
    ck_assert_msg(strstr(buf, " 16                [.][.]                16\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "  6  .  .  K  M  M  M  M  M  M  K  .  .   6\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, " 11  .  .  k  m  m  m  m  m  m  k  .  .  11\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "White to move") != NULL, "%s", buf);
    camt_setup(&s, "M F16, M L4, m G1, m A13", 1);
    n = G()->render(G(), &s, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "[M][.]") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "[.][m]") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "Black to move") != NULL, "%s", buf);
    ck_assert_int_eq(G()->render(G(), &s, buf, 100), BA_ERR_BUFFER);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_position");
    TCase *t = tcase_create("position");
    tcase_add_test(t, start_position_text);
    tcase_add_test(t, every_field_round_trips);
    tcase_add_test(t, bad_position_text_says_what_is_wrong);
    tcase_add_test(t, render_draws_the_board);
    suite_add_tcase(s, t);
    return s;
}
