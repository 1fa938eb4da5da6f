/*
 * studies/runs.c — independent seeded runs of one optimiser on OpenMP threads.
 * Determinism comes from the layout, not from locking: run i seeds its own
 * PCG32 stream, writes only results[i], curves[i] and diags[i], and the
 * caller reads them after the parallel loop, so the thread count and the
 * schedule cannot change any number except the wall time.
 */
#include "hertzfit/runs.h"

#include <stdlib.h>
#include <string.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

void hf_runs_config_init(hf_runs_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->runs = 1;
}

void hf_runs_free(hf_runs *runs)
{
    if (runs == NULL)
        return;
    for (size_t i = 0; i < runs->count; ++i) {
        hf_result_free(&runs->results[i]);
        if (runs->curves != NULL)
            free(runs->curves[i].points);
    }
    free(runs->results);
    free(runs->curves);
    free(runs);
}

/* Trace callback of one run: appends to its own curve.  A failed
 * allocation leaves capacity at SIZE_MAX as a marker, checked after. */
static void record_point(size_t iteration, size_t evaluations, double best_f,
                         const double *best_x, void *user)
{
    (void)best_x;
    hf_curve *c = user;
    if (c->capacity == SIZE_MAX)
        return;
    if (c->count == c->capacity) {
        size_t cap = c->capacity ? 2 * c->capacity : 64;
        /* the grown array stays owned by the curve: hf_runs_free */
        hf_curve_point *grown = realloc(c->points, cap * sizeof *grown);
        if (grown == NULL) {
            c->capacity = SIZE_MAX;
            return;
        }
        c->points = grown;
        c->capacity = cap;
    }
    c->points[c->count++] = (hf_curve_point){iteration, evaluations, best_f};
}

static hf_runs *runs_alloc(size_t count, size_t dim, int curves)
{
    /* r, its results and curves are owned by the caller: hf_runs_free */
    hf_runs *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->results = calloc(count, sizeof *r->results);
    r->curves = curves ? calloc(count, sizeof *r->curves) : NULL;
    if (r->results == NULL || (curves && r->curves == NULL)) {
        hf_runs_free(r);
        return NULL;
    }
    r->count = count;
    for (size_t i = 0; i < count; ++i)
        if (hf_result_init(&r->results[i], dim) != HF_OK) {
            hf_runs_free(r);
            return NULL;
        }
    return r;
}

static void one_run(const hf_optimizer *opt, const hf_problem *problem,
                    const hf_runs_config *cfg, hf_runs *runs, size_t i, hf_diag *diag)
{
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = cfg->seed;
    run.stream = cfg->first_stream + i;
    run.max_evals = cfg->max_evals;
    run.max_iters = cfg->max_iters;
    run.has_target = cfg->has_target;
    run.target = cfg->target;
    if (runs->curves != NULL) {
        run.trace = record_point;
        run.trace_user = &runs->curves[i];
    }
    hf_status st = hf_optimize(opt, problem, &run, &runs->results[i], diag);
    if (st != HF_OK)
        runs->results[i].status = st;
    if (st == HF_OK && runs->curves != NULL && runs->curves[i].capacity == SIZE_MAX) {
        runs->results[i].status = HF_ENOMEM;
        hf_diag_set(diag, HF_ENOMEM, "out of memory recording the convergence curve");
    }
}

hf_status hf_runs_execute(const hf_optimizer *opt, const hf_problem *problem,
                          const hf_runs_config *cfg, hf_runs **out, hf_diag *diag)
{
    *out = NULL;
    if (opt == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_runs_execute: missing optimizer or config");
    if (cfg->runs == 0)
        return hf_diag_set(diag, HF_EINVAL, "number of runs must be at least 1");
    if (cfg->threads < 0)
        return hf_diag_set(diag, HF_EINVAL, "number of threads must not be negative (%d)",
                           cfg->threads);
    hf_status st = hf_problem_check(problem, diag);
    if (st != HF_OK)
        return st;
    hf_runs *runs = runs_alloc(cfg->runs, problem->dim, cfg->record_curves);
    hf_diag *diags = calloc(cfg->runs, sizeof *diags); /* freed below */
    if (runs == NULL || diags == NULL) {
        hf_runs_free(runs);
        free(diags);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu runs", cfg->runs);
    }
    long n = (long)cfg->runs;
#ifdef HERTZFIT_HAVE_OPENMP
    int threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
    for (long i = 0; i < n; ++i)
        one_run(opt, problem, cfg, runs, (size_t)i, &diags[i]);
    st = HF_OK;
    for (size_t i = 0; i < cfg->runs && st == HF_OK; ++i)
        if (runs->results[i].status != HF_OK) {
            st = runs->results[i].status;
            hf_diag_set(diag, st, "run %zu: %s", i, diags[i].text);
        }
    free(diags);
    *out = runs;
    return st;
}
