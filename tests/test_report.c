/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_report.c — the report statistics on hand-checkable inputs:
 * quartiles (R type 7), Mann–Whitney U with and without ties against R's
 * wilcox.test(exact = FALSE) and the hand formulas, Holm's correction
 * against R's p.adjust, and ERT / runtime / fixed-budget error on a small
 * campaign built by hand.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/report.h"
#include "studies/report_internal.h"

static void test_quartiles(void **state)
{
    (void)state;
    double q[3];
    const double v[] = {4.0, 1.0, 3.0, 2.0};
    /* type 7: position (n-1) p = 0.75, 1.5, 2.25 in the sorted 1,2,3,4 */
    assert_int_equal(hf_report_quartiles(v, 4, q, NULL), HF_OK);
    HF_ASSERT_CLOSE(q[0], 1.75, 0.0, 1e-15);
    HF_ASSERT_CLOSE(q[1], 2.5, 0.0, 1e-15);
    HF_ASSERT_CLOSE(q[2], 3.25, 0.0, 1e-15);
    HF_ASSERT_CLOSE(v[0], 4.0, 0.0, 0.0); /* input untouched */
    /* a quartile between two +inf is +inf, not NaN */
    const double w[] = {1.0, INFINITY, INFINITY, INFINITY};
    assert_int_equal(hf_report_quartiles(w, 4, q, NULL), HF_OK);
    assert_true(isinf(q[1]) && q[1] > 0);
    /* R: quantile(c(1, Inf, Inf, Inf), 0.25) = 1 + 0.75 (Inf - 1) = Inf */
    assert_true(isinf(q[0]) && q[0] > 0);
    const double nanv[] = {1.0, NAN};
    assert_int_equal(hf_report_quartiles(nanv, 2, q, NULL), HF_EINVAL);
    assert_int_equal(hf_report_quartiles(nanv, 0, q, NULL), HF_EINVAL);
}

static void test_mann_whitney_without_ties(void **state)
{
    (void)state;
    /* R: wilcox.test(1:3, 4:6, exact = FALSE) gives W = 0, p = 0.08086.
     * By hand: U = 0, mean 4.5, var = 3*3*7/12 = 5.25,
     * z = (0 - 4.5 + 0.5)/sqrt(5.25) = -1.745743..., p = erfc(|z|/sqrt 2).
     * R prints 4 digits, hence the 5e-6 tolerance on that figure; the hand
     * formula through libm's erfc agrees to rounding (1e-13). */
    const double x[] = {1, 2, 3}, y[] = {4, 5, 6};
    double u, z, p;
    assert_int_equal(hf_report_mann_whitney(x, 3, y, 3, &u, &z, &p, NULL), HF_OK);
    HF_ASSERT_CLOSE(u, 0.0, 0.0, 0.0);
    HF_ASSERT_CLOSE(z, -4.0 / sqrt(5.25), 1e-15, 1e-14);
    HF_ASSERT_CLOSE(p, 0.08086, 5e-6, 0.0);
    HF_ASSERT_CLOSE(p, erfc(fabs(z) / sqrt(2.0)), 0.0, 1e-13);
    /* symmetric: U of y is nx ny - U of x, same p */
    double u2, z2, p2;
    assert_int_equal(hf_report_mann_whitney(y, 3, x, 3, &u2, &z2, &p2, NULL), HF_OK);
    HF_ASSERT_CLOSE(u2, 9.0, 0.0, 0.0);
    HF_ASSERT_CLOSE(z2, -z, 0.0, 1e-15);
    HF_ASSERT_CLOSE(p2, p, 0.0, 1e-15);
}

static void test_mann_whitney_with_ties(void **state)
{
    (void)state;
    /* Pooled sorted: 1x 2x 2x 2y 3x 3y 4y 5y 5y; mid-ranks 1, 3, 3, 3, 5.5,
     * 5.5, 7, 8.5, 8.5.  R_x = 1 + 3 + 3 + 5.5 = 12.5, U = 12.5 - 10 = 2.5.
     * Ties: (27-3) + (8-2) + (8-2) = 36; N = 9;
     * var = 20/12 (10 - 36/72) = 190/12; z = (2.5 - 10 + 0.5)/sqrt(190/12). */
    const double x[] = {2, 1, 3, 2}, y[] = {5, 2, 4, 3, 5};
    double u, z, p;
    assert_int_equal(hf_report_mann_whitney(x, 4, y, 5, &u, &z, &p, NULL), HF_OK);
    HF_ASSERT_CLOSE(u, 2.5, 0.0, 0.0);
    HF_ASSERT_CLOSE(z, -7.0 / sqrt(190.0 / 12.0), 0.0, 1e-14);
    HF_ASSERT_CLOSE(p, erfc(fabs(z) / sqrt(2.0)), 0.0, 1e-13);
    /* all values tied: no evidence, p = 1 */
    const double a[] = {0, 0, 0}, b[] = {0, 0};
    assert_int_equal(hf_report_mann_whitney(a, 3, b, 2, &u, &z, &p, NULL), HF_OK);
    HF_ASSERT_CLOSE(p, 1.0, 0.0, 0.0);
    HF_ASSERT_CLOSE(u, 3.0, 0.0, 0.0);
    /* bad input */
    const double n[] = {1, NAN};
    assert_int_equal(hf_report_mann_whitney(n, 2, b, 2, &u, &z, &p, NULL), HF_EINVAL);
    assert_int_equal(hf_report_mann_whitney(a, 0, b, 2, &u, &z, &p, NULL), HF_EINVAL);
}

static void test_holm(void **state)
{
    (void)state;
    /* R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02 */
    const double p[] = {0.01, 0.04, 0.03, 0.005};
    double adj[4];
    assert_int_equal(hf_report_holm(p, 4, adj, NULL), HF_OK);
    HF_ASSERT_CLOSE(adj[0], 0.03, 0.0, 1e-15);
    HF_ASSERT_CLOSE(adj[1], 0.06, 0.0, 1e-15);
    HF_ASSERT_CLOSE(adj[2], 0.06, 0.0, 1e-15);
    HF_ASSERT_CLOSE(adj[3], 0.02, 0.0, 1e-15);
    const double big[] = {0.5, 0.6};
    assert_int_equal(hf_report_holm(big, 2, adj, NULL), HF_OK);
    HF_ASSERT_CLOSE(adj[0], 1.0, 0.0, 0.0); /* capped at 1 */
    HF_ASSERT_CLOSE(adj[1], 1.0, 0.0, 0.0);
}

/* One optimiser, one problem (f* = 1), three runs:
 *   run 0 reaches f* + 0.5 at 100 evaluations, stops at 150;
 *   run 1 reaches f* + 0.5 at 300, f* + 1e-3 at 300, stops at 300;
 *   run 2 never gets below f* + 2, stops at 1000. */
static hf_campaign *hand_campaign(void)
{
    hf_campaign *c = calloc(1, sizeof *c);
    assert_non_null(c);
    static char opt_name[] = "x", prob_name[] = "p:2";
    c->optimizers = malloc(sizeof *c->optimizers);
    c->optimizers[0] = malloc(2);
    strcpy(c->optimizers[0], opt_name);
    c->n_optimizers = 1;
    c->problems = calloc(1, sizeof *c->problems);
    c->problems[0].name = malloc(4);
    strcpy(c->problems[0].name, prob_name);
    c->problems[0] = (hf_campaign_problem){c->problems[0].name, 2, 1, 1.0, 1000, NULL};
    c->n_problems = 1;
    c->runs = 3;
    /* (iteration, evaluations, best f) */
    static const hf_trace_point pts[] = {{1, 10, 5.0}, {10, 100, 1.5},      /* run 0 */
                                         {1, 20, 4.0}, {15, 300, 1.001},    /* run 1 */
                                         {1, 50, 3.5}, {18, 900, 3.0}};     /* run 2 */
    c->trace = malloc(sizeof pts);
    memcpy(c->trace, pts, sizeof pts);
    c->n_trace = 6;
    c->rows = calloc(3, sizeof *c->rows);
    c->n_rows = 3;
    size_t evals[] = {150, 300, 1000};
    double best[] = {1.5, 1.001, 3.0};
    for (size_t r = 0; r < 3; ++r)
        c->rows[r] = (hf_campaign_row){.run = r, .best_f = best[r], .evaluations = evals[r],
                                       .trace_first = 2 * r, .trace_count = 2};
    return c;
}

static void test_ert_runtime_and_fixed_budget(void **state)
{
    (void)state;
    hf_campaign *c = hand_campaign();
    size_t ok = 0, n = 0;
    /* Delta 0.5: runs 0, 1 succeed at 100 and 300; run 2 spends 1000.
     * ERT = (100 + 300 + 1000)/2 = 700. */
    HF_ASSERT_CLOSE(hf_report_ert(c, 0, 0, 0.5, &ok, &n), 700.0, 0.0, 0.0);
    assert_int_equal(ok, 2);
    assert_int_equal(n, 3);
    /* Delta 1e-3: only run 1 (at 300); ERT = (150 + 300 + 1000)/1 */
    HF_ASSERT_CLOSE(hf_report_ert(c, 0, 0, 1e-3 + 1e-12, &ok, &n), 1450.0, 0.0, 0.0);
    assert_int_equal(ok, 1);
    /* nobody reaches 1e-6 */
    assert_true(isinf(hf_report_ert(c, 0, 0, 1e-6, &ok, &n)));
    assert_int_equal(ok, 0);
    int hit = 0;
    assert_int_equal(hf_report_runtime(c, &c->rows[0], 0.5, &hit), 100);
    assert_int_equal(hit, 1);
    assert_int_equal(hf_report_runtime(c, &c->rows[2], 0.5, &hit), 0);
    assert_int_equal(hit, 0);
    /* fixed budget: run 0 at 50 evaluations has 5.0 - 1 = 4; at 9 nothing */
    HF_ASSERT_CLOSE(hf_report_error_at(c, &c->rows[0], 50), 4.0, 0.0, 0.0);
    HF_ASSERT_CLOSE(hf_report_error_at(c, &c->rows[0], 100), 0.5, 0.0, 0.0);
    assert_true(isinf(hf_report_error_at(c, &c->rows[0], 9)));
    HF_ASSERT_CLOSE(hf_report_final_error(c, &c->rows[1]), 0.001, 1e-15, 0.0);
    hf_campaign_free(c);
}

static void test_report_files(void **state)
{
    (void)state;
    hf_campaign *c = hand_campaign();
    const char *dir = hf_test_tmp_path("report-files");
    hf_diag diag = {{0}};
    assert_int_equal(hf_report_write(c, NULL, dir, &diag), HF_EINVAL); /* no targets */
    assert_non_null(strstr(diag.text, "targets"));
    const double targets[] = {0.5, 1e-3};
    hf_report_options opt;
    hf_report_options_init(&opt);
    opt.targets = targets;
    opt.n_targets = 2;
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_OK);
    char path[1200];
    snprintf(path, sizeof path, "%s/ert.csv", dir);
    char *text = hf_test_read_file(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "\nx,p:2,0.5,2,3,0.66666666666666663,700\n"));
    free(text);
    /* ECDF over (problem, target, run) = 6 pairs, x = evaluations / d:
     * run 0 reaches 0.5 at 100/2 = 50; run 1 reaches both targets at
     * 300/2 = 150; run 2 nothing.  At x = 100 (grid point 10^2): 1/6; at
     * the last grid point x = budget/d = 500: 3/6. */
    snprintf(path, sizeof path, "%s/ecdf.csv", dir);
    text = hf_test_read_file(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "\nx,100,0.16666666666666666\n"));
    size_t len = strlen(text);
    assert_true(len > 10);
    assert_string_equal(text + len - 10, "x,500,0.5\n");   /* the last line */
    free(text);
    snprintf(path, sizeof path, "%s/summary.md", dir);
    text = hf_test_read_file(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "\n| 1 | x |"));
    free(text);
    /* the target checks of `bench run` (hf_campaign_sort_targets) */
    const double twice[] = {1e-3, 0.5, 1e-3};
    opt.targets = twice;
    opt.n_targets = 3;
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "listed twice"));
    const double infinite[] = {0.5, INFINITY};
    opt.targets = infinite;
    opt.n_targets = 2;
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "finite positive"));
    hf_campaign_free(c);
}

/* The defaults with the targets 0.5 and 1e-3 of the hand campaign. */
static void two_targets(hf_report_options *opt)
{
    static const double targets[] = {0.5, 1e-3};
    hf_report_options_init(opt);
    opt->targets = targets;
    opt->n_targets = 2;
}

/* Writes the hand campaign's report into ARG, under the child's file
 * limit: it must fail with HF_EWRITE naming the directory. */
static int report_too_large(const void *arg)
{
    hf_campaign *c = hand_campaign();
    hf_report_options opt;
    two_targets(&opt);
    hf_diag diag = {{0}};
    hf_status st = hf_report_write(c, &opt, arg, &diag);
    hf_campaign_free(c);
    if (st != HF_EWRITE || strstr(diag.text, "File too large") == NULL ||
        strstr(diag.text, (const char *)arg) == NULL) {
        fprintf(stderr, "report under the limit: %d '%s'\n", st, diag.text);
        return 1;
    }
    return 0;
}


/* Four optimisers on one problem (f* = 0, targets 0.5 and 1e-3), three runs
 * each, (iteration, evaluations, best f) per trace point:
 *   a: every run reaches 5e-4 (solved) at 100, 120, 140 evaluations;
 *   b: two runs reach 1e-4 at 50, one ends at 0.2: the lowest median final
 *      error (1e-4), but 2/3 solved;
 *   c: every run reaches 2e-3 at 10 and stops at 200: never solved, all
 *      runs identical;
 *   d: as a, with errors 1e-9 instead of 5e-4: solved at the same counts.
 * Ranked by successes and ERT at the hardest target first: a and d (3/3,
 * ERT 120), then b (2/3), then c (0/3) although b's and c's median final
 * errors are lower than a's.  a and d tie: their errors below the hardest
 * target are both "solved", so their run scores are equal and the test
 * finds nothing (p = 1). */
static hf_campaign *ranking_campaign(void)
{
    hf_campaign *c = calloc(1, sizeof *c);
    assert_non_null(c);
    static const char *const names[] = {"a", "b", "c", "d"};
    c->optimizers = malloc(4 * sizeof *c->optimizers);
    for (size_t o = 0; o < 4; ++o) {
        c->optimizers[o] = malloc(2);
        strcpy(c->optimizers[o], names[o]);
    }
    c->n_optimizers = 4;
    c->problems = calloc(1, sizeof *c->problems);
    c->problems[0].name = malloc(4);
    strcpy(c->problems[0].name, "q:2");
    c->problems[0] = (hf_campaign_problem){c->problems[0].name, 2, 1, 0.0, 200, NULL};
    c->n_problems = 1;
    c->runs = 3;
    static const hf_trace_point pts[] = {
        {1, 1, 3.0}, {5, 100, 5e-4}, {1, 1, 3.0}, {6, 120, 5e-4}, {1, 1, 3.0}, {7, 140, 5e-4},
        {1, 1, 3.0}, {2, 50, 1e-4}, {1, 1, 3.0}, {2, 50, 1e-4}, {1, 1, 3.0}, {2, 30, 0.2},
        {1, 1, 3.0}, {1, 10, 2e-3}, {1, 1, 3.0}, {1, 10, 2e-3}, {1, 1, 3.0}, {1, 10, 2e-3},
        {1, 1, 3.0}, {5, 100, 1e-9}, {1, 1, 3.0}, {6, 120, 1e-9}, {1, 1, 3.0}, {7, 140, 1e-9}};
    c->trace = malloc(sizeof pts);
    memcpy(c->trace, pts, sizeof pts);
    c->n_trace = 24;
    c->rows = calloc(12, sizeof *c->rows);
    c->n_rows = 12;
    for (size_t k = 0; k < 12; ++k) {
        const hf_trace_point *last = &pts[2 * k + 1];
        c->rows[k] = (hf_campaign_row){.optimizer = k / 3, .run = k % 3, .best_f = last->best_f,
                                       .evaluations = 200, .trace_first = 2 * k,
                                       .trace_count = 2};
    }
    return c;
}

static void test_ranking_by_success_then_error(void **state)
{
    (void)state;
    hf_campaign *c = ranking_campaign();
    const char *dir = hf_test_tmp_path("report-ranking");
    const double targets[] = {0.5, 1e-3};
    hf_report_options opt;
    hf_report_options_init(&opt);
    opt.targets = targets;
    opt.n_targets = 2;
    opt.force = 1;
    hf_diag diag = {{0}};
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_OK);
    char path[1200];
    snprintf(path, sizeof path, "%s/summary.md", dir);
    char *md = hf_test_read_file(path);
    assert_non_null(md);
    const char *ra = strstr(md, "\n| 1 | a |"), *rd = strstr(md, "\n| 2 | d |");
    const char *rb = strstr(md, "\n| 3 | b |"), *rc = strstr(md, "\n| 4 | c ¹ |");
    if (!(ra && rd && rb && rc))
        print_error("%s", md);
    assert_true(ra && rd && rb && rc);
    assert_non_null(strstr(md, "\n¹ every run was the same run"));
    assert_null(strstr(md, "| a ¹"));
    free(md);
    /* the test compares run scores: a (solved at 100, 120, 140) against c
     * (never solved): every a score is below every c score, U_a = 0; a
     * against d: all scores tied pairwise by runtime, U = 4.5, p = 1 */
    snprintf(path, sizeof path, "%s/ranking.csv", dir);
    char *csv = hf_test_read_file(path);
    assert_non_null(csv);
    assert_non_null(strstr(csv, "\nq:2,a,c,0,"));
    assert_non_null(strstr(csv, "\nq:2,a,d,4.5,1,1\n"));
    free(csv);
    /* a shard lacks runs every statistic needs: refused, naming it */
    c->shard_index = 1;
    c->shard_count = 2;
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "shard 1/2: merge its shards first"));
    hf_campaign_free(c);
}

/* The report directory is written aside and put in place whole: a
 * directory holding other files is refused unless forced (then replaced
 * whole), and a report whose writing fails leaves the old one. */
static void test_report_directory_replaced_whole(void **state)
{
    (void)state;
    hf_campaign *c = hand_campaign();
    char dir[1100], path[1200], cmd[1200];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("report-whole"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    hf_report_options opt;
    two_targets(&opt);
    hf_diag diag = {{0}};
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_OK);
    snprintf(path, sizeof path, "%s/ecdf.png", dir);   /* the program's plot: a report file */
    hf_test_write_file(path, "png");
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_OK);
    snprintf(path, sizeof path, "%s/ert.csv", dir);
    char *before = hf_test_read_file(path);
    assert_non_null(before);
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    hf_test_write_file(path, "mine");
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_EEXIST);
    assert_non_null(strstr(diag.text, "holds 'notes.txt', which writing it anew would delete; "
                                      "refused without force"));
    char *kept = hf_test_read_file(path);
    assert_non_null(kept);
    free(kept);
    opt.force = 1;
    assert_int_equal(hf_report_write(c, &opt, dir, &diag), HF_OK);
    assert_null(hf_test_read_file(path));   /* replaced whole */
    /* a report that cannot be written (a full disk) leaves the old one */
    hf_test_with_file_limit(200, report_too_large, dir);
    snprintf(path, sizeof path, "%s/ert.csv", dir);
    hf_test_assert_file_is(path, before);
    free(before);
    char tmp_name[1200];   /* no temporary folder left beside it */
    snprintf(tmp_name, sizeof tmp_name, "%s.tmp-", strrchr(dir, '/') + 1);
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, tmp_name), 0);
    assert_int_equal(system(cmd), 0);
    hf_campaign_free(c);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quartiles),
        cmocka_unit_test(test_mann_whitney_without_ties),
        cmocka_unit_test(test_mann_whitney_with_ties),
        cmocka_unit_test(test_holm),
        cmocka_unit_test(test_ert_runtime_and_fixed_budget),
        cmocka_unit_test(test_report_files),
        cmocka_unit_test(test_ranking_by_success_then_error),
        cmocka_unit_test(test_report_directory_replaced_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
