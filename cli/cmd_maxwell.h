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

/* Checks ν, reads PATH and computes the constants; prints one error line
 * and returns 2 (bad input) or 1, or returns 0 with *data owned by the
 * caller (hf_maxwell_data_free). */
int hf_maxwell_cli_load(const char *command, const char *path, double nu,
                        hf_maxwell_data **data, hf_argatov_constants *constants);

/* Runs the full fit with CFG (its ν set to NU); residuals may be NULL
 * (else n·HF_MAXWELL_NOBS doubles).  Warns on stderr when the fit is
 * suspect.  Returns 0, or prints one error line and returns 2 or 1. */
int hf_maxwell_cli_fit_full(const char *command, const hf_maxwell_data *data, double nu,
                            const hf_argatov_constants *constants,
                            const hf_maxwell_fit_config *cfg, hf_maxwell_fit_result *out,
                            double *residuals);

#endif
