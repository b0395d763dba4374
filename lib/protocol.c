/* The common text protocol (protocol.h), a dialect on the session kernel (kit/session.h): one
 * command line in, whole answer lines out through the caller's write callback. Every command is
 * checked before anything changes, so a bad line only ever answers "error: ..." and leaves the
 * session as it was. A `go` searches with its own limits (ba_limits) on the kernel's search
 * runner: in the caller's thread, or for `go infinite` on the session's worker thread until
 * `stop`. The library never prints. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/protocol.h"
#include "session.h"

/* perft deeper than this cannot finish for any real game; refuse it instead of hanging. */
#define PROTO_PERFT_MAX 64

struct ba_protocol {
    const ba_game *game;
    bac_session *session;
    ba_pos *pos;
    ba_engine *engine;
    void *pv_state;  /* scratch state for writing a principal variation, game->state_size */
    void *pv_root;   /* the state the running search started from */
    int searching;   /* a `go` is running: pv_root is the searched position */
    int async;       /* a `go infinite` runs on the session's worker until `stop` */
    /* The `go` being run: its limits (per search: the engine's settings are never touched) and
     * its searchmoves (game->max_moves entries). */
    ba_limits go_limits;
    ba_move *go_moves;
};

/* ---- output: every line goes through the kernel's output lock ---- */

static void out_raw(ba_protocol *p, const char *line, size_t len)
{
    bac_session_write(p->session, line, len);
}

static void out(ba_protocol *p, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
static void out(ba_protocol *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bac_session_vsay(p->session, fmt, ap);
    va_end(ap);
}

/* Writes a multi-line text (a board drawing, an explanation) one line per call. */
static void out_lines(ba_protocol *p, const char *text) { bac_session_lines(p->session, text); }

/* "error: <what>: <message>" into @p t (the message from @p err, else the code's). */
static void error_text(bac_text *t, int code, const ba_error *err, const char *what)
{
    const char *msg = (err && err->code != BA_OK && err->message[0]) ? err->message : ba_errstr(code);
    if (what && *what)
        bac_text_addf(t, "error: %s: %s", what, msg);
    else
        bac_text_addf(t, "error: %s", msg);
}

static void out_error(ba_protocol *p, int code, const ba_error *err, const char *what)
{
    bac_text t = {0};
    error_text(&t, code, err, what);
    if (!t.failed)
        out_raw(p, t.data, t.len);
    bac_text_free(&t);
}

/* A number argument in [min, max]; answers the kernel's message as an error when it is not. */
static int number_arg(ba_protocol *p, const char *what, const char *word, int64_t min, int64_t max,
                      int64_t *value)
{
    char msg[160];
    int rc = bac_parse_int_msg(what, word, min, max, value, msg, sizeof msg);
    if (rc != BA_OK)
        out(p, "error: %s", msg);
    return rc;
}

/* ---- parsing helpers ---- */

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

/* ---- engine settings by name: the kernel's options table ---- */

/* Indexed by ba_algorithm. */
static const char *const ALGORITHMS[] = {"negamax", "alphabeta", "bestfirst", "mcts", NULL};

/* Every setting is an engine option (bac_option::key); the engine checks the range. */
static int set_engine_option(void *user, const bac_option *opt, int64_t value, const char *text,
                             char *msg, size_t cap)
{
    ba_protocol *p = user;
    int rc = ba_engine_set(p->engine, (ba_option)opt->key, value);
    if (rc != BA_OK)
        snprintf(msg, cap, "%s %.40s: %s", opt->name, text, ba_errstr(rc));
    return rc;
}

/* The algorithm by name (or its number, which the engine checks). */
static int set_algorithm(void *user, const bac_option *opt, int64_t value, const char *text,
                         char *msg, size_t cap)
{
    (void)value;
    int64_t v = -1;
    for (int64_t i = 0; ALGORITHMS[i]; i++)
        if (bac_word_is(text, ALGORITHMS[i]))
            v = i;
    if (v < 0 && bac_parse_int(text, 0, INT32_MAX, &v) != BA_OK) {
        snprintf(msg, cap, "algorithm: '%.40s' is not negamax, alphabeta, bestfirst or "
                 "mcts", text);
        return BA_ERR_PARSE;
    }
    return set_engine_option(user, opt, v, text, msg, cap);
}

#define ENGINE_OPT(name, option, help)                                                           \
    {name, BAC_OPT_INT, INT64_MIN, INT64_MAX, NULL, set_engine_option, option, help}

static const bac_option SETTINGS[] = {
    {"algorithm", BAC_OPT_TEXT, 0, 0, NULL, set_algorithm, BA_OPT_ALGORITHM,
     "negamax | alphabeta | bestfirst | mcts"},
    ENGINE_OPT("depth", BA_OPT_DEPTH, "maximum depth in plies"),
    ENGINE_OPT("nodes", BA_OPT_NODES, "node limit, 0 = none"),
    ENGINE_OPT("time", BA_OPT_TIME_MS, "time limit in milliseconds, 0 = none"),
    ENGINE_OPT("hash", BA_OPT_TT_MB, "transposition table MiB, 0 = none"),
    ENGINE_OPT("seed", BA_OPT_SEED, "random seed"),
    ENGINE_OPT("noise", BA_OPT_NOISE, "evaluation noise amplitude, 0 = off"),
    ENGINE_OPT("quiescence", BA_OPT_QUIESCENCE, "1 = on, 0 = off"),
    ENGINE_OPT("aspiration", BA_OPT_ASPIRATION, "aspiration window half-width, 0 = off"),
    ENGINE_OPT("threads", BA_OPT_THREADS, "search threads"),
    ENGINE_OPT("bfmindepth", BA_OPT_BF_MIN_DEPTH, "best-first: smallest re-search depth"),
    ENGINE_OPT("bfschedule", BA_OPT_BF_SCHEDULE, "best-first: first re-search depth root k"),
    ENGINE_OPT("ttdeeper", BA_OPT_TT_DEEPER, "1 = cut off with deeper table entries"),
    ENGINE_OPT("qdepth", BA_OPT_QDEPTH, "maximum quiescence depth"),
    ENGINE_OPT("deterministic", BA_OPT_DETERMINISTIC, "1 = same result whatever came before"),
    ENGINE_OPT("mctsc", BA_OPT_MCTS_C, "MCTS: UCT exploration constant x 1000"),
    ENGINE_OPT("mctsplayout", BA_OPT_MCTS_PLAYOUT, "MCTS: random plies per playout, -1 = to the end"),
    ENGINE_OPT("mctssolver", BA_OPT_MCTS_SOLVER, "MCTS: 1 = prove wins and losses"),
    ENGINE_OPT("mctsmemory", BA_OPT_MCTS_MEMORY_MB, "MCTS: tree memory cap in MiB"),
    ENGINE_OPT("mctsevalscale", BA_OPT_MCTS_EVAL_SCALE, "MCTS: evaluation units for odds of 1:e"),
    ENGINE_OPT("mctsiterations", BA_OPT_MCTS_ITERATIONS, "MCTS: iteration limit, 0 = none"),
    ENGINE_OPT("mctsreuse", BA_OPT_MCTS_REUSE, "MCTS: 1 = keep the subtree between searches"),
    ENGINE_OPT("selective", BA_OPT_SELECTIVE, "alpha-beta: 1 = selective search, 0 = exact"),
    ENGINE_OPT("multipv", BA_OPT_MULTIPV, "alpha-beta: the number of best root moves reported"),
};
#define NSETTINGS (sizeof SETTINGS / sizeof SETTINGS[0])

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

/* `position startpos|<text> [moves <m1> ...]`: built on a copy, swapped in only when it all
 * worked. The position text may contain spaces, so it ends at the word "moves". */
static void cmd_position(ba_protocol *p, char *rest)
{
    rest = bac_skip_spaces(rest);
    if (!*rest) {
        out(p, "error: position: expected 'startpos' or a position text");
        return;
    }
    char *moves = NULL;
    if (strncmp(rest, "moves", 5) == 0 && (rest[5] == '\0' || bac_is_space(rest[5]))) {
        out(p, "error: position: expected 'startpos' or a position text before 'moves'");
        return;
    }
    for (char *s = rest; *s; s++) {
        if (bac_is_space(*s) && strncmp(s + 1, "moves", 5) == 0 &&
            (s[6] == '\0' || bac_is_space(s[6]))) {
            *s = '\0';
            moves = s + 6;
            break;
        }
    }
    bac_trim_end(rest);

    ba_pos *np = NULL;
    int rc = ba_pos_clone(p->pos, &np);
    if (rc != BA_OK) {
        out_error(p, rc, NULL, "position");
        return;
    }
    ba_error err;
    ba_error_clear(&err);
    if (bac_word_is(rest, "startpos"))
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
        while ((word = bac_next_word(&moves)) != NULL) {
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
    bac_text sb = {0};
    bac_text_add(&sb, "", 0);
    char text[BA_MOVE_TEXT_MAX];
    size_t total = 0; /* the length of the whole list, written or not */
    for (int i = 0; i < n; i++) {
        int len = ba_pos_move_text(p->pos, &list[i], text, sizeof text);
        if (len < 0) {
            out_error(p, len, NULL, "moves: writing a move");
            free(list);
            bac_text_free(&sb);
            return;
        }
        if (i > 0)
            bac_text_add(&sb, " ", 1);
        spaces_to_underscores(text);
        bac_text_add(&sb, text, strlen(text));
        total += (i > 0) + strlen(text);
    }
    if (sb.failed && total > BAC_LINE_MAX)
        out(p, "error: moves: the list has %zu bytes, more than the line limit (%d bytes)", total,
            BAC_LINE_MAX);
    else if (sb.failed)
        out_error(p, BA_ERR_NOMEM, NULL, "moves");
    else
        out_raw(p, sb.data, sb.len);
    free(list);
    bac_text_free(&sb);
}

static void cmd_play(ba_protocol *p, char *rest)
{
    bac_trim_end(rest);
    rest = bac_skip_spaces(rest);
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
    char *word = bac_next_word(&rest);
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
static void append_pv(ba_protocol *p, bac_text *sb, const ba_move *pv, int pv_len)
{
    const ba_game *g = p->game;
    memcpy(p->pv_state, p->pv_root, g->state_size);
    char text[BA_MOVE_TEXT_MAX];
    for (int i = 0; i < pv_len && i < BA_MAX_PV; i++) {
        if (ba_game_move_to_text(g, p->pv_state, &pv[i], text, sizeof text) < 0)
            break;
        spaces_to_underscores(text);
        bac_text_add(sb, " ", 1);
        bac_text_add(sb, text, strlen(text));
        if (g->apply(g, p->pv_state, &pv[i]) != BA_OK)
            break;
    }
}

static void on_progress(void *user, const ba_progress *pr)
{
    ba_protocol *p = user;
    bac_text sb = {0};
    if (pr->multipv > 1) {
        /* MultiPV lines after the first: their own kind of line, with the readable value (the
         * first line keeps the format scripts parse). */
        char value[32];
        if (ba_score_text(pr->score, 0, value, sizeof value) < 0)
            snprintf(value, sizeof value, "%d", pr->score);
        bac_text_addf(&sb, "info multipv %d depth %d score %d value %s nodes %llu nps %llu time %llu pv",
                pr->multipv, pr->depth, pr->score, value, (unsigned long long)pr->nodes,
                (unsigned long long)pr->nps, (unsigned long long)pr->time_ms);
    } else {
        bac_text_addf(&sb, "info depth %d score %d nodes %llu nps %llu time %llu pv", pr->depth,
                pr->score, (unsigned long long)pr->nodes, (unsigned long long)pr->nps,
                (unsigned long long)pr->time_ms);
    }
    /* A search started by the caller through ba_protocol_engine() has no root state here. */
    if (p->searching && pr->pv && pr->pv_len > 0)
        append_pv(p, &sb, pr->pv, pr->pv_len);
    if (!sb.failed)
        out_raw(p, sb.data, sb.len);
    bac_text_free(&sb);
}

/* The words that end a `searchmoves` list. */
static int is_go_word(const char *w)
{
    static const char *const words[] = {"depth", "nodes", "movetime", "wtime", "btime", "winc",
                                        "binc", "movestogo", "infinite", "solve", "searchmoves"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (bac_word_is(w, words[i]))
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

/* `bestmove <move> score <n> value <readable>` (the number first, as scripts read it), or the
 * error of a search that failed: the one final line of a `go`. */
static void bestmove_text(ba_protocol *p, int rc, const ba_search_result *res, bac_text *t)
{
    if (rc != BA_OK) {
        error_text(t, rc, NULL, "go");
        return;
    }
    char text[BA_MOVE_TEXT_MAX];
    int len = ba_pos_move_text(p->pos, &res->best, text, sizeof text);
    if (len < 0) {
        error_text(t, len, NULL, "go: writing the best move");
        return;
    }
    spaces_to_underscores(text);
    char value[32];
    if (ba_score_text(res->score, res->proven, value, sizeof value) < 0)
        snprintf(value, sizeof value, "%d", res->score);
    bac_text_addf(t, "bestmove %s score %d value %s", text, res->score, value);
}

/* The search of a `go` (the kernel's bac_search_fn): on the caller's thread, or on the
 * session's worker for `go infinite`. */
static void go_search(void *user, bac_session *s, bac_text *final)
{
    ba_protocol *p = user;
    ba_search_result *res = malloc(sizeof *res);
    if (!res) {
        error_text(final, BA_ERR_NOMEM, NULL, "go");
        return;
    }
    bac_session_set_engine(s, p->engine);
    int rc = ba_engine_search_limits(p->engine, p->pos, &p->go_limits, res);
    bestmove_text(p, rc, res, final);
    free(res);
}

static void cmd_go(ba_protocol *p, char *rest)
{
    /* Every limit on the line is a limit of this search only (ba_limits): the session's own
     * settings (setoption) stay as they are. */
    ba_limits lim;
    ba_limits_init(&lim);
    int nroot = 0;
    ba_move *root = p->go_moves;
    char *word = bac_next_word(&rest);
    while (word != NULL) {
        if (bac_word_is(word, "infinite") || bac_word_is(word, "solve")) {
            if (bac_word_is(word, "infinite"))
                lim.infinite = 1;
            else
                lim.solve = 1;
            word = bac_next_word(&rest);
            continue;
        }
        if (bac_word_is(word, "searchmoves")) {
            while ((word = bac_next_word(&rest)) != NULL && !is_go_word(word))
                if (parse_root_move(p, word, root, &nroot) != BA_OK)
                    return;
            if (nroot == 0) {
                out(p, "error: go searchmoves: no move given");
                return;
            }
            continue;
        }
        static const char *const clock_words[] = {"wtime", "btime", "winc", "binc", "movestogo"};
        size_t c = 0;
        while (c < 5 && !bac_word_is(word, clock_words[c]))
            c++;
        if (c < 5) {
            int64_t v;
            char what[32];
            snprintf(what, sizeof what, "go %s", clock_words[c]);
            /* A negative clock is a flag already fallen: budget it as no time left. */
            if (number_arg(p, what, bac_next_word(&rest), c == 4 ? 0 : -INT64_MAX / 4,
                           c == 4 ? 1000000 : INT64_MAX / 4, &v) != BA_OK)
                return;
            if (c < 2)
                lim.time_ms[c] = v < 0 ? 0 : v;
            else if (c < 4)
                lim.inc_ms[c - 2] = v < 0 ? 0 : v;
            else
                lim.movestogo = (int)v;
            word = bac_next_word(&rest);
            continue;
        }
        static const struct {
            const char *word;
            int64_t min, max;
        } limits[] = {
            {"depth", 1, BA_MAX_DEPTH},
            {"nodes", 1, INT64_MAX},
            {"movetime", 1, INT64_MAX / 1000},
        };
        size_t k = 0;
        while (k < 3 && !bac_word_is(word, limits[k].word))
            k++;
        if (k == 3) {
            out(p, "error: go: unknown limit '%.40s' (depth, nodes, movetime, wtime, btime, winc, "
                   "binc, movestogo, infinite, solve or searchmoves)", word);
            return;
        }
        char what[32];
        snprintf(what, sizeof what, "go %s", limits[k].word);
        int64_t v;
        if (number_arg(p, what, bac_next_word(&rest), limits[k].min, limits[k].max, &v) != BA_OK)
            return;
        if (k == 0)
            lim.depth = (int)v;
        else if (k == 1)
            lim.nodes = (uint64_t)v;
        else
            lim.movetime_ms = v;
        word = bac_next_word(&rest);
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
        return;
    }
    if (result != BA_RESULT_ONGOING) {
        char buf[64];
        out(p, "error: go: the game is over (%s)", result_text(p->game, result, buf, sizeof buf));
        return;
    }

    memcpy(p->pv_root, ba_pos_state(p->pos), p->game->state_size);
    p->go_limits = lim;
    /* `go infinite` keeps its bestmove for `stop` even when it ends first (a depth limit). */
    int rc = bac_session_prepare(p->session, go_search, p, lim.infinite);
    if (rc != BA_OK) {
        out_error(p, rc, NULL, "go");
        return;
    }
    p->searching = 1;
    if (lim.infinite) {
        rc = bac_session_start(p->session);
        if (rc == BA_OK) {
            p->async = 1;
            return;
        }
        bac_session_drop(p->session);
        p->searching = 0;
        out_error(p, rc, NULL, "go infinite: no thread");
        return;
    }
    bac_session_run(p->session);
    p->searching = 0;
}

/* Ends a `go infinite`: stops it and waits; its bestmove is out when this returns. */
static void finish_async(ba_protocol *p)
{
    if (!p->async)
        return;
    bac_session_finish(p->session);
    p->async = 0;
    p->searching = 0;
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

static void cmd_undo(ba_protocol *p)
{
    int rc = ba_pos_undo(p->pos);
    if (rc == BA_ERR_STATE)
        out(p, "error: undo: no move to take back");
    else if (rc != BA_OK)
        out_error(p, rc, NULL, "undo");
}

static void cmd_setoption(ba_protocol *p, char *rest)
{
    char *name = bac_next_word(&rest);
    /* Also accept the UCI form: setoption name <name> value <value>. */
    if (name && bac_word_is(name, "name")) {
        name = bac_next_word(&rest);
        char *v = bac_next_word(&rest);
        if (v && !bac_word_is(v, "value")) {
            out(p, "error: setoption: expected 'value' after the name");
            return;
        }
    }
    char *value = bac_next_word(&rest);
    if (!name || !value) {
        out(p, "error: setoption: expected setoption <name> <value>");
        return;
    }
    if (*rest) {
        out(p, "error: setoption: unexpected '%.40s'", rest);
        return;
    }
    const bac_option *s = bac_option_find(SETTINGS, NSETTINGS, name);
    if (!s) {
        out(p, "error: setoption: unknown option '%.40s' (see 'options')", name);
        return;
    }
    char msg[200];
    if (bac_option_apply(p, s, value, msg, sizeof msg) != BA_OK)
        out(p, "error: setoption %s", msg);
}

static void cmd_options(ba_protocol *p)
{
    for (size_t i = 0; i < NSETTINGS; i++) {
        int64_t v = 0;
        if (ba_engine_get(p->engine, (ba_option)SETTINGS[i].key, &v) != BA_OK)
            continue;
        if (SETTINGS[i].key == BA_OPT_ALGORITHM && v >= 0 &&
            v < (int64_t)(sizeof ALGORITHMS / sizeof ALGORITHMS[0]) - 1)
            out(p, "option %s %s (%s)", SETTINGS[i].name, ALGORITHMS[v], SETTINGS[i].help);
        else
            out(p, "option %s %lld (%s)", SETTINGS[i].name, (long long)v, SETTINGS[i].help);
    }
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
    p->pv_state = malloc(game->state_size ? game->state_size : 1);
    p->pv_root = malloc(game->state_size ? game->state_size : 1);
    p->go_moves = calloc(game->max_moves ? game->max_moves : 1, sizeof *p->go_moves);
    rc = bac_session_new(write, user, "error:", &p->session);
    if (rc == BA_OK && (!p->pv_state || !p->pv_root || !p->go_moves))
        rc = BA_ERR_NOMEM;
    if (rc == BA_OK)
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
    bac_session_free(proto->session);
    ba_engine_free(proto->engine);
    ba_pos_free(proto->pos);
    free(proto->go_moves);
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

/* One command line (a private copy, cut into words here). */
static int feed_command(ba_protocol *p, char *rest)
{
    char *cmd = bac_next_word(&rest);
    if (!cmd || cmd[0] == '#')
        return BA_OK; /* empty line or comment */

    if (bac_word_is(cmd, "isready")) {
        /* Answered at once, also while a `go infinite` searches. */
        if (no_args(p, "isready", rest))
            out(p, "readyok");
        return BA_OK;
    }
    if (p->async) {
        /* A `go infinite` runs: it owns the position and the engine until `stop`. */
        if (bac_word_is(cmd, "stop") || bac_word_is(cmd, "quit")) {
            finish_async(p);
            return bac_word_is(cmd, "quit") ? BA_PROTOCOL_QUIT : BA_OK;
        }
        out(p, "error: '%.40s' while searching (send stop first)", cmd);
        return BA_OK;
    }
    if (bac_word_is(cmd, "quit")) {
        return BA_PROTOCOL_QUIT;
    } else if (bac_word_is(cmd, "stop")) {
        /* Nothing runs: a late stop is harmless. */
    } else if (bac_word_is(cmd, "new")) {
        if (no_args(p, "new", rest)) {
            int rc = ba_pos_reset(p->pos);
            if (rc != BA_OK)
                out_error(p, rc, NULL, "new");
        }
    } else if (bac_word_is(cmd, "position")) {
        cmd_position(p, rest);
    } else if (bac_word_is(cmd, "moves")) {
        if (no_args(p, "moves", rest))
            cmd_moves(p);
    } else if (bac_word_is(cmd, "play")) {
        cmd_play(p, rest);
    } else if (bac_word_is(cmd, "undo")) {
        if (no_args(p, "undo", rest))
            cmd_undo(p);
    } else if (bac_word_is(cmd, "show")) {
        if (no_args(p, "show", rest))
            cmd_show(p);
    } else if (bac_word_is(cmd, "perft")) {
        cmd_perft(p, rest);
    } else if (bac_word_is(cmd, "eval")) {
        if (no_args(p, "eval", rest))
            cmd_eval(p);
    } else if (bac_word_is(cmd, "go")) {
        cmd_go(p, rest);
    } else if (bac_word_is(cmd, "result")) {
        if (no_args(p, "result", rest))
            cmd_result(p);
    } else if (bac_word_is(cmd, "setoption")) {
        cmd_setoption(p, rest);
    } else if (bac_word_is(cmd, "options")) {
        if (no_args(p, "options", rest))
            cmd_options(p);
    } else if (bac_word_is(cmd, "help")) {
        cmd_help(p);
    } else {
        out(p, "error: unknown command '%.40s' (try 'help')", cmd);
    }
    return BA_OK;
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
    /* A copy the size of this line (the limit is large: no buffer of that size is kept). */
    char *copy = malloc(len + 1);
    if (!copy) {
        out_error(p, BA_ERR_NOMEM, NULL, NULL);
        return BA_OK;
    }
    memcpy(copy, line, len);
    copy[len] = '\0';
    int rc = feed_command(p, copy);
    free(copy);
    return rc;
}
