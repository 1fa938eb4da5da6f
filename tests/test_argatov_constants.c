/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_argatov_constants.c — Argatov's asymptotic constants
 * (hertzfit/maxwell.h) against closed forms where they exist and against a
 * second, independent quadrature (other substitutions, other GSL routine)
 * where they do not.
 *
 * Tolerances: the library asks GSL for 1e-12 relative and refuses anything
 * whose error estimate exceeds 1e-10; the independent routes below ask for
 * 1e-13.  So closed forms must agree to 1e-12 (a few roundings of the Beta
 * function on top of the quadrature), and the double integrals, whose two
 * routes each carry ~1e-12, to the promised 1e-10.
 */
#include "hf_test.h"

#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_hyperg.h>

#include "hertzfit/maxwell.h"
#include "models/maxwell_model.h"

static hf_argatov_constants k;

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    hf_diag diag = {{0}};
    return hf_argatov_constants_compute(&k, &diag) == HF_OK ? 0 : -1;
}

static double tau_m0_closed(void) { return 0.4 * gsl_sf_beta(0.4, 0.5); }

/* GSL QAG (61-point rule) to 1e-13 for the smooth integrands below. */
static double qag(double (*f)(double, void *), void *p, double a, double b)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    gsl_function F = {f, p};
    double v = NAN, err;
    int rc = gsl_integration_qag(&F, a, b, 0.0, 1e-13, 1000, GSL_INTEG_GAUSS61, w, &v, &err);
    gsl_integration_workspace_free(w);
    return rc == GSL_SUCCESS ? v : NAN;
}

static void test_every_constant_meets_its_error_budget(void **state)
{
    (void)state;
    for (int i = 0; i < HF_ARGATOV_NCONSTANTS; ++i) {
        assert_true(isfinite(k.value[i]));
        assert_true(k.abserr[i] <= 1e-10 * fabs(k.value[i]));
        assert_string_not_equal(hf_argatov_constant_name((hf_argatov_constant_id)i), "?");
    }
    hf_diag diag = {{0}};
    assert_int_equal(hf_argatov_constants_compute(NULL, &diag), HF_EINVAL);
}

/* Eq. 1 with u = ξ^{5/2}: τ_m⁰ = (2/5)B(2/5, 1/2); Eq. 30 is the same
 * integral with u = 1 − ξ².  J of Eq. 37 is (2/5)B(2/5, 3/2). */
static void test_closed_forms_of_beta_type(void **state)
{
    (void)state;
    HF_ASSERT_CLOSE(k.value[HF_ARGATOV_TAU_M0], tau_m0_closed(), 0.0, 1e-12);
    HF_ASSERT_CLOSE(k.value[HF_ARGATOV_J_UNLOAD], 0.4 * gsl_sf_beta(0.4, 1.5), 0.0, 1e-12);
}

/* c_m^ω = (16/25)[∫ξ(1−ξ²)^{−3/5} − ∫ξ²(1−ξ²)^{−3/5}] = (16/25)[5/4 − B(3/2,2/5)/2]
 * and B(3/2,2/5) = (5/9)B(1/2,2/5), so c_m^ω = 4/5 − (4/9)τ_m⁰. */
static void test_c_m_omega_closed_form(void **state)
{
    (void)state;
    double expected = 0.8 - 4.0 / 9.0 * tau_m0_closed();
    HF_ASSERT_CLOSE(k.value[HF_ARGATOV_C_M_OMEGA], expected, 0.0, 1e-12);
}

/* Hunter's e = 1 − (4/9)η t_c⁰ (Eq. 41) is e = 1 − (8/9)τ_m⁰ ε.  The library
 * builds c_e = 2τ_m⁰ + c_v from the corrected rebound factor
 * exp(−2ε(τ_c − τ_m)); the factor (1 − ε(τ_c − τ_m)) printed after Eq. 40
 * would give τ_m⁰ + c_v = −(1/9)τ_m⁰ < 0, i.e. e > 1. */
static void test_restitution_constant_needs_the_factor_two(void **state)
{
    (void)state;
    double tau0 = tau_m0_closed();
    HF_ASSERT_CLOSE(k.value[HF_ARGATOV_C_E], 8.0 / 9.0 * tau0, 0.0, 1e-11);
    double printed = k.value[HF_ARGATOV_TAU_M0] + k.value[HF_ARGATOV_C_V];
    HF_ASSERT_CLOSE(printed, -tau0 / 9.0, 0.0, 1e-11);
    assert_true(printed < 0.0);
}

/* Eqs. 46 and 55 define c_M^F in different force units: 46 = (4/5)·55. */
static void test_derived_constants_are_consistent(void **state)
{
    (void)state;
    const double *v = k.value;
    HF_ASSERT_CLOSE(v[HF_ARGATOV_C_MF], 1.0 - 1.875 * v[HF_ARGATOV_C_M_OMEGA], 0.0, 1e-15);
    HF_ASSERT_CLOSE(v[HF_ARGATOV_C_MF_REL], 0.8 - 1.5 * v[HF_ARGATOV_C_M_OMEGA], 0.0, 1e-15);
    HF_ASSERT_CLOSE(v[HF_ARGATOV_C_MT], 8.0 / 15.0 - v[HF_ARGATOV_C_M_TAU], 0.0, 1e-15);
    HF_ASSERT_CLOSE(v[HF_ARGATOV_C_CT], v[HF_ARGATOV_C_M_TAU] - v[HF_ARGATOV_C_C_TAU], 0.0,
                    1e-15);
    /* Hunter: viscoelasticity shortens the contact (t_c < t_c⁰). */
    assert_true(v[HF_ARGATOV_C_CT] < 0.0);
}

/* ---- c_m^τ (Eq. 31) by a second route ------------------------------------
 * First integral: ∫₀¹(1−ξ)^{−1/5}(1+ξ)^{−6/5}dξ = 2^{−6/5}(5/4)·2F1(6/5,4/5;9/5;1/2)
 * (Euler's integral with y = 1 − ξ).  Double integral: v = 1 − t⁵ and
 * ξ = 1 − (1−v)σ⁵ make both integrands polynomial-like:
 *   ∫₀¹(1−v²)^{−8/5} I(v) dv = ∫₀¹ 5t³(2−t⁵)^{−8/5} Ĩ(t) dt,
 *   Ĩ(t) = ∫₀¹ 5σ⁶ (1 − t⁵σ⁵)(2 − t⁵σ⁵)^{−3/5} dσ. */
static double i_tilde_f(double sigma, void *p)
{
    double d = pow(*(double *)p, 5.0) * pow(sigma, 5.0);
    return 5.0 * pow(sigma, 6.0) * (1.0 - d) * pow(2.0 - d, -0.6);
}

static double c_m_tau_outer_f(double t, void *p)
{
    (void)p;
    double inner = qag(i_tilde_f, &t, 0.0, 1.0);
    return 5.0 * t * t * t * pow(2.0 - pow(t, 5.0), -1.6) * inner;
}

static void test_c_m_tau_by_other_substitutions(void **state)
{
    (void)state;
    double first = pow(2.0, -1.2) * 1.25 * gsl_sf_hyperg_2F1(1.2, 0.8, 1.8, 0.5);
    double second = qag(c_m_tau_outer_f, NULL, 0.0, 1.0);
    double expected = 0.64 * first - 0.768 * second;
    HF_ASSERT_CLOSE(k.value[HF_ARGATOV_C_M_TAU], expected, 0.0, 1e-10);
}

/* ---- c_c^τ (Eq. 39) by a second route ------------------------------------
 * A(ξ) = ∫_ξ¹(1−ζ^{5/2})^{1/2}dζ = (2/5)B(3/2,2/5)·I_w(3/2, 2/5) with
 * w = 1 − ξ^{5/2} (u = ζ^{5/2}, then the symmetry of the incomplete Beta
 * function), from gsl_sf_beta_inc; the outer integrals use ξ = 1 − t² so
 * that the (1−ξ)^{−1/2} singularity disappears. */
static double one_minus_pow52(double u) /* 1 − (1−u)^{5/2}, accurate for small u */
{
    return -expm1(2.5 * log1p(-u));
}

static double c_c_tau_p1_f(double xi, void *p)
{
    (void)p;
    double w = one_minus_pow52(1.0 - xi);
    if (w == 0.0) /* limit: I_w(3/2, 2/5) ~ w^{3/2}/(3/2·B(3/2, 2/5)), so 3A/w^{3/2} → 0.8 */
        return 0.8;
    double A = 0.4 * gsl_sf_beta(1.5, 0.4) * gsl_sf_beta_inc(1.5, 0.4, w);
    return 3.0 * A * pow(w, -1.5);
}

static double c_c_tau_p2_f(double t, void *p)
{
    (void)p;
    double w = one_minus_pow52(t * t);
    return t == 0.0 ? 2.0 * pow(2.5, -1.5) : 2.0 * t * t * t * pow(w, -1.5);
}

static void test_c_c_tau_by_incomplete_beta(void **state)
{
    (void)state;
    double p1 = qag(c_c_tau_p1_f, NULL, 0.0, 1.0);
    double p2 = qag(c_c_tau_p2_f, NULL, 0.0, 1.0);
    double expected = 0.25 * tau_m0_closed() * (0.8 - 4.0 / 9.0 * tau_m0_closed()) + p1 - p2;
    HF_ASSERT_CLOSE(k.value[HF_ARGATOV_C_C_TAU], expected, 0.0, 1e-10);
}

static void test_predictions_and_bad_eps(void **state)
{
    (void)state;
    hf_argatov_asymptotic a;
    hf_diag diag = {{0}};
    assert_int_equal(hf_argatov_predict(&k, 0.0, &a, &diag), HF_OK);
    HF_ASSERT_CLOSE(a.tau_c, 2.0 * tau_m0_closed(), 0.0, 1e-12);
    HF_ASSERT_CLOSE(a.force_M, 1.25, 0.0, 0.0);
    HF_ASSERT_CLOSE(a.e, 1.0, 0.0, 0.0);
    assert_int_equal(hf_argatov_predict(&k, 0.0625, &a, &diag), HF_OK);
    HF_ASSERT_CLOSE(a.e, 1.0 - 0.0625 * 8.0 / 9.0 * tau_m0_closed(), 0.0, 1e-12);
    assert_int_equal(hf_argatov_predict(&k, -0.1, &a, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "eps"));
    assert_int_equal(hf_argatov_predict(&k, NAN, &a, &diag), HF_EDOM);
    assert_int_equal(hf_argatov_predict(&k, INFINITY, &a, &diag), HF_EDOM);
    assert_int_equal(hf_argatov_predict(NULL, 0.1, &a, &diag), HF_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_constant_meets_its_error_budget),
        cmocka_unit_test(test_closed_forms_of_beta_type),
        cmocka_unit_test(test_c_m_omega_closed_form),
        cmocka_unit_test(test_restitution_constant_needs_the_factor_two),
        cmocka_unit_test(test_derived_constants_are_consistent),
        cmocka_unit_test(test_c_m_tau_by_other_substitutions),
        cmocka_unit_test(test_c_c_tau_by_incomplete_beta),
        cmocka_unit_test(test_predictions_and_bad_eps),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
