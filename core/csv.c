/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/csv.c — the CSV reader of core/csv.h and the number parsers.
 *
 * The file is read whole (hf_file_read, which bounds its size) and parsed
 * in place: a quoted cell loses its quotes and doubled quotes, so its text
 * is never longer than what it was written as, and every cell's text is
 * written back, NUL-terminated, at or before where it was read.  A table
 * is then the buffer, one 32-bit offset per cell and one line number per
 * row, however many cells it has.
 *
 * The limits are checked while parsing, the header first: a line stops
 * being read at the cell past the limit, so an oversized header costs what
 * reading a thousand cells costs, never what it would take to size a table
 * from it.
 */
#include "core/csv.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/file.h"

#include "core/strdup.h"

struct hf_csv {
    char *path;        /* owned copy */
    char *buffer;      /* owned: file text, cells NUL-terminated inside it */
    uint32_t *cells;   /* owned: (nrows + 1) * ncols offsets into buffer, header first */
    size_t *lines;     /* owned: physical line of the header, then of each data row */
    size_t ncols;
    size_t nrows;
    char separator;
};

void hf_csv_options_init(hf_csv_options *options)
{
    memset(options, 0, sizeof *options);
}

/* ---- messages ------------------------------------------------------------- */

/* TEXT as a message shows it: control characters (a line break of a
 * quoted cell) as '?', cut at 80 characters. */
static const char *shown(const char *text, char *buf, size_t size)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && n + 4 < size; ++p) {
        if (n == 80) {
            memcpy(buf + n, "...", 3);
            n += 3;
            break;
        }
        buf[n++] = (*p < 0x20 || *p == 0x7f) ? '?' : (char)*p;
    }
    buf[n] = '\0';
    return buf;
}

/* The hint for a ';'-separated file read with ',', when TEXT (a cell of
 * the header or the row in question) holds a ';'. */
static const char *separator_hint(const hf_csv *csv, const char *text)
{
    if (csv->separator == ',' && strchr(text, ';') != NULL)
        return " (the file looks ';'-separated, but was read with ',')";
    return "";
}

/* The hint for a decimal comma in a ';'-separated file. */
static const char *decimal_hint(const hf_csv *csv, const char *text)
{
    if (csv->separator != ',' && strchr(text, ',') != NULL)
        return " (a decimal comma? numbers are read with '.')";
    return "";
}

/* Line breaks in TEXT: "\r\n", "\n" and a lone "\r" count one each. */
static size_t line_breaks(const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p; ++p)
        n += *p == '\n' || (*p == '\r' && p[1] != '\n');
    return n;
}

static const char *cell_at(const hf_csv *csv, size_t record, size_t col)
{
    return csv->buffer + csv->cells[record * csv->ncols + col];
}

/* Physical line of cell COL of RECORD (0 = the header). */
static size_t cell_line(const hf_csv *csv, size_t record, size_t col)
{
    size_t line = csv->lines[record];
    for (size_t j = 0; j < col; ++j)
        line += line_breaks(cell_at(csv, record, j));
    return line;
}

/* ---- parsing -------------------------------------------------------------- */

typedef struct parser {
    hf_csv *csv;
    char *r;             /* where reading goes on */
    char *w;             /* where the next cell's text is written (w <= r) */
    size_t line;         /* physical line of r */
    char sep;
    size_t max_columns, max_cell, max_rows;
    uint32_t *rec;       /* the current record's cells (grown, owned) */
    size_t rec_cap;
    size_t rows_cap;     /* data rows the csv's arrays have room for */
} parser;

static int is_blank(char c, char sep)
{
    return c == ' ' || (c == '\t' && sep != '\t');
}

/* Moves past a line end at p->r ("\r\n", "\n" or "\r"), if there is one. */
static int take_line_end(parser *p)
{
    if (*p->r == '\n' || *p->r == '\r') {
        p->r += (p->r[0] == '\r' && p->r[1] == '\n') ? 2 : 1;
        ++p->line;
        return 1;
    }
    return 0;
}

/* Skips blank lines and '#' comment lines; 0 at the end of the text. */
static int next_record(parser *p)
{
    for (;;) {
        const char *s = p->r;
        while (*s == ' ' || *s == '\t')
            ++s;
        if (*s == '#') {
            s += strcspn(s, "\n\r");
            p->r = (char *)s;
            if (!take_line_end(p))
                return 0;
        } else if (*s == '\n' || *s == '\r') {
            p->r = (char *)s;
            take_line_end(p);
        } else {
            return *s != '\0';
        }
    }
}

/* The separator of the header line at p->r: the one of ',', ';' and tab
 * it holds most often outside quotes (',' first on a tie, ',' when it
 * holds none).  Counting stops once one of them passes the column limit:
 * that line is refused anyway. */
static char detect_separator(const parser *p)
{
    static const char candidates[3] = {',', ';', '\t'};
    size_t count[3] = {0, 0, 0};
    int quoted = 0;
    for (const char *s = p->r; *s; ++s) {
        if (*s == '"')
            quoted = !quoted;
        else if (!quoted && (*s == '\n' || *s == '\r'))
            break;
        else if (!quoted)
            for (int k = 0; k < 3; ++k)
                if (*s == candidates[k] && ++count[k] > p->max_columns + 1)
                    return candidates[k];
    }
    int best = 0;
    for (int k = 1; k < 3; ++k)
        if (count[k] > count[best])
            best = k;
    return candidates[best];
}

static hf_status too_long(const parser *p, size_t line, size_t col, hf_diag *diag)
{
    return hf_diag_set(diag, HF_ERANGE, "%s:%zu:%zu: a cell longer than %zu bytes (the limit)",
                       p->csv->path, line, col, p->max_cell);
}

/* A quoted cell from the opening quote at p->r: its text to p->w. */
static hf_status quoted_cell(parser *p, const char *start, size_t col, hf_diag *diag)
{
    size_t open_line = p->line;
    ++p->r;
    for (;;) {
        char c = *p->r;
        if (c == '\0')
            return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: the quote opened here is never "
                               "closed", p->csv->path, open_line, col);
        if (c == '"' && p->r[1] != '"') {
            ++p->r;
            break;
        }
        p->line += c == '\n' || (c == '\r' && p->r[1] != '\n');
        *p->w++ = c;
        p->r += c == '"' ? 2 : 1;   /* a doubled quote is one */
        if ((size_t)(p->w - start) > p->max_cell)
            return too_long(p, open_line, col, diag);
    }
    while (is_blank(*p->r, p->sep))
        ++p->r;
    char c = *p->r;
    if (c != p->sep && c != '\n' && c != '\r' && c != '\0') {
        char buf[96];
        *p->w = '\0';
        return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: text after the closing quote of "
                           "\"%s\"", p->csv->path, p->line, col, shown(start, buf, sizeof buf));
    }
    return HF_OK;
}

/* One cell (number COL, from 1) at p->r: its text NUL-terminated at p->w,
 * its offset into *offset; *quoted and *ends_record say how it was
 * written and whether the record ends after it. */
static hf_status parse_cell(parser *p, size_t col, uint32_t *offset, int *quoted,
                            int *ends_record, hf_diag *diag)
{
    while (is_blank(*p->r, p->sep))
        ++p->r;
    char *start = p->w;
    *quoted = *p->r == '"';
    if (*quoted) {
        hf_status st = quoted_cell(p, start, col, diag);
        if (st != HF_OK)
            return st;
    } else {
        /* the cell ends at the separator, a line end or the end of the
         * text (strcspn stops at the NUL) */
        const char ends[4] = {p->sep, '\n', '\r', '\0'};
        size_t len = strcspn(p->r, ends);
        if (len > p->max_cell)
            return too_long(p, p->line, col, diag);
        if (p->w != p->r)
            memmove(p->w, p->r, len);
        p->w += len;
        p->r += len;
        while (p->w > start && is_blank(p->w[-1], p->sep))
            --p->w;
    }
    /* read the terminator before writing the NUL: w may have reached it */
    *ends_record = *p->r != p->sep;
    if (!*ends_record)
        ++p->r;
    else
        take_line_end(p);
    *p->w++ = '\0';
    *offset = (uint32_t)(start - p->csv->buffer);
    return HF_OK;
}

/* The record at p->r into p->rec[0 .. *count-1], a trailing empty
 * unquoted cell dropped (*dropped = 1; it stays in p->rec[*count], for a
 * row whose last cell is empty where the header has a column there). */
static hf_status parse_record(parser *p, size_t *count, int *dropped, hf_diag *diag)
{
    size_t n = 0, line = p->line;
    int ends = 0, quoted = 0;
    while (!ends) {
        /* one more than the limit: it may be a trailing empty cell */
        if (n == p->max_columns + 1)
            return hf_diag_set(diag, HF_ERANGE, "%s:%zu: more than %zu cells in a line (the "
                               "limit)", p->csv->path, line, p->max_columns);
        if (n == p->rec_cap) {
            size_t cap = p->rec_cap ? 2 * p->rec_cap : 64;
            uint32_t *grown = realloc(p->rec, sizeof *grown * cap); /* owned by the parser */
            if (grown == NULL)
                return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", p->csv->path);
            p->rec = grown;
            p->rec_cap = cap;
        }
        hf_status st = parse_cell(p, n + 1, &p->rec[n], &quoted, &ends, diag);
        if (st != HF_OK)
            return st;
        ++n;
    }
    *dropped = n > 1 && !quoted && p->csv->buffer[p->rec[n - 1]] == '\0';
    n -= (size_t)*dropped;
    if (n > p->max_columns)
        return hf_diag_set(diag, HF_ERANGE, "%s:%zu: more than %zu cells in a line (the limit)",
                           p->csv->path, line, p->max_columns);
    *count = n;
    return HF_OK;
}

/* Room for one more data row (the one at LINE) in the table's arrays. */
static hf_status grow_rows(parser *p, size_t line, hf_diag *diag)
{
    hf_csv *csv = p->csv;
    if (csv->nrows == p->max_rows)
        return hf_diag_set(diag, HF_ERANGE, "%s:%zu: more than %zu data rows (the limit)",
                           csv->path, line, p->max_rows);
    if (csv->nrows < p->rows_cap)
        return HF_OK;
    size_t cap = p->rows_cap < p->max_rows / 2 ? 2 * p->rows_cap : p->max_rows;
    /* both owned by the table (hf_csv_free) */
    uint32_t *cells = realloc(csv->cells, sizeof *cells * (cap + 1) * csv->ncols);
    if (cells != NULL)
        csv->cells = cells;
    size_t *lines = realloc(csv->lines, sizeof *lines * (cap + 1));
    if (lines != NULL)
        csv->lines = lines;
    if (cells == NULL || lines == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", csv->path);
    p->rows_cap = cap;
    return HF_OK;
}

static const char *header_at(size_t index, const void *csv)
{
    return hf_csv_header(csv, index);
}

static hf_status parse_header(parser *p, hf_diag *diag)
{
    hf_csv *csv = p->csv;
    if (!next_record(p))
        return hf_diag_set(diag, HF_EPARSE, "%s: no header row (no line but blanks and "
                           "comments)", csv->path);
    if (p->sep == 0)
        p->sep = detect_separator(p);
    csv->separator = p->sep;
    size_t line = p->line, n = 0;
    int dropped = 0;
    hf_status st = parse_record(p, &n, &dropped, diag);
    if (st != HF_OK)
        return st;
    csv->ncols = n;
    p->rows_cap = 64;
    csv->cells = malloc(sizeof *csv->cells * (p->rows_cap + 1) * n); /* owned by the table */
    csv->lines = malloc(sizeof *csv->lines * (p->rows_cap + 1));     /* owned by the table */
    if (csv->cells == NULL || csv->lines == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", csv->path);
    memcpy(csv->cells, p->rec, sizeof *p->rec * n);
    csv->lines[0] = line;
    char a[96];
    for (size_t j = 0; j < n; ++j) {
        const char *name = hf_csv_header(csv, j);
        if (name[0] == '\0')
            return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: empty column name", csv->path,
                               cell_line(csv, 0, j), j + 1);
        for (size_t k = 0; k < j; ++k)
            if (strcmp(name, hf_csv_header(csv, k)) == 0)
                return hf_diag_set(diag, HF_EPARSE, "%s:%zu:%zu: column name '%s' again (as "
                                   "column %zu)", csv->path, cell_line(csv, 0, j), j + 1,
                                   shown(name, a, sizeof a), k + 1);
    }
    return HF_OK;
}

static hf_status parse_rows(parser *p, hf_diag *diag)
{
    hf_csv *csv = p->csv;
    while (next_record(p)) {
        size_t line = p->line, n = 0;
        int dropped = 0;
        hf_status st = parse_record(p, &n, &dropped, diag);
        /* "a,b," under a header "x,y,note": the last cell is empty, not absent */
        if (st == HF_OK && dropped && n + 1 == csv->ncols)
            ++n;
        if (st == HF_OK && n != csv->ncols) {
            /* the row's text, its cells joined again, for the hint */
            int semicolon = 0;
            for (size_t j = 0; j < n; ++j)
                semicolon |= strchr(csv->buffer + p->rec[j], ';') != NULL;
            st = hf_diag_set(diag, HF_EPARSE, "%s:%zu: %zu cells where the header (line %zu) "
                             "has %zu%s", csv->path, line, n, csv->lines[0], csv->ncols,
                             semicolon ? separator_hint(csv, ";") : "");
        }
        if (st == HF_OK)
            st = grow_rows(p, line, diag);
        if (st != HF_OK)
            return st;
        memcpy(csv->cells + (csv->nrows + 1) * csv->ncols, p->rec, sizeof *p->rec * n);
        csv->lines[++csv->nrows] = line;
    }
    return HF_OK;
}

static hf_status check_options(const hf_csv_options *o, const char *path, hf_diag *diag)
{
    if (o->separator != 0 && o->separator != ',' && o->separator != ';' &&
        o->separator != '\t')
        return hf_diag_set(diag, HF_EINVAL, "%s: separator '%c' is not ',', ';' or a tab",
                           path, o->separator);
    /* cells are 32-bit offsets into the text */
    if (o->max_bytes > UINT32_MAX - 1)
        return hf_diag_set(diag, HF_EINVAL, "%s: a size limit above %lu bytes", path,
                           (unsigned long)UINT32_MAX - 1);
    return HF_OK;
}

hf_status hf_csv_read(const char *path, const hf_csv_options *options, hf_csv **out,
                      hf_diag *diag)
{
    *out = NULL;
    hf_csv_options o;
    if (options != NULL)
        o = *options;
    else
        hf_csv_options_init(&o);
    if (path == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no file name given");
    hf_status st = check_options(&o, path, diag);
    if (st != HF_OK)
        return st;
    /* csv and its path/buffer/cells/lines are owned by the caller: hf_csv_free */
    hf_csv *csv = calloc(1, sizeof *csv);
    if (csv == NULL || (csv->path = hf_strdup(path)) == NULL) {
        free(csv);
        return hf_diag_set(diag, HF_ENOMEM, "%s: out of memory", path);
    }
    st = hf_file_read(path, o.max_bytes ? o.max_bytes : HF_CSV_MAX_BYTES, &csv->buffer, NULL,
                      diag);
    parser p = {csv, csv->buffer, csv->buffer, 1, o.separator,
                o.max_columns ? o.max_columns : HF_CSV_MAX_COLUMNS,
                o.max_cell_bytes ? o.max_cell_bytes : HF_CSV_MAX_CELL_BYTES,
                o.max_rows ? o.max_rows : HF_CSV_MAX_ROWS, NULL, 0, 0};
    if (st == HF_OK && strncmp(p.r, "\xEF\xBB\xBF", 3) == 0)   /* a UTF-8 byte-order mark */
        p.r = p.w = p.r + 3;
    if (st == HF_OK)
        st = parse_header(&p, diag);
    if (st == HF_OK)
        st = parse_rows(&p, diag);
    free(p.rec);
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

/* ---- the table ------------------------------------------------------------ */

const char *hf_csv_path(const hf_csv *csv) { return csv->path; }
char hf_csv_separator(const hf_csv *csv) { return csv->separator; }
size_t hf_csv_nrows(const hf_csv *csv) { return csv->nrows; }
size_t hf_csv_ncols(const hf_csv *csv) { return csv->ncols; }
const char *hf_csv_header(const hf_csv *csv, size_t col) { return cell_at(csv, 0, col); }
const char *hf_csv_cell(const hf_csv *csv, size_t row, size_t col)
{
    return cell_at(csv, row + 1, col);
}
size_t hf_csv_line(const hf_csv *csv, size_t row) { return csv->lines[row + 1]; }
size_t hf_csv_header_line(const hf_csv *csv) { return csv->lines[0]; }

long hf_csv_find(const hf_csv *csv, const char *name)
{
    for (size_t j = 0; j < csv->ncols; ++j)
        if (strcmp(hf_csv_header(csv, j), name) == 0)
            return (long)j;
    return -1;
}

hf_status hf_csv_require(const hf_csv *csv, const char *name, size_t *col, hf_diag *diag)
{
    long j = hf_csv_find(csv, name);
    if (j >= 0) {
        *col = (size_t)j;
        return HF_OK;
    }
    char names[512];
    hf_names_join(csv->ncols, header_at, csv, names, sizeof names);
    const char *hint = "";
    for (size_t k = 0; k < csv->ncols && *hint == '\0'; ++k)
        hint = separator_hint(csv, hf_csv_header(csv, k));
    return hf_diag_set(diag, HF_ENOTFOUND, "%s:%zu: no column '%s' (the header has: %s)%s",
                       csv->path, csv->lines[0], name, names, hint);
}

int hf_csv_is_missing(const hf_csv *csv, size_t row, size_t col)
{
    const char *text = hf_csv_cell(csv, row, col);
    return text[0] == '\0' || strcmp(text, "NA") == 0;
}

/* "PATH:LINE:COL: column 'NAME': " of a cell, into buf. */
static const char *where(const hf_csv *csv, size_t row, size_t col, char *buf, size_t size)
{
    char name[96];
    snprintf(buf, size, "%s:%zu:%zu: column '%s'", csv->path, cell_line(csv, row + 1, col),
             col + 1, shown(hf_csv_header(csv, col), name, sizeof name));
    return buf;
}

static hf_status missing(const hf_csv *csv, size_t row, size_t col, hf_diag *diag)
{
    char at[1024];
    return hf_diag_set(diag, HF_EMISSING, "%s: the value is missing (%s)",
                       where(csv, row, col, at, sizeof at),
                       hf_csv_cell(csv, row, col)[0] ? "NA" : "an empty cell");
}

static const char *number_problem(const char *text, double *value, hf_status *st);

hf_status hf_csv_number(const hf_csv *csv, size_t row, size_t col,
                        double *value, hf_diag *diag)
{
    if (hf_csv_is_missing(csv, row, col))
        return missing(csv, row, col, diag);
    const char *text = hf_csv_cell(csv, row, col);
    hf_status st = HF_OK;
    const char *problem = number_problem(text, value, &st);
    if (problem == NULL)
        return HF_OK;
    char at[1024], buf[96];
    const char *hint = *separator_hint(csv, text) ? separator_hint(csv, text)
                                                   : decimal_hint(csv, text);
    return hf_diag_set(diag, st, "%s: '%s' is %s%s", where(csv, row, col, at, sizeof at),
                       shown(text, buf, sizeof buf), problem, hint);
}

hf_status hf_csv_count(const hf_csv *csv, size_t row, size_t col,
                       unsigned long long *value, hf_diag *diag)
{
    if (hf_csv_is_missing(csv, row, col))
        return missing(csv, row, col, diag);
    const char *text = hf_csv_cell(csv, row, col);
    if (hf_parse_count(text, value, NULL) == HF_OK)
        return HF_OK;
    char at[1024], buf[96];
    return hf_diag_set(diag, HF_EPARSE, "%s: '%s' is not a count (a whole number >= 0)%s",
                       where(csv, row, col, at, sizeof at), shown(text, buf, sizeof buf),
                       separator_hint(csv, text));
}

hf_status hf_csv_column(const hf_csv *csv, const char *name, double *out,
                        hf_diag *diag)
{
    size_t col = 0;
    hf_status st = hf_csv_require(csv, name, &col, diag);
    for (size_t i = 0; st == HF_OK && i < csv->nrows; ++i)
        st = hf_csv_number(csv, i, col, &out[i], diag);
    return st;
}

/* ---- numbers -------------------------------------------------------------- */

/* TEXT as a number into *value; NULL, or why it is not one (the status
 * in *st): shared by hf_parse_double and hf_csv_number, which words the
 * place differently. */
static const char *number_problem(const char *text, double *value, hf_status *st)
{
    const char *s = text;
    while (isspace((unsigned char)*s))
        ++s;
    char *end = NULL;
    errno = 0;
    double v = *s ? strtod(s, &end) : 0.0;
    int underflow = errno == ERANGE && v == 0.0;
    while (end != NULL && isspace((unsigned char)*end))
        ++end;
    *st = HF_EPARSE;
    if (*s == '\0' || end == s || end == NULL || *end != '\0')
        return "not a number";
    /* strtod reads C99's hexadecimal floats (0x1p3); no data file or
     * option of hertzfit writes them, and a cell such as 0x10 read as 16
     * would be a silent surprise */
    if (strpbrk(s, "xX") != NULL)
        return "not a decimal number (hexadecimal is not read)";
    *st = HF_EDOM;
    if (!isfinite(v))
        return "not finite";
    /* a non-zero number too small for a double would be read as 0 and
     * reported later as "= 0", which the user never wrote */
    if (underflow)
        return "below the smallest double (it would be read as 0)";
    *st = HF_OK;
    *value = v;
    return NULL;
}

hf_status hf_parse_double(const char *text, double *value, hf_diag *diag)
{
    if (text == NULL)
        return hf_diag_set(diag, HF_EPARSE, "no number given");
    hf_status st = HF_OK;
    const char *problem = number_problem(text, value, &st);
    return problem == NULL ? HF_OK : hf_diag_set(diag, st, "'%s' is %s", text, problem);
}

/* TEXT as a decimal whole number (blanks around it allowed, no sign) into
 * *value; 0 when it is not one or exceeds 2^64 - 1. */
static int parse_whole(const char *text, unsigned long long *value)
{
    const char *s = text;
    while (isspace((unsigned char)*s))
        ++s;
    char *end = NULL;
    errno = 0;
    unsigned long long v = isdigit((unsigned char)*s) ? strtoull(s, &end, 10) : 0;
    while (end != NULL && isspace((unsigned char)*end))
        ++end;
    if (end == NULL || *end != '\0' || errno == ERANGE)
        return 0;
    *value = v;
    return 1;
}

hf_status hf_parse_count(const char *text, unsigned long long *value, hf_diag *diag)
{
    if (text == NULL)
        return hf_diag_set(diag, HF_EPARSE, "no count given");
    unsigned long long v = 0;
    if (!parse_whole(text, &v) || v >= (1ULL << 63))
        return hf_diag_set(diag, HF_EPARSE, "'%s' is not a count (a whole number from 0 "
                           "below 2^63)", text);
    *value = v;
    return HF_OK;
}

hf_status hf_parse_seed(const char *text, uint64_t *value, hf_diag *diag)
{
    if (text == NULL)
        return hf_diag_set(diag, HF_EPARSE, "no seed given");
    unsigned long long v = 0;
    if (!parse_whole(text, &v) || v > UINT64_MAX)
        return hf_diag_set(diag, HF_EPARSE, "'%s' is not a seed (a whole number from 0 to "
                           "2^64 - 1 = 18446744073709551615)", text);
    *value = (uint64_t)v;
    return HF_OK;
}
