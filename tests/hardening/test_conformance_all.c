/* tests/hardening/test_conformance_all.c: the conformance suite for every enabled game and
 * variant (hard_games.c), one shared driver.
 *
 * Per table entry:
 *  1. ba_conformance_run() (tests/support): seeded random games checking the vtable contract at
 *     every position (hash recomputed from the re-read text equals the incremental one, position
 *     and move text round-trip, unique canonical legal moves that each apply cleanly, terminal
 *     positions have no moves and a result, game length within max_plies, ...).
 *  2. An undo/clone walk through the public ba_pos API, which (1) does not cover: after every
 *     move, ba_pos_undo() restores exactly the text, hash, ply, side and legal move list of the
 *     position before, a clone equals the original, the move played by text equals the move
 *     played by value, and undoing the whole game leads back to the start position.
 * The totals are printed (they go into the hardening report).
 */
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "conformance.h"
#include "hard_games.h"
#include "hard_util.h"

typedef struct walk_totals {
    uint64_t games, plies, undos, clones;
} walk_totals;

typedef struct snapshot {
    char text[BA_POS_TEXT_MAX];
    uint64_t hash;
    size_t ply;
    int side;
    int nmoves;
} snapshot;

static void snap(const ba_pos *pos, snapshot *s, ba_move *moves, size_t cap)
{
    ck_assert_int_ge(ba_pos_text(pos, s->text, sizeof s->text), 0);
    s->hash = ba_pos_hash(pos);
    s->ply = ba_pos_ply(pos);
    s->side = ba_pos_side_to_move(pos);
    s->nmoves = ba_pos_moves(pos, moves, cap);
    ck_assert_int_ge(s->nmoves, 0);
}

static void same_snapshot(const snapshot *a, const snapshot *b, const ba_move *ma,
                          const ba_move *mb, const char *what, const char *where)
{
    ck_assert_msg(strcmp(a->text, b->text) == 0, "%s: %s: text '%s' != '%s'", where, what,
                  a->text, b->text);
    ck_assert_msg(a->hash == b->hash, "%s: %s: hash differs", where, what);
    ck_assert_msg(a->ply == b->ply, "%s: %s: ply %zu != %zu", where, what, a->ply, b->ply);
    ck_assert_msg(a->side == b->side, "%s: %s: side differs", where, what);
    ck_assert_msg(a->nmoves == b->nmoves, "%s: %s: %d moves != %d", where, what, a->nmoves,
                  b->nmoves);
    for (int i = 0; i < a->nmoves; i++)
        ck_assert_msg(ba_move_equal(&ma[i], &mb[i]), "%s: %s: move %d differs", where, what, i);
}

static void undo_walk(const ba_game *g, uint64_t seed, int games, int max_plies,
                      walk_totals *tot)
{
    size_t cap = g->max_moves;
    ba_move *before = malloc(cap * sizeof *before), *after = malloc(cap * sizeof *after);
    snapshot *sa = malloc(sizeof *sa), *sb = malloc(sizeof *sb), *start = malloc(sizeof *start);
    ck_assert(before && after && sa && sb && start);
    size_t limit = max_plies > 0 ? (size_t)max_plies : g->max_plies ? g->max_plies : 1000;
    uint64_t rng = seed;
    for (int gi = 0; gi < games; gi++) {
        ba_pos *pos = NULL;
        ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
        snap(pos, start, before, cap);
        char where[160];
        size_t ply = 0;
        for (;; ply++) {
            snprintf(where, sizeof where, "%s seed %llu game %d ply %zu", g->name,
                     (unsigned long long)seed, gi, ply);
            snap(pos, sa, before, cap);
            int result = ba_pos_result(pos);
            ck_assert_int_ge(result, BA_RESULT_ONGOING);
            if (result != BA_RESULT_ONGOING || sa->nmoves == 0) {
                ck_assert_msg(result != BA_RESULT_ONGOING && sa->nmoves == 0,
                              "%s: result %d with %d moves", where, result, sa->nmoves);
                break;
            }
            if (ply >= limit)
                break;
            const ba_move mv = before[hard_rand(&rng) % (uint64_t)sa->nmoves];
            /* The move by value, then undone: everything as before. */
            ck_assert_int_eq(ba_pos_play(pos, &mv, NULL), BA_OK);
            snap(pos, sb, after, cap);
            ck_assert_int_eq(ba_pos_undo(pos), BA_OK);
            tot->undos++;
            snapshot *again = malloc(sizeof *again);
            ba_move *moves2 = malloc(cap * sizeof *moves2);
            ck_assert(again && moves2);
            snap(pos, again, moves2, cap);
            same_snapshot(sa, again, before, moves2, "after play+undo", where);
            /* The same move by its text: the same position as by value. */
            char text[BA_MOVE_TEXT_MAX];
            ck_assert_int_ge(ba_pos_move_text(pos, &mv, text, sizeof text), 0);
            ba_error err;
            ck_assert_msg(ba_pos_play_text(pos, text, &err) == BA_OK, "%s: '%s': %s", where,
                          text, err.message);
            snap(pos, again, moves2, cap);
            same_snapshot(sb, again, after, moves2, "play by text vs by value", where);
            /* A clone is equal and independent. */
            ba_pos *copy = NULL;
            ck_assert_int_eq(ba_pos_clone(pos, &copy), BA_OK);
            snap(copy, again, moves2, cap);
            same_snapshot(sb, again, after, moves2, "clone", where);
            if (again->nmoves > 0) {
                ck_assert_int_eq(ba_pos_play(copy, &moves2[0], NULL), BA_OK);
                snap(pos, again, moves2, cap);
                same_snapshot(sb, again, after, moves2, "original after a move on the clone",
                              where);
            }
            ba_pos_free(copy);
            tot->clones++;
            free(again);
            free(moves2);
            /* The move played is remembered. */
            ba_move back;
            ck_assert_int_eq(ba_pos_move_at(pos, ply, &back), BA_OK);
            ck_assert_msg(ba_move_equal(&back, &mv), "%s: move_at differs", where);
            tot->plies++;
            if (g->max_plies)
                ck_assert_msg(ply + 1 <= g->max_plies, "%s: longer than max_plies %zu", where,
                              g->max_plies);
        }
        /* Undo the whole game: back at the start, then nothing left to undo. */
        while (ba_pos_ply(pos) > 0) {
            ck_assert_int_eq(ba_pos_undo(pos), BA_OK);
            tot->undos++;
        }
        snap(pos, sa, before, cap);
        snap(pos, sb, after, cap);
        ck_assert_msg(strcmp(sa->text, start->text) == 0 && sa->hash == start->hash,
                      "%s seed %llu game %d: undoing every move does not reach the start",
                      g->name, (unsigned long long)seed, gi);
        ck_assert_int_eq(ba_pos_undo(pos), BA_ERR_STATE);
        ba_pos_free(pos);
        tot->games++;
    }
    free(before);
    free(after);
    free(sa);
    free(sb);
    free(start);
}

START_TEST(test_conformance_entry)
{
    size_t n;
    const hard_game *t = hard_games(&n);
    ck_assert_int_lt(_i, (int)n);
    const hard_game *e = &t[_i];
    const ba_game *g = NULL;
    int owned = 0;
    ck_assert_msg(e->make(&g, &owned) == 0, "%s (%s): cannot make the game", e->module,
                  e->variant);
    uint64_t seed = 1000 + (uint64_t)_i;
    char msg[1024];
    ba_conformance_stats st;
    int games = hard_scaled(e->conformance_games);
    int rc = ba_conformance_run(g, seed, games, e->conformance_plies, &st, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s (%s): %s", e->module, e->variant, msg);
    ck_assert_int_eq(st.games, (uint64_t)games);
    walk_totals w = {0, 0, 0, 0};
    int walk_games = games / 4 > 0 ? games / 4 : 1;
    undo_walk(g, seed * 7 + 1, walk_games, e->conformance_plies, &w);
    printf("conformance %-8s %-52s games %6llu positions %8llu moves %9llu "
           "(W0 %llu W1 %llu D %llu cut %llu, longest %llu, most moves %llu); "
           "undo walk: games %llu plies %llu undos %llu clones %llu\n",
           e->module, e->variant, (unsigned long long)st.games,
           (unsigned long long)st.positions, (unsigned long long)st.moves_checked,
           (unsigned long long)st.results[1], (unsigned long long)st.results[2],
           (unsigned long long)st.results[3], (unsigned long long)st.results[0],
           (unsigned long long)st.longest_game, (unsigned long long)st.max_moves_seen,
           (unsigned long long)w.games, (unsigned long long)w.plies,
           (unsigned long long)w.undos, (unsigned long long)w.clones);
    fflush(stdout);
    if (owned)
        ba_game_destroy((ba_game *)(uintptr_t)g);
}
END_TEST

/* The table itself: every enabled module has at least one entry that can be made. */
START_TEST(test_table_complete)
{
    size_t n;
    const hard_game *t = hard_games(&n);
    for (size_t i = 0; i < n; i++) {
        const ba_game *g = NULL;
        int owned = 0;
        ck_assert_int_eq(t[i].make(&g, &owned), 0);
        ck_assert_str_eq(g->name, t[i].module);
        if (owned)
            ba_game_destroy((ba_game *)(uintptr_t)g);
    }
#if BA_HAVE_KALAH
    ck_assert_int_ge(hard_game_find("kalah"), 0);
#endif
#if BA_HAVE_CHESS
    ck_assert_int_ge(hard_game_find("chess"), 0);
#endif
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("hardening_conformance");
    TCase *tc = tcase_create("every game");
    tcase_set_timeout(tc, 600);
    size_t n;
    hard_games(&n);
    tcase_add_test(tc, test_table_complete);
    tcase_add_loop_test(tc, test_conformance_entry, 0, (int)n);
    suite_add_tcase(s, tc);
    return s;
}
