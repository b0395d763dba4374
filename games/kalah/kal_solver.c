/* The exact Kalah solver.
 *
 * Design (docs/kalah.md has the long version):
 * - The value of a position is its store margin plus the margin still to be won from the seeds in
 *   the pits, and the latter depends on the pits only. So the solver searches boards of pits seen
 *   from the side to move (kal_board), and a board's value v lies in [-R, R] with v = R (mod 2),
 *   R being the seeds in the pits.
 * - MTD(f): a sequence of null-window alpha-beta tests "v >= t?" with a transposition table that
 *   keeps a lower and an upper bound per board (exact keys: the board itself).
 * - An endgame database holds v for every board with at most db_seeds seeds, built level by level
 *   (a move never adds seeds to the pits, and a move that keeps them all moves seeds towards the
 *   mover's store, so the boards of one level can be solved by a memoised recursion).
 * - Sowing is table-driven: the seeds of one lap are added to the pit bytes as 64-bit words.
 */
/* mmap/madvise (MAP_ANONYMOUS, MADV_HUGEPAGE) are not POSIX; the project defines _POSIX_C_SOURCE,
 * so ask glibc for its default extensions too. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boardai/kalah.h"
#include "kal_rules.h"
#include "kal_solver.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#define KAL_DB_MAX_SEEDS 100       /* values must fit an int8 */
#define KAL_PATH_PLIES 12          /* plies tracked for the progress estimate */
#define KAL_CHECK_EVERY 16384u     /* nodes between looks at the clock and the stop flag */
#define KAL_BINOM_N (BA_KALAH_MAX_TOTAL + 2 * BA_KALAH_MAX_PITS + 1)
#define KAL_GUESS_DEPTH 8
#define KAL_NO_MOVE 0xff

/* Sowing c seeds (c < ring) from pit i: what to add to the two words, seeds into the store,
 * and the ring position of the last seed (0..m-1 own pits, m the store, m+1.. the opponent's). */
typedef struct kal_step {
    uint64_t add[2];
    uint8_t store;
    uint8_t last;
} kal_step;

/* A bucket of the transposition table is one 64-byte cache line holding three boards: the exact
 * keys (the board's two words), then per slot the bounds, the best move and the work. Bounds are
 * kept in a byte as (v + R) / 2, which is 0..R (R <= 192 seeds), rounded outwards. Measured
 * against the earlier 48-byte buckets of two 24-byte entries (half of which straddled two cache
 * lines): see docs/kalah.md. Slot 0 keeps the most work, slots 1 and 2 the most recent. */
#define KAL_TT_WAYS 3
typedef struct kal_tt_bucket {
    uint64_t key[KAL_TT_WAYS][2];
    uint8_t lo[KAL_TT_WAYS], hi[KAL_TT_WAYS]; /* (lo + R) / 2 <= (v + R) / 2 <= (hi + R) / 2 */
    uint8_t best[KAL_TT_WAYS];                /* pit of the best move found, or KAL_NO_MOVE */
    uint8_t work[KAL_TT_WAYS];                /* log2 of the nodes spent: deeper work is kept */
    uint8_t unused[64 - KAL_TT_WAYS * 20];
} kal_tt_bucket;

struct ba_kalah_solver {
    const ba_game *game;
    kal_params rules;
    ba_kalah_solve_options opts;
    int m, ring;
    uint64_t lap; /* one seed in each of the m pits of a word */
    kal_step step[BA_KALAH_MAX_PITS][2 * BA_KALAH_MAX_PITS + 1];

    kal_tt_bucket *tt;
    size_t tt_buckets;
    void *tt_base; /* what big_free() needs */
    size_t tt_len;

    uint8_t *db; /* endgame database, see db_get() */
    void *db_base;
    size_t db_len;
    int db_seeds; /* -1: none */
    int db_done;  /* levels 0..db_done are solved completely (-1: none); the rest on demand */
    uint64_t db_nodes, db_next_check;
    int etc_seeds; /* enhanced transposition cut-offs at nodes with at least this many seeds */
    size_t db_size;
    uint64_t db_offset[KAL_DB_MAX_SEEDS + 2];
    uint64_t binom[KAL_BINOM_N][2 * BA_KALAH_MAX_PITS + 1];
    uint64_t *rank_tab; /* see db_rank() */
    int rank_k;

    /* the running solve */
    atomic_int stop;
    int aborted;
    uint64_t nodes, next_check;
    uint64_t t0_ms, last_report_ms;
    int lower, upper, test;
    int cur_ply;
    int path_idx[KAL_PATH_PLIES], path_cnt[KAL_PATH_PLIES];
};

/* ---------------------------------------------------------------------------------------- */
/* Boards                                                                                    */
/* ---------------------------------------------------------------------------------------- */

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Zeroed memory for the big tables (transposition table, endgame database). Both are probed at
 * random, so with 4 KiB pages nearly every probe is also a TLB miss; on Linux the block is
 * mapped directly, aligned to 2 MiB and marked for transparent huge pages (measured: a large
 * share of the solve time). Elsewhere plain calloc. `*base` and `*len` are what to free. */
#define KAL_HUGE_PAGE ((size_t)2 << 20)
static void *big_alloc(size_t bytes, void **base, size_t *len)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    size_t total = bytes + KAL_HUGE_PAGE;
    if (total < bytes)
        return NULL;
    void *p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    uintptr_t a = ((uintptr_t)p + KAL_HUGE_PAGE - 1) & ~(uintptr_t)(KAL_HUGE_PAGE - 1);
#if defined(MADV_HUGEPAGE)
    (void)madvise((void *)a, bytes, MADV_HUGEPAGE); /* only a hint: no huge pages is fine */
#endif
    *base = p;
    *len = total;
    return (void *)a;
#else
    *len = bytes;
    *base = calloc(bytes ? bytes : 1, 1);
    return *base;
#endif
}

static void big_free(void *base, size_t len)
{
    if (base == NULL)
        return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    munmap(base, len);
#else
    (void)len;
    free(base);
#endif
}

/* Sum of the bytes of a word (at most 192 in all, so no byte of the product overflows). */
static int word_sum(uint64_t w) { return (int)((w * 0x0101010101010101ULL) >> 56); }

static void board_flip(kal_board *B)
{
    uint64_t t = B->w[0];
    B->w[0] = B->w[1];
    B->w[1] = t;
}

void kal_board_from_state(const kal_state *s, kal_board *out, int *store_margin)
{
    memset(out, 0, sizeof *out);
    const int me = s->to_move;
    for (int i = 0; i < BA_KALAH_MAX_PITS; i++) {
        out->b[i] = s->pits[me][i];
        out->b[8 + i] = s->pits[1 - me][i];
    }
    *store_margin = s->store[me] - s->store[1 - me];
}

/* The end rule and capture after the seeds are down; shared by both sowing versions. */
static int finish_move(const kal_params *p, kal_board *B, int last, int gain, int *gain_out)
{
    const int m = p->pits;
    int kind = KAL_SOW_PASS;
    if (last == m) {
        kind = KAL_SOW_EXTRA;
    } else if (last < m && B->b[last] == 1) {
        int opp = 8 + m - 1 - last;
        if (B->b[opp] > 0 || p->empty_capture) {
            gain += 1 + B->b[opp];
            B->b[last] = 0;
            B->b[opp] = 0;
        }
    }
    if (B->w[0] == 0 || B->w[1] == 0) {
        gain += word_sum(B->w[0]) - word_sum(B->w[1]);
        B->w[0] = B->w[1] = 0;
        kind = KAL_SOW_END;
    }
    *gain_out = gain;
    return kind;
}

int kal_board_play(const kal_params *p, kal_board *B, int i, int *gain)
{
    const int m = p->pits, ring = 2 * m + 1;
    int c = B->b[i], pos = i, store = 0;
    B->b[i] = 0;
    for (; c > 0; c--) {
        pos = (pos + 1) % ring;
        if (pos < m)
            B->b[pos]++;
        else if (pos == m)
            store++;
        else
            B->b[8 + pos - m - 1]++;
    }
    return finish_move(p, B, pos, store, gain);
}

/* The fast version of kal_board_play. The board is handled as two words in registers only:
 * writing a pit byte and then reading its word back (or the other way round) stalls store
 * forwarding, and measured with perf that was a third of the database build's time. */
static inline int sow(const ba_kalah_solver *S, kal_board *B, int i, int *gain)
{
    uint64_t w0 = B->w[0], w1 = B->w[1];
    const int sh = 8 * i;
    int c = (int)((w0 >> sh) & 0xff);
    int g = 0, kind = KAL_SOW_PASS;
    w0 &= ~((uint64_t)0xff << sh);
    if (c >= S->ring) {
        int laps = c / S->ring;
        c -= laps * S->ring;
        w0 += S->lap * (uint64_t)laps;
        w1 += S->lap * (uint64_t)laps;
        g = laps;
    }
    const kal_step *st = &S->step[i][c];
    w0 += st->add[0];
    w1 += st->add[1];
    g += st->store;
    const int last = st->last, m = S->m;
    if (last == m) {
        kind = KAL_SOW_EXTRA;
    } else if (last < m) {
        const int ls = 8 * last, os = 8 * (m - 1 - last);
        const int opp = (int)((w1 >> os) & 0xff);
        if (((w0 >> ls) & 0xff) == 1 && (opp > 0 || S->rules.empty_capture)) {
            g += 1 + opp;
            w0 &= ~((uint64_t)0xff << ls);
            w1 &= ~((uint64_t)0xff << os);
        }
    }
    if (w0 == 0 || w1 == 0) {
        g += word_sum(w0) - word_sum(w1);
        w0 = w1 = 0;
        kind = KAL_SOW_END;
    }
    B->w[0] = w0;
    B->w[1] = w1;
    *gain = g;
    return kind;
}

int kal_solver_sow(const ba_kalah_solver *S, kal_board *B, int i, int *gain)
{
    return sow(S, B, i, gain);
}

static void build_steps(ba_kalah_solver *S)
{
    const int m = S->m, ring = S->ring;
    S->lap = 0;
    for (int j = 0; j < m; j++)
        S->lap |= (uint64_t)1 << (8 * j);
    for (int i = 0; i < m; i++) {
        for (int c = 0; c < ring; c++) {
            kal_board B;
            memset(&B, 0, sizeof B);
            int pos = i, store = 0;
            for (int k = 0; k < c; k++) {
                pos = (pos + 1) % ring;
                if (pos < m)
                    B.b[pos]++;
                else if (pos == m)
                    store++;
                else
                    B.b[8 + pos - m - 1]++;
            }
            kal_step *st = &S->step[i][c];
            st->add[0] = B.w[0];
            st->add[1] = B.w[1];
            st->store = (uint8_t)store;
            st->last = (uint8_t)pos;
        }
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Endgame database                                                                          */
/* ---------------------------------------------------------------------------------------- */

static void check_limits(ba_kalah_solver *S);

/* Index of the board among all boards with at most db_seeds seeds: those with fewer than k
 * seeds first, then by rank among the boards with exactly k seeds in lexicographic order of the
 * 2m slots (the mover's pits, then the opponent's). With F_s(r) = C(r + P - 1, P - 1), P = 2m - s
 * slots left, the rank is sum_s [F_s(r_s) - F_s(r_s+1)], r_s being the seeds in slots s.. ; the
 * sum telescopes to F_0(k) + sum_{s>=1} G_s(r_s) with G_s = F_s - F_{s-1} (and -F_{2m-2} for the
 * last slot), so each slot costs one lookup by r_s alone. The r_s come from the prefix sums of
 * the pit bytes, all at once by one multiplication per word (no byte sum exceeds 255). Unsigned
 * wrap-around makes the negative G_s exact. */
static inline uint64_t db_rank_m(const ba_kalah_solver *S, uint64_t w0, uint64_t w1, int k,
                                 const int m)
{
    const int w = S->rank_k + 1;
    const uint64_t *G = S->rank_tab;
    const uint64_t p0 = w0 * 0x0101010101010101ULL; /* byte j: the mover's pits 0..j */
    const uint64_t p1 = w1 * 0x0101010101010101ULL;
    uint64_t idx = S->db_offset[k + 1]; /* = db_offset[k] + F_0(k) */
    for (int s = 1; s <= m; s++)
        idx += G[s * w + k - (int)((p0 >> (8 * (s - 1))) & 0xff)];
    const int k1 = k - (int)(p0 >> 56);
    for (int s = m + 1; s < 2 * m; s++)
        idx += G[s * w + k1 - (int)((p1 >> (8 * (s - 1 - m))) & 0xff)];
    return idx;
}

static inline uint64_t db_rank_w(const ba_kalah_solver *S, uint64_t w0, uint64_t w1, int k)
{
    return db_rank_m(S, w0, w1, k, S->m);
}

static inline uint64_t db_rank(const ba_kalah_solver *S, const kal_board *B, int k)
{
    return db_rank_w(S, B->w[0], B->w[1], k);
}

static int build_rank_tab(ba_kalah_solver *S, int k)
{
    const int n = 2 * S->m, w = k + 1;
    uint64_t *G = calloc((size_t)n * (size_t)w, sizeof *G);
    if (G == NULL)
        return BA_ERR_NOMEM;
    for (int s = 1; s < n; s++) {
        for (int r = 0; r <= k; r++) {
            uint64_t prev = S->binom[r + n - s][n - s]; /* F_{s-1}(r) */
            uint64_t cur = s < n - 1 ? S->binom[r + n - s - 1][n - s - 1] : 0; /* F_s(r) */
            G[(size_t)s * (size_t)w + (size_t)r] = cur - prev;
        }
    }
    free(S->rank_tab);
    S->rank_tab = G;
    S->rank_k = k;
    return BA_OK;
}

typedef struct kal_move_list {
    int n;
    uint8_t pit[BA_KALAH_MAX_PITS];
} kal_move_list;

/* Moves in search order: the table's best move, extra turns (nearest the store first),
 * captures (biggest first), then the rest from the store side. */
static void order_moves(const ba_kalah_solver *S, const kal_board *B, int first,
                        kal_move_list *out)
{
    const int m = S->m, ring = S->ring;
    int key[BA_KALAH_MAX_PITS];
    int n = 0;
    for (int i = m - 1; i >= 0; i--) {
        int c = B->b[i];
        if (c == 0)
            continue;
        int k = i;
        if (i == first) {
            k = 10000;
        } else if (c == m - i) {
            k = 5000 + i;
        } else if (c < ring) {
            int last = i + c;
            if (last >= ring)
                last -= ring;
            if (last < m && B->b[last] == 0 && last != i) {
                int opp = B->b[8 + m - 1 - last] + (last < i ? 1 : 0);
                if (opp > 0 || S->rules.empty_capture)
                    k = 1000 + opp;
            }
        }
        int j = n++;
        while (j > 0 && key[j - 1] < k) {
            key[j] = key[j - 1];
            out->pit[j] = out->pit[j - 1];
            j--;
        }
        key[j] = k;
        out->pit[j] = (uint8_t)i;
    }
    out->n = n;
}

static int db_solve(ba_kalah_solver *S, const kal_board *B, int k, uint64_t idx);

/* The exact value of a board with k <= db_seeds seeds, solved on first use. Entries hold v + 128
 * (0: not solved yet), so that the table can start as untouched zero pages. */
static int db_get(ba_kalah_solver *S, const kal_board *B, int k)
{
    uint64_t idx = db_rank(S, B, k);
    int e = S->db[idx];
    return e != 0 ? e - 128 : db_solve(S, B, k, idx);
}

/* Plain minimax over every move, memoised in the database. It terminates because a move never
 * adds seeds to the pits and a move that keeps them all only moves seeds towards the mover's
 * store. After a stop (S->aborted) it returns 0 and stores nothing. */
static inline int db_solve_m(ba_kalah_solver *S, const kal_board *B, int k, uint64_t idx,
                             const int m)
{
    int best;
    if (++S->db_nodes >= S->db_next_check) {
        S->db_next_check = S->db_nodes + KAL_CHECK_EVERY;
        check_limits(S);
    }
    if (S->aborted)
        return 0;
    if (B->w[0] == 0 || B->w[1] == 0) {
        best = word_sum(B->w[0]) - word_sum(B->w[1]);
    } else {
        /* No more moves once one wins every seed left. The children's entries are random
         * accesses into a table much larger than the caches: compute them all and start
         * loading them before reading any, so that the misses overlap. (Ordering the moves
         * first, for the rare early exit, cost more than it saved.) */
        kal_move_list ml;
        ml.n = 0;
        for (int i = m - 1; i >= 0; i--)
            if (B->b[i] != 0)
                ml.pit[ml.n++] = (uint8_t)i;
        kal_board child[BA_KALAH_MAX_PITS];
        int gain[BA_KALAH_MAX_PITS], kind[BA_KALAH_MAX_PITS];
        uint64_t cidx[BA_KALAH_MAX_PITS];
        for (int j = 0; j < ml.n; j++) {
            kal_board c = *B;
            kind[j] = sow(S, &c, ml.pit[j], &gain[j]);
            /* Words only (see sow): the child is written once and read back whole. */
            const int flip = kind[j] == KAL_SOW_PASS;
            const uint64_t c0 = flip ? c.w[1] : c.w[0], c1 = flip ? c.w[0] : c.w[1];
            child[j].w[0] = c0;
            child[j].w[1] = c1;
            if (kind[j] == KAL_SOW_END)
                continue;
            cidx[j] = db_rank_m(S, c0, c1, k - gain[j], m);
#if defined(__GNUC__)
            __builtin_prefetch(S->db + cidx[j]);
#endif
        }
        best = -1000;
        for (int j = 0; j < ml.n && best < k; j++) {
            int v;
            if (kind[j] == KAL_SOW_END) {
                v = gain[j];
            } else {
                int e = S->db[cidx[j]];
                int cv = e != 0 ? e - 128 : db_solve(S, &child[j], k - gain[j], cidx[j]);
                v = kind[j] == KAL_SOW_EXTRA ? gain[j] + cv : gain[j] - cv;
            }
            if (S->aborted)
                return 0;
            if (v > best)
                best = v;
        }
    }
    S->db[idx] = (uint8_t)(best + 128);
    return best;
}

/* The standard board gets its own copy with the pit count a constant, so that the compiler
 * unrolls the loops over the pits (measured: the database build is bound by this code as much as
 * by memory). */
static int db_solve(ba_kalah_solver *S, const kal_board *B, int k, uint64_t idx)
{
    return S->m == 6 ? db_solve_m(S, B, k, idx, 6) : db_solve_m(S, B, k, idx, S->m);
}

/* Visits every board with k seeds in rank order (so `next` is its index), solving the ones not
 * solved yet. (A software pipeline over boards, prefetching the children of the next few
 * boards, was measured too: no gain over the prefetch inside db_solve.) */
static void db_fill(ba_kalah_solver *S, kal_board *B, int s, int r, int k, uint64_t *next)
{
    const int n = 2 * S->m;
    uint8_t *cell = s < S->m ? &B->b[s] : &B->b[8 + s - S->m];
    if (S->aborted)
        return;
    if (s == n - 1) {
        *cell = (uint8_t)r;
        uint64_t idx = (*next)++;
        if (S->db[idx] == 0)
            db_solve(S, B, k, idx);
        *cell = 0;
        return;
    }
    for (int x = 0; x <= r; x++) {
        *cell = (uint8_t)x;
        db_fill(S, B, s + 1, r - x, k, next);
    }
    *cell = 0;
}

static void init_binom(ba_kalah_solver *S)
{
    const int kmax = 2 * BA_KALAH_MAX_PITS;
    for (int n = 0; n < KAL_BINOM_N; n++) {
        for (int k = 0; k <= kmax; k++) {
            uint64_t v;
            if (k == 0)
                v = 1;
            else if (n == 0)
                v = 0;
            else {
                uint64_t a = S->binom[n - 1][k - 1], b = S->binom[n - 1][k];
                v = a + b < a ? UINT64_MAX : a + b; /* saturate: such sizes are never built */
            }
            S->binom[n][k] = v;
        }
    }
}

/* Bytes of a database for up to k seeds: C(k + 2m, 2m), saturated. */
static uint64_t db_bytes(const ba_kalah_solver *S, int k)
{
    return S->binom[k + 2 * S->m][2 * S->m];
}

/* Index layout of a database for up to k seeds: level j (boards with exactly j seeds) starts at
 * db_offset[j] = C(j - 1 + 2m, 2m), whatever k is, so a smaller database is a prefix of a larger
 * one (which lets a database be extended or loaded from a file by levels). */
static int set_db_geometry(ba_kalah_solver *S, int k)
{
    int rc = build_rank_tab(S, k);
    if (rc != BA_OK)
        return rc;
    const int n = 2 * S->m;
    for (int j = 0; j <= k + 1; j++)
        S->db_offset[j] = S->binom[j - 1 + n][n] * (j > 0);
    S->db_size = (size_t)db_bytes(S, k);
    S->db_seeds = k;
    return BA_OK;
}

int kal_solver_prepare_db(ba_kalah_solver *S, int k)
{
    if (k < 0)
        k = 0;
    if (k > KAL_DB_MAX_SEEDS)
        return BA_ERR_RANGE;
    if (S->db_seeds >= k)
        return BA_OK;
    uint64_t bytes = db_bytes(S, k);
    if (bytes == UINT64_MAX || bytes > SIZE_MAX)
        return BA_ERR_NOMEM;
    /* Zeroed: zero means "not solved yet". */
    void *base;
    size_t len;
    uint8_t *db = big_alloc((size_t)bytes, &base, &len);
    if (db == NULL)
        return BA_ERR_NOMEM;
    /* The smaller database already built (or loaded) is the prefix of this one: keep it. */
    if (S->db != NULL)
        memcpy(db, S->db, S->db_size);
    if (set_db_geometry(S, k) != BA_OK) {
        big_free(base, len);
        return BA_ERR_NOMEM;
    }
    big_free(S->db_base, S->db_len);
    S->db = db;
    S->db_base = base;
    S->db_len = len;
    /* Solve every level in advance, smallest first: measured on Kalah(6,4), this is faster than
     * solving boards only when the search first needs them (it needs most of them, and the
     * ordered sweep is kinder to the caches). A stop leaves the rest to be solved on demand. */
    for (int j = S->db_done + 1; j <= k && !S->aborted; j++) {
        kal_board B;
        memset(&B, 0, sizeof B);
        uint64_t next = S->db_offset[j];
        db_fill(S, &B, 0, j, j, &next);
        if (!S->aborted)
            S->db_done = j;
    }
    return BA_OK;
}

int kal_db_value(ba_kalah_solver *S, const kal_board *B)
{
    int k = word_sum(B->w[0]) + word_sum(B->w[1]);
    if (S->db == NULL || k > S->db_seeds)
        return -1000;
    return db_get(S, B, k);
}

/* ---------------------------------------------------------------------------------------- */
/* Database files                                                                            */
/* ---------------------------------------------------------------------------------------- */

/* A database file: a 32-byte header, then the database bytes (levels 0..seeds, v + 128 each).
 *   0  "BAKALDB1"            magic and format version
 *   8  pits, empty_capture, seeds, 0, 0, 0, 0, 0
 *  16  data bytes, 64-bit little-endian
 *  24  checksum of the data, 64-bit little-endian (db_checksum)
 * The seeds per pit at the start do not matter: one file serves Kalah(m, n) for every n. */
#define KAL_DB_MAGIC "BAKALDB1"
#define KAL_DB_HEADER 32
#define KAL_DB_CHUNK ((size_t)16 << 20) /* a multiple of 32, see db_checksum */

/* Four independent lanes (so the multiplications overlap) of h = (h ^ word) * odd: for a fixed
 * lane state this is a bijection of the word, so any one changed word changes the result, and a
 * truncated or shifted file changes it too. Chunks must be fed in multiples of 32 bytes except
 * the last. Words are read in host order: a file from a big-endian machine is simply rejected. */
typedef struct kal_sum {
    uint64_t h[4];
} kal_sum;

static void sum_init(kal_sum *c)
{
    for (int l = 0; l < 4; l++)
        c->h[l] = 0x243f6a8885a308d3ULL + (uint64_t)l;
}

static void sum_add(kal_sum *c, const uint8_t *p, size_t n)
{
    const uint64_t P = 0x9e3779b97f4a7c15ULL;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        for (int l = 0; l < 4; l++) {
            uint64_t w;
            memcpy(&w, p + i + 8 * (size_t)l, 8);
            c->h[l] = (c->h[l] ^ w) * P;
        }
    }
    for (; i < n; i++)
        c->h[0] = (c->h[0] ^ p[i]) * P;
}

static uint64_t sum_final(const kal_sum *c, uint64_t n)
{
    uint64_t x = n;
    for (int l = 0; l < 4; l++) {
        x = (x ^ c->h[l]) * 0xbf58476d1ce4e5b9ULL;
        x ^= x >> 31;
    }
    return x;
}

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static const char *capture_name(int empty_capture)
{
    return empty_capture ? "empty capture" : "standard capture";
}

int ba_kalah_solver_build_db(ba_kalah_solver *S, int db_seeds, ba_error *err)
{
    if (S == NULL)
        return ba_error_set(err, BA_ERR_ARG, "no solver (NULL)");
    if (db_seeds < 0 || db_seeds > KAL_DB_MAX_SEEDS)
        return ba_error_set(err, BA_ERR_RANGE, "db_seeds must be 0..%d, got %d",
                            KAL_DB_MAX_SEEDS, db_seeds);
    S->t0_ms = now_ms();
    S->last_report_ms = S->t0_ms;
    S->nodes = 0;
    S->next_check = KAL_CHECK_EVERY;
    S->db_nodes = 0;
    S->db_next_check = KAL_CHECK_EVERY;
    S->aborted = 0;
    atomic_store(&S->stop, 0);
    int rc = kal_solver_prepare_db(S, db_seeds);
    if (rc != BA_OK)
        return ba_error_set(err, rc, "cannot make an endgame database of %d seeds (%llu bytes)",
                            db_seeds, (unsigned long long)db_bytes(S, db_seeds));
    if (S->aborted)
        return ba_error_set(err, BA_ERR_STATE,
                            "the endgame database was stopped after %d seeds of %d", S->db_done,
                            db_seeds);
    return BA_OK;
}

int ba_kalah_solver_db_seeds(const ba_kalah_solver *S)
{
    return S == NULL ? -1 : S->db_done;
}

int ba_kalah_solver_save_db(const ba_kalah_solver *S, const char *path, ba_error *err)
{
    if (S == NULL || path == NULL)
        return ba_error_set(err, BA_ERR_ARG, "solver and path must not be NULL");
    if (S->db_done < 0)
        return ba_error_set(err, BA_ERR_STATE, "the solver has no complete endgame database yet");
    /* Only the levels solved completely: a stopped build leaves the last level partly done. */
    const int k = S->db_done;
    const uint64_t bytes = S->db_offset[k + 1];
    kal_sum c;
    sum_init(&c);
    sum_add(&c, S->db, (size_t)bytes);
    uint8_t h[KAL_DB_HEADER];
    memset(h, 0, sizeof h);
    memcpy(h, KAL_DB_MAGIC, 8);
    h[8] = (uint8_t)S->m;
    h[9] = (uint8_t)(S->rules.empty_capture != 0);
    h[10] = (uint8_t)k;
    put_u64(h + 16, bytes);
    put_u64(h + 24, sum_final(&c, bytes));
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return ba_error_set(err, BA_ERR_STATE, "cannot create the database file '%s'", path);
    int ok = fwrite(h, 1, sizeof h, f) == sizeof h;
    for (uint64_t off = 0; ok && off < bytes; off += KAL_DB_CHUNK) {
        size_t n = bytes - off < KAL_DB_CHUNK ? (size_t)(bytes - off) : KAL_DB_CHUNK;
        ok = fwrite(S->db + off, 1, n, f) == n;
    }
    if (fclose(f) != 0)
        ok = 0;
    if (!ok) {
        (void)remove(path); /* no half-written file that a later load would reject anyway */
        return ba_error_set(err, BA_ERR_STATE, "cannot write the database file '%s' (%llu bytes)",
                            path, (unsigned long long)(bytes + KAL_DB_HEADER));
    }
    return BA_OK;
}

/* Reads the file's data into a new database; on any fault nothing in the solver changes. */
static int load_db_file(ba_kalah_solver *S, FILE *f, const char *path, ba_error *err)
{
    uint8_t h[KAL_DB_HEADER];
    size_t got = fread(h, 1, sizeof h, f);
    if (got < 8 || memcmp(h, KAL_DB_MAGIC, 8) != 0)
        return ba_error_set(err, BA_ERR_PARSE,
                            "'%s' is not a Kalah endgame database file (no BAKALDB1 header)",
                            path);
    if (got < sizeof h)
        return ba_error_set(err, BA_ERR_PARSE, "'%s': truncated header (%zu of %d bytes)", path,
                            got, KAL_DB_HEADER);
    const int m = h[8], ec = h[9], k = h[10];
    for (int i = 11; i < 16; i++)
        if (h[i] != 0 || ec > 1)
            return ba_error_set(err, BA_ERR_PARSE, "'%s': corrupt header", path);
    if (m != S->m || ec != (S->rules.empty_capture != 0))
        return ba_error_set(err, BA_ERR_ARG,
                            "'%s' is a database for %d pits with %s; this game has %d pits "
                            "with %s",
                            path, m, ec ? capture_name(1) : capture_name(0), S->m,
                            capture_name(S->rules.empty_capture));
    const uint64_t bytes = get_u64(h + 16);
    if (k > KAL_DB_MAX_SEEDS || bytes != db_bytes(S, k))
        return ba_error_set(err, BA_ERR_PARSE,
                            "'%s': corrupt header (%d seeds, %llu bytes do not match)", path, k,
                            (unsigned long long)bytes);
    if (bytes > SIZE_MAX)
        return ba_error_set(err, BA_ERR_NOMEM, "'%s' is too big for this machine", path);
    void *base;
    size_t len;
    uint8_t *db = big_alloc((size_t)bytes, &base, &len);
    if (db == NULL)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory for the %llu-byte database '%s'",
                            (unsigned long long)bytes, path);
    kal_sum c;
    sum_init(&c);
    uint64_t off = 0;
    while (off < bytes) {
        size_t n = bytes - off < KAL_DB_CHUNK ? (size_t)(bytes - off) : KAL_DB_CHUNK;
        size_t r = fread(db + off, 1, n, f);
        sum_add(&c, db + off, r); /* r < n only at the end (a truncated file) */
        off += r;
        if (r < n)
            break;
    }
    int rc = BA_OK;
    if (off < bytes)
        rc = ba_error_set(err, BA_ERR_PARSE, "'%s' is truncated: %llu of %llu database bytes",
                          path, (unsigned long long)off, (unsigned long long)bytes);
    else if (fgetc(f) != EOF)
        rc = ba_error_set(err, BA_ERR_PARSE, "'%s': unexpected bytes after the database", path);
    else if (sum_final(&c, bytes) != get_u64(h + 24))
        rc = ba_error_set(err, BA_ERR_PARSE, "'%s' is corrupt (checksum mismatch)", path);
    else if (set_db_geometry(S, k) != BA_OK)
        rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory loading '%s'", path);
    if (rc != BA_OK) {
        big_free(base, len);
        return rc;
    }
    big_free(S->db_base, S->db_len);
    S->db = db;
    S->db_base = base;
    S->db_len = len;
    S->db_done = k;
    return BA_OK;
}

int ba_kalah_solver_load_db(ba_kalah_solver *S, const char *path, ba_error *err)
{
    if (S == NULL || path == NULL)
        return ba_error_set(err, BA_ERR_ARG, "solver and path must not be NULL");
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return ba_error_set(err, BA_ERR_STATE, "cannot open the database file '%s'", path);
    int rc = load_db_file(S, f, path, err);
    fclose(f);
    return rc;
}

/* ---------------------------------------------------------------------------------------- */
/* Transposition table                                                                       */
/* ---------------------------------------------------------------------------------------- */

static uint64_t board_hash(const kal_board *B)
{
    uint64_t x = B->w[0] * 0x9e3779b97f4a7c15ULL ^ (B->w[1] + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 32;
    return x;
}

static kal_tt_bucket *tt_bucket(const ba_kalah_solver *S, const kal_board *B)
{
    uint64_t h = board_hash(B) >> 32;
    return &S->tt[(h * (uint64_t)S->tt_buckets) >> 32];
}

/* The slot of board B in the bucket, or -1. */
static int tt_find(const kal_tt_bucket *bk, const kal_board *B)
{
    for (int j = 0; j < KAL_TT_WAYS; j++)
        if (bk->key[j][0] == B->w[0] && bk->key[j][1] == B->w[1])
            return j;
    return -1;
}

/* Bounds in and out of their byte form (R: the board's seeds; v = R mod 2 for every value, so
 * rounding a bound outwards never loses anything). */
static int tt_lo(const kal_tt_bucket *bk, int j, int R) { return 2 * bk->lo[j] - R; }
static int tt_hi(const kal_tt_bucket *bk, int j, int R) { return 2 * bk->hi[j] - R; }
static uint8_t enc_lo(int lo, int R) { return (uint8_t)(lo <= -R ? 0 : (lo + R) / 2); }
static uint8_t enc_hi(int hi, int R) { return (uint8_t)(hi >= R ? R : (hi + R + 1) / 2); }

static int log2_work(uint64_t n)
{
    int w = 0;
    while (n > 1 && w < 255) {
        n >>= 1;
        w++;
    }
    return w;
}

static void tt_store(kal_tt_bucket *bk, const kal_board *B, int R, int lo, int hi, int best,
                     int work)
{
    const uint8_t l = enc_lo(lo, R), h = enc_hi(hi, R);
    int j = tt_find(bk, B);
    if (j >= 0) {
        if (l > bk->lo[j])
            bk->lo[j] = l;
        if (h < bk->hi[j])
            bk->hi[j] = h;
        if (best != KAL_NO_MOVE)
            bk->best[j] = (uint8_t)best;
        if (work > bk->work[j])
            bk->work[j] = (uint8_t)work;
        return;
    }
    /* A new board: the recent slot with less work goes. If the new board cost more than the
     * board in the deep slot, that one moves to the freed recent slot and the new one takes
     * the deep slot. An empty slot has key 0,0 and work 0. */
    j = bk->work[1] <= bk->work[2] ? 1 : 2;
    if (work >= bk->work[0]) {
        bk->key[j][0] = bk->key[0][0];
        bk->key[j][1] = bk->key[0][1];
        bk->lo[j] = bk->lo[0];
        bk->hi[j] = bk->hi[0];
        bk->best[j] = bk->best[0];
        bk->work[j] = bk->work[0];
        j = 0;
    }
    bk->key[j][0] = B->w[0];
    bk->key[j][1] = B->w[1];
    bk->lo[j] = l;
    bk->hi[j] = h;
    bk->best[j] = (uint8_t)best;
    bk->work[j] = (uint8_t)work;
}

/* ---------------------------------------------------------------------------------------- */
/* Search                                                                                    */
/* ---------------------------------------------------------------------------------------- */

_Static_assert(sizeof(kal_tt_bucket) == 64, "a table bucket is one cache line");

static void report(ba_kalah_solver *S, uint64_t t)
{
    ba_kalah_progress pr;
    memset(&pr, 0, sizeof pr);
    pr.phase = 1;
    pr.lower = S->lower;
    pr.upper = S->upper;
    pr.test = S->test;
    pr.db_seeds = S->db_seeds;
    pr.nodes = S->nodes;
    pr.time_ms = t - S->t0_ms;
    /* Fraction of this test's tree done, from the move indices along the current path. */
    double done = 0.0, weight = 1.0;
    int plies = S->cur_ply < KAL_PATH_PLIES ? S->cur_ply : KAL_PATH_PLIES;
    for (int d = 0; d < plies; d++) {
        if (S->path_cnt[d] <= 0)
            break;
        done += weight * S->path_idx[d] / S->path_cnt[d];
        weight /= S->path_cnt[d];
    }
    pr.done = done;
    S->opts.progress(S->opts.user, &pr);
}

/* Looks at the limits, the stop flag and the clock; sets S->aborted. */
static void check_limits(ba_kalah_solver *S)
{
    S->next_check = S->nodes + KAL_CHECK_EVERY;
    if (atomic_load_explicit(&S->stop, memory_order_relaxed))
        S->aborted = 1;
    if (S->opts.max_nodes && S->nodes >= S->opts.max_nodes)
        S->aborted = 1;
    uint64_t t = now_ms();
    if (S->opts.max_time_ms && t - S->t0_ms >= S->opts.max_time_ms)
        S->aborted = 1;
    if (S->opts.progress && t - S->last_report_ms >= 1000) {
        S->last_report_ms = t;
        report(S, t);
    }
}

/* Fail-soft alpha-beta on a board with R seeds; returns a value or bound of v. */
static int search(ba_kalah_solver *S, const kal_board *B, int R, int alpha, int beta, int ply)
{
    if (R <= S->db_seeds)
        return db_get(S, B, R);
    if (R <= alpha)
        return R;
    if (-R >= beta)
        return -R;
    if (++S->nodes >= S->next_check) {
        S->cur_ply = ply;
        check_limits(S);
    }
    if (S->aborted)
        return 0;

    kal_tt_bucket *bk = tt_bucket(S, B);
    const int slot = tt_find(bk, B);
    int first = KAL_NO_MOVE;
    if (slot >= 0) {
        const int lo = tt_lo(bk, slot, R), hi = tt_hi(bk, slot, R);
        if (lo >= beta)
            return lo;
        if (hi <= alpha)
            return hi;
        first = bk->best[slot];
    }
    uint64_t nodes0 = S->nodes;
    kal_move_list ml;
    order_moves(S, B, first, &ml);
    kal_board child[BA_KALAH_MAX_PITS];
    int gain[BA_KALAH_MAX_PITS], kind[BA_KALAH_MAX_PITS];
    for (int j = 0; j < ml.n; j++) {
        child[j] = *B;
        kind[j] = sow(S, &child[j], ml.pit[j], &gain[j]);
        if (kind[j] == KAL_SOW_PASS)
            board_flip(&child[j]);
#if defined(__GNUC__)
        /* The children's table and database entries are cache misses: start loading them
         * all now, so that the misses overlap instead of coming one after the other. */
        if (kind[j] != KAL_SOW_END) {
            if (R - gain[j] > S->db_seeds)
                __builtin_prefetch(tt_bucket(S, &child[j]));
            else
                __builtin_prefetch(S->db + db_rank(S, &child[j], R - gain[j]));
        }
#endif
    }
    /* Order by what each move wins at once: the table's move, the end of the game, extra turns
     * (nearest the store first), then by seeds won (captures), pits near the store first. */
    int key[BA_KALAH_MAX_PITS], ub[BA_KALAH_MAX_PITS];
    for (int j = 0; j < ml.n; j++) {
        key[j] = ml.pit[j] == first            ? 1000000
                 : kind[j] == KAL_SOW_END   ? 20000 + gain[j]
                 : kind[j] == KAL_SOW_EXTRA ? 10000 + ml.pit[j]
                                            : 100 * gain[j] + ml.pit[j];
        ub[j] = 1000;
    }
    if (R >= S->etc_seeds) {
        /* Enhanced transposition cut-off: a move whose result is already known to be good
         * enough from the table (or the database, or the end of the game) ends the node before
         * any subtree is searched. The bounds found also order the moves: a move known to reach
         * more goes first, a move known not to reach alpha is not searched at all. */
        for (int j = 0; j < ml.n; j++) {
            int Rc = R - gain[j], lo, hi;
            if (kind[j] == KAL_SOW_END) {
                lo = hi = gain[j];
            } else if (Rc <= S->db_seeds) {
                int cv = db_get(S, &child[j], Rc);
                if (S->aborted)
                    return 0;
                lo = hi = kind[j] == KAL_SOW_EXTRA ? gain[j] + cv : gain[j] - cv;
            } else {
                const kal_tt_bucket *cb = tt_bucket(S, &child[j]);
                const int cs = tt_find(cb, &child[j]);
                if (cs < 0)
                    continue;
                if (kind[j] == KAL_SOW_EXTRA) {
                    lo = gain[j] + tt_lo(cb, cs, Rc);
                    hi = gain[j] + tt_hi(cb, cs, Rc);
                } else {
                    lo = gain[j] - tt_hi(cb, cs, Rc);
                    hi = gain[j] - tt_lo(cb, cs, Rc);
                }
            }
            if (lo >= beta) {
                tt_store(bk, B, R, lo, R, ml.pit[j], 0);
                return lo;
            }
            ub[j] = hi;
            if (ml.pit[j] != first)
                key[j] = hi <= alpha ? -100000 + hi : key[j] + 1000 * (lo + 200);
        }
    }
    /* Insertion sort: at most eight moves. */
    for (int a = 1; a < ml.n; a++) {
        for (int b = a; b > 0 && key[b - 1] < key[b]; b--) {
            int tk = key[b];
            key[b] = key[b - 1];
            key[b - 1] = tk;
            tk = ub[b];
            ub[b] = ub[b - 1];
            ub[b - 1] = tk;
            tk = gain[b];
            gain[b] = gain[b - 1];
            gain[b - 1] = tk;
            tk = kind[b];
            kind[b] = kind[b - 1];
            kind[b - 1] = tk;
            uint8_t tp = ml.pit[b];
            ml.pit[b] = ml.pit[b - 1];
            ml.pit[b - 1] = tp;
            kal_board tb = child[b];
            child[b] = child[b - 1];
            child[b - 1] = tb;
        }
    }
    int best = -1000, best_pit = KAL_NO_MOVE;
    const int alpha0 = alpha;
    for (int j = 0; j < ml.n; j++) {
        if (ply < KAL_PATH_PLIES) {
            S->path_idx[ply] = j;
            S->path_cnt[ply] = ml.n;
        }
        int v, g = gain[j];
        if (ub[j] <= alpha)
            v = ub[j]; /* cannot raise alpha: its bound is enough for a fail-soft result */
        else if (kind[j] == KAL_SOW_END)
            v = g;
        else if (kind[j] == KAL_SOW_EXTRA)
            v = g + search(S, &child[j], R - g, alpha - g, beta - g, ply + 1);
        else
            v = g - search(S, &child[j], R - g, g - beta, g - alpha, ply + 1);
        if (S->aborted)
            return 0;
        if (v > best) {
            best = v;
            best_pit = ml.pit[j];
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    int lo = -R, hi = R;
    if (best >= beta)
        lo = best;
    else if (best <= alpha0)
        hi = best;
    else
        lo = hi = best;
    tt_store(bk, B, R, lo, hi, best_pit, log2_work(S->nodes - nodes0 + 1));
    return best;
}

/* The root of one null-window test: like search() but records the move that reached the value. */
static int root_search(ba_kalah_solver *S, const kal_board *B, int R, int alpha, int beta,
                       int first, int *best_pit)
{
    kal_move_list ml;
    order_moves(S, B, first, &ml);
    int best = -1000;
    *best_pit = KAL_NO_MOVE;
    for (int j = 0; j < ml.n; j++) {
        S->path_idx[0] = j;
        S->path_cnt[0] = ml.n;
        kal_board child = *B;
        int gain, v;
        int kind = sow(S, &child, ml.pit[j], &gain);
        if (kind == KAL_SOW_END) {
            v = gain;
        } else if (kind == KAL_SOW_EXTRA) {
            v = gain + search(S, &child, R - gain, alpha - gain, beta - gain, 1);
        } else {
            board_flip(&child);
            v = gain - search(S, &child, R - gain, gain - beta, gain - alpha, 1);
        }
        if (S->aborted)
            return 0;
        if (v > best) {
            best = v;
            *best_pit = ml.pit[j];
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

/* A cheap estimate of v for MTD(f)'s first test: depth-limited alpha-beta counting only the
 * seeds won within the horizon (exact database values where available). */
static int guess(ba_kalah_solver *S, const kal_board *B, int R, int depth, int alpha, int beta)
{
    if (R <= S->db_seeds)
        return db_get(S, B, R);
    if (depth == 0)
        return 0;
    int best = -1000;
    for (int i = S->m - 1; i >= 0; i--) {
        if (B->b[i] == 0)
            continue;
        kal_board child = *B;
        int gain, v;
        int kind = sow(S, &child, i, &gain);
        if (kind == KAL_SOW_END) {
            v = gain;
        } else if (kind == KAL_SOW_EXTRA) {
            v = gain + guess(S, &child, R - gain, depth - 1, alpha - gain, beta - gain);
        } else {
            board_flip(&child);
            v = gain - guess(S, &child, R - gain, depth - 1, gain - beta, gain - alpha);
        }
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    return best;
}

/* ---------------------------------------------------------------------------------------- */
/* Public API                                                                                */
/* ---------------------------------------------------------------------------------------- */

ba_kalah_solve_options ba_kalah_solve_options_default(void)
{
    ba_kalah_solve_options o;
    memset(&o, 0, sizeof o);
    o.tt_mb = 256;
    o.db_seeds = -1;
    o.db_mb = 128;
    return o;
}

int ba_kalah_solver_new(const ba_game *g, const ba_kalah_solve_options *opts,
                        ba_kalah_solver **out, ba_error *err)
{
    if (out == NULL)
        return ba_error_set(err, BA_ERR_ARG, "no place for the solver (out is NULL)");
    *out = NULL;
    const kal_params *p = kal_params_of(g);
    if (p == NULL)
        return ba_error_set(err, BA_ERR_ARG, "the solver needs a Kalah game");
    ba_kalah_solve_options o = opts ? *opts : ba_kalah_solve_options_default();
    if (o.tt_mb < 1 || o.tt_mb > ((size_t)1 << 20))
        return ba_error_set(err, BA_ERR_RANGE, "tt_mb must be 1..1048576, got %zu", o.tt_mb);
    if (o.db_seeds < -1 || o.db_seeds > KAL_DB_MAX_SEEDS)
        return ba_error_set(err, BA_ERR_RANGE, "db_seeds must be -1..%d, got %d",
                            KAL_DB_MAX_SEEDS, o.db_seeds);
    ba_kalah_solver *S = calloc(1, sizeof *S);
    if (S == NULL)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory making the solver");
    S->game = g;
    S->rules = *p;
    S->opts = o;
    S->m = p->pits;
    S->ring = 2 * p->pits + 1;
    S->db_seeds = -1;
    S->db_done = -1;
    S->etc_seeds = 0;
    atomic_init(&S->stop, 0);
    build_steps(S);
    init_binom(S);
    *out = S;
    return BA_OK;
}

void ba_kalah_solver_free(ba_kalah_solver *S)
{
    if (S == NULL)
        return;
    big_free(S->tt_base, S->tt_len);
    big_free(S->db_base, S->db_len);
    free(S->rank_tab);
    free(S);
}

void ba_kalah_solver_stop(ba_kalah_solver *S)
{
    if (S)
        atomic_store(&S->stop, 1);
}

/* The database size for a root with R seeds: the largest within the budget, but no larger than
 * R/2 - 6. A database board is solved by plain minimax over everything below it, which is worth
 * it only for boards with few seeds; measured on the 6-pit boards, R/2 - 6 is about the best
 * trade between the search and the database. */
static int auto_db_seeds(const ba_kalah_solver *S, int R)
{
    const uint64_t budget = (uint64_t)S->opts.db_mb << 20;
    int k = 0;
    while (k + 1 <= KAL_DB_MAX_SEEDS && k + 1 < R && db_bytes(S, k + 1) <= budget)
        k++;
    int useful = R / 2 - 6;
    if (useful < 0)
        useful = 0;
    return k < useful ? k : useful;
}

int ba_kalah_solver_solve(ba_kalah_solver *S, const void *state, ba_kalah_solution *out,
                          ba_error *err)
{
    if (S == NULL || state == NULL || out == NULL)
        return ba_error_set(err, BA_ERR_ARG, "solver, state and out must not be NULL");
    memset(out, 0, sizeof *out);
    ba_move none = BA_MOVE_NONE;
    out->best = none;
    const kal_state *s = (const kal_state *)state;
    kal_board B;
    int store_margin;
    kal_board_from_state(s, &B, &store_margin);
    const int R = word_sum(B.w[0]) + word_sum(B.w[1]);
    if (R + s->store[0] + s->store[1] > BA_KALAH_MAX_TOTAL || s->to_move > 1)
        return ba_error_set(err, BA_ERR_RANGE, "not a valid Kalah position (%d seeds in all)",
                            R + s->store[0] + s->store[1]);

    S->t0_ms = now_ms();
    S->last_report_ms = S->t0_ms;
    S->nodes = 0;
    S->next_check = KAL_CHECK_EVERY;
    S->db_nodes = 0;
    S->db_next_check = KAL_CHECK_EVERY;
    S->aborted = 0;
    atomic_store(&S->stop, 0);

    /* A finished game: the seeds left go to their owners. */
    if (B.w[0] == 0 || B.w[1] == 0) {
        out->exact = 1;
        out->value = out->lower = out->upper =
            store_margin + word_sum(B.w[0]) - word_sum(B.w[1]);
        out->db_seeds = S->db_seeds < 0 ? 0 : S->db_seeds;
        return BA_OK;
    }

    if (S->tt == NULL) {
        size_t buckets = (S->opts.tt_mb << 20) / sizeof(kal_tt_bucket);
        if (buckets > UINT32_MAX)
            buckets = UINT32_MAX;
        S->tt = big_alloc(buckets * sizeof(kal_tt_bucket), &S->tt_base, &S->tt_len);
        if (S->tt == NULL)
            return ba_error_set(err, BA_ERR_NOMEM, "out of memory for a %zu MiB table",
                                S->opts.tt_mb);
        S->tt_buckets = buckets;
    }
    int want = S->opts.db_seeds >= 0 ? S->opts.db_seeds : auto_db_seeds(S, R);
    if (want > S->db_seeds) {
        int rc = kal_solver_prepare_db(S, want);
        if (rc != BA_OK)
            return ba_error_set(err, rc, "cannot build an endgame database of %d seeds", want);
    }
    if (S->db_seeds < 0)
        S->db_seeds = -1;
    out->db_time_ms = now_ms() - S->t0_ms;
    out->db_seeds = S->db_seeds < 0 ? 0 : S->db_seeds;

    /* MTD(f) over v, the margin still to be won from the pits. */
    int lower = -R, upper = R, best_pit = KAL_NO_MOVE;
    int g = guess(S, &B, R, KAL_GUESS_DEPTH, -1000, 1000);
    while (lower < upper && !S->aborted) {
        int t = g;
        if (t <= lower)
            t = lower + 2;
        if (t > upper)
            t = upper;
        if ((t - R) % 2 != 0)
            t++;
        S->lower = store_margin + lower;
        S->upper = store_margin + upper;
        S->test = store_margin + t;
        int pit;
        int r = root_search(S, &B, R, t - 1, t, best_pit, &pit);
        if (S->aborted)
            break;
        if (r >= t) {
            lower = r;
            best_pit = pit;
        } else {
            upper = r;
        }
        g = r;
    }
    if (lower == upper && best_pit == KAL_NO_MOVE && !S->aborted) {
        /* Every test failed low: find a move that reaches the proven value. */
        int pit;
        if (root_search(S, &B, R, lower - 1, lower, KAL_NO_MOVE, &pit) >= lower)
            best_pit = pit;
    }
    out->nodes = S->nodes + S->db_nodes;
    out->db_nodes = S->db_nodes;
    out->time_ms = now_ms() - S->t0_ms;
    out->lower = store_margin + lower;
    out->upper = store_margin + upper;
    out->exact = lower == upper;
    out->value = store_margin + lower;
    if (out->exact && best_pit != KAL_NO_MOVE) {
        out->best.len = 1;
        out->best.bytes[0] = (uint8_t)best_pit;
    }
    return BA_OK;
}

int ba_kalah_solve(const ba_game *g, const void *state, const ba_kalah_solve_options *opts,
                   ba_kalah_solution *out, ba_error *err)
{
    ba_kalah_solver *S;
    int rc = ba_kalah_solver_new(g, opts, &S, err);
    if (rc != BA_OK)
        return rc;
    kal_state start;
    if (state == NULL) {
        kal_start(&S->rules, &start);
        state = &start;
    }
    rc = ba_kalah_solver_solve(S, state, out, err);
    ba_kalah_solver_free(S);
    return rc;
}
