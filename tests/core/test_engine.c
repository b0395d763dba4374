/* The engine: settings and errors, limits, stop from another thread, determinism and noise,
 * progress reports, and search values checked against independent truths (Nim's xor rule,
 * tic-tac-toe's draw, a brute-force minimax with extra turns, TT reuse across histories). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardai/engine.h>

#include "check_main.h"
#include "conformance.h"
#include "test_util.h"
#include "testgames.h"

/* ASan aborts on absurd allocations unless told to return NULL like malloc does. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }

static ba_engine *new_engine(const ba_game *g)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_ptr_nonnull(e);
    return e;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

START_TEST(settings_ranges_and_defaults)
{
    ba_engine *e = new_engine(bt_nim_game());
    int64_t v;
    const struct {
        ba_option o;
        int64_t def, bad_low, bad_high;
    } cases[] = {
        {BA_OPT_ALGORITHM, BA_ALG_ALPHABETA, -1, BA_ALG_MCTS + 1},
        {BA_OPT_DEPTH, 64, 0, BA_MAX_DEPTH + 1},
        {BA_OPT_NODES, 0, -1, -2},
        {BA_OPT_TIME_MS, 0, -1, INT64_MAX},
        {BA_OPT_TT_MB, 16, -1, ((int64_t)1 << 20) + 1},
        {BA_OPT_NOISE, 0, -1, BA_SCORE_EVAL_MAX + 1},
        {BA_OPT_QUIESCENCE, 1, -1, 2},
        {BA_OPT_ASPIRATION, 0, -1, BA_SCORE_EVAL_MAX + 1},
        {BA_OPT_THREADS, 1, 0, 65},
        {BA_OPT_BF_MIN_DEPTH, 2, 0, BA_MAX_DEPTH + 1},
        {BA_OPT_BF_SCHEDULE, 2, 0, 9},
        {BA_OPT_TT_DEEPER, 0, -1, 2},
        {BA_OPT_QDEPTH, 32, -1, BA_MAX_DEPTH + 1},
        {BA_OPT_MCTS_C, 700, -1, 100001},
        {BA_OPT_MCTS_PLAYOUT, 0, -2, 10001},
        {BA_OPT_MCTS_SOLVER, 1, -1, 2},
        {BA_OPT_MCTS_MEMORY_MB, 64, 0, ((int64_t)1 << 20) + 1},
        {BA_OPT_DETERMINISTIC, 0, -1, 2},
        {BA_OPT_MCTS_EVAL_SCALE, 400, 0, BA_SCORE_EVAL_MAX + 1},
        {BA_OPT_MCTS_ITERATIONS, 100000, -1, -2},
        {BA_OPT_MCTS_REUSE, 1, -1, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(ba_engine_get(e, cases[i].o, &v), BA_OK);
        ck_assert_int_eq(v, cases[i].def);
        ck_assert_int_eq(ba_engine_set(e, cases[i].o, cases[i].bad_low), BA_ERR_RANGE);
        ck_assert_int_eq(ba_engine_set(e, cases[i].o, cases[i].bad_high), BA_ERR_RANGE);
        ck_assert_int_eq(ba_engine_get(e, cases[i].o, &v), BA_OK);
        ck_assert_int_eq(v, cases[i].def); /* unchanged by a refused value */
    }
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 7), BA_OK);
    ck_assert_int_eq(ba_engine_get(e, BA_OPT_DEPTH, &v), BA_OK);
    ck_assert_int_eq(v, 7);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SEED, -5), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, (ba_option)99, 1), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_set(e, (ba_option)-1, 1), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_get(e, (ba_option)99, &v), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_get(e, BA_OPT_DEPTH, NULL), BA_ERR_ARG);
    ba_engine_free(e);
}
END_TEST

START_TEST(null_handles)
{
    ba_engine *e = new_engine(bt_nim_game());
    ba_pos *p = bt_new_pos(bt_nim_game(), NULL);
    ba_search_result r;
    int64_t v;
    ba_engine *none = e;
    ck_assert_int_eq(ba_engine_new(NULL, &none), BA_ERR_ARG);
    ck_assert_ptr_null(none);
    ck_assert_int_eq(ba_engine_new(bt_nim_game(), NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_set(NULL, BA_OPT_DEPTH, 3), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_get(NULL, BA_OPT_DEPTH, &v), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_set_progress(NULL, NULL, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_clear(NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_search(NULL, p, &r), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_search(e, NULL, &r), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_search(e, p, NULL), BA_ERR_ARG);
    ba_engine_stop(NULL);
    ba_engine_free(NULL);
    /* A position of another game. */
    ba_pos *q = bt_new_pos(bt_tictactoe_game(), NULL);
    ck_assert_int_eq(ba_engine_search(e, q, &r), BA_ERR_ARG);
    /* A game vtable missing a function. */
    ba_game broken = *bt_nim_game();
    broken.status = NULL;
    ba_engine *b = NULL;
    ck_assert_int_eq(ba_engine_new(&broken, &b), BA_ERR_GAME);
    ck_assert_ptr_null(b);
    ba_pos_free(q);
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

START_TEST(game_over_is_state_error)
{
    ba_engine *e = new_engine(bt_nim_game());
    ba_pos *p = bt_new_pos(bt_nim_game(), "0 0 / 1");
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_ERR_STATE);
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

START_TEST(tt_allocation_failure)
{
    ba_engine *e = new_engine(bt_synth_game(0));
    /* 1 TiB: refused by the allocator; an error code, the old table kept. */
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_TT_MB, (int64_t)1 << 20), BA_ERR_NOMEM);
    int64_t v;
    ba_engine_get(e, BA_OPT_TT_MB, &v);
    ck_assert_int_eq(v, 16);
    ba_pos *p = bt_new_pos(bt_synth_game(0), NULL);
    ba_search_result r;
    ba_engine_set(e, BA_OPT_DEPTH, 4);
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert(bt_is_legal(p, &r.best));
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_TT_MB, 0), BA_OK); /* no table at all works too */
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert(bt_is_legal(p, &r.best));
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

/* Nim: the side to move wins exactly when the xor of the heaps is non-zero, and with perfect
 * play the game is decided; the search to the end must agree, for every algorithm. */
START_TEST(nim_truth)
{
    const char *texts[] = {"1 2 3 / 0", "1 2 / 1", "2 2 / 0", "3 1 2 / 1", "4 1 / 0",
                           "2 3 1 / 0", "1 1 1 / 1", "5 / 0",   "3 3 1 / 0"};
    int xors[] = {0, 3, 0, 0, 5, 0, 1, 5, 1};
    for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_ALPHABETA; alg++)
        for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
            ba_engine *e = new_engine(bt_nim_game());
            ba_pos *p = bt_new_pos(bt_nim_game(), texts[t]);
            ba_engine_set(e, BA_OPT_ALGORITHM, alg);
            ba_engine_set(e, BA_OPT_DEPTH, 8);
            ba_search_result r;
            ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
            if (xors[t]) {
                ck_assert_msg(r.score >= BA_SCORE_WIN_MIN, "%s alg %d: %d", texts[t], alg, r.score);
                ba_error err;
                ck_assert_int_eq(ba_pos_play(p, &r.best, &err), BA_OK);
                /* The winning move leaves a zero xor. */
                const unsigned char *st = ba_pos_state(p);
                int x = 0;
                for (int h = 0; h < st[4]; h++)
                    x ^= st[h];
                ck_assert_int_eq(x, 0);
            } else {
                ck_assert_msg(r.score <= -BA_SCORE_WIN_MIN, "%s alg %d: %d", texts[t], alg, r.score);
            }
            ba_pos_free(p);
            ba_engine_free(e);
        }
}
END_TEST

START_TEST(tictactoe_draw_and_fast_win)
{
    for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_ALPHABETA; alg++) {
        ba_engine *e = new_engine(bt_tictactoe_game());
        ba_pos *p = bt_new_pos(bt_tictactoe_game(), NULL);
        ba_engine_set(e, BA_OPT_ALGORITHM, alg);
        ba_engine_set(e, BA_OPT_DEPTH, 9);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.score, 0); /* perfect play draws */
        /* x can win at once on c1 or later; the faster win scores higher and is chosen. */
        ba_error err;
        ck_assert_int_eq(ba_pos_set_text(p, "xx.oo.... x", &err), BA_OK);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.score, BA_SCORE_WIN - 1);
        char t[8];
        ba_pos_move_text(p, &r.best, t, sizeof t);
        ck_assert_str_eq(t, "c1");
        /* o to move, lost in 3 plies at best whatever it does: x has a double threat. */
        ck_assert_int_eq(ba_pos_set_text(p, "x.x.o...x o", &err), BA_OK);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.score, -(BA_SCORE_WIN - 2));
        ba_pos_free(p);
        ba_engine_free(e);
    }
}
END_TEST

/* Independent minimax over the public vtable with the extra-turn rule written out: the value
 * is from the side to move's view; a child's value is negated only if the side changed. */
static int brute(const ba_game *g, const unsigned char *st, int depth, int ply)
{
    ba_history h = {NULL, 0};
    int res = g->status(g, st, &h);
    int stm = g->side_to_move(g, st);
    if (res == BA_RESULT_DRAW)
        return 0;
    if (res != BA_RESULT_ONGOING)
        return ba_result_winner(res) == stm ? BA_SCORE_WIN - ply : -(BA_SCORE_WIN - ply);
    if (depth == 0)
        return g->evaluate(g, st);
    ba_move moves[64];
    int n = g->generate(g, st, &h, moves, 64);
    ck_assert_int_gt(n, 0);
    int best = -BA_SCORE_INF;
    unsigned char child[64];
    ck_assert_uint_le(g->state_size, sizeof child);
    for (int i = 0; i < n; i++) {
        memcpy(child, st, g->state_size);
        g->apply(g, child, &moves[i]);
        int v = brute(g, child, depth - 1, ply + 1);
        if (g->side_to_move(g, child) != stm)
            v = -v;
        if (v > best)
            best = v;
    }
    return best;
}

START_TEST(extra_turns_match_bruteforce)
{
    const ba_game *g = bt_synth_game(2); /* extra turn on a third of the moves */
    ba_pos *p = bt_new_pos(g, NULL);
    ba_move moves[64];
    int extra = 0;
    for (int trial = 0; trial < 40; trial++) {
        ba_pos_reset(p);
        for (int k = 0; k < trial % 7; k++) {
            int n = ba_pos_moves(p, moves, 64);
            if (n <= 0)
                break;
            int before = ba_pos_side_to_move(p);
            ba_pos_play(p, &moves[(trial * 7 + k) % n], NULL);
            extra += ba_pos_side_to_move(p) == before;
        }
        if (ba_pos_result(p) != BA_RESULT_ONGOING)
            continue;
        for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_ALPHABETA; alg++) {
            ba_engine *e = new_engine(g);
            ba_engine_set(e, BA_OPT_ALGORITHM, alg);
            ba_engine_set(e, BA_OPT_DEPTH, 4);
            ba_engine_set(e, BA_OPT_QUIESCENCE, 0);
            ba_search_result r;
            ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
            ck_assert_int_eq(r.score, brute(g, ba_pos_state(p), 4, 0));
            ba_engine_free(e);
        }
    }
    ck_assert_int_gt(extra, 0); /* the trials did contain extra turns */
    ba_pos_free(p);
}
END_TEST

START_TEST(node_and_time_limits)
{
    const ba_game *g = bt_synth_game(3); /* cyclic: no natural end, deep search never finishes */
    ba_pos *p = bt_new_pos(g, NULL);
    for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_BESTFIRST; alg++) {
        ba_engine *e = new_engine(g);
        ba_engine_set(e, BA_OPT_ALGORITHM, alg);
        ba_engine_set(e, BA_OPT_NODES, 1);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert(bt_is_legal(p, &r.best));
        ck_assert_int_eq(r.stopped, 1);
        ck_assert_uint_le(r.nodes, 1);
        ba_engine_set(e, BA_OPT_NODES, 0);
        ba_engine_set(e, BA_OPT_TIME_MS, 1);
        double t0 = now_s();
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert(now_s() - t0 < 5.0);
        ck_assert(bt_is_legal(p, &r.best));
        ck_assert_int_eq(r.stopped, 1);
        /* A node limit gives the same result every time. */
        ba_engine_set(e, BA_OPT_TIME_MS, 0);
        ba_engine_set(e, BA_OPT_NODES, 5000);
        ba_search_result r2;
        ba_engine_clear(e);
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ba_engine_clear(e);
        ck_assert_int_eq(ba_engine_search(e, p, &r2), BA_OK);
        ck_assert(ba_move_equal(&r.best, &r2.best));
        ck_assert_int_eq(r.score, r2.score);
        ck_assert_uint_eq(r.nodes, r2.nodes);
        ck_assert_uint_eq(r.nodes, 5000);
        ck_assert(bt_is_legal(p, &r.best));
        ba_engine_free(e);
    }
    ba_pos_free(p);
}
END_TEST

/* A search stopped inside a depth after its first root move was searched plays that move, and
 * returns that move's line (lengthened from the table), not the move alone: a game whose turn is
 * several moves plays the line's moves of its turn (Arimaa's step game). Node limits stop it at
 * many points of many depths; every line is legal, starts with the best move, and is longer
 * than one move once a depth beyond the first is finished. */
START_TEST(stopped_search_keeps_its_line)
{
    const ba_game *g = bt_synth_game(3); /* cyclic: no natural end, every line goes on */
    ba_pos *p = bt_new_pos(g, NULL);
    ba_engine *e = new_engine(g);
    ba_engine_set(e, BA_OPT_ALGORITHM, BA_ALG_ALPHABETA);
    int deep = 0;
    for (int64_t nodes = 300; nodes <= 30000; nodes += 173) {
        ba_engine_clear(e);
        ba_engine_set(e, BA_OPT_NODES, nodes);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(r.stopped, 1);
        ck_assert_int_ge(r.pv_len, 1);
        ck_assert(ba_move_equal(&r.pv[0], &r.best));
        ba_pos *line = NULL;
        ck_assert_int_eq(ba_pos_clone(p, &line), BA_OK);
        for (int k = 0; k < r.pv_len; k++) {
            ck_assert(bt_is_legal(line, &r.pv[k]));
            ck_assert_int_eq(ba_pos_play(line, &r.pv[k], NULL), BA_OK);
        }
        ba_pos_free(line);
        if (r.depth >= 2) {
            deep++;
            ck_assert_int_ge(r.pv_len, 2);
        }
    }
    ck_assert_int_gt(deep, 100);
    ba_engine_free(e);
    ba_pos_free(p);
}
END_TEST

typedef struct stopper {
    ba_engine *e;
    int delay_ms;
} stopper;

static void *stop_later(void *arg)
{
    stopper *s = arg;
    struct timespec ts = {0, (long)s->delay_ms * 1000000L};
    nanosleep(&ts, NULL);
    ba_engine_stop(s->e);
    return NULL;
}

START_TEST(stop_from_another_thread)
{
    const ba_game *g = bt_synth_game(3);
    ba_pos *p = bt_new_pos(g, NULL);
    for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_BESTFIRST; alg++) {
        ba_engine *e = new_engine(g);
        ba_engine_set(e, BA_OPT_ALGORITHM, alg);
        ba_engine_stop(e); /* idle: a no-op, must not cancel the next search */
        stopper s = {e, 150};
        pthread_t th;
        ck_assert_int_eq(pthread_create(&th, NULL, stop_later, &s), 0);
        double t0 = now_s();
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        double took = now_s() - t0;
        pthread_join(th, NULL);
        ck_assert_msg(took >= 0.1 && took < 5.0, "took %f s", took);
        ck_assert_int_eq(r.stopped, 1);
        ck_assert(bt_is_legal(p, &r.best));
        ck_assert_int_ge(r.depth, 1);
        ba_engine_free(e);
    }
    ba_pos_free(p);
}
END_TEST

START_TEST(idle_stop_is_noop)
{
    ba_engine *e = new_engine(bt_synth_game(0));
    ba_pos *p = bt_new_pos(bt_synth_game(0), NULL);
    ba_engine_set(e, BA_OPT_DEPTH, 3);
    ba_engine_stop(e);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert_int_eq(r.stopped, 0);
    ck_assert_int_eq(r.depth, 3);
    ba_pos_free(p);
    ba_engine_free(e);
}
END_TEST

START_TEST(determinism_and_noise)
{
    const ba_game *g = bt_synth_game(1);
    ba_pos *p = bt_new_pos(g, NULL);
    ba_search_result ref = {0};
    int distinct = 0;
    for (int seed = 0; seed < 8; seed++) {
        ba_search_result r[2];
        for (int k = 0; k < 2; k++) {
            ba_engine *e = new_engine(g);
            ba_engine_set(e, BA_OPT_DEPTH, 5);
            ba_engine_set(e, BA_OPT_NOISE, 400);
            ba_engine_set(e, BA_OPT_SEED, seed);
            ck_assert_int_eq(ba_engine_search(e, p, &r[k]), BA_OK);
            ba_engine_free(e);
        }
        /* same seed, same everything */
        ck_assert(ba_move_equal(&r[0].best, &r[1].best));
        ck_assert_int_eq(r[0].score, r[1].score);
        ck_assert_uint_eq(r[0].nodes, r[1].nodes);
        ck_assert_int_eq(r[0].pv_len, r[1].pv_len);
        ck_assert(memcmp(r[0].pv, r[1].pv, (size_t)r[0].pv_len * sizeof(ba_move)) == 0);
        ck_assert(bt_is_legal(p, &r[0].best));
        if (seed == 0)
            ref = r[0];
        else
            distinct += r[0].score != ref.score;
    }
    /* Noise of +-400 on evaluations of +-1000 changes the value for some seed. */
    ck_assert_int_gt(distinct, 0);
    ba_pos_free(p);
}
END_TEST

typedef struct progress_log {
    int calls, last_depth, last_score, pv_ok, monotonic, set_refused;
    ba_engine *e;
    ba_move first;
} progress_log;

static void on_progress(void *user, const ba_progress *pr)
{
    progress_log *l = user;
    if (pr->depth != l->last_depth + 1)
        l->monotonic = 0;
    l->calls++;
    l->last_depth = pr->depth;
    l->last_score = pr->score;
    l->pv_ok &= pr->pv_len >= 1 && pr->pv != NULL;
    if (pr->pv_len >= 1)
        l->first = pr->pv[0];
    /* Settings cannot change under a running search. */
    l->set_refused &= ba_engine_set(l->e, BA_OPT_DEPTH, 3) == BA_ERR_STATE;
}

START_TEST(progress_reports)
{
    const ba_game *g = bt_synth_game(0);
    ba_pos *p = bt_new_pos(g, NULL);
    for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_BESTFIRST; alg++) {
        ba_engine *e = new_engine(g);
        progress_log l = {0, 0, 0, 1, 1, 1, e, BA_MOVE_NONE};
        ba_engine_set(e, BA_OPT_ALGORITHM, alg);
        ba_engine_set(e, BA_OPT_DEPTH, 5);
        ck_assert_int_eq(ba_engine_set_progress(e, on_progress, &l), BA_OK);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
        ck_assert_int_eq(l.calls, r.depth);
        ck_assert_int_eq(l.last_depth, r.depth);
        ck_assert_int_eq(l.last_score, r.score);
        ck_assert(l.monotonic);
        ck_assert(l.pv_ok);
        ck_assert(l.set_refused);
        ck_assert(ba_move_equal(&l.first, &r.best));
        ck_assert(ba_move_equal(&r.pv[0], &r.best));
        /* The PV is a legal line. */
        ba_pos *c = NULL;
        ba_pos_clone(p, &c);
        for (int i = 0; i < r.pv_len; i++)
            ck_assert_int_eq(ba_pos_play(c, &r.pv[i], NULL), BA_OK);
        /* Alpha-beta's PV (lengthened from the table past table cut-offs) runs to the full
         * depth unless the game ends first. */
        if (alg == BA_ALG_ALPHABETA)
            ck_assert(r.pv_len == r.depth || ba_pos_result(c) != BA_RESULT_ONGOING);
        ba_pos_free(c);
        ck_assert_int_eq(ba_engine_set_progress(e, NULL, NULL), BA_OK);
        ba_engine_free(e);
    }
    ba_pos_free(p);
}
END_TEST

START_TEST(bestfirst_legal_at_all_depths)
{
    for (int v = 0; v < BT_SYNTH_VARIANTS; v++) {
        const ba_game *g = bt_synth_game(v);
        ba_pos *p = bt_new_pos(g, NULL);
        for (int depth = 1; depth <= 7; depth++)
            for (int sched = 1; sched <= 3; sched++) {
                ba_engine *e = new_engine(g);
                ba_engine_set(e, BA_OPT_ALGORITHM, BA_ALG_BESTFIRST);
                ba_engine_set(e, BA_OPT_DEPTH, depth);
                ba_engine_set(e, BA_OPT_BF_SCHEDULE, sched);
                ba_engine_set(e, BA_OPT_BF_MIN_DEPTH, sched);
                ba_search_result r;
                ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
                ck_assert(bt_is_legal(p, &r.best));
                ck_assert_int_eq(r.depth, depth);
                ba_engine_free(e);
            }
        ba_pos_free(p);
    }
}
END_TEST

/* History games: the same position searched after two different histories on one engine (warm
 * table) must give each history's own negamax value. */
START_TEST(tt_not_reused_across_histories)
{
    const ba_game *g = bt_synth_game(3);
    ba_pos *p = bt_new_pos(g, NULL);
    ba_engine *warm = new_engine(g);
    ba_engine_set(warm, BA_OPT_DEPTH, 5);
    ba_move moves[64];
    int differ = 0;
    uint64_t lcg = 12345;
    for (int trial = 0; trial < 100; trial++) {
        ba_pos_reset(p);
        for (int k = 0; k < 4 + trial % 11; k++) {
            int n = ba_pos_moves(p, moves, 64);
            if (n <= 0)
                break;
            lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
            ba_pos_play(p, &moves[(lcg >> 33) % (uint64_t)n], NULL);
        }
        if (ba_pos_result(p) != BA_RESULT_ONGOING)
            continue;
        char text[64];
        ba_pos_text(p, text, sizeof text);
        ba_pos *fresh = bt_new_pos(g, text); /* same state, empty history */
        int vals[2];
        const ba_pos *ps[2] = {p, fresh};
        for (int kk = 0; kk < 4; kk++) {
            int k = (kk + trial) % 2;
            ba_engine *nm = new_engine(g);
            ba_engine_set(nm, BA_OPT_ALGORITHM, BA_ALG_NEGAMAX);
            ba_engine_set(nm, BA_OPT_DEPTH, 5);
            ba_search_result a, b;
            ck_assert_int_eq(ba_engine_search(nm, ps[k], &a), BA_OK);
            ck_assert_int_eq(ba_engine_search(warm, ps[k], &b), BA_OK);
            ck_assert_msg(a.score == b.score, "trial %d [%s] history %d: alpha-beta %d negamax %d",
                          trial, text, k, b.score, a.score);
            vals[k] = a.score;
            ba_engine_free(nm);
        }
        differ += vals[0] != vals[1];
        ba_pos_free(fresh);
    }
    ck_assert_int_gt(differ, 0); /* the histories did matter somewhere */
    /* One warm table across many positions with long random histories. */
    char msg[1024];
    for (int d = 2; d <= 4; d++)
        ck_assert_msg(ba_search_equivalence_check(g, 500 + (uint64_t)d, 30, d, 24, msg, sizeof msg) == 0,
                      "%s", msg);
    ba_engine_free(warm);
    ba_pos_free(p);
}
END_TEST

static ba_search_result search_with(const ba_game *g, const ba_pos *p, int alg, int depth,
                                     const int64_t *opts, int nopts)
{
    ba_engine *e = new_engine(g);
    ba_engine_set(e, BA_OPT_ALGORITHM, alg);
    ba_engine_set(e, BA_OPT_DEPTH, depth);
    for (int i = 0; i < nopts; i++)
        ck_assert_int_eq(ba_engine_set(e, (ba_option)opts[2 * i], opts[2 * i + 1]), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ck_assert(bt_is_legal(p, &r.best));
    ba_engine_free(e);
    return r;
}

/* Quiescence capped at 0 plies is the bare evaluation: the same values as quiescence off. */
START_TEST(qdepth_zero_is_static_eval)
{
    for (int v = 0; v < BT_SYNTH_VARIANTS; v++) {
        const ba_game *g = bt_synth_game(v);
        ba_pos *p = bt_new_pos(g, NULL);
        for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_BESTFIRST; alg++)
            for (int d = 1; d <= 4; d++) {
                const int64_t off[] = {BA_OPT_QUIESCENCE, 0};
                const int64_t zero[] = {BA_OPT_QUIESCENCE, 1, BA_OPT_QDEPTH, 0};
                const int64_t deep[] = {BA_OPT_QUIESCENCE, 1, BA_OPT_QDEPTH, 8};
                ba_search_result a = search_with(g, p, alg, d, off, 1);
                ba_search_result b = search_with(g, p, alg, d, zero, 2);
                ck_assert_int_eq(a.score, b.score);
                if (v != 4) /* variant 4 has no noisy moves: quiescence changes nothing there */
                    (void)search_with(g, p, alg, d, deep, 2);
            }
        ba_pos_free(p);
    }
}
END_TEST

/* The table cuts work on a game full of transpositions, and BA_OPT_TT_DEEPER keeps proven
 * results (tic-tac-toe's draw, Nim's wins and losses) right. */
START_TEST(table_effect_and_tt_deeper)
{
    const ba_game *g = bt_synth_big_game();
    ba_pos *p = bt_new_pos(g, NULL);
    /* Exact search: the selective one's reductions depend on the table's moves. */
    const int64_t on[] = {BA_OPT_QUIESCENCE, 0, BA_OPT_SELECTIVE, 0};
    const int64_t off[] = {BA_OPT_QUIESCENCE, 0, BA_OPT_SELECTIVE, 0, BA_OPT_TT_MB, 0};
    ba_search_result a = search_with(g, p, BA_ALG_ALPHABETA, 7, on, 2);
    ba_search_result b = search_with(g, p, BA_ALG_ALPHABETA, 7, off, 3);
    ck_assert_int_eq(a.score, b.score);
    ck_assert_uint_lt(a.nodes, b.nodes);
    ba_pos_free(p);

    const int64_t deeper[] = {BA_OPT_TT_DEEPER, 1};
    p = bt_new_pos(bt_tictactoe_game(), NULL);
    ck_assert_int_eq(search_with(bt_tictactoe_game(), p, BA_ALG_ALPHABETA, 9, deeper, 1).score, 0);
    ba_pos_free(p);
    const char *texts[] = {"1 2 3 / 0", "3 1 2 / 1", "4 1 / 0", "3 3 1 / 0"};
    const int win[] = {0, 0, 1, 1};
    for (int t = 0; t < 4; t++) {
        p = bt_new_pos(bt_nim_game(), texts[t]);
        int s = search_with(bt_nim_game(), p, BA_ALG_ALPHABETA, 8, deeper, 1).score;
        ck_assert(win[t] ? s >= BA_SCORE_WIN_MIN : s <= -BA_SCORE_WIN_MIN);
        ba_pos_free(p);
    }
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("engine");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, settings_ranges_and_defaults);
    tcase_add_test(tc, null_handles);
    tcase_add_test(tc, game_over_is_state_error);
    tcase_add_test(tc, tt_allocation_failure);
    tcase_add_test(tc, nim_truth);
    tcase_add_test(tc, tictactoe_draw_and_fast_win);
    tcase_add_test(tc, extra_turns_match_bruteforce);
    tcase_add_test(tc, node_and_time_limits);
    tcase_add_test(tc, stopped_search_keeps_its_line);
    tcase_add_test(tc, stop_from_another_thread);
    tcase_add_test(tc, idle_stop_is_noop);
    tcase_add_test(tc, determinism_and_noise);
    tcase_add_test(tc, progress_reports);
    tcase_add_test(tc, bestfirst_legal_at_all_depths);
    tcase_add_test(tc, tt_not_reused_across_histories);
    tcase_add_test(tc, qdepth_zero_is_static_eval);
    tcase_add_test(tc, table_effect_and_tt_deeper);
    suite_add_tcase(s, tc);
    return s;
}
