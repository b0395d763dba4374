/* The goal detector: "can this side bring a rabbit to its goal within N steps" (the opponent
 * standing still) against brute force, every sequence of up to N steps, pushes and pulls of that
 * side, on thousands of random positions; and the per-rabbit steps-to-goal against the same. */
#include "arimaa_test_util.h"
#include "check_main.h"
#include "test_util.h"

/* Fewest steps (0..max) after which some rabbit of side stands on its goal rank, by trying
 * every action sequence of side; max + 1 if none. Only rabbit `only_sq` counts when >= 0 (it is
 * followed as it moves). */
static int brute(const arm_state *st, int side, int max, int only_sq)
{
    uint64_t goal = arm_goal_rank(side);
    uint64_t mine = only_sq >= 0 ? arm_bit(only_sq) : st->bb[side][ARM_RABBIT];
    if (mine & st->bb[side][ARM_RABBIT] & goal) return 0;
    if (max == 0) return 1;
    /* A rabbit gains at most one rank per step (its own side never pushes it): exact pruning. */
    int near = 8;
    for (uint64_t b = mine & st->bb[side][ARM_RABBIT]; b; b &= b - 1) {
        int sq = arm_lsb(b), rows = side == ARM_GOLD ? 7 - (sq >> 3) : sq >> 3;
        if (rows < near) near = rows;
    }
    if (near > max) return max + 1;
    int best = max + 1;
    arm_action acts[ARM_MAX_ACTIONS];
    int n = arm_actions(st, side, max, acts);
    for (int i = 0; i < n; i++) {
        arm_state child = *st;
        arm_apply_action(&child, &acts[i]);
        int sq = only_sq;
        if (only_sq >= 0 && (acts[i].step[0] >> 2) == only_sq) sq = arm_step_to(only_sq, acts[i].step[0] & 3);
        if (sq >= 0 && child.board[sq] != side * 8 + ARM_RABBIT) continue; /* it was captured */
        int r = brute(&child, side, max - acts[i].n, sq);
        if (r <= max - acts[i].n && r + acts[i].n < best) best = r + acts[i].n;
    }
    return best;
}

START_TEST(goal_within_matches_brute_force)
{
    unsigned seed = 2026;
    int found[5] = {0};
    for (int i = 0; i < 3000; i++) {
        arm_state st = at_random_position(&seed, i & 1);
        for (int side = 0; side < 2; side++) {
            int want = brute(&st, side, 4, -1);
            int got = arm_goal_steps(&st, side, 4);
            if (got != want) {
                char text[BA_POS_TEXT_MAX];
                arm_position_to_text(&st, text, sizeof text);
                ck_abort_msg("%s: side %d reaches goal in %d steps, the detector says %d", text,
                             side, want, got);
            }
            if (want <= 4) found[want]++;
        }
    }
    /* The positions exercised every distance. */
    for (int k = 1; k <= 4; k++) ck_assert_int_gt(found[k], 20);
}
END_TEST

START_TEST(steps_to_goal_matches_brute_force)
{
    unsigned seed = 99;
    for (int i = 0; i < 1000; i++) {
        arm_state st = at_random_position(&seed, i & 1);
        for (uint64_t b = st.bb[0][ARM_RABBIT] | st.bb[1][ARM_RABBIT]; b; b &= b - 1) {
            int sq = arm_lsb(b);
            int side = st.board[sq] >> 3;
            int want = brute(&st, side, 4, sq);
            int got = arm_steps_to_goal(&st, sq, 4);
            if (got != want) {
                char text[BA_POS_TEXT_MAX];
                arm_position_to_text(&st, text, sizeof text);
                ck_abort_msg("%s: the rabbit on %d reaches goal in %d steps, the search says %d",
                             text, sq, want, got);
            }
        }
    }
}
END_TEST

/* Every budget 0..3 (the steps left inside a turn of the step game), and the step game's
 * goal-threat test built on it: the side to move is threatened when the opponent reaches its
 * goal within 4 steps and the side cannot reach its own within the steps it has left. */
START_TEST(goal_budgets_and_threat_match_brute_force)
{
    unsigned seed = 4242;
    int threatened = 0;
    for (int i = 0; i < 1500; i++) {
        arm_state st = at_random_position(&seed, i & 1);
        st.steps = (uint8_t)(rand_r(&seed) % 4);
        for (int side = 0; side < 2; side++)
            for (int n = 0; n < 4; n++) {
                int want = brute(&st, side, n, -1);
                ck_assert_int_eq(arm_goal_steps(&st, side, n), want);
            }
        int me = st.side, left = arm_steps_left(&st);
        int want = brute(&st, me ^ 1, 4, -1) <= 4 && brute(&st, me, left, -1) > left;
        ck_assert_int_eq(arm_step_threatened(&st), want);
        threatened += want;
    }
    ck_assert_int_gt(threatened, 50); /* the positions exercised the threat */
}
END_TEST

/* The memo gives what the search gives, whatever the order of the questions: each position's
 * rabbits are asked with bounds in a random order (so that entries answer "none within a
 * smaller bound", "exact" and "search on from the next bound"), every answer against a search
 * without the memo; and the second pass over the same positions is answered from the memo. */
START_TEST(goal_memo_gives_the_search_s_answers)
{
    arm_goal_memo *memo = arm_goal_memo_new();
    ck_assert_ptr_nonnull(memo);
    int asked = 0, exact = 0;
    for (int pass = 0; pass < 2; pass++) {
        unsigned seed = 777, order = 31 + (unsigned)pass;
        for (int i = 0; i < 800; i++) {
            arm_state st = at_random_position(&seed, i & 1);
            for (uint64_t b = st.bb[0][ARM_RABBIT] | st.bb[1][ARM_RABBIT]; b; b &= b - 1) {
                int sq = arm_lsb(b);
                for (int k = 0; k < 4; k++) {
                    int bound = (int)(rand_r(&order) % 8);
                    int want = arm_steps_to_goal(&st, sq, bound);
                    ck_assert_int_eq(arm_steps_to_goal_m(memo, &st, sq, bound), want);
                    asked++;
                    exact += want <= bound;
                }
            }
            for (int side = 0; side < 2; side++)
                ck_assert_int_eq(arm_goal_steps_m(memo, &st, side, 5), arm_goal_steps(&st, side, 5));
            ck_assert_int_eq(arm_step_threatened_m(memo, &st), arm_step_threatened(&st));
        }
    }
    ck_assert_int_gt(exact, 200); /* goals were found, not only "none within the bound" */
    ck_assert_int_gt(asked - exact, 200);
    arm_goal_memo_free(memo);
}
END_TEST

/* goal_sharp.txt, next to this file: positions of games (ours and bot_Sharp's) with the side to
 * move and bot_Sharp's answer for its steps to goal within the turn, 1-4 or 5 for none (written
 * by scripts/arimaa-goal-oracle.py; Sharp's goal tree is an independent exact detector). */
START_TEST(goal_matches_sharp_goal_tree_on_game_positions)
{
    FILE *f = bt_open_beside(__FILE__, "goal_sharp.txt");
    ck_assert_msg(f != NULL, "tests/arimaa/goal_sharp.txt is missing");
    char line[4096];
    int positions = 0, wrong = 0, by_steps[6] = {0};
    char first_wrong[512] = "";
    for (int n = 1; fgets(line, sizeof line, f); n++) {
        ck_assert_msg(strchr(line, '\n') || feof(f), "goal_sharp.txt:%d: line too long", n);
        if (line[0] == '#' || line[0] == '\n') continue;
        char side[2], squares[65];
        int want;
        ck_assert_msg(sscanf(line, "%1s [%64[^]]] %d", side, squares, &want) == 3 &&
                          strlen(squares) == 64 && want >= 1 && want <= 5,
                      "goal_sharp.txt:%d: not `side [64 squares] steps`", n);
        char pos[160];
        snprintf(pos, sizeof pos, "%s [%s]", side, squares);
        arm_state st;
        ba_error err = {0, ""};
        ck_assert_msg(arm_position_from_text(&st, pos, &err) == BA_OK, "goal_sharp.txt:%d: %s", n,
                      err.message);
        int got = arm_goal_steps(&st, st.side, 4);
        if (got != want && wrong++ == 0)
            snprintf(first_wrong, sizeof first_wrong, "%s: Sharp's goal tree %d steps, ours %d",
                     pos, want, got);
        by_steps[want]++;
        positions++;
    }
    fclose(f);
    ck_assert_msg(wrong == 0, "%d of %d positions differ; the first: %s", wrong, positions,
                  first_wrong);
    /* The file exercises every distance and many positions without a goal. */
    for (int k = 1; k <= 4; k++) ck_assert_int_gt(by_steps[k], 50);
    ck_assert_int_gt(by_steps[5], 1000);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_goal");
    TCase *tc = tcase_create("goal");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, goal_within_matches_brute_force);
    tcase_add_test(tc, steps_to_goal_matches_brute_force);
    tcase_add_test(tc, goal_budgets_and_threat_match_brute_force);
    tcase_add_test(tc, goal_memo_gives_the_search_s_answers);
    tcase_add_test(tc, goal_matches_sharp_goal_tree_on_game_positions);
    suite_add_tcase(s, tc);
    return s;
}
