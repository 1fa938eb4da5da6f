/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_impact.c — the impact integrator with events (models/impact.c)
 * and the restitution check of every catalogue damping model
 * (models/impact_check.c).
 *
 * Tolerances.  The ODE runs with a per-step tolerance of 1e-12 on the
 * scaled state (δ/δ_H, δ̇/v⁻) and each event is located to 1e-14 of its
 * step; over the ~60–100 steps of one contact the global error stays a
 * few 1e-12 (measured: |e_out − c_r| <= 5e-11 for the exact h_r).  The
 * bound asserted for e_out, 1e-9 (tight enough that the restitution check
 * separates the exact relation from the published models, whose errors are
 * 8e-4 or more), is therefore met with a wide margin; nothing looser is
 * asserted.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_gamma.h>

#include "hertzfit/damping.h"

/* The contact (n, m, k, v) of the tests' tables (hertzfit/contact.h). */
#define HERTZ(n, m, k, v) \
    (&(const hf_contact){.mass = (m), .stiffness = (k), .exponent = (n), .approach_speed = (v)})
#include "hertzfit/impact.h"
#include "models/impact_internal.h"

static const double c_values[] = {0.01, 0.05, 0.1, 0.2385, 0.4, 0.5, 0.6, 0.75, 0.9, 0.99, 0.999};
#define N_C (sizeof c_values / sizeof c_values[0])

static void exact_params(hf_impact_params *p, double c)
{
    hf_impact_params_init(p);
    assert_int_equal(hf_restitution_hr_exact(c, &p->damping, NULL), HF_OK);
}

/* Eq. 39 is the energy balance of exactly this ODE, so the simulated e_out
 * must return c_r: error from the ODE tolerance only (<= 1e-9). */
static void test_exact_hr_returns_cr(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_C; ++i) {
        hf_impact_params p;
        exact_params(&p, c_values[i]);
        hf_impact_result r;
        hf_diag diag = {{0}};
        assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, &diag), HF_OK);
        HF_ASSERT_CLOSE(r.e_out, c_values[i], 1e-9, 0.0);
        assert_int_equal(r.end, HF_IMPACT_END_DEFORMATION);
        assert_true(r.time_max > 0.0 && r.time_max < r.contact_time);
        HF_ASSERT_CLOSE(r.delta_sep, 0.0, 1e-12, 0.0);
        double e_fast;
        assert_int_equal(hf_impact_e_out(&p, &e_fast, &diag), HF_OK);
        HF_ASSERT_CLOSE(e_fast, c_values[i], 1e-9, 0.0);
    }
}

/* Eqs. 28–39 hold for any exponent n: the δ-integrals of compression and
 * restitution cancel, so e_out does not depend on n either. */
static void test_e_out_independent_of_exponent(void **state)
{
    (void)state;
    const double ns[] = {1.0, 1.237, 1.5, 2.0};
    for (size_t i = 0; i < 4; ++i) {
        hf_impact_params p;
        exact_params(&p, 0.3);
        p.contact.exponent = ns[i];
        double e;
        assert_int_equal(hf_impact_e_out(&p, &e, NULL), HF_OK);
        HF_ASSERT_CLOSE(e, 0.3, 1e-9, 0.0);
    }
}

/* m, K and v⁻ scale out of the equation (δ/δ_H, t v⁻/δ_H): over 7–12
 * decades e_out stays that of m = K = v⁻ = 1 to the ODE tolerance (1e-9),
 * and δ_max, t_c, F_max follow their scales. */
static void test_invariance_in_mass_stiffness_velocity(void **state)
{
    (void)state;
    const double ms[] = {1e-5, 2.385, 1e2};
    const double ks[] = {1e5, 1.4e8, 1e10};
    const double vs[] = {1e-3, 4.2, 1e2};
    hf_impact_params base;
    hf_impact_params_init(&base);
    base.damping = 1.25 * (1.0 - 0.35) / 0.35;   /* Eq. 59 at c = 0.35 */
    hf_impact_result r0;
    assert_int_equal(hf_impact_simulate(&base, &r0, NULL, NULL, NULL), HF_OK);
    for (size_t i = 0; i < 3; ++i)
        for (size_t j = 0; j < 3; ++j)
            for (size_t k = 0; k < 3; ++k) {
                hf_impact_params p = base;
                p.contact.mass = ms[i];
                p.contact.stiffness = ks[j];
                p.contact.approach_speed = vs[k];
                hf_impact_result r;
                assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
                HF_ASSERT_CLOSE(r.e_out, r0.e_out, 1e-9, 0.0);
                double d = pow(2.5 * p.contact.mass * p.contact.approach_speed * p.contact.approach_speed / (2.0 * p.contact.stiffness),
                               1.0 / 2.5);
                HF_ASSERT_CLOSE(r.delta_max / d, r0.delta_max / pow(2.5 / 2.0, 1.0 / 2.5), 0.0, 1e-9);
                HF_ASSERT_CLOSE(r.contact_time * p.contact.approach_speed / d,
                                r0.contact_time * base.contact.approach_speed / 1.0 *
                                    pow(2.0 / 2.5, 1.0 / 2.5),
                                0.0, 1e-9);
                HF_ASSERT_CLOSE(r.force_max / (p.contact.stiffness * pow(d, 1.5)),
                                r0.force_max / pow(2.5 / 2.0, 1.5 / 2.5), 0.0, 1e-9);
            }
}

/* Undamped Hertz contact: δ_max = δ_H (Eq. 27 of Poursina & Nikravesh),
 * F_max = K δ_H^n, e_out = 1, and the contact time is
 * 2 δ_H/v⁻ ∫₀¹ (1 − x^{n+1})^{-1/2} dx = 2 δ_H/v⁻ B(1/(n+1), 1/2)/(n+1). */
static void test_undamped_hertz_closed_forms(void **state)
{
    (void)state;
    hf_impact_params p;
    hf_impact_params_init(&p);
    p.contact.mass = 1.0;
    p.contact.stiffness = 1.4e8;
    p.contact.approach_speed = sqrt(2.0 * 9.8 * 0.9);
    p.contact.exponent = 1.5;
    hf_impact_result r;
    assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
    double n = p.contact.exponent;
    double d = pow((n + 1.0) * p.contact.mass * p.contact.approach_speed * p.contact.approach_speed / (2.0 * p.contact.stiffness),
                   1.0 / (n + 1.0));
    double tc = 2.0 * d / p.contact.approach_speed * gsl_sf_beta(1.0 / (n + 1.0), 0.5) / (n + 1.0);
    HF_ASSERT_CLOSE(r.e_out, 1.0, 1e-10, 0.0);
    HF_ASSERT_CLOSE(r.delta_max, d, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.force_max, p.contact.stiffness * pow(d, n), 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.contact_time, tc, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.time_max, tc / 2.0, 0.0, 1e-10);
}

/* Linear damper: separation where c δ̇ + K δ^n = 0 (Eq. 20), so the residual
 * deformation is (v⁻ c e_out/K)^{1/n} (Eq. 51) up to the event tolerance. */
static void test_linear_damper_residual_deformation(void **state)
{
    (void)state;
    hf_impact_params p;
    hf_impact_params_init(&p);
    p.law = HF_IMPACT_LINEAR_DAMPER;
    p.contact.exponent = 1.37;
    p.contact.mass = 0.25;
    p.contact.stiffness = 3.3e6;
    p.contact.approach_speed = 2.385;
    p.damping = 250.0;
    hf_impact_result r;
    assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
    assert_int_equal(r.end, HF_IMPACT_END_FORCE);
    assert_true(r.e_out > 0.0 && r.e_out < 1.0);
    double ds = pow(p.contact.approach_speed * p.damping * r.e_out / p.contact.stiffness, 1.0 / p.contact.exponent);
    HF_ASSERT_CLOSE(r.delta_sep, ds, 0.0, 1e-9);
    HF_ASSERT_CLOSE(hf_impact_force(&p, r.delta_sep, r.delta_dot_sep) / r.force_max, 0.0,
                    1e-9, 0.0);
    /* At t = 0 the damper force c v⁻ is the peak for n > 1 and heavy damping. */
    assert_true(r.force_max >= p.damping * p.contact.approach_speed);
}

/* The Kelvin–Voigt law (n = 1, separation at F = 0) against the exact
 * Butcher–Segalman relation e(ξ), ξ = c/(2√(Km)) (hertzfit/damping.h): the
 * closed form is exact, so the difference is the ODE error (1e-10). */
static void test_kelvin_voigt_law(void **state)
{
    (void)state;
    const double xis[] = {0.1, 0.5, 1.0, 2.385};
    for (size_t i = 0; i < 4; ++i) {
        hf_impact_params p;
        hf_impact_params_init(&p);
        p.law = HF_IMPACT_KELVIN_VOIGT;
        p.contact.exponent = 1.0;
        p.contact.mass = 0.3;
        p.contact.stiffness = 2.0e5;
        p.contact.approach_speed = 1.7;
        p.damping = 2.0 * xis[i] * sqrt(p.contact.stiffness * p.contact.mass);
        hf_impact_result r;
        double e;
        assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
        assert_int_equal(hf_copt_kelvin_voigt_exact(xis[i], &e, NULL), HF_OK);
        assert_int_equal(r.end, HF_IMPACT_END_FORCE);
        HF_ASSERT_CLOSE(r.e_out, e, 1e-10, 0.0);
        /* Eq. 51 with n = 1: δ_s = c e v⁻/K. */
        HF_ASSERT_CLOSE(r.delta_sep, p.damping * r.e_out * p.contact.approach_speed / p.contact.stiffness, 0.0, 1e-9);
    }
}

typedef struct history { size_t count; double f_max, last_t, last_delta; } history;

static void record(double t, double delta, double delta_dot, double force, void *user)
{
    (void)delta_dot;
    history *h = user;
    ++h->count;
    if (force > h->f_max)
        h->f_max = force;
    h->last_t = t;
    h->last_delta = delta;
}

/* The force maximum is located by an event (dF/dt = 0), so it is at least
 * every sampled force and equals the maximum of a dense uniform history
 * to the resolution of that history (2001 points: relative ~1e-6). */
static void test_force_peak_and_history(void **state)
{
    (void)state;
    hf_impact_params p;
    exact_params(&p, 0.2);
    p.contact.stiffness = 1.4e8;
    p.contact.approach_speed = 4.2;
    history h = {0, 0.0, 0.0, 0.0};
    hf_impact_result r;
    assert_int_equal(hf_impact_simulate(&p, &r, record, &h, NULL), HF_OK);
    assert_true(h.count >= 10);
    assert_true(r.force_max >= h.f_max);
    HF_ASSERT_CLOSE(h.last_t, r.contact_time, 0.0, 1e-15);
    enum { N = 2001 };
    double *t = malloc(4 * N * sizeof(double));   /* freed at the end of this test */
    assert_non_null(t);
    double *d = t + N, *dd = t + 2 * N, *f = t + 3 * N;
    assert_int_equal(hf_impact_history(&p, &r, N, t, d, dd, f, NULL), HF_OK);
    double fmax = 0.0;
    for (size_t i = 0; i < N; ++i)
        fmax = f[i] > fmax ? f[i] : fmax;
    assert_true(fmax <= r.force_max * (1.0 + 1e-12));
    HF_ASSERT_CLOSE(fmax, r.force_max, 0.0, 1e-6);
    HF_ASSERT_CLOSE(t[N - 1], r.contact_time, 0.0, 1e-15);
    HF_ASSERT_CLOSE(-dd[N - 1] / p.contact.approach_speed, r.e_out, 1e-9, 0.0);
    HF_ASSERT_CLOSE(d[N - 1] / r.delta_max, 0.0, 1e-9, 0.0);
    free(t);
}

/* The restitution check of every catalogue model: the exact model returns
 * c_in (1e-9), every other model returns c_r(h_model(c_in)) of the exact
 * relation (the inverse of Eq. 39, 1e-9), and clamping changes nothing,
 * because w = 1 + h δ̇/v⁻ obeys ẇ = −(hKδ^n/(m v⁻)) w and never changes
 * sign (see impact.h). */
static void test_restitution_check_every_model(void **state)
{
    (void)state;
    const double ab[2] = {1.5, 5.5};
    const double cs[] = {0.05, 0.2, 0.5, 0.8, 0.97};
    for (size_t m = 0; m < HF_DAMPING_COUNT; ++m) {
        const hf_damping_model *dm = hf_damping_at((hf_damping_id)m);
        for (size_t i = 0; i < 5; ++i) {
            double h, expected, e, e_clamped;
            hf_diag diag = {{0}};
            assert_int_equal(hf_damping_hr(dm->id, cs[i], ab, &h, NULL), HF_OK);
            assert_int_equal(hf_restitution_cr_exact(h, &expected, NULL), HF_OK);
            /* The residual model has its own law, and its h_r is the root
             * of this same simulation: it must give c_in back (Brent's
             * 1e-12 on h, the ODE's few 1e-12 on e_out). */
            if (dm->id == HF_DAMPING_POURSINA_RESIDUAL)
                expected = cs[i];
            assert_int_equal(hf_impact_restitution_e_out(dm->id, cs[i], ab, 0, &e, &diag),
                             HF_OK);
            assert_int_equal(
                hf_impact_restitution_e_out(dm->id, cs[i], ab, 1, &e_clamped, &diag), HF_OK);
            HF_ASSERT_CLOSE(e, expected, 1e-9, 0.0);
            HF_ASSERT_CLOSE(e_clamped, e, 1e-9, 0.0);
            if (strcmp(dm->name, "exact") == 0)
                HF_ASSERT_CLOSE(e, cs[i], 1e-9, 0.0);
        }
    }
}

static void test_bad_parameters(void **state)
{
    (void)state;
    struct { const char *field; double value; const char *text; } cases[] = {
        {"mass", -1.0, "mass m = -1"},
        {"mass", NAN, "mass m = nan"},
        {"stiffness", 0.0, "stiffness K = 0"},
        {"approach_speed", -2.0, "approach speed v = -2"},
        {"exponent", 2.5, "exponent n = 2.5"},
        {"exponent", 0.5, "exponent n = 0.5"},
        {"damping", -0.1, "damping = -0.1"},
        {"load", INFINITY, "load P = inf"},
        {"event_tolerance", 0.0, "event tolerance = 0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        hf_impact_params p;
        hf_impact_params_init(&p);
        double *field = strcmp(cases[i].field, "mass") == 0        ? &p.contact.mass
                        : strcmp(cases[i].field, "stiffness") == 0 ? &p.contact.stiffness
                        : strcmp(cases[i].field, "approach_speed") == 0 ? &p.contact.approach_speed
                        : strcmp(cases[i].field, "exponent") == 0  ? &p.contact.exponent
                        : strcmp(cases[i].field, "damping") == 0   ? &p.damping
                        : strcmp(cases[i].field, "load") == 0      ? &p.load
                                                                   : &p.event_tolerance;
        *field = cases[i].value;
        hf_impact_result r;
        hf_diag diag = {{0}};
        assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, &diag), HF_EDOM);
        if (strstr(diag.text, cases[i].text) == NULL)
            fail_msg("diag '%s' does not name '%s'", diag.text, cases[i].text);
    }
    hf_impact_params p;
    hf_impact_params_init(&p);
    p.law = HF_IMPACT_KELVIN_VOIGT;
    assert_int_equal(hf_impact_simulate(&p, &(hf_impact_result){0}, NULL, NULL, NULL), HF_EDOM);
    double e;
    hf_diag diag = {{0}};
    assert_int_equal(hf_impact_restitution_e_out(HF_DAMPING_COUNT, 0.5, NULL, 0, &e, &diag),
                     HF_EINVAL);
    assert_non_null(strstr(diag.text, "unknown damping model 10"));
    assert_int_equal(hf_impact_restitution_e_out(HF_DAMPING_EXACT, 1.5, NULL, 0, &e, &diag), HF_EDOM);
    assert_int_equal(hf_impact_restitution_e_out(HF_DAMPING_EXACT, 0.0, NULL, 0, &e, &diag), HF_EDOM);
    /* The supported domain: e >= 1e-6 (below, the creep exhausts the step
     * budget), and impact scales in [1e-100, 1e100]. */
    assert_int_equal(hf_impact_restitution_e_out(HF_DAMPING_EXACT, 1e-7, NULL, 0, &e, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "c = 1e-07 is outside the supported [1e-06, 1]"));
    assert_int_equal(hf_impact_restitution_e_out(HF_DAMPING_EXACT, 1e-6, NULL, 0, &e, &diag), HF_OK);
    hf_impact_params_init(&p);
    p.contact.approach_speed = 1e300;
    assert_int_equal(hf_impact_simulate(&p, &(hf_impact_result){0}, NULL, NULL, &diag),
                     HF_ERANGE);
    assert_non_null(strstr(diag.text, "v = 1e+300 give a deformation scale"));
    hf_impact_params_init(&p);
    p.contact.mass = 1e-200;   /* δ_H = 1e-36 and δ_H/v = 1e-66 are fine, K δ_H^n is not */
    p.contact.stiffness = 1e-50;
    p.contact.approach_speed = 1e30;
    assert_int_equal(hf_impact_e_out(&p, &e, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "force scale K delta_H^n (N) of 1e-104"));
    assert_int_equal(hf_copt_check(HERTZ(1.5, 1e-300, 1e300, 1.0), 1e-4, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "m = 1e-300, k = 1e+300, v = 1"));
    assert_int_equal(hf_copt_check(HERTZ(1.5, 1.0, 1.0, 1.0), 1e-300, &diag), HF_EDOM);
    assert_int_equal(hf_impact_restitution_e_out(HF_DAMPING_PROFILE, 0.5, NULL, 0, &e, &diag),
                     HF_EINVAL);
}

/* The contact on its own: the defaults, each scale's bound, NULL. */
static void test_contact_check(void **state)
{
    (void)state;
    hf_contact c;
    hf_contact_init(&c);
    assert_true(c.mass == 1.0 && c.stiffness == 1.0 && c.exponent == 1.5 &&
                c.approach_speed == 1.0);
    hf_diag diag = {{0}};
    assert_int_equal(hf_contact_check(&c, &diag), HF_OK);
    /* δ_H = ((n+1) m v²/(2K))^{1/(n+1)} = 1 here; δ_H/v = 1e-150 */
    c.approach_speed = 1e150;
    c.mass = 1e-300;
    assert_int_equal(hf_contact_check(&c, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, "time scale delta_H/v (s) of 1e-150"));
    assert_int_equal(hf_contact_check(NULL, &diag), HF_EINVAL);
    hf_contact_init(&c);
    c.exponent = NAN;
    assert_int_equal(hf_contact_check(&c, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "exponent n = nan is outside [1, 2]"));
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_hr_returns_cr),
        cmocka_unit_test(test_contact_check),
        cmocka_unit_test(test_e_out_independent_of_exponent),
        cmocka_unit_test(test_invariance_in_mass_stiffness_velocity),
        cmocka_unit_test(test_undamped_hertz_closed_forms),
        cmocka_unit_test(test_linear_damper_residual_deformation),
        cmocka_unit_test(test_kelvin_voigt_law),
        cmocka_unit_test(test_force_peak_and_history),
        cmocka_unit_test(test_restitution_check_every_model),
        cmocka_unit_test(test_bad_parameters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
