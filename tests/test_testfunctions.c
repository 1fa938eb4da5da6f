/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_testfunctions.c — the classic test functions: value at hand-
 * computed points, value and location of the known optimum (including the
 * computed Schwefel 2.26 and Styblinski–Tang minimisers against their
 * published figures), no sampled point below the optimum, and the
 * problem wrapper with its failure paths.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_math.h>

#include "hertzfit/rng.h"
#include "hertzfit/bench_problems.h"
#include "core/problem_internal.h"
#include "objectives/bench_internal.h"
#include "core/rng_draw.h"

/* Hand-computed values are exact up to a few roundings of sums of O(1..1e6)
 * terms and libm's sin/cos/exp (<= 1 ulp each): 1e-12 relative covers them. */
#define HAND_REL 1e-12

static void test_hand_computed_points(void **state)
{
    (void)state;
    const double x123[] = {1.0, 2.0, 3.0};
    HF_ASSERT_CLOSE(hf_tf_sphere(x123, 3), 14.0, 0.0, 0.0);
    /* weights 1, 10^3, 10^6 in d = 3: 0.25 + 10 + 100 */
    const double xe[] = {0.5, 0.1, 0.01};
    HF_ASSERT_CLOSE(hf_tf_ellipsoid(xe, 3), 110.25, 0.0, HAND_REL);
    const double z3[] = {0.0, 0.0, 0.0};
    HF_ASSERT_CLOSE(hf_tf_rosenbrock(z3, 2), 1.0, 0.0, 0.0);
    HF_ASSERT_CLOSE(hf_tf_rosenbrock(z3, 3), 2.0, 0.0, 0.0);
    const double xr[] = {-1.0, 1.0, 1.0}; /* (1+1)^2 + 0 */
    HF_ASSERT_CLOSE(hf_tf_rosenbrock(xr, 3), 4.0, 0.0, 0.0);
    /* 20 + (1 - 10 cos 2pi) + (0.25 - 10 cos pi) = 21.25 */
    const double xa[] = {1.0, 0.5};
    HF_ASSERT_CLOSE(hf_tf_rastrigin(xa, 2), 21.25, 1e-13, HAND_REL);
    /* cos(x2/sqrt 2) = cos(pi/2) = 0: f = 1 + (pi^2/2)/4000 */
    const double xg[] = {0.0, M_SQRT2 * M_PI / 2.0};
    HF_ASSERT_CLOSE(hf_tf_griewank(xg, 2), 1.0 + M_PI * M_PI / 8000.0, 1e-15, HAND_REL);
    /* x = (1, 1): 20 (1 - e^{-0.2}) + (e - e^{1}) = 3.625384938440364 */
    const double x11[] = {1.0, 1.0};
    HF_ASSERT_CLOSE(hf_tf_ackley(x11, 2), 3.625384938440364, 1e-14, HAND_REL);
    HF_ASSERT_CLOSE(hf_tf_schwefel226(x11, 1), -0.8414709848078965, 0.0, HAND_REL);
    /* w = (0, 0): sin^2 0 + (1 + 10 sin^2 1) + 1 = 2 + 10 sin^2 1 */
    const double xl[] = {-3.0, -3.0};
    HF_ASSERT_CLOSE(hf_tf_levy(xl, 1), 1.0, 1e-15, 0.0);
    HF_ASSERT_CLOSE(hf_tf_levy(xl, 2), 9.080734182735712, 0.0, HAND_REL);
    /* (1 - 16 + 5)/2 per coordinate; (16 - 64 + 10)/2 */
    HF_ASSERT_CLOSE(hf_tf_styblinski_tang(x11, 2), -10.0, 0.0, 0.0);
    const double x2[] = {2.0};
    HF_ASSERT_CLOSE(hf_tf_styblinski_tang(x2, 1), -19.0, 0.0, 0.0);
}

static void test_optimum_values_and_locations(void **state)
{
    (void)state;
    size_t dims[] = {2, 5, 10};
    for (size_t k = 0; k < hf_testfunction_count(); ++k) {
        const hf_testfunction *tf = hf_testfunction_at(k);
        for (size_t j = 0; j < 3; ++j) {
            size_t d = dims[j];
            double x[10], f_opt = NAN;
            assert_int_equal(hf_testfunction_optimum(tf, d, x, &f_opt, NULL), HF_OK);
            HF_ASSERT_CLOSE(tf->f(x, d), f_opt, 0.0, 0.0);
            for (size_t i = 0; i < d; ++i) {
                assert_true(x[i] >= tf->lower && x[i] <= tf->upper);
                /* the optimum is separable here: every coordinate is equal */
                HF_ASSERT_CLOSE(x[i], x[0], 0.0, 0.0);
            }
            /* Every function except the two below has minimum exactly 0
             * (the Ackley grouping makes it exact, see testfunctions.c). */
            if (tf->f != hf_tf_schwefel226 && tf->f != hf_tf_styblinski_tang)
                HF_ASSERT_CLOSE(f_opt, 0.0, 0.0, 0.0);
        }
    }
    /* Published figures, rounded by their sources to the digits given:
     * Schwefel 2.26 x* = 420.9687, f* = -418.9829 d (Molga & Smutnicki);
     * Styblinski-Tang x* = -2.903534 (Surjanovic & Bingham), f* between
     * -39.16617 d and -39.16616 d (the usual bracket; Surjanovic & Bingham's
     * -39.16599 d is a misprint: f(-2.903534) = -39.166166 already). */
    double x[2], f;
    assert_int_equal(hf_testfunction_optimum(hf_testfunction_find("schwefel226"), 2, x, &f,
                                             NULL), HF_OK);
    HF_ASSERT_CLOSE(x[0], 420.9687, 5e-5, 0.0);
    HF_ASSERT_CLOSE(f, -2.0 * 418.9829, 2.0 * 5e-5, 0.0);
    assert_int_equal(hf_testfunction_optimum(hf_testfunction_find("styblinski-tang"), 2, x,
                                             &f, NULL), HF_OK);
    HF_ASSERT_CLOSE(x[0], -2.903534, 5e-7, 0.0);
    HF_ASSERT_CLOSE(f, -2.0 * 39.16617, 2.0 * 5e-6, 0.0);
    /* Stationarity: the scalar terms are flat at the computed coordinate to
     * the precision of the root finder (central difference, step 1e-4). */
    double xs = 0.0, fs;
    assert_int_equal(hf_testfunction_optimum(hf_testfunction_find("schwefel226"), 1, &xs, &fs,
                                             NULL), HF_OK);
    double xp = xs + 1e-4, xm = xs - 1e-4;
    double slope = (hf_tf_schwefel226(&xp, 1) - hf_tf_schwefel226(&xm, 1)) / 2e-4;
    HF_ASSERT_CLOSE(slope, 0.0, 1e-7, 0.0);
}

/* No sampled point of the domain lies below the computed minimum, and the
 * minimum is not trivially low: a check that fails for a wrong optimum. */
static void test_no_sample_below_optimum(void **state)
{
    (void)state;
    hf_rng rng;
    hf_rng_seed(&rng, 2385u, 7u);
    for (size_t k = 0; k < hf_testfunction_count(); ++k) {
        const hf_testfunction *tf = hf_testfunction_at(k);
        const size_t d = 4;
        double f_opt, x[4];
        assert_int_equal(hf_testfunction_optimum(tf, d, NULL, &f_opt, NULL), HF_OK);
        for (int s = 0; s < 2000; ++s) {
            for (size_t i = 0; i < d; ++i)
                x[i] = hf_rng_uniform_range(&rng, tf->lower, tf->upper);
            assert_true(tf->f(x, d) >= f_opt);
        }
    }
}

static void test_problem_wrapper_and_errors(void **state)
{
    (void)state;
    hf_testproblem *tp = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_testproblem_alloc("rastrigin", 10, &tp, &diag), HF_OK);
    const hf_problem *p = hf_testproblem_problem(tp);
    assert_string_equal(p->name, "rastrigin:10");
    assert_int_equal(p->dim, 10);
    assert_int_equal(p->has_optimum, 1);
    HF_ASSERT_CLOSE(p->f_opt, 0.0, 0.0, 0.0);
    assert_int_equal(hf_problem_check(p, &diag), HF_OK);
    HF_ASSERT_CLOSE(p->lower[9], -5.12, 0.0, 0.0);
    double x[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    HF_ASSERT_CLOSE(p->f(x, p->ctx), 10.0, 1e-12, 0.0); /* 100 + 10 (1 - 10) */
    hf_testproblem_free(tp);

    assert_int_equal(hf_testproblem_alloc("rastrign", 2, &tp, &diag), HF_ENOTFOUND);
    assert_null(tp);
    assert_non_null(strstr(diag.text, "'rastrign'"));
    assert_non_null(strstr(diag.text, "styblinski-tang"));
    assert_int_equal(hf_testproblem_alloc("rosenbrock", 1, &tp, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, ">= 2"));
    assert_int_equal(hf_testproblem_alloc("sphere", 0, &tp, &diag), HF_EINVAL);
    assert_null(hf_testfunction_find(NULL));
    assert_null(hf_testfunction_at(hf_testfunction_count()));
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_computed_points),
        cmocka_unit_test(test_optimum_values_and_locations),
        cmocka_unit_test(test_no_sample_below_optimum),
        cmocka_unit_test(test_problem_wrapper_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
