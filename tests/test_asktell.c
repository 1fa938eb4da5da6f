/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_asktell.c — ask/tell runs (hf_asktell_*): ICACO driven by
 * ask/tell on the ICACO paper's Table 2 objective gives, run for run, the
 * result of `fit profile` (hf_profile_fit_run, seed 1, run i on stream i):
 * the same best point and value bit for bit, the same counts and stop
 * reason; ica, random and a one-point-at-a-time NLopt algorithm give the
 * run hf_optimize makes, trace included; population methods ask for
 * whole populations; a tell of other points or another count is refused;
 * bad bounds are refused at alloc; freeing a run part-way ends it.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/optimizer.h"
#include "hertzfit/profile_fit.h"
#include "hertzfit/profile_objective.h"

enum { MAX_TRACE = 200 };

typedef struct trace_log {
    size_t n;
    size_t evals[MAX_TRACE];
    double f[MAX_TRACE];
} trace_log;

static void on_trace(size_t iteration, size_t evaluations, double best_f, const double *best_x,
                     void *user)
{
    (void)iteration;
    (void)best_x;
    trace_log *t = user;
    if (t->n < MAX_TRACE) {
        t->evals[t->n] = evaluations;
        t->f[t->n++] = best_f;
    }
}

/* Drives AT to its end, evaluating P's objective; the largest batch. */
static size_t drive(hf_asktell *at, const hf_problem *p)
{
    size_t largest = 0;
    for (;;) {
        const double *x = NULL;
        size_t n = 0;
        assert_int_equal(hf_asktell_ask(at, &x, &n, NULL), HF_OK);
        if (n == 0)
            return largest;
        largest = n > largest ? n : largest;
        double *f = malloc(n * sizeof *f);
        assert_non_null(f);
        for (size_t i = 0; i < n; ++i)
            f[i] = p->f(x + i * p->dim, p->ctx);
        hf_diag diag = {{0}};
        assert_int_equal(hf_asktell_tell(at, x, f, n, &diag), HF_OK);
        free(f);
    }
}

static void assert_same_result(const hf_result *a, const hf_result *b)
{
    assert_memory_equal(a->x, b->x, a->dim * sizeof(double));
    assert_memory_equal(&a->f, &b->f, sizeof(double));
    assert_int_equal(a->evaluations, b->evaluations);
    assert_int_equal(a->failed_evaluations, b->failed_evaluations);
    assert_int_equal(a->iterations, b->iterations);
    assert_int_equal(a->stop, b->stop);
}

static void test_icaco_as_fit_profile(void **state)
{
    (void)state;
    hf_profile_objective *obj = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_profile_objective_alloc_table("data/safaeifar2020_table2.csv", &obj,
                                                      &diag), HF_OK);
    const hf_problem *p = hf_profile_objective_problem(obj);
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("icaco", 2, &opt, NULL), HF_OK);
    hf_profile_fit_config cfg;
    hf_profile_fit_config_init(&cfg); /* fit profile's: seed 1, run i on stream i */
    cfg.runs.runs = 3;
    cfg.runs.threads = 2;
    hf_profile_fit *fit = NULL;
    assert_int_equal(hf_profile_fit_run(obj, opt, &cfg, &fit, &diag), HF_OK);
    for (size_t i = 0; i < 3; ++i) {
        hf_run_config run;
        hf_run_config_init(&run);
        run.seed = cfg.runs.seed;
        run.stream = cfg.runs.first_stream + i;
        hf_asktell *at = NULL;
        assert_int_equal(hf_asktell_alloc(opt, p->lower, p->upper, &run, &at, &diag), HF_OK);
        /* one batch is a population: the 20 countries at the start */
        assert_int_equal(drive(at, p), 20);
        assert_same_result(hf_asktell_result(at), fit->runs->results[i]);
        /* and it is the paper's minimum (12.5956 %, see docs/optimisers.md) */
        HF_ASSERT_CLOSE(hf_asktell_result(at)->f, fit->rms_min, 1e-9, 0.0);
        hf_asktell_free(at);
    }
    hf_profile_fit_free(fit);
    hf_optimizer_free(opt);
    hf_profile_objective_free(obj);
}

/* Rosenbrock in 2-D, finite everywhere. */
static double rosenbrock(const double *x, void *ctx)
{
    (void)ctx;
    return 100.0 * pow(x[1] - x[0] * x[0], 2) + pow(1.0 - x[0], 2);
}

static void check_same_as_optimize(const char *name, size_t max_evals, size_t expect_batch)
{
    static const double lower[2] = {-2, -1}, upper[2] = {2, 3};
    hf_problem p = {"rosenbrock", 2, lower, upper, rosenbrock, NULL, 1, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc(name, 2, &opt, NULL), HF_OK);
    trace_log direct_trace = {0}, asked_trace = {0};
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 99;
    run.stream = 4;
    run.max_evals = max_evals;
    run.trace = on_trace;
    run.trace_user = &direct_trace;
    hf_result *direct = NULL;
    assert_int_equal(hf_result_alloc(2, &direct, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, direct, NULL), HF_OK);
    run.trace_user = &asked_trace;
    hf_asktell *at = NULL;
    assert_int_equal(hf_asktell_alloc(opt, lower, upper, &run, &at, NULL), HF_OK);
    assert_int_equal(drive(at, &p), expect_batch);
    assert_same_result(hf_asktell_result(at), direct);
    assert_int_equal(asked_trace.n, direct_trace.n);
    assert_memory_equal(asked_trace.evals, direct_trace.evals,
                        direct_trace.n * sizeof direct_trace.evals[0]);
    assert_memory_equal(asked_trace.f, direct_trace.f, direct_trace.n * sizeof direct_trace.f[0]);
    hf_asktell_free(at);
    hf_result_free(direct);
    hf_optimizer_free(opt);
}

static void test_same_as_optimize(void **state)
{
    (void)state;
    check_same_as_optimize("ica", 500, 20);
    check_same_as_optimize("random", 450, 20);
    check_same_as_optimize("nlopt:LN_BOBYQA", 300, 1);
}

static void test_refusals(void **state)
{
    (void)state;
    static const double lower[2] = {0, 0}, upper[2] = {1, 1}, bad_upper[2] = {1, -1};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("icaco", 2, &opt, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    hf_asktell *at = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_asktell_alloc(opt, lower, bad_upper, &run, &at, &diag), HF_EBOUNDS);
    assert_null(at);
    assert_int_equal(hf_asktell_alloc(opt, lower, upper, &run, &at, &diag), HF_OK);
    const double *x = NULL;
    size_t n = 0;
    assert_int_equal(hf_asktell_ask(at, &x, &n, NULL), HF_OK);
    assert_int_equal(n, 20);
    double f[20] = {0}, moved[40];
    memcpy(moved, x, sizeof moved);
    moved[7] += 1e-9;
    assert_int_equal(hf_asktell_tell(at, x, f, 19, &diag), HF_EMISMATCH);
    assert_int_equal(hf_asktell_tell(at, moved, f, 20, &diag), HF_EMISMATCH);
    assert_non_null(strstr(diag.text, "point 3"));
    /* still waiting for the same batch; freeing it now ends the run */
    assert_int_equal(hf_asktell_ask(at, &x, &n, NULL), HF_OK);
    assert_int_equal(n, 20);
    hf_asktell_free(at);
    /* an optimiser's own refusal comes at alloc */
    assert_int_equal(hf_optimizer_set(opt, "imperialists", 20, NULL), HF_OK);
    assert_int_equal(hf_asktell_alloc(opt, lower, upper, &run, &at, &diag), HF_ERANGE);
    assert_null(at);
    hf_optimizer_free(opt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_icaco_as_fit_profile),
        cmocka_unit_test(test_same_as_optimize),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
