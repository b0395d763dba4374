/* tests/fuzz/fuzz_protocol.c: the common text protocol (lib/protocol.c) of one game (compiled
 * once per game module with -DFUZZ_MODULE="<module>"). Input: a byte choosing the variant, then
 * command lines.
 *
 * Every line is fed to one session; answers must be whole lines, and a session never breaks
 * (ba_protocol_feed returns BA_OK or BA_PROTOCOL_QUIT). To keep each input fast the harness
 * caps the session's node limit (300, 30 for an expensive game) and table size (1 MiB) before
 * every line, and skips `go`, `perft` (deeper than 1) and `setoption` lines with numbers that
 * could start a long search, a huge table or many threads (numbers so long that they overflow
 * are still fed: they are refused), and every `go` after the first FUZZ_SEARCHES_PER_INPUT.
 */
#include "fuzz_common.h"

#define FUZZ_NODES 300
#define FUZZ_NUMBER_MAX 3000

static void on_line(void *user, const char *line, size_t len)
{
    size_t *lines = user;
    FUZZ_CHECK(line != NULL && strlen(line) == len);
    FUZZ_CHECK(memchr(line, '\n', len) == NULL);
    (*lines)++;
}

/* Caps the session's node limit at @p nodes and its table at 1 MiB. */
static void cap_engine(ba_engine *e, int64_t nodes)
{
    int64_t v = 0;
    if (ba_engine_get(e, BA_OPT_NODES, &v) == BA_OK && (v == 0 || v > nodes))
        FUZZ_CHECK(ba_engine_set(e, BA_OPT_NODES, nodes) == BA_OK);
    if (ba_engine_get(e, BA_OPT_TT_MB, &v) == BA_OK && v > 1)
        FUZZ_CHECK(ba_engine_set(e, BA_OPT_TT_MB, 1) == BA_OK);
}

static int line_allowed(const char *line)
{
    if (fuzz_first_word_is(line, "perft"))
        return fuzz_numbers_at_most(line, 1);
    if (fuzz_first_word_is(line, "go"))
        return fuzz_numbers_at_most(line, FUZZ_NUMBER_MAX);
    if (fuzz_first_word_is(line, "setoption"))
        return fuzz_setoption_allowed(line);
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int cost;
    const ba_game *g = fuzz_game(data[0], &cost);
    if (!g)
        return 0;
    /* A node of an expensive game (an Arimaa turn generation) costs a hundred cheap ones. */
    int64_t nodes = cost > 1 ? FUZZ_NODES / 10 : FUZZ_NODES;
    char *text = fuzz_strdup(data + 1, size - 1);
    size_t lines = 0;
    ba_protocol *p = NULL;
    FUZZ_CHECK(text && ba_protocol_new(g, on_line, &lines, &p) == BA_OK);
    char *rest = text, *line;
    int searches = 0;
    while ((line = fuzz_next_line(&rest)) != NULL) {
        cap_engine(ba_protocol_engine(p), nodes);
        if (!line_allowed(line))
            continue;
        if (fuzz_first_word_is(line, "go") && searches++ >= FUZZ_SEARCHES_PER_INPUT)
            continue;
        int rc = ba_protocol_feed(p, line);
        FUZZ_CHECK(rc == BA_OK || rc == BA_PROTOCOL_QUIT);
        if (rc == BA_PROTOCOL_QUIT)
            break;
    }
    ba_protocol_free(p);
    free(text);
    return 0;
}
