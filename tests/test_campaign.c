/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_campaign.c — campaign determinism and the merge checks:
 * the same campaign with 1 and 2 threads, with its lists in another order,
 * and as shards 0/2 + 1/2 merged, writes identical runs.csv (except the
 * seconds column) and trace.csv; merges of different campaigns, missing or
 * duplicated tasks are refused naming the cause; a directory holding a
 * different campaign is refused unless forced; the written files read
 * back to the same campaign.
 */
#define _POSIX_C_SOURCE 200809L
#include "hf_test.h"

#include <sys/stat.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "objectives/bench_internal.h"
#include "hertzfit/bench_problems.h"
#include "hertzfit/campaign.h"
#include "hertzfit/report.h"
#include "studies/campaign_internal.h"
#include "objectives/bench_internal.h"

static const char *const optimizers[] = {"random", "nlopt:GN_CRS2_LM", "nlopt:LN_BOBYQA",
                                         "nlopt:GN_ISRES", "ica", "icaco"};
static const char *const optimizers_rev[] = {"icaco", "nlopt:GN_ISRES", "nlopt:LN_BOBYQA",
                                             "ica", "nlopt:GN_CRS2_LM", "random"};
static const char *const problems[] = {"sphere:3", "rastrigin", "profile"};
static const char *const problems_rev[] = {"profile", "rastrigin:2", "sphere:3"};

static const hf_budget_rule budget_300_3_400[] = {{0, HF_BUDGET_EVALUATIONS, 300},
                                                  {3, HF_BUDGET_EVALUATIONS, 400}};

static const char *manifest_value(const hf_campaign *c, const char *key);

static void small_config(hf_campaign_config *cfg)
{
    hf_campaign_config_init(cfg);
    cfg->optimizers = optimizers;
    cfg->n_optimizers = 6;
    cfg->problems = problems;
    cfg->n_problems = 3;
    cfg->runs = 5;
    cfg->budget = budget_300_3_400;
    cfg->n_budget = 2;
    cfg->seed = 2385;
    cfg->data_dir = HERTZFIT_SOURCE_DIR "/data";
}

/* DIR/NAME read with the shared hf_test_read_file (caller frees). */
static char *slurp(const char *dir, const char *name)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = hf_test_read_file(path);
    if (text == NULL)
        print_error("cannot read %s\n", path);
    assert_non_null(text);
    return text;
}

/* runs.csv without its tenth column (seconds, the one value that may
 * differ between runs of a campaign). */
static char *runs_without_seconds(const char *dir)
{
    char *text = slurp(dir, "runs.csv");
    char *out = malloc(strlen(text) + 1), *w = out;
    assert_non_null(out);
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char *comma9 = NULL, *comma10 = NULL;
        int commas = 0;
        for (char *p = line; p < line + len; ++p)
            if (*p == ',' && ++commas == 9)
                comma9 = p;
            else if (*p == ',' && commas == 10)
                comma10 = p;
        assert_non_null(comma9);
        assert_non_null(comma10);
        memcpy(w, line, (size_t)(comma9 - line));
        w += comma9 - line;
        memcpy(w, comma10, (size_t)(line + len - comma10));
        w += line + len - comma10;
        *w++ = '\n';
        line += len + (end != NULL);
    }
    *w = '\0';
    free(text);
    return out;
}

static void run_into(hf_campaign_config *cfg, const char *name, char *dir, size_t cap)
{
    snprintf(dir, cap, "%s", hf_test_tmp_path(name));
    hf_diag diag = {{0}};
    hf_status st = hf_campaign_run(cfg, dir, NULL, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);
}

static void assert_same_results(const char *a, const char *b)
{
    char *ra = runs_without_seconds(a), *rb = runs_without_seconds(b);
    assert_string_equal(ra, rb);
    free(ra);
    free(rb);
    char *ta = slurp(a, "trace.csv"), *tb = slurp(b, "trace.csv");
    assert_string_equal(ta, tb);
    free(ta);
    free(tb);
}

static void test_threads_order_and_shards_agree(void **state)
{
    (void)state;
    char one[1100], two[1100], rev[1100], s0[1100], s1[1100], merged[1100];
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.threads = 1;
    run_into(&cfg, "camp-t1", one, sizeof one);
    cfg.threads = 2;
    run_into(&cfg, "camp-t2", two, sizeof two);
    assert_same_results(one, two);

    cfg.optimizers = optimizers_rev;
    cfg.problems = problems_rev;
    run_into(&cfg, "camp-rev", rev, sizeof rev);
    assert_same_results(one, rev);

    small_config(&cfg);
    cfg.threads = 2;
    cfg.shard_count = 2;
    cfg.shard_index = 0;
    run_into(&cfg, "camp-s0", s0, sizeof s0);
    cfg.shard_index = 1;
    cfg.threads = 1;
    cfg.optimizers = optimizers_rev;   /* shards need not list in the same order */
    run_into(&cfg, "camp-s1", s1, sizeof s1);
    snprintf(merged, sizeof merged, "%s", hf_test_tmp_path("camp-merged"));
    const char *dirs[] = {s1, s0};
    hf_diag diag = {{0}};
    hf_status st = hf_campaign_merge(dirs, 2, merged, 0, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);
    assert_same_results(one, merged);

    /* The runs are not all alike: the stochastic optimisers' runs differ
     * from each other (a constant stream would pass the checks above). */
    hf_campaign *c = NULL;
    assert_int_equal(hf_campaign_read(one, &c, &diag), HF_OK);
    assert_int_equal(c->n_rows, 6 * 3 * 5);
    int differ = 0;
    for (size_t i = 1; i < c->n_rows; ++i)
        differ |= c->rows[i].problem == c->rows[i - 1].problem &&
                  c->rows[i].optimizer == c->rows[i - 1].optimizer &&
                  c->rows[i].best_f != c->rows[i - 1].best_f;
    assert_true(differ);
    hf_campaign_free(c);
}

/* A directory written before trace.csv had its iteration column
 * (format hertzfit-campaign-1) still reads, to the same rows and points. */
static void test_reads_format_1(void **state)
{
    (void)state;
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.runs = 2;
    cfg.force = 1;
    char dir[1100], cmd[3000];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-format1"));
    hf_campaign *now = NULL, *old = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_run(&cfg, dir, &now, &diag), HF_OK);
    snprintf(cmd, sizeof cmd, "cd '%s' && sed -i -e 's/^format = .*$/format = "
                              "hertzfit-campaign-1/' -e '/^data[.]/d' manifest.txt && "
                              "cut -d, -f1-3,5- trace.csv > t && mv t trace.csv", dir);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(hf_campaign_read(dir, &old, &diag), HF_OK);
    assert_int_equal(old->n_rows, now->n_rows);
    assert_int_equal(old->n_trace, now->n_trace);
    for (size_t i = 0; i < now->n_trace; ++i) {
        assert_true(old->trace[i].best_f == now->trace[i].best_f);
        assert_int_equal(old->trace[i].evaluations, now->trace[i].evaluations);
        assert_int_equal(old->trace[i].iteration, 0);
    }
    hf_campaign_free(now);
    hf_campaign_free(old);
}

/* A directory written before runs.csv kept each run's best point (format
 * hertzfit-campaign-3, digests recorded) still reads, to the same rows
 * without points; merged, it is written in the current format with empty
 * best_x cells, which read back. */
static void test_reads_format_3(void **state)
{
    (void)state;
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.runs = 2;
    cfg.force = 1;
    char dir[1100], merged[1100], cmd[4000];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-format3"));
    snprintf(merged, sizeof merged, "%s", hf_test_tmp_path("camp-format3-merged"));
    hf_campaign *now = NULL, *old = NULL, *again = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_run(&cfg, dir, &now, &diag), HF_OK);
    for (size_t i = 0; i < now->n_rows; ++i)
        assert_true(now->rows[i].best_x != NULL || !isfinite(now->rows[i].best_f));
    snprintf(cmd, sizeof cmd, "cd '%s' && cut -d, -f1-10 runs.csv > r && mv r runs.csv && "
                              "sed -i -e 's/^format = .*$/format = hertzfit-campaign-3/' -e "
                              "\"s/^data.runs.csv.sha256 = .*/data.runs.csv.sha256 = "
                              "$(sha256sum runs.csv | cut -d' ' -f1)/\" manifest.txt", dir);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(hf_campaign_read(dir, &old, &diag), HF_OK);
    assert_int_equal(old->n_rows, now->n_rows);
    for (size_t i = 0; i < now->n_rows; ++i) {
        assert_true(old->rows[i].best_f == now->rows[i].best_f);
        assert_null(old->rows[i].best_x);
    }
    const char *dirs[] = {dir};
    assert_int_equal(hf_campaign_merge(dirs, 1, merged, 1, &diag), HF_OK);
    assert_int_equal(hf_campaign_read(merged, &again, &diag), HF_OK);
    assert_string_equal(hf_campaign_field(again, "format"), "hertzfit-campaign-4");
    assert_int_equal(again->n_rows, now->n_rows);
    for (size_t i = 0; i < now->n_rows; ++i)
        assert_null(again->rows[i].best_x);
    hf_campaign_free(now);
    hf_campaign_free(old);
    hf_campaign_free(again);
}

static void test_read_back_matches_memory(void **state)
{
    (void)state;
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.runs = 2;
    char dir[1100];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-read"));
    hf_campaign *mem = NULL, *disk = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_run(&cfg, dir, &mem, &diag), HF_OK);
    assert_int_equal(hf_campaign_read(dir, &disk, &diag), HF_OK);
    assert_int_equal(mem->n_rows, disk->n_rows);
    assert_int_equal(mem->n_trace, disk->n_trace);
    for (size_t i = 0; i < mem->n_rows; ++i) {
        assert_true(mem->rows[i].best_f == disk->rows[i].best_f); /* %.17g round trip */
        assert_int_equal(mem->rows[i].stream, disk->rows[i].stream);
        assert_int_equal(mem->rows[i].trace_count, disk->rows[i].trace_count);
        /* the best point, %.17g too: bit for bit */
        size_t dim = mem->problems[mem->rows[i].problem].dim;
        assert_non_null(mem->rows[i].best_x);
        assert_non_null(disk->rows[i].best_x);
        assert_memory_equal(mem->rows[i].best_x, disk->rows[i].best_x, dim * sizeof(double));
    }
    for (size_t i = 0; i < mem->n_trace; ++i)
        assert_true(mem->trace[i].best_f == disk->trace[i].best_f);
    for (size_t p = 0; p < mem->n_problems; ++p)
        assert_true(mem->problems[p].f_opt == disk->problems[p].f_opt);
    /* the runs that reached the final target stopped there */
    for (size_t i = 0; i < mem->n_rows; ++i)
        if (mem->rows[i].stop == HF_STOP_TARGET)
            assert_true(hf_report_final_error(mem, &mem->rows[i]) <= 1e-8);
    hf_campaign_free(mem);
    hf_campaign_free(disk);
}

/* A campaign without BBOB functions writes no coco/ (cocopp has no suite
 * for other problems; ioh/ holds every problem). */
static void test_no_coco_files_without_bbob(void **state)
{
    (void)state;
    static const char *const opts[] = {"random"};
    static const char *const probs[] = {"sphere:3", "sphere:2", "profile"};
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.optimizers = opts;
    cfg.n_optimizers = 1;
    cfg.problems = probs;
    static const hf_budget_rule budget_200 = {0, HF_BUDGET_EVALUATIONS, 200};
    cfg.runs = 3;
    cfg.budget = &budget_200;
    cfg.n_budget = 1;
    char dir[1100], path[1200];
    run_into(&cfg, "camp-no-coco", dir, sizeof dir);
    struct stat sb;
    snprintf(path, sizeof path, "%s/coco", dir);
    assert_int_not_equal(stat(path, &sb), 0);
    snprintf(path, sizeof path, "%s/ioh/random", dir);
    assert_int_equal(stat(path, &sb), 0);
}

/* The files of COCO's bbob logger (src/logger_bbob.c, data format
 * bbob-new2) for a campaign built by hand: the expected text follows the
 * logger's rules, not this writer's output.  Two dimensions of f1 (run i
 * on instance i + 1) and f3 with a fixed instance 7; f_opt = 10; one best
 * two ulps below f_opt (rounding), which the logger counts as f_opt. */
static void test_coco_files_follow_the_bbob_logger(void **state)
{
    (void)state;
    char *opt_names[] = {"nlopt:LN_BOBYQA"};
    hf_campaign_problem probs[] = {{"bbob:1:2", 2, 1, 10.0, 40, NULL},
                                   {"bbob:1:3", 3, 1, 10.0, 60, NULL},
                                   {"bbob:3:2:7", 2, 1, 10.0, 40, NULL}};
    hf_trace_point trace[] = {
        {1, 1, 15.0}, {1, 4, 10.5},                 /* f1 D2 run 0, 30 evaluations */
        {1, 1, 12.0}, {2, 40, 9.999999999999996},   /* f1 D2 run 1, 40 */
        {1, 1, 20.0},                               /* f1 D3 run 0, 60 */
        {1, 1, 11.0}, {3, 7, 10.25},                /* f3 D2:7 run 0, 9 */
    };
    hf_campaign_row rows[] = {
        {0, 0, 0, 5, 0, 10.5, 30, HF_STOP_MAXEVAL, 0.0, 0, 2, NULL},
        {0, 0, 1, 5, 0, 9.999999999999996, 40, HF_STOP_MAXEVAL, 0.0, 2, 2, NULL},
        {0, 1, 0, 5, 0, 20.0, 60, HF_STOP_MAXEVAL, 0.0, 4, 1, NULL},
        {0, 2, 0, 5, 0, 10.25, 9, HF_STOP_MAXEVAL, 0.0, 5, 2, NULL},
    };
    hf_campaign c = {0};
    c.optimizers = opt_names;
    c.n_optimizers = 1;
    c.problems = probs;
    c.n_problems = 3;
    c.runs = 2;
    c.seed = 5;
    c.rows = rows;
    c.n_rows = 4;
    c.trace = trace;
    c.n_trace = 7;
    char dir[1100];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-coco"));
    char cmd[2300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir '%s'", dir, dir);
    assert_int_equal(system(cmd), 0);
    hf_diag diag = {{0}};
    hf_status st = hf_campaign_write_coco(&c, dir, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);

    /* optimiser names read from another campaign's files are folder names
     * only once tamed: ".." and a quote cannot leave coco/ or reach algId */
    char *odd_names[] = {"..", "it's"};
    hf_campaign odd = c;
    odd.optimizers = odd_names;
    odd.n_optimizers = 2;
    hf_campaign_row odd_rows[4];
    memcpy(odd_rows, rows, sizeof rows);
    odd_rows[1].optimizer = 1;
    odd_rows[3].optimizer = 1;
    odd.rows = odd_rows;
    char odd_dir[1110];
    snprintf(odd_dir, sizeof odd_dir, "%s-odd", dir);
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir '%s'", odd_dir, odd_dir);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(hf_campaign_write_coco(&odd, odd_dir, &diag), HF_OK);
    char *odd_info = slurp(odd_dir, "coco/alg-../bbobexp_f1.info");
    assert_non_null(strstr(odd_info, "algId = 'alg-..'"));
    free(odd_info);
    odd_info = slurp(odd_dir, "coco/it-s/bbobexp_f1.info");
    assert_non_null(strstr(odd_info, "algId = 'it-s'"));
    free(odd_info);

    char *info = slurp(dir, "coco/nlopt-LN_BOBYQA/bbobexp_f1.info");
    assert_string_equal(info,
        "suite = 'bbob', funcId = 1, DIM = 2, Precision = 1.000e-08, algId = 'nlopt-LN_BOBYQA', "
        "logger = 'bbob', data_format = 'bbob-new2'\n"
        "% hertzfit campaign, seed 5\n"
        "data_f1/bbobexp_f1_DIM2.dat, 1:30|5.0e-01, 2:40|0.0e+00\n"
        "suite = 'bbob', funcId = 1, DIM = 3, Precision = 1.000e-08, algId = 'nlopt-LN_BOBYQA', "
        "logger = 'bbob', data_format = 'bbob-new2'\n"
        "% hertzfit campaign, seed 5\n"
        "data_f1/bbobexp_f1_DIM3.dat, 1:60|1.0e+01\n");
    free(info);
    info = slurp(dir, "coco/nlopt-LN_BOBYQA/bbobexp_f3.info");
    assert_non_null(strstr(info, "data_f3/bbobexp_f3_DIM2.dat, 7:9|2.5e-01\n"));
    free(info);

    static const char header[] =
        "% f evaluations | g evaluations | best noise-free fitness - Fopt (1.000000000000e+01) "
        "+ sum g_i+ | measured fitness | best measured fitness or single-digit g-values | x1 | "
        "x2...\n";
    char expected[8192];
    snprintf(expected, sizeof expected,
             "%s"
             "1 0 +5.000000000e+00 +1.500000000e+01 +1.500000000e+01\n"
             "4 0 +5.000000000e-01 +1.050000000e+01 +1.050000000e+01\n"
             "30 0 +5.000000000e-01 +1.050000000e+01 +1.050000000e+01\n"
             "%s"
             "1 0 +2.000000000e+00 +1.200000000e+01 +1.200000000e+01\n"
             "40 0 +0.000000000e+00 +1.000000000e+01 +1.000000000e+01\n",
             header, header);
    char *dat = slurp(dir, "coco/nlopt-LN_BOBYQA/data_f1/bbobexp_f1_DIM2.dat");
    assert_string_equal(dat, expected);
    free(dat);

    /* .tdat: rows at COCO's evaluation triggers floor(10^(i/20)) = 1, 2,
     * 3, 4, 5, 6, 7, 8, 10, 11, 12, 14, 15, 17, 19, 22, 25, 28, 31, 35,
     * 39, 44, 50, 56, … and D·{1, 2, 5}·10^j (D = 2: 2, 4, 10, 20, 40, …;
     * D = 3: 3, 6, 15, 30, 60, …) up to the run's last evaluation, which
     * gets a row of its own when it is no trigger (30 in run 0). */
    static const size_t d2_counts[] = {1,  2,  3,  4,  5,  6,  7,  8,  10, 11, 12, 14,
                                       15, 17, 19, 20, 22, 25, 28, 31, 35, 39, 40};
    static const size_t d3_counts[] = {1,  2,  3,  4,  5,  6,  7,  8,  10, 11, 12, 14, 15,
                                       17, 19, 22, 25, 28, 30, 31, 35, 39, 44, 50, 56, 60};
    size_t used = (size_t)snprintf(expected, sizeof expected, "%s", header);
    for (size_t i = 0; i < sizeof d2_counts / sizeof *d2_counts && d2_counts[i] <= 28; ++i)
        used += (size_t)snprintf(expected + used, sizeof expected - used, "%zu 0 %s\n",
                                 d2_counts[i],
                                 d2_counts[i] < 4 ? "+5.000000000e+00 +1.500000000e+01 +1.500000000e+01"
                                                  : "+5.000000000e-01 +1.050000000e+01 +1.050000000e+01");
    used += (size_t)snprintf(expected + used, sizeof expected - used,
                             "30 0 +5.000000000e-01 +1.050000000e+01 +1.050000000e+01\n%s", header);
    for (size_t i = 0; i < sizeof d2_counts / sizeof *d2_counts; ++i)
        used += (size_t)snprintf(expected + used, sizeof expected - used, "%zu 0 %s\n",
                                 d2_counts[i],
                                 d2_counts[i] < 40 ? "+2.000000000e+00 +1.200000000e+01 +1.200000000e+01"
                                                   : "+0.000000000e+00 +1.000000000e+01 +1.000000000e+01");
    char *tdat = slurp(dir, "coco/nlopt-LN_BOBYQA/data_f1/bbobexp_f1_DIM2.tdat");
    assert_string_equal(tdat, expected);
    free(tdat);
    used = (size_t)snprintf(expected, sizeof expected, "%s", header);
    for (size_t i = 0; i < sizeof d3_counts / sizeof *d3_counts; ++i)
        used += (size_t)snprintf(expected + used, sizeof expected - used,
                                 "%zu 0 +1.000000000e+01 +2.000000000e+01 +2.000000000e+01\n",
                                 d3_counts[i]);
    tdat = slurp(dir, "coco/nlopt-LN_BOBYQA/data_f1/bbobexp_f1_DIM3.tdat");
    assert_string_equal(tdat, expected);
    free(tdat);
}

/* The .dat rows are COCO's target-triggered ones (coco_observer.c): after
 * the first evaluation's row, a new best value (max(f, f_opt)) gets a row
 * when its error reaches a logarithmic target 10^(k/20) lower than every
 * one reached before (ceil(20·log10(error)), errors below 1e-8 counted as
 * 1e-8 and 0 as 1e-9) or a linear target (a multiple of 1e5, error rounded
 * up) lower than before; the last evaluation gets a row unless it has one.
 * f_opt = 0, D = 2, 50 evaluations. */
static void test_coco_dat_rows_are_target_triggered(void **state)
{
    (void)state;
    char *opt_names[] = {"random"};
    hf_campaign_problem probs[] = {{"bbob:1:2:1", 2, 1, 0.0, 50, NULL}};
    hf_trace_point trace[] = {
        {1, 1, 1.2e6},   /* first evaluation: always a row */
        {2, 2, 1.11e6},  /* first target consulted: log exponent 121 */
        {3, 3, 1.05e6},  /* exponent 121 again, linear target 1.1e6 < 1.2e6: row */
        {5, 5, 900.0},   /* exponent 60: row */
        {6, 6, 890.0},   /* 59: row */
        {7, 7, 880.0},   /* 59 again, linear 1e5 again: no row */
        {10, 10, 1e-3},  /* -60: row */
        {11, 11, 9.9e-4}, /* -60 again: no row */
        {20, 20, 5e-9},  /* below 1e-8, counted as 1e-8: -160: row */
        {30, 30, 2e-9},  /* -160 again: no row */
        {40, 40, 0.0},   /* exactly f_opt, counted as 1e-9: -180: row */
        {45, 45, -1e-17}, /* below f_opt: clamped to it, no improvement */
    };
    hf_campaign_row rows[] = {{0, 0, 0, 1, 0, -1e-17, 50, HF_STOP_MAXEVAL, 0.0, 0, 12, NULL}};
    hf_campaign c = {0};
    c.optimizers = opt_names;
    c.n_optimizers = 1;
    c.problems = probs;
    c.n_problems = 1;
    c.runs = 1;
    c.seed = 1;
    c.rows = rows;
    c.n_rows = 1;
    c.trace = trace;
    c.n_trace = 12;
    char dir[1100], cmd[2300];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-coco-triggers"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir '%s'", dir, dir);
    assert_int_equal(system(cmd), 0);
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_write_coco(&c, dir, &diag), HF_OK);
    static const char header[] =
        "% f evaluations | g evaluations | best noise-free fitness - Fopt (0.000000000000e+00) "
        "+ sum g_i+ | measured fitness | best measured fitness or single-digit g-values | x1 | "
        "x2...\n";
    char expected[4096];
    snprintf(expected, sizeof expected, "%s"
             "1 0 +1.200000000e+06 +1.200000000e+06 +1.200000000e+06\n"
             "2 0 +1.110000000e+06 +1.110000000e+06 +1.110000000e+06\n"
             "3 0 +1.050000000e+06 +1.050000000e+06 +1.050000000e+06\n"
             "5 0 +9.000000000e+02 +9.000000000e+02 +9.000000000e+02\n"
             "6 0 +8.900000000e+02 +8.900000000e+02 +8.900000000e+02\n"
             "10 0 +1.000000000e-03 +1.000000000e-03 +1.000000000e-03\n"
             "20 0 +5.000000000e-09 +5.000000000e-09 +5.000000000e-09\n"
             "40 0 +0.000000000e+00 +0.000000000e+00 +0.000000000e+00\n"
             "50 0 +0.000000000e+00 +0.000000000e+00 +0.000000000e+00\n", header);
    char *dat = slurp(dir, "coco/random/data_f1/bbobexp_f1_DIM2.dat");
    assert_string_equal(dat, expected);
    free(dat);
    /* the .tdat: the best value after each trigger count (D = 2; 50 is
     * one, so no extra last row); the measured column is the best value */
    snprintf(expected, sizeof expected, "%s"
             "1 0 +1.200000000e+06 +1.200000000e+06 +1.200000000e+06\n"
             "2 0 +1.110000000e+06 +1.110000000e+06 +1.110000000e+06\n"
             "3 0 +1.050000000e+06 +1.050000000e+06 +1.050000000e+06\n"
             "4 0 +1.050000000e+06 +1.050000000e+06 +1.050000000e+06\n"
             "5 0 +9.000000000e+02 +9.000000000e+02 +9.000000000e+02\n"
             "6 0 +8.900000000e+02 +8.900000000e+02 +8.900000000e+02\n"
             "7 0 +8.800000000e+02 +8.800000000e+02 +8.800000000e+02\n"
             "8 0 +8.800000000e+02 +8.800000000e+02 +8.800000000e+02\n"
             "10 0 +1.000000000e-03 +1.000000000e-03 +1.000000000e-03\n"
             "11 0 +9.900000000e-04 +9.900000000e-04 +9.900000000e-04\n"
             "12 0 +9.900000000e-04 +9.900000000e-04 +9.900000000e-04\n"
             "14 0 +9.900000000e-04 +9.900000000e-04 +9.900000000e-04\n"
             "15 0 +9.900000000e-04 +9.900000000e-04 +9.900000000e-04\n"
             "17 0 +9.900000000e-04 +9.900000000e-04 +9.900000000e-04\n"
             "19 0 +9.900000000e-04 +9.900000000e-04 +9.900000000e-04\n"
             "20 0 +5.000000000e-09 +5.000000000e-09 +5.000000000e-09\n"
             "22 0 +5.000000000e-09 +5.000000000e-09 +5.000000000e-09\n"
             "25 0 +5.000000000e-09 +5.000000000e-09 +5.000000000e-09\n"
             "28 0 +5.000000000e-09 +5.000000000e-09 +5.000000000e-09\n"
             "31 0 +2.000000000e-09 +2.000000000e-09 +2.000000000e-09\n"
             "35 0 +2.000000000e-09 +2.000000000e-09 +2.000000000e-09\n"
             "39 0 +2.000000000e-09 +2.000000000e-09 +2.000000000e-09\n"
             "40 0 +0.000000000e+00 +0.000000000e+00 +0.000000000e+00\n"
             "44 0 +0.000000000e+00 +0.000000000e+00 +0.000000000e+00\n"
             "50 0 +0.000000000e+00 -1.000000000e-17 +0.000000000e+00\n", header);
    char *tdat = slurp(dir, "coco/random/data_f1/bbobexp_f1_DIM2.tdat");
    assert_string_equal(tdat, expected);
    free(tdat);
}

/* A campaign on "bbob:F:D": run r optimises instance r + 1, so each run
 * has its own f* (bbob_fopt.csv, COCO's values: f1 instances 1..3 are
 * 79.48, 394.48, -247.11); the manifest lists them, they read back, the
 * errors and the COCO files use them, and a shard split still agrees. */
static void test_bbob_instances_per_run(void **state)
{
    (void)state;
    static const char *const opts[] = {"random", "nlopt:LN_BOBYQA"};
    static const char *const probs[] = {"bbob:1:2", "bbob:8:3:5"};
    static const hf_budget_rule per_dim = {0, HF_BUDGET_PER_DIMENSION, 50};
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.optimizers = opts;
    cfg.n_optimizers = 2;
    cfg.problems = probs;
    cfg.n_problems = 2;
    cfg.runs = 3;
    cfg.budget = &per_dim;
    cfg.n_budget = 1;
    char dir[1100], s0[1100], s1[1100];
    run_into(&cfg, "camp-bbob", dir, sizeof dir);
    hf_campaign *c = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_OK);
    assert_string_equal(c->problems[0].name, "bbob:1:2");
    assert_string_equal(c->problems[1].name, "bbob:8:3:5");
    assert_int_equal(c->problems[0].budget, 100);    /* 50 x d */
    assert_int_equal(c->problems[1].budget, 150);
    assert_string_equal(manifest_value(c, "problem.bbob:1:2.f_opt"),
                        "79.480000000000004 394.48000000000002 -247.11000000000001");
    const double fopt[3] = {79.480000000000004, 394.48000000000002, -247.11000000000001};
    assert_non_null(c->problems[0].run_f_opt);
    assert_null(c->problems[1].run_f_opt);           /* one fixed instance */
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        double f = hf_campaign_row_f_opt(c, r);
        if (r->problem == 0)
            assert_true(f == fopt[r->run]);
        else
            assert_true(f == c->problems[1].f_opt);
        /* a final error is measured from its own instance's f* */
        assert_true(hf_report_final_error(c, r) == r->best_f - f);
        assert_true(hf_report_final_error(c, r) >= 0.0);
    }
    hf_campaign_free(c);
    char *dat = slurp(dir, "coco/random/data_f1/bbobexp_f1_DIM2.dat");
    assert_non_null(strstr(dat, "Fopt (3.944800000000e+02)"));
    assert_non_null(strstr(dat, "Fopt (-2.471100000000e+02)"));
    free(dat);
    char *info = slurp(dir, "coco/random/bbobexp_f8.info");
    assert_non_null(strstr(info, "suite = 'bbob', funcId = 8, DIM = 3,"));
    assert_non_null(strstr(info, "data_f8/bbobexp_f8_DIM3.dat, 5:150|"));
    assert_non_null(strstr(info, ", 5:150|"));
    free(info);
    info = slurp(dir, "coco/random/bbobexp_f1.info");
    assert_non_null(strstr(info, "data_f1/bbobexp_f1_DIM2.dat, 1:100|"));
    assert_non_null(strstr(info, ", 2:100|"));
    assert_non_null(strstr(info, ", 3:100|"));
    free(info);
    /* shards give the same rows as the whole campaign */
    cfg.shard_count = 2;
    cfg.shard_index = 0;
    run_into(&cfg, "camp-bbob-s0", s0, sizeof s0);
    cfg.shard_index = 1;
    cfg.threads = 1;
    run_into(&cfg, "camp-bbob-s1", s1, sizeof s1);
    const char *dirs[] = {s0, s1};
    char merged[1100];
    snprintf(merged, sizeof merged, "%s", hf_test_tmp_path("camp-bbob-merged"));
    assert_int_equal(hf_campaign_merge(dirs, 2, merged, 1, &diag), HF_OK);
    assert_same_results(dir, merged);
}

/* COCO's instance sets: the years as COCO's suite_bbob.c lists them, and
 * a campaign on the 2023 set runs instances 1-5 and 101-110, each with
 * its own f* (the instance's, computed independently by hf_bbob), labelled
 * by its number in the COCO and IOH files, read back from the manifest and
 * unchanged by a merge of shards. */
static void test_instance_sets(void **state)
{
    (void)state;
    unsigned long *list = NULL;
    size_t n = 0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_instances_parse("2009", &list, &n, &diag), HF_OK);
    static const unsigned long y2009[] = {1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5};
    assert_int_equal(n, 15);
    assert_memory_equal(list, y2009, sizeof y2009);
    free(list);
    static const unsigned long y2023[] = {1, 2, 3, 4, 5, 101, 102, 103, 104, 105,
                                          106, 107, 108, 109, 110};
    assert_int_equal(hf_campaign_instances_parse("2023", &list, &n, &diag), HF_OK);
    assert_int_equal(n, 15);
    assert_memory_equal(list, y2023, sizeof y2023);
    free(list);
    assert_int_equal(hf_campaign_instances_parse("2025", &list, &n, &diag), HF_OK);
    assert_memory_equal(list, y2023, sizeof y2023);   /* the latest set goes on */
    free(list);
    assert_int_equal(hf_campaign_instances_parse("2010", &list, &n, &diag), HF_OK);
    assert_int_equal(n, 15);
    assert_int_equal(list[14], 15);
    free(list);
    assert_int_equal(hf_campaign_instances_parse("7,3-4", &list, &n, &diag), HF_OK);
    assert_int_equal(n, 3);
    assert_true(list[0] == 7 && list[1] == 3 && list[2] == 4);
    free(list);
    const char *bad[] = {"2008", "0", "5-3", "1,,2", "", "x", "214649"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        assert_int_equal(hf_campaign_instances_parse(bad[i], &list, &n, &diag), HF_EINVAL);
        assert_null(list);
    }

    static const char *const opts[] = {"random"};
    static const char *const probs[] = {"bbob:1:2", "bbob:8:3:5"};
    static const hf_budget_rule per_dim = {0, HF_BUDGET_PER_DIMENSION, 20};
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.optimizers = opts;
    cfg.n_optimizers = 1;
    cfg.problems = probs;
    cfg.n_problems = 2;
    cfg.runs = 0;   /* one per instance */
    cfg.instances = y2023;
    cfg.n_instances = 15;
    cfg.budget = &per_dim;
    cfg.n_budget = 1;
    char dir[1100], s0[1100], s1[1100], merged[1100];
    run_into(&cfg, "camp-inst", dir, sizeof dir);
    hf_campaign *c = NULL;
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_OK);
    assert_int_equal(c->runs, 15);
    assert_int_equal(c->n_instances, 15);
    assert_memory_equal(c->instances, y2023, sizeof y2023);
    for (size_t i = 0; i < c->n_rows; ++i) {
        const hf_campaign_row *r = &c->rows[i];
        if (r->problem != 0)   /* "bbob:8:3:5" keeps its instance 5 */
            continue;
        hf_bbob *b = NULL;
        double f_opt = 0.0;
        assert_int_equal(hf_bbob_alloc(1, 2, y2023[r->run], &b, NULL), HF_OK);
        assert_int_equal(hf_bbob_optimum(b, NULL, &f_opt, NULL), HF_OK);
        hf_bbob_free(b);
        assert_true(hf_campaign_row_f_opt(c, r) == f_opt);
    }
    hf_campaign_free(c);
    char *info = slurp(dir, "coco/random/bbobexp_f1.info");
    assert_non_null(strstr(info, ", 5:40|"));
    assert_non_null(strstr(info, ", 101:40|"));
    assert_non_null(strstr(info, ", 110:40|"));
    assert_null(strstr(info, ", 6:40|"));
    free(info);
    info = slurp(dir, "coco/random/bbobexp_f8.info");
    assert_non_null(strstr(info, "5:60|"));
    assert_null(strstr(info, "101:60|"));
    free(info);
    char *json = slurp(dir, "ioh/random/IOHprofiler_f1_Sphere.json");
    assert_non_null(strstr(json, "\"instance\": 110"));
    free(json);
    cfg.shard_count = 2;
    cfg.shard_index = 0;
    run_into(&cfg, "camp-inst-s0", s0, sizeof s0);
    cfg.shard_index = 1;
    run_into(&cfg, "camp-inst-s1", s1, sizeof s1);
    const char *dirs[] = {s0, s1};
    snprintf(merged, sizeof merged, "%s", hf_test_tmp_path("camp-inst-merged"));
    assert_int_equal(hf_campaign_merge(dirs, 2, merged, 1, &diag), HF_OK);
    assert_same_results(dir, merged);
}

/* A campaign whose targets stop above COCO's 1e-8 stops its runs at its
 * final target, so its COCO files say so: Precision is that target
 * (cocopp ignores targets below it), and a run that reached it records
 * the evaluations it took and an error below it; one that did not, the
 * whole budget. */
static void test_coco_precision_follows_targets(void **state)
{
    (void)state;
    static const char *const opts[] = {"nlopt:LN_BOBYQA", "random"};
    static const char *const probs[] = {"bbob:1:2", "bbob:15:3"};
    static const double targets[] = {1e1, 1e-2};
    static const hf_budget_rule per_dim = {0, HF_BUDGET_PER_DIMENSION, 100};
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.optimizers = opts;
    cfg.n_optimizers = 2;
    cfg.problems = probs;
    cfg.n_problems = 2;
    cfg.runs = 3;
    cfg.targets = targets;
    cfg.n_targets = 2;
    cfg.budget = &per_dim;
    cfg.n_budget = 1;
    char dir[1100];
    run_into(&cfg, "camp-precision", dir, sizeof dir);
    const char *files[] = {"coco/nlopt-LN_BOBYQA/bbobexp_f1.info",
                           "coco/random/bbobexp_f15.info"};
    const size_t budget[] = {200, 300};
    for (size_t k = 0; k < 2; ++k) {
        char *info = slurp(dir, files[k]);
        assert_non_null(strstr(info, "Precision = 1.000e-02,"));
        assert_null(strstr(info, "1.000e-08"));
        /* every run: evaluations below the budget only with an error at or
         * below the final target */
        const char *p = strstr(info, ".dat");
        assert_non_null(p);
        size_t n = 0;
        unsigned long inst = 0;
        size_t evals = 0;
        double err = 0.0;
        int used = 0;
        while (sscanf(p, ".dat, %lu:%zu|%lf%n", &inst, &evals, &err, &used) == 3 ||
               sscanf(p, ", %lu:%zu|%lf%n", &inst, &evals, &err, &used) == 3) {
            assert_true(evals <= budget[k]);
            assert_true(evals == budget[k] || err <= 1e-2);
            p += used;
            ++n;
        }
        assert_int_equal(n, 3);
        free(info);
    }
    /* BOBYQA solves the sphere f1 to 1e-2 well inside 200 evaluations */
    char *info = slurp(dir, files[0]);
    assert_null(strstr(info, ":200|"));
    free(info);
}

static void test_merge_refusals(void **state)
{
    (void)state;
    char s0[1100], s1[1100], other[1100], out[1100];
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.runs = 2;
    cfg.shard_count = 2;
    run_into(&cfg, "refuse-s0", s0, sizeof s0);
    cfg.shard_index = 1;
    run_into(&cfg, "refuse-s1", s1, sizeof s1);
    cfg.seed = 7;
    run_into(&cfg, "refuse-other", other, sizeof other);
    snprintf(out, sizeof out, "%s", hf_test_tmp_path("refuse-out"));
    hf_diag diag = {{0}};

    const char *different[] = {s0, other};
    assert_int_equal(hf_campaign_merge(different, 2, out, 0, &diag), HF_EMISMATCH);
    assert_non_null(strstr(diag.text, "'seed'"));

    const char *missing[] = {s0};
    assert_int_equal(hf_campaign_merge(missing, 1, out, 0, &diag), HF_EMISMATCH);
    assert_non_null(strstr(diag.text, "missing"));

    const char *twice[] = {s0, s1, s0};
    assert_int_equal(hf_campaign_merge(twice, 3, out, 0, &diag), HF_EMISMATCH);
    assert_non_null(strstr(diag.text, "twice"));

    /* out_dir holding another campaign: refused, then forced */
    const char *both[] = {s0, s1};
    assert_int_equal(hf_campaign_merge(both, 2, other, 0, &diag), HF_EEXIST);
    assert_non_null(strstr(diag.text, "different campaign"));
    assert_non_null(strstr(diag.text, "refused without force"));
    assert_int_equal(hf_campaign_merge(both, 2, other, 1, &diag), HF_OK);
}

/* A damaged campaign directory is refused naming file and line. */
static void test_malformed_files(void **state)
{
    (void)state;
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.runs = 1;
    char dir[1100], path[1200];
    run_into(&cfg, "camp-damaged", dir, sizeof dir);
    hf_campaign *c = NULL;
    hf_diag diag = {{0}};
    snprintf(path, sizeof path, "%s/runs.csv", dir);
    FILE *fp = fopen(path, "a");
    assert_non_null(fp);
    fputs("adam,sphere:3,3,0,1,2,0.5,10,maxeval,0.1,1 2 3\n", fp);   /* unknown optimiser */
    fclose(fp);
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
    assert_null(c);
    assert_non_null(strstr(diag.text, "runs.csv:20:"));
    assert_non_null(strstr(diag.text, "'adam'"));
    hf_test_write_file(path, "optimizer,problem,run,seed,stream,best_f,evaluations,stop,seconds,"
                             "best_x\nrandom,sphere:3,0,1,2,x,10,maxeval,0.1,\n");
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "runs.csv:2:"));
    hf_test_write_file(path, "optimizer,problem,run,seed,stream,best_f,evaluations,stop,seconds,"
                             "best_x\nrandom,sphere:3,7,1,2,0.5,10,maxeval,0.1,\n");
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "runs.csv:2:3: run 7 is not in 0.."));
    hf_test_write_file(path, "optimizer,problem,run,seed,stream,best_f,evaluations,stop,seconds,"
                             "best_x\nrandom,sphere:3,0,1,2,0.5,10,sleepy,0.1,\n");
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "'sleepy'"));
    /* a best point of the wrong dimension, a word in it, hex, NaN, a
     * double space; and no best_x column in the current format */
    static const char *const bad_points[] = {"0.1 0.2", "0.1 0.2 0.3 0.4", "0.1 x 0.3",
                                             "0x1p3 0 0", "nan 0 0", "0.1  0.2 0.3"};
    for (size_t i = 0; i < sizeof bad_points / sizeof *bad_points; ++i) {
        char text[300];
        snprintf(text, sizeof text, "optimizer,problem,run,seed,stream,best_f,evaluations,"
                                    "stop,seconds,best_x\nrandom,sphere:3,0,1,2,0.5,10,maxeval,"
                                    "0.1,%s\n", bad_points[i]);
        hf_test_write_file(path, text);
        assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
        assert_non_null(strstr(diag.text, "runs.csv:2:10: column 'best_x'"));
        assert_non_null(strstr(diag.text, "not 3 finite numbers"));
    }
    hf_test_write_file(path, "optimizer,problem,run,seed,stream,best_f,evaluations,stop,seconds\n"
                             "random,sphere:3,0,1,2,0.5,10,maxeval,0.1\n");
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "no column 'best_x'"));
    snprintf(path, sizeof path, "%s/manifest.txt", dir);
    /* the manifest's targets go through the parser of `bench run` */
    char *manifest = slurp(dir, "manifest.txt");
    char *at = strstr(manifest, "targets = ");
    assert_non_null(at);
    memcpy(at, "targets = 1,1,", 14);
    hf_test_write_file(path, manifest);
    free(manifest);
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "target 1 is listed twice"));
    hf_test_write_file(path, "format = something-else\n");
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "format"));
    hf_test_write_file(path, "no equals sign here\n");
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "manifest.txt:1:"));
}

static void test_config_errors(void **state)
{
    (void)state;
    hf_campaign_config cfg;
    hf_diag diag = {{0}};
    const char *dir = hf_test_tmp_path("camp-bad");
    small_config(&cfg);
    cfg.shard_index = 2;
    cfg.shard_count = 2;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    small_config(&cfg);
    cfg.runs = 0;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    /* the limits: runs, and the task count, refused before any allocation */
    cfg.runs = (size_t)HF_CAMPAIGN_RUNS_MAX + 1;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "runs = 1000001 is above the limit 1000000"));
    cfg.runs = HF_CAMPAIGN_RUNS_MAX;
    static const char *const many[] = {"ica", "icaco", "random", "nlopt:LN_BOBYQA",
                                       "nlopt:GN_DIRECT", "nlopt:LN_SBPLX"};
    static const char *const probs[] = {"sphere:2", "rastrigin:2", "rosenbrock:2",
                                        "ackley:2", "griewank:2", "sphere:3", "sphere:4",
                                        "sphere:5", "sphere:6", "sphere:7", "sphere:8",
                                        "sphere:9", "sphere:10", "sphere:11", "sphere:12",
                                        "sphere:13", "sphere:14"};
    cfg.optimizers = many;
    cfg.n_optimizers = 6;
    cfg.problems = probs;
    cfg.n_problems = 17;   /* 6 x 17 x 1e6 > 1e8 tasks */
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "above the limit of 100000000 tasks"));
    small_config(&cfg);
    static const hf_budget_rule only_5 = {5, HF_BUDGET_EVALUATIONS, 100};
    cfg.budget = &only_5;   /* no budget for dimensions 2 and 3 */
    cfg.n_budget = 1;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "dimension"));
    small_config(&cfg);
    static const double negative[] = {1e-2, -1};
    cfg.targets = negative;
    cfg.n_targets = 2;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "target -1 is not a finite positive number"));
    cfg.n_targets = 0;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "no targets"));
    const char *dup[] = {"random", "random"};
    small_config(&cfg);
    cfg.optimizers = dup;
    cfg.n_optimizers = 2;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "twice"));
}

/* A budget is typed rules: a dimension's own rule before the rule for
 * every dimension, fixed counts or B × dimension (COCO's B·d). */
static void test_budget_rules(void **state)
{
    (void)state;
    const hf_budget_rule rules[] = {{0, HF_BUDGET_PER_DIMENSION, 100},
                                    {2, HF_BUDGET_EVALUATIONS, 1000},
                                    {10, HF_BUDGET_EVALUATIONS, 10000}};
    size_t e = 0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_budget_evaluations(rules, 3, 2, &e, &diag), HF_OK);
    assert_int_equal(e, 1000);
    assert_int_equal(hf_budget_evaluations(rules, 3, 10, &e, &diag), HF_OK);
    assert_int_equal(e, 10000);
    assert_int_equal(hf_budget_evaluations(rules, 3, 7, &e, &diag), HF_OK);
    assert_int_equal(e, 700);
    assert_int_equal(hf_budget_evaluations(rules + 1, 2, 7, &e, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "no rule for dimension 7"));
    const hf_budget_rule twice[] = {{3, HF_BUDGET_EVALUATIONS, 10},
                                    {3, HF_BUDGET_EVALUATIONS, 20}};
    assert_int_equal(hf_budget_evaluations(twice, 2, 3, &e, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "two rules for dimension 3"));
    const hf_budget_rule zero = {0, HF_BUDGET_EVALUATIONS, 0};
    assert_int_equal(hf_budget_evaluations(&zero, 1, 3, &e, &diag), HF_EINVAL);
    const hf_budget_rule huge = {0, HF_BUDGET_PER_DIMENSION, SIZE_MAX / 2};
    assert_int_equal(hf_budget_evaluations(&huge, 1, 3, &e, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "above the limit"));
    const hf_budget_rule over = {0, HF_BUDGET_EVALUATIONS, (size_t)HF_CAMPAIGN_BUDGET_MAX + 1};
    assert_int_equal(hf_budget_evaluations(&over, 1, 3, &e, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "above the limit"));
    /* a campaign records each problem's evaluations from its rules */
    static const char *const opts[] = {"random"};
    static const char *const probs[] = {"sphere:3", "sphere:2"};
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.optimizers = opts;
    cfg.n_optimizers = 1;
    cfg.problems = probs;
    cfg.n_problems = 2;
    cfg.runs = 1;
    cfg.budget = rules;
    cfg.n_budget = 3;
    static const double targets[] = {1e-3, 10, 0.5};   /* any order */
    cfg.targets = targets;
    cfg.n_targets = 3;
    cfg.force = 1;
    hf_campaign *c = NULL;
    assert_int_equal(hf_campaign_run(&cfg, hf_test_tmp_path("camp-budget"), &c, &diag), HF_OK);
    assert_string_equal(c->problems[0].name, "sphere:2");
    assert_int_equal(c->problems[0].budget, 1000);
    assert_int_equal(c->problems[1].budget, 300);
    assert_int_equal(c->n_targets, 3);   /* sorted decreasing, exact values kept */
    assert_true(c->targets[0] == 10.0 && c->targets[1] == 0.5 && c->targets[2] == 1e-3);
    hf_campaign_free(c);
    /* the default: 1000 evaluations, targets 10^1 .. 10^-8 */
    cfg.budget = NULL;
    cfg.targets = NULL;
    assert_int_equal(hf_campaign_run(&cfg, hf_test_tmp_path("camp-budget"), &c, &diag), HF_OK);
    assert_int_equal(c->problems[1].budget, 1000);
    assert_int_equal(c->n_targets, 10);
    assert_true(c->targets[0] == 1e1 && c->targets[9] == 1e-8);
    hf_campaign_free(c);
}

static int exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* Validation and the tasks come before the directory: a campaign that is
 * refused or fails leaves nothing on disk. */
static void test_failed_run_leaves_nothing(void **state)
{
    (void)state;
    char dir[1100], cmd[1200];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-failed"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    hf_campaign_config cfg;
    hf_diag diag = {{0}};
    small_config(&cfg);
    static const double twice[] = {1, 1};
    cfg.targets = twice;
    cfg.n_targets = 2;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EINVAL);
    assert_false(exists(dir));
    /* NLopt's NEWUOA refuses dimension 1 only when the run starts */
    static const char *const newuoa[] = {"random", "nlopt:LN_NEWUOA"};
    static const char *const line[] = {"sphere:1"};
    small_config(&cfg);
    cfg.optimizers = newuoa;
    cfg.n_optimizers = 2;
    cfg.problems = line;
    cfg.n_problems = 1;
    assert_int_not_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);
    assert_non_null(strstr(diag.text, "NEWUOA"));
    assert_false(exists(dir));
    /* the same campaign without NEWUOA writes its directory */
    cfg.n_optimizers = 1;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);
    assert_true(exists(dir));
}

/* A host's interrupt (hf_interrupt_set): pending from its 200th poll on,
 * while the campaign's runs are under way (polled before every
 * evaluation, on any thread). */
static atomic_int interrupt_polls;

static int interrupted_after_200_polls(void)
{
    return atomic_fetch_add(&interrupt_polls, 1) >= 200;
}

/* Runs cut short by an interrupt are no campaign: hf_campaign_run
 * returns HF_EINTERRUPTED, saying nothing was written, and leaves neither
 * the folder nor its temporary; without the interrupt the same campaign
 * is written. */
static void test_interrupted_run_leaves_nothing(void **state)
{
    (void)state;
    char dir[1100], cmd[1200], tmp_name[1200];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-interrupted"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    snprintf(tmp_name, sizeof tmp_name, "%s.tmp-", strrchr(dir, '/') + 1);
    assert_int_equal(system(cmd), 0);
    hf_campaign_config cfg;
    small_config(&cfg);
    cfg.threads = 2;
    hf_diag diag = {{0}};
    hf_campaign *mem = NULL;
    atomic_store(&interrupt_polls, 0);
    hf_interrupt_set(interrupted_after_200_polls);
    hf_status st = hf_campaign_run(&cfg, dir, &mem, &diag);
    hf_interrupt_set(NULL);
    assert_int_equal(st, HF_EINTERRUPTED);
    assert_false(hf_status_is_bad_input(st));
    assert_string_equal(hf_strerror(st), "interrupted");
    assert_non_null(strstr(diag.text, "interrupted: nothing was written to"));
    assert_null(mem);
    /* the runs were under way when the interrupt came, not refused before */
    assert_true(atomic_load(&interrupt_polls) > 200);
    assert_false(exists(dir));
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, tmp_name), 0);
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);
    assert_true(exists(dir));
    assert_int_equal(system(cmd), 0);
}

/* The output directory is replaced as a whole: a rerun of the same
 * campaign replaces it, a directory holding anything but a campaign's
 * files is refused unless forced (then the other files go).  (A campaign
 * whose writing fails: tests/test_bench_cli.c, through the program.) */
static void test_output_replaced_whole(void **state)
{
    (void)state;
    char dir[1100], cmd[1200], path[1200], tmp_name[1200];
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-whole"));
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    snprintf(tmp_name, sizeof tmp_name, "%s.tmp-", strrchr(dir, '/') + 1);
    assert_int_equal(system(cmd), 0);
    hf_campaign_config cfg;
    small_config(&cfg);
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);   /* the same again */
    char *trace = slurp(dir, "trace.csv");
    snprintf(path, sizeof path, "%s/notes.txt", dir);
    hf_test_write_file(path, "mine");
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_EEXIST);
    assert_non_null(strstr(diag.text, "holds 'notes.txt', which writing it anew would delete; "
                                      "refused without force"));
    assert_true(exists(path));
    cfg.force = 1;
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);
    assert_false(exists(path));
    char *after = slurp(dir, "trace.csv");
    assert_string_equal(after, trace);   /* the same campaign, the same trace */
    free(trace);
    free(after);
    assert_int_equal(hf_test_count_entries(HERTZFIT_TEST_TMP, tmp_name), 0);
    assert_int_equal(system(cmd), 0);
}

static const char *manifest_value(const hf_campaign *c, const char *key)
{
    for (size_t i = 0; i < c->n_fields; ++i)
        if (strcmp(c->keys[i], key) == 0)
            return c->values[i];
    return NULL;
}

/* --shift: each run's function has its own moved optimum; the manifest
 * records each run's point; the problem rebuilt from the campaign's seed
 * has run r's optimum exactly there with f* unchanged; the runs' points
 * differ; and DIRECT-L, whose first sample is the box centre, no longer
 * solves sphere with it (the bias the shift removes). */
static void test_shift(void **state)
{
    (void)state;
    static const char *const direct[] = {"nlopt:GN_DIRECT_L"};
    static const char *const probs[] = {"sphere:2", "rosenbrock:3", "schwefel226:2"};
    char dir[1100];
    hf_campaign_config cfg;
    hf_campaign_config_init(&cfg);
    cfg.optimizers = direct;
    cfg.n_optimizers = 1;
    cfg.problems = probs;
    cfg.n_problems = 3;
    static const hf_budget_rule one = {0, HF_BUDGET_EVALUATIONS, 1};
    cfg.budget = &one;
    cfg.n_budget = 1;
    cfg.seed = 99;
    cfg.force = 1;
    cfg.runs = 3;
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-classic"));
    hf_campaign *c = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_campaign_run(&cfg, dir, &c, &diag), HF_OK);
    assert_null(manifest_value(c, "shift"));          /* classic by default */
    for (size_t i = 0; i < c->n_rows; ++i)            /* sphere solved by the centre */
        if (strcmp(c->problems[c->rows[i].problem].name, "sphere:2") == 0)
            assert_true(c->rows[i].best_f == 0.0);
    hf_campaign_free(c);

    cfg.shift = 1;
    snprintf(dir, sizeof dir, "%s", hf_test_tmp_path("camp-shifted"));
    assert_int_equal(hf_campaign_run(&cfg, dir, NULL, &diag), HF_OK);
    assert_int_equal(hf_campaign_read(dir, &c, &diag), HF_OK);
    assert_true(c->shifted);
    assert_string_equal(manifest_value(c, "shift"), "pcg");
    assert_null(manifest_value(c, "problem.schwefel226:2.x_opt"));
    double sphere_best[3];
    size_t n_sphere = 0;
    for (size_t i = 0; i < c->n_rows; ++i)
        if (strcmp(c->problems[c->rows[i].problem].name, "sphere:2") == 0)
            sphere_best[n_sphere++] = c->rows[i].best_f;
    assert_int_equal(n_sphere, 3);
    /* the centre is no optimum; each run sees it at its own distance */
    assert_true(sphere_best[0] > 0.0 && sphere_best[1] > 0.0 && sphere_best[2] > 0.0);
    assert_true(sphere_best[0] != sphere_best[1] && sphere_best[1] != sphere_best[2]);
    for (size_t k = 0; k < 2; ++k) {
        char key[128];
        snprintf(key, sizeof key, "problem.%s.x_opt", probs[k]);
        const char *words = manifest_value(c, key);
        assert_non_null(words);
        hf_bench_problem *bp = NULL;
        assert_int_equal(hf_bench_problem_alloc(probs[k], NULL, &bp, &diag), HF_OK);
        assert_int_equal(hf_bench_problem_prepare_runs(bp, cfg.runs, &diag), HF_OK);
        assert_int_equal(hf_bench_problem_shift(bp, cfg.seed, &diag), HF_OK);
        char *end = NULL;
        for (size_t r = 0; r < cfg.runs; ++r) {
            const hf_problem *p = hf_bench_problem_run(bp, r);
            const double *at = hf_bench_problem_run_optimum_point(bp, r);
            assert_non_null(p);
            assert_non_null(at);
            if (r > 0) {   /* runs are separated by " ; " */
                assert_true(strncmp(words, " ; ", 3) == 0);
                words += 3;
            }
            double z[3];
            for (size_t i = 0; i < p->dim; ++i, words = end) {
                z[i] = strtod(words, &end);
                assert_true(end != words);
                /* the manifest's shortest round-trip form reads back exactly */
                assert_true(z[i] == at[i]);
            }
            assert_true(p->f(z, p->ctx) == p->f_opt);   /* exact, see test_bench_problems */
            if (r > 0)   /* not run 0's point */
                assert_true(at[0] != hf_bench_problem_run_optimum_point(bp, 0)[0]);
        }
        assert_string_equal(end, "");   /* runs x dim values, no more */
        hf_bench_problem_free(bp);
    }
    hf_campaign_free(c);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_order_and_shards_agree),
        cmocka_unit_test(test_read_back_matches_memory),
        cmocka_unit_test(test_reads_format_1),
        cmocka_unit_test(test_reads_format_3),
        cmocka_unit_test(test_no_coco_files_without_bbob),
        cmocka_unit_test(test_coco_files_follow_the_bbob_logger),
        cmocka_unit_test(test_coco_dat_rows_are_target_triggered),
        cmocka_unit_test(test_bbob_instances_per_run),
        cmocka_unit_test(test_instance_sets),
        cmocka_unit_test(test_coco_precision_follows_targets),
        cmocka_unit_test(test_merge_refusals),
        cmocka_unit_test(test_malformed_files),
        cmocka_unit_test(test_config_errors),
        cmocka_unit_test(test_budget_rules),
        cmocka_unit_test(test_failed_run_leaves_nothing),
        cmocka_unit_test(test_output_replaced_whole),
        cmocka_unit_test(test_shift),
        cmocka_unit_test(test_interrupted_run_leaves_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
