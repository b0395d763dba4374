/*
 * Camelot rules, one test per rule, each from a concrete position built by hand (see the piece
 * lists), with the negative cases the rules forbid. Expected moves were worked out on paper
 * from the WCF rules (docs/camelot-rules.md), not read off the generator.
 *
 * Piece lists: K/M a white knight/man, k/m a black knight/man, then the square. Most positions
 * carry far-away extra pieces (L4, A13, ...) only so that no side is down to one piece, which
 * would end the game.
 */
#include <check.h>

#include "check_main.h"
#include "test_rules_util.h"

static const ba_game *G(void) { return ba_camelot_game(); }

/* ---- the board and the start ---- */

START_TEST(board_has_160_squares_with_the_right_ranks)
{
    static const int per_rank[16] = {2, 8, 10, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 10, 8, 2};
    int total = 0;
    for (int r = 0; r < 16; r++) {
        int n = 0;
        for (int f = 0; f < 12; f++) n += cam_square_at(f, r) != CAM_NO_SQUARE;
        ck_assert_int_eq(n, per_rank[r]);
        total += n;
    }
    ck_assert_int_eq(total, 160);
    /* every square prints and parses back */
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        char t[4];
        ck_assert_int_gt(cam_square_to_text(sq, t, sizeof t), 0);
        ck_assert_int_eq(camt_sq(t), sq);
    }
    static const char *const off[] = {"A1", "E1", "H1", "B2", "K2", "A3", "L3", "A14", "L14", "B15", "E16", "H16", "M5", "A17", "A0"};
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        int sq;
        ba_error err;
        ck_assert_msg(cam_square_from_text(off[i], &sq, NULL, &err) == BA_ERR_PARSE, "%s accepted", off[i]);
    }
    /* castles */
    ck_assert_int_eq(cam_castle_owner(camt_sq("F1")), 0);
    ck_assert_int_eq(cam_castle_owner(camt_sq("G1")), 0);
    ck_assert_int_eq(cam_castle_owner(camt_sq("F16")), 1);
    ck_assert_int_eq(cam_castle_owner(camt_sq("G16")), 1);
    ck_assert_int_eq(cam_castle_owner(camt_sq("F2")), -1);
    /* geometry: F1's neighbours are E2 F2 G2 G1; a leap from F3 southwards lands on F1 */
    ck_assert_int_eq(cam_step[camt_sq("F1")][CAM_DIR_N], camt_sq("F2"));
    ck_assert_int_eq(cam_step[camt_sq("F1")][CAM_DIR_E], camt_sq("G1"));
    ck_assert_int_eq(cam_step[camt_sq("F1")][CAM_DIR_W], CAM_NO_SQUARE);
    ck_assert_int_eq(cam_leap[camt_sq("F3")][CAM_DIR_S], camt_sq("F1"));
    ck_assert_int_eq(cam_leap[camt_sq("G16")][CAM_DIR_W], CAM_NO_SQUARE);
    ck_assert_int_eq(cam_mirror_square(camt_sq("C6")), camt_sq("C11"));
    ck_assert_int_eq(cam_mirror_square(camt_sq("F1")), camt_sq("F16"));
}
END_TEST

START_TEST(start_position_is_the_wcf_setup)
{
    cam_state s;
    ck_assert_int_eq(G()->init(G(), &s), BA_OK);
    static const char *const wk[] = {"C6", "D7", "I7", "J6"};
    static const char *const wm[] = {"D6", "E6", "E7", "F6", "F7", "G6", "G7", "H6", "H7", "I6"};
    static const char *const bk[] = {"C11", "D10", "I10", "J11"};
    static const char *const bm[] = {"D11", "E10", "E11", "F10", "F11", "G10", "G11", "H10", "H11", "I11"};
    for (int i = 0; i < 4; i++) ck_assert_int_eq(s.board[camt_sq(wk[i])], CAM_WHITE_KNIGHT);
    for (int i = 0; i < 10; i++) ck_assert_int_eq(s.board[camt_sq(wm[i])], CAM_WHITE_MAN);
    for (int i = 0; i < 4; i++) ck_assert_int_eq(s.board[camt_sq(bk[i])], CAM_BLACK_KNIGHT);
    for (int i = 0; i < 10; i++) ck_assert_int_eq(s.board[camt_sq(bm[i])], CAM_BLACK_MAN);
    int n = 0;
    for (int sq = 0; sq < CAM_SQUARES; sq++) n += s.board[sq] != CAM_EMPTY;
    ck_assert_int_eq(n, 28);
    ck_assert_int_eq(s.side_to_move, 0);
    ck_assert_int_eq(G()->side_to_move(G(), &s), 0);
    ck_assert_int_eq(s.hash, cam_hash_full(&s));
}
END_TEST

/* ---- plain moves ---- */

START_TEST(plain_moves_go_one_step_to_empty_squares)
{
    cam_state s;
    camt_setup(&s, "M E8, M L4, m A13, m L13", 0);
    static const char *const to[] = {"D7", "D8", "D9", "E7", "E9", "F7", "F8", "F9"};
    for (int i = 0; i < 8; i++) {
        char t[16];
        snprintf(t, sizeof t, "E8-%s", to[i]);
        ck_assert_msg(camt_has(G(), &s, t), "%s missing", t);
    }
    /* L4 on the edge: L5 K5 K4 K3 (L3 is not on the board) */
    ck_assert_int_eq(camt_count(G(), &s), 8 + 4);
    /* blocked by a friend: no step there, a canter over it instead */
    camt_setup(&s, "M E8, M E9, m A13, m L13", 0);
    ck_assert(!camt_has(G(), &s, "E8-E9"));
    ck_assert(camt_has(G(), &s, "E8-E10"));
    /* blocked by an enemy that cannot be jumped (E10 taken): no step, no jump */
    camt_setup(&s, "M E8, M L4, m E9, m E10, m A13", 0);
    ck_assert(!camt_has(G(), &s, "E8-E9"));
    ck_assert(camt_has(G(), &s, "E8-D8"));
}
END_TEST

START_TEST(plain_move_into_own_castle_is_not_allowed)
{
    cam_state s;
    camt_setup(&s, "M F2, M L4, m A13, m L13", 0);
    ck_assert(!camt_has(G(), &s, "F2-F1"));
    ck_assert(!camt_has(G(), &s, "F2-G1"));
    ck_assert(camt_has(G(), &s, "F2-E2"));
    ck_assert(camt_has(G(), &s, "F2-G2"));
    ck_assert(camt_has(G(), &s, "F2-F3"));
    /* and for Black on the other side */
    camt_setup(&s, "M L4, M A4, m G15, m A13", 1);
    ck_assert(!camt_has(G(), &s, "G15-G16"));
    ck_assert(!camt_has(G(), &s, "G15-F16"));
    ck_assert(camt_has(G(), &s, "G15-H15"));
    /* but into the opponent's castle a plain move may go */
    camt_setup(&s, "M F15, M L4, m A13, m L13", 0);
    ck_assert(camt_has(G(), &s, "F15-F16"));
    ck_assert(camt_has(G(), &s, "F15-G16"));
}
END_TEST

/* ---- canters ---- */

START_TEST(canter_leaps_friends_several_times_and_may_stop)
{
    cam_state s;
    /* D4 over D5 to D6, then over E6 to F6 (a change of direction) */
    camt_setup(&s, "M D4, M D5, M E6, m A13, m L13", 0);
    ck_assert(camt_has(G(), &s, "D4-D6"));
    ck_assert(camt_has(G(), &s, "D4-D6-F6"));
    /* no canter over an empty square or an enemy */
    ck_assert(!camt_has(G(), &s, "D4-F6"));
    ck_assert(!camt_has(G(), &s, "D4-B4"));
    /* the pieces leapt over stay */
    camt_play(G(), &s, "D4-D6-F6");
    ck_assert_int_eq(s.board[camt_sq("D5")], CAM_WHITE_MAN);
    ck_assert_int_eq(s.board[camt_sq("E6")], CAM_WHITE_MAN);
    ck_assert_int_eq(s.board[camt_sq("F6")], CAM_WHITE_MAN);
    ck_assert_int_eq(s.board[camt_sq("D4")], CAM_EMPTY);
    ck_assert_int_eq(s.piece_count[0], 3);
}
END_TEST

START_TEST(canter_never_ends_on_its_start_square)
{
    cam_state s;
    /* D4-D6-F6-D4 would come back (over D5, E6, E5) */
    camt_setup(&s, "M D4, M D5, M E6, M E5, m A13, m L13", 0);
    static ba_move moves[CAMT_MAX_MOVES]; /* 512 KiB: not on the stack */
    ba_history h = {NULL, 0};
    int n = G()->generate(G(), &s, &h, moves, CAMT_MAX_MOVES);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++)
        ck_assert_msg(moves[i].bytes[0] != moves[i].bytes[moves[i].len - 1], "a move ends where it started");
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "D4-D6-F6-D4", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "start square") != NULL, "%s", err.message);
    /* The same destination by two routes is one move, printed by the shortest path. */
    ck_assert(camt_has(G(), &s, "D4-F6"));
    ck_assert(!camt_has(G(), &s, "D4-D6-F6"));
    ck_assert_int_eq(camt_parse(G(), &s, "D4-D6-F6", &m, &err), BA_OK);
    char t[64];
    cam_move_to_text(&s, &m, t, sizeof t);
    ck_assert_str_eq(t, "D4-F6");
}
END_TEST

/* ---- jumps ---- */

START_TEST(jump_captures_and_is_compulsory)
{
    cam_state s;
    camt_setup(&s, "M D4, M L4, m D5, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4xD6"));
    ck_assert_int_eq(camt_count(G(), &s), 1); /* no other move: the capture is compulsory */
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "L4-L5", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "compulsory") != NULL, "%s", err.message);
    camt_play(G(), &s, "D4xD6");
    ck_assert_int_eq(s.board[camt_sq("D5")], CAM_EMPTY);
    ck_assert_int_eq(s.board[camt_sq("D6")], CAM_WHITE_MAN);
    ck_assert_int_eq(s.piece_count[1], 1);
    ck_assert_int_eq(s.hash, cam_hash_full(&s));
}
END_TEST

START_TEST(jump_chain_must_continue)
{
    cam_state s;
    camt_setup(&s, "M D4, M L4, m D5, m D7, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4xD6xD8"));
    ck_assert(!camt_has(G(), &s, "D4xD6"));
    ck_assert_int_eq(camt_count(G(), &s), 1);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "D4xD6", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "must go on") != NULL, "%s", err.message);
}
END_TEST

START_TEST(jump_choice_is_free_among_captures_and_continuations)
{
    cam_state s;
    /* One capture with D4 or two with H4: both allowed (no "capture the most" rule). */
    camt_setup(&s, "M D4, M H4, m D5, m H5, m H7, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4xD6"));
    ck_assert(camt_has(G(), &s, "H4xH6xH8"));
    ck_assert_int_eq(camt_count(G(), &s), 2);
    /* After D4xD6 the chain may go on over C7 or over E7: two moves. */
    camt_setup(&s, "M D4, M L4, m D5, m C7, m E7, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4xD6xB8"));
    ck_assert(camt_has(G(), &s, "D4xD6xF8"));
    ck_assert_int_eq(camt_count(G(), &s), 2);
}
END_TEST

START_TEST(jump_chain_may_land_again_on_a_used_square)
{
    cam_state s;
    /* Round the square D4 D6 F6 F4 (over D5 E6 F5 E4) back to D4, then over C4 to B4. Both
     * directions round the square capture the same five pieces: one move, printed by the
     * bytewise-first path (F4 before D6 in square order). */
    camt_setup(&s, "M D4, M L4, m D5, m E6, m F5, m E4, m C4, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4xF4xF6xD6xD4xB4"));
    ck_assert(!camt_has(G(), &s, "D4xD6xF6xF4xD4xB4"));
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "D4xD6xF6xF4xD4xB4", &m, &err), BA_OK);
    cam_state t = s;
    ck_assert_int_eq(G()->apply(G(), &t, &m), BA_OK);
    ck_assert_int_eq(t.piece_count[1], 1);
    ck_assert_int_eq(t.board[camt_sq("B4")], CAM_WHITE_MAN);
    /* D4xB4 first is a complete move too (nothing to jump from B4) */
    ck_assert(camt_has(G(), &s, "D4xB4"));
}
END_TEST

/* ---- the Knight's Charge ---- */

START_TEST(knight_charge_canters_then_jumps_and_is_optional)
{
    cam_state s;
    camt_setup(&s, "K D4, M D5, M L4, m D7, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4-D6xD8"));
    /* Only a Charge can capture: capturing is optional, quiet moves remain */
    ck_assert(camt_has(G(), &s, "D4-C4"));
    ck_assert(camt_has(G(), &s, "L4-L5"));
    camt_play(G(), &s, "D4-D6xD8");
    ck_assert_int_eq(s.board[camt_sq("D7")], CAM_EMPTY);
    ck_assert_int_eq(s.board[camt_sq("D5")], CAM_WHITE_MAN); /* the canter's friend stays */
    ck_assert_int_eq(s.board[camt_sq("D8")], CAM_WHITE_KNIGHT);
}
END_TEST

START_TEST(man_may_not_canter_then_jump)
{
    cam_state s;
    camt_setup(&s, "M D4, M D5, M L4, m D7, m A13", 0);
    ck_assert(!camt_has(G(), &s, "D4-D6xD8"));
    ck_assert(camt_has(G(), &s, "D4-D6")); /* a man may canter next to an enemy and stop */
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "D4-D6xD8", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "man may not canter and then jump") != NULL, "%s", err.message);
}
END_TEST

START_TEST(charge_never_jumps_then_canters)
{
    cam_state s;
    camt_setup(&s, "K D4, M D7, M L4, m D5, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4xD6"));
    ck_assert(!camt_has(G(), &s, "D4xD6-D8"));
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "D4xD6-D8", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "may not follow a jump") != NULL, "%s", err.message);
}
END_TEST

START_TEST(when_a_jump_exists_charges_still_count_as_captures)
{
    cam_state s;
    /* L4xL6 is a jump, so capturing is compulsory: the Charge stays, quiet moves go. */
    camt_setup(&s, "K D4, M D5, M L4, m D7, m L5, m A13", 0);
    ck_assert(camt_has(G(), &s, "L4xL6"));
    ck_assert(camt_has(G(), &s, "D4-D6xD8"));
    ck_assert(!camt_has(G(), &s, "D4-C4"));
    ck_assert_int_eq(camt_count(G(), &s), 2);
}
END_TEST

/* ---- the knight-canter rule (reading A) ---- */

START_TEST(knight_may_not_canter_onto_a_square_where_it_could_jump)
{
    cam_state s;
    /* From D6 a knight could jump C7 (to B8). F6 is reached only through D6. */
    camt_setup(&s, "K D4, M D5, M E6, M L4, m C7, m A13", 0);
    ck_assert(!camt_has(G(), &s, "D4-D6"));
    ck_assert(!camt_has(G(), &s, "D4-D6-F6"));
    ck_assert(camt_has(G(), &s, "D4-D6xB8")); /* the Charge may pass there */
    ck_assert(camt_has(G(), &s, "D4-C4"));    /* plain moves are not canters */
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "D4-D6-F6", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "knight may not canter onto D6") != NULL, "%s", err.message);
    /* A man is not bound by it */
    camt_setup(&s, "M D4, M D5, M E6, M L4, m C7, m A13", 0);
    ck_assert(camt_has(G(), &s, "D4-D6"));
    ck_assert(camt_has(G(), &s, "D4-D6-F6"));
    /* and with the option off neither is the knight */
    ba_camelot_options o = ba_camelot_options_default();
    o.knight_canter_rule = 0;
    ba_game *g2;
    ck_assert_int_eq(ba_camelot_create(&o, &g2, NULL), BA_OK);
    camt_setup(&s, "K D4, M D5, M E6, M L4, m C7, m A13", 0);
    ck_assert(camt_has(g2, &s, "D4-D6"));
    ck_assert(camt_has(g2, &s, "D4-D6-F6"));
    ck_assert(camt_has(g2, &s, "D4-D6xB8"));
    ba_game_destroy(g2);
}
END_TEST

/* ---- own castle ---- */

START_TEST(canter_into_own_castle_is_not_allowed)
{
    cam_state s;
    camt_setup(&s, "M F3, M F2, M L4, m A13, m L13", 0);
    ck_assert(!camt_has(G(), &s, "F3-F1"));
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "F3-F1", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "own castle") != NULL, "%s", err.message);
    /* nor the canter part of a Charge: F3-F1 then over E2 to D3 */
    camt_setup(&s, "K F3, M F2, M L4, m E2, m A13", 0);
    ck_assert(!camt_has(G(), &s, "F3-F1xD3"));
    ck_assert(camt_has(G(), &s, "F2xD2")); /* (the capture that is there) */
    /* Black likewise */
    camt_setup(&s, "M L4, M A4, m F14, m F15, m A13", 1);
    ck_assert(!camt_has(G(), &s, "F14-F16"));
    ck_assert(camt_has(G(), &s, "F14-F12") == 0); /* F13 empty: no canter */
}
END_TEST

START_TEST(own_castle_is_entered_by_a_jump_and_the_chain_goes_on)
{
    cam_state s;
    camt_setup(&s, "M F3, M L4, m F2, m A13", 0);
    ck_assert(camt_has(G(), &s, "F3xF1"));
    cam_state t = s;
    camt_play(G(), &t, "F3xF1");
    ck_assert_int_eq(t.must_leave[0], camt_sq("F1"));
    /* If it can go on jumping from the castle, it must */
    camt_setup(&s, "M F3, M L4, m F2, m E2, m A13", 0);
    ck_assert(camt_has(G(), &s, "F3xF1xD3"));
    ck_assert(!camt_has(G(), &s, "F3xF1"));
    camt_play(G(), &s, "F3xF1xD3");
    ck_assert_int_eq(s.must_leave[0], CAM_NO_SQUARE);
}
END_TEST

START_TEST(own_castle_must_be_left_next_turn)
{
    cam_state s;
    camt_setup(&s, "M F3, M L4, M A4, m F2, m A13, m L13", 0);
    camt_play(G(), &s, "F3xF1");
    camt_play(G(), &s, "A13-A12");
    /* Only the castle piece moves: F1-E2 F1-F2 F1-G2 (F1-G1 stays inside: not allowed) */
    char buf[4096];
    int n = camt_moves_text(G(), &s, buf, sizeof buf);
    ck_assert_int_eq(n, 3);
    ck_assert(camt_has(G(), &s, "F1-E2"));
    ck_assert(camt_has(G(), &s, "F1-F2"));
    ck_assert(camt_has(G(), &s, "F1-G2"));
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "L4-L5", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "must leave its own castle") != NULL, "%s", err.message);
    camt_play(G(), &s, "F1-F2");
    ck_assert_int_eq(s.must_leave[0], CAM_NO_SQUARE);
}
END_TEST

START_TEST(own_castle_leave_jumps_out_first_and_outranks_other_captures)
{
    cam_state s;
    /* F1 must leave and can jump F2; L4 could jump L5, but the castle comes first. */
    camt_setup(&s, "M F1, M L4, m F2, m L5, m A13", 0);
    s.must_leave[0] = (uint8_t)camt_sq("F1");
    cam_state_finish(&s);
    ck_assert(camt_has(G(), &s, "F1xF3"));
    ck_assert_int_eq(camt_count(G(), &s), 1);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "F1-G2", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "jump out") != NULL, "%s", err.message);
    /* Without a jump out it leaves any way it can, still before L4's capture */
    camt_setup(&s, "M F1, M L4, m L5, m A13", 0);
    s.must_leave[0] = (uint8_t)camt_sq("F1");
    cam_state_finish(&s);
    ck_assert_int_eq(camt_count(G(), &s), 3);
    ck_assert(!camt_has(G(), &s, "L4xL6"));
    /* The same position without the obligation: L4 must capture */
    s.must_leave[0] = CAM_NO_SQUARE;
    cam_state_finish(&s);
    ck_assert(camt_has(G(), &s, "L4xL6"));
    ck_assert_int_eq(camt_count(G(), &s), 1);
}
END_TEST

START_TEST(own_castle_obligation_lapses_without_a_way_out)
{
    cam_state s;
    /* F1 is walled in: E2 F2 G2 taken, canters blocked by D3 F3 H3, G1 is its own castle. */
    camt_setup(&s, "M F1, M E2, M F2, M G2, M D3, M F3, M H3, M L4, m L5, m A13", 0);
    s.must_leave[0] = (uint8_t)camt_sq("F1");
    cam_state_finish(&s);
    ck_assert(camt_has(G(), &s, "L4xL6"));
    ck_assert_int_eq(camt_count(G(), &s), 1);
    camt_play(G(), &s, "L4xL6");
    ck_assert_int_eq(s.must_leave[0], CAM_NO_SQUARE); /* gone for good */
}
END_TEST

/* ---- opponent's castle ---- */

START_TEST(entering_opponents_castle_ends_the_move)
{
    cam_state s;
    /* E14-G16 (over F15) could go on over G15 to G14, but entering the castle ends the move */
    camt_setup(&s, "M E14, M F15, M G15, M L4, m A13, m L13", 0);
    ck_assert(camt_has(G(), &s, "E14-G16"));
    ck_assert(!camt_has(G(), &s, "E14-G16-G14"));
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "E14-G16-G14", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "ends the move") != NULL, "%s", err.message);
    /* a jump chain too: F14xF16 stops although E15 could be jumped from F16 */
    camt_setup(&s, "M F14, M L4, m F15, m E15, m A13", 0);
    ck_assert(camt_has(G(), &s, "F14xF16"));
    ck_assert(!camt_has(G(), &s, "F14xF16xD14"));
    ck_assert_int_eq(camt_parse(G(), &s, "F14xF16xD14", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "ends the move") != NULL, "%s", err.message);
}
END_TEST

START_TEST(no_jump_out_of_opponents_castle)
{
    cam_state s;
    /* White on F16 next to E15 (D14 empty): no jump, so no compulsory capture either */
    camt_setup(&s, "M F16, M L4, m E15, m A13, m B13", 0);
    ck_assert(!camt_has(G(), &s, "F16xD14"));
    ck_assert(camt_has(G(), &s, "L4-L5"));
    ck_assert(camt_has(G(), &s, "F16-G16")); /* its only move: the castle move */
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "F16xD14", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "never leaves") != NULL, "%s", err.message);
    ck_assert_int_eq(camt_parse(G(), &s, "F16-F15", &m, &err), BA_ERR_ILLEGAL);
}
END_TEST

START_TEST(castle_moves_at_most_two_per_player)
{
    cam_state s;
    camt_setup(&s, "M F16, M L4, m A13, m B13", 0);
    s.castle_moves[0] = 1;
    cam_state_finish(&s);
    ck_assert(camt_has(G(), &s, "F16-G16"));
    camt_play(G(), &s, "F16-G16");
    ck_assert_int_eq(s.castle_moves[0], 2);
    camt_play(G(), &s, "A13-A12");
    ck_assert(!camt_has(G(), &s, "G16-F16")); /* the third one */
    ba_move m;
    ba_error err;
    ck_assert_int_eq(camt_parse(G(), &s, "G16-F16", &m, &err), BA_ERR_ILLEGAL);
    ck_assert_msg(strstr(err.message, "used its 2 castle moves") != NULL, "%s", err.message);
    /* counted per player: Black's count is separate */
    camt_setup(&s, "M L4, M A4, m G1, m A13", 1);
    s.castle_moves[0] = 2;
    cam_state_finish(&s);
    ck_assert(camt_has(G(), &s, "G1-F1"));
    /* blocked by a piece on the other castle square */
    camt_setup(&s, "M F16, M L4, m G16, m A13", 0);
    ck_assert(!camt_has(G(), &s, "F16-G16"));
}
END_TEST

START_TEST(castle_move_is_not_a_capture)
{
    cam_state s;
    camt_setup(&s, "M F16, M L4, m L5, m A13", 0);
    ck_assert(!camt_has(G(), &s, "F16-G16"));
    ck_assert(camt_has(G(), &s, "L4xL6"));
    ck_assert_int_eq(camt_count(G(), &s), 1);
}
END_TEST

START_TEST(piece_in_a_castle_cannot_be_jumped)
{
    cam_state s;
    /* Black on G1: nothing lies beyond it from G2, H2 or F1 */
    camt_setup(&s, "M G2, M H2, M F1, M L4, m G1, m A13", 0);
    ck_assert(camt_has(G(), &s, "L4-L5")); /* no capture exists, so quiet moves are legal */
    ck_assert_int_eq(cam_side_can_jump(&s, 0), 0);
}
END_TEST

/* ---- end of the game ---- */

static int result_of(const ba_game *g, const cam_state *s)
{
    ba_history h = {NULL, 0};
    return g->status(g, s, &h);
}

START_TEST(two_pieces_in_opponents_castle_win)
{
    cam_state s;
    camt_setup(&s, "M F16, M G16, M L4, m A13, m B13", 1);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_WIN0);
    ck_assert_int_eq(camt_count(G(), &s), 0);
    camt_setup(&s, "M F16, M L4, m A13, m B13", 1);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_ONGOING);
    camt_setup(&s, "M L4, M A4, m F1, m G1", 0);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_WIN1);
    /* reached by a move: F15-G16 completes it */
    camt_setup(&s, "M F16, M F15, M L4, m A13, m B13", 0);
    camt_play(G(), &s, "F15-G16");
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_WIN0);
}
END_TEST

START_TEST(capturing_everything_wins_only_with_two_left)
{
    cam_state s;
    camt_setup(&s, "M D4, M L4, m D5", 0);
    camt_play(G(), &s, "D4xD6");
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_WIN0);
    camt_setup(&s, "M D4, m D5, m L13", 0);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_ONGOING);
    camt_setup(&s, "M D4, m D5", 0);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_DRAW); /* one piece each */
    ck_assert_int_eq(camt_count(G(), &s), 0);
    camt_setup(&s, "M D6", 1);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_DRAW); /* one against none */
    camt_setup(&s, "M D6, M D7", 1);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_WIN0); /* two against none */
}
END_TEST

START_TEST(no_legal_move_loses)
{
    cam_state s;
    /* Black's only piece sits in White's castle with its castle moves used up. */
    camt_setup(&s, "M L4, M A4, m F1", 1);
    s.castle_moves[1] = 2;
    cam_state_finish(&s);
    ck_assert_int_eq(camt_count(G(), &s), 0);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_WIN0);
    /* with a castle move left it is not over */
    s.castle_moves[1] = 1;
    cam_state_finish(&s);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_ONGOING);
    ck_assert(camt_has(G(), &s, "F1-G1"));
}
END_TEST

/* Black to move on a full board: 159 Black men (one of them on F1, in White's castle, so its
 * castle move has no empty square to go to) against White's pieces. No square is empty, so no
 * step, leap or castle move exists: with White down to one piece the game is drawn, with two it
 * is White's win. (No legal game reaches a full board; the rule is tested on the state.) */
static void full_board(cam_state *s, int white_pieces)
{
    static const char *const white_squares[] = {"G1", "A4"};
    camt_setup(s, "m D11", 1);
    for (int sq = 0; sq < CAM_SQUARES; sq++)
        s->board[sq] = CAM_BLACK_MAN;
    for (int i = 0; i < white_pieces; i++) {
        int sq;
        ck_assert_int_eq(cam_square_from_text(white_squares[i], &sq, NULL, NULL), BA_OK);
        s->board[sq] = CAM_WHITE_MAN;
    }
    s->castle_moves[1] = 0; /* castle moves left: only the full board stops them */
    cam_state_finish(s);
}

START_TEST(no_legal_move_draws_against_one_piece)
{
    cam_state s;
    full_board(&s, 1);
    ck_assert_int_eq(camt_count(G(), &s), 0);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_DRAW);
    full_board(&s, 2); /* the control: against two pieces the same block loses */
    ck_assert_int_eq(camt_count(G(), &s), 0);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_WIN0);
}
END_TEST

START_TEST(third_repetition_draws)
{
    cam_state s;
    camt_setup(&s, "M A4, M L4, m A13, m L13", 0);
    static const char *const cycle[] = {"A4-A5", "A13-A12", "A5-A4", "A12-A13"};
    uint64_t hist[16];
    size_t count = 0;
    for (int ply = 0; ply < 8; ply++) {
        hist[count++] = s.hash;
        camt_play(G(), &s, cycle[ply % 4]);
        ba_history h = {hist, count};
        int expect = ply == 7 ? BA_RESULT_DRAW : BA_RESULT_ONGOING; /* third time after 8 plies */
        ck_assert_msg(G()->status(G(), &s, &h) == expect, "ply %d", ply + 1);
        ck_assert_int_eq(G()->generate(G(), &s, &h, NULL, 0) == 0, ply == 7);
    }
    /* with the option off it goes on */
    ba_camelot_options o = ba_camelot_options_default();
    o.repetition_draw = 0;
    ba_game *g2;
    ck_assert_int_eq(ba_camelot_create(&o, &g2, NULL), BA_OK);
    ba_history h = {hist, count};
    ck_assert_int_eq(g2->status(g2, &s, &h), BA_RESULT_ONGOING);
    ba_game_destroy(g2);
}
END_TEST

START_TEST(repetition_needs_the_same_castle_move_counts)
{
    cam_state a, b;
    camt_setup(&a, "M F16, M L4, m A13, m B13", 0);
    b = a;
    b.castle_moves[0] = 1;
    cam_state_finish(&b);
    ck_assert(a.hash != b.hash);
    /* and the same side to move */
    b = a;
    b.side_to_move = 1;
    cam_state_finish(&b);
    ck_assert(a.hash != b.hash);
    /* Two castle moves there and back give the same board but not the same position */
    cam_state s = a;
    uint64_t hist[8];
    size_t n = 0;
    hist[n++] = s.hash;
    camt_play(G(), &s, "F16-G16");
    hist[n++] = s.hash;
    camt_play(G(), &s, "A13-A12");
    hist[n++] = s.hash;
    camt_play(G(), &s, "G16-F16");
    hist[n++] = s.hash;
    camt_play(G(), &s, "A12-A13");
    ck_assert(s.hash != a.hash);
    ba_history h = {hist, n};
    ck_assert_int_eq(G()->status(G(), &s, &h), BA_RESULT_ONGOING);
}
END_TEST

START_TEST(fifty_moves_without_capture_or_castle_entry_draw)
{
    cam_state s;
    camt_setup(&s, "M A4, M L4, m A13, m L13", 0);
    s.quiet_plies = 99;
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_ONGOING);
    camt_play(G(), &s, "A4-A5");
    ck_assert_int_eq(s.quiet_plies, 100);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_DRAW);
    ck_assert_int_eq(camt_count(G(), &s), 0);
    /* option off: no draw */
    ba_camelot_options o = ba_camelot_options_default();
    o.fifty_move_rule = 0;
    ba_game *g2;
    ck_assert_int_eq(ba_camelot_create(&o, &g2, NULL), BA_OK);
    ck_assert_int_eq(result_of(g2, &s), BA_RESULT_ONGOING);
    ck_assert_int_eq(g2->max_plies, 0);
    ba_game_destroy(g2);
    /* a capture resets the count */
    camt_setup(&s, "M D4, M L4, m D5, m A13", 0);
    s.quiet_plies = 99;
    camt_play(G(), &s, "D4xD6");
    ck_assert_int_eq(s.quiet_plies, 0);
    ck_assert_int_eq(result_of(G(), &s), BA_RESULT_ONGOING);
    /* so does entering the opponent's castle; a castle move does not */
    camt_setup(&s, "M F15, M L4, m A13, m B13", 0);
    s.quiet_plies = 99;
    camt_play(G(), &s, "F15-F16");
    ck_assert_int_eq(s.quiet_plies, 0);
    camt_play(G(), &s, "A13-A12");
    camt_play(G(), &s, "F16-G16");
    ck_assert_int_eq(s.quiet_plies, 2);
}
END_TEST

/* ---- the game object ---- */

START_TEST(game_object_and_options)
{
    const ba_game *g = G();
    ck_assert_int_eq(ba_game_check(g, NULL), BA_OK);
    ck_assert_str_eq(g->name, "camelot");
    ck_assert(g->flags & BA_GAME_HISTORY_MATTERS);
    ck_assert_int_eq(g->state_size, sizeof(cam_state));
    ck_assert(g->render != NULL);
    ck_assert(g->generate_noisy != NULL);
    ba_camelot_options got, def = ba_camelot_options_default();
    ck_assert_int_eq(ba_camelot_get_options(g, &got), BA_OK);
    ck_assert_int_eq(memcmp(&got, &def, sizeof got), 0); /* the constant game = the defaults */
    ck_assert_int_eq(def.castle_moves_per_player, 2);
    ck_assert_int_eq(def.fifty_move_rule, 1);
    ba_error err;
    ba_game *g2 = NULL;
    def.castle_moves_per_player = 300;
    ck_assert_int_eq(ba_camelot_create(&def, &g2, &err), BA_ERR_RANGE);
    ck_assert_ptr_null(g2);
    ck_assert_msg(strstr(err.message, "castle_moves_per_player") != NULL, "%s", err.message);
    def = ba_camelot_options_default();
    def.fifty_move_rule = 2;
    ck_assert_int_eq(ba_camelot_create(&def, &g2, &err), BA_ERR_RANGE);
    ck_assert_int_eq(ba_camelot_create(NULL, NULL, &err), BA_ERR_ARG);
    def = ba_camelot_options_default();
    def.castle_moves_per_player = 0;
    ck_assert_int_eq(ba_camelot_create(&def, &g2, &err), BA_OK);
    ck_assert_int_eq(ba_camelot_get_options(g2, &got), BA_OK);
    ck_assert_int_eq(got.castle_moves_per_player, 0);
    cam_state s;
    camt_setup(&s, "M F16, M L4, m A13, m B13", 0);
    ck_assert(!camt_has(g2, &s, "F16-G16"));
    ba_game_destroy(g2);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_rules");
    TCase *t = tcase_create("rules");
    tcase_add_test(t, board_has_160_squares_with_the_right_ranks);
    tcase_add_test(t, start_position_is_the_wcf_setup);
    tcase_add_test(t, plain_moves_go_one_step_to_empty_squares);
    tcase_add_test(t, plain_move_into_own_castle_is_not_allowed);
    tcase_add_test(t, canter_leaps_friends_several_times_and_may_stop);
    tcase_add_test(t, canter_never_ends_on_its_start_square);
    tcase_add_test(t, jump_captures_and_is_compulsory);
    tcase_add_test(t, jump_chain_must_continue);
    tcase_add_test(t, jump_choice_is_free_among_captures_and_continuations);
    tcase_add_test(t, jump_chain_may_land_again_on_a_used_square);
    tcase_add_test(t, knight_charge_canters_then_jumps_and_is_optional);
    tcase_add_test(t, man_may_not_canter_then_jump);
    tcase_add_test(t, charge_never_jumps_then_canters);
    tcase_add_test(t, when_a_jump_exists_charges_still_count_as_captures);
    tcase_add_test(t, knight_may_not_canter_onto_a_square_where_it_could_jump);
    tcase_add_test(t, canter_into_own_castle_is_not_allowed);
    tcase_add_test(t, own_castle_is_entered_by_a_jump_and_the_chain_goes_on);
    tcase_add_test(t, own_castle_must_be_left_next_turn);
    tcase_add_test(t, own_castle_leave_jumps_out_first_and_outranks_other_captures);
    tcase_add_test(t, own_castle_obligation_lapses_without_a_way_out);
    tcase_add_test(t, entering_opponents_castle_ends_the_move);
    tcase_add_test(t, no_jump_out_of_opponents_castle);
    tcase_add_test(t, castle_moves_at_most_two_per_player);
    tcase_add_test(t, castle_move_is_not_a_capture);
    tcase_add_test(t, piece_in_a_castle_cannot_be_jumped);
    tcase_add_test(t, two_pieces_in_opponents_castle_win);
    tcase_add_test(t, capturing_everything_wins_only_with_two_left);
    tcase_add_test(t, no_legal_move_loses);
    tcase_add_test(t, no_legal_move_draws_against_one_piece);
    tcase_add_test(t, third_repetition_draws);
    tcase_add_test(t, repetition_needs_the_same_castle_move_counts);
    tcase_add_test(t, fifty_moves_without_capture_or_castle_entry_draw);
    tcase_add_test(t, game_object_and_options);
    suite_add_tcase(s, t);
    return s;
}
