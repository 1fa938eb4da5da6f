/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_optimizer_runs.c — parallel seeded runs (hertzfit/runs.h):
 * the same seed gives bit-identical results (x and f compared with memcmp,
 * counters, stop reasons and whole traces) with 1 and 4
 * threads, for icaco, random and a stochastic NLopt algorithm whose own
 * generator is seeded per run inside the running thread; run i uses
 * stream i; bad configurations are refused before any run starts.
 */
#include "hf_test.h"

#include <math.h>
#include <string.h>

#include "hertzfit/runs.h"

static const double lower2[2] = {-5.12, -5.12};
static const double upper2[2] = {5.12, 5.12};

/* Rastrigin in 2-D: many local minima, so runs differ from each other. */
static double rastrigin(const double *x, void *ctx)
{
    (void)ctx;
    const double pi = 3.14159265358979323846;
    double s = 20.0;
    for (int k = 0; k < 2; ++k)
        s += x[k] * x[k] - 10.0 * cos(2.0 * pi * x[k]);
    return s;
}

static hf_runs *campaign(const char *name, int threads, size_t runs, int traces)
{
    hf_problem p = {"rastrigin:2", 2, lower2, upper2, rastrigin, NULL, 1, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc(name, 2, &opt, NULL), HF_OK);
    hf_runs_config cfg;
    hf_runs_config_init(&cfg);
    cfg.runs = runs;
    cfg.seed = 2385;
    cfg.threads = threads;
    cfg.max_evals = 900;
    cfg.record_traces = traces;
    hf_runs *out = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_runs_execute(opt, &p, &cfg, &out, &diag), HF_OK);
    hf_optimizer_free(opt);
    return out;
}

static void assert_same_runs(const hf_runs *a, const hf_runs *b)
{
    assert_int_equal(a->count, b->count);
    for (size_t i = 0; i < a->count; ++i) {
        const hf_result *ra = a->results[i], *rb = b->results[i];
        assert_memory_equal(ra->x, rb->x, 2 * sizeof(double));
        assert_memory_equal(&ra->f, &rb->f, sizeof(double));
        assert_int_equal(ra->evaluations, rb->evaluations);
        assert_int_equal(ra->iterations, rb->iterations);
        assert_int_equal(ra->stop, rb->stop);
        if (a->traces != NULL) {
            assert_int_equal(a->traces[i].count, b->traces[i].count);
            assert_memory_equal(a->traces[i].points, b->traces[i].points,
                                a->traces[i].count * sizeof(hf_trace_point));
        }
    }
}

static void check_threads_identical(const char *name)
{
    hf_runs *one = campaign(name, 1, 12, 1);
    hf_runs *four = campaign(name, 4, 12, 1);
    assert_same_runs(one, four);
    /* the runs are really different from each other (distinct streams) */
    int distinct = 0;
    for (size_t i = 1; i < one->count; ++i)
        distinct += memcmp(one->results[i]->x, one->results[0]->x, 2 * sizeof(double)) != 0;
    assert_true(distinct >= 10);
    hf_runs_free(one);
    hf_runs_free(four);
}

static void test_icaco_1_vs_4_threads(void **state)
{
    (void)state;
    check_threads_identical("icaco");
}

static void test_random_and_nlopt_1_vs_4_threads(void **state)
{
    (void)state;
    check_threads_identical("random");
    check_threads_identical("nlopt:GN_CRS2_LM");
    check_threads_identical("nlopt:GN_ISRES");
}

/* Run i of a campaign is exactly hf_optimize with stream i. */
static void test_run_i_uses_stream_i(void **state)
{
    (void)state;
    hf_runs *runs = campaign("ica", 2, 5, 0);
    assert_null(runs->traces);
    hf_problem p = {"rastrigin:2", 2, lower2, upper2, rastrigin, NULL, 1, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("ica", 2, &opt, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 2385;
    run.stream = 3;
    run.max_evals = 900;
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, r, NULL), HF_OK);
    assert_memory_equal(r->x, runs->results[3]->x, 2 * sizeof(double));
    assert_memory_equal(&r->f, &runs->results[3]->f, sizeof(double));
    hf_result_free(r);
    hf_optimizer_free(opt);
    hf_runs_free(runs);
}

/* A trace holds improvements only, each dated at the evaluation that made
 * it: the first evaluation (always finite here) first, best values strictly
 * decreasing, evaluations strictly increasing (so at most one point per
 * evaluation), iterations never going back, the last point the run's
 * result. */
static void test_traces_improve_and_end_at_result(void **state)
{
    (void)state;
    hf_runs *runs = campaign("icaco", 0, 4, 1);
    for (size_t i = 0; i < runs->count; ++i) {
        const hf_trace *t = &runs->traces[i];
        const hf_result *r = runs->results[i];
        assert_true(t->count >= 2 && t->count <= r->evaluations);
        assert_int_equal(t->points[0].iteration, 1);
        assert_int_equal(t->points[0].evaluations, 1);
        for (size_t k = 1; k < t->count; ++k) {
            assert_true(t->points[k].best_f < t->points[k - 1].best_f);
            assert_true(t->points[k].evaluations > t->points[k - 1].evaluations);
            assert_true(t->points[k].iteration >= t->points[k - 1].iteration);
        }
        assert_true(t->points[t->count - 1].best_f == r->f);
        assert_true(t->points[t->count - 1].evaluations <= r->evaluations);
        assert_int_equal(r->evaluations, 900);
    }
    hf_runs_free(runs);
}

static void test_bad_configurations(void **state)
{
    (void)state;
    double lo[2] = {1.0, 0.0}, hi[2] = {0.5, 1.0};
    hf_problem bad = {"inverted", 2, lo, hi, rastrigin, NULL, 0, 0.0};
    hf_problem good = {"rastrigin:2", 2, lower2, upper2, rastrigin, NULL, 1, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("random", 2, &opt, NULL), HF_OK);
    hf_runs_config cfg;
    hf_runs_config_init(&cfg);
    hf_runs *out = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_runs_execute(opt, &bad, &cfg, &out, &diag), HF_EBOUNDS);
    assert_null(out);
    cfg.runs = 0;
    assert_int_equal(hf_runs_execute(opt, &good, &cfg, &out, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "runs"));
    cfg.runs = 2;
    cfg.threads = -1;
    assert_int_equal(hf_runs_execute(opt, &good, &cfg, &out, &diag), HF_EINVAL);
    assert_null(out);
    /* a thread count OpenMP could not allocate is bad input, not an abort */
    cfg.threads = HF_THREADS_MAX + 1;
    assert_int_equal(hf_runs_execute(opt, &good, &cfg, &out, &diag), HF_EINVAL);
    assert_null(out);
    assert_non_null(strstr(diag.text, "threads = 4097"));
    hf_optimizer_free(opt);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_icaco_1_vs_4_threads),
        cmocka_unit_test(test_random_and_nlopt_1_vs_4_threads),
        cmocka_unit_test(test_run_i_uses_stream_i),
        cmocka_unit_test(test_traces_improve_and_end_at_result),
        cmocka_unit_test(test_bad_configurations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
