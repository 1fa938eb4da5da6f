/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/damping_internal.h — the functions of Poursina & Nikravesh's optimal
 * damping (hertzfit/damping.h) that only the library and its tests call.
 */
#ifndef HERTZFIT_MODELS_DAMPING_INTERNAL_H
#define HERTZFIT_MODELS_DAMPING_INTERNAL_H

#include <stddef.h>
#include "hertzfit/damping.h"

/* λ(e, n) of Eq. 34 from one dimensionless solve, for the exponent n.
 * λ(1, n) = 0. */
hf_status hf_copt_lambda(double exponent, double e, const hf_copt_options *options,
                         double *lambda, hf_diag *diag);

/* c_opt by root finding on the physical (unscaled) simulation; used to
 * check the scaling.  HF_EBRACKET when e_out(c_max) > e with a given c_max,
 * or when no bracket is found. */
hf_status hf_copt_solve_direct(const hf_contact *contact, double e,
                               const hf_copt_options *options, double *c_opt, hf_diag *diag);

/* Least-squares fit of c(e) = α(e^β − 1) to count >= 3 points (Eq. 45):
 * minimises Σ (c_i − α(e_i^β − 1))² by projecting out the linear α and
 * minimising over β with GSL's Brent minimiser.  rms = √(Σ r²/count).
 * HF_EBRACKET when the minimum in β is not inside [-5, -1e-3].  The refit
 * of α(n), β(n) over an (n, e) grid is hertzfit/copt_refit.h. */
hf_status hf_copt_fit_power(const double *e, const double *c, size_t count, double *alpha,
                            double *beta, double *rms, hf_diag *diag);

#endif
