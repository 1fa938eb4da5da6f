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

#include "hertzfit/optimizer.h"
#include "hertzfit/rng.h"

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

/* The evaluation wrapper; lives on the stack of hf_optimize. */
typedef struct hf_evaluator {
    const hf_problem *problem;
    const hf_run_config *run;
    hf_result *result;      /* best x, f and the counters are kept here */
    size_t max_iters;       /* resolved: run's, or the algorithm's default */
    int stopped;
    hf_stop_reason reason;
} hf_evaluator;

/* Evaluates the objective at x (problem->dim values).  Returns f, or +inf
 * for a failed evaluation (NaN or inf) and for any call after the stop
 * flag is up (such calls do not reach the objective and are not counted). */
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
    const hf_run_config *run;
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

/* "unknown optimizer 'NAME' (valid: every name)": HF_ENOTFOUND. */
hf_status hf_optimizer_unknown(const char *name, hf_diag *diag);

/* The registry (optimizers/registry.c). */
size_t hf_algorithm_count(void);
const hf_algorithm *hf_algorithm_at(size_t index);

/* Draws a point uniformly in the problem's box (shared by every algorithm
 * that needs a random start). */
void hf_uniform_point(hf_rng *rng, const hf_problem *problem, double *x);

/* The run's start point x0 into x when it has one (after the random
 * draw it replaces, so the stream is consumed the same either way). */
void hf_apply_start_point(const hf_algo_run *ctx, double *x);

#endif
