/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * studies/campaign_data.c — the data files of a campaign: runs.csv and
 * trace.csv written (numbers as %.17g so they read back bit-identical),
 * read against the manifest's lists, sorted into task order, and checked
 * against what the manifest records of them.
 */
#include "studies/campaign_internal.h"
#include "studies/study.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "core/file.h"

static hf_status write_runs(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_atomic_file *out = hf_campaign_open_file(dir, "runs.csv", diag);
    if (out == NULL)
        return HF_EIO;
    FILE *fp = hf_atomic_file_stream(out);
    fprintf(fp, "optimizer,problem,dim,run,seed,stream,best_f,evaluations,stop,seconds,"
                "best_x\n");
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        size_t dim = c->problems[r->problem].dim;
        fprintf(fp, "%s,%s,%zu,%zu,%llu,%llu,%.17g,%zu,%s,%.6f,", c->optimizers[r->optimizer],
                c->problems[r->problem].name, dim, r->run,
                (unsigned long long)r->seed, (unsigned long long)r->stream, r->best_f,
                r->evaluations, hf_stop_reason_name(r->stop), r->seconds);
        /* one cell whatever the dimension: the rows of a campaign have
         * problems of several dimensions */
        for (size_t k = 0; r->best_x != NULL && k < dim; ++k)
            fprintf(fp, k == 0 ? "%.17g" : " %.17g", r->best_x[k]);
        fputc('\n', fp);
    }
    return hf_atomic_file_commit(out, diag);
}

static hf_status write_trace(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    char path[2048];
    if (snprintf(path, sizeof path, "%s/trace.csv", dir) >= (int)sizeof path)
        return hf_diag_set(diag, HF_EIO, "path too long: '%s/trace.csv'", dir);
    hf_trace_run *runs = calloc(c->n_rows ? c->n_rows : 1, sizeof *runs); /* freed below */
    if (runs == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        runs[i] = (hf_trace_run){c->optimizers[r->optimizer], c->problems[r->problem].name,
                                 r->run, {c->trace + r->trace_first, r->trace_count}, 0};
    }
    hf_status st = hf_trace_write(path, runs, c->n_rows, diag);
    free(runs);
    return st;
}

hf_status hf_campaign_write_data(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_status st = write_runs(c, dir, diag);
    return st != HF_OK ? st : write_trace(c, dir, diag);
}

/* ---- reading ----------------------------------------------------------- */

static long find_name(char *const *names, size_t n, size_t stride, const char *name)
{
    for (size_t i = 0; i < n; ++i)
        if (strcmp(*(char *const *)((const char *)names + i * stride), name) == 0)
            return (long)i;
    return -1;
}

static hf_status parse_u64(const hf_csv *csv, size_t row, long col, uint64_t *out,
                           hf_diag *diag)
{
    const char *text = hf_csv_cell(csv, row, (size_t)col);
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || text[0] == '-')
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%ld: column '%s': '%s' is not an unsigned "
                           "64-bit integer", hf_csv_path(csv), hf_csv_line(csv, row), col + 1,
                           hf_csv_header(csv, (size_t)col), text);
    *out = (uint64_t)v;
    return HF_OK;
}

/* A best value: finite, or "inf" for a run whose every evaluation failed. */
static hf_status parse_best(const hf_csv *csv, size_t row, long col, double *out,
                            hf_diag *diag)
{
    const char *text = hf_csv_cell(csv, row, (size_t)col);
    if (strcmp(text, "inf") == 0) {
        *out = INFINITY;
        return HF_OK;
    }
    return hf_csv_number(csv, row, (size_t)col, out, diag);
}

static hf_status columns(const hf_csv *csv, const char *const *names, long *cols, size_t n,
                         hf_diag *diag)
{
    for (size_t i = 0; i < n; ++i) {
        size_t col = 0;
        hf_status st = hf_csv_require(csv, names[i], &col, diag);
        if (st != HF_OK)
            return st;
        cols[i] = (long)col;
    }
    return HF_OK;
}

/* Row ROW's (optimizer, problem, run) as indices into the manifest lists. */
static hf_status row_task(const hf_campaign *c, const hf_csv *csv, size_t row, const long *col,
                          size_t *o, size_t *p, size_t *r, hf_diag *diag)
{
    const char *on = hf_csv_cell(csv, row, (size_t)col[0]);
    const char *pn = hf_csv_cell(csv, row, (size_t)col[1]);
    long oi = find_name(c->optimizers, c->n_optimizers, sizeof *c->optimizers, on);
    long pi = find_name(&c->problems[0].name, c->n_problems, sizeof *c->problems, pn);
    unsigned long long run = 0;
    if (oi < 0 || pi < 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: %s '%s' is not in the manifest",
                           hf_csv_path(csv), hf_csv_line(csv, row), oi < 0 ? "optimizer" : "problem",
                           oi < 0 ? on : pn);
    hf_status st = hf_csv_count(csv, row, (size_t)col[2], &run, diag);
    if (st != HF_OK)
        return st;
    if (run >= c->runs)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%ld: run %llu is not in 0..%zu",
                           hf_csv_path(csv), hf_csv_line(csv, row), col[2] + 1, run,
                           c->runs - 1);
    *o = (size_t)oi;
    *p = (size_t)pi;
    *r = (size_t)run;
    return HF_OK;
}

static hf_status stop_from_name(const char *text, hf_stop_reason *out)
{
    for (int s = HF_STOP_NONE; s <= HF_STOP_FAILURE; ++s)
        if (strcmp(hf_stop_reason_name((hf_stop_reason)s), text) == 0) {
            *out = (hf_stop_reason)s;
            return HF_OK;
        }
    return HF_EPARSE;
}

/* The columns of runs.csv the reader uses, in this order; best_x is the
 * last, absent from the files of format 3 and older. */
static const char *const run_columns[] = {"optimizer", "problem", "run", "seed", "stream",
                                          "best_f", "evaluations", "stop", "seconds"};
#define RUN_COLUMNS (sizeof run_columns / sizeof *run_columns)

/* A run's best point: the cell holds its problem's DIM coordinates,
 * space-separated, or nothing (no finite value).  *out (owned by the
 * campaign) stays NULL for an empty cell. */
static hf_status parse_best_x(const hf_csv *csv, size_t row, long col, size_t dim,
                              double **out, hf_diag *diag)
{
    if (col < 0 || hf_csv_is_missing(csv, row, (size_t)col))
        return HF_OK;
    const char *text = hf_csv_cell(csv, row, (size_t)col);
    char *copy = hf_campaign_strdup(text); /* cut into numbers; freed below */
    double *x = malloc(sizeof *x * dim);   /* owned by the row once parsed */
    size_t k = 0;
    if (copy == NULL || x == NULL) {
        free(copy);
        free(x);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    int bad = 0;
    for (char *p = copy; *p != '\0' && !bad;) {
        char *space = strchr(p, ' ');
        if (space != NULL)
            *space = '\0';
        bad = k >= dim || hf_parse_double(p, &x[k], NULL) != HF_OK;
        k += !bad;
        p = space != NULL ? space + 1 : p + strlen(p);
    }
    free(copy);
    if (bad || k != dim) {
        free(x);
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%ld: column 'best_x': '%.60s' is not %zu "
                           "finite numbers separated by spaces (the problem's dimension)",
                           hf_csv_path(csv), hf_csv_line(csv, row), col + 1, text, dim);
    }
    *out = x;
    return HF_OK;
}

/* Data row I of runs.csv into R; COL: the columns of run_columns, then
 * best_x (-1 when absent). */
static hf_status read_run_row(const hf_campaign *c, const hf_csv *csv, size_t i, const long *col,
                              hf_campaign_row *r, hf_diag *diag)
{
    unsigned long long evals = 0;
    hf_status st = row_task(c, csv, i, col, &r->optimizer, &r->problem, &r->run, diag);
    if (st == HF_OK) st = parse_u64(csv, i, col[3], &r->seed, diag);
    if (st == HF_OK) st = parse_u64(csv, i, col[4], &r->stream, diag);
    if (st == HF_OK) st = parse_best(csv, i, col[5], &r->best_f, diag);
    if (st == HF_OK) st = hf_csv_count(csv, i, (size_t)col[6], &evals, diag);
    r->evaluations = (size_t)evals;
    if (st == HF_OK && stop_from_name(hf_csv_cell(csv, i, (size_t)col[7]), &r->stop) != HF_OK)
        st = hf_diag_set(diag, HF_EPARSE, "%s:%zu: unknown stop reason '%s'", hf_csv_path(csv),
                         hf_csv_line(csv, i), hf_csv_cell(csv, i, (size_t)col[7]));
    if (st == HF_OK) st = hf_csv_number(csv, i, (size_t)col[8], &r->seconds, diag);
    if (st == HF_OK)
        st = parse_best_x(csv, i, col[RUN_COLUMNS], c->problems[r->problem].dim, &r->best_x,
                          diag);
    return st;
}

/* The best_x column: required from format 4 on, absent before. */
static hf_status best_x_column(const hf_campaign *c, const hf_csv *csv, long *col, hf_diag *diag)
{
    *col = -1;
    if (strcmp(hf_campaign_field(c, "format"), HF_CAMPAIGN_FORMAT) != 0)
        return HF_OK;
    size_t k = 0;
    hf_status st = hf_csv_require(csv, "best_x", &k, diag);
    *col = (long)k;
    return st;
}

static hf_status read_runs(const char *dir, hf_campaign *c, hf_diag *diag)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/runs.csv", dir);
    /* a best_x cell holds a whole point: about 25 bytes per coordinate */
    hf_csv_options options;
    hf_csv_options_init(&options);
    options.max_cell_bytes = 26 * (size_t)HF_CAMPAIGN_DIM_MAX;
    hf_csv *csv = NULL;
    hf_status st = hf_csv_read(path, &options, &csv, diag);
    if (st != HF_OK)
        return st;
    long col[RUN_COLUMNS + 1];
    st = columns(csv, run_columns, col, RUN_COLUMNS, diag);
    if (st == HF_OK) st = best_x_column(c, csv, &col[RUN_COLUMNS], diag);
    size_t n = hf_csv_nrows(csv);
    c->rows = calloc(n ? n : 1, sizeof *c->rows); /* owned by c (hf_campaign_free) */
    if (c->rows == NULL && st == HF_OK)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < n && st == HF_OK; ++i) {
        st = read_run_row(c, csv, i, col, &c->rows[i], diag);
        c->n_rows = i + 1;
    }
    hf_csv_free(csv);
    return st;
}

/* The (optimizer, problem, run) of trace run TR of PATH as indices into
 * the manifest's lists, into KEY. */
static hf_status trace_run_task(const hf_campaign *c, const hf_trace_run *tr, const char *path,
                                hf_campaign_row *key, hf_diag *diag)
{
    long o = find_name(c->optimizers, c->n_optimizers, sizeof *c->optimizers, tr->optimizer);
    long p = find_name(&c->problems[0].name, c->n_problems, sizeof *c->problems, tr->problem);
    if (o < 0 || p < 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: %s '%s' is not in the manifest", path,
                           tr->line, o < 0 ? "optimizer" : "problem",
                           o < 0 ? tr->optimizer : tr->problem);
    if (tr->run >= c->runs)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: run '%zu' is not in 0..%zu", path,
                           tr->line, tr->run, c->runs - 1);
    *key = (hf_campaign_row){.optimizer = (size_t)o, .problem = (size_t)p, .run = tr->run};
    return HF_OK;
}

/* Reads trace.csv; *task_of_point (caller frees) gives each point's task. */
static hf_status read_trace(const char *dir, hf_campaign *c, size_t **task_of_point,
                            hf_diag *diag)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/trace.csv", dir);
    hf_trace_file *file = NULL;
    *task_of_point = NULL;
    hf_csv_options limits;
    hf_csv_options_init(&limits);
    limits.max_bytes = HF_CAMPAIGN_DATA_MAX_BYTES;
    limits.max_rows = HF_CAMPAIGN_DATA_MAX_ROWS;
    hf_status st = hf_trace_read_bounded(path, &limits, &file, diag);
    if (st != HF_OK)
        return st;
    size_t n = 0;
    for (size_t i = 0; i < file->n_runs; ++i)
        n += file->runs[i].trace.count;
    c->trace = malloc(sizeof *c->trace * (n ? n : 1));             /* owned by c */
    *task_of_point = malloc(sizeof **task_of_point * (n ? n : 1)); /* caller frees */
    if (c->trace == NULL || *task_of_point == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < file->n_runs && st == HF_OK; ++i) {
        const hf_trace_run *tr = &file->runs[i];
        hf_campaign_row key = {0};
        st = trace_run_task(c, tr, path, &key, diag);
        for (size_t k = 0; k < tr->trace.count && st == HF_OK; ++k) {
            c->trace[c->n_trace] = tr->trace.points[k];
            (*task_of_point)[c->n_trace++] = hf_campaign_task_number(c, &key);
        }
    }
    hf_trace_file_free(file);
    return st;
}

typedef struct keyed {
    size_t task;
    size_t index;
    size_t evaluations;
} keyed;

static int compare_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->task != y->task)
        return x->task < y->task ? -1 : 1;
    if (x->evaluations != y->evaluations)
        return x->evaluations < y->evaluations ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index);
}

static int compare_rows(const void *a, const void *b)
{
    const hf_campaign_row *x = a, *y = b;
    if (x->optimizer != y->optimizer)
        return x->optimizer < y->optimizer ? -1 : 1;
    if (x->problem != y->problem)
        return x->problem < y->problem ? -1 : 1;
    return x->run < y->run ? -1 : (x->run > y->run);
}

/* Sorts rows by task and trace points to follow them; fills trace ranges.
 * TASK_OF_POINT[i] is the task of trace point i (consumed); WHERE names the
 * campaign in a message. */
hf_status hf_campaign_sort_rows(hf_campaign *c, size_t *task_of_point, const char *where,
                                hf_diag *diag)
{
    qsort(c->rows, c->n_rows, sizeof *c->rows, compare_rows);
    keyed *k = malloc(sizeof *k * (c->n_trace ? c->n_trace : 1));        /* freed below */
    hf_trace_point *t = malloc(sizeof *t * (c->n_trace ? c->n_trace : 1)); /* becomes c->trace, owned by c */
    if (k == NULL || t == NULL) {
        free(k);
        free(t);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < c->n_trace; ++i)
        k[i] = (keyed){task_of_point[i], i, c->trace[i].evaluations};
    qsort(k, c->n_trace, sizeof *k, compare_keyed);
    for (size_t i = 0; i < c->n_trace; ++i)
        t[i] = c->trace[k[i].index];
    free(c->trace);
    c->trace = t;
    size_t j = 0;
    hf_status st = HF_OK;
    for (size_t i = 0; i < c->n_rows && st == HF_OK; ++i) {
        size_t task = hf_campaign_task_number(c, &c->rows[i]);
        if (j < c->n_trace && k[j].task < task)
            st = hf_diag_set(diag, HF_EPARSE, "%s: trace.csv holds points of a task missing "
                             "from runs.csv", where);
        c->rows[i].trace_first = j;
        while (j < c->n_trace && k[j].task == task)
            ++j;
        c->rows[i].trace_count = j - c->rows[i].trace_first;
    }
    if (st == HF_OK && j < c->n_trace)
        st = hf_diag_set(diag, HF_EPARSE, "%s: trace.csv holds points of a task missing "
                         "from runs.csv", where);
    free(k);
    return st;
}

/* ---- integrity ------------------------------------------------------- */

/* The rows and the SHA-256 the manifest records of DIR/NAME (formats 3, 4)
 * against the file and the rows read from it. */
static hf_status verify_data_file(const hf_campaign *c, const char *dir, const char *name,
                                  size_t rows_read, hf_diag *diag)
{
    char key[64], path[2048], hex[HF_FILE_SHA256_HEX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(key, sizeof key, "%s%s.rows", HF_CAMPAIGN_DATA_PREFIX, name);
    const char *rows = hf_campaign_field(c, key);
    snprintf(key, sizeof key, "%s%s.sha256", HF_CAMPAIGN_DATA_PREFIX, name);
    const char *sha = hf_campaign_field(c, key);
    unsigned long long n = 0;
    if (rows == NULL || sha == NULL || hf_parse_count(rows, &n, NULL) != HF_OK)
        return hf_diag_set(diag, HF_EPARSE, "%s/manifest.txt: field '%s%s.%s' is missing or not "
                           "a count (a format-3 manifest records every data file)", dir,
                           HF_CAMPAIGN_DATA_PREFIX, name, rows == NULL ? "rows" : "sha256");
    if (n != rows_read)
        return hf_diag_set(diag, HF_EMISMATCH, "%s: row-count check failed: %zu data rows, the "
                           "manifest records %llu (cut or changed after the campaign was "
                           "written)", path, rows_read, n);
    hf_status st = hf_file_sha256(path, HF_CAMPAIGN_DATA_MAX_BYTES, hex, diag);
    if (st != HF_OK)
        return st;
    if (strcmp(hex, sha) != 0)
        return hf_diag_set(diag, HF_EMISMATCH, "%s: SHA-256 check failed: %.16s..., the "
                           "manifest records %.16s... (changed after the campaign was written)",
                           path, hex, sha);
    return HF_OK;
}

/* Every run's last trace point is its runs.csv row: the same best value,
 * reached within the run's evaluations; a run without points found no
 * finite value.  A trace that lost a run's tail, even at a line boundary,
 * fails here. */
static hf_status verify_last_points(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        const hf_trace_point *last =
            r->trace_count > 0 ? &c->trace[r->trace_first + r->trace_count - 1] : NULL;
        int agrees = last != NULL ? last->best_f == r->best_f &&
                                        last->evaluations <= r->evaluations
                                  : !isfinite(r->best_f);
        if (!agrees)
            return hf_diag_set(diag, HF_EMISMATCH, "%s/trace.csv: last-point check failed for "
                               "(%s, %s, run %zu): %s%.17g after %zu evaluations, runs.csv "
                               "says best_f %.17g after %zu", dir,
                               c->optimizers[r->optimizer], c->problems[r->problem].name,
                               r->run, last ? "best_f " : "no point",
                               last ? last->best_f : 0.0, last ? last->evaluations : 0,
                               r->best_f, r->evaluations);
    }
    return HF_OK;
}

/* The checks a campaign read from DIR must pass before a report or a
 * merge uses it. */
static hf_status verify_campaign(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    hf_status st = HF_OK;
    const char *format = hf_campaign_field(c, "format");
    if (strcmp(format, HF_CAMPAIGN_FORMAT) == 0 || strcmp(format, HF_CAMPAIGN_FORMAT_3) == 0) {
        st = verify_data_file(c, dir, "runs.csv", c->n_rows, diag);
        if (st == HF_OK) st = verify_data_file(c, dir, "trace.csv", c->n_trace, diag);
    }
    return st != HF_OK ? st : verify_last_points(c, dir, diag);
}

hf_status hf_campaign_read_data(const char *dir, hf_campaign *c, size_t **task_of_point,
                                hf_diag *diag)
{
    hf_status st = read_runs(dir, c, diag);
    return st != HF_OK ? st : read_trace(dir, c, task_of_point, diag);
}

hf_status hf_campaign_verify_data(const hf_campaign *c, const char *dir, hf_diag *diag)
{
    return verify_campaign(c, dir, diag);
}
