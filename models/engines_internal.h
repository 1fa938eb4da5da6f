// SPDX-License-Identifier: GPL-3.0-or-later
/* models/engines_internal.h — private to the library: what the calibrated
 * laws' module and its series fit share with their tests. */
#ifndef HF_MODELS_ENGINES_INTERNAL_H
#define HF_MODELS_ENGINES_INTERNAL_H

#include "hertzfit/engines.h"

/* The series' e at x = β^{1/2} v^{1/10} to h_5 (terms = 5) or the Padé
 * approximant (terms = 0). */
double hf_viscoelastic_sphere_e(double beta, double speed, int terms);

/* The damping of the law: h = h_r(e_cal) (PER_IMPACT, and FIXED at v_cal),
 * or c_opt (N·s/m, LINEAR_DAMPER); HF_EINVAL for MAXWELL. */
hf_status hf_law_damping(const hf_law *law, double *damping, hf_diag *diag);

#endif
