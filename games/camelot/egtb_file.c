/*
 * Camelot endgame tables: the file (docs/camelot-endgames.md, "File"). Little-endian header of
 * 64 bytes, then the bytes of each ending held, in ending order:
 *
 *    0  "BACAMTB1"   magic
 *    8  uint32       format version (1)
 *   12  uint32       endings held (bit e for ending e)
 *   16  uint64 x 3   bytes of endings 0, 1, 2 (0 when not held; else exactly the ending's size)
 *   40  uint64       checksum of the data (eg_checksum)
 *   48  16 bytes     zero
 *
 * Everything is checked before a table is handed out: a truncated, padded or corrupt file is an
 * error with a message, never a crash or a wrong answer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camelot/egtb.h"
#include "camelot/egtb_index.h"

#define EG_MAGIC "BACAMTB1"
#define EG_VERSION 1u
#define EG_HEADER 64

static void eg_put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void eg_put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t eg_get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v |= (uint32_t)p[i] << (8 * i);
    return v;
}
static uint64_t eg_get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* FNV-1a over the bytes, continued from h (start with EG_FNV_START). */
#define EG_FNV_START 0xcbf29ce484222325ull
static uint64_t eg_checksum(uint64_t h, const uint8_t *data, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        h ^= data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

int ba_camelot_egtb_save(const ba_camelot_egtb *tb, const char *path, ba_error *err)
{
    if (tb == NULL || path == NULL) return ba_error_set(err, BA_ERR_ARG, "NULL argument saving an endgame table");
    uint8_t h[EG_HEADER] = {0};
    memcpy(h, EG_MAGIC, 8);
    eg_put32(h + 8, EG_VERSION);
    uint32_t mask = 0;
    uint64_t sum = EG_FNV_START;
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) {
        if (tb->data[e] == NULL) continue;
        mask |= 1u << e;
        eg_put64(h + 16 + 8 * e, cam_egtb_size(e));
        sum = eg_checksum(sum, tb->data[e], cam_egtb_size(e));
    }
    eg_put32(h + 12, mask);
    eg_put64(h + 40, sum);
    FILE *f = fopen(path, "wb");
    if (f == NULL) return ba_error_set(err, BA_ERR_STATE, "cannot write '%s': %s", path, strerror(errno));
    int ok = fwrite(h, 1, sizeof h, f) == sizeof h;
    for (int e = 0; e < CAM_EGTB_ENDINGS && ok; e++)
        if (tb->data[e] != NULL) ok = fwrite(tb->data[e], 1, cam_egtb_size(e), f) == cam_egtb_size(e);
    if (fclose(f) != 0) ok = 0;
    if (!ok) {
        remove(path);
        return ba_error_set(err, BA_ERR_STATE, "cannot write '%s' (disk full?)", path);
    }
    return BA_OK;
}

/* Where the bytes come from: a file or memory. */
typedef struct eg_source {
    FILE *f;
    const uint8_t *mem;
    size_t len, pos;
} eg_source;

static size_t eg_read(eg_source *src, void *dst, size_t n)
{
    if (src->f != NULL) return fread(dst, 1, n, src->f);
    size_t k = src->len - src->pos < n ? src->len - src->pos : n;
    memcpy(dst, src->mem + src->pos, k);
    src->pos += k;
    return k;
}

static int eg_load(eg_source *src, const char *name, ba_camelot_egtb **out, ba_error *err)
{
    uint8_t h[EG_HEADER];
    size_t got = eg_read(src, h, sizeof h);
    if (got < 8 || memcmp(h, EG_MAGIC, 7) != 0)
        return ba_error_set(err, BA_ERR_PARSE, "%s is not a Camelot endgame table (bad magic)", name);
    if (h[7] != EG_MAGIC[7] || eg_get32(h + 8) != EG_VERSION)
        return ba_error_set(err, BA_ERR_PARSE, "%s is a Camelot endgame table of another format version", name);
    if (got < sizeof h) return ba_error_set(err, BA_ERR_PARSE, "%s is truncated (in the header)", name);
    uint32_t mask = eg_get32(h + 12);
    if (mask == 0 || mask >= (1u << CAM_EGTB_ENDINGS))
        return ba_error_set(err, BA_ERR_PARSE, "%s has a corrupt header (endings 0x%x)", name, (unsigned)mask);
    for (int i = 48; i < EG_HEADER; i++)
        if (h[i] != 0) return ba_error_set(err, BA_ERR_PARSE, "%s has a corrupt header (reserved bytes)", name);
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) {
        uint64_t want = (mask & (1u << e)) ? cam_egtb_size(e) : 0;
        if (eg_get64(h + 16 + 8 * e) != want)
            return ba_error_set(err, BA_ERR_PARSE, "%s has a corrupt header (size of ending %d)", name, e);
    }
    ba_camelot_egtb *tb = calloc(1, sizeof *tb);
    if (tb == NULL) return ba_error_set(err, BA_ERR_NOMEM, "out of memory loading %s", name);
    uint64_t sum = EG_FNV_START;
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) {
        if (!(mask & (1u << e))) continue;
        size_t size = (size_t)cam_egtb_size(e);
        tb->data[e] = malloc(size);
        if (tb->data[e] == NULL) {
            ba_camelot_egtb_free(tb);
            return ba_error_set(err, BA_ERR_NOMEM, "out of memory loading %s", name);
        }
        if (eg_read(src, tb->data[e], size) != size) {
            ba_camelot_egtb_free(tb);
            return ba_error_set(err, BA_ERR_PARSE, "%s is truncated (in ending %d)", name, e);
        }
        sum = eg_checksum(sum, tb->data[e], size);
    }
    uint8_t extra;
    if (eg_read(src, &extra, 1) != 0) {
        ba_camelot_egtb_free(tb);
        return ba_error_set(err, BA_ERR_PARSE, "%s has trailing bytes after the table", name);
    }
    if (sum != eg_get64(h + 40)) {
        ba_camelot_egtb_free(tb);
        return ba_error_set(err, BA_ERR_PARSE, "%s is corrupt (checksum mismatch)", name);
    }
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++)
        if (tb->data[e] != NULL) cam_egtb_count(tb, e);
    *out = tb;
    return BA_OK;
}

int ba_camelot_egtb_load(const char *path, ba_camelot_egtb **out, ba_error *err)
{
    if (path == NULL || out == NULL) return ba_error_set(err, BA_ERR_ARG, "NULL argument loading an endgame table");
    *out = NULL;
    eg_source src = {fopen(path, "rb"), NULL, 0, 0};
    if (src.f == NULL) return ba_error_set(err, BA_ERR_STATE, "cannot open '%s': %s", path, strerror(errno));
    char name[300];
    snprintf(name, sizeof name, "'%.280s'", path);
    int rc = eg_load(&src, name, out, err);
    fclose(src.f);
    return rc;
}

int ba_camelot_egtb_load_memory(const void *data, size_t len, ba_camelot_egtb **out, ba_error *err)
{
    if ((data == NULL && len > 0) || out == NULL)
        return ba_error_set(err, BA_ERR_ARG, "NULL argument loading an endgame table");
    *out = NULL;
    eg_source src = {NULL, data, len, 0};
    return eg_load(&src, "the data", out, err);
}
