/* tests/fuzz/fuzz_aei.c: the Arimaa AEI session (games/arimaa/aei.c). Input: AEI lines.
 *
 * Every line is fed; a session never breaks. Searches (`go`) run with a node limit the harness
 * sets, at most FUZZ_SEARCHES_PER_INPUT of them per input, and `setoption` lines with large
 * numbers (hash sizes, long time controls) are skipped, so that every input stays fast.
 */
#include "fuzz_common.h"

static void on_line(void *user, const char *line, size_t len)
{
    (void)user;
    FUZZ_CHECK(line != NULL && strlen(line) == len);
    FUZZ_CHECK(memchr(line, '\n', len) == NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strdup(data, size);
    ba_arimaa_aei *aei = NULL;
    FUZZ_CHECK(text && ba_arimaa_aei_new(ba_arimaa_game(), on_line, NULL, &aei) == BA_OK);
    char *rest = text, *line;
    int searches = 0;
    while ((line = fuzz_next_line(&rest)) != NULL) {
        if (fuzz_first_word_is(line, "setoption") && !fuzz_setoption_allowed(line))
            continue;
        int rc = ba_arimaa_aei_feed(aei, line);
        FUZZ_CHECK(rc == BA_OK || rc == BA_ARIMAA_AEI_QUIT || rc == BA_ARIMAA_AEI_SEARCH);
        if (rc == BA_ARIMAA_AEI_QUIT)
            break;
        if (rc == BA_ARIMAA_AEI_SEARCH && searches++ < FUZZ_SEARCHES_PER_INPUT) {
            ba_engine *e = ba_arimaa_aei_engine(aei);
            FUZZ_CHECK(e && ba_engine_set(e, BA_OPT_NODES, 100) == BA_OK);
            FUZZ_CHECK(ba_engine_set(e, BA_OPT_TT_MB, 1) == BA_OK);
            FUZZ_CHECK(ba_arimaa_aei_search(aei) == BA_OK);
        }
    }
    ba_arimaa_aei_free(aei);
    free(text);
    return 0;
}
