/*
 * Games that are never lost: the real boardai-camelot-web program (CAMELOT_WEB_BIN) on a real
 * SQLite file, killed with SIGKILL while clients play, then started again on the same file.
 * Also: many clients on many games at once (no lost or duplicated move), a search that was
 * running, and files that must be refused (not SQLite, another program's, a newer schema).
 */
#include <check.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include <boardai/boardai.h>
#include <boardai/camelot.h>

#include "check_main.h"
#include "web_client.h"

#define GAMES 24
#define CLIENTS 8
#define GAMES_PER_CLIENT 6 /* each game is played by two clients at once */
#define MOVES_PER_CLIENT 40

static char dir[64], db[128];
static pid_t server_pid;

/* Starts the program on @p path; returns its exit status instead when it does not start
 * (then @p err_out gets what it printed on stderr). */
static int spawn(const char *path, char *err_out, size_t cap)
{
    int out[2], err[2];
    ck_assert_int_eq(pipe(out), 0);
    ck_assert_int_eq(pipe(err), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(out[1], 1);
        dup2(err[1], 2);
        close(out[0]);
        close(err[0]);
        execl(CAMELOT_WEB_BIN, CAMELOT_WEB_BIN, "--port", "0", "--db", path, "--max-games", "8",
              (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    char line[512] = "";
    FILE *f = fdopen(out[0], "r");
    int port = 0;
    if (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "127.0.0.1:");
        if (p)
            port = atoi(p + 10);
    }
    fclose(f); /* the server's later lines go nowhere: it prints only at start */
    if (port > 0) {
        close(err[0]);
        server_pid = pid;
        wc_port = port;
        return 0;
    }
    ssize_t n = read(err[0], err_out, cap - 1);
    err_out[n > 0 ? n : 0] = '\0';
    close(err[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static void start(void)
{
    char err[1024];
    ck_assert_msg(spawn(db, err, sizeof err) == 0, "the server did not start: %s", err);
}

static void kill9(void)
{
    kill(server_pid, SIGKILL);
    int status;
    waitpid(server_pid, &status, 0);
    ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    server_pid = 0;
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/camelot-web-persist-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/games.sqlite", dir);
}

static void teardown(void)
{
    if (server_pid > 0) {
        kill(server_pid, SIGKILL);
        waitpid(server_pid, NULL, 0);
        server_pid = 0;
    }
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

/* ---- clients ---- */

/* A move the server acknowledged: the game, its ply (0-based) and its text. */
typedef struct acked {
    int game;
    size_t ply;
    char text[BA_MOVE_TEXT_MAX];
} acked;

typedef struct client {
    int index;
    char (*ids)[32];
    acked acks[MOVES_PER_CLIENT];
    int n_acks;
    int refused; /* 409/422: the other client moved first (a stale choice), as expected */
    int errors;  /* anything else */
    unsigned seed;
} client;

/* Plays random legal moves on its games, until MOVES_PER_CLIENT are acknowledged or the
 * server goes away. */
static void *client_main(void *arg)
{
    client *c = arg;
    for (int tries = 0; c->n_acks < MOVES_PER_CLIENT && tries < MOVES_PER_CLIENT * 20; tries++) {
        int game = (c->index * 3 + (int)(rand_r(&c->seed) % GAMES_PER_CLIENT)) % GAMES;
        char path[96];
        snprintf(path, sizeof path, "/api/state?game=%s", c->ids[game]);
        reply r = request("GET", path, NULL);
        if (r.status != 200) {
            json_decref(r.json);
            break; /* killed */
        }
        json_t *moves = json_object_get(r.json, "moves");
        size_t n = json_array_size(moves);
        if (n == 0) {
            json_decref(r.json);
            continue; /* game over */
        }
        char chosen[BA_MOVE_TEXT_MAX], body[BA_MOVE_TEXT_MAX + 32];
        snprintf(chosen, sizeof chosen, "%s",
                 str(json_array_get(moves, rand_r(&c->seed) % n), "text"));
        snprintf(body, sizeof body, ",\"move\":\"%s\"", chosen);
        json_decref(r.json);
        reply m = call("/api/move", c->ids[game], body);
        if (m.status == 200) {
            /* The answer's record says where the move went. */
            json_t *rec = json_object_get(m.json, "record");
            size_t len = json_array_size(rec);
            acked *a = &c->acks[c->n_acks++];
            a->game = game;
            a->ply = len - 1;
            snprintf(a->text, sizeof a->text, "%s", str(json_array_get(rec, len - 1), "text"));
            if (strcmp(a->text, chosen) != 0) /* the answer shows the move that was sent */
                c->errors++;
        } else if (m.status == 409 || m.status == 422) {
            c->refused++;
        } else if (m.status == -1) {
            json_decref(m.json);
            break; /* killed */
        } else {
            c->errors++;
        }
        json_decref(m.json);
    }
    return NULL;
}

static void new_games(char ids[GAMES][32])
{
    for (int i = 0; i < GAMES; i++) {
        reply r = request("GET", "/api/new?ai=none&level=1", NULL);
        ck_assert_int_eq(r.status, 200);
        snprintf(ids[i], 32, "%s", str(r.json, "game"));
        json_decref(r.json);
    }
}

static void run_clients(client *cs, char ids[GAMES][32], int kill_after_ms)
{
    pthread_t th[CLIENTS];
    for (int i = 0; i < CLIENTS; i++) {
        cs[i] = (client){.index = i, .ids = ids, .seed = 1234u + (unsigned)i};
        ck_assert_int_eq(pthread_create(&th[i], NULL, client_main, &cs[i]), 0);
    }
    if (kill_after_ms > 0) {
        struct timespec ts = {kill_after_ms / 1000, (long)(kill_after_ms % 1000) * 1000000L};
        nanosleep(&ts, NULL);
        kill9(); /* moves are in flight now */
    }
    for (int i = 0; i < CLIENTS; i++)
        pthread_join(th[i], NULL);
}

/* The game's record and position, and a check that the record replays (in the library) to
 * the position shown. Returns the state (decref it). */
static json_t *checked_state(const char *id)
{
    char path[96];
    snprintf(path, sizeof path, "/api/state?game=%s", id);
    reply r = request("GET", path, NULL);
    ck_assert_int_eq(r.status, 200);
    ba_pos *pos;
    ck_assert_int_eq(ba_pos_new(ba_camelot_game(), &pos), BA_OK);
    json_t *rec = json_object_get(r.json, "record");
    for (size_t i = 0; i < json_array_size(rec); i++)
        ck_assert_int_eq(ba_pos_play_text(pos, str(json_array_get(rec, i), "text"), NULL), BA_OK);
    char text[BA_POS_TEXT_MAX];
    ck_assert_int_gt(ba_pos_text(pos, text, sizeof text), 0);
    ck_assert_str_eq(text, str(r.json, "position"));
    ba_pos_free(pos);
    return r.json;
}

/* Every acknowledged move is in its game's record at its place, exactly once; @p exact: and
 * nothing else is (no kill), else at most one unacknowledged move per client may follow. */
static void check_acks(client *cs, char ids[GAMES][32], int exact)
{
    for (int g = 0; g < GAMES; g++) {
        json_t *st = checked_state(ids[g]);
        json_t *rec = json_object_get(st, "record");
        size_t acked_here = 0;
        for (int i = 0; i < CLIENTS; i++)
            for (int k = 0; k < cs[i].n_acks; k++) {
                const acked *a = &cs[i].acks[k];
                if (a->game != g)
                    continue;
                acked_here++;
                ck_assert_msg(a->ply < json_array_size(rec), "game %d lost its move %zu", g,
                              a->ply + 1);
                ck_assert_str_eq(str(json_array_get(rec, a->ply), "text"), a->text);
            }
        /* Two acknowledgements never name the same ply (no move counted twice)... */
        for (int i = 0; i < CLIENTS; i++)
            for (int k = 0; k < cs[i].n_acks; k++)
                for (int j = 0; j < CLIENTS; j++)
                    for (int l = 0; l < cs[j].n_acks; l++)
                        if ((i != j || k != l) && cs[i].acks[k].game == g &&
                            cs[j].acks[l].game == g)
                            ck_assert(cs[i].acks[k].ply != cs[j].acks[l].ply);
        /* ...and the record holds no move nobody was told about. */
        if (exact)
            ck_assert_uint_eq(json_array_size(rec), acked_here);
        else
            ck_assert_uint_le(json_array_size(rec), acked_here + 2);
        json_decref(st);
    }
}

START_TEST(concurrent_clients_then_kill9_and_restart)
{
    start();
    char ids[GAMES][32];
    new_games(ids);
    client cs[CLIENTS];
    run_clients(cs, ids, 0);
    int total = 0;
    for (int i = 0; i < CLIENTS; i++) {
        ck_assert_int_eq(cs[i].errors, 0);
        total += cs[i].n_acks;
    }
    ck_assert_int_eq(total, CLIENTS * MOVES_PER_CLIENT);
    check_acks(cs, ids, 1);
    /* Every game's state before the kill... */
    char *before[GAMES];
    for (int g = 0; g < GAMES; g++) {
        json_t *st = checked_state(ids[g]);
        json_object_del(st, "seq");
        json_object_del(st, "ai"); /* "paused" differs after a reload; checked below */
        before[g] = json_dumps(st, JSON_SORT_KEYS | JSON_COMPACT);
        json_decref(st);
    }
    kill9();
    start();
    /* ...is exactly the state after the restart. */
    for (int g = 0; g < GAMES; g++) {
        json_t *st = checked_state(ids[g]);
        ck_assert(json_is_false(json_object_get(json_object_get(st, "ai"), "thinking")));
        json_object_del(st, "seq");
        json_object_del(st, "ai");
        char *after = json_dumps(st, JSON_SORT_KEYS | JSON_COMPACT);
        ck_assert_str_eq(after, before[g]);
        free(after);
        free(before[g]);
        json_decref(st);
    }
    /* The list of saved games has them all, with their lengths. */
    reply r = request("GET", "/api/games", NULL);
    ck_assert_int_eq(r.status, 200);
    ck_assert_uint_eq(json_array_size(json_object_get(r.json, "games")), GAMES);
    json_decref(r.json);
}
END_TEST

START_TEST(kill9_with_moves_in_flight)
{
    start();
    char ids[GAMES][32];
    new_games(ids);
    client cs[CLIENTS];
    run_clients(cs, ids, 400);
    int total = 0;
    for (int i = 0; i < CLIENTS; i++)
        total += cs[i].n_acks;
    ck_assert_int_gt(total, 0); /* moves were being made when the server died */
    start();
    check_acks(cs, ids, 0); /* every acknowledged move survived, in its place */
}
END_TEST

START_TEST(search_running_at_kill_is_not_running_after)
{
    start();
    reply r = request("GET", "/api/new?ai=black&level=6", NULL);
    ck_assert_int_eq(r.status, 200);
    char id[32];
    snprintf(id, sizeof id, "%s", str(r.json, "game"));
    json_decref(r.json);
    r = call("/api/move", id, ",\"move\":\"D7-D8\"");
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
    r = call("/api/ai", id, "");
    ck_assert_int_eq(r.status, 200);
    ck_assert(json_is_true(json_object_get(json_object_get(r.json, "ai"), "thinking")));
    json_decref(r.json);
    kill9();
    start();
    json_t *st = checked_state(id);
    json_t *ai = json_object_get(st, "ai");
    ck_assert(json_is_false(json_object_get(ai, "thinking")));
    ck_assert(json_is_true(json_object_get(ai, "paused"))); /* the page offers "AI move" */
    ck_assert_str_eq(str(st, "to_move"), "black");
    ck_assert_uint_eq(json_array_size(json_object_get(st, "record")), 1);
    json_decref(st);
    r = call("/api/ai", id, ",\"level\":1"); /* and it can be started again */
    ck_assert_int_eq(r.status, 200);
    json_decref(r.json);
}
END_TEST

/* ---- files that are refused ---- */

static void write_file(const char *path, const char *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(bytes, 1, n, f), n);
    fclose(f);
}

static void sql(const char *path, const char *text)
{
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(h, text, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(h);
}

static void refused(const char *path, const char *why)
{
    char err[1024];
    int status = spawn(path, err, sizeof err);
    ck_assert_msg(status == 1, "exit status %d (%s)", status, err);
    ck_assert_msg(strstr(err, why) != NULL, "'%s' does not say '%s'", err, why);
}

START_TEST(bad_files_are_refused)
{
    char path[160];
    snprintf(path, sizeof path, "%s/garbage.sqlite", dir);
    static const char junk[] = "this is not a database, just some text that fills a page....";
    char big[8192];
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = junk[i % (sizeof junk - 1)];
    write_file(path, big, sizeof big);
    refused(path, "not a usable database");

    /* A real database of ours, damaged in the middle of its pages. */
    start();
    char ids[GAMES][32];
    new_games(ids);
    kill9();
    sql(db, "PRAGMA wal_checkpoint(TRUNCATE)");
    FILE *f = fopen(db, "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    ck_assert_int_gt(size, 4096);
    fseek(f, 4096 + 8, SEEK_SET); /* page 2's header and cells */
    fwrite(big, 1, 1024, f);
    fclose(f);
    refused(db, "not a usable database");

    snprintf(path, sizeof path, "%s/other.sqlite", dir);
    sql(path, "CREATE TABLE accounts (name TEXT, balance INTEGER)");
    refused(path, "belongs to another program");

    snprintf(path, sizeof path, "%s/newer.sqlite", dir);
    sql(path, "PRAGMA application_id = 1111573335; PRAGMA user_version = 99;"
              "CREATE TABLE games (id TEXT)");
    refused(path, "newer release");
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot-web saved games");
    TCase *tc = tcase_create("persist");
    tcase_set_timeout(tc, 240);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, concurrent_clients_then_kill9_and_restart);
    tcase_add_test(tc, kill9_with_moves_in_flight);
    tcase_add_test(tc, search_running_at_kill_is_not_running_after);
    tcase_add_test(tc, bad_files_are_refused);
    suite_add_tcase(s, tc);
    return s;
}
