/* Camelot benchmarks: time to depth and nodes/s of alpha-beta and best-first with Nolan's
 * evaluation and ordering keys, from the start and from three middlegame positions; perft; and
 * the copy-make primitives, including the cost of one evaluation. */
#include <boardai/camelot.h>

#include "bench.h"

/* Middlegame positions reached by short engine games (recorded with boardai-camelot):
 * M1 after 1. E6-C8 E11-E9 2. C8-C9 D10xB8 3. D7-D5-B7xB9 F10-D10-D12-B10 4. B9xB11 C11xA11
 *    5. F6-F5 E9-D10 6. H6-J8 H11-H9 (12 against 12 after two trades, 128 moves);
 * M2 after 1. F7-F8 G10-G9 2. I6-I8 D11-D9 3. C6-E8-G8xG10xI12xK10 E10-C8 4. D7xB9
 *    I10-G10-E10-C10-E8xG8xI6xK6 5. K10-J9 H10-G9 6. D6-F8 G9-F9 7. G6-F7 F11-G12
 *    (11 against 11, a black knight behind White's lines);
 * M3 after 1. J6-J7 C11-C10 2. D7-D8 I10-I9 3. G7-E5-C7-E9 D10xF8 4. F7xF9 G10xE8xC8
 *    5. J7-H5-F7-D5-B7xD9xB11 I9-I10 6. B11-B12 D11-C12 7. B12xD12 E11xC13
 *    (closed: 10 against 12, men in blocks). */
static const struct {
    const char *label, *text;
} POSITIONS[] = {
    {"start", NULL},
    {"M1", "2/8/10/12/12/k2m1mm1mk2/3mm1mmk3/7m4/9M2/4MMMMK3/2KM2M1MK2/5M6/12/10/8/2 w 0 0 - 4"},
    {"M2", "2/8/10/12/6m5/2k1m1m1m3/3k1m6/1K1m1m3K2/5M2M3/4MMM1K3/4MM1M2k1/12/12/10/8/2 w 0 0 - 6"},
    {"M3", "2/8/10/2m9/12/5mmmmk2/4mm1mk3/12/12/4M2MK3/2KMMMMMM3/12/12/10/8/2 w 0 0 - 0"},
};
#define NPOSITIONS (sizeof POSITIONS / sizeof POSITIONS[0])

void bench_camelot(bench_ctx *ctx);
void bench_camelot(bench_ctx *ctx)
{
    const ba_game *g = ba_camelot_game();
    int quick = bench_quick(ctx);
    int depth = quick ? 4 : 6;

    bench_section(ctx, quick ? "Camelot: time to depth 4 (--quick; the full run goes to 6)"
                             : "Camelot: time to depth 6");
    bench_note(ctx, "Nolan's evaluation (N = %.2f), ordering keys 6000/4500/-15, quiescence over "
                    "captures, default engine settings.", BA_CAMELOT_KNIGHT_N_DEFAULT);
    for (size_t i = 0; i < NPOSITIONS; i++) {
        bench_search_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text, BA_ALG_ALPHABETA, depth);
        bench_search_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text, BA_ALG_BESTFIRST, depth);
    }

    bench_section(ctx, "Camelot: perft (start: 100 moves, perft(2) = 10,026)");
    bench_perft_row(ctx, g, "start", NULL, quick ? 3 : 4);

    bench_section(ctx, "Camelot: copy-make primitives and one evaluation (ns per call)");
    for (size_t i = 0; i < NPOSITIONS; i++)
        bench_copymake_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text);

    bench_section(ctx, "Camelot: the evaluation without its mobility factor (weight 0)");
    ba_camelot_options o = ba_camelot_options_default();
    o.weights.mobility = 0;
    ba_game *nomob = NULL;
    if (ba_camelot_create(&o, &nomob, NULL) == BA_OK) {
        for (size_t i = 0; i < NPOSITIONS; i++)
            bench_copymake_row(ctx, nomob, POSITIONS[i].label, POSITIONS[i].text);
        ba_game_destroy(nomob);
    }

    bench_threads_section(ctx, g, "Camelot", quick ? 2 : 6, quick ? 4 : 5);
    bench_clock_section(ctx, g, "camelot", NULL, 400);
}
