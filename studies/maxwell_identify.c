/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/maxwell_identify.c — the identification of a Maxwell material
 * from drop tests as one call (hf_maxwell_identify: which methods run,
 * their order, their rules, statuses and what stands when a later fit
 * fails) and the features of every trace as one call (hf_maxwell_extract,
 * every impact of a bouncing ball without a limit).  The program, the MEX
 * gateway and the Python package map their options onto these and print
 * or convert what comes back (hertzfit/maxwell_fit.h).
 */
#include "hertzfit/maxwell_fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "objectives/maxwell_internal.h"
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "core/rng_draw.h"
#include "hertzfit/runs.h"
#include "optimizers/optimizer_internal.h"
#include "studies/study.h"

void hf_maxwell_identify_config_init(hf_maxwell_identify_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->method = HF_MAXWELL_IDENTIFY_ALL;
    cfg->nu = 0.5;
    cfg->weights = HF_MAXWELL_WEIGHTS_NONE;
    cfg->bootstrap_seed = 1;
    hf_maxwell_fit_config_init(&cfg->full);
    hf_maxwell_curve_config_init(&cfg->curve);
}

void hf_maxwell_identify_report_free(hf_maxwell_identify_report *report)
{
    if (report == NULL)
        return;
    free(report->residuals);
    free(report->contact_start);
    free(report->baseline);
    report->residuals = NULL;
    report->contact_start = NULL;
    report->baseline = NULL;
}

/* Which methods run (the rules of hertzfit/maxwell_fit.h). */
typedef struct plan {
    int regression, full, curve;
} plan;

static const char *data_name(const hf_maxwell_data *d)
{
    return d->path != NULL ? d->path : "the data";
}

static hf_status refuse(hf_maxwell_identify_report *r, hf_maxwell_identify_refusal why,
                        hf_diag *diag, const char *fmt, const char *name, double alpha)
{
    r->refusal = why;
    if (why == HF_MAXWELL_IDENTIFY_CURVE_NEEDS_MAXWELL)
        return hf_diag_set(diag, HF_EINVAL, fmt, alpha);
    return hf_diag_set(diag, HF_EINVAL, fmt, name);
}

/* Which methods METHOD runs on data with FEATURES and TRACES (ALL: every
 * one the data allow); with residuals, one fit's: the full fit's when it
 * runs, else the curve's, and no regression. */
static plan methods_of(hf_maxwell_identify_method m, int features, int traces, int residuals)
{
    const int all = m == HF_MAXWELL_IDENTIFY_ALL;
    plan p = {(m == HF_MAXWELL_IDENTIFY_REGRESSION || all) && !residuals,
              m == HF_MAXWELL_IDENTIFY_FULL || (all && features),
              m == HF_MAXWELL_IDENTIFY_CURVE || (all && traces)};
    if (residuals && p.full)
        p.curve = 0;
    return p;
}

static hf_status make_plan(const hf_maxwell_data *d, const hf_maxwell_identify_config *cfg,
                           plan *p, hf_maxwell_identify_report *r, hf_diag *diag)
{
    const hf_maxwell_identify_method m = cfg->method;
    const int features = hf_maxwell_data_mask(d) != 0;
    const double alpha = cfg->full.objective.alpha;
    if (d->trace != NULL && !features &&
        (m == HF_MAXWELL_IDENTIFY_REGRESSION || m == HF_MAXWELL_IDENTIFY_FULL))
        /* raw traces: their features come from hf_maxwell_extract, whose
         * statuses and uncertainties the user should see first */
        return refuse(r, HF_MAXWELL_IDENTIFY_RAW_TRACES, diag,
                      "%s holds force traces, no F_M/t_M/t_c columns", data_name(d), 0.0);
    *p = methods_of(m, features, d->trace != NULL, cfg->residuals);
    if (cfg->residuals && !p->full && !p->curve)
        return refuse(r, HF_MAXWELL_IDENTIFY_RESIDUALS_NEED_FIT, diag,
                      "residuals need the full or the curve fit (%s)", data_name(d), 0.0);
    /* the curve fit has Hunter's Maxwell force history only: with alpha it
     * would fit a Maxwell solid while a standard linear solid was asked for */
    if (p->curve && alpha != 1.0 && m == HF_MAXWELL_IDENTIFY_CURVE)
        return refuse(r, HF_MAXWELL_IDENTIFY_CURVE_NEEDS_MAXWELL, diag,
                      "the curve fit fits a Maxwell solid only, not the standard linear "
                      "solid of alpha %g", NULL, alpha);
    if (alpha != 1.0)
        p->curve = 0;
    return HF_OK;
}

/* The status, trust and reason of a fit's row. */
static void fit_row(hf_maxwell_identify_row *row, const hf_maxwell_fit_result *fit)
{
    row->estimate = fit->estimate;
    row->fit = *fit;
    hf_maxwell_fit_status(fit, row->status, sizeof row->status);
    hf_maxwell_quality q = hf_maxwell_estimate_quality(&fit->estimate, row->reason,
                                                       sizeof row->reason);
    row->not_converged = hf_maxwell_fit_suspect(fit);
    row->beyond_first_order = fit->estimate.max_eps > HF_MAXWELL_EPS_FIRST_ORDER;
    row->trusted = q == HF_MAXWELL_WELL_DETERMINED && !row->not_converged;
}

static hf_status run_regressions(const hf_maxwell_data *d, const hf_argatov_constants *k,
                                 const hf_maxwell_identify_config *cfg,
                                 hf_maxwell_identify_report *r, hf_diag *diag)
{
    static const hf_maxwell_observable obs[3] = {HF_MAXWELL_F_M, HF_MAXWELL_T_M,
                                                 HF_MAXWELL_T_C};
    for (int j = 0; j < 3; ++j) {
        if (d->value[obs[j]] == NULL)
            continue;
        hf_maxwell_identify_row *row = &r->row[r->nrows];
        hf_status st = hf_maxwell_regress(d, cfg->nu, obs[j], cfg->weights, k, &row->estimate,
                                          diag);
        if (st == HF_OK && cfg->full.objective.alpha != 1.0)
            st = hf_maxwell_estimate_to_sls(&row->estimate, cfg->full.objective.alpha, diag);
        if (st != HF_OK)
            return st;
        hf_maxwell_quality q = hf_maxwell_estimate_quality(&row->estimate, row->reason,
                                                           sizeof row->reason);
        snprintf(row->status, sizeof row->status, "%s", hf_maxwell_quality_name(q));
        row->trusted = q == HF_MAXWELL_WELL_DETERMINED;
        row->beyond_first_order = row->estimate.max_eps > HF_MAXWELL_EPS_FIRST_ORDER;
        ++r->nrows;
    }
    return HF_OK;
}

static hf_status run_full(const hf_maxwell_data *d, const hf_argatov_constants *k,
                          const hf_maxwell_identify_config *cfg,
                          hf_maxwell_identify_report *r, hf_diag *diag)
{
    hf_maxwell_fit_config c = cfg->full;
    c.objective.nu = cfg->nu;
    if (cfg->residuals) {
        r->residuals = malloc(d->n * HF_MAXWELL_NOBS * sizeof *r->residuals);
        if (r->residuals == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
        r->residuals_method = HF_MAXWELL_FULL;
    }
    hf_maxwell_fit_result fit;
    memset(&fit, 0, sizeof fit);
    hf_status st = hf_maxwell_fit_full(d, k, &c, &fit, r->residuals, diag);
    if (st == HF_OK)
        fit_row(&r->row[r->nrows++], &fit);
    return st;
}

static hf_status run_curve(const hf_maxwell_data *d, const hf_maxwell_identify_config *cfg,
                           hf_maxwell_identify_report *r, hf_diag *diag)
{
    hf_maxwell_curve_config c = cfg->curve;
    c.nu = cfg->nu;
    if (cfg->residuals) {
        r->contact_start = malloc(d->n * sizeof *r->contact_start);
        r->baseline = malloc(d->n * sizeof *r->baseline);
        r->residuals = malloc(hf_maxwell_curve_nresiduals(d) * sizeof *r->residuals);
        if (r->contact_start == NULL || r->baseline == NULL || r->residuals == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
        r->residuals_method = HF_MAXWELL_CURVE;
    }
    hf_maxwell_fit_result fit;
    hf_status st = hf_maxwell_fit_curve(d, &c, &fit, r->contact_start, r->baseline,
                                        r->residuals, diag);
    if (st == HF_OK)
        fit_row(&r->row[r->nrows++], &fit);
    return st;
}

/* A failed step: its method; the rows before it stand unless the failure
 * is bad input (the data or options are wrong, so is what came of them). */
static hf_status failed(hf_maxwell_identify_report *r, hf_maxwell_method method, hf_status st)
{
    r->failed = 1;
    r->failed_method = method;
    if (hf_status_is_bad_input(st) || method == HF_MAXWELL_REGRESSION)
        r->nrows = 0;
    return st;
}

/* Whether some row is trusted. */
static int any_trusted(const hf_maxwell_identify_report *r)
{
    for (size_t i = 0; i < r->nrows; ++i)
        if (r->row[i].trusted)
            return 1;
    return 0;
}

/* The identification without its bootstrap: the rows of every method. */
static hf_status identify_rows(const hf_maxwell_data *data, const hf_argatov_constants *constants,
                               const hf_maxwell_identify_config *cfg,
                               hf_maxwell_identify_report *report, hf_diag *diag)
{
    plan p = {0, 0, 0};
    hf_status st = make_plan(data, cfg, &p, report, diag);
    if (st != HF_OK)
        return st;
    if (p.regression && (st = run_regressions(data, constants, cfg, report, diag)) != HF_OK)
        return failed(report, HF_MAXWELL_REGRESSION, st);
    if (!p.full && !p.curve && report->nrows == 0)
        return refuse(report, HF_MAXWELL_IDENTIFY_NO_FEATURES, diag,
                      "%s: regression needs a F_M_N, t_M_s or t_c_s column", data_name(data),
                      0.0);
    if (p.full && (st = run_full(data, constants, cfg, report, diag)) != HF_OK)
        return failed(report, HF_MAXWELL_FULL, st);
    if (p.curve && (st = run_curve(data, cfg, report, diag)) != HF_OK)
        return failed(report, HF_MAXWELL_CURVE, st);
    report->trusted = any_trusted(report);
    return HF_OK;
}

/* ---- the bootstrap over drops ------------------------------------------- */

typedef struct bootstrap_ctx {
    const hf_maxwell_data *data;
    const hf_argatov_constants *constants;
    hf_maxwell_identify_config cfg;          /* no bootstrap, no residuals */
    const hf_maxwell_identify_report *whole; /* the rows on every drop */
    size_t replicates;
    double *mu0, *eta;                       /* [row·replicates + b], NaN: none */
} bootstrap_ctx;

/* The drops of DATA at IDX as a data set of their own: a view whose
 * arrays are the caller's scratch (impact, values, lines, traces) and
 * whose traces share DATA's samples; never passed to hf_maxwell_data_free. */
static void resampled_view(const hf_maxwell_data *data, const size_t *idx, hf_maxwell_data *view,
                           double *values, hf_maxwell_impact *impact, size_t *line,
                           hf_maxwell_trace *trace)
{
    const size_t n = data->n;
    memset(view, 0, sizeof *view);
    view->n = n;
    view->path = data->path;
    view->impact = impact;
    view->line = data->line != NULL ? line : NULL;
    view->trace = data->trace != NULL ? trace : NULL;
    for (size_t i = 0; i < n; ++i) {
        impact[i] = data->impact[idx[i]];
        if (data->line != NULL)
            line[i] = data->line[idx[i]];
        if (data->trace != NULL)
            trace[i] = data->trace[idx[i]];
    }
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
        if (data->value[k] == NULL)
            continue;
        view->value[k] = values + (size_t)k * n;
        for (size_t i = 0; i < n; ++i)
            view->value[k][i] = data->value[k][idx[i]];
    }
}

/* Row R of replicate REP stands for row R of the whole data when it is the
 * same method on the same observables with finite values. */
static int same_row(const hf_maxwell_identify_report *rep, size_t r,
                    const hf_maxwell_estimate *whole)
{
    if (r >= rep->nrows)
        return 0;
    const hf_maxwell_estimate *e = &rep->row[r].estimate;
    return e->method == whole->method && e->observables == whole->observables &&
           isfinite(e->mu0) && isfinite(e->eta);
}

/* Replicate B: its drops drawn from (seed, stream B) only, then the
 * identification; a failure on the resampled data (not memory) leaves its
 * slots NaN.  None starts while the host's interrupt is pending (its runs
 * would end at once, but the rest of a replicate's work would not): the
 * bootstrap then fails HF_EINTERRUPTED. */
static hf_status bootstrap_replicate(size_t b, void *ctx_, hf_diag *diag)
{
    bootstrap_ctx *c = ctx_;
    const size_t n = c->data->n, rows = c->whole->nrows;
    for (size_t r = 0; r < rows; ++r)
        c->mu0[r * c->replicates + b] = c->eta[r * c->replicates + b] = NAN;
    if (hf_interrupt_is_pending())
        return hf_diag_set(diag, HF_EINTERRUPTED, "bootstrap replicate %zu: interrupted", b);
    size_t *idx = malloc(n * (2 * sizeof(size_t) + HF_MAXWELL_NOBS * sizeof(double) +
                              sizeof(hf_maxwell_impact) + sizeof(hf_maxwell_trace)));
    if (idx == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    size_t *line = idx + n;
    double *values = (double *)(line + n);
    hf_maxwell_impact *impact = (hf_maxwell_impact *)(values + HF_MAXWELL_NOBS * n);
    hf_maxwell_trace *trace = (hf_maxwell_trace *)(impact + n);
    hf_rng rng;
    hf_rng_seed(&rng, c->cfg.bootstrap_seed, b);
    for (size_t i = 0; i < n; ++i)
        idx[i] = hf_rng_bounded(&rng, (uint32_t)n);
    hf_maxwell_data view;
    resampled_view(c->data, idx, &view, values, impact, line, trace);
    hf_maxwell_identify_report rep;
    memset(&rep, 0, sizeof rep);
    hf_diag ignored = {{0}};
    hf_status st = identify_rows(&view, c->constants, &c->cfg, &rep, &ignored);
    for (size_t r = 0; r < rows; ++r)
        if (same_row(&rep, r, &c->whole->row[r].estimate)) {
            c->mu0[r * c->replicates + b] = rep.row[r].estimate.mu0;
            c->eta[r * c->replicates + b] = rep.row[r].estimate.eta;
        }
    hf_maxwell_identify_report_free(&rep);
    free(idx);
    return st == HF_ENOMEM ? hf_diag_set(diag, HF_ENOMEM, "out of memory") : HF_OK;
}

/* The finite values of X[0..n) sorted into X's front, their count. */
static size_t sorted_finite(double *x, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; ++i)
        if (isfinite(x[i]))
            x[m++] = x[i];
    gsl_sort(x, 1, m);
    return m;
}

/* The percentile interval and standard deviation of the N replicate
 * values X (sorted in place), NaN with fewer than the minimum. */
static void percentile_interval(double *x, size_t n, size_t *used, double *lo, double *hi,
                                double *sd)
{
    const double tail = 0.5 * (1.0 - HF_MAXWELL_BOOTSTRAP_LEVEL);
    size_t m = sorted_finite(x, n);
    *used = m;
    if (m < HF_MAXWELL_BOOTSTRAP_MIN) {
        *lo = *hi = *sd = NAN;
        return;
    }
    *lo = gsl_stats_quantile_from_sorted_data(x, 1, m, tail);
    *hi = gsl_stats_quantile_from_sorted_data(x, 1, m, 1.0 - tail);
    *sd = gsl_stats_sd(x, 1, m);
}

static hf_status bootstrap_check(const hf_maxwell_data *data,
                                 const hf_maxwell_identify_config *cfg, hf_diag *diag)
{
    if (cfg->bootstrap < HF_MAXWELL_BOOTSTRAP_MIN || cfg->bootstrap > HF_MAXWELL_BOOTSTRAP_MAX)
        return hf_diag_set(diag, HF_EINVAL, "bootstrap = %zu replicates is outside [%d, %d]",
                           cfg->bootstrap, HF_MAXWELL_BOOTSTRAP_MIN,
                           HF_MAXWELL_BOOTSTRAP_MAX);
    if (cfg->residuals)
        return hf_diag_set(diag, HF_EINVAL, "the bootstrap gives intervals of estimates, "
                           "not residuals");
    if (data->n < 2 || data->n > UINT32_MAX)
        return hf_diag_set(diag, HF_EINVAL, "the bootstrap over drops needs 2 to %u drops, "
                           "not %zu", (unsigned)UINT32_MAX, data->n);
    return hf_jobs_check_threads(cfg->threads, diag);
}

/* Every row's bootstrap interval (hertzfit/maxwell_fit.h). */
static hf_status bootstrap_rows(const hf_maxwell_data *data, const hf_argatov_constants *k,
                                const hf_maxwell_identify_config *cfg,
                                hf_maxwell_identify_report *report, hf_diag *diag)
{
    const size_t B = cfg->bootstrap, rows = report->nrows;
    bootstrap_ctx c = {data, k, *cfg, report, B, NULL, NULL};
    c.cfg.bootstrap = 0;
    c.cfg.residuals = 0;
    c.mu0 = malloc(2 * (rows ? rows : 1) * B * sizeof *c.mu0);
    if (c.mu0 == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    c.eta = c.mu0 + rows * B;
    hf_status st = hf_jobs_run(B, cfg->threads, bootstrap_replicate, &c, NULL, NULL, diag);
    for (size_t r = 0; st == HF_OK && r < rows; ++r) {
        hf_maxwell_identify_row *row = &report->row[r];
        size_t used_eta;
        percentile_interval(c.mu0 + r * B, B, &row->bootstrap_used, &row->mu0_boot_lo,
                            &row->mu0_boot_hi, &row->mu0_boot_sd);
        percentile_interval(c.eta + r * B, B, &used_eta, &row->eta_boot_lo, &row->eta_boot_hi,
                            &row->eta_boot_sd);
    }
    free(c.mu0);
    return st;
}

hf_status hf_maxwell_identify(const hf_maxwell_data *data, const hf_argatov_constants *constants,
                              const hf_maxwell_identify_config *cfg,
                              hf_maxwell_identify_report *report, hf_diag *diag)
{
    if (report == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_identify: no report");
    memset(report, 0, sizeof *report);
    if (data == NULL || constants == NULL || cfg == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_identify: NULL argument");
    hf_status st = cfg->bootstrap > 0 ? bootstrap_check(data, cfg, diag) : HF_OK;
    if (st == HF_OK)
        st = identify_rows(data, constants, cfg, report, diag);
    if (st == HF_OK && cfg->bootstrap > 0)
        st = bootstrap_rows(data, constants, cfg, report, diag);
    return st;
}

/* ---- hf_maxwell_extract -------------------------------------------------- */

void hf_maxwell_extraction_free(hf_maxwell_extraction *extraction)
{
    if (extraction == NULL)
        return;
    free(extraction->entry);
    free(extraction);
}

/* Appends NF features of drop I to X, growing its entries. */
static hf_status append(hf_maxwell_extraction *x, size_t *cap, size_t drop,
                        const hf_maxwell_impact_features *f, size_t nf, hf_diag *diag)
{
    if (x->n + nf > *cap) {
        size_t grown = *cap ? *cap : 16;
        while (grown < x->n + nf)
            grown *= 2;
        hf_maxwell_extraction_entry *e = realloc(x->entry, grown * sizeof *e);
        if (e == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
        x->entry = e;
        *cap = grown;
    }
    for (size_t k = 0; k < nf; ++k) {
        hf_maxwell_extraction_entry *e = &x->entry[x->n++];
        e->drop = drop;
        e->features = f[k];
        e->usable = hf_maxwell_impact_features_usable(&f[k]);
        x->ok += f[k].status == HF_MAXWELL_EXTRACT_OK;
    }
    return HF_OK;
}

/* Every impact of one trace: hf_maxwell_trace_extract stops at its
 * buffer's size, so a full buffer is tried again twice as large. */
static hf_status extract_drop(const hf_maxwell_data *d, size_t i, int all,
                              hf_maxwell_impact_features **buf, size_t *size, size_t *nf,
                              hf_diag *diag)
{
    for (;;) {
        size_t max = all ? *size : 1;
        hf_status st = hf_maxwell_trace_extract(&d->trace[i], &d->impact[i], max, *buf, nf,
                                                diag);
        if (st != HF_OK || *nf < max || !all)
            return st;
        hf_maxwell_impact_features *grown = realloc(*buf, 2 * *size * sizeof **buf);
        if (grown == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
        *buf = grown;
        *size *= 2;
    }
}

hf_status hf_maxwell_extract(const hf_maxwell_data *data, int all_impacts,
                             hf_maxwell_extraction **out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_extract: no output");
    *out = NULL;
    if (data == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_extract: no data");
    if (data->trace == NULL)
        return hf_diag_set(diag, HF_ENOTFOUND, "%s: no 'trace' column: no force traces to "
                           "work on", data_name(data));
    size_t size = 64, cap = 0;
    hf_maxwell_impact_features *buf = malloc(size * sizeof *buf); /* freed below */
    hf_maxwell_extraction *x = calloc(1, sizeof *x);   /* the caller's, or freed below */
    hf_status st = buf == NULL || x == NULL ? hf_diag_set(diag, HF_ENOMEM, "out of memory")
                                            : HF_OK;
    for (size_t i = 0; st == HF_OK && i < data->n; ++i) {
        size_t nf = 0;
        st = extract_drop(data, i, all_impacts, &buf, &size, &nf, diag);
        if (st == HF_OK)
            hf_maxwell_flight_restitution(buf, nf, data->g);
        if (st == HF_OK)
            st = append(x, &cap, i, buf, nf, diag);
    }
    free(buf);
    if (st != HF_OK) {
        hf_maxwell_extraction_free(x);
        return st;
    }
    *out = x;
    return HF_OK;
}
