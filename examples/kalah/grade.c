/* `boardai-kalah grade`: each level's moves graded against perfect play. The level plays both
 * sides of games that open with a few random plies (so that the games differ); before every move
 * the exact solver gives the value of each legal move, and the level's choice is compared with
 * the best: a move "loses value" when its exact value is below the best one, by that margin in
 * seeds. This is the outside scale for Kalah that self-play cannot give: the distance from
 * perfect play. */
#include <string.h>
#include <time.h>

#include "kalah_cli.h"
#include "prog_util.h"

/* A level's totals over its games. */
typedef struct grade_totals {
    int games;
    long moves;        /* the level's moves graded (forced moves, with one legal choice, are not) */
    long losing_moves; /* of them, moves whose exact value is below the best move's */
    long margin_lost;  /* seeds lost against perfect play, summed over every move */
} grade_totals;

typedef struct grade_ctx {
    const ba_game *g;
    const kcli_options *o;
    ba_kalah_solver *solver;
    ba_engine *engine;
    uint64_t rng;
    struct timespec t0;
    int games_done, games_total;
} grade_ctx;

/* The exact value of @p move in @p pos for the side to move there (own store minus the
 * opponent's at the end). */
static int move_value(grade_ctx *c, const ba_pos *pos, const ba_move *move, int *value)
{
    ba_pos *child = NULL;
    int rc = ba_pos_clone(pos, &child);
    if (rc != BA_OK)
        return rc;
    rc = ba_pos_play(child, move, NULL);
    if (rc == BA_OK) {
        ba_error err;
        ba_kalah_solution sol;
        rc = ba_kalah_solver_solve(c->solver, ba_pos_state(child), &sol, &err);
        if (rc == BA_OK && !sol.exact)
            rc = BA_ERR_STATE; /* --time ran out: no exact grade */
        if (rc == BA_OK) {
            /* The solution is the child's side to move's margin: the mover's own after an
             * extra turn, else the opponent's. */
            int same = ba_pos_side_to_move(child) == ba_pos_side_to_move(pos);
            *value = same ? sol.value : -sol.value;
        }
    }
    ba_pos_free(child);
    return rc;
}

static void progress(grade_ctx *c, int level)
{
    if (c->o->quiet)
        return;
    double spent = prog_seconds_since(&c->t0);
    double left = c->games_done > 0
                      ? spent * (c->games_total - c->games_done) / c->games_done
                      : 0.0;
    fprintf(stderr, "\r[%.0fs] level %d: %d of %d games graded, about %.0fs left   ", spent, level,
            c->games_done, c->games_total, left);
}

/* One game at @p level; adds to @p t. */
static int grade_game(grade_ctx *c, int level, grade_totals *t)
{
    const kcli_level *lv = &kcli_levels[level - 1];
    ba_pos *pos = NULL;
    int rc = ba_pos_new(c->g, &pos);
    if (rc != BA_OK)
        return rc;
    ba_engine_set(c->engine, BA_OPT_DEPTH, lv->depth);
    ba_engine_set(c->engine, BA_OPT_TIME_MS, lv->time_ms);
    for (int ply = 0; rc == BA_OK && ba_pos_result(pos) == BA_RESULT_ONGOING; ply++) {
        ba_move moves[BA_KALAH_MAX_PITS];
        int n = ba_pos_moves(pos, moves, BA_KALAH_MAX_PITS);
        if (n <= 0) {
            rc = n < 0 ? n : BA_ERR_INTERNAL;
            break;
        }
        if (ply < c->o->random_plies) {
            rc = ba_pos_play(pos, &moves[prog_next_random(&c->rng) % (uint64_t)n], NULL);
            continue;
        }
        ba_search_result r;
        rc = ba_engine_search(c->engine, pos, &r);
        if (rc != BA_OK)
            break;
        if (n > 1) {
            int best = -1000, chosen = -1000;
            for (int i = 0; i < n && rc == BA_OK; i++) {
                int v = 0;
                rc = move_value(c, pos, &moves[i], &v);
                if (v > best)
                    best = v;
                if (ba_move_equal(&moves[i], &r.best))
                    chosen = v;
            }
            if (rc != BA_OK)
                break;
            /* The best move's value must be the position's own exact value: a check of the
             * sign rules above on every graded move. */
            ba_kalah_solution whole;
            ba_error err;
            rc = ba_kalah_solver_solve(c->solver, ba_pos_state(pos), &whole, &err);
            if (rc == BA_OK && whole.exact && whole.value != best) {
                rc = BA_ERR_INTERNAL;
                break;
            }
            if (chosen == -1000) {
                rc = BA_ERR_INTERNAL; /* the engine's move is not among the legal ones */
                break;
            }
            t->moves++;
            if (chosen < best) {
                t->losing_moves++;
                t->margin_lost += best - chosen;
            }
        }
        rc = ba_pos_play(pos, &r.best, NULL);
    }
    ba_pos_free(pos);
    if (rc == BA_OK)
        t->games++;
    return rc;
}

int kcli_grade(const ba_game *g, const kcli_options *o)
{
    grade_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.o = o;
    c.rng = (uint64_t)o->grade_seed;
    ba_kalah_solve_options so = ba_kalah_solve_options_default();
    if (o->hash_mb > 0)
        so.tt_mb = (size_t)o->hash_mb;
    so.db_mb = (size_t)o->db_mb;
    so.db_seeds = o->db_seeds;
    so.max_time_ms = (uint64_t)o->time_ms;
    ba_error err;
    if (ba_kalah_solver_new(g, &so, &c.solver, &err) != BA_OK) {
        fprintf(stderr, "boardai-kalah: %s\n", err.message);
        return 2;
    }
    if (o->db_file != NULL && ba_kalah_solver_load_db(c.solver, o->db_file, &err) != BA_OK) {
        fprintf(stderr, "boardai-kalah: %s\n", err.message);
        ba_kalah_solver_free(c.solver);
        return 2;
    }
    if (ba_engine_new(g, &c.engine) != BA_OK) {
        ba_kalah_solver_free(c.solver);
        fprintf(stderr, "boardai-kalah: out of memory\n");
        return 2;
    }
    ba_engine_set(c.engine, BA_OPT_DETERMINISTIC, 1);
    c.games_total = o->grade_games * (o->grade_last - o->grade_first + 1);
    clock_gettime(CLOCK_MONOTONIC, &c.t0);
    ba_kalah_options rules;
    ba_kalah_get_options(g, &rules);
    printf("| level | search | games | moves graded | moves losing value | share | seeds lost "
           "per game |\n|---|---|---:|---:|---:|---:|---:|\n");
    int status = 0;
    for (int level = o->grade_first; level <= o->grade_last && status == 0; level++) {
        grade_totals t;
        memset(&t, 0, sizeof t);
        c.rng = (uint64_t)o->grade_seed; /* every level plays from the same openings */
        for (int i = 0; i < o->grade_games; i++) {
            int rc = grade_game(&c, level, &t);
            if (rc != BA_OK) {
                fprintf(stderr, "\nboardai-kalah: level %d, game %d: %s\n", level, i + 1,
                        rc == BA_ERR_STATE ? "the solver ran out of time (--time)"
                                           : ba_errstr(rc));
                status = 1;
                break;
            }
            c.games_done++;
            progress(&c, level);
        }
        const kcli_level *lv = &kcli_levels[level - 1];
        char search[64];
        if (lv->time_ms > 0)
            snprintf(search, sizeof search, "depth %d, %lld ms cap", lv->depth,
                     (long long)lv->time_ms);
        else
            snprintf(search, sizeof search, "depth %d", lv->depth);
        if (!o->quiet)
            fprintf(stderr, "\n");
        printf("| %d %s | %s | %d | %ld | %ld | %.1f%% | %.2f |\n", level, lv->name, search,
               t.games, t.moves, t.losing_moves,
               t.moves ? 100.0 * (double)t.losing_moves / (double)t.moves : 0.0,
               t.games ? (double)t.margin_lost / (double)t.games : 0.0);
        fflush(stdout);
    }
    printf("\nKalah(%d,%d)%s, %d random opening plies, seed %lld, %.0f s.\n", rules.pits,
           rules.seeds, rules.empty_capture ? " with empty capture" : "", o->random_plies,
           (long long)o->grade_seed, prog_seconds_since(&c.t0));
    ba_engine_free(c.engine);
    ba_kalah_solver_free(c.solver);
    return status;
}
