/*
 * Camelot move notation (WCF): printing the full upper-case form, reading lower case and
 * compressed straight canters, and an error that says what is wrong for every kind of bad text.
 * The positions are built by hand around the examples of the rules file.
 */
#include <check.h>

#include "check_main.h"
#include "test_rules_util.h"

static const ba_game *G(void) { return ba_camelot_game(); }

/* Parses `in`, expects success, and checks the printed form. */
static void expect_reads_as(const cam_state *s, const char *in, const char *printed)
{
    ba_move m;
    ba_error err;
    int rc = camt_parse(G(), s, in, &m, &err);
    ck_assert_msg(rc == BA_OK, "%s: %s", in, err.message);
    char t[BA_MOVE_TEXT_MAX];
    ck_assert_int_eq(G()->move_to_text(G(), s, &m, t, sizeof t), (int)strlen(printed));
    ck_assert_str_eq(t, printed);
    ck_assert(camt_has(G(), s, printed));
}

/* Parses `in`, expects failure with `code` and a message containing `words`. */
static void expect_error(const cam_state *s, const char *in, int code, const char *words)
{
    ba_move m;
    ba_error err;
    int rc = camt_parse(G(), s, in, &m, &err);
    ck_assert_msg(rc == code, "'%s' gave %d (%s), expected %d", in, rc, err.message, code);
    ck_assert_msg(strstr(err.message, words) != NULL, "'%s': message '%s' lacks '%s'", in, err.message, words);
}

START_TEST(wcf_examples_print_and_parse)
{
    cam_state s;
    /* F6xD8xD10xF12: over E7, D9, E11 */
    camt_setup(&s, "M F6, M L4, m E7, m D9, m E11, m A13", 0);
    expect_reads_as(&s, "F6xD8xD10xF12", "F6xD8xD10xF12");
    expect_reads_as(&s, "f6xd8xd10xf12", "F6xD8xD10xF12");
    expect_reads_as(&s, "  F6Xd8xD10XF12 ", "F6xD8xD10xF12");
    /* Black's Charge D10-D8xD6: canter over D9, jump D7 */
    camt_setup(&s, "M D7, M L4, M A4, k D10, m D9, m A13", 1);
    expect_reads_as(&s, "D10-D8xD6", "D10-D8xD6");
    /* J11-H9-F11-D9xB11: canters over I10, G10, E10, then the jump over C10 */
    camt_setup(&s, "M C10, M L4, k J11, m I10, m G10, m E10, m A13", 1);
    expect_reads_as(&s, "J11-H9-F11-D9xB11", "J11-H9-F11-D9xB11");
    expect_reads_as(&s, "j11-h9-f11-d9xb11", "J11-H9-F11-D9xB11");
    /* a plain move I8-J9, a canter D6-F8 */
    camt_setup(&s, "M I8, M D6, M E7, M L4, m A13, m L13", 0);
    expect_reads_as(&s, "I8-J9", "I8-J9");
    expect_reads_as(&s, "D6-F8", "D6-F8");
    /* a castle move */
    camt_setup(&s, "M L4, M A4, m F1, m A13", 1);
    expect_reads_as(&s, "F1-G1", "F1-G1");
}
END_TEST

START_TEST(compressed_straight_canters_are_read_and_printed_in_full)
{
    cam_state s;
    /* J11-F11 in a Charge: J11-H11-F11 (over I11, G11), then over E11 to D11 */
    camt_setup(&s, "M E11, M L4, k J11, m I11, m G11, m A13", 1);
    expect_reads_as(&s, "J11-F11xD11", "J11-H11-F11xD11");
    /* a plain canter run, diagonal and straight */
    camt_setup(&s, "M D4, M D5, M D7, M E5, M G7, M L4, m A13, m L13", 0);
    expect_reads_as(&s, "D4-D8", "D4-D6-D8");
    expect_reads_as(&s, "D4-H8", "D4-F6-H8");
    /* a compressed run that crosses an empty square is not a canter */
    camt_setup(&s, "M D4, M D5, M L4, m A13, m L13", 0);
    expect_error(&s, "D4-D8", BA_ERR_ILLEGAL, "no friendly piece on D7");
}
END_TEST

START_TEST(malformed_text_says_what_is_wrong)
{
    cam_state s;
    G()->init(G(), &s);
    expect_error(&s, "", BA_ERR_PARSE, "empty move");
    expect_error(&s, "   ", BA_ERR_PARSE, "empty move");
    expect_error(&s, "Z9-Z10", BA_ERR_PARSE, "files are A-L");
    expect_error(&s, "D", BA_ERR_PARSE, "rank");
    expect_error(&s, "D17-D16", BA_ERR_PARSE, "ranks are 1-16");
    expect_error(&s, "D0-D1", BA_ERR_PARSE, "ranks are 1-16");
    expect_error(&s, "A1-A2", BA_ERR_PARSE, "not on the Camelot board");
    expect_error(&s, "D6", BA_ERR_PARSE, "no landing square");
    expect_error(&s, "D6-", BA_ERR_PARSE, "expected a square");
    expect_error(&s, "D6*D8", BA_ERR_PARSE, "expected '-'");
    expect_error(&s, "D6-D5junk", BA_ERR_ILLEGAL, "whole move");
    expect_error(&s, "C6-C5 x", BA_ERR_PARSE, "expected a square");
    expect_error(&s, "D6-D8x", BA_ERR_PARSE, "expected a square");
    /* separators that contradict the board */
    camt_setup(&s, "M D4, M D5, M L4, m E5, m A13", 0);
    expect_error(&s, "D4xD6", BA_ERR_PARSE, "canter over it is written D4-D6");
    expect_error(&s, "D4-F6", BA_ERR_PARSE, "jump over it is written D4xF6");
}
END_TEST

START_TEST(impossible_paths_say_why)
{
    cam_state s;
    G()->init(G(), &s);
    expect_error(&s, "A5-A6", BA_ERR_ILLEGAL, "no piece on A5");
    expect_error(&s, "D11-D12", BA_ERR_ILLEGAL, "Black's, and White is to move");
    expect_error(&s, "D6-D7", BA_ERR_ILLEGAL, "D7 is occupied");
    expect_error(&s, "D6-E9", BA_ERR_ILLEGAL, "neither a step nor a leap");
    expect_error(&s, "D6-D10", BA_ERR_ILLEGAL, "no friendly piece on D9");
    expect_error(&s, "C6-C8", BA_ERR_ILLEGAL, "no friendly piece on C7");
    expect_error(&s, "C6-C5-C4", BA_ERR_ILLEGAL, "whole move");
    camt_setup(&s, "M D4, M L4, m D5, m A13", 0);
    expect_error(&s, "D4xD8", BA_ERR_ILLEGAL, "two squares away");
    expect_error(&s, "D4xD6xD8", BA_ERR_ILLEGAL, "no enemy piece on D7");
    expect_error(&s, "L4xL6", BA_ERR_ILLEGAL, "no enemy piece on L5");
    expect_error(&s, "L4-L6", BA_ERR_ILLEGAL, "no friendly piece on L5");
    camt_setup(&s, "M K13, M L4, m A13, m L13", 0);
    expect_error(&s, "K13-K15", BA_ERR_PARSE, "K15 is not on the Camelot board");
}
END_TEST

START_TEST(move_text_buffer_too_small)
{
    cam_state s;
    camt_setup(&s, "M F6, M L4, m E7, m D9, m E11, m A13", 0);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "F6xD8xD10xF12", &m, &err), BA_OK);
    char t[13];
    ck_assert_int_eq(G()->move_to_text(G(), &s, &m, t, sizeof t), BA_ERR_BUFFER);
    char u[14];
    ck_assert_int_eq(G()->move_to_text(G(), &s, &m, u, sizeof u), 13);
}
END_TEST

START_TEST(moves_after_the_end_are_refused)
{
    cam_state s;
    camt_setup(&s, "M F16, M G16, M L4, m A13, m B13", 1);
    expect_error(&s, "A13-A12", BA_ERR_ILLEGAL, "game is over");
    expect_error(&s, "A13-", BA_ERR_PARSE, "expected a square");
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_notation");
    TCase *t = tcase_create("notation");
    tcase_add_test(t, wcf_examples_print_and_parse);
    tcase_add_test(t, compressed_straight_canters_are_read_and_printed_in_full);
    tcase_add_test(t, malformed_text_says_what_is_wrong);
    tcase_add_test(t, impossible_paths_say_why);
    tcase_add_test(t, move_text_buffer_too_small);
    tcase_add_test(t, moves_after_the_end_are_refused);
    suite_add_tcase(s, t);
    return s;
}
