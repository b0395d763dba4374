/* ba_engine_search(): prepares a search context, runs iterative deepening over the chosen
 * algorithm, keeps the best move of the last completed depth and reports progress. */
#include <stdlib.h>
#include <string.h>

#include "mix.h"
#include "search.h"

/* Makes the engine's frames, path and fingerprint buffers large enough for this search. */
static int prepare_buffers(ba_engine *e, int nframes, size_t hist_len)
{
    const ba_game *g = e->game;
    if (nframes > e->nframes) {
        bac_frame *fr = realloc(e->frames, (size_t)nframes * sizeof *fr);
        if (!fr)
            return BA_ERR_NOMEM;
        e->frames = fr;
        for (int i = e->nframes; i < nframes; i++) {
            memset(&fr[i], 0, sizeof fr[i]);
            fr[i].state = calloc(1, g->state_size);
            if (!fr[i].state) {
                e->nframes = i;
                return BA_ERR_NOMEM;
            }
        }
        e->nframes = nframes;
        uint64_t *fp = realloc(e->fp, (size_t)nframes * sizeof *fp);
        if (!fp)
            return BA_ERR_NOMEM;
        e->fp = fp;
    }
    size_t need = hist_len + (size_t)nframes;
    if (need > e->path_cap) {
        uint64_t *p = realloc(e->path, need * sizeof *p);
        if (!p)
            return BA_ERR_NOMEM;
        e->path = p;
        e->path_cap = need;
    }
    return bac_order_reserve(&e->order, nframes);
}

static uint64_t elapsed_ms(const bac_search *s) { return (bac_now_ns() - s->start_ns) / 1000000u; }

/* The move played if the search ends before anything is searched: the table's move, else the
 * first by the game's ordering key. */
static void fallback_move(bac_search *s, int n, ba_move *out)
{
    bac_frame *f = &s->f[0];
    const bac_tt_entry *e = bac_tt_probe(&s->eng->tt, f->key);
    if (e && e->move < (uint32_t)n) {
        *out = f->moves[e->move];
        return;
    }
    int best = 0;
    int64_t best_key = INT64_MIN;
    for (int i = 0; i < n; i++) {
        int64_t k = bac_order_key(&s->eng->order, s->g, f->state, &f->moves[i], 0, f->stm, 0);
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
    bac_search s;
    memset(&s, 0, sizeof s);
    s.start_ns = bac_now_ns();
    s.eng = engine;
    s.g = g;
    s.max_depth = (int)o[BA_OPT_DEPTH];
    s.quiesce = o[BA_OPT_QUIESCENCE] && g->generate_noisy;
    s.qdepth = (int)o[BA_OPT_QDEPTH];
    s.noise = (int)o[BA_OPT_NOISE];
    s.tt_deeper = (int)o[BA_OPT_TT_DEEPER];
    s.aspiration = (int)o[BA_OPT_ASPIRATION];
    s.bf_min = (int)o[BA_OPT_BF_MIN_DEPTH];
    s.bf_k = (int)o[BA_OPT_BF_SCHEDULE];
    s.seed = (uint64_t)o[BA_OPT_SEED];
    s.node_limit = (uint64_t)o[BA_OPT_NODES];
    s.time_limit_ms = (uint64_t)o[BA_OPT_TIME_MS];
    s.history_matters = (g->flags & BA_GAME_HISTORY_MATTERS) != 0;
    /* Table entries are only valid for the leaf definition they were searched with: key them by
     * it, so changing quiescence, its depth, the noise or its seed never reuses a stale score. */
    s.key_salt = s.quiesce ? bac_mix64(0x71ull ^ ((uint64_t)s.qdepth << 8)) : 0;
    if (s.noise)
        s.key_salt ^= bac_mix64(bac_mix64(s.seed) ^ (uint64_t)s.noise);

    ba_history hist;
    ba_pos_history(pos, &hist);
    int nframes = s.max_depth + (s.quiesce ? s.qdepth : 0) + 2;
    int rc = prepare_buffers(engine, nframes, hist.count);
    if (rc == BA_OK) {
        s.f = engine->frames;
        s.nframes = nframes;
        s.path = engine->path;
        s.fp = engine->fp;
        s.hist_len = hist.count;
        if (hist.count)
            memcpy(s.path, hist.hashes, hist.count * sizeof *s.path);
        s.fp[0] = 0;
        for (size_t i = 0; i < hist.count; i++)
            s.fp[0] += bac_mix64(hist.hashes[i]);
        bac_frame *f0 = &s.f[0];
        memcpy(f0->state, ba_pos_state(pos), g->state_size);
        f0->stm = g->side_to_move(g, f0->state) & 1;
        f0->hash = g->hash(g, f0->state);
        f0->key = (s.history_matters ? f0->hash ^ bac_mix64(s.fp[0]) : f0->hash) ^ s.key_salt;
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
            run_search(&s, (int)o[BA_OPT_ALGORITHM], result);
            rc = s.error;
            result->stopped = s.abort;
        }
    }
    result->nodes = s.nodes;
    result->time_ms = elapsed_ms(&s);
    atomic_store(&engine->running, 0);
    return rc;
}
