/*
 * boardai-tune-camelot: Texel tuning of Camelot's evaluation weights.
 *
 *   1. self-play: fast games from random openings, every quiet position labelled with the
 *      game's result (or --load a saved set);
 *   2. K: the scale of sigmoid(K x eval) that best fits the results under the starting weights;
 *   3. the weights by Newton's method on the logistic loss, for each X (the base of the
 *      knight's value) of a golden-section search, on 4/5 of the games; the rest is held out;
 *   4. the report: the losses before and after (train and held out, the weights as fitted and
 *      rounded to the API's integers), the weights as a table, a C initializer and a --game
 *      specification.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

#define PROGRAM "boardai-tune-camelot"
#define DEFAULT_FIX "advance,centre,mobility,trading,knight_support,man_support,exposure"

typedef struct tune_opts {
    tc_selfplay_cfg play;
    const char *save, *load, *start;
    int holdout_every; /* every k-th game is held out */
    double lambda;
    int fit_x, verbose;
    unsigned char fixed[TC_PARAMS]; /* --fix: parameters kept at the start weights */
} tune_opts;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: " PROGRAM " [options]\n"
            "Texel tuning of Camelot's evaluation weights on self-play positions\n"
            "(docs/camelot-evaluation.md, \"Tuning\"). Prints the losses and the fitted weights.\n"
            "  --games G         self-play games (default 300)\n"
            "  --depth D         search depth per move (default 2)\n"
            "  --nodes N         node limit per move, 0 = none (default 0)\n"
            "  --random-plies R  random opening plies (default 6)\n"
            "  --max-plies P     a game longer than this counts as a draw (default 400)\n"
            "  --seed S          seed of the openings and engines (default 1)\n"
            "  --max-seconds T   no new game after T seconds, 0 = none (default 240)\n"
            "  --start NAME      weights preset to start from and to play with (default nolan)\n"
            "  --holdout K       hold out every K-th game (default 5)\n"
            "  --lambda L        pull toward the start weights (default 0.001)\n"
            "  --no-x            keep X, the base of the knight's value, as it is\n"
            "  --fix GROUPS      keep these at the start weights (comma-separated: advance,\n"
            "                    centre, mobility, trading, knight_support, man_support,\n"
            "                    exposure; default all of them, so only X is fitted;\n"
            "                    none: fit them all)\n"
            "  --save FILE       write the positions (one per line)\n"
            "  --load FILE       read positions written by --save instead of playing\n"
            "  --verbose         progress on stderr\n"
            "  --help, --version\n");
}

static int parse_number(const char *opt, const char *v, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double d = v ? strtod(v, &end) : 0.0;
    if (!v || end == v || *end != '\0' || errno == ERANGE || !(d >= lo && d <= hi)) {
        fprintf(stderr, PROGRAM ": %s needs a number from %g to %g, not '%s'\n", opt, lo, hi,
                v ? v : "(nothing)");
        return -1;
    }
    *out = d;
    return 0;
}

/* @return 0 to run, 1 to exit successfully (--help, --version), -1 on a bad argument. */
static int parse_args(int argc, char **argv, tune_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        double d = 0.0;
        int used = 1;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        } else if (strcmp(a, "--version") == 0) {
            printf(PROGRAM " %s (libboardai %s)\n", BOARDAI_EXAMPLE_VERSION, ba_version_string());
            return 1;
        } else if (strcmp(a, "--no-x") == 0) {
            o->fit_x = 0, used = 0;
        } else if (strcmp(a, "--verbose") == 0) {
            o->verbose = 1, used = 0;
        } else if (strcmp(a, "--save") == 0 || strcmp(a, "--load") == 0 ||
                   strcmp(a, "--start") == 0) {
            if (!v) {
                fprintf(stderr, PROGRAM ": %s needs a value\n", a);
                return -1;
            }
            *(a[2] == 's' ? (a[3] == 'a' ? &o->save : &o->start) : &o->load) = v;
        } else if (strcmp(a, "--fix") == 0) {
            ba_error err = {0};
            memset(o->fixed, 0, sizeof o->fixed);
            if (!v || (strcmp(v, "none") != 0 && tc_fix_groups(v, o->fixed, &err) != 0)) {
                fprintf(stderr, PROGRAM ": --fix: %s\n", v ? err.message : "needs a list");
                return -1;
            }
        } else if (strcmp(a, "--games") == 0) {
            if (parse_number(a, v, 1, 1e7, &d))
                return -1;
            o->play.games = (int)d;
        } else if (strcmp(a, "--depth") == 0) {
            if (parse_number(a, v, 1, BA_MAX_DEPTH, &d))
                return -1;
            o->play.depth = (int)d;
        } else if (strcmp(a, "--nodes") == 0) {
            if (parse_number(a, v, 0, 1e12, &d))
                return -1;
            o->play.nodes = (int64_t)d;
        } else if (strcmp(a, "--random-plies") == 0) {
            if (parse_number(a, v, 0, 100, &d))
                return -1;
            o->play.random_plies = (int)d;
        } else if (strcmp(a, "--max-plies") == 0) {
            if (parse_number(a, v, 1, 100000, &d))
                return -1;
            o->play.max_plies = (int)d;
        } else if (strcmp(a, "--seed") == 0) {
            if (parse_number(a, v, 0, 4e9, &d))
                return -1;
            o->play.seed = (uint64_t)d;
        } else if (strcmp(a, "--max-seconds") == 0) {
            if (parse_number(a, v, 0, 1e7, &o->play.max_seconds))
                return -1;
        } else if (strcmp(a, "--holdout") == 0) {
            if (parse_number(a, v, 2, 1000, &d))
                return -1;
            o->holdout_every = (int)d;
        } else if (strcmp(a, "--lambda") == 0) {
            if (parse_number(a, v, 0, 1e12, &o->lambda))
                return -1;
        } else {
            fprintf(stderr, PROGRAM ": unknown argument '%s' (try --help)\n", a);
            return -1;
        }
        i += used;
    }
    return 0;
}

static int load_set(const char *path, tc_set *set)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, PROGRAM ": cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    tc_record r;
    ba_error err = {0};
    int rc = 0;
    while (tc_record_read(f, &r, &err) == 0)
        if (tc_set_push(set, &r) != 0) {
            err.code = BA_ERR_NOMEM;
            snprintf(err.message, sizeof err.message, "out of memory");
            break;
        }
    if (err.code != BA_OK) {
        fprintf(stderr, PROGRAM ": %s: %s\n", path, err.message);
        rc = -1;
    }
    fclose(f);
    return rc;
}

static int save_set(const char *path, const tc_set *set)
{
    FILE *f = fopen(path, "w");
    int rc = f ? 0 : -1;
    for (size_t i = 0; i < set->n && rc == 0; i++)
        rc = tc_record_write(f, &set->rec[i]);
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, PROGRAM ": cannot write %s: %s\n", path, strerror(errno));
    return rc;
}

/* The fit at one X: the weights' parameters from @p start, fitted; @return the training loss. */
static double fit_at(const tc_set *set, const size_t *train, size_t ntrain, ba_camelot_weights *w,
                     double x, double knight_n, double k, const tune_opts *o,
                     const double prior[TC_PARAMS], double theta[TC_PARAMS])
{
    w->knight_x = x;
    memcpy(theta, prior, TC_PARAMS * sizeof *theta);
    if (tc_fit_newton(set, train, ntrain, w, knight_n, k, o->lambda, prior, o->fixed, theta) < 0)
        return INFINITY;
    double loss = tc_loss_theta(set, train, ntrain, w, knight_n, k, theta);
    if (o->verbose)
        fprintf(stderr, "  X = %.4f: training loss %.6f\n", x, loss);
    return loss;
}

static void print_weights(const ba_camelot_weights *w)
{
    printf("{%.6f, %d, %d, %d, {", w->knight_x, w->man, w->castle_win, w->wipeout_win);
    for (int i = 0; i < BA_CAMELOT_ADVANCE_RANKS; i++)
        printf("%s%d", i ? ", " : "", w->advance[i]);
    printf("}, %d, %d, {", w->mobility, w->trading);
    for (int i = 0; i < BA_CAMELOT_CENTRE_FILES; i++)
        printf("%s%d", i ? ", " : "", w->centre[i]);
    printf("}, %d, %d, %d, %d, %d}\n", w->knight_support, w->man_support, w->exposure,
           w->leave_castle, w->capture);
}

static int run(const tune_opts *o)
{
    ba_error err = {0};
    ba_camelot_weights start;
    if (ba_camelot_weights_preset(o->start, &start, &err) != BA_OK) {
        fprintf(stderr, PROGRAM ": --start: %s\n", err.message);
        return 2;
    }
    ba_camelot_options opts = ba_camelot_options_default();
    opts.weights = start;
    double knight_n = opts.knight_n;
    tc_set set = {0};
    int status = 1;
    ba_game *game = NULL;
    size_t *train = NULL, *held = NULL;
    if (o->load) {
        if (load_set(o->load, &set) != 0)
            goto end;
        printf("positions: %zu read from %s\n", set.n, o->load);
    } else {
        if (ba_camelot_create(&opts, &game, &err) != BA_OK) {
            fprintf(stderr, PROGRAM ": %s\n", err.message);
            goto end;
        }
        tc_selfplay_cfg play = o->play;
        play.game = game;
        tc_selfplay_stats st;
        if (tc_selfplay(&play, &set, &st, &err) != BA_OK) {
            fprintf(stderr, PROGRAM ": self-play: %s\n", err.message);
            goto end;
        }
        printf("self-play: %d games (depth %d, nodes %lld, %d random plies, seed %llu, weights %s): "
               "White %d, Black %d, drawn %d\n",
               st.games, play.depth, (long long)play.nodes, play.random_plies,
               (unsigned long long)play.seed, o->start, st.white_wins, st.black_wins, st.draws);
        printf("positions: %zu quiet kept, %zu with a capture to make skipped, %zu won skipped\n",
               st.positions, st.skipped_noisy, st.skipped_terminal);
        if (o->save && save_set(o->save, &set) != 0)
            goto end;
    }
    train = malloc((set.n + 1) * sizeof *train);
    held = malloc((set.n + 1) * sizeof *held);
    if (!train || !held) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        goto end;
    }
    size_t ntrain = 0, nheld = 0;
    for (size_t i = 0; i < set.n; i++) {
        if (set.rec[i].game % o->holdout_every == o->holdout_every - 1)
            held[nheld++] = i;
        else
            train[ntrain++] = i;
    }
    if (ntrain < 100 || nheld < 10) {
        fprintf(stderr, PROGRAM ": too few positions (%zu training, %zu held out): play more games\n",
                ntrain, nheld);
        goto end;
    }
    double k = tc_fit_k(&set, train, ntrain, &start, knight_n);
    printf("split: %zu training positions, %zu held out (every %d-th game)\n", ntrain, nheld,
           o->holdout_every);
    printf("K = %.6g per point (sigmoid(K x eval), fitted on the start weights)\n", k);

    double prior[TC_PARAMS], theta[TC_PARAMS];
    tc_params_get(&start, prior);
    ba_camelot_weights w = start;
    double best_x = start.knight_x;
    if (o->fit_x) {
        /* golden section over X; the loss at each X is that of the weights fitted there */
        const double phi = 0.5 * (sqrt(5.0) - 1.0);
        double a = 1.15, b = 1.5, c = b - phi * (b - a), d = a + phi * (b - a);
        double fc = fit_at(&set, train, ntrain, &w, c, knight_n, k, o, prior, theta);
        double fd = fit_at(&set, train, ntrain, &w, d, knight_n, k, o, prior, theta);
        for (int it = 0; it < 14; it++) {
            if (fc < fd) {
                b = d, d = c, fd = fc;
                c = b - phi * (b - a);
                fc = fit_at(&set, train, ntrain, &w, c, knight_n, k, o, prior, theta);
            } else {
                a = c, c = d, fc = fd;
                d = a + phi * (b - a);
                fd = fit_at(&set, train, ntrain, &w, d, knight_n, k, o, prior, theta);
            }
        }
        best_x = 0.5 * (a + b);
    }
    double fitted_loss = fit_at(&set, train, ntrain, &w, best_x, knight_n, k, o, prior, theta);
    if (!isfinite(fitted_loss)) {
        fprintf(stderr, PROGRAM ": the fit failed (a feature never varies; try --lambda 0.001)\n");
        goto end;
    }
    tc_params_set(&w, theta);
    if (o->fit_x)
        w.knight_x = round(best_x * 1e4) / 1e4; /* four decimals, as printed */
    printf("loss (mean log loss)        training   held out\n");
    printf("  %-24s %9.6f  %9.6f\n", o->start, tc_loss(&set, train, ntrain, &start, knight_n, k),
           tc_loss(&set, held, nheld, &start, knight_n, k));
    printf("  %-24s %9.6f\n", "fitted (unrounded)", fitted_loss);
    printf("  %-24s %9.6f  %9.6f\n", "fitted, integer weights", tc_loss(&set, train, ntrain, &w, knight_n, k),
           tc_loss(&set, held, nheld, &w, knight_n, k));
    printf("weight           %10s %10s %10s\n", o->start, "fitted", "rounded");
    printf("  %-14s %10.4f %10.4f %10.4f\n", "X", start.knight_x, best_x, w.knight_x);
    for (int j = 0; j < TC_PARAMS; j++) {
        char name[32];
        tc_param_name(j, name, sizeof name);
        double rounded[TC_PARAMS];
        tc_params_get(&w, rounded);
        printf("  %-14s %10.2f %10.2f %10.0f\n", name, prior[j], theta[j], rounded[j]);
    }
    printf("initializer: ");
    print_weights(&w);
    status = 0;
end:
    free(train);
    free(held);
    ba_game_destroy(game);
    tc_set_free(&set);
    return status;
}

int main(int argc, char **argv)
{
    tune_opts o;
    memset(&o, 0, sizeof o);
    o.play.games = 300;
    o.play.depth = 2;
    o.play.random_plies = 6;
    o.play.max_plies = 400;
    o.play.seed = 1;
    o.play.max_seconds = 240;
    o.start = "nolan";
    o.holdout_every = 5;
    o.lambda = 0.001;
    o.fit_x = 1;
    /* Fitted on self-play results, the piece-square tables learn what losing positions look
     * like (pieces back by the castle), not what wins, and lost ~200 Elo at depth 3; the scalar
     * factors lost ~380 at 100 ms a move (docs/camelot-evaluation.md, "Tuning"). By default
     * only K and X are fitted; --fix says otherwise. */
    ba_error unused = {0};
    tc_fix_groups(DEFAULT_FIX, o.fixed, &unused);
    int rc = parse_args(argc, argv, &o);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    return run(&o);
}
