/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_brent.c — the library's one Brent root finder and minimiser
 * (core/brent.h): the root and the minimum of functions whose answers are
 * known in closed form, and every failure — no sign change, too few
 * iterations, the function's own failure, a non-finite value, a bracket
 * that holds no minimum — reported with its own status and a diag.
 */
#include "hf_test.h"

#include <float.h>
#include <string.h>

#include "core/brent.h"
#include "hertzfit/status.h"

/* cos x − x: the Dottie number 0.739085133215160641655312... */
static hf_status dottie(double x, void *ctx, double *value)
{
    int *calls = ctx;
    if (calls != NULL)
        ++*calls;
    *value = cos(x) - x;
    return HF_OK;
}

static const double DOTTIE = 0.73908513321516064166;

/* hf_brent_root of F on [lo, hi] to relative EPSREL in MAX_ITER iterations. */
static hf_status root(hf_brent_fn f, void *ctx, double lo, double hi, double epsrel,
                      int max_iter, hf_brent_result *r, hf_diag *diag)
{
    const hf_brent_tolerance tol = {0.0, epsrel, max_iter};
    return hf_brent_root(f, ctx, lo, hi, &tol, "dottie", r, diag);
}

static void test_root_to_full_precision(void **state)
{
    (void)state;
    hf_brent_result r;
    hf_diag diag = {{0}};
    int calls = 0;
    assert_int_equal(root(dottie, &calls, 0.0, 1.0, 4 * DBL_EPSILON, 100, &r, &diag), HF_OK);
    HF_ASSERT_CLOSE(r.x, DOTTIE, 0.0, 8 * DBL_EPSILON);
    assert_true(r.lower <= r.x && r.x <= r.upper);
    assert_true(r.upper - r.lower <= 4 * DBL_EPSILON * r.lower);
    assert_true(r.iterations > 0 && r.iterations < 100);
    /* two evaluations to set the bracket, then at most one per iteration
     * (GSL skips it in an iteration that finds the bracket small enough) */
    assert_true(calls >= 1 + r.iterations && calls <= 2 + r.iterations);
}

static void test_no_sign_change_is_ebracket(void **state)
{
    (void)state;
    hf_brent_result r = {-1.0, -1.0, -1.0, -1};
    hf_diag diag = {{0}};
    assert_int_equal(root(dottie, NULL, 1.0, 2.0, 1e-12, 100, &r, &diag), HF_EBRACKET);
    assert_non_null(strstr(diag.text, "dottie: no sign change on [1, 2]"));
    assert_true(r.x == -1.0);   /* *out untouched on failure */
}

static void test_too_few_iterations_is_enoconv(void **state)
{
    (void)state;
    hf_brent_result r;
    hf_diag diag = {{0}};
    assert_int_equal(root(dottie, NULL, 0.0, 1.0, 1e-15, 2, &r, &diag), HF_ENOCONV);
    assert_non_null(strstr(diag.text, "did not converge in 2 iterations"));
}

/* Fails (with its own diag) once x exceeds 0.7: the search must stop and
 * return that status, not a root. */
typedef struct failing {
    hf_diag *diag;
    int calls_after_failure;
    int failed;
} failing;

static hf_status fails_late(double x, void *ctx, double *value)
{
    failing *f = ctx;
    if (f->failed)
        ++f->calls_after_failure;
    if (x > 0.7 && x < 1.0) {
        f->failed = 1;
        return hf_diag_set(f->diag, HF_ERANGE, "no value at %g", x);
    }
    *value = cos(x) - x;
    return HF_OK;
}

static void test_function_failure_stops_the_search(void **state)
{
    (void)state;
    hf_brent_result r;
    hf_diag diag = {{0}};
    failing f = {&diag, 0, 0};
    assert_int_equal(root(fails_late, &f, 0.0, 1.0, 1e-12, 100, &r, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "no value at"));
    assert_int_equal(f.calls_after_failure, 0);
}

static void test_failure_at_a_bracket_end(void **state)
{
    (void)state;
    hf_brent_result r;
    hf_diag diag = {{0}};
    failing f = {&diag, 0, 0};
    /* 0.9 is the upper end: the failure comes while setting the bracket */
    assert_int_equal(root(fails_late, &f, 0.0, 0.9, 1e-12, 100, &r, &diag), HF_ERANGE);
}

static hf_status nan_beyond_half(double x, void *ctx, double *value)
{
    (void)ctx;
    *value = x > 0.5 ? NAN : x - 0.75;
    return HF_OK;
}

static void test_non_finite_value_is_edom(void **state)
{
    (void)state;
    hf_brent_result r;
    hf_diag diag = {{0}};
    assert_int_equal(root(nan_beyond_half, NULL, 0.0, 1.0, 1e-12, 100, &r, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "dottie: the function is nan at 1"));
}

/* (x − 1.2345)² + 0.5: minimum at 1.2345. */
static hf_status parabola(double x, void *ctx, double *value)
{
    (void)ctx;
    *value = (x - 1.2345) * (x - 1.2345) + 0.5;
    return HF_OK;
}

/* hf_brent_minimum on the parabola from the points a < b < c, to 1e-7:
 * a minimum is located to about sqrt(DBL_EPSILON) relative, below which f
 * differs from f_min by less than its rounding. */
static hf_status minimise_parabola(double a, double b, double c, hf_brent_result *r,
                                   hf_diag *diag)
{
    const double x[3] = {a, b, c};
    double fx[3];
    for (int i = 0; i < 3; ++i)
        parabola(x[i], NULL, &fx[i]);
    const hf_brent_tolerance tol = {1e-7, 0.0, 200};
    return hf_brent_minimum(parabola, NULL, x, fx, &tol, "parabola", r, diag);
}

static void test_minimum_of_a_parabola(void **state)
{
    (void)state;
    hf_brent_result r;
    hf_diag diag = {{0}};
    assert_int_equal(minimise_parabola(0.0, 1.0, 3.0, &r, &diag), HF_OK);
    assert_true(r.upper - r.lower < 1e-7);
    assert_true(r.lower <= 1.2345 && 1.2345 <= r.upper);
    HF_ASSERT_CLOSE(r.x, 1.2345, 1e-7, 0.0);
}

static void test_minimum_needs_a_bracket(void **state)
{
    (void)state;
    hf_brent_result r;
    hf_diag diag = {{0}};
    /* increasing on [2, 4]: no minimum inside */
    assert_int_equal(minimise_parabola(2.0, 3.0, 4.0, &r, &diag), HF_EBRACKET);
    assert_non_null(strstr(diag.text, "does not bracket a minimum"));
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_root_to_full_precision),
        cmocka_unit_test(test_no_sign_change_is_ebracket),
        cmocka_unit_test(test_too_few_iterations_is_enoconv),
        cmocka_unit_test(test_function_failure_stops_the_search),
        cmocka_unit_test(test_failure_at_a_bracket_end),
        cmocka_unit_test(test_non_finite_value_is_edom),
        cmocka_unit_test(test_minimum_of_a_parabola),
        cmocka_unit_test(test_minimum_needs_a_bracket),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
