/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_restitution_check.c — "hertzfit restitution" and "hertzfit
 * plot restitution" through the program: the table (columns, one row per
 * model and input, unclamped and clamped columns always), the exact model
 * returning its input (1e-9: the ODE tolerance, see test_impact.c), and
 * every bad input ending with exit 2 and one line naming the value.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"

/* The e_out column of the CSV row that starts with PREFIX (model,e_in,). */
static double e_out_of_row(const char *csv, const char *prefix)
{
    const char *row = strstr(csv, prefix);
    assert_non_null(row);
    return strtod(row + strlen(prefix), NULL);
}

static void test_table_all_models(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli("restitution --csv 0.25 0.625", &out, &err), 0);
    assert_non_null(strstr(out, "model,e_in,e_out,error,e_out_clamped,error_clamped\n"));
    /* header + 2 rows for every model but "profile" (needs --profile) */
    assert_int_equal(hf_test_count_lines(out), 1 + 2 * (HF_DAMPING_COUNT - 1));
    assert_null(strstr(out, "profile"));
    HF_ASSERT_CLOSE(e_out_of_row(out, "exact,0.25,"), 0.25, 1e-9, 0.0);
    HF_ASSERT_CLOSE(e_out_of_row(out, "exact,0.625,"), 0.625, 1e-9, 0.0);
    assert_string_equal(err, "");
    free(out);
    free(err);
}

static void test_table_reports_clamped_too(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli("restitution --model gharib-hurmuzlu --csv 0.3", &out, NULL),
                     0);
    assert_non_null(strstr(out, "model,e_in,e_out,error,e_out_clamped,error_clamped\n"));
    assert_int_equal(hf_test_count_lines(out), 2);
    double v[5];
    const char *row = strchr(out, '\n') + 1;
    assert_int_equal(sscanf(row, "gharib-hurmuzlu,%lf,%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2],
                            &v[3], &v[4]), 5);
    /* error = e_out − e_in, computed from the same doubles: exact up to
     * the one rounding of the subtraction. */
    HF_ASSERT_CLOSE(v[2], v[1] - v[0], 1e-15, 0.0);
    HF_ASSERT_CLOSE(v[4], v[3] - v[0], 1e-15, 0.0);
    /* Clamping changes nothing in this 1-DOF impact (impact.h): the two
     * runs differ only by ODE and event tolerance, 1e-9. */
    HF_ASSERT_CLOSE(v[3], v[1], 1e-9, 0.0);
    free(out);
}

static void test_smallest_supported_restitution(void **state)
{
    (void)state;
    char *out = NULL;
    /* c = 1e-6, the bottom of the supported domain, still runs for every
     * model; the exact h_r returns it to the ODE tolerance (relative 1e-6
     * here: e_out is 1e-6, the absolute error of test_impact.c's 1e-9
     * bound would say nothing). */
    assert_int_equal(hf_test_cli("restitution --csv 1e-6", &out, NULL), 0);
    assert_int_equal(hf_test_count_lines(out), 1 + (HF_DAMPING_COUNT - 1));
    HF_ASSERT_CLOSE(e_out_of_row(out, "exact,9.9999999999999995e-07,"), 1e-6, 0.0, 1e-6);
    free(out);
}

static void test_profile_model(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli("restitution --model profile --a 1.5 --b 5.5 --csv 0.5",
                                 &out, NULL), 0);
    assert_int_equal(hf_test_count_lines(out), 2);
    assert_non_null(strstr(out, "profile,0.5,"));
    free(out);
}

static void test_bad_inputs(void **state)
{
    (void)state;
    hf_test_expect_failure("restitution 1.5", 2, "e_in: 1.5 is outside [1e-06, 1]");
    hf_test_expect_failure("restitution 0", 2, "e_in: 0 is outside [1e-06, 1]");
    hf_test_expect_failure("restitution -0.2", 2, "e_in: -0.2 is outside [1e-06, 1]");
    hf_test_expect_failure("restitution -- -0.2", 2, "e_in: -0.2 is outside [1e-06, 1]");
    hf_test_expect_failure("restitution nan", 2, "'nan' is not finite");
    hf_test_expect_failure("restitution 0.5x", 2, "'0.5x' is not a number");
    hf_test_expect_failure("restitution --model nope 0.5", 2, "unknown damping model 'nope'");
    hf_test_expect_failure("restitution --model profile 0.5", 2, "needs --a and --b");
    hf_test_expect_failure("restitution 0.5 --a 1", 2, "--a needs --b");
    hf_test_expect_failure("restitution 0.5 --a 1 --b -2", 2, "--b: -2 must be > 0");
    hf_test_expect_failure("restitution", 2, "missing argument");
    /* Below 1e-6 the creep back to x = 0 exhausts the step budget; this used
     * to exit 1 with "no separation found by t = 624.755 s", a time in
     * units of delta_H/v printed as seconds. */
    hf_test_expect_failure("restitution 1e-9", 2, "e_in: 1e-9 is outside [1e-06, 1]");
    /* --clamp is gone: both sets of columns are always printed. */
    hf_test_expect_failure("restitution --clamp 0.5", 2, "--clamp");
    hf_test_expect_failure("plot restitution --points 5", 2, "--output is required");
}

static void test_plot_writes_png(void **state)
{
    (void)state;
    hf_test_plot_to_png("plot restitution --points 20", "restitution.png");
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_all_models),
        cmocka_unit_test(test_table_reports_clamped_too),
        cmocka_unit_test(test_smallest_supported_restitution),
        cmocka_unit_test(test_profile_model),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_plot_writes_png),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
