/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/algorithm.h — how an optimisation algorithm plugs into the
 * optimiser API (hertzfit/optimizer.h), for hertzfit's own algorithms and a
 * user's alike: one hf_algorithm table (name, parameters with defaults,
 * ranges and docs, budgets, run function) and hf_optimizer_register, so a
 * program linking the library adds an algorithm without editing hertzfit.
 * Once registered, the algorithm is an optimiser like any other: by name in
 * hf_optimizer_alloc, in repeated runs, campaigns and reports.
 *
 * A run function draws its random numbers from ctx->rng (the run's PCG32
 * stream: runs are reproducible and independent of the thread count),
 * evaluates only through hf_evaluator_eval (or hf_evaluator_eval_batch for
 * a population: parallel, and one ask of an ask/tell run), polls
 * hf_evaluator_should_stop after each evaluation, and calls hf_evaluator_end_iteration once per
 * iteration.  Typical use (examples/plugins/one_plus_one_es.c is a whole
 * algorithm):
 *
 *     static hf_status my_run(const hf_algo_run *ctx, hf_diag *diag);
 *     static const hf_param_spec my_params[] = {
 *         {"sigma0", 0.3, 1e-12, 1e3, 0, "initial step, fraction of the box", 0.3, NULL}};
 *     static const hf_algorithm my_algorithm = {
 *         .name = "my-es", .summary = "…", .params = my_params, .nparams = 1,
 *         .default_max_evals = 1000, .run = my_run};
 *     hf_optimizer_register(&my_algorithm, &diag);
 *
 * The program loads algorithms (and problems, hertzfit/bench_problems.h)
 * from a shared object through the entry point of hertzfit/plugin.h.
 */
#ifndef HERTZFIT_ALGORITHM_H
#define HERTZFIT_ALGORITHM_H

#include <stddef.h>

#include "hertzfit/optimizer.h"
#include "hertzfit/rng.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One key/value parameter of an algorithm.  value must lie in [min, max];
 * integer parameters must also be whole numbers.  An algorithm with two
 * variants (see hf_algorithm.variant_key) gives each parameter a default
 * per variant (def, def_alt) and says where both come from (source). */
typedef struct hf_param_spec {
    const char *key;
    double def;
    double min;
    double max;
    int integer;
    const char *doc;
    double def_alt;       /* default in the second variant */
    const char *source;   /* where def and def_alt come from (NULL: none given) */
} hf_param_spec;

/* The evaluation wrapper an algorithm receives (hf_algo_run.ev); it lives on
 * the stack of hf_optimize.  An algorithm never calls the objective
 * directly: hf_evaluator_eval counts the evaluation, keeps the best point,
 * turns NaN/inf into a failed evaluation (returned as +inf), dates every
 * improvement in the trace and raises the stop flag at the budget or the
 * target. */
typedef struct hf_evaluator hf_evaluator;

/* Evaluates the objective at x (problem->dim values).  Returns f, or +inf
 * for a failed evaluation (NaN or inf), for a point a user-registered
 * algorithm proposes outside the box (or with a NaN coordinate: counted as
 * a failed evaluation, never the best, and the objective is not called)
 * and for any call after the stop
 * flag is up (such calls do not reach the objective and are not counted).
 * A run that ends without one finite value stops with HF_STOP_FAILURE. */
double hf_evaluator_eval(hf_evaluator *ev, const double *x);

/* 1 once the evaluation budget, the target or the iteration budget is
 * reached. */
int hf_evaluator_should_stop(const hf_evaluator *ev);

/* Marks the end of one iteration: counts it and raises the stop flag at
 * the iteration budget. */
void hf_evaluator_end_iteration(hf_evaluator *ev);

/* Lets an algorithm end the run for its own reason (converged, failure). */
void hf_evaluator_stop(hf_evaluator *ev, hf_stop_reason reason);

/* Everything a run function receives. */
typedef struct hf_algo_run {
    const hf_problem *problem;
    const double *params;    /* values, in the order of the table's params */
    int variant;             /* from resolve (family members), else 0 */
    const char *name;        /* full name the optimiser was created with */
    hf_evaluator *ev;
    hf_rng *rng;             /* PCG32 stream (run seed, run stream) */
    const hf_run_config *run; /* its budgets, and the caller's algorithm_user */
} hf_algo_run;

typedef struct hf_algorithm {
    /* Exact name ("icaco"), or for a family a prefix ending in ':'
     * ("nlopt:") whose members resolve() accepts. */
    const char *name;
    const char *summary;
    const hf_param_spec *params;
    size_t nparams;
    /* Budgets used when the run sets neither max_evals nor max_iters
     * (0 = no such limit); at least one must be non-zero unless the
     * algorithm always ends by itself. */
    size_t default_max_iters;
    size_t default_max_evals;
    /* Key of the parameter that names the variant (NULL: one variant).
     * Its def and def_alt are the two variants' values; setting it sets
     * every parameter the caller has not set to that variant's default,
     * so the order of the settings does not matter. */
    const char *variant_key;
    /* Family only: validates the part after the prefix, sets *variant. */
    hf_status (*resolve)(const char *member, int *variant, hf_diag *diag);
    /* Family only: the members, for hf_optimizer_name_at. */
    size_t (*member_count)(void);
    const char *(*member_name)(size_t index);
    /* Runs to completion; returns HF_OK when the run ended normally
     * (whatever the stop reason), an error status otherwise. */
    hf_status (*run)(const hf_algo_run *ctx, hf_diag *diag);
} hf_algorithm;

/* Adds ALGORITHM (borrowed: it must outlive every optimiser made from it)
 * to the registry, after hertzfit's own.  Call it before any run starts
 * (registration is not thread-safe; the runs are).  HF_EINVAL for a table
 * without a run function or with a family resolver, a name or parameter key
 * that is not plain (hf_name_is_plain: 1 to 64 letters, digits, '_', '-',
 * '.', '+'), a parameter whose default lies outside its range, or no
 * default budget; HF_EEXIST when the name is taken; HF_ERANGE when the
 * registry is full (HF_ALGORITHM_REGISTER_MAX user algorithms). */
hf_status hf_optimizer_register(const hf_algorithm *algorithm, hf_diag *diag);

#define HF_ALGORITHM_REGISTER_MAX 64

/* Draws a point uniformly in the problem's box. */
void hf_uniform_point(hf_rng *rng, const hf_problem *problem, double *x);

/* The run's start point x0 into x when it has one (after the random draw
 * it replaces, so the stream is consumed the same either way). */
void hf_apply_start_point(const hf_algo_run *ctx, double *x);

/* Evaluates N points (X: n × problem->dim, row-major) into F as if
 * hf_evaluator_eval were called on each in turn, stopping after the point
 * that raises the stop flag: returns how many were counted (F holds their
 * values, +inf for a failure; +inf past them).  The values are computed in
 * parallel on the caller's OpenMP thread count (omp_get_max_threads: what
 * hf_runs_execute and campaigns set, one thread per run when runs are
 * parallel), each evaluation's own parallel sections on one thread; the
 * count, best point, trace and stop are those of the sequential calls for
 * any thread count.  No more points are evaluated than the budget has
 * left.  In an ask/tell run (hertzfit/optimizer.h) one batch is one ask.
 * The objective must be safe to call concurrently (hertzfit/problem.h). */
size_t hf_evaluator_eval_batch(hf_evaluator *ev, const double *x, size_t n, double *f);

#ifdef __cplusplus
}
#endif
#endif
