/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/cmd_maxwell_trace.h — force traces in the program: `maxwell extract`
 * and the trace file of `maxwell simulate --trace`.  Private to cli/.
 */
#ifndef HERTZFIT_CLI_CMD_MAXWELL_TRACE_H
#define HERTZFIT_CLI_CMD_MAXWELL_TRACE_H

#include "cli.h"
#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/viscoelastic.h"

extern const hfc_command hfc_maxwell_extract_command;

/* Writes Hunter's force history of one impact, sampled as OPTIONS say,
 * to PATH (atomically, after RECORD, its provenance, as '# key = value'
 * lines).  Returns 0, or prints one error line and returns 2 (bad input)
 * or 1. */
int hfc_maxwell_write_trace(const char *command, const char *path,
                            const hf_maxwell_material *material,
                            const hf_maxwell_impact *impact,
                            const hf_maxwell_trace_options *options,
                            const hf_provenance *record);

/* The same for the exact viscoelastic impact (hertzfit/viscoelastic_fit.h). */
int hfc_maxwell_write_exact_trace(const char *command, const char *path,
                                  const hf_viscoelastic_material *material,
                                  const hf_maxwell_impact *impact,
                                  const hf_maxwell_trace_options *options,
                            const hf_provenance *record);

#endif
