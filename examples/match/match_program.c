/* examples/match/match_program.c: an engine that is another program, spoken to in the common
 * text protocol (docs/protocol.md) through a pair of pipes.
 *
 * Why: to measure a build against another build (the engine before a change, an earlier
 * release, another implementation of the same game), the two cannot share one process. The
 * program is started once per game (so, like an in-process engine, it begins with empty
 * tables), told the whole game before each move with `position startpos moves ...` (or the
 * opening file's position), and asked with `go movetime T`, `go depth D` or `go nodes N`.
 * Only the protocol's oldest commands are used, so that old builds can be measured too.
 *
 * Every wait is bounded: a program that does not answer within its limit plus a grace period
 * loses the game as a failure (MATCH_ERROR), is killed, and the match goes on. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "match_program.h"

/* How long a program may take beyond its own limit before it counts as hung: process start,
 * the last iteration of a search, a loaded machine. */
#define PROGRAM_GRACE_MS 5000
/* A search with only a depth or node limit has no time to add the grace to. */
#define PROGRAM_UNTIMED_MS 600000
/* The longest line read from a program. */
#define PROGRAM_LINE_MAX 65536

struct match_program {
    pid_t pid;
    int to_fd;   /* the program's standard input */
    int from_fd; /* its standard output */
    char *buf;   /* bytes read but not yet returned as lines */
    size_t len;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int match_program_start(const char *command, match_program **out, ba_error *err)
{
    *out = NULL;
    int to[2], from[2];
    if (pipe(to) != 0)
        return ba_error_set(err, BA_ERR_STATE, "pipe: %s", strerror(errno));
    if (pipe(from) != 0) {
        close(to[0]);
        close(to[1]);
        return ba_error_set(err, BA_ERR_STATE, "pipe: %s", strerror(errno));
    }
    match_program *p = calloc(1, sizeof *p);
    char *buf = malloc(PROGRAM_LINE_MAX);
    if (!p || !buf) {
        free(p);
        free(buf);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        free(p);
        free(buf);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        return ba_error_set(err, BA_ERR_STATE, "fork: %s", strerror(e));
    }
    if (pid == 0) {
        /* Its own process group, so that killing it also ends what the shell started. */
        setpgid(0, 0);
        dup2(to[0], STDIN_FILENO);
        dup2(from[1], STDOUT_FILENO);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    /* A program that dies must not kill the match with SIGPIPE: writes then fail with EPIPE. */
    signal(SIGPIPE, SIG_IGN);
    p->pid = pid;
    p->to_fd = to[1];
    p->from_fd = from[0];
    p->buf = buf;
    *out = p;
    return BA_OK;
}

/* How the program ended, for messages ("exit status 127", "signal 11"), or "running". */
static void describe_end(match_program *p, char *text, size_t cap)
{
    int status;
    pid_t r = waitpid(p->pid, &status, WNOHANG);
    if (r == p->pid) {
        p->pid = -1;
        if (WIFEXITED(status))
            snprintf(text, cap, "exit status %d%s", WEXITSTATUS(status),
                     WEXITSTATUS(status) == 127 ? ", command not found?" : "");
        else if (WIFSIGNALED(status))
            snprintf(text, cap, "killed by signal %d", WTERMSIG(status));
        else
            snprintf(text, cap, "ended");
    } else {
        snprintf(text, cap, "still running");
    }
}

static int send_text(match_program *p, const char *text, ba_error *err)
{
    size_t len = strlen(text), done = 0;
    while (done < len) {
        ssize_t n = write(p->to_fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            char how[96];
            describe_end(p, how, sizeof how);
            return ba_error_set(err, BA_ERR_STATE, "the program does not read its input (%s)", how);
        }
        done += (size_t)n;
    }
    return BA_OK;
}

/* Reads one line (without its newline) into @p line before @p deadline_ms. */
static int read_line(match_program *p, char *line, size_t cap, int64_t deadline_ms,
                     ba_error *err)
{
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl) {
            size_t n = (size_t)(nl - p->buf);
            size_t keep = n < cap ? n : cap - 1;
            memcpy(line, p->buf, keep);
            line[keep] = '\0';
            if (keep && line[keep - 1] == '\r')
                line[keep - 1] = '\0';
            memmove(p->buf, nl + 1, p->len - n - 1);
            p->len -= n + 1;
            return BA_OK;
        }
        if (p->len == PROGRAM_LINE_MAX)
            return ba_error_set(err, BA_ERR_PARSE, "the program wrote a line of more than %d bytes",
                                PROGRAM_LINE_MAX);
        int64_t left = deadline_ms - now_ms();
        if (left <= 0)
            return ba_error_set(err, BA_ERR_STATE, "the program did not answer in time");
        struct pollfd pfd = {.fd = p->from_fd, .events = POLLIN};
        int r = poll(&pfd, 1, left > 1000 ? 1000 : (int)left);
        if (r < 0 && errno != EINTR)
            return ba_error_set(err, BA_ERR_STATE, "poll: %s", strerror(errno));
        if (r <= 0)
            continue;
        ssize_t n = read(p->from_fd, p->buf + p->len, PROGRAM_LINE_MAX - p->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            char how[96];
            sleep_ms(20); /* let a dying program be reaped, for the message */
            describe_end(p, how, sizeof how);
            return ba_error_set(err, BA_ERR_STATE, "the program closed its output (%s)", how);
        }
        p->len += (size_t)n;
    }
}

/* Appends @p text to the growing command in @p cmd. */
static int append(char **cmd, size_t *len, size_t *cap, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 1 > *cap) {
        size_t c = *cap ? *cap * 2 : 1024;
        while (c < *len + n + 1)
            c *= 2;
        char *q = realloc(*cmd, c);
        if (!q)
            return -1;
        *cmd = q;
        *cap = c;
    }
    memcpy(*cmd + *len, text, n + 1);
    *len += n;
    return 0;
}

int match_program_move(match_program *p, const char *start_text, const char *const *moves,
                       size_t count, const match_program_limits *lim, char *best, size_t cap,
                       uint64_t *nodes, ba_error *err)
{
    char *cmd = NULL;
    size_t len = 0, ccap = 0;
    int bad = append(&cmd, &len, &ccap, "position ");
    bad = bad || append(&cmd, &len, &ccap, start_text ? start_text : "startpos");
    if (count)
        bad = bad || append(&cmd, &len, &ccap, " moves");
    for (size_t i = 0; i < count && !bad; i++) {
        /* The protocol separates moves by blanks: a move text with blanks (Arimaa's steps) is
         * written with underscores, as the protocol's own `moves` output does. */
        size_t at = len + 1;
        bad = append(&cmd, &len, &ccap, " ") || append(&cmd, &len, &ccap, moves[i]);
        for (size_t k = at; !bad && k < len; k++)
            if (cmd[k] == ' ')
                cmd[k] = '_';
    }
    char go[96];
    int64_t budget;
    if (lim->time_ms > 0) {
        snprintf(go, sizeof go, "\ngo movetime %" PRId64 "\n", lim->time_ms);
        budget = lim->time_ms + PROGRAM_GRACE_MS;
    } else if (lim->depth > 0) {
        snprintf(go, sizeof go, "\ngo depth %" PRId64 "\n", lim->depth);
        budget = PROGRAM_UNTIMED_MS;
    } else {
        snprintf(go, sizeof go, "\ngo nodes %" PRId64 "\n", lim->nodes);
        budget = PROGRAM_UNTIMED_MS;
    }
    bad = bad || append(&cmd, &len, &ccap, go);
    if (bad) {
        free(cmd);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    int rc = send_text(p, cmd, err);
    free(cmd);
    if (rc != BA_OK)
        return rc;

    int64_t deadline = now_ms() + budget;
    char *line = malloc(PROGRAM_LINE_MAX);
    if (!line)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    *nodes = 0;
    for (;;) {
        if ((rc = read_line(p, line, PROGRAM_LINE_MAX, deadline, err)) != BA_OK)
            break;
        if (strncmp(line, "error", 5) == 0) {
            rc = ba_error_set(err, BA_ERR_PARSE, "the program answered '%.200s'", line);
            break;
        }
        if (strncmp(line, "info ", 5) == 0) {
            const char *n = strstr(line, " nodes ");
            if (n)
                *nodes = strtoull(n + 7, NULL, 10);
            continue;
        }
        if (strncmp(line, "bestmove ", 9) == 0) {
            /* "bestmove MOVE [score S] [value ...]": the move is the first word. */
            const char *m = line + 9;
            size_t n = strcspn(m, " \t");
            if (n == 0 || n >= cap) {
                rc = ba_error_set(err, BA_ERR_PARSE, "bad bestmove line '%.200s'", line);
                break;
            }
            memcpy(best, m, n);
            best[n] = '\0';
            for (size_t k = 0; k < n; k++)
                if (best[k] == '_')
                    best[k] = ' ';
            rc = BA_OK;
            break;
        }
    }
    free(line);
    return rc;
}

int match_program_option(match_program *p, const char *name, int64_t value, ba_error *err)
{
    char line[128];
    snprintf(line, sizeof line, "setoption %s %" PRId64 "\n", name, value);
    return send_text(p, line, err);
}

void match_program_stop(match_program *p)
{
    if (!p)
        return;
    if (p->pid > 0) {
        ba_error ignored;
        send_text(p, "quit\n", &ignored);
        close(p->to_fd);
        p->to_fd = -1;
        /* A program gets a moment to end by itself, then it is killed. */
        for (int i = 0; i < 50; i++) {
            if (waitpid(p->pid, NULL, WNOHANG) == p->pid) {
                p->pid = -1;
                break;
            }
            sleep_ms(10);
        }
        if (p->pid > 0) {
            kill(-p->pid, SIGKILL);
            kill(p->pid, SIGKILL);
            waitpid(p->pid, NULL, 0);
        }
    }
    if (p->to_fd >= 0)
        close(p->to_fd);
    close(p->from_fd);
    free(p->buf);
    free(p);
}
