/* examples/match/match_stats.c: Elo, its interval and the SPRT (formulas in docs/match.md). */
#include "match_stats.h"

#include <math.h>

/* Two-sided 95% quantile of the normal distribution. */
#define Z95 1.959963984540054

double match_elo_to_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double match_score_to_elo(double score)
{
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

void match_counts_add(match_counts *c, int a_result)
{
    if (a_result > 0)
        c->wins++;
    else if (a_result < 0)
        c->losses++;
    else
        c->draws++;
}

void match_counts_add_pair(match_counts *c, int first, int second)
{
    /* half points of the pair: win 2, draw 1, loss 0 per game */
    int k = (first + 1) + (second + 1);
    c->penta[k]++;
}

int64_t match_counts_games(const match_counts *c)
{
    return c->wins + c->draws + c->losses;
}

int64_t match_counts_pairs(const match_counts *c)
{
    int64_t n = 0;
    for (int k = 0; k < 5; k++)
        n += c->penta[k];
    return n;
}

int match_trinomial(const match_counts *c, double *mean, double *var)
{
    int64_t n = match_counts_games(c);
    if (n <= 0)
        return -1;
    double dn = (double)n;
    double m = ((double)c->wins + 0.5 * (double)c->draws) / dn;
    double v = ((double)c->wins * (1.0 - m) * (1.0 - m) + (double)c->draws * (0.5 - m) * (0.5 - m) +
                (double)c->losses * m * m) /
               dn;
    *mean = m;
    *var = v;
    return 0;
}

int match_pentanomial(const match_counts *c, double *mean, double *var)
{
    int64_t n = match_counts_pairs(c);
    if (n <= 0)
        return -1;
    double dn = (double)n, m = 0.0, v = 0.0;
    for (int k = 0; k < 5; k++)
        m += (double)c->penta[k] * (k / 4.0);
    m /= dn;
    for (int k = 0; k < 5; k++)
        v += (double)c->penta[k] * (k / 4.0 - m) * (k / 4.0 - m);
    *mean = m;
    *var = v / dn;
    return 0;
}

/* Pentanomial when every game is in a counted pair and there are 2 pairs or more. */
static int use_pentanomial(const match_counts *c)
{
    int64_t pairs = match_counts_pairs(c);
    return pairs >= 2 && 2 * pairs == match_counts_games(c);
}

int match_elo_estimate(const match_counts *c, match_elo *out)
{
    double mean, var, se;
    int64_t n = match_counts_games(c);
    if (n <= 0)
        return -1;
    out->games = n;
    out->pentanomial = use_pentanomial(c);
    if (out->pentanomial) {
        match_pentanomial(c, &mean, &var);
        se = sqrt(var / (double)match_counts_pairs(c));
    } else {
        match_trinomial(c, &mean, &var);
        se = sqrt(var / (double)n);
    }
    out->score = mean;
    out->stderr_score = se;
    out->elo = match_score_to_elo(mean);
    out->elo_lo = match_score_to_elo(mean - Z95 * se);
    out->elo_hi = match_score_to_elo(mean + Z95 * se);
    return 0;
}

int match_sprt_check(const match_sprt *s)
{
    if (!(s->elo0 < s->elo1) || !(s->alpha > 0.0 && s->alpha < 0.5) ||
        !(s->beta > 0.0 && s->beta < 0.5))
        return -1;
    return 0;
}

void match_sprt_eval(const match_sprt *s, const match_counts *c, match_sprt_state *out)
{
    double mean = 0.0, var = 0.0, n = 0.0;
    out->lower = log(s->beta / (1.0 - s->alpha));
    out->upper = log((1.0 - s->beta) / s->alpha);
    out->llr = 0.0;
    out->decision = 0;
    if (use_pentanomial(c)) {
        match_pentanomial(c, &mean, &var);
        n = (double)match_counts_pairs(c);
    } else if (match_trinomial(c, &mean, &var) == 0) {
        n = (double)match_counts_games(c);
    }
    if (n > 0.0 && var > 0.0) {
        /* GSPRT: the log-likelihood ratio of two normal laws with the sample's variance and
         * means s0, s1 (the scores of elo0, elo1), summed over n independent samples. */
        double s0 = match_elo_to_score(s->elo0), s1 = match_elo_to_score(s->elo1);
        out->llr = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
    }
    if (out->llr >= out->upper)
        out->decision = 1;
    else if (out->llr <= out->lower)
        out->decision = -1;
}
