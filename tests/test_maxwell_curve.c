/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_maxwell_curve.c — the whole-curve fit of a Maxwell material
 * (hf_maxwell_fit_curve, hertzfit/maxwell_fit.h) on synthetic force
 * histories built in memory with Hunter's model: the material from clean
 * traces, contact starts fitted and given; the coverage of its standard
 * errors and the absence of bias over 50 seeded noisy data sets; its
 * residuals; its bad-input paths; and `maxwell fit --method curve` on
 * the shipped traces of data/drop_traces.
 *
 * The drops: 3 steel balls (the masses and radii of
 * data/maxwell_synthetic_grid.csv) × 4 speeds on μ0 = 10 MPa, ν = 0.5,
 * η = 300 1/s, so ε spans 0.03 to 0.2 as in the shipped data.  Each trace
 * has the contact over 60 % of its samples, 20 % of baseline before and
 * after, and the contact start between two samples.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell_fit.h"
#include "hertzfit/rng.h"
#include "core/rng_draw.h"

#define MU0 1e7
#define NU 0.5
#define ETA 300.0
#define NDROPS 12

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    return 0;
}

/* Drop i of the 12: ball i/4 at speed i%4. */
static hf_maxwell_impact drop_impact(size_t i)
{
    static const double m[3] = {0.00051, 0.00408, 0.03267}, R[3] = {0.0025, 0.005, 0.01};
    static const double V0[4] = {0.5, 1.2, 2.7, 4.0};
    return (hf_maxwell_impact){m[i / 4], R[i / 4], V0[i % 4]};
}

/* Drop i's true contact start on its trace's clock, whose samples fall on
 * 2 ms + k dt: a fraction of a sample later, different from drop to drop,
 * so neither the start nor the end of contact sits on a sample. */
static double true_start(size_t i, double dt)
{
    return 2e-3 + (0.137 + 0.071 * (double)i) * dt;
}

/* NDROPS traces of SAMPLES samples each of a material with inverse
 * relaxation time ETA, the contact covering about 60 % of them (20 %
 * baseline before, 20 % after), with additive Gaussian noise of NOISE
 * times each drop's peak force from PCG32 (seed, stream = drop) and a
 * baseline OFFSET times the peak. */
static hf_maxwell_data *synthetic_at(double eta, size_t ndrops, size_t samples, double noise,
                                     double offset, uint64_t seed, double *t0)
{
    hf_maxwell_data *d = NULL;
    assert_int_equal(hf_maxwell_data_alloc(ndrops, 0, &d, NULL), HF_OK);
    d->trace = calloc(ndrops, sizeof *d->trace);
    assert_non_null(d->trace);
    const hf_maxwell_material mat = {MU0, NU, eta};
    for (size_t i = 0; i < ndrops; ++i) {
        d->impact[i] = drop_impact(i);
        hf_maxwell_response r;
        assert_int_equal(hf_maxwell_simulate(&mat, &d->impact[i], NULL, &r, NULL), HF_OK);
        double dt = r.t_c / (0.6 * (double)samples);
        t0[i] = true_start(i, dt);
        hf_maxwell_trace *tr = &d->trace[i];
        tr->n = samples;
        tr->t = malloc(samples * sizeof *tr->t);
        tr->F = malloc(samples * sizeof *tr->F);
        double *since = malloc(samples * sizeof *since);
        assert_true(tr->t && tr->F && since);
        for (size_t j = 0; j < samples; ++j) {
            tr->t[j] = 2e-3 + ((double)j - 0.2 * (double)samples) * dt;
            since[j] = tr->t[j] - t0[i];
        }
        assert_int_equal(hf_maxwell_force_history(&mat, &d->impact[i], NULL, samples, since,
                                                  tr->F, NULL), HF_OK);
        free(since);
        hf_rng rng;
        hf_rng_seed(&rng, seed, i);
        for (size_t j = 0; j < samples; ++j)
            tr->F[j] += offset * r.F_M + (noise > 0.0 ? hf_rng_normal(&rng, 0.0, noise * r.F_M)
                                                      : 0.0);
    }
    return d;
}

static hf_maxwell_data *synthetic(size_t ndrops, size_t samples, double noise, uint64_t seed,
                                  double *t0)
{
    return synthetic_at(ETA, ndrops, samples, noise, 0.0, seed, t0);
}

/* The curve fit of D with the default configuration at ν = NU, asserted
 * to succeed (the diag printed when it does not); the contact starts may
 * be NULL. */
static hf_maxwell_fit_result fit_ok(const hf_maxwell_data *d, double *contact_start)
{
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.nu = NU;
    hf_maxwell_fit_result fit;
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_fit_curve(d, &cfg, &fit, contact_start, NULL, NULL, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);
    return fit;
}

static void test_clean_traces_give_the_material(void **state)
{
    (void)state;
    double t0[NDROPS], fitted[NDROPS];
    hf_maxwell_data *d = synthetic(NDROPS, 500, 0.0, 0, t0);
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.nu = NU;
    hf_maxwell_fit_result fit;
    size_t N = hf_maxwell_curve_nresiduals(d);
    assert_int_equal(N, NDROPS * 500);
    double *res = malloc(N * sizeof *res);
    hf_diag diag = {{0}};
    hf_status st = hf_maxwell_fit_curve(d, &cfg, &fit, fitted, NULL, res, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);
    char status[64];
    assert_string_equal(hf_maxwell_fit_status(&fit, status, sizeof status), "converged");
    assert_int_equal(fit.estimate.method, HF_MAXWELL_CURVE);
    assert_int_equal(fit.estimate.n, NDROPS);
    /* The brief's 0.1 %; the model is exact here, so what is left is the
     * fit's own tolerance (xtol 1e-8) and the ODE's (1e-12). */
    HF_ASSERT_CLOSE(fit.estimate.mu0, MU0, 0.0, 1e-3);
    HF_ASSERT_CLOSE(fit.estimate.eta, ETA, 0.0, 1e-3);
    /* and far better in fact: a clean fit is exact to the tolerances */
    HF_ASSERT_CLOSE(fit.estimate.mu0, MU0, 0.0, 1e-6);
    HF_ASSERT_CLOSE(fit.estimate.eta, ETA, 0.0, 1e-6);
    for (size_t i = 0; i < NDROPS; ++i)
        HF_ASSERT_CLOSE(fitted[i], t0[i], 1e-12, 0.0); /* ~1e-6 of a sample */
    double worst = 0.0;
    for (size_t k = 0; k < N; ++k)
        worst = fmax(worst, fabs(res[k]));
    assert_true(worst < 1e-6); /* N; peaks are 10 to 2000 N */
    assert_true(fit.estimate.max_eps > 0.15 && fit.estimate.max_eps < 0.25);
    assert_true(fit.estimate.r2 > 1.0 - 1e-12);
    free(res);
    hf_maxwell_data_free(d);
}

/* A host's interrupt (hf_interrupt_set) pending from its third poll on:
 * the trust-region iterations stop after two, and the fit gives no
 * estimate (HF_EINTERRUPTED) rather than an unconverged one. */
static int interrupt_polls;

static int interrupted_after_2_polls(void) { return ++interrupt_polls > 2; }

static void test_interrupt_stops_the_fit(void **state)
{
    (void)state;
    double t0[NDROPS];
    hf_maxwell_data *d = synthetic(NDROPS, 500, 0.0, 0, t0);
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.nu = NU;
    hf_maxwell_fit_result fit;
    hf_diag diag = {{0}};
    interrupt_polls = 0;
    hf_interrupt_set(interrupted_after_2_polls);
    hf_status st = hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, &diag);
    hf_interrupt_set(NULL);
    assert_int_equal(st, HF_EINTERRUPTED);
    assert_string_equal(diag.text, "curve fit: interrupted after 2 iterations");
    assert_int_equal(interrupt_polls, 3);
    /* without it the same fit converges */
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, &diag), HF_OK);
    hf_maxwell_data_free(d);
}

static void test_given_contact_starts(void **state)
{
    (void)state;
    double t0[NDROPS];
    hf_maxwell_data *d = synthetic(NDROPS, 200, 0.0, 0, t0);
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.nu = NU;
    cfg.contact = HF_MAXWELL_CONTACT_FIXED;
    cfg.contact_start = t0;
    hf_maxwell_fit_result fit;
    double back[NDROPS];
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, back, NULL, NULL, NULL), HF_OK);
    HF_ASSERT_CLOSE(fit.estimate.mu0, MU0, 0.0, 1e-6);
    HF_ASSERT_CLOSE(fit.estimate.eta, ETA, 0.0, 1e-6);
    for (size_t i = 0; i < NDROPS; ++i)
        assert_true(back[i] == t0[i]);
    /* A start 1 % of t_c late on every drop: the fit absorbs it in the
     * material — why the contact starts are fitted by default. */
    double late[NDROPS];
    for (size_t i = 0; i < NDROPS; ++i)
        late[i] = t0[i] + 0.01 * 0.6 * 200 * (d->trace[i].t[1] - d->trace[i].t[0]);
    cfg.contact_start = late;
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, NULL), HF_OK);
    assert_true(fabs(fit.estimate.mu0 / MU0 - 1.0) > 1e-3 ||
                fabs(fit.estimate.eta / ETA - 1.0) > 1e-3);
    hf_maxwell_data_free(d);
}

/* 50 seeded data sets at 0.5 % noise of the peak.  Each fits 14
 * parameters to 12 drops; 200 samples per drop (120 in contact) instead of
 * 500 keeps the test short: the claim is about the standard errors'
 * calibration, which depends on the noise being white and the model linear
 * over ±2 se, not on the number of samples (more samples only shrink
 * every se by the same √ factor). */
static void test_noisy_traces_are_covered_by_their_errors(void **state)
{
    (void)state;
    enum { SETS = 50, SAMPLES = 200 };
    size_t covered[2] = {0, 0};
    double sum_z[2] = {0.0, 0.0};
    for (uint64_t seed = 1; seed <= SETS; ++seed) {
        double t0[NDROPS];
        hf_maxwell_data *d = synthetic(NDROPS, SAMPLES, 0.005, seed, t0);
        hf_maxwell_fit_result fit = fit_ok(d, NULL);
        assert_false(hf_maxwell_fit_suspect(&fit));
        const double z[2] = {(fit.estimate.mu0 - MU0) / fit.estimate.mu0_se,
                             (fit.estimate.eta - ETA) / fit.estimate.eta_se};
        for (int j = 0; j < 2; ++j) {
            covered[j] += fabs(z[j]) <= 2.0;
            sum_z[j] += z[j];
        }
        /* s² estimates the noise: 0.5 % of the peak, weighted by the peak */
        double s = sqrt(fit.estimate.misfit / (double)(NDROPS * SAMPLES - 2 - NDROPS));
        HF_ASSERT_CLOSE(s, 0.005, 0.0, 0.1);
        hf_maxwell_data_free(d);
    }
    print_message("coverage at 2 se: mu0 %zu/%d, eta %zu/%d; mean z: %.3f, %.3f\n",
                  covered[0], SETS, covered[1], SETS, sum_z[0] / SETS, sum_z[1] / SETS);
    /* the brief: the true values within 2 se in at least 90 % of the sets
     * (95.4 % expected when the errors are right) */
    assert_true(covered[0] >= 45);
    assert_true(covered[1] >= 45);
    /* Unbiased: the mean of 50 z-scores of an unbiased estimator with
     * right errors is N(0, 1/50); |mean| < 3/√50 = 0.42. */
    assert_true(fabs(sum_z[0] / SETS) < 3.0 / sqrt(SETS));
    assert_true(fabs(sum_z[1] / SETS) < 3.0 / sqrt(SETS));
}

static void test_residual_access_matches_the_fit(void **state)
{
    (void)state;
    double t0[3], fitted[3], base[3];
    hf_maxwell_data *d = synthetic(3, 150, 0.005, 7, t0);
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.nu = NU;
    hf_maxwell_fit_result fit;
    size_t N = hf_maxwell_curve_nresiduals(d);
    double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, fitted, base, a, NULL), HF_OK);
    assert_int_equal(hf_maxwell_curve_residuals(d, &cfg, fit.estimate.mu0, fit.estimate.eta,
                                                fitted, base, b, NULL), HF_OK);
    for (size_t k = 0; k < N; ++k)
        assert_true(a[k] == b[k]);
    free(a);
    free(b);
    hf_maxwell_data_free(d);
}

/* A load cell that reads 2 % of the peak at zero force: the fitted
 * baselines take it, the material comes out exact; a fit told the traces
 * are zeroed is biased. */
static void test_baseline_offset(void **state)
{
    (void)state;
    double t0[NDROPS], base[NDROPS];
    hf_maxwell_data *d = synthetic_at(ETA, NDROPS, 200, 0.0, 0.02, 0, t0);
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.nu = NU;
    hf_maxwell_fit_result fit;
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, base, NULL, NULL), HF_OK);
    HF_ASSERT_CLOSE(fit.estimate.mu0, MU0, 0.0, 1e-6);
    HF_ASSERT_CLOSE(fit.estimate.eta, ETA, 0.0, 1e-6);
    const hf_maxwell_material mat = {MU0, NU, ETA};
    for (size_t i = 0; i < NDROPS; ++i) {
        hf_maxwell_response r;
        assert_int_equal(hf_maxwell_simulate(&mat, &d->impact[i], NULL, &r, NULL), HF_OK);
        HF_ASSERT_CLOSE(base[i], 0.02 * r.F_M, 1e-9 * r.F_M, 0.0);
    }
    cfg.baseline = HF_MAXWELL_BASELINE_ZERO;
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, base, NULL, NULL), HF_OK);
    assert_true(base[0] == 0.0);
    assert_true(fabs(fit.estimate.mu0 / MU0 - 1.0) > 1e-3 ||
                fabs(fit.estimate.eta / ETA - 1.0) > 1e-3);
    hf_maxwell_data_free(d);
}

/* A nearly elastic material (ε ~ 1e-4) under 0.5 % noise: η is not
 * determined, and the status says so with the reason. */
static void test_undetermined_eta_is_poorly_determined(void **state)
{
    (void)state;
    double t0[4];
    hf_maxwell_data *d = synthetic_at(0.1, 4, 100, 0.005, 0.0, 3, t0);
    hf_maxwell_fit_result fit = fit_ok(d, NULL);
    char status[64], reason[200];
    hf_maxwell_fit_status(&fit, status, sizeof status);
    hf_maxwell_estimate_quality(&fit.estimate, reason, sizeof reason);
    print_message("eta = %g +- %g 1/s: %s (%s)\n", fit.estimate.eta, fit.estimate.eta_se, status,
                  reason);
    assert_string_equal(status, "poorly-determined");
    assert_non_null(strstr(reason, "relative standard error of eta"));
    HF_ASSERT_CLOSE(fit.estimate.mu0, MU0, 0.0, 0.01); /* μ0 still is */
    hf_maxwell_data_free(d);
}

/* ---- through the program, on the shipped traces -------------------------
 * data/drop_traces: 12 drops made by 'maxwell simulate --trace' at
 * μ0 = 1 MPa, ν = 0.5, η = 100 1/s with 0.5 % noise, a 0.26 N offset and
 * 16-bit quantisation (data/drop_traces/README.md). */
#define TRACES HERTZFIT_SOURCE_DIR "/data/drop_traces/drops.csv"

/* μ0 and η of the curve row of a --csv table. */
static void curve_row(const char *out, double *mu0, double *mu0_se, double *eta,
                      double *eta_se, char *status, size_t size)
{
    const char *row = strstr(out, "\ncurve,");
    assert_non_null(row);
    char st[64] = "";
    assert_int_equal(sscanf(row, "\ncurve,F(t),12,%lf,%lf,%lf,%lf,%*[^,],%*[^,],%*[^,],%63[^,\n]",
                            mu0, mu0_se, eta, eta_se, st), 5);
    snprintf(status, size, "%s", st);
}

static void test_cli_curve_on_the_shipped_traces(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" TRACES "' --nu 0.5 --method curve --csv",
                                 &out, &err), 0);
    double mu0, mu0_se, eta, eta_se;
    char status[64];
    curve_row(out, &mu0, &mu0_se, &eta, &eta_se, status, sizeof status);
    assert_string_equal(status, "converged");
    /* the truth within 3 standard errors (one data set: 99.7 %) */
    assert_true(fabs(mu0 - 1e6) < 3.0 * mu0_se);
    assert_true(fabs(eta - 100.0) < 3.0 * eta_se);
    assert_true(mu0_se / mu0 < 1e-3 && eta_se / eta < 1e-2);
    free(out);
    free(err);
    /* --method all on a list of traces alone: the curve row only */
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" TRACES "' --nu 0.5 --csv", &out, &err),
                     0);
    assert_non_null(strstr(out, "\ncurve,F(t),12,"));
    assert_null(strstr(out, "\nregression,"));
    assert_null(strstr(out, "\nfull,"));
    free(out);
    free(err);
    /* a zero baseline on traces with a 0.26 N offset: far off, as it should be,
     * and not trusted: the residuals are several times the pre-contact noise */
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" TRACES "' --nu 0.5 --method curve "
                                 "--baseline zero --csv", &out, &err), 1);
    curve_row(out, &mu0, &mu0_se, &eta, &eta_se, status, sizeof status);
    assert_true(fabs(eta - 100.0) > 10.0 * eta_se);
    assert_string_equal(status, "model-inadequate");
    assert_non_null(strstr(err, "reduced chi^2"));
    free(out);
    free(err);
    /* contact starts fixed where the extraction puts them: a fit, and a
     * different one (the extraction's starts are not the fitted ones) */
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" TRACES "' --nu 0.5 --method curve "
                                 "--contact-start extracted --csv", &out, &err), 1);
    double mu0_x, eta_x;
    curve_row(out, &mu0_x, &mu0_se, &eta_x, &eta_se, status, sizeof status);
    assert_true(mu0_x != mu0 && eta_x != eta);
    /* those starts are 0.3-8 us off: the fit lands 10 and 4.5 standard errors
     * from the truth, and the runs test on its residuals does not trust it */
    assert_true(fabs(mu0_x - 1e6) > 3.0 * mu0_se || fabs(eta_x - 100.0) > 3.0 * eta_se);
    assert_string_equal(status, "model-inadequate");
    free(out);
    free(err);
}

static void test_cli_curve_residuals(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" TRACES "' --nu 0.5 --method curve "
                                 "--residuals --csv", &out, &err), 0);
    /* a header and one row per sample of the 12 traces */
    assert_true(strncmp(out, "drop,line,t_s,t_contact_s,F_N,F_model_N,residual_N\n", 51) == 0);
    assert_int_equal(hf_test_count_lines(out), 1 + 6066);
    /* each row: model − measured = residual */
    const char *p = strchr(out, '\n') + 1;
    size_t rows = 0;
    while (*p) {
        int drop, line;
        double t, tc, F, Fm, r;
        assert_int_equal(sscanf(p, "%d,%d,%lf,%lf,%lf,%lf,%lf", &drop, &line, &t, &tc, &F, &Fm,
                                &r), 7);
        HF_ASSERT_CLOSE(Fm - F, r, 1e-12 * fabs(F), 1e-12);
        p = strchr(p, '\n');
        assert_non_null(p);
        ++p;
        ++rows;
    }
    assert_int_equal(rows, 6066);
    free(out);
    free(err);
}

static void test_cli_curve_bad_input(void **state)
{
    (void)state;
    hf_test_expect_failure("maxwell fit --data '" HERTZFIT_SOURCE_DIR
                           "/data/maxwell_synthetic_clean.csv' --nu 0.5 --method curve", 2,
                           "no force histories (a trace column) to fit the curve to");
    hf_test_expect_failure("maxwell fit --data '" TRACES "' --nu 0.5 --contact-start guess", 2,
                           "--contact-start: unknown value 'guess' (valid: fit, extracted)");
    hf_test_expect_failure("maxwell fit --data '" TRACES "' --nu 0.5 --baseline none", 2,
                           "--baseline: unknown value 'none' (valid: fit, zero)");
    hf_test_expect_failure("maxwell fit --data '" TRACES "' --nu 0.5 --max-iter 0", 2,
                           "--max-iter");
    /* a fit cut short still prints its row, warns, and exits 1 */
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" TRACES "' --nu 0.5 --method curve "
                                 "--max-iter 1", &out, &err), 1);
    assert_non_null(strstr(out, "maxiter"));
    assert_non_null(strstr(err, "the curve fit did not converge (maxiter"));
    free(out);
    free(err);
}

static void test_bad_input(void **state)
{
    (void)state;
    double t0[3];
    hf_maxwell_data *d = synthetic(3, 50, 0.0, 0, t0);
    hf_maxwell_curve_config cfg;
    hf_maxwell_curve_config_init(&cfg);
    cfg.nu = NU;
    hf_maxwell_fit_result fit;
    hf_diag diag = {{0}};
    hf_maxwell_curve_config bad = cfg;
    bad.nu = 0.7;
    assert_int_equal(hf_maxwell_fit_curve(d, &bad, &fit, NULL, NULL, NULL, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "nu = 0.7"));
    d->trace[1].t[10] = d->trace[1].t[9];
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "sample 11 of drop 2"));
    d->trace[1].t[10] = 0.5 * (d->trace[1].t[9] + d->trace[1].t[11]);
    d->trace[2].F[3] = NAN;
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, &diag), HF_EDOM);
    d->trace[2].F[3] = 0.0;
    for (size_t j = 0; j < d->trace[0].n; ++j)
        d->trace[0].F[j] = 0.0;
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "drop 1 has no force"));
    hf_maxwell_trace *keep = d->trace;
    d->trace = NULL;
    assert_int_equal(hf_maxwell_fit_curve(d, &cfg, &fit, NULL, NULL, NULL, &diag), HF_ENOTFOUND);
    assert_int_equal(hf_maxwell_curve_nresiduals(d), 0);
    d->trace = keep;
    hf_maxwell_data_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_traces_give_the_material),
        cmocka_unit_test(test_given_contact_starts),
        cmocka_unit_test(test_noisy_traces_are_covered_by_their_errors),
        cmocka_unit_test(test_residual_access_matches_the_fit),
        cmocka_unit_test(test_baseline_offset),
        cmocka_unit_test(test_undetermined_eta_is_poorly_determined),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_cli_curve_on_the_shipped_traces),
        cmocka_unit_test(test_cli_curve_residuals),
        cmocka_unit_test(test_cli_curve_bad_input),
        cmocka_unit_test(test_interrupt_stops_the_fit),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
