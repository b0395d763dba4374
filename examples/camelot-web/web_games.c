/* examples/camelot-web/web_games.c: the games of a server and their AI workers (web_games.h). */
#include "web_games.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_board.h"

/* The terminal program's levels (examples/camelot/main.c) with shorter caps: a page is watched. */
typedef struct web_level {
    const char *name;
    int depth;
    int time_ms;
} web_level;

static const web_level LEVELS[WEB_LEVELS] = {
    {"Beginner", 1, 1000},  {"Novice", 2, 3000},  {"Club player", 3, 6000},
    {"Strong", 4, 10000},   {"Expert", 6, 20000}, {"Master", 8, 40000},
};

/* Transposition table of each game's engine (made on the first AI move). */
#define WEB_TT_MB 16

/* One move of the game record: its WCF text and who played it. */
typedef struct web_record {
    char text[BA_MOVE_TEXT_MAX];
    int by_ai;
} web_record;

struct web_game {
    char id[WEB_GAME_ID_SIZE];
    web_store *store;
    pthread_mutex_t mu; /* guards everything below against the AI worker */
    pthread_cond_t idle; /* signalled when the worker stops thinking */
    ba_pos *pos;
    web_record *record;
    size_t record_len, record_cap;
    int ai_side;           /* -1 none, 0, 1 */
    int level;             /* 1..WEB_LEVELS */
    uint64_t last_used;    /* the store's use counter at the last request, for eviction */
    unsigned long seq;     /* bumped at every change, so the page sees news */

    ba_engine *engine;     /* made on first use */
    int thread_live;       /* a worker was started and not yet joined */
    pthread_t thread;
    ba_pos *search_pos;    /* the worker's private copy */
    int thinking;          /* the worker is searching */
    int discard;           /* the worker's result must be thrown away */
    int ai_depth, ai_score;
    uint64_t ai_nodes, ai_time_ms;
    char ai_error[BA_ERROR_MSG_MAX];
};

struct web_store {
    const ba_game *game;
    pthread_mutex_t mu;
    web_game **games;
    size_t count, max;
    uint64_t id_counter;
    uint64_t uses; /* counts requests: orders the games by last use, without clock ties */
};

/* ---- store ---- */

web_store *web_store_new(const ba_game *game, size_t max_games)
{
    if (!game || max_games == 0)
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

web_game *web_store_find(web_store *store, const char *id)
{
    for (size_t i = 0; i < store->count; i++)
        if (strcmp(store->games[i]->id, id) == 0) {
            store->games[i]->last_used = ++store->uses;
            return store->games[i];
        }
    return NULL;
}

/* Drops the game idle for longest; none when all of them are searching. */
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

int web_store_create(web_store *store, int ai_side, int level, web_game **out, ba_error *err)
{
    if (store->count == store->max && evict_one(store) != 0)
        return ba_error_set(err, BA_ERR_STATE, "too many games are searching; try again later");
    web_game *g = calloc(1, sizeof *g);
    if (!g || ba_pos_new(store->game, &g->pos) != BA_OK) {
        free(g);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    pthread_mutex_init(&g->mu, NULL);
    pthread_cond_init(&g->idle, NULL);
    g->store = store;
    do /* ids are random: a repeat is next to impossible, but would mix two games up */
        make_id(store, g->id);
    while (web_store_find(store, g->id));
    g->ai_side = ai_side;
    g->level = level;
    g->last_used = ++store->uses;
    g->seq = 1;
    store->games[store->count++] = g;
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

/* Plays a legal move and records its text. Caller holds g->mu. */
static int play_locked(web_game *g, const ba_move *m, int by_ai, ba_error *err)
{
    char text[BA_MOVE_TEXT_MAX];
    int n = ba_pos_move_text(g->pos, m, text, sizeof text);
    if (n < 0)
        return ba_error_set(err, n, "cannot write the move: %s", ba_errstr(n));
    if (record_push(g, text, by_ai) != BA_OK)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    int rc = ba_pos_play(g->pos, m, err);
    if (rc != BA_OK) {
        g->record_len--;
        return rc;
    }
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
    if (g->thinking && !play_best)
        g->discard = 1;
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
    const web_level *lv = &LEVELS[g->level - 1];
    ba_engine_set(g->engine, BA_OPT_DEPTH, lv->depth);
    ba_engine_set(g->engine, BA_OPT_TIME_MS, lv->time_ms);
    if (ba_pos_clone(g->pos, &g->search_pos) != BA_OK)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory for the search");
    pthread_mutex_lock(&g->mu);
    g->thinking = 1;
    g->discard = 0;
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

int web_game_undo(web_game *g, int plies, ba_error *err)
{
    web_game_stop_ai(g, 0);
    pthread_mutex_lock(&g->mu);
    int rc = BA_OK;
    if (g->record_len == 0) {
        rc = ba_error_set(err, BA_ERR_STATE, "no move to take back");
    } else {
        for (int i = 0; i < plies && g->record_len > 0; i++) {
            if (ba_pos_undo(g->pos) != BA_OK)
                break;
            g->record_len--;
        }
        g->seq++;
    }
    pthread_mutex_unlock(&g->mu);
    return rc;
}

void web_game_restart(web_game *g)
{
    web_game_stop_ai(g, 0);
    pthread_mutex_lock(&g->mu);
    ba_pos_reset(g->pos);
    g->record_len = 0;
    g->ai_depth = g->ai_score = 0;
    g->ai_nodes = g->ai_time_ms = 0;
    g->ai_error[0] = '\0';
    g->seq++;
    pthread_mutex_unlock(&g->mu);
    if (g->engine)
        ba_engine_clear(g->engine);
}

int web_game_set_position(web_game *g, const char *text, ba_error *err)
{
    web_game_stop_ai(g, 0);
    pthread_mutex_lock(&g->mu);
    int rc = ba_pos_set_text(g->pos, text, err);
    if (rc == BA_OK) {
        g->record_len = 0;
        g->ai_error[0] = '\0';
        g->seq++;
    }
    pthread_mutex_unlock(&g->mu);
    return rc;
}

int web_game_configure(web_game *g, int ai_side, int level, ba_error *err)
{
    if (ai_side != WEB_SIDE_KEEP && (ai_side < -1 || ai_side > 1))
        return ba_error_set(err, BA_ERR_RANGE, "ai side must be white, black or none");
    if (level < 0 || level > WEB_LEVELS)
        return ba_error_set(err, BA_ERR_RANGE, "level must be 1..%d", WEB_LEVELS);
    pthread_mutex_lock(&g->mu);
    if (ai_side != WEB_SIDE_KEEP)
        g->ai_side = ai_side;
    if (level > 0)
        g->level = level;
    g->seq++;
    pthread_mutex_unlock(&g->mu);
    return BA_OK;
}

/* ---- the state for the page ---- */

static const char *const SIDE_NAMES[2] = {"white", "black"};
/* ba_move::tag of a Camelot move (docs/camelot-rules.md, "Move identity and encoding"). */
static const char *const KINDS[] = {"move", "plain", "canter", "jump", "charge", "castle"};

/* {"path": [...], "captures": [...]} of a move text; NULL when the text is not a path. */
static json_t *path_json(const char *text, json_t *obj)
{
    web_path p;
    if (web_path_from_text(text, &p) != 0)
        return obj;
    json_t *path = json_array(), *caps = json_array();
    for (int i = 0; i < p.len; i++) {
        char name[4];
        web_square_name(p.sq[i], name);
        json_array_append_new(path, json_string(name));
        if (i > 0 && p.sep[i] == 'x') {
            web_square mid = {(p.sq[i].file + p.sq[i - 1].file) / 2,
                              (p.sq[i].rank + p.sq[i - 1].rank) / 2};
            web_square_name(mid, name);
            json_array_append_new(caps, json_string(name));
        }
    }
    json_object_set_new(obj, "path", path);
    json_object_set_new(obj, "captures", caps);
    return obj;
}

static json_t *score_json(int score)
{
    char buf[64];
    if (score >= BA_SCORE_WIN_MIN)
        snprintf(buf, sizeof buf, "wins in %d", (BA_SCORE_WIN - score + 1) / 2);
    else if (score <= -BA_SCORE_WIN_MIN)
        snprintf(buf, sizeof buf, "loses in %d", (BA_SCORE_WIN + score + 1) / 2);
    else /* hundredths of Nolan's points; a man is worth 100 points */
        snprintf(buf, sizeof buf, "%+.2f", (double)score / 100.0);
    return json_string(buf);
}

json_t *web_game_state(web_game *g)
{
    pthread_mutex_lock(&g->mu);
    json_t *st = json_object();
    char pt[BA_POS_TEXT_MAX];
    web_board board;
    if (ba_pos_text(g->pos, pt, sizeof pt) < 0 || web_board_parse(pt, &board) != 0) {
        pthread_mutex_unlock(&g->mu);
        json_decref(st);
        return NULL;
    }
    json_object_set_new(st, "game", json_string(g->id));
    json_object_set_new(st, "seq", json_integer((json_int_t)g->seq));
    json_object_set_new(st, "position", json_string(pt));

    /* The board: every square and what stands on it. */
    json_t *squares = json_array(), *pieces = json_object();
    for (int r = WEB_RANKS - 1; r >= 0; r--)
        for (int f = 0; f < WEB_FILES; f++) {
            if (!board.cell[r][f])
                continue;
            char name[4];
            web_square_name((web_square){f, r}, name);
            json_array_append_new(squares, json_string(name));
            char c = board.cell[r][f];
            if (c != '.')
                json_object_set_new(pieces, name, json_string((char[2]){c, 0}));
        }
    json_object_set_new(st, "squares", squares);
    json_object_set_new(st, "pieces", pieces);

    int side = ba_pos_side_to_move(g->pos);
    int result = ba_pos_result(g->pos);
    json_object_set_new(st, "to_move", json_string(SIDE_NAMES[side == 1]));
    static const char *const RESULTS[] = {"ongoing", "white", "black", "draw"};
    json_object_set_new(st, "result",
                        json_string(result >= 0 && result <= 3 ? RESULTS[result] : "ongoing"));
    json_t *castles = json_array();
    json_array_append_new(castles, json_integer(board.castle_moves[0]));
    json_array_append_new(castles, json_integer(board.castle_moves[1]));
    json_object_set_new(st, "castle_moves", castles);
    json_object_set_new(st, "must_leave", json_string(board.must_leave));
    json_object_set_new(st, "quiet_plies", json_integer(board.quiet_plies));

    /* The legal moves with their full paths: the page offers nothing else. */
    const ba_game *game = ba_pos_game(g->pos);
    ba_move *moves = malloc(game->max_moves * sizeof *moves);
    int n = moves ? ba_pos_moves(g->pos, moves, game->max_moves) : BA_ERR_NOMEM;
    json_t *legal = json_array();
    int captures = 0;
    for (int i = 0; i < n; i++) {
        char text[BA_MOVE_TEXT_MAX];
        if (ba_pos_move_text(g->pos, &moves[i], text, sizeof text) < 0)
            continue;
        json_t *m = json_object();
        json_object_set_new(m, "text", json_string(text));
        int tag = moves[i].tag;
        json_object_set_new(m, "kind", json_string(tag >= 1 && tag <= 5 ? KINDS[tag] : KINDS[0]));
        captures += (tag == 3 || tag == 4);
        json_array_append_new(legal, path_json(text, m));
    }
    free(moves);
    json_object_set_new(st, "moves", legal);
    /* Only captures offered (the compulsory capture rule is in force). */
    json_object_set_new(st, "capture_compulsory", json_boolean(n > 0 && captures == n));

    json_t *record = json_array();
    for (size_t i = 0; i < g->record_len; i++) {
        json_t *m = json_object();
        json_object_set_new(m, "text", json_string(g->record[i].text));
        json_object_set_new(m, "by", json_string(g->record[i].by_ai ? "ai" : "human"));
        json_array_append_new(record, path_json(g->record[i].text, m));
    }
    json_object_set_new(st, "record", record);
    if (g->record_len > 0) {
        json_t *last = json_object();
        const web_record *r = &g->record[g->record_len - 1];
        json_object_set_new(last, "text", json_string(r->text));
        json_object_set_new(last, "by", json_string(r->by_ai ? "ai" : "human"));
        json_object_set_new(st, "last_move", path_json(r->text, last));
    } else {
        json_object_set_new(st, "last_move", json_null());
    }

    json_t *ai = json_object();
    json_object_set_new(ai, "side", g->ai_side < 0 ? json_null()
                                                   : json_string(SIDE_NAMES[g->ai_side]));
    json_object_set_new(ai, "level", json_integer(g->level));
    json_object_set_new(ai, "level_name", json_string(LEVELS[g->level - 1].name));
    json_object_set_new(ai, "thinking", json_boolean(g->thinking));
    json_object_set_new(ai, "depth", json_integer(g->ai_depth));
    json_object_set_new(ai, "score", json_integer(g->ai_score));
    json_object_set_new(ai, "score_text", score_json(g->ai_score));
    json_object_set_new(ai, "nodes", json_integer((json_int_t)g->ai_nodes));
    json_object_set_new(ai, "time_ms", json_integer((json_int_t)g->ai_time_ms));
    json_object_set_new(ai, "error", g->ai_error[0] ? json_string(g->ai_error) : json_null());
    json_object_set_new(st, "ai", ai);
    json_t *levels = json_array();
    for (int i = 0; i < WEB_LEVELS; i++)
        json_array_append_new(levels, json_string(LEVELS[i].name));
    json_object_set_new(st, "levels", levels);
    pthread_mutex_unlock(&g->mu);
    return st;
}
