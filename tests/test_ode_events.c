/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_ode_events.c — event location inside the accepted step.
 *
 * The harmonic oscillator y'' = −ω² y, y(0) = 0, y'(0) = v has its velocity
 * zero at t = π/(2ω) and returns to y = 0 at t = π/ω.  With per-step
 * tolerances 1e-12 the located times must match to ~1e-11 relative: the
 * global error of rk8pd over half a period at these tolerances is a few
 * 1e-12, and the event is located to 1e-14 of the step.  A large first
 * step (h0) makes sure the event is located inside a step, not at its end.
 */
#include "hf_test.h"

#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>

#include "core/ode_events.h"

typedef struct oscillator { double omega2; int samples; } oscillator;

static int rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const oscillator *o = params;
    dydt[0] = y[1];
    dydt[1] = -o->omega2 * y[0];
    return GSL_SUCCESS;
}

static double position(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[0];
}

static double velocity(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[1];
}

static void count_sample(double t, const double y[], void *user)
{
    (void)t; (void)y;
    ++*(int *)user;
}

static void test_oscillator_events(void **state)
{
    (void)state;
    oscillator osc = {2.385 * 2.385, 0};
    hf_ode_event events[2] = {{velocity, -1}, {position, -1}};
    hf_ode_options opt;
    hf_ode_options_init(&opt);
    opt.t_max = 100.0;
    opt.h0 = 0.3;
    double t = 0.0, y[2] = {0.0, 1.7};
    size_t which = 99;
    int samples = 0;
    assert_int_equal(hf_ode_integrate_to_event(rhs, 2, &osc, events, 2, &opt, &t, y,
                                               &which, count_sample, &samples, NULL), HF_OK);
    assert_int_equal(which, 0);
    HF_ASSERT_CLOSE(t, M_PI / (2 * 2.385), 0.0, 1e-11);
    HF_ASSERT_CLOSE(y[0], 1.7 / 2.385, 0.0, 1e-11);
    assert_true(samples >= 2);
    /* Continue from max deformation: the position event comes next
     * (the velocity event now starts at 0 and must not re-trigger). */
    assert_int_equal(hf_ode_integrate_to_event(rhs, 2, &osc, events, 2, &opt, &t, y,
                                               &which, NULL, NULL, NULL), HF_OK);
    assert_int_equal(which, 1);
    HF_ASSERT_CLOSE(t, M_PI / 2.385, 0.0, 1e-11);
    HF_ASSERT_CLOSE(y[1], -1.7, 0.0, 1e-11);
}

static void test_no_event_before_t_max(void **state)
{
    (void)state;
    oscillator osc = {1.0, 0};
    hf_ode_event ev = {position, -1};
    hf_ode_options opt;
    hf_ode_options_init(&opt);
    opt.t_max = 1.0; /* the position returns to zero only at t = pi */
    double t = 0.0, y[2] = {0.0, 1.0};
    size_t which = 0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_ode_integrate_to_event(rhs, 2, &osc, &ev, 1, &opt, &t, y, &which,
                                               NULL, NULL, &diag), HF_ENOCONV);
    HF_ASSERT_CLOSE(t, 1.0, 0.0, 1e-15);
    assert_non_null(strstr(diag.text, "ODE: no event before t = 1 (t_max 1,"));
    assert_int_equal(hf_ode_integrate_to_event(NULL, 2, &osc, &ev, 1, &opt, &t, y, &which,
                                               NULL, NULL, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "ODE: no right-hand side"));
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oscillator_events),
        cmocka_unit_test(test_no_event_before_t_max),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
