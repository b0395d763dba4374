/*
 * Connect Four written from outside the library, against the installed headers only, as a new
 * user would: two bitboards, a perfect-hash key, and the library's self-test.
 *
 * Rules: a 7-column, 6-row upright board; the players drop a stone into a column that is not
 * full, and it falls to the lowest empty cell. Four of one's stones in a line (across, up, or
 * diagonally) win; a full board without such a line is a draw. The first player ('x') is side 0.
 *
 * The state is the classic bitboard pair (as in John Tromp's and Pascal Pons's solvers): each
 * column takes 7 bits (6 cells and a spare top bit that keeps the columns apart), `mask` holds
 * every stone and `mine` the stones of the side to move. `mine + mask` is a perfect hash: two
 * different positions never share it. Such a key has all its entropy in a few low bits per
 * column, which is why the library mixes the game's hash before indexing its table.
 *
 * The same file is:
 *  - a test program (main(): the self-test, perft, a won position), built in-tree and against
 *    the installed library by scripts/test.sh;
 *  - with CONNECT4_SHARED_OBJECT defined, a shared object exporting the registry's entry point
 *    boardai_game_open() (registry.h), which `boardai-match --game-lib` loads;
 *  - with CONNECT4_TEST_GAME defined, the project's test game bt_connect4_game()
 *    (tests/support/testgames.h), compiled into the test support library: one Connect Four.
 */
#include <boardai/boardai.h>

#include <stdio.h>
#include <string.h>

#define C4_W 7
#define C4_H 6
#define C4_CELLS (C4_W * C4_H)

typedef struct c4_state {
    uint64_t mine; /* stones of the side to move */
    uint64_t mask; /* every stone */
    uint32_t plies;
    uint32_t zero; /* keeps the struct free of padding (the default text would show it) */
} c4_state;

static uint64_t bottom(int col) { return (uint64_t)1 << (col * (C4_H + 1)); }
static uint64_t top(int col) { return (uint64_t)1 << (C4_H - 1 + col * (C4_H + 1)); }
static uint64_t cell(int col, int row) { return (uint64_t)1 << (row + col * (C4_H + 1)); }

/* True when the stones @p p hold four in a line. */
static int aligned(uint64_t p)
{
    static const int dirs[4] = {1, C4_H + 1, C4_H, C4_H + 2}; /* up, across, two diagonals */
    for (int d = 0; d < 4; d++) {
        uint64_t m = p & (p >> dirs[d]);
        if (m & (m >> (2 * dirs[d])))
            return 1;
    }
    return 0;
}

static int c4_init(const ba_game *g, void *st)
{
    (void)g;
    memset(st, 0, sizeof(c4_state));
    return BA_OK;
}

static int c4_side(const ba_game *g, const void *st)
{
    (void)g;
    return (int)(((const c4_state *)st)->plies & 1);
}

static int c4_status(const ba_game *g, const void *st, const ba_history *h)
{
    (void)g;
    (void)h;
    const c4_state *s = st;
    if (s->plies && aligned(s->mine ^ s->mask)) /* the side that just moved */
        return (s->plies - 1) % 2 == 0 ? BA_RESULT_WIN0 : BA_RESULT_WIN1;
    return s->plies == C4_CELLS ? BA_RESULT_DRAW : BA_RESULT_ONGOING;
}

static int c4_generate(const ba_game *g, const void *st, const ba_history *h, ba_move *moves,
                       size_t cap)
{
    const c4_state *s = st;
    if (c4_status(g, st, h) != BA_RESULT_ONGOING)
        return 0;
    size_t n = 0;
    for (int col = 0; col < C4_W; col++) {
        if (s->mask & top(col))
            continue;
        if (n == cap)
            return BA_ERR_BUFFER;
        ba_move m = BA_MOVE_NONE;
        m.len = 1;
        m.bytes[0] = (uint8_t)col;
        moves[n++] = m;
    }
    return (int)n;
}

/* Move ordering: the centre columns first (they take part in more lines), for better cut-offs.
 * Never positive: no move counts as noisy. */
static int c4_order_key(const ba_game *g, const void *st, const ba_move *m)
{
    (void)g;
    (void)st;
    int c = m->bytes[0];
    return -1 - (c > 3 ? c - 3 : 3 - c);
}

static int c4_apply(const ba_game *g, void *st, const ba_move *m)
{
    (void)g;
    c4_state *s = st;
    int col = m->bytes[0];
    if (m->len != 1 || col >= C4_W || (s->mask & top(col)))
        return BA_ERR_ILLEGAL;
    s->mine ^= s->mask;
    s->mask |= s->mask + bottom(col);
    s->plies++;
    return BA_OK;
}

/* Lines of four still open to one side, weighted toward the centre: a cheap evaluation. */
static int c4_evaluate(const ba_game *g, const void *st)
{
    (void)g;
    const c4_state *s = st;
    static const int weight[C4_W] = {1, 2, 3, 4, 3, 2, 1};
    int score = 0;
    for (int c = 0; c < C4_W; c++)
        for (int r = 0; r < C4_H; r++) {
            uint64_t b = cell(c, r);
            if (s->mine & b)
                score += weight[c];
            else if (s->mask & b)
                score -= weight[c];
        }
    return score;
}

static uint64_t c4_hash(const ba_game *g, const void *st)
{
    (void)g;
    const c4_state *s = st;
    return s->mine + s->mask; /* the perfect hash: unique per position */
}

static int c4_move_to_text(const ba_game *g, const void *st, const ba_move *m, char *buf,
                           size_t cap)
{
    (void)g;
    (void)st;
    if (m->len != 1 || m->bytes[0] >= C4_W)
        return BA_ERR_ARG;
    if (cap < 2)
        return BA_ERR_BUFFER;
    buf[0] = (char)('a' + m->bytes[0]);
    buf[1] = '\0';
    return 1;
}

static int c4_move_from_text(const ba_game *g, const void *st, const ba_history *h,
                             const char *text, ba_move *out, ba_error *err)
{
    const c4_state *s = st;
    if (!text[0] || text[1] || text[0] < 'a' || text[0] >= 'a' + C4_W)
        return ba_error_set(err, BA_ERR_PARSE, "bad move '%.20s': a column letter a-g", text);
    int col = text[0] - 'a';
    if (c4_status(g, st, h) != BA_RESULT_ONGOING)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over");
    if (s->mask & top(col))
        return ba_error_set(err, BA_ERR_ILLEGAL, "column %c is full", text[0]);
    ba_move m = BA_MOVE_NONE;
    m.len = 1;
    m.bytes[0] = (uint8_t)col;
    *out = m;
    return BA_OK;
}

/* Position text: the rows from the top, '/' between them, 'x' (side 0), 'o' and '.':
 * "......./......./......./......./......./...x...". The side to move follows from the counts. */
static int c4_position_to_text(const ba_game *g, const void *st, char *buf, size_t cap)
{
    (void)g;
    const c4_state *s = st;
    uint64_t x = s->plies % 2 == 0 ? s->mine : s->mine ^ s->mask;
    size_t need = C4_H * (C4_W + 1);
    if (cap < need)
        return BA_ERR_BUFFER;
    size_t k = 0;
    for (int r = C4_H - 1; r >= 0; r--) {
        for (int c = 0; c < C4_W; c++)
            buf[k++] = (x & cell(c, r)) ? 'x' : (s->mask & cell(c, r)) ? 'o' : '.';
        buf[k++] = r ? '/' : '\0';
    }
    return (int)need - 1;
}

static int c4_position_from_text(const ba_game *g, void *st, const char *text, ba_error *err)
{
    (void)g;
    if (strlen(text) != C4_H * (C4_W + 1) - 1)
        return ba_error_set(err, BA_ERR_PARSE, "a position is 6 rows of 7 cells, '/' between");
    uint64_t x = 0, o = 0;
    int nx = 0, no = 0;
    for (int r = C4_H - 1, k = 0; r >= 0; r--, k++) {
        for (int c = 0; c < C4_W; c++, k++) {
            char ch = text[k];
            if (ch == 'x')
                x |= cell(c, r), nx++;
            else if (ch == 'o')
                o |= cell(c, r), no++;
            else if (ch != '.')
                return ba_error_set(err, BA_ERR_PARSE, "bad cell '%c': x, o or .", ch);
        }
        if (r && text[k] != '/')
            return ba_error_set(err, BA_ERR_PARSE, "rows are separated by '/'");
    }
    uint64_t mask = x | o;
    for (int c = 0; c < C4_W; c++)
        for (int r = 1; r < C4_H; r++)
            if ((mask & cell(c, r)) && !(mask & cell(c, r - 1)))
                return ba_error_set(err, BA_ERR_PARSE, "a stone floats in column %c", 'a' + c);
    if (nx != no && nx != no + 1)
        return ba_error_set(err, BA_ERR_PARSE, "x has %d stones and o %d: x moves first", nx, no);
    c4_state *s = st;
    memset(s, 0, sizeof *s);
    s->plies = (uint32_t)(nx + no);
    s->mask = mask;
    s->mine = s->plies % 2 == 0 ? x : o;
    return BA_OK;
}

static const ba_game CONNECT4 = BA_GAME_INIT(
    .name = "connect4", .side_names = {"x", "o"}, .state_size = sizeof(c4_state),
    .max_moves = C4_W, .max_plies = C4_CELLS, .init = c4_init, .side_to_move = c4_side,
    .generate = c4_generate, .apply = c4_apply, .status = c4_status, .evaluate = c4_evaluate,
    .hash = c4_hash, .move_to_text = c4_move_to_text, .move_from_text = c4_move_from_text,
    .position_to_text = c4_position_to_text, .position_from_text = c4_position_from_text,
    .order_key = c4_order_key);

#if defined(CONNECT4_TEST_GAME)
const ba_game *bt_connect4_game(void); /* tests/support/testgames.h, not included: public API only */
const ba_game *bt_connect4_game(void) { return &CONNECT4; }
#elif defined(CONNECT4_SHARED_OBJECT)
/* The one entry point a program loads by name (registry.h, BA_GAME_ENTRY_SYMBOL). */
__attribute__((visibility("default"))) int boardai_game_open(const char *spec, ba_game **out,
                                                              ba_error *err);
int boardai_game_open(const char *spec, ba_game **out, ba_error *err)
{
    if (!spec || !out)
        return ba_error_set(err, BA_ERR_ARG, "specification or output is NULL");
    *out = NULL;
    if (strcmp(spec, "connect4") != 0 && strcmp(spec, "connect4:") != 0)
        return ba_error_set(err, strncmp(spec, "connect4:", 9) == 0 ? BA_ERR_PARSE
                                                                     : BA_ERR_UNSUPPORTED,
                            "this library has one game, connect4, without parameters; got '%s'",
                            spec);
    /* A constant game: ba_game_destroy() leaves it alone (it has no destroy hook). */
    union {
        const ba_game *c;
        ba_game *m;
    } u = {&CONNECT4};
    *out = u.m;
    ba_error_clear(err);
    return BA_OK;
}
#else
static int failures;
#define CHECK(cond, ...)                                                                         \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                          \
            printf(__VA_ARGS__);                                                                 \
            printf("\n");                                                                        \
            failures++;                                                                          \
        }                                                                                        \
    } while (0)

int main(void)
{
    ba_error err;
    ba_selftest_stats stats;
    ba_selftest_options st = BA_SELFTEST_OPTIONS_INIT;
    st.games = 300;
    st.search_positions = 20;
    st.search_depth = 4;
    st.stats = &stats;
    CHECK(ba_game_selftest(&CONNECT4, &st, &err) == BA_OK, "self-test: %s", err.message);
    CHECK(stats.results[0] == 0, "%llu games cut before their end",
          (unsigned long long)stats.results[0]);

    /* Perft from the start: 7, 49, 343, 2401, 16807, 117649 (no game ends before ply 7). */
    ba_pos *pos = NULL;
    CHECK(ba_pos_new(&CONNECT4, &pos) == BA_OK, "ba_pos_new");
    uint64_t count = 0;
    CHECK(ba_perft(pos, 6, &count) == BA_OK && count == 117649, "perft 6 = %llu, expected 117649",
          (unsigned long long)count);

    /* x has three on the bottom row (b, c, d), a is open and x is to move: x wins at once. */
    const char *three = "......./......./......./......./....o../.xxxoo.";
    CHECK(ba_pos_set_text(pos, three, &err) == BA_OK, "set_text: %s", err.message);
    ba_engine *e = NULL;
    CHECK(ba_engine_new(&CONNECT4, &e) == BA_OK, "ba_engine_new");
    CHECK(ba_engine_set(e, BA_OPT_DEPTH, 3) == BA_OK, "depth");
    ba_search_result r;
    CHECK(ba_engine_search(e, pos, &r) == BA_OK, "search");
    char best[BA_MOVE_TEXT_MAX] = "";
    ba_pos_move_text(pos, &r.best, best, sizeof best);
    CHECK(strcmp(best, "a") == 0 && r.score == BA_SCORE_WIN - 1,
          "best %s score %d, expected the win a (score %d)", best, r.score, BA_SCORE_WIN - 1);
    CHECK(ba_pos_play_text(pos, "a", &err) == BA_OK && ba_pos_result(pos) == BA_RESULT_WIN0,
          "a did not win");
    CHECK(ba_pos_set_text(pos, "......./......./......./......./...x.../.......", &err) ==
              BA_ERR_PARSE, "a floating stone was accepted");
    ba_engine_free(e);
    ba_pos_free(pos);
    if (failures) {
        printf("connect4: %d check(s) failed\n", failures);
        return 1;
    }
    printf("connect4: self-test (%llu games, %llu positions, %llu searches), perft, search: ok\n",
           (unsigned long long)stats.games, (unsigned long long)stats.positions,
           (unsigned long long)stats.searches);
    return 0;
}
#endif
