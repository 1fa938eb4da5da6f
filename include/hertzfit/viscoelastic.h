/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/viscoelastic.h — the exact quasi-static impact of a rigid sphere
 * on a linear viscoelastic half-space whose shear relaxation modulus is a
 * Prony series, G(t) = G(0)[g∞ + Σᵢ gᵢ e^{−t/τᵢ}] (g∞ + Σ gᵢ = 1), with a
 * constant Poisson's ratio: the Maxwell solid (g∞ = 0, one term), the
 * standard linear solid of Argatov's Eq. 47 (g∞ = 1 − α, g₁ = α) and the
 * generalised Maxwell solid with up to HF_PRONY_TERMS_MAX terms.
 *
 * Loading is Lee–Radok's exact Eq. 13 (Argatov); unloading is Ting's exact
 * solution (Argatov's Eqs. 15–16 with the true t₁(t), no Hunter
 * approximation), in the form Popov's method of dimensionality reduction
 * gives it: the contact radius at time t is the one it had at the loading
 * time t₁ with ∫_{t₁}^{t} G(t − t') dw(t') = 0, and the force is
 * Lee–Radok's integral stopped at t₁.  docs/viscoelastic.md derives the
 * equations; models/viscoelastic.c implements them with the hereditary
 * integrals as ODE states (GSL's rk8pd, events located inside the step).
 *
 * Dimensionless variables are Argatov's Eq. 23 with the instantaneous
 * modulus G(0) = μ0: ω = w/w_m⁰ (the approach; during loading also
 * a²/(R w_m⁰)), τ = V0 t/w_m⁰, force in m V0²/w_m⁰ (Hertz's peak force is
 * 5/4 there), rates λᵢ = w_m⁰/(V0 τᵢ).  Argatov's ε (Eqs. 23, 49) is the
 * initial relaxation rate, ε = Σ gᵢ λᵢ = −G'(0)/G(0) · w_m⁰/V0.
 */
#ifndef HERTZFIT_VISCOELASTIC_H
#define HERTZFIT_VISCOELASTIC_H

#include <stddef.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HF_PRONY_TERMS_MAX 10

/* A normalised Prony series: G(t)/G(0) = g_inf + Σ g[i] exp(−rate[i] t). */
typedef struct hf_prony {
    double g_inf;                     /* G∞/G(0), in [0, 1] */
    size_t n;                         /* relaxing terms, 0 .. HF_PRONY_TERMS_MAX */
    double g[HF_PRONY_TERMS_MAX];     /* Gᵢ/G(0), > 0 */
    double rate[HF_PRONY_TERMS_MAX];  /* 1/τᵢ >= 0 (1/s, or V0/w_m⁰ when dimensionless) */
} hf_prony;

/* Argatov's materials: Maxwell, μ0 e^{−ηt} (Eq. 17); the standard linear
 * solid μ0[(1 − α) + α e^{−ηt}] (Eq. 47, η = 1/τ, α = 1 − G∞/G(0)). */
void hf_prony_maxwell(double eta, hf_prony *out);
void hf_prony_sls(double alpha, double eta, hf_prony *out);

/* The relaxation of N rates rate[i] (1/s; "eta" to the front ends) with
 * moduli weight[i] = Gᵢ/G(0) (g∞ = 1 − Σ weight, rounding below 0
 * clipped), or, with weight NULL, of one rate: the standard linear solid
 * of ALPHA (hf_prony_sls).  HF_EDOM naming "eta" for N outside
 * 1..HF_PRONY_TERMS_MAX and "weight" for weights summing above G(0) (by
 * more than 1e-12); HF_EINVAL naming "weight" for N > 1 without weights. */
hf_status hf_prony_from_rates(size_t n, const double *rate, const double *weight, double alpha,
                              hf_prony *out, hf_diag *diag);

/* The solver's tolerances; every call taking options reads NULL as the
 * defaults below. */
typedef struct hf_viscoelastic_options {
    double abs_tol;   /* per-step absolute error (default 1e-12) */
    double rel_tol;   /* per-step relative error (default 1e-12) */
} hf_viscoelastic_options;

/* One impact in dimensionless units (the ones of hf_hunter_result). */
typedef struct hf_viscoelastic_result {
    double eps;       /* Σ gᵢ λᵢ, Argatov's ε */
    double omega_m;   /* maximum approach (end of loading, ω' = 0) */
    double tau_m;     /* end of loading */
    double force_M;   /* peak contact force */
    double tau_M;     /* time of the peak force */
    double tau_c;     /* end of contact: the contact radius reaches 0 */
    double omega_c;   /* approach at τ_c (the dent left, > 0 when G relaxes) */
    double v_c;       /* ω' at τ_c (negative) */
    double e;         /* coefficient of restitution −v_c */
    size_t steps;     /* accepted ODE steps, both stages */
} hf_viscoelastic_result;

/* Largest rate λᵢ accepted (relaxation 1e4 times faster than the impact:
 * beyond it the explicit stepper needs ~λ steps per unit time). */
#define HF_VISCOELASTIC_RATE_MAX 1e4

/* Solves the impact for the dimensionless spectrum relax (rates λᵢ in
 * V0/w_m⁰).  options may be NULL (defaults).  HF_EDOM for a bad spectrum
 * or a rate above HF_VISCOELASTIC_RATE_MAX, HF_EDOM too when the sphere
 * does not rebound (g∞ = 0 and relaxation so fast, ε of about 5 for the
 * Maxwell solid, that the sphere creeps into the material without stopping,
 * or the contact radius does not shrink to 0, within 1e3 time units;
 * e is below 1e-4 from ε = 3 on), HF_ENOCONV / HF_EGSL when the
 * integration fails (diag says which stage). */
hf_status hf_viscoelastic_solve(const hf_prony *relax, const hf_viscoelastic_options *options,
                                hf_viscoelastic_result *out, hf_diag *diag);

/* Contact force (units m V0²/w_m⁰) and approach (units w_m⁰) at the
 * dimensionless times tau[0..n-1] (nondecreasing, from the contact start)
 * from one integration; each value is as accurate as the integration.
 * Both are 0 before 0; after τ_c the force is 0 and the approach follows the
 * free flight ω_c + v_c (τ − τ_c).  approach may be NULL.  HF_EINVAL
 * naming the index for a NaN or decreasing time, and the codes of
 * hf_viscoelastic_solve. */
hf_status hf_viscoelastic_history(const hf_prony *relax, const hf_viscoelastic_options *options,
                                  size_t n, const double *tau, double *force, double *approach,
                                  hf_diag *diag);

/* ---- physical units (the drop-test types of hertzfit/maxwell.h) -------- */

/* Instantaneous shear modulus μ0 = G(0) [Pa], Poisson's ratio ν, and the
 * normalised spectrum with rates in 1/s. */
typedef struct hf_viscoelastic_material {
    double mu0;
    double nu;
    hf_prony relax;
} hf_viscoelastic_material;

/* HF_EDOM for μ0 <= 0, ν outside [0, 0.5], NaN/inf, a bad spectrum. */
hf_status hf_viscoelastic_material_check(const hf_viscoelastic_material *material,
                                         hf_diag *diag);

/* The exact impact in physical units: F_M [N], t_M, t_c [s], e, w_m [m]
 * and out->eps = −G'(0)/G(0) · w_m⁰/V0 (Argatov's ε of Eqs. 23 and 49;
 * the scales are those of hertzfit/maxwell.h with μ0 = G(0)).  For
 * relax = hf_prony_maxwell(η) or hf_prony_sls(α, η) the inputs mean what
 * they mean for hf_maxwell_simulate(_sls), whose Hunter approximation this
 * replaces. */
hf_status hf_viscoelastic_simulate(const hf_viscoelastic_material *material,
                                   const hf_maxwell_impact *impact,
                                   const hf_viscoelastic_options *options,
                                   hf_maxwell_response *out, hf_diag *diag);

/* Contact force F[i] [N] at the times t[i] [s] from the contact start
 * (nondecreasing; 0 before 0 and after t_c), from one integration. */
hf_status hf_viscoelastic_force_history(const hf_viscoelastic_material *material,
                                        const hf_maxwell_impact *impact,
                                        const hf_viscoelastic_options *options, size_t n,
                                        const double *t, double *F, hf_diag *diag);

/* ---- master curves on the exact solution (docs/viscoelastic.md) -------- */

/* The five quantities of Argatov's master curves (hertzfit/argatov.h's
 * HF_ARGATOV_MASTER_LIST order: w_m/w_m⁰, F_M/F_M⁰, t_M/t_m⁰, t_c/t_c⁰, e)
 * from the exact solution, from Hunter's model and from the first-order
 * formulas, for the standard linear solid of relaxing fraction α in (0, 1]
 * (α = 1 − G∞/G(0), Eq. 47; α = 1 the Maxwell solid) at Argatov's ε of
 * Eq. 49 (the exact solution runs at λ = ε/α). */
typedef struct hf_viscoelastic_master_point {
    double eps, alpha;
    double exact[HF_ARGATOV_MASTER_N];
    double hunter[HF_ARGATOV_MASTER_N];
    double asymptotic[HF_ARGATOV_MASTER_N];
} hf_viscoelastic_master_point;

/* ε in [0, HF_HUNTER_EPS_MAX] (Hunter's model is not solved beyond it).
 * HF_EDOM for ε or α outside their ranges, codes of the solvers otherwise. */
hf_status hf_viscoelastic_master_evaluate(const hf_argatov_constants *constants, double eps,
                                          double alpha, hf_viscoelastic_master_point *out,
                                          hf_diag *diag);

/* Where Hunter's model and the first-order formulas leave a relative
 * tolerance tol in (0, 1) of the exact solution: for each quantity the
 * smallest ε at which |model/exact − 1| reaches tol (a 0.005 scan up to
 * HF_ARGATOV_MASTER_EPS_SCAN brackets it, Brent's method locates it to
 * 1e-10), or bounded = 0 when it stays within on the whole scan. */
typedef struct hf_viscoelastic_master_limits {
    hf_argatov_master_limit hunter[HF_ARGATOV_MASTER_N];
    hf_argatov_master_limit asymptotic[HF_ARGATOV_MASTER_N];
} hf_viscoelastic_master_limits;

hf_status hf_viscoelastic_master_limits_find(const hf_argatov_constants *constants, double tol,
                                             double alpha, hf_viscoelastic_master_limits *out,
                                             hf_diag *diag);

/* Largest ε hf_viscoelastic_longer_contact scans. */
#define HF_VISCOELASTIC_LONGER_SCAN 3.0

/* Argatov's puzzle: the smallest ε (Eq. 49) in (0, HF_VISCOELASTIC_LONGER_SCAN]
 * above which the exact contact duration exceeds Hertz's t_c⁰ (computed
 * with the instantaneous modulus) for the standard linear solid α;
 * *found = 0 when t_c <= t_c⁰ on the whole scan (or the sphere stops
 * rebounding first).  A 0.01 scan brackets the first crossing, Brent's
 * method locates it to 1e-10. */
hf_status hf_viscoelastic_longer_contact(double alpha, double *eps, int *found, hf_diag *diag);

/* ---- the force laws ------------------------------------------------------
 *
 * The force laws hertzfit identifies from drop tests
 * (hertzfit/viscoelastic_fit.h), as one parameter vector each:
 *   maxwell       G(t) = μ0 e^{−ηt}                      μ0 [Pa], η [1/s]
 *   sls           μ0[(1 − α) + α e^{−ηt}] (Argatov 47)  μ0, η, α
 *   prony:N       μ0[g∞ + Σᵢ gᵢ e^{−ηᵢ t}], g∞ = 1 − Σ gᵢ > 0
 *                                                        μ0, g₁, η₁, …, g_N, η_N
 *   hunt-crossley F = K δ^{3/2} (1 + a δ̇)                μ0, a [s/m]
 *   kelvin-voigt  F = K (δ^{3/2} + (3/2) τ δ^{1/2} δ̇)   μ0, τ [s]
 * with K = (4/3) E* √R, E* = 2μ0/(1 − ν), the elastic limit of the exact
 * solution.  The first three are hereditary, solved exactly
 * (hertzfit/viscoelastic.h: Lee–Radok loading, Ting's unloading); the
 * last two are the non-hereditary alternatives, m δ̈ = −F from δ = 0,
 * δ̇ = V0 by GSL's rk8pd.  Hunt–Crossley's is the law of hertzfit/impact.h
 * with h = a V0.  The Kelvin–Voigt-type law is the Hertz contact of a
 * Kelvin–Voigt solid of retardation time τ (Kuwabara & Kono); its force
 * turns tensile before δ returns to 0, so it is clamped at 0 and the
 * sphere flies free from there.
 */

typedef enum hf_viscoelastic_law_kind {
    HF_VISCOELASTIC_LAW_MAXWELL,        /* "maxwell" */
    HF_VISCOELASTIC_LAW_SLS,            /* "sls" */
    HF_VISCOELASTIC_LAW_PRONY,          /* "prony:N" */
    HF_VISCOELASTIC_LAW_HUNT_CROSSLEY,  /* "hunt-crossley" */
    HF_VISCOELASTIC_LAW_KELVIN_VOIGT    /* "kelvin-voigt" */
} hf_viscoelastic_law_kind;

/* Most Prony terms a fit carries. */
#define HF_VISCOELASTIC_FIT_TERMS_MAX 4
/* Most model parameters: μ0 and two per Prony term. */
#define HF_VISCOELASTIC_FIT_PARAMS_MAX (1 + 2 * HF_VISCOELASTIC_FIT_TERMS_MAX)

typedef struct hf_viscoelastic_law {
    hf_viscoelastic_law_kind kind;
    size_t terms;  /* Prony terms, 1 .. HF_VISCOELASTIC_FIT_TERMS_MAX (PRONY only) */
} hf_viscoelastic_law;

/* "maxwell", "sls", "prony:N", "hunt-crossley", "kelvin-voigt"; HF_ENOTFOUND
 * listing them, HF_ERANGE for N outside 1 .. HF_VISCOELASTIC_FIT_TERMS_MAX. */
hf_status hf_viscoelastic_law_parse(const char *name, hf_viscoelastic_law *law, hf_diag *diag);
/* The name of LAW into buf (size bytes); returns buf. */
const char *hf_viscoelastic_law_name(const hf_viscoelastic_law *law, char *buf, size_t size);
/* Its model parameters (1 + 2·terms for PRONY, 3 for SLS, else 2). */
size_t hf_viscoelastic_law_nparams(const hf_viscoelastic_law *law);
/* The name of parameter j ("mu0_Pa", "eta_1/s", "alpha", "g1", "eta1_1/s",
 * "a_s/m", "tau_s"); "?" beyond the count. */
const char *hf_viscoelastic_law_param_name(const hf_viscoelastic_law *law, size_t j);

/* The response of one impact: hf_viscoelastic_simulate for the hereditary
 * laws; for the others F_M, t_M and t_c from the force on a grid of
 * 2e-4 δ_H/V0 (F_M to ~1e-8 relative, the peak being flat; t_c to 1e-4 δ_H/V0),
 * and e, eps, w_m NaN (not computed).  For synthesis: the noise scale and
 * the record length.  Errors as hf_viscoelastic_law_force_history. */
hf_status hf_viscoelastic_law_simulate(const hf_viscoelastic_law *law, const double *param,
                                       double nu, const hf_maxwell_impact *impact,
                                       hf_maxwell_response *out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
