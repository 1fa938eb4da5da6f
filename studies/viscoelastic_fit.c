/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/viscoelastic_fit.c — whole-curve identification on the exact
 * viscoelastic impact and model selection (hertzfit/viscoelastic_fit.h).
 *
 * Variables of the least-squares problem, all of order 1 (GSL's step test
 * is relative to |x|): ln μ0; the law's own (ln η, logit α, for Prony
 * terms the softmax logits sᵢ with gᵢ = e^{sᵢ}/(1 + Σ e^{sⱼ}) and
 * g∞ = 1/(1 + Σ e^{sⱼ}), ln ηᵢ; ln a, ln τ); then u_i = 1 + (t0_i −
 * t0_start_i)/T_i per drop (T_i = w_m⁰/V0 at the start) and v_i = 1 +
 * b_i/w_i.  The Jacobian is by forward differences: the law's columns
 * from whole evaluations, each contact start's from its own drop, the
 * baselines' exactly.  The exact force vanishes continuously at the end of
 * contact (the contact radius shrinks to 0), as do both non-hereditary
 * laws, so no sample needs leaving out.
 */
#include "hertzfit/viscoelastic_fit.h"
#include "models/maxwell_model.h"
#include "objectives/maxwell_internal.h"
#include "studies/study.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_vector.h>

#include "hertzfit/maxwell_data.h"
#include "models/viscoelastic_internal.h"

/* Forward-difference step in the variables: forces good to ~1e-9
 * relative (ODE tolerance) give derivatives good to 1e-9/h + h ≈ 1e-4
 * relative, enough for the trust region's steps and for standard errors
 * (whose own sampling error is ~1/√(drops) ≈ 30 %).  Forward, not
 * central: the model at x is at hand, so a Jacobian costs k + 1
 * evaluations of the data set instead of 2k + 2. */
#define FD_STEP 1e-5
/* Hertz's peak force in m V0²/w_m⁰ units (Eq. 24 at ε = 0). */
#define ELASTIC_PEAK 1.25
/* Dimensionless damping of the start point (ε, a·V0, τ/T). */
#define START_DAMPING 0.1
/* A fit with g∞ or 1 − α below this sits on the boundary of its law. */
#define BOUNDARY 1e-4

const char *hf_viscoelastic_fit_status_name(hf_viscoelastic_fit_status status)
{
    switch (status) {
    case HF_VISCOELASTIC_FIT_OK: return "ok";
    case HF_VISCOELASTIC_FIT_POORLY_DETERMINED: return "poorly-determined";
    case HF_VISCOELASTIC_FIT_MODEL_INADEQUATE: return "model-inadequate";
    case HF_VISCOELASTIC_FIT_FAILED: return "failed";
    }
    return "?";
}

void hf_viscoelastic_identify_config_init(hf_viscoelastic_identify_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->nu = 0.5;
    cfg->law.kind = HF_VISCOELASTIC_LAW_MAXWELL;
    cfg->auto_terms = 2;
    cfg->bic_threshold = HF_VISCOELASTIC_BIC_THRESHOLD;
    cfg->max_iter = 100;
    cfg->ode_tol = 1e-9;
}

/* ---- the variables ------------------------------------------------------- */

/* Physical parameters of the law's variables x[0 .. k-1]. */
static void params_of(const hf_viscoelastic_law *law, const double *x, double *param)
{
    param[0] = exp(x[0]);
    switch (law->kind) {
    case HF_VISCOELASTIC_LAW_SLS:
        param[1] = exp(x[1]);
        param[2] = 1.0 / (1.0 + exp(-x[2]));
        break;
    case HF_VISCOELASTIC_LAW_PRONY: {
        double den = 1.0;
        for (size_t i = 0; i < law->terms; ++i)
            den += exp(x[1 + 2 * i]);
        for (size_t i = 0; i < law->terms; ++i) {
            param[1 + 2 * i] = exp(x[1 + 2 * i]) / den;
            param[2 + 2 * i] = exp(x[2 + 2 * i]);
        }
        break;
    }
    default:
        param[1] = exp(x[1]);
        break;
    }
}

/* The variables of physical parameters (the inverse of params_of). */
static void vars_of(const hf_viscoelastic_law *law, const double *param, double *x)
{
    x[0] = log(param[0]);
    switch (law->kind) {
    case HF_VISCOELASTIC_LAW_SLS:
        x[1] = log(param[1]);
        x[2] = log(param[2] / (1.0 - param[2]));
        break;
    case HF_VISCOELASTIC_LAW_PRONY: {
        double ginf = 1.0;
        for (size_t i = 0; i < law->terms; ++i)
            ginf -= param[1 + 2 * i];
        for (size_t i = 0; i < law->terms; ++i) {
            x[1 + 2 * i] = log(param[1 + 2 * i] / ginf);
            x[2 + 2 * i] = log(param[2 + 2 * i]);
        }
        break;
    }
    default:
        x[1] = log(param[1]);
        break;
    }
}

/* ---- one fit ------------------------------------------------------------- */

typedef struct fit_ctx {
    const hf_maxwell_data *data;
    hf_viscoelastic_law law;
    double nu, tol;
    size_t N, k, p;
    size_t *first;
    double *weight, *t0_start, *T, *shifted;
    double *model, *plus, *model_x;
    double *slope;       /* dF/dt of the model (hereditary laws), else NULL */
    int model_known;
    size_t failures, model_failures, evaluations;
    hf_status status;
    hf_diag diag;
} fit_ctx;

static double contact_start_of(const fit_ctx *c, const double *x, size_t i)
{
    return c->t0_start[i] + (x[c->k + i] - 1.0) * c->T[i];
}

static double baseline_of(const fit_ctx *c, const double *x, size_t i)
{
    return (x[c->k + c->data->n + i] - 1.0) * c->weight[i];
}

/* Drop i's model at t0 into F, and its time derivative into dF (may be
 * NULL).  A law that cannot be simulated there (a trial step far from the
 * data: a sphere that does not rebound) gives zero force, a residual as
 * large as the data, which the trust region rejects. */
static hf_status drop_model(fit_ctx *c, const double *param, size_t i, double t0, double *F,
                            double *dF)
{
    const hf_maxwell_trace *tr = &c->data->trace[i];
    for (size_t j = 0; j < tr->n; ++j)
        c->shifted[j] = tr->t[j] - t0;
    hf_diag diag = {{0}};
    hf_status st = hf_viscoelastic_law_force_slope_history(&c->law, param, c->nu,
                                                           &c->data->impact[i], c->tol, tr->n,
                                                           c->shifted, F, dF, &diag);
    if (st == HF_EDOM || st == HF_ERANGE || st == HF_ENOCONV || st == HF_EGSL) {
        memset(F, 0, tr->n * sizeof *F);
        if (dF != NULL)
            memset(dF, 0, tr->n * sizeof *dF);
        ++c->failures;
        return HF_OK;
    }
    if (st != HF_OK && c->status == HF_OK) {
        c->status = st;
        c->diag = diag;
    }
    return st;
}

static hf_status all_models(fit_ctx *c, const double *x, double *F, double *dF)
{
    double param[HF_VISCOELASTIC_FIT_PARAMS_MAX];
    params_of(&c->law, x, param);
    ++c->evaluations;
    hf_status st = HF_OK;
    for (size_t i = 0; i < c->data->n && st == HF_OK; ++i)
        st = drop_model(c, param, i, contact_start_of(c, x, i), F + c->first[i],
                        dF != NULL ? dF + c->first[i] : NULL);
    return st;
}

static hf_status model_at(fit_ctx *c, const double *x)
{
    if (c->model_known && memcmp(x, c->model_x, c->p * sizeof *x) == 0)
        return HF_OK;
    size_t before = c->failures;
    c->model_known = 0;
    hf_status st = all_models(c, x, c->model, c->slope);
    if (st == HF_OK) {
        memcpy(c->model_x, x, c->p * sizeof *x);
        c->model_known = 1;
        c->model_failures = c->failures - before;
    }
    return st;
}

static void weighted(const fit_ctx *c, const double *x, const double *F, double *f)
{
    for (size_t i = 0; i < c->data->n; ++i) {
        const hf_maxwell_trace *tr = &c->data->trace[i];
        double b = baseline_of(c, x, i);
        for (size_t j = 0; j < tr->n; ++j)
            f[c->first[i] + j] = (F[c->first[i] + j] + b - tr->F[j]) / c->weight[i];
    }
}

static int gsl_f(const gsl_vector *x, void *params, gsl_vector *f)
{
    fit_ctx *c = params;
    if (model_at(c, x->data) != HF_OK)
        return GSL_EFAILED;
    weighted(c, x->data, c->model, f->data);
    return GSL_SUCCESS;
}

static void difference_column(const fit_ctx *c, size_t i, double h, gsl_matrix *J, size_t col)
{
    for (size_t j = 0; j < c->data->trace[i].n; ++j) {
        size_t r = c->first[i] + j;
        gsl_matrix_set(J, r, col, (c->plus[r] - c->model[r]) / h / c->weight[i]);
    }
}

/* Drop i's contact-start column from the model's time derivative: t0 =
 * t0_start + (u − 1) T moves F(t − t0) by −F'(t − t0) T per unit of u.
 * Exact, where a difference would cost an evaluation of every drop. */
static void slope_column(const fit_ctx *c, size_t i, gsl_matrix *J, size_t col)
{
    for (size_t j = 0; j < c->data->trace[i].n; ++j) {
        size_t r = c->first[i] + j;
        gsl_matrix_set(J, r, col, -c->slope[r] * c->T[i] / c->weight[i]);
    }
}

static int gsl_df(const gsl_vector *xv, void *params, gsl_matrix *J)
{
    fit_ctx *c = params;
    double x[HF_VISCOELASTIC_FIT_PARAMS_MAX];
    memcpy(x, xv->data, c->k * sizeof *x);
    gsl_matrix_set_zero(J);
    /* the law's columns: whole evaluations with the nuisance variables as given */
    gsl_vector *xp = gsl_vector_alloc(c->p);
    if (xp == NULL)
        return GSL_ENOMEM;
    gsl_vector_memcpy(xp, xv);
    hf_status st = model_at(c, xv->data);
    for (size_t col = 0; col < c->k && st == HF_OK; ++col) {
        xp->data[col] = x[col] + FD_STEP;
        st = all_models(c, xp->data, c->plus, NULL);
        xp->data[col] = x[col];
        for (size_t i = 0; i < c->data->n && st == HF_OK; ++i)
            difference_column(c, i, FD_STEP, J, col);
    }
    gsl_vector_free(xp);
    double param[HF_VISCOELASTIC_FIT_PARAMS_MAX];
    params_of(&c->law, x, param);
    for (size_t i = 0; i < c->data->n && st == HF_OK; ++i) {
        size_t at = c->first[i];
        if (c->slope != NULL) {
            slope_column(c, i, J, c->k + i);
            continue;
        }
        double t0 = contact_start_of(c, xv->data, i), h = FD_STEP * c->T[i];
        st = drop_model(c, param, i, t0 + h, c->plus + at, NULL);
        if (st == HF_OK)
            difference_column(c, i, FD_STEP, J, c->k + i);
    }
    for (size_t i = 0; i < c->data->n; ++i)
        for (size_t j = 0; j < c->data->trace[i].n; ++j)
            gsl_matrix_set(J, c->first[i] + j, c->k + c->data->n + i, 1.0);
    return st == HF_OK ? GSL_SUCCESS : GSL_EFAILED;
}

static void ctx_free(fit_ctx *c)
{
    free(c->first);
    free(c->weight);
    free(c->t0_start);
    free(c->T);
    free(c->shifted);
    free(c->model);
    free(c->plus);
    free(c->model_x);
    free(c->slope);
}

static hf_status ctx_alloc(fit_ctx *c, const hf_maxwell_data *d, const hf_viscoelastic_law *law,
                           const hf_viscoelastic_identify_config *cfg, hf_diag *diag)
{
    memset(c, 0, sizeof *c);
    c->data = d;
    c->law = *law;
    c->nu = cfg->nu;
    c->tol = cfg->ode_tol;
    c->k = hf_viscoelastic_law_nparams(law);
    c->p = c->k + 2 * d->n;
    size_t longest = 0;
    for (size_t i = 0; i < d->n; ++i) {
        c->N += d->trace[i].n;
        longest = d->trace[i].n > longest ? d->trace[i].n : longest;
    }
    c->first = malloc(d->n * sizeof *c->first);
    c->weight = malloc(d->n * sizeof *c->weight);
    c->t0_start = malloc(d->n * sizeof *c->t0_start);
    c->T = malloc(d->n * sizeof *c->T);
    c->shifted = malloc(longest * sizeof *c->shifted);
    c->model = malloc(c->N * sizeof *c->model);
    c->plus = malloc(c->N * sizeof *c->plus);
    c->model_x = malloc(c->p * sizeof *c->model_x);
    c->slope = hf_viscoelastic_law_hereditary(law) ? malloc(c->N * sizeof *c->slope) : NULL;
    if ((hf_viscoelastic_law_hereditary(law) && c->slope == NULL) || !c->first || !c->weight || !c->t0_start || !c->T || !c->shifted || !c->model ||
        !c->plus || !c->model_x) {
        ctx_free(c);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    for (size_t i = 0, at = 0; i < d->n; at += d->trace[i].n, ++i)
        c->first[i] = at;
    if (c->N <= c->p + 1) {
        ctx_free(c);
        return hf_diag_set(diag, HF_EINVAL, "viscoelastic fit: %zu samples for %zu parameters",
                           c->N, c->p);
    }
    return HF_OK;
}

static size_t peak_index(const hf_maxwell_trace *tr)
{
    size_t k = 0;
    for (size_t j = 1; j < tr->n; ++j)
        if (fabs(tr->F[j]) > fabs(tr->F[k]))
            k = j;
    return k;
}

/* Start point: PARAM (the law's parameters: a previous fit's, or from the
 * measured peaks and START_DAMPING); START (NULL, or contact starts from
 * a previous fit) or each drop's start put so that the model's peak falls
 * on the measured one; baselines 0. */
static hf_status start_point(fit_ctx *c, const double *param, const double *start, double *x,
                             hf_diag *diag)
{
    const hf_maxwell_data *d = c->data;
    vars_of(&c->law, param, x);
    double C0 = hf_maxwell_compliance(param[0], c->nu);
    double *fine = NULL, *Ff = NULL;
    enum { FINE = 400 };
    if (start == NULL) {
        fine = malloc(FINE * sizeof *fine);
        Ff = malloc(FINE * sizeof *Ff);
        if (fine == NULL || Ff == NULL) {
            free(fine);
            free(Ff);
            return hf_diag_set(diag, HF_ENOMEM, "out of memory");
        }
    }
    hf_status st = HF_OK;
    for (size_t i = 0; i < d->n && st == HF_OK; ++i) {
        c->T[i] = C0 / hf_maxwell_speed_parameter(&d->impact[i]);
        x[c->k + i] = 1.0;
        x[c->k + d->n + i] = 1.0;
        if (start != NULL) {
            c->t0_start[i] = start[i];
            continue;
        }
        /* the model's time of peak on a grid of 400 points over 4 T */
        for (size_t j = 0; j < FINE; ++j)
            fine[j] = 4.0 * c->T[i] * (double)(j + 1) / FINE;
        st = hf_viscoelastic_law_force_history(&c->law, param, c->nu, &d->impact[i], c->tol,
                                               FINE, fine, Ff, diag);
        size_t top = 0;
        for (size_t j = 1; j < FINE && st == HF_OK; ++j)
            top = Ff[j] > Ff[top] ? j : top;
        c->t0_start[i] = d->trace[i].t[peak_index(&d->trace[i])] - fine[top];
    }
    free(fine);
    free(Ff);
    return st;
}

/* Reduced χ² against each drop's pre-contact noise (samples before the
 * fitted contact start, about the fitted baseline) with its degrees of
 * freedom and the noise estimates' (one lost to each drop's baseline), and
 * the runs test of the in-contact residual signs. */
typedef struct fit_goodness {
    double chi2_red, runs_z;
    size_t gof_dof, noise_dof;
} fit_goodness;

static void goodness(const fit_ctx *c, const double *x, const double *f, double dof,
                     fit_goodness *g)
{
    double chi2 = 0.0;
    size_t used = 0, noise_dof = 0;
    long n_pos = 0, n_neg = 0, runs = 0;
    int last = 0;
    for (size_t i = 0; i < c->data->n; ++i) {
        const hf_maxwell_trace *tr = &c->data->trace[i];
        double t0 = contact_start_of(c, x, i), s2 = 0.0;
        size_t npre = 0;
        for (size_t j = 0; j < tr->n && tr->t[j] < t0; ++j, ++npre) {
            double r = f[c->first[i] + j];
            s2 += r * r;
        }
        for (size_t j = 0; j < tr->n; ++j)
            if (c->model[c->first[i] + j] > 0.0) {
                double r = f[c->first[i] + j];
                int sign = r > 0.0 ? 1 : -1;
                n_pos += sign > 0;
                n_neg += sign < 0;
                runs += sign != last;
                last = sign;
            }
        last = 0; /* a new drop starts a new run */
        if (npre < HF_MAXWELL_TRACE_MIN_BASELINE || !(s2 > 0.0))
            continue;
        s2 /= (double)npre;
        for (size_t j = 0; j < tr->n; ++j)
            chi2 += f[c->first[i] + j] * f[c->first[i] + j] / s2;
        used += tr->n;
        noise_dof += npre - 1;
    }
    double dof_used = dof * (double)used / (double)c->N;
    g->gof_dof = used > 0 ? (size_t)floor(dof_used) : 0;
    g->noise_dof = noise_dof;
    g->chi2_red = used > 0 ? chi2 / dof_used : NAN;
    double n = (double)(n_pos + n_neg);
    if (n_pos == 0 || n_neg == 0) {
        g->runs_z = -INFINITY;
        return;
    }
    double mu = 2.0 * (double)n_pos * (double)n_neg / n + 1.0;
    double var = (mu - 1.0) * (mu - 2.0) / (n - 1.0);
    g->runs_z = var > 0.0 ? ((double)runs - mu) / sqrt(var) : 0.0;
}

/* The relaxed modulus g∞ = G∞/G(0) of a fit (1 for the laws without). */
static double relaxed_weight(const hf_viscoelastic_fit *out)
{
    double ginf = 1.0;
    if (out->law.kind == HF_VISCOELASTIC_LAW_SLS)
        ginf = 1.0 - out->param[2];
    for (size_t i = 0; out->law.kind == HF_VISCOELASTIC_LAW_PRONY && i < out->law.terms; ++i)
        ginf -= out->param[1 + 2 * i];
    return ginf;
}

/* The status of a fit from its goodness G (the rule of every curve fit,
 * hf_fit_misfit), FINITE (whether every standard error is) and WORST (the
 * largest relative one), and the reason of any but ok. */
static void classify(hf_viscoelastic_fit *out, const fit_goodness *g, int finite, double worst)
{
    out->status = HF_VISCOELASTIC_FIT_OK;
    out->reason[0] = '\0';
    double ginf = relaxed_weight(out);
    /* all residual signs alike: the fewest runs there can be */
    double runs_z = isinf(g->runs_z) ? -DBL_MAX : g->runs_z;
    if (hf_fit_misfit(g->chi2_red, g->gof_dof, g->noise_dof, runs_z, out->reason,
                      sizeof out->reason)) {
        out->status = HF_VISCOELASTIC_FIT_MODEL_INADEQUATE;
    } else if (!finite || worst > HF_VISCOELASTIC_FIT_SE_MAX) {
        out->status = HF_VISCOELASTIC_FIT_POORLY_DETERMINED;
        snprintf(out->reason, sizeof out->reason,
                 "a parameter's relative standard error is %.3g (limit %g)", worst,
                 HF_VISCOELASTIC_FIT_SE_MAX);
    } else if (ginf < BOUNDARY) {
        out->status = HF_VISCOELASTIC_FIT_POORLY_DETERMINED;
        snprintf(out->reason, sizeof out->reason,
                 "G_inf/G(0) = %.3g: on the boundary of the law", ginf);
    }
}

/* The standard errors of the K law parameters out->param at the
 * variables x from the variables' covariance s2·COV, carried by the
 * transform's Jacobian (first order), into out->param_se; the largest
 * relative one into *worst.  0 when one is not finite. */
static int standard_errors(const hf_viscoelastic_law *law, size_t k, const double *x,
                           const gsl_matrix *cov, double s2, hf_viscoelastic_fit *out,
                           double *worst)
{
    /* G = dθ/dx by differences of the transform (exact to ~1e-10) */
    double G[HF_VISCOELASTIC_FIT_PARAMS_MAX][HF_VISCOELASTIC_FIT_PARAMS_MAX];
    for (size_t b = 0; b < k; ++b) {
        double xp[HF_VISCOELASTIC_FIT_PARAMS_MAX], pp[HF_VISCOELASTIC_FIT_PARAMS_MAX],
            pm[HF_VISCOELASTIC_FIT_PARAMS_MAX];
        memcpy(xp, x, k * sizeof *xp);
        xp[b] = x[b] + 1e-6;
        params_of(law, xp, pp);
        xp[b] = x[b] - 1e-6;
        params_of(law, xp, pm);
        for (size_t a = 0; a < k; ++a)
            G[a][b] = (pp[a] - pm[a]) / 2e-6;
    }
    int finite = 1;
    for (size_t a = 0; a < k; ++a) {
        double var = 0.0;
        for (size_t b = 0; b < k; ++b)
            for (size_t e = 0; e < k; ++e)
                var += G[a][b] * G[a][e] * s2 * gsl_matrix_get(cov, b, e);
        finite = finite && isfinite(var) && var >= 0.0;
        out->param_se[a] = finite ? sqrt(var) : NAN;
        if (finite)
            *worst = fmax(*worst, out->param_se[a] / out->param[a]);
    }
    return finite;
}

/* The fit's result at the optimum x, where J is the Jacobian (GSL's
 * trust region computes it at every point it accepts, the last one
 * included): parameters, standard errors carried from the variables'
 * covariance by the transform's Jacobian (first order), statistics and
 * status. */
static hf_status result_at(fit_ctx *c, const double *x, const gsl_matrix *J,
                           hf_viscoelastic_fit *out, hf_diag *diag)
{
    gsl_matrix *cov = gsl_matrix_alloc(c->p, c->p);
    gsl_vector *f = gsl_vector_alloc(c->N);
    hf_status st = cov && f ? HF_OK : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK && model_at(c, x) != HF_OK)
        st = hf_diag_set(diag, c->status, "viscoelastic fit: %s", c->diag.text);
    if (st == HF_OK && gsl_multifit_nlinear_covar(J, 0.0, cov) != GSL_SUCCESS)
        st = hf_diag_set(diag, HF_EGSL, "viscoelastic fit: covariance failed");
    if (st != HF_OK)
        goto done;
    weighted(c, x, c->model, f->data);
    double ssr;
    gsl_blas_ddot(f, f, &ssr);
    double dof = (double)(c->N - c->p), s2 = ssr / dof;
    out->law = c->law;
    out->k = c->k;
    out->N = c->N;
    out->p = c->p;
    out->ssr = ssr;
    params_of(&c->law, x, out->param);
    double worst = 0.0;
    int finite = standard_errors(&c->law, c->k, x, cov, s2, out, &worst);
    double mean = 0.0, sst = 0.0;
    for (size_t i = 0; i < c->data->n; ++i)
        for (size_t j = 0; j < c->data->trace[i].n; ++j)
            mean += c->data->trace[i].F[j] / c->weight[i] / (double)c->N;
    for (size_t i = 0; i < c->data->n; ++i)
        for (size_t j = 0; j < c->data->trace[i].n; ++j) {
            double y = c->data->trace[i].F[j] / c->weight[i] - mean;
            sst += y * y;
        }
    out->r2 = sst > 0.0 ? 1.0 - ssr / sst : 1.0;
    fit_goodness g;
    goodness(c, x, f->data, dof, &g);
    out->chi2_red = g.chi2_red;
    out->runs_z = g.runs_z;
    double n = (double)c->N;
    out->aic = n * log(ssr / n) + 2.0 * (double)c->p;
    out->bic = n * log(ssr / n) + (double)c->p * log(n);
    out->evaluations = c->evaluations;
    classify(out, &g, finite, worst);
done:
    if (f) gsl_vector_free(f);
    if (cov) gsl_matrix_free(cov);
    return st;
}

/* The χ² stall stop of the trust-region iteration (hf_lsq_drive): two
 * accepted steps in a row that each lower χ² by less than this, in units
 * of the noise variance estimated from the residuals.  A step that gains
 * Δχ² moves the parameters by about √Δχ² standard errors, so such steps
 * (Levenberg–Marquardt converges at least linearly near an optimum) leave
 * the fit within a fraction of a standard error of where more iterations
 * would take it.  It is what ends the fits of a law richer than the data
 * (a Prony weight drifting to 0 or a rate to infinity), which the step
 * test never would. */
#define CHI2_STEP 1e-1

/* A Prony fit's terms in increasing rate (the labels are otherwise
 * arbitrary), with their standard errors. */
static void sort_prony_terms(hf_viscoelastic_fit *out)
{
    if (out->law.kind != HF_VISCOELASTIC_LAW_PRONY)
        return;
    for (size_t a = 0; a < out->law.terms; ++a)
        for (size_t b = a + 1; b < out->law.terms; ++b) {
            if (!(out->param[2 + 2 * b] < out->param[2 + 2 * a]))
                continue;
            for (size_t q = 1; q <= 2; ++q) {
                double t = out->param[q + 2 * a], ts = out->param_se[q + 2 * a];
                out->param[q + 2 * a] = out->param[q + 2 * b];
                out->param_se[q + 2 * a] = out->param_se[q + 2 * b];
                out->param[q + 2 * b] = t;
                out->param_se[q + 2 * b] = ts;
            }
        }
}

/* The feature fit of a list without traces (the end of this file). */
static hf_status feature_fit(const hf_maxwell_data *d, const hf_viscoelastic_law *law,
                             const hf_viscoelastic_identify_config *cfg, const double *param0,
                             hf_viscoelastic_fit *out, hf_diag *diag);
static hf_status check_features(const hf_maxwell_data *d,
                                const hf_viscoelastic_identify_config *cfg, hf_diag *diag);

/* Each drop's weight: its largest |F|. */
static void set_weights(fit_ctx *c)
{
    for (size_t i = 0; i < c->data->n; ++i)
        c->weight[i] = fabs(c->data->trace[i].F[peak_index(&c->data->trace[i])]);
}

/* One law fitted from PARAM0 (and contact starts START0, may be NULL);
 * the fitted contact starts into start_out (n, may be NULL).  A fit that
 * goes wrong is reported in out->status = failed with the reason. */
static hf_status fit_one(const hf_maxwell_data *d, const hf_viscoelastic_law *law,
                         const hf_viscoelastic_identify_config *cfg, const double *param0,
                         const double *start0, hf_viscoelastic_fit *out, double *start_out,
                         hf_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->law = *law;
    out->k = hf_viscoelastic_law_nparams(law);
    out->status = HF_VISCOELASTIC_FIT_FAILED;
    for (size_t j = 0; j < HF_VISCOELASTIC_FIT_PARAMS_MAX; ++j)
        out->param[j] = out->param_se[j] = NAN;
    out->ssr = out->r2 = out->chi2_red = out->runs_z = out->aic = out->bic = NAN;
    if (d->trace == NULL)
        return feature_fit(d, law, cfg, param0, out, diag);
    fit_ctx c;
    hf_status st = ctx_alloc(&c, d, law, cfg, diag);
    if (st != HF_OK)
        return st;
    set_weights(&c);
    gsl_vector *x0 = gsl_vector_alloc(c.p);
    gsl_multifit_nlinear_workspace *w = NULL;
    hf_diag inner = {{0}};
    if (x0 == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status fst = HF_OK;
    if (st == HF_OK)
        fst = start_point(&c, param0, start0, x0->data, &inner);
    gsl_multifit_nlinear_fdf fdf;
    if (st == HF_OK && fst == HF_OK &&
        (w = hf_lsq_alloc(&fdf, gsl_f, gsl_df, c.N, c.p, &c)) == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK && fst == HF_OK) {
        int info = 0;
        int gs = gsl_multifit_nlinear_init(x0, &fdf, w);
        if (gs == GSL_SUCCESS)
            gs = hf_lsq_drive(w, cfg->max_iter, 1e-8, 1e-8, CHI2_STEP, &info);
        if (c.status != HF_OK) {
            st = c.status;
            hf_diag_set(diag, st, "viscoelastic fit: %s", c.diag.text);
        } else if (gs == GSL_CONTINUE) /* the host's interrupt: no fit, no selection */
            st = hf_diag_set(diag, HF_EINTERRUPTED, "viscoelastic fit: interrupted after %zu "
                             "iterations", gsl_multifit_nlinear_niter(w));
        else if (gs != GSL_SUCCESS && gs != GSL_EMAXITER && gs != GSL_ENOPROG)
            snprintf(out->reason, sizeof out->reason, "GSL: %s", gsl_strerror(gs));
        else {
            const double *x = gsl_multifit_nlinear_position(w)->data;
            fst = model_at(&c, x);
            if (fst == HF_OK && c.model_failures > 0)
                snprintf(out->reason, sizeof out->reason,
                         "the law cannot be simulated at the optimum");
            else if (fst == HF_OK) {
                fst = result_at(&c, x, gsl_multifit_nlinear_jac(w), out, &inner);
                if (fst == HF_OK && gs == GSL_EMAXITER &&
                    out->status == HF_VISCOELASTIC_FIT_OK) {
                    out->status = HF_VISCOELASTIC_FIT_POORLY_DETERMINED;
                    snprintf(out->reason, sizeof out->reason,
                             "no convergence in %zu iterations", cfg->max_iter);
                }
                for (size_t i = 0; fst == HF_OK && start_out && i < d->n; ++i)
                    start_out[i] = contact_start_of(&c, x, i);
            }
        }
    }
    if (st == HF_OK && fst != HF_OK) {
        out->status = HF_VISCOELASTIC_FIT_FAILED;
        snprintf(out->reason, sizeof out->reason, "%.120s", inner.text);
    }
    sort_prony_terms(out);
    if (w) gsl_multifit_nlinear_free(w);
    if (x0) gsl_vector_free(x0);
    ctx_free(&c);
    return st;
}

/* ---- identification ------------------------------------------------------ */

static hf_status check_config(const hf_viscoelastic_identify_config *cfg, hf_diag *diag)
{
    if (!isfinite(cfg->nu) || cfg->nu < 0.0 || cfg->nu > 0.5)
        return hf_diag_set(diag, HF_EDOM, "nu = %g is outside [0, 0.5]", cfg->nu);
    if (cfg->max_iter == 0 || !(cfg->ode_tol > 0.0) || !(cfg->ode_tol < 1e-3) ||
        !(cfg->bic_threshold >= 0.0))
        return hf_diag_set(diag, HF_ERANGE, "viscoelastic fit: max_iter %zu >= 1, ode_tol %g in "
                           "(0, 1e-3), bic_threshold %g >= 0 needed", cfg->max_iter,
                           cfg->ode_tol, cfg->bic_threshold);
    if (cfg->automatic && (cfg->auto_terms < 2 || cfg->auto_terms > HF_VISCOELASTIC_FIT_TERMS_MAX))
        return hf_diag_set(diag, HF_ERANGE, "viscoelastic fit: auto_terms %zu outside 2 .. %d",
                           cfg->auto_terms, HF_VISCOELASTIC_FIT_TERMS_MAX);
    if (!cfg->automatic && cfg->law.kind == HF_VISCOELASTIC_LAW_PRONY &&
        (cfg->law.terms < 1 || cfg->law.terms > HF_VISCOELASTIC_FIT_TERMS_MAX))
        return hf_diag_set(diag, HF_ERANGE, "viscoelastic fit: %zu Prony terms", cfg->law.terms);
    return HF_OK;
}

/* Drop i's force history (WHERE names its file): enough samples, finite,
 * times increasing, some force, a valid impact. */
static hf_status check_drop(const hf_maxwell_data *d, size_t i, const char *where,
                            hf_diag *diag)
{
    const hf_maxwell_trace *tr = &d->trace[i];
    if (tr->n < HF_MAXWELL_TRACE_MIN_SAMPLES)
        return hf_diag_set(diag, HF_EINVAL, "%s: drop %zu has %zu samples (%d needed)",
                           where, i + 1, tr->n, HF_MAXWELL_TRACE_MIN_SAMPLES);
    for (size_t j = 0; j < tr->n; ++j)
        if (!isfinite(tr->t[j]) || !isfinite(tr->F[j]) || (j > 0 && !(tr->t[j] > tr->t[j - 1])))
            return hf_diag_set(diag, HF_EDOM, "%s: sample %zu of drop %zu (t = %g s, F = %g "
                               "N): times must increase and values be finite", where,
                               j + 1, i + 1, tr->t[j], tr->F[j]);
    if (!(fabs(tr->F[peak_index(tr)]) > 0.0))
        return hf_diag_set(diag, HF_EDOM, "%s: drop %zu has no force", where, i + 1);
    return hf_maxwell_impact_check(&d->impact[i], diag);
}

static hf_status check_data(const hf_maxwell_data *d, const hf_viscoelastic_identify_config *cfg,
                            hf_diag *diag)
{
    hf_status st = check_config(cfg, diag);
    if (st != HF_OK)
        return st;
    if (d->n > 0 && d->trace == NULL && hf_maxwell_data_mask(d) != 0)
        return check_features(d, cfg, diag);
    if (d->n == 0 || d->trace == NULL)
        return hf_diag_set(diag, HF_ENOTFOUND,
                           "%s: no force histories (a trace column) or features to fit",
                           d->path ? d->path : "data");
    for (size_t i = 0; i < d->n && st == HF_OK; ++i) {
        const hf_maxwell_trace *tr = &d->trace[i];
        st = check_drop(d, i, tr->path ? tr->path : d->path ? d->path : "data", diag);
    }
    return st;
}

/* Hertz's contact duration and time of the peak in w_m⁰/V0 units. */
#define ELASTIC_TC 2.9432
#define ELASTIC_TM 1.4716

static int feature_used(const hf_maxwell_data *d, size_t k, size_t i);

/* Drop i's elastic time scale T = w_m⁰/V0 from its measured peak force
 * (Hertz's F_M = (5/4) m V0/T) — the trace's peak, or the feature F_M —
 * else from its contact duration or time of the peak; NaN with none. */
static double elastic_time(const hf_maxwell_data *d, size_t i)
{
    const hf_maxwell_impact *im = &d->impact[i];
    if (d->trace != NULL)
        return ELASTIC_PEAK * im->m * im->V0 / fabs(d->trace[i].F[peak_index(&d->trace[i])]);
    if (feature_used(d, HF_MAXWELL_F_M, i))
        return ELASTIC_PEAK * im->m * im->V0 / d->value[HF_MAXWELL_F_M][i];
    if (feature_used(d, HF_MAXWELL_T_C, i))
        return d->value[HF_MAXWELL_T_C][i] / ELASTIC_TC;
    return feature_used(d, HF_MAXWELL_T_M, i) ? d->value[HF_MAXWELL_T_M][i] / ELASTIC_TM : NAN;
}

/* The elastic start of every law: C0 from the measured peaks (Hertz's
 * F_M = (5/4) m V0/T) and START_DAMPING for the damping. */
static void elastic_start(const hf_maxwell_data *d, const hf_viscoelastic_law *law, double nu,
                          double *param)
{
    double C0 = 0.0, T = 0.0, V0 = 0.0, used = 0.0;
    for (size_t i = 0; i < d->n; ++i)
        used += isfinite(elastic_time(d, i));
    for (size_t i = 0; i < d->n; ++i) {
        const hf_maxwell_impact *im = &d->impact[i];
        double Ti = elastic_time(d, i);
        if (!isfinite(Ti))
            continue;
        C0 += Ti * hf_maxwell_speed_parameter(im) / used;
        T += Ti / used;
        V0 += im->V0 / used;
    }
    param[0] = hf_maxwell_mu0_from_compliance(C0, nu);
    switch (law->kind) {
    case HF_VISCOELASTIC_LAW_MAXWELL: param[1] = START_DAMPING / T; break;
    case HF_VISCOELASTIC_LAW_SLS: param[1] = 2.0 * START_DAMPING / T; param[2] = 0.5; break;
    case HF_VISCOELASTIC_LAW_PRONY:
        for (size_t i = 0; i < law->terms; ++i) {
            param[1 + 2 * i] = 0.5 / (double)law->terms;
            param[2 + 2 * i] = START_DAMPING / T * pow(10.0, (double)i - 0.5 * (double)(law->terms - 1));
        }
        break;
    case HF_VISCOELASTIC_LAW_HUNT_CROSSLEY: param[1] = START_DAMPING / V0; break;
    case HF_VISCOELASTIC_LAW_KELVIN_VOIGT: param[1] = START_DAMPING * T; break;
    }
}

/* A start for a law nested above a fitted one: the SLS from a Maxwell fit
 * (α = 0.7 with the same α·η, the combination small ε determines), the
 * N-term series from a fit with one term fewer (the slowest term split
 * into two a decade either side of it).  0 when FROM does not apply. */
static int nested_start(const hf_viscoelastic_law *law, const hf_viscoelastic_fit *from,
                        double *param)
{
    if (from == NULL || !isfinite(from->param[0]))
        return 0;
    param[0] = from->param[0];
    if (law->kind == HF_VISCOELASTIC_LAW_SLS && from->law.kind == HF_VISCOELASTIC_LAW_MAXWELL) {
        param[2] = 0.7;
        param[1] = from->param[1] / 0.7;
        return 1;
    }
    size_t have = from->law.kind == HF_VISCOELASTIC_LAW_SLS ? 1
                  : from->law.kind == HF_VISCOELASTIC_LAW_PRONY ? from->law.terms : 0;
    if (law->kind != HF_VISCOELASTIC_LAW_PRONY || have == 0 || have + 1 != law->terms)
        return 0;
    double g[HF_VISCOELASTIC_FIT_TERMS_MAX], r[HF_VISCOELASTIC_FIT_TERMS_MAX];
    if (from->law.kind == HF_VISCOELASTIC_LAW_SLS) {
        g[0] = from->param[2];
        r[0] = from->param[1];
    } else
        for (size_t i = 0; i < have; ++i) {
            g[i] = from->param[1 + 2 * i];
            r[i] = from->param[2 + 2 * i];
        }
    double sum = 0.0;
    for (size_t i = 0; i < have; ++i)
        sum += g[i];
    /* a new slow term from a third of the relaxed modulus */
    double ginf = 1.0 - sum, extra = fmin(ginf / 3.0, 0.2);
    for (size_t i = 0; i < have; ++i) {
        param[1 + 2 * i] = g[i];
        param[2 + 2 * i] = r[i];
    }
    double slow = r[0];
    for (size_t i = 1; i < have; ++i)
        slow = fmin(slow, r[i]);
    param[1 + 2 * have] = extra > 1e-3 ? extra : 0.05;
    param[2 + 2 * have] = slow / 10.0;
    if (!(extra > 1e-3)) /* no relaxed modulus left: take it from the terms */
        for (size_t i = 0; i < have; ++i)
            param[1 + 2 * i] *= 0.9;
    return 1;
}

/* The relaxation rate of the SLS's start near its Kelvin–Voigt limit, in
 * units of 1/T (T = w_m⁰/V0 of the Kelvin–Voigt fit's modulus): a
 * relaxation a thousand times faster than the contact, where the SLS's
 * loading force is the Kelvin–Voigt law's to 1e-4 of the peak (the test
 * measures it), a fiftieth of the selection study's noise.  Started lower
 * (100/T or 300/T), the fit climbs the flat valley towards the limit by
 * 15-20 % in η per step: 65-95 evaluations instead of 16-29.  From above,
 * the χ² stall stop ends it up to 3 χ² units short of the valley's
 * lowest point (0.6 on average on the study's Kelvin–Voigt lists). */
#define VOIGT_LIMIT_RATE 1000.0

/* The SLS near its Kelvin–Voigt limit, from a Kelvin–Voigt fit VOIGT.  An
 * SLS whose relaxation is much faster than the contact keeps two numbers,
 * G∞ = μ0(1 − α) and the viscosity μ0α/η: it is a Kelvin–Voigt solid of
 * modulus G∞ and retardation time (μ0α/η)/G∞, whose Lee–Radok loading is
 * the Kelvin–Voigt law.  On data of that law the SLS's best fit lies far
 * up that limit (α → 1, η ≫ 1/T), thirty trust-region steps from the
 * start nested on the Maxwell fit.  0 when VOIGT is not usable. */
static int voigt_limit_start(const hf_maxwell_data *d, double nu,
                             const hf_viscoelastic_fit *voigt, double *param)
{
    if (voigt == NULL || voigt->status == HF_VISCOELASTIC_FIT_FAILED ||
        !(voigt->param[0] > 0.0) || !(voigt->param[1] > 0.0))
        return 0;
    double C0 = hf_maxwell_compliance(voigt->param[0], nu), T = 0.0;
    for (size_t i = 0; i < d->n; ++i)
        T += C0 / hf_maxwell_speed_parameter(&d->impact[i]) / (double)d->n;
    double viscosity = voigt->param[1] * voigt->param[0];
    param[1] = VOIGT_LIMIT_RATE / T;
    param[0] = voigt->param[0] + viscosity * param[1];
    param[2] = viscosity * param[1] / param[0];
    return 1;
}

/* The weighted sum of squares of LAW at the start point PARAM, START
 * into *ssr (infinite where the law cannot be simulated). */
static hf_status start_misfit(const hf_maxwell_data *d, const hf_viscoelastic_law *law,
                              const hf_viscoelastic_identify_config *cfg, const double *param,
                              const double *start, double *ssr, hf_diag *diag)
{
    fit_ctx c;
    hf_status st = ctx_alloc(&c, d, law, cfg, diag);
    if (st != HF_OK)
        return st;
    set_weights(&c);
    double *x = malloc(c.p * sizeof *x), *f = malloc(c.N * sizeof *f);
    st = x && f ? start_point(&c, param, start, x, diag)
                : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK && model_at(&c, x) != HF_OK)
        st = hf_diag_set(diag, c.status, "viscoelastic fit: %s", c.diag.text);
    if (st == HF_OK) {
        weighted(&c, x, c.model, f);
        *ssr = 0.0;
        for (size_t r = 0; r < c.N; ++r)
            *ssr += f[r] * f[r];
        if (c.model_failures > 0)
            *ssr = INFINITY;
    }
    free(x);
    free(f);
    ctx_free(&c);
    return st;
}

/* LAW fitted from the start nested on FROM (contact starts START0) or
 * the elastic start; an SLS with a usable Kelvin–Voigt fit VOIGT (its
 * contact starts VOIGT_START) from whichever of the nested start and
 * the Kelvin–Voigt limit's fits the data better there. */
static hf_status fit_law(const hf_maxwell_data *d, const hf_viscoelastic_law *law,
                         const hf_viscoelastic_identify_config *cfg,
                         const hf_viscoelastic_fit *from, const double *start0,
                         const hf_viscoelastic_fit *voigt, const double *voigt_start,
                         hf_viscoelastic_fit *out, double *start_out, hf_diag *diag)
{
    double param[HF_VISCOELASTIC_FIT_PARAMS_MAX], limit[HF_VISCOELASTIC_FIT_PARAMS_MAX];
    if (!nested_start(law, from, param)) {
        elastic_start(d, law, cfg->nu, param);
        start0 = NULL;
    }
    if (law->kind == HF_VISCOELASTIC_LAW_SLS && start0 != NULL && voigt_start != NULL &&
        voigt_limit_start(d, cfg->nu, voigt, limit)) {
        double nested_ssr = INFINITY, limit_ssr = INFINITY;
        hf_status st = start_misfit(d, law, cfg, param, start0, &nested_ssr, diag);
        if (st == HF_OK)
            st = start_misfit(d, law, cfg, limit, voigt_start, &limit_ssr, diag);
        if (st != HF_OK)
            return st;
        if (limit_ssr < nested_ssr) {
            memcpy(param, limit, sizeof limit);
            start0 = voigt_start;
        }
    }
    return fit_one(d, law, cfg, param, start0, out, start_out, diag);
}

/* The non-hereditary candidates of the selection (cfg->automatic) into
 * damped[0] (Hunt–Crossley) and damped[1] (Kelvin–Voigt, its contact
 * starts into voigt_start), each from the elastic start; without the
 * selection both are marked failed (not fitted). */
static hf_status fit_damped(const hf_maxwell_data *d, const hf_viscoelastic_identify_config *cfg,
                            hf_viscoelastic_fit damped[2], double *voigt_start, hf_diag *diag)
{
    if (!cfg->automatic || d->trace == NULL) { /* features: no damped law (check_features) */
        damped[0].status = damped[1].status = HF_VISCOELASTIC_FIT_FAILED;
        return HF_OK;
    }
    const hf_viscoelastic_law hunt_crossley = {HF_VISCOELASTIC_LAW_HUNT_CROSSLEY, 0},
                              kelvin_voigt = {HF_VISCOELASTIC_LAW_KELVIN_VOIGT, 0};
    hf_status st = fit_law(d, &hunt_crossley, cfg, NULL, NULL, NULL, NULL, &damped[0], NULL,
                           diag);
    if (st == HF_OK)
        st = fit_law(d, &kelvin_voigt, cfg, NULL, NULL, NULL, NULL, &damped[1], voigt_start,
                     diag);
    return st;
}

/* The likelihood-ratio tests of the nested pairs among the fits. */
static void nested_tests(hf_viscoelastic_selection *s)
{
    s->nlrt = 0;
    for (size_t a = 0; a < s->n; ++a)
        for (size_t b = 0; b < s->n; ++b) {
            const hf_viscoelastic_fit *fa = &s->fit[a], *fb = &s->fit[b];
            if (!hf_viscoelastic_law_hereditary(&fa->law) || !hf_viscoelastic_law_hereditary(&fb->law) || fa->k >= fb->k ||
                fa->status == HF_VISCOELASTIC_FIT_FAILED || fb->status == HF_VISCOELASTIC_FIT_FAILED ||
                s->nlrt >= HF_VISCOELASTIC_CANDIDATES_MAX)
                continue;
            hf_viscoelastic_lrt *t = &s->lrt[s->nlrt++];
            t->simple = a;
            t->general = b;
            t->df = fb->k - fa->k;
            t->statistic = fmax((double)fa->N * log(fa->ssr / fb->ssr), 0.0);
            t->p_value = gsl_cdf_chisq_Q(t->statistic, (double)t->df);
        }
}

/* The best fits by AIC and BIC, the BIC margin, the choice (none when
 * the margin is below the threshold) and the likelihood-ratio tests. */
static hf_status rank(hf_viscoelastic_selection *out, const hf_viscoelastic_identify_config *cfg,
                      hf_diag *diag)
{
    out->best_aic = out->best_bic = out->chosen = out->n;
    for (size_t k = 0; k < out->n; ++k) {
        if (out->fit[k].status == HF_VISCOELASTIC_FIT_FAILED)
            continue;
        if (out->best_aic == out->n || out->fit[k].aic < out->fit[out->best_aic].aic)
            out->best_aic = k;
        if (out->best_bic == out->n || out->fit[k].bic < out->fit[out->best_bic].bic)
            out->best_bic = k;
    }
    if (out->best_bic == out->n)
        return hf_diag_set(diag, HF_ENOCONV, "viscoelastic fit: no candidate could be fitted "
                           "(%s)", out->fit[0].reason);
    out->delta_bic = INFINITY;
    for (size_t k = 0; k < out->n; ++k)
        if (k != out->best_bic && out->fit[k].status != HF_VISCOELASTIC_FIT_FAILED)
            out->delta_bic = fmin(out->delta_bic, out->fit[k].bic - out->fit[out->best_bic].bic);
    out->distinguishable = out->delta_bic >= cfg->bic_threshold;
    out->chosen = out->distinguishable ? out->best_bic : out->n;
    nested_tests(out);
    return HF_OK;
}

hf_status hf_viscoelastic_identify(const hf_maxwell_data *data,
                                   const hf_viscoelastic_identify_config *cfg,
                                   hf_viscoelastic_selection *out, hf_diag *diag)
{
    if (data == NULL || cfg == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "viscoelastic identify: missing argument");
    hf_status st = check_data(data, cfg, diag);
    if (st != HF_OK)
        return st;
    memset(out, 0, sizeof *out);
    /* the chain's contact starts, then the Kelvin–Voigt fit's */
    double *starts = malloc(2 * data->n * sizeof *starts), *voigt_start = starts + data->n;
    if (starts == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    /* the non-hereditary candidates first: the SLS may start near the
     * Kelvin–Voigt fit's limit */
    hf_viscoelastic_fit damped[2];
    st = fit_damped(data, cfg, damped, voigt_start, diag);
    const hf_viscoelastic_fit *voigt = &damped[1];
    hf_viscoelastic_law chain[4];
    size_t nchain = 0;
    /* Maxwell, then each nested law from the one below it */
    chain[nchain++] = (hf_viscoelastic_law){HF_VISCOELASTIC_LAW_MAXWELL, 0};
    size_t terms = cfg->automatic ? cfg->auto_terms
                   : cfg->law.kind == HF_VISCOELASTIC_LAW_PRONY ? cfg->law.terms
                   : cfg->law.kind == HF_VISCOELASTIC_LAW_SLS ? 1 : 0;
    if (!cfg->automatic && !hf_viscoelastic_law_hereditary(&cfg->law))
        nchain = 0;
    if (terms >= 1)
        chain[nchain++] = (hf_viscoelastic_law){HF_VISCOELASTIC_LAW_SLS, 1};
    hf_viscoelastic_fit step[HF_VISCOELASTIC_FIT_TERMS_MAX + 1];
    const hf_viscoelastic_fit *prev = NULL;
    for (size_t k = 0; k < nchain && st == HF_OK; ++k) {
        st = fit_law(data, &chain[k], cfg, prev, starts, voigt, voigt_start, &step[k], starts,
                     diag);
        prev = &step[k];
    }
    /* prony:N climbs from the SLS one term at a time */
    hf_viscoelastic_fit climb;
    for (size_t t = 2; t <= terms && st == HF_OK; ++t) {
        hf_viscoelastic_law law = {HF_VISCOELASTIC_LAW_PRONY, t};
        st = fit_law(data, &law, cfg, prev, starts, NULL, NULL, &climb, starts, diag);
        step[nchain] = climb;
        prev = &step[nchain];
        if (t == terms)
            ++nchain;
    }
    if (st == HF_OK) {
        if (cfg->automatic) {
            for (size_t k = 0; k < nchain; ++k)
                out->fit[out->n++] = step[k];
            /* features: the hereditary laws only (check_features) */
            for (size_t k = 0; k < (data->trace != NULL ? 2u : 0u); ++k)
                out->fit[out->n++] = damped[k];
        } else if (cfg->law.kind == HF_VISCOELASTIC_LAW_PRONY && cfg->law.terms == 1) {
            /* the SLS in the Prony parameters: started from the SLS fit */
            double param[HF_VISCOELASTIC_FIT_PARAMS_MAX] = {step[1].param[0], step[1].param[2],
                                                            step[1].param[1]};
            if (step[1].status == HF_VISCOELASTIC_FIT_FAILED || !(param[1] < 1.0 - BOUNDARY))
                elastic_start(data, &cfg->law, cfg->nu, param);
            st = fit_one(data, &cfg->law, cfg, param, NULL, &out->fit[out->n++], NULL, diag);
        } else if (hf_viscoelastic_law_hereditary(&cfg->law)) {
            out->fit[out->n++] = step[nchain - 1];
        } else {
            st = fit_law(data, &cfg->law, cfg, NULL, NULL, NULL, NULL, &out->fit[out->n++],
                         NULL, diag);
        }
    }
    free(starts);
    return st != HF_OK ? st : rank(out, cfg, diag);
}

/* ---- the feature fit ------------------------------------------------------
 *
 * A list without traces: its features (F_M, t_M, t_c, e — the table
 * 'maxwell extract' writes, or any drop list with observable columns)
 * fitted with the exact impact of a hereditary law.  Residuals (y_model −
 * y)/σ over every value present, σ the value's standard uncertainty when
 * the list gives one for every value fitted (hf_maxwell_data.uncertainty:
 * then χ² = SSR has N − k degrees of freedom and the goodness-of-fit rule
 * of the curve fits applies with the noise known), else |y| (relative
 * errors, no goodness-of-fit test: nothing measures the noise).  The same
 * variables, Levenberg–Marquardt driver, stall stop, standard errors and
 * status rules as the curve fit; no nuisance parameters. */

typedef struct feature_ctx {
    const hf_maxwell_data *data;
    hf_viscoelastic_law law;
    double nu;
    size_t N, k;
    size_t *drop;                  /* the drop of each residual */
    hf_maxwell_observable *obs;    /* and its observable */
    double *sigma;                 /* its σ */
    int known_noise;               /* σ the data's uncertainties */
    size_t evaluations, failures;
    hf_status status;
    hf_diag diag;
} feature_ctx;

static double response_value(const hf_maxwell_response *r, hf_maxwell_observable obs)
{
    switch (obs) {
    case HF_MAXWELL_F_M: return r->F_M;
    case HF_MAXWELL_T_M: return r->t_M;
    case HF_MAXWELL_T_C: return r->t_c;
    default: return r->e;
    }
}

/* The values fitted: every finite value of every observable column. */
static int feature_used(const hf_maxwell_data *d, size_t k, size_t i)
{
    return d->value[k] != NULL && isfinite(d->value[k][i]);
}

/* 1 when every value fitted has a standard uncertainty > 0. */
static int features_known_noise(const hf_maxwell_data *d)
{
    for (size_t k = 0; k < HF_MAXWELL_NOBS; ++k)
        for (size_t i = 0; i < d->n; ++i)
            if (feature_used(d, k, i) &&
                !(d->uncertainty[k] != NULL && d->uncertainty[k][i] > 0.0))
                return 0;
    return 1;
}

static void feature_ctx_free(feature_ctx *c)
{
    free(c->drop);
    free(c->obs);
    free(c->sigma);
}

static hf_status feature_ctx_alloc(feature_ctx *c, const hf_maxwell_data *d,
                                   const hf_viscoelastic_law *law, double nu, hf_diag *diag)
{
    memset(c, 0, sizeof *c);
    c->data = d;
    c->law = *law;
    c->nu = nu;
    c->k = hf_viscoelastic_law_nparams(law);
    for (size_t k = 0; k < HF_MAXWELL_NOBS; ++k)
        for (size_t i = 0; i < d->n; ++i)
            c->N += (size_t)feature_used(d, k, i);
    c->drop = malloc(c->N * sizeof *c->drop);
    c->obs = malloc(c->N * sizeof *c->obs);
    c->sigma = malloc(c->N * sizeof *c->sigma);
    if (c->drop == NULL || c->obs == NULL || c->sigma == NULL) {
        feature_ctx_free(c);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    c->known_noise = features_known_noise(d);
    size_t r = 0;
    for (size_t i = 0; i < d->n; ++i)
        for (size_t k = 0; k < HF_MAXWELL_NOBS; ++k)
            if (feature_used(d, k, i)) {
                c->drop[r] = i;
                c->obs[r] = (hf_maxwell_observable)k;
                c->sigma[r++] = c->known_noise ? d->uncertainty[k][i] : fabs(d->value[k][i]);
            }
    return HF_OK;
}

/* The residuals at the variables x into f.  A material that cannot be
 * simulated (a trial step far from the data) gives residuals of the
 * values' size, which the trust region rejects, as the curve fit's zero
 * force does. */
static hf_status feature_residuals(feature_ctx *c, const double *x, double *f)
{
    double param[HF_VISCOELASTIC_FIT_PARAMS_MAX];
    params_of(&c->law, x, param);
    ++c->evaluations;
    hf_maxwell_response resp;
    size_t at = SIZE_MAX; /* the drop whose response resp holds: none yet */
    int simulated = 0;
    for (size_t r = 0; r < c->N; ++r) {
        size_t i = c->drop[r];
        if (i != at) {
            hf_diag diag = {{0}};
            hf_status st = hf_viscoelastic_law_simulate(&c->law, param, c->nu,
                                                        &c->data->impact[i], &resp, &diag);
            at = i;
            simulated = st == HF_OK;
            if (st != HF_OK && st != HF_EDOM && st != HF_ERANGE && st != HF_ENOCONV &&
                st != HF_EGSL) {
                c->status = st;
                c->diag = diag;
                return st;
            }
            c->failures += !simulated;
        }
        double y = c->data->value[c->obs[r]][i];
        double model = simulated ? response_value(&resp, c->obs[r]) : 0.0;
        f[r] = (model - y) / c->sigma[r];
    }
    return HF_OK;
}

static int feature_f(const gsl_vector *x, void *params, gsl_vector *f)
{
    return feature_residuals(params, x->data, f->data) == HF_OK ? GSL_SUCCESS : GSL_EFAILED;
}

/* Forward differences (FD_STEP, as the curve fit's law columns). */
static int feature_df(const gsl_vector *xv, void *params, gsl_matrix *J)
{
    feature_ctx *c = params;
    double x[HF_VISCOELASTIC_FIT_PARAMS_MAX];
    memcpy(x, xv->data, c->k * sizeof *x);
    double *f0 = malloc(2 * c->N * sizeof *f0);
    if (f0 == NULL)
        return GSL_ENOMEM;
    double *f1 = f0 + c->N;
    hf_status st = feature_residuals(c, x, f0);
    for (size_t col = 0; col < c->k && st == HF_OK; ++col) {
        x[col] += FD_STEP;
        st = feature_residuals(c, x, f1);
        x[col] = xv->data[col];
        for (size_t r = 0; r < c->N && st == HF_OK; ++r)
            gsl_matrix_set(J, r, col, (f1[r] - f0[r]) / FD_STEP);
    }
    free(f0);
    return st == HF_OK ? GSL_SUCCESS : GSL_EFAILED;
}

/* R² of the weighted values against the weighted residuals' SSR. */
static double feature_r2(const feature_ctx *c, double ssr)
{
    double mean = 0.0, sst = 0.0, n = (double)c->N;
    for (size_t r = 0; r < c->N; ++r)
        mean += c->data->value[c->obs[r]][c->drop[r]] / c->sigma[r] / n;
    for (size_t r = 0; r < c->N; ++r) {
        double y = c->data->value[c->obs[r]][c->drop[r]] / c->sigma[r] - mean;
        sst += y * y;
    }
    return sst > 0.0 ? 1.0 - ssr / sst : 1.0;
}

/* The fit's parameters, standard errors, statistics and status at x from
 * the residuals F and the variables' unscaled covariance COV. */
static void feature_statistics(const feature_ctx *c, const double *x, const gsl_vector *f,
                               const gsl_matrix *cov, hf_viscoelastic_fit *out)
{
    double ssr;
    gsl_blas_ddot(f, f, &ssr);
    double dof = (double)(c->N - c->k), n = (double)c->N;
    out->N = c->N;
    out->p = c->k;
    out->ssr = ssr;
    params_of(&c->law, x, out->param);
    double worst = 0.0;
    /* σ known: the covariance is (JᵀJ)⁻¹; relative errors: scaled by s² */
    int finite = standard_errors(&c->law, c->k, x, cov, c->known_noise ? 1.0 : ssr / dof, out,
                                 &worst);
    out->r2 = feature_r2(c, ssr);
    fit_goodness g = {c->known_noise ? ssr / dof : NAN, NAN, c->known_noise ? (size_t)dof : 0,
                      0};
    out->chi2_red = g.chi2_red;
    out->runs_z = NAN;
    out->aic = n * log(ssr / n) + 2.0 * (double)c->k;
    out->bic = n * log(ssr / n) + (double)c->k * log(n);
    out->evaluations = c->evaluations;
    classify(out, &g, finite, worst);
    if (out->status == HF_VISCOELASTIC_FIT_MODEL_INADEQUATE) /* the noise is given */
        snprintf(out->reason, sizeof out->reason,
                 "the residuals are %.3g times the features' standard uncertainties "
                 "(reduced chi^2 = %.4g with %zu dof)", sqrt(g.chi2_red), g.chi2_red,
                 g.gof_dof);
}

/* Statistics and status of the feature fit at its optimum x. */
static hf_status feature_result(feature_ctx *c, const double *x, const gsl_matrix *J,
                                 hf_viscoelastic_fit *out, hf_diag *diag)
{
    gsl_matrix *cov = gsl_matrix_alloc(c->k, c->k);
    gsl_vector *f = gsl_vector_alloc(c->N);
    hf_status st = cov && f ? HF_OK : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    size_t before = c->failures;
    if (st == HF_OK && feature_residuals(c, x, f->data) != HF_OK)
        st = hf_diag_set(diag, c->status, "viscoelastic feature fit: %s", c->diag.text);
    if (st == HF_OK && c->failures > before)
        st = hf_diag_set(diag, HF_ENOCONV, "the law cannot be simulated at the optimum");
    if (st == HF_OK && gsl_multifit_nlinear_covar(J, 0.0, cov) != GSL_SUCCESS)
        st = hf_diag_set(diag, HF_EGSL, "viscoelastic feature fit: covariance failed");
    if (st == HF_OK)
        feature_statistics(c, x, f, cov, out);
    if (f) gsl_vector_free(f);
    if (cov) gsl_matrix_free(cov);
    return st;
}

/* The fit's result from the driver's end GS in W: failed with the reason
 * when GSL or the result failed; poorly-determined when the iterations ran
 * out on an otherwise ok fit. */
static void feature_outcome(feature_ctx *c, gsl_multifit_nlinear_workspace *w, int gs,
                            size_t max_iter, hf_viscoelastic_fit *out)
{
    hf_diag inner = {{0}};
    if (gs != GSL_SUCCESS && gs != GSL_EMAXITER && gs != GSL_ENOPROG)
        snprintf(out->reason, sizeof out->reason, "GSL: %s", gsl_strerror(gs));
    else if (feature_result(c, gsl_multifit_nlinear_position(w)->data,
                            gsl_multifit_nlinear_jac(w), out, &inner) != HF_OK) {
        out->status = HF_VISCOELASTIC_FIT_FAILED;
        snprintf(out->reason, sizeof out->reason, "%.120s", inner.text);
    } else if (gs == GSL_EMAXITER && out->status == HF_VISCOELASTIC_FIT_OK) {
        out->status = HF_VISCOELASTIC_FIT_POORLY_DETERMINED;
        snprintf(out->reason, sizeof out->reason, "no convergence in %zu iterations", max_iter);
    }
}

/* The feature fit of LAW from PARAM0 into OUT (status failed, with the
 * reason, when it goes wrong); an error only for a failure of the
 * machine (memory) or bad input the checks missed. */
static hf_status feature_fit(const hf_maxwell_data *d, const hf_viscoelastic_law *law,
                             const hf_viscoelastic_identify_config *cfg, const double *param0,
                             hf_viscoelastic_fit *out, hf_diag *diag)
{
    feature_ctx c;
    hf_status st = feature_ctx_alloc(&c, d, law, cfg->nu, diag);
    if (st != HF_OK)
        return st;
    gsl_vector *x0 = gsl_vector_alloc(c.k);
    gsl_multifit_nlinear_fdf fdf;
    gsl_multifit_nlinear_workspace *w =
        x0 ? hf_lsq_alloc(&fdf, feature_f, feature_df, c.N, c.k, &c) : NULL;
    if (w == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    int gs = GSL_SUCCESS, info = 0;
    if (st == HF_OK) {
        vars_of(law, param0, x0->data);
        gs = gsl_multifit_nlinear_init(x0, &fdf, w);
        if (gs == GSL_SUCCESS)
            gs = hf_lsq_drive(w, cfg->max_iter, 1e-8, 1e-8, CHI2_STEP, &info);
    }
    if (st == HF_OK && c.status != HF_OK)
        st = hf_diag_set(diag, c.status, "viscoelastic feature fit: %s", c.diag.text);
    else if (st == HF_OK && gs == GSL_CONTINUE) /* the host's interrupt */
        st = hf_diag_set(diag, HF_EINTERRUPTED, "viscoelastic feature fit: interrupted after "
                         "%zu iterations", gsl_multifit_nlinear_niter(w));
    else if (st == HF_OK)
        feature_outcome(&c, w, gs, cfg->max_iter, out);
    sort_prony_terms(out);
    if (w) gsl_multifit_nlinear_free(w);
    if (x0) gsl_vector_free(x0);
    feature_ctx_free(&c);
    return st;
}

/* A list of features: drops with valid impacts, some value to fit, more
 * values than any law's parameters, and hereditary laws only (the damped
 * laws' response is not computed to fitting accuracy, and no e). */
static hf_status check_features(const hf_maxwell_data *d,
                                const hf_viscoelastic_identify_config *cfg, hf_diag *diag)
{
    const char *where = d->path ? d->path : "data";
    if (!cfg->automatic && !hf_viscoelastic_law_hereditary(&cfg->law))
        return hf_diag_set(diag, HF_EINVAL, "%s: features (no force histories): the feature "
                           "fit takes maxwell, sls or prony:N", where);
    size_t values = 0;
    for (size_t i = 0; i < d->n; ++i) {
        hf_status st = hf_maxwell_impact_check(&d->impact[i], diag);
        if (st != HF_OK)
            return st;
        for (size_t k = 0; k < HF_MAXWELL_NOBS; ++k)
            values += (size_t)feature_used(d, k, i);
    }
    size_t most = cfg->automatic ? 1 + 2 * cfg->auto_terms : hf_viscoelastic_law_nparams(&cfg->law);
    if (values <= most)
        return hf_diag_set(diag, HF_EINVAL, "%s: %zu feature values for %zu parameters", where,
                           values, most);
    return HF_OK;
}
