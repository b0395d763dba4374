/* tests/fuzz/fuzz_common.h: helpers shared by the libFuzzer harnesses.
 *
 * A harness defines LLVMFuzzerTestOneInput(). A game harness is compiled once per game module
 * with -DFUZZ_MODULE="<module>" and picks one of that module's variants (tests/hardening's game
 * table) with the first input byte. A broken invariant calls FUZZ_CHECK, which traps, so
 * libFuzzer (or the replay driver) reports it as a crash with the input kept.
 */
#ifndef BA_FUZZ_COMMON_H
#define BA_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/boardai.h>

#include "hard_games.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Searches one input may run in a session harness: each is small, but a 4 KiB input can hold
 * hundreds of `go` lines, and hundreds of small searches under the sanitizers outlast
 * libFuzzer's per-input timeout. Later `go` lines are still parsed. */
#define FUZZ_SEARCHES_PER_INPUT 8

/* A broken invariant: say which and stop with a crash (libFuzzer keeps the input). */
#define FUZZ_CHECK(cond)                                                                     \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "fuzz invariant broken at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

/* A failing parser must fill the error: same code, a non-empty NUL-terminated message. */
static inline void fuzz_check_error(int rc, const ba_error *err)
{
    FUZZ_CHECK(rc < 0);
    FUZZ_CHECK(err->code == rc);
    FUZZ_CHECK(memchr(err->message, '\0', sizeof err->message) != NULL);
    FUZZ_CHECK(err->message[0] != '\0');
}

/* A NUL-terminated copy of the input (the parsers take C strings); free() it. */
static inline char *fuzz_strdup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (s) {
        if (size)
            memcpy(s, data, size);
        s[size] = '\0';
    }
    return s;
}

#ifdef FUZZ_MODULE
/* The variants of FUZZ_MODULE from the game table, made once (constant for the process). */
static inline const ba_game *fuzz_game(uint8_t selector, int *cost)
{
    static const ba_game *games[16];
    static int costs[16];
    static size_t count;
    static int ready;
    if (!ready) {
        size_t n;
        const hard_game *t = hard_games(&n);
        for (size_t i = 0; i < n && count < 16; i++) {
            int owned;
            if (strcmp(t[i].module, FUZZ_MODULE) == 0 && t[i].make(&games[count], &owned) == 0)
                costs[count++] = t[i].search_cost;
        }
        ready = 1;
    }
    if (count == 0)
        return NULL;
    *cost = costs[selector % count];
    return games[selector % count];
}
#endif

/* Splits @p text (modified) into lines; returns the next line or NULL. */
static inline char *fuzz_next_line(char **rest)
{
    if (!*rest)
        return NULL;
    char *line = *rest;
    char *nl = strchr(line, '\n');
    if (nl) {
        *nl = '\0';
        *rest = nl + 1;
    } else {
        *rest = NULL;
    }
    return line;
}

/* The first word of @p line equals @p word (case-insensitive, as the protocols read it). */
static inline int fuzz_first_word_is(const char *line, const char *word)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t n = strlen(word);
    for (size_t i = 0; i < n; i++) {
        char c = line[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != word[i])
            return 0;
    }
    return line[n] == '\0' || line[n] == ' ' || line[n] == '\t' || line[n] == '\r';
}

/* True when every run of digits in @p line is at most @p max, or so long (20 digits or more)
 * that it overflows every integer setting and is refused: a command with such numbers cannot
 * start an unbounded search or a huge allocation, so the harness may run it. */
static inline int fuzz_numbers_at_most(const char *line, uint64_t max)
{
    for (const char *p = line; *p;) {
        if (*p < '0' || *p > '9') {
            p++;
            continue;
        }
        uint64_t v = 0;
        size_t digits = 0;
        for (; *p >= '0' && *p <= '9'; p++, digits++)
            if (digits < 19)
                v = v * 10 + (uint64_t)(*p - '0');
        if (digits < 20 && v > max)
            return 0;
    }
    return 1;
}

/* Search threads a session harness allows: 64 threads started for each of a few searches
 * under the sanitizers took 14 s in CI (a libFuzzer timeout), for no coverage that 2 lack.
 * The threaded search itself is checked by the TSan suite. */
#define FUZZ_THREADS_MAX 2

/* A `setoption` line the harness may feed: small numbers only (tables of a few MiB), and at
 * most FUZZ_THREADS_MAX when the line names threads (any case, any protocol's spelling). */
static inline int fuzz_setoption_allowed(const char *line)
{
    if (!fuzz_numbers_at_most(line, 64))
        return 0;
    for (const char *p = line; *p; p++) {
        static const char word[] = "thread";
        size_t i = 0;
        while (word[i] && (p[i] == word[i] || p[i] == word[i] - 'a' + 'A'))
            i++;
        if (!word[i])
            return fuzz_numbers_at_most(line, FUZZ_THREADS_MAX);
    }
    return 1;
}

#endif
