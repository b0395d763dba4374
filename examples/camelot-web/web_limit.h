/*
 * examples/camelot-web/web_limit.h: request rate limits per client address (a token bucket
 * each), for a server opened to a network: one client cannot keep the others waiting.
 */
#ifndef BOARDAI_CAMELOT_WEB_LIMIT_H
#define BOARDAI_CAMELOT_WEB_LIMIT_H

#include <stddef.h>

/** Client addresses remembered at once (the one seen longest ago is forgotten beyond). */
#define WEB_LIMIT_CLIENTS 256

typedef struct web_limit web_limit;

/** A limiter: @p per_second requests a second on average, bursts of @p burst. NULL when out
 *  of memory. */
web_limit *web_limit_new(double per_second, double burst);
/** Frees it; NULL is a no-op. */
void web_limit_free(web_limit *lim);
/** Takes one request of the client @p addr (@p len bytes of its address) at @p now_ms (a
 *  monotonic clock). @return 1 allowed, 0 over the limit. Thread-safe. */
int web_limit_take(web_limit *lim, const void *addr, size_t len, double now_ms);

#endif /* BOARDAI_CAMELOT_WEB_LIMIT_H */
