/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/maxwell_data.c — drop-test data for the Maxwell
 * identification: reading the CSV (core/csv.h does the parsing and
 * names file, line and column), checking every value before any fit sees
 * it, so that a bad cell is reported where it is rather than as a strange
 * fit, and making synthetic data from Hunter's model with seeded noise.
 */
#include "hertzfit/maxwell_data.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "hertzfit/rng.h"
#include "objectives/maxwell_internal.h"
#include "core/strdup.h"
#include "models/maxwell_model.h"
#include "core/rng_draw.h"

static const char *const observable_names[HF_MAXWELL_NOBS] = {"F_M", "t_M", "t_c", "e"};
static const char *const observable_columns[HF_MAXWELL_NOBS] = {"F_M_N", "t_M_s", "t_c_s",
                                                                  "e"};
static const char *const impact_columns[3] = {"m_kg", "R_m", "V0_mps"};

/* ---- the columns a data file may have ------------------------------------ */

/* What a column holds: the three impact quantities, then the observables
 * in hf_maxwell_observable order. */
enum { Q_MASS, Q_RADIUS, Q_SPEED, Q_OBS0, NQUANTITIES = Q_OBS0 + HF_MAXWELL_NOBS };

static const char *const quantity_names[NQUANTITIES] = {
    "impactor mass", "impactor radius", "approach speed", "peak force",
    "time of the peak force", "contact duration", "coefficient of restitution"};

/* One accepted column: its quantity, the symbol its name starts with, the
 * factor to SI (the radius from a diameter is half of it), whether it is a
 * drop height (V0 = √(2 g h)), and the column a value too large (or, for
 * a force, too small) most likely belongs in. */
typedef struct unit_column {
    int quantity;
    const char *symbol;
    const char *name;
    double factor;
    int drop_height;
    const char *slip;
} unit_column;

static const unit_column unit_columns[] = {
    {Q_MASS, "m", "m_kg", 1.0, 0, "m_g"},
    {Q_MASS, "m", "m_g", 1e-3, 0, NULL},
    {Q_RADIUS, "R", "R_m", 1.0, 0, "R_mm"},
    {Q_RADIUS, "R", "R_mm", 1e-3, 0, NULL},
    {Q_RADIUS, "D", "D_m", 0.5, 0, "D_mm"},
    {Q_RADIUS, "D", "D_mm", 0.5e-3, 0, NULL},
    {Q_SPEED, "V0", "V0_mps", 1.0, 0, NULL},
    {Q_SPEED, "h", "h_m", 1.0, 1, NULL},
    {Q_SPEED, "h", "h_mm", 1e-3, 1, NULL},
    {Q_OBS0 + HF_MAXWELL_F_M, "F_M", "F_M_N", 1.0, 0, "F_M_kN"},
    {Q_OBS0 + HF_MAXWELL_F_M, "F_M", "F_M_kN", 1e3, 0, NULL},
    {Q_OBS0 + HF_MAXWELL_F_M, "F_M", "F_M_mN", 1e-3, 0, "F_M_N"},
    {Q_OBS0 + HF_MAXWELL_T_M, "t_M", "t_M_s", 1.0, 0, "t_M_ms"},
    {Q_OBS0 + HF_MAXWELL_T_M, "t_M", "t_M_ms", 1e-3, 0, "t_M_us"},
    {Q_OBS0 + HF_MAXWELL_T_M, "t_M", "t_M_us", 1e-6, 0, NULL},
    {Q_OBS0 + HF_MAXWELL_T_C, "t_c", "t_c_s", 1.0, 0, "t_c_ms"},
    {Q_OBS0 + HF_MAXWELL_T_C, "t_c", "t_c_ms", 1e-3, 0, "t_c_us"},
    {Q_OBS0 + HF_MAXWELL_T_C, "t_c", "t_c_us", 1e-6, 0, NULL},
    {Q_OBS0 + HF_MAXWELL_E, "e", "e", 1.0, 0, NULL},
};

#define NUNIT_COLUMNS (sizeof unit_columns / sizeof unit_columns[0])

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
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
        free(d->value[k]);
        free(d->uncertainty[k]);
    }
    free(d->line);
    free(d->path);
    if (d->trace != NULL)
        for (size_t i = 0; i < d->n; ++i) {
            free(d->trace[i].t);
            free(d->trace[i].F);
            free(d->trace[i].path);
        }
    free(d->trace);
    for (size_t i = 0; i < d->nwarnings; ++i)
        free(d->warning[i]);
    free(d->warning);
    free(d->warning_tests);
    if (d->specimen != NULL)
        for (size_t i = 0; i < d->n; ++i)
            free(d->specimen[i]);
    free(d->specimen);
    free(d);
}

hf_status hf_maxwell_data_set_specimen(hf_maxwell_data *d, size_t i, const char *name,
                                       hf_diag *diag)
{
    if (d == NULL || i >= d->n || name == NULL || name[0] == '\0')
        return hf_diag_set(diag, HF_EINVAL, "specimen of test %zu: no data, no such test or "
                           "no name", i + 1);
    if (d->specimen == NULL && (d->specimen = calloc(d->n, sizeof *d->specimen)) == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu specimen names", d->n);
    char *copy = hf_strdup(name); /* owned by d */
    if (copy == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    free(d->specimen[i]);
    d->specimen[i] = copy;
    return HF_OK;
}

hf_status hf_maxwell_data_specimens(const hf_maxwell_data *d, size_t *nspecimens,
                                    size_t *index, hf_diag *diag)
{
    *nspecimens = d->n > 0 ? 1 : 0;
    if (d->specimen == NULL) {
        for (size_t i = 0; index != NULL && i < d->n; ++i)
            index[i] = 0;
        return HF_OK;
    }
    size_t count = 0;
    for (size_t i = 0; i < d->n; ++i) {
        if (d->specimen[i] == NULL || d->specimen[i][0] == '\0')
            return hf_diag_set(diag, HF_EINVAL, "test %zu has no specimen name", i + 1);
        size_t first = 0; /* the first test of this name: a new specimen when it is i */
        while (strcmp(d->specimen[first], d->specimen[i]) != 0)
            ++first;
        size_t k = count;
        if (first == i)
            ++count;
        else if (index != NULL)
            k = index[first];
        else
            continue;
        if (index != NULL)
            index[i] = k;
    }
    *nspecimens = count;
    return HF_OK;
}

/* Copies trace SRC into DST (samples and path). */
static hf_status copy_trace(const hf_maxwell_trace *src, hf_maxwell_trace *dst, hf_diag *diag)
{
    dst->n = src->n;
    dst->t = malloc(src->n * sizeof *dst->t); /* owned by the subset */
    dst->F = malloc(src->n * sizeof *dst->F);
    dst->path = src->path != NULL ? hf_strdup(src->path) : NULL;
    if (dst->t == NULL || dst->F == NULL || (src->path != NULL && dst->path == NULL))
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for a trace of %zu samples",
                           src->n);
    memcpy(dst->t, src->t, src->n * sizeof *dst->t);
    memcpy(dst->F, src->F, src->n * sizeof *dst->F);
    return HF_OK;
}

/* Test ROW of SRC as test I of DST (both allocated alike). */
static hf_status copy_test(const hf_maxwell_data *src, size_t row, hf_maxwell_data *dst,
                           size_t i, hf_diag *diag)
{
    dst->impact[i] = src->impact[row];
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
        if (src->value[k] != NULL)
            dst->value[k][i] = src->value[k][row];
        if (src->uncertainty[k] != NULL)
            dst->uncertainty[k][i] = src->uncertainty[k][row];
    }
    if (dst->line != NULL)
        dst->line[i] = src->line[row];
    if (src->specimen != NULL && src->specimen[row] != NULL &&
        (dst->specimen[i] = hf_strdup(src->specimen[row])) == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    return dst->trace != NULL ? copy_trace(&src->trace[row], &dst->trace[i], diag) : HF_OK;
}

/* Room in D (N tests) for the uncertainties SRC has; 1 when out of memory. */
static int alloc_uncertainties(const hf_maxwell_data *src, size_t n, hf_maxwell_data *d)
{
    int oom = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k)
        if (src->uncertainty[k] != NULL)
            oom |= (d->uncertainty[k] = calloc(n ? n : 1, sizeof(double))) == NULL;
    return oom;
}

/* Appends one warning line to d, concerning the tests whose flag in
 * TESTS (d->n of them) is set. */
static hf_status add_warning(hf_maxwell_data *d, const char *text, const unsigned char *tests,
                             hf_diag *diag)
{
    const size_t n = d->n ? d->n : 1;
    char **grown = realloc(d->warning, (d->nwarnings + 1) * sizeof *grown); /* owned by d */
    if (grown == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    d->warning = grown;
    unsigned char *flags = realloc(d->warning_tests, (d->nwarnings + 1) * n); /* owned by d */
    if (flags == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    d->warning_tests = flags;
    char *copy = hf_strdup(text); /* owned by d */
    if (copy == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    memcpy(flags + d->nwarnings * n, tests, d->n);
    d->warning[d->nwarnings++] = copy;
    return HF_OK;
}

/* The warnings of SRC that concern one of its tests ROWS[0 .. n-1], as
 * warnings of DST (whose tests they are, in that order). */
static hf_status copy_warnings(const hf_maxwell_data *src, const size_t *rows, size_t n,
                               hf_maxwell_data *dst, hf_diag *diag)
{
    unsigned char *tests = calloc(n ? n : 1, 1); /* freed below */
    hf_status st = tests == NULL ? hf_diag_set(diag, HF_ENOMEM, "out of memory") : HF_OK;
    for (size_t w = 0; st == HF_OK && src->warning_tests != NULL && w < src->nwarnings; ++w) {
        int any = 0;
        for (size_t i = 0; i < n; ++i)
            any |= tests[i] = src->warning_tests[w * src->n + rows[i]];
        if (any)
            st = add_warning(dst, src->warning[w], tests, diag);
    }
    free(tests);
    return st;
}

hf_status hf_maxwell_data_subset(const hf_maxwell_data *src, const size_t *rows, size_t n,
                                 hf_maxwell_data **out, hf_diag *diag)
{
    hf_maxwell_data *d = NULL; /* to *out, or freed on error */
    hf_status st = hf_maxwell_data_alloc(n, hf_maxwell_data_mask(src), &d, diag);
    if (st != HF_OK)
        return st;
    int oom = 0;
    d->g = src->g;
    if (src->line != NULL)
        oom |= (d->line = calloc(n ? n : 1, sizeof *d->line)) == NULL;
    if (src->path != NULL)
        oom |= (d->path = hf_strdup(src->path)) == NULL;
    if (src->trace != NULL)
        oom |= (d->trace = calloc(n ? n : 1, sizeof *d->trace)) == NULL;
    if (src->specimen != NULL)
        oom |= (d->specimen = calloc(n ? n : 1, sizeof *d->specimen)) == NULL;
    oom |= alloc_uncertainties(src, n, d);
    st = oom ? hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu tests", n) : HF_OK;
    for (size_t i = 0; st == HF_OK && i < n; ++i)
        st = copy_test(src, rows[i], d, i, diag);
    if (st == HF_OK)
        st = copy_warnings(src, rows, n, d, diag);
    if (st != HF_OK) {
        hf_maxwell_data_free(d);
        return st;
    }
    *out = d;
    return HF_OK;
}

/* "A, B, C": the specimens of D, each once, into buf. */
static void specimen_names(const hf_maxwell_data *d, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < d->n && len < size; ++i) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = strcmp(d->specimen[j], d->specimen[i]) == 0;
        if (!seen)
            len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
                                    d->specimen[i]);
    }
}

hf_status hf_maxwell_data_select_specimen(const hf_maxwell_data *data, const char *name,
                                          hf_maxwell_data **out, size_t *list_drop,
                                          hf_diag *diag)
{
    if (out == NULL || data == NULL || name == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_maxwell_data_select_specimen: NULL argument");
    *out = NULL;
    if (data->specimen == NULL)
        return hf_diag_set(diag, HF_EINVAL, "%s: no 'specimen' column: no specimen '%s' to "
                           "select", data->path ? data->path : "the data", name);
    size_t *rows = malloc((data->n ? data->n : 1) * sizeof *rows); /* freed below */
    if (rows == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    size_t n = 0;
    for (size_t i = 0; i < data->n; ++i)
        if (data->specimen[i] != NULL && strcmp(data->specimen[i], name) == 0)
            rows[n++] = i;
    hf_status st = HF_OK;
    if (n == 0) {
        char names[1024];
        specimen_names(data, names, sizeof names);
        st = hf_diag_set(diag, HF_ENOTFOUND, "%s: no specimen '%s' (the list has: %s)",
                         data->path ? data->path : "the data", name, names);
    } else
        st = hf_maxwell_data_subset(data, rows, n, out, diag);
    if (st == HF_OK && list_drop != NULL)
        memcpy(list_drop, rows, n * sizeof *rows);
    free(rows);
    return st;
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
    d->g = HF_STANDARD_GRAVITY;
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

void hf_maxwell_read_options_init(hf_maxwell_read_options *o)
{
    o->separator = 0;
    o->g = HF_STANDARD_GRAVITY;
    hf_maxwell_trace_format_init(&o->trace_format);
}

/* "PATH:LINE:" or "test I:" in front of a message about test i. */
static void where(const hf_maxwell_data *d, size_t i, char *buf, size_t size)
{
    if (d->path != NULL && d->line != NULL)
        snprintf(buf, size, "%s:%zu:", d->path, d->line[i]);
    else
        snprintf(buf, size, "test %zu:", i + 1);
}

/* A value of a quantity is possible: finite, > 0, and e at most 1. */
static int possible(int quantity, double v)
{
    return isfinite(v) && v > 0.0 && (quantity != Q_OBS0 + HF_MAXWELL_E || v <= 1.0);
}

static const char *requirement(int quantity)
{
    return quantity == Q_OBS0 + HF_MAXWELL_E ? "finite and in (0, 1]" : "finite and > 0";
}

/* The SI values in memory: NaN observables are missing values. */
static hf_status check_values(const hf_maxwell_data *d, hf_diag *diag)
{
    char at[600];
    for (size_t i = 0; i < d->n; ++i) {
        const double v[3] = {d->impact[i].m, d->impact[i].R, d->impact[i].V0};
        for (int j = 0; j < 3; ++j)
            if (!possible(j, v[j])) {
                where(d, i, at, sizeof at);
                return hf_diag_set(diag, HF_EDOM, "%s %s = %g (SI) must be %s", at,
                                   impact_columns[j], v[j], requirement(j));
            }
        for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
            if (d->value[k] == NULL || isnan(d->value[k][i]))
                continue;
            if (!possible(Q_OBS0 + k, d->value[k][i])) {
                where(d, i, at, sizeof at);
                return hf_diag_set(diag, HF_EDOM, "%s %s = %g (SI) must be %s", at,
                                   observable_columns[k], d->value[k][i],
                                   requirement(Q_OBS0 + k));
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
        return hf_diag_set(diag, HF_ENOTFOUND, "no observable (F_M_N, t_M_s, t_c_s, e)%s",
                           d->trace != NULL ? ": the data hold force traces, whose features "
                                              "must be extracted first (hf_maxwell_trace_extract)"
                                            : "");
    return check_values(d, diag);
}

/* The file's column of each quantity: its index and entry of unit_columns
 * (col -1 when absent). */
typedef struct columns {
    long col[NQUANTITIES];
    const unit_column *unit[NQUANTITIES];
    long trace;   /* the column of trace file paths, or -1 */
    long specimen; /* the column of specimen names, or -1 */
} columns;

/* The column of a test list naming each drop's specimen. */
#define SPECIMEN_COLUMN "specimen"

/* The column of a test list naming each drop's trace file. */
#define TRACE_COLUMN "trace"


/* "m_kg, m_g": the accepted columns of a quantity. */
static const char *accepted(int quantity, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t u = 0; u < NUNIT_COLUMNS; ++u)
        if (unit_columns[u].quantity == quantity) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "%s%s", len ? ", " : "", unit_columns[u].name);
        }
    return buf;
}

/* The entry of unit_columns named NAME; else, in *symbol_of, the entry
 * whose symbol NAME is or starts with followed by '_' (a known quantity
 * with an unknown unit), or NULL for a column hertzfit does not read. */
static const unit_column *column_kind(const char *name, const unit_column **symbol_of)
{
    *symbol_of = NULL;
    for (size_t u = 0; u < NUNIT_COLUMNS; ++u)
        if (strcmp(name, unit_columns[u].name) == 0)
            return &unit_columns[u];
    for (size_t u = 0; u < NUNIT_COLUMNS; ++u) {
        size_t len = strlen(unit_columns[u].symbol);
        if (strncmp(name, unit_columns[u].symbol, len) == 0 &&
            (name[len] == '\0' || name[len] == '_')) {
            *symbol_of = &unit_columns[u];
            break;
        }
    }
    return NULL;
}

static hf_status find_columns(const hf_csv *csv, int observables, columns *c, unsigned *mask,
                              hf_diag *diag)
{
    char list[200];
    const char *path = hf_csv_path(csv);
    size_t hline = hf_csv_header_line(csv);
    for (int q = 0; q < NQUANTITIES; ++q) {
        c->col[q] = -1;
        c->unit[q] = NULL;
    }
    c->trace = observables ? hf_csv_find(csv, TRACE_COLUMN) : -1;
    c->specimen = observables ? hf_csv_find(csv, SPECIMEN_COLUMN) : -1;
    if (hf_csv_ncols(csv) == 1) {
        /* A separator given that the file does not use leaves one column. */
        const char *name = hf_csv_header(csv, 0);
        static const char seps[3] = {',', ';', '\t'};
        for (int j = 0; j < 3; ++j)
            if (seps[j] != hf_csv_separator(csv) && strchr(name, seps[j]) != NULL)
                return hf_diag_set(diag, HF_EPARSE,
                                   "%s:%zu: the header is one column, which holds '%s': is "
                                   "that the separator (not '%s')?", path, hline,
                                   seps[j] == '\t' ? "\\t" : (char[2]){seps[j], 0},
                                   hf_csv_separator(csv) == '\t'
                                       ? "\\t" : (char[2]){hf_csv_separator(csv), 0});
    }
    for (size_t j = 0; j < hf_csv_ncols(csv); ++j) {
        const char *name = hf_csv_header(csv, j);
        const unit_column *like = NULL, *u = column_kind(name, &like);
        if (u == NULL && like != NULL)
            return hf_diag_set(diag, HF_EPARSE,
                               "%s:%zu:%zu: column '%s' names the %s with an unknown unit "
                               "(accepted: %s)", path, hline, j + 1, name,
                               quantity_names[like->quantity],
                               accepted(like->quantity, list, sizeof list));
        if (u == NULL)
            continue;
        if (c->col[u->quantity] >= 0)
            return hf_diag_set(diag, HF_EPARSE,
                               "%s:%zu:%zu: column '%s' gives the %s a second time (after "
                               "'%s'); keep one of %s", path, hline, j + 1, name,
                               quantity_names[u->quantity], c->unit[u->quantity]->name,
                               accepted(u->quantity, list, sizeof list));
        c->col[u->quantity] = (long)j;
        c->unit[u->quantity] = u;
    }
    for (int q = Q_MASS; q <= Q_SPEED; ++q)
        if (c->col[q] < 0)
            return hf_diag_set(diag, HF_ENOTFOUND,
                               "%s:%zu: no column for the %s (one of %s is required)", path,
                               hline, quantity_names[q], accepted(q, list, sizeof list));
    *mask = 0;
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
        if (!observables)
            c->col[Q_OBS0 + k] = -1;
        if (c->col[Q_OBS0 + k] >= 0)
            *mask |= 1u << k;
    }
    if (observables && *mask == 0 && c->trace < 0)
        return hf_diag_set(diag, HF_ENOTFOUND,
                           "%s:%zu: no observable column (need at least one of F_M_N, "
                           "t_M_s, t_c_s, e, or the same in other units) and no '%s' "
                           "column of force-trace files", path, hline, TRACE_COLUMN);
    if (hf_csv_nrows(csv) == 0)
        return hf_diag_set(diag, HF_EINVAL, "%s: no data rows", path);
    return HF_OK;
}

/* Cell (row, quantity q) in SI into *si; an observable's missing cell is
 * NaN.  The raw value is checked under the column's own name. */
static hf_status read_cell(const hf_csv *csv, const columns *c, size_t row, int q, double g,
                           double *si, hf_diag *diag)
{
    const unit_column *u = c->unit[q];
    size_t col = (size_t)c->col[q];
    double v = NAN;
    hf_status st = hf_csv_number(csv, row, col, &v, diag);
    if (st == HF_EMISSING && q >= Q_OBS0) {
        *si = NAN;
        return HF_OK;
    }
    if (st != HF_OK)
        return st;
    if (!possible(q, v))
        return hf_diag_set(diag, HF_EDOM, "%s:%zu:%zu: %s = %g must be %s", hf_csv_path(csv),
                           hf_csv_line(csv, row), col + 1, u->name, v, requirement(q));
    *si = u->drop_height ? sqrt(2.0 * g * v * u->factor) : v * u->factor;
    /* a finite cell whose SI value is not (h_m = 1e308 gives V0 = inf, a
     * mass in g of 1e-320 gives 0 kg): named by the file's column */
    if (!possible(q, *si))
        return hf_diag_set(diag, HF_EDOM, "%s:%zu:%zu: %s = %g gives %s = %g %s, which must be "
                           "%s", hf_csv_path(csv), hf_csv_line(csv, row), col + 1, u->name, v,
                           u->drop_height ? "V0" : u->symbol, *si,
                           u->drop_height ? "m/s (sqrt(2 g h))" : "in SI units", requirement(q));
    return HF_OK;
}

/* Parses every cell into d (SI); hf_csv_number names the cell on failure. */
static hf_status fill(const hf_csv *csv, const columns *c, double g, hf_maxwell_data *d,
                      hf_diag *diag)
{
    for (size_t i = 0; i < d->n; ++i) {
        double *dst[3] = {&d->impact[i].m, &d->impact[i].R, &d->impact[i].V0};
        d->line[i] = hf_csv_line(csv, i);
        for (int q = Q_MASS; q <= Q_SPEED; ++q) {
            hf_status st = read_cell(csv, c, i, q, g, dst[q], diag);
            if (st != HF_OK)
                return st;
        }
        int present = 0;
        for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
            if (d->value[k] == NULL)
                continue;
            hf_status st = read_cell(csv, c, i, Q_OBS0 + k, g, &d->value[k][i], diag);
            if (st != HF_OK)
                return st;
            present += !isnan(d->value[k][i]);
        }
        if (hf_maxwell_data_mask(d) != 0 && present == 0)
            return hf_diag_set(diag, HF_EMISSING,
                               "%s:%zu: every observable of this test is missing", d->path,
                               d->line[i]);
    }
    return HF_OK;
}

/* Value of quantity q of test i in SI (NaN when missing or absent). */
static double si_value(const hf_maxwell_data *d, int q, size_t i)
{
    switch (q) {
    case Q_MASS: return d->impact[i].m;
    case Q_RADIUS: return d->impact[i].R;
    case Q_SPEED: return d->impact[i].V0;
    default: return d->value[q - Q_OBS0] ? d->value[q - Q_OBS0][i] : NAN;
    }
}

/* 1 when the SI value v of quantity q of test i is one no drop test has:
 * *limit is the bound it passes. */
static int implausible(const hf_maxwell_data *d, int q, size_t i, double v, double g,
                       double *limit)
{
    switch (q) {
    case Q_MASS: *limit = HF_MAXWELL_MASS_MAX; return v > *limit;
    case Q_RADIUS: *limit = HF_MAXWELL_RADIUS_MAX; return v > *limit;
    case Q_OBS0 + HF_MAXWELL_T_M:
    case Q_OBS0 + HF_MAXWELL_T_C: *limit = HF_MAXWELL_TIME_MAX; return v > *limit;
    case Q_OBS0 + HF_MAXWELL_F_M: *limit = d->impact[i].m * g; return v < *limit;
    default: return 0;
    }
}

/* One warning per column holding implausible values: the column, the
 * first line, how many rows, and the likely unit slip; it concerns every
 * test whose value is implausible.  TESTS: room for d->n flags. */
static hf_status plausibility(const hf_csv *csv, const columns *c, double g, hf_maxwell_data *d,
                              unsigned char *tests, hf_diag *diag)
{
    for (int q = 0; q < NQUANTITIES; ++q) {
        if (c->col[q] < 0)
            continue;
        size_t count = 0, first = 0;
        double first_v = 0.0, first_limit = 0.0;
        for (size_t i = 0; i < d->n; ++i) {
            double v = si_value(d, q, i), limit = 0.0;
            tests[i] = !isnan(v) && implausible(d, q, i, v, g, &limit);
            if (!tests[i])
                continue;
            if (count++ == 0) {
                first = i;
                first_v = v;
                first_limit = limit;
            }
        }
        if (count == 0)
            continue;
        const unit_column *u = c->unit[q];
        char what[300], hint[200], text[1400];
        if (q == Q_OBS0 + HF_MAXWELL_F_M)
            snprintf(what, sizeof what, "a peak force of %g N, below the impactor's weight "
                     "m g = %g N", first_v, first_limit);
        else
            snprintf(what, sizeof what, "%g %s, over the %g %s no drop test reaches", first_v,
                     q == Q_MASS ? "kg" : q == Q_RADIUS ? "m" : "s",
                     first_limit, q == Q_MASS ? "kg" : q == Q_RADIUS ? "m" : "s");
        if (q == Q_OBS0 + HF_MAXWELL_F_M)
            snprintf(hint, sizeof hint, "%s%s%sis the mass column '%s' in a unit too large?",
                     u->slip ? "are the values in the unit of '" : "",
                     u->slip ? u->slip : "", u->slip ? "', or " : "", c->unit[Q_MASS]->name);
        else if (u->slip != NULL)
            snprintf(hint, sizeof hint, "are the values in the unit of '%s'?", u->slip);
        else
            snprintf(hint, sizeof hint, "check the unit of the column");
        snprintf(text, sizeof text, "%s:%zu:%ld: column '%s' holds %s (%zu of %zu rows): %s",
                 hf_csv_path(csv), d->line[first], c->col[q] + 1, u->name, what, count, d->n,
                 hint);
        hf_status st = add_warning(d, text, tests, diag);
        if (st != HF_OK)
            return st;
    }
    return HF_OK;
}

/* F_M·t/(m V0) of test I with t its t_c (or, without one, its t_M) into
 * *ratio and the bounds any impact keeps it in (hertzfit/maxwell_data.h);
 * 0 when the test has neither. */
static int impulse_ratio(const hf_maxwell_data *d, size_t i, double *ratio, double *lo,
                         double *hi, hf_maxwell_observable *with)
{
    const double *F = d->value[HF_MAXWELL_F_M], *tc = d->value[HF_MAXWELL_T_C],
                 *tM = d->value[HF_MAXWELL_T_M];
    if (F == NULL || isnan(F[i]))
        return 0;
    const int use_tc = tc != NULL && !isnan(tc[i]);
    if (!use_tc && (tM == NULL || isnan(tM[i])))
        return 0;
    *with = use_tc ? HF_MAXWELL_T_C : HF_MAXWELL_T_M;
    *ratio = F[i] * (use_tc ? tc[i] : tM[i]) / (d->impact[i].m * d->impact[i].V0);
    *lo = use_tc ? HF_MAXWELL_IMPULSE_TC_MIN : HF_MAXWELL_IMPULSE_TM_MIN;
    *hi = use_tc ? HF_MAXWELL_IMPULSE_TC_MAX : HF_MAXWELL_IMPULSE_TM_MAX;
    return 1;
}

/* One warning per row whose peak force and duration disagree with its
 * momentum: a unit slip of that row's mass, force or time (a 10x slip in
 * one cell moves the ratio 10 times, out of its bounds). */
static hf_status impulse_plausibility(const hf_csv *csv, const columns *c, hf_maxwell_data *d,
                                      unsigned char *tests, hf_diag *diag)
{
    hf_status st = HF_OK;
    memset(tests, 0, d->n);
    for (size_t i = 0; st == HF_OK && i < d->n; ++i) {
        double ratio, lo, hi;
        hf_maxwell_observable with;
        if (!impulse_ratio(d, i, &ratio, &lo, &hi, &with) || (ratio >= lo && ratio <= hi))
            continue;
        char text[1400];
        snprintf(text, sizeof text, "%s:%zu: F_M %s/(m V0) = %.3g, outside the %g to %g of any "
                 "impact (m = %g kg, V0 = %g m/s): a unit slip in this row (is its mass in "
                 "'%s' %s?)", hf_csv_path(csv), d->line[i],
                 hf_maxwell_observable_name(with), ratio, lo, hi, d->impact[i].m,
                 d->impact[i].V0, c->unit[Q_MASS]->name,
                 ratio < lo ? "10 or 1000 times too large" : "10 or 1000 times too small");
        tests[i] = 1;
        st = add_warning(d, text, tests, diag);
        tests[i] = 0;
    }
    return st;
}

/* The reader's warnings of D: implausible columns, then rows whose peak
 * force and duration disagree with their momentum. */
static hf_status warn_implausible(const hf_csv *csv, const columns *c, double g,
                                  hf_maxwell_data *d, hf_diag *diag)
{
    unsigned char *tests = calloc(d->n ? d->n : 1, 1); /* freed below */
    if (tests == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = plausibility(csv, c, g, d, tests, diag);
    if (st == HF_OK)
        st = impulse_plausibility(csv, c, d, tests, diag);
    free(tests);
    return st;
}

/* The trace file of row ROW: its path as written, relative to the folder
 * of the list (LIST) unless absolute, into buf. */
static hf_status trace_path(const hf_csv *csv, const columns *c, size_t row, const char *list,
                            char *buf, size_t size, hf_diag *diag)
{
    size_t col = (size_t)c->trace;
    const char *cell = hf_csv_cell(csv, row, col);
    if (hf_csv_is_missing(csv, row, col))
        return hf_diag_set(diag, HF_EMISSING, "%s:%zu:%zu: no trace file in column '%s'",
                           list, hf_csv_line(csv, row), col + 1, TRACE_COLUMN);
    const char *slash = strrchr(list, '/');
    int folder = cell[0] != '/' && slash != NULL ? (int)(slash - list + 1) : 0;
    if ((size_t)snprintf(buf, size, "%.*s%s", folder, list, cell) >= size)
        return hf_diag_set(diag, HF_ERANGE, "%s:%zu:%zu: trace file path longer than %zu bytes",
                           list, hf_csv_line(csv, row), col + 1, size - 1);
    return HF_OK;
}

/* The samples of every drop's trace file counted before any is read
 * (hf_maxwell_trace_count_file), so that a trace over
 * HF_MAXWELL_TRACE_MAX_SAMPLES or a list over HF_MAXWELL_TRACE_MAX_TOTAL is
 * refused before the work of parsing them, naming the file, the count and
 * the limit. */
static hf_status count_traces(const hf_csv *csv, const columns *c,
                              const hf_maxwell_trace_format *format, const hf_maxwell_data *d,
                              hf_diag *diag)
{
    size_t total = 0;
    for (size_t i = 0; i < d->n; ++i) {
        char file[4096];
        size_t n = 0;
        hf_diag why = {{0}};
        hf_status st = trace_path(csv, c, i, d->path, file, sizeof file, diag);
        if (st == HF_OK && (st = hf_maxwell_trace_count_file(file, format, &n, &why)) != HF_OK)
            return hf_diag_set(diag, st, "%s:%zu:%ld: trace file: %s", d->path, d->line[i],
                               c->trace + 1, why.text);
        if (st != HF_OK)
            return st;
        if (n > HF_MAXWELL_TRACE_MAX_SAMPLES)
            return hf_diag_set(diag, HF_ERANGE, "%s:%zu:%ld: trace file %s holds %zu samples, "
                               "over the %d a trace may have (nothing was read)", d->path,
                               d->line[i], c->trace + 1, file, n,
                               HF_MAXWELL_TRACE_MAX_SAMPLES);
        total += n;
        if (total > HF_MAXWELL_TRACE_MAX_TOTAL)
            return hf_diag_set(diag, HF_ERANGE, "%s:%zu:%ld: with trace file %s the traces "
                               "hold %zu samples, over the %d a list may hold (counted before "
                               "reading: nothing was read)", d->path, d->line[i], c->trace + 1,
                               file, total, HF_MAXWELL_TRACE_MAX_TOTAL);
    }
    return HF_OK;
}

/* Every drop's force trace (d->trace), the files named relative to the
 * list's folder; a failure names the list's cell, then the trace file's. */
static hf_status read_traces(const hf_csv *csv, const columns *c,
                             const hf_maxwell_trace_format *format, hf_maxwell_data *d,
                             hf_diag *diag)
{
    hf_status st = count_traces(csv, c, format, d, diag);
    if (st != HF_OK)
        return st;
    d->trace = calloc(d->n, sizeof *d->trace); /* owned by d */
    if (d->trace == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu traces", d->n);
    size_t total = 0;
    for (size_t i = 0; i < d->n; ++i) {
        char file[4096];
        st = trace_path(csv, c, i, d->path, file, sizeof file, diag);
        if (st != HF_OK)
            return st;
        hf_diag why = {{0}};
        /* each trace file's own separator, detected unless the format
         * gives one: a lab's traces need not share the list's */
        st = hf_maxwell_trace_read_file(file, format, &d->trace[i], &why);
        if (st != HF_OK)
            return hf_diag_set(diag, st, "%s:%zu:%ld: trace file: %s", d->path, d->line[i],
                               c->trace + 1, why.text);
        /* the counts above bound what is read, but a pipe is not counted
         * and a file may grow between the count and the read */
        total += d->trace[i].n;
        if (total > HF_MAXWELL_TRACE_MAX_TOTAL)
            return hf_diag_set(diag, HF_ERANGE, "%s:%zu: the traces up to this one hold %zu "
                               "samples, over the %d a list may hold", d->path, d->line[i],
                               total, HF_MAXWELL_TRACE_MAX_TOTAL);
    }
    return HF_OK;
}

/* Every drop's specimen name (d->specimen); an empty cell is refused,
 * naming it. */
static hf_status read_specimens(const hf_csv *csv, const columns *c, hf_maxwell_data *d,
                                hf_diag *diag)
{
    size_t col = (size_t)c->specimen;
    for (size_t i = 0; i < d->n; ++i) {
        const char *cell = hf_csv_cell(csv, i, col);
        if (cell == NULL || cell[0] == '\0')
            return hf_diag_set(diag, HF_EMISSING, "%s:%zu:%zu: no specimen name in column "
                               "'%s'", d->path, d->line[i], col + 1, SPECIMEN_COLUMN);
        hf_status st = hf_maxwell_data_set_specimen(d, i, cell, diag);
        if (st != HF_OK)
            return st;
    }
    return HF_OK;
}

/* Reads PATH with (observables = 1) or without its observable columns. */
/* The standard uncertainties of the observables present, from the columns
 * u_F_M_N, u_t_M_s, u_t_c_s and u_e ('maxwell extract' writes them, SI):
 * an empty or NA cell is NaN (not known), a value must be finite and
 * >= 0. */
static hf_status read_uncertainties(const hf_csv *csv, hf_maxwell_data *d, hf_diag *diag)
{
    for (int k = 0; k < HF_MAXWELL_NOBS; ++k) {
        char name[16];
        snprintf(name, sizeof name, "u_%s", observable_columns[k]);
        long col = hf_csv_find(csv, name);
        if (col < 0 || d->value[k] == NULL)
            continue;
        if ((d->uncertainty[k] = calloc(d->n ? d->n : 1, sizeof(double))) == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "out of memory reading %s", d->path);
        for (size_t i = 0; i < d->n; ++i) {
            double u = NAN;
            hf_status st = hf_csv_number(csv, i, (size_t)col, &u, diag);
            if (st == HF_EMISSING)
                u = NAN;
            else if (st != HF_OK)
                return st;
            else if (!(isfinite(u) && u >= 0.0))
                return hf_diag_set(diag, HF_EDOM, "%s:%zu:%ld: %s = %g must be finite and >= 0",
                                   hf_csv_path(csv), hf_csv_line(csv, i), col + 1, name, u);
            d->uncertainty[k][i] = u;
        }
    }
    return HF_OK;
}

static hf_status read_table(const char *path, const hf_maxwell_read_options *options,
                            int observables, hf_maxwell_data **out, hf_diag *diag)
{
    *out = NULL;
    hf_maxwell_read_options o;
    hf_maxwell_read_options_init(&o);
    if (options != NULL)
        o = *options;
    if (!(isfinite(o.g) && o.g > 0.0))
        return hf_diag_set(diag, HF_EINVAL, "gravity g = %g m/s^2 must be finite and > 0",
                           o.g);
    hf_csv_options csv_options;
    hf_csv_options_init(&csv_options);
    csv_options.separator = o.separator;
    hf_csv *csv = NULL; /* freed below */
    hf_status st = hf_csv_read(path, &csv_options, &csv, diag);
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
            d->path = hf_strdup(path);               /* owned by d */
            if (d->line == NULL || d->path == NULL)
                st = hf_diag_set(diag, HF_ENOMEM, "out of memory reading %s", path);
        }
    }
    if (st == HF_OK)
        st = fill(csv, &c, o.g, d, diag);
    if (st == HF_OK) {
        d->extracted = hf_csv_find(csv, "u_t_c_s") >= 0;
        d->g = o.g;
    }
    if (st == HF_OK)
        st = read_uncertainties(csv, d, diag);
    if (st == HF_OK)
        st = check_values(d, diag);
    if (st == HF_OK)
        st = warn_implausible(csv, &c, o.g, d, diag);
    if (st == HF_OK && c.specimen >= 0)
        st = read_specimens(csv, &c, d, diag);
    if (st == HF_OK && c.trace >= 0)
        st = read_traces(csv, &c, &o.trace_format, d, diag);
    hf_csv_free(csv);
    if (st != HF_OK) {
        hf_maxwell_data_free(d);
        return st;
    }
    *out = d;
    return HF_OK;
}

hf_status hf_maxwell_data_read(const char *path, const hf_maxwell_read_options *options,
                               hf_maxwell_data **out, hf_diag *diag)
{
    return read_table(path, options, 1, out, diag);
}

hf_status hf_maxwell_grid_read(const char *path, const hf_maxwell_read_options *options,
                               hf_maxwell_data **out, hf_diag *diag)
{
    return read_table(path, options, 0, out, diag);
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
    return hf_maxwell_synthesize_sls(material, 1.0, impacts, noise, seed, out, diag);
}

/* Hunter's model (the standard linear solid α) as a forward model. */
typedef struct hunter_model {
    const hf_maxwell_material *material;
    double alpha;
} hunter_model;

static hf_status hunter_simulate(const void *ctx, const hf_maxwell_impact *impact,
                                 hf_maxwell_response *out, hf_diag *diag)
{
    const hunter_model *h = ctx;
    return hf_maxwell_simulate_sls(h->material, h->alpha, impact, NULL, out, diag);
}

hf_status hf_maxwell_synthesize_sls(const hf_maxwell_material *material, double alpha,
                                    const hf_maxwell_data *impacts, double noise,
                                    uint64_t seed, hf_maxwell_response *out, hf_diag *diag)
{
    if (material == NULL)
        return hf_diag_set(diag, HF_EINVAL, "synthetic data: missing material, impacts or output");
    hf_status st = hf_maxwell_material_check(material, diag);
    if (st != HF_OK)
        return st;
    const hunter_model h = {material, alpha};
    const hf_maxwell_forward model = {hunter_simulate, NULL, &h};
    return hf_maxwell_synthesize_forward(&model, impacts, noise, seed, out, diag);
}

hf_status hf_maxwell_synthesize_forward(const hf_maxwell_forward *model,
                                        const hf_maxwell_data *impacts, double noise,
                                        uint64_t seed, hf_maxwell_response *out,
                                        hf_diag *diag)
{
    if (model == NULL || impacts == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "synthetic data: missing material, impacts or output");
    if (!(noise >= 0.0 && noise <= HF_MAXWELL_NOISE_MAX))
        return hf_diag_set(diag, HF_ERANGE, "noise %g is outside [0, %g]", noise,
                           HF_MAXWELL_NOISE_MAX);
    hf_status st;
    hf_rng rng;
    hf_rng_seed(&rng, seed, 0);
    char at[1100];
    for (size_t i = 0; i < impacts->n; ++i) {
        hf_diag why = {{0}};
        hf_maxwell_response *r = &out[i];
        st = model->simulate(model->ctx, &impacts->impact[i], r, &why);
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
