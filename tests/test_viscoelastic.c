/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_viscoelastic.c — the exact viscoelastic Hertz impact
 * (hertzfit/viscoelastic.h, docs/viscoelastic.md).
 *
 * What is checked, and where each tolerance comes from:
 *  - the elastic limit against Hertz's closed forms (1e-10: the ODE runs at
 *    per-step tolerances 1e-12, and its global error is ~1e-11, see the
 *    convergence test);
 *  - self-convergence in the ODE tolerance: the error is proportional to the
 *    tolerance (slope 1 in log–log), and 1e-10 against 1e-12 agree to 1e-8;
 *  - Hunter's model (hertzfit/hunter.h) has the exact loading stage, so F_M,
 *    t_M and w_m agree to the ODE error, and its unloading approximation
 *    t₁ ≈ 2t_m − t leaves a difference in e that shrinks like ε² (and in
 *    t_c like ε³);
 *  - an independent formulation written here: Ting's equations with the
 *    hereditary integrals evaluated by quadrature over the whole history
 *    (no Prony states, no kept loading steps, no ODE solver): velocity
 *    Verlet on a uniform grid, Richardson-extrapolated; agreement to 1e-6;
 *  - a generalised Maxwell solid with two coinciding terms is the one-term
 *    solid;
 *  - the force history's time derivative (the whole-curve fit's
 *    contact-start columns) is the central difference of the force.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_gamma.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell.h"
#include "hertzfit/viscoelastic.h"
#include "hertzfit/viscoelastic_fit.h"
#include "models/maxwell_model.h"
#include "models/viscoelastic_internal.h"

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    return 0;
}

static void solve(const hf_prony *p, double tol, hf_viscoelastic_result *r)
{
    hf_viscoelastic_options o;
    hf_viscoelastic_options_init(&o);
    if (tol > 0.0)
        o.abs_tol = o.rel_tol = tol;
    hf_diag diag = {{0}};
    hf_status st = hf_viscoelastic_solve(p, &o, r, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);
}

/* Hertz: (1/2)ω'² + (1/2)ω^{5/2} = 1/2, so τ_m⁰ = ∫₀¹ (1 − ω^{5/2})^{−1/2} dω
 * = (2/5) B(2/5, 1/2); t_c = 2τ_m⁰, t_M = τ_m⁰, F_M = 5/4, ω_m = 1, e = 1. */
static void check_hertz(const hf_prony *p)
{
    hf_viscoelastic_result r;
    solve(p, 0.0, &r);
    const double tau_m0 = 0.4 * gsl_sf_beta(0.4, 0.5);
    HF_ASSERT_CLOSE(r.tau_m, tau_m0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.tau_M, tau_m0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.tau_c, 2.0 * tau_m0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.force_M, 1.25, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.omega_m, 1.0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.e, 1.0, 0.0, 1e-10);
    HF_ASSERT_CLOSE(r.omega_c, 0.0, 1e-10, 0.0);
}

static void test_elastic_limit_is_hertz(void **state)
{
    (void)state;
    hf_prony p = {1.0, 0, {0}, {0}};
    check_hertz(&p);
    /* Prony terms that never relax (rate 0) are elastic too, but go through
     * every state and the t₁ search */
    hf_prony q = {0.2, 3, {0.5, 0.2, 0.1}, {0.0, 0.0, 0.0}};
    check_hertz(&q);
    hf_prony_maxwell(0.0, &q);
    check_hertz(&q);
}

/* The error against a 1e-13 reference is proportional to the tolerance
 * (GSL's rk8pd with per-step error control: the global error follows the
 * local one); measured slope 1.00 over 1e-8…1e-11 for this material, with
 * error/tol between 0.3 and 0.9; the slope is asserted within [0.85, 1.15]
 * over two decades.  At 1e-10 against 1e-12 the relative change must be
 * below 1e-8 (the brief's self-convergence claim), it is ~1e-10. */
static void test_self_convergence(void **state)
{
    (void)state;
    hf_prony p;
    hf_prony_sls(0.6, 0.5, &p);
    hf_viscoelastic_result ref, r8, r10, r12;
    solve(&p, 1e-13, &ref);
    solve(&p, 1e-8, &r8);
    solve(&p, 1e-10, &r10);
    solve(&p, 1e-12, &r12);
    const double q_ref[5] = {ref.tau_c, ref.tau_M, ref.force_M, ref.omega_m, ref.e};
    const double q8[5] = {r8.tau_c, r8.tau_M, r8.force_M, r8.omega_m, r8.e};
    const double q10[5] = {r10.tau_c, r10.tau_M, r10.force_M, r10.omega_m, r10.e};
    const double q12[5] = {r12.tau_c, r12.tau_M, r12.force_M, r12.omega_m, r12.e};
    for (int j = 0; j < 5; ++j) {
        HF_ASSERT_CLOSE(q10[j], q12[j], 0.0, 1e-8);
        double e8 = fabs(q8[j] / q_ref[j] - 1.0), e10 = fabs(q10[j] / q_ref[j] - 1.0);
        double slope = log10(e8 / e10) / 2.0;
        if (!(slope > 0.85 && slope < 1.15)) {
            print_error("quantity %d: error %.3g at 1e-8, %.3g at 1e-10: slope %.3f\n", j,
                        e8, e10, slope);
            fail();
        }
    }
    assert_true(r12.steps > r8.steps);
}

/* Relative differences |exact/Hunter − 1| of (e, t_c, F_M, t_M, w_m). */
static void hunter_difference(double eps, double d[5])
{
    hf_prony p;
    hf_prony_maxwell(eps, &p);
    hf_viscoelastic_result r;
    solve(&p, 0.0, &r);
    hf_hunter_result h;
    assert_int_equal(hf_hunter_simulate(eps, NULL, &h, NULL), HF_OK);
    d[0] = fabs(r.e / h.e - 1.0);
    d[1] = fabs(r.tau_c / h.tau_c - 1.0);
    d[2] = fabs(r.force_M / h.force_M - 1.0);
    d[3] = fabs(r.tau_M / h.tau_M - 1.0);
    d[4] = fabs(r.omega_m / h.omega_m - 1.0);
}

/* Hunter's loading is Lee–Radok's exact Eq. 24, the same equation as here:
 * F_M, t_M, w_m agree to the two ODE errors (~1e-11; asserted 1e-9).  His
 * unloading replaces t₁(t) by 2t_m − t; the exact t₁ differs from it at
 * O(ε), and the rebound speed then at O(ε²): the log–log slope of the e
 * difference between ε = 0.005 and 0.04 is 1.98–2.00 (asserted [1.9, 2.1]),
 * and its coefficient ~0.9 ε².  t_c differs only at O(ε³) (slope 2.9–3.0;
 * asserted [2.8, 3.2]): its first-order term is the same in both. */
static void test_hunter_agrees_to_eps_squared(void **state)
{
    (void)state;
    double a[5], b[5];
    hunter_difference(0.005, a);
    hunter_difference(0.04, b);
    const double span = log(0.04 / 0.005);
    double slope_e = log(b[0] / a[0]) / span, slope_tc = log(b[1] / a[1]) / span;
    print_message("slope of the e difference %.4f, of the t_c difference %.4f\n", slope_e,
                  slope_tc);
    assert_true(slope_e > 1.9 && slope_e < 2.1);
    assert_true(slope_tc > 2.8 && slope_tc < 3.2);
    HF_ASSERT_CLOSE(b[0] / (0.04 * 0.04), 0.9, 0.15, 0.0);
    for (int j = 2; j < 5; ++j) {
        HF_ASSERT_CLOSE(a[j], 0.0, 1e-9, 0.0);
        HF_ASSERT_CLOSE(b[j], 0.0, 1e-9, 0.0);
    }
}

/* ---- the independent formulation: Ting by quadrature on a uniform grid ----
 *
 * G is evaluated as a function (g∞ + Σ gᵢ e^{−λᵢ t}), never through its
 * Prony structure: every hereditary integral is a sum over the whole history.
 * Velocity Verlet, ω'' = −F:
 *   loading    F(τ) = (5/4) ∫₀^τ G(τ − τ') d(ω^{3/2})(τ'),
 *   unloading  s with ∫_s^τ G(τ − τ') dω(τ') = 0, F = (5/4) ∫₀^s G(τ − τ') d(ω^{3/2}),
 * Stieltjes trapezoid sums; inside the cell holding s, ω(s) by cubic
 * interpolation of the grid values and s by GSL's Brent solver.  The contact
 * ends when Q(0, τ) = ∫₀^τ G dω falls through 0; τ_c by the cubic through
 * the four grid values around the crossing, e the velocity after it.
 * Error: O(h²) from Verlet and the trapezoid sums (a smooth expansion), then
 * O(h^{5/2}) from the t^{3/2} start of ω^{3/2} and the (τ_c − τ)^{3/2} end of
 * the force; one Richardson step removes h², leaving ~1e-7 at h = 1e-3. */

typedef struct grid_run {
    const hf_prony *p;
    size_t n, cap;
    double h;
    double *w, *v, *A, *G;   /* ω, ω', ω^{3/2} at τ_k; G at lags k h */
    double *suffix, *prefix; /* Q(τ_j, τ) and ∫₀^{τ_j} G dA for the current τ */
    size_t peak;             /* index of the largest ω (end of loading) */
} grid_run;

static double relax(const hf_prony *p, double t)
{
    double g = p->g_inf;
    for (size_t i = 0; i < p->n; ++i)
        g += p->g[i] * exp(-p->rate[i] * t);
    return g;
}

/* Cubic through the grid values f[j-1 .. j+2] (shifted at the ends), at τ. */
static double cubic(const double *f, size_t len, double h, double tau)
{
    size_t j = (size_t)(tau / h);
    size_t a = j >= 1 ? j - 1 : 0;
    if (a + 3 >= len)
        a = len - 4;
    double x = tau / h - (double)a, r = 0.0;
    for (int i = 0; i < 4; ++i) {
        double l = 1.0;
        for (int k = 0; k < 4; ++k)
            if (k != i)
                l *= (x - k) / (double)(i - k);
        r += l * f[a + i];
    }
    return r;
}

typedef struct cell_ctx {
    grid_run *g;
    size_t j, n;   /* s in [τ_j, τ_{j+1}], current time τ_n */
} cell_ctx;

/* Q(s, τ_n) for s in cell j: the suffix from τ_{j+1} plus the partial cell. */
static double cell_edge(double s, void *params)
{
    cell_ctx *c = params;
    grid_run *g = c->g;
    double tau = (double)c->n * g->h, ws = cubic(g->w, c->n + 1, g->h, s);
    return g->suffix[c->j + 1] +
           0.5 * (relax(g->p, tau - s) + g->G[c->n - c->j - 1]) * (g->w[c->j + 1] - ws);
}

/* F at τ_n (ω known up to n); *in_contact 0 when Q(0, τ_n) <= 0. */
static double grid_force(grid_run *g, size_t n, int *in_contact)
{
    *in_contact = 1;
    if (n == 0)
        return 0.0;
    if (g->w[n] >= g->w[n - 1] && g->peak + 1 == n) {   /* still loading */
        g->peak = n;
        double f = 0.0;
        for (size_t k = 0; k < n; ++k)
            f += 0.5 * (g->G[n - k] + g->G[n - k - 1]) * (g->A[k + 1] - g->A[k]);
        return 1.25 * f;
    }
    g->suffix[n] = 0.0;
    for (size_t k = n; k-- > 0;)
        g->suffix[k] = g->suffix[k + 1] + 0.5 * (g->G[n - k] + g->G[n - k - 1]) *
                                              (g->w[k + 1] - g->w[k]);
    if (!(g->suffix[0] > 0.0)) {
        *in_contact = 0;
        return 0.0;
    }
    size_t j = 0;   /* suffix decreases on [0, peak]: its last positive entry */
    while (j + 1 <= g->peak && g->suffix[j + 1] > 0.0)
        ++j;
    if (j >= g->peak)
        j = g->peak - 1;
    cell_ctx c = {g, j, n};
    double lo = (double)j * g->h, hi = (double)(j + 1) * g->h, s = hi;
    gsl_function fn = {cell_edge, &c};
    if (cell_edge(lo, &c) > 0.0 && cell_edge(hi, &c) < 0.0) {
        gsl_root_fsolver *solver = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
        gsl_root_fsolver_set(solver, &fn, lo, hi);
        for (int it = 0; it < 100; ++it) {
            gsl_root_fsolver_iterate(solver);
            s = gsl_root_fsolver_root(solver);
            if (gsl_root_test_interval(gsl_root_fsolver_x_lower(solver),
                                       gsl_root_fsolver_x_upper(solver), 1e-15, 0.0) ==
                GSL_SUCCESS)
                break;
        }
        gsl_root_fsolver_free(solver);
    } else if (cell_edge(lo, &c) <= 0.0) {
        s = lo;
    }
    double tau = (double)n * g->h, ws = cubic(g->w, n + 1, g->h, s);
    double f = 0.0;
    for (size_t k = 0; k < j; ++k)
        f += 0.5 * (g->G[n - k] + g->G[n - k - 1]) * (g->A[k + 1] - g->A[k]);
    f += 0.5 * (g->G[n - j] + relax(g->p, tau - s)) * (ws * sqrt(ws) - g->A[j]);
    return 1.25 * f;
}

typedef struct grid_result {
    double tau_c, e, force_M, tau_M, omega_m;
} grid_result;

/* Parabola through (−1, a), (0, b), (1, c): offset and value of its vertex. */
static void vertex(double a, double b, double c, double *x, double *y)
{
    double den = a - 2.0 * b + c;
    *x = 0.5 * (a - c) / den;
    *y = b - 0.25 * (a - c) * *x;
}

static void grid_solve(const hf_prony *p, double h, grid_result *out)
{
    grid_run g = {p, 0, (size_t)(20.0 / h), h, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    const size_t cap = g.cap;
    g.w = calloc(cap, sizeof(double));
    g.v = calloc(cap, sizeof(double));
    g.A = calloc(cap, sizeof(double));
    g.G = calloc(cap, sizeof(double));
    g.suffix = calloc(cap, sizeof(double));
    double *F = calloc(cap, sizeof(double)), *Q0 = calloc(cap, sizeof(double));
    assert_non_null(g.w && g.v && g.A && g.G && g.suffix && F && Q0);
    for (size_t k = 0; k < cap; ++k)
        g.G[k] = relax(p, (double)k * h);
    g.v[0] = 1.0;
    size_t n = 0, end = 0;
    for (; n + 1 < cap; ++n) {
        double vh = g.v[n] - 0.5 * h * F[n];
        g.w[n + 1] = g.w[n] + h * vh;
        g.A[n + 1] = g.w[n + 1] > 0.0 ? g.w[n + 1] * sqrt(g.w[n + 1]) : 0.0;
        int contact;
        F[n + 1] = grid_force(&g, n + 1, &contact);
        g.v[n + 1] = vh - 0.5 * h * F[n + 1];
        Q0[n + 1] = g.suffix[0];
        if (!contact) {
            if (end == 0)
                end = n + 1;
            else if (n + 1 >= end + 2)
                break;
        }
    }
    assert_true(end > 3 && n + 1 < cap);
    /* τ_c: the root of the cubic through Q(0, τ) at end−2 .. end+1 */
    double lo = (double)(end - 1) * h, hi = (double)end * h;
    for (int it = 0; it < 200; ++it) {
        double mid = 0.5 * (lo + hi);
        if (cubic(Q0 + end - 2, 4, h, mid - (double)(end - 2) * h) > 0.0)
            lo = mid;
        else
            hi = mid;
    }
    out->tau_c = 0.5 * (lo + hi);
    out->e = -g.v[end + 1];
    size_t kf = 1, kw = 1;
    for (size_t k = 1; k < end; ++k) {
        if (F[k] > F[kf]) kf = k;
        if (g.w[k] > g.w[kw]) kw = k;
    }
    double x, y;
    vertex(F[kf - 1], F[kf], F[kf + 1], &x, &y);
    out->tau_M = ((double)kf + x) * h;
    out->force_M = y;
    vertex(g.w[kw - 1], g.w[kw], g.w[kw + 1], &x, &y);
    out->omega_m = y;
    free(g.w); free(g.v); free(g.A); free(g.G); free(g.suffix); free(F); free(Q0);
}

static void check_against_quadrature(const hf_prony *p)
{
    hf_viscoelastic_result r;
    solve(p, 0.0, &r);
    grid_result c, f;
    grid_solve(p, 2e-3, &c);
    grid_solve(p, 1e-3, &f);
    const double ode[5] = {r.tau_c, r.e, r.force_M, r.tau_M, r.omega_m};
    const double coarse[5] = {c.tau_c, c.e, c.force_M, c.tau_M, c.omega_m};
    const double fine[5] = {f.tau_c, f.e, f.force_M, f.tau_M, f.omega_m};
    static const char *const names[5] = {"tau_c", "e", "F_M", "tau_M", "omega_m"};
    for (int j = 0; j < 5; ++j) {
        double extrapolated = (4.0 * fine[j] - coarse[j]) / 3.0;
        print_message("%-8s ODE %.12f  quadrature h=1e-3 %.12f  Richardson %.12f  diff %.2e\n",
                      names[j], ode[j], fine[j], extrapolated,
                      fabs(extrapolated / ode[j] - 1.0));
        HF_ASSERT_CLOSE(extrapolated, ode[j], 0.0, 1e-6);
    }
}

static void test_independent_quadrature_formulation(void **state)
{
    (void)state;
    hf_prony p;
    hf_prony_maxwell(0.3, &p);
    check_against_quadrature(&p);
    hf_prony_sls(0.5, 0.8, &p);
    check_against_quadrature(&p);
    hf_prony q = {0.3, 3, {0.4, 0.2, 0.1}, {0.05, 0.6, 4.0}};
    check_against_quadrature(&q);
}

/* Two terms with one rate are one term of their summed weight: the states
 * differ (two Aᵢ, Hᵢ instead of one), so the adaptive steps differ and the
 * results agree to the ODE error (~1e-11; asserted 1e-9). */
static void test_coinciding_terms_reduce_to_one(void **state)
{
    (void)state;
    hf_prony two = {0.5, 2, {0.3, 0.2}, {0.7, 0.7}};
    hf_prony one = {0.5, 1, {0.5}, {0.7}};
    hf_viscoelastic_result a, b;
    solve(&two, 0.0, &a);
    solve(&one, 0.0, &b);
    HF_ASSERT_CLOSE(a.tau_c, b.tau_c, 0.0, 1e-9);
    HF_ASSERT_CLOSE(a.tau_M, b.tau_M, 0.0, 1e-9);
    HF_ASSERT_CLOSE(a.force_M, b.force_M, 0.0, 1e-9);
    HF_ASSERT_CLOSE(a.omega_m, b.omega_m, 0.0, 1e-9);
    HF_ASSERT_CLOSE(a.e, b.e, 0.0, 1e-9);
    HF_ASSERT_CLOSE(a.eps, b.eps, 0.0, 1e-15);
    HF_ASSERT_CLOSE(hf_prony_initial_rate(&two), 0.35, 0.0, 1e-15);
}

/* The force history: its value at τ_M is the peak, it is continuous through
 * τ_m (Lee–Radok's force equals Ting's at t₁ = t), it never exceeds the peak,
 * and it is 0 after τ_c; the approach ends on the free flight. */
static void test_force_history(void **state)
{
    (void)state;
    hf_prony p;
    hf_prony_sls(0.7, 0.9, &p);
    hf_viscoelastic_result r;
    solve(&p, 0.0, &r);
    enum { N = 401 };
    double tau[N], F[N], w[N];
    for (int i = 0; i < N; ++i)
        tau[i] = -0.1 + (r.tau_c + 0.3) * i / (N - 1.0);
    assert_int_equal(hf_viscoelastic_history(&p, NULL, N, tau, F, w, NULL), HF_OK);
    for (int i = 0; i < N; ++i) {
        assert_true(F[i] <= r.force_M * (1.0 + 1e-12));
        if (tau[i] <= 0.0 || tau[i] > r.tau_c) {
            HF_ASSERT_CLOSE(F[i], 0.0, 0.0, 0.0);
        } else {
            assert_true(F[i] > 0.0);
        }
        if (tau[i] > r.tau_c)
            HF_ASSERT_CLOSE(w[i], r.omega_c + r.v_c * (tau[i] - r.tau_c), 1e-12, 0.0);
    }
    const double at[3] = {r.tau_M, r.tau_m * (1.0 - 1e-9), r.tau_m * (1.0 + 1e-9)};
    double f3[3];
    assert_int_equal(hf_viscoelastic_history(&p, NULL, 3, at, f3, NULL, NULL), HF_OK);
    HF_ASSERT_CLOSE(f3[0], r.force_M, 0.0, 1e-10);
    HF_ASSERT_CLOSE(f3[1], f3[2], 0.0, 1e-7);
}

/* The physical-unit call is the dimensionless one at λ = η w_m⁰/V0, and
 * Maxwell's ε is hf_maxwell_simulate's. */
static void test_physical_units(void **state)
{
    (void)state;
    hf_maxwell_impact imp = {0.05, 0.01, 2.0};
    hf_viscoelastic_material mat = {1e6, 0.45, {0.0, 0, {0}, {0}}};
    hf_prony_maxwell(400.0, &mat.relax);
    hf_maxwell_response r, h;
    assert_int_equal(hf_viscoelastic_simulate(&mat, &imp, NULL, &r, NULL), HF_OK);
    hf_maxwell_material mm = {1e6, 0.45, 400.0};
    assert_int_equal(hf_maxwell_simulate(&mm, &imp, NULL, &h, NULL), HF_OK);
    HF_ASSERT_CLOSE(r.eps, h.eps, 0.0, 1e-14);
    HF_ASSERT_CLOSE(r.F_M, h.F_M, 0.0, 1e-9);
    HF_ASSERT_CLOSE(r.t_M, h.t_M, 0.0, 1e-9);
    HF_ASSERT_CLOSE(r.w_m, h.w_m, 0.0, 1e-9);
    assert_true(r.e < h.e);   /* Hunter overestimates e (the ε² term) */
    double t = 0.5 * r.t_M, F;
    assert_int_equal(hf_viscoelastic_force_history(&mat, &imp, NULL, 1, &t, &F, NULL), HF_OK);
    assert_true(F > 0.0 && F < r.F_M);
}

/* dF/dt of hf_viscoelastic_force_slope_history against the central
 * difference (F(t + h) − F(t − h))/2h of the force itself, in loading and
 * unloading, for an SLS and a two-term solid.  The difference's error is
 * h²|F'''|/6 + tol·F_M/h relative to max|F'| ~ F_M/t_c: with h = 2e-5 t_c
 * and tol 1e-12, about 2e-8 (F''' ~ (2π)³F_M/t_c³ of a half sine) + 5e-8;
 * measured 2e-8, and 5e-7 at h = 1e-4 t_c (the h² of the difference, not
 * an error of the derivative).  Asserted: 2e-7.  The points stay 0.02 t_c
 * clear of the contact's ends, where F ~ (t − t0)^{3/2} has no third
 * derivative. */
static void test_force_slope_is_the_derivative(void **state)
{
    (void)state;
    hf_maxwell_impact imp = {0.05, 0.01, 2.0};
    hf_viscoelastic_material mat = {1e6, 0.45, {0.0, 0, {0}, {0}}};
    for (int kind = 0; kind < 2; ++kind) {
        if (kind == 0) {
            hf_prony_sls(0.5, 800.0, &mat.relax);
        } else {
            mat.relax.g_inf = 0.3;
            mat.relax.n = 2;
            mat.relax.g[0] = 0.4;
            mat.relax.rate[0] = 100.0;
            mat.relax.g[1] = 0.3;
            mat.relax.rate[1] = 3000.0;
        }
        hf_maxwell_response r;
        assert_int_equal(hf_viscoelastic_simulate(&mat, &imp, NULL, &r, NULL), HF_OK);
        enum { POINTS = 49 };
        double h = 2e-5 * r.t_c, t[3 * POINTS], F[3 * POINTS], dF[3 * POINTS];
        for (size_t k = 0; k < POINTS; ++k) {
            double at = r.t_c * (0.02 + 0.96 * (double)k / (POINTS - 1));
            t[3 * k] = at - h;
            t[3 * k + 1] = at;
            t[3 * k + 2] = at + h;
        }
        assert_int_equal(hf_viscoelastic_force_slope_history(&mat, &imp, NULL, 3 * POINTS, t,
                                                             F, dF, NULL), HF_OK);
        double top = 0.0, worst = 0.0;
        for (size_t k = 0; k < POINTS; ++k)
            top = fmax(top, fabs(dF[3 * k + 1]));
        for (size_t k = 0; k < POINTS; ++k) {
            double diff = (F[3 * k + 2] - F[3 * k]) / (2.0 * h);
            worst = fmax(worst, fabs(dF[3 * k + 1] - diff) / top);
        }
        printf("kind %d: dF/dt against the central difference, worst %.2e of max|F'|\n", kind,
               worst);
        assert_true(worst < 2e-7);
    }
}

/* Relaxation much faster than the impact (λ = ε/α ≫ 1) leaves an elastic
 * solid of modulus G∞ = (1 − α)G(0) for all but a time ~1/λ at the start:
 * Hertz's t_c ∝ G^{−2/5}, F_M ∝ G^{2/5}, so t_c/t_c⁰ → (1 − α)^{−2/5} and
 * F_M/F_M⁰ → (1 − α)^{2/5}, the gap O(1/λ) (measured: 1.5/λ for t_c,
 * 0.65/λ for F_M at α = 0.5).  Asserted: the gap below 3/λ at λ = 300 and
 * 1000, and shrinking by 2.5…4.5 from one to the other (1/λ: 3.33). */
static void test_fast_relaxation_is_the_relaxed_elastic_solid(void **state)
{
    (void)state;
    const double alpha = 0.5, tau_m0 = 0.4 * gsl_sf_beta(0.4, 0.5);
    double gap_tc[2], gap_fm[2];
    const double lambda[2] = {300.0, 1000.0};
    for (int i = 0; i < 2; ++i) {
        hf_prony p;
        hf_prony_sls(alpha, lambda[i], &p);
        hf_viscoelastic_result r;
        solve(&p, 0.0, &r);
        gap_tc[i] = fabs(r.tau_c / (2.0 * tau_m0) / pow(1.0 - alpha, -0.4) - 1.0);
        gap_fm[i] = fabs(r.force_M / 1.25 / pow(1.0 - alpha, 0.4) - 1.0);
        assert_true(gap_tc[i] < 3.0 / lambda[i]);
        assert_true(gap_fm[i] < 3.0 / lambda[i]);
    }
    assert_true(gap_tc[0] / gap_tc[1] > 2.5 && gap_tc[0] / gap_tc[1] < 4.5);
    assert_true(gap_fm[0] / gap_fm[1] > 2.5 && gap_fm[0] / gap_fm[1] < 4.5);
}

/* The crossing t_c = t_c⁰ that hf_viscoelastic_longer_contact reports is
 * one: the exact t_c equals t_c⁰ there (to the Brent tolerance 1e-10 in ε
 * times the slope, and the ODE error) and is shorter just below it. */
static void test_longer_contact_is_a_crossing(void **state)
{
    (void)state;
    const double tau_m0 = 0.4 * gsl_sf_beta(0.4, 0.5);
    double eps;
    int found;
    assert_int_equal(hf_viscoelastic_longer_contact(0.5, &eps, &found, NULL), HF_OK);
    assert_true(found && eps > 0.01);
    hf_prony p;
    hf_viscoelastic_result r;
    hf_prony_sls(0.5, eps / 0.5, &p);
    solve(&p, 0.0, &r);
    HF_ASSERT_CLOSE(r.tau_c / (2.0 * tau_m0), 1.0, 1e-9, 0.0);
    hf_prony_sls(0.5, (eps - 0.01) / 0.5, &p);
    solve(&p, 0.0, &r);
    assert_true(r.tau_c < 2.0 * tau_m0);
}

/* Synthetic data from the exact model: without noise the table is the
 * simulation's (bit for bit: the same call); the trace's largest sample is
 * F_M to the sampling (1 µs steps against t_M ≈ 2 ms: the peak's curvature
 * moves the nearest sample by < 1e-6 of F_M; asserted 1e-5) at the sample
 * nearest pre + t_M, and the record is 0 after the contact. */
static void test_synthetic_data_and_trace(void **state)
{
    (void)state;
    hf_viscoelastic_material mat = {1e6, 0.45, {0.0, 0, {0}, {0}}};
    hf_prony_sls(0.5, 400.0, &mat.relax);
    hf_maxwell_data *d = NULL;
    assert_int_equal(hf_maxwell_data_alloc(2, 0, &d, NULL), HF_OK);
    d->impact[0] = (hf_maxwell_impact){0.05, 0.01, 1.0};
    d->impact[1] = (hf_maxwell_impact){0.05, 0.01, 2.0};
    hf_maxwell_response syn[2], one;
    assert_int_equal(hf_viscoelastic_synthesize(&mat, d, 0.0, 0, syn, NULL), HF_OK);
    assert_int_equal(hf_viscoelastic_simulate(&mat, &d->impact[1], NULL, &one, NULL), HF_OK);
    assert_memory_equal(&syn[1], &one, sizeof one);
    hf_maxwell_trace_options o;
    hf_maxwell_trace_options_init(&o);
    o.rate = 1e6;
    hf_maxwell_trace *tr = NULL;
    assert_int_equal(hf_viscoelastic_trace_synthesize(&mat, &d->impact[1], &o, &tr, NULL),
                     HF_OK);
    size_t kmax = 0;
    for (size_t k = 0; k < tr->n; ++k) {
        if (tr->F[k] > tr->F[kmax])
            kmax = k;
        if (tr->t[k] > o.pre + one.t_c + 1e-9)
            HF_ASSERT_CLOSE(tr->F[k], 0.0, 0.0, 0.0);
    }
    HF_ASSERT_CLOSE(tr->F[kmax], one.F_M, 0.0, 1e-5);
    HF_ASSERT_CLOSE(tr->t[kmax], o.pre + one.t_M, 1.0 / o.rate, 0.0);
    hf_maxwell_trace_free(tr);
    hf_maxwell_data_free(d);
}

/* The program: `viscoelastic simulate --csv` prints the library's numbers
 * (%.17g, so exactly), and `maxwell simulate --exact --trace` writes the
 * exact force history of a standard linear solid (which Hunter's --trace
 * refuses), its largest sample within the 10 µs sampling of F_M (the
 * peak's curvature over half a sample: < 1e-3 of F_M). */
static void test_program(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli("viscoelastic simulate --mu0 1e6 --nu 0.45 --eta 40,400 "
                                 "--weight 0.3,0.3 --m 0.05 --R 0.01 --v0 2 --csv", &out, NULL),
                     0);
    hf_viscoelastic_material mat = {1e6, 0.45, {0.4, 2, {0.3, 0.3}, {40.0, 400.0}}};
    const hf_maxwell_impact imp = {0.05, 0.01, 2.0};
    hf_maxwell_response r;
    assert_int_equal(hf_viscoelastic_simulate(&mat, &imp, NULL, &r, NULL), HF_OK);
    double v[6];
    const char *row = strchr(out, '\n');
    assert_non_null(row);
    assert_int_equal(sscanf(row + 1, "%lf,%lf,%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2], &v[3],
                            &v[4], &v[5]), 6);
    const double want[6] = {r.F_M, r.t_M, r.t_c, r.e, r.eps, r.w_m};
    for (int j = 0; j < 6; ++j)
        HF_ASSERT_CLOSE(v[j], want[j], 0.0, 0.0);
    free(out);

    char cmd[1400];
    const char *path = hf_test_tmp_path("exact-sls-trace.csv");
    snprintf(cmd, sizeof cmd, "maxwell simulate --mu0 1e6 --nu 0.45 --eta 400 --alpha 0.5 "
             "--m 0.05 --R 0.01 --v0 2 --exact --trace '%s' --csv", path);
    out = NULL;
    assert_int_equal(hf_test_cli_table(cmd, &out, NULL), 0);
    double F_M;
    row = strchr(out, '\n');
    assert_non_null(row);
    assert_int_equal(sscanf(row + 1, "%lf", &F_M), 1);
    free(out);
    hf_prony_sls(0.5, 400.0, &mat.relax);
    assert_int_equal(hf_viscoelastic_simulate(&mat, &imp, NULL, &r, NULL), HF_OK);
    HF_ASSERT_CLOSE(F_M, r.F_M, 0.0, 0.0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    double peak = 0.0;
    int header = 0;
    while (fgets(line, sizeof line, f)) {
        double t, F;
        if (strncmp(line, "t_s,F_N", 7) == 0)
            header = 1;
        else if (line[0] != '#' && sscanf(line, "%lf,%lf", &t, &F) == 2 && F > peak)
            peak = F;
    }
    fclose(f);
    assert_true(header);
    HF_ASSERT_CLOSE(peak, r.F_M, 0.0, 1e-3);
}

static void test_bad_spectra_are_refused(void **state)
{
    (void)state;
    hf_viscoelastic_result r;
    hf_diag diag = {{0}};
    hf_prony p = {0.5, 1, {0.4}, {1.0}};   /* sums to 0.9 */
    assert_int_equal(hf_viscoelastic_solve(&p, NULL, &r, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "sum"));
    assert_int_equal(hf_prony_check(&p, NULL), HF_EDOM);
    hf_prony ok = {0.25, 2, {0.5, 0.25}, {1.0, 0.0}};
    assert_int_equal(hf_prony_check(&ok, NULL), HF_OK);
    hf_prony q = {0.5, 1, {0.5}, {-1.0}};
    assert_int_equal(hf_viscoelastic_solve(&q, NULL, &r, &diag), HF_EDOM);
    hf_prony t = {0.0, 11, {0}, {0}};
    assert_int_equal(hf_viscoelastic_solve(&t, NULL, &r, &diag), HF_EDOM);
    hf_prony u = {0.0, 1, {1.0}, {NAN}};
    assert_int_equal(hf_viscoelastic_solve(&u, NULL, &r, &diag), HF_EDOM);
    hf_prony_maxwell(2e4, &u);
    assert_int_equal(hf_viscoelastic_solve(&u, NULL, &r, &diag), HF_EDOM);
    hf_viscoelastic_material mat = {-1.0, 0.3, {0.0, 0, {0}, {0}}};
    hf_prony_maxwell(1.0, &mat.relax);
    hf_maxwell_impact imp = {1.0, 1.0, 1.0};
    hf_maxwell_response out;
    assert_int_equal(hf_viscoelastic_simulate(&mat, &imp, NULL, &out, &diag), HF_EDOM);
    assert_int_equal(hf_viscoelastic_material_check(&mat, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "mu0"));
    mat.mu0 = 1e6;
    mat.nu = 0.6;
    assert_int_equal(hf_viscoelastic_material_check(&mat, &diag), HF_EDOM);
    mat.nu = 0.3;
    assert_int_equal(hf_viscoelastic_material_check(&mat, &diag), HF_OK);
    double tau[2] = {1.0, 0.5}, F[2];
    assert_int_equal(hf_viscoelastic_history(&p, NULL, 2, tau, F, NULL, &diag), HF_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elastic_limit_is_hertz),
        cmocka_unit_test(test_self_convergence),
        cmocka_unit_test(test_hunter_agrees_to_eps_squared),
        cmocka_unit_test(test_independent_quadrature_formulation),
        cmocka_unit_test(test_coinciding_terms_reduce_to_one),
        cmocka_unit_test(test_force_history),
        cmocka_unit_test(test_physical_units),
        cmocka_unit_test(test_force_slope_is_the_derivative),
        cmocka_unit_test(test_fast_relaxation_is_the_relaxed_elastic_solid),
        cmocka_unit_test(test_longer_contact_is_a_crossing),
        cmocka_unit_test(test_synthetic_data_and_trace),
        cmocka_unit_test(test_program),
        cmocka_unit_test(test_bad_spectra_are_refused),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
