/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/profile_fit.h — the calibration study of Safaeifar &
 * Farshidianfar 2020 and Sheikhi Azqandi & Safaeifar 2023 as one call: N
 * seeded runs of an optimiser on the (a, b) problem of a profile objective
 * (hertzfit/profile_objective.h), their summary (best, mean, median, worst,
 * sample s.d. of the RMS, as the papers' tables), and the identifiability
 * report.
 *
 * Identifiability: the RMS depends on (a, b) only through I(a, b), so
 * every (a, b) with I(a, b) = I* is optimal — the minimiser is a curve,
 * the valley a(b), not a point.  A run counts as converged when its I is
 * within a tolerance of the closed-form I* (1e-4 by default: the RMS is
 * flat to second order in I there, so a run that reached the minimum RMS
 * to the optimiser's precision has |I − I*| far below it, while a run
 * stuck elsewhere is off by more).
 *
 * Example (built and run by the test header_examples): three ICACO runs
 * on Table 2 of Safaeifar & Farshidianfar in one call.
 * ```c
 * hf_diag diag = {{0}};
 * hf_profile_fit *fit = NULL;         // owned: hf_profile_fit_free
 * hf_profile_study study;
 * hf_profile_study_init(&study);      // icaco, 50 runs, seed 1: the papers'
 * study.table = "data/safaeifar2020_table2.csv";
 * study.fit.runs.runs = 3;
 * hf_status st = hf_profile_study_run(&study, &fit, &diag);
 * // the best RMS is the closed-form minimum, which the whole valley
 * // a(b) attains
 * int ok = st == HF_OK && fabs(fit->summary.best - fit->rms_min) < 1e-6 &&
 *          fit->n_valley > 0 && fit->valley[0].found;
 * hf_profile_fit_free(fit);
 * return ok ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_PROFILE_FIT_H
#define HERTZFIT_PROFILE_FIT_H

#include <stddef.h>
#include "hertzfit/optimizer.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/runs.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Default tolerance on |I − I*| of a converged run. */
#define HF_PROFILE_FIT_I_TOL 1e-4

/* The most runs hf_profile_fit_run makes (a million: the largest study a
 * front end may ask for; each run keeps its result in memory). */
#define HF_PROFILE_FIT_RUNS_MAX 1000000

typedef struct hf_profile_fit_config {
    hf_runs_config runs;       /* the runs (default 50 runs, seed 1: the papers' 50) */
    double i_tolerance;        /* converged: |I − I*| <= this (default HF_PROFILE_FIT_I_TOL) */
    const double *valley_b;    /* b values of the valley a(b) (borrowed); NULL = the
                                  default 1.5, 2, 3, 3.409 (the paper's b), 4, 5, 6 */
    size_t n_valley_b;
} hf_profile_fit_config;

/* The defaults above. */
void hf_profile_fit_config_init(hf_profile_fit_config *cfg);

/* One point of the valley a(b) with I(a, b) = I*. */
typedef struct hf_profile_valley_point {
    double b;
    double a;                  /* NaN when no a > 0 gives I* at this b */
    int found;                 /* 1 when a exists */
    int inside;                /* 1 when a lies within the problem's a bounds */
} hf_profile_valley_point;

typedef struct hf_profile_fit {
    hf_runs *runs;             /* the runs (owned) */
    hf_runs_summary summary;   /* of the runs' best RMS; summary.finite = 0 when no run
                                  found a finite value (then the statistics are NaN) */
    double k0_star, i_star, rms_min;  /* the closed-form optimum */
    double *integral, *k0;     /* per run: I(a, b) and K0 = 2/(5 I) at its best point,
                                  NaN when the run found no finite value (owned) */
    unsigned char *converged;  /* per run: 1 when |I − I*| <= i_tolerance (owned) */
    size_t n_converged;
    hf_profile_valley_point *valley; /* n_valley points, in the order of valley_b (owned) */
    size_t n_valley;
    /* hf_profile_study_run only (NULL from hf_profile_fit_run): */
    hf_optimizer *optimizer;          /* the optimiser as run, its parameters set (owned) */
    hf_profile_objective *objective;  /* the objective as run, its box set (owned) */
    const char *failed_input;  /* after a failure before the runs: which input it names,
                                  "optimizer", "parameters", "table", "sampling", "bounds"
                                  or "runs" (a static string); NULL otherwise */
} hf_profile_fit;

/* Runs cfg->runs of OPT on hf_profile_objective_problem(OBJ) (its box as
 * set) and reports.  *out is owned by the caller (hf_profile_fit_free),
 * also when a run failed: the status is then that of the lowest failing
 * run (hf_runs_execute).  Input errors (bad configuration, a b <= 0 or not
 * finite in valley_b, a negative tolerance) come before any run. */
hf_status hf_profile_fit_run(const hf_profile_objective *obj, const hf_optimizer *opt,
                             const hf_profile_fit_config *cfg, hf_profile_fit **out,
                             hf_diag *diag);
void hf_profile_fit_free(hf_profile_fit *fit);

/* The whole study as `hertzfit fit profile`, hertzfit_fit_profile and
 * Python's fit_profile give it: which optimiser with which parameters, the
 * objective (hf_profile_objective_make) and the runs. */
typedef struct hf_profile_study {
    const char *optimizer;          /* a name hf_optimizer_alloc knows (default "icaco") */
    const char *const *param_keys;  /* parameters set in this order (borrowed) ... */
    const double *param_values;     /* ... to these values (hf_optimizer_set) */
    size_t n_params;
    const char *table;              /* the objective: a published RMS table, or NULL */
    const double *sampling;         /* or c_r values (borrowed); neither: the default */
    size_t n_sampling;
    const double *bounds;           /* a_min, a_max, b_min, b_max (borrowed); NULL: defaults */
    hf_profile_fit_config fit;      /* the runs (hf_profile_fit_config_init) */
} hf_profile_study;

/* "icaco", no parameters, the default objective and box, and
 * hf_profile_fit_config_init's runs. */
void hf_profile_study_init(hf_profile_study *study);

/* Makes the optimiser and the objective and runs hf_profile_fit_run on
 * them.  *out is owned by the caller (hf_profile_fit_free) whatever the
 * status, NULL only when out of memory; it owns the optimiser and the
 * objective (for printing their parameters and fit).  A failure before the
 * runs leaves out->runs NULL and names the input in out->failed_input. */
hf_status hf_profile_study_run(const hf_profile_study *study, hf_profile_fit **out,
                               hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
