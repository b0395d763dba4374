/* ba_engine_search(): prepares a search context, runs iterative deepening over the chosen
 * algorithm, keeps the best move of the last completed depth and reports progress. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mix.h"
#include "game_checked.h"
#include "search.h"

void bac_worker_free(bac_worker *w)
{
    for (int i = 0; i < w->nframes; i++) {
        free(w->frames[i].state);
        free(w->frames[i].moves);
        free(w->frames[i].order);
    }
    free(w->frames);
    free(w->path);
    free(w->pre);
    bac_order_free(&w->order);
    bac_evc_free(&w->evc);
    memset(w, 0, sizeof *w);
}

int bac_worker_prepare(const ba_game *g, bac_worker *w, int nframes, size_t hist_len)
{
    if (nframes > w->nframes) {
        bac_frame *fr = realloc(w->frames, (size_t)nframes * sizeof *fr);
        if (!fr)
            return BA_ERR_NOMEM;
        w->frames = fr;
        for (int i = w->nframes; i < nframes; i++) {
            memset(&fr[i], 0, sizeof fr[i]);
            fr[i].state = calloc(1, g->state_size);
            if (!fr[i].state) {
                w->nframes = i;
                return BA_ERR_NOMEM;
            }
        }
        w->nframes = nframes;
    }
    size_t need = hist_len + (size_t)nframes;
    if (need > w->path_cap) {
        uint64_t *p = realloc(w->path, need * sizeof *p);
        if (!p)
            return BA_ERR_NOMEM;
        w->path = p;
        uint64_t *pre = realloc(w->pre, (need + 1) * sizeof *pre);
        if (!pre)
            return BA_ERR_NOMEM;
        w->pre = pre;
        w->path_cap = need;
    }
    return bac_order_reserve(&w->order, nframes);
}

/* Makes sure the engine has n workers. */
static int reserve_workers(ba_engine *e, int n)
{
    if (n <= e->nworkers)
        return BA_OK;
    bac_worker *w = realloc(e->workers, (size_t)n * sizeof *w);
    if (!w)
        return BA_ERR_NOMEM;
    memset(w + e->nworkers, 0, (size_t)(n - e->nworkers) * sizeof *w);
    e->workers = w;
    e->nworkers = n;
    return BA_OK;
}

/* Fills a search context with the engine's settings and worker w's buffers, with the root
 * state (and its hash, key and side) in frame 0 and the history copied into the path. */
static int init_context(bac_search *s, ba_engine *e, bac_worker *w, const ba_history *hist,
                        const void *root_state, uint64_t start_ns, int solve)
{
    const ba_game *g = e->game;
    const int64_t *o = e->opt;
    memset(s, 0, sizeof *s);
    s->start_ns = start_ns;
    s->last_time_check_ns = start_ns;
    s->time_check_every = 1;
    s->eng = e;
    s->g = g;
    s->max_depth = (int)o[BA_OPT_DEPTH];
    s->quiesce = o[BA_OPT_QUIESCENCE] && BA_GAME_HAS(g, generate_noisy);
    s->qdepth = (int)o[BA_OPT_QDEPTH];
    s->noise = (int)o[BA_OPT_NOISE];
    s->tt_deeper = (int)o[BA_OPT_TT_DEEPER];
    /* Selective search is alpha-beta's, off for games that opted out and for a proof (solve). */
    s->selective = o[BA_OPT_SELECTIVE] && o[BA_OPT_ALGORITHM] == BA_ALG_ALPHABETA &&
                   !(g->flags & BA_GAME_EXACT_ONLY) && !solve;
    if (s->selective)
        s->tt_deeper = 1;
    s->aspiration = (int)o[BA_OPT_ASPIRATION];
    s->bf_min = (int)o[BA_OPT_BF_MIN_DEPTH];
    s->bf_k = (int)o[BA_OPT_BF_SCHEDULE];
    s->seed = (uint64_t)o[BA_OPT_SEED];
    s->node_limit = (uint64_t)o[BA_OPT_NODES];
    s->time_limit_ms = (uint64_t)o[BA_OPT_TIME_MS];
    s->history_matters = (g->flags & BA_GAME_HISTORY_MATTERS) != 0;
    /* Table entries are only valid for the leaf definition they were searched with: key them by
     * it, so changing quiescence, its depth, the noise or its seed never reuses a stale score. */
    s->key_salt = s->quiesce ? bac_mix64(0x71ull ^ ((uint64_t)s->qdepth << 8)) : 0;
    if (s->noise)
        s->key_salt ^= bac_mix64(bac_mix64(s->seed) ^ (uint64_t)s->noise);
    /* Pruned scores must never reach an exact search (the negamax-equal contract). */
    if (s->selective)
        s->key_salt ^= bac_mix64(0x53656c6563ull);
    /* Extensions (chess: check) may take a path to twice the nominal depth. */
    int nframes = (BA_GAME_HAS(g, extension) ? 2 : 1) * s->max_depth + (s->quiesce ? s->qdepth : 0) + 2;
    if (o[BA_OPT_ALGORITHM] == BA_ALG_MCTS && nframes < 3)
        nframes = 3;
    int rc = bac_worker_prepare(g, w, nframes, hist->count);
    if (rc != BA_OK)
        return rc;
    s->order = &w->order;
    s->evc = !e->no_eval_cache && bac_evc_new_search(&w->evc) == BA_OK ? &w->evc : NULL;
    s->f = w->frames;
    s->nframes = nframes;
    s->path = w->path;
    s->pre = w->pre;
    s->hist_len = hist->count;
    if (hist->count)
        memcpy(s->path, hist->hashes, hist->count * sizeof *s->path);
    s->pre[0] = 0;
    for (size_t i = 0; i < hist->count; i++)
        s->pre[i + 1] = s->pre[i] + bac_mix64(hist->hashes[i]);
    bac_frame *f0 = &s->f[0];
    memcpy(f0->state, root_state, g->state_size);
    f0->stm = bac_game_side(g, f0->state);
    if (f0->stm < 0)
        return BA_ERR_GAME;
    f0->hash = g->hash(g, f0->state);
    f0->move_key = f0->hash ^ s->key_salt;
    f0->key = s->history_matters ? f0->move_key ^ bac_history_key(s, 0) : f0->move_key;
    return BA_OK;
}

static uint64_t elapsed_ms(const bac_search *s) { return (bac_now_ns() - s->start_ns) / 1000000u; }

/* The move played if the search ends before anything is searched: the table's move, else the
 * first by the game's ordering key. */
static void fallback_move(bac_search *s, int n, ba_move *out)
{
    bac_frame *f = &s->f[0];
    const uint8_t *skip = s->root_skip;
    bac_tt_entry e;
    if (bac_tt_probe(&s->eng->tt, f->key, &e) && e.move < (uint32_t)n && !(skip && skip[e.move])) {
        *out = f->moves[e.move];
        return;
    }
    int best = -1;
    int64_t best_key = INT64_MIN;
    for (int i = 0; i < n; i++) {
        if (skip && skip[i])
            continue;
        int64_t k = bac_order_key(s->order, s->g, f->state, &f->moves[i], 0, f->stm, 0);
        if (best < 0 || k > best_key) {
            best_key = k;
            best = i;
        }
    }
    *out = f->moves[best < 0 ? 0 : best];
}

/* What a search adds to the engine's settings: the time manager, the root restriction and
 * MultiPV lines, solve mode. */
typedef struct run_plan {
    bac_tm *tm;          /* NULL: no time management beyond the hard limit */
    int solve;           /* go on until the value is proven */
    int multipv;         /* root lines to find, >= 1 */
    int nroot;           /* root moves generated (the size of skip and mask) */
    int nallowed;        /* of them, the moves searched (restricted root) */
    uint8_t *skip;       /* nroot entries: the restricted root (1 = never searched) */
    uint8_t *mask;       /* nroot entries: working copy (restriction + lines found) */
    ba_root_line *lines; /* multipv entries */
    int nlines;          /* lines of the last completed depth */
} run_plan;

static void report(bac_search *s, int d, int v, const ba_move *pv, int pv_len, int line)
{
    ba_engine *e = s->eng;
    if (!e->progress)
        return;
    ba_progress p;
    memset(&p, 0, sizeof p);
    p.depth = d;
    p.score = v;
    p.nodes = s->nodes;
    if (s->shared) /* all threads: the flushed total plus this thread's remainder */
        p.nodes = atomic_load_explicit(&s->shared->nodes, memory_order_relaxed) +
                  (s->nodes - s->flushed);
    p.time_ms = elapsed_ms(s);
    p.nps = s->nodes * 1000u / (p.time_ms ? p.time_ms : 1);
    p.pv = pv;
    p.pv_len = pv_len;
    p.multipv = line;
    e->progress(e->progress_user, &p);
}

/* Copies frame 0's line (lengthened from the table) into a root line. */
static void take_line(bac_search *s, int d, int v, ba_root_line *out)
{
    /* bac_pv_extend works on a result; the line is built in one and copied. */
    static const ba_move none = BA_MOVE_NONE;
    ba_search_result tmp;
    const bac_frame *f0 = &s->f[0];
    tmp.pv_len = f0->pv_len;
    memcpy(tmp.pv, f0->pv, (size_t)f0->pv_len * sizeof *tmp.pv);
    if (tmp.pv_len < d)
        bac_pv_extend(s, &tmp, d);
    out->move = tmp.pv_len > 0 ? tmp.pv[0] : none;
    out->score = v;
    out->depth = d;
    out->pv_len = tmp.pv_len;
    memcpy(out->pv, tmp.pv, (size_t)tmp.pv_len * sizeof *out->pv);
}

static int find_root(const bac_search *s, int n, const ba_move *m)
{
    for (int i = 0; i < n; i++)
        if (ba_move_equal(&s->f[0].moves[i], m))
            return i;
    return -1;
}

/* One alpha-beta depth with MultiPV: line k is the best root move once lines 1..k-1 are
 * excluded. Returns the number of lines completed (the first one is the result's). */
static int multipv_depth(bac_search *s, run_plan *plan, int d, ba_root_line *lines)
{
    int n = plan->nroot;
    memcpy(plan->mask, plan->skip, (size_t)n);
    int done = 0;
    for (int k = 0; k < plan->multipv; k++) {
        int left = 0;
        for (int i = 0; i < n; i++)
            left += !plan->mask[i];
        if (left == 0)
            break;
        s->root_skip = plan->mask;
        s->root_skipping = left < n;
        s->root_partial = 0;
        int prev = k < plan->nlines ? plan->lines[k].score : 0;
        if (k > 0 && !ba_move_is_none(&s->root_hint)) {
            /* the hint is line 1's move, excluded now: the previous depth's line k goes first */
            static const ba_move none = BA_MOVE_NONE;
            s->root_hint = k < plan->nlines ? plan->lines[k].move : none;
        }
        int v = bac_alphabeta_root(s, d, prev);
        if (s->abort)
            break;
        if (s->f[0].pv_len == 0)
            break; /* every remaining move failed low below -infinity: nothing to report */
        take_line(s, d, v, &lines[k]);
        int idx = find_root(s, n, &lines[k].move);
        if (idx < 0)
            break;
        plan->mask[idx] = 1;
        done++;
    }
    s->root_skip = plan->skip;
    s->root_skipping = 0;
    for (int i = 0; i < n; i++)
        s->root_skipping |= plan->skip[i];
    /* Exact search finds the lines in order; a selective one may score a later line higher
     * (its table cut-offs are not all at the same depth): report them best first, stably. */
    for (int k = 1; k < done; k++) {
        ba_root_line x = lines[k];
        int j = k;
        while (j > 0 && lines[j - 1].score < x.score) {
            lines[j] = lines[j - 1];
            j--;
        }
        lines[j] = x;
    }
    return done;
}

static void run_search(bac_search *s, int alg, ba_search_result *res, run_plan *plan)
{
    int prev = 0;
    for (int d = 1; d <= s->max_depth; d++) {
        s->root_partial = 0;
        uint64_t guesses0 = s->guesses;
        int v;
        int nl = 0;
        ba_root_line *lines = NULL;
        if (alg == BA_ALG_NEGAMAX) {
            v = bac_negamax_root(s, d);
        } else if (alg == BA_ALG_BESTFIRST) {
            v = bac_bestfirst_root(s, d);
        } else if (plan->multipv > 1) {
            lines = plan->lines + plan->multipv; /* the second half: this depth's lines */
            s->root_hint = plan->nlines ? plan->lines[0].move : s->root_hint;
            nl = multipv_depth(s, plan, d, lines);
            v = nl > 0 ? lines[0].score : 0;
            if (nl == 0 && !s->abort)
                break;
        } else {
            v = bac_alphabeta_root(s, d, prev);
        }
        if (s->abort && nl == 0) {
            /* Alpha-beta searches the previous best first, so a move that beat it in the
             * unfinished depth is at least as good. */
            if (alg == BA_ALG_ALPHABETA && s->root_partial && d > 1) {
                res->best = s->root_best;
                res->score = s->root_score;
                res->proven = 0;
                /* Its line is frame 0's (updated when it raised alpha), lengthened from the
                 * table as a finished depth's is: a game whose turn is several moves (Arimaa's
                 * step game) plays the line's moves of the turn, and a line cut to one move
                 * left them to short searches after the stop (docs/search.md). */
                const bac_frame *f0 = &s->f[0];
                res->pv[0] = s->root_best;
                res->pv_len = 1;
                if (f0->pv_len > 0 && ba_move_equal(&f0->pv[0], &s->root_best)) {
                    memcpy(res->pv, f0->pv, (size_t)f0->pv_len * sizeof *res->pv);
                    res->pv_len = f0->pv_len;
                }
                if (res->pv_len < d)
                    bac_pv_extend(s, res, d);
            }
            break;
        }
        prev = v;
        if (nl > 0) {
            /* The lines of an unfinished depth replace only the ones they cover: line 1 of
             * this depth is complete, lines beyond nl keep the previous depth's. */
            memcpy(plan->lines, lines, (size_t)nl * sizeof *lines);
            if (nl > plan->nlines || !s->abort)
                plan->nlines = nl;
            res->best = lines[0].move;
            res->pv_len = lines[0].pv_len;
            memcpy(res->pv, lines[0].pv, (size_t)res->pv_len * sizeof *res->pv);
        } else {
            const bac_frame *f0 = &s->f[0];
            if (f0->pv_len > 0) {
                res->best = f0->pv[0];
                memcpy(res->pv, f0->pv, (size_t)f0->pv_len * sizeof *res->pv);
                res->pv_len = f0->pv_len;
            }
            if (alg == BA_ALG_ALPHABETA && res->pv_len < d)
                bac_pv_extend(s, res, d);
            if (alg == BA_ALG_ALPHABETA) {
                plan->lines[0].score = v;
                plan->lines[0].depth = d;
                plan->lines[0].move = res->best;
                plan->lines[0].pv_len = res->pv_len;
                memcpy(plan->lines[0].pv, res->pv, (size_t)res->pv_len * sizeof *res->pv);
                plan->nlines = 1;
            }
        }
        res->score = v;
        res->depth = d;
        /* Proven: a win or loss, or (full-width algorithms) no heuristic value used at all. */
        res->proven = alg != BA_ALG_BESTFIRST &&
                      (v >= BA_SCORE_WIN_MIN || v <= -BA_SCORE_WIN_MIN ||
                       s->guesses == guesses0);
        s->root_hint = res->best;
        if (nl > 0) {
            for (int k = 0; k < nl; k++)
                report(s, d, lines[k].score, lines[k].pv, lines[k].pv_len, k + 1);
        } else {
            report(s, d, v, res->pv, res->pv_len, 1);
        }
        if (s->abort)
            break;
        /* A proven result found by full-width search cannot change at greater depth (a faster
         * win would have been seen already). With quiescence a deeper search may still find a
         * faster one, and best-first's shallow cut-offs are not proofs, so they go on; solve
         * mode stops at any proof. */
        if ((v >= BA_SCORE_WIN_MIN || v <= -BA_SCORE_WIN_MIN) &&
            ((!s->quiesce && alg != BA_ALG_BESTFIRST) || plan->solve))
            break;
        if (plan->solve && res->proven)
            break;
        if (plan->tm && bac_tm_stop_after(plan->tm, &res->best, v, elapsed_ms(s), plan->nallowed))
            break;
    }
}

/* One Lazy SMP helper: iterative deepening over the shared table, from its own context. Odd
 * helpers search one ply deeper than the main thread's current iteration would, so that the
 * threads spread over depths and fill the table with results the main thread then reuses. */
typedef struct helper_arg {
    bac_search s;
    pthread_t thread;
    int started;
} helper_arg;

static void *helper_main(void *p)
{
    helper_arg *a = p;
    bac_search *s = &a->s;
    int prev = 0;
    for (int d = 1 + (s->helper & 1); d <= s->max_depth && !s->abort; d++) {
        int n = bac_generate(s, 0, 0);
        if (n <= 0)
            break;
        int v = bac_alphabeta_root(s, d, prev);
        if (s->abort)
            break;
        prev = v;
        if (s->f[0].pv_len > 0)
            s->root_hint = s->f[0].pv[0];
    }
    /* Publish the rest of this thread's node count. */
    atomic_fetch_add_explicit(&s->shared->nodes, s->nodes - s->flushed, memory_order_relaxed);
    s->flushed = s->nodes;
    return NULL;
}

/* Lazy SMP: threads - 1 helpers search the same root over the shared table while this thread
 * runs the normal iterative deepening; its result is the search's result. */
static int run_parallel(bac_search *s, const ba_history *hist, const void *root, int threads,
                        ba_search_result *res, run_plan *plan)
{
    ba_engine *e = s->eng;
    bac_shared shared;
    atomic_init(&shared.done, 0);
    atomic_init(&shared.nodes, 0);
    s->shared = &shared;
    helper_arg *h = calloc((size_t)threads - 1, sizeof *h);
    if (!h) {
        run_search(s, BA_ALG_ALPHABETA, res, plan);
        return s->error;
    }
    for (int i = 1; i < threads; i++) {
        helper_arg *a = &h[i - 1];
        if (init_context(&a->s, e, &e->workers[i], hist, root, s->start_ns, !s->selective &&
                         e->opt[BA_OPT_SELECTIVE]) != BA_OK)
            continue; /* fewer helpers: still a correct search */
        a->s.shared = &shared;
        a->s.helper = i;
        a->started = pthread_create(&a->thread, NULL, helper_main, a) == 0;
    }
    run_search(s, BA_ALG_ALPHABETA, res, plan);
    atomic_store(&shared.done, 1);
    uint64_t helper_nodes = 0;
    for (int i = 1; i < threads; i++)
        if (h[i - 1].started) {
            pthread_join(h[i - 1].thread, NULL);
            helper_nodes += h[i - 1].s.nodes;
        }
    free(h);
    s->nodes += helper_nodes; /* the result reports the nodes of all threads */
    return s->error;
}

/* The evaluation units that count as a large score drop for the time manager: the game's
 * one-ply futility margin when it has one, else a small fixed amount. */
static int score_unit(const ba_game *g, const void *state)
{
    int u = BA_GAME_HAS(g, futility_margin) ? g->futility_margin(g, state, 1) : 0;
    return u > 0 ? u / 2 : 30;
}

/* The root restriction of @p l as a skip mask over the n generated root moves; BA_ERR_ARG when a
 * listed move is not among them. */
static int root_mask(const bac_search *s, int n, const ba_limits *l, uint8_t *skip)
{
    memset(skip, 0, (size_t)n);
    if (!l || !l->root_moves || l->root_count <= 0)
        return BA_OK;
    memset(skip, 1, (size_t)n);
    for (int k = 0; k < l->root_count; k++) {
        int i = find_root(s, n, &l->root_moves[k]);
        if (i < 0)
            return BA_ERR_ARG;
        skip[i] = 0;
    }
    return BA_OK;
}

int ba_engine_search(ba_engine *engine, const ba_pos *pos, ba_search_result *result)
{
    return ba_engine_search_limits(engine, pos, NULL, result);
}

int ba_engine_search_limits(ba_engine *engine, const ba_pos *pos, const ba_limits *limits,
                            ba_search_result *result)
{
    if (!engine || !pos || !result)
        return BA_ERR_ARG;
    if (ba_pos_game(pos) != engine->game)
        return BA_ERR_ARG;
    int idle = 0;
    if (!atomic_compare_exchange_strong(&engine->running, &idle, 2))
        return BA_ERR_STATE;
    atomic_store(&engine->stop, 0);
    atomic_store(&engine->running, 1);
    /* A companion takes a stop its parent got before it was running (ba_engine_stop() forwards
     * only to a running one): the parent stores its flag, then reads our running; we store
     * running, then read its flag; with sequentially consistent atomics one of the two sees the
     * other, so no stop is lost, and no node pays for the check. */
    if (engine->parent && atomic_load(&engine->parent->stop))
        atomic_store(&engine->stop, 1);

    memset(result, 0, sizeof *result);
    const ba_game *g = engine->game;
    if (BA_GAME_HAS(g, search_move)) {
        /* The game chooses the move its own way (through companion engines). */
        int hrc = g->search_move(g, engine, pos, limits, result);
        if (hrc != BA_ERR_UNSUPPORTED) {
            atomic_store(&engine->running, 0);
            return hrc;
        }
        memset(result, 0, sizeof *result);
    }
    const int64_t *o = engine->opt;
    const int alg = (int)o[BA_OPT_ALGORITHM];
    const int deterministic = (int)o[BA_OPT_DETERMINISTIC];
    /* Only alpha-beta and MCTS use helper threads. */
    int threads = deterministic ? 1 : (int)o[BA_OPT_THREADS];
    if (alg != BA_ALG_ALPHABETA && alg != BA_ALG_MCTS)
        threads = 1;
    if (deterministic) {
        bac_tt_clear(&engine->tt);
        for (int i = 0; i < engine->nworkers; i++)
            bac_order_clear(&engine->workers[i].order);
        bac_mcts_free(engine->mcts);
        engine->mcts = NULL;
    }
    uint64_t start_ns = bac_now_ns();
    ba_history hist;
    ba_pos_history(pos, &hist);
    bac_search s;
    memset(&s, 0, sizeof s);
    s.start_ns = start_ns;
    const int solve = limits && limits->solve;
    int rc = reserve_workers(engine, alg == BA_ALG_ALPHABETA ? threads : 1);
    if (rc == BA_OK)
        rc = init_context(&s, engine, &engine->workers[0], &hist, ba_pos_state(pos), start_ns,
                          solve);
    run_plan plan;
    memset(&plan, 0, sizeof plan);
    bac_tm tm;
    if (rc == BA_OK) {
        bac_frame *f0 = &s.f[0];
        int n = 0, allowed = 0;
        int st = bac_game_status(g, f0->state, &hist);
        if (st != BA_RESULT_ONGOING) {
            rc = st < 0 ? BA_ERR_GAME : BA_ERR_STATE;
        } else if ((n = bac_generate(&s, 0, 0)) < 0) {
            rc = s.error ? s.error : BA_ERR_GAME;
        } else if (n == 0) {
            rc = BA_ERR_STATE;
        } else {
            plan.nroot = n;
            plan.multipv = alg == BA_ALG_ALPHABETA ? (int)o[BA_OPT_MULTIPV] : 1;
            plan.solve = solve;
            plan.skip = calloc((size_t)n, 2);
            if (!engine->lines)
                engine->lines = calloc(2 * BA_MAX_MULTIPV, sizeof *engine->lines);
            if (!plan.skip || !engine->lines)
                rc = BA_ERR_NOMEM;
            else
                rc = root_mask(&s, n, limits, plan.skip);
        }
        if (rc == BA_OK) {
            plan.mask = plan.skip + n;
            plan.lines = engine->lines;
            engine->nlines = 0;
            for (int i = 0; i < n; i++)
                allowed += !plan.skip[i];
            s.root_skip = allowed < n ? plan.skip : NULL;
            if (allowed < n && alg == BA_ALG_MCTS)
                rc = BA_ERR_UNSUPPORTED; /* the MCTS tree has no restricted root (yet) */
        }
        if (rc == BA_OK) {
            s.root_skipping = allowed < n;
            if (limits) {
                if (limits->depth > 0) /* replaces the engine's depth (engine.h) */
                    s.max_depth = limits->depth < BA_MAX_DEPTH ? limits->depth : BA_MAX_DEPTH;
                if (limits->nodes > 0)
                    s.node_limit = limits->nodes;
                bac_tm_start(&tm, limits, f0->stm, s.time_limit_ms, score_unit(g, f0->state),
                             engine->lag_ms);
                s.time_limit_ms = tm.hard_ms;
                plan.tm = &tm;
            }
            plan.nallowed = allowed;
            bac_tt_new_search(&engine->tt);
            fallback_move(&s, n, &result->best);
            result->pv[0] = result->best;
            result->pv_len = 1;
            result->score = bac_eval(&s, 0);
            if (alg == BA_ALG_MCTS) {
                rc = bac_mcts_run(&s, n, result);
            } else if (threads > 1) {
                rc = run_parallel(&s, &hist, ba_pos_state(pos), threads, result, &plan);
            } else {
                run_search(&s, alg, result, &plan);
                rc = s.error;
            }
            result->stopped = s.abort;
            engine->nlines = plan.nlines;
        }
    }
    free(plan.skip);
    result->nodes = s.nodes;
    result->time_ms = elapsed_ms(&s);
    if (plan.tm && plan.tm->adaptive)
        engine->lag_ms = bac_tm_lag(engine->lag_ms, plan.tm->hard_ms, result->time_ms);
    atomic_store(&engine->running, 0);
    return rc;
}

int ba_engine_lines(const ba_engine *engine, ba_root_line *lines, int cap)
{
    if (!engine || (!lines && cap > 0) || cap < 0)
        return BA_ERR_ARG;
    int n = engine->nlines < cap ? engine->nlines : cap;
    if (n > 0)
        memcpy(lines, engine->lines, (size_t)n * sizeof *lines);
    return n;
}

int ba_score_text(int score, int proven, char *buf, size_t cap)
{
    if (!buf)
        return BA_ERR_ARG;
    int n;
    if (score >= BA_SCORE_WIN_MIN)
        n = snprintf(buf, cap, "win %d", BA_SCORE_WIN - score);
    else if (score <= -BA_SCORE_WIN_MIN)
        n = snprintf(buf, cap, "loss %d", BA_SCORE_WIN + score);
    else if (score == 0 && proven)
        n = snprintf(buf, cap, "draw");
    else
        n = snprintf(buf, cap, "%d", score);
    if (n < 0 || (size_t)n >= cap)
        return BA_ERR_BUFFER;
    return n;
}
