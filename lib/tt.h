/* Transposition table: a fixed-size, 4-way bucketed hash table of search results, shared by all
 * threads of a Lazy SMP search without locks.
 *
 * Win scores are stored relative to the node (ply-adjusted), so that a result can be reused at
 * any distance from the root. Best moves are stored as indices into the game's (deterministic)
 * generated move list, which keeps entries small and can never produce an illegal move.
 *
 * Lock-free sharing: a slot is three 64-bit atomic words, `check = key ^ d1 ^ d2` and the two
 * data words (score and move; depth, bound, generation). Words are written and read with relaxed
 * atomics (plain moves on x86, no data race for ThreadSanitizer), and a reader accepts a slot only
 * when `check ^ d1 ^ d2` equals the key it looks for: a slot torn by a concurrent writer (words
 * of two different stores) fails that test and reads as a miss.
 *
 * Indexing: the bucket is chosen by the mixed key (SplitMix64 finaliser), not by the key's low
 * bits, so a game hash that is weak in its low bits (a perfect hash of a small board, a
 * counter-like encoding) still spreads over the whole table. */
#ifndef BA_LIB_TT_H
#define BA_LIB_TT_H
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* BAC_TT_MOVE: a best move without a score (history games' path-independent move hint). */
enum { BAC_TT_NONE = 0, BAC_TT_UPPER = 1, BAC_TT_LOWER = 2, BAC_TT_EXACT = 3, BAC_TT_MOVE = 4 };
/* Or-ed into the flag given to bac_tt_store(): the score is proven (its subtree used no
 * heuristic value), read back as bac_tt_entry.proven. */
#define BAC_TT_PROVEN 0x10
#define BAC_TT_NO_MOVE UINT32_MAX
/* The eval argument of bac_tt_store() when the static value is not known. */
#define BAC_TT_NO_EVAL INT32_MIN

/* A decoded entry (a copy: the table itself may change under a reader). */
typedef struct bac_tt_entry {
    uint64_t key;
    int32_t score;  /* ply-adjusted, see bac_tt_score_to() */
    uint32_t move;  /* index in the generated list, or BAC_TT_NO_MOVE */
    int16_t depth;
    uint8_t flag;   /* BAC_TT_ bound kind; NONE = empty slot */
    uint8_t gen;    /* search generation that wrote it (replacement) */
    uint8_t proven; /* stored with BAC_TT_PROVEN */
    uint8_t has_eval; /* eval holds the node's static value */
    int32_t eval;   /* the static value of the position (selective search), see has_eval */
} bac_tt_entry;

/* One slot as stored. */
typedef struct bac_tt_slot {
    _Atomic uint64_t check; /* key ^ d1 ^ d2 */
    _Atomic uint64_t d1;    /* score (low 32 bits) and move (high 32 bits) */
    _Atomic uint64_t d2;    /* depth (16 bits), flag (4), proven (1), has eval (1), generation
                               (8), static value (32) */
} bac_tt_slot;

typedef struct bac_tt {
    bac_tt_slot *slots;    /* NULL when the table is off; aligned to a cache line */
    void *raw;             /* the allocation slots lie in (what is freed) */
    size_t mask;           /* number of buckets - 1 */
    uint8_t gen;           /* written only between searches */
} bac_tt;

/* Resizes to @p mb MiB (0 = no table). On BA_ERR_NOMEM the old table is kept. */
int bac_tt_resize(bac_tt *tt, int64_t mb);
void bac_tt_free(bac_tt *tt);
void bac_tt_clear(bac_tt *tt);
void bac_tt_new_search(bac_tt *tt);
/* 1 and a copy of the entry for key in *out, or 0. */
int bac_tt_probe(const bac_tt *tt, uint64_t key, bac_tt_entry *out);
/* Stores a result; @p eval is the position's static value or BAC_TT_NO_EVAL (a static value the
 * slot already holds for the same key is then kept, as the move is). */
void bac_tt_store(bac_tt *tt, uint64_t key, int score, int depth, int flag, uint32_t move, int eval);
/* Win scores: node-relative on the way in, root-relative on the way out. */
int bac_tt_score_to(int score, int ply);
int bac_tt_score_from(int score, int ply);
#endif
