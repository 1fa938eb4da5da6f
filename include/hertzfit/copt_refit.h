/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/copt_refit.h — the refit of Poursina & Nikravesh's α(n), β(n)
 * (Eqs. 45–47): for each n of a grid, c_opt at m = k = v⁻ = 1 for every e
 * of a grid (hf_copt_solve), then the least-squares fit c = α(e^β − 1)
 * (hf_copt_fit_power).  The n values are independent jobs run in parallel
 * on OpenMP threads; the results are bit-identical whatever the thread
 * count.
 *
 * Example (built and run by the test header_examples): α and β at n = 1
 * and n = 3/2 from 12 values of e (the paper used 600).
 * ```c
 * const double ns[2] = {1.0, 1.5};
 * double es[12], alpha[2], beta[2], rms[2];
 * for (int k = 0; k < 12; ++k)
 *     es[k] = 1.0 - 0.05 * k;                  // 1 .. 0.45
 * hf_copt_refit_config cfg;
 * hf_copt_refit_config_init(&cfg);
 * cfg.n_grid = ns;
 * cfg.n_count = 2;
 * cfg.e_grid = es;
 * cfg.e_count = 12;
 * hf_diag diag = {{0}};
 * if (hf_copt_refit(&cfg, alpha, beta, rms, &diag) != HF_OK)
 *     return 1;
 * // the fitted closed form (Eq. 49) against c_opt itself at e = 0.72
 * hf_contact unit;
 * hf_contact_init(&unit);             // m = K = v = 1
 * double c_fit, c_opt;
 * if (hf_copt_closed_form(&unit, 0.72, alpha[1], beta[1], &c_fit, &diag) != HF_OK ||
 *     hf_copt_solve(&unit, 0.72, NULL, &c_opt, &diag) != HF_OK)
 *     return 1;
 * return fabs(c_fit / c_opt - 1.0) < 1e-2 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_COPT_REFIT_H
#define HERTZFIT_COPT_REFIT_H

#include <stddef.h>
#include "hertzfit/damping.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Called once per finished n with the number done so far, one call at a
 * time, from whichever thread finished it. */
typedef void (*hf_copt_refit_progress_fn)(size_t done, size_t total, void *user);

typedef struct hf_copt_refit_config {
    const double *n_grid;     /* n values in [1, 2] (borrowed) */
    size_t n_count;           /* >= 1 */
    const double *e_grid;     /* e values in (0, 1] (borrowed) */
    size_t e_count;           /* >= 3 */
    int threads;              /* 0 = OpenMP's default; at most HF_THREADS_MAX (runs.h) */
    hf_copt_options copt;     /* tolerances of each c_opt (its hint is ignored) */
    hf_copt_refit_progress_fn progress;   /* may be NULL */
    void *progress_user;
} hf_copt_refit_config;

/* No grids, default threads, hf_copt_options_init tolerances, no progress. */
void hf_copt_refit_config_init(hf_copt_refit_config *cfg);

/* The grids of Poursina & Nikravesh 2020 for Eqs. 46-47: HF_COPT_PAPER_N
 * values of n evenly spaced over [1, 2] and HF_COPT_PAPER_E values of e
 * over [0.45, 1], both ends included, into the caller's arrays. */
#define HF_COPT_PAPER_N 100
#define HF_COPT_PAPER_E 600
void hf_copt_refit_paper_grids(double n_grid[HF_COPT_PAPER_N], double e_grid[HF_COPT_PAPER_E]);

/* α, β and the rms residual of the fit for each n_grid[i] into alpha[i],
 * beta[i], rms[i] (arrays of n_count, the caller's).  Every input is
 * checked before any work (HF_EINVAL, HF_EDOM naming the value); on a
 * failure during the work the error of the lowest failing n is reported,
 * naming it. */
hf_status hf_copt_refit(const hf_copt_refit_config *cfg, double *alpha, double *beta,
                        double *rms, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
