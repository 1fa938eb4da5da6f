/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/engines.h — a calibrated contact law where people simulate:
 * its force for any engine's callback, its velocity-dependent restitution
 * e(v) and contact time t_c(v), and the native parameters of six
 * multibody engines with the error each leaves (docs/engines.md).
 *
 * A calibrated law (hf_law) is a Hertz contact (m, K, n) and a restitution
 * e_cal reached at the calibration speed v_cal = contact.approach_speed,
 * in one of four forms:
 *
 *   HF_LAW_PER_IMPACT   F = K δⁿ (1 + h δ̇/v⁻), h = h_r(e_cal) of a
 *       catalogue model (hertzfit/damping.h), v⁻ the approach speed of the
 *       impact at hand (stored at first contact): e does not depend on v.
 *   HF_LAW_FIXED        F = K δⁿ (1 + d δ̇), d = h_r(e_cal)/v_cal fixed
 *       (what Drake and OpenSim implement): h = d v⁻ grows with the speed,
 *       e(v) = c_r(d v) by the exact relation (hertzfit/restitution.h) when
 *       the model is "exact".
 *   HF_LAW_LINEAR_DAMPER F = K δⁿ + c δ̇, c = c_opt(e_cal) at v_cal
 *       (hertzfit/copt.h), separating at F = 0.
 *   HF_LAW_MAXWELL      Hunter's Maxwell impact (hertzfit/maxwell.h) of
 *       a rigid sphere (radius R, mass m) on the material; K, n, e_cal are
 *       not used.  History-dependent: it has no force law F(δ, δ̇).
 *   HF_LAW_VISCOELASTIC the exact viscoelastic impact (Lee–Radok loading,
 *       Ting unloading; hertzfit/viscoelastic.h) of the sphere on a
 *       Prony-series material (law->viscoelastic): Maxwell, standard
 *       linear solid, generalised Maxwell.  K, n, e_cal are not used;
 *       history-dependent like HF_LAW_MAXWELL.
 *
 * The force inside an engine's contact callback, and the restitution the
 * law gives at another speed.
 *
 * Example (built and run by the test header_examples):
 * ```c
 * hf_law law;
 * hf_law_init(&law);                  // HF_LAW_PER_IMPACT, "exact" model
 * law.contact.mass = 0.1;             // kg
 * law.contact.stiffness = 1e9;        // N/m^1.5
 * law.contact.approach_speed = 1.0;   // m/s: the calibration speed
 * law.restitution = 0.8;
 * hf_diag diag = {{0}};
 * double v_first = 2.0;               // the engine stored it at first contact
 * double f, e, tc;
 * if (hf_law_force(&law, 1e-5, 0.5, v_first, &f, &diag) != HF_OK ||
 *     hf_law_impact(&law, v_first, &e, &tc, &diag) != HF_OK)
 *     return 1;
 * // F = K δ^1.5 (1 + h_r(0.8) δ̇/v⁻); this form returns e_cal at any speed
 * double h;
 * hf_restitution_hr_exact(0.8, &h, NULL);
 * return fabs(f - 1e9 * pow(1e-5, 1.5) * (1 + h * 0.5 / 2.0)) < 1e-9 * f &&
 *        fabs(e - 0.8) < 1e-9 ? 0 : 1;
 * ```
 */
#ifndef HERTZFIT_ENGINES_H
#define HERTZFIT_ENGINES_H

#include <stddef.h>
#include "hertzfit/contact.h"
#include "hertzfit/damping.h"
#include "hertzfit/maxwell.h"
#include "hertzfit/status.h"
#include "hertzfit/viscoelastic.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hf_law_form {
    HF_LAW_PER_IMPACT = 0,     /* "per-impact" */
    HF_LAW_FIXED = 1,          /* "fixed" */
    HF_LAW_LINEAR_DAMPER = 2,  /* "linear-damper" */
    HF_LAW_MAXWELL = 3,        /* "maxwell" */
    HF_LAW_VISCOELASTIC = 4,   /* "viscoelastic" */
    HF_LAW_FORM_COUNT
} hf_law_form;

typedef struct hf_law {
    hf_law_form form;
    hf_damping_id damping;       /* HF_LAW_PER_IMPACT / FIXED: the h_r(c_r) model */
    double profile_ab[2];        /* (a, b) when damping is HF_DAMPING_PROFILE */
    hf_contact contact;          /* m, K, n; approach_speed = v_cal (m/s) */
    double restitution;          /* e_cal in [1e-6, 1] */
    hf_maxwell_material material;/* HF_LAW_MAXWELL only */
    double radius;               /* m: the sphere's radius (Maxwell; engines' geometry) */
    hf_viscoelastic_material viscoelastic; /* HF_LAW_VISCOELASTIC only */
} hf_law;

/* HF_LAW_PER_IMPACT, "exact", a 1 cm steel ball on steel: m = 0.1 kg,
 * K = 5e9 N/m^1.5, n = 3/2, v_cal = 1 m/s, e_cal = 0.8, radius 0.01 m, a
 * Maxwell material of μ0 = 1 GPa, ν = 0.3, η = 0, and the same elastic
 * material as the viscoelastic one (one Prony term of rate 0).  The
 * defaults of `hertzfit ev`, `hertzfit export` and their bindings. */
void hf_law_init(hf_law *law);

/* The speeds e(v) is shown at by default (`hertzfit ev`, hertzfit_ev, the
 * Python restitution_curve): HF_LAW_SPEED_COUNT speeds, geometric from
 * HF_LAW_SPEED_MIN to HF_LAW_SPEED_MAX m/s; at most HF_LAW_SPEED_COUNT_MAX. */
#define HF_LAW_SPEED_MIN 0.1
#define HF_LAW_SPEED_MAX 10.0
#define HF_LAW_SPEED_COUNT 9
#define HF_LAW_SPEED_COUNT_MAX 10000

/* COUNT speeds geometric from v_min to v_max (m/s) into speed[0 .. count-1]
 * (the caller's): v_min (v_max/v_min)^{i/(count−1)}, v_min alone when
 * count is 1.  HF_EDOM for a speed not finite or <= 0 or v_min above v_max,
 * HF_ERANGE for count outside 1 .. HF_LAW_SPEED_COUNT_MAX, HF_EINVAL for
 * NULL. */
hf_status hf_law_speeds(double v_min, double v_max, size_t count, double *speed,
                        hf_diag *diag);

/* The form named NAME ("per-impact", "fixed", "linear-damper", "maxwell",
 * "viscoelastic")
 * into *form, or HF_ENOTFOUND listing them. */
hf_status hf_law_form_lookup(const char *name, hf_law_form *form, hf_diag *diag);
const char *hf_law_form_name(hf_law_form form);

/* HF_EDOM/HF_ERANGE naming the bad value (contact, e_cal, radius,
 * material, a profile model without a, b > 0), HF_EINVAL for NULL or an
 * unknown form. */
hf_status hf_law_check(const hf_law *law, hf_diag *diag);

/* The force law for an engine's callback: the compressive contact force
 * (N) at indentation delta >= 0 (m), its rate delta_dot (m/s, > 0 while
 * approaching) and the approach speed at first contact v_first > 0 (m/s,
 * read only by HF_LAW_PER_IMPACT).  0 for delta <= 0; never negative (an
 * engine separates where it would pull).  HF_EINVAL for HF_LAW_MAXWELL
 * (history-dependent), HF_EDOM for a NaN input or v_first <= 0. */
hf_status hf_law_force(const hf_law *law, double delta, double delta_dot, double v_first,
                       double *force, hf_diag *diag);

/* One impact of the law at approach speed v > 0: restitution e and contact
 * time t_c (s), by hertzfit's event integrator (hertzfit/impact.h) or
 * Hunter's model (MAXWELL).  Either output may be NULL. */
hf_status hf_law_impact(const hf_law *law, double speed, double *e, double *contact_time,
                        hf_diag *diag);

/* The closed form fitted to e(v): 1 − e = A (v/v_cal)^p by least squares
 * on log(1 − e) against log v (gsl_fit_linear), next to the exponent
 * theory predicts at leading order for small damping: 0 (PER_IMPACT),
 * 1 (FIXED: 1 − e ≈ 2h/3 with h ∝ v), −(n−1)/(n+1) (LINEAR_DAMPER: the
 * dimensionless damping γ = c t_H/m, t_H ∝ v^{(1−n)/(n+1)}), −1/5
 * (MAXWELL: 1 − e ∝ ε = η w_m⁰/V0 ∝ V0^{−1/5}, Argatov Eq. 40);
 * VISCOELASTIC: +1/5 when the material keeps a relaxed modulus (g∞ > 0:
 * with relaxation fast against the impact it is the Kelvin–Voigt sphere
 * of Brilliantov et al. 1996, see hf_restitution_fit_viscoelastic_sphere),
 * −1/5 when it does not (a Maxwell solid).
 * valid = 0 (and the other fields 0) when some 1 − e is not positive or
 * fewer than 2 speeds. */
typedef struct hf_restitution_fit {
    int valid;
    double coefficient;      /* A */
    double exponent;         /* p */
    double exponent_theory;  /* the leading-order exponent above */
    double max_residual;     /* max |e_fit − e| over the speeds */
} hf_restitution_fit;

/* e(v) and t_c(v) of the law at count speeds (arrays of length count, the
 * caller's), and the fit (may be NULL).  Stops at the first failing speed
 * with its status, the diag naming the speed. */
hf_status hf_law_restitution_curve(const hf_law *law, size_t count, const double *speed,
                                   double *e, double *contact_time, hf_restitution_fit *fit,
                                   hf_diag *diag);

/* ---- the viscoelastic sphere's closed form ------------------------------ */

/* The Kelvin–Voigt sphere of Brilliantov et al. (Phys. Rev. E 53, 5382,
 * 1996), F = ρ (δ^{3/2} + (3/2) A δ^{1/2} δ̇), ρ = (8/3) G∞ √R/(1 − ν) on a
 * rigid plane, has (Ramírez, Pöschel, Brilliantov & Schwager, Phys. Rev. E
 * 60, 4465, 1999; Schwager & Pöschel, Phys. Rev. E 78, 051304, 2008)
 *     e = 1 + Σ_k h_k (β^{1/2} v^{1/10})^k,  β = (3/2) A (ρ/m)^{2/5},
 * h_1 = h_3 = 0, h_2 = −C1 with C1 = Γ(3/5)√π/(2^{1/5} 5^{2/5} Γ(21/10))
 * = 1.15344, h_4 = C2 = (3/5) C1² = 0.79826 (Ramírez et al.), and from
 * h_5 on odd terms, which the 2008 paper finds when the contact ends
 * where the force vanishes (h_5 = 0.26667 as the Padé below expands).
 * Müller & Pöschel's (Phys. Rev. E 84, 021302, 2011) Padé approximant
 *     e ≈ (1 + a1 x)/(1 + a1 x + b2 x² + b3 x³ + b4 x⁴),  x = β^{1/2} v^{1/10},
 * a1 = 0.501086, b2 = 1.15345, b3 = 0.577977, b4 = 0.532178, expands to
 * these h_k and holds over the whole range of e. */
#define HF_VISCOELASTIC_SPHERE_C1 1.1534488580952884
#define HF_VISCOELASTIC_SPHERE_C2 0.7982665609447948

/* The published form fitted to e(v) (speeds in m/s):
 *   c1, c2: the free linear least-squares fit 1 − e = c1 v^{1/5} − c2 v^{2/5}
 *     (gsl_multifit_linear), whose ratio c2/c1² the series fixes at 3/5;
 *   beta = c1/C1, and the largest misfit over the speeds of the series to
 *     h_5 and of the Padé approximant at that β;
 *   beta_kelvin_voigt: the β the material predicts in its Kelvin–Voigt
 *     limit (relaxation fast against the impact: ∫G dφ ≈ G∞ φ + Σ Gᵢ τᵢ φ',
 *     A = Σ gᵢ τᵢ / g∞), 0 for a Hertz law or a material with g∞ = 0;
 *   relaxation_ratio: the slowest τᵢ over the Hertz contact time t_c⁰ at the
 *     slowest speed (the limit needs it ≪ 1), 0 when not viscoelastic.
 * valid = 0 with fewer than 2 distinct speeds. */
typedef struct hf_viscoelastic_sphere_fit {
    int valid;
    double c1, c2;               /* (s/m)^{1/5}, (s/m)^{2/5} */
    double beta;                 /* (s/m)^{1/5} */
    double c2_over_c1_squared;   /* the series: 3/5 */
    double max_residual_series;  /* max |e − series to h_5 at beta| */
    double max_residual_pade;    /* max |e − Padé at beta| */
    double beta_kelvin_voigt;    /* (s/m)^{1/5} */
    double relaxation_ratio;
} hf_viscoelastic_sphere_fit;

/* Fits e[i] at speed[i] (count of each; e from hf_law_restitution_curve or
 * a lab) as above; law gives m, R and the material for beta_kelvin_voigt
 * (may be NULL).  HF_EINVAL for NULL arrays, HF_EDOM for a speed <= 0. */
hf_status hf_restitution_fit_viscoelastic_sphere(const hf_law *law, size_t count,
                                                 const double *speed, const double *e,
                                                 hf_viscoelastic_sphere_fit *fit,
                                                 hf_diag *diag);

/* ---- engines ----------------------------------------------------------- */

typedef enum hf_engine_id {
    HF_ENGINE_MBDYN = 0,     /* "mbdyn": continuous contact, Flores formulation */
    HF_ENGINE_CHRONO = 1,    /* "chrono": ChContactSMC, Hertz model */
    HF_ENGINE_DRAKE = 2,     /* "drake": point contact, Hunt–Crossley */
    HF_ENGINE_SIMSCAPE = 3,  /* "simscape": Spatial Contact Force, linear */
    HF_ENGINE_ADAMS = 4,     /* "adams": IMPACT function */
    HF_ENGINE_OPENSIM = 5,   /* "opensim": HuntCrossleyForce */
    HF_ENGINE_MUJOCO = 6,    /* "mujoco": solref/solimp (hertzfit/mujoco.h) */
    HF_ENGINE_COUNT
} hf_engine_id;

hf_status hf_engine_lookup(const char *name, hf_engine_id *engine, hf_diag *diag);
const char *hf_engine_name(hf_engine_id engine);

/* The engine's published normal force law, in one common form:
 *   F = max(0, k δ^n (1 + d δ̇)                (HUNT_CROSSLEY_FIXED)
 *   F = max(0, k δ^n (1 + h δ̇/v⁻))            (HUNT_CROSSLEY_PER_IMPACT)
 *   F = max(0, k δ^n + S(δ) c δ̇)              (STEP_DAMPER: S rises from 0
 *       at δ = 0 to 1 at δ = ramp by Adams' cubic STEP; ramp = 0: S = 1)
 *   F = max(0, k δ^{3/2} + c δ^{1/4} δ̇)       (CHRONO_HERTZ: Chrono's
 *       g_n = −2√(5/6) β √(S_n m), S_n = 2E√(Rδ)) */
typedef enum hf_engine_law {
    HF_ENGINE_LAW_HUNT_CROSSLEY_FIXED = 0,
    HF_ENGINE_LAW_HUNT_CROSSLEY_PER_IMPACT = 1,
    HF_ENGINE_LAW_STEP_DAMPER = 2,
    HF_ENGINE_LAW_CHRONO_HERTZ = 3,
    HF_ENGINE_LAW_SIMULATED = 4     /* MuJoCo: only the engine itself knows */
} hf_engine_law;

#define HF_ENGINE_TEXT_SIZE 4096

typedef struct hf_engine_params {
    hf_engine_id engine;
    hf_engine_law law;
    double k, n, d, h, c, ramp;  /* the common form's parameters (SI) */
    double native[4];            /* the engine's own numbers (see text) */
    double v_cal;                /* calibration speed (m/s) */
    double e_target;             /* the target law's e at v_cal */
    double e_engine;             /* the engine's e at v_cal by its published law */
    double e_error_max;          /* max |e_engine(v) − e_target(v)| over the range */
    double tc_error_max;         /* max |t_c engine / t_c target − 1| over the range */
    char text[HF_ENGINE_TEXT_SIZE]; /* the native input with its assumptions */
} hf_engine_params;

/* The engine's e and t_c at approach speed v by its published law
 * (params filled by hf_engine_export), simulated by hertzfit's event
 * integrator; HF_EINVAL for HF_ENGINE_LAW_SIMULATED. */
hf_status hf_engine_impact(const hf_engine_params *params, double mass, double speed,
                           double *e, double *contact_time, hf_diag *diag);

/* The native parameters of ENGINE for LAW, calibrated so that the engine's
 * published law returns the target e at v_cal = law->contact.approach_speed,
 * and its error against the target's e(v) and t_c(v) at count >= 1 speeds
 * (the assumptions: the law's mass, radius, a rigid plane).  MuJoCo is
 * calibrated by running it (hertzfit/mujoco.h, hf_mujoco_calibrate): here
 * HF_EINVAL. */
hf_status hf_engine_export(hf_engine_id engine, const hf_law *law, size_t count,
                           const double *speed, hf_engine_params *params, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
