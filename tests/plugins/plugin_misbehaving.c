/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/plugins/plugin_misbehaving.c — optimisers that break the plug-in
 * contract, for tests/hardening.py: one crashes (SIGSEGV) after a few
 * evaluations, one calls exit(0), one returns without evaluating, one
 * proposes only points outside the box.  The program must end the first
 * two with one line naming the plug-in and leave no output, and must never
 * record the last two as "converged" or keep a point outside the box.
 */
#include <signal.h>
#include <stdlib.h>

#include "hertzfit/plugin.h"

static hf_status crash_run(const hf_algo_run *ctx, hf_diag *diag)
{
    (void)diag;
    double x[64];
    for (size_t i = 0; i < ctx->problem->dim && i < 64; ++i)
        x[i] = ctx->problem->lower[i];
    for (int k = 0; k < 3; ++k)
        hf_evaluator_eval(ctx->ev, x);
    raise(SIGSEGV);   /* as a NULL dereference would, without the undefined behaviour */
    return HF_OK;
}

static hf_status exit_run(const hf_algo_run *ctx, hf_diag *diag)
{
    (void)ctx;
    (void)diag;
    exit(0);
}

static hf_status lazy_run(const hf_algo_run *ctx, hf_diag *diag)
{
    (void)ctx;
    (void)diag;
    return HF_OK;
}

static hf_status outside_run(const hf_algo_run *ctx, hf_diag *diag)
{
    (void)diag;
    double x[64];
    while (!hf_evaluator_should_stop(ctx->ev)) {
        for (size_t i = 0; i < ctx->problem->dim && i < 64; ++i)
            x[i] = ctx->problem->upper[i] + 1.0;
        hf_evaluator_eval(ctx->ev, x);
        hf_evaluator_end_iteration(ctx->ev);
    }
    return HF_OK;
}

#define ALGORITHM(var, nm, fn)                                                      \
    static const hf_algorithm var = {.name = nm, .summary = "breaks the contract", \
                                     .default_max_evals = 100, .run = fn}
ALGORITHM(crash, "crash-segv", crash_run);
ALGORITHM(quit, "exit-zero", exit_run);
ALGORITHM(lazy, "lazy", lazy_run);
ALGORITHM(outside, "outside", outside_run);

static const hf_algorithm *const algorithms[] = {&crash, &quit, &lazy, &outside};
static const hf_plugin plugin = {HF_PLUGIN_ABI, "misbehaving", algorithms, 4, NULL, 0};

const hf_plugin *hertzfit_plugin(void);
const hf_plugin *hertzfit_plugin(void) { return &plugin; }
