/*
 * examples/camelot-web/web_games.h: the games a boardai-camelot-web server keeps (one per
 * browser session), each with its own mutex and, while the AI searches, one worker thread.
 *
 * Threading: every web_store_* / web_game_* call below comes from the HTTP side, serialised by
 * the store (web_store_lock/unlock around a whole request). The only other threads are the AI
 * workers; a worker touches its game only under the game's mutex (progress reports, the move it
 * found), and searches a private copy of the position, so a request never waits for a search.
 * Stopping (stop, undo, new, eviction) asks the engine to stop and then joins the worker, which
 * takes a few milliseconds.
 */
#ifndef BOARDAI_CAMELOT_WEB_GAMES_H
#define BOARDAI_CAMELOT_WEB_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include <boardai/boardai.h>

#include "web_db.h"

/** Bytes of a game id: 16 hex digits + NUL. */
#define WEB_GAME_ID_SIZE 17
/** AI strength levels 1..WEB_LEVELS: the library's Camelot levels (ba_camelot_level). */
#define WEB_LEVELS BA_CAMELOT_LEVELS
/** Default level for new games. */
#define WEB_LEVEL_DEFAULT 2

typedef struct web_store web_store;
typedef struct web_game web_game;

/** Makes a store keeping at most @p max_games games of @p game in memory; every game is saved
 *  in @p db (which must outlive the store). NULL when out of memory. */
web_store *web_store_new(const ba_game *game, web_db *db, size_t max_games);
/** Stops every search, joins every worker and frees everything. NULL is a no-op. */
void web_store_free(web_store *store);
/** Serialises the HTTP side (one request at a time touches the store and its games). */
void web_store_lock(web_store *store);
/** Ends what web_store_lock() began. */
void web_store_unlock(web_store *store);

/**
 * Starts a new game; when the store is full the game idle for longest (no search running) is
 * dropped. @p ai_side is the side the AI plays (0, 1) or -1 for none; @p level 1..WEB_LEVELS.
 * @return BA_OK, BA_ERR_STATE (full of games that are all searching) or BA_ERR_NOMEM.
 */
int web_store_create(web_store *store, int ai_side, int level, web_game **out, ba_error *err);
/** The game with this id: from memory, or else loaded from the database (a game dropped from
 *  memory, or saved before a restart; no search runs in a loaded game). @return BA_OK,
 *  WEB_ERR_NO_GAME, BA_ERR_STATE (memory full of searching games) or a WEB_ERR_STORAGE code. */
int web_store_get(web_store *store, const char *id, web_game **out, ba_error *err);
/** web_store_get() without the reason: the game, or NULL. */
web_game *web_store_find(web_store *store, const char *id);
/** The store's database. */
web_db *web_store_db(const web_store *store);
/**
 * A new game whose record is the moves of @p final played from @p start (a position text):
 * an imported record. The AI is paused in it. @return BA_OK or an error (nothing is saved then).
 */
int web_store_import(web_store *store, const char *start, const ba_pos *final, int ai_side,
                     int level, web_game **out, ba_error *err);
/** Number of games kept. */
size_t web_store_count(const web_store *store);

/** The game's id. */
const char *web_game_id(const web_game *game);

/**
 * The whole state the page draws (board, legal moves with their paths, move list, result, AI
 * status). A new reference, or NULL when out of memory.
 */
json_t *web_game_state(web_game *game);

/**
 * Plays a move given as WCF text (@p text) or as the clicked squares (@p path, @p path_len > 0),
 * after the library checked it. Refused while the AI searches (BA_ERR_STATE).
 * @return BA_OK, BA_ERR_PARSE, BA_ERR_ILLEGAL, BA_ERR_STATE, with @p err saying why.
 */
int web_game_play(web_game *game, const char *text, const char *const *path, size_t path_len,
                  ba_error *err);

/** Stops a running search (without playing), then takes back @p plies moves (1..2; fewer when
 *  the game has fewer). @return BA_OK or BA_ERR_STATE (nothing to undo). */
int web_game_undo(web_game *game, int plies, ba_error *err);

/** web_game_configure(): keep the AI's side as it is. */
#define WEB_SIDE_KEEP (-2)

/** Sets the AI's side (-1 none, 0, 1, or WEB_SIDE_KEEP) and level (1..WEB_LEVELS, or 0 to keep
 *  it). @return BA_OK or BA_ERR_RANGE. */
int web_game_configure(web_game *game, int ai_side, int level, ba_error *err);

/** The engine's suggested move for the side to move (a short search: level 3's limits at
 *  most), as WCF text into @p buf (BA_MOVE_TEXT_MAX bytes). Refused while the AI searches or
 *  after the end (BA_ERR_STATE). */
int web_game_hint(web_game *game, char *buf, ba_error *err);

/** The board after the first @p ply moves (0 = the start), for reviewing a game without
 *  changing it: {"ply", "position", "to_move", "squares", "pieces", "last_move"}. NULL with
 *  @p err (BA_ERR_RANGE beyond the record's length, BA_ERR_NOMEM). */
json_t *web_game_view(web_game *game, size_t ply, ba_error *err);

/** The game as a WCF record (numbered moves, the start position as a [Position "..."] comment
 *  when it is not the usual start, the result): a malloc'ed string, NULL when out of memory. */
char *web_game_record_text(web_game *game);

/** Starts the AI's search for the side to move in a worker thread (@p level 1..WEB_LEVELS, or
 *  0 for the game's level). @return BA_OK, BA_ERR_STATE (game over or already searching). */
int web_game_start_ai(web_game *game, int level, ba_error *err);

/** Stops a running search: @p play_best 1 plays the best move found so far, 0 discards it.
 *  Returns once the worker has ended. No-op when idle. */
void web_game_stop_ai(web_game *game, int play_best);

/** Back to the start position (stops a search first). @return BA_OK or a storage error (the
 *  game is then unchanged). */
int web_game_restart(web_game *game, ba_error *err);

/** Sets the position from the library's position text (docs/camelot-rules.md) and forgets the
 *  move list (stops a search first). @return BA_OK, or BA_ERR_PARSE with @p err saying why
 *  (the game is then unchanged). */
int web_game_set_position(web_game *game, const char *text, ba_error *err);

#endif /* BOARDAI_CAMELOT_WEB_GAMES_H */
