/* tests/hardening/test_threads.c: thread safety. Several engines search different games (and
 * the same constant game) at once in one process while other threads stop them; protocol
 * sessions run in threads too. Meant for ThreadSanitizer (scripts/tsan.sh), where any data race
 * is a report and fails the run; in other builds it checks that every search returns a legal
 * move and that a stop from another thread ends a search without a limit.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_main.h"
#include "hard_games.h"
#include "hard_util.h"

#define MAX_WORKERS 16

typedef struct worker {
    const ba_game *game;
    ba_engine *engine;
    ba_pos *pos;
    int rounds;
    int unlimited;             /* 1: no limit but the depth; only ba_engine_stop() ends it */
    atomic_int searching;      /* set while a search runs, for the stopper */
    atomic_int finished;
    int failures;
    int stopped_searches;
    char why[200];
} worker;

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int legal(const ba_pos *pos, const ba_move *m)
{
    const ba_game *g = ba_pos_game(pos);
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    int n = moves ? ba_pos_moves(pos, moves, g->max_moves) : -1, found = 0;
    for (int i = 0; i < n && !found; i++)
        found = ba_move_equal(&moves[i], m);
    free(moves);
    return found;
}

static void *search_worker(void *arg)
{
    worker *w = arg;
    ba_search_result *res = malloc(sizeof *res);
    for (int r = 0; r < w->rounds && res; r++) {
        atomic_store(&w->searching, 1);
        int rc = ba_engine_search(w->engine, w->pos, res);
        atomic_store(&w->searching, 0);
        if (rc != BA_OK || !legal(w->pos, &res->best)) {
            w->failures++;
            snprintf(w->why, sizeof w->why, "%s round %d: rc %d", w->game->name, r, rc);
            break;
        }
        w->stopped_searches += res->stopped;
        /* Play the move so that the next round searches another position. */
        if (ba_pos_play(w->pos, &res->best, NULL) != BA_OK ||
            ba_pos_result(w->pos) != BA_RESULT_ONGOING)
            ba_pos_reset(w->pos);
    }
    free(res);
    atomic_store(&w->finished, 1);
    return NULL;
}

typedef struct stopper {
    worker *workers;
    int count;
} stopper;

/* Stops every worker's search over and over, from another thread, at varied moments (also
 * while an engine is idle, which must be a no-op). */
static void *stop_worker(void *arg)
{
    stopper *s = arg;
    uint64_t rng = 99;
    for (;;) {
        int running = 0;
        for (int i = 0; i < s->count; i++) {
            if (atomic_load(&s->workers[i].finished))
                continue;
            running++;
            ba_engine_stop(s->workers[i].engine);
        }
        if (!running)
            break;
        sleep_ms(10 + (long)(hard_rand(&rng) % 70));
    }
    return NULL;
}

START_TEST(test_engines_in_threads)
{
    size_t n;
    hard_games(&n);
    if (n == 0)
        return; /* a core-only build has no game to search */
    const ba_game *games[64];
    int owned[64];
    ck_assert_int_le((int)n, 64);
    ck_assert_int_eq(hard_games_make_all(games, owned, n), 0);
    /* Every default game once, plus a second engine on the first game (a constant game shared
     * by two searching engines), plus the variants up to MAX_WORKERS. */
    worker w[MAX_WORKERS];
    memset(w, 0, sizeof w);
    int count = 0;
    const hard_game *t = hard_games(&n);
    for (size_t i = 0; i < n && count < MAX_WORKERS; i++) {
        w[count].game = games[i];
        w[count].rounds = t[i].search_cost > 1 ? 3 : 8;
        w[count].unlimited = (count % 2) == 1;
        count++;
    }
    if (count < MAX_WORKERS) {
        w[count] = w[0];
        w[count].unlimited = 1;
        count++;
    }
    for (int i = 0; i < count; i++) {
        ck_assert_int_eq(ba_engine_new(w[i].game, &w[i].engine), BA_OK);
        ck_assert_int_eq(ba_pos_new(w[i].game, &w[i].pos), BA_OK);
        ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_TT_MB, 1), BA_OK);
        ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_SEED, i), BA_OK);
        if (!w[i].unlimited)
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_TIME_MS, 60), BA_OK);
        /* A mix of algorithms, including the ones with threads of their own (Lazy SMP,
         * MCTS root parallelism), which a stop from outside must reach too. */
        switch (i % 5) {
        case 1:
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_ALGORITHM, BA_ALG_BESTFIRST),
                             BA_OK);
            break;
        case 2:
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_THREADS, 2), BA_OK);
            break;
        case 3:
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_ALGORITHM, BA_ALG_MCTS), BA_OK);
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_MCTS_ITERATIONS, 0), BA_OK);
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_MCTS_MEMORY_MB, 4), BA_OK);
            break;
        case 4:
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_ALGORITHM, BA_ALG_MCTS), BA_OK);
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_THREADS, 2), BA_OK);
            ck_assert_int_eq(ba_engine_set(w[i].engine, BA_OPT_MCTS_MEMORY_MB, 4), BA_OK);
            break;
        default: break;
        }
        atomic_init(&w[i].searching, 0);
        atomic_init(&w[i].finished, 0);
    }
    pthread_t th[MAX_WORKERS], st;
    for (int i = 0; i < count; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, search_worker, &w[i]), 0);
    stopper s = {w, count};
    ck_assert_int_eq(pthread_create(&st, NULL, stop_worker, &s), 0);
    for (int i = 0; i < count; i++)
        pthread_join(th[i], NULL);
    pthread_join(st, NULL);
    int stopped = 0;
    for (int i = 0; i < count; i++) {
        ck_assert_msg(w[i].failures == 0, "%s", w[i].why);
        stopped += w[i].stopped_searches;
        ba_engine_free(w[i].engine);
        ba_pos_free(w[i].pos);
    }
    /* The unlimited searches (depth 64) can only have ended through ba_engine_stop(). */
    ck_assert_int_gt(stopped, 0);
    printf("threads: %d engines searched at once, %d searches ended early by a limit or stop\n",
           count, stopped);
    hard_games_free_all(games, owned, n);
}
END_TEST

typedef struct session {
    const ba_game *game;
    int bestmoves;
    int errors;
} session;

static void count_line(void *user, const char *line, size_t len)
{
    session *s = user;
    (void)len;
    if (strncmp(line, "bestmove ", 9) == 0)
        s->bestmoves++;
    if (strncmp(line, "error", 5) == 0)
        s->errors++;
}

static void *protocol_worker(void *arg)
{
    session *s = arg;
    ba_protocol *p = NULL;
    if (ba_protocol_new(s->game, count_line, s, &p) != BA_OK) {
        s->errors++;
        return NULL;
    }
    static const char *const script[] = {"setoption hash 1", "moves", "go movetime 20", "new",
                                         "go nodes 500", "show", "result"};
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
        if (ba_protocol_feed(p, script[i]) < 0)
            s->errors++;
    ba_protocol_free(p);
    return NULL;
}

START_TEST(test_protocol_sessions_in_threads)
{
    size_t n;
    hard_games(&n);
    const ba_game *games[64];
    int owned[64];
    ck_assert_int_eq(hard_games_make_all(games, owned, n), 0);
    session s[64];
    pthread_t th[64];
    for (size_t i = 0; i < n; i++) {
        s[i].game = games[i];
        s[i].bestmoves = s[i].errors = 0;
        ck_assert_int_eq(pthread_create(&th[i], NULL, protocol_worker, &s[i]), 0);
    }
    for (size_t i = 0; i < n; i++) {
        pthread_join(th[i], NULL);
        ck_assert_msg(s[i].errors == 0 && s[i].bestmoves == 2, "%s: %d errors, %d bestmoves",
                      games[i]->name, s[i].errors, s[i].bestmoves);
    }
    hard_games_free_all(games, owned, n);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("hardening_threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_engines_in_threads);
    tcase_add_test(tc, test_protocol_sessions_in_threads);
    suite_add_tcase(s, tc);
    return s;
}
