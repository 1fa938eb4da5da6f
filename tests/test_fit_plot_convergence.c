/*
 * tests/test_fit_plot_convergence.c — `hertzfit plot convergence`: draws
 * a PNG from the traces `fit profile --trace` writes (one curve per file,
 * labelled by the "# optimizer=" line), and refuses bad input with exit 2
 * and one line naming the file, line or option.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/status.h"

static void run_ok(const char *args)
{
    char *err = NULL;
    int rc = hf_test_cli(args, NULL, &err);
    if (rc != 0)
        print_error("hertzfit %s -> %d: %s\n", args, rc, err);
    assert_int_equal(rc, 0);
    free(err);
}

static void expect_bad(const char *args, const char *needle)
{
    char *err = NULL;
    int rc = hf_test_cli(args, NULL, &err);
    if (rc != 2 || strstr(err, needle) == NULL)
        print_error("hertzfit %s -> %d: %s\n", args, rc, err);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(err, needle));
    assert_int_equal(hf_test_count_lines(err), 1);
    free(err);
}

static void test_plot_from_two_traces(void **state)
{
    (void)state;
    char ica[512], icaco[512], png[512], args[2048];
    snprintf(ica, sizeof ica, "%s", hf_test_tmp_path("trace-ica.csv"));
    snprintf(icaco, sizeof icaco, "%s", hf_test_tmp_path("trace-icaco.csv"));
    snprintf(png, sizeof png, "%s", hf_test_tmp_path("conv.png"));
    snprintf(args, sizeof args, "fit profile --optimizer ica --runs 6 --trace %s", ica);
    run_ok(args);
    snprintf(args, sizeof args, "fit profile --optimizer icaco --runs 6 --trace %s", icaco);
    run_ok(args);
    remove(png);
    snprintf(args, sizeof args, "plot convergence %s %s -o %s --x evals", ica, icaco, png);
    run_ok(args);
    FILE *fp = fopen(png, "rb");
    assert_non_null(fp);
    unsigned char magic[8] = {0};
    assert_int_equal(fread(magic, 1, 8, fp), 8);
    fclose(fp);
    assert_memory_equal(magic, "\x89PNG\r\n\x1a\n", 8);
    remove(png);
    remove(ica);
    remove(icaco);
}

static void test_bad_input(void **state)
{
    (void)state;
    char path[512], args[1200];
    snprintf(path, sizeof path, "%s", hf_test_tmp_path("bad-trace.csv"));
    hf_test_write_file(path, "run,iter,evals,best_rms_pct\n0,1,20,12.7\n0,0,40,12.6\n");
    snprintf(args, sizeof args, "plot convergence %s -o /tmp/x.png", path);
    expect_bad(args, ":3: iter = 0");
    hf_test_write_file(path, "run,iter,evals\n0,1,20\n");
    expect_bad(args, "best_rms_pct");
    hf_test_write_file(path, "run,iter,evals,best_rms_pct\n0,1,20,abc\n");
    expect_bad(args, "'abc'");
    remove(path);
    expect_bad("plot convergence /nonexistent-trace.csv -o /tmp/x.png", "/nonexistent-trace.csv");
    snprintf(args, sizeof args, "plot convergence %s", path);
    expect_bad(args, "-o FILE.png is required");
    snprintf(args, sizeof args, "plot convergence %s -o /tmp/x.png --x time", path);
    expect_bad(args, "--x: 'time'");
    expect_bad("plot convergence -o /tmp/x.png", "missing argument");
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plot_from_two_traces),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
