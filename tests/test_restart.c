/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_restart.c — "restart:NAME": an optimiser that converges early
 * is restarted independently until the whole budget is spent, the target
 * still ends the run, restarts are reproducible from the run's seed, IPOP
 * grows a population method's population, and bad inner names are refused.
 */
#include "hf_test.h"

#include <math.h>
#include <string.h>

#include "hertzfit/optimizer.h"

static const double lower2[2] = {-5, -5};
static const double upper2[2] = {5, 5};

/* Rastrigin in 2-D: BOBYQA and CMA-ES converge to a local minimum long
 * before a budget of 3000, so a restart is needed to use it. */
static double rastrigin(const double *x, void *ctx)
{
    (void)ctx;
    double s = 20.0;
    for (int i = 0; i < 2; ++i)
        s += x[i] * x[i] - 10.0 * cos(2.0 * 3.14159265358979323846 * x[i]);
    return s;
}

/* Counts the evaluations of the run. */
static size_t calls;
static double counted_rastrigin(const double *x, void *ctx)
{
    ++calls;
    return rastrigin(x, ctx);
}

static hf_status run_named(const char *name, size_t max_evals, uint64_t seed, hf_result *r,
                           hf_diag *diag)
{
    hf_problem p = {"rastrigin", 2, lower2, upper2, counted_rastrigin, NULL, 1, 0.0};
    hf_optimizer *opt = NULL;
    hf_status st = hf_optimizer_alloc(name, 2, &opt, diag);
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = seed;
    run.max_evals = max_evals;
    calls = 0;
    if (st == HF_OK)
        st = hf_optimize(opt, &p, &run, r, diag);
    hf_optimizer_free(opt);
    return st;
}

static void test_whole_budget(void **state)
{
    (void)state;
    const char *inner[] = {"nlopt:LN_BOBYQA", "pagmo:cmaes", "nlopt:LN_NELDERMEAD"};
    hf_result *alone = NULL, *r = NULL;
    assert_int_equal(hf_result_alloc(2, &alone, NULL), HF_OK);
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    for (size_t i = 0; i < sizeof inner / sizeof inner[0]; ++i) {
        char name[64];
        snprintf(name, sizeof name, "restart:%s", inner[i]);
        /* alone, the optimiser stops early */
        assert_int_equal(run_named(inner[i], 3000, 5, alone, NULL), HF_OK);
        assert_int_equal(alone->stop, HF_STOP_CONVERGED);
        assert_true(alone->evaluations < 3000);
        /* restarted, it spends every evaluation of the budget, each one
         * through the objective once, and does no worse */
        hf_diag diag = {{0}};
        assert_int_equal(run_named(name, 3000, 5, r, &diag), HF_OK);
        assert_int_equal(r->evaluations, 3000);
        assert_int_equal(calls, 3000);
        assert_int_equal(r->stop, HF_STOP_MAXEVAL);
        assert_true(r->iterations >= 2);   /* an iteration is a restart */
        assert_true(r->f <= alone->f || r->f < 1e-6);
    }
    hf_result_free(alone);
    hf_result_free(r);
}

static void test_target_and_reproducible(void **state)
{
    (void)state;
    hf_problem p = {"rastrigin", 2, lower2, upper2, rastrigin, NULL, 1, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("restart:nlopt:LN_BOBYQA", 2, &opt, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 11;
    run.max_evals = 100000;
    run.has_target = 1;
    run.target = 1e-8;
    hf_result *a = NULL, *b = NULL;
    assert_int_equal(hf_result_alloc(2, &a, NULL), HF_OK);
    assert_int_equal(hf_result_alloc(2, &b, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, a, NULL), HF_OK);
    /* the global minimum 0 at the origin is found by some restart */
    assert_int_equal(a->stop, HF_STOP_TARGET);
    assert_true(a->f <= 1e-8);
    assert_true(a->evaluations < 100000);
    assert_int_equal(hf_optimize(opt, &p, &run, b, NULL), HF_OK);
    assert_memory_equal(a->x, b->x, 2 * sizeof(double));
    assert_int_equal(a->evaluations, b->evaluations);
    hf_result_free(a);
    hf_result_free(b);
    hf_optimizer_free(opt);
}

/* IPOP: restart k runs with ipop^k times restart 0's population.  Seen
 * from outside: restart 0 is the same whatever ipop, and with ipop 2 the
 * later restarts, with larger populations, run longer before they
 * converge, so the budget holds fewer of them than with ipop 1. */
static void test_ipop_changes_later_restarts_only(void **state)
{
    (void)state;
    hf_problem p = {"rastrigin", 2, lower2, upper2, rastrigin, NULL, 1, 0.0};
    hf_result *r1 = NULL, *r2 = NULL;
    assert_int_equal(hf_result_alloc(2, &r1, NULL), HF_OK);
    assert_int_equal(hf_result_alloc(2, &r2, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = 3;
    run.max_iters = 1;   /* restart 0 only */
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("restart:pagmo:cmaes", 2, &opt, NULL), HF_OK);
    assert_int_equal(hf_optimizer_set(opt, "ipop", 1, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, r1, NULL), HF_OK);
    assert_int_equal(hf_optimizer_set(opt, "ipop", 2, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, r2, NULL), HF_OK);
    assert_int_equal(r1->evaluations, r2->evaluations);
    assert_memory_equal(&r1->f, &r2->f, sizeof(double));
    run.max_iters = 0;
    run.max_evals = 4000;
    assert_int_equal(hf_optimizer_set(opt, "ipop", 1, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, r1, NULL), HF_OK);
    size_t restarts_kept = r1->iterations;
    assert_int_equal(hf_optimizer_set(opt, "ipop", 2, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, r2, NULL), HF_OK);
    /* larger populations run longer before they converge: fewer restarts */
    assert_true(r2->iterations < restarts_kept);
    hf_optimizer_free(opt);
    hf_result_free(r1);
    hf_result_free(r2);
}

static void test_refused_names(void **state)
{
    (void)state;
    hf_optimizer *opt = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimizer_alloc("restart:nosuch", 2, &opt, &diag), HF_ENOTFOUND);
    assert_int_equal(hf_optimizer_alloc("restart:restart:random", 2, &opt, &diag), HF_EINVAL);
    assert_null(opt);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_budget),
        cmocka_unit_test(test_target_and_reproducible),
        cmocka_unit_test(test_ipop_changes_later_restarts_only),
        cmocka_unit_test(test_refused_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
