/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_hunter.c — Hunter's Maxwell impact model solved numerically
 * and its physical-unit wrapper (both hertzfit/maxwell.h).
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

#include "hertzfit/maxwell.h"
#include "models/maxwell_model.h"

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

/* Hertz's elastic impact in closed form: ω'² = 1 − ω^{5/2} (energy), so the
 * time to reach ω in loading is τ(ω) = ∫0^ω dx/√(1 − x^{5/2})
 * = (2/5) B(2/5, 1/2) I_{ω^{5/2}}(2/5, 1/2), and unloading is its mirror
 * image about τ_m⁰; the force is (5/4)ω^{3/2}.  The force history at those
 * times must give it back to 1e-10 of the peak: the integration's global
 * error (see test_elastic_limit_is_hertz), each sample being one rk8pd step
 * from the accepted step's start, no coarser than the step itself. */
static void test_force_history_elastic_is_hertz(void **state)
{
    (void)state;
    enum { N = 40 };
    double tau0 = 0.4 * gsl_sf_beta(0.4, 0.5);
    double tau[2 * N], expected[2 * N], force[2 * N];
    for (int j = 0; j < N; ++j) {
        double omega = (j + 0.5) / N;
        double tj = tau0 * gsl_sf_beta_inc(0.4, 0.5, pow(omega, 2.5));
        tau[j] = tj;
        tau[2 * N - 1 - j] = 2.0 * tau0 - tj;
        expected[j] = expected[2 * N - 1 - j] = 1.25 * pow(omega, 1.5);
    }
    hf_diag diag = {{0}};
    assert_int_equal(hf_hunter_force_history(0.0, NULL, 2 * N, tau, force, &diag), HF_OK);
    for (int j = 0; j < 2 * N; ++j)
        HF_ASSERT_CLOSE(force[j], expected[j], 1.25e-10, 0.0);
}

/* The history at a 1000-sample grid against the same history integrated
 * with 100 times tighter tolerances: the difference is the error of the
 * default, which must stay below 1e-9 of the peak (what a curve fit to
 * measured traces needs, far below any load cell's noise).  At ε = 0.2
 * the unloading force ends in a step (Hunter's artefact, hertzfit/maxwell.h):
 * samples straddle τ_c, so the event must cut exactly there. */
static void test_force_history_is_accurate(void **state)
{
    (void)state;
    enum { N = 1000 };
    static double tau[N], coarse[N], fine[N];
    const double eps_list[3] = {0.0, 0.05, 0.2};
    hf_hunter_options tight;
    hf_hunter_options_init(&tight);
    tight.abs_tol = tight.rel_tol = 1e-14;
    for (int e = 0; e < 3; ++e) {
        hf_hunter_result r;
        assert_int_equal(hf_hunter_simulate(eps_list[e], NULL, &r, NULL), HF_OK);
        for (int i = 0; i < N; ++i)
            tau[i] = -0.1 + (r.tau_c + 0.2) * i / (N - 1.0);
        assert_int_equal(hf_hunter_force_history(eps_list[e], NULL, N, tau, coarse, NULL), HF_OK);
        assert_int_equal(hf_hunter_force_history(eps_list[e], &tight, N, tau, fine, NULL), HF_OK);
        double peak = 0.0;
        for (int i = 0; i < N; ++i) {
            HF_ASSERT_CLOSE(coarse[i], fine[i], 1e-9 * r.force_M, 0.0);
            assert_true(coarse[i] <= r.force_M * (1.0 + 1e-10));
            if (tau[i] < 0.0 || tau[i] > r.tau_c)
                assert_true(coarse[i] == 0.0);
            peak = fmax(peak, coarse[i]);
        }
        /* the grid step is 3e-3, the force's curvature at the peak O(1): the
         * largest sample is within ~1e-5 of the peak */
        HF_ASSERT_CLOSE(peak, r.force_M, 0.0, 1e-4);
    }
}

/* Physical units: the history at t_M, t_c and around them against
 * hf_maxwell_simulate's F_M, t_M, t_c; the times are checked in seconds. */
static void test_maxwell_force_history_matches_simulate(void **state)
{
    (void)state;
    hf_maxwell_material mat = {1e7, 0.5, 300.0};
    hf_maxwell_impact imp = {0.0042, 0.005, 1.3};
    hf_maxwell_response resp;
    assert_int_equal(hf_maxwell_simulate(&mat, &imp, NULL, &resp, NULL), HF_OK);
    const double t[7] = {-1e-6, 0.0, 0.5 * resp.t_M, resp.t_M, resp.t_c * (1.0 - 1e-9),
                         resp.t_c * (1.0 + 1e-9), 2.0 * resp.t_c};
    double F[7];
    hf_diag diag = {{0}};
    assert_int_equal(hf_maxwell_force_history(&mat, &imp, NULL, 7, t, F, &diag), HF_OK);
    assert_true(F[0] == 0.0);
    HF_ASSERT_CLOSE(F[1], 0.0, 1e-12 * resp.F_M, 0.0);
    assert_true(F[2] > 0.0 && F[2] < resp.F_M);
    HF_ASSERT_CLOSE(F[3], resp.F_M, 0.0, 1e-10);
    assert_true(F[4] > 0.0);  /* Hunter's force ends in a step, O(ε²) of F_M */
    assert_true(F[5] == 0.0 && F[6] == 0.0);
    /* a fine grid: the largest sample sits next to t_M */
    enum { N = 4001 };
    static double tg[N], Fg[N];
    for (int i = 0; i < N; ++i)
        tg[i] = resp.t_c * i / (N - 1.0);
    assert_int_equal(hf_maxwell_force_history(&mat, &imp, NULL, N, tg, Fg, &diag), HF_OK);
    int imax = 0;
    for (int i = 1; i < N; ++i)
        if (Fg[i] > Fg[imax])
            imax = i;
    assert_true(fabs(tg[imax] - resp.t_M) <= resp.t_c / (N - 1.0));
    HF_ASSERT_CLOSE(Fg[imax], resp.F_M, 0.0, 1e-6);
    /* refusals name the index, in the caller's seconds */
    const double bad[4] = {0.0, 1e-5, 0.9e-5, 2e-5};
    assert_int_equal(hf_maxwell_force_history(&mat, &imp, NULL, 4, bad, F, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "t[2]"));
    const double nan_t[2] = {0.0, NAN};
    assert_int_equal(hf_maxwell_force_history(&mat, &imp, NULL, 2, nan_t, F, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "t[1] is NaN"));
    mat.eta = -1.0;
    assert_int_equal(hf_maxwell_force_history(&mat, &imp, NULL, 2, t, F, &diag), HF_EDOM);
    mat.eta = 300.0;
    assert_int_equal(hf_maxwell_force_history(&mat, &imp, NULL, 0, NULL, NULL, &diag), HF_OK);
    assert_int_equal(hf_hunter_force_history(0.1, NULL, 4, bad, F, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "time 2"));
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
        cmocka_unit_test(test_force_history_elastic_is_hertz),
        cmocka_unit_test(test_force_history_is_accurate),
        cmocka_unit_test(test_maxwell_force_history_matches_simulate),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
