/* tests/hardening/test_selftest.c: ba_game_selftest (selftest.h).
 *  - Every bundled game and variant passes it, and so do tic-tac-toe and nim (tests/support).
 *  - A game with its four text functions left NULL passes it on the library's defaults.
 *  - Each check can fail: one broken copy of tic-tac-toe per check, each refused with
 *    BA_ERR_GAME and a message that names the fault.
 *  - Bad options are refused. */
#include <stdint.h>
#include <string.h>

#include "broken_games.h"
#include "check_main.h"
#include "hard_games.h"
#include "testgames.h"

static const ba_game *T(void) { return bt_tictactoe_game(); }

START_TEST(test_bundled_games_pass)
{
    size_t count;
    const hard_game *table = hard_games(&count);
    for (size_t i = 0; i < count; i++) {
        const ba_game *g = NULL;
        int owned = 0;
        ck_assert_int_eq(table[i].make(&g, &owned), 0);
        ba_selftest_stats st;
        ba_selftest_options o = BA_SELFTEST_OPTIONS_INIT;
        o.seed = 7 + i;
        o.games = table[i].search_cost > 1 ? 2 : 5;
        o.max_plies = table[i].conformance_plies ? table[i].conformance_plies : 200;
        o.search_positions = table[i].search_cost > 1 ? 1 : 3;
        o.search_depth = table[i].search_cost > 1 ? 1 : 2;
        o.stats = &st;
        ba_error err;
        ck_assert_msg(ba_game_selftest(g, &o, &err) == BA_OK, "%s (%s): %s", table[i].module,
                      table[i].variant, err.message);
        ck_assert_uint_eq(st.games, (uint64_t)o.games);
        ck_assert_uint_gt(st.positions, st.games);
        ck_assert_uint_gt(st.moves_checked, 0);
        ck_assert_uint_eq(st.searches, (uint64_t)o.search_positions);
        if (owned)
            ba_game_destroy((ba_game *)(uintptr_t)g);
    }
}
END_TEST

START_TEST(test_test_games_pass)
{
    ba_selftest_stats st;
    ba_selftest_options o = BA_SELFTEST_OPTIONS_INIT;
    o.stats = &st;
    o.games = 50;
    ba_error err;
    ck_assert_msg(ba_game_selftest(T(), &o, &err) == BA_OK, "%s", err.message);
    /* 50 games of tic-tac-toe: every game ends by the rules */
    ck_assert_uint_eq(st.results[0], 0);
    ck_assert_uint_eq(st.results[1] + st.results[2] + st.results[3], 50);
    ck_assert_msg(ba_game_selftest(bt_nim_game(), NULL, &err) == BA_OK, "%s", err.message);
}
END_TEST

/* ---- tic-tac-toe with the text functions left to the library ---- */

START_TEST(test_default_text_passes)
{
    ba_game g = *T();
    g.move_to_text = NULL;
    g.move_from_text = NULL;
    g.position_to_text = NULL;
    g.position_from_text = NULL;
    ba_error err;
    ck_assert_msg(ba_game_selftest(&g, NULL, &err) == BA_OK, "%s", err.message);
    /* the defaults through ba_pos: hex bytes, parsed back by matching the generated moves */
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    ba_move moves[16];
    int n = ba_pos_moves(pos, moves, 16);
    ck_assert_int_eq(n, 9);
    char text[BA_MOVE_TEXT_MAX];
    int len = ba_pos_move_text(pos, &moves[4], text, sizeof text);
    ck_assert_int_eq(len, (int)strlen(text));
    ck_assert_int_eq(len, 2 * moves[4].len + (moves[4].tag ? (moves[4].tag < 16 ? 2 : 3) : 0));
    ba_move back;
    ck_assert_int_eq(ba_pos_parse_move(pos, text, &back, &err), BA_OK);
    ck_assert(ba_move_equal(&back, &moves[4]));
    ck_assert_int_eq(ba_pos_play_text(pos, text, &err), BA_OK);
    /* the same move again is no longer legal; malformed text is a parse error */
    ck_assert_int_eq(ba_pos_parse_move(pos, text, &back, &err), BA_ERR_ILLEGAL);
    ck_assert_int_eq(ba_pos_parse_move(pos, "zz", &back, &err), BA_ERR_PARSE);
    ck_assert_int_eq(ba_pos_parse_move(pos, "0", &back, &err), BA_ERR_PARSE);
    ck_assert_int_eq(ba_pos_parse_move(pos, "", &back, &err), BA_ERR_PARSE);
    ck_assert_int_eq(ba_pos_parse_move(pos, "00/", &back, &err), BA_ERR_PARSE);
    char ptext[BA_POS_TEXT_MAX];
    ck_assert_int_eq(ba_pos_text(pos, ptext, sizeof ptext), (int)(2 * g.state_size));
    ck_assert_int_eq(ba_pos_set_text(pos, ptext, &err), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, "00", &err), BA_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.message, "hex digits expected"));
    ptext[0] = 'x';
    ck_assert_int_eq(ba_pos_set_text(pos, ptext, &err), BA_ERR_PARSE);
    ba_pos_free(pos);
}
END_TEST

/* ---- broken copies of tic-tac-toe, one per check ---- */

static int dup_generate(const ba_game *g, const void *st, const ba_history *h, ba_move *m,
                        size_t cap)
{
    (void)g;
    int n = T()->generate(T(), st, h, m, cap);
    if (n >= 2)
        m[1] = m[0];
    return n;
}

static int wrong_move_from_text(const ba_game *g, const void *st, const ba_history *h,
                                const char *text, ba_move *out, ba_error *err)
{
    (void)g;
    ba_move moves[9];
    int n = T()->generate(T(), st, h, moves, 9);
    int rc = T()->move_from_text(T(), st, h, text, out, err);
    if (rc == BA_OK && n >= 2) /* answers another legal move */
        *out = ba_move_equal(out, &moves[0]) ? moves[1] : moves[0];
    return rc;
}

static int forgetful_position_from_text(const ba_game *g, void *st, const char *text,
                                        ba_error *err)
{
    (void)text;
    (void)err;
    return T()->init(g, st); /* reads every text as the start position */
}

static uint64_t address_hash(const ba_game *g, const void *st)
{
    (void)g; /* depends on where the state lies: equal states, different hashes */
    return T()->hash(T(), st) ^ (uint64_t)(uintptr_t)st;
}

static uint64_t unstable_hash(const ba_game *g, const void *st)
{
    static uint64_t calls; /* a test's own counter: the hash changes from call to call */
    (void)g;
    return T()->hash(T(), st) + (calls++ & 1);
}

static int eval_drifting(const ba_game *g, const void *st)
{
    static unsigned calls; /* not a function of the state: the searches disagree */
    (void)g;
    (void)st;
    return (int)(calls++ % 7) * 10 - 30;
}

static int ongoing_forever(const ba_game *g, const void *st, const ba_history *h)
{
    (void)g;
    int r = T()->status(T(), st, h);
    return r == BA_RESULT_ONGOING ? r : BA_RESULT_ONGOING; /* never over, moves run out */
}

typedef struct broken_case {
    const char *name;
    const char *needle; /* the message must contain it */
} broken_case;

static const broken_case CASES[] = {
    {"duplicate moves", "generated twice"},
    {"bytes past len", "not canonical"},
    {"move text round trip", "parses back to a different move"},
    {"position text round trip", "re-reads as"},
    {"equal states, different hashes", "hash"},
    {"unstable hash", "changes from one call to the next"},
    {"max_moves too small", "max_moves"},
    {"max_plies too small", "max_plies is 3"},
    {"side out of range", "side_to_move returned 7"},
    {"status out of range", "status returned 9"},
    {"evaluation out of range", "beyond BA_SCORE_EVAL_MAX"},
    {"negamax != alpha-beta", "!= negamax value"},
    {"move text longer than its buffer", "move_to_text of move 0 returned -10"},
    {"no moves but not over", "no legal moves but the game is not over"},
    {"text functions half set", "must both be set"},
};

static void make_broken(int k, ba_game *g)
{
    *g = *T();
    switch (k) {
    case 0: g->generate = dup_generate; break;
    case 1: g->generate = bt_broken_garbage_generate; break;
    case 2: g->move_from_text = wrong_move_from_text; break;
    case 3: g->position_from_text = forgetful_position_from_text; break;
    case 4: g->hash = address_hash; break;
    case 5: g->hash = unstable_hash; break;
    case 6: g->max_moves = 5; break;
    case 7: g->max_plies = 3; break;
    case 8: g->side_to_move = bt_broken_side_seven; break;
    case 9: g->status = bt_broken_status_nine; break;
    case 10: g->evaluate = bt_broken_eval_above; break;
    case 11: g->evaluate = eval_drifting; break;
    case 12: g->move_to_text = bt_broken_overlong_move_text; break;
    case 13: g->status = ongoing_forever; break;
    case 14: g->position_to_text = NULL; break;
    default: break;
    }
}

START_TEST(test_each_check_can_fail)
{
    int k = _i;
    ba_game g;
    make_broken(k, &g);
    ba_selftest_options o = BA_SELFTEST_OPTIONS_INIT;
    o.games = 10;
    ba_error err;
    ba_error_clear(&err);
    int rc = ba_game_selftest(&g, &o, &err);
    ck_assert_msg(rc == BA_ERR_GAME, "%s: returned %d (%s)", CASES[k].name, rc, err.message);
    ck_assert_int_eq(err.code, BA_ERR_GAME);
    ck_assert_msg(strstr(err.message, CASES[k].needle) != NULL, "%s: message '%s' lacks '%s'",
                  CASES[k].name, err.message, CASES[k].needle);
}
END_TEST

START_TEST(test_bad_options)
{
    ba_error err;
    ba_selftest_options o = BA_SELFTEST_OPTIONS_INIT;
    o.search_depth = 0;
    ck_assert_int_eq(ba_game_selftest(T(), &o, &err), BA_ERR_RANGE);
    o = (ba_selftest_options)BA_SELFTEST_OPTIONS_INIT;
    o.games = -1;
    ck_assert_int_eq(ba_game_selftest(T(), &o, &err), BA_ERR_RANGE);
    o = (ba_selftest_options)BA_SELFTEST_OPTIONS_INIT;
    o.struct_size = 4;
    ck_assert_int_eq(ba_game_selftest(T(), &o, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_game_selftest(NULL, NULL, &err), BA_ERR_GAME);
    /* zero games and no search: nothing to check, nothing fails */
    o = (ba_selftest_options)BA_SELFTEST_OPTIONS_INIT;
    o.games = 0;
    o.search_positions = 0;
    ck_assert_int_eq(ba_game_selftest(T(), &o, &err), BA_OK);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("selftest");
    TCase *tc = tcase_create("selftest");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_bundled_games_pass);
    tcase_add_test(tc, test_test_games_pass);
    tcase_add_test(tc, test_default_text_passes);
    tcase_add_loop_test(tc, test_each_check_can_fail, 0, (int)(sizeof CASES / sizeof CASES[0]));
    tcase_add_test(tc, test_bad_options);
    suite_add_tcase(s, tc);
    return s;
}
