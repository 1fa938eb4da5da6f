/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/ode_events.c — GSL adaptive ODE integration that stops at located
 * events (see core/ode_events.h for why events are located inside the
 * step rather than at its end).
 *
 * The root is bracketed by the accepted step itself: one GSL step of size
 * H = t1 − t0 from (t0, y0) reproduces y1 exactly, so h ↦ g(t0 + h, y(h))
 * takes the values g0 and g1 at the ends of [0, H] and Brent's method
 * converges inside it.
 */
#include "core/ode_events.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "core/brent.h"

void hf_ode_options_init(hf_ode_options *options)
{
    options->abs_tol = 1e-12;
    options->rel_tol = 1e-12;
    options->event_tol = 1e-14;
    options->h0 = 0.0;
    options->t_max = 1e6;
    options->max_steps = 1000000;
    options->stepper = NULL;
    options->outputs = NULL;
}

/* Everything one integration needs; the buffers are owned here. */
typedef struct ode_run {
    gsl_odeiv2_system sys;
    gsl_odeiv2_step *step;       /* the adaptive integration */
    gsl_odeiv2_step *probe;      /* single steps inside an accepted step */
    gsl_odeiv2_control *control;
    gsl_odeiv2_evolve *evolve;
    double *y0;                  /* state at the start of the current step */
    double *work;                /* state of a probe step */
    double *yerr;
} ode_run;

typedef struct probe_ctx {
    ode_run *run;
    const hf_ode_event *event;
    double t0;
} probe_ctx;

static void ode_run_free(ode_run *r)
{
    if (r->evolve) gsl_odeiv2_evolve_free(r->evolve);
    if (r->control) gsl_odeiv2_control_free(r->control);
    if (r->probe) gsl_odeiv2_step_free(r->probe);
    if (r->step) gsl_odeiv2_step_free(r->step);
    free(r->y0);
    free(r->work);
    free(r->yerr);
}

static hf_status ode_run_alloc(ode_run *r, hf_ode_rhs_fn rhs, size_t dim, void *params,
                               const hf_ode_options *o)
{
    memset(r, 0, sizeof *r);
    const gsl_odeiv2_step_type *type = o->stepper ? o->stepper : gsl_odeiv2_step_rk8pd;
    r->sys.function = rhs;
    r->sys.jacobian = NULL;
    r->sys.dimension = dim;
    r->sys.params = params;
    r->step = gsl_odeiv2_step_alloc(type, dim);
    r->probe = gsl_odeiv2_step_alloc(type, dim);
    r->control = gsl_odeiv2_control_y_new(o->abs_tol, o->rel_tol);
    r->evolve = gsl_odeiv2_evolve_alloc(dim);
    /* owned by the run: ode_run_free */
    r->y0 = malloc(sizeof(double) * dim);
    r->work = malloc(sizeof(double) * dim);
    r->yerr = malloc(sizeof(double) * dim);
    if (!r->step || !r->probe || !r->control || !r->evolve || !r->y0 || !r->work || !r->yerr) {
        ode_run_free(r);
        return HF_ENOMEM;
    }
    return HF_OK;
}

/* State after one step of size h from (t0, y0), into run->work. */
static int probe_state(ode_run *r, double t0, double h)
{
    memcpy(r->work, r->y0, sizeof(double) * r->sys.dimension);
    if (h == 0.0)
        return GSL_SUCCESS;
    gsl_odeiv2_step_reset(r->probe);
    return gsl_odeiv2_step_apply(r->probe, t0, h, r->work, r->yerr, NULL, NULL, &r->sys);
}

static hf_status probe_event(double h, void *p, double *g)
{
    probe_ctx *c = p;
    if (probe_state(c->run, c->t0, h) != GSL_SUCCESS)
        return HF_EGSL;
    *g = c->event->g(c->t0 + h, c->run->work, c->run->sys.params);
    return HF_OK;
}

static int crossed(int direction, double g0, double g1)
{
    int falling = (g0 > 0.0 && g1 <= 0.0);
    int rising = (g0 < 0.0 && g1 >= 0.0);
    if (direction < 0) return falling;
    if (direction > 0) return rising;
    return falling || rising;
}

/* Step fraction h in (0, H] where event e crosses zero; GSL Brent. */
static hf_status locate(ode_run *r, const hf_ode_event *e, double t0, double H,
                        double g1, double event_tol, double *h_root)
{
    if (g1 == 0.0) {
        *h_root = H;
        return HF_OK;
    }
    probe_ctx ctx = {r, e, t0};
    const hf_brent_tolerance tol = {event_tol * H, 0.0, 200};
    hf_brent_result root;
    hf_status st = hf_brent_root(probe_event, &ctx, 0.0, H, &tol, "event", &root, NULL);
    /* The later end of the final bracket: within event_tol·H of the root. */
    if (st == HF_OK)
        *h_root = root.upper;
    return st;
}

/* The requested outputs at times up to t0 + h_end, probed from (t0, y0). */
static hf_status emit_outputs(ode_run *r, hf_ode_outputs *out, double t0, double h_end)
{
    if (out == NULL)
        return HF_OK;
    while (out->next < out->n && out->t[out->next] - t0 <= h_end) {
        double h = fmax(out->t[out->next] - t0, 0.0);
        if (probe_state(r, t0, h) != GSL_SUCCESS)
            return HF_EGSL;
        out->at(out->t[out->next], r->work, out->user);
        out->next++;
    }
    return HF_OK;
}

/* The earliest event crossed in the accepted step [t0, t1]; *which stays
 * nevents when none was crossed. */
static hf_status earliest_event(ode_run *r, const hf_ode_event *events, size_t nevents,
                                const double *g0, double t0, double t1, const double *y1,
                                double event_tol, size_t *which, double *h_event)
{
    *which = nevents;
    for (size_t k = 0; k < nevents; ++k) {
        double g1 = events[k].g(t1, y1, r->sys.params);
        if (!crossed(events[k].direction, g0[k], g1))
            continue;
        double h;
        hf_status st = locate(r, &events[k], t0, t1 - t0, g1, event_tol, &h);
        if (st != HF_OK)
            return st;
        if (*which == nevents || h < *h_event) {
            *which = k;
            *h_event = h;
        }
    }
    return HF_OK;
}

/* One accepted step of size up to *h from (*t, y): HF_OK when an event
 * ended it (*t and y at the event, *which the event), HF_ENOCONV when none
 * did (g0 and the outputs brought up to the new *t), or the failure. */
static hf_status step_to_event(ode_run *r, const hf_ode_event *events, size_t nevents,
                               const hf_ode_options *o, double *g0, double *h, double *t,
                               double *y, size_t *which, hf_ode_sample_fn sample,
                               void *sample_user)
{
    size_t dim = r->sys.dimension;
    double t0 = *t;
    memcpy(r->y0, y, sizeof(double) * dim);
    if (gsl_odeiv2_evolve_apply(r->evolve, r->control, r->step, &r->sys, t, o->t_max, h, y)
        != GSL_SUCCESS)
        return HF_EGSL;
    double h_event = 0.0;
    size_t k;
    hf_status st = earliest_event(r, events, nevents, g0, t0, *t, y, o->event_tol, &k, &h_event);
    if (st != HF_OK)
        return st;
    if (emit_outputs(r, o->outputs, t0, k < nevents ? h_event : *t - t0) != HF_OK)
        return HF_EGSL;
    if (k < nevents) {
        if (probe_state(r, t0, h_event) != GSL_SUCCESS)
            return HF_EGSL;
        memcpy(y, r->work, sizeof(double) * dim);
        *t = t0 + h_event;
        *which = k;
        if (sample)
            sample(*t, y, sample_user);
        return HF_OK;
    }
    for (size_t j = 0; j < nevents; ++j)
        g0[j] = events[j].g(*t, y, r->sys.params);
    if (sample)
        sample(*t, y, sample_user);
    return HF_ENOCONV;
}

/* Whether there is a right-hand side, a state, an event and a time span. */
static int integration_defined(hf_ode_rhs_fn rhs, size_t dim, const hf_ode_event *events,
                               size_t nevents, const double *t, const double *y,
                               const size_t *which, const hf_ode_options *o)
{
    return rhs != NULL && dim != 0 && events != NULL && nevents != 0 && t != NULL &&
           y != NULL && which != NULL && o->t_max > *t;
}

/* The failure of an integration, in one line of DIAG. */
static hf_status integration_failure(hf_status st, double t, const hf_ode_options *o,
                                     hf_diag *diag)
{
    if (st == HF_ENOCONV)
        return hf_diag_set(diag, st, "ODE: no event before t = %g (t_max %g, %zu steps at "
                           "most)", t, o->t_max, o->max_steps);
    return hf_diag_set(diag, st, "ODE: %s at t = %g", st == HF_EGSL ? "GSL's stepper failed"
                       : hf_strerror(st), t);
}

hf_status hf_ode_integrate_to_event(hf_ode_rhs_fn rhs, size_t dim, void *params,
                                    const hf_ode_event *events, size_t nevents,
                                    const hf_ode_options *options,
                                    double *t, double *y, size_t *which,
                                    hf_ode_sample_fn sample, void *sample_user,
                                    hf_diag *diag)
{
    hf_ode_options defaults;
    hf_ode_options_init(&defaults);
    const hf_ode_options *o = options ? options : &defaults;
    if (!integration_defined(rhs, dim, events, nevents, t, y, which, o))
        return hf_diag_set(diag, HF_EINVAL, "ODE: no right-hand side, state, events or time "
                           "span to integrate");
    /* freed before returning */
    double *g0 = malloc(sizeof(double) * nevents);
    if (g0 == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "ODE: out of memory");
    ode_run r;
    hf_status st = ode_run_alloc(&r, rhs, dim, params, o);
    if (st != HF_OK) {
        free(g0);
        return hf_diag_set(diag, st, "ODE: out of memory for GSL's stepper");
    }
    double h = o->h0 > 0.0 ? o->h0 : 1e-6 * (o->t_max - *t);
    for (size_t k = 0; k < nevents; ++k)
        g0[k] = events[k].g(*t, y, params);
    if (sample)
        sample(*t, y, sample_user);
    memcpy(r.y0, y, sizeof(double) * dim);
    st = emit_outputs(&r, o->outputs, *t, 0.0) == HF_OK ? HF_ENOCONV : HF_EGSL;
    for (size_t n = 0; st == HF_ENOCONV && n < o->max_steps && *t < o->t_max; ++n)
        st = step_to_event(&r, events, nevents, o, g0, &h, t, y, which, sample, sample_user);
    ode_run_free(&r);
    free(g0);
    return st == HF_OK ? HF_OK : integration_failure(st, *t, o, diag);
}

hf_status hf_ode_check_times(size_t n, const double *t, const char *what, hf_diag *diag)
{
    for (size_t i = 0; i < n; ++i) {
        if (isnan(t[i]))
            return hf_diag_set(diag, HF_EINVAL, "%s: time %zu is NaN", what, i);
        if (i > 0 && t[i] < t[i - 1])
            return hf_diag_set(diag, HF_EINVAL, "%s: time %zu (%.17g) is before time %zu "
                               "(%.17g); times must be nondecreasing", what, i, t[i], i - 1,
                               t[i - 1]);
    }
    return HF_OK;
}
