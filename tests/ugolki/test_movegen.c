/* The bitboard move generator against a slow, obviously correct reference written here: a
 * character board, a depth-first search over leap landings that really moves the piece, on
 * random positions and on positions reached by random games, for every variant. */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "ugolki_test_util.h"

/* Check records every passing ck_assert through a pipe; in the hot loops below a plain test
 * that only calls Check on failure keeps the suite fast (also under the sanitizers). */
#define REQUIRE(cond, ...)                \
    do {                                  \
        if (!(cond))                      \
            ck_abort_msg(__VA_ARGS__);    \
    } while (0)

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    /* xorshift64*: the test's own generator (fixed seed, so failures repeat). */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}

static int rng_below(int n) { return (int)(rng_next() % (uint64_t)n); }

/* ---- the reference ---- */

typedef struct ref_board {
    char sq[8][8]; /* [file][rank]: '.', 'w' or 'b' */
} ref_board;

static const int DF[8] = {0, 1, 0, -1, 1, -1, 1, -1};
static const int DR[8] = {1, 0, -1, 0, 1, 1, -1, -1};

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

/* Every square the piece now standing at (f, r) can reach by further leaps (depth first;
 * `seen` stops it going round in circles). */
static void ref_leaps(ref_board *b, int f, int r, int dirs, int seen[8][8])
{
    for (int d = 0; d < dirs; d++) {
        int of = f + DF[d], orr = r + DR[d], lf = f + 2 * DF[d], lr = r + 2 * DR[d];
        if (!on_board(lf, lr) || b->sq[of][orr] == '.' || b->sq[lf][lr] != '.' || seen[lf][lr])
            continue;
        seen[lf][lr] = 1;
        /* Really move the piece for the next leap. */
        char me = b->sq[f][r];
        b->sq[f][r] = '.';
        b->sq[lf][lr] = me;
        ref_leaps(b, lf, lr, dirs, seen);
        b->sq[lf][lr] = '.';
        b->sq[f][r] = me;
    }
}

/* All (from, to) pairs of @p side as a 64x64 table; returns the count. */
static int ref_moves(const ref_board *board, int side, int dirs, unsigned char out[64][64])
{
    ref_board b = *board;
    char me = side == 0 ? 'w' : 'b';
    int count = 0;
    memset(out, 0, 64 * 64);
    for (int f = 0; f < 8; f++) {
        for (int r = 0; r < 8; r++) {
            if (b.sq[f][r] != me)
                continue;
            int from = r * 8 + f;
            for (int d = 0; d < dirs; d++) {
                int tf = f + DF[d], tr = r + DR[d];
                if (on_board(tf, tr) && b.sq[tf][tr] == '.' && !out[from][tr * 8 + tf]) {
                    out[from][tr * 8 + tf] = 1;
                    count++;
                }
            }
            int seen[8][8];
            memset(seen, 0, sizeof seen);
            ref_leaps(&b, f, r, dirs, seen);
            for (int lf = 0; lf < 8; lf++)
                for (int lr = 0; lr < 8; lr++)
                    if (seen[lf][lr] && !(lf == f && lr == r) && !out[from][lr * 8 + lf]) {
                        out[from][lr * 8 + lf] = 1;
                        count++;
                    }
        }
    }
    return count;
}

/* The fewest leaps from -> to (breadth first on the reference board, piece lifted), or -1. */
static int ref_leap_distance(const ref_board *board, int from, int to, int dirs)
{
    ref_board b = *board;
    int dist[64];
    int queue[64], head = 0, tail = 0;
    for (int i = 0; i < 64; i++)
        dist[i] = -1;
    b.sq[from % 8][from / 8] = '.';
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int sq = queue[head++], f = sq % 8, r = sq / 8;
        for (int d = 0; d < dirs; d++) {
            int of = f + DF[d], orr = r + DR[d], lf = f + 2 * DF[d], lr = r + 2 * DR[d];
            if (!on_board(lf, lr) || b.sq[of][orr] == '.' || b.sq[lf][lr] != '.' ||
                dist[lr * 8 + lf] >= 0)
                continue;
            dist[lr * 8 + lf] = dist[sq] + 1;
            queue[tail++] = lr * 8 + lf;
        }
    }
    return dist[to];
}

static ref_board to_ref(const ug_state *s)
{
    ref_board b;
    for (int sq = 0; sq < 64; sq++)
        b.sq[sq % 8][sq / 8] = (s->occ[0] >> sq & 1) ? 'w' : (s->occ[1] >> sq & 1) ? 'b' : '.';
    return b;
}

/* ---- the comparison ---- */

static unsigned char expected[64][64];

/* The printed chain of @p m is a shortest one and reads back as the same move. */
static void check_notation(const ba_game *g, const ug_state *s, const ref_board *rb,
                           const ba_move *m)
{
    int from = m->bytes[0], to = m->bytes[1];
    ut_text t = ut_move_text(g, s, m);
    int hops = 0;
    for (const char *c = t.s; *c; c++)
        hops += *c == '-';
    int df = abs(to % 8 - from % 8), dr = abs(to / 8 - from / 8);
    if (df <= 1 && dr <= 1)
        REQUIRE(hops == 1, "%s: a step printed with %d hops", t.s, hops);
    else
        REQUIRE(hops == ref_leap_distance(rb, from, to, ug_params_of(g)->directions),
                "%s is not a shortest chain", t.s);
    ba_move back;
    ba_error err;
    ba_history none = {NULL, 0};
    REQUIRE(g->move_from_text(g, s, &none, t.s, &back, &err) == BA_OK, "%s: %s", t.s,
            err.message);
    REQUIRE(memcmp(&back, m, sizeof back) == 0, "%s reads back as another move", t.s);
}

/* @p notation: also round-trip every move through its text (the slow part, so only on some
 * positions). */
static void check_position(const ba_game *g, const ug_state *s, int notation)
{
    if (ut_status(g, s) != BA_RESULT_ONGOING)
        return;
    const ug_params *p = ug_params_of(g);
    int side = (int)(s->ply & 1u);
    ref_board rb = to_ref(s);
    int n_ref = ref_moves(&rb, side, p->directions, expected);
    ba_move list[UT_MAX_MOVES];
    int n = ut_moves(g, s, list);
    REQUIRE((size_t)n <= g->max_moves, "%d moves, more than max_moves", n);
    REQUIRE(ug_has_move(p, s, side) == (n_ref > 0), "has_move of the side to move is wrong");
    /* The other side too (the pass rule reads it). */
    unsigned char other[64][64];
    REQUIRE(ug_has_move(p, s, 1 - side) == (ref_moves(&rb, 1 - side, p->directions, other) > 0),
            "has_move of the side not to move is wrong");
    if (n_ref == 0) {
        REQUIRE(n == 1 && list[0].len == 0 && list[0].tag == UG_TAG_PASS,
                "without moves the only move must be a pass");
        return;
    }
    REQUIRE(n == n_ref, "%d moves generated, the reference finds %d", n, n_ref);
    unsigned char got[64][64];
    memset(got, 0, sizeof got);
    for (int i = 0; i < n; i++) {
        REQUIRE(list[i].len == 2, "move %d has length %d", i, list[i].len);
        int from = list[i].bytes[0], to = list[i].bytes[1];
        REQUIRE(from != to, "move %d ends where it began (%d)", i, from);
        REQUIRE(!got[from][to], "move %d-%d generated twice", from, to);
        REQUIRE(expected[from][to], "move %d-%d is not a move for the reference", from, to);
        got[from][to] = 1;
        for (int k = 2; k < BA_MOVE_MAX_BYTES; k++)
            REQUIRE(list[i].bytes[k] == 0, "move %d-%d: byte %d is not zero", from, to, k);

        if (notation)
            check_notation(g, s, &rb, &list[i]);

        /* Applying it moves exactly that piece and keeps the hash in step. */
        ug_state after = *s;
        REQUIRE(g->apply(g, &after, &list[i]) == BA_OK, "apply %d-%d failed", from, to);
        REQUIRE(after.occ[side] == ((s->occ[side] & ~(1ull << from)) | (1ull << to)) &&
                    after.occ[1 - side] == s->occ[1 - side],
                "apply %d-%d moved the wrong pieces", from, to);
        ug_state fresh = after;
        ug_state_set_board(&fresh, after.occ[0], after.occ[1]);
        REQUIRE(fresh.board_hash == after.board_hash, "incremental hash differs after %d-%d",
                from, to);
    }
}

static ug_state random_position(const ba_game *g)
{
    const ug_params *p = ug_params_of(g);
    int order[64];
    for (int i = 0; i < 64; i++)
        order[i] = i;
    for (int i = 63; i > 0; i--) {
        int j = rng_below(i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    uint64_t occ[2] = {0, 0};
    for (int i = 0; i < 2 * p->opt.pieces; i++)
        occ[i % 2] |= 1ull << order[i];
    ug_state s;
    memset(&s, 0, sizeof s);
    ug_state_set_board(&s, occ[0], occ[1]);
    s.ply = (uint32_t)rng_below(2); /* early plies: no anti-blocking loss yet */
    return s;
}

static void run_variant(int pieces, int diagonal)
{
    ba_ugolki_options o = ba_ugolki_options_default();
    o.pieces = pieces;
    o.diagonal = diagonal;
    const ba_game *g = ut_variant(&o);
    rng_state = 0x9e3779b97f4a7c15ull ^ (uint64_t)(pieces * 2 + diagonal);

    /* Scattered random positions. */
    for (int i = 0; i < 400; i++) {
        ug_state s = random_position(g);
        check_position(g, &s, 1);
    }
    /* Positions of random games from the start: crowded corners, long chains. */
    for (int game = 0; game < 16; game++) {
        ug_state s;
        g->init(g, &s);
        for (int ply = 0; ply < 120 && ut_status(g, &s) == BA_RESULT_ONGOING; ply++) {
            check_position(g, &s, ply % 2 == 0);
            ba_move list[UT_MAX_MOVES];
            int n = ut_moves(g, &s, list);
            ck_assert_int_eq(g->apply(g, &s, &list[rng_below(n)]), BA_OK);
        }
    }
    ut_free_game(g);
}

START_TEST(test_against_reference_9) { run_variant(9, 0); }
END_TEST
START_TEST(test_against_reference_12) { run_variant(12, 0); }
END_TEST
START_TEST(test_against_reference_16) { run_variant(16, 0); }
END_TEST
START_TEST(test_against_reference_9_diagonal) { run_variant(9, 1); }
END_TEST
START_TEST(test_against_reference_16_diagonal) { run_variant(16, 1); }
END_TEST

START_TEST(test_buffer_too_small)
{
    const ba_game *g = ba_ugolki_game();
    ug_state s;
    g->init(g, &s);
    ba_move list[4];
    ba_history none = {NULL, 0};
    ck_assert_int_eq(g->generate(g, &s, &none, list, 4), BA_ERR_BUFFER);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("ugolki_movegen");
    TCase *tc = tcase_create("movegen");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_against_reference_9);
    tcase_add_test(tc, test_against_reference_12);
    tcase_add_test(tc, test_against_reference_16);
    tcase_add_test(tc, test_against_reference_9_diagonal);
    tcase_add_test(tc, test_against_reference_16_diagonal);
    tcase_add_test(tc, test_buffer_too_small);
    suite_add_tcase(s, tc);
    return s;
}
