/*
 * hertzfit/maxwell_fit.h — identifying a Maxwell material (μ0, η) from
 * spherical drop/impact tests.
 *
 * Data: a CSV with a header.  Required columns m_kg, R_m, V0_mps; optional
 * observables F_M_N, t_M_s, t_c_s, e (at least one).  Blank lines, '#'
 * comments and any column order are allowed; other columns are ignored.
 *
 * Two methods:
 *  - regression (Argatov Section 4): a straight line through GSL's
 *    gsl_fit_wlinear, weights 1/y² (relative measurement errors), with its
 *    covariance scaled by the residual variance, on
 *      Eq. 57: F_M/(m V0) = (5/4)/C0 · 𝒱 − c_M^F η            (x = 𝒱)
 *      Eq. 60: 𝒱 t_M = τ_m⁰ C0 − c_M^t η C0² · (1/𝒱)           (x = 1/𝒱)
 *      Eq. 62: 𝒱 t_c = 2τ_m⁰ C0 + c_c^t η C0² · (1/𝒱)          (x = 1/𝒱)
 *    C0 and η come from the two coefficients and μ0 from Eq. 59; their
 *    standard errors are propagated from the coefficient covariance
 *    (first order).  These formulas truncate at first order in ε, so the
 *    estimates are biased when ε is not small (Argatov: < 5 % error for
 *    ε <= 0.2); the estimate reports the largest ε so callers can warn.
 *  - full (hertzfit's own): (μ0, η) minimising the sum of squared relative
 *    residuals (model − measured)/measured of every observable present,
 *    the model being Hunter's numerical solution (no truncation).  Any
 *    registered optimiser; NLopt's LN_BOBYQA by default.  Standard errors
 *    are s²(JᵀJ)⁻¹ (gsl_multifit_covar) with J the Jacobian of the relative
 *    residuals by central differences at the optimum and
 *    s² = SSR/(N − 2).
 */
#ifndef HERTZFIT_MAXWELL_FIT_H
#define HERTZFIT_MAXWELL_FIT_H

#include <stddef.h>
#include "hertzfit/argatov.h"
#include "hertzfit/hunter.h"
#include "hertzfit/maxwell.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/problem.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hf_maxwell_observable {
    HF_MAXWELL_F_M,   /* peak contact force, column F_M_N */
    HF_MAXWELL_T_M,   /* time of the peak force, column t_M_s */
    HF_MAXWELL_T_C,   /* contact duration, column t_c_s */
    HF_MAXWELL_E,     /* coefficient of restitution, column e */
    HF_MAXWELL_NOBS
} hf_maxwell_observable;

/* "F_M", "t_M", "t_c", "e". */
const char *hf_maxwell_observable_name(hf_maxwell_observable obs);
/* "F_M_N", "t_M_s", "t_c_s", "e". */
const char *hf_maxwell_observable_column(hf_maxwell_observable obs);
/* The observable of a response. */
double hf_maxwell_response_get(const hf_maxwell_response *r, hf_maxwell_observable obs);

typedef struct hf_maxwell_data {
    size_t n;                              /* number of tests */
    hf_maxwell_impact *impact;             /* n impacts (owned) */
    double *value[HF_MAXWELL_NOBS];        /* n values each (owned), NULL if absent */
    size_t *line;                          /* CSV line of each test (owned), or NULL */
    char *path;                            /* file it was read from (owned), or NULL */
} hf_maxwell_data;

/* Allocates n tests with the observables whose bit (1 << obs) is set in
 * mask; values are zero.  *out is owned by the caller (hf_maxwell_data_free). */
hf_status hf_maxwell_data_alloc(size_t n, unsigned mask, hf_maxwell_data **out);
void hf_maxwell_data_free(hf_maxwell_data *data);
/* Bit set of the observables present. */
unsigned hf_maxwell_data_mask(const hf_maxwell_data *data);

/* Reads and checks PATH (see above).  Every failure names PATH:LINE:COLUMN
 * where there is a cell to blame: HF_EIO, HF_EPARSE (not a number, ragged
 * row), HF_EDOM (NaN/inf, m, R, V0 or an observable <= 0, e > 1),
 * HF_ENOTFOUND (missing required column, or no observable column),
 * HF_EINVAL (no data rows). */
hf_status hf_maxwell_data_read(const char *path, hf_maxwell_data **out, hf_diag *diag);

/* Reads only the impacts (m_kg, R_m, V0_mps) of PATH, for simulating a
 * grid of tests; observable columns are ignored (mask 0).  Same errors. */
hf_status hf_maxwell_grid_read(const char *path, hf_maxwell_data **out, hf_diag *diag);

/* Checks values already in memory the same way (test index instead of
 * the line when the data did not come from a file). */
hf_status hf_maxwell_data_check(const hf_maxwell_data *data, hf_diag *diag);

/* One identification result. */
typedef struct hf_maxwell_estimate {
    char method[16];          /* "regression" or "full" */
    char observable[32];      /* "F_M", "t_M", "t_c", or e.g. "F_M+t_M+t_c+e" */
    size_t n;                 /* tests used */
    double mu0, mu0_se;       /* Pa */
    double eta, eta_se;       /* 1/s */
    double C0, C0_se;         /* Eq. 52 */
    double r2;                /* regression: weighted R² of the line; full: see below */
    double max_eps;           /* largest ε = η C0/𝒱 over the tests, at the estimate */
    /* regression only: y = intercept + slope·x and their covariance */
    double intercept, slope, cov00, cov01, cov11;
    /* full only */
    double misfit;            /* sum of squared relative residuals */
    size_t evaluations;       /* objective calls made by the optimiser (all runs) */
    hf_stop_reason stop;      /* why the last optimiser run stopped
                                 (HF_STOP_NONE for a regression) */
    unsigned at_bound;        /* HF_MAXWELL_AT_* bits: the optimum sits on the
                                 search box after every re-centring */
    unsigned recentred;       /* runs repeated on a box moved to the optimum */
} hf_maxwell_estimate;

/* hf_maxwell_estimate.at_bound bits.  On a bound the optimum of the box is
 * not a stationary point of the misfit, and its standard errors mean
 * nothing. */
#define HF_MAXWELL_AT_MU0_LOWER 1u
#define HF_MAXWELL_AT_MU0_UPPER 2u
#define HF_MAXWELL_AT_ETA_LOWER 4u
#define HF_MAXWELL_AT_ETA_UPPER 8u

/* "ok" for a regression; for a full fit "converged" when the optimiser met
 * its own tolerance inside the box, otherwise the stop reason ("maxeval",
 * "maxiter", ...) and/or "at-bound", joined by '+'.  Writes at most size
 * bytes into buf and returns it. */
const char *hf_maxwell_estimate_status(const hf_maxwell_estimate *e, char *buf, size_t size);
/* 1 when a full fit's result should not be trusted: stopped by a budget or
 * a failure, or on the search box. */
int hf_maxwell_estimate_suspect(const hf_maxwell_estimate *e);

/* Eq. 57 / 60 / 62 regression on observable F_M, t_M or t_c.
 * HF_ENOTFOUND when the column is absent, HF_EINVAL for e (no regression
 * in the paper) or fewer than 3 tests, HF_ESINGULAR when every test has
 * the same 𝒱, HF_EDOM for ν outside [0, 0.5], HF_ERANGE when the fitted
 * line gives a non-positive C0 (data not of the form of the equation). */
hf_status hf_maxwell_regress(const hf_maxwell_data *data, double nu,
                             hf_maxwell_observable obs,
                             const hf_argatov_constants *constants,
                             hf_maxwell_estimate *out, hf_diag *diag);

/* ---- full-model fit -------------------------------------------------- */

typedef struct hf_maxwell_fit_options {
    double nu;                /* Poisson's ratio, [0, 0.5] */
    double mu0_ref, eta_ref;  /* centre of the search box; <= 0: take the
                                 regression estimate (see hf_maxwell_fit_full) */
    double mu0_box;           /* μ0 in mu0_ref·[1 − mu0_box, 1 + mu0_box] (default 0.5) */
    double eta_box;           /* η in eta_ref·[1 − eta_box, 1 + eta_box] (default 0.95) */
    unsigned mask;            /* observables to fit (bits 1 << obs); 0 = all present */
    hf_hunter_options ode;    /* tolerances of each simulation */
    double fd_step;           /* relative step of the Jacobian (default 1e-5) */
    unsigned recentre_max;    /* when the optimum lands on the box, move the
                                 box centre there and run again, at most this
                                 many times (default 3) */
} hf_maxwell_fit_options;

void hf_maxwell_fit_options_init(hf_maxwell_fit_options *options);

/* The full-model misfit as an optimisation problem.  Variables are scaled
 * so both are of order 1: x0 = μ0/mu0_ref, x1 = η/eta_ref, bounds from the
 * boxes above.  The objective is the sum of squared relative residuals; a
 * simulation failure (ε beyond HF_HUNTER_EPS_MAX) gives NaN, which the
 * optimiser wrapper counts as a failed evaluation.  The 2-variable problem
 * is registered as `maxwell-full` by the benchmark suite: build it with
 *   hf_maxwell_objective *obj = NULL;
 *   hf_maxwell_objective_alloc(data, &options, &obj, &diag);  // caller frees
 *   hf_problem p; hf_maxwell_fit_problem(obj, &p);             // borrows obj
 * mu0_ref and eta_ref must be > 0 here.  The objective evaluates the tests
 * on OpenMP threads and sums them in a fixed order, so its value does not
 * depend on the thread count; it is safe to call from several threads.
 * obj borrows data (keep it alive). */
typedef struct hf_maxwell_objective hf_maxwell_objective;

hf_status hf_maxwell_objective_alloc(const hf_maxwell_data *data,
                                     const hf_maxwell_fit_options *options,
                                     hf_maxwell_objective **out, hf_diag *diag);
void hf_maxwell_objective_free(hf_maxwell_objective *obj);
hf_status hf_maxwell_fit_problem(const hf_maxwell_objective *obj, hf_problem *problem);
/* Physical (μ0, η) of a point x of the problem. */
void hf_maxwell_objective_params(const hf_maxwell_objective *obj, const double *x,
                                 double *mu0, double *eta);
/* Relative residuals (model − measured)/measured at (μ0, η), tests outer and
 * observables inner in hf_maxwell_observable order, only the fitted ones:
 * out has hf_maxwell_objective_nresiduals() entries.  HF_EDOM when a
 * simulation fails. */
size_t hf_maxwell_objective_nresiduals(const hf_maxwell_objective *obj);
hf_status hf_maxwell_objective_residuals(const hf_maxwell_objective *obj, double mu0,
                                         double eta, double *out, hf_diag *diag);

/* Fits (μ0, η) with optimiser OPT (created by the caller) and run config
 * RUN.  When options->mu0_ref or eta_ref is <= 0 the box is centred on the
 * regression estimate of the first observable among F_M, t_M, t_c present
 * (η from it, or 0.1/max(w_m⁰/V0) if it is not positive).  The run starts
 * at that centre (run->x0 = {1, 1} in the scaled variables) unless run->x0
 * is set, so a local optimiser starts from the regression estimate.  Fills *out
 * (standard errors from the Jacobian; r2 = 1 − SSR/SST with SST the sum
 * over fitted observables of ((y − ȳ)/y)²) and, when residuals is not NULL,
 * the relative residuals at the optimum (hf_maxwell_objective_nresiduals
 * entries; pass a buffer of n·HF_MAXWELL_NOBS doubles).  *fitted_mask
 * (may be NULL) receives the observables fitted.  out->stop is the last
 * run's stop reason; when that run ends on the box (within 1e-6 of a bound
 * in the scaled variables) the box is re-centred on the optimum and the
 * fit repeated, up to options->recentre_max times; out->at_bound flags an
 * optimum still on the box after that.  A fit that did not converge is
 * still returned (HF_OK): check hf_maxwell_estimate_suspect.  HF_ENOCONV
 * when no evaluation succeeded, HF_ERANGE when a standard error cannot be
 * computed (NaN or negative variance). */
hf_status hf_maxwell_fit_full(const hf_maxwell_data *data,
                              const hf_maxwell_fit_options *options,
                              const hf_argatov_constants *constants,
                              const hf_optimizer *opt, const hf_run_config *run,
                              hf_maxwell_estimate *out, double *residuals,
                              unsigned *fitted_mask, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
