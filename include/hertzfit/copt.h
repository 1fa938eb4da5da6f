/*
 * hertzfit/copt.h — the optimal linear damping of Poursina & Nikravesh
 * (2020) for the Hertz + linear damper contact m δ̈ + c δ̇ + k δ^n = 0 that
 * separates at zero force, c δ̇_s + k δ_s^n = 0 (their Eqs. 8 and 20).
 *
 * c_opt is the c whose simulated output restitution e_out = −δ̇_s/v⁻ (Eq.
 * 22) equals the desired e (the problem of Eq. 23, solved as a root of
 * e_out(c) − e by GSL's Brent method; e_out decreases strictly with c).
 * Rescaling δ by δ_H = ((n+1) m v⁻²/(2k))^{1/(n+1)} and t by δ_H/v⁻ turns
 * the equation into x'' + γ x' + ((n+1)/2) x^n = 0, x(0) = 0, x'(0) = 1,
 * with γ = c δ_H/(m v⁻); writing c through Eq. 34,
 *
 *     c_opt = (λ/e) S,  S = [((n+1)/2)^n k v⁻^{n−1} m^n]^{1/(n+1)},
 *
 * gives λ = 2 e γ/(n+1): λ depends on (e, n) only, so one dimensionless
 * solve per (e, n) serves every m, k, v⁻.
 *
 * The paper's fit of c_opt(e) at m = k = v⁻ = 1 is the closed form
 * c = α(n)(e^{β(n)} − 1)[k v⁻^{n−1} m^n]^{1/(n+1)} (Eqs. 46–49), with
 * Eqs. 52 (n = 3/2) and 57 (n = 1) as special cases.  For n = 1 (Kelvin–
 * Voigt) the exact relation is Butcher–Segalman's (Eqs. 55–56).
 */
#ifndef HERTZFIT_COPT_H
#define HERTZFIT_COPT_H

#include <stddef.h>
#include "hertzfit/contact.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_copt_options {
    double rel_tol;   /* relative tolerance on c (default 1e-10) */
    double ode_tol;   /* per-step tolerance of the impact integration (default 1e-12) */
    double c_max;     /* > 0: search c in [0, c_max] only; 0 (default): start at the
                         bound of Eq. 33 (λ = 1) and widen it if needed */
    double hint;      /* > 0: a guess of c tried first as a narrow bracket (default 0) */
} hf_copt_options;

void hf_copt_options_init(hf_copt_options *options);

/* Checks e in [HF_IMPACT_E_MIN = 1e-6, 1] (HF_EDOM naming it), then the
 * contact (hf_contact_check: m, K, v⁻ positive and finite, n in [1, 2],
 * its scales in range).  The contact of hf_contact_init (m = K = v⁻ = 1)
 * serves where only (n, e) matter.  The supported domain is documented in
 * hertzfit/impact.h. */
hf_status hf_copt_check(const hf_contact *contact, double e, hf_diag *diag);

/* Output restitution of the Hertz + linear damper impact of CONTACT with
 * damping c (the function whose root is c_opt), integrated to ode_tol. */
hf_status hf_copt_e_out(const hf_contact *contact, double c, double ode_tol, double *e_out,
                        hf_diag *diag);

/* λ(e, n) of Eq. 34 from one dimensionless solve, for the exponent n.
 * λ(1, n) = 0. */
hf_status hf_copt_lambda(double exponent, double e, const hf_copt_options *options,
                         double *lambda, hf_diag *diag);

/* The largest dimensionless damping γ = c (n+1)/(2S) hf_copt_solve
 * searches: a c_max above HF_COPT_GAMMA_MAX · 2S/(n+1) is refused. */
#define HF_COPT_GAMMA_MAX 1e12

/* c_opt of CONTACT for restitution e through the scaling of Eq. 34:
 * λ/e · S.  options may be NULL.  HF_EDOM naming c_max when it is above
 * HF_COPT_GAMMA_MAX · 2S/(n+1). */
hf_status hf_copt_solve(const hf_contact *contact, double e, const hf_copt_options *options,
                        double *c_opt, hf_diag *diag);

/* c_opt by root finding on the physical (unscaled) simulation; used to
 * check the scaling.  HF_EBRACKET when e_out(c_max) > e with a given c_max,
 * or when no bracket is found. */
hf_status hf_copt_solve_direct(const hf_contact *contact, double e,
                               const hf_copt_options *options, double *c_opt, hf_diag *diag);

/* α(n), β(n) of Eqs. 46–47 as printed. */
double hf_copt_alpha_paper(double n);
double hf_copt_beta_paper(double n);

/* The closed form of Eq. 49 for CONTACT and restitution e, with α, β
 * given (from Eqs. 46–47 or a refit). */
hf_status hf_copt_closed_form(const hf_contact *contact, double e, double alpha, double beta,
                              double *c, hf_diag *diag);

/* Exact Kelvin–Voigt restitution with zero-force separation as a function
 * of ξ = c/(2√(km)) >= 0 (Butcher–Segalman, Eqs. 55–56; the ξ > 1 branch
 * re-derived, see copt.c).  HF_EDOM for ξ < 0 or not finite. */
hf_status hf_copt_kelvin_voigt_exact(double xi, double *e, hf_diag *diag);

/* Least-squares fit of c(e) = α(e^β − 1) to count >= 3 points (Eq. 45):
 * minimises Σ (c_i − α(e_i^β − 1))² by projecting out the linear α and
 * minimising over β with GSL's Brent minimiser.  rms = √(Σ r²/count).
 * HF_EBRACKET when the minimum in β is not inside [-5, -1e-3].  The refit
 * of α(n), β(n) over an (n, e) grid is hertzfit/copt_refit.h. */
hf_status hf_copt_fit_power(const double *e, const double *c, size_t count, double *alpha,
                            double *beta, double *rms, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
