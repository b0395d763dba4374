/* The chess instance of the generic piece-square evaluator: every entry of the 10x12 table and
 * every material value, read back through ba_pst_value(), plus evaluations of whole positions
 * through the game's evaluate() computed here from the table. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "chess/chess_internal.h"

/* The classic tutorial's table exactly as printed (pawn units; docs/chess.md), parsed below. */
static const char *const table_rows[12] = {
    "0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00",
    "0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00",
    "0.00 0.00 0.01 0.02 0.03 0.03 0.02 0.01 0.00 0.00",
    "0.00 0.01 0.04 0.04 0.04 0.04 0.04 0.04 0.01 0.00",
    "0.00 0.03 0.04 0.06 0.06 0.06 0.06 0.04 0.02 0.00",
    "0.00 0.03 0.04 0.06 0.08 0.08 0.06 0.04 0.03 0.00",
    "0.00 0.03 0.04 0.06 0.08 0.08 0.06 0.04 0.03 0.00",
    "0.00 0.02 0.04 0.06 0.06 0.06 0.06 0.04 0.02 0.00",
    "0.00 0.01 0.04 0.04 0.04 0.04 0.04 0.04 0.01 0.00",
    "0.00 0.00 0.01 0.02 0.03 0.03 0.02 0.01 0.00 0.00",
    "0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00",
    "0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00",
};
/* Material in pawn units as given: pawn 1, knight 3, bishop 3, rook 4.5, queen 9, king 0. */
static const char *const material_text[6] = {"1.0", "3.0", "3.0", "4.5", "9.0", "0"};

/* "d.dd" in pawns -> centipawns, parsed digit by digit (no floating point). */
static int centipawns(const char *s, const char **end)
{
    int whole = 0, frac = 0, digits = 0;
    while (*s == ' ')
        s++;
    while (*s >= '0' && *s <= '9')
        whole = whole * 10 + (*s++ - '0');
    if (*s == '.') {
        s++;
        while (*s >= '0' && *s <= '9') {
            if (digits < 2)
                frac = frac * 10 + (*s - '0');
            digits++;
            s++;
        }
    }
    while (digits++ < 2)
        frac *= 10;
    if (end)
        *end = s;
    return whole * 100 + frac;
}

static int expected_square(int index)
{
    const char *p = table_rows[index / 10];
    int v = 0;
    for (int c = 0; c <= index % 10; c++)
        v = centipawns(p, &p);
    return v;
}

START_TEST(every_table_entry_and_material)
{
    const ba_pst *pst = ba_chess_pst();
    ck_assert_int_eq(ba_pst_check(pst), BA_OK);
    ck_assert_int_eq(pst->width, 10);
    ck_assert_int_eq(pst->height, 12);
    ck_assert_int_eq(pst->piece_types, 6);
    for (int type = 0; type < 6; type++) {
        int material = centipawns(material_text[type], NULL);
        for (int side = 0; side < 2; side++)
            for (int index = 0; index < 120; index++) {
                int expect = material + expected_square(index);
                int got = ba_pst_value(pst, side, type, index);
                ck_assert_msg(got == expect, "type %d side %d index %d: %d, expected %d", type, side, index, got,
                              expect);
            }
    }
    /* The [choice] orientation: 21 is a1, 28 h1, 91 a8, 98 h8. */
    ck_assert_int_eq(ba_chess_mailbox(0), 21);
    ck_assert_int_eq(ba_chess_mailbox(7), 28);
    ck_assert_int_eq(ba_chess_mailbox(56), 91);
    ck_assert_int_eq(ba_chess_mailbox(63), 98);
    ck_assert_int_eq(ba_chess_mailbox(64), BA_ERR_RANGE);
}
END_TEST

/* Evaluates a FEN by hand from the parsed table: own pieces add, the opponent's subtract. */
static int hand_eval(const char *fen)
{
    int sum[2] = {0, 0};
    int rank = 7, file = 0;
    const char *p = fen;
    for (; *p != ' '; p++) {
        if (*p == '/') {
            rank--;
            file = 0;
        } else if (*p >= '1' && *p <= '8') {
            file += *p - '0';
        } else {
            const char *letters = "pnbrqk";
            int black = *p >= 'a';
            int type = (int)(strchr(letters, black ? *p : *p + 32) - letters);
            sum[black] += centipawns(material_text[type], NULL) + expected_square(21 + file + 10 * rank);
            file++;
        }
    }
    int stm = p[1] == 'b';
    return sum[stm] - sum[!stm];
}

START_TEST(position_evaluations)
{
    const ba_game *g = ba_chess_game();
    static const char *fens[] = {
        BA_CHESS_START_FEN,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/RN2K3 b - - 0 1",
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        chs_board b;
        ba_error err;
        ck_assert_int_eq(g->position_from_text(g, &b, fens[i], &err), BA_OK);
        ck_assert_msg(g->evaluate(g, &b) == hand_eval(fens[i]), "%s: %d vs %d", fens[i], g->evaluate(g, &b),
                      hand_eval(fens[i]));
        /* and the generic evaluator over the piece list gives the same */
        ba_pst_piece pieces[64];
        size_t n = 0;
        for (int s = 0; s < 64; s++)
            if (b.sq[s]) {
                pieces[n].side = (uint8_t)CHS_COLOR(b.sq[s]);
                pieces[n].type = (uint8_t)CHS_TYPE(b.sq[s]);
                pieces[n].square = (uint16_t)ba_chess_mailbox(s);
                n++;
            }
        ck_assert_int_eq(ba_pst_evaluate(ba_chess_pst(), pieces, n, b.stm), hand_eval(fens[i]));
    }
    /* A concrete figure: rook a1 (0.00 + 4.5) + knight b1 (0.01 + 3) + king e1 (0.03) against a
     * king e8 (0.03): 7.51 pawns for White. */
    chs_board b;
    ba_error err;
    ck_assert_int_eq(g->position_from_text(g, &b, "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1", &err), BA_OK);
    ck_assert_int_eq(g->evaluate(g, &b), 751);
    ck_assert_int_eq(g->position_from_text(g, &b, "4k3/8/8/8/8/8/8/RN2K3 b - - 0 1", &err), BA_OK);
    ck_assert_int_eq(g->evaluate(g, &b), -751);
    /* The table's asymmetry: h-file ends of rows 4 and 7 (h3 = index 48: 0.02, a3 = 41: 0.03). */
    ck_assert_int_eq(g->position_from_text(g, &b, "4k3/8/8/8/8/7N/8/4K3 w - - 0 1", &err), BA_OK);
    int h3 = g->evaluate(g, &b);
    ck_assert_int_eq(g->position_from_text(g, &b, "4k3/8/8/8/8/N7/8/4K3 w - - 0 1", &err), BA_OK);
    ck_assert_int_eq(g->evaluate(g, &b) - h3, 1);
    char buf[256];
    ck_assert_int_gt(g->explain(g, &b, buf, sizeof buf), 0);
    ck_assert_ptr_nonnull(strstr(buf, "material 300 0"));
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_pst");
    TCase *tc = tcase_create("pst");
    tcase_add_test(tc, every_table_entry_and_material);
    tcase_add_test(tc, position_evaluations);
    suite_add_tcase(s, tc);
    return s;
}
