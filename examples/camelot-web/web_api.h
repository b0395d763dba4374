/*
 * examples/camelot-web/web_api.h: the JSON API of boardai-camelot-web (docs/camelot-web.md),
 * apart from HTTP. A request is a method, the call's name (the path after "/api/"), the query
 * arguments and the body; the answer is an HTTP status and a JSON object. web_server.c feeds
 * it what libmicrohttpd received; the fuzz harness (tests/fuzz/fuzz_web_api.c) and anything
 * else can call it in-process, without sockets.
 */
#ifndef BOARDAI_CAMELOT_WEB_API_H
#define BOARDAI_CAMELOT_WEB_API_H

#include <stddef.h>

#include <jansson.h>

#include "web_games.h"

/** HTTP statuses the API answers with. */
enum {
    WEB_HTTP_OK = 200,
    WEB_HTTP_BAD_REQUEST = 400,
    WEB_HTTP_NOT_FOUND = 404,
    WEB_HTTP_METHOD_NOT_ALLOWED = 405,
    WEB_HTTP_CONFLICT = 409,
    WEB_HTTP_CONTENT_TOO_LARGE = 413,
    WEB_HTTP_UNPROCESSABLE = 422,
    WEB_HTTP_TOO_MANY_REQUESTS = 429,
    WEB_HTTP_UNAVAILABLE = 503,
    WEB_HTTP_INSUFFICIENT_STORAGE = 507,
};

/** Looks up a query argument (already percent-decoded); NULL when absent. */
typedef const char *(*web_query_fn)(void *ctx, const char *key);

/** One API request, as received. */
typedef struct web_api_request {
    const char *method;   /**< "GET" or "POST"; anything else is refused with 405 */
    const char *name;     /**< the call: the path after "/api/", e.g. "move" */
    web_query_fn query;   /**< GET's query arguments (NULL: none) */
    void *query_ctx;      /**< passed to @c query */
    const char *body;     /**< POST's body, not NUL-terminated (NULL when @c body_len is 0) */
    size_t body_len;      /**< bytes of @c body; the server refuses bodies over WEB_BODY_MAX */
} web_api_request;

/**
 * Answers one request against the games of @p store (taking the store's lock). Every failure
 * is an answer {"error": "..."} with a 4xx/5xx status, never a crash, and leaves every game as
 * it was. @return the HTTP status; @p *out gets a new JSON reference, or NULL when the answer is
 * plain text (then @p *text gets it, malloc'ed: GET record) or out of memory (then the status
 * is WEB_HTTP_UNAVAILABLE). @p text may be NULL (a text answer is then dropped).
 */
unsigned web_api_answer(web_store *store, const web_api_request *rq, json_t **out,
                        char **text);

/** Makes an answer {"error": message} (printf-style); sets @p *out, returns @p status. */
unsigned web_api_error(json_t **out, unsigned status, const char *fmt, ...) BA_PRINTF_LIKE(3, 4);

#endif /* BOARDAI_CAMELOT_WEB_API_H */
