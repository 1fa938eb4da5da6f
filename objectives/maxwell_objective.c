/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/maxwell_objective.c — the misfit of the bias-free
 * identification of a Maxwell material: the squared relative misfit
 * between the measured observables and Hunter's numerical model (no
 * first-order truncation) as an optimisation problem in (μ0, η), and the
 * estimate at a point of it with standard errors from the Jacobian (see
 * hertzfit/maxwell_data.h).  The fit that runs an optimiser on it is
 * studies/maxwell_fit.c.
 *
 * Relative residuals make the four observables (newtons, seconds, and the
 * dimensionless e) commensurable, and match measurement noise that is a
 * fixed fraction of the value.  One simulation per test gives all four
 * observables.  The tests of one evaluation run on OpenMP threads, each
 * writing its own slot, and are summed afterwards in test order, so the
 * value is bit-identical for any thread count.
 */
#include "hertzfit/maxwell_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit_nlinear.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

#include "objectives/maxwell_internal.h"
#include "models/maxwell_model.h"

struct hf_maxwell_objective {
    const hf_maxwell_data *data;   /* borrowed */
    hf_maxwell_objective_options options;
    unsigned mask;                 /* observables fitted */
    size_t per_test;               /* how many of them */
    size_t measured;               /* fitted values present (not missing) */
    double lower[2], upper[2];     /* the problem's box (scaled variables) */
    hf_problem problem;            /* the view, borrowing the box and the object */
};

void hf_maxwell_objective_options_init(hf_maxwell_objective_options *o)
{
    memset(o, 0, sizeof *o);
    o->nu = 0.5;
    o->mu0_box = 0.5;
    o->eta_box = 0.95;
    hf_hunter_options_init(&o->ode);
    o->fd_step = 1e-5;
    o->alpha = 1.0;
}

static size_t count_bits(unsigned mask)
{
    size_t n = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        n += (mask >> k) & 1u;
    return n;
}

static hf_status check_options(const hf_maxwell_objective_options *o, hf_diag *diag)
{
    if (!isfinite(o->nu) || o->nu < 0.0 || o->nu > 0.5)
        return hf_diag_set(diag, HF_EDOM, "nu = %g is outside [0, 0.5]", o->nu);
    if (!(o->mu0_box > 0.0 && o->mu0_box < 1.0) || !(o->eta_box > 0.0 && o->eta_box <= 1.0))
        return hf_diag_set(diag, HF_ERANGE, "search boxes must be in (0, 1): mu0 %g, eta %g",
                           o->mu0_box, o->eta_box);
    if (!isfinite(o->alpha) || !(o->alpha > 0.0) || o->alpha > 1.0)
        return hf_diag_set(diag, HF_EDOM, "alpha = %g is outside (0, 1]", o->alpha);
    if (!(o->fd_step > 0.0 && o->fd_step < 0.1))
        return hf_diag_set(diag, HF_ERANGE, "Jacobian step %g is outside (0, 0.1)", o->fd_step);
    return HF_OK;
}

/* The observables to fit: the requested ones (all when mask is 0) that
 * the data has. */
static hf_status fitted_mask(const hf_maxwell_data *d, unsigned requested, unsigned *mask,
                             hf_diag *diag)
{
    unsigned have = hf_maxwell_data_mask(d);
    *mask = requested ? (requested & have) : have;
    if (*mask == 0)
        return hf_diag_set(diag, HF_ENOTFOUND, "the data has none of the observables to fit");
    return HF_OK;
}

static double misfit(const double *x, void *ctx);

hf_status hf_maxwell_objective_alloc(const hf_maxwell_data *data,
                                     const hf_maxwell_objective_options *options,
                                     hf_maxwell_objective **out, hf_diag *diag)
{
    *out = NULL;
    if (options == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no fit options");
    hf_status st = hf_maxwell_data_check(data, diag);
    if (st == HF_OK)
        st = check_options(options, diag);
    if (st != HF_OK)
        return st;
    if (!(options->mu0_ref > 0.0) || !isfinite(options->mu0_ref) ||
        !(options->eta_ref > 0.0) || !isfinite(options->eta_ref))
        return hf_diag_set(diag, HF_EDOM, "reference mu0 = %g, eta = %g must be finite and > 0",
                           options->mu0_ref, options->eta_ref);
    unsigned mask;
    if ((st = fitted_mask(data, options->mask, &mask, diag)) != HF_OK)
        return st;
    size_t measured = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if (mask & (1u << k))
            for (size_t i = 0; i < data->n; ++i)
                measured += !isnan(data->value[k][i]);
    if (measured <= 2)
        return hf_diag_set(diag, HF_EINVAL, "full fit needs more than 2 measured values, "
                           "the data has %zu", measured);
    hf_maxwell_objective *obj = calloc(1, sizeof *obj); /* caller: hf_maxwell_objective_free */
    if (obj == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    obj->data = data;
    obj->options = *options;
    obj->mask = mask;
    obj->per_test = count_bits(mask);
    obj->measured = measured;
    obj->lower[0] = 1.0 - options->mu0_box;
    obj->upper[0] = 1.0 + options->mu0_box;
    obj->lower[1] = 1.0 - options->eta_box;
    obj->upper[1] = 1.0 + options->eta_box;
    obj->problem = (hf_problem){.name = "maxwell-full", .dim = 2, .lower = obj->lower,
                                .upper = obj->upper, .f = misfit, .ctx = obj};
    *out = obj;
    return HF_OK;
}

void hf_maxwell_objective_free(hf_maxwell_objective *obj) { free(obj); }

size_t hf_maxwell_objective_nresiduals(const hf_maxwell_objective *obj)
{
    return obj->data->n * obj->per_test;
}

void hf_maxwell_objective_params(const hf_maxwell_objective *obj, const double *x, double *mu0,
                                 double *eta)
{
    *mu0 = x[0] * obj->options.mu0_ref;
    *eta = x[1] * obj->options.eta_ref;
}

/* Residuals of test i into out[0 .. per_test-1]; a missing value's is 0,
 * so it adds nothing to the misfit or the Jacobian. */
static hf_status test_residuals(const hf_maxwell_objective *obj, const hf_maxwell_material *mat,
                                size_t i, double *out, hf_diag *diag)
{
    const hf_maxwell_data *d = obj->data;
    hf_maxwell_response r;
    hf_status st = hf_maxwell_simulate_sls(mat, obj->options.alpha, &d->impact[i],
                                           &obj->options.ode, &r, diag);
    if (st != HF_OK)
        return st;
    size_t j = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if (obj->mask & (1u << k)) {
            double y = d->value[k][i];
            out[j++] = isnan(y) ? 0.0
                                : (hf_maxwell_response_get(&r, (hf_maxwell_observable)k) - y) / y;
        }
    return HF_OK;
}

/* The relative residuals at (μ0, η) into out (hf_maxwell_objective_nresiduals
 * entries); HF_EDOM when a simulation fails. */
static hf_status residuals_at(const hf_maxwell_objective *obj, double mu0, double eta,
                              double *out, hf_diag *diag)
{
    const hf_maxwell_material mat = {mu0, obj->options.nu, eta};
    hf_status st = hf_maxwell_material_check(&mat, diag);
    if (st != HF_OK)
        return st;
    const long n = (long)obj->data->n;
    int failed = 0;
#ifdef HERTZFIT_HAVE_OPENMP
#pragma omp parallel for schedule(static) reduction(| : failed) if (n >= 4)
#endif
    for (long i = 0; i < n; ++i)
        failed |= test_residuals(obj, &mat, (size_t)i, out + (size_t)i * obj->per_test,
                                 NULL) != HF_OK;
    if (!failed)
        return HF_OK;
    /* Again in order, to name the first failing test in the diag. */
    for (long i = 0; i < n; ++i) {
        st = test_residuals(obj, &mat, (size_t)i, out + (size_t)i * obj->per_test, diag);
        if (st != HF_OK)
            return st;
    }
    return HF_EGSL;
}

static double sum_squares(const double *r, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; ++i)
        s += r[i] * r[i];
    return s;
}

static double misfit(const double *x, void *ctx)
{
    const hf_maxwell_objective *obj = ctx;
    size_t n = hf_maxwell_objective_nresiduals(obj);
    double *r = malloc(n * sizeof *r); /* freed below */
    if (r == NULL)
        return NAN;
    double mu0, eta;
    hf_maxwell_objective_params(obj, x, &mu0, &eta);
    double f = residuals_at(obj, mu0, eta, r, NULL) == HF_OK
                   ? sum_squares(r, n) : NAN;
    free(r);
    return f;
}

const hf_problem *hf_maxwell_objective_problem(const hf_maxwell_objective *obj)
{
    return &obj->problem;
}

/* ---- the estimate at a point ----------------------------------------- */

/* The residuals as GSL's multifit function of the scaled variables, so
 * that gsl_multifit_nlinear_df can difference them. */
typedef struct residual_ctx {
    const hf_maxwell_objective *obj;
    double *buf;        /* nresiduals contiguous doubles (borrowed) */
    hf_status status;   /* first failure inside GSL's calls */
    hf_diag diag;
} residual_ctx;

/* GSL hands in strided vectors (a column of J), so the residuals go through
 * the contiguous buffer. */
static int gsl_residuals(const gsl_vector *x, void *params, gsl_vector *f)
{
    residual_ctx *c = params;
    double xs[2] = {gsl_vector_get(x, 0), gsl_vector_get(x, 1)}, mu0, eta;
    hf_maxwell_objective_params(c->obj, xs, &mu0, &eta);
    hf_status st = residuals_at(c->obj, mu0, eta, c->buf, &c->diag);
    if (st != HF_OK && c->status == HF_OK)
        c->status = st;
    for (size_t i = 0; i < f->size && st == HF_OK; ++i)
        gsl_vector_set(f, i, c->buf[i]);
    return st == HF_OK ? GSL_SUCCESS : GSL_EDOM;
}

/* Jacobian of the residuals in the scaled variables, by GSL's central
 * differences (gsl_multifit_nlinear_df: x_j ± δ/2, δ = fd_step·|x_j|).  Central
 * rather than forward: each residual carries the ODE's ~1e-12 relative
 * error, so with h = 1e-5 forward differences would be limited by their
 * O(h) truncation error (~1e-5 of J), central ones by the O(h²) ≈ 1e-10
 * truncation and the 1e-12/1e-5 = 1e-7 noise — the standard errors are
 * then good to ~1e-7 at twice the cost of 2 more model runs per column. */
static hf_status jacobian(const hf_maxwell_objective *obj, const double *x, gsl_matrix *J,
                          gsl_vector *f, gsl_vector *work, double *buf, hf_diag *diag)
{
    residual_ctx c = {obj, buf, HF_OK, {{0}}};
    gsl_multifit_nlinear_fdf fdf = {0};
    fdf.f = gsl_residuals;
    fdf.n = J->size1;
    fdf.p = 2;
    fdf.params = &c;
    gsl_vector_const_view xv = gsl_vector_const_view_array(x, 2);
    int gs = gsl_residuals(&xv.vector, &c, f);
    if (gs == GSL_SUCCESS)
        gs = gsl_multifit_nlinear_df(obj->options.fd_step, GSL_MULTIFIT_NLINEAR_CTRDIFF,
                                     &xv.vector, NULL, &fdf, f, J, work);
    if (c.status != HF_OK)
        return hf_diag_set(diag, c.status, "Jacobian of the full fit: %s", c.diag.text);
    if (gs != GSL_SUCCESS)
        return hf_diag_set(diag, HF_EGSL, "Jacobian of the full fit: %s", gsl_strerror(gs));
    return HF_OK;
}

/* The covariance of the unweighted estimate when each relative residual i
 * has the known variance v_i (the features' (u/y)²): the sandwich
 * C (Σ_i v_i J_iᵀJ_i) C with C = (JᵀJ)⁻¹ in cov on entry, into cov
 * (2 × 2).  Without v, cov stays (JᵀJ)⁻¹. */
static void sandwich(const gsl_matrix *J, const double *v, gsl_matrix *cov)
{
    if (v == NULL)
        return;
    double B[2][2] = {{0.0, 0.0}, {0.0, 0.0}}, C[2][2], S[2][2];
    for (size_t i = 0; i < J->size1; ++i)
        for (size_t a = 0; a < 2; ++a)
            for (size_t b = 0; b < 2; ++b)
                B[a][b] += v[i] * gsl_matrix_get(J, i, a) * gsl_matrix_get(J, i, b);
    for (size_t a = 0; a < 2; ++a)
        for (size_t b = 0; b < 2; ++b)
            C[a][b] = gsl_matrix_get(cov, a, b);
    for (size_t a = 0; a < 2; ++a)
        for (size_t b = 0; b < 2; ++b)
            S[a][b] = C[a][0] * (B[0][0] * C[0][b] + B[0][1] * C[1][b]) +
                      C[a][1] * (B[1][0] * C[0][b] + B[1][1] * C[1][b]);
    for (size_t a = 0; a < 2; ++a)
        for (size_t b = 0; b < 2; ++b)
            gsl_matrix_set(cov, a, b, S[a][b]);
}

/* Standard errors of (μ0, η) at x: s²(JᵀJ)⁻¹, or with v (the relative
 * residuals' known variances) s² times their sandwich covariance.
 * A variance that is NaN, infinite or negative (a rank-deficient J: the
 * data do not fix one parameter) is HF_ERANGE, never a standard error
 * of 0. */
static hf_status standard_errors(const hf_maxwell_objective *obj, const double *x,
                                 const double *v, double s2, double *se, double *corr,
                                 hf_diag *diag)
{
    size_t N = hf_maxwell_objective_nresiduals(obj);
    /* J, cov, f, work and buf are freed at the end of this function. */
    gsl_matrix *J = gsl_matrix_alloc(N, 2);
    gsl_matrix *cov = gsl_matrix_alloc(2, 2);
    gsl_vector *f = gsl_vector_alloc(N);
    gsl_vector *work = gsl_vector_alloc(N);
    double *buf = malloc(N * sizeof *buf);
    hf_status st = (J && cov && f && work && buf)
                       ? HF_OK : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK)
        st = jacobian(obj, x, J, f, work, buf, diag);
    if (st == HF_OK && gsl_multifit_nlinear_covar(J, 0.0, cov) != GSL_SUCCESS)
        st = hf_diag_set(diag, HF_EGSL, "covariance of the full fit: GSL failed");
    static const char *const names[2] = {"mu0", "eta"};
    if (st == HF_OK)
        sandwich(J, v, cov);
    double ref[2] = {obj->options.mu0_ref, obj->options.eta_ref};
    for (size_t j = 0; j < 2 && st == HF_OK; ++j) {
        double var = s2 * gsl_matrix_get(cov, j, j);
        if (!isfinite(var) || var < 0.0)
            st = hf_diag_set(diag, HF_ERANGE,
                             "full fit: the variance of %s is %g (the data do not determine "
                             "it), so it has no standard error", names[j], var * ref[j] * ref[j]);
        else
            se[j] = ref[j] * sqrt(var);
    }
    /* the correlation is scale-free: that of the scaled variables */
    if (st == HF_OK)
        *corr = gsl_matrix_get(cov, 0, 1) /
                sqrt(gsl_matrix_get(cov, 0, 0) * gsl_matrix_get(cov, 1, 1));
    free(buf);
    if (work) gsl_vector_free(work);
    if (f) gsl_vector_free(f);
    if (cov) gsl_matrix_free(cov);
    if (J) gsl_matrix_free(J);
    return st;
}

/* 1 − SSR/SST, SST = Σ ((y − ȳ)/y)² per fitted observable. */
static double relative_r2(const hf_maxwell_objective *obj, double ssr)
{
    const hf_maxwell_data *d = obj->data;
    double sst = 0.0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
        if (!(obj->mask & (1u << k)))
            continue;
        double sum = 0.0;
        size_t n = 0;
        for (size_t i = 0; i < d->n; ++i)
            if (!isnan(d->value[k][i])) {
                sum += d->value[k][i];
                ++n;
            }
        for (size_t i = 0; i < d->n; ++i)
            if (!isnan(d->value[k][i])) {
                double r = (d->value[k][i] - sum / (double)n) / d->value[k][i];
                sst += r * r;
            }
    }
    return sst > 0.0 ? 1.0 - ssr / sst : 1.0;
}

/* The fit against the features' standard uncertainties (the u_* columns
 * 'maxwell extract' writes, d->uncertainty): chi2 = sum of ((model - y)/u)²
 * = (r y/u)² over the fitted values, R the relative residuals at the
 * optimum, on their count − 2 degrees of freedom, the noise known
 * (noise_dof 0), as the regressions' lines are judged; v[i] the relative
 * residual i's variance (u/y)² (0 for a missing value).  0, left
 * unmeasured (gof_dof 0), when a fitted value has no positive
 * uncertainty. */
static int fit_against_uncertainty(const hf_maxwell_objective *obj, const double *r,
                                   hf_maxwell_estimate *out, double *v)
{
    const hf_maxwell_data *d = obj->data;
    double chi2 = 0.0;
    size_t n = 0;
    for (size_t i = 0; i < d->n; ++i) {
        size_t j = 0;
        for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
            if (!(obj->mask & (1u << k)))
                continue;
            size_t at = i * obj->per_test + j++;
            double y = d->value[k][i], res = r[at];
            v[at] = 0.0; /* a missing value's residual is 0 whatever the model */
            if (isnan(y))
                continue;
            double u = d->uncertainty[k] != NULL ? d->uncertainty[k][i] : NAN;
            if (!(u > 0.0) || !isfinite(u))
                return 0;
            v[at] = (u / y) * (u / y);
            chi2 += (res * y / u) * (res * y / u);
            ++n;
        }
    }
    if (n <= 2 || !isfinite(chi2))
        return 0;
    out->gof_dof = n - 2;
    out->noise_dof = 0;
    out->chi2_red = chi2 / (double)out->gof_dof;
    return 1;
}

/* The goodness of fit against the features' uncertainties (into gof's
 * chi2_red, gof_dof, noise_dof) and the standard errors at x (residuals r,
 * their sum of squares ssr): from the residuals' own scatter, s² =
 * SSR/(N − 2), or, where every fitted value has its standard uncertainty
 * (a table 'maxwell extract' wrote), from those uncertainties by the
 * sandwich, scaled by Birge's ratio max(1, chi2_red) so that they are
 * never narrower than the residuals say.  Twelve drops give the scatter
 * 10 degrees of freedom, so its standard errors are themselves uncertain
 * by ~22 %, while each u comes from hundreds of noise samples, and one
 * pooled scatter misstates both standard errors of observables that
 * scatter differently (F_M ~0.1 %, t_M ~1 %); over 30 noise sets of the
 * shipped design the truth lay within 2 standard errors in 25 (F_M) and
 * 14 (F_M, t_M) with the scatter's, 28 and 29 with these. */
static hf_status uncertainty_at(const hf_maxwell_objective *obj, const double *x,
                                const double *r, double ssr, hf_maxwell_estimate *gof,
                                double *se, double *corr, hf_diag *diag)
{
    const size_t N = hf_maxwell_objective_nresiduals(obj);
    double *v = malloc(N * sizeof *v); /* freed below */
    if (v == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    memset(gof, 0, sizeof *gof);
    gof->chi2_red = NAN;
    int known = fit_against_uncertainty(obj, r, gof, v);
    double s2 = known ? fmax(1.0, gof->chi2_red) : ssr / (double)(obj->measured - 2);
    hf_status st = standard_errors(obj, x, known ? v : NULL, s2, se, corr, diag);
    free(v);
    return st;
}

hf_status hf_maxwell_objective_estimate(const hf_maxwell_objective *obj, const double *x,
                                        hf_maxwell_estimate *out, double *residuals,
                                        hf_diag *diag)
{
    if (obj == NULL || x == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "full-model estimate: missing argument");
    size_t N = hf_maxwell_objective_nresiduals(obj);
    double mu0, eta, se[2], corr = NAN;
    hf_maxwell_objective_params(obj, x, &mu0, &eta);
    /* the caller's buffer, or one of our own freed below */
    double *r = residuals ? residuals : malloc(N * sizeof *r);
    if (r == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = residuals_at(obj, mu0, eta, r, diag);
    double ssr = st == HF_OK ? sum_squares(r, N) : 0.0;
    hf_maxwell_estimate gof;
    if (st == HF_OK)
        st = uncertainty_at(obj, x, r, ssr, &gof, se, &corr, diag);
    if (st == HF_OK) {
        memset(out, 0, sizeof *out);
        out->runs_z = NAN; /* the runs test: not measured here */
        out->chi2_red = gof.chi2_red;
        out->gof_dof = gof.gof_dof;
        out->noise_dof = gof.noise_dof;
    }
    if (r != residuals)
        free(r);
    if (st != HF_OK)
        return st;
    out->mu0_eta_corr = isfinite(corr) ? corr : NAN;
    out->method = HF_MAXWELL_FULL;
    out->observables = obj->mask;
    out->n = obj->data->n;
    out->mu0 = mu0;
    out->mu0_se = se[0];
    out->eta = eta;
    out->eta_se = se[1];
    out->C0 = hf_maxwell_compliance(mu0, obj->options.nu);
    out->C0_se = 0.4 * out->C0 * se[0] / mu0; /* Eq. 52: dC0/dμ0 = −(2/5)C0/μ0 */
    out->r2 = relative_r2(obj, ssr);
    out->max_eps = 0.0;
    for (size_t i = 0; i < obj->data->n; ++i)
        out->max_eps = fmax(out->max_eps,
                            obj->options.alpha * eta * out->C0 /
                                hf_maxwell_speed_parameter(&obj->data->impact[i]));
    out->misfit = ssr;
    return HF_OK;
}
