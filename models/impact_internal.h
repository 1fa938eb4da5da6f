/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/impact_internal.h — the functions of the impact model (hertzfit/impact.h)
 * that only the library and its tests call: e_out alone.
 */
#ifndef HERTZFIT_MODELS_IMPACT_INTERNAL_H
#define HERTZFIT_MODELS_IMPACT_INTERNAL_H

#include "hertzfit/impact.h"

/* e_out only: one integration to the separation event (or the stall of
 * HF_IMPACT_END_REST, giving e_out = 0), nothing else located.  For root
 * finding on the damping. */
hf_status hf_impact_e_out(const hf_impact_params *params, double *e_out, hf_diag *diag);

#endif
