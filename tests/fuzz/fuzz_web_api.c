/* tests/fuzz/fuzz_web_api.c: the Camelot web server's JSON API (examples/camelot-web/web_api.c),
 * called in-process the way web_server.c calls it for an HTTP request. Input: one request a
 * line, `METHOD NAME[?QUERY] [BODY]`, e.g.
 *
 *     GET new?ai=none&level=1
 *     POST move {"game":"$G","move":"F2-F4"}
 *
 * QUERY is `key=value` pairs joined by '&' (already decoded, as libmicrohttpd hands them over);
 * BODY is the rest of the line. `$G` anywhere in a line stands for the id of the game the last
 * successful `new` made, so that inputs reach the calls on a real game.
 *
 * The games are kept in a private in-memory SQLite database (the same code as the server's
 * file), so the saved-game calls (games, record, import) and eviction with reload from the
 * database are reached too; `record` answers text, which must then be non-empty and must be
 * read back by `import` into the same position.
 *
 * Checks, after every request: an answer is a JSON object with a known status; 200 has no
 * "error", every other status a non-empty "error" string; the answer serialises; the last game
 * made still answers `state` with 200, its id, side to move and position (no request
 * corrupts a game, whatever it sent). An `ai` call's search is stopped (playing its best move)
 * before the next line, so each input is quick and replays the same way.
 */
#include "fuzz_common.h"
#include "web_api.h"

#define FUZZ_WEB_GAMES 4
#define FUZZ_WEB_ARGS 8

/* The query arguments of one line. */
typedef struct query_args {
    const char *key[FUZZ_WEB_ARGS], *value[FUZZ_WEB_ARGS];
    int n;
} query_args;

static const char *query_lookup(void *ctx, const char *key)
{
    const query_args *q = ctx;
    for (int i = 0; i < q->n; i++)
        if (strcmp(q->key[i], key) == 0)
            return q->value[i];
    return NULL;
}

/* Splits @p text (modified) at '&' into key=value pairs; a pair without '=' has value "". */
static void parse_query(char *text, query_args *q)
{
    q->n = 0;
    while (text && *text && q->n < FUZZ_WEB_ARGS) {
        char *amp = strchr(text, '&');
        if (amp)
            *amp = '\0';
        char *eq = strchr(text, '=');
        if (eq)
            *eq = '\0';
        q->key[q->n] = text;
        q->value[q->n] = eq ? eq + 1 : "";
        q->n++;
        text = amp ? amp + 1 : NULL;
    }
}

/* @p line with every "$G" replaced by @p id (a new string; free() it). */
static char *expand_id(const char *line, const char *id)
{
    size_t uses = 0, len = strlen(line), idlen = strlen(id);
    for (const char *p = line; (p = strstr(p, "$G")) != NULL; p += 2)
        uses++;
    char *out = malloc(len + uses * idlen + 1);
    FUZZ_CHECK(out != NULL);
    char *w = out;
    for (const char *p = line; *p;) {
        if (p[0] == '$' && p[1] == 'G') {
            memcpy(w, id, idlen);
            w += idlen;
            p += 2;
        } else {
            *w++ = *p++;
        }
    }
    *w = '\0';
    return out;
}

/* An answer must be well formed whatever was asked. */
static void check_answer(unsigned status, json_t *json)
{
    static const unsigned known[] = {WEB_HTTP_OK, WEB_HTTP_BAD_REQUEST, WEB_HTTP_NOT_FOUND,
                                     WEB_HTTP_METHOD_NOT_ALLOWED, WEB_HTTP_CONFLICT,
                                     WEB_HTTP_UNPROCESSABLE, WEB_HTTP_UNAVAILABLE,
                                     WEB_HTTP_INSUFFICIENT_STORAGE};
    int is_known = 0;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        is_known |= status == known[i];
    FUZZ_CHECK(is_known);
    if (!json) {
        FUZZ_CHECK(status == WEB_HTTP_UNAVAILABLE); /* out of memory only */
        return;
    }
    FUZZ_CHECK(json_is_object(json));
    json_t *error = json_object_get(json, "error");
    if (status == WEB_HTTP_OK) {
        FUZZ_CHECK(error == NULL);
    } else {
        FUZZ_CHECK(json_is_string(error) && json_string_length(error) > 0);
    }
    char *text = json_dumps(json, JSON_COMPACT);
    FUZZ_CHECK(text != NULL);
    json_t *back = json_loads(text, 0, NULL);
    FUZZ_CHECK(json_is_object(back));
    json_decref(back);
    free(text);
}

/* The position a game's state shows. */
static char *position_of(json_t *st)
{
    json_t *p = json_object_get(st, "position");
    return json_is_string(p) ? strdup(json_string_value(p)) : NULL;
}

/* A record answer must import again into the game it came from (same position). */
static void check_record(web_store *store, const char *text, const char *id)
{
    FUZZ_CHECK(text[0] != '\0');
    json_t *body = json_pack("{s:s}", "record", text);
    char *b = json_dumps(body, JSON_COMPACT);
    json_decref(body);
    web_api_request rq = {"POST", "import", NULL, NULL, b, strlen(b)};
    json_t *imported = NULL;
    unsigned status = web_api_answer(store, &rq, &imported, NULL);
    free(b);
    query_args q = {{"game"}, {id}, 1};
    web_api_request sq = {"GET", "state", query_lookup, &q, NULL, 0};
    json_t *orig = NULL;
    unsigned ostatus = web_api_answer(store, &sq, &orig, NULL);
    if (status == WEB_HTTP_OK && ostatus == WEB_HTTP_OK) {
        char *a = position_of(imported), *o = position_of(orig);
        FUZZ_CHECK(a && o && strcmp(a, o) == 0);
        free(a);
        free(o);
    } else {
        /* Only a full store (every game searching) may refuse it. */
        FUZZ_CHECK(status == WEB_HTTP_UNAVAILABLE || status == WEB_HTTP_CONFLICT ||
                   ostatus != WEB_HTTP_OK);
    }
    json_decref(imported);
    json_decref(orig);
}

static unsigned call(web_store *store, const char *method, const char *name, query_args *q,
                     const char *body, json_t **out)
{
    web_api_request rq = {method, name, query_lookup, q, body, body ? strlen(body) : 0};
    char *text = NULL;
    unsigned status = web_api_answer(store, &rq, out, &text);
    if (text) {
        FUZZ_CHECK(status == WEB_HTTP_OK && *out == NULL);
        const char *id = query_lookup(q, "game");
        if (id)
            check_record(store, text, id);
        free(text);
        *out = json_object(); /* stands for the text answer in the checks below */
        return status;
    }
    check_answer(status, *out);
    return status;
}

/* The game @p id, if the store still has it, answers `state` with a sound state. */
static void check_game(web_store *store, const char *id)
{
    query_args q = {{"game"}, {id}, 1};
    json_t *st = NULL;
    web_store_lock(store);
    int kept = web_store_find(store, id) != NULL;
    web_store_unlock(store);
    if (!kept)
        return;
    unsigned status = call(store, "GET", "state", &q, NULL, &st);
    if (st) {
        FUZZ_CHECK(status == WEB_HTTP_OK);
        json_t *game = json_object_get(st, "game");
        FUZZ_CHECK(json_is_string(game) && strcmp(json_string_value(game), id) == 0);
        json_t *to_move = json_object_get(st, "to_move");
        FUZZ_CHECK(json_is_string(to_move));
        FUZZ_CHECK(strcmp(json_string_value(to_move), "white") == 0 ||
                   strcmp(json_string_value(to_move), "black") == 0);
        FUZZ_CHECK(json_is_string(json_object_get(st, "position")));
    }
    json_decref(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strdup(data, size);
    FUZZ_CHECK(text != NULL);
    web_db *db = NULL;
    ba_error err;
    FUZZ_CHECK(web_db_open(":memory:", &db, &err) == BA_OK);
    web_store *store = web_store_new(ba_camelot_game(), db, FUZZ_WEB_GAMES);
    FUZZ_CHECK(store != NULL);
    char id[WEB_GAME_ID_SIZE] = "0000000000000000";
    char *rest = text, *raw;
    while ((raw = fuzz_next_line(&rest)) != NULL) {
        if (!*raw)
            continue;
        char *line = expand_id(raw, id);
        char *method = line, *name = strchr(line, ' '), *body = NULL, *query = NULL;
        if (name) {
            *name++ = '\0';
            body = strchr(name, ' ');
            if (body)
                *body++ = '\0';
            query = strchr(name, '?');
            if (query)
                *query++ = '\0';
        }
        query_args q;
        parse_query(query, &q);
        json_t *answer = NULL;
        unsigned status = call(store, method, name ? name : "", &q, body, &answer);
        if (getenv("FUZZ_VERBOSE")) { /* for writing corpus inputs: what each line got */
            char *shown = answer ? json_dumps(answer, JSON_COMPACT) : NULL;
            fprintf(stderr, "%s %s -> %u %.300s\n", method, name ? name : "", status,
                    shown ? shown : "(none)");
            free(shown);
        }
        if (status == WEB_HTTP_OK && name && strcmp(name, "new") == 0) {
            json_t *made = json_object_get(answer, "game");
            FUZZ_CHECK(json_is_string(made) && json_string_length(made) == WEB_GAME_ID_SIZE - 1);
            memcpy(id, json_string_value(made), WEB_GAME_ID_SIZE);
        }
        if (status == WEB_HTTP_OK && name && strcmp(name, "ai") == 0) {
            const char *searching = json_string_value(json_object_get(answer, "game"));
            web_store_lock(store);
            web_game *g = searching ? web_store_find(store, searching) : NULL;
            if (g)
                web_game_stop_ai(g, 1);
            web_store_unlock(store);
        }
        json_decref(answer);
        free(line);
        check_game(store, id);
    }
    web_store_free(store);
    web_db_close(db);
    free(text);
    return 0;
}
