/**
 * @file game.h
 * @brief The game vtable: what a game provides so that every search algorithm can play it.
 *
 * A game is a constant #ba_game: a few sizes and a table of functions over an opaque, flat state
 * (plain memory that `memcpy` copies; no pointers inside). The library's search is copy-make: it
 * copies the state before applying a move, so a game needs no undo function.
 *
 * A game can be defined outside the library against these headers alone; see
 * docs/adding-a-game.md and tests/external/tictactoe.c.
 *
 * Sides are numbered 0 (the side that moves first in the start position) and 1.
 * Scores are integers from the point of view of the side to move (negamax form).
 */
#ifndef BOARDAI_GAME_H
#define BOARDAI_GAME_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Bytes of game data a #ba_move can hold. */
#define BA_MOVE_MAX_BYTES 62

/**
 * A move: a plain value, copied by assignment, compared with ba_move_equal().
 *
 * The game decides what the bytes mean (a square list for a Camelot chain, four steps for an
 * Arimaa turn, a pit number for Kalah). A game must encode each move canonically (one legal move,
 * one encoding) and leave bytes past @c len at zero. A move with `len == 0 && tag == 0` is "no
 * move" (#BA_MOVE_NONE); a game may use `len == 0` with a non-zero tag, e.g. for a pass.
 */
typedef struct ba_move {
    uint8_t len;                      /**< Bytes used in @c bytes. */
    uint8_t tag;                      /**< Free for the game (e.g. the kind of move). */
    uint8_t bytes[BA_MOVE_MAX_BYTES]; /**< The game's encoding; unused bytes are zero. */
} ba_move;

/** The "no move" value; use as `ba_move m = BA_MOVE_NONE;`. */
#define BA_MOVE_NONE {0, 0, {0}}

/** Longest move text a game writes, including the NUL (a Camelot chain, an Arimaa setup turn). */
#define BA_MOVE_TEXT_MAX 256
/** Longest position text a game writes, including the NUL. */
#define BA_POS_TEXT_MAX 2048
/** Longest board drawing (render) a game writes, including the NUL. */
#define BA_RENDER_MAX 8192

/** @name Scores
 *  A game's static evaluation must stay within ±#BA_SCORE_EVAL_MAX. The search scores a won
 *  terminal position as `BA_SCORE_WIN - ply` (faster wins score higher) and a lost one as its
 *  negation; anything beyond ±#BA_SCORE_WIN_MIN is such a proven result.
 *  @{ */
#define BA_SCORE_INF 1000000000     /**< Beyond every score; the initial search window. */
#define BA_SCORE_WIN 100000000      /**< A win at the root itself. */
#define BA_SCORE_WIN_MIN 99000000   /**< Scores at or beyond this are proven wins. */
#define BA_SCORE_EVAL_MAX 10000000  /**< Largest absolute value evaluate() may return. */
#define BA_SCORE_DRAW 0             /**< A drawn terminal position. */
/** @} */

/** @name Results of a position
 *  Returned by #ba_game::status and ba_pos_result().
 *  @{ */
#define BA_RESULT_ONGOING 0 /**< The game goes on. */
#define BA_RESULT_WIN0 1    /**< Side 0 has won. */
#define BA_RESULT_WIN1 2    /**< Side 1 has won. */
#define BA_RESULT_DRAW 3    /**< Drawn. */
/** @} */

/** @name Game flags (#ba_game::flags)
 *  @{ */
/** The result or the legal moves can depend on earlier positions (repetition rules). The search
 *  then never stores a score that depended on the path in its transposition table. */
#define BA_GAME_HISTORY_MATTERS 0x1u
/** generate() may list only some of the legal moves (Arimaa lists a few of the ~65 million setup
 *  turns). ba_pos_play() then also accepts a move that is not listed when the game's own parser
 *  reads the move's text back to the same move (move_from_text() checks legality), so the
 *  game's move_to_text() must reject malformed moves cleanly. */
#define BA_GAME_PARTIAL_MOVES 0x2u
/** The selective parts of alpha-beta (late-move reductions and the rest, see #BA_OPT_SELECTIVE)
 *  are never used for this game, even when the engine option asks for them: for a game where
 *  measurement showed that they lose strength. Exact alpha-beta is then used. */
#define BA_GAME_EXACT_ONLY 0x4u
/** The selective search (#BA_OPT_SELECTIVE) keeps the parity of the remaining depth: a late
 *  quiet move is reduced by 0 or 2 plies (never 1, never more), a node without a table move is
 *  not searched one ply shallower, and no quiet move is skipped by late-move pruning (futility
 *  pruning and the rest stay). For a game whose static value swings with the side to move (Ugolki's
 *  asymmetric weighting counts the other side three times) and whose plans are long chains of
 *  quiet moves: a line cut short by an odd number of plies would be scored at the other side's
 *  turn. The selective trees of games without the flag are unchanged. */
#define BA_GAME_EVEN_REDUCTIONS 0x8u
/** @} */

/**
 * The game ABI this header describes; #BA_GAME_INIT sets #ba_game::abi to it.
 *
 * ABI 1 was the layout before 1.0, without #ba_game::struct_size; the library refuses it. The
 * number changes only when the layout changes incompatibly; appending an optional hook at the end
 * does not change it (see #ba_game::struct_size).
 */
#define BA_GAME_ABI 2

/**
 * The positions that came before the current one, for repetition rules.
 * `hashes[count - 1]` is the hash of the position just before the current one; the current
 * position is not included. A game that needs no history ignores it; it may be NULL-free but
 * empty (`count == 0`).
 */
typedef struct ba_history {
    const uint64_t *hashes; /**< Oldest first. */
    size_t count;           /**< Number of entries in @c hashes. */
} ba_history;

typedef struct ba_game ba_game;

/* Declared in engine.h and position.h; named here for ba_game::search_move. */
struct ba_engine;
struct ba_pos;
struct ba_limits;
struct ba_search_result;

/**
 * A game: sizes plus functions over a flat state of #state_size bytes.
 *
 * Fill it with #BA_GAME_INIT and designated initializers, the one supported way:
 * @code
 * static const ba_game my_game = BA_GAME_INIT(
 *     .name = "nim", .side_names = {"first", "second"}, .state_size = sizeof(struct nim),
 *     .max_moves = 3, .init = nim_init, .side_to_move = nim_side, ...);
 * @endcode
 * Never fill it positionally: new optional hooks are appended to the struct in later releases.
 *
 * Required functions must be non-NULL; optional ones may be NULL. Every function receives the
 * game itself first, so that one set of functions can serve many variants (board sizes, rule
 * options, evaluation weights) through #params. Functions must be thread-safe for distinct
 * states: they may read the game but never write it.
 */
struct ba_game {
    /**
     * `sizeof(ba_game)` as the game was compiled, set by #BA_GAME_INIT. The struct only ever
     * grows at its end (new optional hooks are appended), so the library reads an optional hook
     * only when it lies within the game's @c struct_size; a game compiled against an older header
     * has the newer hooks treated as NULL, and one compiled against a newer header has the hooks
     * this library does not know ignored. At least #BA_GAME_SIZE_MIN (every required function).
     */
    uint32_t struct_size;
    uint32_t abi;               /**< Must be #BA_GAME_ABI. */
    uint32_t flags;             /**< BA_GAME_ flags. */
    const char *name;           /**< Short lower-case name, e.g. "kalah". */
    const char *side_names[2];  /**< Names of side 0 and side 1, e.g. "white", "black". */
    size_t state_size;          /**< Bytes of one state. */
    size_t max_moves;           /**< Upper bound on the legal moves of any position. */
    size_t max_plies;           /**< Upper bound on a game's length in plies, or 0 if none. */
    const void *params;         /**< The game module's own data (variant, weights); may be NULL. */

    /** Writes the start position into @p state. @return #BA_OK or an error code. */
    int (*init)(const ba_game *g, void *state);

    /** The side to move, 0 or 1. It may stay the same after a move (Kalah's extra turn). */
    int (*side_to_move)(const ba_game *g, const void *state);

    /**
     * Writes the legal moves into @p moves (capacity @p cap) in a deterministic order.
     * A terminal position has no moves. @return the number of moves, #BA_ERR_BUFFER if @p cap
     * is too small, or another negative error code.
     */
    int (*generate)(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves,
                    size_t cap);

    /** Applies a legal move (as generated) to @p state. @return #BA_OK or an error code. */
    int (*apply)(const ba_game *g, void *state, const ba_move *move);

    /** The result of the position (a BA_RESULT_ value), after the game's end rules. */
    int (*status)(const ba_game *g, const void *state, const ba_history *hist);

    /** Static evaluation from the side to move's point of view, within ±#BA_SCORE_EVAL_MAX. */
    int (*evaluate)(const ba_game *g, const void *state);

    /** A 64-bit hash of everything that decides the legal moves and result (Zobrist-style). */
    uint64_t (*hash)(const ba_game *g, const void *state);

    /* ---- text: optional in pairs (both of a pair NULL: the library's defaults, see
     *      ba_game_move_to_text() in position.h); they stay before the optional hooks so that
     *      the layout of 1.0 is kept ---- */

    /**
     * Optional (with move_from_text). Writes the move's text (the game's notation) into @p buf,
     * NUL-terminated.
     * @return the length written (without the NUL), or #BA_ERR_BUFFER / another error code.
     */
    int (*move_to_text)(const ba_game *g, const void *state, const ba_move *move, char *buf,
                        size_t cap);

    /**
     * Optional (with move_to_text). Parses a move in the game's notation and checks that it is legal in @p state.
     * On failure fills @p err (may be NULL) with a message that says what was wrong: malformed
     * text (#BA_ERR_PARSE) or an illegal move and why (#BA_ERR_ILLEGAL).
     * @return #BA_OK and the canonical move in @p out, or the error code.
     */
    int (*move_from_text)(const ba_game *g, const void *state, const ba_history *hist,
                          const char *text, ba_move *out, ba_error *err);

    /** Optional (with position_from_text). Writes the position text, which position_from_text()
     *  reads back. @return length or error. */
    int (*position_to_text)(const ba_game *g, const void *state, char *buf, size_t cap);

    /** Optional (with position_to_text). Parses a position text into @p state.
     *  @return #BA_OK, or an error with @p err filled. */
    int (*position_from_text)(const ba_game *g, void *state, const char *text, ba_error *err);

    /* ---- optional (may be NULL, or beyond the game's struct_size: see BA_GAME_HAS) ---- */

    /**
     * Optional. Writes the "noisy" legal moves (captures, promotions) that quiescence search
     * follows past the depth limit; same contract as generate(). NULL: no quiescence.
     */
    int (*generate_noisy)(const ba_game *g, const void *state, const ba_history *hist,
                          ba_move *moves, size_t cap);

    /** Optional. A move-ordering key: larger keys are searched first (captures, promotions). */
    int (*order_key)(const ba_game *g, const void *state, const ba_move *move);

    /** Optional. Draws the board for people (text, several lines). @return length or error. */
    int (*render)(const ba_game *g, const void *state, char *buf, size_t cap);

    /**
     * Optional. Explains the static evaluation term by term (one "name value value" line per
     * term, for both sides) for the text protocol's `eval`. @return length or error.
     */
    int (*explain)(const ba_game *g, const void *state, char *buf, size_t cap);

    /** Optional. Frees a game made at run time (variants); called by ba_game_destroy(). */
    void (*destroy)(ba_game *g);

    /**
     * Optional, for #BA_GAME_HISTORY_MATTERS games. How many of the most recent history entries
     * could still equal this position or any position reachable from it: entries older than that
     * can never be repeated, because an irreversible move (a capture, a pawn move, a castling
     * change, a piece entering the castle) lies between them and now. Chess returns its
     * half-move clock; a game whose positions after a capture can never equal earlier ones
     * returns the plies since the last capture. Returning more than the history length, or
     * `SIZE_MAX`, means "all of it".
     *
     * The search keys transposition-table scores of history games with a fingerprint of the
     * earlier positions; with this hook only the last `repeat_window()` entries are
     * fingerprinted, so transpositions and successive moves share scores once an irreversible
     * move has been played. Must never return less than the true window (that would be
     * unsound); NULL means the whole history, as before.
     */
    size_t (*repeat_window)(const ba_game *g, const void *state);

    /**
     * Optional. Plies to add to the
     * remaining search depth at this position, 0 for none: chess returns 1 when the side to move
     * is in check (the check extension). A negative value takes plies away, for a move that
     * costs more than one ply of depth: Arimaa's step game returns -1 after a push or pull,
     * two steps of a turn in one move. A position with a positive extension is also
     * "tactical": quiescence does not stand pat there but looks at every noisy move (chess then
     * lists all check evasions as noisy). Every algorithm applies it the same way, so alpha-beta
     * still equals negamax; the engine caps it so that no path grows beyond twice the nominal
     * depth of the iteration nor past #BA_OPT_DEPTH.
     */
    int (*extension)(const ba_game *g, const void *state);

    /* ---- selective search (appended in ABI 2; see docs/search.md, "Selective search") ---- */

    /**
     * Optional. Writes into @p state the position after a "null move": the same position with
     * the other side to move (chess: the side passes, the en-passant square is cleared). It is
     * never a legal move of the game; the search uses it only to prove that a position is so
     * good that even passing keeps it above beta (null-move pruning). A game that provides it
     * opts in to null-move pruning; NULL (the default) means no null-move pruning.
     * @return #BA_OK, or an error code (the search then skips the null move at this node).
     */
    int (*make_null)(const ba_game *g, void *state);

    /**
     * Optional. Nonzero when passing would be unsafe at this position because the side to move
     * may be in zugzwang (chess: only king and pawns left), so the search must not try a null
     * move here. NULL means passing is never assumed unsafe (every position of a game with
     * make_null() may try it; the verification search still guards against zugzwang). In a game
     * without futility_margin() the null move is the only reader of an interior node's static
     * value, so the selective search does not evaluate a node where this says unsafe.
     */
    int (*null_move_unsafe)(const ba_game *g, const void *state);

    /**
     * Optional. How much the static evaluation of this position may still change within
     * @p depth plies (1, 2, 3...) of quiet moves, in evaluation units: the margin of reverse
     * futility pruning (a node whose evaluation exceeds beta by this margin returns at once)
     * and of futility pruning (a quiet move is skipped when the evaluation plus this margin
     * stays below alpha). Chess might return about 100 centipawns per ply. Return 0 or less to
     * switch both off at this node; NULL (the default) means no futility pruning at all, since
     * the core cannot know the scale of a game's evaluation.
     */
    int (*futility_margin)(const ba_game *g, const void *state, int depth);

    /**
     * Optional. Nonzero when @p move (legal in @p state) is "noisy": a capture, a promotion or
     * anything that changes the evaluation sharply. Late-move reductions and futility pruning
     * never touch noisy moves. NULL: a move is noisy when the game's order_key() gives it a
     * positive key (captures and promotions are ordered first), or, without order_key(),
     * never.
     */
    int (*move_noisy)(const ba_game *g, const void *state, const ba_move *move);

    /**
     * Optional. Nonzero when the rules leave the side to move only noisy moves in @p state:
     * a compulsory capture (Camelot, draughts) or any other obligation that rules out a quiet
     * move. The selective search (#BA_OPT_SELECTIVE) then treats the node as tactical: no
     * null move, futility pruning or reductions there, and no stand pat in quiescence (standing
     * pat assumes a quiet move exists, as a null move assumes a pass does). The exact search
     * ignores it. NULL (the default): no position is forced.
     */
    int (*noisy_only)(const ba_game *g, const void *state);

    /* ---- exact endgame knowledge (appended after 1.0; see docs/search.md, "Hooks") ---- */

    /**
     * Optional. The exact result of @p state with best play from both sides, when the game knows
     * it (an endgame table): a BA_RESULT_ value (#BA_RESULT_WIN0, #BA_RESULT_WIN1 or
     * #BA_RESULT_DRAW) with *@p plies set to the plies until the game ends (the winner taking
     * the fastest win, the loser the slowest loss; 0 for a draw), or #BA_RESULT_ONGOING when it
     * does not know. The search calls it at every node below the root whose position is not
     * over, and scores a known one like a terminal position @p plies further on, without
     * searching below it: so it must be exact under the game's rules for this history, and
     * fast when it does not know. NULL (the default): no such knowledge.
     */
    int (*endgame_probe)(const ba_game *g, const void *state, const ba_history *hist, int *plies);

    /* ---- a search of its own for a whole move (appended after 1.0; docs/search.md, "Hooks") ---- */

    /**
     * Optional. Chooses the move of @p pos its own way: ba_engine_search_limits() calls it, with
     * the engine marked running, instead of searching @p pos itself, and returns what it returns.
     * A game whose move is a sequence of smaller actions uses it to search the actions (Arimaa's
     * turn searched step by step). It searches through companion engines of @p engine
     * (ba_engine_companion()), which take @p engine's settings and which ba_engine_stop(@p engine)
     * reaches; @p limits are the caller's (NULL: the engine's settings). It fills @p result as a
     * search of @p pos would: a legal move of @p pos, its score, depth, nodes and time. Return
     * #BA_ERR_UNSUPPORTED to have the engine search @p pos the usual way (Arimaa's setup).
     * NULL (the default): the engine searches every position itself.
     */
    int (*search_move)(const ba_game *g, struct ba_engine *engine, const struct ba_pos *pos,
                       const struct ba_limits *limits, struct ba_search_result *result);

    /* New optional hooks are appended here, and only here (docs/api-stability.md). */
};

/**
 * Initializer of a #ba_game: sets #ba_game::struct_size and #ba_game::abi, then the designated
 * initializers given (`.name = "nim", .init = nim_init, ...`). Fields not named are zero or NULL.
 */
#define BA_GAME_INIT(...) {.struct_size = (uint32_t)sizeof(ba_game), .abi = BA_GAME_ABI, __VA_ARGS__}

/** The smallest #ba_game::struct_size the library accepts: every field of the 1.0 layout up to
 *  and including position_from_text() (now optional, but its place is part of that layout). */
#define BA_GAME_SIZE_MIN (offsetof(ba_game, position_from_text) + sizeof(void (*)(void)))

/**
 * True when the game @p g (a `const ba_game *`) has the optional hook @p field: it lies within the
 * game's #ba_game::struct_size and is not NULL. Read optional hooks only through this test, e.g.
 * `if (BA_GAME_HAS(g, render)) g->render(g, state, buf, cap);`.
 */
#define BA_GAME_HAS(g, field)                                                                    \
    ((size_t)(g)->struct_size >= offsetof(ba_game, field) + sizeof((g)->field) && (g)->field != NULL)

/** True when two moves are the same (same len, tag and bytes). */
BA_API int ba_move_equal(const ba_move *a, const ba_move *b);

/** True when @p m is "no move" (len and tag both zero). */
BA_API int ba_move_is_none(const ba_move *m);

/**
 * Checks that a game vtable is usable: ABI, struct size, name, side names, sizes, every
 * required function present, the text functions set in pairs (or left NULL), and
 * #BA_GAME_PARTIAL_MOVES only with the game's own move_from_text. What a game answers at run
 * time is checked where it is used (#BA_ERR_GAME) and by ba_game_selftest().
 * @return #BA_OK, or #BA_ERR_GAME with @p err naming the first problem.
 */
BA_API int ba_game_check(const ba_game *g, ba_error *err);

/** Frees a game made at run time by a game module's `ba_<game>_create()`. NULL is a no-op;
 *  constant games (without a destroy function) are left alone. */
BA_API void ba_game_destroy(ba_game *g);

/** The side that won for a BA_RESULT_ value: 0, 1, or -1 for ongoing or drawn. */
BA_API int ba_result_winner(int result);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_GAME_H */
