/* Helpers shared by the Kalah tests: games, positions from text, and an independent reference
 * implementation of the rules on the 1986 program's numbered ring (written from the rules, not
 * from the module's code). */
#ifndef BA_KALAH_TEST_UTIL_H
#define BA_KALAH_TEST_UTIL_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <boardai/boardai.h>

/* A Kalah variant; free with ba_game_destroy(). */
static inline ba_game *kt_game(int pits, int seeds, int empty_capture)
{
    ba_kalah_options o = ba_kalah_options_default();
    o.pits = pits;
    o.seeds = seeds;
    o.empty_capture = empty_capture;
    ba_game *g = NULL;
    ba_error err;
    ck_assert_msg(ba_kalah_create(&o, &g, &err) == BA_OK, "%s", err.message);
    return g;
}

/* ---- reference rules --------------------------------------------------------------------
 * ring[0..m-1]: South's pits 1..m; ring[m]: South's store; ring[m+1..2m]: North's pits
 * m+2..2m+1; ring[2m+1]: North's store. */
typedef struct kt_ref {
    int m, empty_capture;
    int ring[2 * BA_KALAH_MAX_PITS + 2];
    int to_move;
} kt_ref;

static inline int kt_store(const kt_ref *r, int side) { return side == 0 ? r->m : 2 * r->m + 1; }
static inline int kt_pit(const kt_ref *r, int side, int i) { return side == 0 ? i : r->m + 1 + i; }

static inline int kt_side_sum(const kt_ref *r, int side)
{
    int s = 0;
    for (int i = 0; i < r->m; i++)
        s += r->ring[kt_pit(r, side, i)];
    return s;
}

static inline int kt_over(const kt_ref *r) { return kt_side_sum(r, 0) == 0 || kt_side_sum(r, 1) == 0; }

/* Plays the mover's pit i (0-based) by walking the ring one seed at a time. */
static inline void kt_play(kt_ref *r, int i)
{
    const int n = 2 * r->m + 2, me = r->to_move;
    int at = kt_pit(r, me, i);
    int seeds = r->ring[at];
    r->ring[at] = 0;
    while (seeds > 0) {
        at = (at + 1) % n;
        if (at == kt_store(r, 1 - me))
            continue; /* never into the opponent's store */
        r->ring[at]++;
        seeds--;
    }
    if (at != kt_store(r, me)) {
        int own = me == 0 ? (at < r->m) : (at > r->m && at < 2 * r->m + 1);
        int opposite = 2 * r->m - at; /* South pit k <-> North pit 2m - k on this ring */
        if (own && r->ring[at] == 1 && (r->ring[opposite] > 0 || r->empty_capture)) {
            r->ring[kt_store(r, me)] += 1 + r->ring[opposite];
            r->ring[at] = 0;
            r->ring[opposite] = 0;
        }
        r->to_move = 1 - me;
    }
    if (kt_over(r)) {
        for (int side = 0; side < 2; side++) {
            r->ring[kt_store(r, side)] += kt_side_sum(r, side);
            for (int k = 0; k < r->m; k++)
                r->ring[kt_pit(r, side, k)] = 0;
        }
    }
}

/* The reference position as position text (the documented format). */
static inline void kt_text(const kt_ref *r, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < r->m; i++)
            len += (size_t)snprintf(buf + len, cap - len, "%s%d", i ? " " : "",
                                    r->ring[kt_pit(r, side, i)]);
        len += (size_t)snprintf(buf + len, cap - len, " / %d / ", r->ring[kt_store(r, side)]);
    }
    snprintf(buf + len, cap - len, "%c", r->to_move == 0 ? 's' : 'n');
}

/* A small deterministic generator for random positions. */
static inline uint64_t kt_rand(uint64_t *s)
{
    *s += 0x9e3779b97f4a7c15ULL;
    uint64_t z = *s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A random position with `seeds` seeds spread over the pits, stores random too. */
static inline void kt_random(kt_ref *r, int m, int empty_capture, int seeds, uint64_t *rng)
{
    memset(r, 0, sizeof *r);
    r->m = m;
    r->empty_capture = empty_capture;
    for (int k = 0; k < seeds; k++)
        r->ring[kt_pit(r, (int)(kt_rand(rng) % 2), (int)(kt_rand(rng) % (uint64_t)m))]++;
    r->ring[kt_store(r, 0)] = (int)(kt_rand(rng) % 5);
    r->ring[kt_store(r, 1)] = (int)(kt_rand(rng) % 5);
    r->to_move = (int)(kt_rand(rng) % 2);
}

#endif /* BA_KALAH_TEST_UTIL_H */
