/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_examples.c — the papers' worked examples (hertzfit/examples.h)
 * against what the papers say about them, and against physics the
 * simulation does not use directly (energy, Eq. 20/51, Coulomb's stick
 * threshold), and through "hertzfit example".
 */
#include "hf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/damping.h"
#include "hertzfit/examples.h"

#include <gsl/gsl_math.h>   /* M_PI */

static hf_example *run(const hf_example_config *c)
{
    hf_example *ex = NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_example_alloc(c, &ex, &diag);
    if (st != HF_OK)
        print_error("hf_example_alloc: %s\n", diag.text);
    assert_int_equal(st, HF_OK);
    return ex;
}

static hf_example *pendulums(int piecewise, hf_impact_model model)
{
    hf_example_config c;
    hf_example_config_init(&c, HF_EXAMPLE_PENDULUMS);
    c.piecewise = piecewise;
    c.model = model;
    return run(&c);
}

static const hf_impact_model linear = {HF_IMPACT_LINEAR_DAMPER, HF_DAMPING_COUNT};
/* Hunt–Crossley with the damping of Eq. 16 of Poursina & Nikravesh,
 * μ = 8k(1 − e)/(5 e δ̇⁻): the catalogue's Flores et al. model. */
static const hf_impact_model eq16 = {HF_IMPACT_HUNT_CROSSLEY, HF_DAMPING_FLORES};

/* §6: "the system experiences three impacts during an 8-second
 * simulation", for each of the three methods of Fig. 11 (a count: exact). */
static void test_pendulums_three_impacts(void **state)
{
    (void)state;
    for (int k = 0; k < 3; ++k) {
        hf_example *ex = pendulums(k == 0, k == 2 ? eq16 : linear);
        const hf_example_impact *im;
        assert_int_equal(hf_example_impacts(ex, &im), 3);
        hf_example_free(ex);
    }
}

/* Before the first impact each rod swings freely: its energy
 * ½ I θ̇² − m g (L/2) cos θ at the impact equals the energy at rest at the
 * start.  The tolerance 1e-7 J is the integration's: relative per-step
 * tolerance 1e-10 over ~1e3 steps on energies of ~10 J. */
static void test_pendulums_energy_before_impact(void **state)
{
    (void)state;
    hf_example *ex = pendulums(1, linear);
    const hf_example_impact *im;
    hf_example_impacts(ex, &im);
    const double m[2] = {HF_PENDULUM_M1, HF_PENDULUM_M2}, len[2] = {HF_PENDULUM_L1,
                                                                   HF_PENDULUM_L2};
    const double theta0[2] = {M_PI / 12.0, -M_PI / 2.0};
    size_t rows;
    const double *s = hf_example_series(ex, &rows);
    const double *at = NULL;   /* the series row at the first impact, before it */
    for (size_t i = 0; i < rows && at == NULL; ++i)
        if (s[7 * i] == im[0].t_start)
            at = s + 7 * i;
    assert_non_null(at);
    for (int k = 0; k < 2; ++k) {
        double inertia = m[k] * len[k] * len[k] / 3.0;
        double arm = m[k] * HF_EXAMPLE_GRAVITY * len[k] / 2.0;
        double e0 = -arm * cos(theta0[k]);
        double e1 = 0.5 * inertia * at[3 + k] * at[3 + k] - arm * cos(at[1 + k]);
        HF_ASSERT_CLOSE(e1, e0, 1e-7, 0.0);
        HF_ASSERT_CLOSE(at[3 + k], im[0].qdot_before[k], 0.0, 0.0);
    }
    hf_example_free(ex);
}

/* The piecewise method's impulse gives δ̇⁺ = −e δ̇⁻ exactly (rounding). */
static void test_pendulums_piecewise_restitution(void **state)
{
    (void)state;
    hf_example *ex = pendulums(1, linear);
    const hf_example_impact *im;
    size_t n = hf_example_impacts(ex, &im);
    for (size_t i = 0; i < n; ++i)
        HF_ASSERT_CLOSE(im[i].separation_speed / im[i].approach_speed,
                        HF_PENDULUM_RESTITUTION, 1e-14, 0.0);
    hf_example_free(ex);
}

/* The post-impact velocities of Eq. 50 (linear damper, c_opt) against the
 * piecewise method's, impact by impact.  c_opt reproduces e exactly for an
 * isolated contact, so what separates them is what the contact's duration
 * t_c lets act besides the contact force: gravity, whose angular
 * acceleration (3g/2L_i)|sin θ_i| changes θ̇_i by at most that times t_c
 * (≈ 1e-3 rad/s for rod 2 at the first impact), and the time shift of the
 * later impacts (the contact ends t_c later).  The tolerance is that
 * bound, computed per impact, plus 1e-6 rad/s for the integration.
 * Hunt–Crossley with Eq. 16 (e_out ≈ 0.26, not 0.3) must miss the same
 * bound tenfold at the first impact (it is 0.12 rad/s off for rod 2):
 * Fig. 11's point that Eq. 50 is the more accurate model. */
static void test_pendulums_eq50_matches_piecewise(void **state)
{
    (void)state;
    hf_example *pw = pendulums(1, linear), *lin = pendulums(0, linear), *hc = pendulums(0, eq16);
    const hf_example_impact *a, *b, *h;
    size_t n = hf_example_impacts(pw, &a);
    assert_int_equal(hf_example_impacts(lin, &b), n);
    hf_example_impacts(hc, &h);
    const double len[2] = {HF_PENDULUM_L1, HF_PENDULUM_L2};
    for (size_t i = 0; i < n; ++i) {
        double tc = b[i].t_end - b[i].t_start;
        assert_true(tc > 0.0 && tc < 1e-3);
        for (int k = 0; k < 2; ++k) {
            double alpha = 1.5 * HF_EXAMPLE_GRAVITY / len[k];   /* 3g/(2L) */
            /* the change of θ̇ across the impact, which the methods share */
            double jump_pw = a[i].qdot_after[k] - a[i].qdot_before[k];
            double jump_lin = b[i].qdot_after[k] - b[i].qdot_before[k];
            HF_ASSERT_CLOSE(jump_lin, jump_pw, 1e-6 + alpha * tc, 0.0);
            if (i == 0 && k == 1)
                assert_true(fabs(h[i].qdot_after[k] - h[i].qdot_before[k] - jump_pw) >
                            10.0 * (1e-6 + alpha * (h[i].t_end - h[i].t_start)));
        }
        /* e_out of the contact: e to the same relative order (gravity's
         * impulse over t_c against the impact's) */
        HF_ASSERT_CLOSE(b[i].separation_speed / b[i].approach_speed, HF_PENDULUM_RESTITUTION,
                        0.0, 1e-3);
    }
    hf_example_free(pw);
    hf_example_free(lin);
    hf_example_free(hc);
}

/* Fig. 12: the linear damper starts with F = c δ̇⁻ at δ = 0 and separates
 * at F = 0 with the deformation of Eq. 20, c δ̇_s + k δ_s^n = 0 (to the
 * event location, 1e-9 relative), close to Eq. 51's (v⁻ c e/k)^{1/n}
 * (which assumes e_out = e: within (1e-3)/n relative, the e_out above);
 * Hunt–Crossley starts and ends at F = 0, δ = 0. */
static void test_pendulums_force_penetration(void **state)
{
    (void)state;
    hf_example *lin = pendulums(0, linear), *hc = pendulums(0, eq16);
    size_t rows;
    const double *s = hf_example_contact_series(lin, &rows);
    const hf_example_impact *im;
    hf_example_impacts(lin, &im);
    assert_true(rows > 100);
    HF_ASSERT_CLOSE(s[2], 0.0, 1e-15, 0.0);
    HF_ASSERT_CLOSE(s[4], im[0].damping * im[0].approach_speed, 0.0, 1e-9);
    double ds = pow(im[0].damping * im[0].separation_speed / HF_PENDULUM_STIFFNESS, 1.0 / 1.5);
    HF_ASSERT_CLOSE(im[0].delta_sep, ds, 0.0, 1e-9);
    double eq51 = pow(im[0].approach_speed * im[0].damping * HF_PENDULUM_RESTITUTION /
                      HF_PENDULUM_STIFFNESS, 1.0 / 1.5);
    HF_ASSERT_CLOSE(im[0].delta_sep, eq51, 0.0, 1e-3 / 1.5);
    const double *h = hf_example_contact_series(hc, &rows);
    HF_ASSERT_CLOSE(h[4], 0.0, 1e-12, 0.0);
    size_t last = 0;
    while (last + 1 < rows && h[5 * (last + 1) + 1] == 0.0)
        ++last;
    HF_ASSERT_CLOSE(h[5 * last + 2], 0.0, 1e-15, 0.0);
    HF_ASSERT_CLOSE(h[5 * last + 4], 0.0, 1e-6, 0.0);
    hf_example_free(lin);
    hf_example_free(hc);
}

/* ---- the impact damper ------------------------------------------------- */

static hf_example *damper(double gap, double xi, double friction, double offset,
                          double duration)
{
    hf_example_config c;
    hf_example_config_init(&c, HF_EXAMPLE_IMPACT_DAMPER);
    c.gap = gap;
    c.damping_ratio = xi;
    c.friction = friction;
    c.offset = offset;
    c.duration = duration;
    return run(&c);
}

/* The amplitude of the first peak at or after time T. */
static double amplitude_at(const hf_example *ex, double t)
{
    size_t n;
    const double *p = hf_example_peaks(ex, &n);
    for (size_t i = 0; i < n; ++i)
        if (p[2 * i] >= t)
            return fabs(p[2 * i + 1]);
    fail();
    return 0.0;
}

/* Fig. 13's three zones for the 20 mm gap: impacts, then friction only (the
 * mass slides without reaching a stopper), then rest (stuck to the
 * container to the end).  The rest zone begins where Coulomb's law lets
 * the mass stick through a whole swing: where the amplitude falls below
 * A* = μ g (M + m)/K (the peak acceleration K A/(M + m) equals μ g), so
 * the peak before the final stick is above A* and the peak after it below
 * (an independent check of the stick-slip events).  The paper's boundaries,
 * 30 s and 45 s, are round numbers for zones it defines by eye ("not so
 * effective", "nearly insignificant"); with C = 2 ξ √(K M) hertzfit's are
 * 19.3 s and 29.7 s, earlier by a common factor 0.65, so their ratio is
 * tested: 45/30 = 1.5, with each reading ±2.5 s (half the 5 s between the
 * paper's round numbers), i.e. in [42.5/32.5, 47.5/27.5]. */
static void test_damper_zones(void **state)
{
    (void)state;
    hf_example *ex = damper(0.02, HF_DAMPER_DAMPING_RATIO, HF_DAMPER_FRICTION, 0.0, 60.0);
    hf_example_zones z;
    hf_example_zones_get(ex, &z);
    const hf_example_impact *im;
    size_t n = hf_example_impacts(ex, &im);
    assert_true(n > 10);
    assert_true(z.impact_end > 0.0 && z.impact_end < z.rest_start && z.rest_start < 60.0);
    HF_ASSERT_CLOSE(z.impact_end, im[n - 1].t_end, 0.0, 0.0);
    double ratio = z.rest_start / z.impact_end;
    assert_true(ratio >= 42.5 / 32.5 && ratio <= 47.5 / 27.5);
    double a_star = HF_DAMPER_FRICTION * HF_EXAMPLE_GRAVITY *
                    (HF_DAMPER_MAIN_MASS + HF_DAMPER_IMPACT_MASS) / HF_DAMPER_STIFFNESS;
    size_t np;
    const double *p = hf_example_peaks(ex, &np);
    size_t k = 0;
    while (k < np && p[2 * k] < z.rest_start)
        ++k;
    assert_true(k > 0 && k < np);
    assert_true(fabs(p[2 * (k - 1) + 1]) >= a_star);
    assert_true(fabs(p[2 * k + 1]) <= a_star);
    /* the series says the same: mode 1 (stuck) from rest_start on */
    size_t rows;
    const double *s = hf_example_series(ex, &rows);
    for (size_t i = 0; i < rows; ++i)
        if (s[9 * i] > z.rest_start)
            assert_int_equal((int)s[9 * i + 8], 1);
    hf_example_free(ex);
}

/* With C = ξ √(K M) (half the usual 2 ξ √(K M): one reading of Table 4's
 * "damping ratio" that the paper's zone times fit) the boundaries are the
 * paper's 30 s and 45 s to within 5 s each: the resolution of its round
 * numbers for zones defined by eye.  This pins which convention matches,
 * not a claim that the paper used it. */
static void test_damper_zones_half_damping(void **state)
{
    (void)state;
    hf_example *ex = damper(0.02, HF_DAMPER_DAMPING_RATIO / 2.0, HF_DAMPER_FRICTION, 0.0, 60.0);
    hf_example_zones z;
    hf_example_zones_get(ex, &z);
    HF_ASSERT_CLOSE(z.impact_end, 30.0, 5.0, 0.0);
    HF_ASSERT_CLOSE(z.rest_start, 45.0, 5.0, 0.0);
    hf_example_free(ex);
}

/* The paper's own numbers bound its time scale.  Energy leaves the system
 * at least as fast as through C alone (impacts and friction only add
 * losses), so every peak of x_M stays under the primary mass's free decay
 * x0 e^{−ξ ω_n t}; 1 % allows the friction offset μ m g/K = 0.04 mm (0.13 %
 * of x0) and the impact mass's share of the energy (m/M = 0.8 %, up to
 * 1.6 % when it moves at twice the container's speed: 0.8 % in amplitude).
 * Hence the mass sticks for good by t* = ln(x0/A*)/(ξ ω_n) = 42.5 s with
 * C = 2 ξ √(K M), whatever the contact law: a rest zone "after 45 seconds"
 * is out of reach of this reading (see docs/example-impact-damper.md). */
static void test_damper_bounded_by_free_decay(void **state)
{
    (void)state;
    hf_example *ex = damper(0.02, HF_DAMPER_DAMPING_RATIO, HF_DAMPER_FRICTION, 0.0, 60.0);
    double omega = sqrt(HF_DAMPER_STIFFNESS / HF_DAMPER_MAIN_MASS);
    double decay = HF_DAMPER_DAMPING_RATIO * omega;
    size_t np;
    const double *p = hf_example_peaks(ex, &np);
    assert_true(np > 100);
    for (size_t i = 0; i < np; ++i)
        assert_true(fabs(p[2 * i + 1]) <= 1.01 * HF_DAMPER_X0 * exp(-decay * p[2 * i]));
    double a_star = HF_DAMPER_FRICTION * HF_EXAMPLE_GRAVITY *
                    (HF_DAMPER_MAIN_MASS + HF_DAMPER_IMPACT_MASS) / HF_DAMPER_STIFFNESS;
    double t_bound = log(HF_DAMPER_X0 / a_star) / decay;
    HF_ASSERT_CLOSE(t_bound, 42.5, 0.0, 1e-3);
    hf_example_zones z;
    hf_example_zones_get(ex, &z);
    assert_true(z.rest_start < t_bound);
    hf_example_free(ex);
}

/* Figs. 14–17: "while the gap size increased, the impact damper effect in
 * free vibration reduction improved".  The amplitude after 15 s (the impact
 * zone of every gap) falls strictly from 20 to 30, 40, 50 mm, and is
 * below the primary system's own decay x0 e^{−ξ ω t} by a reduction that
 * grows with the gap. */
static void test_damper_reduction_grows_with_gap(void **state)
{
    (void)state;
    const double gaps[4] = {0.02, 0.03, 0.04, 0.05};
    double omega = sqrt(HF_DAMPER_STIFFNESS / HF_DAMPER_MAIN_MASS);
    double previous = 1.0;
    for (int g = 0; g < 4; ++g) {
        hf_example *ex = damper(gaps[g], HF_DAMPER_DAMPING_RATIO, HF_DAMPER_FRICTION, 0.0, 16.0);
        size_t np;
        const double *p = hf_example_peaks(ex, &np);
        double a = amplitude_at(ex, 15.0), t = 0.0;
        for (size_t i = 0; i < np; ++i)
            if (p[2 * i] >= 15.0) {
                t = p[2 * i];
                break;
            }
        double free_decay = HF_DAMPER_X0 * exp(-HF_DAMPER_DAMPING_RATIO * omega * t);
        double reduction = 1.0 - a / free_decay;
        assert_true(reduction > 0.0);
        assert_true(a < previous);
        previous = a;
        hf_example_free(ex);
    }
}

/* "When the gap size is very large, greater than twice the initial
 * displacement of 1-DOF system theoretically, the impact mass cannot
 * collide with the end stoppers": the theoretical case is an impact mass
 * at rest where the container's centre oscillates about (offset −x0) with
 * no friction — it never moves, and the stoppers at x_M ± d/2 never reach
 * it while d/2 > x0 ≥ |x_M|.  Just above 2 x0 no impact; below the first
 * swing's reach (2 × 29.6 mm: the first peak, after damping) one.  With
 * friction (μ = 0.1) the mass is dragged along and impacts remain even at
 * d = 100 mm: the paper's claim is the frictionless one. */
static void test_damper_no_impact_above_twice_x0(void **state)
{
    (void)state;
    const hf_example_impact *im;
    hf_example *ex = damper(2.0 * HF_DAMPER_X0 + 1e-4, HF_DAMPER_DAMPING_RATIO, 0.0,
                            -HF_DAMPER_X0, 20.0);
    assert_int_equal(hf_example_impacts(ex, &im), 0);
    hf_example_free(ex);
    ex = damper(2.0 * HF_DAMPER_X0 - 2e-3, HF_DAMPER_DAMPING_RATIO, 0.0,
                -HF_DAMPER_X0 + 1e-3 + 1e-6, 20.0);
    assert_true(hf_example_impacts(ex, &im) > 0);
    hf_example_free(ex);
    ex = damper(0.1, HF_DAMPER_DAMPING_RATIO, HF_DAMPER_FRICTION, 0.0, 20.0);
    assert_true(hf_example_impacts(ex, &im) > 0);
    hf_example_free(ex);
}

/* Each impact of the damper is nearly a free two-body impact: its e_out is
 * the 1-DOF e_out of the same model and e (hf_impact_restitution_e_out,
 * independent of the masses and speeds), up to what the spring, damper
 * and friction forces change in the relative velocity during the contact:
 * K x0/M · t_c / v⁻ ≲ 6 m/s² · 3e-4 s / 0.07 m/s ≈ 3 % for the slowest
 * impacts; 3 % it is. */
static void test_damper_impacts_restitution(void **state)
{
    (void)state;
    hf_example *ex = damper(0.02, HF_DAMPER_DAMPING_RATIO, HF_DAMPER_FRICTION, 0.0, 20.0);
    double e1;
    assert_int_equal(hf_impact_restitution_e_out(HF_DAMPING_SAFAEIFAR_FARSHIDIANFAR,
                                                 HF_DAMPER_RESTITUTION, NULL, 0, &e1, NULL),
                     HF_OK);
    const hf_example_impact *im;
    size_t n = hf_example_impacts(ex, &im);
    for (size_t i = 0; i < n; ++i)
        HF_ASSERT_CLOSE(im[i].separation_speed / im[i].approach_speed, e1, 0.0, 0.03);
    hf_example_free(ex);
}

/* ---- the slider–crank --------------------------------------------------- */

static hf_example *slider_crank(int piecewise)
{
    hf_example_config c;
    hf_example_config_init(&c, HF_EXAMPLE_SLIDER_CRANK);
    c.piecewise = piecewise;
    return run(&c);
}

/* The series row at time T (an impact's start or end is a row). */
static const double *row_at(const hf_example *ex, double t, int last)
{
    size_t rows;
    const double *s = hf_example_series(ex, &rows);
    const double *found = NULL;
    for (size_t i = 0; i < rows; ++i)
        if (s[9 * i] == t && (found == NULL || last))
            found = s + 9 * i;
    assert_non_null(found);
    return found;
}

/* The paper's account of Figs. 19–20, with Table 6 as printed: two
 * collisions; at each the slider's velocity falls and the block's rises;
 * after each the slider moves to the left, and after the last the block
 * moves to the right.  (Its first collision "close to 0.28" s is not
 * reproduced: 0.040 s; docs/example-slider-crank.md.)  For the contact
 * law and the piecewise method alike. */
static void test_slider_crank_account(void **state)
{
    (void)state;
    for (int pw = 0; pw < 2; ++pw) {
        hf_example *ex = slider_crank(pw);
        const hf_example_impact *im;
        size_t n = hf_example_impacts(ex, &im);
        assert_int_equal(n, 2);
        for (size_t i = 0; i < n; ++i) {
            const double *before = row_at(ex, im[i].t_start, 0);
            const double *after = row_at(ex, im[i].t_end, 1);
            assert_true(after[8] < before[8]);   /* slider velocity */
            assert_true(after[4] > before[4]);   /* block velocity */
            assert_true(after[8] < 0.0);
        }
        assert_true(im[n - 1].qdot_after[1] > 0.0);
        hf_example_free(ex);
    }
}

/* Before the first collision the free mechanism keeps its kinetic energy,
 * computed here from the bodies' own velocities (the crank about its
 * pivot, the rod's centre and angle and the slider differentiated
 * numerically from their positions, not from the model's analytic
 * velocity coefficients): to 1e-7 relative (the ODE's 1e-10 per step over
 * ~1e3 steps, and the numerical derivative's 1e-10). */
static double mechanism_energy(double phi, double phi_dot)
{
    const double r = HF_SLIDER_CRANK_R, l = HF_SLIDER_ROD_L, h = 1e-6;
    double pos[2][4];   /* x_G, y_G, β, x_slider at φ ∓ h */
    for (int k = 0; k < 2; ++k) {
        double p = phi + (k ? h : -h);
        double ax = r * cos(p), ay = r * sin(p);
        double bx = ax + sqrt(l * l - ay * ay);
        pos[k][0] = 0.5 * (ax + bx);
        pos[k][1] = 0.5 * ay;
        pos[k][2] = atan2(-ay, bx - ax);
        pos[k][3] = bx;
    }
    double v[4];
    for (int j = 0; j < 4; ++j)
        v[j] = (pos[1][j] - pos[0][j]) / (2.0 * h) * phi_dot;
    double i_o = HF_SLIDER_CRANK_INERTIA + HF_SLIDER_CRANK_MASS * r * r / 4.0;
    return 0.5 * i_o * phi_dot * phi_dot + 0.5 * HF_SLIDER_ROD_MASS * (v[0] * v[0] + v[1] * v[1]) +
           0.5 * HF_SLIDER_ROD_INERTIA * v[2] * v[2] + 0.5 * HF_SLIDER_SLIDER_MASS * v[3] * v[3];
}

static void test_slider_crank_energy(void **state)
{
    (void)state;
    hf_example *ex = slider_crank(0);
    const hf_example_impact *im;
    hf_example_impacts(ex, &im);
    size_t rows;
    const double *s = hf_example_series(ex, &rows);
    double e0 = mechanism_energy(s[1], s[3]);
    for (size_t i = 0; i < rows && s[9 * i] <= im[0].t_start; ++i) {
        HF_ASSERT_CLOSE(mechanism_energy(s[9 * i + 1], s[9 * i + 3]), e0, 0.0, 1e-7);
        HF_ASSERT_CLOSE(s[9 * i + 4], -20.0, 0.0, 0.0);
    }
    hf_example_free(ex);
}

/* ---- the ball and the names -------------------------------------------- */

/* The ball is the bounce command's impact (same parameters, same result). */
static void test_ball_is_bounce(void **state)
{
    (void)state;
    hf_example_config c;
    hf_example_config_init(&c, HF_EXAMPLE_BOUNCING_BALL);
    c.restitution = 0.6;
    hf_example *ex = run(&c);
    hf_impact_params p;
    hf_impact_result r;
    assert_int_equal(hf_impact_ball_params(c.model, 0.6, NULL, 0, &p, NULL), HF_OK);
    assert_int_equal(hf_impact_simulate(&p, &r, NULL, NULL, NULL), HF_OK);
    const hf_example_impact *im;
    assert_int_equal(hf_example_impacts(ex, &im), 1);
    HF_ASSERT_CLOSE(im[0].separation_speed, r.e_out * p.contact.approach_speed, 0.0, 0.0);
    HF_ASSERT_CLOSE(im[0].force_max, r.force_max, 0.0, 0.0);
    hf_example_free(ex);
}

/* Figs. 8–11: "when the coefficient of restitution is increasing (from
 * Fig. 8 to Fig. 11), the maximum deformation increases while the maximum
 * contact force is reduced".  The deformation: for every catalogue model
 * but the profile one (which needs (a, b)), strictly at each step of
 * c_r = 0.2, 0.4, 0.6, 0.8.  The force: only part of the way.  It falls
 * from 0.2 to 0.4 to 0.6 for the models whose h_r grows without bound as
 * c_r → 0 (Flores, Gharib–Hurmuzlu, Hu–Guo, Safaeifar–Farshidianfar,
 * ICACO, exact: the "second group" of the paper); from 0.6 to 0.8 it rises
 * again for all of them but Gharib–Hurmuzlu's, towards the undamped Hertz
 * peak (a finding against the paper's wording, asserted so that it is
 * seen); for Hunt–Crossley and Lankarani–Nikravesh it changes by under 3 %
 * over the whole range. */
static void test_ball_figs_8_to_11(void **state)
{
    (void)state;
    for (int k = 0; k < HF_DAMPING_COUNT; ++k) {
        /* Figs. 8-11 draw the Hunt-Crossley-type models; the residual
         * model is not one of them. */
        if (k == HF_DAMPING_PROFILE || k == HF_DAMPING_POURSINA_RESIDUAL)
            continue;
        double d[4], f[4];
        for (int j = 0; j < 4; ++j) {
            hf_example_config c;
            hf_example_config_init(&c, HF_EXAMPLE_BOUNCING_BALL);
            c.model = (hf_impact_model){HF_IMPACT_HUNT_CROSSLEY, (hf_damping_id)k};
            c.restitution = 0.2 * (j + 1);
            hf_example *ex = run(&c);
            const hf_example_impact *im;
            hf_example_impacts(ex, &im);
            d[j] = im[0].delta_max;
            f[j] = im[0].force_max;
            hf_example_free(ex);
        }
        for (int j = 1; j < 4; ++j)
            assert_true(d[j] > d[j - 1]);
        if (k == HF_DAMPING_HUNT_CROSSLEY || k == HF_DAMPING_LANKARANI_NIKRAVESH) {
            for (int j = 1; j < 4; ++j)
                HF_ASSERT_CLOSE(f[j], f[0], 0.0, 0.03);
            continue;
        }
        assert_true(f[1] < f[0] && f[2] < f[1]);
        if (k == HF_DAMPING_GHARIB_HURMUZLU)
            assert_true(f[3] < f[2]);
        else
            assert_true(f[3] > f[2]);
    }
}

static void test_names_and_bad_input(void **state)
{
    (void)state;
    hf_example_id id;
    hf_diag diag = {{0}};
    for (int k = 0; k < HF_EXAMPLE_COUNT; ++k) {
        assert_int_equal(hf_example_lookup(hf_example_name((hf_example_id)k), &id, NULL), HF_OK);
        assert_int_equal(id, k);
    }
    assert_int_equal(hf_example_lookup("pendulum", &id, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "impact-damper"));
    hf_example_config c;
    hf_example *ex = (hf_example *)&c;
    hf_example_config_init(&c, HF_EXAMPLE_IMPACT_DAMPER);
    c.offset = 0.0101;
    assert_int_equal(hf_example_alloc(&c, &ex, &diag), HF_EDOM);
    assert_null(ex);
    assert_non_null(strstr(diag.text, "offset"));
    hf_example_config_init(&c, HF_EXAMPLE_PENDULUMS);
    c.restitution = 0.0;
    assert_int_equal(hf_example_alloc(&c, &ex, &diag), HF_EDOM);
    hf_example_config_init(&c, HF_EXAMPLE_SLIDER_CRANK);
    c.crank_speed = NAN;
    assert_int_equal(hf_example_alloc(&c, &ex, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "crank speed"));
    /* what the example means is decided here, not by a front end: the
     * ball's one contact ends by itself (no duration), and the profile
     * damping needs its exponents */
    hf_example_config_init(&c, HF_EXAMPLE_BOUNCING_BALL);
    c.duration = 3.0;
    assert_int_equal(hf_example_alloc(&c, &ex, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "duration does not apply to bouncing-ball"));
    hf_example_config_init(&c, HF_EXAMPLE_PENDULUMS);
    c.model = (hf_impact_model){HF_IMPACT_HUNT_CROSSLEY, HF_DAMPING_PROFILE};
    assert_int_equal(hf_example_alloc(&c, &ex, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "profile exponents"));
    assert_null(ex);
}

/* ---- the command ------------------------------------------------------- */

/* A run that ends inside a contact reports that contact as unfinished
 * (its "separation" values are the state at the end: before the flag, the
 * table showed them as a separation, e_out = -0.98 for the pendulums cut
 * at 1.14245 s, NaN for the damper); completed contacts are not flagged.
 * The first pendulum contact runs from 1.142446 s for ~9 us (Fig. 12). */
static void test_a_contact_cut_by_the_end_is_unfinished(void **state)
{
    (void)state;
    const hf_example_impact *im;
    hf_example *ex = pendulums(0, linear);
    size_t n = hf_example_impacts(ex, &im);
    for (size_t i = 0; i < n; ++i)
        assert_int_equal(im[i].unfinished, 0);
    hf_example_free(ex);
    hf_example_config c;
    hf_example_config_init(&c, HF_EXAMPLE_PENDULUMS);
    c.duration = 1.14245;
    ex = run(&c);
    assert_int_equal(hf_example_impacts(ex, &im), 1);
    assert_int_equal(im[0].unfinished, 1);
    assert_true(im[0].t_end == c.duration);
    hf_example_free(ex);
    hf_example_config_init(&c, HF_EXAMPLE_IMPACT_DAMPER);
    c.duration = 2.0;
    ex = run(&c);
    n = hf_example_impacts(ex, &im);
    assert_true(n > 0);
    for (size_t i = 0; i < n; ++i)
        assert_int_equal(im[i].unfinished, 0);
    hf_example_free(ex);
    char *out = NULL;
    assert_int_equal(hf_test_cli("example pendulums --duration 1.14245 --table impacts --csv",
                                 &out, NULL), 0);
    assert_non_null(strstr(out, "# impact 0: the run ended inside this contact"));
    assert_non_null(strstr(out, ",-,-,"));   /* no v_out, no e_out */
    assert_null(strstr(out, "nan"));
    free(out);
}

/* A gap far below the rounding of the positions (1e-20 m beside x0 =
 * 0.03 m) drove the damper's state to NaN, printed with exit 0; such a
 * result is refused (exit 1, one line). */
static void test_a_non_finite_state_is_refused(void **state)
{
    (void)state;
    hf_example_config c;
    hf_example_config_init(&c, HF_EXAMPLE_IMPACT_DAMPER);
    c.gap = 1e-20;
    c.duration = 2.0;
    hf_example *ex = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_example_alloc(&c, &ex, &diag), HF_ENOCONV);
    assert_null(ex);
    assert_non_null(strstr(diag.text, "not finite"));
    hf_test_expect_failure("example impact-damper --gap 1e-20 --duration 2 --table impacts", 1,
                           "not finite");
}

static void test_cli(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli("example pendulums --model piecewise --table impacts --csv",
                                 &out, NULL), 0);
    assert_non_null(strstr(out, "impact,where,t_start_s"));
    size_t lines = 0;
    for (const char *p = out; *p; ++p)
        lines += *p == '\n';
    assert_int_equal(lines, 5);   /* the comment, the header, three impacts */
    free(out);
    hf_test_expect_failure("example nope", 2, "unknown example 'nope'");
    hf_test_expect_failure("example impact-damper --model foo", 2, "piecewise");
    hf_test_expect_failure("example impact-damper --gap 0", 2, "--gap");
    hf_test_expect_failure("example impact-damper --offset 0.02", 2, "offset");
    hf_test_expect_failure("example slider-crank --crank-speed 1e5", 2, "--crank-speed");
    hf_test_expect_failure("example pendulums --model profile", 2, "profile exponents a > 0 and b > 0");
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pendulums_three_impacts),
        cmocka_unit_test(test_pendulums_energy_before_impact),
        cmocka_unit_test(test_pendulums_piecewise_restitution),
        cmocka_unit_test(test_pendulums_eq50_matches_piecewise),
        cmocka_unit_test(test_pendulums_force_penetration),
        cmocka_unit_test(test_damper_zones),
        cmocka_unit_test(test_damper_zones_half_damping),
        cmocka_unit_test(test_damper_bounded_by_free_decay),
        cmocka_unit_test(test_damper_reduction_grows_with_gap),
        cmocka_unit_test(test_damper_no_impact_above_twice_x0),
        cmocka_unit_test(test_damper_impacts_restitution),
        cmocka_unit_test(test_slider_crank_account),
        cmocka_unit_test(test_slider_crank_energy),
        cmocka_unit_test(test_ball_is_bounce),
        cmocka_unit_test(test_ball_figs_8_to_11),
        cmocka_unit_test(test_names_and_bad_input),
        cmocka_unit_test(test_a_contact_cut_by_the_end_is_unfinished),
        cmocka_unit_test(test_a_non_finite_state_is_refused),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
