/* Arimaa benchmarks: unique turns generated per second (the hot path: whole-turn generation with
 * transposition dedup), from the start of play, from middlegame positions and from a constructed
 * extreme position; then nodes/s of the whole-turn alpha-beta search and the copy-make costs. */
#include <stdlib.h>

#include <boardai/arimaa.h>

#include "bench.h"

/* Positions: the start of play after the classic setups; middlegames reached by 30 seeded random
 * turns from there (random play leaves pieces scattered, so their turn counts are higher than in
 * master games, ~15-20 thousand); and the largest turn count the hill-climbing search of
 * docs/arimaa.md found (16 free gold pieces against a lone rabbit). */
static const struct {
    const char *label, *text;
} POSITIONS[] = {
    {"start of play", "g [rrrrrrrrhdcemcdh................................HDCMECDHRRRRRRRR]"},
    {"middlegame M1", "g [r.r...cr..r..r....r.r.h...h.ddr.RH...R.....R..DR.DR.E..HR.R.C..R]"},
    {"middlegame M2", "g [..r.eh.r..rm.r..hd..r...M....c.d.H..D.rHR...RR...C......RD.RR..R]"},
    {"middlegame M3", "g [rrrrr.r...drc..dc...m.r....C..h....hMD.H....CRR..HDE.R.RRRRR....]"},
};
#define NPOSITIONS (sizeof POSITIONS / sizeof POSITIONS[0])
static const char *EXTREME =
    "g [.......r.C..C.R....H......R...D..D.R.R.......R....H.M.E..R.R.R..]";

static void turns_per_second(bench_ctx *ctx, const ba_game *g, const char *label,
                             const char *text, ba_move *moves, double seconds)
{
    ba_pos *pos = NULL;
    ba_error err;
    if (ba_pos_new(g, &pos) != BA_OK || ba_pos_set_text(pos, text, &err) != BA_OK) {
        bench_table_line(ctx, "| %s | error | | |", label);
        ba_pos_free(pos);
        return;
    }
    int n = 0;
    long calls = 0;
    double t0 = bench_now(), t;
    do {
        n = ba_pos_moves(pos, moves, g->max_moves);
        calls++;
        t = bench_now() - t0;
    } while (t < seconds && n >= 0);
    if (n < 0) bench_table_line(ctx, "| %s | error %d | | |", label, n);
    else
        bench_table_line(ctx, "| %s | %d | %.3f | %.2f |", label, n, t / (double)calls * 1e3,
                   (double)n * (double)calls / t / 1e6);
    ba_pos_free(pos);
}

/* Searches the start of play for `seconds` and writes how deep it got, in steps (a whole-turn
 * depth counts 4). */
static void steps_in_time(bench_ctx *ctx, const ba_game *g, const char *label, int steps_per_ply,
                          double seconds)
{
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    ba_error err;
    ba_search_result r;
    if (ba_pos_new(g, &pos) != BA_OK || ba_pos_set_text(pos, POSITIONS[0].text, &err) != BA_OK ||
        ba_engine_new(g, &e) != BA_OK) {
        bench_table_line(ctx, "| %s | error | | |", label);
    } else {
        ba_engine_set(e, BA_OPT_TIME_MS, (int64_t)(seconds * 1000));
        double t0 = bench_now();
        int rc = ba_engine_search(e, pos, &r);
        double t = bench_now() - t0;
        char best[BA_MOVE_TEXT_MAX] = "";
        ba_pos_move_text(pos, &r.best, best, sizeof best);
        if (rc != BA_OK)
            bench_table_line(ctx, "| %s | error %d | | |", label, rc);
        else
            bench_table_line(ctx, "| %s | %d | %llu | %.1f | %s |", label, r.depth * steps_per_ply,
                             (unsigned long long)r.nodes, t, best);
    }
    ba_engine_free(e);
    ba_pos_free(pos);
}

void bench_arimaa(bench_ctx *ctx);
void bench_arimaa(bench_ctx *ctx)
{
    const ba_game *g = ba_arimaa_game();
    int quick = bench_quick(ctx);
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    if (!moves) return;

    bench_section(ctx, "Arimaa: unique turns generated per second");
    bench_note(ctx, "Whole turns of 1-4 steps, each distinct end position once (hash-set dedup), "
                    "repetition filter on; one thread.");
    bench_table_line(ctx, "| position | unique turns | ms per generate | million turns/s |");
    bench_table_line(ctx, "|---|---|---|---|");
    double secs = quick ? 0.3 : 2.0;
    for (size_t i = 0; i < NPOSITIONS; i++)
        turns_per_second(ctx, g, POSITIONS[i].label, POSITIONS[i].text, moves, secs);
    turns_per_second(ctx, g, "extreme (hill-climbed)", EXTREME, moves, secs);

    bench_section(ctx, quick ? "Arimaa: whole-turn alpha-beta, depth 1 (--quick; the full run "
                               "adds depth 2 from the start of play)"
                             : "Arimaa: whole-turn alpha-beta, depth 1, and depth 2 from the start "
                               "of play");
    bench_note(ctx, "A node is a whole turn. Evaluation: HarLog + Fotland's rabbit heuristics with "
                    "steps-to-goal searches (bound 6) and goal-threat detection at the leaves.");
    for (size_t i = 0; i < NPOSITIONS; i++) {
        bench_search_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text, BA_ALG_ALPHABETA, 1);
        if (!quick && i == 0)
            bench_search_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text, BA_ALG_ALPHABETA, 2);
    }

    {
        double secs10 = quick ? 1.0 : 10.0;
        bench_section(ctx, quick ? "Arimaa: steps reached in 1 s from the start of play (--quick; "
                                   "the full run gives 10 s)"
                                 : "Arimaa: steps reached in 10 s from the start of play");
        bench_note(ctx, "Completed search depth in steps: the whole-turn search counts 4 per turn, "
                        "the step search (search_by_steps) one per step and two per push or "
                        "pull. Default engine options, one thread.");
        bench_table_line(ctx, "| search | steps | nodes | seconds | first move |");
        bench_table_line(ctx, "|---|---|---|---|---|");
        steps_in_time(ctx, g, "whole turns", 4, secs10);
        ba_arimaa_options o;
        ba_arimaa_options_default(&o);
        o.search_by_steps = 1;
        ba_game *sg = NULL;
        if (ba_arimaa_create(&o, &sg, NULL) == BA_OK) {
            steps_in_time(ctx, sg, "steps", 1, secs10);
            ba_game_destroy(sg);
        }
    }

    bench_section(ctx, "Arimaa: copy-make primitives and one evaluation (ns per call)");
    for (size_t i = 0; i < NPOSITIONS; i++)
        bench_copymake_row(ctx, g, POSITIONS[i].label, POSITIONS[i].text);
    bench_clock_section(ctx, g, "arimaa", POSITIONS[0].text, 400);
    {
        /* The step game is what the AEI program searches: its fixed times too. */
        ba_arimaa_options o;
        ba_arimaa_options_default(&o);
        o.search_by_steps = 1;
        ba_game *sg = NULL;
        if (ba_arimaa_create(&o, &sg, NULL) == BA_OK) {
            bench_movetime_games(ctx, sg, "arimaa steps", POSITIONS[0].text, quick ? 10 : 100, 400);
            ba_game_destroy(sg);
        }
    }
    free(moves);
}
