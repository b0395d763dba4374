/* tests/hardening/hard_games.h: the table of every enabled game module and its variants, shared
 * by the hardening tests and the fuzz harnesses (one list, so a new game or variant is added in
 * one place and every harness and check picks it up).
 *
 * A game is enabled by CMake with BA_HAVE_<GAME>=1 (see tests/hardening/CMakeLists.txt and
 * tests/fuzz/CMakeLists.txt), so the table matches the library that was built.
 */
#ifndef BA_HARD_GAMES_H
#define BA_HARD_GAMES_H

#include <stddef.h>

#include <boardai/boardai.h>

/** One game or variant of the table. */
typedef struct hard_game {
    const char *module;  /* the game module ("kalah"), as in BOARDAI_GAMES */
    const char *variant; /* "default" or a short description of the options */
    /* Makes the game; *owned is set to 1 when it must be freed with ba_game_destroy(). */
    int (*make)(const ba_game **out, int *owned);
    int conformance_games; /* random games for the conformance run (bounded time) */
    int conformance_plies; /* ply cap per random game (0: the game's own bound or 1000) */
    int search_cost;       /* 1: cheap, 2: expensive move generation (Arimaa turns) */
} hard_game;

/** The table, in a fixed order; @p count receives its length. */
const hard_game *hard_games(size_t *count);

/** Index of the first entry of @p module in the table, or -1. */
int hard_game_find(const char *module);

/** Makes every game of the table at once (owned[i] tells which to destroy); @return 0 or -1. */
int hard_games_make_all(const ba_game **games, int *owned, size_t count);

/** Frees what hard_games_make_all() made. */
void hard_games_free_all(const ba_game **games, const int *owned, size_t count);

#endif
