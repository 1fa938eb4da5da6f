/*
 * tests/test_cli_help.c — every subcommand and sub-subcommand of hertzfit
 * answers --help with its usage and exit 0; plot outputs are checked before
 * any work (exit 2); and the calibration commands' bad inputs not covered
 * elsewhere.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

static void test_every_command_has_help(void **state)
{
    (void)state;
    const char *cmds[] = {
        "hr", "models", "profile", "grid", "optimum", "fit", "fit profile",
        "maxwell", "maxwell constants", "maxwell simulate", "maxwell fit", "restitution",
        "copt", "copt fit", "bounce", "bench", "bench run", "bench merge", "bench report",
        "plot", "plot convergence", "plot maxwell", "plot restitution", "plot bounce"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; ++i) {
        char args[96];
        snprintf(args, sizeof args, "%s --help", cmds[i]);
        char *out = NULL, *err = NULL;
        int rc = hf_test_cli(args, &out, &err);
        if (rc != 0 || strstr(out, "usage: hertzfit") == NULL)
            print_error("hertzfit %s -> %d\nstdout: %s\nstderr: %s\n", args, rc, out, err);
        assert_int_equal(rc, 0);
        assert_non_null(strstr(out, "usage: hertzfit"));
        free(out);
        free(err);
    }
}

static void test_plot_outputs_are_checked_first(void **state)
{
    (void)state;
    hf_test_expect_failure("plot bounce -o /nonexistent-dir/x.png", 2, "cannot write '/nonexistent-dir/x.png'");
    hf_test_expect_failure("plot restitution -o /nonexistent-dir/x.png", 2, "cannot write");
    hf_test_expect_failure("plot restitution -o \"a'b.png\"", 2, "contains a quote");
    hf_test_expect_failure("plot convergence x.csv -o \"$(printf 'a\\nb.png')\"", 2, "control character");
    hf_test_expect_failure("plot convergence x.csv -o y.png --title 'a\\b'", 2, "backslash");
    hf_test_expect_failure("plot maxwell --data data/maxwell_synthetic_clean.csv --nu 0.5 "
                 "-o /nonexistent-dir/m.png", 2, "cannot write");
}

static void test_more_calibration_bad_inputs(void **state)
{
    (void)state;
    hf_test_expect_failure("grid --sampling 0.5:-0.1:0.9", 2, "step -0.1 must be positive");
    hf_test_expect_failure("grid --sampling hgeom:2:1:5", 2, "need 0 < h0 < h1");
    hf_test_expect_failure("grid --sampling hgeom:0.1:1:1", 2, "must be an integer from 2");
    hf_test_expect_failure("hr --model profile --a 1 --b 0 0.5", 2, "--b: 0 must be positive");
    hf_test_expect_failure("hr 1e-310", 2, "c_r '1e-310' with model exact: h_r is not representable");
    hf_test_expect_failure("profile --a 1e-308 --b 2", 2, "I(a, b) is not representable");
    const char *path = hf_test_tmp_path("samples");
    char args[1200];
    hf_test_write_file(path, "0.2\n# comment\n0.4x\n");
    snprintf(args, sizeof args, "optimum --sampling file:%s", path);
    hf_test_expect_failure(args, 2, ":3:1: '0.4x' is not a number");
    hf_test_write_file(path, "");
    hf_test_expect_failure(args, 2, "no c_r values");
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
        cmocka_unit_test(test_every_command_has_help),
        cmocka_unit_test(test_plot_outputs_are_checked_first),
        cmocka_unit_test(test_more_calibration_bad_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
