/* The UCI session's searcher (ba_chess_uci_search()): the limits of the last `go`, `info` lines,
 * a root restricted to `searchmoves`, and the `bestmove` that always ends a `go`.
 *
 * The last `info` line before `bestmove` always carries a PV that starts with the move played:
 * a search stopped inside an iteration may play a move that iteration found but never reported,
 * so such a move gets a final info line of its own. */
#include <stdio.h>
#include <time.h>

#include "uci_internal.h"

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void score_text(int score, char *buf, size_t cap)
{
    if (score >= BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "mate %d", (BA_SCORE_WIN - score + 1) / 2);
    else if (score <= -BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "mate -%d", (BA_SCORE_WIN + score) / 2);
    else
        snprintf(buf, cap, "cp %d", score);
}

/* Writes `info depth .. score .. nodes .. nps .. time .. pv <first> <pv...>` (first may be NULL)
 * and remembers the PV's first move. */
static void write_info(ba_chess_uci *u, int depth, int score, uint64_t nodes, uint64_t time_ms, const ba_move *first,
                       const ba_move *pv, int pv_len)
{
    char line[UCI_OUT], sc[32];
    score_text(score, sc, sizeof sc);
    int n = snprintf(line, sizeof line, "info depth %d score %s nodes %llu nps %llu time %llu pv", depth, sc,
                     (unsigned long long)nodes, (unsigned long long)(nodes * 1000u / (time_ms ? time_ms : 1)),
                     (unsigned long long)time_ms);
    u->last_pv_first[0] = '\0';
    for (int i = first ? -1 : 0; i < pv_len && n > 0 && (size_t)n + 8 < sizeof line; i++) {
        chs_move m;
        char t[8];
        if (chs_from_ba_move(i < 0 ? first : &pv[i], &m) != BA_OK || chs_move_to_uci(m, t, sizeof t) < 0)
            break;
        if (!u->last_pv_first[0])
            snprintf(u->last_pv_first, sizeof u->last_pv_first, "%s", t);
        n += snprintf(line + n, sizeof line - (size_t)n, " %s", t);
    }
    if (n > 0)
        u->write(u->user, line, strlen(line));
}

static int stop_requested(ba_chess_uci *u)
{
    pthread_mutex_lock(&u->lock);
    int stop = u->stop_requested;
    pthread_mutex_unlock(&u->lock);
    return stop;
}

static void on_progress(void *user, const ba_progress *p)
{
    ba_chess_uci *u = user;
    write_info(u, p->depth, p->score, p->nodes, p->time_ms, NULL, p->pv, p->pv_len);
    /* A stop that came before the engine was running would be lost: repeat it here. */
    if (stop_requested(u))
        ba_engine_stop(u->engine);
}

/* Restricted root: the child searches report nothing, but must see a stop that came early. */
static void on_progress_quiet(void *user, const ba_progress *p)
{
    ba_chess_uci *u = user;
    (void)p;
    if (stop_requested(u))
        ba_engine_stop(u->engine);
}

static void finish(ba_chess_uci *u, const char *bestmove_line)
{
    pthread_mutex_lock(&u->lock);
    if (u->go.infinite && !u->stop_requested) {
        /* UCI: after `go infinite` the bestmove comes only after `stop`. */
        snprintf(u->held_line, sizeof u->held_line, "%s", bestmove_line);
        u->held = 1;
    } else {
        u->write(u->user, bestmove_line, strlen(bestmove_line));
    }
    u->searching = 0;
    pthread_mutex_unlock(&u->lock);
}

static int run_perft(ba_chess_uci *u, int depth)
{
    const chs_board *b = ba_pos_state(u->pos);
    chs_move list[CHS_MAX_MOVES];
    int n = chs_generate(b, list, CHS_GEN_ALL);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        chs_board c = *b;
        chs_make(&c, list[i]);
        uint64_t k = chs_perft(&c, depth - 1);
        char t[8];
        chs_move_to_uci(list[i], t, sizeof t);
        uci_out(u, "%s: %llu", t, (unsigned long long)k);
        total += k;
    }
    uci_out(u, "%s", "");
    uci_out(u, "Nodes searched: %llu", (unsigned long long)total);
    pthread_mutex_lock(&u->lock);
    u->searching = 0;
    pthread_mutex_unlock(&u->lock);
    return BA_OK;
}

/* The time limit of the search in ms (0: none) from the `go` words; one place decides it. */
static int64_t time_limit(const ba_chess_uci *u, const uci_go *go)
{
    if (go->movetime >= 0)
        return go->movetime > 0 ? go->movetime : 1; /* 0 would mean "no limit" to the engine */
    if (go->infinite)
        return 0;
    if (go->clocked) {
        int white = ba_pos_side_to_move(u->pos) == 0;
        int64_t left = white ? go->wtime : go->btime, inc = white ? go->winc : go->binc;
        left = left > u->overhead_ms ? left - u->overhead_ms : 0;
        int mtg = go->movestogo > 1000 ? 1000 : (int)go->movestogo;
        return ba_chess_uci_time_budget(left, inc < 0 ? 0 : inc, mtg < 0 ? 0 : mtg);
    }
    if (go->bad && go->depth < 0 && go->nodes < 0 && go->mate < 0)
        return UCI_FALLBACK_MS; /* an unparsed go with no limit of its own still ends */
    return 0;
}

/* The depth limit: `depth`, or for `mate N` the 2N - 1 plies a mate in N takes. */
static int depth_limit(const uci_go *go)
{
    int64_t depth = BA_MAX_DEPTH;
    if (go->depth >= 0)
        depth = go->depth;
    if (go->mate >= 0 && 2 * go->mate - 1 < depth)
        depth = 2 * go->mate - 1;
    return depth < 1 ? 1 : (int)(depth > BA_MAX_DEPTH ? BA_MAX_DEPTH : depth);
}

/* A root restricted to go->search: an iterative deepening over those moves, each searched by
 * the engine from the position after it (one ply less), sharing the engine's table. The result
 * is that of the last finished iteration (or the first, even unfinished). */
static int search_restricted(ba_chess_uci *u, int64_t limit_ms, int max_depth, int64_t node_limit,
                             ba_search_result *res)
{
    const uci_go *go = &u->go;
    const int64_t t0 = now_ms();
    uint64_t nodes = 0;
    ba_pos *child = NULL;
    int rc = BA_OK, have = 0;
    memset(res, 0, sizeof *res);
    for (int d = 1; d <= max_depth && rc == BA_OK; d++) {
        ba_search_result it;
        memset(&it, 0, sizeof it);
        it.score = -BA_SCORE_INF;
        int complete = 1;
        for (int k = 0; k < go->nsearch; k++) {
            int64_t left = limit_ms > 0 ? limit_ms - (now_ms() - t0) : 0;
            /* The first iteration always finishes (as the engine's first depth does): a move. */
            if (d == 1 && left <= 0)
                left = 1;
            else if (d > 1 && ((limit_ms > 0 && left <= 0) || (node_limit > 0 && nodes >= (uint64_t)node_limit) ||
                               stop_requested(u))) {
                complete = 0;
                break;
            }
            ba_move m;
            chs_to_ba_move(go->search[k], &m);
            ba_pos_free(child);
            child = NULL;
            if ((rc = ba_pos_clone(u->pos, &child)) != BA_OK || (rc = ba_pos_play(child, &m, NULL)) != BA_OK)
                break;
            int score, result = ba_pos_result(child);
            ba_search_result r;
            memset(&r, 0, sizeof r);
            if (result != BA_RESULT_ONGOING) {
                int winner = ba_result_winner(result);
                score = winner < 0 ? BA_SCORE_DRAW : (winner == ba_pos_side_to_move(u->pos) ? BA_SCORE_WIN - 1
                                                                                           : -(BA_SCORE_WIN - 1));
            } else {
                ba_engine_set(u->engine, BA_OPT_DEPTH, d);
                ba_engine_set(u->engine, BA_OPT_TIME_MS, limit_ms > 0 ? left : 0);
                int64_t nodes_left = node_limit > 0 ? node_limit - (int64_t)nodes : 0;
                ba_engine_set(u->engine, BA_OPT_NODES, node_limit > 0 && nodes_left < 1 ? 1 : nodes_left);
                if ((rc = ba_engine_search(u->engine, child, &r)) != BA_OK)
                    break;
                nodes += r.nodes;
                if (r.stopped && d > 1) {
                    complete = 0;
                    break;
                }
                /* The child's score, one ply further from the root. */
                score = -r.score;
                if (score >= BA_SCORE_WIN_MIN)
                    score--;
                else if (score <= -BA_SCORE_WIN_MIN)
                    score++;
            }
            if (score > it.score) {
                it.score = score;
                it.best = m;
                it.pv[0] = m;
                it.pv_len = 1;
                for (int i = 0; i < r.pv_len && it.pv_len < BA_MAX_PV; i++)
                    it.pv[it.pv_len++] = r.pv[i];
            }
        }
        if (rc != BA_OK || it.pv_len == 0 || (!complete && have))
            break;
        *res = it;
        res->depth = d + 1;
        have = 1;
        write_info(u, res->depth, res->score, nodes, (uint64_t)(now_ms() - t0), NULL, res->pv, res->pv_len);
        if (!complete || res->score >= BA_SCORE_WIN_MIN || res->score <= -BA_SCORE_WIN_MIN)
            break; /* out of time, or a proven result that more depth cannot change */
    }
    ba_pos_free(child);
    res->nodes = nodes;
    res->time_ms = (uint64_t)(now_ms() - t0);
    return rc != BA_OK ? rc : (have ? BA_OK : BA_ERR_STATE);
}

int ba_chess_uci_search(ba_chess_uci *u)
{
    if (!u)
        return BA_ERR_ARG;
    pthread_mutex_lock(&u->lock);
    int ready = u->go_ready;
    u->go_ready = 0;
    pthread_mutex_unlock(&u->lock);
    if (!ready)
        return BA_ERR_STATE;
    const uci_go *go = &u->go;
    if (go->perft)
        return run_perft(u, go->perft);

    const int64_t limit_ms = time_limit(u, go);
    const int depth = depth_limit(go);
    const int64_t nodes = go->nodes < 0 ? 0 : (go->nodes == 0 ? 1 : go->nodes);
    u->last_pv_first[0] = '\0';
    ba_search_result r;
    int rc;
    ba_engine_set_progress(u->engine, NULL, NULL);
    if (go->nsearch > 0) {
        ba_engine_set_progress(u->engine, on_progress_quiet, u);
        rc = search_restricted(u, limit_ms, depth, nodes, &r);
        ba_engine_set_progress(u->engine, NULL, NULL);
    } else {
        ba_engine_set(u->engine, BA_OPT_DEPTH, depth);
        ba_engine_set(u->engine, BA_OPT_NODES, nodes);
        ba_engine_set(u->engine, BA_OPT_TIME_MS, limit_ms);
        ba_engine_set_progress(u->engine, on_progress, u);
        rc = ba_engine_search(u->engine, u->pos, &r);
        ba_engine_set_progress(u->engine, NULL, NULL);
    }
    char line[64];
    chs_move m;
    char t[8];
    if (rc == BA_OK && chs_from_ba_move(&r.best, &m) == BA_OK && chs_move_to_uci(m, t, sizeof t) > 0) {
        if (strcmp(u->last_pv_first, t)) {
            /* The move comes from an unfinished iteration (or nothing was reported): its own
             * info line, with the result's PV when that starts with the move. */
            int own_pv = r.pv_len > 0 && r.pv[0].len == r.best.len && !memcmp(r.pv[0].bytes, r.best.bytes, r.best.len);
            write_info(u, r.depth > 0 ? r.depth : 1, r.score, r.nodes, r.time_ms, own_pv ? NULL : &r.best, r.pv,
                       own_pv ? r.pv_len : 0);
        }
        snprintf(line, sizeof line, "bestmove %s", t);
    } else {
        /* Never leave the GUI without an answer: any legal move (searchmoves' first), or none. */
        ba_move moves[CHS_MAX_MOVES];
        int n = ba_pos_moves(u->pos, moves, CHS_MAX_MOVES);
        if (go->nsearch > 0) {
            chs_to_ba_move(go->search[0], &moves[0]);
            n = 1;
        }
        if (n > 0 && chs_from_ba_move(&moves[0], &m) == BA_OK && chs_move_to_uci(m, t, sizeof t) > 0) {
            write_info(u, 0, 0, 0, 0, &moves[0], NULL, 0);
            snprintf(line, sizeof line, "bestmove %s", t);
        } else {
            snprintf(line, sizeof line, "bestmove 0000");
        }
    }
    finish(u, line);
    return rc == BA_OK ? BA_OK : rc;
}
