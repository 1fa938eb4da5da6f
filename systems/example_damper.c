/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * systems/example_damper.c — the resilient impact damper of Safaeifar &
 * Farshidianfar 2020 §9 (Eqs. 64–69, Table 4, Figs. 13–17).
 *
 * State y = (x_M, ẋ_M, x_m, ẋ_m).  The primary mass M on the spring K and
 * damper C = 2 ξ √(K M) carries a container whose stoppers are at
 * x_M ∓ d/2; the impact mass m slides inside with Coulomb friction μ m g of
 * sign s = sgn(ẋ_M − ẋ_m) (Eq. 64):
 *
 *     M ẍ_M = −C ẋ_M − K x_M − μ m g s − F_m,    m ẍ_m = μ m g s + F_m,
 *
 * F_m the contact force on m: +F at the left stopper, δ = (x_M − d/2) −
 * x_m (Eq. 69), −F at the right one, δ = x_m − (x_M + d/2) (Eq. 69
 * mirrored).  When the relative velocity reaches 0 out of contact, the mass
 * sticks if the friction that would carry it with the container, m |ẍ| with
 * ẍ = (−C ẋ_M − K x_M)/(M + m), is within μ m g, and slips the other way
 * otherwise; it stays stuck until |ẍ| reaches μ g (Coulomb's law: Eq. 64's
 * sgn alone would switch the sign at every step).  In contact the relative
 * velocity is ±δ̇, so s flips at the deepest point.  Every one of these
 * switches is a located event.
 */
#include "systems/example_internal.h"

#include <math.h>
#include <string.h>

static const char *const damper_columns[] = {
    "t_s", "x_M_m", "v_M_m_per_s", "x_m_m", "v_m_m_per_s", "left_stopper_m",
    "right_stopper_m", "F_N", "mode"};

enum { SLIDING = 0, STUCK = 1, LEFT = 2, RIGHT = 3 };

typedef struct damper {
    double big_m, m, k, c, half_gap, mu_g;
    int mode;              /* SLIDING, STUCK, LEFT or RIGHT */
    double s;              /* friction sign, ±1 (0 when stuck) */
    hf_impact_params law;  /* of the current contact */
} damper;

/* Penetration and its rate at the left (side 0) or right (side 1) stopper. */
static double penetration(const damper *d, const double *y, int side, double *rate)
{
    if (side == 0) {
        *rate = y[1] - y[3];
        return y[0] - d->half_gap - y[2];
    }
    *rate = y[3] - y[1];
    return y[2] - y[0] - d->half_gap;
}

/* The compressive force of the current contact (0 out of contact). */
static double contact_force(const damper *d, const double *y)
{
    if (d->mode != LEFT && d->mode != RIGHT)
        return 0.0;
    double rate, delta = penetration(d, y, d->mode - LEFT, &rate);
    return hf_impact_force(&d->law, delta, rate);
}

/* The acceleration M and m share while stuck. */
static double stuck_acceleration(const damper *d, const double *y)
{
    return (-d->c * y[1] - d->k * y[0]) / (d->big_m + d->m);
}

static int rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const damper *d = params;
    dydt[0] = y[1];
    dydt[2] = y[3];
    if (d->mode == STUCK) {
        dydt[1] = dydt[3] = stuck_acceleration(d, y);
        return 0;
    }
    double f = contact_force(d, y);
    double f_m = d->mode == LEFT ? f : d->mode == RIGHT ? -f : 0.0;
    double friction = d->m * d->mu_g * d->s;
    dydt[1] = (-d->c * y[1] - d->k * y[0] - friction - f_m) / d->big_m;
    dydt[3] = (friction + f_m) / d->m;
    return 0;
}

static double ev_relative_velocity(double t, const double y[], void *p)
{
    (void)t;
    (void)p;
    return y[1] - y[3];
}

static double ev_left(double t, const double y[], void *p)
{
    (void)t;
    double rate;
    return penetration(p, y, 0, &rate);
}

static double ev_right(double t, const double y[], void *p)
{
    (void)t;
    double rate;
    return penetration(p, y, 1, &rate);
}

static double ev_velocity(double t, const double y[], void *p)
{
    (void)t;
    (void)p;
    return y[1];
}

static double ev_slip_forward(double t, const double y[], void *p)
{
    (void)t;
    const damper *d = p;
    return stuck_acceleration(d, y) - d->mu_g;
}

static double ev_slip_backward(double t, const double y[], void *p)
{
    (void)t;
    const damper *d = p;
    return -stuck_acceleration(d, y) - d->mu_g;
}

static double ev_contact_delta(double t, const double y[], void *p)
{
    (void)t;
    const damper *d = p;
    double rate;
    return penetration(d, y, d->mode - LEFT, &rate);
}

static double ev_contact_rate(double t, const double y[], void *p)
{
    (void)t;
    const damper *d = p;
    double rate;
    penetration(d, y, d->mode - LEFT, &rate);
    return rate;
}

static double ev_contact_force(double t, const double y[], void *p)
{
    (void)t;
    return contact_force(p, y);
}

static hf_status push_state(hf_example *ex, const damper *d, double t, const double *y,
                            hf_diag *diag)
{
    const double row[9] = {t, y[0], y[1], y[2], y[3], y[0] - d->half_gap, y[0] + d->half_gap,
                           contact_force(d, y), (double)d->mode};
    return hf_example_push_row(ex, row, diag);
}

/* Out of contact with zero relative velocity: stick, or slip the way the
 * container pulls. */
static void stick_or_slip(damper *d, const double *y, hf_example *ex, double t)
{
    double a = stuck_acceleration(d, y);
    if (fabs(a) <= d->mu_g) {
        if (d->mode != STUCK) {
            ++ex->zones.stick_count;
            ex->zones.rest_start = t;
        }
        d->mode = STUCK;
        d->s = 0.0;
        return;
    }
    d->mode = SLIDING;
    d->s = a > 0.0 ? 1.0 : -1.0;
}

typedef struct damper_run {
    const hf_example_config *c;
    const hf_example_law *law;
    hf_example *ex;
    damper *d;
    double t, y[4], next_out;
} damper_run;

/* The contact of the impact at stopper SIDE (effective mass M_EFF, approach
 * speed RATE) integrated from the run's state to separation, or to the end
 * of the run inside it; fills IM's damping, peak force and depths. */
static hf_status integrate_contact(damper_run *r, int side, double m_eff, double rate,
                                   hf_example_impact *im, hf_diag *diag)
{
    damper *d = r->d;
    hf_status st = hf_example_law_params(r->law, m_eff, rate, &d->law, diag);
    if (st != HF_OK)
        return st;
    im->damping = d->law.damping;
    d->mode = LEFT + side;
    d->s = side == 0 ? 1.0 : -1.0;   /* m is pushed away from the closing stopper */
    double n = 1.5;
    double delta_h = pow((n + 1.0) / 2.0 * m_eff * rate * rate / r->c->stiffness,
                         1.0 / (n + 1.0));
    double dt = delta_h / rate / 200.0;
    const hf_ode_event events[] = {{ev_contact_delta, -1}, {ev_contact_force, -1},
                                   {ev_contact_rate, -1}, {ev_velocity, 0}};
    size_t which = 4;
    for (;;) {
        double delta = penetration(d, r->y, side, &rate), f = contact_force(d, r->y);
        if ((st = hf_example_push_contact(r->ex, r->t, delta, rate, f, diag)) != HF_OK)
            return st;
        im->force_max = fmax(im->force_max, f);
        if (which == 0 || which == 1) {
            im->delta_sep = delta;
            break;
        }
        if (which == 2) {   /* the deepest point: the relative velocity turns */
            im->delta_max = delta;
            d->s = -d->s;
        }
        if (which == 3 && (st = hf_example_push_peak(r->ex, r->t, r->y[0], diag)) != HF_OK)
            return st;
        double t_stop = fmin(fmin(r->t + dt, r->next_out), r->c->duration);
        if (!(t_stop > r->t)) {
            im->unfinished = 1;   /* the run ends inside the contact */
            break;
        }
        st = hf_example_advance(rhs, 4, d, events, 4, r->c->tolerance * 1e-3,
                                r->c->tolerance, dt, t_stop, &r->t, r->y, &which, diag);
        if (st != HF_OK)
            return st;
        if (which == 4 && r->t >= r->next_out) {
            if ((st = push_state(r->ex, d, r->t, r->y, diag)) != HF_OK)
                return st;
            r->next_out += r->c->output_step;
        }
    }
    return HF_OK;
}

/* The impact at the stopper SIDE starting at the run's state: a contact
 * integrated to separation, or the piecewise method's impulse. */
static hf_status impact(damper_run *r, int side, hf_diag *diag)
{
    damper *d = r->d;
    hf_example_impact im;
    memset(&im, 0, sizeof im);
    double rate;
    penetration(d, r->y, side, &rate);
    double m_eff = d->big_m * d->m / (d->big_m + d->m);
    im.t_start = r->t;
    im.where = side;
    im.approach_speed = rate;
    im.contact_mass = m_eff;
    im.qdot_before[0] = r->y[1];
    im.qdot_before[1] = r->y[3];
    double sign_m = side == 0 ? 1.0 : -1.0;   /* the force on m points this way */
    hf_status st = push_state(r->ex, d, r->t, r->y, diag);
    if (st == HF_OK && r->c->piecewise) {
        double p = (1.0 + r->c->restitution) * m_eff * rate;
        r->y[3] += sign_m * p / d->m;
        r->y[1] -= sign_m * p / d->big_m;
    } else if (st == HF_OK) {
        st = integrate_contact(r, side, m_eff, rate, &im, diag);
        if (st != HF_OK)
            return st;
        penetration(d, r->y, side, &rate);
    }
    if (st != HF_OK)
        return st;
    if (r->c->piecewise)
        penetration(d, r->y, side, &rate);
    im.t_end = r->t;
    im.separation_speed = -rate;
    im.qdot_after[0] = r->y[1];
    im.qdot_after[1] = r->y[3];
    d->mode = SLIDING;
    /* after separation m moves away from the stopper: ẋ_M − ẋ_m < 0 on the
     * left, > 0 on the right */
    d->s = side == 0 ? -1.0 : 1.0;
    r->ex->zones.impact_end = r->t;
    if ((st = hf_example_push_impact(r->ex, &im, diag)) != HF_OK)
        return st;
    return push_state(r->ex, d, r->t, r->y, diag);
}

static hf_status check(const hf_example_config *c, hf_diag *diag)
{
    if (!(isfinite(c->gap) && c->gap > 0.0 && c->gap <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "gap d = %g m is outside (0, 1]", c->gap);
    if (!(isfinite(c->friction) && c->friction >= 0.0 && c->friction <= 10.0))
        return hf_diag_set(diag, HF_EDOM, "friction mu = %g is outside [0, 10]", c->friction);
    if (!(isfinite(c->damping_ratio) && c->damping_ratio >= 0.0 && c->damping_ratio < 1.0))
        return hf_diag_set(diag, HF_EDOM, "damping ratio xi = %g is outside [0, 1)",
                           c->damping_ratio);
    if (!(fabs(c->offset) < c->gap / 2.0))
        return hf_diag_set(diag, HF_EDOM, "offset = %g m puts the impact mass outside the "
                           "stoppers (|offset| < d/2 = %g m)", c->offset, c->gap / 2.0);
    return HF_OK;
}

hf_status hf_example_damper_run(const hf_example_config *c, hf_example *ex, hf_diag *diag)
{
    ex->columns = damper_columns;
    ex->ncols = 9;
    hf_example_law law;
    hf_status st = check(c, diag);
    if (st == HF_OK)
        st = hf_example_law_init(&law, c, diag);
    if (st != HF_OK)
        return st;
    damper d;
    memset(&d, 0, sizeof d);
    d.big_m = HF_DAMPER_MAIN_MASS;
    d.m = HF_DAMPER_IMPACT_MASS;
    d.k = HF_DAMPER_STIFFNESS;
    d.c = 2.0 * c->damping_ratio * sqrt(HF_DAMPER_STIFFNESS * HF_DAMPER_MAIN_MASS);
    d.half_gap = c->gap / 2.0;
    d.mu_g = c->friction * HF_EXAMPLE_GRAVITY;
    damper_run r = {c, &law, ex, &d, 0.0, {HF_DAMPER_X0, 0.0, HF_DAMPER_X0 + c->offset, 0.0},
                    c->output_step};
    ex->zones.rest_start = c->duration;
    stick_or_slip(&d, r.y, ex, 0.0);
    if ((st = push_state(ex, &d, 0.0, r.y, diag)) != HF_OK)
        return st;
    /* out of contact: sliding [peak, relative velocity 0, left, right];
     * stuck [slip forward, slip backward, peak].  The peak comes first: a
     * frictionless mass at rest reaches zero relative velocity exactly at
     * the container's extrema, where the stick-slip decision is moot (no
     * friction) but the peak is the envelope. */
    const hf_ode_event sliding[] = {{ev_velocity, 0}, {ev_relative_velocity, 0},
                                    {ev_left, +1}, {ev_right, +1}};
    const hf_ode_event stuck[] = {{ev_slip_forward, +1}, {ev_slip_backward, +1},
                                  {ev_velocity, 0}};
    while (r.t < c->duration) {
        int is_stuck = d.mode == STUCK;
        const hf_ode_event *events = is_stuck ? stuck : sliding;
        size_t nevents = is_stuck ? 3 : 4, which;
        st = hf_example_advance(rhs, 4, &d, events, nevents, c->tolerance * 1e-3,
                                c->tolerance, c->output_step / 10.0,
                                fmin(r.next_out, c->duration), &r.t, r.y, &which, diag);
        if (st != HF_OK)
            return st;
        if (which == nevents) {
            st = push_state(ex, &d, r.t, r.y, diag);
            r.next_out += c->output_step;
        } else if (events[which].g == ev_velocity) {
            st = hf_example_push_peak(ex, r.t, r.y[0], diag);
        } else if (is_stuck) {
            d.mode = SLIDING;
            d.s = which == 0 ? 1.0 : -1.0;
            ex->zones.rest_start = c->duration;
            st = push_state(ex, &d, r.t, r.y, diag);
        } else if (which == 1) {
            stick_or_slip(&d, r.y, ex, r.t);
        } else {
            st = impact(&r, (int)which - 2, diag);
        }
        if (st != HF_OK)
            return st;
    }
    return HF_OK;
}
