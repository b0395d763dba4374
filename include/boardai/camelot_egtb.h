/**
 * @file camelot_egtb.h
 * @brief Exact Camelot endgame tables: two pieces against one (docs/camelot-endgames.md).
 *
 * The tables give, for every position with two pieces of one side against one piece of the
 * other, whether the side to move wins, draws or loses under best play, and in how many plies
 * the game ends (the winner the fastest, the loser the slowest). They are computed by
 * retrograde analysis with the castle rules (castle moves used and the obligation to leave
 * one's own castle are part of the position) for the default rule options; a game made with
 * other castle-move or canter options is never probed.
 *
 * Building them takes about 15 s of CPU time (ba_camelot_egtb_build()); the program
 * `boardai-camelot-egtb` builds them once into a file that ba_camelot_egtb_load() reads. A
 * table attached to a game (ba_camelot_egtb_attach()) makes every search of that game score
 * the positions it holds exactly, as proven wins, losses or draws.
 *
 * Stability: experimental additions of this release; the declarations only ever grow.
 */
#ifndef BOARDAI_CAMELOT_EGTB_H_PUBLIC
#define BOARDAI_CAMELOT_EGTB_H_PUBLIC

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Endings held: the attacker's two pieces are two men (0), a man and a knight (1) or two
 *  knights (2); the defender's one piece may be either kind. */
#define BA_CAMELOT_EGTB_ENDINGS 3

/** Exact endgame tables (opaque). Read-only once built or loaded: one table may serve many
 *  games and threads at once. */
typedef struct ba_camelot_egtb ba_camelot_egtb;

/** Counts of one ending, from the side to move's point of view, over its positions. */
typedef struct ba_camelot_egtb_stats {
    uint64_t positions;  /**< Positions of the ending held (no two pieces on one square, not
                              already won; each castle-move count and side to move counted). */
    uint64_t wins;       /**< Positions the side to move wins. */
    uint64_t draws;      /**< Positions drawn with best play. */
    uint64_t losses;     /**< Positions the side to move loses. */
    int longest;         /**< The longest win, in plies. */
    char longest_text[BA_POS_TEXT_MAX]; /**< A position of that longest win (position text,
                              docs/camelot-rules.md), the attacker White and to move. */
} ba_camelot_egtb_stats;

/** What a probe found. */
typedef struct ba_camelot_egtb_result {
    int result; /**< #BA_RESULT_WIN0, #BA_RESULT_WIN1 or #BA_RESULT_DRAW with best play. */
    int plies;  /**< Plies until the game ends with best play (0 for a draw). */
} ba_camelot_egtb_result;

/**
 * Computes the tables by retrograde analysis (145 million positions; about 15 s of CPU time
 * and 0.45 GB of memory while it runs, 147 MB once done).
 * @param endings a bit mask of the endings to build (bit e for ending e), 0 for all of them
 * @param out receives the table; free it with ba_camelot_egtb_free()
 * @param err filled on failure (may be NULL)
 * @return #BA_OK, #BA_ERR_ARG (NULL @p out or a bad mask), #BA_ERR_NOMEM
 */
BA_API int ba_camelot_egtb_build(unsigned endings, ba_camelot_egtb **out, ba_error *err);

/**
 * Writes the table to the file @p path: a 64-byte header (magic, format version, the endings
 * held, their sizes, a checksum of the data) and one byte per position. No partial file is left
 * on failure.
 * @return #BA_OK, #BA_ERR_ARG (NULL argument), #BA_ERR_STATE (the file cannot be written)
 */
BA_API int ba_camelot_egtb_save(const ba_camelot_egtb *tb, const char *path, ba_error *err);

/**
 * Reads a table written by ba_camelot_egtb_save(). The file is checked completely (magic,
 * version, endings, sizes, length, checksum) before it is used.
 * @return #BA_OK, #BA_ERR_ARG (NULL argument), #BA_ERR_STATE (the file cannot be opened),
 *         #BA_ERR_PARSE (not a table file, another version, truncated, trailing bytes, or a
 *         checksum mismatch; @p err says which), #BA_ERR_NOMEM
 */
BA_API int ba_camelot_egtb_load(const char *path, ba_camelot_egtb **out, ba_error *err);

/**
 * As ba_camelot_egtb_load(), from @p len bytes in memory (copied).
 * @return as ba_camelot_egtb_load(), without #BA_ERR_STATE
 */
BA_API int ba_camelot_egtb_load_memory(const void *data, size_t len, ba_camelot_egtb **out,
                                       ba_error *err);

/** Frees a table (NULL is a no-op). Detach it from every game first. */
BA_API void ba_camelot_egtb_free(ba_camelot_egtb *tb);

/**
 * The counts of ending @p ending (0 .. #BA_CAMELOT_EGTB_ENDINGS - 1).
 * @return #BA_OK, #BA_ERR_ARG (NULL argument), #BA_ERR_RANGE (no such ending, or not held)
 */
BA_API int ba_camelot_egtb_stats_get(const ba_camelot_egtb *tb, int ending,
                                     ba_camelot_egtb_stats *out);

/**
 * The exact result of a Camelot position from the table.
 *
 * Positions with a castle obligation pending are resolved by a search of at most two plies
 * over the table. With the 50-move rule on, a win is exact only when it ends before the rule
 * could draw it (quiet plies plus the distance at most 100); later wins are not answered.
 * Repetitions are not looked at: the answer is for a position whose earlier positions do not
 * already hold a repetition (a winner following the table never repeats a position).
 * @param tb the table
 * @param g a Camelot game (its rule options decide whether the table applies)
 * @param state a state of @p g
 * @param out receives the result
 * @param err filled on failure (may be NULL)
 * @return #BA_OK; #BA_ERR_RANGE when the position is not in the table (other material, other
 *         rule options, a win beyond the 50-move horizon; @p err says which); #BA_ERR_ARG
 */
BA_API int ba_camelot_egtb_probe(const ba_camelot_egtb *tb, const ba_game *g, const void *state,
                                 ba_camelot_egtb_result *out, ba_error *err);

/**
 * Lets the searches of @p game use @p tb (NULL: stop using a table): positions in the table
 * are then scored exactly (#ba_game::endgame_probe). @p tb must outlive its use by @p game.
 * @param game a Camelot game made by ba_camelot_create() (the constant ba_camelot_game()
 *        cannot take a table)
 * @param tb the table, or NULL
 * @param err filled on failure (may be NULL)
 * @return #BA_OK, #BA_ERR_ARG (not such a game)
 */
BA_API int ba_camelot_egtb_attach(ba_game *game, const ba_camelot_egtb *tb, ba_error *err);

/** The table attached to @p game by ba_camelot_egtb_attach(), or NULL (none, or not a Camelot
 *  game). */
BA_API const ba_camelot_egtb *ba_camelot_egtb_attached(const ba_game *game);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_CAMELOT_EGTB_H_PUBLIC */
