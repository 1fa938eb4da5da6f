/*
 * cli/cmd_maxwell.h — what `hertzfit maxwell fit` and `hertzfit plot
 * maxwell` share: the options of the full-model fit, loading a data set
 * and running the fit.  Private to cli/.
 */
#ifndef HERTZFIT_CLI_CMD_MAXWELL_H
#define HERTZFIT_CLI_CMD_MAXWELL_H

#include <stddef.h>

#include "cli.h"
#include "hertzfit/argatov.h"
#include "hertzfit/maxwell_fit.h"

/* What both take: the data, ν and the full fit's optimiser, seed, budget. */
typedef struct hfc_maxwell_args {
    const char *data;
    double nu;
    unsigned long long seed, max_evals;
    hf_maxwell_fit_config full;   /* hf_maxwell_fit_config_init'ed */
} hfc_maxwell_args;

#define HFC_OPT_NU(ptr, what)                                                         \
    {.name = "nu", .kind = HFC_REAL, .value = (ptr), .arg = "N", .required = 1,       \
     .limits = HFC_MIN | HFC_MAX, .min = 0.0, .max = 0.5, .help = (what)}

#define HFC_MAXWELL_FIT_OPTIONS(args)                                                 \
    {.name = "data", .kind = HFC_TEXT, .value = &(args)->data, .arg = "FILE",         \
     .required = 1, .help = "drop tests, CSV: m_kg,R_m,V0_mps and any of F_M_N,t_M_s,"  \
                           "t_c_s,e"},                                                \
    HFC_OPT_NU(&(args)->nu, "Poisson's ratio of the target"),                         \
    {.name = "optimizer", .kind = HFC_TEXT, .value = &(args)->full.optimizer,         \
     .arg = "NAME", .help = "optimiser of the full fit (default "                     \
                            HF_MAXWELL_FIT_OPTIMIZER ")"},                            \
    HFC_OPT_SEED(&(args)->seed, "PCG32 seed of the full fit (default 1)"),            \
    {.name = "max-evals", .kind = HFC_INT, .value = &(args)->max_evals, .arg = "E",   \
     .limits = HFC_MIN, .min = 1,                                                     \
     .help = "evaluation budget of the full fit (default: the optimiser's)"}

/* Reads args->data and computes the constants; prints one error line and
 * returns 2 (bad input) or 1, or returns 0 with *data owned by the caller
 * (hf_maxwell_data_free). */
int hfc_maxwell_load(const char *command, const hfc_maxwell_args *args,
                     hf_maxwell_data **data, hf_argatov_constants *constants);

/* Runs the full fit of ARGS; residuals may be NULL (else
 * n·HF_MAXWELL_NOBS doubles).  Warns on stderr when the fit is suspect.
 * Returns 0, or prints one error line and returns 2 or 1. */
int hfc_maxwell_fit_full(const char *command, const hfc_maxwell_args *args,
                         const hf_maxwell_data *data, const hf_argatov_constants *constants,
                         hf_maxwell_fit_result *out, double *residuals);

#endif
