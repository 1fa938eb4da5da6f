/*
 * hertzfit/hunter.h — Hunter's model of a rigid sphere striking a Maxwell
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
 * (by Brent's method, models/ode_events.h).
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
#ifndef HERTZFIT_HUNTER_H
#define HERTZFIT_HUNTER_H

#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_hunter_options {
    double abs_tol;   /* per-step absolute error (default 1e-12) */
    double rel_tol;   /* per-step relative error (default 1e-12) */
} hf_hunter_options;

void hf_hunter_options_init(hf_hunter_options *options);

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

/* Contact force (units m V0²/w_m⁰) at the dimensionless times tau[0..n-1]
 * (nondecreasing, from the contact start), into force[0..n-1]: 0 before 0
 * and after τ_c, the loading and unloading formulas below in between.
 * Eqs. 24–25 are integrated once (as hf_hunter_simulate does), each time's
 * state being one step of the same stepper from the start of the accepted
 * step containing it, so every value is as accurate as the integration.
 * HF_EINVAL naming the index for a NaN or decreasing time, and the codes
 * of hf_hunter_simulate. */
hf_status hf_hunter_force_history(double eps, const hf_hunter_options *options, size_t n,
                                  const double *tau, double *force, hf_diag *diag);

/* Contact force (units m V0²/w_m⁰) in the loading stage at (ω, ω'), and in
 * the unloading stage at (τ − τ_m, ω, ω'). */
double hf_hunter_force_loading(double eps, double omega, double v);
double hf_hunter_force_unloading(double eps, double since_tau_m, double omega, double v);

#ifdef __cplusplus
}
#endif
#endif
