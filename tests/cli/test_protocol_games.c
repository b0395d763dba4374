/* The text protocol on every bundled game: random walks through legal play cross-checked three
 * ways (every listed move plays, `perft 1` counts the list, `bestmove` is in it), position texts
 * that read back unchanged, and hostile input (mutated positions and moves, junk bytes). Nothing
 * may crash or read out of bounds: scripts/test.sh runs this under ASan and UBSan too.
 *
 * tests/CMakeLists.txt defines BOARDAI_GAME_<NAME> for each game in the build. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/boardai.h"
#include "check_main.h"

#define MAX_LINES 4096

typedef struct capture {
    char *line[MAX_LINES];
    size_t count;
    int bad_line;
} capture;

static capture cap;
static ba_protocol *proto;

static void cap_clear(void)
{
    for (size_t i = 0; i < cap.count; i++)
        free(cap.line[i]);
    cap.count = 0;
}

static void cap_write(void *user, const char *line, size_t len)
{
    (void)user;
    if (strlen(line) != len || memchr(line, '\n', len))
        cap.bad_line = 1;
    if (cap.count < MAX_LINES) {
        cap.line[cap.count] = malloc(len + 1);
        memcpy(cap.line[cap.count], line, len + 1);
        cap.count++;
    }
}

static int feed(const char *line)
{
    cap_clear();
    int rc = ba_protocol_feed(proto, line);
    ck_assert_msg(rc == BA_OK || rc == BA_PROTOCOL_QUIT, "'%.80s' returned %d", line, rc);
    ck_assert_msg(!cap.bad_line, "'%.80s' wrote a broken line", line);
    return rc;
}

static int answered_error(void)
{
    for (size_t i = 0; i < cap.count; i++)
        if (strncmp(cap.line[i], "error: ", 7) == 0)
            return 1;
    return 0;
}

static const char *last(void) { return cap.count ? cap.line[cap.count - 1] : ""; }

static uint64_t rng_state;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* The words of the last answer line (a `moves` list), split in place into `words`. */
static size_t split_words(char *line, char **words, size_t max)
{
    size_t n = 0;
    for (char *t = strtok(line, " "); t && n < max; t = strtok(NULL, " "))
        words[n++] = t;
    return n;
}

/* The position text reported by `show`, into buf. */
static void current_text(char *buf, size_t len)
{
    feed("show");
    ck_assert_msg(strncmp(last(), "position ", 9) == 0, "show ended with '%s'", last());
    snprintf(buf, len, "%s", last() + 9);
}

/* Changes a few characters of text: replaced, dropped, doubled or junk bytes. */
static void mutate(char *text, size_t cap_len)
{
    static const char junk[] = " /-x0123456789abcdefghKQkqwb.:_\x01\x7f\xc3\xff";
    size_t n = strlen(text);
    int edits = 1 + (int)(rnd() % 3);
    for (int e = 0; e < edits; e++) {
        size_t at = n ? (size_t)(rnd() % n) : 0;
        switch (rnd() % 4) {
        case 0:
            if (n)
                text[at] = junk[rnd() % (sizeof junk - 1)];
            break;
        case 1:
            if (n) {
                memmove(text + at, text + at + 1, n - at);
                n--;
            }
            break;
        case 2:
            if (n + 1 < cap_len) {
                memmove(text + at + 1, text + at, n - at + 1);
                n++;
            }
            break;
        default:
            n = at;
            text[n] = '\0';
            break;
        }
    }
}

static void walk_game(const ba_game *g, uint64_t seed, int steps)
{
    memset(&cap, 0, sizeof cap);
    rng_state = seed;
    ck_assert_int_eq(ba_protocol_new(g, cap_write, NULL, &proto), BA_OK);
    feed("setoption hash 1");
    char text[BA_POS_TEXT_MAX + 64], line[BA_POS_TEXT_MAX + 128];

    for (int step = 0; step < steps; step++) {
        feed("result");
        if (strcmp(last(), "ongoing") != 0) {
            ck_assert_msg(strncmp(last(), "win ", 4) == 0 || strcmp(last(), "draw") == 0,
                          "%s: result '%s'", g->name, last());
            feed(rnd() % 2 ? "new" : "undo");
            continue;
        }
        feed("moves");
        ck_assert_uint_eq(cap.count, 1);
        ck_assert_msg(!answered_error(), "%s: moves: %s", g->name, last());
        char *list = strdup(last());
        size_t max_words = 1;
        for (const char *c = list; *c; c++)
            max_words += *c == ' ';
        char **words = malloc(max_words * sizeof *words);
        size_t n = split_words(list, words, max_words);
        ck_assert_msg(n > 0, "%s: an ongoing game without moves", g->name);

        /* perft 1 counts exactly the listed moves (games whose generator lists a subset of the
         * legal moves, like Arimaa's setups, still agree with their own perft). */
        feed("perft 1");
        ck_assert_msg(strtoull(last(), NULL, 10) == n, "%s: perft 1 = %s but %zu moves listed",
                      g->name, last(), n);

        /* Now and then: a short search, whose best move must be one of the listed. */
        if (rnd() % 8 == 0) {
            feed("go nodes 200");
            ck_assert_msg(strncmp(last(), "bestmove ", 9) == 0, "%s: go gave '%s'", g->name,
                          last());
            char best[BA_MOVE_TEXT_MAX];
            ck_assert(sscanf(last(), "bestmove %255s", best) == 1);
            int found = 0;
            for (size_t i = 0; i < n && !found; i++)
                found = strcmp(words[i], best) == 0;
            ck_assert_msg(found, "%s: bestmove %s is not in the move list", g->name, best);
        }

        /* Hostile input: a mutated move and a mutated position; the position must survive
         * an error, and an accepted text must read back unchanged. */
        current_text(text, sizeof text);
        char before[sizeof text];
        snprintf(before, sizeof before, "%s", text);
        char move[BA_MOVE_TEXT_MAX + 8];
        snprintf(move, sizeof move, "%s", words[rnd() % n]);
        mutate(move, sizeof move);
        snprintf(line, sizeof line, "play %s", move);
        feed(line);
        if (answered_error()) {
            current_text(text, sizeof text);
            ck_assert_msg(strcmp(text, before) == 0, "%s: a refused move changed the position",
                          g->name);
        } else {
            feed("undo");
        }
        mutate(text, sizeof text);
        snprintf(line, sizeof line, "position %s", text);
        feed(line);
        if (!answered_error()) {
            char again[sizeof text];
            current_text(again, sizeof again);
            snprintf(line, sizeof line, "position %s", again);
            feed(line);
            ck_assert_msg(!answered_error(), "%s: own text '%s' refused: %s", g->name, again,
                          last());
            char third[sizeof text];
            current_text(third, sizeof third);
            ck_assert_msg(strcmp(third, again) == 0, "%s: '%s' read back as '%s'", g->name,
                          again, third);
        }
        snprintf(line, sizeof line, "position %s", before);
        feed(line);
        ck_assert_msg(!answered_error(), "%s: own text '%s' refused: %s", g->name, before, last());

        /* Every listed move plays. */
        snprintf(line, sizeof line, "play %s", words[rnd() % n]);
        feed(line);
        ck_assert_msg(!answered_error(), "%s: listed move refused: %s: %s", g->name, line,
                      last());
        free(words);
        free(list);
        if (rnd() % 10 == 0)
            feed("eval");
    }
    ba_protocol_free(proto);
    proto = NULL;
    cap_clear();
}

#define GAME_TEST(name, steps)                                                                     \
    START_TEST(test_##name)                                                                        \
    {                                                                                              \
        walk_game(ba_##name##_game(), 0x9e3779b97f4a7c15ull ^ (uint64_t)_i, steps);                 \
    }                                                                                              \
    END_TEST

#ifdef BOARDAI_GAME_KALAH
GAME_TEST(kalah, 150)
#endif
#ifdef BOARDAI_GAME_CAMELOT
GAME_TEST(camelot, 120)
#endif
#ifdef BOARDAI_GAME_UGOLKI
GAME_TEST(ugolki, 150)
#endif
#ifdef BOARDAI_GAME_CHESS
GAME_TEST(chess, 150)
#endif
#ifdef BOARDAI_GAME_ARIMAA
GAME_TEST(arimaa, 40)
#endif

/* Junk lines of every kind on every game: nothing but error lines or silence. */
static void junk_lines(const ba_game *g)
{
    memset(&cap, 0, sizeof cap);
    rng_state = 12345;
    ck_assert_int_eq(ba_protocol_new(g, cap_write, NULL, &proto), BA_OK);
    char line[512];
    static const char *const heads[] = {"position ", "play ", "position startpos moves ",
                                        "perft ", "go depth ", "setoption depth ", ""};
    for (int i = 0; i < 300; i++) {
        size_t len = (size_t)snprintf(line, sizeof line, "%s", heads[rnd() % 7]);
        size_t extra = rnd() % 64;
        for (size_t k = 0; k < extra && len + 1 < sizeof line; k++) {
            char c = (char)(rnd() % 256);
            line[len++] = c ? c : ' ';
        }
        line[len] = '\0';
        if (strncmp(line, "go", 2) == 0 || strncmp(line, "perft", 5) == 0)
            continue; /* a junk depth could legitimately be a long search */
        feed(line);
    }
    feed("new");
    feed("moves");
    ck_assert(!answered_error());
    ba_protocol_free(proto);
    proto = NULL;
    cap_clear();
}

#define JUNK_TEST(name)                                                                            \
    START_TEST(test_junk_##name) { junk_lines(ba_##name##_game()); }                               \
    END_TEST

#ifdef BOARDAI_GAME_KALAH
JUNK_TEST(kalah)
#endif
#ifdef BOARDAI_GAME_CAMELOT
JUNK_TEST(camelot)
#endif
#ifdef BOARDAI_GAME_UGOLKI
JUNK_TEST(ugolki)
#endif
#ifdef BOARDAI_GAME_CHESS
JUNK_TEST(chess)
#endif
#ifdef BOARDAI_GAME_ARIMAA
JUNK_TEST(arimaa)
#endif

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("protocol_games");
    TCase *tc = tcase_create("games");
    tcase_set_timeout(tc, 120);
#ifdef BOARDAI_GAME_KALAH
    tcase_add_test(tc, test_kalah);
    tcase_add_test(tc, test_junk_kalah);
#endif
#ifdef BOARDAI_GAME_CAMELOT
    tcase_add_test(tc, test_camelot);
    tcase_add_test(tc, test_junk_camelot);
#endif
#ifdef BOARDAI_GAME_UGOLKI
    tcase_add_test(tc, test_ugolki);
    tcase_add_test(tc, test_junk_ugolki);
#endif
#ifdef BOARDAI_GAME_CHESS
    tcase_add_test(tc, test_chess);
    tcase_add_test(tc, test_junk_chess);
#endif
#ifdef BOARDAI_GAME_ARIMAA
    tcase_add_test(tc, test_arimaa);
    tcase_add_test(tc, test_junk_arimaa);
#endif
    suite_add_tcase(s, tc);
    return s;
}
