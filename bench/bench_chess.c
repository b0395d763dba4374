/* Chess benchmarks: the fast perft (bulk counting) on the shared positions, its speed next to
 * Debian's stockfish `go perft 6` measured in the same run (skipped with a note when stockfish is
 * not installed), the generic ba_perft over the vtable, copy-make costs and searches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boardai/boardai.h>

#include "bench.h"

static const struct {
    const char *label, *fen;
    int depth, quick_depth;
} perft_positions[] = {
    {"start", BA_CHESS_START_FEN, 6, 5},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 4},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 5},
    {"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 4},
    {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 4},
    {"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 4},
};

/* Reads one line from @p f into @p line; 0 at end of input. */
static int next_line(FILE *f, char *line, size_t cap) { return fgets(line, (int)cap, f) != NULL; }

/* Runs stockfish's perft on @p fen and returns the seconds it took, timed from the moment it
 * answered `readyok` (so its start-up and network loading are not counted) to its
 * "Nodes searched" line; a negative number when stockfish cannot be run. */
static double stockfish_perft(const char *fen, int depth, unsigned long long *nodes)
{
    static const char *const paths[] = {"/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish"};
    const char *path = NULL;
    for (size_t i = 0; i < sizeof paths / sizeof paths[0] && !path; i++)
        if (access(paths[i], X_OK) == 0)
            path = paths[i];
    if (!path)
        return -1;
    int to[2], from[2];
    if (pipe(to) < 0)
        return -1;
    if (pipe(from) < 0) {
        close(to[0]);
        close(to[1]);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    FILE *in = fdopen(to[1], "w"), *out = fdopen(from[0], "r");
    double seconds = -1;
    char line[512];
    if (in && out) {
        fprintf(in, "position fen %s\nisready\n", fen);
        fflush(in);
        while (next_line(out, line, sizeof line) && strncmp(line, "readyok", 7))
            ;
        double t0 = bench_now();
        fprintf(in, "go perft %d\n", depth);
        fflush(in);
        while (next_line(out, line, sizeof line))
            if (!strncmp(line, "Nodes searched: ", 16)) {
                seconds = bench_now() - t0;
                *nodes = strtoull(line + 16, NULL, 10);
                break;
            }
        fprintf(in, "quit\n");
        fflush(in);
    }
    if (in)
        fclose(in);
    else
        close(to[1]);
    if (out)
        fclose(out);
    else
        close(from[0]);
    int status;
    waitpid(pid, &status, 0);
    return seconds;
}

void bench_chess(bench_ctx *ctx);
void bench_chess(bench_ctx *ctx)
{
    const ba_game *g = ba_chess_game();
    int quick = bench_quick(ctx);
    bench_section(ctx, "Chess: fast perft (bitboards, bulk counting at the last ply, one thread)");
    char table[4096];
    size_t len = 0;
    len += (size_t)snprintf(table + len, sizeof table - len,
                            "| position | depth | leaves | time (s) | leaves/s |\n|---|---|---|---|---|\n");
    for (size_t i = 0; i < sizeof perft_positions / sizeof perft_positions[0]; i++) {
        int d = quick ? perft_positions[i].quick_depth : perft_positions[i].depth;
        uint64_t n = 0;
        ba_error err;
        double t0 = bench_now();
        int rc = ba_chess_perft(perft_positions[i].fen, d, &n, &err);
        double s = bench_now() - t0;
        if (rc != BA_OK)
            continue;
        len += (size_t)snprintf(table + len, sizeof table - len, "| %s | %d | %llu | %.3f | %.1f M |\n",
                                perft_positions[i].label, d, (unsigned long long)n, s, (double)n / s / 1e6);
    }
    bench_note(ctx, "%s", table);

    /* Next to stockfish, same run, same machine: start position perft 6 (5 with --quick). */
    int d = quick ? 5 : 6;
    uint64_t mine = 0;
    ba_error err;
    double t0 = bench_now();
    ba_chess_perft(BA_CHESS_START_FEN, d, &mine, &err);
    double my_s = bench_now() - t0;
    unsigned long long sf_nodes = 0;
    double sf_s = stockfish_perft(BA_CHESS_START_FEN, d, &sf_nodes);
    if (sf_s < 0) {
        bench_note(ctx, "stockfish not found (apt-get install stockfish): speed comparison skipped.");
    } else {
        bench_note(ctx,
                   "| start perft(%d) | leaves | time (s) | leaves/s |\n|---|---|---|---|\n"
                   "| boardai-chess | %llu | %.3f | %.1f M |\n| stockfish | %llu | %.3f | %.1f M |\n\n"
                   "boardai time / stockfish time: **%.2f** (below 1: faster than stockfish; the goal was at most 2). "
                   "Stockfish is timed from its readyok to its node count (start-up excluded).",
                   d, (unsigned long long)mine, my_s, (double)mine / my_s / 1e6, sf_nodes, sf_s,
                   (double)sf_nodes / sf_s / 1e6, my_s / sf_s);
        if (sf_nodes != mine)
            bench_note(ctx, "WARNING: stockfish counted %llu leaves, boardai %llu", sf_nodes, (unsigned long long)mine);
    }

    bench_section(ctx, "Chess through the game vtable (generic ba_perft, copy-make, search)");
    bench_perft_row(ctx, g, "start", NULL, quick ? 3 : 4);
    bench_perft_row(ctx, g, "kiwipete", perft_positions[1].fen, 3);
    bench_copymake_row(ctx, g, "start", NULL);
    bench_copymake_row(ctx, g, "kiwipete", perft_positions[1].fen);
    int sd = quick ? 5 : 7;
    bench_search_row(ctx, g, "start", NULL, BA_ALG_ALPHABETA, sd);
    bench_search_row(ctx, g, "start", NULL, BA_ALG_BESTFIRST, sd);
    bench_search_row(ctx, g, "kiwipete", perft_positions[1].fen, BA_ALG_ALPHABETA, sd - 1);
    bench_search_row(ctx, g, "kiwipete", perft_positions[1].fen, BA_ALG_BESTFIRST, sd - 1);
    bench_clock_section(ctx, g, "chess", NULL, 400);
}
