/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/brent.h — the library's one Brent root finder and one Brent
 * minimiser, over GSL's gsl_root_fsolver_brent and gsl_min_fminimizer_brent
 * (private to the library: not installed; every library folder may include
 * it, the program may not).
 *
 * Every root finder of the models (the exact h_r(c_r), the valley a(b),
 * c_opt, the events of an ODE step) and of the test functions, and the
 * one-dimensional minimiser of the c_opt power-law fit, go through here, so
 * that each of them checks every GSL status (the bracket given to
 * gsl_root_fsolver_set, every iteration) and every failure of its own
 * function the same way.
 *
 * The function reports failure through its status instead of a NaN: GSL
 * would answer a non-finite value with its error handler, and a status
 * keeps the function's own diagnosis.  A non-finite value is a failure too
 * (HF_EDOM), never handed to GSL.  The iterations are GSL's, stopped by
 * gsl_root_test_interval / gsl_min_test_interval with the tolerances given,
 * so a caller that used GSL directly before gets the same sequence of
 * points and the same answer to the last bit.
 */
#ifndef HERTZFIT_CORE_BRENT_H
#define HERTZFIT_CORE_BRENT_H

#include "hertzfit/status.h"

/* f(x) into *value; any status but HF_OK stops the search and is returned
 * as it is (the function may have filled the diag it was given through
 * its context). */
typedef hf_status (*hf_brent_fn)(double x, void *ctx, double *value);

/* Stopping rule: |upper − lower| < epsabs + epsrel·min(|lower|, |upper|)
 * of the bracket (gsl_root_test_interval, gsl_min_test_interval), within
 * max_iter iterations. */
typedef struct hf_brent_tolerance {
    double epsabs;
    double epsrel;
    int max_iter;
} hf_brent_tolerance;

/* What a search ends with: the estimate and the final bracket. */
typedef struct hf_brent_result {
    double x;          /* the root (gsl_root_fsolver_root) or the minimiser */
    double lower;      /* the final bracket */
    double upper;
    int iterations;
} hf_brent_result;

/* A root of F in [lower, upper], where F changes sign (or vanishes at an
 * end).  HF_EBRACKET when F(lower) and F(upper) have the same sign,
 * HF_ENOCONV when max_iter iterations do not meet the tolerance, HF_EGSL
 * when a GSL iteration fails, HF_ENOMEM; F's own status when it fails,
 * HF_EDOM when it returns a non-finite value.  WHAT names the equation in
 * the diag ("h_r(c_r = 0.3)").  *out is written only on HF_OK. */
hf_status hf_brent_root(hf_brent_fn f, void *ctx, double lower, double upper,
                        const hf_brent_tolerance *tol, const char *what,
                        hf_brent_result *out, hf_diag *diag);

/* A minimiser of F inside (x[0], x[2]) from a bracket whose middle point
 * x[1] is below both ends: x[0] < x[1] < x[2] with the known values fx[i]
 * = F(x[i]) (gsl_min_fminimizer_set_with_values).  Statuses as for
 * hf_brent_root; HF_EBRACKET when the middle value is not below both
 * ends. */
hf_status hf_brent_minimum(hf_brent_fn f, void *ctx, const double x[3], const double fx[3],
                           const hf_brent_tolerance *tol, const char *what,
                           hf_brent_result *out, hf_diag *diag);

#endif
