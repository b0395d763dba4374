/* ba_engine_search(): prepares a search context, runs iterative deepening over the chosen
 * algorithm, keeps the best move of the last completed depth and reports progress. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mix.h"
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
                        const void *root_state, uint64_t start_ns)
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
    /* Extensions (chess: check) may take a path to twice the nominal depth. */
    int nframes = (BA_GAME_HAS(g, extension) ? 2 : 1) * s->max_depth + (s->quiesce ? s->qdepth : 0) + 2;
    if (o[BA_OPT_ALGORITHM] == BA_ALG_MCTS && nframes < 3)
        nframes = 3;
    int rc = bac_worker_prepare(g, w, nframes, hist->count);
    if (rc != BA_OK)
        return rc;
    s->order = &w->order;
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
    f0->stm = g->side_to_move(g, f0->state) & 1;
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
    bac_tt_entry e;
    if (bac_tt_probe(&s->eng->tt, f->key, &e) && e.move < (uint32_t)n) {
        *out = f->moves[e.move];
        return;
    }
    int best = 0;
    int64_t best_key = INT64_MIN;
    for (int i = 0; i < n; i++) {
        int64_t k = bac_order_key(s->order, s->g, f->state, &f->moves[i], 0, f->stm, 0);
        if (k > best_key) {
            best_key = k;
            best = i;
        }
    }
    *out = f->moves[best];
}

static void run_search(bac_search *s, int alg, ba_search_result *res)
{
    ba_engine *e = s->eng;
    int prev = 0;
    for (int d = 1; d <= s->max_depth; d++) {
        s->root_partial = 0;
        int v;
        if (alg == BA_ALG_NEGAMAX)
            v = bac_negamax_root(s, d);
        else if (alg == BA_ALG_BESTFIRST)
            v = bac_bestfirst_root(s, d);
        else
            v = bac_alphabeta_root(s, d, prev);
        if (s->abort) {
            /* Alpha-beta searches the previous best first, so a move that beat it in the
             * unfinished depth is at least as good. */
            if (alg == BA_ALG_ALPHABETA && s->root_partial && d > 1) {
                res->best = s->root_best;
                res->score = s->root_score;
                res->pv[0] = s->root_best;
                res->pv_len = 1;
            }
            break;
        }
        prev = v;
        const bac_frame *f0 = &s->f[0];
        if (f0->pv_len > 0) {
            res->best = f0->pv[0];
            memcpy(res->pv, f0->pv, (size_t)f0->pv_len * sizeof *res->pv);
            res->pv_len = f0->pv_len;
        }
        if (alg == BA_ALG_ALPHABETA && res->pv_len < d)
            bac_pv_extend(s, res, d);
        res->score = v;
        res->depth = d;
        s->root_hint = res->best;
        if (e->progress) {
            ba_progress p;
            p.depth = d;
            p.score = v;
            p.nodes = s->nodes;
            if (s->shared) /* all threads: the flushed total plus this thread's remainder */
                p.nodes = atomic_load_explicit(&s->shared->nodes, memory_order_relaxed) +
                          (s->nodes - s->flushed);
            p.time_ms = elapsed_ms(s);
            p.nps = s->nodes * 1000u / (p.time_ms ? p.time_ms : 1);
            p.pv = res->pv;
            p.pv_len = res->pv_len;
            e->progress(e->progress_user, &p);
        }
        /* A proven result found by full-width search cannot change at greater depth (a faster
         * win would have been seen already). With quiescence a deeper search may still find a
         * faster one, and best-first's shallow cut-offs are not proofs, so they go on. */
        if ((v >= BA_SCORE_WIN_MIN || v <= -BA_SCORE_WIN_MIN) && !s->quiesce &&
            alg != BA_ALG_BESTFIRST)
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
                        ba_search_result *res)
{
    ba_engine *e = s->eng;
    bac_shared shared;
    atomic_init(&shared.done, 0);
    atomic_init(&shared.nodes, 0);
    s->shared = &shared;
    helper_arg *h = calloc((size_t)threads - 1, sizeof *h);
    if (!h) {
        run_search(s, BA_ALG_ALPHABETA, res);
        return s->error;
    }
    for (int i = 1; i < threads; i++) {
        helper_arg *a = &h[i - 1];
        if (init_context(&a->s, e, &e->workers[i], hist, root, s->start_ns) != BA_OK)
            continue; /* fewer helpers: still a correct search */
        a->s.shared = &shared;
        a->s.helper = i;
        a->started = pthread_create(&a->thread, NULL, helper_main, a) == 0;
    }
    run_search(s, BA_ALG_ALPHABETA, res);
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

int ba_engine_search(ba_engine *engine, const ba_pos *pos, ba_search_result *result)
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

    memset(result, 0, sizeof *result);
    const ba_game *g = engine->game;
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
    int rc = reserve_workers(engine, alg == BA_ALG_ALPHABETA ? threads : 1);
    if (rc == BA_OK)
        rc = init_context(&s, engine, &engine->workers[0], &hist, ba_pos_state(pos), start_ns);
    if (rc == BA_OK) {
        bac_frame *f0 = &s.f[0];
        int n = 0;
        if (g->status(g, f0->state, &hist) != BA_RESULT_ONGOING) {
            rc = BA_ERR_STATE;
        } else if ((n = bac_generate(&s, 0, 0)) < 0) {
            rc = s.error ? s.error : BA_ERR_GAME;
        } else if (n == 0) {
            rc = BA_ERR_STATE;
        } else {
            bac_tt_new_search(&engine->tt);
            fallback_move(&s, n, &result->best);
            result->pv[0] = result->best;
            result->pv_len = 1;
            result->score = bac_eval(&s, 0);
            if (alg == BA_ALG_MCTS) {
                rc = bac_mcts_run(&s, n, result);
            } else if (threads > 1) {
                rc = run_parallel(&s, &hist, ba_pos_state(pos), threads, result);
            } else {
                run_search(&s, alg, result);
                rc = s.error;
            }
            result->stopped = s.abort;
        }
    }
    result->nodes = s.nodes;
    result->time_ms = elapsed_ms(&s);
    atomic_store(&engine->running, 0);
    return rc;
}
