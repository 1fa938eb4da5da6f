/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_optimizer_start.c — the optional start point x0 of a run: the
 * first point every algorithm family evaluates, and refused outside the box.
 */
#include "hf_test.h"

#include <string.h>

#include "hertzfit/optimizer.h"

typedef struct first_call { int calls; double x[2]; } first_call;

/* Records the first point it is called with (tests run single-threaded). */
static double recording_sphere(const double *x, void *ctx)
{
    first_call *fc = ctx;
    if (fc->calls++ == 0)
        memcpy(fc->x, x, sizeof fc->x);
    return x[0] * x[0] + x[1] * x[1];
}

static void test_first_evaluation_is_x0(void **state)
{
    (void)state;
    const char *names[] = {"ica", "icaco", "random", "nlopt:LN_BOBYQA", "nlopt:LN_NELDERMEAD",
                           "nlopt:GN_CRS2_LM"};
    const double lo[2] = {-3.0, -2.0}, hi[2] = {4.0, 5.0}, x0[2] = {2.385, -1.25};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        first_call fc = {0, {0.0, 0.0}};
        hf_problem p = {"sphere", 2, lo, hi, recording_sphere, &fc, 1, 0.0};
        hf_optimizer *opt = NULL;
        assert_int_equal(hf_optimizer_alloc(names[i], 2, &opt, NULL), HF_OK);
        hf_run_config run;
        hf_run_config_init(&run);
        run.seed = 11;
        run.max_evals = 200;
        run.x0 = x0;
        hf_result *res = NULL;
        assert_int_equal(hf_result_alloc(2, &res, NULL), HF_OK);
        assert_int_equal(hf_optimize(opt, &p, &run, res, NULL), HF_OK);
        if (fc.x[0] != x0[0] || fc.x[1] != x0[1])
            print_error("%s: first evaluation at (%g, %g)\n", names[i], fc.x[0], fc.x[1]);
        assert_true(fc.x[0] == x0[0] && fc.x[1] == x0[1]);
        assert_true(res->f <= x0[0] * x0[0] + x0[1] * x0[1]);
        hf_result_free(res);
        hf_optimizer_free(opt);
    }
}

static void test_x0_outside_box_is_refused(void **state)
{
    (void)state;
    first_call fc = {0, {0.0, 0.0}};
    const double lo[2] = {-1.0, -1.0}, hi[2] = {1.0, 1.0}, x0[2] = {0.5, 1.5};
    hf_problem p = {"sphere", 2, lo, hi, recording_sphere, &fc, 1, 0.0};
    hf_optimizer *opt = NULL;
    assert_int_equal(hf_optimizer_alloc("nlopt:LN_BOBYQA", 2, &opt, NULL), HF_OK);
    hf_run_config run;
    hf_run_config_init(&run);
    run.x0 = x0;
    hf_result *res = NULL;
    assert_int_equal(hf_result_alloc(2, &res, NULL), HF_OK);
    hf_diag diag = {{0}};
    assert_int_equal(hf_optimize(opt, &p, &run, res, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "x0[1] = 1.5"));
    assert_int_equal(fc.calls, 0);
    hf_result_free(res);
    hf_optimizer_free(opt);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_evaluation_is_x0),
        cmocka_unit_test(test_x0_outside_box_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
