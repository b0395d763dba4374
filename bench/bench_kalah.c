/* Kalah benchmarks: the generic engine (alpha-beta and best-first, time to depth and nodes/s)
 * from the start and a midgame position, the copy-make primitives, perft, and the exact solver's
 * times per board. The big solves ((6,4), (6,5)) run only without --quick. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <boardai/kalah.h>

#include "bench.h"

/* A Kalah(6,6) midgame: 20 seeds in the stores, both sides with moves and captures. */
static const char *const midgame = "0 8 8 1 0 10 / 10 / 2 0 9 7 7 0 / 10 / s";

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* Solves the start of Kalah(pits, seeds) and appends a Markdown table row to `table`. */
static void solve_row(char *table, size_t cap, int pits, int seeds, int empty_capture,
                      int db_seeds, uint64_t max_time_ms)
{
    ba_kalah_options o = ba_kalah_options_default();
    o.pits = pits;
    o.seeds = seeds;
    o.empty_capture = empty_capture;
    ba_game *g;
    if (ba_kalah_create(&o, &g, NULL) != BA_OK)
        return;
    ba_kalah_solve_options so = ba_kalah_solve_options_default();
    so.db_seeds = db_seeds;
    so.max_time_ms = max_time_ms;
    ba_kalah_solution sol;
    double c0 = cpu_seconds();
    int rc = ba_kalah_solve(g, NULL, &so, &sol, NULL);
    double cpu = cpu_seconds() - c0;
    char best[16] = "-", value[48] = "error";
    if (rc == BA_OK && sol.exact)
        snprintf(value, sizeof value, "%+d", sol.value);
    else if (rc == BA_OK)
        snprintf(value, sizeof value, "in [%+d, %+d] (stopped)", sol.lower, sol.upper);
    if (rc == BA_OK && !ba_move_is_none(&sol.best))
        snprintf(best, sizeof best, "%d", sol.best.bytes[0] + 1);
    size_t len = strlen(table);
    snprintf(table + len, cap - len,
               "\n| Kalah(%d,%d) | %s | %s | %s | %d | %.2f | %.2f | %.2f | %llu | %.0f |",
               pits, seeds, empty_capture ? "empty capture" : "standard", value, best, sol.db_seeds,
               (double)sol.db_time_ms / 1000.0, (double)sol.time_ms / 1000.0, cpu,
               (unsigned long long)sol.nodes,
               sol.time_ms > sol.db_time_ms
                   ? (double)sol.nodes / ((double)(sol.time_ms - sol.db_time_ms) / 1000.0)
                   : 0.0);
    ba_game_destroy(g);
}

void bench_kalah(bench_ctx *ctx);

void bench_kalah(bench_ctx *ctx)
{
    const ba_game *g = ba_kalah_game();
    const int quick = bench_quick(ctx);
    const int d = quick ? 10 : 14;

    bench_section(ctx, "Kalah(6,6): engine, time to depth");
    bench_search_row(ctx, g, "start", NULL, BA_ALG_ALPHABETA, d);
    bench_search_row(ctx, g, "start", NULL, BA_ALG_BESTFIRST, d);
    bench_search_row(ctx, g, "midgame", midgame, BA_ALG_ALPHABETA, d);
    bench_search_row(ctx, g, "midgame", midgame, BA_ALG_BESTFIRST, d);
    bench_perft_row(ctx, g, "start", NULL, quick ? 6 : 8);
    bench_copymake_row(ctx, g, "start", NULL);
    bench_copymake_row(ctx, g, "midgame", midgame);

    bench_threads_section(ctx, g, "Kalah(6,6)", quick ? 4 : 10, quick ? 10 : 14);

    bench_section(ctx, "Kalah: exact solver (start positions, default settings)");
    char table[8192];
    snprintf(table, sizeof table, "| board | rules | value | best pit | db seeds | db s | "
                                  "total s (wall) | cpu s | nodes | nodes/s (search) |\n"
                                  "|---|---|---|---|---:|---:|---:|---:|---:|---:|");
    static const int small[][2] = {{3, 2}, {4, 3}, {6, 1}, {6, 2}, {6, 3}};
    for (size_t k = 0; k < sizeof small / sizeof small[0]; k++)
        for (int ec = 0; ec <= 1; ec++)
            solve_row(table, sizeof table, small[k][0], small[k][1], ec, -1, 0);
    if (!quick) {
        solve_row(table, sizeof table, 6, 4, 0, -1, 0);
        solve_row(table, sizeof table, 6, 4, 1, -1, 0);
        solve_row(table, sizeof table, 6, 5, 0, -1, 600000); /* at most ten minutes */
    }
    bench_note(ctx, "%s", table);
    bench_clock_section(ctx, ba_kalah_game(), "kalah", NULL, 400);
}
