/* Small helpers over the game vtable: move comparison, vtable checking, results. */
#include <stddef.h>
#include <string.h>

#include "boardai/game.h"
#include "game_checked.h"

int ba_move_equal(const ba_move *a, const ba_move *b)
{
    if (!a || !b)
        return a == b;
    /* Canonical encoding (unused bytes zero) makes a comparison of len bytes enough, but compare
     * the whole payload so that a game leaving garbage past len is not silently accepted. */
    return a->len == b->len && a->tag == b->tag && memcmp(a->bytes, b->bytes, sizeof a->bytes) == 0;
}

int ba_move_is_none(const ba_move *m) { return !m || (m->len == 0 && m->tag == 0); }

int ba_game_check(const ba_game *g, ba_error *err)
{
    if (!g)
        return ba_error_set(err, BA_ERR_GAME, "game is NULL");
    /* struct_size comes first so that a pre-1.0 game (abi 1 in the first word) reads as a struct
     * far too short, and is refused before any other field is trusted. */
    if (g->struct_size < BA_GAME_SIZE_MIN)
        return ba_error_set(err, BA_ERR_GAME,
                            "game struct_size is %u bytes, at least %zu are needed (fill the game "
                            "with BA_GAME_INIT, from a header of libboardai 1.0 or later)",
                            (unsigned)g->struct_size, (size_t)BA_GAME_SIZE_MIN);
    if (g->abi != BA_GAME_ABI)
        return ba_error_set(err, BA_ERR_GAME, "game abi is %u, this library needs %d",
                            (unsigned)g->abi, BA_GAME_ABI);
    if (!g->name || !g->name[0])
        return ba_error_set(err, BA_ERR_GAME, "game has no name");
    const char *who = g->name;
    if (!g->side_names[0] || !g->side_names[1])
        return ba_error_set(err, BA_ERR_GAME, "game '%s': side_names missing", who);
    if (g->state_size == 0)
        return ba_error_set(err, BA_ERR_GAME, "game '%s': state_size is 0", who);
    if (g->max_moves == 0)
        return ba_error_set(err, BA_ERR_GAME, "game '%s': max_moves is 0", who);
    /* Move counts are returned as int; a bigger bound could not be reported. */
    if (g->max_moves > (size_t)1 << 30)
        return ba_error_set(err, BA_ERR_GAME, "game '%s': max_moves %zu is too large", who,
                            g->max_moves);
    if (g->state_size > (size_t)1 << 30)
        return ba_error_set(err, BA_ERR_GAME, "game '%s': state_size %zu is too large", who,
                            g->state_size);
#define BA_REQUIRE(fn)                                                                           \
    if (!g->fn)                                                                                  \
    return ba_error_set(err, BA_ERR_GAME, "game '%s': required function " #fn " is missing", who)
    BA_REQUIRE(init);
    BA_REQUIRE(side_to_move);
    BA_REQUIRE(generate);
    BA_REQUIRE(apply);
    BA_REQUIRE(status);
    BA_REQUIRE(evaluate);
    BA_REQUIRE(hash);
#undef BA_REQUIRE
    /* The four text functions are optional (the library's defaults stand in, see position.h),
     * but they come in pairs: a writer without its reader could not round-trip. */
    if ((g->move_to_text == NULL) != (g->move_from_text == NULL))
        return ba_error_set(err, BA_ERR_GAME,
                            "game '%s': move_to_text and move_from_text must both be set or both "
                            "be NULL", who);
    if ((g->position_to_text == NULL) != (g->position_from_text == NULL))
        return ba_error_set(err, BA_ERR_GAME,
                            "game '%s': position_to_text and position_from_text must both be set "
                            "or both be NULL", who);
    if ((g->flags & BA_GAME_PARTIAL_MOVES) && !g->move_from_text)
        return ba_error_set(err, BA_ERR_GAME,
                            "game '%s': BA_GAME_PARTIAL_MOVES needs the game's own move_from_text "
                            "(the default parser only finds generated moves)", who);
    ba_error_clear(err);
    return BA_OK;
}

void ba_game_destroy(ba_game *g)
{
    if (g && BA_GAME_HAS(g, destroy))
        g->destroy(g);
}

int ba_result_winner(int result)
{
    switch (result) {
    case BA_RESULT_WIN0: return 0;
    case BA_RESULT_WIN1: return 1;
    default: return -1;
    }
}

int bac_game_side(const ba_game *g, const void *state)
{
    int side = g->side_to_move(g, state);
    return side == 0 || side == 1 ? side : BA_ERR_GAME; /* a broken game must not index [2] */
}

int bac_game_status(const ba_game *g, const void *state, const ba_history *hist)
{
    int r = g->status(g, state, hist);
    return r >= BA_RESULT_ONGOING && r <= BA_RESULT_DRAW ? r : BA_ERR_GAME;
}

int bac_move_canonical(const ba_move *m)
{
    if (m->len > BA_MOVE_MAX_BYTES)
        return 0;
    for (size_t i = m->len; i < BA_MOVE_MAX_BYTES; i++)
        if (m->bytes[i])
            return 0;
    return 1;
}

int bac_game_generate(const ba_game *g, const void *state, const ba_history *hist,
                      ba_move *moves, size_t cap)
{
    int n = g->generate(g, state, hist, moves, cap);
    if (n < 0)
        return n;
    if ((size_t)n > cap) /* the caller would read past its buffer */
        return BA_ERR_GAME;
    for (int i = 0; i < n; i++)
        if (!bac_move_canonical(&moves[i]) || ba_move_is_none(&moves[i]))
            return BA_ERR_GAME;
    return n;
}

int bac_text_len(int len, char *buf, size_t cap)
{
    if (len < 0)
        return len;
    /* The length must fit the buffer with its NUL, and the NUL must be where the length says. */
    if (cap == 0 || (size_t)len >= cap || buf[len] != '\0' || memchr(buf, '\0', (size_t)len)) {
        if (cap)
            buf[0] = '\0';
        return BA_ERR_GAME;
    }
    return len;
}
