/* examples/match/match_config.c: engine configuration strings, e.g.
 * "alg=alphabeta,depth=3,N=16.09". Engine keys are fixed; every other key is an evaluation
 * parameter that the game's table entry interprets (match_games.c). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "match_program.h"

/* Engine settings: the key, the field, the engine option and the accepted range. */
typedef struct engine_key {
    const char *key;
    size_t offset; /* of the int64_t field in match_engine_cfg */
    ba_option option;
    int64_t min, max;
    const char *proto; /* its `setoption` name in the common protocol, for `cmd=` engines */
} engine_key;

#define FIELD(f) offsetof(match_engine_cfg, f)

static const engine_key ENGINE_KEYS[] = {
    {"alg", FIELD(alg), BA_OPT_ALGORITHM, 0, 3, "algorithm"},
    {"depth", FIELD(depth), BA_OPT_DEPTH, 1, BA_MAX_DEPTH, "depth"},
    {"nodes", FIELD(nodes), BA_OPT_NODES, 0, INT64_MAX, "nodes"},
    {"time", FIELD(time_ms), BA_OPT_TIME_MS, 0, INT64_MAX, "time"},
    {"tt", FIELD(tt_mb), BA_OPT_TT_MB, 0, 1048576, "hash"},
    {"noise", FIELD(noise), BA_OPT_NOISE, 0, BA_SCORE_EVAL_MAX, "noise"},
    {"q", FIELD(quiescence), BA_OPT_QUIESCENCE, 0, 1, "quiescence"},
    {"qdepth", FIELD(qdepth), BA_OPT_QDEPTH, 0, BA_MAX_DEPTH, "qdepth"},
    {"aspiration", FIELD(aspiration), BA_OPT_ASPIRATION, 0, BA_SCORE_EVAL_MAX, "aspiration"},
    {"ttdeeper", FIELD(tt_deeper), BA_OPT_TT_DEEPER, 0, 1, "ttdeeper"},
    {"threads", FIELD(threads), BA_OPT_THREADS, 1, 64, "threads"},
    {"mcts_c", FIELD(mcts_c), BA_OPT_MCTS_C, 0, 100000, "mctsc"},
    {"playout", FIELD(mcts_playout), BA_OPT_MCTS_PLAYOUT, 0, BA_MAX_DEPTH, "mctsplayout"},
    {"solver", FIELD(mcts_solver), BA_OPT_MCTS_SOLVER, 0, 1, "mctssolver"},
    {"scale", FIELD(mcts_scale), BA_OPT_MCTS_EVAL_SCALE, 1, BA_SCORE_EVAL_MAX, "mctsevalscale"},
    {"selective", FIELD(selective), BA_OPT_SELECTIVE, 0, 1, "selective"},
};
#define ENGINE_KEY_COUNT (sizeof ENGINE_KEYS / sizeof ENGINE_KEYS[0])

static const char *const ALG_NAMES[] = {"negamax", "alphabeta", "bestfirst", "mcts"};

static int64_t *field_of(match_engine_cfg *cfg, const engine_key *k)
{
    return (int64_t *)(void *)((char *)cfg + k->offset);
}

static int64_t field_value(const match_engine_cfg *cfg, const engine_key *k)
{
    return *(const int64_t *)(const void *)((const char *)cfg + k->offset);
}

/* Rewrites cfg->text from the fields: engine keys in table order, then the parameters. */
static int rebuild_text(match_engine_cfg *cfg)
{
    size_t len = 0, cap = sizeof cfg->text;
    cfg->text[0] = '\0';
    if (cfg->program[0]) {
        int n = snprintf(cfg->text, cap, "cmd=%s", cfg->program);
        if (n < 0 || (size_t)n >= cap)
            return -1;
        len = (size_t)n;
    }
    for (size_t i = 0; i < ENGINE_KEY_COUNT; i++) {
        int64_t v = field_value(cfg, &ENGINE_KEYS[i]);
        if (v < 0)
            continue;
        int n;
        if (i == 0)
            n = snprintf(cfg->text + len, cap - len, "%salg=%s", len ? "," : "", ALG_NAMES[v]);
        else
            n = snprintf(cfg->text + len, cap - len, "%s%s=%lld", len ? "," : "",
                         ENGINE_KEYS[i].key, (long long)v);
        if (n < 0 || (size_t)n >= cap - len)
            return -1;
        len += (size_t)n;
    }
    for (int i = 0; i < cfg->nparams; i++) {
        int n = cfg->param_word[i][0]
                    ? snprintf(cfg->text + len, cap - len, "%s%s=%s", len ? "," : "",
                               cfg->param_name[i], cfg->param_word[i])
                    : snprintf(cfg->text + len, cap - len, "%s%s=%.10g", len ? "," : "",
                               cfg->param_name[i], cfg->param_value[i]);
        if (n < 0 || (size_t)n >= cap - len)
            return -1;
        len += (size_t)n;
    }
    return 0;
}

/* The slot of parameter @p name, added when new. @return its index, or -1 when full. */
static int param_slot(match_engine_cfg *cfg, const char *name)
{
    int i;
    for (i = 0; i < cfg->nparams; i++)
        if (strcmp(cfg->param_name[i], name) == 0)
            return i;
    if (cfg->nparams >= MATCH_MAX_PARAMS || strlen(name) >= MATCH_PARAM_NAME_MAX)
        return -1;
    snprintf(cfg->param_name[i], MATCH_PARAM_NAME_MAX, "%s", name);
    cfg->nparams++;
    return i;
}

int match_config_set_param(match_engine_cfg *cfg, const char *name, double value)
{
    int i = param_slot(cfg, name);
    if (i < 0)
        return -1;
    cfg->param_value[i] = value;
    cfg->param_word[i][0] = '\0';
    return rebuild_text(cfg);
}

int match_config_set_word(match_engine_cfg *cfg, const char *name, const char *word)
{
    int i = strlen(word) < MATCH_PARAM_NAME_MAX ? param_slot(cfg, name) : -1;
    if (i < 0)
        return -1;
    cfg->param_value[i] = 0.0;
    snprintf(cfg->param_word[i], MATCH_PARAM_NAME_MAX, "%s", word);
    return rebuild_text(cfg);
}

int match_config_param(const match_engine_cfg *cfg, const char *name, double *value)
{
    for (int i = 0; i < cfg->nparams; i++)
        if (strcmp(cfg->param_name[i], name) == 0 && !cfg->param_word[i][0]) {
            *value = cfg->param_value[i];
            return 1;
        }
    return 0;
}

static int parse_int(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE)
        return -1;
    *out = (int64_t)v;
    return 0;
}

/* 1 when @p s is a word of letters, digits and '_' starting with a letter (a choice's value;
 * "nan" and "inf" are numbers to strtod and so never reach this test). */
static int is_word(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_'))
            return 0;
    return 1;
}

/* One "key=value" item. */
static int parse_item(const char *item, match_engine_cfg *cfg, ba_error *err)
{
    const char *eq = strchr(item, '=');
    if (!eq || eq == item || eq[1] == '\0')
        return ba_error_set(err, BA_ERR_PARSE, "'%s' is not key=value", item), -1;
    char key[MATCH_PARAM_NAME_MAX];
    size_t klen = (size_t)(eq - item);
    if (klen >= sizeof key)
        return ba_error_set(err, BA_ERR_PARSE, "key too long in '%s'", item), -1;
    memcpy(key, item, klen);
    key[klen] = '\0';
    const char *value = eq + 1;

    if (strcmp(key, "cmd") == 0) {
        if (strlen(value) >= sizeof cfg->program)
            return ba_error_set(err, BA_ERR_PARSE, "cmd: the command is longer than %zu bytes",
                                sizeof cfg->program - 1),
                   -1;
        snprintf(cfg->program, sizeof cfg->program, "%s", value);
        return 0;
    }
    if (strcmp(key, "alg") == 0 || strcmp(key, "algorithm") == 0) {
        for (int64_t a = 0; a < 4; a++)
            if (strcmp(value, ALG_NAMES[a]) == 0) {
                cfg->alg = a;
                return 0;
            }
        return ba_error_set(err, BA_ERR_PARSE,
                            "unknown algorithm '%s' (negamax, alphabeta, bestfirst, mcts)", value),
               -1;
    }
    for (size_t i = 1; i < ENGINE_KEY_COUNT; i++) {
        const engine_key *k = &ENGINE_KEYS[i];
        if (strcmp(key, k->key) != 0)
            continue;
        int64_t v;
        if (parse_int(value, &v) || v < k->min || v > k->max)
            return ba_error_set(err, BA_ERR_RANGE, "%s: '%s' is not an integer from %lld to %lld",
                                key, value, (long long)k->min, (long long)k->max),
                   -1;
        *field_of(cfg, k) = v;
        return 0;
    }
    char *end;
    errno = 0;
    double d = strtod(value, &end);
    if (end == value && is_word(value)) {
        /* a word: a choice parameter (camelot's weights=tuned); the game's entry checks it */
        if (match_config_set_word(cfg, key, value) != 0)
            return ba_error_set(err, BA_ERR_RANGE,
                                "%s: too many parameters (at most %d) or a value longer than %d",
                                key, MATCH_MAX_PARAMS, MATCH_PARAM_NAME_MAX - 1),
                   -1;
        return 0;
    }
    if (end == value || *end != '\0' || errno == ERANGE || !isfinite(d))
        return ba_error_set(err, BA_ERR_PARSE, "%s: '%s' is not a number", key, value), -1;
    if (match_config_set_param(cfg, key, d) != 0)
        return ba_error_set(err, BA_ERR_RANGE, "too many parameters (at most %d)",
                            MATCH_MAX_PARAMS),
               -1;
    return 0;
}

int match_config_parse(const char *text, match_engine_cfg *cfg, ba_error *err)
{
    memset(cfg, 0, sizeof *cfg);
    for (size_t i = 0; i < ENGINE_KEY_COUNT; i++)
        *field_of(cfg, &ENGINE_KEYS[i]) = -1;
    if (strlen(text) >= sizeof cfg->text)
        return ba_error_set(err, BA_ERR_PARSE, "configuration too long"), -1;
    char buf[sizeof cfg->text];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        while (*item == ' ')
            item++;
        if (*item && parse_item(item, cfg, err) != 0)
            return -1;
    }
    if (cfg->depth < 0 && cfg->nodes <= 0 && cfg->time_ms <= 0)
        return ba_error_set(err, BA_ERR_ARG,
                            "'%s' has no search limit: give depth=, nodes= or time=", text),
               -1;
    if (cfg->program[0] && cfg->nparams > 0)
        return ba_error_set(err, BA_ERR_ARG,
                            "'%s': a cmd= engine takes no evaluation parameter ('%s'); give it "
                            "in the program's command line", text, cfg->param_name[0]),
               -1;
    if (rebuild_text(cfg) != 0)
        return ba_error_set(err, BA_ERR_PARSE, "configuration too long"), -1;
    return 0;
}

int match_config_apply(const match_engine_cfg *cfg, ba_engine *engine, ba_error *err)
{
    for (size_t i = 0; i < ENGINE_KEY_COUNT; i++) {
        int64_t v = field_value(cfg, &ENGINE_KEYS[i]);
        if (v < 0)
            continue;
        int rc = ba_engine_set(engine, ENGINE_KEYS[i].option, v);
        if (rc != BA_OK)
            return ba_error_set(err, rc, "engine setting %s=%lld: %s", ENGINE_KEYS[i].key,
                                (long long)v, ba_errstr(rc));
    }
    return BA_OK;
}

int match_config_apply_program(const match_engine_cfg *cfg, match_program *program, ba_error *err)
{
    /* The search limits (depth, nodes, time) go with each `go`; the rest are settings. */
    for (size_t i = 0; i < ENGINE_KEY_COUNT; i++) {
        int64_t v = field_value(cfg, &ENGINE_KEYS[i]);
        if (v < 0 || ENGINE_KEYS[i].option == BA_OPT_DEPTH ||
            ENGINE_KEYS[i].option == BA_OPT_NODES || ENGINE_KEYS[i].option == BA_OPT_TIME_MS)
            continue;
        int rc = match_program_option(program, ENGINE_KEYS[i].proto, v, err);
        if (rc != BA_OK)
            return rc;
    }
    return BA_OK;
}

int match_record_add_move(match_record *r, const char *text)
{
    size_t n = strlen(text);
    if (r->moves_len + n + 2 > r->moves_cap) {
        size_t cap = r->moves_cap ? r->moves_cap * 2 : 256;
        while (cap < r->moves_len + n + 2)
            cap *= 2;
        char *p = realloc(r->moves, cap);
        if (!p)
            return -1;
        r->moves = p;
        r->moves_cap = cap;
    }
    if (r->moves_len)
        r->moves[r->moves_len++] = ' ';
    memcpy(r->moves + r->moves_len, text, n + 1);
    r->moves_len += n;
    return 0;
}

void match_record_clear(match_record *r)
{
    free(r->moves);
    r->moves = NULL;
    r->moves_len = r->moves_cap = 0;
}
