/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/brent.c — GSL's Brent root finder and minimiser behind one call each
 * (core/brent.h), with every GSL status and every failure of the caller's
 * function checked.
 *
 * GSL calls a plain double-valued function; the relay below calls the
 * caller's status-returning one and remembers its first failure.  After a
 * failure it answers 0 without calling again, which GSL takes as an
 * ordinary value (a NaN would go to GSL's error handler), and the search
 * stops at the next check with the remembered status.
 */
#include "core/brent.h"

#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_roots.h>

typedef struct relay {
    hf_brent_fn f;
    void *ctx;
    hf_status failed;
    double failed_at, failed_value;
} relay;

static double relay_call(double x, void *p)
{
    relay *r = p;
    if (r->failed != HF_OK)
        return 0.0;
    double value = 0.0;
    hf_status st = r->f(x, r->ctx, &value);
    if (st == HF_OK && !isfinite(value)) {
        st = HF_EDOM;
        r->failed_value = value;
    }
    if (st != HF_OK) {
        r->failed = st;
        r->failed_at = x;
        return 0.0;
    }
    return value;
}

/* The status of a failed function, with a diag of its own only for a
 * non-finite value (a failing function has written its own). */
static hf_status function_failed(const relay *r, const char *what, hf_diag *diag)
{
    if (r->failed == HF_EDOM && !isfinite(r->failed_value))
        return hf_diag_set(diag, HF_EDOM, "%s: the function is %g at %.17g", what,
                           r->failed_value, r->failed_at);
    return r->failed;
}

/* What the iteration needs of a GSL solver, so that the root finder and
 * the minimiser share one loop. */
typedef struct solver_ops {
    int (*iterate)(void *solver);
    double (*lower)(void *solver);
    double (*upper)(void *solver);
    double (*estimate)(void *solver);
    int (*test)(double lower, double upper, double epsabs, double epsrel);
    const char *method;
} solver_ops;

static int root_iterate(void *s) { return gsl_root_fsolver_iterate(s); }
static double root_lower(void *s) { return gsl_root_fsolver_x_lower(s); }
static double root_upper(void *s) { return gsl_root_fsolver_x_upper(s); }
static double root_estimate(void *s) { return gsl_root_fsolver_root(s); }
static int min_iterate(void *s) { return gsl_min_fminimizer_iterate(s); }
static double min_lower(void *s) { return gsl_min_fminimizer_x_lower(s); }
static double min_upper(void *s) { return gsl_min_fminimizer_x_upper(s); }
static double min_estimate(void *s) { return gsl_min_fminimizer_x_minimum(s); }

static const solver_ops root_ops = {root_iterate, root_lower, root_upper, root_estimate,
                                    gsl_root_test_interval, "Brent's method"};
static const solver_ops min_ops = {min_iterate, min_lower, min_upper, min_estimate,
                                   gsl_min_test_interval, "Brent's minimiser"};

/* Iterates a solver that is set until the bracket meets the tolerance. */
static hf_status iterate(const solver_ops *ops, void *solver, const relay *r,
                         const hf_brent_tolerance *tol, const char *what,
                         hf_brent_result *out, hf_diag *diag)
{
    hf_status st = HF_OK;
    int iter = 0, converged = 0;
    while (st == HF_OK && !converged && iter < tol->max_iter) {
        int gst = ops->iterate(solver);
        ++iter;
        if (r->failed != HF_OK)
            st = function_failed(r, what, diag);
        else if (gst != GSL_SUCCESS)
            st = hf_diag_set(diag, HF_EGSL, "%s: iteration %d: %s", what, iter,
                             gsl_strerror(gst));
        else
            converged = ops->test(ops->lower(solver), ops->upper(solver), tol->epsabs,
                                  tol->epsrel) == GSL_SUCCESS;
    }
    if (st == HF_OK && !converged)
        st = hf_diag_set(diag, HF_ENOCONV, "%s: %s did not converge in %d iterations "
                         "(bracket [%.17g, %.17g])", what, ops->method, iter,
                         ops->lower(solver), ops->upper(solver));
    if (st == HF_OK)
        *out = (hf_brent_result){ops->estimate(solver), ops->lower(solver),
                                 ops->upper(solver), iter};
    return st;
}

hf_status hf_brent_root(hf_brent_fn f, void *ctx, double lower, double upper,
                        const hf_brent_tolerance *tol, const char *what,
                        hf_brent_result *out, hf_diag *diag)
{
    relay r = {f, ctx, HF_OK, 0.0, 0.0};
    gsl_function F = {relay_call, &r};
    gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent); /* freed below */
    if (s == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: cannot allocate a GSL root solver", what);
    hf_status st = HF_OK;
    int gst = gsl_root_fsolver_set(s, &F, lower, upper);
    if (r.failed != HF_OK)
        st = function_failed(&r, what, diag);
    else if (gst == GSL_EINVAL)
        st = hf_diag_set(diag, HF_EBRACKET, "%s: no sign change on [%.17g, %.17g]", what,
                         lower, upper);
    else if (gst != GSL_SUCCESS)
        st = hf_diag_set(diag, HF_EGSL, "%s: %s", what, gsl_strerror(gst));
    if (st == HF_OK)
        st = iterate(&root_ops, s, &r, tol, what, out, diag);
    gsl_root_fsolver_free(s);
    return st;
}

hf_status hf_brent_minimum(hf_brent_fn f, void *ctx, const double x[3], const double fx[3],
                           const hf_brent_tolerance *tol, const char *what,
                           hf_brent_result *out, hf_diag *diag)
{
    relay r = {f, ctx, HF_OK, 0.0, 0.0};
    gsl_function F = {relay_call, &r};
    if (!(x[0] < x[1] && x[1] < x[2]) || !(fx[1] < fx[0] && fx[1] < fx[2]))
        return hf_diag_set(diag, HF_EBRACKET, "%s: (%.17g, %.17g, %.17g) does not bracket a "
                           "minimum", what, x[0], x[1], x[2]);
    gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent); /* freed below */
    if (m == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: cannot allocate a GSL minimiser", what);
    hf_status st = HF_OK;
    int gst = gsl_min_fminimizer_set_with_values(m, &F, x[1], fx[1], x[0], fx[0], x[2], fx[2]);
    if (gst != GSL_SUCCESS)
        st = hf_diag_set(diag, gst == GSL_EINVAL ? HF_EBRACKET : HF_EGSL, "%s: %s", what,
                         gsl_strerror(gst));
    if (st == HF_OK)
        st = iterate(&min_ops, m, &r, tol, what, out, diag);
    gsl_min_fminimizer_free(m);
    return st;
}
