/*
 * hertzfit/maxwell.h — a rigid sphere dropped on a Maxwell viscoelastic
 * half-space, in physical units: Hunter's model (hertzfit/hunter.h) and
 * Argatov's first-order formulas (hertzfit/argatov.h) behind one call.
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

#include "hertzfit/argatov.h"
#include "hertzfit/hunter.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* Compliance coefficient C0 of Eq. 52, in Pa^{−2/5} = m^{2/5} s^{4/5} kg^{−2/5}
 * (so that C0/𝒱 is a time).  Pure functions: arguments are not checked. */
double hf_maxwell_compliance(double mu0, double nu);
/* Eq. 59: μ0 = 15(1−ν)/32 · C0^{−5/2}. */
double hf_maxwell_mu0_from_compliance(double C0, double nu);
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
hf_status hf_maxwell_simulate_sls(const hf_maxwell_material *material, double alpha,
                                  const hf_maxwell_impact *impact,
                                  const hf_hunter_options *options,
                                  hf_maxwell_response *out, hf_diag *diag);
hf_status hf_maxwell_predict_sls(const hf_maxwell_material *material, double alpha,
                                 const hf_maxwell_impact *impact,
                                 const hf_argatov_constants *constants,
                                 hf_maxwell_response *out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
