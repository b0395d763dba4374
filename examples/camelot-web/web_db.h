/*
 * examples/camelot-web/web_db.h: where boardai-camelot-web keeps its games: one SQLite file
 * (docs/camelot-web.md, "Saved games"). Every change of a game is one transaction, committed
 * (WAL, synchronous=FULL) before the request that made it is answered, so a game survives a
 * kill -9 of the server exactly as its last answer showed it.
 *
 * The file holds game data only: settings, start position, moves (WCF text and who played
 * them), result and timestamps. It is marked with an application id and a schema version
 * (PRAGMA application_id / user_version) so that a foreign file is refused and a later release
 * can migrate an older one.
 *
 * Threading: one connection, guarded by the db's own mutex; any thread may call any function.
 */
#ifndef BOARDAI_CAMELOT_WEB_DB_H
#define BOARDAI_CAMELOT_WEB_DB_H

#include <stddef.h>

#include <jansson.h>

#include <boardai/boardai.h>

/** Error code (beyond the library's BA_ERR_ ones) of a failed read or write of the file. */
#define WEB_ERR_STORAGE (-100)
/** Error code of a write refused because the disk (or the file's size limit) is full. */
#define WEB_ERR_STORAGE_FULL (-101)
/** Error code of a game id the file does not hold. */
#define WEB_ERR_NO_GAME (-102)

/** The schema version this release writes (PRAGMA user_version). */
#define WEB_DB_SCHEMA 1

typedef struct web_db web_db;

/** One move of a stored game. */
typedef struct web_db_move {
    char text[BA_MOVE_TEXT_MAX]; /**< WCF text */
    int by_ai;                   /**< 1 when the AI played it */
} web_db_move;

/** A stored game, as web_db_load() reads it. */
typedef struct web_db_game {
    int ai_side;                   /**< -1 none, 0 White, 1 Black */
    int level;                     /**< 1..WEB_LEVELS */
    char start[BA_POS_TEXT_MAX];   /**< the start position text */
    web_db_move *moves;            /**< malloc'ed; free with web_db_game_free() */
    size_t n_moves;
} web_db_game;

/**
 * Opens (creating when absent) the database at @p path (":memory:" for a private in-memory
 * one). A file that is not SQLite, is damaged, belongs to another program or was written by a
 * newer schema is refused with a message saying which. @return BA_OK or WEB_ERR_STORAGE.
 */
int web_db_open(const char *path, web_db **out, ba_error *err);
/** Closes it; NULL is a no-op. */
void web_db_close(web_db *db);

/** Makes the directories of @p path that are missing (mkdir -p of its folder). @return 0 or -1
 *  with errno set. */
int web_db_make_dirs(const char *path);

/** The default file: $XDG_DATA_HOME/boardai/camelot-web.sqlite, else
 *  $HOME/.local/share/boardai/camelot-web.sqlite. @return 0, or -1 when neither is set or it
 *  does not fit. */
int web_db_default_path(char *buf, size_t cap);

/** Stores a new game starting at @p start with the moves @p moves (NULL when @p n_moves is 0)
 *  and @p result after them. @return BA_OK or a WEB_ERR_ code. */
int web_db_create(web_db *db, const char *id, int ai_side, int level, const char *start,
                  const web_db_move *moves, size_t n_moves, const char *result, ba_error *err);
/** Appends move number @p ply (0-based) and the result after it ("ongoing", "white", ...). */
int web_db_push(web_db *db, const char *id, size_t ply, const char *text, int by_ai,
                const char *result, ba_error *err);
/** Keeps the first @p plies moves only (undo), with the result after them. */
int web_db_truncate(web_db *db, const char *id, size_t plies, const char *result,
                    ba_error *err);
/** A new start position (and no moves): restart, a position set up, an import. @p moves
 *  (may be NULL when @p n_moves is 0) are then stored as the whole move list. */
int web_db_reset(web_db *db, const char *id, const char *start, const web_db_move *moves,
                 size_t n_moves, const char *result, ba_error *err);
/** New AI side and level. */
int web_db_configure(web_db *db, const char *id, int ai_side, int level, ba_error *err);
/** Reads a game. @return BA_OK, WEB_ERR_NO_GAME or WEB_ERR_STORAGE. */
int web_db_load(web_db *db, const char *id, web_db_game *out, ba_error *err);
/** Frees what web_db_load() allocated. */
void web_db_game_free(web_db_game *g);
/** Dates of a game: creation and last change, as "YYYY-MM-DD HH:MM:SS" UTC. */
int web_db_dates(web_db *db, const char *id, char created[24], char updated[24], ba_error *err);

/**
 * The stored games, most recently changed first, at most @p limit: a JSON array of
 * {"game", "ai", "level", "white", "black", "result", "moves", "created", "updated"}. NULL with @p err on
 * failure.
 */
json_t *web_db_list(web_db *db, int limit, ba_error *err);

/** Caps the file at its current size plus @p extra_pages pages (SQLite's max_page_count): the
 *  way the tests make the disk "full" for real. @return BA_OK or WEB_ERR_STORAGE. */
int web_db_limit_pages(web_db *db, int extra_pages, ba_error *err);

/** Refuses every write from now on (SQLite's query_only), as a read-only file does: the way
 *  the tests check that case even as root, who may write any file. @return BA_OK or
 *  WEB_ERR_STORAGE. */
int web_db_refuse_writes(web_db *db, ba_error *err);

#endif /* BOARDAI_CAMELOT_WEB_DB_H */
