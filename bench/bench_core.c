/* Benchmarks of the search core on the synthetic random-tree test game (and Nim/tic-tac-toe):
 * negamax vs alpha-beta vs best-first time to depth, best-first's re-search schedule, the
 * transposition table, and the copy-make primitives. */
#include <boardai/engine.h>

#include "bench.h"

/* The test games live with the tests (tests/support); the bench program does not link the test
 * support library, so it compiles their one source file here. */
#include "../tests/support/testgames.c"

static void synth_depths(bench_ctx *ctx, const ba_game *g, const char *label, const char *text,
                         int max_depth, int max_negamax)
{
    for (int d = 2; d <= max_depth; d += 2) {
        bench_search_row(ctx, g, label, text, BA_ALG_ALPHABETA, d);
        if (d <= max_negamax)
            bench_search_row(ctx, g, label, text, BA_ALG_NEGAMAX, d);
        bench_search_row(ctx, g, label, text, BA_ALG_BESTFIRST, d);
    }
}

void bench_core(bench_ctx *ctx);
void bench_core(bench_ctx *ctx)
{
    int quick = bench_quick(ctx);
    const ba_game *g = bt_synth_big_game();
    const char *mid = "2,1,0,3,1,0,2,1:0";

    bench_section(ctx, "Synthetic random tree (8 counters of 0..5, branching <= 8, extra turns, "
                       "transpositions, hash evaluations): time to depth, quiescence off");
    bench_set_option(ctx, BA_OPT_QUIESCENCE, 0);
    synth_depths(ctx, g, "start", NULL, quick ? 6 : 10, quick ? 4 : 6);
    synth_depths(ctx, g, mid, mid, quick ? 6 : 10, quick ? 4 : 6);

    bench_section(ctx, "Synthetic tree: with quiescence (noisy moves past the horizon, QDEPTH 6)");
    bench_reset_options(ctx);
    bench_set_option(ctx, BA_OPT_QDEPTH, 6);
    synth_depths(ctx, g, "start, quiescence", NULL, quick ? 6 : 8, 2);

    bench_section(ctx, "Synthetic tree: transposition table off (TT_MB = 0) vs on");
    int d = quick ? 6 : 10;
    bench_set_option(ctx, BA_OPT_QUIESCENCE, 0);
    bench_search_row(ctx, g, "start", NULL, BA_ALG_ALPHABETA, d);
    bench_set_option(ctx, BA_OPT_TT_MB, 0);
    bench_search_row(ctx, g, "start", NULL, BA_ALG_BESTFIRST, d);
    bench_note(ctx, "(row 2 is best-first without a table; alpha-beta without a table follows)");
    bench_search_row(ctx, g, "start, no TT", NULL, BA_ALG_ALPHABETA, d);
    bench_reset_options(ctx);

    bench_section(ctx, "Best-first re-search schedule (first depth max(min, depth^(1/k)))");
    bench_set_option(ctx, BA_OPT_QUIESCENCE, 0);
    d = quick ? 6 : 8;
    bench_search_row(ctx, g, "start", NULL, BA_ALG_ALPHABETA, d);
    for (int k = 1; k <= 4; k++) {
        bench_set_option(ctx, BA_OPT_BF_SCHEDULE, k);
        bench_set_option(ctx, BA_OPT_BF_MIN_DEPTH, 1);
        bench_note(ctx, "schedule k = %d, min depth 1:", k);
        bench_search_row(ctx, g, "start", NULL, BA_ALG_ALPHABETA, d);
        bench_search_row(ctx, g, "start", NULL, BA_ALG_BESTFIRST, d);
    }
    bench_reset_options(ctx);

    bench_section(ctx, "Best-first vs alpha-beta over random positions (synthetic tree)");
    bench_set_option(ctx, BA_OPT_QUIESCENCE, 0);
    for (int depth = 4; depth <= (quick ? 6 : 10); depth += 2)
        bench_bestfirst_row(ctx, g, "synthetic, 8-19 plies in", quick ? 10 : 30, 8, 19, 12345,
                            depth);
    bench_reset_options(ctx);

    bench_section(ctx, "Tic-tac-toe and Nim: solving from the start");
    bench_search_row(ctx, bt_tictactoe_game(), "tic-tac-toe start", NULL, BA_ALG_ALPHABETA, 9);
    bench_search_row(ctx, bt_tictactoe_game(), "tic-tac-toe start", NULL, BA_ALG_NEGAMAX, 9);
    bench_search_row(ctx, bt_tictactoe_game(), "tic-tac-toe start", NULL, BA_ALG_BESTFIRST, 9);
    bench_search_row(ctx, bt_nim_game(), "nim 3 4 5", NULL, BA_ALG_ALPHABETA, quick ? 6 : 8);
    bench_search_row(ctx, bt_nim_game(), "nim 3 4 5", NULL, BA_ALG_BESTFIRST, quick ? 6 : 8);

    bench_section(ctx, "Perft");
    bench_perft_row(ctx, bt_tictactoe_game(), "tic-tac-toe start", NULL, 9);
    bench_perft_row(ctx, g, "synthetic start", NULL, quick ? 5 : 7);

    bench_section(ctx, "Copy-make primitives");
    bench_copymake_row(ctx, g, "synthetic start", NULL);
    bench_copymake_row(ctx, g, mid, mid);
    bench_copymake_row(ctx, bt_tictactoe_game(), "tic-tac-toe start", NULL);
    bench_copymake_row(ctx, bt_nim_game(), "nim 3 4 5", NULL);
}
