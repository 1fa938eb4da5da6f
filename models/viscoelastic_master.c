/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/viscoelastic_master.c — Argatov's master curves on the exact
 * viscoelastic impact (hertzfit/viscoelastic.h): the exact solution beside
 * Hunter's model and the first-order formulas (hertzfit/argatov.h), where
 * those two leave a tolerance of it, and where the exact contact duration
 * exceeds Hertz's (Argatov's Discussion: experiments show t_c > t_c⁰).
 *
 * Limits and crossings are roots bracketed by a scan and located by
 * Brent's method (core/brent.h, over GSL), as in models/argatov_master.c.
 */
#include "hertzfit/viscoelastic.h"

#include <math.h>
#include <stdio.h>

#include "core/brent.h"

#define SCAN_STEP 0.005
#define LONGER_STEP 0.01
#define ROOT_EPSABS 1e-10

/* Exact t_c/t_c⁰ etc. for the SLS α at Argatov's ε (λ = ε/α). */
static hf_status exact_ratios(double eps, double alpha, double tau0,
                              double out[HF_ARGATOV_MASTER_N], hf_diag *diag)
{
    hf_prony p;
    hf_prony_sls(alpha, eps / alpha, &p);
    hf_viscoelastic_result r;
    hf_status st = hf_viscoelastic_solve(&p, NULL, &r, diag);
    if (st != HF_OK)
        return st;
    /* Hertz: ω_m⁰ = 1, F̂_M⁰ = 5/4, τ_M⁰ = τ_m⁰, τ_c⁰ = 2τ_m⁰, e⁰ = 1 */
    out[HF_ARGATOV_MASTER_W_M] = r.omega_m;
    out[HF_ARGATOV_MASTER_F_M] = r.force_M / 1.25;
    out[HF_ARGATOV_MASTER_T_M] = r.tau_M / tau0;
    out[HF_ARGATOV_MASTER_T_C] = r.tau_c / (2.0 * tau0);
    out[HF_ARGATOV_MASTER_E] = r.e;
    return HF_OK;
}

hf_status hf_viscoelastic_master_evaluate(const hf_argatov_constants *c, double eps,
                                          double alpha, hf_viscoelastic_master_point *out,
                                          hf_diag *diag)
{
    if (c == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no constants or no output");
    if (!isfinite(alpha) || !(alpha > 0.0) || alpha > 1.0)
        return hf_diag_set(diag, HF_EDOM, "alpha = %g is outside (0, 1]", alpha);
    hf_argatov_master_point h;
    hf_status st = hf_argatov_master_evaluate(c, eps, alpha, &h, diag);
    if (st != HF_OK)
        return st;
    out->eps = eps;
    out->alpha = alpha;
    for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
        out->hunter[j] = h.numeric[j];
        out->asymptotic[j] = h.asymptotic[j];
    }
    return exact_ratios(eps, alpha, c->value[HF_ARGATOV_TAU_M0], out->exact, diag);
}

typedef struct limit_ctx {
    const hf_argatov_constants *c;
    int id, asymptotic;
    double tol, alpha;
    hf_diag *diag;
} limit_ctx;

static double excess(const limit_ctx *l, const hf_viscoelastic_master_point *p)
{
    const double *model = l->asymptotic ? p->asymptotic : p->hunter;
    return fabs(model[l->id] / p->exact[l->id] - 1.0) - l->tol;
}

static hf_status excess_error(double eps, void *ctx, double *value)
{
    const limit_ctx *l = ctx;
    hf_viscoelastic_master_point p;
    hf_status st = hf_viscoelastic_master_evaluate(l->c, eps, l->alpha, &p, l->diag);
    if (st == HF_OK)
        *value = excess(l, &p);
    return st;
}

hf_status hf_viscoelastic_master_limits_find(const hf_argatov_constants *c, double tol,
                                             double alpha, hf_viscoelastic_master_limits *out,
                                             hf_diag *diag)
{
    if (c == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no constants or no output");
    if (!(tol > 0.0 && tol < 1.0))
        return hf_diag_set(diag, HF_EDOM, "tolerance %g is outside (0, 1)", tol);
    hf_argatov_master_limit *lim[2] = {out->hunter, out->asymptotic};
    for (int m = 0; m < 2; ++m)
        for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j)
            lim[m][j] = (hf_argatov_master_limit){HF_ARGATOV_MASTER_EPS_SCAN, 0};
    const int nscan = (int)lround(HF_ARGATOV_MASTER_EPS_SCAN / SCAN_STEP);
    const hf_brent_tolerance btol = {ROOT_EPSABS, 0.0, 200};
    double lo = 0.0;
    /* one evaluation per scan point serves all ten curves */
    for (int i = 1; i <= nscan; ++i) {
        double hi = i * SCAN_STEP;
        hf_viscoelastic_master_point p;
        hf_status st = hf_viscoelastic_master_evaluate(c, hi, alpha, &p, diag);
        if (st != HF_OK)
            return st;
        for (int m = 0; m < 2; ++m)
            for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
                limit_ctx l = {c, j, m, tol, alpha, diag};
                if (lim[m][j].bounded || excess(&l, &p) < 0.0)
                    continue;
                char what[96];
                snprintf(what, sizeof what, "relative error %g of %s's %s", tol,
                         m ? "the first-order formula" : "Hunter's model",
                         hf_argatov_master_name((hf_argatov_master_id)j));
                hf_brent_result root;
                if ((st = hf_brent_root(excess_error, &l, lo, hi, &btol, what, &root,
                                        diag)) != HF_OK)
                    return st;
                lim[m][j] = (hf_argatov_master_limit){root.x, 1};
            }
        lo = hi;
    }
    return HF_OK;
}

typedef struct longer_ctx {
    double alpha, tau0;
    hf_diag *diag;
} longer_ctx;

static hf_status contact_excess(double eps, void *ctx, double *value)
{
    const longer_ctx *l = ctx;
    double r[HF_ARGATOV_MASTER_N];
    hf_status st = exact_ratios(eps, l->alpha, l->tau0, r, l->diag);
    if (st == HF_OK)
        *value = r[HF_ARGATOV_MASTER_T_C] - 1.0;
    return st;
}

hf_status hf_viscoelastic_longer_contact(double alpha, double *eps, int *found, hf_diag *diag)
{
    if (eps == NULL || found == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output");
    if (!isfinite(alpha) || !(alpha > 0.0) || alpha > 1.0)
        return hf_diag_set(diag, HF_EDOM, "alpha = %g is outside (0, 1]", alpha);
    hf_prony elastic = {1.0, 0, {0}, {0}};
    hf_viscoelastic_result hertz;
    hf_status st = hf_viscoelastic_solve(&elastic, NULL, &hertz, diag);
    if (st != HF_OK)
        return st;
    longer_ctx l = {alpha, hertz.tau_m, diag};
    *found = 0;
    *eps = HF_VISCOELASTIC_LONGER_SCAN;
    const int nscan = (int)lround(HF_VISCOELASTIC_LONGER_SCAN / LONGER_STEP);
    const hf_brent_tolerance btol = {ROOT_EPSABS, 0.0, 200};
    double lo = 0.0;
    for (int i = 1; i <= nscan; ++i) {
        double hi = i * LONGER_STEP, r;
        st = contact_excess(hi, &l, &r);
        if (st == HF_EDOM)     /* no rebound from here on: t_c is not a duration */
            return HF_OK;
        if (st != HF_OK)
            return st;
        if (r <= 0.0) {
            lo = hi;
            continue;
        }
        if (i == 1) {          /* longer from the first point: the root lies below 0.01 */
            double r0;
            if ((st = contact_excess(1e-6, &l, &r0)) != HF_OK)
                return st;
            if (r0 > 0.0) {
                *eps = 0.0;
                *found = 1;
                return HF_OK;
            }
            lo = 1e-6;
        }
        hf_brent_result root;
        if ((st = hf_brent_root(contact_excess, &l, lo, hi, &btol, "t_c = t_c0", &root,
                                diag)) != HF_OK)
            return st;
        *eps = root.x;
        *found = 1;
        return HF_OK;
    }
    return HF_OK;
}
