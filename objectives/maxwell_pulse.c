/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/maxwell_pulse.c — the features of an impact from a fit of the
 * whole pulse, for the traces the edge fits of objectives/maxwell_trace.c
 * cannot read: a contact of few samples (10 kHz sampling of a 2 ms
 * contact), or a peak only a few tens of the noise high, where the edges'
 * windows (chosen by the samples' values) lie in the noise.
 *
 * The model is Hunter's force (Argatov Eqs. 24–25, hf_maxwell_force_history)
 * as a family of pulse shapes: with the drop's R and V0 held, its modulus
 * sets the time scale, its mass the force scale and η the asymmetry ε, so
 * (ln μ0, ln m, η) are three free shape parameters, not the drop's material and
 * mass.  With the contact start t0 and the baseline b, five parameters are
 * fitted to every sample of a window around the pulse (weights 1/σ², GSL's
 * trust-region least squares, finite-difference Jacobian).  The samples
 * before t0 and after the contact's end, where the model is b, fix t0 and
 * the end between samples; the features are those of the fitted model
 * (hf_maxwell_simulate), and their standard uncertainties the fit's
 * covariance carried by first-order propagation, the largest of that at
 * the least squares and at the ends of the skew's interval, or half the
 * features' change over the χ² profile in t0 when that is larger.  A pulse that is not of
 * this family shows in the χ² of the fit against the noise measured
 * before the contact (an F test: that σ is itself an estimate).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_blas.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_multifit_nlinear.h>

#include "hertzfit/maxwell.h"
#include "objectives/maxwell_internal.h"

enum { PULSE_PARAMS = 5 };

typedef struct pulse_problem {
    const hf_maxwell_trace *tr;
    size_t a, m;        /* samples a .. a+m-1 */
    double R, V0, nu;   /* held */
    double t_ref, time; /* t0 = t_ref + x0·time */
    double b_ref, force; /* b = b_ref + x4·force */
    double sigma;       /* weights 1/σ² (1 when no noise was measured) */
    double T;           /* the start's time scale w_m0/V0 [s] */
    int pinned;         /* 1: t0 (x0) held where it is (the profile in t0) */
    double *since;      /* m times from t0 */
    double *F;          /* m model forces */
} pulse_problem;

static void pulse_material(const pulse_problem *p, const gsl_vector *x,
                           hf_maxwell_material *mat, hf_maxwell_impact *imp)
{
    mat->mu0 = exp(gsl_vector_get(x, 1));
    mat->nu = p->nu;
    /* η = |ε'|/T (T the start's time scale); ε' < 0 is the pulse of −ε'
     * reversed in time (pulse_reversed) */
    mat->eta = fabs(gsl_vector_get(x, 3)) / p->T;
    imp->m = exp(gsl_vector_get(x, 2));
    imp->R = p->R;
    imp->V0 = p->V0;
}

/* The asymmetry runs through 0 into a pulse of the opposite skew: Hunter's
 * pulse of the same |ε| reversed in time, F(t_c − t) (first order in ε
 * alike, so the family is continuous at ε = 0).  Such a pulse, peaking
 * after the middle, is no Maxwell solid's; it lets the fit of a pulse
 * whose noise hides the skew reach its least squares, and its covariance
 * carry that freedom into t_M's uncertainty, where a bound at ε = 0 would
 * pin it. */
static int pulse_reversed(pulse_problem *p, const hf_maxwell_material *mat,
                          const hf_maxwell_impact *imp, double t0)
{
    hf_maxwell_response r;
    if (hf_maxwell_simulate(mat, imp, NULL, &r, NULL) != HF_OK)
        return 0;
    const size_t m = p->m;
    for (size_t k = 0; k < m; ++k) /* nondecreasing: the last sample first */
        p->since[k] = r.t_c - (p->tr->t[p->a + m - 1 - k] - t0);
    if (hf_maxwell_force_history(mat, imp, NULL, m, p->since, p->F, NULL) != HF_OK)
        return 0;
    for (size_t k = 0; k < m / 2; ++k) {
        double swap = p->F[k];
        p->F[k] = p->F[m - 1 - k];
        p->F[m - 1 - k] = swap;
    }
    return 1;
}

static int pulse_weigh(const pulse_problem *p, double b, gsl_vector *f);

static int pulse_residuals(const gsl_vector *x, void *params, gsl_vector *f)
{
    pulse_problem *p = params;
    hf_maxwell_material mat;
    hf_maxwell_impact imp;
    pulse_material(p, x, &mat, &imp);
    double t0 = p->t_ref + gsl_vector_get(x, 0) * p->time;
    double b = p->b_ref + gsl_vector_get(x, 4) * p->force;
    if (gsl_vector_get(x, 3) < 0.0)
        return pulse_reversed(p, &mat, &imp, t0) ? pulse_weigh(p, b, f) : GSL_EDOM;
    for (size_t i = 0; i < p->m; ++i)
        p->since[i] = p->tr->t[p->a + i] - t0;
    if (hf_maxwell_force_history(&mat, &imp, NULL, p->m, p->since, p->F, NULL) != HF_OK)
        return GSL_EDOM;
    return pulse_weigh(p, b, f);
}

/* The residuals (model + b − sample)/σ of the forces in p->F. */
static int pulse_weigh(const pulse_problem *p, double b, gsl_vector *f)
{
    for (size_t i = 0; i < p->m; ++i)
        gsl_vector_set(f, i, (p->F[i] + b - p->tr->F[p->a + i]) / p->sigma);
    return GSL_SUCCESS;
}

/* The Jacobian by central differences with absolute steps: the residuals
 * come from an ODE solved to ~1e-10 of the peak, so GSL's relative steps
 * (√ε_mach·|x_j|) on parameters near 0 — t0's and the skew's offsets —
 * differenced that error into columns of noise, and the fit's covariance
 * with them.  Steps: 1e-4 of the pulse's duration for t0, 1e-4 in ln μ0,
 * ln m and ε'; the baseline's column is exact (1/σ in units of `force`).
 *
 * Hunter's force ends in a step (F(t_c⁻) is 1 % of F_M at ε 0.1, 8 % at
 * 0.3): a sample the end passes between the two evaluations differences
 * to step/(2h), a slope the model does not have (the χ² jumps there).
 * The χ² being lowest just short of such a jump, the least squares often
 * has a sample within a step h of the end, and that entry made the
 * covariance claim the asymmetry and the end known several times better
 * than they were: at a peak of 10 σ (100 kHz) t_M and t_c held the truth
 * within 2u in 90 % of 200 traces, errors up to 9u, each at a fitted ε
 * far above the truth's with a standard deviation a fifth of the usual.
 * Such a sample (in contact at one evaluation, out at the other) gets no
 * entry: what it says of the end is the smooth force's, as for every
 * other sample. */
static int jacobian_column(pulse_problem *p, const gsl_vector *x, size_t j, gsl_vector *xs,
                           gsl_vector *up, gsl_vector *down, char *touching, gsl_matrix *J)
{
    const double h = 1e-4;
    gsl_vector_memcpy(xs, x);
    gsl_vector_set(xs, j, gsl_vector_get(x, j) + h);
    int st = pulse_residuals(xs, p, up);
    for (size_t i = 0; st == GSL_SUCCESS && i < p->m; ++i)
        touching[i] = p->F[i] != 0.0; /* Hunter's force is exactly 0 outside the contact */
    gsl_vector_set(xs, j, gsl_vector_get(x, j) - h);
    if (st == GSL_SUCCESS)
        st = pulse_residuals(xs, p, down);
    for (size_t i = 0; st == GSL_SUCCESS && i < p->m; ++i)
        gsl_matrix_set(J, i, j,
                       touching[i] != (p->F[i] != 0.0)
                           ? 0.0
                           : (gsl_vector_get(up, i) - gsl_vector_get(down, i)) / (2.0 * h));
    return st;
}

static int pulse_jacobian(const gsl_vector *x, void *params, gsl_matrix *J)
{
    pulse_problem *p = params;
    gsl_vector *xs = gsl_vector_alloc(PULSE_PARAMS), *up = gsl_vector_alloc(p->m),
               *down = gsl_vector_alloc(p->m);
    char *touching = malloc(p->m); /* freed below */
    int st = xs && up && down && touching ? GSL_SUCCESS : GSL_ENOMEM;
    for (size_t j = 0; st == GSL_SUCCESS && j + 1 < PULSE_PARAMS; ++j) {
        if (j == 0 && p->pinned) {
            gsl_vector_view column = gsl_matrix_column(J, 0);
            gsl_vector_set_zero(&column.vector);
            continue;
        }
        st = jacobian_column(p, x, j, xs, up, down, touching, J);
    }
    for (size_t i = 0; st == GSL_SUCCESS && i < p->m; ++i)
        gsl_matrix_set(J, i, PULSE_PARAMS - 1, p->force / p->sigma);
    free(touching);
    gsl_vector_free(down);
    gsl_vector_free(up);
    gsl_vector_free(xs);
    return st;
}

/* The start: Hunter's pulse at ε ≈ 0.1 stretched to DURATION and HEIGHT
 * (time ∝ m^{2/5} μ0^{−2/5}, force ∝ m V0/time at fixed R, V0). */
static int pulse_start(pulse_problem *p, double duration, double height, double mass,
                       gsl_vector *x)
{
    hf_maxwell_material mat = {1e6, p->nu, 0.0};
    hf_maxwell_impact imp = {mass, p->R, p->V0};
    hf_maxwell_response r;
    if (hf_maxwell_simulate(&mat, &imp, NULL, &r, NULL) != HF_OK)
        return 0;
    double a = duration / r.t_c, k = height / r.F_M;
    double T = a * r.w_m / p->V0; /* the time scale w_m0/V0 after stretching */
    gsl_vector_set(x, 0, 0.0);
    gsl_vector_set(x, 1, log(mat.mu0 * k * pow(a, -1.5)));
    gsl_vector_set(x, 2, log(mass * a * k));
    p->T = T;
    gsl_vector_set(x, 3, 0.1);
    gsl_vector_set(x, 4, 0.0);
    return isfinite(gsl_vector_get(x, 1)) && isfinite(gsl_vector_get(x, 2)) && T > 0.0;
}

/* F_M, t_M, t_c of the model at x, into y[0..2]. */
static int pulse_features(const pulse_problem *p, const gsl_vector *x, double *y)
{
    hf_maxwell_material mat;
    hf_maxwell_impact imp;
    hf_maxwell_response r;
    pulse_material(p, x, &mat, &imp);
    if (hf_maxwell_simulate(&mat, &imp, NULL, &r, NULL) != HF_OK)
        return 0;
    y[0] = r.F_M;
    y[1] = gsl_vector_get(x, 3) < 0.0 ? r.t_c - r.t_M : r.t_M;
    y[2] = r.t_c;
    return 1;
}

/* The features at x and their covariance-propagated standard
 * uncertainties: central differences of the features in the shape
 * parameters (x1..x3), t0 and b from the covariance directly. */
static int pulse_uncertainties(const pulse_problem *p, const gsl_vector *x,
                               const gsl_matrix *cov, hf_maxwell_pulse *out)
{
    double y[3], g[3][PULSE_PARAMS] = {{0}};
    if (!pulse_features(p, x, y))
        return 0;
    gsl_vector *xs = gsl_vector_alloc(PULSE_PARAMS);
    if (xs == NULL)
        return 0;
    const double h = 1e-3;
    int ok = 1;
    for (size_t j = 1; ok && j <= 3; ++j) {
        double up[3], down[3];
        gsl_vector_memcpy(xs, x);
        gsl_vector_set(xs, j, gsl_vector_get(x, j) + h);
        ok = pulse_features(p, xs, up);
        gsl_vector_set(xs, j, gsl_vector_get(x, j) - h);
        ok = ok && pulse_features(p, xs, down);
        for (int k = 0; ok && k < 3; ++k)
            g[k][j] = (up[k] - down[k]) / (2.0 * h);
    }
    gsl_vector_free(xs);
    double var[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k)
        for (size_t i = 0; i < PULSE_PARAMS; ++i)
            for (size_t j = 0; j < PULSE_PARAMS; ++j)
                var[k] += g[k][i] * gsl_matrix_get(cov, i, j) * g[k][j];
    out->F_M = y[0];
    out->t_M = y[1];
    out->t_c = y[2];
    out->F_M_se = sqrt(fmax(var[0], 0.0));
    out->t_M_se = sqrt(fmax(var[1], 0.0));
    out->t_c_se = sqrt(fmax(var[2], 0.0));
    out->t0 = p->t_ref + gsl_vector_get(x, 0) * p->time;
    out->t0_se = sqrt(fmax(gsl_matrix_get(cov, 0, 0), 0.0)) * p->time;
    out->baseline = p->b_ref + gsl_vector_get(x, 4) * p->force;
    return ok;
}

/* GSL's trust-region driver from x0; the solution, its covariance (in the
 * units of x) and χ² (Σ r², with σ's weights) into x, cov, *chi2. */
static int pulse_solve(pulse_problem *p, const gsl_vector *x0, gsl_vector *x, gsl_matrix *cov,
                       double *chi2)
{
    gsl_multifit_nlinear_parameters params = gsl_multifit_nlinear_default_parameters();
    if (p->pinned) /* t0's column is 0: Marquardt's scaling by the columns would be singular */
        params.scale = gsl_multifit_nlinear_scale_levenberg;
    gsl_multifit_nlinear_workspace *w =
        gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &params, p->m, PULSE_PARAMS);
    if (w == NULL)
        return 0;
    gsl_multifit_nlinear_fdf fdf = {0};
    fdf.f = pulse_residuals;
    fdf.df = pulse_jacobian;
    fdf.n = p->m;
    fdf.p = PULSE_PARAMS;
    fdf.params = p;
    int info = 0, ok = gsl_multifit_nlinear_init(x0, &fdf, w) == GSL_SUCCESS;
    ok = ok && gsl_multifit_nlinear_driver(100, 1e-10, 1e-10, 0.0, NULL, NULL, &info, w) ==
                   GSL_SUCCESS;
    if (ok) {
        gsl_vector_memcpy(x, gsl_multifit_nlinear_position(w));
        gsl_vector *f = gsl_multifit_nlinear_residual(w);
        gsl_blas_ddot(f, f, chi2);
        ok = gsl_multifit_nlinear_covar(gsl_multifit_nlinear_jac(w), 0.0, cov) == GSL_SUCCESS;
    }
    gsl_multifit_nlinear_free(w);
    return ok && isfinite(*chi2);
}

/* ---- the profile in t0 ------------------------------------------------ */

/* At a few tens of σ the pulse's onset, where the force rises as
 * (t − t0)^{3/2}, lies in the noise: t0 can move by several samples,
 * trading with the skew and the duration, at little cost in χ², and the
 * curvature at the least squares understates that (t_M within 2u in 21 of
 * 30 traces with a peak of 20 σ, an error of 10u in one).  The χ² is
 * profiled in t0 instead (the other parameters refitted at each t0) out
 * to where it rises by one pooled noise variance on each side, as the
 * edge fits locate the contact end; half the features' change between
 * the two ends is their standard uncertainty when it is the larger. */
#define PROFILE_STEPS 8
#define PROFILE_REACH 0.25 /* of the pulse's duration, each side */

/* χ² and features at t0 offset x0 (x0 in units of the duration), the
 * other parameters refitted from `from`; 0 when the fit fails. */
static int profile_point(pulse_problem *p, const gsl_vector *from, double x0, gsl_vector *x,
                         gsl_matrix *cov, double *chi2, double *y)
{
    gsl_vector *start = gsl_vector_alloc(PULSE_PARAMS);
    if (start == NULL)
        return 0;
    gsl_vector_memcpy(start, from);
    gsl_vector_set(start, 0, x0);
    p->pinned = 1;
    int ok = pulse_solve(p, start, x, cov, chi2) && pulse_features(p, x, y);
    p->pinned = 0;
    gsl_vector_free(start);
    return ok;
}

/* The features where the profile, walked from the least squares xhat
 * (χ² chi2) in steps doubling from `step`, crosses chi2 + level on the
 * side dir (linear between the last two points; the last point reached
 * when it does not cross within PROFILE_REACH). */
static int profile_side(pulse_problem *p, const gsl_vector *xhat, double chi2, double level,
                        double step, int dir, const double *yhat, double *y)
{
    gsl_vector *x = gsl_vector_alloc(PULSE_PARAMS), *prev = gsl_vector_alloc(PULSE_PARAMS);
    gsl_matrix *cov = gsl_matrix_alloc(PULSE_PARAMS, PULSE_PARAMS);
    int ok = x && prev && cov;
    double d_prev = 0.0, y_prev[3] = {yhat[0], yhat[1], yhat[2]};
    if (ok)
        gsl_vector_memcpy(prev, xhat);
    for (int k = 0; ok && k < PROFILE_STEPS; ++k, step *= 2.0) {
        double c2, yk[3];
        step = fmin(step, PROFILE_REACH);
        if (!profile_point(p, prev, gsl_vector_get(xhat, 0) + dir * step, x, cov, &c2, yk)) {
            ok = 0;
            break;
        }
        double d = fmax(c2 - chi2, 0.0);
        double w = d >= level ? (level - d_prev) / (d - d_prev) : 1.0;
        for (int j = 0; j < 3; ++j)
            y[j] = y_prev[j] + w * (yk[j] - y_prev[j]);
        if (d >= level || step >= PROFILE_REACH)
            break;
        d_prev = d;
        memcpy(y_prev, yk, sizeof y_prev);
        gsl_vector_memcpy(prev, x);
    }
    gsl_matrix_free(cov);
    gsl_vector_free(prev);
    gsl_vector_free(x);
    return ok;
}

static void pulse_profile(pulse_problem *p, const gsl_vector *xhat, const gsl_matrix *cov,
                          double chi2, double level, hf_maxwell_pulse *out)
{
    const double yhat[3] = {out->F_M, out->t_M, out->t_c};
    double lo[3], hi[3], step = fmax(sqrt(gsl_matrix_get(cov, 0, 0)), 1e-3);
    if (!profile_side(p, xhat, chi2, level, step, -1, yhat, lo) ||
        !profile_side(p, xhat, chi2, level, step, +1, yhat, hi))
        return;
    double *se[3] = {&out->F_M_se, &out->t_M_se, &out->t_c_se};
    for (int j = 0; j < 3; ++j)
        *se[j] = fmax(*se[j], 0.5 * fabs(hi[j] - lo[j]));
}

/* ---- the information at the ends of the skew's interval --------------- */

/* The covariance at the least squares describes the χ² there, and the
 * information the samples give depends on the skew: Hunter's force ends
 * in a step that grows with ε (1 % of the peak at ε 0.1, 8 % at 0.3),
 * and that step pins the end and the skew.  At a few samples per contact
 * a fitted skew above the truth's therefore claims its own (and t_M's,
 * t_c's) uncertainty too small, one below it too large: at 11 samples a
 * contact and 0.5 % noise, over 200 seeds, the quarter of the traces with
 * the smallest u_t_M erred by 1.9 times it (r.m.s.), the quarter with the
 * largest by 0.7 times (t_M within 2u in 89.0 %).  The covariance is
 * evaluated again where the truth could be by the claim itself,
 * SKEW_ENDS standard deviations either side along the skew (the other parameters moved by their
 * regression on it, the covariance's column), and each feature keeps
 * the largest of the three propagated uncertainties.  Refitting there
 * (a χ² profile in the skew) changed nothing: the χ² does rise by one
 * noise variance within the claimed interval; it is the curvature
 * elsewhere in the interval that differs. */
#define SKEW_ENDS 2.0

static void pulse_skew_ends(pulse_problem *p, const gsl_vector *x, const gsl_matrix *cov,
                            double scale, hf_maxwell_pulse *out)
{
    const size_t skew = 3;
    const double sd = sqrt(gsl_matrix_get(cov, skew, skew));
    gsl_vector *xs = gsl_vector_alloc(PULSE_PARAMS);
    gsl_matrix *J = gsl_matrix_alloc(p->m, PULSE_PARAMS),
               *cs = gsl_matrix_alloc(PULSE_PARAMS, PULSE_PARAMS);
    for (int dir = -1; xs && J && cs && sd > 0.0 && dir <= 1; dir += 2) {
        for (size_t i = 0; i < PULSE_PARAMS; ++i)
            gsl_vector_set(xs, i, gsl_vector_get(x, i) +
                                      dir * SKEW_ENDS * gsl_matrix_get(cov, i, skew) / sd);
        hf_maxwell_pulse at = *out;
        if (pulse_jacobian(xs, p, J) != GSL_SUCCESS ||
            gsl_multifit_nlinear_covar(J, 0.0, cs) != GSL_SUCCESS)
            continue;
        gsl_matrix_scale(cs, scale);
        if (!pulse_uncertainties(p, xs, cs, &at))
            continue;
        out->F_M_se = fmax(out->F_M_se, at.F_M_se);
        out->t_M_se = fmax(out->t_M_se, at.t_M_se);
        out->t_c_se = fmax(out->t_c_se, at.t_c_se);
    }
    gsl_matrix_free(cs);
    gsl_matrix_free(J);
    gsl_vector_free(xs);
}

/* The features of the fit at x and their uncertainties, and the F test
 * of its residuals.  σ measured on noise_dof + 1 baseline samples is
 * itself uncertain (by ~1/√(2·noise_dof)): the residual variance is
 * compared with it by an F test, and the covariance takes the two
 * estimates pooled (without σ, the fit's own scatter). */
static int pulse_report(pulse_problem *p, const gsl_vector *x, gsl_matrix *cov, double chi2,
                        double sigma, size_t noise_dof, hf_maxwell_pulse *out)
{
    out->dof = p->m - PULSE_PARAMS;
    out->chi2 = chi2;
    double dof = (double)out->dof, nd = sigma > 0.0 ? (double)noise_dof : 0.0;
    double scale = (chi2 + nd) / (dof + nd);
    gsl_matrix_scale(cov, scale);
    if (!pulse_uncertainties(p, x, cov, out))
        return 0;
    pulse_skew_ends(p, x, cov, scale, out);
    pulse_profile(p, x, cov, chi2, scale, out);
    out->p_value = nd > 0.0 ? gsl_cdf_fdist_Q(chi2 / dof, dof, nd) : NAN;
    return 1;
}

int hf_maxwell_pulse_fit(const hf_maxwell_trace *tr, size_t a, size_t z,
                         const hf_maxwell_impact *impact, double b, double sigma,
                         size_t noise_dof, double t_start, double duration, double height,
                         hf_maxwell_pulse *out)
{
    const size_t m = z - a + 1;
    out->chi2 = out->p_value = NAN;
    if (!(z > a && m > PULSE_PARAMS + 2 && duration > 0.0 && height > 0.0))
        return 0;
    double buffer[2 * 4096], *work = m <= 4096 ? buffer : malloc(2 * m * sizeof *work);
    if (work == NULL)
        return 0;
    /* without an impactor, the shapes of a 10 g ball of R 5 mm at 1 m/s */
    const hf_maxwell_impact shapes = impact ? *impact : (hf_maxwell_impact){0.01, 0.005, 1.0};
    pulse_problem p = {tr, a, m, shapes.R, shapes.V0, 0.5, t_start, duration, b, height,
                       sigma > 0.0 ? sigma : 1.0, 0.0, 0, work, work + m};
    gsl_vector *x0 = gsl_vector_alloc(PULSE_PARAMS), *x = gsl_vector_alloc(PULSE_PARAMS);
    gsl_matrix *cov = gsl_matrix_alloc(PULSE_PARAMS, PULSE_PARAMS);
    double chi2 = NAN;
    int ok = x0 && x && cov && pulse_start(&p, duration, height, shapes.m, x0) &&
             pulse_solve(&p, x0, x, cov, &chi2) &&
             pulse_report(&p, x, cov, chi2, sigma, noise_dof, out);
    gsl_matrix_free(cov);
    gsl_vector_free(x);
    gsl_vector_free(x0);
    if (work != buffer)
        free(work);
    return ok;
}
