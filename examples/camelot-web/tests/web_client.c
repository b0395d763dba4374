/* A tiny HTTP client over a socket for the camelot-web tests (web_client.h). */
#include "web_client.h"

#include <check.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

int wc_port;
static _Thread_local int keep_text; /* set by request_text() around one request */


/* Sends @p raw (@p len bytes) to the server and reads the whole answer (it closes).
 * @p half_close: then close our side for writing (a request cut off in the middle), and wait
 * at most 2 s for an answer (any answer, or none, will do there). */
reply send_raw_ex(const char *raw, size_t len, int half_close)
{
    reply r = {-1, NULL, NULL};
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(fd, 0);
    struct timeval tv = {half_close ? 2 : 20, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)wc_port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) { /* e.g. the server was killed */
        close(fd);
        return r;
    }
    size_t sent = 0;
    while (sent < len) {
        ssize_t n = send(fd, raw + sent, len - sent, MSG_NOSIGNAL);
        if (n <= 0)
            break; /* the server may answer (413) and close before reading everything */
        sent += (size_t)n;
    }
    if (half_close)
        shutdown(fd, SHUT_WR);
    size_t cap = 1 << 16, got = 0;
    char *buf = malloc(cap + 1);
    ck_assert_ptr_nonnull(buf);
    for (int rounds = 0; rounds < 100000; rounds++) {
        if (got == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
            ck_assert_ptr_nonnull(buf);
        }
        ssize_t n = recv(fd, buf + got, cap - got, 0);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    buf[got] = '\0';
    close(fd);
    int status = 0;
    if (sscanf(buf, "HTTP/1.%*d %d", &status) == 1)
        r.status = status;
    char *body = strstr(buf, "\r\n\r\n");
    if (body)
        r.json = json_loads(body + 4, 0, NULL);
    if (body && keep_text)
        r.text = strdup(body + 4);
    free(buf);
    return r;
}

reply send_raw(const char *raw, size_t len) { return send_raw_ex(raw, len, 0); }

reply request(const char *method, const char *path, const char *body)
{
    size_t blen = body ? strlen(body) : 0;
    size_t cap = blen + 512;
    char *raw = malloc(cap);
    ck_assert_ptr_nonnull(raw);
    int n = snprintf(raw, cap,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n",
                     method, path, blen);
    ck_assert(n > 0 && (size_t)n + blen < cap);
    memcpy(raw + n, body ? body : "", blen);
    reply r = send_raw(raw, (size_t)n + blen);
    free(raw);
    return r;
}

/* POSTs {"game": id, <extra>} where @p extra is "" or more members starting with a comma. */
reply call(const char *path, const char *id, const char *extra)
{
    char body[4096];
    snprintf(body, sizeof body, "{\"game\":\"%s\"%s}", id, extra);
    return request("POST", path, body);
}

const char *str(json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    return s ? s : "";
}


reply request_text(const char *method, const char *path, const char *body)
{
    keep_text = 1;
    reply r = request(method, path, body);
    keep_text = 0;
    return r;
}
