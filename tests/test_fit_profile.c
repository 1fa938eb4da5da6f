/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_fit_profile.c — `hertzfit fit profile` through the program:
 * the paper settings by default, thread-count independence of every column
 * but `seconds`, the trace file, --set, and every bad input (exit 2 with
 * one line naming the problem).  The paper's reproduction itself calls
 * the library (tests/test_profile_fit.c).
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "core/csv.h"
#include "hertzfit/trace.h"

#define TABLE HERTZFIT_SOURCE_DIR "/data/safaeifar2020_table2.csv"

/* Runs the CLI, expects exit 0, and reads its CSV output back. */
static hf_csv *run_csv(const char *args, char **text)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 0)
        print_error("hertzfit %s -> %d: %s\n", args, rc, err ? err : "");
    assert_int_equal(rc, 0);
    const char *path = hf_test_tmp_path("fit-out.csv");
    hf_test_write_file(path, out);
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_csv_read(path, NULL, &csv, &diag), HF_OK);
    remove(path);
    if (text != NULL)
        *text = out;
    else
        free(out);
    free(err);
    return csv;
}

/* `hertzfit fit profile --optimizer icaco` with no other option runs the
 * paper's settings: 50 runs of 50 iterations, parameters printed. */
static void test_icaco_no_options_uses_paper_settings(void **state)
{
    (void)state;
    char *out = NULL;
    int rc = hf_test_cli("fit profile --optimizer icaco", &out, NULL);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "optimizer icaco: variant=2023 countries=20 imperialists=3 "
                                "beta=2 gamma=0.3 xi=0.1"));
    assert_non_null(strstr(out, "50 runs"));
    assert_non_null(strstr(out, "converged (|I - I*| <= 0.0001): 50 of 50 runs"));
    size_t maxiter_rows = 0;
    for (const char *p = out; (p = strstr(p, " 50  maxiter")) != NULL; ++p)
        ++maxiter_rows;
    assert_int_equal(maxiter_rows, 50);
    free(out);
}

/* Removes the last column (`seconds`) of every non-comment line in place:
 * every other value must not depend on the thread count. */
static void strip_seconds(char *text)
{
    char *src = text, *dst = text;
    while (*src != '\0') {
        char *eol = strchr(src, '\n');
        size_t len = eol ? (size_t)(eol - src) : strlen(src);
        size_t keep = len;
        if (src[0] != '#')
            for (size_t j = len; j > 0; --j)
                if (src[j - 1] == ',') {
                    keep = j - 1;
                    break;
                }
        memmove(dst, src, keep);
        dst += keep;
        *dst++ = '\n';
        src += len + (eol ? 1 : 0);
    }
    *dst = '\0';
}

static void test_threads_change_only_seconds(void **state)
{
    (void)state;
    const char *names[] = {"icaco", "ica", "nlopt:GN_CRS2_LM"};
    for (size_t i = 0; i < 3; ++i) {
        char args[256];
        char *one = NULL, *four = NULL;
        snprintf(args, sizeof args, "fit profile --optimizer %s --runs 8 --seed 2385 "
                                    "--max-evals 600 --csv --threads 1", names[i]);
        hf_csv_free(run_csv(args, &one));
        snprintf(args, sizeof args, "fit profile --optimizer %s --runs 8 --seed 2385 "
                                    "--max-evals 600 --csv --threads 4", names[i]);
        hf_csv_free(run_csv(args, &four));
        strip_seconds(one);
        strip_seconds(four);
        assert_string_equal(one, four);
        free(one);
        free(four);
    }
}

static void test_trace_file_and_set(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s", hf_test_tmp_path("trace.csv"));
    char args[1400];
    snprintf(args, sizeof args, "fit profile --optimizer ica --runs 3 --set countries=30 "
                                "--set imperialists=4 --trace %s --csv", path);
    char *text = NULL;
    hf_csv *runs = run_csv(args, &text);
    assert_non_null(strstr(text, "countries=30"));
    assert_non_null(strstr(text, "imperialists=4"));
    /* the trace file reads back through the library: one run per --runs,
     * named by its optimiser and problem, improvements only */
    hf_trace_file *trace = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_trace_read(path, &trace, &diag), HF_OK);
    assert_int_equal(trace->n_runs, 3);
    for (size_t i = 0; i < 3; ++i) {
        const hf_trace_run *r = &trace->runs[i];
        assert_string_equal(r->optimizer, "ica");
        assert_string_equal(r->problem, "profile");
        assert_int_equal(r->run, i);
        assert_true(r->trace.count >= 1 && r->trace.count <= 50);
        /* the last point of each run is that run's result (both %.17g) */
        double result;
        assert_int_equal(hf_csv_number(runs, i, (size_t)hf_csv_find(runs, "rms_pct"), &result,
                                       NULL), HF_OK);
        assert_true(r->trace.points[r->trace.count - 1].best_f == result);
    }
    /* 30 countries, 4 imperialists: 30 + 50·26 evaluations at least */
    double evals;
    assert_int_equal(hf_csv_number(runs, 0, (size_t)hf_csv_find(runs, "evals"), &evals, NULL),
                     HF_OK);
    assert_true(evals >= 30 + 50 * 26);
    hf_trace_file_free(trace);
    hf_csv_free(runs);
    free(text);
    remove(path);
}

/* A box reaching a <= 0 or b <= 0 (where I(a, b) and so the RMS are NaN)
 * is refused up front; that failed evaluations are never chosen as best is
 * tested on the library in test_optimizer.c (half_nan_sphere, always_nan). */
static void test_box_with_undefined_objective_is_refused(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli("fit profile --optimizer random --runs 6 --bounds -1,6,1.5,6",
                                 &out, &err), 2);
    assert_non_null(strstr(err, "lower bound -1 of a must be positive"));
    assert_string_equal(out, "");
    free(out);
    free(err);
    assert_int_equal(hf_test_cli("fit profile --optimizer random --bounds 1,6,0,6", &out, &err),
                     2);
    assert_non_null(strstr(err, "lower bound 0 of b must be positive"));
    free(out);
    free(err);
}

static void test_bad_input(void **state)
{
    (void)state;
    hf_test_expect_failure("fit profile --optimizer simplex", 2, "'simplex' (valid: ica, icaco, random");
    hf_test_expect_failure("fit profile --optimizer simplex", 2, "nlopt:LN_BOBYQA");
    hf_test_expect_failure("fit profile --optimizer nlopt:LN_NOTHING", 2, "'nlopt:LN_NOTHING'");
    hf_test_expect_failure("fit profile --optimizer icaco --set zeta=1", 2, "no parameter 'zeta'");
    hf_test_expect_failure("fit profile --optimizer icaco --set beta=50", 2, "outside [0, 10]");
    hf_test_expect_failure("fit profile --optimizer icaco --set countries=20.5", 2, "whole number");
    hf_test_expect_failure("fit profile --optimizer icaco --set beta", 2, "not KEY=VALUE");
    hf_test_expect_failure("fit profile --optimizer icaco --set beta=abc", 2, "'abc' is not a number");
    hf_test_expect_failure("fit profile --optimizer icaco --runs 0", 2, "--runs");
    hf_test_expect_failure("fit profile --optimizer icaco --runs -3", 2, "--runs");
    hf_test_expect_failure("fit profile --optimizer icaco --max-evals 0", 2, "--max-evals");
    hf_test_expect_failure("fit profile --optimizer icaco --bounds 6,1,1.5,6", 2, "not below");
    hf_test_expect_failure("fit profile --optimizer icaco --bounds 1,6,3,3", 2, "of b is not below");
    hf_test_expect_failure("fit profile --optimizer icaco --bounds 1,6,1.5", 2, "4 values");
    /* the old space-separated form: the next word is not taken as a value */
    hf_test_expect_failure("fit profile --optimizer icaco --bounds 1 6 1.5 6", 2,
                           "unexpected argument '6'");
    hf_test_expect_failure("fit profile --optimizer icaco --set imperialists=20", 2, "below countries");
    hf_test_expect_failure("fit profile --optimizer icaco --table /nonexistent.csv", 2, "/nonexistent.csv");
    hf_test_expect_failure("fit profile --optimizer icaco --sampling 0.5:x:0.9", 2, "sampling");
    hf_test_expect_failure("fit profile --optimizer icaco --table " TABLE " --sampling 0.1:0.1:0.9", 2,
               "not both");
    hf_test_expect_failure("fit profile --runs 3", 2, "--optimizer is required (or --list)");
    hf_test_expect_failure("fit nothing", 2, "unknown subcommand 'nothing' (valid: profile)");
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_icaco_no_options_uses_paper_settings),
        cmocka_unit_test(test_threads_change_only_seconds),
        cmocka_unit_test(test_trace_file_and_set),
        cmocka_unit_test(test_box_with_undefined_objective_is_refused),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
