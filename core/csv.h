/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/csv.h — the one reader of every table hertzfit reads (profile
 * tables, drop-test data, a campaign's runs.csv and trace.csv, trace files),
 * and the number parsers.
 *
 * What it reads: RFC 4180 CSV as labs and spreadsheets write it, with one
 * header row:
 *  - cells quoted with '"' may hold the separator, line breaks and doubled
 *    quotes ("a ""b""" is  a "b");
 *  - the separator is ',', ';' or a tab: detected from the header line (the
 *    one of the three it holds most often, outside quotes; ',' when it holds
 *    none), or given in hf_csv_options;
 *  - a UTF-8 byte-order mark, CRLF or CR line ends, a trailing separator at
 *    the end of lines (an empty last column);
 *  - blank lines and lines whose first non-blank character is '#' are
 *    skipped (outside a quoted cell);
 *  - unquoted cells are trimmed of blanks; quoted ones are kept as written;
 *  - an empty cell, or NA, is a missing value (hf_csv_is_missing), which
 *    the number reader reports as HF_EMISSING, apart from "not a number".
 * Every failure fills the hf_diag with "PATH:LINE:COLUMN: ..." naming the
 * header and the cell text: LINE is the physical line (1 for the first,
 * line breaks inside quoted cells counted), COLUMN the cell (from 1).
 *
 * Bounded.  A file over HF_CSV_MAX_BYTES, a line with more than
 * HF_CSV_MAX_COLUMNS cells, a cell longer than HF_CSV_MAX_CELL_BYTES or
 * more than HF_CSV_MAX_ROWS data rows is refused (HF_ERANGE, naming the
 * limit) before anything is sized from it: the header is checked first,
 * so a first line of 300,000 commas is refused after reading a thousand of
 * them.  Special files are refused as hf_file_read refuses them
 * (core/file.h).  Memory: the file's bytes plus 4 per cell.
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_diag diag = {{0}};
 * hf_csv *csv = NULL;
 * if (hf_csv_read("data/safaeifar2020_table2.csv", NULL, &csv, &diag) != HF_OK)
 *     return 1;
 * size_t col;
 * double rms;
 * hf_status st = hf_csv_require(csv, "rms_pct", &col, &diag);
 * if (st == HF_OK)
 *     st = hf_csv_number(csv, 0, col, &rms, &diag);   // row 0: the first data row
 * hf_csv_free(csv);
 * return st == HF_OK && rms > 0.0 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_CSV_H
#define HERTZFIT_CSV_H

#include <stddef.h>
#include <stdint.h>
#include "core/file.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default limits (hf_csv_options may set others). */
#define HF_CSV_MAX_BYTES HF_FILE_MAX_BYTES     /* the file: 256 MiB */
#define HF_CSV_MAX_COLUMNS 1024                /* cells per line */
#define HF_CSV_MAX_CELL_BYTES 65536            /* bytes per cell */
#define HF_CSV_MAX_ROWS 10000000               /* data rows */

typedef struct hf_csv_options {
    char separator;          /* ',', ';' or '\t'; 0: detected from the header line */
    size_t max_bytes;        /* limits; 0 = the default above */
    size_t max_columns;
    size_t max_cell_bytes;
    size_t max_rows;
} hf_csv_options;

/* Separator detected, default limits. */
void hf_csv_options_init(hf_csv_options *options);

typedef struct hf_csv hf_csv;

/* Reads PATH (OPTIONS may be NULL: the defaults).  *out owns the table:
 * release it with hf_csv_free.  HF_EIO for a file that cannot be read or
 * is not a file, HF_ERANGE for a limit passed, HF_EPARSE for no header
 * row, an empty or duplicate column name, a row whose cell count differs
 * from the header's, a quote left open or text after a closing quote;
 * HF_EINVAL for a separator other than ',', ';' or a tab. */
hf_status hf_csv_read(const char *path, const hf_csv_options *options, hf_csv **out,
                      hf_diag *diag);
void hf_csv_free(hf_csv *csv);

const char *hf_csv_path(const hf_csv *csv);
char hf_csv_separator(const hf_csv *csv);
size_t hf_csv_nrows(const hf_csv *csv);  /* data rows, header excluded */
size_t hf_csv_ncols(const hf_csv *csv);
const char *hf_csv_header(const hf_csv *csv, size_t col);
/* Column index of NAME, or -1 when absent. */
long hf_csv_find(const hf_csv *csv, const char *name);
/* Column index of NAME into *col, or HF_ENOTFOUND with "PATH:LINE: no
 * column 'NAME' (the header has: ...)" naming the header's line. */
hf_status hf_csv_require(const hf_csv *csv, const char *name, size_t *col, hf_diag *diag);
const char *hf_csv_cell(const hf_csv *csv, size_t row, size_t col);
/* Physical line number (from 1) where data row ROW starts, and of the
 * header row. */
size_t hf_csv_line(const hf_csv *csv, size_t row);
size_t hf_csv_header_line(const hf_csv *csv);

/* 1 when the cell is empty or NA (a missing value), else 0. */
int hf_csv_is_missing(const hf_csv *csv, size_t row, size_t col);

/* Cell as a finite double.  HF_EMISSING for a missing value, HF_EPARSE
 * (not a number) or HF_EDOM (NaN/inf), with the diag naming path, line,
 * column, header and the cell text. */
hf_status hf_csv_number(const hf_csv *csv, size_t row, size_t col,
                        double *value, hf_diag *diag);

/* Cell as a count (hf_parse_count).  HF_EMISSING or HF_EPARSE as above. */
hf_status hf_csv_count(const hf_csv *csv, size_t row, size_t col,
                       unsigned long long *value, hf_diag *diag);

/* Whole column NAME into out[0 .. nrows-1] (caller-owned).  HF_ENOTFOUND
 * when the column is missing (hf_csv_require), then as hf_csv_number. */
hf_status hf_csv_column(const hf_csv *csv, const char *name, double *out,
                        hf_diag *diag);

/* TEXT as a double: the whole string must be a number (leading/trailing
 * blanks allowed).  HF_EPARSE if not; HF_EDOM if it is NaN or infinite;
 * the diag quotes TEXT. */
hf_status hf_parse_double(const char *text, double *value, hf_diag *diag);

/* TEXT as a non-negative decimal integer below 2^63 (leading/trailing
 * blanks allowed).  HF_EPARSE if not, the diag quoting TEXT. */
hf_status hf_parse_count(const char *text, unsigned long long *value, hf_diag *diag);

/* TEXT as a seed: a decimal whole number from 0 to 2^64 - 1, the whole
 * range of a PCG32 seed (the program, Python and MATLAB take the same
 * range, so a seed written anywhere is reproduced everywhere).  HF_EPARSE
 * if not, the diag quoting TEXT. */
hf_status hf_parse_seed(const char *text, uint64_t *value, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
