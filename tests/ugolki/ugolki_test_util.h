/* Helpers shared by the ugolki test files (header-only: each test file is its own program). */
#ifndef UGOLKI_TEST_UTIL_H
#define UGOLKI_TEST_UTIL_H

#include <check.h>
#include <string.h>

#include "boardai/ugolki.h"
#include "ugolki/ugolki_internal.h"

#define UT_MAX_MOVES 600

/* A game with options changed from the defaults by the caller; freed by ut_free_game. */
static inline const ba_game *ut_variant(const ba_ugolki_options *o)
{
    ba_game *g = NULL;
    ba_error err;
    int rc = ba_ugolki_create(o, &g, &err);
    ck_assert_msg(rc == BA_OK, "create: %s", err.message);
    return g;
}

static inline void ut_free_game(const ba_game *g)
{
    if (g != ba_ugolki_game())
        ba_game_destroy((ba_game *)(uintptr_t)g);
}

static inline ug_state ut_load(const ba_game *g, const char *text)
{
    ug_state s;
    ba_error err;
    memset(&s, 0, sizeof s);
    int rc = g->position_from_text(g, &s, text, &err);
    ck_assert_msg(rc == BA_OK, "position '%s': %s", text, err.message);
    return s;
}

static inline int ut_moves(const ba_game *g, const ug_state *s, ba_move *moves)
{
    ba_history none = {NULL, 0};
    int n = g->generate(g, s, &none, moves, UT_MAX_MOVES);
    ck_assert_int_ge(n, 0);
    return n;
}

/* Plays a move given as text (which must parse and be legal) and checks it is generated. */
static inline void ut_play(const ba_game *g, ug_state *s, const char *text)
{
    ba_history none = {NULL, 0};
    ba_move m, list[UT_MAX_MOVES];
    ba_error err;
    int rc = g->move_from_text(g, s, &none, text, &m, &err);
    ck_assert_msg(rc == BA_OK, "move '%s': %s", text, err.message);
    int n = ut_moves(g, s, list), found = 0;
    for (int i = 0; i < n; i++)
        found += memcmp(&list[i], &m, sizeof m) == 0;
    ck_assert_msg(found == 1, "move '%s' generated %d times", text, found);
    ck_assert_int_eq(g->apply(g, s, &m), BA_OK);
}

/* The result of a state. */
static inline int ut_status(const ba_game *g, const ug_state *s)
{
    ba_history none = {NULL, 0};
    return g->status(g, s, &none);
}

/* The text of a move, by value. */
typedef struct ut_text {
    char s[BA_MOVE_TEXT_MAX];
} ut_text;

static inline ut_text ut_move_text(const ba_game *g, const ug_state *s, const ba_move *m)
{
    ut_text t;
    int n = g->move_to_text(g, s, m, t.s, sizeof t.s);
    ck_assert_int_gt(n, 0);
    return t;
}

/* The square number of "c3". */
static inline int ut_sq(const char *name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

#endif
