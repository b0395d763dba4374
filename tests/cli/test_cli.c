/* examples/common (cli.h): the protocol over stdio, the terminal game and the option handling,
 * driven through in-memory streams on tic-tac-toe from tests/support/testgames.h (squares a1..c3,
 * x moves first; a full-depth search of the start is a draw). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "cli.h"
#include "testgames.h"

/* Runs fn with `input` as its input stream and returns everything it wrote (caller frees). */
typedef int (*runner)(const char *input, FILE *in, FILE *out, void *ctx);

static char *run(runner fn, const char *input, void *ctx, int *status)
{
    FILE *in = fmemopen((void *)(uintptr_t)input, strlen(input), "r");
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_nonnull(out);
    *status = fn(input, in, out, ctx);
    fclose(in);
    fclose(out);
    return text;
}

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* ---- the protocol over stdio ---- */

static int run_protocol(const char *input, FILE *in, FILE *out, void *ctx)
{
    (void)input;
    return ba_cli_run_protocol(bt_tictactoe_game(), in, out, ctx);
}

START_TEST(test_protocol_session)
{
    int status = -1;
    char *out = run(run_protocol, "moves\nplay b2\nplay b2\ngo depth 8\nquit\nmoves\n", NULL,
                    &status);
    ck_assert_int_eq(status, 0);
    /* Nine moves at the start, the second b2 refused, a best move, nothing after quit. */
    ck_assert_ptr_nonnull(strstr(out, "a1 b1 c1 a2 b2 c2 a3 b3 c3\n"));
    ck_assert_int_eq(count_of(out, "error: "), 1);
    ck_assert_ptr_nonnull(strstr(out, "\nbestmove "));
    /* The last line is the best move: the `moves` after `quit` was not read. */
    size_t len = strlen(out);
    ck_assert(len > 1 && out[len - 1] == '\n');
    out[len - 1] = '\0';
    const char *last_line = strrchr(out, '\n');
    ck_assert_ptr_nonnull(last_line);
    ck_assert_msg(strncmp(last_line + 1, "bestmove ", 9) == 0, "last line '%s'", last_line + 1);
    free(out);
}
END_TEST

START_TEST(test_protocol_long_and_nul_lines)
{
    /* A line over the limit and one holding a NUL byte are refused; the session goes on. */
    size_t n = BA_PROTOCOL_LINE_MAX + 10;
    char *input = malloc(n + 64);
    memset(input, 'x', n);
    strcpy(input + n, "\nperft 1\n");
    int status = -1;
    char *out = run(run_protocol, input, NULL, &status);
    ck_assert_int_eq(status, 0);
    ck_assert_int_eq(count_of(out, "error: line too long"), 1);
    ck_assert_ptr_nonnull(strstr(out, "\n9\n"));
    free(out);

    static const char with_nul[] = "mo\0ves\nperft 1\n";
    FILE *in = fmemopen((void *)(uintptr_t)with_nul, sizeof with_nul - 1, "r");
    char *text = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&text, &len);
    ck_assert_int_eq(ba_cli_run_protocol(bt_tictactoe_game(), in, o, NULL), 0);
    fclose(in);
    fclose(o);
    ck_assert_int_eq(count_of(text, "error: "), 1);
    ck_assert_ptr_nonnull(strstr(text, "9\n"));
    free(text);
    free(input);
}
END_TEST

START_TEST(test_protocol_setup_options)
{
    ba_cli_play_options opts;
    ba_cli_play_options_default(&opts);
    opts.position = "xx.oo.... x"; /* x wins at once on c1 */
    opts.depth = 3;
    int status = -1;
    char *out = run(run_protocol, "go\n", &opts, &status);
    ck_assert_int_eq(status, 0);
    ck_assert_ptr_nonnull(strstr(out, "bestmove c1 score "));
    free(out);

    opts.position = "not a position";
    out = run(run_protocol, "moves\n", &opts, &status);
    ck_assert_int_eq(status, 2);
    ck_assert_str_eq(out, "");
    free(out);
}
END_TEST

/* ---- the terminal game ---- */

typedef struct game_ctx {
    ba_cli_hooks hooks;
    ba_cli_play_options opts;
    int after_game_calls;
    int last_result;
} game_ctx;

static int run_play(const char *input, FILE *in, FILE *out, void *vctx)
{
    (void)input;
    game_ctx *c = vctx;
    return ba_cli_play(bt_tictactoe_game(), &c->hooks, c, &c->opts, in, out);
}

static void ctx_init(game_ctx *c)
{
    memset(c, 0, sizeof *c);
    ba_cli_play_options_default(&c->opts);
}

START_TEST(test_play_commands)
{
    game_ctx c;
    ctx_init(&c);
    int status = -1;
    char *out = run(run_play, "b2\nundo\nundo\nmoves\nlevel 2\nlevel 99\nhint\nbogus\nquit\nb1\n",
                    &c, &status);
    ck_assert_int_eq(status, 0);
    ck_assert_int_eq(count_of(out, "(AI) plays "), 1);
    ck_assert_ptr_nonnull(strstr(out, "took back 2 moves"));
    ck_assert_ptr_nonnull(strstr(out, "nothing to take back"));
    ck_assert_ptr_nonnull(strstr(out, "9 legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3"));
    ck_assert_ptr_nonnull(strstr(out, "level 2 of 8"));
    ck_assert_ptr_nonnull(strstr(out, "error: level must be a number from 1 to 8"));
    ck_assert_ptr_nonnull(strstr(out, "hint: "));
    ck_assert_ptr_nonnull(strstr(out, "error: bad square 'bogus'"));
    free(out);
}
END_TEST

START_TEST(test_play_human_second_and_end_of_input)
{
    game_ctx c;
    ctx_init(&c);
    c.opts.human_side = 1;
    int status = -1;
    /* The AI (x) moves first; end of input ends the session cleanly. */
    char *out = run(run_play, "", &c, &status);
    ck_assert_int_eq(status, 0);
    ck_assert_ptr_nonnull(strstr(out, "You play o."));
    ck_assert_int_eq(count_of(out, "x (AI) plays "), 1);
    free(out);
}
END_TEST

static int after_game(void *user, int result, int human_side, int *level)
{
    game_ctx *c = user;
    (void)human_side;
    c->after_game_calls++;
    c->last_result = result;
    *level = 1;
    return 0;
}

START_TEST(test_ai_vs_ai_draws)
{
    static const ba_cli_level perfect[] = {{"weak", 1, 0, 0}, {"perfect", 9, 0, 0}};
    game_ctx c;
    ctx_init(&c);
    c.opts.ai_vs_ai = 1;
    c.hooks.levels = perfect;
    c.hooks.level_count = 2;
    c.hooks.default_level = 2;
    c.hooks.after_game = after_game;
    int status = -1;
    char *out = run(run_play, "", &c, &status);
    ck_assert_int_eq(status, 0);
    ck_assert_int_eq(count_of(out, "(AI) plays "), 9);
    ck_assert_ptr_nonnull(strstr(out, "Game over: a draw."));
    ck_assert_int_eq(c.after_game_calls, 1);
    ck_assert_int_eq(c.last_result, BA_RESULT_DRAW);
    ck_assert_ptr_nonnull(strstr(out, "The AI changes its strength: level 1 of 2: weak"));
    free(out);
}
END_TEST

/* Squares as digits 1..9 (keypad order from a1), both ways: the hooks a game like Kalah uses. */
static int digit_parse(void *user, const ba_pos *pos, const char *text, ba_move *out, ba_error *err)
{
    (void)user;
    if (text[0] < '1' || text[0] > '9' || text[1] != '\0')
        return BA_ERR_UNSUPPORTED;
    int sq = text[0] - '1';
    char square[3] = {(char)('a' + sq % 3), (char)('1' + sq / 3), '\0'};
    return ba_pos_parse_move(pos, square, out, err);
}

static int digit_text(void *user, const ba_pos *pos, const ba_move *move, char *buf, size_t cap)
{
    (void)user;
    char square[BA_MOVE_TEXT_MAX];
    int n = ba_pos_move_text(pos, move, square, sizeof square);
    if (n != 2)
        return n < 0 ? n : BA_ERR_INTERNAL;
    return snprintf(buf, cap, "%d", (square[1] - '1') * 3 + (square[0] - 'a') + 1);
}

START_TEST(test_move_hooks)
{
    game_ctx c;
    ctx_init(&c);
    c.hooks.parse_move = digit_parse;
    c.hooks.move_text = digit_text;
    c.hooks.move_help = "Type a square number 1-9.";
    int status = -1;
    /* "5" is b2 through the hook; "a1" still works through the game's notation afterwards. */
    char *out = run(run_play, "5\nmoves\nquit\n", &c, &status);
    ck_assert_int_eq(status, 0);
    ck_assert_ptr_nonnull(strstr(out, "Type a square number 1-9."));
    ck_assert_int_eq(count_of(out, "(AI) plays "), 1);
    ck_assert_ptr_nonnull(strstr(out, "7 legal moves:"));
    /* Listed with the hook: digits only, and 5 (taken) is not among them. */
    const char *list = strstr(out, "7 legal moves:") + strlen("7 legal moves:");
    ck_assert_ptr_null(strstr(list, " 5"));
    ck_assert_ptr_null(strstr(list, "a1"));
    free(out);
}
END_TEST

/* ---- options ---- */

static int main_with(const char *const *args, int n)
{
    char *argv[16];
    ck_assert_int_lt(n, 16);
    for (int i = 0; i < n; i++)
        argv[i] = (char *)(uintptr_t)args[i];
    argv[n] = NULL;
    ba_cli_program prog = BA_CLI_PROGRAM_INIT;
    prog.name = "boardai-test";
    prog.summary = "test";
    prog.game = bt_tictactoe_game();
    return ba_cli_main(n, argv, &prog);
}

START_TEST(test_bad_options_exit_2)
{
    static const char *const bad[][3] = {
        {"p", "--bogus", NULL},      {"p", "extra", NULL},        {"p", "--depth", NULL},
        {"p", "--depth", "x"},       {"p", "--depth", "0"},       {"p", "--level", "9"},
        {"p", "--side", "purple"},   {"p", "--algorithm", "minimax"}, {"p", "--help=3", NULL},
        {"p", "--time", "99999999999999999999999"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int n = bad[i][2] ? 3 : 2;
        ck_assert_msg(main_with(bad[i], n) == 2, "%s %s should fail", bad[i][1],
                      bad[i][2] ? bad[i][2] : "");
    }
    static const char *const help[] = {"p", "--help"};
    ck_assert_int_eq(main_with(help, 2), 0);
    static const char *const version[] = {"p", "--version"};
    ck_assert_int_eq(main_with(version, 2), 0);
    static const char *const side[] = {"p", "--side", "o", "--version"};
    ck_assert_int_eq(main_with(side, 4), 0);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("cli");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_protocol_session);
    tcase_add_test(tc, test_protocol_long_and_nul_lines);
    tcase_add_test(tc, test_protocol_setup_options);
    tcase_add_test(tc, test_play_commands);
    tcase_add_test(tc, test_play_human_second_and_end_of_input);
    tcase_add_test(tc, test_ai_vs_ai_draws);
    tcase_add_test(tc, test_move_hooks);
    tcase_add_test(tc, test_bad_options_exit_2);
    suite_add_tcase(s, tc);
    return s;
}
