/* The whole-turn generator against an independent, slow, obviously-correct reference: a mailbox
 * enumeration of every raw step sequence of up to four steps, following the rules directly
 * (pending pushes, pulls right after the puller's step), collecting the distinct end boards.
 * The generator must list exactly those boards, each once. Also runs the library's generic
 * conformance harness over random games. */
#include <stdlib.h>

#include "arimaa_test_util.h"
#include "check_main.h"
#include "conformance.h"

/* ---- the reference ---------------------------------------------------------------------------- */

typedef struct ref_pos {
    signed char b[64]; /* -1 empty, else side * 8 + type */
    int side;
} ref_pos;

typedef struct ref_set {
    unsigned char (*boards)[64];
    size_t count, cap;
    uint64_t *keys;
    size_t *slots; /* hash -> index + 1 */
    size_t mask;
} ref_set;

static const int ref_traps[4] = {18, 21, 42, 45};

static int ref_neighbour(int sq, int dir)
{
    int f = sq % 8, r = sq / 8;
    if (dir == 0) r++;
    else if (dir == 1) r--;
    else if (dir == 2) f++;
    else f--;
    if (f < 0 || f > 7 || r < 0 || r > 7) return -1;
    return r * 8 + f;
}

static int ref_side(const ref_pos *p, int sq) { return p->b[sq] < 0 ? -1 : p->b[sq] / 8; }
static int ref_type(const ref_pos *p, int sq) { return p->b[sq] % 8; }

static int ref_frozen(const ref_pos *p, int sq)
{
    int s = ref_side(p, sq), stronger_enemy = 0;
    for (int d = 0; d < 4; d++) {
        int n = ref_neighbour(sq, d);
        if (n < 0 || p->b[n] < 0) continue;
        if (ref_side(p, n) == s) return 0;
        if (ref_type(p, n) > ref_type(p, sq)) stronger_enemy = 1;
    }
    return stronger_enemy;
}

static void ref_step(ref_pos *p, int from, int to)
{
    p->b[to] = p->b[from];
    p->b[from] = -1;
    for (int i = 0; i < 4; i++) {
        int t = ref_traps[i];
        if (p->b[t] < 0) continue;
        int safe = 0;
        for (int d = 0; d < 4; d++) {
            int n = ref_neighbour(t, d);
            if (n >= 0 && p->b[n] >= 0 && ref_side(p, n) == ref_side(p, t)) safe = 1;
        }
        if (!safe) p->b[t] = -1;
    }
}

static uint64_t ref_key(const unsigned char *b)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 64; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h | 1;
}

static void ref_set_init(ref_set *s)
{
    memset(s, 0, sizeof *s);
    s->mask = (1u << 16) - 1;
    s->keys = calloc(s->mask + 1, sizeof *s->keys);
    s->slots = calloc(s->mask + 1, sizeof *s->slots);
}

static void ref_set_free(ref_set *s)
{
    free(s->boards);
    free(s->keys);
    free(s->slots);
}

/* Returns 1 if added, 0 if present. */
static int ref_set_add(ref_set *s, const unsigned char *b)
{
    if ((s->count + 1) * 2 > s->mask + 1) {
        ref_set bigger = *s;
        bigger.mask = s->mask * 2 + 1;
        bigger.keys = calloc(bigger.mask + 1, sizeof *bigger.keys);
        bigger.slots = calloc(bigger.mask + 1, sizeof *bigger.slots);
        for (size_t i = 0; i <= s->mask; i++) {
            if (!s->slots[i]) continue;
            size_t j = s->keys[i] & bigger.mask;
            while (bigger.slots[j]) j = (j + 1) & bigger.mask;
            bigger.keys[j] = s->keys[i];
            bigger.slots[j] = s->slots[i];
        }
        free(s->keys);
        free(s->slots);
        s->keys = bigger.keys;
        s->slots = bigger.slots;
        s->mask = bigger.mask;
    }
    uint64_t k = ref_key(b);
    size_t j = k & s->mask;
    while (s->slots[j]) {
        if (s->keys[j] == k && memcmp(s->boards[s->slots[j] - 1], b, 64) == 0) return 0;
        j = (j + 1) & s->mask;
    }
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->boards = realloc(s->boards, s->cap * 64);
    }
    memcpy(s->boards[s->count], b, 64);
    s->count++;
    s->keys[j] = k;
    s->slots[j] = s->count;
    return 1;
}

static void ref_board_bytes(const ref_pos *p, unsigned char *out)
{
    for (int i = 0; i < 64; i++) out[i] = (unsigned char)p->b[i];
}

/* pending: square an enemy was pushed out of (the push must be completed into it), with the
 * squares of the pieces allowed to complete it; pull_from: square the mover's piece just left
 * with a plain step (an enemy weaker than pull_type may follow into it), or -1. */
static void ref_dfs(const ref_pos *p, const ref_pos *start, int used, int pending,
                    const int *pushers, int npushers, int pull_from, int pull_type, ref_set *out)
{
    if (used > 0 && pending < 0 && memcmp(p->b, start->b, 64) != 0) {
        unsigned char bytes[64];
        ref_board_bytes(p, bytes);
        ref_set_add(out, bytes);
    }
    if (used == 4) return;
    int me = p->side;
    if (pending >= 0) {
        for (int i = 0; i < npushers; i++) {
            if (p->b[pushers[i]] < 0 || ref_side(p, pushers[i]) != me) continue;
            ref_pos n = *p;
            ref_step(&n, pushers[i], pending);
            ref_dfs(&n, start, used + 1, -1, NULL, 0, -1, 0, out);
        }
        return;
    }
    for (int sq = 0; sq < 64; sq++) {
        if (p->b[sq] < 0) continue;
        int type = ref_type(p, sq);
        if (ref_side(p, sq) == me) {
            if (ref_frozen(p, sq)) continue;
            for (int d = 0; d < 4; d++) {
                if (type == 0 && d == (me == 0 ? 1 : 0)) continue; /* rabbit backwards */
                int to = ref_neighbour(sq, d);
                if (to < 0 || p->b[to] >= 0) continue;
                ref_pos n = *p;
                ref_step(&n, sq, to);
                ref_dfs(&n, start, used + 1, -1, NULL, 0, sq, type, out);
            }
        } else {
            /* A pull: this enemy piece follows into the square just left. */
            if (pull_from >= 0 && type < pull_type) {
                for (int d = 0; d < 4; d++) {
                    if (ref_neighbour(sq, d) != pull_from) continue;
                    ref_pos n = *p;
                    ref_step(&n, sq, pull_from);
                    ref_dfs(&n, start, used + 1, -1, NULL, 0, -1, 0, out);
                }
            }
            /* The start of a push: stronger unfrozen pieces of the mover beside it. */
            if (used <= 2) {
                int who[4], nw = 0;
                for (int d = 0; d < 4; d++) {
                    int f = ref_neighbour(sq, d);
                    if (f >= 0 && p->b[f] >= 0 && ref_side(p, f) == me && ref_type(p, f) > type &&
                        !ref_frozen(p, f))
                        who[nw++] = f;
                }
                if (nw == 0) continue;
                for (int d = 0; d < 4; d++) {
                    int to = ref_neighbour(sq, d);
                    if (to < 0 || p->b[to] >= 0) continue;
                    ref_pos n = *p;
                    ref_step(&n, sq, to);
                    ref_dfs(&n, start, used + 1, sq, who, nw, -1, 0, out);
                }
            }
        }
    }
}

static ref_pos ref_from_state(const arm_state *st)
{
    ref_pos p;
    for (int i = 0; i < 64; i++) p.b[i] = st->board[i] == ARM_EMPTY ? -1 : (signed char)st->board[i];
    p.side = st->side;
    return p;
}

/* Compares the generator with the reference on one position; returns the turn count. */
static int compare_with_reference(const arm_state *st)
{
    ref_pos start = ref_from_state(st);
    ref_set want;
    ref_set_init(&want);
    ref_dfs(&start, &start, 0, -1, NULL, 0, -1, 0, &want);

    size_t cap = want.count + 16;
    ba_move *moves = malloc(cap * sizeof *moves);
    int n = arm_generate_turns(st, NULL, moves, cap, 0);
    ck_assert_int_ge(n, 0);
    ck_assert_int_eq((size_t)n, want.count);
    ref_set got;
    ref_set_init(&got);
    for (int i = 0; i < n; i++) {
        arm_state c = *st;
        ck_assert_int_eq(arm_apply_move(&c, &moves[i]), BA_OK);
        ref_pos rp = ref_from_state(&c);
        unsigned char bytes[64];
        ref_board_bytes(&rp, bytes);
        ck_assert_msg(ref_set_add(&got, bytes) == 1, "turn %d is generated twice", i);
        /* Present in the reference set: adding it there must find it. */
        ck_assert_msg(ref_set_add(&want, bytes) == 0, "turn %d is not a legal turn", i);
        /* Its text parses back to the same canonical move. */
        char text[BA_MOVE_TEXT_MAX];
        ck_assert_int_gt(arm_move_to_text(st, &moves[i], text, sizeof text), 0);
        if (i % 7 == 0) {
            ba_move back;
            ba_error err;
            ck_assert_msg(arm_move_from_text(st, NULL, text, &back, &err) == BA_OK, "%s: %s", text,
                          err.message);
            ck_assert_msg(ba_move_equal(&back, &moves[i]), "%s does not parse back", text);
        }
    }
    /* A buffer one too small fails cleanly. */
    if (n > 0) ck_assert_int_eq(arm_generate_turns(st, NULL, moves, (size_t)n - 1, 0), BA_ERR_BUFFER);
    free(moves);
    ref_set_free(&want);
    ref_set_free(&got);
    return n;
}

START_TEST(reference_hand_positions)
{
    const char *positions[] = {
        /* pushes, pulls, traps with defenders, frozen pieces, rabbits both ways */
        "g Ee4 re5 cd4 Dc2 Hc3 rg3 Mf4 hg4 Rb6 dd6 Ra1 rh8",
        "s Ee4 re5 cd4 Dc2 Hc3 rg3 Mf4 hg4 Rb6 dd6 Ra1 rh8",
        "g Ee4 re5 cd4 Dc2 Hc3 rf3 rg3 Mf4 hg4 Rb6 dc6 dd6 Ra1 rh8",
        /* a crowded centre around the traps */
        "g Rc3 cc4 Dd3 dd4 Ef3 mf4 He3 he4 Ra2 rb7 Cf2 cf7",
        "g Ed5 Md4 Hd3 Dc5 Ce5 rd6 rc4 re4 cd2 hc6 Ra1 rh8",
    };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        arm_state st = at_pos(positions[i][0], positions[i] + 2);
        int n = compare_with_reference(&st);
        ck_assert_int_gt(n, 0);
    }
}
END_TEST

START_TEST(reference_start_of_play)
{
    arm_state st;
    ba_error err;
    ck_assert_int_eq(arm_position_from_text(&st, "g [rrrrrrrrhdcemcdh................................HDCMECDHRRRRRRRR]", &err), BA_OK);
    compare_with_reference(&st);
}
END_TEST

/* Random games: after each random turn compare the generator with the reference. */
START_TEST(reference_random_games)
{
    const ba_game *g = ba_arimaa_game();
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    static ba_move moves[65536];
    for (int game = 0; game < 2; game++) {
        arm_state st;
        ba_error err;
        ck_assert_int_eq(arm_position_from_text(&st, "g [rdrrrrrrhdcemcdhr...............................HDCMECDHRRRRRRRR]", &err), BA_ERR_ILLEGAL);
        ck_assert_int_eq(arm_position_from_text(&st, "g [rrrrrrrrhdcemcdh................................HDCMECDHRRRRRRRR]", &err), BA_OK);
        for (int ply = 0; ply < 24; ply++) {
            if (g->status(g, &st, NULL) != BA_RESULT_ONGOING) break;
            int n = g->generate(g, &st, NULL, moves, 65536);
            ck_assert_int_gt(n, 0);
            if (ply % 6 == 5) compare_with_reference(&st);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            ck_assert_int_eq(g->apply(g, &st, &moves[seed % (uint64_t)n]), BA_OK);
            ck_assert(arm_state_valid(&st));
        }
    }
}
END_TEST

/* The frozen sets (arm_frozen, and arm_frozen_among for any subset) against the reference's
 * square-by-square rule, and the trap rings and areas against their definition, on the
 * positions of random games. */
START_TEST(frozen_sets_and_trap_areas)
{
    for (int k = 0; k < 4; k++) {
        uint64_t trap = arm_bit(arm_trap_square(k));
        ck_assert_uint_eq(arm_trap_ring(k), arm_neighbours(trap));
        uint64_t ring = arm_neighbours(trap);
        ck_assert_uint_eq(arm_trap_area(k), trap | ring | arm_neighbours(ring));
    }
    const ba_game *g = ba_arimaa_game();
    uint64_t seed = 0x2545f4914f6cdd1dull;
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    ck_assert_ptr_nonnull(moves);
    int frozen_seen = 0;
    for (int game = 0; game < 6; game++) {
        arm_state st;
        ba_error err;
        const char *start = "g [rrrrrrrrhdcemcdh................................HDCMECDHRRRRRRRR]";
        ck_assert_int_eq(arm_position_from_text(&st, start, &err), BA_OK);
        for (int ply = 0; ply < 40 && g->status(g, &st, NULL) == BA_RESULT_ONGOING; ply++) {
            ref_pos rp = ref_from_state(&st);
            for (int s = 0; s < 2; s++) {
                uint64_t want = 0;
                for (int sq = 0; sq < 64; sq++)
                    if (ref_side(&rp, sq) == s && ref_frozen(&rp, sq)) want |= arm_bit(sq);
                ck_assert_uint_eq(arm_frozen(&st, s), want);
                uint64_t among = seed * 0x9E3779B97F4A7C15ull;
                ck_assert_uint_eq(arm_frozen_among(&st, s, among), want & among);
                ck_assert_uint_eq(arm_frozen_among(&st, s, 0), 0);
                frozen_seen += want != 0;
            }
            int n = g->generate(g, &st, NULL, moves, g->max_moves);
            ck_assert_int_gt(n, 0);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            ck_assert_int_eq(g->apply(g, &st, &moves[seed % (uint64_t)n]), BA_OK);
        }
    }
    free(moves);
    ck_assert_int_gt(frozen_seen, 10); /* the games did freeze pieces */
}
END_TEST

/* The largest turn count found (docs/arimaa.md): it fits in max_moves, and a smaller buffer
 * fails cleanly instead of overflowing. */
START_TEST(extreme_position_fits)
{
    const ba_game *g = ba_arimaa_game();
    arm_state st;
    ba_error err;
    ck_assert_int_eq(arm_position_from_text(&st, "g [.......r.C..C.R....H......R...D..D.R.R.......R....H.M.E..R.R.R..]", &err), BA_OK);
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    int n = g->generate(g, &st, NULL, moves, g->max_moves);
    ck_assert_int_gt(n, 300000);
    ck_assert_int_le(n, (int)g->max_moves);
    ck_assert_int_eq(g->generate(g, &st, NULL, moves, 65536), BA_ERR_BUFFER);
    free(moves);
}
END_TEST

START_TEST(conformance)
{
    char msg[1024];
    ba_conformance_stats stats;
    int rc = ba_conformance_run(ba_arimaa_game(), 7, 1, 14, &stats, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s", msg);
    ck_assert_int_ge(stats.positions, 14);
    /* Alpha-beta equals negamax at depth 1 on random positions (deeper is too slow for a test:
     * thousands of turns per node). */
    rc = ba_search_equivalence_check(ba_arimaa_game(), 11, 3, 1, 8, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s", msg);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_movegen");
    TCase *tc = tcase_create("movegen");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, reference_hand_positions);
    tcase_add_test(tc, reference_start_of_play);
    tcase_add_test(tc, reference_random_games);
    tcase_add_test(tc, frozen_sets_and_trap_areas);
    tcase_add_test(tc, extreme_position_fits);
    tcase_add_test(tc, conformance);
    suite_add_tcase(s, tc);
    return s;
}
