/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_residual.c — Poursina & Nikravesh's force model with residual
 * deformation, f = K δ^n + μ δ δ̇ (extended abstract, Eq. 9):
 * models/impact_residual.c and its law in models/impact.c.
 *
 * Tolerances.  The library integrates with rk8pd at 1e-12 per step on the
 * scaled state and locates the zero-force separation by Brent to 1e-14 of
 * its step, so e_out carries a few 1e-12 (as for the other laws,
 * tests/test_impact.c).  The independent integration below (rkf45 at 1e-13
 * through GSL's driver, separation by bisection on time) carries ~1e-11
 * over its ~1e4 steps; 1e-9 between them leaves a margin of 100 and still
 * catches a wrong force law or a wrong separation (either moves e_out by
 * 1e-3 or more).
 */
#include "hf_test.h"

#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_sf_gamma.h>

#include "hertzfit/damping.h"
#include "hertzfit/impact.h"
#include "models/impact_internal.h"

static hf_impact_params residual_params(double h)
{
    hf_impact_params p;
    hf_impact_params_init(&p);
    p.law = HF_IMPACT_RESIDUAL;
    p.damping = h;
    return p;
}

/* Undamped, the law is Hertz's: e = 1, δ_max = δ_H (= (5/4)^{2/5} at m = K
 * = v⁻ = 1), nothing left at separation, and the contact lasts
 * 2 ∫₀¹ dx/√(1 − x^{5/2}) = (4/5) B(2/5, 1/2) times δ_H/v⁻. */
static void test_elastic_limit(void **state)
{
    (void)state;
    hf_impact_params p = residual_params(0.0);
    hf_impact_result r;
    hf_diag diag = {{0}};
    assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, &diag), HF_OK);
    double delta_h = pow(1.25, 0.4);
    HF_ASSERT_CLOSE(r.e_out, 1.0, 1e-10, 0.0);
    HF_ASSERT_CLOSE(r.delta_max, delta_h, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.delta_sep, 0.0, 1e-9, 0.0);
    HF_ASSERT_CLOSE(r.contact_time, 0.8 * gsl_sf_beta(0.4, 0.5) * delta_h, 0.0, 1e-9);
    double h = -1.0, mu = -1.0;
    assert_int_equal(hf_damping_hr(HF_DAMPING_POURSINA_RESIDUAL, 1.0, NULL, &h, NULL), HF_OK);
    assert_true(h == 0.0);
    assert_int_equal(hf_impact_residual_mu(&p.contact, 0.0, &mu, NULL), HF_OK);
    assert_true(mu == 0.0);
    /* zero force at first touch, unlike the linear damper */
    hf_impact_params damped = residual_params(0.7);
    assert_true(hf_impact_force(&damped, 0.0, 1.0) == 0.0);
}

/* Small damping: 1 − e = B(2/(n+1), 3/2) h + O(h²) (the closed form of
 * hf_impact_residual_slope, derived independently of any simulation).  The
 * relative defect d(h) = (1 − e)/(B h) − 1 is then O(h): it must be small
 * and halve when h halves (ratio 2 to 5 %, the O(h³) remainder). */
static void test_small_damping_closed_form(void **state)
{
    (void)state;
    for (double n = 1.0; n <= 2.0; n += 0.5) {
        double slope = hf_impact_residual_slope(n), d[2];
        for (int k = 0; k < 2; ++k) {
            double h = 2e-3 / (1 << k), e;
            hf_impact_params p = residual_params(h);
            p.contact.exponent = n;
            assert_int_equal(hf_impact_e_out(&p, &e, NULL), HF_OK);
            d[k] = (1.0 - e) / (slope * h) - 1.0;
            assert_true(fabs(d[k]) < 10.0 * h);
        }
        HF_ASSERT_CLOSE(d[0] / d[1], 2.0, 0.0, 0.05);
    }
    /* n = 3/2: B(4/5, 3/2) = Γ(4/5) Γ(3/2)/Γ(23/10) = 0.8843414686338346
     * (Python's math.gamma, not GSL; both are good to a few ulp). */
    HF_ASSERT_CLOSE(hf_impact_residual_slope(1.5), 0.8843414686338346, 0.0, 1e-14);
}

/* ---- an independent integration --------------------------------------- */

/* x'' = −((n+1)/2)(x^n + h x x') at n = 3/2 (scaled as in impact.h). */
static int scaled_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    double h = *(const double *)params;
    double x = y[0], xn = x >= 0.0 ? pow(x, 1.5) : -pow(-x, 1.5);
    dydt[0] = y[1];
    dydt[1] = -1.25 * (xn + h * x * y[1]);
    return GSL_SUCCESS;
}

static double scaled_force(const double y[], double h)
{
    double xn = y[0] >= 0.0 ? pow(y[0], 1.5) : -pow(-y[0], 1.5);
    return xn + h * y[0] * y[1];
}

/* From (t0, y0) over dt with a fresh rkf45 driver at 1e-13. */
static void advance(double h, double t0, const double y0[2], double dt, double y[2])
{
    gsl_odeiv2_system sys = {scaled_rhs, NULL, 2, &h};
    gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rkf45, 1e-6,
                                                         1e-13, 1e-13);
    assert_non_null(d);
    double t = t0;
    y[0] = y0[0];
    y[1] = y0[1];
    assert_int_equal(gsl_odeiv2_driver_apply(d, &t, t0 + dt, y), GSL_SUCCESS);
    gsl_odeiv2_driver_free(d);
}

/* e_out and x at separation: march by 1e-2 until the force, after the
 * velocity has turned, is negative; then bisect the last interval on time
 * (60 halvings, far below the integration error). */
static void independent_separation(double h, double *e_out, double *x_sep)
{
    double t = 0.0, y[2] = {0.0, 1.0}, next[2];
    const double dt = 1e-2;
    for (int i = 0; i < 100000; ++i) {
        advance(h, t, y, dt, next);
        if (next[1] < 0.0 && scaled_force(next, h) < 0.0)
            break;
        t += dt;
        y[0] = next[0];
        y[1] = next[1];
    }
    double lo = 0.0, hi = dt;
    for (int k = 0; k < 60; ++k) {
        double mid = 0.5 * (lo + hi);
        advance(h, t, y, mid, next);
        if (next[1] < 0.0 && scaled_force(next, h) < 0.0)
            hi = mid;
        else
            lo = mid;
    }
    advance(h, t, y, hi, next);
    *e_out = -next[1];
    *x_sep = next[0];
}

static void test_against_independent_integration(void **state)
{
    (void)state;
    const double hs[] = {0.05, 0.6673045777, 3.0};
    for (size_t i = 0; i < 3; ++i) {
        hf_impact_params p = residual_params(hs[i]);
        hf_impact_result r;
        assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
        assert_int_equal(r.end, HF_IMPACT_END_FORCE);
        double e, x_sep, delta_h = pow(1.25, 0.4);
        independent_separation(hs[i], &e, &x_sep);
        HF_ASSERT_CLOSE(r.e_out, e, 1e-9, 0.0);
        HF_ASSERT_CLOSE(r.delta_sep / delta_h, x_sep, 1e-9, 0.0);
        /* The residual deformation: zero force, x^{1/2} = h e, so
         * x_s = (h e)² at n = 3/2 — not zero, as the model means. */
        assert_true(r.delta_sep > 0.0);
        HF_ASSERT_CLOSE(r.delta_sep / delta_h, pow(hs[i] * r.e_out, 2.0), 1e-10, 0.0);
    }
}

/* The catalogue entry: h_r(c) gives c back through the simulation
 * (the restitution check), decreases with c, and μ carries the units:
 * the same h on the bouncing ball's contact, in physical units, gives the
 * same e_out (scaling, 1e-10), and μ = h K^{2/(n+1)} ((n+1)m/2)^{(n−1)/(n+1)}
 * v^{(n−3)/(n+1)} written out. */
static void test_catalogue_and_units(void **state)
{
    (void)state;
    const double cs[] = {0.01, 0.2, 0.5, 0.9};
    double previous = INFINITY;
    for (size_t i = 0; i < 4; ++i) {
        double h, e;
        assert_int_equal(hf_damping_hr(HF_DAMPING_POURSINA_RESIDUAL, cs[i], NULL, &h, NULL),
                         HF_OK);
        assert_true(h > 0.0 && h < previous);
        previous = h;
        assert_int_equal(
            hf_impact_restitution_e_out(HF_DAMPING_POURSINA_RESIDUAL, cs[i], NULL, 0, &e, NULL),
            HF_OK);
        HF_ASSERT_CLOSE(e, cs[i], 1e-9, 0.0);
    }
    hf_impact_model model;
    hf_impact_params ball;
    assert_int_equal(hf_impact_model_lookup("poursina-residual", &model, NULL), HF_OK);
    assert_int_equal(model.law, HF_IMPACT_RESIDUAL);
    assert_string_equal(hf_impact_model_name(model), "poursina-residual");
    assert_int_equal(hf_impact_ball_params(model, 0.5, NULL, 0, &ball, NULL), HF_OK);
    assert_int_equal(ball.law, HF_IMPACT_RESIDUAL);
    ball.load = 0.0;   /* a free impact: only then do the units scale out */
    double e_ball, e_unit, mu;
    assert_int_equal(hf_impact_e_out(&ball, &e_ball, NULL), HF_OK);
    hf_impact_params unit = residual_params(ball.damping);
    assert_int_equal(hf_impact_e_out(&unit, &e_unit, NULL), HF_OK);
    HF_ASSERT_CLOSE(e_ball, e_unit, 1e-10, 0.0);
    HF_ASSERT_CLOSE(e_unit, 0.5, 1e-9, 0.0);
    assert_int_equal(hf_impact_residual_mu(&ball.contact, ball.damping, &mu, NULL), HF_OK);
    double n = 1.5, m = ball.contact.mass, K = ball.contact.stiffness,
           v = ball.contact.approach_speed;
    HF_ASSERT_CLOSE(mu, ball.damping * pow(K, 2.0 / (n + 1.0)) *
                            pow((n + 1.0) * m / 2.0, (n - 1.0) / (n + 1.0)) *
                            pow(v, (n - 3.0) / (n + 1.0)),
                    0.0, 1e-13);
    /* bad input */
    hf_diag diag = {{0}};
    double h;
    assert_int_equal(hf_impact_residual_h(0.5, 0.5, &h, &diag), HF_EDOM);
    assert_int_equal(hf_impact_residual_h(1.5, 1.5, &h, &diag), HF_EDOM);
    assert_int_equal(hf_impact_residual_mu(&ball.contact, -1.0, &mu, &diag), HF_EDOM);
    assert_int_equal(hf_impact_residual_mu(&ball.contact, NAN, &mu, &diag), HF_EDOM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elastic_limit),
        cmocka_unit_test(test_small_damping_closed_form),
        cmocka_unit_test(test_against_independent_integration),
        cmocka_unit_test(test_catalogue_and_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
