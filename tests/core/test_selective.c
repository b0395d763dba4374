/* Selective alpha-beta (BA_OPT_SELECTIVE): it still finds the forced wins and losses that exact
 * search finds at the same depth, never returns an illegal move, is deterministic under
 * BA_OPT_DETERMINISTIC, and its hooks are read only when a game has them. Connect Four here
 * opts in to every hook (a null move passes the turn, futility margins from its evaluation). */
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "test_util.h"
#include "testgames.h"

/* Connect Four's state layout (connect4.c): the stones of the side to move, every stone, and
 * the plies played. A null move hands the turn over: the other side's stones become "own". */
typedef struct c4_view {
    uint64_t own, mask;
    uint32_t moves, pad;
} c4_view;

static int c4_null(const ba_game *g, void *state)
{
    (void)g;
    c4_view *s = state;
    s->own ^= s->mask;
    s->moves++;
    return BA_OK;
}

static int c4_unsafe_calls_allowed(const ba_game *g, const void *state)
{
    (void)g;
    (void)state;
    return 0;
}

static int c4_margin(const ba_game *g, const void *state, int depth)
{
    (void)g;
    (void)state;
    return 4 * depth; /* one stone is worth at most 4 */
}

static int c4_noisy(const ba_game *g, const void *state, const ba_move *m)
{
    (void)g;
    (void)state;
    return m->bytes[0] == 3; /* the centre column, to exercise the hook */
}

/* Connect Four with every selective hook. */
static ba_game hooked_connect4(void)
{
    ba_game g = *bt_connect4_game();
    g.make_null = c4_null;
    g.null_move_unsafe = c4_unsafe_calls_allowed;
    g.futility_margin = c4_margin;
    g.move_noisy = c4_noisy;
    return g;
}

static ba_engine *engine(const ba_game *g, int depth, int selective)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, selective), BA_OK);
    return e;
}

static int is_win(int v) { return v >= BA_SCORE_WIN_MIN; }
static int is_loss(int v) { return v <= -BA_SCORE_WIN_MIN; }

/* Random positions: whenever exact search at depth d proves a win or a loss, the selective
 * search at the same depth proves the same outcome. Returns the number of proofs compared. */
static int check_forced_results(const ba_game *g, int depth, int positions, int max_plies,
                                uint64_t seed)
{
    ba_engine *exact = engine(g, depth, 0);
    ba_engine *sel = engine(g, depth, 1);
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    ba_move *moves = calloc(g->max_moves, sizeof *moves);
    ck_assert_ptr_nonnull(moves);
    int proofs = 0;
    for (int t = 0; t < positions; t++) {
        ba_pos_reset(p);
        int plies = (int)(bt_lcg_next(&seed) % (uint64_t)(max_plies + 1));
        for (int k = 0; k < plies && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
            int n = ba_pos_moves(p, moves, g->max_moves);
            ba_pos_play(p, &moves[bt_lcg_next(&seed) % (uint64_t)n], NULL);
        }
        if (ba_pos_result(p) != BA_RESULT_ONGOING)
            continue;
        ba_search_result a, b;
        ck_assert_int_eq(ba_engine_search(exact, p, &a), BA_OK);
        ck_assert_int_eq(ba_engine_search(sel, p, &b), BA_OK);
        ck_assert(bt_is_legal(p, &b.best));
        char text[BA_POS_TEXT_MAX];
        ba_pos_text(p, text, sizeof text);
        if (is_win(a.score)) {
            ck_assert_msg(is_win(b.score), "%s %s depth %d: exact wins (%d), selective %d",
                          g->name, text, depth, a.score, b.score);
            proofs++;
        } else if (is_loss(a.score)) {
            ck_assert_msg(is_loss(b.score), "%s %s depth %d: exact loses (%d), selective %d",
                          g->name, text, depth, a.score, b.score);
            proofs++;
        }
    }
    free(moves);
    ba_pos_free(p);
    ba_engine_free(exact);
    ba_engine_free(sel);
    return proofs;
}

START_TEST(test_forced_wins_connect4)
{
    ba_game g = hooked_connect4();
    int proofs = check_forced_results(&g, 7, 150, 24, 11);
    ck_assert_int_gt(proofs, 20); /* the check had something to check */
}
END_TEST

START_TEST(test_forced_wins_synth)
{
    int proofs = 0;
    for (int v = 0; v < BT_SYNTH_VARIANTS; v++)
        proofs += check_forced_results(bt_synth_game(v), 5, 80, 20, 100 + (uint64_t)v);
    ck_assert_int_gt(proofs, 10);
}
END_TEST

START_TEST(test_forced_wins_small_games)
{
    /* Nim: the side to move wins exactly when the heaps' xor is not 0 (depth 8 covers every
     * game from these starts); tic-tac-toe from random openings. */
    ck_assert_int_gt(check_forced_results(bt_nim_game(), 12, 60, 3, 5), 10);
    ck_assert_int_gt(check_forced_results(bt_tictactoe_game(), 9, 60, 4, 6), 10);
}
END_TEST

/* Node limits cut searches anywhere, in null-move, verification and reduced searches alike:
 * the move is legal whatever the limit. */
START_TEST(test_never_an_illegal_move)
{
    ba_game g = hooked_connect4();
    ba_engine *e = engine(&g, 12, 1);
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &p), BA_OK);
    uint64_t seed = 77;
    ba_move moves[8];
    for (int t = 0; t < 200; t++) {
        ba_pos_reset(p);
        int plies = (int)(bt_lcg_next(&seed) % 20);
        for (int k = 0; k < plies && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
            int n = ba_pos_moves(p, moves, 8);
            ba_pos_play(p, &moves[bt_lcg_next(&seed) % (uint64_t)n], NULL);
        }
        if (ba_pos_result(p) != BA_RESULT_ONGOING)
            continue;
        ck_assert_int_eq(ba_engine_set(e, BA_OPT_NODES, 1 + (int64_t)(bt_lcg_next(&seed) % 3000)),
                         BA_OK);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert(bt_is_legal(p, &r.best));
        for (int i = 0; i < r.pv_len && i < 1; i++)
            ck_assert(ba_move_equal(&r.pv[0], &r.best));
    }
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

START_TEST(test_deterministic)
{
    ba_game g = hooked_connect4();
    ba_engine *e = engine(&g, 9, 1);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DETERMINISTIC, 1), BA_OK);
    ba_pos *p = bt_new_pos(&g, "......./......./......./......./...o.../xoxxo..");
    ba_pos *q = bt_new_pos(&g, "......./......./......./......./o.o..../x.xxox.");
    ba_search_result a, b, c;
    ck_assert_int_eq(ba_engine_search(e, p, &a), BA_OK);
    ck_assert_int_eq(ba_engine_search(e, q, &c), BA_OK); /* history and tables in between */
    ck_assert_int_eq(ba_engine_search(e, p, &b), BA_OK);
    ck_assert(ba_move_equal(&a.best, &b.best));
    ck_assert_int_eq(a.score, b.score);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert_int_eq(a.pv_len, b.pv_len);
    ba_pos_free(p);
    ba_pos_free(q);
    ba_engine_free(e);
}
END_TEST

/* The selective search really is selective (fewer nodes at the same depth), and a game flagged
 * BA_GAME_EXACT_ONLY is searched exactly whatever the option says. */
START_TEST(test_selective_prunes_and_exact_only_opts_out)
{
    ba_search_result r[3];
    for (int i = 0; i < 3; i++) {
        ba_game gi = hooked_connect4();
        if (i == 2)
            gi.flags |= BA_GAME_EXACT_ONLY;
        ba_pos *p = NULL;
        ck_assert_int_eq(ba_pos_new(&gi, &p), BA_OK);
        ba_engine *e = engine(&gi, 10, i != 1);
        ck_assert_int_eq(ba_engine_search(e, p, &r[i]), BA_OK);
        ba_engine_free(e);
        ba_pos_free(p);
    }
    ck_assert_uint_lt(r[0].nodes, r[1].nodes);
    ck_assert_uint_eq(r[2].nodes, r[1].nodes);
    ck_assert_int_eq(r[2].score, r[1].score);
}
END_TEST

/* A game without the hooks is searched with reductions only; a null move that does not pass
 * the turn is refused by the core (it would prove nothing). */
static int bad_null(const ba_game *g, void *state)
{
    (void)g;
    (void)state;
    return BA_OK; /* leaves the side to move unchanged */
}

START_TEST(test_null_move_must_pass_the_turn)
{
    ba_game good = hooked_connect4(), bad = hooked_connect4(), none = hooked_connect4();
    bad.make_null = bad_null;
    none.make_null = NULL;
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(&bad, &p), BA_OK);
    ba_search_result a, b, c;
    ba_engine *e = engine(&bad, 9, 1);
    ck_assert_int_eq(ba_engine_search(e, p, &b), BA_OK);
    ba_engine_free(e);
    ba_pos_free(p);
    ck_assert_int_eq(ba_pos_new(&none, &p), BA_OK);
    e = engine(&none, 9, 1);
    ck_assert_int_eq(ba_engine_search(e, p, &c), BA_OK);
    ba_engine_free(e);
    ba_pos_free(p);
    /* The refused null move searches exactly as no null move at all. */
    ck_assert_uint_eq(b.nodes, c.nodes);
    ck_assert_int_eq(b.score, c.score);
    ck_assert_int_eq(ba_pos_new(&good, &p), BA_OK);
    e = engine(&good, 9, 1);
    ck_assert_int_eq(ba_engine_search(e, p, &a), BA_OK);
    ck_assert_uint_ne(a.nodes, c.nodes); /* and a real one changes the search */
    ba_engine_free(e);
    ba_pos_free(p);
}
END_TEST

/* Evaluations counted, to see where the search asks for a static value. */
static int c4_evaluations;

static int c4_counted_eval(const ba_game *g, const void *state)
{
    c4_evaluations++;
    return bt_connect4_game()->evaluate(g, state);
}

static int c4_never_safe(const ba_game *g, const void *state)
{
    (void)g;
    (void)state;
    return 1;
}

/* Connect Four with the counting evaluation, searched to depth 9: its evaluations and nodes. */
static void count_evaluations(const ba_game *g, int *evaluations, uint64_t *nodes)
{
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    ba_engine *e = engine(g, 9, 1);
    ba_search_result r;
    c4_evaluations = 0;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    *evaluations = c4_evaluations;
    *nodes = r.nodes;
    ba_engine_free(e);
    ba_pos_free(p);
}

/* Without a futility margin the static value of an interior node serves only the null move: a
 * node where the game says passing is unsafe is not evaluated for it (Arimaa's step game tries
 * a null move only at a turn start, and its evaluation is the dear part of a node). */
START_TEST(test_no_static_value_where_no_null_move_may_be_tried)
{
    ba_game none = *bt_connect4_game(), unsafe = none, safe = none;
    none.evaluate = unsafe.evaluate = safe.evaluate = c4_counted_eval;
    unsafe.make_null = safe.make_null = c4_null;
    unsafe.null_move_unsafe = c4_never_safe;
    safe.null_move_unsafe = c4_unsafe_calls_allowed;
    int ev_none, ev_unsafe, ev_safe; /* (ev_safe: the null move's cuts save evaluations too) */
    uint64_t n_none, n_unsafe, n_safe;
    count_evaluations(&none, &ev_none, &n_none);
    count_evaluations(&unsafe, &ev_unsafe, &n_unsafe);
    count_evaluations(&safe, &ev_safe, &n_safe);
    ck_assert_int_eq(ev_unsafe, ev_none);
    ck_assert_uint_eq(n_unsafe, n_none);
    ck_assert_uint_ne(n_safe, n_none); /* where it may be tried, the null move acts */
}
END_TEST

/* noisy_only for Nim: "forced" whenever an even number of counters is left (Nim has one move per
 * heap and count, so the number of legal moves is the number of counters). */
static int nim_even_forced(const ba_game *g, const void *state)
{
    ba_move moves[64];
    ba_history h = {NULL, 0};
    int n = g->generate(g, state, &h, moves, 64);
    return n > 0 && n % 2 == 0;
}

/* The quiescence value at ply as the selective search defines it (stand pat unless @p forced
 * says the node is forced, then the best noisy move, or the static value without one), by a
 * plain full-width recursion over the game's vtable: the reference for the engine. */
static int ref_quiesce(const ba_game *g, const void *st, int ply, int use_forced)
{
    ba_history h = {NULL, 0};
    int r = g->status(g, st, &h);
    if (r != BA_RESULT_ONGOING) {
        if (r == BA_RESULT_DRAW)
            return BA_SCORE_DRAW;
        int winner = r == BA_RESULT_WIN0 ? 0 : 1;
        return winner == g->side_to_move(g, st) ? BA_SCORE_WIN - ply : -(BA_SCORE_WIN - ply);
    }
    int forced = use_forced && g->noisy_only(g, st);
    ba_move moves[64];
    int n = g->generate_noisy(g, st, &h, moves, 64);
    ck_assert_int_ge(n, 0);
    int best = forced && n > 0 ? -BA_SCORE_INF : g->evaluate(g, st);
    unsigned char child[256];
    ck_assert_uint_le(g->state_size, sizeof child);
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        ck_assert_int_eq(g->apply(g, child, &moves[i]), BA_OK);
        int v = -ref_quiesce(g, child, ply + 1, use_forced);
        if (v > best)
            best = v;
    }
    return best;
}

/* The depth-1 value: the best move by the quiescence value of its child. */
static int ref_depth1(const ba_game *g, const void *st, int use_forced)
{
    ba_history h = {NULL, 0};
    ba_move moves[64];
    int n = g->generate(g, st, &h, moves, 64);
    int best = -BA_SCORE_INF;
    unsigned char child[256];
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        ck_assert_int_eq(g->apply(g, child, &moves[i]), BA_OK);
        int v = -ref_quiesce(g, child, 1, use_forced);
        if (v > best)
            best = v;
    }
    return best;
}

/* At a node the game declares forced (noisy_only) the selective search does not stand pat in
 * quiescence: its depth-1 value is the reference's with the rule, while the exact search keeps
 * standing pat everywhere (the reference without it), and the rule did change some values. */
START_TEST(test_no_stand_pat_where_forced)
{
    ba_game g = *bt_nim_game();
    g.noisy_only = nim_even_forced;
    ba_engine *exact = engine(&g, 1, 0);
    ba_engine *sel = engine(&g, 1, 1);
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &p), BA_OK);
    ba_move moves[64];
    uint64_t seed = 5;
    int differ = 0;
    for (int t = 0; t < 60; t++) {
        ba_pos_reset(p);
        int plies = (int)(bt_lcg_next(&seed) % 5);
        for (int k = 0; k < plies && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
            int n = ba_pos_moves(p, moves, 64);
            ba_pos_play(p, &moves[bt_lcg_next(&seed) % (uint64_t)n], NULL);
        }
        if (ba_pos_result(p) != BA_RESULT_ONGOING)
            continue;
        const void *st = ba_pos_state(p);
        ba_search_result a, b;
        ck_assert_int_eq(ba_engine_search(exact, p, &a), BA_OK);
        ck_assert_int_eq(ba_engine_search(sel, p, &b), BA_OK);
        int with = ref_depth1(&g, st, 1), without = ref_depth1(&g, st, 0);
        ck_assert_int_eq(a.score, without);
        ck_assert_int_eq(b.score, with);
        differ += with != without;
    }
    ck_assert_int_gt(differ, 0); /* the positions did exercise the rule */
    ba_pos_free(p);
    ba_engine_free(exact);
    ba_engine_free(sel);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("selective");
    TCase *tc = tcase_create("selective");
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, test_forced_wins_connect4);
    tcase_add_test(tc, test_forced_wins_synth);
    tcase_add_test(tc, test_forced_wins_small_games);
    tcase_add_test(tc, test_never_an_illegal_move);
    tcase_add_test(tc, test_deterministic);
    tcase_add_test(tc, test_selective_prunes_and_exact_only_opts_out);
    tcase_add_test(tc, test_null_move_must_pass_the_turn);
    tcase_add_test(tc, test_no_static_value_where_no_null_move_may_be_tried);
    tcase_add_test(tc, test_no_stand_pat_where_forced);
    suite_add_tcase(s, tc);
    return s;
}
