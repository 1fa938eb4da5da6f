/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * systems/example_pendulums.c — the two pendulums of Poursina & Nikravesh
 * 2020 §6 (Figs. 10–12): uniform rods of masses m1, m2 and lengths L1, L2
 * on pivots O1 = (0, 0) and O2 = (−a, 0), angles θ from the downward
 * vertical, counter-clockwise positive (the set-up and why it is the one
 * the text implies: hertzfit/examples.h).  The tip P2 = O2 + L2 u(θ2),
 * u(θ) = (sin θ, −cos θ), strikes rod 1; with n1 = (−cos θ1, −sin θ1) the
 * normal of rod 1 on O2's side,
 *
 *     δ = −P2 · n1 = P2x cos θ1 + P2y sin θ1     (penetration, > 0 in contact)
 *     s = P2 · u1                                (where along rod 1)
 *     J = ∂δ/∂θ = (−s, L2 cos(θ2 − θ1)),  δ̇ = J θ̇,
 *
 * and the equations of motion with I_i = m_i L_i²/3 are
 *
 *     I_i θ̈_i = −m_i g (L_i/2) sin θ_i − F J_i,
 *
 * F the compressive contact force (0 out of contact).  The piecewise method
 * replaces the contact by the impulse P = (1 + e) m* δ̇⁻ at δ = 0, m* =
 * 1/(J M⁻¹ Jᵀ), so that δ̇⁺ = −e δ̇⁻ (Newton's restitution, the impulse–
 * momentum balance of their ref. [23]).
 */
#include "systems/example_internal.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_math.h>   /* M_PI */

static const char *const pendulum_columns[] = {
    "t_s", "theta1_rad", "theta2_rad", "theta1_dot_rad_per_s", "theta2_dot_rad_per_s",
    "delta_m", "F_N"};

typedef struct pendulums {
    double inertia[2], weight_arm[2];   /* I_i, m_i g L_i/2 */
} pendulums;

/* δ, the contact point s along rod 1, and J at the angles q. */
static void tip_geometry(const double *q, double *delta, double *s, double J[2])
{
    double p2x = -HF_PENDULUM_A + HF_PENDULUM_L2 * sin(q[1]);
    double p2y = -HF_PENDULUM_L2 * cos(q[1]);
    *delta = p2x * cos(q[0]) + p2y * sin(q[0]);
    *s = p2x * sin(q[0]) - p2y * cos(q[0]);
    J[0] = -*s;
    J[1] = HF_PENDULUM_L2 * cos(q[1] - q[0]);
}

static void geometry(const double *q, void *params, double *delta, double J[2])
{
    (void)params;
    double s;
    tip_geometry(q, delta, &s, J);
}

static void mass(const double *q, void *params, double m[2])
{
    (void)q;
    const pendulums *pd = params;
    m[0] = pd->inertia[0];
    m[1] = pd->inertia[1];
}

static void accel(const double *y, const double Q[2], void *params, double qdd[2])
{
    const pendulums *pd = params;
    for (int i = 0; i < 2; ++i)
        qdd[i] = (-pd->weight_arm[i] * sin(y[i]) + Q[i]) / pd->inertia[i];
}

/* HF_EDOM when the tip meets the line of rod 1 beyond the rod (never in
 * the paper's set-up). */
static hf_status check_start(const double *y, double t, void *params, hf_diag *diag)
{
    (void)params;
    double delta, s, J[2];
    tip_geometry(y, &delta, &s, J);
    if (!(s >= 0.0 && s <= HF_PENDULUM_L1))
        return hf_diag_set(diag, HF_EDOM, "pendulums: at t = %g s the tip of rod 2 crosses "
                           "the line of rod 1 %g m from its pivot, off the rod", t, s);
    return HF_OK;
}

hf_status hf_example_pendulums_run(const hf_example_config *c, hf_example *ex, hf_diag *diag)
{
    const double m[2] = {HF_PENDULUM_M1, HF_PENDULUM_M2};
    const double len[2] = {HF_PENDULUM_L1, HF_PENDULUM_L2};
    pendulums pd;
    for (int i = 0; i < 2; ++i) {
        pd.inertia[i] = m[i] * len[i] * len[i] / 3.0;
        pd.weight_arm[i] = m[i] * HF_EXAMPLE_GRAVITY * len[i] / 2.0;
    }
    const hf_example_pair sys = {&pd, geometry, mass, accel, check_start, 0, NULL,
                                 pendulum_columns};
    const double y0[4] = {M_PI / 12.0, -M_PI / 2.0, 0.0, 0.0};
    return hf_example_pair_run(&sys, c, y0, ex, diag);
}
