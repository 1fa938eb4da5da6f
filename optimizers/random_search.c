/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/random_search.c — "random": uniform random search in the box,
 * the baseline every benchmark needs.  One iteration draws `batch` points
 * and evaluates them as one batch (in chunks of at most RANDOM_CHUNK points,
 * so a huge batch needs no huge buffer); the run ends at the evaluation or
 * iteration budget (default 50 iterations of 20 points, the budget of
 * ICACO's population × iterations in round numbers).
 */
#include "optimizers/optimizer_internal.h"

#include <stdlib.h>

enum { RANDOM_CHUNK = 1024 };

static const hf_param_spec random_params[] = {
    {"batch", 20, 1, 1e6, 1, "points drawn per iteration", 20, NULL},
};

static hf_status random_run(const hf_algo_run *ctx, hf_diag *diag)
{
    (void)diag;
    size_t batch = (size_t)ctx->params[0], dim = ctx->problem->dim;
    size_t chunk = batch < RANDOM_CHUNK ? batch : RANDOM_CHUNK;
    double *x = malloc(chunk * dim * sizeof *x); /* freed below */
    double *f = malloc(chunk * sizeof *f);       /* freed below */
    if (x == NULL || f == NULL) {
        free(x);
        free(f);
        return HF_ENOMEM;
    }
    for (int first = 1; !hf_evaluator_should_stop(ctx->ev); ) {
        for (size_t done = 0; done < batch && !hf_evaluator_should_stop(ctx->ev); ) {
            size_t m = batch - done < chunk ? batch - done : chunk;
            for (size_t i = 0; i < m; ++i)
                hf_uniform_point(ctx->rng, ctx->problem, x + i * dim);
            if (first)
                hf_apply_start_point(ctx, x);
            first = 0;
            (void)hf_evaluator_eval_batch(ctx->ev, x, m, f);
            done += m;
        }
        hf_evaluator_end_iteration(ctx->ev);
    }
    free(x);
    free(f);
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
