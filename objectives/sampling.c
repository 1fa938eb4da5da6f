/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/sampling.c — c_r samplings for the profile objective: an
 * inclusive grid, n values geometric in h_r mapped to c_r by the exact
 * inverse relation, or the c_r column of a CSV file.  Typed constructors:
 * the text a user writes for them is parsed by the program.
 */
#include "hertzfit/profile_objective.h"

#include <math.h>
#include <stdlib.h>

#include "core/csv.h"
#include "hertzfit/damping.h"

static hf_status check_cr(double c, const char *what, hf_diag *diag)
{
    if (!(c > 0.0 && c <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "%s: c_r = %.17g is outside (0, 1]", what, c);
    return HF_OK;
}

hf_status hf_profile_sampling_grid(double start, double step, double stop, double **values,
                           size_t *count, hf_diag *diag)
{
    *values = NULL;
    *count = 0;
    if (!isfinite(start) || !isfinite(step) || !isfinite(stop))
        return hf_diag_set(diag, HF_EDOM, "sampling grid: start %g, step %g, stop %g must be "
                           "finite", start, step, stop);
    if (!(step > 0.0))
        return hf_diag_set(diag, HF_EDOM, "sampling grid: step %g must be positive", step);
    if (start > stop)
        return hf_diag_set(diag, HF_EDOM, "sampling grid: start %g is above stop %g", start,
                           stop);
    hf_status st;
    if ((st = check_cr(start, "sampling start", diag)) != HF_OK ||
        (st = check_cr(stop, "sampling stop", diag)) != HF_OK)
        return st;
    /* Inclusive: stop counts when it is within 1e-9 steps of the grid. */
    double span = (stop - start) / step;
    if (span >= HF_SAMPLING_MAX)
        return hf_diag_set(diag, HF_EDOM, "sampling grid: more than %u points",
                           HF_SAMPLING_MAX);
    size_t n = (size_t)floor(span + 1e-9) + 1;
    double *v = malloc(sizeof(double) * n);   /* caller frees */
    if (v == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu samples", n);
    for (size_t i = 0; i < n; ++i)
        v[i] = fmin(start + (double)i * step, 1.0);
    *values = v;
    *count = n;
    return HF_OK;
}

hf_status hf_profile_sampling_hgeom(double h0, double h1, size_t n, double **values, size_t *count,
                            hf_diag *diag)
{
    *values = NULL;
    *count = 0;
    if (n < 2 || n > HF_SAMPLING_MAX)
        return hf_diag_set(diag, HF_EDOM, "sampling hgeom: n = %zu must be an integer from 2 "
                           "to %u", n, HF_SAMPLING_MAX);
    if (!(h0 > 0.0 && h1 > h0 && isfinite(h1)))
        return hf_diag_set(diag, HF_EDOM, "sampling hgeom: need 0 < h0 < h1 (got %g, %g)",
                           h0, h1);
    double *v = malloc(sizeof(double) * n);   /* caller frees */
    if (v == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu samples", n);
    for (size_t i = 0; i < n; ++i) {
        double h = h0 * pow(h1 / h0, (double)i / (double)(n - 1));
        hf_status st = hf_restitution_cr_exact(h, &v[i], NULL);
        if (st != HF_OK || !(v[i] > 0.0)) {
            free(v);
            return hf_diag_set(diag, HF_EDOM, "sampling hgeom: h = %g has no representable "
                               "c_r", h);
        }
    }
    *values = v;
    *count = n;
    return HF_OK;
}

hf_status hf_profile_sampling_read(const char *path, double **values, size_t *count,
                           hf_diag *diag)
{
    *values = NULL;
    *count = 0;
    /* the reader stops at the limit's row: no table past it is built */
    hf_csv_options o;
    hf_csv_options_init(&o);
    o.max_rows = HF_SAMPLING_MAX;
    hf_csv *csv = NULL;
    hf_status st = hf_csv_read(path, &o, &csv, diag);   /* freed below */
    if (st != HF_OK)
        return st;
    size_t n = hf_csv_nrows(csv);
    double *v = malloc(sizeof(double) * (n ? n : 1));   /* caller frees on success */
    if (v == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu samples", n);
    if (st == HF_OK && n == 0)
        st = hf_diag_set(diag, HF_EPARSE, "%s: no c_r values", path);
    if (st == HF_OK)
        st = hf_csv_column(csv, "c_r", v, diag);
    for (size_t i = 0; st == HF_OK && i < n; ++i)
        if (!(v[i] > 0.0 && v[i] <= 1.0))
            st = hf_diag_set(diag, HF_EDOM, "%s:%zu:%ld: c_r = %s is outside (0, 1]", path,
                             hf_csv_line(csv, i), hf_csv_find(csv, "c_r") + 1,
                             hf_csv_cell(csv, i, (size_t)hf_csv_find(csv, "c_r")));
    hf_csv_free(csv);
    if (st != HF_OK) {
        free(v);
        return st;
    }
    *values = v;
    *count = n;
    return HF_OK;
}
