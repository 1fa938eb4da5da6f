/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * examples/plugins/one_plus_one_es.c — a user's own optimiser as a
 * hertzfit plug-in (hertzfit/plugin.h): the (1+1)-evolution strategy with
 * Rechenberg's 1/5 success rule (Rechenberg 1973; Auger & Hansen's
 * formulation: the step grows by exp(1/3) after a success and shrinks by
 * exp(-1/12) after a failure, which holds it where one step in five
 * succeeds).  One iteration is one offspring.
 *
 * Build (CMake does it: build/plugins/one_plus_one_es.so), then
 *     hertzfit bench run --optimizers ica,plugin:build/plugins/one_plus_one_es.so ...
 */
#include <math.h>
#include <stdlib.h>

#include "hertzfit/plugin.h"

enum { P_SIGMA0 };

static const hf_param_spec es_params[] = {
    [P_SIGMA0] = {"sigma0", 0.3, 1e-12, 1.0, 0,
                  "initial step, as a fraction of each side of the box", 0.3, NULL},
};

/* A coordinate stepped outside the box is reflected back into it. */
static double reflect(double v, double lo, double hi)
{
    double w = hi - lo;
    v = fmod(v - lo, 2.0 * w);
    if (v < 0.0)
        v += 2.0 * w;
    return lo + (v <= w ? v : 2.0 * w - v);
}

static hf_status es_run(const hf_algo_run *ctx, hf_diag *diag)
{
    const hf_problem *p = ctx->problem;
    double *x = malloc(sizeof *x * 2 * p->dim); /* freed below */
    if (x == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "one-plus-one-es: out of memory");
    double *y = x + p->dim;
    hf_uniform_point(ctx->rng, p, x);
    hf_apply_start_point(ctx, x);
    double fx = hf_evaluator_eval(ctx->ev, x), sigma = ctx->params[P_SIGMA0];
    while (!hf_evaluator_should_stop(ctx->ev)) {
        for (size_t i = 0; i < p->dim; ++i) {
            double w = p->upper[i] - p->lower[i];
            y[i] = reflect(x[i] + sigma * w * hf_rng_normal(ctx->rng, 0.0, 1.0), p->lower[i],
                           p->upper[i]);
        }
        double fy = hf_evaluator_eval(ctx->ev, y);
        if (fy <= fx) {
            for (size_t i = 0; i < p->dim; ++i)
                x[i] = y[i];
            fx = fy;
            sigma *= exp(1.0 / 3.0);
        } else {
            sigma *= exp(-1.0 / 12.0);
        }
        if (sigma < 1e-300)   /* nothing left to search: converged */
            hf_evaluator_stop(ctx->ev, HF_STOP_CONVERGED);
        hf_evaluator_end_iteration(ctx->ev);
    }
    free(x);
    return HF_OK;
}

static const hf_algorithm one_plus_one_es = {
    .name = "one-plus-one-es",
    .summary = "(1+1)-ES with the 1/5 success rule (a plug-in example)",
    .params = es_params,
    .nparams = sizeof es_params / sizeof es_params[0],
    .default_max_evals = 1000,
    .run = es_run,
};

static const hf_algorithm *const algorithms[] = {&one_plus_one_es};

static const hf_plugin plugin = {HF_PLUGIN_ABI, "one-plus-one-es", algorithms, 1, NULL, 0};

const hf_plugin *hertzfit_plugin(void);

const hf_plugin *hertzfit_plugin(void) { return &plugin; }
