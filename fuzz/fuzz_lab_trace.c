/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_lab_trace.c — the readers of trace files as lab software
 * writes them (objectives/trace_formats.c): the input is a LabVIEW .lvm
 * file, then the same bytes as a decimal-comma CSV read through a named
 * column mapping, each named by a one-drop test list.  Whatever the
 * bytes, a reader returns a status, never crashes or leaks.
 */
#include "fuzz_target.h"

#include <stdio.h>
#include <string.h>

#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_data.h"

static void read_list(const char *trace, const char *text, size_t size,
                      const hf_maxwell_read_options *o)
{
    char list[128];
    snprintf(list, sizeof list, "m_g,D_mm,h_mm,trace\n4.08,10,50,%s\n", trace);
    if (hf_fuzz_scratch(trace, (const uint8_t *)text, size) == NULL)
        return;
    const char *path = hf_fuzz_scratch("list.csv", (const uint8_t *)list, strlen(list));
    if (path == NULL)
        return;
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    if (hf_maxwell_data_read(path, o, &d, &diag) == HF_OK) {
        hf_maxwell_impact_features f[4];
        size_t nf = 0;
        hf_maxwell_trace_extract(&d->trace[0], &d->impact[0], 4, f, &nf, &diag);
        hf_maxwell_data_free(d);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    hf_maxwell_read_options o;
    hf_maxwell_read_options_init(&o);
    read_list("trace.lvm", (const char *)data, size, &o);
    o.trace_format.decimal = ',';
    o.trace_format.time_column = "Time (ms)";
    o.trace_format.force_column = "Force";
    o.trace_format.force_unit = "kN";
    read_list("trace.csv", (const char *)data, size, &o);
    o.trace_format.time_column = NULL;
    o.trace_format.rate = 1e4;
    read_list("trace.csv", (const char *)data, size, &o);
    return 0;
}
