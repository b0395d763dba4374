/* Ugolki benchmarks: time to depth and nodes/s of alpha-beta and best-first with the corners
 * article's evaluation, from the start and two middlegames; perft; the copy-make primitives;
 * and the larger variants. */
#include <boardai/ugolki.h>

#include "bench.h"

/* Middlegames from a boardai-ugolki --ai-vs-ai game at level 3 (plies 20 and 40): pieces spread
 * over the board, long leap chains available. */
static const struct {
    const char *label, *text;
} POSITIONS[] = {
    {"start", NULL},
    {"M20", "6bw/8/3wwb2/w1w1bbbb/w7/5b2/w1w2b2/1w3b2 w 20 -"},
    {"M40", "w5bw/w1w5/3w2w1/8/4b1b1/w7/5bbb/1w2wbbb w 40 -"},
};
#define NPOSITIONS (sizeof POSITIONS / sizeof POSITIONS[0])

void bench_ugolki(bench_ctx *ctx);
void bench_ugolki(bench_ctx *ctx)
{
    const ba_game *g = ba_ugolki_game();
    int quick = bench_quick(ctx);
    int depth = quick ? 5 : 8;

    bench_section(ctx, quick ? "Ugolki: time to depth 5 (--quick; the full run goes to 8)"
                             : "Ugolki: time to depth 8");
    bench_note(ctx, "9 pieces, the article's square table, asymmetric weighting (program White), "
                    "finish test, no random bonus; default engine settings.");
    for (size_t i = 0; i < NPOSITIONS; i++) {
        bench_search_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text, BA_ALG_ALPHABETA, depth);
        bench_search_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text, BA_ALG_BESTFIRST, depth);
    }

    bench_section(ctx, "Ugolki: perft (start: 12 moves)");
    bench_perft_row(ctx, g, "start", NULL, quick ? 4 : 5);
    bench_perft_row(ctx, g, "M40", POSITIONS[2].text, quick ? 3 : 4);

    bench_section(ctx, "Ugolki: copy-make primitives and one evaluation (ns per call)");
    for (size_t i = 0; i < NPOSITIONS; i++)
        bench_copymake_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text);

    bench_section(ctx, "Ugolki variants: 16 pieces with diagonal moves, start");
    ba_ugolki_options o = ba_ugolki_options_default();
    o.pieces = 16;
    o.diagonal = 1;
    ba_game *big = NULL;
    if (ba_ugolki_create(&o, &big, NULL) == BA_OK) {
        int d = quick ? 4 : 6;
        bench_search_row(ctx, big, "16 diagonal", NULL, BA_ALG_ALPHABETA, d);
        bench_search_row(ctx, big, "16 diagonal", NULL, BA_ALG_BESTFIRST, d);
        bench_perft_row(ctx, big, "16 diagonal", NULL, quick ? 3 : 4);
        bench_copymake_row(ctx, big, "16 diagonal", NULL);
        ba_game_destroy(big);
    }
    bench_clock_section(ctx, ba_ugolki_game(), "ugolki", NULL, 400);
}
