/* The time limits under a real clock, for every game: games of a game against itself where each
 * side has `base + increment` on its clock, every move searched with ba_engine_search_limits()
 * and the wall time it took taken off the mover's clock (losses on time, the worst overshoot of
 * the hard limit the time manager set); and the overshoot of a fixed time per move from game
 * positions. Run per game from the game's bench file (bench_clock_section); this file's own
 * entry only explains the tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/position.h>

#include "bench.h"

void bench_clock(bench_ctx *ctx);
void bench_clock(bench_ctx *ctx)
{
    bench_section(ctx, "Time manager: games under a clock");
    bench_note(ctx, "Each game's bench plays games of the default engine against itself at a "
                    "base time plus increment per side (ba_engine_search_limits with the clock "
                    "of both sides), reporting time losses and the worst overshoot of the hard "
                    "limit, and measures how far a fixed time per move (50, 100, 1000 ms) "
                    "overshoots from game positions. Both in wall time: a loaded machine shows "
                    "its scheduling delays.");
}

/* Sets @p p to the game's start, or to @p start_text when given; 0 on success. */
static int game_start(ba_pos *p, const char *start_text)
{
    if (!start_text) {
        ba_pos_reset(p);
        return 0;
    }
    ba_error err;
    return ba_pos_set_text(p, start_text, &err) == BA_OK ? 0 : -1;
}

void bench_clock_games(bench_ctx *ctx, const ba_game *g, const char *label,
                       const char *start_text, int games, int64_t base_ms, int64_t inc_ms,
                       int max_plies)
{
    ba_engine *e[2] = {NULL, NULL};
    ba_pos *p = NULL;
    ba_move *moves = calloc(g->max_moves ? g->max_moves : 1, sizeof *moves);
    if (!moves || ba_pos_new(g, &p) != BA_OK || ba_engine_new(g, &e[0]) != BA_OK ||
        ba_engine_new(g, &e[1]) != BA_OK) {
        bench_note(ctx, "%s: could not set up the clock games", label);
        goto done;
    }
    int losses = 0, moves_played = 0, failed = 0;
    double worst = -1e9, worst_hard = 0, least_left = 1e18;
    uint64_t seed = 12345;
    for (int game = 0; game < games && !failed; game++) {
        if (game_start(p, start_text) != 0) {
            failed = 1;
            break;
        }
        ba_engine_clear(e[0]);
        ba_engine_clear(e[1]);
        /* Two random plies: the games differ. */
        for (int k = 0; k < 2 && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
            int n = ba_pos_moves(p, moves, g->max_moves);
            if (n <= 0)
                break;
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            ba_pos_play(p, &moves[(seed >> 33) % (uint64_t)n], NULL);
        }
        double clock_ms[2] = {(double)base_ms, (double)base_ms};
        for (int ply = 0; ply < max_plies && ba_pos_result(p) == BA_RESULT_ONGOING; ply++) {
            int side = ba_pos_side_to_move(p);
            ba_limits l;
            ba_limits_init(&l);
            l.time_ms[0] = (int64_t)clock_ms[0];
            l.time_ms[1] = (int64_t)clock_ms[1];
            l.inc_ms[0] = l.inc_ms[1] = inc_ms;
            int64_t soft, hard;
            ba_time_budget(&l, side, &soft, &hard);
            ba_search_result r;
            double t0 = bench_now();
            int rc = ba_engine_search_limits(e[game & 1 ? 1 - side : side], p, &l, &r);
            double ms = (bench_now() - t0) * 1000.0;
            if (rc != BA_OK || ba_pos_play(p, &r.best, NULL) != BA_OK) {
                failed = 1;
                break;
            }
            moves_played++;
            if (ms - (double)hard > worst) {
                worst = ms - (double)hard;
                worst_hard = (double)hard;
            }
            clock_ms[side] -= ms;
            if (clock_ms[side] < least_left)
                least_left = clock_ms[side];
            if (clock_ms[side] < 0) {
                losses++;
                break;
            }
            clock_ms[side] += (double)inc_ms;
        }
    }
    bench_table_line(ctx, "| %s | %lld + %lld ms | %d | %d | %d | %+.1f ms (hard limit %.0f ms) | "
                     "%.0f ms |%s", label, (long long)base_ms, (long long)inc_ms, games,
                     moves_played, losses, worst, worst_hard, least_left,
                     failed ? " a search failed" : "");
done:
    ba_engine_free(e[0]);
    ba_engine_free(e[1]);
    ba_pos_free(p);
    free(moves);
}

void bench_clock_header(bench_ctx *ctx)
{
    bench_table_line(ctx, "| game | clock | games | moves | time losses | worst overshoot | "
                          "least time left |");
    bench_table_line(ctx, "|---|---|---|---|---|---|---|");
}

/* The fixed times per move measured by bench_movetime_games(). */
static const int64_t MOVETIMES[] = {50, 100, 1000};
#define NMOVETIMES (sizeof MOVETIMES / sizeof MOVETIMES[0])

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

void bench_movetime_header(bench_ctx *ctx)
{
    bench_table_line(ctx, "| game | movetime | searches | median | 99th percentile | worst | "
                          "over 10 ms |");
    bench_table_line(ctx, "|---|---|---|---|---|---|---|");
}

void bench_movetime_games(bench_ctx *ctx, const ba_game *g, const char *label,
                          const char *start_text, int searches, int max_plies)
{
    ba_engine *e = NULL;
    ba_pos *p = NULL;
    ba_move *moves = calloc(g->max_moves ? g->max_moves : 1, sizeof *moves);
    double *over = calloc(searches > 0 ? (size_t)searches : 1, sizeof *over);
    if (!moves || !over || ba_pos_new(g, &p) != BA_OK || ba_engine_new(g, &e) != BA_OK ||
        game_start(p, start_text) != 0) {
        bench_note(ctx, "%s: could not set up the movetime searches", label);
        goto done;
    }
    uint64_t seed = 2024;
    for (size_t t = 0; t < NMOVETIMES; t++) {
        /* The long time is sampled a fifth as often: it costs twenty times as much. */
        int want = MOVETIMES[t] >= 1000 ? (searches + 4) / 5 : searches;
        int got = 0, failed = 0, ply = max_plies;
        while (got < want && !failed) {
            if (ply >= max_plies || ba_pos_result(p) != BA_RESULT_ONGOING) {
                /* A new game: a few random plies make each one differ, then the engine's own
                 * moves give the positions that a game at this time per move meets. */
                if (game_start(p, start_text) != 0) {
                    failed = 1;
                    break;
                }
                ba_engine_clear(e);
                for (int k = 0; k < 4 && ba_pos_result(p) == BA_RESULT_ONGOING; k++) {
                    int n = ba_pos_moves(p, moves, g->max_moves);
                    if (n <= 0)
                        break;
                    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                    ba_pos_play(p, &moves[(seed >> 33) % (uint64_t)n], NULL);
                }
                ply = 0;
                if (ba_pos_result(p) != BA_RESULT_ONGOING)
                    continue;
            }
            ba_limits l;
            ba_limits_init(&l);
            l.movetime_ms = MOVETIMES[t];
            ba_search_result r;
            double t0 = bench_now();
            int rc = ba_engine_search_limits(e, p, &l, &r);
            double ms = (bench_now() - t0) * 1000.0;
            if (rc != BA_OK || ba_pos_play(p, &r.best, NULL) != BA_OK) {
                failed = 1;
                break;
            }
            over[got++] = ms - (double)MOVETIMES[t];
            ply++;
        }
        if (got == 0) {
            bench_table_line(ctx, "| %s | %lld ms | 0 | | | | |%s", label, (long long)MOVETIMES[t],
                             failed ? " a search failed" : "");
            continue;
        }
        qsort(over, (size_t)got, sizeof *over, cmp_double);
        int late = 0;
        for (int i = 0; i < got; i++)
            late += over[i] > 10.0;
        /* The 99th percentile: the smallest overshoot that at least 99% of searches stay at or
         * under (nearest rank). */
        int rank = (99 * got + 99) / 100;
        bench_table_line(ctx, "| %s | %lld ms | %d | %+.1f ms | %+.1f ms | %+.1f ms | %d |%s",
                         label, (long long)MOVETIMES[t], got, over[got / 2], over[rank - 1],
                         over[got - 1], late, failed ? " a search failed" : "");
    }
done:
    ba_engine_free(e);
    ba_pos_free(p);
    free(moves);
    free(over);
}

void bench_clock_section(bench_ctx *ctx, const ba_game *g, const char *label,
                         const char *start_text, int max_plies)
{
    int quick = bench_quick(ctx);
    char title[160];
    snprintf(title, sizeof title, "%s: the time manager under a 2 s + 50 ms clock", label);
    bench_section(ctx, title);
    bench_clock_header(ctx);
    bench_clock_games(ctx, g, label, start_text, quick ? 2 : 50, 2000, 50, max_plies);
    snprintf(title, sizeof title, "%s: a fixed time per move (movetime), overshoot in wall time",
             label);
    bench_section(ctx, title);
    bench_movetime_header(ctx);
    bench_movetime_games(ctx, g, label, start_text, quick ? 10 : 100, max_plies);
}
