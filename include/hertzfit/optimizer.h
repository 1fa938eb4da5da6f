/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/optimizer.h — one interface for every optimiser.
 *
 * An optimiser is an opaque handle created by name:
 *   "ica", "icaco", "random", or "nlopt:<NLopt algorithm name>"
 *   (for example "nlopt:GN_DIRECT_L", "nlopt:LN_BOBYQA").
 * It is configured with key/value pairs (hf_optimizer_set) and run on a
 * problem with a run configuration (seed, stream, budgets, target, trace).
 * Each algorithm plugs in through one table of function pointers in
 * optimizers/ and a registry; nothing here changes when one is added.
 *
 * The library, not the algorithm, counts evaluations: every call of the
 * objective goes through a wrapper that counts it, records the best point,
 * treats NaN/inf as a failed evaluation (never best), and stops the run at
 * the evaluation budget or the target.  So a budget means the same thing
 * for every optimiser.
 *
 * Threads: hf_optimize does not modify the handle; several threads may run
 * the same handle at once on their own hf_result.  Randomness comes only
 * from PCG32 stream (seed, stream); NLopt's generator is seeded with
 * nlopt_srand in the running thread right before each run.
 *
 * Example (built and run by the test header_examples): ICACO on the
 * sphere in two variables.
 * ```c
 * hf_diag diag = {{0}};
 * hf_testproblem *sphere = NULL;   // owned: hf_testproblem_free
 * hf_optimizer *opt = NULL;        // owned: hf_optimizer_free
 * hf_result *res = NULL;           // owned: hf_result_free
 * hf_run_config run;
 * hf_run_config_init(&run);
 * run.seed = 1;                    // run i of a series: run.stream = i
 * hf_status st = hf_testproblem_alloc("sphere", 2, &sphere, &diag);
 * if (st == HF_OK) st = hf_optimizer_alloc("icaco", 2, &opt, &diag);
 * if (st == HF_OK) st = hf_optimizer_set(opt, "countries", 20, &diag);
 * if (st == HF_OK) st = hf_result_alloc(2, &res, &diag);
 * if (st == HF_OK) st = hf_optimize(opt, hf_testproblem_problem(sphere), &run, res, &diag);
 * int solved = st == HF_OK && res->f < 1e-6 && res->stop != HF_STOP_FAILURE;
 * hf_result_free(res);
 * hf_optimizer_free(opt);
 * hf_testproblem_free(sphere);
 * return solved ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_OPTIMIZER_H
#define HERTZFIT_OPTIMIZER_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/problem.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why a run stopped; one enum for all optimisers. */
#define HF_STOP_LIST(X)                                                     \
    X(HF_STOP_NONE, "none")                                                 \
    X(HF_STOP_MAXEVAL, "maxeval")   /* evaluation budget used */            \
    X(HF_STOP_MAXITER, "maxiter")   /* iteration budget used */             \
    X(HF_STOP_TARGET, "target")     /* best f <= target */                  \
    X(HF_STOP_CONVERGED, "converged") /* the algorithm's own tolerance */   \
    X(HF_STOP_FAILURE, "failure")   /* the algorithm failed, or found no   \
                                       finite value inside the box */

typedef enum hf_stop_reason {
#define HF_STOP_ENUM(id, text) id,
    HF_STOP_LIST(HF_STOP_ENUM)
#undef HF_STOP_ENUM
} hf_stop_reason;

const char *hf_stop_reason_name(hf_stop_reason reason);

/* A host's interrupt (Ctrl-C in Octave or MATLAB, which cannot reach a C
 * call otherwise): PENDING is asked before every evaluation of every run
 * (hf_evaluator_eval, on any thread, so it must be thread-safe and quick),
 * and once it returns non-zero the run stops with HF_STOP_FAILURE without
 * evaluating, so that a fit or a campaign ends within a few evaluations;
 * the host then reports the interrupt instead of the result.  A call
 * that writes an atomic output (hf_campaign_run) and finds the interrupt
 * pending once its runs are done writes nothing and returns
 * HF_EINTERRUPTED.  Process-wide; NULL (the default) removes it. */
typedef int (*hf_interrupt_fn)(void);
void hf_interrupt_set(hf_interrupt_fn pending);

/* Called at every improvement of the best value (the first finite value
 * included), at the evaluation that made it, whatever the algorithm:
 * EVALUATIONS counts that evaluation (the first is 1), ITERATION is the
 * iteration in progress (from 1), BEST_F and BEST_X the new best.  best_x
 * has the problem's dimension and is valid only during the call. */
typedef void (*hf_trace_fn)(size_t iteration, size_t evaluations,
                            double best_f, const double *best_x, void *user);

/* The population of a population-based optimiser (ica, icaco) as an
 * observer sees it: the countries, their costs, the empire (group) of
 * each and whether it is that empire's imperialist (leader).  Groups keep
 * their number for the whole run (0 .. groups_formed − 1); a collapsed
 * group owns no member.  When passed to an observer the arrays are
 * borrowed and valid only during the call; a copy kept by hf_runs
 * (hertzfit/runs.h) owns them. */
typedef struct hf_population {
    size_t iteration;   /* iterations completed; 0 = the initial population,
                         * its empires just formed */
    size_t size;        /* members */
    size_t dim;
    double *x;          /* size × dim positions */
    double *f;          /* size costs (+inf: failed evaluation) */
    size_t *group;      /* size: the group of each member */
    int *leader;        /* size: 1 for a group's leader (an imperialist) */
    size_t groups;      /* groups alive (empires with an imperialist) */
    size_t groups_formed;
} hf_population;

/* Called by a population-based optimiser once for its initial population
 * and once at the end of every iteration; never by the others.  Must not
 * modify the population. */
typedef void (*hf_population_fn)(const hf_population *population, void *user);

typedef struct hf_run_config {
    uint64_t seed;
    uint64_t stream;
    size_t max_evals;   /* 0 = no evaluation limit */
    size_t max_iters;   /* 0 = no iteration limit.  When both are 0 the
                         * algorithm's own default budget applies: ica and
                         * icaco 50 iterations (the ICACO paper), random 50
                         * iterations of 20 points, nlopt:* 2000 evaluations.
                         * What an iteration is: one ICA/ICACO decade, one
                         * batch of random points, one NLopt callback. */
    const double *x0;   /* optional start point, dim values inside the bounds
                         * (borrowed; NULL = none).  The first point every
                         * algorithm evaluates: NLopt's start point, ICA's
                         * first country, random search's first sample.
                         * The random streams are drawn as without it, so
                         * the rest of the run is unchanged. */
    int has_target;     /* stop as soon as best f <= target */
    double target;
    hf_trace_fn trace;  /* may be NULL */
    void *trace_user;
    hf_population_fn population; /* may be NULL */
    void *population_user;
    int threads;        /* OpenMP threads of the run: its batch evaluations
                         * (hf_evaluator_eval_batch) and, when it evaluates
                         * one point at a time, the objective's own parallel
                         * sections.  1 = one thread everywhere (the
                         * default); T > 1 = T threads; 0 = the calling
                         * thread's OpenMP setting (omp_get_max_threads),
                         * which is how hf_runs_execute and campaigns pass
                         * their --threads choice down to one run.  Results
                         * are bit-identical for any value; the objective
                         * must be safe to call concurrently when it is not
                         * 1 (hertzfit/problem.h). */
    void *algorithm_user; /* the caller's, untouched: a registered algorithm's
                         * run function finds it as ctx->run->algorithm_user
                         * (hertzfit/algorithm.h), on whatever thread the run
                         * is, so a binding knows which of its calls the run
                         * belongs to (where to keep the exception its
                         * callback raised).  NULL by default. */
} hf_run_config;

/* seed 0, stream 0, no limits, no target, no trace, no population
 * observer, one thread. */
void hf_run_config_init(hf_run_config *run);

typedef struct hf_result {
    size_t dim;
    double *x;               /* best point, dim doubles (owned with the result) */
    double f;                /* best value (+inf if no evaluation succeeded) */
    size_t evaluations;      /* all calls of the objective, failed ones too */
    size_t failed_evaluations; /* calls that returned NaN or inf */
    size_t iterations;
    hf_stop_reason stop;
    hf_status status;        /* HF_OK, or the failure that ended the run */
    double seconds;          /* wall time of the run */
} hf_result;

/* A result for problems of dimension DIM (x allocated, f = +inf, the rest
 * 0).  *out is owned by the caller (hf_result_free).  HF_EINVAL for dim 0,
 * HF_ENOMEM. */
hf_status hf_result_alloc(size_t dim, hf_result **out, hf_diag *diag);
void hf_result_free(hf_result *result);   /* NULL-safe */

typedef struct hf_optimizer hf_optimizer;

/* An optimiser for problems of dimension dim.  *out is owned by the caller
 * (hf_optimizer_free).  HF_ENOTFOUND for an unknown name, with the diag
 * listing the valid ones. */
hf_status hf_optimizer_alloc(const char *name, size_t dim, hf_optimizer **out,
                             hf_diag *diag);
void hf_optimizer_free(hf_optimizer *opt);

/* The optimiser's canonical name: NAME{key=value;...} with its settings in the
 * table's order (what runs.csv and the reports print). */
const char *hf_optimizer_name(const hf_optimizer *opt);

/* HF_ENOTFOUND for an unknown key (diag lists the valid keys), HF_ERANGE for
 * a value outside the key's documented range (diag gives the range). */
hf_status hf_optimizer_set(hf_optimizer *opt, const char *key, double value,
                           hf_diag *diag);
/* The value of KEY; HF_ENOTFOUND as for hf_optimizer_set. */
hf_status hf_optimizer_get(const hf_optimizer *opt, const char *key, double *value,
                           hf_diag *diag);

/* Parameters, defaults included, for run logs and manifests: the key,
 * value and one-line doc of parameter INDEX (key, value, doc may be NULL).
 * HF_EINVAL for INDEX >= hf_optimizer_param_count. */
size_t hf_optimizer_param_count(const hf_optimizer *opt);
hf_status hf_optimizer_param(const hf_optimizer *opt, size_t index,
                             const char **key, double *value, const char **doc,
                             hf_diag *diag);

/* Variants: an algorithm may have two named sets of defaults, chosen by
 * one of its parameters ("variant" of ica and icaco: 2023 = the ICACO
 * paper's eight steps, the default; 2007 = with Atashpaz-Gargari & Lucas's
 * revolution and roulette competition).  Setting that parameter sets every
 * parameter not set explicitly to the variant's default, whatever the
 * order of the calls.  hf_optimizer_variant_count is 1 for an algorithm
 * without variants.  hf_optimizer_param_default gives parameter INDEX's
 * default in variant VARIANT (0 = the default variant) and where it comes
 * from (SOURCE: a paper's equation or section, or "the paper is silent";
 * NULL when the algorithm gives none); value and source may be NULL.
 * HF_EINVAL for an index or variant out of range. */
size_t hf_optimizer_variant_count(const hf_optimizer *opt);
hf_status hf_optimizer_param_default(const hf_optimizer *opt, size_t index, size_t variant,
                                     double *value, const char **source, hf_diag *diag);

/* Runs the optimiser.  result must have been allocated for problem->dim.
 * Returns HF_OK when the run completed (whatever its stop reason), or an
 * error for invalid input (bounds, dimension mismatch), with the diag set. */
hf_status hf_optimize(const hf_optimizer *opt, const hf_problem *problem,
                      const hf_run_config *run, hf_result *result,
                      hf_diag *diag);

/* Names accepted by hf_optimizer_alloc: "ica", "icaco", "random", then
 * every "nlopt:<NAME>" this NLopt build provides. */
size_t hf_optimizer_name_count(void);
const char *hf_optimizer_name_at(size_t index);

/* Ask/tell: the caller asks for points, evaluates them however it likes
 * (an external simulator, a cluster job) and tells the values.  Every
 * optimiser runs this way: ica, icaco and random ask for a whole
 * population (one batch) at a time, nlopt:* and the others for one point
 * at a time.  The run is the one hf_optimize makes with the same
 * optimiser, run configuration and values — the same points in the same
 * order, the same best, counts, stop reason and trace — so it is
 * deterministic for a seed.  Budgets, the target, the trace and the
 * population observer of RUN apply as in hf_optimize (run->threads is
 * ignored: the caller evaluates); NaN or inf told for a point is a failed
 * evaluation.  The run lives on a thread of its own that sleeps while the
 * caller evaluates, so the trace and observer are called during
 * hf_asktell_tell, never concurrently with the caller.
 *
 * Example (built and run by the test header_examples): ICACO on the
 * sphere in two variables, the caller evaluating.
 * ```c
 * static const double lower[2] = {-5, -5}, upper[2] = {5, 5};
 * hf_diag diag = {{0}};
 * hf_optimizer *opt = NULL;   // owned: hf_optimizer_free
 * hf_asktell *at = NULL;      // owned: hf_asktell_free (before opt)
 * hf_run_config run;
 * hf_run_config_init(&run);
 * run.seed = 1;
 * run.max_evals = 600;
 * hf_status st = hf_optimizer_alloc("icaco", 2, &opt, &diag);
 * if (st == HF_OK) st = hf_asktell_alloc(opt, lower, upper, &run, &at, &diag);
 * const double *x = NULL;
 * size_t n = 0;
 * double f[64];
 * while (st == HF_OK && (st = hf_asktell_ask(at, &x, &n, &diag)) == HF_OK && n > 0) {
 *     for (size_t i = 0; i < n && i < 64; ++i)   // icaco asks at most 20
 *         f[i] = x[2 * i] * x[2 * i] + x[2 * i + 1] * x[2 * i + 1];
 *     st = hf_asktell_tell(at, x, f, n, &diag);
 * }
 * int solved = st == HF_OK && hf_asktell_result(at)->evaluations == 600 &&
 *              hf_asktell_result(at)->f < 1e-4;
 * hf_asktell_free(at);
 * hf_optimizer_free(opt);
 * return solved ? 0 : 1;
 * ```
 */
typedef struct hf_asktell hf_asktell;

/* An ask/tell run of OPT (borrowed: it must outlive the run) in the box
 * [LOWER, UPPER] (hf_optimizer's dimension values each, copied) with RUN
 * (copied, x0 too).  The optimiser starts at once and waits at its first
 * ask.  *out is owned by the caller (hf_asktell_free).  HF_EBOUNDS,
 * HF_EDOM for bad bounds or x0 and the optimiser's own refusals, as
 * hf_optimize; HF_ENOMEM. */
hf_status hf_asktell_alloc(const hf_optimizer *opt, const double *lower, const double *upper,
                           const hf_run_config *run, hf_asktell **out, hf_diag *diag);
/* Ends a run that has not finished (the optimiser sees it stopped) and
 * frees it.  NULL-safe. */
void hf_asktell_free(hf_asktell *at);

/* The points the optimiser wants evaluated next: *n points of dim values
 * each at *x (row-major; borrowed, valid until the next tell or free).
 * *n = 0 (and *x NULL) once the run has ended: hf_asktell_result then
 * holds its outcome. */
hf_status hf_asktell_ask(hf_asktell *at, const double **x, size_t *n, hf_diag *diag);

/* Tells the values F of the N points X last asked for (the same points,
 * in the same order) and lets the optimiser run to its next ask or its
 * end.  HF_EMISMATCH when N or a point differs from what was asked,
 * HF_EINVAL when nothing is asked (the run has ended). */
hf_status hf_asktell_tell(hf_asktell *at, const double *x, const double *f, size_t n,
                          hf_diag *diag);

/* The run's best point and counters so far (final once ask gives 0
 * points); owned by AT. */
const hf_result *hf_asktell_result(const hf_asktell *at);

#ifdef __cplusplus
}
#endif
#endif
