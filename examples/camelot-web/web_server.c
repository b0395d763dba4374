/*
 * examples/camelot-web/web_server.c: HTTP with libmicrohttpd, JSON with jansson.
 *
 * This file is the HTTP side only: it collects a request (refusing bodies over 64 KiB), hands
 * /api/ calls to web_api.c and sends back its JSON, and serves the page's files. Requests are
 * answered on libmicrohttpd's one internal polling thread.
 */
#include "web_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>

#include <jansson.h>
#include <microhttpd.h>

#include "web_assets.h"
#include "web_db.h"
#include "web_api.h"
#include "web_games.h"
#include "web_limit.h"

struct web_server {
    struct MHD_Daemon *daemon;
    web_db *db;
    web_store *store;
    char token[WEB_TOKEN_MAX]; /* "" = none */
    web_limit *limit;          /* NULL: no rate limit */
    int port;
    int quiet;
};

/* What one request has sent so far. */
typedef struct request {
    char *body;
    size_t len;
    int too_large;
} request;

/* ---- HTTP plumbing ---- */

static enum MHD_Result send_bytes_cookie(struct MHD_Connection *c, unsigned status,
                                         const void *data, size_t size, const char *type,
                                         const char *cache, const char *cookie);

static enum MHD_Result send_bytes(struct MHD_Connection *c, unsigned status, const void *data,
                                  size_t size, const char *type, const char *cache)
{
    return send_bytes_cookie(c, status, data, size, type, cache, NULL);
}

/* send_bytes() with a Set-Cookie header (NULL: none). */
static enum MHD_Result send_bytes_cookie(struct MHD_Connection *c, unsigned status,
                                         const void *data, size_t size, const char *type,
                                         const char *cache, const char *cookie)
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
    if (cookie)
        MHD_add_response_header(r, MHD_HTTP_HEADER_SET_COOKIE, cookie);
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

static enum MHD_Result send_answer(web_server *s, struct MHD_Connection *c, const char *method,
                                   const char *url, unsigned status, json_t *json)
{
    char *text = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!s->quiet)
        fprintf(stderr, "%s %.100s -> %u\n", method, url, status);
    static const char OOM[] = "{\"error\":\"out of memory\"}";
    enum MHD_Result ret =
        text ? send_bytes(c, status, text, strlen(text), "application/json; charset=utf-8",
                          "no-store")
             : send_bytes(c, MHD_HTTP_SERVICE_UNAVAILABLE, OOM, sizeof OOM - 1,
                          "application/json; charset=utf-8", "no-store");
    free(text);
    return ret;
}

/* A text/plain answer (a game record). */
static enum MHD_Result send_text(web_server *s, struct MHD_Connection *c, const char *method,
                                 const char *url, unsigned status, char *text)
{
    if (!s->quiet)
        fprintf(stderr, "%s %.100s -> %u\n", method, url, status);
    enum MHD_Result ret = send_bytes(c, status, text, strlen(text), "text/plain; charset=utf-8",
                                     "no-store");
    free(text);
    return ret;
}

static enum MHD_Result send_error(web_server *s, struct MHD_Connection *c, const char *method,
                                  const char *url, unsigned status, const char *message)
{
    json_t *json = NULL;
    status = web_api_error(&json, status, "%s", message);
    return send_answer(s, c, method, url, status, json);
}

/* web_api's view of the query arguments (libmicrohttpd has percent-decoded them). */
static const char *query_arg(void *ctx, const char *key)
{
    return MHD_lookup_connection_value(ctx, MHD_GET_ARGUMENT_KIND, key);
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
    /* With a token, the page gets it as a cookie: its API calls then carry it. */
    char cookie[WEB_TOKEN_MAX + 80];
    snprintf(cookie, sizeof cookie, "camelot_token=%s; Path=/; HttpOnly; SameSite=Strict",
             s->token);
    for (size_t i = 0; i < web_asset_count; i++)
        if (strcmp(web_assets[i].name, name) == 0)
            return send_bytes_cookie(c, MHD_HTTP_OK, web_assets[i].data, web_assets[i].size,
                                     content_type(name), "no-cache", s->token[0] ? cookie : NULL);
    json_t *json = NULL;
    unsigned status = web_api_error(&json, MHD_HTTP_NOT_FOUND, "no page '%.100s'", url);
    return send_answer(s, c, "GET", url, status, json);
}

/* The request carries the token: header X-Camelot-Token, cookie camelot_token or query
 * argument token (the address printed at start; the page then keeps it as a cookie). The
 * comparison takes the same time wherever the first difference is. */
static int token_ok(const web_server *s, struct MHD_Connection *c)
{
    if (!s->token[0])
        return 1;
    const char *given[3] = {
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Camelot-Token"),
        MHD_lookup_connection_value(c, MHD_COOKIE_KIND, "camelot_token"),
        MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token"),
    };
    size_t n = strlen(s->token);
    for (int k = 0; k < 3; k++) {
        if (!given[k] || strlen(given[k]) != n)
            continue;
        unsigned diff = 0;
        for (size_t i = 0; i < n; i++)
            diff |= (unsigned char)(given[k][i] ^ s->token[i]);
        if (diff == 0)
            return 1;
    }
    return 0;
}

/* The client is within its request rate (always, without a limit). */
static int rate_ok(web_server *s, struct MHD_Connection *c)
{
    if (!s->limit)
        return 1;
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr)
        return 1;
    const struct sockaddr *sa = info->client_addr;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double now_ms = (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)(const void *)sa;
        return web_limit_take(s->limit, &a->sin6_addr, sizeof a->sin6_addr, now_ms);
    }
    const struct sockaddr_in *a = (const struct sockaddr_in *)(const void *)sa;
    return web_limit_take(s->limit, &a->sin_addr, sizeof a->sin_addr, now_ms);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    (void)version;
    web_server *s = cls;
    request *rq = *con_cls;
    if (!rq) {
        rq = calloc(1, sizeof *rq);
        if (!rq)
            return MHD_NO;
        *con_cls = rq;
        if (!rate_ok(s, c))
            return send_error(s, c, method, url, WEB_HTTP_TOO_MANY_REQUESTS,
                              "too many requests from this address: wait a moment");
        if (!token_ok(s, c))
            return send_error(s, c, method, url, MHD_HTTP_UNAUTHORIZED,
                              "this server needs its access token (open the address it printed)");
        /* A declared body over the limit is refused before it is read. */
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > WEB_BODY_MAX)
            return send_error(s, c, method, url, MHD_HTTP_CONTENT_TOO_LARGE,
                              "the body is larger than 64 KiB");
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
        return send_error(s, c, method, url, MHD_HTTP_CONTENT_TOO_LARGE,
                          "the body is larger than 64 KiB");
    if (strncmp(url, "/api/", 5) == 0) {
        web_api_request api = {method, url + 5, query_arg, c, rq->body, rq->len};
        json_t *json = NULL;
        char *text = NULL;
        unsigned status = web_api_answer(s->store, &api, &json, &text);
        if (text)
            return send_text(s, c, method, url, status, text);
        return send_answer(s, c, method, url, status, json);
    }
    /* HEAD is GET without the body (libmicrohttpd leaves the body out). */
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
        return send_error(s, c, method, url, MHD_HTTP_METHOD_NOT_ALLOWED,
                          "pages take GET or HEAD");
    return serve_asset(s, c, url);
}

/* Connections at once: as many as the process may open, less room for the database and the
 * listening socket, at most WEB_CONNECTIONS_MAX. Idle connections then cannot crowd out a real
 * request: with epoll they cost nothing while they wait, and time out. */
#define WEB_CONNECTIONS_MAX 1000u
#define WEB_CONNECTION_TIMEOUT_S 10u
/* Per client address, when open to a network (on loopback every client is one address). */
#define WEB_PER_IP_CONNECTIONS 64u

static unsigned connection_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return WEB_CONNECTIONS_MAX;
    if (rl.rlim_cur < 96)
        return 32;
    return rl.rlim_cur - 64 < WEB_CONNECTIONS_MAX ? (unsigned)(rl.rlim_cur - 64)
                                                  : WEB_CONNECTIONS_MAX;
}

/* Loopback addresses: 127.0.0.0/8 and ::1. */
static int is_loopback(const char *host)
{
    return strncmp(host, "127.", 4) == 0 || strcmp(host, "::1") == 0;
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
    if (opts->token && strlen(opts->token) >= WEB_TOKEN_MAX)
        return ba_error_set(err, BA_ERR_RANGE, "the token is longer than %d characters",
                            WEB_TOKEN_MAX - 1);
    web_server *s = calloc(1, sizeof *s);
    if (!s)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int rc = web_db_open(opts->db_path ? opts->db_path : ":memory:", &s->db, err);
    if (rc != BA_OK) {
        free(s);
        return rc;
    }
    if (!(s->store = web_store_new(game, s->db, opts->max_games ? opts->max_games : 32))) {
        web_db_close(s->db);
        free(s);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    s->quiet = opts->quiet;
    /* Rate limits: as asked, or by default when open to a network. */
    double rate = opts->rate_per_s > 0 ? opts->rate_per_s
                  : opts->rate_per_s == 0 && !is_loopback(host) ? WEB_RATE_DEFAULT : 0;
    if (rate > 0 && !(s->limit = web_limit_new(rate, rate * WEB_RATE_BURST_S))) {
        web_store_free(s->store);
        web_db_close(s->db);
        free(s);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    snprintf(s->token, sizeof s->token, "%s", opts->token ? opts->token : "");
    s->daemon = MHD_start_daemon(flags, (uint16_t)opts->port, NULL, NULL, on_request, s,
                                 MHD_OPTION_SOCK_ADDR, addr,
                                 MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                                 MHD_OPTION_CONNECTION_LIMIT, connection_limit(),
                                 MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                                 is_loopback(host) ? 0u : WEB_PER_IP_CONNECTIONS,
                                 MHD_OPTION_CONNECTION_TIMEOUT, WEB_CONNECTION_TIMEOUT_S,
                                 MHD_OPTION_END);
    if (!s->daemon) {
        web_limit_free(s->limit);
        web_store_free(s->store);
        web_db_close(s->db);
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
web_store *web_server_store(const web_server *server) { return server->store; }

void web_server_stop(web_server *server)
{
    if (!server)
        return;
    MHD_stop_daemon(server->daemon);
    web_store_free(server->store);
    web_db_close(server->db);
    web_limit_free(server->limit);
    free(server);
}
