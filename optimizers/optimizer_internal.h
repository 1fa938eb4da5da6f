/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * optimizers/optimizer_internal.h — how an algorithm plugs into the
 * optimiser API (private to the library).
 *
 * Each algorithm file defines one `hf_algorithm` table: its name (or a name
 * prefix for a family such as "nlopt:"), its parameters with defaults and
 * ranges, and a run function.  optimizers/registry.c lists the tables; the
 * public functions in hertzfit/optimizer.h look algorithms up there, so no
 * function ever switches on an algorithm's name.
 *
 * An algorithm never calls the objective directly: it calls
 * hf_evaluator_eval, which counts the evaluation, keeps the best point,
 * turns NaN/inf into a failed evaluation (returned as +inf so comparisons
 * stay well defined, never recorded as best), and raises the stop flag at
 * the evaluation budget or the target.  Algorithms poll
 * hf_evaluator_should_stop after each evaluation and call
 * hf_evaluator_end_iteration once per iteration (which counts it and
 * enforces the iteration budget).  The evaluator calls the trace at every
 * improvement, at the evaluation that made it.
 */
#ifndef HERTZFIT_OPTIMIZER_INTERNAL_H
#define HERTZFIT_OPTIMIZER_INTERNAL_H

#include <stddef.h>

#include "hertzfit/algorithm.h"

/* The evaluation wrapper; lives on the stack of hf_optimize. */
struct hf_evaluator {
    const hf_problem *problem;
    const hf_run_config *run;
    hf_result *result;      /* best x, f and the counters are kept here */
    size_t max_iters;       /* resolved: run's, or the algorithm's default */
    int stopped;
    hf_stop_reason reason;
    int check_box;          /* a user's algorithm: points outside the box are failures */
    /* Where a batch's values come from: NULL = the objective, on OpenMP
     * threads; else SOURCE (an ask/tell run hands the points to its
     * caller and waits for the values).  A status other than HF_OK ends
     * the run with HF_STOP_FAILURE. */
    hf_status (*source)(void *user, const double *x, size_t n, double *f);
    void *source_user;
};

/* The dimension OPT was made for. */
size_t hf_optimizer_dim_of(const hf_optimizer *opt);

/* hf_optimize with the evaluator's value source (see hf_evaluator). */
hf_status hf_optimize_from(const hf_optimizer *opt, const hf_problem *problem,
                           const hf_run_config *run, hf_result *result,
                           hf_status (*source)(void *user, const double *x, size_t n, double *f),
                           void *source_user, hf_diag *diag);

/* "unknown optimizer 'NAME' (valid: every name)": HF_ENOTFOUND. */
hf_status hf_optimizer_unknown(const char *name, hf_diag *diag);

/* The registry (optimizers/registry.c). */
size_t hf_algorithm_count(void);
const hf_algorithm *hf_algorithm_at(size_t index);
/* Whether A was registered by the user (hf_optimizer_register). */
int hf_algorithm_is_users(const hf_algorithm *a);

/* Whether the host's interrupt check (hf_interrupt_set) says stop. */
int hf_interrupt_is_pending(void);


#endif
