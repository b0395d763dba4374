/**
 * @file protocol.h
 * @brief The common text protocol that every game program speaks with `--protocol`.
 *
 * One command per line; answers are written through a callback, one whole line per call:
 *
 * | command | answer |
 * |---|---|
 * | `new` | (none) the start position |
 * | `position startpos\|<position text> [moves <m1> <m2> ...]` | (none) |
 * | `moves` | the legal moves on one line, space-separated |
 * | `play <move>` | (none) |
 * | `show` | the board and the position text |
 * | `perft <depth>` | the leaf count |
 * | `eval` | the static evaluation with its terms |
 * | `go depth <d>\|nodes <n>\|movetime <ms>` | `info ...` lines, then `bestmove <move> score <s> value <v>` |
 * | `go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>]` | the same, the time budgeted by the core time manager (ba_time_budget()) |
 * | `go ... searchmoves <m1> <m2> ...` | the same, searching only these root moves |
 * | `go solve` | the same, searching until the value is proven (`value win 7`, `value loss 4`, `value draw`) |
 * | `go infinite` | (none yet) searches on the session's own thread until `stop`; meanwhile `isready` is answered and other commands answer an error |
 * | `stop` | ends a `go infinite`: its `bestmove` line; nothing when no search runs |
 * | `isready` | `readyok`, at once, also while a `go infinite` searches |
 * | `result` | `ongoing`, `win <side name>` or `draw` |
 * | `undo` | (none) takes back the last move |
 * | `setoption <name> <value>` | (none) an engine setting: `algorithm negamax\|alphabeta\|bestfirst\|mcts`, `depth`, `nodes`, `time`, `hash`, `seed`, `noise`, `threads`, `selective`, `multipv`, ... |
 * | `options` | every engine setting with its value, one per line |
 * | `help` | the commands |
 * | `quit` | (none) ba_protocol_feed() returns #BA_PROTOCOL_QUIT |
 *
 * `info` lines read `info depth <d> score <s> nodes <n> nps <n> time <ms> pv <moves>`; with
 * `setoption multipv K` the lines 2..K of each depth read `info multipv <k> depth <d> score <s>
 * value <v> nodes ... pv ...`. `score` is always the number; `value` is its readable form (see
 * ba_score_text()).
 *
 * A bad command or an illegal move answers `error: <what was wrong>` and the session goes on.
 * Every `go` ends in exactly one line: its `bestmove`, or an `error:` line. The limits on a `go`
 * line (`depth`, `nodes`, `movetime`, the clock) are limits of that search only (#ba_limits):
 * the session's settings (`setoption`) stay as they are. See docs/protocol.md.
 *
 * A move whose text contains spaces (an Arimaa turn such as `Ed2n Ed3n`) is one word in move
 * lists: `moves`, the `pv` of `info` lines and `bestmove` write each space as `_`, and `play` and
 * `position ... moves` accept either spelling.
 */
#ifndef BOARDAI_PROTOCOL_H
#define BOARDAI_PROTOCOL_H

#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An opaque protocol session: a position and an engine driven by text commands. */
typedef struct ba_protocol ba_protocol;

/** Receives one answer line (without its newline; @p len bytes, NUL-terminated). */
typedef void (*ba_write_fn)(void *user, const char *line, size_t len);

/** ba_protocol_feed() returns this after `quit`. */
#define BA_PROTOCOL_QUIT 1

/**
 * Longest line a session reads (4 MiB, without the newline); longer lines answer an error. It is
 * also the longest line a session writes, so that any answer can be fed back (the longest today,
 * an Arimaa middlegame's `moves`, is about 71 KB); a longer answer is replaced by an error line.
 * The common protocol, UCI and AEI share this one limit.
 */
#define BA_PROTOCOL_LINE_MAX 4194304

/** Creates a session for @p game writing answers through @p write. */
BA_API int ba_protocol_new(const ba_game *game, ba_write_fn write, void *user, ba_protocol **out);

/** Frees a session; NULL is a no-op. */
BA_API void ba_protocol_free(ba_protocol *proto);

/**
 * Handles one command line (a trailing newline is ignored). After `go infinite` it returns at
 * once while the search runs on the session's own thread: the answers of that search (its `info`
 * lines, and its `bestmove` at `stop`) are then written through the callback from that thread,
 * never two lines at the same time; `stop`, `quit` and ba_protocol_free() end it. Errors in the command are answered
 * with an `error:` line and return #BA_OK; only a broken session returns a negative code.
 * @return #BA_OK, #BA_PROTOCOL_QUIT after `quit`, or a negative error code.
 */
BA_API int ba_protocol_feed(ba_protocol *proto, const char *line);

/** The session's engine, to change its settings. */
BA_API ba_engine *ba_protocol_engine(ba_protocol *proto);

/** The session's position. */
BA_API ba_pos *ba_protocol_position(ba_protocol *proto);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_PROTOCOL_H */
