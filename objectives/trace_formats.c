/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/trace_formats.c — a drop's force trace read as instruments
 * write it: CSV (any separator hertzfit/csv.h reads, a decimal comma,
 * columns named as the lab named them, a sample number and a rate),
 * LabVIEW's text measurement files (.lvm), MATLAB files (.mat, through
 * libmatio) and HDF5 files (through libhdf5).  What names the time and
 * the force is hf_maxwell_trace_format (hertzfit/maxwell_data.h).
 *
 * Every reader ends in the same place (to_trace): the raw time and force
 * values with the factors of their units, turned into SI, checked for
 * strictly increasing times and the fewest samples.
 */
#define _POSIX_C_SOURCE 200809L   /* open, fstat: a trace counted only when it is a file */
#include "hertzfit/maxwell_data.h"
#include "hertzfit/maxwell_data.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hdf5.h>
#include <matio.h>

#include "core/strdup.h"
#include "core/csv.h"
#include "core/file.h"
#include "objectives/maxwell_internal.h"

void hf_maxwell_trace_format_init(hf_maxwell_trace_format *f)
{
    memset(f, 0, sizeof *f);
    f->decimal = '.';
}

/* ---- units and names ---------------------------------------------------- */

typedef struct unit {
    const char *name;
    double factor;
} unit;

typedef struct quantity {
    char symbol;            /* 't' or 'F' */
    const char *name;       /* "time", "force" */
    const unit *units;
    size_t nunits;
    const char *columns;    /* the default names, for messages */
    const char *unit_list;  /* the units, for messages */
    const char *option;     /* the program's option naming it */
} quantity;

static const unit time_units[] = {{"s", 1.0}, {"ms", 1e-3}, {"us", 1e-6}, {"\xC2\xB5s", 1e-6}};
static const unit force_units[] = {{"N", 1.0}, {"kN", 1e3}, {"mN", 1e-3}};
static const quantity TIME = {'t', "time", time_units, 4, "t_s, t_ms, t_us", "s, ms, us",
                              "--time-column"};
static const quantity FORCE = {'F', "force", force_units, 3, "F_N, F_kN, F_mN", "N, kN, mN",
                               "--force-column"};

static int same_letters(const char *a, const char *b, size_t len)
{
    for (size_t i = 0; i < len; ++i)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return 0;
    return 1;
}

/* The unit TEXT[0 .. len-1] of Q, letters in any case: 1 with its factor,
 * 0 when unknown, -1 for "MN" (meganewtons, or millinewtons written in
 * capitals: refused rather than guessed). */
static int unit_factor(const quantity *q, const char *text, size_t len, double *factor)
{
    if (q->symbol == 'F' && len == 2 && strncmp(text, "MN", 2) == 0)
        return -1;
    for (size_t u = 0; u < q->nunits; ++u)
        if (strlen(q->units[u].name) == len && same_letters(text, q->units[u].name, len)) {
            *factor = q->units[u].factor;
            return 1;
        }
    return 0;
}

/* The unit written at the end of NAME — "Time (ms)", "Force [kN]",
 * "t_ms" — into *start and *len; 0 when it names none. */
static int name_unit(const char *name, const char **start, size_t *len)
{
    size_t n = strlen(name);
    while (n > 0 && name[n - 1] == ' ')
        --n;
    if (n > 0 && (name[n - 1] == ')' || name[n - 1] == ']')) {
        char open = name[n - 1] == ')' ? '(' : '[';
        for (size_t i = n - 1; i-- > 0;)
            if (name[i] == open) {
                *start = name + i + 1;
                *len = n - 1 - (i + 1);
                return 1;
            }
        return 0;
    }
    const char *us = strrchr(name, '_');
    if (us == NULL)
        return 0;
    *start = us + 1;
    *len = n - (size_t)(us + 1 - name);
    return 1;
}

/* Where the names of a file are: PATH:LINE:COLUMN for a table's header
 * (line > 0), "PATH: variable" for a .mat file's variables or an HDF5
 * file's datasets. */
typedef struct names {
    const char *path;
    size_t line;       /* the header's line, 0: no lines */
    const char *kind;  /* "column", "variable", "dataset" */
    size_t n;
    const char **name;
} names;

static const char *name_at(size_t j, const void *ctx) { return ((const names *)ctx)->name[j]; }

static const char *where(const names *nm, size_t j, char *buf, size_t size)
{
    if (nm->line > 0)
        snprintf(buf, size, "%s:%zu:%zu", nm->path, nm->line, j + 1);
    else
        snprintf(buf, size, "%s", nm->path);
    return buf;
}

static hf_status unit_refused(const names *nm, size_t j, const quantity *q, int code,
                              hf_diag *diag)
{
    char at[1100];
    return hf_diag_set(diag, HF_EPARSE, "%s: %s '%s' names the %s with %s (accepted: %s); "
                       "the unit's letters may be in any case, or name the %s with %s NAME",
                       where(nm, j, at, sizeof at), nm->kind, nm->name[j], q->name,
                       code < 0 ? "'MN': meganewtons, or millinewtons in capitals? write mN"
                                : "an unknown unit", q->columns, nm->kind, q->option);
}

/* The default time or force among NM: a name t_UNIT / F_UNIT, the unit
 * in any case.  A name starting with the symbol in its own case and '_'
 * but an unknown unit is refused; in the other case it is another
 * quantity's (T_K, a temperature). */
static hf_status find_default(const names *nm, const quantity *q, size_t *col, double *factor,
                              hf_diag *diag)
{
    long found = -1;
    char at[1100];
    for (size_t j = 0; j < nm->n; ++j) {
        const char *name = nm->name[j];
        int exact = name[0] == q->symbol && (name[1] == '_' || name[1] == '\0');
        int any = tolower((unsigned char)name[0]) == tolower((unsigned char)q->symbol) &&
                  name[1] == '_';
        if (!exact && !any)
            continue;
        double f = 1.0;
        int code = name[1] == '_' ? unit_factor(q, name + 2, strlen(name + 2), &f) : 0;
        if (code == 0 && !exact)
            continue;
        if (code <= 0)
            return unit_refused(nm, j, q, code, diag);
        if (found >= 0)
            return hf_diag_set(diag, HF_EPARSE, "%s: %s '%s' gives the %s a second time (after "
                               "'%s')", where(nm, j, at, sizeof at), nm->kind, name, q->name,
                               nm->name[found]);
        found = (long)j;
        *factor = f;
    }
    if (found < 0) {
        char list[512];
        hf_names_join(nm->n, name_at, nm, list, sizeof list);
        if (nm->line > 0)
            snprintf(at, sizeof at, "%s:%zu", nm->path, nm->line);
        else
            snprintf(at, sizeof at, "%s", nm->path);
        return hf_diag_set(diag, HF_ENOTFOUND, "%s: no %s %s (one of %s is required); the "
                           "unit's letters may be in any case, or name it with %s NAME (the "
                           "file has: %s)", at, q->name, nm->kind, q->columns, q->option, list);
    }
    *col = (size_t)found;
    return HF_OK;
}

/* The unit of a named column: GIVEN when not NULL, else from the name's
 * end.  UNITLESS: sample numbers, no unit. */
static hf_status named_unit(const names *nm, size_t j, const quantity *q, const char *given,
                            double *factor, hf_diag *diag)
{
    char at[1100];
    if (given != NULL) {
        int code = unit_factor(q, given, strlen(given), factor);
        if (code <= 0)
            return hf_diag_set(diag, HF_EINVAL, "%s unit '%s' is not one of %s", q->name, given,
                               q->unit_list);
        return HF_OK;
    }
    const char *u = NULL;
    size_t len = 0;
    int code = name_unit(nm->name[j], &u, &len) ? unit_factor(q, u, len, factor) : 0;
    if (code == 1)
        return HF_OK;
    return hf_diag_set(diag, HF_EPARSE, "%s: %s '%s' gives no unit of the %s that hertzfit "
                       "knows (write it as 'NAME (UNIT)', 'NAME [UNIT]' or 'NAME_UNIT' with "
                       "UNIT one of %s, or give the unit: %s)", where(nm, j, at, sizeof at),
                       nm->kind, nm->name[j], q->name, q->unit_list,
                       q->symbol == 't' ? "--time-unit" : "--force-unit");
}

/* The column of Q among NM: the one named REQUESTED (exactly), or the
 * default form; *factor its unit's (1 for sample numbers). */
static hf_status find_column(const names *nm, const quantity *q, const char *requested,
                             const char *unit_given, int sample_numbers, size_t *col,
                             double *factor, hf_diag *diag)
{
    *factor = 1.0;
    if (requested == NULL) {
        hf_status st = find_default(nm, q, col, factor, diag);
        if (st == HF_OK && unit_given != NULL)
            st = named_unit(nm, *col, q, unit_given, factor, diag);
        return st;
    }
    for (size_t j = 0; j < nm->n; ++j)
        if (strcmp(nm->name[j], requested) == 0) {
            *col = j;
            return sample_numbers ? HF_OK : named_unit(nm, j, q, unit_given, factor, diag);
        }
    char list[512], at[1100];
    hf_names_join(nm->n, name_at, nm, list, sizeof list);
    if (nm->line > 0)
        snprintf(at, sizeof at, "%s:%zu", nm->path, nm->line);
    else
        snprintf(at, sizeof at, "%s", nm->path);
    return hf_diag_set(diag, HF_ENOTFOUND, "%s: no %s '%s' for the %s (the file has: %s)", at,
                       nm->kind, requested, q->name, list);
}

static hf_status check_format(const char *path, const hf_maxwell_trace_format *f, hf_diag *diag)
{
    if (f->decimal != '.' && f->decimal != ',')
        return hf_diag_set(diag, HF_EINVAL, "%s: decimal mark '%c' is not '.' or ','", path,
                           f->decimal);
    if (!(f->rate == 0.0 || (isfinite(f->rate) && f->rate > 0.0)))
        return hf_diag_set(diag, HF_EINVAL, "%s: sample rate %g Hz must be finite and > 0",
                           path, f->rate);
    if (f->rate > 0.0 && f->time_unit != NULL)
        return hf_diag_set(diag, HF_EINVAL, "%s: a sample rate and a time unit: with a rate "
                           "the time column holds sample numbers, which have no unit", path);
    return HF_OK;
}

/* ---- the common end --------------------------------------------------- */

/* Raw values of one trace: t (NULL with a rate and no time column) and F,
 * n each, owned; line[k] the line of sample k in a text file, or NULL. */
typedef struct raw {
    double *t, *F;
    size_t *line;
    size_t n;
    const char *tname;  /* the time's column, variable or dataset */
    size_t tcol;        /* its column (text files) */
} raw;

static void raw_free(raw *r)
{
    free(r->t);
    free(r->F);
    free(r->line);
    memset(r, 0, sizeof *r);
}

static hf_status raw_alloc(raw *r, const char *path, size_t n, int times, int lines,
                           hf_diag *diag)
{
    memset(r, 0, sizeof *r);
    if (n > HF_MAXWELL_TRACE_MAX_SAMPLES)
        return hf_diag_set(diag, HF_ERANGE, "%s: %zu samples, over the %d a trace may have",
                           path, n, HF_MAXWELL_TRACE_MAX_SAMPLES);
    if (n < HF_MAXWELL_TRACE_MIN_SAMPLES)
        return hf_diag_set(diag, HF_EINVAL, "%s: %zu samples; a trace needs at least %d", path,
                           n, HF_MAXWELL_TRACE_MIN_SAMPLES);
    r->n = n;
    r->F = malloc(sizeof(double) * n);                          /* owned by r */
    r->t = times ? malloc(sizeof(double) * n) : NULL;           /* owned by r */
    r->line = lines ? malloc(sizeof(size_t) * n) : NULL;        /* owned by r */
    if (r->F == NULL || (times && r->t == NULL) || (lines && r->line == NULL)) {
        raw_free(r);
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory for %zu samples", path, n);
    }
    return HF_OK;
}

/* R into *trace (which takes its arrays): t·tf (or k/rate, or the
 * sample numbers t/rate) and F·ff, times strictly increasing. */
static hf_status to_trace(const char *path, raw *r, double tf, double ff, double rate,
                          hf_maxwell_trace *trace, hf_diag *diag)
{
    if (r->t == NULL) {
        r->t = malloc(sizeof(double) * r->n); /* owned by r */
        if (r->t == NULL)
            return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
        for (size_t k = 0; k < r->n; ++k)
            r->t[k] = (double)k / rate;
    } else {
        for (size_t k = 0; k < r->n; ++k) {
            double t = rate > 0.0 ? r->t[k] / rate : r->t[k] * tf;
            if (k > 0 && !(t > r->t[k - 1])) {
                char at[1100];
                if (r->line != NULL)
                    snprintf(at, sizeof at, "%s:%zu:%zu", path, r->line[k], r->tcol + 1);
                else
                    snprintf(at, sizeof at, "%s: element %zu", path, k + 1);
                double shown_prev = rate > 0.0 ? r->t[k - 1] * rate : r->t[k - 1] / tf;
                return hf_diag_set(diag, HF_EDOM, "%s: time %s = %.10g is not after the "
                                   "previous sample's %.10g; times must be strictly "
                                   "increasing", at, r->tname, r->t[k], shown_prev);
            }
            r->t[k] = t;
        }
    }
    for (size_t k = 0; k < r->n; ++k)
        r->F[k] *= ff;
    trace->path = hf_strdup(path); /* owned by trace */
    if (trace->path == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    trace->n = r->n;
    trace->t = r->t;
    trace->F = r->F;
    r->t = r->F = NULL;
    return HF_OK;
}

/* TEXT as a number with a decimal comma: "0,25", "-1,5e-3".  A '.' too
 * (a thousands mark, or a decimal point) is not accepted. */
static int decimal_comma(const char *text, double *value)
{
    char buf[128];
    size_t len = strlen(text);
    if (len >= sizeof buf || strchr(text, '.') != NULL)
        return 0;
    memcpy(buf, text, len + 1);
    char *comma = strchr(buf, ',');
    if (comma != NULL) {
        *comma = '.';
        if (strchr(comma + 1, ',') != NULL)
            return 0;
    }
    return hf_parse_double(buf, value, NULL) == HF_OK;
}

/* ---- CSV ----------------------------------------------------------------- */

static hf_status csv_value(const hf_csv *csv, size_t row, size_t col, char decimal,
                           double *value, hf_diag *diag)
{
    hf_status st;
    if (decimal == ',' && !hf_csv_is_missing(csv, row, col)) {
        if (decimal_comma(hf_csv_cell(csv, row, col), value))
            return HF_OK;
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: column '%s': '%.80s' is not a number "
                           "written with a decimal comma (as 0,25 or -1,5e-3)", hf_csv_path(csv),
                           hf_csv_line(csv, row), col + 1, hf_csv_header(csv, col),
                           hf_csv_cell(csv, row, col));
    }
    st = hf_csv_number(csv, row, col, value, diag);
    if (st == HF_EMISSING && diag != NULL) {
        char why[sizeof diag->text];
        snprintf(why, sizeof why, "%s", diag->text);
        return hf_diag_set(diag, st, "%s (a trace may not miss a sample)", why);
    }
    return st;
}

/* The time's (when TIMES) and the force's columns of a table and the
 * factors of their units; a decimal comma needs another separator. */
static hf_status csv_columns(const names *nm, char separator, const hf_maxwell_trace_format *f,
                             int times, size_t *tcol, double *tf, size_t *fcol, double *ff,
                             hf_diag *diag)
{
    hf_status st = HF_OK;
    if (f->decimal == ',' && separator == ',')
        return hf_diag_set(diag, HF_EINVAL, "%s:%zu: the columns are separated by ',' and the "
                           "decimal mark is ',': numbers with a decimal comma need ';' or tabs "
                           "between the columns", nm->path, nm->line);
    if (times)
        st = find_column(nm, &TIME, f->time_column, f->time_unit, f->rate > 0.0, tcol, tf,
                         diag);
    if (st == HF_OK)
        st = find_column(nm, &FORCE, f->force_column, f->force_unit, 0, fcol, ff, diag);
    return st;
}

static hf_status read_csv(const char *path, const hf_maxwell_trace_format *f,
                          hf_maxwell_trace *trace, hf_diag *diag)
{
    hf_csv_options o;
    hf_csv_options_init(&o);
    o.separator = f->separator;
    o.max_rows = HF_MAXWELL_TRACE_MAX_SAMPLES;
    o.max_columns = 256;
    hf_csv *csv = NULL; /* freed below */
    hf_status st = hf_csv_read(path, &o, &csv, diag);
    if (st != HF_OK)
        return st;
    size_t ncols = hf_csv_ncols(csv);
    const char **list = malloc(sizeof *list * ncols); /* freed below */
    if (list == NULL) {
        hf_csv_free(csv);
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    }
    for (size_t j = 0; j < ncols; ++j)
        list[j] = hf_csv_header(csv, j);
    names nm = {path, hf_csv_header_line(csv), "column", ncols, list};
    size_t tcol = 0, fcol = 0;
    double tf = 1.0, ff = 1.0;
    int times = !(f->rate > 0.0) || f->time_column != NULL;
    st = csv_columns(&nm, hf_csv_separator(csv), f, times, &tcol, &tf, &fcol, &ff, diag);
    raw r = {0};
    if (st == HF_OK)
        st = raw_alloc(&r, path, hf_csv_nrows(csv), times, 1, diag);
    r.tcol = tcol;
    r.tname = list[tcol];
    for (size_t i = 0; st == HF_OK && i < r.n; ++i) {
        if (times)
            st = csv_value(csv, i, tcol, f->decimal, &r.t[i], diag);
        if (st == HF_OK)
            st = csv_value(csv, i, fcol, f->decimal, &r.F[i], diag);
        r.line[i] = hf_csv_line(csv, i);
    }
    if (st == HF_OK)
        st = to_trace(path, &r, tf, ff, f->rate, trace, diag);
    raw_free(&r);
    free(list);
    hf_csv_free(csv);
    return st;
}

/* ---- LabVIEW measurement files (.lvm, text) ------------------------------ */

#define LVM_END "***End_of_Header***"
#define LVM_MAX_CELLS 256

/* One line of an .lvm file split at SEP in place: cells[0 .. *n-1]. */
static size_t split_line(char *line, char sep, char **cells, size_t max)
{
    size_t n = 0;
    for (char *p = line;;) {
        if (n == max)
            return n + 1; /* too many: the caller refuses */
        cells[n++] = p;
        char *end = strchr(p, sep);
        if (end == NULL)
            break;
        *end = '\0';
        p = end + 1;
    }
    /* a trailing separator leaves an empty last cell */
    if (n > 1 && cells[n - 1][0] == '\0')
        --n;
    return n;
}

/* Next line of TEXT from *pos, NUL-terminated in place (its "\r\n" or
 * "\n" removed); NULL at the end. */
static char *next_line(char *text, size_t length, size_t *pos, size_t *line)
{
    if (*pos >= length)
        return NULL;
    char *s = text + *pos, *nl = strchr(s, '\n');
    size_t len = nl ? (size_t)(nl - s) : strlen(s);
    *pos += len + (nl != NULL);
    if (len > 0 && s[len - 1] == '\r')
        --len;
    s[len] = '\0';
    ++*line;
    return s;
}

/* What an .lvm file's headers say. */
typedef struct lvm {
    char sep, decimal;
    char *unit[LVM_MAX_CELLS];   /* Y_Unit_Label of channel k, or NULL */
    size_t nunits;
    double x0, dx;               /* X0, Delta_X of the first channel, NaN if absent */
    char *names[LVM_MAX_CELLS];  /* the column names line */
    size_t ncols;
    size_t names_line;
} lvm;

/* Header line S split at tabs, or at commas for a header written with the
 * comma separator ("Separator,Comma" itself among its lines): keys end at
 * ','. */
static hf_status lvm_header_cells(const char *path, size_t line, char *s, char **cells,
                                  size_t *n, hf_diag *diag)
{
    *n = split_line(s, '\t', cells, LVM_MAX_CELLS);
    if (*n == 1 && strchr(s, ',') != NULL)
        *n = split_line(s, ',', cells, LVM_MAX_CELLS);
    if (*n > LVM_MAX_CELLS)
        return hf_diag_set(diag, HF_ERANGE, "%s:%zu: more than %d cells", path, line,
                           LVM_MAX_CELLS);
    return HF_OK;
}

static hf_status lvm_separator(const char *path, size_t line, const char *value, lvm *h,
                               hf_diag *diag)
{
    if (strcmp(value, "Tab") != 0 && strcmp(value, "Comma") != 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: separator '%s' (accepted: Tab, Comma)",
                           path, line, value);
    h->sep = value[0] == 'T' ? '\t' : ',';
    return HF_OK;
}

static hf_status lvm_decimal(const char *path, size_t line, const char *value, lvm *h,
                             hf_diag *diag)
{
    if (strcmp(value, ".") != 0 && strcmp(value, ",") != 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: decimal separator '%s' (accepted: '.', "
                           "',')", path, line, value);
    h->decimal = value[0];
    return HF_OK;
}

/* X0 or Delta_X (KEY) of the segment header, in the decimal mark read so far. */
static hf_status lvm_x_axis(const char *path, size_t line, const char *key, const char *value,
                            lvm *h, hf_diag *diag)
{
    double v = NAN;
    if (!(h->decimal == ',' ? decimal_comma(value, &v)
                            : hf_parse_double(value, &v, NULL) == HF_OK))
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: %s '%s' is not a number", path, line, key,
                           value);
    *(key[0] == 'X' ? &h->x0 : &h->dx) = v;
    return HF_OK;
}

/* One header line's key CELLS[0] and its values into H; keys hertzfit
 * does not use are passed over. */
static hf_status lvm_header_key(const char *path, size_t line, char **cells, size_t n, lvm *h,
                                hf_diag *diag)
{
    const char *key = cells[0];
    if (strcmp(key, "Y_Unit_Label") == 0) {
        h->nunits = n - 1;
        for (size_t k = 1; k < n; ++k)
            h->unit[k - 1] = cells[k];
        return HF_OK;
    }
    if (n < 2)
        return HF_OK;
    if (strcmp(key, "Separator") == 0)
        return lvm_separator(path, line, cells[1], h, diag);
    if (strcmp(key, "Decimal_Separator") == 0)
        return lvm_decimal(path, line, cells[1], h, diag);
    if (strcmp(key, "X0") == 0 || strcmp(key, "Delta_X") == 0)
        return lvm_x_axis(path, line, key, cells[1], h, diag);
    return HF_OK;
}

/* The column names: the first line after the segment header that is not
 * blank; the Comment column LabVIEW appends holds no samples. */
static hf_status lvm_column_names(const char *path, char *text, size_t length, size_t *pos,
                                  size_t *line, lvm *h, hf_diag *diag)
{
    char *s;
    while ((s = next_line(text, length, pos, line)) != NULL && s[0] == '\0')
        ;
    if (s == NULL)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: no column names and no data after the "
                           "segment header", path, *line);
    h->names_line = *line;
    h->ncols = split_line(s, h->sep, h->names, LVM_MAX_CELLS);
    if (h->ncols > LVM_MAX_CELLS)
        return hf_diag_set(diag, HF_ERANGE, "%s:%zu: more than %d columns", path, *line,
                           LVM_MAX_CELLS);
    if (h->ncols > 1 && strcmp(h->names[h->ncols - 1], "Comment") == 0)
        --h->ncols;
    return HF_OK;
}

static hf_status lvm_headers(const char *path, char *text, size_t length, size_t *pos,
                             size_t *line, lvm *h, hf_diag *diag)
{
    char *cells[LVM_MAX_CELLS + 1];
    char *s = next_line(text, length, pos, line);
    if (s == NULL || strncmp(s, "LabVIEW Measurement", 19) != 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:1: not a LabVIEW measurement file (the "
                           "first line of an .lvm file is 'LabVIEW Measurement'; the binary "
                           "form is not read)", path);
    h->sep = '\t';
    h->decimal = '.';
    h->x0 = h->dx = NAN;
    int ends = 0;
    hf_status st = HF_OK;
    while (st == HF_OK && ends < 2 && (s = next_line(text, length, pos, line)) != NULL) {
        size_t n = 0;
        st = lvm_header_cells(path, *line, s, cells, &n, diag);
        if (st == HF_OK && strcmp(cells[0], LVM_END) == 0)
            ++ends;
        else if (st == HF_OK)
            st = lvm_header_key(path, *line, cells, n, h, diag);
    }
    if (st != HF_OK)
        return st;
    if (ends < 2)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: the file ends before its segment's "
                           "header does (a file header and a segment header, each ending "
                           "in %s, come before the data)", path, *line, LVM_END);
    if (h->sep == ',' && h->decimal == ',')
        return hf_diag_set(diag, HF_EPARSE, "%s: separator and decimal separator are both ','",
                           path);
    return lvm_column_names(path, text, length, pos, line, h, diag);
}

/* The data channels of H (columns other than X_Value) into chan[], their
 * columns; returns how many. */
static size_t lvm_channels(const lvm *h, size_t *chan)
{
    size_t n = 0;
    for (size_t j = 0; j < h->ncols; ++j)
        if (strcmp(h->names[j], "X_Value") != 0)
            chan[n++] = j;
    return n;
}

/* The index among the channels CHAN[0 .. nchan-1] of the force channel:
 * the one named by the format, or the only one. */
static hf_status lvm_force_channel(const names *nm, const lvm *h, const size_t *chan,
                                   size_t nchan, const char *requested, size_t *k,
                                   hf_diag *diag)
{
    char list[512];
    *k = 0;
    if (requested == NULL && nchan == 1)
        return HF_OK;
    if (requested != NULL) {
        while (*k < nchan && strcmp(h->names[chan[*k]], requested) != 0)
            ++*k;
        if (*k < nchan)
            return HF_OK;
    }
    hf_names_join(h->ncols, name_at, nm, list, sizeof list);
    if (requested == NULL)
        return hf_diag_set(diag, HF_ENOTFOUND, "%s:%zu: %zu channels (%s): name the force "
                           "channel (--force-column NAME)", nm->path, h->names_line, nchan,
                           list);
    return hf_diag_set(diag, HF_ENOTFOUND, "%s:%zu: no channel '%s' (the file has: %s)",
                       nm->path, h->names_line, requested, list);
}

/* The factor of the force channel's unit: the one given, or its
 * Y_Unit_Label (LABEL). */
static hf_status lvm_force_unit(const char *path, const char *channel, const char *label,
                                const char *given, double *ff, hf_diag *diag)
{
    if (given != NULL) {
        if (unit_factor(&FORCE, given, strlen(given), ff) <= 0)
            return hf_diag_set(diag, HF_EINVAL, "force unit '%s' is not one of %s", given,
                               FORCE.unit_list);
        return HF_OK;
    }
    if (unit_factor(&FORCE, label, strlen(label), ff) != 1)
        return hf_diag_set(diag, HF_EPARSE, "%s: channel '%s' has the unit label '%s' "
                           "(Y_Unit_Label; accepted: %s, or give the unit: --force-unit)",
                           path, channel, label, FORCE.unit_list);
    return HF_OK;
}

/* The time's column of an .lvm file: the one named, the X_Value column
 * before the force channel (seconds), or none (-1: X0 + k Delta_X, or
 * sample numbers with a rate). */
static hf_status lvm_time_column(const names *nm, const lvm *h,
                                 const hf_maxwell_trace_format *f, size_t fcol, long *tcol,
                                 double *tf, hf_diag *diag)
{
    *tcol = -1;
    *tf = 1.0;
    if (f->time_column != NULL) {
        size_t j = 0;
        hf_status st = find_column(nm, &TIME, f->time_column, f->time_unit, f->rate > 0.0, &j,
                                   tf, diag);
        *tcol = (long)j;
        return st;
    }
    if (f->rate > 0.0)
        return HF_OK;
    for (size_t j = fcol; j-- > 0;)
        if (strcmp(h->names[j], "X_Value") == 0) {
            *tcol = (long)j;
            return HF_OK;
        }
    if (!(isfinite(h->x0) && isfinite(h->dx) && h->dx > 0.0))
        return hf_diag_set(diag, HF_EPARSE, "%s: no X_Value column and no X0 and Delta_X > 0 "
                           "in the segment header: no times (or give --rate HZ)", nm->path);
    return HF_OK;
}

/* The force channel's column and unit, and the time's column (or none:
 * X0 + k Delta_X) of an .lvm file. */
static hf_status lvm_columns(const char *path, const lvm *h, const hf_maxwell_trace_format *f,
                             size_t *fcol, double *ff, long *tcol, double *tf, hf_diag *diag)
{
    size_t chan[LVM_MAX_CELLS], nchan = lvm_channels(h, chan), k = 0;
    names nm = {path, h->names_line, "column", h->ncols, (const char **)h->names};
    hf_status st = lvm_force_channel(&nm, h, chan, nchan, f->force_column, &k, diag);
    if (st != HF_OK)
        return st;
    *fcol = chan[k];
    st = lvm_force_unit(path, h->names[*fcol], k < h->nunits ? h->unit[k] : "", f->force_unit,
                        ff, diag);
    if (st != HF_OK)
        return st;
    return lvm_time_column(&nm, h, f, *fcol, tcol, tf, diag);
}

/* Cell C of column COL in the file's decimal mark. */
static hf_status lvm_number(const char *path, size_t line, const lvm *h, size_t col,
                            const char *c, double *v, hf_diag *diag)
{
    int ok = h->decimal == ',' ? decimal_comma(c, v) : hf_parse_double(c, v, NULL) == HF_OK;
    if (ok)
        return HF_OK;
    return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: column '%s': '%.80s' is not a number "
                       "(decimal mark '%c')", path, line, col + 1, h->names[col], c, h->decimal);
}

/* Data line S: its force (v[0]) and time column's value (v[1], the force
 * again when there is no time column).  A second segment is refused. */
static hf_status lvm_data_line(const char *path, size_t line, char *s, const lvm *h,
                               size_t fcol, long tcol, double v[2], hf_diag *diag)
{
    char *cells[LVM_MAX_CELLS + 1];
    if (strncmp(s, LVM_END, sizeof LVM_END - 1) == 0 || strncmp(s, "Channels", 8) == 0)
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: a second segment: hertzfit reads one "
                           "segment (one drop) per .lvm file", path, line);
    size_t nc = split_line(s, h->sep, cells, LVM_MAX_CELLS);
    if (nc > LVM_MAX_CELLS || nc <= fcol || (tcol >= 0 && nc <= (size_t)tcol))
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu: %zu cells where the column names (line "
                           "%zu) have %zu", path, line, nc, h->names_line, h->ncols);
    size_t want[2] = {fcol, tcol >= 0 ? (size_t)tcol : fcol};
    hf_status st = HF_OK;
    for (int q = 0; q < 2 && st == HF_OK; ++q)
        st = lvm_number(path, line, h, want[q], cells[want[q]], &v[q], diag);
    return st;
}

/* The lines from POS on: the arrays are sized once. */
static size_t count_lines(const char *text, size_t length, size_t pos)
{
    size_t n = 0;
    for (size_t p = pos; p < length; ++p)
        n += text[p] == '\n' || (p + 1 == length);
    return n;
}

/* The data lines from *POS into R (allocated to the lines left), times
 * from the time column, the sample numbers (with a rate) or X0 + k Delta_X. */
static hf_status lvm_data(const char *path, char *text, size_t length, size_t *pos,
                          size_t *line, const lvm *h, const hf_maxwell_trace_format *f,
                          size_t fcol, long tcol, raw *r, hf_diag *diag)
{
    hf_status st = raw_alloc(r, path, count_lines(text, length, *pos), 1, 1, diag);
    size_t k = 0;
    char *s;
    while (st == HF_OK && (s = next_line(text, length, pos, line)) != NULL) {
        double v[2];
        if (s[0] == '\0')
            continue;
        st = lvm_data_line(path, *line, s, h, fcol, tcol, v, diag);
        if (st != HF_OK)
            break;
        r->F[k] = v[0];
        r->t[k] = tcol >= 0 ? v[1] : (f->rate > 0.0 ? (double)k : h->x0 + (double)k * h->dx);
        r->line[k++] = *line;
    }
    if (st != HF_OK)
        return st;
    r->n = k;
    r->tcol = tcol >= 0 ? (size_t)tcol : 0;
    r->tname = tcol >= 0 ? h->names[tcol] : "X0 + k Delta_X";
    if (k < HF_MAXWELL_TRACE_MIN_SAMPLES)
        return hf_diag_set(diag, HF_EINVAL, "%s: %zu samples; a trace needs at least %d", path,
                           k, HF_MAXWELL_TRACE_MIN_SAMPLES);
    return HF_OK;
}

static hf_status read_lvm(const char *path, const hf_maxwell_trace_format *f,
                          hf_maxwell_trace *trace, hf_diag *diag)
{
    char *text = NULL; /* freed below */
    size_t length = 0, pos = 0, line = 0;
    hf_status st = hf_file_read(path, 0, &text, &length, diag);
    if (st != HF_OK)
        return st;
    lvm h;
    memset(&h, 0, sizeof h);
    st = lvm_headers(path, text, length, &pos, &line, &h, diag);
    if (st == HF_OK && f->decimal == ',')
        h.decimal = ',';
    size_t fcol = 0;
    long tcol = -1;
    double tf = 1.0, ff = 1.0;
    if (st == HF_OK)
        st = lvm_columns(path, &h, f, &fcol, &ff, &tcol, &tf, diag);
    raw r = {0};
    if (st == HF_OK)
        st = lvm_data(path, text, length, &pos, &line, &h, f, fcol, tcol, &r, diag);
    if (st == HF_OK)
        st = to_trace(path, &r, tf, ff, f->rate, trace, diag);
    raw_free(&r);
    free(text);
    return st;
}

/* ---- text files counted before they are read -------------------------- */

/* Counts the records of a text file line by line, as its reader meets
 * them: a line holding only blanks is none, nor (CSV) a '#' comment line;
 * in an .lvm file only the lines after the segment header's end count. */
typedef struct line_count {
    int lvm;
    char head[sizeof LVM_END];  /* the line's first characters after blanks */
    size_t len;                 /* how many of them (up to sizeof head - 1) */
    int ends;                   /* LVM_END lines met */
    size_t records;
} line_count;

static void line_end(line_count *c)
{
    c->head[c->len] = '\0';
    int record = c->len > 0 && (c->lvm || c->head[0] != '#');
    if (record && c->lvm && c->ends < 2)
        c->ends += strncmp(c->head, LVM_END, sizeof LVM_END - 1) == 0;
    else if (record)
        ++c->records;
    c->len = 0;
}

static void count_bytes(line_count *c, const char *buf, size_t n, int *in_line)
{
    for (size_t k = 0; k < n; ++k) {
        char ch = buf[k];
        if (ch == '\n' || ch == '\r') {
            if (*in_line)
                line_end(c);
            *in_line = 0;
        } else if (ch != ' ' && ch != '\t') {
            *in_line = 1;
            if (c->len < sizeof c->head - 1)
                c->head[c->len++] = ch;
        } else if (c->len > 0 && c->len < sizeof c->head - 1) {
            c->head[c->len++] = ch;
        }
    }
}

/* The samples a CSV or (LVM) .lvm file can hold: its records less the
 * header (the column names), read in blocks and never parsed.  An upper
 * bound: a quoted cell over several lines counts each.  A pipe or a
 * device is not counted (0: reading it would consume it); its reader
 * bounds it as it reads. */
static hf_status count_text(const char *path, int lvm, size_t *count, hf_diag *diag)
{
    /* O_NONBLOCK: opening a FIFO that has no writer must not hang */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* closed below */
    if (fd < 0)
        return hf_diag_set(diag, HF_EIO, "%s: cannot open: %s", path, strerror(errno));
    struct stat info;
    line_count c;
    memset(&c, 0, sizeof c);
    c.lvm = lvm;
    int in_line = 0, regular = fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
    /* the readers' own first limit, before a byte is counted (a sparse
     * file of gigabytes would otherwise be read through) */
    if (regular && (unsigned long long)info.st_size > (unsigned long long)HF_FILE_MAX_BYTES) {
        close(fd);
        return hf_diag_set(diag, HF_ERANGE, "%s: %lld bytes, more than the %zu bytes a file "
                           "read whole may have", path, (long long)info.st_size,
                           HF_FILE_MAX_BYTES);
    }
    char buf[1 << 16];
    ssize_t n = 0;
    while (regular && ((n = read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR)))
        count_bytes(&c, buf, n > 0 ? (size_t)n : 0, &in_line);
    int error = n < 0 ? errno : 0;
    close(fd);
    if (error != 0)
        return hf_diag_set(diag, HF_EIO, "%s: cannot read: %s", path, strerror(error));
    if (in_line)
        line_end(&c);
    *count = c.records > 0 ? c.records - 1 : 0;
    return HF_OK;
}

/* ---- named vectors: .mat and HDF5 ----------------------------------------- */

/* A file of named numeric vectors: its names (for the defaults and the
 * messages) and a reader of one vector by name. */
typedef struct vectors {
    names nm;
    hf_status (*read)(struct vectors *v, const char *name, double **out, size_t *n,
                      hf_diag *diag);
    void *handle;
    int count_only;     /* read only the sizes (no values: *out stays NULL) */
} vectors;

static void names_free(names *nm)
{
    for (size_t j = 0; j < nm->n; ++j)
        free((char *)nm->name[j]);
    free(nm->name);
    nm->name = NULL;
    nm->n = 0;
}

static hf_status names_add(names *nm, const char *name, hf_diag *diag)
{
    const char **grown = realloc(nm->name, sizeof *grown * (nm->n + 1)); /* owned by nm */
    if (grown == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", nm->path);
    nm->name = grown;
    if ((nm->name[nm->n] = hf_strdup(name)) == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", nm->path);
    ++nm->n;
    return HF_OK;
}

/* The vector of Q: the one named REQUESTED (read first: a missing one is
 * named before its unit is asked for) or the default form, into *values
 * and *n, its name into *name and its unit's factor into *factor. */
static hf_status read_quantity(vectors *v, const quantity *q, const char *requested,
                               const char *unit_given, int sample_numbers, double **values,
                               size_t *n, const char **name, double *factor, hf_diag *diag)
{
    size_t col = 0;
    hf_status st;
    *factor = 1.0;
    if (requested != NULL) {
        names one = v->nm;
        one.n = 1;
        one.name = &requested;
        *name = requested;
        st = v->read(v, requested, values, n, diag);
        if (st == HF_OK && !sample_numbers)
            st = named_unit(&one, 0, q, unit_given, factor, diag);
    } else {
        st = find_column(&v->nm, q, NULL, unit_given, 0, &col, factor, diag);
        *name = st == HF_OK ? v->nm.name[col] : NULL;
        if (st == HF_OK)
            st = v->read(v, *name, values, n, diag);
    }
    return st;
}

/* The trace in V into *trace, or (V counting only) the number of its
 * samples into *count: the declared size of its force vector, named and
 * checked against the time's as for reading. */
static hf_status read_vectors(vectors *v, const hf_maxwell_trace_format *f,
                              hf_maxwell_trace *trace, size_t *count, hf_diag *diag)
{
    const char *path = v->nm.path;
    int times = !(f->rate > 0.0) || f->time_column != NULL;
    double tf = 1.0, ff = 1.0;
    const char *tname = NULL, *fname = NULL;
    raw r = {0};
    size_t nt = 0, nf = 0;
    hf_status st = HF_OK;
    if (times)
        st = read_quantity(v, &TIME, f->time_column, f->time_unit, f->rate > 0.0, &r.t, &nt,
                           &tname, &tf, diag);
    if (st == HF_OK)
        st = read_quantity(v, &FORCE, f->force_column, f->force_unit, 0, &r.F, &nf, &fname,
                           &ff, diag);
    if (st == HF_OK && times && nt != nf)
        st = hf_diag_set(diag, HF_EPARSE, "%s: %s '%s' has %zu values and %s '%s' %zu: a "
                         "time for every force sample", path, v->nm.kind, tname, nt,
                         v->nm.kind, fname, nf);
    if (v->count_only) {
        *count = nf;
        return st;
    }
    r.n = nf;
    r.tname = tname;
    if (st == HF_OK && nf < HF_MAXWELL_TRACE_MIN_SAMPLES)
        st = hf_diag_set(diag, HF_EINVAL, "%s: %zu samples; a trace needs at least %d", path,
                         nf, HF_MAXWELL_TRACE_MIN_SAMPLES);
    if (st == HF_OK)
        st = to_trace(path, &r, tf, ff, f->rate, trace, diag);
    raw_free(&r);
    return st;
}

/* A vector of COUNT values, checked against the limit, allocated. */
static hf_status vector_alloc(const char *path, const char *name, size_t count, double **out,
                              hf_diag *diag)
{
    if (count > HF_MAXWELL_TRACE_MAX_SAMPLES)
        return hf_diag_set(diag, HF_ERANGE, "%s: '%s' holds %zu values, over the %d a trace "
                           "may have", path, name, count, HF_MAXWELL_TRACE_MAX_SAMPLES);
    *out = malloc(sizeof(double) * (count ? count : 1)); /* the caller's */
    if (*out == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    return HF_OK;
}

/* OUT[0 .. count-1] all finite, or HF_EDOM naming the first that is not
 * (OUT freed and NULL then). */
static hf_status vector_finite(const vectors *v, const char *name, double **out, size_t count,
                               hf_diag *diag)
{
    for (size_t k = 0; k < count; ++k)
        if (!isfinite((*out)[k])) {
            hf_status st = hf_diag_set(diag, HF_EDOM, "%s: %s '%s', element %zu: %g is not "
                                       "finite", v->nm.path, v->nm.kind, name, k + 1,
                                       (*out)[k]);
            free(*out);
            *out = NULL;
            return st;
        }
    return HF_OK;
}

/* MATLAB variable VAR of the file, or its field FIELD when not NULL, into
 * *whole (the variable, the caller's) and *x (the vector in it). */
static hf_status mat_variable(vectors *v, const char *var, const char *field, matvar_t **whole,
                              matvar_t **x, hf_diag *diag)
{
    const char *path = v->nm.path;
    *whole = *x = v->count_only ? Mat_VarReadInfo((mat_t *)v->handle, var)
                                : Mat_VarRead((mat_t *)v->handle, var);
    if (*whole == NULL) {
        char list[512];
        hf_names_join(v->nm.n, name_at, &v->nm, list, sizeof list);
        return hf_diag_set(diag, HF_ENOTFOUND, "%s: no variable '%s' (the file has: %s)", path,
                           var, list);
    }
    if (field == NULL)
        return HF_OK;
    *x = (*whole)->class_type == MAT_C_STRUCT ? Mat_VarGetStructFieldByName(*whole, field, 0)
                                              : NULL;
    if (*x == NULL)
        return hf_diag_set(diag, HF_ENOTFOUND, "%s: variable '%s' is no struct with a field "
                           "'%s'", path, var, field);
    return HF_OK;
}

/* X a real vector of doubles or singles (its values read unless
 * INFO_ONLY): its length into *count. */
static hf_status mat_vector(const char *path, const char *name, const matvar_t *x,
                            int info_only, size_t *count, hf_diag *diag)
{
    int vector = x->rank == 2 && (x->dims[0] == 1 || x->dims[1] == 1);
    int real = !x->isComplex && (x->class_type == MAT_C_DOUBLE || x->class_type == MAT_C_SINGLE);
    *count = vector ? x->dims[0] * x->dims[1] : 0;
    if (!vector || !real || (x->data == NULL && !info_only))
        return hf_diag_set(diag, HF_EPARSE, "%s: variable '%s' is not a real vector of "
                           "doubles or singles (accepted: a 1-by-n or n-by-1 double or single "
                           "array)", path, name);
    return HF_OK;
}

/* MATLAB: variable NAME, or field F of struct S for "S.F"; a real double
 * or single vector. */
static hf_status mat_read(vectors *v, const char *name, double **out, size_t *n, hf_diag *diag)
{
    const char *path = v->nm.path;
    char var[256];
    if (strlen(name) >= sizeof var)
        return hf_diag_set(diag, HF_ERANGE, "%s: variable name '%.40s...' too long", path, name);
    strcpy(var, name);
    char *field = strchr(var, '.');
    if (field != NULL)
        *field++ = '\0';
    matvar_t *whole = NULL, *x = NULL; /* whole freed below */
    size_t count = 0;
    hf_status st = mat_variable(v, var, field, &whole, &x, diag);
    if (st == HF_OK)
        st = mat_vector(path, name, x, v->count_only, &count, diag);
    if (v->count_only) {
        *out = NULL;
        *n = count;
        Mat_VarFree(whole);
        return st;
    }
    if (st == HF_OK)
        st = vector_alloc(path, name, count, out, diag);
    for (size_t k = 0; st == HF_OK && k < count; ++k)
        (*out)[k] = x->class_type == MAT_C_DOUBLE ? ((const double *)x->data)[k]
                                                  : (double)((const float *)x->data)[k];
    if (st == HF_OK)
        st = vector_finite(v, name, out, count, diag);
    *n = count;
    Mat_VarFree(whole);
    return st;
}

static hf_status read_mat(const char *path, const hf_maxwell_trace_format *f,
                          hf_maxwell_trace *trace, size_t *count, hf_diag *diag)
{
    mat_t *mat = Mat_Open(path, MAT_ACC_RDONLY); /* closed below */
    if (mat == NULL)
        return hf_diag_set(diag, HF_EIO, "%s: cannot be read as a MATLAB .mat file (Octave: "
                           "save -mat7-binary FILE t_s F_N)", path);
    vectors v = {{path, 0, "variable", 0, NULL}, mat_read, mat, count != NULL};
    hf_status st = HF_OK;
    matvar_t *info;
    while (st == HF_OK && (info = Mat_VarReadNextInfo(mat)) != NULL) {
        if (info->name != NULL)
            st = names_add(&v.nm, info->name, diag);
        Mat_VarFree(info);
    }
    if (st == HF_OK)
        st = read_vectors(&v, f, trace, count, diag);
    names_free(&v.nm);
    Mat_Close(mat);
    return st;
}

/* Dataset DS a numeric vector (n or n×1): its length into *count. */
static hf_status h5_vector(const char *path, const char *name, hid_t ds, size_t *count,
                           hf_diag *diag)
{
    hid_t space = H5Dget_space(ds), type = H5Dget_type(ds);
    H5T_class_t cls = H5Tget_class(type);
    int rank = space >= 0 ? H5Sget_simple_extent_ndims(space) : -1;
    hsize_t dims[2] = {0, 0};
    if (rank >= 1 && rank <= 2)
        H5Sget_simple_extent_dims(space, dims, NULL);
    H5Tclose(type);
    H5Sclose(space);
    int numeric = cls == H5T_FLOAT || cls == H5T_INTEGER;
    int vector = rank == 1 || (rank == 2 && (dims[1] == 1 || dims[0] == 1));
    *count = (size_t)dims[0] * (size_t)(rank == 2 ? dims[1] : 1);
    if (!numeric || !vector)
        return hf_diag_set(diag, HF_EPARSE, "%s: dataset '%s' is not a numeric vector "
                           "(accepted: integers or floating point, n or n-by-1)", path, name);
    return HF_OK;
}

/* HDF5: dataset NAME (a path: "/drop1/t"), an integer or floating-point
 * vector (n or n×1), converted to double by the library. */
static hf_status h5_read(vectors *v, const char *name, double **out, size_t *n, hf_diag *diag)
{
    const char *path = v->nm.path;
    hid_t file = *(const hid_t *)v->handle;
    hid_t ds = H5Lexists(file, name, H5P_DEFAULT) > 0 ? H5Dopen2(file, name, H5P_DEFAULT)
                                                       : H5I_INVALID_HID;
    if (ds < 0) {
        char list[512];
        hf_names_join(v->nm.n, name_at, &v->nm, list, sizeof list);
        return hf_diag_set(diag, HF_ENOTFOUND, "%s: no dataset '%s' (the root group has: %s)",
                           path, name, list);
    }
    size_t count = 0;
    hf_status st = h5_vector(path, name, ds, &count, diag);
    if (v->count_only) {
        *out = NULL;
        *n = count;
        H5Dclose(ds);
        return st;
    }
    if (st == HF_OK)
        st = vector_alloc(path, name, count, out, diag);
    if (st == HF_OK &&
        H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, *out) < 0) {
        st = hf_diag_set(diag, HF_EIO, "%s: dataset '%s' could not be read", path, name);
        free(*out);
        *out = NULL;
    }
    if (st == HF_OK)
        st = vector_finite(v, name, out, count, diag);
    *n = count;
    H5Dclose(ds);
    return st;
}

static hf_status read_hdf5(const char *path, const hf_maxwell_trace_format *f,
                           hf_maxwell_trace *trace, size_t *count, hf_diag *diag)
{
    /* the library's own error stack printing off: the message is ours */
    H5E_auto2_t old_func;
    void *old_data;
    H5Eget_auto2(H5E_DEFAULT, &old_func, &old_data);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT); /* closed below */
    hf_status st = HF_OK;
    if (file < 0)
        st = hf_diag_set(diag, HF_EIO, "%s: cannot be read as an HDF5 file", path);
    vectors v = {{path, 0, "dataset", 0, NULL}, h5_read, &file, count != NULL};
    H5G_info_t info;
    memset(&info, 0, sizeof info);
    if (st == HF_OK && H5Gget_info(file, &info) < 0)
        st = hf_diag_set(diag, HF_EIO, "%s: the root group cannot be read", path);
    for (hsize_t k = 0; st == HF_OK && k < info.nlinks; ++k) {
        char name[256];
        ssize_t len = H5Lget_name_by_idx(file, "/", H5_INDEX_NAME, H5_ITER_INC, k, name,
                                         sizeof name, H5P_DEFAULT);
        if (len > 0 && (size_t)len < sizeof name)
            st = names_add(&v.nm, name, diag);
    }
    if (st == HF_OK)
        st = read_vectors(&v, f, trace, count, diag);
    names_free(&v.nm);
    if (file >= 0)
        H5Fclose(file);
    H5Eset_auto2(H5E_DEFAULT, old_func, old_data);
    return st;
}

/* ---- the one entry --------------------------------------------------------- */

static int has_extension(const char *path, const char *ext)
{
    size_t n = strlen(path), e = strlen(ext);
    return n > e && same_letters(path + n - e, ext, e);
}

/* The trace file PATH read (COUNT NULL) or its samples counted; FORMAT
 * checked, its defaults when NULL. */
static hf_status read_or_count(const char *path, const hf_maxwell_trace_format *format,
                               hf_maxwell_trace *trace, size_t *count, hf_diag *diag)
{
    hf_maxwell_trace_format f;
    hf_maxwell_trace_format_init(&f);
    if (format != NULL)
        f = *format;
    hf_status st = check_format(path, &f, diag);
    if (st != HF_OK)
        return st;
    int lvm = has_extension(path, ".lvm");
    if (has_extension(path, ".mat"))
        return read_mat(path, &f, trace, count, diag);
    if (has_extension(path, ".h5") || has_extension(path, ".hdf5"))
        return read_hdf5(path, &f, trace, count, diag);
    if (count != NULL)
        return count_text(path, lvm, count, diag);
    return lvm ? read_lvm(path, &f, trace, diag) : read_csv(path, &f, trace, diag);
}

hf_status hf_maxwell_trace_read_file(const char *path, const hf_maxwell_trace_format *format,
                                     hf_maxwell_trace *trace, hf_diag *diag)
{
    memset(trace, 0, sizeof *trace);
    hf_status st = read_or_count(path, format, trace, NULL, diag);
    if (st != HF_OK) {
        free(trace->t);
        free(trace->F);
        free(trace->path);
        memset(trace, 0, sizeof *trace);
    }
    return st;
}

hf_status hf_maxwell_trace_count_file(const char *path, const hf_maxwell_trace_format *format,
                                      size_t *samples, hf_diag *diag)
{
    *samples = 0;
    return read_or_count(path, format, NULL, samples, diag);
}

/* ---- traces from arrays ---------------------------------------------------- */

/* Samples T and F of trace I (N of them): finite, times strictly increasing. */
static hf_status check_samples(size_t i, size_t n, const double *t, const double *F,
                               hf_diag *diag)
{
    if (n < HF_MAXWELL_TRACE_MIN_SAMPLES || n > HF_MAXWELL_TRACE_MAX_SAMPLES)
        return hf_diag_set(diag, n < HF_MAXWELL_TRACE_MIN_SAMPLES ? HF_EINVAL : HF_ERANGE,
                           "trace %zu: %zu samples; a trace has %d to %d", i + 1, n,
                           HF_MAXWELL_TRACE_MIN_SAMPLES, HF_MAXWELL_TRACE_MAX_SAMPLES);
    for (size_t k = 0; k < n; ++k) {
        if (!isfinite(t[k]) || !isfinite(F[k]))
            return hf_diag_set(diag, HF_EDOM, "trace %zu: sample %zu: t = %g s, F = %g N is not "
                               "finite", i + 1, k + 1, t[k], F[k]);
        if (k > 0 && !(t[k] > t[k - 1]))
            return hf_diag_set(diag, HF_EDOM, "trace %zu: sample %zu: time %.10g s is not after "
                               "the previous sample's %.10g; times must be strictly increasing",
                               i + 1, k + 1, t[k], t[k - 1]);
    }
    return HF_OK;
}

hf_status hf_maxwell_data_set_trace(hf_maxwell_data *data, size_t i, size_t n, const double *t,
                                    const double *F, hf_diag *diag)
{
    if (data == NULL || i >= data->n || t == NULL || F == NULL)
        return hf_diag_set(diag, HF_EINVAL, "trace %zu: no data, no such test or no arrays",
                           i + 1);
    hf_status st = check_samples(i, n, t, F, diag);
    if (st != HF_OK)
        return st;
    if (data->trace == NULL && (data->trace = calloc(data->n, sizeof *data->trace)) == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for %zu traces", data->n);
    double *tc = malloc(sizeof(double) * n), *Fc = malloc(sizeof(double) * n); /* to data */
    if (tc == NULL || Fc == NULL) {
        free(tc);
        free(Fc);
        return hf_diag_set(diag, HF_ENOMEM, "trace %zu: out of memory for %zu samples", i + 1, n);
    }
    memcpy(tc, t, sizeof(double) * n);
    memcpy(Fc, F, sizeof(double) * n);
    hf_maxwell_trace *tr = &data->trace[i];
    free(tr->t);
    free(tr->F);
    free(tr->path);
    *tr = (hf_maxwell_trace){n, tc, Fc, NULL};
    return HF_OK;
}
