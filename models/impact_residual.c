/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/impact_residual.c — Poursina & Nikravesh's force model with
 * residual deformation (extended abstract, Eq. 9), f = K δ^n + μ δ δ̇:
 * its μ for a dimensionless h, its h for a restitution e by simulation
 * (the contact ends at zero force with δ > 0: the residual deformation),
 * and the small-damping closed form.
 *
 * Scaling δ by δ_H and t by δ_H/v⁻ (Eq. 27 of Poursina & Nikravesh 2020)
 * leaves x'' = −((n+1)/2)(x^n + h x x') with h = μ v⁻ δ_H^{1−n}/K, so e
 * depends on h and n alone, and μ carries all the units:
 * μ = h K δ_H^{n−1}/v⁻ (docs/impact.md, "The residual-deformation model").
 */
#include "hertzfit/impact.h"

#include <math.h>

#include <gsl/gsl_sf_gamma.h>

#include "core/brent.h"
#include "models/impact_internal.h"

hf_status hf_impact_residual_mu(const hf_contact *contact, double h, double *mu,
                                hf_diag *diag)
{
    hf_status st = hf_contact_check(contact, diag);
    if (st != HF_OK)
        return st;
    if (!(h >= 0.0 && isfinite(h)) || mu == NULL)
        return hf_diag_set(diag, HF_EDOM, "residual model: h = %g must be >= 0 and finite", h);
    double n = contact->exponent, v = contact->approach_speed;
    double delta_h = pow((n + 1.0) * contact->mass * v * v / (2.0 * contact->stiffness),
                         1.0 / (n + 1.0));
    *mu = h * contact->stiffness * pow(delta_h, n - 1.0) / v;
    return HF_OK;
}

double hf_impact_residual_slope(double n)
{
    /* Energy lost on the undamped path, in the scaled units (E = x'²/2 +
     * x^{n+1}/2, E(0) = 1/2, x'² = 1 − x^{n+1}): both halves give
     * ((n+1)/2) h ∫₀¹ x √(1 − x^{n+1}) dx = (h/2) B(2/(n+1), 3/2) each,
     * and e² = 1 − 2ΔE, so 1 − e = B(2/(n+1), 3/2) h + O(h²). */
    return gsl_sf_beta(2.0 / (n + 1.0), 1.5);
}

hf_impact_law hf_impact_law_of(hf_damping_id id)
{
    return id == HF_DAMPING_POURSINA_RESIDUAL ? HF_IMPACT_RESIDUAL : HF_IMPACT_HUNT_CROSSLEY;
}

typedef struct residual_root {
    hf_impact_params p;
    double e;
    hf_diag *diag;
} residual_root;

static hf_status restitution_excess(double h, void *ctx, double *value)
{
    residual_root *r = ctx;
    r->p.damping = h;
    double e_out;
    hf_status st = hf_impact_e_out(&r->p, &e_out, r->diag);
    if (st == HF_OK)
        *value = e_out - r->e;
    return st;
}

hf_status hf_impact_residual_h(double n, double e, double *h, hf_diag *diag)
{
    hf_status st = hf_impact_check_restitution("restitution e", e, diag);
    if (st != HF_OK)
        return st;
    if (!(n >= 1.0 && n <= 3.0) || h == NULL)
        return hf_diag_set(diag, HF_EDOM, "residual model: exponent n = %g is outside [1, 3]", n);
    if (e == 1.0) {        /* no damping, no loss */
        *h = 0.0;
        return HF_OK;
    }
    residual_root r = {.e = e, .diag = diag};
    hf_impact_params_init(&r.p);
    r.p.law = HF_IMPACT_RESIDUAL;
    r.p.contact.exponent = n;
    /* e_out falls from 1 as h grows: the small-damping slope gives the
     * first guess, doubled until e_out drops below e. */
    double hi = (1.0 - e) / hf_impact_residual_slope(n), excess = 0.0;
    for (int widen = 0;; ++widen, hi *= 2.0) {
        if ((st = restitution_excess(hi, &r, &excess)) != HF_OK)
            return st;
        if (excess < 0.0)
            break;
        if (widen == 60)
            return hf_diag_set(diag, HF_EBRACKET, "residual model: no h up to %g gives e = %g",
                               hi, e);
    }
    /* The simulation's e_out is good to ~1e-12 (tolerance 1e-12 on the
     * scaled state); asking h for more would chase integration noise. */
    const hf_brent_tolerance tol = {1e-12, 1e-12, 200};
    hf_brent_result root;
    st = hf_brent_root(restitution_excess, &r, 0.0, hi, &tol, "residual model h(e)", &root,
                       diag);
    if (st == HF_OK)
        *h = root.x;
    return st;
}
