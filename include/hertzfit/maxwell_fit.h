/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/maxwell_fit.h — the full-model identification of a Maxwell
 * material (μ0, η) from drop tests, and the whole-curve fit of their force
 * histories (below).  Full fit: an optimiser minimises the misfit of
 * hertzfit/maxwell_data.h over a box, re-centred while the optimum
 * sits on it, and the estimate at the optimum gets its standard errors
 * from the Jacobian.
 *
 * Defaults (hf_maxwell_fit_config_init): NLopt's LN_BOBYQA, a local
 * optimiser started from Argatov's regression estimate, with xtol_rel
 * 1e-9 of the box-scaled variables (far below any data's noise; NLopt's
 * local algorithms otherwise run to their budget), seed 1, the
 * optimiser's own budget, 3 re-centrings.
 *
 * Example (built and run by the test header_examples): μ0 and η of the
 * clean synthetic drop tests (made at μ0 = 10 MPa, η = 300 1/s).
 * ```c
 * hf_diag diag = {{0}};
 * hf_maxwell_data *data = NULL;       // owned: hf_maxwell_data_free
 * hf_argatov_constants constants;
 * hf_maxwell_fit_config cfg;
 * hf_maxwell_fit_config_init(&cfg);   // BOBYQA from the regression estimate
 * cfg.objective.nu = 0.5;
 * hf_maxwell_fit_result fit;
 * hf_status st = hf_maxwell_data_read("data/maxwell_synthetic_clean.csv", NULL, &data, &diag);
 * if (st == HF_OK) st = hf_argatov_constants_compute(&constants, &diag);
 * if (st == HF_OK) st = hf_maxwell_fit_full(data, &constants, &cfg, &fit, NULL, &diag);
 * char status[64] = "";
 * if (st == HF_OK)
 *     hf_maxwell_fit_status(&fit, status, sizeof status);   // "converged"
 * hf_maxwell_data_free(data);
 * return st == HF_OK && !hf_maxwell_fit_suspect(&fit) && strcmp(status, "converged") == 0 &&
 *        fabs(fit.estimate.mu0 / 1e7 - 1.0) < 1e-4 &&
 *        fabs(fit.estimate.eta / 300.0 - 1.0) < 1e-4 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_MAXWELL_FIT_H
#define HERTZFIT_MAXWELL_FIT_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/optimizer.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default optimiser of the fit. */
#define HF_MAXWELL_FIT_OPTIMIZER "nlopt:LN_BOBYQA"

typedef struct hf_maxwell_fit_config {
    hf_maxwell_objective_options objective; /* ν, boxes, observables, tolerances;
                                               mu0_ref or eta_ref <= 0 (the default):
                                               centre the box on the regression
                                               estimate (see hf_maxwell_fit_full) */
    const char *optimizer;    /* registered name (default HF_MAXWELL_FIT_OPTIMIZER) */
    double xtol_rel;          /* set on an optimiser that has this parameter
                                 (every nlopt:*; default 1e-9); 0 = leave its own */
    uint64_t seed;            /* PCG32 seed of the runs (default 1) */
    size_t max_evals;         /* evaluation budget of each run; 0 = the optimiser's own */
    unsigned recentre_max;    /* when the optimum lands on the box, move the box
                                 centre there and run again, at most this many
                                 times (default 3) */
    void *algorithm_user;     /* the caller's, untouched: every run's
                                 hf_run_config.algorithm_user, so a registered
                                 optimiser's run (also a bootstrap replicate's,
                                 on a library thread) knows whose call it
                                 serves.  NULL by default. */
} hf_maxwell_fit_config;

/* The defaults above; hf_maxwell_objective_options_init for the objective. */
void hf_maxwell_fit_config_init(hf_maxwell_fit_config *cfg);

/* hf_maxwell_fit_result.at_bound bits.  On a bound the optimum of the box
 * is not a stationary point of the misfit, and its standard errors mean
 * nothing. */
#define HF_MAXWELL_AT_MU0_LOWER 1u
#define HF_MAXWELL_AT_MU0_UPPER 2u
#define HF_MAXWELL_AT_ETA_LOWER 4u
#define HF_MAXWELL_AT_ETA_UPPER 8u

typedef struct hf_maxwell_fit_result {
    hf_maxwell_estimate estimate;  /* method HF_MAXWELL_FULL */
    hf_stop_reason stop;      /* why the last optimiser run stopped */
    size_t evaluations;       /* objective calls of every run */
    unsigned at_bound;        /* HF_MAXWELL_AT_* bits: the optimum sits on the
                                 search box after every re-centring */
    unsigned recentred;       /* runs repeated on a box moved to the optimum */
} hf_maxwell_fit_result;

/* "converged" when the optimiser met its own tolerance inside the box
 * and the estimate is well determined (hf_maxwell_estimate_quality); the
 * quality's name ("nonphysical", "poorly-determined", "model-inadequate":
 * the curve fit's residuals are not noise) when it met its
 * tolerance inside the box but the estimate is not; otherwise the stop
 * reason ("maxeval", "maxiter", ...) and/or "at-bound", joined by '+'.  Writes at most size bytes into buf and
 * returns it. */
const char *hf_maxwell_fit_status(const hf_maxwell_fit_result *fit, char *buf, size_t size);

/* 1 when the fit should not be trusted: stopped by a budget or a
 * failure, or on the search box. */
int hf_maxwell_fit_suspect(const hf_maxwell_fit_result *fit);

/* Fits (μ0, η) of DATA.  When cfg->objective.mu0_ref or eta_ref is <= 0
 * the box is centred on the regression estimate of the first observable
 * among F_M, t_M, t_c whose regression succeeds (η from it, or
 * 0.1/max(w_m⁰/V0) if it is not positive).  Each run starts at the box
 * centre (x = {1, 1} in the scaled variables), so a local optimiser starts
 * from the regression estimate; when a run converges on the box (within
 * 1e-6 of a bound in the scaled variables) the box is re-centred on the
 * optimum and the fit repeated, up to cfg->recentre_max times.  Fills *out
 * and, when residuals is not NULL, the relative residuals at the optimum
 * (hf_maxwell_objective_nresiduals entries; pass a buffer of
 * n·HF_MAXWELL_NOBS doubles).  A fit that did not converge is still
 * returned (HF_OK): check hf_maxwell_fit_suspect.  HF_ENOTFOUND for an
 * unknown optimiser (the diag lists the valid ones), HF_ENOCONV when no
 * evaluation succeeded, and the errors of hf_maxwell_objective_alloc and
 * hf_maxwell_objective_estimate. */
hf_status hf_maxwell_fit_full(const hf_maxwell_data *data,
                              const hf_argatov_constants *constants,
                              const hf_maxwell_fit_config *cfg, hf_maxwell_fit_result *out,
                              double *residuals, hf_diag *diag);

/* ---- the whole-curve fit -------------------------------------------------
 *
 * (μ0, η) fitted to the measured force histories of the data's traces
 * (hf_maxwell_data.trace) with Hunter's model (hf_maxwell_force_history),
 * ν fixed, by GSL's trust-region nonlinear least squares
 * (gsl_multifit_nlinear, Levenberg–Marquardt).  Each drop's contact start
 * t0_i, the instant its trace's clock reads when contact begins, is a
 * nuisance parameter fitted with them (HF_MAXWELL_CONTACT_FITTED), or is
 * given (HF_MAXWELL_CONTACT_FIXED, e.g. from an extraction); so is each
 * drop's baseline b_i, the load cell's reading at zero force
 * (HF_MAXWELL_BASELINE_FITTED, or HF_MAXWELL_BASELINE_ZERO for traces
 * already zeroed).
 *
 * Residuals: (F_model(t − t0_i) + b_i − F_measured)/w_i, w_i the largest |F| of
 * drop i: every drop counts alike, and additive noise that is a fixed
 * fraction of each drop's peak (a load cell used over its range) has one
 * variance.  The variables are ln μ0 and ln η (so both stay positive; a
 * material the data cannot tell from elastic shows as a large standard
 * error of η, poorly-determined) and the contact starts in units of each
 * drop's time scale w_m⁰/V0, the baselines in units of w_i.  Hunter's
 * force ends with a step of O(ε²) of its peak (hertzfit/maxwell.h); the two
 * samples of each drop around the model's end of contact are left out of
 * the sum (else the fit stops where that step meets a sample: 1e-3 of η
 * off on clean traces).  Standard errors: s²(JᵀJ)⁻¹ for all variables
 * (gsl_multifit_nlinear_covar), J at the optimum by central differences
 * for (μ0, η) and the contact starts and exactly for the baselines, and
 * s² = SSR/(N − p − L), N the samples, p = 2 + the fitted contact starts
 * and baselines, L the samples left out; se(μ0) = μ0·se(ln μ0), se(η)
 * likewise (first order; NaN when the variance is not a finite number
 * >= 0 — a singular Jacobian — which the quality calls
 * poorly-determined).  r2 is 1 − SSR/SST over the weighted samples;
 * misfit is SSR.  Goodness of fit (hertzfit/maxwell_data.h): χ² of
 * the unweighted residuals against each drop's pre-contact noise (at
 * least its quantisation step/√12 and 1e-6 of its peak), and the runs
 * test on their signs; mu0_eta_corr from the covariance.
 *
 * Before the fit each drop's trace is conditioned by
 * hf_maxwell_trace_condition (hertzfit/maxwell_data.h): its clock starts
 * at its first sample, a later impact is cut off, samples on a rail are
 * left out (as the two around the end of contact), a significant drift
 * is removed; contact starts in and out are on the trace's own clock,
 * and the residuals cover every sample (0 model force after a cut).
 *
 * Start (mu0_start, eta_start <= 0, the default): T_i = (5/4) m V0/F_peak
 * (Hertz's elastic peak) per drop, C0 = mean of T_i 𝒱_i gives μ0 (Eq. 59)
 * and η = 0.1/mean(T_i) (ε = 0.1); each fitted contact start then puts the
 * model's peak time on the largest sample.
 *
 * The 12 raw traces of data/drop_traces were made at μ0 = 1 MPa,
 * η = 100 1/s with 0.5 % noise, an offset and 16-bit quantisation; the
 * first drop's contact starts at 1.00137 ms on its clock.
 * Example (built and run by the test header_examples): μ0, η and the
 * contact starts from those traces.
 * ```c
 * hf_diag diag = {{0}};
 * hf_maxwell_data *data = NULL;        // owned: hf_maxwell_data_free
 * hf_maxwell_curve_config cfg;
 * hf_maxwell_curve_config_init(&cfg);  // contact starts and baselines fitted
 * cfg.nu = 0.5;
 * hf_maxwell_fit_result fit;
 * double t0[12];                       // one contact start per drop [s]
 * hf_status st = hf_maxwell_data_read("data/drop_traces/drops.csv", NULL, &data, &diag);
 * if (st == HF_OK && data->n != 12)
 *     st = HF_EINVAL;
 * if (st == HF_OK)
 *     st = hf_maxwell_fit_curve(data, &cfg, &fit, t0, NULL, NULL, &diag);
 * hf_maxwell_data_free(data);
 * return st == HF_OK && !hf_maxwell_fit_suspect(&fit) &&
 *        hf_maxwell_estimate_quality(&fit.estimate, NULL, 0) == HF_MAXWELL_WELL_DETERMINED &&
 *        fabs(fit.estimate.mu0 - 1e6) < 3.0 * fit.estimate.mu0_se &&
 *        fabs(fit.estimate.eta - 100.0) < 3.0 * fit.estimate.eta_se &&
 *        fabs(t0[0] - 1.00137e-3) < 1e-5 ? 0 : 1;
 * ```
 */
typedef enum hf_maxwell_contact_start {
    HF_MAXWELL_CONTACT_FITTED,   /* each drop's contact start fitted (default) */
    HF_MAXWELL_CONTACT_FIXED,    /* given in contact_start (0 when NULL) */
    HF_MAXWELL_CONTACT_EXTRACTED /* fixed where hf_maxwell_trace_extract finds each
                                    drop's first impact (HF_EDOM naming the trace
                                    when its status is not ok) */
} hf_maxwell_contact_start;

typedef enum hf_maxwell_baseline {
    HF_MAXWELL_BASELINE_FITTED,  /* each drop's baseline fitted (default) */
    HF_MAXWELL_BASELINE_ZERO     /* the traces read 0 at zero force */
} hf_maxwell_baseline;

typedef struct hf_maxwell_curve_config {
    double nu;                 /* Poisson's ratio, [0, 0.5] (default 0.5) */
    double mu0_start, eta_start;       /* start point [Pa], [1/s]; <= 0: from the traces */
    hf_maxwell_contact_start contact;  /* default HF_MAXWELL_CONTACT_FITTED */
    const double *contact_start;       /* FIXED: data->n contact starts [s] on each
                                          trace's clock (borrowed); NULL: 0, the
                                          traces' clocks start at contact */
    hf_maxwell_baseline baseline;      /* default HF_MAXWELL_BASELINE_FITTED */
    hf_hunter_options ode;     /* tolerances of each simulation (default 1e-12) */
    size_t max_iter;           /* trust-region iterations (default 200) */
    double xtol, gtol;         /* GSL's step and gradient tests (default 1e-8
                                  each: μ0 and η to ~1e-8, far below any noise) */
} hf_maxwell_curve_config;

/* The defaults above. */
void hf_maxwell_curve_config_init(hf_maxwell_curve_config *cfg);

/* Samples of every trace of DATA: the length of the residual vector of
 * hf_maxwell_fit_curve and hf_maxwell_curve_residuals (drops in order,
 * samples in order); 0 without traces. */
size_t hf_maxwell_curve_nresiduals(const hf_maxwell_data *data);

/* Fits (μ0, η) of DATA's traces (see above).  Fills *out (estimate with
 * method HF_MAXWELL_CURVE, stop: converged, maxiter or failure — GSL's
 * "no further progress"; evaluations: residual vectors and Jacobians
 * computed; at_bound and recentred 0), and when not NULL contact_start
 * and baseline (data->n values each, [s] and [N]: the fitted or given
 * ones) and residuals (hf_maxwell_curve_nresiduals values, F_model + b_i
 * − F_measured [N] at the optimum, every sample: the fitted curve is the
 * measured force plus its residual).  hf_maxwell_fit_status and hf_maxwell_fit_suspect apply.  A
 * fit that stopped on its budget is still returned (HF_OK).  HF_ENOTFOUND
 * when DATA has no traces, HF_EINVAL for fewer samples than parameters
 * or a drop of fewer than 3 samples, HF_EDOM for times that do not
 * increase, a non-finite sample or contact start, a trace of zeros, and
 * the refusals of hf_maxwell_trace_condition (inverted polarity, a unit
 * slip; each drop's trace is conditioned so before the fit: see there),
 * HF_ENOCONV for a fit that ends where the model fails (ε beyond
 * HF_HUNTER_EPS_MAX: traces Hunter's model does not describe), HF_EGSL,
 * HF_ENOMEM, HF_EINTERRUPTED when the host's interrupt (hf_interrupt_set)
 * stopped the iterations (no estimate), and those of
 * hf_maxwell_impact_check (naming the value). */
hf_status hf_maxwell_fit_curve(const hf_maxwell_data *data, const hf_maxwell_curve_config *cfg,
                               hf_maxwell_fit_result *out, double *contact_start,
                               double *baseline, double *residuals, hf_diag *diag);

/* The curve fit's residuals F_model + b_i − F_measured [N] of DATA's
 * traces at (μ0, η) and the given contact starts and baselines (data->n
 * values each, [s] and [N]; baseline may be NULL: 0), into residuals
 * (hf_maxwell_curve_nresiduals values): one evaluation of the fit's
 * objective, unweighted, every sample.  Errors as hf_maxwell_fit_curve,
 * and those of hf_maxwell_force_history. */
hf_status hf_maxwell_curve_residuals(const hf_maxwell_data *data,
                                     const hf_maxwell_curve_config *cfg, double mu0,
                                     double eta, const double *contact_start,
                                     const double *baseline, double *residuals,
                                     hf_diag *diag);

/* ---- the identification of `maxwell fit`, one call ------------------------
 *
 * hf_maxwell_identify owns every decision of the task "identify μ0 and η
 * from these drop tests" that the program, the MEX gateway and a user's
 * code would otherwise each take:
 *  - which methods run: REGRESSION Argatov's regressions (Eqs. 57, 60, 62)
 *    of every feature column present; FULL the full fit; CURVE the
 *    whole-curve fit of the traces; ALL every one the data allow (the full
 *    fit when a feature column is present, the curve fit when traces are),
 *    in that order;
 *  - a list of raw traces without feature columns is refused for
 *    REGRESSION and FULL (refusal RAW_TRACES): its features come from
 *    hf_maxwell_extract first, whose statuses the user should see;
 *  - the curve fit has Hunter's Maxwell force history only: with α != 1
 *    (full.objective.alpha, a standard linear solid) CURVE is refused
 *    (CURVE_NEEDS_MAXWELL) and ALL leaves the curve fit out;
 *  - with residuals set, one fit's residuals replace the estimates: the
 *    full fit's when it runs, else the curve fit's (no regressions run;
 *    REGRESSION is refused, RESIDUALS_NEED_FIT);
 *  - a regression whose data have no feature column is refused
 *    (NO_FEATURES);
 *  - each row's status text, whether it is trusted (well determined and,
 *    for a fit, converged) and why not, whether its ε passes
 *    HF_MAXWELL_EPS_FIRST_ORDER, and whether any row is trusted;
 *  - when a later fit fails on the data (a status that is not bad input,
 *    hf_status_is_bad_input), the rows computed before it stand in
 *    report->nrows and its method is report->failed; on bad input no row
 *    stands.
 * Returns HF_EINVAL for a refusal (report->refusal says which; the diag
 * says it in words), the failing step's status otherwise (its diag). */
typedef enum hf_maxwell_identify_method {
    HF_MAXWELL_IDENTIFY_ALL,
    HF_MAXWELL_IDENTIFY_REGRESSION,
    HF_MAXWELL_IDENTIFY_FULL,
    HF_MAXWELL_IDENTIFY_CURVE
} hf_maxwell_identify_method;

typedef enum hf_maxwell_identify_refusal {
    HF_MAXWELL_IDENTIFY_ACCEPTED,
    HF_MAXWELL_IDENTIFY_RAW_TRACES,          /* traces, no feature column */
    HF_MAXWELL_IDENTIFY_RESIDUALS_NEED_FIT,  /* residuals of a regression */
    HF_MAXWELL_IDENTIFY_CURVE_NEEDS_MAXWELL, /* CURVE with α != 1 */
    HF_MAXWELL_IDENTIFY_NO_FEATURES          /* nothing to regress, no fit to run */
} hf_maxwell_identify_refusal;

typedef struct hf_maxwell_identify_config {
    hf_maxwell_identify_method method; /* default ALL */
    double nu;                         /* Poisson's ratio of every method (default 0.5) */
    hf_maxwell_weights weights;        /* of the regressions (default none) */
    hf_maxwell_fit_config full;        /* the full fit's; full.objective.alpha is α of
                                          every method (ν is taken from nu) */
    hf_maxwell_curve_config curve;     /* the curve fit's (ν is taken from nu) */
    int residuals;                     /* 1: one fit's residuals instead (see above) */
    size_t bootstrap;                  /* replicates of the bootstrap over drops (0: none,
                                          else at least HF_MAXWELL_BOOTSTRAP_MIN) */
    uint64_t bootstrap_seed;           /* PCG32 seed of the resampling (default 1) */
    int threads;                       /* of the replicates: 0 = OpenMP's default; at
                                          most HF_THREADS_MAX (runs.h) */
} hf_maxwell_identify_config;

/* The defaults above. */
void hf_maxwell_identify_config_init(hf_maxwell_identify_config *cfg);

/* Argatov: the first-order formulas stay within 5 % for ε <= 0.2. */
#define HF_MAXWELL_EPS_FIRST_ORDER 0.2

/* The bootstrap over drops (cfg->bootstrap = B replicates): replicate b
 * draws data->n drops with replacement, each index from PCG32 seeded with
 * (bootstrap_seed, stream b) alone, and runs this same identification on
 * them (no residuals); the replicates run in parallel (hf_jobs_run, one
 * thread each) and are reduced in their index order, so the intervals are
 * bit-identical for any thread count.  Each row gets the percentile
 * interval (the 2.5 % and 97.5 % quantiles) of the μ0 and η its method
 * gave on the replicates where it gave finite values — a replicate on
 * which a method fails counts for no row of that method — and their
 * standard deviation.  It measures the spread of the estimate over drops,
 * whatever its cause (noise, or a model that fits some drops worse than
 * others), where the standard errors assume the model and independent
 * residuals; docs/traces.md says when they differ.  Fewer than
 * HF_MAXWELL_BOOTSTRAP_MIN replicates, or more than
 * HF_MAXWELL_BOOTSTRAP_MAX, are refused (HF_EINVAL).  No replicate
 * starts while the host's interrupt (hf_interrupt_set) is pending: the
 * identification then fails HF_EINTERRUPTED, with no intervals. */
#define HF_MAXWELL_BOOTSTRAP_LEVEL 0.95
#define HF_MAXWELL_BOOTSTRAP_MIN 20
#define HF_MAXWELL_BOOTSTRAP_MAX 100000

/* The most rows: three regressions, the full fit, the curve fit. */
#define HF_MAXWELL_IDENTIFY_ROWS 5

typedef struct hf_maxwell_identify_row {
    hf_maxwell_estimate estimate;
    char status[64];      /* the quality's name for a regression, hf_maxwell_fit_status
                             for a fit */
    int trusted;          /* well determined and (a fit) not suspect */
    char reason[200];     /* why the estimate is not well determined, or "" */
    int not_converged;    /* a fit that is hf_maxwell_fit_suspect: fit says why */
    int beyond_first_order; /* estimate.max_eps > HF_MAXWELL_EPS_FIRST_ORDER: Argatov's
                               first-order formulas lose accuracy there (a regression
                               suffers; the full and curve fits do not) */
    hf_maxwell_fit_result fit; /* the fit's result (FULL, CURVE rows) */
    /* with cfg->bootstrap: the percentile interval of level
     * HF_MAXWELL_BOOTSTRAP_LEVEL and the standard deviation of the
     * replicates' μ0 [Pa] and η [1/s]; bootstrap_used replicates gave this
     * row an estimate (NaN bounds when fewer than HF_MAXWELL_BOOTSTRAP_MIN) */
    size_t bootstrap_used;
    double mu0_boot_lo, mu0_boot_hi, mu0_boot_sd;
    double eta_boot_lo, eta_boot_hi, eta_boot_sd;
} hf_maxwell_identify_row;

typedef struct hf_maxwell_identify_report {
    size_t nrows;
    hf_maxwell_identify_row row[HF_MAXWELL_IDENTIFY_ROWS];
    int trusted;          /* some row is trusted */
    hf_maxwell_identify_refusal refusal;
    int failed;           /* 1 when a method failed (the returned status) */
    hf_maxwell_method failed_method;   /* which, when failed */
    /* with cfg->residuals: whose (HF_MAXWELL_FULL or HF_MAXWELL_CURVE) and
     * the residuals (owned; hf_maxwell_identify_report_free): FULL, the relative
     * residuals of the observables in row[0].estimate.observables
     * (n·HF_MAXWELL_NOBS slots as hf_maxwell_fit_full fills them); CURVE,
     * F_model + b_i − F_measured of every sample and each drop's contact
     * start and baseline (contact_start, baseline: data->n values each) */
    hf_maxwell_method residuals_method;
    double *residuals;
    double *contact_start;
    double *baseline;
} hf_maxwell_identify_report;

hf_status hf_maxwell_identify(const hf_maxwell_data *data, const hf_argatov_constants *constants,
                              const hf_maxwell_identify_config *cfg,
                              hf_maxwell_identify_report *report, hf_diag *diag);

/* Frees what a report owns (not the report); safe on a zeroed report. */
void hf_maxwell_identify_report_free(hf_maxwell_identify_report *report);

/* ---- specimens: one identification each, and their comparison -------------
 *
 * hf_maxwell_identify_specimens runs hf_maxwell_identify on the drops of
 * each specimen of DATA (hf_maxwell_data_specimens: the `specimen`
 * column; one specimen, DATA itself, without it), in the order the names
 * first appear.  Every specimen runs; each keeps its own status and
 * report (the rows that stand, as hf_maxwell_identify leaves them).  The
 * call returns HF_OK when every specimen's identification did, else the
 * first failing one's status with its diag prefixed "specimen NAME: "
 * (*out is set either way when it could be built: free it).  A residual
 * vector of a specimen's report indexes its own drops (drops[i] is the
 * test of DATA). */
typedef struct hf_maxwell_specimen_result {
    char *name;          /* the specimen's name (owned), NULL without a specimen column */
    size_t ndrops;       /* its tests */
    size_t *drops;       /* their 0-based indices in the data (owned) */
    hf_status status;    /* of its hf_maxwell_identify */
    char error[HF_DIAG_SIZE]; /* its diag's text when status is not HF_OK, else "" */
    hf_maxwell_identify_report report;
} hf_maxwell_specimen_result;

typedef struct hf_maxwell_specimens {
    size_t n;                              /* specimens */
    hf_maxwell_specimen_result *specimen;  /* n results (owned) */
} hf_maxwell_specimens;

hf_status hf_maxwell_identify_specimens(const hf_maxwell_data *data,
                                        const hf_argatov_constants *constants,
                                        const hf_maxwell_identify_config *cfg,
                                        hf_maxwell_specimens **out, hf_diag *diag);

void hf_maxwell_specimens_free(hf_maxwell_specimens *specimens);

/* hf_maxwell_compare: every specimen identified by one fit (cfg->method
 * FULL or CURVE; ALL is FULL when the data have a feature column, else
 * CURVE; REGRESSION is refused: three lines per specimen are no single
 * estimate), then every pair (a < b) tested for a difference of material
 * by a Wald test on the difference of their estimates, both specimens'
 * covariances added (independent drops):
 *   per parameter  z = (θ_b − θ_a)/√(se_a² + se_b²), p two-sided normal;
 *   jointly        W = dᵀ(Σ_a + Σ_b)⁻¹d, d = (Δμ0, Δη), Σ from the standard
 *                  errors and mu0_eta_corr, p from χ² with 2 degrees of
 *                  freedom (gsl_cdf_chisq_Q),
 * the joint p-values Holm-corrected across the pairs (family-wise error
 * at most LEVEL); differ = 1 when the corrected p is below LEVEL.  The
 * Wald test stands on the fits' first-order standard errors (s²(JᵀJ)⁻¹),
 * which the coverage studies of docs/maxwell.md check.  A pair is
 * trusted only when both specimens' rows are (hf_maxwell_identify_row);
 * an untrusted pair's p-values are computed but mean little.  Returns
 * HF_EINVAL for REGRESSION, fewer than 2 specimens or LEVEL outside
 * (0, 1), and the first failing specimen's status (as
 * hf_maxwell_identify_specimens; *out then holds the specimens, no
 * pairs). */
typedef struct hf_maxwell_comparison_pair {
    size_t a, b;                  /* specimens, a < b */
    double dmu0, dmu0_se, p_mu0;  /* μ0_b − μ0_a [Pa], its standard error, Wald p */
    double deta, deta_se, p_eta;  /* η_b − η_a [1/s], likewise */
    double wald;                  /* joint statistic W (χ², 2 degrees of freedom) */
    double p;                     /* its p-value */
    double p_holm;                /* Holm-corrected across the pairs */
    int differ;                   /* p_holm < level */
    int trusted;                  /* both specimens' rows trusted */
} hf_maxwell_comparison_pair;

typedef struct hf_maxwell_comparison {
    hf_maxwell_specimens *specimens;  /* every specimen's identification (owned) */
    hf_maxwell_method method;         /* the fit compared: FULL or CURVE */
    const hf_maxwell_identify_row **row; /* each specimen's row of that fit (owned
                                         array; NULL where it did not run) */
    double level;                     /* family-wise error level of differ */
    size_t npairs;
    hf_maxwell_comparison_pair *pair; /* npairs pairs (owned), (0,1), (0,2), ..., (1,2), ... */
} hf_maxwell_comparison;

/* Family-wise error level of hf_maxwell_compare's default. */
#define HF_MAXWELL_COMPARE_LEVEL 0.05

hf_status hf_maxwell_compare(const hf_maxwell_data *data, const hf_argatov_constants *constants,
                             const hf_maxwell_identify_config *cfg, double level,
                             hf_maxwell_comparison **out, hf_diag *diag);

void hf_maxwell_comparison_free(hf_maxwell_comparison *comparison);

/* ---- provenance of a Maxwell task -------------------------------------------
 *
 * Adds to P (hertzfit/status.h) what a Maxwell table was made from: the
 * data's file (key data, with data_sha256) and each drop's trace file
 * (trace_1, trace_1_sha256, ... by drop; data set in memory have none),
 * how they were read when READ is not NULL (g_mps2; trace_decimal,
 * trace_time_column, trace_force_column, trace_time_unit,
 * trace_force_unit, trace_rate_hz when set), and when CFG is not NULL
 * every option of the identification that changes the numbers: method
 * (all, regression, full, curve), nu, alpha, weights, optimizer, seed,
 * max_evals (0: the optimiser's own), xtol_rel, recentre_max, observables
 * ("all" or e.g. "F_M+t_M"), contact_start (fitted, fixed, extracted),
 * baseline (fitted, zero), max_iter.  The program, the Python package and
 * the MEX gateway all call this, so their records agree.  Errors of
 * hf_provenance_set_file (a file that cannot be read any more). */
hf_status hf_maxwell_provenance(hf_provenance *p, const hf_maxwell_data *data,
                                const hf_maxwell_read_options *read,
                                const hf_maxwell_identify_config *cfg, hf_diag *diag);

/* ---- the features of every trace, one call --------------------------------
 *
 * hf_maxwell_trace_extract of every drop's trace of DATA (HF_ENOTFOUND
 * without traces): its first impact, or with all_impacts every impact it
 * holds — no limit: the buffer grows until a trace has fewer impacts than
 * it holds.  One entry per impact found, drops and impacts in order, with
 * its drop (0-based); usable says whether it has values
 * (hf_maxwell_impact_features_usable); ok counts entries with status ok. */
typedef struct hf_maxwell_extraction_entry {
    size_t drop;
    hf_maxwell_impact_features features;
    int usable;
} hf_maxwell_extraction_entry;

typedef struct hf_maxwell_extraction {
    size_t n;                        /* entries */
    hf_maxwell_extraction_entry *entry;   /* n entries (owned) */
    size_t ok;                       /* entries with status ok */
} hf_maxwell_extraction;

hf_status hf_maxwell_extract(const hf_maxwell_data *data, int all_impacts,
                             hf_maxwell_extraction **out, hf_diag *diag);

void hf_maxwell_extraction_free(hf_maxwell_extraction *extraction);

/* ---- a data set's report, one call ----------------------------------------
 *
 * hf_maxwell_report_compute runs everything a report of drop tests shows,
 * section by section: one section per specimen (the `specimen` column,
 * grouped as hf_maxwell_identify_specimens does; named by the specimen,
 * each computed on its own drops), or one section "all drops" on the data
 * itself without that column:
 *  - with traces: hf_maxwell_extract of every impact; the features of
 *    each drop's first impact when usable (hf_maxwell_impact_features_usable)
 *    become a feature data set with their standard uncertainties (in its
 *    uncertainty[], so each regression line is tested against them), fitted
 *    by Argatov's regressions and the full fit (hf_maxwell_identify,
 *    method ALL); and the curve fit of the traces (hf_maxwell_identify,
 *    method CURVE, with its residuals, contact starts and baselines);
 *  - without traces: the data's own feature columns, regressions and the
 *    full fit;
 *  - the warnings a reader must see, in words: the data's plausibility
 *    warnings that concern the section's drops (each in every section it
 *    concerns), every impact whose extraction is not ok, every estimate
 *    that is not trusted and why, ε beyond HF_MAXWELL_EPS_FIRST_ORDER for
 *    a regression, a fit that did not converge, a fit that failed.
 * A fit that fails on the data does not end the report: its status and
 * message stand in the section (features_status, curve_status) and the
 * rest is computed.  With two or more specimens the report holds their
 * comparison as `maxwell compare` makes it by default (hf_maxwell_compare
 * with method ALL: the full fit of feature columns, else the curve fit of
 * the traces; level HF_MAXWELL_COMPARE_LEVEL); a comparison that fails
 * leaves its status and message instead and the sections stand.  cfg's method and
 * residuals are ignored.  Returns
 * HF_OK with *out owned by the caller (hf_maxwell_report_free); HF_EINVAL
 * for a NULL argument, HF_ENOMEM, and bad input of a fit (the data or
 * options are wrong, hf_status_is_bad_input), which ends it. */
typedef struct hf_maxwell_report_section {
    char name[128];                      /* "all drops", or the group's name */
    const hf_maxwell_data *data;         /* its drops (borrowed: the whole data, or
                                            subset) */
    hf_maxwell_data *subset;             /* owned when the section is a group, else NULL */
    hf_maxwell_extraction *extraction;   /* every impact (owned), NULL without traces */
    hf_maxwell_data *features;           /* the usable first impacts' F_M, t_M, t_c
                                            (owned), NULL without traces */
    size_t *features_drop;               /* drop (0-based, in data) of each features
                                            row (owned) */
    double *features_u[3];               /* standard uncertainties of F_M, t_M, t_c
                                            of each features row (owned), NULL
                                            without traces */
    hf_maxwell_identify_report features_fit; /* regressions and full fit */
    hf_status features_status;           /* HF_OK, or why the feature fits failed */
    char features_error[HF_DIAG_SIZE];   /* its message, or "" */
    int has_curve;                       /* the curve fit ran */
    hf_maxwell_identify_report curve_fit;    /* its row, residuals, contact starts
                                                and baselines */
    hf_status curve_status;
    char curve_error[HF_DIAG_SIZE];
    size_t nwarnings;
    char **warning;                      /* nwarnings lines (owned) */
    int trusted;                         /* some estimate of the section is trusted */
    size_t *list_drop;                   /* each of data's drops' 0-based index in the
                                            whole list (owned), NULL when data is the
                                            list: drop numbers a reader finds there */
} hf_maxwell_report_section;

typedef struct hf_maxwell_report {
    size_t nsections;
    hf_maxwell_report_section *section;  /* nsections (owned) */
    int trusted;                         /* some estimate of some section is trusted */
    hf_maxwell_comparison *comparison;   /* the specimens' comparison (owned), NULL with
                                            fewer than two or when it failed */
    hf_status comparison_status;         /* HF_OK, or why the comparison failed */
    char comparison_error[HF_DIAG_SIZE]; /* its message, or "" */
} hf_maxwell_report;

hf_status hf_maxwell_report_compute(const hf_maxwell_data *data,
                                    const hf_argatov_constants *constants,
                                    const hf_maxwell_identify_config *cfg,
                                    hf_maxwell_report **out, hf_diag *diag);

/* Frees a report and all it owns; NULL-safe. */
void hf_maxwell_report_free(hf_maxwell_report *report);

#ifdef __cplusplus
}
#endif
#endif
