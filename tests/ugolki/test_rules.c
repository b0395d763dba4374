/* Ugolki rules, each from a concrete position (positive and negative cases). The expected move
 * sets were worked out by hand on a board diagram; the comments show the reasoning. */
#include <check.h>

#include "check_main.h"
#include "ugolki_test_util.h"

/* The destinations (as a bitboard) of the side to move's piece on @p from. */
static uint64_t destinations(const ba_game *g, const ug_state *s, int from)
{
    ba_move list[UT_MAX_MOVES];
    int n = ut_moves(g, s, list);
    uint64_t to = 0;
    for (int i = 0; i < n; i++) {
        if (list[i].len == 2 && list[i].bytes[0] == from) {
            ck_assert_msg(!(to & (1ull << list[i].bytes[1])), "duplicate move");
            to |= 1ull << list[i].bytes[1];
        }
    }
    return to;
}

static uint64_t squares(const char *list)
{
    uint64_t b = 0;
    for (const char *c = list; *c; c += (c[2] ? 3 : 2))
        b |= 1ull << ut_sq(c);
    return b;
}

START_TEST(test_start_position)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s;
    ck_assert_int_eq(g->init(g, &s), BA_OK);
    ug_state t = ut_load(g, "5bbb/5bbb/5bbb/8/8/www5/www5/www5 w 0 -");
    ck_assert(memcmp(&s, &t, sizeof s) == 0);
    ck_assert_int_eq(g->side_to_move(g, &s), 0);
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    /* By hand: a1 none; b1 leaps c1 -> d1; c1 steps d1; a2 leaps a3 -> a4; b2 leaps b3 -> b4
     * and c2 -> d2; c2 steps d2, leaps c3 -> c4; a3 steps a4; b3 steps b4, leaps c3 -> d3;
     * c3 steps c4 and d3. Twelve moves. */
    ba_move list[UT_MAX_MOVES];
    ck_assert_int_eq(ut_moves(g, &s, list), 12);
    ck_assert_uint_eq(destinations(g, &s, ut_sq("a1")), 0);
    ck_assert_uint_eq(destinations(g, &s, ut_sq("b1")), squares("d1"));
    ck_assert_uint_eq(destinations(g, &s, ut_sq("b2")), squares("b4 d2"));
    ck_assert_uint_eq(destinations(g, &s, ut_sq("c2")), squares("d2 c4"));
    ck_assert_uint_eq(destinations(g, &s, ut_sq("b3")), squares("b4 d3"));
    ck_assert_uint_eq(destinations(g, &s, ut_sq("c3")), squares("c4 d3"));
}
END_TEST

START_TEST(test_variant_starts)
{
    ba_ugolki_options o = ba_ugolki_options_default();
    o.pieces = 12;
    const ba_game *g = ut_variant(&o);
    ug_state s;
    g->init(g, &s);
    ug_state t = ut_load(g, "4bbbb/4bbbb/4bbbb/8/8/wwww4/wwww4/wwww4 w 0 -");
    ck_assert(memcmp(&s, &t, sizeof s) == 0);
    ut_free_game(g);

    o.pieces = 16;
    g = ut_variant(&o);
    g->init(g, &s);
    t = ut_load(g, "4bbbb/4bbbb/4bbbb/4bbbb/wwww4/wwww4/wwww4/wwww4 w 0 -");
    ck_assert(memcmp(&s, &t, sizeof s) == 0);
    ut_free_game(g);

    ba_game *bad = NULL;
    ba_error err;
    o.pieces = 10;
    ck_assert_int_eq(ba_ugolki_create(&o, &bad, &err), BA_ERR_RANGE);
    ck_assert(strstr(err.message, "pieces") != NULL);
    ck_assert_ptr_null(bad);
    o = ba_ugolki_options_default();
    o.program_side = 2;
    ck_assert_int_eq(ba_ugolki_create(&o, &bad, &err), BA_ERR_RANGE);
    o = ba_ugolki_options_default();
    o.stay_limit = -1;
    ck_assert_int_eq(ba_ugolki_create(&o, &bad, &err), BA_ERR_RANGE);
}
END_TEST

START_TEST(test_default_game_matches_default_options)
{
    /* The constant default game must behave exactly like one made from the default options. */
    const ba_game *made = ut_variant(NULL);
    const ba_game *g = ba_ugolki_game();
    const ug_params *a = ug_params_of(g), *b = ug_params_of(made);
    ck_assert(memcmp(&a->opt, &b->opt, sizeof a->opt) == 0);
    ck_assert_uint_eq(a->home[0], b->home[0]);
    ck_assert_uint_eq(a->home[1], b->home[1]);
    ck_assert_int_eq(a->threshold, b->threshold);
    ck_assert_int_eq(a->directions, b->directions);
    ck_assert_uint_eq(g->max_moves, made->max_moves);
    ck_assert_uint_eq(g->max_plies, made->max_plies);
    ba_ugolki_options o;
    ck_assert_int_eq(ba_ugolki_get_options(g, &o), BA_OK);
    ck_assert_int_eq(o.pieces, 9);
    ck_assert_int_eq(o.stay_limit, 40);
    ck_assert_int_eq(o.return_limit, 40);
    ck_assert_int_eq(o.ply_cap, 400);
    ck_assert_int_eq(o.asymmetric, 1);
    ut_free_game(made);
}
END_TEST

START_TEST(test_leap_chain_turns_over_any_piece)
{
    /* White a1, a2, c4; Black b3. From a1: step b1; leap a2 -> a3, turn, leap the black b3 ->
     * c3, turn, leap c4 -> c5. Nothing else (a3's and c5's other neighbours are empty). */
    const ba_game *g = ba_ugolki_game();
    ug_state s = ut_load(g, "5bbb/5bbb/6bb/8/2w5/1b5w/w6w/w3wwww w 0 -");
    ck_assert_uint_eq(destinations(g, &s, ut_sq("a1")), squares("b1 a3 c3 c5"));
    ug_state before = s;
    ut_play(g, &s, "a1-a3-c3-c5");
    /* Nothing is captured: b3 is still Black's, a2 and c4 still White's. */
    ck_assert_uint_eq(s.occ[1], before.occ[1]);
    ck_assert_uint_eq(s.occ[0], (before.occ[0] & ~squares("a1")) | squares("c5"));
    ck_assert_int_eq(g->side_to_move(g, &s), 1);
}
END_TEST

START_TEST(test_diagonal_variant)
{
    /* White a1, b2, a2, c4; Black b3. Orthogonal rules: a1 reaches b1, a3, c3 (over b3), c5.
     * Diagonal rules add: a1 over b2 -> c3 directly, a3 over b2 -> c1. b2 occupies the
     * diagonal step square. */
    const char *pos = "5bbb/5bbb/6bb/8/2w5/1b6/ww5w/w3wwww w 0 -";
    const ba_game *g = ba_ugolki_game();
    ug_state s = ut_load(g, pos);
    ck_assert_uint_eq(destinations(g, &s, ut_sq("a1")), squares("b1 a3 c3 c5"));
    /* Orthogonal: b2 steps to c2 and b1; leaps over b3 -> b4, then over c4 -> d4. */
    ck_assert_uint_eq(destinations(g, &s, ut_sq("b2")), squares("b1 c2 b4 d4"));

    ba_ugolki_options o = ba_ugolki_options_default();
    o.diagonal = 1;
    const ba_game *d = ut_variant(&o);
    s = ut_load(d, pos);
    ck_assert_uint_eq(destinations(d, &s, ut_sq("a1")), squares("b1 a3 c3 c1 c5"));
    /* b2 diagonally: steps a3, c3, c1 (a1 is occupied, and leaping it leaves the board); no
     * new leaps (b4's and d4's diagonal neighbours are empty). Orthogonally as before. */
    ck_assert_uint_eq(destinations(d, &s, ut_sq("b2")), squares("b1 c2 b4 d4 a3 c3 c1"));
    /* The shortest chains are printed: one diagonal leap to c3, two leaps to c5 and c1. */
    ba_move m;
    ba_history none = {NULL, 0};
    ck_assert_int_eq(d->move_from_text(d, &s, &none, "a1-c5", &m, NULL), BA_OK);
    ck_assert_str_eq(ut_move_text(d, &s, &m).s, "a1-c3-c5");
    ck_assert_int_eq(d->move_from_text(d, &s, &none, "a1-c1", &m, NULL), BA_OK);
    ck_assert_str_eq(ut_move_text(d, &s, &m).s, "a1-a3-c1");
    ck_assert_int_eq(d->move_from_text(d, &s, &none, "a1-c3", &m, NULL), BA_OK);
    ck_assert_str_eq(ut_move_text(d, &s, &m).s, "a1-c3");
    /* A diagonal leap is no leap in the orthogonal game. */
    s = ut_load(g, pos);
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "a1-c3", &m, NULL), BA_OK);
    ck_assert_str_eq(ut_move_text(g, &s, &m).s, "a1-a3-c3");
    ba_error err;
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "a1-c3-c5", &m, &err), BA_ERR_ILLEGAL);
    ck_assert(strstr(err.message, "not a leap") != NULL);
    ut_free_game(d);
}
END_TEST

START_TEST(test_no_move_ends_where_it_began)
{
    /* White d4 with d5, e6, f5, e4 around it and Black f7: d4 leaps to d6 and f4, from either
     * on to f6 (over e6 or f5), on to f8 over f7, and from f6 or f4 the cycle leads back onto
     * d4, which must not be a move. Steps: d3, c4. */
    const ba_game *g = ba_ugolki_game();
    ug_state s = ut_load(g, "7b/5bbb/4w1bb/3w1w2/3ww3/7b/w6b/www4b w 0 -");
    uint64_t to = destinations(g, &s, ut_sq("d4"));
    ck_assert_uint_eq(to, squares("d3 c4 d6 f4 f6 f8"));
    ba_move m;
    ba_error err;
    ba_history none = {NULL, 0};
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "d4-d6-f6-f4-d4", &m, &err), BA_ERR_ILLEGAL);
    ck_assert(strstr(err.message, "where it began") != NULL);
    /* A chain may pass through its own start square on the way. */
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "d4-d6-f6-f4-d4-d6", &m, &err), BA_OK);
    ck_assert_str_eq(ut_move_text(g, &s, &m).s, "d4-d6");
}
END_TEST

START_TEST(test_goal_white_first_black_equalises_to_draw)
{
    const char *pos = "4w1ww/5www/5www/8/8/bb1b4/bbb5/bbb5 w 100 -";
    const ba_game *g = ba_ugolki_game();
    ug_state s = ut_load(g, pos);
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    ut_play(g, &s, "e8-f8"); /* White's corner is full */
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING); /* Black's equalising move */
    ba_move list[UT_MAX_MOVES];
    ck_assert_int_gt(ut_moves(g, &s, list), 0);
    ug_state drawn = s;
    ut_play(g, &drawn, "d3-c3");
    ck_assert_int_eq(ut_status(g, &drawn), BA_RESULT_DRAW);
    ck_assert_int_eq(ut_moves(g, &drawn, list), 0);
    ug_state won = s;
    ut_play(g, &won, "d3-d4");
    ck_assert_int_eq(ut_status(g, &won), BA_RESULT_WIN0);
    ck_assert_int_eq(ut_moves(g, &won, list), 0);
    /* Without completing, nothing ends. */
    s = ut_load(g, pos);
    ut_play(g, &s, "e8-d8");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
}
END_TEST

START_TEST(test_goal_black_first_wins_at_once)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s = ut_load(g, "6ww/4wwww/5www/8/8/bb1b4/bbb5/bbb5 b 101 -");
    ut_play(g, &s, "d3-c3");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_WIN1);
    /* Both corners full (only after Black's equalising move): a draw. */
    s = ut_load(g, "5www/5www/5www/8/8/bbb5/bbb5/bbb5 w 100 -");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_DRAW);
}
END_TEST

START_TEST(test_stay_rule)
{
    /* White still has c3 in its own corner at its 41st move. */
    const ba_game *g = ba_ugolki_game();
    ug_state s = ut_load(g, "bb6/bb1ww3/bb1wwb2/bb1ww3/3ww3/2w5/8/8 w 80 -");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    ug_state t = s;
    ut_play(g, &t, "d4-c4");
    ck_assert_int_eq(ut_status(g, &t), BA_RESULT_WIN1);
    t = s;
    ut_play(g, &t, "c3-c2"); /* still inside */
    ck_assert_int_eq(ut_status(g, &t), BA_RESULT_WIN1);
    t = s;
    ut_play(g, &t, "c3-d3"); /* left in time */
    ck_assert_int_eq(ut_status(g, &t), BA_RESULT_ONGOING);
    /* At the 40th move it is still allowed. */
    t = ut_load(g, "bb6/bb1ww3/bb1wwb2/bb1ww3/3ww3/2w5/8/8 w 78 -");
    ut_play(g, &t, "d4-c4");
    ck_assert_int_eq(ut_status(g, &t), BA_RESULT_ONGOING);

    /* Black likewise with f6. */
    s = ut_load(g, "bb6/bb1ww3/bb1wwb2/bb1ww3/3www2/8/8/8 b 81 -");
    t = s;
    ut_play(g, &t, "a5-a4");
    ck_assert_int_eq(ut_status(g, &t), BA_RESULT_WIN0);
    t = s;
    ut_play(g, &t, "f6-f5");
    ck_assert_int_eq(ut_status(g, &t), BA_RESULT_ONGOING);

    /* With the rule off (both anti-blocking limits 0) nothing happens. */
    ba_ugolki_options o = ba_ugolki_options_default();
    o.stay_limit = 0;
    o.return_limit = 0;
    const ba_game *off = ut_variant(&o);
    t = ut_load(off, "bb6/bb1ww3/bb1wwb2/bb1ww3/3ww3/2w5/8/8 w 80 -");
    ut_play(off, &t, "d4-c4");
    ck_assert_int_eq(ut_status(off, &t), BA_RESULT_ONGOING);
    /* Another limit: 45 moves. */
    o.stay_limit = 45;
    const ba_game *l45 = ut_variant(&o);
    t = ut_load(l45, "bb6/bb1ww3/bb1wwb2/bb1ww3/3ww3/2w5/8/8 w 80 -");
    ut_play(l45, &t, "d4-c4");
    ck_assert_int_eq(ut_status(l45, &t), BA_RESULT_ONGOING);
    t = ut_load(l45, "bb6/bb1ww3/bb1wwb2/bb1ww3/3ww3/2w5/8/8 w 90 -");
    ut_play(l45, &t, "d4-c4");
    ck_assert_int_eq(ut_status(l45, &t), BA_RESULT_WIN1);
    ut_free_game(off);
    ut_free_game(l45);
}
END_TEST

START_TEST(test_return_rule)
{
    /* The stay rule is switched off so that only the return rule can decide. */
    ba_ugolki_options o = ba_ugolki_options_default();
    o.stay_limit = 0;
    const ba_game *g = ut_variant(&o);
    const char *pos = "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/3w4 w 80 -";
    ug_state s = ut_load(g, pos);
    ut_play(g, &s, "d1-c1"); /* White's 41st move goes back into a1-c3 */
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_WIN1);
    char text[BA_POS_TEXT_MAX];
    ck_assert_int_gt(g->position_to_text(g, &s, text, sizeof text), 0);
    ck_assert_str_eq(text, "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/2w5 b 81 W");
    ug_state back = ut_load(g, text);
    ck_assert(memcmp(&back, &s, sizeof s) == 0);
    /* The 40th move may still go back. */
    s = ut_load(g, "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/3w4 w 78 -");
    ut_play(g, &s, "d1-c1");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    /* A move inside the corner is not a move back into it. */
    s = ut_load(g, "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/2w5/8/8 w 80 -");
    ut_play(g, &s, "c3-c2");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    /* Off. */
    o.return_limit = 0;
    const ba_game *off = ut_variant(&o);
    s = ut_load(off, pos);
    ut_play(off, &s, "d1-c1");
    ck_assert_int_eq(ut_status(off, &s), BA_RESULT_ONGOING);
    /* With the default rules going back loses as well. */
    s = ut_load(ba_ugolki_game(), pos);
    ut_play(ba_ugolki_game(), &s, "d1-c1");
    ck_assert_int_eq(ut_status(ba_ugolki_game(), &s), BA_RESULT_WIN1);
    ut_free_game(g);
    ut_free_game(off);
}
END_TEST

START_TEST(test_ply_cap)
{
    const ba_game *g = ba_ugolki_game();
    const char *pos = "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/3w4 b 399 -";
    ug_state s = ut_load(g, pos);
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    ut_play(g, &s, "g4-g5");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_DRAW);
    ba_move list[UT_MAX_MOVES];
    ck_assert_int_eq(ut_moves(g, &s, list), 0);
    s = ut_load(g, "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/3w4 b 397 -");
    ut_play(g, &s, "g4-g5");
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    ba_ugolki_options o = ba_ugolki_options_default();
    o.ply_cap = 0;
    const ba_game *nocap = ut_variant(&o);
    ck_assert_uint_eq(nocap->max_plies, 0);
    s = ut_load(nocap, pos);
    ut_play(nocap, &s, "g4-g5");
    ck_assert_int_eq(ut_status(nocap, &s), BA_RESULT_ONGOING);
    o.ply_cap = 100;
    const ba_game *cap100 = ut_variant(&o);
    s = ut_load(cap100, "bb6/bb1ww3/bb1ww3/bb1ww3/3ww1b1/8/8/3w4 b 99 -");
    ut_play(cap100, &s, "g4-g5");
    ck_assert_int_eq(ut_status(cap100, &s), BA_RESULT_DRAW);
    ut_free_game(nocap);
    ut_free_game(cap100);
}
END_TEST

START_TEST(test_pass_when_blocked)
{
    /* 16 pieces: White fills ranks 1-2, Black ranks 3-4. White cannot step (rank 3 is full) nor
     * leap (rank 4 is full, and over its own pieces it lands on its own pieces): it passes. */
    ba_ugolki_options o = ba_ugolki_options_default();
    o.pieces = 16;
    const ba_game *g = ut_variant(&o);
    ba_history none = {NULL, 0};
    ug_state s = ut_load(g, "8/8/8/8/bbbbbbbb/bbbbbbbb/wwwwwwww/wwwwwwww w 0 -");
    ba_move list[UT_MAX_MOVES];
    ck_assert_int_eq(ut_moves(g, &s, list), 1);
    ck_assert_int_eq(list[0].len, 0);
    ck_assert_int_ne(list[0].tag, 0);
    ck_assert_str_eq(ut_move_text(g, &s, &list[0]).s, "pass");
    ck_assert_int_eq(ug_has_move(ug_params_of(g), &s, 0), 0);
    ck_assert_int_eq(ug_has_move(ug_params_of(g), &s, 1), 1);
    ut_play(g, &s, "pass");
    char text[BA_POS_TEXT_MAX];
    g->position_to_text(g, &s, text, sizeof text);
    ck_assert_str_eq(text, "8/8/8/8/bbbbbbbb/bbbbbbbb/wwwwwwww/wwwwwwww b 1 p");
    /* Black can move, so the pass does not end the game. */
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING);
    /* Eight steps from rank 4 and eight leaps from rank 3 over rank 4. */
    ck_assert_int_eq(ut_moves(g, &s, list), 16);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "pass", &m, &err), BA_ERR_ILLEGAL);
    ut_play(g, &s, "a4-a5");
    /* Now a2 can leap over a3 into the gap. */
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "a2-a4", &m, &err), BA_OK);
    ck_assert_int_eq(g->move_from_text(g, &s, &none, "pass", &m, &err), BA_ERR_ILLEGAL);
    ut_free_game(g);
}
END_TEST

START_TEST(test_double_pass_is_a_draw)
{
    /* With the variants' piece counts some piece always touches an empty square, so both sides
     * blocked cannot arise in play (docs/ugolki.md); the rule is checked on a full board built
     * directly in memory: White on ranks 1-4, Black on ranks 5-8. */
    const ba_game *g = ba_ugolki_game();
    ug_state s;
    memset(&s, 0, sizeof s);
    ug_state_set_board(&s, 0x00000000ffffffffull, 0xffffffff00000000ull);
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_ONGOING); /* White to move: it passes */
    ba_move list[UT_MAX_MOVES];
    ck_assert_int_eq(ut_moves(g, &s, list), 1);
    ck_assert_int_eq(list[0].tag, UG_TAG_PASS);
    ck_assert_int_eq(g->apply(g, &s, &list[0]), BA_OK);
    /* Black cannot move either after White's pass: drawn. */
    ck_assert_int_eq(ut_status(g, &s), BA_RESULT_DRAW);
    ck_assert_int_eq(ut_moves(g, &s, list), 0);
}
END_TEST

START_TEST(test_hash)
{
    const ba_game *g = ba_ugolki_game();
    ug_state a, b;
    g->init(g, &a);
    g->init(g, &b);
    /* Two orders to the same position. */
    ut_play(g, &a, "c3-c4");
    ut_play(g, &a, "f6-f5");
    ut_play(g, &a, "c2-d2");
    ut_play(g, &b, "c2-d2");
    ut_play(g, &b, "f6-f5");
    ut_play(g, &b, "c3-c4");
    ck_assert_uint_eq(g->hash(g, &a), g->hash(g, &b));
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    /* The ply is part of the hash: the same board later is another position. */
    char text[BA_POS_TEXT_MAX];
    g->position_to_text(g, &a, text, sizeof text);
    ug_state same = ut_load(g, text);
    ug_state later = same;
    later.ply += 2;
    ck_assert_uint_eq(g->hash(g, &same), g->hash(g, &a));
    ck_assert_uint_ne(g->hash(g, &later), g->hash(g, &a));
    /* A pass flag changes it too. */
    same.flags |= UG_FLAG_PASS;
    ck_assert_uint_ne(g->hash(g, &same), g->hash(g, &a));
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("ugolki_rules");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_start_position);
    tcase_add_test(tc, test_variant_starts);
    tcase_add_test(tc, test_default_game_matches_default_options);
    tcase_add_test(tc, test_leap_chain_turns_over_any_piece);
    tcase_add_test(tc, test_diagonal_variant);
    tcase_add_test(tc, test_no_move_ends_where_it_began);
    tcase_add_test(tc, test_goal_white_first_black_equalises_to_draw);
    tcase_add_test(tc, test_goal_black_first_wins_at_once);
    tcase_add_test(tc, test_stay_rule);
    tcase_add_test(tc, test_return_rule);
    tcase_add_test(tc, test_ply_cap);
    tcase_add_test(tc, test_pass_when_blocked);
    tcase_add_test(tc, test_double_pass_is_a_draw);
    tcase_add_test(tc, test_hash);
    suite_add_tcase(s, tc);
    return s;
}
