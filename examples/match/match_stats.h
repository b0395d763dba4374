/*
 * examples/match/match_stats.h: the statistics of boardai-match (docs/match.md, "Statistics").
 *
 * Scores are from engine A's point of view: a win 1, a draw 1/2, a loss 0. Elo differences are
 * logistic: score s <-> Elo d with s = 1 / (1 + 10^(-d/400)).
 */
#ifndef BOARDAI_MATCH_STATS_H
#define BOARDAI_MATCH_STATS_H

#include <stdint.h>

/* Counts of a match, as engine A sees it. */
typedef struct match_counts {
    int64_t wins, draws, losses;
    /* Pentanomial: pairs (the two games of one opening, colours swapped) by A's pair score in
     * half points: penta[k] = pairs where A scored k/2 of the two games' 2 points, k = 0..4. */
    int64_t penta[5];
} match_counts;

/* A score (0..1) and its Elo difference with a 95% interval. */
typedef struct match_elo {
    int64_t games;  /* games counted */
    double score;   /* mean score per game */
    double elo;     /* Elo difference (A - B); +-INFINITY for a 100% / 0% score */
    double elo_lo;  /* 95% interval, lower end */
    double elo_hi;  /* 95% interval, upper end */
    double stderr_score; /* standard error of the mean score */
    int pentanomial;     /* 1: the interval comes from the pair (pentanomial) variance */
} match_elo;

/* SPRT settings: H0 "Elo = elo0" against H1 "Elo = elo1", error rates alpha and beta. */
typedef struct match_sprt {
    double elo0, elo1, alpha, beta;
} match_sprt;

/* SPRT state after some games. */
typedef struct match_sprt_state {
    double llr;     /* log-likelihood ratio (GSPRT approximation) */
    double lower;   /* ln(beta / (1 - alpha)): accept H0 at or below */
    double upper;   /* ln((1 - beta) / alpha): accept H1 at or above */
    int decision;   /* 0 undecided, +1 H1 accepted, -1 H0 accepted */
} match_sprt_state;

/* Score (0..1) of an Elo difference. */
double match_elo_to_score(double elo);

/* Elo difference of a score; -INFINITY at 0, +INFINITY at 1. */
double match_score_to_elo(double score);

/* Adds one game (A's result: 1 win, 0 draw, -1 loss). */
void match_counts_add(match_counts *c, int a_result);

/* Adds the two games of one opening pair (A's results, each 1, 0 or -1) to the pentanomial
 * counts only (add the games themselves with match_counts_add). */
void match_counts_add_pair(match_counts *c, int first, int second);

/* Games counted. */
int64_t match_counts_games(const match_counts *c);

/* Pairs counted in the pentanomial. */
int64_t match_counts_pairs(const match_counts *c);

/*
 * Mean score and its variance per game (trinomial: wins, draws, losses) into *mean, *var.
 * @return 0, or -1 when there is no game.
 */
int match_trinomial(const match_counts *c, double *mean, double *var);

/*
 * Mean score per game over the pairs and the variance of a pair's mean score (pentanomial).
 * @return 0, or -1 when there is no pair.
 */
int match_pentanomial(const match_counts *c, double *mean, double *var);

/*
 * The Elo difference and its 95% interval. The pentanomial variance is used when every counted
 * game belongs to a counted pair (and there are at least 2 pairs), else the trinomial one.
 * @return 0, or -1 when there is no game.
 */
int match_elo_estimate(const match_counts *c, match_elo *out);

/* The SPRT state of the counts (pentanomial when every game is paired, as above). An undefined
 * LLR (no game, zero variance) is 0. */
void match_sprt_eval(const match_sprt *s, const match_counts *c, match_sprt_state *out);

/* Checks SPRT settings: elo0 < elo1, 0 < alpha, beta < 0.5. @return 0 or -1. */
int match_sprt_check(const match_sprt *s);

#endif /* BOARDAI_MATCH_STATS_H */
