/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_profile_objective.c — the (a, b) RMS objective: samplings,
 * the closed-form optimum, and the table objective fitted to Safaeifar &
 * Farshidianfar's Table 2.
 */
#include "hf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sf_gamma.h>

#include "hertzfit/profile.h"
#include "hertzfit/profile_objective.h"
#include "hertzfit/damping.h"
#include "core/problem_internal.h"

#define TABLE2 HERTZFIT_SOURCE_DIR "/data/safaeifar2020_table2.csv"

static hf_profile_objective *default_objective(void)
{
    double *c = NULL;
    size_t n = 0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP, &c,
                                      &n, &diag), HF_OK);
    assert_int_equal(n, 99);
    hf_profile_objective *obj = NULL;
    assert_int_equal(hf_profile_objective_alloc(c, n, &obj, &diag), HF_OK);
    free(c);
    return obj;
}

/* No sampling is the library's default grid, the one every front end
 * gets when it passes none: the same objective, bit for bit. */
static void test_no_sampling_is_the_default_grid(void **state)
{
    (void)state;
    hf_profile_objective *grid = default_objective(), *none = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_profile_objective_alloc(NULL, 0, &none, &diag), HF_OK);
    for (double a = 1.0; a <= 6.0; a += 0.5)
        assert_true(hf_profile_objective_rms(none, a, 3.0) ==
                    hf_profile_objective_rms(grid, a, 3.0));
    double k[2], i[2], r[2];
    hf_profile_objective_optimum(grid, &k[0], &i[0], &r[0]);
    hf_profile_objective_optimum(none, &k[1], &i[1], &r[1]);
    assert_true(k[0] == k[1] && i[0] == i[1] && r[0] == r[1]);
    hf_profile_objective_free(none);
    hf_profile_objective_free(grid);
    /* values without a count, or a count without values, stay refused */
    const double c[1] = {0.5};
    assert_int_equal(hf_profile_objective_alloc(c, 0, &none, &diag), HF_EINVAL);
    assert_null(none);
    assert_int_equal(hf_profile_objective_alloc(NULL, 1, &none, &diag), HF_EINVAL);
    assert_null(none);
}

static void test_grid_sampling_is_inclusive(void **state)
{
    (void)state;
    double *c = NULL;
    size_t n = 0;
    assert_int_equal(hf_profile_sampling_grid(0.1, 0.1, 0.9, &c, &n, NULL), HF_OK);
    assert_int_equal(n, 9);
    HF_ASSERT_CLOSE(c[8], 0.9, 1e-15, 0.0);
    free(c);
    assert_int_equal(hf_profile_sampling_grid(0.5, 0.25, 1.0, &c, &n, NULL), HF_OK);
    assert_int_equal(n, 3);
    free(c);
}

static void test_hgeom_sampling_maps_through_inverse(void **state)
{
    (void)state;
    double *c = NULL;
    size_t n = 0;
    assert_int_equal(hf_profile_sampling_hgeom(0.01, 100.0, 5, &c, &n, NULL), HF_OK);
    assert_int_equal(n, 5);
    const double hs[5] = {0.01, 0.1, 1.0, 10.0, 100.0};
    for (size_t i = 0; i < 5; ++i) {
        double h;
        assert_int_equal(hf_restitution_hr_exact(c[i], &h, NULL), HF_OK);
        /* round trip h → c → h: the inverse is accurate to ~1e-15, and
         * dh/dc · c/h stays below ~10 over this range, so 1e-12. */
        HF_ASSERT_CLOSE(h, hs[i], 0.0, 1e-12);
    }
    free(c);
}

static void test_file_sampling_and_errors(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("cr-values");
    hf_test_write_file(path, "# my c_r values\nc_r\n0.25\n\n0.5\n");
    double *c = NULL;
    size_t n = 0;
    hf_diag diag = {{0}};
    assert_int_equal(hf_profile_sampling_read(path, &c, &n, &diag), HF_OK);
    assert_int_equal(n, 2);
    assert_true(c[0] == 0.25 && c[1] == 0.5);
    free(c);
    hf_test_write_file(path, "c_r\n0.25\n1.5\n");
    assert_int_equal(hf_profile_sampling_read(path, &c, &n, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, ":3:1: c_r = 1.5 is outside (0, 1]"));
    hf_test_write_file(path, "c_r\n0.25\nabc\n");
    assert_int_equal(hf_profile_sampling_read(path, &c, &n, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "'abc'"));
    /* a file without the c_r column (or without a header) names it */
    hf_test_write_file(path, "0.25\n0.5\n");
    assert_int_equal(hf_profile_sampling_read(path, &c, &n, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, "'c_r'"));
    hf_test_write_file(path, "c_r\n");
    assert_int_equal(hf_profile_sampling_read(path, &c, &n, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, "no c_r values"));
    /* one value over HF_SAMPLING_MAX: the reader stops at the row past the
     * limit, before the table's values are converted (the first one is
     * not a number: were the rows converted first, that would be the
     * message) */
    size_t rows = HF_SAMPLING_MAX + 1, len = 0;
    char *text = malloc(8 + 4 * rows + 1);
    assert_non_null(text);
    len += (size_t)sprintf(text, "c_r\nabc\n");
    for (size_t k = 1; k < rows; ++k, len += 4)
        memcpy(text + len, "0.5\n", 4);
    text[len] = '\0';
    hf_test_write_file(path, text);
    free(text);
    assert_int_equal(hf_profile_sampling_read(path, &c, &n, &diag), HF_ERANGE);
    assert_non_null(strstr(diag.text, ":10000002: more than 10000000 data rows (the limit)"));
    assert_null(c);
    remove(path);
    assert_int_equal(hf_profile_sampling_read(path, &c, &n, &diag), HF_EIO);
    assert_null(c);
}

static void test_malformed_samplings(void **state)
{
    (void)state;
    /* start, step, stop */
    const double bad_grids[][3] = {{0.1, 0.0, 0.9}, {0.1, -0.1, 0.9}, {0.9, 0.1, 0.1},
                                   {0.0, 0.1, 0.5}, {0.1, 0.1, 1.5}, {0.1, NAN, 0.9},
                                   {1e-9, 1e-17, 0.5}};
    for (size_t i = 0; i < sizeof bad_grids / sizeof bad_grids[0]; ++i) {
        double *c = NULL;
        size_t n = 0;
        hf_diag diag = {{0}};
        hf_status st = hf_profile_sampling_grid(bad_grids[i][0], bad_grids[i][1], bad_grids[i][2], &c,
                                        &n, &diag);
        if (st == HF_OK)
            print_error("grid %g:%g:%g was accepted\n", bad_grids[i][0], bad_grids[i][1],
                        bad_grids[i][2]);
        assert_true(st != HF_OK);
        assert_null(c);
        assert_true(strlen(diag.text) > 0);
    }
    /* h0, h1, n */
    const double bad_hgeom[][3] = {{1.0, 0.5, 10}, {0.1, 1.0, 1}, {0.0, 1.0, 5}};
    for (size_t i = 0; i < sizeof bad_hgeom / sizeof bad_hgeom[0]; ++i) {
        double *c = NULL;
        size_t n = 0;
        hf_diag diag = {{0}};
        hf_status st = hf_profile_sampling_hgeom(bad_hgeom[i][0], bad_hgeom[i][1],
                                         (size_t)bad_hgeom[i][2], &c, &n, &diag);
        assert_true(st != HF_OK);
        assert_null(c);
        assert_true(strlen(diag.text) > 0);
    }
}

static void test_closed_form_optimum_is_the_minimum(void **state)
{
    (void)state;
    hf_profile_objective *obj = default_objective();
    double k0, integral, rms_min;
    hf_profile_objective_optimum(obj, &k0, &integral, &rms_min);
    HF_ASSERT_CLOSE(integral, 2.0 / (5.0 * k0), 0.0, 1e-15);
    /* RMS at K0* ± δ exceeds the minimum (quadratic), and the derivative
     * vanishes: central difference of RMS² at K0* is ~ 0. */
    const double d = 1e-4;
    double lo = hf_profile_objective_rms_k0(obj, k0 - d);
    double hi = hf_profile_objective_rms_k0(obj, k0 + d);
    assert_true(lo > rms_min && hi > rms_min);
    HF_ASSERT_CLOSE((hi * hi - lo * lo) / (2 * d), 0.0, 1e-6, 0.0);
    /* Every (a, b) on the valley gives the minimum: I(a(b), b) = I*. */
    const double bs[] = {1.5, 2.385, 4.0, 6.0};
    for (size_t j = 0; j < 4; ++j) {
        double a;
        assert_int_equal(hf_profile_valley_a(bs[j], integral, &a, NULL), HF_OK);
        HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, a, bs[j]), rms_min, 1e-9, 0.0);
    }
    /* The evaluation equals the definition computed from scratch. */
    double *c = NULL;
    size_t n = 0;
    assert_int_equal(hf_profile_sampling_grid(HF_SAMPLING_START, HF_SAMPLING_STEP, HF_SAMPLING_STOP, &c, &n, NULL), HF_OK);
    double I, sum = 0.0;
    assert_int_equal(hf_profile_integral(2.385, 3.0, &I, NULL), HF_OK);
    for (size_t i = 0; i < n; ++i) {
        double h;
        assert_int_equal(hf_restitution_hr_exact(c[i], &h, NULL), HF_OK);
        double e = 100.0 * (2.0 * (1.0 - c[i]) / (5.0 * I * c[i]) - h) / h;
        sum += e * e;
    }
    free(c);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(obj, 2.385, 3.0), sqrt(sum / n), 0.0, 1e-13);
    assert_true(isnan(hf_profile_objective_rms(obj, -1.0, 3.0)));
    hf_profile_objective_free(obj);
}

static hf_profile_objective *sampling_objective(const char *kind)
{
    double *c = NULL;
    size_t n = 0;
    hf_status st = strcmp(kind, "grid") == 0 ? hf_profile_sampling_grid(0.01, 0.01, 0.99, &c, &n, NULL)
                 : strcmp(kind, "hgeom") == 0 ? hf_profile_sampling_hgeom(1e-3, 10.0, 1000, &c, &n, NULL)
                 /* near-elastic impacts, where h_r → K (1 − c)/c and the
                  * profile model fits to ~1e-12 %: RMS² ≪ 10⁴ */
                 : hf_profile_sampling_hgeom(1e-7, 1e-6, 50, &c, &n, NULL);
    assert_int_equal(st, HF_OK);
    hf_profile_objective *obj = NULL;
    assert_int_equal(hf_profile_objective_alloc(c, n, &obj, NULL), HF_OK);
    free(c);
    return obj;
}

/* K0 from GSL's ln B: independent of the closed form's ln Γ difference. */
static double k0_by_gsl_lnbeta(double a, double b)
{
    return hf_profile_k0_from_integral(exp(gsl_sf_lnbeta(2.5 / a, 1.0 + 1.0 / b)) / a);
}

static void test_quadratic_matches_direct_sum(void **state)
{
    (void)state;
    /* The evaluation (ln Γ, the centred quadratic) against the definition
     * (GSL's ln B, the sum over samples or the table's q0 + q1 K0 + q2 K0²)
     * over the box with its edges and around the optimum.  Both sides
     * round: I to ~1e-14 (an RMS moves by at most a few times that for a
     * relative change of K0: d ln RMS/d ln K0 <= K0 sqrt(q2)/(2 RMS_min) ~ 5
     * for these samplings), the sums to ~n ulp; 1e-12 leaves two decades.
     * The expanded quadratic 10⁴(K0²⟨r²⟩ − 2 K0⟨r⟩ + 1) fails this near
     * the optimum of the near-elastic sampling, where it cancels all its
     * digits (RMS² ~ 1e-24 against 10⁴; it is still 3e-6 off at
     * K0 = K0*(1 + 1e-5)), and by 1.6e-13 on hgeom's. */
    hf_profile_objective *objs[4] = {sampling_objective("grid"), sampling_objective("hgeom"),
                                     sampling_objective("elastic"), NULL};
    assert_int_equal(hf_profile_objective_alloc_table(TABLE2, &objs[3], NULL), HF_OK);
    double rms_elastic;
    hf_profile_objective_optimum(objs[2], NULL, NULL, &rms_elastic);
    assert_true(rms_elastic < 1e-6);   /* the cancelling case is really tested */
    const double as[] = {HF_PROFILE_A_MIN, nextafter(HF_PROFILE_A_MIN, 2.0), 1.3, 2.0, 2.939,
                         3.7, 5.2, nextafter(HF_PROFILE_A_MAX, 0.0), HF_PROFILE_A_MAX};
    const double bs[] = {HF_PROFILE_B_MIN, nextafter(HF_PROFILE_B_MIN, 2.0), 2.1, 3.409, 4.6,
                         nextafter(HF_PROFILE_B_MAX, 0.0), HF_PROFILE_B_MAX};
    for (size_t o = 0; o < 4; ++o) {
        for (size_t i = 0; i < sizeof as / sizeof as[0]; ++i)
            for (size_t j = 0; j < sizeof bs / sizeof bs[0]; ++j)
                HF_ASSERT_CLOSE(hf_profile_objective_rms(objs[o], as[i], bs[j]),
                                hf_profile_objective_rms_k0_direct(
                                    objs[o], k0_by_gsl_lnbeta(as[i], bs[j])),
                                0.0, 1e-12);
        /* On the valley and next to it, where the RMS is at its smallest
         * relative to the terms it is made of. */
        double k0;
        hf_profile_objective_optimum(objs[o], &k0, NULL, NULL);
        for (int e = -1; e >= -16; --e)
            for (int sign = -1; sign <= 1; sign += 2) {
                double k = k0 * (1.0 + sign * pow(10.0, e));
                HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(objs[o], k),
                                hf_profile_objective_rms_k0_direct(objs[o], k), 0.0, 1e-12);
            }
        HF_ASSERT_CLOSE(hf_profile_objective_rms_k0(objs[o], k0),
                        hf_profile_objective_rms_k0_direct(objs[o], k0), 0.0, 1e-12);
        hf_profile_objective_free(objs[o]);
    }
}

static void test_table2_objective(void **state)
{
    (void)state;
    hf_profile_objective *t = NULL;
    hf_diag diag = {{0}};
    assert_int_equal(hf_profile_objective_alloc_table(TABLE2, &t, &diag), HF_OK);
    double q[3], worst, k0, integral, rms_min;
    size_t count;
    hf_profile_objective_quadratic(t, q, &worst, &count);
    assert_int_equal(count, 110);
    /* Table 2 is printed to 3 decimals, so a quadratic in K0 that is the
     * true model must reproduce every entry to the rounding, 5e-4. */
    assert_true(worst <= 5e-4);
    hf_profile_objective_optimum(t, &k0, &integral, &rms_min);
    /* The published optimum (ICACO paper Eqs. 27-28; Safaeifar's 12.596),
     * to the digits printed (±5 in the next). */
    HF_ASSERT_CLOSE(k0, 1.2583, 5e-5, 0.0);
    HF_ASSERT_CLOSE(integral, 0.3179, 5e-5, 0.0);
    HF_ASSERT_CLOSE(rms_min, 12.596, 5e-4, 0.0);
    double a;
    assert_int_equal(hf_profile_valley_a(3.409, integral, &a, NULL), HF_OK);
    HF_ASSERT_CLOSE(a, 2.939, 0.01, 0.0);
    /* Paper cells reproduced by the fitted quadratic (rounding 5e-4):
     * the optimum cell (1.5, 5.5) = 12.596, Flores (2, 2) = 29.438 and
     * Hu-Guo (2.5, 2) = 22.566 quoted in the text. */
    HF_ASSERT_CLOSE(hf_profile_objective_rms(t, 1.5, 5.5), 12.596, 5e-4, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(t, 2.0, 2.0), 29.438, 5e-4, 0.0);
    HF_ASSERT_CLOSE(hf_profile_objective_rms(t, 2.5, 2.0), 22.566, 5e-4, 0.0);
    const hf_problem *p = hf_profile_objective_problem(t);
    assert_int_equal(hf_problem_check(p, NULL), HF_OK);
    assert_string_equal(p->name, "profile-table");
    HF_ASSERT_CLOSE(p->f_opt, rms_min, 0.0, 0.0);
    const double x[2] = {2.0, 2.0};
    HF_ASSERT_CLOSE(p->f(x, p->ctx), hf_profile_objective_rms(t, 2.0, 2.0), 0.0, 0.0);
    /* the default box is Table 2's range; another one replaces it */
    assert_true(p->lower[0] == HF_PROFILE_A_MIN && p->upper[0] == HF_PROFILE_A_MAX);
    assert_true(p->lower[1] == HF_PROFILE_B_MIN && p->upper[1] == HF_PROFILE_B_MAX);
    const double lo[2] = {1.5, 2.385}, hi[2] = {3.0, 4.0};
    assert_int_equal(hf_profile_objective_set_bounds(t, lo, hi, &diag), HF_OK);
    assert_true(p->lower[1] == 2.385 && p->upper[0] == 3.0);
    const double bad_lo[2] = {0.0, 2.0}, inverted_hi[2] = {3.0, 1.0};
    assert_int_equal(hf_profile_objective_set_bounds(t, bad_lo, hi, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, "lower bound 0 of a must be positive"));
    assert_int_equal(hf_profile_objective_set_bounds(t, lo, inverted_hi, &diag), HF_EBOUNDS);
    assert_non_null(strstr(diag.text, "lower bound 2.385 of b is not below its upper bound 1"));
    assert_true(p->lower[1] == 2.385 && p->upper[1] == 4.0);   /* unchanged by a refusal */
    hf_profile_objective_free(t);
}

static void test_bad_tables(void **state)
{
    (void)state;
    const char *path = hf_test_tmp_path("table");
    hf_profile_objective *t = NULL;
    hf_diag diag = {{0}};
    hf_test_write_file(path, "a,b\n1,2\n");
    assert_int_equal(hf_profile_objective_alloc_table(path, &t, &diag), HF_ENOTFOUND);
    assert_non_null(strstr(diag.text, ":1: no column 'rms_pct' (the header has: a, b)"));
    hf_test_write_file(path, "a,b,rms_pct\n1,2,3\n1,2,4\n1,2,5\n");
    assert_int_equal(hf_profile_objective_alloc_table(path, &t, &diag), HF_ESINGULAR);
    hf_test_write_file(path, "a,b,rms_pct\n1,2,3\n1.5,2,x\n");
    assert_int_equal(hf_profile_objective_alloc_table(path, &t, &diag), HF_EPARSE);
    assert_non_null(strstr(diag.text, ":3:3:"));
    hf_test_write_file(path, "a,b,rms_pct\n-1,2,3\n");
    assert_int_equal(hf_profile_objective_alloc_table(path, &t, &diag), HF_EDOM);
    assert_non_null(strstr(diag.text, ":2:"));
    assert_null(t);
    remove(path);
    assert_int_equal(hf_profile_objective_alloc_table(path, &t, &diag), HF_EIO);
    const double one[1] = {1.0};
    assert_int_equal(hf_profile_objective_alloc(one, 1, &t, &diag), HF_EDOM);
}

int main(void)
{
    hf_library_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_sampling_is_inclusive),
        cmocka_unit_test(test_hgeom_sampling_maps_through_inverse),
        cmocka_unit_test(test_file_sampling_and_errors),
        cmocka_unit_test(test_malformed_samplings),
        cmocka_unit_test(test_closed_form_optimum_is_the_minimum),
        cmocka_unit_test(test_quadratic_matches_direct_sum),
        cmocka_unit_test(test_table2_objective),
        cmocka_unit_test(test_bad_tables),
        cmocka_unit_test(test_no_sampling_is_the_default_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
