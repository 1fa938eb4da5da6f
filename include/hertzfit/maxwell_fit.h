/*
 * hertzfit/maxwell_fit.h — the full-model identification of a Maxwell
 * material (μ0, η) from drop tests: an optimiser minimises the misfit of
 * hertzfit/maxwell_estimate.h over a box, re-centred while the optimum
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
#include "hertzfit/argatov.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_estimate.h"
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
 * quality's name ("nonphysical", "poorly-determined") when it met its
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

#ifdef __cplusplus
}
#endif
#endif
