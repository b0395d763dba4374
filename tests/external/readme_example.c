/* The example of README.md, word for word: Kalah, the AI against itself. */
#include <boardai/boardai.h>
#include <stdio.h>

int main(void)
{
    const ba_game *game = ba_kalah_game();           /* or any game, even your own */
    ba_pos *pos = NULL;
    ba_engine *engine = NULL;
    if (ba_pos_new(game, &pos) != BA_OK || ba_engine_new(game, &engine) != BA_OK)
        return 1;
    ba_engine_set(engine, BA_OPT_DEPTH, 8);          /* plies; also BA_OPT_TIME_MS, ... */
    while (ba_pos_result(pos) == BA_RESULT_ONGOING) {
        ba_search_result r;
        char move[BA_MOVE_TEXT_MAX];
        if (ba_engine_search(engine, pos, &r) != BA_OK)
            return 1;
        ba_pos_move_text(pos, &r.best, move, sizeof move);
        printf("%s plays %s (score %d)\n",
               game->side_names[ba_pos_side_to_move(pos)], move, r.score);
        ba_pos_play(pos, &r.best, NULL);
    }
    printf("result: %d (1 = %s wins, 2 = %s wins, 3 = draw)\n", ba_pos_result(pos),
           game->side_names[0], game->side_names[1]);
    ba_engine_free(engine);
    ba_pos_free(pos);
    return 0;
}
