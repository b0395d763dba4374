/* AEI, the Arimaa Engine Interface: a dialect on the session kernel (kit/session.h), a line
 * handler that answers through a callback, so that a program only wires stdin/stdout (and a
 * search thread) and tests or fuzzers can drive it directly. Every malformed line is answered
 * with a `log Error:` line; nothing here trusts its input. The kernel runs the search of a `go`
 * (on the thread that calls ba_arimaa_aei_search()) while the reader still answers `isready`,
 * `setoption` (gameroom.py sends `moveused` every second) and `stop`.
 *
 * The session keeps the game twice: as whole turns (the notation, makemove, the position shown to
 * callers) and as the step game the engine searches (search_by_steps), each turn played into it as
 * its steps, pushes and pulls and a pass, so that its history holds every earlier position. */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "arimaa_internal.h"
#include "session.h"

/* The AEI clock, as the controller sends it (milliseconds; -1 = not given). Atomic because the
 * controller may send `setoption` while a search runs; the search reads them once, at its start. */
typedef struct aei_clock {
    _Atomic int64_t tcmove, tcreserve, tcpercent, tcmax, tctotal, tcturns, tcturntime;
    _Atomic int64_t reserve[2], used[2], moveused, lastmoveused;
} aei_clock;

struct ba_arimaa_aei {
    const ba_game *game;  /* whole turns: the session's position and notation */
    ba_game *step_game;   /* the step game the engine searches (owned) */
    ba_pos *pos;          /* the game as turns */
    ba_pos *spos;         /* the same game as steps */
    ba_engine *engine;    /* searches step_game */
    ba_engine *turn_engine; /* searches game, made when `search turns` asks for it */
    bac_session *session;   /* the kernel: output, the search of a go, stop */
    aei_clock clock;
    _Atomic int depth;        /* fixed depth in steps (step game plies), 0 = none */
    _Atomic int64_t fixed_ms; /* option `time`: exactly this long, 0 = none */
    _Atomic int by_turns;     /* option `search`: 1 = the old whole-turn search (measurement) */
    _Atomic int selective;    /* option `selective`: BA_OPT_SELECTIVE of both searches */
    int threads;              /* option `threads`: BA_OPT_THREADS of both searches */
    int ponder;               /* the `go` being run is `go ponder` or `go infinite` */
    int reporting;            /* the main search runs: its progress is written (not the short
                                 searches that complete its turn) */
    ba_pos *root;             /* the position the running search looks at */
};

/* Longest line written by aei_say (bestmove and pv lines are far shorter). */
#define AEI_SAY_MAX 4096
/* Kept back from every clock for the controller's and the pipes' delays. */
#define AEI_OVERHEAD_MS 250
/* The default when the controller gives no clock and no depth. */
#define AEI_DEFAULT_MS 3000

static void aei_say(ba_arimaa_aei *a, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

static void aei_say(ba_arimaa_aei *a, const char *fmt, ...)
{
    char line[AEI_SAY_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof line) n = (int)sizeof line - 1;
    bac_session_write(a->session, line, (size_t)n);
}

static void aei_progress(void *user, const ba_progress *p);

/* An engine of this session: as deep as the core goes (each search brings its own limits) and
 * reporting its progress as AEI info lines. */
static int aei_engine_new(ba_arimaa_aei *a, const ba_game *g, ba_engine **out)
{
    int rc = ba_engine_new(g, out);
    if (rc == BA_OK) rc = ba_engine_set(*out, BA_OPT_DEPTH, BA_MAX_DEPTH);
    if (rc == BA_OK) rc = ba_engine_set(*out, BA_OPT_THREADS, a->threads);
    if (rc == BA_OK) rc = ba_engine_set_progress(*out, aei_progress, a);
    return rc;
}

static void aei_clock_reset(aei_clock *c)
{
    c->tcmove = c->tcreserve = c->tcmax = c->tctotal = c->tcturns = c->tcturntime = -1;
    c->tcpercent = 100;
    c->reserve[0] = c->reserve[1] = c->used[0] = c->used[1] = -1;
    c->moveused = c->lastmoveused = -1;
}

int ba_arimaa_aei_new(const ba_game *game, ba_write_fn write, void *user, ba_arimaa_aei **out)
{
    if (!out || !write) return BA_ERR_ARG;
    *out = NULL;
    if (!game) game = ba_arimaa_game();
    if (!game->name || strcmp(game->name, "arimaa") != 0) return BA_ERR_ARG;
    const arm_params *p = game->params;
    if (p && p->by_steps) return BA_ERR_ARG; /* the session's own game is the turn game */
    ba_arimaa_aei *a = calloc(1, sizeof *a);
    if (!a) return BA_ERR_NOMEM;
    a->game = game;
    a->selective = 1;
    a->threads = 1;
    aei_clock_reset(&a->clock);
    /* The step game with every weight of the game given. */
    int rc = bac_session_new(write, user, "log Error:", &a->session);
    if (rc == BA_OK) rc = arm_step_game_new(p ? p : &arm_params_default, &a->step_game);
    if (rc == BA_OK) rc = ba_pos_new(game, &a->pos);
    if (rc == BA_OK) rc = ba_pos_new(a->step_game, &a->spos);
    if (rc == BA_OK) rc = aei_engine_new(a, a->step_game, &a->engine);
    if (rc != BA_OK) {
        ba_arimaa_aei_free(a);
        return rc;
    }
    *out = a;
    return BA_OK;
}

void ba_arimaa_aei_free(ba_arimaa_aei *aei)
{
    if (!aei) return;
    bac_session_free(aei->session); /* a search still running is stopped and waited for first */
    ba_engine_free(aei->engine);
    ba_engine_free(aei->turn_engine);
    ba_pos_free(aei->pos);
    ba_pos_free(aei->spos);
    ba_game_destroy(aei->step_game);
    free(aei);
}

ba_pos *ba_arimaa_aei_position(ba_arimaa_aei *aei) { return aei ? aei->pos : NULL; }
ba_engine *ba_arimaa_aei_engine(ba_arimaa_aei *aei) { return aei ? aei->engine : NULL; }

void ba_arimaa_aei_stop(ba_arimaa_aei *aei)
{
    if (!aei) return;
    /* The kernel stops the engine the search uses, and repeats a stop that came before the
     * engine started (from the progress callback). */
    bac_session_stop(aei->session);
}

/* Parses a non-negative decimal number (seconds may have a fraction) into milliseconds. */
static int aei_parse_ms(const char *text, int seconds, int64_t *out)
{
    int64_t whole = 0, frac = 0, scale = 1;
    const char *p = text;
    if (!(*p >= '0' && *p <= '9')) return 0;
    while (*p >= '0' && *p <= '9') {
        if (whole > 1000000000) return 0;
        whole = whole * 10 + (*p++ - '0');
    }
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9') {
            if (scale < 1000) {
                frac = frac * 10 + (*p - '0');
                scale *= 10;
            }
            p++;
        }
    }
    if (*p) return 0;
    *out = seconds ? whole * 1000 + frac * 1000 / scale : whole;
    return 1;
}

/* The AEI clock options: name, where it goes, and whether it is in seconds. The legacy spellings
 * (wreserve, breserve, tcmoveused, wused, bused) are accepted as the current ones. */
static _Atomic int64_t *aei_clock_field(ba_arimaa_aei *a, const char *name, int *seconds)
{
    aei_clock *c = &a->clock;
    static const char *const names[] = {
        "tcmove", "tcreserve", "tcpercent", "tcmax", "tctotal", "tcturns", "tcturntime",
        "greserve", "wreserve", "sreserve", "breserve", "gused", "wused", "sused", "bused",
        "moveused", "tcmoveused", "lastmoveused"};
    _Atomic int64_t *fields[] = {
        &c->tcmove, &c->tcreserve, &c->tcpercent, &c->tcmax, &c->tctotal, &c->tcturns,
        &c->tcturntime, &c->reserve[0], &c->reserve[0], &c->reserve[1], &c->reserve[1],
        &c->used[0], &c->used[0], &c->used[1], &c->used[1], &c->moveused, &c->moveused,
        &c->lastmoveused};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(name, names[i]) == 0) {
            *seconds = !(fields[i] == &c->tcpercent || fields[i] == &c->tcturns);
            return fields[i];
        }
    }
    return NULL;
}

/* ---- options: the kernel's table. Every AEI value is text (seconds may have a fraction), so
 * each setter parses its own; the clock options may come while a search runs (atomics). ---- */

enum {
    AEI_OPT_CLOCK, AEI_OPT_DEPTH, AEI_OPT_TIME, AEI_OPT_SEARCH, AEI_OPT_HASH, AEI_OPT_SELECTIVE,
    AEI_OPT_THREADS, AEI_OPT_IGNORED
};

static int aei_set(void *user, const bac_option *opt, int64_t unused, const char *value, char *msg,
                   size_t cap)
{
    (void)unused;
    ba_arimaa_aei *a = user;
    int64_t ms = 0;
    switch (opt->key) {
    case AEI_OPT_CLOCK: {
        int seconds = 0;
        _Atomic int64_t *field = aei_clock_field(a, opt->name, &seconds);
        if (!field || !aei_parse_ms(value, seconds, &ms)) {
            snprintf(msg, cap, "option %s needs a %s", opt->name,
                     seconds ? "number of seconds" : "whole number");
            return BA_ERR_PARSE;
        }
        *field = ms;
        return BA_OK;
    }
    case AEI_OPT_DEPTH:
        if (!aei_parse_ms(value, 0, &ms) || ms > BA_MAX_DEPTH) {
            snprintf(msg, cap, "depth must be 0..%d steps", BA_MAX_DEPTH);
            return BA_ERR_RANGE;
        }
        a->depth = (int)ms;
        return BA_OK;
    case AEI_OPT_TIME:
        if (!aei_parse_ms(value, 1, &ms)) {
            snprintf(msg, cap, "option time needs a number of seconds");
            return BA_ERR_PARSE;
        }
        a->fixed_ms = ms;
        return BA_OK;
    case AEI_OPT_SEARCH:
        if (strcmp(value, "steps") == 0) a->by_turns = 0;
        else if (strcmp(value, "turns") == 0) a->by_turns = 1;
        else {
            snprintf(msg, cap, "search is 'steps' or 'turns'");
            return BA_ERR_PARSE;
        }
        return BA_OK;
    case AEI_OPT_SELECTIVE:
        /* The core's selective search (on by default) against its exact alpha-beta. */
        if (strcmp(value, "1") == 0 || strcmp(value, "true") == 0) a->selective = 1;
        else if (strcmp(value, "0") == 0 || strcmp(value, "false") == 0) a->selective = 0;
        else {
            snprintf(msg, cap, "selective is 0 or 1");
            return BA_ERR_PARSE;
        }
        return BA_OK;
    case AEI_OPT_THREADS:
        /* Lazy SMP threads of the step search, and of the turn search when it is made; the
         * engine checks the range (it refuses a change while it searches, as for hash). */
        if (!aei_parse_ms(value, 0, &ms) || ba_engine_set(a->engine, BA_OPT_THREADS, ms) != BA_OK ||
            (a->turn_engine && ba_engine_set(a->turn_engine, BA_OPT_THREADS, ms) != BA_OK)) {
            snprintf(msg, cap, "threads must be 1..64 (BA_OPT_THREADS), not '%.32s'", value);
            return BA_ERR_RANGE;
        }
        a->threads = (int)ms;
        return BA_OK;
    case AEI_OPT_HASH:
        /* The engine refuses a new size while it searches: that is an error here too. */
        if (!aei_parse_ms(value, 0, &ms) || ba_engine_set(a->engine, BA_OPT_TT_MB, ms) != BA_OK) {
            snprintf(msg, cap, "bad hash size '%.32s'", value);
            return BA_ERR_RANGE;
        }
        return BA_OK;
    default:
        /* Known AEI options about the game that do not change how this engine plays. */
        return BA_OK;
    }
}

#define AEI_CLOCK_OPT(name) {name, BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_CLOCK, NULL}
#define AEI_IGNORED_OPT(name) {name, BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_IGNORED, NULL}

/* The legacy spellings (wreserve, breserve, tcmoveused, wused, bused) are the current ones. */
static const bac_option AEI_OPTIONS[] = {
    AEI_CLOCK_OPT("tcmove"), AEI_CLOCK_OPT("tcreserve"), AEI_CLOCK_OPT("tcpercent"),
    AEI_CLOCK_OPT("tcmax"), AEI_CLOCK_OPT("tctotal"), AEI_CLOCK_OPT("tcturns"),
    AEI_CLOCK_OPT("tcturntime"), AEI_CLOCK_OPT("greserve"), AEI_CLOCK_OPT("wreserve"),
    AEI_CLOCK_OPT("sreserve"), AEI_CLOCK_OPT("breserve"), AEI_CLOCK_OPT("gused"),
    AEI_CLOCK_OPT("wused"), AEI_CLOCK_OPT("sused"), AEI_CLOCK_OPT("bused"),
    AEI_CLOCK_OPT("moveused"), AEI_CLOCK_OPT("tcmoveused"), AEI_CLOCK_OPT("lastmoveused"),
    {"depth", BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_DEPTH, NULL},
    {"time", BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_TIME, NULL},
    {"search", BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_SEARCH, NULL},
    {"hash", BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_HASH, NULL},
    {"selective", BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_SELECTIVE, NULL},
    {"threads", BAC_OPT_TEXT, 0, 0, NULL, aei_set, AEI_OPT_THREADS, NULL},
    AEI_IGNORED_OPT("opponent"), AEI_IGNORED_OPT("opponent_rating"), AEI_IGNORED_OPT("rating"),
    AEI_IGNORED_OPT("rated"), AEI_IGNORED_OPT("event"),
};

/* Options the controller may send while a search runs: the clock, read once at its start. */
static int aei_option_while_searching(const bac_option *opt)
{
    return opt->key == AEI_OPT_CLOCK || opt->key == AEI_OPT_IGNORED;
}

static void aei_setoption(ba_arimaa_aei *a, char *args, int searching)
{
    /* setoption name <id> [value <x>] */
    char *name = NULL, *value = NULL;
    if (strncmp(args, "name ", 5) != 0) {
        aei_say(a, "log Error: setoption needs 'name <id> value <x>'");
        return;
    }
    name = args + 5;
    char *v = strstr(name, " value ");
    if (v) {
        *v = '\0';
        value = v + 7;
    }
    if (!value) {
        aei_say(a, "log Error: option '%.64s' needs a value", name);
        return;
    }
    const bac_option *opt =
        bac_option_find(AEI_OPTIONS, sizeof AEI_OPTIONS / sizeof AEI_OPTIONS[0], name);
    if (!opt) {
        aei_say(a, "log Warning: unknown option '%.64s' ignored", name);
        return;
    }
    if (searching && !aei_option_while_searching(opt)) {
        aei_say(a, "log Error: option %s while searching (send stop first)", opt->name);
        return;
    }
    char msg[160];
    if (bac_option_apply(a, opt, value, msg, sizeof msg) != BA_OK)
        aei_say(a, "log Error: %s", msg);
}

/* Sets the step game's position to the turn game's (after a setup or setposition: no history
 * is lost that could matter, setups never repeat and setposition starts afresh). */
static void aei_sync_steps(ba_arimaa_aei *a)
{
    char text[BA_POS_TEXT_MAX];
    ba_error err;
    if (ba_pos_text(a->pos, text, sizeof text) < 0 || ba_pos_set_text(a->spos, text, &err) != BA_OK)
        aei_say(a, "log Error: internal: the step game could not follow the position");
}

/* Plays a setup turn: any legal arrangement, also the ones generate() does not list (the core
 * plays those too, BA_GAME_PARTIAL_MOVES: the game's parser checks them). The step game then
 * takes the position from the turn game. */
static int aei_play_setup(ba_arimaa_aei *a, const char *text, ba_error *err)
{
    return ba_pos_play_text(a->pos, text, err);
}

/* Plays a turn of play in both games: the turn game checks it, the step game gets its steps. */
static int aei_play_turn(ba_arimaa_aei *a, const char *text, ba_error *err)
{
    arm_state before;
    memcpy(&before, ba_pos_state(a->pos), sizeof before);
    /* The parser checks the turn; ba_pos_play() would list every turn again to find it. */
    int rc = ba_pos_play_text(a->pos, text, err);
    if (rc != BA_OK) return rc;
    ba_move m = BA_MOVE_NONE;
    ba_pos_move_at(a->pos, ba_pos_ply(a->pos) - 1, &m);
    ba_move parts[5];
    int k = arm_turn_to_step_moves(&before, &m, parts);
    for (int i = 0; i < k && rc == BA_OK; i++) rc = ba_pos_play(a->spos, &parts[i], err);
    if (k <= 0 || rc != BA_OK) aei_sync_steps(a);
    return BA_OK;
}

static void aei_makemove(ba_arimaa_aei *a, const char *steps)
{
    ba_error err;
    ba_error_clear(&err);
    const arm_state *st = ba_pos_state(a->pos);
    int rc;
    if (st->phase != ARM_PHASE_PLAY) {
        rc = aei_play_setup(a, steps, &err);
        if (rc == BA_OK) aei_sync_steps(a);
    } else {
        rc = aei_play_turn(a, steps, &err);
    }
    if (rc != BA_OK) aei_say(a, "log Error: illegal move '%.200s': %s", steps, err.message);
}

static void aei_go_search(void *user, bac_session *s, bac_text *final);

/* One command line (a private copy, trimmed): its word and its arguments. */
static int aei_command(ba_arimaa_aei *aei, char *cmd)
{
    char *args = cmd;
    while (*args && *args != ' ' && *args != '\t') args++;
    if (*args) {
        *args++ = '\0';
        while (*args == ' ' || *args == '\t') args++;
    }
    int searching = bac_session_running(aei->session);

    if (strcmp(cmd, "isready") == 0) {
        aei_say(aei, "readyok");
    } else if (strcmp(cmd, "stop") == 0) {
        /* Safe while a search runs on another thread: it ends it (and its bestmove follows). */
        ba_arimaa_aei_stop(aei);
    } else if (strcmp(cmd, "quit") == 0) {
        ba_arimaa_aei_stop(aei);
        return BA_ARIMAA_AEI_QUIT;
    } else if (strcmp(cmd, "setoption") == 0) {
        aei_setoption(aei, args, searching);
    } else if (searching) {
        /* The search owns the position and the engine until its bestmove. */
        aei_say(aei, "log Error: '%.64s' while searching (send stop first)", cmd);
    } else {
        /* A go that was prepared but never run is dropped by the next command. */
        bac_session_drop(aei->session);
        if (strcmp(cmd, "aei") == 0) {
            aei_say(aei, "protocol-version 1");
            aei_say(aei, "id name boardai-arimaa");
            aei_say(aei, "id author libboardai");
            aei_say(aei, "id version %s", ba_version_string());
            aei_say(aei, "aeiok");
        } else if (strcmp(cmd, "newgame") == 0) {
            ba_pos_reset(aei->pos);
            ba_pos_reset(aei->spos);
            /* Forget the last game's searches, as UCI's ucinewgame does, so that a run of
             * positions (a match, a screen of positions) does not depend on their order. */
            ba_engine_clear(aei->engine);
            if (aei->turn_engine) ba_engine_clear(aei->turn_engine);
            /* A new game keeps the time control and clears what was said about the last one. */
            aei->clock.reserve[0] = aei->clock.reserve[1] = -1;
            aei->clock.used[0] = aei->clock.used[1] = -1;
            aei->clock.moveused = aei->clock.lastmoveused = -1;
        } else if (strcmp(cmd, "setposition") == 0) {
            ba_error err;
            if (ba_pos_set_text(aei->pos, args, &err) != BA_OK)
                aei_say(aei, "log Error: bad position: %s", err.message);
            else
                aei_sync_steps(aei);
        } else if (strcmp(cmd, "makemove") == 0) {
            aei_makemove(aei, args);
        } else if (strcmp(cmd, "go") == 0) {
            /* `go ponder`, and `go infinite` as in the other protocols: search until `stop`. */
            int until_stop = strcmp(args, "ponder") == 0 || strcmp(args, "infinite") == 0;
            if (*args && !until_stop) {
                aei_say(aei, "log Error: unknown go argument '%.32s'", args);
                return BA_OK;
            }
            int r = ba_pos_result(aei->pos);
            if (r != BA_RESULT_ONGOING) {
                aei_say(aei, "log Error: the game is over");
                return BA_OK;
            }
            aei->ponder = until_stop;
            if (bac_session_prepare(aei->session, aei_go_search, aei, until_stop) != BA_OK) {
                aei_say(aei, "log Error: a search is already running");
                return BA_OK;
            }
            return BA_ARIMAA_AEI_SEARCH;
        } else {
            aei_say(aei, "log Error: unknown command '%.64s'", cmd);
        }
    }
    return BA_OK;
}

int ba_arimaa_aei_feed(ba_arimaa_aei *aei, const char *line)
{
    if (!aei || !line) return BA_ERR_ARG;
    size_t len = strlen(line);
    if (len > BAC_LINE_MAX) {
        aei_say(aei, "log Error: line too long (more than %d bytes)", BAC_LINE_MAX);
        return BA_OK;
    }
    char *buf = malloc(len + 1);
    if (!buf) {
        aei_say(aei, "log Error: out of memory");
        return BA_OK;
    }
    memcpy(buf, line, len + 1);
    bac_trim_end(buf);
    char *cmd = bac_skip_spaces(buf);
    int rc = *cmd ? aei_command(aei, cmd) : BA_OK;
    free(buf);
    return rc;
}

/* ---- the clock ---------------------------------------------------------------------------------- */

/* The one place that turns the AEI clock into the core time manager's limits for this move.
 * Arimaa's clock: each turn gets tcmove; tcpercent of what it leaves unused goes to the reserve
 * (up to tcmax); a turn that runs over tcmove takes the rest from the reserve; tcturntime caps a
 * turn; tctotal caps the game; tcturns ends it. So the time left now is tcmove + reserve - the
 * time this turn already used (moveused), the "increment" is what an unused turn gives back, and
 * when the reserve is full (tcmax) the time that would be lost counts as increment too. */
static void aei_limits(ba_arimaa_aei *a, const ba_pos *pos, ba_limits *l)
{
    ba_limits_init(l);
    l->overhead_ms = AEI_OVERHEAD_MS;
    const arm_state *st = ba_pos_state(pos);
    int side = st->side;
    if (a->ponder) {
        l->infinite = 1;
        return;
    }
    aei_clock *c = &a->clock;
    int64_t move = c->tcmove, reserve = c->reserve[side], pct = c->tcpercent;
    int64_t used_now = c->moveused > 0 ? c->moveused : 0;
    if (reserve < 0) reserve = c->tcreserve;
    int depth = a->depth;
    if (depth > 0) l->depth = depth;
    if (a->fixed_ms > 0) l->movetime_ms = a->fixed_ms;
    if (move >= 0 || reserve >= 0) {
        if (move < 0) move = 0;
        if (reserve < 0) reserve = 0;
        if (pct < 0 || pct > 100) pct = 100;
        int64_t left = move + reserve - used_now;
        if (c->tctotal > 0) {
            int64_t game_used = c->used[side] > 0 ? c->used[side] : 0;
            int64_t total_left = c->tctotal - game_used - used_now;
            if (total_left < left) left = total_left;
        }
        l->time_ms[side] = left > 0 ? left : 0;
        int64_t back = move * pct / 100;
        if (c->tcmax > 0 && reserve + back > c->tcmax) back += reserve + back - c->tcmax;
        l->inc_ms[side] = back;
        if (c->tcturns > 0) {
            int64_t played = (int64_t)(ba_pos_ply(a->pos) / 2);
            l->movestogo = c->tcturns - played > 1 ? (int)(c->tcturns - played) : 1;
        }
        if (c->tcturntime > 0) {
            int64_t cap = c->tcturntime - used_now - AEI_OVERHEAD_MS;
            l->max_ms = cap > 1 ? cap : 1;
        }
    } else if (depth <= 0 && a->fixed_ms <= 0) {
        l->movetime_ms = AEI_DEFAULT_MS;
    }
    /* A setup is chosen from a short list: two plies (both setups) say all there is to say. */
    if (st->phase != ARM_PHASE_PLAY && (l->depth == 0 || l->depth > 2)) l->depth = 2;
}

/* ---- searching ---------------------------------------------------------------------------------- */

/* Writes the line of play from the root as AEI steps (capture tokens and passes left out). */
static void aei_pv_text(const ba_arimaa_aei *a, const ba_move *pv, int n, char *out, size_t cap)
{
    const ba_game *g = ba_pos_game(a->root);
    arm_state cur;
    memcpy(&cur, ba_pos_state(a->root), sizeof cur);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char t[BA_MOVE_TEXT_MAX];
        if (pv[i].tag != BA_ARIMAA_TAG_PASS && g->move_to_text(g, &cur, &pv[i], t, sizeof t) > 0) {
            for (const char *p = t; *p;) {
                const char *q = p;
                while (*q && *q != ' ') q++;
                size_t tl = (size_t)(q - p);
                if (!(tl == 4 && p[3] == 'x') && len + tl + 2 < cap) {
                    if (len) out[len++] = ' ';
                    memcpy(out + len, p, tl);
                    len += tl;
                    out[len] = '\0';
                }
                p = *q ? q + 1 : q;
            }
        }
        if (g->apply(g, &cur, &pv[i]) != BA_OK) break;
    }
}

static void aei_progress(void *user, const ba_progress *p)
{
    ba_arimaa_aei *a = user;
    bac_session_poll(a->session);
    if (!a->reporting) return;
    char pv[1024];
    aei_pv_text(a, p->pv, p->pv_len, pv, sizeof pv);
    aei_say(a, "info depth %d", p->depth);
    aei_say(a, "info score %d", p->score);
    aei_say(a, "info nodes %llu", (unsigned long long)p->nodes);
    aei_say(a, "info time %llu", (unsigned long long)p->time_ms);
    aei_say(a, "info pv %s", pv);
}

/* `bestmove <steps>`: AEI sends the steps without capture tokens (the controller works them
 * out). */
static void aei_bestmove_text(const char *text, bac_text *final)
{
    bac_text_adds(final, "bestmove");
    for (const char *p = text; *p;) {
        const char *q = p;
        while (*q && *q != ' ') q++;
        size_t tl = (size_t)(q - p);
        if (!(tl == 4 && p[3] == 'x')) {
            bac_text_add(final, " ", 1);
            bac_text_add(final, p, tl);
        }
        p = *q ? q + 1 : q;
    }
}

/* The first legal turn as `bestmove`: the answer of a search that failed, so that the
 * controller still gets a move (the kernel's rule: every go ends in one final line). */
static void aei_fallback(ba_arimaa_aei *aei, bac_text *final)
{
    ba_move *moves = calloc(aei->game->max_moves, sizeof *moves);
    char text[BA_MOVE_TEXT_MAX];
    int n = moves ? ba_pos_moves(aei->pos, moves, aei->game->max_moves) : BA_ERR_NOMEM;
    if (n > 0 && ba_pos_move_text(aei->pos, &moves[0], text, sizeof text) > 0)
        aei_bestmove_text(text, final);
    free(moves);
}

/* The search of a `go` (the kernel's bac_search_fn). */
static void aei_go_search(void *user, bac_session *s, bac_text *final)
{
    ba_arimaa_aei *aei = user;
    const arm_state *st = ba_pos_state(aei->pos);
    int by_turns = aei->by_turns || st->phase != ARM_PHASE_PLAY;
    if (by_turns && !aei->turn_engine) {
        int rc = aei_engine_new(aei, aei->game, &aei->turn_engine);
        if (rc != BA_OK) {
            aei_say(aei, "log Error: no engine for the turn search: %s", ba_errstr(rc));
            aei_fallback(aei, final);
            return;
        }
    }
    ba_engine *e = by_turns ? aei->turn_engine : aei->engine;
    if (ba_engine_set(e, BA_OPT_SELECTIVE, aei->selective) != BA_OK)
        aei_say(aei, "log Error: the selective option could not be set");
    aei->root = by_turns ? aei->pos : aei->spos;
    ba_limits limits;
    aei_limits(aei, aei->root, &limits);
    if (by_turns && st->phase == ARM_PHASE_PLAY && limits.depth > 0)
        limits.depth = (limits.depth + 3) / 4; /* the turn search counts whole turns */
    int64_t hard_ms = 0;
    ba_limits given = limits;
    arm_step_turn_limits(&given, ba_pos_side_to_move(aei->root), &limits, &hard_ms);
    if (by_turns) limits = given; /* the turn search has no completion to keep time for */
    bac_session_set_engine(s, e);
    ba_search_result res;
    aei->reporting = 1;
    int rc = ba_engine_search_limits(e, aei->root, &limits, &res);
    aei->reporting = 0;
    if (rc != BA_OK) {
        aei_say(aei, "log Error: search failed: %s", ba_errstr(rc));
        aei_fallback(aei, final);
        return;
    }
    ba_move turn = res.best;
    int64_t spent = (int64_t)res.time_ms;
    int64_t left_ms = hard_ms <= 0 ? -1 : hard_ms > spent ? hard_ms - spent : 0;
    if (!by_turns && (rc = arm_turn_from_line(aei->engine, aei->spos, &res, left_ms, &turn, NULL,
                                              NULL)) != BA_OK) {
        aei_say(aei, "log Error: no turn from the search's line: %s", ba_errstr(rc));
        aei_fallback(aei, final);
        return;
    }
    char pv[1024];
    aei_pv_text(aei, res.pv, res.pv_len, pv, sizeof pv);
    /* The final report, whatever ended the search. */
    aei_say(aei, "info depth %d", res.depth);
    aei_say(aei, "info score %d", res.score);
    aei_say(aei, "info nodes %llu", (unsigned long long)res.nodes);
    aei_say(aei, "info time %llu", (unsigned long long)res.time_ms);
    aei_say(aei, "info pv %s", pv);
    char text[BA_MOVE_TEXT_MAX];
    rc = ba_pos_move_text(aei->pos, &turn, text, sizeof text);
    if (rc < 0) {
        aei_say(aei, "log Error: no move to send: %s", ba_errstr(rc));
        aei_fallback(aei, final);
        return;
    }
    aei_bestmove_text(text, final);
}

int ba_arimaa_aei_search(ba_arimaa_aei *aei)
{
    if (!aei) return BA_ERR_ARG;
    /* The prepared go, on this thread; the kernel writes (or, for ponder, holds) its bestmove. */
    return bac_session_run(aei->session);
}
