/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli/output.c — everything the program prints: error lines, commentary,
 * and tables for people (aligned) and for machines (CSV with %.17g
 * numbers, so values round-trip exactly; cells with commas quoted).  Rows
 * are collected and printed at the end, so an error half-way through
 * prints no partial table.
 */
#define _POSIX_C_SOURCE 200809L   /* strdup */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int hfc_fail(const char *command, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "hertzfit %s: ", command);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

int hfc_fail_status(const char *command, const char *prefix, hf_status status,
                    const hf_diag *diag)
{
    const char *text = (diag != NULL && diag->text[0] != '\0') ? diag->text
                                                                : hf_strerror(status);
    fprintf(stderr, "hertzfit %s: %s%s%s\n", command, prefix ? prefix : "", prefix ? ": " : "",
            text);
    return hfc_status_exit(status);
}

int hfc_status_exit(hf_status status)
{
    /* HF_EWRITE is not bad input: a full disk is not the user's input.
     * An interrupted call (HF_EINTERRUPTED, which needs an interrupt hook
     * the program does not set: Ctrl-C ends it by SIGINT, cli/signals.c)
     * ends as a shell reports Ctrl-C, 128 + SIGINT. */
    if (status == HF_EINTERRUPTED)
        return 130;
    return hf_status_is_bad_input(status) ? 2 : 1;
}

void hfc_note(int csv, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (csv)
        fputs("# ", stdout);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

struct hfc_table {
    int csv;
    size_t ncols;
    char **cells;     /* owned: every cell text, headers first */
    size_t count;
    size_t cap;
    int oom;
};

static void push_cell(hfc_table *t, const char *text)
{
    if (t == NULL || t->oom)
        return;
    if (t->count == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 64;
        /* cell array and cell copies are owned by the table: hfc_table_free */
        char **grown = realloc(t->cells, sizeof *grown * cap);
        if (grown == NULL) {
            t->oom = 1;
            return;
        }
        t->cells = grown;
        t->cap = cap;
    }
    char *copy = strdup(text); /* owned by t */
    if (copy == NULL) {
        t->oom = 1;
        return;
    }
    t->cells[t->count++] = copy;
}

hfc_table *hfc_table_alloc(int csv, size_t ncols, const char *const *headers)
{
    /* owned by the caller: hfc_table_print or hfc_table_free */
    hfc_table *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->csv = csv;
    t->ncols = ncols;
    for (size_t j = 0; j < ncols; ++j)
        push_cell(t, headers[j]);
    return t;
}

void hfc_table_str(hfc_table *t, const char *text) { push_cell(t, text); }

void hfc_table_numf(hfc_table *t, const char *table_format, double value)
{
    if (t == NULL)
        return;
    char buf[64];
    snprintf(buf, sizeof buf, t->csv ? "%.17g" : table_format, value);
    push_cell(t, buf);
}

void hfc_table_num(hfc_table *t, double value) { hfc_table_numf(t, "%.10g", value); }

void hfc_table_int(hfc_table *t, long long value)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%lld", value);
    push_cell(t, buf);
}

void hfc_table_free(hfc_table *t)
{
    if (t == NULL)
        return;
    for (size_t i = 0; i < t->count; ++i)
        free(t->cells[i]);
    free(t->cells);
    free(t);
}

void hfc_print_csv_cell(FILE *fp, const char *text)
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

int hfc_table_print(hfc_table *t)
{
    FILE *fp = stdout;
    if (t == NULL || t->oom) {
        hfc_table_free(t);
        fprintf(stderr, "hertzfit: out of memory while building a table\n");
        return 1;
    }
    /* freed at the end of this function */
    size_t *width = calloc(t->ncols, sizeof *width);
    if (width == NULL) {
        hfc_table_free(t);
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
            hfc_print_csv_cell(fp, t->cells[i]);
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
    hfc_table_free(t);
    /* a failed write is reported once, by hfc_close_stdout, when the
     * command returns */
    return 0;
}

int hfc_close_stdout(int rc)
{
    /* stdout's buffer holds the end of the output (a whole table when it
     * is small): only the flush and the close reveal a full disk */
    int failed = fflush(stdout) != 0 || ferror(stdout);
    int saved = errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    if (!failed)
        return rc;
    /* a command that failed has already said why, in one line; a reader
     * that stopped reading (`| head`: EPIPE, SIGPIPE being ignored so that
     * temporaries are removed) chose to, and is not told so */
    if (rc == 0 && saved != EPIPE)
        fprintf(stderr, "hertzfit: cannot write the standard output: %s\n",
                saved != 0 ? strerror(saved) : "write error");
    return rc == 0 ? 1 : rc;
}
