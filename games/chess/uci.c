/* The Universal Chess Interface as library code (chess.h): one line in, answer lines out
 * through the caller's callback. Searching is split from parsing so that a program can run
 * ba_chess_uci_search() on a second thread and still handle `stop` and `isready`. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "boardai/engine.h"
#include "boardai/position.h"
#include "chess_internal.h"

#define UCI_MAX_WORDS 1024
#define UCI_OUT 4096
#define UCI_PERFT_MAX 10
#define UCI_DEFAULT_HASH_MB 16

typedef struct uci_go {
    int64_t wtime, btime, winc, binc, movestogo, depth, nodes, movetime;
    int infinite;
    int perft;
} uci_go;

struct ba_chess_uci {
    ba_write_fn write;
    void *user;
    ba_pos *pos;
    ba_engine *engine;
    char *line; /* copy of the line being parsed */
    uci_go go;
    pthread_mutex_t lock;   /* guards the fields below and the writes of held bestmoves */
    int go_ready;           /* a `go` waits for ba_chess_uci_search() */
    int searching;
    int stop_requested;
    int held;               /* `go infinite` finished early: bestmove waits for stop */
    char held_line[64];
};

static void out(ba_chess_uci *u, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
static void out(ba_chess_uci *u, const char *fmt, ...)
{
    char buf[UCI_OUT];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof buf)
        n = (int)sizeof buf - 1;
    u->write(u->user, buf, (size_t)n);
}

int ba_chess_uci_new(ba_write_fn write, void *user, ba_chess_uci **outp)
{
    if (!write || !outp)
        return BA_ERR_ARG;
    *outp = NULL;
    ba_chess_uci *u = calloc(1, sizeof *u);
    if (!u)
        return BA_ERR_NOMEM;
    u->write = write;
    u->user = user;
    u->line = malloc(BA_PROTOCOL_LINE_MAX + 1);
    if (!u->line || pthread_mutex_init(&u->lock, NULL) != 0) {
        free(u->line);
        free(u);
        return BA_ERR_NOMEM;
    }
    int rc = ba_pos_new(ba_chess_game(), &u->pos);
    if (rc == BA_OK)
        rc = ba_engine_new(ba_chess_game(), &u->engine);
    if (rc == BA_OK)
        rc = ba_engine_set(u->engine, BA_OPT_TT_MB, UCI_DEFAULT_HASH_MB);
    if (rc != BA_OK) {
        ba_chess_uci_free(u);
        return rc;
    }
    *outp = u;
    return BA_OK;
}

void ba_chess_uci_free(ba_chess_uci *u)
{
    if (!u)
        return;
    ba_engine_free(u->engine);
    ba_pos_free(u->pos);
    free(u->line);
    pthread_mutex_destroy(&u->lock);
    free(u);
}

int64_t ba_chess_uci_time_budget(int64_t remaining_ms, int64_t increment_ms, int moves_to_go)
{
    if (increment_ms < 0)
        increment_ms = 0;
    if (remaining_ms <= 0)
        return 1;
    int64_t mtg = moves_to_go > 0 ? (moves_to_go < 40 ? moves_to_go : 40) : 30;
    int64_t budget = remaining_ms / mtg + increment_ms * 3 / 4;
    /* Never plan more than what is left minus a safety margin for the GUI's overhead, nor, with
     * moves still to come, more than a third of the clock. */
    int64_t margin = remaining_ms > 200 ? 50 : remaining_ms / 4;
    int64_t cap = remaining_ms - margin;
    if (mtg > 1 && cap > remaining_ms / 3 + increment_ms)
        cap = remaining_ms / 3 + increment_ms;
    if (cap > remaining_ms - margin)
        cap = remaining_ms - margin;
    if (budget > cap)
        budget = cap;
    return budget < 1 ? 1 : budget;
}

/* Splits u->line (already copied) into words; returns the count. */
static int split(char *s, char **words, int max)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        if (!*s)
            break;
        if (n == max)
            return -1;
        words[n++] = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
            s++;
        if (*s)
            *s++ = '\0';
    }
    return n;
}

/* A non-negative decimal number (at most 18 digits). */
static int parse_count(const char *s, int64_t *v)
{
    int64_t x = 0;
    int digits = 0;
    if (*s == '-' || *s == '+')
        s++; /* some GUIs send negative clock times when a player is late: read as 0 below */
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || ++digits > 18)
            return -1;
        x = x * 10 + (*s - '0');
    }
    if (!digits)
        return -1;
    *v = x;
    return 0;
}

static void cmd_position(ba_chess_uci *u, char **w, int n)
{
    ba_pos *p = NULL;
    ba_error err;
    int i = 1;
    if (ba_pos_new(ba_chess_game(), &p) != BA_OK) {
        out(u, "info string error: out of memory");
        return;
    }
    if (i < n && !strcmp(w[i], "startpos")) {
        i++;
    } else if (i < n && !strcmp(w[i], "fen")) {
        char fen[256];
        size_t len = 0;
        i++;
        for (; i < n && strcmp(w[i], "moves"); i++) {
            size_t wl = strlen(w[i]);
            if (len + wl + 2 > sizeof fen) {
                out(u, "info string error: FEN too long");
                ba_pos_free(p);
                return;
            }
            if (len)
                fen[len++] = ' ';
            memcpy(fen + len, w[i], wl);
            len += wl;
        }
        fen[len] = '\0';
        if (ba_pos_set_text(p, fen, &err) != BA_OK) {
            out(u, "info string error: %s", err.message);
            ba_pos_free(p);
            return;
        }
    } else {
        out(u, "info string error: position needs 'startpos' or 'fen <FEN>'");
        ba_pos_free(p);
        return;
    }
    if (i < n) {
        if (strcmp(w[i], "moves")) {
            out(u, "info string error: expected 'moves', got '%.40s'", w[i]);
            ba_pos_free(p);
            return;
        }
        for (i++; i < n; i++) {
            if (ba_pos_play_text(p, w[i], &err) != BA_OK) {
                out(u, "info string error: move %d '%.16s': %s", i, w[i], err.message);
                ba_pos_free(p);
                return;
            }
        }
    }
    ba_pos_free(u->pos);
    u->pos = p;
}

static int cmd_go(ba_chess_uci *u, char **w, int n)
{
    uci_go go;
    memset(&go, 0, sizeof go);
    for (int i = 1; i < n; i++) {
        static const char *const names[] = {"wtime", "btime", "winc", "binc", "movestogo",
                                            "depth", "nodes", "movetime", "perft"};
        int k;
        for (k = 0; k < 9 && strcmp(w[i], names[k]); k++)
            ;
        if (k < 9) {
            int64_t v;
            if (i + 1 >= n || parse_count(w[i + 1], &v) < 0) {
                out(u, "info string error: go %s needs a number", names[k]);
                return BA_OK;
            }
            if (w[i + 1][0] == '-')
                v = 0;
            i++;
            int64_t *fields[] = {&go.wtime, &go.btime, &go.winc, &go.binc, &go.movestogo,
                                 &go.depth, &go.nodes, &go.movetime, NULL};
            if (k == 8) {
                if (v < 1 || v > UCI_PERFT_MAX) {
                    out(u, "info string error: perft depth must be 1..%d", UCI_PERFT_MAX);
                    return BA_OK;
                }
                go.perft = (int)v;
            } else {
                *fields[k] = v;
            }
        } else if (!strcmp(w[i], "infinite")) {
            go.infinite = 1;
        } else if (!strcmp(w[i], "ponder") || !strcmp(w[i], "mate") || !strcmp(w[i], "searchmoves")) {
            /* not supported: ponder is never offered; mate and searchmoves are ignored */
            if (!strcmp(w[i], "mate"))
                i++;
            if (!strcmp(w[i], "searchmoves"))
                while (i + 1 < n && strlen(w[i + 1]) <= 5 && w[i + 1][0] >= 'a' && w[i + 1][0] <= 'h')
                    i++;
        } else {
            out(u, "info string error: unknown go parameter '%.40s'", w[i]);
            return BA_OK;
        }
    }
    if (!go.perft && ba_pos_result(u->pos) != BA_RESULT_ONGOING) {
        out(u, "info string the game is over");
        out(u, "bestmove 0000");
        return BA_OK;
    }
    u->go = go;
    pthread_mutex_lock(&u->lock);
    u->go_ready = 1;
    u->searching = 1;
    u->stop_requested = 0;
    u->held = 0;
    pthread_mutex_unlock(&u->lock);
    return BA_CHESS_UCI_GO;
}

static void cmd_show(ba_chess_uci *u)
{
    char buf[BA_RENDER_MAX];
    if (ba_pos_render(u->pos, buf, sizeof buf) > 0) {
        char *s = buf;
        while (*s) {
            char *nl = strchr(s, '\n');
            size_t len = nl ? (size_t)(nl - s) : strlen(s);
            out(u, "%.*s", (int)len, s);
            s += len + (nl ? 1 : 0);
        }
    }
    if (ba_pos_text(u->pos, buf, sizeof buf) > 0)
        out(u, "Fen: %s", buf);
}

int ba_chess_uci_feed(ba_chess_uci *u, const char *line)
{
    if (!u || !line)
        return BA_ERR_ARG;
    size_t len = strlen(line);
    if (len > BA_PROTOCOL_LINE_MAX) {
        out(u, "info string error: line longer than %d bytes", BA_PROTOCOL_LINE_MAX);
        return BA_OK;
    }
    memcpy(u->line, line, len + 1);
    char *words[UCI_MAX_WORDS];
    int n = split(u->line, words, UCI_MAX_WORDS);
    if (n < 0) {
        out(u, "info string error: too many words");
        return BA_OK;
    }
    if (n == 0)
        return BA_OK;
    const char *cmd = words[0];
    if (!strcmp(cmd, "quit"))
        return BA_PROTOCOL_QUIT;
    if (!strcmp(cmd, "stop")) {
        ba_chess_uci_stop(u);
        return BA_OK;
    }
    if (!strcmp(cmd, "isready")) {
        out(u, "readyok");
        return BA_OK;
    }
    if (!strcmp(cmd, "ponderhit"))
        return BA_OK;
    pthread_mutex_lock(&u->lock);
    if (u->go_ready) {
        /* A `go` that was prepared but never run (the caller chose not to search): any other
         * command drops it, so the session does not stay busy forever. */
        u->go_ready = 0;
        u->searching = 0;
    }
    int searching = u->searching;
    pthread_mutex_unlock(&u->lock);
    if (searching) {
        /* The search thread uses the position and the engine: nothing else may change now. */
        out(u, "info string error: '%.20s' while searching (send stop first)", cmd);
        return BA_OK;
    }
    if (!strcmp(cmd, "uci")) {
        out(u, "id name boardai-chess %s", ba_version_string());
        out(u, "id author the libboardai authors");
        out(u, "option name Hash type spin default %d min 0 max 4096", UCI_DEFAULT_HASH_MB);
        out(u, "uciok");
    } else if (!strcmp(cmd, "ucinewgame")) {
        ba_engine_clear(u->engine);
        ba_pos_reset(u->pos);
    } else if (!strcmp(cmd, "setoption")) {
        /* setoption name <id> [value <x>] */
        if (n >= 5 && !strcmp(words[1], "name") && !strcmp(words[2], "Hash") && !strcmp(words[3], "value")) {
            int64_t mb;
            if (parse_count(words[4], &mb) < 0 || mb > 4096 || words[4][0] == '-')
                out(u, "info string error: Hash must be 0..4096 MB");
            else if (ba_engine_set(u->engine, BA_OPT_TT_MB, mb) != BA_OK)
                out(u, "info string error: cannot set Hash to %lld MB", (long long)mb);
        } else {
            out(u, "info string error: unknown option (only Hash)");
        }
    } else if (!strcmp(cmd, "position")) {
        cmd_position(u, words, n);
    } else if (!strcmp(cmd, "go")) {
        return cmd_go(u, words, n);
    } else if (!strcmp(cmd, "d")) {
        cmd_show(u);
    } else if (!strcmp(cmd, "debug") || !strcmp(cmd, "register")) {
        /* accepted and ignored */
    } else {
        out(u, "info string error: unknown command '%.40s'", cmd);
    }
    return BA_OK;
}

/* ---- searching ---- */

typedef struct uci_progress {
    ba_chess_uci *u;
} uci_progress;

static void score_text(int score, char *buf, size_t cap)
{
    if (score >= BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "mate %d", (BA_SCORE_WIN - score + 1) / 2);
    else if (score <= -BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "mate -%d", (BA_SCORE_WIN + score) / 2);
    else
        snprintf(buf, cap, "cp %d", score);
}

static void on_progress(void *user, const ba_progress *p)
{
    ba_chess_uci *u = user;
    char line[UCI_OUT], sc[32];
    score_text(p->score, sc, sizeof sc);
    int n = snprintf(line, sizeof line, "info depth %d score %s nodes %llu nps %llu time %llu pv", p->depth, sc,
                     (unsigned long long)p->nodes, (unsigned long long)p->nps, (unsigned long long)p->time_ms);
    for (int i = 0; i < p->pv_len && n > 0 && (size_t)n + 8 < sizeof line; i++) {
        chs_move m;
        char t[8];
        if (chs_from_ba_move(&p->pv[i], &m) != BA_OK || chs_move_to_uci(m, t, sizeof t) < 0)
            break;
        n += snprintf(line + n, sizeof line - (size_t)n, " %s", t);
    }
    if (n > 0)
        u->write(u->user, line, strlen(line));
    /* A stop that came before the engine was running would be lost: repeat it here. */
    pthread_mutex_lock(&u->lock);
    int stop = u->stop_requested;
    pthread_mutex_unlock(&u->lock);
    if (stop)
        ba_engine_stop(u->engine);
}

static void finish(ba_chess_uci *u, const char *bestmove_line)
{
    pthread_mutex_lock(&u->lock);
    if (u->go.infinite && !u->stop_requested) {
        /* UCI: after `go infinite` the bestmove comes only after `stop`. */
        snprintf(u->held_line, sizeof u->held_line, "%s", bestmove_line);
        u->held = 1;
    } else {
        u->write(u->user, bestmove_line, strlen(bestmove_line));
    }
    u->searching = 0;
    pthread_mutex_unlock(&u->lock);
}

static int run_perft(ba_chess_uci *u, int depth)
{
    const chs_board *b = ba_pos_state(u->pos);
    chs_move list[CHS_MAX_MOVES];
    int n = chs_generate(b, list, CHS_GEN_ALL);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        chs_board c = *b;
        chs_make(&c, list[i]);
        uint64_t k = chs_perft(&c, depth - 1);
        char t[8];
        chs_move_to_uci(list[i], t, sizeof t);
        out(u, "%s: %llu", t, (unsigned long long)k);
        total += k;
    }
    out(u, "%s", "");
    out(u, "Nodes searched: %llu", (unsigned long long)total);
    pthread_mutex_lock(&u->lock);
    u->searching = 0;
    pthread_mutex_unlock(&u->lock);
    return BA_OK;
}

int ba_chess_uci_search(ba_chess_uci *u)
{
    if (!u)
        return BA_ERR_ARG;
    pthread_mutex_lock(&u->lock);
    int ready = u->go_ready;
    u->go_ready = 0;
    pthread_mutex_unlock(&u->lock);
    if (!ready)
        return BA_ERR_STATE;
    const uci_go *go = &u->go;
    if (go->perft)
        return run_perft(u, go->perft);

    int64_t time_ms = 0;
    if (go->movetime > 0) {
        time_ms = go->movetime;
    } else if (!go->infinite) {
        int white = ba_pos_side_to_move(u->pos) == 0;
        int64_t left = white ? go->wtime : go->btime, inc = white ? go->winc : go->binc;
        if (go->wtime > 0 || go->btime > 0 || left > 0)
            time_ms = ba_chess_uci_time_budget(left, inc, (int)(go->movestogo > 1000 ? 1000 : go->movestogo));
    }
    int64_t depth = go->depth > 0 ? (go->depth > BA_MAX_DEPTH ? BA_MAX_DEPTH : go->depth) : 64;
    ba_engine_set(u->engine, BA_OPT_DEPTH, depth);
    ba_engine_set(u->engine, BA_OPT_NODES, go->nodes > 0 ? go->nodes : 0);
    ba_engine_set(u->engine, BA_OPT_TIME_MS, time_ms);
    ba_engine_set_progress(u->engine, on_progress, u);

    ba_search_result r;
    int rc = ba_engine_search(u->engine, u->pos, &r);
    ba_engine_set_progress(u->engine, NULL, NULL);
    char line[64];
    chs_move m;
    char t[8];
    if (rc == BA_OK && chs_from_ba_move(&r.best, &m) == BA_OK && chs_move_to_uci(m, t, sizeof t) > 0) {
        snprintf(line, sizeof line, "bestmove %s", t);
    } else {
        /* Never leave the GUI without an answer: any legal move, or none. */
        ba_move moves[CHS_MAX_MOVES];
        int n = ba_pos_moves(u->pos, moves, CHS_MAX_MOVES);
        if (n > 0 && chs_from_ba_move(&moves[0], &m) == BA_OK && chs_move_to_uci(m, t, sizeof t) > 0)
            snprintf(line, sizeof line, "bestmove %s", t);
        else
            snprintf(line, sizeof line, "bestmove 0000");
    }
    finish(u, line);
    return rc == BA_OK ? BA_OK : rc;
}

void ba_chess_uci_stop(ba_chess_uci *u)
{
    if (!u)
        return;
    pthread_mutex_lock(&u->lock);
    u->stop_requested = 1;
    if (u->held) {
        u->held = 0;
        u->write(u->user, u->held_line, strlen(u->held_line));
    }
    pthread_mutex_unlock(&u->lock);
    ba_engine_stop(u->engine);
}
