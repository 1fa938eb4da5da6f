/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bench/bench_profile.c — speed of the calibration core (run by hand, not
 * by ctest): ns per evaluation of the profile objective on the default
 * sampling (99 samples) and of the table objective, and ns per call of the
 * exact h_r solver over c_r in (0, 1).
 *
 *   ./build/bench/bench_profile [seconds-per-measurement]
 *   ./build/bench/bench_profile --golden
 *
 * --golden: the evaluations GSL's golden-section search
 * (gsl_min_fminimizer_goldensection) needs on K0, the one variable the
 * Table 2 objective depends on (hertzfit/profile_objective.h), to reach an
 * RMS within 1e-8 of the closed-form minimum: the target a campaign's
 * Δ = 1e-8 counts on the (a, b) problem (docs/study-bbob.md).  Its
 * bracket is the K0 range of the (a, b) box, K0 = 2/(5 I(a, b)) at its
 * corners (I decreases in a and in b), so it knows no more of the
 * optimum than the two-variable optimisers do.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>

#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/damping.h"
#include "core/timing.h"

/* Repeats fn until at least `seconds` have passed; returns ns per call. */
static double time_calls(double (*fn)(size_t i, void *ctx), void *ctx, double seconds,
                         double *sink)
{
    size_t calls = 0, batch = 1000;
    double start = hf_wall_seconds(), elapsed;
    do {
        for (size_t i = 0; i < batch; ++i)
            *sink += fn(calls + i, ctx);
        calls += batch;
        elapsed = hf_wall_seconds() - start;
    } while (elapsed < seconds);
    return 1e9 * elapsed / (double)calls;
}

static double eval_objective(size_t i, void *ctx)
{
    /* Walk (a, b) over the Table 2 box so no result is cached by accident. */
    double a = 1.0 + 5.0 * (double)(i % 997) / 997.0;
    double b = 1.5 + 4.5 * (double)(i % 991) / 991.0;
    return hf_profile_objective_rms(ctx, a, b);
}

static double solve_hr(size_t i, void *ctx)
{
    (void)ctx;
    double c = ((double)(i % 9999) + 0.5) / 9999.0, h = 0.0;
    hf_restitution_hr_exact(c, &h, NULL);
    return h;
}

/* The objective on K0, counting evaluations and the first that reached
 * the target. */
typedef struct counted_k0 {
    const hf_profile_objective *obj;
    double target;
    size_t evaluations, hit;
} counted_k0;

static double rms_at_k0(double k0, void *ctx)
{
    counted_k0 *c = ctx;
    double f = hf_profile_objective_rms_k0(c->obj, k0);
    c->evaluations++;
    if (c->hit == 0 && f <= c->target)
        c->hit = c->evaluations;
    return f;
}

/* K0's range over the (a, b) box: its values at the four corners. */
static int k0_bracket(double *lo, double *hi)
{
    const double a[2] = {HF_PROFILE_A_MIN, HF_PROFILE_A_MAX};
    const double b[2] = {HF_PROFILE_B_MIN, HF_PROFILE_B_MAX};
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < 4; ++i) {
        double integral = 0.0;
        if (hf_profile_integral(a[i / 2], b[i % 2], &integral, NULL) != HF_OK)
            return 1;
        double k0 = hf_profile_k0_from_integral(integral);
        *lo = fmin(*lo, k0);
        *hi = fmax(*hi, k0);
    }
    return 0;
}

static int golden(const hf_profile_objective *table)
{
    double lo = 0.0, hi = 0.0, k0_star = 0.0, i_star = 0.0, rms_min = 0.0;
    if (k0_bracket(&lo, &hi) != 0)
        return 1;
    const double box_lo = lo, box_hi = hi;
    hf_profile_objective_optimum(table, &k0_star, &i_star, &rms_min);
    counted_k0 c = {table, rms_min + 1e-8, 0, 0};
    gsl_function fn = {rms_at_k0, &c};
    gsl_min_fminimizer *s = gsl_min_fminimizer_alloc(gsl_min_fminimizer_goldensection);
    /* GSL wants an interior point below both ends.  The golden-section
     * point of the bracket, and while it is not below both, the bracket
     * cut at it on the side of the higher end (a unimodal function has its
     * minimum on the other side) and a new golden-section point: each cut
     * one evaluation, all counted. */
    const double golden_cut = 0.5 * (3.0 - sqrt(5.0));
    double f_lo = rms_at_k0(lo, &c), f_hi = rms_at_k0(hi, &c);
    double x = lo + golden_cut * (hi - lo), f_x = rms_at_k0(x, &c);
    while (!(f_x < f_lo && f_x < f_hi) && c.hit == 0 && c.evaluations < 1000) {
        if (f_x >= f_lo) {
            hi = x;
            f_hi = f_x;
        } else {
            lo = x;
            f_lo = f_x;
        }
        x = lo + golden_cut * (hi - lo);
        f_x = rms_at_k0(x, &c);
    }
    int st = s ? GSL_SUCCESS : GSL_ENOMEM;
    if (st == GSL_SUCCESS && c.hit == 0)
        st = gsl_min_fminimizer_set_with_values(s, &fn, x, f_x, lo, f_lo, hi, f_hi);
    while (st == GSL_SUCCESS && c.hit == 0 && c.evaluations < 1000)
        st = gsl_min_fminimizer_iterate(s);
    printf("golden-section search (GSL) on K0 of the Table 2 objective: bracket [%.6g, %.6g] "
           "(the (a, b) box), K0* = %.10g, RMS* = %.10g %%\n", box_lo, box_hi, k0_star,
           rms_min);
    if (c.hit > 0)
        printf("RMS within 1e-8 of RMS* after %zu evaluations (every one counted, the "
               "bracket's ends included)\n", c.hit);
    else
        printf("RMS within 1e-8 of RMS* not reached: %s after %zu evaluations\n",
               gsl_strerror(st), c.evaluations);
    gsl_min_fminimizer_free(s);
    return c.hit > 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    hf_library_init();
    if (argc > 1 && strcmp(argv[1], "--golden") == 0) {
        hf_profile_objective *table = NULL;
        if (hf_profile_objective_alloc_table(HERTZFIT_BENCH_TABLE2, &table, NULL) != HF_OK) {
            fprintf(stderr, "bench_profile: cannot build the table objective\n");
            return 1;
        }
        int rc = golden(table);
        hf_profile_objective_free(table);
        return rc;
    }
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(seconds > 0.0))
        seconds = 1.0;
    double *c = NULL, sink = 0.0;
    size_t n = 0;
    hf_profile_objective *samples = NULL, *table = NULL;
    if (hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP,
                         &c, &n, NULL) != HF_OK ||
        hf_profile_objective_alloc(c, n, &samples, NULL) != HF_OK ||
        hf_profile_objective_alloc_table(HERTZFIT_BENCH_TABLE2, &table, NULL) != HF_OK) {
        fprintf(stderr, "bench_profile: cannot build the objectives\n");
        return 1;
    }
    double ns_eval = time_calls(eval_objective, samples, seconds, &sink);
    double ns_table = time_calls(eval_objective, table, seconds, &sink);
    double ns_hr = time_calls(solve_hr, NULL, seconds, &sink);
    printf("profile objective, %zu samples: %8.1f ns/eval  (%.3g evals/s)\n", n, ns_eval,
           1e9 / ns_eval);
    printf("table objective (quadratic):   %8.1f ns/eval  (%.3g evals/s)\n", ns_table,
           1e9 / ns_table);
    printf("exact h_r solver:              %8.1f ns/call  (%.3g calls/s)\n", ns_hr,
           1e9 / ns_hr);
    printf("(checksum %g)\n", sink);
    free(c);
    hf_profile_objective_free(samples);
    hf_profile_objective_free(table);
    return 0;
}
