/* The Universal Chess Interface as library code (chess.h), a dialect on the session kernel
 * (kit/session.h): one line in, answer lines out through the caller's callback. A `go` is
 * prepared here and run by the kernel's search runner (the search itself is uci_search.c), on the
 * thread that calls ba_chess_uci_search(), while this one still handles `stop` and `isready`.
 *
 * Every `go` ends in a `bestmove`, whatever its words: a word that cannot be parsed is answered
 * with `info string error` and the search still runs, with a short time limit when no limit of
 * its own was understood. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uci_internal.h"

#define UCI_MAX_WORDS 1024
#define UCI_PERFT_MAX 10
#define UCI_HASH_MAX_MB 4096
#define UCI_OVERHEAD_MAX_MS 5000

/* UCI option names and values are case-insensitive: the kernel's word compare. */
#define same_word bac_word_is

/* A new position and engine for the evaluation preset @p eval; the old ones stay on failure. */
static int use_eval(ba_chess_uci *u, int eval)
{
    const ba_game *g = ba_chess_game_eval(eval);
    if (!g)
        return BA_ERR_RANGE;
    ba_pos *pos = NULL;
    ba_engine *engine = NULL;
    int rc = ba_pos_new(g, &pos);
    if (rc == BA_OK)
        rc = ba_engine_new(g, &engine);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_TT_MB, u->hash_mb);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_MULTIPV, u->multipv);
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_SELECTIVE, u->selective);
    /* A go without a depth searches as deep as the core can (limits come per search). */
    if (rc == BA_OK)
        rc = ba_engine_set(engine, BA_OPT_DEPTH, BA_MAX_DEPTH);
    if (rc == BA_OK)
        rc = ba_engine_set_progress(engine, uci_progress, u);
    if (rc == BA_OK && u->pos) {
        /* The same game so far: the start position and every move (repetitions count). */
        rc = ba_pos_set_text(pos, u->start_fen, NULL);
        for (size_t i = 0; rc == BA_OK && i < ba_pos_ply(u->pos); i++) {
            ba_move m;
            rc = ba_pos_move_at(u->pos, i, &m);
            if (rc == BA_OK)
                rc = ba_pos_play(pos, &m, NULL);
        }
    }
    if (rc != BA_OK) {
        ba_pos_free(pos);
        ba_engine_free(engine);
        return rc;
    }
    ba_pos_free(u->pos);
    ba_engine_free(u->engine);
    u->pos = pos;
    u->engine = engine;
    u->eval = eval;
    return BA_OK;
}

int ba_chess_uci_new(ba_write_fn write, void *user, ba_chess_uci **outp)
{
    if (!write || !outp)
        return BA_ERR_ARG;
    *outp = NULL;
    ba_chess_uci *u = calloc(1, sizeof *u);
    if (!u)
        return BA_ERR_NOMEM;
    u->hash_mb = UCI_DEFAULT_HASH_MB;
    u->overhead_ms = UCI_DEFAULT_OVERHEAD_MS;
    u->multipv = 1;
    u->selective = 1;
    snprintf(u->start_fen, sizeof u->start_fen, "%s", BA_CHESS_START_FEN);
    int rc = bac_session_new(write, user, "info string error:", &u->session);
    if (rc == BA_OK)
        rc = use_eval(u, BA_CHESS_UCI_DEFAULT_EVAL);
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
    bac_session_free(u->session); /* a search still running is stopped and waited for first */
    ba_engine_free(u->engine);
    ba_pos_free(u->pos);
    free(u);
}

int64_t ba_chess_uci_time_budget(int64_t remaining_ms, int64_t increment_ms, int moves_to_go)
{
    /* The core time manager's plan for this clock (its soft limit), the one budget UCI uses. */
    ba_limits l;
    int64_t soft, hard;
    ba_limits_init(&l);
    l.overhead_ms = 0;
    l.time_ms[0] = remaining_ms < 0 ? 0 : remaining_ms;
    l.inc_ms[0] = increment_ms < 0 ? 0 : increment_ms;
    l.movestogo = moves_to_go > 0 ? moves_to_go : 0;
    if (ba_time_budget(&l, 0, &soft, &hard) != BA_OK || soft < 1)
        return 1;
    return soft;
}

/* A decimal number (at most 18 digits) with an optional sign: GUIs send negative clock times
 * when a player is late. */
static int parse_number(const char *s, int64_t *v)
{
    return bac_parse_int(s, -999999999999999999, 999999999999999999, v) == BA_OK ? 0 : -1;
}

static void cmd_position(ba_chess_uci *u, char **w, int n)
{
    ba_pos *p = NULL;
    ba_error err;
    char fen[BA_POS_TEXT_MAX];
    int i = 1;
    if (ba_pos_new(ba_pos_game(u->pos), &p) != BA_OK) {
        uci_out(u, "info string error: out of memory");
        return;
    }
    if (i < n && !strcmp(w[i], "startpos")) {
        i++;
        snprintf(fen, sizeof fen, "%s", BA_CHESS_START_FEN);
    } else if (i < n && !strcmp(w[i], "fen")) {
        size_t len = 0;
        i++;
        for (; i < n && strcmp(w[i], "moves"); i++) {
            size_t wl = strlen(w[i]);
            if (len + wl + 2 > sizeof fen || len + wl + 2 > 256) {
                uci_out(u, "info string error: FEN too long");
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
            uci_out(u, "info string error: %s", err.message);
            ba_pos_free(p);
            return;
        }
    } else {
        uci_out(u, "info string error: position needs 'startpos' or 'fen <FEN>'");
        ba_pos_free(p);
        return;
    }
    if (i < n) {
        if (strcmp(w[i], "moves")) {
            uci_out(u, "info string error: expected 'moves', got '%.40s'", w[i]);
            ba_pos_free(p);
            return;
        }
        for (i++; i < n; i++) {
            if (ba_pos_play_text(p, w[i], &err) != BA_OK) {
                uci_out(u, "info string error: move %d '%.16s': %s", i, w[i], err.message);
                ba_pos_free(p);
                return;
            }
        }
    }
    ba_pos_free(u->pos);
    u->pos = p;
    snprintf(u->start_fen, sizeof u->start_fen, "%s", fen);
}

/* `searchmoves m1 m2 ...`: the words from @p i on that are legal moves here (it ends at the first
 * word that is not, usually the next `go` keyword). Returns the index of the last one taken. */
static int parse_searchmoves(ba_chess_uci *u, uci_go *go, char **w, int n, int i)
{
    const chs_board *b = ba_pos_state(u->pos);
    while (i + 1 < n) {
        const char *t = w[i + 1];
        size_t len = strlen(t);
        chs_move m;
        /* UCI long algebraic only ("e2e4", "e7e8q": SAN such as "Bc4" is not UCI), and legal. */
        if (len < 4 || len > 5 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' || t[2] < 'a' ||
            t[2] > 'h' || t[3] < '1' || t[3] > '8' || chs_parse_move(b, t, &m, NULL) != BA_OK)
            break;
        int dup = 0;
        for (int k = 0; k < go->nsearch; k++)
            dup |= go->search[k] == m;
        if (!dup && go->nsearch < CHS_MAX_MOVES)
            go->search[go->nsearch++] = m;
        i++;
    }
    return i;
}

/* The `go` words with a number after them, and where each goes. */
static int64_t *go_field(uci_go *go, const char *word, int *clock_word)
{
    static const char *const names[] = {"wtime", "btime", "winc", "binc", "movestogo",
                                        "depth", "nodes", "movetime", "mate"};
    int64_t *fields[] = {&go->wtime, &go->btime, &go->winc, &go->binc, &go->movestogo,
                         &go->depth, &go->nodes, &go->movetime, &go->mate};
    for (int k = 0; k < (int)(sizeof names / sizeof names[0]); k++)
        if (!strcmp(word, names[k])) {
            *clock_word = k < 5;
            return fields[k];
        }
    return NULL;
}

static int cmd_go(ba_chess_uci *u, char **w, int n)
{
    uci_go *go = &u->go;
    memset(go, 0, sizeof *go);
    go->wtime = go->btime = go->winc = go->binc = go->movestogo = -1;
    go->depth = go->nodes = go->movetime = go->mate = -1;
    for (int i = 1; i < n; i++) {
        int clock_word = 0;
        int64_t *field = go_field(go, w[i], &clock_word);
        int64_t v;
        if (field) {
            if (i + 1 >= n || parse_number(w[i + 1], &v) < 0) {
                uci_out(u, "info string error: go %s needs a number", w[i]);
                go->bad = 1;
                continue;
            }
            *field = v < 0 ? 0 : v; /* a negative clock is an empty one */
            go->clocked |= clock_word;
            i++;
        } else if (!strcmp(w[i], "perft")) {
            if (i + 1 >= n || parse_number(w[i + 1], &v) < 0 || v < 1 || v > UCI_PERFT_MAX) {
                uci_out(u, "info string error: perft depth must be 1..%d", UCI_PERFT_MAX);
                go->bad = 1;
                i += i + 1 < n;
                continue;
            }
            go->perft = (int)v;
            i++;
        } else if (!strcmp(w[i], "infinite") || !strcmp(w[i], "ponder")) {
            /* Ponder is not offered; a GUI that ponders anyway gets an infinite search that
             * `ponderhit` or `stop` ends. */
            go->infinite = 1;
        } else if (!strcmp(w[i], "searchmoves")) {
            i = parse_searchmoves(u, go, w, n, i);
        } else {
            uci_out(u, "info string error: unknown go parameter '%.40s'", w[i]);
            go->bad = 1;
        }
    }
    if (go->perft && go->bad)
        go->perft = 0; /* a broken perft request is answered like any broken go: with a move */
    if (!go->perft && ba_pos_result(u->pos) != BA_RESULT_ONGOING) {
        uci_out(u, "info string the game is over");
        uci_out(u, "bestmove 0000");
        return BA_OK;
    }
    /* UCI: after `go infinite` (or ponder) the bestmove comes only after `stop`. */
    if (bac_session_prepare(u->session, uci_go_search, u, go->infinite) != BA_OK) {
        uci_out(u, "info string error: a search is already running");
        return BA_OK;
    }
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
            uci_out(u, "%.*s", (int)len, s);
            s += len + (nl ? 1 : 0);
        }
    }
    if (ba_pos_text(u->pos, buf, sizeof buf) > 0)
        uci_out(u, "Fen: %s", buf);
}

static void cmd_uci(ba_chess_uci *u)
{
    uci_out(u, "id name boardai-chess %s", ba_version_string());
    uci_out(u, "id author the libboardai authors");
    uci_out(u, "option name Hash type spin default %d min 0 max %d", UCI_DEFAULT_HASH_MB, UCI_HASH_MAX_MB);
    uci_out(u, "option name Clear Hash type button");
    uci_out(u, "option name Move Overhead type spin default %d min 0 max %d", UCI_DEFAULT_OVERHEAD_MS,
            UCI_OVERHEAD_MAX_MS);
    uci_out(u, "option name MultiPV type spin default 1 min 1 max %d", BA_MAX_MULTIPV);
    uci_out(u, "option name Selective type check default true");
    char vars[128];
    size_t len = 0;
    for (int e = 0; e < BA_CHESS_EVAL_COUNT; e++)
        len += (size_t)snprintf(vars + len, sizeof vars - len, " var %s", ba_chess_eval_name(e));
    uci_out(u, "option name Evaluation type combo default %s%s", ba_chess_eval_name(BA_CHESS_UCI_DEFAULT_EVAL), vars);
    uci_out(u, "uciok");
}

/* ---- options: the kernel's table; each setter keeps the session's copy for use_eval ---- */

enum { OPT_HASH, OPT_CLEAR, OPT_OVERHEAD, OPT_MULTIPV, OPT_SELECTIVE, OPT_EVAL };

static int set_option(void *user, const bac_option *opt, int64_t v, const char *text, char *msg,
                      size_t cap)
{
    ba_chess_uci *u = user;
    switch (opt->key) {
    case OPT_HASH:
        if (ba_engine_set(u->engine, BA_OPT_TT_MB, v) != BA_OK) {
            snprintf(msg, cap, "cannot set Hash to %lld MB", (long long)v);
            return BA_ERR_NOMEM;
        }
        u->hash_mb = v;
        return BA_OK;
    case OPT_CLEAR:
        return ba_engine_clear(u->engine);
    case OPT_OVERHEAD:
        u->overhead_ms = v;
        return BA_OK;
    case OPT_MULTIPV:
        if (ba_engine_set(u->engine, BA_OPT_MULTIPV, v) != BA_OK) {
            snprintf(msg, cap, "MultiPV must be 1..%d", BA_MAX_MULTIPV);
            return BA_ERR_RANGE;
        }
        u->multipv = (int)v;
        return BA_OK;
    case OPT_SELECTIVE:
        /* The core's selective search (null move, reductions, futility) or exact alpha-beta. */
        if (ba_engine_set(u->engine, BA_OPT_SELECTIVE, v) != BA_OK) {
            snprintf(msg, cap, "Selective must be true or false");
            return BA_ERR_RANGE;
        }
        u->selective = (int)v;
        return BA_OK;
    default: {
        int e = text ? ba_chess_eval_from_name(text) : BA_ERR_PARSE;
        if (e < 0) {
            snprintf(msg, cap, "Evaluation must be one of the combo's values");
            return BA_ERR_PARSE;
        }
        if (e != u->eval && use_eval(u, e) != BA_OK) {
            snprintf(msg, cap, "cannot switch the evaluation (out of memory)");
            return BA_ERR_NOMEM;
        }
        return BA_OK;
    }
    }
}

static const bac_option UCI_OPTIONS[] = {
    {"Hash", BAC_OPT_INT, 0, UCI_HASH_MAX_MB, NULL, set_option, OPT_HASH, NULL},
    {"Clear Hash", BAC_OPT_BUTTON, 0, 0, NULL, set_option, OPT_CLEAR, NULL},
    {"Move Overhead", BAC_OPT_INT, 0, UCI_OVERHEAD_MAX_MS, NULL, set_option, OPT_OVERHEAD, NULL},
    {"MultiPV", BAC_OPT_INT, 1, BA_MAX_MULTIPV, NULL, set_option, OPT_MULTIPV, NULL},
    {"Selective", BAC_OPT_BOOL, 0, 1, NULL, set_option, OPT_SELECTIVE, NULL},
    {"Evaluation", BAC_OPT_TEXT, 0, 0, NULL, set_option, OPT_EVAL, NULL},
};

/* `setoption name <id> [value <x>]`: the id may have several words; case does not matter. */
static void cmd_setoption(ba_chess_uci *u, char **w, int n)
{
    char name[64] = "";
    size_t len = 0;
    int i = 1;
    if (i >= n || !same_word(w[i], "name")) {
        uci_out(u, "info string error: setoption needs 'name <id> [value <x>]'");
        return;
    }
    for (i++; i < n && !same_word(w[i], "value"); i++) {
        size_t wl = strlen(w[i]);
        if (len + wl + 2 > sizeof name) {
            uci_out(u, "info string error: option name too long");
            return;
        }
        if (len)
            name[len++] = ' ';
        memcpy(name + len, w[i], wl + 1);
        len += wl;
    }
    const char *value = i + 1 < n ? w[i + 1] : NULL;
    const bac_option *opt =
        bac_option_find(UCI_OPTIONS, sizeof UCI_OPTIONS / sizeof UCI_OPTIONS[0], name);
    if (!opt) {
        uci_out(u, "info string error: unknown option '%.40s'", name);
        return;
    }
    char msg[160];
    if (bac_option_apply(u, opt, value, msg, sizeof msg) != BA_OK)
        uci_out(u, "info string error: %s", msg);
}

/* One command, split into words. */
static int feed_words(ba_chess_uci *u, char **words, int n)
{
    const char *cmd = words[0];
    if (!strcmp(cmd, "quit"))
        return BA_PROTOCOL_QUIT;
    if (!strcmp(cmd, "stop") || !strcmp(cmd, "ponderhit")) {
        /* ponderhit: the pondering search (an infinite one) ends now with its best move. */
        ba_chess_uci_stop(u);
        return BA_OK;
    }
    if (!strcmp(cmd, "isready")) {
        uci_out(u, "readyok");
        return BA_OK;
    }
    if (bac_session_running(u->session)) {
        /* The search uses the position and the engine: nothing else may change now. */
        uci_out(u, "info string error: '%.20s' while searching (send stop first)", cmd);
        return BA_OK;
    }
    /* A `go` that was prepared but never run (the caller chose not to search): any other
     * command drops it, so the session does not stay busy forever. */
    bac_session_drop(u->session);
    if (!strcmp(cmd, "uci")) {
        cmd_uci(u);
    } else if (!strcmp(cmd, "ucinewgame")) {
        ba_engine_clear(u->engine);
        ba_pos_reset(u->pos);
        snprintf(u->start_fen, sizeof u->start_fen, "%s", BA_CHESS_START_FEN);
    } else if (!strcmp(cmd, "setoption")) {
        cmd_setoption(u, words, n);
    } else if (!strcmp(cmd, "position")) {
        cmd_position(u, words, n);
    } else if (!strcmp(cmd, "go")) {
        return cmd_go(u, words, n);
    } else if (!strcmp(cmd, "d")) {
        cmd_show(u);
    } else if (!strcmp(cmd, "debug") || !strcmp(cmd, "register")) {
        /* accepted and ignored */
    } else {
        uci_out(u, "info string error: unknown command '%.40s'", cmd);
    }
    return BA_OK;
}

int ba_chess_uci_feed(ba_chess_uci *u, const char *line)
{
    if (!u || !line)
        return BA_ERR_ARG;
    size_t len = strlen(line);
    if (len > BA_PROTOCOL_LINE_MAX) {
        uci_out(u, "info string error: line longer than %d bytes", BA_PROTOCOL_LINE_MAX);
        return BA_OK;
    }
    char *copy = malloc(len + 1);
    char **words = malloc(UCI_MAX_WORDS * sizeof *words);
    int rc = BA_OK;
    if (!copy || !words) {
        uci_out(u, "info string error: out of memory");
    } else {
        memcpy(copy, line, len + 1);
        int n = bac_split(copy, words, UCI_MAX_WORDS);
        if (n < 0)
            uci_out(u, "info string error: too many words");
        else if (n > 0)
            rc = feed_words(u, words, n);
    }
    free(copy);
    free(words);
    return rc;
}

void ba_chess_uci_stop(ba_chess_uci *u)
{
    if (u)
        bac_session_stop(u->session); /* writes a held bestmove, if any */
}
