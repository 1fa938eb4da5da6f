/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * systems/example_internal.h — what the worked examples share (private to
 * systems/): the result they fill, the contact law of one impact, and the
 * step of the shared event integrator to the next output time or event.
 */
#ifndef HERTZFIT_SYSTEMS_EXAMPLE_INTERNAL_H
#define HERTZFIT_SYSTEMS_EXAMPLE_INTERNAL_H

#include <stddef.h>
#include "hertzfit/examples.h"
#include "core/ode_events.h"
#include "models/impact_internal.h"

struct hf_example {
    hf_example_id id;
    size_t ncols;
    const char *const *columns;
    double *rows;                  /* owned, row-major */
    size_t nrows, cap_rows;
    double *contact;               /* owned, HF_EXAMPLE_CONTACT_COLUMNS each */
    size_t ncontact, cap_contact;
    hf_example_impact *impacts;    /* owned */
    size_t nimpacts, cap_impacts;
    double *peaks;                 /* owned, (t, x) pairs */
    size_t npeaks, cap_peaks;
    hf_example_zones zones;
};

hf_status hf_example_push_row(hf_example *ex, const double *row, hf_diag *diag);
hf_status hf_example_push_contact(hf_example *ex, double t, double delta, double delta_dot,
                                  double force, hf_diag *diag);
hf_status hf_example_push_impact(hf_example *ex, const hf_example_impact *impact,
                                 hf_diag *diag);
hf_status hf_example_push_peak(hf_example *ex, double t, double x, hf_diag *diag);

/* The contact law of one impact: a Hunt–Crossley-type force with h =
 * h_r(e) of the catalogue model, or the linear damper with c = c_opt(e) of
 * hertzfit/damping.h, for the contact mass MASS and approach speed SPEED.
 * c_opt is solved once per run for m = K = v⁻ = 1 (c_unit) and scaled by
 * Eq. 34, c = c_unit [K v⁻^{n−1} m^n]^{1/(n+1)}, which is exact (λ depends
 * on e and n only).  Fills p (hf_impact_force gives F). */
typedef struct hf_example_law {
    hf_impact_model model;
    const double *profile_ab;
    double e, stiffness, c_unit;   /* c_unit: linear damper only */
} hf_example_law;
hf_status hf_example_law_init(hf_example_law *law, const hf_example_config *c, hf_diag *diag);
hf_status hf_example_law_params(const hf_example_law *law, double mass, double speed,
                                hf_impact_params *p, hf_diag *diag);

/* Integrates from (*t, y) to the first of EVENTS or to t_stop, whichever
 * comes first: *which is the event's index, or nevents at t_stop.  GSL's
 * step control abs_tol + rel_tol |y| per component; h0 the first step. */
hf_status hf_example_advance(hf_ode_rhs_fn rhs, size_t dim, void *params,
                             const hf_ode_event *events, size_t nevents, double abs_tol,
                             double rel_tol, double h0, double t_stop, double *t, double *y,
                             size_t *which, hf_diag *diag);

/* Two generalized coordinates q = (q1, q2) with a diagonal mass matrix and
 * one contact between them: the pendulums and the slider–crank.  The state
 * is y = (q1, q2, q̇1, q̇2); the contact's penetration δ(q) (> 0 in
 * contact) has the Jacobian J = ∂δ/∂q, δ̇ = J q̇, and the compressive force
 * F acts on the coordinates as Q = −F J.  The effective mass of the
 * contact is m* = 1/(J M⁻¹ Jᵀ) at its start; the piecewise method's
 * impulse P = (1 + e) m* δ̇⁻ changes q̇_i by −P J_i/M_i. */
typedef struct hf_example_pair {
    void *params;
    /* δ and J at q */
    void (*geometry)(const double *q, void *params, double *delta, double J[2]);
    /* the diagonal of the mass matrix at q */
    void (*mass)(const double *q, void *params, double m[2]);
    /* q̈ at state y under the generalized contact force Q */
    void (*accel)(const double *y, const double Q[2], void *params, double qdd[2]);
    /* HF_OK, or HF_EDOM naming a contact that starts off the bodies (may
     * be NULL) */
    hf_status (*check_start)(const double *y, double t, void *params, hf_diag *diag);
    /* the series columns after t, y, δ, F (at most 4), may be NULL */
    size_t nextra;
    void (*extra)(const double *y, void *params, double *out);
    const char *const *columns;   /* 7 + nextra names */
} hf_example_pair;

/* Runs the pair from y0 for c->duration with c's law (or the piecewise
 * method), every contact start and separation located. */
hf_status hf_example_pair_run(const hf_example_pair *sys, const hf_example_config *c,
                              const double y0[4], hf_example *ex, hf_diag *diag);

hf_status hf_example_slider_crank_run(const hf_example_config *c, hf_example *ex,
                                      hf_diag *diag);
hf_status hf_example_damper_run(const hf_example_config *c, hf_example *ex, hf_diag *diag);
hf_status hf_example_pendulums_run(const hf_example_config *c, hf_example *ex,
                                   hf_diag *diag);

#endif
