/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/maxwell_model.h — the functions of the Maxwell model (hertzfit/maxwell.h)
 * that only the library and its tests call: Argatov's first-order predictions,
 * Hunter's force formulas and force history, the compliance C0 and its
 * inverse, the standard linear solid's simulation in physical units, and the
 * exact viscoelastic force history with its time derivative (for the
 * whole-curve fit's contact-start columns).
 */
#ifndef HERTZFIT_MODELS_MAXWELL_MODEL_H
#define HERTZFIT_MODELS_MAXWELL_MODEL_H

#include <stddef.h>
#include "hertzfit/maxwell.h"
#include "hertzfit/viscoelastic.h"

/* The first-order predictions of Section 2 at a given ε (dimensionless). */
typedef struct hf_argatov_asymptotic {
    double omega_m;  /* Eq. 32 */
    double tau_m;    /* Eq. 30 */
    double tau_M;    /* Eq. 34: time of the peak force */
    double force_M;  /* Eq. 34: peak force in units of m V0²/w_m⁰ */
    double tau_c;    /* Eqs. 30 + 38 */
    double e;        /* Eq. 41 */
} hf_argatov_asymptotic;

/* HF_EDOM for ε negative or not finite. */
hf_status hf_argatov_predict(const hf_argatov_constants *constants, double eps,
                             hf_argatov_asymptotic *out, hf_diag *diag);

void hf_hunter_options_init(hf_hunter_options *options);

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

/* Compliance coefficient C0 of Eq. 52, in Pa^{−2/5} = m^{2/5} s^{4/5} kg^{−2/5}
 * (so that C0/𝒱 is a time).  Pure functions: arguments are not checked. */
double hf_maxwell_compliance(double mu0, double nu);
/* Eq. 59: μ0 = 15(1−ν)/32 · C0^{−5/2}. */
double hf_maxwell_mu0_from_compliance(double C0, double nu);

/* The simulation of the standard linear solid in physical units (its
 * comment in hertzfit/maxwell.h, with hf_maxwell_predict_sls). */
hf_status hf_maxwell_simulate_sls(const hf_maxwell_material *material, double alpha,
                                  const hf_maxwell_impact *impact,
                                  const hf_hunter_options *options,
                                  hf_maxwell_response *out, hf_diag *diag);

/* Contact force (units m V0²/w_m⁰) in the loading stage at (ω, ω'), and in
 * the unloading stage at (τ − τ_m, ω, ω'). */
double hf_hunter_force_loading(double eps, double omega, double v);
double hf_hunter_force_unloading(double eps, double since_tau_m, double omega, double v);

/* hf_viscoelastic_force_history (hertzfit/viscoelastic.h) with dF/dt [N/s]
 * at the same times into dFdt (n, may be NULL): exact, the derivative of
 * the solver's own force, not a difference. */
hf_status hf_viscoelastic_force_slope_history(const hf_viscoelastic_material *material,
                                              const hf_maxwell_impact *impact,
                                              const hf_viscoelastic_options *options, size_t n,
                                              const double *t, double *F, double *dFdt,
                                              hf_diag *diag);

/* hf_viscoelastic_law_force_history (hertzfit/viscoelastic.h) with
 * dF/dt [N/s] into dFdt (n, may be NULL) for the hereditary laws; HF_EINVAL
 * for dFdt with a damped law. */
hf_status hf_viscoelastic_law_force_slope_history(const hf_viscoelastic_law *law,
                                                  const double *param, double nu,
                                                  const hf_maxwell_impact *impact, double tol,
                                                  size_t n, const double *t, double *F,
                                                  double *dFdt, hf_diag *diag);

#endif
