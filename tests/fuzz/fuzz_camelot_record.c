/* tests/fuzz/fuzz_camelot_record.c: Camelot game records (ba_camelot_record_play). Input: the
 * record's bytes, passed with their length and no terminating NUL, so a read past the end is
 * caught by AddressSanitizer.
 *
 * Checks: success plays every move (res.plies == the position's ply); a failure names a line
 * and column inside the text and fills the error; the position stays a valid game either way.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy: libFuzzer's own buffer may be followed by readable bytes. */
    char *buf = malloc(size ? size : 1);
    ba_pos *pos = NULL;
    FUZZ_CHECK(buf && ba_pos_new(ba_camelot_game(), &pos) == BA_OK);
    if (size)
        memcpy(buf, data, size);
    ba_camelot_record_result res;
    ba_error err;
    int rc = ba_camelot_record_play(pos, buf, size, &res, &err);
    if (rc == BA_OK) {
        FUZZ_CHECK(res.plies >= 0 && (size_t)res.plies == ba_pos_ply(pos));
        FUZZ_CHECK(res.claimed == -1 ||
                   (res.claimed >= BA_RESULT_WIN0 && res.claimed <= BA_RESULT_DRAW));
        FUZZ_CHECK(res.resigned >= -1 && res.resigned <= 1);
    } else {
        fuzz_check_error(rc, &err);
        FUZZ_CHECK(memchr(res.token, '\0', sizeof res.token) != NULL);
        FUZZ_CHECK(res.line >= 0 && res.column >= 0);
    }
    char text[BA_POS_TEXT_MAX];
    FUZZ_CHECK(ba_pos_text(pos, text, sizeof text) >= 0);
    int result = ba_pos_result(pos);
    FUZZ_CHECK(result >= BA_RESULT_ONGOING && result <= BA_RESULT_DRAW);
    ba_pos_free(pos);
    free(buf);
    return 0;
}
