/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_nlopt.c — "nlopt:<NAME>": the name table agrees with the
 * installed NLopt, every compiled algorithm runs under the common budget,
 * local algorithms converge, and stochastic ones are reproducible because
 * nlopt_srand is called per run from the run's PCG32 stream.
 */
#include "hf_test.h"

#include <math.h>
#include <nlopt.h>
#include <string.h>

#include "hertzfit/optimizer.h"

static const double lower2[2] = {-1.5, -2.0};
static const double upper2[2] = {2.385, 1.25};

static double sphere(const double *x, void *ctx)
{
    (void)ctx;
    return (x[0] - 0.3) * (x[0] - 0.3) + (x[1] + 0.7) * (x[1] + 0.7);
}

static hf_problem sphere_problem(void)
{
    hf_problem p = {"sphere", 2, lower2, upper2, sphere, NULL, 1, 0.0};
    return p;
}

static hf_status run_named(const char *name, uint64_t seed, size_t max_evals,
                           hf_result *res, hf_diag *diag)
{
    hf_problem p = sphere_problem();
    hf_optimizer *opt = NULL;
    hf_status st = hf_optimizer_alloc(name, 2, &opt, diag);
    if (st != HF_OK)
        return st;
    hf_run_config run;
    hf_run_config_init(&run);
    run.seed = seed;
    run.stream = 1;
    run.max_evals = max_evals;
    st = hf_optimize(opt, &p, &run, res, diag);
    hf_optimizer_free(opt);
    return st;
}

static void test_name_table_matches_nlopt(void **state)
{
    (void)state;
    size_t listed = 0;
    for (size_t i = 0; i < hf_optimizer_name_count(); ++i) {
        const char *name = hf_optimizer_name_at(i);
        if (strncmp(name, "nlopt:", 6) != 0)
            continue;
        ++listed;
        int alg = (int)nlopt_algorithm_from_string(name + 6);
        assert_true(alg >= 0);
        assert_string_equal(nlopt_algorithm_to_string((nlopt_algorithm)alg), name + 6);
    }
    size_t compiled = 0;
    for (int i = 0; i < NLOPT_NUM_ALGORITHMS; ++i)
        compiled += strstr(nlopt_algorithm_name((nlopt_algorithm)i), "NOT COMPILED") == NULL;
    assert_int_equal(listed, compiled);
}

/* Every compiled algorithm: finishes, never exceeds the budget, and
 * improves well on a random point: the sphere's mean over the box is 2.26,
 * so f < 0.25 asks for a 9-fold improvement (the slowest, GN_ESCH, reaches
 * about 0.11 in 300 evaluations; the others below 0.05). */
static void test_every_algorithm_respects_budget(void **state)
{
    (void)state;
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    for (size_t i = 0; i < hf_optimizer_name_count(); ++i) {
        const char *name = hf_optimizer_name_at(i);
        if (strncmp(name, "nlopt:", 6) != 0)
            continue;
        hf_diag diag = {{0}};
        hf_status st = run_named(name, 2385, 300, r, &diag);
        if (st != HF_OK)
            print_error("%s: %s\n", name, diag.text);
        assert_int_equal(st, HF_OK);
        assert_true(r->evaluations <= 300);
        assert_true(r->evaluations > 0);
        if (!(r->f < 0.25))
            print_error("%s: f = %g after %zu evaluations\n", name, r->f, r->evaluations);
        assert_true(r->f < 0.25);
    }
    hf_result_free(r);
}

static void test_local_algorithms_converge(void **state)
{
    (void)state;
    const char *names[] = {"nlopt:LN_BOBYQA", "nlopt:LN_NELDERMEAD", "nlopt:LN_SBPLX",
                           "nlopt:LD_LBFGS"};
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        assert_int_equal(run_named(names[i], 77, 2000, r, NULL), HF_OK);
        /* A smooth quadratic: each reaches the minimiser to about the
         * square root of its f resolution (f ~ 1e-12 ⇒ |x − x*| ~ 1e-6);
         * the L-BFGS gradient is a finite difference with step 3.9e-7. */
        HF_ASSERT_CLOSE(r->x[0], 0.3, 1e-5, 0.0);
        HF_ASSERT_CLOSE(r->x[1], -0.7, 1e-5, 0.0);
    }
    hf_result_free(r);
}

static void test_stochastic_algorithms_reproducible(void **state)
{
    (void)state;
    const char *names[] = {"nlopt:GN_CRS2_LM", "nlopt:GN_ISRES", "nlopt:GN_ESCH",
                           "nlopt:GN_MLSL", "nlopt:GN_DIRECT_L_RAND"};
    hf_result *a = NULL, *b = NULL;
    assert_int_equal(hf_result_alloc(2, &a, NULL), HF_OK);
    assert_int_equal(hf_result_alloc(2, &b, NULL), HF_OK);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        assert_int_equal(run_named(names[i], 9, 400, a, NULL), HF_OK);
        /* another run with another seed in between must not matter */
        assert_int_equal(run_named(names[i], 10, 400, b, NULL), HF_OK);
        assert_int_equal(run_named(names[i], 9, 400, b, NULL), HF_OK);
        assert_memory_equal(a->x, b->x, 2 * sizeof(double));
        assert_memory_equal(&a->f, &b->f, sizeof(double));
        assert_int_equal(a->evaluations, b->evaluations);
    }
    hf_result_free(a);
    hf_result_free(b);
}

static void test_nlopt_target_and_default_budget(void **state)
{
    (void)state;
    hf_problem p = sphere_problem();
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("nlopt:GN_DIRECT_L", 2, &opt, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    run.has_target = 1;
    run.target = 1e-3;
    hf_result *r = NULL;
    assert_int_equal(hf_result_alloc(2, &r, NULL), HF_OK);
    assert_int_equal(hf_optimize(opt, &p, &run, r, NULL), HF_OK);
    assert_int_equal(r->stop, HF_STOP_TARGET);
    assert_true(r->f <= 1e-3);
    hf_run_config_init(&run); /* no budget: NLopt's default of 2000 */
    assert_int_equal(hf_optimize(opt, &p, &run, r, NULL), HF_OK);
    assert_int_equal(r->evaluations, 2000);
    assert_int_equal(r->stop, HF_STOP_MAXEVAL);
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimizer_set(opt, "xtol_rel", -1, &diag), HF_ERANGE);
    hf_result_free(r);
    hf_optimizer_free(opt);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_name_table_matches_nlopt),
        cmocka_unit_test(test_every_algorithm_respects_budget),
        cmocka_unit_test(test_local_algorithms_converge),
        cmocka_unit_test(test_stochastic_algorithms_reproducible),
        cmocka_unit_test(test_nlopt_target_and_default_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
