/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/pagmo_bridge.h — the one C entry into pagmo (the C++ bridge,
 * optimizers/pagmo_bridge.cpp), for the algorithm tables of
 * optimizers/pagmo_family.c.  Private to the library: users see pagmo's
 * algorithms only as optimisers named "pagmo:NAME".
 */
#ifndef HERTZFIT_PAGMO_BRIDGE_H
#define HERTZFIT_PAGMO_BRIDGE_H

#include "hertzfit/algorithm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The pagmo algorithms hertzfit offers. */
typedef enum hf_pagmo_kind {
    HF_PAGMO_CMAES,
    HF_PAGMO_XNES,
    HF_PAGMO_SADE,
    HF_PAGMO_DE1220,
    HF_PAGMO_PSO,
    HF_PAGMO_BEE_COLONY
} hf_pagmo_kind;

/* The positions of the parameters in each table (ctx->params); the first
 * of every table is the population size. */
enum { HF_PAGMO_P_POPULATION = 0 };
enum { HF_PAGMO_CMAES_SIGMA0 = 1, HF_PAGMO_CMAES_CC, HF_PAGMO_CMAES_CS, HF_PAGMO_CMAES_C1,
       HF_PAGMO_CMAES_CMU, HF_PAGMO_CMAES_FTOL, HF_PAGMO_CMAES_XTOL,
       HF_PAGMO_CMAES_FORCE_BOUNDS, HF_PAGMO_CMAES_NPARAMS };
enum { HF_PAGMO_XNES_SIGMA0 = 1, HF_PAGMO_XNES_ETA_MU, HF_PAGMO_XNES_ETA_SIGMA,
       HF_PAGMO_XNES_ETA_B, HF_PAGMO_XNES_FTOL, HF_PAGMO_XNES_XTOL,
       HF_PAGMO_XNES_FORCE_BOUNDS, HF_PAGMO_XNES_NPARAMS };
enum { HF_PAGMO_SADE_VARIANT = 1, HF_PAGMO_SADE_VARIANT_ADPTV, HF_PAGMO_SADE_FTOL,
       HF_PAGMO_SADE_XTOL, HF_PAGMO_SADE_NPARAMS };
enum { HF_PAGMO_DE1220_VARIANT_ADPTV = 1, HF_PAGMO_DE1220_FTOL, HF_PAGMO_DE1220_XTOL,
       HF_PAGMO_DE1220_NPARAMS };
enum { HF_PAGMO_PSO_OMEGA = 1, HF_PAGMO_PSO_ETA1, HF_PAGMO_PSO_ETA2, HF_PAGMO_PSO_MAX_VEL,
       HF_PAGMO_PSO_VARIANT, HF_PAGMO_PSO_NEIGHB_TYPE, HF_PAGMO_PSO_NEIGHB_PARAM,
       HF_PAGMO_PSO_NPARAMS };
enum { HF_PAGMO_BEE_LIMIT = 1, HF_PAGMO_BEE_NPARAMS };

/* Runs pagmo's algorithm KIND on ctx->problem with ctx->params.  The
 * initial population is drawn from the run's PCG32 stream (the first
 * individual is the start point when the run has one) and pagmo's own
 * generator is seeded from it; every evaluation goes through the
 * evaluator, and the run ends exactly at its budget (the bridge stops
 * pagmo at the first evaluation past the stop).  An iteration is one
 * population's worth of evaluations.  An ending of pagmo's own
 * (tolerances met, generations done) is HF_STOP_CONVERGED; pagmo
 * refusing a setting (a population too small for the algorithm) is
 * HF_EINVAL with pagmo's message. */
hf_status hf_pagmo_run(const hf_algo_run *ctx, hf_pagmo_kind kind, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
