/*
 * Tic-tac-toe defined OUTSIDE libboardai, against the installed headers only, then searched by the
 * library's engine. It is the worked example of docs/adding-a-game.md and a test: scripts/test.sh
 * compiles it against the installed library (pkg-config and find_package) and runs it; the exit
 * status is non-zero when a check fails.
 *
 * Board squares are numbered 0..8 from the bottom-left, row by row, as people write them:
 *
 *     3 | a3 b3 c3        6 7 8
 *     2 | a2 b2 c2        3 4 5
 *     1 | a1 b1 c1        0 1 2
 *
 * Position text: the rows from the top, separated by '/', then the side to move, e.g.
 * "o../x../xo. x" (x on a1 and a2, o on b1 and a3, x to move).
 */
#include <boardai/boardai.h>

#include <stdio.h>
#include <string.h>

/* ---- the game ---- */

/* The state is flat memory: the search copies it with memcpy before each move. */
typedef struct ttt_state {
    uint8_t cell[9]; /* 0 empty, 1 x (side 0), 2 o (side 1) */
    uint8_t to_move; /* 0 x, 1 o */
} ttt_state;

static const uint8_t LINES[8][3] = {
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, /* rows */
    {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, /* columns */
    {0, 4, 8}, {2, 4, 6},            /* diagonals */
};

static const char MARK[] = ".xo"; /* indexed by cell value; NUL-terminated for strchr */

static int has_line(const ttt_state *s, int mark)
{
    for (int l = 0; l < 8; l++)
        if (s->cell[LINES[l][0]] == mark && s->cell[LINES[l][1]] == mark &&
            s->cell[LINES[l][2]] == mark)
            return 1;
    return 0;
}

static int ttt_init(const ba_game *g, void *state)
{
    (void)g;
    memset(state, 0, sizeof(ttt_state));
    return BA_OK;
}

static int ttt_side_to_move(const ba_game *g, const void *state)
{
    (void)g;
    return ((const ttt_state *)state)->to_move;
}

static int ttt_status(const ba_game *g, const void *state, const ba_history *hist)
{
    (void)g;
    (void)hist; /* no repetition rules */
    const ttt_state *s = state;
    if (has_line(s, 1))
        return BA_RESULT_WIN0;
    if (has_line(s, 2))
        return BA_RESULT_WIN1;
    for (int i = 0; i < 9; i++)
        if (s->cell[i] == 0)
            return BA_RESULT_ONGOING;
    return BA_RESULT_DRAW;
}

/* A move is one byte, the square; moves come in square order. */
static int ttt_generate(const ba_game *g, const void *state, const ba_history *hist,
                        ba_move *moves, size_t cap)
{
    const ttt_state *s = state;
    if (ttt_status(g, state, hist) != BA_RESULT_ONGOING)
        return 0;
    size_t n = 0;
    for (int i = 0; i < 9; i++) {
        if (s->cell[i] != 0)
            continue;
        if (n == cap)
            return BA_ERR_BUFFER;
        ba_move m = BA_MOVE_NONE;
        m.len = 1;
        m.bytes[0] = (uint8_t)i;
        moves[n++] = m;
    }
    return (int)n;
}

static int ttt_apply(const ba_game *g, void *state, const ba_move *move)
{
    (void)g;
    ttt_state *s = state;
    if (move->len != 1 || move->bytes[0] > 8 || s->cell[move->bytes[0]] != 0)
        return BA_ERR_ILLEGAL;
    s->cell[move->bytes[0]] = (uint8_t)(s->to_move + 1);
    s->to_move ^= 1;
    return BA_OK;
}

/* Lines still open to the side to move minus those open to the opponent: small, so far from
 * BA_SCORE_EVAL_MAX. Only used at a depth limit; a full search never needs it. */
static int ttt_evaluate(const ba_game *g, const void *state)
{
    (void)g;
    const ttt_state *s = state;
    int me = s->to_move + 1, score = 0;
    for (int l = 0; l < 8; l++) {
        int mine = 0, theirs = 0;
        for (int k = 0; k < 3; k++) {
            int c = s->cell[LINES[l][k]];
            mine += c == me;
            theirs += c != 0 && c != me;
        }
        score += (theirs == 0) - (mine == 0);
    }
    return score;
}

/* A perfect hash: the board in base 3, times two, plus the side to move. */
static uint64_t ttt_hash(const ba_game *g, const void *state)
{
    (void)g;
    const ttt_state *s = state;
    uint64_t h = 0;
    for (int i = 8; i >= 0; i--)
        h = h * 3 + s->cell[i];
    return h * 2 + s->to_move;
}

static int ttt_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf,
                            size_t cap)
{
    (void)g;
    (void)state;
    if (move->len != 1 || move->bytes[0] > 8)
        return BA_ERR_ARG;
    if (cap < 3)
        return BA_ERR_BUFFER;
    buf[0] = (char)('a' + move->bytes[0] % 3);
    buf[1] = (char)('1' + move->bytes[0] / 3);
    buf[2] = '\0';
    return 2;
}

static int ttt_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                              const char *text, ba_move *out, ba_error *err)
{
    const ttt_state *s = state;
    if (strlen(text) != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
        return ba_error_set(err, BA_ERR_PARSE, "bad square '%.16s': expected a1..c3", text);
    int sq = (text[1] - '1') * 3 + (text[0] - 'a');
    if (ttt_status(g, state, hist) != BA_RESULT_ONGOING)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over");
    if (s->cell[sq] != 0)
        return ba_error_set(err, BA_ERR_ILLEGAL, "%s is taken by %c", text, MARK[s->cell[sq]]);
    ba_move m = BA_MOVE_NONE;
    m.len = 1;
    m.bytes[0] = (uint8_t)sq;
    *out = m;
    return BA_OK;
}

static int ttt_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    const ttt_state *s = state;
    char text[16];
    size_t n = 0;
    for (int row = 2; row >= 0; row--) {
        for (int col = 0; col < 3; col++)
            text[n++] = MARK[s->cell[row * 3 + col]];
        text[n++] = row > 0 ? '/' : ' ';
    }
    text[n++] = MARK[s->to_move + 1];
    text[n] = '\0';
    if (cap < n + 1)
        return BA_ERR_BUFFER;
    memcpy(buf, text, n + 1);
    return (int)n;
}

static int ttt_position_from_text(const ba_game *g, void *state, const char *text, ba_error *err)
{
    (void)g;
    ttt_state s;
    memset(&s, 0, sizeof s);
    /* Exactly "rrr/rrr/rrr s": 13 characters. */
    if (strlen(text) != 13 || text[3] != '/' || text[7] != '/' || text[11] != ' ')
        return ba_error_set(err, BA_ERR_PARSE,
                            "expected three rows of x, o or '.' separated by '/', a space and "
                            "the side to move, e.g. \"o../x../xo. x\"");
    int count[3] = {0, 0, 0};
    for (int row = 2, i = 0; row >= 0; row--, i++) {
        for (int col = 0; col < 3; col++) {
            char c = text[i * 4 + col];
            const char *p = strchr(MARK, c);
            if (c == '\0' || !p)
                return ba_error_set(err, BA_ERR_PARSE, "bad cell '%c': expected x, o or '.'", c);
            s.cell[row * 3 + col] = (uint8_t)(p - MARK);
            count[p - MARK]++;
        }
    }
    if (text[12] != 'x' && text[12] != 'o')
        return ba_error_set(err, BA_ERR_PARSE, "bad side to move '%c': expected x or o", text[12]);
    s.to_move = text[12] == 'o';
    /* x moves first, so x has as many marks as o (x to move) or one more (o to move). */
    if (count[1] - count[2] != s.to_move)
        return ba_error_set(err, BA_ERR_PARSE, "%d x and %d o cannot have %c to move", count[1],
                            count[2], text[12]);
    if (has_line(&s, 1) && has_line(&s, 2))
        return ba_error_set(err, BA_ERR_PARSE, "both sides cannot have three in a row");
    memcpy(state, &s, sizeof s);
    return BA_OK;
}

static int ttt_render(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    const ttt_state *s = state;
    char text[64];
    size_t n = 0;
    for (int row = 2; row >= 0; row--) {
        text[n++] = (char)('1' + row);
        text[n++] = ' ';
        for (int col = 0; col < 3; col++) {
            text[n++] = ' ';
            text[n++] = MARK[s->cell[row * 3 + col]];
        }
        text[n++] = '\n';
    }
    memcpy(text + n, "   a b c\n", 10);
    n += 9;
    if (cap < n + 1)
        return BA_ERR_BUFFER;
    memcpy(buf, text, n + 1);
    return (int)n;
}

/* The vtable. Optional functions we do not need (noisy moves, ordering keys, explain, destroy)
 * stay NULL. */
static const ba_game TICTACTOE = BA_GAME_INIT(
    .flags = 0,
    .name = "tictactoe",
    .side_names = {"x", "o"},
    .state_size = sizeof(ttt_state),
    .max_moves = 9,
    .max_plies = 9,
    .params = NULL,
    .init = ttt_init,
    .side_to_move = ttt_side_to_move,
    .generate = ttt_generate,
    .apply = ttt_apply,
    .status = ttt_status,
    .evaluate = ttt_evaluate,
    .hash = ttt_hash,
    .move_to_text = ttt_move_to_text,
    .move_from_text = ttt_move_from_text,
    .position_to_text = ttt_position_to_text,
    .position_from_text = ttt_position_from_text,
    .render = ttt_render);

/* ---- the checks ---- */

static int failures = 0;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

static const char *const ALGORITHM_NAMES[] = {"negamax", "alphabeta", "bestfirst"};

/* Searches @p text (NULL: the start) to @p depth with @p alg; fills the result and best move. */
static int search(ba_algorithm alg, const char *text, int depth, ba_search_result *r, char *best,
                  size_t cap)
{
    ba_pos *pos = NULL;
    ba_engine *engine = NULL;
    ba_error err;
    int rc = ba_pos_new(&TICTACTOE, &pos);
    if (rc == BA_OK && text)
        rc = ba_pos_set_text(pos, text, &err);
    if (rc == BA_OK)
        rc = ba_engine_new(&TICTACTOE, &engine);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_ALGORITHM, alg);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_DEPTH, depth);
    if (rc == BA_OK)
        rc = ba_engine_search(engine, pos, r);
    if (rc == BA_OK)
        rc = ba_pos_move_text(pos, &r->best, best, cap) < 0 ? BA_ERR_INTERNAL : BA_OK;
    ba_engine_free(engine);
    ba_pos_free(pos);
    return rc;
}

int main(void)
{
    ba_error err;
    CHECK(ba_game_check(&TICTACTOE, &err) == BA_OK, "ba_game_check: %s", err.message);
    /* The library's self-test: random games check the whole vtable contract. */
    ba_selftest_options st = BA_SELFTEST_OPTIONS_INIT;
    st.games = 200;
    CHECK(ba_game_selftest(&TICTACTOE, &st, &err) == BA_OK, "self-test: %s", err.message);

    /* Perft from the start: 9 * 8 * 7 = 504 at depth 3 (no game ends before ply 5). At depth 9
     * only the games that last all nine plies are leaves: of the 255168 tic-tac-toe games,
     * 81792 are won by x's fifth mark and 46080 are draws, 127872 in all. */
    ba_pos *pos = NULL;
    CHECK(ba_pos_new(&TICTACTOE, &pos) == BA_OK, "ba_pos_new");
    uint64_t count = 0;
    CHECK(ba_perft(pos, 3, &count) == BA_OK && count == 504, "perft 3 = %llu, expected 504",
          (unsigned long long)count);
    CHECK(ba_perft(pos, 9, &count) == BA_OK && count == 127872,
          "perft 9 = %llu, expected 127872", (unsigned long long)count);

    /* Position text round trip and a refused illegal move. */
    const char *fork = "o../x../xo. x";
    char text[BA_POS_TEXT_MAX];
    CHECK(ba_pos_set_text(pos, fork, &err) == BA_OK, "set_text: %s", err.message);
    CHECK(ba_pos_text(pos, text, sizeof text) > 0 && strcmp(text, fork) == 0,
          "position text round trip gave '%s'", text);
    CHECK(ba_pos_play_text(pos, "a1", &err) == BA_ERR_ILLEGAL, "a1 is taken but was accepted");
    CHECK(ba_pos_set_text(pos, "xx./.../... x", &err) == BA_ERR_PARSE,
          "two x and no o with x to move was accepted");
    ba_pos_free(pos);

    for (int alg = BA_ALG_NEGAMAX; alg <= BA_ALG_BESTFIRST; alg++) {
        ba_search_result r;
        char best[BA_MOVE_TEXT_MAX];
        const char *name = ALGORITHM_NAMES[alg];

        /* The whole game tree (9 plies) from the start: tic-tac-toe is a draw. */
        int rc = search((ba_algorithm)alg, NULL, 9, &r, best, sizeof best);
        CHECK(rc == BA_OK, "%s: search from the start failed: %s", name, ba_errstr(rc));
        if (rc == BA_OK) {
            CHECK(r.score == BA_SCORE_DRAW, "%s: start scored %d, expected the draw 0", name,
                  r.score);
            printf("%-9s start: best %s score %d nodes %llu\n", name, best, r.score,
                   (unsigned long long)r.nodes);
        }

        /* x on a1 and a2, o on b1 and a3, x to move: b2 threatens both a1-b2-c3 and a2-b2-c2,
         * and it is the only winning move (c3 and c2 alone make one threat that o blocks).
         * x wins on its next move: three plies from the root, BA_SCORE_WIN - 3. */
        rc = search((ba_algorithm)alg, fork, 5, &r, best, sizeof best);
        CHECK(rc == BA_OK, "%s: search of the fork failed: %s", name, ba_errstr(rc));
        if (rc == BA_OK) {
            CHECK(strcmp(best, "b2") == 0, "%s: fork best move %s, expected b2", name, best);
            CHECK(r.score == BA_SCORE_WIN - 3, "%s: fork scored %d, expected %d (win in 3)", name,
                  r.score, BA_SCORE_WIN - 3);
            printf("%-9s fork:  best %s score BA_SCORE_WIN - %d\n", name, best,
                   BA_SCORE_WIN - r.score);
        }
    }

    if (failures) {
        printf("tictactoe: %d check(s) failed\n", failures);
        return 1;
    }
    printf("tictactoe: all checks passed\n");
    return 0;
}
