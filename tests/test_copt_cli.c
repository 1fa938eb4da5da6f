/*
 * tests/test_copt_cli.c — "hertzfit copt" and "hertzfit copt fit" through
 * the program: columns, agreement with the library to the last bit (CSV
 * prints %.17g, which round-trips), thread-count independence of the
 * refit, and every bad input ending with exit 2 and one line naming it.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/copt.h"

static void test_copt_table(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli("copt --n 1.5 --e 0.5 1 --m 2 --k 1e7 --v0 3 --csv", &out,
                                 &err), 0);
    assert_string_equal(err, "");
    const char *header = "n,e,c_opt,c_closed_form,e_out_closed_form\n";
    assert_int_equal(strncmp(out, header, strlen(header)), 0);
    assert_int_equal(hf_test_count_lines(out), 3);
    double n, e, c, cf, e_cf, expected;
    const char *row = out + strlen(header);
    assert_int_equal(sscanf(row, "%lf,%lf,%lf,%lf,%lf", &n, &e, &c, &cf, &e_cf), 5);
    assert_int_equal(hf_copt_solve(1.5, 0.5, 2.0, 1e7, 3.0, NULL, &expected, NULL), HF_OK);
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
    assert_int_equal(hf_test_cli("copt fit --n-grid 1:2:3 --e-grid 0.45:1:15 --threads 1 --csv",
                                 &one, &err), 0);
    /* stderr is not a terminal here: no progress line. */
    assert_string_equal(err, "");
    assert_int_equal(hf_test_cli("copt fit --n-grid 1:2:3 --e-grid 0.45:1:15 --threads 2 --csv",
                                 &two, NULL), 0);
    assert_string_equal(one, two);
    assert_non_null(strstr(one, "n,alpha,beta,rms_residual,alpha_eq46,beta_eq47\n"));
    assert_int_equal(hf_test_count_lines(one), 4);
    free(one);
    free(two);
    free(err);
}

static void expect_bad(const char *args, const char *needle)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 2 || strstr(err, needle) == NULL || hf_test_count_lines(err) != 1)
        fail_msg("'%s': exit %d, stderr '%s' (wanted exit 2 and '%s')", args, rc, err, needle);
    assert_string_equal(out, "");
    free(out);
    free(err);
}

static void test_bad_inputs(void **state)
{
    (void)state;
    expect_bad("copt --n 2.5 --e 0.5", "n = 2.5 is outside [1, 2]");
    expect_bad("copt --n 0.9 --e 0.5", "n = 0.9 is outside [1, 2]");
    expect_bad("copt --n 1.5 --e 0.5 1.5", "e = 1.5 is outside (0, 1]");
    expect_bad("copt --n 1.5 --e 0", "e = 0 is outside (0, 1]");
    expect_bad("copt --n 1.5 --e 0.5 --m -1", "mass m = -1");
    expect_bad("copt --n 1.5 --e 0.5 --k 0", "stiffness k = 0");
    expect_bad("copt --n 1.5 --e 0.5 --v0 nan", "'nan' is not finite");
    expect_bad("copt --n 1.5 --e 0.5 --v0 0", "impact velocity v = 0");
    expect_bad("copt --n 1.5 --e 0.5 --c-max 0.01", "no root in [0, c_max = 0.01]");
    expect_bad("copt --n 1.5", "--e is required");
    expect_bad("copt fit --n-grid 0.5:2:3", "n = 0.5 is outside [1, 2]");
    expect_bad("copt fit --n-grid 2:1:3", "START = 2 is not below STOP = 1");
    expect_bad("copt fit --e-grid 0.45:1:2", "the fit needs >= 3");
    expect_bad("copt fit --e-grid 0:1:5", "e = 0 is outside (0, 1]");
    expect_bad("copt fit --e-grid abc", "'abc' is not a number or START:STOP:COUNT");
    expect_bad("copt fit --threads -1", "'-1' is not a non-negative integer");
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
