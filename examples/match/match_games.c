/* examples/match/match_games.c: the game of a match. Built-in games come from the library's
 * registry (registry.h), so this program keeps no table of games and spells every parameter as
 * the registry does; an outside game comes from a shared object exporting the registry's entry
 * point (BA_GAME_ENTRY_SYMBOL). An engine's game is the --game specification plus the engine
 * configuration's evaluation parameters. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "match.h"

static int load_fail(match_game_entry *e, ba_error *err)
{
    (void)err;
    match_game_unload(e);
    return -1;
}

int match_game_load(match_game_entry *e, const char *spec, const char *lib_path, ba_error *err)
{
    memset(e, 0, sizeof *e);
    if (strlen(spec) >= sizeof e->spec) {
        ba_error_set(err, BA_ERR_PARSE, "--game: the specification is too long");
        return -1;
    }
    snprintf(e->spec, sizeof e->spec, "%s", spec);
    size_t nlen = strcspn(spec, ":");
    snprintf(e->name, sizeof e->name, "%.*s", (int)(nlen < 63 ? nlen : 63), spec);
    if (lib_path) {
        e->lib = dlopen(lib_path, RTLD_NOW | RTLD_LOCAL);
        if (!e->lib) {
            ba_error_set(err, BA_ERR_ARG, "--game-lib: cannot load '%s': %s", lib_path, dlerror());
            return -1;
        }
        void *sym = dlsym(e->lib, BA_GAME_ENTRY_SYMBOL);
        if (!sym) {
            ba_error_set(err, BA_ERR_ARG, "--game-lib: '%s' does not export %s()", lib_path,
                         BA_GAME_ENTRY_SYMBOL);
            return load_fail(e, err);
        }
        /* POSIX guarantees that a function's address survives the trip through void *. */
        memcpy(&e->open, &sym, sizeof e->open);
    } else {
        e->open = ba_game_open;
        e->params = ba_game_params(e->name, &e->nparams);
    }
    if (e->open(spec, &e->referee, err) != BA_OK)
        return load_fail(e, err);
    if (ba_game_check(e->referee, err) != BA_OK)
        return load_fail(e, err);
    return 0;
}

void match_game_unload(match_game_entry *e)
{
    ba_game_destroy(e->referee);
    e->referee = NULL;
    if (e->lib)
        dlclose(e->lib);
    e->lib = NULL;
}

static const ba_game_param *find_param(const match_game_entry *e, const char *name)
{
    for (size_t i = 0; i < e->nparams; i++)
        if (strcmp(e->params[i].name, name) == 0)
            return &e->params[i];
    return NULL;
}

/* Appends ",key=value" to @p spec (capacity @p cap), the value a word when @p word is not
 * empty, else @p value. @return 0, or -1 when it does not fit. */
static int spec_append(char *spec, size_t cap, const char *key, const char *word, double value)
{
    size_t used = strlen(spec);
    const char *sep = strchr(spec, ':') ? "," : ":";
    int n = word[0] ? snprintf(spec + used, cap - used, "%s%s=%s", sep, key, word)
                    : snprintf(spec + used, cap - used, "%s%s=%.17g", sep, key, value);
    return n < 0 || (size_t)n >= cap - used ? -1 : 0;
}

int match_game_make(const match_game_entry *e, const match_engine_cfg *cfg, int side,
                    ba_game **out, ba_error *err)
{
    *out = NULL;
    char spec[BA_GAME_SPEC_MAX];
    snprintf(spec, sizeof spec, "%s", e->spec);
    int has_side = 0;
    for (int i = 0; i < cfg->nparams; i++) {
        const char *name = cfg->param_name[i];
        if (e->params || e->lib == NULL) {
            const ba_game_param *p = find_param(e, name);
            if (!p) {
                char list[512];
                match_game_eval_params(e->name, list, sizeof list);
                ba_error_set(err, BA_ERR_PARSE, "%s has no evaluation parameter '%s' (%s%s)",
                             e->name, name, list[0] ? "its evaluation parameters: " : "it has none",
                             list);
                return -1;
            }
            /* Rules are never per engine: both engines and the referee play one game. */
            if (strcmp(p->kind, "rules") == 0) {
                ba_error_set(err, BA_ERR_PARSE,
                             "'%s' is a rules parameter of %s: give it in --game (%s:%s=...)",
                             name, e->name, e->name, name);
                return -1;
            }
            /* Only a choice takes a word (weights=tuned); anything else is a number. */
            if (cfg->param_word[i][0] && strcmp(p->type, "choice") != 0) {
                ba_error_set(err, BA_ERR_PARSE, "%s: '%s' is not a number", name,
                             cfg->param_word[i]);
                return -1;
            }
        }
        has_side |= strcmp(name, "program_side") == 0;
        if (spec_append(spec, sizeof spec, name, cfg->param_word[i], cfg->param_value[i]) != 0) {
            ba_error_set(err, BA_ERR_PARSE, "the game specification is too long");
            return -1;
        }
    }
    /* A game whose evaluation is seen from the program's side (ugolki's asymmetric weighting)
     * gets the side this engine plays, unless the configuration fixes it. */
    if (!has_side && find_param(e, "program_side") &&
        spec_append(spec, sizeof spec, "program_side", "", side) != 0) {
        ba_error_set(err, BA_ERR_PARSE, "the game specification is too long");
        return -1;
    }
    return e->open(spec, out, err) == BA_OK ? 0 : -1;
}

void match_game_eval_params(const char *name, char *buf, size_t cap)
{
    size_t n = 0, used = 0;
    const ba_game_param *p = ba_game_params(name, &n);
    if (cap)
        buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (strcmp(p[i].kind, "evaluation") != 0)
            continue;
        /* a choice is listed with its values (weights=nolan|tuned) */
        int w = strcmp(p[i].type, "choice") == 0
                    ? snprintf(buf + used, cap - used, "%s%s (%s)", used ? ", " : "", p[i].name,
                               p[i].range)
                    : snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", p[i].name);
        if (w < 0 || (size_t)w >= cap - used)
            break;
        used += (size_t)w;
    }
}
