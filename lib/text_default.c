/* The game's text functions, or the library's defaults when a game leaves them NULL, with the
 * lengths the game returns checked (position.h, "Game text").
 *
 * Default move text: the move's bytes in lower-case hex, then "/" and its tag in hex when the
 * tag is not zero ("0c07", "0c07/2", "/1" for a pass with tag 1). It is read back by matching
 * the generated moves, so it needs nothing from the game and a parsed move is always legal.
 * Default position text: the state's bytes in hex, read back byte for byte (the state is flat
 * memory; a game that relies on it keeps unused bytes zero). */
#include <stdlib.h>
#include <string.h>

#include "boardai/position.h"
#include "game_checked.h"

static const char HEX[] = "0123456789abcdef";

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Writes @p n bytes of @p p in hex at @p buf + *used; BA_ERR_BUFFER when it does not fit. */
static int put_hex(char *buf, size_t cap, size_t *used, const unsigned char *p, size_t n)
{
    if (*used + 2 * n >= cap)
        return BA_ERR_BUFFER;
    for (size_t i = 0; i < n; i++) {
        buf[(*used)++] = HEX[p[i] >> 4];
        buf[(*used)++] = HEX[p[i] & 15];
    }
    buf[*used] = '\0';
    return BA_OK;
}

static int default_move_to_text(const ba_move *m, char *buf, size_t cap)
{
    if (!bac_move_canonical(m) || ba_move_is_none(m))
        return BA_ERR_ARG;
    size_t used = 0;
    if (cap == 0)
        return BA_ERR_BUFFER;
    buf[0] = '\0';
    if (put_hex(buf, cap, &used, m->bytes, m->len) != BA_OK)
        return BA_ERR_BUFFER;
    if (m->tag) {
        if (used + 4 > cap) /* "/" + up to two digits + NUL */
            return BA_ERR_BUFFER;
        buf[used++] = '/';
        if (m->tag >= 16)
            buf[used++] = HEX[m->tag >> 4];
        buf[used++] = HEX[m->tag & 15];
        buf[used] = '\0';
    }
    return (int)used;
}

static int default_move_parse(const char *text, ba_move *out, ba_error *err)
{
    ba_move m = BA_MOVE_NONE;
    size_t i = 0;
    while (text[i] && text[i] != '/') {
        int hi = hex_digit(text[i]), lo = text[i + 1] ? hex_digit(text[i + 1]) : -1;
        if (hi < 0 || lo < 0)
            return ba_error_set(err, BA_ERR_PARSE,
                                "bad move '%.40s': expected pairs of hex digits, then /tag", text);
        if (m.len == BA_MOVE_MAX_BYTES)
            return ba_error_set(err, BA_ERR_PARSE, "bad move '%.40s': more than %d bytes", text,
                                BA_MOVE_MAX_BYTES);
        m.bytes[m.len++] = (uint8_t)(hi << 4 | lo);
        i += 2;
    }
    if (text[i] == '/') {
        int tag = 0, digits = 0;
        for (i++; text[i]; i++, digits++) {
            int d = hex_digit(text[i]);
            if (d < 0 || digits == 2)
                return ba_error_set(err, BA_ERR_PARSE,
                                    "bad move '%.40s': the tag after '/' is 1 or 2 hex digits",
                                    text);
            tag = tag << 4 | d;
        }
        if (digits == 0 || tag == 0)
            return ba_error_set(err, BA_ERR_PARSE, "bad move '%.40s': empty or zero tag", text);
        m.tag = (uint8_t)tag;
    }
    if (ba_move_is_none(&m))
        return ba_error_set(err, BA_ERR_PARSE, "empty move text");
    *out = m;
    return BA_OK;
}

static int default_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                                  const char *text, ba_move *out, ba_error *err)
{
    ba_move m;
    int rc = default_move_parse(text, &m, err);
    if (rc != BA_OK)
        return rc;
    ba_move *list = malloc(g->max_moves * sizeof *list);
    if (!list)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int n = bac_game_generate(g, state, hist, list, g->max_moves), found = 0;
    for (int i = 0; i < n && !found; i++)
        found = ba_move_equal(&list[i], &m);
    free(list);
    if (n < 0)
        return ba_error_set(err, n, "move generation failed: %s", ba_errstr(n));
    if (!found)
        return ba_error_set(err, BA_ERR_ILLEGAL, "move '%.40s' is not legal in this position",
                            text);
    *out = m;
    return BA_OK;
}

int ba_game_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf,
                         size_t cap)
{
    if (!g || !state || !move || !buf)
        return BA_ERR_ARG;
    if (!g->move_to_text)
        return default_move_to_text(move, buf, cap);
    return bac_text_len(g->move_to_text(g, state, move, buf, cap), buf, cap);
}

int ba_game_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                           const char *text, ba_move *out, ba_error *err)
{
    if (!g || !state || !text || !out)
        return ba_error_set(err, BA_ERR_ARG, "game, state, text or output is NULL");
    ba_history none = {NULL, 0};
    if (!hist)
        hist = &none;
    if (!g->move_from_text)
        return default_move_from_text(g, state, hist, text, out, err);
    ba_move m = BA_MOVE_NONE;
    int rc = g->move_from_text(g, state, hist, text, &m, err);
    if (rc > 0)
        return ba_error_set(err, BA_ERR_GAME, "game returned %d from move_from_text", rc);
    if (rc != BA_OK)
        return rc;
    if (!bac_move_canonical(&m))
        return ba_error_set(err, BA_ERR_GAME,
                            "game's move_from_text gave a move that is not canonical (non-zero "
                            "bytes past len)");
    *out = m;
    return BA_OK;
}

int ba_game_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap)
{
    if (!g || !state || !buf)
        return BA_ERR_ARG;
    if (!g->position_to_text) {
        size_t used = 0;
        if (cap == 0)
            return BA_ERR_BUFFER;
        buf[0] = '\0';
        int rc = put_hex(buf, cap, &used, state, g->state_size);
        return rc == BA_OK ? (int)used : rc;
    }
    return bac_text_len(g->position_to_text(g, state, buf, cap), buf, cap);
}

int ba_game_position_from_text(const ba_game *g, void *state, const char *text, ba_error *err)
{
    if (!g || !state || !text)
        return ba_error_set(err, BA_ERR_ARG, "game, state or text is NULL");
    if (g->position_from_text) {
        int rc = g->position_from_text(g, state, text, err);
        return rc > 0 ? ba_error_set(err, BA_ERR_GAME, "game returned %d from position_from_text",
                                     rc)
                      : rc;
    }
    size_t len = strlen(text);
    if (len != 2 * g->state_size)
        return ba_error_set(err, BA_ERR_PARSE,
                            "position text has %zu characters, %zu hex digits expected", len,
                            2 * g->state_size);
    for (size_t i = 0; i < len; i++) /* all checked first: on error the state is unchanged */
        if (hex_digit(text[i]) < 0)
            return ba_error_set(err, BA_ERR_PARSE, "position text: '%c' at %zu is not a hex digit",
                                text[i], i);
    unsigned char *out = state;
    for (size_t i = 0; i < g->state_size; i++)
        out[i] = (unsigned char)(hex_digit(text[2 * i]) << 4 | hex_digit(text[2 * i + 1]));
    return BA_OK;
}
