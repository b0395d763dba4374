/* The generic game conformance harness and the search equivalence check (conformance.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/engine.h>
#include <boardai/selftest.h>

#include "conformance.h"

typedef struct cf_rng {
    uint64_t s;
} cf_rng;

static uint64_t cf_next(cf_rng *r)
{
    uint64_t x = (r->s += 0x9e3779b97f4a7c15ull);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static int cf_fail(char *msg, size_t cap, const char *fmt, ...) BA_PRINTF_LIKE(3, 4);
static int cf_fail(char *msg, size_t cap, const char *fmt, ...)
{
    if (msg && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, cap, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* The random-game checks are the library's own self-test (ba_game_selftest, selftest.h); this
 * keeps the harness's older interface (a message buffer and its statistics). */
int ba_conformance_run(const ba_game *g, uint64_t seed, int games, int max_plies,
                       ba_conformance_stats *stats, char *msg, size_t msgcap)
{
    ba_selftest_stats st;
    ba_selftest_options o = BA_SELFTEST_OPTIONS_INIT;
    o.seed = seed;
    o.games = games < 0 ? 0 : games;
    o.max_plies = max_plies < 0 ? 0 : max_plies;
    o.search_positions = 0; /* ba_search_equivalence_check() below compares the searches */
    o.stats = &st;
    if (msg && msgcap)
        msg[0] = '\0';
    ba_error err;
    int rc = ba_game_selftest(g, &o, &err);
    if (stats) {
        memset(stats, 0, sizeof *stats);
        stats->games = st.games;
        stats->positions = st.positions;
        stats->moves_checked = st.moves_checked;
        memcpy(stats->results, st.results, sizeof stats->results);
        stats->max_moves_seen = st.max_moves_seen;
        stats->longest_game = st.longest_game;
    }
    return rc == BA_OK ? 0 : cf_fail(msg, msgcap, "%s", err.message);
}

/* ------------------------------------------------------------------------------------------- */

enum { EQ_NEGAMAX, EQ_AB, EQ_AB_TT, EQ_AB_ASP, EQ_BF, EQ_NM2, EQ_COUNT };

static int eq_search(ba_engine *e, const ba_pos *pos, ba_search_result *r, const char *who,
                     const char *where, char *msg, size_t cap)
{
    int rc = ba_engine_search(e, pos, r);
    if (rc != BA_OK)
        return cf_fail(msg, cap, "%s: %s search failed: %s", where, who, ba_errstr(rc));
    ba_move list[1024];
    const ba_game *g = ba_pos_game(pos);
    ba_move *moves = g->max_moves > 1024 ? malloc(g->max_moves * sizeof *moves) : list;
    if (!moves)
        return cf_fail(msg, cap, "out of memory");
    int n = ba_pos_moves(pos, moves, g->max_moves), found = 0;
    for (int i = 0; i < n && !found; i++)
        found = ba_move_equal(&moves[i], &r->best);
    if (moves != list)
        free(moves);
    if (!found)
        return cf_fail(msg, cap, "%s: %s returned an illegal best move", where, who);
    return 0;
}

ba_equivalence_options ba_equivalence_defaults(void)
{
    ba_equivalence_options o;
    o.quiescence = -1;
    o.qdepth = 32;
    o.tt_mb = 1;
    o.aspiration = 7;
    return o;
}

int ba_search_equivalence_check(const ba_game *g, uint64_t seed, int positions, int depth,
                                int max_random_plies, char *msg, size_t msgcap)
{
    return ba_search_equivalence_check_ex(g, seed, positions, depth, max_random_plies, NULL, msg,
                                          msgcap);
}

int ba_search_equivalence_check_ex(const ba_game *g, uint64_t seed, int positions, int depth,
                                   int max_random_plies, const ba_equivalence_options *opt,
                                   char *msg, size_t msgcap)
{
    ba_equivalence_options o = opt ? *opt : ba_equivalence_defaults();
    static const char *const names[EQ_COUNT] = {"negamax", "alpha-beta (no TT)", "alpha-beta (TT)",
                                                "alpha-beta (TT, aspiration)", "best-first",
                                                "negamax (shallow)"};
    if (msg && msgcap)
        msg[0] = '\0';
    if (depth < 1 || positions < 0 || max_random_plies < 0)
        return cf_fail(msg, msgcap, "bad arguments");
    ba_pos *pos = NULL;
    ba_engine *e[EQ_COUNT] = {0};
    int fail = ba_pos_new(g, &pos) != BA_OK;
    for (int i = 0; i < EQ_COUNT && !fail; i++) {
        fail = ba_engine_new(g, &e[i]) != BA_OK;
        if (fail)
            break;
        int alg = i == EQ_NEGAMAX || i == EQ_NM2 ? BA_ALG_NEGAMAX
                  : i == EQ_BF                   ? BA_ALG_BESTFIRST
                                                 : BA_ALG_ALPHABETA;
        int d = i == EQ_BF || i == EQ_NM2 ? (depth < 2 ? depth : 2) : depth;
        fail |= ba_engine_set(e[i], BA_OPT_ALGORITHM, alg) != BA_OK;
        fail |= ba_engine_set(e[i], BA_OPT_DEPTH, d) != BA_OK;
        fail |= ba_engine_set(e[i], BA_OPT_TT_MB, i == EQ_AB_TT || i == EQ_AB_ASP ? o.tt_mb : 0) != BA_OK;
        fail |= ba_engine_set(e[i], BA_OPT_ASPIRATION, i == EQ_AB_ASP ? o.aspiration : 0) != BA_OK;
        fail |= ba_engine_set(e[i], BA_OPT_QDEPTH, o.qdepth) != BA_OK;
        fail |= ba_engine_set(e[i], BA_OPT_SEED, (int64_t)seed) != BA_OK;
    }
    if (fail) {
        for (int i = 0; i < EQ_COUNT; i++)
            ba_engine_free(e[i]);
        ba_pos_free(pos);
        return cf_fail(msg, msgcap, "could not create the position or the engines");
    }
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    cf_rng rng = {seed};
    int done = 0;
    for (int attempt = 0; done < positions && attempt < positions * 20 && !fail; attempt++) {
        ba_pos_reset(pos);
        int plies = (int)(cf_next(&rng) % (uint64_t)(max_random_plies + 1));
        for (int p = 0; p < plies; p++) {
            if (ba_pos_result(pos) != BA_RESULT_ONGOING)
                break;
            int n = ba_pos_moves(pos, moves, g->max_moves);
            if (n <= 0)
                break;
            ba_pos_play(pos, &moves[cf_next(&rng) % (uint64_t)n], NULL);
        }
        if (ba_pos_result(pos) != BA_RESULT_ONGOING)
            continue;
        done++;
        char where[BA_POS_TEXT_MAX + 128], text[BA_POS_TEXT_MAX];
        if (ba_pos_text(pos, text, sizeof text) < 0)
            strcpy(text, "?");
        int q_first = o.quiescence == 1 ? 1 : 0;
        int q_last = o.quiescence == 0 ? 0 : g->generate_noisy ? 1 : 0;
        for (int q = q_first; q <= q_last && !fail; q++) {
            snprintf(where, sizeof where,
                     "game '%s' seed %llu position %d [%s] after %zu plies, depth %d, quiescence %d",
                     g->name, (unsigned long long)seed, done, text, ba_pos_ply(pos), depth, q);
            ba_search_result r[EQ_COUNT];
            for (int i = 0; i < EQ_COUNT && !fail; i++) {
                ba_engine_set(e[i], BA_OPT_QUIESCENCE, q);
                fail = eq_search(e[i], pos, &r[i], names[i], where, msg, msgcap);
            }
            for (int i = EQ_AB; i <= EQ_AB_ASP && !fail; i++)
                if (r[i].score != r[EQ_NEGAMAX].score)
                    fail = cf_fail(msg, msgcap, "%s: %s value %d != negamax value %d", where,
                                   names[i], r[i].score, r[EQ_NEGAMAX].score);
            if (!fail && r[EQ_BF].score != r[EQ_NM2].score)
                fail = cf_fail(msg, msgcap, "%s: best-first value %d != negamax value %d at depth %d",
                               where, r[EQ_BF].score, r[EQ_NM2].score, depth < 2 ? depth : 2);
        }
    }
    if (!fail && done < positions)
        fail = cf_fail(msg, msgcap, "game '%s': found only %d of %d unfinished random positions",
                       g->name, done, positions);
    free(moves);
    for (int i = 0; i < EQ_COUNT; i++)
        ba_engine_free(e[i]);
    ba_pos_free(pos);
    return fail;
}
