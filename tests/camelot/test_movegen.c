/*
 * Camelot move generation cross-checked against a deliberately simple reference generator
 * written here from the rules text: a 16 x 12 grid (no square numbering, no tables), plain
 * recursive enumeration of every canter route and every jump chain, moves kept as identities
 * (start, end, captured set) in a list with linear de-duplication. The library's moves are
 * turned into identities by replaying their paths on the grid, and the two sets must be equal
 * on thousands of positions reached by random play, both from the start and from random
 * scattered positions (which reach the castle rules far more often).
 *
 * Also: perft from the start through ba_perft (100 and 10,026 from the rules file; perft(3)
 * recomputed by the reference generator), hashes, position text and move text round trips,
 * the noisy-move set, buffer errors, the move-length bound, and the conformance harness.
 */
#include <check.h>
#include <inttypes.h>

#include "boardai/engine.h"
#include "boardai/position.h"
#include "check_main.h"
#include "conformance.h"
#include "camelot/apply.h"
#include "camelot/canter.h"
#include "camelot/movegen.h"
#include "test_rules_util.h"

/* Check writes a record for every passing ck_assert (a system call each); the hot loops below
 * check millions of facts, so they only call into Check when something fails. */
#define CHECK(cond, ...)                           \
    do {                                           \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);    \
    } while (0)

/* ---------------- the reference ---------------- */

enum { R_OFF = -1, R_EMPTY = 0 };
/* pieces: 1 white man, 2 white knight, 3 black man, 4 black knight */
static int r_side(int p) { return p >= 3; }
static int r_knight(int p) { return p == 2 || p == 4; }

typedef struct grid {
    int c[16][12]; /* [rank][file] */
} grid;

typedef struct ref_pos {
    grid cell;
    int side;
    int castle_used[2];
    int leave_f[2], leave_r[2]; /* must-leave square per side, -1 for none */
    int castle_limit, knight_rule;
} ref_pos;

typedef struct ref_move {
    int ff, fr, tf, tr;
    uint64_t cap[3]; /* bit r*12+f */
    int ncap;
} ref_move;

#define REF_MAX 4096
typedef struct ref_list {
    ref_move m[REF_MAX];
    int n;
} ref_list;

static int r_on(int f, int r)
{
    if (r < 0 || r > 15 || f < 0 || f > 11) return 0;
    if (r == 0 || r == 15) return f == 5 || f == 6;
    if (r == 1 || r == 14) return f >= 2 && f <= 9;
    if (r == 2 || r == 13) return f >= 1 && f <= 10;
    return 1;
}
static int r_own_castle(int r, int side) { return side == 0 ? r == 0 : r == 15; }
static int r_opp_castle(int r, int side) { return side == 0 ? r == 15 : r == 0; }
static const int DF[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DR[8] = {1, 1, 0, -1, -1, -1, 0, 1};

static int r_get(const grid *cell, int f, int r) { return r_on(f, r) ? cell->c[r][f] : R_OFF; }

static void r_add(ref_list *l, int ff, int fr, int tf, int tr, const uint64_t cap[3], int ncap)
{
    for (int i = 0; i < l->n; i++) {
        ref_move *m = &l->m[i];
        if (m->ff == ff && m->fr == fr && m->tf == tf && m->tr == tr && m->cap[0] == cap[0] && m->cap[1] == cap[1] &&
            m->cap[2] == cap[2])
            return;
    }
    CHECK(l->n < REF_MAX, "reference list full");
    ref_move *m = &l->m[l->n++];
    m->ff = ff, m->fr = fr, m->tf = tf, m->tr = tr, m->ncap = ncap;
    memcpy(m->cap, cap, sizeof m->cap);
}

/* Can a piece of `side` on (f, r) jump on this grid? */
static int r_can_jump(const grid *cell, int side, int f, int r)
{
    if (r_opp_castle(r, side)) return 0;
    for (int d = 0; d < 8; d++) {
        int e = r_get(cell, f + DF[d], r + DR[d]);
        if (e > 0 && r_side(e) != side && r_get(cell, f + 2 * DF[d], r + 2 * DR[d]) == R_EMPTY) return 1;
    }
    return 0;
}

/* Every jump chain from (f, r) (the piece already lifted off `cell`). */
static void r_chains(grid *cell, int side, int sf, int sr, int f, int r, uint64_t cap[3], int ncap, ref_list *out)
{
    int any = 0;
    if (!r_opp_castle(r, side)) {
        for (int d = 0; d < 8; d++) {
            int mf = f + DF[d], mr = r + DR[d], lf = f + 2 * DF[d], lr = r + 2 * DR[d];
            int e = r_get(cell, mf, mr);
            if (e <= 0 || r_side(e) == side || r_get(cell, lf, lr) != R_EMPTY) continue;
            any = 1;
            int bit = mr * 12 + mf;
            cell->c[mr][mf] = R_EMPTY;
            cap[bit / 64] |= (uint64_t)1 << (bit % 64);
            r_chains(cell, side, sf, sr, lf, lr, cap, ncap + 1, out);
            cap[bit / 64] &= ~((uint64_t)1 << (bit % 64));
            cell->c[mr][mf] = e;
        }
    }
    if (!any && ncap > 0) r_add(out, sf, sr, f, r, cap, ncap);
}

/* Squares reachable by canters from (f, r) (piece lifted), optionally never landing where a
 * jump would be possible (the knight rule). */
static void r_canter(const grid *cell, int side, int f, int r, int restrict_threat, int seen[16][12])
{
    for (int d = 0; d < 8; d++) {
        int mf = f + DF[d], mr = r + DR[d], lf = f + 2 * DF[d], lr = r + 2 * DR[d];
        int e = r_get(cell, mf, mr);
        if (e <= 0 || r_side(e) != side) continue;
        if (r_get(cell, lf, lr) != R_EMPTY || seen[lr][lf]) continue;
        if (r_own_castle(lr, side)) continue;
        if (restrict_threat && r_can_jump(cell, side, lf, lr)) continue;
        seen[lr][lf] = 1;
        if (!r_opp_castle(lr, side)) r_canter(cell, side, lf, lr, restrict_threat, seen);
    }
}

/* All moves of the piece on (f, r) by the piece rules (not the turn rules). */
static void r_piece_moves(const ref_pos *p, int f, int r, ref_list *out)
{
    int side = p->side;
    int piece = p->cell.c[r][f];
    uint64_t none[3] = {0, 0, 0};
    if (r_opp_castle(r, side)) {
        int of = f == 5 ? 6 : 5;
        if (p->castle_used[side] < p->castle_limit && p->cell.c[r][of] == R_EMPTY) r_add(out, f, r, of, r, none, 0);
        return;
    }
    grid cell = p->cell;
    cell.c[r][f] = R_EMPTY;
    for (int d = 0; d < 8; d++) {
        int tf = f + DF[d], tr = r + DR[d];
        if (r_get(&cell, tf, tr) == R_EMPTY && !r_own_castle(tr, side)) r_add(out, f, r, tf, tr, none, 0);
    }
    int seen[16][12];
    memset(seen, 0, sizeof seen);
    seen[r][f] = 1;
    r_canter(&cell, side, f, r, r_knight(piece) && p->knight_rule, seen);
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 12; x++)
            if (seen[y][x] && !(x == f && y == r)) r_add(out, f, r, x, y, none, 0);
    uint64_t cap[3] = {0, 0, 0};
    r_chains(&cell, side, f, r, f, r, cap, 0, out);
    if (r_knight(piece)) {
        memset(seen, 0, sizeof seen);
        seen[r][f] = 1;
        r_canter(&cell, side, f, r, 0, seen);
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 12; x++)
                if (seen[y][x] && !(x == f && y == r) && !r_opp_castle(y, side)) r_chains(&cell, side, f, r, x, y, cap, 0, out);
    }
}

static void r_generate(const ref_pos *p, ref_list *out)
{
    int side = p->side;
    out->n = 0;
    int lf = p->leave_f[side], lr = p->leave_r[side];
    if (lf >= 0 && p->cell.c[lr][lf] > 0 && r_side(p->cell.c[lr][lf]) == side) {
        /* The piece must leave its own castle: by its jump chains if it has any, else by any
         * of its moves; with none the obligation lapses. */
        if (r_can_jump(&p->cell, side, lf, lr)) {
            grid cell = p->cell;
            cell.c[lr][lf] = R_EMPTY;
            uint64_t cap[3] = {0, 0, 0};
            r_chains(&cell, side, lf, lr, lf, lr, cap, 0, out);
        } else {
            r_piece_moves(p, lf, lr, out);
        }
        if (out->n > 0) return;
    }
    int compulsory = 0;
    for (int r = 0; r < 16; r++)
        for (int f = 0; f < 12; f++)
            if (r_get(&p->cell, f, r) > 0 && r_side(p->cell.c[r][f]) == side && r_can_jump(&p->cell, side, f, r)) compulsory = 1;
    for (int r = 0; r < 16; r++)
        for (int f = 0; f < 12; f++)
            if (r_get(&p->cell, f, r) > 0 && r_side(p->cell.c[r][f]) == side) r_piece_moves(p, f, r, out);
    if (compulsory) {
        int k = 0;
        for (int i = 0; i < out->n; i++)
            if (out->m[i].ncap > 0) out->m[k++] = out->m[i];
        out->n = k;
    }
}

static void r_from_state(const ba_game *g, const cam_state *s, ref_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int r = 0; r < 16; r++)
        for (int f = 0; f < 12; f++) {
            if (!r_on(f, r)) {
                p->cell.c[r][f] = R_OFF;
                continue;
            }
            uint8_t b = s->board[cam_square_at(f, r)];
            p->cell.c[r][f] = b == CAM_WHITE_MAN ? 1 : b == CAM_WHITE_KNIGHT ? 2 : b == CAM_BLACK_MAN ? 3 : b == CAM_BLACK_KNIGHT ? 4 : 0;
        }
    p->side = s->side_to_move;
    p->castle_used[0] = s->castle_moves[0];
    p->castle_used[1] = s->castle_moves[1];
    for (int side = 0; side < 2; side++) {
        p->leave_f[side] = p->leave_r[side] = -1;
        if (s->must_leave[side] != CAM_NO_SQUARE) {
            p->leave_f[side] = cam_sq_file[s->must_leave[side]];
            p->leave_r[side] = cam_sq_rank[s->must_leave[side]];
        }
    }
    ba_camelot_options o;
    CHECK(ba_camelot_get_options(g, &o) == BA_OK, "options");
    p->castle_limit = o.castle_moves_per_player;
    p->knight_rule = o.knight_canter_rule;
}

/* The library's move replayed on the grid: its identity, and a check that every leg of its path
 * is a real step, canter or jump. */
static ref_move r_identity(const ref_pos *p, const ba_move *m)
{
    ref_move id;
    memset(&id, 0, sizeof id);
    grid cell = p->cell;
    int f = cam_sq_file[m->bytes[0]], r = cam_sq_rank[m->bytes[0]];
    int piece = cell.c[r][f];
    CHECK(piece > 0 && r_side(piece) == p->side, "move does not start on an own piece");
    cell.c[r][f] = R_EMPTY;
    id.ff = f, id.fr = r;
    int jumped = 0;
    for (int i = 1; i < m->len; i++) {
        int nf = cam_sq_file[m->bytes[i]], nr = cam_sq_rank[m->bytes[i]];
        int df = nf - f, dr = nr - r;
        CHECK(r_get(&cell, nf, nr) == R_EMPTY, "landing on an occupied square");
        if (abs(df) <= 1 && abs(dr) <= 1) {
            CHECK(m->len == 2, "a step inside a longer move");
        } else {
            CHECK((abs(df) == 2 || df == 0) && (abs(dr) == 2 || dr == 0), "not a leap");
            int mf = f + df / 2, mr = r + dr / 2;
            int e = cell.c[mr][mf];
            CHECK(e > 0, "leap over an empty square");
            if (r_side(e) == p->side) {
                CHECK(!jumped, "canter after a jump");
                if (r_knight(piece) && p->knight_rule && m->tag == CAM_MOVE_CANTER)
                    CHECK(!r_can_jump(&cell, p->side, nf, nr), "knight canter lands where it could jump");
            } else {
                jumped = 1;
                int bit = mr * 12 + mf;
                id.cap[bit / 64] |= (uint64_t)1 << (bit % 64);
                id.ncap++;
                cell.c[mr][mf] = R_EMPTY;
            }
        }
        f = nf, r = nr;
    }
    id.tf = f, id.tr = r;
    return id;
}

static int r_same(const ref_move *a, const ref_move *b)
{
    return a->ff == b->ff && a->fr == b->fr && a->tf == b->tf && a->tr == b->tr && !memcmp(a->cap, b->cap, sizeof a->cap);
}

/* ---------------- the comparison at one position ---------------- */

typedef struct stats {
    long positions, moves, captures, charges, castle_moves, obliged, longest;
    long has_move[2]; /* positions where the side to move has no move / has one */
} stats;

static uint64_t rng_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Compares the generators at s; returns the number of legal moves (moves[] filled). */
static int compare_at(const ba_game *g, const cam_state *s, ba_move *moves, ref_list *ref, stats *st)
{
    char text[BA_POS_TEXT_MAX];
    CHECK(cam_position_to_text(s, text, sizeof text) > 0, "position text");
    CHECK(s->hash == cam_hash_full(s), "incremental hash differs at %s", text);
    cam_state rebuilt = *s;
    cam_state_finish(&rebuilt);
    /* Everything apply keeps incrementally (hash, counts, the piece sets and per-rank and
     * per-file counts) equals the same state rebuilt from its board. */
    CHECK(memcmp(&rebuilt, s, sizeof rebuilt) == 0, "incremental state differs from the rebuilt one at %s", text);
    /* The canter reach as a flood over the piece sets equals the square-by-square search, for
     * every piece outside the opponent's castle (the noisy generation trusts it). */
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        if (s->board[sq] == CAM_EMPTY) continue;
        int side = (int)CAM_PIECE_SIDE(s->board[sq]);
        if (cam_castle_side(sq) == 1 - side) continue;
        cam_sqset reach;
        cam_canter_reach(s, sq, &reach);
        uint64_t word = 0;
        for (int x = 0; x < CAM_SQUARES; x++)
            if (cam_sqset_has(&reach, x)) word |= (uint64_t)1 << CAM_PC_BIT(cam_sq_file[x], cam_sq_rank[x]);
        CHECK(cam_canter_reach_class(s, side, sq) == word, "canter reach of %d differs at %s", sq, text);
    }
    /* "The side to move has a move" on the piece sets (the end-of-game test at every node)
     * equals the piece-by-piece test it replaced, here as the slow reference. */
    int slow_has_move = 0;
    for (int sq = 0; sq < CAM_SQUARES && !slow_has_move; sq++)
        slow_has_move = cam_is_own(s->board[sq], s->side_to_move) && cam_piece_has_move(g, s, sq);
    CHECK(cam_side_has_move(g, s) == slow_has_move, "side has a move: %d, piece by piece %d, at %s",
          cam_side_has_move(g, s), slow_has_move, text);
    st->has_move[slow_has_move]++;
    ba_history h = {NULL, 0};
    int n = g->generate(g, s, &h, moves, CAMT_MAX_MOVES);
    CHECK(n >= 0, "generate failed at %s", text);
    int over = g->status(g, s, &h);
    ref_pos p;
    r_from_state(g, s, &p);
    if (over != BA_RESULT_ONGOING) {
        CHECK(n == 0, "moves in a finished position %s", text);
        return 0;
    }
    r_generate(&p, ref);
    CHECK(n == ref->n, "%d moves, reference %d, at %s", n, ref->n, text);
    CHECK(n > 0, "an ongoing position without moves at %s", text);
    int noisy_expected = 0;
    static ref_move ids[CAMT_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        ref_move id = r_identity(&p, &moves[i]);
        ids[i] = id;
        int found = 0;
        for (int k = 0; k < ref->n && !found; k++) found = r_same(&id, &ref->m[k]);
        char mt[BA_MOVE_TEXT_MAX];
        cam_move_to_text(s, &moves[i], mt, sizeof mt);
        CHECK(found, "move %s not in the reference at %s", mt, text);
        for (int k = 0; k < i; k++) CHECK(!r_same(&id, &ids[k]), "move %s listed twice at %s", mt, text);
        /* canonical bytes, text round trip */
        for (int b = moves[i].len; b < BA_MOVE_MAX_BYTES; b++) CHECK(moves[i].bytes[b] == 0, "bytes past len at %s", text);
        ba_move back;
        ba_error err;
        CHECK(g->move_from_text(g, s, &h, mt, &back, &err) == BA_OK, "%s does not parse: %s (at %s)", mt,
                      err.message, text);
        CHECK(ba_move_equal(&back, &moves[i]), "%s parses to another move at %s", mt, text);
        if (id.ncap > 0) st->captures++;
        if (moves[i].tag == CAM_MOVE_CHARGE) st->charges++;
        if (moves[i].tag == CAM_MOVE_CASTLE) st->castle_moves++;
        if (moves[i].len > st->longest) st->longest = moves[i].len;
        if (id.ncap > 0 || (cam_obliged_piece(s) != CAM_NO_SQUARE && moves[i].bytes[0] == cam_obliged_piece(s)))
            noisy_expected++;
    }
    if (cam_obliged_piece(s) != CAM_NO_SQUARE && moves[0].bytes[0] == cam_obliged_piece(s)) st->obliged++;
    /* noisy moves: the captures and the compulsory castle leaves, a subset of the legal moves */
    static ba_move noisy[CAMT_MAX_MOVES]; /* 512 KiB: not on the stack */
    int nn = g->generate_noisy(g, s, &h, noisy, CAMT_MAX_MOVES);
    CHECK(nn == noisy_expected, "%d noisy moves, expected %d at %s", nn, noisy_expected, text);
    for (int i = 0; i < nn; i++) {
        int in = 0;
        for (int k = 0; k < n && !in; k++) in = ba_move_equal(&noisy[i], &moves[k]);
        CHECK(in, "a noisy move is not legal at %s", text);
    }
    /* a buffer one too small */
    CHECK(g->generate(g, s, &h, moves, (size_t)n - 1) == BA_ERR_BUFFER, "no BA_ERR_BUFFER at %s", text);
    g->generate(g, s, &h, moves, CAMT_MAX_MOVES);
    /* position text round trip */
    cam_state back;
    ba_error err;
    CHECK(g->position_from_text(g, &back, text, &err) == BA_OK, "%s: %s", text, err.message);
    CHECK(memcmp(&back, s, sizeof back) == 0, "text round trip changes the state at %s", text);
    st->positions++;
    st->moves += n;
    return n;
}

/* Scatters a random position: 1-10 pieces a side anywhere (castles included). */
static void random_scatter(uint64_t *rng, cam_state *s, int castle_limit)
{
    memset(s, 0, sizeof *s);
    s->must_leave[0] = s->must_leave[1] = CAM_NO_SQUARE;
    for (int side = 0; side < 2; side++) {
        int n = 2 + (int)(rng_next(rng) % 9);
        for (int i = 0; i < n; i++) {
            int sq = (int)(rng_next(rng) % CAM_SQUARES);
            if (s->board[sq] != CAM_EMPTY) continue;
            s->board[sq] = CAM_PIECE(side, rng_next(rng) % 3 == 0 ? CAM_KNIGHT : CAM_MAN);
        }
        s->castle_moves[side] = (uint8_t)(rng_next(rng) % (uint64_t)(castle_limit + 1));
    }
    s->side_to_move = (uint8_t)(rng_next(rng) & 1);
    for (int side = 0; side < 2; side++) {
        int a = side == 0 ? CAM_SQ_F1 : CAM_SQ_F16;
        for (int k = 0; k < 2; k++)
            if (s->board[a + k] != CAM_EMPTY && (int)CAM_PIECE_SIDE(s->board[a + k]) == side && (rng_next(rng) & 1)) s->must_leave[side] = (uint8_t)(a + k);
    }
    cam_state_finish(s);
}

/* Random games from a position; every position is compared. */
static void random_walk(const ba_game *g, cam_state s, uint64_t *rng, int plies, ba_move *moves, ref_list *ref, stats *st)
{
    for (int ply = 0; ply < plies; ply++) {
        int n = compare_at(g, &s, moves, ref, st);
        if (n == 0) return;
        /* prefer captures a little, so that games reach the end-game and castle rules */
        int pick = (int)(rng_next(rng) % (uint64_t)n);
        CHECK(g->apply(g, &s, &moves[pick]) == BA_OK, "apply");
    }
}

START_TEST(matches_reference_from_the_start)
{
    const ba_game *g = ba_camelot_game();
    ba_move *moves = malloc(CAMT_MAX_MOVES * sizeof *moves);
    ref_list *ref = malloc(sizeof *ref);
    stats st = {0};
    uint64_t rng = 12345;
    for (int game = 0; game < 60; game++) {
        cam_state s;
        g->init(g, &s);
        random_walk(g, s, &rng, 250, moves, ref, &st);
    }
    ck_assert_int_gt(st.positions, 2000);
    ck_assert_int_gt(st.captures, 1000);
    ck_assert_int_gt(st.charges, 10);
    free(moves);
    free(ref);
}
END_TEST

START_TEST(matches_reference_from_scattered_positions)
{
    ba_move *moves = malloc(CAMT_MAX_MOVES * sizeof *moves);
    ref_list *ref = malloc(sizeof *ref);
    stats st = {0};
    uint64_t rng = 777;
    /* both settings of the knight rule, and castle-move limits 2 and 1 */
    ba_camelot_options o = ba_camelot_options_default();
    ba_game *g_off, *g_one;
    o.knight_canter_rule = 0;
    ck_assert_int_eq(ba_camelot_create(&o, &g_off, NULL), BA_OK);
    o = ba_camelot_options_default();
    o.castle_moves_per_player = 1;
    ck_assert_int_eq(ba_camelot_create(&o, &g_one, NULL), BA_OK);
    const ba_game *games[3] = {ba_camelot_game(), g_off, g_one};
    for (int i = 0; i < 1500; i++) {
        cam_state s;
        random_scatter(&rng, &s, i % 3 == 2 ? 1 : 2);
        random_walk(games[i % 3], s, &rng, 12, moves, ref, &st);
    }
    ck_assert_int_gt(st.positions, 5000);
    ck_assert_int_gt(st.castle_moves, 50);
    ck_assert_int_gt(st.obliged, 20);
    ck_assert_int_gt(st.charges, 100);
    ck_assert_int_le(st.longest, 54);
    fprintf(stderr, "has_move: %ld without, %ld with\n", st.has_move[0], st.has_move[1]);
    ba_game_destroy(g_off);
    ba_game_destroy(g_one);
    free(moves);
    free(ref);
}
END_TEST

static uint64_t ref_perft(const ba_game *g, const cam_state *s, int depth, ref_list *lists, ba_move *moves)
{
    /* Counts with the reference generator, following the library's moves matched by identity
     * (the reference has no move encoding of its own). */
    ref_pos p;
    r_from_state(g, s, &p);
    ref_list *l = &lists[depth];
    r_generate(&p, l);
    if (depth == 1) return (uint64_t)l->n;
    ba_history h = {NULL, 0};
    ba_move *mine = moves + (size_t)depth * CAMT_MAX_MOVES;
    int n = g->generate(g, s, &h, mine, CAMT_MAX_MOVES);
    CHECK(n == l->n, "perft: %d moves, reference %d", n, l->n);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        cam_state c = *s;
        g->apply(g, &c, &mine[i]);
        total += ref_perft(g, &c, depth - 1, lists, moves);
    }
    return total;
}

START_TEST(perft_from_the_start)
{
    const ba_game *g = ba_camelot_game();
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    uint64_t c1, c2, c3;
    ck_assert_int_eq(ba_perft(pos, 1, &c1), BA_OK);
    ck_assert_int_eq(ba_perft(pos, 2, &c2), BA_OK);
    ck_assert_int_eq(ba_perft(pos, 3, &c3), BA_OK);
    ck_assert_int_eq(c1, 100);   /* the rules file: 52 plain moves and 48 canters */
    ck_assert_int_eq(c2, 10026); /* the rules file */
    /* perft(3) is not in the rules file: recompute it with the reference generator */
    ref_list *lists = malloc(4 * sizeof *lists);
    ba_move *moves = malloc(4 * CAMT_MAX_MOVES * sizeof *moves);
    cam_state s;
    g->init(g, &s);
    ck_assert_uint_eq(ref_perft(g, &s, 3, lists, moves), c3);
    /* perft(4) (111,509,838 by ba_perft) takes minutes with the reference: only on request. */
    const char *slow = getenv("CAMELOT_SLOW_TESTS");
    if (slow != NULL && slow[0] == '1') {
        ref_list *lists5 = malloc(5 * sizeof *lists5);
        ba_move *moves5 = malloc(5 * CAMT_MAX_MOVES * sizeof *moves5);
        uint64_t c4;
        ck_assert_int_eq(ba_perft(pos, 4, &c4), BA_OK);
        ck_assert_uint_eq(ref_perft(g, &s, 4, lists5, moves5), c4);
        free(lists5);
        free(moves5);
    }
    /* 52 plain moves and 48 canters */
    static ba_move first[CAMT_MAX_MOVES]; /* 512 KiB: not on the stack */
    int n = ba_pos_moves(pos, first, CAMT_MAX_MOVES);
    int plain = 0, canter = 0;
    for (int i = 0; i < n; i++) {
        plain += first[i].tag == CAM_MOVE_PLAIN;
        canter += first[i].tag == CAM_MOVE_CANTER;
    }
    ck_assert_int_eq(plain, 52);
    ck_assert_int_eq(canter, 48);
    free(lists);
    free(moves);
    ba_pos_free(pos);
}
END_TEST

START_TEST(parity_classes_bound_the_move_length)
{
    /* The argument in movegen.c: each (file parity, rank parity) class has at most 40 squares */
    int cls[4] = {0, 0, 0, 0};
    for (int sq = 0; sq < CAM_SQUARES; sq++) cls[(cam_sq_file[sq] & 1) * 2 + (cam_sq_rank[sq] & 1)]++;
    for (int i = 0; i < 4; i++) ck_assert_int_le(cls[i], 40);
    /* a position with more than 14 pieces a side is refused */
    cam_state s;
    ba_error err;
    ck_assert_int_eq(cam_position_from_text(ba_camelot_game(), &s,
                                            "2/8/10/12/12/12/12/12/12/12/12/MMMMMMMMMMMM/MMM9/10/8/2 w 0 0 - 0", &err),
                     BA_ERR_RANGE);
}
END_TEST

START_TEST(middle_and_adjacent_squares_match_the_direction_tables)
{
    /* cam_middle_square and cam_adjacent_squares (apply.h: from the coordinates) against the
     * direction tables, for every ordered pair of board squares. */
    int middles = 0, neighbours = 0;
    for (int a = 0; a < CAM_SQUARES; a++)
        for (int b = 0; b < CAM_SQUARES; b++) {
            int mid = CAM_NO_SQUARE, adjacent = 0;
            for (int d = 0; d < CAM_DIRS; d++) {
                if (cam_leap[a][d] == b) mid = cam_step[a][d];
                if (cam_step[a][d] == b) adjacent = 1;
            }
            ck_assert_msg(cam_middle_square(a, b) == mid, "middle of %d and %d: %d, tables %d", a, b,
                          cam_middle_square(a, b), mid);
            ck_assert_msg(cam_adjacent_squares(a, b) == adjacent, "%d and %d adjacent: %d, tables %d", a, b,
                          cam_adjacent_squares(a, b), adjacent);
            middles += mid != CAM_NO_SQUARE;
            neighbours += adjacent;
        }
    /* every square has its eight neighbours and leaps but at the edges */
    ck_assert_int_ge(middles, 1000);
    ck_assert_int_gt(neighbours, 1000);
}
END_TEST

START_TEST(side_has_move_matches_piece_by_piece_on_crowded_boards)
{
    /* On crowded random boards most pieces cannot step, so the answer often rests on a jump, a
     * canter or a castle move alone (random games almost never get there). A canter without
     * any step needs its pivot in the opponent's castle (else the pivot could step to the
     * landing), so the side to move often gets a piece there. */
    const ba_game *g = ba_camelot_game();
    uint64_t rng = 4242;
    long with = 0, without = 0;
    for (int i = 0; i < 30000; i++) {
        cam_state s;
        memset(&s, 0, sizeof s);
        s.must_leave[0] = s.must_leave[1] = CAM_NO_SQUARE;
        int fill = 90 + (int)(rng_next(&rng) % 10); /* percent of the squares */
        for (int sq = 0; sq < CAM_SQUARES; sq++) {
            if ((int)(rng_next(&rng) % 100) >= fill) continue;
            uint64_t r = rng_next(&rng);
            s.board[sq] = CAM_PIECE((int)(r & 1), (r >> 1) % 3 == 0 ? CAM_KNIGHT : CAM_MAN);
        }
        s.side_to_move = (uint8_t)(rng_next(&rng) & 1);
        int castle = s.side_to_move == 0 ? CAM_SQ_F16 : CAM_SQ_F1;
        uint64_t r = rng_next(&rng);
        if (r & 1) s.board[castle + (int)((r >> 1) & 1)] = CAM_PIECE(s.side_to_move, CAM_MAN);
        s.castle_moves[s.side_to_move] = (uint8_t)(rng_next(&rng) % 3);
        cam_state_finish(&s);
        int slow = 0;
        for (int sq = 0; sq < CAM_SQUARES && !slow; sq++)
            slow = cam_is_own(s.board[sq], s.side_to_move) && cam_piece_has_move(g, &s, sq);
        ck_assert_int_eq(cam_side_has_move(g, &s), slow);
        /* Count the positions where no piece can step: there the answer was a leap or a castle
         * move (or nothing). */
        int steps = 0;
        for (int sq = 0; sq < CAM_SQUARES && !steps; sq++) {
            if (!cam_is_own(s.board[sq], s.side_to_move) || cam_castle_side(sq) == 1 - s.side_to_move) continue;
            for (int d = 0; d < CAM_DIRS; d++) {
                int to = cam_step[sq][d];
                steps |= to != CAM_NO_SQUARE && s.board[to] == CAM_EMPTY && !cam_is_own_castle(to, s.side_to_move);
            }
        }
        if (!steps) {
            with += slow;
            without += !slow;
        }
    }
    ck_assert_msg(with >= 20 && without >= 20, "no step: %ld with a move, %ld without", with, without);
}
END_TEST

/* A crowded middle game reached in a real match (seed 1, game 182 of a 100 ms match): eleven
 * plies in, Black to move has 1,232 legal moves, 1,136 of them captures, more than the old
 * max_moves of 1024, which made the exact search to depth 4 from the game's position fail
 * ("invalid game definition"). Both lists agree with the reference generator, and that search
 * now ends with a move. */
START_TEST(crowded_captures_over_1024)
{
    const ba_game *g = ba_camelot_game();
    ck_assert_uint_ge(g->max_moves, 1232);
    cam_state s;
    ba_error err;
    ck_assert_int_eq(cam_position_from_text(g, &s,
                                            "2/8/10/12/3mm7/3km1mmmk2/4mmmmk3/1K10/3MKKM5/4M1M1K3/3MMMMMM3/12/12/10/8/2 b 0 0 - 2",
                                            &err),
                     BA_OK);
    ba_move *moves = malloc(CAMT_MAX_MOVES * sizeof *moves);
    ref_list *ref = malloc(sizeof *ref);
    stats st = {0};
    ck_assert_int_eq(compare_at(g, &s, moves, ref, &st), 1232);
    ba_history h = {NULL, 0};
    ck_assert_int_eq(g->generate_noisy(g, &s, &h, moves, CAMT_MAX_MOVES), 1136);
    /* one short of the list: a clean BA_ERR_BUFFER, no overflow */
    ck_assert_int_eq(g->generate(g, &s, &h, moves, 1231), BA_ERR_BUFFER);
    free(moves);
    free(ref);

    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    static const char *const line[] = {"C6-E8", "E10-E12", "H7-G8", "D11-D12", "J6-H8-F8", "C11-D11", "F6-D8"};
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++)
        ck_assert_int_eq(ba_pos_play_text(pos, line[i], &err), BA_OK);
    ba_search_result r = camt_search(g, pos, 0, 4);
    ck_assert(!ba_move_is_none(&r.best));
    ba_pos_free(pos);
}
END_TEST

START_TEST(conformance_harness)
{
    char msg[512];
    ba_conformance_stats st;
    ck_assert_msg(ba_conformance_run(ba_camelot_game(), 42, 20, 300, &st, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_uint_gt(st.positions, 1000);
    /* alpha-beta = negamax over this vtable (depth 2: ~100 moves a ply) */
    ck_assert_msg(ba_search_equivalence_check(ba_camelot_game(), 7, 3, 2, 60, msg, sizeof msg) == 0, "%s", msg);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_movegen");
    TCase *t = tcase_create("movegen");
    tcase_set_timeout(t, 600);
    tcase_add_test(t, perft_from_the_start);
    tcase_add_test(t, parity_classes_bound_the_move_length);
    tcase_add_test(t, middle_and_adjacent_squares_match_the_direction_tables);
    tcase_add_test(t, side_has_move_matches_piece_by_piece_on_crowded_boards);
    tcase_add_test(t, matches_reference_from_the_start);
    tcase_add_test(t, matches_reference_from_scattered_positions);
    tcase_add_test(t, crowded_captures_over_1024);
    tcase_add_test(t, conformance_harness);
    suite_add_tcase(s, t);
    return s;
}
