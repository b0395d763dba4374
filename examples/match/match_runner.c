/* examples/match/match_runner.c: plays games in forked workers and, with MPI, on every rank.
 *
 * One forked process per game: the game's events (moves, then the end) come back over a pipe
 * line by line as they happen, so a worker that crashes leaves the moves it had played, and
 * nothing of it (memory, a wild pointer) can reach the tournament. A fork per game costs well
 * under a millisecond, against games of tens of milliseconds or more.
 *
 * MPI: rank 0 hands out game indices on request and receives every finished game's record;
 * every rank (rank 0 included) plays its games in its own forked workers. A game's outcome
 * depends only on (setup, index), so the totals do not depend on who played what. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef MATCH_HAVE_MPI
#include <mpi.h>
#endif

#include "match.h"

/* Longest event line (a position text from the opening file plus its tag). */
#define LINE_MAX_BYTES (BA_POS_TEXT_MAX + 1024)

typedef struct slot {
    pid_t pid; /* 0: free */
    int fd;
    int ended; /* the end line ("r" or "x") arrived */
    double t0;
    match_record rec;
    size_t len;
    char buf[LINE_MAX_BYTES];
} slot;

static volatile sig_atomic_t interrupted;
static int mpi_rank, mpi_size = 1; /* this process's rank and the number of ranks */

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the worker (child) side ---- */

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            _exit(3);
        p += w;
        n -= (size_t)w;
    }
}

static void child_emit(void *user, const char *line)
{
    int fd = *(int *)user;
    char buf[LINE_MAX_BYTES];
    int n = snprintf(buf, sizeof buf, "%s\n", line);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof buf) { /* keep the line whole but cut: a very long opening text */
        n = (int)sizeof buf - 1;
        buf[n - 1] = '\n';
    }
    write_all(fd, buf, (size_t)n);
}

static int start_game(slot *s, const match_setup *setup, int64_t index)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL); /* the child leaves with _exit: nothing buffered may be written twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        int fd = fds[1];
        match_play_game(setup, index, child_emit, &fd);
        _exit(0);
    }
    close(fds[1]);
    memset(&s->rec, 0, sizeof s->rec);
    s->rec.index = index;
    s->rec.a_side = (int)(index % 2);
    s->rec.status = MATCH_CRASH;
    s->rec.rank = mpi_rank;
    s->pid = pid;
    s->fd = fds[0];
    s->ended = 0;
    s->len = 0;
    s->t0 = now_s();
    return 0;
}

/* Reads what the worker wrote. @return 1 when the worker has finished (EOF), else 0. */
static int read_slot(slot *s)
{
    char chunk[4096];
    ssize_t n = read(s->fd, chunk, sizeof chunk);
    if (n < 0)
        return errno == EINTR || errno == EAGAIN ? 0 : 1;
    if (n == 0)
        return 1;
    for (ssize_t i = 0; i < n; i++) {
        char ch = chunk[i];
        if (ch == '\n' || s->len + 1 >= sizeof s->buf) {
            s->buf[s->len] = '\0';
            if (!s->ended && match_record_feed(&s->rec, s->buf))
                s->ended = 1;
            s->len = 0;
            if (ch == '\n')
                continue;
        }
        s->buf[s->len++] = ch;
    }
    return 0;
}

/* The worker is gone: reaps it and completes its record. */
static void finish_slot(slot *s)
{
    int status = 0;
    close(s->fd);
    while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR)
        ;
    s->pid = 0;
    s->rec.time_s = now_s() - s->t0;
    if (!s->ended) {
        s->rec.status = MATCH_CRASH;
        s->rec.result = BA_RESULT_ONGOING;
        if (WIFSIGNALED(status))
            snprintf(s->rec.message, sizeof s->rec.message,
                     "worker crashed: signal %d (%s) after %d plies", WTERMSIG(status),
                     strsignal(WTERMSIG(status)), s->rec.plies);
        else
            snprintf(s->rec.message, sizeof s->rec.message,
                     "worker ended without a result (exit status %d) after %d plies",
                     WIFEXITED(status) ? WEXITSTATUS(status) : -1, s->rec.plies);
    } else if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0) && !s->rec.message[0]) {
        snprintf(s->rec.message, sizeof s->rec.message,
                 "the worker failed after the game ended (status %d); result kept", status);
    }
}

static void kill_all(slot *slots, int jobs)
{
    for (int i = 0; i < jobs; i++)
        if (slots[i].pid > 0) {
            kill(slots[i].pid, SIGTERM);
            close(slots[i].fd);
            while (waitpid(slots[i].pid, NULL, 0) < 0 && errno == EINTR)
                ;
            slots[i].pid = 0;
            match_record_clear(&slots[i].rec);
        }
}

static int free_slot(const slot *slots, int jobs)
{
    for (int i = 0; i < jobs; i++)
        if (slots[i].pid == 0)
            return i;
    return -1;
}

static int busy_count(const slot *slots, int jobs)
{
    int n = 0;
    for (int i = 0; i < jobs; i++)
        n += slots[i].pid != 0;
    return n;
}

/* Waits up to @p timeout_ms for worker output; calls @p done for each finished worker. */
static void poll_slots(slot *slots, int jobs, int timeout_ms,
                       void (*done)(void *ctx, match_record *r), void *ctx)
{
    struct pollfd pfd[64];
    int map[64], n = 0;
    for (int i = 0; i < jobs && n < 64; i++)
        if (slots[i].pid > 0) {
            pfd[n].fd = slots[i].fd;
            pfd[n].events = POLLIN;
            pfd[n].revents = 0;
            map[n++] = i;
        }
    if (n == 0) {
        if (timeout_ms > 0) {
            struct timespec ts = {0, (long)timeout_ms * 1000000L};
            nanosleep(&ts, NULL);
        }
        return;
    }
    if (poll(pfd, (nfds_t)n, timeout_ms) <= 0)
        return;
    for (int k = 0; k < n; k++) {
        if (!(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        slot *s = &slots[map[k]];
        if (read_slot(s)) {
            finish_slot(s);
            done(ctx, &s->rec);
            match_record_clear(&s->rec);
        }
    }
}

/* ---- MPI ---- */

#ifdef MATCH_HAVE_MPI
enum { TAG_REQ = 1, TAG_WORK = 2, TAG_RESULT = 3, TAG_DONE = 4 };
static int mpi_started;
#endif

int match_mpi_active(void)
{
    return mpi_size > 1;
}

void match_mpi_init(int *argc, char ***argv, int *rank, int *size)
{
#ifdef MATCH_HAVE_MPI
    /* Only when started by a launcher: a plain run needs no MPI at all (and OpenMPI's
     * singleton start would spawn helper processes). */
    if (getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK") ||
        getenv("PMI_SIZE")) {
        MPI_Init(argc, argv);
        MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
        MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
        mpi_started = 1;
    }
#else
    (void)argc;
    (void)argv;
#endif
    *rank = mpi_rank;
    *size = mpi_size;
}

void match_mpi_finalize(void)
{
#ifdef MATCH_HAVE_MPI
    if (mpi_started)
        MPI_Finalize();
    mpi_started = 0;
#endif
}

void match_mpi_abort(int code)
{
#ifdef MATCH_HAVE_MPI
    if (mpi_started)
        MPI_Abort(MPI_COMM_WORLD, code);
#else
    (void)code;
#endif
}

/* ---- the run ---- */

typedef struct run_ctx {
    match_record_fn on_record;
    match_stop_fn should_stop;
    void *user;
} run_ctx;

static void deliver_local(void *ctx, match_record *r)
{
    run_ctx *c = ctx;
    c->on_record(c->user, r);
}

#ifdef MATCH_HAVE_MPI
static void deliver_remote(void *ctx, match_record *r)
{
    (void)ctx;
    char *text = match_record_serialise(r);
    if (!text) {
        match_record copy = *r;
        copy.moves = NULL;
        copy.moves_len = 0;
        snprintf(copy.message, sizeof copy.message, "out of memory sending the record");
        text = match_record_serialise(&copy);
        if (!text)
            return;
    }
    MPI_Send(text, (int)strlen(text) + 1, MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
    free(text);
}

/* A rank other than 0: asks for games while it has free workers, plays them, sends records. */
static int run_remote(const match_setup *setup, slot *slots, int jobs)
{
    int outstanding = 0, stopped = 0, dummy = 0;
    for (;;) {
        if (interrupted) {
            kill_all(slots, jobs);
            return 1;
        }
        while (!stopped && outstanding < jobs - busy_count(slots, jobs)) {
            MPI_Send(&dummy, 1, MPI_INT, 0, TAG_REQ, MPI_COMM_WORLD);
            outstanding++;
        }
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(0, TAG_WORK, MPI_COMM_WORLD, &flag, &st);
        while (flag) {
            long long index;
            MPI_Recv(&index, 1, MPI_LONG_LONG, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            outstanding--;
            if (index < 0) {
                stopped = 1;
            } else {
                int k = free_slot(slots, jobs);
                if (k < 0 || start_game(&slots[k], setup, index) != 0) {
                    match_record r;
                    memset(&r, 0, sizeof r);
                    r.index = index;
                    r.a_side = (int)(index % 2);
                    r.status = MATCH_ERROR;
                    snprintf(r.message, sizeof r.message, "rank %d could not start a worker: %s",
                             mpi_rank, strerror(errno));
                    deliver_remote(NULL, &r);
                }
            }
            MPI_Iprobe(0, TAG_WORK, MPI_COMM_WORLD, &flag, &st);
        }
        if (stopped && outstanding == 0 && busy_count(slots, jobs) == 0)
            break;
        poll_slots(slots, jobs, 2, deliver_remote, NULL);
    }
    MPI_Send(&dummy, 1, MPI_INT, 0, TAG_DONE, MPI_COMM_WORLD);
    return 0;
}

/* Rank 0: answers requests and collects records from the other ranks. */
static void serve_remotes(run_ctx *c, int64_t *next, int64_t end, int *stopping, int *done)
{
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    while (flag) {
        int src = st.MPI_SOURCE, dummy;
        if (st.MPI_TAG == TAG_REQ) {
            MPI_Recv(&dummy, 1, MPI_INT, src, TAG_REQ, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (!*stopping && c->should_stop(c->user))
                *stopping = 1;
            long long index = (!*stopping && *next < end) ? (long long)(*next)++ : -1;
            MPI_Send(&index, 1, MPI_LONG_LONG, src, TAG_WORK, MPI_COMM_WORLD);
        } else if (st.MPI_TAG == TAG_RESULT) {
            int len = 0;
            MPI_Get_count(&st, MPI_CHAR, &len);
            char *text = malloc((size_t)len + 1);
            if (!text) {
                MPI_Abort(MPI_COMM_WORLD, 1);
                return;
            }
            MPI_Recv(text, len, MPI_CHAR, src, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            text[len] = '\0';
            match_record r;
            if (match_record_deserialise(text, &r) == 0) {
                c->on_record(c->user, &r);
            } else {
                fprintf(stderr, "boardai-match: rank %d sent an unreadable record\n", src);
            }
            match_record_clear(&r);
            free(text);
        } else if (st.MPI_TAG == TAG_DONE) {
            MPI_Recv(&dummy, 1, MPI_INT, src, TAG_DONE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            (*done)++;
        } else {
            /* unknown tag: drop it */
            MPI_Recv(&dummy, 0, MPI_INT, src, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    }
}
#endif

int match_run(const match_setup *setup, int64_t first, int64_t count, int jobs,
              match_record_fn on_record, match_stop_fn should_stop, void *user)
{
    if (jobs < 1)
        jobs = 1;
    if (jobs > 64)
        jobs = 64;
    slot *slots = calloc((size_t)jobs, sizeof *slots);
    if (!slots)
        return -1;
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);

    run_ctx c = {on_record, should_stop, user};
    int64_t next = first, end = first + count;
    int stopping = 0, remotes_done = 0, rc = 0;
    (void)remotes_done;

#ifdef MATCH_HAVE_MPI
    if (mpi_size > 1 && mpi_rank != 0) {
        rc = run_remote(setup, slots, jobs);
        goto out;
    }
#endif
    for (;;) {
        if (interrupted) {
            kill_all(slots, jobs);
            rc = 1;
            break;
        }
        if (!stopping && should_stop(user))
            stopping = 1;
        int k;
        while (!stopping && next < end && (k = free_slot(slots, jobs)) >= 0) {
            if (start_game(&slots[k], setup, next) != 0) {
                if (busy_count(slots, jobs) > 0)
                    break; /* out of processes for now: wait for one to end */
                fprintf(stderr, "boardai-match: cannot start a worker: %s\n", strerror(errno));
                rc = -1;
                goto out;
            }
            next++;
        }
#ifdef MATCH_HAVE_MPI
        if (mpi_size > 1)
            serve_remotes(&c, &next, end, &stopping, &remotes_done);
#endif
        if (busy_count(slots, jobs) == 0 && (stopping || next >= end) &&
            remotes_done == mpi_size - 1)
            break;
        poll_slots(slots, jobs, mpi_size > 1 ? 2 : 200, deliver_local, &c);
    }
out:
#ifdef MATCH_HAVE_MPI
    /* Every rank leaves the run together, so that no request for the next run (a --tune sweep
     * runs one after another) reaches rank 0 while it still serves this one. */
    if (mpi_size > 1 && rc == 0)
        MPI_Barrier(MPI_COMM_WORLD);
#endif
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    free(slots);
    return rc;
}

int match_interrupted(void)
{
    return interrupted != 0;
}
