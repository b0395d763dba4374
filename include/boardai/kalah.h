/**
 * @file kalah.h
 * @brief Kalah(m, n): the game module and its exact solver.
 *
 * Kalah is played on m pits per side (1..8, default 6) with n seeds per pit at the start (1..12,
 * default 6). Side 0 is South (pits 1..m, store m+1 in the 1986 program's numbering) and moves
 * first; side 1 is North (pits m+2..2m+1, store 2m+2). The rules are those of the 1986 program
 * (docs/kalah.md): sowing counter-clockwise skipping the opponent's store, an extra turn when the
 * last seed lands in the own store, a capture when it lands in an own empty pit whose opposite pit
 * holds seeds (or, with the empty-capture option, even when the opposite pit is empty), and the
 * game ends as soon as either side's pits are all empty, the other side keeping its seeds.
 *
 * Notation (move text): the pit number in the 1986 numbering, so South plays "1".."m" and North
 * plays "m+2".."2m+1" ("8".."13" on the standard board).
 *
 * Position text: `S1 .. Sm / Ss / N1 .. Nm / Ns / t`: South's pits in sowing order (pit 1 first),
 * South's store, North's pits in sowing order (pit m+2 first), North's store, and the side to move
 * (`s` or `n`). The start of Kalah(6,6) is `6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / s`.
 */
#ifndef BOARDAI_KALAH_H
#define BOARDAI_KALAH_H

#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Fewest pits per side. */
#define BA_KALAH_MIN_PITS 1
/** Most pits per side. */
#define BA_KALAH_MAX_PITS 8
/** Fewest seeds per pit at the start. */
#define BA_KALAH_MIN_SEEDS 1
/** Most seeds per pit at the start. */
#define BA_KALAH_MAX_SEEDS 12
/** Most seeds a position may hold in all (pits and stores): the largest board's start. */
#define BA_KALAH_MAX_TOTAL (2 * BA_KALAH_MAX_PITS * BA_KALAH_MAX_SEEDS)

/** The rules of a Kalah variant. */
typedef struct ba_kalah_options {
    int pits;          /**< Pits per side, #BA_KALAH_MIN_PITS..#BA_KALAH_MAX_PITS. Default 6. */
    int seeds;         /**< Seeds per pit at the start, #BA_KALAH_MIN_SEEDS..#BA_KALAH_MAX_SEEDS.
                            Default 6. */
    int empty_capture; /**< 1: a last seed in an own empty pit captures even when the opposite pit
                            is empty (the rule of Irving, Donkers and Uiterwijk's solver);
                            0 (default): only when the opposite pit holds seeds (1986 program). */
} ba_kalah_options;

/** The default rules: Kalah(6, 6), standard capture. */
BA_API ba_kalah_options ba_kalah_options_default(void);

/** Standard Kalah(6, 6), a constant game (no need to destroy it). */
BA_API const ba_game *ba_kalah_game(void);

/**
 * Makes a Kalah variant. Free it with ba_game_destroy().
 * @param opts the rules (NULL: the defaults)
 * @param out receives the game
 * @param err filled on failure (may be NULL), e.g. "pits must be 1..8, got 9"
 * @return #BA_OK, #BA_ERR_RANGE for out-of-range options, #BA_ERR_NOMEM, #BA_ERR_ARG
 */
BA_API int ba_kalah_create(const ba_kalah_options *opts, ba_game **out, ba_error *err);

/**
 * The rules of a Kalah game made by this module into @p out.
 * @return #BA_OK, or #BA_ERR_ARG when @p g is not a Kalah game.
 */
BA_API int ba_kalah_get_options(const ba_game *g, ba_kalah_options *out);

/* ------------------------------------------------------------------------------------------ */
/* The exact solver                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** Progress of a running solve, passed to the progress callback. */
typedef struct ba_kalah_progress {
    int phase;          /**< Always 1 (searching); other values are reserved. */
    int lower;          /**< Proven lower bound of the value (side to move's final margin). */
    int upper;          /**< Proven upper bound of the value. */
    int test;           /**< The null-window test now running ("value >= test?"); phase 1. */
    int db_seeds;       /**< Seed count of the endgame database in use. */
    uint64_t nodes;     /**< Search nodes so far. */
    uint64_t time_ms;   /**< Milliseconds since the solve started. */
    double done;        /**< Rough fraction of the work done, 0..1 (for a time estimate). */
} ba_kalah_progress;

/** Progress callback; runs on the solving thread. */
typedef void (*ba_kalah_progress_fn)(void *user, const ba_kalah_progress *progress);

/** Solver settings. Start from ba_kalah_solve_options_default(). */
typedef struct ba_kalah_solve_options {
    size_t tt_mb;        /**< Transposition table size in MiB (>= 1). Default 256. */
    int db_seeds;        /**< Endgame database: the exact value of every board with at most this
                              many seeds in the pits is kept (solved on first use). -1 (default):
                              about half the seeds of the position, within #db_mb; 0: none. */
    size_t db_mb;        /**< Most MiB the endgame database may use (one byte per board, only
                              the pages the search needs are touched). Default 128. */
    uint64_t max_nodes;  /**< Node limit, 0 = none. */
    uint64_t max_time_ms; /**< Time limit in milliseconds, 0 = none. */
    ba_kalah_progress_fn progress; /**< Optional progress callback (about once a second). */
    void *user;          /**< Passed to @c progress. */
} ba_kalah_solve_options;

/** The result of a solve. */
typedef struct ba_kalah_solution {
    int exact;          /**< 1: @c value is proven; 0: a limit or a stop ended the solve first. */
    int value;          /**< The side to move's final margin (own store - opponent's store at the
                             end) with perfect play from both sides; valid when @c exact. */
    int lower;          /**< Proven lower bound of the value (== value when exact). */
    int upper;          /**< Proven upper bound of the value (== value when exact). */
    ba_move best;       /**< A move that reaches @c value (none when the game is over or the
                             solve did not finish). */
    int db_seeds;       /**< Seed count of the endgame database used. */
    uint64_t nodes;     /**< Search nodes plus boards solved into the endgame database. */
    uint64_t time_ms;   /**< Milliseconds in all. */
    uint64_t db_time_ms; /**< Milliseconds spent building the endgame database (every board
                              with up to its seed count is solved before the search starts). */
    uint64_t db_nodes;  /**< Of @c nodes, the boards solved into the endgame database (0 when a
                             loaded database already held every board needed). */
} ba_kalah_solution;

/** An opaque solver: settings, transposition table and endgame database, kept between solves. */
typedef struct ba_kalah_solver ba_kalah_solver;

/** The default solver settings. */
BA_API ba_kalah_solve_options ba_kalah_solve_options_default(void);

/**
 * Creates a solver for the Kalah game @p g (which must outlive it). Memory is allocated lazily by
 * the first solve and bounded by @c tt_mb + @c db_mb.
 * @return #BA_OK, #BA_ERR_ARG (not a Kalah game), #BA_ERR_RANGE (bad settings), #BA_ERR_NOMEM
 */
BA_API int ba_kalah_solver_new(const ba_game *g, const ba_kalah_solve_options *opts,
                               ba_kalah_solver **out, ba_error *err);

/** Frees a solver; NULL is a no-op. Must not be called while it solves. */
BA_API void ba_kalah_solver_free(ba_kalah_solver *solver);

/**
 * Solves the position @p state (a state of the solver's game, e.g. from ba_pos_state()).
 * The transposition table and database are reused from earlier solves of the same solver, so
 * solving the positions of one game one after the other is cheap. Not to be called by two threads
 * at once on one solver; distinct solvers are independent.
 * @return #BA_OK (also when stopped early: see ba_kalah_solution::exact), #BA_ERR_ARG,
 *         #BA_ERR_NOMEM, #BA_ERR_RANGE (a position with more seeds than the board allows)
 */
BA_API int ba_kalah_solver_solve(ba_kalah_solver *solver, const void *state,
                                 ba_kalah_solution *out, ba_error *err);

/** Asks a running solve to stop as soon as it can. Safe from any thread. */
BA_API void ba_kalah_solver_stop(ba_kalah_solver *solver);

/**
 * Builds the solver's endgame database now, for every board with up to @p db_seeds seeds in the
 * pits (a solve otherwise builds the database it needs first). A smaller database already held
 * (built or loaded) is kept and extended. The time limit and ba_kalah_solver_stop() apply.
 * @return #BA_OK, #BA_ERR_ARG, #BA_ERR_RANGE (@p db_seeds outside 0..100), #BA_ERR_NOMEM,
 *         #BA_ERR_STATE (stopped before the end: the levels done are kept)
 */
BA_API int ba_kalah_solver_build_db(ba_kalah_solver *solver, int db_seeds, ba_error *err);

/**
 * The seed count up to which the solver's endgame database is complete, -1 when it has none
 * (e.g. before the first solve, or after a build stopped in its first level).
 */
BA_API int ba_kalah_solver_db_seeds(const ba_kalah_solver *solver);

/**
 * Writes the solver's complete endgame database levels to the file @p path (about
 * C(K + 2m, 2m) bytes for K seeds and m pits, plus a 32-byte header with the rules and a
 * checksum), so that later solvers can load it instead of building it. A file serves every
 * seed count per pit of the same pit count and capture rule.
 * @return #BA_OK, #BA_ERR_ARG, #BA_ERR_STATE (no complete database yet, or the file cannot be
 *         written; no partial file is left)
 */
BA_API int ba_kalah_solver_save_db(const ba_kalah_solver *solver, const char *path,
                                   ba_error *err);

/**
 * Replaces the solver's endgame database by the one saved in the file @p path by
 * ba_kalah_solver_save_db() (its size is not bounded by @c db_mb). Later solves use it as it
 * is, or extend it when they would build a bigger one (@c db_seeds). The file is checked
 * completely (header, rules, size, checksum) before it is used; on any fault the solver keeps
 * its database and @p err says what was wrong.
 * @return #BA_OK, #BA_ERR_ARG (NULL argument, or a database for other rules: pit count or
 *         capture rule), #BA_ERR_STATE (the file cannot be opened), #BA_ERR_PARSE (not a
 *         database file, truncated, trailing bytes, corrupt header or checksum mismatch),
 *         #BA_ERR_NOMEM
 */
BA_API int ba_kalah_solver_load_db(ba_kalah_solver *solver, const char *path, ba_error *err);

/**
 * One-shot convenience: creates a solver, solves @p state and frees it.
 * @param g a Kalah game
 * @param state a state of @p g, or NULL for the start position
 * @param opts the settings (NULL: defaults)
 * @param out receives the value, the best move and the figures
 * @param err filled on failure (may be NULL)
 * @return as ba_kalah_solver_new() and ba_kalah_solver_solve()
 */
BA_API int ba_kalah_solve(const ba_game *g, const void *state, const ba_kalah_solve_options *opts,
                          ba_kalah_solution *out, ba_error *err);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_KALAH_H */
