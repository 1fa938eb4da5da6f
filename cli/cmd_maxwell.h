/*
 * cli/cmd_maxwell.h — what `hertzfit maxwell` and `hertzfit plot maxwell`
 * share: loading a data set with its checks and running the full-model
 * fit with a named optimiser.  Private to cli/.
 */
#ifndef HERTZFIT_CLI_CMD_MAXWELL_H
#define HERTZFIT_CLI_CMD_MAXWELL_H

#include <stddef.h>

#include "hertzfit/argatov.h"
#include "hertzfit/maxwell_fit.h"

/* Settings of the full-model fit given on the command line. */
typedef struct hf_maxwell_cli_full {
    const char *optimizer;        /* default "nlopt:LN_BOBYQA" */
    unsigned long long seed;      /* PCG32 seed of the run */
    unsigned long long max_evals; /* 0 = the optimiser's default */
} hf_maxwell_cli_full;

/* Checks ν, reads PATH and computes the constants; prints one error line
 * and returns 2 (bad input) or 1, or returns 0 with *data owned by the
 * caller (hf_maxwell_data_free). */
int hf_maxwell_cli_load(const char *command, const char *path, double nu,
                        hf_maxwell_data **data, hf_argatov_constants *constants);

/* Runs the full fit; residuals may be NULL (else n·HF_MAXWELL_NOBS
 * doubles).  Returns 0, or prints one error line and returns 2 or 1. */
int hf_maxwell_cli_fit_full(const char *command, const hf_maxwell_data *data, double nu,
                            const hf_argatov_constants *constants,
                            const hf_maxwell_cli_full *settings, hf_maxwell_estimate *out,
                            double *residuals, unsigned *fitted_mask);

#endif
