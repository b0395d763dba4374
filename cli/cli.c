/* libboardai-cli, the front end of every boardai-<game> program and of outside games:
 * command-line options, the text protocol over stdio and the terminal game against the AI.
 * See include/boardai/cli.h for the interface and docs/cli.md. */
#include "boardai/cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


/* Longest line the terminal game reads; longer input is refused as a whole. */
#define CLI_INPUT_MAX 4096
/* Exit statuses. */
#define CLI_EXIT_OK 0
#define CLI_EXIT_FAIL 1
#define CLI_EXIT_USAGE 2

/* Built-in levels when a game brings none: growing depth, each capped at ten seconds. */
static const ba_cli_level DEFAULT_LEVELS[] = {
    {"level 1", 1, 0, 10000}, {"level 2", 2, 0, 10000},  {"level 3", 3, 0, 10000},
    {"level 4", 4, 0, 10000}, {"level 5", 6, 0, 10000},  {"level 6", 8, 0, 10000},
    {"level 7", 10, 0, 10000}, {"level 8", 12, 0, 10000},
};

/* Indexed by ba_algorithm. */
static const char *const ALGORITHM_NAMES[] = {"negamax", "alphabeta", "bestfirst", "mcts"};
#define ALGORITHM_COUNT ((int)(sizeof ALGORITHM_NAMES / sizeof ALGORITHM_NAMES[0]))

void ba_cli_play_options_default(ba_cli_play_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->human_side = 0;
    opts->algorithm = -1;
    opts->hash_mb = -1;
}

/* ---- small helpers ---- */

static int streq(const char *a, const char *b) { return strcmp(a, b) == 0; }

/* A whole decimal number within [min, max]; 0 on success. */
static int parse_number(const char *s, int64_t min, int64_t max, int64_t *out)
{
    if (!s || !*s)
        return -1;
    int neg = 0;
    if (*s == '-' || *s == '+')
        neg = *s++ == '-';
    if (!*s)
        return -1;
    int64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        int d = *s - '0';
        if (v > (INT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (neg)
        v = -v;
    if (v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/*
 * Reads one line into buf (without its newline). Returns 1 for a line, 0 at end of input,
 * -1 for a line that was too long or held a NUL byte (consumed and refused as a whole).
 */
static int read_line(FILE *in, char *buf, size_t cap)
{
    size_t len = 0;
    int bad = 0, c, any = 0;
    while ((c = getc(in)) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (c == '\0')
            bad = 1;
        if (len + 1 < cap)
            buf[len++] = (char)c;
        else
            bad = 1;
    }
    buf[len] = '\0';
    if (!any)
        return 0;
    return bad ? -1 : 1;
}

static const char *side_name(const ba_game *g, int side)
{
    if ((side == 0 || side == 1) && g->side_names[side])
        return g->side_names[side];
    return side == 0 ? "first player" : "second player";
}

/* ---- engine settings shared by the protocol and the terminal game ---- */

static int apply_overrides(ba_engine *engine, const ba_cli_play_options *o, ba_error *err)
{
    struct {
        int given;
        ba_option option;
        int64_t value;
        const char *name;
    } set[] = {
        {o->algorithm >= 0, BA_OPT_ALGORITHM, o->algorithm, "algorithm"},
        {o->depth > 0, BA_OPT_DEPTH, o->depth, "depth"},
        {o->nodes > 0, BA_OPT_NODES, o->nodes, "nodes"},
        {o->time_ms > 0, BA_OPT_TIME_MS, o->time_ms, "time"},
        {o->seed != 0, BA_OPT_SEED, o->seed, "seed"},
        {o->hash_mb >= 0, BA_OPT_TT_MB, o->hash_mb, "hash"},
        {o->threads > 0, BA_OPT_THREADS, o->threads, "threads"},
    };
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        if (!set[i].given)
            continue;
        int rc = ba_engine_set(engine, set[i].option, set[i].value);
        if (rc != BA_OK)
            return ba_error_set(err, rc, "--%s %lld: %s", set[i].name, (long long)set[i].value,
                                ba_errstr(rc));
    }
    return BA_OK;
}

/* ---- the text protocol over stdio ---- */

static void write_line(void *user, const char *line, size_t len)
{
    FILE *out = user;
    fwrite(line, 1, len, out);
    putc('\n', out);
    fflush(out); /* a driving script sees each info line of a long search as it comes */
}

int ba_cli_run_protocol(const ba_game *g, FILE *in, FILE *out, const ba_cli_play_options *setup)
{
    if (!in)
        in = stdin;
    if (!out)
        out = stdout;
    ba_protocol *proto = NULL;
    int rc = ba_protocol_new(g, write_line, out, &proto);
    if (rc != BA_OK) {
        fprintf(stderr, "error: cannot start the protocol: %s\n", ba_errstr(rc));
        return CLI_EXIT_FAIL;
    }
    if (setup) {
        ba_error err;
        ba_error_clear(&err);
        rc = apply_overrides(ba_protocol_engine(proto), setup, &err);
        if (rc == BA_OK && setup->position) {
            rc = ba_pos_set_text(ba_protocol_position(proto), setup->position, &err);
        }
        if (rc != BA_OK) {
            fprintf(stderr, "error: %s\n", err.message[0] ? err.message : ba_errstr(rc));
            ba_protocol_free(proto);
            return CLI_EXIT_USAGE;
        }
    }
    char *line = malloc(BA_PROTOCOL_LINE_MAX + 2);
    if (!line) {
        ba_protocol_free(proto);
        fprintf(stderr, "error: out of memory\n");
        return CLI_EXIT_FAIL;
    }
    int status = CLI_EXIT_OK;
    for (;;) {
        int got = read_line(in, line, BA_PROTOCOL_LINE_MAX + 2);
        if (got == 0)
            break;
        if (got < 0) {
            fprintf(out, "error: line too long or holding a NUL byte (limit %d bytes)\n",
                    BA_PROTOCOL_LINE_MAX);
        } else {
            rc = ba_protocol_feed(proto, line);
            if (rc < 0) {
                fprintf(stderr, "error: protocol session failed: %s\n", ba_errstr(rc));
                status = CLI_EXIT_FAIL;
                break;
            }
        }
        fflush(out);
        if (rc == BA_PROTOCOL_QUIT)
            break;
    }
    fflush(out);
    free(line);
    ba_protocol_free(proto);
    return status;
}

/* ---- the terminal game ---- */

typedef struct play_ctx {
    const ba_game *g;
    const ba_cli_hooks *hooks;
    void *user;
    const ba_cli_play_options *opts;
    FILE *in, *out;
    ba_pos *pos;
    ba_engine *engine;
    const ba_cli_level *levels;
    size_t level_count;
    int level;       /* 1-based */
    int human;       /* the human's side */
    int ai_vs_ai;
    int reported;    /* the finished game was already announced */
    ba_move *moves;  /* scratch list, game->max_moves entries */
} play_ctx;

static int move_text(play_ctx *c, const ba_pos *pos, const ba_move *m, char *buf, size_t cap)
{
    if (c->hooks && c->hooks->move_text) {
        int n = c->hooks->move_text(c->user, pos, m, buf, cap);
        if (n != BA_ERR_UNSUPPORTED)
            return n;
    }
    return ba_pos_move_text(pos, m, buf, cap);
}

static void show_board(play_ctx *c)
{
    static char buf[BA_RENDER_MAX];
    if (ba_pos_render(c->pos, buf, sizeof buf) >= 0) {
        fputs(buf, c->out);
        if (buf[0] && buf[strlen(buf) - 1] != '\n')
            putc('\n', c->out);
    }
    if (ba_pos_text(c->pos, buf, sizeof buf) >= 0)
        fprintf(c->out, "position: %s\n", buf);
}

/* A score from the point of view of the side it belongs to, for people. */
static void score_text(int score, char *buf, size_t cap)
{
    if (score >= BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "wins in %d plies", BA_SCORE_WIN - score);
    else if (score <= -BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "loses in %d plies", BA_SCORE_WIN + score);
    else
        snprintf(buf, cap, "%+d", score);
}

static void print_pv(play_ctx *c, const ba_search_result *r)
{
    ba_pos *tmp = NULL;
    if (r->pv_len <= 0 || ba_pos_clone(c->pos, &tmp) != BA_OK)
        return;
    fputs("  pv:", c->out);
    char text[BA_MOVE_TEXT_MAX];
    for (int i = 0; i < r->pv_len && i < BA_MAX_PV; i++) {
        if (move_text(c, tmp, &r->pv[i], text, sizeof text) < 0)
            break;
        fprintf(c->out, strchr(text, ' ') ? " [%s]" : " %s", text);
        if (ba_pos_play(tmp, &r->pv[i], NULL) != BA_OK)
            break;
    }
    putc('\n', c->out);
    ba_pos_free(tmp);
}

static int configure(play_ctx *c)
{
    const ba_cli_level *lv = &c->levels[c->level - 1];
    int rc = ba_engine_set(c->engine, BA_OPT_DEPTH, lv->depth > 0 ? lv->depth : BA_MAX_DEPTH);
    if (rc == BA_OK)
        rc = ba_engine_set(c->engine, BA_OPT_NODES, lv->nodes);
    if (rc == BA_OK)
        rc = ba_engine_set(c->engine, BA_OPT_TIME_MS, lv->time_ms);
    ba_error err;
    ba_error_clear(&err);
    if (rc == BA_OK)
        rc = apply_overrides(c->engine, c->opts, &err);
    if (rc == BA_OK && c->hooks && c->hooks->configure_engine)
        rc = c->hooks->configure_engine(c->user, c->engine, c->level);
    if (rc != BA_OK)
        fprintf(c->out, "error: engine settings: %s\n", err.message[0] ? err.message : ba_errstr(rc));
    return rc;
}

static void describe_level(play_ctx *c)
{
    const ba_cli_level *lv = &c->levels[c->level - 1];
    fprintf(c->out, "level %d of %zu", c->level, c->level_count);
    if (lv->name)
        fprintf(c->out, ": %s", lv->name);
    if (lv->depth > 0)
        fprintf(c->out, " (depth %d", lv->depth);
    else
        fputs(" (no depth limit", c->out);
    if (lv->nodes > 0)
        fprintf(c->out, ", %lld nodes", (long long)lv->nodes);
    if (lv->time_ms > 0)
        fprintf(c->out, ", %lld ms", (long long)lv->time_ms);
    fputs(")\n", c->out);
}

/* Searches the current position; fills r. Returns BA_OK or an error (already reported). */
static int think(play_ctx *c, ba_search_result *r)
{
    int rc = configure(c);
    if (rc != BA_OK)
        return rc;
    rc = ba_engine_search(c->engine, c->pos, r);
    if (rc != BA_OK)
        fprintf(c->out, "error: search failed: %s\n", ba_errstr(rc));
    return rc;
}

static int ai_move(play_ctx *c)
{
    int side = ba_pos_side_to_move(c->pos);
    fprintf(c->out, "%s (AI) is thinking...\n", side_name(c->g, side));
    fflush(c->out);
    ba_search_result r;
    int rc = think(c, &r);
    if (rc != BA_OK)
        return rc;
    char text[BA_MOVE_TEXT_MAX], score[64];
    if (move_text(c, c->pos, &r.best, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    score_text(r.score, score, sizeof score);
    fprintf(c->out, "%s (AI) plays %s   score %s, depth %d, %llu nodes, %llu ms\n",
            side_name(c->g, side), text, score, r.depth, (unsigned long long)r.nodes,
            (unsigned long long)r.time_ms);
    print_pv(c, &r);
    ba_error err;
    ba_error_clear(&err);
    rc = ba_pos_play(c->pos, &r.best, &err);
    if (rc != BA_OK)
        fprintf(c->out, "error: the AI's move was refused: %s\n",
                err.message[0] ? err.message : ba_errstr(rc));
    return rc;
}

static void list_moves(play_ctx *c)
{
    int n = ba_pos_moves(c->pos, c->moves, c->g->max_moves);
    if (n < 0) {
        fprintf(c->out, "error: %s\n", ba_errstr(n));
        return;
    }
    fprintf(c->out, "%d legal move%s:", n, n == 1 ? "" : "s");
    char text[BA_MOVE_TEXT_MAX];
    for (int i = 0; i < n; i++)
        if (move_text(c, c->pos, &c->moves[i], text, sizeof text) >= 0)
            fprintf(c->out, strchr(text, ' ') ? " [%s]" : " %s", text); /* multi-step turns */
    putc('\n', c->out);
}

/* Takes back moves until the human's last move is undone (with the AI's answers after it). */
static void undo(play_ctx *c)
{
    size_t start = ba_pos_ply(c->pos);
    int took_human = 0;
    while (ba_pos_ply(c->pos) > 0) {
        if (ba_pos_undo(c->pos) != BA_OK)
            break;
        if (ba_pos_side_to_move(c->pos) == c->human) {
            took_human = 1;
            break;
        }
    }
    size_t taken = start - ba_pos_ply(c->pos);
    if (taken == 0)
        fputs("nothing to take back\n", c->out);
    else
        fprintf(c->out, "took back %zu move%s%s\n", taken, taken == 1 ? "" : "s",
                took_human ? "" : " (back at the start)");
    c->reported = 0;
}

static void hint(play_ctx *c)
{
    ba_search_result r;
    if (think(c, &r) != BA_OK)
        return;
    char text[BA_MOVE_TEXT_MAX], score[64];
    if (move_text(c, c->pos, &r.best, text, sizeof text) < 0)
        snprintf(text, sizeof text, "?");
    score_text(r.score, score, sizeof score);
    fprintf(c->out, "hint: %s   score %s, depth %d\n", text, score, r.depth);
    print_pv(c, &r);
}

static void help(play_ctx *c)
{
    fputs("Type a move, or one of:\n"
          "  moves      list the legal moves\n"
          "  undo       take back your last move and the AI's answer\n"
          "  hint       ask the AI for a move\n"
          "  level [N]  show or set the AI's strength\n"
          "  show       show the board again\n"
          "  swap       let the AI take your side (you play the other)\n"
          "  new        start a new game\n"
          "  quit       leave\n",
          c->out);
    if (c->hooks && c->hooks->move_help)
        fprintf(c->out, "%s\n", c->hooks->move_help);
}

static int parse_move(play_ctx *c, const char *text, ba_move *m, ba_error *err)
{
    if (c->hooks && c->hooks->parse_move) {
        int rc = c->hooks->parse_move(c->user, c->pos, text, m, err);
        if (rc != BA_ERR_UNSUPPORTED)
            return rc;
        ba_error_clear(err);
    }
    return ba_pos_parse_move(c->pos, text, m, err);
}

static void announce_result(play_ctx *c, int result)
{
    if (result == BA_RESULT_DRAW) {
        fputs("Game over: a draw.\n", c->out);
    } else {
        int winner = ba_result_winner(result);
        fprintf(c->out, "Game over: %s wins%s.\n", side_name(c->g, winner),
                c->ai_vs_ai ? "" : (winner == c->human ? " - well played" : " (the AI)"));
    }
    if (c->hooks && c->hooks->after_game) {
        int level = c->level;
        c->hooks->after_game(c->user, result, c->human, &level);
        if (level >= 1 && (size_t)level <= c->level_count && level != c->level) {
            c->level = level;
            fputs("The AI changes its strength: ", c->out);
            describe_level(c);
        }
    }
    fputs("Type 'new' for another game, 'undo' to take back, or 'quit'.\n", c->out);
}

/* One command of the player. Returns 1 to go on, 0 to quit. */
static int handle_input(play_ctx *c, char *line, int over)
{
    char *cmd = trim(line);
    if (!*cmd)
        return 1;
    if (streq(cmd, "quit") || streq(cmd, "exit") || streq(cmd, "q"))
        return 0;
    if (streq(cmd, "help") || streq(cmd, "?")) {
        help(c);
    } else if (streq(cmd, "moves")) {
        list_moves(c);
    } else if (streq(cmd, "undo")) {
        undo(c);
    } else if (streq(cmd, "hint")) {
        if (over)
            fputs("the game is over\n", c->out);
        else
            hint(c);
    } else if (streq(cmd, "show") || streq(cmd, "board")) {
        show_board(c);
    } else if (streq(cmd, "new")) {
        int rc = ba_pos_reset(c->pos);
        if (rc == BA_OK && c->opts->position)
            rc = ba_pos_set_text(c->pos, c->opts->position, NULL);
        if (rc != BA_OK)
            fprintf(c->out, "error: %s\n", ba_errstr(rc));
        c->reported = 0;
        fputs("New game.\n", c->out);
    } else if (streq(cmd, "swap")) {
        c->human = 1 - c->human;
        fprintf(c->out, "You now play %s.\n", side_name(c->g, c->human));
    } else if (strncmp(cmd, "level", 5) == 0 && (cmd[5] == '\0' || cmd[5] == ' ')) {
        char *arg = trim(cmd + 5);
        int64_t n;
        if (*arg && parse_number(arg, 1, (int64_t)c->level_count, &n) != 0)
            fprintf(c->out, "error: level must be a number from 1 to %zu\n", c->level_count);
        else if (*arg)
            c->level = (int)n;
        describe_level(c);
    } else if (over) {
        fputs("the game is over: type 'new', 'undo' or 'quit'\n", c->out);
    } else {
        ba_move m;
        ba_error err;
        ba_error_clear(&err);
        int rc = parse_move(c, cmd, &m, &err);
        if (rc == BA_OK)
            rc = ba_pos_play(c->pos, &m, &err);
        if (rc != BA_OK)
            fprintf(c->out, "error: %s (type 'moves' for the legal moves, 'help' for help)\n",
                    err.message[0] ? err.message : ba_errstr(rc));
    }
    return 1;
}

int ba_cli_play(const ba_game *g, const ba_cli_hooks *hooks, void *user,
                const ba_cli_play_options *opts, FILE *in, FILE *out)
{
    ba_cli_play_options defaults;
    if (!opts) {
        ba_cli_play_options_default(&defaults);
        opts = &defaults;
    }
    play_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.hooks = hooks;
    c.user = user;
    c.opts = opts;
    c.in = in ? in : stdin;
    c.out = out ? out : stdout;
    c.human = opts->human_side == 1 ? 1 : 0;
    c.ai_vs_ai = opts->ai_vs_ai;
    if (hooks && hooks->levels && hooks->level_count > 0) {
        c.levels = hooks->levels;
        c.level_count = hooks->level_count;
    } else {
        c.levels = DEFAULT_LEVELS;
        c.level_count = sizeof DEFAULT_LEVELS / sizeof DEFAULT_LEVELS[0];
    }
    int level = opts->level > 0 ? opts->level : (hooks ? hooks->default_level : 0);
    if (level < 1 || (size_t)level > c.level_count)
        level = (int)(c.level_count + 1) / 2;
    c.level = level;

    int status = CLI_EXIT_FAIL;
    char *line = malloc(CLI_INPUT_MAX);
    c.moves = calloc(g->max_moves ? g->max_moves : 1, sizeof *c.moves);
    int rc = (line && c.moves) ? ba_pos_new(g, &c.pos) : BA_ERR_NOMEM;
    if (rc == BA_OK && opts->position) {
        ba_error err;
        ba_error_clear(&err);
        rc = ba_pos_set_text(c.pos, opts->position, &err);
        if (rc != BA_OK) {
            fprintf(stderr, "error: --position: %s\n", err.message[0] ? err.message : ba_errstr(rc));
            status = CLI_EXIT_USAGE;
            goto done;
        }
    }
    if (rc == BA_OK)
        rc = ba_engine_new(g, &c.engine);
    if (rc != BA_OK) {
        fprintf(stderr, "error: %s\n", ba_errstr(rc));
        goto done;
    }

    fprintf(c.out, "libboardai %s: %s.\n", ba_version_string(), g->name ? g->name : "a game");
    if (c.ai_vs_ai)
        fputs("The AI plays both sides.\n", c.out);
    else
        fprintf(c.out, "You play %s. Type a move, or 'help'.\n", side_name(g, c.human));
    if (hooks && hooks->move_help)
        fprintf(c.out, "%s\n", hooks->move_help);
    fputs("The AI plays at ", c.out);
    describe_level(&c);

    int shown = 0;
    for (;;) {
        int result = ba_pos_result(c.pos);
        if (result < 0) {
            fprintf(stderr, "error: %s\n", ba_errstr(result));
            goto done;
        }
        int over = result != BA_RESULT_ONGOING;
        if (over) {
            if (!c.reported) {
                show_board(&c);
                announce_result(&c, result);
                c.reported = 1;
            }
            if (c.ai_vs_ai) {
                status = CLI_EXIT_OK;
                goto done;
            }
        } else if (c.ai_vs_ai || ba_pos_side_to_move(c.pos) != c.human) {
            if (!shown && !c.ai_vs_ai)
                show_board(&c);
            if (ai_move(&c) != BA_OK)
                goto done;
            shown = 0;
            if (c.ai_vs_ai)
                show_board(&c);
            continue;
        }
        if (!over && !shown) {
            show_board(&c);
            shown = 1;
        }
        fprintf(c.out, "%s> ", over ? "game over" : side_name(g, ba_pos_side_to_move(c.pos)));
        fflush(c.out);
        int got = read_line(c.in, line, CLI_INPUT_MAX);
        if (got == 0) {
            putc('\n', c.out);
            break;
        }
        if (got < 0) {
            fprintf(c.out, "error: line too long (at most %d characters)\n", CLI_INPUT_MAX - 1);
            continue;
        }
        size_t ply = ba_pos_ply(c.pos);
        if (!handle_input(&c, line, over))
            break;
        if (ba_pos_ply(c.pos) != ply)
            shown = 0;
        char *cmd = trim(line);
        if (streq(cmd, "new") || streq(cmd, "swap"))
            shown = 0;
    }
    status = CLI_EXIT_OK;
done:
    fflush(c.out);
    ba_engine_free(c.engine);
    ba_pos_free(c.pos);
    free(c.moves);
    free(line);
    return status;
}

/* ---- command line ---- */

typedef struct std_option {
    const char *name;
    const char *arg;
    const char *help;
} std_option;

static const std_option STD_OPTIONS[] = {
    {"help", NULL, "show this help and exit"},
    {"version", NULL, "show the version and exit"},
    {"protocol", NULL, "speak the common text protocol on stdin/stdout (type 'help' there)"},
    {"side", "S", "the side you play: 0, 1, first, second or a side name (default 0)"},
    {"ai-vs-ai", NULL, "let the AI play both sides"},
    {"level", "N", "the AI's strength level (type 'level' in the game to see them)"},
    {"depth", "D", "search depth in plies (overrides the level)"},
    {"time", "MS", "time per move in milliseconds (overrides the level)"},
    {"nodes", "N", "nodes per move (overrides the level)"},
    {"algorithm", "A", "negamax, alphabeta, bestfirst or mcts (default alphabeta)"},
    {"threads", "N", "search threads (default 1)"},
    {"seed", "N", "random seed of the engine"},
    {"hash", "MB", "transposition table size in MiB"},
    {"position", "TEXT", "start from this position text"},
};

void ba_cli_usage(const ba_cli_program *prog, FILE *out)
{
    const char *name = prog->name ? prog->name : "boardai";
    fprintf(out, "Usage: %s [options]\n", name);
    if (prog->summary)
        fprintf(out, "%s\n", prog->summary);
    fputs("\nOptions:\n", out);
    char left[64];
    for (size_t i = 0; i < sizeof STD_OPTIONS / sizeof STD_OPTIONS[0]; i++) {
        snprintf(left, sizeof left, "--%s%s%s", STD_OPTIONS[i].name, STD_OPTIONS[i].arg ? " " : "",
                 STD_OPTIONS[i].arg ? STD_OPTIONS[i].arg : "");
        fprintf(out, "  %-20s %s\n", left, STD_OPTIONS[i].help);
    }
    for (size_t i = 0; i < prog->option_count; i++) {
        const ba_cli_option *o = &prog->options[i];
        snprintf(left, sizeof left, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        fprintf(out, "  %-20s %s\n", left, o->help ? o->help : "");
    }
    fputs("\nWithout --protocol the program starts a game against the AI in the terminal.\n", out);
}

static int usage_error(const ba_cli_program *prog, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
static int usage_error(const ba_cli_program *prog, const char *fmt, ...)
{
    const char *name = prog->name ? prog->name : "boardai";
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s: %s\nTry '%s --help'.\n", name, msg, name);
    return CLI_EXIT_USAGE;
}

/* Parses a --side value against the game's side names (when known). -1 if none fits. */
static int parse_side(const char *v, const ba_game *g)
{
    if (streq(v, "0") || streq(v, "first"))
        return 0;
    if (streq(v, "1") || streq(v, "second"))
        return 1;
    for (int s = 0; g && s < 2; s++)
        if (g->side_names[s] && streq(v, g->side_names[s]))
            return s;
    return -1;
}

int ba_cli_main(int argc, char **argv, const ba_cli_program *prog)
{
    ba_cli_play_options opts;
    ba_cli_play_options_default(&opts);
    int want_help = 0, want_version = 0, want_protocol = 0;
    const char *side = NULL;

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (streq(arg, "-h"))
            arg = "--help";
        else if (streq(arg, "-V"))
            arg = "--version";
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
            return usage_error(prog, "unexpected argument '%s'", argv[i]);
        char name[64];
        const char *eq = strchr(arg + 2, '=');
        size_t nlen = eq ? (size_t)(eq - (arg + 2)) : strlen(arg + 2);
        if (nlen >= sizeof name)
            return usage_error(prog, "unknown option '%s'", arg);
        memcpy(name, arg + 2, nlen);
        name[nlen] = '\0';

        /* Find the option: standard ones first, then the program's. */
        const char *needs_arg = NULL;
        int known = 0, is_std = 0;
        for (size_t k = 0; k < sizeof STD_OPTIONS / sizeof STD_OPTIONS[0] && !known; k++)
            if (streq(name, STD_OPTIONS[k].name)) {
                known = is_std = 1;
                needs_arg = STD_OPTIONS[k].arg;
            }
        for (size_t k = 0; k < prog->option_count && !known; k++)
            if (streq(name, prog->options[k].name)) {
                known = 1;
                needs_arg = prog->options[k].arg;
            }
        if (!known)
            return usage_error(prog, "unknown option '%s'", arg);
        const char *value = NULL;
        if (needs_arg) {
            if (eq)
                value = eq + 1;
            else if (i + 1 < argc)
                value = argv[++i];
            else
                return usage_error(prog, "option '--%s' needs a value", name);
        } else if (eq) {
            return usage_error(prog, "option '--%s' takes no value", name);
        }

        if (!is_std) {
            ba_error err;
            ba_error_clear(&err);
            int rc = prog->handle_option ? prog->handle_option(prog->user, name, value, &err)
                                         : BA_ERR_UNSUPPORTED;
            if (rc != BA_OK)
                return usage_error(prog, "%s", err.message[0] ? err.message : ba_errstr(rc));
            continue;
        }
        int64_t n = 0;
        if (streq(name, "help")) {
            want_help = 1;
        } else if (streq(name, "version")) {
            want_version = 1;
        } else if (streq(name, "protocol")) {
            want_protocol = 1;
        } else if (streq(name, "ai-vs-ai")) {
            opts.ai_vs_ai = 1;
        } else if (streq(name, "side")) {
            side = value;
        } else if (streq(name, "position")) {
            opts.position = value;
        } else if (streq(name, "algorithm")) {
            opts.algorithm = -1;
            for (int a = 0; a < ALGORITHM_COUNT; a++)
                if (streq(value, ALGORITHM_NAMES[a]))
                    opts.algorithm = a;
            if (opts.algorithm < 0)
                return usage_error(prog,
                                   "unknown algorithm '%s' (negamax, alphabeta, bestfirst, mcts)",
                                   value);
        } else {
            struct {
                const char *name;
                int64_t min, max;
            } nums[] = {{"level", 1, 1000},           {"depth", 1, BA_MAX_DEPTH},
                        {"time", 1, INT64_MAX / 1000}, {"nodes", 1, INT64_MAX},
                        {"seed", INT64_MIN + 1, INT64_MAX}, {"hash", 0, 1 << 20},
                        {"threads", 1, 1024}};
            size_t k = 0;
            while (k < sizeof nums / sizeof nums[0] && !streq(name, nums[k].name))
                k++;
            if (k == sizeof nums / sizeof nums[0])
                return usage_error(prog, "unhandled option '%s'", arg);
            if (parse_number(value, nums[k].min, nums[k].max, &n) != 0) {
                char msg[160];
                snprintf(msg, sizeof msg, "--%s: '%.60s' is not a number from %lld to %lld", name,
                         value, (long long)nums[k].min, (long long)nums[k].max);
                return usage_error(prog, "%s", msg);
            }
            if (streq(name, "level"))
                opts.level = (int)n;
            else if (streq(name, "depth"))
                opts.depth = (int)n;
            else if (streq(name, "time"))
                opts.time_ms = n;
            else if (streq(name, "nodes"))
                opts.nodes = n;
            else if (streq(name, "seed"))
                opts.seed = n;
            else if (streq(name, "threads"))
                opts.threads = (int)n;
            else
                opts.hash_mb = n;
        }
    }

    if (want_help) {
        ba_cli_usage(prog, stdout);
        return CLI_EXIT_OK;
    }
    if (want_version) {
        printf("%s %s (libboardai %s)\n", prog->name ? prog->name : "boardai",
               BA_VERSION_STRING, ba_version_string());
        return CLI_EXIT_OK;
    }

    const ba_game *game = prog->game;
    int destroy = 0;
    if (prog->make_game) {
        ba_error err;
        ba_error_clear(&err);
        int rc = prog->make_game(prog->user, &game, &destroy, &err);
        if (rc != BA_OK)
            return usage_error(prog, "%s", err.message[0] ? err.message : ba_errstr(rc));
    }
    if (!game) {
        fprintf(stderr, "%s: no game\n", prog->name ? prog->name : "boardai");
        return CLI_EXIT_FAIL;
    }
    if (opts.level > 0) {
        size_t count = prog->hooks.levels && prog->hooks.level_count
                           ? prog->hooks.level_count
                           : sizeof DEFAULT_LEVELS / sizeof DEFAULT_LEVELS[0];
        if ((size_t)opts.level > count) {
            if (destroy)
                ba_game_destroy((ba_game *)(uintptr_t)game);
            return usage_error(prog, "--level: the levels are 1 to %zu", count);
        }
    }
    if (side) {
        int s = parse_side(side, game);
        if (s < 0) {
            if (destroy)
                ba_game_destroy((ba_game *)(uintptr_t)game);
            return usage_error(prog, "--side: '%s' is not 0, 1, first, second or a side name",
                               side);
        }
        opts.human_side = s;
    }

    int status;
    if (want_protocol)
        status = ba_cli_run_protocol(game, stdin, stdout, &opts);
    else
        status = ba_cli_play(game, &prog->hooks, prog->user, &opts, stdin, stdout);
    if (destroy)
        ba_game_destroy((ba_game *)(uintptr_t)game);
    return status;
}

int ba_cli_game_main(const ba_game *game, int argc, char **argv)
{
    /* The program's name as it was started, without its directory. */
    const char *name = argc > 0 && argv[0] ? argv[0] : "boardai";
    const char *slash = strrchr(name, '/');
    if (slash && slash[1])
        name = slash + 1;
    char summary[128];
    snprintf(summary, sizeof summary, "Play %s against libboardai.",
             game && game->name ? game->name : "a game");
    ba_cli_program prog = BA_CLI_PROGRAM_INIT;
    prog.name = name;
    prog.summary = summary;
    prog.game = game;
    return ba_cli_main(argc, argv, &prog);
}
