/*
 * hertzfit/csv.h — reading comma-separated tables and parsing numbers.
 *
 * Tables have one header row; blank lines and lines whose first non-blank
 * character is '#' are skipped; cells are trimmed of blanks.  Quoting is not
 * supported (no hertzfit table needs it).  Every failure fills the hf_diag
 * with "PATH:LINE:COLUMN: ..." so a user can find the bad cell; LINE counts
 * physical lines from 1 and COLUMN counts cells from 1.
 */
#ifndef HERTZFIT_CSV_H
#define HERTZFIT_CSV_H

#include <stddef.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_csv hf_csv;

/* Reads PATH.  On success *out owns the table: release it with hf_csv_free.
 * HF_EIO if the file cannot be opened, HF_EPARSE for an empty file, a row
 * whose cell count differs from the header, or an empty/duplicate header. */
hf_status hf_csv_read(const char *path, hf_csv **out, hf_diag *diag);
void hf_csv_free(hf_csv *csv);

const char *hf_csv_path(const hf_csv *csv);
size_t hf_csv_nrows(const hf_csv *csv);  /* data rows, header excluded */
size_t hf_csv_ncols(const hf_csv *csv);
const char *hf_csv_header(const hf_csv *csv, size_t col);
/* Column index of NAME, or -1 when absent. */
long hf_csv_find(const hf_csv *csv, const char *name);
const char *hf_csv_cell(const hf_csv *csv, size_t row, size_t col);
/* Physical line number (from 1) of data row ROW. */
size_t hf_csv_line(const hf_csv *csv, size_t row);

/* Cell as a finite double.  HF_EPARSE (not a number) or HF_EDOM (NaN/inf),
 * with the diag naming path, line, column, header and the cell text. */
hf_status hf_csv_number(const hf_csv *csv, size_t row, size_t col,
                        double *value, hf_diag *diag);

/* Whole column NAME into out[0 .. nrows-1] (caller-owned).  HF_ENOTFOUND
 * when the column is missing. */
hf_status hf_csv_column(const hf_csv *csv, const char *name, double *out,
                        hf_diag *diag);

/* TEXT as a double: the whole string must be a number (leading/trailing
 * blanks allowed).  HF_EPARSE if not; HF_EDOM if it is NaN or infinite. */
hf_status hf_parse_double(const char *text, double *value);

/* TEXT as a non-negative integer below 2^63 (decimal).  HF_EPARSE if not. */
hf_status hf_parse_count(const char *text, unsigned long long *value);

#ifdef __cplusplus
}
#endif
#endif
