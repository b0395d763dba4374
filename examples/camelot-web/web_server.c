/*
 * examples/camelot-web/web_server.c: HTTP with libmicrohttpd, JSON with jansson.
 *
 * Requests are answered on libmicrohttpd's one internal polling thread and, on top of that,
 * serialised by the store's lock; the AI searches in worker threads (web_games.c), so no
 * request waits for a search. Every failure is a JSON answer {"error": "..."} with a 4xx/5xx
 * status; nothing a client sends can stop the server or touch a game it does not name.
 */
#include "web_server.h"

#include <arpa/inet.h>
#include <stdarg.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <jansson.h>
#include <microhttpd.h>

#include "web_assets.h"
#include "web_games.h"

struct web_server {
    struct MHD_Daemon *daemon;
    web_store *store;
    int port;
    int quiet;
};

/* What one request has sent so far. */
typedef struct request {
    char *body;
    size_t len;
    int too_large;
} request;

/* An answer being built: status and JSON (or an error message). */
typedef struct answer {
    unsigned status;
    json_t *json;
} answer;

static answer error_answer(unsigned status, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

static answer error_answer(unsigned status, const char *fmt, ...)
{
    char msg[BA_ERROR_MSG_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    answer a = {status, json_object()};
    json_object_set_new(a.json, "error", json_string(msg));
    return a;
}

/* The HTTP status of a library error code. */
static unsigned status_of(int code)
{
    switch (code) {
    case BA_ERR_ILLEGAL: return MHD_HTTP_UNPROCESSABLE_CONTENT;
    case BA_ERR_STATE: return MHD_HTTP_CONFLICT;
    case BA_ERR_NOMEM: return MHD_HTTP_SERVICE_UNAVAILABLE;
    default: return MHD_HTTP_BAD_REQUEST;
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
        return error_answer(MHD_HTTP_SERVICE_UNAVAILABLE, "out of memory");
    return (answer){MHD_HTTP_OK, st};
}

/* ---- request parameters ---- */

/* The JSON object of a POST body (an empty body is an empty object). */
static int parse_body(const request *rq, json_t **out, answer *fail)
{
    if (rq->len == 0) {
        *out = json_object();
        return 0;
    }
    json_error_t jerr;
    json_t *j = json_loadb(rq->body, rq->len, JSON_REJECT_DUPLICATES, &jerr);
    if (!j) {
        *fail = error_answer(MHD_HTTP_BAD_REQUEST, "bad JSON: %s", jerr.text);
        return -1;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        *fail = error_answer(MHD_HTTP_BAD_REQUEST, "the body must be a JSON object");
        return -1;
    }
    *out = j;
    return 0;
}

/* A string field of the body or, for GET, a query argument; NULL when absent. */
static const char *param(struct MHD_Connection *c, json_t *body, const char *key)
{
    if (body) {
        json_t *v = json_object_get(body, key);
        return json_is_string(v) ? json_string_value(v) : NULL;
    }
    return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, key);
}

/* An integer field (JSON number or decimal string); @p def when absent, -1000 when malformed. */
static int int_param(struct MHD_Connection *c, json_t *body, const char *key, int def)
{
    if (body) {
        json_t *v = json_object_get(body, key);
        if (!v || json_is_null(v))
            return def;
        if (json_is_integer(v)) {
            json_int_t i = json_integer_value(v);
            return i >= -100 && i <= 100 ? (int)i : -1000;
        }
        if (!json_is_string(v))
            return -1000;
    }
    const char *s = param(c, body, key);
    if (!s)
        return def;
    char *end = NULL;
    long i = strtol(s, &end, 10);
    return (end != s && *end == '\0' && i >= -100 && i <= 100) ? (int)i : -1000;
}

/* Returned by side_param() for a malformed side. */
#define SIDE_BAD (-3)

/* The AI's side from "white" / "black" / "none" (or 0 / 1 / -1, JSON null); SIDE_BAD when
 * malformed, @p def when absent. */
static int side_param(struct MHD_Connection *c, json_t *body, const char *key, int def)
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
    const char *s = param(c, body, key);
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

/* The game named by "game"; fills @p fail when missing or unknown. */
static web_game *find_game(web_server *s, struct MHD_Connection *c, json_t *body, answer *fail)
{
    const char *id = param(c, body, "game");
    if (!id) {
        *fail = error_answer(MHD_HTTP_BAD_REQUEST, "missing \"game\" (the game id)");
        return NULL;
    }
    web_game *g = strlen(id) < 64 ? web_store_find(s->store, id) : NULL;
    if (!g) {
        char shown[40];
        snprintf(shown, sizeof shown, "%.32s", id);
        *fail = error_answer(MHD_HTTP_NOT_FOUND, "unknown game '%s' (start one with /api/new)",
                             shown);
    }
    return g;
}

/* ---- API endpoints ---- */

static answer api_new(web_server *s, struct MHD_Connection *c, json_t *body)
{
    int ai = side_param(c, body, "ai", 1);
    int level = int_param(c, body, "level", WEB_LEVEL_DEFAULT);
    if (ai == SIDE_BAD)
        return error_answer(MHD_HTTP_BAD_REQUEST, "\"ai\" must be white, black or none");
    if (level < 1 || level > WEB_LEVELS)
        return error_answer(MHD_HTTP_BAD_REQUEST, "\"level\" must be 1..6");
    web_game *g = NULL;
    ba_error err;
    ba_error_clear(&err);
    int rc = web_store_create(s->store, ai, level, &g, &err);
    if (rc != BA_OK)
        return error_answer(MHD_HTTP_SERVICE_UNAVAILABLE, "%s", err.message);
    return state_answer(g);
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
            return error_answer(MHD_HTTP_BAD_REQUEST, "the move text is too long");
        rc = web_game_play(g, text, NULL, 0, &err);
    } else if (json_is_array(mv)) {
        size_t n = json_array_size(mv);
        if (n < 2 || n > 64)
            return error_answer(MHD_HTTP_BAD_REQUEST,
                                "a path is a list of 2 to 64 squares, start first");
        const char *path[64];
        for (size_t i = 0; i < n; i++) {
            json_t *sq = json_array_get(mv, i);
            if (!json_is_string(sq))
                return error_answer(MHD_HTTP_BAD_REQUEST, "path squares must be strings");
            path[i] = json_string_value(sq);
        }
        rc = web_game_play(g, NULL, path, n, &err);
    } else {
        return error_answer(MHD_HTTP_BAD_REQUEST,
                            "\"move\" must be a WCF move text or a list of squares");
    }
    return rc == BA_OK ? state_answer(g) : lib_error(&err, rc);
}

static answer api_game_call(web_server *s, struct MHD_Connection *c, const char *name,
                            json_t *body)
{
    answer fail;
    web_game *g = find_game(s, c, body, &fail);
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
        int level = int_param(c, body, "level", 0);
        if (level == -1000)
            return error_answer(MHD_HTTP_BAD_REQUEST, "\"level\" must be 1..6");
        rc = web_game_start_ai(g, level, &err);
    } else if (strcmp(name, "stop") == 0) {
        json_t *play = json_object_get(body, "play");
        web_game_stop_ai(g, json_is_true(play));
    } else if (strcmp(name, "undo") == 0) {
        int plies = int_param(c, body, "plies", 1);
        if (plies < 1 || plies > 2)
            return error_answer(MHD_HTTP_BAD_REQUEST, "\"plies\" must be 1 or 2");
        rc = web_game_undo(g, plies, &err);
    } else if (strcmp(name, "restart") == 0) {
        web_game_restart(g);
    } else if (strcmp(name, "position") == 0) {
        const char *text = param(c, body, "position");
        if (!text || strlen(text) >= BA_POS_TEXT_MAX)
            return error_answer(MHD_HTTP_BAD_REQUEST, "\"position\" must be a position text");
        rc = web_game_set_position(g, text, &err);
    } else if (strcmp(name, "config") == 0) {
        int side = side_param(c, body, "ai", WEB_SIDE_KEEP);
        int level = int_param(c, body, "level", 0);
        if (side == SIDE_BAD)
            return error_answer(MHD_HTTP_BAD_REQUEST, "\"ai\" must be white, black or none");
        if (level == 0 && json_object_get(body, "level"))
            level = -1; /* an explicit 0 is out of range, not "keep" */
        rc = web_game_configure(g, side, level, &err);
    }
    return rc == BA_OK ? state_answer(g) : lib_error(&err, rc);
}

/* Routes an /api/ request; @p post tells whether it came as POST (with @p rq its body). */
static answer api(web_server *s, struct MHD_Connection *c, const char *name, int post,
                  const request *rq)
{
    static const char *const GETS[] = {"new", "state"};
    static const char *const POSTS[] = {"new", "move", "ai", "stop", "undo", "restart", "config",
                                       "position"};
    int known_get = 0, known_post = 0;
    for (size_t i = 0; i < sizeof GETS / sizeof GETS[0]; i++)
        known_get |= strcmp(name, GETS[i]) == 0;
    for (size_t i = 0; i < sizeof POSTS / sizeof POSTS[0]; i++)
        known_post |= strcmp(name, POSTS[i]) == 0;
    if (!known_get && !known_post)
        return error_answer(MHD_HTTP_NOT_FOUND, "no such API call '/api/%s'", name);
    if ((post && !known_post) || (!post && !known_get))
        return error_answer(MHD_HTTP_METHOD_NOT_ALLOWED, "/api/%s needs another method",
                            name);
    json_t *body = NULL;
    answer a;
    if (post && parse_body(rq, &body, &a) != 0)
        return a;
    web_store_lock(s->store);
    if (strcmp(name, "new") == 0)
        a = api_new(s, c, body);
    else
        a = api_game_call(s, c, name, body);
    web_store_unlock(s->store);
    json_decref(body);
    return a;
}

/* ---- HTTP plumbing ---- */

static enum MHD_Result send_bytes(struct MHD_Connection *c, unsigned status, const void *data,
                                  size_t size, const char *type, const char *cache)
{
    void *copy = malloc(size ? size : 1);
    if (!copy)
        return MHD_NO;
    memcpy(copy, data, size);
    struct MHD_Response *r = MHD_create_response_from_buffer(size, copy, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(copy);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, cache);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result send_answer(web_server *s, struct MHD_Connection *c, const char *method,
                                   const char *url, answer a)
{
    char *text = a.json ? json_dumps(a.json, JSON_COMPACT) : NULL;
    json_decref(a.json);
    if (!s->quiet)
        fprintf(stderr, "%s %.100s -> %u\n", method, url, a.status);
    static const char OOM[] = "{\"error\":\"out of memory\"}";
    enum MHD_Result ret =
        text ? send_bytes(c, a.status, text, strlen(text), "application/json; charset=utf-8",
                          "no-store")
             : send_bytes(c, MHD_HTTP_SERVICE_UNAVAILABLE, OOM, sizeof OOM - 1,
                          "application/json; charset=utf-8", "no-store");
    free(text);
    return ret;
}

static const char *content_type(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (dot && strcmp(dot, ".html") == 0)
        return "text/html; charset=utf-8";
    if (dot && strcmp(dot, ".js") == 0)
        return "text/javascript; charset=utf-8";
    if (dot && strcmp(dot, ".css") == 0)
        return "text/css; charset=utf-8";
    if (dot && strcmp(dot, ".svg") == 0)
        return "image/svg+xml";
    return "application/octet-stream";
}

static enum MHD_Result serve_asset(web_server *s, struct MHD_Connection *c, const char *url)
{
    const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;
    for (size_t i = 0; i < web_asset_count; i++)
        if (strcmp(web_assets[i].name, name) == 0)
            return send_bytes(c, MHD_HTTP_OK, web_assets[i].data, web_assets[i].size,
                              content_type(name), "no-cache");
    return send_answer(s, c, "GET", url, error_answer(MHD_HTTP_NOT_FOUND, "no page '%s'", url));
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    (void)version;
    web_server *s = cls;
    request *rq = *con_cls;
    int post = strcmp(method, MHD_HTTP_METHOD_POST) == 0;
    if (!rq) {
        rq = calloc(1, sizeof *rq);
        if (!rq)
            return MHD_NO;
        *con_cls = rq;
        /* A declared body over the limit is refused before it is read. */
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > WEB_BODY_MAX)
            return send_answer(s, c, method, url,
                               error_answer(MHD_HTTP_CONTENT_TOO_LARGE,
                                            "the body is larger than 64 KiB"));
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        /* Bodies sent without a length (chunked) are counted as they come. */
        if (!rq->too_large && rq->len + *upload_data_size <= WEB_BODY_MAX) {
            char *b = realloc(rq->body, rq->len + *upload_data_size);
            if (b) {
                memcpy(b + rq->len, upload_data, *upload_data_size);
                rq->body = b;
                rq->len += *upload_data_size;
            } else {
                rq->too_large = 1;
            }
        } else {
            rq->too_large = 1;
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (rq->too_large)
        return send_answer(s, c, method, url,
                           error_answer(MHD_HTTP_CONTENT_TOO_LARGE,
                                        "the body is larger than 64 KiB"));
    int get = strcmp(method, MHD_HTTP_METHOD_GET) == 0;
    if (strncmp(url, "/api/", 5) == 0) {
        if (!get && !post)
            return send_answer(s, c, method, url,
                               error_answer(MHD_HTTP_METHOD_NOT_ALLOWED,
                                            "the API takes GET and POST"));
        return send_answer(s, c, method, url, api(s, c, url + 5, post, rq));
    }
    if (!get)
        return send_answer(s, c, method, url,
                           error_answer(MHD_HTTP_METHOD_NOT_ALLOWED, "pages take GET"));
    return serve_asset(s, c, url);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)c;
    (void)toe;
    request *rq = *con_cls;
    if (rq) {
        free(rq->body);
        free(rq);
        *con_cls = NULL;
    }
}

int web_server_start(const ba_game *game, const web_server_options *opts, web_server **out,
                     ba_error *err)
{
    const char *host = opts->host ? opts->host : "127.0.0.1";
    if (opts->port < 0 || opts->port > 65535)
        return ba_error_set(err, BA_ERR_RANGE, "port %d is not 0..65535", opts->port);
    struct sockaddr_in a4;
    struct sockaddr_in6 a6;
    memset(&a4, 0, sizeof a4);
    memset(&a6, 0, sizeof a6);
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO;
    if (inet_pton(AF_INET, host, &a4.sin_addr) == 1) {
        a4.sin_family = AF_INET;
        a4.sin_port = htons((uint16_t)opts->port);
        addr = (const struct sockaddr *)&a4;
    } else if (inet_pton(AF_INET6, host, &a6.sin6_addr) == 1) {
        a6.sin6_family = AF_INET6;
        a6.sin6_port = htons((uint16_t)opts->port);
        addr = (const struct sockaddr *)&a6;
        flags |= MHD_USE_IPv6;
    } else {
        return ba_error_set(err, BA_ERR_ARG, "host '%s' is not a numeric IPv4 or IPv6 address",
                            host);
    }
    web_server *s = calloc(1, sizeof *s);
    if (!s || !(s->store = web_store_new(game, opts->max_games ? opts->max_games : 32))) {
        free(s);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    s->quiet = opts->quiet;
    s->daemon = MHD_start_daemon(flags, (uint16_t)opts->port, NULL, NULL, on_request, s,
                                 MHD_OPTION_SOCK_ADDR, addr,
                                 MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                                 MHD_OPTION_CONNECTION_LIMIT, (unsigned)128,
                                 MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
                                 MHD_OPTION_END);
    if (!s->daemon) {
        web_store_free(s->store);
        free(s);
        return ba_error_set(err, BA_ERR_STATE, "cannot listen on %s port %d (in use?)", host,
                            opts->port);
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : opts->port;
    *out = s;
    return BA_OK;
}

int web_server_port(const web_server *server) { return server->port; }

void web_server_stop(web_server *server)
{
    if (!server)
        return;
    MHD_stop_daemon(server->daemon);
    web_store_free(server->store);
    free(server);
}
