/* Helpers shared by the Check suites; see test_util.h. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test_util.h"

ba_pos *bt_new_pos(const ba_game *g, const char *text)
{
    ba_pos *p = NULL;
    ck_assert_int_eq(ba_pos_new(g, &p), BA_OK);
    if (text) {
        ba_error err;
        ck_assert_msg(ba_pos_set_text(p, text, &err) == BA_OK, "%s", err.message);
    }
    return p;
}

int bt_is_legal(const ba_pos *p, const ba_move *m)
{
    const ba_game *g = ba_pos_game(p);
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    ck_assert_ptr_nonnull(moves);
    int n = ba_pos_moves(p, moves, g->max_moves);
    int found = 0;
    for (int i = 0; i < n && !found; i++)
        found = ba_move_equal(&moves[i], m);
    free(moves);
    return found;
}

void *bt_stop_engine_later(void *engine)
{
    struct timespec ts = {0, 50 * 1000000L};
    nanosleep(&ts, NULL);
    ba_engine_stop(engine);
    return NULL;
}

uint64_t bt_lcg_next(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 33;
}

FILE *bt_open_beside(const char *source, const char *name)
{
    char path[4096];
    const char *slash = strrchr(source, '/');
    size_t dir = slash ? (size_t)(slash - source) + 1 : 0;
    if (dir + strlen(name) + 1 > sizeof path) return NULL;
    memcpy(path, source, dir);
    strcpy(path + dir, name);
    return fopen(path, "r");
}
