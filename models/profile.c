/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/profile.c — the profile integral I(a,b) of Safaeifar &
 * Farshidianfar 2020 (Eq. 44) in closed form, by quadrature for checking,
 * and the valley a(b) on which I is constant.
 *
 * Closed form: with u = y^a, dy = u^{1/a − 1} du / a, so
 *   I = (1/a) ∫₀¹ u^{5/(2a) − 1} (1 − u)^{1/b} du = B(5/(2a), 1 + 1/b) / a.
 */
/* lgamma_r, the thread-safe lgamma (it returns the sign instead of
 * setting the global signgam), is POSIX/BSD, not C11. */
#define _DEFAULT_SOURCE
#include "hertzfit/profile.h"

#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_sf_gamma.h>

#include "core/brent.h"
#include "models/profile_internal.h"

/* Above this x + y the lgamma difference loses digits to cancellation. */
#define LGAMMA_SUM_MAX 10.0

static int valid_ab(double a, double b)
{
    return isfinite(a) && isfinite(b) && a > 0.0 && b > 0.0;
}

hf_status hf_profile_integral(double a, double b, double *integral, hf_diag *diag)
{
    if (!valid_ab(a, b))
        return hf_diag_set(diag, HF_EDOM, "I(a, b) needs a > 0 and b > 0 finite, not (%g, %g)",
                           a, b);
    double x = 2.5 / a, y = 1.0 + 1.0 / b, ln_beta;
    if (x + y <= LGAMMA_SUM_MAX) {
        /* ln B = ln Γ(x) + ln Γ(y) − ln Γ(x + y): three lgamma_r calls cost
         * ~26 ns here against ~84 ns for gsl_sf_lnbeta_e, and this is the
         * whole cost of one objective evaluation.  Each ln Γ here is at
         * most ln Γ(10) = 12.8 (or −ln x for tiny x) in size and good to a
         * few ulp of that, so B is good to ~1e-14 relative
         * (tests/test_profile.c checks it against GSL).  The signs are +1:
         * x, y > 0. */
        int sign;
        ln_beta = lgamma_r(x, &sign) + lgamma_r(y, &sign) - lgamma_r(x + y, &sign);
    } else {
        /* Large arguments: the three ln Γ grow like x ln x and cancel, which
         * would lose digits (1e-9 relative at x = 2.5e6); GSL's ln B uses
         * the asymptotic difference instead.  Only the valley search's far
         * bracket (about a < 0.28 or b < 0.11) comes here. */
        gsl_sf_result r;
        int gst = gsl_sf_lnbeta_e(x, y, &r);
        if (gst != GSL_SUCCESS)
            return hf_diag_set(diag, HF_EGSL, "I(%g, %g): GSL's ln B: %s", a, b,
                               gsl_strerror(gst));
        ln_beta = r.val;
    }
    /* |ln B| < 40 over any (a, b) the tools use, so exp adds a few ulp. */
    double value = exp(ln_beta) / a;
    /* Extreme (a, b) (a ~ 1e-300) under- or overflow the Beta function:
     * refuse rather than hand a zero or infinite I to K0 = 2/(5I). */
    if (!(isfinite(value) && value > 0.0))
        return hf_diag_set(diag, HF_ERANGE, "I(%g, %g) is not representable as a double", a,
                           b);
    *integral = value;
    return HF_OK;
}

typedef struct ab_pair { double a, b; } ab_pair;

/* y^{3/2} ((1 − y^a)/(1 − y))^{1/b}: the integrand without QAWS's weight
 * (1 − y)^{1/b}.  The ratio tends to a at y = 1 and is formed with expm1
 * so it keeps its digits as y → 1. */
static double smooth_factor(double y, void *p)
{
    const ab_pair *ab = p;
    if (y <= 0.0)
        return 0.0;
    double ratio = (y >= 1.0) ? ab->a : -expm1(ab->a * log(y)) / (1.0 - y);
    return pow(y, 1.5) * pow(ratio, 1.0 / ab->b);
}

hf_status hf_profile_integral_quadrature(double a, double b, double *integral,
                                         double *abserr, hf_diag *diag)
{
    if (!valid_ab(a, b))
        return hf_diag_set(diag, HF_EDOM, "I(a, b) needs a > 0 and b > 0 finite, not (%g, %g)",
                           a, b);
    ab_pair ab = {a, b};
    gsl_function F = {smooth_factor, &ab};
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    gsl_integration_qaws_table *t = gsl_integration_qaws_table_alloc(0.0, 1.0 / b, 0, 0);
    if (w == NULL || t == NULL) {
        if (w) gsl_integration_workspace_free(w);
        if (t) gsl_integration_qaws_table_free(t);
        return hf_diag_set(diag, HF_ENOMEM, "I(%g, %g): out of memory for the quadrature", a,
                           b);
    }
    double err = 0.0;
    int rc = gsl_integration_qaws(&F, 0.0, 1.0, t, 0.0, 1e-13, 1000, w, integral, &err);
    gsl_integration_qaws_table_free(t);
    gsl_integration_workspace_free(w);
    if (abserr != NULL)
        *abserr = err;
    if (rc != GSL_SUCCESS)
        return hf_diag_set(diag, HF_EGSL, "I(%g, %g) by QAWS: %s", a, b, gsl_strerror(rc));
    return HF_OK;
}

double hf_profile_k0_from_integral(double integral) { return 2.0 / (5.0 * integral); }
double hf_profile_integral_from_k0(double k0) { return 2.0 / (5.0 * k0); }

typedef struct valley_ctx { double b, target; hf_diag *diag; } valley_ctx;

/* I(e^s, b) − target: in s = ln a the bracket spans decades evenly. */
static hf_status valley_gap(double s, void *p, double *gap)
{
    const valley_ctx *v = p;
    double integral = 0.0;
    hf_status st = hf_profile_integral(exp(s), v->b, &integral, v->diag);
    if (st == HF_OK)
        *gap = integral - v->target;
    return st;
}

hf_status hf_profile_valley_a(double b, double target_integral, double *a, hf_diag *diag)
{
    if (!(isfinite(b) && b > 0.0))
        return hf_diag_set(diag, HF_EDOM, "the valley needs b > 0 finite, not %g", b);
    if (!(target_integral > 0.0 && target_integral < 0.4))
        return hf_diag_set(diag, HF_EDOM, "no a gives I = %g: I(a, b) lies in (0, 2/5)",
                           target_integral);
    valley_ctx v = {b, target_integral, diag};
    double lo = log(1e-6), hi = log(1e6), g_lo, g_hi;
    hf_status st = valley_gap(lo, &v, &g_lo);
    if (st == HF_OK)
        st = valley_gap(hi, &v, &g_hi);
    if (st != HF_OK)
        return st;
    /* I rises from ~0 to 2/5 over a in (0, ∞); targets beyond this bracket
     * are within ~1e-5 of 0 or 2/5 and have no finite a worth reporting. */
    if (g_lo > 0.0 || g_hi < 0.0)
        return hf_diag_set(diag, HF_EDOM, "no a in [1e-6, 1e6] gives I(a, %g) = %g", b,
                           target_integral);
    static const hf_brent_tolerance tol = {1e-13, 0.0, 200};
    hf_brent_result r;
    st = hf_brent_root(valley_gap, &v, lo, hi, &tol, "the valley a(b)", &r, diag);
    if (st != HF_OK)
        return st;
    *a = exp(r.x);
    return HF_OK;
}
