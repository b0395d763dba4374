/* tests/fuzz/fuzz_move.c: a game's move text (compiled once per game module with
 * -DFUZZ_MODULE="<module>"). Input: a byte choosing the variant, a byte choosing a position
 * (a few seeded random plies from the start), then the move text.
 *
 * Checks: a refused text fills the error (PARSE or ILLEGAL with a message) and playing it fails
 * the same way without changing the position; an accepted one is one of the legal moves, its
 * own text parses back to it, and playing the text gives the position playing the move gives.
 * A game with BA_GAME_PARTIAL_MOVES lists only some legal moves (Arimaa's curated setups, while
 * its parser takes any legal arrangement), so there an accepted move that generate() did not
 * list must still be played through ba_pos_play() like a listed one.
 */
#include "fuzz_common.h"

static uint64_t fuzz_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    int cost;
    const ba_game *g = fuzz_game(data[0], &cost);
    if (!g)
        return 0;
    ba_pos *pos = NULL;
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    char *text = fuzz_strdup(data + 2, size - 2);
    FUZZ_CHECK(moves && text && ba_pos_new(g, &pos) == BA_OK);
    /* Arimaa turns are expensive to generate: fewer random plies there. */
    uint64_t seed = data[1];
    int plies = (int)(data[1] % (cost > 1 ? 4u : 24u));
    int n = 0;
    for (int i = 0; i < plies; i++) {
        n = ba_pos_moves(pos, moves, g->max_moves);
        FUZZ_CHECK(n >= 0);
        if (n == 0)
            break;
        FUZZ_CHECK(ba_pos_play(pos, &moves[fuzz_rand(&seed) % (uint64_t)n], NULL) == BA_OK);
    }
    n = ba_pos_moves(pos, moves, g->max_moves);
    FUZZ_CHECK(n >= 0);
    uint64_t before = ba_pos_hash(pos);
    size_t ply = ba_pos_ply(pos);

    ba_move m;
    ba_error err;
    int rc = ba_pos_parse_move(pos, text, &m, &err);
    if (rc == BA_OK) {
        int found = 0;
        for (int i = 0; i < n && !found; i++)
            found = ba_move_equal(&m, &moves[i]);
        FUZZ_CHECK(found || (g->flags & BA_GAME_PARTIAL_MOVES));
        char mt[BA_MOVE_TEXT_MAX];
        FUZZ_CHECK(ba_pos_move_text(pos, &m, mt, sizeof mt) >= 0);
        ba_move back;
        FUZZ_CHECK(ba_pos_parse_move(pos, mt, &back, &err) == BA_OK && ba_move_equal(&back, &m));
        ba_pos *copy = NULL;
        FUZZ_CHECK(ba_pos_clone(pos, &copy) == BA_OK);
        FUZZ_CHECK(ba_pos_play_text(pos, text, &err) == BA_OK);
        FUZZ_CHECK(ba_pos_play(copy, &m, &err) == BA_OK);
        FUZZ_CHECK(ba_pos_hash(copy) == ba_pos_hash(pos));
        ba_pos_free(copy);
    } else {
        fuzz_check_error(rc, &err);
        FUZZ_CHECK(rc == BA_ERR_PARSE || rc == BA_ERR_ILLEGAL || rc == BA_ERR_STATE);
        FUZZ_CHECK(ba_pos_play_text(pos, text, &err) == rc);
        FUZZ_CHECK(ba_pos_hash(pos) == before && ba_pos_ply(pos) == ply);
    }
    ba_pos_free(pos);
    free(moves);
    free(text);
    return 0;
}
