/*
 * objectives/maxwell_internal.h — what the Maxwell modules of objectives/
 * (the data reader, the regressions, the misfit) share and the public
 * headers do not promise: private to objectives/.
 */
#ifndef HERTZFIT_OBJECTIVES_MAXWELL_INTERNAL_H
#define HERTZFIT_OBJECTIVES_MAXWELL_INTERNAL_H

#include "hertzfit/maxwell_data.h"

/* The CSV column of an observable: "F_M_N", "t_M_s", "t_c_s", "e". */
const char *hf_maxwell_observable_column(hf_maxwell_observable obs);

/* Reads the trace file PATH as FORMAT says (NULL: the defaults; see
 * hf_maxwell_trace_format in hertzfit/maxwell_data.h), SI in *trace,
 * whose fields the caller then owns (objectives/trace_formats.c).
 * HF_EPARSE / HF_ENOTFOUND / HF_EDOM / HF_EMISSING naming PATH:LINE:COLUMN
 * (or the variable or dataset), HF_ERANGE past HF_MAXWELL_TRACE_MAX_SAMPLES,
 * HF_EINVAL for fewer than HF_MAXWELL_TRACE_MIN_SAMPLES samples or a bad
 * format, HF_EIO for a file that cannot be read. */
hf_status hf_maxwell_trace_read_file(const char *path, const hf_maxwell_trace_format *format,
                                     hf_maxwell_trace *trace, hf_diag *diag);

#endif
