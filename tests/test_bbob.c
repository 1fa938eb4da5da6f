/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * tests/test_bbob.c — the 24 BBOB functions of hertzfit/bench_problems.h against
 * values computed by COCO itself, and the properties their definitions
 * promise.
 *
 * The reference tables in tests/data/bbob/ were printed by COCO's own C
 * code (numbbo/coco-experiment at commit e6356d2e, suite bbob, gcc 12.2
 * -O2, glibc 2.36) at points chosen for the purpose; tests/data/bbob/
 * README.md says exactly how.  On the machine that made them hertzfit
 * reproduces every value to the last bit; the tolerances below say what
 * another libm or compiler may change.
 */
#include "hf_test.h"

#include <stdlib.h>
#include <string.h>

#ifdef HERTZFIT_HAVE_OPENMP
#include <omp.h>
#endif

#include "hertzfit/bench_problems.h"
#include "core/csv.h"
#include "hertzfit/rng.h"
#include "objectives/bbob_legacy.h"
#include "core/problem_internal.h"
#include "objectives/bench_internal.h"
#include "core/rng_draw.h"

#define DATA_DIR HERTZFIT_SOURCE_DIR "/tests/data/bbob/"
#define NF HF_BBOB_FUNCTION_COUNT

static const size_t suite_dims[] = {2, 3, 5, 10, 20, 40};
#define N_SUITE_DIMS (sizeof suite_dims / sizeof suite_dims[0])

/* The COCO table's f against hertzfit's: 1e-9 relative, the accuracy
 * hertzfit promises.  No absolute part is needed: the smallest |f| in the
 * table is 0.12 (f23), so the bound is never below 1.2e-10, while a change
 * of libm or summation order moves f by a few ulps of the intermediate
 * values (f19, the most sensitive, by 1e-11 relative: cos of arguments up
 * to 1e5). */
#define F_REL 1e-9
/* f - f_opt near the optimum (point 4) is the difference of two numbers of
 * size |f_opt| <= 1000 whose ulp is 1.1e-13: a few ulps of rounding in the
 * inner terms give ~1e-12 absolute; 1e-11 keeps a margin for another libm,
 * on top of the same 1e-9 relative. */
#define DIFF_ABS 1e-11

static hf_bbob *make(int f, size_t d, unsigned long inst)
{
    hf_bbob *b = NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_bbob_alloc(f, d, inst, &b, &diag);
    if (st != HF_OK)
        print_error("f%d d%zu i%lu: %s\n", f, d, inst, diag.text);
    assert_int_equal(st, HF_OK);
    return b;
}

static double eval(const hf_bbob *b, const double *x)
{
    const hf_problem *p = hf_bbob_problem(b);
    return p->f(x, p->ctx);
}

static hf_csv *read_table(const char *name)
{
    hf_csv *csv = NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_csv_read(name, NULL, &csv, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);
    return csv;
}

static double number(const hf_csv *csv, size_t row, const char *column)
{
    long c = hf_csv_find(csv, column);
    assert_true(c >= 0);
    double v = NAN;
    hf_diag diag = {{0}};
    hf_status st = hf_csv_number(csv, row, (size_t)c, &v, &diag);
    if (st != HF_OK)
        print_error("%s\n", diag.text);
    assert_int_equal(st, HF_OK);
    return v;
}

/* The space-separated vector of column COLUMN into x[0 .. d-1]. */
static void vector(const hf_csv *csv, size_t row, const char *column, size_t d, double *x)
{
    long c = hf_csv_find(csv, column);
    assert_true(c >= 0);
    const char *s = hf_csv_cell(csv, row, (size_t)c);
    for (size_t j = 0; j < d; ++j) {
        char *end = NULL;
        x[j] = strtod(s, &end);
        assert_true(end != s);
        s = end;
    }
    while (*s == ' ')
        ++s;
    assert_int_equal(*s, '\0');
}

/* f_opt of every (function, instance) from COCO's table, [f][instance]. */
static double coco_fopt[NF + 1][121];

static void load_fopt_table(void)
{
    hf_csv *csv = read_table(DATA_DIR "bbob_fopt.csv");
    assert_int_equal(hf_csv_nrows(csv), NF * 120);
    for (size_t r = 0; r < hf_csv_nrows(csv); ++r) {
        int f = (int)number(csv, r, "function");
        int i = (int)number(csv, r, "instance");
        assert_true(f >= 1 && f <= NF && i >= 1 && i <= 120);
        coco_fopt[f][i] = number(csv, r, "fopt");
    }
    hf_csv_free(csv);
}

/* ------------------------------------------------ the legacy generator */

/* unif is integer arithmetic and one correctly rounded division: exact.
 * gauss adds log, cos and sqrt, each within an ulp in any decent libm:
 * 4e-16 relative.  A 3x3 Gram–Schmidt rotation of such numbers: 1e-15
 * absolute (entries <= 1). */
static void test_legacy_generator_matches_coco(void **state)
{
    (void)state;
    hf_csv *csv = read_table(DATA_DIR "bbob_legacy_rng.csv");
    size_t nrows = hf_csv_nrows(csv), checked[3] = {0, 0, 0};
    long kind_col = hf_csv_find(csv, "kind");
    for (size_t r = 0; r < nrows; ++r) {
        const char *kind = hf_csv_cell(csv, r, (size_t)kind_col);
        int64_t seed = (int64_t)number(csv, r, "seed");
        size_t index = (size_t)number(csv, r, "index");
        double expected = number(csv, r, "value"), mine[40], rot[9];
        if (strcmp(kind, "unif40") == 0) {
            hf_bbob_uniform(mine, 40, seed);
            HF_ASSERT_CLOSE(mine[index], expected, 0.0, 0.0);
            checked[0]++;
        } else if (strcmp(kind, "gauss40") == 0) {
            hf_bbob_gauss(mine, 40, seed);
            HF_ASSERT_CLOSE(mine[index], expected, 0.0, 4e-16);
            checked[1]++;
        } else {
            assert_string_equal(kind, "rotation3");
            hf_bbob_rotation(rot, 3, seed);
            HF_ASSERT_CLOSE(rot[index], expected, 1e-15, 0.0);
            checked[2]++;
        }
    }
    assert_int_equal(checked[0], 80);
    assert_int_equal(checked[1], 80);
    assert_int_equal(checked[2], 18);
    hf_csv_free(csv);
    /* a stream is a prefix of a longer one of the same seed */
    double a[5], b[50];
    hf_bbob_uniform(a, 5, 12345);
    hf_bbob_uniform(b, 50, 12345);
    for (size_t i = 0; i < 5; ++i)
        HF_ASSERT_CLOSE(a[i], b[i], 0.0, 0.0);
}

/* A rotation is orthonormal: R R^T = I to rounding (D ulps of sums of D
 * products of entries <= 1). */
static void test_rotation_is_orthonormal(void **state)
{
    (void)state;
    static double r[HF_BBOB_MAX_DIM * HF_BBOB_MAX_DIM];
    size_t dims[] = {2, 10, HF_BBOB_MAX_DIM};
    for (size_t k = 0; k < 3; ++k) {
        size_t d = dims[k];
        hf_bbob_rotation(r, d, 1010001);
        for (size_t i = 0; i < d; ++i)
            for (size_t j = 0; j < d; ++j) {
                double s = 0.0;
                for (size_t m = 0; m < d; ++m)
                    s += r[i * d + m] * r[j * d + m];
                HF_ASSERT_CLOSE(s, i == j ? 1.0 : 0.0, 1e-14, 0.0);
            }
    }
}

/* ------------------------------------------------------------- f_opt */

/* f_opt is round(10^4 g1/g2)/100: a wrong generator moves it by 0.01 or
 * more, and an ulp of libm could only flip the rounding if 10^4 g1/g2 were
 * within 1e-12 of a half-integer.  So the comparison is exact, for all 24
 * functions and instances 1..120. */
static void test_fopt_matches_coco_for_instances_1_to_120(void **state)
{
    (void)state;
    size_t clamped = 0;
    for (int f = 1; f <= NF; ++f)
        for (unsigned long i = 1; i <= 120; ++i) {
            double fopt = hf_bbob_fopt(f, i);
            HF_ASSERT_CLOSE(fopt, coco_fopt[f][i], 0.0, 0.0);
            /* clamped to [-1000, 1000], and the double nearest k/100 */
            assert_true(fabs(fopt) <= 1000.0);
            HF_ASSERT_CLOSE(100.0 * fopt, floor(100.0 * fopt + 0.5), 1e-9, 0.0);
            clamped += fabs(fopt) == 1000.0;
        }
    /* the clamp is no corner case: 182 of the 2880 pairs hit it, f15 and
     * f22 already on instance 1 */
    assert_int_equal(clamped, 182);
    HF_ASSERT_CLOSE(hf_bbob_fopt(15, 1), 1000.0, 0.0, 0.0);
    HF_ASSERT_CLOSE(hf_bbob_fopt(22, 1), -1000.0, 0.0, 0.0);
    /* f1 instance 1: the 79.48 of the BBOB 2009 data */
    HF_ASSERT_CLOSE(hf_bbob_fopt(1, 1), 79.48, 0.0, 0.0);
}

/* f4 takes f3's seed and f18 f17's: the same f_opt on every instance, the
 * same x_opt (f4 then with |x_opt_i| at even i). */
static void test_shared_seeds(void **state)
{
    (void)state;
    for (unsigned long i = 1; i <= 120; ++i) {
        HF_ASSERT_CLOSE(hf_bbob_fopt(4, i), hf_bbob_fopt(3, i), 0.0, 0.0);
        HF_ASSERT_CLOSE(hf_bbob_fopt(18, i), hf_bbob_fopt(17, i), 0.0, 0.0);
    }
    double x3[5], x4[5], x17[5], x18[5], f;
    hf_bbob *b3 = make(3, 5, 7), *b4 = make(4, 5, 7), *b17 = make(17, 5, 7),
            *b18 = make(18, 5, 7);
    assert_int_equal(hf_bbob_optimum(b3, x3, &f, NULL), HF_OK);
    assert_int_equal(hf_bbob_optimum(b4, x4, &f, NULL), HF_OK);
    assert_int_equal(hf_bbob_optimum(b17, x17, &f, NULL), HF_OK);
    assert_int_equal(hf_bbob_optimum(b18, x18, &f, NULL), HF_OK);
    for (size_t j = 0; j < 5; ++j) {
        HF_ASSERT_CLOSE(x4[j], j % 2 == 0 ? fabs(x3[j]) : x3[j], 0.0, 0.0);
        HF_ASSERT_CLOSE(x18[j], x17[j], 0.0, 0.0);
    }
    hf_bbob_free(b3);
    hf_bbob_free(b4);
    hf_bbob_free(b17);
    hf_bbob_free(b18);
}

/* ------------------------------------------- COCO's values, row by row */

static void test_values_match_coco(void **state)
{
    (void)state;
    hf_csv *csv = read_table(DATA_DIR "bbob_reference.csv");
    size_t nrows = hf_csv_nrows(csv), per_function[NF + 1] = {0};
    size_t dims_seen[HF_BBOB_MAX_DIM + 1] = {0};
    double worst_rel[NF + 1] = {0}, worst_diff[NF + 1] = {0};
    hf_bbob *b = NULL;
    for (size_t r = 0; r < nrows; ++r) {
        int f = (int)number(csv, r, "function");
        size_t d = (size_t)number(csv, r, "dimension");
        unsigned long inst = (unsigned long)number(csv, r, "instance");
        int point = (int)number(csv, r, "point");
        if (b == NULL || hf_bbob_function(b) != f || hf_bbob_problem(b)->dim != d ||
            hf_bbob_instance(b) != inst) {
            hf_bbob_free(b);
            b = make(f, d, inst);
        }
        double x[HF_BBOB_MAX_DIM], expected = number(csv, r, "f");
        vector(csv, r, "x", d, x);
        double got = eval(b, x);
        double rel = fabs(got - expected) / fabs(expected);
        if (!(rel <= F_REL))
            print_error("f%d d%zu i%lu point %d (line %zu)\n", f, d, inst, point,
                        hf_csv_line(csv, r));
        HF_ASSERT_CLOSE(got, expected, 0.0, F_REL);
        /* the distance to the optimum value, which near x_opt is the
         * harder test */
        double diff = got - hf_bbob_problem(b)->f_opt, expected_diff = expected - coco_fopt[f][inst];
        HF_ASSERT_CLOSE(diff, expected_diff, DIFF_ABS, F_REL);
        worst_rel[f] = fmax(worst_rel[f], rel);
        worst_diff[f] = fmax(worst_diff[f], fabs(diff - expected_diff));
        per_function[f]++;
        dims_seen[d]++;
    }
    hf_bbob_free(b);
    hf_csv_free(csv);
    assert_int_equal(nrows, 3456);
    for (int f = 1; f <= NF; ++f) {
        assert_int_equal(per_function[f], 144);
        printf("f%-2d %-28s %3zu rows: largest relative deviation from COCO %.3g, "
               "largest |deviation of f - f_opt| %.3g\n",
               f, hf_bbob_function_name(f), per_function[f], worst_rel[f], worst_diff[f]);
    }
    /* every suite dimension, and three that only hertzfit offers (the
     * largest with rotations, 44, among them) */
    size_t all_dims[] = {2, 3, 4, 5, 7, 10, 20, 40, 44};
    for (size_t k = 0; k < sizeof all_dims / sizeof all_dims[0]; ++k)
        assert_true(dims_seen[all_dims[k]] > 0);
}

/* x_opt as COCO reports it, and f there.  x_opt is a multiple of 0.0008
 * computed from integers, a corner (f5), ±1.25 (f24), COCO's f20 formula,
 * 0.8 (10 u - 5) (f21, f22) or R^T 1/2 (f9, f19: sums of D rotation
 * entries, so a few ulps of 1 with another libm): 1e-14 absolute. */
static void test_optimum_matches_coco(void **state)
{
    (void)state;
    hf_csv *csv = read_table(DATA_DIR "bbob_optima.csv");
    size_t nrows = hf_csv_nrows(csv);
    assert_int_equal(nrows, 240);
    for (size_t r = 0; r < nrows; ++r) {
        int f = (int)number(csv, r, "function");
        size_t d = (size_t)number(csv, r, "dimension");
        unsigned long inst = (unsigned long)number(csv, r, "instance");
        double expected[HF_BBOB_MAX_DIM], x[HF_BBOB_MAX_DIM], fopt = NAN;
        vector(csv, r, "xopt", d, expected);
        hf_bbob *b = make(f, d, inst);
        assert_int_equal(hf_bbob_optimum(b, x, &fopt, NULL), HF_OK);
        for (size_t j = 0; j < d; ++j)
            HF_ASSERT_CLOSE(x[j], expected[j], 1e-14, 0.0);
        /* COCO's best_value is f_opt (f20: up to one ulp above it, the
         * rounding of its core's 2.1e-15 at the optimum; see bbob.h) */
        HF_ASSERT_CLOSE(fopt, number(csv, r, "fopt"), f == 20 ? 4e-15 : 0.0, 0.0);
        HF_ASSERT_CLOSE(eval(b, x), number(csv, r, "f_at_xopt"), 0.0, F_REL);
        hf_bbob_free(b);
    }
    hf_csv_free(csv);
}

/* --------------------------------------------------- the definitions */

/* f(x_opt) = f_opt: exactly, since at x_opt every transformation gives
 * z_opt exactly or misses it by a rounding whose effect is far below an
 * ulp of f_opt (f9, f19, f21, f22, f16: terms of 1e-30 and less).  f20 is
 * the exception its definition carries: its minimum is f_opt + 2.1e-15
 * (see bbob.h), which rounds to f_opt or to one ulp above (<= 3.6e-15 for
 * |f_opt| < 32), never below.  All accepted dimensions up to 44 and
 * instances up to the largest accepted. */
static void test_value_at_optimum_is_fopt(void **state)
{
    (void)state;
    size_t dims[] = {2, 3, 4, 5, 10, 20, 40, 44};
    unsigned long insts[] = {1, 2, 110, 1000, HF_BBOB_MAX_INSTANCE};
    for (int f = 1; f <= NF; ++f)
        for (size_t k = 0; k < sizeof dims / sizeof dims[0]; ++k)
            for (size_t m = 0; m < sizeof insts / sizeof insts[0]; ++m) {
                hf_bbob *b = make(f, dims[k], insts[m]);
                double x[HF_BBOB_MAX_DIM], fopt = NAN;
                assert_int_equal(hf_bbob_optimum(b, x, &fopt, NULL), HF_OK);
                HF_ASSERT_CLOSE(fopt, hf_bbob_problem(b)->f_opt, 0.0, 0.0);
                double excess = eval(b, x) - fopt;
                if (f == 20) {
                    assert_true(excess >= 0.0);
                    HF_ASSERT_CLOSE(excess, 0.0, 4e-15, 0.0);
                } else {
                    HF_ASSERT_CLOSE(excess, 0.0, 0.0, 0.0);
                }
                for (size_t j = 0; j < dims[k]; ++j)
                    assert_true(fabs(x[j]) <= 5.0);
                hf_bbob_free(b);
            }
}

/* f_opt is the minimum: no point of the box does better (a sample, 500
 * uniform points a function and dimension, and 500 within 1e-3 of x_opt). */
static void test_no_sampled_point_below_fopt(void **state)
{
    (void)state;
    hf_rng rng;
    hf_rng_seed(&rng, 2009u, 24u);
    for (int f = 1; f <= NF; ++f)
        for (size_t k = 0; k < N_SUITE_DIMS; ++k) {
            size_t d = suite_dims[k];
            hf_bbob *b = make(f, d, 3);
            double xo[HF_BBOB_MAX_DIM], x[HF_BBOB_MAX_DIM], fopt = NAN;
            assert_int_equal(hf_bbob_optimum(b, xo, &fopt, NULL), HF_OK);
            for (int n = 0; n < 1000; ++n) {
                for (size_t j = 0; j < d; ++j)
                    x[j] = n < 500 ? hf_rng_uniform_range(&rng, -5.0, 5.0)
                                   : xo[j] + hf_rng_uniform_range(&rng, -1e-3, 1e-3);
                assert_true(eval(b, x) >= fopt);
            }
            hf_bbob_free(b);
        }
}

/* f1 is the squared distance to x_opt plus f_opt.  The two sides differ by
 * the rounding of (s + f_opt) - f_opt: an ulp of |f| (<= 2.3e-13 in the
 * box, |f| < 1000 + 400) plus a relative 1e-15 for the sum. */
static void test_sphere_is_squared_distance(void **state)
{
    (void)state;
    hf_rng rng;
    hf_rng_seed(&rng, 1u, 1u);
    for (unsigned long inst = 1; inst <= 15; ++inst) {
        hf_bbob *b = make(1, 10, inst);
        double xo[10], x[10], fopt = NAN;
        assert_int_equal(hf_bbob_optimum(b, xo, &fopt, NULL), HF_OK);
        for (int n = 0; n < 100; ++n) {
            double s = 0.0;
            for (size_t j = 0; j < 10; ++j) {
                x[j] = hf_rng_uniform_range(&rng, -5.0, 5.0);
                s += (x[j] - xo[j]) * (x[j] - xo[j]);
            }
            HF_ASSERT_CLOSE(eval(b, x) - fopt, s, 2.3e-13, 1e-15);
        }
        hf_bbob_free(b);
    }
}

/* f1–f5 are separable: f(x) = sum_i g_i(x_i) + f_opt, so swapping one
 * coordinate between two points keeps the sum of their values:
 * f(x) + f(y) = f(x with y_i) + f(y with x_i).  Points in [-6, 6]^D, so
 * f4's penalty and f5's frozen slope (both separable too) take part.  Both
 * sides add the same D term values (each g_i(x_i) is computed the same
 * way wherever it stands), only the roundings of the running sums differ:
 * at most D half-ulps for each of the four values, 4 * 40 * 2^-53 = 1.8e-14
 * of the largest value (which reaches 1e8 for f2). */
static void test_separable_functions_are_sums(void **state)
{
    (void)state;
    hf_rng rng;
    hf_rng_seed(&rng, 5u, 5u);
    for (int f = 1; f <= 5; ++f)
        for (size_t k = 0; k < N_SUITE_DIMS; ++k) {
            size_t d = suite_dims[k];
            hf_bbob *b = make(f, d, 42);
            for (int n = 0; n < 50; ++n) {
                double x[HF_BBOB_MAX_DIM], y[HF_BBOB_MAX_DIM];
                for (size_t j = 0; j < d; ++j) {
                    x[j] = hf_rng_uniform_range(&rng, -6.0, 6.0);
                    y[j] = hf_rng_uniform_range(&rng, -6.0, 6.0);
                }
                size_t i = hf_rng_bounded(&rng, (uint32_t)d);
                double fx = eval(b, x), fy = eval(b, y);
                double t = x[i];
                x[i] = y[i];
                y[i] = t;
                double fxs = eval(b, x), fys = eval(b, y);
                double scale = fmax(fmax(fabs(fx), fabs(fy)), fmax(fabs(fxs), fabs(fys)));
                HF_ASSERT_CLOSE(fx + fy, fxs + fys, 2e-14 * scale, 0.0);
            }
            hf_bbob_free(b);
        }
}

/* f5, the linear slope: inside the box f moves by -s_i t along coordinate
 * i, |s_i| = 10^(i/(D-1)), toward the optimum corner x*_i = ±5; beyond that
 * corner the coordinate is frozen (f is constant, to the bit), on the
 * other side the slope goes on. */
static void test_linear_slope_is_flat_beyond_the_optimum(void **state)
{
    (void)state;
    for (size_t k = 0; k < N_SUITE_DIMS; ++k) {
        size_t d = suite_dims[k];
        hf_bbob *b = make(5, d, 15);
        double xs[HF_BBOB_MAX_DIM], x[HF_BBOB_MAX_DIM], fopt = NAN;
        assert_int_equal(hf_bbob_optimum(b, xs, &fopt, NULL), HF_OK);
        HF_ASSERT_CLOSE(eval(b, xs), fopt, 0.0, 0.0);
        for (size_t i = 0; i < d; ++i) {
            assert_true(xs[i] == 5.0 || xs[i] == -5.0);
            double sign = xs[i] > 0.0 ? 1.0 : -1.0;
            double slope = pow(10.0, (double)i / ((double)d - 1.0));
            for (size_t j = 0; j < d; ++j)
                x[j] = 0.25 * xs[j]; /* inside, on the diagonal to x* */
            double f0 = eval(b, x);
            /* a step of 1 toward x*_i lowers f by |s_i| */
            x[i] += sign;
            HF_ASSERT_CLOSE(f0 - eval(b, x), slope, 1e-12 * fabs(f0), 1e-14);
            /* at and beyond x*_i: flat */
            x[i] = xs[i];
            double at_edge = eval(b, x);
            x[i] = xs[i] + 0.7 * sign;
            HF_ASSERT_CLOSE(eval(b, x), at_edge, 0.0, 0.0);
            x[i] = xs[i] + 3.0 * sign;
            HF_ASSERT_CLOSE(eval(b, x), at_edge, 0.0, 0.0);
            /* beyond the opposite edge: still rising */
            x[i] = -xs[i] - sign;
            HF_ASSERT_CLOSE(eval(b, x) - at_edge, 11.0 * slope, 1e-12 * fabs(at_edge), 1e-14);
        }
        hf_bbob_free(b);
    }
}

/* f7's plateau: points that round to the same z̃ and keep the |ẑ_0| term
 * below the ellipsoid give the same value (near x_opt, z̃ = 0 gives f_opt
 * plus the floor term 0.1 |ẑ_0| / 10^4 only). */
static void test_step_ellipsoid_floor_near_optimum(void **state)
{
    (void)state;
    hf_bbob *b = make(7, 10, 1);
    double xo[10], x[10], fopt = NAN;
    assert_int_equal(hf_bbob_optimum(b, xo, &fopt, NULL), HF_OK);
    /* 1e-4 away along the first coordinate: ẑ is of size 1e-4, every z̃_i
     * rounds to 0, so f - f_opt = 0.1 |ẑ_0| / 10^4 in (0, 1e-8) */
    memcpy(x, xo, sizeof x);
    x[0] += 1e-4;
    double excess = eval(b, x) - fopt;
    assert_true(excess > 0.0 && excess < 1e-8);
    hf_bbob_free(b);
}

/* Instances are deterministic (two allocations agree to the bit), differ
 * from each other, and every function's problem can be evaluated from
 * many threads at once with the values of one thread. */
static void test_determinism_and_threads(void **state)
{
    (void)state;
    enum { N = 256, D = 10 };
    static double points[N * D], serial[N], parallel[N];
    hf_rng rng;
    hf_rng_seed(&rng, 77u, 3u);
    for (size_t k = 0; k < N * D; ++k)
        points[k] = hf_rng_uniform_range(&rng, -5.0, 5.0);
    for (int f = 1; f <= NF; ++f) {
        hf_bbob *a = make(f, D, 42), *b = make(f, D, 42), *c = make(f, D, 43);
        size_t differs = 0;
        for (size_t n = 0; n < N; ++n) {
            serial[n] = eval(a, points + n * D);
            HF_ASSERT_CLOSE(eval(b, points + n * D), serial[n], 0.0, 0.0);
            differs += eval(c, points + n * D) != serial[n];
        }
        assert_true(differs > N / 2);
#ifdef HERTZFIT_HAVE_OPENMP
#pragma omp parallel for num_threads(4) schedule(dynamic, 8)
#endif
        for (int n = 0; n < N; ++n)
            parallel[n] = eval(a, points + (size_t)n * D);
        for (size_t n = 0; n < N; ++n)
            HF_ASSERT_CLOSE(parallel[n], serial[n], 0.0, 0.0);
        hf_bbob_free(a);
        hf_bbob_free(b);
        hf_bbob_free(c);
    }
}

/* ------------------------------------------------ the problem and errors */

static void test_problem_names_bounds_and_nan(void **state)
{
    (void)state;
    hf_bbob *b = make(1, 2, 1);
    const hf_problem *p = hf_bbob_problem(b);
    assert_string_equal(p->name, "bbob_f001_i01_d02");
    assert_int_equal(p->dim, 2);
    assert_int_equal(p->has_optimum, 1);
    HF_ASSERT_CLOSE(p->f_opt, 79.48, 0.0, 0.0);
    assert_int_equal(hf_problem_check(p, NULL), HF_OK);
    hf_bbob_free(b);
    b = make(24, 40, 110);
    p = hf_bbob_problem(b);
    assert_string_equal(p->name, "bbob_f024_i110_d40");
    assert_int_equal(hf_bbob_function(b), 24);
    assert_int_equal(hf_bbob_instance(b), 110);
    for (size_t j = 0; j < 40; ++j) {
        HF_ASSERT_CLOSE(p->lower[j], -5.0, 0.0, 0.0);
        HF_ASSERT_CLOSE(p->upper[j], 5.0, 0.0, 0.0);
    }
    hf_bbob_free(b);

    assert_string_equal(hf_bbob_function_name(1), "Sphere");
    assert_string_equal(hf_bbob_function_name(2), "Ellipsoid separable");
    assert_string_equal(hf_bbob_function_name(20), "Schwefel x*sin(x)");
    assert_string_equal(hf_bbob_function_name(24), "Lunacek bi-Rastrigin");
    assert_null(hf_bbob_function_name(0));
    assert_null(hf_bbob_function_name(25));
    for (size_t d = 0; d <= 50; ++d)
        assert_int_equal(hf_bbob_dimension_in_suite(d),
                         d == 2 || d == 3 || d == 5 || d == 10 || d == 20 || d == 40);

    /* NaN anywhere gives NaN, for every function (f5 and f7 would
     * otherwise drop it through a comparison) */
    for (int f = 1; f <= NF; ++f) {
        b = make(f, 3, 1);
        double x[3] = {1.0, NAN, -1.0};
        assert_true(isnan(eval(b, x)));
        hf_bbob_free(b);
    }
}

static void expect_range_error(int f, size_t d, unsigned long inst, const char *needle)
{
    hf_bbob *b = NULL;
    hf_diag diag = {{0}};
    hf_status st = hf_bbob_alloc(f, d, inst, &b, &diag);
    int named = strstr(diag.text, needle) != NULL;
    if (st != HF_ERANGE || b != NULL || !named)
        print_error("f%d d%zu i%lu: status %d, diag '%s'; expected HF_ERANGE naming '%s'\n", f,
                    d, inst, (int)st, diag.text, needle);
    assert_true(st == HF_ERANGE && b == NULL && named);
}

static void test_bad_arguments_are_named(void **state)
{
    (void)state;
    expect_range_error(0, 2, 1, "function 0");
    expect_range_error(25, 2, 1, "function 25");
    expect_range_error(-3, 2, 1, "function -3");
    expect_range_error(1, 1, 1, "dimension 1 ");
    expect_range_error(1, 0, 1, "dimension 0 ");
    expect_range_error(6, 45, 1, "dimension 45 ");
    expect_range_error(1, 2, 0, "instance 0 ");
    expect_range_error(1, 2, HF_BBOB_MAX_INSTANCE + 1, "instance 214649 ");
    hf_diag diag = {{0}};
    assert_int_equal(hf_bbob_alloc(1, 2, 1, NULL, &diag), HF_EINVAL);
    hf_bbob *b = make(1, 2, 1);
    double x[2];
    assert_int_equal(hf_bbob_optimum(b, x, NULL, &diag), HF_EINVAL);
    assert_non_null(strstr(diag.text, "f_opt"));
    assert_int_equal(hf_bbob_optimum(NULL, x, x, &diag), HF_EINVAL);
    hf_bbob_free(b);
    hf_bbob_free(NULL);
    assert_null(hf_bbob_problem(NULL));
}

/* The largest instance builds seeds up to F + 10000 I + 10^6 < 2^31 - 1,
 * the generator's modulus; check that arithmetic, as the header claims. */
static void test_instance_limit_keeps_seeds_below_modulus(void **state)
{
    (void)state;
    int64_t modulus = 2147483647;
    assert_true(hf_bbob_seed(24, HF_BBOB_MAX_INSTANCE) + 1000000 < modulus);
    assert_true(hf_bbob_seed(24, HF_BBOB_MAX_INSTANCE + 1) + 1000000 >= modulus);
}

static int setup_tables(void **state)
{
    (void)state;
    load_fopt_table();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legacy_generator_matches_coco),
        cmocka_unit_test(test_rotation_is_orthonormal),
        cmocka_unit_test(test_fopt_matches_coco_for_instances_1_to_120),
        cmocka_unit_test(test_shared_seeds),
        cmocka_unit_test(test_values_match_coco),
        cmocka_unit_test(test_optimum_matches_coco),
        cmocka_unit_test(test_value_at_optimum_is_fopt),
        cmocka_unit_test(test_no_sampled_point_below_fopt),
        cmocka_unit_test(test_sphere_is_squared_distance),
        cmocka_unit_test(test_separable_functions_are_sums),
        cmocka_unit_test(test_linear_slope_is_flat_beyond_the_optimum),
        cmocka_unit_test(test_step_ellipsoid_floor_near_optimum),
        cmocka_unit_test(test_determinism_and_threads),
        cmocka_unit_test(test_problem_names_bounds_and_nan),
        cmocka_unit_test(test_bad_arguments_are_named),
        cmocka_unit_test(test_instance_limit_keeps_seeds_below_modulus),
    };
    return cmocka_run_group_tests(tests, setup_tables, NULL);
}
