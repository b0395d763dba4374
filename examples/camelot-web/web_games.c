/* examples/camelot-web/web_games.c: the games of a server and their AI workers (web_games.h). */
#include "web_games.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_board.h"
#include "web_game_impl.h"

/* Transposition table of each game's engine (made on the first AI move). */
#define WEB_TT_MB 16

web_level web_level_get(int level)
{
    ba_camelot_level_info info;
    level = level < 1 ? 1 : level > WEB_LEVELS ? WEB_LEVELS : level;
    web_level lv = {"?", 0, 0, 0};
    if (ba_camelot_level(level, &info) == BA_OK) {
        lv.name = info.name;
        lv.depth = info.max_depth;
        lv.time_ms = (int)info.time_ms;
        lv.noise = info.eval_noise;
    }
    return lv;
}

const char *web_result_name(int result)
{
    static const char *const RESULTS[] = {"ongoing", "white", "black", "draw"};
    return result >= 0 && result <= 3 ? RESULTS[result] : "ongoing";
}

static int record_push(web_game *g, const char *text, int by_ai);

/* ---- store ---- */

web_store *web_store_new(const ba_game *game, web_db *db, size_t max_games)
{
    if (!game || !db || max_games == 0)
        return NULL;
    web_store *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->games = calloc(max_games, sizeof *s->games);
    if (!s->games) {
        free(s);
        return NULL;
    }
    s->game = game;
    s->db = db;
    s->max = max_games;
    pthread_mutex_init(&s->mu, NULL);
    return s;
}

static void game_free(web_game *g)
{
    if (!g)
        return;
    web_game_stop_ai(g, 0);
    pthread_mutex_destroy(&g->mu);
    pthread_cond_destroy(&g->idle);
    ba_engine_free(g->engine);
    ba_pos_free(g->pos);
    free(g->record);
    free(g);
}

void web_store_free(web_store *store)
{
    if (!store)
        return;
    for (size_t i = 0; i < store->count; i++)
        game_free(store->games[i]);
    pthread_mutex_destroy(&store->mu);
    free(store->games);
    free(store);
}

void web_store_lock(web_store *store) { pthread_mutex_lock(&store->mu); }
void web_store_unlock(web_store *store) { pthread_mutex_unlock(&store->mu); }
size_t web_store_count(const web_store *store) { return store->count; }
web_db *web_store_db(const web_store *store) { return store->db; }
const char *web_game_id(const web_game *game) { return game->id; }

/* 64 unpredictable bits for an id: /dev/urandom, mixed with a counter and the clock. */
static void make_id(web_store *s, char out[WEB_GAME_ID_SIZE])
{
    uint64_t r = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&r, sizeof r, 1, f) != 1)
            r = 0;
        fclose(f);
    }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    r ^= (uint64_t)ts.tv_nsec * 0x9E3779B97F4A7C15ull ^ ++s->id_counter * 0xBF58476D1CE4E5B9ull;
    snprintf(out, WEB_GAME_ID_SIZE, "%016llx", (unsigned long long)r);
}

/* The game with this id among those in memory, or NULL. */
static web_game *in_memory(web_store *store, const char *id)
{
    for (size_t i = 0; i < store->count; i++)
        if (strcmp(store->games[i]->id, id) == 0) {
            store->games[i]->last_used = ++store->uses;
            return store->games[i];
        }
    return NULL;
}

/* Drops the game idle for longest from memory (it stays in the database); none when all of
 * them are searching. */
static int evict_one(web_store *s)
{
    size_t victim = s->count;
    for (size_t i = 0; i < s->count; i++) {
        web_game *g = s->games[i];
        pthread_mutex_lock(&g->mu);
        int busy = g->thinking;
        pthread_mutex_unlock(&g->mu);
        if (!busy && (victim == s->count || g->last_used < s->games[victim]->last_used))
            victim = i;
    }
    if (victim == s->count)
        return -1;
    game_free(s->games[victim]);
    s->games[victim] = s->games[--s->count];
    return 0;
}

/* A game object with an empty record at the game's start; not yet in the store. */
static int game_alloc(web_store *store, const char *id, int ai_side, int level, web_game **out,
                      ba_error *err)
{
    web_game *g = calloc(1, sizeof *g);
    if (!g || ba_pos_new(store->game, &g->pos) != BA_OK) {
        free(g);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    pthread_mutex_init(&g->mu, NULL);
    pthread_cond_init(&g->idle, NULL);
    g->store = store;
    snprintf(g->id, sizeof g->id, "%s", id);
    g->ai_side = ai_side;
    g->level = level < 1 || level > WEB_LEVELS ? WEB_LEVEL_DEFAULT : level;
    g->seq = 1;
    if (ba_pos_text(g->pos, g->start, sizeof g->start) < 0) {
        game_free(g);
        return ba_error_set(err, BA_ERR_INTERNAL, "cannot write the start position");
    }
    *out = g;
    return BA_OK;
}

/* Room for one more game in memory. */
static int make_room(web_store *store, ba_error *err)
{
    if (store->count == store->max && evict_one(store) != 0)
        return ba_error_set(err, BA_ERR_STATE, "too many games are searching; try again later");
    return BA_OK;
}

static void add_to_memory(web_store *store, web_game *g)
{
    g->last_used = ++store->uses;
    store->games[store->count++] = g;
}

/* Plays the record's moves (texts) on the game's position; the game was just allocated. */
static int replay_moves(web_game *g, const web_db_move *moves, size_t n, ba_error *err)
{
    for (size_t i = 0; i < n; i++) {
        ba_move m;
        ba_error e;
        ba_error_clear(&e);
        if (ba_pos_parse_move(g->pos, moves[i].text, &m, &e) != BA_OK ||
            ba_pos_play(g->pos, &m, &e) != BA_OK)
            return ba_error_set(err, WEB_ERR_STORAGE,
                                "the saved game '%s' does not replay at move %zu (%s): %s", g->id,
                                i + 1, moves[i].text, e.message);
        if (record_push(g, moves[i].text, moves[i].by_ai) != BA_OK)
            return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    return BA_OK;
}

/* Ids are 16 lower-case hex digits: anything else is not looked up in the file. */
static int is_id(const char *id)
{
    size_t n = strlen(id);
    if (n != WEB_GAME_ID_SIZE - 1)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!strchr("0123456789abcdef", id[i]))
            return 0;
    return 1;
}

int web_store_get(web_store *store, const char *id, web_game **out, ba_error *err)
{
    web_game *g = in_memory(store, id);
    if (g) {
        *out = g;
        return BA_OK;
    }
    if (!is_id(id))
        return ba_error_set(err, WEB_ERR_NO_GAME, "no game '%.32s'", id);
    /* Evicted (or the server restarted): memory is only a cache of the file. */
    web_db_game saved;
    int rc = web_db_load(store->db, id, &saved, err);
    if (rc != BA_OK)
        return rc;
    rc = make_room(store, err);
    if (rc == BA_OK)
        rc = game_alloc(store, id, saved.ai_side, saved.level, &g, err);
    if (rc == BA_OK) {
        ba_error e;
        ba_error_clear(&e);
        if (ba_pos_set_text(g->pos, saved.start, &e) != BA_OK)
            rc = ba_error_set(err, WEB_ERR_STORAGE,
                              "the saved game '%s' has a bad start position: %s", id, e.message);
        else
            snprintf(g->start, sizeof g->start, "%s", saved.start);
    }
    if (rc == BA_OK)
        rc = replay_moves(g, saved.moves, saved.n_moves, err);
    web_db_game_free(&saved);
    if (rc != BA_OK) {
        game_free(g);
        return rc;
    }
    g->paused = 1; /* no search runs after a reload: the page offers "AI move" */
    add_to_memory(store, g);
    *out = g;
    return BA_OK;
}

web_game *web_store_find(web_store *store, const char *id)
{
    web_game *g = NULL;
    ba_error err;
    return web_store_get(store, id, &g, &err) == BA_OK ? g : NULL;
}

int web_store_create(web_store *store, int ai_side, int level, web_game **out, ba_error *err)
{
    int rc = make_room(store, err);
    if (rc != BA_OK)
        return rc;
    char id[WEB_GAME_ID_SIZE];
    do /* ids are random: a repeat is next to impossible, but would mix two games up */
        make_id(store, id);
    while (in_memory(store, id));
    web_game *g = NULL;
    rc = game_alloc(store, id, ai_side, level, &g, err);
    if (rc != BA_OK)
        return rc;
    rc = web_db_create(store->db, g->id, g->ai_side, g->level, g->start, NULL, 0, "ongoing",
                       err);
    if (rc != BA_OK) {
        game_free(g);
        return rc;
    }
    add_to_memory(store, g);
    *out = g;
    return BA_OK;
}

int web_store_import(web_store *store, const char *start, const ba_pos *final, int ai_side,
                     int level, web_game **out, ba_error *err)
{
    int rc = make_room(store, err);
    if (rc != BA_OK)
        return rc;
    char id[WEB_GAME_ID_SIZE];
    do
        make_id(store, id);
    while (in_memory(store, id));
    web_game *g = NULL;
    rc = game_alloc(store, id, ai_side, level, &g, err);
    if (rc != BA_OK)
        return rc;
    ba_error e;
    ba_error_clear(&e);
    rc = ba_pos_set_text(g->pos, start, &e);
    if (rc != BA_OK)
        rc = ba_error_set(err, BA_ERR_PARSE, "the start position: %s", e.message);
    else
        snprintf(g->start, sizeof g->start, "%s", start);
    /* The moves as the library writes them, each from its own position. */
    size_t n = ba_pos_ply(final);
    web_db_move *moves = calloc(n ? n : 1, sizeof *moves);
    if (!moves && rc == BA_OK)
        rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    for (size_t i = 0; rc == BA_OK && i < n; i++) {
        ba_move m;
        if (ba_pos_move_at(final, i, &m) != BA_OK ||
            ba_pos_move_text(g->pos, &m, moves[i].text, sizeof moves[i].text) < 0 ||
            ba_pos_play(g->pos, &m, &e) != BA_OK ||
            record_push(g, moves[i].text, 0) != BA_OK)
            rc = ba_error_set(err, BA_ERR_INTERNAL, "move %zu of the record cannot be replayed",
                              i + 1);
    }
    if (rc == BA_OK)
        rc = web_db_create(store->db, g->id, g->ai_side, g->level, g->start, moves, n,
                           web_result_name(ba_pos_result(g->pos)), err);
    free(moves);
    if (rc != BA_OK) {
        game_free(g);
        return rc;
    }
    g->paused = 1;
    add_to_memory(store, g);
    *out = g;
    return BA_OK;
}

/* ---- the game record ---- */

static int record_push(web_game *g, const char *text, int by_ai)
{
    if (g->record_len == g->record_cap) {
        size_t cap = g->record_cap ? g->record_cap * 2 : 64;
        web_record *r = realloc(g->record, cap * sizeof *r);
        if (!r)
            return BA_ERR_NOMEM;
        g->record = r;
        g->record_cap = cap;
    }
    snprintf(g->record[g->record_len].text, BA_MOVE_TEXT_MAX, "%s", text);
    g->record[g->record_len].by_ai = by_ai;
    g->record_len++;
    return BA_OK;
}

/* Plays a legal move, records its text and commits it to the database; on a failed write the
 * game is left as it was. Caller holds g->mu. */
static int play_locked(web_game *g, const ba_move *m, int by_ai, ba_error *err)
{
    char text[BA_MOVE_TEXT_MAX];
    int n = ba_pos_move_text(g->pos, m, text, sizeof text);
    if (n < 0)
        return ba_error_set(err, n, "cannot write the move: %s", ba_errstr(n));
    if (record_push(g, text, by_ai) != BA_OK)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int rc = ba_pos_play(g->pos, m, err);
    if (rc == BA_OK) {
        rc = web_db_push(g->store->db, g->id, g->record_len - 1, text, by_ai,
                         web_result_name(ba_pos_result(g->pos)), err);
        if (rc != BA_OK)
            ba_pos_undo(g->pos);
    }
    if (rc != BA_OK) {
        g->record_len--;
        return rc;
    }
    g->hint[0] = g->hint_exact[0] = '\0';
    g->seq++;
    return BA_OK;
}

/* ---- moves from the page ---- */

int web_game_play(web_game *g, const char *text, const char *const *path, size_t path_len,
                  ba_error *err)
{
    char buf[BA_MOVE_TEXT_MAX * 2];
    pthread_mutex_lock(&g->mu);
    int rc = BA_OK;
    if (g->thinking) {
        rc = ba_error_set(err, BA_ERR_STATE, "the AI is thinking: wait or stop it");
        goto done;
    }
    if (path_len > 0) {
        /* Clicked squares become WCF text; the library decides whether it is a legal move. */
        web_square sq[WEB_PATH_MAX];
        if (path_len > WEB_PATH_MAX) {
            rc = ba_error_set(err, BA_ERR_PARSE, "a path has at most %d squares", WEB_PATH_MAX);
            goto done;
        }
        for (size_t i = 0; i < path_len; i++)
            if (web_square_parse(path[i], &sq[i]) != 0) {
                rc = ba_error_set(err, BA_ERR_PARSE, "'%.8s' is not a square of the board",
                                  path[i]);
                goto done;
            }
        if (path_len == 1) {
            rc = ba_error_set(err, BA_ERR_PARSE, "a move needs a start and a landing square");
            goto done;
        }
        char pt[BA_POS_TEXT_MAX];
        web_board board;
        if (ba_pos_text(g->pos, pt, sizeof pt) < 0 || web_board_parse(pt, &board) != 0 ||
            web_path_to_text(&board, sq, (int)path_len, buf, sizeof buf) != 0) {
            rc = ba_error_set(err, BA_ERR_PARSE, "the path does not make a move text");
            goto done;
        }
        text = buf;
    }
    ba_move m;
    rc = ba_pos_parse_move(g->pos, text, &m, err);
    if (rc == BA_OK && ba_pos_result(g->pos) != BA_RESULT_ONGOING)
        rc = ba_error_set(err, BA_ERR_STATE, "the game is over");
    if (rc == BA_OK)
        rc = play_locked(g, &m, 0, err);
    if (rc == BA_OK)
        g->paused = 0;
done:
    pthread_mutex_unlock(&g->mu);
    return rc;
}

/* ---- the AI ---- */

static void on_progress(void *user, const ba_progress *p)
{
    web_game *g = user;
    pthread_mutex_lock(&g->mu);
    g->ai_depth = p->depth;
    g->ai_score = p->score;
    g->ai_nodes = p->nodes;
    g->ai_time_ms = p->time_ms;
    g->seq++;
    pthread_mutex_unlock(&g->mu);
}

static void *ai_worker(void *arg)
{
    web_game *g = arg;
    ba_search_result *res = malloc(sizeof *res);
    int rc = res ? ba_engine_search(g->engine, g->search_pos, res) : BA_ERR_NOMEM;
    pthread_mutex_lock(&g->mu);
    if (rc != BA_OK) {
        snprintf(g->ai_error, sizeof g->ai_error, "the search failed: %s", ba_errstr(rc));
    } else if (!g->discard) {
        ba_error err;
        g->ai_depth = res->depth;
        g->ai_score = res->score;
        g->ai_nodes = res->nodes;
        g->ai_time_ms = res->time_ms;
        if (play_locked(g, &res->best, 1, &err) != BA_OK)
            snprintf(g->ai_error, sizeof g->ai_error, "%s", err.message);
    }
    ba_pos_free(g->search_pos);
    g->search_pos = NULL;
    g->thinking = 0;
    g->seq++;
    pthread_cond_broadcast(&g->idle);
    pthread_mutex_unlock(&g->mu);
    free(res);
    return NULL;
}

/* Joins a worker that has finished (or been told to). Only the HTTP side calls it. */
static void join_worker(web_game *g)
{
    if (g->thread_live) {
        pthread_join(g->thread, NULL);
        g->thread_live = 0;
    }
}

void web_game_stop_ai(web_game *g, int play_best)
{
    pthread_mutex_lock(&g->mu);
    if (g->thinking && !play_best) {
        g->discard = 1;
        g->paused = 1; /* a reload must not start it again */
        g->seq++;
    }
    /* A stop that arrives before the worker has entered ba_engine_search() finds the engine
     * idle and is lost, so it is repeated until the worker reports that it has finished. */
    for (int tries = 0; g->thinking && g->engine && tries < 100000; tries++) {
        pthread_mutex_unlock(&g->mu);
        ba_engine_stop(g->engine);
        pthread_mutex_lock(&g->mu);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 10 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        if (g->thinking)
            pthread_cond_timedwait(&g->idle, &g->mu, &until);
    }
    pthread_mutex_unlock(&g->mu);
    join_worker(g);
}

int web_game_start_ai(web_game *g, int level, ba_error *err)
{
    if (level < 0 || level > WEB_LEVELS)
        return ba_error_set(err, BA_ERR_RANGE, "level must be 1..%d", WEB_LEVELS);
    pthread_mutex_lock(&g->mu);
    int thinking = g->thinking;
    pthread_mutex_unlock(&g->mu);
    if (thinking)
        return ba_error_set(err, BA_ERR_STATE, "the AI is already thinking");
    join_worker(g); /* the previous worker has ended: reap it */
    if (ba_pos_result(g->pos) != BA_RESULT_ONGOING)
        return ba_error_set(err, BA_ERR_STATE, "the game is over");
    if (level > 0)
        g->level = level;
    if (!g->engine) {
        if (ba_engine_new(ba_pos_game(g->pos), &g->engine) != BA_OK)
            return ba_error_set(err, BA_ERR_NOMEM, "out of memory for the engine");
        ba_engine_set(g->engine, BA_OPT_TT_MB, WEB_TT_MB);
        ba_engine_set_progress(g->engine, on_progress, g);
    }
    ba_camelot_level_configure(g->engine, g->level < 1 ? 1 : g->level);
    if (ba_pos_clone(g->pos, &g->search_pos) != BA_OK)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory for the search");
    pthread_mutex_lock(&g->mu);
    g->thinking = 1;
    g->discard = 0;
    g->paused = 0;
    g->ai_searched = ba_pos_side_to_move(g->pos);
    g->ai_depth = 0;
    g->ai_score = 0;
    g->ai_nodes = 0;
    g->ai_time_ms = 0;
    g->ai_error[0] = '\0';
    g->seq++;
    pthread_mutex_unlock(&g->mu);
    if (pthread_create(&g->thread, NULL, ai_worker, g) != 0) {
        pthread_mutex_lock(&g->mu);
        g->thinking = 0;
        ba_pos_free(g->search_pos);
        g->search_pos = NULL;
        pthread_mutex_unlock(&g->mu);
        return ba_error_set(err, BA_ERR_NOMEM, "cannot start the AI thread");
    }
    g->thread_live = 1;
    return BA_OK;
}

/* Hints search briefly: a player waits for them, and the store is locked meanwhile. */
#define WEB_HINT_LEVEL 3
#define WEB_HINT_TT_MB 4

int web_game_hint(web_game *g, char *buf, ba_error *err)
{
    pthread_mutex_lock(&g->mu);
    int busy = g->thinking, over = ba_pos_result(g->pos) != BA_RESULT_ONGOING;
    ba_pos *copy = NULL;
    int rc = busy ? ba_error_set(err, BA_ERR_STATE, "the AI is thinking: no hint now")
           : over ? ba_error_set(err, BA_ERR_STATE, "the game is over")
           : ba_pos_clone(g->pos, &copy) != BA_OK ? ba_error_set(err, BA_ERR_NOMEM, "out of memory")
                                                  : BA_OK;
    pthread_mutex_unlock(&g->mu);
    if (rc != BA_OK)
        return rc;
    /* A private engine on a private copy: the game's own engine may be needed by "AI move". */
    ba_engine *e = NULL;
    ba_search_result *res = malloc(sizeof *res);
    const int hint_level = g->level < 1 ? 1 : g->level < WEB_HINT_LEVEL ? g->level : WEB_HINT_LEVEL;
    if (!res || ba_engine_new(ba_pos_game(copy), &e) != BA_OK) {
        rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory for the hint");
    } else {
        ba_engine_set(e, BA_OPT_TT_MB, WEB_HINT_TT_MB);
        ba_camelot_level_configure(e, hint_level);
        ba_engine_set(e, BA_OPT_NOISE, 0); /* a hint is the engine's honest best */
        rc = ba_engine_search(e, copy, res);
        if (rc != BA_OK)
            rc = ba_error_set(err, rc, "the hint's search failed: %s", ba_errstr(rc));
        else if (ba_pos_move_text(copy, &res->best, buf, BA_MOVE_TEXT_MAX) < 0)
            rc = ba_error_set(err, BA_ERR_INTERNAL, "cannot write the hint");
    }
    /* With endgame tables attached (--egtb), the position's exact result goes with the move. */
    char exact[sizeof g->hint_exact] = "";
    const ba_camelot_egtb *tb = ba_camelot_egtb_attached(ba_pos_game(copy));
    ba_camelot_egtb_result er;
    if (rc == BA_OK && tb != NULL &&
        ba_camelot_egtb_probe(tb, ba_pos_game(copy), ba_pos_state(copy), &er, NULL) == BA_OK) {
        if (er.result == BA_RESULT_DRAW)
            snprintf(exact, sizeof exact, "a draw with best play");
        else
            snprintf(exact, sizeof exact, "%s wins in %d %s",
                     ba_result_winner(er.result) == 0 ? "White" : "Black", er.plies,
                     er.plies == 1 ? "ply" : "plies");
    }
    if (rc == BA_OK) {
        pthread_mutex_lock(&g->mu);
        snprintf(g->hint, sizeof g->hint, "%s", buf);
        snprintf(g->hint_exact, sizeof g->hint_exact, "%s", exact);
        g->seq++;
        pthread_mutex_unlock(&g->mu);
    }
    ba_engine_free(e);
    free(res);
    ba_pos_free(copy);
    return rc;
}

int web_game_undo(web_game *g, int plies, ba_error *err)
{
    web_game_stop_ai(g, 0);
    pthread_mutex_lock(&g->mu);
    int rc = BA_OK;
    size_t before = g->record_len;
    if (before == 0) {
        rc = ba_error_set(err, BA_ERR_STATE, "no move to take back");
    } else {
        for (int i = 0; i < plies && g->record_len > 0; i++) {
            if (ba_pos_undo(g->pos) != BA_OK)
                break;
            g->record_len--;
        }
        rc = web_db_truncate(g->store->db, g->id, g->record_len,
                             web_result_name(ba_pos_result(g->pos)), err);
        if (rc != BA_OK) /* not saved: play the moves again, their texts are still there */
            while (g->record_len < before &&
                   ba_pos_play_text(g->pos, g->record[g->record_len].text, NULL) == BA_OK)
                g->record_len++;
        g->hint[0] = g->hint_exact[0] = '\0';
        g->paused = 1; /* taken back to think: the AI waits for "AI move" */
        g->seq++;
    }
    pthread_mutex_unlock(&g->mu);
    return rc;
}

/* Replaces the game's position by @p pos (taken over) with an empty record, saved first. */
static int reset_to(web_game *g, ba_pos *pos, ba_error *err)
{
    char text[BA_POS_TEXT_MAX];
    if (ba_pos_text(pos, text, sizeof text) < 0) {
        ba_pos_free(pos);
        return ba_error_set(err, BA_ERR_INTERNAL, "cannot write the position");
    }
    pthread_mutex_lock(&g->mu);
    int rc = web_db_reset(g->store->db, g->id, text, NULL, 0,
                          web_result_name(ba_pos_result(pos)), err);
    if (rc == BA_OK) {
        ba_pos_free(g->pos);
        g->pos = pos;
        snprintf(g->start, sizeof g->start, "%s", text);
        g->record_len = 0;
        g->ai_depth = g->ai_score = 0;
        g->ai_nodes = g->ai_time_ms = 0;
        g->ai_error[0] = '\0';
        g->hint[0] = g->hint_exact[0] = '\0';
        g->paused = 0;
        g->seq++;
    } else {
        ba_pos_free(pos);
    }
    pthread_mutex_unlock(&g->mu);
    return rc;
}

int web_game_restart(web_game *g, ba_error *err)
{
    web_game_stop_ai(g, 0);
    ba_pos *fresh = NULL;
    if (ba_pos_new(ba_pos_game(g->pos), &fresh) != BA_OK)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int rc = reset_to(g, fresh, err);
    if (rc == BA_OK && g->engine)
        ba_engine_clear(g->engine);
    return rc;
}

int web_game_set_position(web_game *g, const char *text, ba_error *err)
{
    web_game_stop_ai(g, 0);
    ba_pos *pos = NULL;
    if (ba_pos_new(ba_pos_game(g->pos), &pos) != BA_OK)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int rc = ba_pos_set_text(pos, text, err);
    if (rc != BA_OK) {
        ba_pos_free(pos);
        return rc;
    }
    return reset_to(g, pos, err);
}

int web_game_configure(web_game *g, int ai_side, int level, ba_error *err)
{
    if (ai_side != WEB_SIDE_KEEP && (ai_side < -1 || ai_side > 1))
        return ba_error_set(err, BA_ERR_RANGE, "ai side must be white, black or none");
    if (level < 0 || level > WEB_LEVELS)
        return ba_error_set(err, BA_ERR_RANGE, "level must be 1..%d", WEB_LEVELS);
    pthread_mutex_lock(&g->mu);
    int side = ai_side != WEB_SIDE_KEEP ? ai_side : g->ai_side;
    int lv = level > 0 ? level : g->level;
    int rc = web_db_configure(g->store->db, g->id, side, lv, err);
    if (rc == BA_OK) {
        g->ai_side = side;
        g->level = lv;
        g->paused = 0;
        g->seq++;
    }
    pthread_mutex_unlock(&g->mu);
    return rc;
}
