/*
 * bindings/python/bench/ttt_speed.c: nodes per second of the C tic-tac-toe of
 * tests/external/tictactoe.c (included as is, its own main renamed), for bench_python_game.py.
 * Prints "<nodes> <microseconds>" for the search named on the command line.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#define main tictactoe_checks_main
#include "../../../tests/external/tictactoe.c"
#undef main

#include <stdlib.h>
#include <time.h>

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Usage: ttt_speed ALGORITHM DEPTH REPEAT (algorithm 0 negamax, 1 alpha-beta). */
int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    int alg = atoi(argv[1]), depth = atoi(argv[2]), repeat = atoi(argv[3]);
    uint64_t nodes = 0;
    double t0 = now_us();
    for (int i = 0; i < repeat; i++) {
        ba_search_result r;
        char best[BA_MOVE_TEXT_MAX];
        if (search((ba_algorithm)alg, NULL, depth, &r, best, sizeof best) != BA_OK)
            return 1;
        nodes += r.nodes;
    }
    printf("%llu %.0f\n", (unsigned long long)nodes, now_us() - t0);
    return 0;
}
