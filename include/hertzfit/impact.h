/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/impact.h — one direct central impact, simulated to its events.
 *
 * The 1-DOF contact m δ̈ + F(δ, δ̇) = P (P a constant load pressing the
 * bodies together, 0 for a free impact) starts at δ(0) = 0, δ̇(0) = v⁻ > 0
 * and ends at separation.  Three force laws:
 *
 *   Hunt–Crossley type  F = K δ^n (1 + h δ̇/v⁻)       (Safaeifar &
 *       Farshidianfar 2020, Eq. 13 with a general n; h = h_r = C v⁻/K).
 *       Contact ends at δ = 0 (δ̇ < 0).  With clamp, F = max(F, 0) and
 *       contact ends where F reaches 0 with δ̇ < 0, if that comes first.
 *   Hertz + linear damper  F = K δ^n + c δ̇  (Poursina & Nikravesh 2020,
 *       Eqs. 7–8); contact ends at zero force, c δ̇ + K δ^n = 0 (Eq. 20),
 *       leaving the residual deformation δ_s (Eq. 51).
 *   Kelvin–Voigt  the linear damper with n = 1 (their Eq. 54).
 *   Residual  F = K δ^n + μ δ δ̇  (Poursina & Nikravesh, extended abstract,
 *       Eq. 9): zero force at first touch like Hunt–Crossley, and contact
 *       ends at zero force, K δ^{n−1} = μ |δ̇|, leaving a residual
 *       deformation (for n > 1 always, whenever μ > 0).  Its damping
 *       parameter is dimensionless, h = μ v⁻ δ_H^{1−n}/K: the damping force
 *       over the spring force at δ = δ_H, δ̇ = v⁻, which is what h_r = C v⁻/K
 *       means for Hunt–Crossley.  With it e_out depends on h and n alone.
 *
 * The integration is GSL's rk8pd with an adaptive step, each event
 * located inside the accepted step by Brent's method (core/ode_events.h).  The state is carried
 * as (δ/δ_H, δ̇/v⁻), δ_H = ((n+1) m v⁻²/(2K))^{1/(n+1)} the undamped
 * maximum deformation (Eq. 27), so that one relative tolerance means the
 * same thing whatever the units; time and the force law stay physical.
 *
 * Why clamp rarely changes anything in this 1-DOF problem: with
 * w = 1 + h δ̇/v⁻, the Hunt–Crossley equation gives
 * ẇ = (h/v⁻) δ̈ = −(h K δ^n/(m v⁻)) w (P = 0), so w never changes sign
 * along a solution and the force as written never turns tensile.  The
 * clamped and unclamped e_out agree to the integration tolerance; the
 * restitution table reports both so that this can be seen.
 */
#ifndef HERTZFIT_IMPACT_H
#define HERTZFIT_IMPACT_H

#include <stddef.h>
#include "hertzfit/contact.h"
#include "hertzfit/damping.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hf_impact_law {
    HF_IMPACT_HUNT_CROSSLEY = 0,   /* F = K δ^n (1 + h δ̇/v⁻), damping = h */
    HF_IMPACT_LINEAR_DAMPER = 1,   /* F = K δ^n + c δ̇, damping = c */
    HF_IMPACT_KELVIN_VOIGT = 2,    /* F = K δ + c δ̇ (exponent must be 1) */
    HF_IMPACT_RESIDUAL = 3         /* F = K δ^n + μ δ δ̇, damping = h = μ v⁻ δ_H^{1−n}/K */
} hf_impact_law;

typedef struct hf_impact_params {
    hf_impact_law law;
    hf_contact contact; /* m, K, n, v⁻ (hertzfit/contact.h) */
    double damping;     /* >= 0: h (dimensionless) or c (N·s/m), by law */
    double load;        /* constant force P >= 0 pressing into contact (N), e.g. m g */
    int clamp;          /* Hunt–Crossley only: F = max(F, 0), separate at F = 0 */
    double tolerance;   /* ODE per-step tolerance on the scaled state (default 1e-12) */
    double event_tolerance; /* event time, relative to its step (default 1e-14) */
} hf_impact_params;

/* Defaults: Hunt–Crossley, the contact of hf_contact_init (m = K = v⁻ = 1,
 * n = 3/2), no damping, no load, no clamp, tolerance 1e-12, event
 * tolerance 1e-14. */
void hf_impact_params_init(hf_impact_params *params);

/* How the contact ended. */
typedef enum hf_impact_end {
    HF_IMPACT_END_DEFORMATION = 0,  /* δ reached 0 */
    HF_IMPACT_END_FORCE = 1,        /* F reached 0 (linear damper, residual, clamped HC) */
    HF_IMPACT_END_REST = 2          /* load P > 0 and the rebound stalled inside the
                                       contact (δ̇ rose back to 0 with δ > 0), or
                                       the contact settled at the static
                                       equilibrium (F ≈ P, δ̇ ≈ 0 to
                                       HF_IMPACT_REST_TOL; δ may still creep
                                       towards (P/K)^{1/n}), with no
                                       separation.  The bodies stay in contact
                                       (a ball comes to rest on the ground):
                                       e_out = 0, contact_time and delta_sep are
                                       the time and deformation of the stall. */
} hf_impact_end;

/* The supported domain.  Restitutions below HF_IMPACT_E_MIN need h_r or
 * c_opt so large that the restitution stage creeps back over more than
 * ~1e6 contact-time scales and exhausts the step budget (measured: the
 * restitution check at c = 1e-7 stops after 1e6 steps, at 1e-6 it takes
 * < 1 s for all catalogue models).  The scales of the contact are bounded
 * by hf_contact_check (hertzfit/contact.h). */
#define HF_IMPACT_E_MIN 1e-6

/* Step budget of one simulation, shared by every stage and restart, and
 * the most extrema of F located by event (past it, F is creeping with
 * dF/dt at rounding level and further extrema are noise; the compression
 * goes on without locating them). */
#define HF_IMPACT_MAX_STEPS 1000000
#define HF_IMPACT_MAX_PEAKS 64

/* Relative closeness to the static equilibrium of a load (|F − P| / P and
 * |δ̇|/v⁻) at which the contact counts as settled (HF_IMPACT_END_REST). */
#define HF_IMPACT_REST_TOL 1e-6

typedef struct hf_impact_result {
    double e_out;            /* −δ̇(t_s)/v⁻ (Eq. 60 of S&F, Eq. 22 of P&N) */
    double contact_time;     /* t_s (s) */
    double time_max;         /* time of maximum deformation, δ̇ = 0 (s) */
    double delta_max;        /* maximum deformation (m) */
    double force_max;        /* maximum contact force (N), located by event */
    double delta_sep;        /* deformation left at separation (m), Eq. 51 */
    double delta_dot_sep;    /* δ̇(t_s) (m/s) */
    hf_impact_end end;
    size_t steps;            /* samples: start, accepted steps, located events */
} hf_impact_result;

/* Called at the start, after every accepted step and at every event, with
 * physical values (s, m, m/s, N). */
typedef void (*hf_impact_sample_fn)(double t, double delta, double delta_dot,
                                    double force, void *user);

/* HF_EDOM naming `what` and the value when e is outside
 * [HF_IMPACT_E_MIN, 1]. */
hf_status hf_impact_check_restitution(const char *what, double e, hf_diag *diag);

/* Simulates the impact to separation, or, with a load, to rest
 * (HF_IMPACT_END_REST).  sample may be NULL.  HF_EDOM for bad
 * parameters; HF_ENOCONV when neither separation nor rest is reached
 * within HF_IMPACT_MAX_STEPS steps over all stages (inside the supported
 * domain this has not been seen); HF_EGSL when GSL fails.  force_max is
 * located by event in compression, where the largest force always lies. */
hf_status hf_impact_simulate(const hf_impact_params *params, hf_impact_result *result,
                             hf_impact_sample_fn sample, void *user, hf_diag *diag);

/* The history at count >= 2 equally spaced times from 0 to
 * result->contact_time (result from hf_impact_simulate with the same
 * params), integrated by GSL's driver at the same tolerance.  Arrays of
 * length count are the caller's. */
hf_status hf_impact_history(const hf_impact_params *params, const hf_impact_result *result,
                            size_t count, double *t, double *delta, double *delta_dot,
                            double *force, hf_diag *diag);

/* ---- the residual-deformation model (Poursina & Nikravesh, Eq. 9) ----- */

/* μ (N·s/m²) of the residual law for its dimensionless h on CONTACT:
 * μ = h K δ_H^{n−1}/v⁻, δ_H = ((n+1) m v⁻²/(2K))^{1/(n+1)} (Eq. 27 of
 * Poursina & Nikravesh 2020).  Written out, μ = h K^{2/(n+1)}
 * ((n+1) m/2)^{(n−1)/(n+1)} v⁻^{(n−3)/(n+1)}: the counterpart of the
 * bracket of their c_opt (Eq. 34; Eq. 5 of the extended abstract).
 * HF_EDOM for a bad contact (hf_contact_check) or h < 0. */
hf_status hf_impact_residual_mu(const hf_contact *contact, double h, double *mu,
                                hf_diag *diag);

/* The h of the residual law whose simulated restitution is e, for
 * exponent n: the root of e_out(h) = e (GSL Brent, |Δh| <= 1e-12 (1 + h)),
 * the simulation carrying the residual deformation (contact ends at F = 0).
 * e = 1 gives h = 0.  HF_EDOM for e outside [HF_IMPACT_E_MIN, 1] or n
 * outside [1, 3]. */
hf_status hf_impact_residual_h(double n, double e, double *h, hf_diag *diag);

/* Its small-damping closed form: 1 − e = B(2/(n+1), 3/2) h + O(h²) (the
 * energy lost along the undamped Hertz path; the residual deformation's
 * stored energy is O(h^{(n+1)/(n−1)})).  Returns B(2/(n+1), 3/2). */
double hf_impact_residual_slope(double n);

/* ---- restitution check (Safaeifar & Farshidianfar Eq. 60, Figs. 5–6) -- */

/* Output restitution of a Hunt–Crossley-type impact whose h is the damping
 * model's h_r(c_in) (hertzfit/damping.h; profile_ab = {a, b} for
 * HF_DAMPING_PROFILE, else NULL).  The result does not depend on m, K or
 * v⁻ (they scale out), so the check uses n = 3/2 and m = K = v⁻ = 1.
 * HF_DAMPING_POURSINA_RESIDUAL runs its own law (HF_IMPACT_RESIDUAL); its
 * h_r is the root of this same simulation, so its e_out is c_in to the
 * root's tolerance (a consistency check, not an independent one).
 * HF_EINVAL for an unknown model or a profile model without (a, b),
 * HF_EDOM for c_in outside [HF_IMPACT_E_MIN, 1]. */
hf_status hf_impact_restitution_e_out(hf_damping_id model, double c_in,
                                      const double *profile_ab, int clamp, double *e_out,
                                      hf_diag *diag);


/* ---- the bouncing ball (Safaeifar & Farshidianfar §8, Table 3) -------- */

/* Table 3: m = 1 kg, R = 0.1 m, H0 = 1 m, g = 9.8 m/s², K = 1.4e8 N/m^{3/2}. */
#define HF_BALL_MASS 1.0
#define HF_BALL_RADIUS 0.1
#define HF_BALL_HEIGHT 1.0
#define HF_BALL_GRAVITY 9.8
#define HF_BALL_STIFFNESS 1.4e8

/* The damping of an impact given by its restitution e: a catalogue model
 * (law HF_IMPACT_HUNT_CROSSLEY, h = h_r(e) of model `damping`), or the
 * Poursina–Nikravesh linear damper (law HF_IMPACT_LINEAR_DAMPER, c =
 * c_opt(e) of hertzfit/damping.h; `damping` unused). */
typedef struct hf_impact_model {
    hf_impact_law law;
    hf_damping_id damping;
} hf_impact_model;

/* Name of the Poursina–Nikravesh linear damper, accepted by
 * hf_impact_model_lookup besides the catalogue names. */
#define HF_IMPACT_MODEL_LINEAR "poursina-nikravesh"

/* The model named NAME (a catalogue name or HF_IMPACT_MODEL_LINEAR) into
 * *model, or HF_ENOTFOUND with the diag listing every valid name. */
hf_status hf_impact_model_lookup(const char *name, hf_impact_model *model, hf_diag *diag);

/* Its name: the catalogue's, or HF_IMPACT_MODEL_LINEAR ("?" for a model
 * that is neither). */
const char *hf_impact_model_name(hf_impact_model model);

/* The ball's impact on rigid ground: the contact m = HF_BALL_MASS, K =
 * HF_BALL_STIFFNESS, n = 3/2, v⁻ = √(2g(H0 − R)) (Eq. 63), the weight m g
 * pressing during contact, and the damping of MODEL for
 * restitution e.  HF_EINVAL for a model that is neither, or a profile
 * model without (a, b); HF_EDOM for e outside [HF_IMPACT_E_MIN, 1].  A
 * heavily damped ball (e ≲ 1e-3 for most models) does not leave the
 * ground: hf_impact_simulate ends with HF_IMPACT_END_REST. */
hf_status hf_impact_ball_params(hf_impact_model model, double e, const double *profile_ab,
                                int clamp, hf_impact_params *params, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
