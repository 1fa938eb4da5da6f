/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/restart.c — "restart:NAME": any optimiser NAME run again and
 * again, independently, until the evaluation budget is spent, as COCO's
 * example experiments do (a run that ends early, converged, under-reports
 * what the algorithm can do with the budget).  Every evaluation of every
 * restart goes through this run's evaluator, so the budget, the target and
 * the trace are the whole run's.  Restart k (from 0) runs NAME with seed
 * drawn from the run's PCG32 stream and stream k, and only restart 0 starts
 * at the run's start point.  IPOP (Auger & Hansen 2005): when NAME has a
 * parameter "population", restart k >= 1 runs with ipop^k times restart
 * 0's population (its setting, or when that is 0 — the algorithm's
 * automatic size — Hansen's CMA-ES default 4 + floor(3 ln d)); ipop = 1
 * keeps the population.  An iteration is one restart.
 */
#include "optimizers/optimizer_internal.h"
#include "core/rng_draw.h"

#include <math.h>
#include <string.h>

#define PREFIX "restart:"
#define PREFIX_LEN (sizeof PREFIX - 1)

enum { P_IPOP };
static const hf_param_spec restart_params[] = {
    [P_IPOP] = {"ipop", 2, 1, 10, 0,
                "population factor per restart, for optimisers with a 'population' (1 = keep)",
                2, "Auger & Hansen 2005 (IPOP-CMA-ES): 2"},
};

static hf_status restart_resolve(const char *member, int *variant, hf_diag *diag)
{
    *variant = 0;
    if (strncmp(member, PREFIX, PREFIX_LEN) == 0)
        return hf_diag_set(diag, HF_EINVAL, "restart:%s: a restart of restarts is one restart",
                           member);
    hf_optimizer *inner = NULL;   /* freed below: only the name is checked here */
    hf_status st = hf_optimizer_alloc(member, 1, &inner, diag);
    hf_optimizer_free(inner);
    return st;
}

static size_t restart_member_count(void) { return 0; }
static const char *restart_member_name(size_t index)
{
    (void)index;
    return NULL;
}

/* The inner runs' objective: the outer run's evaluator. */
static double through_outer(const double *x, void *ctx) { return hf_evaluator_eval(ctx, x); }

/* Restart K's population under IPOP, from restart 0's BASE (0: automatic). */
static double ipop_population(double base, double factor, size_t k, size_t dim)
{
    if (base == 0.0)
        base = 4.0 + floor(3.0 * log((double)dim));
    double n = base * pow(factor, (double)k);
    return n > 1e6 ? 1e6 : floor(n);
}

/* Restart K of INNER on THROUGH (the outer problem through its
 * evaluator) with the budget left, its population grown by IPOP when it
 * has one (BASE). */
static hf_status restart_once(const hf_algo_run *ctx, hf_optimizer *inner,
                              const hf_problem *through, hf_result *res, size_t k,
                              const double *base, hf_diag *diag)
{
    hf_evaluator *ev = ctx->ev;
    hf_status st = HF_OK;
    if (base != NULL && k > 0 && ctx->params[P_IPOP] != 1.0)
        st = hf_optimizer_set(inner, "population",
                              ipop_population(*base, ctx->params[P_IPOP], k, through->dim),
                              diag);
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = (uint64_t)hf_rng_u32(ctx->rng) << 32;
    run.seed |= hf_rng_u32(ctx->rng);
    run.stream = k;
    size_t spent = ev->result->evaluations;
    run.max_evals = ctx->run->max_evals != 0 ? ctx->run->max_evals - spent : 0;
    run.has_target = ctx->run->has_target;
    run.target = ctx->run->target;
    run.x0 = k == 0 ? ctx->run->x0 : NULL;
    run.algorithm_user = ctx->run->algorithm_user;   /* an inner registered algorithm's call */
    if (st == HF_OK) st = hf_optimize(inner, through, &run, res, diag);
    if (st == HF_OK && !hf_evaluator_should_stop(ev))
        hf_evaluator_end_iteration(ev);
    if (st == HF_OK && ev->result->evaluations == spent && !hf_evaluator_should_stop(ev))
        hf_evaluator_stop(ev, HF_STOP_CONVERGED);   /* a restart that cannot evaluate */
    return st;
}

static hf_status restart_run(const hf_algo_run *ctx, hf_diag *diag)
{
    const hf_problem *outer = ctx->problem;
    hf_evaluator *ev = ctx->ev;
    hf_optimizer *inner = NULL;   /* freed below */
    hf_result *res = NULL;        /* freed below */
    hf_status st = hf_optimizer_alloc(ctx->name + PREFIX_LEN, outer->dim, &inner, diag);
    if (st == HF_OK) st = hf_result_alloc(outer->dim, &res, diag);
    double base = 0.0;
    int has_population = st == HF_OK &&
                         hf_optimizer_get(inner, "population", &base, NULL) == HF_OK;
    hf_problem through = *outer;
    through.f = through_outer;
    through.ctx = ev;
    for (size_t k = 0; st == HF_OK && !hf_evaluator_should_stop(ev); ++k)
        st = restart_once(ctx, inner, &through, res, k, has_population ? &base : NULL, diag);
    hf_result_free(res);
    hf_optimizer_free(inner);
    return st;
}

const hf_algorithm hf_algorithm_restart = {
    .name = PREFIX,
    .summary = "restart:NAME: NAME restarted independently until the budget is spent (IPOP "
               "for optimisers with a population)",
    .params = restart_params,
    .nparams = sizeof restart_params / sizeof restart_params[0],
    .default_max_evals = 2000,
    .resolve = restart_resolve,
    .member_count = restart_member_count,
    .member_name = restart_member_name,
    .run = restart_run,
};
