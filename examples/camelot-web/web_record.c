/*
 * examples/camelot-web/web_record.c: a game as a WCF record, and a record as a new game. The
 * record is the one `boardai-camelot replay` reads: it is read by the library's record reader
 * (ba_camelot_record_play), never by a second parser here.
 */
#include "web_record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/camelot.h>

#include "web_game_impl.h"

/* A growing string. */
typedef struct text_buf {
    char *s;
    size_t len, cap;
    int failed;
} text_buf;

static void put(text_buf *b, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

static void put(text_buf *b, const char *fmt, ...)
{
    for (int round = 0; round < 2 && !b->failed; round++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = 1;
        } else if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        } else {
            size_t cap = (b->cap ? b->cap : 1024) * 2 + (size_t)n;
            char *s = realloc(b->s, cap);
            if (!s)
                b->failed = 1;
            else {
                b->s = s;
                b->cap = cap;
            }
        }
    }
}

char *web_game_record_text(web_game *g)
{
    static const char *const CLAIMS[] = {"*", "1-0", "0-1", "1/2-1/2"};
    text_buf b = {NULL, 0, 0, 0};
    pthread_mutex_lock(&g->mu);
    ba_pos *start = NULL;
    int side = 0;
    if (ba_pos_new(ba_pos_game(g->pos), &start) == BA_OK &&
        ba_pos_set_text(start, g->start, NULL) == BA_OK)
        side = ba_pos_side_to_move(start);
    char usual[BA_POS_TEXT_MAX] = "";
    ba_pos *fresh = NULL;
    if (ba_pos_new(ba_pos_game(g->pos), &fresh) == BA_OK)
        ba_pos_text(fresh, usual, sizeof usual);
    ba_pos_free(fresh);
    ba_pos_free(start);
    const char *names[2];
    char ai_name[64];
    snprintf(ai_name, sizeof ai_name, "boardai level %d (%s)", g->level,
             web_level_get(g->level).name);
    names[0] = g->ai_side == 0 ? ai_name : "Player";
    names[1] = g->ai_side == 1 ? ai_name : "Player";
    int result = ba_pos_result(g->pos);
    const char *claim = CLAIMS[result >= 0 && result <= 3 ? result : 0];
    put(&b, "[Event \"boardai-camelot-web game %s\"]\n", g->id);
    put(&b, "[White \"%s\"]\n[Black \"%s\"]\n", names[0], names[1]);
    if (strcmp(g->start, usual) != 0)
        put(&b, "[Position \"%s\"]\n", g->start);
    put(&b, "[Result \"%s\"]\n", claim);
    /* Numbered moves, White's and Black's on one line; "1..." when Black moves first. */
    int number = 1;
    for (size_t i = 0; i < g->record_len; i++) {
        int black = (int)((i + (size_t)side) % 2);
        if (!black)
            put(&b, "%d. %s", number, g->record[i].text);
        else if (i == 0)
            put(&b, "%d... %s", number, g->record[i].text);
        else
            put(&b, " %s", g->record[i].text);
        if (black || i + 1 == g->record_len)
            put(&b, "\n");
        if (black)
            number++;
    }
    put(&b, "%s\n", claim);
    pthread_mutex_unlock(&g->mu);
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

int web_record_start(const char *text, size_t len, char *start, size_t cap)
{
    static const char TAG[] = "[Position \"";
    start[0] = '\0';
    for (size_t i = 0; i + sizeof TAG - 1 <= len; i++) {
        if (memcmp(text + i, TAG, sizeof TAG - 1) != 0)
            continue;
        size_t from = i + sizeof TAG - 1, to = from;
        while (to < len && text[to] != '"' && text[to] != '\n')
            to++;
        if (to >= len || text[to] != '"' || to - from >= cap)
            return -1;
        memcpy(start, text + from, to - from);
        start[to - from] = '\0';
        return 1;
    }
    return 0;
}

int web_record_import(web_store *store, const char *text, size_t len, int ai_side, int level,
                      web_game **out, ba_error *err)
{
    char start[BA_POS_TEXT_MAX];
    int tagged = web_record_start(text, len, start, sizeof start);
    if (tagged < 0)
        return ba_error_set(err, BA_ERR_PARSE,
                            "the [Position \"...\"] line is not closed or is too long");
    ba_pos *pos = NULL;
    if (ba_pos_new(store->game, &pos) != BA_OK)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int rc = BA_OK;
    if (tagged) {
        ba_error e;
        ba_error_clear(&e);
        if (ba_pos_set_text(pos, start, &e) != BA_OK)
            rc = ba_error_set(err, BA_ERR_PARSE, "the [Position] of the record: %s", e.message);
    }
    if (rc == BA_OK && ba_pos_text(pos, start, sizeof start) < 0)
        rc = ba_error_set(err, BA_ERR_INTERNAL, "cannot write the start position");
    if (rc == BA_OK) {
        ba_camelot_record_result res;
        rc = ba_camelot_record_play(pos, text, len, &res, err);
    }
    if (rc == BA_OK)
        rc = web_store_import(store, start, pos, ai_side, level, out, err);
    ba_pos_free(pos);
    return rc;
}
