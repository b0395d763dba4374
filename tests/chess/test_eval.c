/* The evaluation presets (ba_chess_game_eval): selection by number and name, the classic one
 * unchanged, and the tapered one: PeSTO's published table values read back through the generic
 * piece-square evaluator, colour symmetry, the phase blend, and the direction of each extra term
 * (passed pawns, king shelter, mobility, bishop pair). */
#include <check.h>
#include <stdio.h>

#include "check_main.h"
#include "chess/chess_internal.h"

static int eval_fen(const ba_game *g, const char *fen)
{
    chs_board b;
    ba_error err;
    ck_assert_msg(g->position_from_text(g, &b, fen, &err) == BA_OK, "%s: %s", fen, err.message);
    return g->evaluate(g, &b);
}

/* The same position with colours swapped and the board mirrored top to bottom. */
static void mirror_fen(const char *fen, char *out, size_t cap)
{
    char rows[8][16];
    int r = 0;
    size_t k = 0;
    const char *p = fen;
    for (; *p != ' '; p++) {
        if (*p == '/') {
            rows[r++][k] = '\0';
            k = 0;
        } else {
            char c = *p;
            if (c >= 'a' && c <= 'z')
                c = (char)(c - 32);
            else if (c >= 'A' && c <= 'Z')
                c = (char)(c + 32);
            rows[r][k++] = c;
        }
    }
    rows[r][k] = '\0';
    size_t n = 0;
    for (int i = 7; i >= 0; i--)
        n += (size_t)snprintf(out + n, cap - n, "%s%s", rows[i], i ? "/" : "");
    /* side to move swapped; castling and en passant dropped (no effect on the evaluation) */
    snprintf(out + n, cap - n, " %c - - 0 1", p[1] == 'w' ? 'b' : 'w');
}

START_TEST(selection)
{
    ck_assert_ptr_eq(ba_chess_game_eval(BA_CHESS_EVAL_CLASSIC), ba_chess_game());
    ck_assert_ptr_nonnull(ba_chess_game_eval(BA_CHESS_EVAL_TAPERED));
    ck_assert_ptr_ne(ba_chess_game_eval(BA_CHESS_EVAL_TAPERED), ba_chess_game());
    ck_assert_ptr_null(ba_chess_game_eval(-1));
    ck_assert_ptr_null(ba_chess_game_eval(BA_CHESS_EVAL_COUNT));
    for (int e = 0; e < BA_CHESS_EVAL_COUNT; e++)
        ck_assert_int_eq(ba_chess_eval_from_name(ba_chess_eval_name(e)), e);
    ck_assert_str_eq(ba_chess_eval_name(BA_CHESS_EVAL_CLASSIC), "classic");
    ck_assert_int_eq(ba_chess_eval_from_name("TAPERED"), BA_CHESS_EVAL_TAPERED);
    ck_assert_int_eq(ba_chess_eval_from_name("tapere"), BA_ERR_PARSE);
    ck_assert_int_eq(ba_chess_eval_from_name(""), BA_ERR_PARSE);
    ck_assert_int_eq(ba_chess_eval_from_name(NULL), BA_ERR_PARSE);
    ck_assert_ptr_null(ba_chess_eval_name(7));
    /* The same rules: moves, hashes and texts agree on both game objects. */
    const ba_game *t = ba_chess_game_eval(BA_CHESS_EVAL_TAPERED);
    ba_pos *a, *b;
    ck_assert_int_eq(ba_pos_new(ba_chess_game(), &a), BA_OK);
    ck_assert_int_eq(ba_pos_new(t, &b), BA_OK);
    static const char *line[] = {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"};
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
        ck_assert_int_eq(ba_pos_play_text(a, line[i], NULL), BA_OK);
        ck_assert_int_eq(ba_pos_play_text(b, line[i], NULL), BA_OK);
        ck_assert_uint_eq(ba_pos_hash(a), ba_pos_hash(b));
    }
    ba_pos_free(a);
    ba_pos_free(b);
}
END_TEST

START_TEST(published_table_values)
{
    /* Spot values of PeSTO's tables (chessprogramming.org, "PeSTO's Evaluation Function"), as
     * material + square, White reading rank 1 first and Black the mirror image. */
    const ba_pst *mg = chs_tapered_pst(0), *eg = chs_tapered_pst(1);
    ck_assert_int_eq(ba_pst_check(mg), BA_OK);
    ck_assert_int_eq(ba_pst_check(eg), BA_OK);
    const int g1 = 6, g8 = 62, e7 = 52, e2 = 12, a8 = 56, a1 = 0, f6 = 45, f3 = 21;
    ck_assert_int_eq(ba_pst_value(mg, 0, CHS_KING, g1), 24);
    ck_assert_int_eq(ba_pst_value(mg, 1, CHS_KING, g8), 24);
    ck_assert_int_eq(ba_pst_value(eg, 0, CHS_PAWN, e7), 94 + 147);
    ck_assert_int_eq(ba_pst_value(eg, 1, CHS_PAWN, e2), 94 + 147);
    ck_assert_int_eq(ba_pst_value(mg, 0, CHS_KNIGHT, a8), 337 - 167);
    ck_assert_int_eq(ba_pst_value(mg, 0, CHS_KNIGHT, a1), 337 - 105);
    ck_assert_int_eq(ba_pst_value(mg, 0, CHS_KNIGHT, f6), 337 + 129);
    ck_assert_int_eq(ba_pst_value(mg, 1, CHS_KNIGHT, f3), 337 + 129);
    ck_assert_int_eq(ba_pst_value(eg, 0, CHS_ROOK, a1), 512 - 9);
    ck_assert_int_eq(ba_pst_value(mg, 0, CHS_QUEEN, 3), 1025 + 10);
}
END_TEST

START_TEST(symmetry_and_phase)
{
    const ba_game *g = ba_chess_game_eval(BA_CHESS_EVAL_TAPERED);
    ck_assert_int_eq(eval_fen(g, BA_CHESS_START_FEN), 0);
    static const char *fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/1P3PPP/6K1 b - - 0 1",
        "r1bq1rk1/ppp2ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 6",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        char m[128];
        mirror_fen(fens[i], m, sizeof m);
        ck_assert_msg(eval_fen(g, fens[i]) == eval_fen(g, m), "%s: %d, mirrored %s: %d", fens[i],
                      eval_fen(g, fens[i]), m, eval_fen(g, m));
        /* the side to move's view: the other side to move sees the negation */
        char other[128];
        snprintf(other, sizeof other, "%s", fens[i]);
        char *stm = strchr(other, ' ') + 1;
        *stm = *stm == 'w' ? 'b' : 'w';
        ck_assert_int_eq(eval_fen(g, other), -eval_fen(g, fens[i]));
    }
    /* Phase: 24 at the start, 0 with kings and pawns only, and the blend is exact there. */
    chs_board b;
    chs_eval_terms t;
    ba_error err;
    ck_assert_int_eq(g->position_from_text(g, &b, BA_CHESS_START_FEN, &err), BA_OK);
    chs_tapered_terms(&b, &t);
    ck_assert_int_eq(t.phase, 24);
    ck_assert_int_eq(g->position_from_text(g, &b, "6k1/5ppp/8/8/8/8/1P3PPP/6K1 w - - 0 1", &err), BA_OK);
    chs_tapered_terms(&b, &t);
    ck_assert_int_eq(t.phase, 0);
    int eg = t.pst_eg[0] + t.mobility_eg[0] + t.passed_eg[0] + t.pair_eg[0] -
             (t.pst_eg[1] + t.mobility_eg[1] + t.passed_eg[1] + t.pair_eg[1]);
    ck_assert_int_eq(chs_tapered_blend(&t, 0), eg);
    ck_assert_int_gt(t.passed_eg[0], 0); /* b2 has no black pawn in front of it */
    ck_assert_int_eq(t.passed_eg[1], 0);
    char buf[512];
    ck_assert_int_gt(g->explain(g, &b, buf, sizeof buf), 0);
    ck_assert_ptr_nonnull(strstr(buf, "passed_eg "));
    ck_assert_ptr_nonnull(strstr(buf, "phase 0 0\n"));
    ck_assert_int_eq(g->explain(g, &b, buf, 10), BA_ERR_BUFFER);
}
END_TEST

START_TEST(terms_point_the_right_way)
{
    const ba_game *g = ba_chess_game_eval(BA_CHESS_EVAL_TAPERED);
    /* A passed pawn is worth more than the same pawn blocked by an enemy pawn's file. */
    ck_assert_int_gt(eval_fen(g, "6k1/8/8/3P4/8/8/8/6K1 w - - 0 1") - eval_fen(g, "6k1/4p3/8/3P4/8/8/8/6K1 w - - 0 1"),
                     eval_fen(g, "6k1/8/8/8/8/8/8/6K1 w - - 0 1") - eval_fen(g, "6k1/4p3/8/8/8/8/8/6K1 w - - 0 1"));
    /* A castled king behind its pawns is safer than the same king with the pawns pushed away
     * (same material; queens and rooks on: middlegame). */
    const char *shelter = "r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q1RK1 w - - 0 1";
    const char *bare = "r2q1rk1/ppp2ppp/8/8/5PPP/8/PPP5/R2Q1RK1 w - - 0 1";
    chs_board b;
    chs_eval_terms t1, t2;
    ba_error err;
    ck_assert_int_eq(g->position_from_text(g, &b, shelter, &err), BA_OK);
    chs_tapered_terms(&b, &t1);
    ck_assert_int_eq(g->position_from_text(g, &b, bare, &err), BA_OK);
    chs_tapered_terms(&b, &t2);
    ck_assert_int_gt(t1.king_mg[0], t2.king_mg[0]);
    /* Pieces bearing down on a king cost its side. */
    ck_assert_int_eq(g->position_from_text(g, &b, "6k1/5ppp/8/6N1/8/3B4/8/3Q2K1 w - - 0 1", &err), BA_OK);
    chs_tapered_terms(&b, &t1);
    ck_assert_int_eq(g->position_from_text(g, &b, "6k1/5ppp/8/8/8/8/8/NB1Q2K1 w - - 0 1", &err), BA_OK);
    chs_tapered_terms(&b, &t2);
    ck_assert_int_lt(t1.king_mg[1], t2.king_mg[1]);
    /* A centralised knight is more mobile than one in the corner. */
    ck_assert_int_eq(g->position_from_text(g, &b, "6k1/8/8/8/3N4/8/8/6K1 w - - 0 1", &err), BA_OK);
    chs_tapered_terms(&b, &t1);
    ck_assert_int_eq(g->position_from_text(g, &b, "6k1/8/8/8/8/8/8/N5K1 w - - 0 1", &err), BA_OK);
    chs_tapered_terms(&b, &t2);
    ck_assert_int_gt(t1.mobility_mg[0], t2.mobility_mg[0]);
    /* The bishop pair. */
    ck_assert_int_eq(g->position_from_text(g, &b, "6k1/8/8/8/8/8/8/2B2BK1 w - - 0 1", &err), BA_OK);
    chs_tapered_terms(&b, &t1);
    ck_assert_int_gt(t1.pair_eg[0], 0);
    ck_assert_int_eq(t1.pair_eg[1], 0);
    /* Classic is untouched: the tutorial's figure for this position (test_pst.c). */
    ck_assert_int_eq(eval_fen(ba_chess_game(), "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"), 751);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_eval");
    TCase *tc = tcase_create("eval");
    tcase_add_test(tc, selection);
    tcase_add_test(tc, published_table_values);
    tcase_add_test(tc, symmetry_and_phase);
    tcase_add_test(tc, terms_point_the_right_way);
    suite_add_tcase(s, tc);
    return s;
}
