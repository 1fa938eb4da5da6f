/*
 * models/impact.c — one direct central impact integrated to its events
 * (hertzfit/impact.h): compression to δ̇ = 0, restitution to separation at
 * δ = 0 or F = 0, with every local force maximum located on the way.
 *
 * The integration itself is hf_ode_integrate_to_event (GSL rk8pd with
 * events located by Brent inside the accepted step).  This file only
 * supplies the right-hand side, the event functions and the staging.  The
 * state is scaled, y = (δ/δ_H, δ̇/v⁻), so that the per-step tolerance is
 * relative to the natural size of each component in any units.
 */
#include "hertzfit/impact.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "hertzfit/ode_events.h"

void hf_impact_params_init(hf_impact_params *params)
{
    params->law = HF_IMPACT_HUNT_CROSSLEY;
    params->mass = 1.0;
    params->stiffness = 1.0;
    params->exponent = 1.5;
    params->velocity = 1.0;
    params->damping = 0.0;
    params->load = 0.0;
    params->clamp = 0;
    params->tolerance = 1e-12;
    params->event_tolerance = 1e-14;
}

/* What the right-hand side and the event functions read. */
typedef struct impact_model {
    const hf_impact_params *p;
    double n;          /* exponent (1 for Kelvin–Voigt) */
    double scale_d;    /* δ_H, Eq. 27 of Poursina & Nikravesh */
    double scale_f;    /* K δ_H^n, the force scale */
} impact_model;

static int positive_finite(double x) { return isfinite(x) && x > 0.0; }
static int nonnegative_finite(double x) { return isfinite(x) && x >= 0.0; }

hf_status hf_impact_check(const hf_impact_params *p, hf_diag *diag)
{
    if (p == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no impact parameters");
    if (p->law != HF_IMPACT_HUNT_CROSSLEY && p->law != HF_IMPACT_LINEAR_DAMPER &&
        p->law != HF_IMPACT_KELVIN_VOIGT)
        return hf_diag_set(diag, HF_EINVAL, "unknown force law %d", (int)p->law);
    if (!positive_finite(p->mass))
        return hf_diag_set(diag, HF_EDOM, "mass m = %g must be positive and finite", p->mass);
    if (!positive_finite(p->stiffness))
        return hf_diag_set(diag, HF_EDOM, "stiffness K = %g must be positive and finite",
                           p->stiffness);
    if (!positive_finite(p->velocity))
        return hf_diag_set(diag, HF_EDOM, "impact velocity v = %g must be positive and finite",
                           p->velocity);
    if (!(p->exponent >= 1.0 && p->exponent <= 2.0))
        return hf_diag_set(diag, HF_EDOM, "exponent n = %g is outside [1, 2]", p->exponent);
    if (p->law == HF_IMPACT_KELVIN_VOIGT && p->exponent != 1.0)
        return hf_diag_set(diag, HF_EDOM, "Kelvin-Voigt needs exponent n = 1, not %g",
                           p->exponent);
    if (!nonnegative_finite(p->damping))
        return hf_diag_set(diag, HF_EDOM, "damping = %g must be >= 0 and finite", p->damping);
    if (!nonnegative_finite(p->load))
        return hf_diag_set(diag, HF_EDOM, "load P = %g must be >= 0 and finite", p->load);
    if (!(p->tolerance > 0.0 && p->tolerance <= 1e-3))
        return hf_diag_set(diag, HF_EDOM, "tolerance = %g is outside (0, 1e-3]", p->tolerance);
    if (!(p->event_tolerance > 0.0 && p->event_tolerance <= 1e-3))
        return hf_diag_set(diag, HF_EDOM, "event tolerance = %g is outside (0, 1e-3]",
                           p->event_tolerance);
    return HF_OK;
}

/* K·sign(δ)|δ|^n: the odd extension lets the stepper take the stage that
 * overshoots δ = 0 in the step where the separation event is located. */
static double spring(const hf_impact_params *p, double n, double delta)
{
    double s = p->stiffness * pow(fabs(delta), n);
    return delta < 0.0 ? -s : s;
}

static double force_as_written(const hf_impact_params *p, double n, double delta,
                               double delta_dot)
{
    if (p->law == HF_IMPACT_HUNT_CROSSLEY)
        return spring(p, n, delta) * (1.0 + p->damping * delta_dot / p->velocity);
    return spring(p, n, delta) + p->damping * delta_dot;
}

double hf_impact_force(const hf_impact_params *params, double delta, double delta_dot)
{
    double n = params->law == HF_IMPACT_KELVIN_VOIGT ? 1.0 : params->exponent;
    return force_as_written(params, n, delta, delta_dot);
}

/* The force acting in the equation of motion: clamped when asked. */
static double force_acting(const impact_model *m, double delta, double delta_dot)
{
    double f = force_as_written(m->p, m->n, delta, delta_dot);
    if (m->p->clamp && m->p->law == HF_IMPACT_HUNT_CROSSLEY && f < 0.0)
        f = 0.0;
    return f;
}

static int impact_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const impact_model *m = params;
    const hf_impact_params *p = m->p;
    double delta = y[0] * m->scale_d, delta_dot = y[1] * p->velocity;
    dydt[0] = p->velocity / m->scale_d * y[1];
    dydt[1] = (p->load - force_acting(m, delta, delta_dot)) / (p->mass * p->velocity);
    return isfinite(dydt[1]) ? GSL_SUCCESS : GSL_EBADFUNC;
}

/* ---- event functions (scaled, the sign is what matters) ---------------- */

static double event_velocity(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[1];
}

static double event_deformation(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[0];
}

/* Clamped Hunt–Crossley: F = K δ^n w with w = 1 + h δ̇/v⁻; F reaches 0
 * with δ > 0 exactly where w does. */
static double event_hc_factor(double t, const double y[], void *params)
{
    (void)t;
    const impact_model *m = params;
    return 1.0 + m->p->damping * y[1];
}

/* Linear damper: c δ̇ + K δ^n = 0, Eq. 20 of Poursina & Nikravesh. */
static double event_zero_force(double t, const double y[], void *params)
{
    (void)t;
    const impact_model *m = params;
    return force_as_written(m->p, m->n, y[0] * m->scale_d, y[1] * m->p->velocity) /
           m->scale_f;
}

/* dF/dt, scaled by K δ_H^n v⁻/δ_H; falls through 0 at a local force maximum. */
static double event_force_peak(double t, const double y[], void *params)
{
    (void)t;
    const impact_model *m = params;
    const hf_impact_params *p = m->p;
    double delta = y[0] * m->scale_d, delta_dot = y[1] * p->velocity;
    double f = force_acting(m, delta, delta_dot);
    double accel = (p->load - f) / p->mass;
    double dspring = p->stiffness * m->n * pow(fabs(delta), m->n - 1.0) * delta_dot;
    double dfdt;
    if (p->law == HF_IMPACT_HUNT_CROSSLEY)
        dfdt = dspring * (1.0 + p->damping * delta_dot / p->velocity) +
               spring(p, m->n, delta) * p->damping * accel / p->velocity;
    else
        dfdt = dspring + p->damping * accel;
    return dfdt / (m->scale_f * p->velocity / m->scale_d);
}

/* ---- staging ------------------------------------------------------------ */

typedef struct sample_relay {
    const impact_model *m;
    hf_impact_sample_fn fn;
    void *user;
    size_t calls;
    int skip_first;    /* a continued stage repeats its starting point */
} sample_relay;

static void relay_sample(double t, const double y[], void *user)
{
    sample_relay *r = user;
    ++r->calls;
    if (r->skip_first) {
        r->skip_first = 0;
        return;
    }
    if (r->fn == NULL)
        return;
    const impact_model *m = r->m;
    double delta = y[0] * m->scale_d, delta_dot = y[1] * m->p->velocity;
    r->fn(t, delta, delta_dot, force_acting(m, delta, delta_dot), r->user);
}

static void model_init(impact_model *m, const hf_impact_params *p)
{
    m->p = p;
    m->n = p->law == HF_IMPACT_KELVIN_VOIGT ? 1.0 : p->exponent;
    m->scale_d = pow((m->n + 1.0) * p->mass * p->velocity * p->velocity /
                     (2.0 * p->stiffness), 1.0 / (m->n + 1.0));
    m->scale_f = p->stiffness * pow(m->scale_d, m->n);
}

/* The time budget: the contact lasts a few δ_H/v⁻, longer when heavily
 * damped Hunt–Crossley creeps back at |δ̇| < v⁻/h. */
static void options_init(hf_ode_options *o, const impact_model *m)
{
    const hf_impact_params *p = m->p;
    double t_scale = m->scale_d / p->velocity;
    double slow = p->law == HF_IMPACT_HUNT_CROSSLEY ? p->damping : 0.0;
    hf_ode_options_init(o);
    o->abs_tol = p->tolerance;
    o->rel_tol = p->tolerance;
    o->event_tol = p->event_tolerance;
    o->h0 = 1e-3 * t_scale;
    o->t_max = 1e4 * t_scale * (1.0 + slow);
}

/* The events that end the restitution stage, into ev; returns how many. */
static size_t separation_events(const hf_impact_params *p, hf_ode_event *ev)
{
    if (p->law != HF_IMPACT_HUNT_CROSSLEY) {
        ev[0] = (hf_ode_event){event_zero_force, -1};
        return 1;
    }
    ev[0] = (hf_ode_event){event_deformation, -1};
    if (!p->clamp)
        return 1;
    ev[1] = (hf_ode_event){event_hc_factor, -1};
    return 2;
}

static hf_status integration_failed(hf_status st, double t, hf_diag *diag)
{
    if (st == HF_ENOCONV)
        return hf_diag_set(diag, st, "no separation found by t = %g s (step or time budget "
                           "exhausted; damping too large?)", t);
    return hf_diag_set(diag, st, "impact integration failed at t = %g s: %s", t,
                       hf_strerror(st));
}

/* Integrates one stage whose terminal events are ev[0 .. nterm-1]; the
 * force-peak event (ev[nterm]) is recorded into *force_max and the stage
 * continues.  On return *which < nterm names the terminal event. */
static hf_status run_stage(const impact_model *m, hf_ode_event *ev, size_t nterm,
                           const hf_ode_options *o, double *t, double *y, size_t *which,
                           double *force_max, sample_relay *relay, hf_diag *diag)
{
    ev[nterm] = (hf_ode_event){event_force_peak, -1};
    for (;;) {
        hf_status st = hf_ode_integrate_to_event(impact_rhs, 2, (void *)m, ev, nterm + 1, o,
                                                 t, y, which, relay_sample, relay);
        relay->skip_first = 1;
        if (st != HF_OK)
            return integration_failed(st, *t, diag);
        double f = force_acting(m, y[0] * m->scale_d, y[1] * m->p->velocity);
        if (f > *force_max)
            *force_max = f;
        if (*which < nterm)
            return HF_OK;
        /* A force peak can coincide with a terminal event (undamped Hertz:
         * dF/dt and δ̇ vanish together).  Every terminal event falls from
         * > 0 at the stage start, so g <= 0 here means it happened at this
         * same point; continuing would lose it. */
        for (size_t j = 0; j < nterm; ++j)
            if (ev[j].g(*t, y, (void *)m) <= 0.0) {
                *which = j;
                return HF_OK;
            }
    }
}

hf_status hf_impact_simulate(const hf_impact_params *params, hf_impact_result *result,
                             hf_impact_sample_fn sample, void *user, hf_diag *diag)
{
    hf_status st = hf_impact_check(params, diag);
    if (st != HF_OK)
        return st;
    if (result == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no result to fill");
    impact_model m;
    model_init(&m, params);
    hf_ode_options o;
    options_init(&o, &m);
    sample_relay relay = {&m, sample, user, 0, 0};
    double t = 0.0, y[2] = {0.0, 1.0};
    double force_max = force_acting(&m, 0.0, params->velocity);
    size_t which;
    hf_ode_event ev[3];

    ev[0] = (hf_ode_event){event_velocity, -1};
    st = run_stage(&m, ev, 1, &o, &t, y, &which, &force_max, &relay, diag);
    if (st != HF_OK)
        return st;
    memset(result, 0, sizeof *result);
    result->time_max = t;
    result->delta_max = y[0] * m.scale_d;

    size_t nsep = separation_events(params, ev);
    st = run_stage(&m, ev, nsep, &o, &t, y, &which, &force_max, &relay, diag);
    if (st != HF_OK)
        return st;
    result->contact_time = t;
    result->delta_sep = y[0] * m.scale_d;
    result->delta_dot_sep = y[1] * params->velocity;
    result->e_out = -y[1];
    result->force_max = force_max;
    result->end = (ev[which].g == event_deformation) ? HF_IMPACT_END_DEFORMATION
                                                     : HF_IMPACT_END_FORCE;
    result->steps = relay.calls;
    return HF_OK;
}

hf_status hf_impact_e_out(const hf_impact_params *params, double *e_out, hf_diag *diag)
{
    hf_status st = hf_impact_check(params, diag);
    if (st != HF_OK)
        return st;
    impact_model m;
    model_init(&m, params);
    hf_ode_options o;
    options_init(&o, &m);
    hf_ode_event ev[2];
    size_t nsep = separation_events(params, ev);
    double t = 0.0, y[2] = {0.0, 1.0};
    size_t which;
    st = hf_ode_integrate_to_event(impact_rhs, 2, &m, ev, nsep, &o, &t, y, &which, NULL, NULL);
    if (st != HF_OK)
        return integration_failed(st, t, diag);
    *e_out = -y[1];
    return HF_OK;
}

hf_status hf_impact_history(const hf_impact_params *params, const hf_impact_result *result,
                            size_t count, double *t, double *delta, double *delta_dot,
                            double *force, hf_diag *diag)
{
    hf_status st = hf_impact_check(params, diag);
    if (st != HF_OK)
        return st;
    if (result == NULL || count < 2 || t == NULL || delta == NULL || delta_dot == NULL ||
        force == NULL || !(result->contact_time > 0.0))
        return hf_diag_set(diag, HF_EINVAL, "history needs a simulated result and >= 2 points");
    impact_model m;
    model_init(&m, params);
    gsl_odeiv2_system sys = {impact_rhs, NULL, 2, &m};
    /* Owned here, freed below. */
    gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(
        &sys, gsl_odeiv2_step_rk8pd, 1e-3 * m.scale_d / params->velocity,
        params->tolerance, params->tolerance);
    if (d == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "cannot allocate the GSL ODE driver");
    double time = 0.0, y[2] = {0.0, 1.0};
    for (size_t i = 0; i < count && st == HF_OK; ++i) {
        double ti = result->contact_time * (double)i / (double)(count - 1);
        if (i > 0 && gsl_odeiv2_driver_apply(d, &time, ti, y) != GSL_SUCCESS)
            st = hf_diag_set(diag, HF_EGSL, "GSL ODE driver failed at t = %g s", time);
        t[i] = ti;
        delta[i] = y[0] * m.scale_d;
        delta_dot[i] = y[1] * params->velocity;
        force[i] = force_acting(&m, delta[i], delta_dot[i]);
    }
    gsl_odeiv2_driver_free(d);
    return st;
}
