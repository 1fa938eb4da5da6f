/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_bench_cli.c — `hertzfit bench` through the program: a small
 * run, shards merged, a report; and every bad input a user can give (unknown
 * optimiser or problem with the valid names listed, dimension < 1, shard
 * i >= k, merge of different campaigns naming the field, an output
 * directory holding another campaign unless --force), each exiting 2 with
 * one line on stderr that names the problem.
 */
#define _POSIX_C_SOURCE 200809L
#include "hf_test.h"

#include <sys/stat.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/status.h"

static void run_ok(const char *args)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 0)
        print_error("hertzfit %s\nexit %d, stderr: %s\n", args, rc, err ? err : "(null)");
    assert_int_equal(rc, 0);
    /* stderr is a file here, not a terminal: no progress line */
    assert_string_equal(err, "");
    free(out);
    free(err);
}

/* bench report prints the summary on stdout (stderr may hold gnuplot's
 * font warnings, so only the exit code is checked there). */
static void run_report_ok(const char *args)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 0)
        print_error("hertzfit %s\nexit %d, stderr: %s\n", args, rc, err ? err : "(null)");
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "ecdf.png"));
    free(out);
    free(err);
}

#define SMALL "--optimizers ica,random --problems sphere:2,rastrigin:2 --runs 3 --budget 200"

static void test_run_merge_report(void **state)
{
    (void)state;
    char a[1100], b[1100], m[1100], args[4096];
    snprintf(a, sizeof a, "%s", hf_test_tmp_path("cli-s0"));
    snprintf(b, sizeof b, "%s", hf_test_tmp_path("cli-s1"));
    snprintf(m, sizeof m, "%s", hf_test_tmp_path("cli-merged"));
    snprintf(args, sizeof args, "bench run " SMALL " --shard 0/2 -o '%s' --force", a);
    run_ok(args);
    snprintf(args, sizeof args, "bench run " SMALL " --shard 1/2 --threads 1 -o '%s' --force", b);
    run_ok(args);
    snprintf(args, sizeof args, "bench merge '%s' '%s' -o '%s' --force", a, b, m);
    run_ok(args);
    char *out = NULL, *err = NULL;
    snprintf(args, sizeof args, "bench report '%s' --no-plot", m);
    assert_int_equal(hf_test_cli(args, &out, &err), 0);
    assert_non_null(strstr(out, "### rastrigin:2"));
    assert_non_null(strstr(out, "| 1 |"));
    free(out);
    free(err);
    /* the merged campaign holds all 2 x 2 x 3 tasks */
    snprintf(args, sizeof args, "%s/runs.csv", m);
    char *runs = hf_test_read_file(args);
    assert_non_null(runs);
    assert_int_equal(hf_test_count_lines(runs), 1 + 12);
    free(runs);
    if (hf_test_have_gnuplot()) {
        snprintf(args, sizeof args, "%s/report/ecdf.png", m);
        remove(args);
        snprintf(args, sizeof args, "bench report '%s'", m);
        run_report_ok(args);
        snprintf(args, sizeof args, "%s/report/ecdf.png", m);
        hf_test_assert_png(args);
    }
}

static void test_bad_inputs(void **state)
{
    (void)state;
    char d[1100], e[1100], args[4096];
    snprintf(d, sizeof d, "%s", hf_test_tmp_path("cli-bad"));
    snprintf(args, sizeof args, "bench run --optimizers icca --problems sphere:2 -o '%s'", d);
    hf_test_expect_failure(args, 2, "'icca'");
    hf_test_expect_failure(args, 2, "icaco");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems spere:2 -o '%s'", d);
    hf_test_expect_failure(args, 2, "'spere'");
    hf_test_expect_failure(args, 2, "rastrigin");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems sphere:0 -o '%s'", d);
    hf_test_expect_failure(args, 2, "sphere:0");
    hf_test_expect_failure(args, 2, ">= 1");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems rosenbrock:1 -o '%s'", d);
    hf_test_expect_failure(args, 2, "rosenbrock");
    hf_test_expect_failure(args, 2, ">= 2");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems profile:3 -o '%s'", d);
    hf_test_expect_failure(args, 2, "profile");
    hf_test_expect_failure(args, 2, "dimension 2");
    snprintf(args, sizeof args, "bench run " SMALL " --shard 2/2 -o '%s'", d);
    hf_test_expect_failure(args, 2, "'2/2'");
    hf_test_expect_failure(args, 2, "0 <= i < k");
    snprintf(args, sizeof args, "bench run " SMALL " --shard two -o '%s'", d);
    hf_test_expect_failure(args, 2, "'two'");
    hf_test_expect_failure(args, 2, "i/k");
    snprintf(args, sizeof args, "bench run " SMALL " --runs 0 -o '%s'", d);
    hf_test_expect_failure(args, 2, "--runs");
    hf_test_expect_failure(args, 2, "0 is outside [1, 1000000]");
    /* beyond the documented limit: refused by name before any allocation */
    snprintf(args, sizeof args, "bench run " SMALL " --runs 2147483648 -o '%s'", d);
    hf_test_expect_failure(args, 2, "--runs: 2147483648 is outside [1, 1000000]");
    hf_test_expect_failure("bench run " SMALL, 2, "--output is required");
    /* a list never takes the option after it as an item */
    snprintf(args, sizeof args, "bench run --optimizers ica --problems spere -o '%s'", d);
    hf_test_expect_failure(args, 2, "unknown problem 'spere'");
    hf_test_expect_failure("bench run --optimizers ica --problems -o x", 2,
                           "--problems needs a value");
    hf_test_expect_failure("bench run --problems sphere:2 -o x", 2,
                           "--optimizers is required (or --preset)");
    hf_test_expect_failure("bench run --preset fast -o x", 2,
                           "unknown campaign preset 'fast' (valid: paper, bbob, bbob-full)");
    /* a list option adds up over repeats: two rules for every dimension */
    snprintf(args, sizeof args, "bench run " SMALL " --budget 300 -o '%s'", d);
    hf_test_expect_failure(args, 2, "budget: two rules for every dimension");
    hf_test_expect_failure("bench frobnicate", 2, "'frobnicate'");
    hf_test_expect_failure("bench frobnicate", 2, "run, merge, report");

    /* a directory holding a different campaign: refused, then forced */
    snprintf(args, sizeof args, "bench run " SMALL " --seed 1 -o '%s' --force", d);
    run_ok(args);
    snprintf(args, sizeof args, "bench run " SMALL " --seed 2 -o '%s'", d);
    hf_test_expect_failure(args, 2, "different campaign");
    hf_test_expect_failure(args, 2, "'seed'");
    snprintf(args, sizeof args, "bench run " SMALL " --seed 2 -o '%s' --force", d);
    run_ok(args);

    /* merge of runs from different campaigns: the differing field named */
    snprintf(e, sizeof e, "%s", hf_test_tmp_path("cli-bad-e"));
    snprintf(args, sizeof args, "bench run --optimizers ica,random --problems sphere:2,rastrigin:2 "
                                "--runs 3 --budget 300 --seed 2 -o '%s' --force", e);
    run_ok(args);
    snprintf(args, sizeof args, "bench merge '%s' '%s' -o '%s-m'", d, e, d);
    hf_test_expect_failure(args, 2, "'problem.rastrigin:2.budget'");
    hf_test_expect_failure(args, 2, "differs");
    snprintf(args, sizeof args, "bench report '%s/nothing'", d);
    hf_test_expect_failure(args, 2, "manifest.txt");

    /* a malformed runs.csv: file and line named */
    snprintf(args, sizeof args, "%s/runs.csv", e);
    hf_test_write_file(args, "optimizer,problem,run,seed,stream,best_f,evaluations,stop,seconds,"
                             "best_x\nica,sphere:2,0,1,2,nan,10,maxeval,0.1,\n");
    snprintf(args, sizeof args, "bench report '%s' --no-plot", e);
    hf_test_expect_failure(args, 2, "runs.csv:2:");
    snprintf(args, sizeof args, "bench merge '%s' -o '%s-m2'", e, e);
    hf_test_expect_failure(args, 2, "runs.csv:2:");
}

static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* One target option for `bench run` and `bench report`: the same list is
 * refused (or accepted) by both, and a refused or failed run leaves no
 * directory behind. */
static void test_targets_and_failed_runs(void **state)
{
    (void)state;
    char d[1100], f[1100], args[4096];
    snprintf(d, sizeof d, "%s", hf_test_tmp_path("cli-targets"));
    snprintf(f, sizeof f, "%s", hf_test_tmp_path("cli-failed"));
    snprintf(args, sizeof args, "rm -rf '%s'", f);
    assert_int_equal(system(args), 0);

    snprintf(args, sizeof args, "bench run " SMALL " --targets 1,1 -o '%s'", f);
    hf_test_expect_failure(args, 2, "target 1 is listed twice");
    assert_false(exists(f));
    snprintf(args, sizeof args, "bench run " SMALL " --targets 1,inf -o '%s'", f);
    hf_test_expect_failure(args, 2, "--targets: 'inf' is not finite");
    assert_false(exists(f));

    snprintf(args, sizeof args, "bench run " SMALL " -o '%s' --force", d);
    run_ok(args);
    snprintf(args, sizeof args, "bench report '%s' --no-plot --targets 1,1", d);
    hf_test_expect_failure(args, 2, "target 1 is listed twice");
    snprintf(args, sizeof args, "bench report '%s' --no-plot --targets 1,-2", d);
    hf_test_expect_failure(args, 2, "target -2 is not a finite positive number");
    snprintf(args, sizeof args, "bench report '%s' --no-plot --targets 1,x", d);
    hf_test_expect_failure(args, 2, "--targets: 'x' is not a number");
    /* accepted in any order; reported easiest first, each once */
    snprintf(args, sizeof args, "bench report '%s' --no-plot --targets 1e-3,1", d);
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli(args, &out, &err), 0);
    free(out);
    free(err);
    snprintf(args, sizeof args, "%s/report/ert.csv", d);
    char *ert = hf_test_read_file(args);
    assert_non_null(ert);
    const char *first = strstr(ert, "ica,rastrigin:2,1,");
    const char *second = strstr(ert, "ica,rastrigin:2,0.001,");
    assert_non_null(first);
    assert_non_null(second);
    assert_true(first < second);
    assert_null(strstr(second + 1, "ica,rastrigin:2,0.001,"));
    free(ert);

    /* NEWUOA refuses a 1-D problem only when the run starts (NLopt's own
     * check): the campaign fails after validation, and still no
     * directory is left behind */
    snprintf(args, sizeof args,
             "bench run --optimizers nlopt:LN_NEWUOA --problems sphere:1 --budget 5 -o '%s'", f);
    hf_test_expect_failure(args, 1, "dimension 1 must be >= 2");
    assert_false(exists(f));
    /* --shift reaches the campaign: recorded in the manifest */
    snprintf(args, sizeof args, "bench run " SMALL " --shift -o '%s' --force", f);
    run_ok(args);
    snprintf(args, sizeof args, "%s/manifest.txt", f);
    char *manifest = hf_test_read_file(args);
    assert_non_null(manifest);
    assert_non_null(strstr(manifest, "\nshift = pcg\n"));
    assert_non_null(strstr(manifest, "\nproblem.sphere:2.x_opt = "));
    free(manifest);
    snprintf(args, sizeof args, "rm -rf '%s'", f);
    assert_int_equal(system(args), 0);
    /* a missing parent directory is found before any task runs */
    snprintf(args, sizeof args, "bench run " SMALL " -o '%s/a/b'", f);
    hf_test_expect_failure(args, 2, "is not a directory");
    assert_false(exists(f));
}

/* `hertzfit ARGS` under a file-size limit of BLOCKS blocks fails (the
 * disk is "full"), naming DIR and the cause. */
static void expect_full_disk(unsigned blocks, const char *args, const char *dir)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli_with_file_limit(blocks, args, &out, &err);
    if (rc != 1 || err == NULL || strstr(err, "File too large") == NULL || strstr(err, dir) == NULL)
        print_error("hertzfit %s under a file limit: exit %d, stderr: %s\n", args, rc,
                    err ? err : "(null)");
    assert_int_equal(rc, 1);   /* a full disk is not bad input */
    assert_non_null(strstr(err, "File too large"));
    assert_non_null(strstr(err, dir));
    assert_int_equal(hf_test_count_lines(err), 1);
    free(out);
    free(err);
}

/* A campaign or a report whose writing fails (a full disk, made by a
 * file-size limit) leaves the previous directory as it was, and no
 * temporary directory beside it. */
static void test_failed_write_leaves_the_old_directory(void **state)
{
    (void)state;
    char d[1100], args[4096], path[1300], tmp_name[1200];
    snprintf(d, sizeof d, "%s", hf_test_tmp_path("cli-full"));
    snprintf(tmp_name, sizeof tmp_name, "%s.tmp-", strrchr(d, '/') + 1);
    snprintf(args, sizeof args, "bench run " SMALL " --output '%s' --force", d);
    run_ok(args);
    snprintf(path, sizeof path, "%s/trace.csv", d);
    char *trace = hf_test_read_file(path);
    assert_non_null(trace);
    snprintf(args, sizeof args, "bench run " SMALL " --seed 7 --output '%s' --force", d);
    expect_full_disk(4, args, d);
    hf_test_assert_file_is(path, trace);
    free(trace);
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, tmp_name), 0);

    char r[1200];
    snprintf(r, sizeof r, "%s/report", d);
    snprintf(args, sizeof args, "bench report '%s' --no-plot", d);
    char *out = NULL;
    assert_int_equal(hf_test_cli(args, &out, NULL), 0);
    free(out);
    snprintf(path, sizeof path, "%s/ecdf.csv", r);
    char *ecdf = hf_test_read_file(path);
    assert_non_null(ecdf);
    snprintf(args, sizeof args, "bench report '%s' --no-plot --targets 1,1e-1,1e-2", d);
    expect_full_disk(1, args, r);   /* the limit is per file; the report's are small */
    hf_test_assert_file_is(path, ecdf);
    free(ecdf);
    assert_int_equal(hf_test_count_entries(d, "report.tmp-"), 0);
    snprintf(args, sizeof args, "rm -rf '%s'", d);
    assert_int_equal(system(args), 0);
}

/* stdout of a successful `hertzfit ARGS` with nothing on stderr (caller
 * frees). */
static char *output_of(const char *args)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 0 || err == NULL || err[0] != '\0')
        print_error("hertzfit %s\nexit %d, stderr: %s\n", args, rc, err ? err : "(null)");
    assert_int_equal(rc, 0);
    assert_string_equal(err, "");
    free(err);
    return out;
}

/* `bench eval PROBLEM X...` prints f(x) as one %.17g number. */
static void assert_eval(const char *args, double expected, double rel)
{
    char *out = output_of(args);
    assert_int_equal(hf_test_count_lines(out), 1);
    char *end = NULL;
    double f = strtod(out, &end);
    assert_true(end != out && *end == '\n');
    if (!(fabs(f - expected) <= rel * fabs(expected)))
        print_error("hertzfit %s: %.17g, expected %.17g\n", args, f, expected);
    assert_true(fabs(f - expected) <= rel * fabs(expected));
    free(out);
}

/* References: BBOB values printed by COCO itself, copied from
 * tests/data/bbob/ (bbob_reference.csv rows (1,2,1,0), (8,3,2,1),
 * (20,5,15,2), (3,2,1,0); bbob_optima.csv row (3,2,2); its README says how
 * COCO printed them), within the 1e-9 relative that tests/test_bbob.c
 * allows; and a classic function by its formula: Rastrigin at (1/2, -1/2)
 * is 10·2 + 2·(1/4 − 10 cos π) = 40.5, exact in binary. */
static void test_eval(void **state)
{
    (void)state;
    assert_eval("bench eval bbob:1:2:1 0 0", 80.882094080000002, 1e-9);
    assert_eval("bench eval bbob:8:3:2 2.4375 0.8515625 3.8828125", 150687.12741080954, 1e-9);
    assert_eval("bench eval bbob:20:5:15 1.9921875 -2.28125 0.7890625 3.6953125 -1.21875",
                14782.946804229583, 1e-9);
    /* bbob:F:D alone is instance 1 */
    assert_eval("bench eval bbob:3:2 0 0", -383.06427743867573, 1e-9);
    assert_eval("bench eval rastrigin:2 0.5 -0.5", 40.5, 0.0);
    /* the optimum as COCO reports it */
    char *out = output_of("bench eval --optimum bbob:3:2:2");
    assert_string_equal(out, "problem bbob:3:2:2, dimension 2\n"
                             "x_opt = 2.3983999999999996 -0.85599999999999987\n"
                             "f_opt = 77.659999999999997\n");
    free(out);
    /* no point for the profile valley, said so */
    out = output_of("bench eval --optimum profile");
    assert_non_null(strstr(out, "x_opt = unknown: no single point"));
    assert_non_null(strstr(out, "\nf_opt = 12.02"));
    free(out);
    /* bad input: one line on stderr naming it, exit 2 */
    hf_test_expect_failure("bench eval bbob:1:2:1 0", 2,
                           "bbob:1:2:1 has dimension 2: give 2 coordinates, not 1");
    hf_test_expect_failure("bench eval bbob:1:2:1 0 0 0", 2, "give 2 coordinates, not 3");
    hf_test_expect_failure("bench eval sphere:2 0 zero", 2,
                           "coordinate 2: 'zero' is not a finite number");
    hf_test_expect_failure("bench eval sphere:2 0 nan", 2, "'nan' is not a finite number");
    hf_test_expect_failure("bench eval spere:2 0 0", 2, "unknown problem 'spere' (valid: ");
    hf_test_expect_failure("bench eval bbob:25:2 0 0", 2, "BBOB function 25 is not in 1..24");
    hf_test_expect_failure("bench eval --optimum sphere:2 0 0", 2,
                           "--optimum takes the problem only");
    hf_test_expect_failure("bench eval profile -1 2", 2, "profile is not defined at this point");
    hf_test_expect_failure("bench eval", 2, "missing argument");
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_run_merge_report),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_eval),
        cmocka_unit_test(test_targets_and_failed_runs),
        cmocka_unit_test(test_failed_write_leaves_the_old_directory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
