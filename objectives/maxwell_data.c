/*
 * objectives/maxwell_data.c — drop-test data for the Maxwell
 * identification: reading the CSV (hertzfit/csv.h does the parsing and
 * names file, line and column), checking every value before any fit sees
 * it, so that a bad cell is reported where it is rather than as a strange
 * fit, and making synthetic data from Hunter's model with seeded noise.
 */
#include "hertzfit/maxwell_data.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/csv.h"
#include "hertzfit/rng.h"
#include "objectives/maxwell_internal.h"

static const char *const observable_names[HF_MAXWELL_NOBS] = {"F_M", "t_M", "t_c", "e"};
static const char *const observable_columns[HF_MAXWELL_NOBS] = {"F_M_N", "t_M_s", "t_c_s",
                                                                  "e"};
static const char *const impact_columns[3] = {"m_kg", "R_m", "V0_mps"};

const char *hf_maxwell_observable_name(hf_maxwell_observable obs)
{
    return (unsigned)obs < HF_MAXWELL_NOBS ? observable_names[obs] : "?";
}

const char *hf_maxwell_observable_column(hf_maxwell_observable obs)
{
    return (unsigned)obs < HF_MAXWELL_NOBS ? observable_columns[obs] : "?";
}

const char *hf_maxwell_observables_name(unsigned mask, char *buf, size_t size)
{
    if (size == 0)
        return buf;
    buf[0] = '\0';
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if (mask & (1u << k)) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "%s%s", len ? "+" : "", observable_names[k]);
        }
    return buf;
}

double hf_maxwell_response_get(const hf_maxwell_response *r, hf_maxwell_observable obs)
{
    switch (obs) {
    case HF_MAXWELL_F_M: return r->F_M;
    case HF_MAXWELL_T_M: return r->t_M;
    case HF_MAXWELL_T_C: return r->t_c;
    case HF_MAXWELL_E: return r->e;
    default: return NAN;
    }
}

void hf_maxwell_data_free(hf_maxwell_data *d)
{
    if (d == NULL)
        return;
    free(d->impact);
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        free(d->value[k]);
    free(d->line);
    free(d->path);
    free(d);
}

hf_status hf_maxwell_data_alloc(size_t n, unsigned mask, hf_maxwell_data **out,
                                hf_diag *diag)
{
    *out = NULL;
    /* d and every array in it: the caller's, through hf_maxwell_data_free */
    hf_maxwell_data *d = calloc(1, sizeof *d);
    if (d == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu tests", n);
    d->n = n;
    d->impact = calloc(n ? n : 1, sizeof *d->impact);
    int failed = d->impact == NULL;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if (mask & (1u << k)) {
            d->value[k] = calloc(n ? n : 1, sizeof(double));
            failed |= d->value[k] == NULL;
        }
    if (failed) {
        hf_maxwell_data_free(d);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu tests", n);
    }
    *out = d;
    return HF_OK;
}

unsigned hf_maxwell_data_mask(const hf_maxwell_data *d)
{
    unsigned mask = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if (d->value[k] != NULL)
            mask |= 1u << k;
    return mask;
}

/* "PATH:LINE:" or "test I:" in front of a message about test i. */
static void where(const hf_maxwell_data *d, size_t i, long col, char *buf, size_t size)
{
    if (d->path != NULL && d->line != NULL && col >= 0)
        snprintf(buf, size, "%s:%zu:%ld:", d->path, d->line[i], col + 1);
    else
        snprintf(buf, size, "test %zu:", i + 1);
}

/* Column index of a named column in the file, for messages (-1 if none). */
typedef struct columns {
    long impact[3];
    long obs[HF_MAXWELL_NOBS];
} columns;

static hf_status check_values(const hf_maxwell_data *d, const columns *c, hf_diag *diag)
{
    char at[600];
    for (size_t i = 0; i < d->n; ++i) {
        const double v[3] = {d->impact[i].m, d->impact[i].R, d->impact[i].V0};
        for (int j = 0; j < 3; ++j)
            if (!isfinite(v[j]) || !(v[j] > 0.0)) {
                where(d, i, c ? c->impact[j] : -1, at, sizeof at);
                return hf_diag_set(diag, HF_EDOM, "%s %s = %g must be finite and > 0", at,
                                   impact_columns[j], v[j]);
            }
        for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
            if (d->value[k] == NULL)
                continue;
            double y = d->value[k][i];
            if (!isfinite(y) || !(y > 0.0) || (k == HF_MAXWELL_E && y > 1.0)) {
                where(d, i, c ? c->obs[k] : -1, at, sizeof at);
                return hf_diag_set(diag, HF_EDOM, "%s %s = %g must be finite and %s", at,
                                   observable_columns[k], y,
                                   k == HF_MAXWELL_E ? "in (0, 1]" : "> 0");
            }
        }
    }
    return HF_OK;
}

hf_status hf_maxwell_data_check(const hf_maxwell_data *d, hf_diag *diag)
{
    if (d == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no data");
    if (d->n == 0)
        return hf_diag_set(diag, HF_EINVAL, "no tests in the data");
    if (hf_maxwell_data_mask(d) == 0)
        return hf_diag_set(diag, HF_ENOTFOUND, "no observable (F_M_N, t_M_s, t_c_s, e)");
    return check_values(d, NULL, diag);
}

static hf_status find_columns(const hf_csv *csv, int observables, columns *c, unsigned *mask,
                              hf_diag *diag)
{
    for (int j = 0; j < 3; ++j) {
        size_t col = 0;
        hf_status st = hf_csv_require(csv, impact_columns[j], &col, diag);
        if (st != HF_OK)
            return st;
        c->impact[j] = (long)col;
    }
    *mask = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
        c->obs[k] = observables ? hf_csv_find(csv, observable_columns[k]) : -1;
        if (c->obs[k] >= 0)
            *mask |= 1u << k;
    }
    if (observables && *mask == 0)
        return hf_diag_set(diag, HF_ENOTFOUND,
                           "%s:%zu: no observable column (need at least one of F_M_N, "
                           "t_M_s, t_c_s, e)", hf_csv_path(csv), hf_csv_header_line(csv));
    if (hf_csv_nrows(csv) == 0)
        return hf_diag_set(diag, HF_EINVAL, "%s: no data rows", hf_csv_path(csv));
    return HF_OK;
}

/* Parses every cell into d; hf_csv_number names the cell on failure. */
static hf_status fill(const hf_csv *csv, const columns *c, hf_maxwell_data *d, hf_diag *diag)
{
    for (size_t i = 0; i < d->n; ++i) {
        double *dst[3] = {&d->impact[i].m, &d->impact[i].R, &d->impact[i].V0};
        d->line[i] = hf_csv_line(csv, i);
        for (int j = 0; j < 3; ++j) {
            hf_status st = hf_csv_number(csv, i, (size_t)c->impact[j], dst[j], diag);
            if (st != HF_OK)
                return st;
        }
        for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
            if (c->obs[k] < 0)
                continue;
            hf_status st = hf_csv_number(csv, i, (size_t)c->obs[k], &d->value[k][i], diag);
            if (st != HF_OK)
                return st;
        }
    }
    return HF_OK;
}

/* Reads PATH with (observables = 1) or without its observable columns. */
static hf_status read_table(const char *path, int observables, hf_maxwell_data **out,
                            hf_diag *diag)
{
    *out = NULL;
    hf_csv *csv = NULL; /* freed below */
    hf_status st = hf_csv_read(path, NULL, &csv, diag);
    if (st != HF_OK)
        return st;
    columns c;
    unsigned mask = 0;
    hf_maxwell_data *d = NULL;
    st = find_columns(csv, observables, &c, &mask, diag);
    if (st == HF_OK) {
        /* to *out, or freed on error */
        st = hf_maxwell_data_alloc(hf_csv_nrows(csv), mask, &d, diag);
        if (st == HF_OK) {
            d->line = calloc(d->n, sizeof *d->line); /* owned by d */
            d->path = malloc(strlen(path) + 1);      /* owned by d */
            if (d->line == NULL || d->path == NULL)
                st = hf_diag_set(diag, HF_ENOMEM, "out of memory reading %s", path);
            else
                strcpy(d->path, path);
        }
    }
    if (st == HF_OK)
        st = fill(csv, &c, d, diag);
    if (st == HF_OK)
        st = check_values(d, &c, diag);
    hf_csv_free(csv);
    if (st != HF_OK) {
        hf_maxwell_data_free(d);
        return st;
    }
    *out = d;
    return HF_OK;
}

hf_status hf_maxwell_data_read(const char *path, hf_maxwell_data **out, hf_diag *diag)
{
    return read_table(path, 1, out, diag);
}

hf_status hf_maxwell_grid_read(const char *path, hf_maxwell_data **out, hf_diag *diag)
{
    return read_table(path, 0, out, diag);
}

/* "PATH:LINE: " or "impact I: " in front of a message about impact i
 * (nothing for a single impact built in memory). */
static void impact_where(const hf_maxwell_data *d, size_t i, char *buf, size_t size)
{
    if (d->path != NULL && d->line != NULL)
        snprintf(buf, size, "%s:%zu: ", d->path, d->line[i]);
    else if (d->n > 1)
        snprintf(buf, size, "impact %zu: ", i + 1);
    else
        buf[0] = '\0';
}

hf_status hf_maxwell_synthesize(const hf_maxwell_material *material,
                                const hf_maxwell_data *impacts, double noise, uint64_t seed,
                                hf_maxwell_response *out, hf_diag *diag)
{
    if (material == NULL || impacts == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "synthetic data: missing material, impacts or output");
    if (!(noise >= 0.0 && noise <= HF_MAXWELL_NOISE_MAX))
        return hf_diag_set(diag, HF_ERANGE, "noise %g is outside [0, %g]", noise,
                           HF_MAXWELL_NOISE_MAX);
    hf_status st = hf_maxwell_material_check(material, diag);
    if (st != HF_OK)
        return st;
    hf_rng rng;
    hf_rng_seed(&rng, seed, 0);
    char at[1100];
    for (size_t i = 0; i < impacts->n; ++i) {
        hf_diag why = {{0}};
        hf_maxwell_response *r = &out[i];
        st = hf_maxwell_simulate(material, &impacts->impact[i], NULL, r, &why);
        if (st != HF_OK) {
            impact_where(impacts, i, at, sizeof at);
            return hf_diag_set(diag, st, "%s%s", at, why.text);
        }
        if (!(noise > 0.0))
            continue;
        double *v[4] = {&r->F_M, &r->t_M, &r->t_c, &r->e};
        for (int k = 0; k < 4; ++k)
            *v[k] *= 1.0 + hf_rng_normal(&rng, 0.0, noise);
        if (!(r->F_M > 0.0 && r->t_M > 0.0 && r->t_c > 0.0 && r->e > 0.0 && r->e <= 1.0))
            return hf_diag_set(diag, HF_EDOM, "impact %zu: noise %g (seed %llu) makes F_M = %g, "
                               "t_M = %g, t_c = %g, e = %g: not a measurement (e must be in "
                               "(0, 1], the others > 0); lower the noise", i + 1, noise,
                               (unsigned long long)seed, r->F_M, r->t_M, r->t_c, r->e);
    }
    return HF_OK;
}
