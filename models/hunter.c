/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/hunter.c — numerical solution of Hunter's Maxwell impact model in
 * Argatov's dimensionless form (Eqs. 24–25; see hertzfit/maxwell.h for the
 * equations and the derived unloading force), and of the same model for a
 * standard linear solid (Eq. 47; its derivation is the last section).
 *
 * Three events end integrations: the peak of the contact force (dF/dτ
 * falls through 0), the end of loading (ω' falls through 0) and the end of
 * contact (ω falls through 0).  The force peak lies in the loading stage
 * for small ε (Argatov's Eq. 34: ω' = (2/3)ε there), but it is also looked
 * for in the unloading stage so that larger ε are handled honestly.
 */
#include "hertzfit/maxwell.h"

#include <math.h>

#include <gsl/gsl_errno.h>

#include "core/ode_events.h"
#include "models/maxwell_model.h"

/* Longest dimensionless time allowed per stage: the Hertz half duration is
 * τ_m⁰ ≈ 1.47, and ε <= HF_HUNTER_EPS_MAX keeps each stage below ~3. */
#define STAGE_TAU_MAX 100.0
/* First trial step: a small fraction of τ_m⁰. */
#define FIRST_STEP 1e-3

void hf_hunter_options_init(hf_hunter_options *options)
{
    options->abs_tol = 1e-12;
    options->rel_tol = 1e-12;
}

/* ω^{3/2} for ω >= 0; ω dips below 0 only inside a step that crosses the
 * end-of-contact event, where the force is zero. */
static double pow15(double omega)
{
    return omega > 0.0 ? omega * sqrt(omega) : 0.0;
}

double hf_hunter_force_loading(double eps, double omega, double v)
{
    return 1.25 * pow15(omega) + eps * (v - 1.0);
}

double hf_hunter_force_unloading(double eps, double since_tau_m, double omega, double v)
{
    return exp(-2.0 * eps * since_tau_m) * (1.25 * pow15(omega) - eps * (v + 1.0));
}

typedef struct stage {
    double eps;
    double tau_m;  /* start of unloading (unloading stage only) */
} stage;

/* Eq. 24 with y = (ω, ω'). */
static int loading_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const stage *s = params;
    dydt[0] = y[1];
    dydt[1] = -1.25 * pow15(y[0]) - s->eps * (y[1] - 1.0);
    return GSL_SUCCESS;
}

/* Eq. 25 with y = (ω, ω'). */
static int unloading_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const stage *s = params;
    dydt[0] = y[1];
    dydt[1] = -1.25 * pow15(y[0]) + s->eps * (3.0 * y[1] + 1.0);
    return GSL_SUCCESS;
}

/* dF/dτ in loading: d/dτ[(5/4)ω^{3/2} + ε(ω' − 1)] = (15/8)ω^{1/2}ω' + ε ω''. */
static double loading_force_slope(double t, const double y[], void *params)
{
    double dydt[2];
    const stage *s = params;
    loading_rhs(t, y, dydt, params);
    return 1.875 * sqrt(fmax(y[0], 0.0)) * y[1] + s->eps * dydt[1];
}

/* dF/dτ in unloading, without the positive factor exp(−2ε(τ − τ_m)):
 * −2ε[(5/4)ω^{3/2} − ε(ω' + 1)] + (15/8)ω^{1/2}ω' − ε ω''. */
static double unloading_force_slope(double t, const double y[], void *params)
{
    double dydt[2];
    const stage *s = params;
    unloading_rhs(t, y, dydt, params);
    return -2.0 * s->eps * (1.25 * pow15(y[0]) - s->eps * (y[1] + 1.0)) +
           1.875 * sqrt(fmax(y[0], 0.0)) * y[1] - s->eps * dydt[1];
}

static double velocity_event(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[1];
}

static double contact_event(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[0];
}

static void stage_options(const hf_hunter_options *o, double tau0, hf_ode_outputs *outputs,
                          hf_ode_options *ode)
{
    hf_ode_options_init(ode);
    ode->outputs = outputs;
    ode->abs_tol = o->abs_tol;
    ode->rel_tol = o->rel_tol;
    ode->h0 = FIRST_STEP;
    ode->t_max = tau0 + STAGE_TAU_MAX;
}

/* Integrates the loading stage to ω' = 0, recording the force peak on the
 * way when it comes first.  *peak_found says whether it did. */
static hf_status run_loading(stage *s, const hf_hunter_options *o, hf_ode_outputs *outputs,
                             hf_hunter_result *out, int *peak_found, hf_diag *diag)
{
    const hf_ode_event events[2] = {{velocity_event, -1}, {loading_force_slope, -1}};
    hf_ode_options ode;
    stage_options(o, 0.0, outputs, &ode);
    double tau = 0.0, y[2] = {0.0, 1.0};
    *peak_found = 0;
    for (;;) {
        size_t which = 0;
        hf_status st = hf_ode_integrate_to_event(loading_rhs, 2, s, events, 2, &ode,
                                                 &tau, y, &which, NULL, NULL, NULL);
        if (st != HF_OK)
            return hf_diag_set(diag, st, "Hunter model, eps = %g: loading stage: %s",
                               s->eps, hf_strerror(st));
        if (which == 0)
            break;
        /* The force peak; continue from it (an event whose function is 0
         * at the start point does not fire again). */
        *peak_found = 1;
        out->tau_M = tau;
        out->force_M = hf_hunter_force_loading(s->eps, y[0], y[1]);
    }
    out->tau_m = tau;
    out->omega_m = y[0];
    return HF_OK;
}

static hf_status run_unloading(stage *s, const hf_hunter_options *o, hf_ode_outputs *outputs,
                               hf_hunter_result *out, int peak_found, hf_diag *diag)
{
    const hf_ode_event events[2] = {{contact_event, -1}, {unloading_force_slope, -1}};
    hf_ode_options ode;
    stage_options(o, out->tau_m, outputs, &ode);
    s->tau_m = out->tau_m;
    double tau = out->tau_m, y[2] = {out->omega_m, 0.0};
    for (;;) {
        size_t which = 0;
        hf_status st = hf_ode_integrate_to_event(unloading_rhs, 2, s, events,
                                                 peak_found ? 1 : 2, &ode, &tau, y, &which,
                                                 NULL, NULL, NULL);
        if (st != HF_OK)
            return hf_diag_set(diag, st, "Hunter model, eps = %g: unloading stage: %s",
                               s->eps, hf_strerror(st));
        if (which == 0)
            break;
        peak_found = 1;
        out->tau_M = tau;
        out->force_M = hf_hunter_force_unloading(s->eps, tau - out->tau_m, y[0], y[1]);
    }
    out->tau_c = tau;
    out->v_c = y[1];
    out->e = -exp(-2.0 * s->eps * (tau - out->tau_m)) * y[1];
    return HF_OK;
}

/* Both stages, the ODE states at outputs->t passed to outputs->at on the
 * way (outputs may be NULL). */
static hf_status run_stages(double eps, const hf_hunter_options *options,
                            hf_ode_outputs *outputs, stage *s, hf_hunter_result *out,
                            hf_diag *diag)
{
    if (!isfinite(eps) || eps < 0.0 || eps > HF_HUNTER_EPS_MAX)
        return hf_diag_set(diag, HF_EDOM, "eps = %g is outside [0, %g] for Hunter's model",
                           eps, HF_HUNTER_EPS_MAX);
    hf_hunter_options defaults;
    hf_hunter_options_init(&defaults);
    const hf_hunter_options *o = options ? options : &defaults;
    if (!(o->abs_tol > 0.0) || !(o->rel_tol > 0.0))
        return hf_diag_set(diag, HF_EINVAL, "ODE tolerances must be positive");
    s->eps = eps;
    s->tau_m = 0.0;
    out->eps = eps;
    int peak_found = 0;
    hf_status st = run_loading(s, o, outputs, out, &peak_found, diag);
    if (st != HF_OK)
        return st;
    /* Unloading needs ω'' < 0 at τ_m, i.e. ε < (5/4)ω_m^{3/2} (Eq. 25). */
    if (!(eps < 1.25 * pow15(out->omega_m)))
        return hf_diag_set(diag, HF_EDOM,
                           "eps = %g: Hunter's unloading equation does not unload", eps);
    /* With no interior peak in loading, the force at τ_m is the candidate. */
    if (!peak_found) {
        out->tau_M = out->tau_m;
        out->force_M = hf_hunter_force_loading(eps, out->omega_m, 0.0);
    }
    return run_unloading(s, o, outputs, out, peak_found, diag);
}

hf_status hf_hunter_simulate(double eps, const hf_hunter_options *options,
                             hf_hunter_result *out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output for the Hunter model");
    stage s;
    return run_stages(eps, options, NULL, &s, out, diag);
}

/* Where the force history writes.  The stage being integrated tells which
 * force formula holds: s->tau_m stays 0 until run_unloading sets it, and
 * τ_m > 0 always (loading starts at ω' = 1). */
typedef struct history {
    const stage *s;
    double *force;
    size_t next;
} history;

static void history_force(double tau, const double y[], void *user)
{
    history *h = user;
    h->force[h->next++] = h->s->tau_m > 0.0
        ? hf_hunter_force_unloading(h->s->eps, tau - h->s->tau_m, y[0], y[1])
        : hf_hunter_force_loading(h->s->eps, y[0], y[1]);
}

hf_status hf_hunter_force_history(double eps, const hf_hunter_options *options, size_t n,
                                  const double *tau, double *force, hf_diag *diag)
{
    if (n > 0 && (tau == NULL || force == NULL))
        return hf_diag_set(diag, HF_EINVAL, "no times or forces for Hunter's force history");
    hf_status checked = hf_ode_check_times(n, tau, "Hunter's force history", diag);
    if (checked != HF_OK)
        return checked;
    size_t first = 0;
    while (first < n && tau[first] < 0.0)
        force[first++] = 0.0;
    stage s = {eps, 0.0};
    history h = {&s, force, first};
    hf_ode_outputs outputs = {tau, n, first, history_force, &h};
    hf_hunter_result r;
    hf_status st = run_stages(eps, options, &outputs, &s, &r, diag);
    if (st != HF_OK)
        return st;
    for (size_t i = outputs.next; i < n; ++i)
        force[i] = 0.0;
    return HF_OK;
}

/* ---- The standard linear solid ---------------------------------------------
 *
 * Hunter's impact model for a standard linear solid
 * (Argatov Section 3.2, Eq. 47), in the dimensionless variables of Eq. 23,
 * integrated with the event machinery the Maxwell model uses
 * (core/ode_events.h).  The equations are derived here; hertzfit/maxwell.h
 * states them.
 *
 * Relaxation modulus of Eq. 47 (its creep function inverted):
 *   μ(t) = μ0 [(1 − α) + α exp(−t/τ)],  J(t) = [1 − α exp(−(1−α)t/τ)]/((1−α)μ0).
 * Time unit T = w_m⁰/V0, λ = T/τ, so Argatov's ε of Eq. 49 is α λ; force unit
 * m V0²/w_m⁰, in which k w_m⁰^{5/2} = 5/4.
 *
 * Loading (Lee–Radok, Eq. 13, exact): with g = ∫ e^{−λ(τ−s)} d(ω^{3/2})(s)
 *   ω'' = −F,  F = (5/4)[(1−α)ω^{3/2} + α g],  g' = (3/2)ω^{1/2}ω' − λ g.
 * For α = 1 this is Eq. 24 (differentiate F and use ω'(0) = 1).
 *
 * Unloading, Hunter's approximation t₁ ≈ 2t_m − t used where he uses it
 * for the Maxwell solid, and nowhere else (ω̃ = a²/(R w_m⁰)):
 *  - force, Eq. 15: F = (5/4)[(1−α)ω̃^{3/2} + α E g(t₁)], E = e^{−2λ(τ−τ_m)}
 *    (the relaxed part integrates to (1−α)ω̃(t₁)^{3/2} = (1−α)ω̃^{3/2}
 *    exactly, since a(t₁) = a(t));
 *  - g(t₁): integrating the loading equations once gives
 *      g = ω^{3/2} + (4/5)(λ/α)(ω' − 1) + (λ(1−α)/α) I,  I = ∫₀^τ ω^{3/2},
 *    evaluated at the mirrored point, ω'(t₁) ≈ −ω̃' and
 *    I(t₁) ≈ I(τ_m) − ∫_{τ_m}^τ ω̃^{3/2} =: Ĩ (for α = 1 this is Hunter's
 *    (5/4)ω̃^{3/2} − ε(ω̃' + 1) of hertzfit/maxwell.h);
 *  - approach, Eq. 16: since a(t₁) = a(t) only the relaxing part of μ
 *    remains inside, and with the exponential creep kernel Eq. 16 becomes
 *      w' = ω̃' − α P' − α² λ q,
 *      P' = ω̃'(1 − E) − λ P,   q' = P' − (1−α)λ q,   P(τ_m) = q(τ_m) = 0;
 *    for α = 1 (q = P) this is Eq. 21, w' = E ω̃'.
 *  - motion: w'' = −F gives ω̃'' (the coefficient 1 − α(1 − E) > 0):
 *      ω̃'' = [−F + α(2λE ω̃' − λP') + α²λ q'] / (1 − α(1 − E)),
 *    which for α = 1 is Eq. 25.
 * The contact ends at ω̃ = 0; the rebound speed is −w' there, e = −w'(τ_c).
 */

/* Largest λ = ε/α: beyond it the relaxation is so much faster than the
 * impact that the explicit stepper needs ~λ steps per unit time. */
#define LAMBDA_MAX 1e4

typedef struct sls_stage {
    double alpha, lambda;
    double tau_m;   /* start of unloading */
} sls_stage;

/* ---- loading: y = (ω, ω', g, I) ------------------------------------------ */

static double sls_loading_force(const sls_stage *s, const double y[])
{
    return 1.25 * ((1.0 - s->alpha) * pow15(y[0]) + s->alpha * y[2]);
}

static int sls_loading_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const sls_stage *s = params;
    dydt[0] = y[1];
    dydt[1] = -sls_loading_force(s, y);
    dydt[2] = 1.5 * sqrt(fmax(y[0], 0.0)) * y[1] - s->lambda * y[2];
    dydt[3] = pow15(y[0]);
    return GSL_SUCCESS;
}

/* dF/dτ = (5/4)[(3/2)ω^{1/2}ω' − αλ g]. */
static double sls_loading_force_slope(double t, const double y[], void *params)
{
    (void)t;
    const sls_stage *s = params;
    return 1.25 * (1.5 * sqrt(fmax(y[0], 0.0)) * y[1] - s->alpha * s->lambda * y[2]);
}

/* ---- unloading: y = (ω̃, ω̃', Ĩ, P, q) ----------------------------------- */

typedef struct sls_unloading_terms {
    double E, g, force, dP, dq, du;
} sls_unloading_terms;

static void sls_unloading_eval(const sls_stage *s, double tau, const double y[],
                           sls_unloading_terms *u)
{
    const double a = s->alpha, l = s->lambda;
    u->E = exp(-2.0 * l * (tau - s->tau_m));
    u->g = pow15(y[0]) + 0.8 * (l / a) * (-y[1] - 1.0) + (l * (1.0 - a) / a) * y[2];
    u->force = 1.25 * ((1.0 - a) * pow15(y[0]) + a * u->E * u->g);
    u->dP = y[1] * (1.0 - u->E) - l * y[3];
    u->dq = u->dP - (1.0 - a) * l * y[4];
    u->du = (-u->force + a * (2.0 * l * u->E * y[1] - l * u->dP) + a * a * l * u->dq) /
            (1.0 - a * (1.0 - u->E));
}

static int sls_unloading_rhs(double t, const double y[], double dydt[], void *params)
{
    sls_unloading_terms u;
    const sls_stage *s = params;
    sls_unloading_eval(s, t, y, &u);
    dydt[0] = y[1];
    dydt[1] = u.du;
    dydt[2] = -pow15(y[0]);
    dydt[3] = u.dP;
    dydt[4] = u.dq;
    return GSL_SUCCESS;
}

/* Approach velocity w' (units V0). */
static double sls_approach_velocity(const sls_stage *s, const double y[], const sls_unloading_terms *u)
{
    return y[1] - s->alpha * u->dP - s->alpha * s->alpha * s->lambda * y[4];
}

/* dF/dτ in unloading: (5/4)[(1−α)(3/2)ω̃^{1/2}ω̃' + α(−2λE g + E g')], with
 * g' = (3/2)ω̃^{1/2}ω̃' − (4/5)(λ/α)ω̃'' − (λ(1−α)/α)ω̃^{3/2}. */
static double sls_unloading_force_slope(double t, const double y[], void *params)
{
    sls_unloading_terms u;
    const sls_stage *s = params;
    const double a = s->alpha, l = s->lambda, half = 1.5 * sqrt(fmax(y[0], 0.0)) * y[1];
    sls_unloading_eval(s, t, y, &u);
    double dg = half - 0.8 * (l / a) * u.du - (l * (1.0 - a) / a) * pow15(y[0]);
    return 1.25 * ((1.0 - a) * half + a * u.E * (dg - 2.0 * l * u.g));
}

/* The standard linear solid's eps and alpha, where the model is defined
 * and the integration can follow it, and the integration's tolerances. */
static hf_status check_sls_parameters(double eps, double alpha, const hf_hunter_options *o,
                                      hf_diag *diag)
{
    if (!isfinite(alpha) || !(alpha > 0.0) || alpha > 1.0)
        return hf_diag_set(diag, HF_EDOM, "alpha = %g is outside (0, 1] for the standard "
                           "linear solid", alpha);
    if (!isfinite(eps) || eps < 0.0 || eps > HF_HUNTER_EPS_MAX)
        return hf_diag_set(diag, HF_EDOM, "eps = %g is outside [0, %g] for Hunter's model",
                           eps, HF_HUNTER_EPS_MAX);
    if (!(eps / alpha <= LAMBDA_MAX))
        return hf_diag_set(diag, HF_EDOM, "eps/alpha = %g: the relaxation is more than %g "
                           "times faster than the impact", eps / alpha, LAMBDA_MAX);
    if (!(o->abs_tol > 0.0) || !(o->rel_tol > 0.0))
        return hf_diag_set(diag, HF_EINVAL, "ODE tolerances must be positive");
    return HF_OK;
}

hf_status hf_hunter_simulate_sls(double eps, double alpha, const hf_hunter_options *options,
                                 hf_hunter_result *out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output for the standard linear solid");
    hf_hunter_options defaults;
    hf_hunter_options_init(&defaults);
    const hf_hunter_options *o = options ? options : &defaults;
    hf_status st = check_sls_parameters(eps, alpha, o, diag);
    if (st != HF_OK)
        return st;
    sls_stage s = {alpha, eps / alpha, 0.0};
    out->eps = eps;

    /* loading, with the force peak on the way when it comes first */
    const hf_ode_event load_events[2] = {{velocity_event, -1}, {sls_loading_force_slope, -1}};
    hf_ode_options ode;
    stage_options(o, 0.0, NULL, &ode);
    double tau = 0.0, y[5] = {0.0, 1.0, 0.0, 0.0, 0.0};
    int peak_found = 0;
    for (;;) {
        size_t which = 0;
        hf_status st = hf_ode_integrate_to_event(sls_loading_rhs, 4, &s, load_events, 2, &ode,
                                                 &tau, y, &which, NULL, NULL, NULL);
        if (st != HF_OK)
            return hf_diag_set(diag, st, "standard linear solid, eps = %g, alpha = %g: "
                               "loading stage: %s", eps, alpha, hf_strerror(st));
        if (which == 0)
            break;
        peak_found = 1;
        out->tau_M = tau;
        out->force_M = sls_loading_force(&s, y);
        /* At ε = 0 (and to rounding near it) the peak is the end of
         * loading: both events at one point, and the velocity event would
         * not fire again from it. */
        if (!(y[1] > 0.0))
            break;
    }
    out->tau_m = s.tau_m = tau;
    out->omega_m = y[0];
    if (!peak_found) {
        out->tau_M = tau;
        out->force_M = sls_loading_force(&s, y);
    }

    /* unloading from (ω_m, 0, I(τ_m), 0, 0) */
    double z[5] = {y[0], 0.0, y[3], 0.0, 0.0};
    sls_unloading_terms u;
    sls_unloading_eval(&s, tau, z, &u);
    if (!(u.du < 0.0))
        return hf_diag_set(diag, HF_EDOM, "eps = %g, alpha = %g: Hunter's unloading "
                           "equation does not unload", eps, alpha);
    const hf_ode_event unload_events[2] = {{contact_event, -1}, {sls_unloading_force_slope, -1}};
    stage_options(o, tau, NULL, &ode);
    for (;;) {
        size_t which = 0;
        hf_status st = hf_ode_integrate_to_event(sls_unloading_rhs, 5, &s, unload_events,
                                                 peak_found ? 1 : 2, &ode, &tau, z, &which,
                                                 NULL, NULL, NULL);
        if (st != HF_OK)
            return hf_diag_set(diag, st, "standard linear solid, eps = %g, alpha = %g: "
                               "unloading stage: %s", eps, alpha, hf_strerror(st));
        if (which == 0)
            break;
        peak_found = 1;
        sls_unloading_eval(&s, tau, z, &u);
        out->tau_M = tau;
        out->force_M = u.force;
    }
    sls_unloading_eval(&s, tau, z, &u);
    out->tau_c = tau;
    out->v_c = z[1];
    out->e = -sls_approach_velocity(&s, z, &u);
    return HF_OK;
}
