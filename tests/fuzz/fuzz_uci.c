/* tests/fuzz/fuzz_uci.c: the chess UCI session (games/chess/uci.c). Input: UCI lines.
 *
 * Every line is fed; a session never breaks. A `go` is searched only when it is bounded by
 * small numbers (depth, nodes, perft of at most 2, no `infinite`, no clock), so
 * that every input stays fast; other `go` lines are parsed but not run.
 */
#include "fuzz_common.h"

static void on_line(void *user, const char *line, size_t len)
{
    (void)user;
    FUZZ_CHECK(line != NULL && strlen(line) == len);
    FUZZ_CHECK(memchr(line, '\n', len) == NULL);
}

static int go_bounded(const char *line)
{
    if (!fuzz_numbers_at_most(line, 2) || strstr(line, "infinite") || strstr(line, "time") ||
        strstr(line, "inc") || strstr(line, "movestogo") || strstr(line, "ponder"))
        return 0;
    return strstr(line, "depth") || strstr(line, "nodes") || strstr(line, "perft");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strdup(data, size);
    ba_chess_uci *uci = NULL;
    FUZZ_CHECK(text && ba_chess_uci_new(on_line, NULL, &uci) == BA_OK);
    char *rest = text, *line;
    while ((line = fuzz_next_line(&rest)) != NULL) {
        if (fuzz_first_word_is(line, "setoption") && !fuzz_numbers_at_most(line, 64))
            continue; /* Hash sizes: a big table per input is too slow, not wrong */
        int rc = ba_chess_uci_feed(uci, line);
        FUZZ_CHECK(rc == BA_OK || rc == BA_PROTOCOL_QUIT || rc == BA_CHESS_UCI_GO);
        if (rc == BA_PROTOCOL_QUIT)
            break;
        if (rc == BA_CHESS_UCI_GO && go_bounded(line))
            FUZZ_CHECK(ba_chess_uci_search(uci) == BA_OK);
    }
    ba_chess_uci_free(uci);
    free(text);
    return 0;
}
