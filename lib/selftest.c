/* ba_game_selftest (selftest.h): seeded random games that check a game's vtable contract at
 * every position, then negamax against alpha-beta. Every failure names the check, the place
 * (game, seed, game number, ply, position text) and what the game answered. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/engine.h"
#include "boardai/position.h"
#include "boardai/selftest.h"
#include "game_checked.h"
#include "mix.h"

typedef struct st_ctx {
    const ba_game *g;
    ba_error *err;
    ba_selftest_stats *stats;
    unsigned char *state, *backup, *child, *reread;
    ba_move *moves, *sorted, *noisy;
    uint64_t *hist;
    char *text, *text2;
    char where[BA_POS_TEXT_MAX + 160];
    /* equal states, equal hashes: FNV-1a of each position text seen -> its hash (open
     * addressing; a 64-bit collision between two texts is negligible at these sizes) */
    uint64_t *seen_key, *seen_hash;
    size_t seen_cap, seen_count;
} st_ctx;

static int st_fail(st_ctx *c, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
static int st_fail(st_ctx *c, const char *fmt, ...)
{
    if (c->err) {
        char buf[BA_ERROR_MSG_MAX];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        ba_error_set(c->err, BA_ERR_GAME, "%s", buf);
    }
    return BA_ERR_GAME;
}

static int move_cmp(const void *a, const void *b) { return memcmp(a, b, sizeof(ba_move)); }

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h | 1; /* 0 marks an empty slot */
}

/* Records (text, hash); fails when the same text was seen with another hash. */
static int st_seen(st_ctx *c, const char *text, uint64_t hash, const char *what)
{
    if (c->seen_count * 2 >= c->seen_cap)
        return BA_OK; /* full: stop recording, keep checking what is there */
    uint64_t key = fnv1a(text);
    size_t i = (size_t)(bac_mix64(key) & (c->seen_cap - 1));
    while (c->seen_key[i]) {
        if (c->seen_key[i] == key) {
            if (c->seen_hash[i] != hash)
                return st_fail(c, "%s: %s has hash %016llx, but the same position text '%.60s' "
                               "had hash %016llx before (equal states, different hashes)",
                               c->where, what, (unsigned long long)hash, text,
                               (unsigned long long)c->seen_hash[i]);
            return BA_OK;
        }
        i = (i + 1) & (c->seen_cap - 1);
    }
    c->seen_key[i] = key;
    c->seen_hash[i] = hash;
    c->seen_count++;
    return BA_OK;
}

/* Text, hash and side of a state re-read from its own text. */
static int check_text(st_ctx *c, const void *st, const char *what)
{
    const ba_game *g = c->g;
    int len = ba_game_position_to_text(g, st, c->text, BA_POS_TEXT_MAX);
    if (len < 0)
        return st_fail(c, "%s: position text of %s: %s", c->where, what, ba_errstr(len));
    ba_error perr;
    ba_error_clear(&perr);
    memset(c->reread, 0xA5, g->state_size); /* garbage: the parser must set everything */
    int rc = ba_game_position_from_text(g, c->reread, c->text, &perr);
    if (rc != BA_OK)
        return st_fail(c, "%s: %s text '%.60s' does not parse back: %s", c->where, what, c->text,
                       perr.message);
    len = ba_game_position_to_text(g, c->reread, c->text2, BA_POS_TEXT_MAX);
    if (len < 0 || strcmp(c->text, c->text2) != 0)
        return st_fail(c, "%s: %s text '%.60s' re-reads as '%.60s'", c->where, what, c->text,
                       len < 0 ? "(error)" : c->text2);
    uint64_t h = g->hash(g, st);
    if (g->hash(g, st) != h)
        return st_fail(c, "%s: the hash of %s changes from one call to the next", c->where, what);
    if (g->hash(g, c->reread) != h)
        return st_fail(c, "%s: %s hash %016llx differs from the hash %016llx of its re-read text "
                       "'%.60s' (incremental hash != recomputed)", c->where, what,
                       (unsigned long long)h, (unsigned long long)g->hash(g, c->reread), c->text);
    if (g->side_to_move(g, st) != g->side_to_move(g, c->reread))
        return st_fail(c, "%s: %s side to move changes when re-read", c->where, what);
    return st_seen(c, c->text, h, what);
}

static int check_moves_canonical(st_ctx *c, int n)
{
    for (int i = 0; i < n; i++) {
        const ba_move *m = &c->moves[i];
        if (m->len > BA_MOVE_MAX_BYTES)
            return st_fail(c, "%s: move %d has len %d", c->where, i, m->len);
        if (!bac_move_canonical(m))
            return st_fail(c, "%s: move %d has a non-zero byte past len (not canonical)",
                           c->where, i);
        if (ba_move_is_none(m))
            return st_fail(c, "%s: move %d is BA_MOVE_NONE", c->where, i);
    }
    memcpy(c->sorted, c->moves, (size_t)n * sizeof *c->moves);
    qsort(c->sorted, (size_t)n, sizeof *c->sorted, move_cmp);
    for (int i = 1; i < n; i++)
        if (ba_move_equal(&c->sorted[i - 1], &c->sorted[i])) {
            char t[BA_MOVE_TEXT_MAX];
            if (ba_game_move_to_text(c->g, c->state, &c->sorted[i], t, sizeof t) < 0)
                strcpy(t, "?");
            return st_fail(c, "%s: move '%s' is generated twice", c->where, t);
        }
    return BA_OK;
}

/* Checks one move of the current position: text round trip, apply to a copy. */
static int check_move(st_ctx *c, const ba_history *h, int i)
{
    const ba_game *g = c->g;
    const ba_move *m = &c->moves[i];
    char t[BA_MOVE_TEXT_MAX];
    int len = ba_game_move_to_text(g, c->state, m, t, sizeof t);
    if (len <= 0)
        return st_fail(c, "%s: move_to_text of move %d returned %d", c->where, i, len);
    ba_move back = BA_MOVE_NONE;
    ba_error perr;
    ba_error_clear(&perr);
    int rc = ba_game_move_from_text(g, c->state, h, t, &back, &perr);
    if (rc != BA_OK)
        return st_fail(c, "%s: move '%s' does not parse back: %s", c->where, t, perr.message);
    if (!ba_move_equal(&back, m))
        return st_fail(c, "%s: move '%s' parses back to a different move", c->where, t);
    memcpy(c->child, c->state, g->state_size);
    rc = g->apply(g, c->child, m);
    if (rc != BA_OK)
        return st_fail(c, "%s: applying legal move '%s' returned %d", c->where, t, rc);
    if (memcmp(c->backup, c->state, g->state_size) != 0)
        return st_fail(c, "%s: applying '%s' to a copy changed the original", c->where, t);
    char what[BA_MOVE_TEXT_MAX + 32];
    snprintf(what, sizeof what, "the position after '%s'", t);
    if ((rc = check_text(c, c->child, what)) != BA_OK)
        return rc;
    c->stats->moves_checked++;
    return BA_OK;
}

/* Checks one position; *count receives its number of legal moves. */
static int check_position(st_ctx *c, size_t ply, int *count)
{
    const ba_game *g = c->g;
    ba_history h = {c->hist, ply};
    int side = g->side_to_move(g, c->state);
    if (side != 0 && side != 1)
        return st_fail(c, "%s: side_to_move returned %d (must be 0 or 1)", c->where, side);
    int ev = g->evaluate(g, c->state);
    if (ev > BA_SCORE_EVAL_MAX || ev < -BA_SCORE_EVAL_MAX)
        return st_fail(c, "%s: evaluate returned %d, beyond BA_SCORE_EVAL_MAX", c->where, ev);
    int rc = check_text(c, c->state, "the position");
    if (rc != BA_OK)
        return rc;
    memcpy(c->backup, c->state, g->state_size);
    int n = g->generate(g, c->state, &h, c->moves, g->max_moves);
    if (n < 0 || (size_t)n > g->max_moves)
        return st_fail(c, "%s: generate returned %d (max_moves %zu)", c->where, n, g->max_moves);
    if ((uint64_t)n > c->stats->max_moves_seen)
        c->stats->max_moves_seen = (uint64_t)n;
    int n2 = g->generate(g, c->state, &h, c->sorted, g->max_moves);
    if (n2 != n || (n && memcmp(c->sorted, c->moves, (size_t)n * sizeof *c->moves) != 0))
        return st_fail(c, "%s: generate is not deterministic", c->where);
    if (n > 0) {
        int small = g->generate(g, c->state, &h, c->sorted, (size_t)n - 1);
        if (small != BA_ERR_BUFFER)
            return st_fail(c, "%s: generate with room for %d of %d moves returned %d, not "
                           "BA_ERR_BUFFER", c->where, n - 1, n, small);
    }
    if (memcmp(c->backup, c->state, g->state_size) != 0)
        return st_fail(c, "%s: generate modified the state", c->where);
    if ((rc = check_moves_canonical(c, n)) != BA_OK)
        return rc;
    for (int i = 0; i < n; i++)
        if ((rc = check_move(c, &h, i)) != BA_OK)
            return rc;
    if (BA_GAME_HAS(g, generate_noisy)) {
        int k = g->generate_noisy(g, c->state, &h, c->noisy, g->max_moves);
        if (k < 0 || k > n)
            return st_fail(c, "%s: generate_noisy returned %d (%d legal moves)", c->where, k, n);
        for (int i = 0; i < k; i++)
            if (!bsearch(&c->noisy[i], c->sorted, (size_t)n, sizeof *c->sorted, move_cmp))
                return st_fail(c, "%s: noisy move %d is not a legal move", c->where, i);
    }
    *count = n;
    return BA_OK;
}

/* One random game from the start; returns BA_OK or the failure. */
static int play_game(st_ctx *c, uint64_t seed, int gi, size_t limit, uint64_t *rng)
{
    const ba_game *g = c->g;
    int rc = g->init(g, c->state);
    if (rc != BA_OK)
        return st_fail(c, "game '%s': init returned %d", g->name, rc);
    c->stats->games++;
    for (size_t ply = 0;; ply++) {
        snprintf(c->where, sizeof c->where, "game '%s' seed %llu game %d ply %zu", g->name,
                 (unsigned long long)seed, gi, ply);
        if (ba_game_position_to_text(g, c->state, c->text, BA_POS_TEXT_MAX) >= 0) {
            size_t w = strlen(c->where);
            snprintf(c->where + w, sizeof c->where - w, " [%.80s]", c->text);
        }
        int n = 0;
        if ((rc = check_position(c, ply, &n)) != BA_OK)
            return rc;
        c->stats->positions++;
        ba_history h = {c->hist, ply};
        int result = g->status(g, c->state, &h);
        if (result < BA_RESULT_ONGOING || result > BA_RESULT_DRAW)
            return st_fail(c, "%s: status returned %d (must be a BA_RESULT_ value, 0..3)",
                           c->where, result);
        if (result != BA_RESULT_ONGOING) {
            if (n != 0)
                return st_fail(c, "%s: finished (result %d) but %d legal moves", c->where, result,
                               n);
            c->stats->results[result]++;
            if (ply > c->stats->longest_game)
                c->stats->longest_game = ply;
            return BA_OK;
        }
        if (n == 0)
            return st_fail(c, "%s: no legal moves but the game is not over", c->where);
        if (g->max_plies && ply >= g->max_plies)
            return st_fail(c, "%s: still going at ply %zu, max_plies is %zu", c->where, ply,
                           g->max_plies);
        if (ply >= limit) {
            c->stats->results[0]++;
            if (ply > c->stats->longest_game)
                c->stats->longest_game = ply;
            return BA_OK;
        }
        *rng = bac_mix64(*rng);
        const ba_move *m = &c->moves[*rng % (uint64_t)n];
        c->hist[ply] = g->hash(g, c->state);
        if ((rc = g->apply(g, c->state, m)) != BA_OK)
            return st_fail(c, "%s: apply returned %d", c->where, rc);
    }
}

/* ---- negamax against alpha-beta ---- */

enum { SE_NEGAMAX, SE_AB, SE_AB_TT, SE_COUNT };

static int se_engines(const ba_game *g, int depth, uint64_t seed, ba_engine **e)
{
    for (int i = 0; i < SE_COUNT; i++) {
        int rc = ba_engine_new(g, &e[i]);
        if (rc != BA_OK)
            return rc;
        rc |= ba_engine_set(e[i], BA_OPT_ALGORITHM, i == SE_NEGAMAX ? BA_ALG_NEGAMAX
                                                                     : BA_ALG_ALPHABETA);
        rc |= ba_engine_set(e[i], BA_OPT_DEPTH, depth);
        rc |= ba_engine_set(e[i], BA_OPT_TT_MB, i == SE_AB_TT ? 1 : 0);
        rc |= ba_engine_set(e[i], BA_OPT_QUIESCENCE, 0);
        rc |= ba_engine_set(e[i], BA_OPT_ASPIRATION, 0);
        rc |= ba_engine_set(e[i], BA_OPT_SEED, (int64_t)(seed >> 1));
        if (rc != BA_OK)
            return BA_ERR_INTERNAL;
    }
    return BA_OK;
}

static int search_check(st_ctx *c, const ba_selftest_options *o, uint64_t *rng)
{
    static const char *const names[SE_COUNT] = {"negamax", "alpha-beta (no table)",
                                                "alpha-beta (table)"};
    const ba_game *g = c->g;
    ba_pos *pos = NULL;
    ba_engine *e[SE_COUNT] = {0};
    int rc = ba_pos_new(g, &pos);
    if (rc == BA_OK)
        rc = se_engines(g, o->search_depth, o->seed, e);
    int done = 0;
    for (int attempt = 0; rc == BA_OK && done < o->search_positions &&
                          attempt < o->search_positions * 20; attempt++) {
        ba_pos_reset(pos);
        *rng = bac_mix64(*rng);
        int plies = (int)(*rng % (uint64_t)(o->search_random_plies + 1));
        for (int p = 0; p < plies && ba_pos_result(pos) == BA_RESULT_ONGOING; p++) {
            int n = ba_pos_moves(pos, c->moves, g->max_moves);
            if (n <= 0)
                break;
            *rng = bac_mix64(*rng);
            ba_pos_play(pos, &c->moves[*rng % (uint64_t)n], NULL);
        }
        if (ba_pos_result(pos) != BA_RESULT_ONGOING)
            continue;
        done++;
        if (ba_pos_text(pos, c->text, BA_POS_TEXT_MAX) < 0)
            strcpy(c->text, "?");
        snprintf(c->where, sizeof c->where, "game '%s' seed %llu search position %d [%.80s] "
                 "depth %d", g->name, (unsigned long long)o->seed, done, c->text, o->search_depth);
        ba_search_result r[SE_COUNT];
        for (int i = 0; i < SE_COUNT && rc == BA_OK; i++) {
            int s = ba_engine_search(e[i], pos, &r[i]);
            if (s != BA_OK) {
                rc = st_fail(c, "%s: %s search failed: %s", c->where, names[i], ba_errstr(s));
                break;
            }
            int n = ba_pos_moves(pos, c->moves, g->max_moves), found = 0;
            for (int k = 0; k < n && !found; k++)
                found = ba_move_equal(&c->moves[k], &r[i].best);
            if (!found)
                rc = st_fail(c, "%s: %s returned a best move that is not legal", c->where,
                             names[i]);
        }
        for (int i = SE_AB; i < SE_COUNT && rc == BA_OK; i++)
            if (r[i].score != r[SE_NEGAMAX].score)
                rc = st_fail(c, "%s: %s value %d != negamax value %d", c->where, names[i],
                             r[i].score, r[SE_NEGAMAX].score);
        c->stats->searches++;
    }
    for (int i = 0; i < SE_COUNT; i++)
        ba_engine_free(e[i]);
    ba_pos_free(pos);
    if (rc > 0)
        rc = BA_ERR_INTERNAL;
    if (rc != BA_OK && c->err && c->err->code != rc)
        ba_error_set(c->err, rc, "game '%s': the search comparison could not run: %s", g->name,
                     ba_errstr(rc));
    return rc;
}

/* The options the caller gave, fields beyond its struct_size at their defaults. */
static int st_options(const ba_selftest_options *in, ba_selftest_options *o, ba_error *err)
{
    const ba_selftest_options def = BA_SELFTEST_OPTIONS_INIT;
    *o = def;
    if (in) {
        if (in->struct_size < offsetof(ba_selftest_options, stats) + sizeof in->stats)
            return ba_error_set(err, BA_ERR_ARG, "selftest options: struct_size %u is too small "
                                "(start from BA_SELFTEST_OPTIONS_INIT)",
                                (unsigned)in->struct_size);
        memcpy(o, in, in->struct_size < sizeof *o ? in->struct_size : sizeof *o);
    }
    if (o->games < 0 || o->games > 1000000 || o->max_plies < 0 || o->search_positions < 0 ||
        o->search_positions > 10000 || o->search_depth < 1 || o->search_depth > 8 ||
        o->search_random_plies < 0 || o->search_random_plies > 1000)
        return ba_error_set(err, BA_ERR_RANGE, "selftest options out of range (games 0..1000000, "
                            "max_plies >= 0, search_positions 0..10000, search_depth 1..8, "
                            "search_random_plies 0..1000)");
    return BA_OK;
}

int ba_game_selftest(const ba_game *g, const ba_selftest_options *opts, ba_error *err)
{
    ba_selftest_options o;
    int rc = st_options(opts, &o, err);
    if (rc != BA_OK)
        return rc;
    if ((rc = ba_game_check(g, err)) != BA_OK)
        return rc;
    ba_selftest_stats local;
    st_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.err = err;
    c.stats = o.stats ? o.stats : &local;
    memset(c.stats, 0, sizeof *c.stats);
    size_t limit = o.max_plies > 0 ? (size_t)o.max_plies : g->max_plies ? g->max_plies : 1000;
    c.seen_cap = 1u << 16;
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
    c.seen_key = calloc(c.seen_cap, sizeof *c.seen_key);
    c.seen_hash = calloc(c.seen_cap, sizeof *c.seen_hash);
    if (!c.state || !c.backup || !c.child || !c.reread || !c.moves || !c.sorted || !c.noisy ||
        !c.hist || !c.text || !c.text2 || !c.seen_key || !c.seen_hash)
        rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    uint64_t rng = o.seed;
    for (int gi = 0; gi < o.games && rc == BA_OK; gi++)
        rc = play_game(&c, o.seed, gi, limit, &rng);
    if (rc == BA_OK && o.search_positions > 0)
        rc = search_check(&c, &o, &rng);
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
    free(c.seen_key);
    free(c.seen_hash);
    if (rc == BA_OK)
        ba_error_clear(err);
    return rc;
}
