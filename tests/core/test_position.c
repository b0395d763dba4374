/* ba_pos: play/undo/history, illegal moves and errors, text, perft against independent counts,
 * and ba_game_check / move helpers. */
#include <stdlib.h>
#include <string.h>

#include <boardai/position.h>

#include "check_main.h"
#include "testgames.h"

static ba_pos *new_pos(const ba_game *g)
{
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    ck_assert_ptr_nonnull(p);
    return p;
}

START_TEST(play_undo_history)
{
    ba_pos *p = new_pos(bt_tictactoe_game());
    ba_error err;
    uint64_t h0 = ba_pos_hash(p);
    ck_assert_int_eq(ba_pos_side_to_move(p), 0);
    ck_assert_int_eq(ba_pos_play_text(p, "b2", &err), BA_OK);
    uint64_t h1 = ba_pos_hash(p);
    ck_assert_uint_ne(h0, h1);
    ck_assert_int_eq(ba_pos_side_to_move(p), 1);
    ck_assert_int_eq(ba_pos_play_text(p, "a1", &err), BA_OK);
    ck_assert_uint_eq(ba_pos_ply(p), 2);
    ba_history h;
    ck_assert_int_eq(ba_pos_history(p, &h), BA_OK);
    ck_assert_uint_eq(h.count, 2);
    ck_assert_uint_eq(h.hashes[0], h0);
    ck_assert_uint_eq(h.hashes[1], h1);
    ba_move m;
    ck_assert_int_eq(ba_pos_move_at(p, 0, &m), BA_OK);
    char t[16];
    ck_assert_int_eq(ba_pos_move_text(p, &m, t, sizeof t), 2);
    ck_assert_str_eq(t, "b2");
    ck_assert_int_eq(ba_pos_move_at(p, 2, &m), BA_ERR_RANGE);
    char text[64];
    ck_assert_int_ge(ba_pos_text(p, text, sizeof text), 0);
    ck_assert_str_eq(text, "o...x.... x");
    ck_assert_int_eq(ba_pos_undo(p), BA_OK);
    ck_assert_uint_eq(ba_pos_hash(p), h1);
    ck_assert_int_eq(ba_pos_undo(p), BA_OK);
    ck_assert_uint_eq(ba_pos_hash(p), h0);
    ck_assert_uint_eq(ba_pos_ply(p), 0);
    ck_assert_int_eq(ba_pos_undo(p), BA_ERR_STATE);
    ba_pos_free(p);
}
END_TEST

START_TEST(illegal_and_errors)
{
    ba_pos *p = new_pos(bt_tictactoe_game());
    ba_error err;
    ck_assert_int_eq(ba_pos_play_text(p, "b2", &err), BA_OK);
    ck_assert_int_eq(ba_pos_play_text(p, "b2", &err), BA_ERR_ILLEGAL); /* occupied */
    ck_assert_int_eq(err.code, BA_ERR_ILLEGAL);
    ck_assert(strlen(err.message) > 0);
    ck_assert_int_eq(ba_pos_play_text(p, "z9", &err), BA_ERR_PARSE);
    /* A move that the game's parser never made: ba_pos_play checks it against the legal list. */
    ba_move bogus = BA_MOVE_NONE;
    bogus.len = 1;
    bogus.bytes[0] = 4; /* b2, occupied */
    ck_assert_int_eq(ba_pos_play(p, &bogus, &err), BA_ERR_ILLEGAL);
    bogus.bytes[0] = 0;
    bogus.bytes[5] = 1; /* not canonical */
    ck_assert_int_eq(ba_pos_play(p, &bogus, &err), BA_ERR_ILLEGAL);
    ck_assert_uint_eq(ba_pos_ply(p), 1);
    /* Finish the game (x wins on the diagonal), then nothing more may be played. */
    const char *rest[] = {"a2", "a1", "b1", "c3"};
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(ba_pos_play_text(p, rest[i], &err), BA_OK);
    ck_assert_int_eq(ba_pos_result(p), BA_RESULT_WIN0);
    ck_assert_int_eq(ba_pos_play_text(p, "c1", &err), BA_ERR_ILLEGAL); /* parser: no legal move */
    ba_move c1 = BA_MOVE_NONE;
    c1.len = 1;
    c1.bytes[0] = 2;
    ck_assert_int_eq(ba_pos_play(p, &c1, &err), BA_ERR_STATE);
    ck_assert_int_eq(ba_pos_moves(p, NULL, 0), 0);
    /* NULL handles */
    ck_assert_int_eq(ba_pos_play(NULL, &c1, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_play(p, NULL, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_undo(NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_new(NULL, NULL), BA_ERR_ARG);
    ba_pos *q = NULL;
    ck_assert_int_eq(ba_pos_new(NULL, &q), BA_ERR_ARG);
    ck_assert_ptr_null(q);
    ck_assert_int_eq(ba_pos_result(NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_side_to_move(NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_pos_render(p, (char[8]){0}, 8), BA_ERR_UNSUPPORTED);
    ck_assert_int_eq(ba_pos_explain(p, (char[8]){0}, 8), BA_ERR_UNSUPPORTED);
    uint64_t count;
    ck_assert_int_eq(ba_perft(p, -1, &count), BA_ERR_ARG);
    ba_pos_free(NULL);
    ba_pos_free(p);
}
END_TEST

START_TEST(set_text_clone_reset)
{
    ba_pos *p = new_pos(bt_nim_game());
    ba_error err;
    ck_assert_int_eq(ba_pos_play_text(p, "1:3", &err), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(p, "2 2 / 1", &err), BA_OK);
    ck_assert_uint_eq(ba_pos_ply(p), 0); /* history forgotten */
    ck_assert_int_eq(ba_pos_side_to_move(p), 1);
    char before[64], after[64];
    ba_pos_text(p, before, sizeof before);
    ck_assert_int_eq(ba_pos_set_text(p, "2 99 / 0", &err), BA_ERR_PARSE);
    ck_assert(strstr(err.message, "99") != NULL);
    ba_pos_text(p, after, sizeof after);
    ck_assert_str_eq(before, after); /* unchanged on error */
    ba_pos *c = NULL;
    ck_assert_int_eq(ba_pos_clone(p, &c), BA_OK);
    ck_assert_int_eq(ba_pos_play_text(c, "2:2", &err), BA_OK);
    ck_assert_uint_eq(ba_pos_ply(c), 1);
    ck_assert_uint_eq(ba_pos_ply(p), 0); /* independent */
    ck_assert_int_eq(ba_pos_undo(c), BA_OK);
    ck_assert_uint_eq(ba_pos_hash(c), ba_pos_hash(p));
    ck_assert_int_eq(ba_pos_reset(p), BA_OK);
    ba_pos_text(p, after, sizeof after);
    ck_assert_str_eq(after, "3 4 5 / 0");
    ck_assert_int_eq(ba_pos_text(p, after, 3), BA_ERR_BUFFER);
    ba_pos_free(c);
    ba_pos_free(p);
}
END_TEST

/* Independent Nim leaf count: the heaps as plain ints, no game code. */
static uint64_t nim_ref(int *heaps, int n, int depth)
{
    if (depth == 0)
        return 1;
    uint64_t c = 0;
    for (int h = 0; h < n; h++)
        for (int k = 1; k <= heaps[h]; k++) {
            heaps[h] -= k;
            c += nim_ref(heaps, n, depth - 1);
            heaps[h] += k;
        }
    return c;
}

START_TEST(perft_nim)
{
    ba_pos *p = new_pos(bt_nim_game());
    ba_error err;
    const char *texts[] = {"3 4 5 / 0", "1 2 / 1", "7 0 3 2 / 0"};
    int heaps[3][4] = {{3, 4, 5}, {1, 2}, {7, 0, 3, 2}};
    int nh[3] = {3, 2, 4};
    for (int t = 0; t < 3; t++) {
        ck_assert_int_eq(ba_pos_set_text(p, texts[t], &err), BA_OK);
        for (int d = 0; d <= 5; d++) {
            uint64_t count = 0;
            ck_assert_int_eq(ba_perft(p, d, &count), BA_OK);
            ck_assert_uint_eq(count, nim_ref(heaps[t], nh[t], d));
        }
    }
    /* Perft depth 1 of the start: 3 + 4 + 5 = 12 moves. */
    uint64_t c1 = 0;
    ck_assert_int_eq(ba_pos_set_text(p, "3 4 5 / 0", &err), BA_OK);
    ck_assert_int_eq(ba_perft(p, 1, &c1), BA_OK);
    ck_assert_uint_eq(c1, 12);
    ba_pos_free(p);
}
END_TEST

/* Independent tic-tac-toe counter over a char board. */
static int ttt_won(const char *b)
{
    static const int L[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (int i = 0; i < 8; i++)
        if (b[L[i][0]] != '.' && b[L[i][0]] == b[L[i][1]] && b[L[i][1]] == b[L[i][2]])
            return 1;
    return 0;
}

static uint64_t ttt_ref(char *b, char who, int depth, uint64_t *games)
{
    if (ttt_won(b) || !strchr(b, '.')) {
        if (games)
            (*games)++;
        return depth == 0;
    }
    if (depth == 0)
        return 1;
    uint64_t c = 0;
    for (int i = 0; i < 9; i++)
        if (b[i] == '.') {
            b[i] = who;
            c += ttt_ref(b, who == 'x' ? 'o' : 'x', depth - 1, games);
            b[i] = '.';
        }
    return c;
}

START_TEST(perft_tictactoe)
{
    ba_pos *p = new_pos(bt_tictactoe_game());
    for (int d = 0; d <= 9; d++) {
        char b[10] = ".........";
        uint64_t count = 0;
        ck_assert_int_eq(ba_perft(p, d, &count), BA_OK);
        ck_assert_uint_eq(count, ttt_ref(b, 'x', d, NULL));
    }
    /* The reference itself: the well-known 255168 complete games and 127872 at ply 9. */
    char b[10] = ".........";
    uint64_t games = 0;
    ttt_ref(b, 'x', 10, &games);
    ck_assert_uint_eq(games, 255168);
    uint64_t c9 = 0;
    ba_perft(p, 9, &c9);
    ck_assert_uint_eq(c9, 127872);
    /* Perft from a mid-game position set by text, with history. */
    ba_error err;
    ck_assert_int_eq(ba_pos_play_text(p, "a1", &err), BA_OK);
    ck_assert_int_eq(ba_pos_play_text(p, "b2", &err), BA_OK);
    char b2[10] = "x...o....";
    for (int d = 0; d <= 7; d++) {
        uint64_t count = 0;
        ck_assert_int_eq(ba_perft(p, d, &count), BA_OK);
        ck_assert_uint_eq(count, ttt_ref(b2, 'x', d, NULL));
    }
    ba_pos_free(p);
}
END_TEST

START_TEST(game_check)
{
    ba_error err;
    ck_assert_int_eq(ba_game_check(bt_nim_game(), &err), BA_OK);
    ba_game g = *bt_nim_game();
    g.evaluate = NULL;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
    ck_assert(strstr(err.message, "evaluate") != NULL);
    g = *bt_nim_game();
    g.position_from_text = NULL;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
    ck_assert(strstr(err.message, "position_from_text") != NULL);
    g = *bt_nim_game();
    g.state_size = 0;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
    ck_assert(strstr(err.message, "state_size") != NULL);
    g = *bt_nim_game();
    g.max_moves = 0;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
    ck_assert(strstr(err.message, "max_moves") != NULL);
    g = *bt_nim_game();
    g.abi = 99;
    ck_assert_int_eq(ba_game_check(&g, &err), BA_ERR_GAME);
    ck_assert(strstr(err.message, "abi") != NULL);
    ck_assert_int_eq(ba_game_check(NULL, &err), BA_ERR_GAME);
    /* Optional functions may be missing. */
    g = *bt_nim_game();
    g.generate_noisy = NULL;
    g.order_key = NULL;
    ck_assert_int_eq(ba_game_check(&g, NULL), BA_OK);
    /* Positions and engines refuse an incomplete game. */
    g.hash = NULL;
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(&g, &p), BA_ERR_GAME);
    ck_assert_ptr_null(p);
    ba_game_destroy(NULL);
    ba_game_destroy(&g); /* no destroy function: left alone */
}
END_TEST

START_TEST(move_helpers)
{
    ba_move a = BA_MOVE_NONE, b = BA_MOVE_NONE;
    ck_assert(ba_move_is_none(&a));
    ck_assert(ba_move_equal(&a, &b));
    b.tag = 1; /* a pass: len 0, tag set */
    ck_assert(!ba_move_is_none(&b));
    ck_assert(!ba_move_equal(&a, &b));
    a.len = b.len = 2;
    a.tag = b.tag = 0;
    a.bytes[1] = 3;
    ck_assert(!ba_move_equal(&a, &b));
    b.bytes[1] = 3;
    ck_assert(ba_move_equal(&a, &b));
    ck_assert_int_eq(ba_result_winner(BA_RESULT_WIN0), 0);
    ck_assert_int_eq(ba_result_winner(BA_RESULT_WIN1), 1);
    ck_assert_int_eq(ba_result_winner(BA_RESULT_DRAW), -1);
    ck_assert_int_eq(ba_result_winner(BA_RESULT_ONGOING), -1);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("position");
    TCase *tc = tcase_create("position");
    tcase_add_test(tc, play_undo_history);
    tcase_add_test(tc, illegal_and_errors);
    tcase_add_test(tc, set_text_clone_reset);
    tcase_add_test(tc, perft_nim);
    tcase_add_test(tc, perft_tictactoe);
    tcase_add_test(tc, game_check);
    tcase_add_test(tc, move_helpers);
    suite_add_tcase(s, tc);
    return s;
}
