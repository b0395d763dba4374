/**
 * @file chess.h
 * @brief Chess: full legal rules, FEN, UCI and SAN notation, fast perft, and a UCI engine session.
 *
 * The game (ba_chess_game()) plays standard chess: castling with all its conditions, en passant,
 * promotion to any piece, check, checkmate, stalemate, the 50-move rule (a draw once 100 plies
 * passed without a capture or pawn move, unless that last move mated), threefold repetition
 * (through the #ba_history) and insufficient material (no pawn, rook or queen, and either at
 * most one minor piece in all or only bishops all on squares of one colour).
 *
 * - Position text is FEN (the en-passant square is kept only when a legal en-passant capture
 *   exists, so equal positions compare and hash equal).
 * - Move text written by the game is UCI long algebraic ("e2e4", "e7e8q", castling "e1g1");
 *   move text read accepts UCI and SAN ("Nf3", "exd5", "O-O", "e8=Q+").
 * - A #ba_move holds `len = 3`, `bytes = {from, to, promotion}` with squares 0 = a1 .. 63 = h8
 *   and promotion 0 (none), 1 knight, 2 bishop, 3 rook, 4 queen.
 * - The evaluation of ba_chess_game() is the classic piece-square evaluator (ba_chess_pst()):
 *   material plus the 10x12 centre table, in centipawns, from the side to move's point of view.
 *   ba_chess_game_eval() gives the same game with another evaluation preset (#ba_chess_eval).
 * - Noisy moves (quiescence) are captures and promotions, and every evasion when in check.
 * - Move ordering keys are MVV-LVA (most valuable victim, then least valuable attacker), with
 *   promotions first.
 */
#ifndef BOARDAI_CHESS_H
#define BOARDAI_CHESS_H

#include "game.h"
#include "protocol.h"
#include "pst.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The chess game (standard rules). */
BA_API const ba_game *ba_chess_game(void);

/** Evaluation presets of chess (ba_chess_game_eval()). Numbers are stable. */
typedef enum ba_chess_eval {
    BA_CHESS_EVAL_CLASSIC = 0, /**< The tutorial's evaluator: material plus one centre table for
                                    every piece (ba_chess_pst()), exactly; ba_chess_game(). */
    BA_CHESS_EVAL_TAPERED = 1  /**< Per-piece middlegame and endgame tables (PeSTO's published
                                    values) blended by the game phase, plus mobility, passed
                                    pawns, king safety (pawn shield, attackers) and the bishop
                                    pair; see docs/chess.md. */
} ba_chess_eval;

/** The number of evaluation presets. */
#define BA_CHESS_EVAL_COUNT 2

/** The preset a new UCI session (and boardai-chess) starts with; the `Evaluation` option
 *  changes it. */
#define BA_CHESS_UCI_DEFAULT_EVAL BA_CHESS_EVAL_TAPERED

/**
 * Chess with the evaluation preset @p eval (a #ba_chess_eval): the same rules, notation and
 * hashes as ba_chess_game(), a different evaluate(). Positions and engines must use one game
 * object throughout. @return the game, or NULL if @p eval is not a preset.
 */
BA_API const ba_game *ba_chess_game_eval(int eval);

/** The name of preset @p eval ("classic", "tapered"), or NULL. */
BA_API const char *ba_chess_eval_name(int eval);

/** The preset named @p name (ASCII case ignored). @return a #ba_chess_eval or #BA_ERR_PARSE. */
BA_API int ba_chess_eval_from_name(const char *name);

/** The FEN of the standard start position. */
#define BA_CHESS_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

#ifdef BOARDAI_EXPERIMENTAL /* experimental: docs/api-stability.md */
/**
 * The chess evaluator as data for the generic piece-square evaluator: width 10, height 12
 * (the 10x12 mailbox, square index = mailbox index, 21 = a1, 28 = h1, 91 = a8, 98 = h8),
 * piece types 0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king with material
 * 100, 300, 300, 450, 900, 0 and one shared centre table (values x100), the same for both sides.
 */
BA_API const ba_pst *ba_chess_pst(void);
#endif

/** The 10x12 mailbox index of a square 0 (a1) .. 63 (h8): 21 + file + 10 * rank. */
BA_API int ba_chess_mailbox(int square);

/**
 * Counts the leaves of the legal move tree of @p fen to @p depth with the fast perft (bulk
 * counting at the last ply; no game-end rules other than checkmate and stalemate, as perft is
 * usually defined). @return #BA_OK, or an error with @p err filled for a bad FEN or depth.
 */
BA_API int ba_chess_perft(const char *fen, int depth, uint64_t *count, ba_error *err);

/**
 * Writes @p move (legal in the chess state @p state, e.g. ba_pos_state()) in SAN, with '+' or
 * '#'. @return the length written, or an error code (#BA_ERR_ILLEGAL if it is not legal).
 */
BA_API int ba_chess_san(const void *state, const ba_move *move, char *buf, size_t cap);

/* ------------------------------------------------------------------------------------------ */
/** @name UCI engine session
 *  The Universal Chess Interface as library code: a line handler that answers through a
 *  callback. `go` does not search inside ba_chess_uci_feed() (which never blocks): it returns
 *  #BA_CHESS_UCI_GO and the caller runs ba_chess_uci_search(), usually on a second thread, so
 *  that `stop`, `isready` and `quit` are handled while it searches.
 *
 *  Commands: `uci`, `isready`, `ucinewgame`, `setoption name <id> [value <x>]` (options `Hash`,
 *  `Clear Hash`, `Move Overhead`, `MultiPV`, `Selective`, `Evaluation`; names and values in any
 *  case),
 *  `position startpos|fen <FEN> [moves ...]`, `go [wtime|btime|winc|binc|movestogo|depth|nodes|
 *  movetime|mate <n>] [infinite] [ponder] [searchmoves <move>...]`, `go perft <n>`, `stop`,
 *  `ponderhit` (ends a pondering search), `d` (show the board), `quit`.
 *  Every `go` ends in a `bestmove`, and the last `info` line before it has a PV that starts
 *  with that move. A clock (`wtime` ... `movestogo`, even empty or negative) always gives the
 *  search a time budget from the core time manager (ba_engine_search_limits()), `Move Overhead`
 *  kept in reserve; `searchmoves` is its restricted root; `MultiPV` its root lines.
 *  Bad input is answered with `info string error: ...` and the session goes on; a `go` with a
 *  word it cannot parse still searches (briefly when no limit was understood) and answers.
 *  @{ */

/** An opaque UCI session. */
typedef struct ba_chess_uci ba_chess_uci;

/** ba_chess_uci_feed() returns this when a `go` is ready to run with ba_chess_uci_search(). */
#define BA_CHESS_UCI_GO 2

/** Creates a UCI session writing its answer lines through @p write. */
BA_API int ba_chess_uci_new(ba_write_fn write, void *user, ba_chess_uci **out);

/** Frees a session (no search may be running); NULL is a no-op. */
BA_API void ba_chess_uci_free(ba_chess_uci *uci);

/**
 * Handles one line. Never blocks and never searches. A `go` that was not run with
 * ba_chess_uci_search() before the next command other than `isready`, `stop` or `ponderhit`
 * is dropped.
 * @return #BA_OK, #BA_PROTOCOL_QUIT after `quit`, #BA_CHESS_UCI_GO after a valid `go`, or a
 * negative error code when the session is broken (out of memory).
 */
BA_API int ba_chess_uci_feed(ba_chess_uci *uci, const char *line);

/**
 * Runs the search prepared by the last `go`, writing `info` lines and `bestmove`. After
 * `go infinite` the `bestmove` waits for ba_chess_uci_stop(). @return #BA_OK or an error code.
 */
BA_API int ba_chess_uci_search(ba_chess_uci *uci);

/** Stops a running search (safe from another thread; writes a held `bestmove` if any). */
BA_API void ba_chess_uci_stop(ba_chess_uci *uci);

/**
 * The search time in milliseconds planned for the side to move from its remaining time, its
 * increment and the moves to the next time control (0 = unknown), all in milliseconds: the core
 * time manager's soft limit (ba_time_budget() without overhead). A UCI `go` with a clock gives the
 * same time manager its clock minus `Move Overhead`, half its increment and a per-move cap (see
 * docs/chess.md). Never less than 1 (an empty clock answers at once).
 */
BA_API int64_t ba_chess_uci_time_budget(int64_t remaining_ms, int64_t increment_ms, int moves_to_go);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_CHESS_H */
