/* tests/hardening/test_misuse.c: API misuse through the public API. Every wrong call returns
 * the documented error code (common.h, position.h, engine.h, protocol.h) and nothing aborts;
 * under ASan/UBSan (scripts/test.sh) nothing reads or writes out of bounds either.
 *
 * Covered: NULL handles and NULL out-pointers, buffers too small, settings out of range and
 * unknown settings, a position of another game, searching a finished game, game vtables with a
 * missing function or wrong sizes, a game that returns nonsense, and the one "after destroy"
 * case the API can detect: destroying a constant game (a no-op, the game stays usable).
 * Use of a freed handle cannot be detected (handles are plain pointers) and is not tested.
 */
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "hard_games.h"
#include "testgames.h"

static const ba_game *G(void)
{
    return bt_tictactoe_game();
}

START_TEST(test_null_handles)
{
    ba_pos *pos = NULL;
    ba_engine *eng = NULL;
    ba_protocol *proto = NULL;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(NULL, &pos), BA_ERR_ARG);
    ck_assert_ptr_null(pos);
    ck_assert_int_eq(ba_pos_new(G(), NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_clone(NULL, &pos), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_reset(NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_set_text(NULL, "x", &err), BA_ERR_ARG);
    char buf[64];
    ck_assert_int_eq(ba_pos_text(NULL, buf, sizeof buf), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_render(NULL, buf, sizeof buf), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_side_to_move(NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_result(NULL), BA_ERR_ARG);
    ba_move moves[16];
    ck_assert_int_eq(ba_pos_moves(NULL, moves, 16), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_play(NULL, &moves[0], &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_play_text(NULL, "a1", &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_undo(NULL), BA_ERR_ARG);
    int score;
    ck_assert_int_eq(ba_pos_evaluate(NULL, &score), BA_ERR_ARG);
    uint64_t count;
    ck_assert_int_eq(ba_perft(NULL, 1, &count), BA_ERR_ARG);
    ba_pos_free(NULL);

    ck_assert_int_eq(ba_pos_new(G(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, NULL, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_text(pos, NULL, 10), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_moves(pos, NULL, 16), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_play(pos, NULL, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_play_text(pos, NULL, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_parse_move(pos, NULL, &moves[0], &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_parse_move(pos, "x", NULL, &err), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_evaluate(pos, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_perft(pos, 1, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_clone(pos, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_history(pos, NULL), BA_ERR_ARG);
    ck_assert_int_lt(ba_pos_move_at(pos, 0, &moves[0]), 0); /* no move played yet */
    ck_assert_int_lt(ba_pos_move_at(pos, 0, NULL), 0);

    ck_assert_int_eq(ba_engine_new(NULL, &eng), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_new(G(), NULL), BA_ERR_ARG);
    int64_t v;
    ck_assert_int_eq(ba_engine_set(NULL, BA_OPT_DEPTH, 3), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_get(NULL, BA_OPT_DEPTH, &v), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_clear(NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_set_progress(NULL, NULL, NULL), BA_ERR_ARG);
    ba_search_result res;
    ck_assert_int_eq(ba_engine_search(NULL, pos, &res), BA_ERR_ARG);
    ba_engine_stop(NULL);
    ba_engine_free(NULL);
    ck_assert_int_eq(ba_engine_new(G(), &eng), BA_OK);
    ck_assert_int_eq(ba_engine_get(eng, BA_OPT_DEPTH, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_search(eng, NULL, &res), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_search(eng, pos, NULL), BA_ERR_ARG);

    ck_assert_int_eq(ba_protocol_new(NULL, NULL, NULL, &proto), BA_ERR_ARG);
    ck_assert_int_eq(ba_protocol_new(G(), NULL, NULL, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_protocol_feed(NULL, "moves"), BA_ERR_ARG);
    ck_assert_ptr_null(ba_protocol_engine(NULL));
    ck_assert_ptr_null(ba_protocol_position(NULL));
    ba_protocol_free(NULL);

    ck_assert_int_eq(ba_game_check(NULL, &err), BA_ERR_GAME);
    ck_assert_int_eq(err.code, BA_ERR_GAME);
    ba_game_destroy(NULL);
    ck_assert_str_eq(ba_errstr(12345), "unknown error");
    ck_assert_ptr_nonnull(ba_errstr(BA_ERR_NOMEM));
    ba_error_clear(NULL);
    ck_assert_int_eq(ba_error_set(NULL, BA_ERR_PARSE, "x %d", 1), BA_ERR_PARSE);

    ba_engine_free(eng);
    ba_pos_free(pos);
}
END_TEST

static void discard(void *user, const char *line, size_t len)
{
    (void)line;
    (void)len;
    (*(int *)user)++;
}

START_TEST(test_protocol_null_line)
{
    int lines = 0;
    ba_protocol *p = NULL;
    ck_assert_int_eq(ba_protocol_new(G(), discard, &lines, &p), BA_OK);
    ck_assert_int_eq(ba_protocol_feed(p, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_protocol_feed(p, "frobnicate"), BA_OK); /* answered, session goes on */
    ck_assert_int_eq(lines, 1);
    ba_protocol_free(p);
}
END_TEST

START_TEST(test_small_buffers)
{
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(G(), &pos), BA_OK);
    char text[BA_POS_TEXT_MAX];
    int len = ba_pos_text(pos, text, sizeof text);
    ck_assert_int_gt(len, 1);
    /* One byte short of the NUL, and no room at all: refused, buffer not overrun. */
    char small[BA_POS_TEXT_MAX];
    memset(small, 'Z', sizeof small);
    ck_assert_int_eq(ba_pos_text(pos, small, (size_t)len), BA_ERR_BUFFER);
    ck_assert_int_eq(small[len], 'Z');
    ck_assert_int_eq(ba_pos_text(pos, small, 0), BA_ERR_BUFFER);
    ck_assert_int_eq(ba_pos_text(pos, small, (size_t)len + 1), len);

    ba_move moves[9];
    int n = ba_pos_moves(pos, moves, 9);
    ck_assert_int_eq(n, 9);
    ck_assert_int_eq(ba_pos_moves(pos, moves, 8), BA_ERR_BUFFER);
    ck_assert_int_eq(ba_pos_moves(pos, moves, 0), BA_ERR_BUFFER);
    char mt[BA_MOVE_TEXT_MAX];
    int ml = ba_pos_move_text(pos, &moves[0], mt, sizeof mt);
    ck_assert_int_gt(ml, 0);
    ck_assert_int_eq(ba_pos_move_text(pos, &moves[0], mt, (size_t)ml), BA_ERR_BUFFER);
    ck_assert_int_eq(ba_pos_move_text(pos, &moves[0], mt, 0), BA_ERR_BUFFER);

    /* Error messages are truncated to the record, NUL-terminated. */
    ba_error err;
    char longtext[600];
    memset(longtext, 'q', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    ck_assert_int_eq(ba_error_set(&err, BA_ERR_PARSE, "%s", longtext), BA_ERR_PARSE);
    ck_assert_uint_eq(strlen(err.message), BA_ERROR_MSG_MAX - 1);
    ba_pos_free(pos);
}
END_TEST

/* Every game's buffers, too: the position text, render and explain one byte short. */
START_TEST(test_small_buffers_every_game)
{
    size_t n;
    const hard_game *t = hard_games(&n);
    for (size_t i = 0; i < n; i++) {
        const ba_game *g;
        int owned;
        ck_assert_int_eq(t[i].make(&g, &owned), 0);
        ba_pos *pos = NULL;
        ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
        char *buf = malloc(BA_RENDER_MAX), *small = malloc(BA_RENDER_MAX);
        ck_assert(buf && small);
        int (*const fns[])(const ba_pos *, char *, size_t) = {ba_pos_text, ba_pos_render,
                                                               ba_pos_explain};
        for (size_t f = 0; f < 3; f++) {
            int len = fns[f](pos, buf, BA_RENDER_MAX);
            if (len == BA_ERR_UNSUPPORTED)
                continue;
            ck_assert_msg(len > 0, "%s: function %zu returned %d", g->name, f, len);
            memset(small, 'Z', BA_RENDER_MAX);
            ck_assert_msg(fns[f](pos, small, (size_t)len) == BA_ERR_BUFFER,
                          "%s: function %zu with a buffer one byte short", g->name, f);
            ck_assert_msg(small[len] == 'Z', "%s: function %zu wrote past its buffer", g->name,
                          f);
        }
        ba_move *moves = malloc(g->max_moves * sizeof *moves);
        int nm = ba_pos_moves(pos, moves, g->max_moves);
        ck_assert_int_gt(nm, 0);
        ck_assert_int_eq(ba_pos_moves(pos, moves, (size_t)nm - 1), BA_ERR_BUFFER);
        free(moves);
        free(buf);
        free(small);
        ba_pos_free(pos);
        if (owned)
            ba_game_destroy((ba_game *)(uintptr_t)g);
    }
}
END_TEST

typedef struct range_case {
    ba_option opt;
    int64_t bad_low, bad_high, good;
} range_case;

START_TEST(test_settings_out_of_range)
{
    static const range_case cases[] = {
        {BA_OPT_ALGORITHM, -1, BA_ALG_MCTS + 1, BA_ALG_NEGAMAX},
        {BA_OPT_DEPTH, 0, BA_MAX_DEPTH + 1, 5},
        {BA_OPT_NODES, -1, INT64_MIN, 100},
        {BA_OPT_TIME_MS, -1, INT64_MIN, 100},
        {BA_OPT_TT_MB, -1, 1048577, 1},
        {BA_OPT_NOISE, -1, BA_SCORE_EVAL_MAX + 1, 10},
        {BA_OPT_QUIESCENCE, -1, 2, 0},
        {BA_OPT_ASPIRATION, -1, BA_SCORE_EVAL_MAX + 1, 50},
        {BA_OPT_THREADS, 0, 65, 2},
        {BA_OPT_BF_MIN_DEPTH, 0, BA_MAX_DEPTH + 1, 3},
        {BA_OPT_BF_SCHEDULE, 0, 9, 3},
        {BA_OPT_TT_DEEPER, -1, 2, 1},
        {BA_OPT_QDEPTH, -1, BA_MAX_DEPTH + 1, 4},
        {BA_OPT_MCTS_C, -1, 100001, 1000},
        {BA_OPT_MCTS_PLAYOUT, -2, 10001, 5},
        {BA_OPT_MCTS_SOLVER, -1, 2, 0},
        {BA_OPT_MCTS_MEMORY_MB, 0, 1048577, 2},
        {BA_OPT_DETERMINISTIC, -1, 2, 1},
        {BA_OPT_MCTS_EVAL_SCALE, 0, BA_SCORE_EVAL_MAX + 1, 300},
        {BA_OPT_MCTS_ITERATIONS, -1, INT64_MIN, 500},
        {BA_OPT_MCTS_REUSE, -1, 2, 0},
    };
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(G(), &e), BA_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const range_case *c = &cases[i];
        int64_t before, after;
        ck_assert_int_eq(ba_engine_get(e, c->opt, &before), BA_OK);
        ck_assert_msg(ba_engine_set(e, c->opt, c->bad_low) == BA_ERR_RANGE, "option %d value %lld",
                      (int)c->opt, (long long)c->bad_low);
        ck_assert_msg(ba_engine_set(e, c->opt, c->bad_high) == BA_ERR_RANGE,
                      "option %d value %lld", (int)c->opt, (long long)c->bad_high);
        ck_assert_int_eq(ba_engine_get(e, c->opt, &after), BA_OK);
        ck_assert_msg(after == before, "option %d changed by a refused value", (int)c->opt);
        ck_assert_msg(ba_engine_set(e, c->opt, c->good) == BA_OK, "option %d value %lld",
                      (int)c->opt, (long long)c->good);
        ck_assert_int_eq(ba_engine_get(e, c->opt, &after), BA_OK);
        ck_assert_int_eq(after, c->good);
    }
    int64_t v;
    ck_assert_int_eq(ba_engine_set(e, (ba_option)99, 1), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_set(e, (ba_option)-1, 1), BA_ERR_ARG);
    ck_assert_int_eq(ba_engine_get(e, (ba_option)99, &v), BA_ERR_ARG);
    /* The engine still searches after all that. */
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(G(), &pos), BA_OK);
    ba_search_result res;
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 2), BA_OK);
    ck_assert_int_eq(ba_engine_search(e, pos, &res), BA_OK);
    ck_assert(!ba_move_is_none(&res.best));
    ba_pos_free(pos);
    ba_engine_free(e);
}
END_TEST

START_TEST(test_wrong_game_and_finished)
{
    ba_engine *e = NULL;
    ba_pos *nim = NULL, *ttt = NULL;
    ck_assert_int_eq(ba_engine_new(G(), &e), BA_OK);
    ck_assert_int_eq(ba_pos_new(bt_nim_game(), &nim), BA_OK);
    ba_search_result res;
    ck_assert_int_eq(ba_engine_search(e, nim, &res), BA_ERR_ARG);
    /* A finished game: X wins on the top row. */
    ck_assert_int_eq(ba_pos_new(G(), &ttt), BA_OK);
    ba_move moves[9];
    while (ba_pos_result(ttt) == BA_RESULT_ONGOING) {
        int n = ba_pos_moves(ttt, moves, 9);
        ck_assert_int_gt(n, 0);
        ck_assert_int_eq(ba_pos_play(ttt, &moves[0], NULL), BA_OK);
    }
    ck_assert_int_eq(ba_pos_moves(ttt, moves, 9), 0);
    ck_assert_int_eq(ba_engine_search(e, ttt, &res), BA_ERR_STATE);
    ck_assert_int_eq(ba_pos_play(ttt, &moves[0], NULL), BA_ERR_STATE);
    ba_pos_free(ttt);
    ba_pos_free(nim);
    ba_engine_free(e);
}
END_TEST

/* A copy of tic-tac-toe with one required function removed (index k) or a size broken. */
static int broken_game(int k, ba_game *out)
{
    *out = *G();
    switch (k) {
    case 0: out->init = NULL; break;
    case 1: out->side_to_move = NULL; break;
    case 2: out->generate = NULL; break;
    case 3: out->apply = NULL; break;
    case 4: out->status = NULL; break;
    case 5: out->evaluate = NULL; break;
    case 6: out->hash = NULL; break;
    case 7: out->move_to_text = NULL; break;
    case 8: out->move_from_text = NULL; break;
    case 9: out->position_to_text = NULL; break;
    case 10: out->position_from_text = NULL; break;
    case 11: out->abi = BA_GAME_ABI + 1; break;
    case 12: out->state_size = 0; break;
    case 13: out->max_moves = 0; break;
    case 14: out->name = NULL; break;
    case 15: out->struct_size = (uint32_t)BA_GAME_SIZE_MIN - 1; break; /* no position_from_text */
    case 16: out->struct_size = 1; break; /* a pre-1.0 game: abi 1 stood in the first word */
    default: return 0;
    }
    return 1;
}

START_TEST(test_incomplete_vtable)
{
    ba_game g;
    for (int k = 0; broken_game(k, &g); k++) {
        ba_error err;
        ck_assert_msg(ba_game_check(&g, &err) == BA_ERR_GAME, "case %d", k);
        ck_assert_msg(err.message[0] != '\0', "case %d: no message", k);
        ba_pos *pos = NULL;
        ba_engine *e = NULL;
        ba_protocol *p = NULL;
        ck_assert_msg(ba_pos_new(&g, &pos) == BA_ERR_GAME, "case %d: ba_pos_new", k);
        ck_assert_ptr_null(pos);
        ck_assert_msg(ba_engine_new(&g, &e) == BA_ERR_GAME, "case %d: ba_engine_new", k);
        ck_assert_ptr_null(e);
        ck_assert_msg(ba_protocol_new(&g, discard, NULL, &p) == BA_ERR_GAME,
                      "case %d: ba_protocol_new", k);
        ck_assert_ptr_null(p);
    }
    /* Optional functions may be missing: the position says "unsupported". */
    g = *G();
    g.render = NULL;
    g.explain = NULL;
    g.generate_noisy = NULL;
    g.order_key = NULL;
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
    char buf[256];
    ck_assert_int_eq(ba_pos_render(pos, buf, sizeof buf), BA_ERR_UNSUPPORTED);
    ck_assert_int_eq(ba_pos_explain(pos, buf, sizeof buf), BA_ERR_UNSUPPORTED);
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
    ba_search_result res;
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 3), BA_OK);
    ck_assert_int_eq(ba_engine_search(e, pos, &res), BA_OK);
    ba_engine_free(e);
    ba_pos_free(pos);
}
END_TEST

/* A game whose generate() claims more moves than the buffer holds, or fails: the engine and the
 * position report an error (BA_ERR_GAME or the game's code) instead of reading garbage. */
static int lying_generate(const ba_game *g, const void *state, const ba_history *hist,
                          ba_move *moves, size_t cap)
{
    int n = G()->generate(g, state, hist, moves, cap);
    return n > 0 ? (int)cap + 5 : n;
}
static int failing_generate(const ba_game *g, const void *state, const ba_history *hist,
                            ba_move *moves, size_t cap)
{
    (void)g;
    (void)state;
    (void)hist;
    (void)moves;
    (void)cap;
    return BA_ERR_INTERNAL;
}
static int bad_side(const ba_game *g, const void *state)
{
    (void)g;
    (void)state;
    return 7;
}

START_TEST(test_game_returns_nonsense)
{
    int (*const gens[])(const ba_game *, const void *, const ba_history *, ba_move *, size_t) = {
        lying_generate, failing_generate};
    for (size_t k = 0; k < 3; k++) {
        ba_game g = *G();
        if (k < 2)
            g.generate = gens[k];
        else
            g.side_to_move = bad_side;
        ba_pos *pos = NULL;
        ba_engine *e = NULL;
        ck_assert_int_eq(ba_pos_new(&g, &pos), BA_OK);
        ck_assert_int_eq(ba_engine_new(&g, &e), BA_OK);
        ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, 3), BA_OK);
        ba_search_result res;
        int rc = ba_engine_search(e, pos, &res);
        if (k < 2) {
            ck_assert_msg(rc < 0, "case %zu: search returned %d", k, rc);
            /* A count larger than the capacity would make the caller read past its buffer
             * (and ba_perft() walk into the next ply's list): both must refuse it. */
            ba_move moves[9];
            ck_assert_int_lt(ba_pos_moves(pos, moves, 9), 0);
            uint64_t count;
            ck_assert_int_lt(ba_perft(pos, 2, &count), 0);
        } else {
            /* side_to_move is only reported, never used as an index: no crash, an error. */
            ck_assert_msg(rc == BA_OK || rc < 0, "case %zu", k);
            /* position.h promises 0, 1 or an error, never the game's 7. */
            int side = ba_pos_side_to_move(pos);
            ck_assert_msg(side == 0 || side == 1 || side < 0, "side %d passed through", side);
        }
        ba_engine_free(e);
        ba_pos_free(pos);
    }
}
END_TEST

START_TEST(test_destroy_constant_game)
{
    /* Destroying a constant game is a no-op (game.h): it stays usable, twice over. */
    size_t n;
    const hard_game *t = hard_games(&n);
    for (size_t i = 0; i < n; i++) {
        const ba_game *g;
        int owned;
        ck_assert_int_eq(t[i].make(&g, &owned), 0);
        if (owned) {
            ba_game_destroy((ba_game *)(uintptr_t)g);
            continue;
        }
        ba_game_destroy((ba_game *)(uintptr_t)g);
        ba_game_destroy((ba_game *)(uintptr_t)g);
        ba_pos *pos = NULL;
        ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
        ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_ONGOING);
        ba_pos_free(pos);
    }
    const ba_game *ttt = G();
    ba_game_destroy((ba_game *)(uintptr_t)ttt);
    ck_assert_int_eq(ba_game_check(ttt, NULL), BA_OK);
}
END_TEST

START_TEST(test_undo_and_move_at_ranges)
{
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(G(), &pos), BA_OK);
    ck_assert_int_eq(ba_pos_undo(pos), BA_ERR_STATE);
    ba_move moves[9], m;
    ck_assert_int_eq(ba_pos_moves(pos, moves, 9), 9);
    ck_assert_int_eq(ba_pos_play(pos, &moves[4], NULL), BA_OK);
    ck_assert_int_eq(ba_pos_move_at(pos, 0, &m), BA_OK);
    ck_assert(ba_move_equal(&m, &moves[4]));
    ck_assert_int_lt(ba_pos_move_at(pos, 1, &m), 0);
    ck_assert_int_lt(ba_pos_move_at(pos, (size_t)-1, &m), 0);
    /* A move that is not legal (the square is taken) and a garbage move value. */
    ba_error err;
    ck_assert_int_eq(ba_pos_play(pos, &moves[4], &err), BA_ERR_ILLEGAL);
    ck_assert_int_eq(err.code, BA_ERR_ILLEGAL);
    ba_move junk;
    memset(&junk, 0xff, sizeof junk);
    ck_assert_int_lt(ba_pos_play(pos, &junk, &err), 0);
    uint64_t count;
    ck_assert_int_lt(ba_perft(pos, -1, &count), 0);
    ck_assert_int_eq(ba_pos_undo(pos), BA_OK);
    ck_assert_int_eq(ba_pos_undo(pos), BA_ERR_STATE);
    ba_pos_free(pos);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("hardening_misuse");
    TCase *tc = tcase_create("misuse");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_null_handles);
    tcase_add_test(tc, test_protocol_null_line);
    tcase_add_test(tc, test_small_buffers);
    tcase_add_test(tc, test_small_buffers_every_game);
    tcase_add_test(tc, test_settings_out_of_range);
    tcase_add_test(tc, test_wrong_game_and_finished);
    tcase_add_test(tc, test_incomplete_vtable);
    tcase_add_test(tc, test_game_returns_nonsense);
    tcase_add_test(tc, test_destroy_constant_game);
    tcase_add_test(tc, test_undo_and_move_at_ranges);
    suite_add_tcase(s, tc);
    return s;
}
