/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/engines.c — a calibrated contact law (hertzfit/engines.h): its
 * force for an engine's callback, e(v) and t_c(v) with the closed-form
 * fit, and the native parameters of the multibody engines whose published
 * force law is a closed formula, each checked by simulating that formula
 * with hertzfit's event integrator (models/ode_events.h).
 *
 * Engine force laws (docs/engines.md cites each source):
 *   Drake point contact      f = k x (1 + d ẋ)                (Hunt–Crossley, n = 1)
 *   OpenSim/Simbody HuntCrossleyForce  f = (4/3)√R E x^{3/2} (1 + (3/2) c ẋ), E from
 *       the stiffnesses s_i through k = k1 k2/(k1 + k2), k_i = s_i^{2/3}, E = k^{3/2}
 *   MBDyn continuous contact f = κ x^n (1 + 8(1−e)/(5e) ẋ/v⁻)  (Flores formulation)
 *   Chrono ChContactSMC Hertz f = k_n x − g_n ẋ... with k_n = (4/3)E√(Rx),
 *       g_n = −2√(5/6) β √(S_n m), S_n = 2E√(Rx), β = ln e/√(ln²e + π²)
 *   Adams IMPACT             f = max(0, k x^n + STEP(x, 0, 0, d, c_max) ẋ)
 *   Simscape Spatial Contact Force  f = k x + b ẋ (linear)
 */
#include "hertzfit/engines.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit.h>

#include "core/brent.h"
#include "hertzfit/damping.h"
#include "hertzfit/impact.h"
#include "core/ode_events.h"
#include "models/engines_internal.h"

static const char *const form_names[HF_LAW_FORM_COUNT] = {
    "per-impact", "fixed", "linear-damper", "maxwell", "viscoelastic"};

static const char *const engine_names[HF_ENGINE_COUNT] = {
    "mbdyn", "chrono", "drake", "simscape", "adams", "opensim", "mujoco"};

void hf_law_init(hf_law *law)
{
    law->form = HF_LAW_PER_IMPACT;
    law->damping = HF_DAMPING_EXACT;
    law->profile_ab[0] = law->profile_ab[1] = 0.0;
    hf_contact_init(&law->contact);
    law->contact.mass = 0.1;
    law->contact.stiffness = 5e9;
    law->restitution = 0.8;
    law->material.mu0 = 1e9;
    law->material.nu = 0.3;
    law->material.eta = 0.0;
    law->radius = 0.01;
    law->viscoelastic.mu0 = 1e9;
    law->viscoelastic.nu = 0.3;
    hf_prony_maxwell(0.0, &law->viscoelastic.relax);
}

hf_status hf_law_speeds(double v_min, double v_max, size_t count, double *speed,
                        hf_diag *diag)
{
    if (!(isfinite(v_min) && isfinite(v_max) && v_min > 0.0 && v_max > 0.0))
        return hf_diag_set(diag, HF_EDOM, "speeds: v_min %g and v_max %g must be finite "
                           "and > 0 m/s", v_min, v_max);
    if (v_min > v_max)
        return hf_diag_set(diag, HF_EDOM, "speeds: v_min %g is above v_max %g", v_min, v_max);
    if (count < 1 || count > HF_LAW_SPEED_COUNT_MAX)
        return hf_diag_set(diag, HF_ERANGE, "speeds: %zu points, outside [1, %d]", count,
                           HF_LAW_SPEED_COUNT_MAX);
    if (speed == NULL)
        return hf_diag_set(diag, HF_EINVAL, "speeds: no output array");
    for (size_t i = 0; i < count; ++i)
        speed[i] = count == 1 ? v_min
                              : v_min * pow(v_max / v_min, (double)i / (double)(count - 1));
    return HF_OK;
}

/* The Maxwell and viscoelastic forms: a sphere's history-dependent impact. */
static int law_is_hereditary(const hf_law *law)
{
    return law->form == HF_LAW_MAXWELL || law->form == HF_LAW_VISCOELASTIC;
}

static const char *form_name_at(size_t i, const void *ctx)
{
    (void)ctx;
    return form_names[i];
}

hf_status hf_law_form_lookup(const char *name, hf_law_form *form, hf_diag *diag)
{
    for (size_t i = 0; name != NULL && i < HF_LAW_FORM_COUNT; ++i)
        if (strcmp(form_names[i], name) == 0) {
            *form = (hf_law_form)i;
            return HF_OK;
        }
    return hf_unknown_name("law form", name, HF_LAW_FORM_COUNT, form_name_at, NULL, diag);
}

const char *hf_law_form_name(hf_law_form form)
{
    return (unsigned)form < HF_LAW_FORM_COUNT ? form_names[form] : "?";
}

static const char *engine_name_at(size_t i, const void *ctx)
{
    (void)ctx;
    return engine_names[i];
}

hf_status hf_engine_lookup(const char *name, hf_engine_id *engine, hf_diag *diag)
{
    for (size_t i = 0; name != NULL && i < HF_ENGINE_COUNT; ++i)
        if (strcmp(engine_names[i], name) == 0) {
            *engine = (hf_engine_id)i;
            return HF_OK;
        }
    return hf_unknown_name("engine", name, HF_ENGINE_COUNT, engine_name_at, NULL, diag);
}

const char *hf_engine_name(hf_engine_id engine)
{
    return (unsigned)engine < HF_ENGINE_COUNT ? engine_names[engine] : "?";
}

hf_status hf_law_check(const hf_law *law, hf_diag *diag)
{
    if (law == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no law");
    if ((unsigned)law->form >= HF_LAW_FORM_COUNT)
        return hf_diag_set(diag, HF_EINVAL, "unknown law form %d", (int)law->form);
    if (!(isfinite(law->radius) && law->radius > 0.0))
        return hf_diag_set(diag, HF_EDOM, "radius R = %g must be positive and finite",
                           law->radius);
    if (law_is_hereditary(law)) {
        hf_maxwell_impact imp = {law->contact.mass, law->radius, law->contact.approach_speed};
        hf_status st = law->form == HF_LAW_MAXWELL
                           ? hf_maxwell_material_check(&law->material, diag)
                           : hf_viscoelastic_material_check(&law->viscoelastic, diag);
        return st != HF_OK ? st : hf_maxwell_impact_check(&imp, diag);
    }
    hf_status st = hf_contact_check(&law->contact, diag);
    if (st != HF_OK)
        return st;
    st = hf_impact_check_restitution("restitution e", law->restitution, diag);
    if (st != HF_OK)
        return st;
    if (law->form != HF_LAW_LINEAR_DAMPER) {
        if (hf_damping_at(law->damping) == NULL)
            return hf_diag_set(diag, HF_EINVAL, "unknown damping model %d", (int)law->damping);
        if (law->damping == HF_DAMPING_PROFILE &&
            !(law->profile_ab[0] > 0.0 && law->profile_ab[1] > 0.0))
            return hf_diag_set(diag, HF_EDOM, "profile model needs a, b > 0 (a = %g, b = %g)",
                               law->profile_ab[0], law->profile_ab[1]);
    }
    return HF_OK;
}

hf_status hf_law_damping(const hf_law *law, double *damping, hf_diag *diag)
{
    hf_status st = hf_law_check(law, diag);
    if (st != HF_OK)
        return st;
    switch (law->form) {
    case HF_LAW_PER_IMPACT:
    case HF_LAW_FIXED:
        return hf_damping_hr(law->damping, law->restitution,
                             law->damping == HF_DAMPING_PROFILE ? law->profile_ab : NULL,
                             damping, diag);
    case HF_LAW_LINEAR_DAMPER:
        return hf_copt_solve(&law->contact, law->restitution, NULL, damping, diag);
    default:
        return hf_diag_set(diag, HF_EINVAL,
                           "the %s law is history-dependent: it has no damping "
                           "coefficient nor a force law F(delta, delta_dot)",
                           hf_law_form_name(law->form));
    }
}

hf_status hf_law_force(const hf_law *law, double delta, double delta_dot, double v_first,
                       double *force, hf_diag *diag)
{
    if (isnan(delta) || isnan(delta_dot) || !(isfinite(v_first) && v_first > 0.0))
        return hf_diag_set(diag, HF_EDOM,
                           "force law needs numbers and v_first > 0 (delta = %g, "
                           "delta_dot = %g, v_first = %g)", delta, delta_dot, v_first);
    double damping;
    hf_status st = hf_law_damping(law, &damping, diag);
    if (st != HF_OK)
        return st;
    if (delta <= 0.0) {
        *force = 0.0;
        return HF_OK;
    }
    const hf_contact *c = &law->contact;
    double spring = c->stiffness * pow(delta, c->exponent), f;
    if (law->form == HF_LAW_PER_IMPACT)
        f = spring * (1.0 + damping * delta_dot / v_first);
    else if (law->form == HF_LAW_FIXED)
        f = spring * (1.0 + damping * delta_dot / c->approach_speed);
    else
        f = spring + damping * delta_dot;
    *force = f > 0.0 ? f : 0.0;
    return HF_OK;
}

/* Hunter's Maxwell impact, or the exact viscoelastic one, at speed v. */
static hf_status hereditary_impact(const hf_law *law, double speed, double *e,
                                   double *contact_time, hf_diag *diag)
{
    hf_maxwell_impact imp = {law->contact.mass, law->radius, speed};
    hf_maxwell_response r;
    hf_status st = law->form == HF_LAW_MAXWELL
                       ? hf_maxwell_simulate(&law->material, &imp, NULL, &r, diag)
                       : hf_viscoelastic_simulate(&law->viscoelastic, &imp, NULL, &r, diag);
    if (st != HF_OK)
        return st;
    if (e)
        *e = r.e;
    if (contact_time)
        *contact_time = r.t_c;
    return HF_OK;
}

hf_status hf_law_impact(const hf_law *law, double speed, double *e, double *contact_time,
                        hf_diag *diag)
{
    if (!(isfinite(speed) && speed > 0.0))
        return hf_diag_set(diag, HF_EDOM, "speed v = %g must be positive and finite", speed);
    hf_status st = hf_law_check(law, diag);
    if (st != HF_OK)
        return st;
    if (law_is_hereditary(law))
        return hereditary_impact(law, speed, e, contact_time, diag);
    double damping;
    st = hf_law_damping(law, &damping, diag);
    if (st != HF_OK)
        return st;
    hf_impact_params p;
    hf_impact_params_init(&p);
    p.contact = law->contact;
    p.contact.approach_speed = speed;
    if (law->form == HF_LAW_LINEAR_DAMPER) {
        p.law = HF_IMPACT_LINEAR_DAMPER;
        p.damping = damping;
    } else {
        p.law = HF_IMPACT_HUNT_CROSSLEY;
        /* h of F = K δⁿ (1 + h δ̇/v⁻) at this v⁻ */
        p.damping = law->form == HF_LAW_FIXED ? damping * speed / law->contact.approach_speed
                                              : damping;
    }
    hf_impact_result r;
    st = hf_impact_simulate(&p, &r, NULL, NULL, diag);
    if (st != HF_OK)
        return st;
    if (e)
        *e = r.e_out;
    if (contact_time)
        *contact_time = r.contact_time;
    return HF_OK;
}

static double exponent_theory(const hf_law *law)
{
    switch (law->form) {
    case HF_LAW_PER_IMPACT: return 0.0;
    case HF_LAW_FIXED: return 1.0;
    case HF_LAW_LINEAR_DAMPER:
        return -(law->contact.exponent - 1.0) / (law->contact.exponent + 1.0);
    case HF_LAW_VISCOELASTIC: return law->viscoelastic.relax.g_inf > 0.0 ? 0.2 : -0.2;
    default: return -0.2;
    }
}

/* 1 − e = A (v/v_cal)^p by least squares on logarithms into *fit (valid
 * = 0 when some 1 − e is not positive or the speeds are all equal). */
static hf_status fit_power_law(const hf_law *law, size_t count, const double *speed,
                               const double *e, hf_restitution_fit *fit, hf_diag *diag)
{
    memset(fit, 0, sizeof *fit);
    fit->exponent_theory = exponent_theory(law);
    int usable = 1, distinct = 0;
    for (size_t i = 0; i < count; ++i) {
        usable = usable && 1.0 - e[i] > 0.0;
        distinct = distinct || speed[i] != speed[0];
    }
    usable = usable && distinct;
    if (!usable)
        return HF_OK;
    double x[count], y[count];   /* count is the caller's table length */
    for (size_t i = 0; i < count; ++i) {
        x[i] = log(speed[i] / law->contact.approach_speed);
        y[i] = log(1.0 - e[i]);
    }
    double c0, c1, cov00, cov01, cov11, sumsq;
    if (gsl_fit_linear(x, 1, y, 1, count, &c0, &c1, &cov00, &cov01, &cov11, &sumsq) !=
        GSL_SUCCESS)
        return hf_diag_set(diag, HF_EGSL, "gsl_fit_linear failed on log(1 - e) vs log v");
    fit->valid = 1;
    fit->coefficient = exp(c0);
    fit->exponent = c1;
    for (size_t i = 0; i < count; ++i) {
        double r = fabs(1.0 - fit->coefficient * exp(c1 * x[i]) - e[i]);
        if (r > fit->max_residual)
            fit->max_residual = r;
    }
    return HF_OK;
}

hf_status hf_law_restitution_curve(const hf_law *law, size_t count, const double *speed,
                                   double *e, double *contact_time, hf_restitution_fit *fit,
                                   hf_diag *diag)
{
    if (speed == NULL || e == NULL || contact_time == NULL || count == 0)
        return hf_diag_set(diag, HF_EINVAL, "restitution curve needs speeds and outputs");
    for (size_t i = 0; i < count; ++i) {
        hf_status st = hf_law_impact(law, speed[i], &e[i], &contact_time[i], diag);
        if (st != HF_OK) {
            char why[sizeof diag->text];
            snprintf(why, sizeof why, "%s", diag ? diag->text : "");
            return hf_diag_set(diag, st, "speed %g m/s: %s", speed[i], why);
        }
    }
    return fit == NULL ? HF_OK : fit_power_law(law, count, speed, e, fit, diag);
}

/* ---- the viscoelastic sphere's closed form ------------------------------ */

/* Müller & Pöschel's Padé coefficients (hertzfit/engines.h). */
static const double pade_a1 = 0.501086, pade_b[3] = {1.15345, 0.577977, 0.532178};
/* h_5 of the series, the x⁵ term of that Padé's expansion (b1 = a1):
 * a1 b2 − b3 + ... = −(b3 − a1 b2) x³ vanishes, x⁴: b2² − b4 + a1 b3 − a1² b2,
 * x⁵: the value below (checked against the expansion by the test). */
static const double series_h5 = 0.2666656158;

double hf_viscoelastic_sphere_e(double beta, double speed, int terms)
{
    double x = sqrt(beta) * pow(speed, 0.1), x2 = x * x;
    if (terms == 0)
        return (1.0 + pade_a1 * x) /
               (1.0 + pade_a1 * x + x2 * (pade_b[0] + x * (pade_b[1] + x * pade_b[2])));
    return 1.0 - HF_VISCOELASTIC_SPHERE_C1 * x2 + HF_VISCOELASTIC_SPHERE_C2 * x2 * x2 +
           series_h5 * x2 * x2 * x;
}

/* β of the material's Kelvin–Voigt limit and τ_max/t_c⁰ at speed v_min. */
static void kelvin_voigt_beta(const hf_law *law, double v_min, hf_viscoelastic_sphere_fit *fit)
{
    if (law == NULL || law->form != HF_LAW_VISCOELASTIC)
        return;
    const hf_viscoelastic_material *mat = &law->viscoelastic;
    double m = law->contact.mass, R = law->radius, tau_max = 0.0, retarded = 0.0;
    for (size_t i = 0; i < mat->relax.n; ++i) {
        double tau = mat->relax.rate[i] > 0.0 ? 1.0 / mat->relax.rate[i] : INFINITY;
        retarded += mat->relax.g[i] * tau;
        tau_max = tau > tau_max ? tau : tau_max;
    }
    /* Hertz's contact time with the instantaneous modulus, Argatov Eq. 24:
     * t_c⁰ = 2.9432 w_m⁰/V0, w_m⁰ = (15 m V0²/(16 E* √R))^{2/5} */
    double E_star = 2.0 * mat->mu0 / (1.0 - mat->nu);
    double w_m0 = pow(15.0 * m * v_min * v_min / (16.0 * E_star * sqrt(R)), 0.4);
    fit->relaxation_ratio = tau_max / (2.94320 * w_m0 / v_min);
    if (!(mat->relax.g_inf > 0.0) || !isfinite(retarded))
        return;
    double rho = 8.0 / 3.0 * mat->relax.g_inf * mat->mu0 * sqrt(R) / (1.0 - mat->nu);
    double A = retarded / mat->relax.g_inf;
    fit->beta_kelvin_voigt = 1.5 * A * pow(rho / m, 0.4);
}

/* The free fit 1 − e = c1 v^{1/5} − c2 v^{2/5} by linear least squares. */
static hf_status fit_series(size_t count, const double *speed, const double *e,
                            hf_viscoelastic_sphere_fit *fit, hf_diag *diag)
{
    gsl_matrix *X = gsl_matrix_alloc(count, 2), *cov = gsl_matrix_alloc(2, 2);
    gsl_vector *y = gsl_vector_alloc(count), *c = gsl_vector_alloc(2);
    gsl_multifit_linear_workspace *w = gsl_multifit_linear_alloc(count, 2);
    hf_status st = HF_OK;
    if (X == NULL || cov == NULL || y == NULL || c == NULL || w == NULL)
        st = hf_diag_set(diag, HF_ENOMEM, "viscoelastic sphere fit: out of memory");
    double chisq;
    for (size_t i = 0; st == HF_OK && i < count; ++i) {
        double x = pow(speed[i], 0.2);
        gsl_matrix_set(X, i, 0, x);
        gsl_matrix_set(X, i, 1, -x * x);
        gsl_vector_set(y, i, 1.0 - e[i]);
    }
    if (st == HF_OK && gsl_multifit_linear(X, y, c, cov, &chisq, w) != GSL_SUCCESS)
        st = hf_diag_set(diag, HF_EGSL, "gsl_multifit_linear failed on 1 - e vs v^(1/5)");
    if (st == HF_OK) {
        fit->c1 = gsl_vector_get(c, 0);
        fit->c2 = gsl_vector_get(c, 1);
    }
    gsl_multifit_linear_free(w);
    gsl_vector_free(c);
    gsl_vector_free(y);
    gsl_matrix_free(cov);
    gsl_matrix_free(X);
    return st;
}

/* HF_EDOM for a speed <= 0 or a NaN; whether the speeds differ, the
 * slowest. */
static hf_status sphere_fit_input(size_t count, const double *speed, const double *e,
                                  int *distinct, double *v_min, hf_diag *diag)
{
    *v_min = count > 0 ? speed[0] : 0.0;
    for (size_t i = 0; i < count; ++i) {
        if (!(isfinite(speed[i]) && speed[i] > 0.0 && isfinite(e[i])))
            return hf_diag_set(diag, HF_EDOM, "speed %zu: v = %g, e = %g (need v > 0 and a number)",
                               i, speed[i], e[i]);
        *distinct = *distinct || speed[i] != speed[0];
        *v_min = fmin(*v_min, speed[i]);
    }
    return HF_OK;
}

hf_status hf_restitution_fit_viscoelastic_sphere(const hf_law *law, size_t count,
                                                 const double *speed, const double *e,
                                                 hf_viscoelastic_sphere_fit *fit,
                                                 hf_diag *diag)
{
    if (speed == NULL || e == NULL || fit == NULL)
        return hf_diag_set(diag, HF_EINVAL, "viscoelastic sphere fit needs speeds, e and an output");
    memset(fit, 0, sizeof *fit);
    int distinct = 0;
    double v_min = 0.0;
    hf_status st = sphere_fit_input(count, speed, e, &distinct, &v_min, diag);
    if (st != HF_OK)
        return st;
    kelvin_voigt_beta(law, v_min, fit);
    if (!distinct)
        return HF_OK;
    st = fit_series(count, speed, e, fit, diag);
    if (st != HF_OK)
        return st;
    fit->valid = 1;
    fit->beta = fit->c1 / HF_VISCOELASTIC_SPHERE_C1;
    fit->c2_over_c1_squared = fit->c1 != 0.0 ? fit->c2 / (fit->c1 * fit->c1) : 0.0;
    double b = fit->beta > 0.0 ? fit->beta : 0.0;
    for (size_t i = 0; i < count; ++i) {
        double rs = fabs(e[i] - hf_viscoelastic_sphere_e(b, speed[i], 5));
        double rp = fabs(e[i] - hf_viscoelastic_sphere_e(b, speed[i], 0));
        fit->max_residual_series = rs > fit->max_residual_series ? rs : fit->max_residual_series;
        fit->max_residual_pade = rp > fit->max_residual_pade ? rp : fit->max_residual_pade;
    }
    return HF_OK;
}

/* ---- an engine's published force law, simulated ------------------------ */

typedef struct engine_run {
    const hf_engine_params *p;
    double mass, speed, scale;   /* m, v⁻, the undamped maximum penetration */
} engine_run;

static double engine_force(const hf_engine_params *p, double v_first, double x, double xd)
{
    double ax = fabs(x), sgn = x < 0.0 ? -1.0 : 1.0, f;
    switch (p->law) {
    case HF_ENGINE_LAW_HUNT_CROSSLEY_FIXED:
        f = sgn * p->k * pow(ax, p->n) * (1.0 + p->d * xd);
        break;
    case HF_ENGINE_LAW_HUNT_CROSSLEY_PER_IMPACT:
        f = sgn * p->k * pow(ax, p->n) * (1.0 + p->h * xd / v_first);
        break;
    case HF_ENGINE_LAW_STEP_DAMPER: {
        double s = 1.0;
        if (p->ramp > 0.0 && ax < p->ramp) {
            double u = ax / p->ramp;   /* Adams' STEP: cubic 3u² − 2u³ */
            s = u * u * (3.0 - 2.0 * u);
        }
        f = sgn * p->k * pow(ax, p->n) + s * p->c * xd;
        break;
    }
    default: /* CHRONO_HERTZ */
        f = sgn * (p->k * pow(ax, 1.5) + p->c * pow(ax, 0.25) * xd);
        break;
    }
    return f;
}

static int engine_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const engine_run *r = params;
    double x = y[0] * r->scale, xd = y[1] * r->speed;
    double f = engine_force(r->p, r->speed, x, xd);
    if (x > 0.0 && f < 0.0)   /* every engine clamps: no tension */
        f = 0.0;
    dydt[0] = r->speed / r->scale * y[1];
    dydt[1] = -f / (r->mass * r->speed);
    return isfinite(dydt[1]) ? GSL_SUCCESS : GSL_EBADFUNC;
}

static double event_velocity(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[1];
}

static double event_penetration(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[0];
}

static double event_force(double t, const double y[], void *params)
{
    (void)t;
    const engine_run *r = params;
    return engine_force(r->p, r->speed, y[0] * r->scale, y[1] * r->speed) /
           (r->mass * r->speed * r->speed / r->scale);
}

/* The engine law's exponent, or HF_EINVAL/HF_EDOM for what it cannot simulate. */
static hf_status engine_impact_check(const hf_engine_params *params, double mass, double speed,
                                     double *n, hf_diag *diag)
{
    if (params == NULL || params->law == HF_ENGINE_LAW_SIMULATED ||
        (unsigned)params->law > HF_ENGINE_LAW_SIMULATED)
        return hf_diag_set(diag, HF_EINVAL,
                           "engine law: no closed force law to simulate (MuJoCo runs itself)");
    if (!(isfinite(mass) && mass > 0.0 && isfinite(speed) && speed > 0.0))
        return hf_diag_set(diag, HF_EDOM, "engine impact needs m > 0 and v > 0 (m = %g, v = %g)",
                           mass, speed);
    *n = params->law == HF_ENGINE_LAW_CHRONO_HERTZ ? 1.5 : params->n;
    if (!(params->k > 0.0 && *n >= 1.0 && *n <= 2.0))
        return hf_diag_set(diag, HF_EDOM, "engine stiffness k = %g or exponent n = %g out of range",
                           params->k, *n);
    return HF_OK;
}

hf_status hf_engine_impact(const hf_engine_params *params, double mass, double speed,
                           double *e, double *contact_time, hf_diag *diag)
{
    double n = 0.0;
    hf_status st = engine_impact_check(params, mass, speed, &n, diag);
    if (st != HF_OK)
        return st;
    engine_run run = {params, mass, speed, pow((n + 1.0) * mass * speed * speed /
                                               (2.0 * params->k), 1.0 / (n + 1.0))};
    hf_ode_options opt;
    hf_ode_options_init(&opt);
    double t_scale = run.scale / speed;
    opt.t_max = 1e6 * t_scale;
    opt.h0 = 1e-6 * t_scale;
    double t = 0.0, y[2] = {0.0, 1.0};
    size_t which;
    /* compression to δ̇ = 0, then restitution to δ = 0 or F = 0 */
    hf_ode_event to_max = {event_velocity, -1};
    st = hf_ode_integrate_to_event(engine_rhs, 2, &run, &to_max, 1, &opt, &t, y,
                                             &which, NULL, NULL, diag);
    if (st != HF_OK)
        return st;
    hf_ode_event to_end[2] = {{event_penetration, -1}, {event_force, -1}};
    st = hf_ode_integrate_to_event(engine_rhs, 2, &run, to_end, 2, &opt, &t, y, &which, NULL,
                                   NULL, diag);
    if (st != HF_OK)
        return st;
    if (e)
        *e = -y[1];
    if (contact_time)
        *contact_time = t;
    return HF_OK;
}

/* ---- calibration of one damping parameter by root finding -------------- */

typedef struct damping_root {
    hf_engine_params *p;
    double mass, speed, target;
} damping_root;

static hf_status engine_e_minus_target(double c, void *ctx, double *value)
{
    damping_root *r = ctx;
    r->p->c = c;
    double e = 0.0;
    hf_status st = hf_engine_impact(r->p, r->mass, r->speed, &e, NULL, NULL);
    if (st != HF_OK)
        return st;
    *value = e - r->target;
    return HF_OK;
}

static hf_status solve_damping(hf_engine_params *p, double mass, double c_max,
                               const char *what, hf_diag *diag)
{
    damping_root r = {p, mass, p->v_cal, p->e_target};
    hf_brent_tolerance tol = {0.0, 1e-12, 200};
    hf_brent_result out;
    hf_status st = hf_brent_root(engine_e_minus_target, &r, 0.0, c_max, &tol, what, &out, diag);
    if (st != HF_OK)
        return st;
    p->c = out.x;
    return HF_OK;
}

/* ---- the exports ------------------------------------------------------- */

/* The engine's stiffness for its exponent n_e: the same undamped maximum
 * penetration δ_H at v_cal as the target's K δⁿ (equal stored energy,
 * k δ_H^{n_e+1}/(n_e+1) = K δ_H^{n+1}/(n+1)). */
static double matched_stiffness(const hf_contact *c, double n_e)
{
    double n = c->exponent;
    double dh = pow((n + 1.0) * c->mass * c->approach_speed * c->approach_speed /
                    (2.0 * c->stiffness), 1.0 / (n + 1.0));
    return (n_e + 1.0) * c->stiffness * pow(dh, n - n_e) / (n + 1.0);
}

static double undamped_penetration(const hf_contact *c)
{
    double n = c->exponent;
    return pow((n + 1.0) * c->mass * c->approach_speed * c->approach_speed /
               (2.0 * c->stiffness), 1.0 / (n + 1.0));
}

/* What every export needs: the target's contact and its numbers at v_cal. */
typedef struct export_ctx {
    const hf_contact *c;
    double m, v, R;   /* mass, v_cal, sphere radius */
    double h;         /* the exact h_r of the target's e at v_cal */
    double dh;        /* the target's undamped penetration at v_cal */
    double c_scale;   /* a damping coefficient of order 1 (N·s/m) */
} export_ctx;

static hf_status export_drake(const export_ctx *x, hf_engine_params *p, hf_diag *diag)
{
    const hf_contact *c = x->c;
    double v = x->v, h = x->h;
    char *t = p->text;
    size_t ts = sizeof p->text;
    (void)diag;
    p->law = HF_ENGINE_LAW_HUNT_CROSSLEY_FIXED;
    p->n = 1.0;
    p->k = matched_stiffness(c, 1.0);
    p->d = h / v;
    p->native[0] = p->k;
    p->native[1] = p->d;
    snprintf(t, ts,
             "<!-- Drake point contact, f = k x (1 + d xdot): k matched to the target's "
             "penetration at v_cal = %.6g m/s, d = h_r(e)/v_cal; on the sphere, with the "
             "plane rigid (Drake combines k = k1 k2/(k1 + k2), an infinite one leaving the "
             "other) and the same dissipation -->\n"
             "<drake:proximity_properties>\n"
             "  <drake:point_contact_stiffness>%.10g</drake:point_contact_stiffness>\n"
             "  <drake:hunt_crossley_dissipation>%.10g</drake:hunt_crossley_dissipation>\n"
             "</drake:proximity_properties>\n", v, p->k, p->d);
    return HF_OK;
}

static hf_status export_opensim(const export_ctx *x, hf_engine_params *p, hf_diag *diag)
{
    const hf_contact *c = x->c;
    double v = x->v, R = x->R, h = x->h;
    char *t = p->text;
    size_t ts = sizeof p->text;
    (void)diag;
    p->law = HF_ENGINE_LAW_HUNT_CROSSLEY_FIXED;
    p->n = 1.5;
    p->k = matched_stiffness(c, 1.5);
    p->d = h / v;
    double E = 3.0 * p->k / (4.0 * sqrt(R));
    /* Simbody's HuntCrossleyForceImpl keeps k_i = stiffness_i^(2/3) per
     * surface and combines k = k1 k2/(k1 + k2), fH = (4/3) k^(3/2) √R
     * x^(3/2): the sphere and the plane in one parameter set (k1 = k2)
     * give E = (stiffness^(2/3)/2)^(3/2), so stiffness = 2^(3/2) E;
     * c = c1 s1 + c2 s2 = c, f = fH (1 + 1.5 c xdot) */
    p->native[0] = 2.0 * sqrt(2.0) * E;
    p->native[1] = p->d / 1.5;
    snprintf(t, ts,
             "<!-- OpenSim HuntCrossleyForce (Simbody HuntCrossleyForceImpl): list the sphere "
             "and the plane in this one parameter set; Simbody combines their stiffnesses "
             "as k = (s^(2/3)/2) and gives f = (4/3) sqrt(R) k^1.5 x^1.5 (1 + 1.5 c xdot), "
             "so stiffness = 2^1.5 E with E = %.10g Pa, R = %.6g m -->\n"
             "<HuntCrossleyForce_ContactParameters>\n"
             "  <stiffness>%.10g</stiffness>\n"
             "  <dissipation>%.10g</dissipation>\n"
             "</HuntCrossleyForce_ContactParameters>\n", E, R, p->native[0], p->native[1]);
    return HF_OK;
}

static hf_status export_mbdyn(const export_ctx *x, hf_engine_params *p, hf_diag *diag)
{
    const hf_contact *c = x->c;
    double h = x->h;
    char *t = p->text;
    size_t ts = sizeof p->text;
    (void)diag;
    p->law = HF_ENGINE_LAW_HUNT_CROSSLEY_PER_IMPACT;
    p->n = c->exponent;
    p->k = c->stiffness;
    p->h = h;
    p->native[0] = 8.0 / (8.0 + 5.0 * h);   /* Flores: h = 8(1 − e)/(5e) */
    snprintf(t, ts,
             "# MBDyn continuous contact, Flores formulation: "
             "f = kappa x^n (1 + 8(1 - e)/(5 e) xdot/v0), v0 stored at first contact.\n"
             "# restitution is the formulation's input that gives the target e = %.6g\n"
             "formulation = flores\nrestitution = %.12g\nkappa = %.10g\nexponent = %.6g\n",
             p->e_target, p->native[0], p->k, p->n);
    return HF_OK;
}

static hf_status export_chrono(const export_ctx *x, hf_engine_params *p, hf_diag *diag)
{
    const hf_contact *c = x->c;
    double m = x->m, v = x->v, R = x->R;
    char *t = p->text;
    size_t ts = sizeof p->text;
    hf_status st = HF_OK;
    p->law = HF_ENGINE_LAW_CHRONO_HERTZ;
    p->n = 1.5;
    p->k = matched_stiffness(c, 1.5);
    double E = 3.0 * p->k / (4.0 * sqrt(R));          /* k_n x = (4/3) E √R x^{3/2} */
    double g0 = 2.0 * sqrt(5.0 / 6.0) * sqrt(2.0 * E * sqrt(R) * m);  /* |β| = 1 */
    st = solve_damping(p, m, g0 * (1.0 - 1e-12), "Chrono Hertz e(c) = e_target", diag);
    if (st != HF_OK)
        return st;
    double beta = p->c / g0, lne = -M_PI * beta / sqrt(1.0 - beta * beta);
    p->native[0] = E;
    p->native[1] = exp(lne);
    snprintf(t, ts,
             "// Project Chrono SMC, ContactForceModel::Hertz: sphere R = %.6g m, m = %.6g kg on a\n"
             "// plane 1e3 times stiffer (E_eff then within 0.1 %% of the sphere's E/(1 - nu^2))\n"
             "// whose body mass is >> m (Chrono's damping uses m1 m2/(m1 + m2) of both bodies):\n"
             "// E_eff = %.10g Pa; the restitution input below gives e = %.6g through Chrono's\n"
             "// beta mapping at v_cal = %.6g m/s (Chrono's Hertz damping keeps e nearly constant in v)\n"
             "auto mat = chrono_types::make_shared<ChContactMaterialSMC>();\n"
             "mat->SetYoungModulus(%.10g * (1 - 0.3 * 0.3));  // nu = 0.3\n"
             "mat->SetPoissonRatio(0.3);\n"
             "mat->SetRestitution(%.12g);\n"
             "// Or hertzfit's own law (hertzfit/engines.h) as Chrono's custom normal force:\n"
             "class HertzfitForce : public ChSystemSMC::ChContactForceTorqueSMC {\n"
             "  public:\n"
             "    explicit HertzfitForce(const hf_law& law) : law_(law) {}\n"
             "    ChWrenchd CalculateForceTorque(const ChSystemSMC& sys, const ChVector3d& normal_dir,\n"
             "        const ChVector3d& p1, const ChVector3d& p2, const ChVector3d& vel1,\n"
             "        const ChVector3d& vel2, const ChContactMaterialCompositeSMC& mat, double delta,\n"
             "        double eff_radius, double mass1, double mass2, ChContactable* objA,\n"
             "        ChContactable* objB) const override {\n"
             "        double rate = -Vdot(vel2 - vel1, normal_dir);   // > 0 while approaching\n"
             "        auto key = std::make_pair(objA, objB);\n"
             "        if (!first_.count(key)) first_[key] = std::max(rate, 1e-9);  // v at first contact\n"
             "        double f = 0;\n"
             "        if (hf_law_force(&law_, delta, rate, first_[key], &f, nullptr) != HF_OK) f = 0;\n"
             "        return {f * normal_dir, VNULL};   // erase first_[key] when the pair separates\n"
             "    }\n"
             "  private:\n"
             "    hf_law law_;\n"
             "    mutable std::map<std::pair<ChContactable*, ChContactable*>, double> first_;\n"
             "};\n"
             "// sys.SetContactForceTorqueAlgorithm(chrono_types::make_unique<HertzfitForce>(law));\n",
             R, m, E, p->e_target, v, E, p->native[1]);
    return st;
}

static hf_status export_simscape(const export_ctx *x, hf_engine_params *p, hf_diag *diag)
{
    const hf_contact *c = x->c;
    double m = x->m, c_scale = x->c_scale;
    char *t = p->text;
    size_t ts = sizeof p->text;
    hf_status st = HF_OK;
    p->law = HF_ENGINE_LAW_STEP_DAMPER;
    p->n = 1.0;
    p->k = matched_stiffness(c, 1.0);
    p->ramp = 0.0;
    st = solve_damping(p, m, 1e3 * c_scale, "Simscape e(b) = e_target", diag);
    if (st != HF_OK)
        return st;
    p->native[0] = p->k;
    p->native[1] = p->c;
    snprintf(t, ts,
             "%% Simscape Multibody Spatial Contact Force (linear, smallest transition "
             "region width): f = k x + b xdot, clamped at 0\n"
             "set_param(blk, 'Stiffness', '%.10g', 'Damping', '%.10g');\n",
             p->k, p->c);
    return st;
}

static hf_status export_adams(const export_ctx *x, hf_engine_params *p, hf_diag *diag)
{
    const hf_contact *c = x->c;
    double m = x->m, dh = x->dh, c_scale = x->c_scale;
    char *t = p->text;
    size_t ts = sizeof p->text;
    hf_status st = HF_OK;
    p->law = HF_ENGINE_LAW_STEP_DAMPER;
    p->n = c->exponent;
    p->k = c->stiffness;
    p->ramp = 0.01 * dh;   /* full damping at 1 % of the penetration at v_cal */
    st = solve_damping(p, m, 1e3 * c_scale, "Adams IMPACT e(c_max) = e_target", diag);
    if (st != HF_OK)
        return st;
    p->native[0] = p->k;
    p->native[1] = p->n;
    p->native[2] = p->c;
    p->native[3] = p->ramp;
    snprintf(t, ts,
             "! Adams IMPACT(x, xdot, x1, k, e, cmax, d): "
             "max(0, k (x1-x)^e - STEP(x, x1-d, cmax, x1, 0) xdot)\n"
             "IMPACT(DZ(I,J), VZ(I,J), 0, %.10g, %.6g, %.10g, %.10g)\n",
             p->k, p->n, p->c, p->ramp);
    return st;
}

static hf_status (*const exporters[HF_ENGINE_COUNT])(const export_ctx *, hf_engine_params *,
                                                         hf_diag *) = {
    [HF_ENGINE_MBDYN] = export_mbdyn,
    [HF_ENGINE_CHRONO] = export_chrono,
    [HF_ENGINE_DRAKE] = export_drake,
    [HF_ENGINE_SIMSCAPE] = export_simscape,
    [HF_ENGINE_ADAMS] = export_adams,
    [HF_ENGINE_OPENSIM] = export_opensim,
    [HF_ENGINE_MUJOCO] = NULL,
};

/* The engine's e(v) and t_c(v) against the target's at the speeds. */
static hf_status range_errors(const hf_law *law, size_t count, const double *speed,
                              hf_engine_params *p, hf_diag *diag)
{
    double m = law->contact.mass;
    hf_status st = HF_OK;
    for (size_t i = 0; st == HF_OK && i < count; ++i) {
        double et, tt, ee, te;
        st = hf_law_impact(law, speed[i], &et, &tt, diag);
        if (st == HF_OK)
            st = hf_engine_impact(p, m, speed[i], &ee, &te, diag);
        if (st == HF_OK) {
            p->e_error_max = fmax(p->e_error_max, fabs(ee - et));
            p->tc_error_max = fmax(p->tc_error_max, fabs(te / tt - 1.0));
        }
    }
    return st;
}

hf_status hf_engine_export(hf_engine_id engine, const hf_law *law, size_t count,
                           const double *speed, hf_engine_params *p, hf_diag *diag)
{
    if (p == NULL || speed == NULL || count == 0)
        return hf_diag_set(diag, HF_EINVAL, "engine export needs speeds and an output");
    if ((unsigned)engine >= HF_ENGINE_COUNT)
        return hf_diag_set(diag, HF_EINVAL, "unknown engine %d", (int)engine);
    if (engine == HF_ENGINE_MUJOCO)
        return hf_diag_set(diag, HF_EINVAL,
                           "MuJoCo has no closed force law: it is calibrated by running it "
                           "(hf_mujoco_calibrate)");
    hf_status st = hf_law_check(law, diag);
    if (st != HF_OK)
        return st;
    if (law_is_hereditary(law))
        return hf_diag_set(diag, HF_EINVAL,
                           "engine export needs a Hertz contact law (K, n), not the %s form",
                           hf_law_form_name(law->form));
    memset(p, 0, sizeof *p);
    p->engine = engine;
    const hf_contact *c = &law->contact;
    export_ctx x = {c, c->mass, c->approach_speed, law->radius, 0.0, undamped_penetration(c),
                    0.0};
    x.c_scale = x.m * x.v / x.dh;
    p->v_cal = x.v;
    st = hf_law_impact(law, x.v, &p->e_target, NULL, diag);
    if (st == HF_OK)   /* h_r is the same for any Hunt–Crossley law, any n */
        st = hf_restitution_hr_exact(p->e_target, &x.h, diag);
    if (st == HF_OK)
        st = exporters[engine](&x, p, diag);
    if (st == HF_OK)
        st = hf_engine_impact(p, x.m, x.v, &p->e_engine, NULL, diag);
    return st == HF_OK ? range_errors(law, count, speed, p, diag) : st;
}
