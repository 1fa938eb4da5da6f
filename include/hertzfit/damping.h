/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/damping.h — the catalogue of published hysteresis-damping models
 * (this section), the exact h_r(c_r) relation and its inverse, and
 * Poursina & Nikravesh's optimal linear damping with its power-law fit.
 *
 * Each model gives the damping ratio h_r = C δ̇⁻ / K as a function of the
 * restitution coefficient c_r (Table 1 of Safaeifar & Farshidianfar 2020 and
 * of Sheikhi Azqandi & Safaeifar 2023).  One member has a different force
 * law: Poursina & Nikravesh's f = K δ^n + μ δ δ̇ with residual deformation
 * (extended abstract, Eq. 9), whose h_r = μ δ̇⁻ δ_H^{1−n}/K is found by
 * simulating its impact at n = 3/2 (hf_impact_residual_h).  In the library a model is an
 * enum, hf_damping_id; its name, a stable identifier used on the command
 * line and in output files, is only for the user: hf_damping_lookup turns
 * a name into the id.
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_diag diag = {{0}};
 * hf_damping_id model;
 * double h;
 * if (hf_damping_lookup("hunt-crossley", &model, &diag) != HF_OK ||
 *     hf_damping_hr(model, 0.5, NULL, &h, &diag) != HF_OK)
 *     return 1;
 * // Hunt & Crossley: h_r = 3(1 - c_r)/2
 * return h == 0.75 && strcmp(hf_damping_at(model)->name, "hunt-crossley") == 0 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_DAMPING_H
#define HERTZFIT_DAMPING_H

#include <stddef.h>
#include "hertzfit/contact.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The models, in catalogue order. */
typedef enum hf_damping_id {
    HF_DAMPING_HUNT_CROSSLEY,            /* "hunt-crossley" */
    HF_DAMPING_LANKARANI_NIKRAVESH,      /* "lankarani-nikravesh" */
    HF_DAMPING_FLORES,                   /* "flores" */
    HF_DAMPING_GHARIB_HURMUZLU,          /* "gharib-hurmuzlu" */
    HF_DAMPING_HU_GUO,                   /* "hu-guo" */
    HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR,  /* "safaeifar-farshidianfar" */
    HF_DAMPING_ICACO,                    /* "icaco" */
    HF_DAMPING_EXACT,                    /* "exact": the root of Eq. 39 */
    HF_DAMPING_PROFILE,                  /* "profile": needs (a, b) */
    HF_DAMPING_POURSINA_RESIDUAL,        /* "poursina-residual": its own law,
                                            f = K δ^n + μ δ δ̇ (hertzfit/impact.h) */
    HF_DAMPING_COUNT
} hf_damping_id;

typedef struct hf_damping_model {
    hf_damping_id id;
    const char *name;       /* "hunt-crossley", ..., "exact", "profile" */
    const char *formula;    /* h_r(c_r) as text */
    const char *reference;  /* citation */
    int needs_profile;      /* 1 for "profile": needs (a, b) */
} hf_damping_model;

/* The catalogue entry of ID, or NULL when ID is not below
 * HF_DAMPING_COUNT. */
const hf_damping_model *hf_damping_at(hf_damping_id id);

/* The model named NAME into *id, or HF_ENOTFOUND with the diag listing
 * every valid name (hf_unknown_name). */
hf_status hf_damping_lookup(const char *name, hf_damping_id *id, hf_diag *diag);

/* h_r of model ID for c_r in (0, 1].  profile_ab = {a, b} for
 * HF_DAMPING_PROFILE and is ignored (may be NULL) for the others.  HF_EDOM
 * for c_r outside (0, 1], or a, b not positive; HF_EINVAL for an unknown
 * id or HF_DAMPING_PROFILE without profile_ab; HF_ERANGE when h_r is not
 * representable (c_r near the smallest double); the diag names the model
 * and the value. */
hf_status hf_damping_hr(hf_damping_id id, double c_r, const double *profile_ab, double *h_r,
                        hf_diag *diag);

/*
 * ---- the exact hysteresis-damping relation.
 *
 * For the Hunt–Crossley-type force F = K δ^n (1 + h_r δ̇/δ̇⁻) the energy
 * balance gives (Safaeifar & Farshidianfar 2020, Eq. 39; Zhang & Sharf 2009)
 *
 *     h (1 + c) = ln((1 + h) / (1 − c h)),
 *
 * between the damping ratio h = h_r and the restitution coefficient c = c_r.
 * These functions return its nontrivial root to full double precision
 * (relative error ≤ 1e-12 for c in [1e-6, 1 − 1e-9]).
 *
 * Example (built and run by the test header_examples):
 * ```c
 * double h, c;
 * hf_diag diag = {{0}};
 * if (hf_restitution_hr_exact(0.5, &h, &diag) != HF_OK ||
 *     hf_restitution_cr_exact(h, &c, &diag) != HF_OK)
 *     return 1;
 * // h_r(0.5) = 1.43275...; the round trip returns c_r = 0.5 to a few ulp
 * return fabs(h - 1.43275) < 1e-5 && fabs(c - 0.5) < 1e-15 ? 0 : 1;
 * ```
 */

/* h_r(c_r) for c_r in (0, 1]; h_r(1) = 0.  HF_EDOM outside (0, 1] or NaN;
 * HF_ERANGE for c_r < 1/DBL_MAX (~5.6e-309), where h_r ~ 1/c_r overflows;
 * the diag names the value. */
hf_status hf_restitution_hr_exact(double c_r, double *h_r, hf_diag *diag);

/* The inverse c_r(h_r) for h_r >= 0; c_r(0) = 1.  HF_EDOM for h_r < 0, NaN
 * or inf.  For h_r so large that c_r underflows, c_r is the smallest
 * positive double the relation yields (it is then ~ 1/h_r). */
hf_status hf_restitution_cr_exact(double h_r, double *c_r, hf_diag *diag);

/*
 * ---- the optimal linear damping of Poursina & Nikravesh
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

/* The largest dimensionless damping γ = c (n+1)/(2S) hf_copt_solve
 * searches: a c_max above HF_COPT_GAMMA_MAX · 2S/(n+1) is refused. */
#define HF_COPT_GAMMA_MAX 1e12

/* c_opt of CONTACT for restitution e through the scaling of Eq. 34:
 * λ/e · S.  options may be NULL.  HF_EDOM naming c_max when it is above
 * HF_COPT_GAMMA_MAX · 2S/(n+1). */
hf_status hf_copt_solve(const hf_contact *contact, double e, const hf_copt_options *options,
                        double *c_opt, hf_diag *diag);

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

#ifdef __cplusplus
}
#endif
#endif
