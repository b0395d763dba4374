/* The session kernel's text tools (kit/session.h): the bounded growing writer and the tokenizer
 * every line protocol uses, so that no dialect keeps its own. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* ---- the text writer ---- */

static int text_reserve(bac_text *t, size_t extra)
{
    if (t->failed)
        return 0;
    /* Nothing a session writes may be longer than it could read back. */
    if (extra > BAC_LINE_MAX || t->len + extra > BAC_LINE_MAX) {
        t->failed = 1;
        return 0;
    }
    if (t->len + extra + 1 <= t->cap)
        return 1;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->len + extra + 1)
        cap *= 2; /* at most about 2 * BAC_LINE_MAX: no overflow */
    char *data = realloc(t->data, cap);
    if (!data) {
        t->failed = 1;
        return 0;
    }
    t->data = data;
    t->cap = cap;
    return 1;
}

void bac_text_add(bac_text *t, const char *s, size_t len)
{
    if (!text_reserve(t, len))
        return;
    if (len)
        memcpy(t->data + t->len, s, len);
    t->len += len;
    t->data[t->len] = '\0';
}

void bac_text_adds(bac_text *t, const char *s) { bac_text_add(t, s, strlen(s)); }

void bac_text_addf(bac_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char tmp[512];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) {
        t->failed = 1;
        return;
    }
    if ((size_t)n < sizeof tmp) {
        bac_text_add(t, tmp, (size_t)n);
        return;
    }
    /* Longer than the scratch buffer: format straight into the text. */
    if (!text_reserve(t, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(t->data + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

void bac_text_clear(bac_text *t)
{
    t->len = 0;
    t->failed = 0;
    if (t->data)
        t->data[0] = '\0';
}

void bac_text_free(bac_text *t)
{
    free(t->data);
    t->data = NULL;
    t->len = t->cap = 0;
    t->failed = 0;
}

/* ---- the tokenizer ---- */

int bac_is_space(char c) { return c == ' ' || c == '\t'; }

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

char *bac_skip_spaces(char *s)
{
    while (bac_is_space(*s))
        s++;
    return s;
}

void bac_trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && is_blank(s[n - 1]))
        s[--n] = '\0';
}

char *bac_next_word(char **s)
{
    char *w = bac_skip_spaces(*s);
    if (!*w) {
        *s = w;
        return NULL;
    }
    char *e = w;
    while (*e && !bac_is_space(*e))
        e++;
    if (*e) {
        *e = '\0';
        e = bac_skip_spaces(e + 1);
    }
    *s = e;
    return w;
}

int bac_split(char *s, char **words, int max)
{
    int n = 0;
    while (*s) {
        while (is_blank(*s))
            s++;
        if (!*s)
            break;
        if (n == max)
            return -1;
        words[n++] = s;
        while (*s && !is_blank(*s))
            s++;
        if (*s)
            *s++ = '\0';
    }
    return n;
}

static char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }

int bac_word_is(const char *word, const char *name)
{
    for (; *word && *name; word++, name++)
        if (ascii_lower(*word) != ascii_lower(*name))
            return 0;
    return *word == '\0' && *name == '\0';
}

int bac_parse_int(const char *s, int64_t min, int64_t max, int64_t *value)
{
    int neg = 0;
    if (*s == '-' || *s == '+') {
        neg = *s == '-';
        s++;
    }
    if (*s < '0' || *s > '9')
        return BA_ERR_PARSE;
    /* Accumulated as a negative number so that INT64_MIN fits; overflow is out of range. */
    int64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return BA_ERR_PARSE;
        int d = *s - '0';
        if (v < (INT64_MIN + d) / 10)
            return BA_ERR_RANGE;
        v = v * 10 - d;
    }
    if (!neg) {
        if (v == INT64_MIN)
            return BA_ERR_RANGE;
        v = -v;
    }
    if (v < min || v > max)
        return BA_ERR_RANGE;
    *value = v;
    return BA_OK;
}

int bac_parse_int_msg(const char *what, const char *word, int64_t min, int64_t max,
                      int64_t *value, char *msg, size_t cap)
{
    if (!word) {
        snprintf(msg, cap, "%s: a number is missing", what);
        return BA_ERR_PARSE;
    }
    int rc = bac_parse_int(word, min, max, value);
    if (rc == BA_ERR_PARSE)
        snprintf(msg, cap, "%s: '%.40s' is not a number", what, word);
    else if (rc == BA_ERR_RANGE)
        snprintf(msg, cap, "%s: %.40s is out of range %lld..%lld", what, word, (long long)min,
                 (long long)max);
    return rc;
}
