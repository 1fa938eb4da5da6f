/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/copt_fit.c — the least-squares fit c = α(e^β − 1) of Poursina &
 * Nikravesh's Eq. 45, which their α(n), β(n) (Eqs. 46–47) come from; the
 * refit over an (n, e) grid that calls it is studies/copt_refit.c.
 *
 * Why a 1-D minimisation over β rather than a two-parameter nonlinear
 * solver: the model is linear in α, so for a fixed β the best α is the
 * regression through the origin of c on f = e^β − 1 (gsl_fit_mul), and the
 * residual sum of squares S(β) is a smooth function of β alone (variable
 * projection, Golub & Pereyra 1973).  Minimising S(β) with GSL's Brent
 * minimiser inside a bracket found on a fixed grid needs no starting
 * guess for α, cannot wander to α < 0 or β > 0, and gives the same
 * answer as a joint Gauss–Newton fit at the joint minimum.
 */
#include "hertzfit/damping.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>

#include "core/brent.h"
#include "models/damping_internal.h"

typedef struct power_data {
    const double *e, *c;
    size_t count;
    double *f;        /* work: e^β − 1 */
    double alpha;     /* best α at the last β */
} power_data;

/* S(β) with α projected out. */
static double power_sumsq(double beta, void *ctx)
{
    power_data *d = ctx;
    for (size_t i = 0; i < d->count; ++i)
        d->f[i] = expm1(beta * log(d->e[i]));
    double alpha, cov, sumsq;
    if (gsl_fit_mul(d->f, 1, d->c, 1, d->count, &alpha, &cov, &sumsq) != GSL_SUCCESS)
        return GSL_NAN;
    d->alpha = alpha;
    return sumsq;
}

static hf_status sumsq_at(double beta, void *ctx, double *sumsq)
{
    *sumsq = power_sumsq(beta, ctx);
    return HF_OK;   /* a NaN (gsl_fit_mul failed) is refused by hf_brent_minimum */
}

#define BETA_GRID 120
#define BETA_MIN (-5.0)
#define BETA_MAX (-1e-3)

/* β on a grid uniform in log|β|; the grid minimum and its neighbours make
 * the bracket the Brent minimiser needs (f(mid) below both ends). */
static double beta_grid(int i)
{
    double u = log(-BETA_MAX) + (log(-BETA_MIN) - log(-BETA_MAX)) * i / (BETA_GRID - 1);
    return -exp(u);
}

static hf_status check_points(const double *e, const double *c, size_t count, hf_diag *diag)
{
    if (e == NULL || c == NULL || count < 3)
        return hf_diag_set(diag, HF_EINVAL, "the power fit needs >= 3 points, got %zu", count);
    for (size_t i = 0; i < count; ++i) {
        if (!(e[i] > 0.0 && e[i] <= 1.0))
            return hf_diag_set(diag, HF_EDOM, "e[%zu] = %g is outside (0, 1]", i, e[i]);
        if (!isfinite(c[i]))
            return hf_diag_set(diag, HF_EDOM, "c[%zu] = %g is not finite", i, c[i]);
    }
    return HF_OK;
}

static hf_status minimise_beta(power_data *d, double *beta, hf_diag *diag)
{
    int best = 0;
    double s_best = INFINITY, s_grid[BETA_GRID];
    for (int i = 0; i < BETA_GRID; ++i) {
        s_grid[i] = power_sumsq(beta_grid(i), d);
        if (s_grid[i] < s_best) {
            s_best = s_grid[i];
            best = i;
        }
    }
    if (best == 0 || best == BETA_GRID - 1 || !isfinite(s_best))
        return hf_diag_set(diag, HF_EBRACKET, "the best beta is not inside [%g, %g]",
                           BETA_MIN, BETA_MAX);
    /* beta_grid decreases with i: the bracket is [grid(best+1), grid(best-1)]. */
    const double x[3] = {beta_grid(best + 1), beta_grid(best), beta_grid(best - 1)};
    const double fx[3] = {s_grid[best + 1], s_best, s_grid[best - 1]};
    static const hf_brent_tolerance tol = {1e-12, 1e-7, 200};
    hf_brent_result r;
    hf_status st = hf_brent_minimum(sumsq_at, d, x, fx, &tol, "the power fit over beta", &r,
                                    diag);
    if (st == HF_OK)
        *beta = r.x;
    return st;
}

hf_status hf_copt_fit_power(const double *e, const double *c, size_t count, double *alpha,
                            double *beta, double *rms, hf_diag *diag)
{
    hf_status st = check_points(e, c, count, diag);
    if (st != HF_OK)
        return st;
    power_data d = {e, c, count, malloc(sizeof(double) * count), 0.0}; /* f freed below */
    if (d.f == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu points", count);
    double b;
    st = minimise_beta(&d, &b, diag);
    if (st == HF_OK) {
        double sumsq = power_sumsq(b, &d);   /* also sets d.alpha at the final β */
        *alpha = d.alpha;
        *beta = b;
        *rms = sqrt(sumsq / (double)count);
    }
    free(d.f);
    return st;
}
