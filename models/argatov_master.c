/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/argatov_master.c — Argatov's master curves (Section 3.1, Figs. 2–4):
 * Hunter's numerical solution and the first-order formulas, both normalised
 * by the Hertz values, and the ε at which each formula leaves a relative
 * tolerance of the numerical solution (see hertzfit/maxwell.h).
 *
 * The limit is a root of r(ε) = |asymptotic/numeric − 1| − tol.  r is
 * O(ε²) − tol < 0 near 0; a scan with step SCAN_STEP finds the first
 * interval where r changes sign (only to bracket it) and Brent's method
 * (core/brent.h, over GSL) locates the root inside it.
 */
#include "hertzfit/maxwell.h"

#include <math.h>
#include <stdio.h>

#include "core/brent.h"
#include "models/maxwell_model.h"

#define SCAN_STEP 0.005
#define ROOT_EPSABS 1e-10

static const struct {
    const char *name;
    const char *doc;
} master_info[HF_ARGATOV_MASTER_N] = {
#define HF_ARGATOV_MASTER_INFO(id, name, doc) {name, doc},
    HF_ARGATOV_MASTER_LIST(HF_ARGATOV_MASTER_INFO)
#undef HF_ARGATOV_MASTER_INFO
};

const char *hf_argatov_master_name(hf_argatov_master_id id)
{
    return (unsigned)id < HF_ARGATOV_MASTER_N ? master_info[id].name : "?";
}

const char *hf_argatov_master_doc(hf_argatov_master_id id)
{
    return (unsigned)id < HF_ARGATOV_MASTER_N ? master_info[id].doc : "?";
}

hf_status hf_argatov_master_evaluate(const hf_argatov_constants *c, double eps, double alpha,
                                     hf_argatov_master_point *out, hf_diag *diag)
{
    if (c == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no constants or no output");
    hf_hunter_result r;
    /* α = 1 is the Maxwell solid: Hunter's own equations, not the SLS
     * form that reduces to them (they agree to ~1e-12) */
    hf_status st = alpha == 1.0 ? hf_hunter_simulate(eps, NULL, &r, diag)
                                : hf_hunter_simulate_sls(eps, alpha, NULL, &r, diag);
    if (st != HF_OK)
        return st;
    hf_argatov_asymptotic a;
    if ((st = hf_argatov_predict(c, eps, &a, diag)) != HF_OK)
        return st;
    const double tau0 = c->value[HF_ARGATOV_TAU_M0];
    out->eps = eps;
    /* The Hertz values: ω_m⁰ = 1, F̂_M⁰ = 5/4 (Eq. 42), τ_M⁰ = τ_m⁰,
     * τ_c⁰ = 2τ_m⁰, e⁰ = 1. */
    const double hertz[HF_ARGATOV_MASTER_N] = {1.0, 1.25, tau0, 2.0 * tau0, 1.0};
    const double num[HF_ARGATOV_MASTER_N] = {r.omega_m, r.force_M, r.tau_M, r.tau_c, r.e};
    const double asy[HF_ARGATOV_MASTER_N] = {a.omega_m, a.force_M, a.tau_M, a.tau_c, a.e};
    for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
        out->numeric[j] = num[j] / hertz[j];
        out->asymptotic[j] = asy[j] / hertz[j];
    }
    return HF_OK;
}

typedef struct limit_ctx {
    const hf_argatov_constants *c;
    hf_argatov_master_id id;
    double tol, alpha;
    hf_diag *diag;
} limit_ctx;

static hf_status excess_error(double eps, void *ctx, double *value)
{
    const limit_ctx *l = ctx;
    hf_argatov_master_point p;
    hf_status st = hf_argatov_master_evaluate(l->c, eps, l->alpha, &p, l->diag);
    if (st == HF_OK)
        *value = fabs(p.asymptotic[l->id] / p.numeric[l->id] - 1.0) - l->tol;
    return st;
}

hf_status hf_argatov_master_limits(const hf_argatov_constants *c, double tol, double alpha,
                                   hf_argatov_master_limit out[HF_ARGATOV_MASTER_N],
                                   hf_diag *diag)
{
    if (c == NULL || out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no constants or no output");
    if (!(tol > 0.0 && tol < 1.0))
        return hf_diag_set(diag, HF_EDOM, "tolerance %g is outside (0, 1)", tol);
    const int nscan = (int)lround(HF_ARGATOV_MASTER_EPS_SCAN / SCAN_STEP);
    const hf_brent_tolerance btol = {ROOT_EPSABS, 0.0, 200};
    for (int j = 0; j < HF_ARGATOV_MASTER_N; ++j) {
        limit_ctx l = {c, (hf_argatov_master_id)j, tol, alpha, diag};
        out[j].eps = HF_ARGATOV_MASTER_EPS_SCAN;
        out[j].bounded = 0;
        double lo = 0.0;
        for (int i = 1; i <= nscan; ++i) {
            double hi = i * SCAN_STEP, r;
            hf_status st = excess_error(hi, &l, &r);
            if (st != HF_OK)
                return st;
            if (r < 0.0) {
                lo = hi;
                continue;
            }
            char what[96];
            snprintf(what, sizeof what, "relative error %g of %s", tol,
                     hf_argatov_master_name(l.id));
            hf_brent_result root;
            if ((st = hf_brent_root(excess_error, &l, lo, hi, &btol, what, &root, diag)) !=
                HF_OK)
                return st;
            out[j].eps = root.x;
            out[j].bounded = 1;
            break;
        }
    }
    return HF_OK;
}
