/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_trace.c — the one trace file format (hertzfit/trace.h):
 * written and read back bit for bit (%.17g), runs without points leave no
 * rows, extra columns are ignored and columns may come in any order, a
 * damaged file is refused naming the file, line and column; and the
 * convergence band over runs, by hand on two runs.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/trace.h"
#include "core/csv.h"
#include "studies/study.h"

static void test_write_then_read(void **state)
{
    (void)state;
    const hf_trace_point a[] = {{1, 20, 13.25}, {2, 40, 0.1}, {7, 140, 1e-300}};
    const hf_trace_point b[] = {{3, 5, -2.385}};
    const hf_trace_run runs[] = {
        {"icaco", "profile-table", 0, {(hf_trace_point *)a, 3}, 0},
        {"nlopt:LN_BOBYQA", "rastrigin:2", 4, {NULL, 0}, 0},   /* no rows */
        {"icaco", "profile-table", 1, {(hf_trace_point *)b, 1}, 0},
    };
    const char *path = hf_test_tmp_path("trace-roundtrip.csv");
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_write(path, runs, 3, &diag), HF_OK);
    char *text = hf_test_read_file(path);
    assert_string_equal(text, "optimizer,problem,run,iteration,evaluations,best_f\n"
                              "icaco,profile-table,0,1,20,13.25\n"
                              "icaco,profile-table,0,2,40,0.10000000000000001\n"
                              "icaco,profile-table,0,7,140,1e-300\n"
                              "icaco,profile-table,1,3,5,-2.3849999999999998\n");
    free(text);
    hf_trace_file *f = NULL;
    assert_int_equal(hf_trace_read(path, &f, &diag), HF_OK);
    assert_int_equal(f->n_runs, 2);
    assert_string_equal(f->runs[0].optimizer, "icaco");
    assert_string_equal(f->runs[0].problem, "profile-table");
    assert_int_equal(f->runs[0].line, 2);
    assert_int_equal(f->runs[1].run, 1);
    assert_int_equal(f->runs[1].line, 5);
    assert_int_equal(f->runs[0].trace.count, 3);
    assert_memory_equal(f->runs[0].trace.points, a, sizeof a);
    assert_memory_equal(f->runs[1].trace.points, b, sizeof b);
    hf_trace_file_free(f);
    remove(path);
}

/* Readers find columns by name: another order and a column added after
 * best_f still read; a file from before the iteration column reads with
 * iteration 0. */
static void test_columns_by_name(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("trace-columns.csv");
    hf_test_write_file(path, "# a comment\nbest_f,run,evaluations,iteration,problem,optimizer,"
                             "empires\n12.5,0,20,1,profile,ica,3\n12.25,0,40,2,profile,ica,2\n");
    hf_trace_file *f = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_read(path, &f, &diag), HF_OK);
    assert_int_equal(f->n_runs, 1);
    assert_int_equal(f->runs[0].trace.count, 2);
    assert_true(f->runs[0].trace.points[1].best_f == 12.25);
    assert_int_equal(f->runs[0].trace.points[1].evaluations, 40);
    hf_trace_file_free(f);
    hf_test_write_file(path, "optimizer,problem,run,evaluations,best_f\nica,p,0,10,5\n"
                             "ica,p,0,20,4\n");
    assert_int_equal(hf_trace_read(path, &f, &diag), HF_OK);
    assert_int_equal(f->runs[0].trace.count, 2);
    assert_int_equal(f->runs[0].trace.points[1].iteration, 0);
    assert_int_equal(f->runs[0].trace.points[1].evaluations, 20);
    hf_trace_file_free(f);
    remove(path);
}

static void expect_bad(const char *text, hf_status status, const char *needle)
{
    const char *path = hf_test_tmp_path("trace-bad.csv");
    hf_test_write_file(path, text);
    hf_trace_file *f = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_read(path, &f, &diag), status);
    assert_null(f);
    if (strstr(diag.text, needle) == NULL)
        print_error("diag '%s' lacks '%s'\n", diag.text, needle);
    assert_non_null(strstr(diag.text, needle));
    remove(path);
}

static void test_bad_files(void **state)
{
    (void)state;
    const char *head = "optimizer,problem,run,iteration,evaluations,best_f\n";
    char text[512];
    snprintf(text, sizeof text, "%sica,p,0,1,10,5\nica,p,0,2,20,5\n", head);
    expect_bad(text, HF_EPARSE, ":3: (iteration 2, evaluations 20, best_f 5) does not improve");
    snprintf(text, sizeof text, "%sica,p,0,2,10,5\nica,p,0,1,20,4\n", head);
    expect_bad(text, HF_EPARSE, ":3:");
    snprintf(text, sizeof text, "%sica,p,0,1,30,5\nica,p,0,2,20,4\n", head);
    expect_bad(text, HF_EPARSE, ":3:");
    snprintf(text, sizeof text, "%sica,p,0,1,10,5\nica,p,1,1,10,5\nica,p,0,2,20,4\n", head);
    expect_bad(text, HF_EPARSE, ":4: run 0 of (ica, p) continues here after other rows (from line 2)");
    snprintf(text, sizeof text, "%sica,p,-1,1,10,5\n", head);
    expect_bad(text, HF_EPARSE, ":2:3: column 'run': '-1' is not a count");
    snprintf(text, sizeof text, "%sica,p,0,1,10,inf\n", head);
    expect_bad(text, HF_EDOM, ":2:6:");   /* a best value is finite */
    expect_bad("optimizer,problem,run,iteration,best_f\nica,p,0,1,5\n", HF_ENOTFOUND,
               ":1: no column 'evaluations' (the header has: optimizer, problem, run, "
               "iteration, best_f)");
    hf_trace_file *f = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_read("/nonexistent/trace.csv", &f, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "/nonexistent/trace.csv"));
}

/* The bounds are the caller's: a campaign reads its own trace.csv with
 * larger ones than a file handed in; a file over the bounds is refused,
 * naming them, and the same file reads within them. */
static void test_bounded_read(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("trace-bounded.csv");
    hf_test_write_file(path, "optimizer,problem,run,iteration,evaluations,best_f\n"
                             "ica,p,0,1,10,5\nica,p,0,2,20,4\nica,p,0,3,30,3\n");
    hf_csv_options limits;
    hf_csv_options_init(&limits);
    limits.max_rows = 2;
    hf_trace_file *f = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_read_bounded(path, &limits, &f, &diag), HF_ERANGE);
    assert_null(f);
    assert_non_null(strstr(diag.text, "more than 2 data rows"));
    limits.max_rows = 3;
    assert_int_equal(hf_trace_read_bounded(path, &limits, &f, &diag), HF_OK);
    assert_int_equal(f->runs[0].trace.count, 3);
    hf_trace_file_free(f);
    limits.max_rows = 0;
    limits.max_bytes = 40;   /* the header line alone is longer */
    assert_int_equal(hf_trace_read_bounded(path, &limits, &f, &diag), HF_ERANGE);
    assert_null(f);
    remove(path);
}

/* Names must read back as one cell; a file that cannot be written is
 * reported and nothing is left behind. */
static void test_bad_writes(void **state)
{
    (void)state;
    const hf_trace_point p[] = {{1, 1, 1.0}};
    hf_trace_run run = {"a,b", "p", 0, {(hf_trace_point *)p, 1}, 0};
    hf_diag diag = {{0}};
    const char *path = hf_test_tmp_path("trace-badname.csv");
    assert_int_equal(hf_trace_write(path, &run, 1, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "'a,b'"));
    run.optimizer = "ok";
    run.problem = "new\nline";
    assert_int_equal(hf_trace_write(path, &run, 1, &diag), HF_EINVAL);
    run.problem = "p";
    assert_int_equal(hf_trace_write("/nonexistent/dir/trace.csv", &run, 1, &diag), HF_EIO);
    assert_non_null(strstr(diag.text, "/nonexistent/dir/trace.csv"));
}

/* 200 points written to ARG under the child's file limit: HF_EWRITE. */
static int trace_too_large(const void *arg)
{
    hf_trace_point p[200];
    for (int i = 0; i < 200; ++i)
        p[i] = (hf_trace_point){(size_t)i + 1, 10 * (size_t)i + 10, 1000.0 - i};
    hf_trace_run run = {"ica", "sphere:2", 0, {p, 200}, 0};
    hf_diag diag = {{0}};
    hf_status st = hf_trace_write(arg, &run, 1, &diag);
    if (st != HF_EWRITE || strstr(diag.text, "File too large") == NULL) {
        fprintf(stderr, "trace under the limit: %d '%s'\n", st, diag.text);
        return 1;
    }
    return 0;
}

/* A trace whose writing fails (a full disk) leaves the previous file. */
static void test_failed_write_keeps_the_old_trace(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("trace-efbig.csv");
    const hf_trace_point p[] = {{1, 10, 2.0}};
    hf_trace_run run = {"ica", "p", 0, {(hf_trace_point *)p, 1}, 0};
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_write(path, &run, 1, &diag), HF_OK);
    char *before = hf_test_read_file(path);
    assert_non_null(before);
    hf_test_with_file_limit(500, trace_too_large, path);
    hf_test_assert_file_is(path, before);
    free(before);
    char tmp_name[1200];
    snprintf(tmp_name, sizeof tmp_name, "%s.tmp-", strrchr(path, '/') + 1);
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, tmp_name), 0);
    remove(path);
}

/* Run A improves to 5 (iteration 1, 10 evaluations) then 2 (3, 30); run
 * B to 4 (2, 20) then 1 (3, 35).  A run counts once it has a value. */
static void test_band(void **state)
{
    (void)state;
    const hf_trace_point a[] = {{1, 10, 5.0}, {3, 30, 2.0}};
    const hf_trace_point b[] = {{2, 20, 4.0}, {3, 35, 1.0}};
    const hf_trace_run runs[] = {{"x", "p", 0, {(hf_trace_point *)a, 2}, 0},
                                 {"x", "p", 1, {(hf_trace_point *)b, 2}, 0}};
    hf_trace_band *band = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_band_alloc(runs, 2, HF_TRACE_ITERATIONS, &band, &diag), HF_OK);
    assert_int_equal(band->n, 3);
    const double it_mean[3] = {5.0, 4.5, 1.5}, it_min[3] = {5, 4, 1}, it_max[3] = {5, 5, 2};
    const size_t it_runs[3] = {1, 2, 2};
    for (size_t k = 0; k < 3; ++k) {
        assert_true(band->x[k] == (double)(k + 1));
        assert_true(band->mean[k] == it_mean[k] && band->min[k] == it_min[k] &&
                    band->max[k] == it_max[k]);
        assert_int_equal(band->runs[k], it_runs[k]);
    }
    hf_trace_band_free(band);
    assert_int_equal(hf_trace_band_alloc(runs, 2, HF_TRACE_EVALUATIONS, &band, &diag), HF_OK);
    assert_int_equal(band->n, 4);
    const double ev_x[4] = {10, 20, 30, 35}, ev_mean[4] = {5.0, 4.5, 3.0, 1.5};
    for (size_t k = 0; k < 4; ++k)
        assert_true(band->x[k] == ev_x[k] && band->mean[k] == ev_mean[k]);
    hf_trace_band_free(band);
    const hf_trace_run empty = {"x", "p", 0, {NULL, 0}, 0};
    assert_int_equal(hf_trace_band_alloc(&empty, 1, HF_TRACE_ITERATIONS, &band, &diag),
                     HF_EINVAL);
    assert_null(band);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_then_read),
        cmocka_unit_test(test_columns_by_name),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_bounded_read),
        cmocka_unit_test(test_bad_writes),
        cmocka_unit_test(test_failed_write_keeps_the_old_trace),
        cmocka_unit_test(test_band),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
