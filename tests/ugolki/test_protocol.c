/* Ugolki through the common text protocol (what `boardai-ugolki --protocol` speaks): positions
 * with spaces in their text, chains in move lists, legal move lists, errors, a search. */
#include <check.h>
#include <stdlib.h>

#include "boardai/boardai.h"
#include "check_main.h"
#include "ugolki_test_util.h"

typedef struct transcript {
    char text[1 << 16];
    size_t len;
    int lines;
} transcript;

static void collect(void *user, const char *line, size_t len)
{
    transcript *t = user;
    if (t->len + len + 2 > sizeof t->text)
        return;
    memcpy(t->text + t->len, line, len);
    t->len += len;
    t->text[t->len++] = '\n';
    t->text[t->len] = '\0';
    t->lines++;
}

static transcript *session(const char *const *commands, size_t n)
{
    transcript *t = calloc(1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    ba_protocol *p = NULL;
    ck_assert_int_eq(ba_protocol_new(ba_ugolki_game(), collect, t, &p), BA_OK);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_ge(ba_protocol_feed(p, commands[i]), 0);
    ba_protocol_free(p);
    return t;
}

START_TEST(test_protocol_session)
{
    const char *cmds[] = {
        "moves",
        "position 5bbb/5bbb/6bb/8/2w5/1b5w/w6w/w3wwww w 0 - moves a1-c5",
        "show",
        "position startpos moves c3-c4 f6-f5 b3-d3",
        "play h8-g8",
        "play f7-f6",
        "go depth 3",
        "result",
    };
    transcript *t = session(cmds, sizeof cmds / sizeof cmds[0]);
    /* The start's twelve moves, as worked out in test_rules.c. */
    ck_assert_msg(strstr(t->text, "b1-d1 c1-d1 a2-a4 b2-d2 b2-b4 c2-d2 c2-c4 a3-a4 b3-d3 b3-b4 "
                                  "c3-d3 c3-c4\n") != NULL,
                  "%s", t->text);
    /* The chain was played from its short form: a1 is now on c5. */
    ck_assert_msg(strstr(t->text, "5bbb/5bbb/6bb/2w5/2w5/1b5w/w6w/4wwww b 1 -") != NULL, "%s",
                  t->text);
    /* h8-g8 is not a move there (g8 is occupied): an error, the session goes on. */
    ck_assert_msg(strstr(t->text, "error:") != NULL, "%s", t->text);
    ck_assert_msg(strstr(t->text, "g8 is occupied") != NULL, "%s", t->text);
    ck_assert_msg(strstr(t->text, "bestmove ") != NULL, "%s", t->text);
    ck_assert_msg(strstr(t->text, "ongoing") != NULL, "%s", t->text);
    free(t);
}
END_TEST

START_TEST(test_get_options_refuses_other_games)
{
    ba_ugolki_options o;
    ck_assert_int_eq(ba_ugolki_get_options(NULL, &o), BA_ERR_ARG);
    ck_assert_int_eq(ba_ugolki_get_options(ba_ugolki_game(), NULL), BA_ERR_ARG);
    /* A copy of the vtable with another init function is not an ugolki game. */
    ba_game other = *ba_ugolki_game();
    other.init = NULL;
    ck_assert_int_eq(ba_ugolki_get_options(&other, &o), BA_ERR_ARG);
    ck_assert_int_eq(ba_ugolki_finish_threshold(&other), BA_ERR_ARG);
    ba_game *g = NULL;
    ck_assert_int_eq(ba_ugolki_create(NULL, NULL, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_ugolki_create(NULL, &g, NULL), BA_OK);
    ck_assert_int_eq(ba_game_check(g, NULL), BA_OK);
    ba_game_destroy(g);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("ugolki_protocol");
    TCase *tc = tcase_create("protocol");
    tcase_add_test(tc, test_protocol_session);
    tcase_add_test(tc, test_get_options_refuses_other_games);
    suite_add_tcase(s, tc);
    return s;
}
