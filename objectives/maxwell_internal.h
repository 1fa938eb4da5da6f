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

/* Bit set (1 << obs) of the observables DATA holds. */
unsigned hf_maxwell_data_mask(const hf_maxwell_data *data);

#endif
