/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/copt.c — Poursina & Nikravesh (2020) optimal linear damping
 * (hertzfit/damping.h): c_opt as the root of e_out(c) − e by GSL's Brent
 * method on the impact simulation of models/impact.c, the scaling of
 * their Eq. 34, the closed form of Eqs. 46–49, and the exact Kelvin–Voigt
 * relation of Butcher & Segalman (Eqs. 55–56).
 *
 * Bracket: e_out(0) = 1 > e, and Eq. 33 (λ <= 1, from δ_s <= δ_H) bounds
 * c_opt by S/e, so [0, S/e] holds the root; it is widened by doubling
 * only if the simulation says otherwise.  e_out is strictly decreasing in
 * c (tests/test_copt.c samples it), so the root in the bracket is unique.
 */
#include "hertzfit/damping.h"

#include <math.h>

#include "core/brent.h"
#include "hertzfit/impact.h"
#include "models/damping_internal.h"
#include "models/impact_internal.h"

void hf_copt_options_init(hf_copt_options *options)
{
    options->rel_tol = 1e-10;
    options->ode_tol = 1e-12;
    options->c_max = 0.0;
    options->hint = 0.0;
}

hf_status hf_copt_check(const hf_contact *contact, double e, hf_diag *diag)
{
    hf_status st = hf_impact_check_restitution("restitution e", e, diag);
    /* c_opt itself comes from the dimensionless solve, but the closed
     * form's restitution and hf_copt_solve_direct simulate the physical
     * impact: its scales must be representable. */
    return st != HF_OK ? st : hf_contact_check(contact, diag);
}

/* S = [((n+1)/2)^n K v⁻^{n−1} m^n]^{1/(n+1)}, the scale of Eq. 34. */
static double copt_scale(const hf_contact *contact)
{
    /* Eq. 34, evaluated through logarithms so that k up to 1e10 and m down
     * to 1e-5 raise nothing to a power that overflows. */
    double n = contact->exponent, k = contact->stiffness;
    double v = contact->approach_speed, m = contact->mass;
    double log_s = n * log((n + 1.0) / 2.0) + log(k) + (n - 1.0) * log(v) + n * log(m);
    return exp(log_s / (n + 1.0));
}

static void linear_params(hf_impact_params *p, const hf_contact *contact, double c,
                          double ode_tol)
{
    hf_impact_params_init(p);
    p->law = HF_IMPACT_LINEAR_DAMPER;
    p->contact = *contact;
    p->damping = c;
    p->tolerance = ode_tol;
}

hf_status hf_copt_e_out(const hf_contact *contact, double c, double ode_tol, double *e_out,
                        hf_diag *diag)
{
    hf_impact_params p;
    linear_params(&p, contact, c, ode_tol);
    return hf_impact_e_out(&p, e_out, diag);
}

/* ---- the root of e_out(c) − e ------------------------------------------ */

/* The residual for Brent, remembering the last two evaluations because
 * gsl_root_fsolver_set evaluates the bracket ends again.  The first
 * failure of a simulation is kept in status (and diag) and ends the
 * search. */
typedef struct copt_root {
    hf_impact_params p;
    double e;
    hf_status status;
    hf_diag *diag;
    double cache_c[2], cache_f[2];
    int cache_next, cache_used;
} copt_root;

static hf_status residual_at(double c, void *ctx, double *f)
{
    copt_root *r = ctx;
    for (int i = 0; i < r->cache_used; ++i)
        if (r->cache_c[i] == c) {
            *f = r->cache_f[i];
            return HF_OK;
        }
    if (r->status != HF_OK)
        return r->status;
    r->p.damping = c;
    double e_out;
    r->status = hf_impact_e_out(&r->p, &e_out, r->diag);
    if (r->status != HF_OK)
        return r->status;
    *f = e_out - r->e;
    r->cache_c[r->cache_next] = c;
    r->cache_f[r->cache_next] = *f;
    r->cache_next = 1 - r->cache_next;
    if (r->cache_used < 2)
        ++r->cache_used;
    return HF_OK;
}

/* The residual where a failure is a NaN that r->status explains. */
static double copt_residual(double c, copt_root *r)
{
    double f;
    return residual_at(c, r, &f) == HF_OK ? f : NAN;
}

/* A narrow bracket around the hint, when it brackets. */
static int try_hint(copt_root *r, double hint, double c_max, double *lo, double *hi)
{
    const double width = 0.02;
    double a = hint * (1.0 - width), b = hint * (1.0 + width);
    if (c_max > 0.0 && b > c_max)
        return 0;
    double fa = copt_residual(a, r);
    if (r->status != HF_OK || !(fa > 0.0))
        return 0;
    double fb = copt_residual(b, r);
    if (r->status != HF_OK || !(fb < 0.0))
        return 0;
    *lo = a;
    *hi = b;
    return 1;
}

static hf_status find_bracket(copt_root *r, double bound, double c_max, double *hi)
{
    double b = c_max > 0.0 ? c_max : bound;
    for (int widen = 0; widen <= 60; ++widen, b *= 2.0) {
        double fb = copt_residual(b, r);
        if (r->status != HF_OK)
            return r->status;
        if (fb < 0.0) {
            *hi = b;
            return HF_OK;
        }
        if (c_max > 0.0)
            return hf_diag_set(r->diag, HF_EBRACKET,
                               "no root in [0, c_max = %g]: e_out(c_max) = %.10g is still above "
                               "e = %g", c_max, fb + r->e, r->e);
    }
    return hf_diag_set(r->diag, HF_EBRACKET, "no bracket for e = %g up to c = %g", r->e, b);
}

static hf_status brent(copt_root *r, double lo, double hi, double rel_tol, double *c)
{
    const hf_brent_tolerance tol = {0.0, rel_tol, 200};
    hf_brent_result root;
    hf_diag why = {{0}};
    hf_status st = hf_brent_root(residual_at, r, lo, hi, &tol, "c_opt", &root, &why);
    if (st == HF_OK)
        *c = root.x;
    else if (r->status != HF_OK)
        st = r->status;        /* the simulation's own diag */
    else if (st == HF_ENOCONV)
        st = hf_diag_set(r->diag, st, "Brent did not converge for e = %g in [%g, %g]", r->e,
                         lo, hi);
    else
        st = hf_diag_set(r->diag, st, "%s", why.text);
    return st;
}

/* c_opt for the given physical parameters; bound = S/e (Eq. 33). */
static hf_status solve_root(const hf_contact *contact, double e, const hf_copt_options *o,
                            hf_diag *diag, double *c)
{
    if (e == 1.0) {        /* no damping, no loss: c = 0 exactly */
        *c = 0.0;
        return HF_OK;
    }
    copt_root r = {.e = e, .status = HF_OK, .diag = diag};
    linear_params(&r.p, contact, 0.0, o->ode_tol);
    double lo = 0.0, hi = 0.0;
    if (o->hint > 0.0 && try_hint(&r, o->hint, o->c_max, &lo, &hi))
        return brent(&r, lo, hi, o->rel_tol, c);
    if (r.status != HF_OK)
        return r.status;
    double f0 = copt_residual(0.0, &r);
    if (r.status != HF_OK)
        return r.status;
    if (!(f0 > 0.0)) {     /* e closer to 1 than the integration resolves */
        *c = 0.0;
        return HF_OK;
    }
    hf_status st = find_bracket(&r, copt_scale(contact) / e, o->c_max, &hi);
    if (st != HF_OK)
        return st;
    return brent(&r, 0.0, hi, o->rel_tol, c);
}

static hf_status options_check(const hf_copt_options *o, hf_diag *diag)
{
    if (!(o->rel_tol > 0.0 && o->rel_tol < 1e-2))
        return hf_diag_set(diag, HF_EDOM, "relative tolerance %g is outside (0, 1e-2)",
                           o->rel_tol);
    if (!(o->ode_tol > 0.0 && o->ode_tol <= 1e-3))
        return hf_diag_set(diag, HF_EDOM, "ODE tolerance %g is outside (0, 1e-3]", o->ode_tol);
    if (!(isfinite(o->c_max) && o->c_max >= 0.0))
        return hf_diag_set(diag, HF_EDOM, "c_max = %g must be >= 0 and finite", o->c_max);
    if (!(isfinite(o->hint) && o->hint >= 0.0))
        return hf_diag_set(diag, HF_EDOM, "hint = %g must be >= 0 and finite", o->hint);
    return HF_OK;
}

static hf_status prepare(const hf_contact *contact, double e, const hf_copt_options *options,
                         hf_copt_options *o, double *c_opt, hf_diag *diag)
{
    if (options)
        *o = *options;
    else
        hf_copt_options_init(o);
    if (c_opt == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output for c_opt");
    hf_status st = hf_copt_check(contact, e, diag);
    return st != HF_OK ? st : options_check(o, diag);
}

hf_status hf_copt_solve_direct(const hf_contact *contact, double e,
                               const hf_copt_options *options, double *c_opt, hf_diag *diag)
{
    hf_copt_options o;
    hf_status st = prepare(contact, e, options, &o, c_opt, diag);
    return st != HF_OK ? st : solve_root(contact, e, &o, diag, c_opt);
}

/* The dimensionless problem x'' + γ x' + ((n+1)/2) x^n = 0 is the physical
 * one with m = v⁻ = 1 and k = (n+1)/2 (then δ_H = 1 and c = γ); and
 * c = γ · 2S/(n+1) for any m, k, v⁻ (see copt.h). */
hf_status hf_copt_solve(const hf_contact *contact, double e, const hf_copt_options *options,
                        double *c_opt, hf_diag *diag)
{
    hf_copt_options o;
    hf_status st = prepare(contact, e, options, &o, c_opt, diag);
    if (st != HF_OK)
        return st;
    double n = contact->exponent;
    double to_c = 2.0 * copt_scale(contact) / (n + 1.0);
    hf_copt_options scaled = o;
    scaled.c_max = o.c_max / to_c;
    /* the integration of x'' + γ x' + ... resolves γ up to about 1e18 (a
     * step then underflows at t = 0); HF_COPT_GAMMA_MAX keeps a wide margin
     * and is still far above γ_opt (about 250 at e = 1e-6) */
    if (scaled.c_max > HF_COPT_GAMMA_MAX)
        return hf_diag_set(diag, HF_EDOM, "c_max = %g is above the largest damping searched, "
                           "%g x 2S/(n+1) = %g for this contact", o.c_max, HF_COPT_GAMMA_MAX,
                           HF_COPT_GAMMA_MAX * to_c);
    scaled.hint = o.hint / to_c;
    const hf_contact unit = {1.0, (n + 1.0) / 2.0, n, 1.0};   /* δ_H = 1, c = γ */
    double gamma;
    st = solve_root(&unit, e, &scaled, diag, &gamma);
    if (st == HF_EBRACKET && o.c_max > 0.0)
        return hf_diag_set(diag, HF_EBRACKET, "no root in [0, c_max = %g] for e = %g, n = %g",
                           o.c_max, e, n);
    if (st != HF_OK)
        return st;
    *c_opt = gamma * to_c;
    return HF_OK;
}

hf_status hf_copt_lambda(double exponent, double e, const hf_copt_options *options,
                         double *lambda, hf_diag *diag)
{
    hf_contact unit;
    hf_contact_init(&unit);   /* m = K = v⁻ = 1 */
    unit.exponent = exponent;
    double c = 0.0;
    hf_status st = hf_copt_solve(&unit, e, options, &c, diag);
    if (st != HF_OK)
        return st;
    *lambda = c * e / copt_scale(&unit);
    return HF_OK;
}

/* ---- closed form ------------------------------------------------------- */

double hf_copt_alpha_paper(double n)
{
    /* Eq. 46 */
    return (((0.3331 * n - 1.48) * n + 3.077) * n - 2.306) * n + 1.794;
}

double hf_copt_beta_paper(double n)
{
    /* Eq. 47 */
    return 1.285 * pow(n, 0.2553) - 1.725;
}

hf_status hf_copt_closed_form(const hf_contact *contact, double e, double alpha, double beta,
                              double *c, hf_diag *diag)
{
    hf_status st = hf_copt_check(contact, e, diag);
    if (st != HF_OK)
        return st;
    if (!isfinite(alpha) || !isfinite(beta) || c == NULL)
        return hf_diag_set(diag, HF_EINVAL, "alpha = %g, beta = %g must be finite", alpha, beta);
    /* Eq. 49: the [(n+1)/2]^{n/(n+1)} of Eq. 34 is absorbed in α (Eq. 48). */
    double n = contact->exponent, k = contact->stiffness;
    double v = contact->approach_speed, m = contact->mass;
    double log_s = (log(k) + (n - 1.0) * log(v) + n * log(m)) / (n + 1.0);
    /* e = 1 gives exactly 0 (not the −0 of α·expm1(β·(−0))). */
    *c = e == 1.0 ? 0.0 : alpha * expm1(beta * log(e)) * exp(log_s);
    return HF_OK;
}

/* ---- Kelvin–Voigt exact (Butcher & Segalman) --------------------------- */

/* Derivation used (x'' + 2ξω x' + ω² x = 0, x(0) = 0, x'(0) = v, separation
 * at F = −m x'' = 0):
 *   ξ < 1: x'' = 0 first at ω_d t = θ with (cos θ, sin θ) ∝ (2ξ² − 1,
 *     2ξ√(1−ξ²)), θ in (0, π) — hence atan2, not atan, which would give
 *     the wrong quadrant for ξ < √2/2 (Eq. 55's warning); x'(θ) = −v
 *     exp(−ξθ/√(1−ξ²)), which is Eq. 55's first branch.
 *   ξ > 1: with s = √(ξ²−1), r± = ω(−ξ ± s), x'' = 0 at
 *     t = ln((ξ+s)/(ξ−s))/(ωs) and e = ((ξ−s)/(ξ+s))^{ξ/s}.
 * The paper prints the exponent of the second branch as 2ξ√(ξ²−1)/(2ξ²−1);
 * that tends to 0 as ξ → 1⁺ (e → 1) while the first branch tends to
 * e^{−2}: the printed exponent is garbled, ξ/√(ξ²−1) is continuous at
 * ξ = 1 and matches the simulation (tests/test_copt.c). */
hf_status hf_copt_kelvin_voigt_exact(double xi, double *e, hf_diag *diag)
{
    if (!(isfinite(xi) && xi >= 0.0))
        return hf_diag_set(diag, HF_EDOM, "damping ratio xi = %g must be >= 0 and finite", xi);
    if (xi < 1.0) {
        double s = sqrt((1.0 - xi) * (1.0 + xi));
        double theta = atan2(2.0 * xi * s, 2.0 * xi * xi - 1.0);
        *e = xi == 0.0 ? 1.0 : exp(-xi / s * theta);
    } else if (xi == 1.0) {
        *e = exp(-2.0);
    } else {
        double s = sqrt((xi - 1.0) * (xi + 1.0));
        /* (ξ−s)/(ξ+s) = 1/(ξ+s)², without the cancellation in ξ − s */
        *e = exp(-2.0 * xi / s * log1p((xi - 1.0) + s));
    }
    return HF_OK;
}
