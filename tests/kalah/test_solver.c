/* The exact solver: the published values, agreement with an independent memoised minimax over
 * the reference rules, the endgame database, best moves, limits, stop and errors. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"
#include "kalah/kal_rules.h"
#include "kalah/kal_solver.h"
#include "kalah_test_util.h"

/* ---- reference solver: plain minimax over kt_ref with a memo table ----------------------- */

#define MEMO_BITS 20
typedef struct memo_entry {
    uint8_t key[2 * BA_KALAH_MAX_PITS + 3];
    int16_t value;
    uint8_t used;
} memo_entry;

typedef struct memo {
    memo_entry *e;
    size_t count;
} memo;

static void memo_key(const kt_ref *r, uint8_t *key)
{
    memset(key, 0, 2 * BA_KALAH_MAX_PITS + 3);
    for (int k = 0; k < 2 * r->m + 2; k++)
        key[k] = (uint8_t)r->ring[k];
    key[2 * BA_KALAH_MAX_PITS + 2] = (uint8_t)r->to_move;
}

/* The final margin for the side to move with perfect play: the obvious definition. */
static int ref_value(memo *mm, const kt_ref *r)
{
    const int me = r->to_move;
    if (kt_over(r)) {
        int south = r->ring[kt_store(r, 0)] + kt_side_sum(r, 0);
        int north = r->ring[kt_store(r, 1)] + kt_side_sum(r, 1);
        return me == 0 ? south - north : north - south;
    }
    uint8_t key[2 * BA_KALAH_MAX_PITS + 3];
    memo_key(r, key);
    uint64_t h = 1469598103934665603ULL;
    for (size_t k = 0; k < sizeof key; k++)
        h = (h ^ key[k]) * 1099511628211ULL;
    size_t mask = ((size_t)1 << MEMO_BITS) - 1, at = (size_t)h & mask;
    for (size_t probes = 0; probes <= mask; probes++, at = (at + 1) & mask) {
        if (!mm->e[at].used)
            break;
        if (memcmp(mm->e[at].key, key, sizeof key) == 0)
            return mm->e[at].value;
    }
    int best = -10000;
    for (int i = 0; i < r->m; i++) {
        if (r->ring[kt_pit(r, me, i)] == 0)
            continue;
        kt_ref c = *r;
        kt_play(&c, i);
        int v = ref_value(mm, &c);
        if (c.to_move != me)
            v = -v;
        if (v > best)
            best = v;
    }
    if (mm->count * 4 >= mask * 3)
        return best; /* nearly full: stop remembering, never loop */
    mm->count++;
    at = (size_t)h & mask;
    while (mm->e[at].used)
        at = (at + 1) & mask;
    memcpy(mm->e[at].key, key, sizeof key);
    mm->e[at].value = (int16_t)best;
    mm->e[at].used = 1;
    return best;
}

static memo *memo_new(void)
{
    memo *mm = malloc(sizeof *mm);
    ck_assert_ptr_nonnull(mm);
    mm->e = calloc((size_t)1 << MEMO_BITS, sizeof(memo_entry));
    mm->count = 0;
    ck_assert_ptr_nonnull(mm->e);
    return mm;
}

static void memo_free(memo *mm)
{
    free(mm->e);
    free(mm);
}

static void memo_clear(memo *mm)
{
    memset(mm->e, 0, ((size_t)1 << MEMO_BITS) * sizeof(memo_entry));
    mm->count = 0;
}

/* The state of the reference position in game g. */
static void state_of(const ba_game *g, const kt_ref *r, kal_state *out)
{
    char text[BA_POS_TEXT_MAX];
    kt_text(r, text, sizeof text);
    ba_error err;
    ck_assert_msg(g->position_from_text(g, out, text, &err) == BA_OK, "%s", err.message);
}

static ba_kalah_solution solve(const ba_game *g, const void *state, int db_seeds, size_t tt_mb)
{
    ba_kalah_solve_options o = ba_kalah_solve_options_default();
    o.db_seeds = db_seeds;
    o.tt_mb = tt_mb;
    o.db_mb = 64;
    ba_kalah_solution sol;
    ba_error err;
    ck_assert_msg(ba_kalah_solve(g, state, &o, &sol, &err) == BA_OK, "%s", err.message);
    ck_assert_int_eq(sol.exact, 1);
    ck_assert_int_eq(sol.lower, sol.value);
    ck_assert_int_eq(sol.upper, sol.value);
    return sol;
}

/* ---- tests -------------------------------------------------------------------------------- */

typedef struct published {
    int pits, seeds, standard, empty_capture; /* 999: not given */
} published;

/* The published solved values (Irving, Donkers and Uiterwijk 2000; docs/kalah.md) feasible in a unit test. */
static const published table[] = {
    {1, 1, 0, 0},   {1, 2, -2, -2}, {1, 3, 6, 6}, {2, 1, 2, 2},      {2, 2, -2, -2},
    {3, 1, 0, 0},   {3, 2, 4, 4},   {6, 1, 999, 2}, {6, 2, 999, 10},
};

START_TEST(test_published_values)
{
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
        for (int ec = 0; ec <= 1; ec++) {
            int want = ec ? table[k].empty_capture : table[k].standard;
            if (want == 999)
                continue;
            ba_game *g = kt_game(table[k].pits, table[k].seeds, ec);
            ba_kalah_solution sol = solve(g, NULL, -1, 16);
            ck_assert_msg(sol.value == want, "Kalah(%d,%d)%s: %d, want %d", table[k].pits,
                          table[k].seeds, ec ? " empty capture" : "", sol.value, want);
            ck_assert_int_eq(sol.best.len, 1);
            ba_game_destroy(g);
        }
    }
}
END_TEST

/* The start of small boards: the solver with and without its database, with a tiny table, and
 * the reference minimax all agree. */
START_TEST(test_start_values_against_reference)
{
    static const int boards[][2] = {{2, 2}, {3, 2}, {2, 3}, {3, 3}, {4, 2}, {2, 4}, {5, 1}};
    memo *mm = memo_new();
    for (size_t k = 0; k < sizeof boards / sizeof boards[0]; k++) {
        for (int ec = 0; ec <= 1; ec++) {
            const int m = boards[k][0], n = boards[k][1];
            ba_game *g = kt_game(m, n, ec);
            kt_ref r;
            memset(&r, 0, sizeof r);
            r.m = m;
            r.empty_capture = ec;
            for (int i = 0; i < m; i++)
                r.ring[kt_pit(&r, 0, i)] = r.ring[kt_pit(&r, 1, i)] = n;
            memo_clear(mm);
            int want = ref_value(mm, &r);
            int v_auto = solve(g, NULL, -1, 16).value;
            int v_nodb = solve(g, NULL, 0, 1).value;
            int v_bigdb = solve(g, NULL, 2 * m * n, 16).value;
            ck_assert_msg(v_auto == want && v_nodb == want && v_bigdb == want,
                          "Kalah(%d,%d)%s: reference %d, solver %d / %d (no db) / %d (all db)", m,
                          n, ec ? " ec" : "", want, v_auto, v_nodb, v_bigdb);
            ba_game_destroy(g);
        }
    }
    memo_free(mm);
}
END_TEST

/* (6,1), (6,2) and (6,3) in the standard rules are not in the published table: check that the
 * search alone and the search with a large database agree. */
START_TEST(test_six_pit_boards_db_independent)
{
    for (int n = 1; n <= 3; n++) {
        ba_game *g = kt_game(6, n, 0);
        ba_kalah_solution a = solve(g, NULL, 0, 32);
        ba_kalah_solution b = solve(g, NULL, n == 3 ? 12 : 10, 32);
        ck_assert_msg(a.value == b.value, "Kalah(6,%d): %d without, %d with the database", n,
                      a.value, b.value);
        ba_game_destroy(g);
    }
}
END_TEST

START_TEST(test_random_positions_against_reference)
{
    uint64_t rng = 777;
    memo *mm = memo_new();
    for (int m = 1; m <= 6; m++) {
        for (int ec = 0; ec <= 1; ec++) {
            ba_game *g = kt_game(m, 3, ec);
            ba_kalah_solver *S;
            ba_kalah_solve_options o = ba_kalah_solve_options_default();
            o.tt_mb = 4;
            o.db_seeds = m <= 4 ? 6 : 4; /* deeper positions go through the search */
            ck_assert_int_eq(ba_kalah_solver_new(g, &o, &S, NULL), BA_OK);
            const int most = m <= 3 ? 14 : m == 4 ? 11 : 9; /* keeps the reference quick */
            for (int trial = 0; trial < 40; trial++) {
                kt_ref r;
                kt_random(&r, m, ec, 2 + (int)(kt_rand(&rng) % (uint64_t)(most - 1)), &rng);
                memo_clear(mm);
                int want = ref_value(mm, &r);
                kal_state s;
                state_of(g, &r, &s);
                ba_kalah_solution sol;
                ck_assert_int_eq(ba_kalah_solver_solve(S, &s, &sol, NULL), BA_OK);
                char text[BA_POS_TEXT_MAX];
                kt_text(&r, text, sizeof text);
                ck_assert_msg(sol.exact && sol.value == want, "%s%s: solver %d, reference %d",
                              text, ec ? " (ec)" : "", sol.value, want);
                if (kt_over(&r)) {
                    ck_assert_int_eq(sol.best.len, 0);
                    continue;
                }
                /* The best move keeps the value. */
                ck_assert_int_eq(sol.best.len, 1);
                kt_ref c = r;
                kt_play(&c, sol.best.bytes[0]);
                int after = ref_value(mm, &c);
                ck_assert_msg((c.to_move == r.to_move ? after : -after) == want,
                              "%s: best pit %d gives %d, value %d", text, sol.best.bytes[0] + 1,
                              c.to_move == r.to_move ? after : -after, want);
            }
            ba_kalah_solver_free(S);
            ba_game_destroy(g);
        }
    }
    memo_free(mm);
}
END_TEST

START_TEST(test_database_against_reference)
{
    uint64_t rng = 99;
    memo *mm = memo_new();
    for (int m = 2; m <= 6; m += 2) {
        for (int ec = 0; ec <= 1; ec++) {
            ba_game *g = kt_game(m, 2, ec);
            ba_kalah_solver *S;
            ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &S, NULL), BA_OK);
            const int k = m == 6 ? 7 : 9;
            ck_assert_int_eq(kal_solver_prepare_db(S, k), BA_OK);
            for (int trial = 0; trial < 300; trial++) {
                kt_ref r;
                kt_random(&r, m, ec, (int)(kt_rand(&rng) % (uint64_t)(k + 1)), &rng);
                r.ring[kt_store(&r, 0)] = r.ring[kt_store(&r, 1)] = 0;
                kal_state s;
                state_of(g, &r, &s);
                kal_board B;
                int margin;
                kal_board_from_state(&s, &B, &margin);
                memo_clear(mm);
                int want = ref_value(mm, &r);
                ck_assert_int_eq(kal_db_value(S, &B), want);
            }
            /* Beyond the database: no value. */
            kt_ref r;
            kt_random(&r, m, ec, k + 1, &rng);
            kal_state s;
            state_of(g, &r, &s);
            kal_board B;
            int margin;
            kal_board_from_state(&s, &B, &margin);
            ck_assert_int_eq(kal_db_value(S, &B), -1000);
            ba_kalah_solver_free(S);
            ba_game_destroy(g);
        }
    }
    memo_free(mm);
}
END_TEST

/* Every board of the database, not a sample: the boards of each level are solved without move
 * ordering and with their children's entries loaded ahead, so a slip in that bookkeeping (a
 * wrong child index, a move skipped) would show on some board. Enumerates every distribution
 * of up to k seeds over the 2m pits and compares with the reference minimax. */
static int all_boards_checked(ba_kalah_solver *S, const ba_game *g, memo *mm, kt_ref *r, int m,
                              int slot, int left)
{
    if (slot == 2 * m - 1) {
        r->ring[kt_pit(r, 1, m - 1)] = left;
        kal_state s;
        state_of(g, r, &s);
        kal_board B;
        int margin;
        kal_board_from_state(&s, &B, &margin);
        int want = ref_value(mm, r);
        ck_assert_msg(kal_db_value(S, &B) == want, "board %d seeds, pit0 %d: db %d, reference %d",
                      left, r->ring[0], kal_db_value(S, &B), want);
        return 1;
    }
    int n = 0;
    int at = slot < m ? kt_pit(r, 0, slot) : kt_pit(r, 1, slot - m);
    for (int x = 0; x <= left; x++) {
        r->ring[at] = x;
        n += all_boards_checked(S, g, mm, r, m, slot + 1, left - x);
    }
    r->ring[at] = 0;
    return n;
}

/* Every board of up to k seeds of the solver's database against the reference minimax; returns
 * how many boards there were. */
static int check_every_board(ba_kalah_solver *S, const ba_game *g, memo *mm, int m, int ec, int k)
{
    int boards = 0;
    memo_clear(mm);
    for (int seeds = 0; seeds <= k; seeds++) {
        kt_ref r;
        memset(&r, 0, sizeof r);
        r.m = m;
        r.empty_capture = ec;
        boards += all_boards_checked(S, g, mm, &r, m, 0, seeds);
    }
    return boards;
}

START_TEST(test_database_every_board)
{
    static const int cases[][2] = {{3, 8}, {4, 6}}; /* pits, database seeds: 3003 boards each */
    memo *mm = memo_new();
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const int m = cases[c][0], k = cases[c][1];
        for (int ec = 0; ec <= 1; ec++) {
            ba_game *g = kt_game(m, 2, ec);
            ba_kalah_solver *S;
            ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &S, NULL), BA_OK);
            ck_assert_int_eq(kal_solver_prepare_db(S, k), BA_OK);
            int boards = check_every_board(S, g, mm, m, ec, k);
            /* C(k + 2m, 2m) boards in all: the enumeration itself is complete. */
            ck_assert_int_eq(boards, 3003);
            ba_kalah_solver_free(S);
            ba_game_destroy(g);
        }
    }
    memo_free(mm);
}
END_TEST

/* ---- database files ----------------------------------------------------------------------- */

/* A fresh file name of this test process (mkstemp makes it; the tests overwrite it). */
static void temp_path(char *buf, size_t cap)
{
    snprintf(buf, cap, "/tmp/boardai-kalah-db-XXXXXX");
    int fd = mkstemp(buf);
    ck_assert_int_ge(fd, 0);
    close(fd);
}


static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Copies the first `keep` bytes of src to dst, then `extra` bytes of value 1. */
static void copy_prefix(const char *src, const char *dst, long keep, int extra)
{
    FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_nonnull(out);
    for (long i = 0; i < keep; i++) {
        int c = fgetc(in);
        ck_assert_int_ne(c, EOF);
        fputc(c, out);
    }
    for (int i = 0; i < extra; i++)
        fputc(1, out);
    fclose(in);
    ck_assert_int_eq(fclose(out), 0);
}

/* Adds `delta` to the byte at `at` of the file. */
static void poke(const char *path, long at, int delta)
{
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, at, SEEK_SET), 0);
    int c = fgetc(f);
    ck_assert_int_ne(c, EOF);
    ck_assert_int_eq(fseek(f, at, SEEK_SET), 0);
    fputc((c + delta) & 0xff, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* A saved database, loaded into a new solver, holds the reference value of every board, needs
 * no database work in a solve, and a bigger database built on top of it is right too. */
START_TEST(test_database_file_round_trip)
{
    char path[64];
    temp_path(path, sizeof path);
    memo *mm = memo_new();
    for (int ec = 0; ec <= 1; ec++) {
        ba_game *g = kt_game(4, 3, ec);
        ba_kalah_solver *S, *L;
        ba_error err;
        ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &S, NULL), BA_OK);
        ck_assert_int_eq(ba_kalah_solver_db_seeds(S), -1);
        ck_assert_int_eq(ba_kalah_solver_save_db(S, path, &err), BA_ERR_STATE);
        ck_assert_int_eq(ba_kalah_solver_build_db(S, 6, &err), BA_OK);
        ck_assert_int_eq(ba_kalah_solver_db_seeds(S), 6);
        ck_assert_msg(ba_kalah_solver_save_db(S, path, &err) == BA_OK, "%s", err.message);
        ck_assert_int_eq(file_size(path), 32 + 3003); /* header + C(6 + 8, 8) boards */

        ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &L, NULL), BA_OK);
        ck_assert_msg(ba_kalah_solver_load_db(L, path, &err) == BA_OK, "%s", err.message);
        ck_assert_int_eq(ba_kalah_solver_db_seeds(L), 6);
        ck_assert_int_eq(check_every_board(L, g, mm, 4, ec, 6), 3003);

        /* Kalah(4,3): 24 seeds, automatic database of 24/2 - 6 = 6 seeds: all loaded. */
        ba_kalah_solution a, b;
        kal_state start;
        kal_start(kal_params_of(g), &start);
        ck_assert_int_eq(ba_kalah_solver_solve(S, &start, &a, NULL), BA_OK);
        ck_assert_int_eq(ba_kalah_solver_solve(L, &start, &b, NULL), BA_OK);
        ck_assert_int_eq(b.exact, 1);
        ck_assert_int_eq(b.value, a.value);
        ck_assert_int_eq(b.value, ec ? 8 : 6); /* docs/kalah.md, both rules */
        ck_assert_int_eq(b.db_seeds, 6);
        ck_assert_uint_eq(b.db_nodes, 0);

        /* Extending the loaded database keeps its levels and solves the new ones. */
        ck_assert_int_eq(ba_kalah_solver_build_db(L, 8, &err), BA_OK);
        ck_assert_int_eq(ba_kalah_solver_db_seeds(L), 8);
        ck_assert_int_eq(check_every_board(L, g, mm, 4, ec, 8), 12870); /* C(16, 8) */

        ba_kalah_solver_free(L);
        ba_kalah_solver_free(S);
        ba_game_destroy(g);
    }
    memo_free(mm);
    remove(path);
}
END_TEST

/* A load that fails says why and leaves the solver's own database in place. */
static void expect_load_error(ba_kalah_solver *S, const char *path, int code, const char *words)
{
    ba_error err;
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(ba_kalah_solver_load_db(S, path, &err), code);
    ck_assert_int_eq(err.code, code);
    ck_assert_msg(strstr(err.message, words) != NULL, "'%s' lacks '%s'", err.message, words);
    ck_assert_int_eq(ba_kalah_solver_db_seeds(S), 4);
}

START_TEST(test_database_file_errors)
{
    char good[64], bad[64];
    temp_path(good, sizeof good);
    temp_path(bad, sizeof bad);
    ba_game *g = kt_game(4, 3, 0), *gec = kt_game(4, 3, 1), *g5 = kt_game(5, 3, 0);
    ba_kalah_solver *S, *T;
    ba_error err;
    ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &S, NULL), BA_OK);
    ck_assert_int_eq(ba_kalah_solver_build_db(S, 6, &err), BA_OK);
    ck_assert_int_eq(ba_kalah_solver_save_db(S, good, &err), BA_OK);
    const long size = file_size(good);
    /* The solver that must reject the broken files holds a 4-seed database of its own. */
    ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &T, NULL), BA_OK);
    ck_assert_int_eq(ba_kalah_solver_build_db(T, 4, &err), BA_OK);

    expect_load_error(T, "/nonexistent-dir/kalah.db", BA_ERR_STATE, "cannot open");
    copy_prefix(good, bad, 0, 0);
    expect_load_error(T, bad, BA_ERR_PARSE, "not a Kalah endgame database");
    copy_prefix(good, bad, 20, 0);
    expect_load_error(T, bad, BA_ERR_PARSE, "truncated header");
    copy_prefix(good, bad, size - 1, 0);
    expect_load_error(T, bad, BA_ERR_PARSE, "truncated");
    copy_prefix(good, bad, 32, 0);
    expect_load_error(T, bad, BA_ERR_PARSE, "truncated: 0 of 3003");
    copy_prefix(good, bad, size, 1);
    expect_load_error(T, bad, BA_ERR_PARSE, "unexpected bytes");
    for (long at = 32; at < size; at += 1000) { /* any data byte changed */
        copy_prefix(good, bad, size, 0);
        poke(bad, at, 1);
        expect_load_error(T, bad, BA_ERR_PARSE, "checksum");
    }
    copy_prefix(good, bad, size, 0);
    poke(bad, 0, 1); /* magic */
    expect_load_error(T, bad, BA_ERR_PARSE, "not a Kalah endgame database");
    copy_prefix(good, bad, size, 0);
    poke(bad, 10, 1); /* seed count: the size no longer matches */
    expect_load_error(T, bad, BA_ERR_PARSE, "corrupt header");
    copy_prefix(good, bad, size, 0);
    poke(bad, 16, 1); /* size */
    expect_load_error(T, bad, BA_ERR_PARSE, "corrupt header");
    copy_prefix(good, bad, size, 0);
    poke(bad, 12, 1); /* a reserved byte */
    expect_load_error(T, bad, BA_ERR_PARSE, "corrupt header");
    copy_prefix(good, bad, size, 0);
    poke(bad, 24, 1); /* the checksum itself */
    expect_load_error(T, bad, BA_ERR_PARSE, "checksum");
    /* Still usable after all that: its own database, then the good file. */
    ck_assert_int_eq(kal_solver_prepare_db(T, 4), BA_OK);
    ck_assert_int_eq(ba_kalah_solver_load_db(T, good, &err), BA_OK);
    ck_assert_int_eq(ba_kalah_solver_db_seeds(T), 6);

    /* Other rules: another capture rule, another pit count. */
    ba_kalah_solver *E, *F;
    ck_assert_int_eq(ba_kalah_solver_new(gec, NULL, &E, NULL), BA_OK);
    ck_assert_int_eq(ba_kalah_solver_load_db(E, good, &err), BA_ERR_ARG);
    ck_assert_msg(strstr(err.message, "standard capture") && strstr(err.message, "empty capture"),
                  "%s", err.message);
    ck_assert_int_eq(ba_kalah_solver_db_seeds(E), -1);
    ck_assert_int_eq(ba_kalah_solver_new(g5, NULL, &F, NULL), BA_OK);
    ck_assert_int_eq(ba_kalah_solver_load_db(F, good, &err), BA_ERR_ARG);
    ck_assert_msg(strstr(err.message, "4 pits") && strstr(err.message, "5 pits"), "%s",
                  err.message);

    ck_assert_int_eq(ba_kalah_solver_save_db(S, "/nonexistent-dir/kalah.db", &err),
                     BA_ERR_STATE);
    ck_assert_int_eq(ba_kalah_solver_load_db(NULL, good, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_kalah_solver_load_db(S, NULL, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_kalah_solver_save_db(S, NULL, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_kalah_solver_build_db(S, -1, &err), BA_ERR_RANGE);
    ck_assert_int_eq(ba_kalah_solver_build_db(S, 101, &err), BA_ERR_RANGE);
    ck_assert_int_eq(ba_kalah_solver_db_seeds(NULL), -1);

    ba_kalah_solver_free(F);
    ba_kalah_solver_free(E);
    ba_kalah_solver_free(T);
    ba_kalah_solver_free(S);
    ba_game_destroy(g5);
    ba_game_destroy(gec);
    ba_game_destroy(g);
    remove(good);
    remove(bad);
}
END_TEST

/* Solving the positions of one game in turn with one solver: each value is the next one (same
 * side to move) or its negation, along the solver's own best moves. */
START_TEST(test_solver_reuse_along_a_game)
{
    ba_game *g = kt_game(6, 3, 0);
    ba_kalah_solver *S;
    ck_assert_int_eq(ba_kalah_solver_new(g, NULL, &S, NULL), BA_OK);
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ba_kalah_solution sol;
    ck_assert_int_eq(ba_kalah_solver_solve(S, ba_pos_state(pos), &sol, NULL), BA_OK);
    int value_south = sol.value; /* South moves first */
    while (ba_pos_result(pos) == BA_RESULT_ONGOING) {
        ck_assert_int_eq(ba_kalah_solver_solve(S, ba_pos_state(pos), &sol, NULL), BA_OK);
        ck_assert_int_eq(sol.exact, 1);
        int south_view = ba_pos_side_to_move(pos) == 0 ? sol.value : -sol.value;
        ck_assert_int_eq(south_view, value_south);
        ck_assert_int_eq(ba_pos_play(pos, &sol.best, NULL), BA_OK);
    }
    const kal_state *end = ba_pos_state(pos);
    ck_assert_int_eq(end->store[0] - end->store[1], value_south);
    ba_pos_free(pos);
    ba_kalah_solver_free(S);
    ba_game_destroy(g);
}
END_TEST

START_TEST(test_finished_position)
{
    kal_state s;
    ba_error err;
    const ba_game *g = ba_kalah_game();
    ck_assert_int_eq(g->position_from_text(g, &s, "0 0 0 0 0 0 / 12 / 1 1 1 1 0 0 / 10 / s", &err),
                     BA_OK);
    ba_kalah_solution sol = solve(g, &s, -1, 1);
    ck_assert_int_eq(sol.value, 12 - 14);
    ck_assert_int_eq(sol.best.len, 0);
}
END_TEST

START_TEST(test_node_limit)
{
    ba_game *g = kt_game(6, 4, 0);
    ba_kalah_solve_options o = ba_kalah_solve_options_default();
    o.db_seeds = 0;
    o.tt_mb = 8;
    o.max_nodes = 50000;
    ba_kalah_solution sol;
    ck_assert_int_eq(ba_kalah_solve(g, NULL, &o, &sol, NULL), BA_OK);
    ck_assert_int_eq(sol.exact, 0);
    ck_assert_int_eq(sol.best.len, 0);
    ck_assert_int_le(sol.lower, 8); /* the proven bounds hold the true value +8 */
    ck_assert_int_ge(sol.upper, 8);
    ck_assert_int_lt(sol.nodes, 50000 + 20000);
    ba_game_destroy(g);
}
END_TEST

typedef struct stop_ctx {
    ba_kalah_solver *S;
    int progress_calls;
    ba_kalah_solution sol;
    int rc;
} stop_ctx;

static void count_progress(void *user, const ba_kalah_progress *p)
{
    stop_ctx *c = user;
    ck_assert(p->done >= 0.0 && p->done <= 1.0);
    c->progress_calls++;
}

static void *solve_thread(void *arg)
{
    stop_ctx *c = arg;
    ba_game *g = kt_game(6, 6, 0);
    kal_state s;
    kal_start(kal_params_of(g), &s);
    c->rc = ba_kalah_solver_solve(c->S, &s, &c->sol, NULL);
    ba_game_destroy(g);
    return NULL;
}

START_TEST(test_stop_from_another_thread)
{
    ba_game *g = kt_game(6, 6, 0);
    stop_ctx c;
    memset(&c, 0, sizeof c);
    ba_kalah_solve_options o = ba_kalah_solve_options_default();
    o.db_seeds = 0;
    o.tt_mb = 8;
    o.progress = count_progress;
    o.user = &c;
    ck_assert_int_eq(ba_kalah_solver_new(g, &o, &c.S, NULL), BA_OK);
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, solve_thread, &c), 0);
    struct timespec ts = {1, 300000000};
    nanosleep(&ts, NULL);
    ba_kalah_solver_stop(c.S);
    pthread_join(th, NULL);
    ck_assert_int_eq(c.rc, BA_OK);
    ck_assert_int_eq(c.sol.exact, 0);
    ck_assert_int_ge(c.progress_calls, 1);
    ck_assert_int_le(c.sol.lower, c.sol.upper);
    ba_kalah_solver_free(c.S);
    ba_game_destroy(g);
}
END_TEST

START_TEST(test_errors)
{
    ba_kalah_solver *S = NULL;
    ba_error err;
    ba_kalah_solve_options o = ba_kalah_solve_options_default();
    o.tt_mb = 0;
    ck_assert_int_eq(ba_kalah_solver_new(ba_kalah_game(), &o, &S, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "tt_mb"));
    o = ba_kalah_solve_options_default();
    o.db_seeds = 101;
    ck_assert_int_eq(ba_kalah_solver_new(ba_kalah_game(), &o, &S, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "db_seeds"));
    /* A game that is not Kalah. */
    ba_game other = *ba_kalah_game();
    other.generate = NULL;
    ck_assert_int_eq(ba_kalah_solver_new(&other, NULL, &S, &err), BA_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.message, "Kalah game"));
    ck_assert_int_eq(ba_kalah_solver_new(ba_kalah_game(), NULL, NULL, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_kalah_solver_new(ba_kalah_game(), NULL, &S, NULL), BA_OK);
    ba_kalah_solution sol;
    ck_assert_int_eq(ba_kalah_solver_solve(S, NULL, &sol, &err), BA_ERR_ARG);
    kal_state s;
    memset(&s, 0, sizeof s);
    s.pits[0][0] = 200;
    s.pits[1][0] = 1;
    ck_assert_int_eq(ba_kalah_solver_solve(S, &s, &sol, &err), BA_ERR_RANGE);
    ba_kalah_solver_free(S);
    ba_kalah_solver_free(NULL);
    ba_kalah_solver_stop(NULL);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("kalah_solver");
    TCase *tc = tcase_create("solver");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_published_values);
    tcase_add_test(tc, test_start_values_against_reference);
    tcase_add_test(tc, test_six_pit_boards_db_independent);
    tcase_add_test(tc, test_random_positions_against_reference);
    tcase_add_test(tc, test_database_against_reference);
    tcase_add_test(tc, test_database_every_board);
    tcase_add_test(tc, test_database_file_round_trip);
    tcase_add_test(tc, test_database_file_errors);
    tcase_add_test(tc, test_solver_reuse_along_a_game);
    tcase_add_test(tc, test_finished_position);
    tcase_add_test(tc, test_node_limit);
    tcase_add_test(tc, test_stop_from_another_thread);
    tcase_add_test(tc, test_errors);
    suite_add_tcase(s, tc);
    return s;
}
