/* The generic game conformance harness and the search equivalence check (conformance.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/engine.h>

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

static int move_cmp(const void *a, const void *b) { return memcmp(a, b, sizeof(ba_move)); }

typedef struct cf_ctx {
    const ba_game *g;
    unsigned char *state, *backup, *child, *reread;
    ba_move *moves, *sorted, *noisy;
    uint64_t *hist;
    char *text, *text2;
    char where[BA_POS_TEXT_MAX + 128];
} cf_ctx;

/* Text, hash and side of a state re-read from its own text. */
static int check_text(cf_ctx *c, const void *st, const char *what, char *msg, size_t cap)
{
    const ba_game *g = c->g;
    int len = g->position_to_text(g, st, c->text, BA_POS_TEXT_MAX);
    if (len < 0 || (size_t)len >= BA_POS_TEXT_MAX || strlen(c->text) != (size_t)len)
        return cf_fail(msg, cap, "%s: position_to_text of %s returned %d", c->where, what, len);
    ba_error err;
    ba_error_clear(&err);
    memset(c->reread, 0xA5, g->state_size); /* garbage: the parser must set everything */
    int rc = g->position_from_text(g, c->reread, c->text, &err);
    if (rc != BA_OK)
        return cf_fail(msg, cap, "%s: %s text '%s' does not parse back: %s", c->where, what,
                       c->text, err.message);
    len = g->position_to_text(g, c->reread, c->text2, BA_POS_TEXT_MAX);
    if (len < 0 || strcmp(c->text, c->text2) != 0)
        return cf_fail(msg, cap, "%s: %s text '%s' re-reads as '%s'", c->where, what, c->text,
                       len < 0 ? "(error)" : c->text2);
    if (g->hash(g, st) != g->hash(g, c->reread))
        return cf_fail(msg, cap,
                       "%s: %s hash %016llx differs from the hash %016llx of its re-read text '%s'"
                       " (incremental hash != recomputed)",
                       c->where, what, (unsigned long long)g->hash(g, st),
                       (unsigned long long)g->hash(g, c->reread), c->text);
    if (g->side_to_move(g, st) != g->side_to_move(g, c->reread))
        return cf_fail(msg, cap, "%s: %s side to move changes when re-read", c->where, what);
    return 0;
}

/* Checks one position; *count receives its number of legal moves. */
static int check_position(cf_ctx *c, size_t ply, int *count, ba_conformance_stats *st, char *msg,
                          size_t cap)
{
    const ba_game *g = c->g;
    ba_history h = {c->hist, ply};
    int side = g->side_to_move(g, c->state);
    if (side != 0 && side != 1)
        return cf_fail(msg, cap, "%s: side_to_move returned %d", c->where, side);
    int ev = g->evaluate(g, c->state);
    if (ev > BA_SCORE_EVAL_MAX || ev < -BA_SCORE_EVAL_MAX)
        return cf_fail(msg, cap, "%s: evaluate returned %d, beyond BA_SCORE_EVAL_MAX", c->where, ev);
    if (check_text(c, c->state, "position", msg, cap))
        return 1;
    memcpy(c->backup, c->state, g->state_size);
    int n = g->generate(g, c->state, &h, c->moves, g->max_moves);
    if (n < 0 || (size_t)n > g->max_moves)
        return cf_fail(msg, cap, "%s: generate returned %d (max_moves %zu)", c->where, n,
                       g->max_moves);
    if ((uint64_t)n > st->max_moves_seen)
        st->max_moves_seen = (uint64_t)n;
    int n2 = g->generate(g, c->state, &h, c->sorted, g->max_moves);
    if (n2 != n || (n && memcmp(c->sorted, c->moves, (size_t)n * sizeof *c->moves) != 0))
        return cf_fail(msg, cap, "%s: generate is not deterministic", c->where);
    if (n > 0) {
        int small = g->generate(g, c->state, &h, c->sorted, (size_t)n - 1);
        if (small != BA_ERR_BUFFER)
            return cf_fail(msg, cap,
                           "%s: generate with room for %d of %d moves returned %d, not "
                           "BA_ERR_BUFFER",
                           c->where, n - 1, n, small);
    }
    if (memcmp(c->backup, c->state, g->state_size) != 0)
        return cf_fail(msg, cap, "%s: generate modified the state", c->where);
    for (int i = 0; i < n; i++) {
        const ba_move *m = &c->moves[i];
        if (m->len > BA_MOVE_MAX_BYTES)
            return cf_fail(msg, cap, "%s: move %d has len %d", c->where, i, m->len);
        for (int b = m->len; b < BA_MOVE_MAX_BYTES; b++)
            if (m->bytes[b])
                return cf_fail(msg, cap, "%s: move %d has a non-zero byte past len (not canonical)",
                               c->where, i);
        if (ba_move_is_none(m))
            return cf_fail(msg, cap, "%s: move %d is BA_MOVE_NONE", c->where, i);
    }
    memcpy(c->sorted, c->moves, (size_t)n * sizeof *c->moves);
    qsort(c->sorted, (size_t)n, sizeof *c->sorted, move_cmp);
    for (int i = 1; i < n; i++)
        if (ba_move_equal(&c->sorted[i - 1], &c->sorted[i])) {
            char t[BA_MOVE_TEXT_MAX];
            g->move_to_text(g, c->state, &c->sorted[i], t, sizeof t);
            return cf_fail(msg, cap, "%s: move '%s' is generated twice", c->where, t);
        }
    for (int i = 0; i < n; i++) {
        const ba_move *m = &c->moves[i];
        char t[BA_MOVE_TEXT_MAX];
        int len = g->move_to_text(g, c->state, m, t, sizeof t);
        if (len <= 0 || (size_t)len >= sizeof t || strlen(t) != (size_t)len)
            return cf_fail(msg, cap, "%s: move_to_text of move %d returned %d", c->where, i, len);
        ba_move back = BA_MOVE_NONE;
        ba_error err;
        ba_error_clear(&err);
        int rc = g->move_from_text(g, c->state, &h, t, &back, &err);
        if (rc != BA_OK)
            return cf_fail(msg, cap, "%s: move '%s' does not parse back: %s", c->where, t,
                           err.message);
        if (!ba_move_equal(&back, m))
            return cf_fail(msg, cap, "%s: move '%s' parses back to a different move", c->where, t);
        memcpy(c->child, c->state, g->state_size);
        rc = g->apply(g, c->child, m);
        if (rc != BA_OK)
            return cf_fail(msg, cap, "%s: applying legal move '%s' returned %d", c->where, t, rc);
        if (memcmp(c->backup, c->state, g->state_size) != 0)
            return cf_fail(msg, cap, "%s: applying '%s' to a copy changed the original", c->where,
                           t);
        char what[BA_MOVE_TEXT_MAX + 32];
        snprintf(what, sizeof what, "the position after '%s'", t);
        if (check_text(c, c->child, what, msg, cap))
            return 1;
        st->moves_checked++;
    }
    if (g->generate_noisy) {
        int k = g->generate_noisy(g, c->state, &h, c->noisy, g->max_moves);
        if (k < 0 || k > n)
            return cf_fail(msg, cap, "%s: generate_noisy returned %d (%d legal moves)", c->where, k,
                           n);
        for (int i = 0; i < k; i++)
            if (!bsearch(&c->noisy[i], c->sorted, (size_t)n, sizeof *c->sorted, move_cmp))
                return cf_fail(msg, cap, "%s: noisy move %d is not a legal move", c->where, i);
    }
    *count = n;
    return 0;
}

int ba_conformance_run(const ba_game *g, uint64_t seed, int games, int max_plies,
                       ba_conformance_stats *stats, char *msg, size_t msgcap)
{
    ba_conformance_stats local;
    ba_conformance_stats *st = stats ? stats : &local;
    memset(st, 0, sizeof *st);
    if (msg && msgcap)
        msg[0] = '\0';
    ba_error err;
    if (ba_game_check(g, &err) != BA_OK)
        return cf_fail(msg, msgcap, "ba_game_check: %s", err.message);
    size_t limit = max_plies > 0 ? (size_t)max_plies : g->max_plies ? g->max_plies : 1000;
    cf_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.state = malloc(g->state_size);
    c.backup = malloc(g->state_size);
    c.child = malloc(g->state_size);
    c.reread = malloc(g->state_size);
    c.moves = malloc(g->max_moves * sizeof *c.moves);
    c.sorted = malloc(g->max_moves * sizeof *c.sorted);
    c.noisy = malloc(g->max_moves * sizeof *c.noisy);
    c.hist = malloc((limit + 1) * sizeof *c.hist);
    c.text = malloc(BA_POS_TEXT_MAX);
    c.text2 = malloc(BA_POS_TEXT_MAX);
    int fail = 0;
    if (!c.state || !c.backup || !c.child || !c.reread || !c.moves || !c.sorted || !c.noisy ||
        !c.hist || !c.text || !c.text2)
        fail = cf_fail(msg, msgcap, "out of memory");
    cf_rng rng = {seed};
    for (int gi = 0; gi < games && !fail; gi++) {
        if (g->init(g, c.state) != BA_OK) {
            fail = cf_fail(msg, msgcap, "%s: init failed", g->name);
            break;
        }
        st->games++;
        for (size_t ply = 0;; ply++) {
            snprintf(c.where, sizeof c.where, "game '%s' seed %llu game %d ply %zu", g->name,
                     (unsigned long long)seed, gi, ply);
            if (g->position_to_text(g, c.state, c.text, BA_POS_TEXT_MAX) >= 0) {
                size_t w = strlen(c.where);
                snprintf(c.where + w, sizeof c.where - w, " [%s]", c.text);
            }
            int n = 0;
            if ((fail = check_position(&c, ply, &n, st, msg, msgcap)) != 0)
                break;
            st->positions++;
            ba_history h = {c.hist, ply};
            int result = g->status(g, c.state, &h);
            if (result < BA_RESULT_ONGOING || result > BA_RESULT_DRAW) {
                fail = cf_fail(msg, msgcap, "%s: status returned %d", c.where, result);
                break;
            }
            if (result != BA_RESULT_ONGOING) {
                if (n != 0) {
                    fail = cf_fail(msg, msgcap, "%s: finished (result %d) but %d legal moves",
                                   c.where, result, n);
                    break;
                }
                st->results[result]++;
                if (ply > st->longest_game)
                    st->longest_game = ply;
                break;
            }
            if (n == 0) {
                fail = cf_fail(msg, msgcap, "%s: no legal moves but the game is not over", c.where);
                break;
            }
            if (g->max_plies && ply >= g->max_plies) {
                fail = cf_fail(msg, msgcap, "%s: still going at ply %zu > max_plies %zu", c.where,
                               ply, g->max_plies);
                break;
            }
            if (ply >= limit) {
                st->results[0]++;
                if (ply > st->longest_game)
                    st->longest_game = ply;
                break;
            }
            const ba_move *m = &c.moves[cf_next(&rng) % (uint64_t)n];
            c.hist[ply] = g->hash(g, c.state);
            if (g->apply(g, c.state, m) != BA_OK) {
                fail = cf_fail(msg, msgcap, "%s: apply failed", c.where);
                break;
            }
        }
    }
    free(c.state);
    free(c.backup);
    free(c.child);
    free(c.reread);
    free(c.moves);
    free(c.sorted);
    free(c.noisy);
    free(c.hist);
    free(c.text);
    free(c.text2);
    return fail;
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
        /* The exactness contract is that of exact alpha-beta: selective search off. */
        fail |= ba_engine_set(e[i], BA_OPT_SELECTIVE, 0) != BA_OK;
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
