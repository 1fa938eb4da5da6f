/* SPDX-License-Identifier: GPL-3.0-or-later */
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

#include "core/file.h"
#include "hertzfit/report.h"
#include "studies/study.h"
#include "core/problem_internal.h"
#include "studies/report_internal.h"

void hf_runs_config_init(hf_runs_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->runs = 1;
}

static void population_free(hf_population *p)
{
    free(p->x);
    free(p->f);
    free(p->group);
    free(p->leader);
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
        if (runs->groups != NULL)
            free(runs->groups[i]);
        for (size_t j = 0; runs->snapshots != NULL && j < runs->n_snapshots; ++j)
            population_free(&runs->snapshots[i * runs->n_snapshots + j]);
    }
    free(runs->results);
    free(runs->traces);
    free(runs->groups);
    free(runs->n_groups);
    free(runs->snapshots);
    free(runs);
}

/* Whether every array R was asked for (TRACES, GROUPS, SNAPS) exists. */
static int arrays_allocated(const hf_runs *r, int traces, int groups, size_t snaps)
{
    return r->results != NULL && (!traces || r->traces != NULL) &&
           (!groups || (r->groups != NULL && r->n_groups != NULL)) &&
           (!snaps || r->snapshots != NULL);
}

static hf_runs *runs_alloc(size_t count, size_t dim, const hf_runs_config *cfg)
{
    /* r, its results, traces, groups and snapshots are owned by the
     * caller: hf_runs_free */
    hf_runs *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    int traces = cfg->record_traces, groups = cfg->record_groups;
    size_t snaps = cfg->n_snapshot_iters;
    r->results = calloc(count, sizeof *r->results);
    r->traces = traces ? calloc(count, sizeof *r->traces) : NULL;
    r->groups = groups ? calloc(count, sizeof *r->groups) : NULL;
    r->n_groups = groups ? calloc(count, sizeof *r->n_groups) : NULL;
    r->snapshots = snaps ? calloc(count * snaps, sizeof *r->snapshots) : NULL;
    r->n_snapshots = snaps;
    if (!arrays_allocated(r, traces, groups, snaps)) {
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

/* What run i keeps of its populations: its own slots only. */
typedef struct population_recorder {
    const runs_job *job;
    size_t run;
    size_t capacity; /* of runs->groups[run] */
    int oom;
} population_recorder;

static int keep_groups(population_recorder *r, const hf_population *p)
{
    hf_runs *runs = r->job->runs;
    size_t i = r->run, k = p->iteration;
    if (k >= r->capacity) {
        size_t cap = r->capacity ? 2 * r->capacity : 64;
        while (cap <= k)
            cap *= 2;
        size_t *grown = realloc(runs->groups[i], cap * sizeof *grown); /* owned by runs */
        if (grown == NULL)
            return 0;
        runs->groups[i] = grown;
        r->capacity = cap;
    }
    runs->groups[i][k] = p->groups;
    if (k + 1 > runs->n_groups[i])
        runs->n_groups[i] = k + 1;
    return 1;
}

static int copy_population(hf_population *to, const hf_population *p)
{
    *to = *p;
    /* owned by the runs: population_free */
    to->x = malloc(p->size * p->dim * sizeof *to->x);
    to->f = malloc(p->size * sizeof *to->f);
    to->group = malloc(p->size * sizeof *to->group);
    to->leader = malloc(p->size * sizeof *to->leader);
    if (!to->x || !to->f || !to->group || !to->leader) {
        population_free(to);
        memset(to, 0, sizeof *to);
        return 0;
    }
    memcpy(to->x, p->x, p->size * p->dim * sizeof *to->x);
    memcpy(to->f, p->f, p->size * sizeof *to->f);
    memcpy(to->group, p->group, p->size * sizeof *to->group);
    memcpy(to->leader, p->leader, p->size * sizeof *to->leader);
    return 1;
}

static void on_population(const hf_population *p, void *user)
{
    population_recorder *r = user;
    const hf_runs_config *cfg = r->job->cfg;
    hf_runs *runs = r->job->runs;
    if (r->oom)
        return;
    if (runs->groups != NULL && !keep_groups(r, p))
        r->oom = 1;
    for (size_t j = 0; j < cfg->n_snapshot_iters && !r->oom; ++j) {
        hf_population *slot = &runs->snapshots[r->run * runs->n_snapshots + j];
        if (cfg->snapshot_iters[j] == p->iteration && slot->size == 0 &&
            !copy_population(slot, p))
            r->oom = 1;
    }
}

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
    run.threads = 0; /* what hf_jobs_run gave this run */
    run.algorithm_user = j->cfg->algorithm_user;
    population_recorder rec = {j, i, 0, 0};
    if (j->runs->groups != NULL || j->runs->snapshots != NULL) {
        run.population = on_population;
        run.population_user = &rec;
    }
    hf_status st = hf_study_run(j->opt, j->problem, &run, j->runs->results[i],
                                j->runs->traces ? &j->runs->traces[i] : NULL, diag);
    if (st == HF_OK && rec.oom)
        st = hf_diag_set(diag, HF_ENOMEM, "run %zu: out of memory keeping its populations", i);
    return st;
}

hf_status hf_runs_execute(const hf_optimizer *opt, const hf_problem *problem,
                          const hf_runs_config *cfg, hf_runs **out, hf_diag *diag)
{
    *out = NULL;
    if (opt == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "repeated runs: missing optimizer or config");
    if (cfg->runs == 0)
        return hf_diag_set(diag, HF_EINVAL, "number of runs must be at least 1");
    hf_status st = hf_jobs_check_threads(cfg->threads, diag);
    if (st != HF_OK)
        return st;
    st = hf_problem_check(problem, diag);
    if (st != HF_OK)
        return st;
    hf_runs *runs = runs_alloc(cfg->runs, problem->dim, cfg);
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

/* One snapshot's rows: empire by empire, the imperialist first. */
static void write_snapshot(FILE *fp, size_t run, const hf_population *p)
{
    for (size_t e = 0; e < p->groups_formed; ++e)
        for (int pass = 1; pass >= 0; --pass)
            for (size_t m = 0; m < p->size; ++m) {
                if (p->group[m] != e || (p->leader[m] != 0) != pass)
                    continue;
                fprintf(fp, "%zu,%zu,%zu,%s", run, p->iteration, e,
                        pass ? "imperialist" : "colony");
                for (size_t k = 0; k < p->dim; ++k)
                    fprintf(fp, ",%.17g", p->x[m * p->dim + k]);
                if (isfinite(p->f[m]))
                    fprintf(fp, ",%.17g\n", p->f[m]);
                else
                    fputs(",inf\n", fp);
            }
}

hf_status hf_runs_snapshots_write(const char *path, const hf_runs *runs, hf_diag *diag)
{
    size_t dim = 0;
    for (size_t s = 0; runs->snapshots != NULL && s < runs->count * runs->n_snapshots; ++s)
        if (runs->snapshots[s].size > 0)
            dim = runs->snapshots[s].dim;
    if (dim == 0)
        return hf_diag_set(diag, HF_EINVAL, "%s: the runs hold no population snapshot "
                           "(the optimizer has no population, or no run reached the "
                           "iterations asked for)", path);
    hf_atomic_file *file = NULL;
    hf_status st = hf_atomic_file_open(path, &file, diag);
    if (st != HF_OK)
        return st;
    FILE *fp = hf_atomic_file_stream(file);
    fputs("run,iter,empire,role", fp);
    for (size_t k = 0; k < dim; ++k)
        fprintf(fp, ",x%zu", k);
    fputs(",f\n", fp);
    for (size_t i = 0; i < runs->count; ++i)
        for (size_t j = 0; j < runs->n_snapshots; ++j)
            write_snapshot(fp, i, &runs->snapshots[i * runs->n_snapshots + j]);
    return hf_atomic_file_commit(file, diag);
}

hf_status hf_runs_groups_write(const char *path, const hf_runs *runs, hf_diag *diag)
{
    size_t total = 0;
    for (size_t i = 0; runs->n_groups != NULL && i < runs->count; ++i)
        total += runs->n_groups[i];
    if (total == 0)
        return hf_diag_set(diag, HF_EINVAL, "%s: the runs hold no empire counts (the "
                           "optimizer has no empires, or they were not recorded)", path);
    hf_atomic_file *file = NULL;
    hf_status st = hf_atomic_file_open(path, &file, diag);
    if (st != HF_OK)
        return st;
    FILE *fp = hf_atomic_file_stream(file);
    fputs("run,iteration,empires\n", fp);
    for (size_t i = 0; i < runs->count; ++i)
        for (size_t k = 0; k < runs->n_groups[i]; ++k)
            fprintf(fp, "%zu,%zu,%zu\n", i, k, runs->groups[i][k]);
    return hf_atomic_file_commit(file, diag);
}
