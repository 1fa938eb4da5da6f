/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_fit_plot_convergence.c — `hertzfit plot convergence`: draws
 * a PNG from the traces `fit profile --trace` writes (one curve per file,
 * labelled by its optimizer column), keeps a label read from a file inert
 * in the gnuplot script, and refuses bad input with exit 2 and one line
 * naming the file, line or option.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/status.h"

static void test_plot_from_two_traces(void **state)
{
    (void)state;
    char ica[512], icaco[512], png[512], args[2048];
    snprintf(ica, sizeof ica, "%s", hf_test_tmp_path("trace-ica.csv"));
    snprintf(icaco, sizeof icaco, "%s", hf_test_tmp_path("trace-icaco.csv"));
    snprintf(png, sizeof png, "%s", hf_test_tmp_path("conv.png"));
    snprintf(args, sizeof args, "fit profile --optimizer ica --runs 6 --trace %s", ica);
    hf_test_cli_ok(args);
    snprintf(args, sizeof args, "fit profile --optimizer icaco --runs 6 --trace %s", icaco);
    hf_test_cli_ok(args);
    remove(png);
    snprintf(args, sizeof args, "plot convergence %s %s -o %s --x evals", ica, icaco, png);
    hf_test_cli_ok(args);
    hf_test_assert_png(png);
    remove(png);
    remove(ica);
    remove(icaco);
}

/* A label is data: quotes, backquotes and gnuplot's system() in the
 * optimizer column are printed, never run. */
static void test_label_from_a_file_is_inert(void **state)
{
    (void)state;
    if (!hf_test_have_gnuplot())
        skip();
    char path[512], mark[512], png[512], text[4096], args[2048];
    snprintf(path, sizeof path, "%s", hf_test_tmp_path("evil-trace.csv"));
    snprintf(mark, sizeof mark, "%s", hf_test_tmp_path("evil-mark"));
    snprintf(png, sizeof png, "%s", hf_test_tmp_path("evil.png"));
    remove(mark);
    snprintf(text, sizeof text,
             "optimizer,problem,run,iteration,evaluations,best_f\n"
             "x'.system('touch %s').'`touch %s`,profile,0,1,20,13.5\n"
             "x'.system('touch %s').'`touch %s`,profile,0,2,40,12.9\n",
             mark, mark, mark, mark);
    hf_test_write_file(path, text);
    snprintf(args, sizeof args, "plot convergence %s -o %s", path, png);
    hf_test_cli_ok(args);
    hf_test_assert_png(png);
    FILE *fp = fopen(mark, "r");
    if (fp != NULL)
        fclose(fp);
    assert_null(fp);
    remove(png);
    remove(path);
}

static void test_bad_input(void **state)
{
    (void)state;
    char path[512], args[1200];
    snprintf(path, sizeof path, "%s", hf_test_tmp_path("bad-trace.csv"));
    hf_test_write_file(path, "optimizer,problem,run,iteration,evaluations,best_f\n"
                             "ica,profile,0,1,20,12.7\nica,profile,0,2,40,12.8\n");
    snprintf(args, sizeof args, "plot convergence %s -o /tmp/x.png", path);
    hf_test_expect_failure(args, 2, ":3: (iteration 2, evaluations 40, best_f 12.8");
    hf_test_write_file(path, "optimizer,problem,run,iteration,evaluations\nica,profile,0,1,20\n");
    hf_test_expect_failure(args, 2, ":1: no column 'best_f' (the header has: optimizer, problem, run, iteration, evaluations)");
    hf_test_write_file(path, "optimizer,problem,run,iteration,evaluations,best_f\n"
                             "ica,profile,0,1,20,abc\n");
    hf_test_expect_failure(args, 2, "'abc'");
    hf_test_write_file(path, "optimizer,problem,run,iteration,evaluations,best_f\n"
                             "ica,profile,0,x,20,12\n");
    hf_test_expect_failure(args, 2, ":2:4: column 'iteration': 'x' is not a count");
    hf_test_write_file(path, "optimizer,problem,run,iteration,evaluations,best_f\n");
    hf_test_expect_failure(args, 2, "no trace rows");
    remove(path);
    hf_test_expect_failure("plot convergence /nonexistent-trace.csv -o /tmp/x.png", 2, "/nonexistent-trace.csv");
    snprintf(args, sizeof args, "plot convergence %s", path);
    hf_test_expect_failure(args, 2, "--output is required");
    snprintf(args, sizeof args, "plot convergence %s -o /tmp/x.png --x time", path);
    hf_test_expect_failure(args, 2, "--x: unknown value 'time' (valid: iter, evals)");
    hf_test_expect_failure("plot convergence -o /tmp/x.png", 2, "missing argument");
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plot_from_two_traces),
        cmocka_unit_test(test_label_from_a_file_is_inert),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
