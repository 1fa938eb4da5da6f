/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/maxwell_condition.c — what a measured force trace needs
 * before Hunter's single impact can be fitted to it
 * (hf_maxwell_trace_condition, hertzfit/maxwell_trace.h): its clock's
 * origin, the cut before a later impact, the samples on a converter's
 * rail, a baseline drift, the pre-contact noise, and the checks of
 * polarity and units that refuse a trace which cannot be a drop's impact.
 */
#include "hertzfit/maxwell_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_fit.h>

/* Edge level of an impact, as a fraction of the peak excursion: low
 * enough to catch the contact's start, high above a 16-bit converter's
 * steps. */
#define EDGE_FRACTION 0.05
/* A later impact rises above this fraction of the first one's peak: a
 * second bounce at restitution e peaks at ~e^{6/5} of the first (Hertz:
 * F_M ∝ V0^{6/5}), above 0.25 for e >= 0.32, while noise 10 times below
 * the peak stays under it for 3 samples running. */
#define LATER_FRACTION 0.25
/* Samples running above or below a level that count as a crossing (one
 * noisy sample is not). */
#define RUN 3
/* A slope is removed when it is this many standard errors from 0. */
#define DRIFT_SIGMAS 3.0

static const char *where_of(const hf_maxwell_trace *tr)
{
    return tr->path ? tr->path : "trace";
}

/* Median of the first K samples of F (K <= 9), a baseline guess that one
 * noisy sample does not move much. */
static double first_median(const double *F, size_t n)
{
    double v[9];
    size_t k = n < 9 ? n : 9;
    memcpy(v, F, k * sizeof *v);
    for (size_t i = 1; i < k; ++i)
        for (size_t j = i; j > 0 && v[j - 1] > v[j]; --j) {
            double x = v[j];
            v[j] = v[j - 1];
            v[j - 1] = x;
        }
    return v[k / 2];
}

/* The baseline guess at sample j: the pre-contact level b at t_b, moving
 * at slope (a drift seen between the record's start and its end). */
typedef struct baseline_line {
    double b, t_b, slope;
} baseline_line;

static double baseline_at(const baseline_line *L, const hf_maxwell_trace *tr, size_t j)
{
    return L->b + L->slope * (tr->t[j] - L->t_b);
}

/* Whether F[j..j+RUN) above the baseline all exceed level (above = 1) or
 * all fall below it. */
static int run_from(const hf_maxwell_trace *tr, const baseline_line *L, size_t j, double level,
                    int above)
{
    if (j + RUN > tr->n)
        return 0;
    for (size_t k = j; k < j + RUN; ++k) {
        double y = tr->F[k] - baseline_at(L, tr, k);
        if (above ? !(y > level) : !(y < level))
            return 0;
    }
    return 1;
}

/* Straight line through (t, F) of [from, to) (gsl_fit_linear); returns
 * the samples used, with the slope, its standard error and the scatter
 * about the line (sqrt(SSR/(n − 2))). */
static size_t line_of(const hf_maxwell_trace *tr, size_t from, size_t to, double *slope,
                      double *slope_se, double *scatter)
{
    *slope = 0.0;
    *slope_se = INFINITY;
    *scatter = NAN;
    if (to <= from || to - from < HF_MAXWELL_NOISE_MIN_SAMPLES)
        return 0;
    double c0, c1, cov00, cov01, cov11, ssr;
    size_t m = to - from;
    /* times from the segment's first sample: absolute clocks lose no digits */
    double ts[4096];
    if (m > sizeof ts / sizeof *ts)
        from = to - (m = sizeof ts / sizeof *ts); /* the last samples, next to the contact */
    double t_first = tr->t[from];
    for (size_t k = 0; k < m; ++k)
        ts[k] = tr->t[from + k] - t_first;
    gsl_fit_linear(ts, 1, tr->F + from, 1, m, &c0, &c1, &cov00, &cov01, &cov11, &ssr);
    *slope = c1;
    *scatter = sqrt(ssr / (double)(m - 2));
    *slope_se = sqrt(cov11);
    return m;
}

/* The slope of pre- and post-contact samples together: one line through
 * both segments (each against its own centre would miss a drift that
 * shows as a step between them). */
static void drift_of(const hf_maxwell_trace *tr, size_t pre_end, size_t post_from,
                     size_t post_to, double *slope, double *slope_se)
{
    *slope = 0.0;
    *slope_se = INFINITY;
    size_t m_pre = pre_end, m_post = post_to > post_from ? post_to - post_from : 0;
    if (m_pre < HF_MAXWELL_NOISE_MIN_SAMPLES || m_post < HF_MAXWELL_NOISE_MIN_SAMPLES)
        return;
    /* the two segments joined into one copy for gsl_fit_linear, at most
     * 4096 samples of each next to the contact */
    size_t a = m_pre > 4096 ? 4096 : m_pre, b = m_post > 4096 ? 4096 : m_post, k = 0;
    double *ts = malloc(2 * (a + b) * sizeof *ts), *fs = ts + a + b; /* freed below */
    if (ts == NULL)
        return; /* no drift measured: the fit's goodness of fit still sees one */
    double origin = tr->t[0];
    for (size_t j = pre_end - a; j < pre_end; ++j, ++k) {
        ts[k] = tr->t[j] - origin;
        fs[k] = tr->F[j];
    }
    for (size_t j = post_from; j < post_from + b; ++j, ++k) {
        ts[k] = tr->t[j] - origin;
        fs[k] = tr->F[j];
    }
    double c0, c1, cov00, cov01, cov11, ssr;
    gsl_fit_linear(ts, 1, fs, 1, k, &c0, &c1, &cov00, &cov01, &cov11, &ssr);
    free(ts);
    *slope = c1;
    *slope_se = sqrt(cov11);
}

/* Every sample finite, times strictly increasing. */
static hf_status check_samples(const hf_maxwell_trace *tr, hf_diag *diag)
{
    for (size_t j = 0; j < tr->n; ++j)
        if (!isfinite(tr->t[j]) || !isfinite(tr->F[j]) ||
            (j > 0 && !(tr->t[j] > tr->t[j - 1])))
            return hf_diag_set(diag, HF_EDOM, "%s: sample %zu (t = %.17g s, F = %g N): times "
                               "must increase and values be finite", where_of(tr), j + 1,
                               tr->t[j], tr->F[j]);
    return HF_OK;
}

/* The samples of the largest and the smallest force (the first of each). */
static void extremes(const hf_maxwell_trace *tr, size_t *kmax, size_t *kmin)
{
    *kmax = *kmin = 0;
    for (size_t j = 1; j < tr->n; ++j) {
        if (tr->F[j] > tr->F[*kmax])
            *kmax = j;
        if (tr->F[j] < tr->F[*kmin])
            *kmin = j;
    }
}

/* The pre-contact part before the first impact's rise through LEVEL
 * above b0: its end *pre_end (a guard before the rise; *guard), its
 * noise, samples and mean into OUT; the edge level raised to clear the
 * noise into *level. */
static void pre_contact(const hf_maxwell_trace *tr, size_t kmax, double b0,
                        hf_maxwell_conditioning *out, double *level, size_t *pre_end,
                        size_t *guard)
{
    const double *F = tr->F;
    size_t rise = kmax;
    while (rise > 0 && F[rise - 1] - b0 > *level)
        --rise;
    /* Hertz's force near the start grows as t^{3/2}: it reaches the edge
     * level 5 % of the peak at ~0.14 of the way to the peak, so a guard of a
     * fifth of the rise (and 2 samples) keeps the contact out of the
     * pre-contact samples */
    *guard = (kmax - rise) / 5 + 2;
    *pre_end = rise > *guard ? rise - *guard : 0;
    double slope, slope_se, scatter;
    out->noise_samples = line_of(tr, 0, *pre_end, &slope, &slope_se, &scatter);
    out->baseline = b0;
    if (out->noise_samples == 0)
        return;
    out->noise = scatter;
    /* with the noise known, the edge level clears it */
    *level = fmax(*level, 5.0 * scatter);
    double sum = 0.0;
    for (size_t j = 0; j < *pre_end; ++j)
        sum += F[j];
    out->baseline = sum / (double)*pre_end;
}

/* The baseline as the record's end sees it: a drift moves it between the
 * pre-contact samples and the last ones (taken as level unless it moved
 * less than a later impact's rise: the record may end inside a contact). */
static baseline_line end_baseline(const hf_maxwell_trace *tr, double b, size_t pre_end,
                                  double up)
{
    const size_t n = tr->n;
    double F_last[9];
    size_t tail = n < 9 ? n : 9;
    for (size_t j = 0; j < tail; ++j)
        F_last[j] = tr->F[n - 1 - j];
    baseline_line L = {b, tr->t[pre_end / 2], 0.0};
    double b_end = first_median(F_last, tail);
    if (fabs(b_end - b) < LATER_FRACTION * up && tr->t[n - 1] > L.t_b)
        L.slope = (b_end - b) / (tr->t[n - 1] - L.t_b);
    return L;
}

/* The first sample from FROM on where a later impact rises to
 * LATER_FRACTION of the first peak (UP) and clears the noise; n when none
 * does. */
static size_t later_impact(const hf_maxwell_trace *tr, const baseline_line *L, size_t from,
                           double up, double noise)
{
    double later_level = fmax(LATER_FRACTION * up, 5.0 * (isfinite(noise) ? noise : 0.0));
    for (size_t j = from; j < tr->n; ++j)
        if (run_from(tr, L, j, later_level, 1))
            return j;
    return tr->n;
}

/* The rails: 3 or more samples at the largest value, or at the smallest
 * when it is an excursion below the baseline b; the clipped window around
 * them into OUT. */
static void find_rail(const hf_maxwell_trace *tr, size_t kmax, size_t kmin, double b,
                      double level, hf_maxwell_conditioning *out)
{
    const double *F = tr->F;
    size_t at_max = 0, at_min = 0;
    for (size_t j = 0; j < out->used; ++j) {
        at_max += F[j] == F[kmax];
        at_min += F[j] == F[kmin];
    }
    if (at_max >= RUN)
        out->rail = F[kmax];
    else if (at_min >= RUN && b - F[kmin] > level)
        out->rail = F[kmin];
    if (isnan(out->rail))
        return;
    size_t first = out->used, last = 0;
    for (size_t j = 0; j < out->used; ++j)
        if (F[j] == out->rail) {
            first = j < first ? j : first;
            last = j;
        }
    double band = isfinite(out->noise) ? 6.0 * out->noise : 0.0;
    while (first > 0 && fabs(F[first - 1] - out->rail) <= band)
        --first;
    while (last + 1 < out->used && fabs(F[last + 1] - out->rail) <= band)
        ++last;
    out->clip_from = first > 2 ? first - 2 : 0;
    out->clip_to = last + 3 < out->used ? last + 3 : out->used;
    out->clipped = out->clip_to - out->clip_from;
}

/* The impulse over the impact, trapezoids over [from, to) against the
 * baseline L. */
static double impulse_over(const hf_maxwell_trace *tr, const baseline_line *L, size_t from,
                           size_t to)
{
    double impulse = 0.0;
    for (size_t j = from + 1; j < to; ++j)
        impulse += 0.5 * (tr->F[j] + tr->F[j - 1] - baseline_at(L, tr, j) -
                          baseline_at(L, tr, j - 1)) * (tr->t[j] - tr->t[j - 1]);
    return impulse;
}

/* The impulse against m V0 of the drop IMP: outside the bounds a unit
 * slip or a V0 that is not the drop's (a clipped trace's impulse is only
 * a lower bound). */
static hf_status check_impulse(const hf_maxwell_trace *tr, const hf_maxwell_impact *imp,
                               const hf_maxwell_conditioning *out, hf_diag *diag)
{
    double ratio = out->impulse / (imp->m * imp->V0);
    if ((ratio >= HF_MAXWELL_IMPULSE_MIN || out->clipped > 0) &&
        ratio <= HF_MAXWELL_IMPULSE_MAX)
        return HF_OK;
    return hf_diag_set(diag, HF_EDOM, "%s: the impact's impulse is %.3g N s, %.3g "
                       "times m V0 = %.3g N s (m = %g kg, V0 = %g m/s; any impact "
                       "gives 1 to 2): a unit slip in the time or force column "
                       "(ms as s? kN as N?) or a V0 that is not this drop's",
                       where_of(tr), out->impulse, ratio, imp->m * imp->V0, imp->m, imp->V0);
}

/* A trace whose largest excursion is a fall below the baseline b0 (more
 * than twice its largest rise UP) comes from a load cell of inverted
 * polarity. */
static hf_status check_polarity(const hf_maxwell_trace *tr, size_t kmin, double b0, double up,
                                hf_diag *diag)
{
    double down = b0 - tr->F[kmin];
    if (down > 2.0 * up && down > 0.0)
        return hf_diag_set(diag, HF_EDOM, "%s: the force's largest excursion is %g N below "
                           "the baseline %g N (at t = %.9g s), its largest rise only %g N: "
                           "the load cell's polarity is inverted (negate the force column)",
                           where_of(tr), down, b0, tr->t[kmin], up);
    return HF_OK;
}

hf_status hf_maxwell_trace_condition(const hf_maxwell_trace *tr, const hf_maxwell_impact *imp,
                                     hf_maxwell_conditioning *out, hf_diag *diag)
{
    if (tr == NULL || out == NULL || tr->n < 3 || tr->t == NULL || tr->F == NULL)
        return hf_diag_set(diag, HF_EINVAL, "conditioning: a trace of at least 3 samples "
                           "is needed");
    const size_t n = tr->n;
    hf_status st = check_samples(tr, diag);
    if (st != HF_OK)
        return st;
    memset(out, 0, sizeof *out);
    out->origin = tr->t[0];
    out->rail = NAN;
    out->noise = NAN;
    size_t kmax, kmin;
    extremes(tr, &kmax, &kmin);
    double b0 = first_median(tr->F, n);
    double up = tr->F[kmax] - b0;
    if ((st = check_polarity(tr, kmin, b0, up, diag)) != HF_OK)
        return st;
    if (!(up > 0.0)) {
        out->used = n;
        out->baseline = b0;
        return HF_OK; /* no impact: the fit names it */
    }
    /* the first impact: its rise and fall through the edge level */
    double level = EDGE_FRACTION * up;
    size_t pre_end, guard;
    pre_contact(tr, kmax, b0, out, &level, &pre_end, &guard);
    if (isfinite(out->noise) && !(up > 10.0 * out->noise))
        return hf_diag_set(diag, HF_EDOM, "%s: no impact: the largest rise above the "
                           "baseline, %g N at t = %.9g s, is within 10 times the noise "
                           "(%g N)", where_of(tr), up, tr->t[kmax], out->noise);
    double b = out->baseline;
    baseline_line L = end_baseline(tr, b, pre_end, up);
    size_t end = kmax;
    while (end < n && !run_from(tr, &L, end, level, 0)) /* the fall through the edge level */
        ++end;
    size_t post_from = end < n ? end + guard : n;
    size_t later = later_impact(tr, &L, post_from, up, out->noise);
    out->used = later < n ? end + (later - end) / 2 : n;
    out->cut = n - out->used;
    find_rail(tr, kmax, kmin, b, level, out);
    drift_of(tr, pre_end, post_from, out->used, &out->drift, &out->drift_se);
    out->drift_removed = isfinite(out->drift_se) &&
                         fabs(out->drift) > DRIFT_SIGMAS * out->drift_se;
    if (!out->drift_removed)
        out->drift = 0.0;
    /* from the guard before the rise to the guard after the fall */
    out->impulse = impulse_over(tr, &L, pre_end, post_from < out->used ? post_from : out->used);
    if (imp != NULL && imp->m > 0.0 && imp->V0 > 0.0 && end < n)
        return check_impulse(tr, imp, out, diag);
    return HF_OK;
}
