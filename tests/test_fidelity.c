/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_fidelity.c — numbers of the papers (and of the independent
 * audit of them) that docs/fidelity.md states, each re-derived here from
 * the library.
 *
 * Reference values come from the papers or from the audit's own scipy code
 * (not from hertzfit's output); each tolerance says where its error comes
 * from.
 */
#include "hf_test.h"

#include <math.h>

#include <gsl/gsl_fit.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/damping.h"
#include "hertzfit/examples.h"
#include "hertzfit/impact.h"
#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"

#define DATA HERTZFIT_SOURCE_DIR "/data"

/* The restitution error e_out − c (Safaeifar Eq. 60) of MODEL at C. */
static double error_at(hf_damping_id model, double c)
{
    double e;
    assert_int_equal(hf_impact_restitution_e_out(model, c, NULL, 0, &e, NULL), HF_OK);
    return e - c;
}

/* Figs. 5–6 claim the new model (h = 5(1−c)/(4c)) beats Flores' and Hu–Guo's
 * for c_r < 0.4.  The audit found the crossings at c_r = 0.453 (Flores) and
 * 0.365 (Hu–Guo); bisected, they are 0.45300 and 0.36483.  Asserted as
 * brackets: |error| of the new model below the other's on the left end,
 * above on the right.  The differences at the ends are >= 3e-5, the
 * simulation's error ~1e-11: the signs are certain. */
static void test_figs_5_6_crossings(void **state)
{
    (void)state;
    const hf_damping_id sf = HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR;
    assert_true(fabs(error_at(sf, 0.36)) < fabs(error_at(HF_DAMPING_HU_GUO, 0.36)));
    assert_true(fabs(error_at(sf, 0.365)) > fabs(error_at(HF_DAMPING_HU_GUO, 0.365)));
    assert_true(fabs(error_at(sf, 0.4525)) < fabs(error_at(HF_DAMPING_FLORES, 0.4525)));
    assert_true(fabs(error_at(sf, 0.4535)) > fabs(error_at(HF_DAMPING_FLORES, 0.4535)));
    /* so the claim fails at c_r = 0.4 against Hu–Guo: +0.028 against −0.020
     * (the audit's values, to their printed 3 decimals) */
    HF_ASSERT_CLOSE(error_at(sf, 0.4), 0.028, 5e-4, 0.0);
    HF_ASSERT_CLOSE(error_at(HF_DAMPING_HU_GUO, 0.4), -0.020, 5e-4, 0.0);
}

/* The RMS the papers quote for other models, on the objective fitted to
 * Table 2 (it reproduces all 110 printed cells within 0.00049 %,
 * tests/test_profile_objective.c): the quoted values are the cells (2, 2)
 * (Flores, 29.438), (2.5, 2) (Hu–Guo, 22.566) and (1.5, 5.5) (ICACO's
 * "12.596" for h = 5(1−c)/(4c)); the models' own K0 give 29.31 (K0 = 8/5)
 * and 12.612 (K0 = 5/4), the audit's values.  Tolerance: the table
 * objective's 0.00049 % fit residual plus the 3-decimal rounding, 1e-3. */
static void test_quoted_rms(void **state)
{
    (void)state;
    hf_profile_objective *obj = NULL;
    assert_int_equal(hf_profile_objective_alloc_table(DATA "/safaeifar2020_table2.csv", &obj,
                                                      NULL),
                     HF_OK);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, 2.0, 2.0), 29.438, 1e-3, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, 2.5, 2.0), 22.566, 1e-3, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, 1.5, 5.5), 12.596, 1e-3, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(obj, 1.6), 29.31, 1e-2, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(obj, 1.25), 12.612, 1e-3, 0.0);
    /* Hu–Guo's 3/2 is the (2.5, 2) cell exactly (I = 4/15); Flores' 8/5 is
     * not the (2, 2) cell: 1.601795... */
    HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(obj, 1.5),
                    hf_profile_objective_rms(obj, 2.5, 2.0), 1e-12, 0.0);
    assert_true(fabs(hf_profile_objective_rms_k0(obj, 1.6) -
                     hf_profile_objective_rms(obj, 2.0, 2.0)) > 0.1);
    hf_profile_objective_free(obj);
}

/* Safaeifar Eq. 29: the exact maximum deformation of the Hunt–Crossley
 * impact, δ_max = (5m/(2C) (v − (K/C) ln(1 + C v/K)))^{2/5}, against the
 * simulated free impact of the ball's contact (Table 3) for the models'
 * h at c_r = 0.6 (1e-9: the simulation's few 1e-12 on the scaled state).
 * With the weight, as the ball example runs, δ_max is 0.07 % larger: the
 * SF model gives 1.6041 mm by Eq. 29 against 1.6052 mm simulated (the
 * audit's "1.603 against 1.605" mixes ICACO's Eq. 29 value, 1.6028, with
 * SF's simulated one).  Eq. 52, the profile's approximation with I = 8/25,
 * gives 1.5494 mm: 3.4 % below the exact value. */
static void test_eq29_eq52_maximum_deformation(void **state)
{
    (void)state;
    const hf_damping_id models[] = {HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR, HF_DAMPING_ICACO,
                                    HF_DAMPING_EXACT, HF_DAMPING_FLORES};
    for (size_t i = 0; i < 4; ++i) {
        hf_impact_model model = {HF_IMPACT_HUNT_CROSSLEY, models[i]};
        hf_impact_params p;
        hf_impact_result r;
        assert_int_equal(hf_impact_ball_params(model, 0.6, NULL, 0, &p, NULL), HF_OK);
        double m = p.contact.mass, K = p.contact.stiffness, v = p.contact.approach_speed;
        double C = p.damping * K / v;
        double eq29 = pow(5.0 * m / (2.0 * C) * (v - K / C * log1p(C * v / K)), 0.4);
        assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
        double with_weight = r.delta_max;
        p.load = 0.0;
        assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
        HF_ASSERT_CLOSE(r.delta_max, eq29, 0.0, 1e-9);
        assert_true(with_weight > eq29 && with_weight < 1.001 * eq29);
        if (models[i] == HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR) {
            HF_ASSERT_CLOSE(eq29, 1.6041e-3, 1e-7, 0.0);
            HF_ASSERT_CLOSE(with_weight, 1.6052e-3, 1e-7, 0.0);
            double eq52 = pow(0.5 * m * v * v / (0.4 * K + 0.32 * C * v), 0.4);
            HF_ASSERT_CLOSE(eq52 / eq29 - 1.0, -0.034, 1e-3, 0.0);
        }
    }
}

/* Slider–crank (Safaeifar §10): the slider stays within [l − r, l + r] =
 * [0.1, 0.5] m and the block starts at 1.0 m at 20 m/s, both 2A = 0.02 m
 * thick in the gap, so the first contact falls in [0.48/20, 0.88/20] =
 * [0.024, 0.044] s whatever the crank does: the paper's "0.28" is out of
 * reach.  Checked for cranks from −200 to 1000 rad/s. */
static void test_slider_crank_first_contact_bounds(void **state)
{
    (void)state;
    const double speeds[] = {-200.0, 0.0, 20.944, 200.0, 1000.0};
    for (size_t i = 0; i < 5; ++i) {
        hf_example_config c;
        hf_example_config_init(&c, HF_EXAMPLE_SLIDER_CRANK);
        c.crank_speed = speeds[i];
        hf_example *ex = NULL;
        assert_int_equal(hf_example_alloc(&c, &ex, NULL), HF_OK);
        const hf_example_impact *im;
        assert_true(hf_example_impacts(ex, &im) >= 1);
        assert_true(im[0].t_start >= 0.024 && im[0].t_start <= 0.044);
        hf_example_free(ex);
    }
}

/* Poursina & Nikravesh 2020, Eqs. 18–19: μ = d k/(e v⁻) with d the root of
 * (1 + d/e)/(1 − d) = exp(d(1 + 1/e)).  With h = d/e this is Safaeifar's
 * Eq. 39, h(1 + e) = ln((1 + h)/(1 − e h)), and μ = h k/v⁻ is h_r: the two
 * papers' exact relations are one.  Checked: d = e h_exact(e) satisfies
 * Eq. 19 to rounding: 1e-12 relative, at e >= 0.3 where 1 − d >= 0.07 (at
 * small e, 1 − d → 0 and Eq. 19's left side amplifies the last bit of d
 * by d/(1 − d): 1e8 at e = 0.05). */
static void test_poursina_eqs_18_19(void **state)
{
    (void)state;
    const double es[] = {0.3, 0.6, 0.9, 0.99};
    for (size_t i = 0; i < 4; ++i) {
        double e = es[i], h;
        assert_int_equal(hf_restitution_hr_exact(e, &h, NULL), HF_OK);
        double d = e * h;
        assert_true(d > 0.0 && d < 0.95);
        HF_ASSERT_CLOSE((1.0 + d / e) / (1.0 - d), exp(d * (1.0 + 1.0 / e)), 0.0, 1e-12);
    }
}

/* RMS residual (m) of a linear and of an exponential fit (least squares on
 * ln A) to the amplitude peaks of the impact damper in its impact zone. */
static void impact_zone_fits(double xi, double *linear, double *exponential)
{
    hf_example_config c;
    hf_example_config_init(&c, HF_EXAMPLE_IMPACT_DAMPER);
    c.damping_ratio = xi;
    c.duration = 30.0;
    hf_example *ex = NULL;
    assert_int_equal(hf_example_alloc(&c, &ex, NULL), HF_OK);
    hf_example_zones zones;
    hf_example_zones_get(ex, &zones);
    size_t np;
    const double *p = hf_example_peaks(ex, &np);
    double t[400], a[400], ln_a[400];
    size_t n = 0;
    for (size_t i = 0; i < np && n < 400; ++i)
        if (p[2 * i] <= zones.impact_end) {
            t[n] = p[2 * i];
            a[n] = fabs(p[2 * i + 1]);
            ln_a[n] = log(a[n]);
            ++n;
        }
    assert_true(n > 50);
    double c0, c1, cov00, cov01, cov11, sumsq;
    assert_int_equal(gsl_fit_linear(t, 1, a, 1, n, &c0, &c1, &cov00, &cov01, &cov11, &sumsq), 0);
    *linear = sqrt(sumsq / (double)n);
    assert_int_equal(gsl_fit_linear(t, 1, ln_a, 1, n, &c0, &c1, &cov00, &cov01, &cov11, &sumsq),
                     0);
    double ss = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double r = a[i] - exp(c0 + c1 * t[i]);
        ss += r * r;
    }
    *exponential = sqrt(ss / (double)n);
    hf_example_free(ex);
}

/* Safaeifar Example 2: in the impact zone "the amplitude decreases nearly
 * linearly".  With C = ξ√(KM) (ξ = 0.0015 in hertzfit's 2ξ√(KM) reading) a
 * line fits the peaks better than an exponential (3.5e-4 m against
 * 6.7e-4 m RMS, the audit's values); with C = 2ξ√(KM), hertzfit's default,
 * the exponential fits better (5.5e-4 against 4.6e-4; the audit: 5.3e-4
 * against 4.6e-4).  The claim therefore favours the ξ√(KM) reading.  The
 * ratios (0.51 and 1.20) are far from 1 compared with the peaks' location
 * error (~1e-10 m): asserted as orderings, with the audit's values to 5e-5. */
static void test_example_2_linear_decrease(void **state)
{
    (void)state;
    double linear, exponential;
    impact_zone_fits(0.0015, &linear, &exponential);
    assert_true(linear < 0.6 * exponential);
    HF_ASSERT_CLOSE(linear, 3.5e-4, 5e-5, 0.0);
    HF_ASSERT_CLOSE(exponential, 6.7e-4, 5e-5, 0.0);
    impact_zone_fits(HF_DAMPER_DAMPING_RATIO, &linear, &exponential);
    assert_true(linear > 1.1 * exponential);
    HF_ASSERT_CLOSE(exponential, 4.6e-4, 5e-5, 0.0);
}

/* Forney's claim (Argatov's Discussion): the correction to the loading time
 * τ_m is O(ε^½).  On Hunter's model q(ε) = (τ_m − τ_m⁰)/ε is 0.3170,
 * 0.3174, 0.3182 at ε = 0.005, 0.01, 0.02 (the audit's values, to their 4
 * decimals: 5e-5) and tends to Argatov's c_m^τ = 0.31659 (Eq. 31): the
 * correction is O(ε).  An O(ε^½) term would make q grow like ε^{−½} as ε
 * falls; instead q − c_m^τ halves with ε (ratio 2 within 10 %: the O(ε³)
 * remainder), and the integration's 1e-12 is 1e-8 of the smallest
 * difference. */
static void test_forney_order(void **state)
{
    (void)state;
    hf_argatov_constants k;
    assert_int_equal(hf_argatov_constants_compute(&k, NULL), HF_OK);
    const double eps[3] = {0.005, 0.01, 0.02}, audit[3] = {0.3170, 0.3174, 0.3182};
    double q[3];
    for (int i = 0; i < 3; ++i) {
        hf_hunter_result r;
        assert_int_equal(hf_hunter_simulate(eps[i], NULL, &r, NULL), HF_OK);
        q[i] = (r.tau_m - k.value[HF_ARGATOV_TAU_M0]) / eps[i];
        HF_ASSERT_CLOSE(q[i], audit[i], 5e-5, 0.0);
    }
    double c = k.value[HF_ARGATOV_C_M_TAU];
    HF_ASSERT_CLOSE(c, 0.3166, 5e-5, 0.0);
    HF_ASSERT_CLOSE((q[1] - c) / (q[0] - c), 2.0, 0.0, 0.1);
    HF_ASSERT_CLOSE((q[2] - c) / (q[1] - c), 2.0, 0.0, 0.1);
}

/* Argatov Eq. 6 (after Hunter and Deresiewicz): the Hertz approach is "well
 * approximated" by w ≈ w_m⁰ sin(π t/t_c⁰).  Sampled at 401 times of the
 * undamped Hertz impact, the sine's largest gap is 0.021308 w_m⁰ — the
 * value of an independent computation (numpy: t(x) = ∫₀ˣ dy/√(1 − y^{5/2})
 * by the trapezoid rule after y = 1 − u², maximum over 2001 x).  The
 * 401-point grid finds the maximum to O((t_c/400)²) ~ 1e-5: tolerance 5e-5.
 * So "well approximated" means within 2.1 % of w_m⁰. */
static void test_argatov_eq6_sine(void **state)
{
    (void)state;
    hf_impact_params p;
    hf_impact_params_init(&p);   /* m = K = v = 1, n = 3/2, undamped */
    hf_impact_result r;
    assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
    enum { N = 401 };
    double t[N], d[N], v[N], f[N], worst = 0.0;
    assert_int_equal(hf_impact_history(&p, &r, N, t, d, v, f, NULL), HF_OK);
    for (int i = 0; i < N; ++i) {
        double gap = fabs(d[i] - r.delta_max * sin(M_PI * t[i] / r.contact_time)) / r.delta_max;
        if (gap > worst)
            worst = gap;
    }
    HF_ASSERT_CLOSE(worst, 0.021308, 5e-5, 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figs_5_6_crossings),
        cmocka_unit_test(test_quoted_rms),
        cmocka_unit_test(test_poursina_eqs_18_19),
        cmocka_unit_test(test_example_2_linear_decrease),
        cmocka_unit_test(test_forney_order),
        cmocka_unit_test(test_argatov_eq6_sine),
        cmocka_unit_test(test_eq29_eq52_maximum_deformation),
        cmocka_unit_test(test_slider_crank_first_contact_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
