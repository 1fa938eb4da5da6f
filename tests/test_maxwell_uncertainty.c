// SPDX-License-Identifier: GPL-3.0-or-later
/*
 * tests/test_maxwell_uncertainty.c — the uncertainty hf_maxwell_identify
 * states: the bootstrap over drops (bit-identical for any thread count,
 * its interval covering the truth on seeded lists), the regressions'
 * first-order bias in their status (never `ok` when the line is further
 * off than its standard error, `ok` on small-eps data), and the program's
 * --bootstrap and corr_mu0_eta output, and the reader naming the file and
 * row of a mass off by 10.
 *
 * Seeded lists: Hunter's model (hf_maxwell_synthesize) on the 18 impacts of
 * data/maxwell_synthetic_grid.csv (read from the clean file, which has them)
 * with relative noise, PCG32 (seed, 0).
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell_fit.h"
#include "objectives/maxwell_internal.h"

#define MU0 1e7
#define NU 0.5
#define ETA 300.0
#define DATA HERTZFIT_SOURCE_DIR "/data/"

static hf_argatov_constants k;

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    return hf_argatov_constants_compute(&k, NULL) == HF_OK ? 0 : -1;
}

/* The grid's impacts with Hunter's F_M, t_M, t_c, e at (MU0, eta) times
 * 1 + noise·N(0,1). */
static hf_maxwell_data *seeded_list(double eta, double noise, uint64_t seed)
{
    hf_maxwell_data *grid = NULL, *d = NULL;
    assert_int_equal(hf_maxwell_data_read(DATA "maxwell_synthetic_clean.csv", NULL, &grid, NULL),
                     HF_OK);
    assert_int_equal(hf_maxwell_data_alloc(grid->n, 0xFu, &d, NULL), HF_OK);
    hf_maxwell_response *r = malloc(grid->n * sizeof *r);
    assert_non_null(r);
    const hf_maxwell_material mat = {MU0, NU, eta};
    assert_int_equal(hf_maxwell_synthesize(&mat, grid, noise, seed, r, NULL), HF_OK);
    for (size_t i = 0; i < grid->n; ++i) {
        d->impact[i] = grid->impact[i];
        for (int o = 0; o < HF_MAXWELL_NOBS; ++o)
            d->value[o][i] = hf_maxwell_response_get(&r[i], (hf_maxwell_observable)o);
    }
    free(r);
    hf_maxwell_data_free(grid);
    return d;
}

static hf_maxwell_identify_config config(hf_maxwell_identify_method method, size_t bootstrap,
                                         int threads)
{
    hf_maxwell_identify_config c;
    hf_maxwell_identify_config_init(&c);
    c.method = method;
    c.nu = NU;
    c.bootstrap = bootstrap;
    c.threads = threads;
    return c;
}

/* The same seed gives the same intervals, bit for bit, on 1, 2 and 3
 * threads: each replicate's drops come from (seed, replicate) alone and the
 * replicates are reduced in index order. */
static void test_bootstrap_is_identical_for_any_thread_count(void **state)
{
    (void)state;
    hf_maxwell_data *d = seeded_list(ETA, 0.01, 3);
    hf_maxwell_identify_report r[3];
    for (int t = 0; t < 3; ++t) {
        hf_maxwell_identify_config c = config(HF_MAXWELL_IDENTIFY_ALL, 24, t + 1);
        hf_diag diag = {{0}};
        assert_int_equal(hf_maxwell_identify(d, &k, &c, &r[t], &diag), HF_OK);
        assert_int_equal(r[t].nrows, 4); /* three regressions and the full fit */
    }
    for (size_t i = 0; i < r[0].nrows; ++i) {
        const hf_maxwell_identify_row *a = &r[0].row[i];
        assert_true(a->bootstrap_used >= 18); /* every method gives most replicates a value */
        assert_true(a->mu0_boot_lo < a->mu0_boot_hi && a->eta_boot_lo < a->eta_boot_hi);
        for (int t = 1; t < 3; ++t) {
            const hf_maxwell_identify_row *b = &r[t].row[i];
            assert_int_equal(a->bootstrap_used, b->bootstrap_used);
            const double x[6] = {a->mu0_boot_lo, a->mu0_boot_hi, a->mu0_boot_sd,
                                 a->eta_boot_lo, a->eta_boot_hi, a->eta_boot_sd};
            const double y[6] = {b->mu0_boot_lo, b->mu0_boot_hi, b->mu0_boot_sd,
                                 b->eta_boot_lo, b->eta_boot_hi, b->eta_boot_sd};
            assert_memory_equal(x, y, sizeof x);
        }
    }
    /* another seed draws other drops */
    hf_maxwell_identify_config c = config(HF_MAXWELL_IDENTIFY_FULL, 24, 2);
    c.bootstrap_seed = 2;
    hf_maxwell_identify_report other;
    assert_int_equal(hf_maxwell_identify(d, &k, &c, &other, NULL), HF_OK);
    assert_true(other.row[0].eta_boot_lo != r[0].row[3].eta_boot_lo);
    hf_maxwell_data_free(d);
}

/* Coverage of the full fit's 95 % bootstrap interval on seeded lists of 18
 * drops with 2 % noise.  Measured over seeds 1-30 with 200 replicates
 * (docs/traces.md): μ0 in 27, η in 29 (the ±1.96 se interval: the same).
 * The percentile interval of 18 drops is a little narrow (its coverage is
 * 1 − O(1/n)), so the claim is the 27-of-30 (90 %) target; 6 seeds and 40
 * replicates here keep the test short (it runs under the sanitizers too):
 * at a true coverage of 90 % at least 4 of 6 fall inside with probability
 * 0.98, and the seeds are fixed. */
static void test_bootstrap_covers_the_truth(void **state)
{
    (void)state;
    int mu0_in = 0, eta_in = 0;
    const int seeds = 6;
    for (int s = 1; s <= seeds; ++s) {
        hf_maxwell_data *d = seeded_list(ETA, 0.02, (uint64_t)s);
        hf_maxwell_identify_config c = config(HF_MAXWELL_IDENTIFY_FULL, 40, 0);
        hf_maxwell_identify_report r;
        hf_diag diag = {{0}};
        assert_int_equal(hf_maxwell_identify(d, &k, &c, &r, &diag), HF_OK);
        const hf_maxwell_identify_row *row = &r.row[0];
        assert_true(row->bootstrap_used >= 38);
        mu0_in += row->mu0_boot_lo <= MU0 && MU0 <= row->mu0_boot_hi;
        eta_in += row->eta_boot_lo <= ETA && ETA <= row->eta_boot_hi;
        print_message("seed %d: mu0 [%.6g, %.6g], eta [%.5g, %.5g]\n", s, row->mu0_boot_lo,
                      row->mu0_boot_hi, row->eta_boot_lo, row->eta_boot_hi);
        hf_maxwell_data_free(d);
    }
    assert_true(mu0_in >= 4);
    assert_true(eta_in >= 4);
}

/* A host's interrupt (hf_interrupt_set) polled before every evaluation:
 * counted, and pending from poll number interrupt_at on (never when 0). */
static size_t interrupt_polls, interrupt_at;

static int counted_interrupt(void)
{
    return ++interrupt_polls >= interrupt_at && interrupt_at > 0;
}

/* An interrupt during the bootstrap stops it: no further replicate
 * starts (a replicate's fit stops at once, but the rest of its work would
 * not), and the identification fails HF_EINTERRUPTED instead of giving
 * intervals of the replicates that happened to run. */
static void test_interrupt_stops_the_bootstrap(void **state)
{
    (void)state;
    hf_maxwell_data *d = seeded_list(ETA, 0.01, 1);
    hf_maxwell_identify_report r;
    hf_diag diag = {{0}};
    hf_interrupt_set(counted_interrupt);
    /* the polls of the fit alone, then of 20 replicates more */
    hf_maxwell_identify_config c = config(HF_MAXWELL_IDENTIFY_FULL, 0, 1);
    interrupt_polls = interrupt_at = 0;
    assert_int_equal(hf_maxwell_identify(d, &k, &c, &r, &diag), HF_OK);
    const size_t fit_polls = interrupt_polls;
    c.bootstrap = 20;
    interrupt_polls = 0;
    assert_int_equal(hf_maxwell_identify(d, &k, &c, &r, &diag), HF_OK);
    const size_t replicate_polls = (interrupt_polls - fit_polls) / 20;
    assert_true(fit_polls > 10 && replicate_polls > 10);   /* 50 and 47 */
    /* 1000 replicates, interrupted within the fifth */
    c.bootstrap = 1000;
    interrupt_polls = 0;
    interrupt_at = fit_polls + 4 * replicate_polls + replicate_polls / 2;
    assert_int_equal(hf_maxwell_identify(d, &k, &c, &r, &diag), HF_EINTERRUPTED);
    hf_interrupt_set(NULL);
    assert_non_null(strstr(diag.text, "interrupted"));
    /* one poll for each replicate that did not start */
    assert_true(interrupt_polls < interrupt_at + 1000);
    hf_maxwell_data_free(d);
}

static void test_bootstrap_refusals(void **state)
{
    (void)state;
    hf_maxwell_data *d = seeded_list(ETA, 0.01, 1);
    hf_maxwell_identify_report r;
    hf_diag diag = {{0}};
    hf_maxwell_identify_config c = config(HF_MAXWELL_IDENTIFY_FULL, 5, 0);
    assert_int_equal(hf_maxwell_identify(d, &k, &c, &r, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "bootstrap = 5 replicates is outside [20, 100000]"));
    c = config(HF_MAXWELL_IDENTIFY_FULL, 40, 0);
    c.residuals = 1;
    assert_int_equal(hf_maxwell_identify(d, &k, &c, &r, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "not residuals"));
    hf_maxwell_data_free(d);
}

/* The status of a regression states its first-order bias.  On Hunter's
 * model at eps up to 0.195 with 0.2 % and 1 % noise (5 seeds each): a line
 * whose truth is further off than the bias-free scatter allows is never
 * `ok` — every ok line has the truth within 4 standard errors (the
 * unweighted lines' se of relative noise are ~25 % small, test_maxwell_fit,
 * and 2.5 se are reached in 1 of 30), and at 0.2 % noise the bias dominates
 * and the lines say first-order-biased. */
static void test_regression_ok_only_within_its_errors(void **state)
{
    (void)state;
    int ok = 0, biased = 0, within = 0;
    static const double noise[2] = {0.002, 0.01};
    for (int j = 0; j < 2; ++j)
        for (uint64_t s = 1; s <= 5; ++s) {
            hf_maxwell_data *d = seeded_list(ETA, noise[j], s);
            for (int o = HF_MAXWELL_F_M; o <= HF_MAXWELL_T_C; ++o) {
                hf_maxwell_estimate e;
                assert_int_equal(hf_maxwell_regress(d, NU, (hf_maxwell_observable)o,
                                                    HF_MAXWELL_WEIGHTS_NONE, &k, &e, NULL),
                                 HF_OK);
                hf_maxwell_quality q = hf_maxwell_estimate_quality(&e, NULL, 0);
                double z_mu0 = (e.mu0 - MU0) / e.mu0_se, z_eta = (e.eta - ETA) / e.eta_se;
                print_message("noise %g seed %d %s: mu0 %+.2f se, eta %+.2f se (bias %+.2f, "
                              "%+.2f se) %s\n", noise[j], (int)s,
                              hf_maxwell_observable_name((hf_maxwell_observable)o), z_mu0,
                              z_eta, e.mu0_bias / e.mu0_se, e.eta_bias / e.eta_se,
                              hf_maxwell_quality_name(q));
                if (q == HF_MAXWELL_WELL_DETERMINED) {
                    ++ok;
                    within += fabs(z_mu0) <= 2.0 && fabs(z_eta) <= 2.0;
                    assert_true(fabs(z_mu0) <= 4.0 && fabs(z_eta) <= 4.0);
                }
                biased += q == HF_MAXWELL_FIRST_ORDER_BIASED;
                if (j == 0 && o == HF_MAXWELL_F_M)
                    assert_int_equal(q, HF_MAXWELL_FIRST_ORDER_BIASED);
            }
            hf_maxwell_data_free(d);
        }
    print_message("%d ok (%d within 2 se), %d first-order-biased of 30 lines\n", ok, within,
                  biased);
}

/* Small eps (eta = 20 1/s: eps up to 0.013) and 0.5 % noise: the bias is a
 * small fraction of the standard error, and the lines are ok. */
static void test_small_eps_regressions_are_ok(void **state)
{
    (void)state;
    hf_maxwell_data *d = seeded_list(20.0, 0.001, 7);
    for (int o = HF_MAXWELL_F_M; o <= HF_MAXWELL_T_M; ++o) {
        hf_maxwell_estimate e;
        char reason[256];
        assert_int_equal(hf_maxwell_regress(d, NU, (hf_maxwell_observable)o,
                                            HF_MAXWELL_WEIGHTS_NONE, &k, &e, NULL), HF_OK);
        hf_maxwell_quality q = hf_maxwell_estimate_quality(&e, reason, sizeof reason);
        print_message("%s: eta %.4g +- %.3g (bias %.3g), %s %s\n",
                      hf_maxwell_observable_name((hf_maxwell_observable)o), e.eta, e.eta_se,
                      e.eta_bias, hf_maxwell_quality_name(q), reason);
        assert_true(fabs(e.eta_bias) < e.eta_se && fabs(e.mu0_bias) < e.mu0_se);
        if (o == HF_MAXWELL_F_M) /* F_M's line determines eta at this eps; t_M's does not */
            assert_int_equal(q, HF_MAXWELL_WELL_DETERMINED);
    }
    hf_maxwell_data_free(d);
}

/* The shipped traces' extracted features (made at eta = 100 1/s): the F_M
 * line gives eta ~10 % low, ~5 standard errors; it must not say ok. */
static void test_shipped_features_regression_not_ok(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    const char *features = hf_test_tmp_path("uncertainty-features.csv");
    char args[1400];
    assert_int_equal(hf_test_cli("maxwell extract --data '" DATA "drop_traces/drops.csv' --csv",
                                 &out, NULL), 0);
    hf_test_write_file(features, out);
    free(out);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression --csv",
             features);
    hf_test_cli(args, &out, &err);
    const char *row = strstr(out, "\nregression,F_M,12,");
    assert_non_null(row);
    double eta, eta_se;
    char status[64];
    assert_int_equal(sscanf(row, "\nregression,F_M,12,%*[^,],%*[^,],%lf,%lf,%*[^,],%*[^,],"
                            "%*[^,],%63[^,\n]", &eta, &eta_se, status), 3);
    print_message("F_M: eta %.5g +- %.3g, %s\n", eta, eta_se, status);
    assert_true(fabs(eta - 100.0) > 2.0 * eta_se);   /* the line is off ... */
    assert_string_equal(status, "first-order-biased"); /* ... and says so */
    assert_non_null(strstr(err, "regression F_M is first-order-biased"));
    free(out);
    free(err);
    remove(features);
}

/* The program: the asymptotic and bootstrap intervals side by side, the
 * correlation column, --csv's extra columns, bit-identical for --threads 1
 * and 3, and a refused replicate count (exit 2). */
static void test_cli_bootstrap(void **state)
{
    (void)state;
    char *text = NULL, *one = NULL, *three = NULL, *err = NULL;
    const char *fit = "maxwell fit --data '" DATA "maxwell_synthetic_noisy.csv' --nu 0.5 "
                      "--method full --bootstrap 24 --seed 5";
    char args[400];
    assert_int_equal(hf_test_cli(fit, &text, NULL), 0);
    assert_non_null(strstr(text, "corr_mu0_eta"));
    assert_non_null(strstr(text, "95 % intervals (bootstrap over drops: 24 replicates, seed 5)"));
    assert_non_null(strstr(text, " asymptotic "));
    assert_non_null(strstr(text, " bootstrap "));
    snprintf(args, sizeof args, "%s --csv --threads 1", fit);
    assert_int_equal(hf_test_cli_table(args, &one, NULL), 0);
    snprintf(args, sizeof args, "%s --csv --threads 3", fit);
    assert_int_equal(hf_test_cli_table(args, &three, NULL), 0);
    assert_string_equal(one, three);
    const char *header = "method,observable,n,mu0_Pa,mu0_se,eta_per_s,eta_se,C0,r2,max_eps,"
                         "status,corr_mu0_eta,mu0_boot_lo_Pa,mu0_boot_hi_Pa,"
                         "eta_boot_lo_per_s,eta_boot_hi_per_s,bootstrap_replicates\n";
    assert_true(strncmp(one, header, strlen(header)) == 0);
    double corr, lo, hi;
    const char *row = strstr(one, "\nfull,");
    assert_non_null(row);
    assert_int_equal(sscanf(row, "\nfull,%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],%*[^,],"
                            "%*[^,],%*[^,],converged,%lf,%*[^,],%*[^,],%lf,%lf,24\n", &corr,
                            &lo, &hi), 3);
    assert_true(fabs(corr) < 1.0 && lo < 300.0 && 300.0 < hi);
    free(text);
    free(one);
    free(three);
    hf_test_expect_failure("maxwell fit --data '" DATA "maxwell_synthetic_noisy.csv' --nu 0.5 "
                           "--bootstrap 5", 2, "--bootstrap");
    (void)err;
}

/* A row whose mass is 10 times too large (g read as 1e-2 kg, or a typo):
 * its F_M t_c/(m V0) is 0.36 where any impact gives 1 to 8, and the reader
 * names the file and the row (a warning: the other rows stand). */
static void test_mass_slip_names_file_and_row(void **state)
{
    (void)state;
    char *clean = hf_test_read_file(DATA "maxwell_synthetic_clean.csv");
    assert_non_null(clean);
    size_t cap = strlen(clean) + 64, len = 0, line = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (char *l = strtok(clean, "\n"); l != NULL; l = strtok(NULL, "\n")) {
        double m;
        char rest[800];
        if (++line == 5 && sscanf(l, "%lf,%799s", &m, rest) == 2)
            len += (size_t)snprintf(text + len, cap - len, "%.17g,%s\n", 10.0 * m, rest);
        else
            len += (size_t)snprintf(text + len, cap - len, "%s\n", l);
    }
    const char *path = hf_test_tmp_path("uncertainty-mass10.csv");
    hf_test_write_file(path, text);
    free(text);
    free(clean);
    char args[1200], *out = NULL, *err = NULL;
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method full --csv", path);
    hf_test_cli(args, &out, &err);
    print_message("%s", err);
    char needle[1200];
    snprintf(needle, sizeof needle, "warning: %s:5: F_M t_c/(m V0) = 0.3", path);
    assert_non_null(strstr(err, needle));
    assert_non_null(strstr(err, "is its mass in 'm_kg' 10 or 1000 times too large?"));
    free(out);
    free(err);
    /* the clean file itself: no such line */
    assert_int_equal(hf_test_cli("maxwell fit --data '" DATA "maxwell_synthetic_clean.csv' "
                                 "--nu 0.5 --method full --csv", &out, &err), 0);
    assert_null(strstr(err, "(m V0)"));
    free(out);
    free(err);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bootstrap_is_identical_for_any_thread_count),
        cmocka_unit_test(test_bootstrap_covers_the_truth),
        cmocka_unit_test(test_bootstrap_refusals),
        cmocka_unit_test(test_interrupt_stops_the_bootstrap),
        cmocka_unit_test(test_regression_ok_only_within_its_errors),
        cmocka_unit_test(test_small_eps_regressions_are_ok),
        cmocka_unit_test(test_shipped_features_regression_not_ok),
        cmocka_unit_test(test_cli_bootstrap),
        cmocka_unit_test(test_mass_slip_names_file_and_row),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
