/*
 * boardai-camelot: Camelot against libboardai in the terminal, the common text protocol
 * (--protocol), and `boardai-camelot replay FILE` to check a WCF game record.
 *
 * The terminal game, the options and the protocol come from examples/common (cli.h); this file
 * adds Camelot's levels, move help and rule/evaluation options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/boardai.h>
#include <boardai/camelot.h>

#include "camelot_replay.h"
#include "cli.h"


static const char MOVE_HELP[] =
    "Moves are in WCF notation: the start square and every landing square, '-' before the\n"
    "landing of a plain move or canter, 'x' before the landing of a jump: I8-J9 (plain),\n"
    "D6-F8 (canter), C6-E8-G8 (two canters), F6xD8xD10 (jumps), D10-D8xD6 (a knight's Charge),\n"
    "F1-G1 (castle move). Lower case is fine; straight canters may be shortened (J11-F11).\n"
    "Type 'moves' for the legal moves. Capturing is compulsory.\n"
    "The AI's scores are in hundredths of Nolan's points (a man is worth 10000).";

/* The options that make a variant are the game registry's parameters (ba_game_params(), "camelot"),
 * spelled as there: `--N 16.09` is `camelot:N=16.09`. The game is then made by ba_game_open(), so
 * the registry parses and checks the values. The old spellings are kept as silent aliases. */
static const ba_cli_option OPTIONS[] = {
    {"N", "REAL", "Nolan's knight-value parameter N (default 17.09; e.g. 12.27..19.5)"},
    {"fifty_move_rule", "0|1", "1: draw after 50 moves each without a capture or castle entry (default)"},
    {"repetition_draw", "0|1", "1: draw by threefold repetition (default)"},
    {"castle_moves", "N", "castle moves per player per game (default 2)"},
    {"weights", "NAME", "evaluation weights preset: nolan or tuned (the default)"},
    {"egtb", "FILE", "exact endgame tables (boardai-camelot-egtb build FILE): searches score them"},
    {"knight-n", "REAL", "deprecated spelling of --N"},
    {"castle-moves", "N", "deprecated spelling of --castle_moves"},
    {"no-fifty", NULL, "deprecated spelling of --fifty_move_rule 0"},
    {"no-repetition", NULL, "deprecated spelling of --repetition_draw 0"},
};

/* Deprecated option -> registry parameter (and its value, for the flags). */
static const struct {
    const char *old, *param, *value;
} ALIASES[] = {
    {"knight-n", "N", NULL},
    {"castle-moves", "castle_moves", NULL},
    {"no-fifty", "fifty_move_rule", "0"},
    {"no-repetition", "repetition_draw", "0"},
};

typedef struct program_state {
    char spec[BA_GAME_SPEC_MAX]; /* "camelot:key=value,..." for ba_game_open() */
    size_t len;
    int changed;
    const char *egtb_path;  /* --egtb FILE, or NULL */
    ba_camelot_egtb *egtb;  /* the tables loaded from it, attached to the game */
} program_state;

static int handle_option(void *user, const char *name, const char *value, ba_error *err)
{
    program_state *st = user;
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (strcmp(name, ALIASES[i].old) == 0) {
            name = ALIASES[i].param;
            if (ALIASES[i].value)
                value = ALIASES[i].value;
            break;
        }
    if (strcmp(name, "egtb") == 0 && value) {
        st->egtb_path = value; /* not a registry parameter: attached to the game once made */
        return BA_OK;
    }
    int known = 0;
    for (size_t i = 0; i < sizeof OPTIONS / sizeof OPTIONS[0]; i++)
        known |= strcmp(name, OPTIONS[i].name) == 0;
    if (!known || !value)
        return BA_ERR_UNSUPPORTED;
    int n = snprintf(st->spec + st->len, sizeof st->spec - st->len, "%s%s=%s",
                     st->changed ? "," : ":", name, value);
    if (n < 0 || (size_t)n >= sizeof st->spec - st->len)
        return ba_error_set(err, BA_ERR_RANGE, "--%s: the options are too long together", name);
    st->len += (size_t)n;
    st->changed = 1;
    return BA_OK;
}

static int make_game(void *user, const ba_game **out, int *destroy_after, ba_error *err)
{
    program_state *st = user;
    if (!st->changed && !st->egtb_path) {
        *out = ba_camelot_game();
        *destroy_after = 0;
        return BA_OK;
    }
    ba_game *g = NULL;
    int rc = ba_game_open(st->spec, &g, err);
    if (rc != BA_OK)
        return rc;
    if (st->egtb_path) {
        /* A game of its own with the same options (the registry may hand out the constant
         * default game, which cannot take a table). */
        ba_camelot_options o;
        ba_game *own = NULL;
        rc = ba_camelot_get_options(g, &o);
        if (rc == BA_OK)
            rc = ba_camelot_create(&o, &own, err);
        ba_game_destroy(g);
        if (rc != BA_OK)
            return rc;
        g = own;
        if (!st->egtb)
            rc = ba_camelot_egtb_load(st->egtb_path, &st->egtb, err);
        if (rc == BA_OK)
            rc = ba_camelot_egtb_attach(g, st->egtb, err);
        if (rc != BA_OK) {
            ba_game_destroy(g);
            return rc;
        }
    }
    *out = g;
    *destroy_after = 1;
    return BA_OK;
}

/* The levels are the library's (ba_camelot_level): the same for this program and the web page.
 * The CLI applies think time and depth; the noise is set here, after the level's limits. */
static int configure_engine(void *user, ba_engine *engine, int level)
{
    (void)user;
    ba_camelot_level_info info;
    int rc = ba_camelot_level(level, &info);
    return rc == BA_OK ? ba_engine_set(engine, BA_OPT_NOISE, info.eval_noise) : rc;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "replay") == 0)
        return camelot_replay_main(argc - 1, argv + 1);

    program_state st;
    snprintf(st.spec, sizeof st.spec, "camelot");
    st.len = strlen(st.spec);
    st.changed = 0;
    st.egtb_path = NULL;
    st.egtb = NULL;

    ba_cli_level levels[BA_CAMELOT_LEVELS];
    char summary[1024];
    int at = snprintf(summary, sizeof summary,
                      "Play Camelot (WCF rules) against libboardai.\n"
                      "Also: boardai-camelot replay FILE   (check a WCF game record; --help there)\n"
                      "Levels (--level N; the AI never thinks longer than its level's time):");
    for (int i = 0; i < BA_CAMELOT_LEVELS; i++) {
        ba_camelot_level_info info;
        if (ba_camelot_level(i + 1, &info) != BA_OK)
            return 1;
        levels[i].name = info.name;
        levels[i].depth = info.max_depth;
        levels[i].nodes = 0;
        levels[i].time_ms = info.time_ms;
        if (at > 0 && (size_t)at < sizeof summary)
            at += snprintf(summary + at, sizeof summary - (size_t)at, "\n  %d %-12s %5.1f s per move%s%s",
                           i + 1, info.name, (double)info.time_ms / 1000.0,
                           info.max_depth > 0 ? ", shallow" : "", info.eval_noise > 0 ? ", noisy" : "");
    }

    ba_cli_program prog = BA_CLI_PROGRAM_INIT;
    prog.name = "boardai-camelot";
    prog.summary = summary;
    prog.make_game = make_game;
    prog.options = OPTIONS;
    prog.option_count = sizeof OPTIONS / sizeof OPTIONS[0];
    prog.handle_option = handle_option;
    prog.hooks.move_help = MOVE_HELP;
    prog.hooks.levels = levels;
    prog.hooks.level_count = BA_CAMELOT_LEVELS;
    prog.hooks.default_level = 3;
    prog.hooks.configure_engine = configure_engine;
    prog.user = &st;
    int rc = ba_cli_main(argc, argv, &prog);
    ba_camelot_egtb_free(st.egtb); /* after the game that used it is gone */
    return rc;
}
