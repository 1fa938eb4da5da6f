/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz/fuzz_csv.c — the RFC 4180 reader (core/csv.h) on any bytes:
 * the separator detected, then given as ';' with small limits, and every
 * cell asked for as a number, a count and a missing value.
 */
#include "fuzz_target.h"

#include "core/csv.h"

static void walk(const char *path, const hf_csv_options *options)
{
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    if (hf_csv_read(path, options, &csv, &diag) != HF_OK)
        return;
    for (size_t c = 0; c < hf_csv_ncols(csv); ++c)
        (void)hf_csv_header(csv, c);
    (void)hf_csv_find(csv, "c_r");
    for (size_t r = 0; r < hf_csv_nrows(csv); ++r) {
        (void)hf_csv_line(csv, r);
        for (size_t c = 0; c < hf_csv_ncols(csv); ++c) {
            double v;
            unsigned long long n;
            (void)hf_csv_cell(csv, r, c);
            (void)hf_csv_is_missing(csv, r, c);
            (void)hf_csv_number(csv, r, c, &v, &diag);
            (void)hf_csv_count(csv, r, c, &n, &diag);
        }
    }
    hf_csv_free(csv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = hf_fuzz_scratch("input.csv", data, size);
    if (path == NULL)
        return 0;
    walk(path, NULL);
    hf_csv_options small;
    hf_csv_options_init(&small);
    small.separator = ';';
    small.max_columns = 8;
    small.max_cell_bytes = 16;
    small.max_rows = 16;
    walk(path, &small);
    return 0;
}
