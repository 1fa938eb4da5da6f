/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/maxwell_regression.c — Argatov's identification of μ0 and η
 * by straight-line fits (Section 4, Eqs. 57, 60, 62, 59), done by GSL's
 * gsl_fit_linear (ordinary least squares, as Argatov describes) or
 * gsl_fit_wlinear with weights 1/y² (measured forces and times whose
 * errors are proportional to their size: y spans a factor ~6 over a
 * typical data set, so the unweighted fit misstates its own standard
 * errors there — tests/test_maxwell_fit.c finds them ~25 % too small for
 * μ0 from F_M with 1 % relative noise); both return the covariance of
 * the two coefficients.  Standard errors of C0,
 * μ0 and η are propagated from that covariance to first order
 * (var g(c) ≈ ∇gᵀ Σ ∇g), since C0 and η are non-linear in the coefficients.
 */
#include "hertzfit/maxwell_data.h"

#include <float.h>
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>

#include "hertzfit/maxwell.h"
#include "objectives/maxwell_internal.h"
#include "models/maxwell_model.h"

/* Fewest tests for a line with a residual variance (n − 2 >= 1). */
#define MIN_TESTS 3

/* A parameter as a function of the coefficients (c0 = intercept, c1 =
 * slope): its value and gradient. */
typedef struct derived {
    double value;
    double d0, d1;
} derived;

/* var g(c) ≈ ∇gᵀ Σ ∇g.  The quadratic form of a covariance matrix is >= 0;
 * a negative value within rounding of its terms (a line through the data
 * exactly) is 0, anything else — NaN from an overflowed covariance, or a
 * clearly negative variance — is HF_ERANGE, never a standard error of 0. */
static hf_status propagated_se(const derived *g, const hf_maxwell_estimate *e,
                               hf_maxwell_observable obs, const char *name, double *se,
                               hf_diag *diag)
{
    double t00 = g->d0 * g->d0 * e->cov00, t01 = 2.0 * g->d0 * g->d1 * e->cov01,
           t11 = g->d1 * g->d1 * e->cov11;
    double var = t00 + t01 + t11;
    /* Rounding of the sum: a few ulp of the largest term. */
    double rounding = 8.0 * DBL_EPSILON * (fabs(t00) + fabs(t01) + fabs(t11));
    if (isfinite(var) && var < 0.0 && -var <= rounding)
        var = 0.0;
    if (!isfinite(var) || var < 0.0)
        return hf_diag_set(diag, HF_ERANGE,
                           "%s regression: the variance of %s is %g (covariance %g, %g, %g), "
                           "so it has no standard error", hf_maxwell_observable_name(obs), name,
                           var, e->cov00, e->cov01, e->cov11);
    *se = sqrt(var);
    return HF_OK;
}

const char *hf_maxwell_method_name(hf_maxwell_method method)
{
    return method == HF_MAXWELL_FULL    ? "full"
           : method == HF_MAXWELL_CURVE ? "curve"
                                        : "regression";
}

const char *hf_maxwell_weights_name(hf_maxwell_weights weights)
{
    return weights == HF_MAXWELL_WEIGHTS_RELATIVE ? "relative" : "none";
}

const char *hf_maxwell_quality_name(hf_maxwell_quality quality)
{
    switch (quality) {
    case HF_MAXWELL_WELL_DETERMINED: return "ok";
    case HF_MAXWELL_NONPHYSICAL: return "nonphysical";
    case HF_MAXWELL_POORLY_DETERMINED: return "poorly-determined";
    case HF_MAXWELL_MODEL_INADEQUATE: return "model-inadequate";
    case HF_MAXWELL_FIRST_ORDER_BIASED: return "first-order-biased";
    default: return "?";
    }
}

int hf_fit_misfit(double chi2_red, size_t gof_dof, size_t noise_dof, double runs_z, char *why,
                  size_t size)
{
    if (gof_dof == 0)
        return 0;
    double p_chi2 = noise_dof > 0
                        ? gsl_cdf_fdist_Q(chi2_red, (double)gof_dof, (double)noise_dof)
                        : gsl_cdf_chisq_Q(chi2_red * (double)gof_dof, (double)gof_dof);
    double z_min = -gsl_cdf_ugaussian_Qinv(HF_MAXWELL_GOF_P);
    if (!(p_chi2 >= HF_MAXWELL_GOF_P)) {
        snprintf(why, size, "the residuals are %.3g times the noise measured before contact "
                 "(reduced chi^2 = %.4g with %zu dof, p = %.2g)", sqrt(chi2_red), chi2_red,
                 gof_dof, p_chi2);
        return 1;
    }
    if (chi2_red > 1.0 && isfinite(runs_z) && runs_z < z_min) {
        snprintf(why, size, "the residuals follow a curve, not noise: runs test z = %.3g < "
                 "%.3g (reduced chi^2 = %.4g with %zu dof)", runs_z, z_min, chi2_red, gof_dof);
        return 1;
    }
    return 0;
}

/* Whether a regression's first-order bias exceeds its standard error in
 * μ0 or η (then WHY says by how much and what to use instead). */
static int first_order_biased(const hf_maxwell_estimate *e, char *why, size_t size)
{
    double z_mu0 = fabs(e->mu0_bias) / e->mu0_se, z_eta = fabs(e->eta_bias) / e->eta_se;
    if (e->method != HF_MAXWELL_REGRESSION)
        return 0;
    if (!isfinite(e->mu0_bias) || !isfinite(e->eta_bias)) {
        /* Hunter's model has no impact at these eps: nothing backs the line */
        snprintf(why, size, "Hunter's model has no impact at eps up to %.3g, so the "
                 "first-order line's bias there is unknown; use the full or curve fit",
                 e->max_eps);
        return 1;
    }
    if (!(z_mu0 > 1.0 || z_eta > 1.0))
        return 0;
    snprintf(why, size, "first-order line biased at eps up to %.3f: on Hunter's exact model "
             "here it is off by eta %+.3g %% (%.1f se), mu0 %+.3g %% (%.1f se); use the full "
             "or curve fit",
             e->max_eps, 100.0 * e->eta_bias / e->eta, z_eta, 100.0 * e->mu0_bias / e->mu0,
             z_mu0);
    return 1;
}

/* hf_fit_misfit of E; a regression's or a full fit's noise is the
 * features' standard uncertainties (line_against_uncertainty,
 * fit_against_uncertainty in maxwell_objective.c), which WHY then names. */
static int misfit(const hf_maxwell_estimate *e, char *why, size_t size)
{
    if (!hf_fit_misfit(e->chi2_red, e->gof_dof, e->noise_dof, e->runs_z, why, size))
        return 0;
    size_t len = strlen(why);
    if ((e->method == HF_MAXWELL_REGRESSION || e->method == HF_MAXWELL_FULL) && len < size)
        snprintf(why + len, size - len, "; the noise here is the features' standard "
                 "uncertainties (columns u_F_M_N, u_t_M_s, u_t_c_s, u_e)");
    return 1;
}

hf_maxwell_quality hf_maxwell_estimate_quality(const hf_maxwell_estimate *e, char *reason,
                                               size_t size)
{
    char why[240] = "";
    hf_maxwell_quality q = HF_MAXWELL_WELL_DETERMINED;
    static const char *const names[2] = {"mu0", "eta"};
    const double se[2] = {e->mu0_se, e->eta_se};
    const double rse[2] = {e->mu0_se / e->mu0, e->eta_se / e->eta};
    if (!(e->C0 > 0.0) || !isfinite(e->mu0)) {
        q = HF_MAXWELL_NONPHYSICAL;
        snprintf(why, sizeof why, "the line gives C0 = %g <= 0, so no shear modulus mu0",
                 e->C0);
    } else if (!(e->mu0 > 0.0)) {
        q = HF_MAXWELL_NONPHYSICAL;
        snprintf(why, sizeof why, "mu0 = %g Pa is not positive", e->mu0);
    } else if (e->mu0 > HF_MAXWELL_MU0_MAX) {
        q = HF_MAXWELL_NONPHYSICAL;
        snprintf(why, sizeof why, "mu0 = %g Pa is above any solid's shear modulus (%g Pa; "
                 "diamond's is 5.4e11): check the units of m, R and V0", e->mu0,
                 HF_MAXWELL_MU0_MAX);
    } else if (!(e->eta > 0.0) || !isfinite(e->eta)) {
        q = HF_MAXWELL_NONPHYSICAL;
        snprintf(why, sizeof why, "eta = %g 1/s is not positive", e->eta);
    } else {
        for (int j = 0; j < 2 && q == HF_MAXWELL_WELL_DETERMINED; ++j)
            if (!isfinite(se[j]) || !(se[j] > 0.0)) {
                q = HF_MAXWELL_POORLY_DETERMINED;
                snprintf(why, sizeof why, "the standard error of %s is %g: the data do not "
                         "determine it (a singular Jacobian or an estimate pinned at a "
                         "bound)", names[j], se[j]);
            } else if (!(rse[j] <= HF_MAXWELL_RSE_MAX)) {
                q = HF_MAXWELL_POORLY_DETERMINED;
                snprintf(why, sizeof why, "the relative standard error of %s is %.0f %% > "
                         "%.0f %%", names[j], 100.0 * rse[j], 100.0 * HF_MAXWELL_RSE_MAX);
            }
        if (q == HF_MAXWELL_WELL_DETERMINED && !(e->r2 >= HF_MAXWELL_R2_MIN)) {
            q = HF_MAXWELL_POORLY_DETERMINED;
            snprintf(why, sizeof why, "R^2 = %.3g < %g", e->r2, HF_MAXWELL_R2_MIN);
        }
        if (q == HF_MAXWELL_WELL_DETERMINED && e->sls_alpha > 0.0 && e->sls_alpha < 1.0 &&
            !(e->max_eps / e->sls_alpha <= HF_MAXWELL_SLS_TAU_RATIO_MAX)) {
            q = HF_MAXWELL_POORLY_DETERMINED;
            snprintf(why, sizeof why, "the contact lasts %.3g relaxation times tau = 1/eta "
                     "(max_eps/alpha > %g): the regressions' short-time reading of a "
                     "standard linear solid (Eqs. 48-49) does not hold", e->max_eps /
                     e->sls_alpha, HF_MAXWELL_SLS_TAU_RATIO_MAX);
        }
        /* the misfit first: it is measured on the data, while the
         * first-order bias is computed on Hunter's model, which data that
         * fail the test do not follow */
        if (q == HF_MAXWELL_WELL_DETERMINED && misfit(e, why, sizeof why))
            q = HF_MAXWELL_MODEL_INADEQUATE;
        if (q == HF_MAXWELL_WELL_DETERMINED && first_order_biased(e, why, sizeof why))
            q = HF_MAXWELL_FIRST_ORDER_BIASED;
    }
    if (reason != NULL && size > 0)
        snprintf(reason, size, "%s", why);
    return q;
}

double hf_maxwell_regression_x(hf_maxwell_observable obs, double speed_parameter)
{
    return obs == HF_MAXWELL_F_M ? speed_parameter : 1.0 / speed_parameter;
}

void hf_maxwell_regression_point(const hf_maxwell_impact *imp, hf_maxwell_observable obs,
                                 double measured, double *x, double *y)
{
    double V = hf_maxwell_speed_parameter(imp);
    *x = hf_maxwell_regression_x(obs, V);
    if (obs == HF_MAXWELL_F_M)
        *y = measured / (imp->m * imp->V0);
    else if (obs == HF_MAXWELL_T_M || obs == HF_MAXWELL_T_C)
        *y = V * measured;
    else
        *x = *y = NAN;
}

hf_status hf_maxwell_regression_model(double C0, double eta, hf_maxwell_observable obs,
                                      double speed_parameter, double *y, hf_diag *diag)
{
    if (obs != HF_MAXWELL_F_M && obs != HF_MAXWELL_T_M && obs != HF_MAXWELL_T_C)
        return hf_diag_set(diag, HF_EINVAL, "no regression for observable '%s'",
                           hf_maxwell_observable_name(obs));
    double V = speed_parameter;
    hf_hunter_result r;
    hf_status st = hf_hunter_simulate(eta * C0 / V, NULL, &r, diag);
    if (st != HF_OK)
        return st;
    /* Forces are in units of m V0²/w_m⁰ = m V0/T and times in units of
     * T = w_m⁰/V0 = C0/𝒱 (Eqs. 23, 51–52, 56): F_M/(m V0) = force_M/T =
     * force_M 𝒱/C0, and 𝒱 t = C0 τ. */
    if (obs == HF_MAXWELL_F_M)
        *y = r.force_M * V / C0;
    else
        *y = C0 * (obs == HF_MAXWELL_T_M ? r.tau_M : r.tau_c);
    return HF_OK;
}

/* Coordinates and weight (1/y², or 1 unweighted) of test i, HF_ERANGE
 * naming the test (file:line) when x, y or the weight is not a positive
 * normal double (a measured F_M of 1e308 N overflows y; 1e-200 N
 * overflows 1/y²; a subnormal weight has lost its precision). */
static hf_status point(const hf_maxwell_data *d, hf_maxwell_observable obs,
                       hf_maxwell_weights weights, size_t i, double *x, double *y, double *w,
                       hf_diag *diag)
{
    hf_maxwell_regression_point(&d->impact[i], obs, d->value[obs][i], x, y);
    *w = weights == HF_MAXWELL_WEIGHTS_RELATIVE ? 1.0 / (*y * *y) : 1.0;
    if (isnormal(*x) && *x > 0.0 && isnormal(*y) && *y > 0.0 && isnormal(*w))
        return HF_OK;
    char where[1100] = "";
    if (d->path != NULL && d->line != NULL)
        snprintf(where, sizeof where, "%s:%zu: ", d->path, d->line[i]);
    else
        snprintf(where, sizeof where, "test %zu: ", i + 1);
    return hf_diag_set(diag, HF_ERANGE,
                       "%s%s = %g gives regression coordinates x = %g, y = %g and weight "
                       "%g: outside the double range", where,
                       hf_maxwell_observable_column(obs), d->value[obs][i], *x, *y, *w);
}

/* C0 and η from the coefficients, with gradients; Eqs. 57, 60, 62. */
static void invert_line(hf_maxwell_observable obs, const hf_argatov_constants *k, double c0,
                        double c1, derived *C0, derived *eta)
{
    const double *v = k->value;
    double tau0 = v[HF_ARGATOV_TAU_M0];
    if (obs == HF_MAXWELL_F_M) {
        /* c1 = (5/4)/C0, c0 = −c_M^F η. */
        double cMF = v[HF_ARGATOV_C_MF];
        *C0 = (derived){1.25 / c1, 0.0, -1.25 / (c1 * c1)};
        *eta = (derived){-c0 / cMF, -1.0 / cMF, 0.0};
    } else if (obs == HF_MAXWELL_T_M) {
        /* c0 = τ_m⁰ C0, c1 = −c_M^t η C0² (η from the ratio c1/c0²). */
        double a = -tau0 * tau0 / v[HF_ARGATOV_C_MT];
        *C0 = (derived){c0 / tau0, 1.0 / tau0, 0.0};
        *eta = (derived){a * c1 / (c0 * c0), -2.0 * a * c1 / (c0 * c0 * c0), a / (c0 * c0)};
    } else {
        /* c0 = 2τ_m⁰ C0, c1 = c_c^t η C0². */
        double a = 4.0 * tau0 * tau0 / v[HF_ARGATOV_C_CT];
        *C0 = (derived){c0 / (2.0 * tau0), 1.0 / (2.0 * tau0), 0.0};
        *eta = (derived){a * c1 / (c0 * c0), -2.0 * a * c1 / (c0 * c0 * c0), a / (c0 * c0)};
    }
}

/* Tests with a value of obs (not missing). */
static size_t count_present(const hf_maxwell_data *d, hf_maxwell_observable obs)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n; ++i)
        n += !isnan(d->value[obs][i]);
    return n;
}

static hf_status check_request(const hf_maxwell_data *d, double nu, hf_maxwell_observable obs,
                               hf_maxwell_weights weights, const hf_argatov_constants *k,
                               const hf_maxwell_estimate *out, hf_diag *diag)
{
    if (d == NULL || k == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "regression: missing data, constants or output");
    if (!isfinite(nu) || nu < 0.0 || nu > 0.5)
        return hf_diag_set(diag, HF_EDOM, "nu = %g is outside [0, 0.5]", nu);
    if (obs == HF_MAXWELL_E || (unsigned)obs >= HF_MAXWELL_NOBS)
        return hf_diag_set(diag, HF_EINVAL,
                           "no regression for observable '%s' (Argatov's are F_M, t_M, t_c)",
                           hf_maxwell_observable_name(obs));
    if (d->value[obs] == NULL)
        return hf_diag_set(diag, HF_ENOTFOUND, "%s%sno column '%s' for the %s regression",
                           d->path ? d->path : "", d->path ? ": " : "",
                           hf_maxwell_observable_column(obs), hf_maxwell_observable_name(obs));
    if (weights != HF_MAXWELL_WEIGHTS_NONE && weights != HF_MAXWELL_WEIGHTS_RELATIVE)
        return hf_diag_set(diag, HF_EINVAL, "unknown regression weights %d", (int)weights);
    size_t n = count_present(d, obs);
    if (n < MIN_TESTS)
        return hf_diag_set(diag, HF_EINVAL,
                           "%s regression needs at least %d tests with a value, the data has "
                           "%zu", hf_maxwell_observable_name(obs), MIN_TESTS, n);
    return hf_maxwell_data_check(d, diag);
}

/* HF_ESINGULAR when every x is the same (relative spread below 1e-12). */
static hf_status check_spread(const double *x, size_t n, hf_maxwell_observable obs,
                              hf_diag *diag)
{
    double lo = x[0], hi = x[0];
    for (size_t i = 1; i < n; ++i) {
        lo = fmin(lo, x[i]);
        hi = fmax(hi, x[i]);
    }
    if (!(hi - lo > 1e-12 * fabs(hi)))
        return hf_diag_set(diag, HF_ESINGULAR,
                           "%s regression is singular: every test has the same "
                           "V = (R V0/m^2)^(1/5) = %g", hf_maxwell_observable_name(obs), hi);
    return HF_OK;
}

/* Weighted R²: 1 − χ²/Σ w (y − ȳ_w)², ȳ_w the weighted mean (w = 1: the
 * ordinary R²). */
static double r_squared(const double *y, const double *w, size_t n, double chisq)
{
    double sw = 0.0, swy = 0.0, sst = 0.0;
    for (size_t i = 0; i < n; ++i) {
        sw += w[i];
        swy += w[i] * y[i];
    }
    for (size_t i = 0; i < n; ++i)
        sst += w[i] * (y[i] - swy / sw) * (y[i] - swy / sw);
    return sst > 0.0 ? 1.0 - chisq / sst : (chisq == 0.0 ? 1.0 : 0.0);
}

/* The line through (x, y).  Unweighted: gsl_fit_linear, whose covariance
 * is already scaled by the residual variance sumsq/(n − 2).  Weighted by
 * 1/y² (measurement noise proportional to the value): gsl_fit_wlinear,
 * whose covariance assumes the weights are exact 1/σ²; the noise level is
 * unknown, so it is scaled by the residual variance χ²/(n − 2) the same
 * way. */
static hf_status fit_line(hf_maxwell_weights weights, const double *x, const double *y,
                          const double *w, size_t n, double *c0, double *c1,
                          hf_maxwell_estimate *out, double *chisq, hf_diag *diag)
{
    const char *fn = weights == HF_MAXWELL_WEIGHTS_RELATIVE ? "gsl_fit_wlinear"
                                                            : "gsl_fit_linear";
    int gs = weights == HF_MAXWELL_WEIGHTS_RELATIVE
                 ? gsl_fit_wlinear(x, 1, w, 1, y, 1, n, c0, c1, &out->cov00, &out->cov01,
                                   &out->cov11, chisq)
                 : gsl_fit_linear(x, 1, y, 1, n, c0, c1, &out->cov00, &out->cov01, &out->cov11,
                                  chisq);
    if (gs != GSL_SUCCESS)
        return hf_diag_set(diag, HF_EGSL, "%s failed", fn);
    if (!isfinite(*c0) || !isfinite(*c1) || !isfinite(*chisq))
        return hf_diag_set(diag, HF_ERANGE, "%s gave intercept %g, slope %g, "
                           "chi^2 %g: the data overflow the fit", fn, *c0, *c1, *chisq);
    if (weights == HF_MAXWELL_WEIGHTS_RELATIVE) {
        double s2 = *chisq / (double)(n - 2);
        out->cov00 *= s2;
        out->cov01 *= s2;
        out->cov11 *= s2;
    }
    return HF_OK;
}

/* Largest ε over the tests of the line (those with a value of obs). */
static double largest_eps(const hf_maxwell_data *d, hf_maxwell_observable obs, double C0,
                          double eta)
{
    double m = -HUGE_VAL;
    for (size_t i = 0; i < d->n; ++i)
        if (!isnan(d->value[obs][i]))
            m = fmax(m, eta * C0 / hf_maxwell_speed_parameter(&d->impact[i]));
    return m;
}

static hf_status fill_estimate(const hf_maxwell_data *d, double nu, hf_maxwell_observable obs,
                               const hf_argatov_constants *k, double c0, double c1,
                               hf_maxwell_estimate *out, hf_diag *diag)
{
    derived C0, eta;
    invert_line(obs, k, c0, c1, &C0, &eta);
    if (!isfinite(C0.value) || !isfinite(eta.value) || C0.value == 0.0)
        return hf_diag_set(diag, HF_ERANGE,
                           "%s regression gives C0 = %g, eta = %g (intercept %g, slope %g): "
                           "outside the double range", hf_maxwell_observable_name(obs),
                           C0.value, eta.value, c0, c1);
    out->C0 = C0.value;
    out->eta = eta.value;
    hf_status st = propagated_se(&C0, out, obs, "C0", &out->C0_se, diag);
    if (st == HF_OK)
        st = propagated_se(&eta, out, obs, "eta", &out->eta_se, diag);
    if (st != HF_OK)
        return st;
    if (!(C0.value > 0.0)) {
        /* The data do not follow Argatov's line: no μ0 (Eq. 59 needs
         * C0 > 0); returned for hf_maxwell_estimate_quality to call
         * nonphysical rather than refused. */
        out->mu0 = out->mu0_se = NAN;
        out->max_eps = NAN;
        return HF_OK;
    }
    out->mu0 = hf_maxwell_mu0_from_compliance(C0.value, nu);
    /* Eq. 59: dμ0/dC0 = −(5/2) μ0/C0. */
    out->mu0_se = 2.5 * out->mu0 * out->C0_se / out->C0;
    if (!isfinite(out->mu0) || !isfinite(out->mu0_se))
        return hf_diag_set(diag, HF_ERANGE,
                           "%s regression gives C0 = %g, so mu0 = %g +- %g Pa: outside the "
                           "double range", hf_maxwell_observable_name(obs), out->C0, out->mu0,
                           out->mu0_se);
    out->max_eps = largest_eps(d, obs, out->C0, out->eta);
    return HF_OK;
}

/* The first-order bias of OUT (hertzfit/maxwell_data.h): the line of the
 * N points X with Hunter's exact y at OUT's (C0, η) in Y, weighted as the
 * data's, inverted as the data's line was.  NaN where Hunter's model has
 * no answer at this estimate (ε beyond it): then nothing is known. */
static void first_order_bias(const hf_maxwell_data *d, double nu, hf_maxwell_observable obs,
                             hf_maxwell_weights weights, const hf_argatov_constants *k,
                             const double *x, double *y, double *w, size_t n,
                             hf_maxwell_estimate *out)
{
    out->mu0_bias = out->eta_bias = NAN;
    if (!(out->C0 > 0.0) || !(out->eta > 0.0))
        return;
    for (size_t i = 0; i < n; ++i) {
        double V = obs == HF_MAXWELL_F_M ? x[i] : 1.0 / x[i];
        if (hf_maxwell_regression_model(out->C0, out->eta, obs, V, &y[i], NULL) != HF_OK)
            return;
        w[i] = weights == HF_MAXWELL_WEIGHTS_RELATIVE ? 1.0 / (y[i] * y[i]) : 1.0;
    }
    hf_maxwell_estimate exact = *out;
    double c0, c1, chisq;
    if (fit_line(weights, x, y, w, n, &c0, &c1, &exact, &chisq, NULL) != HF_OK ||
        fill_estimate(d, nu, obs, k, c0, c1, &exact, NULL) != HF_OK || !(exact.C0 > 0.0))
        return;
    out->mu0_bias = exact.mu0 - out->mu0;
    out->eta_bias = exact.eta - out->eta;
}

/* The line's goodness of fit against the standard uncertainties u of the
 * measured values (the columns u_F_M_N, u_t_M_s, u_t_c_s 'maxwell extract'
 * writes): chi2 = sum over the tests of ((y - c0 - c1 x)/u_y)^2 on n - 2
 * degrees of freedom (two coefficients fitted), u_y = u dy/dvalue (y is
 * proportional to the measured value, Eqs. 57, 60, 62), the noise known
 * (noise_dof 0).  hf_maxwell_estimate_quality judges it with hf_fit_misfit,
 * the rule of the fits.  Left unmeasured (gof_dof 0) when the data carry no
 * uncertainty of OBS or some test's is not a positive number: a test without
 * its noise cannot be weighed. */
static void line_against_uncertainty(const hf_maxwell_data *d, hf_maxwell_observable obs,
                                     double c0, double c1, hf_maxwell_estimate *out)
{
    const double *u = d->uncertainty[obs];
    if (u == NULL)
        return;
    double chi2 = 0.0;
    size_t n = 0;
    for (size_t i = 0; i < d->n; ++i) {
        if (isnan(d->value[obs][i]))
            continue;
        double x, y, x1, dy_dvalue;
        hf_maxwell_regression_point(&d->impact[i], obs, d->value[obs][i], &x, &y);
        hf_maxwell_regression_point(&d->impact[i], obs, 1.0, &x1, &dy_dvalue);
        double u_y = fabs(dy_dvalue) * u[i];
        if (!(u_y > 0.0) || !isfinite(u_y))
            return;
        double r = (y - c0 - c1 * x) / u_y;
        chi2 += r * r;
        ++n;
    }
    if (n < MIN_TESTS || !isfinite(chi2))
        return;
    out->gof_dof = n - 2;
    out->noise_dof = 0;
    out->chi2_red = chi2 / (double)out->gof_dof;
}

hf_status hf_maxwell_regress(const hf_maxwell_data *d, double nu, hf_maxwell_observable obs,
                             hf_maxwell_weights weights, const hf_argatov_constants *k,
                             hf_maxwell_estimate *out, hf_diag *diag)
{
    hf_status st = check_request(d, nu, obs, weights, k, out, diag);
    if (st != HF_OK)
        return st;
    double *x = malloc(3 * d->n * sizeof *x); /* x, y, w; freed below */
    if (x == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    double *y = x + d->n, *w = y + d->n;
    size_t n = 0;
    for (size_t i = 0; i < d->n && st == HF_OK; ++i)
        if (!isnan(d->value[obs][i])) {
            st = point(d, obs, weights, i, &x[n], &y[n], &w[n], diag);
            ++n;
        }
    if (st != HF_OK) {
        free(x);
        return st;
    }
    memset(out, 0, sizeof *out);
    out->chi2_red = out->runs_z = out->mu0_eta_corr = NAN; /* chi2_red: below */
    out->method = HF_MAXWELL_REGRESSION;
    out->weights = weights;
    out->observables = 1u << obs;
    out->n = n;
    st = check_spread(x, n, obs, diag);
    double c0 = 0.0, c1 = 0.0, chisq = 0.0;
    if (st == HF_OK)
        st = fit_line(weights, x, y, w, n, &c0, &c1, out, &chisq, diag);
    if (st == HF_OK) {
        out->intercept = c0;
        out->slope = c1;
        out->r2 = r_squared(y, w, n, chisq);
        st = fill_estimate(d, nu, obs, k, c0, c1, out, diag);
    }
    if (st == HF_OK) {
        line_against_uncertainty(d, obs, c0, c1, out);
        first_order_bias(d, nu, obs, weights, k, x, y, w, n, out);
    }
    free(x);
    return st;
}

hf_status hf_maxwell_estimate_to_sls(hf_maxwell_estimate *est, double alpha, hf_diag *diag)
{
    if (est == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no estimate");
    if (!isfinite(alpha) || !(alpha > 0.0) || alpha > 1.0)
        return hf_diag_set(diag, HF_EDOM, "alpha = %g is outside (0, 1]", alpha);
    if (est->method != HF_MAXWELL_REGRESSION)
        return hf_diag_set(diag, HF_EINVAL, "only a regression's eta is the Maxwell alpha/tau");
    est->eta /= alpha;
    est->eta_se /= alpha;
    est->eta_bias /= alpha;
    est->sls_alpha = alpha;
    return HF_OK;
}
