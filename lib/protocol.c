/* The common text protocol (protocol.h): one command line in, whole answer lines out through the
 * caller's write callback. Every command is checked before anything changes, so a bad line only
 * ever answers "error: ..." and leaves the session as it was. The library never prints. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boardai/protocol.h"

/* Most words a command line is split into; the rest of a longer line stays in the last word
 * only for commands that take "the rest of the line" (position, play). */
#define PROTO_MAX_WORDS 8
/* Room for one formatted answer line (info lines are built separately, they can be longer). */
#define PROTO_LINE_OUT 1024
/* perft deeper than this cannot finish for any real game; refuse it instead of hanging. */
#define PROTO_PERFT_MAX 64

struct ba_protocol {
    const ba_game *game;
    ba_write_fn write;
    void *user;
    ba_pos *pos;
    ba_engine *engine;
    char *line;      /* a copy of the command being handled, BA_PROTOCOL_LINE_MAX + 1 bytes */
    void *pv_state;  /* scratch state for writing a principal variation, game->state_size */
    void *pv_root;   /* the state the running search started from */
    int searching;   /* a `go` is running: pv_root is the searched position */
    int proven;      /* the last search's score is proven (readable `value draw`) */
    /* `go infinite` runs on its own thread until `stop`; answers from both threads go through
     * out_lock so that lines never interleave. */
    pthread_mutex_t out_lock;
    int lock_ok;
    pthread_t thread;
    int async;           /* a `go infinite` thread exists (joined by stop, quit or free) */
    ba_limits async_limits;
    ba_move *async_moves; /* its searchmoves, game->max_moves entries */
    ba_search_result *async_res;
    int async_rc;
    atomic_int async_done; /* the thread's search has returned */
};

/* ---- a growable text buffer, for answers whose length depends on the game ---- */

typedef struct strbuf {
    char *data;
    size_t len;
    size_t cap;
    int failed; /* an allocation failed: the text is incomplete */
} strbuf;

static void sb_reserve(strbuf *sb, size_t extra)
{
    if (sb->failed)
        return;
    if (sb->len + extra + 1 <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + extra + 1) {
        if (cap > ((size_t)-1) / 2) {
            sb->failed = 1;
            return;
        }
        cap *= 2;
    }
    char *data = realloc(sb->data, cap);
    if (!data) {
        sb->failed = 1;
        return;
    }
    sb->data = data;
    sb->cap = cap;
}

static void sb_add(strbuf *sb, const char *text, size_t len)
{
    sb_reserve(sb, len);
    if (sb->failed)
        return;
    memcpy(sb->data + sb->len, text, len);
    sb->len += len;
    sb->data[sb->len] = '\0';
}

static void sb_addf(strbuf *sb, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
static void sb_addf(strbuf *sb, const char *fmt, ...)
{
    char tmp[PROTO_LINE_OUT];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    size_t len = (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1;
    sb_add(sb, tmp, len);
}

/* ---- output ---- */

static void out_raw(ba_protocol *p, const char *line, size_t len)
{
    if (!p->write)
        return;
    if (p->lock_ok)
        pthread_mutex_lock(&p->out_lock);
    p->write(p->user, line, len);
    if (p->lock_ok)
        pthread_mutex_unlock(&p->out_lock);
}

static void out(ba_protocol *p, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
static void out(ba_protocol *p, const char *fmt, ...)
{
    char buf[PROTO_LINE_OUT];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    out_raw(p, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Writes a multi-line text (a board drawing, an explanation) one line per call. */
static void out_lines(ba_protocol *p, const char *text)
{
    char buf[PROTO_LINE_OUT];
    const char *s = text;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        size_t copy = len < sizeof buf - 1 ? len : sizeof buf - 1;
        memcpy(buf, s, copy);
        if (copy > 0 && buf[copy - 1] == '\r')
            copy--;
        buf[copy] = '\0';
        out_raw(p, buf, copy);
        s += len;
        if (*s == '\n')
            s++;
    }
}

static void out_error(ba_protocol *p, int code, const ba_error *err, const char *what)
{
    const char *msg = (err && err->code != BA_OK && err->message[0]) ? err->message : ba_errstr(code);
    if (what && *what)
        out(p, "error: %s: %s", what, msg);
    else
        out(p, "error: %s", msg);
}

/* ---- parsing helpers ---- */

static int is_space(char c) { return c == ' ' || c == '\t'; }

static char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }

static int word_is(const char *word, const char *name)
{
    for (; *word && *name; word++, name++)
        if (ascii_lower(*word) != *name)
            return 0;
    return *word == '\0' && *name == '\0';
}

static char *skip_spaces(char *s)
{
    while (is_space(*s))
        s++;
    return s;
}

/* Cuts the next word off *s (NUL-terminating it) and advances *s past the following spaces.
 * Returns NULL at the end of the line. */
static char *next_word(char **s)
{
    char *w = skip_spaces(*s);
    if (!*w) {
        *s = w;
        return NULL;
    }
    char *e = w;
    while (*e && !is_space(*e))
        e++;
    if (*e) {
        *e = '\0';
        e = skip_spaces(e + 1);
    }
    *s = e;
    return w;
}

/* Removes trailing spaces in place. */
static void trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && is_space(s[n - 1]))
        s[--n] = '\0';
}

/* Move texts with spaces (an Arimaa turn is "Ed2n Ed3n") travel as one word in move lists, with
 * '_' for each space: the protocol writes them so and reads them back. */
static void spaces_to_underscores(char *text)
{
    for (; *text; text++)
        if (*text == ' ')
            *text = '_';
}

/* Parses and plays one move word: as written, or else with '_' read as a space. */
static int play_word(ba_pos *pos, const char *word, ba_error *err)
{
    int rc = ba_pos_play_text(pos, word, err);
    if (rc == BA_OK || !strchr(word, '_'))
        return rc;
    char text[BA_MOVE_TEXT_MAX];
    size_t n = strlen(word);
    if (n >= sizeof text)
        return rc;
    for (size_t i = 0; i <= n; i++)
        text[i] = word[i] == '_' ? ' ' : word[i];
    ba_error second;
    ba_error_clear(&second);
    if (ba_pos_play_text(pos, text, &second) == BA_OK)
        return BA_OK;
    return rc;
}

/* A decimal integer within [min, max], nothing else in the word. */
static int parse_int(const char *s, int64_t min, int64_t max, int64_t *out_value)
{
    int neg = 0;
    if (*s == '-' || *s == '+') {
        neg = *s == '-';
        s++;
    }
    if (*s < '0' || *s > '9')
        return BA_ERR_PARSE;
    /* Accumulate as a negative number so INT64_MIN fits; reject on overflow. */
    int64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return BA_ERR_PARSE;
        int d = *s - '0';
        if (v < (INT64_MIN + d) / 10)
            return BA_ERR_RANGE;
        v = v * 10 - d;
    }
    if (!neg) {
        if (v == INT64_MIN)
            return BA_ERR_RANGE;
        v = -v;
    }
    if (v < min || v > max)
        return BA_ERR_RANGE;
    *out_value = v;
    return BA_OK;
}

static int number_arg(ba_protocol *p, const char *what, const char *word, int64_t min, int64_t max,
                      int64_t *value)
{
    if (!word) {
        out(p, "error: %s: a number is missing", what);
        return BA_ERR_PARSE;
    }
    int rc = parse_int(word, min, max, value);
    if (rc == BA_ERR_PARSE)
        out(p, "error: %s: '%.40s' is not a number", what, word);
    else if (rc == BA_ERR_RANGE)
        out(p, "error: %s: %.40s is out of range %lld..%lld", what, word, (long long)min,
            (long long)max);
    return rc;
}

static const char *result_text(const ba_game *g, int result, char *buf, size_t cap)
{
    switch (result) {
    case BA_RESULT_ONGOING: return "ongoing";
    case BA_RESULT_DRAW: return "draw";
    case BA_RESULT_WIN0:
    case BA_RESULT_WIN1: {
        const char *name = g->side_names[result == BA_RESULT_WIN0 ? 0 : 1];
        snprintf(buf, cap, "win %s", name ? name : (result == BA_RESULT_WIN0 ? "0" : "1"));
        return buf;
    }
    default: return "unknown";
    }
}

/* ---- engine settings by name ---- */

typedef struct proto_setting {
    const char *name;
    ba_option option;
    const char *help;
} proto_setting;

static const proto_setting SETTINGS[] = {
    {"algorithm", BA_OPT_ALGORITHM, "negamax | alphabeta | bestfirst | mcts"},
    {"depth", BA_OPT_DEPTH, "maximum depth in plies"},
    {"nodes", BA_OPT_NODES, "node limit, 0 = none"},
    {"time", BA_OPT_TIME_MS, "time limit in milliseconds, 0 = none"},
    {"hash", BA_OPT_TT_MB, "transposition table MiB, 0 = none"},
    {"seed", BA_OPT_SEED, "random seed"},
    {"noise", BA_OPT_NOISE, "evaluation noise amplitude, 0 = off"},
    {"quiescence", BA_OPT_QUIESCENCE, "1 = on, 0 = off"},
    {"aspiration", BA_OPT_ASPIRATION, "aspiration window half-width, 0 = off"},
    {"threads", BA_OPT_THREADS, "search threads"},
    {"bfmindepth", BA_OPT_BF_MIN_DEPTH, "best-first: smallest re-search depth"},
    {"bfschedule", BA_OPT_BF_SCHEDULE, "best-first: first re-search depth root k"},
    {"ttdeeper", BA_OPT_TT_DEEPER, "1 = cut off with deeper table entries"},
    {"qdepth", BA_OPT_QDEPTH, "maximum quiescence depth"},
    {"deterministic", BA_OPT_DETERMINISTIC, "1 = same result whatever came before"},
    {"mctsc", BA_OPT_MCTS_C, "MCTS: UCT exploration constant x 1000"},
    {"mctsplayout", BA_OPT_MCTS_PLAYOUT, "MCTS: random plies per playout, -1 = to the end"},
    {"mctssolver", BA_OPT_MCTS_SOLVER, "MCTS: 1 = prove wins and losses"},
    {"mctsmemory", BA_OPT_MCTS_MEMORY_MB, "MCTS: tree memory cap in MiB"},
    {"mctsevalscale", BA_OPT_MCTS_EVAL_SCALE, "MCTS: evaluation units for odds of 1:e"},
    {"mctsiterations", BA_OPT_MCTS_ITERATIONS, "MCTS: iteration limit, 0 = none"},
    {"mctsreuse", BA_OPT_MCTS_REUSE, "MCTS: 1 = keep the subtree between searches"},
    {"selective", BA_OPT_SELECTIVE, "alpha-beta: 1 = selective search, 0 = exact"},
    {"multipv", BA_OPT_MULTIPV, "alpha-beta: the number of best root moves reported"},
};

/* Indexed by ba_algorithm. */
static const char *const ALGORITHMS[] = {"negamax", "alphabeta", "bestfirst", "mcts"};

static const proto_setting *find_setting(const char *name)
{
    for (size_t i = 0; i < sizeof SETTINGS / sizeof SETTINGS[0]; i++)
        if (word_is(name, SETTINGS[i].name))
            return &SETTINGS[i];
    return NULL;
}

/* ---- commands ---- */

static void cmd_help(ba_protocol *p)
{
    static const char *const lines[] = {
        "commands:",
        "  new                                  the start position",
        "  position startpos|<text> [moves <m1> <m2> ...]",
        "  moves                                the legal moves",
        "  play <move>                          play a move",
        "  undo                                 take back the last move",
        "  show                                 the board and the position text",
        "  perft <depth>                        count the leaves of the move tree",
        "  eval                                 the static evaluation and its terms",
        "  go [depth <d>] [nodes <n>] [movetime <ms>]   search and answer bestmove",
        "  go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>]   by the clock",
        "  go infinite | go solve | go ... searchmoves <m1> <m2> ...",
        "  stop                                 end a 'go infinite' and answer bestmove",
        "  result                               ongoing, win <side> or draw",
        "  setoption <name> <value>             an engine setting (see options)",
        "  options                              the engine settings and their values",
        "  help                                 this text",
        "  quit                                 end the session",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        out(p, "%s", lines[i]);
}

static void cmd_options(ba_protocol *p)
{
    for (size_t i = 0; i < sizeof SETTINGS / sizeof SETTINGS[0]; i++) {
        int64_t v = 0;
        if (ba_engine_get(p->engine, SETTINGS[i].option, &v) != BA_OK)
            continue;
        if (SETTINGS[i].option == BA_OPT_ALGORITHM && v >= 0 &&
            v < (int64_t)(sizeof ALGORITHMS / sizeof ALGORITHMS[0]))
            out(p, "option %s %s (%s)", SETTINGS[i].name, ALGORITHMS[v], SETTINGS[i].help);
        else
            out(p, "option %s %lld (%s)", SETTINGS[i].name, (long long)v, SETTINGS[i].help);
    }
}

/* `position startpos|<text> [moves <m1> ...]`: built on a copy, swapped in only when it all
 * worked. The position text may contain spaces, so it ends at the word "moves". */
static void cmd_position(ba_protocol *p, char *rest)
{
    rest = skip_spaces(rest);
    if (!*rest) {
        out(p, "error: position: expected 'startpos' or a position text");
        return;
    }
    char *moves = NULL;
    if (strncmp(rest, "moves", 5) == 0 && (rest[5] == '\0' || is_space(rest[5]))) {
        out(p, "error: position: expected 'startpos' or a position text before 'moves'");
        return;
    }
    for (char *s = rest; *s; s++) {
        if (is_space(*s) && strncmp(s + 1, "moves", 5) == 0 &&
            (s[6] == '\0' || is_space(s[6]))) {
            *s = '\0';
            moves = s + 6;
            break;
        }
    }
    trim_end(rest);

    ba_pos *np = NULL;
    int rc = ba_pos_clone(p->pos, &np);
    if (rc != BA_OK) {
        out_error(p, rc, NULL, "position");
        return;
    }
    ba_error err;
    ba_error_clear(&err);
    if (word_is(rest, "startpos"))
        rc = ba_pos_reset(np);
    else
        rc = ba_pos_set_text(np, rest, &err);
    if (rc != BA_OK) {
        out_error(p, rc, &err, "position");
        ba_pos_free(np);
        return;
    }
    if (moves) {
        int index = 0;
        char *word;
        while ((word = next_word(&moves)) != NULL) {
            index++;
            ba_error_clear(&err);
            rc = play_word(np, word, &err);
            if (rc != BA_OK) {
                char what[96];
                snprintf(what, sizeof what, "position: move %d '%.40s'", index, word);
                out_error(p, rc, &err, what);
                ba_pos_free(np);
                return;
            }
        }
    }
    ba_pos_free(p->pos);
    p->pos = np;
}

static void cmd_moves(ba_protocol *p)
{
    size_t cap = p->game->max_moves ? p->game->max_moves : 1;
    ba_move *list = calloc(cap, sizeof *list);
    if (!list) {
        out_error(p, BA_ERR_NOMEM, NULL, "moves");
        return;
    }
    int n = ba_pos_moves(p->pos, list, cap);
    if (n < 0) {
        out_error(p, n, NULL, "moves");
        free(list);
        return;
    }
    strbuf sb = {0};
    sb_add(&sb, "", 0);
    char text[BA_MOVE_TEXT_MAX];
    for (int i = 0; i < n; i++) {
        int len = ba_pos_move_text(p->pos, &list[i], text, sizeof text);
        if (len < 0) {
            out_error(p, len, NULL, "moves: writing a move");
            free(list);
            free(sb.data);
            return;
        }
        if (i > 0)
            sb_add(&sb, " ", 1);
        spaces_to_underscores(text);
        sb_add(&sb, text, strlen(text));
    }
    if (sb.failed)
        out_error(p, BA_ERR_NOMEM, NULL, "moves");
    else
        out_raw(p, sb.data, sb.len);
    free(list);
    free(sb.data);
}

static void cmd_play(ba_protocol *p, char *rest)
{
    trim_end(rest);
    rest = skip_spaces(rest);
    if (!*rest) {
        out(p, "error: play: a move is missing");
        return;
    }
    ba_error err;
    ba_error_clear(&err);
    int rc = play_word(p->pos, rest, &err);
    if (rc != BA_OK) {
        char what[96];
        snprintf(what, sizeof what, "play '%.40s'", rest);
        out_error(p, rc, &err, what);
    }
}

static void cmd_show(ba_protocol *p)
{
    char *buf = malloc(BA_RENDER_MAX);
    if (!buf) {
        out_error(p, BA_ERR_NOMEM, NULL, "show");
        return;
    }
    int rc = ba_pos_render(p->pos, buf, BA_RENDER_MAX);
    if (rc >= 0)
        out_lines(p, buf);
    else if (rc != BA_ERR_UNSUPPORTED)
        out_error(p, rc, NULL, "show");
    rc = ba_pos_text(p->pos, buf, BA_POS_TEXT_MAX < BA_RENDER_MAX ? BA_POS_TEXT_MAX : BA_RENDER_MAX);
    if (rc >= 0)
        out(p, "position %s", buf);
    else
        out_error(p, rc, NULL, "show: position text");
    free(buf);
}

static void cmd_perft(ba_protocol *p, char *rest)
{
    int64_t depth;
    char *word = next_word(&rest);
    if (number_arg(p, "perft", word, 0, PROTO_PERFT_MAX, &depth) != BA_OK)
        return;
    if (*rest) {
        out(p, "error: perft: unexpected '%.40s'", rest);
        return;
    }
    uint64_t count = 0;
    int rc = ba_perft(p->pos, (int)depth, &count);
    if (rc != BA_OK)
        out_error(p, rc, NULL, "perft");
    else
        out(p, "%llu", (unsigned long long)count);
}

static void cmd_eval(ba_protocol *p)
{
    int score = 0;
    int rc = ba_pos_evaluate(p->pos, &score);
    if (rc != BA_OK) {
        out_error(p, rc, NULL, "eval");
        return;
    }
    char *buf = malloc(BA_RENDER_MAX);
    if (!buf) {
        out_error(p, BA_ERR_NOMEM, NULL, "eval");
        return;
    }
    rc = ba_pos_explain(p->pos, buf, BA_RENDER_MAX);
    if (rc >= 0)
        out_lines(p, buf);
    else if (rc != BA_ERR_UNSUPPORTED)
        out_error(p, rc, NULL, "eval: explain");
    free(buf);
    int side = ba_pos_side_to_move(p->pos);
    const char *name = (side == 0 || side == 1) ? p->game->side_names[side] : NULL;
    out(p, "score %d (%s to move)", score, name ? name : "side");
}

/* Appends the principal variation as move texts, replaying it from the root state. */
static void append_pv(ba_protocol *p, strbuf *sb, const ba_move *pv, int pv_len)
{
    const ba_game *g = p->game;
    memcpy(p->pv_state, p->pv_root, g->state_size);
    char text[BA_MOVE_TEXT_MAX];
    for (int i = 0; i < pv_len && i < BA_MAX_PV; i++) {
        if (ba_game_move_to_text(g, p->pv_state, &pv[i], text, sizeof text) < 0)
            break;
        spaces_to_underscores(text);
        sb_add(sb, " ", 1);
        sb_add(sb, text, strlen(text));
        if (g->apply(g, p->pv_state, &pv[i]) != BA_OK)
            break;
    }
}

static void on_progress(void *user, const ba_progress *pr)
{
    ba_protocol *p = user;
    strbuf sb = {0};
    if (pr->multipv > 1) {
        /* MultiPV lines after the first: their own kind of line, with the readable value (the
         * first line keeps the format scripts parse). */
        char value[32];
        if (ba_score_text(pr->score, 0, value, sizeof value) < 0)
            snprintf(value, sizeof value, "%d", pr->score);
        sb_addf(&sb, "info multipv %d depth %d score %d value %s nodes %llu nps %llu time %llu pv",
                pr->multipv, pr->depth, pr->score, value, (unsigned long long)pr->nodes,
                (unsigned long long)pr->nps, (unsigned long long)pr->time_ms);
    } else {
        sb_addf(&sb, "info depth %d score %d nodes %llu nps %llu time %llu pv", pr->depth,
                pr->score, (unsigned long long)pr->nodes, (unsigned long long)pr->nps,
                (unsigned long long)pr->time_ms);
    }
    /* A search started by the caller through ba_protocol_engine() has no root state here. */
    if (p->searching && pr->pv && pr->pv_len > 0)
        append_pv(p, &sb, pr->pv, pr->pv_len);
    if (!sb.failed)
        out_raw(p, sb.data, sb.len);
    free(sb.data);
}

/* `bestmove <move> score <n> value <readable>`: the number first, as scripts read it. */
static void out_bestmove(ba_protocol *p, int rc, const ba_search_result *res)
{
    if (rc != BA_OK) {
        out_error(p, rc, NULL, "go");
        return;
    }
    char text[BA_MOVE_TEXT_MAX];
    int len = ba_pos_move_text(p->pos, &res->best, text, sizeof text);
    if (len < 0) {
        out_error(p, len, NULL, "go: writing the best move");
        return;
    }
    spaces_to_underscores(text);
    char value[32];
    if (ba_score_text(res->score, res->proven, value, sizeof value) < 0)
        snprintf(value, sizeof value, "%d", res->score);
    out(p, "bestmove %s score %d value %s", text, res->score, value);
}

static void *async_main(void *arg)
{
    ba_protocol *p = arg;
    p->async_rc = ba_engine_search_limits(p->engine, p->pos, &p->async_limits, p->async_res);
    atomic_store(&p->async_done, 1);
    return NULL;
}

/* Ends a `go infinite`: stops and joins its thread, then answers its bestmove. */
static void finish_async(ba_protocol *p)
{
    if (!p->async)
        return;
    /* Setting the stop flag only reaches a search that is already running; a stop sent before
     * the thread started its search would be lost, so it is repeated until the thread ends. */
    while (!atomic_load(&p->async_done)) {
        ba_engine_stop(p->engine);
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
    pthread_join(p->thread, NULL);
    p->async = 0;
    p->searching = 0;
    out_bestmove(p, p->async_rc, p->async_res);
    free(p->async_res);
    p->async_res = NULL;
}

/* The words that end a `searchmoves` list. */
static int is_go_word(const char *w)
{
    static const char *const words[] = {"depth", "nodes", "movetime", "wtime", "btime", "winc",
                                        "binc", "movestogo", "infinite", "solve", "searchmoves"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(w, words[i]))
            return 1;
    return 0;
}

/* Parses one searchmoves word (as written, or with '_' read as a space) into moves[*count]. */
static int parse_root_move(ba_protocol *p, const char *word, ba_move *moves, int *count)
{
    ba_error err;
    ba_error_clear(&err);
    ba_move m = BA_MOVE_NONE;
    int rc = ba_pos_parse_move(p->pos, word, &m, &err);
    char text[BA_MOVE_TEXT_MAX];
    size_t n = strlen(word);
    if (rc != BA_OK && strchr(word, '_') && n < sizeof text) {
        for (size_t i = 0; i <= n; i++)
            text[i] = word[i] == '_' ? ' ' : word[i];
        ba_error second;
        ba_error_clear(&second);
        if (ba_pos_parse_move(p->pos, text, &m, &second) == BA_OK)
            rc = BA_OK;
    }
    if (rc != BA_OK) {
        char what[96];
        snprintf(what, sizeof what, "go searchmoves '%.40s'", word);
        out_error(p, rc, &err, what);
        return rc;
    }
    for (int i = 0; i < *count; i++)
        if (ba_move_equal(&moves[i], &m))
            return BA_OK; /* listed twice */
    if ((size_t)*count < p->game->max_moves)
        moves[(*count)++] = m;
    return BA_OK;
}

static void cmd_go(ba_protocol *p, char *rest)
{
    /* Limits given on the line apply to this search only. */
    static const struct {
        const char *word;
        ba_option option;
        int64_t min, max;
    } limits[] = {
        {"depth", BA_OPT_DEPTH, 1, BA_MAX_DEPTH},
        {"nodes", BA_OPT_NODES, 1, INT64_MAX},
        {"movetime", BA_OPT_TIME_MS, 1, INT64_MAX / 1000},
    };
    enum { NLIMITS = sizeof limits / sizeof limits[0] };
    int64_t want[NLIMITS];
    int given[NLIMITS] = {0};
    ba_limits lim;
    ba_limits_init(&lim);
    int use_limits = 0, nroot = 0;
    ba_move *root = calloc(p->game->max_moves ? p->game->max_moves : 1, sizeof *root);
    if (!root) {
        out_error(p, BA_ERR_NOMEM, NULL, "go");
        return;
    }
    char *word = next_word(&rest);
    while (word != NULL) {
        if (word_is(word, "infinite") || word_is(word, "solve")) {
            if (word_is(word, "infinite"))
                lim.infinite = 1;
            else
                lim.solve = 1;
            use_limits = 1;
            word = next_word(&rest);
            continue;
        }
        if (word_is(word, "searchmoves")) {
            use_limits = 1;
            while ((word = next_word(&rest)) != NULL && !is_go_word(word))
                if (parse_root_move(p, word, root, &nroot) != BA_OK) {
                    free(root);
                    return;
                }
            if (nroot == 0) {
                out(p, "error: go searchmoves: no move given");
                free(root);
                return;
            }
            continue;
        }
        static const char *const clock_words[] = {"wtime", "btime", "winc", "binc", "movestogo"};
        size_t c = 0;
        while (c < 5 && !word_is(word, clock_words[c]))
            c++;
        if (c < 5) {
            int64_t v;
            char what[32];
            snprintf(what, sizeof what, "go %s", clock_words[c]);
            /* A negative clock is a flag already fallen: budget it as no time left. */
            if (number_arg(p, what, next_word(&rest), c == 4 ? 0 : -INT64_MAX / 4,
                           c == 4 ? 1000000 : INT64_MAX / 4, &v) != BA_OK) {
                free(root);
                return;
            }
            if (c < 2)
                lim.time_ms[c] = v < 0 ? 0 : v;
            else if (c < 4)
                lim.inc_ms[c - 2] = v < 0 ? 0 : v;
            else
                lim.movestogo = (int)v;
            use_limits = 1;
            word = next_word(&rest);
            continue;
        }
        size_t k = 0;
        while (k < NLIMITS && !word_is(word, limits[k].word))
            k++;
        if (k == NLIMITS) {
            out(p, "error: go: unknown limit '%.40s' (depth, nodes, movetime, wtime, btime, winc, "
                   "binc, movestogo, infinite, solve or searchmoves)", word);
            free(root);
            return;
        }
        char what[32];
        snprintf(what, sizeof what, "go %s", limits[k].word);
        if (number_arg(p, what, next_word(&rest), limits[k].min, limits[k].max, &want[k]) != BA_OK) {
            free(root);
            return;
        }
        given[k] = 1;
        word = next_word(&rest);
    }
    if ((lim.time_ms[0] >= 0 || lim.time_ms[1] >= 0 || lim.inc_ms[0] || lim.inc_ms[1]) &&
        lim.time_ms[0] < 0 && lim.time_ms[1] < 0) {
        /* Only increments: a clock with nothing left but the increment. */
        lim.time_ms[0] = lim.time_ms[1] = 0;
    }
    if (nroot > 0) {
        lim.root_moves = root;
        lim.root_count = nroot;
    }

    int result = ba_pos_result(p->pos);
    if (result < 0) {
        out_error(p, result, NULL, "go");
        free(root);
        return;
    }
    if (result != BA_RESULT_ONGOING) {
        char buf[64];
        out(p, "error: go: the game is over (%s)", result_text(p->game, result, buf, sizeof buf));
        free(root);
        return;
    }

    int64_t saved[NLIMITS];
    for (size_t k = 0; k < NLIMITS; k++) {
        saved[k] = 0;
        if (!given[k])
            continue;
        int rc = ba_engine_get(p->engine, limits[k].option, &saved[k]);
        if (rc == BA_OK)
            rc = ba_engine_set(p->engine, limits[k].option, want[k]);
        if (rc != BA_OK) {
            for (size_t j = 0; j < k; j++)
                if (given[j])
                    ba_engine_set(p->engine, limits[j].option, saved[j]);
            out_error(p, rc, NULL, limits[k].word);
            free(root);
            return;
        }
    }
    /* A search with only some limits given keeps the session's other limits. */
    memcpy(p->pv_root, ba_pos_state(p->pos), p->game->state_size);
    ba_search_result *res = malloc(sizeof *res);
    if (res && lim.infinite && !p->lock_ok) {
        /* Without the output lock no second thread may write: refuse rather than hang. */
        for (size_t k = 0; k < NLIMITS; k++)
            if (given[k])
                ba_engine_set(p->engine, limits[k].option, saved[k]);
        out_error(p, BA_ERR_UNSUPPORTED, NULL, "go infinite");
        free(res);
        free(root);
        return;
    }
    if (res && lim.infinite) {
        /* `go infinite`: on its own thread until `stop`. The line's depth or node limit stays
         * set while it runs (the engine refuses changes then) and is restored at stop. */
        for (size_t k = 0; k < NLIMITS; k++)
            if (given[k])
                ba_engine_set(p->engine, limits[k].option, saved[k]);
        if (given[0])
            lim.depth = (int)want[0];
        if (given[1])
            lim.nodes = (uint64_t)want[1];
        free(p->async_moves);
        p->async_moves = root;
        lim.root_moves = nroot > 0 ? root : NULL;
        p->async_limits = lim;
        p->async_res = res;
        p->searching = 1;
        atomic_store(&p->async_done, 0);
        if (pthread_create(&p->thread, NULL, async_main, p) == 0) {
            p->async = 1;
            return;
        }
        p->searching = 0;
        p->async_res = NULL;
        p->async_moves = NULL;
        free(res);
        free(root);
        out_error(p, BA_ERR_NOMEM, NULL, "go infinite: no thread");
        return;
    }
    p->searching = 1;
    int rc = !res ? BA_ERR_NOMEM
             : use_limits ? ba_engine_search_limits(p->engine, p->pos, &lim, res)
                          : ba_engine_search(p->engine, p->pos, res);
    p->searching = 0;
    for (size_t k = 0; k < NLIMITS; k++)
        if (given[k])
            ba_engine_set(p->engine, limits[k].option, saved[k]);
    if (res)
        out_bestmove(p, rc, res);
    else
        out_error(p, rc, NULL, "go");
    free(res);
    free(root);
}

static void cmd_result(ba_protocol *p)
{
    int result = ba_pos_result(p->pos);
    if (result < 0) {
        out_error(p, result, NULL, "result");
        return;
    }
    char buf[64];
    out(p, "%s", result_text(p->game, result, buf, sizeof buf));
}

static void cmd_setoption(ba_protocol *p, char *rest)
{
    char *name = next_word(&rest);
    /* Also accept the UCI form: setoption name <name> value <value>. */
    if (name && word_is(name, "name")) {
        name = next_word(&rest);
        char *v = next_word(&rest);
        if (v && !word_is(v, "value")) {
            out(p, "error: setoption: expected 'value' after the name");
            return;
        }
    }
    char *value = next_word(&rest);
    if (!name || !value) {
        out(p, "error: setoption: expected setoption <name> <value>");
        return;
    }
    if (*rest) {
        out(p, "error: setoption: unexpected '%.40s'", rest);
        return;
    }
    const proto_setting *s = find_setting(name);
    if (!s) {
        out(p, "error: setoption: unknown option '%.40s' (see 'options')", name);
        return;
    }
    int64_t v = -1;
    if (s->option == BA_OPT_ALGORITHM) {
        for (size_t i = 0; i < sizeof ALGORITHMS / sizeof ALGORITHMS[0]; i++)
            if (word_is(value, ALGORITHMS[i]))
                v = (int64_t)i;
        if (v < 0 && parse_int(value, 0, INT32_MAX, &v) != BA_OK) {
            out(p, "error: setoption algorithm: '%.40s' is not negamax, alphabeta, bestfirst or "
                   "mcts", value);
            return;
        }
    } else {
        char what[48];
        snprintf(what, sizeof what, "setoption %s", s->name);
        if (number_arg(p, what, value, INT64_MIN, INT64_MAX, &v) != BA_OK)
            return;
    }
    int rc = ba_engine_set(p->engine, s->option, v);
    if (rc != BA_OK) {
        char what[80];
        snprintf(what, sizeof what, "setoption %s %.40s", s->name, value);
        out_error(p, rc, NULL, what);
    }
}

static void cmd_undo(ba_protocol *p)
{
    int rc = ba_pos_undo(p->pos);
    if (rc == BA_ERR_STATE)
        out(p, "error: undo: no move to take back");
    else if (rc != BA_OK)
        out_error(p, rc, NULL, "undo");
}

/* ---- session ---- */

int ba_protocol_new(const ba_game *game, ba_write_fn write, void *user, ba_protocol **out_proto)
{
    if (!out_proto)
        return BA_ERR_ARG;
    *out_proto = NULL;
    if (!game)
        return BA_ERR_ARG;
    int rc = ba_game_check(game, NULL);
    if (rc != BA_OK)
        return rc;
    ba_protocol *p = calloc(1, sizeof *p);
    if (!p)
        return BA_ERR_NOMEM;
    p->game = game;
    p->write = write;
    p->user = user;
    p->line = malloc(BA_PROTOCOL_LINE_MAX + 1);
    p->pv_state = malloc(game->state_size ? game->state_size : 1);
    p->pv_root = malloc(game->state_size ? game->state_size : 1);
    atomic_init(&p->async_done, 1);
    p->lock_ok = pthread_mutex_init(&p->out_lock, NULL) == 0;
    if (!p->line || !p->pv_state || !p->pv_root) {
        ba_protocol_free(p);
        return BA_ERR_NOMEM;
    }
    rc = ba_pos_new(game, &p->pos);
    if (rc == BA_OK)
        rc = ba_engine_new(game, &p->engine);
    if (rc == BA_OK)
        rc = ba_engine_set_progress(p->engine, on_progress, p);
    if (rc != BA_OK) {
        ba_protocol_free(p);
        return rc;
    }
    *out_proto = p;
    return BA_OK;
}

void ba_protocol_free(ba_protocol *proto)
{
    if (!proto)
        return;
    finish_async(proto);
    free(proto->async_moves);
    if (proto->lock_ok)
        pthread_mutex_destroy(&proto->out_lock);
    ba_engine_free(proto->engine);
    ba_pos_free(proto->pos);
    free(proto->line);
    free(proto->pv_state);
    free(proto->pv_root);
    free(proto);
}

ba_engine *ba_protocol_engine(ba_protocol *proto) { return proto ? proto->engine : NULL; }

ba_pos *ba_protocol_position(ba_protocol *proto) { return proto ? proto->pos : NULL; }

/* Takes a command word that wants no arguments; answers an error when some follow. */
static int no_args(ba_protocol *p, const char *cmd, const char *rest)
{
    if (*rest) {
        out(p, "error: %s takes no arguments (got '%.40s')", cmd, rest);
        return 0;
    }
    return 1;
}

int ba_protocol_feed(ba_protocol *proto, const char *line)
{
    if (!proto || !line)
        return BA_ERR_ARG;
    ba_protocol *p = proto;

    /* Never read past BA_PROTOCOL_LINE_MAX + 2 bytes, whatever the caller passed. */
    size_t len = 0;
    while (len <= BA_PROTOCOL_LINE_MAX + 1 && line[len])
        len++;
    if (len > 0 && line[len - 1] == '\n' && len <= BA_PROTOCOL_LINE_MAX + 1)
        len--;
    if (len > 0 && line[len - 1] == '\r' && len <= BA_PROTOCOL_LINE_MAX + 1)
        len--;
    if (len > BA_PROTOCOL_LINE_MAX) {
        out(p, "error: line too long (more than %d bytes)", BA_PROTOCOL_LINE_MAX);
        return BA_OK;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            out(p, "error: control character 0x%02x at column %zu", c, i + 1);
            return BA_OK;
        }
    }
    memcpy(p->line, line, len);
    p->line[len] = '\0';

    char *rest = p->line;
    char *cmd = next_word(&rest);
    if (!cmd || cmd[0] == '#')
        return BA_OK; /* empty line or comment */

    if (p->async) {
        /* A `go infinite` runs: it owns the position and the engine until `stop`. */
        if (word_is(cmd, "stop") || word_is(cmd, "quit")) {
            finish_async(p);
            return word_is(cmd, "quit") ? BA_PROTOCOL_QUIT : BA_OK;
        }
        out(p, "error: '%.40s' while searching (send stop first)", cmd);
        return BA_OK;
    }
    if (word_is(cmd, "quit")) {
        return BA_PROTOCOL_QUIT;
    } else if (word_is(cmd, "stop")) {
        /* Nothing runs: a late stop is harmless. */
    } else if (word_is(cmd, "new")) {
        if (no_args(p, "new", rest)) {
            int rc = ba_pos_reset(p->pos);
            if (rc != BA_OK)
                out_error(p, rc, NULL, "new");
        }
    } else if (word_is(cmd, "position")) {
        cmd_position(p, rest);
    } else if (word_is(cmd, "moves")) {
        if (no_args(p, "moves", rest))
            cmd_moves(p);
    } else if (word_is(cmd, "play")) {
        cmd_play(p, rest);
    } else if (word_is(cmd, "undo")) {
        if (no_args(p, "undo", rest))
            cmd_undo(p);
    } else if (word_is(cmd, "show")) {
        if (no_args(p, "show", rest))
            cmd_show(p);
    } else if (word_is(cmd, "perft")) {
        cmd_perft(p, rest);
    } else if (word_is(cmd, "eval")) {
        if (no_args(p, "eval", rest))
            cmd_eval(p);
    } else if (word_is(cmd, "go")) {
        cmd_go(p, rest);
    } else if (word_is(cmd, "result")) {
        if (no_args(p, "result", rest))
            cmd_result(p);
    } else if (word_is(cmd, "setoption")) {
        cmd_setoption(p, rest);
    } else if (word_is(cmd, "options")) {
        if (no_args(p, "options", rest))
            cmd_options(p);
    } else if (word_is(cmd, "help")) {
        cmd_help(p);
    } else {
        out(p, "error: unknown command '%.40s' (try 'help')", cmd);
    }
    return BA_OK;
}
