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

/** Engine settings for ba_engine_set() / ba_engine_get(). Numbers are stable. */
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
    BA_OPT_BF_MIN_DEPTH = 10, /**< Best-first: the smallest re-search depth, 1..#BA_MAX_DEPTH
                                  (article and default: 2). */
    BA_OPT_BF_SCHEDULE = 11, /**< Best-first: first re-search depth is max(min, depth^(1/k)) with
                                  k = this value, 1..8 (article and default: 2, the square root). */
    BA_OPT_TT_DEEPER = 12,   /**< 1 = also cut off with table entries searched deeper than
                                  needed (stronger, but no longer equal to negamax at the same
                                  depth). Default 0. */
    BA_OPT_QDEPTH = 13,      /**< Maximum quiescence depth in plies, 0..#BA_MAX_DEPTH. Default 32. */
    BA_OPT_MCTS_C = 14,      /**< MCTS: UCT exploration constant times 1000, 0..100000.
                                  Default 700 (rewards are in 0..1). */
    BA_OPT_MCTS_PLAYOUT = 15, /**< MCTS: random plies played from a new leaf before the game's
                                  evaluation ends the playout, 0..10000; -1 = random to the end
                                  of the game. 0 (default) evaluates the new leaf at once. */
    BA_OPT_MCTS_SOLVER = 16, /**< MCTS: 1 = MCTS-Solver, proven wins, losses and draws are
                                  propagated up the tree (default), 0 = off. */
    BA_OPT_MCTS_MEMORY_MB = 17, /**< MCTS: tree memory cap in MiB, 1..1048576; the tree stops
                                  growing at the cap (the search goes on). Default 64. */
    BA_OPT_DETERMINISTIC = 18, /**< 1 = one thread, and the table, ordering tables and MCTS tree
                                  cleared at every search start, so that a search gives the same
                                  result whatever came before. Default 0. */
    BA_OPT_MCTS_EVAL_SCALE = 19, /**< MCTS: evaluation units for odds of 1:e; an evaluation v
                                  counts as a win probability 1/(1+exp(-v/scale)), and the
                                  reported score is the inverse. 1..#BA_SCORE_EVAL_MAX.
                                  Default 400. */
    BA_OPT_MCTS_ITERATIONS = 20, /**< MCTS: iteration (playout) limit, 0 = none. Default 100000,
                                  so that a search without other limits ends. */
    BA_OPT_MCTS_REUSE = 21   /**< MCTS: 1 = keep the subtree of the position searched next when
                                  it follows the last search's position (default), 0 = fresh
                                  tree each search. */
} ba_option;

/** Deepest search in plies. */
#define BA_MAX_DEPTH 128
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
} ba_search_result;

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

/** Asks a running search to stop as soon as it can. Safe from any thread; no-op when idle. */
BA_API void ba_engine_stop(ba_engine *engine);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_ENGINE_H */
