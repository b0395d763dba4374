/*
 * examples/camelot-web/web_game_impl.h: the insides of a game and of the store, shared by the
 * files that implement web_games.h (web_games.c: games, AI, saving; web_state.c: the state
 * JSON; web_record.c: records in and out). Nothing else includes it.
 */
#ifndef BOARDAI_CAMELOT_WEB_GAME_IMPL_H
#define BOARDAI_CAMELOT_WEB_GAME_IMPL_H

#include <pthread.h>

#include "web_db.h"
#include "web_games.h"

/* One AI level: the library's definition (ba_camelot_level), the one table of them. */
typedef struct web_level {
    const char *name;
    int depth;   /* depth cap in plies, 0 = none */
    int time_ms; /* think time per move */
    int noise;   /* evaluation noise, 0 = none */
} web_level;

/* Level 1..WEB_LEVELS (clamped). */
web_level web_level_get(int level);

/* One move of the game record: its WCF text and who played it. */
typedef struct web_record {
    char text[BA_MOVE_TEXT_MAX];
    int by_ai;
} web_record;

struct web_game {
    char id[WEB_GAME_ID_SIZE];
    web_store *store;
    pthread_mutex_t mu;  /* guards everything below against the AI worker */
    pthread_cond_t idle; /* signalled when the worker stops thinking */
    ba_pos *pos;
    char start[BA_POS_TEXT_MAX]; /* the position the record starts from */
    web_record *record;
    size_t record_len, record_cap;
    int ai_side;        /* -1 none, 0, 1 */
    int level;          /* 1..WEB_LEVELS */
    int paused;         /* the AI was stopped (or the game was loaded): the page must not start
                           it by itself; any move or AI call clears it */
    uint64_t last_used; /* the store's use counter at the last request, for eviction */
    unsigned long seq;  /* bumped at every change, so the page sees news */

    ba_engine *engine;  /* made on first use */
    int thread_live;    /* a worker was started and not yet joined */
    pthread_t thread;
    ba_pos *search_pos; /* the worker's private copy */
    int thinking;       /* the worker is searching */
    int discard;        /* the worker's result must be thrown away */
    int ai_searched;    /* the side the last search was for (its score's point of view) */
    int ai_depth, ai_score;
    uint64_t ai_nodes, ai_time_ms;
    char ai_error[BA_ERROR_MSG_MAX];
    char hint[BA_MOVE_TEXT_MAX]; /* the last hint, for this position only ("" none) */
    char hint_exact[64]; /* with it, the endgame tables' result ("White wins in 7 plies"), or "" */
};

struct web_store {
    const ba_game *game;
    web_db *db;
    pthread_mutex_t mu;
    web_game **games;
    size_t count, max;
    uint64_t id_counter;
    uint64_t uses; /* counts requests: orders the games by last use, without clock ties */
};

/* "ongoing", "white", "black" or "draw" for a BA_RESULT_ value. */
const char *web_result_name(int result);

#endif /* BOARDAI_CAMELOT_WEB_GAME_IMPL_H */
