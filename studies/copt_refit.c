/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/copt_refit.c — the refit of α(n), β(n) (hertzfit/copt_refit.h):
 * one job per n of the parallel-jobs runner, each solving c_opt over the
 * e grid and fitting the power law into its own slots.
 */
#include "hertzfit/copt_refit.h"

#include <stdlib.h>
#include <string.h>

#include "studies/study.h"
#include "models/damping_internal.h"

void hf_copt_refit_config_init(hf_copt_refit_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    hf_copt_options_init(&cfg->copt);
}

/* COUNT values from START to STOP, both included exactly. */
static void even_grid(double start, double stop, size_t count, double *out)
{
    for (size_t i = 0; i < count; ++i)
        out[i] = start + (stop - start) * (double)i / (double)(count - 1);
    out[count - 1] = stop;
}

void hf_copt_refit_paper_grids(double n_grid[HF_COPT_PAPER_N], double e_grid[HF_COPT_PAPER_E])
{
    even_grid(1.0, 2.0, HF_COPT_PAPER_N, n_grid);
    even_grid(0.45, 1.0, HF_COPT_PAPER_E, e_grid);
}

typedef struct refit_job {
    const hf_copt_refit_config *cfg;
    double *alpha, *beta, *rms;
} refit_job;

/* c_opt at m = k = v⁻ = 1 over the e grid for n_grid[i], then the fit.
 * The previous e's c_opt is the hint for the next (a narrow first
 * bracket). */
static hf_status refit_one(size_t i, void *ctx, hf_diag *diag)
{
    const refit_job *j = ctx;
    const hf_copt_refit_config *cfg = j->cfg;
    double n = cfg->n_grid[i];
    double *c = malloc(sizeof *c * cfg->e_count); /* freed below */
    if (c == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "n = %g: out of memory", n);
    hf_copt_options o = cfg->copt;
    o.hint = 0.0;
    hf_contact unit;   /* m = K = v⁻ = 1, the paper's fit */
    hf_contact_init(&unit);
    unit.exponent = n;
    hf_status st = HF_OK;
    for (size_t k = 0; k < cfg->e_count && st == HF_OK; ++k) {
        st = hf_copt_solve(&unit, cfg->e_grid[k], &o, &c[k], diag);
        o.hint = c[k];
    }
    if (st == HF_OK)
        st = hf_copt_fit_power(cfg->e_grid, c, cfg->e_count, &j->alpha[i], &j->beta[i],
                               &j->rms[i], diag);
    free(c);
    return st;
}

static void refit_done(size_t done, size_t total, void *ctx)
{
    const refit_job *j = ctx;
    j->cfg->progress(done, total, j->cfg->progress_user);
}

static hf_status check_config(const hf_copt_refit_config *cfg, hf_diag *diag)
{
    if (cfg->n_grid == NULL || cfg->e_grid == NULL || cfg->n_count == 0)
        return hf_diag_set(diag, HF_EINVAL, "refit needs an n grid and an e grid");
    if (hf_jobs_check_threads(cfg->threads, diag) != HF_OK)
        return HF_EINVAL;
    if (cfg->e_count < 3)
        return hf_diag_set(diag, HF_EINVAL, "the power fit needs >= 3 e values, got %zu",
                           cfg->e_count);
    for (size_t k = 0; k < cfg->e_count; ++k)
        if (!(cfg->e_grid[k] > 0.0 && cfg->e_grid[k] <= 1.0))
            return hf_diag_set(diag, HF_EDOM, "e[%zu] = %g is outside (0, 1]", k,
                               cfg->e_grid[k]);
    hf_contact unit;
    hf_contact_init(&unit);
    for (size_t i = 0; i < cfg->n_count; ++i) {
        unit.exponent = cfg->n_grid[i];
        hf_status st = hf_copt_check(&unit, 1.0, diag);
        if (st != HF_OK)
            return st;
    }
    return HF_OK;
}

hf_status hf_copt_refit(const hf_copt_refit_config *cfg, double *alpha, double *beta,
                        double *rms, hf_diag *diag)
{
    if (cfg == NULL || alpha == NULL || beta == NULL || rms == NULL)
        return hf_diag_set(diag, HF_EINVAL, "refit: missing config or outputs");
    hf_status st = check_config(cfg, diag);
    if (st != HF_OK)
        return st;
    refit_job job = {cfg, alpha, beta, rms};
    size_t failed = 0;
    hf_diag why = {{0}};
    st = hf_jobs_run(cfg->n_count, cfg->threads, refit_one, &job,
                     cfg->progress ? refit_done : NULL, &failed, &why);
    if (st != HF_OK)
        hf_diag_set(diag, st, "n = %g: %s", cfg->n_grid[failed],
                    why.text[0] ? why.text : hf_strerror(st));
    return st;
}
