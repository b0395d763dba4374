/* 64-bit mixing (SplitMix64 finaliser), part of the internal kit (lib/kit/) shared by lib/ and games.
 * Used for repeatable evaluation noise, history fingerprints and move hashing. */
#ifndef BA_KIT_MIX_H
#define BA_KIT_MIX_H
#include <stdint.h>

static inline uint64_t bac_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
#endif
