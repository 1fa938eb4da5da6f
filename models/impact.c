/* SPDX-License-Identifier: GPL-3.0-or-later */
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

#include "core/ode_events.h"
#include "models/impact_internal.h"

void hf_impact_params_init(hf_impact_params *params)
{
    params->law = HF_IMPACT_HUNT_CROSSLEY;
    hf_contact_init(&params->contact);
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
    double mu;         /* residual law: μ = h K δ_H^{n−1}/v⁻ (N·s/m²) */
} impact_model;

static int nonnegative_finite(double x) { return isfinite(x) && x >= 0.0; }

/* The parameters: the contact (hf_contact_check: HF_EDOM for a bad m, K,
 * n or v⁻, HF_ERANGE for its scales), then HF_EDOM naming the first bad
 * value of the rest (Kelvin–Voigt with n != 1, damping or load negative or
 * not finite, tolerance or event tolerance outside (0, 1e-3]). */
static hf_status check_params(const hf_impact_params *p, hf_diag *diag)
{
    if (p == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no impact parameters");
    if (p->law != HF_IMPACT_HUNT_CROSSLEY && p->law != HF_IMPACT_LINEAR_DAMPER &&
        p->law != HF_IMPACT_KELVIN_VOIGT && p->law != HF_IMPACT_RESIDUAL)
        return hf_diag_set(diag, HF_EINVAL, "unknown force law %d", (int)p->law);
    hf_status st = hf_contact_check(&p->contact, diag);
    if (st != HF_OK)
        return st;
    if (p->law == HF_IMPACT_KELVIN_VOIGT && p->contact.exponent != 1.0)
        return hf_diag_set(diag, HF_EDOM, "Kelvin-Voigt needs exponent n = 1, not %g",
                           p->contact.exponent);
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

hf_status hf_impact_check_restitution(const char *what, double e, hf_diag *diag)
{
    if (!(e >= HF_IMPACT_E_MIN && e <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "%s = %g is outside the supported [%g, 1]",
                           what ? what : "restitution", e, HF_IMPACT_E_MIN);
    return HF_OK;
}

/* K·sign(δ)|δ|^n: the odd extension lets the stepper take the stage that
 * overshoots δ = 0 in the step where the separation event is located. */
static double spring(const hf_impact_params *p, double n, double delta)
{
    double s = p->contact.stiffness * pow(fabs(delta), n);
    return delta < 0.0 ? -s : s;
}

static void model_init(impact_model *m, const hf_impact_params *p)
{
    m->p = p;
    m->n = p->law == HF_IMPACT_KELVIN_VOIGT ? 1.0 : p->contact.exponent;
    m->scale_d = pow((m->n + 1.0) * p->contact.mass * p->contact.approach_speed * p->contact.approach_speed /
                     (2.0 * p->contact.stiffness), 1.0 / (m->n + 1.0));
    m->scale_f = p->contact.stiffness * pow(m->scale_d, m->n);
    m->mu = p->law == HF_IMPACT_RESIDUAL
                ? p->damping * m->scale_f / (m->scale_d * p->contact.approach_speed) : 0.0;
}

static double force_as_written(const impact_model *m, double delta, double delta_dot)
{
    const hf_impact_params *p = m->p;
    switch (p->law) {
    case HF_IMPACT_HUNT_CROSSLEY:
        return spring(p, m->n, delta) * (1.0 + p->damping * delta_dot / p->contact.approach_speed);
    case HF_IMPACT_RESIDUAL:   /* Eq. 9 of the extended abstract */
        return spring(p, m->n, delta) + m->mu * delta * delta_dot;
    default:
        return spring(p, m->n, delta) + p->damping * delta_dot;
    }
}

double hf_impact_force(const hf_impact_params *params, double delta, double delta_dot)
{
    impact_model m;
    model_init(&m, params);
    return force_as_written(&m, delta, delta_dot);
}

/* The force acting in the equation of motion: clamped when asked. */
static double force_acting(const impact_model *m, double delta, double delta_dot)
{
    double f = force_as_written(m, delta, delta_dot);
    if (m->p->clamp && m->p->law == HF_IMPACT_HUNT_CROSSLEY && f < 0.0)
        f = 0.0;
    return f;
}

static int impact_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const impact_model *m = params;
    const hf_impact_params *p = m->p;
    double delta = y[0] * m->scale_d, delta_dot = y[1] * p->contact.approach_speed;
    dydt[0] = p->contact.approach_speed / m->scale_d * y[1];
    dydt[1] = (p->load - force_acting(m, delta, delta_dot)) / (p->contact.mass * p->contact.approach_speed);
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

/* Settled at the static equilibrium of a load P > 0: falls through 0 when
 * both |F − P| <= HF_IMPACT_REST_TOL P and |δ̇| <= HF_IMPACT_REST_TOL v⁻.
 * An overdamped contact (the linear damper with a large c, a Hunt–Crossley
 * h ~ 1e4..1e6) creeps towards F = P without δ̇ ever changing sign, so the
 * stall event never fires.  Waiting for δ to reach (P/K)^{1/n} instead is
 * not affordable: the creep is stiff (velocity relaxes at K δ^n h/(m v⁻)
 * ~ 4e6 /s for the ball at h = 1.6e6 while δ moves on a ~4 s scale), so
 * an explicit stepper would need ~1e8 steps.  A contact pressed by its
 * load with F = P and δ̇ ~ 0 is at rest for every purpose here; δ may
 * still creep slowly towards (P/K)^{1/n}. */
static double event_settled(double t, const double y[], void *params)
{
    (void)t;
    const impact_model *m = params;
    const hf_impact_params *p = m->p;
    double f = force_acting(m, y[0] * m->scale_d, y[1] * p->contact.approach_speed);
    return fmax(fabs(f - p->load) / p->load, fabs(y[1])) - HF_IMPACT_REST_TOL;
}

/* Linear damper: c δ̇ + K δ^n = 0, Eq. 20 of Poursina & Nikravesh; the
 * residual law: μ δ δ̇ + K δ^n = 0. */
static double event_zero_force(double t, const double y[], void *params)
{
    (void)t;
    const impact_model *m = params;
    return force_as_written(m, y[0] * m->scale_d, y[1] * m->p->contact.approach_speed) /
           m->scale_f;
}

/* dF/dt, scaled by K δ_H^n v⁻/δ_H; falls through 0 at a local force maximum. */
static double event_force_peak(double t, const double y[], void *params)
{
    (void)t;
    const impact_model *m = params;
    const hf_impact_params *p = m->p;
    double delta = y[0] * m->scale_d, delta_dot = y[1] * p->contact.approach_speed;
    double f = force_acting(m, delta, delta_dot);
    double accel = (p->load - f) / p->contact.mass;
    double dspring = p->contact.stiffness * m->n * pow(fabs(delta), m->n - 1.0) * delta_dot;
    double dfdt;
    if (p->law == HF_IMPACT_HUNT_CROSSLEY)
        dfdt = dspring * (1.0 + p->damping * delta_dot / p->contact.approach_speed) +
               spring(p, m->n, delta) * p->damping * accel / p->contact.approach_speed;
    else if (p->law == HF_IMPACT_RESIDUAL)
        dfdt = dspring + m->mu * (delta_dot * delta_dot + delta * accel);
    else
        dfdt = dspring + p->damping * accel;
    return dfdt / (m->scale_f * p->contact.approach_speed / m->scale_d);
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
    double delta = y[0] * m->scale_d, delta_dot = y[1] * m->p->contact.approach_speed;
    r->fn(t, delta, delta_dot, force_acting(m, delta, delta_dot), r->user);
}

/* The time budget: the contact lasts a few δ_H/v⁻, longer when heavily
 * damped Hunt–Crossley creeps back at |δ̇| < v⁻/h. */
static void options_init(hf_ode_options *o, const impact_model *m)
{
    const hf_impact_params *p = m->p;
    double t_scale = m->scale_d / p->contact.approach_speed;
    double slow = p->law == HF_IMPACT_HUNT_CROSSLEY || p->law == HF_IMPACT_RESIDUAL
                      ? p->damping : 0.0;
    hf_ode_options_init(o);
    o->abs_tol = p->tolerance;
    o->rel_tol = p->tolerance;
    o->event_tol = p->event_tolerance;
    o->h0 = 1e-3 * t_scale;
    o->t_max = 1e4 * t_scale * (1.0 + slow);
    o->max_steps = HF_IMPACT_MAX_STEPS;
}

/* The events that end the restitution stage, into ev (room for 4);
 * returns how many.  With a load, the rebound stalling inside the contact
 * (δ̇ rising back to 0) ends it too: HF_IMPACT_END_REST.  Why that is
 * rest and not a pause: at a stall δ is at a minimum, so δ̈ >= 0 and
 * K δ^n <= P there, and the energy E = m δ̇²/2 + K δ^{n+1}/(n+1) − P δ =
 * δ (K δ^n/(n+1) − P) < 0.  Every force law here only dissipates (dE/dt
 * <= 0), while leaving at δ = 0 needs E = m δ̇²/2 >= 0: a Hunt–Crossley
 * contact can never separate after a stall.  (The linear damper and the
 * residual law separate at F = 0 with δ_s > 0, where this bound does not
 * apply; for them a stall is taken as the definition of coming to rest, and documented so.)
 * Without the event, a heavily damped ball settles at the static
 * deformation (P/K)^{1/n}, F → P, and the integration never ends.  An
 * overdamped approach to that equilibrium has no stall; event_settled
 * ends it there instead (F within 1e-6 P of P and |δ̇| <= 1e-6 v⁻). */
static size_t separation_events(const hf_impact_params *p, hf_ode_event *ev)
{
    size_t count = 0;
    if (p->law != HF_IMPACT_HUNT_CROSSLEY) {
        ev[count++] = (hf_ode_event){event_zero_force, -1};
    } else {
        ev[count++] = (hf_ode_event){event_deformation, -1};
        if (p->clamp)
            ev[count++] = (hf_ode_event){event_hc_factor, -1};
    }
    if (p->load > 0.0) {
        ev[count++] = (hf_ode_event){event_velocity, +1};
        ev[count++] = (hf_ode_event){event_settled, -1};
    }
    return count;
}

static hf_impact_end end_of(const hf_ode_event *ev)
{
    if (ev->g == event_velocity || ev->g == event_settled)
        return HF_IMPACT_END_REST;
    return ev->g == event_deformation ? HF_IMPACT_END_DEFORMATION : HF_IMPACT_END_FORCE;
}

/* Times are reported in units of δ_H/v⁻ as well as seconds: for the
 * dimensionless problems (m = K = v⁻ = 1) only the former means anything. */
static hf_status integration_failed(const impact_model *m, hf_status st, double t,
                                    hf_diag *diag)
{
    double t_scale = m->scale_d / m->p->contact.approach_speed;
    if (st == HF_ENOCONV)
        return hf_diag_set(diag, st, "no separation within %d steps "
                           "(stopped at t = %g delta_H/v = %g s; damping %g too large?)",
                           HF_IMPACT_MAX_STEPS, t / t_scale, t,
                           m->p->damping);
    return hf_diag_set(diag, st, "impact integration failed at t = %g delta_H/v (%g s): %s",
                       t / t_scale, t, hf_strerror(st));
}

/* What one simulation may still spend, over all its stages and restarts. */
typedef struct impact_budget {
    size_t steps_left;
    size_t peaks_left;
} impact_budget;

/* Integrates one stage whose terminal events are ev[0 .. nterm-1]; with
 * track_peaks, at each extremum of F (ev[nterm]) the force is recorded
 * into *force_max and the stage continues.  On return *which < nterm names the terminal event. */
static hf_status run_stage(const impact_model *m, hf_ode_event *ev, size_t nterm,
                           int track_peaks, const hf_ode_options *o, impact_budget *budget,
                           double *t, double *y, size_t *which, double *force_max,
                           sample_relay *relay, hf_diag *diag)
{
    ev[nterm] = (hf_ode_event){event_force_peak, -1};
    size_t nevents = nterm + (track_peaks ? 1 : 0);
    hf_ode_options left = *o;
    for (;;) {
        /* One budget for all restarts: each restart used to get a fresh
         * max_steps, so a contact oscillating about a load's equilibrium
         * (a force peak every swing) never ran out. */
        left.max_steps = budget->steps_left;
        size_t calls_before = relay->calls;
        hf_status st = budget->steps_left == 0
                           ? HF_ENOCONV
                           : hf_ode_integrate_to_event(impact_rhs, 2, (void *)m, ev, nevents,
                                                       &left, t, y, which, relay_sample, relay,
                                                       NULL);
        size_t used = relay->calls - calls_before;   /* >= the accepted steps */
        budget->steps_left -= used < budget->steps_left ? used : budget->steps_left;
        relay->skip_first = 1;
        if (st != HF_OK)
            return integration_failed(m, st, *t, diag);
        double f = force_acting(m, y[0] * m->scale_d, y[1] * m->p->contact.approach_speed);
        if (f > *force_max)
            *force_max = f;
        if (*which < nterm)
            return HF_OK;
        /* Past the cap, F is creeping (dF/dt at rounding level) and the
         * extrema are noise: the stage goes on without them, *force_max
         * keeping the largest located so far. */
        if (--budget->peaks_left == 0)
            nevents = nterm;
        /* Restarting at an extremum of F, the rate dF/dt is ~1e-16 of either
         * sign; looking for the same extremum again would find it at once,
         * over and over.  After a maximum the next extremum is a minimum
         * (dF/dt rising through 0), and after that a maximum again. */
        ev[nterm].direction = -ev[nterm].direction;
        /* A force peak can coincide with a terminal event (undamped Hertz:
         * dF/dt and δ̇ vanish together).  Every falling terminal event is
         * > 0 at the stage start, so g <= 0 here means it happened at this
         * same point; continuing would lose it.  The rising rest event
         * cannot coincide with a peak (at a stall dF/dt ∝ P − F >= 0) and
         * is < 0 all through the rebound, so it is not tested here. */
        for (size_t j = 0; j < nterm; ++j)
            if (ev[j].direction < 0 && ev[j].g(*t, y, (void *)m) <= 0.0) {
                *which = j;
                return HF_OK;
            }
    }
}

hf_status hf_impact_simulate(const hf_impact_params *params, hf_impact_result *result,
                             hf_impact_sample_fn sample, void *user, hf_diag *diag)
{
    hf_status st = check_params(params, diag);
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
    double force_max = force_acting(&m, 0.0, params->contact.approach_speed);
    size_t which;
    hf_ode_event ev[5];   /* up to 4 terminal events and the force extremum */
    impact_budget budget = {HF_IMPACT_MAX_STEPS, HF_IMPACT_MAX_PEAKS};

    /* The largest force is always reached in compression: in restitution
     * (δ̇ < 0 until separation or a stall) every law gives F <= K δ^n <=
     * K δ_max^n, the force at the end of compression.  So force maxima are
     * located in compression only; in restitution, where a heavily damped
     * contact creeps at F ≈ P with dF/dt ≈ 0, extremum events would only
     * be rounding noise. */
    ev[0] = (hf_ode_event){event_velocity, -1};
    size_t ncomp = 1;
    if (params->load > 0.0)   /* a creeping compression can settle, too */
        ev[ncomp++] = (hf_ode_event){event_settled, -1};
    st = run_stage(&m, ev, ncomp, 1, &o, &budget, &t, y, &which, &force_max, &relay, diag);
    if (st != HF_OK)
        return st;
    memset(result, 0, sizeof *result);
    result->time_max = t;
    result->delta_max = y[0] * m.scale_d;

    if (ev[which].g != event_settled) {
        size_t nsep = separation_events(params, ev);
        st = run_stage(&m, ev, nsep, 0, &o, &budget, &t, y, &which, &force_max, &relay, diag);
        if (st != HF_OK)
            return st;
    }
    result->end = end_of(&ev[which]);
    result->contact_time = t;
    result->delta_sep = y[0] * m.scale_d;
    /* At rest δ̇ = 0 exactly; the located event leaves ~1e-16 v⁻ of noise. */
    result->delta_dot_sep = result->end == HF_IMPACT_END_REST ? 0.0 : y[1] * params->contact.approach_speed;
    result->e_out = result->end == HF_IMPACT_END_REST ? 0.0 : -y[1];
    result->force_max = force_max;
    result->steps = relay.calls;
    return HF_OK;
}

hf_status hf_impact_e_out(const hf_impact_params *params, double *e_out, hf_diag *diag)
{
    hf_status st = check_params(params, diag);
    if (st != HF_OK)
        return st;
    impact_model m;
    model_init(&m, params);
    hf_ode_options o;
    options_init(&o, &m);
    hf_ode_event ev[4];
    size_t nsep = separation_events(params, ev);
    double t = 0.0, y[2] = {0.0, 1.0};
    size_t which;
    /* One call, so o.max_steps = HF_IMPACT_MAX_STEPS is the whole budget.
     * An overdamped compression that settles ends at the rest event, and
     * e_out is then 0. */
    st = hf_ode_integrate_to_event(impact_rhs, 2, &m, ev, nsep, &o, &t, y, &which, NULL, NULL, NULL);
    if (st != HF_OK)
        return integration_failed(&m, st, t, diag);
    *e_out = end_of(&ev[which]) == HF_IMPACT_END_REST ? 0.0 : -y[1];
    return HF_OK;
}

hf_status hf_impact_history(const hf_impact_params *params, const hf_impact_result *result,
                            size_t count, double *t, double *delta, double *delta_dot,
                            double *force, hf_diag *diag)
{
    hf_status st = check_params(params, diag);
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
        &sys, gsl_odeiv2_step_rk8pd, 1e-3 * m.scale_d / params->contact.approach_speed,
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
        delta_dot[i] = y[1] * params->contact.approach_speed;
        force[i] = force_acting(&m, delta[i], delta_dot[i]);
    }
    gsl_odeiv2_driver_free(d);
    return st;
}
