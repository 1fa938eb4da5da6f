/*
 * tests/test_restitution_check.c — "hertzfit restitution" and "hertzfit
 * plot restitution" through the program: the table (columns, one row per
 * model and input, --clamp adding both clamped columns), the exact model
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
    assert_non_null(strstr(out, "model,e_in,e_out,error\n"));
    /* header + 2 rows for every model but "profile" (needs --profile) */
    assert_int_equal(hf_test_count_lines(out), 1 + 2 * (hf_damping_count() - 1));
    assert_null(strstr(out, "profile"));
    HF_ASSERT_CLOSE(e_out_of_row(out, "exact,0.25,"), 0.25, 1e-9, 0.0);
    HF_ASSERT_CLOSE(e_out_of_row(out, "exact,0.625,"), 0.625, 1e-9, 0.0);
    assert_string_equal(err, "");
    free(out);
    free(err);
}

static void test_clamp_reports_both(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli("restitution --model gharib-hurmuzlu --clamp --csv 0.3",
                                 &out, NULL), 0);
    assert_non_null(strstr(out, "model,e_in,e_out,error,e_out_clamped,error_clamped\n"));
    assert_int_equal(hf_test_count_lines(out), 2);
    double v[6];
    const char *row = strchr(out, '\n') + 1;
    assert_int_equal(sscanf(row, "gharib-hurmuzlu,%lf,%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2],
                            &v[3], &v[4]), 5);
    HF_ASSERT_CLOSE(v[2], v[1] - v[0], 1e-15, 0.0);
    /* Clamping changes nothing in this 1-DOF impact (impact.h): 1e-9. */
    HF_ASSERT_CLOSE(v[3], v[1], 1e-9, 0.0);
    free(out);
}

static void test_profile_model(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli("restitution --model profile --profile 1.5 5.5 --csv 0.5",
                                 &out, NULL), 0);
    assert_int_equal(hf_test_count_lines(out), 2);
    assert_non_null(strstr(out, "profile,0.5,"));
    free(out);
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
    expect_bad("restitution 1.5", "1.5 is outside (0, 1]");
    expect_bad("restitution 0", "c = 0 is outside (0, 1]");
    expect_bad("restitution -- -0.2", "-0.2 is outside (0, 1]");
    expect_bad("restitution nan", "'nan' is not finite");
    expect_bad("restitution 0.5x", "'0.5x' is not a number");
    expect_bad("restitution --model nope 0.5", "unknown damping model 'nope'");
    expect_bad("restitution --model profile 0.5", "needs --profile");
    expect_bad("restitution 0.5 --profile 1", "--profile needs two values");
    expect_bad("restitution 0.5 --profile 1 -2", "b = -2 must be positive");
    expect_bad("restitution", "missing argument");
    expect_bad("plot restitution --points 5", "-o FILE.png is required");
}

static void test_plot_writes_png(void **state)
{
    (void)state;
    if (system("command -v gnuplot > /dev/null 2>&1") != 0)
        skip();
    char args[512];
    const char *png = hf_test_tmp_path("restitution.png");
    remove(png);
    snprintf(args, sizeof args, "plot restitution --points 20 -o '%s'", png);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    FILE *fp = fopen(png, "rb");
    assert_non_null(fp);
    unsigned char magic[4] = {0};
    assert_int_equal(fread(magic, 1, 4, fp), 4);
    fclose(fp);
    assert_memory_equal(magic, "\x89PNG", 4);
    remove(png);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_all_models),
        cmocka_unit_test(test_clamp_reports_both),
        cmocka_unit_test(test_profile_model),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_plot_writes_png),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
