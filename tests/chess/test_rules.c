/* Chess rules through the game vtable, each from a concrete position, with negative cases:
 * castling conditions, en passant (including the pinned case), promotion, checkmate, stalemate,
 * the 50-move rule, threefold repetition, insufficient material, FEN in/out and its errors,
 * UCI and SAN notation, move encoding and MVV-LVA ordering keys. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "chess/chess_internal.h"

static const ba_game *G;

/* Fewer random games under AddressSanitizer (about 5x slower) or with BA_TEST_QUICK set. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif
#ifndef UNDER_SANITIZER
#define UNDER_SANITIZER 0
#endif

static void setup(void) { G = ba_chess_game(); }

static chs_board load(const char *fen)
{
    chs_board b;
    ba_error err;
    int rc = G->position_from_text(G, &b, fen, &err);
    ck_assert_msg(rc == BA_OK, "%s: %s", fen, err.message);
    return b;
}

static const ba_history no_history = {NULL, 0};

/* Is the move (UCI text) among the generated legal moves? */
static int has_move(const chs_board *b, const char *uci)
{
    ba_move moves[256];
    int n = G->generate(G, b, &no_history, moves, 256);
    ck_assert_int_ge(n, 0);
    for (int i = 0; i < n; i++) {
        char t[16];
        ck_assert_int_gt(G->move_to_text(G, b, &moves[i], t, sizeof t), 0);
        if (!strcmp(t, uci))
            return 1;
    }
    return 0;
}

static void play(chs_board *b, const char *text)
{
    ba_move m;
    ba_error err;
    int rc = G->move_from_text(G, b, &no_history, text, &m, &err);
    ck_assert_msg(rc == BA_OK, "%s: %s", text, err.message);
    ck_assert_int_eq(G->apply(G, b, &m), BA_OK);
}

static int parse_error(const chs_board *b, const char *text, char *msg)
{
    ba_move m;
    ba_error err;
    ba_error_clear(&err);
    int rc = G->move_from_text(G, b, &no_history, text, &m, &err);
    if (msg)
        strcpy(msg, err.message);
    return rc;
}

static void expect_fen(const chs_board *b, const char *fen)
{
    char buf[BA_POS_TEXT_MAX];
    ck_assert_int_gt(G->position_to_text(G, b, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, fen);
}

START_TEST(castling_conditions)
{
    chs_board b = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ck_assert(has_move(&b, "e1g1"));
    ck_assert(has_move(&b, "e1c1"));
    play(&b, "O-O");
    expect_fen(&b, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    play(&b, "O-O-O");
    expect_fen(&b, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");

    /* f1 attacked: no O-O, O-O-O still fine */
    b = load("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    ck_assert(!has_move(&b, "e1g1"));
    ck_assert(has_move(&b, "e1c1"));
    /* g1 attacked */
    b = load("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    ck_assert(!has_move(&b, "e1g1"));
    /* in check */
    b = load("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    b = load("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    ck_assert(!has_move(&b, "e1g1"));
    ck_assert(!has_move(&b, "e1c1"));
    /* b1 attacked does not matter for O-O-O (the king does not cross it); d1 does */
    b = load("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    ck_assert(has_move(&b, "e1c1"));
    b = load("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    ck_assert(!has_move(&b, "e1c1"));
    ck_assert(has_move(&b, "e1g1"));
    /* a piece between: b1 occupied blocks O-O-O */
    b = load("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    ck_assert(!has_move(&b, "e1c1"));
    ck_assert(has_move(&b, "e1g1"));
    /* no right */
    b = load("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
    ck_assert(!has_move(&b, "e1g1"));
    ck_assert(has_move(&b, "e1c1"));
    /* rights are lost by moving the king (even back), the rook, or losing the rook */
    b = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&b, "Ke2");
    play(&b, "Rb8");
    play(&b, "Ke1");
    expect_fen(&b, "1r2k2r/8/8/8/8/8/8/R3K2R b k - 3 2");
    ck_assert(has_move(&b, "e8g8"));
    b = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&b, "Rxa8+");
    expect_fen(&b, "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    char msg[BA_ERROR_MSG_MAX];
    b = load("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
    ck_assert_int_eq(parse_error(&b, "O-O", msg), BA_ERR_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(msg, "castling"));
}
END_TEST

START_TEST(en_passant)
{
    chs_board b = load("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    ck_assert(has_move(&b, "e5d6"));
    play(&b, "exd6");
    expect_fen(&b, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    /* only right after the double step */
    b = load("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&b, "d5");
    ck_assert(has_move(&b, "e5d6"));
    play(&b, "Kd1");
    play(&b, "Kd8");
    ck_assert(!has_move(&b, "e5d6"));
    /* the two pawns leave the rank together: illegal when that exposes the king */
    b = load("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1");
    ck_assert(!has_move(&b, "e5d6"));
    /* ...and the en-passant square is not kept when no capture is legal */
    expect_fen(&b, "8/8/8/K2pP2r/8/8/8/4k3 w - - 0 1");
    /* en passant removes a checking pawn */
    b = load("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    ck_assert(has_move(&b, "e4d3"));
}
END_TEST

START_TEST(promotion_to_any_piece)
{
    const char *pieces[4] = {"a7a8q", "a7a8r", "a7a8b", "a7a8n"};
    const char *fens[4] = {"Q7/8/8/8/8/8/8/k3K3 b - - 0 1", "R7/8/8/8/8/8/8/k3K3 b - - 0 1",
                           "B7/8/8/8/8/8/8/k3K3 b - - 0 1", "N7/8/8/8/8/8/8/k3K3 b - - 0 1"};
    for (int i = 0; i < 4; i++) {
        chs_board b = load("8/P7/8/8/8/8/8/k3K3 w - - 0 1");
        play(&b, pieces[i]);
        expect_fen(&b, fens[i]);
    }
    chs_board b = load("1n6/P7/8/8/8/8/8/k3K3 w - - 0 1");
    play(&b, "axb8=N");
    expect_fen(&b, "1N6/8/8/8/8/8/8/k3K3 b - - 0 1");
    char msg[BA_ERROR_MSG_MAX];
    b = load("8/P7/8/8/8/8/8/k3K3 w - - 0 1");
    ck_assert_int_eq(parse_error(&b, "a7a8", msg), BA_ERR_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(msg, "promotion"));
    ck_assert_int_eq(parse_error(&b, "a7a8k", msg), BA_ERR_PARSE);
    ck_assert_int_eq(parse_error(&b, "Ke2=Q", msg), BA_ERR_ILLEGAL);
}
END_TEST

START_TEST(checkmate_and_stalemate)
{
    chs_board b = load(BA_CHESS_START_FEN);
    play(&b, "f3");
    play(&b, "e5");
    play(&b, "g4");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_ONGOING);
    play(&b, "Qh4#");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_WIN1);
    ba_move moves[256];
    ck_assert_int_eq(G->generate(G, &b, &no_history, moves, 256), 0);
    b = load("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_DRAW);
    ck_assert_int_eq(G->generate(G, &b, &no_history, moves, 256), 0);
    /* in check but with a way out is not mate */
    b = load("7k/8/6K1/8/8/8/8/R7 b - - 0 1");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_ONGOING);
    b = load("R6k/8/6K1/8/8/8/8/8 b - - 0 1");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_WIN0);
}
END_TEST

START_TEST(fifty_move_rule)
{
    chs_board b = load("k7/8/8/8/8/8/4R3/4K3 w - - 99 80");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_ONGOING);
    play(&b, "Ra2");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_DRAW);
    ba_move moves[256];
    ck_assert_int_eq(G->generate(G, &b, &no_history, moves, 256), 0);
    /* a pawn move resets the clock */
    b = load("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80");
    play(&b, "e3");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_ONGOING);
    /* mate on the hundredth ply counts as mate */
    b = load("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&b, "Ra8#");
    ck_assert_int_eq(G->status(G, &b, &no_history), BA_RESULT_WIN0);
}
END_TEST

/* Plays @p moves from @p fen keeping the history of hashes; returns the final status. */
static int status_after(const char *fen, const char *const *moves, int count)
{
    uint64_t hashes[64];
    chs_board b = load(fen);
    for (int i = 0; i < count; i++) {
        ba_history h = {hashes, (size_t)i};
        ck_assert_int_eq(G->status(G, &b, &h), BA_RESULT_ONGOING);
        hashes[i] = G->hash(G, &b);
        ba_move m;
        ba_error err;
        ck_assert_int_eq(G->move_from_text(G, &b, &h, moves[i], &m, &err), BA_OK);
        ck_assert_int_eq(G->apply(G, &b, &m), BA_OK);
    }
    ba_history h = {hashes, (size_t)count};
    return G->status(G, &b, &h);
}

START_TEST(threefold_repetition)
{
    static const char *const knights[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
    ck_assert_int_eq(status_after(BA_CHESS_START_FEN, knights, 4), BA_RESULT_ONGOING); /* twice */
    ck_assert_int_eq(status_after(BA_CHESS_START_FEN, knights, 8), BA_RESULT_DRAW);    /* thrice */
    /* Same placement but different castling rights is a different position. */
    static const char *const rooks[] = {"Rb1", "Rb8", "Ra1", "Ra8", "Rb1", "Rb8", "Ra1", "Ra8",
                                        "Rb1", "Rb8", "Ra1", "Ra8"};
    const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    /* after 8 plies the placement of the start is there a third time, but the start still had
     * its castling rights: no draw yet */
    ck_assert_int_eq(status_after(fen, rooks, 8), BA_RESULT_ONGOING);
    /* the position after ply 2 (rooks on b1 and b8, rights Kk) comes a third time at ply 10 */
    ck_assert_int_eq(status_after(fen, rooks, 10), BA_RESULT_DRAW);
    /* the repetition window is the half-move clock: nothing before a capture or pawn move */
    chs_board b = load("4k3/8/8/8/8/8/4P3/4K3 w - - 37 80");
    ck_assert_uint_eq(G->repeat_window(G, &b), 37);
    play(&b, "e3");
    ck_assert_uint_eq(G->repeat_window(G, &b), 0);
    play(&b, "Kd7");
    ck_assert_uint_eq(G->repeat_window(G, &b), 1);
}
END_TEST

START_TEST(insufficient_material)
{
    static const struct { const char *fen; int result; } cases[] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", BA_RESULT_DRAW},
        {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", BA_RESULT_DRAW},
        {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", BA_RESULT_DRAW},
        {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", BA_RESULT_DRAW},      /* c1 and f8: both dark */
        {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", BA_RESULT_ONGOING},   /* c1 dark, f1 light */
        {"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", BA_RESULT_ONGOING},  /* c8 light, c1 dark */
        {"3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1", BA_RESULT_DRAW},      /* d8 and c1: both dark */
        {"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", BA_RESULT_ONGOING},
        {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", BA_RESULT_ONGOING},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", BA_RESULT_ONGOING},
        {"4k3/8/8/8/8/8/8/4KR2 w - - 0 1", BA_RESULT_ONGOING},
        {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", BA_RESULT_ONGOING},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        chs_board b = load(cases[i].fen);
        ck_assert_msg(G->status(G, &b, &no_history) == cases[i].result, "%s", cases[i].fen);
    }
}
END_TEST

START_TEST(fen_round_trip_and_errors)
{
    static const char *good[] = {
        BA_CHESS_START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        chs_board b = load(good[i]);
        expect_fen(&b, good[i]);
        ck_assert_uint_eq(b.hash, chs_compute_hash(&b));
    }
    /* missing clocks default to 0 1 */
    chs_board b = load("4k3/8/8/8/8/8/8/4K3 b -");
    expect_fen(&b, "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    static const char *bad[] = {
        "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", /* 7 ranks */
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", /* no pawn skipped there */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "4k3/8/8/8/8/8/8/4K1K1 w - - 0 1",  /* two white kings */
        "4k3/8/8/8/8/8/8/8 w - - 0 1",      /* no white king */
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",   /* pawn on the last rank */
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",    /* castling right without rook */
        "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",   /* K needs the h1 rook */
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",  /* black, not to move, in check */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ba_error err;
        ba_error_clear(&err);
        ck_assert_msg(G->position_from_text(G, &b, bad[i], &err) == BA_ERR_PARSE, "accepted: '%s'", bad[i]);
        ck_assert_msg(err.code == BA_ERR_PARSE && err.message[0], "no message for '%s'", bad[i]);
    }
    char small[10];
    b = load(BA_CHESS_START_FEN);
    ck_assert_int_eq(G->position_to_text(G, &b, small, sizeof small), BA_ERR_BUFFER);
}
END_TEST

static void expect_san(const char *fen, const char *uci, const char *san)
{
    chs_board b = load(fen);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(G->move_from_text(G, &b, &no_history, uci, &m, &err), BA_OK);
    char buf[32];
    ck_assert_int_gt(ba_chess_san(&b, &m, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, san);
    /* and the SAN reads back as the same move */
    ba_move back;
    ck_assert_int_eq(G->move_from_text(G, &b, &no_history, san, &back, &err), BA_OK);
    ck_assert(ba_move_equal(&m, &back));
}

START_TEST(san_notation)
{
    expect_san(BA_CHESS_START_FEN, "g1f3", "Nf3");
    expect_san(BA_CHESS_START_FEN, "e2e4", "e4");
    expect_san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3");
    expect_san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3");
    expect_san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2");
    expect_san("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2");
    expect_san("r3k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O");
    expect_san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6");
    expect_san("3k4/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "a8=Q+");
    expect_san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#");
    chs_board b = load(BA_CHESS_START_FEN);
    char msg[BA_ERROR_MSG_MAX];
    ck_assert_int_eq(parse_error(&b, "Nd2", msg), BA_ERR_ILLEGAL);
    ck_assert_int_eq(parse_error(&b, "e5", msg), BA_ERR_ILLEGAL);
    ck_assert_int_eq(parse_error(&b, "e2e5", msg), BA_ERR_ILLEGAL);
    ck_assert_int_eq(parse_error(&b, "e3e4", msg), BA_ERR_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(msg, "no piece"));
    ck_assert_int_eq(parse_error(&b, "e7e5", msg), BA_ERR_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(msg, "not white's"));
    ck_assert_int_eq(parse_error(&b, "hello", msg), BA_ERR_PARSE);
    ck_assert_int_eq(parse_error(&b, "", msg), BA_ERR_PARSE);
    ck_assert_int_eq(parse_error(&b, "e4 e5", msg), BA_ERR_PARSE);
    /* ambiguity must be resolved */
    b = load("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    ck_assert_int_eq(parse_error(&b, "Nd2", msg), BA_ERR_ILLEGAL);
    ck_assert_ptr_nonnull(strstr(msg, "ambiguous"));
}
END_TEST

/* Every legal move of many positions: SAN and UCI both read back as the same move. */
START_TEST(notation_round_trip)
{
    uint64_t seed = 99;
    int games = (UNDER_SANITIZER || getenv("BA_TEST_QUICK")) ? 5 : 20;
    for (int game = 0; game < games; game++) {
        chs_board b = load(BA_CHESS_START_FEN);
        for (int ply = 0; ply < 80; ply++) {
            ba_move moves[256];
            int n = G->generate(G, &b, &no_history, moves, 256);
            if (n <= 0)
                break;
            for (int i = 0; i < n; i++) {
                char san[32], uci[16];
                ba_move back;
                ba_error err;
                ck_assert_int_gt(ba_chess_san(&b, &moves[i], san, sizeof san), 0);
                ck_assert_int_eq(G->move_from_text(G, &b, &no_history, san, &back, &err), BA_OK);
                ck_assert_msg(ba_move_equal(&back, &moves[i]), "SAN %s", san);
                ck_assert_int_gt(G->move_to_text(G, &b, &moves[i], uci, sizeof uci), 0);
                ck_assert_int_eq(G->move_from_text(G, &b, &no_history, uci, &back, &err), BA_OK);
                ck_assert_msg(ba_move_equal(&back, &moves[i]), "UCI %s", uci);
                /* canonical encoding: three bytes, the rest zero */
                ck_assert_int_eq(moves[i].len, 3);
                for (int k = 3; k < BA_MOVE_MAX_BYTES; k++)
                    ck_assert_int_eq(moves[i].bytes[k], 0);
            }
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            ck_assert_int_eq(G->apply(G, &b, &moves[(seed >> 33) % (uint64_t)n]), BA_OK);
        }
    }
}
END_TEST

static int key_of(const char *fen, const char *uci)
{
    chs_board b = load(fen);
    ba_move m;
    ba_error err;
    ck_assert_int_eq(G->move_from_text(G, &b, &no_history, uci, &m, &err), BA_OK);
    return G->order_key(G, &b, &m);
}

START_TEST(mvv_lva_order_keys)
{
    /* Black queen e5 and rook c5; white pawn d4, knights f3 and b3, queen c1. */
    const char *fen = "4k3/8/8/2r1q3/3P4/1N3N2/8/2Q4K w - - 0 1";
    int pxq = key_of(fen, "d4e5"), nxq = key_of(fen, "f3e5"), pxr = key_of(fen, "d4c5");
    int nxr = key_of(fen, "b3c5"), qxr = key_of(fen, "c1c5"), quiet = key_of(fen, "f3g5");
    ck_assert_int_gt(pxq, nxq); /* same victim: least valuable attacker first */
    ck_assert_int_gt(nxq, pxr); /* most valuable victim before a cheaper attacker */
    ck_assert_int_gt(pxr, nxr);
    ck_assert_int_gt(nxr, qxr);
    ck_assert_int_gt(qxr, quiet);
    ck_assert_int_eq(quiet, 0);
    ck_assert_int_gt(key_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 0); /* promotion */
    ck_assert_int_gt(key_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), 0); /* en passant */
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_rules");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, castling_conditions);
    tcase_add_test(tc, en_passant);
    tcase_add_test(tc, promotion_to_any_piece);
    tcase_add_test(tc, checkmate_and_stalemate);
    tcase_add_test(tc, fifty_move_rule);
    tcase_add_test(tc, threefold_repetition);
    tcase_add_test(tc, insufficient_material);
    tcase_add_test(tc, fen_round_trip_and_errors);
    tcase_add_test(tc, san_notation);
    tcase_add_test(tc, notation_round_trip);
    tcase_add_test(tc, mvv_lva_order_keys);
    suite_add_tcase(s, tc);
    return s;
}
