/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_trace.c — the trace file reader (hertzfit/trace.h).
 */
#include "fuzz_target.h"

#include "hertzfit/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = hf_fuzz_scratch("trace.csv", data, size);
    if (path == NULL)
        return 0;
    hf_trace_file *file = NULL;
    hf_diag diag = {{0}};
    if (hf_trace_read(path, &file, &diag) == HF_OK)
        hf_trace_file_free(file);
    return 0;
}
