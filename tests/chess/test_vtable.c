/* The chess vtable through the generic core: the conformance harness over random games, the
 * generic ba_perft (small depths, to prove the vtable agrees with the fast perft), search
 * equivalence (alpha-beta == negamax), and searches that must find mates and win material. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "conformance.h"
#include "chess/chess_internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define QUICK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QUICK 1
#endif
#endif
#ifndef QUICK
#define QUICK 0
#endif

START_TEST(conformance)
{
    char msg[512];
    ba_conformance_stats st;
    int games = (QUICK || getenv("BA_TEST_QUICK")) ? 10 : 40;
    ck_assert_msg(ba_conformance_run(ba_chess_game(), 42, games, 300, &st, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_uint_gt(st.positions, 1000);
}
END_TEST

START_TEST(generic_perft_matches)
{
    static const struct { const char *fen; uint64_t d1, d2, d3; } v[] = {
        {BA_CHESS_START_FEN, 20, 400, 8902},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 48, 2039, 97862},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14, 191, 2812},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 264, 9467},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 44, 1486, 62379},
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 46, 2079, 89890},
    };
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_chess_game(), &pos), BA_OK);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        ba_error err;
        uint64_t n;
        ck_assert_int_eq(ba_pos_set_text(pos, v[i].fen, &err), BA_OK);
        ck_assert_int_eq(ba_perft(pos, 1, &n), BA_OK);
        ck_assert_uint_eq(n, v[i].d1);
        ck_assert_int_eq(ba_perft(pos, 2, &n), BA_OK);
        ck_assert_uint_eq(n, v[i].d2);
        if (!QUICK) {
            ck_assert_int_eq(ba_perft(pos, 3, &n), BA_OK);
            ck_assert_uint_eq(n, v[i].d3);
        }
    }
    ba_pos_free(pos);
}
END_TEST

static int search_score(const ba_pos *pos, int alg, int depth, int quiesce, int tt_mb)
{
    ba_engine *eng;
    ba_search_result r;
    ck_assert_int_eq(ba_engine_new(ba_chess_game(), &eng), BA_OK);
    ck_assert_int_eq(ba_engine_set(eng, BA_OPT_ALGORITHM, alg), BA_OK);
    ck_assert_int_eq(ba_engine_set(eng, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_set(eng, BA_OPT_QUIESCENCE, quiesce), BA_OK);
    ck_assert_int_eq(ba_engine_set(eng, BA_OPT_QDEPTH, 3), BA_OK);
    ck_assert_int_eq(ba_engine_set(eng, BA_OPT_TT_MB, tt_mb), BA_OK);
    ck_assert_int_eq(ba_engine_set(eng, BA_OPT_SELECTIVE, 0), BA_OK); /* exact: equals negamax */
    ck_assert_int_eq(ba_engine_search(eng, pos, &r), BA_OK);
    ba_engine_free(eng);
    return r.score;
}

/* Alpha-beta (TT off and on) returns exactly the negamax value at the same depth, with and
 * without quiescence, on positions from random games. The negamax reference's quiescence is
 * full-width over every capture, which explodes in open chess positions, so the quiescence
 * depth is capped at 3 plies here. The generic harness runs with the default quiescence depth
 * (32), which is only affordable at depth 1 in chess. */
START_TEST(search_equivalence)
{
    char msg[512];
    ck_assert_msg(ba_search_equivalence_check(ba_chess_game(), 7, 2, 1, 4, msg, sizeof msg) == 0, "%s", msg);
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_chess_game(), &pos), BA_OK);
    uint64_t seed = 2024;
    int positions = (QUICK || getenv("BA_TEST_QUICK")) ? 3 : 10;
    for (int i = 0; i < positions; i++) {
        ck_assert_int_eq(ba_pos_reset(pos), BA_OK);
        int plies = 6 + i * 3;
        for (int p = 0; p < plies && ba_pos_result(pos) == BA_RESULT_ONGOING; p++) {
            ba_move moves[256];
            int n = ba_pos_moves(pos, moves, 256);
            ck_assert_int_gt(n, 0);
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            ck_assert_int_eq(ba_pos_play(pos, &moves[(seed >> 33) % (uint64_t)n], NULL), BA_OK);
        }
        if (ba_pos_result(pos) != BA_RESULT_ONGOING)
            continue;
        for (int q = 0; q <= 1; q++) {
            int depth = q ? 2 : 3;
            int ref = search_score(pos, BA_ALG_NEGAMAX, depth, q, 0);
            char fen[BA_POS_TEXT_MAX];
            ba_pos_text(pos, fen, sizeof fen);
            ck_assert_msg(search_score(pos, BA_ALG_ALPHABETA, depth, q, 0) == ref, "%s q%d (TT off)", fen, q);
            ck_assert_msg(search_score(pos, BA_ALG_ALPHABETA, depth, q, 1) == ref, "%s q%d (TT on)", fen, q);
        }
    }
    ba_pos_free(pos);
}
END_TEST

static void best_move(const char *fen, int depth, char *out, int *score)
{
    ba_pos *pos;
    ba_engine *eng;
    ba_error err;
    ba_search_result r;
    ck_assert_int_eq(ba_pos_new(ba_chess_game(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, fen, &err), BA_OK);
    ck_assert_int_eq(ba_engine_new(ba_chess_game(), &eng), BA_OK);
    ck_assert_int_eq(ba_engine_set(eng, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_search(eng, pos, &r), BA_OK);
    ck_assert_int_gt(ba_pos_move_text(pos, &r.best, out, 16), 0);
    *score = r.score;
    ba_engine_free(eng);
    ba_pos_free(pos);
}

START_TEST(search_finds_mate_and_material)
{
    char m[16];
    int score;
    /* mate in one: Ra8# (king h8 boxed by the king on g6) */
    best_move("7k/8/6K1/8/8/8/8/R7 w - - 0 1", 2, m, &score);
    ck_assert_str_eq(m, "a1a8");
    ck_assert_int_ge(score, BA_SCORE_WIN_MIN);
    /* win a hanging queen */
    best_move("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 2, m, &score);
    ck_assert_str_eq(m, "d2d5");
    /* back-rank mate at depth 3 */
    best_move("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 3, m, &score);
    ck_assert_str_eq(m, "d1d8");
    ck_assert_int_ge(score, BA_SCORE_WIN_MIN);
}
END_TEST

/* The selective-search hooks: a null move is the same position with the other side to move and
 * no en-passant right (hash recomputed from scratch agrees), it is refused in check and with
 * only king and pawns, and futility is off in check. */
START_TEST(selective_hooks)
{
    const ba_game *g = ba_chess_game();
    ck_assert(BA_GAME_HAS(g, make_null));
    ck_assert(BA_GAME_HAS(g, null_move_unsafe));
    ck_assert(BA_GAME_HAS(g, futility_margin));
    ck_assert(BA_GAME_HAS(g, move_noisy));
    /* noisy: captures, promotions, en passant, checks; quiet: the rest */
    static const struct { const char *fen, *move; int noisy; } moves[] = {
        {"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5", 1},
        {"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d3", 0},
        {"4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2e2", 1},
        {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", 1},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", 1},
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5e6", 0},
    };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        ba_pos *pos;
        ba_move m;
        ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
        ck_assert_int_eq(ba_pos_set_text(pos, moves[i].fen, NULL), BA_OK);
        ck_assert_int_eq(ba_pos_parse_move(pos, moves[i].move, &m, NULL), BA_OK);
        ck_assert_msg((g->move_noisy(g, ba_pos_state(pos), &m) != 0) == moves[i].noisy, "%s", moves[i].move);
        ba_pos_free(pos);
    }
    static const char *fens[] = {
        BA_CHESS_START_FEN,
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", /* en passant open */
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        chs_board b, n;
        ba_error err;
        ck_assert_int_eq(g->position_from_text(g, &b, fens[i], &err), BA_OK);
        n = b;
        ck_assert_int_eq(g->make_null(g, &n), BA_OK);
        ck_assert_int_eq(n.stm, b.stm ^ 1);
        ck_assert_int_eq(n.ep, CHS_NO_EP);
        ck_assert(n.hash == chs_compute_hash(&n));
        ck_assert(n.hash != b.hash);
        ck_assert_int_eq(memcmp(n.sq, b.sq, sizeof b.sq), 0);
        ck_assert_int_eq(n.castling, b.castling);
    }
    static const struct { const char *fen; int unsafe; } cases[] = {
        {BA_CHESS_START_FEN, 0},
        {"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", 1},    /* in check */
        {"4k3/4p3/8/8/8/8/4P3/4K2R b - - 0 1", 1}, /* black: king and pawns only */
        {"4k3/4p3/8/8/8/8/4P3/4K2R w - - 0 1", 0}, /* white has a rook */
        {"4k3/8/8/8/8/8/4PP2/4K3 w - - 0 1", 1},
        {"kbK5/pp6/1P6/R7/8/8/8/8 b - - 0 1", 1},  /* a lone minor piece: zugzwang */
        {"knK5/pp6/1P6/R7/8/8/8/8 b - - 0 1", 1},
        {"kbK5/pp6/1P6/R7/8/8/8/7r b - - 0 1", 0}, /* a rook as well */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chs_board b;
        ba_error err;
        ck_assert_int_eq(g->position_from_text(g, &b, cases[i].fen, &err), BA_OK);
        ck_assert_msg((g->null_move_unsafe(g, &b) != 0) == cases[i].unsafe, "%s", cases[i].fen);
        if (chs_in_check(&b))
            ck_assert_int_le(g->futility_margin(g, &b, 1), 0);
        else
            ck_assert_int_lt(g->futility_margin(g, &b, 1), g->futility_margin(g, &b, 2));
    }
}
END_TEST

/* Forced mates at their exact distance, with both presets, exact and selective: a mate in two
 * that starts with a quiet rook move into zugzwang (Ra6: bxa6 b7#, a bishop move Rxa7#), a
 * back-rank mate and the scholar's mate. The mate in two once escaped the selective search at
 * every depth: the defender's lone bishop let it try a null move in zugzwang, and the mating
 * b7# counted as a quiet move that futility pruning could skip. Hence null_move_unsafe() with a
 * lone minor piece and move_noisy() for checks. */
START_TEST(finds_mates)
{
    static const struct { const char *fen; const char *move; int plies; } mates[] = {
        {"kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "a1a6", 3},
        {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},
        {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1},
    };
    for (int e = 0; e < 2 * BA_CHESS_EVAL_COUNT; e++)
        for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
            const ba_game *g = ba_chess_game_eval(e / 2);
            const int selective = e % 2;
            ba_pos *pos;
            ba_engine *eng;
            ba_search_result r;
            char m[16];
            ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
            ck_assert_int_eq(ba_pos_set_text(pos, mates[i].fen, NULL), BA_OK);
            ck_assert_int_eq(ba_engine_new(g, &eng), BA_OK);
            ck_assert_int_eq(ba_engine_set(eng, BA_OPT_SELECTIVE, selective), BA_OK);
            /* exact: the mate's own length; selective: one ply more (late-move reductions) */
            ck_assert_int_eq(ba_engine_set(eng, BA_OPT_DEPTH, mates[i].plies + selective), BA_OK);
            ck_assert_int_eq(ba_engine_search(eng, pos, &r), BA_OK);
            ck_assert_int_gt(ba_pos_move_text(pos, &r.best, m, sizeof m), 0);
            ck_assert_msg(!strcmp(m, mates[i].move), "%s (%s, selective %d): %s", mates[i].fen,
                          ba_chess_eval_name(e / 2), selective, m);
            ck_assert_msg(r.score == BA_SCORE_WIN - mates[i].plies, "%s (%s, selective %d): %s scores %d",
                          mates[i].fen, ba_chess_eval_name(e / 2), selective, m, r.score);
            ck_assert_int_eq(ba_pos_play(pos, &r.best, NULL), BA_OK);
            ba_engine_free(eng);
            ba_pos_free(pos);
        }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_vtable");
    TCase *tc = tcase_create("vtable");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, conformance);
    tcase_add_test(tc, generic_perft_matches);
    tcase_add_test(tc, search_equivalence);
    tcase_add_test(tc, search_finds_mate_and_material);
    tcase_add_test(tc, selective_hooks);
    tcase_add_test(tc, finds_mates);
    suite_add_tcase(s, tc);
    return s;
}
