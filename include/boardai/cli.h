/**
 * @file cli.h
 * @brief The terminal and protocol front end of every `boardai-<game>` program, for any game:
 *        the separate library libboardai-cli (pkg-config `boardai-cli`, CMake
 *        `boardai::boardai_cli`). libboardai itself never prints; this library does.
 *
 * An outside game gets the same program as the bundled ones with one call:
 *
 *     #include <boardai/cli.h>
 *     int main(int argc, char **argv) { return ba_cli_game_main(&my_game, argc, argv); }
 *
 * A program that wants more (its own options, strength levels, move input) fills a
 * #ba_cli_program and calls ba_cli_main():
 *
 *     static const ba_cli_level levels[] = {
 *         {"Beginner", 3, 0, 0}, {"Average Player", 4, 0, 0}, {"Expert", 5, 0, 0},
 *     };
 *     int main(int argc, char **argv)
 *     {
 *         ba_cli_program prog = BA_CLI_PROGRAM_INIT;
 *         prog.name = "boardai-kalah";
 *         prog.summary = "Play Kalah against libboardai.";
 *         prog.game = ba_kalah_game();
 *         prog.hooks.levels = levels;
 *         prog.hooks.level_count = sizeof levels / sizeof levels[0];
 *         prog.hooks.parse_move = kalah_pit_number;  // accept "1".."6" as well
 *         return ba_cli_main(argc, argv, &prog);
 *     }
 *
 * ba_cli_main() handles the standard options (see ba_cli_usage() / `--help`):
 *   `--help`, `--version`, `--protocol` (the common text protocol of protocol.h on stdin/stdout),
 *   `--side S` (which side the human plays: 0, 1, first, second or a side name; default 0),
 *   `--level N`, `--depth D`, `--time MS`, `--nodes N`,
 *   `--algorithm negamax|alphabeta|bestfirst|mcts`, `--threads N`, `--seed N`, `--hash MB`,
 *   `--position TEXT` (start from a position text), `--ai-vs-ai` (watch),
 * plus the program's own options (#ba_cli_program::options). Bad options print a message on
 * stderr and return exit status 2; runtime failures return 1; success returns 0.
 *
 * Without `--protocol` it runs ba_cli_play(): the terminal game against the AI.
 *
 * Fields may be added at the END of the structs only; always start from #BA_CLI_PROGRAM_INIT so
 * that new fields get their defaults. See docs/cli.md.
 */
#ifndef BOARDAI_CLI_H
#define BOARDAI_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "boardai.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One strength level of the terminal game. Zero limits mean "no limit of that kind". */
typedef struct ba_cli_level {
    const char *name; /**< shown to the player, e.g. "Expert" (may be NULL: "level N") */
    int depth;        /**< search depth in plies (0 = the engine's default, bounded by the others) */
    int64_t nodes;    /**< node limit, 0 = none */
    int64_t time_ms;  /**< time limit in milliseconds, 0 = none */
} ba_cli_level;

/**
 * Hooks that let a game customise the terminal game. Every member is optional (NULL / 0).
 * `user` is ba_cli_program::user.
 */
typedef struct ba_cli_hooks {
    /**
     * Move input: called first with the player's text (trimmed, non-empty, not a loop command).
     * Return BA_OK with *out filled (it must be a legal move, e.g. from ba_pos_parse_move()),
     * BA_ERR_UNSUPPORTED to fall back to the game's own notation (ba_pos_parse_move), or another
     * error code with err->message saying what was wrong (shown as "error: ...").
     * Kalah uses it to accept pit numbers 1-6.
     */
    int (*parse_move)(void *user, const ba_pos *pos, const char *text, ba_move *out,
                      ba_error *err);

    /**
     * Move output for people (the AI's move, `moves`, `hint`, the PV): writes the move's text.
     * Return its length, or BA_ERR_UNSUPPORTED to use the game's notation. Default: game notation.
     */
    int (*move_text)(void *user, const ba_pos *pos, const ba_move *move, char *buf, size_t cap);

    /** One or more lines telling how to type a move, shown by `help` and at the start. */
    const char *move_help;

    /** Strength levels, numbered 1..level_count for the player. NULL: built-in levels (depth
     * 1, 2, 3, 4, 6, 8, 10, 12 each with a 10 s cap). */
    const ba_cli_level *levels;
    size_t level_count; /**< entries in @c levels */
    int default_level; /**< 1-based; 0 = the middle of the table */

    /**
     * Called after each finished game with its BA_RESULT_ value and the human's side; may change
     * *level (1-based) for the next game (Kalah adapts its level to the player). Return value
     * is ignored for now (return 0).
     */
    int (*after_game)(void *user, int result, int human_side, int *level);

    /**
     * Extra engine set-up after the level's limits are applied (e.g. an evaluation-noise level).
     * Return BA_OK or an error code (the loop reports it and goes on).
     */
    int (*configure_engine)(void *user, ba_engine *engine, int level);
} ba_cli_hooks;

/** A program-specific option, e.g. {"seeds", "N", "seeds per pit (default 6)"}. */
typedef struct ba_cli_option {
    const char *name; /**< long name without the leading "--" */
    const char *arg;  /**< argument placeholder ("N"), or NULL for a flag without argument */
    const char *help; /**< one line for --help */
} ba_cli_option;

/** Everything ba_cli_main() needs to know about a program. Start from BA_CLI_PROGRAM_INIT. */
typedef struct ba_cli_program {
    const char *name;    /**< program name for --help/--version, e.g. "boardai-kalah" */
    const char *summary; /**< one line for --help */

    /** The game, or NULL when make_game is set. */
    const ba_game *game;
    /**
     * Optional: builds the game after all options were handled (variants made by
     * `ba_<game>_create()`). *destroy_after = 1 makes ba_cli_main call ba_game_destroy() at the end.
     * Return BA_OK or an error code with err filled (printed on stderr, exit status 2).
     */
    int (*make_game)(void *user, const ba_game **out, int *destroy_after, ba_error *err);

    /** The program's own options and their handler. `value` is NULL for flags. Return BA_OK or an
     * error code with err filled (printed on stderr, exit status 2). */
    const ba_cli_option *options;
    size_t option_count; /**< entries in @c options */
    /** Handles one of @c options (@p value NULL for a flag). */
    int (*handle_option)(void *user, const char *name, const char *value, ba_error *err);

    ba_cli_hooks hooks; /**< the terminal game's customisation */
    void *user;         /**< passed to every callback above */
} ba_cli_program;

/** Initialiser with every member empty. */
#define BA_CLI_PROGRAM_INIT {0}

/** Settings of one terminal game (ba_cli_play). ba_cli_main fills it from the options. */
typedef struct ba_cli_play_options {
    int human_side;         /**< 0 or 1; ignored when ai_vs_ai */
    int ai_vs_ai;           /**< 1: the AI plays both sides (a demonstration) */
    int level;              /**< 1-based level, 0 = hooks.default_level */
    int depth;              /**< > 0: overrides the level's depth */
    int64_t nodes;          /**< > 0: overrides the level's node limit */
    int64_t time_ms;        /**< > 0: overrides the level's time limit */
    int algorithm;          /**< a ba_algorithm, or -1 for the engine's default */
    int64_t seed;           /**< engine seed */
    int64_t hash_mb;        /**< >= 0: transposition table size, -1 = default */
    const char *position;   /**< start position text, or NULL for the start position */
    int threads;            /**< > 0: search threads, 0 = the engine's default */
} ba_cli_play_options;

/** Defaults: human plays side 0, default level, no overrides. */
BA_API void ba_cli_play_options_default(ba_cli_play_options *opts);

/**
 * The whole program: parses argv, then runs the protocol (--protocol) or the terminal game.
 * @return the process exit status (0 ok, 1 runtime failure, 2 bad usage).
 */
BA_API int ba_cli_main(int argc, char **argv, const ba_cli_program *prog);

/** Writes the --help text of @p prog to @p out. */
BA_API void ba_cli_usage(const ba_cli_program *prog, FILE *out);

/**
 * The common text protocol (protocol.h) over stdio: reads lines from @p in (stdin when NULL),
 * feeds them to a session, and writes every answer line to @p out (stdout when NULL), flushing
 * after each input line so a script can drive it interactively. Overlong input lines are
 * answered with an error line and skipped. Stops at `quit` or end of input.
 * @p setup (may be NULL) runs on the session's engine first (e.g. from command-line options).
 * @return the exit status (0, or 1 when the session could not be created or broke).
 */
BA_API int ba_cli_run_protocol(const ba_game *g, FILE *in, FILE *out,
                               const ba_cli_play_options *setup);

/**
 * The terminal game, human against the AI (or AI against AI). Reads the player's lines from
 * @p in, writes to @p out (stdin/stdout when NULL). Commands: a move, `moves`, `undo`, `hint`,
 * `level [N]`, `show`, `new`, `help`, `quit`.
 * @return the exit status (0 at quit / end of input, 1 on a failure of the library).
 */
BA_API int ba_cli_play(const ba_game *g, const ba_cli_hooks *hooks, void *user,
                       const ba_cli_play_options *opts, FILE *in, FILE *out);

/**
 * The whole program for one game with nothing else to configure (an outside game's main() is
 * this one call): the options of ba_cli_main() under the program name of @p argv[0], the
 * protocol with `--protocol`, else the terminal game with the built-in levels.
 * @return the process exit status (0 ok, 1 runtime failure, 2 bad usage).
 */
BA_API int ba_cli_game_main(const ba_game *game, int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_CLI_H */
