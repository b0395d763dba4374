/* Search II measurements (docs/search.md, "Measurements: threads and MCTS"): engine-vs-engine
 * matches with MCTS and thread settings, which boardai-match does not take yet, and time-to-depth
 * at 1 and 2 threads. A standalone program, not built by CMake:
 *   cmake -S . -B build-s2 -DBOARDAI_GAMES="kalah;camelot" && cmake --build build-s2 --target boardai_static
 *   cc -O2 -std=c11 -Iinclude bench/search2_match.c build-s2/lib/libboardai.a -lm -lpthread -o s2match
 *   ./s2match kalah tdepth 14 10                     (10 positions, depth 14, 1 then 2 threads)
 *   ./s2match kalah "alg=3,time=20" "time=20" 200 400 [first]  (A vs B, 200 games from opening
 *   number first (default 0), a draw after 400 plies)
 * Config keys: alg, depth, time, threads, nodes, it (MCTS iterations), playout, c, scale, tt.
 * Each random 4-ply opening is played twice with colours swapped; Elo with a 95% interval from
 * the per-game score variance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <boardai/engine.h>
#include <boardai/kalah.h>
#include <boardai/camelot.h>

static ba_engine *mk(const ba_game *g, const char *cfg, int seed)
{
    ba_engine *e; ba_engine_new(g, &e);
    ba_engine_set(e, BA_OPT_SEED, seed);
    char buf[256]; snprintf(buf, sizeof buf, "%s", cfg);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        char k[64]; long long v;
        if (sscanf(t, "%63[^=]=%lld", k, &v) != 2) continue;
        int o = !strcmp(k,"alg")?BA_OPT_ALGORITHM:!strcmp(k,"depth")?BA_OPT_DEPTH:!strcmp(k,"time")?BA_OPT_TIME_MS:
                !strcmp(k,"threads")?BA_OPT_THREADS:!strcmp(k,"nodes")?BA_OPT_NODES:!strcmp(k,"it")?BA_OPT_MCTS_ITERATIONS:
                !strcmp(k,"playout")?BA_OPT_MCTS_PLAYOUT:!strcmp(k,"c")?BA_OPT_MCTS_C:!strcmp(k,"scale")?BA_OPT_MCTS_EVAL_SCALE:
                !strcmp(k,"tt")?BA_OPT_TT_MB:-1;
        if (o < 0 || ba_engine_set(e, (ba_option)o, v) != BA_OK) { fprintf(stderr, "bad %s\n", t); exit(1); }
    }
    return e;
}

int main(int argc, char **argv)
{
    if (argc < 5) { fprintf(stderr, "s2match game A B games maxplies | s2match game tdepth depth reps\n"); return 2; }
    const ba_game *g = !strcmp(argv[1], "kalah") ? ba_kalah_game() : ba_camelot_game();
    if (!strcmp(argv[2], "tdepth")) {
        int depth = atoi(argv[3]), reps = atoi(argv[4]);
        for (int th = 1; th <= 2; th++) {
            double tsum = 0; unsigned long long nsum = 0;
            ba_pos *p; ba_pos_new(g, &p);
            ba_move mv[1024]; unsigned long long lcg = 5;
            for (int r = 0; r < reps; r++) {
                ba_pos_reset(p);
                for (int k = 0; k < 6 + r % 5; k++) { int n = ba_pos_moves(p, mv, 1024); if (n <= 0) break;
                    lcg = lcg * 6364136223846793005ull + 1442695040888963407ull; ba_pos_play(p, &mv[(lcg>>33)%n], NULL); }
                if (ba_pos_result(p) != BA_RESULT_ONGOING) continue;
                ba_engine *e; ba_engine_new(g, &e); ba_engine_set(e, BA_OPT_DEPTH, depth); ba_engine_set(e, BA_OPT_THREADS, th);
                ba_engine_set(e, BA_OPT_TT_MB, 64);
                ba_search_result res; ba_engine_search(e, p, &res);
                tsum += res.time_ms; nsum += res.nodes; ba_engine_free(e);
            }
            printf("%s threads=%d depth=%d positions=%d time_ms_total=%.0f nodes_total=%llu nps=%.0f\n", argv[1], th, depth, reps, tsum, nsum, nsum*1000.0/(tsum?tsum:1));
            ba_pos_free(p);
        }
        return 0;
    }
    int games = atoi(argv[4]), maxp = atoi(argv[5]), first = argc > 6 ? atoi(argv[6]) : 0;
    double score = 0; int w = 0, d = 0, l = 0;
    for (int gi = first; gi < first + games; gi++) {
        ba_engine *ea = mk(g, argv[2], gi), *eb = mk(g, argv[3], gi + 1000);
        ba_pos *p; ba_pos_new(g, &p);
        ba_move mv[4096]; unsigned long long lcg = 77 + (unsigned long long)(gi / 2) * 1000003ull;
        for (int k = 0; k < 4; k++) { int n = ba_pos_moves(p, mv, 4096); if (n <= 0) break;
            lcg = lcg * 6364136223846793005ull + 1442695040888963407ull; ba_pos_play(p, &mv[(lcg>>33)%n], NULL); }
        int a_side = (ba_pos_side_to_move(p) + gi) & 1; /* colours swapped on the repeat */
        int plies = 0;
        while (ba_pos_result(p) == BA_RESULT_ONGOING && plies < maxp) {
            ba_engine *e = ba_pos_side_to_move(p) == a_side ? ea : eb;
            ba_search_result r;
            if (ba_engine_search(e, p, &r) != BA_OK) break;
            ba_pos_play(p, &r.best, NULL); plies++;
        }
        int res = ba_pos_result(p), win = ba_result_winner(res);
        if (win == a_side) { w++; score += 1; } else if (win < 0) { d++; score += 0.5; } else l++;
        ba_pos_free(p); ba_engine_free(ea); ba_engine_free(eb);
        fprintf(stderr, "\r%d/%d +%d =%d -%d", gi + 1 - first, games, w, d, l);
    }
    int n = w + d + l; double s = score / n;
    double var = (w * pow(1 - s, 2) + d * pow(0.5 - s, 2) + l * pow(0 - s, 2)) / n;
    double se = sqrt(var / n);
    double lo = s - 1.96 * se, hi = s + 1.96 * se;
    #define ELO(x) ((x) <= 0 ? -999 : (x) >= 1 ? 999 : -400 * log10(1 / (x) - 1))
    printf("\n%s A=[%s] B=[%s] games=%d +%d =%d -%d score=%.3f elo=%+.0f [%+.0f, %+.0f]\n", argv[1], argv[2], argv[3], n, w, d, l, s, ELO(s), ELO(lo), ELO(hi));
    return 0;
}
