/* The UCI session's searcher (uci_go_search(), run by the session kernel): the limits of the last
 * `go`, `info` lines, a root restricted to `searchmoves`, and the `bestmove` that always ends a
 * `go` (the kernel holds it after `go infinite` until `stop`).
 *
 * The clock goes to the core's time manager (ba_engine_search_limits()), with `searchmoves` as
 * its restricted root. The last `info` line before `bestmove` always carries a PV that starts with
 * the move played: a search stopped inside an iteration may play a move that iteration found but
 * never reported (and with MultiPV the last line is not the best one), so such a move gets a final
 * info line of its own. */
#include <stdio.h>

#include "uci_internal.h"

static void score_text(int score, char *buf, size_t cap)
{
    if (score >= BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "mate %d", (BA_SCORE_WIN - score + 1) / 2);
    else if (score <= -BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "mate -%d", (BA_SCORE_WIN + score) / 2);
    else
        snprintf(buf, cap, "cp %d", score);
}

/* Writes `info depth .. [multipv k] score .. nodes .. nps .. time .. pv <first> <pv...>` (first
 * may be NULL, multipv 0 leaves the word out) and remembers the PV's first move. */
static void write_info(ba_chess_uci *u, int depth, int multipv, int score, uint64_t nodes, uint64_t time_ms,
                       const ba_move *first, const ba_move *pv, int pv_len)
{
    char line[UCI_OUT], sc[32], mpv[24] = "";
    score_text(score, sc, sizeof sc);
    if (multipv > 0)
        snprintf(mpv, sizeof mpv, " multipv %d", multipv);
    int n = snprintf(line, sizeof line, "info depth %d%s score %s nodes %llu nps %llu time %llu pv", depth, mpv, sc,
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
        bac_session_write(u->session, line, strlen(line));
}

void uci_progress(void *user, const ba_progress *p)
{
    ba_chess_uci *u = user;
    write_info(u, p->depth, u->multipv > 1 ? p->multipv : 0, p->score, p->nodes, p->time_ms, NULL, p->pv, p->pv_len);
    /* A stop that came before the engine was running would be lost: the kernel repeats it. */
    bac_session_poll(u->session);
}

/* `go perft N`: the count per root move, then the total as the go's final line. */
static void run_perft(ba_chess_uci *u, int depth, bac_text *final)
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
    bac_text_addf(final, "Nodes searched: %llu", (unsigned long long)total);
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

/* The clock and limits of the last `go` for the core's time manager (ba_engine_search_limits). */
static void go_limits(const ba_chess_uci *u, const uci_go *go, ba_limits *l, ba_move *roots)
{
    ba_limits_init(l);
    l->overhead_ms = u->overhead_ms;
    if (go->infinite) {
        l->infinite = 1;
    } else if (go->clocked) {
        /* Any clock word means a clock: a side's time not given is an empty clock (an increment
         * alone, `winc 100 binc 100`, is a real time control too), never "no limit". */
        l->time_ms[0] = go->wtime < 0 ? 0 : go->wtime;
        l->time_ms[1] = go->btime < 0 ? 0 : go->btime;
        /* Half the increment: the other half pays for what each move costs besides thinking
         * (pipes, the GUI, a loaded machine). With all of it, the clock of a long game at
         * 2 s + 50 ms drained down to Move Overhead, and one stall lost a game on time. */
        l->inc_ms[0] = go->winc < 0 ? 0 : go->winc / 2;
        l->inc_ms[1] = go->binc < 0 ? 0 : go->binc / 2;
        l->movestogo = go->movestogo > 0 ? (int)(go->movestogo > 1000 ? 1000 : go->movestogo) : 0;
        /* The per-move cap of the time manager: at most a sixth of the usable clock plus the
         * increment. The core's own hard limit may reach 70% of the clock, and on a loaded
         * machine a 2 s + 50 ms game was lost on time by moves of 140 to 220 ms on a clock of a
         * few hundred ms (1 loss in 50 games, without the cap). */
        int white = ba_pos_side_to_move(u->pos) == 0;
        int64_t usable = l->time_ms[white ? 0 : 1] - u->overhead_ms;
        if (usable > 0 && l->movestogo != 1)
            l->max_ms = usable / UCI_MOVE_CAP_SHARE + l->inc_ms[white ? 0 : 1];
    }
    if (go->movetime >= 0)
        l->movetime_ms = go->movetime > 0 ? go->movetime : 1; /* 0 would mean "not given" */
    else if (go->bad && !go->clocked && !go->infinite && go->depth < 0 && go->nodes < 0 && go->mate < 0)
        l->movetime_ms = UCI_FALLBACK_MS; /* an unparsed go with no limit of its own still ends */
    if (go->depth >= 0 || go->mate >= 0)
        l->depth = depth_limit(go);
    if (go->nodes >= 0)
        l->nodes = go->nodes > 0 ? (uint64_t)go->nodes : 1;
    for (int i = 0; i < go->nsearch; i++)
        chs_to_ba_move(go->search[i], &roots[i]);
    l->root_moves = go->nsearch ? roots : NULL;
    l->root_count = go->nsearch;
}

void uci_go_search(void *user, bac_session *s, bac_text *final)
{
    ba_chess_uci *u = user;
    const uci_go *go = &u->go;
    if (go->perft) {
        run_perft(u, go->perft, final);
        return;
    }

    ba_limits limits;
    ba_move roots[CHS_MAX_MOVES];
    go_limits(u, go, &limits, roots);
    u->last_pv_first[0] = '\0';
    ba_search_result r;
    bac_session_set_engine(s, u->engine);
    int rc = ba_engine_search_limits(u->engine, u->pos, &limits, &r);
    char line[64];
    chs_move m;
    char t[8];
    if (rc == BA_OK && chs_from_ba_move(&r.best, &m) == BA_OK && chs_move_to_uci(m, t, sizeof t) > 0) {
        if (strcmp(u->last_pv_first, t)) {
            /* The move comes from an unfinished iteration (or nothing was reported): its own
             * info line, with the result's PV when that starts with the move. */
            int own_pv = r.pv_len > 0 && ba_move_equal(&r.pv[0], &r.best);
            write_info(u, r.depth > 0 ? r.depth : 1, u->multipv > 1 ? 1 : 0, r.score, r.nodes, r.time_ms,
                       own_pv ? NULL : &r.best, r.pv, own_pv ? r.pv_len : 0);
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
            write_info(u, 0, 0, 0, 0, 0, &moves[0], NULL, 0);
            snprintf(line, sizeof line, "bestmove %s", t);
        } else {
            snprintf(line, sizeof line, "bestmove 0000");
        }
    }
    bac_text_adds(final, line);
}

int ba_chess_uci_search(ba_chess_uci *u)
{
    if (!u)
        return BA_ERR_ARG;
    /* The prepared go, on this thread; the kernel writes (or holds) its bestmove. */
    return bac_session_run(u->session);
}
