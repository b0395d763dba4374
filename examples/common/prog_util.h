/* Small helpers shared by the example programs' long-running tools (boardai-kalah grade,
 * boardai-tune-camelot): a reproducible random sequence for openings, and elapsed time for
 * progress lines and time bounds. Header-only, so each program takes what it uses. */
#ifndef BA_PROG_UTIL_H
#define BA_PROG_UTIL_H
#include <stdint.h>
#include <time.h>

/* splitmix64: the openings only need to differ and be reproducible from a seed. */
static inline uint64_t prog_next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Seconds of the monotonic clock since @p t0. */
static inline double prog_seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}
#endif
