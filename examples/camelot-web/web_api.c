/*
 * examples/camelot-web/web_api.c: the JSON API calls (docs/camelot-web.md), apart from HTTP.
 *
 * One request at a time touches the store (its lock is held for the whole call); the AI
 * searches in worker threads (web_games.c), so no call waits for a search. Every failure is
 * an answer {"error": "..."} with a 4xx/5xx status; nothing a client sends can stop the
 * server or touch a game it does not name.
 */
#include "web_api.h"

#include "web_record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An answer being built: status and JSON (or an error message), or plain text. */
typedef struct answer {
    unsigned status;
    json_t *json;
    char *text; /* malloc'ed: a text/plain answer instead of JSON */
} answer;

static answer error_answer(unsigned status, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

static answer error_vanswer(unsigned status, const char *fmt, va_list ap) BA_PRINTF_LIKE(2, 0);

static answer error_vanswer(unsigned status, const char *fmt, va_list ap)
{
    char msg[BA_ERROR_MSG_MAX + 64];
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* Messages quote what the client sent (a game id, a move); JSON strings must be UTF-8, so
     * anything outside printable ASCII is shown as '?' rather than dropping the message. */
    for (char *p = msg; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            *p = '?';
    answer a = {status, json_object(), NULL};
    if (!a.json || json_object_set_new(a.json, "error", json_string(msg)) != 0) {
        json_decref(a.json);
        a = (answer){WEB_HTTP_UNAVAILABLE, NULL, NULL};
    }
    return a;
}

static answer error_answer(unsigned status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    answer a = error_vanswer(status, fmt, ap);
    va_end(ap);
    return a;
}

unsigned web_api_error(json_t **out, unsigned status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    answer a = error_vanswer(status, fmt, ap);
    va_end(ap);
    *out = a.json;
    return a.status;
}

/* The HTTP status of a library error code. */
static unsigned status_of(int code)
{
    switch (code) {
    case BA_ERR_ILLEGAL: return WEB_HTTP_UNPROCESSABLE;
    case BA_ERR_STATE: return WEB_HTTP_CONFLICT;
    case BA_ERR_NOMEM: return WEB_HTTP_UNAVAILABLE;
    case WEB_ERR_NO_GAME: return WEB_HTTP_NOT_FOUND;
    case WEB_ERR_STORAGE: return WEB_HTTP_UNAVAILABLE;
    case WEB_ERR_STORAGE_FULL: return WEB_HTTP_INSUFFICIENT_STORAGE;
    default: return WEB_HTTP_BAD_REQUEST;
    }
}

static answer lib_error(const ba_error *err, int code)
{
    return error_answer(status_of(code), "%s", err->message[0] ? err->message : ba_errstr(code));
}

static answer state_answer(web_game *g)
{
    json_t *st = web_game_state(g);
    if (!st)
        return error_answer(WEB_HTTP_UNAVAILABLE, "out of memory");
    return (answer){WEB_HTTP_OK, st, NULL};
}

/* ---- request parameters ---- */

/* The JSON object of a POST body (an empty body is an empty object). */
static int parse_body(const web_api_request *rq, json_t **out, answer *fail)
{
    if (rq->body_len == 0 || !rq->body) {
        *out = json_object();
        return 0;
    }
    json_error_t jerr;
    json_t *j = json_loadb(rq->body, rq->body_len, JSON_REJECT_DUPLICATES, &jerr);
    if (!j) {
        *fail = error_answer(WEB_HTTP_BAD_REQUEST, "bad JSON: %s", jerr.text);
        return -1;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        *fail = error_answer(WEB_HTTP_BAD_REQUEST, "the body must be a JSON object");
        return -1;
    }
    *out = j;
    return 0;
}

/* A string field of the body or, for GET, a query argument; NULL when absent. */
static const char *param(const web_api_request *rq, json_t *body, const char *key)
{
    if (body) {
        json_t *v = json_object_get(body, key);
        return json_is_string(v) ? json_string_value(v) : NULL;
    }
    return rq->query ? rq->query(rq->query_ctx, key) : NULL;
}

/* int_param()'s answer for a malformed value, and the largest magnitude it reads. */
#define PARAM_BAD (-1000000)
#define PARAM_MAX 100000

/* An integer field: a whole JSON number or a string of decimal digits ("3"), the same rule for
 * a body and a query; 2.5, "2.5", true... are malformed. @p def when absent, PARAM_BAD when
 * malformed. */
static int int_param(const web_api_request *rq, json_t *body, const char *key, int def)
{
    if (body) {
        json_t *v = json_object_get(body, key);
        if (!v || json_is_null(v))
            return def;
        if (json_is_integer(v)) {
            json_int_t i = json_integer_value(v);
            return i >= -PARAM_MAX && i <= PARAM_MAX ? (int)i : PARAM_BAD;
        }
        if (!json_is_string(v))
            return PARAM_BAD;
    }
    const char *s = param(rq, body, key);
    if (!s)
        return def;
    char *end = NULL;
    long i = strtol(s, &end, 10);
    return (end != s && *end == '\0' && i >= -PARAM_MAX && i <= PARAM_MAX) ? (int)i : PARAM_BAD;
}

/* Returned by side_param() for a malformed side. */
#define SIDE_BAD (-3)

/* The AI's side from "white" / "black" / "none" (or 0 / 1 / -1, JSON null); SIDE_BAD when
 * malformed, @p def when absent. */
static int side_param(const web_api_request *rq, json_t *body, const char *key, int def)
{
    if (body) {
        json_t *v = json_object_get(body, key);
        if (!v)
            return def;
        if (json_is_null(v))
            return -1;
        if (json_is_integer(v))
            return json_integer_value(v) >= -1 && json_integer_value(v) <= 1
                       ? (int)json_integer_value(v) : SIDE_BAD;
        if (!json_is_string(v))
            return SIDE_BAD;
    }
    const char *s = param(rq, body, key);
    if (!s)
        return def;
    if (strcmp(s, "white") == 0 || strcmp(s, "0") == 0)
        return 0;
    if (strcmp(s, "black") == 0 || strcmp(s, "1") == 0)
        return 1;
    if (strcmp(s, "none") == 0 || strcmp(s, "-1") == 0)
        return -1;
    return SIDE_BAD;
}

/* The game named by "game" (loaded from the database when it is not in memory); fills @p fail
 * when missing or unknown. */
static web_game *find_game(web_store *store, const web_api_request *rq, json_t *body,
                           answer *fail)
{
    const char *id = param(rq, body, "game");
    if (!id) {
        *fail = error_answer(WEB_HTTP_BAD_REQUEST, "missing \"game\" (the game id)");
        return NULL;
    }
    web_game *g = NULL;
    ba_error err;
    ba_error_clear(&err);
    int rc = strlen(id) < 64 ? web_store_get(store, id, &g, &err) : WEB_ERR_NO_GAME;
    if (rc == WEB_ERR_NO_GAME) {
        char shown[40];
        snprintf(shown, sizeof shown, "%.32s", id);
        *fail = error_answer(WEB_HTTP_NOT_FOUND,
                             "there is no game '%s' on this server: start a new game", shown);
    } else if (rc != BA_OK) {
        *fail = lib_error(&err, rc);
    }
    return rc == BA_OK ? g : NULL;
}

/* ---- API endpoints ---- */

static answer api_new(web_store *store, const web_api_request *rq, json_t *body)
{
    int ai = side_param(rq, body, "ai", 1);
    int level = int_param(rq, body, "level", WEB_LEVEL_DEFAULT);
    if (ai == SIDE_BAD)
        return error_answer(WEB_HTTP_BAD_REQUEST, "\"ai\" must be white, black or none");
    if (level < 1 || level > WEB_LEVELS)
        return error_answer(WEB_HTTP_BAD_REQUEST, "\"level\" must be a whole number 1..6");
    web_game *g = NULL;
    ba_error err;
    ba_error_clear(&err);
    int rc = web_store_create(store, ai, level, &g, &err);
    if (rc != BA_OK)
        return error_answer(rc == WEB_ERR_STORAGE_FULL ? WEB_HTTP_INSUFFICIENT_STORAGE
                                                       : WEB_HTTP_UNAVAILABLE,
                            "%s", err.message);
    return state_answer(g);
}

/* POST import {"record": "...", "ai": ..., "level": ...}: a new game from a WCF record. */
static answer api_import(web_store *store, const web_api_request *rq, json_t *body)
{
    json_t *rec = json_object_get(body, "record");
    int ai = side_param(rq, body, "ai", -1);
    int level = int_param(rq, body, "level", WEB_LEVEL_DEFAULT);
    if (!json_is_string(rec))
        return error_answer(WEB_HTTP_BAD_REQUEST, "\"record\" must be a game record (text)");
    if (ai == SIDE_BAD)
        return error_answer(WEB_HTTP_BAD_REQUEST, "\"ai\" must be white, black or none");
    if (level < 1 || level > WEB_LEVELS)
        return error_answer(WEB_HTTP_BAD_REQUEST, "\"level\" must be a whole number 1..6");
    web_game *g = NULL;
    ba_error err;
    ba_error_clear(&err);
    int rc = web_record_import(store, json_string_value(rec), json_string_length(rec), ai, level,
                               &g, &err);
    if (rc == BA_ERR_PARSE || rc == BA_ERR_ILLEGAL || rc == BA_ERR_STATE)
        return error_answer(WEB_HTTP_UNPROCESSABLE, "the record is refused: %s", err.message);
    return rc == BA_OK ? state_answer(g) : lib_error(&err, rc);
}

/* GET games[?limit=N]: the saved games, most recently changed first. */
static answer api_games(web_store *store, const web_api_request *rq)
{
    int limit = int_param(rq, NULL, "limit", 100);
    if (limit < 1 || limit > 1000)
        return error_answer(WEB_HTTP_BAD_REQUEST, "\"limit\" must be a whole number 1..1000");
    ba_error err;
    ba_error_clear(&err);
    json_t *list = web_db_list(web_store_db(store), limit, &err);
    if (!list)
        return lib_error(&err, WEB_ERR_STORAGE);
    json_t *out = json_object();
    json_object_set_new(out, "games", list);
    return (answer){WEB_HTTP_OK, out, NULL};
}

static answer api_move(web_game *g, json_t *body)
{
    json_t *mv = json_object_get(body, "move");
    if (!mv)
        mv = json_object_get(body, "path");
    ba_error err;
    ba_error_clear(&err);
    int rc;
    if (json_is_string(mv)) {
        const char *text = json_string_value(mv);
        if (strlen(text) >= BA_MOVE_TEXT_MAX)
            return error_answer(WEB_HTTP_BAD_REQUEST, "the move text is too long");
        rc = web_game_play(g, text, NULL, 0, &err);
    } else if (json_is_array(mv)) {
        size_t n = json_array_size(mv);
        if (n < 2 || n > 64)
            return error_answer(WEB_HTTP_BAD_REQUEST,
                                "a path is a list of 2 to 64 squares, start first");
        const char *path[64];
        for (size_t i = 0; i < n; i++) {
            json_t *sq = json_array_get(mv, i);
            if (!json_is_string(sq))
                return error_answer(WEB_HTTP_BAD_REQUEST, "path squares must be strings");
            path[i] = json_string_value(sq);
        }
        rc = web_game_play(g, NULL, path, n, &err);
    } else {
        return error_answer(WEB_HTTP_BAD_REQUEST,
                            "\"move\" must be a WCF move text or a list of squares");
    }
    return rc == BA_OK ? state_answer(g) : lib_error(&err, rc);
}

static answer api_game_call(web_store *store, const web_api_request *rq, const char *name,
                            json_t *body)
{
    answer fail;
    web_game *g = find_game(store, rq, body, &fail);
    if (!g)
        return fail;
    ba_error err;
    ba_error_clear(&err);
    int rc = BA_OK;
    if (strcmp(name, "state") == 0) {
        /* nothing to do */
    } else if (strcmp(name, "move") == 0) {
        return api_move(g, body);
    } else if (strcmp(name, "ai") == 0) {
        int level = int_param(rq, body, "level", 0);
        if (level == PARAM_BAD)
            return error_answer(WEB_HTTP_BAD_REQUEST, "\"level\" must be a whole number 1..6");
        rc = web_game_start_ai(g, level, &err);
    } else if (strcmp(name, "stop") == 0) {
        json_t *play = json_object_get(body, "play");
        web_game_stop_ai(g, json_is_true(play));
    } else if (strcmp(name, "undo") == 0) {
        int plies = int_param(rq, body, "plies", 1);
        if (plies < 1 || plies > 2)
            return error_answer(WEB_HTTP_BAD_REQUEST, "\"plies\" must be 1 or 2");
        rc = web_game_undo(g, plies, &err);
    } else if (strcmp(name, "restart") == 0) {
        rc = web_game_restart(g, &err);
    } else if (strcmp(name, "record") == 0) {
        char *text = web_game_record_text(g);
        return text ? (answer){WEB_HTTP_OK, NULL, text}
                    : error_answer(WEB_HTTP_UNAVAILABLE, "out of memory");
    } else if (strcmp(name, "view") == 0) {
        int ply = int_param(rq, body, "ply", 0);
        if (ply < 0)
            return error_answer(WEB_HTTP_BAD_REQUEST, "\"ply\" must be a whole number");
        json_t *v = web_game_view(g, (size_t)ply, &err);
        return v ? (answer){WEB_HTTP_OK, v, NULL} : lib_error(&err, err.code);
    } else if (strcmp(name, "hint") == 0) {
        char hint[BA_MOVE_TEXT_MAX];
        rc = web_game_hint(g, hint, &err);
    } else if (strcmp(name, "position") == 0) {
        const char *text = param(rq, body, "position");
        if (!text || strlen(text) >= BA_POS_TEXT_MAX)
            return error_answer(WEB_HTTP_BAD_REQUEST, "\"position\" must be a position text");
        rc = web_game_set_position(g, text, &err);
    } else if (strcmp(name, "config") == 0) {
        int side = side_param(rq, body, "ai", WEB_SIDE_KEEP);
        int level = int_param(rq, body, "level", 0);
        if (side == SIDE_BAD)
            return error_answer(WEB_HTTP_BAD_REQUEST, "\"ai\" must be white, black or none");
        if (level == 0 && json_object_get(body, "level"))
            level = -1; /* an explicit 0 is out of range, not "keep" */
        rc = web_game_configure(g, side, level, &err);
    }
    return rc == BA_OK ? state_answer(g) : lib_error(&err, rc);
}

unsigned web_api_answer(web_store *store, const web_api_request *rq, json_t **out,
                        char **text)
{
    static const char *const GETS[] = {"new", "state", "games", "record", "view"};
    static const char *const POSTS[] = {"new", "move", "ai", "stop", "undo", "restart", "config",
                                       "position", "import", "hint"};
    answer a = {0, NULL, NULL};
    const char *name = rq->name ? rq->name : "";
    int get = rq->method && strcmp(rq->method, "GET") == 0;
    int post = rq->method && strcmp(rq->method, "POST") == 0;
    int known_get = 0, known_post = 0;
    for (size_t i = 0; i < sizeof GETS / sizeof GETS[0]; i++)
        known_get |= strcmp(name, GETS[i]) == 0;
    for (size_t i = 0; i < sizeof POSTS / sizeof POSTS[0]; i++)
        known_post |= strcmp(name, POSTS[i]) == 0;
    json_t *body = NULL;
    if (!get && !post) {
        a = error_answer(WEB_HTTP_METHOD_NOT_ALLOWED, "the API takes GET and POST");
    } else if (!known_get && !known_post) {
        a = error_answer(WEB_HTTP_NOT_FOUND, "no such API call '/api/%.64s'", name);
    } else if ((post && !known_post) || (get && !known_get)) {
        a = error_answer(WEB_HTTP_METHOD_NOT_ALLOWED, "/api/%s needs another method", name);
    } else if (!post || parse_body(rq, &body, &a) == 0) {
        web_store_lock(store);
        if (strcmp(name, "new") == 0)
            a = api_new(store, rq, body);
        else if (strcmp(name, "import") == 0)
            a = api_import(store, rq, body);
        else if (strcmp(name, "games") == 0)
            a = api_games(store, rq);
        else
            a = api_game_call(store, rq, name, body);
        web_store_unlock(store);
        json_decref(body);
    }
    *out = a.json;
    if (text)
        *text = a.text;
    else
        free(a.text);
    return a.json || a.text ? a.status : WEB_HTTP_UNAVAILABLE;
}
