/* A program that uses the experimental part of the API (docs/api-stability.md): it must be
 * compiled with BOARDAI_EXPERIMENTAL defined, and fails to compile without it (the build checks
 * both). It evaluates a tiny board with the piece-square evaluator (pst.h, experimental) and
 * sets an MCTS knob (BA_OPT_MCTS_ITERATIONS, experimental) on an engine of a bundled game. */
#include <stdio.h>

#include "boardai/boardai.h"

int main(void)
{
    /* A 2x2 board, one piece type worth 10, square values 1..4; side 1 reads it turned round. */
    static const int material[1] = {10};
    static const int squares[4] = {1, 2, 3, 4};
    const ba_pst pst = {2, 2, 1, material, squares, 1, BA_PST_ROTATE};
    const ba_pst_piece pieces[2] = {{0, 0, 3}, {1, 0, 3}};
    if (ba_pst_check(&pst) != BA_OK) {
        fprintf(stderr, "experimental: the table is refused\n");
        return 1;
    }
    /* Side 0 on square 3: 10 + 4; side 1 on square 3 reads square 0: 10 + 1. */
    int64_t eval = ba_pst_evaluate(&pst, pieces, 2, 0);
    if (eval != 3) {
        fprintf(stderr, "experimental: evaluation %lld, expected 3\n", (long long)eval);
        return 1;
    }

    const char *const *names = ba_game_names();
    if (names && names[0]) {
        ba_game *game = NULL;
        ba_error err;
        ba_engine *engine = NULL;
        if (ba_game_open(names[0], &game, &err) != BA_OK || ba_engine_new(game, &engine) != BA_OK) {
            fprintf(stderr, "experimental: cannot open %s\n", names[0]);
            return 1;
        }
        int64_t value = 0;
        int rc = ba_engine_set(engine, BA_OPT_MCTS_ITERATIONS, 500);
        if (rc == BA_OK)
            rc = ba_engine_get(engine, BA_OPT_MCTS_ITERATIONS, &value);
        ba_engine_free(engine);
        ba_game_destroy(game);
        if (rc != BA_OK || value != 500) {
            fprintf(stderr, "experimental: BA_OPT_MCTS_ITERATIONS not kept (%d, %lld)\n", rc,
                    (long long)value);
            return 1;
        }
    }
    printf("experimental: ok\n");
    return 0;
}
