/*
 * The JSON API of boardai-camelot-web, against a server the test starts in-process on a free
 * loopback port (127.0.0.1, port 0). Requests go over a plain socket, so that malformed ones
 * (bad JSON, oversized bodies, garbage instead of HTTP) can be sent too; answers are read with
 * jansson. The legal moves the server lists are cross-checked against the library itself.
 */
#include <check.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include <boardai/boardai.h>
#include <boardai/camelot.h>

#include "check_main.h"
#include "web_client.h"
#include "web_board.h"
#include "web_games.h"
#include "web_server.h"

static web_server *server;
static char db_dir[64];
static char db_path[128];

/* ---- fixtures ---- */

/* Every test has its own real SQLite file in a fresh folder. */
static double rate; /* requests a second per client; 0: none on loopback */

static void start_server(size_t max_games)
{
    if (!db_dir[0]) {
        snprintf(db_dir, sizeof db_dir, "/tmp/camelot-web-api-XXXXXX");
        ck_assert_ptr_nonnull(mkdtemp(db_dir));
        snprintf(db_path, sizeof db_path, "%s/games.sqlite", db_dir);
    }
    web_server_options o = {"127.0.0.1", 0, max_games, 1, db_path, NULL, rate};
    ba_error err;
    ck_assert_int_eq(web_server_start(ba_camelot_game(), &o, &server, &err), BA_OK);
    wc_port = web_server_port(server);
    ck_assert_int_gt(wc_port, 0);
}

static size_t games_in_memory(void)
{
    web_store *store = web_server_store(server);
    web_store_lock(store);
    size_t n = web_store_count(store);
    web_store_unlock(store);
    return n;
}

static void setup(void) { start_server(8); }
static void teardown(void)
{
    web_server_stop(server);
    server = NULL;
    if (db_dir[0]) {
        char cmd[200];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", db_dir);
        if (system(cmd) != 0)
            fprintf(stderr, "could not remove %s\n", db_dir);
        db_dir[0] = '\0';
    }
}

/* A new game with nobody as the AI; its id goes into @p id. */
static void new_game(char id[32])
{
    reply r = request("GET", "/api/new?ai=none&level=1", NULL);
    ck_assert_int_eq(r.status, 200);
    snprintf(id, 32, "%s", str(r.json, "game"));
    json_decref(r.json);
}

static reply state(const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/state?game=%.64s", id);
    return request("GET", path, NULL);
}

static reply move(const char *id, const char *move_json)
{
    char extra[512];
    snprintf(extra, sizeof extra, ",\"move\":%s", move_json);
    return call("/api/move", id, extra);
}

/* The set of legal move texts the library itself gives after playing @p moves (NULL-ended). */
static int library_moves(const char *const *moves, char texts[][BA_MOVE_TEXT_MAX], int cap)
{
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &pos), BA_OK);
    for (int i = 0; moves[i]; i++)
        ck_assert_int_eq(ba_pos_play_text(pos, moves[i], NULL), BA_OK);
    ba_move *list = malloc(ba_camelot_game()->max_moves * sizeof *list);
    int n = ba_pos_moves(pos, list, ba_camelot_game()->max_moves);
    ck_assert_int_le(n, cap);
    for (int i = 0; i < n; i++)
        ck_assert_int_gt(ba_pos_move_text(pos, &list[i], texts[i], BA_MOVE_TEXT_MAX), 0);
    free(list);
    ba_pos_free(pos);
    return n;
}

/* The server's move list equals the library's, and every path spells its text. */
static void check_moves_match(json_t *st, const char *const *played)
{
    static char texts[1024][BA_MOVE_TEXT_MAX];
    int n = library_moves(played, texts, 1024);
    json_t *moves = json_object_get(st, "moves");
    ck_assert_int_eq((int)json_array_size(moves), n);
    int captures = 0;
    for (int i = 0; i < n; i++) {
        json_t *m = json_array_get(moves, (size_t)i);
        const char *text = str(m, "text");
        int found = 0;
        for (int j = 0; j < n && !found; j++)
            found = strcmp(texts[j], text) == 0;
        ck_assert_msg(found, "server lists %s, the library does not", text);
        /* The path, joined with the text's separators, gives the text back. */
        json_t *path = json_object_get(m, "path");
        char joined[BA_MOVE_TEXT_MAX] = "";
        size_t at = 0, k;
        json_t *sq;
        json_array_foreach(path, k, sq)
        {
            size_t len = strlen(json_string_value(sq));
            ck_assert(strncmp(text + at, json_string_value(sq), len) == 0);
            strncat(joined, text + at, len + (text[at + len] ? 1 : 0));
            at += len + (text[at + len] ? 1 : 0);
        }
        ck_assert_str_eq(joined, text);
        size_t xs = 0;
        for (const char *p = text; *p; p++)
            xs += *p == 'x';
        ck_assert_int_eq((int)json_array_size(json_object_get(m, "captures")), (int)xs);
        captures += xs > 0;
    }
    ck_assert_int_eq(json_is_true(json_object_get(st, "capture_compulsory")),
                     n > 0 && captures == n);
}

/* ---- the tests ---- */

START_TEST(board_helpers)
{
    web_board b;
    ck_assert_int_eq(web_board_parse("2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/"
                                     "2KMMMMMMK2/12/12/10/8/2 w 0 0 - 0", &b), 0);
    ck_assert_int_eq(b.cell[5][2], 'K');  /* C6 */
    ck_assert_int_eq(b.cell[10][9], 'k'); /* J11 */
    ck_assert_int_eq(b.cell[0][5], '.');  /* F1, a castle square */
    ck_assert_int_eq(b.cell[0][4], 0);    /* E1 is off the board */
    ck_assert_int_eq(b.cell[1][1], 0);    /* B2: cut corner */
    ck_assert_int_eq(b.side, 0);
    ck_assert_int_eq(web_board_parse("2/8/10/12 w 0 0 - 0", &b), -1);
    ck_assert_int_eq(web_board_parse("2/8/10/12/12/2kmmmmmmk2/3kmmmmk3/12/12/3KMMMMK3/"
                                     "2KMMMMMMK2/12/12/10/8/3 w 0 0 - 0", &b), -1);
    web_square sq;
    ck_assert_int_eq(web_square_parse("d6", &sq), 0);
    ck_assert(sq.file == 3 && sq.rank == 5);
    ck_assert_int_eq(web_square_parse("G16", &sq), 0);
    const char *bad[] = {"A1", "M5", "D0", "D17", "L14", "F", "", "D6x", "D06"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(web_square_parse(bad[i], &sq) != 0, "%s accepted", bad[i]);
    web_path p;
    ck_assert_int_eq(web_path_from_text("J11-H9-F11-D9xB11", &p), 0);
    ck_assert_int_eq(p.len, 5);
    ck_assert_int_eq(p.sep[4], 'x');
    ck_assert_int_eq(web_path_from_text("D6", &p), -1);
    ck_assert_int_eq(web_path_from_text("D6-Q9", &p), -1);
}
END_TEST

START_TEST(new_game_state)
{
    reply r = request("GET", "/api/new?ai=black&level=3", NULL);
    ck_assert_int_eq(r.status, 200);
    json_t *st = r.json;
    ck_assert_int_eq((int)strlen(str(st, "game")), 16);
    ck_assert_int_eq((int)json_array_size(json_object_get(st, "squares")), 160);
    ck_assert_int_eq((int)json_object_size(json_object_get(st, "pieces")), 28);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(st, "pieces"), "C6")), "K");
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(st, "pieces"), "E10")), "m");
    ck_assert_str_eq(str(st, "to_move"), "white");
    ck_assert_str_eq(str(st, "result"), "ongoing");
    ck_assert_int_eq((int)json_array_size(json_object_get(st, "moves")), 100);
    ck_assert(json_is_null(json_object_get(st, "last_move")));
    json_t *ai = json_object_get(st, "ai");
    ck_assert_str_eq(str(ai, "side"), "black");
    ck_assert_int_eq((int)json_integer_value(json_object_get(ai, "level")), 3);
    ck_assert(json_is_false(json_object_get(ai, "thinking")));
    /* the default game's AI plays the default (tuned) weights, and the status says so */
    ck_assert_str_eq(str(json_object_get(st, "status"), "weights"), "tuned");
    const char *none[] = {NULL};
    check_moves_match(st, none);
    json_decref(st);
    /* The page itself. */
    r = request("GET", "/", NULL);
    ck_assert_int_eq(r.status, 200);
    r = request("GET", "/app.js", NULL);
    ck_assert_int_eq(r.status, 200);
    r = request("GET", "/nothing-here", NULL);
    ck_assert_int_eq(r.status, 404);
    json_decref(r.json);
}
END_TEST

START_TEST(moves_by_text_and_path)
{
    char id[32];
    new_game(id);
    reply r = move(id, "\"d7-d8\""); /* lower case text */
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(r.json, "to_move"), "black");
    ck_assert_str_eq(str(json_object_get(r.json, "last_move"), "text"), "D7-D8");
    json_decref(r.json);
    r = move(id, "[\"E11\",\"C9\"]"); /* the clicked canter */
    ck_assert_int_eq(r.status, 200);
    json_t *last = json_object_get(r.json, "last_move");
    ck_assert_str_eq(str(last, "text"), "E11-C9");
    ck_assert_str_eq(str(last, "by"), "human");
    /* Now White must capture: only captures are listed, and they match the library. */
    ck_assert(json_is_true(json_object_get(r.json, "capture_compulsory")));
    const char *played[] = {"D7-D8", "E11-C9", NULL};
    check_moves_match(r.json, played);
    json_decref(r.json);
    r = move(id, "\"F6-F5\"");
    ck_assert_int_eq(r.status, 422);
    ck_assert_msg(strstr(str(r.json, "error"), "compulsory") != NULL, "%s", str(r.json, "error"));
    json_decref(r.json);
    /* The two-jump chain clicked landing by landing. */
    r = move(id, "[\"D8\",\"B10\",\"D12\"]");
    ck_assert_int_eq(r.status, 200);
    last = json_object_get(r.json, "last_move");
    ck_assert_str_eq(str(last, "text"), "D8xB10xD12");
    json_t *caps = json_object_get(last, "captures");
    ck_assert_int_eq((int)json_array_size(caps), 2);
    ck_assert_str_eq(json_string_value(json_array_get(caps, 0)), "C9");
    ck_assert_str_eq(json_string_value(json_array_get(caps, 1)), "C11");
    json_t *pieces = json_object_get(r.json, "pieces");
    ck_assert_int_eq((int)json_object_size(pieces), 26);
    ck_assert(json_object_get(pieces, "C9") == NULL && json_object_get(pieces, "C11") == NULL);
    ck_assert_str_eq(json_string_value(json_object_get(pieces, "D12")), "K");
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 3);
    const char *played3[] = {"D7-D8", "E11-C9", "D8xB10xD12", NULL};
    check_moves_match(r.json, played3);
    json_decref(r.json);
}
END_TEST

START_TEST(several_games_are_independent)
{
    char a[32], b[32];
    new_game(a);
    new_game(b);
    ck_assert_str_ne(a, b);
    reply r = move(a, "\"D6-F8\"");
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    r = state(b);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 0);
    ck_assert_str_eq(str(r.json, "to_move"), "white");
    json_decref(r.json);
    r = state(a);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 1);
    json_decref(r.json);
}
END_TEST

/* Every kind of bad request gets a 4xx JSON error and leaves the game as it was. */
START_TEST(bad_requests)
{
    char id[32];
    new_game(id);
    reply r = move(id, "\"I6-I5\"");
    ck_assert_int_eq(r.status, 200);
    const char *pos_before = NULL;
    char before[BA_POS_TEXT_MAX];
    snprintf(before, sizeof before, "%s", str(r.json, "position"));
    pos_before = before;
    json_decref(r.json);

    struct {
        const char *path, *body;
        int status;
    } cases[] = {
        {"/api/move", "{bad json", 400},
        {"/api/move", "[1,2,3]", 400},
        {"/api/move", "{\"game\":\"0000000000000000\",\"move\":\"D6-F8\"}", 404},
        {"/api/move", "{\"move\":\"D6-F8\"}", 400},
        {"/api/move", "{\"game\":42}", 400},
        {"/api/nope", "{}", 404},
        {"/api/ai", "{\"game\":\"0000000000000000\"}", 404},
        {"/api/undo", "{\"game\":\"zz\",\"plies\":1}", 404},
        {"/api/new", "{\"level\":99}", 400},
        {"/api/new", "{\"ai\":\"purple\"}", 400},
        {"/api/move", "{\"game\":\"a\",\"game\":\"b\"}", 400}, /* duplicate keys */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        r = request("POST", cases[i].path, cases[i].body);
        ck_assert_msg(r.status == cases[i].status, "%s %s: %d, expected %d", cases[i].path,
                      cases[i].body, r.status, cases[i].status);
        ck_assert_msg(json_is_string(json_object_get(r.json, "error")), "%s: no error text",
                      cases[i].body);
        json_decref(r.json);
    }
    /* Bad moves for this game: malformed (400), illegal (422), bad path (400). */
    struct {
        const char *move;
        int status;
        const char *words;
    } moves[] = {
        {"\"Z9-Z10\"", 400, "Z9"},
        {"\"C11-C10\"", 422, ""},  /* Black's piece, but it is... Black's turn: legal? no, see below */
        {"\"D11-D13\"", 422, ""},
        {"[\"D11\"]", 400, "2 to 64"},
        {"[\"D11\",\"Q4\"]", 400, "Q4"},
        {"[\"D11\",5]", 400, "strings"},
        {"{\"x\":1}", 400, "move"},
    };
    moves[1].move = "\"I7-I8\""; /* a White move while Black is to play */
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        r = move(id, moves[i].move);
        ck_assert_msg(r.status == moves[i].status, "%s: %d, expected %d", moves[i].move, r.status,
                      moves[i].status);
        ck_assert_msg(strstr(str(r.json, "error"), moves[i].words) != NULL, "%s: '%s'",
                      moves[i].move, str(r.json, "error"));
        json_decref(r.json);
    }
    /* Wrong methods. */
    r = request("GET", "/api/move", NULL);
    ck_assert_int_eq(r.status, 405);
    json_decref(r.json);
    r = request("DELETE", "/api/state", NULL);
    ck_assert_int_eq(r.status, 405);
    json_decref(r.json);
    /* An oversized body, declared and chunked. */
    size_t big = WEB_BODY_MAX + 1000;
    char *body = malloc(big + 1);
    memset(body, ' ', big);
    body[big] = '\0';
    body[0] = '{';
    r = request("POST", "/api/move", body);
    ck_assert_int_eq(r.status, 413);
    ck_assert(json_is_string(json_object_get(r.json, "error")));
    json_decref(r.json);
    size_t cap = big + 4096;
    char *raw = malloc(cap);
    size_t n = (size_t)snprintf(raw, cap, "POST /api/move HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                          "Transfer-Encoding: chunked\r\n\r\n");
    for (size_t off = 0; off < big; off += 8192) {
        size_t len = big - off < 8192 ? big - off : 8192;
        n += (size_t)snprintf(raw + n, cap - n, "%zx\r\n", len);
        memcpy(raw + n, body + off, len);
        n += len;
        n += (size_t)snprintf(raw + n, cap - n, "\r\n");
    }
    n += (size_t)snprintf(raw + n, cap - n, "0\r\n\r\n");
    r = send_raw(raw, n);
    ck_assert_int_eq(r.status, 413);
    json_decref(r.json);
    free(raw);
    free(body);
    /* Not HTTP at all: whatever the answer, the server stays up. */
    const char junk[] = "\x01\x02 garbage garbage\r\n\r\n";
    r = send_raw(junk, sizeof junk - 1);
    json_decref(r.json);
    r = send_raw_ex("GET /api/state?game=", 20, 1); /* cut off mid-request */
    json_decref(r.json);

    /* The game is as it was. */
    r = state(id);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(r.json, "position"), pos_before);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 1);
    json_decref(r.json);
}
END_TEST

/* Random bodies and paths (a fixed seed, 300 requests): every answer is a JSON error or a state,
 * the server stays up, and the game changes only through moves the library accepted. */
START_TEST(random_requests)
{
    char id[32];
    new_game(id);
    static const char *const pieces[] = {
        "{", "}", "[", "]", ",", ":", "\"game\"", "\"move\"", "\"path\"", "\"D6\"", "\"F8\"",
        "\"D6-F8\"", "\"x\"", "null", "true", "-1", "1e999", "\"\\u0000\"", "\"\xff\"", " ",
        "\"level\"", "\"plies\"", "99999999999999999999", "\"E7xG9\"", "\"A4-A5\"",
    };
    static const char *const paths[] = {"/api/move", "/api/undo", "/api/config", "/api/stop",
                                        "/api/position", "/api/restart", "/api/new", "/api/x"};
    uint32_t seed = 12345;
    int errors = 0;
    for (int i = 0; i < 300; i++) {
        char body[1024];
        size_t len = 0;
        if (i % 3 == 0)
            len = (size_t)snprintf(body, sizeof body, "{\"game\":\"%s\",", id);
        int parts = 1 + (int)((seed >> 16) % 12);
        for (int k = 0; k < parts; k++) {
            seed = seed * 1103515245u + 12345u;
            const char *piece = pieces[(seed >> 16) % (sizeof pieces / sizeof pieces[0])];
            size_t n = strlen(piece);
            if (len + n + 1 < sizeof body) {
                memcpy(body + len, piece, n);
                len += n;
            }
        }
        body[len] = '\0';
        seed = seed * 1103515245u + 12345u;
        const char *path = paths[(seed >> 16) % (sizeof paths / sizeof paths[0])];
        reply r = request("POST", path, body);
        ck_assert_msg(r.status >= 200 && r.status < 500, "%s %s: status %d", path, body, r.status);
        if (r.status != 200)
            ck_assert_msg(json_is_string(json_object_get(r.json, "error")), "%s: no error", body);
        errors += r.status != 200;
        json_decref(r.json);
    }
    ck_assert_int_gt(errors, 0);
    /* Still serving, and the game's record replays in the library to the position it shows. */
    reply r = state(id);
    ck_assert_int_eq(r.status, 200);
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &pos), BA_OK);
    size_t k;
    json_t *m;
    json_array_foreach(json_object_get(r.json, "record"), k, m)
        ck_assert_int_eq(ba_pos_play_text(pos, str(m, "text"), NULL), BA_OK);
    char text[BA_POS_TEXT_MAX];
    ck_assert_int_gt(ba_pos_text(pos, text, sizeof text), 0);
    if (json_array_size(json_object_get(r.json, "record")) > 0)
        ck_assert_str_eq(str(r.json, "position"), text);
    ba_pos_free(pos);
    json_decref(r.json);
}
END_TEST

/* Polls until the AI is idle (bounded). */
static json_t *wait_ai(const char *id)
{
    for (int i = 0; i < 600; i++) {
        reply r = state(id);
        ck_assert_int_eq(r.status, 200);
        if (json_is_false(json_object_get(json_object_get(r.json, "ai"), "thinking")))
            return r.json;
        json_decref(r.json);
        struct timespec ts = {0, 50 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    ck_abort_msg("the AI did not finish within 30 s");
    return NULL;
}

START_TEST(ai_moves_and_stops)
{
    char id[32];
    new_game(id);
    reply r = state(id);
    json_t *before = r.json;
    r = call("/api/ai", id, ",\"level\":1");
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    json_t *st = wait_ai(id);
    json_t *record = json_object_get(st, "record");
    ck_assert_int_eq((int)json_array_size(record), 1);
    json_t *m = json_array_get(record, 0);
    ck_assert_str_eq(str(m, "by"), "ai");
    /* The AI's move was one of the legal moves listed before. */
    int listed = 0;
    size_t i;
    json_t *lm;
    json_array_foreach(json_object_get(before, "moves"), i, lm)
        listed |= strcmp(str(lm, "text"), str(m, "text")) == 0;
    ck_assert_msg(listed, "the AI played %s", str(m, "text"));
    ck_assert_int_ge((int)json_integer_value(json_object_get(json_object_get(st, "ai"), "depth")), 1);
    json_decref(before);
    json_decref(st);

    /* A long search: the state says thinking, a human move and a second search are refused,
     * and stop (without play) ends it with no move. */
    r = call("/api/ai", id, ",\"level\":6");
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_true(json_object_get(json_object_get(r.json, "ai"), "thinking")));
    json_decref(r.json);
    r = call("/api/ai", id, "");
    ck_assert_int_eq(r.status, 409);
    json_decref(r.json);
    r = move(id, "\"C11-C10\"");
    ck_assert_int_eq(r.status, 409);
    json_decref(r.json);
    r = call("/api/stop", id, "");
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_false(json_object_get(json_object_get(r.json, "ai"), "thinking")));
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 1);
    json_decref(r.json);

    /* Stop with play: the best move so far is played. */
    r = call("/api/ai", id, ",\"level\":6");
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    r = call("/api/stop", id, ",\"play\":true");
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 2);
    ck_assert_str_eq(str(json_object_get(r.json, "last_move"), "by"), "ai");
    json_decref(r.json);

    /* Undo during a search stops it and takes back a move. */
    r = call("/api/ai", id, ",\"level\":6");
    json_decref(r.json);
    r = call("/api/undo", id, ",\"plies\":2");
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 0);
    ck_assert(json_is_false(json_object_get(json_object_get(r.json, "ai"), "thinking")));
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "moves")), 100);
    json_decref(r.json);
    r = call("/api/undo", id, "");
    ck_assert_int_eq(r.status, 409);
    json_decref(r.json);
    /* A search still running when the server stops is stopped by teardown. */
    r = call("/api/ai", id, ",\"level\":6");
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
}
END_TEST

START_TEST(restart_and_config)
{
    char id[32];
    new_game(id);
    reply r = move(id, "\"D6-F8\"");
    json_decref(r.json);
    r = call("/api/config", id, ",\"ai\":\"white\",\"level\":4");
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(json_object_get(r.json, "ai"), "side"), "white");
    ck_assert_int_eq((int)json_integer_value(json_object_get(json_object_get(r.json, "ai"), "level")), 4);
    json_decref(r.json);
    r = call("/api/config", id, ",\"level\":0");
    ck_assert_int_eq(r.status, 400);
    json_decref(r.json);
    r = call("/api/config", id, ",\"ai\":\"purple\"");
    ck_assert_int_eq(r.status, 400);
    json_decref(r.json);
    r = call("/api/config", id, ",\"level\":\"x\"");
    ck_assert_int_eq(r.status, 400);
    json_decref(r.json);
    r = call("/api/config", id, ",\"level\":2"); /* the side is kept */
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(json_object_get(r.json, "ai"), "side"), "white");
    json_decref(r.json);
    r = call("/api/config", id, ",\"ai\":null"); /* nobody; the level is kept */
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_null(json_object_get(json_object_get(r.json, "ai"), "side")));
    ck_assert_int_eq((int)json_integer_value(json_object_get(json_object_get(r.json, "ai"), "level")), 2);
    json_decref(r.json);
    r = call("/api/config", id, ",\"ai\":\"white\"");
    json_decref(r.json);
    r = call("/api/restart", id, "");
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 0);
    ck_assert_str_eq(str(r.json, "to_move"), "white");
    ck_assert_str_eq(str(json_object_get(r.json, "ai"), "side"), "white");
    json_decref(r.json);
}
END_TEST

/* White has a knight in Black's castle (F16) and a man next to G16: G15-G16 wins. */
#define NEAR_WIN "K1/4M3/10/12/12/12/mm10/12/12/12/12/12/12/10/8/2 w 0 0 - 0"

START_TEST(position_and_game_over)
{
    char id[32];
    new_game(id);
    reply r = move(id, "\"D6-F8\"");
    json_decref(r.json);
    r = call("/api/position", id, ",\"position\":\"2/8/10/12 w 0 0 - 0\"");
    ck_assert_int_eq(r.status, 400);
    ck_assert(strlen(str(r.json, "error")) > 0);
    json_decref(r.json);
    r = state(id); /* unchanged by the refused position */
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 1);
    json_decref(r.json);
    r = call("/api/position", id, ",\"position\":\"" NEAR_WIN "\"");
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(r.json, "position"), NEAR_WIN);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 0);
    ck_assert_str_eq(str(r.json, "result"), "ongoing");
    json_decref(r.json);
    r = move(id, "[\"G15\",\"G16\"]");
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(r.json, "result"), "white");
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "moves")), 0);
    json_decref(r.json);
    /* After the end: no move, no search. */
    r = move(id, "\"A10-A9\"");
    ck_assert_int_eq(r.status / 100, 4);
    json_decref(r.json);
    r = call("/api/ai", id, "");
    ck_assert_int_eq(r.status, 409);
    json_decref(r.json);
    /* Undo reopens the game. */
    r = call("/api/undo", id, "");
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(r.json, "result"), "ongoing");
    ck_assert_str_eq(str(r.json, "position"), NEAR_WIN);
    json_decref(r.json);
}
END_TEST

START_TEST(oldest_idle_game_is_evicted)
{
    teardown();
    start_server(3);
    char ids[4][32];
    for (int i = 0; i < 3; i++)
        new_game(ids[i]);
    reply r;
    r = move(ids[1], "\"D7-D8\"");
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    r = state(ids[2]);
    json_decref(r.json);
    r = state(ids[0]);
    json_decref(r.json); /* games 2 and 0 used again: game 1 is now the oldest idle one */
    new_game(ids[3]);
    ck_assert_uint_eq(games_in_memory(), 3);
    /* Dropped from memory only: it comes back from the database with its move. */
    r = state(ids[1]);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 1);
    ck_assert_str_eq(str(json_array_get(json_object_get(r.json, "record"), 0), "text"), "D7-D8");
    ck_assert_str_eq(str(r.json, "to_move"), "black");
    ck_assert(json_is_true(json_object_get(json_object_get(r.json, "ai"), "paused")));
    json_decref(r.json);
    ck_assert_uint_eq(games_in_memory(), 3);
    for (int i = 0; i < 4; i++) {
        r = state(ids[i]);
        ck_assert_int_eq(r.status, 200);
        json_decref(r.json);
    }
    /* A game that never existed is still unknown, with a message for people. */
    r = state("0123456789abcdef");
    ck_assert_int_eq(r.status, 404);
    ck_assert(strstr(str(r.json, "error"), "start a new game") != NULL);
    json_decref(r.json);
}
END_TEST

/* Moves of examples/camelot/sample-game.txt: plain moves, canters, jumps and a Charge. */
static const char *const SAMPLE[] = {"E6-E8", "H11-J9", "G6-I8", "J9-H11-F9", "I6-J5",
                                     "F10-D12-B10", "F6-F8", "D10-F10", "G7-E9", "J11-H9xJ7",
                                     "C6-E6-G8-I6-K6xI8", "F9xD9", NULL};

/* Imports @p record; returns the new game's state (200 expected). */
static reply import_record(const char *record)
{
    json_t *body = json_pack("{s:s}", "record", record);
    char *text = json_dumps(body, JSON_COMPACT);
    reply r = request("POST", "/api/import", text);
    free(text);
    json_decref(body);
    return r;
}

static char *record_of(const char *id)
{
    char path[96];
    snprintf(path, sizeof path, "/api/record?game=%s", id);
    reply r = request_text("GET", path, NULL);
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    ck_assert_ptr_nonnull(r.text);
    return r.text;
}

/* Both states show the same moves (texts), position and result. */
static void same_game(json_t *a, json_t *b)
{
    ck_assert_str_eq(str(a, "position"), str(b, "position"));
    ck_assert_str_eq(str(a, "result"), str(b, "result"));
    json_t *ra = json_object_get(a, "record"), *rb = json_object_get(b, "record");
    ck_assert_uint_eq(json_array_size(ra), json_array_size(rb));
    for (size_t i = 0; i < json_array_size(ra); i++)
        ck_assert_str_eq(str(json_array_get(ra, i), "text"), str(json_array_get(rb, i), "text"));
}

START_TEST(record_round_trip)
{
    char id[32];
    new_game(id);
    for (int i = 0; SAMPLE[i]; i++) {
        char m[64];
        snprintf(m, sizeof m, "\"%s\"", SAMPLE[i]);
        reply r = move(id, m);
        ck_assert_int_eq(r.status, 200);
        json_decref(r.json);
    }
    char *text = record_of(id);
    ck_assert_msg(strstr(text, "1. E6-E8 H11-J9\n") && strstr(text, "6. C6-E6-G8-I6-K6xI8 F9xD9\n"),
                  "%s", text);
    /* The library's record reader (what `boardai-camelot replay` uses) reads it... */
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &pos), BA_OK);
    ba_camelot_record_result res;
    ba_error err;
    ck_assert_int_eq(ba_camelot_record_play(pos, text, strlen(text), &res, &err), BA_OK);
    ck_assert_int_eq(res.plies, 12);
    char pt[BA_POS_TEXT_MAX];
    ba_pos_text(pos, pt, sizeof pt);
    ba_pos_free(pos);
    /* ...and importing it gives the same game. */
    reply orig = state(id), imp = import_record(text);
    ck_assert_int_eq(imp.status, 200);
    ck_assert_str_ne(str(imp.json, "game"), id);
    ck_assert_str_eq(str(imp.json, "position"), pt);
    same_game(orig.json, imp.json);
    json_decref(orig.json);
    json_decref(imp.json);
    free(text);

    /* A game from a set-up position keeps it ([Position "..."]) and its result. */
    reply r = call("/api/position", id, ",\"position\":\"" NEAR_WIN "\"");
    json_decref(r.json);
    r = move(id, "\"G15-G16\"");
    ck_assert_str_eq(str(r.json, "result"), "white");
    json_decref(r.json);
    text = record_of(id);
    ck_assert_msg(strstr(text, "[Position \"" NEAR_WIN "\"]") && strstr(text, "\n1-0\n"), "%s",
                  text);
    orig = state(id);
    imp = import_record(text);
    ck_assert_int_eq(imp.status, 200);
    same_game(orig.json, imp.json);
    json_decref(orig.json);
    json_decref(imp.json);
    free(text);
}
END_TEST

START_TEST(bad_records_are_refused)
{
    reply r = import_record("1. E6-E8 H11-J9\n2. E8-E12\n");
    ck_assert_int_eq(r.status, 422);
    ck_assert_msg(strstr(str(r.json, "error"), "line 2") && strstr(str(r.json, "error"), "E8-E12"),
                  "%s", str(r.json, "error"));
    json_decref(r.json);
    r = import_record("1. E6-E8 2. H11-J9\n");
    ck_assert_int_eq(r.status, 422);
    json_decref(r.json);
    r = import_record("[Position \"not a position\"]\n1. E6-E8\n");
    ck_assert_int_eq(r.status, 422);
    json_decref(r.json);
    r = request("POST", "/api/import", "{\"record\":5}");
    ck_assert_int_eq(r.status, 400);
    json_decref(r.json);
    /* Nothing was saved by the refused imports. */
    r = request("GET", "/api/games", NULL);
    ck_assert_uint_eq(json_array_size(json_object_get(r.json, "games")), 0);
    json_decref(r.json);
}
END_TEST

START_TEST(games_list_newest_first)
{
    char a[32], b[32];
    new_game(a);
    new_game(b);
    reply r = move(a, "\"D7-D8\""); /* a changed last */
    json_decref(r.json);
    r = request("GET", "/api/games", NULL);
    ck_assert_int_eq(r.status, 200);
    json_t *list = json_object_get(r.json, "games");
    ck_assert_uint_eq(json_array_size(list), 2);
    json_t *first = json_array_get(list, 0);
    ck_assert_int_eq((int)json_integer_value(json_object_get(first, "moves")), 1);
    ck_assert_str_eq(str(first, "result"), "ongoing");
    ck_assert_str_eq(str(first, "ai"), "none");
    ck_assert_str_eq(str(first, "white"), "Player");
    ck_assert_str_eq(str(first, "black"), "Player");
    ck_assert_int_eq((int)strlen(str(first, "updated")), 19);
    json_decref(r.json);
}
END_TEST

START_TEST(full_disk_is_a_clear_error)
{
    enum { PLAYED = 8 };
    char ids[PLAYED][32];
    int moved[PLAYED] = {0}, over[PLAYED] = {0};
    for (int g = 0; g < PLAYED; g++)
        new_game(ids[g]);
    /* The file may not grow any more: SQLite answers SQLITE_FULL, as on a full disk. */
    ba_error err;
    ck_assert_int_eq(web_db_limit_pages(web_store_db(web_server_store(server)), 0, &err), BA_OK);
    int made = PLAYED, full = 0;
    for (int i = 0; i < 500 && !full; i++) {
        reply r = request("GET", "/api/new?ai=none", NULL);
        if (r.status == 200) {
            made++;
        } else {
            ck_assert_int_eq(r.status, 507);
            ck_assert(strstr(str(r.json, "error"), "disk is full") != NULL);
            full = 1;
        }
        json_decref(r.json);
    }
    ck_assert(full);
    /* Moves fail the same way once no room is left, and leave the game as it was. */
    int refused = -1;
    for (int i = 0; i < 4000 && refused < 0; i++) {
        int g = i % PLAYED;
        if (over[g])
            continue;
        reply st = state(ids[g]);
        json_t *moves = json_object_get(st.json, "moves");
        char m[64];
        snprintf(m, sizeof m, "\"%s\"", str(json_array_get(moves, (size_t)i % 3 %
                                                   (json_array_size(moves) + !json_array_size(moves))), "text"));
        over[g] = json_array_size(moves) == 0;
        json_decref(st.json);
        if (over[g])
            continue;
        reply r = move(ids[g], m);
        if (r.status == 200) {
            moved[g]++;
        } else {
            ck_assert_msg(r.status == 507, "%d %s (%s)", r.status, str(r.json, "error"), m);
            refused = g;
        }
        json_decref(r.json);
    }
    ck_assert_int_ge(refused, 0);
    for (int g = 0; g < PLAYED; g++) {
        reply st = state(ids[g]);
        ck_assert_int_eq((int)json_array_size(json_object_get(st.json, "record")), moved[g]);
        json_decref(st.json);
    }
    /* Nothing half-written: the file lists exactly the games and moves acknowledged. */
    reply r = request("GET", "/api/games", NULL);
    json_t *list = json_object_get(r.json, "games");
    ck_assert_int_eq((int)json_array_size(list), made);
    for (size_t i = 0; i < json_array_size(list); i++)
        for (int g = 0; g < PLAYED; g++)
            if (strcmp(str(json_array_get(list, i), "game"), ids[g]) == 0)
                ck_assert_int_eq((int)json_integer_value(
                                     json_object_get(json_array_get(list, i), "moves")),
                                 moved[g]);
    json_decref(r.json);
}
END_TEST

START_TEST(read_only_file_is_a_clear_error)
{
    char id[32];
    new_game(id);
    reply r = move(id, "\"D7-D8\"");
    json_decref(r.json);
    ba_error err;
    ck_assert_int_eq(web_db_refuse_writes(web_store_db(web_server_store(server)), &err), BA_OK);
    r = move(id, "\"E11-C9\"");
    ck_assert_int_eq(r.status, 503);
    ck_assert_msg(strstr(str(r.json, "error"), "read-only") != NULL, "%s", str(r.json, "error"));
    json_decref(r.json);
    r = request("GET", "/api/new?ai=none", NULL);
    ck_assert_int_eq(r.status, 503);
    json_decref(r.json);
    r = call("/api/undo", id, "");
    ck_assert_int_eq(r.status, 503);
    json_decref(r.json);
    /* Reading still works, and the game is as the last acknowledged move left it. */
    r = state(id);
    ck_assert_int_eq(r.status, 200);
    ck_assert_int_eq((int)json_array_size(json_object_get(r.json, "record")), 1);
    ck_assert_str_eq(str(r.json, "to_move"), "black");
    json_decref(r.json);
    r = request("GET", "/api/games", NULL);
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
}
END_TEST

START_TEST(head_hint_and_the_level_rule)
{
    reply r = request("HEAD", "/", NULL);
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    /* One rule for the level: a whole number, as a JSON number or a string of digits. */
    r = request("POST", "/api/new", "{\"ai\":\"none\",\"level\":\"3\"}");
    ck_assert_int_eq(r.status, 200);
    char id[32];
    snprintf(id, sizeof id, "%s", str(r.json, "game"));
    json_decref(r.json);
    const char *bad[] = {"2.5", "\"2.5\"", "true", "\"x\"", "7"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char body[64];
        snprintf(body, sizeof body, "{\"level\":%s}", bad[i]);
        r = request("POST", "/api/new", body);
        ck_assert_int_eq(r.status, 400);
        ck_assert(strstr(str(r.json, "error"), "whole number") != NULL);
        json_decref(r.json);
    }
    r = call("/api/hint", id, "");
    ck_assert_int_eq(r.status, 200);
    const char *hint = str(json_object_get(r.json, "hint"), "text");
    int legal = 0;
    json_t *moves = json_object_get(r.json, "moves");
    for (size_t i = 0; i < json_array_size(moves); i++)
        legal |= strcmp(str(json_array_get(moves, i), "text"), hint) == 0;
    ck_assert_msg(legal, "hint '%s' is not a legal move", hint);
    json_decref(r.json);
}
END_TEST

START_TEST(rate_limit_per_client)
{
    teardown();
    rate = 1.0; /* bursts of 5 */
    start_server(4);
    rate = 0;
    int ok = 0, limited = 0;
    for (int i = 0; i < 30; i++) {
        reply r = request("GET", "/api/games", NULL);
        if (r.status == 200)
            ok++;
        else if (r.status == 429 && strstr(str(r.json, "error"), "too many requests"))
            limited++;
        json_decref(r.json);
    }
    ck_assert_int_ge(ok, 5);
    ck_assert_int_ge(limited, 1);
    ck_assert_int_eq(ok + limited, 30);
    struct timespec pause = {2, 500000000L}; /* the bucket refills at one a second */
    nanosleep(&pause, NULL);
    reply r = request("GET", "/api/games", NULL);
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
}
END_TEST

START_TEST(token_is_needed)
{
    teardown();
    web_server_options o = {"127.0.0.1", 0, 4, 1, NULL, "secret", 0};
    ba_error err;
    ck_assert_int_eq(web_server_start(ba_camelot_game(), &o, &server, &err), BA_OK);
    wc_port = web_server_port(server);
    reply r = request("GET", "/api/games", NULL);
    ck_assert_int_eq(r.status, 401);
    json_decref(r.json);
    r = request("GET", "/api/games?token=secreT", NULL);
    ck_assert_int_eq(r.status, 401);
    json_decref(r.json);
    r = request("GET", "/api/games?token=secret", NULL);
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    static const char raw[] = "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                              "Cookie: camelot_token=secret\r\n\r\n";
    r = send_raw(raw, sizeof raw - 1);
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
}
END_TEST
/* With endgame tables attached (--egtb), the hint of a position they hold carries its exact
 * result: White's men on A5 and F1 against Black's man on F3 win in 47 plies (the two-men table,
 * built here). Outside the tables there is no exact result. */
START_TEST(hint_with_endgame_tables)
{
    ba_camelot_egtb *tb = NULL;
    ba_game *game = NULL;
    ba_error err;
    ck_assert_int_eq(ba_camelot_egtb_build(1u, &tb, &err), BA_OK);
    ck_assert_int_eq(ba_camelot_create(NULL, &game, &err), BA_OK);
    ck_assert_int_eq(ba_camelot_egtb_attach(game, tb, &err), BA_OK);
    snprintf(db_dir, sizeof db_dir, "/tmp/camelot-web-api-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(db_dir));
    snprintf(db_path, sizeof db_path, "%s/games.sqlite", db_dir);
    web_server_options o = {"127.0.0.1", 0, 8, 1, db_path, NULL, 0};
    ck_assert_int_eq(web_server_start(game, &o, &server, &err), BA_OK);
    wc_port = web_server_port(server);
    char id[32];
    new_game(id);
    reply r = call("/api/hint", id, "");
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_null(json_object_get(json_object_get(r.json, "hint"), "exact"));
    json_decref(r.json);
    r = call("/api/position", id, ",\"position\":\"2/8/10/12/12/12/12/12/12/12/12/M11/12/4m5/8/M1 w 0 0 - 0\"");
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    r = call("/api/hint", id, "");
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(str(json_object_get(r.json, "hint"), "exact"), "White wins in 47 plies");
    json_decref(r.json);
    teardown();
    ba_game_destroy(game);
    ba_camelot_egtb_free(tb);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot-web API");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, new_game_state);
    tcase_add_test(tc, moves_by_text_and_path);
    tcase_add_test(tc, several_games_are_independent);
    tcase_add_test(tc, bad_requests);
    tcase_add_test(tc, random_requests);
    tcase_add_test(tc, ai_moves_and_stops);
    tcase_add_test(tc, restart_and_config);
    tcase_add_test(tc, position_and_game_over);
    tcase_add_test(tc, oldest_idle_game_is_evicted);
    tcase_add_test(tc, record_round_trip);
    tcase_add_test(tc, bad_records_are_refused);
    tcase_add_test(tc, games_list_newest_first);
    tcase_add_test(tc, full_disk_is_a_clear_error);
    tcase_add_test(tc, read_only_file_is_a_clear_error);
    tcase_add_test(tc, head_hint_and_the_level_rule);
    tcase_add_test(tc, rate_limit_per_client);
    tcase_add_test(tc, token_is_needed);
    suite_add_tcase(s, tc);
    TCase *tables = tcase_create("egtb");
    tcase_set_timeout(tables, 0);
    tcase_add_test(tables, hint_with_endgame_tables);
    suite_add_tcase(s, tables);
    TCase *helpers = tcase_create("board");
    tcase_add_test(helpers, board_helpers);
    suite_add_tcase(s, helpers);
    return s;
}
