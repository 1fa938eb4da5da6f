/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/mujoco.h — MuJoCo in the loop: a sphere dropped on a plane,
 * simulated by MuJoCo itself (libmujoco, C API), and the calibration of
 * its contact softness (solref, solimp) so that MuJoCo's e(v) and t_c(v)
 * match a calibrated law's (hertzfit/engines.h) over a speed range.
 *
 * MuJoCo has no restitution parameter: its soft contact is a spring–damper
 * in constraint space whose stiffness and damping follow from
 * solref = (timeconst, dampratio) and whose impedance d(r) ∈ [dmin, dmax]
 * rises with the penetration r over solimp's width (MuJoCo's Computation
 * chapter, "Solver parameters").  The calibration searches (log timeconst,
 * dampratio, dmin, dmax, log width) with one of hertzfit's optimisers on
 * the misfit
 *     mean_v (e_MuJoCo(v) − e(v))² + w_t mean_v ln²(t_c,MuJoCo(v)/t_c(v)),
 * then solves dampratio by Brent so that MuJoCo's e at v_cal equals the
 * target's, and reports the e(v) and t_c(v) errors left, from MuJoCo's own
 * runs.  The drop: no gravity, frictionless (condim 1), a slide joint
 * along the normal, the contact starting at t = 0 with speed v; it ends
 * when the sphere leaves the plane (e = outgoing/incoming speed, t_c the
 * crossing time, interpolated inside the step) or, if it never does within
 * 100 target contact times, e = 0.
 *
 * Built only when CMake finds MuJoCo (Debian's libmujoco-dev);
 * hf_mujoco_available says so, and without it every other call returns
 * HF_EINVAL saying so.
 */
#ifndef HERTZFIT_MUJOCO_H
#define HERTZFIT_MUJOCO_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/engines.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when the library was built with MuJoCo, else 0. */
int hf_mujoco_available(void);

/* MuJoCo's version string ("2.2.2"), or "none". */
const char *hf_mujoco_version(void);

/* MuJoCo's contact attributes, as hf_mujoco_calibration.contact returns
 * them (MuJoCo's own defaults, where a calibration starts: timestep 0.002,
 * solref (0.02, 1), solimp (0.9, 0.95, 0.001, 0.5, 2)). */
typedef struct hf_mujoco_contact {
    double timestep;     /* s: <option timestep> */
    double solref[2];    /* timeconst (s), dampratio */
    double solimp[5];    /* dmin, dmax, width (m), midpoint, power */
} hf_mujoco_contact;

/* One drop of a sphere (mass kg, radius m) at speed v (m/s) with the
 * contact's attributes on both geoms: MuJoCo's e and t_c (either may be
 * NULL).  HF_EDOM for a bad number, HF_EINVAL without MuJoCo or when
 * MuJoCo refuses the model (its message in the diag). */
hf_status hf_mujoco_drop(const hf_mujoco_contact *contact, double mass, double radius,
                         double speed, double *e, double *contact_time, hf_diag *diag);

typedef struct hf_mujoco_options {
    const char *optimizer;   /* a registry name (default "nlopt:GN_CRS2_LM": the misfit has local minima) */
    size_t max_evals;        /* default 1000 */
    double tc_weight;        /* w_t (default 0.1) */
    double timestep;         /* 0 (default): target t_c at the fastest speed / 100 */
    uint64_t seed;           /* default 1 */
} hf_mujoco_options;

void hf_mujoco_options_init(hf_mujoco_options *options);

typedef struct hf_mujoco_calibration {
    hf_mujoco_contact contact;   /* the calibrated attributes */
    hf_engine_params params;     /* engine HF_ENGINE_MUJOCO, law SIMULATED: e at v_cal,
                                    errors over the range, text = the XML */
    double misfit;               /* the objective at the end */
    size_t evaluations;          /* MuJoCo objective evaluations (each: count drops) */
    double seconds;              /* wall time of the calibration */
    double chi2_reduced;         /* measured data: Σ (Δe/s.e.)² + (Δln t_c/(s.e./t_c))²
                                    over 2·count − 5 degrees of freedom; 0 for a law */
} hf_mujoco_calibration;

/* Calibrates MuJoCo against LAW (not Maxwell: its target e(v) would do,
 * but engines export Hertz laws) at count >= 1 speeds; v_cal =
 * law->contact.approach_speed, radius law->radius.  options may be NULL.
 * HF_ENOCONV when no dampratio in [1e-3, 50] reaches the target e at
 * v_cal (the diag gives MuJoCo's range). */
hf_status hf_mujoco_calibrate(const hf_law *law, size_t count, const double *speed,
                              const hf_mujoco_options *options, hf_mujoco_calibration *out,
                              hf_diag *diag);

/* A lab's measured restitution and contact time at count speeds, each
 * with its standard error (all arrays of length count, the caller's). */
typedef struct hf_mujoco_measured {
    size_t count;
    const double *speed;            /* m/s */
    const double *e, *e_se;
    const double *contact_time, *contact_time_se;   /* s */
} hf_mujoco_measured;

/* Calibrates MuJoCo's solref/solimp for a sphere (mass kg, radius m) to
 * measured e(v) and t_c(v) by weighted least squares: the optimiser
 * minimises the mean of ((e_MuJoCo − e)/s.e.)² + (ln(t_c,MuJoCo/t_c)/
 * (s.e./t_c))² over the speeds (no dampratio pinning: no speed is exact).
 * out->params: e_target/e_engine at the middle row (v_cal its speed), the
 * largest |e − e_measured| and |t_c/t_c,measured − 1|; out->chi2_reduced
 * says whether MuJoCo can follow the data (≈ 1 when it can).  HF_EINVAL
 * for fewer than 3 rows, HF_EDOM naming the row of a bad value. */
hf_status hf_mujoco_calibrate_measured(const hf_mujoco_measured *data, double mass,
                                       double radius, const hf_mujoco_options *options,
                                       hf_mujoco_calibration *out, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
