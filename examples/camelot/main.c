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

static const ba_cli_option OPTIONS[] = {
    {"knight-n", "N", "Nolan's knight-value parameter N (default 17.09; real, e.g. 12.27..19.5)"},
    {"no-fifty", NULL, "no draw after 50 moves each without a capture or castle entry"},
    {"no-repetition", NULL, "no draw by threefold repetition"},
    {"castle-moves", "N", "castle moves per player per game (default 2)"},
    {"weights", "NAME", "evaluation weights preset: nolan (default) or tuned"},
};

typedef struct program_state {
    ba_camelot_options options;
    int changed;
} program_state;

static int handle_option(void *user, const char *name, const char *value, ba_error *err)
{
    program_state *st = user;
    char *end = NULL;
    if (strcmp(name, "knight-n") == 0) {
        double n = strtod(value, &end);
        if (end == value || *end != '\0')
            return ba_error_set(err, BA_ERR_RANGE, "--knight-n: '%s' is not a number", value);
        st->options.knight_n = n;
    } else if (strcmp(name, "no-fifty") == 0) {
        st->options.fifty_move_rule = 0;
    } else if (strcmp(name, "no-repetition") == 0) {
        st->options.repetition_draw = 0;
    } else if (strcmp(name, "castle-moves") == 0) {
        long n = strtol(value, &end, 10);
        if (end == value || *end != '\0' || n < 0 || n > 255)
            return ba_error_set(err, BA_ERR_RANGE, "--castle-moves: '%s' is not 0..255", value);
        st->options.castle_moves_per_player = (int)n;
    } else if (strcmp(name, "weights") == 0) {
        int rc = ba_camelot_weights_preset(value, &st->options.weights, err);
        if (rc != BA_OK)
            return rc;
    } else {
        return BA_ERR_UNSUPPORTED;
    }
    st->changed = 1;
    return BA_OK;
}

static int make_game(void *user, const ba_game **out, int *destroy_after, ba_error *err)
{
    program_state *st = user;
    if (!st->changed) {
        *out = ba_camelot_game();
        *destroy_after = 0;
        return BA_OK;
    }
    ba_game *g = NULL;
    int rc = ba_camelot_create(&st->options, &g, err);
    if (rc != BA_OK)
        return rc;
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
    st.options = ba_camelot_options_default();
    st.changed = 0;

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
    return ba_cli_main(argc, argv, &prog);
}
