/*
 * cli/output.c — tables for people (aligned) and for machines (CSV with
 * %.17g numbers, so values round-trip exactly; cells with commas quoted).  Rows are collected and
 * printed at the end, so an error half-way through prints no partial table.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

struct hf_table {
    int csv;
    size_t ncols;
    char **cells;     /* owned: every cell text, headers first */
    size_t count;
    size_t cap;
    int oom;
};

static void push_cell(hf_table *t, const char *text)
{
    if (t == NULL || t->oom)
        return;
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        /* cell array and cell copies are owned by the table: hf_table_free */
        char **grown = realloc(t->cells, sizeof *grown * cap);
        if (grown == NULL) {
            t->oom = 1;
            return;
        }
        t->cells = grown;
        t->cap = cap;
    }
    char *copy = malloc(strlen(text) + 1);
    if (copy == NULL) {
        t->oom = 1;
        return;
    }
    strcpy(copy, text);
    t->cells[t->count++] = copy;
}

hf_table *hf_table_create(int csv, size_t ncols, const char *const *headers)
{
    /* owned by the caller: hf_table_print or hf_table_free */
    hf_table *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->csv = csv;
    t->ncols = ncols;
    for (size_t j = 0; j < ncols; ++j)
        push_cell(t, headers[j]);
    return t;
}

void hf_table_str(hf_table *t, const char *text) { push_cell(t, text); }

void hf_table_numf(hf_table *t, const char *table_format, double value)
{
    if (t == NULL)
        return;
    char buf[64];
    snprintf(buf, sizeof buf, t->csv ? "%.17g" : table_format, value);
    push_cell(t, buf);
}

void hf_table_num(hf_table *t, double value) { hf_table_numf(t, "%.10g", value); }

void hf_table_int(hf_table *t, long long value)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", value);
    push_cell(t, buf);
}

void hf_table_free(hf_table *t)
{
    if (t == NULL)
        return;
    for (size_t i = 0; i < t->count; ++i)
        free(t->cells[i]);
    free(t->cells);
    free(t);
}

/* RFC 4180: a cell holding a comma, quote or newline is quoted, with
 * inner quotes doubled. */
static void print_csv_cell(FILE *fp, const char *text)
{
    if (strpbrk(text, ",\"\n") == NULL) {
        fputs(text, fp);
        return;
    }
    fputc('"', fp);
    for (const char *p = text; *p; ++p) {
        if (*p == '"')
            fputc('"', fp);
        fputc(*p, fp);
    }
    fputc('"', fp);
}

static int is_number(const char *text)
{
    char *end = NULL;
    (void)strtod(text, &end);
    return end != text && *end == '\0';
}

int hf_table_print(hf_table *t, FILE *fp)
{
    if (t == NULL || t->oom) {
        hf_table_free(t);
        fprintf(stderr, "hertzfit: out of memory while building a table\n");
        return 1;
    }
    /* freed at the end of this function */
    size_t *width = calloc(t->ncols, sizeof *width);
    if (width == NULL) {
        hf_table_free(t);
        return 1;
    }
    for (size_t i = 0; i < t->count; ++i) {
        size_t w = strlen(t->cells[i]);
        if (w > width[i % t->ncols])
            width[i % t->ncols] = w;
    }
    for (size_t i = 0; i < t->count; ++i) {
        size_t j = i % t->ncols;
        int last = (j + 1 == t->ncols) || (i + 1 == t->count);
        if (t->csv) {
            print_csv_cell(fp, t->cells[i]);
            fputc(last ? '\n' : ',', fp);
        } else {
            /* Numbers right-aligned, text left-aligned; no trailing blanks. */
            int w = last ? 0 : (int)width[j];
            if (i >= t->ncols && is_number(t->cells[i]))
                fprintf(fp, "%*s", (int)width[j], t->cells[i]);
            else
                fprintf(fp, "%-*s", w, t->cells[i]);
            fputs(last ? "\n" : "  ", fp);
        }
    }
    free(width);
    hf_table_free(t);
    return ferror(fp) ? 1 : 0;
}
