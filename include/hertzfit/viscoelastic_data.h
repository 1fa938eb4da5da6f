/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/viscoelastic_data.h — synthetic drop-test data and force traces
 * from the exact viscoelastic impact (hertzfit/viscoelastic.h), in the
 * formats of hertzfit/maxwell_data.h and hertzfit/maxwell_trace.h: the
 * same noise model, checks and messages as hf_maxwell_synthesize_sls and
 * hf_maxwell_trace_synthesize, whose forward model is Hunter's.
 */
#ifndef HERTZFIT_VISCOELASTIC_DATA_H
#define HERTZFIT_VISCOELASTIC_DATA_H

#include <stdint.h>

#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/status.h"
#include "hertzfit/viscoelastic.h"
#include "hertzfit/viscoelastic_law.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The exact response of every impact of IMPACTS into out[0 .. n-1], each
 * observable F_M, t_M, t_c, e multiplied by 1 + noise·N(0,1) (PCG32 seed
 * SEED, stream 0, drawn in impact order).  The codes of
 * hf_viscoelastic_simulate (diag names the impact), HF_ERANGE for noise
 * outside [0, HF_MAXWELL_NOISE_MAX], HF_EDOM when the noise makes a value
 * unphysical. */
hf_status hf_viscoelastic_synthesize(const hf_viscoelastic_material *material,
                                     const hf_maxwell_data *impacts, double noise,
                                     uint64_t seed, hf_maxwell_response *out, hf_diag *diag);

/* The exact force history (hf_viscoelastic_force_history, default
 * tolerances) sampled as OPTIONS say (hf_maxwell_trace_synthesize's
 * sampling, noise, offset and quantisation).  *out is the caller's
 * (hf_maxwell_trace_free). */
hf_status hf_viscoelastic_trace_synthesize(const hf_viscoelastic_material *material,
                                           const hf_maxwell_impact *impact,
                                           const hf_maxwell_trace_options *options,
                                           hf_maxwell_trace **out, hf_diag *diag);

/* The same for any law of hertzfit/viscoelastic_law.h with parameters
 * PARAM and Poisson's ratio NU (the damped laws' F_M, which scales the
 * noise, and t_c, which sets the record length, come from
 * hf_viscoelastic_law_simulate). */
hf_status hf_viscoelastic_law_trace_synthesize(const hf_viscoelastic_law *law,
                                               const double *param, double nu,
                                               const hf_maxwell_impact *impact,
                                               const hf_maxwell_trace_options *options,
                                               hf_maxwell_trace **out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
