/*
 * tests/test_csv.c — the CSV reader: comments, blank lines, free column
 * order, and every failure naming file, line and column.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/csv.h"

static void test_reads_comments_blanks_and_columns(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("csv-ok");
    hf_test_write_file(path, "# made by hand\n\n b , a ,rms_pct\n2,1.5, 12.5\n\n"
                             "# another\n3 ,2.5,13.75\r\n");
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_read(path, &csv, &diag), HF_OK);
    assert_int_equal(hf_csv_nrows(csv), 2);
    assert_int_equal(hf_csv_ncols(csv), 3);
    assert_int_equal(hf_csv_find(csv, "a"), 1);
    assert_int_equal(hf_csv_find(csv, "zz"), -1);
    assert_int_equal(hf_csv_line(csv, 1), 7);
    double col[2];
    assert_int_equal(hf_csv_column(csv, "rms_pct", col, &diag), HF_OK);
    HF_ASSERT_CLOSE(col[0], 12.5, 0.0, 0.0);
    HF_ASSERT_CLOSE(col[1], 13.75, 0.0, 0.0);
    hf_csv_free(csv);
    remove(path);
}

static void test_bad_cell_names_line_and_column(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("csv-bad");
    hf_test_write_file(path, "a,b\n1,2\n# c\n3,x7\n");
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_read(path, &csv, &diag), HF_OK);
    double col[2];
    assert_int_equal(hf_csv_column(csv, "b", col, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, ":4:2:"));
    assert_non_null(strstr(diag.text, "'x7'"));
    assert_int_equal(hf_csv_column(csv, "missing", col, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "'missing'"));
    hf_csv_free(csv);
    remove(path);
}

static void test_nan_cell_and_ragged_row_and_missing_file(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("csv-nan");
    hf_test_write_file(path, "a\nnan\n");
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_read(path, &csv, &diag), HF_OK);
    double v;
    assert_int_equal(hf_csv_number(csv, 0, 0, &v, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, ":2:1:"));
    hf_csv_free(csv);
    hf_test_write_file(path, "a,b\n1,2\n3\n");
    assert_int_equal(hf_csv_read(path, &csv, &diag), HF_EPARSE);
    assert_null(csv);
    assert_non_null(strstr(diag.text, ":3:"));
    hf_test_write_file(path, "# only a comment\n");
    assert_int_equal(hf_csv_read(path, &csv, &diag), HF_EPARSE);
    hf_test_write_file(path, "a,a\n1,2\n");
    assert_int_equal(hf_csv_read(path, &csv, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "duplicate"));
    remove(path);
    assert_int_equal(hf_csv_read(path, &csv, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, path));
}

static void test_parse_double_and_count(void **state)
{
    (void)state;
    double v = 0.0;
    assert_int_equal(hf_parse_double(" 2.385e-1 ", &v), HF_OK);
    HF_ASSERT_CLOSE(v, 0.2385, 0.0, 0.0);
    assert_int_equal(hf_parse_double("1.5x", &v), HF_EPARSE);
    assert_int_equal(hf_parse_double("", &v), HF_EPARSE);
    assert_int_equal(hf_parse_double("inf", &v), HF_EDOM);
    assert_int_equal(hf_parse_double("NaN", &v), HF_EDOM);
    unsigned long long n = 0;
    assert_int_equal(hf_parse_count("50", &n), HF_OK);
    assert_int_equal(n, 50);
    assert_int_equal(hf_parse_count("-1", &n), HF_EPARSE);
    assert_int_equal(hf_parse_count("3.5", &n), HF_EPARSE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_comments_blanks_and_columns),
        cmocka_unit_test(test_bad_cell_names_line_and_column),
        cmocka_unit_test(test_nan_cell_and_ragged_row_and_missing_file),
        cmocka_unit_test(test_parse_double_and_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
