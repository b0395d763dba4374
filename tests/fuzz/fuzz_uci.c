/* tests/fuzz/fuzz_uci.c: the chess UCI session (games/chess/uci.c). Input: UCI lines.
 *
 * Every line is fed; a session never breaks. A `go` is searched only when it is bounded by
 * small numbers (depth, nodes, perft of at most 2, no `infinite`, no clock), and at most
 * FUZZ_SEARCHES_PER_INPUT of them, so that every input stays fast; other `go` lines are parsed
 * but not run.
 */
#include "fuzz_common.h"

static void on_line(void *user, const char *line, size_t len)
{
    (void)user;
    FUZZ_CHECK(line != NULL && strlen(line) == len);
    FUZZ_CHECK(memchr(line, '\n', len) == NULL);
}

/* The value after the last @p key in a `go` line as the session reads it (a sign is dropped,
 * a negative number is 0), or 0 when absent. */
static uint64_t go_value(const char *line, const char *key)
{
    uint64_t last = 0;
    size_t k = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += k) {
        int word_start = p == line || p[-1] == ' ' || p[-1] == '\t';
        if (!word_start || (p[k] != ' ' && p[k] != '\t'))
            continue;
        const char *q = p + k;
        while (*q == ' ' || *q == '\t')
            q++;
        int negative = *q == '-';
        if (*q == '-' || *q == '+')
            q++;
        uint64_t v = 0;
        while (*q >= '0' && *q <= '9' && v < 1000)
            v = v * 10 + (uint64_t)(*q++ - '0');
        last = negative ? 0 : v;
    }
    return last;
}

/* Runs a `go` only when the session will stop on its own after a tiny search: a perft, or a
 * depth or node limit of 1..2 (0 means "no limit" to the session, so `go depth 0` is an
 * unbounded search, not a small one), and no clock or `infinite`. */
static int go_bounded(const char *line)
{
    if (!fuzz_numbers_at_most(line, 2) || strstr(line, "infinite") || strstr(line, "time") ||
        strstr(line, "inc") || strstr(line, "movestogo") || strstr(line, "ponder"))
        return 0;
    if (strstr(line, "perft"))
        return 1;
    uint64_t depth = go_value(line, "depth"), nodes = go_value(line, "nodes");
    return (depth >= 1 && depth <= 2) || (nodes >= 1 && nodes <= 2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strdup(data, size);
    ba_chess_uci *uci = NULL;
    FUZZ_CHECK(text && ba_chess_uci_new(on_line, NULL, &uci) == BA_OK);
    char *rest = text, *line;
    int searches = 0;
    while ((line = fuzz_next_line(&rest)) != NULL) {
        if (fuzz_first_word_is(line, "setoption") && !fuzz_setoption_allowed(line))
            continue; /* Hash sizes: a big table per input is too slow, not wrong */
        int rc = ba_chess_uci_feed(uci, line);
        FUZZ_CHECK(rc == BA_OK || rc == BA_PROTOCOL_QUIT || rc == BA_CHESS_UCI_GO);
        if (rc == BA_PROTOCOL_QUIT)
            break;
        if (rc == BA_CHESS_UCI_GO && searches < FUZZ_SEARCHES_PER_INPUT && go_bounded(line)) {
            searches++;
            FUZZ_CHECK(ba_chess_uci_search(uci) == BA_OK);
        }
    }
    ba_chess_uci_free(uci);
    free(text);
    return 0;
}
