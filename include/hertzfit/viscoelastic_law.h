/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/viscoelastic_law.h — the force laws hertzfit identifies from
 * drop tests (hertzfit/viscoelastic_fit.h), as one parameter vector each:
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
#ifndef HERTZFIT_VISCOELASTIC_LAW_H
#define HERTZFIT_VISCOELASTIC_LAW_H

#include <stddef.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* Contact force F[i] [N] of LAW with parameters PARAM (the order above)
 * and Poisson's ratio nu, ODE per-step tolerance tol (0: 1e-12; HF_ERANGE
 * outside (0, 1e-3)), at the times t[i] from the contact start
 * (nondecreasing; 0 before 0 and after the contact).  HF_EDOM naming a
 * bad parameter, the codes of the solvers. */
hf_status hf_viscoelastic_law_force_history(const hf_viscoelastic_law *law, const double *param,
                                            double nu, const hf_maxwell_impact *impact,
                                            double tol, size_t n, const double *t, double *F,
                                            hf_diag *diag);

/* 1 for the hereditary laws (maxwell, sls, prony:N), else 0. */
int hf_viscoelastic_law_hereditary(const hf_viscoelastic_law *law);

#ifdef __cplusplus
}
#endif
#endif
