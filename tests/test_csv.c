/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_csv.c — the one CSV reader (core/csv.h): every form it
 * accepts (comments, blank lines, free column order, RFC 4180 quoting with
 * separators, doubled quotes and line breaks inside cells, a byte-order
 * mark, CRLF and CR line ends, a trailing empty column, ';' and tab
 * separators detected or given, missing values), and every form it
 * refuses with its message: PATH:LINE:COLUMN naming the header and the
 * cell, LINE the physical line.
 */
#define _POSIX_C_SOURCE 200809L   /* mkfifo */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/csv.h"

/* Writes TEXT (LEN bytes) to a scratch file and reads it with OPTIONS;
 * returns the status, *csv the table (NULL on failure). */
static const char *scratch(void) { return hf_test_tmp_path("csv"); }

static hf_status read_text(const char *text, size_t len, const hf_csv_options *options,
                           hf_csv **csv, hf_diag *diag)
{
    FILE *fp = fopen(scratch(), "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(text, 1, len, fp), len);
    assert_int_equal(fclose(fp), 0);
    *csv = NULL;
    return hf_csv_read(scratch(), options, csv, diag);
}

static hf_csv *read_ok(const char *text, const hf_csv_options *options)
{
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    hf_status st = read_text(text, strlen(text), options, &csv, &diag);
    if (st != HF_OK) {
        print_error("reading %s: %s\n", text, diag.text);
        fail();
    }
    return csv;
}

/* Reading TEXT fails with EXPECTED and the diag holding "PATH" + NEEDLE. */
static void expect_refused(const char *text, size_t len, const hf_csv_options *options,
                           hf_status expected, const char *needle)
{
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    hf_status st = read_text(text, len, options, &csv, &diag);
    char want[2048];
    snprintf(want, sizeof want, "%s%s", scratch(), needle);
    if (st != expected || strstr(diag.text, want) == NULL) {
        print_error("status %d, diag '%s'; expected %d and '%s'\n", st, diag.text, expected,
                    want);
        fail();
    }
    assert_null(csv);
}

static void expect_cell(const hf_csv *csv, size_t row, size_t col, const char *text)
{
    assert_string_equal(hf_csv_cell(csv, row, col), text);
}

/* hf_csv_number of (ROW, COL) fails with EXPECTED and "PATH" + NEEDLE. */
static void expect_number_fails(const hf_csv *csv, size_t row, size_t col, hf_status expected,
                                const char *needle)
{
    double v = 0.0;
    hf_diag diag = {{0}};
    hf_status st = hf_csv_number(csv, row, col, &v, &diag);
    char want[2048];
    snprintf(want, sizeof want, "%s%s", hf_csv_path(csv), needle);
    if (st != expected || strstr(diag.text, want) == NULL) {
        print_error("status %d, diag '%s'; expected %d and '%s'\n", st, diag.text, expected,
                    want);
        fail();
    }
}

/* ---- accepted ------------------------------------------------------------- */

static void test_reads_comments_blanks_and_columns(void **state)
{
    (void)state;
    hf_csv *csv = read_ok("# made by hand\n\n b , a ,rms_pct\n2,1.5, 12.5\n\n"
                          "  # another\n3 ,2.5,13.75\r\n", NULL);
    assert_int_equal(hf_csv_nrows(csv), 2);
    assert_int_equal(hf_csv_ncols(csv), 3);
    assert_int_equal(hf_csv_separator(csv), ',');
    assert_int_equal(hf_csv_find(csv, "a"), 1);
    assert_int_equal(hf_csv_find(csv, "zz"), -1);
    assert_int_equal(hf_csv_header_line(csv), 3);
    assert_int_equal(hf_csv_line(csv, 0), 4);
    assert_int_equal(hf_csv_line(csv, 1), 7);
    expect_cell(csv, 1, 0, "3");
    double col[2];
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_column(csv, "rms_pct", col, &diag), HF_OK);
    HF_ASSERT_CLOSE(col[0], 12.5, 0.0, 0.0);
    HF_ASSERT_CLOSE(col[1], 13.75, 0.0, 0.0);
    hf_csv_free(csv);
}

static void test_rfc4180_quoting(void **state)
{
    (void)state;
    /* a separator, doubled quotes and a line break inside quoted cells;
     * blanks around a quoted cell are not part of it */
    hf_csv *csv = read_ok("name,\"note, with comma\",x\n"
                          "\"a \"\"b\"\"\",  \"two\nlines\"  ,1\n"
                          "\"\",\"\",2\n", NULL);
    assert_int_equal(hf_csv_ncols(csv), 3);
    assert_string_equal(hf_csv_header(csv, 1), "note, with comma");
    expect_cell(csv, 0, 0, "a \"b\"");
    expect_cell(csv, 0, 1, "two\nlines");
    expect_cell(csv, 1, 0, "");
    /* the row after the two-line cell starts on physical line 4 */
    assert_int_equal(hf_csv_line(csv, 1), 4);
    hf_csv_free(csv);
}

static void test_cell_line_counts_quoted_line_breaks(void **state)
{
    (void)state;
    /* the bad cell x sits on line 4, after a quoted cell spanning 2..4 */
    hf_csv *csv = read_ok("note,v\n\"one\ntwo\nthree\",x\n", NULL);
    expect_number_fails(csv, 0, 1, HF_EPARSE, ":4:2: column 'v': 'x' is not a number");
    hf_csv_free(csv);
}

static void test_bom_crlf_cr_and_trailing_column(void **state)
{
    (void)state;
    /* Excel's export: a byte-order mark, CRLF, a separator after the last
     * cell of every line */
    hf_csv *csv = read_ok("\xEF\xBB\xBFm_kg,R_m,\r\n0.1,0.02,\r\n0.2,0.03,\r\n", NULL);
    assert_int_equal(hf_csv_ncols(csv), 2);
    assert_string_equal(hf_csv_header(csv, 0), "m_kg");
    assert_int_equal(hf_csv_nrows(csv), 2);
    expect_cell(csv, 1, 1, "0.03");
    assert_int_equal(hf_csv_line(csv, 1), 3);
    hf_csv_free(csv);
    /* an empty last cell where the header has a column (a lab's note left
     * blank): the row keeps it, empty and missing */
    csv = read_ok("m_g;F_M_N;note\r\n4;1;\r\n4;2;\"late; redo\"\r\n4;;\r\n", NULL);
    assert_int_equal(hf_csv_ncols(csv), 3);
    assert_int_equal(hf_csv_nrows(csv), 3);
    expect_cell(csv, 0, 2, "");
    assert_int_equal(hf_csv_is_missing(csv, 0, 2), 1);
    expect_cell(csv, 1, 2, "late; redo");
    assert_int_equal(hf_csv_is_missing(csv, 2, 1), 1);
    hf_csv_free(csv);
    /* old Mac line ends: CR alone */
    csv = read_ok("a,b\r1,2\r3,4", NULL);
    assert_int_equal(hf_csv_nrows(csv), 2);
    assert_int_equal(hf_csv_line(csv, 1), 3);
    expect_cell(csv, 1, 1, "4");
    hf_csv_free(csv);
}

static void test_separator_detected_or_given(void **state)
{
    (void)state;
    hf_csv *csv = read_ok("a;b;c\n1;2.5;\"x;y\"\n", NULL);
    assert_int_equal(hf_csv_separator(csv), ';');
    assert_int_equal(hf_csv_ncols(csv), 3);
    expect_cell(csv, 0, 2, "x;y");
    hf_csv_free(csv);
    csv = read_ok("a\tb\n 1\t2\n", NULL);
    assert_int_equal(hf_csv_separator(csv), '\t');
    expect_cell(csv, 0, 0, "1");
    hf_csv_free(csv);
    /* one column: no separator in the header */
    csv = read_ok("c_r\n0.5\n", NULL);
    assert_int_equal(hf_csv_separator(csv), ',');
    assert_int_equal(hf_csv_ncols(csv), 1);
    hf_csv_free(csv);
    /* given: the header's commas are then part of the names */
    hf_csv_options o;
    hf_csv_options_init(&o);
    o.separator = ';';
    csv = read_ok("a,b;c\n1;2\n", &o);
    assert_string_equal(hf_csv_header(csv, 0), "a,b");
    hf_csv_free(csv);
}

static void test_semicolon_file_read_with_comma_hints(void **state)
{
    (void)state;
    hf_csv_options o;
    hf_csv_options_init(&o);
    o.separator = ',';
    hf_csv *csv = read_ok("m_kg;R_m\n0.1;0.02\n", &o);
    size_t col;
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_require(csv, "m_kg", &col, &diag), HF_ENOTFOUND);
    char want[1200];
    snprintf(want, sizeof want, "%s:1: no column 'm_kg' (the header has: m_kg;R_m) (the file "
             "looks ';'-separated, but was read with ',')", scratch());
    assert_string_equal(diag.text, want);
    hf_csv_free(csv);
    /* a decimal comma in a ';' file */
    csv = read_ok("a;b\n1,5;2\n", NULL);
    expect_number_fails(csv, 0, 0, HF_EPARSE,
                        ":2:1: column 'a': '1,5' is not a number (a decimal comma? numbers are "
                        "read with '.')");
    hf_csv_free(csv);
}

static void test_missing_values(void **state)
{
    (void)state;
    hf_csv *csv = read_ok("a,b,c\n1,,NA\n\"\",x,2\n", NULL);
    assert_true(hf_csv_is_missing(csv, 0, 1));
    assert_true(hf_csv_is_missing(csv, 0, 2));
    assert_true(hf_csv_is_missing(csv, 1, 0));
    assert_false(hf_csv_is_missing(csv, 0, 0));
    assert_false(hf_csv_is_missing(csv, 1, 1));
    expect_number_fails(csv, 0, 1, HF_EMISSING,
                        ":2:2: column 'b': the value is missing (an empty cell)");
    expect_number_fails(csv, 0, 2, HF_EMISSING, ":2:3: column 'c': the value is missing (NA)");
    /* "not a number" is a different answer */
    expect_number_fails(csv, 1, 1, HF_EPARSE, ":3:2: column 'b': 'x' is not a number");
    unsigned long long n = 0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_count(csv, 0, 2, &n, &diag), HF_EMISSING);
    assert_int_equal(hf_csv_count(csv, 1, 2, &n, &diag), HF_OK);
    assert_int_equal(n, 2);
    assert_int_equal(hf_csv_count(csv, 1, 1, &n, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, ":3:2: column 'b': 'x' is not a count"));
    hf_csv_free(csv);
}

static void test_number_cells(void **state)
{
    (void)state;
    hf_csv *csv = read_ok("a,b\nnan,x7\n-inf,1e-3\n", NULL);
    expect_number_fails(csv, 0, 0, HF_EDOM, ":2:1: column 'a': 'nan' is not finite");
    expect_number_fails(csv, 0, 1, HF_EPARSE, ":2:2: column 'b': 'x7' is not a number");
    expect_number_fails(csv, 1, 0, HF_EDOM, ":3:1: column 'a': '-inf' is not finite");
    double v[2];
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_column(csv, "b", v, &diag), HF_EPARSE);
    assert_int_equal(hf_csv_column(csv, "zz", v, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, ":1: no column 'zz' (the header has: a, b)"));
    hf_csv_free(csv);
}

/* ---- refused -------------------------------------------------------------- */

static void test_refused_structure(void **state)
{
    (void)state;
    const char *t;
    t = "a,b\n1,2\n3\n";
    expect_refused(t, strlen(t), NULL, HF_EPARSE, ":3: 1 cells where the header (line 1) has 2");
    t = "a,b\n1;2\n";   /* a ';' row in a ',' file */
    expect_refused(t, strlen(t), NULL, HF_EPARSE,
                   ":2: 1 cells where the header (line 1) has 2 (the file looks ';'-separated");
    t = "a,b\n1,\"open\n2,3\n";
    expect_refused(t, strlen(t), NULL, HF_EPARSE, ":2:2: the quote opened here is never closed");
    t = "a,b\n1,\"x\"y\n";
    expect_refused(t, strlen(t), NULL, HF_EPARSE, ":2:2: text after the closing quote of \"x\"");
    t = "a,,b\n1,2,3\n";
    expect_refused(t, strlen(t), NULL, HF_EPARSE, ":1:2: empty column name");
    t = "x,y,x\n1,2,3\n";
    expect_refused(t, strlen(t), NULL, HF_EPARSE, ":1:3: column name 'x' again (as column 1)");
    t = "# only a comment\n\n";
    expect_refused(t, strlen(t), NULL, HF_EPARSE, ": no header row");
    expect_refused("", 0, NULL, HF_EPARSE, ": no header row");
    expect_refused("a\n1\0\n", 5, NULL, HF_EPARSE, ":2:2: a NUL byte");
    hf_csv_options o;
    hf_csv_options_init(&o);
    o.separator = '|';
    t = "a|b\n";
    expect_refused(t, strlen(t), &o, HF_EINVAL, ": separator '|' is not ',', ';' or a tab");
}

static void test_refused_over_the_limits(void **state)
{
    (void)state;
    /* a 600 KB first line of 300,000 commas: refused at the cell past the
     * limit, naming it, before anything is sized from the header */
    size_t n = 600000;
    char *line = malloc(n + 2);
    assert_non_null(line);
    for (size_t i = 0; i < n; ++i)
        line[i] = (i % 2) ? ',' : 'a';
    line[n] = '\n';
    line[n + 1] = '\0';
    expect_refused(line, n + 1, NULL, HF_ERANGE, ":1: more than 1024 cells in a line (the limit)");
    free(line);
    hf_csv_options o;
    hf_csv_options_init(&o);
    o.max_cell_bytes = 8;
    const char *t = "a,b\n1,123456789\n";
    expect_refused(t, strlen(t), &o, HF_ERANGE, ":2:2: a cell longer than 8 bytes (the limit)");
    t = "a,b\n1,\"12345\n6789\"\n";   /* a quoted cell is counted unquoted */
    expect_refused(t, strlen(t), &o, HF_ERANGE, ":2:2: a cell longer than 8 bytes (the limit)");
    hf_csv_options_init(&o);
    o.max_rows = 2;
    t = "a\n1\n2\n";
    hf_csv *csv = read_ok(t, &o);
    hf_csv_free(csv);
    t = "a\n1\n2\n# c\n3\n";
    expect_refused(t, strlen(t), &o, HF_ERANGE, ":5: more than 2 data rows (the limit)");
    hf_csv_options_init(&o);
    o.max_columns = 2;
    t = "a,b,\n1,2\n";   /* a trailing empty column does not count */
    csv = read_ok(t, &o);
    hf_csv_free(csv);
    t = "a,b,c\n";
    expect_refused(t, strlen(t), &o, HF_ERANGE, ":1: more than 2 cells in a line (the limit)");
    hf_csv_options_init(&o);
    o.max_bytes = 10;
    t = "a,b\n1,2\n3,4\n";
    expect_refused(t, strlen(t), &o, HF_ERANGE, ": 12 bytes, more than the 10 bytes");
}

static void test_refused_special_files(void **state)
{
    (void)state;
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_read("/dev/zero", NULL, &csv, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "/dev/zero: is a character device, not a file"));
    assert_int_equal(hf_csv_read(HERTZFIT_TEST_TMP, NULL, &csv, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "is a directory, not a file"));
    const char *fifo = hf_test_tmp_path("csv-fifo");
    remove(fifo);
    assert_int_equal(mkfifo(fifo, 0666), 0);
    /* no writer: read at once as empty, never waited on */
    assert_int_equal(hf_csv_read(fifo, NULL, &csv, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "no header row"));
    remove(fifo);
    remove(scratch());
    assert_int_equal(hf_csv_read(scratch(), NULL, &csv, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "cannot open: No such file or directory"));
    assert_null(csv);
}

static void test_parse_double_and_count(void **state)
{
    (void)state;
    double v = 0.0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_parse_double(" 2.385e-1 ", &v, &diag), HF_OK);
    HF_ASSERT_CLOSE(v, 0.2385, 0.0, 0.0);
    assert_int_equal(hf_parse_double("1.5x", &v, &diag), HF_EPARSE);
    assert_string_equal(diag.text, "'1.5x' is not a number");
    assert_int_equal(hf_parse_double("", &v, NULL), HF_EPARSE);
    assert_int_equal(hf_parse_double("inf", &v, &diag), HF_EDOM);
    assert_string_equal(diag.text, "'inf' is not finite");
    assert_int_equal(hf_parse_double("NaN", &v, NULL), HF_EDOM);
    unsigned long long n = 0;
    assert_int_equal(hf_parse_count(" 50 ", &n, NULL), HF_OK);
    assert_int_equal(n, 50);
    assert_int_equal(hf_parse_count("-1", &n, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "'-1' is not a count"));
    assert_int_equal(hf_parse_count("3.5", &n, NULL), HF_EPARSE);
    assert_int_equal(hf_parse_count("9223372036854775808", &n, NULL), HF_EPARSE);  /* 2^63 */
    assert_int_equal(hf_parse_count("9223372036854775807", &n, NULL), HF_OK);
    /* seeds: the whole unsigned 64-bit range, and not one more */
    uint64_t seed = 0;
    assert_int_equal(hf_parse_seed("18446744073709551615", &seed, NULL), HF_OK);
    assert_true(seed == UINT64_MAX);
    assert_int_equal(hf_parse_seed("18446744073709551616", &seed, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "'18446744073709551616' is not a seed"));
    assert_int_equal(hf_parse_seed("-1", &seed, NULL), HF_EPARSE);
}

static void test_hexadecimal_and_underflow_refused(void **state)
{
    (void)state;
    double v = 0.0;
    hf_diag diag = {{0}};
    /* strtod reads both; neither is what a data file means */
    assert_int_equal(hf_parse_double("0x1p3", &v, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "'0x1p3' is not a decimal number"));
    assert_int_equal(hf_parse_double("1e-400", &v, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "'1e-400' is below the smallest double"));
    /* a subnormal is a number (not 0), and 0 written as such is 0 */
    assert_int_equal(hf_parse_double("1e-310", &v, NULL), HF_OK);
    assert_true(v > 0.0);
    assert_int_equal(hf_parse_double("0e-400", &v, NULL), HF_OK);
    hf_csv *csv = read_ok("a,b\n0x10,1e-400\n", NULL);
    expect_number_fails(csv, 0, 0, HF_EPARSE, ":2:1: column 'a': '0x10' is not a decimal number");
    expect_number_fails(csv, 0, 1, HF_EDOM, ":2:2: column 'b': '1e-400' is below the smallest");
    hf_csv_free(csv);
}

static int teardown(void **state)
{
    (void)state;
    remove(scratch());
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_comments_blanks_and_columns),
        cmocka_unit_test(test_hexadecimal_and_underflow_refused),
        cmocka_unit_test(test_rfc4180_quoting),
        cmocka_unit_test(test_cell_line_counts_quoted_line_breaks),
        cmocka_unit_test(test_bom_crlf_cr_and_trailing_column),
        cmocka_unit_test(test_separator_detected_or_given),
        cmocka_unit_test(test_semicolon_file_read_with_comma_hints),
        cmocka_unit_test(test_missing_values),
        cmocka_unit_test(test_number_cells),
        cmocka_unit_test(test_refused_structure),
        cmocka_unit_test(test_refused_over_the_limits),
        cmocka_unit_test(test_refused_special_files),
        cmocka_unit_test(test_parse_double_and_count),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
