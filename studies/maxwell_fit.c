/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/maxwell_fit.c — the full-model fit of a Maxwell material
 * (hertzfit/maxwell_fit.h): an optimiser on the misfit of
 * objectives/maxwell_objective.c, started from Argatov's regression
 * estimate, with the box moved to the optimum while the optimum sits on
 * it, and the estimate taken at the last optimum.
 */
#include "hertzfit/maxwell_fit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "studies/study.h"
#include "objectives/maxwell_internal.h"

void hf_maxwell_fit_config_init(hf_maxwell_fit_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    hf_maxwell_objective_options_init(&cfg->objective);
    cfg->optimizer = HF_MAXWELL_FIT_OPTIMIZER;
    cfg->xtol_rel = 1e-9;
    cfg->seed = 1;
    cfg->recentre_max = 3;
}

const char *hf_maxwell_fit_status(const hf_maxwell_fit_result *fit, char *buf, size_t size)
{
    if (size == 0)
        return buf;
    const char *stop = fit->stop == HF_STOP_CONVERGED ? "" : hf_stop_reason_name(fit->stop);
    const char *bound = fit->at_bound ? "at-bound" : "";
    hf_maxwell_quality quality = hf_maxwell_estimate_quality(&fit->estimate, NULL, 0);
    if (!*stop && !*bound)
        snprintf(buf, size, "%s", quality == HF_MAXWELL_WELL_DETERMINED
                                      ? "converged" : hf_maxwell_quality_name(quality));
    else
        snprintf(buf, size, "%s%s%s", stop, *stop && *bound ? "+" : "", bound);
    return buf;
}

int hf_maxwell_fit_suspect(const hf_maxwell_fit_result *fit)
{
    return fit->stop != HF_STOP_CONVERGED || fit->at_bound;
}

/* Box centre when the caller gave none: a regression estimate, from the
 * first of the F_M, t_M and t_c regressions that succeeds (one can fail —
 * a singular or sign-flipped line — while another still gives a usable
 * start).  When all fail, the first failure is reported. */
static hf_status reference_point(const hf_maxwell_data *d, const hf_maxwell_objective_options *o,
                                 const hf_argatov_constants *k, double *mu0, double *eta,
                                 hf_diag *diag)
{
    *mu0 = o->mu0_ref;
    *eta = o->eta_ref;
    if (*mu0 > 0.0 && *eta > 0.0)
        return HF_OK;
    static const hf_maxwell_observable order[3] = {HF_MAXWELL_F_M, HF_MAXWELL_T_M,
                                                   HF_MAXWELL_T_C};
    hf_status first = HF_OK;
    hf_diag first_diag = {{0}};
    for (int j = 0; j < 3; ++j) {
        if (d->value[order[j]] == NULL)
            continue;
        hf_maxwell_estimate est;
        hf_diag this_diag = {{0}};
        /* Weights 1/y²: relative errors, as the misfit the fit minimises,
         * so the start is the nearer one to its optimum. */
        hf_status st = hf_maxwell_regress(d, o->nu, order[j], HF_MAXWELL_WEIGHTS_RELATIVE, k,
                                          &est, &this_diag);
        if (st == HF_OK && !(est.C0 > 0.0))
            st = hf_diag_set(&this_diag, HF_ERANGE, "%s regression gives C0 = %g <= 0",
                             hf_maxwell_observable_name(order[j]), est.C0);
        if (st != HF_OK) {
            if (first == HF_OK) {
                first = st;
                first_diag = this_diag;
            }
            continue;
        }
        if (!(*mu0 > 0.0))
            *mu0 = est.mu0;
        if (!(*eta > 0.0)) {
            /* A non-positive η estimate (noise): start at ε = 0.1 instead. */
            double Tmax = 0.0;
            for (size_t i = 0; i < d->n; ++i)
                Tmax = fmax(Tmax, est.C0 / hf_maxwell_speed_parameter(&d->impact[i]));
            *eta = est.eta > 0.0 ? est.eta : 0.1 / Tmax;
            /* the regression's η is the Maxwell one: α/τ for a standard
             * linear solid (Eqs. 48-49), whose 1/τ is fitted */
            *eta /= o->alpha;
        }
        return HF_OK;
    }
    if (first != HF_OK)
        return hf_diag_set(diag, first, "no regression gives a start point: %s",
                           first_diag.text);
    return hf_diag_set(diag, HF_EINVAL,
                       "no F_M_N, t_M_s or t_c_s column: e alone fixes only eta*C0, "
                       "not mu0 and eta separately");
}

/* HF_MAXWELL_AT_* bits of x on the box: within 1e-6 of a bound in the
 * scaled variables (the box is ~1 wide, and NLopt's xtol_rel of 1e-9 puts
 * an optimum pressed against a bound exactly on it). */
static unsigned bounds_hit(const hf_problem *p, const double *x)
{
    static const unsigned low[2] = {HF_MAXWELL_AT_MU0_LOWER, HF_MAXWELL_AT_ETA_LOWER};
    static const unsigned high[2] = {HF_MAXWELL_AT_MU0_UPPER, HF_MAXWELL_AT_ETA_UPPER};
    unsigned bits = 0;
    for (int j = 0; j < 2; ++j) {
        if (x[j] - p->lower[j] <= 1e-6)
            bits |= low[j];
        if (p->upper[j] - x[j] <= 1e-6)
            bits |= high[j];
    }
    return bits;
}

/* The configured optimiser with the fit's tolerance.  *opt is the
 * caller's (hf_optimizer_free). */
static hf_status create_optimizer(const hf_maxwell_fit_config *cfg, hf_optimizer **opt,
                                  hf_diag *diag)
{
    const char *name = cfg->optimizer ? cfg->optimizer : HF_MAXWELL_FIT_OPTIMIZER;
    hf_status st = hf_optimizer_alloc(name, 2, opt, diag);
    double current;
    if (st == HF_OK && cfg->xtol_rel > 0.0 &&
        hf_optimizer_get(*opt, "xtol_rel", &current, NULL) == HF_OK)
        st = hf_optimizer_set(*opt, "xtol_rel", cfg->xtol_rel, diag);
    if (st != HF_OK) {
        hf_optimizer_free(*opt);
        *opt = NULL;
    }
    return st;
}

/* One optimiser run on obj's box, started at the box centre, the
 * reference point (x = μ0/μ0_ref, η/η_ref = 1, 1): a local optimiser such
 * as the default BOBYQA then begins from Argatov's first-order answer and
 * only corrects its bias. */
static hf_status run_once(const hf_maxwell_objective *obj, const hf_optimizer *opt,
                          const hf_maxwell_fit_config *cfg, hf_result *res, hf_diag *diag)
{
    static const double centre[2] = {1.0, 1.0};
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = cfg->seed;
    run.max_evals = cfg->max_evals;
    run.x0 = centre;
    run.threads = 0; /* the caller's OpenMP setting, for the misfit's own loop */
    run.algorithm_user = cfg->algorithm_user;
    hf_status st = hf_study_run(opt, hf_maxwell_objective_problem(obj), &run, res, NULL, diag);
    if (st == HF_OK && !isfinite(res->f))
        st = hf_diag_set(diag, HF_ENOCONV, "no evaluation of the model succeeded");
    return st;
}

hf_status hf_maxwell_fit_full(const hf_maxwell_data *data, const hf_argatov_constants *constants,
                              const hf_maxwell_fit_config *cfg, hf_maxwell_fit_result *out,
                              double *residuals, hf_diag *diag)
{
    if (data == NULL || constants == NULL || cfg == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "full fit: missing argument");
    hf_optimizer *opt = NULL; /* freed at the end */
    hf_status st = create_optimizer(cfg, &opt, diag);
    if (st == HF_OK)
        st = hf_maxwell_data_check(data, diag);
    hf_maxwell_objective_options o = cfg->objective;
    if (o.mask == 0 && data->extracted)
        o.mask = HF_MAXWELL_EXTRACTED_OBSERVABLES & hf_maxwell_data_mask(data);
    if (st == HF_OK)
        st = reference_point(data, &cfg->objective, constants, &o.mu0_ref, &o.eta_ref, diag);
    size_t evaluations = 0;
    for (unsigned attempt = 0; st == HF_OK; ++attempt) {
        hf_maxwell_objective *obj = NULL; /* freed at the end of this attempt */
        if ((st = hf_maxwell_objective_alloc(data, &o, &obj, diag)) != HF_OK)
            break;
        hf_result *res = NULL; /* freed below */
        if ((st = hf_result_alloc(2, &res, diag)) != HF_OK) {
            hf_maxwell_objective_free(obj);
            break;
        }
        st = run_once(obj, opt, cfg, res, diag);
        unsigned bits = st == HF_OK ? bounds_hit(hf_maxwell_objective_problem(obj), res->x) : 0;
        evaluations += res->evaluations;
        int again = st == HF_OK && bits && res->stop == HF_STOP_CONVERGED &&
                    attempt < cfg->recentre_max;
        if (again) {
            /* Converged on the box: the misfit still falls outside it.  Move
             * the box centre to the optimum and search again. */
            hf_maxwell_objective_params(obj, res->x, &o.mu0_ref, &o.eta_ref);
        } else if (st == HF_OK &&
                   (st = hf_maxwell_objective_estimate(obj, res->x, &out->estimate, residuals,
                                                       diag)) == HF_OK) {
            out->stop = res->stop;
            out->at_bound = bits;
            out->recentred = attempt;
            out->evaluations = evaluations;
        }
        hf_result_free(res);
        hf_maxwell_objective_free(obj);
        if (!again)
            break;
    }
    hf_optimizer_free(opt);
    return st;
}
