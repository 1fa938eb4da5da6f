/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_cli_calibration.c — the calibration subcommands (hr, models,
 * profile, grid, optimum) through the hertzfit program: --help, table and
 * CSV output, and every bad input of these commands (exit 2, one line on
 * stderr naming the argument and value, nothing on stdout).
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#define TABLE2 "data/safaeifar2020_table2.csv"

static char *run_ok(const char *args)
{
    char *captured = NULL;
    int rc = hf_test_cli(args, &captured, NULL);
    if (rc != 0)
        print_error("hertzfit %s exited %d\n", args, rc);
    assert_int_equal(rc, 0);
    assert_null(strstr(captured, "nan"));
    return captured;
}

static void test_help_for_every_subcommand(void **state)
{
    (void)state;
    const char *cmds[] = {"hr", "models", "profile", "grid", "optimum"};
    for (size_t i = 0; i < 5; ++i) {
        char args[64];
        snprintf(args, sizeof args, "%s --help", cmds[i]);
        char *out = run_ok(args);
        assert_non_null(strstr(out, "usage: hertzfit"));
        free(out);
    }
    char *out = run_ok("--help");
    assert_non_null(strstr(out, "optimum"));
    free(out);
}

static void test_hr_csv(void **state)
{
    (void)state;
    char *out = run_ok("hr --model all --csv 0.5 1");
    /* 9 models without (a, b) × 2 values + header. */
    assert_int_equal(hf_test_count_lines(out), 19);
    assert_non_null(strstr(out, "poursina-residual,1,0\n"));
    assert_non_null(strstr(out, "model,c_r,h_r\n"));
    assert_non_null(strstr(out, "hunt-crossley,0.5,0.75\n"));
    assert_non_null(strstr(out, "exact,1,0\n"));
    assert_non_null(strstr(out, "exact,0.5,1.43275053327137"));
    free(out);
    char *profile_out = run_ok("hr --model profile --a 2.5 --b 2 --csv 0.5");
    /* Hu-Guo: h = (3/2)(1-c)/c = 1.5 at c = 0.5, up to Beta rounding. */
    double h = 0.0;
    assert_int_equal(sscanf(profile_out, "model,c_r,h_r\nprofile,0.5,%lf", &h), 1);
    HF_ASSERT_CLOSE(h, 1.5, 0.0, 1e-14);
    free(profile_out);
}

static void test_models_lists_every_name(void **state)
{
    (void)state;
    char *out = run_ok("models --csv");
    const char *names[] = {"hunt-crossley", "lankarani-nikravesh", "flores", "gharib-hurmuzlu",
                           "hu-guo", "safaeifar-farshidianfar", "icaco", "exact", "profile"};
    for (size_t i = 0; i < 9; ++i)
        assert_non_null(strstr(out, names[i]));
    free(out);
}

static void test_optimum_and_grid_from_table(void **state)
{
    (void)state;
    char *out = run_ok("optimum --table " TABLE2 " --valley-b 3.409 --csv");
    /* valley a(3.409) = 2.946, I = 0.31790..., K0 = 1.25825..., RMS = 12.5955... */
    assert_non_null(strstr(out, "a,b,I,K0,rms_pct\n2.94"));
    assert_non_null(strstr(out, ",3.4089999999999998,0.3179"));
    assert_non_null(strstr(out, ",1.2582"));
    assert_non_null(strstr(out, ",12.5955"));
    free(out);
    out = run_ok("grid --table " TABLE2 " --csv");
    /* the '#' line on the table's fit, the header, 11 x 10 rows */
    assert_int_equal(hf_test_count_lines(out), 112);
    assert_true(strncmp(out, "# table " TABLE2 ": RMS^2 fitted", 30) == 0);
    free(out);
    out = run_ok("profile --a 2 --b 2 --csv");
    assert_non_null(strstr(out, "a,b,I,K0,rms_pct\n2,2,0.2497"));
    free(out);
}

static void test_bad_inputs(void **state)
{
    (void)state;
    hf_test_expect_failure("hr 0", 2, "c_r: 0 is outside (0, 1]");
    hf_test_expect_failure("hr -0.5", 2, "c_r: -0.5 is outside (0, 1]");
    hf_test_expect_failure("hr 1.5", 2, "c_r: 1.5 is outside (0, 1]");
    hf_test_expect_failure("hr nan", 2, "'nan' is not finite");
    hf_test_expect_failure("hr inf", 2, "'inf' is not finite");
    hf_test_expect_failure("hr 0.5 abc", 2, "'abc' is not a number");
    hf_test_expect_failure("hr", 2, "missing argument");
    hf_test_expect_failure("hr --model nope 0.5", 2, "unknown damping model 'nope' (valid: ");
    hf_test_expect_failure("hr --model profile 0.5", 2, "needs --a and --b");
    hf_test_expect_failure("hr --model profile --a 0 --b 2 0.5", 2, "--a: 0 must be > 0");
    hf_test_expect_failure("hr --model profile --a 2 0.5", 2, "--a needs --b");
    hf_test_expect_failure("hr --bogus 0.5", 2, "unknown option '--bogus' (valid: --model,");
    hf_test_expect_failure("profile --a -1 --b 2", 2, "--a: -1 must be > 0");
    hf_test_expect_failure("profile --a 1 --b 0", 2, "--b: 0 must be > 0");
    hf_test_expect_failure("profile --a x --b 2", 2, "--a: 'x' is not a number");
    hf_test_expect_failure("profile --b 2", 2, "--a is required");
    hf_test_expect_failure("profile --a 1 --b 2 --sampling 0.1:0:0.9", 2,
                           "STEP 0 of '0.1:0:0.9' must be positive");
    hf_test_expect_failure("grid --sampling 0.9:0.1:0.1", 2, "START 0.9 of '0.9:0.1:0.1' is above STOP 0.1");
    hf_test_expect_failure("grid --sampling 0.1:0.1:1.5", 2, "outside (0, 1]");
    hf_test_expect_failure("grid --sampling 0:0.1:0.5", 2, "outside (0, 1]");
    hf_test_expect_failure("optimum --table /nonexistent/t.csv", 2, "/nonexistent/t.csv: cannot open");
    hf_test_expect_failure("optimum --valley-b -2", 2, "--valley-b: -2 must be > 0");
    hf_test_expect_failure("optimum --table " TABLE2 " --sampling 0.1:0.1:0.9", 2, "not both");
    const char *path = hf_test_tmp_path("bad-table");
    hf_test_write_file(path, "a,b,rms_pct\n1,1.5,95.092\n1,2,oops\n");
    char args[1200];
    snprintf(args, sizeof args, "optimum --table %s", path);
    hf_test_expect_failure(args, 2, ":3:3: column 'rms_pct': 'oops' is not a number");
    hf_test_write_file(path, "a,rms_pct\n1,2\n");
    hf_test_expect_failure(args, 2, ":1: no column 'b' (the header has: a, rms_pct)");
    remove(path);
}

static void test_more_bad_inputs(void **state)
{
    (void)state;
    hf_test_expect_failure("grid --sampling 0.5:-0.1:0.9", 2, "STEP -0.1 of '0.5:-0.1:0.9' must be positive");
    hf_test_expect_failure("grid --sampling hgeom:2:1:5", 2, "need 0 < h0 < h1");
    hf_test_expect_failure("grid --sampling hgeom:0.1:1:1", 2, "must be an integer from 2");
    hf_test_expect_failure("grid --sampling hgeom:0.1:1:x", 2, "is not hgeom:H0:H1:N");
    hf_test_expect_failure("hr --model profile --a 1 --b 0 0.5", 2, "--b: 0 must be > 0");
    hf_test_expect_failure("hr 1e-310", 2, "c_r 1e-310 with model exact: h_r is not representable");
    hf_test_expect_failure("profile --a 1e-308 --b 2", 2, "I(a, b) is not representable");
    const char *path = hf_test_tmp_path("samples");
    char args[1200];
    hf_test_write_file(path, "c_r\n0.2\n# comment\n0.4x\n");
    snprintf(args, sizeof args, "optimum --sampling file:%s", path);
    hf_test_expect_failure(args, 2, ":4:1: column 'c_r': '0.4x' is not a number");
    hf_test_write_file(path, "c_r\n");
    hf_test_expect_failure(args, 2, "no c_r values");
    hf_test_write_file(path, "0.2\n0.4\n");
    hf_test_expect_failure(args, 2, "no column 'c_r'");
    hf_test_write_file(path, "a,b,rms_pct\n");
    snprintf(args, sizeof args, "optimum --table %s", path);
    hf_test_expect_failure(args, 2, "need at least 3 rows");
    hf_test_write_file(path, "");
    hf_test_expect_failure(args, 2, "no header row");
    /* K0 = 1.05, 2, 3 (a on the b = 2 valley) with RMS^2 = 9, 0.01, 4: the
     * parabola through them dips to about -0.29, so it is no RMS table. */
    hf_test_write_file(path, "a,b,rms_pct\n30.018430,2,3\n1.049648,2,0.1\n0.395935,2,2\n");
    hf_test_expect_failure(args, 2, "below zero");
    /* A concave fit (high in the middle) has no minimum. */
    hf_test_write_file(path, "a,b,rms_pct\n30.018430,2,0.1\n1.049648,2,3\n0.395935,2,0.1\n");
    hf_test_expect_failure(args, 2, "has no minimum");
    remove(path);
    hf_test_expect_failure("optimum --table /", 2, "/");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_for_every_subcommand),
        cmocka_unit_test(test_hr_csv),
        cmocka_unit_test(test_models_lists_every_name),
        cmocka_unit_test(test_optimum_and_grid_from_table),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_more_bad_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
