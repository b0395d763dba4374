/* AEI, the Arimaa Engine Interface: a line handler that answers through a callback, so that a
 * program only wires stdin/stdout (and a search thread) and tests or fuzzers can drive it
 * directly. Every malformed line is answered with a `log Error:` line; nothing here trusts its
 * input. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "arimaa_internal.h"

struct ba_arimaa_aei {
    const ba_game *game;
    ba_pos *pos;
    ba_engine *engine;
    ba_write_fn write;
    void *user;
    int depth;            /* fixed depth in turns, 0 = none */
    int64_t tcmove_ms;    /* time per move */
    int64_t tcmax_ms;     /* longest move, 0 = none */
    int64_t reserve_ms[2];/* greserve, sreserve */
    int64_t fixed_ms;     /* "movetime"-like fixed budget (option `time`), 0 = none */
};

#define AEI_LINE_MAX 4096

static void aei_say(ba_arimaa_aei *a, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

static void aei_say(ba_arimaa_aei *a, const char *fmt, ...)
{
    char line[AEI_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof line) n = (int)sizeof line - 1;
    a->write(a->user, line, (size_t)n);
}

int ba_arimaa_aei_new(const ba_game *game, ba_write_fn write, void *user, ba_arimaa_aei **out)
{
    if (!out || !write) return BA_ERR_ARG;
    *out = NULL;
    if (!game) game = ba_arimaa_game();
    if (!game->name || strcmp(game->name, "arimaa") != 0) return BA_ERR_ARG;
    ba_arimaa_aei *a = calloc(1, sizeof *a);
    if (!a) return BA_ERR_NOMEM;
    a->game = game;
    a->write = write;
    a->user = user;
    int rc = ba_pos_new(game, &a->pos);
    if (rc == BA_OK) rc = ba_engine_new(game, &a->engine);
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
    ba_engine_free(aei->engine);
    ba_pos_free(aei->pos);
    free(aei);
}

ba_pos *ba_arimaa_aei_position(ba_arimaa_aei *aei) { return aei ? aei->pos : NULL; }
ba_engine *ba_arimaa_aei_engine(ba_arimaa_aei *aei) { return aei ? aei->engine : NULL; }

void ba_arimaa_aei_stop(ba_arimaa_aei *aei)
{
    if (aei) ba_engine_stop(aei->engine);
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

static void aei_setoption(ba_arimaa_aei *a, char *args)
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
    int64_t ms = 0;
    if (strcmp(name, "depth") == 0) {
        if (!aei_parse_ms(value, 0, &ms) || ms > BA_MAX_DEPTH) {
            aei_say(a, "log Error: depth must be 0..%d", BA_MAX_DEPTH);
            return;
        }
        a->depth = (int)ms;
    } else if (strcmp(name, "tcmove") == 0 || strcmp(name, "tcmax") == 0 ||
               strcmp(name, "greserve") == 0 || strcmp(name, "sreserve") == 0 ||
               strcmp(name, "time") == 0) {
        if (!aei_parse_ms(value, 1, &ms)) {
            aei_say(a, "log Error: option %s needs a number of seconds", name);
            return;
        }
        if (strcmp(name, "tcmove") == 0) a->tcmove_ms = ms;
        else if (strcmp(name, "tcmax") == 0) a->tcmax_ms = ms;
        else if (strcmp(name, "greserve") == 0) a->reserve_ms[0] = ms;
        else if (strcmp(name, "sreserve") == 0) a->reserve_ms[1] = ms;
        else a->fixed_ms = ms;
    } else if (strcmp(name, "hash") == 0) {
        if (!aei_parse_ms(value, 0, &ms) || ba_engine_set(a->engine, BA_OPT_TT_MB, ms) != BA_OK)
            aei_say(a, "log Error: bad hash size '%.32s'", value);
    } else if (strncmp(name, "tc", 2) == 0 || strcmp(name, "gused") == 0 ||
               strcmp(name, "sused") == 0 || strcmp(name, "lastmoveused") == 0 ||
               strcmp(name, "moveused") == 0 || strcmp(name, "opponent") == 0 ||
               strcmp(name, "opponent_rating") == 0 || strcmp(name, "rating") == 0 ||
               strcmp(name, "rated") == 0 || strcmp(name, "event") == 0) {
        /* Known AEI options this engine does not need. */
    } else {
        aei_say(a, "log Warning: unknown option '%.64s' ignored", name);
    }
}

/* Plays a setup turn: any legal arrangement, also the ones generate() does not list (the core
 * plays only listed moves), by applying it to a copy and setting the position from its text.
 * Setup positions never repeat, so losing the history there loses nothing. */
static int aei_play_setup(ba_arimaa_aei *a, const char *text, ba_error *err)
{
    ba_move m = BA_MOVE_NONE;
    int rc = ba_pos_parse_move(a->pos, text, &m, err);
    if (rc != BA_OK) return rc;
    arm_state st;
    memcpy(&st, ba_pos_state(a->pos), sizeof st);
    rc = arm_apply_move(&st, &m);
    if (rc != BA_OK) return ba_error_set(err, rc, "the setup could not be applied");
    char ptext[BA_POS_TEXT_MAX];
    rc = arm_position_to_text(&st, ptext, sizeof ptext);
    if (rc < 0) return ba_error_set(err, rc, "internal error writing the position");
    return ba_pos_set_text(a->pos, ptext, err);
}

static void aei_makemove(ba_arimaa_aei *a, const char *steps)
{
    ba_error err;
    ba_error_clear(&err);
    const arm_state *st = ba_pos_state(a->pos);
    int rc = st->phase != ARM_PHASE_PLAY ? aei_play_setup(a, steps, &err)
                                          : ba_pos_play_text(a->pos, steps, &err);
    if (rc != BA_OK) aei_say(a, "log Error: illegal move '%.200s': %s", steps, err.message);
}

int ba_arimaa_aei_feed(ba_arimaa_aei *aei, const char *line)
{
    if (!aei || !line) return BA_ERR_ARG;
    char buf[AEI_LINE_MAX];
    size_t len = strlen(line);
    if (len >= sizeof buf) {
        aei_say(aei, "log Error: line too long");
        return BA_OK;
    }
    memcpy(buf, line, len + 1);
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r' || buf[len - 1] == ' ' ||
                       buf[len - 1] == '\t'))
        buf[--len] = '\0';
    char *cmd = buf;
    while (*cmd == ' ' || *cmd == '\t') cmd++;
    if (!*cmd) return BA_OK;
    char *args = cmd;
    while (*args && *args != ' ' && *args != '\t') args++;
    if (*args) {
        *args++ = '\0';
        while (*args == ' ' || *args == '\t') args++;
    }

    if (strcmp(cmd, "aei") == 0) {
        aei_say(aei, "protocol-version 1");
        aei_say(aei, "id name boardai-arimaa");
        aei_say(aei, "id author libboardai");
        aei_say(aei, "id version %s", ba_version_string());
        aei_say(aei, "aeiok");
    } else if (strcmp(cmd, "isready") == 0) {
        aei_say(aei, "readyok");
    } else if (strcmp(cmd, "newgame") == 0) {
        ba_pos_reset(aei->pos);
    } else if (strcmp(cmd, "setposition") == 0) {
        ba_error err;
        if (ba_pos_set_text(aei->pos, args, &err) != BA_OK)
            aei_say(aei, "log Error: bad position: %s", err.message);
    } else if (strcmp(cmd, "setoption") == 0) {
        aei_setoption(aei, args);
    } else if (strcmp(cmd, "makemove") == 0) {
        aei_makemove(aei, args);
    } else if (strcmp(cmd, "go") == 0) {
        if (strcmp(args, "ponder") == 0) return BA_OK; /* pondering is not offered */
        if (*args) {
            aei_say(aei, "log Error: unknown go argument '%.32s'", args);
            return BA_OK;
        }
        int r = ba_pos_result(aei->pos);
        if (r != BA_RESULT_ONGOING) {
            aei_say(aei, "log Error: the game is over");
            return BA_OK;
        }
        return BA_ARIMAA_AEI_SEARCH;
    } else if (strcmp(cmd, "stop") == 0) {
        /* Nothing runs inside the feed; a program stops its search with ba_arimaa_aei_stop(). */
    } else if (strcmp(cmd, "quit") == 0) {
        return BA_ARIMAA_AEI_QUIT;
    } else {
        aei_say(aei, "log Error: unknown command '%.64s'", cmd);
    }
    return BA_OK;
}

static void aei_progress(void *user, const ba_progress *p)
{
    ba_arimaa_aei *a = user;
    aei_say(a, "info depth %d", p->depth);
    aei_say(a, "info score %d", p->score);
    aei_say(a, "info nodes %llu", (unsigned long long)p->nodes);
    aei_say(a, "info time %llu", (unsigned long long)(p->time_ms / 1000));
}

/* The time for this move: the per-move allowance plus a tenth of the reserve, kept under tcmax
 * and a safety margin for the controller's lag. */
static int64_t aei_budget_ms(const ba_arimaa_aei *a, int side)
{
    if (a->fixed_ms > 0) return a->fixed_ms;
    if (a->tcmove_ms <= 0 && a->reserve_ms[side] <= 0) return a->depth > 0 ? 0 : 3000;
    int64_t t = a->tcmove_ms * 8 / 10 + a->reserve_ms[side] / 10;
    if (a->tcmax_ms > 0 && t > a->tcmax_ms * 8 / 10) t = a->tcmax_ms * 8 / 10;
    t -= 300;
    return t < 100 ? 100 : t;
}

int ba_arimaa_aei_search(ba_arimaa_aei *aei)
{
    if (!aei) return BA_ERR_ARG;
    int side = ba_pos_side_to_move(aei->pos);
    ba_engine_set(aei->engine, BA_OPT_DEPTH, aei->depth > 0 ? aei->depth : BA_MAX_DEPTH);
    ba_engine_set(aei->engine, BA_OPT_TIME_MS, aei_budget_ms(aei, side < 0 ? 0 : side));
    ba_engine_set_progress(aei->engine, aei_progress, aei);
    ba_search_result res;
    int rc = ba_engine_search(aei->engine, aei->pos, &res);
    ba_engine_set_progress(aei->engine, NULL, NULL);
    if (rc != BA_OK) {
        aei_say(aei, "log Error: search failed: %s", ba_errstr(rc));
        return rc;
    }
    char text[BA_MOVE_TEXT_MAX];
    rc = ba_pos_move_text(aei->pos, &res.best, text, sizeof text);
    if (rc < 0) {
        aei_say(aei, "log Error: no move to send: %s", ba_errstr(rc));
        return rc;
    }
    /* AEI sends the steps without capture tokens: the controller works them out. */
    char clean[BA_MOVE_TEXT_MAX];
    size_t n = 0;
    for (const char *p = text; *p;) {
        const char *q = p;
        while (*q && *q != ' ') q++;
        size_t tl = (size_t)(q - p);
        if (!(tl == 4 && p[3] == 'x')) {
            if (n) clean[n++] = ' ';
            memcpy(clean + n, p, tl);
            n += tl;
        }
        p = *q ? q + 1 : q;
    }
    clean[n] = '\0';
    aei_say(aei, "bestmove %s", clean);
    return BA_OK;
}
