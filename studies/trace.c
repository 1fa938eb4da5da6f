/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/trace.c — the trace file (hertzfit/trace.h): one writer and one
 * reader for the traces of repeated runs and a campaign's trace.csv, and
 * the convergence band (mean, minimum, maximum over runs) drawn from them.
 *
 * The columns are one table, so a column is added in one place: a row of
 * `columns` names it, prints it and parses it.  The reader looks columns
 * up by name and ignores the ones it does not know, so files with more
 * columns still read.
 */
#include "hertzfit/trace.h"
#include "studies/study.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "core/file.h"
#include "core/strdup.h"

/* ---- the columns ---------------------------------------------------------- */

/* What one row says, parsed. */
typedef struct trace_row {
    const char *optimizer, *problem;
    size_t run;
    hf_trace_point point;
} trace_row;

typedef struct trace_column {
    const char *name;
    int optional;       /* may be absent from a file (then 0): added after files existed */
    void (*print)(FILE *fp, const hf_trace_run *run, const hf_trace_point *p);
    hf_status (*parse)(const hf_csv *csv, size_t row, size_t col, trace_row *out,
                       hf_diag *diag);
} trace_column;

static void print_optimizer(FILE *fp, const hf_trace_run *r, const hf_trace_point *p)
{
    (void)p;
    fputs(r->optimizer, fp);
}

static void print_problem(FILE *fp, const hf_trace_run *r, const hf_trace_point *p)
{
    (void)p;
    fputs(r->problem, fp);
}

static void print_run(FILE *fp, const hf_trace_run *r, const hf_trace_point *p)
{
    (void)p;
    fprintf(fp, "%zu", r->run);
}

static void print_iteration(FILE *fp, const hf_trace_run *r, const hf_trace_point *p)
{
    (void)r;
    fprintf(fp, "%zu", p->iteration);
}

static void print_evaluations(FILE *fp, const hf_trace_run *r, const hf_trace_point *p)
{
    (void)r;
    fprintf(fp, "%zu", p->evaluations);
}

static void print_best(FILE *fp, const hf_trace_run *r, const hf_trace_point *p)
{
    (void)r;
    fprintf(fp, "%.17g", p->best_f);
}

static hf_status parse_count(const hf_csv *csv, size_t row, size_t col, size_t *out,
                             hf_diag *diag)
{
    unsigned long long v = 0;
    hf_status st = hf_csv_count(csv, row, col, &v, diag);
    *out = (size_t)v;
    return st;
}

static hf_status parse_optimizer(const hf_csv *csv, size_t row, size_t col, trace_row *out,
                                 hf_diag *diag)
{
    (void)diag;
    out->optimizer = hf_csv_cell(csv, row, col);
    return HF_OK;
}

static hf_status parse_problem(const hf_csv *csv, size_t row, size_t col, trace_row *out,
                               hf_diag *diag)
{
    (void)diag;
    out->problem = hf_csv_cell(csv, row, col);
    return HF_OK;
}

static hf_status parse_run(const hf_csv *csv, size_t row, size_t col, trace_row *out,
                           hf_diag *diag)
{
    return parse_count(csv, row, col, &out->run, diag);
}

static hf_status parse_iteration(const hf_csv *csv, size_t row, size_t col, trace_row *out,
                                 hf_diag *diag)
{
    return parse_count(csv, row, col, &out->point.iteration, diag);
}

static hf_status parse_evaluations(const hf_csv *csv, size_t row, size_t col, trace_row *out,
                                   hf_diag *diag)
{
    return parse_count(csv, row, col, &out->point.evaluations, diag);
}

static hf_status parse_best(const hf_csv *csv, size_t row, size_t col, trace_row *out,
                            hf_diag *diag)
{
    return hf_csv_number(csv, row, col, &out->point.best_f, diag);
}

static const trace_column columns[] = {
    {"optimizer", 0, print_optimizer, parse_optimizer},
    {"problem", 0, print_problem, parse_problem},
    {"run", 0, print_run, parse_run},
    {"iteration", 1, print_iteration, parse_iteration},
    {"evaluations", 0, print_evaluations, parse_evaluations},
    {"best_f", 0, print_best, parse_best},
};
#define N_COLUMNS (sizeof columns / sizeof columns[0])

/* ---- writing -------------------------------------------------------------- */

/* A name is written as it is, unquoted, so that the file also reads in
 * tools that split lines at commas without unquoting (awk, gnuplot): it
 * may hold no comma, quote or control character. */
static hf_status check_name(const char *what, const char *name, hf_diag *diag)
{
    if (name == NULL || *name == '\0')
        return hf_diag_set(diag, HF_EINVAL, "trace: the %s name is empty", what);
    for (const unsigned char *p = (const unsigned char *)name; *p; ++p)
        if (*p < 0x20 || *p == 0x7f || *p == ',' || *p == '"')
            return hf_diag_set(diag, HF_EINVAL, "trace: %s name '%s' holds a comma, a quote "
                               "or a control character", what, name);
    return HF_OK;
}

static void write_rows(FILE *fp, const hf_trace_run *runs, size_t n)
{
    for (size_t c = 0; c < N_COLUMNS; ++c)
        fprintf(fp, "%s%s", c ? "," : "", columns[c].name);
    fputc('\n', fp);
    for (size_t i = 0; i < n; ++i)
        for (size_t k = 0; k < runs[i].trace.count; ++k) {
            for (size_t c = 0; c < N_COLUMNS; ++c) {
                if (c)
                    fputc(',', fp);
                columns[c].print(fp, &runs[i], &runs[i].trace.points[k]);
            }
            fputc('\n', fp);
        }
}

hf_status hf_trace_write(const char *path, const hf_trace_run *runs, size_t n, hf_diag *diag)
{
    if (path == NULL || (runs == NULL && n > 0))
        return hf_diag_set(diag, HF_EINVAL, "trace: no file or no runs given");
    for (size_t i = 0; i < n; ++i) {
        hf_status st = check_name("optimizer", runs[i].optimizer, diag);
        if (st == HF_OK)
            st = check_name("problem", runs[i].problem, diag);
        if (st != HF_OK)
            return st;
    }
    hf_atomic_file *out = NULL; /* committed below */
    hf_status st = hf_atomic_file_open(path, &out, diag);
    if (st != HF_OK)
        return st;
    write_rows(hf_atomic_file_stream(out), runs, n);
    return hf_atomic_file_commit(out, diag);
}

/* ---- reading -------------------------------------------------------------- */

/* The file in memory; the public part first, so its address is the
 * storage's (hf_trace_file_free converts back). */
typedef struct trace_storage {
    hf_trace_file file;
    char *path;
    hf_trace_point *points;
    char **names;       /* two per run: optimizer, problem */
} trace_storage;

void hf_trace_file_free(hf_trace_file *file)
{
    if (file == NULL)
        return;
    trace_storage *s = (trace_storage *)file;
    for (size_t i = 0; s->names != NULL && i < 2 * file->n_runs; ++i)
        free(s->names[i]);
    free(s->names);
    free(s->points);
    free(file->runs);
    free(s->path);
    free(s);
}

/* Starts a run at row ROW (its names copied into the storage). */
static hf_status start_run(trace_storage *s, const hf_csv *csv, size_t row, const trace_row *r,
                           size_t first_point, hf_diag *diag)
{
    hf_trace_file *f = &s->file;
    for (size_t i = 0; i < f->n_runs; ++i)
        if (f->runs[i].run == r->run && strcmp(f->runs[i].optimizer, r->optimizer) == 0 &&
            strcmp(f->runs[i].problem, r->problem) == 0)
            return hf_diag_set(diag, HF_EPARSE,
                               "%s:%zu: run %zu of (%s, %s) continues here after other rows "
                               "(from line %zu): the rows of a run must be contiguous",
                               hf_csv_path(csv), hf_csv_line(csv, row), r->run, r->optimizer,
                               r->problem, f->runs[i].line);
    hf_trace_run *run = &f->runs[f->n_runs];
    char *o = hf_strdup(r->optimizer), *p = hf_strdup(r->problem); /* owned by s */
    s->names[2 * f->n_runs] = o;
    s->names[2 * f->n_runs + 1] = p;
    f->n_runs++;
    if (o == NULL || p == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    *run = (hf_trace_run){o, p, r->run, {s->points + first_point, 0}, hf_csv_line(csv, row)};
    return HF_OK;
}

/* A row after the first of its run must improve on the previous one. */
static hf_status check_order(const hf_csv *csv, size_t row, const hf_trace_point *prev,
                             const hf_trace_point *p, hf_diag *diag)
{
    if (p->best_f < prev->best_f && p->evaluations >= prev->evaluations &&
        p->iteration >= prev->iteration)
        return HF_OK;
    return hf_diag_set(diag, HF_EPARSE,
                       "%s:%zu: (iteration %zu, evaluations %zu, best_f %.17g) does not "
                       "improve on the run's previous row (%zu, %zu, %.17g)",
                       hf_csv_path(csv), hf_csv_line(csv, row), p->iteration, p->evaluations,
                       p->best_f, prev->iteration, prev->evaluations, prev->best_f);
}

/* Row I of the file (COL: each column's index, or -1): a point of the run
 * before it, or the first point of a new run. */
static hf_status read_row(trace_storage *s, const hf_csv *csv, const long *col, size_t i,
                          hf_diag *diag)
{
    hf_trace_file *f = &s->file;
    hf_status st = HF_OK;
    trace_row r = {0};
    for (size_t c = 0; c < N_COLUMNS && st == HF_OK; ++c)
        if (col[c] >= 0)
            st = columns[c].parse(csv, i, (size_t)col[c], &r, diag);
    if (st != HF_OK)
        return st;
    hf_trace_run *last = f->n_runs ? &f->runs[f->n_runs - 1] : NULL;
    int same = last != NULL && last->run == r.run &&
               strcmp(last->optimizer, r.optimizer) == 0 &&
               strcmp(last->problem, r.problem) == 0;
    if (same)
        st = check_order(csv, i, &last->trace.points[last->trace.count - 1], &r.point, diag);
    else
        st = start_run(s, csv, i, &r, i, diag);
    if (st == HF_OK) {
        hf_trace_run *run = &f->runs[f->n_runs - 1];
        s->points[i] = r.point;
        run->trace.count++;
    }
    return st;
}

static hf_status read_rows(trace_storage *s, const hf_csv *csv, hf_diag *diag)
{
    long col[N_COLUMNS];
    for (size_t c = 0; c < N_COLUMNS; ++c) {
        size_t j = 0;
        col[c] = hf_csv_find(csv, columns[c].name);
        if (col[c] < 0 && !columns[c].optional)
            return hf_csv_require(csv, columns[c].name, &j, diag);
    }
    size_t n = hf_csv_nrows(csv);
    hf_trace_file *f = &s->file;
    s->points = malloc(sizeof *s->points * (n ? n : 1));   /* owned by s */
    f->runs = malloc(sizeof *f->runs * (n ? n : 1));       /* owned by s */
    s->names = calloc(2 * (n ? n : 1), sizeof *s->names);  /* owned by s */
    if (s->points == NULL || f->runs == NULL || s->names == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = HF_OK;
    for (size_t i = 0; i < n && st == HF_OK; ++i)
        st = read_row(s, csv, col, i, diag);
    return st;
}

hf_status hf_trace_read(const char *path, hf_trace_file **out, hf_diag *diag)
{
    return hf_trace_read_bounded(path, NULL, out, diag);
}

hf_status hf_trace_read_bounded(const char *path, const hf_csv_options *limits,
                                hf_trace_file **out, hf_diag *diag)
{
    *out = NULL;
    trace_storage *s = calloc(1, sizeof *s); /* caller frees (hf_trace_file_free) */
    if (s == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    s->path = hf_strdup(path);
    s->file.path = s->path;
    hf_csv *csv = NULL;
    hf_status st = s->path ? hf_csv_read(path, limits, &csv, diag)
                           : hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (st == HF_OK)
        st = read_rows(s, csv, diag);
    hf_csv_free(csv);
    if (st != HF_OK) {
        hf_trace_file_free(&s->file);
        return st;
    }
    *out = &s->file;
    return HF_OK;
}

/* ---- the convergence band ---------------------------------------------- */

void hf_trace_band_free(hf_trace_band *band)
{
    if (band == NULL)
        return;
    free(band->x);
    free(band->mean);
    free(band->min);
    free(band->max);
    free(band->runs);
    free(band);
}

static double point_x(const hf_trace_point *p, hf_trace_axis axis)
{
    return axis == HF_TRACE_EVALUATIONS ? (double)p->evaluations : (double)p->iteration;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Every point's x of the runs into band->x, sorted, each once. */
static void distinct_x(const hf_trace_run *runs, size_t n, hf_trace_axis axis,
                       hf_trace_band *band)
{
    size_t m = 0;
    for (size_t r = 0; r < n; ++r)
        for (size_t k = 0; k < runs[r].trace.count; ++k)
            band->x[m++] = point_x(&runs[r].trace.points[k], axis);
    qsort(band->x, m, sizeof *band->x, compare_doubles);
    for (size_t k = 0; k < m; ++k)
        if (band->n == 0 || band->x[k] != band->x[band->n - 1])
            band->x[band->n++] = band->x[k];
}

/* The x values of the band into band->x (allocated, sorted, distinct). */
static hf_status band_grid(const hf_trace_run *runs, size_t n, hf_trace_axis axis,
                           hf_trace_band *band, hf_diag *diag)
{
    size_t total = 0, last = 0;
    for (size_t r = 0; r < n; ++r)
        for (size_t k = 0; k < runs[r].trace.count; ++k) {
            ++total;
            if (runs[r].trace.points[k].iteration > last)
                last = runs[r].trace.points[k].iteration;
        }
    if (total == 0)
        return hf_diag_set(diag, HF_EINVAL, "convergence band: the runs hold no trace point");
    if (axis == HF_TRACE_ITERATIONS && last > 10000000)
        return hf_diag_set(diag, HF_ERANGE, "convergence band: iteration %zu is too many to "
                           "step through one by one", last);
    size_t cap = axis == HF_TRACE_ITERATIONS ? (last ? last : 1) : total;
    band->x = malloc(sizeof *band->x * cap); /* owned by band */
    if (band->x == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if (axis == HF_TRACE_ITERATIONS) {
        for (size_t k = 0; k < last; ++k)
            band->x[k] = (double)(k + 1);
        band->n = last;
        return HF_OK;
    }
    distinct_x(runs, n, axis, band);
    return HF_OK;
}

/* The band's columns (owned by BAND) and *NEXT (the caller frees it). */
static hf_status band_arrays(hf_trace_band *band, size_t n, size_t **next)
{
    size_t m = band->n ? band->n : 1;
    band->mean = malloc(sizeof *band->mean * m);
    band->min = malloc(sizeof *band->min * m);
    band->max = malloc(sizeof *band->max * m);
    band->runs = calloc(m, sizeof *band->runs);
    *next = calloc(n ? n : 1, sizeof **next);
    return band->mean && band->min && band->max && band->runs && *next ? HF_OK : HF_ENOMEM;
}

/* Grid point G of the band: the mean, least and greatest best value of the
 * runs that have one by then; NEXT is each run's first point not yet
 * passed, moved on to G. */
static void band_point(const hf_trace_run *runs, size_t n, hf_trace_axis axis, size_t *next,
                       hf_trace_band *band, size_t g)
{
    double sum = 0.0, lo = HUGE_VAL, hi = -HUGE_VAL;
    size_t count = 0;
    for (size_t r = 0; r < n; ++r) {
        const hf_trace *t = &runs[r].trace;
        while (next[r] < t->count && point_x(&t->points[next[r]], axis) <= band->x[g])
            ++next[r];
        if (next[r] == 0)
            continue;   /* no value yet */
        double v = t->points[next[r] - 1].best_f;
        sum += v;
        lo = fmin(lo, v);
        hi = fmax(hi, v);
        ++count;
    }
    band->mean[g] = count ? sum / (double)count : NAN;
    band->min[g] = count ? lo : NAN;
    band->max[g] = count ? hi : NAN;
    band->runs[g] = count;
}

hf_status hf_trace_band_alloc(const hf_trace_run *runs, size_t n, hf_trace_axis axis,
                              hf_trace_band **out, hf_diag *diag)
{
    *out = NULL;
    if (runs == NULL && n > 0)
        return hf_diag_set(diag, HF_EINVAL, "convergence band: no runs given");
    if (axis != HF_TRACE_ITERATIONS && axis != HF_TRACE_EVALUATIONS)
        return hf_diag_set(diag, HF_EINVAL, "convergence band: unknown axis %d", (int)axis);
    hf_trace_band *band = calloc(1, sizeof *band); /* caller frees (hf_trace_band_free) */
    if (band == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    hf_status st = band_grid(runs, n, axis, band, diag);
    size_t *next = NULL; /* each run's first point not yet passed; freed below */
    if (st == HF_OK && band_arrays(band, n, &next) != HF_OK)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t g = 0; st == HF_OK && g < band->n; ++g)
        band_point(runs, n, axis, next, band, g);
    free(next);
    if (st != HF_OK) {
        hf_trace_band_free(band);
        return st;
    }
    *out = band;
    return HF_OK;
}
