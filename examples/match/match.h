/*
 * examples/match/match.h: boardai-match's shared types (engine configurations, the game table,
 * one game's record) and the functions of its files:
 *   match_config.c  engine configuration strings ("alg=alphabeta,depth=3,N=16.09")
 *   match_games.c   the game: the library's registry, or an outside game's shared object
 *   match_play.c    one game between two configurations, from its (seed, index)
 *   match_runner.c  the forked workers and, when built with MPI, the ranks
 *   main.c          the command line, output (CSV, summary, progress), tuning and the plot
 */
#ifndef BOARDAI_MATCH_H
#define BOARDAI_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include <boardai/boardai.h>

/* Most evaluation parameters one configuration may set. */
#define MATCH_MAX_PARAMS 16
/* Longest parameter name, and longest word value (a choice, e.g. camelot's weights=tuned). */
#define MATCH_PARAM_NAME_MAX 32

/* One engine configuration. Engine settings left at -1 keep the engine's default. */
typedef struct match_engine_cfg {
    char text[512]; /* the configuration as written (canonical form for CSV and reports) */
    char program[400]; /* cmd=: the command of an engine that is another program, or "" */
    int64_t alg, depth, nodes, time_ms, tt_mb, noise, quiescence, qdepth, aspiration, tt_deeper,
        threads, mcts_c, mcts_playout, mcts_solver, mcts_scale, selective;
    int nparams; /* evaluation parameters, interpreted by the game's entry */
    char param_name[MATCH_MAX_PARAMS][MATCH_PARAM_NAME_MAX];
    double param_value[MATCH_MAX_PARAMS];
    /* A parameter whose value is a word (a registry "choice", e.g. weights=tuned) keeps it
     * here; "" for a number (param_value). */
    char param_word[MATCH_MAX_PARAMS][MATCH_PARAM_NAME_MAX];
} match_engine_cfg;

/* The game of a match: a built-in game of the library's registry (registry.h) or an outside
 * game loaded from a shared object (--game-lib), with the rules given in --game. */
typedef struct match_game_entry {
    char name[64];                 /* the game's name (the part of --game before ':') */
    char spec[BA_GAME_SPEC_MAX];   /* --game as given: the name and its rules parameters */
    ba_game_entry_fn open;         /* ba_game_open, or the shared object's entry point */
    void *lib;                     /* the shared object (dlopen handle), or NULL */
    const ba_game_param *params;   /* the registry's parameters, NULL for an outside game */
    size_t nparams;
    ba_game *referee;              /* the game with the --game rules: the referee of every game */
} match_game_entry;

/* Opens the game @p spec ("name" or "name:rules=...") from the registry, or, when @p lib_path
 * is not NULL, from that shared object's BA_GAME_ENTRY_SYMBOL. @return 0, or -1 with @p err. */
int match_game_load(match_game_entry *e, const char *spec, const char *lib_path, ba_error *err);

/* Frees what match_game_load() made (the referee, the shared object). */
void match_game_unload(match_game_entry *e);

/*
 * The game engine @p cfg searches when it plays side @p side: the --game rules plus the
 * configuration's evaluation parameters (and program_side = @p side when the game has that
 * parameter and the configuration leaves it out). Free *out with ba_game_destroy().
 * A rules parameter in @p cfg, an unknown parameter or a bad value: -1 with @p err filled.
 */
int match_game_make(const match_game_entry *e, const match_engine_cfg *cfg, int side,
                    ba_game **out, ba_error *err);

/* Writes "name, name, ..." of the evaluation parameters of built-in game @p name ("" if none). */
void match_game_eval_params(const char *name, char *buf, size_t cap);

/* Parses a configuration "key=value,key=value". @return 0, or -1 with @p err filled. */
int match_config_parse(const char *text, match_engine_cfg *cfg, ba_error *err);

/* Sets (adds or replaces) an evaluation parameter and rewrites cfg->text. @return 0 or -1. */
int match_config_set_param(match_engine_cfg *cfg, const char *name, double value);

/* Sets (adds or replaces) a parameter whose value is a word (a choice, e.g. weights=tuned).
 * @return 0 or -1 (too many parameters, or the word is too long). */
int match_config_set_word(match_engine_cfg *cfg, const char *name, const char *word);

/* Looks up a numeric evaluation parameter. @return 1 and *value when present, else 0. */
int match_config_param(const match_engine_cfg *cfg, const char *name, double *value);

/* Applies the engine settings of @p cfg to @p engine. @return BA_OK or an error code. */
int match_config_apply(const match_engine_cfg *cfg, ba_engine *engine, ba_error *err);

struct match_program;
/* Sends the engine settings of a cmd= configuration to its program as `setoption` lines
 * (the search limits go with each `go`). @return BA_OK or an error code. */
int match_config_apply_program(const match_engine_cfg *cfg, struct match_program *program,
                               ba_error *err);

/* Game status in a record. */
enum {
    MATCH_OK = 0,      /* finished by the rules or adjudicated */
    MATCH_CRASH = 1,   /* the worker died (signal or exit) before the end */
    MATCH_ILLEGAL = 2, /* an engine chose a move the referee refused */
    MATCH_ERROR = 3    /* a library call failed (search, opening, ...) */
};

/* What one game produced. */
typedef struct match_record {
    int64_t index;     /* game index: pair index * 2 + (0: A plays side 0, 1: A plays side 1) */
    int status;        /* MATCH_ */
    int a_side;        /* side engine A played */
    int result;        /* BA_RESULT_ value (BA_RESULT_ONGOING when status != MATCH_OK) */
    int a_score;       /* A's result: 1 win, 0 draw, -1 loss */
    int adjudicated;   /* 1: drawn by the tool's ply limit */
    int plies;         /* plies played, opening included */
    int opening_plies; /* plies of the opening */
    double time_s;     /* wall time of the game */
    uint64_t nodes[2]; /* nodes searched by A and B */
    int rank;          /* MPI rank that played it (0 without MPI) */
    char message[256]; /* what went wrong, or "" */
    char *moves;       /* the moves, space-separated, opening first (heap; may be NULL) */
    size_t moves_len, moves_cap;
} match_record;

/* Appends a move text to the record's move list. @return 0 or -1 (out of memory). */
int match_record_add_move(match_record *r, const char *text);

/* Frees the record's move list. */
void match_record_clear(match_record *r);

/* Everything that decides a game besides its index. */
typedef struct match_setup {
    const match_game_entry *game;
    match_engine_cfg cfg[2]; /* engine A, engine B */
    uint64_t seed;
    int random_plies;        /* random opening plies (when there is no opening file) */
    char **openings;         /* lines of the opening file, or NULL */
    size_t opening_count;
    int max_plies;           /* adjudicate a draw after this many plies (0: none) */
    int64_t inject_crash;    /* testing aid: the worker of this game index crashes (-1: none) */
    int64_t inject_illegal;  /* testing aid: in this game engine A's 3rd move is garbled (-1) */
} match_setup;

/*
 * The events of a game, one line each, as match_play_game() emits them:
 *   "o MOVE"  an opening move          "m MOVE"  a move of an engine
 *   "n NODES_A NODES_B"                 nodes searched (once, before the end line)
 *   "r RESULT ADJUDICATED"              the end: a BA_RESULT_ value, 1 if adjudicated
 *   "x STATUS MESSAGE"                  a failure: MATCH_ILLEGAL or MATCH_ERROR and why
 */
typedef void (*match_emit_fn)(void *user, const char *line);

/* Plays game @p index of @p setup, emitting its events. Depends only on (setup, index). */
void match_play_game(const match_setup *setup, int64_t index, match_emit_fn emit, void *user);

/* Feeds one event line into a record (parent side). @return 1 at the end line, else 0. */
int match_record_feed(match_record *r, const char *line);

/* Serialises a record into one text line (for MPI) / reads it back. */
char *match_record_serialise(const match_record *r);
int match_record_deserialise(const char *text, match_record *r);

/* Called by the runner for every finished (or failed) game, on rank 0 only. */
typedef void (*match_record_fn)(void *user, const match_record *r);
/* Asked by the runner before each new game: nonzero stops dispatching. */
typedef int (*match_stop_fn)(void *user);

/*
 * Plays games first .. first + count - 1 with @p jobs forked workers on this process (and,
 * under MPI, on every rank). Calls @p on_record on rank 0 as games finish (in any order).
 * Ranks other than 0 return after the run without calling it.
 * @return 0, 1 when interrupted (SIGINT/SIGTERM), -1 on a system error.
 */
int match_run(const match_setup *setup, int64_t first, int64_t count, int jobs,
              match_record_fn on_record, match_stop_fn should_stop, void *user);

/* 1 after SIGINT/SIGTERM stopped a run. */
int match_interrupted(void);

/* MPI: starts (when launched by mpirun and built with MPI) and reports rank and size. */
void match_mpi_init(int *argc, char ***argv, int *rank, int *size);
/* MPI: ends every rank at once with @p code (after an interrupt; no-op without MPI). */
void match_mpi_abort(int code);
/* MPI: ends (no-op without MPI). */
void match_mpi_finalize(void);
/* 1 when running under MPI with more than one rank. */
int match_mpi_active(void);

#endif /* BOARDAI_MATCH_H */
