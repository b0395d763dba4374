/*
 * A tiny HTTP client over a socket for the camelot-web tests: it can send malformed requests
 * too, and reads the whole answer (the server closes). Answers are parsed with jansson.
 */
#ifndef CAMELOT_WEB_TEST_CLIENT_H
#define CAMELOT_WEB_TEST_CLIENT_H

#include <stddef.h>

#include <jansson.h>

/** The server's port on 127.0.0.1. */
extern int wc_port;

typedef struct reply {
    int status;   /* HTTP status, or -1 when there was no answer */
    json_t *json; /* the parsed body, or NULL */
    char *text;   /* the raw body (malloc'ed) when wanted: see request_text() */
} reply;

reply send_raw_ex(const char *raw, size_t len, int half_close);
reply send_raw(const char *raw, size_t len);
reply request(const char *method, const char *path, const char *body);
/** request(), keeping the raw body in reply.text (free it). */
reply request_text(const char *method, const char *path, const char *body);
/** POSTs {"game": id, <extra>} where @p extra is "" or more members starting with a comma. */
reply call(const char *path, const char *id, const char *extra);
/** A string member of @p obj, or "". */
const char *str(json_t *obj, const char *key);

#endif
