/*
 * models/copt_fit.c — the refit of Poursina & Nikravesh's α(n), β(n)
 * (Eqs. 45–47): c_opt(e) at m = k = v⁻ = 1 on an e grid for each n, then
 * the least-squares fit c = α(e^β − 1).
 *
 * Why a 1-D minimisation over β rather than a two-parameter nonlinear
 * solver: the model is linear in α, so for a fixed β the best α is the
 * regression through the origin of c on f = e^β − 1 (gsl_fit_mul), and the
 * residual sum of squares S(β) is a smooth function of β alone (variable
 * projection, Golub & Pereyra 1973).  Minimising S(β) with GSL's Brent
 * minimiser inside a bracket found on a fixed grid needs no starting
 * guess for α, cannot wander to α < 0 or β > 0, and gives the same
 * answer as a joint Gauss–Newton fit at the joint minimum.
 *
 * Parallel over n with OpenMP: every n is an independent computation
 * written to its own slot, so the result does not depend on the number
 * of threads or the schedule.
 */
#include "hertzfit/copt.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_min.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#define HF_OMP(directive) _Pragma(#directive)
#else
#define HF_OMP(directive)   /* a serial build: the loop runs in order */
#endif

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
    double lo = beta_grid(best + 1), hi = beta_grid(best - 1), mid = beta_grid(best);
    gsl_function F = {power_sumsq, d};
    gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent); /* freed below */
    if (m == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "cannot allocate the GSL minimiser");
    int gst = gsl_min_fminimizer_set_with_values(m, &F, mid, s_best, lo, s_grid[best + 1], hi,
                                                 s_grid[best - 1]);
    for (int iter = 0; gst == GSL_SUCCESS && iter < 200; ++iter) {
        gst = gsl_min_fminimizer_iterate(m);
        if (gst != GSL_SUCCESS)
            break;
        gst = gsl_min_test_interval(gsl_min_fminimizer_x_lower(m),
                                    gsl_min_fminimizer_x_upper(m), 1e-12, 1e-7);
        if (gst == GSL_SUCCESS) {
            *beta = gsl_min_fminimizer_x_minimum(m);
            gsl_min_fminimizer_free(m);
            return HF_OK;
        }
        gst = GSL_SUCCESS;
    }
    gsl_min_fminimizer_free(m);
    return hf_diag_set(diag, HF_ENOCONV, "the Brent minimiser over beta did not converge");
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

/* c_opt at m = k = v⁻ = 1 over the e grid for one n, then the fit.  The
 * previous e's c_opt is the hint for the next (a narrow first bracket). */
static hf_status refit_one(double n, const double *e_grid, size_t e_count,
                           const hf_copt_options *base, double *c, double *alpha, double *beta,
                           double *rms, hf_diag *diag)
{
    hf_copt_options o = *base;
    for (size_t j = 0; j < e_count; ++j) {
        hf_status st = hf_copt_solve(n, e_grid[j], 1.0, 1.0, 1.0, &o, &c[j], diag);
        if (st != HF_OK)
            return st;
        o.hint = c[j];
    }
    return hf_copt_fit_power(e_grid, c, e_count, alpha, beta, rms, diag);
}

hf_status hf_copt_refit(const double *n_grid, size_t n_count, const double *e_grid,
                        size_t e_count, int threads, const hf_copt_options *options,
                        hf_copt_progress_fn progress, void *user, double *alpha,
                        double *beta, double *rms, hf_diag *diag)
{
    if (n_grid == NULL || e_grid == NULL || n_count == 0 || alpha == NULL || beta == NULL ||
        rms == NULL || threads < 0)
        return hf_diag_set(diag, HF_EINVAL, "refit needs an n grid, an e grid and outputs");
    hf_copt_options o;
    if (options)
        o = *options;
    else
        hf_copt_options_init(&o);
    o.hint = 0.0;
    hf_status st = check_points(e_grid, e_grid, e_count, diag);
    for (size_t i = 0; i < n_count && st == HF_OK; ++i)
        st = hf_copt_check(n_grid[i], 1.0, 1.0, 1.0, 1.0, diag);
    if (st != HF_OK)
        return st;
    /* One status and one diag per n, so that the reported failure is the
     * lowest failing n whatever the schedule.  Freed below. */
    hf_status *status = malloc(sizeof(hf_status) * n_count);   /* freed below */
    hf_diag *diags = calloc(n_count, sizeof(hf_diag));         /* freed below */
    if (status == NULL || diags == NULL) {
        free(status);
        free(diags);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu n values", n_count);
    }
    size_t done = 0;
    int nthreads = threads;
#ifdef HERTZFIT_HAVE_OPENMP
    if (nthreads == 0)
        nthreads = omp_get_max_threads();
#else
    (void)nthreads;
#endif
    HF_OMP(omp parallel num_threads(nthreads))
    {
        double *c = malloc(sizeof(double) * e_count);   /* per thread, freed below */
        HF_OMP(omp for schedule(dynamic, 1))
        for (long i = 0; i < (long)n_count; ++i) {
            status[i] = c == NULL ? HF_ENOMEM
                                  : refit_one(n_grid[i], e_grid, e_count, &o, c, &alpha[i],
                                              &beta[i], &rms[i], &diags[i]);
            HF_OMP(omp critical(hf_copt_refit_progress))
            {
                ++done;
                if (progress)
                    progress(done, n_count, user);
            }
        }
        free(c);
    }
    st = HF_OK;
    for (size_t i = 0; i < n_count && st == HF_OK; ++i)
        if (status[i] != HF_OK)
            st = hf_diag_set(diag, status[i], "n = %g: %s", n_grid[i],
                             diags[i].text[0] ? diags[i].text : hf_strerror(status[i]));
    free(status);
    free(diags);
    return st;
}
