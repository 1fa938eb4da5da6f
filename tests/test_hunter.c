/*
 * tests/test_hunter.c — Hunter's Maxwell impact model solved numerically
 * (hertzfit/hunter.h) and its physical-unit wrapper (hertzfit/maxwell.h).
 *
 * The central check: Argatov's first-order asymptotics (Eqs. 30, 32, 34,
 * 38, 41) differ from the numerical solution by O(ε²), so halving ε must
 * divide every relative error by 4.  The ODE is integrated with per-step
 * tolerances 1e-12 (global error ~1e-11), far below the smallest error
 * compared here (~1e-6 at ε = 0.005), so the ratio measures the asymptotics
 * alone.  A wrong constant would leave an O(ε) error and a ratio near 2.
 */
#include "hf_test.h"

#include <string.h>

#include <gsl/gsl_sf_gamma.h>

#include "hertzfit/argatov.h"
#include "hertzfit/hunter.h"
#include "hertzfit/maxwell.h"

static hf_argatov_constants k;

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    return hf_argatov_constants_compute(&k, NULL) == HF_OK ? 0 : -1;
}

/* Relative errors of the six first-order predictions at ε. */
static void relative_errors(double eps, double err[6])
{
    hf_hunter_result r;
    hf_argatov_asymptotic a;
    hf_diag diag = {{0}};
    assert_int_equal(hf_hunter_simulate(eps, NULL, &r, &diag), HF_OK);
    assert_int_equal(hf_argatov_predict(&k, eps, &a, &diag), HF_OK);
    const double num[6] = {r.omega_m, r.tau_m, r.tau_M, r.force_M, r.tau_c, r.e};
    const double asy[6] = {a.omega_m, a.tau_m, a.tau_M, a.force_M, a.tau_c, a.e};
    for (int j = 0; j < 6; ++j)
        err[j] = fabs(num[j] / asy[j] - 1.0);
}

/* With the error a ε² + b ε³ + O(ε⁴) (the next-order term of the
 * expansion), the ratio of the errors at 2ε and ε is
 *   4(a + 2bε)/(a + bε) = 4 + 4(b/a) ε + O(ε²),
 * so it must approach 4 linearly in ε: |ratio − 4| <= K ε.  K = 2.5 allows
 * |b/a| up to 0.6, i.e. a second-order coefficient of the size of the
 * first-order one, as for every constant of the expansion here (they are
 * 0.06 to 1.5 in units of the Hertz values).  For scale, the slopes 4b/a
 * seen at ε = 0.005 lie between −1.8 and +1.2.  A wrong first-order
 * constant leaves ratio ≈ 2, outside by ~50 K ε; the ODE error (1e-11
 * against errors >= 6e-7) moves the ratio by < 1e-4. */
static void test_error_of_asymptotics_vanishes_like_eps_squared(void **state)
{
    (void)state;
    static const char *const names[6] = {"omega_m", "tau_m", "tau_M", "F_M", "tau_c", "e"};
    double e04[6], e02[6], e01[6], e005[6];
    relative_errors(0.04, e04);
    relative_errors(0.02, e02);
    relative_errors(0.01, e01);
    relative_errors(0.005, e005);
    for (int j = 0; j < 6; ++j) {
        const double ratios[3] = {e04[j] / e02[j], e02[j] / e01[j], e01[j] / e005[j]};
        const double eps[3] = {0.02, 0.01, 0.005}, K = 2.5;
        for (int i = 0; i < 3; ++i) {
            if (!(fabs(ratios[i] - 4.0) <= K * eps[i]))
                print_error("%s: error ratio %.6f at eps %g is not 4 +- %g\n", names[j],
                            ratios[i], eps[i], K * eps[i]);
            assert_true(fabs(ratios[i] - 4.0) <= K * eps[i]);
        }
    }
}

/* ε = 0 is Hertz's elastic impact: ω_m = 1, F = 5/4, τ_c = 2τ_m⁰, e = 1,
 * τ_m⁰ = (2/5)B(2/5, 1/2) exactly.  Tolerance 1e-10: the solver's per-step
 * tolerances are 1e-12 (abs and rel); the global error of an adaptive
 * solver is at most (number of accepted steps) × that, and the smooth Hertz
 * solution over τ_c ≈ 2.9 takes far fewer than 100 steps of the 8th-order
 * rk8pd, so ~1e-10 is the worst case (e comes out 1 − 1.6e-12 in
 * practice).  The events are located to the same tolerance. */
static void test_elastic_limit_is_hertz(void **state)
{
    (void)state;
    hf_hunter_result r;
    assert_int_equal(hf_hunter_simulate(0.0, NULL, &r, NULL), HF_OK);
    double tau0 = 0.4 * gsl_sf_beta(0.4, 0.5);
    HF_ASSERT_CLOSE(r.omega_m, 1.0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.tau_m, tau0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.force_M, 1.25, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.tau_c, 2.0 * tau0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.e, 1.0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.v_c, -1.0, 0.0, 1e-10);
}

/* Eq. 45 with c_M^F of Eq. 46 (force relative to F_M⁰ = 5/4): its error is
 * O(ε²), about 0.31·ε² here (tolerance 0.5·ε²); the Eq. 55 value in the
 * same place would leave an error (c_M^F − (4/5)c_M^F)·ε ≈ 0.145 ε, some
 * 45 times larger at ε = 0.01. */
static void test_equation_46_is_the_relative_force_constant(void **state)
{
    (void)state;
    double eps = 0.01;
    hf_hunter_result r;
    assert_int_equal(hf_hunter_simulate(eps, NULL, &r, NULL), HF_OK);
    double ratio = r.force_M / 1.25;
    HF_ASSERT_CLOSE(ratio, 1.0 - eps * k.value[HF_ARGATOV_C_MF_REL], 0.5 * eps * eps, 0.0);
    assert_true(fabs(ratio - (1.0 - eps * k.value[HF_ARGATOV_C_MF])) > 0.1 * eps);
}

/* The unloading force is −d/dτ of the approach velocity exp(−2ε(τ−τ_m))ω'
 * (Eq. 21) with ω'' from Eq. 25, and equals the loading force at τ_m. */
static void test_unloading_force_is_newtons_law(void **state)
{
    (void)state;
    double eps = 0.1375, s = 0.4142, omega = 0.7385, v = -0.6180;
    double v_dot = -1.25 * pow(omega, 1.5) + eps * (3.0 * v + 1.0);
    double expected = -exp(-2.0 * eps * s) * (v_dot - 2.0 * eps * v);
    HF_ASSERT_CLOSE(hf_hunter_force_unloading(eps, s, omega, v), expected, 0.0, 1e-14);
    HF_ASSERT_CLOSE(hf_hunter_force_unloading(eps, 0.0, 1.0385, 0.0),
                    hf_hunter_force_loading(eps, 1.0385, 0.0), 0.0, 1e-15);
    hf_hunter_result r;
    assert_int_equal(hf_hunter_simulate(eps, NULL, &r, NULL), HF_OK);
    /* the peak comes before the end of loading (Eq. 34), where ω' > 0 */
    assert_true(r.tau_M < r.tau_m);
    assert_true(r.force_M > hf_hunter_force_loading(eps, r.omega_m, 0.0));
}

static void test_bad_eps_is_refused(void **state)
{
    (void)state;
    hf_hunter_result r;
    hf_diag diag = {{0}};
    assert_int_equal(hf_hunter_simulate(-0.01, NULL, &r, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "eps"));
    assert_int_equal(hf_hunter_simulate(NAN, NULL, &r, &diag), HF_EDOM);
    assert_int_equal(hf_hunter_simulate(HF_HUNTER_EPS_MAX * 1.5, NULL, &r, &diag), HF_EDOM);
    assert_int_equal(hf_hunter_simulate(0.1, NULL, NULL, &diag), HF_EINVAL);
    hf_hunter_options o;
    hf_hunter_options_init(&o);
    o.rel_tol = 0.0;
    assert_int_equal(hf_hunter_simulate(0.1, &o, &r, &diag), HF_EINVAL);
}

/* Physical units: w_m⁰ from Eq. 5 with k = 8√R μ0/(3(1−ν)), computed here
 * independently of Eqs. 51–52 used by the library. */
static void test_physical_units_follow_equation_5(void **state)
{
    (void)state;
    hf_maxwell_material mat = {2.385e7, 0.37, 415.0};
    hf_maxwell_impact imp = {0.00731, 0.0061, 1.93};
    double kk = 8.0 * sqrt(imp.R) * mat.mu0 / (3.0 * (1.0 - mat.nu));
    double w = pow(5.0 * imp.m / kk, 0.4) * pow(imp.V0 / 2.0, 0.8);
    double T = w / imp.V0, eps = mat.eta * T;
    hf_maxwell_response resp;
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_simulate(&mat, &imp, NULL, &resp, &diag), HF_OK);
    hf_hunter_result r;
    assert_int_equal(hf_hunter_simulate(eps, NULL, &r, NULL), HF_OK);
    HF_ASSERT_CLOSE(resp.eps, eps, 0.0, 1e-13);
    HF_ASSERT_CLOSE(resp.t_c, r.tau_c * T, 0.0, 1e-12);
    HF_ASSERT_CLOSE(resp.t_M, r.tau_M * T, 0.0, 1e-12);
    HF_ASSERT_CLOSE(resp.F_M, r.force_M * imp.m * imp.V0 * imp.V0 / w, 0.0, 1e-12);
    HF_ASSERT_CLOSE(resp.e, r.e, 0.0, 1e-12);
    /* the maximum approach is ω_m w_m⁰ (w = a²/R in loading, Eqs. 12, 23) */
    HF_ASSERT_CLOSE(resp.w_m, r.omega_m * w, 0.0, 1e-12);
    hf_maxwell_response asym;
    assert_int_equal(hf_maxwell_predict(&mat, &imp, &k, &asym, &diag), HF_OK);
    HF_ASSERT_CLOSE(asym.w_m, (1.0 + eps * k.value[HF_ARGATOV_C_M_OMEGA]) * w, 0.0, 1e-12);
    /* Eq. 59 inverts Eq. 52. */
    HF_ASSERT_CLOSE(hf_maxwell_mu0_from_compliance(hf_maxwell_compliance(mat.mu0, mat.nu),
                                                   mat.nu), mat.mu0, 0.0, 1e-14);
}

static void test_bad_material_and_impact_are_refused(void **state)
{
    (void)state;
    hf_maxwell_response resp;
    hf_diag diag = {{0}};
    hf_maxwell_impact imp = {0.004, 0.005, 1.2};
    const hf_maxwell_material bad_mat[] = {{-1e7, 0.5, 300}, {1e7, 0.6, 300},
                                           {1e7, -0.1, 300}, {1e7, 0.5, -1},
                                           {NAN, 0.5, 300},  {1e7, 0.5, INFINITY}};
    for (size_t i = 0; i < sizeof bad_mat / sizeof bad_mat[0]; ++i)
        assert_int_equal(hf_maxwell_simulate(&bad_mat[i], &imp, NULL, &resp, &diag), HF_EDOM);
    hf_maxwell_material mat = {1e7, 0.5, 300};
    const hf_maxwell_impact bad_imp[] = {{-0.004, 0.005, 1.2}, {0.004, 0.0, 1.2},
                                         {0.004, 0.005, -1.2}, {0.004, NAN, 1.2}};
    for (size_t i = 0; i < sizeof bad_imp / sizeof bad_imp[0]; ++i)
        assert_int_equal(hf_maxwell_simulate(&mat, &bad_imp[i], NULL, &resp, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "R ="));
    /* a relaxation so fast that ε leaves Hunter's range */
    mat.eta = 1e6;
    assert_int_equal(hf_maxwell_simulate(&mat, &imp, NULL, &resp, &diag), HF_EDOM);
    assert_int_equal(hf_maxwell_predict(&mat, &imp, NULL, &resp, &diag), HF_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_of_asymptotics_vanishes_like_eps_squared),
        cmocka_unit_test(test_elastic_limit_is_hertz),
        cmocka_unit_test(test_equation_46_is_the_relative_force_constant),
        cmocka_unit_test(test_unloading_force_is_newtons_law),
        cmocka_unit_test(test_bad_eps_is_refused),
        cmocka_unit_test(test_physical_units_follow_equation_5),
        cmocka_unit_test(test_bad_material_and_impact_are_refused),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
