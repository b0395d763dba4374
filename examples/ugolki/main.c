/* boardai-ugolki: play ugolki (corners) against libboardai in the terminal, speak the common
 * text protocol (--protocol), or run an engine-versus-engine match (`boardai-ugolki match`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "ugolki_match.h"

/* The command-line names of the algorithms, by ba_algorithm value. */
static const char *const algorithm_names[] = {"negamax", "alphabeta", "bestfirst"};

static const ba_cli_level levels[] = {
    {"Beginner", 2, 0, 0},
    {"Casual", 3, 0, 0},
    {"Club player", 4, 0, 0},
    {"Strong", 6, 0, 5000},
    {"Expert (3 s a move)", 0, 0, 3000},
    {"Master (10 s a move)", 0, 0, 10000},
};

static const ba_cli_option program_options[] = {
    {"pieces", "N", "pieces per side: 9 (default), 12 or 16"},
    {"diagonal", NULL, "diagonal steps and leaps as well"},
    {"stay-limit", "N", "after N moves a piece left in the own corner loses (default 40, 0 = off)"},
    {"return-limit", "N", "moving back into the own corner after move N loses (default 40, 0 = off)"},
    {"ply-cap", "N", "the game is drawn after N plies (default 400, 0 = none)"},
    {"symmetric", NULL, "evaluate S(own) - S(opp) instead of the asymmetric own/3 - opp"},
    {"program-side", "SIDE", "the side the program plays, for the asymmetric weighting (default: "
                             "the side the human does not play; white in --protocol)"},
    {"random-bonus", NULL, "add the article's random 0/1 bonus per square (seeded by --seed, "
                           "else by the clock)"},
    {"no-finish-test", NULL, "do not score a nearly finished side as won"},
};

typedef struct ugolki_cli {
    ba_ugolki_options opt;
    int program_side_given;
    int random_bonus;
    int protocol;
    int human_side;
    int ai_vs_ai;
    int64_t seed;
    int seed_given;
} ugolki_cli;

static int parse_int(const char *value, int min, int max, int *out)
{
    char *end;
    long v = strtol(value, &end, 10);
    if (!*value || *end || v < min || v > max)
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_side_name(const char *v)
{
    if (!strcmp(v, "0") || !strcmp(v, "white") || !strcmp(v, "first"))
        return 0;
    if (!strcmp(v, "1") || !strcmp(v, "black") || !strcmp(v, "second"))
        return 1;
    return -1;
}

static int handle_option(void *user, const char *name, const char *value, ba_error *err)
{
    ugolki_cli *c = user;
    int n;
    if (!strcmp(name, "pieces")) {
        if (parse_int(value, 0, 100, &n) || (n != 9 && n != 12 && n != 16))
            return ba_error_set(err, BA_ERR_RANGE, "--pieces: '%s' is not 9, 12 or 16", value);
        c->opt.pieces = n;
    } else if (!strcmp(name, "diagonal")) {
        c->opt.diagonal = 1;
    } else if (!strcmp(name, "stay-limit") || !strcmp(name, "return-limit") ||
               !strcmp(name, "ply-cap")) {
        if (parse_int(value, 0, BA_UGOLKI_MAX_LIMIT, &n))
            return ba_error_set(err, BA_ERR_RANGE, "--%s: '%s' is not a number from 0 to %d",
                                name, value, BA_UGOLKI_MAX_LIMIT);
        if (name[0] == 's')
            c->opt.stay_limit = n;
        else if (name[0] == 'r')
            c->opt.return_limit = n;
        else
            c->opt.ply_cap = n;
    } else if (!strcmp(name, "symmetric")) {
        c->opt.asymmetric = 0;
    } else if (!strcmp(name, "program-side")) {
        int s = parse_side_name(value);
        if (s < 0)
            return ba_error_set(err, BA_ERR_RANGE, "--program-side: '%s' is not white or black",
                                value);
        c->opt.program_side = s;
        c->program_side_given = 1;
    } else if (!strcmp(name, "random-bonus")) {
        c->random_bonus = 1;
    } else if (!strcmp(name, "no-finish-test")) {
        c->opt.finish_test = 0;
    } else {
        return ba_error_set(err, BA_ERR_ARG, "unknown option '--%s'", name);
    }
    return BA_OK;
}

static int make_game(void *user, const ba_game **out, int *destroy_after, ba_error *err)
{
    ugolki_cli *c = user;
    if (!c->program_side_given)
        c->opt.program_side = c->protocol || c->ai_vs_ai ? 0 : 1 - c->human_side;
    if (c->random_bonus) {
        c->opt.random_bonus = 1;
        c->opt.seed = c->seed_given ? (uint64_t)c->seed : (uint64_t)time(NULL);
    }
    ba_game *g = NULL;
    int rc = ba_ugolki_create(&c->opt, &g, err);
    if (rc != BA_OK)
        return rc;
    *out = g;
    *destroy_after = 1;
    return BA_OK;
}

/* The few standard options make_game needs before ba_cli_main has parsed them: which side the
 * human plays (the program plays the other, which the asymmetric weighting must know), the
 * seed, and whether an algorithm was asked for. */
static void prescan(int argc, char **argv, ugolki_cli *c, int *algorithm_given)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = NULL;
        const char *eq = strchr(a, '=');
        if (!strncmp(a, "--side", 6) && (a[6] == '\0' || a[6] == '='))
            v = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
        if (v && parse_side_name(v) >= 0)
            c->human_side = parse_side_name(v);
        if (!strncmp(a, "--seed", 6) && (a[6] == '\0' || a[6] == '=')) {
            const char *sv = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
            if (sv) {
                c->seed = strtoll(sv, NULL, 10);
                c->seed_given = 1;
            }
        }
        if (!strcmp(a, "--protocol"))
            c->protocol = 1;
        if (!strcmp(a, "--ai-vs-ai"))
            c->ai_vs_ai = 1;
        if (!strncmp(a, "--algorithm", 11) && (a[11] == '\0' || a[11] == '='))
            *algorithm_given = 1;
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "match"))
        return ugolki_match_main(argc - 1, argv + 1);

    ugolki_cli c;
    memset(&c, 0, sizeof c);
    c.opt = ba_ugolki_options_default();
    int algorithm_given = 0;
    prescan(argc, argv, &c, &algorithm_given);

    ba_cli_program prog = BA_CLI_PROGRAM_INIT;
    prog.name = "boardai-ugolki";
    char summary[256];
    snprintf(summary, sizeof summary,
             "Play ugolki (corners) against libboardai. For this game --algorithm defaults to %s.\n"
             "`boardai-ugolki match --help` plays engine against engine.",
             algorithm_names[BA_UGOLKI_DEFAULT_ALGORITHM]);
    prog.summary = summary;
    prog.make_game = make_game;
    prog.options = program_options;
    prog.option_count = sizeof program_options / sizeof program_options[0];
    prog.handle_option = handle_option;
    prog.hooks.levels = levels;
    prog.hooks.level_count = sizeof levels / sizeof levels[0];
    prog.hooks.default_level = 3;
    prog.hooks.move_help =
        "Type a step like c3-c4, or a leap chain with every landing like a1-a3-c3-c5\n"
        "(start and end alone, a1-c5, will do too). `pass` only when you cannot move.\n"
        "Fill the opposite corner; leave your own corner within 40 moves.";
    prog.user = &c;

    /* Put ugolki's default algorithm (docs/ugolki.md: the winner of the match) first, so that a
     * user's --algorithm still overrides it. */
    char **args = malloc(((size_t)argc + 3) * sizeof *args);
    if (!args) {
        fprintf(stderr, "boardai-ugolki: out of memory\n");
        return 1;
    }
    int n = 0;
    args[n++] = argv[0];
    if (!algorithm_given) {
        args[n++] = (char *)(uintptr_t) "--algorithm";
        args[n++] = (char *)(uintptr_t)algorithm_names[BA_UGOLKI_DEFAULT_ALGORITHM];
    }
    for (int i = 1; i < argc; i++)
        args[n++] = argv[i];
    args[n] = NULL;
    int status = ba_cli_main(n, args, &prog);
    free(args);
    return status;
}
