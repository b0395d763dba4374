/* The UCI session's state, shared by the command parser (uci.c) and the searcher
 * (uci_search.c). Not installed. */
#ifndef BA_CHESS_UCI_INTERNAL_H
#define BA_CHESS_UCI_INTERNAL_H

#include "boardai/engine.h"
#include "boardai/position.h"
#include "chess_internal.h"
#include "session.h"

#define UCI_OUT 4096
#define UCI_DEFAULT_HASH_MB 16
/* Default Move Overhead: kept off every clock budget for the GUI, the pipes and the machine. On a
 * loaded machine a process can lose the CPU for 100 to 400 ms (measured by the referee); with a
 * 30 ms reserve boardai-chess came down to 14 ms on its clock at 2 s + 50 ms. */
#define UCI_DEFAULT_OVERHEAD_MS 100
/* One move never takes more than 1/this of the usable clock (plus the increment). */
#define UCI_MOVE_CAP_SHARE 6
/* The search time of a `go` that could not be parsed and gave no limit of its own. */
#define UCI_FALLBACK_MS 500

/* A parsed `go`. Numbers are -1 when the word was not given. */
typedef struct uci_go {
    int64_t wtime, btime, winc, binc, movestogo, depth, nodes, movetime, mate;
    int infinite;       /* `infinite` or `ponder`: the bestmove waits for stop (or ponderhit) */
    int perft;
    int clocked;        /* a clock word was given: the search gets a time budget */
    int bad;            /* something could not be parsed: answered with an error, still searched */
    int nsearch;        /* `searchmoves`: only these root moves (0: all) */
    chs_move search[CHS_MAX_MOVES];
} uci_go;

struct ba_chess_uci {
    bac_session *session;            /* the kernel: output, the search of a go, stop */
    ba_pos *pos;
    ba_engine *engine;
    int eval;                        /* the evaluation preset (ba_chess_eval) of pos and engine */
    int64_t hash_mb;
    int64_t overhead_ms;             /* Move Overhead */
    int multipv;                     /* MultiPV */
    int selective;                   /* Selective (BA_OPT_SELECTIVE) */
    char start_fen[BA_POS_TEXT_MAX]; /* where the last position command started (eval change) */
    uci_go go;                       /* the last go, read by its search */
    /* The search's own: the first PV move of the last info line written ("" if none). */
    char last_pv_first[8];
};

/* Writes one answer line (printf-style) through the session kernel. */
void uci_out(ba_chess_uci *u, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);

/* The search of a `go` (a bac_search_fn, uci_search.c): info lines, then the bestmove (or the
 * perft total) as the go's one final line. */
void uci_go_search(void *user, bac_session *s, bac_text *final);

/* The engine's progress callback (uci_search.c). */
void uci_progress(void *user, const ba_progress *p);

#endif /* BA_CHESS_UCI_INTERNAL_H */
