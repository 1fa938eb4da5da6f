/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_maxwell_data.c — the drop-test data readers
 * (hertzfit/maxwell_data.h): units in column names, missing values,
 * plausibility checks, the grid reader.
 */
#include "fuzz_target.h"

#include "hertzfit/maxwell_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = hf_fuzz_scratch("drops.csv", data, size);
    if (path == NULL)
        return 0;
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    if (hf_maxwell_data_read(path, NULL, &d, &diag) == HF_OK)
        hf_maxwell_data_free(d);
    d = NULL;
    if (hf_maxwell_grid_read(path, NULL, &d, &diag) == HF_OK)
        hf_maxwell_data_free(d);
    return 0;
}
