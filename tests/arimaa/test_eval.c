/* The Arimaa evaluation: HarLog material, the four rabbit heuristics each on concrete positions
 * (expected values worked out by hand from the published tables), steps to goal on positions
 * whose answer is known, goal-threat detection, and the capture-threat detector (against brute
 * force) and term. */
#include <stddef.h>

#include "arimaa_test_util.h"
#include "boardai/registry.h"
#include "check_main.h"

static const ba_arimaa_eval_tables *T(void) { return ba_arimaa_eval_tables_default(); }
static int sq(const char *name) { return arm_parse_square(name); }

/* The default parameters with every term at 100 %: the checks that work a term out by hand from
 * the tables run at the tables' own scale (the defaults scale the terms as fitted to Sharp's
 * games, arm_params_default.term_pct). */
static arm_params unit_scales(void)
{
    arm_params p = arm_params_default;
    for (int t = 0; t < ARM_TERMS; t++) p.term_pct[t] = 100;
    return p;
}

START_TEST(tables_are_the_published_numbers)
{
    const ba_arimaa_eval_tables *t = T();
    static const int passed[8] = {0, 10, 20, 30, 50, 75, 100, 0};
    static const int goal[18] = {6000, 5000, 5000, 4000, 2000, 300, 275, 250, 200,
                                 175,  150,  125,  100,  90,   80,  60,  30,  0};
    static const int value[6] = {0, 45, 60, 150, 200, 300};
    static const int dist[16] = {100, 100, 100, 90, 70, 30, 20, 15, 10, 5, 4, 3, 2, 1, 0, 0};
    static const int goalf[18] = {100, 100, 100, 100, 100, 100, 100, 100, 90,
                                  80,  70,  60,  50,  40,  30,  20,  10,  8};
    for (int i = 0; i < 8; i++) ck_assert_int_eq(t->passed[i], passed[i]);
    for (int i = 0; i < 18; i++) {
        ck_assert_int_eq(t->goal_threat[i], goal[i]);
        ck_assert_int_eq(arm_h_goal_threat(t, i), goal[i]);
        ck_assert_int_eq(t->power_goal_pct[i], goalf[i]);
    }
    ck_assert_int_eq(arm_h_goal_threat(t, 40), 0); /* 17 or more */
    for (int i = 0; i < 6; i++) ck_assert_int_eq(t->power_value[i], value[i]);
    for (int i = 0; i < 16; i++) ck_assert_int_eq(t->power_distance_pct[i], dist[i]);
    ck_assert_int_eq(t->blocking_per_side, 5);
    ck_assert_int_eq(t->power_clip, 1200);
    ck_assert_int_eq(t->power_weak, -30);
    ck_assert_int_eq(t->power_rank_pct[0], 50);
    ck_assert_int_eq(t->power_rank_pct[1], 100);
    ck_assert_int_eq(t->power_rank_pct[2], 150);
}
END_TEST

#define FULL_GOLD "Ea2 Mb2 Hc2 Hd2 De2 Df2 Cg2 Ch2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1"
#define FULL_SILVER "ea7 mb7 hc7 hd7 de7 df7 cg7 ch7 ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8"

START_TEST(harlog_material)
{
    arm_state full = at_pos('g', FULL_GOLD " " FULL_SILVER);
    ck_assert_int_eq(arm_material(&full, T(), ARM_GOLD), 0);
    /* The first rabbit lost is HarLog's unit: exactly material_scale points. */
    arm_state minus_r = at_pos('g', "Ea2 Mb2 Hc2 Hd2 De2 Df2 Cg2 Ch2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 " FULL_SILVER);
    ck_assert_int_eq(arm_material(&minus_r, T(), ARM_GOLD), -100);
    ck_assert_int_eq(arm_material(&minus_r, T(), ARM_SILVER), 100);
    /* HarLog's published property: indifferent to a dog for two rabbits. */
    arm_state trade = at_pos('g', "Ea2 Mb2 Hc2 Hd2 De2 Cg2 Ch2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 "
                                  "ea7 mb7 hc7 hd7 de7 df7 cg7 ch7 ra8 rb8 rc8 rd8 re8 rf8");
    int v = arm_material(&trade, T(), ARM_GOLD);
    ck_assert_msg(v >= -1 && v <= 1, "dog for two rabbits: %d", v);
    /* Losing a horse costs more than losing a cat, and the elephant most of all. */
    arm_state no_h = at_pos('g', "Ea2 Mb2 Hc2 De2 Df2 Cg2 Ch2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 " FULL_SILVER);
    arm_state no_c = at_pos('g', "Ea2 Mb2 Hc2 Hd2 De2 Df2 Cg2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 " FULL_SILVER);
    arm_state no_e = at_pos('g', "Mb2 Hc2 Hd2 De2 Df2 Cg2 Ch2 Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 " FULL_SILVER);
    int h = arm_material(&no_h, T(), ARM_GOLD), c = arm_material(&no_c, T(), ARM_GOLD),
        e = arm_material(&no_e, T(), ARM_GOLD);
    ck_assert_int_lt(h, c);
    ck_assert_int_lt(c, 0);
    ck_assert_int_lt(e, h);
}
END_TEST

START_TEST(blocking)
{
    /* Rabbit e4: friends beside (d4), beside-ahead (f5): both sides -> 10. */
    arm_state both = at_pos('g', "Re4 Rd4 Cf5 ra8");
    ck_assert_int_eq(arm_h_blocking(&both, T(), sq("e4")), 10);
    /* Only a dog beside-and-behind on the left -> 5. */
    arm_state left = at_pos('g', "Re4 Dd3 ra8");
    ck_assert_int_eq(arm_h_blocking(&left, T(), sq("e4")), 5);
    /* Horses, elephants and enemy rabbits do not count; squares two files away do not. */
    arm_state none = at_pos('g', "Re4 Hd4 Ef4 rf5 Rc4 ra8");
    ck_assert_int_eq(arm_h_blocking(&none, T(), sq("e4")), 0);
    /* Two helpers on one side still count once. */
    arm_state one_side = at_pos('g', "Re4 Rd4 Rd5 Rd3 ra8");
    ck_assert_int_eq(arm_h_blocking(&one_side, T(), sq("e4")), 5);
    /* Silver rabbits use their own friends; the edge file has one side. */
    arm_state silver = at_pos('s', "ra5 cb6 rb4 Ra1");
    ck_assert_int_eq(arm_h_blocking(&silver, T(), sq("a5")), 5);
}
END_TEST

START_TEST(passed_rabbit)
{
    /* Gold rabbit on e5 (rank 5): 50 when no silver rabbit is ahead in files d-f. */
    arm_state free_ = at_pos('g', "Re5 rb8 rf4");
    ck_assert_int_eq(arm_h_passed(&free_, T(), sq("e5")), 50);
    arm_state blocked = at_pos('g', "Re5 rf7");
    ck_assert_int_eq(arm_h_passed(&blocked, T(), sq("e5")), 0);
    arm_state other_piece = at_pos('g', "Re5 hf7 ra8");
    ck_assert_int_eq(arm_h_passed(&other_piece, T(), sq("e5")), 50); /* only rabbits block */
    arm_state r7 = at_pos('g', "Re7 ra8");
    ck_assert_int_eq(arm_h_passed(&r7, T(), sq("e7")), 100);
    arm_state r6 = at_pos('g', "Re6 ra8");
    ck_assert_int_eq(arm_h_passed(&r6, T(), sq("e6")), 75);
    arm_state r2 = at_pos('g', "Re2 ra8");
    ck_assert_int_eq(arm_h_passed(&r2, T(), sq("e2")), 10);
    /* Silver counts ranks from its side: d3 is its rank 6. */
    arm_state s6 = at_pos('s', "rd3 Rh1");
    ck_assert_int_eq(arm_h_passed(&s6, T(), sq("d3")), 75);
    arm_state s6b = at_pos('s', "rd3 Rc2");
    ck_assert_int_eq(arm_h_passed(&s6b, T(), sq("d3")), 0);
    arm_state s6c = at_pos('s', "rd3 Rc4");
    ck_assert_int_eq(arm_h_passed(&s6c, T(), sq("d3")), 75); /* behind it does not count */
}
END_TEST

START_TEST(steps_to_goal_known_positions)
{
    arm_state one = at_pos('g', "Re7 ra8");
    ck_assert_int_eq(arm_steps_to_goal(&one, sq("e7"), 6), 1);
    arm_state two = at_pos('g', "Re6 ra8");
    ck_assert_int_eq(arm_steps_to_goal(&two, sq("e6"), 6), 2);
    arm_state zero = at_pos('s', "Re8 ra7");
    ck_assert_int_eq(arm_steps_to_goal(&zero, sq("e8"), 6), 0);
    /* Blocked by a silver cat on e8, side squares held by gold dogs: the horse on f8 pulls the
     * cat away (f8 -> g8, cat e8 -> f8), then the rabbit steps: 3. */
    arm_state pull = at_pos('g', "Re7 ce8 Hf8 Dd7 Df7 ra1");
    ck_assert_int_eq(arm_steps_to_goal(&pull, sq("e7"), 6), 3);
    ck_assert_int_eq(arm_steps_to_goal(&pull, sq("e7"), 2), 3); /* bound 2: "more than 2" */
    /* Frozen by the silver dog on d7: the cat g7 -> f7 unfreezes it, then e7 -> e8: 2. */
    arm_state frozen = at_pos('g', "Re7 dd7 Cg7 ra1");
    ck_assert_int_eq(arm_steps_to_goal(&frozen, sq("e7"), 6), 2);
    arm_state stuck = at_pos('g', "Re7 dd7 Rh1 ra1");
    ck_assert_int_eq(arm_steps_to_goal(&stuck, sq("e7"), 6), 7);
    /* The straight path crosses trap c6: without a friend there it must go round (4 steps);
     * with a gold dog on b6 guarding the trap it goes straight (3). */
    arm_state trap = at_pos('g', "Rc5 ra1");
    ck_assert_int_eq(arm_steps_to_goal(&trap, sq("c5"), 6), 4);
    arm_state guarded = at_pos('g', "Rc5 Db6 ra1");
    ck_assert_int_eq(arm_steps_to_goal(&guarded, sq("c5"), 6), 3);
    /* Only a push helps: the rabbit on e7 is frozen by the dog d7 and the cat f7, e6 is taken,
     * e8 is its only free neighbour. The horse on c7 pushes the dog to d6 and takes d7, beside
     * the rabbit, which then steps: 3. (A pull would leave the cat freezing it: 5 or more.) */
    arm_state push = at_pos('g', "Re7 dd7 cf7 re6 Hc7 ra1");
    ck_assert_int_eq(arm_steps_to_goal(&push, sq("e7"), 6), 3);
    /* Silver goes down. */
    arm_state s = at_pos('s', "rd3 Ra8");
    ck_assert_int_eq(arm_steps_to_goal(&s, sq("d3"), 6), 2);
    /* Public wrapper: no rabbit there is an error. */
    ck_assert_int_eq(ba_arimaa_steps_to_goal(ba_arimaa_game(), &s, sq("a1"), 6), BA_ERR_ARG);
    ck_assert_int_eq(ba_arimaa_steps_to_goal(ba_arimaa_game(), &s, sq("d3"), 6), 2);
}
END_TEST

START_TEST(power_balance)
{
    /* Gold rabbit e6, square in front e7. Gold elephant d7: distance 1 -> 300 x 1.0; silver
     * dog h7: distance 3 -> 60 x 0.9 = 54. Sum 246; rank 6 factor 1.0; 2 steps to goal -> 1.0. */
    arm_state st = at_pos('g', "Re6 Ed7 dh7 ra8");
    ck_assert_int_eq(arm_h_power_sum(&st, T(), sq("e6")), 246);
    ck_assert_int_eq(arm_h_power(&st, T(), sq("e6"), 2), 246);
    ck_assert_int_eq(arm_h_power(&st, T(), sq("e6"), 9), 196); /* goal factor 0.8: 196.8 */
    ck_assert_int_eq(arm_h_power(&st, T(), sq("e6"), 17), 19);  /* 0.08: 19.68 */
    /* Rabbit e5 (rank 5): front e6; elephant d7 at 2 -> 300; dog h7 at 4 -> 60 x 0.7 = 42. */
    arm_state r5 = at_pos('g', "Re5 Ed7 dh7 ra8");
    ck_assert_int_eq(arm_h_power_sum(&r5, T(), sq("e5")), 258);
    ck_assert_int_eq(arm_h_power(&r5, T(), sq("e5"), 3), 129); /* rank factor 0.5 */
    /* Rank 7: factor 1.5. Elephant d8 is at distance 1 from e8. */
    arm_state r7 = at_pos('g', "Re7 Ed8 ra1");
    ck_assert_int_eq(arm_h_power(&r7, T(), sq("e7"), 1), 450);
    /* Rank 4 and below: no term. */
    arm_state r4 = at_pos('g', "Re4 Ed5 ra8");
    ck_assert_int_eq(arm_h_power(&r4, T(), sq("e4"), 4), 0);
    /* Weak: the silver elephant on e8 (distance 1 from e7) outweighs a far gold dog. */
    arm_state weak = at_pos('g', "Re6 ee8 Da1 ra7");
    ck_assert_int_lt(arm_h_power_sum(&weak, T(), sq("e6")), 0);
    ck_assert_int_eq(arm_h_power(&weak, T(), sq("e6"), 2), -30);
    /* On a trap: half. Rabbit c6 guarded by the elephant on b6 (distance 2 from c7): 300. */
    arm_state trap = at_pos('g', "Rc6 Eb6 ra1");
    ck_assert_int_eq(arm_h_power(&trap, T(), sq("c6"), 2), 150);
    /* Frozen pieces do not count: the gold horse g7 frozen by the silver camel h7 leaves
     * -200 x 0.9 = -180 (weak); a gold cat on g8 unfreezes it: 150 + 45 x 0.9 - 180 = 10. */
    arm_state frozen = at_pos('g', "Re6 Hg7 mh7 ra1");
    ck_assert_int_eq(arm_h_power_sum(&frozen, T(), sq("e6")), -180);
    ck_assert_int_eq(arm_h_power(&frozen, T(), sq("e6"), 2), -30);
    arm_state freed = at_pos('g', "Re6 Hg7 mh7 Cg8 ra1");
    ck_assert_int_eq(arm_h_power_sum(&freed, T(), sq("e6")), 10);
    ck_assert_int_eq(arm_h_power(&freed, T(), sq("e6"), 2), 10);
    /* The clip at +1200, with a table whose elephant is worth 2000. */
    ba_arimaa_eval_tables big = *T();
    big.power_value[ARM_ELEPHANT] = 2000;
    ck_assert_int_eq(arm_h_power_sum(&st, &big, sq("e6")), 1200);
    /* Silver: rabbit d3 is on its rank 6, front square d2. */
    arm_state s = at_pos('s', "rd3 ec2 Ra8");
    ck_assert_int_eq(arm_h_power(&s, T(), sq("d3"), 2), 300);
}
END_TEST

/* A goal is claimed only where the evaluation's goal search found one. With goal_search_steps
 * below 4 a rabbit it did not find counted its bound + 1 (or its rows), 4 or fewer, and every
 * turn start read as a goal now: a 10-step search grew 35 times (docs/arimaa.md, "The
 * thirty-third round"). Here Gold's rabbit on d5 is three rows from a goal rank that Silver's
 * rabbits fill, and no other rabbit is within six rows: every bound, both ways of counting an
 * unfound rabbit, at a turn start and inside a turn of the step game. A rabbit one step from
 * its goal is still a goal now under every bound from 1. */
START_TEST(goal_claimed_only_where_found)
{
    arm_state far = at_pos('g', "Rd5 Ra1 Ea2 ee6 ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8");
    arm_state near = at_pos('g', "Re7 Ea2 ea7 rh8 Rb1");
    for (int flat = 0; flat <= 1; flat++) {
        for (int bound = 0; bound <= 6; bound++) {
            for (int inside = 0; inside <= 2; inside++) {
                arm_params p = arm_params_default;
                p.goal_unsearched_flat = flat;
                p.goal_search_steps = bound;
                p.by_steps = inside > 0;
                arm_state st = far;
                st.steps = (uint8_t)(inside == 2); /* one step into the turn */
                int v = arm_evaluate(&p, &st);
                ck_assert_msg(abs(v) < p.eval.goal_now_score / 2,
                              "flat %d, bound %d, step game %d, inside a turn %d: %d", flat,
                              bound, inside > 0, inside == 2, v);
                if (bound >= 1 && inside < 2)
                    ck_assert_int_ge(arm_evaluate(&p, &near), p.eval.goal_now_score - 4);
            }
        }
    }
}
END_TEST

START_TEST(goal_threat_detection_and_totals)
{
    const ba_game *g = ba_arimaa_game();
    /* Gold to move with a rabbit one step from goal: the leaf is scored as a goal now. */
    arm_state now = at_pos('g', "Re7 Ea2 ea7 rh8 Rb1");
    int v = g->evaluate(g, &now);
    ck_assert_int_ge(v, T()->goal_now_score - 4);
    ck_assert_int_le(v, BA_SCORE_EVAL_MAX);
    /* Silver to move in the same position: a threat Silver must meet, not a won leaf. */
    arm_state threat = now;
    threat.side = ARM_SILVER;
    threat.hash = arm_hash_full(&threat);
    int w = g->evaluate(g, &threat);
    ck_assert_int_lt(w, 0);
    ck_assert_int_gt(w, -T()->goal_now_score / 2);
    /* At the tables' own scale the one-step threat (6000 at goal_threat[1]) outweighs the rest. */
    arm_params unit = unit_scales();
    ck_assert_int_lt(arm_evaluate(&unit, &threat), -4000);
    /* Symmetric positions evaluate to 0 for either side to move. */
    arm_state sym = at_pos('g', FULL_GOLD " " FULL_SILVER);
    ck_assert_int_eq(g->evaluate(g, &sym), 0);
    sym.side = ARM_SILVER;
    ck_assert_int_eq(g->evaluate(g, &sym), 0);
    /* explain() names the terms. */
    char buf[1024];
    ck_assert_int_gt(g->explain(g, &now, buf, sizeof buf), 0);
    ck_assert(strstr(buf, "material(harlog)") && strstr(buf, "power_balance") &&
              strstr(buf, "blocking") && strstr(buf, "passed") && strstr(buf, "goal_threat"));
    /* Options: a bad bound is refused, a custom table is used. */
    ba_arimaa_options o;
    ba_arimaa_options_default(&o);
    o.goal_search_steps = 99;
    ba_game *custom = NULL;
    ba_error err;
    ck_assert_int_eq(ba_arimaa_create(&o, &custom, &err), BA_ERR_RANGE);
    ba_arimaa_options_default(&o);
    o.eval.material_scale = 200;
    ck_assert_int_eq(ba_arimaa_create(&o, &custom, &err), BA_OK);
    arm_state minus_r = at_pos('s', "Ea2 Ra1 Rb1 ea7 ra8");
    int base = g->evaluate(g, &minus_r), scaled = custom->evaluate(custom, &minus_r);
    ck_assert_int_ne(base, scaled);
    ba_game_destroy(custom);
}
END_TEST

/* The best capture weight of side by brute force: every action, and with two_actions every
 * pair of actions within 4 steps, played out. */
static int brute_capture(const arm_state *st, int side, int two_actions)
{
    arm_action acts[ARM_MAX_ACTIONS], next[ARM_MAX_ACTIONS];
    int n = arm_actions(st, side, 4, acts), best = 0;
    for (int i = 0; i < n; i++) {
        arm_state child = *st;
        arm_apply_action(&child, &acts[i]);
        int w = arm_capture_weight(st, &child, side);
        if (w > best) best = w;
        if (!two_actions) continue;
        int m = arm_actions(&child, side, 4 - acts[i].n, next);
        for (int j = 0; j < m; j++) {
            arm_state grand = child;
            arm_apply_action(&grand, &next[j]);
            int v = arm_capture_weight(st, &grand, side);
            if (v > best) best = v;
        }
    }
    return best;
}

/* One push or pull: the detector finds exactly the best capture brute force finds, on random
 * positions. Two actions: every capture it reports is real (brute force reaches a position with
 * that weight), and it finds most of those brute force finds (the preparations it tries are a
 * subset: pushes, pulls and arrivals near a trap). */
START_TEST(capture_threat_matches_brute_force)
{
    unsigned seed = 7;
    int one = 0, two = 0, two_found = 0;
    for (int i = 0; i < 600; i++) {
        arm_state st = at_random_position(&seed, 1);
        for (int side = 0; side < 2; side++) {
            arm_state after;
            int want = 0;
            arm_action acts[ARM_MAX_ACTIONS];
            int n = arm_actions(&st, side, 2, acts);
            for (int k = 0; k < n; k++) {
                if (acts[k].n != 2) continue;
                arm_state child = st;
                arm_apply_action(&child, &acts[k]);
                int w = arm_capture_weight(&st, &child, side);
                if (w > want) want = w;
            }
            int got = arm_capture_threat(&st, side, 1, &after);
            ck_assert_int_eq(got, want > 0);
            if (got) ck_assert_int_eq(arm_capture_weight(&st, &after, side), want);
            one += want > 0;
            int want2 = brute_capture(&st, side, 1);
            int got2 = arm_capture_threat(&st, side, 2, &after);
            if (got2) {
                int w2 = arm_capture_weight(&st, &after, side);
                ck_assert_int_gt(w2, 0);
                ck_assert_int_le(w2, want2);
                ck_assert(arm_state_valid(&after));
                two_found += w2 == want2;
            }
            if (want2 > 0) two++;
            else ck_assert_int_eq(got2, 0);
        }
    }
    ck_assert_int_gt(one, 100); /* the positions had captures to find */
    ck_assert_int_gt(two, one);
    /* The two-action detector finds the best capture in at least 90 % of the positions. */
    ck_assert_msg(two_found * 10 >= two * 9, "best two-action capture found in %d of %d", two_found, two);
}
END_TEST

/* The capture-threat detector as it was before it played its actions on occupancy sets only
 * (threats.c): every candidate action played on a copy of the whole state. It is the slow
 * reference the detector must agree with exactly, capture and state after it alike. */
static void reference_threat_one(const arm_state *root, const arm_state *st, int side, int *best,
                                 arm_state *after)
{
    int e = side ^ 1;
    uint64_t movers = st->occ[side] & ~st->bb[side][ARM_RABBIT];
    uint64_t zone = 0;
    for (uint64_t t = ARM_TRAPS; t; t &= t - 1) {
        uint64_t def = st->occ[e] & arm_neighbours(t & (0 - t));
        if (def && !(def & (def - 1))) zone |= def;
    }
    zone &= arm_neighbours(movers);
    if (!zone) return;
    arm_action acts[ARM_MAX_ACTIONS];
    int n = arm_actions_of(st, side, 2, arm_neighbours(zone), acts);
    for (int i = 0; i < n; i++) {
        const arm_action *a = &acts[i];
        if (a->n != 2) continue;
        int s0 = a->step[0] >> 2;
        int victim = (st->board[s0] >> 3) == e ? s0 : a->step[1] >> 2;
        if (!(zone & arm_bit(victim))) continue;
        arm_state child = *st;
        arm_apply_action(&child, a);
        if (arm_popcount(child.occ[e]) == arm_popcount(st->occ[e])) continue;
        int w = arm_capture_weight(root, &child, side);
        if (w > *best) {
            *best = w;
            *after = child;
        }
    }
}

static int reference_capture_threat(const arm_state *st, int side, int actions, arm_state *after)
{
    int best = 0;
    reference_threat_one(st, st, side, &best, after);
    if (actions < 2) return best > 0;
    int e = side ^ 1;
    uint64_t near = 0, near2 = 0;
    for (uint64_t t = ARM_TRAPS; t; t &= t - 1) {
        uint64_t ring = arm_neighbours(t & (0 - t));
        uint64_t area = t & (0 - t);
        area |= ring | arm_neighbours(ring);
        if (arm_popcount(st->occ[e] & ring) > 2 || !(st->occ[e] & area)) continue;
        near |= ring;
        near2 |= area;
    }
    uint64_t arrive = arm_neighbours(st->occ[e] & near);
    if (!(st->occ[e] & near2)) return best > 0;
    arm_action acts[ARM_MAX_ACTIONS];
    int n = arm_actions_of(st, side, 2, arm_neighbours((st->occ[e] & near2) | arrive), acts);
    for (int i = 0; i < n; i++) {
        const arm_action *a = &acts[i];
        int s0 = a->step[0] >> 2;
        if (a->n == 2) {
            int victim = (st->board[s0] >> 3) == e ? s0 : a->step[1] >> 2;
            if (!(near2 & arm_bit(victim))) continue;
        } else {
            int to = arm_step_to(s0, a->step[0] & 3);
            if ((st->board[s0] & 7) == ARM_RABBIT || !(arrive & arm_bit(to))) continue;
        }
        arm_state child = *st;
        arm_apply_action(&child, a);
        int w = arm_capture_weight(st, &child, side);
        if (w > best) {
            best = w;
            *after = child;
        }
        reference_threat_one(st, &child, side, &best, after);
    }
    return best > 0;
}

/* The detector agrees with the slow reference above on random positions and on the positions
 * random play reaches from them (more pieces beside traps): the same answer and, when there is a
 * capture, the same state after it (the same capture among equal ones). */
START_TEST(capture_threat_matches_reference)
{
    unsigned seed = 11;
    int found = 0, found_two = 0;
    for (int i = 0; i < 1500; i++) {
        arm_state st = at_random_position(&seed, (int)(i & 1));
        for (int walk = 0; walk < 6; walk++) {
            for (int side = 0; side < 2; side++) {
                int one_weight = 0;
                for (int actions = 1; actions <= 2; actions++) {
                    arm_state want, got;
                    memset(&want, 0, sizeof want);
                    memset(&got, 0, sizeof got);
                    int r = reference_capture_threat(&st, side, actions, &want);
                    ck_assert_int_eq(arm_capture_threat(&st, side, actions, &got), r);
                    ck_assert_int_eq(arm_capture_threat(&st, side, actions, NULL), r);
                    if (!r) continue;
                    ck_assert_msg(memcmp(&want, &got, sizeof want) == 0,
                                  "position %d walk %d side %d actions %d: another capture", i,
                                  walk, side, actions);
                    if (actions == 1) {
                        found++;
                        one_weight = arm_capture_weight(&st, &want, side);
                    } else {
                        /* A capture better than any one action's: the two-action part. */
                        found_two += arm_capture_weight(&st, &want, side) > one_weight;
                    }
                }
            }
            /* One random action of the side to move, then the other side's turn. */
            arm_action acts[ARM_MAX_ACTIONS];
            int n = arm_actions(&st, st.side, 2, acts);
            if (!n) break;
            arm_apply_action(&st, &acts[rand_r(&seed) % (unsigned)n]);
            st.side ^= 1;
            st.hash = arm_hash_full(&st);
            if (arm_static_result(&st) != BA_RESULT_ONGOING) break;
        }
    }
    /* The positions had captures of both kinds to agree on. */
    ck_assert_int_gt(found, 1000);
    ck_assert_int_gt(found_two, 200);
}
END_TEST

/* Concrete captures seen in games against bot_Sharp. */
START_TEST(capture_threat_positions)
{
    arm_state after;
    /* One push: Gold's elephant pushes the rabbit on f5 onto f6, where no silver piece stands
     * beside it. */
    arm_state push = at_pos('g', "Ee5 rf5 Ra2 rh8");
    ck_assert_int_eq(arm_capture_threat(&push, ARM_GOLD, 1, &after), 1);
    ck_assert_int_eq(at_on(&after, "f5"), 'E');
    ck_assert_int_eq(arm_popcount(after.occ[ARM_SILVER]), 1);
    /* Silver cannot capture anything there. */
    ck_assert_int_eq(arm_capture_threat(&push, ARM_SILVER, 2, &after), 0);
    /* A step, then a push: the horse on b6 steps to b5 and pushes the cat on c5 onto c6. One
     * action is not enough. */
    arm_state step_push = at_pos('s', "hb6 Cc5 Ra2 Ee1 rh8");
    ck_assert_int_eq(arm_capture_threat(&step_push, ARM_SILVER, 1, NULL), 0);
    ck_assert_int_eq(arm_capture_threat(&step_push, ARM_SILVER, 2, &after), 1);
    ck_assert_int_eq(arm_popcount(after.bb[ARM_GOLD][ARM_CAT]), 0);
    /* A push onto a guarded trap, then a pull of its guard: the elephant on d5 pushes the camel
     * on d6 onto c6 (the cat on c5 guards it), the camel on b5 steps north pulling the cat away,
     * and the camel falls (better than the cat alone). */
    arm_state two = at_pos('s', "Md6 Cc5 ed5 mb5 Ra2 rh8");
    ck_assert_int_eq(arm_capture_threat(&two, ARM_SILVER, 2, &after), 1);
    ck_assert_int_eq(arm_popcount(after.bb[ARM_GOLD][ARM_CAMEL]), 0);
    ck_assert_int_eq(arm_popcount(after.bb[ARM_GOLD][ARM_CAT]), 1);
}
END_TEST

/* A registry knob of Arimaa's: "arimaa:name=good" sets the int field at offset of the game's
 * parameters to good, and "arimaa:name=bad" (out of its range) is refused with a message that
 * names it. */
static void check_knob(const char *name, size_t offset, int good, int bad)
{
    char spec[96];
    ba_game *g = NULL;
    ba_error err;
    snprintf(spec, sizeof spec, "arimaa:%s=%d", name, good);
    ck_assert_int_eq(ba_game_open(spec, &g, &err), BA_OK);
    int set;
    memcpy(&set, (const char *)g->params + offset, sizeof set);
    ck_assert_int_eq(set, good);
    ba_game_destroy(g);
    g = NULL;
    snprintf(spec, sizeof spec, "arimaa:%s=%d", name, bad);
    ck_assert_int_ne(ba_game_open(spec, &g, &err), BA_OK);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err.message, name));
}

/* Unit scales with the danger charges beside traps off: the capture threat alone. */
static arm_params threat_alone(void)
{
    arm_params p = unit_scales();
    p.trap_danger_pct = p.trap_danger_frozen_pct = p.trap_danger_stuck_pct = 0;
    return p;
}

/* The evaluation credits the side that moves next with its capture threat: at a turn start the
 * side to move; inside a turn of the step game the opponent. */
START_TEST(capture_threat_term)
{
    /* The threat alone here (the two together: capture_threat_not_charged_twice). */
    arm_params p = threat_alone();
    arm_params off = p;
    off.capture_threat_pct = 0;
    arm_state push = at_pos('g', "Ee5 rf5 Ra2 rh8 ea8");
    int gain = arm_threat_gain(&p, &push, ARM_GOLD);
    arm_state taken = push;
    ck_assert_int_eq(arm_capture_threat(&push, ARM_GOLD, 2, &taken), 1);
    int material = arm_material(&taken, &p.eval, ARM_GOLD) - arm_material(&push, &p.eval, ARM_GOLD);
    ck_assert_int_gt(material, 0);
    ck_assert_int_eq(gain, material * p.capture_threat_pct / 100);
    ck_assert_int_eq(arm_threat_gain(&off, &push, ARM_GOLD), 0);
    ck_assert_int_eq(arm_threat_gain(&p, &push, ARM_SILVER), 0);
    /* Gold to move at a turn start: + gain. */
    ck_assert_int_eq(arm_evaluate(&p, &push) - arm_evaluate(&off, &push), gain);
    /* Silver inside its turn in the step game (the turn valued as if it ended there): Gold moves
     * next, so Silver's value drops by the same gain. */
    arm_state mid = push;
    mid.side = ARM_SILVER;
    mid.steps = 1;
    mid.turn_start = 1;
    mid.hash = arm_hash_full(&mid);
    p.by_steps = off.by_steps = 1;
    ck_assert_int_eq(arm_evaluate(&p, &mid) - arm_evaluate(&off, &mid), -gain);
    /* The side that moves second: Silver to move at a turn start, Gold's threat still there,
     * counted at capture_threat_waiting_pct (the rabbit on f5 is frozen with no friend near, so
     * the stuck percent is set to the same here; threat_on_stuck_victims_is_paid_more tells
     * them apart). */
    arm_params q = p;
    q.capture_threat_stuck_pct = q.capture_threat_waiting_pct;
    arm_params q_off = q;
    q_off.capture_threat_waiting_pct = q_off.capture_threat_stuck_pct = 0;
    arm_state waiting = push;
    waiting.side = ARM_SILVER;
    waiting.hash = arm_hash_full(&waiting);
    ck_assert_int_eq(arm_evaluate(&q, &waiting) - arm_evaluate(&q_off, &waiting),
                     -(material * q.capture_threat_waiting_pct / 100));
    /* And Gold inside its turn of the step game: Silver moves next, Gold's threat waits. */
    arm_state gold_mid = push;
    gold_mid.steps = 1;
    gold_mid.turn_start = 1;
    q.by_steps = q_off.by_steps = 1;
    ck_assert_int_eq(arm_evaluate(&q, &gold_mid) - arm_evaluate(&q_off, &gold_mid),
                     material * q.capture_threat_waiting_pct / 100);
    /* The registry's knob for the waiting percent (default 25), bounded 0..100. */
    ck_assert_int_eq(arm_params_default.capture_threat_waiting_pct, 25);
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("arimaa:threat_waiting_pct=0", &g, &err), BA_OK);
    ck_assert_int_eq(((const arm_params *)g->params)->capture_threat_waiting_pct, 0);
    ck_assert_int_eq(((const arm_params *)g->params)->capture_threat_stuck_pct,
                     arm_params_default.capture_threat_stuck_pct);
    ba_game_destroy(g);
    ck_assert_int_ne(ba_game_open("arimaa:threat_waiting_pct=101", &g, &err), BA_OK);
    ck_assert_ptr_nonnull(strstr(err.message, "threat_waiting_pct"));
}
END_TEST

/* threat_steps_left: inside a turn of the step game each side's capture threat is paid between
 * its turn-start percent and the waiting one, by the steps the mover has left (k): the side that
 * moves next 75 - 50k/4 %, the mover 25 + 50k/4 %; at a turn start nothing changes. */
START_TEST(capture_threat_by_steps_left)
{
    arm_params off = threat_alone();
    off.capture_threat_stuck_pct = off.capture_threat_waiting_pct; /* the f5 rabbit is stuck */
    off.by_steps = 1;
    arm_params on = off;
    on.capture_threat_steps_left = 1;
    /* Gold's elephant can push the rabbit on f5 onto f6; Silver has no capture. */
    arm_state st = at_pos('g', "Ee5 rf5 Ra2 rh8 ea8");
    arm_state taken = st;
    ck_assert_int_eq(arm_capture_threat(&st, ARM_GOLD, 2, &taken), 1);
    int material = arm_material(&taken, &off.eval, ARM_GOLD) - arm_material(&st, &off.eval, ARM_GOLD);
    ck_assert_int_gt(material, 0);
    ck_assert_int_eq(arm_threat_gain(&off, &st, ARM_SILVER), 0);
    ck_assert_int_eq(arm_evaluate(&on, &st), arm_evaluate(&off, &st)); /* a turn start */
    for (int steps = 1; steps <= 3; steps++) {
        int left = 4 - steps, shift = (75 - 25) * left / 4; /* 37, 25, 12 */
        /* Silver inside its turn: Gold moves next, its threat paid 75 - shift % instead of 75. */
        arm_state silver_mid = st;
        silver_mid.side = ARM_SILVER;
        silver_mid.steps = steps;
        silver_mid.turn_start = 1;
        silver_mid.hash = arm_hash_full(&silver_mid);
        ck_assert_int_eq(arm_evaluate(&on, &silver_mid) - arm_evaluate(&off, &silver_mid),
                         material * 75 / 100 - material * (75 - shift) / 100);
        /* Gold inside its turn: its own threat paid 25 + shift % instead of 25. */
        arm_state gold_mid = st;
        gold_mid.steps = steps;
        gold_mid.turn_start = 1;
        gold_mid.hash = arm_hash_full(&gold_mid);
        ck_assert_int_eq(arm_evaluate(&on, &gold_mid) - arm_evaluate(&off, &gold_mid),
                         material * (25 + shift) / 100 - material * 25 / 100);
    }
    /* The registry's knob, off by default (0-10 against Sharp at 4 steps, docs/arimaa.md). */
    ck_assert_int_eq(arm_params_default.capture_threat_steps_left, 0);
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("arimaa:threat_steps_left=1", &g, &err), BA_OK);
    ck_assert_int_eq(((const arm_params *)g->params)->capture_threat_steps_left, 1);
    ba_game_destroy(g);
    ck_assert_int_ne(ba_game_open("arimaa:threat_steps_left=2", &g, &err), BA_OK);
}
END_TEST

/* The material side's best capture wins in st (0 when it has none), worked out from the detector. */
static int capture_material(const arm_state *st, int side)
{
    arm_state after = *st;
    if (!arm_capture_threat(st, side, 2, &after)) return 0;
    return arm_material(&after, &arm_params_default.eval, side) -
           arm_material(st, &arm_params_default.eval, side);
}

/* threat_exchange: with both sides threatening a capture, the side that moves next either cashes
 * its own (the other then cashes what is left, at the next mover's 75 %) or parries the other's
 * (25 %, giving up its own), whichever is better; with one threat, or the knob off, nothing
 * changes. */
START_TEST(capture_threat_exchange)
{
    arm_params off = threat_alone();
    arm_params on = off;
    on.capture_threat_exchange = 1;
    /* Gold's elephant on e5 can push the rabbit on f5 onto f6. Silver's elephant on d4 can push
     * the camel on d3 onto c3, which no gold piece guards. Gold's capture leaves Silver's. */
    arm_state both = at_pos('g', "Ee5 Md3 Ra1 Rb1 Rg1 Rh1 rf5 ed4 ra8 rb8 rg8 rh8");
    int a = capture_material(&both, ARM_GOLD), b = capture_material(&both, ARM_SILVER);
    ck_assert_int_gt(a, 0);
    ck_assert_int_gt(b, a); /* a camel against a rabbit */
    int gain_next = a * 75 / 100, gain_second = b * 25 / 100, take = gain_next - b * 75 / 100;
    int value = take > -gain_second ? take : -gain_second;
    ck_assert_int_lt(value, gain_next - gain_second);
    ck_assert_int_eq(arm_evaluate(&on, &both) - arm_evaluate(&off, &both),
                     value - (gain_next - gain_second));
    /* Silver inside its turn of the step game: Gold moves next all the same, and Silver's value
     * is the negation. */
    arm_state silver_mid = both;
    silver_mid.side = ARM_SILVER;
    silver_mid.steps = 1;
    silver_mid.turn_start = 1;
    silver_mid.hash = arm_hash_full(&silver_mid);
    on.by_steps = off.by_steps = 1;
    ck_assert_int_eq(arm_evaluate(&on, &silver_mid) - arm_evaluate(&off, &silver_mid),
                     -(value - (gain_next - gain_second)));
    on.by_steps = off.by_steps = 0;
    /* A capture that takes the attacker: Gold's elephant on e5 can step to d5 and push the horse
     * on c5 onto c6; that horse is what threatens to push the rabbit on c4 onto c3. Cashing
     * leaves Silver no threat, so Gold keeps its whole 75 % and no longer pays Silver's 25 %. */
    arm_state kills = at_pos('g', "Ee5 Rc4 Ra1 Rb1 Rg1 Rh1 hc5 ra8 rb8 rg8 rh8 eh7");
    a = capture_material(&kills, ARM_GOLD);
    b = capture_material(&kills, ARM_SILVER);
    ck_assert_int_gt(a, 0);
    ck_assert_int_gt(b, 0);
    arm_state cashed = kills;
    ck_assert_int_eq(arm_capture_threat(&kills, ARM_GOLD, 2, &cashed), 1);
    ck_assert_int_eq(capture_material(&cashed, ARM_SILVER), 0);
    ck_assert_int_eq(arm_evaluate(&on, &kills) - arm_evaluate(&off, &kills), b * 25 / 100);
    /* One threat only (the first position without the camel): no change. */
    arm_state one = at_pos('g', "Ee5 Ra1 Rb1 Rg1 Rh1 rf5 ed4 ra8 rb8 rg8 rh8");
    ck_assert_int_eq(capture_material(&one, ARM_SILVER), 0);
    ck_assert_int_eq(arm_evaluate(&on, &one), arm_evaluate(&off, &one));
    /* The registry's knob, off by default. */
    ck_assert_int_eq(arm_params_default.capture_threat_exchange, 0);
    check_knob("threat_exchange", offsetof(arm_params, capture_threat_exchange), 1, 2);
}
END_TEST

/* The position with colours and ranks swapped (Gold's pieces become Silver's, rank r -> 9 - r). */
static arm_state mirrored(const arm_state *st)
{
    arm_state m;
    arm_clear(&m);
    m.phase = st->phase;
    m.side = st->side ^ 1;
    for (int sq = 0; sq < 64; sq++)
        if (st->board[sq] != ARM_EMPTY)
            arm_put(&m, (7 - (sq >> 3)) * 8 + (sq & 7), (st->board[sq] >> 3) ^ 1, st->board[sq] & 7);
    m.hash = arm_hash_full(&m);
    return m;
}

/* Trap control: the powers counted by hand, and the term the same from either side's view. */
START_TEST(trap_control)
{
    /* c6 is trap 2. The elephant on c7 stands beside it (8 x 2); the silver cat on a6 is two
     * squares away (2 x 1); every other piece is more than two squares from every trap. */
    arm_state st = at_pos('g', "Ec7 ca6 Ra1 rh8");
    ck_assert_int_eq(arm_trap_power(&st, ARM_GOLD, 2, st.occ[ARM_GOLD]), 16);
    ck_assert_int_eq(arm_trap_power(&st, ARM_SILVER, 2, st.occ[ARM_SILVER]), 2);
    ck_assert_int_eq(arm_trap_power(&st, ARM_GOLD, 2, 0), 0); /* only unfrozen pieces count */
    ck_assert_int_eq(arm_trap_power(&st, ARM_GOLD, 0, st.occ[ARM_GOLD]), 0);
    /* A camel two squares from f3 (g4) and a dog beside it (f2): 6 + 3 x 2. */
    arm_state two = at_pos('g', "Mg4 Df2 ra8");
    ck_assert_int_eq(arm_trap_power(&two, ARM_GOLD, 1, two.occ[ARM_GOLD]), 12);
    arm_params p = unit_scales();
    /* Gold 16 against 2 at c6, clipped at trap_control_clip; no other trap has a piece near, and
     * no piece is exposed (Silver's cat is beside no trap). */
    int expect = p.trap_control_clip * p.trap_control_points;
    ck_assert_int_eq(arm_trap_terms(&p, &st, ARM_GOLD), expect);
    ck_assert_int_eq(arm_trap_terms(&p, &st, ARM_SILVER), -expect);
    /* The same position with the colours swapped is worth the same to the swapped side. */
    const char *positions[] = {"Ec7 ca6 Ra1 rh8", "Ed6 cb7 Ra1 rh8", "Cc5 ed5 Ra1 rh8", "Cc5 Rb5 ed5 Ra1 rh8",
                               "Md3 Hc4 ec2 hf4 Dd4 Rb2 ra7 rb6 cg3 Ef5"};
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        arm_state a = at_pos('g', positions[i]);
        arm_state b = mirrored(&a);
        ck_assert_int_eq(arm_trap_terms(&p, &a, ARM_GOLD), arm_trap_terms(&p, &b, ARM_SILVER));
        ck_assert_int_eq(arm_trap_terms(&p, &a, ARM_GOLD), -arm_trap_terms(&p, &a, ARM_SILVER));
        ck_assert_int_eq(arm_evaluate(&p, &a), arm_evaluate(&p, &b));
    }
}
END_TEST

/* The slow reference of the elephant blockade: side can move its elephant off its square within
 * two steps of its own (an action of the elephant, or a one-step action of another piece and then
 * one of the elephant), by the step generator. */
static int reference_elephant_way_out(const arm_state *st, int side)
{
    const uint64_t home = st->bb[side][ARM_ELEPHANT];
    arm_action acts[ARM_MAX_ACTIONS], next[ARM_MAX_ACTIONS];
    int n = arm_actions(st, side, 2, acts);
    for (int k = 0; k < n; k++) {
        arm_state child = *st;
        arm_apply_action(&child, &acts[k]);
        uint64_t e = child.bb[side][ARM_ELEPHANT];
        if (e && e != home) return 1;
        if (acts[k].n != 1 || !e) continue;
        int m = arm_actions(&child, side, 1, next);
        for (int j = 0; j < m; j++) {
            arm_state grand = child;
            arm_apply_action(&grand, &next[j]);
            uint64_t g = grand.bb[side][ARM_ELEPHANT];
            if (g && g != home) return 1;
        }
    }
    return 0;
}

/* A random position crowded around the elephants (most squares within two of each taken), so
 * that blockades are common; at most the pieces of a side's army, one elephant each. */
static arm_state crowded_position(unsigned *seed)
{
    static const int army[ARM_TYPES] = {8, 2, 2, 2, 1, 1};
    for (;;) {
        arm_state st = at_random_position(seed, 1);
        int legal = 1;
        for (int side = 0; side < 2; side++)
            for (int t = 0; t < ARM_TYPES; t++) legal &= arm_popcount(st.bb[side][t]) <= army[t];
        if (!legal) continue;
        for (int side = 0; side < 2; side++) {
            if (!st.bb[side][ARM_ELEPHANT]) {
                int at = (int)(rand_r(seed) % 64);
                if (st.board[at] != ARM_EMPTY) continue;
                arm_put(&st, at, side, ARM_ELEPHANT);
            }
            uint64_t near = arm_neighbours(st.bb[side][ARM_ELEPHANT]);
            near |= arm_neighbours(near);
            for (uint64_t b = near & ~(st.occ[0] | st.occ[1]); b; b &= b - 1) {
                if (rand_r(seed) % 5 == 0) continue;
                int owner = (int)(rand_r(seed) & 1), t = (int)(rand_r(seed) % ARM_TYPES);
                if (arm_popcount(st.bb[owner][t]) < army[t]) arm_put(&st, arm_lsb(b), owner, t);
            }
        }
        arm_captures(&st, NULL, NULL);
        st.hash = arm_hash_full(&st);
        if (arm_state_valid(&st)) return st;
    }
}

/* The elephant blockade: no way out of its square (blockade.c). Concrete positions, then the
 * count of ways out against the step generator on crowded random positions, the term in the
 * evaluation and the explain, and the registry knob. */
START_TEST(elephant_blockade)
{
    /* Gold's elephant on g8 in Silver's home: the rabbits on f8 and h8 held by the rabbit on e8,
     * the cat on f7 and the dog on h7, the horse on g7 held by f7, h7 and the cat on g6. No step,
     * no push. */
    arm_state st = at_pos('g', "Eg8 re8 rf8 rh8 cf7 hg7 dh7 cg6 ra7 Rb2");
    ck_assert_int_eq(arm_elephant_exits(&st, ARM_GOLD), 0);
    ck_assert_int_eq(reference_elephant_way_out(&st, ARM_GOLD), 0);
    /* Without the cat on g6 the horse can be pushed there: one way out. */
    arm_state pushable = at_pos('g', "Eg8 re8 rf8 rh8 cf7 hg7 dh7 ra7 Rb2");
    ck_assert_int_eq(arm_elephant_exits(&pushable, ARM_GOLD), 1);
    ck_assert_int_eq(reference_elephant_way_out(&pushable, ARM_GOLD), 1);
    /* The enemy elephant on g7 instead of the horse cannot be pushed, even with g6 empty; it has
     * three ways out itself: g6, and the cat on f7 and the dog on h7 can step away. */
    arm_state elephants = at_pos('g', "Eg8 re8 rf8 rh8 cf7 eg7 dh7 ra7 Rb2");
    ck_assert_int_eq(arm_elephant_exits(&elephants, ARM_GOLD), 0);
    ck_assert_int_eq(arm_elephant_exits(&elephants, ARM_SILVER), 3);
    /* A gold rabbit on e4 beside the elephant on d4, whose only empty square (e3) is behind it,
     * cannot make room (a rabbit never steps back); a gold cat there can. The silver elephant
     * on d3 cannot be pushed, the dog on c4 and the cat on d5 have no room. */
    const char *rabbit_text = "Ed4 Re4 ed3 rf4 re5 rb4 rc5 rd6 rc3 dc4 cd5 Rh1";
    arm_state rabbit = at_pos('g', rabbit_text);
    ck_assert_int_eq(arm_elephant_exits(&rabbit, ARM_GOLD), 0);
    ck_assert_int_eq(reference_elephant_way_out(&rabbit, ARM_GOLD), 0);
    arm_state silver_rabbit = mirrored(&rabbit); /* Silver's rabbit behind its elephant */
    ck_assert_int_eq(arm_elephant_exits(&silver_rabbit, ARM_SILVER), 0);
    arm_state cat = at_pos('g', "Ed4 Ce4 ed3 rf4 re5 rb4 rc5 rd6 rc3 dc4 cd5 Rh1");
    ck_assert_int_eq(arm_elephant_exits(&cat, ARM_GOLD), 1); /* the cat steps to e3 */
    ck_assert_int_eq(reference_elephant_way_out(&cat, ARM_GOLD), 1);
    /* An elephant on a trap whose one guard is the friend that could make room: the friend
     * steps away and the trap takes the elephant, so that is no way out. The elephant on c6, the
     * gold dog on c7 with room on c8, every other piece near without room. With a gold horse on
     * b6 for a second guard the dog may go. */
    arm_state guard = at_pos('g', "Ec6 Dc7 cc5 rb5 rd5 rc4 hb6 hd6 ra6 rb7 rd7 re6 Rh1");
    ck_assert_int_eq(arm_elephant_exits(&guard, ARM_GOLD), 0);
    ck_assert_int_eq(reference_elephant_way_out(&guard, ARM_GOLD), 0);
    arm_state guards = at_pos('g', "Ec6 Dc7 cc5 rb5 rd5 rc4 Hb6 hd6 ra6 rb7 rd7 re6 Rh1");
    ck_assert_int_eq(arm_elephant_exits(&guards, ARM_GOLD), 1);
    ck_assert_int_eq(reference_elephant_way_out(&guards, ARM_GOLD), 1);
    /* Beside the elephant on c7 the trap c6 is empty with no gold piece beside it: the
     * elephant steps there only once a friend guards it. The gold dog on c4 steps to c5 first,
     * unless the silver camel on b4 freezes it. */
    arm_state frozen_guard = at_pos('g', "Ec7 rb6 rd6 hb7 hd7 dc8 ra7 rb8 re7 rd8 Dc4 mb4 Rh1");
    ck_assert_int_eq(arm_elephant_exits(&frozen_guard, ARM_GOLD), 0);
    ck_assert_int_eq(reference_elephant_way_out(&frozen_guard, ARM_GOLD), 0);
    arm_state free_guard = at_pos('g', "Ec7 rb6 rd6 hb7 hd7 dc8 ra7 rb8 re7 rd8 Dc4 Rh1");
    ck_assert_int_eq(arm_elephant_exits(&free_guard, ARM_GOLD), 1);
    ck_assert_int_eq(reference_elephant_way_out(&free_guard, ARM_GOLD), 1);
    /* A push off a trap: the silver cat on c6 can be pushed to c5, but the elephant would stand
     * on c6 with no friend beside it; with the gold dog on b6 it would live. */
    arm_state push_trap = at_pos('g', "Ec7 cc6 rb6 rd6 hb7 hd7 dc8 ra7 rb8 re7 rd8 Rh1");
    ck_assert_int_eq(arm_elephant_exits(&push_trap, ARM_GOLD), 0);
    ck_assert_int_eq(reference_elephant_way_out(&push_trap, ARM_GOLD), 0);
    arm_state push_guarded = at_pos('g', "Ec7 cc6 Db6 rd6 hb7 hd7 dc8 ra7 rb8 re7 rd8 Rh1");
    ck_assert_int_eq(arm_elephant_exits(&push_guarded, ARM_GOLD), 1);
    ck_assert_int_eq(reference_elephant_way_out(&push_guarded, ARM_GOLD), 1);
    arm_state none = at_pos('g', "Ra1 ra8");
    ck_assert_int_eq(arm_elephant_exits(&none, ARM_GOLD), -1);

    /* The count agrees with the step generator on crowded random positions. */
    unsigned seed = 11;
    int blockaded = 0, free_ones = 0;
    for (int i = 0; i < 3000; i++) {
        arm_state r = crowded_position(&seed);
        for (int side = 0; side < 2; side++) {
            int exits = arm_elephant_exits(&r, side);
            if (exits < 0) continue;
            int want = reference_elephant_way_out(&r, side);
            if (want != (exits > 0)) {
                char text[160];
                arm_position_to_text(&r, text, sizeof text);
                ck_abort_msg("side %d of %s: %d ways out, the step generator says %d", side, text,
                             exits, want);
            }
            blockaded += exits == 0;
            free_ones += exits > 0;
        }
    }
    ck_assert_int_gt(blockaded, 100); /* the generator makes blockades: the check is not empty */
    ck_assert_int_gt(free_ones, 100);

    /* The term: the points for each blockaded elephant, to the other side; 0 switches it off. */
    arm_params p = arm_params_default;
    p.elephant_blockade_points = 400;
    arm_params off = p;
    off.elephant_blockade_points = 0;
    ck_assert_int_eq(arm_blockade_terms(&p, &st, ARM_GOLD), -400);
    ck_assert_int_eq(arm_blockade_terms(&p, &st, ARM_SILVER), 400);
    ck_assert_int_eq(arm_blockade_terms(&off, &st, ARM_GOLD), 0);
    ck_assert_int_eq(arm_blockade_terms(&p, &pushable, ARM_GOLD), 0);
    ck_assert_int_eq(arm_evaluate(&p, &st) - arm_evaluate(&off, &st), -400);
    arm_state silver_view = st;
    silver_view.side = ARM_SILVER;
    silver_view.hash = arm_hash_full(&silver_view);
    ck_assert_int_eq(arm_evaluate(&p, &silver_view) - arm_evaluate(&off, &silver_view), 400);
    char text[768];
    ck_assert_int_gt(arm_explain(&p, &st, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "\nelephant_blockade -400 0\n"));
    ck_assert_int_gt(arm_explain(&off, &st, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "\nelephant_blockade 0 0\n"));

    /* The registry knob, 0..5000. */
    check_knob("elephant_blockade_points", offsetof(arm_params, elephant_blockade_points), 250, 5001);
}
END_TEST

/* The captures an enemy could prepare over more than a turn (attacks.c): the enemy steps each
 * takes and the enemy's lead in trap power, worked out by hand on concrete positions, the shares
 * by freezing, each piece charged once, the pieces a capture threat takes left out, the term in
 * the evaluation and the explain, and the registry knob. share: percent of the piece by the
 * steps; hold: percent of the hold (the enemy's lead in trap power over 12, at most 100, rounded
 * down); pct: by freezing. */
static int attack_expect(const arm_state *st, int side, int type, int share, int hold, int pct)
{
    return (int)((long)arm_piece_value(st, &arm_params_default.eval, side, type) * share * hold /
                 100 * pct / 10000);
}

START_TEST(attack_threat)
{
    arm_params p = arm_params_default;
    p.attack_threat_pct = 100;
    arm_params off = p;
    off.attack_threat_pct = 0;
    /* The gold horse on f4 beside f3, frozen by the camel on f5, no friend within two squares
     * (stuck); a frozen piece adds nothing to its side's trap power. At f3 Silver leads by 6 (the
     * camel two squares off: a hold of 6/12, 50 %) and the capture is one push (2 steps, share
     * 100); at f6, two squares off, Silver leads by 12 (the camel beside it: a full hold) and it
     * takes 4 steps (share 90). Charged once, where it threatens most: 90 x 100 against
     * 100 x 50. */
    arm_state a = at_pos('g', "Hf4 mf5 Ra1 rh8");
    ck_assert_int_eq(arm_attack_charge(&p, &a, ARM_GOLD, 0),
                     attack_expect(&a, ARM_GOLD, ARM_HORSE, 90, 100, 100));
    ck_assert_int_gt(arm_attack_charge(&p, &a, ARM_GOLD, 0), 0);
    ck_assert_int_eq(arm_attack_charge(&p, &a, ARM_SILVER, 0), 0);
    ck_assert_int_eq(arm_attack_charge(&off, &a, ARM_GOLD, 0), 0);
    /* A piece the capture-threat term already takes is not charged again. */
    ck_assert_int_eq(arm_attack_charge(&p, &a, ARM_GOLD, arm_bit(sq("f4"))), 0);
    /* The same with the colours swapped. */
    arm_state am = mirrored(&a);
    ck_assert_int_eq(arm_attack_charge(&p, &am, ARM_SILVER, 0), arm_attack_charge(&p, &a, ARM_GOLD, 0));
    /* A gold rabbit on g3 guards f3: Silver leads there by 4 only (a hold of 33 %). The horse:
     * at f3 4 steps (the rabbit pushed away first), share 90 x 33; at f6 still 4 steps at the
     * full hold, share 90 x 100; frozen with a friend within two squares (80 %). The rabbit
     * beside f3: the camel needs 2 steps to reach it, and the horse guards f3: 2 + 2 + 2 = 6
     * steps, share 55, at the hold of 33 %, free (45 %). */
    arm_state b = at_pos('g', "Hf4 mf5 Rg3 Ra1 rh8");
    ck_assert_int_eq(arm_attack_charge(&p, &b, ARM_GOLD, 0),
                     attack_expect(&b, ARM_GOLD, ARM_HORSE, 90, 100, 80) +
                         attack_expect(&b, ARM_GOLD, ARM_RABBIT, 55, 33, 45));
    /* The camel on f7 instead: the horse is free; f3 is Gold's (the horse's 8), f6 Silver's (12
     * to 4, a hold of 66 %); the horse can walk away (45 %), two squares from f6 (4 steps) and
     * two steps from the camel's reach: 6, share 55. No capture within a turn, so the evaluation
     * pays the whole charge. */
    arm_state c = at_pos('g', "Hf4 mf7 Ra1 rh8");
    int charge = attack_expect(&c, ARM_GOLD, ARM_HORSE, 55, 66, 45);
    ck_assert_int_gt(charge, 0);
    ck_assert_int_eq(arm_attack_charge(&p, &c, ARM_GOLD, 0), charge);
    ck_assert_int_eq(arm_evaluate(&p, &c) - arm_evaluate(&off, &c), -charge);
    ck_assert_int_eq(arm_attack_terms(&p, &c, ARM_SILVER, (const uint64_t[2]){0, 0}), charge);
    char text[768];
    char line[64];
    snprintf(line, sizeof line, "\nattack_threat %d 0\n", -charge);
    ck_assert_int_gt(arm_explain(&p, &c, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, line));
    /* The camel on f8: Silver leads at f6 by 2 only (6 to 4), a hold of 16 %; three steps to
     * reach the horse, one more since such an attacker rarely comes unopposed: 4 + 3 + 1 = 8
     * steps, share 30. */
    arm_state far = at_pos('g', "Hf4 mf8 Ra1 rh8");
    ck_assert_int_eq(arm_attack_charge(&p, &far, ARM_GOLD, 0),
                     attack_expect(&far, ARM_GOLD, ARM_HORSE, 30, 16, 45));
    /* A dog beside f6 evens it (Gold 6 + 4 against Silver's 6): no hold, no charge. */
    arm_state even = at_pos('g', "Hf4 De6 mf8 Ra1 rh8");
    ck_assert_int_eq(arm_attack_charge(&p, &even, ARM_GOLD, 0), 0);

    /* The registry knob, 0..400. */
    check_knob("attack_threat_pct", offsetof(arm_params, attack_threat_pct), 30, 401);
}
END_TEST

/* attack_drag_squares: a piece being dragged (frozen beside a stronger enemy piece that can move)
 * counts that far from a trap the enemy holds; others within two squares, as before. */
START_TEST(attack_threat_dragged)
{
    arm_params p = arm_params_default;
    p.attack_threat_pct = 100;
    ck_assert_int_eq(p.attack_drag_squares, 2);
    arm_params drag = p;
    drag.attack_drag_squares = 3;
    /* The gold horse on a5, frozen by the elephant on a4 with no friend within two squares
     * (stuck), three squares from c6, which the silver camel on c7 holds fully (12). Within two
     * squares of no held trap, so not charged by default. Dragged, at three: 6 steps to put it
     * on c6 (no gold guard there), the elephant beside it already: share 55, stuck 100 %. */
    arm_state a = at_pos('g', "Ha5 ea4 mc7 Rh1 rh8");
    ck_assert_int_eq(arm_attack_charge(&p, &a, ARM_GOLD, 0), 0);
    int charge = attack_expect(&a, ARM_GOLD, ARM_HORSE, 55, 100, 100);
    ck_assert_int_gt(charge, 0);
    ck_assert_int_eq(arm_attack_charge(&drag, &a, ARM_GOLD, 0), charge);
    ck_assert_int_eq(arm_attack_charge(&drag, &a, ARM_SILVER, 0), 0);
    arm_state am = mirrored(&a);
    ck_assert_int_eq(arm_attack_charge(&drag, &am, ARM_SILVER, 0), charge);
    /* Held by a camel that the gold elephant on b4 freezes: the holder cannot move, so the
     * horse is not being dragged, and three squares is too far. */
    arm_state pinned = at_pos('g', "Ha5 ma4 Eb4 mc7 Rh1 rh8");
    ck_assert_int_eq(arm_attack_charge(&drag, &pinned, ARM_GOLD, 0), 0);
    /* Four squares off c3, which the silver camel on c4 holds (the horse on a1, the elephant on
     * b1): not at three; at four 8 steps, share 30. */
    arm_state four = at_pos('g', "Ha1 eb1 mc4 Rh1 rh8");
    ck_assert_int_eq(arm_attack_charge(&drag, &four, ARM_GOLD, 0), 0);
    drag.attack_drag_squares = 4;
    ck_assert_int_eq(arm_attack_charge(&drag, &four, ARM_GOLD, 0),
                     attack_expect(&four, ARM_GOLD, ARM_HORSE, 30, 100, 100));
    check_knob("attack_drag_squares", offsetof(arm_params, attack_drag_squares), 4, 6);
}
END_TEST

/* Pieces held hostage near the enemy's home traps (hostages.c): the hostage squares against the
 * rule that defines them, the enemy steps of a capture worked out by hand on concrete positions,
 * what makes a piece held, colour symmetry, the term in the evaluation and the explain, and the
 * registry knob. */
static int hostage_expect(const arm_state *st, int side, int type, int share)
{
    return (int)((long)arm_piece_value(st, &arm_params_default.eval, side, type) * share / 100);
}

/* The rule, square by square: in the corner quadrant of one of the enemy's home traps (Silver's
 * c6 and f6 for a gold piece), two or more squares from the trap, not the quadrant's centre. */
static int hostage_square_by_rule(int s)
{
    int file = s & 7, rank = s >> 3;
    if (rank < 4) return 0;
    int trap = file < 4 ? sq("c6") : sq("f6");
    int centre = file < 4 ? sq("d5") : sq("e5");
    return arm_distance(s, trap) >= 2 && s != centre;
}

START_TEST(hostage)
{
    arm_params p = arm_params_default;
    p.hostage_pct = 100;
    arm_params off = p;
    off.hostage_pct = 0;

    /* Every square: a lone gold horse there, frozen by a silver elephant beside it (not on a
     * trap), is charged exactly on the hostage squares of Silver's home traps. */
    int charged = 0;
    for (int s = 0; s < 64; s++) {
        if (arm_bit(s) & ARM_TRAPS) continue;
        int beside = -1;
        for (uint64_t n = arm_neighbours(arm_bit(s)) & ~ARM_TRAPS; n && beside < 0; n &= n - 1)
            beside = arm_lsb(n);
        arm_state st;
        arm_clear(&st);
        st.phase = ARM_PHASE_PLAY;
        st.side = ARM_GOLD;
        arm_put(&st, s, ARM_GOLD, ARM_HORSE);
        arm_put(&st, beside, ARM_SILVER, ARM_ELEPHANT);
        st.hash = arm_hash_full(&st);
        int c = arm_hostage_charge(&p, &st, ARM_GOLD);
        ck_assert_msg((c > 0) == hostage_square_by_rule(s), "the horse on square %d: charge %d", s,
                      c);
        charged += c > 0;
    }
    ck_assert_int_eq(charged, 20);

    /* The gold camel on a6, frozen by the silver elephant on b6; c6 has no gold guard: two squares
     * from the trap, 4 steps, share 76. Silver has no hostage; the term is off at 0. */
    arm_state a = at_pos('g', "Ma6 eb6 Ra1 rh8");
    ck_assert_int_eq(arm_hostage_charge(&p, &a, ARM_GOLD),
                     hostage_expect(&a, ARM_GOLD, ARM_CAMEL, 76));
    ck_assert_int_gt(arm_hostage_charge(&p, &a, ARM_GOLD), 0);
    ck_assert_int_eq(arm_hostage_charge(&p, &a, ARM_SILVER), 0);
    ck_assert_int_eq(arm_hostage_charge(&off, &a, ARM_GOLD), 0);
    /* The same with the colours swapped. */
    arm_state am = mirrored(&a);
    ck_assert_int_eq(arm_hostage_charge(&p, &am, ARM_SILVER), arm_hostage_charge(&p, &a, ARM_GOLD));
    /* In its own half the same pair is no hostage (a3 is by Gold's trap c3, not Silver's). */
    arm_state own = at_pos('g', "Ma3 eb3 Ra1 rh8");
    ck_assert_int_eq(arm_hostage_charge(&p, &own, ARM_GOLD), 0);
    /* A friend on a7 unfreezes the camel and a5 is free to walk to, away from the elephant: not
     * held. With a silver rabbit on a5 it has nowhere to go: held again, 4 steps. */
    arm_state free_ = at_pos('g', "Ma6 Ra7 eb6 Ra1 rh8");
    ck_assert_int_eq(arm_hostage_charge(&p, &free_, ARM_GOLD), 0);
    arm_state boxed = at_pos('g', "Ma6 Ra7 ra5 eb6 Ra1 rh8");
    ck_assert_int_eq(arm_hostage_charge(&p, &boxed, ARM_GOLD),
                     hostage_expect(&boxed, ARM_GOLD, ARM_CAMEL, 76));
    /* The gold horse on b7, held by the silver camel on a7, which the gold elephant on a8 freezes
     * (+2: the holder must be freed first), with a gold dog guarding c6 from d6 (+2): 4 + 2 + 2 =
     * 8 steps, share 52. The elephant on a8 stands on a hostage square but is never charged. */
    arm_state b = at_pos('g', "Hb7 ma7 Ea8 Dd6 Ra1 rh8");
    ck_assert_int_eq(arm_hostage_charge(&p, &b, ARM_GOLD),
                     hostage_expect(&b, ARM_GOLD, ARM_HORSE, 52));
    /* A gold rabbit on the trap itself blocks it: two more steps, 10, share 40. */
    arm_state on_trap = at_pos('g', "Hb7 ma7 Ea8 Dd6 Rc6 Ra1 rh8");
    ck_assert_int_eq(arm_hostage_charge(&p, &on_trap, ARM_GOLD),
                     hostage_expect(&on_trap, ARM_GOLD, ARM_HORSE, 40));

    /* The term in the evaluation (Silver to move: the charge is Gold's) and the explain. */
    arm_state c = at_pos('s', "Ma6 eb6 Ra1 rh8");
    int charge = arm_hostage_charge(&p, &c, ARM_GOLD);
    ck_assert_int_eq(arm_hostage_terms(&p, &c, ARM_SILVER), charge);
    ck_assert_int_eq(arm_evaluate(&p, &c) - arm_evaluate(&off, &c), charge);
    char text[768], line[64];
    snprintf(line, sizeof line, "\nhostage %d 0\n", -charge);
    ck_assert_int_gt(arm_explain(&p, &c, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, line));

    /* The registry knob, 0..400. */
    check_knob("hostage_pct", offsetof(arm_params, hostage_pct), 25, 401);
}
END_TEST

/* The elephant's square (placement.c): the points of concrete squares read from the table by
 * hand (rank from its owner's home, distance from the nearer side edge), the same with colours
 * swapped, the scale, no elephant, the term in the evaluation and the explain, and the knob. */
START_TEST(elephant_place)
{
    arm_params p = arm_params_default;
    p.elephant_place_pct = 100;
    arm_params off = p;
    off.elephant_place_pct = 0;
    /* Gold's elephant on its home rank (e2): 0; on d4 (rank 4, centre file): 40; on b3: 25; on
     * a5 (the edge): 10; on e6 (Gold's rank 6, centre file): 50. */
    static const struct {
        const char *square;
        int points;
    } gold[] = {{"e2", 0}, {"d4", 40}, {"b3", 25}, {"a5", 10}, {"e6", 50}, {"h5", 10}};
    for (size_t i = 0; i < sizeof gold / sizeof gold[0]; i++) {
        char pos[32];
        snprintf(pos, sizeof pos, "E%s Ra1 rh8", gold[i].square);
        arm_state st = at_pos('g', pos);
        int got = arm_elephant_placement(&p, &st, ARM_GOLD);
        ck_assert_msg(got == gold[i].points, "elephant on %s: %d", gold[i].square, got);
        ck_assert_int_eq(arm_elephant_placement(&off, &st, ARM_GOLD), 0);
        /* The colours swapped: Silver's elephant on the mirrored square scores the same. */
        arm_state m = mirrored(&st);
        ck_assert_int_eq(arm_elephant_placement(&p, &m, ARM_SILVER), gold[i].points);
    }
    /* Silver's own elephant on d5 is on its rank 4 (40); on d3, Gold's third rank, its rank 6
     * (50). No elephant: nothing. The scale: 50 % of 50. */
    arm_state s = at_pos('s', "ed5 Ee2 Ra1 rh8");
    ck_assert_int_eq(arm_elephant_placement(&p, &s, ARM_SILVER), 40);
    arm_state deep = at_pos('s', "ed3 Ee2 Ra1 rh8");
    ck_assert_int_eq(arm_elephant_placement(&p, &deep, ARM_SILVER), 50);
    arm_state none = at_pos('g', "Ra1 rh8 ed3");
    ck_assert_int_eq(arm_elephant_placement(&p, &none, ARM_GOLD), 0);
    arm_params half = p;
    half.elephant_place_pct = 50;
    ck_assert_int_eq(arm_elephant_placement(&half, &deep, ARM_SILVER), 25);

    /* In the evaluation, Silver to move: its 50 less Gold's 0; and the explain's line. */
    ck_assert_int_eq(arm_evaluate(&p, &deep) - arm_evaluate(&off, &deep), 50);
    char text[768];
    ck_assert_int_gt(arm_explain(&p, &deep, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "\nelephant_place 0 50\n"));

    /* The registry knob, 0..400. */
    check_knob("elephant_place_pct", offsetof(arm_params, elephant_place_pct), 100, 401);
}
END_TEST

/* The elephant on the enemy's two home ranks (placement.c): charged on Gold's ranks 7 and 8 (a7,
 * d8, h7), not on rank 6 or nearer (e6, b6, d2), the same with colours swapped; off by
 * default and at 0; no elephant, no charge; in the evaluation from the side to move's view (its
 * own elephant deep costs it, the enemy's pays it) and the explain's line; and the knob. */
START_TEST(elephant_deep)
{
    arm_params p = arm_params_default;
    ck_assert_int_eq(p.elephant_deep_points, 0);
    p.elephant_deep_points = 70;
    static const struct {
        const char *square;
        int charged;
    } gold[] = {{"a7", 1}, {"d8", 1}, {"h7", 1}, {"e6", 0}, {"b6", 0}, {"d2", 0}};
    for (size_t i = 0; i < sizeof gold / sizeof gold[0]; i++) {
        char pos[32];
        snprintf(pos, sizeof pos, "E%s Ra1 rh8 ee4", gold[i].square);
        arm_state st = at_pos('g', pos);
        int want = gold[i].charged ? 70 : 0;
        int got = arm_elephant_deep_charge(&p, &st, ARM_GOLD);
        ck_assert_msg(got == want, "elephant on %s: %d", gold[i].square, got);
        ck_assert_int_eq(arm_elephant_deep_charge(&arm_params_default, &st, ARM_GOLD), 0);
        /* Silver's elephant on e4 is on its own rank 5: never charged. */
        ck_assert_int_eq(arm_elephant_deep_charge(&p, &st, ARM_SILVER), 0);
        arm_state m = mirrored(&st);
        ck_assert_int_eq(arm_elephant_deep_charge(&p, &m, ARM_SILVER), want);
        ck_assert_int_eq(arm_elephant_deep_charge(&p, &m, ARM_GOLD), 0);
    }
    arm_state none = at_pos('g', "Ra1 rh8 ed3");
    ck_assert_int_eq(arm_elephant_deep_charge(&p, &none, ARM_GOLD), 0);

    /* Silver's elephant on d2 (its rank 7): Silver to move pays 70, Gold to move gains it. */
    arm_params off = p;
    off.elephant_deep_points = 0;
    arm_state s = at_pos('s', "ed2 Ee5 Ra1 rh8");
    ck_assert_int_eq(arm_evaluate(&p, &s) - arm_evaluate(&off, &s), -70);
    arm_state g = at_pos('g', "ed2 Ee5 Ra1 rh8");
    ck_assert_int_eq(arm_evaluate(&p, &g) - arm_evaluate(&off, &g), 70);
    char text[1024];
    ck_assert_int_gt(arm_explain(&p, &s, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "\nelephant_deep 0 -70\n"));

    /* The registry knob, 0..5000. */
    check_knob("elephant_deep_points", offsetof(arm_params, elephant_deep_points), 70, 5001);
}
END_TEST

/* The camel beside the enemy elephant in the enemy's half (hostages.c): concrete positions for
 * each condition (beside, the enemy's half, the one piece that outranks it), colour symmetry, the
 * term in the evaluation and the explain, and the knob. */
START_TEST(camel_exposed)
{
    arm_params p = arm_params_default;
    p.camel_exposed_points = 100;
    arm_params off = p;
    off.camel_exposed_points = 0;
    /* Gold's camel on d5 (Gold's rank 5: Silver's half) beside Silver's elephant on d4. */
    arm_state a = at_pos('g', "Md5 ed4 Ra1 rh8");
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &a, ARM_GOLD), 100);
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &a, ARM_SILVER), 0);
    ck_assert_int_eq(arm_camel_exposed_charge(&off, &a, ARM_GOLD), 0);
    arm_state am = mirrored(&a);
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &am, ARM_SILVER), 100);
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &am, ARM_GOLD), 0);
    /* In its own half (d4, the elephant on d5): nothing; diagonal to the elephant: nothing. */
    arm_state own = at_pos('g', "Md4 ed5 Ra1 rh8");
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &own, ARM_GOLD), 0);
    /* camel_exposed_own_pct charges its share there (50 % of 100), and still the full charge
     * in the enemy's half; the same with the colours swapped. */
    arm_params own_half = p;
    own_half.camel_exposed_own_pct = 50;
    ck_assert_int_eq(arm_camel_exposed_charge(&own_half, &own, ARM_GOLD), 50);
    ck_assert_int_eq(arm_camel_exposed_charge(&own_half, &a, ARM_GOLD), 100);
    arm_state own_m = mirrored(&own);
    ck_assert_int_eq(arm_camel_exposed_charge(&own_half, &own_m, ARM_SILVER), 50);
    ck_assert_int_eq(arm_camel_exposed_charge(&own_half, &own_m, ARM_GOLD), 0);
    arm_state diagonal = at_pos('g', "Md5 ee6 Ra1 rh8");
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &diagonal, ARM_GOLD), 0);
    /* Silver has no elephant: the camel has no master (nothing), and a gold horse beside Silver's
     * camel, the one piece that outranks it now, is charged; with a silver elephant on the board
     * the horse has two masters and is not. */
    arm_state no_e = at_pos('g', "Md5 Hb5 mb4 Ra1 rh8");
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &no_e, ARM_GOLD), 100);
    arm_state both = at_pos('g', "Hb5 mb4 eh4 Ra1 rh8");
    ck_assert_int_eq(arm_camel_exposed_charge(&p, &both, ARM_GOLD), 0);

    /* In the evaluation (Silver to move: Gold's charge is Silver's gain) and the explain. */
    arm_state s = at_pos('s', "Md5 ed4 Ra1 rh8");
    ck_assert_int_eq(arm_evaluate(&p, &s) - arm_evaluate(&off, &s), 100);
    char text[768];
    ck_assert_int_gt(arm_explain(&p, &s, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "\ncamel_exposed -100 0\n"));

    /* The registry knob, 0..5000. */
    check_knob("camel_exposed_points", offsetof(arm_params, camel_exposed_points), 100, 5001);
    check_knob("camel_exposed_own_pct", offsetof(arm_params, camel_exposed_own_pct), 50, 101);
}
END_TEST

/* A line "name gold silver" of st's explain: its two numbers. */
static void explain_pair(const arm_params *p, const arm_state *st, const char *name, int out[2])
{
    char text[1024], key[48];
    ck_assert_int_gt(arm_explain(p, st, text, sizeof text), 0);
    snprintf(key, sizeof key, "\n%s ", name);
    const char *at = strstr(text, key);
    ck_assert_ptr_nonnull(at);
    ck_assert_int_eq(sscanf(at + strlen(key), "%d %d", &out[0], &out[1]), 2);
}

/* In the setup phase a rabbit counts as passed only once the enemy has set up: before that
 * every rabbit is, and Gold chose a rabbit a rank forward (a2) for the passed term's rank-2
 * points, with a dog behind it in the corner. */
START_TEST(setup_passed)
{
    arm_params p = arm_params_default;
    const char *forward = "Da1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ra2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2";
    const char *back = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2";
    arm_state f = at_pos('s', forward), b = at_pos('s', back);
    f.phase = b.phase = ARM_PHASE_SETUP_SILVER;
    /* Silver to set up: Gold's army is valued by its shape alone. The two shapes block alike,
     * the rabbit on a2 is passed, and still neither is preferred. */
    int block_f[2], block_b[2], passed_f[2], passed_b[2];
    explain_pair(&p, &f, "blocking", block_f);
    explain_pair(&p, &b, "blocking", block_b);
    explain_pair(&p, &f, "passed", passed_f);
    explain_pair(&p, &b, "passed", passed_b);
    ck_assert_int_eq(block_f[0], block_b[0]);
    ck_assert_int_gt(passed_f[0], passed_b[0]);
    ck_assert_int_eq(arm_evaluate(&p, &f), -block_f[0]);
    ck_assert_int_eq(arm_evaluate(&p, &f), arm_evaluate(&p, &b));
    /* With Silver's army on the board too (no silver rabbit on the a and b files, so Gold's
     * rabbit on a2 is passed), the passed rabbits count again. */
    char both[256];
    snprintf(both, sizeof both, "%s %s", forward,
             "ha8 db8 rc8 rd8 re8 rf8 rg8 rh8 ca7 cb7 rc7 md7 ee7 df7 hg7 rh7");
    arm_state full = at_pos('g', both);
    full.phase = ARM_PHASE_SETUP_SILVER;
    int block[2], passed[2];
    explain_pair(&p, &full, "blocking", block);
    explain_pair(&p, &full, "passed", passed);
    ck_assert_int_ne(passed[0], 0);
    ck_assert_int_eq(arm_evaluate(&p, &full), (block[0] + passed[0]) - (block[1] + passed[1]));
}
END_TEST

/* The material of side's piece on sq in st: the material with it less the material without. */
static int piece_material(const arm_state *st, const arm_params *p, int side, int sq)
{
    arm_state less = *st;
    arm_remove(&less, sq);
    return arm_material(st, &p->eval, side) - arm_material(&less, &p->eval, side);
}

/* A piece beside a stronger enemy piece: a share of its material by its half of the board and
 * its distance to the nearer trap of that half (exposed.c's table). */
START_TEST(exposed)
{
    arm_params p = arm_params_default;
    p.exposed_pct = 100;
    arm_params off = p;
    off.exposed_pct = 0;
    /* Gold's camel on d5 (Silver's half) beside Silver's elephant on d4, two squares from c6:
     * 28 % of the camel. The elephant is never charged, nor the rabbits far from everything. */
    arm_state a = at_pos('g', "Md5 ed4 Ra1 rh8");
    int camel = piece_material(&a, &p, ARM_GOLD, arm_parse_square("d5"));
    ck_assert_int_gt(camel, 0);
    ck_assert_int_eq(arm_exposed_charge(&p, &a, ARM_GOLD), camel * 28 / 100);
    ck_assert_int_eq(arm_exposed_charge(&p, &a, ARM_SILVER), 0);
    ck_assert_int_eq(arm_exposed_charge(&off, &a, ARM_GOLD), 0);
    arm_state am = mirrored(&a);
    ck_assert_int_eq(arm_exposed_charge(&p, &am, ARM_SILVER), camel * 28 / 100);
    ck_assert_int_eq(arm_exposed_charge(&p, &am, ARM_GOLD), 0);
    /* In its own half (d4, two squares from c3): 7 %. */
    arm_state own = at_pos('g', "Md4 ed5 Ra1 rh8");
    ck_assert_int_eq(arm_exposed_charge(&p, &own, ARM_GOLD), camel * 7 / 100);
    /* One square from c6: 33 %; three (a5): 13 %; four (a8): 4 %. */
    arm_state near = at_pos('g', "Mb6 eb7 Ra1 rh8");
    ck_assert_int_eq(arm_exposed_charge(&p, &near, ARM_GOLD), camel * 33 / 100);
    arm_state three = at_pos('g', "Ma5 ea4 Ra1 rh8");
    ck_assert_int_eq(arm_exposed_charge(&p, &three, ARM_GOLD), camel * 13 / 100);
    arm_state four = at_pos('g', "Ma8 eb8 Ra1 rh8");
    ck_assert_int_eq(arm_exposed_charge(&p, &four, ARM_GOLD), camel * 4 / 100);
    /* Beside an equal or weaker enemy piece, or diagonal to a stronger one: nothing. */
    const char *const safe[] = {"Hd5 hd4 Ra1 rh8", "Hd5 dd4 Ra1 rh8", "Md5 ee4 Ra1 rh8"};
    for (int i = 0; i < 3; i++) {
        arm_state st = at_pos('g', safe[i]);
        ck_assert_int_eq(arm_exposed_charge(&p, &st, ARM_GOLD), 0);
    }
    /* A rabbit has its own row: d6 beside a silver cat on d7, one square from c6, 73 %; and
     * two pieces add up (a gold horse on g5 beside the silver camel on g4, two from f6, 28 %). */
    arm_state two = at_pos('g', "Rd6 cd7 Hg5 mg4 Ra1 rh8");
    int rabbit = piece_material(&two, &p, ARM_GOLD, arm_parse_square("d6"));
    int horse = piece_material(&two, &p, ARM_GOLD, arm_parse_square("g5"));
    ck_assert_int_eq(arm_exposed_charge(&p, &two, ARM_GOLD),
                     (rabbit * 73 * 100 + horse * 28 * 100) / 10000);
    /* The percent scales the whole. */
    arm_params half = p;
    half.exposed_pct = 50;
    ck_assert_int_eq(arm_exposed_charge(&half, &a, ARM_GOLD), camel * 28 / 200);

    /* Every square against a slow reference: Gold's camel on it, Silver's elephant beside it
     * (above it, or below on rank 8), charged the share of its half at its distance to the
     * nearer of that half's traps, counted here over the two traps. */
    static const int own_share[5] = {12, 7, 7, 1, 0}, away_share[5] = {40, 33, 28, 13, 4};
    for (int sq = 0; sq < 64; sq++) {
        int rank = sq / 8, file = sq % 8;
        if ((rank == 2 || rank == 5) && (file == 2 || file == 5)) continue; /* a trap */
        int e_sq = rank < 7 ? sq + 8 : sq - 8;
        arm_state st;
        arm_clear(&st);
        st.phase = ARM_PHASE_PLAY;
        st.side = ARM_GOLD;
        arm_put(&st, sq, ARM_GOLD, ARM_CAMEL);
        arm_put(&st, e_sq, ARM_SILVER, ARM_ELEPHANT);
        st.hash = arm_hash_full(&st);
        int trap_rank = rank < 4 ? 2 : 5, best = 99;
        for (int tf = 2; tf <= 5; tf += 3) {
            int d = abs(file - tf) + abs(rank - trap_rank);
            if (d < best) best = d;
        }
        int share = (rank >= 4 ? away_share : own_share)[best < 4 ? best : 4];
        int value = piece_material(&st, &p, ARM_GOLD, sq);
        ck_assert_msg(arm_exposed_charge(&p, &st, ARM_GOLD) == value * share / 100,
                      "square %d: %d, expected %d", sq, arm_exposed_charge(&p, &st, ARM_GOLD),
                      value * share / 100);
    }

    /* In the evaluation (Silver to move: Gold's charge is Silver's gain) and the explain. */
    arm_state s = at_pos('s', "Md5 ed4 Ra1 rh8");
    ck_assert_int_eq(arm_evaluate(&p, &s) - arm_evaluate(&off, &s), camel * 28 / 100);
    char text[1024], line[64];
    ck_assert_int_gt(arm_explain(&p, &s, text, sizeof text), 0);
    snprintf(line, sizeof line, "\nexposed %d 0\n", -(camel * 28 / 100));
    ck_assert_ptr_nonnull(strstr(text, line));

    /* The registry knob, 0..400. */
    check_knob("exposed_pct", offsetof(arm_params, exposed_pct), 100, 401);
}
END_TEST

/* The guards of a home trap the enemy dominates: home_guard_points per guard short of two
 * beside the trap, when an unfrozen enemy piece within two squares of it outranks every piece
 * of the side's there (guards.c). */
START_TEST(home_guards)
{
    arm_params p = arm_params_default;
    p.home_guard_points = 100;
    arm_params off = p;
    off.home_guard_points = 0;
    /* Gold's rabbit on c2 guards c3; Silver's elephant on d3 outranks it: one guard short. */
    arm_state one = at_pos('g', "Rc2 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &one, ARM_GOLD), 100);
    ck_assert_int_eq(arm_home_guard_charge(&p, &one, ARM_SILVER), 0);
    ck_assert_int_eq(arm_home_guard_charge(&off, &one, ARM_GOLD), 0);
    arm_state one_m = mirrored(&one);
    ck_assert_int_eq(arm_home_guard_charge(&p, &one_m, ARM_SILVER), 100);
    ck_assert_int_eq(arm_home_guard_charge(&p, &one_m, ARM_GOLD), 0);
    /* A second guard (b3) ends the charge; none (the rabbit two squares off, c1) doubles it. */
    arm_state two = at_pos('g', "Rc2 Rb3 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &two, ARM_GOLD), 0);
    arm_state none = at_pos('g', "Rc1 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &none, ARM_GOLD), 200);
    /* Nothing of Gold's within two squares: nothing to defend, no charge. */
    arm_state empty = at_pos('g', "Rb5 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &empty, ARM_GOLD), 0);
    /* Gold's strongest piece there decides: a camel (on c2, the one guard, or on d2, diagonal
     * to c3 and so no guard) is outranked by the elephant; an elephant (c2, or b2 two squares
     * off) is not. */
    arm_state camel = at_pos('g', "Mc2 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &camel, ARM_GOLD), 100);
    arm_state camel_diagonal = at_pos('g', "Rc2 Md2 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &camel_diagonal, ARM_GOLD), 100);
    arm_state equal = at_pos('g', "Ec2 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &equal, ARM_GOLD), 0);
    /* Equal there: home_guard_tied_pct percent (the elephants on b4 and d3, Gold's rabbit on
     * c2 the one guard; with a silver dog on b3 too, the same: the elephants still decide). */
    arm_params tied = p;
    tied.home_guard_tied_pct = 40;
    arm_state elephants = at_pos('g', "Rc2 Eb4 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &elephants, ARM_GOLD), 0);
    ck_assert_int_eq(arm_home_guard_charge(&tied, &elephants, ARM_GOLD), 40);
    arm_state elephants_dog = at_pos('g', "Rc2 Eb4 ed3 db3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&tied, &elephants_dog, ARM_GOLD), 40);
    ck_assert_int_eq(arm_home_guard_charge(&tied, &camel, ARM_GOLD), 100);
    arm_state held = at_pos('g', "Rc2 Eb2 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &held, ARM_GOLD), 0);
    ck_assert_int_eq(arm_home_guard_charge(&tied, &held, ARM_GOLD), 40); /* two elephants */
    arm_state stronger = at_pos('g', "Rc2 Eb2 md3 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&tied, &stronger, ARM_GOLD), 0);
    /* A frozen enemy piece cannot push or pull: Silver's cat on e3, frozen by Gold's dog on e4
     * (three squares from c3), does not dominate c3 where Gold has a rabbit on c2; with a
     * silver rabbit on e2 beside it the cat is free, and c3 is one guard short. The dog (two
     * squares from f3) holds f3. */
    arm_state frozen = at_pos('g', "Rc2 ce3 De4 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &frozen, ARM_GOLD), 0);
    arm_state freed = at_pos('g', "Rc2 ce3 re2 De4 Ra8 rh8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &freed, ARM_GOLD), 100);
    /* The two home traps add up: c3 one short, f3 (a rabbit on g2, diagonal to it, the silver
     * camel on f2) two. Silver's own traps are not Gold's to guard (c6: Gold's rabbit on c7, a
     * silver horse on d7). */
    arm_state both = at_pos('g', "Rc2 ed3 Rg2 mf2 Rc7 hd7 ra8");
    ck_assert_int_eq(arm_home_guard_charge(&p, &both, ARM_GOLD), 300);

    /* Every square for Silver's elephant, Gold's rabbit on c2 (c3's one guard): charged one
     * guard short when the elephant is within two squares of c3, counted here by distance. */
    for (int sq = 0; sq < 64; sq++) {
        int rank = sq / 8, file = sq % 8;
        if (((rank == 2 || rank == 5) && (file == 2 || file == 5)) || sq == 10) continue;
        arm_state st;
        arm_clear(&st);
        st.phase = ARM_PHASE_PLAY;
        st.side = ARM_GOLD;
        arm_put(&st, 10, ARM_GOLD, ARM_RABBIT); /* c2 */
        arm_put(&st, sq, ARM_SILVER, ARM_ELEPHANT);
        st.hash = arm_hash_full(&st);
        int want = abs(file - 2) + abs(rank - 2) <= 2 ? 100 : 0;
        ck_assert_msg(arm_home_guard_charge(&p, &st, ARM_GOLD) == want,
                      "elephant on square %d: %d, expected %d", sq,
                      arm_home_guard_charge(&p, &st, ARM_GOLD), want);
    }

    /* In the evaluation (Silver to move: Gold's charge is Silver's gain) and the explain. */
    arm_state s = at_pos('s', "Rc2 ed3 Ra8 rh8");
    ck_assert_int_eq(arm_evaluate(&p, &s) - arm_evaluate(&off, &s), 100);
    char text[1024];
    ck_assert_int_gt(arm_explain(&p, &s, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "\nhome_guards -100 0\n"));

    /* The registry knob, 0..5000. */
    check_knob("home_guard_points", offsetof(arm_params, home_guard_points), 100, 5001);
    check_knob("home_guard_tied_pct", offsetof(arm_params, home_guard_tied_pct), 40, 101);
}
END_TEST

/* A piece beside a trap the opponent controls, a stronger enemy piece near: a share of its
 * material, a larger share when it is frozen, and the third share when it is frozen with no
 * friend within two squares (stuck). */
START_TEST(trap_danger)
{
    arm_params p = unit_scales();
    p.trap_danger_stuck_pct = 40; /* apart from the frozen share (25), to tell them apart */
    arm_params off = p;
    off.trap_danger_pct = off.trap_danger_frozen_pct = off.trap_danger_stuck_pct = 0;
    /* The gold cat on c5 beside c6, frozen by the elephant on d5 (Silver controls c6 with 8),
     * no gold piece within two squares: stuck. */
    arm_state frozen = at_pos('g', "Cc5 ed5 Ra1 rh8");
    arm_state none = at_pos('g', "ed5 Ra1 rh8");
    int cat = arm_material(&frozen, &p.eval, ARM_GOLD) - arm_material(&none, &p.eval, ARM_GOLD);
    ck_assert_int_gt(cat, 0);
    ck_assert_int_eq(arm_trap_terms(&p, &frozen, ARM_GOLD) - arm_trap_terms(&off, &frozen, ARM_GOLD),
                     -(cat * p.trap_danger_stuck_pct / 100));
    /* A gold rabbit on a5, two squares from the cat (not beside it: the cat stays frozen), could
     * step beside it: frozen, not stuck. The rabbit itself is three squares from c6 and from
     * the elephant, so it is not charged. */
    arm_state helped = at_pos('g', "Cc5 Ra5 ed5 Ra1 rh8");
    arm_state helped_none = at_pos('g', "Ra5 ed5 Ra1 rh8");
    cat = arm_material(&helped, &p.eval, ARM_GOLD) - arm_material(&helped_none, &p.eval, ARM_GOLD);
    ck_assert_int_eq(arm_trap_terms(&p, &helped, ARM_GOLD) - arm_trap_terms(&off, &helped, ARM_GOLD),
                     -(cat * p.trap_danger_frozen_pct / 100));
    /* A gold rabbit beside the cat unfreezes it: the smaller share (Silver still controls c6:
     * 8 against the cat's 4 and the rabbit's 1). The rabbit on b5, two squares from c6 and from
     * the elephant, would be charged half the smaller share, but a trap takes one piece at a
     * time: only the larger charge, the cat's, counts. */
    arm_state guarded = at_pos('g', "Cc5 Rb5 ed5 Ra1 rh8");
    arm_state guarded_no_cat = at_pos('g', "Rb5 ed5 Ra1 rh8");
    arm_state guarded_no_rabbit = at_pos('g', "Cc5 ed5 Ra1 rh8");
    cat = arm_material(&guarded, &p.eval, ARM_GOLD) - arm_material(&guarded_no_cat, &p.eval, ARM_GOLD);
    int rabbit_b5 =
        arm_material(&guarded, &p.eval, ARM_GOLD) - arm_material(&guarded_no_rabbit, &p.eval, ARM_GOLD);
    ck_assert_int_gt(cat * p.trap_danger_pct / 100, rabbit_b5 * (p.trap_danger_pct / 2) / 100);
    ck_assert_int_gt(rabbit_b5 * (p.trap_danger_pct / 2) / 100, 0);
    ck_assert_int_eq(arm_trap_terms(&p, &guarded, ARM_GOLD) - arm_trap_terms(&off, &guarded, ARM_GOLD),
                     -(cat * p.trap_danger_pct / 100));
    /* With the gold elephant beside c6 too, Gold controls it: no charge. */
    arm_state held = at_pos('g', "Cc5 Ec7 ed5 Ra1 rh8");
    ck_assert_int_eq(arm_trap_terms(&p, &held, ARM_GOLD), arm_trap_terms(&off, &held, ARM_GOLD));
    /* Against a silver rabbit on d6 the gold cat controls c6 (4 against 2): the cat is not
     * charged, the rabbit beside the trap is (the cat is stronger and near), to Gold's credit. */
    arm_state rabbit = at_pos('g', "Cc5 rd6 Ra1 rh8");
    arm_state rabbit_none = at_pos('g', "Cc5 Ra1 rh8");
    int r = arm_material(&rabbit_none, &p.eval, ARM_GOLD) - arm_material(&rabbit, &p.eval, ARM_GOLD);
    ck_assert_int_gt(r, 0);
    ck_assert_int_eq(arm_trap_terms(&p, &rabbit, ARM_GOLD) - arm_trap_terms(&off, &rabbit, ARM_GOLD),
                     r * p.trap_danger_pct / 100);
    /* Each share alone: with the other two at 0 the stuck cat is still charged its share (the
     * term was skipped whole when the free piece's share was 0, until the twenty-first round),
     * the unfrozen one nothing. */
    arm_params stuck_only = off;
    stuck_only.trap_danger_stuck_pct = p.trap_danger_stuck_pct;
    cat = arm_material(&frozen, &p.eval, ARM_GOLD) - arm_material(&none, &p.eval, ARM_GOLD);
    ck_assert_int_eq(arm_trap_terms(&stuck_only, &frozen, ARM_GOLD) -
                         arm_trap_terms(&off, &frozen, ARM_GOLD),
                     -(cat * p.trap_danger_stuck_pct / 100));
    ck_assert_int_eq(arm_trap_terms(&stuck_only, &guarded, ARM_GOLD),
                     arm_trap_terms(&off, &guarded, ARM_GOLD));
    /* The four weights are registry knobs, bounded 0..100 (defaults 1, 10, 25, 25). */
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("arimaa:trap_control_points=3,trap_danger_pct=0,"
                                  "trap_danger_frozen_pct=40,trap_danger_stuck_pct=70", &g, &err),
                     BA_OK);
    const arm_params *q = g->params;
    ck_assert_int_eq(q->trap_control_points, 3);
    ck_assert_int_eq(q->trap_danger_pct, 0);
    ck_assert_int_eq(q->trap_danger_frozen_pct, 40);
    ck_assert_int_eq(q->trap_danger_stuck_pct, 70);
    ba_game_destroy(g);
    ck_assert_int_eq(ba_game_open("arimaa:trap_pct=50", &g, &err), BA_OK);
    q = g->params;
    ck_assert_int_eq(q->trap_control_points, arm_params_default.trap_control_points);
    ck_assert_int_eq(q->trap_danger_pct, arm_params_default.trap_danger_pct);
    ck_assert_int_eq(q->trap_danger_frozen_pct, arm_params_default.trap_danger_frozen_pct);
    ck_assert_int_eq(q->trap_danger_stuck_pct, arm_params_default.trap_danger_stuck_pct);
    ba_game_destroy(g);
    ck_assert_int_ne(ba_game_open("arimaa:trap_danger_frozen_pct=101", &g, &err), BA_OK);
    ck_assert_ptr_nonnull(strstr(err.message, "trap_danger_frozen_pct"));
}
END_TEST

/* The strongest piece near a trap dominates it beyond the sum: the silver elephant on d6 (16)
 * against a gold cat, dog and horse beside c6 (4 + 6 + 8 = 18). By the sum alone Gold controls
 * c6 and nothing is charged; with the elephant's dominance Silver controls it, and the three gold
 * pieces, each within two squares of the elephant, are in danger. */
START_TEST(trap_dominance)
{
    arm_state st = at_pos('g', "Cc5 Db6 Hc7 ed6 Ra1 rh8");
    ck_assert_int_eq(arm_trap_power(&st, ARM_GOLD, 2, st.occ[ARM_GOLD]), 18);
    ck_assert_int_eq(arm_trap_power(&st, ARM_SILVER, 2, st.occ[ARM_SILVER]), 16);
    arm_params p = arm_params_default;
    arm_params sum_only = p;
    sum_only.trap_dominance = 0;
    arm_params sum_only_off = sum_only, off = p;
    sum_only_off.trap_danger_pct = sum_only_off.trap_danger_frozen_pct =
        sum_only_off.trap_danger_stuck_pct = 0;
    off.trap_danger_pct = off.trap_danger_frozen_pct = off.trap_danger_stuck_pct = 0;
    ck_assert_int_eq(arm_trap_terms(&sum_only, &st, ARM_GOLD), arm_trap_terms(&sum_only_off, &st, ARM_GOLD));
    ck_assert_int_lt(arm_trap_terms(&p, &st, ARM_GOLD), arm_trap_terms(&off, &st, ARM_GOLD));
}
END_TEST

/* Rabbits: the goal table pays nothing for rows walked before a goal search is worth running,
 * and an advanced rabbit without support costs rabbit_loose, with an enemy piece near it also
 * rabbit_hunted. */
#define R8 "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8"
START_TEST(rabbit_advance_terms)
{
    arm_params p = unit_scales();
    arm_params rows = p;
    rows.goal_unsearched_flat = 0;
    /* h1 and h2 are far from every trap and from the silver pieces. */
    arm_state h1 = at_pos('g', "Rh1 Ea2 ea8 rh8"), h2 = at_pos('g', "Rh2 Ea2 ea8 rh8");
    ck_assert_int_eq(arm_evaluate(&p, &h1), arm_evaluate(&p, &h2));
    ck_assert_int_eq(arm_evaluate(&rows, &h2) - arm_evaluate(&rows, &h1),
                     p.eval.goal_threat[6] - p.eval.goal_threat[7]);
    arm_params no_loose = p, no_hunted = p;
    no_loose.rabbit_loose = 0;
    no_hunted.rabbit_hunted = 0;
    /* A gold rabbit on e5 alone: loose. With a silver dog on e7 two squares ahead: hunted too.
     * Silver's rabbits fill rank 8, so no goal search succeeds. */
    arm_state alone = at_pos('g', "Re5 Ea1 " R8);
    ck_assert_int_eq(arm_evaluate(&no_loose, &alone) - arm_evaluate(&p, &alone), p.rabbit_loose);
    ck_assert_int_eq(arm_evaluate(&no_hunted, &alone), arm_evaluate(&p, &alone));
    arm_state hunted = at_pos('g', "Re5 Ea1 de7 " R8);
    ck_assert_int_eq(arm_evaluate(&no_hunted, &hunted) - arm_evaluate(&p, &hunted), p.rabbit_hunted);
    /* A friendly dog beside it: supported, not loose (still hunted). */
    arm_state supported = at_pos('g', "Re5 Dd5 Ea1 de7 " R8);
    ck_assert_int_eq(arm_evaluate(&no_loose, &supported), arm_evaluate(&p, &supported));
    /* A goal two turns away: the gold rabbit on e4 (4 rows to go) is blocked by the silver
     * rabbit on e5 and goes round in 5 steps; Silver's rabbit cannot reach a full first rank.
     * The search bound for a rabbit 4 rows away is 4 + goal_extra_steps, and the 5 steps earn
     * goal_two_turns[0] on top of the table. */
    arm_state two_turns = at_pos('g', "Re4 re5 Ra1 Rb1 Rc1 Rd1 Ee1 Rf1 Rg1 Rh1 ea8");
    ck_assert_int_eq(arm_steps_to_goal(&two_turns, sq("e4"), 4), 5);
    ck_assert_int_eq(arm_steps_to_goal(&two_turns, sq("e4"), 5), 5);
    ck_assert_int_eq(arm_steps_to_goal(&two_turns, sq("e5"), 5), 6);
    arm_params bonus = p, no_bonus = p;
    bonus.goal_two_turns[0] = 150; /* 0 by default since the seventh round */
    no_bonus.goal_two_turns[0] = 0;
    ck_assert_int_ge(p.goal_extra_steps, 1);
    ck_assert_int_eq(arm_evaluate(&bonus, &two_turns) - arm_evaluate(&no_bonus, &two_turns),
                     bonus.goal_two_turns[0]);
    /* Rabbits on their first three ranks are never charged. */
    arm_state home = at_pos('g', "Re3 Ea1 de5 " R8);
    ck_assert_int_eq(arm_evaluate(&no_loose, &home), arm_evaluate(&p, &home));
    ck_assert_int_eq(arm_evaluate(&no_hunted, &home), arm_evaluate(&p, &home));
}
END_TEST

/* A piece that the credited capture threat takes is not also charged as in danger beside the
 * trap: Gold to move, its elephant can push Silver's rabbit f5 onto f6 (the threat, 75 %), and
 * that rabbit, beside f6 with Gold's elephant near, was charged again by the trap terms. */
START_TEST(capture_threat_not_charged_twice)
{
    arm_params p = arm_params_default;
    arm_params off = p;
    off.capture_threat_pct = 0;
    arm_state push = at_pos('g', "Ee5 rf5 Ra2 rh8 ea8");
    int gain = arm_threat_gain(&p, &push, ARM_GOLD);
    ck_assert_int_gt(gain, 0);
    const uint64_t rabbit[2] = {0, arm_bit(sq("f5"))};
    int charged = arm_trap_terms(&p, &push, ARM_GOLD);
    int not_charged = arm_trap_terms_taken(&p, &push, ARM_GOLD, rabbit);
    ck_assert_int_gt(charged, not_charged); /* the rabbit's charge counted for Gold */
    /* With the threat on, the charge goes; with it off, the charge stays. */
    ck_assert_int_eq(arm_evaluate(&p, &push) - arm_evaluate(&off, &push),
                     gain - (charged - not_charged));
    ck_assert_int_eq(arm_trap_terms_taken(&p, &push, ARM_GOLD, (const uint64_t[2]){0, 0}), charged);
}
END_TEST

/* The goal table pays for a rabbit's threat, not for its existence: one more rabbit far from its
 * goal changes the goal term by nothing with goal_relative, by the table's value for a rabbit
 * that threatens nothing without it (which made a rabbit dearer than a horse in exchanges). */
START_TEST(goal_table_relative)
{
    arm_params p = unit_scales(), plain = p;
    plain.goal_relative = 0;
    ck_assert_int_eq(p.goal_relative, 1);
    arm_state four = at_pos('g', "Ra1 Rb1 Rc1 Ea2 ea8 rh8");
    arm_state five = at_pos('g', "Ra1 Rb1 Rc1 Rh1 Ea2 ea8 rh8");
    int far = p.goal_search_steps + p.goal_extra_steps + 1;
    ck_assert_int_eq((arm_evaluate(&plain, &five) - arm_evaluate(&plain, &four)) -
                         (arm_evaluate(&p, &five) - arm_evaluate(&p, &four)),
                     p.eval.goal_threat[far]);
}
END_TEST

/* Inside a turn of the step game the mover's rabbits count at least goal_mid_turn_min steps:
 * Gold, one step left, its rabbit on d5 three free steps from d8, is valued as if its turn
 * ended, where Silver would defend; the table's 4000 for 3 steps is not paid there. */
START_TEST(goal_table_inside_a_turn)
{
    arm_params p = unit_scales();
    p.by_steps = 1;
    arm_params full = p;
    full.goal_mid_turn_min = 0;
    arm_state mid = at_pos('g', "Rd5 Ea1 ea8 rh8");
    mid.steps = 3;
    mid.turn_start = 1;
    mid.hash = arm_hash_full(&mid);
    ck_assert_int_eq(arm_steps_to_goal(&mid, sq("d5"), 4), 3);
    ck_assert_int_eq(arm_evaluate(&full, &mid) - arm_evaluate(&p, &mid),
                     p.eval.goal_threat[3] - p.eval.goal_threat[p.goal_mid_turn_min] -
                         p.goal_two_turns[p.goal_mid_turn_min - 5]);
    /* At a turn start (Silver to move, Gold's rabbit waiting) the table counts in full. */
    arm_state start = at_pos('s', "Rd5 Ea1 ea8 rh8");
    ck_assert_int_eq(arm_evaluate(&full, &start), arm_evaluate(&p, &start));
}
END_TEST

/* goal_waiting_pct pays that percent of the goal table for the rabbits of the side that moves
 * second: at a turn start the side not to move (Silver to move, Gold's rabbit on d5 three free
 * steps from d8), inside a turn of the step game the mover. The side that moves next is paid in
 * full. */
START_TEST(goal_table_side_moving_second)
{
    arm_params p = unit_scales(), half = p;
    ck_assert_int_eq(p.goal_waiting_pct, 100);
    half.goal_waiting_pct = 50;
    int far = p.goal_search_steps + p.goal_extra_steps + 1;
    int three = p.eval.goal_threat[3] - p.eval.goal_threat[far];
    arm_state start = at_pos('s', "Rd5 Ea1 ea8 rh8");
    ck_assert_int_eq(arm_steps_to_goal(&start, sq("d5"), 4), 3);
    ck_assert_int_eq(arm_evaluate(&half, &start) - arm_evaluate(&p, &start), three - three / 2);
    /* Gold to move: the rabbit's goal is scored now, whatever the percent. */
    arm_state mover = at_pos('g', "Rd5 Ea1 ea8 rh8");
    ck_assert_int_eq(arm_evaluate(&half, &mover), arm_evaluate(&p, &mover));
    /* The same for Silver: its rabbit on d4 three steps from d1, Gold to move. */
    arm_state gold = at_pos('g', "rd4 Ea8 ea1 Rh1");
    ck_assert_int_eq(arm_steps_to_goal(&gold, sq("d4"), 4), 3);
    ck_assert_int_eq(arm_evaluate(&half, &gold) - arm_evaluate(&p, &gold), three - three / 2);
    /* Inside a turn of the step game the mover waits: its rabbits are paid the percent of the
     * table's value from goal_mid_turn_min steps; with 0 % they are paid nothing. */
    arm_params step = p, none = p;
    step.by_steps = none.by_steps = 1;
    step.goal_mid_turn_min = none.goal_mid_turn_min = 0;
    none.goal_waiting_pct = 0;
    arm_state mid = at_pos('g', "Rd5 Ea1 ea8 rh8");
    mid.steps = 3;
    mid.turn_start = 1;
    mid.hash = arm_hash_full(&mid);
    ck_assert_int_eq(arm_evaluate(&step, &mid) - arm_evaluate(&none, &mid), three);
    /* The registry's knob, and a value out of range refused with a message. */
    ba_game *g = NULL, *bad = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("arimaa:goal_waiting_pct=50", &g, &err), BA_OK);
    ck_assert_int_eq(((const arm_params *)g->params)->goal_waiting_pct, 50);
    ba_game_destroy(g);
    ck_assert_int_ne(ba_game_open("arimaa:goal_waiting_pct=101", &bad, &err), BA_OK);
    ck_assert_ptr_null(bad);
    ck_assert_ptr_nonnull(strstr(err.message, "goal_waiting_pct"));
}
END_TEST

/* The threat of the side that moves second is paid capture_threat_stuck_pct, not the waiting
 * percent, when its victims are frozen with no friend within two squares: a game against bot_Sharp
 * (docs/arimaa.md, the twelfth round), Gold to move after Silver's camel came to g6. Gold's horse
 * on g7 is frozen beside it, and two pulls (g7 to g6, g6 to the trap f6) take it next turn; no
 * gold piece stands within two squares of g7. With a gold rabbit on g5 (two squares away; the
 * capture is the same) the rule's test of a friend near fails, and the waiting percent stays
 * (the rule does not ask whether that friend can move: a first screen, off by default). */
START_TEST(threat_on_stuck_victims_is_paid_more)
{
    static const char *sharp_game =
        "ra8 rb8 rc8 rf8 rg8 rh8 ra7 cc7 dd7 ce7 df7 Hg7 hb6 Ed6 mg6 rh6 Mb5 eb4 Hb3 Ce3 hg3 "
        "Da2 Rb2 Cc2 Re2 Rf2 Rb1 Rc1 Rd1 Re1 Rg1 Dh1";
    arm_params p = arm_params_default, full = p, waiting = p;
    /* Off by default (the waiting percent: no difference shown in self-play, docs/arimaa.md). */
    ck_assert_int_eq(p.capture_threat_stuck_pct, p.capture_threat_waiting_pct);
    p.capture_threat_stuck_pct = 50;
    full.capture_threat_pct = 100;
    waiting.capture_threat_stuck_pct = waiting.capture_threat_waiting_pct;
    arm_state st = at_pos('g', sharp_game);
    long horse = arm_threat_gain(&full, &st, ARM_SILVER);
    ck_assert_int_gt(horse, 0);
    long want = horse * p.capture_threat_stuck_pct / 100 - horse * p.capture_threat_waiting_pct / 100;
    ck_assert_int_eq(arm_evaluate(&waiting, &st) - arm_evaluate(&p, &st), want);
    char helped_text[256];
    snprintf(helped_text, sizeof helped_text, "%s Rg5", sharp_game);
    arm_state helped = at_pos('g', helped_text);
    ck_assert_int_gt(arm_threat_gain(&full, &helped, ARM_SILVER), 0); /* the capture stands */
    ck_assert_int_eq(arm_evaluate(&waiting, &helped), arm_evaluate(&p, &helped));
    /* The registry's knob. */
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("arimaa:threat_stuck_pct=60", &g, &err), BA_OK);
    ck_assert_int_eq(((const arm_params *)g->params)->capture_threat_stuck_pct, 60);
    ba_game_destroy(g);
    ck_assert_int_ne(ba_game_open("arimaa:threat_stuck_pct=-1", &g, &err), BA_OK);
    ck_assert_ptr_nonnull(strstr(err.message, "threat_stuck_pct"));
}
END_TEST

/* The placement table: the classes by the number of stronger enemy pieces, and the term summed by
 * hand with a table whose every number says where it was read (1000 + class x 100 + rank x 10 +
 * distance from the edge). */
START_TEST(placement_by_class_and_square)
{
    /* Full armies: the elephant outranks nothing's reach (0), the camel has the enemy elephant
     * above it (1), a horse two (2-3), a dog four and a cat six (4 or more). */
    arm_state full = at_pos('g', "Ed4 Me2 Hb2 Hg2 Dc2 Df2 Ca2 Ch2 Ra1 "
                                 "ed5 me7 hb7 hg7 dc7 df7 ca7 ch7 ra8");
    ck_assert_int_eq(arm_place_class(&full, ARM_GOLD, ARM_ELEPHANT), 0);
    ck_assert_int_eq(arm_place_class(&full, ARM_GOLD, ARM_CAMEL), 1);
    ck_assert_int_eq(arm_place_class(&full, ARM_GOLD, ARM_HORSE), 2);
    ck_assert_int_eq(arm_place_class(&full, ARM_GOLD, ARM_DOG), 3);
    ck_assert_int_eq(arm_place_class(&full, ARM_SILVER, ARM_CAT), 3);
    /* Without Silver's elephant Gold's camel outranks every enemy piece, and its horses have
     * one above them. */
    arm_state no_e = at_pos('g', "Ed4 Me2 Hb2 Ra1 me7 hb7 ra8");
    ck_assert_int_eq(arm_place_class(&no_e, ARM_GOLD, ARM_CAMEL), 0);
    ck_assert_int_eq(arm_place_class(&no_e, ARM_GOLD, ARM_HORSE), 1);
    ck_assert_int_eq(arm_place_class(&no_e, ARM_SILVER, ARM_HORSE), 2);

    arm_params p = unit_scales();
    for (int c = 0; c < ARM_PLACE_CLASSES; c++)
        for (int r = 0; r < 8; r++)
            for (int f = 0; f < 4; f++) p.place[c][r * 4 + f] = c * 100 + r * 10 + f + 1000;
    /* Gold: elephant d4 (class 0, rank 3, 3 from the edge) 1033; camel e2 (class 1, rank 1,
     * edge 3) 1113; horse b2 (class 2, rank 1, edge 1) 1211. Silver counts its ranks from row 8:
     * elephant d5 (class 0, rank 3, edge 3) 1033; camel e7 (1, 1, 3) 1113; horse h8 (2, 0, 0)
     * 1200. Rabbits have no placement. */
    arm_state st = at_pos('g', "Ed4 Me2 Hb2 Ra1 ed5 me7 hh8 ra8");
    ck_assert_int_eq(arm_placement(&p, &st, ARM_GOLD), 1033 + 1113 + 1211);
    ck_assert_int_eq(arm_placement(&p, &st, ARM_SILVER), 1033 + 1113 + 1200);
    /* The evaluation adds the difference at the term's scale; the explain prints each side's. */
    arm_params off = p, half = p;
    off.term_pct[ARM_TERM_PLACEMENT] = 0;
    half.term_pct[ARM_TERM_PLACEMENT] = 50;
    ck_assert_int_eq(arm_evaluate(&p, &st) - arm_evaluate(&off, &st), 11);
    ck_assert_int_eq(arm_evaluate(&half, &st) - arm_evaluate(&off, &st), 5);
    arm_state turned = st;
    turned.side = ARM_SILVER;
    turned.hash = arm_hash_full(&turned);
    ck_assert_int_eq(arm_evaluate(&p, &turned) - arm_evaluate(&off, &turned), -11);
    char text[1024];
    ck_assert_int_gt(arm_explain(&p, &st, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, "\nplacement 3357 3346\n"));
    /* The colours swapped, the same worth to the swapped side (the default table). */
    arm_params d = unit_scales();
    arm_state m = mirrored(&st);
    ck_assert_int_eq(arm_placement(&d, &st, ARM_GOLD), arm_placement(&d, &m, ARM_SILVER));
    ck_assert_int_eq(arm_placement(&d, &st, ARM_SILVER), arm_placement(&d, &m, ARM_GOLD));
}
END_TEST

/* term_pct scales each term of the evaluation: in a position of a game of bot_Sharp's against
 * itself where every term is at work (Silver to move), each term's percent at 0, 100 and 200
 * moves the evaluation by the same nonzero step (within the rounding of the two sides' shares),
 * and the registry's knobs set the percents in ARM_TERM_* order and refuse what is out of range. */
START_TEST(term_scales_multiply_each_term)
{
    arm_state st = at_pos('s', "rb8 rf8 cc7 rf7 rh7 cb6 Ce6 rf6 hg6 Rh6 ef5 Mg5 Eb4 Rd4 mb3 Hd3 Cc2 "
                               "Rb1 Re1 Rg1 Rh1");
    arm_params p = unit_scales();
    int base = arm_evaluate(&p, &st);
    ck_assert_int_lt(base < 0 ? -base : base, 50000); /* no goal this turn */
    for (int t = 0; t < ARM_TERMS; t++) {
        arm_params none = p, twice = p;
        ck_assert_int_eq(p.term_pct[t], 100);
        none.term_pct[t] = 0;
        twice.term_pct[t] = 200;
        int off = base - arm_evaluate(&none, &st), more = arm_evaluate(&twice, &st) - base;
        ck_assert_msg(off != 0, "term %d contributes nothing in the test position", t);
        ck_assert_msg(more - off <= 2 && off - more <= 2, "term %d: %d at 100 %% but %d more at 200 %%", t, off,
                      more);
    }
    static const char *const names[ARM_TERMS] = {"blocking_pct", "passed_pct", "goal_table_pct",
                                                 "power_pct", "loose_rabbit_pct", "trap_pct",
                                                 "threat_pct", "placement_pct"};
    for (int t = 0; t < ARM_TERMS; t++) {
        char spec[64];
        ba_game *g = NULL;
        ba_error err;
        snprintf(spec, sizeof spec, "arimaa:%s=%d", names[t], 37 + t);
        ck_assert_int_eq(ba_game_open(spec, &g, &err), BA_OK);
        for (int u = 0; u < ARM_TERMS; u++)
            ck_assert_int_eq(((const arm_params *)g->params)->term_pct[u],
                             u == t ? 37 + t : arm_params_default.term_pct[u]);
        ba_game_destroy(g);
        /* The registry documents the default the game runs at. */
        size_t n = 0;
        const ba_game_param *param = ba_game_params("arimaa", &n);
        size_t i = 0;
        while (i < n && strcmp(param[i].name, names[t]) != 0) i++;
        ck_assert_uint_lt(i, n);
        ck_assert_int_eq(atoi(param[i].default_value), arm_params_default.term_pct[t]);
        snprintf(spec, sizeof spec, "arimaa:%s=401", names[t]);
        ck_assert_int_ne(ba_game_open(spec, &g, &err), BA_OK);
        ck_assert_ptr_null(g);
        ck_assert_ptr_nonnull(strstr(err.message, names[t]));
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_eval");
    TCase *tc = tcase_create("eval");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, tables_are_the_published_numbers);
    tcase_add_test(tc, capture_threat_not_charged_twice);
    tcase_add_test(tc, goal_table_relative);
    tcase_add_test(tc, goal_table_inside_a_turn);
    tcase_add_test(tc, goal_table_side_moving_second);
    tcase_add_test(tc, goal_claimed_only_where_found);
    tcase_add_test(tc, threat_on_stuck_victims_is_paid_more);
    tcase_add_test(tc, term_scales_multiply_each_term);
    tcase_add_test(tc, placement_by_class_and_square);
    tcase_add_test(tc, harlog_material);
    tcase_add_test(tc, blocking);
    tcase_add_test(tc, passed_rabbit);
    tcase_add_test(tc, steps_to_goal_known_positions);
    tcase_add_test(tc, power_balance);
    tcase_add_test(tc, goal_threat_detection_and_totals);
    tcase_add_test(tc, capture_threat_matches_brute_force);
    tcase_add_test(tc, capture_threat_matches_reference);
    tcase_add_test(tc, capture_threat_positions);
    tcase_add_test(tc, capture_threat_term);
    tcase_add_test(tc, capture_threat_by_steps_left);
    tcase_add_test(tc, capture_threat_exchange);
    tcase_add_test(tc, trap_control);
    tcase_add_test(tc, trap_danger);
    tcase_add_test(tc, elephant_blockade);
    tcase_add_test(tc, attack_threat);
    tcase_add_test(tc, attack_threat_dragged);
    tcase_add_test(tc, hostage);
    tcase_add_test(tc, elephant_place);
    tcase_add_test(tc, elephant_deep);
    tcase_add_test(tc, camel_exposed);
    tcase_add_test(tc, exposed);
    tcase_add_test(tc, home_guards);
    tcase_add_test(tc, setup_passed);
    tcase_add_test(tc, trap_dominance);
    tcase_add_test(tc, rabbit_advance_terms);
    suite_add_tcase(s, tc);
    return s;
}
