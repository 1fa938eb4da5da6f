/*
 * hertzfit/runs.h — N independent seeded runs of one optimiser on one
 * problem, in parallel with OpenMP.
 *
 * Run i uses PCG32 stream (seed, first_stream + i) and writes only its own
 * result slot, so every result (x, f, evaluations, iterations, stop
 * reason, convergence curve) is bit-identical for any number of threads;
 * only `seconds` differs.  This is the building block of the published
 * "50 independent runs" statistics and of benchmark campaigns.
 *
 * Typical use:
 *   hf_runs_config cfg; hf_runs_config_init(&cfg);
 *   cfg.runs = 50; cfg.seed = 1; cfg.threads = 4; cfg.record_curves = 1;
 *   hf_runs *runs = NULL;
 *   hf_runs_execute(opt, &problem, &cfg, &runs, &diag);   // caller frees
 *   ... runs->results[i].f, runs->curves[i].points[k].best_f ...
 *   hf_runs_free(runs);
 */
#ifndef HERTZFIT_RUNS_H
#define HERTZFIT_RUNS_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/optimizer.h"
#include "hertzfit/problem.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One trace call: the best value after an iteration. */
typedef struct hf_curve_point {
    size_t iteration;
    size_t evaluations;
    double best_f;     /* +inf until an evaluation succeeded */
} hf_curve_point;

typedef struct hf_curve {
    hf_curve_point *points; /* count entries, owned by the hf_runs */
    size_t count;
    size_t capacity;
} hf_curve;

typedef struct hf_runs_config {
    size_t runs;            /* >= 1 */
    uint64_t seed;
    uint64_t first_stream;  /* run i uses stream first_stream + i */
    int threads;            /* 0 = OpenMP's default, 1 = serial */
    size_t max_evals;       /* as hf_run_config */
    size_t max_iters;
    int has_target;
    double target;
    int record_curves;      /* 1 = keep each run's convergence curve */
} hf_runs_config;

/* 1 run, seed 0, stream 0, default threads, no budgets, no curves. */
void hf_runs_config_init(hf_runs_config *cfg);

typedef struct hf_runs {
    size_t count;           /* number of runs */
    hf_result *results;     /* count results, owned */
    hf_curve *curves;       /* count curves when record_curves, else NULL */
} hf_runs;

/* Runs cfg->runs runs.  *out is owned by the caller (hf_runs_free), also
 * when a run failed: each result's status says which.  Returns HF_OK, an
 * input error (bad problem, runs = 0, negative threads) before any run
 * starts, or the error of the lowest-numbered failing run, with its diag. */
hf_status hf_runs_execute(const hf_optimizer *opt, const hf_problem *problem,
                          const hf_runs_config *cfg, hf_runs **out, hf_diag *diag);

void hf_runs_free(hf_runs *runs);

#ifdef __cplusplus
}
#endif
#endif
