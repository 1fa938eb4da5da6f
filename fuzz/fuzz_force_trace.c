/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_force_trace.c — a drop's force-trace file
 * (hertzfit/maxwell_data.h: the file a test list's `trace` column names,
 * read with the list) and the extraction run on what was read
 * (hf_maxwell_trace_extract, every impact).
 */
#include "fuzz_target.h"

#include <stdio.h>

#include "hertzfit/maxwell_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char list[] = "m_g,D_mm,h_mm,trace\n4.08,10,50,trace.csv\n";
    if (hf_fuzz_scratch("trace.csv", data, size) == NULL)
        return 0;
    const char *path = hf_fuzz_scratch("list.csv", (const uint8_t *)list, sizeof list - 1);
    if (path == NULL)
        return 0;
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    if (hf_maxwell_data_read(path, NULL, &d, &diag) == HF_OK) {
        hf_maxwell_impact_features f[8];
        size_t nf = 0;
        hf_maxwell_trace_extract(&d->trace[0], &d->impact[0], 8, f, &nf, &diag);
        hf_maxwell_data_free(d);
    }
    return 0;
}
