/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/profile_fit.c — the (a, b) calibration study (hertzfit/
 * profile_fit.h): repeated runs on the profile objective's problem, their
 * summary, and the identifiability report (converged runs, the valley).
 */
#include "hertzfit/profile_fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/profile.h"

static const double default_valley_b[] = {1.5, 2.0, 3.0, 3.409, 4.0, 5.0, 6.0};

void hf_profile_fit_config_init(hf_profile_fit_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    hf_runs_config_init(&cfg->runs);
    cfg->runs.runs = 50;
    cfg->runs.seed = 1;
    cfg->i_tolerance = HF_PROFILE_FIT_I_TOL;
}

void hf_profile_fit_free(hf_profile_fit *fit)
{
    if (fit == NULL)
        return;
    hf_runs_free(fit->runs);
    free(fit->integral);
    free(fit->k0);
    free(fit->converged);
    free(fit->valley);
    hf_optimizer_free(fit->optimizer);
    hf_profile_objective_free(fit->objective);
    free(fit);
}

static hf_status check_config(const hf_profile_fit_config *cfg, hf_diag *diag)
{
    if (cfg->runs.runs < 1 || cfg->runs.runs > HF_PROFILE_FIT_RUNS_MAX)
        return hf_diag_set(diag, HF_EINVAL, "profile fit: %zu runs; the runs are 1 to %d",
                           cfg->runs.runs, HF_PROFILE_FIT_RUNS_MAX);
    if (!(cfg->i_tolerance >= 0.0) || !isfinite(cfg->i_tolerance))
        return hf_diag_set(diag, HF_EINVAL, "tolerance on I = %g must be finite and >= 0",
                           cfg->i_tolerance);
    if (cfg->valley_b == NULL && cfg->n_valley_b > 0)
        return hf_diag_set(diag, HF_EINVAL, "%zu valley points but no b values",
                           cfg->n_valley_b);
    for (size_t j = 0; cfg->valley_b != NULL && j < cfg->n_valley_b; ++j)
        if (!(cfg->valley_b[j] > 0.0) || !isfinite(cfg->valley_b[j]))
            return hf_diag_set(diag, HF_EDOM, "valley: b = %g must be finite and > 0",
                               cfg->valley_b[j]);
    return HF_OK;
}

/* I(a, b) and K0 at each run's best point; converged runs. */
static void per_run(hf_profile_fit *fit, double tolerance)
{
    for (size_t i = 0; i < fit->runs->count; ++i) {
        const hf_result *r = fit->runs->results[i];
        double integral = NAN;
        if (!isfinite(r->f) || hf_profile_integral(r->x[0], r->x[1], &integral, NULL) != HF_OK)
            integral = NAN;
        fit->integral[i] = integral;
        fit->k0[i] = isnan(integral) ? NAN : hf_profile_k0_from_integral(integral);
        fit->converged[i] = fabs(integral - fit->i_star) <= tolerance;
        fit->n_converged += fit->converged[i];
    }
}

static void valley(hf_profile_fit *fit, const double *b, const hf_problem *p)
{
    for (size_t j = 0; j < fit->n_valley; ++j) {
        hf_profile_valley_point *v = &fit->valley[j];
        v->b = b[j];
        v->found = hf_profile_valley_a(b[j], fit->i_star, &v->a, NULL) == HF_OK;
        if (!v->found)
            v->a = NAN;
        v->inside = v->found && v->a >= p->lower[0] && v->a <= p->upper[0];
    }
}

hf_status hf_profile_fit_run(const hf_profile_objective *obj, const hf_optimizer *opt,
                             const hf_profile_fit_config *cfg, hf_profile_fit **out,
                             hf_diag *diag)
{
    *out = NULL;
    if (obj == NULL || opt == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "profile fit: missing objective, optimizer or "
                           "config");
    hf_status st = check_config(cfg, diag);
    if (st != HF_OK)
        return st;
    const double *b = cfg->valley_b ? cfg->valley_b : default_valley_b;
    size_t nb = cfg->valley_b ? cfg->n_valley_b
                              : sizeof default_valley_b / sizeof default_valley_b[0];
    const hf_problem *problem = hf_profile_objective_problem(obj);
    hf_profile_fit *fit = calloc(1, sizeof *fit); /* caller frees (hf_profile_fit_free) */
    if (fit == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    st = hf_runs_execute(opt, problem, &cfg->runs, &fit->runs, diag);
    if (fit->runs == NULL) {   /* refused before any run */
        free(fit);
        return st;
    }
    size_t n = fit->runs->count;
    /* all owned by fit */
    fit->integral = malloc(n * sizeof *fit->integral);
    fit->k0 = malloc(n * sizeof *fit->k0);
    fit->converged = calloc(n, sizeof *fit->converged);
    fit->valley = calloc(nb ? nb : 1, sizeof *fit->valley);
    if (fit->integral == NULL || fit->k0 == NULL || fit->converged == NULL ||
        fit->valley == NULL) {
        hf_profile_fit_free(fit);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    fit->n_valley = nb;
    hf_profile_objective_optimum(obj, &fit->k0_star, &fit->i_star, &fit->rms_min);
    per_run(fit, cfg->i_tolerance);
    valley(fit, b, problem);
    /* No finite run leaves a summary of NaNs, which the caller sees in
     * summary.finite; it is not a failure of the study. */
    hf_runs_summarize(fit->runs, &fit->summary, NULL);
    *out = fit;
    return st;
}

void hf_profile_study_init(hf_profile_study *study)
{
    memset(study, 0, sizeof *study);
    study->optimizer = "icaco";
    hf_profile_fit_config_init(&study->fit);
}

/* The optimiser of the study with its parameters; *failed names what failed. */
static hf_status study_optimizer(const hf_profile_study *study, hf_optimizer **opt,
                                 const char **failed, hf_diag *diag)
{
    *failed = "optimizer";
    hf_status st = hf_optimizer_alloc(study->optimizer, 2, opt, diag);
    if (st == HF_OK && study->n_params > 0 &&
        (study->param_keys == NULL || study->param_values == NULL))
        st = hf_diag_set(diag, HF_EINVAL, "%zu parameters but no keys or values",
                         study->n_params);
    for (size_t i = 0; st == HF_OK && i < study->n_params; ++i)
        st = hf_optimizer_set(*opt, study->param_keys[i], study->param_values[i], diag);
    if (st == HF_OK)
        *failed = NULL;
    else if (*opt != NULL)
        *failed = "parameters";
    return st;
}

/* The objective of the study in its box; *failed names what failed. */
static hf_status study_objective(const hf_profile_study *study, hf_profile_objective **obj,
                                 const char **failed, hf_diag *diag)
{
    hf_status st = hf_profile_objective_make(study->table, study->sampling,
                                             study->n_sampling, NULL, obj, diag);
    *failed = st != HF_OK ? (study->table != NULL ? "table" : "sampling") : NULL;
    if (st == HF_OK && study->bounds != NULL) {
        const double lower[2] = {study->bounds[0], study->bounds[2]};
        const double upper[2] = {study->bounds[1], study->bounds[3]};
        st = hf_profile_objective_set_bounds(*obj, lower, upper, diag);
        *failed = st != HF_OK ? "bounds" : NULL;
    }
    return st;
}

hf_status hf_profile_study_run(const hf_profile_study *study, hf_profile_fit **out,
                               hf_diag *diag)
{
    *out = NULL;
    if (study == NULL)
        return hf_diag_set(diag, HF_EINVAL, "profile study: no study");
    hf_optimizer *opt = NULL;
    hf_profile_objective *obj = NULL;
    const char *failed = NULL;
    hf_status st = study_optimizer(study, &opt, &failed, diag);
    if (st == HF_OK)
        st = study_objective(study, &obj, &failed, diag);
    if (st == HF_OK)
        st = hf_profile_fit_run(obj, opt, &study->fit, out, diag);
    if (*out == NULL && st != HF_ENOMEM) {   /* refused before any run */
        *out = calloc(1, sizeof **out);
        if (failed == NULL)
            failed = "runs";
    }
    if (*out == NULL) {
        hf_optimizer_free(opt);
        hf_profile_objective_free(obj);
        return st == HF_OK ? hf_diag_set(diag, HF_ENOMEM, "out of memory") : st;
    }
    (*out)->optimizer = opt;
    (*out)->objective = obj;
    (*out)->failed_input = failed;
    return st;
}
