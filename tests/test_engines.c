/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_engines.c — calibrated laws for engines (hertzfit/engines.h).
 *
 * 1. e(v) of the fixed-coefficient Hunt–Crossley law F = K δⁿ (1 + d δ̇)
 *    against the exact relation: h = d v at speed v, so e(v) = c_r(d v)
 *    (hf_restitution_cr_exact, independent of n, m, K).  The simulation is
 *    good to ~1e-10 (impact.h's tolerances; the restitution check meets
 *    1e-12 for "exact"), the root to 1e-12: tolerance 1e-9.
 * 2. Every engine with a closed force law: its exported parameters, put
 *    back into that engine's published law (hf_engine_impact, simulated by
 *    the event integrator), return the target e at v_cal within 0.1 %
 *    (the must-show; the calibration is a closed form or a Brent root to
 *    1e-12, so the real agreement is ~1e-9 — the test asserts 1e-3
 *    relative as required and 1e-7 as what the mechanism delivers).
 *    Independently of hf_engine_export's arithmetic, the native numbers
 *    are turned back into each engine's law here, by its own formula.
 * 3. The per-impact form's e does not depend on v (the law scales out);
 *    the linear damper's fitted exponent of 1 − e ∝ v^p is the
 *    dimensional −(n−1)/(n+1) = −0.2 to the accuracy of a leading-order
 *    law over one decade at e ≈ 0.9 (second-order terms ~ (1−e) ≈ 0.1 of
 *    the exponent: tolerance 0.05).
 * 4. The force API: the formula, zero outside contact, never tensile,
 *    refused for the Maxwell form.
 * 5. The viscoelastic form against the published series of the
 *    Kelvin–Voigt sphere (Ramírez et al. 1999; Schwager & Pöschel 2008):
 *    see viscoelastic_sphere_series.
 */
#include "hf_test.h"

#include <math.h>
#include <gsl/gsl_sf_gamma.h>
#include <string.h>

#include "hertzfit/damping.h"
#include "hertzfit/engines.h"
#include "models/engines_internal.h"

static void steel_ball(hf_law *law)
{
    hf_law_init(law);
    law->contact.mass = 0.1;
    law->contact.stiffness = 5e9;      /* N/m^1.5: a 1 cm steel ball on steel */
    law->contact.exponent = 1.5;
    law->contact.approach_speed = 1.0;
    law->restitution = 0.8;
    law->radius = 0.01;
}

static void fixed_hc_against_exact(void **state)
{
    (void)state;
    hf_law law;
    steel_ball(&law);
    law.form = HF_LAW_FIXED;
    double h0;
    assert_int_equal(hf_restitution_hr_exact(0.8, &h0, NULL), HF_OK);
    const double v[] = {0.1, 0.3, 1.0, 3.0, 10.0};
    double e[5], tc[5];
    hf_restitution_fit fit;
    assert_int_equal(hf_law_restitution_curve(&law, 5, v, e, tc, &fit, NULL), HF_OK);
    for (int i = 0; i < 5; ++i) {
        double expected;
        assert_int_equal(hf_restitution_cr_exact(h0 * v[i] / 1.0, &expected, NULL), HF_OK);
        HF_ASSERT_CLOSE(e[i], expected, 1e-9, 0.0);
    }
    HF_ASSERT_CLOSE(e[2], 0.8, 1e-9, 0.0);
    assert_true(fit.valid);
    assert_true(fit.exponent_theory == 1.0);
    /* n = 1 gives the same e(v): the relation does not see n */
    law.contact.exponent = 1.0;
    double e1;
    assert_int_equal(hf_law_impact(&law, 3.0, &e1, NULL, NULL), HF_OK);
    HF_ASSERT_CLOSE(e1, e[3], 1e-9, 0.0);
}

static void per_impact_is_speed_independent(void **state)
{
    (void)state;
    hf_law law;
    steel_ball(&law);
    const double v[] = {0.1, 10.0};
    double e[2], tc[2];
    hf_restitution_fit fit;
    assert_int_equal(hf_law_restitution_curve(&law, 2, v, e, tc, &fit, NULL), HF_OK);
    HF_ASSERT_CLOSE(e[0], 0.8, 1e-9, 0.0);
    HF_ASSERT_CLOSE(e[1], 0.8, 1e-9, 0.0);
    /* Hertz contact time ∝ v^{-1/5} */
    HF_ASSERT_CLOSE(tc[1] / tc[0], pow(100.0, -0.2), 0.0, 1e-8);
}

static void linear_damper_exponent(void **state)
{
    (void)state;
    hf_law law;
    steel_ball(&law);
    law.form = HF_LAW_LINEAR_DAMPER;
    law.restitution = 0.9;
    const double v[] = {0.3, 1.0, 3.0};
    double e[3], tc[3];
    hf_restitution_fit fit;
    assert_int_equal(hf_law_restitution_curve(&law, 3, v, e, tc, &fit, NULL), HF_OK);
    HF_ASSERT_CLOSE(e[1], 0.9, 1e-8, 0.0);
    /* the law's damping is c_opt of hertzfit/copt.h at v_cal */
    double c_law, c_opt;
    assert_int_equal(hf_law_damping(&law, &c_law, NULL), HF_OK);
    assert_int_equal(hf_copt_solve(&law.contact, 0.9, NULL, &c_opt, NULL), HF_OK);
    assert_true(c_law == c_opt);
    assert_true(fit.valid);
    HF_ASSERT_CLOSE(fit.exponent_theory, -0.2, 1e-15, 0.0);
    HF_ASSERT_CLOSE(fit.exponent, -0.2, 0.05, 0.0);
    assert_true(e[0] < e[1] && e[1] < e[2]);   /* a fixed damper matters less when fast */
}

/* Each engine's native numbers, back into its published law by the
 * engine's own formula (docs/engines.md cites the source read), then
 * simulated: e and t_c at v_cal. */
static double engine_e_from_native(const hf_engine_params *p, const hf_law *law, double *tc)
{
    hf_engine_params q;
    memset(&q, 0, sizeof q);
    double R = law->radius, m = law->contact.mass;
    switch (p->engine) {
    case HF_ENGINE_DRAKE:             /* f = k x (1 + d xdot) */
        q.law = HF_ENGINE_LAW_HUNT_CROSSLEY_FIXED;
        q.n = 1.0, q.k = p->native[0], q.d = p->native[1];
        break;
    case HF_ENGINE_OPENSIM: {
        /* Simbody's HuntCrossleyForceImpl::calcForce: each surface keeps
         * k_i = stiffness_i^(2/3); s1 = k2/(k1 + k2), k = k1 s1, c = c1 s1
         * + c2 s2; fH = 4/3 k x sqrt(R k x); f = fH (1 + 1.5 c v).  The
         * export puts the sphere and the plane in one parameter set. */
        double k_each = pow(p->native[0], 2.0 / 3.0), s1 = 0.5, k = k_each * s1;
        q.law = HF_ENGINE_LAW_HUNT_CROSSLEY_FIXED;
        q.n = 1.5, q.k = 4.0 / 3.0 * k * sqrt(R * k);
        q.d = 1.5 * (p->native[1] * s1 + p->native[1] * (1.0 - s1));
        break;
    }
    case HF_ENGINE_MBDYN: {           /* Flores: h = 8(1 − e)/(5e) */
        double e = p->native[0];
        q.law = HF_ENGINE_LAW_HUNT_CROSSLEY_PER_IMPACT;
        q.n = law->contact.exponent, q.k = law->contact.stiffness;
        q.h = 8.0 * (1.0 - e) / (5.0 * e);
        break;
    }
    case HF_ENGINE_CHRONO: {          /* g_n = -2 sqrt(5/6) beta sqrt(2 E sqrt(R x) m) */
        double E = p->native[0], e = p->native[1];
        double beta = log(e) / sqrt(log(e) * log(e) + 3.14159265358979323846 * 3.14159265358979323846);
        q.law = HF_ENGINE_LAW_CHRONO_HERTZ;
        q.k = 4.0 / 3.0 * E * sqrt(R);
        q.c = -2.0 * sqrt(5.0 / 6.0) * beta * sqrt(2.0 * E * sqrt(R) * m);
        break;
    }
    case HF_ENGINE_SIMSCAPE:          /* f = k x + b xdot */
        q.law = HF_ENGINE_LAW_STEP_DAMPER;
        q.n = 1.0, q.k = p->native[0], q.c = p->native[1];
        break;
    case HF_ENGINE_ADAMS:             /* IMPACT(k, e, cmax, d) */
        q.law = HF_ENGINE_LAW_STEP_DAMPER;
        q.k = p->native[0], q.n = p->native[1], q.c = p->native[2], q.ramp = p->native[3];
        break;
    default:
        fail();
    }
    double e = -1.0;
    assert_int_equal(hf_engine_impact(&q, m, p->v_cal, &e, tc, NULL), HF_OK);
    return e;
}

static void engines_reproduce_target(void **state)
{
    (void)state;
    const hf_law_form forms[] = {HF_LAW_PER_IMPACT, HF_LAW_FIXED, HF_LAW_LINEAR_DAMPER};
    const double v[] = {0.1, 1.0, 10.0};
    for (size_t f = 0; f < 3; ++f)
        for (int id = 0; id < HF_ENGINE_COUNT; ++id) {
            if (id == HF_ENGINE_MUJOCO)
                continue;
            hf_law law;
            steel_ball(&law);
            law.form = forms[f];
            law.contact.approach_speed = 2.0;
            hf_engine_params p;
            hf_diag diag = {{0}};
            hf_status st = hf_engine_export((hf_engine_id)id, &law, 3, v, &p, &diag);
            if (st != HF_OK)
                print_error("%s: %s\n", hf_engine_name((hf_engine_id)id), diag.text);
            assert_int_equal(st, HF_OK);
            HF_ASSERT_CLOSE(p.e_engine, p.e_target, 0.0, 1e-3);   /* the must-show */
            HF_ASSERT_CLOSE(p.e_engine, p.e_target, 0.0, 1e-7);   /* what it delivers */
            double tc_native, tc_target;
            double e_native = engine_e_from_native(&p, &law, &tc_native);
            HF_ASSERT_CLOSE(e_native, p.e_target, 0.0, 1e-3);
            HF_ASSERT_CLOSE(e_native, p.e_target, 0.0, 1e-7);
            /* e of a Hunt–Crossley law does not see the stiffness, t_c does:
             * where the engine's law at v_cal is the target's own (OpenSim's
             * n = 3/2 and MBDyn's against a Hunt–Crossley target), the native
             * stiffness must give the target's t_c (integration: 1e-9) */
            int same_law = (id == HF_ENGINE_OPENSIM || id == HF_ENGINE_MBDYN) &&
                           forms[f] != HF_LAW_LINEAR_DAMPER;
            assert_int_equal(hf_law_impact(&law, p.v_cal, NULL, &tc_target, NULL), HF_OK);
            if (same_law)
                HF_ASSERT_CLOSE(tc_native, tc_target, 0.0, 1e-7);
            assert_true(p.text[0] != '\0');
            assert_true(isfinite(p.e_error_max) && isfinite(p.tc_error_max));
        }
}

/* Drake's fixed Hunt–Crossley against a per-impact target leaves an e(v)
 * error that the exact relation predicts: |c_r(h v/v_cal) − e_cal|. */
static void drake_error_is_the_exact_relation(void **state)
{
    (void)state;
    hf_law law;
    steel_ball(&law);
    const double v[] = {0.5, 1.0, 2.0};
    hf_engine_params p;
    assert_int_equal(hf_engine_export(HF_ENGINE_DRAKE, &law, 3, v, &p, NULL), HF_OK);
    double h, e_lo, e_hi;
    assert_int_equal(hf_restitution_hr_exact(0.8, &h, NULL), HF_OK);
    assert_int_equal(hf_restitution_cr_exact(0.5 * h, &e_lo, NULL), HF_OK);
    assert_int_equal(hf_restitution_cr_exact(2.0 * h, &e_hi, NULL), HF_OK);
    HF_ASSERT_CLOSE(p.e_error_max, fmax(fabs(e_lo - 0.8), fabs(e_hi - 0.8)), 1e-8, 0.0);
    assert_int_equal(hf_engine_export(HF_ENGINE_MUJOCO, &law, 3, v, &p, NULL), HF_EINVAL);
}

static void force_api(void **state)
{
    (void)state;
    hf_law law;
    steel_ball(&law);
    double h, f;
    assert_int_equal(hf_restitution_hr_exact(0.8, &h, NULL), HF_OK);
    assert_int_equal(hf_law_force(&law, 1e-5, 0.3, 1.5, &f, NULL), HF_OK);
    HF_ASSERT_CLOSE(f, 5e9 * pow(1e-5, 1.5) * (1.0 + h * 0.3 / 1.5), 0.0, 1e-14);
    assert_int_equal(hf_law_force(&law, -1e-6, 0.3, 1.5, &f, NULL), HF_OK);
    assert_true(f == 0.0);
    assert_int_equal(hf_law_force(&law, 1e-5, -1e3, 1.5, &f, NULL), HF_OK);
    assert_true(f == 0.0);   /* would pull: an engine separates */
    law.form = HF_LAW_FIXED;    /* d = h/v_cal: v_first is not read */
    assert_int_equal(hf_law_force(&law, 1e-5, 0.3, 7.0, &f, NULL), HF_OK);
    HF_ASSERT_CLOSE(f, 5e9 * pow(1e-5, 1.5) * (1.0 + h * 0.3 / 1.0), 0.0, 1e-14);
    law.form = HF_LAW_MAXWELL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_law_force(&law, 1e-5, 0.3, 1.5, &f, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "history"));
    law.form = HF_LAW_PER_IMPACT;
    assert_int_equal(hf_law_force(&law, NAN, 0.3, 1.5, &f, NULL), HF_EDOM);
    assert_int_equal(hf_law_force(&law, 1e-5, 0.3, 0.0, &f, NULL), HF_EDOM);
    law.restitution = 1.5;
    assert_int_equal(hf_law_force(&law, 1e-5, 0.3, 1.0, &f, NULL), HF_EDOM);
}

static void maxwell_curve(void **state)
{
    (void)state;
    hf_law law;
    hf_law_init(&law);
    law.form = HF_LAW_MAXWELL;
    law.contact.mass = 0.01;
    law.contact.approach_speed = 1.0;
    law.radius = 0.005;
    law.material.mu0 = 1e6;
    law.material.nu = 0.5;
    law.material.eta = 50.0;
    const double v[] = {0.5, 1.0, 2.0};
    double e[3], tc[3];
    hf_restitution_fit fit;
    assert_int_equal(hf_law_restitution_curve(&law, 3, v, e, tc, &fit, NULL), HF_OK);
    /* ε ∝ V0^{-1/5}: a faster drop dissipates less of its energy */
    assert_true(e[0] < e[1] && e[1] < e[2]);
    assert_true(fit.valid && fit.exponent < 0.0);
    HF_ASSERT_CLOSE(fit.exponent_theory, -0.2, 1e-15, 0.0);
}

/* The published constants: C1 = Γ(3/5)√π/(2^{1/5} 5^{2/5} Γ(21/10)) printed
 * as 1.15344 (Ramírez et al. 1999: the digits of 1.1534489 cut, not
 * rounded, so within 1e-5), C2 = (3/5) C1² printed as 0.79826 (0.7982666,
 * cut too); and the Padé approximant expands to the series: its
 * difference from the series to h_5 is O(x⁶): |h_6| ≈ 0.44, h_7 x ≈ 0.03
 * at x = 0.05, and the Padé's six printed digits (b2 = 1.15345 against
 * C1 = 1.1534489) add 1.1e-6 x² = 0.18 x⁶ there: below 0.8 x⁶ (a C1 off
 * by 1e-4 would add 1e-4 x², 20 times that bound). */
static void viscoelastic_sphere_constants(void **state)
{
    (void)state;
    double c1 = gsl_sf_gamma(0.6) * sqrt(4.0 * atan(1.0)) / (pow(2.0, 0.2) * pow(5.0, 0.4) *
                                                   gsl_sf_gamma(2.1));
    HF_ASSERT_CLOSE(HF_VISCOELASTIC_SPHERE_C1, c1, 1e-15, 1e-15);
    HF_ASSERT_CLOSE(c1, 1.15344, 1e-5, 0.0);
    HF_ASSERT_CLOSE(HF_VISCOELASTIC_SPHERE_C2, 0.6 * c1 * c1, 1e-15, 1e-15);
    HF_ASSERT_CLOSE(HF_VISCOELASTIC_SPHERE_C2, 0.79826, 1e-5, 0.0);
    double x = 0.05;   /* at v = 1, x = √β */
    double d = hf_viscoelastic_sphere_e(x * x, 1.0, 0) - hf_viscoelastic_sphere_e(x * x, 1.0, 5);
    assert_true(fabs(d) < 0.8 * pow(x, 6.0));
}

/* The exact viscoelastic impact (Lee–Radok/Ting) of a standard linear
 * solid whose relaxation time is 1e-3 of the contact time is the
 * Kelvin–Voigt sphere of Brilliantov et al. (A = Σ gᵢτᵢ/g∞) to O(τ/t_c):
 * the free fit of 1 − e = c1 v^{1/5} − c2 v^{2/5} over 0.1–10 m/s must
 * give c1 = C1 β with β the material's own (3/2) A (ρ/m)^{2/5}.  Error
 * budget for c1: the Kelvin–Voigt limit O(τ/t_c) ≈ 4e-4 relative, the
 * dropped h_5 term (0.27 (βv^{1/5})^{5/2} against C1 βv^{1/5}: ≈ 0.23
 * (βv^{1/5})^{3/2} ≈ 1e-3 at the fastest speed, part of it absorbed by
 * c2), the solver's 1e-12 tolerances: 3e-3 relative (measured: 3.4e-4).
 * Beyond first order the exact solution is not the series: Ting's
 * unloading keeps the contact radius of the earlier loading time, a² =
 * R(w + Aẇ), where Brilliantov's force keeps a² = Rw, and the two differ
 * at O(A²) (docs/engines.md gives the measured second-order coefficient).
 * So the test asks of the second order only its sign (c2 > 0: e convex in
 * v^{1/5}) and that the series misses the exact e by less than its own
 * second-order term C2 (βv^{1/5})² at the fastest speed (5.9e-4): a wrong
 * first order (C1 off by 3 %) would miss by 8e-4. */
static void viscoelastic_sphere_series(void **state)
{
    (void)state;
    hf_law law;
    hf_law_init(&law);
    law.form = HF_LAW_VISCOELASTIC;
    law.contact.mass = 0.1;
    law.radius = 0.01;
    law.viscoelastic.mu0 = 1e9;
    law.viscoelastic.nu = 0.3;
    hf_prony_sls(0.9, 1.0 / 4.7e-7, &law.viscoelastic.relax);   /* τ = 0.47 µs */
    enum { N = 7 };
    double v[N], e[N], tc[N];
    for (int i = 0; i < N; ++i)
        v[i] = 0.1 * pow(100.0, i / (N - 1.0));
    hf_restitution_fit pfit;
    assert_int_equal(hf_law_restitution_curve(&law, N, v, e, tc, &pfit, NULL), HF_OK);
    HF_ASSERT_CLOSE(pfit.exponent_theory, 0.2, 1e-15, 0.0);
    hf_viscoelastic_sphere_fit fit;
    assert_int_equal(hf_restitution_fit_viscoelastic_sphere(&law, N, v, e, &fit, NULL), HF_OK);
    assert_true(fit.valid);
    assert_true(fit.relaxation_ratio < 2e-3);
    assert_true(fit.beta_kelvin_voigt > 0.0);
    /* the damping is small here: 1 − e of 1–3 % */
    assert_true(1.0 - e[0] > 0.005 && 1.0 - e[N - 1] < 0.05);
    HF_ASSERT_CLOSE(fit.c1 / fit.beta_kelvin_voigt, HF_VISCOELASTIC_SPHERE_C1, 0.0, 3e-3);
    HF_ASSERT_CLOSE(fit.beta, fit.beta_kelvin_voigt, 0.0, 3e-3);
    assert_true(fit.c2 > 0.0);
    double s_max = fit.beta_kelvin_voigt * pow(v[N - 1], 0.2);
    assert_true(fit.max_residual_series < HF_VISCOELASTIC_SPHERE_C2 * s_max * s_max);
    assert_true(fit.max_residual_pade < HF_VISCOELASTIC_SPHERE_C2 * s_max * s_max);
    /* A Maxwell solid (g∞ = 0) is no Kelvin–Voigt sphere: no β predicted,
     * its e rises with v (Argatov: 1 − e ∝ V0^{−1/5}), and the series at
     * the fitted β misses it by far more than the 1e-4 above (measured
     * 0.48 here, e from 0.52 to 0.77): the misfit says the form is wrong. */
    hf_prony_maxwell(2e3, &law.viscoelastic.relax);
    assert_int_equal(hf_law_restitution_curve(&law, N, v, e, tc, &pfit, NULL), HF_OK);
    HF_ASSERT_CLOSE(pfit.exponent_theory, -0.2, 1e-15, 0.0);
    assert_int_equal(hf_restitution_fit_viscoelastic_sphere(&law, N, v, e, &fit, NULL), HF_OK);
    assert_true(fit.beta_kelvin_voigt == 0.0 && e[0] < e[N - 1]);
    assert_true(fit.max_residual_series > 0.1);
    /* history-dependent: no force law, no engine export */
    double f;
    assert_int_equal(hf_law_force(&law, 1e-5, 0.1, 1.0, &f, NULL), HF_EINVAL);
    hf_engine_params p;
    assert_int_equal(hf_engine_export(HF_ENGINE_DRAKE, &law, 1, v, &p, NULL), HF_EINVAL);
}

/* The default speeds: geometric, so each ratio is (v_max/v_min)^{1/8} =
 * 10^{1/4} (to a few ulps of pow), both ends exact; bad ranges refused. */
static void speed_grid(void **state)
{
    (void)state;
    double v[HF_LAW_SPEED_COUNT];
    assert_int_equal(hf_law_speeds(HF_LAW_SPEED_MIN, HF_LAW_SPEED_MAX, HF_LAW_SPEED_COUNT, v,
                                   NULL), HF_OK);
    assert_true(v[0] == 0.1 && fabs(v[HF_LAW_SPEED_COUNT - 1] - 10.0) < 1e-14);
    for (int i = 1; i < HF_LAW_SPEED_COUNT; ++i)
        assert_true(fabs(v[i] / v[i - 1] - pow(10.0, 0.25)) < 1e-14);
    assert_int_equal(hf_law_speeds(2.0, 2.0, 1, v, NULL), HF_OK);
    assert_true(v[0] == 2.0);
    hf_diag diag = {{0}};
    assert_int_equal(hf_law_speeds(2.0, 1.0, 3, v, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "v_min 2 is above v_max 1"));
    assert_int_equal(hf_law_speeds(0.0, 1.0, 3, v, NULL), HF_EDOM);
    assert_int_equal(hf_law_speeds(0.1, NAN, 3, v, NULL), HF_EDOM);
    assert_int_equal(hf_law_speeds(0.1, 1.0, 0, v, NULL), HF_ERANGE);
    assert_int_equal(hf_law_speeds(0.1, 1.0, HF_LAW_SPEED_COUNT_MAX + 1, v, NULL), HF_ERANGE);
    /* the law's defaults: a 0.1 kg, 1 cm steel ball (K for steel on steel) */
    hf_law law;
    hf_law_init(&law);
    assert_true(law.contact.mass == 0.1 && law.contact.stiffness == 5e9 &&
                law.radius == 0.01 && law.restitution == 0.8);
    assert_int_equal(hf_law_check(&law, NULL), HF_OK);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_hc_against_exact),
        cmocka_unit_test(per_impact_is_speed_independent),
        cmocka_unit_test(linear_damper_exponent),
        cmocka_unit_test(engines_reproduce_target),
        cmocka_unit_test(drake_error_is_the_exact_relation),
        cmocka_unit_test(force_api),
        cmocka_unit_test(maxwell_curve),
        cmocka_unit_test(viscoelastic_sphere_constants),
        cmocka_unit_test(viscoelastic_sphere_series),
        cmocka_unit_test(speed_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
