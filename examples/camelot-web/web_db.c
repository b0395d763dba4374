/* examples/camelot-web/web_db.c: the games in a SQLite file (web_db.h). */
#include "web_db.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <sqlite3.h>

/* "BACW" (boardai Camelot web): tells our files from any other SQLite file. */
#define WEB_DB_APP_ID 0x42414357

struct web_db {
    sqlite3 *h;
    pthread_mutex_t mu; /* one transaction at a time on the one connection */
};

/* The schema, version by version: MIGRATIONS[v] takes a file from version v to v + 1. A later
 * release appends its step; an old file is brought up to date when opened. */
static const char *const MIGRATIONS[WEB_DB_SCHEMA] = {
    "CREATE TABLE games ("
    "  id TEXT PRIMARY KEY,"
    "  ai_side INTEGER NOT NULL CHECK (ai_side BETWEEN -1 AND 1),"
    "  level INTEGER NOT NULL,"
    "  start TEXT NOT NULL,"
    "  result TEXT NOT NULL DEFAULT 'ongoing',"
    "  plies INTEGER NOT NULL DEFAULT 0,"
    "  created INTEGER NOT NULL,"
    "  updated INTEGER NOT NULL,"
    "  change INTEGER NOT NULL DEFAULT 0);" /* orders changes within one second */
    "CREATE INDEX games_by_change ON games (change);"
    "CREATE TABLE moves ("
    "  game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
    "  ply INTEGER NOT NULL,"
    "  text TEXT NOT NULL,"
    "  by_ai INTEGER NOT NULL,"
    "  PRIMARY KEY (game, ply)) WITHOUT ROWID;",
};

/* An error of the connection as WEB_ERR_STORAGE(_FULL) with a message a person understands. */
static int db_fail(web_db *db, int rc, const char *what, ba_error *err)
{
    int code = rc & 0xff;
    const char *msg = db && db->h ? sqlite3_errmsg(db->h) : sqlite3_errstr(rc);
    if (code == SQLITE_FULL)
        return ba_error_set(err, WEB_ERR_STORAGE_FULL,
                            "the game could not be saved: the disk is full (%s)", what);
    if (code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_CANTOPEN)
        return ba_error_set(err, WEB_ERR_STORAGE,
                            "the game could not be saved: the database file is read-only (%s)",
                            what);
    return ba_error_set(err, WEB_ERR_STORAGE, "database error while %s: %s", what, msg);
}

/* Runs SQL without results. */
static int exec(web_db *db, const char *sql, const char *what, ba_error *err)
{
    int rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? BA_OK : db_fail(db, rc, what, err);
}

/* One integer from a query (PRAGMA, COUNT); -1 on failure. */
static long long query_int(web_db *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    long long v = -1;
    if (sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* Checks that the file is ours and brings its schema up to date. */
static int check_and_migrate(web_db *db, const char *path, ba_error *err)
{
    /* quick_check reads every page: a damaged file is refused here, not in the middle of a
     * game. A file that is not SQLite at all fails already at the first read. */
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db->h, "PRAGMA quick_check", -1, &st, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(st);
    const char *verdict = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
    if (rc != SQLITE_ROW || !verdict || strcmp(verdict, "ok") != 0) {
        ba_error_set(err, WEB_ERR_STORAGE,
                     "'%s' is not a usable database (damaged, or not an SQLite file): %s", path,
                     verdict ? verdict : sqlite3_errmsg(db->h));
        sqlite3_finalize(st);
        return WEB_ERR_STORAGE;
    }
    sqlite3_finalize(st);
    long long app = query_int(db, "PRAGMA application_id");
    long long version = query_int(db, "PRAGMA user_version");
    long long tables = query_int(db, "SELECT COUNT(*) FROM sqlite_master");
    if (app < 0 || version < 0 || tables < 0)
        return ba_error_set(err, WEB_ERR_STORAGE, "'%s' cannot be read: %s", path,
                            sqlite3_errmsg(db->h));
    if (app != WEB_DB_APP_ID && !(app == 0 && tables == 0))
        return ba_error_set(err, WEB_ERR_STORAGE,
                            "'%s' belongs to another program (it is not a boardai-camelot-web "
                            "database); give another file with --db",
                            path);
    if (version > WEB_DB_SCHEMA)
        return ba_error_set(err, WEB_ERR_STORAGE,
                            "'%s' was written by a newer release (schema %lld; this one knows up "
                            "to %d)",
                            path, version, WEB_DB_SCHEMA);
    if (version == WEB_DB_SCHEMA)
        return BA_OK;
    /* New file or older schema: every step and the new version in one transaction. */
    if (exec(db, "BEGIN IMMEDIATE", "starting the schema update", err) != BA_OK)
        return WEB_ERR_STORAGE;
    for (long long v = version; v < WEB_DB_SCHEMA; v++)
        if (exec(db, MIGRATIONS[v], "updating the schema", err) != BA_OK) {
            sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
            return WEB_ERR_STORAGE;
        }
    char sql[128];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d; PRAGMA user_version = %d",
             WEB_DB_APP_ID, WEB_DB_SCHEMA);
    if (exec(db, sql, "marking the schema", err) != BA_OK ||
        exec(db, "COMMIT", "saving the schema", err) != BA_OK) {
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
        return WEB_ERR_STORAGE;
    }
    return BA_OK;
}

int web_db_open(const char *path, web_db **out, ba_error *err)
{
    web_db *db = calloc(1, sizeof *db);
    if (!db)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int rc = sqlite3_open_v2(path, &db->h,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                             NULL);
    if (rc != SQLITE_OK) {
        ba_error_set(err, WEB_ERR_STORAGE, "cannot open the database '%s': %s", path,
                     db->h ? sqlite3_errmsg(db->h) : sqlite3_errstr(rc));
        sqlite3_close(db->h);
        free(db);
        return WEB_ERR_STORAGE;
    }
    pthread_mutex_init(&db->mu, NULL);
    sqlite3_busy_timeout(db->h, 5000);
    /* WAL + FULL: a COMMIT is on the disk when it returns, and readers never block the
     * writer. Foreign keys make a game's moves go with it. */
    if (check_and_migrate(db, path, err) != BA_OK ||
        exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
                 "PRAGMA foreign_keys = ON",
             "setting up the database", err) != BA_OK) {
        web_db_close(db);
        return WEB_ERR_STORAGE;
    }
    *out = db;
    return BA_OK;
}

void web_db_close(web_db *db)
{
    if (!db)
        return;
    sqlite3_close(db->h);
    pthread_mutex_destroy(&db->mu);
    free(db);
}

int web_db_make_dirs(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        errno = ENAMETOOLONG;
        return -1;
    }
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(dir, 0700) != 0 && errno != EEXIST ? -1 : 0;
}

int web_db_default_path(char *buf, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, cap, "%s/boardai/camelot-web.sqlite", xdg);
    else if (home && home[0])
        n = snprintf(buf, cap, "%s/.local/share/boardai/camelot-web.sqlite", home);
    else
        return -1;
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* ---- writes: each one a transaction ---- */

/* A prepared statement with its text arguments bound in order ('s' text, 'i' int, 'z' size). */
static int run(web_db *db, const char *sql, const char *what, ba_error *err, const char *types,
               ...)
{
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db->h, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return db_fail(db, rc, what, err);
    va_list ap;
    va_start(ap, types);
    for (int i = 0; types[i]; i++) {
        if (types[i] == 's')
            sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1, SQLITE_TRANSIENT);
        else if (types[i] == 'i')
            sqlite3_bind_int(st, i + 1, va_arg(ap, int));
        else
            sqlite3_bind_int64(st, i + 1, (sqlite3_int64)va_arg(ap, size_t));
    }
    va_end(ap);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? BA_OK : db_fail(db, rc, what, err);
}

static int begin(web_db *db, const char *what, ba_error *err)
{
    pthread_mutex_lock(&db->mu);
    int rc = exec(db, "BEGIN IMMEDIATE", what, err);
    if (rc != BA_OK)
        pthread_mutex_unlock(&db->mu);
    return rc;
}

/* Commits when @p rc is BA_OK, else rolls back; the write is on the disk when BA_OK returns. */
static int finish(web_db *db, int rc, const char *what, ba_error *err)
{
    if (rc == BA_OK)
        rc = exec(db, "COMMIT", what, err);
    if (rc != BA_OK)
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&db->mu);
    return rc;
}

/* The game's row must exist: a write to a missing game is a caller's bug, not a silent no-op. */
static int touch(web_db *db, const char *id, const char *result, size_t plies, const char *what,
                 ba_error *err)
{
    int rc = run(db,
                 "UPDATE games SET result = ?, plies = ?, updated = strftime('%s', 'now'), "
                 "change = (SELECT COALESCE(MAX(change), 0) + 1 FROM games) WHERE id = ?",
                 what, err, "szs", result, plies, id);
    if (rc == BA_OK && sqlite3_changes(db->h) != 1)
        rc = ba_error_set(err, WEB_ERR_NO_GAME, "game '%s' is not in the database", id);
    return rc;
}

/* Inserts the moves of a game, numbered from 0. */
static int insert_moves(web_db *db, const char *id, const web_db_move *moves, size_t n,
                        const char *what, ba_error *err)
{
    int rc = BA_OK;
    for (size_t i = 0; rc == BA_OK && i < n; i++)
        rc = run(db, "INSERT INTO moves (game, ply, text, by_ai) VALUES (?, ?, ?, ?)", what, err,
                 "szsi", id, i, moves[i].text, moves[i].by_ai);
    return rc;
}

int web_db_create(web_db *db, const char *id, int ai_side, int level, const char *start,
                  const web_db_move *moves, size_t n_moves, const char *result, ba_error *err)
{
    const char *what = "saving a new game";
    int rc = begin(db, what, err);
    if (rc != BA_OK)
        return rc;
    rc = run(db,
             "INSERT INTO games (id, ai_side, level, start, result, plies, created, updated, "
             "change) VALUES (?, ?, ?, ?, ?, ?, strftime('%s', 'now'), strftime('%s', 'now'), "
             "(SELECT COALESCE(MAX(change), 0) + 1 FROM games))",
             what, err, "siissz", id, ai_side, level, start, result, n_moves);
    if (rc == BA_OK)
        rc = insert_moves(db, id, moves, n_moves, what, err);
    return finish(db, rc, what, err);
}

int web_db_push(web_db *db, const char *id, size_t ply, const char *text, int by_ai,
                const char *result, ba_error *err)
{
    const char *what = "saving a move";
    int rc = begin(db, what, err);
    if (rc != BA_OK)
        return rc;
    rc = run(db, "INSERT INTO moves (game, ply, text, by_ai) VALUES (?, ?, ?, ?)", what, err,
             "szsi", id, ply, text, by_ai);
    if (rc == BA_OK)
        rc = touch(db, id, result, ply + 1, what, err);
    return finish(db, rc, what, err);
}

int web_db_truncate(web_db *db, const char *id, size_t plies, const char *result,
                    ba_error *err)
{
    const char *what = "taking moves back";
    int rc = begin(db, what, err);
    if (rc != BA_OK)
        return rc;
    rc = run(db, "DELETE FROM moves WHERE game = ? AND ply >= ?", what, err, "sz", id, plies);
    if (rc == BA_OK)
        rc = touch(db, id, result, plies, what, err);
    return finish(db, rc, what, err);
}

int web_db_reset(web_db *db, const char *id, const char *start, const web_db_move *moves,
                 size_t n_moves, const char *result, ba_error *err)
{
    const char *what = "saving the game's new start";
    int rc = begin(db, what, err);
    if (rc != BA_OK)
        return rc;
    rc = run(db, "DELETE FROM moves WHERE game = ?", what, err, "s", id);
    if (rc == BA_OK)
        rc = run(db, "UPDATE games SET start = ? WHERE id = ?", what, err, "ss", start, id);
    if (rc == BA_OK)
        rc = insert_moves(db, id, moves, n_moves, what, err);
    if (rc == BA_OK)
        rc = touch(db, id, result, n_moves, what, err);
    return finish(db, rc, what, err);
}

int web_db_configure(web_db *db, const char *id, int ai_side, int level, ba_error *err)
{
    const char *what = "saving the settings";
    int rc = begin(db, what, err);
    if (rc != BA_OK)
        return rc;
    rc = run(db, "UPDATE games SET ai_side = ?, level = ? WHERE id = ?", what, err, "iis",
             ai_side, level, id);
    if (rc == BA_OK && sqlite3_changes(db->h) != 1)
        rc = ba_error_set(err, WEB_ERR_NO_GAME, "game '%s' is not in the database", id);
    return finish(db, rc, what, err);
}

int web_db_limit_pages(web_db *db, int extra_pages, ba_error *err)
{
    pthread_mutex_lock(&db->mu);
    long long pages = query_int(db, "PRAGMA page_count");
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA max_page_count = %lld", pages + extra_pages);
    int rc = pages < 0 ? ba_error_set(err, WEB_ERR_STORAGE, "cannot read the page count")
                       : exec(db, sql, "limiting the file", err);
    pthread_mutex_unlock(&db->mu);
    return rc;
}

int web_db_refuse_writes(web_db *db, ba_error *err)
{
    pthread_mutex_lock(&db->mu);
    int rc = exec(db, "PRAGMA query_only = ON", "making the file read-only", err);
    pthread_mutex_unlock(&db->mu);
    return rc;
}

/* ---- reads ---- */

int web_db_load(web_db *db, const char *id, web_db_game *out, ba_error *err)
{
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&db->mu);
    const char *what = "reading a game";
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db->h, "SELECT ai_side, level, start FROM games WHERE id = ?",
                                -1, &st, NULL);
    int status = BA_OK;
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(st);
    }
    if (rc == SQLITE_ROW) {
        out->ai_side = sqlite3_column_int(st, 0);
        out->level = sqlite3_column_int(st, 1);
        const unsigned char *start = sqlite3_column_text(st, 2);
        snprintf(out->start, sizeof out->start, "%s", start ? (const char *)start : "");
    } else if (rc == SQLITE_DONE) {
        status = ba_error_set(err, WEB_ERR_NO_GAME, "no game '%.32s' in the database", id);
    } else {
        status = db_fail(db, rc, what, err);
    }
    sqlite3_finalize(st);
    st = NULL;
    if (status == BA_OK) {
        rc = sqlite3_prepare_v2(db->h,
                                "SELECT text, by_ai FROM moves WHERE game = ? ORDER BY ply", -1,
                                &st, NULL);
        if (rc == SQLITE_OK)
            sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
        size_t cap = 0;
        while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
            if (out->n_moves == cap) {
                cap = cap ? cap * 2 : 64;
                web_db_move *m = realloc(out->moves, cap * sizeof *m);
                if (!m) {
                    status = ba_error_set(err, BA_ERR_NOMEM, "out of memory");
                    break;
                }
                out->moves = m;
            }
            const unsigned char *text = sqlite3_column_text(st, 0);
            web_db_move *m = &out->moves[out->n_moves++];
            snprintf(m->text, sizeof m->text, "%s", text ? (const char *)text : "");
            m->by_ai = sqlite3_column_int(st, 1) != 0;
            rc = SQLITE_OK;
        }
        if (status == BA_OK && rc != SQLITE_DONE)
            status = db_fail(db, rc, what, err);
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&db->mu);
    if (status != BA_OK)
        web_db_game_free(out);
    return status;
}

void web_db_game_free(web_db_game *g)
{
    free(g->moves);
    g->moves = NULL;
    g->n_moves = 0;
}

int web_db_dates(web_db *db, const char *id, char created[24], char updated[24], ba_error *err)
{
    pthread_mutex_lock(&db->mu);
    sqlite3_stmt *st = NULL;
    int rc = sqlite3_prepare_v2(db->h,
                                "SELECT datetime(created, 'unixepoch'), "
                                "datetime(updated, 'unixepoch') FROM games WHERE id = ?",
                                -1, &st, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, id, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(st);
    }
    int status = BA_OK;
    if (rc == SQLITE_ROW) {
        const unsigned char *c = sqlite3_column_text(st, 0), *u = sqlite3_column_text(st, 1);
        snprintf(created, 24, "%s", c ? (const char *)c : "");
        snprintf(updated, 24, "%s", u ? (const char *)u : "");
    } else if (rc == SQLITE_DONE) {
        status = ba_error_set(err, WEB_ERR_NO_GAME, "no game '%.32s' in the database", id);
    } else {
        status = db_fail(db, rc, "reading a game's dates", err);
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&db->mu);
    return status;
}

json_t *web_db_list(web_db *db, int limit, ba_error *err)
{
    static const char *const SIDES[] = {"none", "white", "black"};
    pthread_mutex_lock(&db->mu);
    sqlite3_stmt *st = NULL;
    json_t *list = json_array();
    int rc = sqlite3_prepare_v2(db->h,
                                "SELECT id, ai_side, level, result, plies, "
                                "datetime(created, 'unixepoch'), datetime(updated, 'unixepoch') "
                                "FROM games ORDER BY change DESC LIMIT ?",
                                -1, &st, NULL);
    if (rc == SQLITE_OK)
        sqlite3_bind_int(st, 1, limit);
    while (rc == SQLITE_OK && list && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        int side = sqlite3_column_int(st, 1);
        json_t *g = json_object();
        json_object_set_new(g, "game", json_string((const char *)sqlite3_column_text(st, 0)));
        json_object_set_new(g, "ai", json_string(SIDES[side >= -1 && side <= 1 ? side + 1 : 0]));
        json_object_set_new(g, "level", json_integer(sqlite3_column_int(st, 2)));
        /* The players, as the record names them. */
        char ai[32];
        snprintf(ai, sizeof ai, "AI level %d", sqlite3_column_int(st, 2));
        json_object_set_new(g, "white", json_string(side == 0 ? ai : "Player"));
        json_object_set_new(g, "black", json_string(side == 1 ? ai : "Player"));
        json_object_set_new(g, "result", json_string((const char *)sqlite3_column_text(st, 3)));
        json_object_set_new(g, "moves", json_integer(sqlite3_column_int(st, 4)));
        json_object_set_new(g, "created", json_string((const char *)sqlite3_column_text(st, 5)));
        json_object_set_new(g, "updated", json_string((const char *)sqlite3_column_text(st, 6)));
        json_array_append_new(list, g);
        rc = SQLITE_OK;
    }
    if (rc != SQLITE_DONE) {
        db_fail(db, rc, "listing the games", err);
        json_decref(list);
        list = NULL;
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&db->mu);
    return list;
}
