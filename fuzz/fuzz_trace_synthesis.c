/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_trace_synthesis.c — a synthetic force trace
 * (hertzfit/maxwell_trace.h, hf_maxwell_trace_synthesize), as
 * `maxwell simulate --trace` makes it: the input is text, up to 14 numbers
 * separated by blanks (mu0 nu eta m R V0 rate pre post noise offset bits
 * range seed; the ones not given keep the defaults), so that the corpus
 * reads as the options it stands for.  What is synthesised is then written
 * (hf_maxwell_trace_write) and its features extracted
 * (hf_maxwell_trace_extract), as a user would do next.  A record over
 * 200,000 samples is skipped (the library's own limit is ten times that)
 * to keep one input quick.
 */
#include "fuzz_target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[1024];
    if (size >= sizeof text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    double v[14] = {1e6, 0.5, 100, 0.0138, 0.0075, 1, 100e3, 1e-3, 1e-3, 0, 0, 0, 0, 0};
    char *p = text;
    for (int k = 0; k < 14; ++k) {
        char *end = NULL;
        double x = strtod(p, &end);
        if (end == p)
            break;
        v[k] = x;
        p = end;
    }
    hf_maxwell_material material = {v[0], v[1], v[2]};
    hf_maxwell_impact impact = {v[3], v[4], v[5]};
    hf_maxwell_trace_options o;
    hf_maxwell_trace_options_init(&o);
    o.rate = v[6];
    o.pre = v[7];
    o.post = v[8];
    o.noise = v[9];
    o.offset = v[10];
    o.bits = v[11] >= 0 && v[11] < 4294967296.0 ? (unsigned)v[11] : 64u;
    o.range = v[12];
    o.seed = v[13] >= 0 && v[13] < 18446744073709551616.0 ? (uint64_t)v[13] : 0;
    /* the record's length, as the library computes it, bounded for speed */
    if (!(o.rate > 0 && o.rate * (o.pre + o.post + 1.0) < 2e5))
        return 0;
    hf_maxwell_trace *trace = NULL;
    hf_diag diag = {{0}};
    if (hf_maxwell_trace_synthesize(&material, &impact, &o, &trace, &diag) != HF_OK)
        return 0;
    const char *dir = hf_fuzz_scratch_dir();
    char path[1024];
    if (dir != NULL && snprintf(path, sizeof path, "%s/synthetic.csv", dir) < (int)sizeof path)
        hf_maxwell_trace_write(path, trace, "fuzz", &diag);
    hf_maxwell_impact_features f[4];
    size_t nf = 0;
    hf_maxwell_trace_extract(trace, &impact, 4, f, &nf, &diag);
    hf_maxwell_trace_free(trace);
    return 0;
}
