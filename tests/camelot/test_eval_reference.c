/* The evaluation against independent references: mobility (factor 5) against a slow,
 * obviously-correct count written here on the rules module's square tables (and against the
 * rules module's own canter reach); the start position term by term worked out by hand; colour
 * symmetry on random positions; explain's text. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/boardai.h"
#include "boardai/camelot.h"
#include "camelot/board.h"
#include "camelot/canter.h"
#include "camelot/eval.h"
#include "camelot/eval_mobility.h"
#include "camelot/knight.h"
#include "camelot/zobrist.h"
#include "check_main.h"

static int is_own(uint8_t p, int side)
{
    return p != CAM_EMPTY && (int)CAM_PIECE_SIDE(p) == side;
}

/* Squares controlled by the piece on `from`, the slow way: a fixed-point closure of canter
 * landings, then plain steps and jumpable enemies. */
static int reference_control(const cam_state *s, int from, int castle_moves_left)
{
    int side = CAM_PIECE_SIDE(s->board[from]);
    int knight = CAM_PIECE_KIND(s->board[from]) == CAM_KNIGHT;
    if (cam_castle_owner(from) == 1 - side) {
        int other = from == CAM_SQ_F1 ? CAM_SQ_G1 : from == CAM_SQ_G1 ? CAM_SQ_F1
                  : from == CAM_SQ_F16 ? CAM_SQ_G16 : CAM_SQ_F16;
        return s->board[other] == CAM_EMPTY && castle_moves_left > 0;
    }
    uint8_t b[CAM_SQUARES];
    memcpy(b, s->board, sizeof b);
    b[from] = CAM_EMPTY;
    char reach[CAM_SQUARES] = {0}, controlled[CAM_SQUARES] = {0};
    reach[from] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int c = 0; c < CAM_SQUARES; c++) {
            if (!reach[c] || (c != from && cam_castle_owner(c) == 1 - side))
                continue;
            for (int d = 0; d < CAM_DIRS; d++) {
                int over = cam_step[c][d], land = cam_leap[c][d];
                if (over == CAM_NO_SQUARE || land == CAM_NO_SQUARE || !is_own(b[over], side) ||
                    b[land] != CAM_EMPTY || cam_castle_owner(land) == side || reach[land])
                    continue;
                reach[land] = 1;
                changed = 1;
            }
        }
    }
    for (int d = 0; d < CAM_DIRS; d++) {
        int t = cam_step[from][d];
        if (t != CAM_NO_SQUARE && b[t] == CAM_EMPTY && cam_castle_owner(t) != side)
            controlled[t] = 1;
    }
    for (int c = 0; c < CAM_SQUARES; c++) {
        if (!reach[c])
            continue;
        if (c != from)
            controlled[c] = 1;
        if ((c != from && !knight) || (c != from && cam_castle_owner(c) == 1 - side))
            continue;
        for (int d = 0; d < CAM_DIRS; d++) {
            int over = cam_step[c][d], land = cam_leap[c][d];
            if (over != CAM_NO_SQUARE && land != CAM_NO_SQUARE && is_own(b[over], 1 - side) &&
                b[land] == CAM_EMPTY)
                controlled[over] = 1;
        }
    }
    int n = 0;
    for (int sq = 0; sq < CAM_SQUARES; sq++)
        n += controlled[sq];
    return n;
}

/* A random position: each square holds a piece with probability `density` percent. */
static void random_state(cam_state *s, int density)
{
    memset(s, 0, sizeof *s);
    int count[2] = {0, 0};
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        if (rand() % 100 >= density)
            continue;
        int side = rand() % 2;
        if (count[side] >= 14)
            continue;
        count[side]++;
        s->board[sq] = CAM_PIECE(side, rand() % 4 == 0 ? CAM_KNIGHT : CAM_MAN);
    }
    s->side_to_move = (uint8_t)(rand() % 2);
    s->castle_moves[0] = (uint8_t)(rand() % 3);
    s->castle_moves[1] = (uint8_t)(rand() % 3);
    s->must_leave[0] = s->must_leave[1] = CAM_NO_SQUARE;
    cam_state_finish(s);
}

/* A game with Nolan's weights: the default (tuned) preset leaves mobility out (weight 0). */
static ba_game *nolan_game(void)
{
    ba_camelot_options o = ba_camelot_options_default();
    ck_assert_int_eq(ba_camelot_weights_preset("nolan", &o.weights, NULL), BA_OK);
    ba_game *g = NULL;
    ck_assert_int_eq(ba_camelot_create(&o, &g, NULL), BA_OK);
    return g;
}

START_TEST(test_mobility_matches_reference)
{
    ba_game *g = nolan_game();
    srand(12345);
    for (int trial = 0; trial < 400; trial++) {
        cam_state s;
        random_state(&s, 5 + trial % 30);
        cam_view v;
        cam_view_from_state(&s, &v);
        for (int side = 0; side < 2; side++) {
            v.castle_moves_left[side] = 2 - s.castle_moves[side];
            int want = 0;
            for (int sq = 0; sq < CAM_SQUARES; sq++)
                if (is_own(s.board[sq], side))
                    want += reference_control(&s, sq, 2 - s.castle_moves[side]);
            ck_assert_int_eq(cam_eval_mobility_count(&v, side), want);
        }
        /* The view is left as it was (the count vacates each piece's square temporarily). */
        cam_view again;
        cam_view_from_state(&s, &again);
        ck_assert_int_eq(memcmp(again.cell, v.cell, sizeof v.cell), 0);
        /* The breakdown through the game agrees with the view's count. */
        ba_camelot_breakdown b;
        ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, &s, &b), BA_OK);
        for (int side = 0; side < 2; side++)
            ck_assert_int_eq(b.terms[side][BA_CAMELOT_F_MOBILITY],
                             100 * cam_eval_mobility_count(&v, side));
    }
    ba_game_destroy(g);
}
END_TEST

/* The count the evaluation of a node uses: both sides' mobility and the exposure of the side
 * that has just moved in one pass (cam_mobility_counts_exposed), against the slow mobility
 * above and a square-by-square exposure on the rules' tables, on 2,000 random positions. */
START_TEST(test_mobility_counts_exposed_match_reference)
{
    srand(2026);
    for (int trial = 0; trial < 2000; trial++) {
        cam_state s;
        random_state(&s, 3 + trial % 45);
        int left[2] = {2 - s.castle_moves[0], 2 - s.castle_moves[1]}, want[2] = {0, 0};
        for (int side = 0; side < 2; side++)
            for (int sq = 0; sq < CAM_SQUARES; sq++)
                if (is_own(s.board[sq], side))
                    want[side] += reference_control(&s, sq, left[side]);
        int moved = 1 - s.side_to_move, exposed_want = 0;
        for (int sq = 0; sq < CAM_SQUARES; sq++) {
            if (!is_own(s.board[sq], moved) || cam_castle_owner(sq) == 1 - moved)
                continue;
            int trapped = 0;
            for (int d = 0; d < CAM_DIRS; d++) {
                int e = cam_step[sq][d], beyond = cam_leap[sq][d], behind = cam_step[sq][(d + 4) % CAM_DIRS];
                trapped |= e != CAM_NO_SQUARE && is_own(s.board[e], 1 - moved) && beyond != CAM_NO_SQUARE &&
                           s.board[beyond] == CAM_EMPTY &&
                           !(behind != CAM_NO_SQUARE && s.board[behind] == CAM_EMPTY);
            }
            exposed_want += trapped;
        }
        cam_pcbb men[2] = {s.pieces[0][0], s.pieces[1][0]}, knights[2] = {s.pieces[0][1], s.pieces[1][1]};
        int got[2] = {-1, -1}, exposed = -1;
        cam_mobility_counts_exposed(men, knights, left, moved, got, &exposed);
        ck_assert_int_eq(got[0], want[0]);
        ck_assert_int_eq(got[1], want[1]);
        ck_assert_int_eq(exposed, exposed_want);
        /* Without the exposure, the same counts. */
        int again[2] = {-1, -1};
        cam_mobility_counts(men, knights, left, again);
        ck_assert_int_eq(again[0], want[0]);
        ck_assert_int_eq(again[1], want[1]);
    }
}
END_TEST

/* Knight support, man support and exposure (computed with bitboards) against a square-by-square
 * count on the rules' tables, on random positions; and the bitboard masks against the layout. */
START_TEST(test_neighbourhood_factors_match_reference)
{
    cam_bb board = {{0, 0, 0}}, not_a = {{0, 0, 0}}, not_l = {{0, 0, 0}};
    cam_bb castles[2] = {{{0, 0, 0}}, {{0, 0, 0}}};
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        cam_bb_set(&board, CAM_BB_BIT(cam_sq_file[sq], cam_sq_rank[sq]));
        if (cam_castle_owner(sq) >= 0)
            cam_bb_set(&castles[cam_castle_owner(sq)], CAM_BB_BIT(cam_sq_file[sq], cam_sq_rank[sq]));
    }
    for (int r = 0; r < 16; r++)
        for (int f = 0; f < 12; f++) {
            if (f != 0)
                cam_bb_set(&not_a, CAM_BB_BIT(f, r));
            if (f != 11)
                cam_bb_set(&not_l, CAM_BB_BIT(f, r));
        }
    ck_assert_int_eq(memcmp(&board, &CAM_BB_BOARD, sizeof board), 0);
    ck_assert_int_eq(memcmp(&castles[0], &CAM_BB_CASTLE[0], sizeof board), 0);
    ck_assert_int_eq(memcmp(&castles[1], &CAM_BB_CASTLE[1], sizeof board), 0);
    ck_assert_int_eq(memcmp(&not_a, &CAM_BB_NOT_A, sizeof board), 0);
    ck_assert_int_eq(memcmp(&not_l, &CAM_BB_NOT_L, sizeof board), 0);
    /* The generated neighbour sets (cam_tables.c) against the step table. */
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        cam_bb around = {{0, 0, 0}};
        for (int d = 0; d < CAM_DIRS; d++)
            if (cam_step[sq][d] != CAM_NO_SQUARE)
                cam_bb_set(&around, CAM_BB_BIT(cam_sq_file[cam_step[sq][d]], cam_sq_rank[cam_step[sq][d]]));
        ck_assert_int_eq(memcmp(&around, &cam_around_bb[sq], sizeof around), 0);
    }
    ba_camelot_options o = ba_camelot_options_default();
    srand(4242);
    for (int trial = 0; trial < 400; trial++) {
        cam_state s;
        random_state(&s, 5 + trial % 40);
        cam_view v;
        cam_view_from_state(&s, &v);
        for (int side = 0; side < 2; side++) {
            int ks = 0, ms = 0, ex = 0;
            for (int sq = 0; sq < CAM_SQUARES; sq++) {
                if (!is_own(s.board[sq], side))
                    continue;
                int by_knight = 0, by_man = 0, trapped = 0;
                for (int d = 0; d < CAM_DIRS; d++) {
                    int e = cam_step[sq][d];
                    if (e == CAM_NO_SQUARE || s.board[e] == CAM_EMPTY)
                        continue;
                    if (is_own(s.board[e], side)) {
                        by_knight |= CAM_PIECE_KIND(s.board[e]) == CAM_KNIGHT;
                        by_man |= CAM_PIECE_KIND(s.board[e]) == CAM_MAN;
                        continue;
                    }
                    int beyond = cam_leap[sq][d], behind = cam_step[sq][(d + 4) % CAM_DIRS];
                    trapped |= beyond != CAM_NO_SQUARE && s.board[beyond] == CAM_EMPTY &&
                               !(behind != CAM_NO_SQUARE && s.board[behind] == CAM_EMPTY);
                }
                ks += by_knight;
                ms += by_man && CAM_PIECE_KIND(s.board[sq]) == CAM_MAN;
                ex += trapped && cam_castle_owner(sq) != 1 - side;
            }
            ck_assert_int_eq(cam_eval_knight_support(&v, side, &o), ks * 500);
            ck_assert_int_eq(cam_eval_man_support(&v, side, &o), ms * 200);
            ck_assert_int_eq(cam_eval_exposure(&v, side, &o), side == v.side_to_move ? 0 : ex * -1500);
        }
    }
}
END_TEST

START_TEST(test_canter_reach_agrees_with_rules)
{
    /* The rules module's canter reach (the squares a canter or a Charge's canters reach) must
     * be this file's closure, apart from the start square. */
    srand(99);
    for (int trial = 0; trial < 200; trial++) {
        cam_state s;
        random_state(&s, 20 + trial % 30);
        for (int from = 0; from < CAM_SQUARES; from++) {
            if (s.board[from] == CAM_EMPTY || cam_castle_owner(from) >= 0)
                continue;
            cam_sqset set;
            cam_canter_reach(&s, from, &set);
            int n_rules = 0;
            for (int sq = 0; sq < CAM_SQUARES; sq++)
                n_rules += sq != from && cam_sqset_has(&set, sq);
            /* Reference closure. */
            int side = CAM_PIECE_SIDE(s.board[from]);
            uint8_t b[CAM_SQUARES];
            memcpy(b, s.board, sizeof b);
            b[from] = CAM_EMPTY;
            char reach[CAM_SQUARES] = {0};
            reach[from] = 1;
            for (int changed = 1; changed;) {
                changed = 0;
                for (int c = 0; c < CAM_SQUARES; c++) {
                    if (!reach[c] || (c != from && cam_castle_owner(c) == 1 - side))
                        continue;
                    for (int d = 0; d < CAM_DIRS; d++) {
                        int over = cam_step[c][d], land = cam_leap[c][d];
                        if (over == CAM_NO_SQUARE || land == CAM_NO_SQUARE ||
                            !is_own(b[over], side) || b[land] != CAM_EMPTY ||
                            cam_castle_owner(land) == side || reach[land])
                            continue;
                        reach[land] = 1;
                        changed = 1;
                    }
                }
            }
            int n_ref = 0;
            for (int sq = 0; sq < CAM_SQUARES; sq++) {
                if (sq == from)
                    continue;
                n_ref += reach[sq];
                ck_assert_int_eq(reach[sq] != 0, cam_sqset_has(&set, sq));
            }
            ck_assert_int_eq(n_rules, n_ref);
        }
    }
}
END_TEST

START_TEST(test_start_position)
{
    /* The start position, worked out by hand for each side (the two are mirror images):
     * material: 10 men + 4 knights at K(14, N) (N = the default 17.09, about 200);
     * advance: 8 pieces on the 6th rank (11) + 6 on the 7th (14) = 172;
     * mobility: the shared file's 100 first moves (52 plain + 48 canters, one per square
     *   reached since nothing can be captured) = 100 at Nolan's weight 1 (the default tuned
     *   preset weighs it 0, so the default game's term is 0; Nolan's game is checked below);
     * trading: 400 at Nolan's weight (equal material; 0 in the default tuned preset);
     * centre: C6 2 + D7 3 + I7 3 + J6 2 + D6 3 + E6 4 + E7 4 + F6 5 + F7 5 + G6 5 + G7 5 + H6 4 +
     *   H7 4 + I6 3 = 52;
     * knight support: C6 D7 I7 J6 (the knights touch each other in pairs) and D6 E6 E7 H6 H7
     *   I6 = 10 pieces, 50; man support: all 10 men touch another man, 20; wins and exposure 0. */
    const ba_game *g = ba_camelot_game();
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ba_camelot_breakdown b;
    ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, ba_pos_state(pos), &b), BA_OK);
    /* K(14) at the default N = 17.09 with the default (tuned) X = 1.2962 is 100 + 1.2962^16.09
     * (1 - 1.2962^-13) = 162.77 (with Nolan's X = 4/3 it is the table's 200). */
    ba_camelot_options o = ba_camelot_options_default();
    int32_t k = cam_knight_cp(&o, 14);
    ck_assert_int_eq(k, 16277);
    for (int side = 0; side < 2; side++) {
        const int32_t *t = b.terms[side];
        ck_assert_int_eq(t[BA_CAMELOT_F_MATERIAL], 4 * k + 100000);
        ck_assert_int_eq(t[BA_CAMELOT_F_CASTLE_WIN], 0);
        ck_assert_int_eq(t[BA_CAMELOT_F_WIPEOUT], 0);
        ck_assert_int_eq(t[BA_CAMELOT_F_ADVANCE], 17200);
        ck_assert_int_eq(t[BA_CAMELOT_F_MOBILITY], 0);
        ck_assert_int_eq(t[BA_CAMELOT_F_TRADING], 0);
        ck_assert_int_eq(t[BA_CAMELOT_F_CENTRE], 5200);
        ck_assert_int_eq(t[BA_CAMELOT_F_KNIGHT_SUPPORT], 5000);
        ck_assert_int_eq(t[BA_CAMELOT_F_MAN_SUPPORT], 2000);
        ck_assert_int_eq(t[BA_CAMELOT_F_EXPOSURE], 0);
        ck_assert_int_eq(b.total[side], 4 * k + 100000 + 17200 + 5200 + 5000 + 2000);
    }
    ck_assert_int_eq(b.score, 0);
    ba_game *nolan = nolan_game();
    ba_camelot_breakdown bn;
    ck_assert_int_eq(ba_camelot_evaluate_breakdown(nolan, ba_pos_state(pos), &bn), BA_OK);
    for (int side = 0; side < 2; side++) {
        ck_assert_int_eq(bn.terms[side][BA_CAMELOT_F_MOBILITY], 10000);
        ck_assert_int_eq(bn.terms[side][BA_CAMELOT_F_TRADING], 40000);
    }
    ba_game_destroy(nolan);
    int score = 1;
    ck_assert_int_eq(ba_pos_evaluate(pos, &score), BA_OK);
    ck_assert_int_eq(score, 0);
    /* The 100 first moves, counted by the rules module, are the mobility above. */
    ba_move moves[512];
    ck_assert_int_eq(ba_pos_moves(pos, moves, 512), 100);
    ba_pos_free(pos);
}
END_TEST

START_TEST(test_colour_symmetry)
{
    /* Mirroring the board (rank r <-> 17 - r) and swapping the colours and the side to move
     * swaps the two sides' terms and keeps the score. */
    const ba_game *g = ba_camelot_game();
    srand(2024);
    for (int trial = 0; trial < 300; trial++) {
        cam_state s, m;
        random_state(&s, 4 + trial % 25);
        memset(&m, 0, sizeof m);
        for (int sq = 0; sq < CAM_SQUARES; sq++) {
            uint8_t p = s.board[sq];
            if (p != CAM_EMPTY)
                m.board[cam_mirror_square(sq)] = CAM_PIECE(1 - CAM_PIECE_SIDE(p), CAM_PIECE_KIND(p));
        }
        m.side_to_move = (uint8_t)(1 - s.side_to_move);
        m.castle_moves[0] = s.castle_moves[1];
        m.castle_moves[1] = s.castle_moves[0];
        m.must_leave[0] = m.must_leave[1] = CAM_NO_SQUARE;
        cam_state_finish(&m);
        ba_camelot_breakdown a, b;
        ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, &s, &a), BA_OK);
        ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, &m, &b), BA_OK);
        for (int f = 0; f < BA_CAMELOT_FACTORS; f++) {
            ck_assert_int_eq(a.terms[0][f], b.terms[1][f]);
            ck_assert_int_eq(a.terms[1][f], b.terms[0][f]);
        }
        ck_assert_int_eq(a.score, b.score);
        ck_assert_int_eq(g->evaluate(g, &s), a.score);
        /* Side to move's view: the same board with the other side to move negates the score
         * unless the exposure term (charged only to the side not to move) differs. */
        cam_state t = s;
        t.side_to_move = (uint8_t)(1 - s.side_to_move);
        ba_camelot_breakdown c;
        ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, &t, &c), BA_OK);
        int64_t exp_a = (int64_t)a.terms[0][BA_CAMELOT_F_EXPOSURE] + a.terms[1][BA_CAMELOT_F_EXPOSURE];
        int64_t exp_c = (int64_t)c.terms[0][BA_CAMELOT_F_EXPOSURE] + c.terms[1][BA_CAMELOT_F_EXPOSURE];
        if (exp_a == 0 && exp_c == 0)
            ck_assert_int_eq(c.score, -a.score);
        ck_assert_int_le(abs(a.score), BA_SCORE_EVAL_MAX);
    }
}
END_TEST

START_TEST(test_explain_text)
{
    const ba_game *g = ba_camelot_game();
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    char buf[4096];
    int n = ba_pos_explain(pos, buf, sizeof buf);
    ck_assert_int_gt(n, 0);
    ck_assert_int_eq((int)strlen(buf), n);
    /* One "name white black" line per factor, in points with two decimals. */
    for (int f = 0; f < BA_CAMELOT_FACTORS; f++)
        ck_assert_msg(strstr(buf, ba_camelot_factor_name(f)) != NULL, "%s missing in:\n%s",
                      ba_camelot_factor_name(f), buf);
    /* the default (tuned) preset weighs mobility 0; Nolan's weight 1 gives the 100 squares */
    ck_assert_ptr_nonnull(strstr(buf, "mobility              0.00       0.00"));
    ck_assert_ptr_nonnull(strstr(buf, "advance             172.00     172.00"));
    ba_game *nolan = nolan_game();
    char nbuf[4096];
    ck_assert_int_gt(nolan->explain(nolan, ba_pos_state(pos), nbuf, sizeof nbuf), 0);
    ck_assert_ptr_nonnull(strstr(nbuf, "mobility            100.00     100.00"));
    ba_game_destroy(nolan);
    ck_assert_ptr_nonnull(strstr(buf, "total "));
    /* Too small a buffer is an error, with an empty string left behind. */
    char small[40];
    ck_assert_int_eq(g->explain(g, ba_pos_state(pos), small, sizeof small), BA_ERR_BUFFER);
    ck_assert_str_eq(small, "");
    ba_pos_free(pos);
    /* Not a Camelot game: refused. */
    ba_game fake = *g;
    fake.params = NULL;
    ba_camelot_breakdown b;
    cam_state s;
    cam_start_position(&s);
    ck_assert_int_eq(ba_camelot_evaluate_breakdown(&fake, &s, &b), BA_ERR_ARG);
    ck_assert_int_eq(ba_camelot_evaluate_breakdown(g, NULL, &b), BA_ERR_ARG);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_eval_reference");
    TCase *tc = tcase_create("reference");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_mobility_matches_reference);
    tcase_add_test(tc, test_mobility_counts_exposed_match_reference);
    tcase_add_test(tc, test_neighbourhood_factors_match_reference);
    tcase_add_test(tc, test_canter_reach_agrees_with_rules);
    tcase_add_test(tc, test_start_position);
    tcase_add_test(tc, test_colour_symmetry);
    tcase_add_test(tc, test_explain_text);
    suite_add_tcase(s, tc);
    return s;
}
