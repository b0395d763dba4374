/* The boardai-bench program's interface for benchmark files.
 *
 * Every bench/bench_<name>.c defines `void bench_<name>(bench_ctx *ctx);` and is registered
 * automatically (bench/CMakeLists.txt). Inside, print with the helpers below: they write
 * Markdown tables to stdout, one row per measurement, and add a ratio against a reference
 * measured in the same run where that makes sense, so figures from different machines compare.
 *
 *     void bench_kalah(bench_ctx *ctx)
 *     {
 *         const ba_game *g = ba_kalah_game();
 *         bench_section(ctx, "Kalah(6,6)");
 *         int d = bench_quick(ctx) ? 8 : 12;
 *         bench_search_row(ctx, g, "start", NULL, BA_ALG_ALPHABETA, d); // the reference
 *         bench_search_row(ctx, g, "start", NULL, BA_ALG_BESTFIRST, d); // shows ×time vs it
 *         bench_perft_row(ctx, g, "start", NULL, 6);
 *         bench_copymake_row(ctx, g, "start", NULL);
 *         bench_note(ctx, "extra turns: %d%%", 17);
 *     }
 */
#ifndef BA_BENCH_H
#define BA_BENCH_H
#include <stdint.h>

#include <boardai/engine.h>

typedef struct bench_ctx bench_ctx;

/** One registered benchmark. */
typedef struct bench_entry {
    const char *name;
    void (*run)(bench_ctx *);
} bench_entry;

/** 1 when run with --quick (keep each bench to a few seconds), else 0. */
int bench_quick(const bench_ctx *ctx);

/** Starts a section: prints a Markdown heading. */
void bench_section(bench_ctx *ctx, const char *title);

/** Prints a free-form note line (printf-style), as a paragraph of its own. */
void bench_note(bench_ctx *ctx, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

/** Prints one line of a game's own Markdown table (printf-style): no blank line after it, so
 *  consecutive rows stay one table. */
void bench_table_line(bench_ctx *ctx, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

/** Sets an engine option for the following search rows (e.g. BA_OPT_TT_MB, BA_OPT_QUIESCENCE,
 *  BA_OPT_BF_SCHEDULE); the algorithm and depth are given per row. */
void bench_set_option(bench_ctx *ctx, ba_option option, int64_t value);

/** Forgets the options set with bench_set_option() (back to engine defaults). */
void bench_reset_options(bench_ctx *ctx);

/** What one measured search gave. */
typedef struct bench_search_stats {
    int rc;            /**< BA_OK or the error of the search */
    int depth, score;  /**< completed depth and its score */
    uint64_t nodes;    /**< nodes searched */
    double seconds;    /**< wall time to depth */
    char best[BA_MOVE_TEXT_MAX];
} bench_search_stats;

/** Searches position_text (NULL = start) with a fresh engine to exactly @p depth (no other
 *  limit) with the current options and returns the figures, without printing. Without --quick
 *  the search is repeated (up to 3 times, cleared engine) and the fastest time is kept. */
bench_search_stats bench_search(bench_ctx *ctx, const ba_game *g, const char *position_text,
                                ba_algorithm alg, int depth);

/**
 * Measures a search (see bench_search) and prints a table row: label, algorithm, depth, nodes,
 * time to depth, nodes/s, score, best move, and for a non-alpha-beta row the node and time
 * ratios against the last alpha-beta row of the same label and depth (the reference).
 */
void bench_search_row(bench_ctx *ctx, const ba_game *g, const char *label,
                      const char *position_text, ba_algorithm alg, int depth);

/** Measures perft (ba_perft) and prints a row: label, depth, leaves, time, leaves/s. */
void bench_perft_row(bench_ctx *ctx, const ba_game *g, const char *label,
                     const char *position_text, int depth);

/**
 * Measures the copy-make primitives on a position and prints a row of nanoseconds per call:
 * state copy (memcpy of state_size bytes), copy + apply (averaged over the legal moves),
 * generate, hash, evaluate, status; and apply's cost as a multiple of the copy.
 */
void bench_copymake_row(bench_ctx *ctx, const ba_game *g, const char *label,
                        const char *position_text);

/**
 * Where best-first gains or loses against alpha-beta: on @p positions positions reached by
 * min_plies..max_plies seeded random plies from the start, searches each with alpha-beta and
 * best-first to @p depth (current options) and prints a row: total nodes of each, the node and
 * time ratios, how often both chose the same move, and the value best-first's move loses against
 * alpha-beta's exact value at that depth (mean and worst, in the game's evaluation units: the
 * move is scored by an alpha-beta search of depth - 1 after it).
 */
void bench_bestfirst_row(bench_ctx *ctx, const ba_game *g, const char *label, int positions,
                         int min_plies, int max_plies, uint64_t seed, int depth);

/**
 * Lazy SMP against one thread: on @p positions positions reached by min_plies..max_plies seeded
 * random plies from the start, searches each with alpha-beta to @p depth with 1 thread and with
 * @p threads (fresh engines, current options) and prints a row: total time of each, the speed-up
 * in time to depth, nodes/s of each and their ratio, and the node ratio (the extra work the
 * helper threads cause). Meaningful only on a machine with @p threads idle cores.
 */
void bench_threads_row(bench_ctx *ctx, const ba_game *g, const char *label, int positions,
                       int min_plies, int max_plies, uint64_t seed, int depth, int threads);

/** A section with one bench_threads_row() of 2 threads against 1 on @p positions positions
 *  (6-10 random plies in, fixed seed) at @p depth, with a 64 MiB table; options are reset. */
void bench_threads_section(bench_ctx *ctx, const ba_game *g, const char *game_label,
                           int positions, int depth);

/** Monotonic wall-clock seconds. */
double bench_now(void);

/** Plays @p games games of @p g, the default engine against itself, each side with @p base_ms
 *  plus @p inc_ms a move on a real clock (ba_engine_search_limits), from @p start_text (NULL =
 *  the start) after 2 seeded random plies, at most @p max_plies plies a game; prints one row:
 *  moves, losses on time, worst overshoot of the hard limit, least time left. Print
 *  bench_clock_header() first. (bench_clock.c) */
void bench_clock_games(bench_ctx *ctx, const ba_game *g, const char *label,
                       const char *start_text, int games, int64_t base_ms, int64_t inc_ms,
                       int max_plies);
/** The header of bench_clock_games() rows. */
void bench_clock_header(bench_ctx *ctx);

/** How far a fixed time per move (ba_limits.movetime_ms of 50, 100 and 1000 ms) overshoots in
 *  wall time: @p searches searches at 50 and at 100 ms, a fifth as many at 1000 ms, each from the
 *  position a game of the default engine against itself reached at that time per move (games
 *  from @p start_text, NULL = the start, after 4 seeded random plies, at most @p max_plies plies).
 *  One row per time: median, 99th percentile and worst overshoot, searches over by more than
 *  10 ms. Print bench_movetime_header() first. (bench_clock.c) */
void bench_movetime_games(bench_ctx *ctx, const ba_game *g, const char *label,
                          const char *start_text, int searches, int max_plies);
/** The header of bench_movetime_games() rows. */
void bench_movetime_header(bench_ctx *ctx);

/** A game's clock sections: 50 games at 2 s + 50 ms (bench_clock_games; 2 with --quick) and the
 *  movetime overshoot (bench_movetime_games, 100 searches a time; 10 with --quick), from
 *  @p start_text (NULL = the start), at most @p max_plies plies a game. */
void bench_clock_section(bench_ctx *ctx, const ba_game *g, const char *label,
                         const char *start_text, int max_plies);

/** The short name of an algorithm ("negamax", "alpha-beta", "best-first"). */
const char *bench_algorithm_name(ba_algorithm alg);
#endif
