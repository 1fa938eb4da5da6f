/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/runs.h — N independent seeded runs of one optimiser on one
 * problem, in parallel with OpenMP.
 *
 * Run i uses PCG32 stream (seed, first_stream + i) and writes only its own
 * result slot, so every result (x, f, evaluations, iterations, stop
 * reason, trace) is bit-identical for any number of threads; only
 * `seconds` differs.  This is the building block of the published
 * "50 independent runs" statistics; a benchmark campaign runs each of its
 * tasks through the same one-run function.
 *
 * Example (built and run by the test header_examples): ten seeded runs
 * of random search on Rastrigin in 2 variables, on 2 threads.
 * ```c
 * hf_diag diag = {{0}};
 * hf_testproblem *tp = NULL;      // owned: hf_testproblem_free
 * hf_optimizer *opt = NULL;       // owned: hf_optimizer_free
 * hf_runs *runs = NULL;           // owned: hf_runs_free
 * hf_runs_config cfg;
 * hf_runs_config_init(&cfg);
 * cfg.runs = 10;
 * cfg.seed = 1;
 * cfg.threads = 2;
 * cfg.max_evals = 500;
 * cfg.record_traces = 1;
 * hf_runs_summary s;
 * hf_status st = hf_testproblem_alloc("rastrigin", 2, &tp, &diag);
 * if (st == HF_OK) st = hf_optimizer_alloc("random", 2, &opt, &diag);
 * if (st == HF_OK)
 *     st = hf_runs_execute(opt, hf_testproblem_problem(tp), &cfg, &runs, &diag);
 * if (st == HF_OK) st = hf_runs_summarize(runs, &s, &diag);
 * // every run spent its budget; its trace ends at its best value
 * int ok = st == HF_OK && s.runs == 10 && s.best <= s.median &&
 *          runs->results[0]->evaluations == 500 &&
 *          runs->traces[0].points[runs->traces[0].count - 1].best_f == runs->results[0]->f;
 * hf_runs_free(runs);
 * hf_optimizer_free(opt);
 * hf_testproblem_free(tp);
 * return ok ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_RUNS_H
#define HERTZFIT_RUNS_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/optimizer.h"
#include "hertzfit/problem.h"
#include "hertzfit/status.h"
#include "hertzfit/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most threads a study accepts (hf_runs_config, hf_campaign_config,
 * hf_copt_refit_config): OpenMP allocates every thread's stack up front
 * and aborts the process when it cannot, so a larger request is refused as
 * bad input instead. */
#define HF_THREADS_MAX 4096

typedef struct hf_runs_config {
    size_t runs;            /* >= 1 */
    uint64_t seed;
    uint64_t first_stream;  /* run i uses stream first_stream + i */
    int threads;            /* 0 = OpenMP's default, 1 = serial; <= HF_THREADS_MAX */
    size_t max_evals;       /* as hf_run_config */
    size_t max_iters;
    int has_target;
    double target;
    int record_traces;      /* 1 = keep each run's trace (hertzfit/trace.h) */
    int record_groups;      /* 1 = keep each run's number of groups (empires of
                             * ica and icaco) after every iteration */
    const size_t *snapshot_iters; /* iterations whose whole population each run
                             * keeps (0 = the initial one); borrowed */
    size_t n_snapshot_iters;
    void *algorithm_user;   /* every run's hf_run_config.algorithm_user */
} hf_runs_config;

/* 1 run, seed 0, stream 0, default threads, no budgets, no traces. */
void hf_runs_config_init(hf_runs_config *cfg);

typedef struct hf_runs {
    size_t count;           /* number of runs */
    hf_result **results;    /* count results, owned */
    hf_trace *traces;       /* count traces (points owned) when record_traces,
                               else NULL */
    /* When record_groups: groups[i][k] is the number of groups alive in
     * run i after k iterations ([0]: as formed), n_groups[i] entries (0
     * for an optimiser without groups); else both NULL.  Owned. */
    size_t **groups;
    size_t *n_groups;
    /* When n_snapshot_iters > 0: snapshots[i * n_snapshots + j] is run i's
     * population after snapshot_iters[j] iterations (size 0 when the run
     * ended before it or the optimiser has no population); else NULL.
     * Owned. */
    hf_population *snapshots;
    size_t n_snapshots;
} hf_runs;

/* Runs cfg->runs runs.  *out is owned by the caller (hf_runs_free), also
 * when a run failed: each result's status says which.  Returns HF_OK, an
 * input error (bad problem, runs = 0, negative threads) before any run
 * starts, or the error of the lowest-numbered failing run, with its diag. */
hf_status hf_runs_execute(const hf_optimizer *opt, const hf_problem *problem,
                          const hf_runs_config *cfg, hf_runs **out, hf_diag *diag);

void hf_runs_free(hf_runs *runs);

/* Writes the snapshots of RUNS to PATH as CSV (put in place whole, through
 * core/file.h), one row per member:
 *     run,iter,empire,role,x0,x1,...,f
 * role is "imperialist" or "colony", f is %.17g ("inf" for a failed
 * evaluation); rows by run, then iteration, then empire, imperialist
 * first.  HF_EINVAL when RUNS holds no snapshot, HF_EIO naming PATH. */
hf_status hf_runs_snapshots_write(const char *path, const hf_runs *runs, hf_diag *diag);

/* Writes the number of groups (empires) of RUNS per iteration to PATH as
 * CSV (put in place whole): run,iteration,empires, iteration 0 being the
 * initial population.  HF_EINVAL when RUNS holds no count (not recorded,
 * or the optimiser has no groups), HF_EIO naming PATH. */
hf_status hf_runs_groups_write(const char *path, const hf_runs *runs, hf_diag *diag);

/* What the published "N independent runs" tables report (Table 2 of
 * Sheikhi Azqandi & Safaeifar 2023): the best value over runs. */
typedef struct hf_runs_summary {
    size_t runs;               /* all runs */
    size_t finite;             /* runs with a finite best value; the rest are left out */
    double best, mean, median, worst;
    double sd;                 /* sample standard deviation (n − 1); 0 for one run */
    double mean_evaluations;   /* over all runs */
    size_t failed_evaluations; /* over all runs */
} hf_runs_summary;

/* Summarises the best values of RUNS (the median is the report's
 * quantile, hf_report_quartiles).  HF_ENOCONV, with runs, finite = 0 and
 * the evaluation counts filled and a diag saying so, when no run found a
 * finite value. */
hf_status hf_runs_summarize(const hf_runs *runs, hf_runs_summary *out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
