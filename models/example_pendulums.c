/*
 * models/example_pendulums.c — the two pendulums of Poursina & Nikravesh
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
#include "models/example_internal.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_math.h>   /* M_PI */

static const char *const pendulum_columns[] = {
    "t_s", "theta1_rad", "theta2_rad", "theta1_dot_rad_per_s", "theta2_dot_rad_per_s",
    "delta_m", "F_N"};

typedef struct pendulums {
    double inertia[2], weight_arm[2];   /* I_i, m_i g L_i/2 */
    int in_contact;
    hf_impact_params law;               /* of the current contact */
} pendulums;

/* δ, s and J at the angles q. */
static void geometry(const double *q, double *delta, double *s, double J[2])
{
    double p2x = -HF_PENDULUM_A + HF_PENDULUM_L2 * sin(q[1]);
    double p2y = -HF_PENDULUM_L2 * cos(q[1]);
    *delta = p2x * cos(q[0]) + p2y * sin(q[0]);
    *s = p2x * sin(q[0]) - p2y * cos(q[0]);
    J[0] = -*s;
    J[1] = HF_PENDULUM_L2 * cos(q[1] - q[0]);
}

/* The contact force acting at state y: 0 out of contact. */
static double contact_force(const pendulums *pd, const double *y, double *delta,
                            double *delta_dot)
{
    double s, J[2];
    geometry(y, delta, &s, J);
    *delta_dot = J[0] * y[2] + J[1] * y[3];
    return pd->in_contact ? hf_impact_force(&pd->law, *delta, *delta_dot) : 0.0;
}

static int rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const pendulums *pd = params;
    double delta, s, J[2];
    geometry(y, &delta, &s, J);
    double f = 0.0;
    if (pd->in_contact)
        f = hf_impact_force(&pd->law, delta, J[0] * y[2] + J[1] * y[3]);
    dydt[0] = y[2];
    dydt[1] = y[3];
    for (int i = 0; i < 2; ++i)
        dydt[2 + i] = (-pd->weight_arm[i] * sin(y[i]) - f * J[i]) / pd->inertia[i];
    return 0;
}

static double event_delta(double t, const double y[], void *params)
{
    (void)t;
    (void)params;
    double delta, s, J[2];
    geometry(y, &delta, &s, J);
    return delta;
}

static double event_force(double t, const double y[], void *params)
{
    (void)t;
    double delta, delta_dot;
    return contact_force(params, y, &delta, &delta_dot);
}

static double event_delta_dot(double t, const double y[], void *params)
{
    (void)t;
    (void)params;
    double delta, s, J[2];
    geometry(y, &delta, &s, J);
    return J[0] * y[2] + J[1] * y[3];
}

static hf_status push_state(hf_example *ex, const pendulums *pd, double t, const double *y,
                            hf_diag *diag)
{
    double delta, delta_dot;
    double f = contact_force(pd, y, &delta, &delta_dot);
    const double row[7] = {t, y[0], y[1], y[2], y[3], delta, f};
    return hf_example_push_row(ex, row, diag);
}

/* The impact starting at state y (δ = 0, δ̇ > 0): its effective mass and
 * approach speed; HF_EDOM when the tip meets the line of rod 1 beyond the
 * rod (never in the paper's set-up). */
static hf_status contact_start(const double *y, double t, const pendulums *pd,
                               hf_example_impact *im, double *m_eff, hf_diag *diag)
{
    double delta, s, J[2];
    geometry(y, &delta, &s, J);
    if (!(s >= 0.0 && s <= HF_PENDULUM_L1))
        return hf_diag_set(diag, HF_EDOM, "pendulums: at t = %g s the tip of rod 2 crosses "
                           "the line of rod 1 %g m from its pivot, off the rod", t, s);
    *m_eff = 1.0 / (J[0] * J[0] / pd->inertia[0] + J[1] * J[1] / pd->inertia[1]);
    memset(im, 0, sizeof *im);
    im->t_start = t;
    im->approach_speed = J[0] * y[2] + J[1] * y[3];
    im->contact_mass = *m_eff;
    im->qdot_before[0] = y[2];
    im->qdot_before[1] = y[3];
    return HF_OK;
}

static hf_status impulse(hf_example *ex, pendulums *pd, double t, double *y, double e,
                         hf_diag *diag)
{
    hf_example_impact im;
    double m_eff, delta, s, J[2];
    hf_status st = contact_start(y, t, pd, &im, &m_eff, diag);
    if (st != HF_OK || (st = push_state(ex, pd, t, y, diag)) != HF_OK)
        return st;
    geometry(y, &delta, &s, J);
    double p = (1.0 + e) * m_eff * im.approach_speed;
    for (int i = 0; i < 2; ++i)
        y[2 + i] -= p * J[i] / pd->inertia[i];
    im.t_end = t;
    im.separation_speed = -(J[0] * y[2] + J[1] * y[3]);
    im.qdot_after[0] = y[2];
    im.qdot_after[1] = y[3];
    st = hf_example_push_impact(ex, &im, diag);
    return st == HF_OK ? push_state(ex, pd, t, y, diag) : st;
}

/* One contact of a continuous law from its start at (t, y) to separation,
 * sampled every 1/200 of its time scale δ_H/v⁻ (and at every output time
 * *next_out it passes). */
static hf_status contact(hf_example *ex, pendulums *pd, const hf_example_law *law,
                         const hf_example_config *c, double *t, double *y, double *next_out,
                         hf_diag *diag)
{
    hf_example_impact im;
    double m_eff;
    hf_status st = contact_start(y, *t, pd, &im, &m_eff, diag);
    if (st == HF_OK)
        st = hf_example_law_params(law, m_eff, im.approach_speed, &pd->law, diag);
    if (st != HF_OK)
        return st;
    im.damping = pd->law.damping;
    pd->in_contact = 1;
    double n = 1.5;
    double delta_h = pow((n + 1.0) / 2.0 * m_eff * im.approach_speed * im.approach_speed /
                         c->stiffness, 1.0 / (n + 1.0));
    double dt = delta_h / im.approach_speed / 200.0;
    /* separation: δ = 0 (Hunt–Crossley type) or F = 0 (linear damper,
     * where F turns negative before δ reaches 0); and the deepest point */
    const hf_ode_event events[] = {{event_delta, -1}, {event_force, -1},
                                   {event_delta_dot, -1}};
    size_t which = 3;
    if ((st = push_state(ex, pd, *t, y, diag)) != HF_OK)
        return st;
    for (;;) {
        double delta, delta_dot, f = contact_force(pd, y, &delta, &delta_dot);
        if ((st = hf_example_push_contact(ex, *t, delta, delta_dot, f, diag)) != HF_OK)
            return st;
        im.force_max = fmax(im.force_max, f);
        if (which == 2)
            im.delta_max = delta;
        if (which == 0 || which == 1)
            break;
        double t_stop = fmin(fmin(*t + dt, *next_out), c->duration);
        if (!(t_stop > *t))
            break;   /* the run ends inside the contact */
        st = hf_example_advance(rhs, 4, pd, events, 3, c->tolerance, c->tolerance, dt, t_stop,
                                t, y, &which, diag);
        if (st != HF_OK)
            return st;
        if (which == 3 && *t >= *next_out) {
            if ((st = push_state(ex, pd, *t, y, diag)) != HF_OK)
                return st;
            *next_out += c->output_step;
        }
    }
    double delta, delta_dot;
    contact_force(pd, y, &delta, &delta_dot);
    im.t_end = *t;
    im.separation_speed = -delta_dot;
    im.delta_sep = delta;
    im.qdot_after[0] = y[2];
    im.qdot_after[1] = y[3];
    st = push_state(ex, pd, *t, y, diag);
    pd->in_contact = 0;
    return st == HF_OK ? hf_example_push_impact(ex, &im, diag) : st;
}

hf_status hf_example_pendulums_run(const hf_example_config *c, hf_example *ex, hf_diag *diag)
{
    ex->columns = pendulum_columns;
    ex->ncols = 7;
    hf_example_law law;
    hf_status st = hf_example_law_init(&law, c, diag);
    if (st != HF_OK)
        return st;
    const double m[2] = {HF_PENDULUM_M1, HF_PENDULUM_M2};
    const double len[2] = {HF_PENDULUM_L1, HF_PENDULUM_L2};
    pendulums pd;
    memset(&pd, 0, sizeof pd);
    for (int i = 0; i < 2; ++i) {
        pd.inertia[i] = m[i] * len[i] * len[i] / 3.0;
        pd.weight_arm[i] = m[i] * HF_EXAMPLE_GRAVITY * len[i] / 2.0;
    }
    double y[4] = {M_PI / 12.0, -M_PI / 2.0, 0.0, 0.0};
    double t = 0.0, next_out = c->output_step;
    const hf_ode_event start = {event_delta, +1};
    if ((st = push_state(ex, &pd, t, y, diag)) != HF_OK)
        return st;
    while (st == HF_OK && t < c->duration) {
        size_t which;
        st = hf_example_advance(rhs, 4, &pd, &start, 1, c->tolerance, c->tolerance,
                                c->output_step / 10.0, fmin(next_out, c->duration), &t, y,
                                &which, diag);
        if (st != HF_OK)
            break;
        if (which == 1) {
            st = push_state(ex, &pd, t, y, diag);
            next_out += c->output_step;
        } else if (c->piecewise) {
            st = impulse(ex, &pd, t, y, c->restitution, diag);
        } else {
            st = contact(ex, &pd, &law, c, &t, y, &next_out, diag);
        }
    }
    return st;
}
