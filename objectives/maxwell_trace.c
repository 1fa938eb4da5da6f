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

#include <gsl/gsl_blas.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "core/brent.h"
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

static const char *const extract_status_names[] = {"ok",          "few-samples", "clipped",
                                                   "no-impact",   "no-baseline", "no-edge",
                                                   "unit-slip",   "pulse-misfit"};

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
 * fitted, with an s^6 term; over the wider window the vertex time
 * scatters 2.7 times less than a parabola's over ±8 % (0.14 % against
 * 0.37 % of t_M at 120 samples and 0.5 % noise). */
#define PEAK_HALF_WIDTH 0.25
#define PEAK_TERMS 6
/* The powers of s fitted.  The quartic alone reads the height of Hertz's
 * pulse 1.46e-4 low over this window (noise-free traces at ε 0.001 and
 * 0.078: its next even term), which shows once the height's scatter
 * falls to ~1e-4 (10 MHz at 0.5 % noise); with s^6 the bias is 3e-6 at
 * ε 0.001 and 1.3e-5 at 0.078, for a scatter 1.12 times larger, so the
 * s^6 term is fitted only where the noise is that low (peak_fit).  No s^5
 * term: the window is centred on the vertex, so the even terms fix the
 * height and the odd ones the vertex time, whose scatter an s^5 term
 * would raise 1.75 times. */
static const int peak_powers[PEAK_TERMS] = {0, 1, 2, 3, 4, 6};
#define PEAK_DEGREE 7 /* dense coefficients 0 .. 6 */
#define THRESHOLD_SIGMAS 5.0
#define THRESHOLD_FLOOR 1e-3
#define QUIET_SAMPLES 3
#define IMPACT_LEVEL 4.0
/* A peak below this many noise σ is read by the fit of the whole pulse:
 * the edges' windows, chosen by the samples' values, lie in the noise
 * there (at 20 σ the edges' t_M and t_c were 6–8 % short, covered in 18 of
 * 28 traces). */
#define PULSE_BELOW_SNR 40.0
/* The pulse fit's χ² probability below which the pulse is not of Hunter's
 * shapes (one in a thousand clean traces is so flagged by chance). */
#define PULSE_MISFIT_P 1e-3

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

/* cov = (RᵀR)⁻¹ = R⁻¹R⁻ᵀ from the upper triangle R of a QR factorisation
 * (R inverted in place).  0 when R is singular. */
static int covariance_from_r(gsl_matrix *QR, gsl_matrix *cov)
{
    const size_t np = cov->size1;
    gsl_matrix_view R = gsl_matrix_submatrix(QR, 0, 0, np, np);
    for (size_t k = 0; k < np; ++k)
        if (!(fabs(gsl_matrix_get(&R.matrix, k, k)) > 0.0))
            return 0;
    if (gsl_linalg_tri_invert(CblasUpper, CblasNonUnit, &R.matrix) != 0)
        return 0;
    for (size_t i = 0; i < np; ++i)
        for (size_t j = i; j < np; ++j) {
            double c = 0.0;
            for (size_t k = j; k < np; ++k)
                c += gsl_matrix_get(&R.matrix, i, k) * gsl_matrix_get(&R.matrix, j, k);
            gsl_matrix_set(cov, i, j, c);
            gsl_matrix_set(cov, j, i, c);
        }
    return 1;
}

/* Weighted least squares of y on the columns of X (m × p) into the
 * coefficients p and their covariance, with the known σ when sigma > 0
 * (weights w already 1/σ_i²), else scaled by the residual scatter.  By
 * Householder QR of the rows scaled by √w_i (GSL): the fits here are small
 * (at most six columns of powers of a time scaled to about [−1, 1]),
 * where an SVD costs several times the QR for no gain; cov = (RᵀR)⁻¹.
 * X is overwritten.  0 when GSL fails or R is singular. */
static int linear_fit(gsl_matrix *X, const gsl_vector *w, const gsl_vector *y, gsl_vector *p,
                      gsl_matrix *cov, double sigma)
{
    const size_t m = X->size1, np = X->size2;
    if (m < np)
        return 0;
    gsl_vector *b = gsl_vector_alloc(m), *res = gsl_vector_alloc(m), *tau = gsl_vector_alloc(np);
    int ok = b && res && tau;
    for (size_t i = 0; ok && i < m; ++i) {
        double root = sqrt(gsl_vector_get(w, i));
        gsl_vector_set(b, i, root * gsl_vector_get(y, i));
        gsl_vector_view row = gsl_matrix_row(X, i);
        gsl_vector_scale(&row.vector, root);
    }
    ok = ok && gsl_linalg_QR_decomp(X, tau) == 0 &&
         gsl_linalg_QR_lssolve(X, tau, b, p, res) == 0 && covariance_from_r(X, cov);
    if (ok && !(sigma > 0.0)) {
        double chisq = 0.0;
        gsl_blas_ddot(res, res, &chisq);
        gsl_matrix_scale(cov, chisq / (double)(m > np ? m - np : 1));
    }
    gsl_vector_free(tau);
    gsl_vector_free(res);
    gsl_vector_free(b);
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

/* The zero of u = a + c s + d s² (the coefficients p, covariance cov)
 * nearest the straight line's crossing −a/c, by Newton from there, and its
 * standard uncertainty.  Where the quadratic has no real zero (the edge's
 * curve turns before reaching u = 0: Hunter's force ends in a step at
 * large ε, ~0.5), its vertex, the closest approach: Newton would wander
 * there, and where it stopped after its iterations would depend on the
 * coefficients' last bits.  The contact end's own model (end_fit) then
 * locates the end from this start.  0 when neither is finite. */
static int quadratic_crossing(const gsl_vector *p, const gsl_matrix *cov, double *root,
                              double *se)
{
    const double a = gsl_vector_get(p, 0), c = gsl_vector_get(p, 1), d = gsl_vector_get(p, 2);
    if (c * c - 4.0 * a * d < 0.0) {
        /* s = −c/(2d): ∂s/∂c = −1/(2d), ∂s/∂d = c/(2d²) */
        const double g[3] = {0.0, -0.5 / d, 0.5 * c / (d * d)};
        *root = -0.5 * c / d;
        *se = sqrt(propagate(g, cov));
        return isfinite(*root) && isfinite(*se);
    }
    double s = -a / c;
    for (int it = 0; it < 50; ++it) {
        double step = (a + s * (c + d * s)) / (c + 2.0 * d * s);
        s -= step;
        if (fabs(step) < 1e-15)
            break;
    }
    double slope = c + 2.0 * d * s;
    const double g[3] = {-1.0 / slope, -s / slope, -s * s / slope};
    *root = s;
    *se = sqrt(propagate(g, cov));
    return isfinite(s) && slope != 0.0;
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
    double s = 0.0, s_se = 0.0;
    ok = ok && quadratic_crossing(p, cov, &s, &s_se);
    if (ok) {
        *t_zero = t_ref + s * scale;
        *se = s_se * scale;
    }
    gsl_vector_free(p);
    gsl_vector_free(w);
    gsl_vector_free(u);
    gsl_matrix_free(cov);
    gsl_matrix_free(X);
    return ok;
}

/* ---- the contact end: a local model with Hunter's step ----------------- */

/* Near the contact end Hunter's force (hertzfit/maxwell.h) is, in
 * s = t1 − t before the end t1 (scaled by the edge's length),
 *   y = S + A s^{3/2} + C s^{5/2} + D s^{7/2}   (0 after t1):
 * the elastic (5/4)ω^{3/2} with ω ≈ |v_c| s − ε s² and Hertz's own
 * correction gives the powers s^{3/2}, s^{5/2}, s^{7/2} (the edge is
 * fitted up to END_TOP of the peak, where the third term matters), and
 * the viscous −ε(ω' + 1)·exp(−2ε(τ − τ_m)) the step S = O(ε²) at t1 (its
 * linear term is O(ε²) too, and freeing it doubled the scatter of t1).
 * S is held >= 0 (a force does not step up to 0); an end without a step
 * (a Hertzian contact, ε → 0) is the model with S = 0.  t1 enters
 * non-linearly; for a given t1 the model is linear in S, A, C, D, so t1
 * minimises the residual sum of squares profiled over them (QR least
 * squares, GSL).  Extrapolating the edge's curve down to y = 0 instead
 * (the preliminary t_zero below) lands after the step: t_c too long by
 * ~1.6 % at ε = 0.16 and ~4.6 % at ε = 0.25 with 120 samples per contact,
 * against 0.3 % and 0.1 % here. */
#define END_TERMS 4
/* Most points of the profile's grid over the candidate range of t1. */
#define END_GRID 48

typedef struct end_window {
    const hf_maxwell_trace *tr;
    size_t a, z;        /* the samples fitted: a .. z */
    double b;           /* baseline */
    double t_ref, scale; /* s = (t1 − t)/scale */
    size_t terms;       /* of the model, from the first: END_TERMS or fewer */
    double yy;          /* Σ (F − b)² over a .. z: the model's residual sum of
                         * squares is yy − 2cᵀr + cᵀGc whatever t1 */
} end_window;

/* The normal equations of the end model at t1: the Gram matrix G of its
 * END_TERMS terms over the samples before t1, r = Xᵀy, and how many
 * samples lie before t1 (after it the model is 0). */
typedef struct end_normal {
    double G[END_TERMS][END_TERMS], r[END_TERMS];
    size_t inside;
} end_normal;

static void end_accumulate(const end_window *w, double t1, end_normal *q)
{
    const size_t m = w->z - w->a + 1;
    const double *t = w->tr->t + w->a, *F = w->tr->F + w->a;
    /* sums in locals, not through q: the compiler keeps them in registers
     * (this loop is the extraction's hottest) */
    double g11 = 0.0, g21 = 0.0, g22 = 0.0, g31 = 0.0, g32 = 0.0, g33 = 0.0;
    double g10 = 0.0, g20 = 0.0, g30 = 0.0, r0 = 0.0, r1 = 0.0, r2 = 0.0, r3 = 0.0;
    size_t inside = 0;
    /* the samples are in time order: those before t1 come first */
    for (; inside < m; ++inside) {
        double s = (t1 - t[inside]) / w->scale, y = F[inside] - w->b;
        if (!(s > 0.0))
            break;
        double root = sqrt(s);
        double x1 = s * root, x2 = s * s * root, x3 = s * s * s * root;
        r0 += y;
        r1 += x1 * y;
        r2 += x2 * y;
        r3 += x3 * y;
        g10 += x1;
        g20 += x2;
        g30 += x3;
        g11 += x1 * x1;
        g21 += x2 * x1;
        g22 += x2 * x2;
        g31 += x3 * x1;
        g32 += x3 * x2;
        g33 += x3 * x3;
    }
    memset(q, 0, sizeof *q);
    q->G[0][0] = (double)inside;
    q->G[1][0] = g10;
    q->G[2][0] = g20;
    q->G[3][0] = g30;
    q->G[1][1] = g11;
    q->G[2][1] = g21;
    q->G[2][2] = g22;
    q->G[3][1] = g31;
    q->G[3][2] = g32;
    q->G[3][3] = g33;
    q->r[0] = r0;
    q->r[1] = r1;
    q->r[2] = r2;
    q->r[3] = r3;
    q->inside = inside;
}

/* The least squares of the terms first .. last−1 from the normal
 * equations (Cholesky, GSL): the residual sum of squares into *value (the
 * form yᵀy − 2cᵀr + cᵀGc, stationary in c, so the conditioning of G does
 * not reach it) and the first coefficient into *c0.  HUGE_VAL when G is
 * not positive definite. */
static void end_solve(const end_normal *q, double yy, size_t first, size_t last, double *value,
                      double *c0)
{
    const size_t p = last - first;
    double G[END_TERMS * END_TERMS], r[END_TERMS], c[END_TERMS];
    for (size_t k = 0; k < p; ++k) {
        r[k] = q->r[first + k];
        for (size_t l = 0; l < p; ++l)
            G[k * p + l] = k >= l ? q->G[first + k][first + l] : q->G[first + l][first + k];
    }
    gsl_matrix_view Gv = gsl_matrix_view_array(G, p, p);
    gsl_vector_view rv = gsl_vector_view_array(r, p), cv = gsl_vector_view_array(c, p);
    *value = HUGE_VAL;
    *c0 = 0.0;
    if (gsl_linalg_cholesky_decomp1(&Gv.matrix) != 0 ||
        gsl_linalg_cholesky_solve(&Gv.matrix, &rv.vector, &cv.vector) != 0)
        return;
    double rss = yy;
    for (size_t k = 0; k < p; ++k) {
        double Gc = 0.0;
        for (size_t l = 0; l < p; ++l)
            Gc += (k >= l ? q->G[first + k][first + l] : q->G[first + l][first + k]) * c[l];
        rss += c[k] * (Gc - 2.0 * q->r[first + k]);
    }
    *value = isfinite(rss) ? fmax(rss, 0.0) : HUGE_VAL;
    *c0 = c[0];
}

/* The residual sum of squares of the end model at t1 (the profile), the
 * step S (the first term) held >= 0: a force does not step up to 0.
 * HUGE_VAL when too few samples lie before t1. */
static hf_status end_rss(double t1, void *ctx, double *value)
{
    end_window *w = ctx;
    end_normal q;
    double S;
    end_accumulate(w, t1, &q);
    *value = HUGE_VAL;
    if (q.inside < END_TERMS + 2)
        return HF_OK;
    end_solve(&q, w->yy, 0, w->terms, value, &S);
    if (*value < HUGE_VAL && S < 0.0)
        end_solve(&q, w->yy, 1, w->terms, value, &S);
    return HF_OK;
}

/* The grid point of the smallest profile in g[0 .. ng-1] (values into v). */
static size_t end_grid(end_window *w, const double *g, size_t ng, double *v)
{
    size_t best = 0;
    for (size_t k = 0; k < ng; ++k) {
        end_rss(g[k], w, &v[k]);
        if (v[k] < v[best])
            best = k;
    }
    return best;
}

/* The outermost point on the side dir (+1: later, −1: earlier) of the
 * grid's best point from where the profile stays above LEVEL to the
 * grid's end: between the last grid point at or below it and the next
 * (Brent's root finder; the profile jumps at the samples, where the root
 * finder settles on the jump), or the grid's end. */
typedef struct level_ctx {
    end_window *w;
    double level;
} level_ctx;

static hf_status end_over_level(double t1, void *ctx, double *value)
{
    const level_ctx *c = ctx;
    double rss;
    end_rss(t1, c->w, &rss);
    *value = fmin(rss, 1e300) - c->level;
    return HF_OK;
}

static double end_crossing(end_window *w, const double *g, const double *v, size_t ng,
                           size_t best, int dir, double level, double tol)
{
    size_t k = dir < 0 ? 0 : ng - 1;
    while (k != best && v[k] > level)
        k = dir < 0 ? k + 1 : k - 1;
    /* the profile at the grid's end still below the level, or the best
     * grid point above it (the minimiser went lower between points) */
    if (k == (dir < 0 ? 0 : ng - 1) || v[k] > level)
        return g[k];
    size_t out = dir < 0 ? k - 1 : k + 1;
    level_ctx c = {w, level};
    const hf_brent_tolerance t = {tol, 0.0, 60};
    hf_brent_result r;
    double lo = fmin(g[k], g[out]), hi = fmax(g[k], g[out]);
    return hf_brent_root(end_over_level, &c, lo, hi, &t, "end level", &r, NULL) == HF_OK ? r.x
                                                                                       : g[out];
}

/* t1 minimising the profile over [lo, hi] (a grid a sample apart
 * where the samples are few, then Brent's minimiser between the
 * best point's neighbours), and its standard uncertainty from where the
 * profile rises by the noise variance var (Δχ² = 1, known σ; the model's
 * step makes the profile jump at the samples, so a curvature would not
 * do).  0 when no grid point has a fit. */
static int end_locate(end_window *w, double lo, double hi, double dt, double var,
                      double *t1, double *se)
{
    double g[END_GRID] = {0}, v[END_GRID] = {0};
    double want = ceil((hi - lo) / dt) + 1.0;
    size_t ng = want > END_GRID ? END_GRID : want < 8.0 ? 8 : (size_t)want;
    for (size_t k = 0; k < ng; ++k)
        g[k] = lo + (hi - lo) * (double)k / (double)(ng - 1);
    size_t j = end_grid(w, g, ng, v);
    if (!(v[j] < HUGE_VAL))
        return 0;
    double best = g[j], best_v = v[j];
    if (j > 0 && j + 1 < ng && v[j] < v[j - 1] && v[j] < v[j + 1]) {
        const double x[3] = {g[j - 1], g[j], g[j + 1]}, fx[3] = {v[j - 1], v[j], v[j + 1]};
        const hf_brent_tolerance tol = {2e-2 * dt, 0.0, 30};
        hf_brent_result r;
        double rv;
        if (hf_brent_minimum(end_rss, w, x, fx, &tol, "contact end", &r, NULL) == HF_OK &&
            end_rss(r.x, w, &rv) == HF_OK && rv < best_v) {
            best = r.x;
            best_v = rv;
        }
    }
    *t1 = best;
    if (se == NULL)
        return 1;
    double level = best_v + var, tol = 5e-2 * dt;
    double left = end_crossing(w, g, v, ng, j, -1, level, tol);
    double right = end_crossing(w, g, v, ng, j, +1, level, tol);
    *se = 0.5 * (right - left);
    return 1;
}

/* t1 of the model in w near MID: Brent's minimiser when (lo, mid, hi)
 * brackets its minimum, else the grid of end_locate over [lo, hi]. */
static int end_shorter(end_window *w, double lo, double mid, double hi, double dt, double var,
                       double *t1)
{
    const double x[3] = {lo, mid, hi};
    double fx[3];
    for (int k = 0; k < 3; ++k)
        end_rss(x[k], w, &fx[k]);
    if (!(lo < mid && mid < hi && fx[1] < fx[0] && fx[1] < fx[2]))
        return end_locate(w, lo, hi, dt, var, t1, NULL);
    const hf_brent_tolerance tol = {2e-2 * dt, 0.0, 30};
    hf_brent_result r;
    if (hf_brent_minimum(end_rss, w, x, fx, &tol, "contact end", &r, NULL) != HF_OK)
        return 0;
    *t1 = r.x;
    return 1;
}

/* The standard uncertainty of t1 from the end model's smooth part: the
 * linearised covariance of (S, A, C, D, t1) at t1, σ²(JᵀJ)⁻¹ over the
 * samples before t1 (their set held, as a derivative sees it).  The
 * profile's Δχ² = 1 width alone is narrow where the least lies just
 * short of a jump (the profile jumps where the end passes a sample): over
 * 200 traces at 40 kHz (87 samples a contact) t1 held the truth within
 * 2u in 149, t_c in 178; with the larger of the two, 189 and 190.  0 when
 * the fit fails. */
/* end_linear_se's fits on the INSIDE samples before t1, in the matrices
 * and vectors given (X: inside × END_TERMS, J: inside × END_TERMS + 1). */
static double end_linear_fits(const end_window *w, double t1, double var, size_t inside,
                              gsl_matrix *X, gsl_matrix *J, gsl_vector *y, gsl_vector *wt)
{
    const double *t = w->tr->t + w->a, *F = w->tr->F + w->a;
    double c[END_TERMS], c5[END_TERMS + 1], cov4[END_TERMS * END_TERMS],
        cov5[(END_TERMS + 1) * (END_TERMS + 1)];
    gsl_vector_view cv = gsl_vector_view_array(c, END_TERMS);
    gsl_vector_view c5v = gsl_vector_view_array(c5, END_TERMS + 1);
    gsl_matrix_view cov4v = gsl_matrix_view_array(cov4, END_TERMS, END_TERMS);
    gsl_matrix_view cov5v = gsl_matrix_view_array(cov5, END_TERMS + 1, END_TERMS + 1);
    for (size_t i = 0; i < inside; ++i) {
        double s = (t1 - t[i]) / w->scale, root = sqrt(s);
        const double x[END_TERMS] = {1.0, s * root, s * s * root, s * s * s * root};
        for (size_t k = 0; k < END_TERMS; ++k) {
            gsl_matrix_set(X, i, k, x[k]);
            gsl_matrix_set(J, i, k, x[k]);
        }
        gsl_vector_set(y, i, F[i] - w->b);
        gsl_vector_set(wt, i, 1.0 / var);
    }
    if (!linear_fit(X, wt, y, &cv.vector, &cov4v.matrix, sqrt(var)))
        return 0.0;
    for (size_t i = 0; i < inside; ++i) {
        double s = (t1 - t[i]) / w->scale, root = sqrt(s);
        /* dy/dt1 of A s^{3/2} + C s^{5/2} + D s^{7/2}, s = (t1 − t)/scale */
        gsl_matrix_set(J, i, END_TERMS,
                       (1.5 * c[1] * root + 2.5 * c[2] * s * root + 3.5 * c[3] * s * s * root) /
                           w->scale);
    }
    if (!linear_fit(J, wt, y, &c5v.vector, &cov5v.matrix, sqrt(var)))
        return 0.0;
    double se = sqrt(fmax(cov5[END_TERMS * (END_TERMS + 1) + END_TERMS], 0.0));
    return isfinite(se) ? se : 0.0;
}

static double end_linear_se(const end_window *w, double t1, double var)
{
    const size_t m = w->z - w->a + 1;
    const double *t = w->tr->t + w->a;
    size_t inside = 0;
    while (inside < m && (t1 - t[inside]) / w->scale > 0.0)
        ++inside;
    if (inside < END_TERMS + 3 || !(var > 0.0))
        return 0.0;
    gsl_matrix *X = gsl_matrix_alloc(inside, END_TERMS);
    gsl_matrix *J = gsl_matrix_alloc(inside, END_TERMS + 1);
    gsl_vector *y = gsl_vector_alloc(inside), *wt = gsl_vector_alloc(inside);
    double se = X && J && y && wt ? end_linear_fits(w, t1, var, inside, X, J, y, wt) : 0.0;
    gsl_vector_free(wt);
    gsl_vector_free(y);
    gsl_matrix_free(J);
    gsl_matrix_free(X);
    return se;
}

/* The contact end t1 and its standard uncertainty from the falling edge
 * after the peak ip: the end model over the samples from where the force
 * falls below END_TOP of the peak excursion H to past the end, t1
 * searched from END_BACK of that edge's length before the edge's
 * extrapolated zero t_zero (which the step puts late) to END_AHEAD after
 * it.  0 when the edge has too few samples. */
#define END_BACK 0.25
#define END_AHEAD 0.05
#define END_AFTER 0.1
#define END_TOP 0.65
/* How many times the end is looked for before the search's range. */
#define END_WIDEN 3
/* The uncertainty adds the change of t1 when the model loses its last
 * term (the model's own error; without it t1 covers the truth in 33 of 50
 * noisy Hertzian traces, with it in 43). */
/* The end t1 (standard uncertainty *se) found in [lo, hi], looked for
 * earlier too while it lies in the range's first half: Hunter's step at
 * eps above ~0.3 puts the edge's extrapolated zero more than END_BACK of
 * its length after the end, and the profile's least in [lo, hi] was then
 * at the bound or in a shallow dip beside it (t_c 5 % long, 5 standard
 * uncertainties).  Each look covers the range's length again before lo
 * (not before START, the fitted window's first sample) and moves t1 there
 * when the profile is lower.  0 when the profile fails. */
static int end_look_earlier(end_window *w, double start, double lo, double hi, double dt,
                            double var, double *t1, double *se)
{
    double best;
    end_rss(*t1, w, &best);
    for (int look = 0; look < END_WIDEN && lo > start && *t1 < 0.5 * (lo + hi); ++look) {
        double before = fmax(lo - (hi - lo), start), t_early, se_early, v;
        if (!end_locate(w, before, lo + dt, dt, var, &t_early, &se_early))
            return 1;
        end_rss(t_early, w, &v);
        if (!(v < best))
            return 1;
        hi = lo + dt;
        lo = before;
        best = v;
        *t1 = t_early;
        *se = se_early;
    }
    return 1;
}

static int end_fit(const hf_maxwell_trace *tr, size_t ip, double b, double H, double sigma,
                   double t_zero, double *t1, double *se)
{
    size_t a = ip;
    while (a + 1 < tr->n && !(tr->F[a] - b < END_TOP * H))
        ++a;
    double length = t_zero - tr->t[a];
    if (!(length > 0.0) || a + 1 >= tr->n)
        return 0;
    double dt = (tr->t[tr->n - 1] - tr->t[0]) / (double)(tr->n - 1);
    double lo = fmax(t_zero - END_BACK * length, tr->t[a]);
    double hi = t_zero + END_AHEAD * length + 2.0 * dt, last = hi + END_AFTER * length + 3.0 * dt;
    size_t z = a;
    while (z + 1 < tr->n && tr->t[z + 1] <= last)
        ++z;
    size_t m = z - a + 1;
    if (m < END_TERMS + 3)
        return 0;
    end_window w = {tr, a, z, b, t_zero, length, END_TERMS, 0.0};
    for (size_t i = a; i <= z; ++i)
        w.yy += (tr->F[i] - b) * (tr->F[i] - b);
    int ok = 1;
    double var = sigma * sigma;
    if (ok && !(var > 0.0)) {
        /* no noise measured (a clean trace): the fit's own scatter */
        double rss;
        end_rss(t_zero, &w, &rss);
        var = rss < HUGE_VAL ? rss / (double)(m - END_TERMS - 1) : 0.0;
    }
    ok = ok && end_locate(&w, lo, hi, dt, var, t1, se);
    ok = ok && end_look_earlier(&w, tr->t[a], lo, hi, dt, var, t1, se);
    if (ok)
        *se = fmax(*se, end_linear_se(&w, *t1, var));
    /* the model's own error: the change of t1 without its last term,
     * searched near t1 */
    double t1_short, near = 3.0 * dt + 2.0 * *se;
    w.terms = END_TERMS - 1;
    if (ok && end_shorter(&w, fmax(lo, *t1 - near), *t1, fmin(hi, *t1 + near), dt, var,
                          &t1_short))
        *se = hypot(*se, t1_short - *t1);
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

/* The samples a .. z of [lo, hi] within HALF seconds of ip, widened
 * to at least FEWEST where the trace allows. */
static void peak_window(const hf_maxwell_trace *tr, size_t lo, size_t hi, size_t ip,
                        double half, size_t fewest, size_t *first, size_t *last)
{
    size_t a = ip, z = ip;
    while (a > lo && tr->t[ip] - tr->t[a - 1] <= half)
        --a;
    while (z < hi && tr->t[z + 1] - tr->t[ip] <= half)
        ++z;
    while (z - a + 1 < fewest && (a > lo || z < hi)) {
        if (a > lo) --a;
        if (z < hi && z - a + 1 < fewest) ++z;
    }
    *first = a;
    *last = z;
}

/* The vertex of y = Σ_{k<n} c_k s^k, where dy/ds = 0, by Newton from the
 * parabola's: s and y''(s) into *d2; 0 unless it is a maximum inside the
 * window (|s| < 1). */
static int poly_vertex(const double *c, size_t np, double *vertex, double *d2)
{
    double s = -c[1] / (2.0 * c[2]);
    for (int it = 0; it < 50 && isfinite(s); ++it) {
        double d1, step;
        poly_slopes(c, np, s, &d1, d2);
        step = d1 / *d2;
        s -= step;
        if (fabs(step) < 1e-15)
            break;
    }
    double d1;
    poly_slopes(c, np, s, &d1, d2);
    *vertex = s;
    return isfinite(s) && fabs(s) < 1.0 && *d2 < 0.0;
}

/* Polynomial y = Σ_{j<np} p_j s^{peak_powers[j]} (s = (t − t[ip])/half), over
 * the samples of [lo, hi] within HALF seconds of the largest one, ip (at
 * least np + 2); the vertex, where dy/ds = 0, by Newton from the
 * parabola's, must be a maximum inside the window: its height and time
 * with their uncertainties.  The window is chosen by time, not by value:
 * samples picked for lying above a level would carry their noise's upward
 * half into the peak. */
static int peak_fit_around(const hf_maxwell_trace *tr, size_t lo, size_t hi, size_t ip,
                           double half, size_t np, double b, double sigma, double *F_M,
                           double *F_se, double *t_v, double *t_se)
{
    const size_t fewest = np + 2;
    size_t a, z;
    peak_window(tr, lo, hi, ip, half, fewest, &a, &z);
    size_t m = z - a + 1;
    if (m < fewest)
        return 0;
    gsl_matrix *X = gsl_matrix_alloc(m, np), *cov = gsl_matrix_alloc(np, np);
    gsl_vector *y = gsl_vector_alloc(m), *w = gsl_vector_alloc(m), *p = gsl_vector_alloc(np);
    int ok = X && y && w && p && cov;
    /* s in units of the window's half-width: a well-conditioned fit */
    double scale = fmax(tr->t[ip] - tr->t[a], tr->t[z] - tr->t[ip]);
    for (size_t i = 0; ok && i < m; ++i) {
        double s = (tr->t[a + i] - tr->t[ip]) / scale, power[PEAK_DEGREE] = {1.0};
        for (size_t k = 1; k < PEAK_DEGREE; ++k)
            power[k] = power[k - 1] * s;
        for (size_t k = 0; k < np; ++k)
            gsl_matrix_set(X, i, k, power[peak_powers[k]]);
        gsl_vector_set(y, i, tr->F[a + i] - b);
        gsl_vector_set(w, i, sigma > 0.0 ? 1.0 / (sigma * sigma) : 1.0);
    }
    ok = ok && linear_fit(X, w, y, p, cov, sigma) && gsl_vector_get(p, 2) < 0.0;
    double c[PEAK_DEGREE] = {0}, s = 0.0, d2 = 0.0;
    for (size_t k = 0; ok && k < np; ++k)
        c[peak_powers[k]] = gsl_vector_get(p, k);
    ok = ok && poly_vertex(c, PEAK_DEGREE, &s, &d2);
    if (ok) {
        /* the vertex s(p) solves Σ_j e_j p_j s^{e_j−1} = 0 (e_j =
         * peak_powers[j]): ∂s/∂p_j = −e_j s^{e_j−1}/y''(s); the height
         * y(s(p)): ∂y/∂p_j = s^{e_j} (dy/ds = 0 there) */
        double gs[PEAK_TERMS], gF[PEAK_TERMS], height = 0.0;
        for (size_t k = 0; k < np; ++k) {
            const int e = peak_powers[k];
            gF[k] = pow(s, e);
            gs[k] = e > 0 ? -(double)e * pow(s, e - 1) / d2 : 0.0;
            height += gsl_vector_get(p, k) * gF[k];
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

/* peak_fit_around the largest sample ip, then again around the sample
 * nearest the vertex found: noise moves the largest sample along the
 * flat top (by ~5 % of t_c at 0.5 % noise), and a window off-centre
 * reads the height low, as the truncated series is worst near the
 * window's edge. */
static int peak_fit_centred(const hf_maxwell_trace *tr, size_t lo, size_t hi, size_t ip,
                            double half, size_t np, double b, double sigma, double *F_M,
                            double *F_se, double *t_v, double *t_se)
{
    if (!peak_fit_around(tr, lo, hi, ip, half, np, b, sigma, F_M, F_se, t_v, t_se))
        return 0;
    size_t ic = ip;
    while (ic < hi && tr->t[ic + 1] - *t_v < *t_v - tr->t[ic])
        ++ic;
    while (ic > lo && *t_v - tr->t[ic - 1] < tr->t[ic] - *t_v)
        --ic;
    return ic == ip ||
           peak_fit_around(tr, lo, hi, ic, half, np, b, sigma, F_M, F_se, t_v, t_se);
}

/* The peak models' own errors, relative to the height, at the largest ε
 * the extraction is meant for (0.25), from noise-free Hunter traces: the
 * quartic over h = 0.25 of t_c reads the height 1.46e-4 low at ε 0.078
 * and 3.8e-4 at 0.235 (PEAK_QUARTIC_ERROR, that scaled as ε² to 0.25);
 * with the s^6 term 1.3e-5 and 1.25e-4 over h = 0.25, 5e-6 and 1.4e-5
 * over h = 0.15, 2.3e-6 and 7.4e-6 over h = 0.10, |6e-7| at ε 0.16 and
 * 0.235 over h = 0.05, so the bound PEAK_SEXTIC_ERROR
 * (h/0.25)^PEAK_SEXTIC_POWER, a cube, above every one of them. */
#define PEAK_QUARTIC_ERROR 4.3e-4
#define PEAK_SEXTIC_ERROR 1.3e-4
#define PEAK_SEXTIC_POWER 3.0

/* The peak over PEAK_HALF_WIDTH of the contact duration T by the quartic
 * when its model error is at most half its statistical error u (relative;
 * the shipped traces' 1e-3); else with the s^6 term, over a window
 * narrowed when u is so small that that model's error would show: the
 * height's scatter grows as h^{-1/2}, so h keeps the model error at a
 * quarter of it, (h/0.25)^{3.5} = u/(4 PEAK_SEXTIC_ERROR) (h ~0.16 at
 * 10 MHz, 0.5 % noise, 22,833 samples per contact; 0.23 at 1 MHz), not
 * under 0.05, which keeps ~10 % of the contact's samples however small
 * the noise.  The model's error bound is added to F_M's uncertainty. */
static int peak_fit(const hf_maxwell_trace *tr, size_t lo, size_t hi, size_t ip, double T,
                    double b, double sigma, double *F_M, double *F_se, double *t_v,
                    double *t_se)
{
    double h = PEAK_HALF_WIDTH, model = PEAK_QUARTIC_ERROR;
    /* the quartic around the largest sample; recentred (a second fit,
     * a quarter of the extraction's time) only where its statistical
     * error is small enough for the off-centre bias (~5e-5) to matter */
    if (!peak_fit_around(tr, lo, hi, ip, h * T, PEAK_TERMS - 1, b, sigma, F_M, F_se, t_v,
                         t_se))
        return 0;
    if (*F_se / *F_M < 2.0 * PEAK_QUARTIC_ERROR) {
        if (!peak_fit_centred(tr, lo, hi, ip, h * T, PEAK_TERMS, b, sigma, F_M, F_se, t_v,
                              t_se))
            return 0;
        double u = *F_se / *F_M;
        if (u < 4.0 * PEAK_SEXTIC_ERROR) {
            h = fmax(0.05, h * pow(u / (4.0 * PEAK_SEXTIC_ERROR),
                                   1.0 / (PEAK_SEXTIC_POWER + 0.5)));
            if (!peak_fit_centred(tr, lo, hi, ip, h * T, PEAK_TERMS, b, sigma, F_M, F_se, t_v,
                                  t_se))
                return 0;
        }
        model = PEAK_SEXTIC_ERROR * pow(h / PEAK_HALF_WIDTH, PEAK_SEXTIC_POWER);
    }
    *F_se = hypot(*F_se, model * *F_M);
    return 1;
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
    f->e_flight = f->e_flight_se = NAN;
}

/* Mean and standard deviation of the samples [0, pre) and [from, to)
 * together (GSL's statistics on a copy); 0 when out of memory. */
static int baseline_of_parts(const hf_maxwell_trace *tr, size_t pre, size_t from, size_t to,
                             double *b, double *sigma)
{
    size_t m = pre + (to - from);
    double *v = malloc(m * sizeof *v); /* freed below */
    if (v == NULL)
        return 0;
    memcpy(v, tr->F, pre * sizeof *v);
    memcpy(v + pre, tr->F + from, (to - from) * sizeof *v);
    *b = gsl_stats_mean(v, 1, m);
    *sigma = gsl_stats_sd_m(v, 1, m, *b);
    free(v);
    return 1;
}

/* The samples after the first impact that see the baseline: from a guard
 * after the fall through RISE_FRACTION of the peak excursion P (above
 * F[0]) to where a later impact rises through a quarter of it. */
static void post_contact(const hf_maxwell_trace *tr, size_t ip, double P, size_t guard,
                         size_t *from, size_t *to)
{
    size_t n = tr->n, fall = ip;
    while (fall < n && tr->F[fall] - tr->F[0] > RISE_FRACTION * P)
        ++fall;
    *from = fall + guard < n ? fall + guard : n;
    *to = *from;
    while (*to < n && !(tr->F[*to] - tr->F[0] > 0.25 * P))
        ++*to;
}

/* Baseline and noise from the pre-contact part (step 1), and the
 * post-contact part too when the record starts too close to the contact
 * (a short pre-trigger). */
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
    /* the rise to RISE_FRACTION of P that leads to the first crossing of
     * half of it: noise crossing the level earlier (at 2 % noise, 5 % of
     * the peak is 2.5 sigma) does not end the baseline, and a later, higher
     * impact of a bouncing ball does not move it */
    size_t half = 0;
    while (half < ip && !(tr->F[half] - tr->F[0] > 0.5 * P))
        ++half;
    size_t rise = half;
    while (rise > 0 && tr->F[rise - 1] - tr->F[0] > RISE_FRACTION * P)
        --rise;
    size_t guard = half - rise + 2;
    size_t m = rise > guard ? rise - guard : 0;
    if (m >= HF_MAXWELL_TRACE_MIN_BASELINE) {
        *count = m;
        *b = gsl_stats_mean(tr->F, 1, m);
        *sigma = gsl_stats_sd_m(tr->F, 1, m, *b);
        return 1;
    }
    size_t from, to;
    post_contact(tr, ip, P, guard, &from, &to);
    if (m + (to - from) < HF_MAXWELL_TRACE_MIN_BASELINE)
        return 0;
    *count = m + (to - from);
    return baseline_of_parts(tr, m, from, to, b, sigma);
}

/* Steps 3–5 by the edges and the peak window (impact samples j .. last,
 * the largest ip, height H above b): 0 when an edge or the peak has too
 * few samples to fit. */
static int edges_and_peak(const hf_maxwell_trace *tr, size_t j, size_t last, size_t ip,
                          double b, double b_se, double sigma, hf_maxwell_impact_features *f)
{
    const size_t n = tr->n;
    const double H = tr->F[ip] - b;
    /* the edges: from one sample before the rise to one after the fall */
    size_t lo = j > 0 ? j - 1 : 0, hi = last + 1 < n ? last + 1 : last;
    double t_v, t_v_se;
    if (!edge_zero(tr, lo, ip, b, H, EDGE_LOW, EDGE_HIGH_RISE, 1, sigma, &f->t0, &f->t0_se) ||
        !edge_zero(tr, ip, hi, b, H, EDGE_LOW_FALL, EDGE_HIGH, 0, sigma, &f->t_c, &f->t_c_se) ||
        !peak_fit(tr, lo, hi, ip, f->t_c - f->t0, b, sigma, &f->F_M,
                  &f->F_M_se, &t_v, &t_v_se))
        return 0;
    double t0_alt, t0_alt_se;
    if (edge_zero(tr, lo, ip, b, H, EDGE_LOW, EDGE_HIGH, 1, sigma, &t0_alt, &t0_alt_se))
        f->t0_se = hypot(f->t0_se, t0_alt - f->t0);
    double t1, t1_se;
    if (!end_fit(tr, ip, b, H, sigma, f->t_c, &t1, &t1_se))
        return 0;
    f->t_c = t1 - f->t0;
    f->t_c_se = hypot(t1_se, f->t0_se);
    f->t_M = t_v - f->t0;
    f->t_M_se = hypot(t_v_se, f->t0_se);
    f->F_M_se = hypot(f->F_M_se, b_se);
    f->impulse = contact_impulse(tr, b, f->t0, t1);
    return 1;
}

/* Steps 3–5 by a fit of the whole pulse (objectives/maxwell_pulse.c) over
 * the impact's samples j .. last and half their span each side (not
 * before FROM): FEW_SAMPLES with no values below
 * HF_MAXWELL_TRACE_MIN_PULSE samples, PULSE_MISFIT when the pulse is not
 * of Hunter's shapes within the noise. */
static void pulse_features(const hf_maxwell_trace *tr, size_t from, size_t j, size_t last,
                           const hf_maxwell_impact *impact, double b, double sigma,
                           size_t noise_dof, double threshold, double H,
                           hf_maxwell_impact_features *f)
{
    const size_t n = tr->n, span = last - j + 1, samples = f->contact_samples;
    const hf_maxwell_extract_status kept = f->status;
    if (span < HF_MAXWELL_TRACE_MIN_PULSE) {
        features_empty(f, f->impact, HF_MAXWELL_EXTRACT_FEW_SAMPLES, b, sigma);
        f->contact_samples = samples;
        return;
    }
    size_t side = span / 2 + 2;
    size_t a = j > from + side ? j - side : from, z = last + side < n ? last + side : n - 1;
    /* the start: a half-sine pulse of height H whose samples above the
     * threshold (at q of H) are j .. last spans 1 − 2 asin(q)/π of it */
    double dt = (tr->t[n - 1] - tr->t[0]) / (double)(n - 1);
    double q = fmin(fmax(threshold / H, 0.0), 0.9), width = tr->t[last] - tr->t[j] + dt;
    double duration = width / (1.0 - 2.0 * asin(q) / M_PI);
    hf_maxwell_pulse p;
    if (!hf_maxwell_pulse_fit(tr, a, z, impact, b, sigma, noise_dof,
                              tr->t[j] - 0.5 * dt - 0.5 * (duration - width), duration, H, &p)) {
        features_empty(f, f->impact, HF_MAXWELL_EXTRACT_NO_EDGE, b, sigma);
        f->contact_samples = samples;
        return;
    }
    f->t0 = p.t0;
    f->t0_se = p.t0_se;
    f->F_M = p.F_M;
    f->F_M_se = p.F_M_se;
    f->t_M = p.t_M;
    f->t_M_se = p.t_M_se;
    f->t_c = p.t_c;
    f->t_c_se = p.t_c_se;
    f->baseline = p.baseline;
    f->impulse = contact_impulse(tr, p.baseline, p.t0, p.t0 + p.t_c);
    f->status = p.p_value < PULSE_MISFIT_P ? HF_MAXWELL_EXTRACT_PULSE_MISFIT : kept;
}

/* One impact from sample `from` on (steps 2–5); *next: where the next
 * impact may start.  0 when no impact rises above the threshold. */
static int extract_one(const hf_maxwell_trace *tr, const hf_maxwell_impact *impact, size_t from,
                       double b, size_t nb, double sigma, double threshold,
                       hf_maxwell_impact_features *f, size_t *next)
{
    const double b_se = sigma / sqrt((double)nb);
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
    f->status = equal >= 3 ? HF_MAXWELL_EXTRACT_CLIPPED : HF_MAXWELL_EXTRACT_OK;
    if (f->contact_samples < HF_MAXWELL_TRACE_MIN_CONTACT || H < PULSE_BELOW_SNR * sigma ||
        !edges_and_peak(tr, j, last, ip, b, b_se, sigma, f))
        pulse_features(tr, from, j, last, impact, b, sigma, nb - 1, threshold, H, f);
    return 1;
}

int hf_maxwell_impact_features_usable(const hf_maxwell_impact_features *f)
{
    return f != NULL && f->status != HF_MAXWELL_EXTRACT_UNIT_SLIP &&
           f->status != HF_MAXWELL_EXTRACT_PULSE_MISFIT && isfinite(f->F_M) &&
           isfinite(f->t_M) && isfinite(f->t_c) &&
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

/* The free flight after impact F (to NEXT's contact start) and its
 * standard uncertainty: NEXT's start edge and F's end edge (t_c_se holds
 * t0_se and the end's in quadrature).  0 when either is missing. */
static int flight_time(const hf_maxwell_impact_features *f,
                       const hf_maxwell_impact_features *next, double *T, double *T_se)
{
    *T = next->t0 - (f->t0 + f->t_c);
    const double end_se = sqrt(fmax(f->t_c_se * f->t_c_se - f->t0_se * f->t0_se, 0.0));
    *T_se = hypot(next->t0_se, end_se);
    return isfinite(*T) && isfinite(*T_se) && *T > 0.0;
}

void hf_maxwell_flight_restitution(hf_maxwell_impact_features *out, size_t n, double g)
{
    double before = NAN, before_se = NAN; /* the flight before impact k */
    for (size_t k = 0; k < n; ++k) {
        double T = NAN, T_se = NAN;
        out[k].e_flight = out[k].e_flight_se = NAN;
        if (k + 1 < n && !flight_time(&out[k], &out[k + 1], &T, &T_se))
            T = T_se = NAN;
        /* the ball leaves at V_out = g T/2 and comes back at it (a free
         * flight between two contacts at one height, no air drag) */
        if (k == 0 && isfinite(T)) {
            out[k].e_flight = g * T / (2.0 * out[k].V0);
            out[k].e_flight_se = out[k].e_flight * T_se / T;
        } else if (isfinite(T) && isfinite(before)) {
            out[k].e_flight = T / before;
            out[k].e_flight_se = out[k].e_flight * hypot(T_se / T, before_se / before);
        }
        before = T;
        before_se = T_se;
    }
}

/* ---- a faint impact: a peak a few noise σ high ------------------------ */

/* A faint pulse must stand this many standard deviations above the
 * baseline in the best moving sum of the samples: the largest of the
 * ~n·log2(n) sums of pure noise stays below ~6 σ for records up to 10⁷
 * samples (√(2 ln(n log2 n))), so 8 leaves room for the sums' correlation
 * and a baseline measured on a few dozen samples. */
#define FAINT_SIGMAS 8.0
/* A boxcar over the central 3/4 of a half-sine pulse gives the largest
 * sum per √width (the matched width), its mean 0.78 of the peak. */
#define FAINT_WIDTH 0.75
#define FAINT_MEAN 0.784

/* σ of the samples from their first differences, robust to a pulse over
 * part of the record: 1.4826 · median |Δ − median Δ| / √2 (GSL's sort and
 * median); NaN when out of memory. */
static double difference_noise(const hf_maxwell_trace *tr)
{
    size_t m = tr->n - 1;
    double *d = malloc(m * sizeof *d); /* freed below */
    if (d == NULL)
        return NAN;
    for (size_t i = 0; i < m; ++i)
        d[i] = tr->F[i + 1] - tr->F[i];
    gsl_sort(d, 1, m);
    double mid = gsl_stats_median_from_sorted_data(d, 1, m);
    for (size_t i = 0; i < m; ++i)
        d[i] = fabs(d[i] - mid);
    gsl_sort(d, 1, m);
    double mad = gsl_stats_median_from_sorted_data(d, 1, m);
    free(d);
    return 1.4826 * mad / M_SQRT2;
}

/* The moving sum of F − b0 over `width` samples (widths 2, 4, 8, … up to
 * half the record) that stands highest above the noise in units of
 * σ·√width: its first sample, width and score. */
typedef struct faint_window {
    size_t first, width;
    double score, mean;
} faint_window;

static int faint_search(const hf_maxwell_trace *tr, double b0, double sigma, faint_window *best)
{
    const size_t n = tr->n;
    double *c = malloc((n + 1) * sizeof *c); /* prefix sums, freed below */
    if (c == NULL)
        return 0;
    c[0] = 0.0;
    for (size_t i = 0; i < n; ++i)
        c[i + 1] = c[i] + (tr->F[i] - b0);
    best->score = -HUGE_VAL;
    for (size_t w = 2; w <= n / 2; w *= 2)
        for (size_t i = 0; i + w <= n; ++i) {
            double z = (c[i + w] - c[i]) / (sigma * sqrt((double)w));
            if (z > best->score)
                *best = (faint_window){i, w, z, (c[i + w] - c[i]) / (double)w};
        }
    free(c);
    return best->score > -HUGE_VAL;
}

/* The baseline and noise of the samples outside [first, last] (mean and
 * standard deviation); 0 with fewer than HF_MAXWELL_TRACE_MIN_BASELINE. */
static int baseline_outside(const hf_maxwell_trace *tr, size_t first, size_t last, double *b,
                            double *sigma, size_t *count)
{
    size_t after = last + 1 < tr->n ? last + 1 : tr->n;
    *count = first + (tr->n - after);
    return *count >= HF_MAXWELL_TRACE_MIN_BASELINE &&
           baseline_of_parts(tr, first, after, tr->n, b, sigma);
}

/* The second pass of a faint pulse: the baseline from every sample 2
 * outside the contact the first fit found, the pulse refitted with it
 * (*b, *sigma, *nb updated). */
static void faint_refit(const hf_maxwell_trace *tr, const hf_maxwell_impact *impact,
                        hf_maxwell_impact_features *f, double *b, double *sigma, size_t *nb)
{
    if (!isfinite(f->t0) || !isfinite(f->t_c))
        return;
    size_t k0 = 0, k1 = tr->n - 1;
    while (k0 + 1 < tr->n && tr->t[k0 + 1] < f->t0)
        ++k0;
    while (k1 > k0 && tr->t[k1 - 1] > f->t0 + f->t_c)
        --k1;
    double b2, s2, height = f->F_M;
    size_t c2;
    if (!baseline_outside(tr, k0 > 2 ? k0 - 2 : 0, k1 + 2 < tr->n ? k1 + 2 : tr->n - 1, &b2,
                          &s2, &c2) || !(s2 > 0.0))
        return;
    *b = b2;
    *sigma = s2;
    *nb = c2;
    features_empty(f, 1, HF_MAXWELL_EXTRACT_OK, b2, s2);
    f->contact_samples = k1 - k0 + 1;
    pulse_features(tr, 0, k0, k1, impact, b2, s2, c2 - 1, 0.0, height, f);
}

/* One impact too faint for steps 1–2 (its peak a few σ high): found by the
 * moving sum that stands highest above the noise; the baseline and noise
 * from the samples more than half a pulse away from it; read by the fit
 * of the whole pulse.  0 (nothing written) when no sum reaches
 * FAINT_SIGMAS or too few samples are left for the baseline. */
static int extract_faint(const hf_maxwell_trace *tr, const hf_maxwell_impact *impact,
                         double b0, hf_maxwell_impact_features *f, double *b, double *sigma,
                         size_t *nb)
{
    double s0 = difference_noise(tr);
    faint_window w = {0, 0, 0.0, 0.0};
    if (!(s0 > 0.0) || !faint_search(tr, b0, s0, &w))
        return 0;
    /* the pulse that window is the matched part of, and half a pulse each side */
    size_t span = (size_t)ceil((double)w.width / FAINT_WIDTH), pad = (span - w.width) / 2;
    size_t j = w.first > pad ? w.first - pad : 0;
    size_t last = j + span - 1 < tr->n ? j + span - 1 : tr->n - 1;
    if (j == 0 || last + 1 >= tr->n) /* a pulse cut by the record: no start or end to fit */
        return 0;
    size_t guard = span / 16 + 2;
    double bf, sf;
    size_t count;
    if (!baseline_outside(tr, j > guard ? j - guard : 0,
                          last + guard < tr->n ? last + guard : tr->n - 1, &bf, &sf, &count) ||
        !(sf > 0.0))
        return 0;
    double score = (w.mean + b0 - bf) * sqrt((double)w.width) / sf;
    if (!(score >= FAINT_SIGMAS))
        return 0;
    features_empty(f, 1, HF_MAXWELL_EXTRACT_OK, bf, sf);
    f->contact_samples = last - j + 1;
    pulse_features(tr, 0, j, last, impact, bf, sf, count - 1, 0.0,
                   (w.mean + b0 - bf) / FAINT_MEAN, f);
    *b = bf;
    *sigma = sf;
    *nb = count;
    faint_refit(tr, impact, f, b, sigma, nb);
    return 1;
}

/* The approach speeds and restitutions of the NOUT impacts found, and the
 * unit-slip check of the first. */
static hf_status extract_finish(const hf_maxwell_trace *tr, const hf_maxwell_impact *impact,
                                double b, double sigma, size_t nb,
                                hf_maxwell_impact_features *out, size_t found, size_t *nout)
{
    (void)b;
    *nout = found;
    approach_speeds(tr, impact, sigma, sigma / sqrt((double)nb), out, *nout);
    /* the first impact's impulse is m V0 (1 + e), e in (0, 1]: far outside
     * that, the trace's units or the drop's V0 are not what they say */
    double ratio = impact != NULL ? out[0].impulse / (impact->m * impact->V0) : NAN;
    if (isfinite(ratio) && !(ratio >= HF_MAXWELL_IMPULSE_MIN && ratio <= HF_MAXWELL_IMPULSE_MAX))
        out[0].status = HF_MAXWELL_EXTRACT_UNIT_SLIP;
    return HF_OK;
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
        if (!extract_one(tr, impact, from, b, nb, sigma, threshold, f, &from))
            break;
        ++*nout;
    }
    if (*nout == 0 && !extract_faint(tr, impact, b, &out[0], &b, &sigma, &nb))
        features_empty(&out[0], 1, HF_MAXWELL_EXTRACT_NO_IMPACT, b, sigma);
    return extract_finish(tr, impact, b, sigma, nb, out, *nout ? *nout : 1, nout);
}
