/* The turn game searched by steps (the registry's step_search; games/arimaa/stepturn.c): its
 * engine chooses each whole turn with the step search through the core's search_move hook. The
 * turn it plays reaches a goal, defends one, is legal after setups and earlier turns, and is the
 * AEI session's turn at the same depth; setups stay with the turn search; the registry refuses
 * what does not fit. */
#include <stdlib.h>

#include <boardai/boardai.h>

#include "arimaa_test_util.h"
#include "check_main.h"

static ba_game *turn_game_by_steps(void)
{
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("arimaa:step_search=1", &g, &err), BA_OK);
    ck_assert(BA_GAME_HAS(g, search_move));
    return g;
}

static ba_pos *position_at(const ba_game *g, char side, const char *pieces)
{
    arm_state st = at_pos(side, pieces);
    char text[BA_POS_TEXT_MAX];
    ck_assert_int_ge(arm_position_to_text(&st, text, sizeof text), 0);
    ba_pos *pos = NULL;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, text, &err), BA_OK);
    return pos;
}

/* One turn of the engine at @p depth steps, played. */
static ba_search_result play_searched_turn(const ba_game *g, ba_pos *pos, int depth)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, 1), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
    ba_error err;
    ck_assert_int_eq(ba_pos_play(pos, &r.best, &err), BA_OK);
    ba_engine_free(e);
    return r;
}

/* Gold's rabbit on d5 reaches d8 in three steps: a 3-step search plays the goal as one turn. */
START_TEST(turn_by_steps_reaches_goal)
{
    ba_game *g = turn_game_by_steps();
    ba_pos *pos = position_at(g, 'g', "Rd5 Ee2 ra7 rh7 eb6");
    ba_search_result r = play_searched_turn(g, pos, 3);
    ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_WIN0);
    ck_assert_int_gt(r.score, 100000); /* the goal's value, beyond any material */
    ck_assert_int_eq(r.pv_len, 1);
    ck_assert(ba_move_equal(&r.pv[0], &r.best));
    ck_assert_uint_gt(r.nodes, 0);
    ba_pos_free(pos);
    ba_game_destroy(g);
}
END_TEST

/* Silver's rabbit on d2 is one step from d1: Gold's turn searched at 4 and at 6 steps leaves
 * Silver no goal within its next turn (as the step game's own test does step by step). */
START_TEST(turn_by_steps_defends_goal)
{
    ba_game *g = turn_game_by_steps();
    for (int depth = 4; depth <= 6; depth += 2) {
        ba_pos *pos = position_at(g, 'g', "Ee4 Ra1 Rh1 Rb2 rd2 eh8 rg7 rh7 ma8");
        ck_assert_int_le(arm_goal_steps(ba_pos_state(pos), ARM_SILVER, 4), 1);
        play_searched_turn(g, pos, depth);
        ck_assert_int_eq(ba_pos_side_to_move(pos), 1);
        ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_ONGOING);
        ck_assert_int_gt(arm_goal_steps(ba_pos_state(pos), ARM_SILVER, 4), 4);
        ba_pos_free(pos);
    }
    ba_game_destroy(g);
}
END_TEST

/* A game from the start: the setups come from the turn search (the hook declines them), then
 * eight turns of play from the step search, each legal where the history (setups, earlier turns)
 * put it, at a fixed time as a match plays them. */
START_TEST(turn_by_steps_plays_a_game)
{
    ba_game *g = turn_game_by_steps();
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ba_error err;
    for (int ply = 0; ply < 10 && ba_pos_result(pos) == BA_RESULT_ONGOING; ply++) {
        int side = ba_pos_side_to_move(pos);
        int setup = ((const arm_state *)ba_pos_state(pos))->phase != ARM_PHASE_PLAY;
        ba_limits l;
        ba_limits_init(&l);
        if (setup)
            l.depth = 1;
        else
            l.movetime_ms = 60;
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search_limits(e, pos, &l, &r), BA_OK);
        ck_assert_int_eq(r.best.tag, setup ? BA_ARIMAA_TAG_SETUP : BA_ARIMAA_TAG_TURN);
        char text[BA_MOVE_TEXT_MAX];
        ck_assert_int_gt(ba_pos_move_text(pos, &r.best, text, sizeof text), 0);
        ck_assert_msg(ba_pos_play(pos, &r.best, &err) == BA_OK, "ply %d: %s: %s", ply, text,
                      err.message);
        ck_assert_int_ne(ba_pos_side_to_move(pos), side);
    }
    ck_assert_uint_eq(ba_pos_ply(pos), 10);
    ba_engine_free(e);
    ba_pos_free(pos);
    ba_game_destroy(g);
}
END_TEST

typedef struct capture {
    char bestmove[512];
} capture;

static void capture_write(void *user, const char *line, size_t len)
{
    capture *c = user;
    if (len > 9 && strncmp(line, "bestmove ", 9) == 0)
        snprintf(c->bestmove, sizeof c->bestmove, "%.*s", (int)(len - 9), line + 9);
}

/* The AEI session and the turn game's hook choose their turns the same way: at the same depth,
 * from the same position, the same turn (one thread, fresh tables, no clock). */
START_TEST(turn_by_steps_agrees_with_aei)
{
    static const char *const positions[] = {
        "Rd5 Ee2 ra7 rh7 eb6",
        "Ee4 Ra1 Rh1 Rb2 rd2 eh8 rg7 rh7 ma8",
        "Ed4 Md3 He3 Ra2 Rb2 Rg2 Rh2 ed5 md6 he6 ra7 rb7 rg7 rh7",
    };
    ba_game *g = turn_game_by_steps();
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        for (int depth = 3; depth <= 5; depth++) {
            ba_pos *pos = position_at(g, 'g', positions[i]);
            char ptext[BA_POS_TEXT_MAX];
            ck_assert_int_gt(ba_pos_text(pos, ptext, sizeof ptext), 0);
            capture c = {{0}};
            ba_arimaa_aei *aei = NULL;
            ck_assert_int_eq(ba_arimaa_aei_new(NULL, capture_write, &c, &aei), BA_OK);
            char line[BA_POS_TEXT_MAX + 32];
            snprintf(line, sizeof line, "setposition %s", ptext);
            ck_assert_int_eq(ba_arimaa_aei_feed(aei, line), BA_OK);
            snprintf(line, sizeof line, "setoption name depth value %d", depth);
            ck_assert_int_eq(ba_arimaa_aei_feed(aei, line), BA_OK);
            ck_assert_int_eq(ba_arimaa_aei_feed(aei, "go"), BA_ARIMAA_AEI_SEARCH);
            ck_assert_int_eq(ba_arimaa_aei_search(aei), BA_OK);
            ba_arimaa_aei_free(aei);
            ck_assert_msg(c.bestmove[0], "no bestmove from AEI");

            /* The same turn: the same position after it (the turn game lists one order of
             * steps for each end position, so the texts may differ in order). */
            ba_pos *aei_after = NULL;
            ba_error err;
            ck_assert_int_eq(ba_pos_clone(pos, &aei_after), BA_OK);
            ck_assert_msg(ba_pos_play_text(aei_after, c.bestmove, &err) == BA_OK, "%s: %s",
                          c.bestmove, err.message);
            ba_pos *before = NULL;
            ck_assert_int_eq(ba_pos_clone(pos, &before), BA_OK);
            ba_search_result r = play_searched_turn(g, pos, depth);
            char text[BA_MOVE_TEXT_MAX], mine[BA_POS_TEXT_MAX], theirs[BA_POS_TEXT_MAX];
            ck_assert_int_gt(ba_pos_move_text(before, &r.best, text, sizeof text), 0);
            ck_assert_int_gt(ba_pos_text(pos, mine, sizeof mine), 0);
            ck_assert_int_gt(ba_pos_text(aei_after, theirs, sizeof theirs), 0);
            ck_assert_msg(strcmp(mine, theirs) == 0, "%s at %d steps: hook '%s', AEI '%s'",
                          positions[i], depth, text, c.bestmove);
            ba_pos_free(aei_after);
            ba_pos_free(before);
            ba_pos_free(pos);
        }
    }
    ba_game_destroy(g);
}
END_TEST

START_TEST(step_search_parameter_refused_where_it_does_not_fit)
{
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_ne(ba_game_open("arimaa:step_search=2", &g, &err), BA_OK);
    ck_assert_ptr_nonnull(strstr(err.message, "step_search"));
    ck_assert_int_ne(ba_game_open("arimaa:search_by_steps=1,step_search=1", &g, &err), BA_OK);
    ck_assert_ptr_nonnull(strstr(err.message, "step_search"));
    ck_assert_ptr_null(g);
    /* Without it, the turn game has no hook; its step game's knobs reach the hook's. */
    ck_assert_int_eq(ba_game_open("arimaa", &g, &err), BA_OK);
    ck_assert(!BA_GAME_HAS(g, search_move));
    ba_game_destroy(g);
    ck_assert_int_eq(ba_game_open("arimaa:step_search=1,push_depth=1,step_futility=40", &g, &err),
                     BA_OK);
    ck_assert(BA_GAME_HAS(g, search_move));
    ba_game_destroy(g);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_turn_by_steps");
    TCase *tc = tcase_create("turn_by_steps");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, turn_by_steps_reaches_goal);
    tcase_add_test(tc, turn_by_steps_defends_goal);
    tcase_add_test(tc, turn_by_steps_plays_a_game);
    tcase_add_test(tc, turn_by_steps_agrees_with_aei);
    tcase_add_test(tc, step_search_parameter_refused_where_it_does_not_fit);
    suite_add_tcase(s, tc);
    return s;
}
