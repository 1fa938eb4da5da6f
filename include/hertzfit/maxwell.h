/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/maxwell.h — a rigid sphere dropped on a Maxwell viscoelastic
 * half-space: Argatov's asymptotic constants and first-order predictions
 * (first section below), Hunter's model in Argatov's dimensionless form
 * (second section), and both in physical units behind one call (the last
 * section, which this comment describes).
 *
 * Material: instantaneous shear modulus μ0 [Pa], Poisson's ratio ν (constant,
 * in [0, 0.5]), inverse relaxation time η [1/s] (μ(t) = μ0 e^{−ηt}, Eq. 17).
 * Impact: equivalent mass m [kg], radius R [m], impact speed V0 [m/s].
 * Scales (Argatov Eqs. 5, 23, 51–52, 56):
 *   k = 8√R μ0 / (3(1−ν)),  w_m⁰ = (5m/k)^{2/5} (V0/2)^{4/5},
 *   w_m⁰/V0 = C0 (m²/(R V0))^{1/5} = C0/𝒱,  C0 = (15(1−ν)/(32 μ0))^{2/5},
 *   𝒱 = (R V0/m²)^{1/5},  ε = η w_m⁰/V0.
 * Response: peak contact force F_M [N] and its time t_M [s], contact
 * duration t_c [s], coefficient of restitution e, the ε of the test, and
 * the maximum approach w_m [m] (not an observable of the drop-test data:
 * hf_maxwell_synthesize leaves it without noise).
 */
#ifndef HERTZFIT_MAXWELL_H
#define HERTZFIT_MAXWELL_H

#include <stddef.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * ---- the first-order asymptotic constants of Hunter's
 * Maxwell impact model (Argatov, "Viscoelastic Hertzian Impact", preprint
 * 2024, Sections 2 and 4) and the first-order predictions built from them.
 *
 * Every constant is an integral with an endpoint singularity; each is
 * computed by GSL quadrature (QAWS, whose weight (1−x)^β carries the
 * singularity, or QAGS after a substitution that removes it) to a relative
 * error estimate below 1e-10, never typed in.  Where the text of the paper
 * is inconsistent the constant was derived again (models/argatov.c says
 * how):
 *   - c_M^F is defined twice: Eq. 55 (force in units of m V0²/w_m⁰, used by
 *     the regression Eq. 57) and Eq. 46 (force relative to F_M⁰ = 5/4 of
 *     that unit).  Both are right in their own units: c_M^F(46) =
 *     (4/5)·c_M^F(55).  hertzfit keeps both, under different names.
 *   - c_c^t (Eqs. 61–62) is never defined; expanding τ_c = τ_m + (τ_c − τ_m)
 *     with Eqs. 30 and 38 gives c_c^t = c_m^τ − c_c^τ (consistent with
 *     Eq. 40).
 *   - After Eq. 40 the rebound velocity is expanded as (1 − ε(τ_c − τ_m))v_c;
 *     the exponential exp(−2ε(τ_c − τ_m)) of Eq. 21 expands to
 *     (1 − 2ε(τ_c − τ_m))v_c, and only the factor 2 reproduces Hunter's
 *     e ≈ 1 − (4/9)η t_c⁰ (Eq. 41); with the printed factor e would exceed 1.
 *
 * Dimensionless variables are those of Eq. 23: ω = a²/(R w_m⁰),
 * τ = V0 t / w_m⁰, ε = η w_m⁰ / V0; forces are in units of m V0² / w_m⁰.
 */

/* Identifiers of the constants, in the order hf_argatov_constants holds
 * them; names and equations come from one list. */
#define HF_ARGATOV_CONSTANT_LIST(X)                                                     \
    X(HF_ARGATOV_TAU_M0, "tau_m0", "Eq. 1 = Eq. 30: Hertz half duration, (2/5)B(2/5,1/2)") \
    X(HF_ARGATOV_C_M_OMEGA, "c_m_omega", "Eq. 32: omega_m = 1 + eps c_m_omega")            \
    X(HF_ARGATOV_C_M_TAU, "c_m_tau", "Eq. 31: tau_m = tau_m0 + eps c_m_tau")               \
    X(HF_ARGATOV_C_C_TAU, "c_c_tau", "Eq. 39: tau_c - tau_m = tau_m0 - eps c_c_tau")       \
    X(HF_ARGATOV_C_MF, "c_M_F", "Eq. 55: F_M w_m0/(m V0^2) = 5/4 - eps c_M_F")             \
    X(HF_ARGATOV_C_MF_REL, "c_M_F_rel", "Eq. 46: F_M/F_M0 = 1 - eps c_M_F_rel = (4/5)c_M_F") \
    X(HF_ARGATOV_C_MT, "c_M_t", "Eq. 55: tau_M = tau_m0 - eps c_M_t")                      \
    X(HF_ARGATOV_C_CT, "c_c_t", "Eqs. 61-62 (derived): tau_c = 2 tau_m0 + eps c_c_t")      \
    X(HF_ARGATOV_J_UNLOAD, "j_unload", "Eq. 37: integral of sqrt(1-xi^(5/2)), (2/5)B(2/5,3/2)") \
    X(HF_ARGATOV_C_V, "c_v", "Eq. 37: v_c = -1 + eps c_v")                                 \
    X(HF_ARGATOV_C_E, "c_e", "Eqs. 41/45: e = 1 - eps c_e, c_e = (8/9) tau_m0")

typedef enum hf_argatov_constant_id {
#define HF_ARGATOV_ENUM(id, name, doc) id,
    HF_ARGATOV_CONSTANT_LIST(HF_ARGATOV_ENUM)
#undef HF_ARGATOV_ENUM
    HF_ARGATOV_NCONSTANTS
} hf_argatov_constant_id;

typedef struct hf_argatov_constants {
    double value[HF_ARGATOV_NCONSTANTS];
    /* Absolute error estimate of each value: GSL's estimate for a single
     * quadrature, the propagated sum for combinations. */
    double abserr[HF_ARGATOV_NCONSTANTS];
} hf_argatov_constants;

/* Computes every constant by GSL quadrature.  HF_EGSL (diag names the
 * constant) when a quadrature fails to reach 1e-10 relative accuracy,
 * HF_ENOMEM when a workspace cannot be allocated. */
hf_status hf_argatov_constants_compute(hf_argatov_constants *constants, hf_diag *diag);

/* Name ("tau_m0") and one-line description (equation) of a constant. */
const char *hf_argatov_constant_name(hf_argatov_constant_id id);
const char *hf_argatov_constant_doc(hf_argatov_constant_id id);

/* ---- The master curves (Argatov Section 3.1, Figs. 2–4) -----------------
 *
 * Five impact quantities normalised by their Hertz (ε = 0) values, from
 * Hunter's numerical solution (hf_hunter_simulate, below) and from the first-order
 * formulas above:
 *   w_m/w_m⁰ = ω_m                     ≈ 1 + ε c_m^ω        (Eqs. 32, 45)
 *   F_M/F_M⁰ = F̂_M/(5/4)               ≈ 1 − ε c_M^F(46)    (Eqs. 42, 45)
 *   t_M/t_m⁰ = τ_M/τ_m⁰                ≈ 1 − ε c_M^t/τ_m⁰   (Eq. 34)
 *   t_c/t_c⁰ = τ_c/(2τ_m⁰)             ≈ 1 + ε c_c^t/(2τ_m⁰) (Eq. 40)
 *   e                                  ≈ 1 − ε (8/9)τ_m⁰    (Eqs. 41, 45)
 * (w = a²/R in loading, Eq. 12, so the maximum approach is ω_m w_m⁰.)
 * The paper draws them against the scaled relaxation time
 * τ_R/t_m⁰ = 1/(ε τ_m⁰) (Eq. 44). */
#define HF_ARGATOV_MASTER_LIST(X)                                                  \
    X(HF_ARGATOV_MASTER_W_M, "w_m", "maximum approach w_m/w_m0 (Eqs. 32, 45)")      \
    X(HF_ARGATOV_MASTER_F_M, "F_M", "maximum force F_M/F_M0 (Eqs. 42, 45, 46)")     \
    X(HF_ARGATOV_MASTER_T_M, "t_M", "time of the maximum force t_M/t_m0 (Eq. 34)")  \
    X(HF_ARGATOV_MASTER_T_C, "t_c", "contact duration t_c/t_c0 (Eqs. 38, 40)")      \
    X(HF_ARGATOV_MASTER_E, "e", "coefficient of restitution (Eqs. 41, 45)")

typedef enum hf_argatov_master_id {
#define HF_ARGATOV_MASTER_ENUM(id, name, doc) id,
    HF_ARGATOV_MASTER_LIST(HF_ARGATOV_MASTER_ENUM)
#undef HF_ARGATOV_MASTER_ENUM
    HF_ARGATOV_MASTER_N
} hf_argatov_master_id;

/* Name ("w_m") and description of a master-curve quantity. */
const char *hf_argatov_master_name(hf_argatov_master_id id);
const char *hf_argatov_master_doc(hf_argatov_master_id id);

/* The master curves at one ε. */
typedef struct hf_argatov_master_point {
    double eps;
    double numeric[HF_ARGATOV_MASTER_N];     /* Hunter's model, solved numerically */
    double asymptotic[HF_ARGATOV_MASTER_N];  /* the first-order formulas */
} hf_argatov_master_point;

/* Both curves at ε in [0, HF_HUNTER_EPS_MAX] (below) for the
 * standard linear solid with relaxing fraction α in (0, 1] (Section 3.2,
 * Eq. 47; ε of Eq. 49; Fig. 4), α = 1 being the Maxwell solid (Figs. 2–3).
 * The first-order formulas are the Maxwell ones at that ε for every α
 * (Eqs. 48–49): how far they are from the numerical curve is the error of
 * Argatov's mapping.  HF_EDOM for ε or α outside their ranges or where
 * Hunter's unloading equation does not unload, other codes from the
 * solver. */
hf_status hf_argatov_master_evaluate(const hf_argatov_constants *constants, double eps,
                                     double alpha, hf_argatov_master_point *out,
                                     hf_diag *diag);

/* Where the first-order formula of one quantity stops being within a
 * relative tolerance of the numerical solution. */
typedef struct hf_argatov_master_limit {
    /* bounded = 1: the smallest ε > 0 at which |asymptotic/numeric − 1|
     * reaches the tolerance (located by Brent's method to 1e-10 inside
     * the first interval of a 0.005 scan that brackets it);
     * bounded = 0: within the tolerance on all of [0, eps], the largest ε
     * Hunter's model is solved for. */
    double eps;
    int bounded;
} hf_argatov_master_limit;

/* Largest ε that hf_argatov_master_limits scans. */
#define HF_ARGATOV_MASTER_EPS_SCAN 0.8

/* The limit of every quantity for the relative tolerance tol in (0, 1)
 * (Argatov: 5 %, tol = 0.05) and the material α of
 * hf_argatov_master_evaluate (1: Maxwell).  HF_EDOM for a tol outside
 * (0, 1), solver codes otherwise. */
hf_status hf_argatov_master_limits(const hf_argatov_constants *constants, double tol,
                                   double alpha,
                                   hf_argatov_master_limit out[HF_ARGATOV_MASTER_N],
                                   hf_diag *diag);

/*
 * ---- Hunter's model of a rigid sphere striking a Maxwell
 * half-space, solved numerically in Argatov's dimensionless form (Argatov,
 * "Viscoelastic Hertzian Impact", 2024, Eqs. 21–25).
 *
 * Loading (exact, Eq. 24):   ω'' + ε(ω' − 1) = −(5/4)ω^{3/2},  ω(0) = 0, ω'(0) = 1,
 *   until ω' = 0 at τ_m (ω = ω_m);
 * unloading (Hunter's approximation t1 ≈ 2t_m − t, Eq. 25):
 *   ω'' − ε(3ω' + 1) = −(5/4)ω^{3/2},  ω(τ_m) = ω_m, ω'(τ_m) = 0,
 *   until the contact radius shrinks to zero, ω = 0, at τ_c.
 * Here ω = a²/(R w_m⁰) (contact radius squared), τ = V0 t/w_m⁰,
 * ε = η w_m⁰/V0.  Both events are located inside the accepted GSL step
 * (by Brent's method, core/ode_events.h).
 *
 * Contact force, in units of m V0²/w_m⁰ (F = −m d²w/dt², w the approach):
 *   loading   F = (5/4)ω^{3/2} + ε(ω' − 1)                       (Eq. 33);
 *   unloading F = exp(−2ε(τ − τ_m)) [(5/4)ω^{3/2} − ε(ω' + 1)]   (derived:
 *     Eq. 21 gives dw/dτ = exp(−2ε(τ − τ_m)) ω', differentiate once and
 *     eliminate ω'' with Eq. 25).  F is continuous at τ_m; at τ_c it is
 *     −ε(ω'(τ_c) + 1)·exp(…) = O(ε²), not 0: an artefact of Hunter's
 *     approximation (the exact Eq. 15 vanishes with a).
 * Restitution: V_c/V0 = exp(−2ε(τ_c − τ_m)) ω'(τ_c) (Eq. 21), e = −V_c/V0.
 */

typedef struct hf_hunter_options {
    double abs_tol;   /* per-step absolute error (default 1e-12) */
    double rel_tol;   /* per-step relative error (default 1e-12) */
} hf_hunter_options;

typedef struct hf_hunter_result {
    double eps;       /* the ε simulated */
    double omega_m;   /* ω at the end of loading */
    double tau_m;     /* end of loading (ω' = 0) */
    double force_M;   /* peak contact force, units m V0²/w_m⁰ */
    double tau_M;     /* time of the peak force */
    double tau_c;     /* end of contact (ω = 0) */
    double v_c;       /* ω' at τ_c (negative) */
    double e;         /* coefficient of restitution −V_c/V0 */
} hf_hunter_result;

/* Largest ε hertzfit simulates.  Beyond it Hunter's unloading equation
 * stops making sense well before it formally fails (it needs
 * ε < (5/4)ω_m^{3/2} for ω to decrease after τ_m); Argatov's asymptotics
 * are only claimed for ε <= 0.2. */
#define HF_HUNTER_EPS_MAX 1.0

/* Solves Eqs. 24–25 for one ε in [0, HF_HUNTER_EPS_MAX].  options may be
 * NULL (defaults).  HF_EDOM for ε outside that range or not finite,
 * HF_ENOCONV / HF_EGSL when the integration fails (diag says which stage). */
hf_status hf_hunter_simulate(double eps, const hf_hunter_options *options,
                             hf_hunter_result *out, hf_diag *diag);

/* The same model for a standard linear solid (Argatov Section 3.2, Eq. 47):
 * μ(t) = μ0[(1 − α) + α e^{−t/τ}], α = (μ0 − μ∞)/μ0 in (0, 1], and ε as in
 * Eq. 49, ε = α w_m⁰/(V0 τ) (so λ = ε/α is w_m⁰/(V0 τ)).  Loading is
 * Lee–Radok's exact Eq. 13 (a third state, the relaxing part of the force);
 * unloading applies Hunter's t₁ ≈ 2t_m − t exactly where he applies it for
 * the Maxwell solid (models/hunter.c derives the five equations).  At
 * α = 1 this is the Maxwell model above (tests compare them); at ε = 0 it
 * is Hertz's.  v_c is dω̃/dτ at τ_c; e is the rebound speed over V0.
 * HF_EDOM for α outside (0, 1], ε outside [0, HF_HUNTER_EPS_MAX], ε/α >
 * 1e4 (relaxation far faster than the impact), or when the unloading
 * equation does not unload. */
hf_status hf_hunter_simulate_sls(double eps, double alpha, const hf_hunter_options *options,
                                 hf_hunter_result *out, hf_diag *diag);

typedef struct hf_maxwell_material {
    double mu0;  /* Pa, > 0 */
    double nu;   /* in [0, 0.5] */
    double eta;  /* 1/s, >= 0 */
} hf_maxwell_material;

typedef struct hf_maxwell_impact {
    double m;    /* kg, > 0 */
    double R;    /* m, > 0 */
    double V0;   /* m/s, > 0 */
} hf_maxwell_impact;

typedef struct hf_maxwell_response {
    double F_M;  /* N */
    double t_M;  /* s */
    double t_c;  /* s */
    double e;
    double eps;  /* η w_m⁰/V0 */
    double w_m;  /* m: maximum approach ω_m w_m⁰ (Eqs. 12, 23, 32) */
} hf_maxwell_response;

/* HF_EDOM (diag names the value) for NaN/inf, μ0 <= 0, ν outside [0, 0.5],
 * η < 0. */
hf_status hf_maxwell_material_check(const hf_maxwell_material *material, hf_diag *diag);
/* HF_EDOM for NaN/inf or m, R, V0 <= 0. */
hf_status hf_maxwell_impact_check(const hf_maxwell_impact *impact, hf_diag *diag);

/* 𝒱 = (R V0/m²)^{1/5} of Eq. 56. */
double hf_maxwell_speed_parameter(const hf_maxwell_impact *impact);

/* Hunter's model (numerical).  options may be NULL.  HF_EDOM for bad
 * input or an ε beyond HF_HUNTER_EPS_MAX, other codes from the solver. */
hf_status hf_maxwell_simulate(const hf_maxwell_material *material,
                              const hf_maxwell_impact *impact,
                              const hf_hunter_options *options,
                              hf_maxwell_response *out, hf_diag *diag);

/* Hunter's contact force F[i] [N] at the times t[i] [s] measured from the
 * contact start (t nondecreasing; F = 0 for t < 0 and t > t_c), from one
 * integration of Eqs. 24–25 (hf_hunter_force_history).  Each value is as
 * accurate as hf_maxwell_simulate's F_M (~1e-10 of the peak at the default
 * tolerances); deterministic.  HF_EINVAL naming the index for a NaN or
 * decreasing time, otherwise the codes of hf_maxwell_simulate. */
hf_status hf_maxwell_force_history(const hf_maxwell_material *material,
                                   const hf_maxwell_impact *impact,
                                   const hf_hunter_options *options, size_t n,
                                   const double *t, double *F, hf_diag *diag);

/* Argatov's first-order formulas (Eqs. 32, 34, 38–41) in physical units. */
hf_status hf_maxwell_predict(const hf_maxwell_material *material,
                             const hf_maxwell_impact *impact,
                             const hf_argatov_constants *constants,
                             hf_maxwell_response *out, hf_diag *diag);

/* The same two for a standard linear solid (Argatov Section 3.2, Eq. 47):
 * μ(t) = μ0[(1 − α) + α e^{−ηt}], so material->eta is 1/τ of Eq. 47 and
 * alpha = (μ0 − μ∞)/μ0 in (0, 1]; alpha = 1 gives exactly
 * hf_maxwell_simulate / hf_maxwell_predict.  out->eps is Eq. 49's
 * ε = α η w_m⁰/V0, at which hf_maxwell_predict_sls evaluates the Maxwell
 * formulas (Argatov's first-order mapping, Eq. 48); the simulation is
 * hf_hunter_simulate_sls.  HF_EDOM for alpha outside (0, 1]. */
hf_status hf_maxwell_predict_sls(const hf_maxwell_material *material, double alpha,
                                 const hf_maxwell_impact *impact,
                                 const hf_argatov_constants *constants,
                                 hf_maxwell_response *out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
