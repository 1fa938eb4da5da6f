/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/viscoelastic_fit.h — identification of a drop-tested material
 * on the exact viscoelastic impact (hertzfit/viscoelastic.h): the
 * whole-curve fit of measured force histories (or of their features)
 * for one force law, and
 * model selection among several by AIC, BIC and likelihood-ratio tests.
 *
 * The laws (parameters in the order of hf_viscoelastic_fit.param):
 *   maxwell       G(t) = μ0 e^{−ηt}                      μ0 [Pa], η [1/s]
 *   sls           μ0[(1 − α) + α e^{−ηt}] (Argatov 47)  μ0, η, α
 *   prony:N       μ0[g∞ + Σᵢ gᵢ e^{−ηᵢ t}], g∞ = 1 − Σ gᵢ > 0
 *                                                        μ0, g₁, η₁, …, g_N, η_N
 *                 (terms sorted by increasing rate)
 *   hunt-crossley F = K δ^{3/2} (1 + a δ̇)                μ0, a [s/m]
 *   kelvin-voigt  F = K (δ^{3/2} + (3/2) τ δ^{1/2} δ̇)   μ0, τ [s]
 *                 (the Hertz contact of a Kelvin–Voigt solid, Kuwabara &
 *                 Kono's law; the force is clamped at 0 and the sphere
 *                 leaves when it reaches 0)
 * with K = (4/3) E* √R, E* = 2μ0/(1 − ν) (the elastic limit of the exact
 * solution).  The first three are hereditary (Lee–Radok loading, Ting's
 * unloading); the last two are the non-hereditary alternatives, solved as
 * m δ̈ = −F by GSL's rk8pd.  Maxwell ⊂ SLS (α = 1) ⊂ prony:N (N ≥ 2) are
 * nested; the boundary α = 1 makes the likelihood-ratio test there
 * conservative.
 *
 * The fit (studies/viscoelastic_fit.c): residuals (F_model(t − t0_i) + b_i
 * − F)/w_i, w_i the largest |F| of drop i (a load cell's noise is a
 * fraction of its range), each drop's contact start t0_i and baseline b_i
 * fitted as nuisance parameters, GSL's Levenberg–Marquardt; standard
 * errors s²(JᵀJ)⁻¹ carried to the physical parameters to first order.
 *
 * Status of a fit (the rules of the Maxwell curve fit):
 *   ok                 the parameters are determined and the model explains
 *                      the curves to the noise;
 *   poorly-determined  a model parameter's standard error exceeds
 *                      HF_VISCOELASTIC_FIT_SE_MAX of its value, or the fit
 *                      sits on a boundary (α → 1, g∞ → 0);
 *   model-inadequate   the reduced χ² against the pre-contact noise of
 *                      each drop exceeds 1 by more than 4 of its standard
 *                      deviations, or the signs of the in-contact
 *                      residuals form too few runs (Wald–Wolfowitz z < −3);
 *   failed             the fit did not converge to a simulable material.
 *
 * Selection: the candidate of least BIC is chosen unless another is within
 * cfg.bic_threshold (default HF_VISCOELASTIC_BIC_THRESHOLD) of it: then
 * the data do not distinguish them and none is chosen
 * (distinguishable = 0) — a choice among models the data cannot tell apart
 * would be a coin toss.
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_diag diag = {{0}};
 * hf_viscoelastic_law law;
 * return hf_viscoelastic_law_parse("prony:2", &law, &diag) == HF_OK &&
 *        law.kind == HF_VISCOELASTIC_LAW_PRONY && law.terms == 2 &&
 *        hf_viscoelastic_law_nparams(&law) == 5 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_VISCOELASTIC_FIT_H
#define HERTZFIT_VISCOELASTIC_FIT_H

#include <stddef.h>
#include <stdint.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/status.h"
#include "hertzfit/viscoelastic.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Candidates of `auto`: maxwell, sls, prony:2, hunt-crossley, kelvin-voigt. */
#define HF_VISCOELASTIC_CANDIDATES_MAX 5

typedef enum hf_viscoelastic_fit_status {
    HF_VISCOELASTIC_FIT_OK,                 /* "ok" */
    HF_VISCOELASTIC_FIT_POORLY_DETERMINED,  /* "poorly-determined" */
    HF_VISCOELASTIC_FIT_MODEL_INADEQUATE,   /* "model-inadequate" */
    HF_VISCOELASTIC_FIT_FAILED              /* "failed" */
} hf_viscoelastic_fit_status;

const char *hf_viscoelastic_fit_status_name(hf_viscoelastic_fit_status status);

/* Largest relative standard error of a model parameter of an ok fit. */
#define HF_VISCOELASTIC_FIT_SE_MAX 0.5
/* ΔBIC below which two candidates are not distinguished (Kass & Raftery's
 * "not worth more than a bare mention" ends at 2). */
#define HF_VISCOELASTIC_BIC_THRESHOLD 2.0

typedef struct hf_viscoelastic_fit {
    hf_viscoelastic_law law;
    size_t k;                                         /* model parameters */
    double param[HF_VISCOELASTIC_FIT_PARAMS_MAX];     /* the order above */
    double param_se[HF_VISCOELASTIC_FIT_PARAMS_MAX];  /* standard errors */
    size_t N;              /* residuals (samples of every drop) */
    size_t p;              /* fitted parameters: k + contact starts + baselines */
    double ssr;            /* Σ weighted residual² */
    double r2;             /* 1 − SSR/SST of the weighted samples */
    double chi2_red;       /* Σ r²/σ_i² / (N − p), σ_i the pre-contact noise; NaN
                              when no drop has HF_MAXWELL_TRACE_MIN_BASELINE
                              pre-contact samples */
    double runs_z;         /* Wald–Wolfowitz z of the in-contact residual signs */
    double aic, bic;       /* N ln(SSR/N) + 2p, N ln(SSR/N) + p ln N */
    size_t evaluations;    /* evaluations of the data set's model */
    hf_viscoelastic_fit_status status;
    char reason[128];      /* why the status is not ok ("" when ok) */
} hf_viscoelastic_fit;

typedef struct hf_viscoelastic_lrt {
    size_t simple, general;  /* indices into the fits: simple ⊂ general */
    size_t df;               /* extra parameters of general */
    double statistic;        /* N ln(SSR_simple/SSR_general) */
    double p_value;          /* χ²_df upper tail */
} hf_viscoelastic_lrt;

typedef struct hf_viscoelastic_identify_config {
    double nu;               /* Poisson's ratio (default 0.5) */
    int automatic;           /* 1: fit every candidate of `auto`; 0: law only */
    hf_viscoelastic_law law; /* the law when not automatic (default maxwell) */
    size_t auto_terms;       /* Prony terms of auto's generalised Maxwell
                                candidate, 2 .. TERMS_MAX (default 2) */
    double bic_threshold;    /* default HF_VISCOELASTIC_BIC_THRESHOLD */
    size_t max_iter;         /* Levenberg–Marquardt iterations (default 100) */
    double ode_tol;          /* ODE per-step tolerances (default 1e-9) */
} hf_viscoelastic_identify_config;

void hf_viscoelastic_identify_config_init(hf_viscoelastic_identify_config *cfg);

typedef struct hf_viscoelastic_selection {
    size_t n;                                         /* candidates fitted */
    hf_viscoelastic_fit fit[HF_VISCOELASTIC_CANDIDATES_MAX];
    size_t nlrt;
    hf_viscoelastic_lrt lrt[HF_VISCOELASTIC_CANDIDATES_MAX];
    size_t best_aic, best_bic;  /* indices of the least AIC, BIC (failed fits excluded) */
    double delta_bic;           /* BIC of the runner-up minus the best (inf when alone) */
    int distinguishable;        /* 1: delta_bic >= the threshold */
    size_t chosen;              /* best_bic when distinguishable, else n */
} hf_viscoelastic_selection;

/* Fits the force histories of DATA (a list with a trace column, read by
 * hf_maxwell_data_read) with cfg->law, or with every candidate, and ranks
 * them.  A list without traces has its features fitted instead (F_M, t_M,
 * t_c, e, each residual divided by the value's data->uncertainty when
 * every value fitted has one, else by the value; chi2_red = SSR/(N − k)
 * then, NaN without uncertainties; runs_z NaN; N the values, p = k), with
 * the hereditary laws only (automatic: maxwell, sls, prony:auto_terms;
 * docs/viscoelastic.md, "Features").  HF_EINVAL / HF_EDOM / HF_ENOTFOUND
 * for bad input (neither traces nor features, a bad sample, ν, a damped
 * law or fewer values than parameters for features), HF_ENOMEM; a
 * candidate that cannot be fitted is status failed, not an error, unless
 * every one fails (HF_ENOCONV). */
hf_status hf_viscoelastic_identify(const hf_maxwell_data *data,
                                   const hf_viscoelastic_identify_config *cfg,
                                   hf_viscoelastic_selection *out, hf_diag *diag);

/* ---- synthetic data --------------------------------------------------------
 *
 * Synthetic drop-test data and force traces from the exact viscoelastic
 * impact (hertzfit/viscoelastic.h), in the
 * formats of hertzfit/maxwell_data.h and hertzfit/maxwell_trace.h: the
 * same noise model, checks and messages as hf_maxwell_synthesize_sls and
 * hf_maxwell_trace_synthesize, whose forward model is Hunter's.
 */

/* The exact response of every impact of IMPACTS into out[0 .. n-1], each
 * observable F_M, t_M, t_c, e multiplied by 1 + noise·N(0,1) (PCG32 seed
 * SEED, stream 0, drawn in impact order).  The codes of
 * hf_viscoelastic_simulate (diag names the impact), HF_ERANGE for noise
 * outside [0, HF_MAXWELL_NOISE_MAX], HF_EDOM when the noise makes a value
 * unphysical. */
hf_status hf_viscoelastic_synthesize(const hf_viscoelastic_material *material,
                                     const hf_maxwell_data *impacts, double noise,
                                     uint64_t seed, hf_maxwell_response *out, hf_diag *diag);

/* The exact force history (hf_viscoelastic_force_history, default
 * tolerances) sampled as OPTIONS say (hf_maxwell_trace_synthesize's
 * sampling, noise, offset and quantisation).  *out is the caller's
 * (hf_maxwell_trace_free). */
hf_status hf_viscoelastic_trace_synthesize(const hf_viscoelastic_material *material,
                                           const hf_maxwell_impact *impact,
                                           const hf_maxwell_trace_options *options,
                                           hf_maxwell_trace **out, hf_diag *diag);

/* The same for any law of hertzfit/viscoelastic.h with parameters
 * PARAM and Poisson's ratio NU (the damped laws' F_M, which scales the
 * noise, and t_c, which sets the record length, come from
 * hf_viscoelastic_law_simulate). */
hf_status hf_viscoelastic_law_trace_synthesize(const hf_viscoelastic_law *law,
                                               const double *param, double nu,
                                               const hf_maxwell_impact *impact,
                                               const hf_maxwell_trace_options *options,
                                               hf_maxwell_trace **out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
