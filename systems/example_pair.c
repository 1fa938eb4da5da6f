/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * systems/example_pair.c — two generalized coordinates with one contact
 * between them (systems/example_internal.h: hf_example_pair), integrated on
 * the shared event integrator: free motion to the contact start (δ = 0
 * rising), then either the piecewise method's impulse or the contact law
 * to separation (δ = 0 falling for a Hunt–Crossley-type law, F = 0 for the
 * linear damper, Eq. 20 of Poursina & Nikravesh), the deepest point
 * located on the way.  The two pendulums and the slider–crank use it.
 */
#include "systems/example_internal.h"

#include <math.h>
#include <string.h>

typedef struct pair_run {
    const hf_example_pair *sys;
    int in_contact;
    hf_impact_params law;   /* of the current contact */
} pair_run;

/* δ, δ̇ and the contact force (0 out of contact) at state y. */
static double contact_force(const pair_run *r, const double *y, double *delta,
                            double *delta_dot, double J[2])
{
    r->sys->geometry(y, r->sys->params, delta, J);
    *delta_dot = J[0] * y[2] + J[1] * y[3];
    return r->in_contact ? hf_impact_force(&r->law, *delta, *delta_dot) : 0.0;
}

static int rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const pair_run *r = params;
    double delta, delta_dot, J[2];
    double f = contact_force(r, y, &delta, &delta_dot, J);
    const double q[2] = {-f * J[0], -f * J[1]};
    dydt[0] = y[2];
    dydt[1] = y[3];
    r->sys->accel(y, q, r->sys->params, dydt + 2);
    return 0;
}

static double event_delta(double t, const double y[], void *params)
{
    (void)t;
    const pair_run *r = params;
    double delta, J[2];
    r->sys->geometry(y, r->sys->params, &delta, J);
    return delta;
}

static double event_force(double t, const double y[], void *params)
{
    (void)t;
    double delta, delta_dot, J[2];
    return contact_force(params, y, &delta, &delta_dot, J);
}

static double event_delta_dot(double t, const double y[], void *params)
{
    (void)t;
    const pair_run *r = params;
    double delta, J[2];
    r->sys->geometry(y, r->sys->params, &delta, J);
    return J[0] * y[2] + J[1] * y[3];
}

static hf_status push_state(hf_example *ex, const pair_run *r, double t, const double *y,
                            hf_diag *diag)
{
    double delta, delta_dot, J[2];
    double f = contact_force(r, y, &delta, &delta_dot, J);
    double row[11] = {t, y[0], y[1], y[2], y[3], delta, f, 0.0, 0.0, 0.0, 0.0};
    if (r->sys->extra != NULL)
        r->sys->extra(y, r->sys->params, row + 7);
    return hf_example_push_row(ex, row, diag);
}

/* The impact starting at state y (δ = 0, δ̇ > 0): its effective mass and
 * approach speed. */
static hf_status contact_start(const pair_run *r, const double *y, double t,
                               hf_example_impact *im, double *m_eff, hf_diag *diag)
{
    if (r->sys->check_start != NULL) {
        hf_status st = r->sys->check_start(y, t, r->sys->params, diag);
        if (st != HF_OK)
            return st;
    }
    double delta, J[2], m[2];
    r->sys->geometry(y, r->sys->params, &delta, J);
    r->sys->mass(y, r->sys->params, m);
    *m_eff = 1.0 / (J[0] * J[0] / m[0] + J[1] * J[1] / m[1]);
    memset(im, 0, sizeof *im);
    im->t_start = t;
    im->approach_speed = J[0] * y[2] + J[1] * y[3];
    im->contact_mass = *m_eff;
    im->qdot_before[0] = y[2];
    im->qdot_before[1] = y[3];
    return HF_OK;
}

static hf_status impulse(hf_example *ex, pair_run *r, double t, double *y, double e,
                         hf_diag *diag)
{
    hf_example_impact im;
    double m_eff, delta, J[2], m[2];
    hf_status st = contact_start(r, y, t, &im, &m_eff, diag);
    if (st != HF_OK || (st = push_state(ex, r, t, y, diag)) != HF_OK)
        return st;
    r->sys->geometry(y, r->sys->params, &delta, J);
    r->sys->mass(y, r->sys->params, m);
    double p = (1.0 + e) * m_eff * im.approach_speed;
    for (int i = 0; i < 2; ++i)
        y[2 + i] -= p * J[i] / m[i];
    im.t_end = t;
    im.separation_speed = -(J[0] * y[2] + J[1] * y[3]);
    im.qdot_after[0] = y[2];
    im.qdot_after[1] = y[3];
    st = hf_example_push_impact(ex, &im, diag);
    return st == HF_OK ? push_state(ex, r, t, y, diag) : st;
}

/* One contact of a continuous law from its start at (t, y) to separation,
 * sampled every 1/200 of its time scale δ_H/v⁻ (and at every output time
 * *next_out it passes). */
static hf_status contact(hf_example *ex, pair_run *r, const hf_example_law *law,
                         const hf_example_config *c, double *t, double *y, double *next_out,
                         hf_diag *diag)
{
    hf_example_impact im;
    double m_eff;
    hf_status st = contact_start(r, y, *t, &im, &m_eff, diag);
    if (st == HF_OK)
        st = hf_example_law_params(law, m_eff, im.approach_speed, &r->law, diag);
    if (st != HF_OK)
        return st;
    im.damping = r->law.damping;
    r->in_contact = 1;
    double n = 1.5;
    double delta_h = pow((n + 1.0) / 2.0 * m_eff * im.approach_speed * im.approach_speed /
                         c->stiffness, 1.0 / (n + 1.0));
    double dt = delta_h / im.approach_speed / 200.0;
    /* separation: δ = 0 (Hunt–Crossley type) or F = 0 (linear damper,
     * where F turns negative before δ reaches 0); and the deepest point */
    const hf_ode_event events[] = {{event_delta, -1}, {event_force, -1},
                                   {event_delta_dot, -1}};
    size_t which = 3;
    if ((st = push_state(ex, r, *t, y, diag)) != HF_OK)
        return st;
    double delta, delta_dot, J[2];
    for (;;) {
        double f = contact_force(r, y, &delta, &delta_dot, J);
        if ((st = hf_example_push_contact(ex, *t, delta, delta_dot, f, diag)) != HF_OK)
            return st;
        im.force_max = fmax(im.force_max, f);
        if (which == 2)
            im.delta_max = delta;
        if (which == 0 || which == 1)
            break;
        double t_stop = fmin(fmin(*t + dt, *next_out), c->duration);
        if (!(t_stop > *t)) {
            im.unfinished = 1;   /* the run ends inside the contact */
            break;
        }
        st = hf_example_advance(rhs, 4, r, events, 3, c->tolerance, c->tolerance, dt, t_stop,
                                t, y, &which, diag);
        if (st != HF_OK)
            return st;
        if (which == 3 && *t >= *next_out) {
            if ((st = push_state(ex, r, *t, y, diag)) != HF_OK)
                return st;
            *next_out += c->output_step;
        }
    }
    im.t_end = *t;
    im.separation_speed = -delta_dot;
    im.delta_sep = delta;
    im.qdot_after[0] = y[2];
    im.qdot_after[1] = y[3];
    st = push_state(ex, r, *t, y, diag);
    r->in_contact = 0;
    return st == HF_OK ? hf_example_push_impact(ex, &im, diag) : st;
}

hf_status hf_example_pair_run(const hf_example_pair *sys, const hf_example_config *c,
                              const double y0[4], hf_example *ex, hf_diag *diag)
{
    ex->columns = sys->columns;
    ex->ncols = 7 + sys->nextra;
    hf_example_law law;
    hf_status st = hf_example_law_init(&law, c, diag);
    if (st != HF_OK)
        return st;
    pair_run r;
    memset(&r, 0, sizeof r);
    r.sys = sys;
    double y[4] = {y0[0], y0[1], y0[2], y0[3]};
    double t = 0.0, next_out = c->output_step;
    const hf_ode_event start = {event_delta, +1};
    if ((st = push_state(ex, &r, t, y, diag)) != HF_OK)
        return st;
    while (st == HF_OK && t < c->duration) {
        size_t which;
        st = hf_example_advance(rhs, 4, &r, &start, 1, c->tolerance, c->tolerance,
                                c->output_step / 10.0, fmin(next_out, c->duration), &t, y,
                                &which, diag);
        if (st != HF_OK)
            break;
        if (which == 1) {
            st = push_state(ex, &r, t, y, diag);
            next_out += c->output_step;
        } else if (c->piecewise) {
            st = impulse(ex, &r, t, y, c->restitution, diag);
        } else {
            st = contact(ex, &r, &law, c, &t, y, &next_out, diag);
        }
    }
    return st;
}
