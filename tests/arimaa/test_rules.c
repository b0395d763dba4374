/* Arimaa rules, each from a concrete position: steps, rabbits, freezing, pushes, pulls, traps,
 * the turn must change the position, repetition, setups, and the end-of-game checks in order. */
#include <stdlib.h>

#include "arimaa_test_util.h"
#include "check_main.h"

/* Silver and Gold rabbits far away keep the elimination rule out of the way. */
#define FILLER " Ra1 rh8"

START_TEST(simple_steps_and_rabbit_direction)
{
    arm_state st = at_pos('g', "Re4 Dc4" FILLER);
    ck_assert(at_legal(&st, "Re4n"));
    ck_assert(at_legal(&st, "Re4e"));
    ck_assert(at_legal(&st, "Re4w"));
    ck_assert(!at_legal(&st, "Re4s")); /* Gold rabbits never step south on their own */
    ck_assert(at_legal(&st, "Dc4s"));  /* other pieces may */
    arm_state sv = at_pos('s', "re5 Ra1 rh8");
    ck_assert(at_legal(&sv, "re5s"));
    ck_assert(!at_legal(&sv, "re5n"));
    /* Up to four steps, not five; a step must go to an empty square on the board. */
    ck_assert(at_legal(&st, "Dc4w Db4n Db5n Db6n"));
    ck_assert(!at_legal(&st, "Dc4w Db4n Db5n Db6n Db7e"));
    arm_state edge = at_pos('g', "Dh4 Dg4" FILLER);
    ck_assert(!at_legal(&edge, "Dh4e"));
    ck_assert(!at_legal(&edge, "Dh4w"));
    /* The letter must name the piece that stands there. */
    ck_assert(!at_legal(&st, "Ce4n"));
    ck_assert(!at_legal(&st, "Rd4n"));
}
END_TEST

START_TEST(freezing)
{
    /* The gold dog beside a stronger silver horse, no friend beside it: frozen. */
    arm_state st = at_pos('g', "De4 he5 Rh1 ra8");
    ck_assert(!at_legal(&st, "De4w"));
    ck_assert(!at_legal(&st, "De4s"));
    /* A friend beside it unfreezes it. */
    arm_state guarded = at_pos('g', "De4 he5 Rd4 ra8");
    ck_assert(at_legal(&guarded, "De4s"));
    /* A weaker or equal enemy does not freeze. */
    arm_state equal = at_pos('g', "De4 de5 Rh1 ra8");
    ck_assert(at_legal(&equal, "De4w"));
    /* A frozen piece cannot push: the cat beside the frozen dog stays. */
    arm_state push = at_pos('g', "De4 he5 cd4 Rh1 ra8");
    ck_assert(!at_legal(&push, "cd4w De4w"));
    /* ... nor pull. */
    ck_assert(!at_legal(&push, "De4s cd4e"));
    /* The bitboard view agrees. */
    ck_assert(arm_frozen(&st, ARM_GOLD) & arm_bit(arm_parse_square("e4")));
    ck_assert(!(arm_frozen(&guarded, ARM_GOLD) & arm_bit(arm_parse_square("e4"))));
}
END_TEST

START_TEST(pushes)
{
    arm_state st = at_pos('g', "Ee4 re5 dd4 Hh4 hh5 Ra1 rh8");
    arm_state after = at_play(&st, "re5n Ee4n");
    ck_assert_int_eq(at_on(&after, "e6"), 'r'); /* a pushed rabbit may go backwards */
    ck_assert_int_eq(at_on(&after, "e5"), 'E');
    ck_assert(at_legal(&st, "dd4w Ee4w"));
    ck_assert(!at_legal(&st, "hh5w Hh4n")); /* equal strength cannot push */
    ck_assert(!at_legal(&st, "re5n"));      /* a push must be completed */
    ck_assert(!at_legal(&st, "re5n Ee4s")); /* the pusher must take the vacated square */
    arm_state weak = at_pos('g', "Ce4 de5 Ra1 rh8");
    ck_assert(!at_legal(&weak, "de5n Ce4n")); /* a weaker piece cannot push */
}
END_TEST

START_TEST(pulls)
{
    arm_state st = at_pos('g', "Ee4 re5 Ra1 rh8");
    arm_state after = at_play(&st, "Ee4s re5s");
    ck_assert_int_eq(at_on(&after, "e4"), 'r');
    ck_assert_int_eq(at_on(&after, "e3"), 'E');
    ck_assert(!at_legal(&st, "Ee4w re5w")); /* the pulled piece must enter the vacated square */
    /* One step cannot both push and pull: the elephant completes a push into e5 and cannot
     * drag the cat from e3 into e4 with that same step. */
    arm_state both = at_pos('g', "Ee4 re5 ce3 Ra1 rh8");
    ck_assert(at_legal(&both, "re5n Ee4n"));
    ck_assert(!at_legal(&both, "re5n Ee4n ce3n"));
    ck_assert(at_legal(&both, "Ee4w ce3n")); /* a pull alone is fine */
}
END_TEST

START_TEST(captures_and_freezing_inside_a_turn)
{
    /* A pulled piece is captured the moment it lands on a trap: the elephant on c3 (held by
     * the dog on c2) steps to b3 and pulls the silver rabbit from d3 onto c3. */
    arm_state st = at_pos('g', "Ec3 Dc2 rd3 Ra1 rh8");
    ba_move m;
    ba_error err;
    ck_assert_int_eq(at_parse(&st, "Ec3w rd3w", &m, &err), BA_OK);
    char text[BA_MOVE_TEXT_MAX];
    arm_move_to_text(&st, &m, text, sizeof text);
    ck_assert_str_eq(text, "Ec3w rd3w rc3x");
    arm_state after = at_play(&st, "Ec3w rd3w");
    ck_assert_int_eq(at_on(&after, "c3"), '.');
    ck_assert_int_eq(arm_popcount(after.bb[ARM_SILVER][ARM_RABBIT]), 1);
    /* A piece that walks next to a stronger enemy with no friend beside it is frozen for the
     * rest of the turn. */
    arm_state walk = at_pos('g', "De3 he5 Rh1 ra8");
    ck_assert(at_legal(&walk, "De3n"));
    ck_assert(!at_legal(&walk, "De3n De4w"));
    ck_assert(at_legal(&walk, "De3w Dd3n"));
}
END_TEST

START_TEST(pull_frees_a_frozen_piece)
{
    /* The gold cat on e4 is frozen by the silver dog on e5. The elephant on e6 pulls the dog
     * away (e6 -> e7, dog e5 -> e6); the cat is then free to step. */
    arm_state st = at_pos('g', "Ce4 de5 Ee6 Ra1 rh8");
    ck_assert(!at_legal(&st, "Ce4w"));
    ck_assert(at_legal(&st, "Ee6n de5n Ce4w"));
    arm_state after = at_play(&st, "Ee6n de5n Ce4w");
    ck_assert_int_eq(at_on(&after, "d4"), 'C');
    ck_assert_int_eq(at_on(&after, "e6"), 'd');
}
END_TEST

START_TEST(push_into_a_trap)
{
    /* The silver cat on c4 pushed south onto the trap c3 with no silver friend beside it. */
    arm_state st = at_pos('g', "Ec5 cc4 Ra1 rh8");
    ba_move m;
    ba_error err;
    ck_assert_int_eq(at_parse(&st, "cc4s Ec5s", &m, &err), BA_OK);
    char text[BA_MOVE_TEXT_MAX];
    ck_assert_int_gt(arm_move_to_text(&st, &m, text, sizeof text), 0);
    ck_assert_str_eq(text, "cc4s cc3x Ec5s");
    arm_state after = at_play(&st, "cc4s Ec5s");
    ck_assert_int_eq(at_on(&after, "c3"), '.');
    ck_assert_int_eq(arm_popcount(after.bb[ARM_SILVER][ARM_CAT]), 0);
    /* The same push with a silver dog guarding c3: no capture. */
    arm_state guarded = at_pos('g', "Ec5 cc4 db3 Ra1 rh8");
    arm_state kept = at_play(&guarded, "cc4s Ec5s");
    ck_assert_int_eq(at_on(&kept, "c3"), 'c');
    /* Capture tokens are checked when given. */
    ck_assert_int_eq(at_parse(&st, "cc4s cc3x Ec5s", NULL, &err), BA_OK);
    ck_assert_int_eq(at_parse(&guarded, "cc4s cc3x Ec5s", NULL, &err), BA_ERR_ILLEGAL);
}
END_TEST

START_TEST(capture_when_last_defender_leaves)
{
    /* The gold horse on trap c3 is held only by the dog on c2. */
    arm_state st = at_pos('g', "Hc3 Dc2 Ra1 rh8");
    ba_move m;
    ba_error err;
    ck_assert_int_eq(at_parse(&st, "Dc2s", &m, &err), BA_OK);
    char text[BA_MOVE_TEXT_MAX];
    arm_move_to_text(&st, &m, text, sizeof text);
    ck_assert_str_eq(text, "Dc2s Hc3x");
    arm_state after = at_play(&st, "Dc2s");
    ck_assert_int_eq(at_on(&after, "c3"), '.');
    /* With a second defender on b3 the horse survives. */
    arm_state two = at_pos('g', "Hc3 Dc2 Cb3 Ra1 rh8");
    arm_state kept = at_play(&two, "Dc2s");
    ck_assert_int_eq(at_on(&kept, "c3"), 'H');
    /* A piece stepping onto an unguarded trap is captured at once, even mid-turn. */
    arm_state self = at_pos('g', "Dc4 Ra1 rh8");
    arm_state gone = at_play(&self, "Dc4s");
    ck_assert_int_eq(arm_popcount(gone.bb[ARM_GOLD][ARM_DOG]), 0);
    ck_assert(!at_legal(&self, "Dc4s Dc3s")); /* it is no longer there to step on */
}
END_TEST

START_TEST(turn_must_change_position)
{
    arm_state st = at_pos('g', "Ee4 Ra1 rh8");
    ba_error err;
    ck_assert_int_eq(at_parse(&st, "Ee4n Ee5s", NULL, &err), BA_ERR_ILLEGAL);
    ck_assert(strstr(err.message, "change") != NULL);
    ck_assert_int_eq(at_parse(&st, "Ee4n Ee5e Ef5s Ef4w", NULL, &err), BA_ERR_ILLEGAL);
    ck_assert(at_legal(&st, "Ee4n Ee5s Ee4n"));
    /* No generated turn ends in the start position. */
    static ba_move moves[4096];
    int n = arm_generate_turns(&st, NULL, moves, 4096, 0);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++) {
        arm_state c = st;
        arm_apply_move(&c, &moves[i]);
        ck_assert(memcmp(c.board, st.board, 64) != 0);
    }
}
END_TEST

START_TEST(third_repetition_is_forbidden)
{
    arm_state st = at_pos('g', "Ee4 Ra1 rh8");
    arm_state target = at_play(&st, "Ee4n");
    uint64_t h[3] = {target.hash, 12345, target.hash};
    ba_history twice = {h, 3};
    ba_history once = {h, 1};
    ba_move m;
    ba_error err;
    ck_assert_int_eq(arm_move_from_text(&st, &once, "Ee4n", &m, &err), BA_OK);
    ck_assert_int_eq(arm_move_from_text(&st, &twice, "Ee4n", &m, &err), BA_ERR_ILLEGAL);
    ck_assert(strstr(err.message, "third") != NULL);
    static ba_move moves[4096];
    int n_once = arm_generate_turns(&st, &once, moves, 4096, 0);
    int n_twice = arm_generate_turns(&st, &twice, moves, 4096, 0);
    ck_assert_int_eq(n_twice, n_once - 1);
    for (int i = 0; i < n_twice; i++) {
        arm_state c = st;
        arm_apply_move(&c, &moves[i]);
        ck_assert(c.hash != target.hash);
    }
    /* Every turn of a lone elephant repeated: the side to move has no turn and loses. */
    arm_state lone = at_pos('g', "Ea2 Ra1 rh8 rg8 hh7");
    static ba_move all[4096];
    int n = arm_generate_turns(&lone, NULL, all, 4096, 0);
    ck_assert_int_gt(n, 0);
    uint64_t *banned = malloc(sizeof(uint64_t) * (size_t)n * 2);
    for (int i = 0; i < n; i++) {
        arm_state c = lone;
        arm_apply_move(&c, &all[i]);
        banned[2 * i] = banned[2 * i + 1] = c.hash;
    }
    ba_history hist = {banned, (size_t)n * 2};
    ck_assert_int_eq(arm_generate_turns(&lone, &hist, all, 4096, 0), 0);
    ck_assert_int_eq(arm_has_legal_turn(&lone, &hist), 0);
    ck_assert_int_eq(ba_arimaa_game()->status(ba_arimaa_game(), &lone, &hist), BA_RESULT_WIN1);
    ck_assert_int_eq(ba_arimaa_game()->status(ba_arimaa_game(), &lone, NULL), BA_RESULT_ONGOING);
    free(banned);
}
END_TEST

START_TEST(rabbit_pushed_onto_goal_by_opponent)
{
    /* Gold pushes a silver rabbit onto rank 1, Silver's goal: Silver wins at the end of the turn. */
    const ba_game *g = ba_arimaa_game();
    arm_state st = at_pos('g', "Ed3 rd2 Ra7 Rh2 rh8");
    arm_state after = at_play(&st, "rd2s Ed3s");
    ck_assert_int_eq(at_on(&after, "d1"), 'r');
    ck_assert_int_eq(g->status(g, &after, NULL), BA_RESULT_WIN1);
    /* If Gold also reaches its own goal in that turn, the mover's goal is checked first. */
    arm_state both = at_play(&st, "rd2s Ed3s Ra7n");
    ck_assert_int_eq(g->status(g, &both, NULL), BA_RESULT_WIN0);
    /* Pushing it onto rank 1 and back off within the turn is no goal. */
    arm_state back = at_play(&st, "rd2s Ed3s Ed2e rd1n");
    ck_assert_int_eq(g->status(g, &back, NULL), BA_RESULT_ONGOING);
}
END_TEST

START_TEST(end_checks_in_order)
{
    const ba_game *g = ba_arimaa_game();
    /* Gold to move, so Silver just moved. Both rabbits on their goals: the mover (Silver) wins. */
    arm_state goals = at_pos('g', "Ra8 rb1 Ec4 ec5");
    ck_assert_int_eq(g->status(g, &goals, NULL), BA_RESULT_WIN1);
    /* Only Gold's rabbit on its goal: the opponent of the mover (Gold) wins. */
    arm_state gold_goal = at_pos('g', "Ra8 rb2 Ec4 ec5");
    ck_assert_int_eq(g->status(g, &gold_goal, NULL), BA_RESULT_WIN0);
    /* Elimination: Gold (the opponent) has no rabbits -> Silver, the mover, wins. */
    arm_state gold_none = at_pos('g', "Ec4 rb7");
    ck_assert_int_eq(g->status(g, &gold_none, NULL), BA_RESULT_WIN1);
    /* Silver (the mover) has no rabbits, Gold has -> Gold wins. */
    arm_state silver_none = at_pos('g', "Ec4 Rb2 ed6");
    ck_assert_int_eq(g->status(g, &silver_none, NULL), BA_RESULT_WIN0);
    /* Neither side has rabbits: the opponent-eliminated check comes first -> the mover wins. */
    arm_state none = at_pos('g', "Ec4 ed6");
    ck_assert_int_eq(g->status(g, &none, NULL), BA_RESULT_WIN1);
    /* Goal comes before elimination: Silver (mover) has no rabbits but Gold's is on rank 8. */
    arm_state goal_first = at_pos('g', "Ra8 ed6");
    ck_assert_int_eq(g->status(g, &goal_first, NULL), BA_RESULT_WIN0);
    /* Finished positions have no moves. */
    static ba_move moves[16];
    ck_assert_int_eq(g->generate(g, &goals, NULL, moves, 16), 0);
}
END_TEST

START_TEST(immobilisation)
{
    const ba_game *g = ba_arimaa_game();
    /* Gold's only piece, the rabbit on h1, is frozen by the silver cats and boxed in. */
    arm_state st = at_pos('g', "Rh1 ch2 cg1 ra8");
    static ba_move moves[64];
    ck_assert_int_eq(g->generate(g, &st, NULL, moves, 64), 0);
    ck_assert_int_eq(g->status(g, &st, NULL), BA_RESULT_WIN1);
    /* The same with a free gold dog elsewhere: the game goes on. */
    arm_state free_dog = at_pos('g', "Rh1 ch2 cg1 ra8 Dd4");
    ck_assert_int_eq(g->status(g, &free_dog, NULL), BA_RESULT_ONGOING);
    /* Boxed in without being frozen: silver rabbits (equal, so no freezing) on d5, c4 and e4,
     * and the only empty neighbour d3 is behind the gold rabbit, where it may not step. */
    arm_state boxed = at_pos('g', "Rd4 rd5 rc4 re4 rh8");
    ck_assert_int_eq(g->generate(g, &boxed, NULL, moves, 64), 0);
    ck_assert_int_eq(g->status(g, &boxed, NULL), BA_RESULT_WIN1);
}
END_TEST

START_TEST(setup_turns)
{
    const ba_game *g = ba_arimaa_game();
    arm_state st;
    g->init(g, &st);
    ck_assert_int_eq(st.phase, ARM_PHASE_SETUP_GOLD);
    static ba_move moves[64];
    int n = g->generate(g, &st, NULL, moves, 64);
    ck_assert_int_eq(n, BA_ARIMAA_SETUP_COUNT);
    ck_assert_int_eq(g->generate(g, &st, NULL, moves, 3), BA_ERR_BUFFER);
    /* Any legal arrangement is accepted, not only the curated ones. */
    const char *odd = "Ea1 Mb1 Hc1 Hd1 De1 Df1 Cg1 Ch1 Ra2 Rb2 Rc2 Rd2 Re2 Rf2 Rg2 Rh2";
    ba_move m;
    ba_error err;
    ck_assert_int_eq(g->move_from_text(g, &st, NULL, odd, &m, &err), BA_OK);
    for (int i = 0; i < n; i++) ck_assert(!ba_move_equal(&m, &moves[i]));
    ck_assert_int_eq(g->apply(g, &st, &m), BA_OK);
    ck_assert_int_eq(st.side, ARM_SILVER);
    ck_assert_int_eq(st.phase, ARM_PHASE_SETUP_SILVER);
    ck_assert_int_eq(at_on(&st, "a1"), 'E');
    /* Wrong side, wrong ranks, wrong counts, duplicates. */
    ck_assert_int_eq(g->move_from_text(g, &st, NULL, odd, &m, &err), BA_ERR_ILLEGAL);
    const char *silver_ok = "ea8 mb8 hc8 hd8 de8 df8 cg8 ch8 ra7 rb7 rc7 rd7 re7 rf7 rg7 rh7";
    ck_assert_int_eq(g->move_from_text(g, &st, NULL, silver_ok, &m, &err), BA_OK);
    const char *low = "ea8 mb8 hc8 hd8 de8 df8 cg8 ch8 ra7 rb7 rc7 rd7 re7 rf7 rg7 rh6";
    ck_assert_int_eq(g->move_from_text(g, &st, NULL, low, &m, &err), BA_ERR_ILLEGAL);
    const char *two_e = "ea8 eb8 hc8 hd8 de8 df8 cg8 ch8 ra7 rb7 rc7 rd7 re7 rf7 rg7 rh7";
    ck_assert_int_eq(g->move_from_text(g, &st, NULL, two_e, &m, &err), BA_ERR_ILLEGAL);
    const char *dup = "ea8 ma8 hc8 hd8 de8 df8 cg8 ch8 ra7 rb7 rc7 rd7 re7 rf7 rg7 rh7";
    ck_assert_int_eq(g->move_from_text(g, &st, NULL, dup, &m, &err), BA_ERR_ILLEGAL);
    const char *short_ = "ea8 mb8";
    ck_assert_int_eq(g->move_from_text(g, &st, NULL, short_, &m, &err), BA_ERR_ILLEGAL);
    /* Silver's curated setups land on ranks 7 and 8 with the right army. */
    n = g->generate(g, &st, NULL, moves, 64);
    ck_assert_int_eq(n, BA_ARIMAA_SETUP_COUNT);
    for (int i = 0; i < n; i++) {
        arm_state c = st;
        ck_assert_int_eq(g->apply(g, &c, &moves[i]), BA_OK);
        ck_assert_int_eq(c.phase, ARM_PHASE_PLAY);
        ck_assert_int_eq(c.side, ARM_GOLD);
        ck_assert(c.occ[ARM_SILVER] == 0xFFFF000000000000ull);
        ck_assert_int_eq(arm_popcount(c.bb[ARM_SILVER][ARM_RABBIT]), 8);
        ck_assert_int_eq(arm_popcount(c.bb[ARM_SILVER][ARM_ELEPHANT]), 1);
        ck_assert(arm_state_valid(&c));
        for (int j = 0; j < i; j++) ck_assert(!ba_move_equal(&moves[i], &moves[j]));
    }
}
END_TEST

START_TEST(position_text_round_trip)
{
    const ba_game *g = ba_arimaa_game();
    const char *texts[] = {
        "g [rrrrrrrrhdcemcdh................................HDCMECDHRRRRRRRR]",
        "s [r......r...........E.mr.....d....H..c..R..........C...R.R.......]",
        "g [................................................................] setup",
        "s [................................................DHCMECHDRRRRRRRR] setup",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        arm_state st;
        ba_error err;
        ck_assert_msg(g->position_from_text(g, &st, texts[i], &err) == BA_OK, "%s: %s", texts[i],
                      err.message);
        ck_assert(arm_state_valid(&st));
        char out[BA_POS_TEXT_MAX];
        ck_assert_int_gt(g->position_to_text(g, &st, out, sizeof out), 0);
        ck_assert_str_eq(out, texts[i]);
    }
    /* AEI style: spaces for empty squares. */
    arm_state a, b;
    ba_error err;
    ck_assert_int_eq(g->position_from_text(g, &a, "g [rrrrrrrrhdcemcdh                                HDCMECDHRRRRRRRR]", &err), BA_OK);
    ck_assert_int_eq(g->position_from_text(g, &b, texts[0], &err), BA_OK);
    ck_assert(a.hash == b.hash);
    /* Errors name what was wrong. */
    ck_assert_int_eq(g->position_from_text(g, &a, "x [........]", &err), BA_ERR_PARSE);
    ck_assert_int_eq(g->position_from_text(g, &a, "g [rrrr]", &err), BA_ERR_PARSE);
    ck_assert_int_eq(g->position_from_text(g, &a, "g [rrrrrrrrrhdcemcdh...............................HDCMECDHRRRRRRRR]", &err), BA_ERR_ILLEGAL);
    ck_assert_int_eq(g->position_from_text(g, &a, "g [..........................................R.....................]", &err), BA_ERR_ILLEGAL);
    ck_assert(strstr(err.message, "trap") != NULL);
    /* Side to move and phase are part of the hash. */
    arm_state s1 = at_pos('g', "Ee4 Ra1 rh8"), s2 = at_pos('s', "Ee4 Ra1 rh8");
    ck_assert(s1.hash != s2.hash);
}
END_TEST

START_TEST(notation_errors)
{
    arm_state st = at_pos('g', "Ee4 Ra1 rh8");
    ba_error err;
    ck_assert_int_eq(at_parse(&st, "", NULL, &err), BA_ERR_PARSE);
    ck_assert_int_eq(at_parse(&st, "Ee4q", NULL, &err), BA_ERR_PARSE);
    ck_assert_int_eq(at_parse(&st, "Ei4n", NULL, &err), BA_ERR_PARSE);
    ck_assert_int_eq(at_parse(&st, "Xe4n", NULL, &err), BA_ERR_PARSE);
    ck_assert_int_eq(at_parse(&st, "Ee4nn", NULL, &err), BA_ERR_PARSE);
    ck_assert_int_eq(at_parse(&st, "Ee5n", NULL, &err), BA_ERR_ILLEGAL);
    ck_assert(strstr(err.message, "not on") != NULL);
    ck_assert_int_eq(at_parse(&st, "rh8s", NULL, &err), BA_ERR_ILLEGAL);
    ck_assert_int_eq(at_parse(&st, "Ee4n Ee5x", NULL, &err), BA_ERR_ILLEGAL);
    /* Canonical: a transposed step order parses to the generated move. */
    arm_state two = at_pos('g', "Ee4 Dc4 Ra1 rh8");
    ba_move m1, m2;
    ck_assert_int_eq(at_parse(&two, "Ee4n Dc4n", &m1, &err), BA_OK);
    ck_assert_int_eq(at_parse(&two, "Dc4n Ee4n", &m2, &err), BA_OK);
    ck_assert(ba_move_equal(&m1, &m2));
    /* ... and a detour parses to the shortest sequence with the same end: e4-e5-f5-f4 is Ee4e. */
    ck_assert_int_eq(at_parse(&two, "Ee4n Ee5e Ef5s", &m1, &err), BA_OK);
    ck_assert_int_eq(at_parse(&two, "Ee4e", &m2, &err), BA_OK);
    ck_assert(ba_move_equal(&m1, &m2));
    ck_assert_int_eq(m1.len, 1);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_rules");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, simple_steps_and_rabbit_direction);
    tcase_add_test(tc, freezing);
    tcase_add_test(tc, pushes);
    tcase_add_test(tc, pulls);
    tcase_add_test(tc, captures_and_freezing_inside_a_turn);
    tcase_add_test(tc, pull_frees_a_frozen_piece);
    tcase_add_test(tc, push_into_a_trap);
    tcase_add_test(tc, capture_when_last_defender_leaves);
    tcase_add_test(tc, turn_must_change_position);
    tcase_add_test(tc, third_repetition_is_forbidden);
    tcase_add_test(tc, rabbit_pushed_onto_goal_by_opponent);
    tcase_add_test(tc, end_checks_in_order);
    tcase_add_test(tc, immobilisation);
    tcase_add_test(tc, setup_turns);
    tcase_add_test(tc, position_text_round_trip);
    tcase_add_test(tc, notation_errors);
    suite_add_tcase(s, tc);
    return s;
}
