/*
 * Camelot's selective-search hooks: the null move (side and hash, the lapsed castle obligation),
 * when a pass is unsafe (compulsory capture, castle obligation, three or fewer pieces), noisy
 * moves (captures, castle moves, and quiet moves that offer, escape or threaten a capture), no
 * futility margin at sharp nodes, noisy_only under a compulsory capture or castle exit, and a
 * selective search that still finds a forced capture win.
 */
#include "boardai/boardai.h"
#include "check_main.h"
#include "test_rules_util.h"

static const ba_game *G(void) { return ba_camelot_game(); }

START_TEST(null_move_passes_the_turn)
{
    const ba_game *g = G();
    ck_assert(BA_GAME_HAS(g, make_null) && g->make_null != NULL);
    cam_state s, t;
    g->init(g, &s);
    t = s;
    ck_assert_int_eq(g->make_null(g, &t), BA_OK);
    ck_assert_int_eq(t.side_to_move, 1);
    ck_assert_int_eq(memcmp(t.board, s.board, sizeof s.board), 0);
    ck_assert(t.hash != s.hash);
    ck_assert(t.hash == cam_hash_full(&t));
    ck_assert_int_eq(g->make_null(g, &t), BA_OK);
    ck_assert(t.hash == s.hash);
    ck_assert_int_eq(t.quiet_plies, 2);
}
END_TEST

START_TEST(null_move_lapses_the_castle_obligation)
{
    const ba_game *g = G();
    cam_state s;
    camt_setup(&s, "M F1, M D6, M E6, m D11, m E11", 0);
    s.must_leave[0] = (uint8_t)camt_sq("F1");
    cam_state_finish(&s);
    ck_assert(g->null_move_unsafe(g, &s)); /* the obligation makes the pass unsafe */
    ck_assert_int_eq(g->make_null(g, &s), BA_OK);
    ck_assert_int_eq(s.must_leave[0], CAM_NO_SQUARE);
    ck_assert(s.hash == cam_hash_full(&s));
}
END_TEST

START_TEST(pass_unsafe_when_forced)
{
    const ba_game *g = G();
    cam_state s;
    g->init(g, &s);
    ck_assert(!g->null_move_unsafe(g, &s));
    /* White must capture (E6 jumps E7 to E8): unsafe. */
    camt_setup(&s, "M E6, M D6, M C6, M B6, m E7, m A11, m B11, m C11", 0);
    ck_assert(g->null_move_unsafe(g, &s));
    /* The same pieces, the black man out of reach: safe. */
    camt_setup(&s, "M E6, M D6, M C6, M B6, m E9, m A11, m B11, m C11", 0);
    ck_assert(!g->null_move_unsafe(g, &s));
    /* Three pieces or fewer: an ending, unsafe. */
    camt_setup(&s, "M E6, M D6, M C6, m E9, m A11, m B11, m C11", 0);
    ck_assert(g->null_move_unsafe(g, &s));
}
END_TEST

START_TEST(noisy_moves)
{
    const ba_game *g = G();
    cam_state s;
    camt_setup(&s, "M E6, M D6, M C6, M B6, m E7, m A11, m B11, m C11", 0);
    static ba_move moves[CAMT_MAX_MOVES]; /* 512 KiB: not on the stack */
    ba_history h = {NULL, 0};
    int n = g->generate(g, &s, &h, moves, CAMT_MAX_MOVES);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++) /* every legal move is a capture here */
        ck_assert(g->move_noisy(g, &s, &moves[i]));
    g->init(g, &s);
    n = g->generate(g, &s, &h, moves, CAMT_MAX_MOVES);
    ck_assert_int_eq(n, 100);
    for (int i = 0; i < n; i++) /* no first move captures or reaches a castle */
        ck_assert(!g->move_noisy(g, &s, &moves[i]));
    /* Entering the opponent's castle is noisy. */
    camt_setup(&s, "M F15, M D6, M E6, m A11, m B11, m C11", 0);
    ba_move m;
    ck_assert_int_eq(g->move_from_text(g, &s, &h, "F15-F16", &m, NULL), BA_OK);
    ck_assert(g->move_noisy(g, &s, &m));
}
END_TEST

/* The move `text` of state s, parsed as the rules give it. */
static ba_move move_of(const ba_game *g, const cam_state *s, const char *text)
{
    ba_history h = {NULL, 0};
    ba_move m;
    ck_assert_msg(g->move_from_text(g, s, &h, text, &m, NULL) == BA_OK, "%s", text);
    return m;
}

START_TEST(futility_margin_zero_at_sharp_nodes)
{
    const ba_game *g = G();
    cam_state s;
    g->init(g, &s);
    ck_assert_int_gt(g->futility_margin(g, &s, 1), 0);
    ck_assert_int_eq(g->futility_margin(g, &s, 3), 3 * g->futility_margin(g, &s, 1));
    /* White must capture (E6 jumps E7): the static value misses the capture. */
    camt_setup(&s, "M E6, M D6, M C6, M B6, m E7, m A11, m B11, m C11", 0);
    ck_assert_int_eq(g->futility_margin(g, &s, 1), 0);
    /* White's F8 is exposed (Black's G9 jumps it to E7; F8 cannot take G9, H10 is occupied):
     * White need not capture, but the static value misses the man it is about to lose. */
    camt_setup(&s, "M F8, M A6, M B6, M C6, m G9, m H10, m L11, m K11", 0);
    ck_assert_int_eq(g->futility_margin(g, &s, 1), 0);
    /* The same with the black man out of reach: a quiet node, the normal margin. */
    camt_setup(&s, "M F8, M A6, M B6, M C6, m G11, m H10, m L11, m K11", 0);
    ck_assert_int_gt(g->futility_margin(g, &s, 1), 0);
    /* A piece that must leave its own castle: no margin either. */
    camt_setup(&s, "M F1, M D6, M E6, M C6, m D11, m E11", 0);
    s.must_leave[0] = (uint8_t)camt_sq("F1");
    cam_state_finish(&s);
    ck_assert_int_eq(g->futility_margin(g, &s, 1), 0);
}
END_TEST

START_TEST(moves_that_change_the_captures_are_noisy)
{
    const ba_game *g = G();
    cam_state s;
    ba_move m;
    /* An offer: F7-F8 lets Black's G9 jump it (to E7); White cannot take G9 (H10 occupied). */
    camt_setup(&s, "M F7, M A6, M B6, M C6, m G9, m H10, m L11, m K11", 0);
    m = move_of(g, &s, "F7-F8");
    ck_assert(g->move_noisy(g, &s, &m));
    /* A threat: with E7 held, F7-F8 cannot be taken but threatens F8xH10 over G9. */
    camt_setup(&s, "M F7, M E7, M A6, M B6, m G9, m L11, m K11, m J11", 0);
    m = move_of(g, &s, "F7-F8");
    ck_assert(g->move_noisy(g, &s, &m));
    /* The same move with nothing to jump or be jumped by near it: quiet. */
    camt_setup(&s, "M F7, M E7, M A6, M B6, m G12, m L11, m K11, m J11", 0);
    m = move_of(g, &s, "F7-F8");
    ck_assert(!g->move_noisy(g, &s, &m));
    /* An escape: F8 is exposed to G9; F8-F7 takes it out of reach, A6-A7 leaves it there. */
    camt_setup(&s, "M F8, M A6, M B6, M C6, m G9, m H10, m L11, m K11", 0);
    m = move_of(g, &s, "F8-F7");
    ck_assert(g->move_noisy(g, &s, &m));
    m = move_of(g, &s, "A6-A7");
    ck_assert(!g->move_noisy(g, &s, &m));
}
END_TEST

START_TEST(noisy_only_when_a_capture_or_castle_exit_is_compulsory)
{
    const ba_game *g = G();
    ck_assert(BA_GAME_HAS(g, noisy_only) && g->noisy_only != NULL);
    cam_state s;
    g->init(g, &s);
    ck_assert(!g->noisy_only(g, &s));
    /* White must capture (E6 jumps E7). */
    camt_setup(&s, "M E6, M D6, M C6, M B6, m E7, m A11, m B11, m C11", 0);
    ck_assert(g->noisy_only(g, &s));
    /* White's F8 is exposed but White need not capture: quiet moves exist. */
    camt_setup(&s, "M F8, M A6, M B6, M C6, m G9, m H10, m L11, m K11", 0);
    ck_assert(!g->noisy_only(g, &s));
    /* A piece that must leave its own castle, and can. */
    camt_setup(&s, "M F1, M D6, M E6, M C6, m D11, m E11", 0);
    s.must_leave[0] = (uint8_t)camt_sq("F1");
    cam_state_finish(&s);
    ck_assert(g->noisy_only(g, &s));
}
END_TEST

START_TEST(selective_search_finds_the_castle_win)
{
    /* White to move wins at once: H15-G16 puts a second piece in Black's castle. */
    const ba_game *g = G();
    ba_pos *p = NULL;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(p, "M1/5M2/10/12/12/12/12/4k7/12/12/12/12/12/10/8/2 w 0 0 - 0", &err), BA_OK);
    ba_search_result r = camt_search(g, p, 1, 4);
    char t[BA_MOVE_TEXT_MAX];
    ck_assert_int_ge(ba_pos_move_text(p, &r.best, t, sizeof t), 0);
    ck_assert_str_eq(t, "H15-G16");
    ck_assert_int_ge(r.score, BA_SCORE_WIN_MIN);
    ba_pos_free(p);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_selective");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, null_move_passes_the_turn);
    tcase_add_test(tc, null_move_lapses_the_castle_obligation);
    tcase_add_test(tc, pass_unsafe_when_forced);
    tcase_add_test(tc, noisy_moves);
    tcase_add_test(tc, futility_margin_zero_at_sharp_nodes);
    tcase_add_test(tc, moves_that_change_the_captures_are_noisy);
    tcase_add_test(tc, noisy_only_when_a_capture_or_castle_exit_is_compulsory);
    tcase_add_test(tc, selective_search_finds_the_castle_win);
    suite_add_tcase(s, tc);
    return s;
}
