/* examples/camelot-web/web_limit.c: a token bucket per client address (web_limit.h). */
#include "web_limit.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct bucket {
    unsigned char addr[16];
    size_t len; /* 0: free */
    double tokens, last_ms;
} bucket;

struct web_limit {
    pthread_mutex_t mu;
    double rate_ms, burst;
    bucket b[WEB_LIMIT_CLIENTS];
};

web_limit *web_limit_new(double per_second, double burst)
{
    web_limit *lim = calloc(1, sizeof *lim);
    if (!lim)
        return NULL;
    pthread_mutex_init(&lim->mu, NULL);
    lim->rate_ms = per_second / 1000.0;
    lim->burst = burst < 1 ? 1 : burst;
    return lim;
}

void web_limit_free(web_limit *lim)
{
    if (!lim)
        return;
    pthread_mutex_destroy(&lim->mu);
    free(lim);
}

int web_limit_take(web_limit *lim, const void *addr, size_t len, double now_ms)
{
    if (len > sizeof lim->b[0].addr)
        len = sizeof lim->b[0].addr;
    pthread_mutex_lock(&lim->mu);
    bucket *found = NULL, *oldest = &lim->b[0];
    for (size_t i = 0; i < WEB_LIMIT_CLIENTS && !found; i++) {
        bucket *b = &lim->b[i];
        if (b->len == len && memcmp(b->addr, addr, len) == 0)
            found = b;
        else if (b->len == 0 || (oldest->len != 0 && b->last_ms < oldest->last_ms))
            oldest = b;
    }
    if (!found) { /* a new client starts with a full bucket */
        found = oldest;
        memcpy(found->addr, addr, len);
        found->len = len;
        found->tokens = lim->burst;
        found->last_ms = now_ms;
    }
    found->tokens += (now_ms - found->last_ms) * lim->rate_ms;
    if (found->tokens > lim->burst)
        found->tokens = lim->burst;
    found->last_ms = now_ms;
    int ok = found->tokens >= 1.0;
    if (ok)
        found->tokens -= 1.0;
    pthread_mutex_unlock(&lim->mu);
    return ok;
}
