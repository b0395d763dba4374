/* tests/hardening/hard_util.h: small helpers shared by the hardening tests. */
#ifndef BA_HARD_UTIL_H
#define BA_HARD_UTIL_H

#include <stdint.h>
#include <stdlib.h>

/* splitmix64: a seeded generator, so every failure names a seed that reproduces it. */
static inline uint64_t hard_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Percentage that scales the heavy loops: BOARDAI_HARD_SCALE in the environment (e.g. 5 under
 * Valgrind), else 25 under the sanitizers, else 100. Never below 1 game per entry. */
static inline int hard_scaled(int n)
{
    int pct = 100;
#ifdef BOARDAI_SANITIZED
    pct = 25;
#endif
    const char *env = getenv("BOARDAI_HARD_SCALE");
    if (env && *env) {
        int v = atoi(env);
        if (v > 0 && v <= 10000)
            pct = v;
    }
    long r = (long)n * pct / 100;
    return r < 1 ? 1 : (int)r;
}

#endif
