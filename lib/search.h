/* Internals shared by the engine and the search algorithms.
 *
 * An engine (struct ba_engine) owns settings, the transposition table (shared by all threads)
 * and one bac_worker per search thread: per-ply buffers, path, fingerprints and ordering tables
 * (killers, history heuristic), so threads never share mutable state except the lock-free table,
 * the stop flags and the node counter. One search thread runs in a bac_search context, which
 * holds everything that thread mutates (node count, path, per-ply frames). */
#ifndef BA_LIB_SEARCH_H
#define BA_LIB_SEARCH_H
#include <stdatomic.h>

#include "boardai/engine.h"
#include "evalcache.h"
#include "ordering.h"
#include "timeman.h"
#include "tt.h"

#define BAC_NUM_OPTIONS 24
#define BAC_MAX_THREADS 64

/* Per ply of the search: the state there, its moves and the PV from there. Move buffers are
 * allocated the first time a ply is reached and kept by the engine (never per node). */
typedef struct bac_frame {
    unsigned char *state;
    ba_move *moves;      /* game->max_moves, lazily allocated */
    bac_scored *order;   /* game->max_moves */
    uint64_t hash;       /* hash of state */
    uint64_t key;        /* transposition key (hash, plus history fingerprint if it matters) */
    uint64_t move_key;   /* key of the move-only entry (history games), else key */
    int stm;             /* side to move */
    int null_move;       /* selective: this node was reached by a null move */
    int no_null;         /* selective: a null move must not be tried here (verification) */
    int has_eval;        /* selective: static_eval holds this node's static value */
    int static_eval;     /* (for the "improving" test two plies further down) */
    ba_move move;        /* the move that led here (counter-move ordering); none at the root */
    int pv_len;
    ba_move pv[BA_MAX_PV];
} bac_frame;

/* The buffers of one search thread, kept by the engine between searches. */
typedef struct bac_worker {
    bac_frame *frames;   /* nframes frames, states allocated with them */
    int nframes;
    uint64_t *path;      /* game history + search path hashes, path_cap entries */
    uint64_t *pre;       /* pre[i] = sum of mix(path[j]) for j < i, path_cap + 1 entries */
    size_t path_cap;
    bac_order order;
    bac_evc evc;         /* this thread's evaluation cache */
} bac_worker;

typedef struct bac_mcts bac_mcts; /* search_mcts.c */

struct ba_engine {
    const ba_game *game;
    int64_t opt[BAC_NUM_OPTIONS];
    atomic_int stop;
    atomic_int running;
    ba_progress_fn progress;
    void *progress_user;
    bac_tt tt;
    bac_worker *workers; /* nworkers; workers[0] is the calling thread's */
    int nworkers;
    bac_mcts *mcts;      /* the MCTS tree kept for reuse, or NULL */
    uint8_t lmr[64][64]; /* late-move reductions by depth and move number (selective search) */
    ba_root_line *lines; /* the root lines of the last search (BA_MAX_MULTIPV), or NULL */
    uint64_t lag_ms;     /* observed overrun of clocked searches (time manager reserve) */
    int nlines;
    int no_eval_cache;   /* 1 = searches evaluate every time (tests compare against it) */
    /* The companion a game's search_move hook searches with (ba_engine_companion), or NULL;
     * atomic because ba_engine_stop() reads it from another thread. */
    _Atomic(ba_engine *) companion;
    ba_engine *parent;   /* the engine this one is the companion of: its stop stops this one */
};

/* What the threads of one search share. */
typedef struct bac_shared {
    atomic_int done;             /* the main thread finished: helpers stop */
    _Atomic uint64_t nodes;      /* nodes of all threads, flushed in batches */
} bac_shared;

typedef struct bac_search {
    ba_engine *eng;
    const ba_game *g;
    bac_order *order;    /* this thread's ordering tables */
    bac_shared *shared;  /* NULL with one thread */
    bac_evc *evc;        /* this thread's evaluation cache, or NULL (none) */
    int helper;          /* 0 for the main thread, i for helper i */
    /* settings of this search */
    int max_depth, qdepth, noise, quiesce, tt_deeper, aspiration, bf_min, bf_k;
    int history_matters;
    int selective;       /* the selective parts of alpha-beta are on (BA_OPT_SELECTIVE) */
    uint64_t seed;
    uint64_t key_salt;   /* mixed into every TT key: the leaf settings (quiescence, noise) */
    uint64_t node_limit, time_limit_ms;
    /* running state */
    uint64_t start_ns;
    uint64_t next_time_check; /* node count at which the clock is read next */
    uint64_t last_time_check_ns;
    uint32_t time_check_every; /* nodes between clock reads, adapted to the cost of a node */
    uint64_t nodes;
    uint64_t flushed;    /* nodes already added to shared->nodes */
    uint64_t guesses;    /* heuristic values used (evaluations, unproven table scores): an
                            iteration with none has proven its value */
    int abort;           /* a limit, ba_engine_stop() or an error ended the search */
    int error;           /* BA_OK or the error that aborted it */
    bac_frame *f;        /* this thread's frames */
    int nframes;
    uint64_t *path;      /* path[hist_len + ply] = hash at ply, once the node is expanded */
    uint64_t *pre;       /* prefix sums of mix(path[]) (history fingerprints) */
    size_t hist_len;
    /* root bookkeeping */
    ba_move root_hint;   /* the previous iteration's best: searched first at the root */
    const uint8_t *root_skip; /* per root move index: 1 = not searched (restricted root,
                                 MultiPV lines already found); NULL = every move */
    int root_skipping;   /* root_skip excludes at least one move: no root table entry */
    int root_partial;    /* 1 when root_best holds a fully searched move of this iteration */
    ba_move root_best;
    int root_score;
    int iter_depth;      /* nominal depth of the current iteration (caps extensions) */
} bac_search;

/* Node outcome of bac_enter(). */
enum { BAC_ONGOING = 0, BAC_TERMINAL = 1 };

uint64_t bac_now_ns(void);
/* Counts the node at ply, checks the limits, computes hash/key/side; on BAC_TERMINAL *score is
 * the terminal score. After it returns, s->abort must be checked. */
int bac_enter(bac_search *s, int ply, int *score);
/* Counts a node and checks the limits only (MCTS playouts); 1 when the search must stop. */
int bac_count_node(bac_search *s);
/* The history fingerprint part of the table key of the position at ply (history games): the
 * earlier positions inside the game's repeat window. */
uint64_t bac_history_key(const bac_search *s, int ply);
/* Generates the moves (all, or noisy ones) of ply into f[ply].moves; -1 on abort. */
int bac_generate(bac_search *s, int ply, int noisy);
/* Makes f[ply+1] the child after move m of ply; -1 on abort. */
int bac_make_child(bac_search *s, int ply, const ba_move *m);
/* Static evaluation with the repeatable noise. */
int bac_eval(bac_search *s, int ply);
/* Leaf value: stand-pat quiescence when enabled (alpha-beta form), else bac_eval. */
int bac_leaf(bac_search *s, int ply, int alpha, int beta);
/* The same leaf value without pruning: the reference for bac_leaf. */
int bac_leaf_full(bac_search *s, int ply);
/* Makes room for frames up to ply (states, move lists); -1 on failure (abort set). */
int bac_frame_ready(bac_search *s, int ply);
/* Makes f[ply+1] the position after a null move (the game's make_null()); -1 when the game
 * refuses or the turn did not pass (no abort: the caller just skips the null move). */
int bac_make_null(bac_search *s, int ply);
/* Copies the child's PV behind move m into f[ply]'s PV. */
void bac_pv_update(bac_search *s, int ply, const ba_move *m);
/* 1 when the child at ply+1 has the same side to move (no sign flip). */
static inline int bac_same_side(const bac_search *s, int ply)
{
    return s->f[ply + 1].stm == s->f[ply].stm;
}
/* A search failure: records the error (the first one) and aborts. */
void bac_search_fail(bac_search *s, int code);

/* One iteration of each algorithm at the root: returns the score (root side's view). */
/* The remaining depth of the node at ply after the game's extension (chess: check), capped so
 * that ply + depth never exceeds twice the iteration's depth (the frames allow for it); a
 * negative extension (Arimaa: a push's second step) is taken whole. The
 * same call in every algorithm keeps alpha-beta equal to negamax; alpha-beta keys its table
 * scores with the remaining budget (see search_alphabeta.c), so the cap stays exact. */
int bac_extend(bac_search *s, int ply, int depth);
/* The same, and *tactical = whether the hook's value is positive (as bac_tactical() says), from
 * the one call: the hook can be dear (Arimaa's goal search at a turn start). */
int bac_extend_tactical(bac_search *s, int ply, int depth, int *tactical);
/* True when the game marks the node at ply as tactical (positive extension): no stand pat. */
int bac_tactical(bac_search *s, int ply);
/* Selective search only: true when the game says the side to move has only noisy moves (a
 * compulsory capture): no pruning, reduction or stand pat there. Always 0 in exact search. */
int bac_forced(bac_search *s, int ply);
int bac_negamax_root(bac_search *s, int depth);
int bac_alphabeta_root(bac_search *s, int depth, int prev_score);
int bac_bestfirst_root(bac_search *s, int depth);
/* Lengthens res->pv (a completed alpha-beta depth) with table moves, up to max_len moves. */
void bac_pv_extend(bac_search *s, ba_search_result *res, int max_len);
/* Exposed for tests: a fixed-depth negamax value of f[ply]. */
int bac_negamax(bac_search *s, int ply, int depth);

/* Makes a worker's buffers large enough for nframes plies after hist_len earlier positions. */
int bac_worker_prepare(const ba_game *g, bac_worker *w, int nframes, size_t hist_len);
void bac_worker_free(bac_worker *w);

/* MCTS (search_mcts.c): the whole search from a prepared main context whose frame 0 holds the
 * root (moves generated: n of them). Fills res; returns BA_OK or an error. */
int bac_mcts_run(bac_search *s, int n, ba_search_result *res);
void bac_mcts_free(bac_mcts *t);
/* For tests: bytes allocated by the kept MCTS tree, and its nodes. */
size_t bac_mcts_tree_bytes(const ba_engine *e);
size_t bac_mcts_tree_nodes(const ba_engine *e);
#endif
