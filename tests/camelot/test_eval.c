/* Nolan's position factors and ordering keys (games/camelot/eval*.c), each from a concrete
 * position whose expected value is worked out by hand in the comment. Units: the evaluation
 * works in hundredths of a point, so "15 points" is 1500 below.
 *
 * Positions are written as piece lists, "K" for a knight: "Kc6 d6" is a white knight on C6 and
 * a man on D6. The same list builds both the evaluation's view and the rules module's state. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/boardai.h"
#include "boardai/camelot.h"
#include "camelot/apply.h"
#include "camelot/board.h"
#include "camelot/eval.h"
#include "camelot/eval_mobility.h"
#include "camelot/knight.h"
#include "camelot/movegen.h"
#include "camelot/zobrist.h"
#include "check_main.h"

typedef struct fixture {
    cam_view v;
    cam_state s;
    ba_camelot_options o;
} fixture;

static void put_list(fixture *f, int side, const char *list)
{
    const char *p = list;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int knight = 0;
        if (*p == 'K') {
            knight = 1;
            p++;
        }
        int file = *p++ - 'a';
        int rank = 0;
        while (*p >= '0' && *p <= '9')
            rank = rank * 10 + (*p++ - '0');
        rank -= 1;
        ck_assert_int_eq(cam_view_put(&f->v, file, rank, side, knight), 0);
        int sq = cam_square_at(file, rank);
        ck_assert_int_ne(sq, CAM_NO_SQUARE);
        f->s.board[sq] = CAM_PIECE(side, knight ? CAM_KNIGHT : CAM_MAN);
    }
}

/* Builds the position; side_to_move 0 White, 1 Black. */
static void setup(fixture *f, const char *white, const char *black, int side_to_move)
{
    memset(f, 0, sizeof *f);
    cam_view_clear(&f->v);
    f->v.side_to_move = side_to_move;
    f->s.side_to_move = (uint8_t)side_to_move;
    f->s.must_leave[0] = f->s.must_leave[1] = CAM_NO_SQUARE;
    put_list(f, 0, white);
    put_list(f, 1, black);
    cam_state_finish(&f->s);
    f->o = ba_camelot_options_default();
}

/* Weights that make K an integer: X = 2, N = 5, so K(P) = 100 + 2^4 - 2^(5-P):
 * K(1) = 100, K(3) = 112, K(4) = 114, K(5) = 115. */
static void integer_knights(fixture *f)
{
    f->o.weights.knight_x = 2.0;
    f->o.knight_n = 5.0;
}

START_TEST(test_material)
{
    fixture f;
    /* White: knights C6 D7, men E6 F6 G6: P = 5, K = 115; 2 * 115 + 300 = 530 points.
     * Black: knight J11, men D11 E11 and a man in White's castle F1 (not counted in P):
     * P = 3, K = 112; 112 + 300 = 412 points. */
    setup(&f, "Kc6 Kd7 e6 f6 g6", "Kj11 d11 e11 f1", 0);
    integer_knights(&f);
    ck_assert_int_eq(cam_eval_uncastled(&f.v, 0), 5);
    ck_assert_int_eq(cam_eval_uncastled(&f.v, 1), 3);
    ck_assert_int_eq(cam_eval_material(&f.v, 0, &f.o), 53000);
    ck_assert_int_eq(cam_eval_material(&f.v, 1, &f.o), 41200);
    /* A lone knight with every friend castled is a man: Black knight J11 plus men F1 G1 (both
     * in White's castle): P = 1, 100 + 200. */
    setup(&f, "d4", "Kj11 f1 g1", 0);
    integer_knights(&f);
    ck_assert_int_eq(cam_eval_material(&f.v, 1, &f.o), 30000);
    /* A man's value is a weight: 150 per man, and K scales with it (1.5 * 115). */
    setup(&f, "Kc6 Kd7 e6 f6 g6", "", 0);
    integer_knights(&f);
    f.o.weights.man = 150;
    ck_assert_int_eq(cam_eval_material(&f.v, 0, &f.o), 2 * 17250 + 3 * 15000);
}
END_TEST

START_TEST(test_castle_win)
{
    fixture f;
    /* Two black men in White's castle: 3100 points for Black; White has none in Black's. */
    setup(&f, "d4 e4", "f1 g1 d11", 0);
    ck_assert_int_eq(cam_eval_castle_win(&f.v, 1, &f.o), 310000);
    ck_assert_int_eq(cam_eval_castle_win(&f.v, 0, &f.o), 0);
    /* One is not enough; nor are two in one's OWN castle. */
    setup(&f, "f1 g1 d4", "d11", 0);
    ck_assert_int_eq(cam_eval_castle_win(&f.v, 0, &f.o), 0);
    ck_assert_int_eq(cam_eval_castle_win(&f.v, 1, &f.o), 0);
    setup(&f, "f16 g16", "d11", 1);
    ck_assert_int_eq(cam_eval_castle_win(&f.v, 0, &f.o), 310000);
}
END_TEST

START_TEST(test_wipeout)
{
    fixture f;
    /* Black has nothing left, White two pieces: 3000 points. */
    setup(&f, "d4 e4", "", 1);
    ck_assert_int_eq(cam_eval_wipeout(&f.v, 0, &f.o), 300000);
    ck_assert_int_eq(cam_eval_wipeout(&f.v, 1, &f.o), 0);
    /* One piece left is not a win. */
    setup(&f, "d4", "", 1);
    ck_assert_int_eq(cam_eval_wipeout(&f.v, 0, &f.o), 0);
    /* The opponent still has a piece. */
    setup(&f, "d4 e4", "l13", 1);
    ck_assert_int_eq(cam_eval_wipeout(&f.v, 0, &f.o), 0);
}
END_TEST

START_TEST(test_advance)
{
    fixture f;
    /* White, ranks counted from rank 1: C6 11, D7 14, E6 11, F6 11, G6 11 = 58; C15 45;
     * F16 (Black's castle) 0; F1 (own castle) 0; D2 2: total 105.
     * Black, ranks counted from rank 16: J11 (6th from Black) 11, D11 11, E11 11, B3 (14th) 41,
     * G1 (White's castle) 0: total 74. */
    setup(&f, "Kc6 Kd7 e6 f6 g6 c15 f16 f1 d2", "Kj11 d11 e11 b3 g1", 0);
    ck_assert_int_eq(cam_eval_advance(&f.v, 0, &f.o), 10500);
    ck_assert_int_eq(cam_eval_advance(&f.v, 1, &f.o), 7400);
    /* Every entry of the table from the shared file, White walking up file A..L / ranks. */
    static const int nolan[16] = {0, 2, 4, 6, 8, 11, 14, 17, 21, 25, 29, 33, 37, 41, 45, 0};
    static const char *squares[16] = {"f1",  "c2",  "b3",  "a4",  "a5",  "a6",  "a7",  "a8",
                                      "a9",  "a10", "a11", "a12", "a13", "b14", "c15", "f16"};
    for (int r = 0; r < 16; r++) {
        setup(&f, squares[r], "", 0);
        ck_assert_int_eq(cam_eval_advance(&f.v, 0, &f.o), nolan[r] * 100);
        /* The same square seen by Black is rank 17 - r: Black's table read backwards. */
        setup(&f, "", squares[r], 0);
        ck_assert_int_eq(cam_eval_advance(&f.v, 1, &f.o), nolan[15 - r] * 100);
    }
}
END_TEST

START_TEST(test_centre)
{
    fixture f;
    /* Files A..L score 0 1 2 3 4 5 5 4 3 2 1 0: White C6 2 + D7 3 + E6 4 + F6 5 + G6 5 = 19;
     * Black J11 2 + D11 3 + E11 4 + F1 5 = 14. */
    setup(&f, "Kc6 Kd7 e6 f6 g6", "Kj11 d11 e11 f1", 0);
    ck_assert_int_eq(cam_eval_centre(&f.v, 0, &f.o), 1900);
    ck_assert_int_eq(cam_eval_centre(&f.v, 1, &f.o), 1400);
    static const int nolan[12] = {0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0};
    for (int file = 0; file < 12; file++) {
        char sq[8];
        snprintf(sq, sizeof sq, "%c8", 'a' + file);
        setup(&f, sq, "", 0);
        ck_assert_int_eq(cam_eval_centre(&f.v, 0, &f.o), nolan[file] * 100);
    }
}
END_TEST

START_TEST(test_knight_support)
{
    fixture f;
    /* White knights C6 and D7 touch (diagonal): both count; E6 touches D7: counts; F6 and G6
     * touch no knight. 3 pieces * 5 = 15 points. Black's knight J11 has no friend next to it,
     * and a lone knight does not support itself: 0. */
    setup(&f, "Kc6 Kd7 e6 f6 g6", "Kj11 d11 e11", 0);
    ck_assert_int_eq(cam_eval_knight_support(&f.v, 0, &f.o), 1500);
    ck_assert_int_eq(cam_eval_knight_support(&f.v, 1, &f.o), 0);
    /* A man next to two knights counts once; an ENEMY knight next to it does not count. */
    setup(&f, "Kc6 d6 Ke6", "Kd7", 0);
    /* d6 (next to C6 and E6) once; C6 and E6 are not next to each other nor to a white knight. */
    ck_assert_int_eq(cam_eval_knight_support(&f.v, 0, &f.o), 500);
    /* Black's D7 touches C6, D6, E6: all white. */
    ck_assert_int_eq(cam_eval_knight_support(&f.v, 1, &f.o), 0);
}
END_TEST

START_TEST(test_man_support)
{
    fixture f;
    /* White men E6 F6 G6 in a row: each has a man neighbour: 3 * 2 = 6 points. Black men
     * D11 E11 touch each other (2 * 2 = 4); the man F1 touches nobody. */
    setup(&f, "Kc6 Kd7 e6 f6 g6", "Kj11 d11 e11 f1", 0);
    ck_assert_int_eq(cam_eval_man_support(&f.v, 0, &f.o), 600);
    ck_assert_int_eq(cam_eval_man_support(&f.v, 1, &f.o), 400);
    /* Knights neither receive nor give man support: man D6 between knights C6 and E6. */
    setup(&f, "Kc6 d6 Ke6", "", 0);
    ck_assert_int_eq(cam_eval_man_support(&f.v, 0, &f.o), 0);
}
END_TEST

/* Factor 6 the way it was first written (a double division rounded by lround): the integer
 * path of cam_eval_trading must give the same number everywhere. */
static int32_t trading_in_doubles(int32_t own, int32_t opp, const cam_eval_params *p)
{
    double den = opp > 0 ? (double)opp : (double)p->weights.man * 100.0;
    double term = (double)p->weights.trading * 100.0 * (double)own / den;
    if (term > (double)INT32_MAX)
        return INT32_MAX;
    if (term < (double)INT32_MIN)
        return INT32_MIN;
    return (int32_t)lround(term);
}

START_TEST(test_trading_matches_doubles)
{
    ba_camelot_options o = ba_camelot_options_default();
    srand(99);
    /* Random weights and materials, small and large, halves included (own * 2 over opp). */
    static const int32_t scales[] = {1, 100, 10000, 1000000, 100000000, INT32_MAX};
    for (int trial = 0; trial < 200000; trial++) {
        o.weights.trading = rand() % 200001 - 100000;
        o.weights.man = trial % 7 == 0 ? 0 : rand() % 200001 - 100000;
        int32_t own = (int32_t)(((int64_t)rand() * rand()) % scales[trial % 6]) * (trial % 3 == 0 ? -1 : 1);
        int32_t opp = trial % 11 == 0 ? 0 : (int32_t)(((int64_t)rand() * rand()) % scales[(trial / 6) % 6]);
        if (trial % 5 == 0)
            opp = 2 * (rand() % 5000 + 1), own = opp / 2 + (rand() % 3 - 1);
        ck_assert_int_eq(cam_eval_trading(own, opp, &o), trading_in_doubles(own, opp, &o));
    }
}
END_TEST

START_TEST(test_trading)
{
    fixture f;
    /* The shared file's example: 2 knights + 3 men against 2 knights + 2 men, knights at 125:
     * 400 * 550 / 450 = 488.89 (489 points); after a man-for-man trade 400 * 450 / 350 =
     * 514.29 (514 points). Hundredths are rounded to nearest. Nolan's weight (400): the default
     * `tuned` preset weighs trading 0. */
    setup(&f, "", "", 0);
    ba_error err;
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &f.o.weights, &err), BA_OK);
    ck_assert_int_eq(cam_eval_trading(55000, 45000, &f.o), 48889);
    ck_assert_int_eq(cam_eval_trading(45000, 35000, &f.o), 51429);
    ck_assert_int_eq((cam_eval_trading(55000, 45000, &f.o) + 50) / 100, 489);
    ck_assert_int_eq((cam_eval_trading(45000, 35000, &f.o) + 50) / 100, 514);
    /* Equal material: 400 each. No enemy material: measured against one man (100). */
    ck_assert_int_eq(cam_eval_trading(30000, 30000, &f.o), 40000);
    ck_assert_int_eq(cam_eval_trading(20000, 0, &f.o), 80000);
    /* Through the whole evaluation: material 530 vs 412 (test_material's position) gives
     * 400 * 530 / 412 = 514.56 and 400 * 412 / 530 = 310.94. */
    setup(&f, "Kc6 Kd7 e6 f6 g6", "Kj11 d11 e11 f1", 0);
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &f.o.weights, &err), BA_OK);
    integer_knights(&f);
    cam_eval_terms t;
    cam_eval_view_terms(&f.v, &f.o, &t);
    ck_assert_int_eq(t.terms[0][BA_CAMELOT_F_TRADING], 51456);
    ck_assert_int_eq(t.terms[1][BA_CAMELOT_F_TRADING], 31094);
}
END_TEST

START_TEST(test_mobility_plain_and_canter)
{
    fixture f;
    /* A lone man on D5 reaches its 8 neighbours. */
    setup(&f, "d5", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 8);
    /* Men D5 and D6: each has 7 plain moves and one canter (D5 over D6 to D7, D6 over D5 to
     * D4); from there the only canter leads back to the start, which does not count: 16. */
    setup(&f, "d5 d6", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 16);
    /* Add a black man on E7. D6: plain C5 E5 C6 E6 C7 D7 (6), canter to D4 (1), jump over E7
     * to F8 (1) = 8. D5: plain C4 D4 E4 C5 E5 C6 E6 (7), canter to D7 (1) = 8; a man does not
     * jump from D7 (no Charge). White 16. Black E7: plain D7 E6 F6 F7 D8 E8 F8 (7), jump over
     * D6 to C5 (1) = 8. */
    setup(&f, "d5 d6", "e7", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 16);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 1), 8);
    /* The same with a knight on D5: from its canter landing D7 it could jump E7 (to F7) in a
     * Charge: 9, so White 17. Weighted: 17 * 1 point. */
    setup(&f, "Kd5 d6", "e7", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 17);
    ck_assert_int_eq(cam_eval_mobility(&f.v, 0, &f.o), 0); /* the default preset leaves it out */
    f.o.weights.mobility = 1;                               /* Nolan's weight */
    ck_assert_int_eq(cam_eval_mobility(&f.v, 0, &f.o), 1700);
    /* Two canters in a row: D4 over D5 to D6, then over D7 to D8. D4: plain C3 D3 E3 C4 E4
     * C5 E5 (7, D5 occupied) + canters D6 D8 (2) = 9. D5: plain C4 E4 C5 E5 C6 D6 E6 (7), canter
     * over D4 to D3 (1) = 8. D7: plain 8, no canter (D6 empty) = 8. Total 25. */
    setup(&f, "d4 d5 d7", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 25);
}
END_TEST

START_TEST(test_mobility_castles)
{
    fixture f;
    /* White man G2: F1 and G1 are its own castle (no plain move in), H1 is not a square:
     * F2 H2 F3 G3 H3 = 5. A black man there may enter White's castle: 7. */
    setup(&f, "g2", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 5);
    setup(&f, "", "g2", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 1), 7);
    /* No canter into the own castle: men F3 and F2; F3 over F2 would land on F1. F3: plain
     * E2 G2 E3 G3 E4 F4 G4 (7), no canter: 7. F2: its neighbours are E1 (not a square), F1 G1
     * (own castle), E2 G2 E3 G3 and F3 (occupied): 4; canter over F3 to F4: 1; total 5.
     * Sum 12. */
    setup(&f, "f3 f2", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 12);
    /* A canter into the opponent's castle stops there. White G14, G15, F15: G14 plain F13 G13
     * H13 F14 H14 H15 (6), canter over G15 into G16 (1) which ends the move (else it would
     * go on over F15 to E14); over F15 to E16: not a square. G14 = 7. G15: plain F14 H14 H15
     * F16 G16 (5; G14 F15 occupied, H16 not a square), canter over G14 to G13 (1), over F15
     * to E15 (1) = 7. F15: plain E14 F14 E15 F16 G16 (5; E16 not a square, G14 G15 occupied),
     * canter over G15 to H15 (1), over G14 to H13 (1), and from H15 on over G14 to F13 (1) =
     * 8. Total 22. */
    setup(&f, "g14 g15 f15", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 22);
    /* In the opponent's castle a piece only has the castle move, while one is left. */
    setup(&f, "f16", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 1);
    f.v.castle_moves_left[0] = 0;
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 0);
    setup(&f, "f16 g16", "", 0);
    ck_assert_int_eq(cam_eval_mobility_count(&f.v, 0), 0);
}
END_TEST

START_TEST(test_exposure)
{
    fixture f;
    /* White man D5 next to Black man E6: D5 could jump E6 (F7 empty), and E6 could jump back
     * (C4 empty): no trap. */
    setup(&f, "d5", "e6", 1);
    ck_assert_int_eq(cam_eval_exposure(&f.v, 0, &f.o), 0);
    /* With a white man on C4, E6 can no longer jump D5: a trap for White, charged -15 while
     * White has just moved (Black to move)... */
    setup(&f, "d5 c4", "e6", 1);
    ck_assert_int_eq(cam_eval_exposure(&f.v, 0, &f.o), -1500);
    ck_assert_int_eq(cam_eval_exposure(&f.v, 1, &f.o), 0);
    /* ...and not when White is to move (it simply captures). */
    setup(&f, "d5 c4", "e6", 0);
    ck_assert_int_eq(cam_eval_exposure(&f.v, 0, &f.o), 0);
    /* Blocked beyond (F7 occupied): D5 cannot jump E6: no trap. */
    setup(&f, "d5 c4 f7", "e6", 1);
    ck_assert_int_eq(cam_eval_exposure(&f.v, 0, &f.o), 0);
    /* The origin of a move counts as empty: moving C4 -> D5 leaves C4 empty, so E6 could jump
     * back over D5: not a trap; moving D4 -> D5 with C4 occupied is one. */
    setup(&f, "c4 d4", "e6", 0);
    ck_assert_int_eq(cam_eval_trap_square(&f.v, 0, CAM_VSQ(2, 3), CAM_VSQ(3, 4)), 0);
    ck_assert_int_eq(cam_eval_trap_square(&f.v, 0, CAM_VSQ(3, 3), CAM_VSQ(3, 4)), 1);
}
END_TEST

START_TEST(test_move_key_parts)
{
    fixture f;
    setup(&f, "", "", 0);
    /* Factor 11: 6000 points; 12: 4500 (+ one hundredth per captured piece, longer chains
     * first); 10: -15 for a quiet move into a trap (a capture is not charged). */
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 0, 0, 0, 0), 0);
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 1, 0, 0, 0), 600000);
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 0, 1, 0, 0), 450001);
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 0, 3, 0, 0), 450003);
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 1, 2, 0, 0), 1050002);
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 0, 0, 1, 0), -1500);
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 0, 1, 1, 0), 450001);
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 0, 0, 0, 1), 155000); /* castle entry */
    ck_assert_int_eq(cam_eval_move_key_parts(&f.o, 0, 1, 0, 1), 605001);
}
END_TEST

/* The ordering key through the game's vtable, on generated moves. */
static int key_of(const ba_game *g, const cam_state *s, const char *text)
{
    ba_move m;
    ba_error err;
    ck_assert_msg(g->move_from_text(g, s, NULL, text, &m, &err) == BA_OK, "%s: %s", text,
                  err.message);
    return g->order_key(g, s, &m);
}

START_TEST(test_order_key_vtable)
{
    const ba_game *g = ba_camelot_game();
    fixture f;
    /* White D4 -> D5 steps next to Black E6 with C4 behind: a trap (-15). D4-E4 is quiet (0).
     * No capture is available to either side before the move. */
    setup(&f, "c4 d4", "e6", 0);
    ck_assert_int_eq(key_of(g, &f.s, "D4-D5"), -1500);
    ck_assert_int_eq(key_of(g, &f.s, "D4-E4"), 0);
    /* A capture: D5 jumps E6 (compulsory): 4500 points plus one hundredth. */
    setup(&f, "c4 d5", "e6", 0);
    ck_assert_int_eq(key_of(g, &f.s, "D5xF7"), 450001);
    /* Leaving the own castle: White's man on F1 must leave (it jumped in last turn). */
    setup(&f, "f1 d8", "h12", 0);
    f.s.must_leave[0] = CAM_SQ_F1;
    cam_state_finish(&f.s);
    ck_assert_int_eq(key_of(g, &f.s, "F1-F2"), 600000);
    /* Entering Black's castle: half of a castle win (ordered after captures, before the rest). */
    setup(&f, "f15 d8", "h12", 0);
    ck_assert_int_eq(key_of(g, &f.s, "F15-F16"), 155000);
}
END_TEST

START_TEST(test_order_key_matches_decode)
{
    /* The ordering key reads captures and castle leaving straight from the move's bytes; it
     * must agree with the rules module's full decode on every generated move of random
     * positions (plenty of jumps and Charges at these densities). */
    const ba_game *g = ba_camelot_game();
    ba_camelot_options o = ba_camelot_options_default();
    srand(31337);
    static ba_move moves[4096];
    int charges = 0, jumps = 0, leaves = 0;
    for (int trial = 0; trial < 400; trial++) {
        fixture f;
        setup(&f, "", "", trial & 1);
        int count[2] = {0, 0};
        for (int sq = 0; sq < CAM_SQUARES; sq++) {
            if (rand() % 100 >= 20 + trial % 30)
                continue;
            int side = rand() % 2;
            if (count[side] >= 14)
                continue;
            count[side]++;
            f.s.board[sq] = CAM_PIECE(side, rand() % 3 == 0 ? CAM_KNIGHT : CAM_MAN);
        }
        /* Sometimes a piece of the side to move sits in its own castle and must leave. */
        int me = trial & 1, castle = me == 0 ? CAM_SQ_F1 : CAM_SQ_G16;
        if (trial % 5 == 0 && f.s.board[castle] == CAM_EMPTY && count[me] < 14) {
            f.s.board[castle] = CAM_PIECE(me, CAM_MAN);
            f.s.must_leave[me] = (uint8_t)castle;
        }
        cam_state_finish(&f.s);
        int n = cam_generate_legal(g, &f.s, moves, sizeof moves / sizeof moves[0]);
        ck_assert_int_ge(n, 0);
        for (int i = 0; i < n; i++) {
            cam_move_info mi;
            ck_assert_int_eq(cam_move_decode(&f.s, &moves[i], &mi), BA_OK);
            int trap = mi.captures == 0 && cam_state_trap_square(&f.s, me, mi.from, mi.to);
            ck_assert_int_eq(g->order_key(g, &f.s, &moves[i]),
                             cam_eval_move_key_parts(&o, mi.leaves_own_castle, mi.captures, trap,
                                                     mi.enters_opp_castle));
            charges += mi.kind == CAM_MOVE_CHARGE;
            jumps += mi.kind == CAM_MOVE_JUMP;
            leaves += mi.leaves_own_castle;
        }
    }
    /* The sample did exercise every kind of key. */
    ck_assert_int_gt(charges, 0);
    ck_assert_int_gt(jumps, 0);
    ck_assert_int_gt(leaves, 0);
}
END_TEST

START_TEST(test_trap_state_matches_view)
{
    /* The ordering key checks traps on the rules state, the position term on the view: the
     * two must agree on every (piece, neighbouring empty square) of random boards. */
    srand(7);
    long traps = 0;
    for (int trial = 0; trial < 300; trial++) {
        fixture f;
        setup(&f, "", "", trial & 1);
        for (int sq = 0; sq < CAM_SQUARES; sq++) {
            int r = rand() % 8;
            if (r >= 3)
                continue;
            int side = r == 0 ? 0 : 1, knight = rand() % 4 == 0;
            if (f.v.count[side] >= CAM_VIEW_MAX_PIECES)
                continue;
            cam_view_put(&f.v, cam_sq_file[sq], cam_sq_rank[sq], side, knight);
            f.s.board[sq] = CAM_PIECE(side, knight ? CAM_KNIGHT : CAM_MAN);
        }
        cam_state_finish(&f.s);
        for (int from = 0; from < CAM_SQUARES; from++) {
            if (f.s.board[from] == CAM_EMPTY)
                continue;
            int side = CAM_PIECE_SIDE(f.s.board[from]);
            int vfrom = CAM_VSQ(cam_sq_file[from], cam_sq_rank[from]);
            /* Every empty square as the end in the first 20 boards (a canter ends anywhere in
             * the piece's class; any square also covers a start behind the end or beyond the
             * enemy), the neighbouring ones (steps) in the others. */
            for (int to = 0; to < CAM_SQUARES; to++) {
                if (f.s.board[to] != CAM_EMPTY || (trial >= 20 && !cam_adjacent_squares(from, to)))
                    continue;
                int vto = CAM_VSQ(cam_sq_file[to], cam_sq_rank[to]);
                int trap = cam_state_trap_square(&f.s, side, from, to);
                ck_assert_int_eq(trap, cam_eval_trap_square(&f.v, side, vfrom, vto));
                traps += trap;
            }
        }
    }
    ck_assert_int_gt(traps, 1000); /* the test sees traps, not only their absence */
}
END_TEST

/* The evaluation of a search node reads the state in one pass (eval.c, input_from_state);
 * the breakdown and the factor tests go through the view. Both must give the same number, on
 * random positions and with weights that make every term count. */
START_TEST(test_evaluate_matches_view)
{
    ba_camelot_options o = ba_camelot_options_default();
    o.weights.exposure = -40; /* larger than Nolan's, so that a wrong count shows */
    o.castle_moves_per_player = 1;
    ba_game *custom = NULL;
    ck_assert_int_eq(ba_camelot_create(&o, &custom, NULL), BA_OK);
    const ba_game *games[2] = {ba_camelot_game(), custom};
    srand(4242);
    for (int trial = 0; trial < 600; trial++) {
        cam_state s;
        memset(&s, 0, sizeof s);
        int count[2] = {0, 0};
        for (int sq = 0; sq < CAM_SQUARES; sq++) {
            if (rand() % 100 >= 5 + trial % 40)
                continue;
            int side = rand() % 2;
            if (count[side] >= 14)
                continue;
            count[side]++;
            s.board[sq] = CAM_PIECE(side, rand() % 3 == 0 ? CAM_KNIGHT : CAM_MAN);
        }
        s.side_to_move = (uint8_t)(trial & 1);
        s.castle_moves[0] = (uint8_t)(rand() % 3);
        s.castle_moves[1] = (uint8_t)(rand() % 3);
        s.must_leave[0] = s.must_leave[1] = CAM_NO_SQUARE;
        cam_state_finish(&s);
        for (int k = 0; k < 2; k++) {
            const ba_game *g = games[k];
            ba_camelot_breakdown b;
            ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, &s, &b), BA_OK);
            ck_assert_int_eq(g->evaluate(g, &s), b.score);
        }
    }
    ba_game_destroy(custom);
}
END_TEST

/* The parity-class bitboards' constants (pcbb.h) against the rules' square tables: the board
 * and castle masks, and for every square and direction the class and bit of its neighbour and
 * of the square two steps away. */
START_TEST(test_parity_class_tables)
{
    uint64_t board[4] = {0, 0, 0, 0}, castles[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        int f = cam_sq_file[sq], r = cam_sq_rank[sq], c = CAM_PC_CLASS(f, r), bit = CAM_PC_BIT(f, r);
        ck_assert_int_lt(bit & 7, 6); /* columns 6 and 7 are padding */
        ck_assert(!(board[c] >> bit & 1));
        board[c] |= (uint64_t)1 << bit;
        if (cam_castle_owner(sq) >= 0)
            castles[cam_castle_owner(sq)][c] |= (uint64_t)1 << bit;
        for (int d = 0; d < CAM_DIRS; d++) {
            int n = cam_step[sq][d], l = cam_leap[sq][d];
            if (n != CAM_NO_SQUARE) {
                int nf = cam_sq_file[n], nr = cam_sq_rank[n];
                ck_assert_int_eq(CAM_PC_CLASS(nf, nr), c ^ cam_pc_step_xor[d]);
                ck_assert_int_eq(CAM_PC_BIT(nf, nr), bit + cam_pc_step_off[c][d]);
            }
            if (l != CAM_NO_SQUARE) {
                int lf = cam_sq_file[l], lr = cam_sq_rank[l];
                ck_assert_int_eq(CAM_PC_CLASS(lf, lr), c);
                ck_assert_int_eq(CAM_PC_BIT(lf, lr), bit + cam_pc_leap_off[d]);
            }
        }
    }
    for (int c = 0; c < 4; c++) {
        ck_assert_uint_eq(board[c], CAM_PC_BOARD[c]);
        ck_assert_uint_eq(castles[0][c], CAM_PC_WHITE_CASTLE[c]);
        ck_assert_uint_eq(castles[1][c], CAM_PC_BLACK_CASTLE[c]);
    }
}
END_TEST

START_TEST(test_weights_default_and_check)
{
    /* Every number of the shared file's factor list: the "nolan" preset. */
    ba_camelot_weights w;
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &w, NULL), BA_OK);
    static const int advance[16] = {0, 2, 4, 6, 8, 11, 14, 17, 21, 25, 29, 33, 37, 41, 45, 0};
    static const int centre[12] = {0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0};
    ck_assert_double_eq_tol(w.knight_x, 4.0 / 3.0, 1e-12);
    ck_assert_int_eq(w.man, 100);
    ck_assert_int_eq(w.castle_win, 3100);
    ck_assert_int_eq(w.wipeout_win, 3000);
    ck_assert_int_eq(w.mobility, 1);
    ck_assert_int_eq(w.trading, 400);
    ck_assert_int_eq(w.knight_support, 5);
    ck_assert_int_eq(w.man_support, 2);
    ck_assert_int_eq(w.exposure, -15);
    ck_assert_int_eq(w.leave_castle, 6000);
    ck_assert_int_eq(w.capture, 4500);
    for (int i = 0; i < 16; i++)
        ck_assert_int_eq(w.advance[i], advance[i]);
    for (int i = 0; i < 12; i++)
        ck_assert_int_eq(w.centre[i], centre[i]);
    /* The default weights are the "tuned" preset: Nolan's with the knight's base X fitted, and
     * mobility and trading left out. */
    ba_camelot_weights d = ba_camelot_weights_default();
    ck_assert_double_eq_tol(d.knight_x, 1.2962, 1e-12);
    ck_assert_int_eq(d.mobility, 0);
    ck_assert_int_eq(d.trading, 0);
    d.knight_x = w.knight_x;
    d.mobility = w.mobility;
    d.trading = w.trading;
    ck_assert_int_eq(memcmp(&d, &w, sizeof w), 0);
    /* The default game holds the same weights as the default options. */
    ba_camelot_options o;
    ck_assert_int_eq(ba_camelot_get_options(ba_camelot_game(), &o), BA_OK);
    d = ba_camelot_weights_default();
    ck_assert_int_eq(memcmp(&o.weights, &d, sizeof d), 0);

    ba_error err;
    ck_assert_int_eq(ba_camelot_weights_check(&w, &err), BA_OK);
    ba_camelot_weights bad = w;
    bad.knight_x = 1.0;
    ck_assert_int_eq(ba_camelot_weights_check(&bad, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "knight_x"));
    bad = w;
    bad.man = 0;
    ck_assert_int_eq(ba_camelot_weights_check(&bad, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "man"));
    bad = w;
    bad.advance[3] = 2000000;
    ck_assert_int_eq(ba_camelot_weights_check(&bad, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "advance[3]"));
    bad = w;
    bad.capture = -200000;
    ck_assert_int_eq(ba_camelot_weights_check(&bad, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "capture"));
    ck_assert_int_eq(ba_camelot_weights_check(NULL, &err), BA_ERR_ARG);
    /* Names for explain. */
    ck_assert_str_eq(ba_camelot_factor_name(BA_CAMELOT_F_MATERIAL), "material");
    ck_assert_str_eq(ba_camelot_factor_name(BA_CAMELOT_F_EXPOSURE), "exposure");
    ck_assert_str_eq(ba_camelot_factor_name(BA_CAMELOT_FACTORS), "?");
    ck_assert_str_eq(ba_camelot_factor_name(-1), "?");
}
END_TEST

START_TEST(test_tuned_weights_reach_the_evaluation)
{
    /* A game made with other weights evaluates with them: doubling the centre table doubles
     * that term in the breakdown. */
    ba_camelot_options o = ba_camelot_options_default();
    for (int i = 0; i < BA_CAMELOT_CENTRE_FILES; i++)
        o.weights.centre[i] *= 2;
    ba_game *g = NULL;
    ba_error err;
    ck_assert_int_eq(ba_camelot_create(&o, &g, &err), BA_OK);
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ba_camelot_breakdown b;
    ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, ba_pos_state(pos), &b), BA_OK);
    ck_assert_int_eq(b.terms[0][BA_CAMELOT_F_CENTRE], 2 * 5200);
    ba_pos_free(pos);
    ba_game_destroy(g);
    /* Extreme but accepted settings keep the score inside the allowed range: N = 999 makes a
     * knight astronomically valuable, and the side with more knights wins the whole range. */
    o = ba_camelot_options_default();
    o.knight_n = 999.0;
    ck_assert_int_eq(ba_camelot_create(&o, &g, &err), BA_OK);
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, "2/8/10/12/12/2k9/12/12/12/12/3KK7/12/12/10/8/2 w 0 0 - 0",
                                     &err),
                     BA_OK);
    int score = 0;
    ck_assert_int_eq(ba_pos_evaluate(pos, &score), BA_OK);
    ck_assert_int_eq(score, BA_SCORE_EVAL_MAX);
    ba_pos_free(pos);
    ba_game_destroy(g);
    /* Bad weights are refused by create. */
    o = ba_camelot_options_default();
    o.weights.knight_x = 0.5;
    ck_assert_int_eq(ba_camelot_create(&o, &g, &err), BA_ERR_RANGE);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_eval");
    TCase *tc = tcase_create("factors");
    tcase_set_timeout(tc, 120); /* random-position cross-checks: slow under the sanitizers */
    tcase_add_test(tc, test_material);
    tcase_add_test(tc, test_castle_win);
    tcase_add_test(tc, test_wipeout);
    tcase_add_test(tc, test_advance);
    tcase_add_test(tc, test_centre);
    tcase_add_test(tc, test_knight_support);
    tcase_add_test(tc, test_man_support);
    tcase_add_test(tc, test_trading);
    tcase_add_test(tc, test_trading_matches_doubles);
    tcase_add_test(tc, test_mobility_plain_and_canter);
    tcase_add_test(tc, test_mobility_castles);
    tcase_add_test(tc, test_exposure);
    tcase_add_test(tc, test_move_key_parts);
    tcase_add_test(tc, test_order_key_vtable);
    tcase_add_test(tc, test_order_key_matches_decode);
    tcase_add_test(tc, test_trap_state_matches_view);
    tcase_add_test(tc, test_evaluate_matches_view);
    tcase_add_test(tc, test_parity_class_tables);
    tcase_add_test(tc, test_weights_default_and_check);
    tcase_add_test(tc, test_tuned_weights_reach_the_evaluation);
    suite_add_tcase(s, tc);
    return s;
}
