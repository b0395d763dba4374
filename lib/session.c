/* The session kernel's output and search runner (kit/session.h): the one threading contract of
 * every line protocol. Two locks: `state` guards the search's bookkeeping, `out` only the
 * caller's write callback, so that writing a line never waits for a search and a search never
 * waits for the reader (see the contract in kit/session.h). */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session.h"

struct bac_session {
    ba_write_fn write;
    void *user;
    char error_prefix[24];
    pthread_mutex_t out;
    pthread_mutex_t state;
    pthread_cond_t done_cond; /* signalled when a search ends */
    /* guarded by `state` */
    bac_search_fn fn;
    void *fn_user;
    int pending;   /* prepared, not yet running */
    int running;   /* fn runs (on the worker or a caller's thread) */
    int hold;      /* the final line waits for stop when the search ends first */
    int stop;      /* a stop was asked for this go */
    int held;      /* a final line waits in `final` */
    ba_engine *engine;
    bac_text final;
    /* the worker thread of bac_session_start (joined by the reader before the next one) */
    pthread_t thread;
    int thread_live;
};

int bac_session_new(ba_write_fn write, void *user, const char *error_prefix, bac_session **out)
{
    if (!out)
        return BA_ERR_ARG;
    *out = NULL;
    bac_session *s = calloc(1, sizeof *s);
    if (!s)
        return BA_ERR_NOMEM;
    s->write = write;
    s->user = user;
    snprintf(s->error_prefix, sizeof s->error_prefix, "%s", error_prefix ? error_prefix : "error:");
    if (pthread_mutex_init(&s->out, NULL) != 0) {
        free(s);
        return BA_ERR_NOMEM;
    }
    if (pthread_mutex_init(&s->state, NULL) != 0) {
        pthread_mutex_destroy(&s->out);
        free(s);
        return BA_ERR_NOMEM;
    }
    if (pthread_cond_init(&s->done_cond, NULL) != 0) {
        pthread_mutex_destroy(&s->state);
        pthread_mutex_destroy(&s->out);
        free(s);
        return BA_ERR_NOMEM;
    }
    *out = s;
    return BA_OK;
}

/* Joins a worker that has ended (or waits for it to end). */
static void join_worker(bac_session *s)
{
    if (s->thread_live) {
        pthread_join(s->thread, NULL);
        s->thread_live = 0;
    }
}

void bac_session_free(bac_session *s)
{
    if (!s)
        return;
    bac_session_finish(s);
    join_worker(s);
    bac_text_free(&s->final);
    pthread_cond_destroy(&s->done_cond);
    pthread_mutex_destroy(&s->state);
    pthread_mutex_destroy(&s->out);
    free(s);
}

/* ---- output ---- */

void bac_session_write(bac_session *s, const char *line, size_t len)
{
    if (!s || !s->write)
        return;
    char msg[128];
    if (len > BAC_LINE_MAX) {
        /* No program could read such a line back: say so instead. */
        int n = snprintf(msg, sizeof msg, "%s an answer of %zu bytes is longer than the line limit "
                         "(%d bytes)", s->error_prefix, len, BAC_LINE_MAX);
        line = msg;
        len = n > 0 ? (size_t)n : 0;
    }
    pthread_mutex_lock(&s->out);
    s->write(s->user, line, len);
    pthread_mutex_unlock(&s->out);
}

void bac_session_vsay(bac_session *s, const char *fmt, va_list ap)
{
    char buf[BAC_SAY_MAX];
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    if (n < 0)
        return;
    bac_session_write(s, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

void bac_session_say(bac_session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bac_session_vsay(s, fmt, ap);
    va_end(ap);
}

void bac_session_lines(bac_session *s, const char *text)
{
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        size_t shown = len;
        if (shown > 0 && p[shown - 1] == '\r')
            shown--;
        /* The callback gets a NUL-terminated line: copy it out of the text. */
        char buf[1024];
        if (shown < sizeof buf) {
            memcpy(buf, p, shown);
            buf[shown] = '\0';
            bac_session_write(s, buf, shown);
        } else {
            bac_text t = {0};
            bac_text_add(&t, p, shown);
            if (!t.failed)
                bac_session_write(s, t.data, t.len);
            bac_text_free(&t);
        }
        p += len;
        if (*p == '\n')
            p++;
    }
}

/* ---- the search of a go ---- */

int bac_session_prepare(bac_session *s, bac_search_fn fn, void *user, int hold)
{
    if (!s || !fn)
        return BA_ERR_ARG;
    pthread_mutex_lock(&s->state);
    int busy = s->running;
    if (!busy) {
        s->fn = fn;
        s->fn_user = user;
        s->pending = 1;
        s->hold = hold;
        s->stop = 0;
        s->held = 0;
    }
    pthread_mutex_unlock(&s->state);
    return busy ? BA_ERR_STATE : BA_OK;
}

/* Runs the pending search on this thread: the one place a final line is decided. */
static void run_pending(bac_session *s)
{
    bac_text final = {0};
    s->fn(s->fn_user, s, &final);
    if (final.failed || final.len == 0) {
        bac_text_clear(&final);
        bac_text_addf(&final, "%s the search gave no answer", s->error_prefix);
    }
    pthread_mutex_lock(&s->state);
    s->engine = NULL;
    int keep = s->hold && !s->stop;
    if (keep) {
        bac_text_free(&s->final);
        s->final = final;
        s->held = 1;
        final = (bac_text){0};
    }
    pthread_mutex_unlock(&s->state);
    /* Written before `running` drops, so that whoever waits for the search sees its line out. */
    if (!keep && final.data)
        bac_session_write(s, final.data, final.len);
    bac_text_free(&final);
    pthread_mutex_lock(&s->state);
    s->running = 0;
    pthread_cond_broadcast(&s->done_cond);
    pthread_mutex_unlock(&s->state);
}

/* Takes the pending search for running; 0 when there is none. */
static int take_pending(bac_session *s)
{
    pthread_mutex_lock(&s->state);
    int ok = s->pending && !s->running;
    if (ok) {
        s->pending = 0;
        s->running = 1;
    }
    pthread_mutex_unlock(&s->state);
    return ok;
}

static void *worker_main(void *arg)
{
    run_pending(arg);
    return NULL;
}

int bac_session_start(bac_session *s)
{
    if (!s)
        return BA_ERR_ARG;
    join_worker(s); /* the last worker has ended: it no longer runs */
    if (!take_pending(s))
        return BA_ERR_STATE;
    if (pthread_create(&s->thread, NULL, worker_main, s) != 0) {
        pthread_mutex_lock(&s->state);
        s->running = 0;
        pthread_mutex_unlock(&s->state);
        return BA_ERR_NOMEM;
    }
    s->thread_live = 1;
    return BA_OK;
}

int bac_session_run(bac_session *s)
{
    if (!s)
        return BA_ERR_ARG;
    if (!take_pending(s))
        return BA_ERR_STATE;
    run_pending(s);
    return BA_OK;
}

void bac_session_drop(bac_session *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->state);
    s->pending = 0;
    pthread_mutex_unlock(&s->state);
}

int bac_session_busy(bac_session *s)
{
    if (!s)
        return 0;
    pthread_mutex_lock(&s->state);
    int busy = s->pending || s->running;
    pthread_mutex_unlock(&s->state);
    return busy;
}

int bac_session_running(bac_session *s)
{
    if (!s)
        return 0;
    pthread_mutex_lock(&s->state);
    int running = s->running;
    pthread_mutex_unlock(&s->state);
    return running;
}

void bac_session_set_engine(bac_session *s, ba_engine *engine)
{
    pthread_mutex_lock(&s->state);
    s->engine = engine;
    if (engine && s->stop)
        ba_engine_stop(engine);
    pthread_mutex_unlock(&s->state);
}

void bac_session_stop(bac_session *s)
{
    if (!s)
        return;
    bac_text line = {0};
    pthread_mutex_lock(&s->state);
    s->stop = 1;
    if (s->engine)
        ba_engine_stop(s->engine);
    if (s->held) {
        line = s->final;
        s->final = (bac_text){0};
        s->held = 0;
    }
    pthread_mutex_unlock(&s->state);
    if (line.data)
        bac_session_write(s, line.data, line.len);
    bac_text_free(&line);
}

int bac_session_stopping(bac_session *s)
{
    pthread_mutex_lock(&s->state);
    int stop = s->stop;
    pthread_mutex_unlock(&s->state);
    return stop;
}

void bac_session_poll(bac_session *s)
{
    pthread_mutex_lock(&s->state);
    if (s->stop && s->engine)
        ba_engine_stop(s->engine);
    pthread_mutex_unlock(&s->state);
}

void bac_session_wait(bac_session *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->state);
    while (s->running)
        pthread_cond_wait(&s->done_cond, &s->state);
    pthread_mutex_unlock(&s->state);
    join_worker(s);
}

void bac_session_finish(bac_session *s)
{
    if (!s)
        return;
    bac_session_stop(s);
    /* A stop reaches only a search already running in the engine; one asked for just before
     * the engine started is repeated until the search ends. */
    pthread_mutex_lock(&s->state);
    while (s->running) {
        if (s->engine)
            ba_engine_stop(s->engine);
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        now.tv_nsec += 5000000;
        if (now.tv_nsec >= 1000000000L) {
            now.tv_sec++;
            now.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&s->done_cond, &s->state, &now);
    }
    s->pending = 0;
    pthread_mutex_unlock(&s->state);
    join_worker(s);
    /* A final line held by a search that ended after the stop above was taken. */
    bac_session_stop(s);
}
