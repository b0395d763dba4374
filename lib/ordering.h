/* Move ordering: the game's order_key first, then killer moves (per ply) and the history
 * heuristic (per side and move), folded into one 64-bit key per move; larger keys go first.
 * The hash move is handled by the search itself (it is tried before anything is sorted). */
#ifndef BA_LIB_ORDERING_H
#define BA_LIB_ORDERING_H
#include "boardai/game.h"

#define BAC_HISTORY_SIZE 4096
#define BAC_COUNTER_SIZE 1024

typedef struct bac_order {
    ba_move (*killers)[2]; /* two per ply */
    int plies;             /* plies allocated in killers */
    int32_t history[2][BAC_HISTORY_SIZE];
    ba_move counter[2][BAC_COUNTER_SIZE]; /* the reply that refuted a move (by its slot), per
                                             side: the counter-move heuristic */
} bac_order;

/* A move index with its ordering key. */
typedef struct bac_scored {
    int64_t key;
    int idx;
    int game_key; /* the game's order_key alone (bac_order_score(); 0 for the forced-first move) */
} bac_scored;

int bac_order_reserve(bac_order *o, int plies);
void bac_order_free(bac_order *o);
void bac_order_clear(bac_order *o);
/* Key of a move at ply for side stm; use_heuristics = 0 gives the game's order_key alone. */
int64_t bac_order_key(const bac_order *o, const ba_game *g, const void *state, const ba_move *m,
                      int ply, int stm, int use_heuristics);
/* Records a move that caused a beta cutoff at ply with remaining depth. */
void bac_order_cutoff(bac_order *o, const ba_move *m, int ply, int stm, int depth);
/* Selective search: the history of a move for side stm, within +-BAC_HISTORY_GRAVITY once only
 * bac_order_reward() has written it (exact search's cut-off counts may exceed it). */
int32_t bac_order_history(const bac_order *o, const ba_move *m, int stm);
#define BAC_HISTORY_GRAVITY 16384
/* Selective search: a move that cut off at ply gets a bonus by depth, and the moves searched
 * before it in vain (tried[0..ntried)) the same malus; the history is kept within
 * +-BAC_HISTORY_GRAVITY by the "gravity" update of the strong engines, so moves that stop
 * working lose their rank quickly. Killers as bac_order_cutoff(). */
void bac_order_reward(bac_order *o, const ba_move *m, const ba_move *const *tried, int ntried, int ply,
                      int stm, int depth);
/* The counter-move heuristic (selective search only, so exact search orders as before): the
 * move that last refuted @p prev for side stm, or NULL; and recording one. */
const ba_move *bac_order_counter(const bac_order *o, const ba_move *prev, int stm);
void bac_order_set_counter(bac_order *o, const ba_move *prev, int stm, const ba_move *reply);
/* The alpha-beta node's keys of moves[0..n) into a[0..n) (a[i].idx = i): bac_order_key() with
 * the heuristics, plus 1 << 28 for the move equal to @p counter (may be NULL), and INT64_MAX for
 * the forced-first move @p first (-1: none), which is moved to a[0] so that bac_order_next()
 * may start at 1 once it has been searched. The per-node work (the game's hook, the killers of
 * the ply) is looked up once, not once a move. a[i].game_key keeps the game's own key, so the
 * search need not ask the game again whether a move is noisy. */
void bac_order_score(const bac_order *o, const ba_game *g, const void *state, const ba_move *moves,
                     int n, bac_scored *a, int ply, int stm, int first, const ba_move *counter);
/* Sorts by key, largest first; ties keep the generation order (deterministic). */
void bac_order_sort(bac_scored *a, int n);
/* Lazy sorting for a search that may stop after the first move or two (a cut-off): when
 * a[0..k) already hold the first k entries of the order bac_order_sort() gives (k = 0, or a[0]
 * placed by bac_order_score()), puts entry k of that order at a[k] and returns its idx. Call it
 * with k, k+1, ... in turn. The first BAC_PICK_LAZY entries are found by selection (one pass
 * each), the rest by sorting them once: the same order as bac_order_sort(), ties included,
 * since (key, idx) orders the entries totally. */
int bac_order_next(bac_scored *a, int n, int k);
#define BAC_PICK_LAZY 3
#endif
