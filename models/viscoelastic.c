/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * models/viscoelastic.c — the exact quasi-static viscoelastic Hertz impact
 * for a Prony-series relaxation modulus (hertzfit/viscoelastic.h;
 * docs/viscoelastic.md derives every equation used here).
 *
 * Dimensionless (Argatov's Eq. 23 with μ0 = G(0)): ω the approach, τ the
 * time, force in m V0²/w_m⁰, G(τ)/G(0) = g∞ + Σ gᵢ e^{−λᵢτ}.
 *
 * Loading (Lee–Radok, Argatov Eq. 13), y = (ω, ω', Aᵢ, Hᵢ):
 *   ω'' = −F,  F = (5/4)[g∞ ω^{3/2} + Σ gᵢ Aᵢ],
 *   Aᵢ' = (3/2)ω^{1/2}ω' − λᵢAᵢ   (Aᵢ = ∫₀^τ e^{−λᵢ(τ−s)} d(ω^{3/2})(s)),
 *   Hᵢ' = ω' − λᵢHᵢ              (Hᵢ = ∫₀^τ e^{−λᵢ(τ−s)} dω(s)),
 *   until ω' = 0 at τ_m.
 * Unloading (Ting; Popov's MDR gives the same two equations), z = (ω, ω', Hᵢ):
 *   the contact radius at τ is the loading one at s = t₁(τ) <= τ_m where
 *     Q(s, τ) = ∫_s^τ G(τ − τ') dω(τ')
 *             = g∞(ω(τ) − ω_L(s)) + Σ gᵢ [Hᵢ(τ) − e^{−λᵢ(τ−s)} H_Lᵢ(s)] = 0,
 *   and the force is Lee–Radok's integral stopped at s (Argatov Eq. 15):
 *     F = (5/4)[g∞ ω_L(s)^{3/2} + Σ gᵢ e^{−λᵢ(τ−s)} A_Lᵢ(s)];
 *   ω'' = −F, Hᵢ' = ω' − λᵢHᵢ; contact ends when the radius reaches 0,
 *   s = 0, i.e. Q(0, τ) = g∞ω + Σ gᵢHᵢ falls through 0.
 * The subscript L is the loading state at s: every accepted loading step is
 * kept, and the state inside a step is one step of the same stepper from its
 * start (the construction of models/ode_events.h), so it is as accurate as
 * the integration.  Q is decreasing in s (∂Q/∂s = −G(τ − s)ω_L'(s) < 0), so
 * s is found by Newton's method safeguarded by bisection on [0, τ_m] on an
 * interpolant of the kept states: in each kept step of length h that starts
 * at t >= 2h, the degree-6 polynomial through the states and derivatives at
 * both ends and three probe states inside (built once, after loading; its
 * error h⁷|y⁽⁷⁾|/7! × 1e-3 is below 1e-14 for the steps the tolerances give);
 * in the first steps, where ω^{1/2} makes the states non-smooth at 0, the
 * cubic Hermite interpolant starts Newton on probe steps, whose last
 * correction moves the state to first order.  The cost per right-hand side
 * is a polynomial evaluation, or one or two probe steps near τ = 0.
 */
#include "hertzfit/viscoelastic.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>

#include "core/ode_events.h"
#include "models/maxwell_model.h"
#include "models/viscoelastic_internal.h"

/* Longest dimensionless time allowed per stage: Hertz's half duration is
 * τ_m⁰ ≈ 1.47; a nearly fluid material may take a few hundred. */
#define STAGE_TAU_MAX 1e3
/* First trial step: a small fraction of τ_m⁰. */
#define FIRST_STEP 1e-3
/* Tolerance on Σ g = 1. */
#define WEIGHT_SUM_TOL 1e-12
/* A Newton correction of s below this (× τ_m) moves the loading state to
 * first order, y(s + δ) = y(s) + δ y'(s): the error (δ²/2)|y''| is below
 * 1e-14 (|y''| = |F'| and the like are O(1) in these units), under every
 * integration tolerance the solver is used at, and it saves a probe step. */
#define LINEAR_CORRECTION 1e-7
/* Interior nodes of the kept steps' polynomials (fractions of the step;
 * Chebyshev points of [0, 1]) and the number of coefficients. */
#define NODE_A 0.14644660940672624
#define NODE_C 0.85355339059327376
#define POLY_COEFFS 7
/* A kept step of length h gets a polynomial when it starts at t >= h /
 * SMOOTH_RATIO: there the τ^{1/2} terms' derivatives are tame. */
#define SMOOTH_RATIO 0.5

void hf_viscoelastic_options_init(hf_viscoelastic_options *options)
{
    options->abs_tol = 1e-12;
    options->rel_tol = 1e-12;
}

hf_status hf_prony_check(const hf_prony *p, hf_diag *diag)
{
    if (p == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no relaxation spectrum");
    if (p->n > HF_PRONY_TERMS_MAX)
        return hf_diag_set(diag, HF_EDOM, "%zu Prony terms: at most %d", p->n,
                           HF_PRONY_TERMS_MAX);
    if (!isfinite(p->g_inf) || p->g_inf < 0.0 || p->g_inf > 1.0)
        return hf_diag_set(diag, HF_EDOM, "g_inf = G_inf/G(0) = %g is outside [0, 1]",
                           p->g_inf);
    double sum = p->g_inf;
    for (size_t i = 0; i < p->n; ++i) {
        if (!isfinite(p->g[i]) || !(p->g[i] > 0.0) || p->g[i] > 1.0)
            return hf_diag_set(diag, HF_EDOM, "Prony term %zu: g = %g is outside (0, 1]",
                               i + 1, p->g[i]);
        if (!isfinite(p->rate[i]) || p->rate[i] < 0.0)
            return hf_diag_set(diag, HF_EDOM, "Prony term %zu: rate 1/tau = %g must be "
                               "finite and >= 0", i + 1, p->rate[i]);
        sum += p->g[i];
    }
    if (!(fabs(sum - 1.0) <= WEIGHT_SUM_TOL))
        return hf_diag_set(diag, HF_EDOM, "g_inf + sum of g = %.17g: the spectrum must be "
                           "normalised by G(0) (sum 1)", sum);
    return HF_OK;
}

void hf_prony_maxwell(double eta, hf_prony *out)
{
    hf_prony_sls(1.0, eta, out);
}

void hf_prony_sls(double alpha, double eta, hf_prony *out)
{
    memset(out, 0, sizeof *out);
    out->g_inf = 1.0 - alpha;
    out->n = 1;
    out->g[0] = alpha;
    out->rate[0] = eta;
}

hf_status hf_prony_from_rates(size_t n, const double *rate, const double *weight, double alpha,
                              hf_prony *out, hf_diag *diag)
{
    memset(out, 0, sizeof *out);
    if (n == 0 || n > HF_PRONY_TERMS_MAX || rate == NULL)
        return hf_diag_set(diag, HF_EDOM, "eta: %zu relaxation rates, 1 to %d Prony terms", n,
                           HF_PRONY_TERMS_MAX);
    if (weight == NULL) {
        if (n != 1)
            return hf_diag_set(diag, HF_EINVAL, "weight: %zu rates need %zu weights G_i/G(0)",
                               n, n);
        hf_prony_sls(alpha, rate[0], out);
        return HF_OK;
    }
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) {
        out->g[i] = weight[i];
        out->rate[i] = rate[i];
        sum += weight[i];
    }
    if (sum > 1.0 + 1e-12)
        return hf_diag_set(diag, HF_EDOM, "weight: the weights sum to %.10g, more than G(0)",
                           sum);
    out->n = n;
    out->g_inf = fmax(1.0 - sum, 0.0);
    return HF_OK;
}

double hf_prony_initial_rate(const hf_prony *p)
{
    double r = 0.0;
    for (size_t i = 0; i < p->n; ++i)
        r += p->g[i] * p->rate[i];
    return r;
}

/* ω^{3/2} for ω >= 0; ω dips below 0 only inside a step that crosses an
 * event at ω = 0, where the force is zero. */
static double pow15(double omega)
{
    return omega > 0.0 ? omega * sqrt(omega) : 0.0;
}

/* ---- the loading stage and its kept history ----------------------------- */

typedef struct loading_history {
    size_t dim;          /* 2 + 2n */
    size_t len, cap;
    double *t;           /* len times, increasing */
    double *y;           /* len states of dim */
    double *dy;          /* len derivatives of dim (the Hermite interpolant's) */
    double *poly;        /* per kept step, dim × POLY_COEFFS Newton coefficients */
    unsigned char *smooth; /* per kept step: its polynomial is built */
    gsl_odeiv2_step *probe;
    gsl_odeiv2_system sys;
    double *yerr;
    size_t hint;         /* the step the last look-up fell in */
} loading_history;

typedef struct model {
    const hf_prony *p;
    double tau_m;
    loading_history hist;
    double *ys;          /* the loading state at s (dim) */
    double s_last;       /* warm start of the s search */
    size_t steps;
    int failed;          /* a probe step failed inside a right-hand side */
} model;

static double loading_force(const hf_prony *p, const double y[])
{
    double f = p->g_inf * pow15(y[0]);
    for (size_t i = 0; i < p->n; ++i)
        f += p->g[i] * y[2 + i];
    return 1.25 * f;
}

static int loading_rhs(double t, const double y[], double dydt[], void *params)
{
    (void)t;
    const model *m = params;
    const hf_prony *p = m->p;
    const size_t n = p->n;
    const double grow = 1.5 * sqrt(fmax(y[0], 0.0)) * y[1];
    dydt[0] = y[1];
    dydt[1] = -loading_force(p, y);
    for (size_t i = 0; i < n; ++i) {
        dydt[2 + i] = grow - p->rate[i] * y[2 + i];
        dydt[2 + n + i] = y[1] - p->rate[i] * y[2 + n + i];
    }
    return GSL_SUCCESS;
}

/* dF/dτ in loading: (5/4)[(3/2)ω^{1/2}ω' − Σ gᵢλᵢAᵢ] (g∞ + Σ gᵢ = 1). */
static double loading_force_slope(double t, const double y[], void *params)
{
    (void)t;
    const model *m = params;
    double relax = 0.0;
    for (size_t i = 0; i < m->p->n; ++i)
        relax += m->p->g[i] * m->p->rate[i] * y[2 + i];
    return 1.25 * (1.5 * sqrt(fmax(y[0], 0.0)) * y[1] - relax);
}

static double velocity_event(double t, const double y[], void *params)
{
    (void)t; (void)params;
    return y[1];
}

/* Room for twice as many kept states.  0 on success. */
static int grow_history(loading_history *h)
{
    size_t cap = h->cap ? 2 * h->cap : 256;
    double *nt = realloc(h->t, sizeof(double) * cap);
    if (nt == NULL)
        return -1;
    h->t = nt;
    double *ny = realloc(h->y, sizeof(double) * cap * h->dim);
    if (ny == NULL)
        return -1;
    h->y = ny;
    double *nd = realloc(h->dy, sizeof(double) * cap * h->dim);
    if (nd == NULL)
        return -1;
    h->dy = nd;
    h->cap = cap;
    return 0;
}

static void keep_loading_state(double t, const double y[], void *user)
{
    model *m = user;
    loading_history *h = &m->hist;
    if (m->failed)
        return;
    /* a restart after the peak event passes its start point again */
    if (h->len > 0 && h->t[h->len - 1] == t) {
        memcpy(h->y + (h->len - 1) * h->dim, y, sizeof(double) * h->dim);
        loading_rhs(t, y, h->dy + (h->len - 1) * h->dim, m);
        return;
    }
    if (h->len == h->cap && grow_history(h) != 0) {
        m->failed = 1;
        return;
    }
    h->t[h->len] = t;
    memcpy(h->y + h->len * h->dim, y, sizeof(double) * h->dim);
    loading_rhs(t, y, h->dy + h->len * h->dim, m);
    h->len++;
}

/* The kept step containing s: t[k] <= s < t[k + 1], or the last one. */
static size_t kept_step(loading_history *h, double s)
{
    size_t k = h->hint < h->len ? h->hint : 0;
    if (h->t[k] <= s && (k + 1 == h->len || s < h->t[k + 1]))
        return k;
    size_t lo = 0, hi = h->len - 1;   /* t[lo] <= s < t[hi], or s >= t[last] */
    if (s >= h->t[hi]) {
        k = hi;
    } else {
        while (hi - lo > 1) {
            size_t mid = lo + (hi - lo) / 2;
            if (h->t[mid] <= s)
                lo = mid;
            else
                hi = mid;
        }
        k = lo;
    }
    h->hint = k;
    return k;
}

/* The loading state at s in [t_0, t_last] into out (dim): one probe step
 * from the start of the kept step containing s.  0 on success. */
static int loading_state_at(model *m, double s, double *out)
{
    loading_history *h = &m->hist;
    size_t k = kept_step(h, s);
    memcpy(out, h->y + k * h->dim, sizeof(double) * h->dim);
    double step = s - h->t[k];
    if (step <= 0.0)
        return 0;
    gsl_odeiv2_step_reset(h->probe);
    return gsl_odeiv2_step_apply(h->probe, h->t[k], step, out, h->yerr, NULL, NULL, &h->sys)
           == GSL_SUCCESS ? 0 : -1;
}

/* The nodes of the kept steps' polynomials, in fractions of the step. */
static const double poly_nodes[POLY_COEFFS] = {0.0, 0.0, NODE_A, 0.5, NODE_C, 1.0, 1.0};

/* Step k's polynomial: Newton's divided differences with the end nodes
 * doubled (value and derivative).  0 on success. */
static int build_polynomial(loading_history *h, size_t k)
{
    const size_t dim = h->dim;
    const double step = h->t[k + 1] - h->t[k];
    double inner[3][2 + 2 * HF_PRONY_TERMS_MAX];
    const double at[3] = {NODE_A, 0.5, NODE_C};
    for (size_t q = 0; q < 3; ++q) {
        memcpy(inner[q], h->y + k * dim, sizeof(double) * dim);
        gsl_odeiv2_step_reset(h->probe);
        if (gsl_odeiv2_step_apply(h->probe, h->t[k], at[q] * step, inner[q], h->yerr, NULL,
                                  NULL, &h->sys) != GSL_SUCCESS)
            return -1;
    }
    for (size_t j = 0; j < dim; ++j) {
        double *d = h->poly + (k * dim + j) * POLY_COEFFS;
        const double y0 = h->y[k * dim + j], y1 = h->y[(k + 1) * dim + j];
        const double v[POLY_COEFFS] = {y0, y0, inner[0][j], inner[1][j], inner[2][j], y1, y1};
        memcpy(d, v, sizeof v);
        for (size_t level = 1; level < POLY_COEFFS; ++level)
            for (size_t i = POLY_COEFFS - 1; i >= level; --i) {
                double dx = poly_nodes[i] - poly_nodes[i - level];
                d[i] = dx != 0.0 ? (d[i] - d[i - 1]) / dx
                       : step * h->dy[(i == 1 ? k : k + 1) * dim + j];
            }
    }
    return 0;
}

/* The polynomials of the kept steps away from τ = 0, once loading is over.
 * 0 on success. */
static int build_polynomials(loading_history *h)
{
    if (h->len < 2)
        return 0;
    h->poly = malloc(sizeof(double) * (h->len - 1) * h->dim * POLY_COEFFS);
    h->smooth = calloc(h->len, 1);
    if (h->poly == NULL || h->smooth == NULL)
        return -1;
    for (size_t k = 0; k + 1 < h->len; ++k) {
        double step = h->t[k + 1] - h->t[k];
        if (!(step > 0.0) || step > h->t[k] / SMOOTH_RATIO)
            continue;
        if (build_polynomial(h, k) != 0)
            return -1;
        h->smooth[k] = 1;
    }
    return 0;
}

/* Step k's polynomial at the fraction u of the step into out (dim). */
static void polynomial_at(const loading_history *h, size_t k, double u, double *out)
{
    for (size_t j = 0; j < h->dim; ++j) {
        const double *d = h->poly + (k * h->dim + j) * POLY_COEFFS;
        double r = d[POLY_COEFFS - 1];
        for (size_t i = POLY_COEFFS - 1; i-- > 0;)
            r = d[i] + (u - poly_nodes[i]) * r;
        out[j] = r;
    }
}

/* The interpolant of the kept states at s into out (dim): step k's
 * polynomial (*exact = 1) or, in the first steps, the cubic Hermite
 * interpolant, a start for the probe steps (*exact = 0); exact at the kept
 * times. */
static void loading_state_near(model *m, double s, double *out, int *exact)
{
    loading_history *h = &m->hist;
    size_t k = kept_step(h, s);
    const double *y0 = h->y + k * h->dim;
    *exact = 1;
    if (k + 1 >= h->len || s <= h->t[k]) {
        memcpy(out, y0, sizeof(double) * h->dim);
        return;
    }
    double step = h->t[k + 1] - h->t[k], u = (s - h->t[k]) / step, v = 1.0 - u;
    if (h->smooth != NULL && h->smooth[k]) {
        polynomial_at(h, k, u, out);
        return;
    }
    *exact = 0;
    const double *y1 = y0 + h->dim, *d0 = h->dy + k * h->dim, *d1 = d0 + h->dim;
    double a0 = v * v * (1.0 + 2.0 * u), a1 = u * u * (1.0 + 2.0 * v);
    double b0 = step * u * v * v, b1 = -step * u * u * v;
    for (size_t j = 0; j < h->dim; ++j)
        out[j] = a0 * y0[j] + a1 * y1[j] + b0 * d0[j] + b1 * d1[j];
}

/* ---- the unloading stage ------------------------------------------------- */

/* e^{−x} for x >= 0, 0 where it would underflow past the normal range
 * (x > 708, e^{−x} < 3e-308, below every term it multiplies by far): a
 * fast relaxation's terms are there at every step of the unloading, and
 * the library's underflow path costs several times an exp. */
static double decay_of(double x)
{
    return x < 708.0 ? exp(-x) : 0.0;
}

/* Q(s, τ) for the unloading state z and the loading state ys at s, and
 * −∂Q/∂s = G(τ − s)/G(0) · ω_L'(s) into *slope; into *size the sum of
 * the magnitudes of Q's terms, whose rounding error (a few ulps of it)
 * is the least |Q| that says anything about s. */
static double edge_integral(const hf_prony *p, double tau, double s, const double z[],
                            const double ys[], double *slope, double *size)
{
    const size_t n = p->n;
    double q = p->g_inf * (z[0] - ys[0]), g = p->g_inf;
    double sum = p->g_inf * (fabs(z[0]) + fabs(ys[0]));
    for (size_t i = 0; i < n; ++i) {
        double decay = decay_of(p->rate[i] * (tau - s));
        q += p->g[i] * (z[2 + i] - decay * ys[2 + n + i]);
        g += p->g[i] * decay;
        sum += p->g[i] * (fabs(z[2 + i]) + decay * fabs(ys[2 + n + i]));
    }
    *slope = g * ys[1];
    *size = sum;
    return q;
}

/* Q within rounding of zero: below EDGE_ROUNDING ulps of its terms' size
 * (a handful of additions of terms of that size), where a further Newton
 * step only follows rounding noise (near τ_m, where ω_L' → 0, that noise
 * moves s by many ulps while it changes the force by none). */
#define EDGE_ROUNDING 8.0

static int edge_resolved(double q, double size)
{
    return fabs(q) <= EDGE_ROUNDING * DBL_EPSILON * size;
}

/* One safeguarded Newton step for Q(s) = q of the given slope inside the
 * bracket [*lo, *hi], which it narrows.  The bracket is closed: a root at
 * one of its ends (where the last evaluation left it, to rounding) is
 * reached by Newton's step, not approached by fifty bisections. */
static double newton_step(double s, double q, double slope, double *lo, double *hi)
{
    if (q > 0.0)
        *lo = s;
    else if (q < 0.0)
        *hi = s;
    double next = slope > 0.0 ? s + q / slope : 0.5 * (*lo + *hi);
    if (!(next >= *lo && next <= *hi))
        next = 0.5 * (*lo + *hi);
    return next;
}

static double contact_event(double t, const double z[], void *params);

/* s on the interpolant of the kept states, to the resolution of doubles,
 * with the interpolated state there in m->ys; *exact as loading_state_near
 * says of it. */
static double contact_time_near(model *m, double tau, const double z[], double s, int *exact)
{
    double lo = 0.0, hi = m->tau_m;
    /* past the end of contact (a trial stage beyond the event): s = 0,
     * the root's limit, without bisecting down to it */
    if (contact_event(tau, z, m) <= 0.0)
        s = hi = 0.0;
    for (int iter = 0; iter < 200; ++iter) {
        loading_state_near(m, s, m->ys, exact);
        double slope, size, q = edge_integral(m->p, tau, s, z, m->ys, &slope, &size);
        if (q == 0.0 || hi == 0.0 || edge_resolved(q, size))
            return s;
        double next = newton_step(s, q, slope, &lo, &hi);
        if (fabs(next - s) <= 2e-16 * m->tau_m || hi - lo <= 4e-16 * m->tau_m) {
            s = next;
            break;
        }
        s = next;
    }
    loading_state_near(m, s, m->ys, exact);
    return s;
}

/* The state m->ys moved from s to s + delta to first order. */
static void move_state(model *m, double s, double delta)
{
    double dy[2 + 2 * HF_PRONY_TERMS_MAX];
    loading_rhs(s, m->ys, dy, m);
    for (size_t j = 0; j < m->hist.dim; ++j)
        m->ys[j] += delta * dy[j];
}

/* s = t₁(τ), with the loading state there left in m->ys.  Q(·, τ) is
 * decreasing on [0, τ_m]; Q(0, τ) <= 0 means the contact has ended (s = 0),
 * Q(τ_m, τ) >= 0 happens only at τ = τ_m (s = τ_m).  Newton from the last
 * s on the interpolant, then on probe steps, kept inside the bracket by
 * bisection, to the resolution of doubles. */
static double contact_time(model *m, double tau, const double z[])
{
    const hf_prony *p = m->p;
    double lo = 0.0, hi = m->tau_m;
    int exact = 0;
    double s = contact_time_near(m, tau, z, fmin(fmax(m->s_last, lo), hi), &exact);
    for (int iter = 0; iter < 200 && !exact; ++iter) {
        if (loading_state_at(m, s, m->ys) != 0) {
            m->failed = 1;
            return s;
        }
        double slope, size, q = edge_integral(p, tau, s, z, m->ys, &slope, &size);
        if (q == 0.0 || edge_resolved(q, size))
            break;
        double next = newton_step(s, q, slope, &lo, &hi);
        if (fabs(next - s) <= LINEAR_CORRECTION * m->tau_m) {
            move_state(m, s, next - s);
            s = next;
            break;
        }
        s = next;
    }
    m->s_last = s;
    return s;
}

static double unloading_force_at(const hf_prony *p, double tau, double s, const double ys[])
{
    double f = p->g_inf * pow15(ys[0]);
    for (size_t i = 0; i < p->n; ++i)
        f += p->g[i] * decay_of(p->rate[i] * (tau - s)) * ys[2 + i];
    return 1.25 * f;
}

static double unloading_force(model *m, double tau, const double z[])
{
    double s = contact_time(m, tau, z);
    return unloading_force_at(m->p, tau, s, m->ys);
}

static int unloading_rhs(double tau, const double z[], double dzdt[], void *params)
{
    model *m = params;
    const hf_prony *p = m->p;
    dzdt[0] = z[1];
    dzdt[1] = -unloading_force(m, tau, z);
    for (size_t i = 0; i < p->n; ++i)
        dzdt[2 + i] = z[1] - p->rate[i] * z[2 + i];
    return m->failed ? GSL_EFAILED : GSL_SUCCESS;
}

/* Q(0, τ): positive while the contact radius is positive. */
static double contact_event(double t, const double z[], void *params)
{
    (void)t;
    const model *m = params;
    double q = m->p->g_inf * z[0];
    for (size_t i = 0; i < m->p->n; ++i)
        q += m->p->g[i] * z[2 + i];
    return q;
}

/* ---- driving both stages ------------------------------------------------- */

static void model_free(model *m)
{
    free(m->hist.t);
    free(m->hist.y);
    free(m->hist.dy);
    free(m->hist.poly);
    free(m->hist.smooth);
    free(m->hist.yerr);
    free(m->ys);
    if (m->hist.probe)
        gsl_odeiv2_step_free(m->hist.probe);
}

static hf_status model_alloc(model *m, const hf_prony *p)
{
    memset(m, 0, sizeof *m);
    m->p = p;
    loading_history *h = &m->hist;
    h->dim = 2 + 2 * p->n;
    h->probe = gsl_odeiv2_step_alloc(gsl_odeiv2_step_rk8pd, h->dim);
    h->yerr = malloc(sizeof(double) * h->dim);
    m->ys = malloc(sizeof(double) * h->dim);
    h->sys.function = loading_rhs;
    h->sys.jacobian = NULL;
    h->sys.dimension = h->dim;
    h->sys.params = m;
    if (h->probe == NULL || h->yerr == NULL || m->ys == NULL) {
        model_free(m);
        return HF_ENOMEM;
    }
    return HF_OK;
}

static void stage_options(const hf_viscoelastic_options *o, double tau0,
                          hf_ode_outputs *outputs, hf_ode_options *ode)
{
    hf_ode_options_init(ode);
    ode->outputs = outputs;
    ode->abs_tol = o->abs_tol;
    ode->rel_tol = o->rel_tol;
    ode->h0 = FIRST_STEP;
    ode->t_max = tau0 + STAGE_TAU_MAX;
}

static void count_step(double t, const double y[], void *user)
{
    (void)t; (void)y;
    ((model *)user)->steps++;
}

static void count_loading_step(double t, const double y[], void *user)
{
    keep_loading_state(t, y, user);
    ((model *)user)->steps++;
}

/* dF/dτ in unloading at (τ, s = t₁(τ)): differentiating Lee–Radok's
 * integral stopped at s, the terms in s' = ds/dτ collect into
 * (3/2)ω_L(s)^{1/2} ω_L'(s) s' G(τ − s)/G(0), and s' G ω_L' = ∂Q/∂τ
 * (from Q(s(τ), τ) = 0), so
 *   dF/dτ = (5/4)[(3/2)ω_L(s)^{1/2} ∂Q/∂τ − Σ gᵢλᵢ e^{−λᵢ(τ−s)} A_Lᵢ(s)],
 *   ∂Q/∂τ = g∞ω' + Σ gᵢ[ω' − λᵢHᵢ + λᵢ e^{−λᵢ(τ−s)} H_Lᵢ(s)];
 * at s = τ_m (ω' = 0) it is the loading slope, and it has no 1/ω_L'. */
static double unloading_force_slope(const hf_prony *p, double tau, double s, const double z[],
                                    const double ys[])
{
    const size_t n = p->n;
    double dQ = p->g_inf * z[1], relax = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double decay = decay_of(p->rate[i] * (tau - s));
        dQ += p->g[i] * (z[1] - p->rate[i] * z[2 + i] + p->rate[i] * decay * ys[2 + n + i]);
        relax += p->g[i] * p->rate[i] * decay * ys[2 + i];
    }
    return 1.25 * (1.5 * sqrt(fmax(ys[0], 0.0)) * dQ - relax);
}

/* Where the force history writes (outputs->at); the stage tells the formula. */
typedef struct history_sink {
    model *m;
    int unloading;
    double *force, *approach, *slope;
    size_t next;
} history_sink;

static void sink_state(double tau, const double y[], void *user)
{
    history_sink *h = user;
    model *m = h->m;
    /* the warm start of the s search is the integration's: keep it */
    const double s_last = m->s_last;
    double f, slope;
    if (h->unloading) {
        double s = contact_time(m, tau, y);
        f = unloading_force_at(m->p, tau, s, m->ys);
        slope = unloading_force_slope(m->p, tau, s, y, m->ys);
    } else {
        f = loading_force(m->p, y);
        slope = loading_force_slope(tau, y, m);
    }
    m->s_last = s_last;
    if (h->force)
        h->force[h->next] = f;
    if (h->slope)
        h->slope[h->next] = slope;
    if (h->approach)
        h->approach[h->next] = y[0];
    h->next++;
}

static hf_status check_input(const hf_prony *p, const hf_viscoelastic_options *o,
                             hf_diag *diag)
{
    hf_status st = hf_prony_check(p, diag);
    if (st != HF_OK)
        return st;
    for (size_t i = 0; i < p->n; ++i)
        if (p->rate[i] > HF_VISCOELASTIC_RATE_MAX)
            return hf_diag_set(diag, HF_EDOM, "Prony term %zu: rate %g (units V0/w_m0): the "
                               "relaxation is more than %g times faster than the impact",
                               i + 1, p->rate[i], HF_VISCOELASTIC_RATE_MAX);
    if (!(o->abs_tol > 0.0) || !(o->rel_tol > 0.0))
        return hf_diag_set(diag, HF_EINVAL, "ODE tolerances must be positive");
    return HF_OK;
}

static hf_status run_stages(const hf_prony *p, const hf_viscoelastic_options *options,
                            hf_ode_outputs *outputs, history_sink *sink,
                            hf_viscoelastic_result *out, hf_diag *diag)
{
    hf_viscoelastic_options defaults;
    hf_viscoelastic_options_init(&defaults);
    const hf_viscoelastic_options *o = options ? options : &defaults;
    hf_status st = check_input(p, o, diag);
    if (st != HF_OK)
        return st;
    model m;
    if (model_alloc(&m, p) != HF_OK)
        return hf_diag_set(diag, HF_ENOMEM, "viscoelastic impact: out of memory");
    if (sink)
        sink->m = &m;
    memset(out, 0, sizeof *out);
    out->eps = hf_prony_initial_rate(p);
    const size_t n = p->n, dim = m.hist.dim;

    /* loading, with the force peak on the way when it comes first */
    double y[2 + 2 * HF_PRONY_TERMS_MAX] = {0.0};
    y[1] = 1.0;
    double tau = 0.0;
    const hf_ode_event load_events[2] = {{velocity_event, -1}, {loading_force_slope, -1}};
    hf_ode_options ode;
    stage_options(o, 0.0, outputs, &ode);
    int peak_found = 0;
    for (;;) {
        size_t which = 0;
        st = hf_ode_integrate_to_event(loading_rhs, dim, &m, load_events, 2, &ode, &tau, y,
                                       &which, count_loading_step, &m, NULL);
        if (st == HF_OK && m.failed)
            st = HF_ENOMEM;
        if (st == HF_ENOCONV) {
            /* an overdamped fluid (g∞ = 0, large ε): ω' tends to 0 without
             * crossing it, the sphere is stopped inside the material */
            model_free(&m);
            return hf_diag_set(diag, HF_EDOM, "viscoelastic impact, eps = %g: the sphere "
                               "does not stop within %g time units (it creeps into the "
                               "material, no rebound)", out->eps, STAGE_TAU_MAX);
        }
        if (st != HF_OK) {
            model_free(&m);
            return hf_diag_set(diag, st, "viscoelastic impact, eps = %g: loading stage: %s",
                               out->eps, hf_strerror(st));
        }
        if (which == 0)
            break;
        peak_found = 1;
        out->tau_M = tau;
        out->force_M = loading_force(p, y);
        /* elastic (and to rounding near it): the peak is the end of loading,
         * both events at one point; the velocity event would not fire again */
        if (!(y[1] > 0.0))
            break;
    }
    out->tau_m = m.tau_m = tau;
    if (build_polynomials(&m.hist) != 0) {
        model_free(&m);
        return hf_diag_set(diag, HF_ENOMEM, "viscoelastic impact: out of memory or a probe "
                           "step failed interpolating the loading history");
    }
    out->omega_m = y[0];
    if (!peak_found) {
        out->tau_M = tau;
        out->force_M = loading_force(p, y);
    }
    /* F decreases through unloading (docs/viscoelastic.md), so the peak is found */

    /* unloading from (ω_m, 0, Hᵢ(τ_m)) */
    double z[2 + HF_PRONY_TERMS_MAX];
    z[0] = y[0];
    z[1] = 0.0;
    for (size_t i = 0; i < n; ++i)
        z[2 + i] = y[2 + n + i];
    m.s_last = tau;
    if (sink)
        sink->unloading = 1;
    const hf_ode_event unload_events[1] = {{contact_event, -1}};
    stage_options(o, tau, outputs, &ode);
    size_t which = 0;
    st = hf_ode_integrate_to_event(unloading_rhs, 2 + n, &m, unload_events, 1, &ode, &tau, z,
                                   &which, count_step, &m, NULL);
    if (st == HF_OK && m.failed)
        st = HF_EGSL;
    if (st != HF_OK) {
        model_free(&m);
        if (st == HF_ENOCONV)
            return hf_diag_set(diag, HF_EDOM, "viscoelastic impact, eps = %g: the contact "
                               "radius does not return to 0 within %g time units (no "
                               "rebound)", out->eps, STAGE_TAU_MAX);
        return hf_diag_set(diag, st, "viscoelastic impact, eps = %g: unloading stage: %s",
                           out->eps, hf_strerror(st));
    }
    out->tau_c = tau;
    out->omega_c = z[0];
    out->v_c = z[1];
    /* the rebound speed; a nearly fluid material (ε of a few) returns the
     * sphere with a speed below the roundoff of ω', whose sign is noise */
    out->e = fmax(-z[1], 0.0);
    out->steps = m.steps;
    model_free(&m);
    return HF_OK;
}

hf_status hf_viscoelastic_solve(const hf_prony *relax, const hf_viscoelastic_options *options,
                                hf_viscoelastic_result *out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output for the viscoelastic impact");
    return run_stages(relax, options, NULL, NULL, out, diag);
}

/* hf_viscoelastic_history with dF/dτ into slope (n, may be NULL). */
static hf_status history(const hf_prony *relax, const hf_viscoelastic_options *options,
                         size_t n, const double *tau, double *force, double *slope,
                         double *approach, hf_diag *diag)
{
    if (n > 0 && (tau == NULL || force == NULL))
        return hf_diag_set(diag, HF_EINVAL, "no times or forces for the viscoelastic history");
    hf_status checked = hf_ode_check_times(n, tau, "viscoelastic history", diag);
    if (checked != HF_OK)
        return checked;
    size_t first = 0;
    for (; first < n && tau[first] < 0.0; ++first) {
        force[first] = 0.0;
        if (slope)
            slope[first] = 0.0;
        if (approach)
            approach[first] = 0.0;
    }
    history_sink sink = {NULL, 0, force, approach, slope, first};
    hf_ode_outputs outputs = {tau, n, first, sink_state, &sink};
    hf_viscoelastic_result r;
    hf_status st = run_stages(relax, options, &outputs, &sink, &r, diag);
    if (st != HF_OK)
        return st;
    for (size_t i = outputs.next; i < n; ++i) {
        force[i] = 0.0;
        if (slope)
            slope[i] = 0.0;
        if (approach)
            approach[i] = r.omega_c + r.v_c * (tau[i] - r.tau_c);
    }
    return HF_OK;
}

hf_status hf_viscoelastic_history(const hf_prony *relax, const hf_viscoelastic_options *options,
                                  size_t n, const double *tau, double *force, double *approach,
                                  hf_diag *diag)
{
    return history(relax, options, n, tau, force, NULL, approach, diag);
}

/* ---- physical units ------------------------------------------------------ */

hf_status hf_viscoelastic_material_check(const hf_viscoelastic_material *mat, hf_diag *diag)
{
    if (mat == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no material");
    /* μ0 and ν as the Maxwell material checks them (its η is the spectrum's) */
    const hf_maxwell_material elastic = {mat->mu0, mat->nu, 0.0};
    hf_status st = hf_maxwell_material_check(&elastic, diag);
    return st != HF_OK ? st : hf_prony_check(&mat->relax, diag);
}

/* The time unit T = w_m⁰/V0 = C0/𝒱 (Eqs. 23, 51) and the dimensionless
 * spectrum λᵢ = T/τᵢ. */
static hf_status dimensionless(const hf_viscoelastic_material *mat,
                               const hf_maxwell_impact *imp, double *T, hf_prony *p,
                               hf_diag *diag)
{
    hf_status st = hf_viscoelastic_material_check(mat, diag);
    if (st == HF_OK)
        st = hf_maxwell_impact_check(imp, diag);
    if (st != HF_OK)
        return st;
    *T = hf_maxwell_compliance(mat->mu0, mat->nu) / hf_maxwell_speed_parameter(imp);
    if (!(isfinite(*T) && *T > 0.0))
        return hf_diag_set(diag, HF_ERANGE, "time scale w_m0/V0 = %g is not a finite positive "
                           "number for mu0 = %g Pa, nu = %g, m = %g kg, R = %g m, V0 = %g m/s",
                           *T, mat->mu0, mat->nu, imp->m, imp->R, imp->V0);
    *p = mat->relax;
    for (size_t i = 0; i < p->n; ++i)
        p->rate[i] *= *T;
    return HF_OK;
}

hf_status hf_viscoelastic_simulate(const hf_viscoelastic_material *material,
                                   const hf_maxwell_impact *impact,
                                   const hf_viscoelastic_options *options,
                                   hf_maxwell_response *out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output");
    double T;
    hf_prony p;
    hf_status st = dimensionless(material, impact, &T, &p, diag);
    if (st != HF_OK)
        return st;
    hf_viscoelastic_result r;
    if ((st = hf_viscoelastic_solve(&p, options, &r, diag)) != HF_OK)
        return st;
    out->F_M = r.force_M * impact->m * impact->V0 / T;
    out->t_M = r.tau_M * T;
    out->t_c = r.tau_c * T;
    out->e = r.e;
    out->eps = r.eps;
    out->w_m = r.omega_m * T * impact->V0;
    if (!(isfinite(out->F_M) && out->F_M > 0.0 && isfinite(out->t_c) && isfinite(out->w_m)))
        return hf_diag_set(diag, HF_ERANGE, "viscoelastic impact: F_M = %g N, t_c = %g s or "
                           "w_m = %g m is out of double range", out->F_M, out->t_c, out->w_m);
    return HF_OK;
}

hf_status hf_viscoelastic_force_slope_history(const hf_viscoelastic_material *material,
                                              const hf_maxwell_impact *impact,
                                              const hf_viscoelastic_options *options, size_t n,
                                              const double *t, double *F, double *dFdt,
                                              hf_diag *diag)
{
    if (n > 0 && (t == NULL || F == NULL))
        return hf_diag_set(diag, HF_EINVAL, "no times or forces for the force history");
    double T;
    hf_prony p;
    hf_status st = dimensionless(material, impact, &T, &p, diag);
    if (st != HF_OK)
        return st;
    double *tau = malloc(sizeof(double) * (n ? n : 1));
    if (tau == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "force history: out of memory");
    for (size_t i = 0; i < n; ++i)
        tau[i] = t[i] / T;
    st = history(&p, options, n, tau, F, dFdt, NULL, diag);
    free(tau);
    if (st != HF_OK)
        return st;
    const double unit = impact->m * impact->V0 / T;
    for (size_t i = 0; i < n; ++i)
        F[i] *= unit;
    for (size_t i = 0; dFdt != NULL && i < n; ++i)
        dFdt[i] *= unit / T;
    return HF_OK;
}

hf_status hf_viscoelastic_force_history(const hf_viscoelastic_material *material,
                                        const hf_maxwell_impact *impact,
                                        const hf_viscoelastic_options *options, size_t n,
                                        const double *t, double *F, hf_diag *diag)
{
    return hf_viscoelastic_force_slope_history(material, impact, options, n, t, F, NULL, diag);
}
