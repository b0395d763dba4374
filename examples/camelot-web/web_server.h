/*
 * examples/camelot-web/web_server.h: the HTTP side of boardai-camelot-web (libmicrohttpd):
 * the page's files and the JSON API (documented in docs/camelot-web.md).
 */
#ifndef BOARDAI_CAMELOT_WEB_SERVER_H
#define BOARDAI_CAMELOT_WEB_SERVER_H

#include <stddef.h>

#include <boardai/boardai.h>

/** Largest request body accepted; larger ones get 413. */
#define WEB_BODY_MAX (64 * 1024)

/** Settings of a server. */
typedef struct web_server_options {
    const char *host; /**< address to listen on (numeric IPv4 or IPv6), default "127.0.0.1" */
    int port;         /**< 0: any free port (see web_server_port) */
    size_t max_games; /**< games kept at once; the oldest idle one is dropped beyond */
    int quiet;        /**< 1: no request log on stderr */
} web_server_options;

typedef struct web_server web_server;

/** Starts serving @p game in the background. @return BA_OK or an error with @p err filled. */
int web_server_start(const ba_game *game, const web_server_options *opts, web_server **out,
                     ba_error *err);
/** The port actually listened on. */
int web_server_port(const web_server *server);
/** Stops serving, stops every search, frees everything. NULL is a no-op. */
void web_server_stop(web_server *server);

#endif /* BOARDAI_CAMELOT_WEB_SERVER_H */
