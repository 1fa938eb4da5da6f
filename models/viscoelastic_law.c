/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/viscoelastic_law.c — the force laws of hertzfit/viscoelastic.h:
 * names, parameters and the force history of one impact (the hereditary
 * laws through the exact solver of models/viscoelastic.c, the damped
 * Hertz laws by their own ODE).
 */
#include "hertzfit/viscoelastic.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "models/maxwell_model.h"

/* ---- laws ---------------------------------------------------------------- */

hf_status hf_viscoelastic_law_parse(const char *name, hf_viscoelastic_law *law, hf_diag *diag)
{
    static const struct { const char *name; hf_viscoelastic_law_kind kind; } plain[] = {
        {"maxwell", HF_VISCOELASTIC_LAW_MAXWELL},
        {"sls", HF_VISCOELASTIC_LAW_SLS},
        {"hunt-crossley", HF_VISCOELASTIC_LAW_HUNT_CROSSLEY},
        {"kelvin-voigt", HF_VISCOELASTIC_LAW_KELVIN_VOIGT},
    };
    if (name == NULL || law == NULL)
        return hf_diag_set(diag, HF_EINVAL, "law: missing argument");
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; ++i)
        if (strcmp(name, plain[i].name) == 0) {
            law->kind = plain[i].kind;
            law->terms = plain[i].kind == HF_VISCOELASTIC_LAW_SLS ? 1 : 0;
            return HF_OK;
        }
    if (strncmp(name, "prony:", 6) == 0) {
        char *end = NULL;
        unsigned long n = strtoul(name + 6, &end, 10);
        if (end == name + 6 || *end != '\0' || name[6] == '-' || name[6] == '+')
            return hf_diag_set(diag, HF_EPARSE, "law '%s': prony:N needs a number of terms", name);
        if (n < 1 || n > HF_VISCOELASTIC_FIT_TERMS_MAX)
            return hf_diag_set(diag, HF_ERANGE, "law '%s': 1 to %d Prony terms", name,
                               HF_VISCOELASTIC_FIT_TERMS_MAX);
        law->kind = HF_VISCOELASTIC_LAW_PRONY;
        law->terms = (size_t)n;
        return HF_OK;
    }
    return hf_diag_set(diag, HF_ENOTFOUND, "unknown law '%s' (maxwell, sls, prony:N, "
                       "hunt-crossley, kelvin-voigt)", name);
}

const char *hf_viscoelastic_law_name(const hf_viscoelastic_law *law, char *buf, size_t size)
{
    switch (law->kind) {
    case HF_VISCOELASTIC_LAW_MAXWELL: snprintf(buf, size, "maxwell"); break;
    case HF_VISCOELASTIC_LAW_SLS: snprintf(buf, size, "sls"); break;
    case HF_VISCOELASTIC_LAW_PRONY: snprintf(buf, size, "prony:%zu", law->terms); break;
    case HF_VISCOELASTIC_LAW_HUNT_CROSSLEY: snprintf(buf, size, "hunt-crossley"); break;
    case HF_VISCOELASTIC_LAW_KELVIN_VOIGT: snprintf(buf, size, "kelvin-voigt"); break;
    default: snprintf(buf, size, "?"); break;
    }
    return buf;
}

size_t hf_viscoelastic_law_nparams(const hf_viscoelastic_law *law)
{
    if (law->kind == HF_VISCOELASTIC_LAW_PRONY)
        return 1 + 2 * law->terms;
    return law->kind == HF_VISCOELASTIC_LAW_SLS ? 3 : 2;
}

const char *hf_viscoelastic_law_param_name(const hf_viscoelastic_law *law, size_t j)
{
    static const char *const prony[] = {"mu0_Pa", "g1", "eta1_1/s", "g2", "eta2_1/s", "g3",
                                        "eta3_1/s", "g4", "eta4_1/s"};
    if (j >= hf_viscoelastic_law_nparams(law))
        return "?";
    if (j == 0)
        return "mu0_Pa";
    switch (law->kind) {
    case HF_VISCOELASTIC_LAW_MAXWELL: return "eta_1/s";
    case HF_VISCOELASTIC_LAW_SLS: return j == 1 ? "eta_1/s" : "alpha";
    case HF_VISCOELASTIC_LAW_PRONY: return prony[j];
    case HF_VISCOELASTIC_LAW_HUNT_CROSSLEY: return "a_s/m";
    case HF_VISCOELASTIC_LAW_KELVIN_VOIGT: return "tau_s";
    }
    return "?";
}

int hf_viscoelastic_law_hereditary(const hf_viscoelastic_law *law)
{
    return law->kind == HF_VISCOELASTIC_LAW_MAXWELL || law->kind == HF_VISCOELASTIC_LAW_SLS ||
           law->kind == HF_VISCOELASTIC_LAW_PRONY;
}

/* The spectrum of a hereditary law's parameters. */
static hf_status spectrum_of(const hf_viscoelastic_law *law, const double *param, hf_prony *p,
                             hf_diag *diag)
{
    memset(p, 0, sizeof *p);
    if (law->kind == HF_VISCOELASTIC_LAW_MAXWELL)
        hf_prony_maxwell(param[1], p);
    else if (law->kind == HF_VISCOELASTIC_LAW_SLS)
        hf_prony_sls(param[2], param[1], p);
    else {
        double sum = 0.0;
        p->n = law->terms;
        for (size_t i = 0; i < law->terms; ++i) {
            p->g[i] = param[1 + 2 * i];
            p->rate[i] = param[2 + 2 * i];
            sum += p->g[i];
        }
        p->g_inf = 1.0 - sum;
        if (fabs(p->g_inf) < 1e-14)
            p->g_inf = 0.0;
    }
    return hf_prony_check(p, diag);
}

/* Hertz's stiffness K of F = K δ^{3/2}: (4/3) E* √R, E* = 2μ0/(1 − ν). */
static double hertz_stiffness(double mu0, double nu, double R)
{
    return 4.0 / 3.0 * 2.0 * mu0 / (1.0 - nu) * sqrt(R);
}

/* The non-hereditary laws in the variables ω = δ/δ_H, v = δ̇/V0, s = t
 * V0/δ_H, δ_H = (5 m V0²/(4K))^{2/5}: ω'' = −(5/4) f(ω, v) with f =
 * ω^{3/2}(1 + c v) (Hunt–Crossley, c = a V0) or ω^{3/2} + (3/2) c ω^{1/2} v
 * (Kelvin–Voigt, c = τ V0/δ_H), clamped at 0 (no tension, free flight
 * once ω < 0). */
typedef struct damped_law {
    int kelvin_voigt;
    double c;
} damped_law;

static double damped_force(const damped_law *d, double w, double v)
{
    if (w <= 0.0)
        return 0.0;
    double f = d->kelvin_voigt ? w * sqrt(w) + 1.5 * d->c * sqrt(w) * v
                               : w * sqrt(w) * (1.0 + d->c * v);
    return fmax(f, 0.0);
}

static int damped_rhs(double s, const double y[], double dydt[], void *params)
{
    (void)s;
    dydt[0] = y[1];
    dydt[1] = -1.25 * damped_force(params, y[0], y[1]);
    return GSL_SUCCESS;
}

static hf_status damped_history(const hf_viscoelastic_law *law, const double *param, double nu,
                                const hf_maxwell_impact *im, size_t n, const double *t,
                                double *F, double tol, hf_diag *diag)
{
    double K = hertz_stiffness(param[0], nu, im->R);
    double dH = pow(1.25 * im->m * im->V0 * im->V0 / K, 0.4);
    double scale = K * dH * sqrt(dH); /* force of ω = 1 */
    damped_law d = {law->kind == HF_VISCOELASTIC_LAW_KELVIN_VOIGT, 0.0};
    d.c = d.kelvin_voigt ? param[1] * im->V0 / dH : param[1] * im->V0;
    gsl_odeiv2_system sys = {damped_rhs, NULL, 2, &d};
    gsl_odeiv2_driver *drv =
        gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, tol, tol);
    if (drv == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    double y[2] = {0.0, 1.0}, s = 0.0;
    int ended = 0;
    hf_status st = HF_OK;
    for (size_t i = 0; i < n; ++i) {
        double target = t[i] * im->V0 / dH;
        if (!(target > 0.0) || ended) {
            F[i] = 0.0;
            continue;
        }
        if (target > s) {
            int gs = gsl_odeiv2_driver_apply(drv, &s, target, y);
            if (gs != GSL_SUCCESS) {
                st = hf_diag_set(diag, HF_EGSL, "%s law: integration failed at t = %g s",
                                 d.kelvin_voigt ? "kelvin-voigt" : "hunt-crossley", t[i]);
                break;
            }
        }
        F[i] = scale * damped_force(&d, y[0], y[1]);
        ended = y[0] <= 0.0 && y[1] < 0.0;
    }
    gsl_odeiv2_driver_free(drv);
    return st;
}

static hf_status check_params(const hf_viscoelastic_law *law, const double *param,
                              hf_diag *diag)
{
    size_t k = hf_viscoelastic_law_nparams(law);
    for (size_t j = 0; j < k; ++j)
        if (!isfinite(param[j]) || !(param[j] > 0.0))
            return hf_diag_set(diag, HF_EDOM, "law parameter %s = %g must be finite and > 0",
                               hf_viscoelastic_law_param_name(law, j), param[j]);
    return HF_OK;
}

static hf_status check_history_input(const hf_viscoelastic_law *law, const double *param,
                                     double nu, const hf_maxwell_impact *im, size_t n,
                                     const double *t, hf_diag *diag)
{
    hf_status st = check_params(law, param, diag);
    if (st != HF_OK)
        return st;
    if (!isfinite(nu) || nu < 0.0 || nu > 0.5)
        return hf_diag_set(diag, HF_EDOM, "nu = %g is outside [0, 0.5]", nu);
    st = hf_maxwell_impact_check(im, diag);
    if (st != HF_OK)
        return st;
    for (size_t i = 0; i < n; ++i)
        if (isnan(t[i]) || (i > 0 && t[i] < t[i - 1]))
            return hf_diag_set(diag, HF_EINVAL, "time %zu (%g s) is NaN or decreasing", i + 1,
                               t[i]);
    return HF_OK;
}

static hf_status history_tol(const hf_viscoelastic_law *law, const double *param, double nu,
                             const hf_maxwell_impact *im, size_t n, const double *t, double *F,
                             double *dFdt, double tol, hf_diag *diag)
{
    hf_status st = check_history_input(law, param, nu, im, n, t, diag);
    if (st != HF_OK)
        return st;
    if (!hf_viscoelastic_law_hereditary(law))
        return dFdt != NULL ? hf_diag_set(diag, HF_EINVAL, "law force history: no time "
                                          "derivative for a damped law")
                            : damped_history(law, param, nu, im, n, t, F, tol, diag);
    hf_viscoelastic_material mat = {param[0], nu, {0.0, 0, {0}, {0}}};
    st = spectrum_of(law, param, &mat.relax, diag);
    if (st != HF_OK)
        return st;
    hf_viscoelastic_options opt;
    hf_viscoelastic_options_init(&opt);
    opt.abs_tol = opt.rel_tol = tol;
    return hf_viscoelastic_force_slope_history(&mat, im, &opt, n, t, F, dFdt, diag);
}

hf_status hf_viscoelastic_law_force_slope_history(const hf_viscoelastic_law *law,
                                                  const double *param, double nu,
                                                  const hf_maxwell_impact *impact, double tol,
                                                  size_t n, const double *t, double *F,
                                                  double *dFdt, hf_diag *diag)
{
    if (law == NULL || param == NULL || impact == NULL || (n > 0 && (t == NULL || F == NULL)))
        return hf_diag_set(diag, HF_EINVAL, "law force history: missing argument");
    if (tol == 0.0)
        tol = 1e-12;
    if (!(tol > 0.0) || !(tol < 1e-3))
        return hf_diag_set(diag, HF_ERANGE, "law force history: tolerance %g outside (0, 1e-3)",
                           tol);
    return history_tol(law, param, nu, impact, n, t, F, dFdt, tol, diag);
}

hf_status hf_viscoelastic_law_force_history(const hf_viscoelastic_law *law, const double *param,
                                            double nu, const hf_maxwell_impact *impact,
                                            double tol, size_t n, const double *t, double *F,
                                            hf_diag *diag)
{
    return hf_viscoelastic_law_force_slope_history(law, param, nu, impact, tol, n, t, F, NULL,
                                                   diag);
}

/* Grid of the damped laws' response: 1e-4 of the elastic contact time. */
#define RESPONSE_GRID 40000

hf_status hf_viscoelastic_law_simulate(const hf_viscoelastic_law *law, const double *param,
                                       double nu, const hf_maxwell_impact *impact,
                                       hf_maxwell_response *out, hf_diag *diag)
{
    if (law == NULL || param == NULL || impact == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "law simulate: missing argument");
    hf_status st = check_params(law, param, diag);
    if (st != HF_OK)
        return st;
    if (hf_viscoelastic_law_hereditary(law)) {
        hf_viscoelastic_material mat = {param[0], nu, {0.0, 0, {0}, {0}}};
        st = spectrum_of(law, param, &mat.relax, diag);
        return st == HF_OK ? hf_viscoelastic_simulate(&mat, impact, NULL, out, diag) : st;
    }
    st = hf_maxwell_impact_check(impact, diag);
    if (st != HF_OK)
        return st;
    if (!isfinite(nu) || nu < 0.0 || nu > 0.5)
        return hf_diag_set(diag, HF_EDOM, "nu = %g is outside [0, 0.5]", nu);
    /* the damped contact is shorter than twice the elastic one, 2 × 3.22 δ_H/V0 */
    double K = hertz_stiffness(param[0], nu, impact->R);
    double dH = pow(1.25 * impact->m * impact->V0 * impact->V0 / K, 0.4);
    double span = 8.0 * dH / impact->V0;
    double *t = malloc(RESPONSE_GRID * sizeof *t), *F = malloc(RESPONSE_GRID * sizeof *F);
    if (t == NULL || F == NULL) {
        free(t);
        free(F);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    for (size_t j = 0; j < RESPONSE_GRID; ++j)
        t[j] = span * (double)(j + 1) / RESPONSE_GRID;
    st = damped_history(law, param, nu, impact, RESPONSE_GRID, t, F, 1e-12, diag);
    size_t top = 0, end = RESPONSE_GRID;
    for (size_t j = 1; j < RESPONSE_GRID && st == HF_OK; ++j)
        top = F[j] > F[top] ? j : top;
    for (size_t j = top; j < RESPONSE_GRID && st == HF_OK; ++j)
        if (F[j] == 0.0) {
            end = j;
            break;
        }
    if (st == HF_OK && end == RESPONSE_GRID)
        st = hf_diag_set(diag, HF_ENOCONV, "law simulate: the contact lasts beyond %g s", span);
    if (st == HF_OK) {
        memset(out, 0, sizeof *out);
        out->F_M = F[top];
        out->t_M = t[top];
        /* the force reaches 0 between the last sample in contact and the next */
        out->t_c = 0.5 * (t[end - 1] + t[end]);
        out->eps = NAN;
        out->w_m = NAN;
        out->e = NAN;
    }
    free(t);
    free(F);
    return st;
}
