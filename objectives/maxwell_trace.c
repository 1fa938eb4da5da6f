/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/maxwell_trace.c — drop tests' force traces: reading a trace
 * file, making a synthetic trace from Hunter's model with a realistic
 * acquisition, writing one, and extracting F_M, t_M, t_c from one (the
 * method is described in hertzfit/maxwell_data.h).
 */
#include "hertzfit/maxwell_data.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_statistics_double.h>

#include "core/csv.h"
#include "core/file.h"
#include "hertzfit/rng.h"
#include "objectives/maxwell_internal.h"
#include "core/rng_draw.h"

/* ---- owning a trace ---------------------------------------------------- */

void hf_maxwell_trace_free(hf_maxwell_trace *trace)
{
    if (trace == NULL)
        return;
    free(trace->t);
    free(trace->F);
    free(trace->path);
    free(trace);
}

/* n samples in *trace (fields owned by it), path NULL. */
static hf_status trace_arrays(hf_maxwell_trace *trace, size_t n, hf_diag *diag)
{
    trace->n = n;
    trace->path = NULL;
    trace->t = malloc(sizeof(double) * (n ? n : 1)); /* owned by trace */
    trace->F = malloc(sizeof(double) * (n ? n : 1)); /* owned by trace */
    if (trace->t == NULL || trace->F == NULL) {
        free(trace->t);
        free(trace->F);
        trace->t = trace->F = NULL;
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for a trace of %zu samples", n);
    }
    return HF_OK;
}

/* ---- synthetic traces -------------------------------------------------- */

void hf_maxwell_trace_options_init(hf_maxwell_trace_options *o)
{
    o->rate = 100e3;
    o->pre = 1e-3;
    o->post = 1e-3;
    o->noise = 0.0;
    o->offset = 0.0;
    o->bits = 0;
    o->range = 0.0;
    o->seed = 0;
    o->clock = 0.0;
    o->drift = 0.0;
    o->bounce_g = 0.0;
    o->invert = 0;
}

static hf_status check_trace_options(const hf_maxwell_trace_options *o, hf_diag *diag)
{
    if (!(isfinite(o->rate) && o->rate > 0.0))
        return hf_diag_set(diag, HF_EDOM, "sample rate %g Hz must be finite and > 0", o->rate);
    if (!(isfinite(o->pre) && o->pre >= 0.0) || !(isfinite(o->post) && o->post >= 0.0))
        return hf_diag_set(diag, HF_EDOM, "pre %g s and post %g s must be finite and >= 0",
                           o->pre, o->post);
    if (!(o->noise >= 0.0 && o->noise <= 1.0))
        return hf_diag_set(diag, HF_EDOM, "noise %g is outside [0, 1] (relative to F_M)",
                           o->noise);
    if (!isfinite(o->offset))
        return hf_diag_set(diag, HF_EDOM, "offset %g N must be finite", o->offset);
    if (!isfinite(o->clock) || !isfinite(o->drift))
        return hf_diag_set(diag, HF_EDOM, "clock %g s and drift %g N/s must be finite",
                           o->clock, o->drift);
    if (!(isfinite(o->bounce_g) && o->bounce_g >= 0.0))
        return hf_diag_set(diag, HF_EDOM, "g %g m/s^2 of the second bounce must be finite "
                           "and >= 0", o->bounce_g);
    if (o->bits != 0 && (o->bits < 2 || o->bits > 32))
        return hf_diag_set(diag, HF_EDOM, "bits %u is outside 2..32", o->bits);
    if (o->bits != 0 && !(isfinite(o->range) && o->range > 0.0))
        return hf_diag_set(diag, HF_EDOM, "range %g N must be finite and > 0 with bits",
                           o->range);
    /* the converter's step 2 range / 2^bits must be a normal double: at
     * range 1e308 it overflows, at 1e-320 it is 0, and either way every
     * sample would read as -range */
    double step = 2.0 * o->range / ldexp(1.0, (int)o->bits);
    if (o->bits != 0 && !(isfinite(step) && step >= DBL_MIN))
        return hf_diag_set(diag, HF_EDOM, "range %g N with %u bits has a step of %g N, which "
                           "is not a normal double: give a range in [%g, %g] N", o->range,
                           o->bits, step, DBL_MIN * ldexp(1.0, (int)o->bits - 1),
                           DBL_MAX / 2.0);
    return HF_OK;
}

/* The converter: the step 2·range/2^bits, values clipped to ±range. */
static double quantise(double F, const hf_maxwell_trace_options *o)
{
    if (o->bits == 0)
        return F;
    double step = 2.0 * o->range / ldexp(1.0, (int)o->bits);
    double q = step * nearbyint(F / step);
    return fmin(fmax(q, -o->range), o->range);
}

/* Hunter's Maxwell model as a forward model. */
static hf_status hunter_simulate(const void *ctx, const hf_maxwell_impact *impact,
                                 hf_maxwell_response *out, hf_diag *diag)
{
    return hf_maxwell_simulate(ctx, impact, NULL, out, diag);
}

static hf_status hunter_history(const void *ctx, const hf_maxwell_impact *impact, size_t n,
                                const double *t, double *F, hf_diag *diag)
{
    return hf_maxwell_force_history(ctx, impact, NULL, n, t, F, diag);
}

hf_status hf_maxwell_trace_synthesize(const hf_maxwell_material *material,
                                      const hf_maxwell_impact *impact,
                                      const hf_maxwell_trace_options *options,
                                      hf_maxwell_trace **out, hf_diag *diag)
{
    const hf_maxwell_forward model = {hunter_simulate, hunter_history, material};
    return hf_maxwell_trace_synthesize_forward(&model, impact, options, out, diag);
}

hf_status hf_maxwell_trace_synthesize_forward(const hf_maxwell_forward *model,
                                              const hf_maxwell_impact *impact,
                                              const hf_maxwell_trace_options *options,
                                              hf_maxwell_trace **out, hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no output for the synthetic trace");
    *out = NULL;
    hf_maxwell_trace_options o;
    hf_maxwell_trace_options_init(&o);
    if (options != NULL)
        o = *options;
    hf_status st = check_trace_options(&o, diag);
    hf_maxwell_response resp;
    if (st == HF_OK)
        st = model->simulate(model->ctx, impact, &resp, diag);
    if (st != HF_OK)
        return st;
    /* the second bounce: a flight of 2 V1/g at the rebound speed V1 = e V0,
     * then the model's impact at V1 */
    hf_maxwell_impact second = *impact;
    second.V0 = resp.e * impact->V0;
    double flight = o.bounce_g > 0.0 ? 2.0 * second.V0 / o.bounce_g : 0.0, t_second = 0.0;
    hf_maxwell_response resp2 = resp;
    if (o.bounce_g > 0.0 && !(second.V0 > 0.0))
        return hf_diag_set(diag, HF_EDOM, "no second bounce: the impact's restitution is %g",
                           resp.e);
    if (o.bounce_g > 0.0) {
        st = model->simulate(model->ctx, &second, &resp2, diag);
        if (st != HF_OK)
            return st;
        t_second = resp.t_c + flight;
    }
    double record = o.pre + resp.t_c + (o.bounce_g > 0.0 ? flight + resp2.t_c : 0.0) + o.post;
    double samples = floor(record * o.rate) + 1.0;
    if (!(samples <= HF_MAXWELL_TRACE_MAX_SAMPLES))
        return hf_diag_set(diag, HF_ERANGE, "a record of %g s at %g Hz has %.4g samples, over "
                           "the %d a trace may have", record, o.rate, samples,
                           HF_MAXWELL_TRACE_MAX_SAMPLES);
    /* a shorter record would be written and then refused by its own reader */
    if (samples < HF_MAXWELL_TRACE_MIN_SAMPLES)
        return hf_diag_set(diag, HF_ERANGE, "a record of %g s at %g Hz has %.0f sample%s, fewer "
                           "than the %d a trace needs (raise the rate to at least %.0f Hz)",
                           o.pre + resp.t_c + o.post, o.rate, samples, samples == 1 ? "" : "s",
                           HF_MAXWELL_TRACE_MIN_SAMPLES,
                           ceil((HF_MAXWELL_TRACE_MIN_SAMPLES - 1) /
                                (o.pre + resp.t_c + o.post)));
    hf_maxwell_trace *tr = calloc(1, sizeof *tr); /* to *out, or freed on error */
    if (tr == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    if ((st = trace_arrays(tr, (size_t)samples, diag)) != HF_OK) {
        free(tr);
        return st;
    }
    /* F holds the times since the contact start first, then the forces */
    for (size_t k = 0; k < tr->n; ++k) {
        tr->t[k] = (double)k / o.rate;
        tr->F[k] = tr->t[k] - o.pre;
    }
    double *since = malloc(sizeof(double) * tr->n); /* freed below */
    if (since == NULL) {
        hf_maxwell_trace_free(tr);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    memcpy(since, tr->F, sizeof(double) * tr->n);
    st = model->history(model->ctx, impact, tr->n, since, tr->F, diag);
    if (st == HF_OK && o.bounce_g > 0.0) {
        /* the second impact adds its force from t_second on the contact clock */
        double *F2 = malloc(sizeof(double) * tr->n); /* freed below */
        if (F2 == NULL)
            st = hf_diag_set(diag, HF_ENOMEM, "out of memory");
        for (size_t k = 0; st == HF_OK && k < tr->n; ++k)
            since[k] = tr->t[k] - o.pre - t_second;
        if (st == HF_OK)
            st = model->history(model->ctx, &second, tr->n, since, F2, diag);
        for (size_t k = 0; st == HF_OK && k < tr->n; ++k)
            tr->F[k] += F2[k];
        free(F2);
    }
    free(since);
    if (st != HF_OK) {
        hf_maxwell_trace_free(tr);
        return st;
    }
    hf_rng rng;
    hf_rng_seed(&rng, o.seed, 0);
    for (size_t k = 0; k < tr->n; ++k) {
        double F = tr->F[k] + o.offset + o.drift * tr->t[k];
        if (o.noise > 0.0)
            F += hf_rng_normal(&rng, 0.0, o.noise * resp.F_M);
        tr->F[k] = quantise(o.invert ? -F : F, &o);
        tr->t[k] += o.clock;
    }
    *out = tr;
    return HF_OK;
}

hf_status hf_maxwell_trace_write(const char *path, const hf_maxwell_trace *trace,
                                 const char *comment, hf_diag *diag)
{
    if (path == NULL || trace == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no path or trace to write");
    hf_atomic_file *file = NULL; /* released by commit or discard */
    hf_status st = hf_atomic_file_open(path, &file, diag);
    if (st != HF_OK)
        return st;
    FILE *f = hf_atomic_file_stream(file);
    for (const char *line = comment; line != NULL && *line != '\0';) {
        const char *end = strchr(line, '\n');
        int len = end ? (int)(end - line) : (int)strlen(line);
        fprintf(f, "# %.*s\n", len, line);
        line = end ? end + 1 : NULL;
    }
    fputs("t_s,F_N\n", f);
    /* 10 significant digits resolve a record that starts near t = 0; a clock
     * far from 0 (a DAQ's absolute time) needs as many more as it has digits
     * beyond the record's length, up to a double's 17 */
    int digits = 10;
    if (trace->n > 1) {
        double span = trace->t[trace->n - 1] - trace->t[0];
        double far = fmax(fabs(trace->t[0]), fabs(trace->t[trace->n - 1]));
        if (span > 0.0 && far > span)
            digits += (int)ceil(log10(far / span));
        digits = digits > 17 ? 17 : digits;
    }
    for (size_t k = 0; k < trace->n; ++k)
        fprintf(f, "%.*g,%.9g\n", digits, trace->t[k], trace->F[k]);
    return hf_atomic_file_commit(file, diag);
}

/* ---- extraction -------------------------------------------------------- */

static const char *const extract_status_names[] = {"ok", "few-samples", "clipped",
                                                   "no-impact", "no-baseline", "no-edge"};

const char *hf_maxwell_extract_status_name(hf_maxwell_extract_status status)
{
    return (unsigned)status < sizeof extract_status_names / sizeof extract_status_names[0]
               ? extract_status_names[status] : "?";
}

/* Fraction of the peak excursion bounding the pre-contact part, the edge
 * windows and the peak window (see hertzfit/maxwell_data.h). */
#define RISE_FRACTION 0.05
#define EDGE_LOW 0.05
/* The falling edge starts higher: Hunter's force ends in a step of O(ε²)
 * of the peak (hertzfit/maxwell.h), which bends the lowest samples; the
 * fit over a window starting twice as high gives the systematic part of
 * the end's uncertainty. */
#define EDGE_LOW_FALL 0.1
#define EDGE_HIGH 0.5
/* The rising edge is fitted up to 80 % of the peak with Hertz's exact
 * time law (the first correction alone bends away above half the peak):
 * the wider window halves t0's scatter.  What the quadratic term leaves
 * of the viscous terms moves t0 by ~0.1 % of t_M at ε = 0.16 on
 * noise-free traces; the change of t0 when the window ends at EDGE_HIGH
 * instead is the systematic part of t0's uncertainty. */
#define EDGE_HIGH_RISE 0.8
/* Half-width of the peak window, relative to the contact duration, and
 * the polynomial's number of terms: the force falls by ~30 % at ±25 % of
 * t_c, where the pulse is no parabola (a sine-like Hertz pulse has a
 * quartic term, the viscous asymmetry a cubic one), so a quartic is
 * fitted; over the wider window the vertex time scatters 2.7 times less
 * than a parabola's over ±8 % (0.14 % against 0.37 % of t_M at 120
 * samples and 0.5 % noise). */
#define PEAK_HALF_WIDTH 0.25
#define PEAK_TERMS 5
#define THRESHOLD_SIGMAS 5.0
#define THRESHOLD_FLOOR 1e-3
#define QUIET_SAMPLES 3
#define IMPACT_LEVEL 4.0

/* Hertz's time law to its first correction, u(z) = z + z^{7/2}/7, and
 * du/dz (the falling edge, below half the peak). */
static double hertz_time(double z) { return z + pow(z, 3.5) / 7.0; }
static double hertz_time_slope(double z) { return 1.0 + 0.5 * pow(z, 2.5); }

/* Hertz's exact time law, from u'² = 1 − z^{5/2} (energy of
 * ω'' = −(5/4)ω^{3/2}, ω'(0) = 1): u(z) = ∫₀^z (1 − x^{5/2})^{−1/2} dx
 * = (2/5) B(2/5, 1/2) I_{z^{5/2}}(2/5, 1/2), and du/dz (the rising edge,
 * up to EDGE_HIGH_RISE of the peak, where z^{5/2} <= 0.69); beta is
 * B(2/5, 1/2). */
static double hertz_time_exact(double z, double beta)
{
    gsl_sf_result r;
    double x = fmin(pow(z, 2.5), 1.0);
    if (gsl_sf_beta_inc_e(0.4, 0.5, x, &r) != 0)
        return NAN;
    return 0.4 * beta * r.val;
}
static double hertz_time_exact_slope(double z) { return 1.0 / sqrt(1.0 - pow(z, 2.5)); }

/* Weighted least squares of y on the columns of X (m × p) into the
 * coefficients p and their covariance, with the known σ when sigma > 0
 * (weights w already 1/σ_i²), else scaled by the residual scatter.  0 when
 * GSL fails. */
static int linear_fit(gsl_matrix *X, const gsl_vector *w, const gsl_vector *y, gsl_vector *p,
                      gsl_matrix *cov, double sigma)
{
    size_t m = X->size1, np = X->size2;
    gsl_multifit_linear_workspace *ws = gsl_multifit_linear_alloc(m, np);
    if (ws == NULL)
        return 0;
    double chisq;
    int ok = gsl_multifit_wlinear(X, w, y, p, cov, &chisq, ws) == 0;
    if (ok && !(sigma > 0.0))
        gsl_matrix_scale(cov, chisq / (double)(m > np ? m - np : 1));
    gsl_multifit_linear_free(ws);
    return ok;
}

/* Var(g·p) for the gradient g of a function of the coefficients. */
static double propagate(const double *g, const gsl_matrix *cov)
{
    double v = 0.0;
    for (size_t i = 0; i < cov->size1; ++i)
        for (size_t j = 0; j < cov->size2; ++j)
            v += g[i] * gsl_matrix_get(cov, i, j) * g[j];
    return fmax(v, 0.0);
}

/* The edge samples of [lo, hi] whose excursion lies in [low, high]·H:
 * u(z) fitted by a + c s + d s² (s = (t − t_ref)/scale, the quadratic
 * term taking up what the Hertz time law leaves of the curvature: the
 * viscous terms of Eqs. 24–25), u Hertz's exact time law when exact is 1,
 * else its first correction; its zero crossing nearest the window into
 * *t_zero and standard uncertainty into *se.  0 when fewer than 4 samples
 * lie in the window or the fit has no crossing. */
static int edge_zero(const hf_maxwell_trace *tr, size_t lo, size_t hi, double b, double H,
                     double low, double high, int exact, double sigma, double *t_zero,
                     double *se)
{
    size_t first = hi + 1, m = 0;
    for (size_t i = lo; i <= hi; ++i) {
        double y = (tr->F[i] - b) / H;
        if (y >= low && y <= high) {
            first = first > hi ? i : first;
            ++m;
        }
    }
    if (m < 4)
        return 0;
    gsl_matrix *X = gsl_matrix_alloc(m, 3), *cov = gsl_matrix_alloc(3, 3);
    gsl_vector *u = gsl_vector_alloc(m), *w = gsl_vector_alloc(m), *p = gsl_vector_alloc(3);
    int ok = X && cov && u && w && p;
    double t_ref = tr->t[first], scale = 1.0, beta = exact ? gsl_sf_beta(0.4, 0.5) : 0.0;
    size_t k = 0;
    for (size_t i = lo; ok && i <= hi; ++i) {
        double y = (tr->F[i] - b) / H;
        if (!(y >= low && y <= high))
            continue;
        if (k == 0)
            scale = fabs(tr->t[hi] - tr->t[lo]);
        double z = pow(y, 2.0 / 3.0), s = (tr->t[i] - t_ref) / scale;
        /* σ_u = du/dz · dz/dy · σ/H, dz/dy = (2/3) y^{−1/3} */
        double slope = exact ? hertz_time_exact_slope(z) : hertz_time_slope(z);
        double su = slope * (2.0 / 3.0) / cbrt(y) * (sigma > 0.0 ? sigma / H : 1.0);
        gsl_matrix_set(X, k, 0, 1.0);
        gsl_matrix_set(X, k, 1, s);
        gsl_matrix_set(X, k, 2, s * s);
        gsl_vector_set(u, k, exact ? hertz_time_exact(z, beta) : hertz_time(z));
        gsl_vector_set(w, k, 1.0 / (su * su));
        ++k;
    }
    ok = ok && linear_fit(X, w, u, p, cov, sigma);
    if (ok) {
        double a = gsl_vector_get(p, 0), c = gsl_vector_get(p, 1), d = gsl_vector_get(p, 2);
        /* Newton from the straight line's crossing: the root by the window */
        double s = -a / c;
        for (int it = 0; it < 50; ++it) {
            double step = (a + s * (c + d * s)) / (c + 2.0 * d * s);
            s -= step;
            if (fabs(step) < 1e-15)
                break;
        }
        double slope = c + 2.0 * d * s;
        const double g[3] = {-1.0 / slope, -s / slope, -s * s / slope};
        ok = isfinite(s) && slope != 0.0;
        *t_zero = t_ref + s * scale;
        *se = sqrt(propagate(g, cov)) * scale;
    }
    gsl_vector_free(p);
    gsl_vector_free(w);
    gsl_vector_free(u);
    gsl_matrix_free(cov);
    gsl_matrix_free(X);
    return ok;
}

/* dy/ds and d²y/ds² of y = Σ_{k<n} c_k s^k. */
static void poly_slopes(const double *c, size_t n, double s, double *d1, double *d2)
{
    double power = 1.0;
    *d1 = *d2 = 0.0;
    for (size_t k = 1; k < n; ++k, power *= s) {
        *d1 += (double)k * c[k] * power;
        if (k + 1 < n)
            *d2 += (double)((k + 1) * k) * c[k + 1] * power;
    }
}

/* Polynomial y = Σ_k p_k s^k, k < PEAK_TERMS (s = (t − t[ip])/half), over
 * the samples of [lo, hi] within HALF seconds of the largest one, ip (at
 * least PEAK_TERMS + 2); the vertex, where dy/ds = 0, by Newton from the
 * parabola's, must be a maximum inside the window: its height and time
 * with their uncertainties.  The window is chosen by time, not by value:
 * samples picked for lying above a level would carry their noise's upward
 * half into the peak. */
static int peak_fit(const hf_maxwell_trace *tr, size_t lo, size_t hi, size_t ip, double half,
                    double b, double sigma, double *F_M, double *F_se, double *t_v,
                    double *t_se)
{
    const size_t np = PEAK_TERMS, fewest = PEAK_TERMS + 2;
    size_t a = ip, z = ip;
    while (a > lo && tr->t[ip] - tr->t[a - 1] <= half)
        --a;
    while (z < hi && tr->t[z + 1] - tr->t[ip] <= half)
        ++z;
    while (z - a + 1 < fewest && (a > lo || z < hi)) {
        if (a > lo) --a;
        if (z < hi && z - a + 1 < fewest) ++z;
    }
    size_t m = z - a + 1;
    if (m < fewest)
        return 0;
    gsl_matrix *X = gsl_matrix_alloc(m, np), *cov = gsl_matrix_alloc(np, np);
    gsl_vector *y = gsl_vector_alloc(m), *w = gsl_vector_alloc(m), *p = gsl_vector_alloc(np);
    int ok = X && y && w && p && cov;
    /* s in units of the window's half-width: a well-conditioned fit */
    double scale = fmax(tr->t[ip] - tr->t[a], tr->t[z] - tr->t[ip]);
    for (size_t i = 0; ok && i < m; ++i) {
        double s = (tr->t[a + i] - tr->t[ip]) / scale, power = 1.0;
        for (size_t k = 0; k < np; ++k, power *= s)
            gsl_matrix_set(X, i, k, power);
        gsl_vector_set(y, i, tr->F[a + i] - b);
        gsl_vector_set(w, i, sigma > 0.0 ? 1.0 / (sigma * sigma) : 1.0);
    }
    ok = ok && linear_fit(X, w, y, p, cov, sigma) && gsl_vector_get(p, 2) < 0.0;
    double c[PEAK_TERMS], s = 0.0, d2 = 0.0;
    for (size_t k = 0; ok && k < np; ++k)
        c[k] = gsl_vector_get(p, k);
    if (ok) {
        /* dy/ds = Σ k c_k s^{k−1} = 0 from the parabola's vertex */
        s = -c[1] / (2.0 * c[2]);
        for (int it = 0; it < 50 && isfinite(s); ++it) {
            double d1, step;
            poly_slopes(c, np, s, &d1, &d2);
            step = d1 / d2;
            s -= step;
            if (fabs(step) < 1e-15)
                break;
        }
        double d1;
        poly_slopes(c, np, s, &d1, &d2);
        ok = isfinite(s) && fabs(s) < 1.0 && d2 < 0.0;
    }
    if (ok) {
        /* the vertex s(c) solves Σ k c_k s^{k−1} = 0: ∂s/∂c_k = −k s^{k−1}/y''(s);
         * the height y(s(c)): ∂y/∂c_k = s^k (dy/ds = 0 there) */
        double gs[PEAK_TERMS], gF[PEAK_TERMS], height = 0.0, power = 1.0;
        for (size_t k = 0; k < np; ++k, power *= s) {
            gF[k] = power;
            gs[k] = k > 0 ? -(double)k * pow(s, (double)(k - 1)) / d2 : 0.0;
            height += c[k] * power;
        }
        *t_v = tr->t[ip] + s * scale;
        *t_se = sqrt(propagate(gs, cov)) * scale;
        *F_M = height;
        *F_se = sqrt(propagate(gF, cov));
    }
    gsl_matrix_free(cov);
    gsl_vector_free(p);
    gsl_vector_free(w);
    gsl_vector_free(y);
    gsl_matrix_free(X);
    return ok;
}

/* ∫(F − b) dt over [t0, t1] by the trapezoid rule on the samples, the
 * force taken as 0 at t0 and t1 and linear to the nearest sample. */
static double contact_impulse(const hf_maxwell_trace *tr, double b, double t0, double t1)
{
    double sum = 0.0, t_prev = t0, y_prev = 0.0;
    for (size_t i = 0; i < tr->n; ++i) {
        if (!(tr->t[i] > t0))
            continue;
        if (!(tr->t[i] < t1))
            break;
        double y = tr->F[i] - b;
        sum += 0.5 * (y + y_prev) * (tr->t[i] - t_prev);
        t_prev = tr->t[i];
        y_prev = y;
    }
    return sum + 0.5 * y_prev * (t1 - t_prev);
}

/* Standard uncertainty of contact_impulse over [t0, t1]: each sample's
 * noise SIGMA weighted by its interval (independent samples), and the
 * baseline's B_SE over the whole contact (one error shared by all). */
static double contact_impulse_se(const hf_maxwell_trace *tr, double sigma, double b_se,
                                 double t0, double t1)
{
    double sum = 0.0, t_prev = t0;
    for (size_t i = 0; i < tr->n; ++i) {
        if (!(tr->t[i] > t0))
            continue;
        if (!(tr->t[i] < t1))
            break;
        double dt = tr->t[i] - t_prev; /* the trapezoid gives sample i about this weight */
        sum += dt * dt;
        t_prev = tr->t[i];
    }
    return hypot(sigma * sqrt(sum), b_se * (t1 - t0));
}

static void features_empty(hf_maxwell_impact_features *f, size_t impact,
                           hf_maxwell_extract_status status, double b, double sigma)
{
    f->impact = impact;
    f->t0 = f->t0_se = f->F_M = f->F_M_se = f->t_M = f->t_M_se = f->t_c = f->t_c_se = NAN;
    f->baseline = b;
    f->noise = sigma;
    f->contact_samples = 0;
    f->impulse = f->V0 = NAN;
    f->status = status;
    f->e = f->e_se = NAN;
}

/* Baseline and noise from the pre-contact part (step 1). */
static int measure_baseline(const hf_maxwell_trace *tr, double *b, double *sigma, size_t *count)
{
    size_t n = tr->n, ip = 0;
    for (size_t i = 1; i < n; ++i)
        if (tr->F[i] - tr->F[0] > tr->F[ip] - tr->F[0])
            ip = i;
    double P = tr->F[ip] - tr->F[0];
    if (!(P > 0.0)) { /* nothing rises: the whole record is baseline */
        *count = n;
        *b = gsl_stats_mean(tr->F, 1, n);
        *sigma = gsl_stats_sd_m(tr->F, 1, n, *b);
        return 1;
    }
    size_t rise = 0;
    while (rise < ip && !(tr->F[rise] - tr->F[0] > RISE_FRACTION * P))
        ++rise;
    size_t half = rise;
    while (half < ip && !(tr->F[half] - tr->F[0] > 0.5 * P))
        ++half;
    size_t guard = half - rise + 2;
    size_t m = rise > guard ? rise - guard : 0;
    if (m < HF_MAXWELL_TRACE_MIN_BASELINE)
        return 0;
    *count = m;
    *b = gsl_stats_mean(tr->F, 1, m);
    *sigma = gsl_stats_sd_m(tr->F, 1, m, *b);
    return 1;
}

/* One impact from sample `from` on (steps 2–5); *next: where the next
 * impact may start.  0 when no impact rises above the threshold. */
static int extract_one(const hf_maxwell_trace *tr, size_t from, double b, double b_se,
                       double sigma, double threshold, hf_maxwell_impact_features *f,
                       size_t *next)
{
    /* an impact reaches IMPACT_LEVEL thresholds (noise does not), and
     * runs from where the force last rose through the threshold before */
    size_t n = tr->n, j = from;
    while (j < n && !(tr->F[j] - b > IMPACT_LEVEL * threshold))
        ++j;
    if (j >= n)
        return 0;
    while (j > from && tr->F[j - 1] - b > threshold)
        --j;
    size_t e = j, quiet = 0;
    while (e + 1 < n && quiet < QUIET_SAMPLES) {
        ++e;
        quiet = tr->F[e] - b > threshold ? 0 : quiet + 1;
    }
    size_t last = quiet >= QUIET_SAMPLES ? e - QUIET_SAMPLES : e; /* last sample above */
    *next = e + 1;
    size_t ip = j;
    for (size_t i = j; i <= last; ++i)
        if (tr->F[i] > tr->F[ip])
            ip = i;
    size_t equal = 0;
    for (size_t i = j; i <= last; ++i)
        equal += tr->F[i] == tr->F[ip];
    f->contact_samples = last - j + 1;
    double H = tr->F[ip] - b;
    /* the edges: from one sample before the rise to one after the fall */
    size_t lo = j > 0 ? j - 1 : 0, hi = last + 1 < n ? last + 1 : last;
    double t_v, t_v_se;
    if (!edge_zero(tr, lo, ip, b, H, EDGE_LOW, EDGE_HIGH_RISE, 1, sigma, &f->t0, &f->t0_se) ||
        !edge_zero(tr, ip, hi, b, H, EDGE_LOW_FALL, EDGE_HIGH, 0, sigma, &f->t_c, &f->t_c_se) ||
        !peak_fit(tr, lo, hi, ip, PEAK_HALF_WIDTH * (f->t_c - f->t0), b, sigma, &f->F_M,
                  &f->F_M_se, &t_v, &t_v_se)) {
        features_empty(f, f->impact, HF_MAXWELL_EXTRACT_NO_EDGE, b, sigma);
        return 1;
    }
    double t0_alt, t0_alt_se;
    if (edge_zero(tr, lo, ip, b, H, EDGE_LOW, EDGE_HIGH, 1, sigma, &t0_alt, &t0_alt_se))
        f->t0_se = hypot(f->t0_se, t0_alt - f->t0);
    double t1 = f->t_c, t1_se = f->t_c_se, t1_alt, t1_alt_se;
    if (edge_zero(tr, ip, hi, b, H, 2.0 * EDGE_LOW_FALL, EDGE_HIGH, 0, sigma, &t1_alt,
                  &t1_alt_se))
        t1_se = hypot(t1_se, t1_alt - t1);
    f->t_c = t1 - f->t0;
    f->t_c_se = hypot(t1_se, f->t0_se);
    f->t_M = t_v - f->t0;
    f->t_M_se = hypot(t_v_se, f->t0_se);
    f->F_M_se = hypot(f->F_M_se, b_se);
    f->impulse = contact_impulse(tr, b, f->t0, t1);
    f->status = equal >= 3 ? HF_MAXWELL_EXTRACT_CLIPPED
              : f->contact_samples < HF_MAXWELL_TRACE_MIN_CONTACT
                  ? HF_MAXWELL_EXTRACT_FEW_SAMPLES : HF_MAXWELL_EXTRACT_OK;
    return 1;
}

int hf_maxwell_impact_features_usable(const hf_maxwell_impact_features *f)
{
    return f != NULL && isfinite(f->F_M) && isfinite(f->t_M) && isfinite(f->t_c) &&
           isfinite(f->V0) && f->V0 > 0.0 && f->F_M > 0.0 && f->t_M > 0.0 && f->t_c > 0.0;
}

/* Approach speeds: momentum m(V_in + V_out) = impulse, impact by impact;
 * restitution e = V_out/V_in, its uncertainty carried with V_in's (all NaN
 * without an impactor). */
static void approach_speeds(const hf_maxwell_trace *tr, const hf_maxwell_impact *impact,
                            double sigma, double b_se, hf_maxwell_impact_features *out,
                            size_t nout)
{
    const double m = impact != NULL ? impact->m : NAN;
    double v_in = impact != NULL ? impact->V0 : NAN, v_in_se = 0.0;
    for (size_t k = 0; k < nout; ++k) {
        hf_maxwell_impact_features *f = &out[k];
        f->V0 = v_in;
        v_in = f->impulse / m - v_in;
        double i_se = contact_impulse_se(tr, sigma, b_se, f->t0, f->t0 + f->t_c);
        f->e = v_in / f->V0;
        f->e_se = hypot(i_se / (m * f->V0), (1.0 + f->e) * v_in_se / f->V0);
        v_in_se = hypot(i_se / m, v_in_se);
    }
}

hf_status hf_maxwell_trace_extract(const hf_maxwell_trace *tr, const hf_maxwell_impact *impact,
                                   size_t max_impacts, hf_maxwell_impact_features *out, size_t *nout,
                                   hf_diag *diag)
{
    if (tr == NULL || out == NULL || nout == NULL || max_impacts == 0 || tr->t == NULL ||
        tr->F == NULL)
        return hf_diag_set(diag, HF_EINVAL, "extraction: no trace or no room for an impact");
    if (tr->n < HF_MAXWELL_TRACE_MIN_SAMPLES)
        return hf_diag_set(diag, HF_EINVAL, "extraction: %zu samples; a trace needs at least %d",
                           tr->n, HF_MAXWELL_TRACE_MIN_SAMPLES);
    *nout = 0;
    double b = NAN, sigma = NAN;
    size_t nb = 0;
    if (!measure_baseline(tr, &b, &sigma, &nb)) {
        features_empty(&out[0], 1, HF_MAXWELL_EXTRACT_NO_BASELINE, NAN, NAN);
        *nout = 1;
        return HF_OK;
    }
    double largest = 0.0;
    for (size_t i = 0; i < tr->n; ++i)
        largest = fmax(largest, tr->F[i] - b);
    double threshold = fmax(THRESHOLD_SIGMAS * sigma, THRESHOLD_FLOOR * largest);
    /* a flat record: nothing to find */
    size_t from = threshold > 0.0 ? 0 : tr->n;
    while (*nout < max_impacts && from < tr->n) {
        hf_maxwell_impact_features *f = &out[*nout];
        features_empty(f, *nout + 1, HF_MAXWELL_EXTRACT_OK, b, sigma);
        if (!extract_one(tr, from, b, sigma / sqrt((double)nb), sigma, threshold, f, &from))
            break;
        ++*nout;
    }
    if (*nout == 0) {
        features_empty(&out[0], 1, HF_MAXWELL_EXTRACT_NO_IMPACT, b, sigma);
        *nout = 1;
    }
    approach_speeds(tr, impact, sigma, sigma / sqrt((double)nb), out, *nout);
    return HF_OK;
}
