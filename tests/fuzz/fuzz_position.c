/* tests/fuzz/fuzz_position.c: a game's position text (compiled once per game module with
 * -DFUZZ_MODULE="<module>"). Input: one byte choosing the variant, then the text.
 *
 * Checks: a refused text fills the error (code, message) and leaves the position unchanged; an
 * accepted one writes a text that reads back to the same text and hash, and everything the
 * library offers on a position (moves, move text both ways, result, evaluation in range,
 * render, explain, one move played and undone) works on it.
 */
#include "fuzz_common.h"

#define FUZZ_MOVES_CHECKED 24

static void check_accepted(const ba_game *g, ba_pos *pos)
{
    char *text = malloc(BA_POS_TEXT_MAX), *text2 = malloc(BA_POS_TEXT_MAX);
    char *render = malloc(BA_RENDER_MAX);
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    FUZZ_CHECK(text && text2 && render && moves);
    int len = ba_pos_text(pos, text, BA_POS_TEXT_MAX);
    FUZZ_CHECK(len >= 0 && (size_t)len == strlen(text));
    /* Too small a buffer is refused, never overrun. */
    char tiny[2];
    int small = ba_pos_text(pos, tiny, sizeof tiny);
    FUZZ_CHECK(len < (int)sizeof tiny ? small == len : small == BA_ERR_BUFFER);

    ba_pos *again = NULL;
    ba_error err;
    FUZZ_CHECK(ba_pos_new(g, &again) == BA_OK);
    int rc = ba_pos_set_text(again, text, &err);
    if (rc != BA_OK)
        fprintf(stderr, "written text '%s' refused: %s\n", text, err.message);
    FUZZ_CHECK(rc == BA_OK);
    FUZZ_CHECK(ba_pos_text(again, text2, BA_POS_TEXT_MAX) == len);
    FUZZ_CHECK(strcmp(text, text2) == 0);
    FUZZ_CHECK(ba_pos_hash(again) == ba_pos_hash(pos));
    ba_pos_free(again);

    int side = ba_pos_side_to_move(pos);
    FUZZ_CHECK(side == 0 || side == 1);
    int result = ba_pos_result(pos);
    FUZZ_CHECK(result >= BA_RESULT_ONGOING && result <= BA_RESULT_DRAW);
    int n = ba_pos_moves(pos, moves, g->max_moves);
    FUZZ_CHECK(n >= 0 && (size_t)n <= g->max_moves);
    FUZZ_CHECK(result == BA_RESULT_ONGOING || n == 0);
    int score = 0;
    if (ba_pos_evaluate(pos, &score) == BA_OK)
        FUZZ_CHECK(score >= -BA_SCORE_EVAL_MAX && score <= BA_SCORE_EVAL_MAX);
    int r = ba_pos_render(pos, render, BA_RENDER_MAX);
    FUZZ_CHECK(r == BA_ERR_UNSUPPORTED || (r >= 0 && (size_t)r == strlen(render)));
    r = ba_pos_explain(pos, render, BA_RENDER_MAX);
    FUZZ_CHECK(r == BA_ERR_UNSUPPORTED || (r >= 0 && (size_t)r == strlen(render)));

    /* Move text both ways on a sample of the moves (all of them for small lists). */
    int step = n > FUZZ_MOVES_CHECKED ? n / FUZZ_MOVES_CHECKED : 1;
    for (int i = 0; i < n; i += step) {
        char mt[BA_MOVE_TEXT_MAX];
        int ml = ba_pos_move_text(pos, &moves[i], mt, sizeof mt);
        FUZZ_CHECK(ml >= 0 && (size_t)ml == strlen(mt));
        ba_move back;
        rc = ba_pos_parse_move(pos, mt, &back, &err);
        if (rc != BA_OK)
            fprintf(stderr, "move text '%s' refused in '%s': %s\n", mt, text, err.message);
        FUZZ_CHECK(rc == BA_OK);
        FUZZ_CHECK(ba_move_equal(&back, &moves[i]));
    }
    if (n > 0) {
        uint64_t h = ba_pos_hash(pos);
        FUZZ_CHECK(ba_pos_play(pos, &moves[0], &err) == BA_OK);
        FUZZ_CHECK(ba_pos_undo(pos) == BA_OK);
        FUZZ_CHECK(ba_pos_hash(pos) == h);
        FUZZ_CHECK(ba_pos_text(pos, text2, BA_POS_TEXT_MAX) == len && strcmp(text, text2) == 0);
    }
    free(text);
    free(text2);
    free(render);
    free(moves);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int cost;
    const ba_game *g = fuzz_game(data[0], &cost);
    if (!g)
        return 0;
    char *text = fuzz_strdup(data + 1, size - 1);
    ba_pos *pos = NULL;
    FUZZ_CHECK(text && ba_pos_new(g, &pos) == BA_OK);
    uint64_t start_hash = ba_pos_hash(pos);
    ba_error err;
    int rc = ba_pos_set_text(pos, text, &err);
    if (rc == BA_OK) {
        check_accepted(g, pos);
    } else {
        fuzz_check_error(rc, &err);
        FUZZ_CHECK(rc == BA_ERR_PARSE || rc == BA_ERR_RANGE || rc == BA_ERR_ILLEGAL ||
                   rc == BA_ERR_ARG);
        FUZZ_CHECK(ba_pos_hash(pos) == start_hash); /* unchanged on error */
    }
    ba_pos_free(pos);
    free(text);
    return 0;
}
