/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_copt_cli.c — "hertzfit copt" and "hertzfit copt fit" through
 * the program: columns, agreement with the library to the last bit (CSV
 * prints %.17g, which round-trips), thread-count independence of the
 * refit, and every bad input ending with exit 2 and one line naming it.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"

/* The contact (n, m, k, v) of the tests' tables (hertzfit/contact.h). */
#define HERTZ(n, m, k, v) \
    (&(const hf_contact){.mass = (m), .stiffness = (k), .exponent = (n), .approach_speed = (v)})

static void test_copt_table(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli("copt --n 1.5 --e 0.5,1 --m 2 --k 1e7 --v0 3 --csv", &out,
                                 &err), 0);
    assert_string_equal(err, "");
    const char *header = "n,e,c_opt,c_closed_form,e_out_closed_form\n";
    assert_int_equal(strncmp(out, header, strlen(header)), 0);
    assert_int_equal(hf_test_count_lines(out), 3);
    double n, e, c, cf, e_cf, expected;
    const char *row = out + strlen(header);
    assert_int_equal(sscanf(row, "%lf,%lf,%lf,%lf,%lf", &n, &e, &c, &cf, &e_cf), 5);
    assert_int_equal(hf_copt_solve(HERTZ(1.5, 2.0, 1e7, 3.0), 0.5, NULL, &expected, NULL), HF_OK);
    HF_ASSERT_CLOSE(c, expected, 0.0, 0.0);
    /* Eq. 49 is a fit: its restitution is near, not at, e (|err| < 0.01
     * over [0.45, 1] at n = 3/2, measured 9e-4 at e = 0.5). */
    HF_ASSERT_CLOSE(e_cf, 0.5, 0.01, 0.0);
    row = strchr(row, '\n') + 1;
    assert_int_equal(sscanf(row, "%lf,%lf,%lf,%lf,%lf", &n, &e, &c, &cf, &e_cf), 5);
    assert_true(c == 0.0 && cf == 0.0);
    HF_ASSERT_CLOSE(e_cf, 1.0, 1e-10, 0.0);
    free(out);
    free(err);
}

static void test_fit_same_with_one_and_two_threads(void **state)
{
    (void)state;
    char *one = NULL, *two = NULL, *err = NULL;
    assert_int_equal(hf_test_cli("copt fit --n-grid 1:0.5:2 --e-grid 0.45:0.04:1 --threads 1 "
                                 "--csv", &one, &err), 0);
    /* stderr is not a terminal here: no progress line. */
    assert_string_equal(err, "");
    assert_int_equal(hf_test_cli("copt fit --n-grid 1:0.5:2 --e-grid 0.45:0.04:1 --threads 2 "
                                 "--csv", &two, NULL), 0);
    assert_string_equal(one, two);
    assert_non_null(strstr(one, "n,alpha,beta,rms_residual,alpha_eq46,beta_eq47\n"));
    assert_int_equal(hf_test_count_lines(one), 4);
    free(one);
    free(two);
    free(err);
}

static void test_bad_inputs(void **state)
{
    (void)state;
    hf_test_expect_failure("copt --n 2.5 --e 0.5", 2, "--n: 2.5 is outside [1, 2]");
    hf_test_expect_failure("copt --n 0.9 --e 0.5", 2, "--n: 0.9 is outside [1, 2]");
    hf_test_expect_failure("copt --n 1.5 --e 0.5,1.5", 2, "--e: 1.5 is outside [1e-06, 1]");
    hf_test_expect_failure("copt --n 1.5 --e 0", 2, "--e: 0 is outside [1e-06, 1]");
    hf_test_expect_failure("copt --n 1.5 --e 0.5 --m -1", 2, "mass m = -1");
    hf_test_expect_failure("copt --n 1.5 --e 0.5 --k 0", 2, "stiffness K = 0");
    hf_test_expect_failure("copt --n 1.5 --e 0.5 --v0 nan", 2, "'nan' is not finite");
    hf_test_expect_failure("copt --n 1.5 --e 0.5 --v0 0", 2, "approach speed v = 0");
    hf_test_expect_failure("copt --n 1.5 --e 0.5 --c-max 0.01", 2, "no root in [0, c_max = 0.01]");
    hf_test_expect_failure("copt --n 1.5", 2, "--e is required");
    /* The supported domain (hertzfit/impact.h): these used to end with
     * exit 1 and a GSL error at t = 0 (e = 1e-300: h overflows; v0 = 1e300
     * or m = 1e-300, k = 1e300: the physical impact's scales overflow). */
    hf_test_expect_failure("copt --e 1e-300", 2, "--e: 1e-300 is outside [1e-06, 1]");
    hf_test_expect_failure("copt --e 1e-7", 2, "--e: 1e-7 is outside [1e-06, 1]");
    hf_test_expect_failure("copt --n 2 --e 0.5 --v0 1e300", 2,
                           "v = 1e+300 give a deformation scale delta_H (m) of 1e200");
    hf_test_expect_failure("copt --e 1e-4 --m 1e-300 --k 1e300", 2,
                           "m = 1e-300, k = 1e+300, v = 1 give a deformation scale");
    hf_test_expect_failure("copt fit --n-grid 0.5:0.5:2", 2,
                           "--n-grid: 0.5:0.5:2 is outside [1, 2]");
    hf_test_expect_failure("copt fit --n-grid 2:0.5:1", 2, "START 2 of '2:0.5:1' is above STOP 1");
    hf_test_expect_failure("copt fit --n-grid 1:0:2", 2, "STEP 0 of '1:0:2' must be positive");
    hf_test_expect_failure("copt fit --e-grid 0.45:0.5:1", 2, "the power fit needs >= 3 e values");
    hf_test_expect_failure("copt fit --e-grid 0:0.25:1", 2, "--e-grid: 0:0.25:1 is outside [1e-06, 1]");
    hf_test_expect_failure("copt fit --e-grid abc", 2, "'abc' is not START:STEP:STOP or one number");
    /* the old START:STOP:COUNT form reads as a step larger than the range */
    hf_test_expect_failure("copt fit --n-grid 1:2:5", 2, "--n-grid: 1:2:5 is outside [1, 2]");
    hf_test_expect_failure("copt fit --threads -1", 2, "'-1' is not a whole number from 0 below 2^63");
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copt_table),
        cmocka_unit_test(test_fit_same_with_one_and_two_threads),
        cmocka_unit_test(test_bad_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
