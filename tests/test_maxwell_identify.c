/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_maxwell_identify.c — the decisions of hf_maxwell_identify
 * (which methods run, the alpha/curve rule, the refusals) and of
 * hf_maxwell_extract (every impact of a trace, no limit), checked on the
 * library call the program, the MEX gateway and Python share.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell_fit.h"

#define TRACES HERTZFIT_SOURCE_DIR "/data/drop_traces/drops.csv"
#define CLEAN HERTZFIT_SOURCE_DIR "/data/maxwell_synthetic_clean.csv"

static hf_maxwell_data *read_data(const char *path)
{
    hf_maxwell_data *d = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_data_read(path, NULL, &d, &diag), HF_OK);
    return d;
}

/* Runs the identification of PATH with METHOD, ALPHA and RESIDUALS;
 * returns its status and fills *r. */
static hf_status identify(const char *path, hf_maxwell_identify_method method, double alpha,
                          int residuals, hf_maxwell_identify_report *r)
{
    hf_maxwell_data *d = read_data(path);
    hf_argatov_constants k;
    hf_diag diag = {{0}};
    assert_int_equal(hf_argatov_constants_compute(&k, &diag), HF_OK);
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    c.method = method;
    c.full.objective.alpha = alpha;
    c.residuals = residuals;
    hf_status st = hf_maxwell_identify(d, &k, &c, r, &diag);
    hf_maxwell_data_free(d);
    return st;
}

static void test_refusals(void **state)
{
    (void)state;
    hf_maxwell_identify_report r;
    /* raw traces are refused for the feature methods: extract first */
    assert_int_equal(identify(TRACES, HF_MAXWELL_IDENTIFY_REGRESSION, 1.0, 0, &r), HF_EINVAL);
    assert_int_equal(r.refusal, HF_MAXWELL_IDENTIFY_RAW_TRACES);
    assert_int_equal(identify(TRACES, HF_MAXWELL_IDENTIFY_FULL, 1.0, 0, &r), HF_EINVAL);
    assert_int_equal(r.refusal, HF_MAXWELL_IDENTIFY_RAW_TRACES);
    /* the curve fit is Maxwell only: refused when asked for with alpha ... */
    assert_int_equal(identify(TRACES, HF_MAXWELL_IDENTIFY_CURVE, 0.5, 0, &r), HF_EINVAL);
    assert_int_equal(r.refusal, HF_MAXWELL_IDENTIFY_CURVE_NEEDS_MAXWELL);
    /* ... and left out of ALL, which then has nothing to run on raw traces */
    assert_int_equal(identify(TRACES, HF_MAXWELL_IDENTIFY_ALL, 0.5, 0, &r), HF_EINVAL);
    assert_int_equal(r.refusal, HF_MAXWELL_IDENTIFY_NO_FEATURES);
    assert_int_equal(r.nrows, 0);
    /* residuals are a fit's: not a regression's */
    assert_int_equal(identify(CLEAN, HF_MAXWELL_IDENTIFY_REGRESSION, 1.0, 1, &r), HF_EINVAL);
    assert_int_equal(r.refusal, HF_MAXWELL_IDENTIFY_RESIDUALS_NEED_FIT);
    assert_null(r.residuals);
}

static void test_regressions_of_clean_data(void **state)
{
    (void)state;
    hf_maxwell_identify_report r;
    assert_int_equal(identify(CLEAN, HF_MAXWELL_IDENTIFY_REGRESSION, 1.0, 0, &r), HF_OK);
    /* F_M, t_M, t_c columns: three regressions, in that order, no fit */
    assert_int_equal(r.nrows, 3);
    assert_int_equal(r.refusal, HF_MAXWELL_IDENTIFY_ACCEPTED);
    for (size_t i = 0; i < r.nrows; ++i) {
        assert_int_equal(r.row[i].estimate.method, HF_MAXWELL_REGRESSION);
        /* the clean drops were made with eps up to 0.195 (their eps column), inside
         * Argatov's 0.2: no regression is flagged beyond the first order */
        assert_false(r.row[i].beyond_first_order);
        assert_int_equal(r.row[i].estimate.observables, 1u << (i == 0   ? HF_MAXWELL_F_M
                                                                : i == 1 ? HF_MAXWELL_T_M
                                                                         : HF_MAXWELL_T_C));
    }
    /* clean data made at mu0 = 10 MPa with eps up to 0.195: each line is off
     * by its first-order bias (eta 8-19 % low), far more than its clean-data
     * standard error, so none is trusted and each says why */
    assert_false(r.trusted);
    for (size_t i = 0; i < r.nrows; ++i)
        assert_string_equal(r.row[i].status, "first-order-biased");
    hf_maxwell_identify_report_free(&r);
}

/* A trace of N half-sine pulses (40 samples each, 40 samples apart) after
 * 200 samples of baseline, with the test list naming it. */
static const char *write_bouncing_list(size_t n)
{
    const char *trace = hf_test_tmp_path("identify_bounces_trace.csv");
    FILE *f = fopen(trace, "w");
    assert_non_null(f);
    fprintf(f, "t_s,F_N\n");
    size_t j = 0;
    for (; j < 200; ++j)
        fprintf(f, "%.9g,%.9g\n", 1e-5 * (double)j, 0.001 * (double)(j % 3));
    for (size_t p = 0; p < n; ++p)
        for (size_t s = 0; s < 80; ++s, ++j) {
            double F = s < 40 ? 5.0 * pow(sin(3.14159265358979323846 * ((double)s + 0.5) / 40.0), 1.5) : 0.0;
            fprintf(f, "%.9g,%.9g\n", 1e-5 * (double)j, F + 0.001 * (double)(j % 3));
        }
    for (size_t s = 0; s < 200; ++s, ++j)
        fprintf(f, "%.9g,%.9g\n", 1e-5 * (double)j, 0.001 * (double)(j % 3));
    fclose(f);
    char name[256]; /* the list names its trace relative to its own folder */
    snprintf(name, sizeof name, "%s", strrchr(trace, '/') + 1);
    const char *list = hf_test_tmp_path("identify_bounces.csv");
    FILE *g = fopen(list, "w");
    assert_non_null(g);
    fprintf(g, "m_kg,R_m,V0_mps,trace\n0.004,0.005,0.6,%s\n", name);
    fclose(g);
    return list;
}

/* More impacts than the 64 the front ends once stopped at: every one is
 * found, numbered in order, none dropped. */
static void test_extract_has_no_limit(void **state)
{
    (void)state;
    const size_t pulses = 70;
    hf_maxwell_data *d = read_data(write_bouncing_list(pulses));
    hf_maxwell_extraction *x = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_extract(d, 1, &x, &diag), HF_OK);
    assert_int_equal(x->n, pulses);
    for (size_t k = 0; k < x->n; ++k) {
        assert_int_equal(x->entry[k].drop, 0);
        assert_int_equal(x->entry[k].features.impact, k + 1);
    }
    hf_maxwell_extraction_free(x);
    /* the first impact only */
    assert_int_equal(hf_maxwell_extract(d, 0, &x, &diag), HF_OK);
    assert_int_equal(x->n, 1);
    hf_maxwell_extraction_free(x);
    hf_maxwell_data_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_regressions_of_clean_data),
        cmocka_unit_test(test_extract_has_no_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
