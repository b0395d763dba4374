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

/** Default request rate per client address when the server is open to a network. */
#define WEB_RATE_DEFAULT 20.0
/** A client may burst this many seconds' worth of requests at once. */
#define WEB_RATE_BURST_S 5.0

/** Longest access token (--token), NUL included. */
#define WEB_TOKEN_MAX 128

/** Settings of a server. Start from a zeroed struct and set what is needed. */
typedef struct web_server_options {
    const char *host; /**< address to listen on (numeric IPv4 or IPv6), default "127.0.0.1" */
    int port;         /**< 0: any free port (see web_server_port) */
    size_t max_games; /**< games kept in memory; the one idle for longest is dropped beyond
                           (it stays in the database) */
    int quiet;        /**< 1: no request log on stderr */
    const char *db_path; /**< the SQLite file of the games; NULL: a private in-memory one */
    const char *token;   /**< NULL or "": no token; else every request must carry it */
    double rate_per_s;   /**< requests a second per client address (bursts of
                              WEB_RATE_BURST_S seconds' worth); 0: WEB_RATE_DEFAULT when
                              open to a network, none on loopback; < 0: none */
} web_server_options;

typedef struct web_server web_server;

/** Starts serving @p game in the background. @return BA_OK or an error with @p err filled. */
int web_server_start(const ba_game *game, const web_server_options *opts, web_server **out,
                     ba_error *err);
/** The port actually listened on. */
int web_server_port(const web_server *server);
/** The server's games (for tests and tools in the same process). */
struct web_store *web_server_store(const web_server *server);
/** Stops serving, stops every search, frees everything. NULL is a no-op. */
void web_server_stop(web_server *server);

#endif /* BOARDAI_CAMELOT_WEB_SERVER_H */
