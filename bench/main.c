/* boardai-bench: runs the registered benchmarks (bench_<name>.c) and prints Markdown tables,
 * after a line describing the machine, with ratios against references measured in the same run. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <boardai/engine.h>

#include "bench.h"
#include "bench_registry.h"

#define BENCH_MAX_OPTS 16

enum { TABLE_NONE, TABLE_SEARCH, TABLE_PERFT, TABLE_COPYMAKE, TABLE_BESTFIRST, TABLE_THREADS, TABLE_GAME };

struct bench_ctx {
    int quick;
    int table;
    int nopts;
    ba_option opt[BENCH_MAX_OPTS];
    int64_t val[BENCH_MAX_OPTS];
    int has_ref;
    char ref_label[128];
    int ref_depth;
    double ref_seconds;
    uint64_t ref_nodes;
};

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int bench_quick(const bench_ctx *ctx) { return ctx->quick; }

const char *bench_algorithm_name(ba_algorithm alg)
{
    switch (alg) {
    case BA_ALG_NEGAMAX: return "negamax";
    case BA_ALG_ALPHABETA: return "alpha-beta";
    case BA_ALG_BESTFIRST: return "best-first";
    default: return "?";
    }
}

static void end_table(bench_ctx *ctx)
{
    if (ctx->table != TABLE_NONE)
        printf("\n");
    ctx->table = TABLE_NONE;
}

/* Starts a table of @p kind with its header and alignment lines, unless one is open. */
static void begin_table(bench_ctx *ctx, int kind, const char *header, const char *align)
{
    if (ctx->table == kind)
        return;
    end_table(ctx);
    printf("%s\n%s\n", header, align);
    ctx->table = kind;
}

void bench_section(bench_ctx *ctx, const char *title)
{
    end_table(ctx);
    printf("## %s\n\n", title);
    ctx->has_ref = 0;
}

void bench_note(bench_ctx *ctx, const char *fmt, ...)
{
    end_table(ctx);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n\n");
    fflush(stdout);
}

void bench_table_line(bench_ctx *ctx, const char *fmt, ...)
{
    if (ctx->table != TABLE_GAME)
        end_table(ctx);
    ctx->table = TABLE_GAME; /* the next note or section closes it with a blank line */
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

void bench_set_option(bench_ctx *ctx, ba_option option, int64_t value)
{
    for (int i = 0; i < ctx->nopts; i++)
        if (ctx->opt[i] == option) {
            ctx->val[i] = value;
            return;
        }
    if (ctx->nopts < BENCH_MAX_OPTS) {
        ctx->opt[ctx->nopts] = option;
        ctx->val[ctx->nopts++] = value;
    }
}

void bench_reset_options(bench_ctx *ctx) { ctx->nopts = 0; }

static ba_pos *bench_position(const ba_game *g, const char *text)
{
    ba_pos *p = NULL;
    if (ba_pos_new(g, &p) != BA_OK)
        return NULL;
    if (text) {
        ba_error err;
        if (ba_pos_set_text(p, text, &err) != BA_OK) {
            fprintf(stderr, "boardai-bench: bad position '%s': %s\n", text, err.message);
            ba_pos_free(p);
            return NULL;
        }
    }
    return p;
}

bench_search_stats bench_search(bench_ctx *ctx, const ba_game *g, const char *position_text,
                                ba_algorithm alg, int depth)
{
    bench_search_stats st;
    memset(&st, 0, sizeof st);
    ba_pos *p = bench_position(g, position_text);
    ba_engine *e = NULL;
    st.rc = p ? ba_engine_new(g, &e) : BA_ERR_ARG;
    for (int i = 0; st.rc == BA_OK && i < ctx->nopts; i++)
        st.rc = ba_engine_set(e, ctx->opt[i], ctx->val[i]);
    if (st.rc == BA_OK)
        st.rc = ba_engine_set(e, BA_OPT_ALGORITHM, alg);
    if (st.rc == BA_OK)
        st.rc = ba_engine_set(e, BA_OPT_DEPTH, depth);
    /* The machine is shared and a fresh table faults its pages in on first touch: report the
     * fastest of a few identical searches (each with a cleared engine), not a lucky or unlucky one. */
    int reps = ctx->quick ? 1 : 3;
    double spent = 0;
    for (int rep = 0; st.rc == BA_OK && rep < reps && (rep == 0 || spent < 2.0); rep++) {
        ba_search_result r;
        ba_engine_clear(e);
        double t0 = bench_now();
        st.rc = ba_engine_search(e, p, &r);
        double s = bench_now() - t0;
        spent += s;
        if (rep == 0 || s < st.seconds)
            st.seconds = s;
        st.nodes = r.nodes;
        st.depth = r.depth;
        st.score = r.score;
        if (st.rc == BA_OK && ba_pos_move_text(p, &r.best, st.best, sizeof st.best) < 0)
            strcpy(st.best, "?");
    }
    ba_engine_free(e);
    ba_pos_free(p);
    return st;
}

static void fmt_score(char *buf, size_t cap, int score)
{
    if (score >= BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "win in %d", BA_SCORE_WIN - score);
    else if (score <= -BA_SCORE_WIN_MIN)
        snprintf(buf, cap, "loss in %d", BA_SCORE_WIN + score);
    else
        snprintf(buf, cap, "%d", score);
}

void bench_search_row(bench_ctx *ctx, const ba_game *g, const char *label,
                      const char *position_text, ba_algorithm alg, int depth)
{
    begin_table(ctx, TABLE_SEARCH,
                "| position | algorithm | depth | nodes | time to depth (ms) | nodes/s | score | best "
                "| nodes vs alpha-beta | time vs alpha-beta |",
                "|---|---|---:|---:|---:|---:|---:|---|---:|---:|");
    bench_search_stats st = bench_search(ctx, g, position_text, alg, depth);
    if (st.rc != BA_OK) {
        printf("| %s | %s | %d | error: %s | | | | | | |\n", label, bench_algorithm_name(alg), depth,
               ba_errstr(st.rc));
        fflush(stdout);
        return;
    }
    char score[32], rn[32] = "", rt[32] = "";
    fmt_score(score, sizeof score, st.score);
    if (alg == BA_ALG_ALPHABETA) {
        ctx->has_ref = 1;
        snprintf(ctx->ref_label, sizeof ctx->ref_label, "%s", label);
        ctx->ref_depth = depth;
        ctx->ref_seconds = st.seconds;
        ctx->ref_nodes = st.nodes;
        strcpy(rn, "1 (reference)");
        strcpy(rt, "1 (reference)");
    } else if (ctx->has_ref && ctx->ref_depth == depth && strcmp(ctx->ref_label, label) == 0) {
        snprintf(rn, sizeof rn, "%.2f", (double)st.nodes / (double)(ctx->ref_nodes ? ctx->ref_nodes : 1));
        snprintf(rt, sizeof rt, "%.2f", st.seconds / (ctx->ref_seconds > 1e-9 ? ctx->ref_seconds : 1e-9));
    }
    printf("| %s | %s | %d | %llu | %.1f | %.0f | %s | %s | %s | %s |\n", label,
           bench_algorithm_name(alg), st.depth, (unsigned long long)st.nodes, st.seconds * 1e3,
           (double)st.nodes / (st.seconds > 1e-9 ? st.seconds : 1e-9), score, st.best, rn, rt);
    fflush(stdout);
}

void bench_perft_row(bench_ctx *ctx, const ba_game *g, const char *label,
                     const char *position_text, int depth)
{
    begin_table(ctx, TABLE_PERFT,
                "| position | perft depth | leaves | time (ms) | leaves/s |",
                "|---|---:|---:|---:|---:|");
    ba_pos *p = bench_position(g, position_text);
    uint64_t count = 0;
    double t0 = bench_now();
    int rc = p ? ba_perft(p, depth, &count) : BA_ERR_ARG;
    double s = bench_now() - t0;
    ba_pos_free(p);
    if (rc != BA_OK)
        printf("| %s | %d | error: %s | | |\n", label, depth, ba_errstr(rc));
    else
        printf("| %s | %d | %llu | %.1f | %.0f |\n", label, depth, (unsigned long long)count,
               s * 1e3, (double)count / (s > 1e-9 ? s : 1e-9));
    fflush(stdout);
}

static ba_pos *random_position(const ba_game *g, uint64_t *rng, int plies, ba_move *moves)
{
    ba_pos *p = bench_position(g, NULL);
    for (int i = 0; p && i < plies && ba_pos_result(p) == BA_RESULT_ONGOING; i++) {
        int n = ba_pos_moves(p, moves, g->max_moves);
        if (n <= 0)
            break;
        *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
        ba_pos_play(p, &moves[(*rng >> 33) % (uint64_t)n], NULL);
    }
    return p;
}

/* Seeded random positions for the rows that average over many: position k is reached by
 * min_plies + k % span random plies from the start; finished games are skipped. */
typedef struct sampler {
    const ba_game *game;
    ba_move *moves;
    uint64_t rng;
    int min_plies, span, next, count;
} sampler;

static int sampler_init(sampler *s, const ba_game *g, int count, int min_plies, int max_plies,
                        uint64_t seed)
{
    s->game = g;
    s->moves = malloc(g->max_moves * sizeof *s->moves);
    s->rng = seed;
    s->min_plies = min_plies;
    s->span = max_plies > min_plies ? max_plies - min_plies + 1 : 1;
    s->next = 0;
    s->count = count;
    return s->moves ? BA_OK : BA_ERR_NOMEM;
}

/* The next unfinished position (ba_pos_free() it), or NULL when all have been given. */
static ba_pos *sampler_next(sampler *s)
{
    while (s->next < s->count) {
        int k = s->next++;
        ba_pos *p = random_position(s->game, &s->rng, s->min_plies + k % s->span, s->moves);
        if (p && ba_pos_result(p) == BA_RESULT_ONGOING)
            return p;
        ba_pos_free(p);
    }
    return NULL;
}

static void sampler_free(sampler *s) { free(s->moves); }

/* One search of @p p with a fresh engine (current options; @p threads > 0 overrides them). */
static int search_pos_threads(bench_ctx *ctx, const ba_game *g, const ba_pos *p,
                              ba_algorithm alg, int depth, int threads, ba_search_result *r,
                              double *seconds)
{
    ba_engine *e = NULL;
    int rc = ba_engine_new(g, &e);
    for (int i = 0; rc == BA_OK && i < ctx->nopts; i++)
        rc = ba_engine_set(e, ctx->opt[i], ctx->val[i]);
    if (rc == BA_OK && threads > 0)
        rc = ba_engine_set(e, BA_OPT_THREADS, threads);
    if (rc == BA_OK)
        rc = ba_engine_set(e, BA_OPT_ALGORITHM, alg);
    if (rc == BA_OK)
        rc = ba_engine_set(e, BA_OPT_DEPTH, depth);
    if (rc == BA_OK) {
        double t0 = bench_now();
        rc = ba_engine_search(e, p, r);
        *seconds = bench_now() - t0;
    }
    ba_engine_free(e);
    return rc;
}

static int search_pos(bench_ctx *ctx, const ba_game *g, const ba_pos *p, ba_algorithm alg,
                      int depth, ba_search_result *r, double *seconds)
{
    return search_pos_threads(ctx, g, p, alg, depth, 0, r, seconds);
}

void bench_threads_row(bench_ctx *ctx, const ba_game *g, const char *label, int positions,
                       int min_plies, int max_plies, uint64_t seed, int depth, int threads)
{
    begin_table(ctx, TABLE_THREADS,
                "| positions | depth | searched | threads | time 1 thread (s) | time N (s) | "
                "speed-up | nodes/s 1 thread | nodes/s N | nodes/s ratio | nodes N / 1 |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    sampler smp;
    uint64_t n1 = 0, nn = 0;
    double t1 = 0, tn = 0;
    int searched = 0, rc = sampler_init(&smp, g, positions, min_plies, max_plies, seed);
    ba_pos *p;
    while (rc == BA_OK && (p = sampler_next(&smp)) != NULL) {
        ba_search_result a, b;
        double sa = 0, sb = 0;
        rc = search_pos_threads(ctx, g, p, BA_ALG_ALPHABETA, depth, 1, &a, &sa);
        if (rc == BA_OK)
            rc = search_pos_threads(ctx, g, p, BA_ALG_ALPHABETA, depth, threads, &b, &sb);
        if (rc == BA_OK) {
            searched++;
            n1 += a.nodes;
            nn += b.nodes;
            t1 += sa;
            tn += sb;
        }
        ba_pos_free(p);
    }
    sampler_free(&smp);
    if (rc != BA_OK || searched == 0) {
        printf("| %s | %d | error: %s | | | | | | | | |\n", label, depth,
               rc != BA_OK ? ba_errstr(rc) : "no unfinished position");
    } else {
        double nps1 = (double)n1 / (t1 > 1e-9 ? t1 : 1e-9), npsn = (double)nn / (tn > 1e-9 ? tn : 1e-9);
        printf("| %s | %d | %d | %d | %.2f | %.2f | %.2fx | %.0f | %.0f | %.2fx | %.2f |\n", label,
               depth, searched, threads, t1, tn, t1 / (tn > 1e-9 ? tn : 1e-9), nps1, npsn,
               npsn / (nps1 > 1e-9 ? nps1 : 1e-9), (double)nn / (double)(n1 ? n1 : 1));
    }
    fflush(stdout);
}

void bench_threads_section(bench_ctx *ctx, const ba_game *g, const char *game_label,
                           int positions, int depth)
{
    char title[160];
    snprintf(title, sizeof title, "%s: Lazy SMP, 2 threads against 1 (alpha-beta, 64 MiB table)",
             game_label);
    bench_section(ctx, title);
    bench_note(ctx, "Positions after 6-10 seeded random plies; fresh engines; wall-clock time to "
                    "depth, so run it on an otherwise idle 2-core machine.");
    bench_reset_options(ctx);
    bench_set_option(ctx, BA_OPT_TT_MB, 64);
    bench_threads_row(ctx, g, "6-10 random plies", positions, 6, 10, 5, depth, 2);
    bench_reset_options(ctx);
}

void bench_bestfirst_row(bench_ctx *ctx, const ba_game *g, const char *label, int positions,
                         int min_plies, int max_plies, uint64_t seed, int depth)
{
    begin_table(ctx, TABLE_BESTFIRST,
                "| positions | depth | searched | alpha-beta nodes | best-first nodes | nodes BF/AB | "
                "time BF/AB | same move | mean value lost by BF's move | worst |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    sampler smp;
    uint64_t nab = 0, nbf = 0;
    double tab = 0, tbf = 0, lost = 0;
    int searched = 0, same = 0, worst = 0;
    int rc = sampler_init(&smp, g, positions, min_plies, max_plies, seed);
    ba_pos *p;
    while (rc == BA_OK && (p = sampler_next(&smp)) != NULL) {
        ba_search_result a, b, c;
        double sa = 0, sb = 0, sc = 0;
        rc = search_pos(ctx, g, p, BA_ALG_ALPHABETA, depth, &a, &sa);
        if (rc == BA_OK)
            rc = search_pos(ctx, g, p, BA_ALG_BESTFIRST, depth, &b, &sb);
        if (rc == BA_OK) {
            searched++;
            nab += a.nodes;
            nbf += b.nodes;
            tab += sa;
            tbf += sb;
            if (ba_move_equal(&a.best, &b.best)) {
                same++;
            } else {
                int stm = ba_pos_side_to_move(p), v = a.score;
                ba_pos_play(p, &b.best, NULL);
                if (ba_pos_result(p) == BA_RESULT_ONGOING && depth > 1 &&
                    (rc = search_pos(ctx, g, p, BA_ALG_ALPHABETA, depth - 1, &c, &sc)) == BA_OK)
                    v = ba_pos_side_to_move(p) == stm ? c.score : -c.score;
                int l = a.score > v ? a.score - v : 0;
                lost += l;
                if (l > worst)
                    worst = l;
            }
        }
        ba_pos_free(p);
    }
    sampler_free(&smp);
    if (rc != BA_OK || searched == 0)
        printf("| %s | %d | error: %s | | | | | | | |\n", label, depth,
               rc != BA_OK ? ba_errstr(rc) : "no unfinished position");
    else
        printf("| %s | %d | %d | %llu | %llu | %.2f | %.2f | %d%% | %.1f | %d |\n", label, depth,
               searched, (unsigned long long)nab, (unsigned long long)nbf,
               (double)nbf / (double)(nab ? nab : 1), tbf / (tab > 1e-9 ? tab : 1e-9),
               100 * same / searched, lost / searched, worst);
    fflush(stdout);
}

/* Runs body repeatedly for at least min_s seconds; nanoseconds per call. */
#define BENCH_TIME(min_s, calls_per_round, out_ns, body)                                        \
    do {                                                                                         \
        uint64_t rounds_ = 0;                                                                    \
        double t0_ = bench_now(), t_;                                                           \
        do {                                                                                     \
            for (int r_ = 0; r_ < 64; r_++) {                                                   \
                body;                                                                            \
            }                                                                                    \
            rounds_ += 64;                                                                       \
        } while ((t_ = bench_now() - t0_) < (min_s));                                           \
        (out_ns) = t_ * 1e9 / ((double)rounds_ * (double)(calls_per_round));                    \
    } while (0)

void bench_copymake_row(bench_ctx *ctx, const ba_game *g, const char *label,
                        const char *position_text)
{
    begin_table(ctx, TABLE_COPYMAKE,
                "| position | state bytes | moves | copy (ns) | copy+apply (ns) | apply / copy | "
                "generate (ns) | hash (ns) | evaluate (ns) | status (ns) |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    ba_pos *p = bench_position(g, position_text);
    unsigned char *a = malloc(g->state_size), *b = malloc(g->state_size);
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    if (!p || !a || !b || !moves) {
        printf("| %s | error | | | | | | | | |\n", label);
        ba_pos_free(p);
        free(a);
        free(b);
        free(moves);
        return;
    }
    memcpy(a, ba_pos_state(p), g->state_size);
    ba_history h;
    ba_pos_history(p, &h);
    int n = g->generate(g, a, &h, moves, g->max_moves);
    double min_s = ctx->quick ? 0.02 : 0.1;
    volatile uint64_t sink = 0;
    double copy_ns, apply_ns = 0, gen_ns, hash_ns, eval_ns, status_ns;
    BENCH_TIME(min_s, 1, copy_ns, {
        memcpy(b, a, g->state_size);
        sink += b[r_ % g->state_size];
    });
    if (n > 0)
        BENCH_TIME(min_s, n, apply_ns, {
            for (int i = 0; i < n; i++) {
                memcpy(b, a, g->state_size);
                g->apply(g, b, &moves[i]);
                sink += b[i % g->state_size];
            }
        });
    BENCH_TIME(min_s, 1, gen_ns, { sink += (uint64_t)g->generate(g, a, &h, moves, g->max_moves); });
    BENCH_TIME(min_s, 1, hash_ns, { sink += g->hash(g, a); });
    BENCH_TIME(min_s, 1, eval_ns, { sink += (uint64_t)g->evaluate(g, a); });
    BENCH_TIME(min_s, 1, status_ns, { sink += (uint64_t)g->status(g, a, &h); });
    (void)sink;
    printf("| %s | %zu | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |\n", label,
           g->state_size, n, copy_ns, apply_ns, n > 0 ? apply_ns / (copy_ns > 0.01 ? copy_ns : 0.01) : 0.0,
           gen_ns, hash_ns, eval_ns, status_ns);
    fflush(stdout);
    ba_pos_free(p);
    free(a);
    free(b);
    free(moves);
}

static void print_machine(void)
{
    char model[256] = "unknown";
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof line, f))
            if (strncmp(line, "model name", 10) == 0) {
                const char *c = strchr(line, ':');
                if (c) {
                    c++;
                    while (*c == ' ' || *c == '\t')
                        c++;
                    snprintf(model, sizeof model, "%s", c);
                    model[strcspn(model, "\n")] = '\0';
                }
                break;
            }
        fclose(f);
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    printf("# boardai-bench %s\n\nMachine: %s, %ld cores online. Times are wall-clock, "
           "one search thread.\n\n",
           ba_version_string(), model, cores);
}

static void usage(FILE *out)
{
    fprintf(out, "usage: boardai-bench [--quick] [--list] [NAME...]\n"
                 "Runs libboardai's benchmarks (all, or the NAMEs given) and prints Markdown.\n"
                 "  --quick    shorter runs (a few seconds per benchmark)\n"
                 "  --list     list the benchmark names and exit\n"
                 "  --help     this help\n"
                 "  --version  print the version and exit\n");
}

static const bench_entry *find_entry(const char *name)
{
    for (const bench_entry *e = bench_registry; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

int main(int argc, char **argv)
{
    bench_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    int names = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--quick") == 0) {
            ctx.quick = 1;
        } else if (strcmp(a, "--list") == 0) {
            for (const bench_entry *e = bench_registry; e->name; e++)
                printf("%s\n", e->name);
            return 0;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("boardai-bench %s\n", ba_version_string());
            return 0;
        } else if (a[0] == '-') {
            fprintf(stderr, "boardai-bench: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (!find_entry(a)) {
            fprintf(stderr, "boardai-bench: no benchmark named '%s' (see --list)\n", a);
            return 2;
        } else {
            names++;
        }
    }
    print_machine();
    for (const bench_entry *e = bench_registry; e->name; e++) {
        int run = names == 0;
        for (int i = 1; i < argc && !run; i++)
            run = strcmp(argv[i], e->name) == 0;
        if (!run)
            continue;
        bench_reset_options(&ctx);
        ctx.has_ref = 0;
        printf("# %s\n\n", e->name);
        double t0 = bench_now();
        e->run(&ctx);
        end_table(&ctx);
        printf("(%s: %.1f s)\n\n", e->name, bench_now() - t0);
        fflush(stdout);
    }
    return 0;
}
