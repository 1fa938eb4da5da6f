/*
 * tests/test_bench_cli.c — `hertzfit bench` through the program: a small
 * run, shards merged, a report; and every bad input of the issue (unknown
 * optimiser or problem with the valid names listed, dimension < 1, shard
 * i >= k, merge of different campaigns naming the field, an output
 * directory holding another campaign unless --force), each exiting 2 with
 * one line on stderr that names the problem.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/status.h"

/* Runs ARGS, expects exit 2 and one stderr line containing every NEEDLE. */
static void expect_bad(const char *args, const char *needle1, const char *needle2)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli(args, &out, &err);
    if (rc != 2 || hf_test_count_lines(err) != 1 || strstr(err, needle1) == NULL ||
        (needle2 != NULL && strstr(err, needle2) == NULL))
        print_error("hertzfit %s\nexit %d, stderr: %s\n", args, rc, err ? err : "(null)");
    assert_int_equal(rc, 2);
    assert_int_equal(hf_test_count_lines(err), 1);
    assert_non_null(strstr(err, needle1));
    if (needle2 != NULL)
        assert_non_null(strstr(err, needle2));
    free(out);
    free(err);
}

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

#define SMALL "--optimizers ica,random --problems sphere:2 rastrigin:2 --runs 3 --budget 200"

static void test_run_merge_report(void **state)
{
    (void)state;
    char a[1100], b[1100], m[1100], args[4096];
    snprintf(a, sizeof a, "%s", hf_test_tmp_path("cli-s0"));
    snprintf(b, sizeof b, "%s", hf_test_tmp_path("cli-s1"));
    snprintf(m, sizeof m, "%s", hf_test_tmp_path("cli-merged"));
    snprintf(args, sizeof args, "bench run " SMALL " --shard 0/2 --out '%s' --force", a);
    run_ok(args);
    snprintf(args, sizeof args, "bench run " SMALL " --shard 1/2 --threads 1 --out '%s' --force", b);
    run_ok(args);
    snprintf(args, sizeof args, "bench merge '%s' '%s' --out '%s' --force", a, b, m);
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
    FILE *fp = fopen(args, "r");
    assert_non_null(fp);
    int lines = 0;
    while (fgets(args, sizeof args, fp) != NULL)
        ++lines;
    fclose(fp);
    assert_int_equal(lines, 1 + 12);
}

static void test_bad_inputs(void **state)
{
    (void)state;
    char d[1100], e[1100], args[4096];
    snprintf(d, sizeof d, "%s", hf_test_tmp_path("cli-bad"));
    snprintf(args, sizeof args, "bench run --optimizers icca --problems sphere:2 --out '%s'", d);
    expect_bad(args, "'icca'", "icaco");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems spere:2 --out '%s'", d);
    expect_bad(args, "'spere'", "rastrigin");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems sphere:0 --out '%s'", d);
    expect_bad(args, "sphere:0", ">= 1");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems rosenbrock:1 --out '%s'", d);
    expect_bad(args, "rosenbrock", ">= 2");
    snprintf(args, sizeof args, "bench run --optimizers ica --problems profile:3 --out '%s'", d);
    expect_bad(args, "profile", "dimension 2");
    snprintf(args, sizeof args, "bench run " SMALL " --shard 2/2 --out '%s'", d);
    expect_bad(args, "'2/2'", "0 <= i < k");
    snprintf(args, sizeof args, "bench run " SMALL " --shard two --out '%s'", d);
    expect_bad(args, "'two'", "i/k");
    snprintf(args, sizeof args, "bench run " SMALL " --runs 0 --out '%s'", d);
    expect_bad(args, "--runs", ">= 1");
    expect_bad("bench run " SMALL, "--out", NULL);
    expect_bad("bench frobnicate", "'frobnicate'", "run, merge, report");

    /* a directory holding a different campaign: refused, then forced */
    snprintf(args, sizeof args, "bench run " SMALL " --seed 1 --out '%s' --force", d);
    run_ok(args);
    snprintf(args, sizeof args, "bench run " SMALL " --seed 2 --out '%s'", d);
    expect_bad(args, "different campaign", "'seed'");
    snprintf(args, sizeof args, "bench run " SMALL " --seed 2 --out '%s' --force", d);
    run_ok(args);

    /* merge of runs from different campaigns: the differing field named */
    snprintf(e, sizeof e, "%s", hf_test_tmp_path("cli-bad-e"));
    snprintf(args, sizeof args, "bench run " SMALL " --seed 2 --budget 300 --out '%s' --force", e);
    run_ok(args);
    snprintf(args, sizeof args, "bench merge '%s' '%s' --out '%s-m'", d, e, d);
    expect_bad(args, "'problem.rastrigin:2.budget'", "differs");
    snprintf(args, sizeof args, "bench report '%s/nothing'", d);
    expect_bad(args, "manifest.txt", NULL);

    /* a malformed runs.csv: file and line named */
    snprintf(args, sizeof args, "%s/runs.csv", e);
    hf_test_write_file(args, "optimizer,problem,run,seed,stream,best_f,evaluations,stop,seconds\n"
                             "ica,sphere:2,0,1,2,nan,10,maxeval,0.1\n");
    snprintf(args, sizeof args, "bench report '%s' --no-plot", e);
    expect_bad(args, "runs.csv:2:", NULL);
    snprintf(args, sizeof args, "bench merge '%s' --out '%s-m2'", e, e);
    expect_bad(args, "runs.csv:2:", NULL);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_run_merge_report),
        cmocka_unit_test(test_bad_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
