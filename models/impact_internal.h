/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/impact_internal.h — the functions of the impact model (hertzfit/impact.h)
 * that only the library and its tests call: e_out alone, the force of a
 * law and the law of a damping model.
 */
#ifndef HERTZFIT_MODELS_IMPACT_INTERNAL_H
#define HERTZFIT_MODELS_IMPACT_INTERNAL_H

#include "hertzfit/impact.h"

/* e_out only: one integration to the separation event (or the stall of
 * HF_IMPACT_END_REST, giving e_out = 0), nothing else located.  For root
 * finding on the damping. */
hf_status hf_impact_e_out(const hf_impact_params *params, double *e_out, hf_diag *diag);

/* The contact force F(δ, δ̇) of the law as written (not clamped). */
double hf_impact_force(const hf_impact_params *params, double delta, double delta_dot);

/* The damping law of catalogue model ID: HF_IMPACT_RESIDUAL for
 * HF_DAMPING_POURSINA_RESIDUAL, HF_IMPACT_HUNT_CROSSLEY for the others. */
hf_impact_law hf_impact_law_of(hf_damping_id id);

#endif
