/**
 * @file engine.h
 * @brief The search engine: one object per player, searching a #ba_pos with a chosen algorithm.
 *
 * An engine owns its settings, its transposition table and its ordering tables. Engines are
 * independent: several may search at once in different threads. ba_engine_stop() is the one call
 * that may be made from another thread while ba_engine_search() runs.
 */
#ifndef BOARDAI_ENGINE_H
#define BOARDAI_ENGINE_H

#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque search engine. */
typedef struct ba_engine ba_engine;

/** Search algorithms (values of #BA_OPT_ALGORITHM). Numbers are stable; more will be added. */
typedef enum ba_algorithm {
    BA_ALG_NEGAMAX = 0,   /**< Plain fixed-depth negamax: the reference, slow but obviously right. */
    BA_ALG_ALPHABETA = 1, /**< Alpha-beta, iterative deepening, PVS, TT, ordering, quiescence. */
    BA_ALG_BESTFIRST = 2, /**< Best-first search with iterative re-search (the corners article). */
    BA_ALG_MCTS = 3       /**< Monte-Carlo tree search (UCT, optional MCTS-Solver); see
                               docs/search.md. */
} ba_algorithm;

/** Engine settings for ba_engine_set() / ba_engine_get(). Numbers are stable. The best-first
 *  schedule (BA_OPT_BF_*) and the MCTS internals (BA_OPT_MCTS_*) are experimental: declared only
 *  when the program defines `BOARDAI_EXPERIMENTAL` (docs/api-stability.md). */
typedef enum ba_option {
    BA_OPT_ALGORITHM = 0,    /**< A #ba_algorithm. Default #BA_ALG_ALPHABETA. */
    BA_OPT_DEPTH = 1,        /**< Maximum depth in plies, 1..#BA_MAX_DEPTH. Default 64. */
    BA_OPT_NODES = 2,        /**< Node limit, 0 = none (default). With several threads: the
                                  total, seen by each thread every 256 of its nodes. */
    BA_OPT_TIME_MS = 3,      /**< Time limit in milliseconds, 0 = none (default). */
    BA_OPT_TT_MB = 4,        /**< Transposition table size in MiB, 0..1048576, 0 = no table.
                                  Default 16. */
    BA_OPT_SEED = 5,         /**< Seed of the engine's random generator. Default 0. */
    BA_OPT_NOISE = 6,        /**< Evaluation noise amplitude (uniform ±noise, per position and
                                  seed, so repeatable), 0..#BA_SCORE_EVAL_MAX. Default 0 (off). */
    BA_OPT_QUIESCENCE = 7,   /**< 1 = quiescence over noisy moves (when the game has them),
                                  0 = off. Default 1. */
    BA_OPT_ASPIRATION = 8,   /**< Aspiration window half-width, 0..#BA_SCORE_EVAL_MAX, 0 = off.
                                  Default game-neutral 0. */
    BA_OPT_THREADS = 9,      /**< Search threads, 1..64 (alpha-beta: Lazy SMP over a shared
                                  table; MCTS: root parallelism). Default 1. */
#ifdef BOARDAI_EXPERIMENTAL /* tuning knobs: docs/api-stability.md */
    BA_OPT_BF_MIN_DEPTH = 10, /**< Best-first: the smallest re-search depth, 1..#BA_MAX_DEPTH
                                  (article and default: 2). */
    BA_OPT_BF_SCHEDULE = 11, /**< Best-first: first re-search depth is max(min, depth^(1/k)) with
                                  k = this value, 1..8 (article and default: 2, the square root). */
#endif
    BA_OPT_TT_DEEPER = 12,   /**< 1 = also cut off with table entries searched deeper than
                                  needed (stronger, but no longer equal to negamax at the same
                                  depth). Default 0. */
    BA_OPT_QDEPTH = 13,      /**< Maximum quiescence depth in plies, 0..#BA_MAX_DEPTH. Default 32. */
#ifdef BOARDAI_EXPERIMENTAL /* tuning knobs: docs/api-stability.md */
    BA_OPT_MCTS_C = 14,      /**< MCTS: UCT exploration constant times 1000, 0..100000.
                                  Default 700 (rewards are in 0..1). */
    BA_OPT_MCTS_PLAYOUT = 15, /**< MCTS: random plies played from a new leaf before the game's
                                  evaluation ends the playout, 0..10000; -1 = random to the end
                                  of the game. 0 (default) evaluates the new leaf at once. */
    BA_OPT_MCTS_SOLVER = 16, /**< MCTS: 1 = MCTS-Solver, proven wins, losses and draws are
                                  propagated up the tree (default), 0 = off. */
    BA_OPT_MCTS_MEMORY_MB = 17, /**< MCTS: tree memory cap in MiB, 1..1048576; the tree stops
                                  growing at the cap (the search goes on). Default 64. */
#endif
    BA_OPT_DETERMINISTIC = 18, /**< 1 = one thread, and the table, ordering tables and MCTS tree
                                  cleared at every search start, so that a search gives the same
                                  result whatever came before. Default 0. */
#ifdef BOARDAI_EXPERIMENTAL /* tuning knobs: docs/api-stability.md */
    BA_OPT_MCTS_EVAL_SCALE = 19, /**< MCTS: evaluation units for odds of 1:e; an evaluation v
                                  counts as a win probability 1/(1+exp(-v/scale)), and the
                                  reported score is the inverse. 1..#BA_SCORE_EVAL_MAX.
                                  Default 400. */
    BA_OPT_MCTS_ITERATIONS = 20, /**< MCTS: iteration (playout) limit, 0 = none. Default 100000,
                                  so that a search without other limits ends. */
    BA_OPT_MCTS_REUSE = 21,  /**< MCTS: 1 = keep the subtree of the position searched next when
                                  it follows the last search's position (default), 0 = fresh
                                  tree each search. */
#endif
    BA_OPT_SELECTIVE = 22,   /**< Alpha-beta: 1 = selective search (default): null-move pruning
                                  with verification (games with make_null()), late-move
                                  reductions, reverse futility and futility pruning (games with
                                  futility_margin()), cut-offs from deeper table entries, and
                                  history and counter-move ordering kept between searches.
                                  0 = exact alpha-beta, equal to negamax at every depth (with
                                  #BA_OPT_TT_DEEPER 0). Games flagged #BA_GAME_EXACT_ONLY are
                                  always searched exactly. See docs/search.md. */
    BA_OPT_MULTIPV = 23      /**< Alpha-beta: the number of best root moves whose exact scores and
                                  lines are searched and reported, 1..#BA_MAX_MULTIPV. Default 1.
                                  Read them with ba_engine_lines(). */
} ba_option;

/** Deepest search in plies. */
#define BA_MAX_DEPTH 128
/** Most root lines #BA_OPT_MULTIPV may ask for. */
#define BA_MAX_MULTIPV 64
/** Longest principal variation reported. */
#define BA_MAX_PV 64

/** Progress of a running search, passed to the progress callback after each completed depth. */
typedef struct ba_progress {
    int depth;              /**< Depth just completed. */
    int score;              /**< Its score, side to move's view. */
    uint64_t nodes;         /**< Nodes searched so far. */
    uint64_t nps;           /**< Nodes per second so far. */
    uint64_t time_ms;       /**< Milliseconds since the search started. */
    const ba_move *pv;      /**< The principal variation (@c pv_len moves). */
    int pv_len;             /**< Moves in @c pv. */
    int multipv;            /**< Which root line this is, 1 for the best; with #BA_OPT_MULTIPV
                                 K > 1 the callback runs K times per depth, lines 1..K. */
} ba_progress;

/** Progress callback; runs on the searching thread. */
typedef void (*ba_progress_fn)(void *user, const ba_progress *progress);

/** What a search found. */
typedef struct ba_search_result {
    ba_move best;           /**< The best move (always legal when the position has moves). */
    int score;              /**< Its score, side to move's view. */
    int depth;              /**< Deepest completed depth. */
    uint64_t nodes;         /**< Nodes searched. */
    uint64_t time_ms;       /**< Milliseconds used. */
    int stopped;            /**< 1 if a limit or ba_engine_stop() ended the search early. */
    int pv_len;             /**< Moves in @c pv. */
    ba_move pv[BA_MAX_PV];  /**< The principal variation, starting with @c best. */
    int proven;             /**< 1 when @c score is the game-theoretic value: a win or loss
                                 (beyond ±#BA_SCORE_WIN_MIN), or a draw or other value found with
                                 every searched line ending in a finished game. */
} ba_search_result;

/**
 * A game clock and other limits of one search, for ba_engine_search_limits(). Initialise with
 * ba_limits_init() (every field "not given"), then set what applies. Times are milliseconds.
 *
 * The time manager turns the clock into a soft limit (no new iteration starts after it) and a
 * hard limit (the search stops); it extends the soft limit when the best move changes or the
 * score drops, and ends early when one move dominates. See docs/search.md, "Time management".
 */
typedef struct ba_limits {
    int64_t time_ms[2];   /**< Time left on the clock of side 0 and side 1; -1 = no clock. */
    int64_t inc_ms[2];    /**< Increment per move of side 0 and side 1 (0 = none). */
    int movestogo;        /**< Moves until the next time control; 0 = sudden death / unknown. */
    int64_t movetime_ms;  /**< Exactly this long for this move (hard limit); 0 = not given. */
    int64_t max_ms;       /**< Never more than this for this move (a per-move cap); 0 = none. */
    int64_t overhead_ms;  /**< Kept in reserve for communication and process delays. Default 20. */
    int depth;            /**< Depth limit for this search; 0 = the engine's #BA_OPT_DEPTH. */
    uint64_t nodes;       /**< Node limit for this search; 0 = the engine's #BA_OPT_NODES. */
    int infinite;         /**< 1 = no time limit (not even #BA_OPT_TIME_MS): search until
                               ba_engine_stop() or the depth or node limit. */
    int solve;            /**< 1 = search until the root's value is proven (a win or loss in N
                               plies, or a draw when every line ends within the horizon), or
                               until ba_engine_stop() / a given limit; no clock applies. */
    const ba_move *root_moves; /**< Search only these root moves (each must be legal); NULL or
                               @c root_count 0 = every move. Alpha-beta, negamax and
                               best-first; MCTS answers #BA_ERR_UNSUPPORTED. */
    int root_count;       /**< Moves in @c root_moves. */
} ba_limits;

/** Sets every field of @p limits to "not given" (clocks -1, overhead 20 ms, the rest 0). */
BA_API void ba_limits_init(ba_limits *limits);

/**
 * The time manager's budget for one move, for programs that run their own search loop: from the
 * clock of @p side in @p limits, the soft limit (start no new iteration after it) and the hard
 * limit (stop), in milliseconds from the start of the search. Both are 0 when no time applies
 * (no clock, no movetime, no cap, or infinite/solve).
 * @return #BA_OK, or #BA_ERR_ARG for a NULL pointer or a side other than 0 or 1.
 */
BA_API int ba_time_budget(const ba_limits *limits, int side, int64_t *soft_ms, int64_t *hard_ms);

/** One root line of a search: a root move, its score and its principal variation. */
typedef struct ba_root_line {
    ba_move move;           /**< The root move (the first move of @c pv). */
    int score;              /**< Its score, side to move's view. */
    int depth;              /**< Depth to which this score was searched. */
    int pv_len;             /**< Moves in @c pv. */
    ba_move pv[BA_MAX_PV];  /**< The line, starting with @c move. */
} ba_root_line;

/** Creates an engine for @p game (which must outlive it) with default settings. */
BA_API int ba_engine_new(const ba_game *game, ba_engine **out);

/** Frees an engine; NULL is a no-op. Must not be called while it searches. */
BA_API void ba_engine_free(ba_engine *engine);

/** Changes a setting (#BA_ERR_RANGE for values out of range, #BA_ERR_ARG for unknown options,
 *  #BA_ERR_NOMEM when a new table size cannot be allocated (the old table and setting stay),
 *  #BA_ERR_STATE while a search runs). */
BA_API int ba_engine_set(ba_engine *engine, ba_option option, int64_t value);

/** Reads a setting into @p value. */
BA_API int ba_engine_get(const ba_engine *engine, ba_option option, int64_t *value);

/** Sets (or clears, with NULL) the progress callback. */
BA_API int ba_engine_set_progress(ba_engine *engine, ba_progress_fn fn, void *user);

/** Forgets everything learnt (transposition table, killers, history). */
BA_API int ba_engine_clear(ba_engine *engine);

/**
 * Searches @p pos within the engine's limits and fills @p result. When the position has legal
 * moves, @c result->best is always one of them, even when stopped at once.
 * @return #BA_OK, #BA_ERR_STATE if the game is over (or another search runs on this engine),
 *         #BA_ERR_ARG if @p pos belongs to another game than the engine's, or another error code.
 */
BA_API int ba_engine_search(ba_engine *engine, const ba_pos *pos, ba_search_result *result);

/**
 * Like ba_engine_search(), with a clock and per-search limits (see #ba_limits): the time manager
 * budgets the time of the side to move, @c root_moves restricts the root, @c solve searches until
 * the value is proven. A NULL @p limits is ba_engine_search(). The engine's own #BA_OPT_TIME_MS
 * still caps the move when set (unless @c infinite or @c solve).
 * @return as ba_engine_search(); #BA_ERR_ARG also for a root move that is not legal.
 */
BA_API int ba_engine_search_limits(ba_engine *engine, const ba_pos *pos, const ba_limits *limits,
                                   ba_search_result *result);

/**
 * The root lines of the last alpha-beta search (#BA_OPT_MULTIPV of them, or fewer when the
 * position has fewer moves), best first, from its last completed depth. Writes at most @p cap.
 * @return the number of lines written (0 before any search), or #BA_ERR_ARG.
 */
BA_API int ba_engine_lines(const ba_engine *engine, ba_root_line *lines, int cap);

/**
 * Readable form of a score for people and protocol output: `win N` or `loss N` for a proven win
 * or loss (N = plies from the searched position to the end of the game), `draw` for a score of
 * 0 when @p proven is 1 (a draw that the search proved, see #ba_search_result::proven), and
 * otherwise the number itself (`35`, `-120`). @return the length written (without the NUL),
 * #BA_ERR_BUFFER when @p cap is too small, or #BA_ERR_ARG for a NULL @p buf.
 */
BA_API int ba_score_text(int score, int proven, char *buf, size_t cap);

/** Asks a running search to stop as soon as it can. Safe from any thread; no-op when idle. */
BA_API void ba_engine_stop(ba_engine *engine);

/**
 * The companion of @p engine for @p game: the engine that a game's #ba_game::search_move hook
 * searches with (Arimaa searches a turn in its step game). It is made on the first call and kept,
 * with its tables, until @p engine is freed; an engine has one companion, for one game. Each
 * call copies @p engine's settings to it and points its progress at @p engine's callback,
 * without the line (its moves are of @p game; ba_engine_set_progress() on the companion changes
 * that until the next call). ba_engine_stop(@p engine) stops it, also between its searches.
 * Only for that hook, on the searching thread.
 * @return #BA_OK with *@p out; #BA_ERR_ARG (@p game is the engine's own, or not the game of the
 *         companion made before), #BA_ERR_GAME (an invalid @p game) or #BA_ERR_NOMEM.
 */
BA_API int ba_engine_companion(ba_engine *engine, const ba_game *game, ba_engine **out);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_ENGINE_H */
