/*
 * boardai-match: engine against engine, for any game of the library, on every core and, under
 * MPI, on every rank. Plays games between two configurations with alternating colours and
 * varied openings, writes each game as a CSV line as it finishes, and reports W/D/L, the score,
 * the Elo difference with its 95% interval and, on request, an SPRT. --tune sweeps one
 * evaluation parameter of engine B over a range; --plot draws the result with gnuplot.
 * docs/match.md describes it all.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "match.h"
#include "match_stats.h"

#ifndef BOARDAI_EXAMPLE_VERSION
#define BOARDAI_EXAMPLE_VERSION BA_VERSION_STRING
#endif

#define PROG "boardai-match"
/* Most values one --tune sweep may have. */
#define MAX_TUNE_VALUES 1000

typedef struct options {
    const char *game;
    const char *game_lib; /* --game-lib: an outside game's shared object, or NULL */
    const char *a, *b;
    int64_t games;
    int jobs;
    uint64_t seed;
    int random_plies;
    const char *openings;
    int max_plies; /* -1: the default */
    const char *csv;
    const char *summary;
    const char *plot;
    int have_sprt;
    match_sprt sprt;
    int have_tune;
    char tune_name[MATCH_PARAM_NAME_MAX];
    double tune_values[MAX_TUNE_VALUES]; /* the values of the sweep, in order */
    int tune_count;
    int64_t game_index; /* -1: all games */
    int64_t inject_crash, inject_illegal;
    int quiet;
} options;

/* State of the run (rank 0). */
typedef struct run_state {
    const options *opt;
    const match_setup *setup;
    FILE *csv;
    int tuning;
    double tune_value;
    int tune_index, tune_count; /* this value's place in the sweep (time left counts the rest) */
    match_counts counts;
    int64_t failed;
    int64_t side_wins[2], draws_adjudicated;
    signed char *pair_first; /* per pair: A's result of the first finished game, or 2 */
    int64_t pair_base, pairs; /* pair_first[k] is pair pair_base + k */
    int64_t done, target;
    double t0, last_progress;
    int sprt_decision;
    double total_plies;
} run_state;

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Set on MPI ranks other than 0: only rank 0 reports usage errors. */
static int silent_errors;

static int usage_error(const char *fmt, ...)
{
    if (silent_errors)
        return 2;
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (try --help)\n", stderr);
    va_end(ap);
    return 2;
}

static void usage(FILE *out)
{
    const char *const *names = ba_game_names();
    fprintf(out,
            "Usage: " PROG " --game GAME --a CONFIG --b CONFIG [options]\n"
            "Plays engine configuration A against B: alternating colours, each opening twice\n"
            "(colours swapped), one game per worker process on every core, and under mpirun on\n"
            "every rank. Reports wins/draws/losses, the score and the Elo difference A - B with\n"
            "its 95%% interval; progress (and time left) on stderr.\n"
            "\n"
            "CONFIG: comma-separated key=value: alg=negamax|alphabeta|bestfirst|mcts, depth=D,\n"
            "  nodes=N, time=MS (time limits are not reproducible), tt=MB, noise=N, q=0|1\n"
            "  (quiescence), qdepth=D, aspiration=W, ttdeeper=0|1, selective=0|1, threads=T,\n"
            "  mcts_c=C*1000, playout=PLIES, solver=0|1, scale=S (MCTS), and the game's evaluation\n"
            "  parameters, e.g. \"alg=alphabeta,depth=3,N=16.09\" for Camelot.\n"
            "  cmd=COMMAND makes the engine another program that speaks the common text protocol\n"
            "  (e.g. an earlier build: \"cmd=/old/boardai-camelot --protocol,time=100\"); it is\n"
            "  started for each game, and the other keys become its setoption lines.\n"
            "\n"
            "Options:\n"
            "  --game GAME         the game, with its rules parameters if any: NAME or\n"
            "                      NAME:key=value,... (e.g. kalah:pits=4; see below)\n"
            "  --game-lib PATH.so  load GAME from a shared object that exports\n"
            "                      " BA_GAME_ENTRY_SYMBOL "() (docs/adding-a-game.md)\n"
            "  --a CONFIG, --b CONFIG   the two engines (B defaults to A)\n"
            "  --games N           games to play (default 100; per value with --tune)\n"
            "  --jobs J            worker processes (default: the number of cores; 1 per rank\n"
            "                      under MPI)\n"
            "  --seed S            seed of the openings and engines (default 1)\n"
            "  --random-plies K    random opening of K plies (default 4)\n"
            "  --openings FILE     openings, one a line: a position text or moves from the start\n"
            "  --max-plies N       adjudicate a draw after N plies (default: 1000)\n"
            "  --csv FILE          one line per game, written as games finish\n"
            "  --summary FILE      the summary (also printed on stdout)\n"
            "  --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]   stop when the SPRT decides\n"
            "                      (defaults alpha = beta = 0.05)\n"
            "  --tune NAME=LO:HI:STEP   play B with NAME = LO, LO+STEP, ..., HI against A\n"
            "  --tune NAME=V1,V2,...    ... or with NAME = each listed value\n"
            "  --plot FILE.png     with --tune: Elo of B against the value (gnuplot)\n"
            "  --game-index I      play only game I (to replay a reported game)\n"
            "  --quiet             no progress on stderr\n"
            "  --inject-crash I    testing aid: the worker of game I crashes after 2 moves\n"
            "  --inject-illegal I  testing aid: in game I engine A's next move after 2 is garbled\n"
            "  --help, --version\n"
            "\n"
            "Built-in games and their evaluation parameters (rules parameters go in --game;\n"
            "docs/adding-a-game.md lists them all):\n");
    for (size_t i = 0; names[i]; i++) {
        char params[512];
        match_game_eval_params(names[i], params, sizeof params);
        fprintf(out, "  %-8s %s\n", names[i], params[0] ? params : "(none)");
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int parse_i64(const char *v, int64_t min, int64_t max, int64_t *out)
{
    char *end;
    errno = 0;
    long long n = strtoll(v, &end, 10);
    if (!*v || *end || errno == ERANGE || n < min || n > max)
        return -1;
    *out = (int64_t)n;
    return 0;
}

static int parse_double(const char *v, double *out)
{
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (!*v || *end || errno == ERANGE || !isfinite(d))
        return -1;
    *out = d;
    return 0;
}

static int parse_sprt(const char *v, match_sprt *s)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", v);
    s->alpha = s->beta = 0.05;
    s->elo0 = NAN;
    s->elo1 = NAN;
    char *save = NULL;
    for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(it, '=');
        double d;
        if (!eq || parse_double(eq + 1, &d))
            return usage_error("--sprt: '%s' is not key=number", it);
        *eq = '\0';
        if (!strcmp(it, "elo0"))
            s->elo0 = d;
        else if (!strcmp(it, "elo1"))
            s->elo1 = d;
        else if (!strcmp(it, "alpha"))
            s->alpha = d;
        else if (!strcmp(it, "beta"))
            s->beta = d;
        else
            return usage_error("--sprt: unknown key '%s' (elo0, elo1, alpha, beta)", it);
    }
    if (isnan(s->elo0) || isnan(s->elo1) || match_sprt_check(s))
        return usage_error("--sprt: needs elo0 < elo1 and 0 < alpha, beta < 0.5");
    return 0;
}

/* NAME=LO:HI:STEP (LO, LO+STEP, ..., HI) or NAME=V1,V2,... (the values as listed). */
static int parse_tune(const char *v, options *o)
{
    const char *eq = strchr(v, '=');
    if (!eq || eq == v || (size_t)(eq - v) >= sizeof o->tune_name)
        return usage_error("--tune: '%s' is not NAME=LO:HI:STEP or NAME=V1,V2,...", v);
    memcpy(o->tune_name, v, (size_t)(eq - v));
    o->tune_name[eq - v] = '\0';
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", eq + 1);
    char *c1 = strchr(buf, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    o->tune_count = 0;
    if (c1) {
        double lo, hi, step;
        if (!c2)
            return usage_error("--tune: '%s' is not NAME=LO:HI:STEP", v);
        *c1 = *c2 = '\0';
        if (parse_double(buf, &lo) || parse_double(c1 + 1, &hi) || parse_double(c2 + 1, &step) ||
            step <= 0 || hi < lo || (hi - lo) / step >= MAX_TUNE_VALUES)
            return usage_error("--tune: '%s' needs numbers LO <= HI and STEP > 0 (at most %d "
                               "values)", v, MAX_TUNE_VALUES);
        int n = (int)floor((hi - lo) / step + 1e-9) + 1;
        for (int i = 0; i < n; i++) /* rounded so that 0.1 steps print as 0.1 */
            o->tune_values[o->tune_count++] = round((lo + step * i) * 1e9) / 1e9;
    } else {
        char *save = NULL;
        for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
            if (o->tune_count >= MAX_TUNE_VALUES ||
                parse_double(it, &o->tune_values[o->tune_count]))
                return usage_error("--tune: '%s' is not a number (or too many values)", it);
            o->tune_count++;
        }
        if (!o->tune_count)
            return usage_error("--tune: '%s' has no value", v);
    }
    o->have_tune = 1;
    return 0;
}

/* @return 0 to go on, 1 when --help/--version was answered, 2 on a usage error. */
static int parse_args(int argc, char **argv, options *o, int quiet_errors)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t n;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            if (!quiet_errors)
                usage(stdout);
            return 1;
        }
        if (!strcmp(a, "--version")) {
            if (!quiet_errors)
                printf(PROG " %s (libboardai %s)\n", BOARDAI_EXAMPLE_VERSION, ba_version_string());
            return 1;
        }
        if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
            continue;
        }
        static const char *const WITH_VALUE[] = {
            "--game", "--game-lib", "--a", "--b", "--games", "--jobs", "--seed", "--random-plies",
            "--openings", "--max-plies", "--csv", "--summary", "--plot", "--sprt", "--tune",
            "--game-index", "--inject-crash", "--inject-illegal", NULL};
        int known = 0;
        for (const char *const *w = WITH_VALUE; *w; w++)
            known |= !strcmp(a, *w);
        if (!known)
            return usage_error("unknown option '%s'", a);
        if (!v)
            return usage_error("option '%s' needs a value", a);
        i++;
        int bad = 0;
        if (!strcmp(a, "--game"))
            o->game = v;
        else if (!strcmp(a, "--game-lib"))
            o->game_lib = v;
        else if (!strcmp(a, "--a"))
            o->a = v;
        else if (!strcmp(a, "--b"))
            o->b = v;
        else if (!strcmp(a, "--games"))
            bad = parse_i64(v, 1, 100000000, &o->games);
        else if (!strcmp(a, "--jobs"))
            bad = parse_i64(v, 1, 64, &n) || (o->jobs = (int)n, 0);
        else if (!strcmp(a, "--seed"))
            bad = parse_i64(v, 0, INT64_MAX, &n) || (o->seed = (uint64_t)n, 0);
        else if (!strcmp(a, "--random-plies"))
            bad = parse_i64(v, 0, 1000, &n) || (o->random_plies = (int)n, 0);
        else if (!strcmp(a, "--openings"))
            o->openings = v;
        else if (!strcmp(a, "--max-plies"))
            bad = parse_i64(v, 0, 100000000, &n) || (o->max_plies = (int)n, 0);
        else if (!strcmp(a, "--csv"))
            o->csv = v;
        else if (!strcmp(a, "--summary"))
            o->summary = v;
        else if (!strcmp(a, "--plot"))
            o->plot = v;
        else if (!strcmp(a, "--sprt")) {
            int rc = parse_sprt(v, &o->sprt);
            if (rc)
                return 2;
            o->have_sprt = 1;
        } else if (!strcmp(a, "--tune")) {
            if (parse_tune(v, o))
                return 2;
        } else if (!strcmp(a, "--game-index"))
            bad = parse_i64(v, 0, INT64_MAX, &o->game_index);
        else if (!strcmp(a, "--inject-crash"))
            bad = parse_i64(v, 0, INT64_MAX, &o->inject_crash);
        else if (!strcmp(a, "--inject-illegal"))
            bad = parse_i64(v, 0, INT64_MAX, &o->inject_illegal);
        if (bad)
            return usage_error("%s: '%s' is not a valid number", a, v);
    }
    return 0;
}

/* ---- output ---- */

static void csv_quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static const char *const STATUS_NAMES[] = {"ok", "crash", "illegal", "error"};

static const char *result_text(int result)
{
    switch (result) {
    case BA_RESULT_WIN0:
        return "1-0";
    case BA_RESULT_WIN1:
        return "0-1";
    case BA_RESULT_DRAW:
        return "1/2-1/2";
    default:
        return "*";
    }
}

static void csv_header(FILE *f)
{
    fputs("tune_param,tune_value,game,index,pair,seed,a_config,b_config,a_side,white,black,"
          "result,a_score,adjudicated,plies,opening_plies,time_s,nodes_a,nodes_b,rank,status,"
          "message,"
          "moves\n",
          f);
    fflush(f);
}

static void csv_line(run_state *st, const match_record *r)
{
    FILE *f = st->csv;
    const options *o = st->opt;
    const match_setup *s = st->setup;
    fprintf(f, "%s,", st->tuning ? o->tune_name : "");
    if (st->tuning)
        fprintf(f, "%.10g", st->tune_value);
    fprintf(f, ",%s,%lld,%lld,%llu,", s->game->name, (long long)r->index,
            (long long)(r->index / 2), (unsigned long long)s->seed);
    csv_quoted(f, s->cfg[0].text);
    fputc(',', f);
    csv_quoted(f, s->cfg[1].text);
    fprintf(f, ",%d,%s,%s,%s,", r->a_side, r->a_side == 0 ? "A" : "B", r->a_side == 0 ? "B" : "A",
            result_text(r->result));
    if (r->status == MATCH_OK)
        fprintf(f, "%s", r->a_score > 0 ? "1" : r->a_score < 0 ? "0" : "0.5");
    fprintf(f, ",%d,%d,%d,%.3f,%llu,%llu,%d,%s,", r->adjudicated, r->plies, r->opening_plies,
            r->time_s, (unsigned long long)r->nodes[0], (unsigned long long)r->nodes[1], r->rank,
            STATUS_NAMES[r->status & 3]);
    csv_quoted(f, r->message);
    fputc(',', f);
    csv_quoted(f, r->moves ? r->moves : "");
    fputc('\n', f);
    fflush(f); /* a line per finished game reaches the file at once: nothing is lost on ^C */
}

static void fmt_duration(double s, char *buf, size_t cap)
{
    if (!(s >= 0) || s > 1e7) {
        snprintf(buf, cap, "?");
        return;
    }
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, cap, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, cap, "%ld:%02ld", t / 60, t % 60);
}

static void fmt_elo(double e, char *buf, size_t cap)
{
    if (isinf(e))
        snprintf(buf, cap, "%sinf", e > 0 ? "+" : "-");
    else
        snprintf(buf, cap, "%+.1f", fabs(e) < 0.05 ? 0.0 : e); /* no "-0.0" */
}

static void progress(run_state *st, int final)
{
    if (st->opt->quiet)
        return;
    double now = now_s();
    int tty = isatty(2);
    if (!final && now - st->last_progress < (tty ? 0.5 : 10.0))
        return;
    st->last_progress = now;
    double el = now - st->t0, rate = el > 0 ? (double)st->done / el : 0;
    char left[32], elo[32];
    double to_play = (double)(st->target - st->done);
    if (st->tuning)
        to_play += (double)(st->tune_count - st->tune_index - 1) * (double)st->target;
    fmt_duration(rate > 0 ? to_play / rate : -1, left, sizeof left);
    match_elo e;
    if (match_elo_estimate(&st->counts, &e) == 0)
        fmt_elo(e.elo, elo, sizeof elo);
    else
        snprintf(elo, sizeof elo, "-");
    char tune[96] = "";
    if (st->tuning)
        snprintf(tune, sizeof tune, "[%s=%g, %d/%d] ", st->opt->tune_name, st->tune_value,
                 st->tune_index + 1, st->tune_count);
    fprintf(stderr, "%s%s%lld/%lld games  A +%lld =%lld -%lld  score %.1f%%  Elo %s  "
            "%.2f games/s  left %s%s%s",
            tty ? "\r" : "", tune, (long long)st->done, (long long)st->target,
            (long long)st->counts.wins, (long long)st->counts.draws,
            (long long)st->counts.losses,
            match_counts_games(&st->counts)
                ? 100.0 * ((double)st->counts.wins + 0.5 * (double)st->counts.draws) /
                      (double)match_counts_games(&st->counts)
                : 0.0,
            elo, rate, final && !st->tuning ? "0:00" : left, st->failed ? "  FAILED GAMES!" : "",
            tty ? (final ? "\n" : "   ") : "\n");
    fflush(stderr);
}

/* A failed game: everything needed to replay it, on stderr. */
static void report_failure(run_state *st, const match_record *r)
{
    const options *o = st->opt;
    const match_setup *s = st->setup;
    if (isatty(2) && !o->quiet)
        fputc('\n', stderr);
    fprintf(stderr, PROG ": game %lld (seed %llu) %s: %s\n  moves: %s\n  replay: " PROG
            " --game %s --a '%s' --b '%s' --seed %llu --game-index %lld",
            (long long)r->index, (unsigned long long)s->seed, STATUS_NAMES[r->status & 3],
            r->message, r->moves ? r->moves : "(none)", s->game->name, s->cfg[0].text,
            s->cfg[1].text, (unsigned long long)s->seed, (long long)r->index);
    if (o->openings)
        fprintf(stderr, " --openings '%s'", o->openings);
    else
        fprintf(stderr, " --random-plies %d", s->random_plies);
    if (s->max_plies != 1000)
        fprintf(stderr, " --max-plies %d", s->max_plies);
    fputc('\n', stderr);
}

static void on_record(void *user, const match_record *r)
{
    run_state *st = user;
    st->done++;
    if (st->csv)
        csv_line(st, r);
    if (r->status != MATCH_OK) {
        st->failed++;
        report_failure(st, r);
    } else {
        match_counts_add(&st->counts, r->a_score);
        st->total_plies += r->plies;
        int w = ba_result_winner(r->result);
        if (w >= 0)
            st->side_wins[w]++;
        if (r->adjudicated)
            st->draws_adjudicated++;
        int64_t p = r->index / 2 - st->pair_base;
        if (st->pair_first && p >= 0 && p < st->pairs) {
            if (st->pair_first[p] == 2)
                st->pair_first[p] = (signed char)r->a_score;
            else
                match_counts_add_pair(&st->counts, st->pair_first[p], r->a_score);
        }
    }
    if (st->opt->have_sprt) {
        match_sprt_state ss;
        match_sprt_eval(&st->opt->sprt, &st->counts, &ss);
        st->sprt_decision = ss.decision;
    }
    if (st->opt->game_index >= 0) {
        /* replay: show the game */
        printf("game %lld: %s %s%s, %d plies\nmoves: %s\n", (long long)r->index,
               STATUS_NAMES[r->status & 3], result_text(r->result),
               r->adjudicated ? " (adjudicated)" : "", r->plies, r->moves ? r->moves : "");
    }
    progress(st, 0);
}

static int should_stop(void *user)
{
    run_state *st = user;
    return st->sprt_decision != 0;
}

/* The summary of one match into @p out. */
static void write_summary(FILE *out, const run_state *st, double elapsed)
{
    const options *o = st->opt;
    const match_setup *s = st->setup;
    const match_counts *c = &st->counts;
    int64_t n = match_counts_games(c);
    fprintf(out, "game: %s   A: %s   B: %s\n", s->game->name, s->cfg[0].text, s->cfg[1].text);
    if (st->tuning)
        fprintf(out, "tuning: B with %s = %g\n", o->tune_name, st->tune_value);
    fprintf(out, "openings: %s, seed %llu; max plies %d\n",
            o->openings ? o->openings : "random", (unsigned long long)s->seed, s->max_plies);
    if (!o->openings)
        fprintf(out, "random opening plies: %d\n", s->random_plies);
    fprintf(out, "totals: games %lld wins %lld draws %lld losses %lld failed %lld\n",
            (long long)n, (long long)c->wins, (long long)c->draws, (long long)c->losses,
            (long long)st->failed);
    fprintf(out, "by colour: %s won %lld, %s won %lld, drawn %lld (%lld adjudicated at the ply "
            "limit); mean length %.1f plies\n",
            s->game->referee->side_names[0], (long long)st->side_wins[0],
            s->game->referee->side_names[1], (long long)st->side_wins[1], (long long)c->draws,
            (long long)st->draws_adjudicated, n ? st->total_plies / (double)n : 0.0);
    match_elo e;
    if (match_elo_estimate(c, &e) == 0) {
        char elo[32], lo[32], hi[32];
        fmt_elo(e.elo, elo, sizeof elo);
        fmt_elo(e.elo_lo, lo, sizeof lo);
        fmt_elo(e.elo_hi, hi, sizeof hi);
        fprintf(out, "score A: %.1f / %lld = %.2f%% (+-%.2f%%)\n",
                (double)c->wins + 0.5 * (double)c->draws, (long long)n, 100.0 * e.score,
                100.0 * 1.959963984540054 * e.stderr_score);
        fprintf(out, "Elo A - B: %s  95%% interval [%s, %s]  (%s variance)\n", elo, lo, hi,
                e.pentanomial ? "pentanomial" : "trinomial");
        if (match_counts_pairs(c))
            fprintf(out, "pairs (A's points of 2): 0: %lld  0.5: %lld  1: %lld  1.5: %lld  2: %lld\n",
                    (long long)c->penta[0], (long long)c->penta[1], (long long)c->penta[2],
                    (long long)c->penta[3], (long long)c->penta[4]);
    }
    if (o->have_sprt) {
        match_sprt_state ss;
        match_sprt_eval(&o->sprt, c, &ss);
        fprintf(out, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] -> %s\n",
                o->sprt.elo0, o->sprt.elo1, o->sprt.alpha, o->sprt.beta, ss.llr, ss.lower,
                ss.upper,
                ss.decision > 0 ? "H1 accepted (elo1)" : ss.decision < 0 ? "H0 accepted (elo0)"
                                                                         : "undecided");
    }
    fprintf(out, "time: %.1f s, %.2f games/s\n", elapsed, elapsed > 0 ? (double)st->done / elapsed : 0.0);
}

/* One tuning row. */
typedef struct tune_row {
    double value;
    match_counts counts;
    int64_t failed;
} tune_row;

static int write_plot(const options *o, const tune_row *rows, int nrows)
{
    char data[4096];
    const char *tmp = getenv("TMPDIR");
    snprintf(data, sizeof data, "%s/boardai-match-plotXXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(data);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(data);
        return -1;
    }
    for (int i = 0; i < nrows; i++) {
        match_elo e;
        if (match_elo_estimate(&rows[i].counts, &e) != 0)
            continue;
        /* infinite ends are clipped for the picture */
        double lo = isinf(e.elo_lo) ? -800 : e.elo_lo, hi = isinf(e.elo_hi) ? 800 : e.elo_hi;
        double el = isinf(e.elo) ? (e.elo > 0 ? 800 : -800) : e.elo;
        fprintf(f, "%.10g %.3f %.3f %.3f %.4f\n", rows[i].value, el, lo, hi, 100.0 * e.score);
    }
    fclose(f);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "gnuplot");
    FILE *gp = popen(cmd, "w");
    if (!gp) {
        unlink(data);
        return -1;
    }
    fprintf(gp,
            "set terminal pngcairo size 900,560 noenhanced font ',10'\n"
            "set output '%s'\n"
            "set title \"boardai-match %s: B with %s = x against A, %lld games per value\\n"
            "A: %s    B: %s\"\n"
            "set xlabel '%s'\nset ylabel 'Elo of B - A, 95%% interval'\n"
            "set grid\nset key top right\nset xzeroaxis lt -1\nset offsets graph 0.03, "
            "graph 0.03, graph 0.05, graph 0.05\n"
            "plot '%s' using 1:2:3:4 with yerrorlines lw 2 pt 7 title 'Elo B - A'\n",
            o->plot, o->game, o->tune_name, (long long)o->games, o->a, o->b ? o->b : o->a,
            o->tune_name, data);
    int rc = pclose(gp);
    unlink(data);
    return rc == 0 ? 0 : -1;
}

static int read_openings(const char *path, match_setup *s)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return usage_error("--openings: cannot open '%s': %s", path, strerror(errno));
    char line[8192];
    size_t cap = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' '))
            line[--len] = '\0';
        if (!len || line[0] == '#')
            continue;
        if (s->opening_count == cap) {
            cap = cap ? cap * 2 : 64;
            char **p = realloc(s->openings, cap * sizeof *p);
            if (!p) {
                fclose(f);
                return usage_error("out of memory");
            }
            s->openings = p;
        }
        s->openings[s->opening_count] = strdup(line);
        if (!s->openings[s->opening_count++]) {
            fclose(f);
            return usage_error("out of memory");
        }
    }
    fclose(f);
    if (!s->opening_count)
        return usage_error("--openings: '%s' has no opening", path);
    return 0;
}

/* Plays one match of setup (games from @p first) and fills @p st. @return match_run's code. */
static int play_match(const match_setup *s, run_state *st, int64_t first, int64_t count,
                      int jobs, int rank)
{
    /* pair_first covers only this run's pairs (--game-index may start anywhere) */
    int64_t pairs = (first + count + 1) / 2 - first / 2;
    st->pair_base = first / 2;
    st->setup = s;
    st->target = count;
    st->t0 = now_s();
    if (rank == 0) {
        st->pairs = pairs;
        st->pair_first = malloc((size_t)pairs);
        if (st->pair_first)
            memset(st->pair_first, 2, (size_t)pairs);
    }
    int rc = match_run(s, first, count, jobs, on_record, should_stop, st);
    if (rank == 0)
        progress(st, 1);
    free(st->pair_first);
    st->pair_first = NULL;
    return rc;
}

int main(int argc, char **argv)
{
    int rank = 0, size = 1;
    match_mpi_init(&argc, &argv, &rank, &size);

    options o;
    memset(&o, 0, sizeof o);
    o.games = 100;
    o.seed = 1;
    o.random_plies = 4;
    o.max_plies = -1;
    o.game_index = -1;
    o.inject_crash = -1;
    o.inject_illegal = -1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    o.jobs = 0;

    silent_errors = rank != 0;
    int prc = parse_args(argc, argv, &o, rank != 0);
    if (prc) {
        match_mpi_finalize();
        return prc == 1 ? 0 : 2;
    }
    int status = 0;
    match_setup s;
    memset(&s, 0, sizeof s);
    match_game_entry game;
    memset(&game, 0, sizeof game);
    ba_error err;
    ba_error_clear(&err);
#define FAIL(...)                                                                          \
    do {                                                                                   \
        if (rank == 0)                                                                     \
            usage_error(__VA_ARGS__);                                                      \
        status = 2;                                                                        \
        goto done;                                                                         \
    } while (0)

    if (!o.game)
        FAIL("--game is required");
    if (match_game_load(&game, o.game, o.game_lib, &err) != 0)
        FAIL("--game: %s", err.message);
    s.game = &game;
    if (!o.a)
        FAIL("--a is required");
    if (match_config_parse(o.a, &s.cfg[0], &err) != 0)
        FAIL("--a: %s", err.message);
    if (match_config_parse(o.b ? o.b : o.a, &s.cfg[1], &err) != 0)
        FAIL("--b: %s", err.message);
    if (o.plot && !o.have_tune)
        FAIL("--plot draws a --tune sweep: give --tune too");
    if (o.have_tune && s.cfg[1].program[0])
        FAIL("--tune sets B's evaluation parameters, which a cmd= engine does not take");
    if (o.have_tune && o.have_sprt)
        FAIL("--sprt and --tune do not go together (tune first, then test the best value)");
    if (o.openings && read_openings(o.openings, &s) != 0) {
        status = 2;
        goto done;
    }
    s.seed = o.seed;
    s.random_plies = o.random_plies;
    s.max_plies = o.max_plies >= 0 ? o.max_plies : 1000;
    s.inject_crash = o.inject_crash;
    s.inject_illegal = o.inject_illegal;
    /* Check both configurations against the game now (unknown parameters, bad values). */
    for (int e = 0; e < 2; e++) {
        match_engine_cfg probe = s.cfg[e];
        if (o.have_tune && e == 1 &&
            match_config_set_param(&probe, o.tune_name, o.tune_values[0]) != 0)
            FAIL("--tune: cannot set '%s'", o.tune_name);
        ba_game *g = NULL;
        if (match_game_make(s.game, &probe, 0, &g, &err) != 0)
            FAIL("--%c: %s", "ab"[e], err.message);
        ba_game_destroy(g);
    }
    /* one worker per core; under MPI one per rank (start one rank per core) */
    int jobs = o.jobs > 0 ? o.jobs : size > 1 ? 1 : (int)(cores < 1 ? 1 : cores > 64 ? 64 : cores);

    FILE *csv = NULL;
    if (rank == 0 && o.csv) {
        csv = fopen(o.csv, "w");
        if (!csv) {
            usage_error("--csv: cannot write '%s': %s", o.csv, strerror(errno));
            match_mpi_abort(2); /* the other ranks would wait for rank 0 */
            status = 2;
            goto done;
        }
        csv_header(csv);
    }
    int64_t first = o.game_index >= 0 ? o.game_index : 0;
    int64_t count = o.game_index >= 0 ? 1 : o.games;
    if (rank == 0 && !o.quiet)
        fprintf(stderr, PROG ": %s, %lld games, %d worker%s per process, %d MPI rank%s\n",
                s.game->name, (long long)count, jobs, jobs == 1 ? "" : "s", size,
                size == 1 ? "" : "s");

    double t_all = now_s();
    if (!o.have_tune) {
        run_state st;
        memset(&st, 0, sizeof st);
        st.opt = &o;
        st.csv = csv;
        int rc = play_match(&s, &st, first, count, jobs, rank);
        if (rank == 0) {
            double el = now_s() - st.t0;
            write_summary(stdout, &st, el);
            if (o.summary) {
                FILE *f = fopen(o.summary, "w");
                if (f) {
                    write_summary(f, &st, el);
                    fclose(f);
                } else {
                    fprintf(stderr, PROG ": cannot write '%s': %s\n", o.summary, strerror(errno));
                    status = 1;
                }
            }
            if (st.failed)
                status = 1;
        }
        if (rc != 0)
            status = rc > 0 ? 130 : 1;
    } else {
        int nvals = o.tune_count;
        tune_row *rows = calloc((size_t)nvals, sizeof *rows);
        if (!rows) {
            if (csv)
                fclose(csv);
            FAIL("out of memory");
        }
        int played = 0;
        for (int i = 0; i < nvals; i++) {
            match_setup ts = s;
            double v = o.tune_values[i];
            match_config_set_param(&ts.cfg[1], o.tune_name, v);
            run_state st;
            memset(&st, 0, sizeof st);
            st.opt = &o;
            st.csv = csv;
            st.tuning = 1;
            st.tune_value = v;
            st.tune_index = i;
            st.tune_count = nvals;
            int rc = play_match(&ts, &st, first, count, jobs, rank);
            rows[i].value = v;
            rows[i].counts = st.counts;
            rows[i].failed = st.failed;
            played = i + 1;
            if (rank == 0 && st.failed)
                status = 1;
            if (rc != 0) {
                status = rc > 0 ? 130 : 1;
                break;
            }
        }
        if (rank == 0) {
            FILE *outs[2] = {stdout, o.summary ? fopen(o.summary, "w") : NULL};
            int best = -1;
            double best_elo = -INFINITY;
            for (int i = 0; i < played; i++) {
                match_elo e;
                /* B's view: swap A's wins and losses */
                match_counts cb = rows[i].counts;
                cb.wins = rows[i].counts.losses;
                cb.losses = rows[i].counts.wins;
                for (int k = 0; k < 5; k++)
                    cb.penta[k] = rows[i].counts.penta[4 - k];
                rows[i].counts = cb;
                if (match_elo_estimate(&cb, &e) == 0 && e.elo > best_elo) {
                    best_elo = e.elo;
                    best = i;
                }
            }
            for (int k = 0; k < 2; k++) {
                FILE *f = outs[k];
                if (!f)
                    continue;
                fprintf(f, "game: %s   A (reference): %s   B: %s with %s swept\n", s.game->name,
                        s.cfg[0].text, s.cfg[1].text, o.tune_name);
                fprintf(f, "games per value: %lld, seed %llu, %s openings\n",
                        (long long)count, (unsigned long long)s.seed,
                        o.openings ? o.openings : "random");
                fprintf(f, "%10s %7s %6s %6s %6s %7s %9s %20s %6s\n", o.tune_name, "games",
                        "B wins", "draws", "losses", "score%", "Elo B-A", "95% interval",
                        "failed");
                for (int i = 0; i < played; i++) {
                    match_elo e;
                    if (match_elo_estimate(&rows[i].counts, &e) != 0) {
                        fprintf(f, "%10g (no game)\n", rows[i].value);
                        continue;
                    }
                    char el[32], lo[32], hi[32], iv[80];
                    fmt_elo(e.elo, el, sizeof el);
                    fmt_elo(e.elo_lo, lo, sizeof lo);
                    fmt_elo(e.elo_hi, hi, sizeof hi);
                    snprintf(iv, sizeof iv, "[%s, %s]", lo, hi);
                    fprintf(f, "%10g %7lld %6lld %6lld %6lld %7.2f %9s %20s %6lld%s\n",
                            rows[i].value, (long long)e.games, (long long)rows[i].counts.wins,
                            (long long)rows[i].counts.draws, (long long)rows[i].counts.losses,
                            100.0 * e.score, el, iv, (long long)rows[i].failed,
                            i == best ? "  <- best" : "");
                }
                if (best >= 0) {
                    match_elo e;
                    match_elo_estimate(&rows[best].counts, &e);
                    char el[32], lo[32];
                    fmt_elo(e.elo, el, sizeof el);
                    fmt_elo(e.elo_lo, lo, sizeof lo);
                    fprintf(f, "best: %s = %g, Elo B - A %s (95%% lower end %s): %s\n",
                            o.tune_name, rows[best].value, el, lo,
                            e.elo_lo > 0 ? "significantly better than A"
                                         : "not significantly better than A; confirm with a "
                                           "longer match (--sprt)");
                }
                fprintf(f, "time: %.1f s\n", now_s() - t_all);
            }
            if (outs[1])
                fclose(outs[1]);
            if (o.plot && played > 0) {
                if (write_plot(&o, rows, played) != 0) {
                    fprintf(stderr, PROG ": --plot: gnuplot failed or is not installed "
                            "(apt-get install gnuplot-nox)\n");
                    status = 1;
                } else if (!o.quiet) {
                    fprintf(stderr, PROG ": plot written to %s\n", o.plot);
                }
            }
        }
        free(rows);
    }
    if (csv)
        fclose(csv);
done:
    if (status == 130 && size > 1)
        match_mpi_abort(status); /* interrupted: do not wait for the other ranks */
    for (size_t i = 0; i < s.opening_count; i++)
        free(s.openings[i]);
    free(s.openings);
    match_game_unload(&game);
    match_mpi_finalize();
    return status;
}
