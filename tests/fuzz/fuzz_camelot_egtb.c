/* tests/fuzz/fuzz_camelot_egtb.c: Camelot endgame table files (ba_camelot_egtb_load_memory).
 * Input: the file's bytes, passed with their length, so a read past the end is caught by
 * AddressSanitizer.
 *
 * Checks: a failure fills the error and hands out no table; a success (a complete file with a
 * matching checksum) gives a table whose counts add up.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy: libFuzzer's own buffer may be followed by readable bytes. */
    uint8_t *buf = malloc(size ? size : 1);
    FUZZ_CHECK(buf != NULL);
    if (size)
        memcpy(buf, data, size);
    ba_camelot_egtb *tb = (ba_camelot_egtb *)buf; /* must be overwritten */
    ba_error err;
    int rc = ba_camelot_egtb_load_memory(buf, size, &tb, &err);
    if (rc == BA_OK) {
        FUZZ_CHECK(tb != NULL);
        for (int e = 0; e < BA_CAMELOT_EGTB_ENDINGS; e++) {
            ba_camelot_egtb_stats st;
            if (ba_camelot_egtb_stats_get(tb, e, &st) == BA_OK)
                FUZZ_CHECK(st.wins + st.draws + st.losses == st.positions);
        }
        ba_camelot_egtb_free(tb);
    } else {
        fuzz_check_error(rc, &err);
        FUZZ_CHECK(tb == NULL);
    }
    free(buf);
    return 0;
}
