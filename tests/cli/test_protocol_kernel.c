/* The session kernel under the common protocol, through the programs' front end
 * (ba_cli_run_protocol) on a real pipe: `go infinite` searching on the session's worker while the
 * reader answers `isready` and refuses the rest, `stop` from the reader, exactly one bestmove;
 * and the line limit: the longest `moves` line of an Arimaa middlegame fed back as one command.
 *
 * tests/CMakeLists.txt defines BOARDAI_GAME_<NAME> for each game in the build. */
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "boardai/boardai.h"
#include "check_main.h"
#include "cli.h"
#include "testgames.h"

static void pause_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* The writer side of the pipe: a client that waits between its lines, as a GUI does. */
typedef struct client {
    int fd;
} client;

static void send_line(int fd, const char *line)
{
    size_t len = strlen(line);
    ck_assert_int_eq(write(fd, line, len), (ssize_t)len);
    ck_assert_int_eq(write(fd, "\n", 1), 1);
}

static void *client_main(void *arg)
{
    client *c = arg;
    send_line(c->fd, "go infinite");
    pause_ms(150);
    send_line(c->fd, "isready");
    send_line(c->fd, "moves");
    pause_ms(150);
    send_line(c->fd, "stop");
    send_line(c->fd, "isready");
    send_line(c->fd, "quit");
    close(c->fd);
    return NULL;
}

static size_t count_of(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

START_TEST(test_go_infinite_then_stop_from_the_reader)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    FILE *in = fdopen(fds[0], "r");
    ck_assert_ptr_nonnull(in);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    client c = {fds[1]};
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, client_main, &c), 0);
    /* A deep synthetic tree: the search runs until the stop. */
    ck_assert_int_eq(ba_cli_run_protocol(bt_synth_game(0), in, out, NULL), 0);
    pthread_join(t, NULL);
    fclose(in);
    fclose(out);
    /* isready answered at once while searching, moves refused, then the one bestmove (after
     * every info line), then the second readyok. */
    ck_assert_uint_eq(count_of(text, "readyok\n"), 2);
    ck_assert_uint_eq(count_of(text, "error: 'moves' while searching"), 1);
    ck_assert_uint_eq(count_of(text, "bestmove "), 1);
    const char *first_ready = strstr(text, "readyok\n");
    const char *best = strstr(text, "bestmove ");
    ck_assert_msg(first_ready < best, "readyok came after the bestmove:\n%s", text);
    ck_assert_ptr_null(strstr(best, "info "));
    ck_assert_ptr_nonnull(strstr(best, "readyok\n"));
    free(text);
}
END_TEST

#ifdef BOARDAI_GAME_ARIMAA
typedef struct capture {
    char *last;    /* the last line */
    char *longest; /* the longest line so far */
    size_t lines;
} capture;

static void cap_write(void *user, const char *line, size_t len)
{
    capture *c = user;
    free(c->last);
    c->last = malloc(len + 1);
    memcpy(c->last, line, len + 1);
    c->lines++;
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* The n-th word of a space-separated line (copied into buf). */
static void nth_word(const char *line, size_t n, char *buf, size_t cap)
{
    const char *p = line;
    for (size_t i = 0; i < n; i++)
        p = strchr(p, ' ') + 1;
    size_t len = strcspn(p, " ");
    ck_assert_uint_lt(len, cap);
    memcpy(buf, p, len);
    buf[len] = '\0';
}

/* An Arimaa middlegame's `moves` is longer than the old 64 KB input limit (about 71 KB): the
 * whole list goes back in as one line (`go depth 1 searchmoves <all of it>`), and a line over the
 * limit gets a clear error. */
START_TEST(test_arimaa_longest_moves_line_fed_back)
{
    capture c = {0};
    ba_protocol *p = NULL;
    ck_assert_int_eq(ba_protocol_new(ba_arimaa_game(), cap_write, &c, &p), BA_OK);
    ck_assert_int_eq(ba_protocol_feed(p, "setoption hash 1"), BA_OK);
    char pos_text[BA_POS_TEXT_MAX + 16] = "";
    size_t longest = 0;
    /* Random turns through the opening into the middlegame, keeping the widest position. */
    for (int ply = 0; ply < 40; ply++) {
        ck_assert_int_eq(ba_protocol_feed(p, "moves"), BA_OK);
        ck_assert_msg(strncmp(c.last, "error", 5) != 0, "%s", c.last);
        char *list = strdup(c.last);
        size_t len = strlen(list);
        size_t words = 1;
        for (const char *s = list; *s; s++)
            words += *s == ' ';
        if (len > longest) {
            longest = len;
            free(c.longest);
            c.longest = strdup(list);
            ck_assert_int_eq(ba_protocol_feed(p, "show"), BA_OK);
            ck_assert(strncmp(c.last, "position ", 9) == 0);
            snprintf(pos_text, sizeof pos_text, "%s", c.last + 9);
        }
        if (longest > 65536) {
            /* Past the old limit: enough (feeding back a list of hundreds of KB costs a
             * quadratic parse of its moves, seconds for nothing more to learn). */
            free(list);
            break;
        }
        char word[BA_MOVE_TEXT_MAX], cmd[BA_MOVE_TEXT_MAX + 8];
        nth_word(list, rnd() % words, word, sizeof word);
        free(list);
        snprintf(cmd, sizeof cmd, "play %s", word);
        size_t before = c.lines;
        ck_assert_int_eq(ba_protocol_feed(p, cmd), BA_OK);
        ck_assert_msg(c.lines == before, "%s: %s", cmd, c.last);
    }
    printf("arimaa: the longest moves line was %zu bytes\n", longest);
    ck_assert_uint_gt(longest, 65536); /* the old limit: this test feeds what it refused */
    ck_assert_uint_le(longest, BA_PROTOCOL_LINE_MAX);

    /* Back to that position, and the whole list as the root moves of a search. */
    size_t cap = strlen(pos_text) + 16;
    char *cmd = malloc(longest + 64 > cap ? longest + 64 : cap);
    snprintf(cmd, cap, "position %s", pos_text);
    size_t before = c.lines;
    ck_assert_int_eq(ba_protocol_feed(p, cmd), BA_OK);
    ck_assert_msg(c.lines == before, "%s", c.last);
    sprintf(cmd, "go depth 1 searchmoves %s", c.longest);
    ck_assert_int_eq(ba_protocol_feed(p, cmd), BA_OK);
    ck_assert_msg(strncmp(c.last, "bestmove ", 9) == 0, "%.200s", c.last);
    char best[BA_MOVE_TEXT_MAX];
    nth_word(c.last + 9, 0, best, sizeof best);
    char *spaced = malloc(strlen(best) + 3);
    sprintf(spaced, " %s ", best);
    char *list = malloc(longest + 3);
    sprintf(list, " %s ", c.longest);
    ck_assert_msg(strstr(list, spaced) != NULL, "bestmove %s is not in the list", best);

    /* One byte over the limit: an error, and the session goes on. */
    char *huge = malloc(BA_PROTOCOL_LINE_MAX + 2);
    memset(huge, 'a', BA_PROTOCOL_LINE_MAX + 1);
    huge[BA_PROTOCOL_LINE_MAX + 1] = '\0';
    ck_assert_int_eq(ba_protocol_feed(p, huge), BA_OK);
    ck_assert_msg(strstr(c.last, "error: line too long") == c.last, "%s", c.last);
    ck_assert_int_eq(ba_protocol_feed(p, "result"), BA_OK);
    ck_assert_str_eq(c.last, "ongoing");

    free(huge);
    free(list);
    free(spaced);
    free(cmd);
    free(c.last);
    free(c.longest);
    ba_protocol_free(p);
}
END_TEST
#endif

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("protocol_kernel");
    TCase *tc = tcase_create("kernel");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_go_infinite_then_stop_from_the_reader);
#ifdef BOARDAI_GAME_ARIMAA
    tcase_add_test(tc, test_arimaa_longest_moves_line_fed_back);
#endif
    suite_add_tcase(s, tc);
    return s;
}
