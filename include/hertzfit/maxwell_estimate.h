/*
 * hertzfit/maxwell_estimate.h — estimates of a Maxwell material (μ0, η)
 * from drop tests (hertzfit/maxwell_data.h): Argatov's regressions, and
 * the full-model misfit as an optimisation problem.  The fit that runs an
 * optimiser on that problem is hertzfit/maxwell_fit.h.
 *
 *  - regression (Argatov Section 4): a straight line on
 *      Eq. 57: F_M/(m V0) = (5/4)/C0 · 𝒱 − c_M^F η            (x = 𝒱)
 *      Eq. 60: 𝒱 t_M = τ_m⁰ C0 − c_M^t η C0² · (1/𝒱)           (x = 1/𝒱)
 *      Eq. 62: 𝒱 t_c = 2τ_m⁰ C0 + c_c^t η C0² · (1/𝒱)          (x = 1/𝒱)
 *    by ordinary least squares (GSL's gsl_fit_linear: the plain linear
 *    regression Argatov describes; standard errors from the residual
 *    variance), or with weights 1/y² (gsl_fit_wlinear, covariance scaled
 *    by the residual variance) when the measurement errors are a fixed
 *    fraction of the value, as with a relative noise: y spans a factor ~6
 *    over a typical data set, and unweighted standard errors then
 *    misstate the scatter (by ~25 % for μ0 from F_M at 1 % noise).
 *    C0 and η come from the two coefficients and μ0 from Eq. 59; their
 *    standard errors are propagated from the coefficient covariance
 *    (first order).  These formulas truncate at first order in ε, so the
 *    estimates are biased when ε is not small (Argatov: < 5 % error for
 *    ε <= 0.2); the estimate reports the largest ε so callers can warn.
 *    Tests whose observable is missing (NaN) are left out of its line.
 *  - full (hertzfit's own): the sum of squared relative residuals
 *    (model − measured)/measured of every observable present, the model
 *    being Hunter's numerical solution (no truncation).  At a point of
 *    that problem, hf_maxwell_objective_estimate gives the estimate with
 *    standard errors s²(JᵀJ)⁻¹ (gsl_multifit_covar), J the Jacobian of the
 *    relative residuals by central differences and s² = SSR/(N − 2), N the
 *    number of measured values (missing ones are not fitted).
 */
#ifndef HERTZFIT_MAXWELL_ESTIMATE_H
#define HERTZFIT_MAXWELL_ESTIMATE_H

#include <stddef.h>
#include "hertzfit/argatov.h"
#include "hertzfit/hunter.h"
#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/problem.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hf_maxwell_method {
    HF_MAXWELL_REGRESSION,   /* Argatov's straight line */
    HF_MAXWELL_FULL,         /* Hunter's model, all observables at once */
    HF_MAXWELL_CURVE         /* Hunter's model, the whole force histories
                                (hertzfit/maxwell_fit.h) */
} hf_maxwell_method;

/* "regression", "full", "curve". */
const char *hf_maxwell_method_name(hf_maxwell_method method);

/* The weights of a regression line. */
typedef enum hf_maxwell_weights {
    HF_MAXWELL_WEIGHTS_NONE,       /* ordinary least squares (Argatov Section 4) */
    HF_MAXWELL_WEIGHTS_RELATIVE    /* 1/y²: errors proportional to the value */
} hf_maxwell_weights;

/* "none", "relative". */
const char *hf_maxwell_weights_name(hf_maxwell_weights weights);

/* One identification result. */
typedef struct hf_maxwell_estimate {
    hf_maxwell_method method;
    hf_maxwell_weights weights;  /* regression only */
    unsigned observables;     /* bits 1 << obs: the one regressed, or those fitted
                                 (hf_maxwell_observables_name spells them); 0 for
                                 the curve fit, which fits F(t) */
    size_t n;                 /* tests used (with the observable, for a regression) */
    double mu0, mu0_se;       /* Pa; NaN when the line gives C0 <= 0 (no μ0) */
    double eta, eta_se;       /* 1/s */
    double C0, C0_se;         /* Eq. 52 */
    double r2;                /* regression: R² of the line (weighted with its
                                 weights); full: 1 − SSR/SST
                                 with SST the sum over fitted observables of
                                 ((y − ȳ)/y)² */
    double max_eps;           /* largest ε = η C0/𝒱 over the tests, at the estimate */
    /* regression only: y = intercept + slope·x and their covariance */
    double intercept, slope, cov00, cov01, cov11;
    /* full only */
    double misfit;            /* sum of squared relative residuals */
    /* Goodness of fit (the curve fit; gof_dof 0 where there is no independent
     * noise measure: the regressions and the full fit, whose features carry
     * no noise of their own to compare with).  chi2_red = Σ (r/σ_i)²/gof_dof
     * with σ_i each drop's noise measured before contact; it is ~1 ± √(2/dof)
     * when the residuals are noise.  runs_z: the Wald–Wolfowitz runs test on
     * the residual signs (each drop's runs summed), (R − E[R])/√Var R: far
     * below 0 (too few sign changes) when the residuals follow a curve. */
    double chi2_red;          /* reduced χ² against the pre-contact noise */
    size_t gof_dof;           /* its degrees of freedom: samples fitted − parameters */
    size_t noise_dof;         /* degrees of freedom of the noise measure */
    double runs_z;            /* runs test statistic (NaN without residuals) */
    double mu0_eta_corr;      /* correlation of the (μ0, η) estimates from the
                                 covariance: the curve and full fits; NaN
                                 for the regressions) */
    double sls_alpha;         /* the relaxing fraction a regression's η was read
                                 for (hf_maxwell_estimate_to_sls); 0 = Maxwell */
} hf_maxwell_estimate;

/* How far an estimate can be trusted.  Only a well-determined one is
 * "ok": μ0 and η positive (a Maxwell material has no other) and μ0 at most
 * HF_MAXWELL_MU0_MAX, each with a standard error that is finite, > 0 and
 * at most HF_MAXWELL_RSE_MAX of the value (a zero standard error is a
 * singular Jacobian or a pinned estimate, never an exact answer), R² at
 * least HF_MAXWELL_R2_MIN, and — where the goodness of fit is measured
 * (gof_dof > 0) — residuals that are noise: reduced χ² not above the
 * noise's F-distribution's 1 − HF_MAXWELL_GOF_P quantile, and no fewer
 * runs of residual signs than that level allows (runs_z above the normal
 * quantile of HF_MAXWELL_GOF_P, checked when χ² is above 1: structure
 * below the noise does not matter). */
typedef enum hf_maxwell_quality {
    HF_MAXWELL_WELL_DETERMINED,    /* "ok" */
    HF_MAXWELL_NONPHYSICAL,        /* "nonphysical": μ0 or η <= 0, no μ0, or μ0 above
                                      any solid's */
    HF_MAXWELL_POORLY_DETERMINED,  /* "poorly-determined": se (zero, non-finite,
                                      large) or R² */
    HF_MAXWELL_MODEL_INADEQUATE    /* "model-inadequate": the residuals are not noise,
                                      the model does not describe the data */
} hf_maxwell_quality;

#define HF_MAXWELL_RSE_MAX 0.5
#define HF_MAXWELL_R2_MIN 0.5
/* The largest plausible shear modulus [Pa]: diamond's is 5.4e11 Pa; a μ0
 * above 1e12 Pa comes from units or geometry, never from a material. */
#define HF_MAXWELL_MU0_MAX 1e12
/* False-alarm probability of each goodness-of-fit test on residuals that
 * are noise (one-sided). */
#define HF_MAXWELL_GOF_P 1e-3
/* A regression read for a standard linear solid sees only the short-time
 * slope μ0 α/τ of its relaxation (Eqs. 48-49): it holds while the contact's
 * time scale C0/𝒱 is short against τ, i.e. max_eps/α <= this. */
#define HF_MAXWELL_SLS_TAU_RATIO_MAX 1.0

/* "ok", "nonphysical", "poorly-determined", "model-inadequate". */
const char *hf_maxwell_quality_name(hf_maxwell_quality quality);

/* The quality of ESTIMATE; when reason is not NULL, one sentence saying
 * why it is not ok ("eta = -12.3 1/s is not positive", "the relative
 * standard error of eta is 79 % > 50 %", "R^2 = 0.41 < 0.5"), or "" for
 * ok, into reason (at most size bytes). */
hf_maxwell_quality hf_maxwell_estimate_quality(const hf_maxwell_estimate *estimate,
                                               char *reason, size_t size);

/* ---- Argatov's regressions ---------------------------------------------- */

/* The regression coordinates of Eqs. 57, 60 and 62 of one test: x = 𝒱
 * and y = F_M/(m V0) for F_M; x = 1/𝒱 and y = 𝒱·MEASURED for t_M and t_c
 * (𝒱 = (R V0/m²)^{1/5}).  Pure function (NaN for e, which has no
 * regression). */
void hf_maxwell_regression_point(const hf_maxwell_impact *impact, hf_maxwell_observable obs,
                                 double measured, double *x, double *y);

/* A regression estimate read for a standard linear solid of relaxing
 * fraction alpha (Argatov Eqs. 48–49): the regressions see only the
 * short-time slope of the relaxation modulus, μ0 α/τ, so their η is α/τ;
 * this divides eta and eta_se by alpha, giving 1/τ of Eq. 47, and
 * records alpha in sls_alpha (the quality then asks max_eps/alpha <=
 * HF_MAXWELL_SLS_TAU_RATIO_MAX).  μ0, C0,
 * the line and max_eps (then Eq. 49's ε) are unchanged; the first-order
 * bias grows as alpha falls (docs/argatov.md).  HF_EDOM for alpha outside
 * (0, 1], HF_EINVAL for a full-fit estimate (its η is already 1/τ). */
hf_status hf_maxwell_estimate_to_sls(hf_maxwell_estimate *estimate, double alpha,
                                     hf_diag *diag);

/* The abscissa of Eqs. 57, 60, 62 at 𝒱: 𝒱 for F_M, 1/𝒱 for t_M and t_c. */
double hf_maxwell_regression_x(hf_maxwell_observable obs, double speed_parameter);

/* Hunter's model (default tolerances) in the regression coordinates of
 * OBS at 𝒱 = speed_parameter for a material of compliance C0 (Eq. 52) and
 * η: every observable depends on 𝒱 alone there (ε = η C0/𝒱), so this is
 * the full model's curve on the plot of a regression.  OBS is F_M, t_M or
 * t_c (HF_EINVAL for e); the errors of hf_hunter_simulate. */
hf_status hf_maxwell_regression_model(double C0, double eta, hf_maxwell_observable obs,
                                      double speed_parameter, double *y, hf_diag *diag);

/* Eq. 57 / 60 / 62 regression on observable F_M, t_M or t_c, with
 * WEIGHTS, over the tests that have it.  HF_ENOTFOUND when the column is
 * absent, HF_EINVAL for e (no regression in the paper) or fewer than 3
 * tests with a value, HF_ESINGULAR when every test has the same 𝒱,
 * HF_EDOM for ν outside [0, 0.5], HF_ERANGE when a coordinate, a weight,
 * a variance or μ0 leaves the double range.  A line that gives C0 <= 0
 * (data not of the form of the equation) is returned (HF_OK) with μ0 NaN:
 * hf_maxwell_estimate_quality calls it nonphysical. */
hf_status hf_maxwell_regress(const hf_maxwell_data *data, double nu,
                             hf_maxwell_observable obs, hf_maxwell_weights weights,
                             const hf_argatov_constants *constants,
                             hf_maxwell_estimate *out, hf_diag *diag);

/* ---- the full-model misfit ------------------------------------------------ */

typedef struct hf_maxwell_objective_options {
    double nu;                /* Poisson's ratio, [0, 0.5] (default 0.5) */
    double mu0_ref, eta_ref;  /* centre of the search box, > 0 (the fit of
                                 hertzfit/maxwell_fit.h takes <= 0 to mean
                                 "centre on the regression estimate") */
    double mu0_box;           /* μ0 in mu0_ref·[1 − mu0_box, 1 + mu0_box] (default 0.5) */
    double eta_box;           /* η in eta_ref·[1 − eta_box, 1 + eta_box] (default 0.95) */
    unsigned mask;            /* observables to fit (bits 1 << obs); 0 = all present */
    hf_hunter_options ode;    /* tolerances of each simulation */
    double fd_step;           /* relative step of the Jacobian (default 1e-5) */
    double alpha;             /* the material model: 1 (default) the Maxwell
                                 solid; in (0, 1) the standard linear solid of
                                 that (μ0 − μ∞)/μ0 (Argatov Eq. 47), whose
                                 η = 1/τ is then fitted with μ0 */
} hf_maxwell_objective_options;

/* The defaults above; mu0_ref = eta_ref = 0 (to be set). */
void hf_maxwell_objective_options_init(hf_maxwell_objective_options *options);

/* The full-model misfit as an optimisation problem.  Variables are scaled
 * so both are of order 1: x0 = μ0/mu0_ref, x1 = η/eta_ref, bounds from the
 * boxes above.  The objective is the sum of squared relative residuals; a
 * simulation failure (ε beyond HF_HUNTER_EPS_MAX) gives NaN, which the
 * optimiser wrapper counts as a failed evaluation.  The 2-variable problem
 * is registered as `maxwell-full` by the benchmark suite.  The objective
 * evaluates the tests on OpenMP threads and sums them in a fixed order, so
 * its value does not depend on the thread count; it is safe to call from
 * several threads.  obj borrows data (keep it alive).
 *
 * Example (built and run by the test header_examples): the misfit of the
 * clean synthetic data vanishes at the material that made them.
 * ```c
 * hf_diag diag = {{0}};
 * hf_maxwell_data *data = NULL;         // owned: hf_maxwell_data_free
 * hf_maxwell_objective *obj = NULL;     // owned: hf_maxwell_objective_free
 * hf_maxwell_objective_options options;
 * hf_maxwell_objective_options_init(&options);
 * options.nu = 0.5;
 * options.mu0_ref = 1e7;                // x = (1, 1) is (mu0_ref, eta_ref)
 * options.eta_ref = 300.0;
 * hf_status st = hf_maxwell_data_read("data/maxwell_synthetic_clean.csv", NULL, &data, &diag);
 * if (st == HF_OK) st = hf_maxwell_objective_alloc(data, &options, &obj, &diag);
 * double at_truth = NAN;
 * if (st == HF_OK) {
 *     const hf_problem *p = hf_maxwell_objective_problem(obj);   // lives with obj
 *     const double x[2] = {1.0, 1.0};
 *     at_truth = p->f(x, p->ctx);
 * }
 * hf_maxwell_objective_free(obj);
 * hf_maxwell_data_free(data);
 * return st == HF_OK && at_truth < 1e-12 ? 0 : 1;
 * ```
 */
typedef struct hf_maxwell_objective hf_maxwell_objective;

/* HF_EDOM for a reference point that is not finite and > 0, HF_ERANGE
 * for boxes or a Jacobian step outside their ranges, HF_ENOTFOUND when
 * the data have none of the observables to fit, HF_EINVAL for 2 measured
 * values or fewer, and the errors of hf_maxwell_data_check. */
hf_status hf_maxwell_objective_alloc(const hf_maxwell_data *data,
                                     const hf_maxwell_objective_options *options,
                                     hf_maxwell_objective **out, hf_diag *diag);
void hf_maxwell_objective_free(hf_maxwell_objective *obj);

/* The problem view ("maxwell-full", the scaled box); valid while obj lives. */
const hf_problem *hf_maxwell_objective_problem(const hf_maxwell_objective *obj);

/* Physical (μ0, η) of a point x of the problem. */
void hf_maxwell_objective_params(const hf_maxwell_objective *obj, const double *x,
                                 double *mu0, double *eta);

/* How many relative residuals (model − measured)/measured the objective
 * has: tests outer and observables inner in hf_maxwell_observable order,
 * only the fitted ones (the residuals of hf_maxwell_objective_estimate);
 * a missing (NaN) value's residual is 0 and is not counted in the
 * degrees of freedom of the standard errors. */
size_t hf_maxwell_objective_nresiduals(const hf_maxwell_objective *obj);

/* The full-model estimate at the point x of the problem (an optimum):
 * (μ0, η), standard errors from the Jacobian, misfit, r2, max_eps, and —
 * when residuals is not NULL — the relative residuals there
 * (hf_maxwell_objective_nresiduals entries).  HF_ERANGE when a standard
 * error cannot be computed (NaN or negative variance: the data do not
 * determine that parameter), HF_EDOM when a simulation fails. */
hf_status hf_maxwell_objective_estimate(const hf_maxwell_objective *obj, const double *x,
                                        hf_maxwell_estimate *out, double *residuals,
                                        hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
