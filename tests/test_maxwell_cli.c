/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_maxwell_cli.c — `hertzfit maxwell constants|simulate|fit` and
 * `hertzfit plot maxwell` through the built program: the shipped synthetic
 * data regenerate bit-for-bit, the outputs have the documented columns, and
 * every bad input of these commands ends with exit 2, exactly one line on
 * stderr naming the problem, and nothing on stdout.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hertzfit/maxwell.h"
#include "hertzfit/maxwell_data.h"
#include "hertzfit/status.h"

#define DATA HERTZFIT_SOURCE_DIR "/data/"
#define TRUTH "--mu0 1e7 --nu 0.5 --eta 300"

static int setup(void **state)
{
    (void)state;
    hf_library_init();
    return 0;
}

/* Bad input: exit 2, one line on stderr naming NEEDLE, nothing on stdout. */
static void expect_bad(const char *args, const char *needle)
{
    hf_test_expect_failure(args, 2, needle);
}

static int starts_with(const char *text, const char *prefix)
{
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

/* The data README's commands, run again: byte-identical files. */
static void test_synthetic_files_regenerate_bit_for_bit(void **state)
{
    (void)state;
    static const char *const cases[2][2] = {
        {"maxwell simulate --grid '" DATA "maxwell_synthetic_grid.csv' " TRUTH " --csv",
         DATA "maxwell_synthetic_clean.csv"},
        {"maxwell simulate --grid '" DATA "maxwell_synthetic_grid.csv' " TRUTH
         " --noise 0.01 --seed 2024 --csv", DATA "maxwell_synthetic_noisy.csv"},
    };
    for (int i = 0; i < 2; ++i) {
        char *out = NULL, *err = NULL;
        assert_int_equal(hf_test_cli_table(cases[i][0], &out, &err), 0);
        char *shipped = hf_test_read_file(cases[i][1]); /* freed below */
        assert_non_null(shipped);
        assert_int_equal(strlen(out), strlen(shipped));
        assert_memory_equal(out, shipped, strlen(shipped));
        assert_string_equal(err, "");
        free(shipped);
        free(out);
        free(err);
    }
}

static void test_constants_csv(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli_table("maxwell constants --csv", &out, NULL), 0);
    assert_true(starts_with(out, "name,value\ntau_m0,1.47163759216235"));
    assert_non_null(strstr(out, "\nc_c_t,-0.3185640693671"));
    assert_int_equal(hf_test_count_lines(out), 12);
    free(out);
}

/* One impact: the numerical columns and the asymptotic ones beside them.
 * The first-order formulas miss by a ε² (tests/test_hunter.c checks the ε²
 * law), a ≈ 0.31 for F_M and 1.9 for e: 7e-4 and 5e-3 at ε = 0.049, so
 * tolerances 0.003 and 0.02 are ~4 times the expected error and catch any
 * O(ε) (≈ 5 %) slip. */
static void test_simulate_one_impact(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli_table("maxwell simulate " TRUTH " --R 0.0025 --m 0.00051 --v0 0.5 "
                                 "--csv", &out, NULL), 0);
    assert_true(starts_with(out, "F_M_N,t_M_s,t_c_s,e,eps,w_m_m,F_M_asym_N,t_M_asym_s,"
                                 "t_c_asym_s,e_asym,w_m_asym_m\n"));
    double v[11];
    assert_int_equal(sscanf(strchr(out, '\n') + 1, "%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf",
                            &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8],
                            &v[9], &v[10]), 11);
    /* ε = η C0/𝒱 (Eqs. 23, 51–52, 56) computed here independently with pow();
     * the library goes through exp(ln C0 − ln 𝒱).  |ln T| ≈ 9, so each
     * route carries a rounding error of ~9 ulp ≈ 2e-15 relative: 1e-14. */
    const double mu0 = 1e7, nu = 0.5, eta = 300.0, R = 0.0025, m = 0.00051, V0 = 0.5;
    double eps = eta * pow(15.0 * (1.0 - nu) / (32.0 * mu0), 0.4) /
                 pow(R * V0 / (m * m), 0.2);
    HF_ASSERT_CLOSE(v[4], eps, 0.0, 1e-14);
    HF_ASSERT_CLOSE(v[6], v[0], 0.0, 0.003);
    HF_ASSERT_CLOSE(v[9], v[3], 0.0, 0.02);
    /* w_m: loading is exact and the formula's error is ~0.05 ε² (the
     * master curve of w_m, Eq. 45) = 1.2e-4 relative at ε = 0.049: 1e-3 */
    HF_ASSERT_CLOSE(v[10], v[5], 0.0, 1e-3);
    free(out);
}

/* A slow drop (ε ≈ 0.88) on the exact model: Argatov's first-order
 * restitution (Eq. 25) is negative there, which says the asymptotic
 * formulas have left their range, not that the impact cannot be simulated.
 * The simulation's own columns stay (an exact e strictly inside (0, 1)),
 * the *_asym columns are NA, the reason is on stderr, exit 0. */
static void test_simulate_beyond_the_first_order_range(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell simulate --exact --mu0 1e7 --nu 0.5 --eta 2500 "
                                       "--m 0.01 --R 0.01 --v0 1 --csv", &out, &err), 0);
    const char *row = strchr(out, '\n') + 1;
    while (*row == '#')
        row = strchr(row, '\n') + 1;
    double v[6];
    assert_int_equal(sscanf(row, "%lf,%lf,%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2], &v[3], &v[4],
                            &v[5]), 6);
    assert_true(v[3] > 0.0 && v[3] < 1.0);
    assert_true(v[4] > 0.85 && v[4] < 0.9);
    assert_non_null(strstr(row, ",NA,NA,NA,NA,NA\n"));
    assert_non_null(strstr(err, "first-order restitution is outside its range"));
    free(out);
    free(err);
}

/* Extreme but valid inputs: R V0/m² overflows a double for m = 1e-200, yet
 * the response is representable (F_M ~ 1e-118 N), and must be printed
 * finite; when an output itself leaves the double range (F_M ~ 1e+340 N
 * for μ0 = V0 = 1e300, the time scale ~ 1e-400 s) the command fails with
 * exit 2 naming the inputs, never prints inf or 0 with exit 0. */
static void test_simulate_out_of_double_range(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell simulate --mu0 1e6 --nu 0.5 --eta 10 --R 0.01 "
                                 "--m 1e-200 --v0 1 --csv", &out, &err), 0);
    double v[9];
    assert_int_equal(sscanf(strchr(out, '\n') + 1, "%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf",
                            &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]), 9);
    for (int j = 0; j < 9; ++j)
        assert_true(isfinite(v[j]) && v[j] > 0.0);
    /* ε ~ 1e-81, so the response is Hertz's: ω_m = 1 and the peak force
     * 1.25·ω_m^{3/2} in units of m V0²/w_m⁰ = m V0 𝒱/C0 (Eqs. 24, 51),
     * computed here in logs.  The ODE runs at per-step tolerances 1e-12
     * (hf_hunter_options default) over ~1e2 steps, so the numerical peak
     * is good to ~1e-11: tolerance 1e-10.  A unit or exponent slip would
     * be off by orders of magnitude. */
    double lnV = 0.2 * (log(0.01) + log(1.0) - 2.0 * log(1e-200));
    double lnC0 = 0.4 * log(15.0 * 0.5 / 32.0 / 1e6);
    HF_ASSERT_CLOSE(v[0], 1.25 * exp(log(1e-200) + lnV - lnC0), 0.0, 1e-10);
    free(out);
    free(err);
    expect_bad("maxwell simulate --mu0 1e300 --nu 0.5 --eta 10 --R 0.01 --m 1 --v0 1e300",
               "F_M [N] = inf is not a finite positive number for mu0 = 1e+300 Pa");
    expect_bad("maxwell simulate --mu0 1e300 --nu 0.5 --eta 10 --R 1e300 --m 1e-300 "
               "--v0 1e300", "time scale w_m0/V0 = 0 is not a finite positive number");
}

/* `fit` on the clean file: three regressions and the full fit; the full
 * fit's μ0 and η within 0.5 % (in fact ~1e-8). */
static void test_fit_clean_file(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" DATA "maxwell_synthetic_clean.csv' "
                                 "--nu 0.5 --csv", &out, &err), 0);
    assert_int_equal(hf_test_count_lines(out), 5);
    assert_true(starts_with(out, "method,observable,n,mu0_Pa,mu0_se,eta_per_s,eta_se,C0,r2,"
                                 "max_eps,status,corr_mu0_eta\nregression,F_M,18,"));
    assert_non_null(strstr(out, ",converged,"));
    const char *row = "\nfull,F_M+t_M+t_c+e,18,";
    const char *full = strstr(out, row);
    assert_non_null(full);
    double mu0, mu0_se, eta;
    assert_int_equal(sscanf(full + strlen(row), "%lf,%lf,%lf", &mu0, &mu0_se, &eta), 3);
    HF_ASSERT_CLOSE(mu0, 1e7, 0.0, 0.005);
    HF_ASSERT_CLOSE(eta, 300.0, 0.0, 0.005);
    /* eps reaches 0.195: each first-order line is further off than its
     * (tiny, clean-data) standard error, one warning each */
    assert_int_equal(hf_test_count_lines(err), 3);
    assert_non_null(strstr(out, "\nregression,F_M,18,"));
    assert_non_null(strstr(out, ",first-order-biased,NA\nregression,t_M,"));
    free(out);
    free(err);
}

/* A full fit stopped by its budget still prints its row, but says so: the
 * status column reads "maxeval", stderr carries one warning line, and with
 * no other estimate the command fails (exit 1) saying none can be trusted. */
static void test_fit_flags_an_unconverged_full_fit(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" DATA "maxwell_synthetic_noisy.csv' "
                                 "--nu 0.5 --method full --max-evals 1 --csv", &out, &err), 1);
    assert_int_equal(hf_test_count_lines(out), 2);
    assert_non_null(strstr(out, ",maxeval,"));
    assert_int_equal(hf_test_count_lines(err), 2);
    assert_non_null(strstr(err, "warning: the full fit did not converge (maxeval after 1 "
                                "evaluations"));
    assert_non_null(strstr(err, "maxwell_synthetic_noisy.csv: no estimate is well determined"));
    free(out);
    free(err);
}

/* Only the regressions: one row per observable with a column (here t_c
 * and e, so one row), no full fit. */
static void test_fit_regression_only(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("maxwell-tc.csv");
    hf_test_write_file(path, "# t_c only\nt_c_s,V0_mps,m_kg,R_m,e\n"
                             "0.00047673371688,0.5,0.00051,0.0025,0.94\n"
                             "0.00043414563017,0.8,0.00051,0.0025,0.94\n"
                             "0.00094930468537,0.5,0.00408,0.005,0.89\n"
                             "0.00188627834258,0.5,0.03267,0.01,0.8\n");
    char args[1200], *out = NULL, *err = NULL;
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression --csv",
             path);
    /* clean values at eps up to 0.14: the line's first-order bias in eta is
     * ~5 of its standard errors, so its one row is not trusted (exit 1) */
    assert_int_equal(hf_test_cli_table(args, &out, &err), 1);
    assert_int_equal(hf_test_count_lines(out), 2);
    assert_non_null(strstr(out, "\nregression,t_c,4,"));
    assert_non_null(strstr(out, ",first-order-biased,"));
    free(out);
    free(err);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression "
                                "--residuals", path);
    expect_bad(args, "--residuals needs --method full, curve or all");
    remove(path);
}

static void test_fit_residuals_and_other_optimizer(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" DATA "maxwell_synthetic_noisy.csv' "
                                 "--nu 0.5 --method full --residuals --csv", &out, NULL), 0);
    assert_int_equal(hf_test_count_lines(out), 1 + 18 * 4);
    assert_true(starts_with(out, "test,line,observable,measured,model,rel_residual\n1,"));
    free(out);
    char *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" DATA "maxwell_synthetic_clean.csv' "
                                 "--nu 0.5 --method full --optimizer nlopt:LN_NELDERMEAD --csv",
                                 &out, &err), 0);
    assert_non_null(strstr(out, "\nfull,"));
    free(out);
    free(err);
}

/* mu0 and eta of the regression rows of a --csv table, in row order. */
static size_t regression_rows(const char *out, double mu0[3], double eta[3])
{
    size_t n = 0;
    for (const char *p = strstr(out, "\nregression,"); p != NULL && n < 3;
         p = strstr(p + 1, "\nregression,")) {
        char obs[16];
        long count;
        double se;
        assert_int_equal(sscanf(p + 12, "%15[^,],%ld,%lf,%lf,%lf", obs, &count, &mu0[n], &se,
                                &eta[n]), 5);
        ++n;
    }
    return n;
}

/* The clean synthetic data written as a lab's spreadsheet would: a
 * byte-order mark, CRLF, ';', a '#' line, a quoted note with the
 * separator in it, grams, diameters in mm, drop heights in mm
 * (h = V0²/(2g)), kN, ms and µs.  The regressions read it as the SI file:
 * the same μ0 and η to the 6 digits printed. */
static void test_fit_lab_units_file(void **state)
{
    (void)state;
    hf_maxwell_data *d = NULL;
    assert_int_equal(hf_maxwell_data_read(DATA "maxwell_synthetic_clean.csv", NULL, &d, NULL),
                     HF_OK);
    size_t cap = 300 * (d->n + 2), len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    len += (size_t)snprintf(text + len, cap - len, "\xEF\xBB\xBF# lab units\r\n"
                            "m_g;D_mm;h_mm;F_M_kN;t_M_ms;t_c_us;e;note\r\n");
    for (size_t i = 0; i < d->n; ++i) {
        const hf_maxwell_impact *imp = &d->impact[i];
        len += (size_t)snprintf(text + len, cap - len,
                                "%.17g;%.17g;%.17g;%.17g;%.17g;%.17g;%.17g;\"ball %zu; ok\"\r\n",
                                imp->m * 1e3, imp->R * 2e3,
                                imp->V0 * imp->V0 / (2.0 * 9.80665) * 1e3,
                                d->value[HF_MAXWELL_F_M][i] * 1e-3,
                                d->value[HF_MAXWELL_T_M][i] * 1e3,
                                d->value[HF_MAXWELL_T_C][i] * 1e6, d->value[HF_MAXWELL_E][i],
                                i + 1);
    }
    const char *path = hf_test_tmp_path("maxwell-lab.csv");
    hf_test_write_file(path, text);
    free(text);
    hf_maxwell_data_free(d);
    char args[1400], *si = NULL, *lab = NULL, *given = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" DATA "maxwell_synthetic_clean.csv' "
                                 "--nu 0.5 --method regression --csv", &si, NULL), 1);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression --csv",
             path);
    /* exit 1: clean data at eps up to 0.195, every line further off than its
     * standard error (first-order-biased); no warning of the reader's */
    assert_int_equal(hf_test_cli_table(args, &lab, &err), 1);
    assert_int_equal(hf_test_count_lines(err), 4);
    for (const char *p = err, *q; (q = strstr(p, "warning: ")) != NULL; p = q + 1)
        assert_true(strncmp(strstr(q, " is "), " is first-order-biased", 22) == 0);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression --csv "
                                "--delimiter ';' --g 9.80665", path);
    assert_int_equal(hf_test_cli_table(args, &given, NULL), 1);
    assert_string_equal(given, lab);
    double mu0[2][3], eta[2][3];
    assert_int_equal(regression_rows(si, mu0[0], eta[0]), 3);
    assert_int_equal(regression_rows(lab, mu0[1], eta[1]), 3);
    for (int j = 0; j < 3; ++j) {
        HF_ASSERT_CLOSE(mu0[1][j], mu0[0][j], 0.0, 1e-5);
        HF_ASSERT_CLOSE(eta[1][j], eta[0][j], 0.0, 1e-5);
    }
    free(si);
    free(lab);
    free(given);
    free(err);
    /* another g makes other speeds from the same heights */
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression --csv "
                                "--g 9.81", path);
    assert_int_equal(hf_test_cli_table(args, &given, NULL), 1); /* first-order-biased, as above */
    assert_int_equal(regression_rows(given, mu0[1], eta[1]), 3);
    assert_true(fabs(mu0[1][0] / mu0[0][0] - 1.0) > 1e-5);
    free(given);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --g 0", path);
    expect_bad(args, "--g: 0 must be > 0");
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --delimiter '|'", path);
    expect_bad(args, "--delimiter: unknown value '|' (valid: ,, ;, tab)");
    remove(path);
}

/* The relative residual of row "TEST,LINE,OBS," of a --residuals --csv table. */
static double residual_of(const char *out, const char *row)
{
    const char *p = strstr(out, row);
    assert_non_null(p);
    double measured, model, r;
    assert_int_equal(sscanf(p + strlen(row), "%lf,%lf,%lf", &measured, &model, &r), 3);
    return r;
}

/* A test with a missing observable keeps its others: n counts the tests
 * of each line, the full fit still converges, and --residuals lists only
 * the measured values, each with its own residual (on the noisy file, the
 * residuals of the other values move by less than 2e-3 — the estimate
 * moves by a fraction of its standard error — while a residual shifted to
 * its neighbour's slot would differ by ~1e-2). */
static void test_fit_missing_values(void **state)
{
    (void)state;
    char *clean = hf_test_read_file(DATA "maxwell_synthetic_noisy.csv");
    assert_non_null(clean);
    /* blank the F_M of test 1 and write NA for the t_c of test 2 */
    char *text = malloc(strlen(clean) + 16);
    assert_non_null(text);
    char *line2 = strchr(clean, '\n') + 1, *line3 = strchr(line2, '\n') + 1;
    char cells[2][8][64];
    for (int r = 0; r < 2; ++r) {
        const char *p = r == 0 ? line2 : line3;
        for (int c = 0; c < 8; ++c) {
            size_t n = strcspn(p, ",\n");
            snprintf(cells[r][c], sizeof cells[r][c], "%.*s", (int)n, p);
            p += n + 1;
        }
    }
    snprintf(cells[0][3], sizeof cells[0][3], "%s", "");
    snprintf(cells[1][5], sizeof cells[1][5], "%s", "NA");
    size_t len = (size_t)(line2 - clean);
    memcpy(text, clean, len);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c)
            len += (size_t)sprintf(text + len, "%s%c", cells[r][c], c < 7 ? ',' : '\n');
    strcpy(text + len, strchr(line3, '\n') + 1);
    const char *path = hf_test_tmp_path("maxwell-missing.csv");
    hf_test_write_file(path, text);
    free(text);
    free(clean);
    char args[1200], *out = NULL, *err = NULL;
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --csv", path);
    assert_int_equal(hf_test_cli_table(args, &out, &err), 0);
    assert_non_null(strstr(out, "\nregression,F_M,17,"));
    assert_non_null(strstr(out, "\nregression,t_M,18,"));
    assert_non_null(strstr(out, "\nregression,t_c,17,"));
    assert_non_null(strstr(out, ",converged,"));
    free(out);
    free(err);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method full --residuals "
                                "--csv", path);
    assert_int_equal(hf_test_cli_table(args, &out, NULL), 0);
    assert_int_equal(hf_test_count_lines(out), 1 + 18 * 4 - 2);
    assert_true(starts_with(out, "test,line,observable,measured,model,rel_residual\n1,2,t_M,"));
    char *all = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" DATA "maxwell_synthetic_noisy.csv' "
                                 "--nu 0.5 --method full --residuals --csv", &all, NULL), 0);
    static const char *const rows[] = {"\n1,2,t_M,", "\n1,2,e,", "\n2,3,F_M,", "\n2,3,t_M,",
                                       "\n2,3,e,", "\n3,4,F_M,", "\n18,19,e,"};
    for (size_t j = 0; j < sizeof rows / sizeof rows[0]; ++j)
        HF_ASSERT_CLOSE(residual_of(out, rows[j]), residual_of(all, rows[j]), 2e-3, 0.0);
    free(all);
    free(out);
    remove(path);
}

/* Honest status: a line whose η comes out negative is "nonphysical", one
 * with R² < 0.5 or a relative se > 50 % "poorly-determined", each with one
 * warning line naming the reason; with no well-determined estimate the
 * command fails (exit 1) after printing the table. */
static void test_fit_honest_status(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    assert_int_equal(hf_test_cli_table("maxwell fit --data '" DATA "maxwell_synthetic_noisy.csv' "
                                 "--nu 0.5 --method regression --csv", &out, &err), 0);
    assert_non_null(strstr(out, "\nregression,F_M,18,"));
    assert_non_null(strstr(out, ",ok,"));
    assert_non_null(strstr(out, ",poorly-determined,"));
    assert_non_null(strstr(err, "warning: regression t_M is poorly-determined: R^2 = 0.41 < "
                                "0.5\n"));
    assert_non_null(strstr(err, "warning: regression t_c is poorly-determined: the relative "
                                "standard error of eta is "));
    free(out);
    free(err);
    /* F_M/(m V0) = 1400·𝒱 + 500 (a positive intercept: η = −500/c_M^F < 0) */
    const char *path = hf_test_tmp_path("maxwell-negative.csv");
    char text[1000];
    size_t len = (size_t)snprintf(text, sizeof text, "m_kg,R_m,V0_mps,F_M_N\n");
    for (int i = 0; i < 4; ++i) {
        hf_maxwell_impact imp = {0.004, 0.005, 0.5 * (double)(1 << i)};
        double V = hf_maxwell_speed_parameter(&imp);
        double y = 1400.0 * V + 500.0 + 10.0 * (double)(i % 2);
        len += (size_t)snprintf(text + len, sizeof text - len, "%g,%g,%g,%.17g\n", imp.m, imp.R,
                                imp.V0, y * imp.m * imp.V0);
    }
    hf_test_write_file(path, text);
    char args[1200];
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression --csv",
             path);
    assert_int_equal(hf_test_cli_table(args, &out, &err), 1);
    assert_non_null(strstr(out, ",nonphysical,"));
    assert_int_equal(hf_test_count_lines(err), 2);
    assert_non_null(strstr(err, "warning: regression F_M is nonphysical: eta = -"));
    assert_non_null(strstr(err, "1/s is not positive\n"));
    assert_non_null(strstr(err, ": no estimate is well determined"));
    free(out);
    free(err);
    remove(path);
}

/* A unit slip is read but warned about, naming the column and the unit
 * the values look like. */
static void test_fit_warns_of_a_unit_slip(void **state)
{
    (void)state;
    char *out = NULL, *err = NULL;
    const char *path = hf_test_tmp_path("maxwell-slip.csv");
    hf_test_write_file(path, "m_kg,R_m,V0_mps,t_c_s\n0.004,5,0.5,3e-4\n0.004,5,1,2.7e-4\n"
                             "0.004,5,2,2.4e-4\n");
    char args[1200];
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --method regression", path);
    (void)hf_test_cli_table(args, &out, &err);
    assert_non_null(strstr(err, "warning: "));
    assert_non_null(strstr(err, ":2:2: column 'R_m' holds 5 m, over the 1 m no drop test "
                                "reaches (3 of 3 rows): are the values in the unit of 'R_mm'?"));
    free(out);
    free(err);
    remove(path);
}

/* ---- bad input: exit 2, one line on stderr, no stdout ------------------- */


/* Writes TEXT to a scratch file and runs `maxwell fit` and `plot maxwell`
 * on it; both must fail the same way. */
static void expect_bad_data(const char *text, const char *extra, const char *needle)
{
    char path[1024], args[4096];
    snprintf(path, sizeof path, "%s", hf_test_tmp_path("maxwell-bad.csv"));
    hf_test_write_file(path, text);
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 %s", path, extra);
    expect_bad(args, needle);
    snprintf(args, sizeof args, "plot maxwell --data '%s' --nu 0.5 -o '%s.png'", path, path);
    expect_bad(args, needle);
    remove(path);
}

static void test_bad_data_through_the_cli(void **state)
{
    (void)state;
    expect_bad_data("m_kg,R_m,F_M_N\n1,2,3\n", "",
                    ":1: no column for the approach speed (one of V0_mps, h_m, h_mm is "
                    "required)");
    expect_bad_data("m_kg,R_m,V0_mps,t_M_min\n0.004,0.005,1,1\n", "",
                    ":1:4: column 't_M_min' names the time of the peak force with an unknown "
                    "unit (accepted: t_M_s, t_M_ms, t_M_us)");
    expect_bad_data("m_kg,R_mm,D_mm,V0_mps,e\n0.004,5,10,1,0.9\n", "",
                    "column 'D_mm' gives the impactor radius a second time (after 'R_mm')");
    expect_bad_data("m_kg,R_m,V0_mps,e\n0.004,NA,1,0.9\n", "", ":2:2: column 'R_m': the value "
                    "is missing");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N,e\n0.004,0.005,1,,NA\n", "",
                    ":2: every observable of this test is missing");
    const char *path = hf_test_tmp_path("maxwell-semicolon.csv");
    char args[1200];
    hf_test_write_file(path, "m_kg;R_m;V0_mps;e\n0.004;0.005;1;0.9\n");
    snprintf(args, sizeof args, "maxwell fit --data '%s' --nu 0.5 --delimiter ,", path);
    expect_bad(args, ":1: the header is one column, which holds ';': is that the separator "
                     "(not ',')?");
    remove(path);
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0.005,1,13\n0.004,0.005,x2,20\n", "",
                    ":3:3: column 'V0_mps': 'x2' is not a number");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0.005,1,13\n-0.004,0.005,2,20\n", "",
                    ":3:1: m_kg = -0.004 must be finite and > 0");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0,1,13\n", "", ":2:2: R_m = 0");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0.005,-1,13\n", "", ":2:3: V0_mps = -1");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0.005,1,nan\n", "", ":2:4:");
    expect_bad_data("m_kg,R_m,V0_mps,t_c_s\n0.004,inf,1,1e-3\n", "", ":2:2:");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0.005,1,13\n0.004,0.005,2,20\n", "",
                    "at least 3 tests");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0.005,1,13\n0.004,0.01,0.5,14\n"
                    "0.008,0.02,1,15\n", "", "singular");
    expect_bad_data("m_kg,R_m,V0_mps\n0.004,0.005,1\n", "", "no observable column");
    expect_bad_data("m_kg,R_m,V0_mps,e\n0.004,0.005,1,1.5\n", "", "e = 1.5");
    expect_bad_data("m_kg,R_m,V0_mps,F_M_N\n0.004,0.005,1\n", "", ":2:");
}

static void test_bad_options_through_the_cli(void **state)
{
    (void)state;
    const char *clean = "maxwell fit --data '" DATA "maxwell_synthetic_clean.csv'";
    char args[1024];
    snprintf(args, sizeof args, "%s --nu 0.6", clean);
    expect_bad(args, "--nu: 0.6 is outside [0, 0.5]");
    snprintf(args, sizeof args, "%s --nu -0.1", clean);
    expect_bad(args, "outside [0, 0.5]");
    snprintf(args, sizeof args, "%s --nu nan", clean);
    expect_bad(args, "not finite");
    snprintf(args, sizeof args, "%s --nu 0.5 --method best", clean);
    expect_bad(args, "--method: unknown value 'best' (valid: regression, full, curve, all)");
    snprintf(args, sizeof args, "%s --nu 0.5 --optimizer nlopt:NOPE", clean);
    expect_bad(args, "NOPE");
    expect_bad("maxwell fit --data /nonexistent/file.csv --nu 0.5", "/nonexistent/file.csv");
    expect_bad("maxwell fit --nu 0.5", "--data is required");
    expect_bad("maxwell simulate " TRUTH " --R 0.01 --m -0.03 --v0 1", "m = -0.03");
    expect_bad("maxwell simulate --mu0 1e7 --nu 0.7 --eta 300 --R 0.01 --m 0.03 --v0 1",
               "--nu: 0.7 is outside [0, 0.5]");
    expect_bad("maxwell simulate --mu0 1e7 --nu 0.5 --eta inf --R 0.01 --m 0.03 --v0 1",
               "not finite");
    expect_bad("maxwell simulate " TRUTH " --R 0.01 --m 0.03", "--v0 is required (or --grid)");
    expect_bad("maxwell simulate " TRUTH " --R 0.01 --grid '" DATA "maxwell_synthetic_grid.csv'",
               "give either --R or --grid, not both");
    expect_bad("maxwell simulate " TRUTH " --grid '" DATA "maxwell_synthetic_grid.csv' "
               "--noise -0.1", "--noise");
    expect_bad("maxwell simulate " TRUTH " --grid '" DATA "maxwell_synthetic_grid.csv' "
               "--noise 0.21", "--noise: 0.21 is outside [0, 0.2]");
    expect_bad("maxwell simulate " TRUTH " --grid '" DATA "maxwell_synthetic_grid.csv' "
               "--seed 3", "--seed needs --noise");
    /* e ≈ 0.95 at 20 % noise exceeds 1 for a draw above +0.25σ: seed 1
     * does so at the second impact; refused, not written as data. */
    expect_bad("maxwell simulate " TRUTH " --grid '" DATA "maxwell_synthetic_grid.csv' "
               "--noise 0.2 --seed 1", "impact 2: noise 0.2 (seed 1) makes");
    expect_bad("maxwell simulate --mu0 1e7 --nu 0.5 --eta 1e6 --R 0.01 --m 0.03 --v0 1",
               "eps =");
    expect_bad("maxwell nothing", "unknown subcommand 'nothing'");
}

static void test_plot_writes_a_png(void **state)
{
    (void)state;
    hf_test_plot_to_png("plot maxwell --data '" DATA "maxwell_synthetic_noisy.csv' --nu 0.5",
                        "maxwell.png");
}

/* maxwell curves: the table's shape and its first row (Hertz: every ratio
 * 1 to the ODE's 1e-10, see test_argatov_master), the limits table of each
 * alpha, and bad values of --alpha and --tol refused by name. */
static void test_curves(void **state)
{
    (void)state;
    char *out = NULL;
    assert_int_equal(hf_test_cli_table("maxwell curves --points 3 --eps-max 0.2 --csv", &out, NULL),
                     0);
    assert_true(starts_with(out, "alpha,eps,wm_wm0,wm_wm0_asym,FM_FM0,FM_FM0_asym,tM_tm0,"
                                 "tM_tm0_asym,tc_tc0,tc_tc0_asym,e,e_asym\n1,0,"));
    assert_int_equal(hf_test_count_lines(out), 4);
    const char *row = strchr(out, '\n') + 5; /* after "1,0," */
    for (int j = 0; j < 10; ++j) {
        char *end = NULL;
        HF_ASSERT_CLOSE(strtod(row, &end), 1.0, 1e-10, 0.0);
        row = end + 1;
    }
    free(out);
    assert_int_equal(hf_test_cli_table("maxwell curves --limits --alpha 1,0.5 --csv", &out, NULL), 0);
    assert_true(starts_with(out, "alpha,quantity,eps_limit,tauR_tm0,limit\n1,w_m,"));
    assert_non_null(strstr(out, "\n0.5,e,"));
    assert_int_equal(hf_test_count_lines(out), 11);
    free(out);
    expect_bad("maxwell curves --alpha 0", "--alpha");
    expect_bad("maxwell curves --alpha 1.5", "--alpha");
    expect_bad("maxwell curves --tol 0.05", "--tol");
    expect_bad("maxwell curves --limits --eps-max 0.3", "--eps-max");
    expect_bad("maxwell simulate " TRUTH " --alpha -1 --R 0.01 --m 0.01 --v0 1", "--alpha");
}

/* maxwell simulate --alpha: the standard linear solid's eps is Eq. 49's,
 * alpha times the Maxwell one (to the 17 printed digits, 1e-15). */
static void test_simulate_sls(void **state)
{
    (void)state;
    char *out = NULL, *sls = NULL;
    const char *impact = " --R 0.01 --m 0.03267 --v0 0.5 --csv";
    char args[512];
    snprintf(args, sizeof args, "maxwell simulate %s%s", TRUTH, impact);
    assert_int_equal(hf_test_cli_table(args, &out, NULL), 0);
    snprintf(args, sizeof args, "maxwell simulate %s --alpha 0.5%s", TRUTH, impact);
    assert_int_equal(hf_test_cli_table(args, &sls, NULL), 0);
    double vm[5], vs[5];
    assert_int_equal(sscanf(strchr(out, '\n') + 1, "%lf,%lf,%lf,%lf,%lf", &vm[0], &vm[1],
                            &vm[2], &vm[3], &vm[4]), 5);
    assert_int_equal(sscanf(strchr(sls, '\n') + 1, "%lf,%lf,%lf,%lf,%lf", &vs[0], &vs[1],
                            &vs[2], &vs[3], &vs[4]), 5);
    HF_ASSERT_CLOSE(vs[4], 0.5 * vm[4], 0.0, 1e-15);
    /* half the relaxing modulus dissipates less: e is higher */
    assert_true(vs[3] > vm[3]);
    free(out);
    free(sls);
}

static void test_plot_curves_writes_a_png(void **state)
{
    (void)state;
    hf_test_plot_to_png("plot maxwell-curves", "curves.png");
    hf_test_plot_to_png("plot maxwell-curves --alpha 1,0.5", "fig4.png");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_synthetic_files_regenerate_bit_for_bit),
        cmocka_unit_test(test_constants_csv),
        cmocka_unit_test(test_simulate_one_impact),
        cmocka_unit_test(test_simulate_beyond_the_first_order_range),
        cmocka_unit_test(test_simulate_out_of_double_range),
        cmocka_unit_test(test_fit_clean_file),
        cmocka_unit_test(test_fit_flags_an_unconverged_full_fit),
        cmocka_unit_test(test_fit_regression_only),
        cmocka_unit_test(test_fit_residuals_and_other_optimizer),
        cmocka_unit_test(test_fit_lab_units_file),
        cmocka_unit_test(test_fit_missing_values),
        cmocka_unit_test(test_fit_honest_status),
        cmocka_unit_test(test_fit_warns_of_a_unit_slip),
        cmocka_unit_test(test_bad_data_through_the_cli),
        cmocka_unit_test(test_bad_options_through_the_cli),
        cmocka_unit_test(test_plot_writes_a_png),
        cmocka_unit_test(test_curves),
        cmocka_unit_test(test_simulate_sls),
        cmocka_unit_test(test_plot_curves_writes_a_png),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
