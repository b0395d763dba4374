/* `boardai-ugolki match`: engine A against engine B at equal time per move, colours alternated,
 * openings varied by the article's random bonus (each seed is played twice, once with each
 * colour), progress on stderr, the score with its 95% error margin on stdout.
 *
 * Each engine searches its own copy of the game, made with program_side = the side it plays, so
 * that the asymmetric weighting is seen from the right side; every move is played on both. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardai/boardai.h>

#include "ugolki_match.h"

typedef struct match_cfg {
    int games;
    int64_t movetime_ms;
    int depth;
    int alg[2]; /* engine A, engine B */
    int asym[2]; /* their evaluation weighting: 1 asymmetric, 0 symmetric */
    uint64_t seed;
    int bonus;
    int hash_mb;
    int quiet;
    ba_ugolki_options rules;
} match_cfg;

typedef struct engine_stats {
    uint64_t moves, depth_sum, nodes, time_ms;
} engine_stats;

static const char *const ALG_NAMES[3] = {"negamax", "alphabeta", "bestfirst"};

static void match_usage(FILE *out)
{
    fputs("usage: boardai-ugolki match [options]\n"
          "Plays engine A against engine B at equal time per move, alternating colours; each\n"
          "opening (random-bonus seed) is played twice, once with each colour.\n"
          "  --games N        games to play, even (default 200)\n"
          "  --movetime MS    time per move in milliseconds (default 50)\n"
          "  --depth D        depth cap as well (default none)\n"
          "  --a ALG          engine A: bestfirst (default), alphabeta or negamax\n"
          "  --b ALG          engine B: alphabeta (default), bestfirst or negamax\n"
          "  --seed N         first opening seed (default 1)\n"
          "  --no-bonus       no random bonus (openings then vary only by timing)\n"
          "  --hash MB        transposition table per engine (default 16)\n"
          "  --pieces N, --diagonal, --ply-cap N   the rules\n"
          "  --symmetric      both engines evaluate S(own) - S(opp), not own/3 - opp\n"
          "  --a-symmetric, --b-symmetric   only engine A / B does\n"
          "  --quiet          no per-game lines on stderr\n"
          "  --help           this text\n",
          out);
}

static int match_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int match_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("boardai-ugolki match: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (try --help)\n", stderr);
    va_end(ap);
    return 2;
}

static int parse_alg(const char *v)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(v, ALG_NAMES[i]))
            return i;
    return -1;
}

static int parse_long(const char *v, long min, long max, long *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < min || n > max)
        return -1;
    *out = n;
    return 0;
}

static int parse_args(int argc, char **argv, match_cfg *cfg)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            match_usage(stdout);
            return 1;
        } else if (!strcmp(a, "--no-bonus")) {
            cfg->bonus = 0;
        } else if (!strcmp(a, "--diagonal")) {
            cfg->rules.diagonal = 1;
        } else if (!strcmp(a, "--symmetric")) {
            cfg->asym[0] = cfg->asym[1] = 0;
        } else if (!strcmp(a, "--a-symmetric") || !strcmp(a, "--b-symmetric")) {
            cfg->asym[a[2] == 'a' ? 0 : 1] = 0;
        } else if (!strcmp(a, "--quiet")) {
            cfg->quiet = 1;
        } else if (!v) {
            return -match_error("option '%s' needs a value or is unknown", a);
        } else if (!strcmp(a, "--games")) {
            if (parse_long(v, 2, 1000000, &n) || n % 2)
                return -match_error("--games: '%s' is not an even number from 2", v);
            cfg->games = (int)n;
            i++;
        } else if (!strcmp(a, "--movetime")) {
            if (parse_long(v, 1, 3600000, &n))
                return -match_error("--movetime: '%s' is not a number of milliseconds", v);
            cfg->movetime_ms = n;
            i++;
        } else if (!strcmp(a, "--depth")) {
            if (parse_long(v, 1, BA_MAX_DEPTH, &n))
                return -match_error("--depth: '%s' is not a depth from 1 to 128", v);
            cfg->depth = (int)n;
            i++;
        } else if (!strcmp(a, "--a") || !strcmp(a, "--b")) {
            int alg = parse_alg(v);
            if (alg < 0)
                return -match_error("unknown algorithm '%s' (bestfirst, alphabeta, negamax)", v);
            cfg->alg[a[2] == 'a' ? 0 : 1] = alg;
            i++;
        } else if (!strcmp(a, "--seed")) {
            if (parse_long(v, 0, 2000000000L, &n))
                return -match_error("--seed: '%s' is not a number", v);
            cfg->seed = (uint64_t)n;
            i++;
        } else if (!strcmp(a, "--hash")) {
            if (parse_long(v, 0, 4096, &n))
                return -match_error("--hash: '%s' is not a size in MiB", v);
            cfg->hash_mb = (int)n;
            i++;
        } else if (!strcmp(a, "--pieces")) {
            if (parse_long(v, 9, 16, &n) || (n != 9 && n != 12 && n != 16))
                return -match_error("--pieces: '%s' is not 9, 12 or 16", v);
            cfg->rules.pieces = (int)n;
            i++;
        } else if (!strcmp(a, "--ply-cap")) {
            if (parse_long(v, 0, BA_UGOLKI_MAX_LIMIT, &n))
                return -match_error("--ply-cap: '%s' is not a number", v);
            cfg->rules.ply_cap = (int)n;
            i++;
        } else {
            return -match_error("unknown option '%s'", a);
        }
    }
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* How games ended. */
enum { END_GOAL, END_BLOCKING, END_CAP, END_OTHER, END_KINDS };
static const char *const END_NAMES[END_KINDS] = {"corner filled", "anti-blocking rule",
                                                 "ply cap", "other"};

/* Why the game at @p pos ended: read from its position text, so that only the public API is
 * used. A corner is filled when every square of the target block holds the mover's piece. */
static int end_kind(const ba_pos *pos, const ba_ugolki_options *rules)
{
    char text[BA_POS_TEXT_MAX];
    if (ba_pos_text(pos, text, sizeof text) < 0)
        return END_OTHER;
    char board[8][8]; /* [rank][file], rank 0 = rank 1 */
    int r = 7, f = 0;
    for (const char *c = text; *c && *c != ' '; c++) {
        if (*c == '/') {
            r--;
            f = 0;
        } else if (*c >= '1' && *c <= '8') {
            for (int k = 0; k < *c - '0' && f < 8; k++)
                board[r][f++] = '.';
        } else if (r >= 0 && f < 8) {
            board[r][f++] = *c;
        }
    }
    int files = rules->pieces == 9 ? 3 : 4, ranks = rules->pieces == 16 ? 4 : 3;
    int white_done = 1, black_done = 1;
    for (int i = 0; i < ranks; i++)
        for (int j = 0; j < files; j++) {
            white_done &= board[7 - i][7 - j] == 'w';
            black_done &= board[i][j] == 'b';
        }
    if (white_done || black_done)
        return END_GOAL;
    if (rules->ply_cap > 0 && ba_pos_ply(pos) >= (size_t)rules->ply_cap)
        return END_CAP;
    return ba_pos_result(pos) == BA_RESULT_DRAW ? END_OTHER : END_BLOCKING;
}

/* Plays one game; A plays White when @p a_white. Returns the BA_RESULT_ value or < 0. */
static int play_game(const match_cfg *cfg, uint64_t seed, int a_white, engine_stats st[2],
                     int *plies, int *end)
{
    ba_game *game[2] = {NULL, NULL};
    ba_engine *eng[2] = {NULL, NULL};
    ba_pos *pos[2] = {NULL, NULL};
    int rc = BA_OK, result = -1;
    ba_error err;
    ba_error_clear(&err);
    for (int side = 0; side < 2 && rc == BA_OK; side++) {
        ba_ugolki_options o = cfg->rules;
        int who = (side == 0) == (a_white != 0) ? 0 : 1; /* 0 = engine A */
        o.program_side = side;
        o.asymmetric = cfg->asym[who];
        o.random_bonus = cfg->bonus;
        o.seed = seed;
        rc = ba_ugolki_create(&o, &game[side], &err);
        if (rc == BA_OK)
            rc = ba_engine_new(game[side], &eng[side]);
        if (rc == BA_OK)
            rc = ba_engine_set(eng[side], BA_OPT_ALGORITHM, cfg->alg[who]);
        if (rc == BA_OK)
            rc = ba_engine_set(eng[side], BA_OPT_TIME_MS, cfg->movetime_ms);
        if (rc == BA_OK && cfg->depth > 0)
            rc = ba_engine_set(eng[side], BA_OPT_DEPTH, cfg->depth);
        if (rc == BA_OK)
            rc = ba_engine_set(eng[side], BA_OPT_TT_MB, cfg->hash_mb);
        if (rc == BA_OK)
            rc = ba_pos_new(game[side], &pos[side]);
    }
    while (rc == BA_OK && (result = ba_pos_result(pos[0])) == BA_RESULT_ONGOING) {
        int stm = ba_pos_side_to_move(pos[0]);
        int who = (stm == 0) == (a_white != 0) ? 0 : 1;
        ba_search_result r;
        rc = ba_engine_search(eng[stm], pos[stm], &r);
        if (rc != BA_OK)
            break;
        st[who].moves++;
        st[who].depth_sum += (uint64_t)r.depth;
        st[who].nodes += r.nodes;
        st[who].time_ms += r.time_ms;
        for (int side = 0; side < 2 && rc == BA_OK; side++)
            rc = ba_pos_play(pos[side], &r.best, &err);
    }
    if (rc != BA_OK) {
        fprintf(stderr, "boardai-ugolki match: %s%s%s\n", ba_errstr(rc), err.message[0] ? ": " : "",
                err.message);
        result = -1;
    }
    *plies = pos[0] ? (int)ba_pos_ply(pos[0]) : 0;
    *end = pos[0] && result >= 0 ? end_kind(pos[0], &cfg->rules) : END_OTHER;
    for (int side = 0; side < 2; side++) {
        ba_pos_free(pos[side]);
        ba_engine_free(eng[side]);
        ba_game_destroy(game[side]);
    }
    return result;
}

/* sqrt and log10 written out: the program links only libboardai, not the maths library. */
static double match_sqrt(double x)
{
    if (x <= 0.0)
        return 0.0;
    double r = x > 1.0 ? x : 1.0;
    for (int i = 0; i < 80; i++)
        r = 0.5 * (r + x / r);
    return r;
}

static double match_ln(double x)
{
    /* x = m * 2^k with m in [1, 2); ln m = 2 atanh((m - 1) / (m + 1)) by its series. */
    int k = 0;
    while (x >= 2.0) {
        x /= 2.0;
        k++;
    }
    while (x < 1.0) {
        x *= 2.0;
        k--;
    }
    double z = (x - 1.0) / (x + 1.0), z2 = z * z, term = z, sum = 0.0;
    for (int i = 0; i < 40; i++) {
        sum += term / (2 * i + 1);
        term *= z2;
    }
    return 2.0 * sum + k * 0.69314718055994530942;
}

static double elo_of(double p)
{
    if (p <= 0.0)
        return -INFINITY;
    if (p >= 1.0)
        return INFINITY;
    return -400.0 * match_ln(1.0 / p - 1.0) / 2.30258509299404568402;
}

int ugolki_match_main(int argc, char **argv)
{
    match_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.games = 200;
    cfg.movetime_ms = 50;
    cfg.alg[0] = BA_ALG_BESTFIRST;
    cfg.alg[1] = BA_ALG_ALPHABETA;
    cfg.asym[0] = cfg.asym[1] = 1;
    cfg.seed = 1;
    cfg.bonus = 1;
    cfg.hash_mb = 16;
    cfg.rules = ba_ugolki_options_default();
    int rc = parse_args(argc, argv, &cfg);
    if (rc > 0)
        return 0;
    if (rc < 0)
        return -rc;

    const char *na = ALG_NAMES[cfg.alg[0]], *nb = ALG_NAMES[cfg.alg[1]];
    printf("match: A = %s (%s) vs B = %s (%s), %d games, %lld ms per move%s, %d pieces%s, "
           "random bonus %s\n",
           na, cfg.asym[0] ? "asymmetric" : "symmetric", nb,
           cfg.asym[1] ? "asymmetric" : "symmetric", cfg.games, (long long)cfg.movetime_ms,
           cfg.depth ? " (depth capped)" : "", cfg.rules.pieces,
           cfg.rules.diagonal ? " diagonal" : "", cfg.bonus ? "on" : "off");
    fflush(stdout);

    engine_stats st[2];
    memset(st, 0, sizeof st);
    int wins = 0, draws = 0, losses = 0; /* from A's side */
    int white_wins = 0, black_wins = 0;
    double score_as[2] = {0, 0};            /* A's points as White, as Black */
    double sum = 0, sum_sq = 0;
    long total_plies = 0;
    int ends[END_KINDS] = {0, 0, 0, 0};
    double start = now_seconds();
    for (int i = 0; i < cfg.games; i++) {
        int a_white = i % 2 == 0;
        int plies = 0, end = END_OTHER;
        int result = play_game(&cfg, cfg.seed + (uint64_t)(i / 2), a_white, st, &plies, &end);
        if (result < 0)
            return 1;
        double x;
        int winner = ba_result_winner(result);
        if (winner < 0) {
            x = 0.5;
            draws++;
        } else if ((winner == 0) == a_white) {
            x = 1.0;
            wins++;
        } else {
            x = 0.0;
            losses++;
        }
        white_wins += winner == 0;
        black_wins += winner == 1;
        score_as[a_white ? 0 : 1] += x;
        sum += x;
        sum_sq += x * x;
        total_plies += plies;
        ends[end]++;
        if (!cfg.quiet) {
            double elapsed = now_seconds() - start;
            double left = elapsed / (i + 1) * (cfg.games - i - 1);
            fprintf(stderr,
                    "game %d/%d: A (%s) %s, %s in %d plies (%s); A %.1f/%d; %.0f s elapsed, "
                    "~%.0f s left\n",
                    i + 1, cfg.games, na, a_white ? "white" : "black",
                    winner < 0 ? "draw" : x > 0.5 ? "A wins" : "B wins", plies, END_NAMES[end],
                    sum, i + 1, elapsed, left);
        }
    }
    int n = cfg.games;
    double p = sum / n;
    double var = n > 1 ? (sum_sq - n * p * p) / (n - 1) : 0.0;
    double margin = 1.96 * match_sqrt(var / n);
    double lo = p - margin, hi = p + margin;
    printf("A (%s): +%d =%d -%d, score %.1f/%d = %.1f%% +- %.1f%% (95%%)\n", na, wins, draws,
           losses, sum, n, 100.0 * p, 100.0 * margin);
    printf("Elo difference A - B: %+.0f (95%% interval %+.0f .. %+.0f)\n", elo_of(p),
           elo_of(lo), elo_of(hi));
    printf("A as white %.1f/%d, as black %.1f/%d; white won %d, black won %d, drawn %d\n",
           score_as[0], n / 2, score_as[1], n / 2, white_wins, black_wins, draws);
    for (int e = 0; e < 2; e++) {
        double moves = st[e].moves ? (double)st[e].moves : 1.0;
        double secs = st[e].time_ms ? (double)st[e].time_ms / 1000.0 : 1e-3;
        printf("%s (%s): %llu moves, mean depth %.2f, %.0f nodes/move, %.0f nodes/s\n",
               e == 0 ? "A" : "B", ALG_NAMES[cfg.alg[e]], (unsigned long long)st[e].moves,
               (double)st[e].depth_sum / moves, (double)st[e].nodes / moves,
               (double)st[e].nodes / secs);
    }
    printf("mean game length %.1f plies, %.0f s in all; ended by:", (double)total_plies / n,
           now_seconds() - start);
    for (int k = 0; k < END_KINDS; k++)
        if (ends[k])
            printf(" %s %d", END_NAMES[k], ends[k]);
    putchar('\n');
    return 0;
}
