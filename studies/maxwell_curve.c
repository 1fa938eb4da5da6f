/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/maxwell_curve.c — the whole-curve fit of a Maxwell material
 * (hertzfit/maxwell_fit.h): (μ0, η), and each drop's contact start as a
 * nuisance parameter, fitted to the measured force histories with
 * Hunter's model by GSL's trust-region nonlinear least squares
 * (gsl_multifit_nlinear, Levenberg–Marquardt), standard errors from the
 * Jacobian at the optimum and the residual variance.
 *
 * Residuals: (F_model(t − t0_i) − F_measured)/w_i with w_i the largest
 * |F| of drop i, so every drop counts alike and a load cell's noise, a
 * fixed fraction of its range, has one variance over the data set.
 * Variables, all of order 1 and never near 0 (GSL's step test is relative
 * to |x|): ln μ0, ln η (positive by construction) and u_i = 1 + (t0_i −
 * t0_start_i)/T_i, T_i = w_m⁰/V0 of drop i at the start.  The drops are
 * evaluated one after the other (one thread): the fit's own Jacobian
 * needs a handful of evaluations per step, and a parallel region per
 * evaluation costs more than it saves on a shared machine.
 */
#include "hertzfit/maxwell_fit.h"
#include "hertzfit/maxwell_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_vector.h>
#include "models/maxwell_model.h"
#include "studies/study.h"

/* Difference step of the Jacobian in the variables above: ODE tolerances
 * of 1e-12 give residuals good to ~1e-12, so central differences with
 * h = 1e-6 are good to ~1e-6 relative (truncation h² ≈ 1e-12 and noise
 * 1e-12/h), far below any data's noise. */
#define FD_STEP 1e-6
/* The elastic peak of Hunter's model in units of m V0²/w_m⁰, (5/4)ω_m^{3/2}
 * with ω_m = 1 (Eq. 24 with ε = 0): F_M = (5/4) m V0/T gives T from the
 * measured peak for the start point. */
#define ELASTIC_PEAK 1.25
/* ε of the start point when none is given: mid-range of Argatov's ε <= 0.2. */
#define START_EPS 0.1

void hf_maxwell_curve_config_init(hf_maxwell_curve_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->nu = 0.5;
    cfg->contact = HF_MAXWELL_CONTACT_FITTED;
    cfg->baseline = HF_MAXWELL_BASELINE_FITTED;
    hf_hunter_options_init(&cfg->ode);
    cfg->max_iter = 200;
    cfg->xtol = 1e-8;
    cfg->gtol = 1e-8;
}

size_t hf_maxwell_curve_nresiduals(const hf_maxwell_data *data)
{
    size_t n = 0;
    for (size_t i = 0; data != NULL && data->trace != NULL && i < data->n; ++i)
        n += data->trace[i].n;
    return n;
}

typedef struct curve_ctx {
    const hf_maxwell_data *data;        /* the conditioned traces: &view */
    const hf_maxwell_data *given;       /* the caller's data (borrowed) */
    hf_maxwell_data view;               /* the caller's data with traces[] */
    hf_maxwell_trace *traces;           /* n: each drop's conditioned trace */
    hf_maxwell_conditioning *cond;      /* n: how each was conditioned */
    double *store;                      /* 2 N: the conditioned t and F */
    unsigned char *skip;                /* N: 1 for a sample on a rail */
    const hf_maxwell_curve_config *cfg; /* borrowed */
    size_t N, p;                        /* residuals, variables */
    size_t *first;                      /* n: first residual of each drop */
    double *weight;                     /* n: largest |F| of each drop */
    double *t0_start, *T;               /* n: contact start at u = 1, its scale */
    double *shifted;                    /* max n_i: t − t0 of one drop */
    double *model, *model_plus, *model_minus; /* N: F_model at x, x ± h */
    double *model_x;                    /* p: the x of model, when model_known */
    int model_known;
    size_t model_failures;              /* failed model runs in model */
    size_t failures;                    /* model runs that failed (ε too large) */
    size_t left_out;                    /* samples left out at the last residuals */
    hf_status status;                   /* first hard failure inside GSL's calls */
    hf_diag diag;
} curve_ctx;

static int fitted_start(const curve_ctx *c)
{
    return c->cfg->contact == HF_MAXWELL_CONTACT_FITTED;
}

/* Index of drop i's baseline variable (after the contact starts). */
static size_t baseline_index(const curve_ctx *c, size_t i)
{
    return 2 + (fitted_start(c) ? c->data->n : 0) + i;
}

/* Drop i's baseline [N] at x: v_i = 1 + b_i/w_i, or 0 when not fitted. */
static double baseline_of(const curve_ctx *c, const double *x, size_t i)
{
    return c->cfg->baseline == HF_MAXWELL_BASELINE_FITTED
               ? (x[baseline_index(c, i)] - 1.0) * c->weight[i] : 0.0;
}

/* Physical parameters of the variables x. */
static void params_of(const double *x, double *mu0, double *eta)
{
    *mu0 = exp(x[0]);
    *eta = exp(x[1]);
}

static double contact_start_of(const curve_ctx *c, const double *x, size_t i)
{
    return fitted_start(c) ? c->t0_start[i] + (x[2 + i] - 1.0) * c->T[i] : c->t0_start[i];
}

/* F_model of drop i at contact start t0 into F (trace n values).  A
 * material the model cannot simulate there (ε beyond HF_HUNTER_EPS_MAX,
 * reached only by a trial step far from the data) gives zero force: a
 * residual as large as the data, which the trust region rejects. */
static hf_status drop_model(curve_ctx *c, double mu0, double eta, size_t i, double t0,
                            double *F)
{
    const hf_maxwell_trace *tr = &c->data->trace[i];
    const hf_maxwell_material mat = {mu0, c->cfg->nu, eta};
    for (size_t j = 0; j < tr->n; ++j)
        c->shifted[j] = tr->t[j] - t0;
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_force_history(&mat, &c->data->impact[i], &c->cfg->ode, tr->n,
                                            c->shifted, F, &diag);
    if (st == HF_EDOM || st == HF_ERANGE) {
        memset(F, 0, tr->n * sizeof *F);
        ++c->failures;
        return HF_OK;
    }
    if (st != HF_OK && c->status == HF_OK) {
        c->status = st;
        c->diag = diag;
    }
    return st;
}

/* F_model of every drop at the variables x into F (N values). */
static hf_status all_models(curve_ctx *c, const double *x, double *F)
{
    double mu0, eta;
    params_of(x, &mu0, &eta);
    hf_status st = HF_OK;
    for (size_t i = 0; i < c->data->n && st == HF_OK; ++i)
        st = drop_model(c, mu0, eta, i, contact_start_of(c, x, i), F + c->first[i]);
    return st;
}

/* F_model at x in c->model, run only when x is not the point it was last
 * run at: GSL evaluates the residuals at a trial point and, when it takes
 * the step, the Jacobian at the same point, and the optimum is checked
 * and its Jacobian taken there once more. */
static hf_status model_at(curve_ctx *c, const double *x)
{
    if (c->model_known && memcmp(x, c->model_x, c->p * sizeof *x) == 0)
        return HF_OK;
    size_t before = c->failures;
    c->model_known = 0;
    hf_status st = all_models(c, x, c->model);
    if (st == HF_OK) {
        memcpy(c->model_x, x, c->p * sizeof *x);
        c->model_known = 1;
        c->model_failures = c->failures - before;
    }
    return st;
}

/* The first sample after the model's end of contact in F (n values), or n
 * when the contact lasts to the trace's end.  Hunter's force ends with a
 * step of O(ε²) of its peak at t_c (an artefact of his approximation, see
 * hertzfit/maxwell.h), and the measured force has its own end: as the
 * model's t_c moves past a sample, the misfit would jump by up to the
 * step's square, and a local fit stops where t_c first meets a sample
 * (1e-3 of η away from the optimum on clean data, as measured).  The two
 * samples around the model's t_c (the last in contact and the first
 * after) are left out, residual 0: when t_c crosses a sample the misfit
 * then changes only by how far the samples on either side disagree with
 * the model — noise, near the optimum. */
static size_t end_sample(const double *F, size_t n)
{
    size_t k = n;
    while (k > 0 && F[k - 1] == 0.0)
        --k;
    return k;
}

/* Whether sample j is one of those left out at END = end_sample(..). */
static int left_out(size_t j, size_t end, size_t n)
{
    return end < n && (j == end || j + 1 == end);
}

/* The weighted residuals (F_model + b_i − F)/w_i at x into f, F the
 * model's forces at x. */
static void weighted(curve_ctx *c, const double *x, const double *F, gsl_vector *f)
{
    c->left_out = 0;
    for (size_t i = 0; i < c->data->n; ++i) {
        const hf_maxwell_trace *tr = &c->data->trace[i];
        const double *Fi = F + c->first[i];
        double b = baseline_of(c, x, i);
        size_t end = end_sample(Fi, tr->n);
        for (size_t j = 0; j < tr->n; ++j) {
            int out = left_out(j, end, tr->n) || c->skip[c->first[i] + j];
            gsl_vector_set(f, c->first[i] + j,
                           out ? 0.0 : (Fi[j] + b - tr->F[j]) / c->weight[i]);
            c->left_out += (size_t)out;
        }
    }
}

static int gsl_f(const gsl_vector *x, void *params, gsl_vector *f)
{
    curve_ctx *c = params;
    if (model_at(c, x->data) != HF_OK)
        return GSL_EFAILED;
    weighted(c, x->data, c->model, f);
    return GSL_SUCCESS;
}

/* (F+ − F−)/(2h) per sample, one-sided where the sample crosses the end
 * of contact inside the step (Hunter's force ends with a step of O(ε²) of
 * its peak, and a difference across it is no derivative). */
static void difference_column(const curve_ctx *c, size_t from, size_t count, double weight,
                              gsl_matrix *J, size_t col)
{
    for (size_t k = from; k < from + count; ++k) {
        double f0 = c->model[k], fp = c->model_plus[k], fm = c->model_minus[k], d;
        int in0 = f0 != 0.0, inp = fp != 0.0, inm = fm != 0.0;
        if (inp == in0 && inm == in0)
            d = (fp - fm) / (2.0 * FD_STEP);
        else if (inp == in0)
            d = (fp - f0) / FD_STEP;
        else if (inm == in0)
            d = (f0 - fm) / FD_STEP;
        else
            d = 0.0;
        gsl_matrix_set(J, k, col, d / weight);
    }
}

/* The Jacobian by central differences: (μ0, η) columns from whole
 * evaluations, each contact start's column from its own drop only (the
 * other drops do not depend on it), so a Jacobian costs 5 evaluations of
 * the data set whatever the number of drops. */
static int gsl_df(const gsl_vector *xv, void *params, gsl_matrix *J)
{
    curve_ctx *c = params;
    double *x = malloc(c->p * sizeof *x);
    if (x == NULL) {
        if (c->status == HF_OK)
            c->status = hf_diag_set(&c->diag, HF_ENOMEM, "out of memory");
        return GSL_ENOMEM;
    }
    memcpy(x, xv->data, c->p * sizeof *x);
    gsl_matrix_set_zero(J);
    hf_status st = model_at(c, x);
    for (size_t col = 0; col < 2 && st == HF_OK; ++col) {
        double keep = x[col];
        x[col] = keep + FD_STEP;
        st = all_models(c, x, c->model_plus);
        x[col] = keep - FD_STEP;
        if (st == HF_OK)
            st = all_models(c, x, c->model_minus);
        x[col] = keep;
        for (size_t i = 0; i < c->data->n && st == HF_OK; ++i)
            difference_column(c, c->first[i], c->data->trace[i].n, c->weight[i], J, col);
    }
    double mu0, eta;
    params_of(x, &mu0, &eta);
    for (size_t i = 0; fitted_start(c) && i < c->data->n && st == HF_OK; ++i) {
        size_t at = c->first[i];
        double t0 = contact_start_of(c, x, i), h = FD_STEP * c->T[i];
        st = drop_model(c, mu0, eta, i, t0 + h, c->model_plus + at);
        if (st == HF_OK)
            st = drop_model(c, mu0, eta, i, t0 - h, c->model_minus + at);
        if (st == HF_OK)
            difference_column(c, at, c->data->trace[i].n, c->weight[i], J, 2 + i);
    }
    /* each baseline moves its own drop's residuals one for one */
    for (size_t i = 0; c->cfg->baseline == HF_MAXWELL_BASELINE_FITTED && i < c->data->n; ++i)
        for (size_t j = 0; j < c->data->trace[i].n; ++j)
            gsl_matrix_set(J, c->first[i] + j, baseline_index(c, i), 1.0);
    /* the rows of the samples left out at x (see end_sample) and on a rail */
    for (size_t i = 0; i < c->data->n && st == HF_OK; ++i) {
        size_t n = c->data->trace[i].n, end = end_sample(c->model + c->first[i], n);
        for (size_t j = 0; j < n; ++j)
            if (left_out(j, end, n) || c->skip[c->first[i] + j])
                for (size_t col = 0; col < c->p; ++col)
                    gsl_matrix_set(J, c->first[i] + j, col, 0.0);
    }
    free(x);
    return st == HF_OK ? GSL_SUCCESS : GSL_EFAILED;
}

static hf_status check_config(const hf_maxwell_data *d, const hf_maxwell_curve_config *cfg,
                              hf_diag *diag)
{
    if (!isfinite(cfg->nu) || cfg->nu < 0.0 || cfg->nu > 0.5)
        return hf_diag_set(diag, HF_EDOM, "nu = %g is outside [0, 0.5]", cfg->nu);
    if (cfg->contact != HF_MAXWELL_CONTACT_FITTED && cfg->contact != HF_MAXWELL_CONTACT_FIXED &&
        cfg->contact != HF_MAXWELL_CONTACT_EXTRACTED)
        return hf_diag_set(diag, HF_EINVAL, "curve fit: unknown contact-start mode %d",
                           (int)cfg->contact);
    if (cfg->baseline != HF_MAXWELL_BASELINE_FITTED && cfg->baseline != HF_MAXWELL_BASELINE_ZERO)
        return hf_diag_set(diag, HF_EINVAL, "curve fit: unknown baseline mode %d",
                           (int)cfg->baseline);
    if (!(cfg->xtol > 0.0) || !(cfg->gtol > 0.0) || cfg->max_iter == 0)
        return hf_diag_set(diag, HF_ERANGE,
                           "curve fit: xtol %g and gtol %g must be > 0, max_iter %zu >= 1",
                           cfg->xtol, cfg->gtol, cfg->max_iter);
    if (d->n == 0 || d->trace == NULL)
        return hf_diag_set(diag, HF_ENOTFOUND,
                           "%s: no force histories (a trace column) to fit the curve to",
                           d->path ? d->path : "data");
    for (size_t i = 0; i < d->n; ++i) {
        const hf_maxwell_trace *tr = &d->trace[i];
        const char *where = tr->path ? tr->path : d->path ? d->path : "data";
        if (tr->n < 3 || tr->t == NULL || tr->F == NULL)
            return hf_diag_set(diag, HF_EINVAL, "%s: drop %zu has %zu samples (3 needed)",
                               where, i + 1, tr->n);
        for (size_t j = 0; j < tr->n; ++j)
            if (!isfinite(tr->t[j]) || !isfinite(tr->F[j]) || (j > 0 && !(tr->t[j] > tr->t[j - 1])))
                return hf_diag_set(diag, HF_EDOM,
                                   "%s: sample %zu of drop %zu (t = %g s, F = %g N): times "
                                   "must increase and values be finite", where, j + 1, i + 1,
                                   tr->t[j], tr->F[j]);
        if (cfg->contact == HF_MAXWELL_CONTACT_FIXED && cfg->contact_start != NULL &&
            !isfinite(cfg->contact_start[i]))
            return hf_diag_set(diag, HF_EDOM, "curve fit: contact start of drop %zu is %g",
                               i + 1, cfg->contact_start[i]);
        hf_status st = hf_maxwell_impact_check(&d->impact[i], diag);
        if (st != HF_OK)
            return st;
    }
    return HF_OK;
}

/* Index of the largest |F| of a trace. */
static size_t peak_index(const hf_maxwell_trace *tr)
{
    size_t k = 0;
    for (size_t j = 1; j < tr->n; ++j)
        if (fabs(tr->F[j]) > fabs(tr->F[k]))
            k = j;
    return k;
}

/* Time of a trace's largest |F|: the middle of the samples that share it
 * (a clipped peak's rail), else the one sample. */
static double peak_time(const hf_maxwell_trace *tr)
{
    size_t k = peak_index(tr), last = k;
    for (size_t j = k + 1; j < tr->n; ++j)
        if (tr->F[j] == tr->F[k])
            last = j;
    return 0.5 * (tr->t[k] + tr->t[last]);
}

/* Drop I's contact start where the extraction finds its first impact. */
static hf_status extracted_start(const hf_maxwell_data *d, size_t i, double *t0, hf_diag *diag)
{
    hf_maxwell_impact_features f;
    size_t n = 0;
    const char *where = d->trace[i].path ? d->trace[i].path : d->path ? d->path : "data";
    hf_diag inner = {{0}};
    hf_status st = hf_maxwell_trace_extract(&d->trace[i], &d->impact[i], 1, &f, &n, &inner);
    /* on the conditioned clock */
    if (st != HF_OK)
        return hf_diag_set(diag, st, "%s: extraction: %s", where, inner.text);
    if (n < 1 || f.status != HF_MAXWELL_EXTRACT_OK)
        return hf_diag_set(diag, HF_EDOM, "%s: the extraction finds no contact start to fix "
                           "(status %s); fit the contact starts instead", where,
                           hf_maxwell_extract_status_name(n < 1 ? HF_MAXWELL_EXTRACT_NO_IMPACT
                                                                : f.status));
    *t0 = f.t0;
    return HF_OK;
}

/* Start point: the caller's, or from the measured peaks — T_i = (5/4) m
 * V0/F_peak (the elastic Hertz peak) gives C0 = T_i 𝒱_i; their mean and
 * ε = START_EPS give μ0 and η.  Then each drop's contact start puts the
 * model's peak on the measured one (or is the caller's, when fixed). */
/* Each drop's weight, its largest |F|; HF_EDOM for a drop with no force. */
static hf_status peak_weights(curve_ctx *c, size_t *unclipped, hf_diag *diag)
{
    const hf_maxwell_data *d = c->data;
    *unclipped = 0;
    for (size_t i = 0; i < d->n; ++i) {
        c->weight[i] = fabs(d->trace[i].F[peak_index(&d->trace[i])]);
        if (!(c->weight[i] > 0.0))
            return hf_diag_set(diag, HF_EDOM, "%s: drop %zu has no force (every sample 0)",
                               d->trace[i].path ? d->trace[i].path : "data", i + 1);
        *unclipped += c->cond[i].clipped == 0;
    }
    return HF_OK;
}

/* A clipped drop's largest sample is the rail, not its peak: as its weight
 * it would misstate its noise against the others' (a load cell's noise is
 * a fraction of the range each drop uses).  Its weight is its noise times
 * the median ratio peak/noise of the unclipped drops (the first 64). */
static void clipped_weights(curve_ctx *c)
{
    const hf_maxwell_data *d = c->data;
    double ratio[64];
    size_t nr = 0;
    for (size_t i = 0; i < d->n && nr < 64; ++i)
        if (c->cond[i].clipped == 0 && isfinite(c->cond[i].noise) && c->cond[i].noise > 0.0)
            ratio[nr++] = c->weight[i] / c->cond[i].noise;
    if (nr == 0)
        return;
    gsl_sort(ratio, 1, nr);
    double median = gsl_stats_median_from_sorted_data(ratio, 1, nr);
    for (size_t i = 0; i < d->n; ++i)
        if (c->cond[i].clipped > 0 && isfinite(c->cond[i].noise) && c->cond[i].noise > 0.0)
            c->weight[i] = fmax(c->weight[i], median * c->cond[i].noise);
}

/* The elastic start's compliance *C0 and mean duration *Tmean from each
 * drop's momentum over its peak; a clipped peak is no peak: the start
 * comes from the drops whose peak was recorded, when there are any. */
static void elastic_start(const curve_ctx *c, size_t unclipped, double *C0, double *Tmean)
{
    const hf_maxwell_data *d = c->data;
    *C0 = 0.0;
    *Tmean = 0.0;
    for (size_t i = 0; i < d->n; ++i) {
        if (unclipped > 0 && c->cond[i].clipped > 0)
            continue;
        const hf_maxwell_impact *im = &d->impact[i];
        double T = ELASTIC_PEAK * im->m * im->V0 / c->weight[i];
        double share = 1.0 / (double)(unclipped > 0 ? unclipped : d->n);
        *C0 += T * hf_maxwell_speed_parameter(im) * share;
        *Tmean += T * share;
    }
}

/* Drop I's contact-start start (c->t0_start[i], and its x when fitted) at
 * the start material MAT. */
static hf_status drop_start(curve_ctx *c, size_t i, const hf_maxwell_material *mat, double *x,
                            hf_diag *diag)
{
    const hf_maxwell_curve_config *cfg = c->cfg;
    const hf_maxwell_impact *im = &c->data->impact[i];
    if (cfg->contact == HF_MAXWELL_CONTACT_EXTRACTED) {
        hf_status st = extracted_start(c->given, i, &c->t0_start[i], diag);
        c->t0_start[i] -= c->cond[i].origin;
        return st;
    }
    if (!fitted_start(c)) {
        c->t0_start[i] = (cfg->contact_start ? cfg->contact_start[i] : 0.0) - c->cond[i].origin;
        return HF_OK;
    }
    hf_maxwell_response r;
    hf_status st = hf_maxwell_simulate(mat, im, &cfg->ode, &r, diag);
    if (st != HF_OK)
        return st;
    c->t0_start[i] = peak_time(&c->data->trace[i]) - r.t_M;
    x[2 + i] = 1.0;
    return HF_OK;
}

static hf_status start_point(curve_ctx *c, double *x, hf_diag *diag)
{
    const hf_maxwell_data *d = c->data;
    const hf_maxwell_curve_config *cfg = c->cfg;
    size_t unclipped = 0;
    hf_status st = peak_weights(c, &unclipped, diag);
    if (st != HF_OK)
        return st;
    clipped_weights(c);
    double C0, Tmean;
    elastic_start(c, unclipped, &C0, &Tmean);
    double mu0 = cfg->mu0_start > 0.0 ? cfg->mu0_start : hf_maxwell_mu0_from_compliance(C0, cfg->nu);
    double eta = cfg->eta_start > 0.0 ? cfg->eta_start : START_EPS / Tmean;
    if (!isfinite(mu0) || !(mu0 > 0.0) || !isfinite(eta) || !(eta > 0.0))
        return hf_diag_set(diag, HF_ERANGE, "curve fit: no usable start point (mu0 = %g Pa, "
                           "eta = %g 1/s)", mu0, eta);
    x[0] = log(mu0);
    x[1] = log(eta);
    C0 = hf_maxwell_compliance(mu0, cfg->nu);
    const hf_maxwell_material mat = {mu0, cfg->nu, eta};
    for (size_t i = 0; i < d->n && st == HF_OK; ++i) {
        c->T[i] = C0 / hf_maxwell_speed_parameter(&d->impact[i]);
        st = drop_start(c, i, &mat, x, diag);
    }
    for (size_t i = 0; st == HF_OK && cfg->baseline == HF_MAXWELL_BASELINE_FITTED && i < d->n; ++i)
        x[baseline_index(c, i)] = 1.0; /* b = 0: the problem is linear in b */
    return st;
}

/* Conditions every drop's trace (hf_maxwell_trace_condition) into
 * c->view: the used samples, the clock from the first sample, the drift
 * removed when significant.  Errors name the drop. */
static hf_status condition_all(curve_ctx *c, const hf_maxwell_data *d, hf_diag *diag)
{
    c->given = d;
    c->view = *d;
    c->traces = calloc(d->n, sizeof *c->traces);
    c->cond = calloc(d->n, sizeof *c->cond);
    size_t total = 0;
    for (size_t i = 0; i < d->n; ++i)
        total += d->trace[i].n;
    c->store = malloc(2 * total * sizeof *c->store);
    if (c->traces == NULL || c->cond == NULL || c->store == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    double *at = c->store;
    for (size_t i = 0; i < d->n; ++i) {
        const hf_maxwell_trace *tr = &d->trace[i];
        hf_diag inner = {{0}};
        hf_status st = hf_maxwell_trace_condition(tr, &d->impact[i], &c->cond[i], &inner);
        if (st != HF_OK)
            return hf_diag_set(diag, st, "drop %zu: %s", i + 1, inner.text);
        const hf_maxwell_conditioning *k = &c->cond[i];
        hf_maxwell_trace *out = &c->traces[i];
        out->n = k->used;
        out->t = at;
        out->F = at + k->used;
        out->path = tr->path;
        at += 2 * k->used;
        for (size_t j = 0; j < k->used; ++j) {
            out->t[j] = tr->t[j] - k->origin;
            out->F[j] = tr->F[j] - k->drift * out->t[j];
        }
    }
    c->view.trace = c->traces;
    c->data = &c->view;
    return HF_OK;
}

static void ctx_free(curve_ctx *c)
{
    free(c->traces);
    free(c->cond);
    free(c->store);
    free(c->skip);
    free(c->first);
    free(c->weight);
    free(c->t0_start);
    free(c->T);
    free(c->shifted);
    free(c->model);
    free(c->model_x);
    free(c->model_plus);
    free(c->model_minus);
}

/* Checks DATA and CFG and sets up *c (ctx_free, unless this fails). */
static hf_status ctx_alloc(curve_ctx *c, const hf_maxwell_data *d,
                           const hf_maxwell_curve_config *cfg, hf_diag *diag)
{
    memset(c, 0, sizeof *c);
    hf_status st = check_config(d, cfg, diag);
    if (st != HF_OK)
        return st;
    st = condition_all(c, d, diag);
    if (st != HF_OK) {
        ctx_free(c);
        return st;
    }
    d = c->data;
    c->cfg = cfg;
    c->N = hf_maxwell_curve_nresiduals(d);
    c->p = 2 + (cfg->contact == HF_MAXWELL_CONTACT_FITTED ? d->n : 0) +
           (cfg->baseline == HF_MAXWELL_BASELINE_FITTED ? d->n : 0);
    size_t longest = 0;
    for (size_t i = 0; i < d->n; ++i)
        longest = d->trace[i].n > longest ? d->trace[i].n : longest;
    c->first = malloc(d->n * sizeof *c->first);
    c->weight = malloc(d->n * sizeof *c->weight);
    c->t0_start = malloc(d->n * sizeof *c->t0_start);
    c->T = malloc(d->n * sizeof *c->T);
    c->shifted = malloc(longest * sizeof *c->shifted);
    c->model = malloc(c->N * sizeof *c->model);
    c->model_x = malloc(c->p * sizeof *c->model_x);
    c->model_plus = malloc(c->N * sizeof *c->model_plus);
    c->model_minus = malloc(c->N * sizeof *c->model_minus);
    c->skip = calloc(c->N > 0 ? c->N : 1, 1);
    if (!c->skip || !c->first || !c->weight || !c->t0_start || !c->T || !c->shifted || !c->model || !c->model_x ||
        !c->model_plus || !c->model_minus) {
        ctx_free(c);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    for (size_t i = 0, at = 0; i < d->n; at += d->trace[i].n, ++i) {
        c->first[i] = at;
        /* the samples on a converter's rail carry no force information */
        for (size_t j = 0; c->cond[i].clipped > 0 && j < d->trace[i].n; ++j)
            c->skip[at + j] = j >= c->cond[i].clip_from && j < c->cond[i].clip_to;
    }
    /* two samples per drop may be left out (see end_sample) */
    if (c->N <= c->p + 2 * d->n) {
        ctx_free(c);
        return hf_diag_set(diag, HF_EINVAL, "curve fit: %zu samples for %zu parameters "
                           "(more than parameters + 2 per drop needed)", c->N, c->p);
    }
    return HF_OK;
}

/* The residuals F_model + b + drift − F_measured of every sample of the
 * caller's drop i, its model's forces in r[0 .. modelled) (0 after them:
 * the cut samples lie after the fitted impact's end). */
static void fill_residuals(const hf_maxwell_data *given, size_t i,
                           const hf_maxwell_conditioning *k, double b, double *r,
                           size_t modelled)
{
    const hf_maxwell_trace *tr = &given->trace[i];
    for (size_t j = 0; j < tr->n; ++j)
        r[j] = (j < modelled ? r[j] : 0.0) + b + k->drift * (tr->t[j] - k->origin) - tr->F[j];
}

/* The residuals of every sample of the caller's data at (μ0, η), the
 * contact starts on the caller's clocks and the baselines (NULL: 0): the
 * one computation behind hf_maxwell_curve_residuals and the fit's own. */
static hf_status residuals_of(curve_ctx *c, double mu0, double eta, const double *contact_start,
                              const double *baseline, double *residuals, hf_diag *diag)
{
    const hf_maxwell_data *data = c->given;
    const hf_maxwell_material mat = {mu0, c->cfg->nu, eta};
    hf_status st = HF_OK;
    for (size_t i = 0, first = 0; i < data->n && st == HF_OK; first += data->trace[i].n, ++i) {
        const hf_maxwell_trace *tr = &c->data->trace[i];
        const hf_maxwell_conditioning *k = &c->cond[i];
        for (size_t j = 0; j < tr->n; ++j)
            c->shifted[j] = tr->t[j] - (contact_start[i] - k->origin);
        st = hf_maxwell_force_history(&mat, &data->impact[i], &c->cfg->ode, tr->n, c->shifted,
                                      residuals + first, diag);
        fill_residuals(data, i, k, baseline ? baseline[i] : 0.0, residuals + first,
                       st == HF_OK ? tr->n : 0);
    }
    return st;
}

hf_status hf_maxwell_curve_residuals(const hf_maxwell_data *data,
                                     const hf_maxwell_curve_config *cfg, double mu0,
                                     double eta, const double *contact_start,
                                     const double *baseline, double *residuals, hf_diag *diag)
{
    if (data == NULL || cfg == NULL || contact_start == NULL || residuals == NULL)
        return hf_diag_set(diag, HF_EINVAL, "curve residuals: missing argument");
    curve_ctx c;
    hf_status st = ctx_alloc(&c, data, cfg, diag);
    if (st != HF_OK)
        return st;
    st = residuals_of(&c, mu0, eta, contact_start, baseline, residuals, diag);
    ctx_free(&c);
    return st;
}

/* GSL's driver result as a stop reason: converged on its step or gradient
 * test, the iteration budget, or a failure. */
static hf_stop_reason stop_of(int gsl_status)
{
    if (gsl_status == GSL_SUCCESS)
        return HF_STOP_CONVERGED;
    if (gsl_status == GSL_EMAXITER)
        return HF_STOP_MAXITER;
    return HF_STOP_FAILURE;
}

/* Smallest noise a drop's residuals are compared with, relative to its
 * peak: the model's own precision (FD_STEP above: ~1e-6). */
#define NOISE_FLOOR 1e-6

/* Drop i's noise [N]: the scatter measured before contact, or the
 * converter's quantisation step/√12 (its smallest nonzero change between
 * samples) when that is larger — a noiseless trace read by a converter —
 * but at least NOISE_FLOOR of its peak; NaN without a pre-contact measure. */
static double drop_noise(const curve_ctx *c, size_t i)
{
    const hf_maxwell_trace *tr = &c->given->trace[i];
    double sigma = c->cond[i].noise, step = INFINITY;
    for (size_t j = 1; j < c->data->trace[i].n; ++j) {
        double d = fabs(tr->F[j] - tr->F[j - 1]);
        if (d > 0.0 && d < step)
            step = d;
    }
    /* 1/σ̂² of ν = m − 2 degrees of freedom overestimates 1/σ² by ν/(ν − 2)
     * on average (the mean of an inverse χ²): corrected, so that χ² of
     * noise residuals has mean 1 however few pre-contact samples there are */
    size_t m = c->cond[i].noise_samples;
    if (m > 4)
        sigma *= sqrt((double)(m - 2) / (double)(m - 4));
    if (isfinite(step))
        sigma = fmax(sigma, step / sqrt(12.0));
    return isnan(c->cond[i].noise) ? NAN : fmax(sigma, NOISE_FLOOR * c->weight[i]);
}

/* Goodness of fit of the weighted residuals f (see hf_maxwell_estimate):
 * χ² against each drop's pre-contact noise over the samples fitted, and
 * the runs test on the residual signs, per drop and summed (Wald &
 * Wolfowitz: E[R] = 1 + 2n₊n₋/n, Var R = 2n₊n₋(2n₊n₋ − n)/(n²(n − 1))). */
static void goodness_of_fit(const curve_ctx *c, const gsl_vector *f, hf_maxwell_estimate *e)
{
    double chi2 = 0.0, runs = 0.0, expect = 0.0, var = 0.0;
    size_t noise_dof = 0, fitted = 0;
    int measured = 1;
    for (size_t i = 0; i < c->data->n; ++i) {
        double sigma = drop_noise(c, i);
        measured &= isfinite(sigma);
        if (c->cond[i].noise_samples > 2)
            noise_dof += c->cond[i].noise_samples - 2;
        double pos = 0.0, neg = 0.0, r = 0.0;
        int last = 0;
        for (size_t j = 0; j < c->data->trace[i].n; ++j) {
            double v = gsl_vector_get(f, c->first[i] + j) * c->weight[i];
            if (v == 0.0)
                continue; /* left out (or exactly on the model: no sign) */
            ++fitted;
            chi2 += (v / sigma) * (v / sigma);
            int sign = v > 0.0 ? 1 : -1;
            pos += sign > 0;
            neg += sign < 0;
            r += sign != last;
            last = sign;
        }
        double n = pos + neg;
        if (n > 1.0 && pos > 0.0 && neg > 0.0) {
            runs += r;
            expect += 1.0 + 2.0 * pos * neg / n;
            var += 2.0 * pos * neg * (2.0 * pos * neg - n) / (n * n * (n - 1.0));
        }
    }
    e->runs_z = var > 0.0 ? (runs - expect) / sqrt(var) : NAN;
    if (measured && fitted > c->p) {
        e->gof_dof = fitted - c->p;
        e->noise_dof = noise_dof;
        e->chi2_red = chi2 / (double)e->gof_dof;
    } else {
        e->gof_dof = 0;
        e->chi2_red = NAN;
    }
}

/* The estimate at the optimum x: SSR, R², ε, and the standard errors
 * s²(JᵀJ)⁻¹ from GSL's covariance of the Jacobian at x, s² = SSR/(N − p −
 * the samples left out), every nuisance contact start counted in p.  The variables are ln μ0
 * and ln η, so se(μ0) = μ0 se(ln μ0) (first order, as every standard error
 * here). */
static hf_status estimate_at(curve_ctx *c, gsl_multifit_nlinear_workspace *w,
                             hf_maxwell_estimate *e, hf_diag *diag)
{
    const double *x = gsl_multifit_nlinear_position(w)->data;
    gsl_matrix *cov = gsl_matrix_alloc(c->p, c->p); /* freed below */
    gsl_matrix *J = gsl_matrix_alloc(c->N, c->p);   /* freed below */
    gsl_vector *f = gsl_vector_alloc(c->N);         /* freed below */
    hf_status st = cov && J && f ? HF_OK : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    /* A fresh Jacobian at the optimum: the workspace's may belong to an
     * earlier point when the last trial step was rejected. */
    if (st == HF_OK && gsl_df(gsl_multifit_nlinear_position(w), c, J) != GSL_SUCCESS)
        st = hf_diag_set(diag, c->status != HF_OK ? c->status : HF_EGSL,
                         "curve fit: Jacobian at the optimum: %s", c->diag.text);
    if (st == HF_OK && gsl_multifit_nlinear_covar(J, 0.0, cov) != GSL_SUCCESS)
        st = hf_diag_set(diag, HF_EGSL, "curve fit: covariance: GSL failed");
    double ssr = 0.0;
    if (st == HF_OK) {
        weighted(c, x, c->model, f); /* gsl_df left the model at x in c->model */
        gsl_blas_ddot(f, f, &ssr);
    }
    double mu0, eta;
    params_of(x, &mu0, &eta);
    double s2 = ssr / (double)(c->N - c->p - c->left_out), se[2] = {NAN, NAN};
    double corr = st == HF_OK ? gsl_matrix_get(cov, 0, 1) /
                                    sqrt(gsl_matrix_get(cov, 0, 0) * gsl_matrix_get(cov, 1, 1))
                              : NAN;
    /* A variance that is not a finite number >= 0 (a singular or
     * rank-deficient Jacobian) leaves that standard error NaN: the estimate
     * is returned, and hf_maxwell_estimate_quality calls it
     * poorly-determined, naming the parameter. */
    for (size_t j = 0; j < 2 && st == HF_OK; ++j) {
        double var = s2 * gsl_matrix_get(cov, j, j);
        se[j] = isfinite(var) && var >= 0.0 ? sqrt(var) : NAN;
    }
    hf_maxwell_estimate gof;
    memset(&gof, 0, sizeof gof);
    if (st == HF_OK)
        goodness_of_fit(c, f, &gof);
    if (f) gsl_vector_free(f);
    if (J) gsl_matrix_free(J);
    if (cov) gsl_matrix_free(cov);
    if (st != HF_OK)
        return st;
    /* R² = 1 − SSR/SST over the weighted samples F/w_i around their mean. */
    double mean = 0.0, sst = 0.0;
    for (size_t i = 0; i < c->data->n; ++i)
        for (size_t j = 0; j < c->data->trace[i].n; ++j)
            mean += c->data->trace[i].F[j] / c->weight[i] / (double)c->N;
    for (size_t i = 0; i < c->data->n; ++i)
        for (size_t j = 0; j < c->data->trace[i].n; ++j) {
            double y = c->data->trace[i].F[j] / c->weight[i] - mean;
            sst += y * y;
        }
    memset(e, 0, sizeof *e);
    e->method = HF_MAXWELL_CURVE;
    e->observables = 0;
    e->n = c->data->n;
    e->mu0 = mu0;
    e->mu0_se = mu0 * se[0];
    e->eta = eta;
    e->eta_se = eta * se[1];
    e->C0 = hf_maxwell_compliance(mu0, c->cfg->nu);
    e->C0_se = 0.4 * e->C0 * se[0]; /* Eq. 52: d ln C0 = −(2/5) d ln μ0 */
    e->r2 = sst > 0.0 ? 1.0 - ssr / sst : 1.0;
    for (size_t i = 0; i < c->data->n; ++i)
        e->max_eps = fmax(e->max_eps,
                          eta * e->C0 / hf_maxwell_speed_parameter(&c->data->impact[i]));
    e->misfit = ssr;
    e->chi2_red = gof.chi2_red;
    e->gof_dof = gof.gof_dof;
    e->noise_dof = gof.noise_dof;
    e->runs_z = gof.runs_z;
    e->mu0_eta_corr = corr;
    return HF_OK;
}

hf_status hf_maxwell_fit_curve(const hf_maxwell_data *data, const hf_maxwell_curve_config *cfg,
                               hf_maxwell_fit_result *out, double *contact_start,
                               double *baseline, double *residuals, hf_diag *diag)
{
    if (data == NULL || cfg == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "curve fit: missing argument");
    curve_ctx c;
    hf_status st = ctx_alloc(&c, data, cfg, diag);
    if (st != HF_OK)
        return st;
    gsl_vector *x0 = gsl_vector_alloc(c.p); /* freed below */
    gsl_multifit_nlinear_workspace *w = NULL; /* freed below */
    if (x0 == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK)
        st = start_point(&c, x0->data, diag);
    gsl_multifit_nlinear_fdf fdf;
    if (st == HF_OK && (w = hf_lsq_alloc(&fdf, gsl_f, gsl_df, c.N, c.p, &c)) == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    int gs = GSL_SUCCESS, info = 0;
    if (st == HF_OK) {
        gs = gsl_multifit_nlinear_init(x0, &fdf, w);
        if (gs == GSL_SUCCESS)
            gs = hf_lsq_drive(w, cfg->max_iter, cfg->xtol, cfg->gtol, 0.0, &info);
        if (c.status != HF_OK)
            st = hf_diag_set(diag, c.status, "curve fit: %s", c.diag.text);
        else if (gs == GSL_CONTINUE)   /* the host's interrupt: no estimate */
            st = hf_diag_set(diag, HF_EINTERRUPTED, "curve fit: interrupted after %zu "
                             "iterations", gsl_multifit_nlinear_niter(w));
        else if (gs != GSL_SUCCESS && gs != GSL_EMAXITER && gs != GSL_ENOPROG)
            st = hf_diag_set(diag, HF_EGSL, "curve fit: GSL: %s", gsl_strerror(gs));
    }
    if (st == HF_OK) {
        /* The optimum must be simulable everywhere: zero force from a failed
         * run is a trial step's penalty, never an answer. */
        st = model_at(&c, gsl_multifit_nlinear_position(w)->data);
        if (st == HF_OK && c.model_failures > 0)
            st = hf_diag_set(diag, HF_ENOCONV, "curve fit: the fit ended where Hunter's "
                             "model fails (eps beyond %g at mu0 = %g Pa, eta = %g 1/s): the "
                             "traces do not follow Hunter's model", HF_HUNTER_EPS_MAX,
                             exp(gsl_multifit_nlinear_position(w)->data[0]),
                             exp(gsl_multifit_nlinear_position(w)->data[1]));
    }
    if (st == HF_OK)
        st = estimate_at(&c, w, &out->estimate, diag);
    if (st == HF_OK) {
        out->stop = stop_of(gs);
        out->evaluations = fdf.nevalf + fdf.nevaldf;
        out->at_bound = 0;
        out->recentred = 0;
        const double *x = gsl_multifit_nlinear_position(w)->data;
        double *t0 = malloc(2 * data->n * sizeof *t0), *b = t0 + data->n; /* freed below */
        if (t0 == NULL)
            st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
        for (size_t i = 0; st == HF_OK && i < data->n; ++i) {
            t0[i] = contact_start_of(&c, x, i) + c.cond[i].origin;
            b[i] = baseline_of(&c, x, i);
            if (contact_start != NULL)
                contact_start[i] = t0[i];
            if (baseline != NULL)
                baseline[i] = b[i];
        }
        if (st == HF_OK && residuals != NULL)
            st = residuals_of(&c, out->estimate.mu0, out->estimate.eta, t0, b, residuals, diag);
        free(t0);
    }
    if (w) gsl_multifit_nlinear_free(w);
    if (x0) gsl_vector_free(x0);
    ctx_free(&c);
    return st;
}
