/*
 * examples/camelot-wasm/wasm_bridge.c: the few calls the static page's Web Worker makes into
 * libboardai compiled to WebAssembly. One position and one engine per worker; every answer that
 * is more than a number is a JSON text in a buffer owned here (valid until the next call).
 *
 * The board and move paths come from examples/camelot-web/web_board.c (compiled in as is), so
 * the state has the same fields as the server's (docs/camelot-web.md); the worker adds the game
 * record, the AI fields and the id.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include <boardai/boardai.h>
#include <boardai/camelot.h>

#include "web_board.h"

/* A growing JSON text. */
typedef struct out_buf {
    char *s;
    size_t len, cap;
} out_buf;

static out_buf OUT;
static ba_pos *POS;
static ba_engine *ENGINE;
static ba_error ERR;
static ba_search_result RESULT;

static void put(const char *fmt, ...) BA_PRINTF_LIKE(1, 2);

static void put(const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = OUT.cap - OUT.len;
        int n = vsnprintf(OUT.s ? OUT.s + OUT.len : NULL, OUT.s ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if (OUT.s && (size_t)n < room) {
            OUT.len += (size_t)n;
            return;
        }
        size_t cap = OUT.cap * 2 + (size_t)n + 4096;
        char *s = realloc(OUT.s, cap);
        if (!s)
            return;
        OUT.s = s;
        OUT.cap = cap;
    }
}

static void out_reset(void)
{
    OUT.len = 0;
    put("%s", "");
}

/* The library calls JavaScript after each completed depth (the worker posts it to the page). */
EM_JS(void, cw_report, (int depth, int score, double nodes, double time_ms, const char *pv), {
    if (Module.onProgress)
        Module.onProgress(depth, score, nodes, time_ms, UTF8ToString(pv));
});

static void on_progress(void *user, const ba_progress *p)
{
    (void)user;
    char pv[BA_MOVE_TEXT_MAX] = "";
    if (p->pv_len > 0)
        ba_pos_move_text(POS, &p->pv[0], pv, sizeof pv);
    cw_report(p->depth, p->score, (double)p->nodes, (double)p->time_ms, pv);
}

/** Starts the worker's position and engine. @return BA_OK or an error code. */
EMSCRIPTEN_KEEPALIVE int cw_init(void)
{
    if (POS)
        return BA_OK;
    int rc = ba_pos_new(ba_camelot_game(), &POS);
    if (rc == BA_OK)
        rc = ba_engine_new(ba_camelot_game(), &ENGINE);
    if (rc == BA_OK)
        rc = ba_engine_set_progress(ENGINE, on_progress, NULL);
    return rc;
}

/** The message of the last failed call. */
EMSCRIPTEN_KEEPALIVE const char *cw_message(void) { return ERR.message; }

/** Sets the position: @p text, or the start position when empty. @return BA_OK or an error. */
EMSCRIPTEN_KEEPALIVE int cw_set_position(const char *text)
{
    ba_error_clear(&ERR);
    if (!text || !*text)
        return ba_pos_reset(POS);
    return ba_pos_set_text(POS, text, &ERR);
}

/**
 * Plays one move (WCF text, any accepted spelling). @return BA_OK and the canonical text in
 * cw_text(), or the library's error with its message in cw_message().
 */
EMSCRIPTEN_KEEPALIVE int cw_play(const char *text)
{
    ba_error_clear(&ERR);
    ba_move m;
    int rc = ba_pos_parse_move(POS, text, &m, &ERR);
    out_reset();
    char canon[BA_MOVE_TEXT_MAX];
    if (rc == BA_OK && ba_pos_move_text(POS, &m, canon, sizeof canon) >= 0)
        put("%s", canon);
    if (rc == BA_OK)
        rc = ba_pos_play(POS, &m, &ERR);
    return rc;
}

/**
 * Plays clicked squares (names separated by spaces, "D8 B10 D12"), written as WCF text by the
 * server's own rule (web_path_to_text: 'x' before a leap over an enemy piece). @return as
 * cw_play(); BA_ERR_PARSE for a square that is not on the board.
 */
EMSCRIPTEN_KEEPALIVE int cw_play_squares(const char *names)
{
    char pt[BA_POS_TEXT_MAX], text[BA_MOVE_TEXT_MAX], name[8];
    web_board board;
    web_square sq[WEB_PATH_MAX];
    int len = 0;
    ba_error_clear(&ERR);
    if (ba_pos_text(POS, pt, sizeof pt) < 0 || web_board_parse(pt, &board) != 0)
        return ba_error_set(&ERR, BA_ERR_INTERNAL, "cannot read the board");
    for (const char *p = names; *p;) {
        size_t n = strcspn(p, " ");
        if (n > 0) {
            if (len == WEB_PATH_MAX || n >= sizeof name)
                return ba_error_set(&ERR, BA_ERR_PARSE, "too long a path");
            memcpy(name, p, n);
            name[n] = '\0';
            if (web_square_parse(name, &sq[len]) != 0)
                return ba_error_set(&ERR, BA_ERR_PARSE, "'%s' is not a square of the board", name);
            len++;
        }
        p += n + (p[n] == ' ');
    }
    if (len < 2 || web_path_to_text(&board, sq, len, text, sizeof text) != 0)
        return ba_error_set(&ERR, BA_ERR_PARSE, "a move needs at least two squares of the board");
    return cw_play(text);
}

/** Plays a record (the format `boardai-camelot replay` reads) on the current position. */
EMSCRIPTEN_KEEPALIVE int cw_play_record(const char *text)
{
    ba_error_clear(&ERR);
    return ba_camelot_record_play(POS, text, strlen(text), NULL, &ERR);
}

/** The texts of the moves played since the position was set, one per line, in cw_text(). */
EMSCRIPTEN_KEEPALIVE int cw_history(void)
{
    size_t n = ba_pos_ply(POS);
    ba_move *moves = malloc((n ? n : 1) * sizeof *moves);
    if (!moves)
        return BA_ERR_NOMEM;
    for (size_t i = 0; i < n; i++)
        ba_pos_move_at(POS, i, &moves[i]);
    for (size_t i = 0; i < n; i++)
        ba_pos_undo(POS);
    out_reset();
    int rc = BA_OK;
    for (size_t i = 0; i < n && rc == BA_OK; i++) {
        char text[BA_MOVE_TEXT_MAX];
        ba_pos_move_text(POS, &moves[i], text, sizeof text);
        put("%s\n", text);
        rc = ba_pos_play(POS, &moves[i], NULL);
    }
    free(moves);
    return rc;
}

/** The last text answer (move text, history, JSON). */
EMSCRIPTEN_KEEPALIVE const char *cw_text(void) { return OUT.s ? OUT.s : ""; }

static void put_path(const char *text)
{
    web_path p;
    put("\"path\":[");
    int ok = web_path_from_text(text, &p) == 0;
    for (int i = 0; ok && i < p.len; i++) {
        char name[4];
        web_square_name(p.sq[i], name);
        put("%s\"%s\"", i ? "," : "", name);
    }
    put("],\"captures\":[");
    for (int i = 1, first = 1; ok && i < p.len; i++) {
        if (p.sep[i] != 'x')
            continue;
        char name[4];
        web_square mid = {(p.sq[i].file + p.sq[i - 1].file) / 2,
                          (p.sq[i].rank + p.sq[i - 1].rank) / 2};
        web_square_name(mid, name);
        put("%s\"%s\"", first ? "" : ",", name);
        first = 0;
    }
    put("]");
}

/** {"path": [...], "captures": [...]} of a move text, in cw_text(). */
EMSCRIPTEN_KEEPALIVE const char *cw_path(const char *text)
{
    out_reset();
    put("{");
    put_path(text);
    put("}");
    return cw_text();
}

/** The position's part of the page's state (docs/camelot-web.md) as JSON, in cw_text(). */
EMSCRIPTEN_KEEPALIVE const char *cw_state(void)
{
    static const char *const SIDES[2] = {"white", "black"};
    static const char *const RESULTS[] = {"ongoing", "white", "black", "draw"};
    /* ba_move::tag of a Camelot move (docs/camelot-rules.md). */
    static const char *const KINDS[] = {"move", "plain", "canter", "jump", "charge", "castle"};
    char pt[BA_POS_TEXT_MAX];
    web_board board;
    out_reset();
    if (ba_pos_text(POS, pt, sizeof pt) < 0 || web_board_parse(pt, &board) != 0)
        return cw_text();
    put("{\"position\":\"%s\",\"squares\":[", pt);
    int first = 1;
    for (int r = WEB_RANKS - 1; r >= 0; r--)
        for (int f = 0; f < WEB_FILES; f++) {
            if (!board.cell[r][f])
                continue;
            char name[4];
            web_square_name((web_square){f, r}, name);
            put("%s\"%s\"", first ? "" : ",", name);
            first = 0;
        }
    put("],\"pieces\":{");
    first = 1;
    for (int r = WEB_RANKS - 1; r >= 0; r--)
        for (int f = 0; f < WEB_FILES; f++) {
            char c = board.cell[r][f];
            if (!c || c == '.')
                continue;
            char name[4];
            web_square_name((web_square){f, r}, name);
            put("%s\"%s\":\"%c\"", first ? "" : ",", name, c);
            first = 0;
        }
    int result = ba_pos_result(POS);
    put("},\"to_move\":\"%s\",\"result\":\"%s\",\"castle_moves\":[%d,%d],\"must_leave\":\"%s\","
        "\"quiet_plies\":%d,\"moves\":[",
        SIDES[ba_pos_side_to_move(POS) == 1], RESULTS[result >= 0 && result <= 3 ? result : 0],
        board.castle_moves[0], board.castle_moves[1], board.must_leave, board.quiet_plies);
    const ba_game *game = ba_pos_game(POS);
    ba_move *moves = malloc(game->max_moves * sizeof *moves);
    int n = moves ? ba_pos_moves(POS, moves, game->max_moves) : BA_ERR_NOMEM;
    int captures = 0;
    for (int i = 0; i < n; i++) {
        char text[BA_MOVE_TEXT_MAX];
        if (ba_pos_move_text(POS, &moves[i], text, sizeof text) < 0)
            continue;
        int tag = moves[i].tag;
        captures += tag == 3 || tag == 4;
        put("%s{\"text\":\"%s\",\"kind\":\"%s\",", i ? "," : "", text,
            KINDS[tag >= 1 && tag <= 5 ? tag : 0]);
        put_path(text);
        put("}");
    }
    free(moves);
    put("],\"capture_compulsory\":%s}", n > 0 && captures == n ? "true" : "false");
    return cw_text();
}

/* Runs the engine as configured and answers the best move's text in cw_text(). */
static int search_and_answer(int rc)
{
    if (rc == BA_OK)
        rc = ba_engine_search(ENGINE, POS, &RESULT);
    out_reset();
    char best[BA_MOVE_TEXT_MAX] = "";
    if (rc == BA_OK && !ba_move_is_none(&RESULT.best))
        ba_pos_move_text(POS, &RESULT.best, best, sizeof best);
    put("%s", best);
    return rc;
}

/**
 * Searches the position to @p depth plies within @p time_ms (0: no limit); progress goes to
 * Module.onProgress. @return BA_OK, with the best move's text in cw_text() and the figures
 * from cw_result_*, or an error code.
 */
EMSCRIPTEN_KEEPALIVE int cw_search(int depth, int time_ms)
{
    ba_error_clear(&ERR);
    int rc = ba_engine_set(ENGINE, BA_OPT_DEPTH, depth);
    if (rc == BA_OK)
        rc = ba_engine_set(ENGINE, BA_OPT_TIME_MS, time_ms);
    return search_and_answer(rc);
}

/**
 * Searches the position as playing level @p level plays (ba_camelot_level: think time, depth
 * cap, noise; the server's levels), without noise when @p hint is non-zero. Like cw_search().
 */
EMSCRIPTEN_KEEPALIVE int cw_search_level(int level, int hint)
{
    ba_error_clear(&ERR);
    int rc = ba_camelot_level_configure(ENGINE, level);
    if (rc == BA_OK && hint)
        rc = ba_engine_set(ENGINE, BA_OPT_NOISE, 0);
    return search_and_answer(rc);
}

/** The score, depth, nodes and milliseconds of the last search. */
EMSCRIPTEN_KEEPALIVE int cw_result_score(void) { return RESULT.score; }
/** See cw_result_score(). */
EMSCRIPTEN_KEEPALIVE int cw_result_depth(void) { return RESULT.depth; }
/** See cw_result_score(). */
EMSCRIPTEN_KEEPALIVE double cw_result_nodes(void) { return (double)RESULT.nodes; }
/** See cw_result_score(). */
EMSCRIPTEN_KEEPALIVE double cw_result_time_ms(void) { return (double)RESULT.time_ms; }

/** Clears the engine's tables (a new game; also makes benchmark runs independent). */
EMSCRIPTEN_KEEPALIVE int cw_clear(void) { return ba_engine_clear(ENGINE); }
