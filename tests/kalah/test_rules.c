/* Kalah rules, one concrete position per rule (with the cases where the rule must NOT apply),
 * notation and position text, and a cross-check of the move generator and sowing against the
 * reference rules in kalah_test_util.h. */
#include <stdlib.h>

#include "check_main.h"
#include "kalah/kal_rules.h"
#include "kalah/kal_solver.h"
#include "kalah_test_util.h"

/* Sets `from`, plays `move` and checks the resulting position text. */
static void expect_play(const ba_game *g, const char *from, const char *move, const char *to)
{
    ba_pos *pos;
    ba_error err;
    char buf[BA_POS_TEXT_MAX];
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_msg(ba_pos_set_text(pos, from, &err) == BA_OK, "%s: %s", from, err.message);
    ck_assert_msg(ba_pos_play_text(pos, move, &err) == BA_OK, "%s in %s: %s", move, from,
                  err.message);
    ck_assert_int_ge(ba_pos_text(pos, buf, sizeof buf), 0);
    ck_assert_msg(strcmp(buf, to) == 0, "%s after %s: got '%s', want '%s'", from, move, buf, to);
    ba_pos_free(pos);
}

static int result_of(const ba_game *g, const char *text)
{
    ba_pos *pos;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_msg(ba_pos_set_text(pos, text, &err) == BA_OK, "%s: %s", text, err.message);
    int r = ba_pos_result(pos);
    ba_pos_free(pos);
    return r;
}

START_TEST(test_start_position)
{
    char buf[BA_POS_TEXT_MAX];
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_kalah_game(), &pos), BA_OK);
    ba_pos_text(pos, buf, sizeof buf);
    ck_assert_str_eq(buf, "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s");
    ck_assert_int_eq(ba_pos_side_to_move(pos), 0);
    ba_move moves[8];
    ck_assert_int_eq(ba_pos_moves(pos, moves, 8), 6);
    ba_pos_free(pos);

    ba_game *g = kt_game(4, 3, 0);
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ba_pos_text(pos, buf, sizeof buf);
    ck_assert_str_eq(buf, "3 3 3 3 / 0 / 3 3 3 3 / 0 / s");
    ba_pos_free(pos);
    ba_game_destroy(g);
}
END_TEST

START_TEST(test_sowing_skips_opponent_store)
{
    /* South's pit 6 with 9 seeds: own store, North's six pits, then (skipping North's store)
     * South's pits 1 and 2. North's store stays empty. */
    expect_play(ba_kalah_game(), "2 2 0 0 0 9 / 0 / 1 1 1 1 1 1 / 0 / s", "6",
                "3 3 0 0 0 0 / 1 / 2 2 2 2 2 2 / 0 / n");
    /* The same for North: pit 13 with 9 seeds skips South's store. */
    expect_play(ba_kalah_game(), "1 1 1 1 1 1 / 0 / 2 2 0 0 0 9 / 0 / n", "13",
                "2 2 2 2 2 2 / 0 / 3 3 0 0 0 0 / 1 / s");
}
END_TEST

START_TEST(test_wrap_around_small_board)
{
    /* Kalah(2, n): a ring of five places (2 pits, store, 2 opposing pits). 12 seeds = two laps
     * (every place but North's store gets 2, the emptied pit included) plus pit 2 and the store:
     * the last seed is in the store, so South moves again. */
    ba_game *g = kt_game(2, 3, 0);
    expect_play(g, "12 1 / 0 / 1 1 / 0 / s", "1", "2 4 / 3 / 3 3 / 0 / s");
    ba_game_destroy(g);
    /* Kalah(1, n): 7 seeds from the only pit: three laps of store + North's pit + own pit ... */
    g = kt_game(1, 3, 0);
    /* ring: pit(0), store, North's pit; 7 = 2 laps (6) + 1 -> the store gets 2+1, the pits 2 each */
    expect_play(g, "7 / 0 / 1 / 0 / s", "1", "2 / 3 / 3 / 0 / s");
    ba_game_destroy(g);
    /* 13 seeds on the 6-pit board go once round and the last lands in the emptied pit: a
     * capture with the opposite pit 13 (which got a seed too). */
    expect_play(ba_kalah_game(), "13 0 0 0 0 0 / 0 / 0 0 0 0 0 1 / 0 / s", "1",
                "0 1 1 1 1 1 / 4 / 1 1 1 1 1 0 / 0 / n");
}
END_TEST

START_TEST(test_extra_turn)
{
    /* Pit 1's six seeds end in the store: South moves again. */
    expect_play(ba_kalah_game(), "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s", "1",
                "0 7 7 7 7 7 / 1 / 6 6 6 6 6 6 / 0 / s");
    /* North too (pit 9 with 5 seeds ends in North's store). */
    expect_play(ba_kalah_game(), "6 6 6 6 6 6 / 0 / 6 5 6 6 6 6 / 0 / n", "9",
                "6 6 6 6 6 6 / 0 / 6 0 7 7 7 7 / 1 / n");
    /* One seed short: the turn passes. */
    expect_play(ba_kalah_game(), "6 6 6 6 6 5 / 0 / 6 6 6 6 6 6 / 0 / s", "2",
                "6 0 7 7 7 6 / 1 / 7 6 6 6 6 6 / 0 / n");
}
END_TEST

START_TEST(test_capture_standard)
{
    const ba_game *g = ba_kalah_game();
    /* Last seed in own empty pit 2, opposite pit 12 holds 3: 1 + 3 to the store. */
    expect_play(g, "1 0 0 0 0 5 / 0 / 2 2 2 2 3 2 / 0 / s", "1",
                "0 0 0 0 0 5 / 4 / 2 2 2 2 0 2 / 0 / n");
    /* Opposite pit empty: no capture in the standard rules. */
    expect_play(g, "1 0 0 0 0 5 / 0 / 2 2 2 2 0 2 / 0 / s", "1",
                "0 1 0 0 0 5 / 0 / 2 2 2 2 0 2 / 0 / n");
    /* Last seed in an own pit that was not empty: no capture. */
    expect_play(g, "1 1 0 0 0 5 / 0 / 2 2 2 2 3 2 / 0 / s", "1",
                "0 2 0 0 0 5 / 0 / 2 2 2 2 3 2 / 0 / n");
    /* Last seed in an empty pit of the opponent: no capture. */
    expect_play(g, "0 0 0 0 1 2 / 0 / 0 3 3 3 3 3 / 0 / s", "6",
                "0 0 0 0 1 0 / 1 / 1 3 3 3 3 3 / 0 / n");
    /* North captures the same way (pit 9 -> empty pit 10, opposite pit 4). */
    expect_play(g, "1 1 1 4 1 1 / 0 / 1 1 0 0 1 1 / 0 / n", "9",
                "1 1 1 0 1 1 / 0 / 1 0 0 0 1 1 / 5 / s");
}
END_TEST

START_TEST(test_capture_empty_variant)
{
    ba_game *g = kt_game(6, 6, 1);
    /* Empty capture: the last seed alone goes to the store although pit 12 is empty. */
    expect_play(g, "1 0 0 0 0 5 / 0 / 2 2 2 2 0 2 / 0 / s", "1",
                "0 0 0 0 0 5 / 1 / 2 2 2 2 0 2 / 0 / n");
    /* With seeds opposite it is the ordinary capture. */
    expect_play(g, "1 0 0 0 0 5 / 0 / 2 2 2 2 3 2 / 0 / s", "1",
                "0 0 0 0 0 5 / 4 / 2 2 2 2 0 2 / 0 / n");
    /* Still nothing in a non-empty own pit or the opponent's pit. */
    expect_play(g, "1 1 0 0 0 5 / 0 / 2 2 2 2 3 2 / 0 / s", "1",
                "0 2 0 0 0 5 / 0 / 2 2 2 2 3 2 / 0 / n");
    ba_kalah_options o;
    ck_assert_int_eq(ba_kalah_get_options(g, &o), BA_OK);
    ck_assert_int_eq(o.empty_capture, 1);
    ba_game_destroy(g);
}
END_TEST

START_TEST(test_game_end_mover_runs_out)
{
    const ba_game *g = ba_kalah_game();
    /* South's last seed goes into the store (an extra turn), but South's pits are empty: the
     * game ends and North keeps its 6 seeds: 11 to 11, a draw. */
    expect_play(g, "0 0 0 0 0 1 / 10 / 1 2 3 0 0 0 / 5 / s", "6",
                "0 0 0 0 0 0 / 11 / 0 0 0 0 0 0 / 11 / s");
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 11 / 0 0 0 0 0 0 / 11 / s"), BA_RESULT_DRAW);
}
END_TEST

START_TEST(test_game_end_opponent_runs_out)
{
    const ba_game *g = ba_kalah_game();
    /* South captures North's last seeds: North is empty, South keeps pit 6's 3 seeds: 11 to 5. */
    expect_play(g, "1 0 0 0 0 3 / 5 / 0 0 0 0 2 0 / 5 / s", "1",
                "0 0 0 0 0 0 / 11 / 0 0 0 0 0 0 / 5 / n");
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 11 / 0 0 0 0 0 0 / 5 / n"), BA_RESULT_WIN0);
    /* A plain move that empties North's side cannot happen (sowing only adds to it), but a
     * position given with one side empty is over, whoever is to move, and the seeds left count
     * for their owner: North 10 + 4 = 14 beats South's 12. */
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 12 / 1 1 1 1 0 0 / 10 / s"), BA_RESULT_WIN1);
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 12 / 1 1 1 1 0 0 / 10 / n"), BA_RESULT_WIN1);
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, "0 0 0 0 0 0 / 12 / 1 1 1 1 0 0 / 10 / n", NULL), BA_OK);
    ba_move moves[8];
    ck_assert_int_eq(ba_pos_moves(pos, moves, 8), 0);
    ba_pos_free(pos);
    /* With seeds on both sides the game goes on even when a store holds more than half. */
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 1 / 40 / 1 0 0 0 0 0 / 30 / s"),
                     BA_RESULT_ONGOING);
}
END_TEST

START_TEST(test_win_by_more_than_half)
{
    const ba_game *g = ba_kalah_game();
    /* 72 seeds: 37 is more than half and wins; 36 each is a draw. */
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 37 / 0 0 0 0 0 0 / 35 / s"), BA_RESULT_WIN0);
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 35 / 0 0 0 0 0 0 / 37 / s"), BA_RESULT_WIN1);
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 36 / 0 0 0 0 0 0 / 36 / n"), BA_RESULT_DRAW);
    /* The last move decides it: South's capture makes 37 against 35. */
    expect_play(g, "1 0 0 0 0 0 / 33 / 0 0 0 0 3 0 / 35 / s", "1",
                "0 0 0 0 0 0 / 37 / 0 0 0 0 0 0 / 35 / n");
    ck_assert_int_eq(result_of(g, "0 0 0 0 0 0 / 37 / 0 0 0 0 0 0 / 35 / n"), BA_RESULT_WIN0);
}
END_TEST

/* ---- notation ------------------------------------------------------------------------------ */

static void expect_move_error(const ba_game *g, const char *pos_text, const char *move, int code,
                              const char *needle)
{
    ba_pos *pos;
    ba_error err;
    ba_move mv;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, pos_text, NULL), BA_OK);
    err.message[0] = '\0';
    int rc = ba_pos_parse_move(pos, move, &mv, &err);
    ck_assert_msg(rc == code, "'%s': rc %d, want %d (%s)", move, rc, code, err.message);
    ck_assert_msg(strstr(err.message, needle) != NULL, "'%s': message '%s' lacks '%s'", move,
                  err.message, needle);
    ba_pos_free(pos);
}

START_TEST(test_move_notation)
{
    const ba_game *g = ba_kalah_game();
    const char *start = "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s";
    const char *north = "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / n";
    ba_pos *pos;
    ba_move mv;
    char buf[16];
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    for (int pit = 1; pit <= 6; pit++) {
        snprintf(buf, sizeof buf, " %d ", pit);
        ck_assert_int_eq(ba_pos_parse_move(pos, buf, &mv, NULL), BA_OK);
        ck_assert_int_eq(mv.len, 1);
        ck_assert_int_eq(mv.bytes[0], pit - 1);
        char back[16];
        ck_assert_int_gt(ba_pos_move_text(pos, &mv, back, sizeof back), 0);
        snprintf(buf, sizeof buf, "%d", pit);
        ck_assert_str_eq(back, buf);
    }
    ck_assert_int_eq(ba_pos_set_text(pos, north, NULL), BA_OK);
    for (int pit = 8; pit <= 13; pit++) {
        snprintf(buf, sizeof buf, "%d", pit);
        ck_assert_int_eq(ba_pos_parse_move(pos, buf, &mv, NULL), BA_OK);
        ck_assert_int_eq(mv.bytes[0], pit - 8);
        char back[16];
        ba_pos_move_text(pos, &mv, back, sizeof back);
        ck_assert_str_eq(back, buf);
    }
    ba_pos_free(pos);

    expect_move_error(g, start, "8", BA_ERR_ILLEGAL, "North's, but South is to move");
    expect_move_error(g, north, "3", BA_ERR_ILLEGAL, "South's, but North is to move");
    expect_move_error(g, start, "7", BA_ERR_ILLEGAL, "South's store");
    expect_move_error(g, start, "14", BA_ERR_ILLEGAL, "North's store");
    expect_move_error(g, start, "0", BA_ERR_PARSE, "no pit 0");
    expect_move_error(g, start, "15", BA_ERR_PARSE, "no pit 15");
    expect_move_error(g, start, "x", BA_ERR_PARSE, "not a pit number");
    expect_move_error(g, start, "1a", BA_ERR_PARSE, "not a pit number");
    expect_move_error(g, start, "-1", BA_ERR_PARSE, "not a pit number");
    expect_move_error(g, start, "", BA_ERR_PARSE, "empty move");
    expect_move_error(g, "0 6 6 6 6 6 / 6 / 6 6 6 6 6 6 / 0 / s", "1", BA_ERR_ILLEGAL,
                      "pit 1 is empty");
    expect_move_error(g, "0 0 0 0 0 0 / 36 / 0 0 0 0 0 0 / 36 / s", "1", BA_ERR_ILLEGAL,
                      "game is over");
}
END_TEST

static void expect_pos_error(const ba_game *g, const char *text, int code, const char *needle)
{
    ba_pos *pos;
    ba_error err;
    char before[BA_POS_TEXT_MAX], after[BA_POS_TEXT_MAX];
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ba_pos_text(pos, before, sizeof before);
    err.message[0] = '\0';
    int rc = ba_pos_set_text(pos, text, &err);
    ck_assert_msg(rc == code, "'%s': rc %d, want %d (%s)", text, rc, code, err.message);
    ck_assert_msg(strstr(err.message, needle) != NULL, "'%s': message '%s' lacks '%s'", text,
                  err.message, needle);
    ba_pos_text(pos, after, sizeof after);
    ck_assert_str_eq(before, after); /* unchanged on error */
    ba_pos_free(pos);
}

START_TEST(test_position_text)
{
    const ba_game *g = ba_kalah_game();
    ba_pos *pos;
    char buf[BA_POS_TEXT_MAX];
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, "  1 2 3 4 5 6/7/ 8 9 10 11 12 0 / 3 /n ", NULL), BA_OK);
    ba_pos_text(pos, buf, sizeof buf);
    ck_assert_str_eq(buf, "1 2 3 4 5 6 / 7 / 8 9 10 11 12 0 / 3 / n");
    ck_assert_int_eq(ba_pos_side_to_move(pos), 1);
    ba_pos_free(pos);

    expect_pos_error(g, "6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s", BA_ERR_PARSE,
                     "South's pits: expected 6 seed counts, found 5");
    expect_pos_error(g, "6 6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s", BA_ERR_PARSE,
                     "more than 6 seed counts");
    expect_pos_error(g, "6 6 6 6 6 6 / 0 / 6 6 x 6 6 6 / 0 / s", BA_ERR_PARSE,
                     "North's pit 10: 'x' is not a seed count");
    expect_pos_error(g, "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / w", BA_ERR_PARSE,
                     "expected 's' or 'n'");
    expect_pos_error(g, "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s x", BA_ERR_PARSE,
                     "unexpected text");
    expect_pos_error(g, "6 6 6 6 6 6 / 0 6 6 6 6 6 6 / 0 / s", BA_ERR_PARSE,
                     "expected '/' after South's store");
    expect_pos_error(g, "6 6 6 6 6 6 / / 6 6 6 6 6 6 / 0 / s", BA_ERR_PARSE,
                     "South's store: expected a seed count");
    expect_pos_error(g, "", BA_ERR_PARSE, "South's pits: expected 6 seed counts, found 0");
    expect_pos_error(g, "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 150 / s", BA_ERR_RANGE,
                     "seeds in all");
    expect_pos_error(g, "6 6 6 6 6 6 / 0 / 6 6 6 6 6 300 / 0 / s", BA_ERR_RANGE,
                     "North's pit 13 holds 300 seeds");
    /* Another board size needs its own number of pits. */
    ba_game *g4 = kt_game(4, 4, 0);
    expect_pos_error(g4, "6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s", BA_ERR_PARSE,
                     "more than 4 seed counts");
    ba_game_destroy(g4);
}
END_TEST

START_TEST(test_variant_errors)
{
    ba_kalah_options o = ba_kalah_options_default();
    ck_assert_int_eq(o.pits, 6);
    ck_assert_int_eq(o.seeds, 6);
    ck_assert_int_eq(o.empty_capture, 0);
    ba_game *g = NULL;
    ba_error err;
    o.pits = 9;
    ck_assert_int_eq(ba_kalah_create(&o, &g, &err), BA_ERR_RANGE);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err.message, "pits must be 1..8, got 9"));
    o.pits = 0;
    ck_assert_int_eq(ba_kalah_create(&o, &g, &err), BA_ERR_RANGE);
    o = ba_kalah_options_default();
    o.seeds = 13;
    ck_assert_int_eq(ba_kalah_create(&o, &g, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "seeds must be 1..12, got 13"));
    o.seeds = 0;
    ck_assert_int_eq(ba_kalah_create(&o, &g, &err), BA_ERR_RANGE);
    o = ba_kalah_options_default();
    o.empty_capture = 2;
    ck_assert_int_eq(ba_kalah_create(&o, &g, &err), BA_ERR_RANGE);
    ck_assert_int_eq(ba_kalah_create(NULL, NULL, &err), BA_ERR_ARG);
    /* Extremes are accepted. */
    g = kt_game(8, 12, 1);
    ck_assert_int_eq(g->max_moves, 8);
    ba_game_destroy(g);
    g = kt_game(1, 1, 0);
    ba_game_destroy(g);
    ba_kalah_options got;
    ck_assert_int_eq(ba_kalah_get_options(ba_kalah_game(), &got), BA_OK);
    ck_assert_int_eq(got.pits, 6);
    ck_assert_int_eq(ba_kalah_get_options(NULL, &got), BA_ERR_ARG);
}
END_TEST

/* ---- cross-check against the reference ----------------------------------------------------- */

START_TEST(test_reference_cross_check)
{
    uint64_t rng = 12345;
    char text[BA_POS_TEXT_MAX], got[BA_POS_TEXT_MAX], want[BA_POS_TEXT_MAX];
    for (int m = 1; m <= 8; m++) {
        for (int ec = 0; ec <= 1; ec++) {
            ba_game *g = kt_game(m, 4, ec);
            const kal_params *p = kal_params_of(g);
            ck_assert_ptr_nonnull(p);
            ba_kalah_solver *solver;
            ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &solver, NULL), BA_OK);
            for (int trial = 0; trial < 300; trial++) {
                kt_ref r;
                int seeds = (int)(kt_rand(&rng) % (uint64_t)(trial % 3 == 0 ? 60 : 4 * m + 2));
                kt_random(&r, m, ec, seeds, &rng);
                kt_text(&r, text, sizeof text);
                ba_pos *pos;
                ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
                ck_assert_msg(ba_pos_set_text(pos, text, NULL) == BA_OK, "%s", text);
                /* legal moves: the mover's non-empty pits, none once the game is over */
                ba_move moves[BA_KALAH_MAX_PITS];
                int n = ba_pos_moves(pos, moves, BA_KALAH_MAX_PITS);
                int want_n = 0;
                for (int i = 0; i < m && !kt_over(&r); i++)
                    want_n += r.ring[kt_pit(&r, r.to_move, i)] > 0;
                ck_assert_msg(n == want_n, "%s: %d moves, want %d", text, n, want_n);
                for (int k = 0; k < n; k++) {
                    kt_ref after = r;
                    kt_play(&after, moves[k].bytes[0]);
                    kt_text(&after, want, sizeof want);
                    ba_pos *child;
                    ck_assert_int_eq(ba_pos_clone(pos, &child), BA_OK);
                    ck_assert_int_eq(ba_pos_play(child, &moves[k], NULL), BA_OK);
                    ba_pos_text(child, got, sizeof got);
                    ck_assert_msg(strcmp(got, want) == 0, "%s pit %d: got '%s', want '%s'", text,
                                  moves[k].bytes[0] + 1, got, want);
                    /* the solver's two sowings agree with the rules too */
                    kal_board B, fast, slow;
                    int margin, g1, g2;
                    kal_board_from_state((const kal_state *)ba_pos_state(pos), &B, &margin);
                    fast = slow = B;
                    int k1 = kal_solver_sow(solver, &fast, moves[k].bytes[0], &g1);
                    int k2 = kal_board_play(p, &slow, moves[k].bytes[0], &g2);
                    ck_assert_int_eq(k1, k2);
                    ck_assert_int_eq(g1, g2);
                    ck_assert(memcmp(&fast, &slow, sizeof fast) == 0);
                    /* and with the game: the board after the move, from the new mover's view */
                    kal_board C;
                    int margin2;
                    kal_board_from_state((const kal_state *)ba_pos_state(child), &C, &margin2);
                    const kal_state *cs = (const kal_state *)ba_pos_state(child);
                    int same_side = cs->to_move == ((const kal_state *)ba_pos_state(pos))->to_move;
                    if (k1 == KAL_SOW_END) {
                        int final_margin = kal_final_margin(p, cs) * (r.to_move == 0 ? 1 : -1);
                        ck_assert_int_eq(final_margin, margin + g1);
                    } else if (same_side) {
                        ck_assert_int_eq(k1, KAL_SOW_EXTRA);
                        ck_assert(memcmp(&C, &fast, sizeof C) == 0);
                        ck_assert_int_eq(margin2, margin + g1);
                    } else {
                        ck_assert_int_eq(k1, KAL_SOW_PASS);
                        ck_assert(C.w[0] == fast.w[1] && C.w[1] == fast.w[0]);
                        ck_assert_int_eq(-margin2, margin + g1);
                    }
                    ba_pos_free(child);
                }
                ba_pos_free(pos);
            }
            ba_kalah_solver_free(solver);
            ba_game_destroy(g);
        }
    }
}
END_TEST

START_TEST(test_render_and_explain)
{
    ba_pos *pos;
    char buf[BA_RENDER_MAX];
    ck_assert_int_eq(ba_pos_new(ba_kalah_game(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, "1 2 3 4 5 6 / 7 / 8 9 10 11 12 0 / 3 / s", NULL), BA_OK);
    ck_assert_int_gt(ba_pos_render(pos, buf, sizeof buf), 0);
    /* North's pits read right to left: 13 (0 seeds) first, 8 (8 seeds) last. */
    ck_assert_ptr_nonnull(strstr(buf, "   13   12   11   10    9    8\n North  [ 0] [12]"));
    ck_assert_ptr_nonnull(strstr(buf, "[ 0] [12] [11] [10] [ 9] [ 8]"));
    ck_assert_ptr_nonnull(strstr(buf, "[ 1] [ 2] [ 3] [ 4] [ 5] [ 6]"));
    ck_assert_ptr_nonnull(strstr(buf, "South to move"));
    ck_assert_int_eq(ba_pos_render(pos, buf, 10), BA_ERR_BUFFER);
    ck_assert_int_gt(ba_pos_explain(pos, buf, sizeof buf), 0);
    ck_assert_ptr_nonnull(strstr(buf, "store 700 300"));
    ck_assert_ptr_nonnull(strstr(buf, "pit_seeds 210 500"));
    /* South's pit k needs 7 - k seeds to reach the store and holds k: no extra-turn move, so
     * the evaluation is 100 * (7 - 3) + 10 * (21 - 50). */
    int score;
    ck_assert_int_eq(ba_pos_evaluate(pos, &score), BA_OK);
    ck_assert_int_eq(score, 100 * (7 - 3) + 10 * (21 - 50));
    ba_pos_free(pos);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("kalah_rules");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_start_position);
    tcase_add_test(tc, test_sowing_skips_opponent_store);
    tcase_add_test(tc, test_wrap_around_small_board);
    tcase_add_test(tc, test_extra_turn);
    tcase_add_test(tc, test_capture_standard);
    tcase_add_test(tc, test_capture_empty_variant);
    tcase_add_test(tc, test_game_end_mover_runs_out);
    tcase_add_test(tc, test_game_end_opponent_runs_out);
    tcase_add_test(tc, test_win_by_more_than_half);
    tcase_add_test(tc, test_move_notation);
    tcase_add_test(tc, test_position_text);
    tcase_add_test(tc, test_variant_errors);
    tcase_add_test(tc, test_reference_cross_check);
    tcase_add_test(tc, test_render_and_explain);
    suite_add_tcase(s, tc);
    return s;
}
