/* `boardai-kalah solve`: the exact value of a Kalah board (or position) and its best move, with
 * a progress line on stderr while it works. */
#include <string.h>
#include <time.h>

#include "kalah_cli.h"

typedef struct solve_progress {
    int last_test;        /* the null-window test the progress line is about */
    uint64_t test_start;  /* when it started (ms since the solve began) */
    int printed;          /* a progress line is on screen */
} solve_progress;

static void print_duration(uint64_t ms, char *buf, size_t cap)
{
    uint64_t s = (ms + 500) / 1000;
    if (s >= 3600)
        snprintf(buf, cap, "%lluh%02llum", (unsigned long long)(s / 3600),
                 (unsigned long long)(s / 60 % 60));
    else if (s >= 60)
        snprintf(buf, cap, "%llum%02llus", (unsigned long long)(s / 60),
                 (unsigned long long)(s % 60));
    else
        snprintf(buf, cap, "%llus", (unsigned long long)s);
}

static void on_progress(void *user, const ba_kalah_progress *p)
{
    solve_progress *sp = user;
    char elapsed[32], left[32];
    if (p->time_ms < 1000)
        return; /* short solves need no progress line */
    print_duration(p->time_ms, elapsed, sizeof elapsed);
    if (p->phase == 0) {
        fprintf(stderr, "\r[%s] endgame database: %d seeds done (%.0f%%)          ", elapsed,
                p->db_seeds, 100.0 * p->done);
    } else {
        if (p->test != sp->last_test) {
            sp->last_test = p->test;
            sp->test_start = p->time_ms;
        }
        /* The share of this test's tree already searched, from the move numbers along the path
         * being searched: time left = time so far * (1 - done) / done. A rough guess. */
        uint64_t spent = p->time_ms - sp->test_start;
        if (p->done > 0.001)
            print_duration((uint64_t)((double)spent * (1.0 - p->done) / p->done), left,
                           sizeof left);
        else
            snprintf(left, sizeof left, "?");
        fprintf(stderr,
                "\r[%s] value in [%+d, %+d]; testing >= %+d: %.0f%% done, about %s left, "
                "%llu nodes   ",
                elapsed, p->lower, p->upper, p->test, 100.0 * p->done, left,
                (unsigned long long)p->nodes);
    }
    sp->printed = 1;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* --db-file: loads the database if the file exists; *seeds is its seed count (-1: no file). A file
 * that exists but cannot be used is an error: better than silently building (and overwriting). */
static int load_db(ba_kalah_solver *solver, const char *path, int *seeds)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return 1; /* not there yet: built by the solve and saved afterwards */
    fclose(f);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ba_error err;
    if (ba_kalah_solver_load_db(solver, path, &err) != BA_OK) {
        fprintf(stderr, "boardai-kalah: %s\n", err.message);
        return 0;
    }
    *seeds = ba_kalah_solver_db_seeds(solver);
    fprintf(stderr, "endgame database of %d seeds loaded from %s in %.2f s\n", *seeds, path,
            seconds_since(&t0));
    return 1;
}

static void save_db(ba_kalah_solver *solver, const char *path)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ba_error err;
    if (ba_kalah_solver_save_db(solver, path, &err) != BA_OK)
        fprintf(stderr, "boardai-kalah: %s\n", err.message); /* the solve itself succeeded */
    else
        fprintf(stderr, "endgame database of %d seeds saved to %s in %.2f s\n",
                ba_kalah_solver_db_seeds(solver), path, seconds_since(&t0));
}

int kcli_solve(const ba_game *g, const kcli_options *o)
{
    ba_kalah_solve_options so = ba_kalah_solve_options_default();
    if (o->hash_mb > 0)
        so.tt_mb = (size_t)o->hash_mb;
    so.db_mb = (size_t)o->db_mb;
    so.db_seeds = o->db_seeds;
    so.max_time_ms = o->time_ms > 0 ? (uint64_t)o->time_ms : 0;
    solve_progress sp;
    memset(&sp, 0, sizeof sp);
    sp.last_test = -100000;
    if (!o->quiet) {
        so.progress = on_progress;
        so.user = &sp;
    }

    ba_pos *pos;
    ba_error err;
    if (ba_pos_new(g, &pos) != BA_OK) {
        fprintf(stderr, "boardai-kalah: out of memory\n");
        return 1;
    }
    if (o->position && ba_pos_set_text(pos, o->position, &err) != BA_OK) {
        fprintf(stderr, "boardai-kalah: bad --position: %s\n", err.message);
        ba_pos_free(pos);
        return 2;
    }
    ba_kalah_solver *solver;
    if (ba_kalah_solver_new(g, &so, &solver, &err) != BA_OK) {
        fprintf(stderr, "boardai-kalah: %s\n", err.message);
        ba_pos_free(pos);
        return 1;
    }
    int loaded = -1;
    if (o->db_file && !load_db(solver, o->db_file, &loaded)) {
        ba_kalah_solver_free(solver);
        ba_pos_free(pos);
        return 1;
    }
    ba_kalah_solution sol;
    int rc = ba_kalah_solver_solve(solver, ba_pos_state(pos), &sol, &err);
    if (sp.printed)
        fputc('\n', stderr);
    if (rc != BA_OK) {
        fprintf(stderr, "boardai-kalah: %s\n", err.message);
        ba_kalah_solver_free(solver);
        ba_pos_free(pos);
        return 1;
    }
    /* Keep what was built for the next run: a new file, or a bigger database than the file's. */
    if (o->db_file && ba_kalah_solver_db_seeds(solver) > loaded)
        save_db(solver, o->db_file);
    ba_kalah_solver_free(solver);
    ba_kalah_options rules;
    ba_kalah_get_options(g, &rules);
    if (!sol.exact) {
        fprintf(stderr,
                "boardai-kalah: stopped by the time limit after %llu ms; the value is in "
                "[%+d, %+d]\n",
                (unsigned long long)sol.time_ms, sol.lower, sol.upper);
        ba_pos_free(pos);
        return 1;
    }
    printf("value %+d\n", sol.value);
    if (!ba_move_is_none(&sol.best)) {
        char mv[16];
        ba_pos_move_text(pos, &sol.best, mv, sizeof mv);
        printf("best %s\n", mv);
    } else {
        printf("best none (the game is over)\n");
    }
    fprintf(stderr,
            "Kalah(%d,%d)%s: value %+d for the side to move, %.2f s (endgame database of %d "
            "seeds: %.2f s), %llu nodes (search %llu, database %llu)\n",
            rules.pits, rules.seeds, rules.empty_capture ? " with empty capture" : "",
            sol.value, (double)sol.time_ms / 1000.0, sol.db_seeds,
            (double)sol.db_time_ms / 1000.0, (unsigned long long)sol.nodes,
            (unsigned long long)(sol.nodes - sol.db_nodes), (unsigned long long)sol.db_nodes);
    ba_pos_free(pos);
    return 0;
}
