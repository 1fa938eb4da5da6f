/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_hostile_io.c — full disks, failed writes and hostile inputs,
 * each tried with the exact command a user would type:
 *
 *  - every command whose output goes to a full disk (stdout on /dev/full)
 *    exits 1 with one line naming the standard output, instead of exit 0
 *    with nothing written;
 *  - a failed write of a file output (a plot, a trace) leaves the
 *    previous content or nothing, never a partial or empty file;
 *  - inputs beyond the documented limits exit 2 with one line naming the
 *    value.
 */
#define _POSIX_C_SOURCE 200809L
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/timing.h"

#define DATA "'" HERTZFIT_SOURCE_DIR "/data/"

/* ---- write errors on standard output -------------------------------------- */

static void test_stdout_on_full_disk(void **state)
{
    (void)state;
    static const char *const commands[] = {
        "grid --csv",
        "grid",
        "fit profile --optimizer random --runs 2 --max-evals 40 --csv",
        "maxwell fit --data " DATA "maxwell_synthetic_clean.csv' --nu 0.3 --method full",
        "hr 0.5",
        "hr --csv --model all 0.5",
        "models",
        "models --csv",
        "bounce --e 0.5 --points 11 --csv",
        "bounce --e 0.5 --summary",
        "copt --e 0.5",
        "--version",
        "grid --help",
    };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; ++i)
        hf_test_expect_stdout_failure(commands[i], "/dev/full", "cannot write the standard output");
}

/* ---- file outputs under a file-size limit (a full disk) ------------------- */

/* Runs ARGS under a BLOCKS-block file limit and asserts exit 1 with one
 * stderr line containing NEEDLE. */
static void expect_write_failure(unsigned blocks, const char *args, const char *needle)
{
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli_with_file_limit(blocks, args, &out, &err);
    int ok = rc == 1 && err != NULL && strstr(err, needle) != NULL &&
             hf_test_count_lines(err) == 1;
    if (!ok)
        print_error("hertzfit %s (limit %u blocks) -> exit %d\nstderr: %s\n", args, blocks, rc,
                    err ? err : "(none)");
    free(out);
    free(err);
    assert_true(ok);
}

/* A trace of a small fit, for the plots. */
static void write_trace(const char *path)
{
    char args[2048];
    snprintf(args, sizeof args, "fit profile --optimizer random --runs 2 --max-evals 60 "
                                "--trace '%s'", path);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
}

/* `plot convergence -o OLD.png` whose figure cannot be written whole (gnuplot
 * itself exits 0 then, leaving a cut file): exit 1 naming the figure, the
 * previous PNG untouched, no temporary file left; a new name stays absent. */
static void test_failed_plot_keeps_previous_png(void **state)
{
    (void)state;
    if (!hf_test_have_gnuplot())
        skip();
    char trace[1024], png[1024], args[4096];
    snprintf(trace, sizeof trace, "%s", hf_test_tmp_path("hostile-trace.csv"));
    snprintf(png, sizeof png, "%s", hf_test_tmp_path("hostile-plot.png"));
    write_trace(trace);
    hf_test_write_file(png, "previous figure\n");
    snprintf(args, sizeof args, "plot convergence -o '%s' '%s'", png, trace);
    expect_write_failure(8, args, "could not write a whole figure");
    hf_test_assert_file_is(png, "previous figure\n");
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, "hostile-plot.png.tmp"), 0);
    remove(png);
    expect_write_failure(8, args, "could not write a whole figure");
    struct stat sb;
    assert_int_not_equal(stat(png, &sb), 0);
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, "hostile-plot.png"), 0);
    /* and without the limit the same command draws it */
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    hf_test_assert_png(png);
    remove(png);
    remove(trace);
}

/* `bench report` whose figure cannot be written whole: exit 1 saying so,
 * the previous report folder as it was (its summary too), no
 * folder left aside; without the limit the same command writes it all. */
static void test_failed_report_keeps_previous_folder(void **state)
{
    (void)state;
    if (!hf_test_have_gnuplot())
        skip();
    char camp[1024], report[1100], summary[1200], args[4096];
    snprintf(camp, sizeof camp, "%s", hf_test_tmp_path("hostile-report-camp"));
    snprintf(report, sizeof report, "%s/report", camp);
    snprintf(summary, sizeof summary, "%s/summary.md", report);
    snprintf(args, sizeof args, "bench run --optimizers random --problems sphere:2 --runs 2 "
                                "--budget 40 --force -o '%s'", camp);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    snprintf(args, sizeof args, "bench report '%s' --targets 1", camp);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    char *before = hf_test_read_file(summary);
    assert_non_null(before);
    /* other targets: a different summary, whose figure cannot be written */
    snprintf(args, sizeof args, "bench report '%s' --targets 1,0.1", camp);
    expect_write_failure(8, args, "could not write a whole figure");
    hf_test_assert_file_is(summary, before);
    assert_int_equal(hf_test_count_entries(camp, "report"), 1); /* nothing left aside */
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    char *after = hf_test_read_file(summary);
    assert_non_null(after);
    assert_string_not_equal(after, before);
    free(before);
    free(after);
}

static void shell(const char *template, const char *dir);

/* `maxwell fit` on drop tests whose masses are 1e12 kg: no status says ok,
 * every row is still printed (regressions and the full fit, no NaN, R² of
 * -1e27 in e-notation), a warning names the mass column and its likely
 * unit, and the last line names the file, exit 1. */
static void test_absurd_mass_is_named(void **state)
{
    (void)state;
    char path[1024], args[2048];
    snprintf(path, sizeof path, "%s", hf_test_tmp_path("hostile-mass.csv"));
    shell("awk -F, -v OFS=, 'NR == 1 { print; next } { $1 = \"1e12\"; print }' "
          "data/maxwell_synthetic_noisy.csv > '@'", path);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5", path);
    char *out = NULL, *err = NULL;
    int rc = hf_test_cli_table(args, &out, &err);
    if (rc != 1 || out == NULL || err == NULL)
        print_error("exit %d\nstdout: %s\nstderr: %s\n", rc, out ? out : "", err ? err : "");
    assert_int_equal(rc, 1);
    assert_int_equal(hf_test_count_lines(out), 5);       /* header + 4 estimates */
    assert_null(strstr(out, " ok"));
    assert_null(strstr(out, "converged"));
    assert_null(strstr(out, "nan"));
    assert_non_null(strstr(err, "column 'm_kg' holds 1e+12 kg"));
    assert_non_null(strstr(err, "m_g"));
    assert_non_null(strstr(err, "no estimate is well determined"));
    free(out);
    free(err);
    remove(path);
}

/* `fit profile --trace OLD.csv` whose trace cannot be written: exit 1 naming
 * the file, OLD.csv as it was. */
static void test_failed_trace_keeps_previous_file(void **state)
{
    (void)state;
    char trace[1024], args[2048];
    snprintf(trace, sizeof trace, "%s", hf_test_tmp_path("hostile-old-trace.csv"));
    hf_test_write_file(trace, "previous trace\n");
    snprintf(args, sizeof args, "fit profile --optimizer random --runs 20 --max-evals 2000 "
                                "--trace '%s'", trace);
    expect_write_failure(2, args, "hostile-old-trace.csv");
    hf_test_assert_file_is(trace, "previous trace\n");
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, "hostile-old-trace.csv.tmp"), 0);
    remove(trace);
}

/* ---- inputs beyond the documented limits ----------------------------------- */

static void test_copt_c_max_limit(void **state)
{
    (void)state;
    hf_test_expect_failure("copt --e 0.5 --c-max 1e19", 2, "c_max = 1e+19 is above the largest");
    char *out = NULL;
    assert_int_equal(hf_test_cli("copt --e 0.5 --c-max 1e11 --csv", &out, NULL), 0);
    assert_non_null(strstr(out, "1.5,0.5,0.4517335147"));
    free(out);
}

/* Replaces the line starting with KEY in DIR/manifest.txt by LINE. */
static void edit_manifest(const char *dir, const char *key, const char *line)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/manifest.txt", dir);
    char *text = hf_test_read_file(path);
    assert_non_null(text);
    char *at = strstr(text, key);
    assert_non_null(at);
    char *end = strchr(at, '\n');
    assert_non_null(end);
    size_t n = strlen(text) + strlen(line) + 2;
    char *edited = malloc(n);   /* freed below */
    assert_non_null(edited);
    snprintf(edited, n, "%.*s%s%s", (int)(at - text), text, line, end);
    hf_test_write_file(path, edited);
    free(edited);
    free(text);
}

/* A manifest whose numbers are out of range: dimension 0 (the report
 * divides by it) and a runs count whose task product overflows. */
static void test_manifest_numbers_range_checked(void **state)
{
    (void)state;
    char d[1100], args[4096];
    snprintf(d, sizeof d, "%s", hf_test_tmp_path("hostile-manifest"));
    snprintf(args, sizeof args, "bench run --optimizers random --problems sphere:2 --runs 2 "
                                "--budget 50 -o '%s' --force", d);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    edit_manifest(d, "problem.sphere:2.dim = ", "problem.sphere:2.dim = 0");
    snprintf(args, sizeof args, "bench report --no-plot '%s'", d);
    hf_test_expect_failure(args, 2, "field 'problem.sphere:2.dim' = 0 is outside [1, 100000]");
    edit_manifest(d, "problem.sphere:2.dim = ", "problem.sphere:2.dim = 2");
    edit_manifest(d, "runs = ", "runs = 9223372036854775807");
    hf_test_expect_failure(args, 2, "field 'runs' = 9223372036854775807 is outside [1, 1000000]");
    snprintf(args, sizeof args, "bench merge -o '%s-merged' '%s'", d, d);
    hf_test_expect_failure(args, 2, "field 'runs' = 9223372036854775807 is outside");
    snprintf(args, sizeof args, "rm -rf '%s'", d);
    assert_int_equal(system(args), 0);
}

/* ---- campaign integrity --------------------------------------------------- */

/* Runs the shell text TEMPLATE with every "@" replaced by DIR; fails the
 * test when it fails. */
static void shell(const char *template, const char *dir)
{
    char cmd[8192];
    size_t n = 0;
    for (const char *t = template; *t != '\0' && n + strlen(dir) + 2 < sizeof cmd; ++t) {
        if (*t == '@') {
            memcpy(cmd + n, dir, strlen(dir));
            n += strlen(dir);
        } else {
            cmd[n++] = *t;
        }
    }
    cmd[n] = '\0';
    int rc = system(cmd);
    if (rc != 0)
        print_error("failed: %s\n", cmd);
    assert_int_equal(rc, 0);
}

/* What an interrupted or damaged campaign looks like to `report` and
 * `merge`: a trace.csv cut mid-line or at a line boundary, a runs.csv
 * changed after the run; each refused naming the file and the check.  A
 * campaign of the previous format (nothing recorded) still reads, and its
 * cut trace is caught by the last-point check. */
static void test_damaged_campaign_refused(void **state)
{
    (void)state;
    char d[1100], c[1200], args[4096];
    snprintf(d, sizeof d, "%s", hf_test_tmp_path("hostile-camp"));
    snprintf(c, sizeof c, "%s/damaged", d);
    shell("rm -rf '@' && mkdir -p '@'", d);
    snprintf(args, sizeof args, "bench run --optimizers random,nlopt:LN_BOBYQA --problems "
                                "sphere:2 --runs 3 --budget 200 -o '%s/good'", d);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    char *manifest = NULL;
    {
        char path[1300];
        snprintf(path, sizeof path, "%s/good/manifest.txt", d);
        manifest = hf_test_read_file(path);
    }
    assert_non_null(manifest);
    assert_non_null(strstr(manifest, "format = hertzfit-campaign-4\n"));
    assert_non_null(strstr(manifest, "data.runs.csv.rows = 6\n"));
    assert_non_null(strstr(manifest, "data.trace.csv.sha256 = "));
    free(manifest);
    snprintf(args, sizeof args, "bench report --no-plot '%s/good' -o '%s/r'", d, d);
    char *out = NULL;
    assert_int_equal(hf_test_cli(args, &out, NULL), 0);
    free(out);

    /* trace.csv cut at a line boundary (the file still parses) */
    shell("rm -rf '@/damaged' && cp -r '@/good' '@/damaged' && "
          "head -n 10 '@/good/trace.csv' > '@/damaged/trace.csv'", d);
    snprintf(args, sizeof args, "bench report --no-plot '%s'", c);
    hf_test_expect_failure(args, 2, "damaged/trace.csv: row-count check failed: 9 data rows, "
                                    "the manifest records");
    snprintf(args, sizeof args, "bench merge -o '%s/merged' '%s'", d, c);
    hf_test_expect_failure(args, 2, "damaged/trace.csv: row-count check failed");
    /* trace.csv cut in the middle of its last number: as many rows */
    shell("cp '@/good/trace.csv' '@/damaged/trace.csv' && truncate -s -3 '@/damaged/trace.csv'",
          d);
    snprintf(args, sizeof args, "bench report --no-plot '%s'", c);
    hf_test_expect_failure(args, 2, "damaged/trace.csv: SHA-256 check failed");
    /* runs.csv changed: one run's time (the column before best_x) */
    shell("cp '@/good/trace.csv' '@/damaged/trace.csv' && "
          "sed -i 's/,\\([0-9.]*\\),\\([^,]*\\)$/,9\\1,\\2/' '@/damaged/runs.csv'", d);
    hf_test_expect_failure(args, 2, "damaged/runs.csv: SHA-256 check failed");

    /* the previous format: no digests, still read; a cut trace whose last
     * run lost its tail is caught by the last-point check */
    shell("rm -rf '@/damaged' && cp -r '@/good' '@/damaged' && "
          "sed -i -e 's/^format = .*/format = hertzfit-campaign-2/' -e '/^data[.]/d' "
          "'@/damaged/manifest.txt'", d);
    out = NULL;
    assert_int_equal(hf_test_cli(args, &out, NULL), 0);
    free(out);
    shell("rm -rf '@/damaged/report' && sed -i '$d' '@/damaged/trace.csv'", d);
    hf_test_expect_failure(args, 2, "damaged/trace.csv: last-point check failed for "
                                    "(random, sphere:2, run 2)");
    snprintf(args, sizeof args, "bench merge -o '%s/merged' '%s'", d, c);
    hf_test_expect_failure(args, 2, "last-point check failed");
    shell("rm -rf '@'", d);
}

/* `bench run --force` over an older campaign replaces the folder whole:
 * no coco/ files of the previous optimisers are left beside the new ones. */
static void test_force_replaces_whole_campaign(void **state)
{
    (void)state;
    char d[1100], args[4096], path[1300];
    snprintf(d, sizeof d, "%s", hf_test_tmp_path("hostile-force"));
    shell("rm -rf '@'", d);
    snprintf(args, sizeof args, "bench run --optimizers random,icaco --problems sphere:2 "
                                "--budget 100 -o '%s'", d);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    snprintf(args, sizeof args, "bench run --optimizers ica --problems rastrigin:2 --budget 100 "
                                "-o '%s' --force", d);
    assert_int_equal(hf_test_cli(args, NULL, NULL), 0);
    snprintf(path, sizeof path, "%s/ioh", d); /* coco/ holds BBOB functions only */
    assert_int_equal(hf_test_count_entries(path, "random"), 0);
    assert_int_equal(hf_test_count_entries(path, "icaco"), 0);
    assert_int_equal(hf_test_count_entries(path, "ica"), 1);
    shell("rm -rf '@'", d);
}

/* `bench run -o` a place where no folder can be created: refused before any
 * task runs (a campaign of minutes ends at once), not after the work. */
static void test_unwritable_output_found_first(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    double t0 = hf_wall_seconds();
    int rc = hf_test_cli("bench run --optimizers random --problems rastrigin:10 --runs 1000 "
                         "--budget 100000 -o /proc/hertzfit-campaign", &out, &err);
    double seconds = hf_wall_seconds() - t0;
    if (rc != 2 || err == NULL || strstr(err, "/proc/hertzfit-campaign") == NULL ||
        seconds > 20.0)
        print_error("exit %d after %.1f s, stderr: %s\n", rc, seconds, err ? err : "(none)");
    assert_int_equal(rc, 2);
    assert_non_null(strstr(err, "/proc/hertzfit-campaign"));
    assert_int_equal(hf_test_count_lines(err), 1);
    assert_true(seconds < 20.0);   /* the campaign itself takes minutes */
    free(out);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stdout_on_full_disk),
        cmocka_unit_test(test_failed_plot_keeps_previous_png),
        cmocka_unit_test(test_failed_trace_keeps_previous_file),
        cmocka_unit_test(test_copt_c_max_limit),
        cmocka_unit_test(test_manifest_numbers_range_checked),
        cmocka_unit_test(test_damaged_campaign_refused),
        cmocka_unit_test(test_failed_report_keeps_previous_folder),
        cmocka_unit_test(test_absurd_mass_is_named),
        cmocka_unit_test(test_force_replaces_whole_campaign),
        cmocka_unit_test(test_unwritable_output_found_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
