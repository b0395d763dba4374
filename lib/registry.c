/* The game registry (include/boardai/registry.h): game specifications are split and checked
 * here, generically; each game's entry (games/<game>/registry_entry.c) turns the parameters
 * into its options. The table of entries is generated from the enabled games, so this file
 * names none. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "registry_kit.h"

/* The names, in table order: generated alongside the table. */
extern const char *const bac_reg_names[];

const char *const *ba_game_names(void) { return bac_reg_names; }

static const bac_reg_game *reg_find(const char *name, size_t len)
{
    for (const bac_reg_game *const *e = bac_reg_builtin; *e; e++)
        if (strlen((*e)->name) == len && strncmp((*e)->name, name, len) == 0)
            return *e;
    return NULL;
}

const ba_game_param *ba_game_params(const char *name, size_t *count)
{
    const bac_reg_game *e = name ? reg_find(name, strlen(name)) : NULL;
    if (count)
        *count = e ? e->nparams : 0;
    return e && e->nparams ? e->params : NULL;
}

/* Appends "a, b, c" (the names in @p list of @p n entries of @p stride bytes, each starting with
 * a const char * name) to @p buf. */
static void reg_list(char *buf, size_t cap, const void *list, size_t n, size_t stride)
{
    static const char more[] = ", ...";
    size_t used = strlen(buf);
    for (size_t i = 0; i < n && used + 1 < cap; i++) {
        const char *name = *(const char *const *)(const void *)((const char *)list + i * stride);
        size_t len = strlen(name);
        const char *sep = i ? ", " : "";
        /* A list that does not fit ends in ", ..." (room for it is kept behind every name). */
        if (used + strlen(sep) + len + sizeof more >= cap) {
            if (used + sizeof more <= cap) memcpy(buf + used, more, sizeof more);
            break;
        }
        memcpy(buf + used, sep, strlen(sep));
        used += strlen(sep);
        memcpy(buf + used, name, len);
        used += len;
        buf[used] = '\0';
    }
}

static int reg_unknown_game(const char *name, size_t len, ba_error *err)
{
    char games[BA_ERROR_MSG_MAX / 2] = "";
    size_t n = 0;
    while (bac_reg_names[n])
        n++;
    reg_list(games, sizeof games, bac_reg_names, n, sizeof bac_reg_names[0]);
    return ba_error_set(err, BA_ERR_UNSUPPORTED, "unknown game '%.*s'; the games built in are: %s",
                        (int)(len > 40 ? 40 : len), name, n ? games : "(none)");
}

static int reg_unknown_param(const bac_reg_game *e, const char *key, ba_error *err)
{
    if (e->nparams == 0)
        return ba_error_set(err, BA_ERR_PARSE, "%s has no parameter '%s': it takes no parameters",
                            e->name, key);
    char names[BA_ERROR_MSG_MAX] = "";
    reg_list(names, sizeof names - 64, e->params, e->nparams, sizeof e->params[0]);
    return ba_error_set(err, BA_ERR_PARSE, "%s has no parameter '%s'; its parameters are: %s",
                        e->name, key, names);
}

static const ba_game_param *reg_param(const bac_reg_game *e, const char *key)
{
    for (size_t i = 0; i < e->nparams; i++)
        if (strcmp(e->params[i].name, key) == 0)
            return &e->params[i];
    return NULL;
}

/* Splits "key=value,key=value" (@p text, @p len bytes) into @p a, checking every key. */
static int reg_split(const char *text, size_t len, bac_reg_args *a, ba_error *err)
{
    const bac_reg_game *e = a->game;
    size_t i = 0;
    while (i < len) {
        size_t end = i;
        while (end < len && text[end] != ',')
            end++;
        const char *item = text + i;
        size_t ilen = end - i;
        const char *eq = memchr(item, '=', ilen);
        if (ilen == 0)
            return ba_error_set(err, BA_ERR_PARSE, "%s: empty parameter (two commas, or a comma "
                                "at the end)", e->name);
        size_t klen = eq ? (size_t)(eq - item) : ilen;
        if (klen == 0)
            return ba_error_set(err, BA_ERR_PARSE, "%s: a parameter has no name before '='",
                                e->name);
        if (klen >= BAC_REG_KEY_MAX)
            return ba_error_set(err, BA_ERR_PARSE, "%s: parameter name '%.*s...' is too long",
                                e->name, 20, item);
        char key[BAC_REG_KEY_MAX];
        memcpy(key, item, klen);
        key[klen] = '\0';
        if (!reg_param(e, key))
            return reg_unknown_param(e, key, err);
        if (!eq)
            return ba_error_set(err, BA_ERR_PARSE, "%s: parameter '%s' has no value (write %s=...)",
                                e->name, key, key);
        size_t vlen = ilen - klen - 1;
        if (vlen == 0)
            return ba_error_set(err, BA_ERR_PARSE, "%s: parameter '%s' has an empty value",
                                e->name, key);
        if (vlen >= BAC_REG_VALUE_MAX)
            return ba_error_set(err, BA_ERR_PARSE, "%s: the value of '%s' is too long", e->name,
                                key);
        if (bac_reg_has(a, key))
            return ba_error_set(err, BA_ERR_PARSE, "%s: parameter '%s' is given twice", e->name,
                                key);
        if (a->n == BAC_REG_MAX_ARGS)
            return ba_error_set(err, BA_ERR_PARSE, "%s: more than %d parameters", e->name,
                                BAC_REG_MAX_ARGS);
        memcpy(a->key[a->n], key, klen + 1);
        memcpy(a->value[a->n], eq + 1, vlen);
        a->value[a->n][vlen] = '\0';
        a->n++;
        i = end + 1;
        if (end + 1 == len && text[end] == ',')
            return ba_error_set(err, BA_ERR_PARSE, "%s: empty parameter (a comma at the end)",
                                e->name);
    }
    return BA_OK;
}

int ba_game_open(const char *spec, ba_game **out, ba_error *err)
{
    if (out)
        *out = NULL;
    if (!spec || !out)
        return ba_error_set(err, BA_ERR_ARG, "game specification or output is NULL");
    size_t len = strnlen(spec, BA_GAME_SPEC_MAX);
    if (len == BA_GAME_SPEC_MAX)
        return ba_error_set(err, BA_ERR_PARSE, "game specification longer than %d bytes",
                            BA_GAME_SPEC_MAX - 1);
    const char *colon = memchr(spec, ':', len);
    size_t nlen = colon ? (size_t)(colon - spec) : len;
    if (nlen == 0)
        return ba_error_set(err, BA_ERR_PARSE, "game specification '%s' has no game name", spec);
    const bac_reg_game *e = reg_find(spec, nlen);
    if (!e)
        return reg_unknown_game(spec, nlen, err);
    bac_reg_args *a = calloc(1, sizeof *a);
    if (!a)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    a->game = e;
    int rc = colon ? reg_split(colon + 1, len - nlen - 1, a, err) : BA_OK;
    if (rc == BA_OK)
        rc = e->open(a, out, err);
    free(a);
    if (rc == BA_OK)
        ba_error_clear(err);
    return rc;
}

/* ---- typed readers for the entries ---- */

static const char *reg_value(const bac_reg_args *a, const char *key)
{
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->key[i], key) == 0)
            return a->value[i];
    return NULL;
}

int bac_reg_has(const bac_reg_args *a, const char *key) { return reg_value(a, key) != NULL; }

int bac_reg_int(const bac_reg_args *a, const char *key, long min, long max, int *out,
                ba_error *err)
{
    const char *v = reg_value(a, key);
    if (!v)
        return BA_OK;
    char *end = NULL;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno == ERANGE)
        return ba_error_set(err, BA_ERR_PARSE, "%s: %s must be a whole number, got '%s'",
                            a->game->name, key, v);
    if (x < min || x > max)
        return ba_error_set(err, BA_ERR_RANGE, "%s: %s must be %ld..%ld, got %ld", a->game->name,
                            key, min, max, x);
    *out = (int)x;
    return BA_OK;
}

int bac_reg_u64(const bac_reg_args *a, const char *key, uint64_t *out, ba_error *err)
{
    const char *v = reg_value(a, key);
    if (!v)
        return BA_OK;
    char *end = NULL;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (end == v || *end != '\0' || errno == ERANGE || v[0] == '-' || v[0] == '+')
        return ba_error_set(err, BA_ERR_PARSE,
                            "%s: %s must be a whole number 0..18446744073709551615, got '%s'",
                            a->game->name, key, v);
    *out = (uint64_t)x;
    return BA_OK;
}

int bac_reg_real(const bac_reg_args *a, const char *key, double min, double max, double *out,
                 ba_error *err)
{
    const char *v = reg_value(a, key);
    if (!v)
        return BA_OK;
    char *end = NULL;
    errno = 0;
    double x = strtod(v, &end);
    if (end == v || *end != '\0' || errno == ERANGE || !isfinite(x))
        return ba_error_set(err, BA_ERR_PARSE, "%s: %s must be a number, got '%s'", a->game->name,
                            key, v);
    if (x < min || x > max)
        return ba_error_set(err, BA_ERR_RANGE, "%s: %s must be %g..%g, got %g", a->game->name, key,
                            min, max, x);
    *out = x;
    return BA_OK;
}

int bac_reg_bool(const bac_reg_args *a, const char *key, int *out, ba_error *err)
{
    const char *v = reg_value(a, key);
    if (!v)
        return BA_OK;
    if (strcmp(v, "0") != 0 && strcmp(v, "1") != 0)
        return ba_error_set(err, BA_ERR_PARSE, "%s: %s must be 0 or 1, got '%s'", a->game->name,
                            key, v);
    *out = v[0] == '1';
    return BA_OK;
}

int bac_reg_choice(const bac_reg_args *a, const char *key, const char *const *choices, int *out,
                   ba_error *err)
{
    const char *v = reg_value(a, key);
    if (!v)
        return BA_OK;
    size_t n = 0;
    for (; choices[n]; n++)
        if (strcmp(choices[n], v) == 0) {
            *out = (int)n;
            return BA_OK;
        }
    char names[BA_ERROR_MSG_MAX / 2] = "";
    reg_list(names, sizeof names, choices, n, sizeof choices[0]);
    return ba_error_set(err, BA_ERR_PARSE, "%s: %s must be one of %s, got '%s'", a->game->name,
                        key, names, v);
}
