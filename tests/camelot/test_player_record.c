/* The game record reader ba_camelot_record_play (games/camelot/record.c): WCF records with
 * move numbers, two-column lines, annotations, comments, Resigns and results; errors with their
 * line, column and reason; and random input that must never crash it. The moves come from the
 * start position: 1. D6-F8 (canter over E7) D11-F9 (Black's mirror), 2. F8-G9 (steps next to
 * F9, whose far side E9 is empty) F9xH9 (Black must capture G9: H9 is empty). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/boardai.h"
#include "boardai/camelot.h"
#include "check_main.h"

static ba_pos *new_pos(void)
{
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &pos), BA_OK);
    return pos;
}

static int play(ba_pos *pos, const char *text, ba_camelot_record_result *res, ba_error *err)
{
    return ba_camelot_record_play(pos, text, strlen(text), res, err);
}

/* The hash after playing the moves one by one through the ordinary API. */
static uint64_t hash_after(const char *const *moves, int n)
{
    ba_pos *pos = new_pos();
    for (int i = 0; i < n; i++) {
        ba_error err;
        ck_assert_msg(ba_pos_play_text(pos, moves[i], &err) == BA_OK, "%s: %s", moves[i],
                      err.message);
    }
    uint64_t h = ba_pos_hash(pos);
    ba_pos_free(pos);
    return h;
}

START_TEST(test_reads_a_record)
{
    static const char *const moves[] = {"D6-F8", "D11-F9", "F8-G9", "F9xH9", "I7-I8"};
    const char *record = "[Event \"test\"] [White \"A\"]\n"
                         "1. D6-F8      D11-F9\n"
                         "2. F8-G9?!    F9xH9!  (forced: capture is compulsory)\n"
                         "3. i7-i8 {lower case is accepted}\n";
    ba_pos *pos = new_pos();
    ba_camelot_record_result res;
    ba_error err;
    ck_assert_int_eq(play(pos, record, &res, &err), BA_OK);
    ck_assert_int_eq(res.plies, 5);
    ck_assert_int_eq(res.resigned, -1);
    ck_assert_int_eq(res.claimed, -1);
    ck_assert_int_eq(res.line, 0);
    ck_assert(ba_pos_hash(pos) == hash_after(moves, 5));
    ck_assert_int_eq(ba_pos_side_to_move(pos), 1);
    ba_pos_free(pos);

    /* Black move numbers, numbers glued to moves, separate annotation marks. */
    pos = new_pos();
    ck_assert_int_eq(play(pos, "1.D6-F8 !? 1....D11-F9 2. F8-G9 ?? 2... F9xH9 !!", &res, &err),
                     BA_OK);
    ck_assert_int_eq(res.plies, 4);
    ck_assert(ba_pos_hash(pos) == hash_after(moves, 4));
    ba_pos_free(pos);

    /* "1. ... " as a placeholder for White's move, when a record starts with Black to move. */
    pos = new_pos();
    ck_assert_int_eq(ba_pos_play_text(pos, "D6-F8", &err), BA_OK);
    ck_assert_int_eq(play(pos, "1. ... D11-F9 2. F8-G9", &res, &err), BA_OK);
    ck_assert_int_eq(res.plies, 2);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_resigns_and_results)
{
    ba_pos *pos = new_pos();
    ba_camelot_record_result res;
    ba_error err;
    /* Black is to move after 2. F8-G9 and resigns. */
    ck_assert_int_eq(play(pos, "1. D6-F8 D11-F9 2. F8-G9 Resigns 1-0", &res, &err), BA_OK);
    ck_assert_int_eq(res.plies, 3);
    ck_assert_int_eq(res.resigned, 1);
    ck_assert_int_eq(res.claimed, BA_RESULT_WIN0);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1. D6-F8 resigns", &res, &err), BA_OK);
    ck_assert_int_eq(res.resigned, 1);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1. D6-F8 D11-F9 1/2-1/2", &res, &err), BA_OK);
    ck_assert_int_eq(res.claimed, BA_RESULT_DRAW);
    ck_assert_int_eq(res.resigned, -1);
    ba_pos_free(pos);

    /* A move after the end of the record. */
    pos = new_pos();
    ck_assert_int_eq(play(pos, "1. D6-F8 Resigns\n1... D11-F9", &res, &err), BA_ERR_PARSE);
    ck_assert_int_eq(res.line, 2);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_illegal_move_is_located)
{
    ba_pos *pos = new_pos();
    ba_camelot_record_result res;
    ba_error err;
    /* Line 2, column 4: F8-F9 steps onto a black man. */
    int rc = play(pos, "1. D6-F8 D11-F9\n2. F8-F9 F9xH9\n", &res, &err);
    ck_assert_int_eq(rc, BA_ERR_ILLEGAL);
    ck_assert_int_eq(res.line, 2);
    ck_assert_int_eq(res.column, 4);
    ck_assert_str_eq(res.token, "F8-F9");
    ck_assert_int_eq(res.plies, 2);
    ck_assert_msg(strstr(err.message, "line 2, column 4") != NULL, "%s", err.message);
    ck_assert_msg(strstr(err.message, "illegal move 2. F8-F9") != NULL, "%s", err.message);
    ck_assert_msg(strstr(err.message, "occupied") != NULL, "%s", err.message);
    /* The position is the one before the illegal move: White to move after two plies. */
    ck_assert_int_eq((int)ba_pos_ply(pos), 2);
    ba_pos_free(pos);

    /* Ignoring a compulsory capture is illegal too (Black must take G9). */
    pos = new_pos();
    rc = play(pos, "1. D6-F8 D11-F9 2. F8-G9 E10-E9", &res, &err);
    ck_assert_int_eq(rc, BA_ERR_ILLEGAL);
    ck_assert_int_eq(res.column, 26);
    ck_assert_str_eq(res.token, "E10-E9");
    ba_pos_free(pos);

    /* A jump written as a canter is malformed (the rules say how to write it). */
    pos = new_pos();
    rc = play(pos, "1. D6-F8 D11-F9\n2. F8-F10", &res, &err);
    ck_assert_int_eq(rc, BA_ERR_PARSE);
    ck_assert_msg(strstr(err.message, "malformed move 2. F8-F10") != NULL, "%s", err.message);
    ba_pos_free(pos);

    /* Malformed move text. */
    pos = new_pos();
    rc = play(pos, "1. D6+F8", &res, &err);
    ck_assert_int_eq(rc, BA_ERR_PARSE);
    ck_assert_int_eq(res.column, 4);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_move_numbers)
{
    ba_pos *pos = new_pos();
    ba_camelot_record_result res;
    ba_error err;
    ck_assert_int_eq(play(pos, "1. D6-F8 D11-F9 3. F8-G9", &res, &err), BA_ERR_PARSE);
    ck_assert_int_eq(res.column, 17);
    ck_assert_msg(strstr(err.message, "expected 2") != NULL, "%s", err.message);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1... D6-F8", &res, &err), BA_ERR_PARSE);
    ck_assert_msg(strstr(err.message, "White is to move") != NULL, "%s", err.message);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1. D6-F8 2. D11-F9", &res, &err), BA_ERR_PARSE);
    ck_assert_int_eq(res.column, 10);
    ba_pos_free(pos);

    /* A fragment may start at any number; the sequence then follows from it. */
    pos = new_pos();
    ck_assert_int_eq(play(pos, "12. D6-F8 D11-F9 13. F8-G9", &res, &err), BA_OK);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1.. D6-F8", &res, &err), BA_ERR_PARSE);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1. D6-F8 1...", &res, &err), BA_ERR_PARSE);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_comments_and_junk)
{
    ba_pos *pos = new_pos();
    ba_camelot_record_result res;
    ba_error err;
    /* Nested parentheses. */
    ck_assert_int_eq(play(pos, "1. D6-F8 (a (nested) note) D11-F9", &res, &err), BA_OK);
    ck_assert_int_eq(res.plies, 2);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1. D6-F8\n  (never closed", &res, &err), BA_ERR_PARSE);
    ck_assert_int_eq(res.line, 2);
    ck_assert_int_eq(res.column, 3);
    ck_assert_msg(strstr(err.message, "unclosed") != NULL, "%s", err.message);
    ba_pos_free(pos);

    pos = new_pos();
    ck_assert_int_eq(play(pos, "1. D6-F8 hello", &res, &err), BA_ERR_PARSE);
    ck_assert_str_eq(res.token, "hello");
    ck_assert_int_eq(res.column, 10);
    ba_pos_free(pos);

    /* Only len bytes are read: the rest of the buffer is never looked at. */
    pos = new_pos();
    const char buf[] = "1. D6-F8 garbage";
    ck_assert_int_eq(ba_camelot_record_play(pos, buf, 8, &res, &err), BA_OK);
    ck_assert_int_eq(res.plies, 1);
    ba_pos_free(pos);

    /* Arguments. */
    ck_assert_int_eq(ba_camelot_record_play(NULL, "", 0, &res, &err), BA_ERR_ARG);
}
END_TEST

START_TEST(test_move_after_the_end)
{
    /* White man F16 in Black's castle and G15 next to it: G15-G16 puts a second one in, and
     * White has won; nothing may follow. */
    ba_pos *pos = new_pos();
    ba_error err;
    ck_assert_int_eq(ba_pos_set_text(pos,
                                     "M1/4M3/10/12/12/12/12/12/12/12/12/mm10/12/10/8/2 w 0 0 - 0",
                                     &err),
                     BA_OK);
    ba_camelot_record_result res;
    int rc = play(pos, "1. G15-G16 A5-A6", &res, &err);
    ck_assert_int_eq(rc, BA_ERR_STATE);
    ck_assert_int_eq(res.plies, 1);
    ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_WIN0);
    ck_assert_msg(strstr(err.message, "already over") != NULL, "%s", err.message);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_random_input_never_crashes)
{
    /* A small fuzz: random strings over the record's alphabet. Every call returns a known code
     * and, on error, a location inside the text. */
    static const char alphabet[] = "1234567890.-xX!? \n\tABCDEFGHIJKLabcdefghijkl(){}[]Resign*/";
    srand(4242);
    char text[64];
    for (int trial = 0; trial < 3000; trial++) {
        size_t len = (size_t)(rand() % (int)sizeof text);
        for (size_t i = 0; i < len; i++)
            text[i] = alphabet[rand() % (int)(sizeof alphabet - 1)];
        ba_pos *pos = new_pos();
        ba_camelot_record_result res;
        ba_error err;
        int rc = ba_camelot_record_play(pos, text, len, &res, &err);
        ck_assert(rc == BA_OK || rc == BA_ERR_PARSE || rc == BA_ERR_ILLEGAL || rc == BA_ERR_STATE);
        if (rc != BA_OK) {
            ck_assert_int_ge(res.line, 1);
            ck_assert_int_ge(res.column, 1);
            ck_assert_int_eq(err.code, rc);
        }
        ba_pos_free(pos);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_record");
    TCase *tc = tcase_create("record");
    tcase_add_test(tc, test_reads_a_record);
    tcase_add_test(tc, test_resigns_and_results);
    tcase_add_test(tc, test_illegal_move_is_located);
    tcase_add_test(tc, test_move_numbers);
    tcase_add_test(tc, test_comments_and_junk);
    tcase_add_test(tc, test_move_after_the_end);
    tcase_add_test(tc, test_random_input_never_crashes);
    suite_add_tcase(s, tc);
    return s;
}
