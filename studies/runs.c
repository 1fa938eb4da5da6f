/*
 * studies/runs.c — independent seeded runs of one optimiser, as jobs of
 * the parallel-jobs runner (study.h): run i seeds its own PCG32 stream and
 * writes only results[i] and traces[i], so the thread count and the
 * schedule cannot change any number except the wall time.
 */
#include "hertzfit/runs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "hertzfit/report.h"
#include "studies/study.h"

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
        if (runs->results != NULL)
            hf_result_free(runs->results[i]);
        if (runs->traces != NULL)
            free(runs->traces[i].points);
    }
    free(runs->results);
    free(runs->traces);
    free(runs);
}

static hf_runs *runs_alloc(size_t count, size_t dim, int traces)
{
    /* r, its results and traces are owned by the caller: hf_runs_free */
    hf_runs *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->results = calloc(count, sizeof *r->results);
    r->traces = traces ? calloc(count, sizeof *r->traces) : NULL;
    if (r->results == NULL || (traces && r->traces == NULL)) {
        hf_runs_free(r);
        return NULL;
    }
    r->count = count;
    for (size_t i = 0; i < count; ++i)
        if (hf_result_alloc(dim, &r->results[i], NULL) != HF_OK) {
            hf_runs_free(r);
            return NULL;
        }
    return r;
}

typedef struct runs_job {
    const hf_optimizer *opt;
    const hf_problem *problem;
    const hf_runs_config *cfg;
    hf_runs *runs;
} runs_job;

static hf_status one_run(size_t i, void *ctx, hf_diag *diag)
{
    const runs_job *j = ctx;
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = j->cfg->seed;
    run.stream = j->cfg->first_stream + i;
    run.max_evals = j->cfg->max_evals;
    run.max_iters = j->cfg->max_iters;
    run.has_target = j->cfg->has_target;
    run.target = j->cfg->target;
    return hf_study_run(j->opt, j->problem, &run, j->runs->results[i],
                        j->runs->traces ? &j->runs->traces[i] : NULL, diag);
}

hf_status hf_runs_execute(const hf_optimizer *opt, const hf_problem *problem,
                          const hf_runs_config *cfg, hf_runs **out, hf_diag *diag)
{
    *out = NULL;
    if (opt == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "repeated runs: missing optimizer or config");
    if (cfg->runs == 0)
        return hf_diag_set(diag, HF_EINVAL, "number of runs must be at least 1");
    if (cfg->threads < 0)
        return hf_diag_set(diag, HF_EINVAL, "number of threads must not be negative (%d)",
                           cfg->threads);
    hf_status st = hf_problem_check(problem, diag);
    if (st != HF_OK)
        return st;
    hf_runs *runs = runs_alloc(cfg->runs, problem->dim, cfg->record_traces);
    if (runs == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu runs", cfg->runs);
    runs_job job = {opt, problem, cfg, runs};
    size_t failed = 0;
    hf_diag why = {{0}};
    st = hf_jobs_run(cfg->runs, cfg->threads, one_run, &job, NULL, &failed, &why);
    if (st != HF_OK)
        hf_diag_set(diag, st, "run %zu: %s", failed, why.text);
    *out = runs;
    return st;
}

hf_status hf_runs_summarize(const hf_runs *runs, hf_runs_summary *out, hf_diag *diag)
{
    if (runs == NULL || out == NULL || runs->count == 0)
        return hf_diag_set(diag, HF_EINVAL, "summary: no runs to summarise");
    memset(out, 0, sizeof *out);
    size_t n = runs->count;
    out->runs = n;
    double *best = malloc(n * sizeof *best); /* freed below */
    if (best == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; ++i) {
        const hf_result *r = runs->results[i];
        if (isfinite(r->f))
            best[out->finite++] = r->f;
        out->mean_evaluations += (double)r->evaluations / (double)n;
        out->failed_evaluations += r->failed_evaluations;
    }
    size_t m = out->finite;
    if (m == 0) {
        free(best);
        out->best = out->mean = out->median = out->worst = out->sd = NAN;
        return hf_diag_set(diag, HF_ENOCONV, "no run found a point where the objective is "
                           "defined (%zu failed evaluations)", out->failed_evaluations);
    }
    /* the mean and s.d. of the sorted values, in that order */
    gsl_sort(best, 1, m);
    double q[3];
    hf_status st = hf_report_quartiles(best, m, q, diag);
    if (st == HF_OK) {
        out->best = best[0];
        out->worst = best[m - 1];
        out->mean = gsl_stats_mean(best, 1, m);
        out->median = q[1];
        out->sd = m > 1 ? gsl_stats_sd(best, 1, m) : 0.0;
    }
    free(best);
    return st;
}
