/* tests/fuzz/fuzz_web_board.c: the Camelot web server's own readers of library text
 * (examples/camelot-web/web_board.c): position text, square names, WCF move paths, and the
 * writer that turns clicked squares into move text. Input: a selector byte, then the text.
 *
 * The JSON API that uses them has its own harness (fuzz_web_api.c).
 * Checks: no crash or sanitizer report; a path that parses has 2..WEB_PATH_MAX squares on the
 * board; a square that parses names itself back; a position that parses has a side 0 or 1.
 */
#include "fuzz_common.h"
#include "web_board.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = fuzz_strdup(data + 1, size - 1);
    FUZZ_CHECK(text != NULL);
    switch (data[0] % 4) {
    case 0: {
        web_board b;
        if (web_board_parse(text, &b) == 0)
            FUZZ_CHECK(b.side == 0 || b.side == 1);
        break;
    }
    case 1: {
        web_square sq;
        if (web_square_parse(text, &sq) == 0) {
            FUZZ_CHECK(web_on_board(sq.file, sq.rank));
            char name[8];
            web_square_name(sq, name);
            web_square back;
            FUZZ_CHECK(web_square_parse(name, &back) == 0);
            FUZZ_CHECK(back.file == sq.file && back.rank == sq.rank);
        }
        break;
    }
    case 2: {
        web_path *p = malloc(sizeof *p);
        FUZZ_CHECK(p != NULL);
        if (web_path_from_text(text, p) == 0) {
            FUZZ_CHECK(p->len >= 1 && p->len <= WEB_PATH_MAX);
            for (int i = 0; i < p->len; i++)
                FUZZ_CHECK(web_on_board(p->sq[i].file, p->sq[i].rank));
        }
        free(p);
        break;
    }
    default: {
        /* The start position, then squares taken two bytes at a time from the input. */
        web_board b;
        char start[BA_POS_TEXT_MAX];
        ba_pos *pos = NULL;
        FUZZ_CHECK(ba_pos_new(ba_camelot_game(), &pos) == BA_OK);
        FUZZ_CHECK(ba_pos_text(pos, start, sizeof start) >= 0);
        ba_pos_free(pos);
        FUZZ_CHECK(web_board_parse(start, &b) == 0);
        web_square sq[WEB_PATH_MAX + 4];
        int len = 0;
        for (size_t i = 1; i + 1 < size && len < WEB_PATH_MAX + 4; i += 2, len++) {
            sq[len].file = (int)(int8_t)data[i];
            sq[len].rank = (int)(int8_t)data[i + 1];
        }
        char out[64];
        if (web_path_to_text(&b, sq, len, out, sizeof out) == 0)
            FUZZ_CHECK(memchr(out, '\0', sizeof out) != NULL);
        break;
    }
    }
    free(text);
    return 0;
}
