/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/restitution.c — the exact damping-ratio relation of Eq. 39 of
 * Safaeifar & Farshidianfar 2020 (Zhang & Sharf 2009),
 *     h (1 + c) = ln((1 + h)/(1 − c h)),
 * solved to full double precision over the whole of c ∈ (0, 1].
 *
 * Reformulation used throughout.  With Φ(x) = x − ln(1 + x) (convex,
 * Φ(0) = 0), Eq. 39 is exactly
 *     Φ(h) = Φ(−c h),                                           (*)
 * since Φ(h) − Φ(−ch) = (1 + c) h − ln((1 + h)/(1 − ch)).  The trivial root
 * is h = 0; the physical root is the other one.
 *
 * h_r(c) is found by GSL's Brent solver in one of two variables:
 *  - c < 0.75: in u = −ln(1 − c h), where h = −expm1(−u)/c.  As c → 0 the
 *    root crowds against h = 1/c (the gap is ~ (1 + 1/c) e^{−1−1/c} / c),
 *    but u stays O(1/c) with slope −1, so it is found to full precision and
 *    h follows without cancellation.
 *  - c ≥ 0.75: in h, with (*) divided by h² to remove the trivial root,
 *      D(h) = Σ_{k≥2} [(−1)^k − c^k] h^{k−2}/k,
 *    summed as a series (h ≤ 0.55 there).  Near c → 1 both sides of Eq. 39
 *    cancel to O(h² (1 − c)); the series works with the difference directly,
 *    and the even coefficients 1 − c^k are formed from ε = 1 − c (exact in
 *    floating point) as −expm1(k log1p(−ε)).
 * c_r(h) inverts (*) in closed form: with T = Φ(h) and z = 1 − c h,
 * z − 1 − ln z = T gives z = −W₀(−e^{−1−T}) (GSL's Lambert W), so
 * c = (1 + W₀(−e^{−1−T}))/h.  Near h → 0 the argument approaches the branch
 * point −1/e, where W₀ loses digits, so for h < 0.5 the inverse is found by
 * Brent on c with the series D instead.
 */
#include "hertzfit/damping.h"

#include <float.h>
#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_lambert.h>

#include "core/brent.h"

#define SERIES_C_MIN 0.75   /* c from which h_r is found with the series D */
#define SERIES_H_MAX 0.55   /* h_r(0.75) = 0.4959 < 0.55, so [0, 0.55] brackets it */
#define INVERSE_SERIES_H 0.5

/* D(h; c) = [Φ(h) − Φ(−ch)]/h² as its power series; converges for h < 1. */
static double series_D(double h, double c)
{
    const double eps = 1.0 - c;
    const double log_c = log1p(-eps);
    double sum = 0.0, hpow = 1.0;
    for (int k = 2; k < 200; ++k) {
        /* (−1)^k − c^k: for even k it is 1 − c^k, formed without cancellation. */
        double coeff = (k % 2 == 0) ? -expm1(k * log_c) : -(1.0 + exp(k * log_c));
        sum += coeff * hpow / k;
        /* |(−1)^k − c^k| ≤ 2 bounds the tail; a zero coefficient (even k at
         * c = 1) must not end the sum. */
        if (2.0 * hpow / k <= 1e-18 * fabs(sum))
            break;
        hpow *= h;
    }
    return sum;
}

typedef struct hr_ctx { double c; double h; } hr_ctx;

static hf_status series_in_h(double h, void *p, double *value)
{
    *value = series_D(h, ((hr_ctx *)p)->c);
    return HF_OK;
}

static hf_status series_in_c(double c, void *p, double *value)
{
    *value = series_D(((hr_ctx *)p)->h, c);
    return HF_OK;
}

/* Φ(h) − Φ(−ch) written in u = −ln(1 − ch): positive below the root. */
static double gap_in_u(double u, double c)
{
    const double em = expm1(-u);     /* −c h */
    const double h = -em / c;
    return (h - log1p(h)) - (em + u);
}

static hf_status gap_in_u_fn(double u, void *p, double *value)
{
    *value = gap_in_u(u, ((hr_ctx *)p)->c);
    return HF_OK;
}

/* GSL Brent on [lo, hi] to relative tolerance 4 ε (4 DBL_EPSILON). */
static hf_status brent(hf_brent_fn f, void *ctx, double lo, double hi, const char *what,
                       double *root, hf_diag *diag)
{
    static const hf_brent_tolerance tol = {0.0, 4 * DBL_EPSILON, 300};
    hf_brent_result r;
    hf_status st = hf_brent_root(f, ctx, lo, hi, &tol, what, &r, diag);
    if (st == HF_OK)
        *root = r.x;
    return st;
}

static hf_status hr_by_u(double c, double *h_r, hf_diag *diag)
{
    /* h_r < 1/c: for c below 1/DBL_MAX the root is not representable. */
    if (!isfinite(1.0 / c))
        return hf_diag_set(diag, HF_ERANGE, "h_r(c_r = %g) ~ 1/c_r is not representable as a "
                           "double", c);
    hr_ctx ctx = {c, 0.0};
    /* Asymptote of the root for h → 1/c: u ≈ 1/c + 1 − ln(1 + 1/c). */
    double guess = 1.0 / c + 1.0 - log1p(1.0 / c);
    double lo = guess, hi = guess;
    while (gap_in_u(lo, c) <= 0.0 && lo > 1e-300)
        lo *= 0.5;
    while (gap_in_u(hi, c) > 0.0 && hi < 1e300)
        hi = 2.0 * hi + 1.0;
    if (lo == hi)
        hi = lo * (1.0 + 4 * DBL_EPSILON) + DBL_MIN;
    double u;
    hf_status st = brent(gap_in_u_fn, &ctx, lo, hi, "h_r(c_r) in u = -ln(1 - c h)", &u, diag);
    if (st != HF_OK)
        return st;
    *h_r = -expm1(-u) / c;
    return HF_OK;
}

hf_status hf_restitution_hr_exact(double c_r, double *h_r, hf_diag *diag)
{
    if (!(c_r > 0.0 && c_r <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "c_r = %g is outside (0, 1]", c_r);
    if (c_r == 1.0) {
        *h_r = 0.0;
        return HF_OK;
    }
    if (c_r < SERIES_C_MIN)
        return hr_by_u(c_r, h_r, diag);
    hr_ctx ctx = {c_r, 0.0};
    return brent(series_in_h, &ctx, 0.0, SERIES_H_MAX, "h_r(c_r) by its series", h_r, diag);
}

hf_status hf_restitution_cr_exact(double h_r, double *c_r, hf_diag *diag)
{
    if (!(h_r >= 0.0) || isinf(h_r))
        return hf_diag_set(diag, HF_EDOM, "h_r = %g must be >= 0 and finite", h_r);
    if (h_r == 0.0) {
        *c_r = 1.0;
        return HF_OK;
    }
    if (h_r < INVERSE_SERIES_H) {
        /* h < 0.5 ⇔ c > 0.74; c = 1 gives D < 0 and c = 0.7 gives D > 0. */
        hr_ctx ctx = {0.0, h_r};
        return brent(series_in_c, &ctx, 0.7, 1.0, "c_r(h_r) by the series", c_r, diag);
    }
    const double T = h_r - log1p(h_r);
    gsl_sf_result w;
    int gst = gsl_sf_lambert_W0_e(-exp(-1.0 - T), &w);
    if (gst != GSL_SUCCESS)
        return hf_diag_set(diag, HF_EGSL, "c_r(h_r = %g): GSL's Lambert W: %s", h_r,
                           gsl_strerror(gst));
    double c = (1.0 + w.val) / h_r;
    /* For h so large that e^{−1−T} underflows, W₀ = 0 and c = 1/h exactly as
     * the relation gives to double precision. */
    if (!(c > 0.0))
        return hf_diag_set(diag, HF_ERANGE, "c_r(h_r = %g) is not representable", h_r);
    *c_r = c;
    return HF_OK;
}
