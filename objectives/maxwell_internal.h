/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/maxwell_internal.h — what the Maxwell modules of objectives/
 * (the data reader, the regressions, the misfit) share and the public
 * headers do not promise: private to the library (objectives/, and the
 * studies that synthesise traces or judge a curve fit).
 */
#ifndef HERTZFIT_OBJECTIVES_MAXWELL_INTERNAL_H
#define HERTZFIT_OBJECTIVES_MAXWELL_INTERNAL_H

#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_data.h"

/* The CSV column of an observable: "F_M_N", "t_M_s", "t_c_s", "e". */
const char *hf_maxwell_observable_column(hf_maxwell_observable obs);

/* The tests ROWS[0 .. n-1] of SRC as a data set of their own (copies:
 * impacts, values, lines, path, g, traces, specimen names, and the
 * warnings that concern one of them),
 * *out the caller's (hf_maxwell_data_free).  HF_ENOMEM. */
hf_status hf_maxwell_data_subset(const hf_maxwell_data *src, const size_t *rows, size_t n,
                                 hf_maxwell_data **out, hf_diag *diag);

/* The specimens of DATA: their number into *nspecimens (1 without a
 * specimen column) and, when index is not NULL, each test's specimen
 * (0-based, in the order the names first appear) into index[0 .. n-1].
 * HF_EINVAL for a test without a name (hf_maxwell_data_set_specimen). */
hf_status hf_maxwell_data_specimens(const hf_maxwell_data *data, size_t *nspecimens,
                                    size_t *index, hf_diag *diag);

/* Reads the trace file PATH as FORMAT says (NULL: the defaults; see
 * hf_maxwell_trace_format in hertzfit/maxwell_data.h), SI in *trace,
 * whose fields the caller then owns (objectives/trace_formats.c).
 * HF_EPARSE / HF_ENOTFOUND / HF_EDOM / HF_EMISSING naming PATH:LINE:COLUMN
 * (or the variable or dataset), HF_ERANGE past HF_MAXWELL_TRACE_MAX_SAMPLES,
 * HF_EINVAL for fewer than HF_MAXWELL_TRACE_MIN_SAMPLES samples or a bad
 * format, HF_EIO for a file that cannot be read. */
hf_status hf_maxwell_trace_read_file(const char *path, const hf_maxwell_trace_format *format,
                                     hf_maxwell_trace *trace, hf_diag *diag);

/* How many samples the trace file PATH holds at most, found without
 * parsing a value: the records of a text file (lines that are not blank,
 * nor '#' comments in a CSV, nor an .lvm file's headers) less its column
 * names, or the declared size of the force's .mat variable or HDF5
 * dataset, named as FORMAT says — so that the limits on samples are
 * checked before any trace is read.  Never below what
 * hf_maxwell_trace_read_file then reads; 0 for a pipe or device (not
 * counted: counting would consume it).  HF_EIO for a file that cannot be
 * opened, and the refusals of naming the force as that reader's. */
hf_status hf_maxwell_trace_count_file(const char *path, const hf_maxwell_trace_format *format,
                                      size_t *samples, hf_diag *diag);

/* The restitution from the free flights of a record's impacts OUT[0 ..
 * n-1] (in time order, as hf_maxwell_trace_extract gives them): each one's
 * e_flight and e_flight_se (hertzfit/maxwell_data.h), G the gravity. */
void hf_maxwell_flight_restitution(hf_maxwell_impact_features *out, size_t n, double g);

/* ---- moved from hertzfit/maxwell_data.h: only the library and its tests call them */
/* The value of observable OBS in R (hertzfit/maxwell_data.h lists them). */
double hf_maxwell_response_get(const hf_maxwell_response *r, hf_maxwell_observable obs);

/* "none", "relative". */
const char *hf_maxwell_weights_name(hf_maxwell_weights weights);

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

/* A forward model of one drop test, for the synthetic data and traces
 * (Hunter's model, or the exact viscoelastic impact): the response, and
 * the contact force F[i] [N] at t[i] [s] from the contact start. */
typedef struct hf_maxwell_forward {
    hf_status (*simulate)(const void *ctx, const hf_maxwell_impact *impact,
                          hf_maxwell_response *out, hf_diag *diag);
    hf_status (*history)(const void *ctx, const hf_maxwell_impact *impact, size_t n,
                         const double *t, double *F, hf_diag *diag);
    const void *ctx;
} hf_maxwell_forward;

/* hf_maxwell_synthesize_sls and hf_maxwell_trace_synthesize for any
 * forward model (same noise, checks and messages). */
hf_status hf_maxwell_synthesize_forward(const hf_maxwell_forward *model,
                                        const hf_maxwell_data *impacts, double noise,
                                        uint64_t seed, hf_maxwell_response *out,
                                        hf_diag *diag);
hf_status hf_maxwell_trace_synthesize_forward(const hf_maxwell_forward *model,
                                              const hf_maxwell_impact *impact,
                                              const hf_maxwell_trace_options *options,
                                              hf_maxwell_trace **out, hf_diag *diag);

/* Separator detected, decimal '.', the default names, no rate. */
void hf_maxwell_trace_format_init(hf_maxwell_trace_format *format);

/* Bit set (1 << obs) of the observable columns DATA holds (0: none, e.g.
 * a list of force traces only). */
unsigned hf_maxwell_data_mask(const hf_maxwell_data *data);

/* 1 when F's features can be fitted — F_M, t_M, t_c and V0 finite and
 * > 0, and no unit slip: status ok, or a status that only warns
 * (few-samples, clipped) — else 0 (the extraction could not measure the
 * impact). */
int hf_maxwell_impact_features_usable(const hf_maxwell_impact_features *f);
/* The goodness-of-fit rule of every curve fit (the Maxwell curve fit's
 * hf_maxwell_estimate_quality, which also judges a regression against its
 * features' uncertainties, and the exact viscoelastic fit's status;
 * docs/traces.md, "When hertzfit does not trust a fit"): 1, with the
 * reason into why (size bytes), when the residuals are not noise — a
 * reduced χ² of gof_dof degrees of freedom against a noise estimate of
 * noise_dof (0: known) beyond the F (χ²) distribution's 1 − HF_MAXWELL_GOF_P
 * quantile, or, with χ² above 1, residual signs in fewer runs than the
 * normal quantile of HF_MAXWELL_GOF_P (Wald–Wolfowitz z, NaN: not
 * tested); 0 when gof_dof is 0 (no noise measured). */
int hf_fit_misfit(double chi2_red, size_t gof_dof, size_t noise_dof, double runs_z, char *why,
                  size_t size);

/* ---- the features of one impact from a fit of the whole pulse
 * (objectives/maxwell_pulse.c): Hunter's force as a family of pulse shapes
 * (time scale, force scale, asymmetry) with the contact start t0 and the
 * baseline b, fitted to the samples a .. z of TR (weights 1/σ², σ = SIGMA
 * measured with NOISE_DOF degrees of freedom; SIGMA 0: the fit's own
 * scatter) from a pulse starting near T_START, DURATION long and HEIGHT
 * above the baseline B; IMPACT (may be NULL) the drop's R and V0 the
 * shapes are made at.  Times as in hf_maxwell_impact_features; chi2 =
 * Σ r²/σ² with dof = samples − 5, p_value the F test of chi2/dof against
 * σ's own degrees of freedom (NaN without σ); the uncertainties with the
 * two variances pooled.  0 when the fit fails. */
typedef struct hf_maxwell_pulse {
    double t0, t0_se, F_M, F_M_se, t_M, t_M_se, t_c, t_c_se, baseline;
    double chi2, p_value;
    size_t dof;
} hf_maxwell_pulse;

int hf_maxwell_pulse_fit(const hf_maxwell_trace *tr, size_t a, size_t z,
                         const hf_maxwell_impact *impact, double b, double sigma,
                         size_t noise_dof, double t_start, double duration, double height,
                         hf_maxwell_pulse *out);

#endif
