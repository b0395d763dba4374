/* Ugolki notation and position text: round trips, and an error message for every kind of bad
 * input. */
#include <check.h>

#include "check_main.h"
#include "ugolki_test_util.h"

static int parse(const ba_game *g, const ug_state *s, const char *text, ba_move *m, ba_error *err)
{
    ba_history none = {NULL, 0};
    return g->move_from_text(g, s, &none, text, m, err);
}

START_TEST(test_step_and_chain_notation)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s;
    g->init(g, &s);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(parse(g, &s, "c3-c4", &m, &err), BA_OK);
    ck_assert_int_eq(m.len, 2);
    ck_assert_int_eq(m.bytes[0], ut_sq("c3"));
    ck_assert_int_eq(m.bytes[1], ut_sq("c4"));
    ck_assert_str_eq(ut_move_text(g, &s, &m).s, "c3-c4");
    /* Upper case and surrounding blanks are accepted. */
    ba_move m2;
    ck_assert_int_eq(parse(g, &s, "  C3-C4\n", &m2, &err), BA_OK);
    ck_assert(memcmp(&m, &m2, sizeof m) == 0);
    /* A single leap. */
    ck_assert_int_eq(parse(g, &s, "b3-d3", &m, &err), BA_OK);
    ck_assert_str_eq(ut_move_text(g, &s, &m).s, "b3-d3");

    /* The example chain, every landing named. */
    s = ut_load(g, "5bbb/5bbb/6bb/8/2w5/1b5w/w6w/w3wwww w 0 -");
    ck_assert_int_eq(parse(g, &s, "a1-a3-c3-c5", &m, &err), BA_OK);
    ck_assert_str_eq(ut_move_text(g, &s, &m).s, "a1-a3-c3-c5");
    /* Start and end only: the same move. */
    ck_assert_int_eq(parse(g, &s, "a1-c5", &m2, &err), BA_OK);
    ck_assert(memcmp(&m, &m2, sizeof m) == 0);
    /* A detour through landings already visited is the same move too. */
    ck_assert_int_eq(parse(g, &s, "a1-a3-c3-a3-c3-c5", &m2, &err), BA_OK);
    ck_assert(memcmp(&m, &m2, sizeof m) == 0);
}
END_TEST

START_TEST(test_bad_moves_say_why)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s = ut_load(g, "5bbb/5bbb/6bb/8/2w5/1b5w/w6w/w3wwww w 0 -");
    ba_move m;
    ba_error err;
    struct {
        const char *text;
        int code;
        const char *says;
    } cases[] = {
        {"", BA_ERR_PARSE, "empty"},
        {"   ", BA_ERR_PARSE, "empty"},
        {"a1", BA_ERR_PARSE, "start and an end"},
        {"a1-", BA_ERR_PARSE, "bad square"},
        {"a1-z9", BA_ERR_PARSE, "bad square 'z9'"},
        {"a1-a33", BA_ERR_PARSE, "bad square 'a33'"},
        {"a1a2", BA_ERR_PARSE, "bad square"},
        {"d4-d5", BA_ERR_ILLEGAL, "no White piece on d4"},
        {"b3-b4", BA_ERR_ILLEGAL, "no White piece on b3"}, /* Black's piece */
        {"a1-a2", BA_ERR_ILLEGAL, "a2 is occupied"},
        {"a1-a1", BA_ERR_ILLEGAL, "where it began"},
        {"a1-b2", BA_ERR_ILLEGAL, "cannot reach b2"},  /* diagonal step */
        {"a1-e5", BA_ERR_ILLEGAL, "cannot reach e5"},
        {"a1-c3", BA_OK, ""},
        {"a1-a3-a5", BA_ERR_ILLEGAL, "leaps over a4, which is empty"},
        {"a1-b1-c1", BA_ERR_ILLEGAL, "not a leap"},
        {"a1-a3-a4", BA_ERR_ILLEGAL, "not a leap"},
        {"a1-c3-c5", BA_ERR_ILLEGAL, "not a leap"}, /* diagonal hop, orthogonal game */
        {"a1-a3-c3-c5-c3-a3-a1", BA_ERR_ILLEGAL, "where it began"},
        {"pass", BA_ERR_ILLEGAL, "only allowed"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ba_error_clear(&err);
        int rc = parse(g, &s, cases[i].text, &m, &err);
        ck_assert_msg(rc == cases[i].code, "'%s': got %d (%s)", cases[i].text, rc, err.message);
        ck_assert_msg(strstr(err.message, cases[i].says) != NULL, "'%s': message '%s'",
                      cases[i].text, err.message);
    }
    /* Landing on an occupied square in the middle of a chain: a3 holds a piece. */
    s = ut_load(g, "5bbb/5bbb/6bb/8/2w5/wb6/w6w/w3wwww w 0 -");
    ck_assert_int_eq(parse(g, &s, "a1-a3-c3", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "lands on a3, which is occupied") != NULL, "%s", err.message);
    /* After the end of the game every move is refused. */
    s = ut_load(g, "5www/5www/5www/8/8/bbb5/bbb5/bbb5 w 100 -");
    ck_assert_int_eq(parse(g, &s, "f6-e6", &m, &err), BA_ERR_ILLEGAL);
    ck_assert(strstr(err.message, "over") != NULL);
    ck_assert_int_eq(parse(g, &s, NULL, &m, &err), BA_ERR_ARG);
}
END_TEST

START_TEST(test_position_round_trip)
{
    const ba_game *g = ba_ugolki_game();
    const char *texts[] = {
        "5bbb/5bbb/5bbb/8/8/www5/www5/www5 w 0 -",
        "5bbb/5bbb/6bb/8/2w5/1b5w/w6w/w3wwww w 0 -",
        "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/2w5 b 81 W",
        "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/2w5 w 82 pB",
        "4w1ww/5www/5www/8/8/bb1b4/bbb5/bbb5 w 100 -",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        ug_state s = ut_load(g, texts[i]);
        char out[BA_POS_TEXT_MAX];
        int n = g->position_to_text(g, &s, out, sizeof out);
        ck_assert_int_eq(n, (int)strlen(texts[i]));
        ck_assert_str_eq(out, texts[i]);
        ug_state t = ut_load(g, out);
        ck_assert(memcmp(&s, &t, sizeof s) == 0);
    }
    /* Random games: every position reads back to the same state. */
    ug_state s;
    g->init(g, &s);
    uint64_t x = 12345;
    for (int ply = 0; ply < 200 && ut_status(g, &s) == BA_RESULT_ONGOING; ply++) {
        char out[BA_POS_TEXT_MAX];
        ck_assert_int_gt(g->position_to_text(g, &s, out, sizeof out), 0);
        ug_state t = ut_load(g, out);
        ck_assert(memcmp(&s, &t, sizeof s) == 0);
        ba_move list[UT_MAX_MOVES];
        int n = ut_moves(g, &s, list);
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        g->apply(g, &s, &list[(x >> 33) % (uint64_t)n]);
    }
    /* The short form without ply and flags. */
    ug_state a = ut_load(g, "5bbb/5bbb/5bbb/8/8/www5/www5/www5 w");
    ug_state b;
    g->init(g, &b);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    /* A small buffer is refused, not overrun. */
    char small[10];
    ck_assert_int_eq(g->position_to_text(g, &b, small, sizeof small), BA_ERR_BUFFER);
}
END_TEST

START_TEST(test_bad_positions_say_why)
{
    const ba_game *g = ba_ugolki_game();
    struct {
        const char *text;
        const char *says;
    } cases[] = {
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www4 w 0 -", "rank 1 has 7 squares"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www6 w 0 -", "more than 8"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5 w 0 -", "rank 1 is missing"},
        {"5bbb/5bbb/5bbx/8/8/www5/www5/www5 w 0 -", "bad character 'x' on rank 6"},
        {"5bbb/5bbb/5bb1/8/8/www5/www5/www5 w 0 -", "Black has 8 pieces"},
        {"5bbb/5bbb/5bbb/8/w7/www5/www5/www5 w 0 -", "White has 10 pieces"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www5", "side to move"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www5 x 0 -", "side to move"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www5 w 1 -", "does not match"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www5 w zero -", "number of plies"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www5 w 0 q", "bad flag 'q'"},
        {"5bbb/5bbb/5bbb/8/8/www5/www5/www5 w 0 - extra", "unexpected text"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ug_state s;
        ba_error err;
        ba_error_clear(&err);
        int rc = g->position_from_text(g, &s, cases[i].text, &err);
        ck_assert_msg(rc < 0, "'%s' accepted", cases[i].text);
        ck_assert_msg(strstr(err.message, cases[i].says) != NULL, "'%s': message '%s'",
                      cases[i].text, err.message);
    }
    /* A 12-piece position is refused by the 9-piece game. */
    ug_state s;
    ba_error err;
    ck_assert_int_lt(g->position_from_text(g, &s, "4bbbb/4bbbb/4bbbb/8/8/wwww4/wwww4/wwww4 w 0 -",
                                           &err), 0);
    ck_assert(strstr(err.message, "needs 9") != NULL);
}
END_TEST

START_TEST(test_render)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s;
    g->init(g, &s);
    char buf[BA_RENDER_MAX];
    int n = g->render(g, &s, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    ck_assert(strstr(buf, "8  . . . . . B B B") != NULL);
    ck_assert(strstr(buf, "1  W W W . . . . .") != NULL);
    ck_assert(strstr(buf, "White to move") != NULL);
    /* An empty corner square is marked. */
    ut_play(g, &s, "c3-c4");
    ck_assert_int_gt(g->render(g, &s, buf, sizeof buf), 0);
    ck_assert(strstr(buf, "3  W W + . . . . .") != NULL);
    ck_assert(strstr(buf, "Black to move, ply 1") != NULL);
}
END_TEST

START_TEST(test_parsers_survive_garbage)
{
    /* Random texts from the characters the parsers care about (run under the sanitizers too):
     * every answer is OK or an error code with a message, and an accepted text is consistent. */
    const ba_game *g = ba_ugolki_game();
    static const char alphabet[] = "wbWB12345678/ -pacdefghxz0\t9";
    ug_state s;
    g->init(g, &s);
    uint64_t x = 2024;
    for (int i = 0; i < 20000; i++) {
        char text[96];
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        size_t len = (size_t)(x >> 58); /* 0..63 */
        for (size_t k = 0; k < len; k++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            text[k] = alphabet[(x >> 33) % (sizeof alphabet - 1)];
        }
        text[len] = '\0';
        ba_error err;
        ba_error_clear(&err);
        ug_state t;
        int rc = g->position_from_text(g, &t, text, &err);
        char out[BA_POS_TEXT_MAX];
        if (rc == BA_OK && g->position_to_text(g, &t, out, sizeof out) <= 0)
            ck_abort_msg("'%s' was read but cannot be written", text);
        if (rc != BA_OK && (rc >= 0 || err.message[0] == '\0'))
            ck_abort_msg("'%s': code %d without a message", text, rc);
        ba_move m;
        ba_history none = {NULL, 0};
        ba_error_clear(&err);
        rc = g->move_from_text(g, &s, &none, text, &m, &err);
        ug_state after = s;
        if (rc == BA_OK && g->apply(g, &after, &m) != BA_OK)
            ck_abort_msg("move '%s' was accepted but does not apply", text);
        if (rc != BA_OK && (rc >= 0 || err.message[0] == '\0'))
            ck_abort_msg("move '%s': code %d without a message", text, rc);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("ugolki_text");
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, test_step_and_chain_notation);
    tcase_add_test(tc, test_bad_moves_say_why);
    tcase_add_test(tc, test_position_round_trip);
    tcase_add_test(tc, test_bad_positions_say_why);
    tcase_add_test(tc, test_render);
    tcase_add_test(tc, test_parsers_survive_garbage);
    suite_add_tcase(s, tc);
    return s;
}
