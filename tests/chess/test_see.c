/* Static exchange evaluation (games/chess/see.c) on hand-worked exchanges, and what the vtable
 * does with it: quiescence's noisy moves leave out captures that lose by exchange, which are
 * ordered after the quiet moves and count as quiet for the selective search's pruning. */
#include <check.h>

#include "check_main.h"
#include "chess/chess_internal.h"

static chs_board board(const char *fen)
{
    const ba_game *g = ba_chess_game();
    chs_board b;
    ba_error err;
    ck_assert_msg(g->position_from_text(g, &b, fen, &err) == BA_OK, "%s: %s", fen, err.message);
    return b;
}

static int square(const char *s) { return (s[1] - '1') * 8 + (s[0] - 'a'); }

static chs_move move(const char *from, const char *to) { return CHS_MOVE(square(from), square(to), 0); }

/* Centipawn values of see.c: P 100, N 320, B 330, R 500, Q 950. Each case worked by hand. */
START_TEST(exchanges)
{
    static const struct {
        const char *fen, *from, *to;
        int see;
    } cases[] = {
        /* an undefended pawn */
        {"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1", "e5", 100},
        /* N takes P, N takes N, R takes N, B takes R, Q takes B, Q takes Q: white stops after
         * the rook is lost, the knight for a pawn is what stays */
        {"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3", "e5", -220},
        /* a pawn takes a knight defended by a pawn */
        {"4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1", "d4", "e5", 220},
        /* the queen takes a pawn defended by a pawn */
        {"4k3/8/3p4/4p3/8/8/8/Q3K3 w - - 0 1", "a1", "e5", -850},
        /* en passant */
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5", "d6", 100},
        /* doubled rooks: the one behind joins in (x-ray) */
        {"k7/4r3/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2", "e5", 100},
        /* ... and without it the rook is lost for the pawn */
        {"k7/4r3/8/4p3/8/8/4R3/6K1 w - - 0 1", "e2", "e5", -400},
        /* the king may take back only what is no longer defended */
        {"8/8/4k3/4p3/8/8/8/K3R3 w - - 0 1", "e1", "e5", -400},
        {"8/8/4k3/4p3/8/8/4R3/K3R3 w - - 0 1", "e2", "e5", 100},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chs_board b = board(cases[i].fen);
        chs_move m = move(cases[i].from, cases[i].to);
        ck_assert_msg(chs_see(&b, m) == cases[i].see, "%s %s%s: SEE %d, expected %d", cases[i].fen,
                      cases[i].from, cases[i].to, chs_see(&b, m), cases[i].see);
        ck_assert_int_eq(chs_capture_loses(&b, m), cases[i].see < 0);
    }
}
END_TEST

static int has_move(const ba_move *list, int n, const ba_move *m)
{
    for (int i = 0; i < n; i++)
        if (ba_move_equal(&list[i], m))
            return 1;
    return 0;
}

START_TEST(vtable_uses_it)
{
    const ba_game *g = ba_chess_game();
    /* Qxe5 loses the queen for a pawn; Qxa7 wins a free pawn; Kd1 is quiet. */
    chs_board b = board("6k1/p7/3p4/4p3/8/8/8/Q3K3 w - - 0 1");
    ba_move bad, good, quiet;
    chs_to_ba_move(move("a1", "e5"), &bad);
    chs_to_ba_move(move("a1", "a7"), &good);
    chs_to_ba_move(move("e1", "d1"), &quiet);
    ba_move list[CHS_MAX_MOVES];
    ba_history h = {NULL, 0};
    int n = g->generate_noisy(g, &b, &h, list, CHS_MAX_MOVES);
    ck_assert_int_gt(n, 0);
    ck_assert(has_move(list, n, &good));
    ck_assert(!has_move(list, n, &bad));
    ck_assert_int_gt(g->order_key(g, &b, &good), g->order_key(g, &b, &quiet));
    ck_assert_int_lt(g->order_key(g, &b, &bad), g->order_key(g, &b, &quiet));
    ck_assert(g->move_noisy(g, &b, &good));
    ck_assert(!g->move_noisy(g, &b, &bad));
    /* In check every evasion stays, the losing capture of the checker too. */
    b = board("7Q/8/8/k7/8/8/6b1/4K2r w - - 0 1");
    ba_move takes;
    chs_to_ba_move(move("h8", "h1"), &takes);
    ck_assert(chs_capture_loses(&b, move("h8", "h1")));
    n = g->generate_noisy(g, &b, &h, list, CHS_MAX_MOVES);
    ck_assert(has_move(list, n, &takes));
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_see");
    TCase *tc = tcase_create("see");
    tcase_add_test(tc, exchanges);
    tcase_add_test(tc, vtable_uses_it);
    suite_add_tcase(s, tc);
    return s;
}
