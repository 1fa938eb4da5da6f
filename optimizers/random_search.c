/*
 * optimizers/random_search.c — "random": uniform random search in the box,
 * the baseline every benchmark needs.  One iteration draws `batch` points;
 * the run ends at the evaluation or iteration budget (default 50
 * iterations of 20 points, the budget of ICACO's population × iterations
 * in round numbers).
 */
#include "optimizers/optimizer_internal.h"

#include <stdlib.h>

static const hf_param_spec random_params[] = {
    {"batch", 20, 1, 1e6, 1, "points drawn per iteration", 20, NULL},
};

static hf_status random_run(const hf_algo_run *ctx, hf_diag *diag)
{
    (void)diag;
    size_t batch = (size_t)ctx->params[0];
    double *x = malloc(ctx->problem->dim * sizeof *x); /* freed below */
    if (x == NULL)
        return HF_ENOMEM;
    for (int first = 1; !hf_evaluator_should_stop(ctx->ev); ) {
        for (size_t i = 0; i < batch && !hf_evaluator_should_stop(ctx->ev); ++i) {
            hf_uniform_point(ctx->rng, ctx->problem, x);
            if (first)
                hf_apply_start_point(ctx, x);
            first = 0;
            (void)hf_evaluator_eval(ctx->ev, x);
        }
        hf_evaluator_end_iteration(ctx->ev);
    }
    free(x);
    return HF_OK;
}

const hf_algorithm hf_algorithm_random = {
    .name = "random",
    .summary = "uniform random search (baseline)",
    .params = random_params,
    .nparams = sizeof random_params / sizeof random_params[0],
    .default_max_iters = 50,
    .run = random_run,
};
