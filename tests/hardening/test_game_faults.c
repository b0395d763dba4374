/* tests/hardening/test_game_faults.c: what a broken game answers never passes through the
 * library unchecked. A side outside 0..1, a status that is no result, a move list longer than
 * the buffer or with bytes past a move's len, a text length beyond the buffer or not at the NUL,
 * an evaluation beyond BA_SCORE_EVAL_MAX: every ba_pos path and perft answer BA_ERR_GAME, the
 * one code for "the game broke its contract". Also: ba_error_set with a NULL format. */
#include <stdint.h>
#include <string.h>

#include "broken_games.h"
#include "check_main.h"
#include "hard_games.h"
#include "testgames.h"

static const ba_game *T(void) { return bt_tictactoe_game(); }

static int lying_generate(const ba_game *g, const void *st, const ba_history *h, ba_move *m,
                          size_t cap)
{
    (void)g;
    int n = T()->generate(T(), st, h, m, cap);
    return n < 0 ? n : (int)cap + 1; /* more moves than the buffer holds */
}

static int short_text(const ba_game *g, const void *st, const ba_move *m, char *buf, size_t cap)
{
    (void)g;
    int len = T()->move_to_text(T(), st, m, buf, cap);
    return len > 1 ? len - 1 : len; /* the NUL is not where the length says */
}

static int overlong_position(const ba_game *g, const void *st, char *buf, size_t cap)
{
    (void)g;
    int len = T()->position_to_text(T(), st, buf, cap);
    return len < 0 ? len : (int)cap;
}

static int parse_garbage(const ba_game *g, const void *st, const ba_history *h, const char *text,
                         ba_move *out, ba_error *err)
{
    (void)g;
    int rc = T()->move_from_text(T(), st, h, text, out, err);
    if (rc == BA_OK)
        out->bytes[BA_MOVE_MAX_BYTES - 1] = 9;
    return rc;
}

START_TEST(test_side_and_status)
{
    ba_game g = *T();
    g.side_to_move = bt_broken_side_seven;
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_side_to_move(pos), BA_ERR_GAME);
    ba_pos_free(pos);

    g = *T();
    g.status = bt_broken_status_nine;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_result(pos), BA_ERR_GAME);
    ba_move moves[9];
    ck_assert_int_eq(T()->generate(T(), ba_pos_state(pos), NULL, moves, 9), 9);
    ba_error err;
    ck_assert_int_eq(ba_pos_play(pos, &moves[0], &err), BA_ERR_GAME);
    ck_assert_int_eq(err.code, BA_ERR_GAME);
    ck_assert_uint_eq(ba_pos_ply(pos), 0);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_move_lists)
{
    ba_game g = *T();
    g.generate = bt_broken_garbage_generate;
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ba_move moves[9];
    ck_assert_int_eq(ba_pos_moves(pos, moves, 9), BA_ERR_GAME);
    uint64_t count = 0;
    ck_assert_int_eq(ba_perft(pos, 2, &count), BA_ERR_GAME);
    ck_assert_int_eq(ba_perft(pos, 1, &count), BA_ERR_GAME);
    ba_pos_free(pos);

    g = *T();
    g.generate = lying_generate;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_moves(pos, moves, 9), BA_ERR_GAME);
    ck_assert_int_eq(ba_perft(pos, 2, &count), BA_ERR_GAME);
    ba_pos_free(pos);

    /* a caller's move with bytes past len is not the generated move: illegal */
    ck_assert_int_eq(ba_pos_new(T(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_moves(pos, moves, 9), 9);
    ba_move m = moves[0];
    m.bytes[BA_MOVE_MAX_BYTES - 1] = 1;
    ba_error err;
    ck_assert_int_eq(ba_pos_play(pos, &m, &err), BA_ERR_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(err.message, "past its length"));
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_text_lengths)
{
    ba_game g = *T();
    g.move_to_text = bt_broken_overlong_move_text;
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ba_move moves[9];
    ck_assert_int_eq(ba_pos_moves(pos, moves, 9), 9);
    char buf[BA_MOVE_TEXT_MAX];
    ck_assert_int_eq(ba_pos_move_text(pos, &moves[0], buf, sizeof buf), BA_ERR_GAME);
    ck_assert_str_eq(buf, ""); /* cut to an empty string, never a length past the buffer */
    ba_pos_free(pos);

    g = *T();
    g.move_to_text = short_text;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_move_text(pos, &moves[0], buf, sizeof buf), BA_ERR_GAME);
    ba_pos_free(pos);

    g = *T();
    g.position_to_text = overlong_position;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    char ptext[BA_POS_TEXT_MAX];
    ck_assert_int_eq(ba_pos_text(pos, ptext, sizeof ptext), BA_ERR_GAME);
    ba_pos_free(pos);

    g = *T();
    g.move_from_text = parse_garbage;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ba_move out;
    ba_error err;
    ck_assert_int_eq(T()->move_to_text(T(), ba_pos_state(pos), &moves[0], buf, sizeof buf) > 0, 1);
    ck_assert_int_eq(ba_pos_parse_move(pos, buf, &out, &err), BA_ERR_GAME);
    ck_assert_ptr_nonnull(strstr(err.message, "not canonical"));
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_evaluation_range)
{
    /* Beyond either end of the evaluation range. */
    int (*const broken[2])(const ba_game *, const void *) = {bt_broken_eval_below,
                                                             bt_broken_eval_above};
    for (int i = 0; i < 2; i++) {
        ba_game g = *T();
        g.evaluate = broken[i];
        ba_pos *pos = NULL;
        ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
        int score = 12345;
        ck_assert_int_eq(ba_pos_evaluate(pos, &score), BA_ERR_GAME);
        ck_assert_int_eq(score, 12345);
        ba_pos_free(pos);
    }
}
END_TEST

START_TEST(test_error_set_null_format)
{
    ba_error err;
    ck_assert_int_eq(ba_error_set(&err, BA_ERR_GAME, NULL), BA_ERR_GAME);
    ck_assert_int_eq(err.code, BA_ERR_GAME);
    ck_assert_str_eq(err.message, ba_errstr(BA_ERR_GAME));
    ck_assert_int_eq(ba_error_set(NULL, BA_ERR_PARSE, NULL), BA_ERR_PARSE);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("game_faults");
    TCase *tc = tcase_create("game_faults");
    tcase_add_test(tc, test_side_and_status);
    tcase_add_test(tc, test_move_lists);
    tcase_add_test(tc, test_text_lengths);
    tcase_add_test(tc, test_evaluation_range);
    tcase_add_test(tc, test_error_set_null_format);
    suite_add_tcase(s, tc);
    return s;
}
