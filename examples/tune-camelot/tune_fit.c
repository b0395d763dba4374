/*
 * The Texel fit: Camelot's evaluation is linear in the weights the tuner changes (tune.h), so
 * the logistic loss of sigmoid(K x eval) against the results is a logistic regression with an
 * offset (the material and the weights kept fixed). K is fitted first on the starting weights,
 * then the weights by Newton's method, which on ~25 parameters converges in a handful of
 * deterministic steps where coordinate descent would need thousands of passes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

/* Centre pair j (0..4) is files 1+j and 10-j: B/K, C/J, D/I, E/H, F/G. */
#define PAIR_A(j) (1 + (j))
#define PAIR_B(j) (10 - (j))

void tc_param_name(int i, char *buf, size_t cap)
{
    static const char *const REST[] = {"mobility", "trading", "knight_support", "man_support",
                                       "exposure"};
    if (i >= TC_P_ADVANCE && i < TC_P_CENTRE)
        snprintf(buf, cap, "advance[%d]", i - TC_P_ADVANCE + 1);
    else if (i >= TC_P_CENTRE && i < TC_P_MOBILITY)
        snprintf(buf, cap, "centre[%c/%c]", 'A' + PAIR_A(i - TC_P_CENTRE),
                 'A' + PAIR_B(i - TC_P_CENTRE));
    else if (i >= TC_P_MOBILITY && i < TC_PARAMS)
        snprintf(buf, cap, "%s", REST[i - TC_P_MOBILITY]);
    else
        snprintf(buf, cap, "?");
}

void tc_params_get(const ba_camelot_weights *w, double theta[TC_PARAMS])
{
    for (int i = 0; i < 14; i++)
        theta[TC_P_ADVANCE + i] = w->advance[i + 1];
    for (int j = 0; j < 5; j++)
        theta[TC_P_CENTRE + j] = 0.5 * (w->centre[PAIR_A(j)] + w->centre[PAIR_B(j)]);
    theta[TC_P_MOBILITY] = w->mobility;
    theta[TC_P_TRADING] = w->trading;
    theta[TC_P_KNIGHT_SUPPORT] = w->knight_support;
    theta[TC_P_MAN_SUPPORT] = w->man_support;
    theta[TC_P_EXPOSURE] = w->exposure;
}

static int round_weight(double x)
{
    return x > 100000.0 ? 100000 : x < -100000.0 ? -100000 : (int)lround(x);
}

void tc_params_set(ba_camelot_weights *w, const double theta[TC_PARAMS])
{
    for (int i = 0; i < 14; i++)
        w->advance[i + 1] = round_weight(theta[TC_P_ADVANCE + i]);
    for (int j = 0; j < 5; j++)
        w->centre[PAIR_A(j)] = w->centre[PAIR_B(j)] = round_weight(theta[TC_P_CENTRE + j]);
    w->mobility = round_weight(theta[TC_P_MOBILITY]);
    w->trading = round_weight(theta[TC_P_TRADING]);
    w->knight_support = round_weight(theta[TC_P_KNIGHT_SUPPORT]);
    w->man_support = round_weight(theta[TC_P_MAN_SUPPORT]);
    w->exposure = round_weight(theta[TC_P_EXPOSURE]);
}

void tc_features(const tc_record *r, const ba_camelot_weights *w, double knight_n, double *base,
                 double feat[TC_PARAMS])
{
    /* The offset is the evaluation with every fitted weight at 0; each feature is then the
     * change of the evaluation per unit of its weight (trading: per unit of the weight, at the
     * given material). */
    ba_camelot_weights z = *w;
    double zero[TC_PARAMS] = {0};
    tc_params_set(&z, zero);
    *base = tc_eval(r, &z, knight_n);
    const tc_side *me = &r->side[r->stm], *op = &r->side[1 - r->stm];
    for (int i = 0; i < 14; i++)
        feat[TC_P_ADVANCE + i] = me->rank[i + 1] - op->rank[i + 1];
    for (int j = 0; j < 5; j++)
        feat[TC_P_CENTRE + j] = (me->file[PAIR_A(j)] + me->file[PAIR_B(j)]) -
                                (op->file[PAIR_A(j)] + op->file[PAIR_B(j)]);
    feat[TC_P_MOBILITY] = me->mobility - op->mobility;
    feat[TC_P_KNIGHT_SUPPORT] = me->knight_support - op->knight_support;
    feat[TC_P_MAN_SUPPORT] = me->man_support - op->man_support;
    feat[TC_P_EXPOSURE] = me->exposed - op->exposed;
    z.trading = 1;
    feat[TC_P_TRADING] = tc_eval(r, &z, knight_n) - *base;
}

/* -log of the probability sigmoid(x) gives the result y (y may be 0.5), computed stably. */
static double log_loss(double x, double y)
{
    /* log(1 + e^-x) for the win share, log(1 + e^x) for the loss share */
    double lp = x > 0 ? log1p(exp(-x)) : -x + log1p(exp(x));
    double ln = x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
    return y * lp + (1.0 - y) * ln;
}

static double sigmoid(double x)
{
    return x >= 0 ? 1.0 / (1.0 + exp(-x)) : exp(x) / (1.0 + exp(x));
}

static const tc_record *rec_at(const tc_set *s, const size_t *idx, size_t i)
{
    return &s->rec[idx ? idx[i] : i];
}

double tc_loss(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
               double knight_n, double k)
{
    if (!idx)
        n = s->n;
    if (n == 0)
        return 0.0;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        const tc_record *r = rec_at(s, idx, i);
        sum += log_loss(k * tc_eval(r, w, knight_n), r->result);
    }
    return sum / (double)n;
}

double tc_loss_theta(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
                     double knight_n, double k, const double theta[TC_PARAMS])
{
    if (!idx)
        n = s->n;
    if (n == 0)
        return 0.0;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        double base, feat[TC_PARAMS];
        const tc_record *r = rec_at(s, idx, i);
        tc_features(r, w, knight_n, &base, feat);
        double e = base;
        for (int j = 0; j < TC_PARAMS; j++)
            e += theta[j] * feat[j];
        sum += log_loss(k * e, r->result);
    }
    return sum / (double)n;
}

double tc_fit_k(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
                double knight_n)
{
    /* The loss is unimodal in K; search log K over 1e-6 .. 1 per point. */
    const double phi = 0.5 * (sqrt(5.0) - 1.0);
    double a = log(1e-6), b = 0.0;
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double fc = tc_loss(s, idx, n, w, knight_n, exp(c));
    double fd = tc_loss(s, idx, n, w, knight_n, exp(d));
    for (int it = 0; it < 60; it++) {
        if (fc < fd) {
            b = d, d = c, fd = fc;
            c = b - phi * (b - a);
            fc = tc_loss(s, idx, n, w, knight_n, exp(c));
        } else {
            a = c, c = d, fc = fd;
            d = a + phi * (b - a);
            fd = tc_loss(s, idx, n, w, knight_n, exp(d));
        }
    }
    return exp(0.5 * (a + b));
}

/* Solves A x = b (n x n, row-major, both overwritten) by Gaussian elimination with partial
 * pivoting. @return 0, or -1 for a singular matrix. */
static int solve(double *a, double *b, int n)
{
    for (int col = 0; col < n; col++) {
        int piv = col;
        for (int r = col + 1; r < n; r++)
            if (fabs(a[r * n + col]) > fabs(a[piv * n + col]))
                piv = r;
        if (fabs(a[piv * n + col]) < 1e-300)
            return -1;
        if (piv != col) {
            for (int c = 0; c < n; c++) {
                double t = a[col * n + c];
                a[col * n + c] = a[piv * n + c];
                a[piv * n + c] = t;
            }
            double t = b[col];
            b[col] = b[piv];
            b[piv] = t;
        }
        for (int r = col + 1; r < n; r++) {
            double f = a[r * n + col] / a[col * n + col];
            for (int c = col; c < n; c++)
                a[r * n + c] -= f * a[col * n + c];
            b[r] -= f * b[col];
        }
    }
    for (int r = n - 1; r >= 0; r--) {
        double sum = b[r];
        for (int c = r + 1; c < n; c++)
            sum -= a[r * n + c] * b[c];
        b[r] = sum / a[r * n + r];
    }
    return 0;
}

/* The objective: the mean loss plus the pull toward the prior. */
static double objective(const double *base, const double *feat, const double *y, size_t n,
                        double k, double lambda, const double *prior, const double *theta)
{
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        double e = base[i];
        for (int j = 0; j < TC_PARAMS; j++)
            e += theta[j] * feat[i * TC_PARAMS + j];
        sum += log_loss(k * e, y[i]);
    }
    double pull = 0.0;
    for (int j = 0; j < TC_PARAMS; j++)
        pull += (theta[j] - prior[j]) * (theta[j] - prior[j]);
    return (sum + lambda * pull) / (double)n;
}

int tc_fix_groups(const char *list, unsigned char fixed[TC_PARAMS], ba_error *err)
{
    static const struct {
        const char *name;
        int first, count;
    } GROUPS[] = {
        {"advance", TC_P_ADVANCE, 14},         {"centre", TC_P_CENTRE, 5},
        {"mobility", TC_P_MOBILITY, 1},        {"trading", TC_P_TRADING, 1},
        {"knight_support", TC_P_KNIGHT_SUPPORT, 1}, {"man_support", TC_P_MAN_SUPPORT, 1},
        {"exposure", TC_P_EXPOSURE, 1},
    };
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        size_t g = 0;
        while (g < sizeof GROUPS / sizeof GROUPS[0] &&
               !(strlen(GROUPS[g].name) == len && strncmp(GROUPS[g].name, p, len) == 0))
            g++;
        if (g == sizeof GROUPS / sizeof GROUPS[0]) {
            ba_error_set(err, BA_ERR_PARSE,
                         "unknown group '%.*s' (advance, centre, mobility, trading, "
                         "knight_support, man_support, exposure)",
                         (int)(len > 40 ? 40 : len), p);
            return -1;
        }
        for (int j = 0; j < GROUPS[g].count; j++)
            fixed[GROUPS[g].first + j] = 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

int tc_fit_newton(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
                  double knight_n, double k, double lambda, const double prior[TC_PARAMS],
                  const unsigned char *fixed, double theta[TC_PARAMS])
{
    if (!idx)
        n = s->n;
    if (n == 0)
        return -1;
    double *base = malloc(n * sizeof *base), *y = malloc(n * sizeof *y);
    double *feat = malloc(n * TC_PARAMS * sizeof *feat);
    int iterations = -1;
    if (!base || !y || !feat)
        goto done;
    for (size_t i = 0; i < n; i++) {
        const tc_record *r = rec_at(s, idx, i);
        tc_features(r, w, knight_n, &base[i], &feat[i * TC_PARAMS]);
        y[i] = r->result;
    }
    double f = objective(base, feat, y, n, k, lambda, prior, theta);
    for (int it = 1; it <= 50; it++) {
        double g[TC_PARAMS] = {0}, h[TC_PARAMS * TC_PARAMS] = {0};
        for (size_t i = 0; i < n; i++) {
            const double *x = &feat[i * TC_PARAMS];
            double e = base[i];
            for (int j = 0; j < TC_PARAMS; j++)
                e += theta[j] * x[j];
            double p = sigmoid(k * e), gi = (p - y[i]) * k, hi = p * (1.0 - p) * k * k;
            for (int j = 0; j < TC_PARAMS; j++) {
                g[j] += gi * x[j];
                if (x[j] == 0.0)
                    continue;
                for (int m = 0; m <= j; m++)
                    h[j * TC_PARAMS + m] += hi * x[j] * x[m];
            }
        }
        for (int j = 0; j < TC_PARAMS; j++) {
            for (int m = 0; m < j; m++)
                h[m * TC_PARAMS + j] = h[j * TC_PARAMS + m];
            g[j] += 2.0 * lambda * (theta[j] - prior[j]);
            h[j * TC_PARAMS + j] += 2.0 * lambda;
        }
        /* a fixed parameter: no gradient and a unit row and column, so its step is 0 */
        for (int j = 0; fixed && j < TC_PARAMS; j++)
            if (fixed[j]) {
                g[j] = 0.0;
                for (int m = 0; m < TC_PARAMS; m++)
                    h[j * TC_PARAMS + m] = h[m * TC_PARAMS + j] = 0.0;
                h[j * TC_PARAMS + j] = 1.0;
            }
        double step[TC_PARAMS];
        for (int j = 0; j < TC_PARAMS; j++)
            step[j] = -g[j];
        if (solve(h, step, TC_PARAMS) != 0)
            goto done;
        /* Backtracking: Newton's step can overshoot far from the optimum. */
        double t = 1.0, next[TC_PARAMS], fn = f;
        for (int tries = 0; tries < 30; tries++, t *= 0.5) {
            for (int j = 0; j < TC_PARAMS; j++)
                next[j] = theta[j] + t * step[j];
            fn = objective(base, feat, y, n, k, lambda, prior, next);
            if (fn <= f)
                break;
        }
        iterations = it;
        if (!(fn <= f))
            break; /* no descent along the step: at the optimum to rounding */
        double biggest = 0.0;
        for (int j = 0; j < TC_PARAMS; j++) {
            biggest = fmax(biggest, fabs(next[j] - theta[j]));
            theta[j] = next[j];
        }
        f = fn;
        if (biggest < 1e-7)
            break;
    }
done:
    free(base);
    free(y);
    free(feat);
    return iterations;
}
