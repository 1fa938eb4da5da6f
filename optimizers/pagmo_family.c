/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/pagmo_family.c — "pagmo:NAME": the modern baselines a
 * metaheuristic is judged against, from pagmo 2 (ESA's parallel global
 * multiobjective optimiser library, Debian's libpagmo-dev), run through
 * the C++ bridge (optimizers/pagmo_bridge.cpp).  One table per algorithm,
 * with pagmo's own parameters and defaults (pagmo 2.18's constructors;
 * -1 keeps pagmo's automatic setting), except:
 * - population: pagmo leaves it to the caller; 0 for the evolution
 *   strategies is Hansen's 4 + floor(3 ln d), 20 for the others (DE's
 *   and PSO's customary size; SaDE and DE1220 need at least 7);
 * - force_bounds of CMA-ES and xNES is 1: hertzfit's problems are box
 *   problems and the other optimisers never leave the box.
 * The budget is exact (the evaluator counts, the bridge stops pagmo);
 * pagmo's generator is seeded from the run's PCG32 stream.
 */
#include "optimizers/optimizer_internal.h"
#include "optimizers/pagmo_bridge.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define POPULATION(def, min, doc) \
    [HF_PAGMO_P_POPULATION] = {"population", def, min, 1e6, 1, doc, def, NULL}
#define TOLERANCES(ftol, xtol)                                                                  \
    [ftol] = {"ftol", 1e-6, 0, 1e300, 0, "pagmo's stop on the spread of f (0 = off)", 1e-6, NULL}, \
    [xtol] = {"xtol", 1e-6, 0, 1e300, 0, "pagmo's stop on the spread of x (0 = off)", 1e-6, NULL}

static const hf_param_spec cmaes_params[HF_PAGMO_CMAES_NPARAMS] = {
    POPULATION(0, 0, "lambda, offspring per generation (0 = 4 + floor(3 ln d), at least 5)"),
    [HF_PAGMO_CMAES_SIGMA0] = {"sigma0", 0.5, 1e-12, 1, 0, "initial step size", 0.5, NULL},
    [HF_PAGMO_CMAES_CC] = {"cc", -1, -1, 1, 0, "time horizon of the C path (-1 = automatic)", -1, NULL},
    [HF_PAGMO_CMAES_CS] = {"cs", -1, -1, 1, 0, "time horizon of the sigma path (-1 = automatic)", -1, NULL},
    [HF_PAGMO_CMAES_C1] = {"c1", -1, -1, 1, 0, "rank-one learning rate (-1 = automatic)", -1, NULL},
    [HF_PAGMO_CMAES_CMU] = {"cmu", -1, -1, 1, 0, "rank-mu learning rate (-1 = automatic)", -1, NULL},
    TOLERANCES(HF_PAGMO_CMAES_FTOL, HF_PAGMO_CMAES_XTOL),
    [HF_PAGMO_CMAES_FORCE_BOUNDS] = {"force_bounds", 1, 0, 1, 1,
                                     "1: never sample outside the box", 1, NULL},
};

static const hf_param_spec xnes_params[HF_PAGMO_XNES_NPARAMS] = {
    POPULATION(0, 0, "offspring per generation (0 = 4 + floor(3 ln d), at least 5)"),
    [HF_PAGMO_XNES_SIGMA0] = {"sigma0", -1, -1, 1, 0, "initial step size (-1 = automatic)", -1, NULL},
    [HF_PAGMO_XNES_ETA_MU] = {"eta_mu", -1, -1, 1, 0, "learning rate of the mean (-1 = automatic)", -1, NULL},
    [HF_PAGMO_XNES_ETA_SIGMA] = {"eta_sigma", -1, -1, 1, 0,
                                 "learning rate of the step (-1 = automatic)", -1, NULL},
    [HF_PAGMO_XNES_ETA_B] = {"eta_b", -1, -1, 1, 0,
                             "learning rate of the shape (-1 = automatic)", -1, NULL},
    TOLERANCES(HF_PAGMO_XNES_FTOL, HF_PAGMO_XNES_XTOL),
    [HF_PAGMO_XNES_FORCE_BOUNDS] = {"force_bounds", 1, 0, 1, 1,
                                    "1: never sample outside the box", 1, NULL},
};

static const hf_param_spec sade_params[HF_PAGMO_SADE_NPARAMS] = {
    POPULATION(20, 7, "individuals"),
    [HF_PAGMO_SADE_VARIANT] = {"variant", 2, 1, 18, 1,
                               "mutation variant (2 = rand/1/exp; pagmo's list of 18)", 2, NULL},
    [HF_PAGMO_SADE_VARIANT_ADPTV] = {"variant_adptv", 1, 1, 2, 1,
                                     "F and CR self-adaptation: 1 jDE, 2 iDE", 1, NULL},
    TOLERANCES(HF_PAGMO_SADE_FTOL, HF_PAGMO_SADE_XTOL),
};

static const hf_param_spec de1220_params[HF_PAGMO_DE1220_NPARAMS] = {
    POPULATION(20, 7, "individuals"),
    [HF_PAGMO_DE1220_VARIANT_ADPTV] = {"variant_adptv", 1, 1, 2, 1,
                                       "F and CR self-adaptation: 1 jDE, 2 iDE", 1, NULL},
    TOLERANCES(HF_PAGMO_DE1220_FTOL, HF_PAGMO_DE1220_XTOL),
};

static const hf_param_spec pso_params[HF_PAGMO_PSO_NPARAMS] = {
    POPULATION(20, 2, "particles"),
    [HF_PAGMO_PSO_OMEGA] = {"omega", 0.7298, 0, 1, 0, "inertia weight (or constriction)", 0.7298, NULL},
    [HF_PAGMO_PSO_ETA1] = {"eta1", 2.05, 0, 4, 0, "social component", 2.05, NULL},
    [HF_PAGMO_PSO_ETA2] = {"eta2", 2.05, 0, 4, 0, "cognitive component", 2.05, NULL},
    [HF_PAGMO_PSO_MAX_VEL] = {"max_vel", 0.5, 1e-12, 1, 0,
                              "largest velocity, fraction of the box", 0.5, NULL},
    [HF_PAGMO_PSO_VARIANT] = {"variant", 5, 1, 6, 1,
                              "velocity update (5 = constriction, fully informed: pagmo's list)",
                              5, NULL},
    [HF_PAGMO_PSO_NEIGHB_TYPE] = {"neighb_type", 2, 1, 4, 1,
                                  "swarm topology: 1 gbest, 2 lbest, 3 Von Neumann, 4 random",
                                  2, NULL},
    [HF_PAGMO_PSO_NEIGHB_PARAM] = {"neighb_param", 4, 1, 1e6, 1,
                                   "neighbourhood size (lbest, random)", 4, NULL},
};

static const hf_param_spec bee_params[HF_PAGMO_BEE_NPARAMS] = {
    POPULATION(20, 2, "food sources (2 x population evaluations per generation)"),
    [HF_PAGMO_BEE_LIMIT] = {"limit", 20, 1, 1e6, 1,
                            "trials before a source is abandoned", 20, NULL},
};

static hf_status cmaes_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return hf_pagmo_run(ctx, HF_PAGMO_CMAES, diag);
}
static hf_status xnes_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return hf_pagmo_run(ctx, HF_PAGMO_XNES, diag);
}
static hf_status sade_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return hf_pagmo_run(ctx, HF_PAGMO_SADE, diag);
}
static hf_status de1220_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return hf_pagmo_run(ctx, HF_PAGMO_DE1220, diag);
}
static hf_status pso_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return hf_pagmo_run(ctx, HF_PAGMO_PSO, diag);
}
static hf_status bee_run(const hf_algo_run *ctx, hf_diag *diag)
{
    return hf_pagmo_run(ctx, HF_PAGMO_BEE_COLONY, diag);
}

/* Default budget: 2000 evaluations, as NLopt's. */
#define PAGMO_TABLE(id, summary_text, table, runner)                                   \
    {.name = "pagmo:" id, .summary = summary_text, .params = table,                    \
     .nparams = COUNT(table), .default_max_evals = 2000, .run = runner}

const hf_algorithm hf_algorithm_pagmo_cmaes =
    PAGMO_TABLE("cmaes", "pagmo's CMA-ES (Hansen's covariance matrix adaptation)", cmaes_params,
                cmaes_run);
const hf_algorithm hf_algorithm_pagmo_xnes =
    PAGMO_TABLE("xnes", "pagmo's xNES (exponential natural evolution strategy)", xnes_params,
                xnes_run);
const hf_algorithm hf_algorithm_pagmo_sade =
    PAGMO_TABLE("sade", "pagmo's SaDE (self-adaptive differential evolution, jDE/iDE)",
                sade_params, sade_run);
const hf_algorithm hf_algorithm_pagmo_de1220 =
    PAGMO_TABLE("de1220", "pagmo's DE 1220 (DE with self-adapted variant, F and CR)",
                de1220_params, de1220_run);
const hf_algorithm hf_algorithm_pagmo_pso =
    PAGMO_TABLE("pso", "pagmo's particle swarm optimisation", pso_params, pso_run);
const hf_algorithm hf_algorithm_pagmo_bee_colony =
    PAGMO_TABLE("bee_colony", "pagmo's artificial bee colony", bee_params, bee_run);
