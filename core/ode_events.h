/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/ode_events.h — integrate an ODE with GSL's adaptive steppers
 * until an event, locating the event inside the accepted step (private to the
 * library: the impact simulations of models/ and the worked systems of
 * systems/ use it, no caller of the library does).
 *
 * Every impact model in hertzfit (Hunt–Crossley type, linear damper,
 * Hunter's Maxwell model) ends a stage at an event: δ̇ = 0, δ = 0, F = 0,
 * dω/dτ = 0.  Stopping at the end of the step that crossed it would make
 * e_out and the contact time only as good as the step size.  Instead, when
 * an accepted step [t0, t1] changes the sign of an event function g, the
 * event time is found by GSL's Brent solver on h ↦ g(t0 + h, y(t0 + h)),
 * where y(t0 + h) is one step of the same stepper of size h from (t0, y0):
 * the located event is as accurate as the integration itself.
 */
#ifndef HERTZFIT_CORE_ODE_EVENTS_H
#define HERTZFIT_CORE_ODE_EVENTS_H

#include <stddef.h>
#include <gsl/gsl_odeiv2.h>
#include "hertzfit/status.h"


/* Right-hand side in GSL's signature: return GSL_SUCCESS, or any other
 * value to abort the integration (reported as HF_EGSL). */
typedef int (*hf_ode_rhs_fn)(double t, const double y[], double dydt[], void *params);

/* Event function; the event happens where it crosses zero. */
typedef double (*hf_ode_event_fn)(double t, const double y[], void *params);

typedef struct hf_ode_event {
    hf_ode_event_fn g;
    int direction;   /* -1: g goes from > 0 to <= 0; +1: from < 0 to >= 0; 0: either */
} hf_ode_event;

/* Called at the start point, after every accepted step, and at the event. */
typedef void (*hf_ode_sample_fn)(double t, const double y[], void *user);

/* States at given times, as the integration passes them: each accepted
 * step [t0, t1] (or [t0, event]) calls at(t[i], y(t[i]), user) for every
 * t[next] in it, in order, y(t[i]) being one step of the same stepper of
 * size t[i] − t0 from (t0, y0), as accurate as the integration itself (the
 * same construction as the event location).  A time at or before the start
 * point is given the start state.  next advances across calls, so one
 * hf_ode_outputs can follow a trajectory integrated event by event. */
typedef struct hf_ode_outputs {
    const double *t;      /* n times, nondecreasing */
    size_t n;
    size_t next;          /* first time not passed yet */
    hf_ode_sample_fn at;
    void *user;
} hf_ode_outputs;

typedef struct hf_ode_options {
    double abs_tol;        /* absolute error per step (default 1e-12) */
    double rel_tol;        /* relative error per step (default 1e-12) */
    double event_tol;      /* event time tolerance, relative to the step (default 1e-14) */
    double h0;             /* first step (default 1e-6 of t_max) */
    double t_max;          /* give up past this time (default 1e6) */
    size_t max_steps;      /* give up after this many steps (default 1e6) */
    const gsl_odeiv2_step_type *stepper;  /* default gsl_odeiv2_step_rk8pd */
    hf_ode_outputs *outputs;               /* states at given times (default NULL) */
} hf_ode_options;

void hf_ode_options_init(hf_ode_options *options);

/* Integrates y' = f(t, y) of dimension dim from (*t, y) until the first
 * event among events[0 .. nevents-1] whose sign change has the requested
 * direction.  On HF_OK, *t and y hold the located event point and
 * *which the index of the event.  A starting point with g = 0 does not
 * trigger that event.  HF_ENOCONV when t_max or max_steps is reached first
 * (y then holds the last point), HF_EGSL when GSL fails, HF_EINVAL for bad
 * arguments; the diag says which, with t.  sample may be NULL. */
hf_status hf_ode_integrate_to_event(hf_ode_rhs_fn rhs, size_t dim, void *params,
                                    const hf_ode_event *events, size_t nevents,
                                    const hf_ode_options *options,
                                    double *t, double *y, size_t *which,
                                    hf_ode_sample_fn sample, void *sample_user,
                                    hf_diag *diag);

/* Checks output times for an integration: none NaN, nondecreasing.
 * HF_EINVAL naming WHAT and the index ("WHAT: time 3 is NaN"). */
hf_status hf_ode_check_times(size_t n, const double *t, const char *what, hf_diag *diag);

#endif
