/* tests/hardening/hard_games.c: every enabled game module with a few variants that change the
 * move generator or the end rules (board sizes, rule switches), for the hardening tests and
 * the fuzz harnesses. */
#include "hard_games.h"

#include <stdint.h>
#include <string.h>

#if BA_HAVE_KALAH || BA_HAVE_CAMELOT || BA_HAVE_UGOLKI || BA_HAVE_CHESS || BA_HAVE_ARIMAA
static int constant_game(const ba_game *g, const ba_game **out, int *owned)
{
    *out = g;
    *owned = 0;
    return g ? 0 : -1;
}
#endif

#if BA_HAVE_KALAH || BA_HAVE_CAMELOT || BA_HAVE_UGOLKI
static int made_game(int rc, ba_game *g, const ba_game **out, int *owned)
{
    *out = rc == BA_OK ? g : NULL;
    *owned = rc == BA_OK;
    return rc == BA_OK ? 0 : -1;
}
#endif

#if BA_HAVE_KALAH
static int kalah_default(const ba_game **out, int *owned)
{
    return constant_game(ba_kalah_game(), out, owned);
}
static int kalah_small_empty_capture(const ba_game **out, int *owned)
{
    ba_kalah_options o = ba_kalah_options_default();
    o.pits = 3;
    o.seeds = 2;
    o.empty_capture = 1;
    ba_game *g = NULL;
    int rc = ba_kalah_create(&o, &g, NULL);
    return made_game(rc, g, out, owned);
}
static int kalah_largest(const ba_game **out, int *owned)
{
    ba_kalah_options o = ba_kalah_options_default();
    o.pits = BA_KALAH_MAX_PITS;
    o.seeds = BA_KALAH_MAX_SEEDS;
    ba_game *g = NULL;
    int rc = ba_kalah_create(&o, &g, NULL);
    return made_game(rc, g, out, owned);
}
static int kalah_smallest(const ba_game **out, int *owned)
{
    ba_kalah_options o = ba_kalah_options_default();
    o.pits = BA_KALAH_MIN_PITS;
    o.seeds = BA_KALAH_MIN_SEEDS;
    ba_game *g = NULL;
    int rc = ba_kalah_create(&o, &g, NULL);
    return made_game(rc, g, out, owned);
}
#endif

#if BA_HAVE_CAMELOT
static int camelot_default(const ba_game **out, int *owned)
{
    return constant_game(ba_camelot_game(), out, owned);
}
static int camelot_free_rules(const ba_game **out, int *owned)
{
    ba_camelot_options o = ba_camelot_options_default();
    o.knight_canter_rule = 0;
    o.castle_moves_per_player = 255;
    o.repetition_draw = 0;
    ba_game *g = NULL;
    int rc = ba_camelot_create(&o, &g, NULL);
    return made_game(rc, g, out, owned);
}
#endif

#if BA_HAVE_UGOLKI
static int ugolki_default(const ba_game **out, int *owned)
{
    return constant_game(ba_ugolki_game(), out, owned);
}
static int ugolki_variant(int pieces, int diagonal, int ply_cap, const ba_game **out, int *owned)
{
    ba_ugolki_options o = ba_ugolki_options_default();
    o.pieces = pieces;
    o.diagonal = diagonal;
    o.ply_cap = ply_cap;
    ba_game *g = NULL;
    int rc = ba_ugolki_create(&o, &g, NULL);
    return made_game(rc, g, out, owned);
}
static int ugolki_12_diagonal(const ba_game **out, int *owned)
{
    return ugolki_variant(12, 1, 400, out, owned);
}
static int ugolki_16_short(const ba_game **out, int *owned)
{
    return ugolki_variant(16, 0, 60, out, owned);
}
#endif

#if BA_HAVE_CHESS
static int chess_default(const ba_game **out, int *owned)
{
    return constant_game(ba_chess_game(), out, owned);
}
#endif

#if BA_HAVE_ARIMAA
static int arimaa_default(const ba_game **out, int *owned)
{
    return constant_game(ba_arimaa_game(), out, owned);
}
#endif

/* Game counts keep the whole conformance run well under a minute in an optimised build and a
 * few minutes under the sanitizers; Arimaa's turns (thousands of legal four-step turns, each
 * round-tripped through its text) make one position cost as much as a whole Kalah game. */
static const hard_game TABLE[] = {
#if BA_HAVE_KALAH
    {"kalah", "default (6 pits, 6 seeds)", kalah_default, 1500, 0, 1},
    {"kalah", "3 pits, 2 seeds, empty capture", kalah_small_empty_capture, 1000, 0, 1},
    {"kalah", "8 pits, 12 seeds", kalah_largest, 300, 0, 1},
    {"kalah", "1 pit, 1 seed", kalah_smallest, 200, 0, 1},
#endif
#if BA_HAVE_CAMELOT
    {"camelot", "default (WCF)", camelot_default, 40, 300, 1},
    {"camelot", "no canter rule, 255 castle moves, no repetition draw", camelot_free_rules, 20, 300,
     1},
#endif
#if BA_HAVE_UGOLKI
    {"ugolki", "default (9 pieces)", ugolki_default, 200, 0, 1},
    {"ugolki", "12 pieces, diagonal", ugolki_12_diagonal, 60, 0, 1},
    {"ugolki", "16 pieces, 60-ply cap", ugolki_16_short, 100, 0, 1},
#endif
#if BA_HAVE_CHESS
    {"chess", "default", chess_default, 100, 300, 1},
#endif
#if BA_HAVE_ARIMAA
    {"arimaa", "default", arimaa_default, 2, 12, 2},
#endif
    {NULL, NULL, NULL, 0, 0, 0}, /* keeps the array non-empty with no game enabled */
};

const hard_game *hard_games(size_t *count)
{
    *count = sizeof TABLE / sizeof TABLE[0] - 1;
    return TABLE;
}

int hard_game_find(const char *module)
{
    size_t n;
    const hard_game *t = hard_games(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].module, module) == 0)
            return (int)i;
    return -1;
}

int hard_games_make_all(const ba_game **games, int *owned, size_t count)
{
    size_t n;
    const hard_game *t = hard_games(&n);
    for (size_t i = 0; i < count && i < n; i++) {
        if (t[i].make(&games[i], &owned[i]) != 0) {
            hard_games_free_all(games, owned, i);
            return -1;
        }
    }
    return 0;
}

void hard_games_free_all(const ba_game **games, const int *owned, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (owned[i])
            ba_game_destroy((ba_game *)(uintptr_t)games[i]);
}
