/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/examples.h — the papers' worked examples, each one library call:
 * a system of bodies that collide, simulated with any damping model of the
 * catalogue (hertzfit/damping.h), the Poursina–Nikravesh linear damper with
 * c_opt (hertzfit/damping.h), or the piecewise impulse–momentum method, on the
 * shared event integrator: every contact start and separation, every
 * stick–slip switch and every extremum the example reports is a located
 * event, not a sample.
 *
 *   bouncing-ball   Safaeifar & Farshidianfar 2020 §8 (Table 3): one impact
 *                   of the ball on rigid ground (hf_impact_ball_params).
 *   impact-damper   Safaeifar & Farshidianfar 2020 §9 (Eqs. 64–69, Table 4):
 *                   a 1-DOF primary mass M with a container whose stoppers
 *                   are d apart, and an impact mass m sliding inside it with
 *                   Coulomb friction μ m g.
 *   pendulums       Poursina & Nikravesh 2020 §6: two uniform rods hanging
 *                   from pivots a apart; the tip of rod 2 strikes rod 1.
 *   slider-crank    Safaeifar & Farshidianfar 2020 §10 (Eq. 70, Tables
 *                   5–6): a free slider–crank and a sliding block.
 *
 * What the papers leave open, and what hertzfit assumes (docs/example-*.md
 * say it again next to each figure):
 *   impact damper  the impact mass starts at rest at the container's centre
 *                  plus `offset` (default 0: the centre); C = 2 ξ √(K M);
 *                  g = 9.81 m/s²; the friction sign of Eq. 64 is
 *                  sgn(ẋ_M − ẋ_m), and when the relative velocity reaches 0
 *                  the mass sticks to the container while the friction
 *                  needed, m |ẍ|, stays within μ m g (Coulomb's law; Eq. 64
 *                  alone would chatter); the right stopper is Eq. 69
 *                  mirrored; the contact mass of the force law is the
 *                  reduced mass M m/(M + m); δ̇⁻ is each impact's own
 *                  approach speed.
 *   pendulums      pivots at the same height, O1 = (0, 0), O2 = (−a, 0);
 *                  angles from the downward vertical, counter-clockwise
 *                  positive, so θ1 = π/12 leans away from O2 and θ2 = −π/2
 *                  holds rod 2 horizontal, pointing away from rod 1; the
 *                  tip of rod 2 strikes rod 1 (no other contact can occur:
 *                  every point of rod 2 is within L2 + a = L1 of O1);
 *                  δ is the tip's penetration normal to rod 1; the contact
 *                  mass is the effective mass 1/(J M⁻¹ Jᵀ) along the
 *                  normal at contact start, J = ∂δ/∂θ; g = 9.81 m/s²; the
 *                  linear damper's c is c_opt of that contact (the optimum
 *                  that Eq. 49–50's fit approximates); Hunt–Crossley with
 *                  Eq. 16 is the catalogue's "flores" model.
 *   slider–crank   the mechanism is free, not driven (the paper's "total of
 *                  two degrees of freedom": the crank angle φ and the block's
 *                  x5); Table 6's "angular velocity of rod 200 rad/s" is the
 *                  crank's initial speed, counter-clockwise, with the crank
 *                  and the rod aligned along +x (the slider at r + l);
 *                  the block starts at 1 m moving left at 20 m/s; Table 5's
 *                  moments of inertia are about each body's centre of mass;
 *                  the slider moves on the x axis through the crank's
 *                  pivot; the plane is horizontal (no gravity); Eq. 70's
 *                  x5 − x4 − 2a is the gap, so δ = 2a − (x5 − x4); the
 *                  contact mass is 1/(J M⁻¹ Jᵀ) at contact start, as for
 *                  the pendulums.  With these, the first collision is at
 *                  0.040 s, not the paper's 0.28 s (docs/example-slider-
 *                  crank.md lists the readings tried).
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_example_config config;
 * hf_example_config_init(&config, HF_EXAMPLE_PENDULUMS);
 * config.piecewise = 1;                        // impulse-momentum, e = 0.3
 * hf_example *ex = NULL;
 * hf_diag diag = {{0}};
 * if (hf_example_alloc(&config, &ex, &diag) != HF_OK)
 *     return 1;
 * const hf_example_impact *impacts;
 * size_t n = hf_example_impacts(ex, &impacts);    // three in 8 s
 * int ok = n == 3 && impacts[0].t_start > 0.0;
 * hf_example_free(ex);
 * return ok ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_EXAMPLES_H
#define HERTZFIT_EXAMPLES_H

#include <stddef.h>
#include "hertzfit/impact.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hf_example_id {
    HF_EXAMPLE_BOUNCING_BALL,   /* "bouncing-ball" */
    HF_EXAMPLE_IMPACT_DAMPER,   /* "impact-damper" */
    HF_EXAMPLE_SLIDER_CRANK,    /* "slider-crank" */
    HF_EXAMPLE_PENDULUMS,       /* "pendulums" */
    HF_EXAMPLE_COUNT
} hf_example_id;

/* The example's name ("?" for an id not below HF_EXAMPLE_COUNT). */
const char *hf_example_name(hf_example_id id);

/* The example named NAME into *id, or HF_ENOTFOUND with the diag listing
 * every valid name. */
hf_status hf_example_lookup(const char *name, hf_example_id *id, hf_diag *diag);

/* Table 4 of Safaeifar & Farshidianfar 2020 (SI units). */
#define HF_DAMPER_MAIN_MASS 0.5
#define HF_DAMPER_IMPACT_MASS 0.004
#define HF_DAMPER_STIFFNESS 100.0
#define HF_DAMPER_DAMPING_RATIO 0.003
#define HF_DAMPER_CONTACT_STIFFNESS 1e8
#define HF_DAMPER_RESTITUTION 0.7
#define HF_DAMPER_FRICTION 0.1
#define HF_DAMPER_X0 0.03

/* Poursina & Nikravesh 2020 §6 (SI units). */
#define HF_PENDULUM_M1 1.0
#define HF_PENDULUM_M2 0.2
#define HF_PENDULUM_L1 6.0
#define HF_PENDULUM_L2 4.0
#define HF_PENDULUM_A 2.0
#define HF_PENDULUM_RESTITUTION 0.3
#define HF_PENDULUM_STIFFNESS 1e8

/* Tables 5–6 of Safaeifar & Farshidianfar 2020 (SI units). */
#define HF_SLIDER_CRANK_R 0.2
#define HF_SLIDER_CRANK_MASS 0.010
#define HF_SLIDER_CRANK_INERTIA 8e-5
#define HF_SLIDER_ROD_L 0.3
#define HF_SLIDER_ROD_MASS 0.015
#define HF_SLIDER_ROD_INERTIA 6e-5
#define HF_SLIDER_SLIDER_MASS 0.050
#define HF_SLIDER_BLOCK_MASS 0.200
#define HF_SLIDER_BLOCK_X0 1.0
#define HF_SLIDER_STIFFNESS 9.5e9
#define HF_SLIDER_RESTITUTION 0.7
#define HF_SLIDER_A 0.010

/* The gravity the papers leave unstated (m/s²). */
#define HF_EXAMPLE_GRAVITY 9.81

typedef struct hf_example_config {
    hf_example_id example;
    hf_impact_model model;   /* the continuous contact law: a catalogue model
                                (Hunt–Crossley type, h = h_r(e)) or the linear
                                damper (c = c_opt(e)) */
    double profile_ab[2];    /* (a, b) for the "profile" model */
    int piecewise;           /* 1: instantaneous impacts by impulse–momentum
                                with restitution e instead of a contact law */
    double restitution;      /* e = c_r of every impact */
    double stiffness;        /* K of the Hertz force K δ^{3/2} (N/m^1.5) */
    double duration;         /* simulated time (s) */
    double output_step;      /* spacing of the time series (s); contact
                                samples are denser (1/200 of δ_H/v⁻) */
    double gap;              /* impact damper: distance d between the stoppers (m) */
    double friction;         /* impact damper: μ */
    double damping_ratio;    /* impact damper: ξ of the primary mass, C = 2 ξ √(K M) */
    double offset;           /* impact damper: x_m(0) − x_M(0) (m) */
    double crank_speed;      /* slider–crank: the crank's initial angular velocity,
                                counter-clockwise (rad/s) */
    double block_speed;      /* slider–crank: the block's initial speed to the left (m/s) */
    double tolerance;        /* ODE per-step tolerance, relative (default 1e-10) */
    int crank_driven;        /* slider–crank: 1 turns the crank at the constant
                                crank_speed (a motor of unbounded torque: its
                                inertia infinite, collisions leave it unchanged);
                                0 (default) the paper's free crank */
} hf_example_config;

/* The paper's set-up of EXAMPLE: impact damper Table 4 with d = 20 mm over
 * 60 s, Safaeifar–Farshidianfar damping; pendulums e = 0.3, k = 1e8, 8 s,
 * the linear damper with c_opt; bouncing ball e = 0.8, Safaeifar–
 * Farshidianfar damping; slider-crank Tables 5–6 as printed over 0.5 s,
 * Safaeifar–Farshidianfar damping.  The time series every 5 ms (0.2 ms for
 * the slider–crank, 1 ms for the ball's one contact). */
void hf_example_config_init(hf_example_config *config, hf_example_id example);

/* One contact (or one instantaneous impact of the piecewise method). */
typedef struct hf_example_impact {
    double t_start, t_end;       /* contact start and separation (s); equal
                                    for the piecewise method */
    int where;                   /* which contact: damper 0 = left stopper,
                                    1 = right; 0 for the others */
    double approach_speed;       /* δ̇⁻ (m/s) */
    double separation_speed;     /* −δ̇ at separation (m/s) */
    double contact_mass;         /* the mass the force law was given (kg) */
    double damping;              /* h or c of that law (0 for piecewise) */
    double delta_max, force_max; /* (m, N); 0 for piecewise */
    double delta_sep;            /* deformation left at separation (m) */
    double qdot_before[2];       /* the example's two velocities at t_start */
    double qdot_after[2];        /* and at t_end */
    int unfinished;              /* 1: the run ended inside this contact, so
                                    t_end is the run's end and
                                    separation_speed, delta_sep and
                                    qdot_after are the state there, not at a
                                    separation; 0 otherwise */
} hf_example_impact;

typedef struct hf_example hf_example;

/* Runs the example of CONFIG into *out (hf_example_free).  HF_EDOM naming
 * the bad value (restitution outside [HF_IMPACT_E_MIN, 1], a non-positive
 * duration, step, stiffness or gap, a negative friction, an impact mass
 * starting outside the stoppers), HF_EINVAL for an unknown example or a
 * profile model without (a, b), HF_ENOCONV when a stage does not end
 * within its step budget or the state is not finite (a set-up below what
 * doubles resolve), HF_ENOMEM. */
hf_status hf_example_alloc(const hf_example_config *config, hf_example **out, hf_diag *diag);
void hf_example_free(hf_example *ex);

/* The time series: *rows rows of the returned count of columns, row-major,
 * valid while EX lives; names (with units, e.g. "x_M_m") into *names.  The
 * rows are the output grid plus every contact start and end. */
size_t hf_example_columns(const hf_example *ex, const char *const **names);
const double *hf_example_series(const hf_example *ex, size_t *rows);

/* The samples inside every contact, HF_EXAMPLE_CONTACT_COLUMNS each:
 * t (s), impact index, δ (m), δ̇ (m/s), F (N). */
#define HF_EXAMPLE_CONTACT_COLUMNS 5
const double *hf_example_contact_series(const hf_example *ex, size_t *rows);

size_t hf_example_impacts(const hf_example *ex, const hf_example_impact **impacts);

/* Impact damper: every extremum of x_M (located where ẋ_M = 0), pairs
 * (t, x_M), so |x_M| at them is the amplitude envelope of Figs. 14–17. */
const double *hf_example_peaks(const hf_example *ex, size_t *count);

/* Impact damper: the zones of Fig. 13.  impact_end: the separation of the
 * last impact; rest_start: the time from which the impact mass stays stuck
 * to the container to the end of the run (the duration when it never
 * does); stick_count: how many times it stuck. */
typedef struct hf_example_zones {
    double impact_end;
    double rest_start;
    size_t stick_count;
} hf_example_zones;
void hf_example_zones_get(const hf_example *ex, hf_example_zones *zones);

#ifdef __cplusplus
}
#endif
#endif
