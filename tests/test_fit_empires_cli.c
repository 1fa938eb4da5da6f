/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_fit_empires_cli.c — the empire dynamics from the program:
 * `fit profile --snapshot ITER,... --snapshot-file FILE` (one row per
 * country at each iteration asked for, imperialists first), `--empires
 * FILE` (the number of empires after each iteration), `plot empires`
 * drawing the snapshots with the valley, and bad input refused with exit
 * 2 and one line naming it.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "core/csv.h"

static void test_snapshots_empires_and_plot(void **state)
{
    (void)state;
    char snap[512], emp[512], png[512], args[2048];
    snprintf(snap, sizeof snap, "%s", hf_test_tmp_path("snap.csv"));
    snprintf(emp, sizeof emp, "%s", hf_test_tmp_path("empires.csv"));
    snprintf(png, sizeof png, "%s", hf_test_tmp_path("empires.png"));
    snprintf(args, sizeof args,
             "fit profile --optimizer icaco --table data/safaeifar2020_table2.csv --runs 3 "
             "--snapshot 50,0,12,12 --snapshot-file %s --empires %s",
             snap, emp);
    hf_test_cli_ok(args);
    hf_csv *csv = NULL;
    assert_int_equal(hf_csv_read(snap, NULL, &csv, NULL), HF_OK);
    /* 3 runs × 3 distinct iterations × 20 countries, in ascending iterations */
    assert_int_equal(hf_csv_nrows(csv), 3 * 3 * 20);
    assert_string_equal(hf_csv_cell(csv, 0, 1), "0");
    assert_string_equal(hf_csv_cell(csv, 20, 1), "12");
    assert_string_equal(hf_csv_cell(csv, 40, 1), "50");
    assert_string_equal(hf_csv_cell(csv, 0, 3), "imperialist");
    hf_csv_free(csv);
    assert_int_equal(hf_csv_read(emp, NULL, &csv, NULL), HF_OK);
    assert_int_equal(hf_csv_nrows(csv), 3 * 51);
    assert_string_equal(hf_csv_cell(csv, 0, 2), "3"); /* 3 empires formed */
    hf_csv_free(csv);
    if (hf_test_have_gnuplot()) {
        remove(png);
        snprintf(args, sizeof args,
                 "plot empires %s --run 2 --table data/safaeifar2020_table2.csv -o %s", snap,
                 png);
        hf_test_cli_ok(args);
        hf_test_assert_png(png);
        remove(png);
    }
    remove(snap);
    remove(emp);
}

static void test_bad_input(void **state)
{
    (void)state;
    char *err = NULL;
    int rc = hf_test_cli("fit profile --optimizer icaco --runs 1 --snapshot 1.5 "
                         "--snapshot-file x.csv", NULL, &err);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(err, "--snapshot: 1.5 is not a whole iteration count"));
    free(err);
    rc = hf_test_cli("fit profile --optimizer icaco --runs 1 --snapshot 3", NULL, &err);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(err, "snapshot-file"));
    free(err);
    /* an optimiser without empires has nothing to write */
    char args[1024];
    snprintf(args, sizeof args, "fit profile --optimizer random --runs 1 --empires %s",
             hf_test_tmp_path("none.csv"));
    rc = hf_test_cli(args, NULL, &err);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(err, "no empire counts"));
    free(err);
    rc = hf_test_cli("plot empires /nonexistent/snap.csv -o x.png", NULL, &err);
    assert_true(rc != 0);
    assert_non_null(strstr(err, "/nonexistent/snap.csv"));
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_snapshots_empires_and_plot),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
