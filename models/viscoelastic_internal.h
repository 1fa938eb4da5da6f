// SPDX-License-Identifier: GPL-3.0-or-later
/* models/viscoelastic_internal.h — private to the library: what the exact
 * viscoelastic impact, its laws and their fits share (tests may include
 * it). */
#ifndef HF_MODELS_VISCOELASTIC_INTERNAL_H
#define HF_MODELS_VISCOELASTIC_INTERNAL_H

#include "hertzfit/viscoelastic.h"

/* The defaults of hertzfit/viscoelastic.h (abs_tol = rel_tol = 1e-12),
 * which the public calls take for NULL options. */
void hf_viscoelastic_options_init(hf_viscoelastic_options *options);

/* HF_EDOM (diag names the term and value) for NaN/inf, g_inf or g[i]
 * outside [0, 1] (g[i] = 0 is refused: drop the term), rate[i] < 0,
 * n > HF_PRONY_TERMS_MAX, or |g_inf + Σ g[i] − 1| > 1e-12. */
hf_status hf_prony_check(const hf_prony *relax, hf_diag *diag);

/* The initial relaxation rate Σ gᵢ rateᵢ = −G'(0)/G(0). */
double hf_prony_initial_rate(const hf_prony *relax);

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

#endif
