/*
 * core/csv.c — a small CSV reader for hertzfit's tables and data files.
 *
 * The whole file is read into memory (hertzfit tables are at most a few
 * thousand rows) and split into cells that point into one buffer, so a table
 * is three allocations however many cells it has.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, fstat */
#include "hertzfit/csv.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct hf_csv {
    char *path;      /* owned copy */
    char *buffer;    /* owned: file text, cells are NUL-terminated inside it */
    char **cells;    /* owned: (nrows + 1) * ncols pointers into buffer */
    size_t *lines;   /* owned: physical line of each data row */
    size_t ncols;
    size_t nrows;
};

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        ++s;
    char *end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        *--end = '\0';
    return s;
}

static int is_skipped_line(const char *line)
{
    while (*line == ' ' || *line == '\t' || *line == '\r')
        ++line;
    return *line == '\0' || *line == '#';
}

static size_t count_cells(const char *line)
{
    size_t n = 1;
    for (; *line; ++line)
        n += (*line == ',');
    return n;
}

static hf_status read_file(const char *path, char **text, hf_diag *diag)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return hf_diag_set(diag, HF_EIO, "%s: cannot open: %s", path,
                           strerror(errno));
    struct stat info;
    if (fstat(fileno(fp), &info) == 0 && S_ISDIR(info.st_mode)) {
        fclose(fp);
        return hf_diag_set(diag, HF_EIO, "%s: is a directory, not a file", path);
    }
    size_t cap = 4096, len = 0;
    /* returned to hf_csv_read, owned by the table (hf_csv_free) */
    char *buf = malloc(cap);
    while (buf != NULL) {
        len += fread(buf + len, 1, cap - len - 1, fp);
        if (len < cap - 1)
            break;
        char *grown = realloc(buf, cap * 2);
        if (grown == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    int read_error = ferror(fp);
    fclose(fp);
    if (buf == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    if (read_error) {
        free(buf);
        return hf_diag_set(diag, HF_EIO, "%s: read error", path);
    }
    buf[len] = '\0';
    if (strlen(buf) != len) {
        free(buf);
        return hf_diag_set(diag, HF_EPARSE, "%s: contains a NUL byte (binary file?)",
                           path);
    }
    *text = buf;
    return HF_OK;
}

/* Splits LINE (modified in place) into exactly ncols cells at dst. */
static size_t split_line(char *line, char **dst, size_t ncols)
{
    size_t n = 0;
    char *start = line;
    for (char *p = line;; ++p) {
        if (*p == ',' || *p == '\0') {
            int last = (*p == '\0');
            *p = '\0';
            if (n < ncols)
                dst[n] = trim(start);
            ++n;
            if (last)
                break;
            start = p + 1;
        }
    }
    return n;
}

static hf_status check_header(hf_csv *csv, size_t line, hf_diag *diag)
{
    for (size_t j = 0; j < csv->ncols; ++j) {
        if (csv->cells[j][0] == '\0')
            return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: empty column name",
                               csv->path, line, j + 1);
        for (size_t k = 0; k < j; ++k)
            if (strcmp(csv->cells[j], csv->cells[k]) == 0)
                return hf_diag_set(diag, HF_EPARSE,
                                   "%s:%zu:%zu: duplicate column name '%s'",
                                   csv->path, line, j + 1, csv->cells[j]);
    }
    return HF_OK;
}

static hf_status split_table(hf_csv *csv, hf_diag *diag)
{
    size_t max_lines = 1;
    for (const char *p = csv->buffer; *p; ++p)
        max_lines += (*p == '\n');
    size_t line_no = 0;
    int have_header = 0;
    char *line = csv->buffer;
    while (line != NULL) {
        char *next = strchr(line, '\n');
        if (next != NULL)
            *next++ = '\0';
        ++line_no;
        if (!is_skipped_line(line)) {
            if (!have_header) {
                csv->ncols = count_cells(line);
                /* owned by the table: hf_csv_free */
                csv->cells = malloc(sizeof(char *) * csv->ncols * max_lines);
                csv->lines = malloc(sizeof(size_t) * max_lines);
                if (csv->cells == NULL || csv->lines == NULL)
                    return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", csv->path);
                split_line(line, csv->cells, csv->ncols);
                hf_status st = check_header(csv, line_no, diag);
                if (st != HF_OK)
                    return st;
                have_header = 1;
            } else {
                char **row = csv->cells + (csv->nrows + 1) * csv->ncols;
                size_t n = split_line(line, row, csv->ncols);
                if (n != csv->ncols)
                    return hf_diag_set(diag, HF_EPARSE,
                                       "%s:%zu: %zu cells where the header has %zu",
                                       csv->path, line_no, n, csv->ncols);
                csv->lines[csv->nrows++] = line_no;
            }
        }
        line = next;
    }
    if (!have_header)
        return hf_diag_set(diag, HF_EPARSE, "%s: no header row (file is empty)",
                           csv->path);
    return HF_OK;
}

hf_status hf_csv_read(const char *path, hf_csv **out, hf_diag *diag)
{
    *out = NULL;
    /* csv and its path/buffer/cells/lines are owned by the caller: hf_csv_free */
    hf_csv *csv = calloc(1, sizeof *csv);
    if (csv == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    csv->path = malloc(strlen(path) + 1);
    if (csv->path == NULL) {
        hf_csv_free(csv);
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    }
    strcpy(csv->path, path);
    hf_status st = read_file(path, &csv->buffer, diag);
    if (st == HF_OK)
        st = split_table(csv, diag);
    if (st != HF_OK) {
        hf_csv_free(csv);
        return st;
    }
    *out = csv;
    return HF_OK;
}

void hf_csv_free(hf_csv *csv)
{
    if (csv == NULL)
        return;
    free(csv->path);
    free(csv->buffer);
    free(csv->cells);
    free(csv->lines);
    free(csv);
}

const char *hf_csv_path(const hf_csv *csv) { return csv->path; }
size_t hf_csv_nrows(const hf_csv *csv) { return csv->nrows; }
size_t hf_csv_ncols(const hf_csv *csv) { return csv->ncols; }
const char *hf_csv_header(const hf_csv *csv, size_t col) { return csv->cells[col]; }

long hf_csv_find(const hf_csv *csv, const char *name)
{
    for (size_t j = 0; j < csv->ncols; ++j)
        if (strcmp(csv->cells[j], name) == 0)
            return (long)j;
    return -1;
}

const char *hf_csv_cell(const hf_csv *csv, size_t row, size_t col)
{
    return csv->cells[(row + 1) * csv->ncols + col];
}

size_t hf_csv_line(const hf_csv *csv, size_t row) { return csv->lines[row]; }

hf_status hf_csv_number(const hf_csv *csv, size_t row, size_t col,
                        double *value, hf_diag *diag)
{
    const char *text = hf_csv_cell(csv, row, col);
    hf_status st = hf_parse_double(text, value);
    if (st == HF_EPARSE)
        return hf_diag_set(diag, st, "%s:%zu:%zu: column '%s': '%s' is not a number",
                           csv->path, csv->lines[row], col + 1, csv->cells[col], text);
    if (st == HF_EDOM)
        return hf_diag_set(diag, st, "%s:%zu:%zu: column '%s': '%s' is not finite",
                           csv->path, csv->lines[row], col + 1, csv->cells[col], text);
    return st;
}

hf_status hf_csv_column(const hf_csv *csv, const char *name, double *out,
                        hf_diag *diag)
{
    long col = hf_csv_find(csv, name);
    if (col < 0)
        return hf_diag_set(diag, HF_ENOTFOUND, "%s: required column '%s' is missing",
                           csv->path, name);
    for (size_t i = 0; i < csv->nrows; ++i) {
        hf_status st = hf_csv_number(csv, i, (size_t)col, &out[i], diag);
        if (st != HF_OK)
            return st;
    }
    return HF_OK;
}

hf_status hf_parse_double(const char *text, double *value)
{
    if (text == NULL)
        return HF_EPARSE;
    while (isspace((unsigned char)*text))
        ++text;
    if (*text == '\0')
        return HF_EPARSE;
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    while (end != NULL && isspace((unsigned char)*end))
        ++end;
    if (end == text || end == NULL || *end != '\0')
        return HF_EPARSE;
    if (!isfinite(v))
        return HF_EDOM;
    *value = v;
    return HF_OK;
}

hf_status hf_parse_count(const char *text, unsigned long long *value)
{
    if (text == NULL)
        return HF_EPARSE;
    while (isspace((unsigned char)*text))
        ++text;
    if (!isdigit((unsigned char)*text))
        return HF_EPARSE;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    while (isspace((unsigned char)*end))
        ++end;
    if (*end != '\0' || errno == ERANGE || v >= (1ULL << 63))
        return HF_EPARSE;
    *value = v;
    return HF_OK;
}
