/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/specs.c — the small languages of option values that more than one
 * subcommand takes: the one grid syntax START:STEP:STOP (--sampling,
 * copt fit --n-grid/--e-grid) and the c_r sampling (a grid, file:PATH or
 * hgeom:H0:H1:N), turned into the library's typed constructors.
 */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "hertzfit/profile_objective.h"

/* Splits TEXT at ':' into at most N fields of FIELDS (each at most 63
 * characters); returns the field count, or -1 when a field is too long. */
static int split_colons(const char *text, char fields[][64], int n)
{
    int count = 0;
    for (const char *p = text;; ++p) {
        size_t len = strcspn(p, ":");
        if (len >= 64)
            return -1;
        if (count < n) {
            memcpy(fields[count], p, len);
            fields[count][len] = '\0';
        }
        ++count;
        p += len;
        if (*p == '\0')
            return count;
    }
}

int hfc_grid_parse(const char *command, const char *what, const char *text, hfc_grid *grid)
{
    char f[3][64];
    int n = split_colons(text, f, 3);
    double v[3];
    if (n == 1 && hf_parse_double(f[0], &v[0], NULL) == HF_OK) {
        *grid = (hfc_grid){v[0], 1.0, v[0]};
        return 0;
    }
    if (n != 3)
        return hfc_fail(command, "%s: '%s' is not START:STEP:STOP or one number", what, text);
    static const char *const names[3] = {"START", "STEP", "STOP"};
    for (int k = 0; k < 3; ++k)
        if (hf_parse_double(f[k], &v[k], NULL) != HF_OK)
            return hfc_fail(command, "%s: %s '%s' of '%s' is not a finite number", what,
                            names[k], f[k], text);
    if (!(v[1] > 0.0))
        return hfc_fail(command, "%s: STEP %g of '%s' must be positive", what, v[1], text);
    if (v[0] > v[2])
        return hfc_fail(command, "%s: START %g of '%s' is above STOP %g", what, v[0], text,
                        v[2]);
    *grid = (hfc_grid){v[0], v[1], v[2]};
    return 0;
}

int hfc_grid_values(const char *command, const hfc_grid *g, double **values, size_t *n)
{
    /* Inclusive: stop counts when it is within 1e-9 steps of the grid,
     * as in hf_profile_sampling_grid; a last value that rounds past stop is stop
     * (e = 1 + 1 ulp would be refused). */
    double span = (g->stop - g->start) / g->step;
    if (!(span < 1e7))
        return hfc_fail(command, "the grid %g:%g:%g has more than 1e7 values", g->start,
                        g->step, g->stop);
    size_t count = (size_t)floor(span + 1e-9) + 1;
    double *v = malloc(sizeof(double) * count); /* the caller frees */
    if (v == NULL) {
        fprintf(stderr, "hertzfit %s: out of memory\n", command);
        return 1;
    }
    for (size_t i = 0; i < count; ++i)
        v[i] = fmin(g->start + (double)i * g->step, g->stop);
    *values = v;
    *n = count;
    return 0;
}

int hfc_sampling(const char *command, const char *spec, double **values, size_t *n)
{
    hf_diag diag = {{0}};
    hf_status st;
    *values = NULL;
    *n = 0;
    if (strncmp(spec, "file:", 5) == 0) {
        st = hf_profile_sampling_read(spec + 5, values, n, &diag);
    } else if (strncmp(spec, "hgeom:", 6) == 0) {
        char f[3][64];
        double h0, h1;
        unsigned long long count;
        if (split_colons(spec + 6, f, 3) != 3 || hf_parse_double(f[0], &h0, NULL) != HF_OK ||
            hf_parse_double(f[1], &h1, NULL) != HF_OK || hf_parse_count(f[2], &count, NULL) != HF_OK)
            return hfc_fail(command, "--sampling: '%s' is not hgeom:H0:H1:N (numbers H0 < H1, "
                            "a whole number N >= 2)", spec);
        st = hf_profile_sampling_hgeom(h0, h1, (size_t)count, values, n, &diag);
    } else {
        hfc_grid g;
        int rc = hfc_grid_parse(command, "--sampling", spec, &g);
        if (rc != 0)
            return rc;
        st = hf_profile_sampling_grid(g.start, g.step, g.stop, values, n, &diag);
    }
    return st == HF_OK ? 0 : hfc_fail_status(command, "--sampling", st, &diag);
}

int hfc_profile_objective(const char *command, const char *sampling, const char *table,
                          struct hf_profile_objective **out)
{
    hf_diag diag = {{0}};
    *out = NULL;
    double *c = NULL; /* freed below; NULL: the library's default sampling */
    size_t n = 0;
    int rc = sampling != NULL ? hfc_sampling(command, sampling, &c, &n) : 0;
    if (rc != 0)
        return rc;
    hf_status st = hf_profile_objective_make(table, c, n, NULL, out, &diag);
    free(c);
    return st == HF_OK ? 0 : hfc_fail_status(command, table ? NULL : "--sampling", st, &diag);
}

void hfc_note_objective(int csv, const char *table, const struct hf_profile_objective *obj)
{
    if (table == NULL)
        return;
    double q[3], worst;
    size_t n;
    hf_profile_objective_quadratic(obj, q, &worst, &n);
    hfc_note(csv, "table %s: RMS^2 fitted as a quadratic in K0 over %zu rows, worst residual "
                  "%.3g %%", table, n, worst);
}
