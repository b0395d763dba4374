/* Chess move generation: perft against the shared test vectors and against stockfish's counts
 * for random positions (perft_random.txt), and move-by-move against an independent slow
 * reference generator (ref_movegen.h).
 *
 * Depth cap: the shared vectors are checked to depth 5 in a normal build. Under AddressSanitizer
 * (detected at compile time) or with the environment variable BA_TEST_QUICK set, the cap is 4,
 * so the sanitizer run stays short; deeper counts are in the benchmark. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "test_util.h"
#include "chess/chess_internal.h"
#include "ref_movegen.h"

#if defined(__SANITIZE_ADDRESS__)
#define BA_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BA_UNDER_SANITIZER 1
#endif
#endif
#ifndef BA_UNDER_SANITIZER
#define BA_UNDER_SANITIZER 0
#endif

static int max_depth(void)
{
    return (BA_UNDER_SANITIZER || getenv("BA_TEST_QUICK")) ? 4 : 5;
}

/* The published perft table (docs/chess.md; the Chess Programming Wiki's perft results). */
static const struct {
    const char *fen;
    int depths;
    uint64_t nodes[6];
} shared_vectors[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6,
     {20, 400, 8902, 197281, 4865609, 119060324}},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
     {48, 2039, 97862, 4085603, 193690690}},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, {14, 191, 2812, 43238, 674624, 11030083}},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5,
     {6, 264, 9467, 422333, 15833292}},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, {44, 1486, 62379, 2103487, 89941194}},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5,
     {46, 2079, 89890, 3894594, 164075551}},
};
#define N_SHARED (sizeof shared_vectors / sizeof shared_vectors[0])

START_TEST(shared_vectors_fast_perft)
{
    const int i = _i;
    chs_board b;
    ba_error err;
    ck_assert_int_eq(chs_from_fen(&b, shared_vectors[i].fen, &err), BA_OK);
    for (int d = 1; d <= shared_vectors[i].depths && d <= max_depth(); d++) {
        uint64_t n = chs_perft(&b, d);
        ck_assert_msg(n == shared_vectors[i].nodes[d - 1], "%s depth %d: %llu, expected %llu",
                      shared_vectors[i].fen, d, (unsigned long long)n,
                      (unsigned long long)shared_vectors[i].nodes[d - 1]);
    }
    /* The public entry point gives the same. */
    uint64_t n;
    ck_assert_int_eq(ba_chess_perft(shared_vectors[i].fen, 3, &n, &err), BA_OK);
    ck_assert_uint_eq(n, shared_vectors[i].nodes[2]);
}
END_TEST

/* The same counts from the independent reference generator (to depth 3: it is slow). */
START_TEST(shared_vectors_reference_perft)
{
    const int i = _i;
    ref_pos p;
    ck_assert_int_eq(ref_from_fen(&p, shared_vectors[i].fen), 0);
    int depth = BA_UNDER_SANITIZER ? 2 : 3;
    for (int d = 1; d <= depth; d++)
        ck_assert_uint_eq(ref_perft(&p, d), shared_vectors[i].nodes[d - 1]);
}
END_TEST

/* Reads perft_random.txt: FEN;depth;nodes lines. Returns the number of entries read. */
typedef struct vector_line {
    char fen[128];
    int depth;
    uint64_t nodes;
} vector_line;

static int read_random_vectors(vector_line *out, int cap)
{
    FILE *f = bt_open_beside(__FILE__, "perft_random.txt");
    if (!f)
        return -1;
    char line[512];
    int n = 0;
    while (n < cap && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *a = strchr(line, ';');
        char *b2 = a ? strchr(a + 1, ';') : NULL;
        if (!a || !b2 || (size_t)(a - line) >= sizeof out[n].fen)
            continue;
        memcpy(out[n].fen, line, (size_t)(a - line));
        out[n].fen[a - line] = '\0';
        out[n].depth = atoi(a + 1);
        out[n].nodes = strtoull(b2 + 1, NULL, 10);
        n++;
    }
    fclose(f);
    return n;
}

START_TEST(random_positions_match_stockfish)
{
    static vector_line v[200];
    int n = read_random_vectors(v, 200);
    ck_assert_msg(n >= 50, "perft_random.txt: %d vectors read, expected at least 50", n);
    for (int i = 0; i < n; i++) {
        chs_board b;
        ba_error err;
        ck_assert_msg(chs_from_fen(&b, v[i].fen, &err) == BA_OK, "%s: %s", v[i].fen, err.message);
        uint64_t got = chs_perft(&b, v[i].depth);
        ck_assert_msg(got == v[i].nodes, "%s depth %d: %llu, stockfish %llu", v[i].fen, v[i].depth,
                      (unsigned long long)got, (unsigned long long)v[i].nodes);
    }
}
END_TEST

/* Compares the move list of the library with the reference's, as sorted UCI strings. */
static int cmp_str(const void *a, const void *b) { return strcmp(a, b); }

static void compare_moves(const chs_board *b, const ref_pos *p, const char *where)
{
    char mine[256][8], ref[256][8];
    chs_move list[CHS_MAX_MOVES];
    ref_move rl[256];
    int n = chs_generate(b, list, CHS_GEN_ALL);
    int rn = ref_generate(p, rl);
    char fen[128];
    chs_to_fen(b, fen, sizeof fen);
    ck_assert_msg(n == rn, "%s (%s): %d moves, reference %d", fen, where, n, rn);
    for (int i = 0; i < n; i++) {
        chs_move_to_uci(list[i], mine[i], sizeof mine[i]);
        ref_move_text(&rl[i], ref[i]);
    }
    qsort(mine, (size_t)n, sizeof mine[0], cmp_str);
    qsort(ref, (size_t)n, sizeof ref[0], cmp_str);
    for (int i = 0; i < n; i++)
        ck_assert_msg(!strcmp(mine[i], ref[i]), "%s: move %s vs reference %s", fen, mine[i], ref[i]);
    ck_assert_int_eq(chs_count_legal(b), n);
    /* The noisy moves are exactly the captures and promotions (or every evasion in check). */
    int noisy = chs_generate(b, list, CHS_GEN_NOISY);
    int expect = 0;
    int in_check = chs_in_check(b);
    for (int i = 0; i < rn; i++) {
        int capture = p->sq[rl[i].tr][rl[i].tf] != '.' ||
                      (tolower(p->sq[rl[i].fr][rl[i].ff]) == 'p' && rl[i].ff != rl[i].tf);
        if (in_check || capture || rl[i].promo)
            expect++;
    }
    ck_assert_msg(noisy == expect, "%s: %d noisy moves, expected %d", fen, noisy, expect);
}

/* Random games from every test position, checking each move list and the board after each
 * move against the reference. */
START_TEST(random_walks_match_reference)
{
    static vector_line v[200];
    int nv = read_random_vectors(v, 200);
    ck_assert_int_ge(nv, 1);
    uint64_t seed = 12345;
    int positions = 0;
    int starts = nv + (int)N_SHARED;
    int walks = BA_UNDER_SANITIZER ? 2 : 8;
    for (int s = 0; s < starts; s++) {
        const char *fen = s < (int)N_SHARED ? shared_vectors[s].fen : v[s - (int)N_SHARED].fen;
        for (int w = 0; w < walks; w++) {
            chs_board b;
            ref_pos p;
            ba_error err;
            ck_assert_int_eq(chs_from_fen(&b, fen, &err), BA_OK);
            ck_assert_int_eq(ref_from_fen(&p, fen), 0);
            for (int ply = 0; ply < 60; ply++) {
                compare_moves(&b, &p, fen);
                positions++;
                chs_move list[CHS_MAX_MOVES];
                int n = chs_generate(&b, list, CHS_GEN_ALL);
                if (n == 0)
                    break;
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                chs_move m = list[(seed >> 33) % (uint64_t)n];
                ref_move rm = {CHS_FROM(m) >> 3, CHS_FROM(m) & 7, CHS_TO(m) >> 3, CHS_TO(m) & 7,
                               CHS_PROMO(m) ? "?nbrq"[CHS_PROMO(m)] : 0};
                chs_make(&b, m);
                ref_make(&p, &rm);
                for (int sq = 0; sq < 64; sq++) {
                    uint8_t code = b.sq[sq];
                    char c = code ? "PNBRQK"[CHS_TYPE(code)] : '.';
                    if (code && CHS_COLOR(code))
                        c = (char)tolower(c);
                    ck_assert_msg(c == p.sq[sq >> 3][sq & 7], "board differs at square %d", sq);
                }
                ck_assert_uint_eq(b.hash, chs_compute_hash(&b));
            }
        }
    }
    ck_assert_int_ge(positions, 1000);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("chess_perft");
    TCase *tc = tcase_create("perft");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, shared_vectors_fast_perft, 0, (int)N_SHARED);
    tcase_add_loop_test(tc, shared_vectors_reference_perft, 0, (int)N_SHARED);
    tcase_add_test(tc, random_positions_match_stockfish);
    tcase_add_test(tc, random_walks_match_reference);
    suite_add_tcase(s, tc);
    return s;
}
