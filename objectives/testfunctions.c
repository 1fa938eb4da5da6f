/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/testfunctions.c — the classic test functions of optimiser
 * benchmarking, on their usual domains, and their wrapping as hf_problem.
 *
 * Definitions and domains follow the common references: Molga & Smutnicki,
 * "Test functions for optimization needs" (2005) and the Surjanovic &
 * Bingham Virtual Library of Simulation Experiments; the ellipsoid is the
 * conditioned one of the BBOB suite (Hansen et al. 2009, f2 without
 * rotation or shift), condition number 10^6.  The minimisers of Schwefel
 * 2.26 and Styblinski–Tang are separable: each coordinate minimises one
 * scalar term, found here with GSL from the stationarity condition.
 */
#include "hertzfit/bench_problems.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_poly.h>

#include "core/brent.h"
#include "objectives/bench_internal.h"

double hf_tf_sphere(const double *x, size_t dim)
{
    double s = 0.0;
    for (size_t i = 0; i < dim; ++i)
        s += x[i] * x[i];
    return s;
}

/* BBOB f2: sum 10^(6 (i-1)/(d-1)) x_i^2; a single variable has weight 1. */
double hf_tf_ellipsoid(const double *x, size_t dim)
{
    double s = 0.0;
    for (size_t i = 0; i < dim; ++i) {
        double e = dim > 1 ? 6.0 * (double)i / (double)(dim - 1) : 0.0;
        s += pow(10.0, e) * x[i] * x[i];
    }
    return s;
}

double hf_tf_rosenbrock(const double *x, size_t dim)
{
    double s = 0.0;
    for (size_t i = 0; i + 1 < dim; ++i) {
        double a = x[i + 1] - x[i] * x[i], b = 1.0 - x[i];
        s += 100.0 * a * a + b * b;
    }
    return s;
}

double hf_tf_rastrigin(const double *x, size_t dim)
{
    double s = 10.0 * (double)dim;
    for (size_t i = 0; i < dim; ++i)
        s += x[i] * x[i] - 10.0 * cos(2.0 * M_PI * x[i]);
    return s;
}

double hf_tf_griewank(const double *x, size_t dim)
{
    double s = 0.0, p = 1.0;
    for (size_t i = 0; i < dim; ++i) {
        s += x[i] * x[i];
        p *= cos(x[i] / sqrt((double)(i + 1)));
    }
    return 1.0 + s / 4000.0 - p;
}

/* a = 20, b = 0.2, c = 2 pi.  Grouped as 20 (1 - e^{...}) + (e - e^{...})
 * so that the minimum is exactly 0 instead of the rounding residue of
 * -20 - e + 20 + e. */
double hf_tf_ackley(const double *x, size_t dim)
{
    double s2 = 0.0, sc = 0.0;
    for (size_t i = 0; i < dim; ++i) {
        s2 += x[i] * x[i];
        sc += cos(2.0 * M_PI * x[i]);
    }
    double n = (double)dim;
    return 20.0 * (1.0 - exp(-0.2 * sqrt(s2 / n))) + (M_E - exp(sc / n));
}

/* Schwefel's problem 2.26 in its original form, -sum x sin(sqrt|x|), whose
 * minimum is -418.98... d (not shifted to 0: the shift constant would have
 * to be typed in with limited digits, and the optimum is computed below). */
double hf_tf_schwefel226(const double *x, size_t dim)
{
    double s = 0.0;
    for (size_t i = 0; i < dim; ++i)
        s -= x[i] * sin(sqrt(fabs(x[i])));
    return s;
}

/* Lévy with w_i = 1 + (x_i - 1)/4.  sin^2(pi w) is evaluated as
 * sin^2(pi (w - 1)) (same value, period pi): at the minimiser w = 1 this is
 * sin(0) = 0 exactly, where sin(fl(pi)) would leave 1.5e-32. */
double hf_tf_levy(const double *x, size_t dim)
{
    double v1 = (x[0] - 1.0) / 4.0, vd = (x[dim - 1] - 1.0) / 4.0;
    double wd = 1.0 + vd;
    double s1 = sin(M_PI * v1), sd = sin(2.0 * M_PI * vd);
    double s = s1 * s1 + (wd - 1.0) * (wd - 1.0) * (1.0 + sd * sd);
    for (size_t i = 0; i + 1 < dim; ++i) {
        double w = 1.0 + (x[i] - 1.0) / 4.0;
        double si = sin(M_PI * w + 1.0);
        s += (w - 1.0) * (w - 1.0) * (1.0 + 10.0 * si * si);
    }
    return s;
}

double hf_tf_styblinski_tang(const double *x, size_t dim)
{
    double s = 0.0;
    for (size_t i = 0; i < dim; ++i) {
        double v = x[i], v2 = v * v;
        s += v2 * v2 - 16.0 * v2 + 5.0 * v;
    }
    return 0.5 * s;
}

static const hf_testfunction table[] = {
    {"sphere", "sum x_i^2", -5.12, 5.12, 1, hf_tf_sphere},
    {"ellipsoid", "sum 10^(6(i-1)/(d-1)) x_i^2", -5.0, 5.0, 1, hf_tf_ellipsoid},
    {"rosenbrock", "sum 100 (x_{i+1} - x_i^2)^2 + (1 - x_i)^2", -5.0, 10.0, 2,
     hf_tf_rosenbrock},
    {"rastrigin", "10 d + sum x_i^2 - 10 cos(2 pi x_i)", -5.12, 5.12, 1, hf_tf_rastrigin},
    {"griewank", "1 + sum x_i^2/4000 - prod cos(x_i/sqrt(i))", -600.0, 600.0, 1,
     hf_tf_griewank},
    {"ackley", "-20 exp(-0.2 sqrt(mean x_i^2)) - exp(mean cos(2 pi x_i)) + 20 + e",
     -32.768, 32.768, 1, hf_tf_ackley},
    {"schwefel226", "-sum x_i sin(sqrt|x_i|)", -500.0, 500.0, 1, hf_tf_schwefel226},
    {"levy", "sin^2(pi w_1) + sum (w_i-1)^2 (1+10 sin^2(pi w_i+1)) + (w_d-1)^2 (1+sin^2(2 pi w_d))",
     -10.0, 10.0, 1, hf_tf_levy},
    {"styblinski-tang", "sum (x_i^4 - 16 x_i^2 + 5 x_i)/2", -5.0, 5.0, 1,
     hf_tf_styblinski_tang},
};

#define TABLE_SIZE (sizeof table / sizeof table[0])

size_t hf_testfunction_count(void) { return TABLE_SIZE; }

const hf_testfunction *hf_testfunction_at(size_t index)
{
    return index < TABLE_SIZE ? &table[index] : NULL;
}

const hf_testfunction *hf_testfunction_find(const char *name)
{
    for (size_t i = 0; name != NULL && i < TABLE_SIZE; ++i)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

/* d/dx [x sin(sqrt x)] = sin(sqrt x) + (sqrt x / 2) cos(sqrt x), x > 0. */
static hf_status schwefel_slope(double x, void *params, double *slope)
{
    (void)params;
    double r = sqrt(x);
    *slope = sin(r) + 0.5 * r * cos(r);
    return HF_OK;
}

/* The maximiser of x sin(sqrt x) on [0, 500]: the stationary point in
 * [400, 440] (slope +4.99 at 400, -3.73 at 440), to full precision. */
static hf_status schwefel_coordinate(double *x_star, hf_diag *diag)
{
    static const hf_brent_tolerance tol = {0.0, 4.0 * GSL_DBL_EPSILON, 200};
    hf_brent_result root;
    hf_status st = hf_brent_root(schwefel_slope, NULL, 400.0, 440.0, &tol,
                                 "Schwefel 2.26 minimiser", &root, diag);
    if (st == HF_OK)
        *x_star = root.x;
    return st;
}

/* Stationary points of (x^4 - 16 x^2 + 5 x)/2 solve x^3 - 8 x + 5/4 = 0;
 * the global minimiser is the smallest of its three real roots. */
static hf_status styblinski_coordinate(double *x_star, hf_diag *diag)
{
    double r0, r1, r2;
    if (gsl_poly_solve_cubic(0.0, -8.0, 1.25, &r0, &r1, &r2) != 3)
        return hf_diag_set(diag, HF_EGSL, "Styblinski-Tang: cubic has fewer than 3 roots");
    *x_star = r0; /* GSL returns the roots in ascending order */
    return HF_OK;
}

hf_status hf_testfunction_optimum(const hf_testfunction *tf, size_t dim,
                                  double *x_opt, double *f_opt, hf_diag *diag)
{
    if (tf == NULL)
        return hf_diag_set(diag, HF_EINVAL, "no test function given");
    if (dim < tf->min_dim)
        return hf_diag_set(diag, HF_EINVAL, "%s needs dimension >= %zu, got %zu", tf->name,
                           tf->min_dim, dim);
    double c = 0.0;
    hf_status st = HF_OK;
    if (tf->f == hf_tf_rosenbrock || tf->f == hf_tf_levy)
        c = 1.0;
    else if (tf->f == hf_tf_schwefel226)
        st = schwefel_coordinate(&c, diag);
    else if (tf->f == hf_tf_styblinski_tang)
        st = styblinski_coordinate(&c, diag);
    if (st != HF_OK)
        return st;
    double *x = x_opt != NULL ? x_opt : malloc(sizeof *x * dim); /* freed below */
    if (x == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    for (size_t i = 0; i < dim; ++i)
        x[i] = c;
    *f_opt = tf->f(x, dim);
    if (x != x_opt)
        free(x);
    return HF_OK;
}

struct hf_testproblem {
    const hf_testfunction *tf;
    size_t dim;
    char name[64];
    double *lower, *upper; /* owned */
    double *x_classic;     /* owned: the table's minimiser, or NULL while unshifted */
    double *x_shifted;     /* owned: where the minimiser was moved, or NULL */
    hf_problem problem;    /* borrows the fields above */
};

/* Shifted: f((x - x_shifted) + x_classic).  The difference comes first so
 * that at x = x_shifted it is exactly 0 and f sees exactly x_classic: the
 * minimum stays f* to the last bit. */
static double testproblem_objective(const double *x, void *ctx)
{
    const hf_testproblem *tp = ctx;
    if (tp->x_shifted == NULL)
        return tp->tf->f(x, tp->dim);
    double local[64] = {0}; /* zeroed only to quiet -Wmaybe-uninitialized */
    /* per call, never shared: problems are evaluated from many threads */
    double *y = tp->dim <= 64 ? local : malloc(sizeof *y * tp->dim); /* freed below */
    if (y == NULL)
        return NAN;
    for (size_t i = 0; i < tp->dim; ++i)
        y[i] = (x[i] - tp->x_shifted[i]) + tp->x_classic[i];
    double f = tp->tf->f(y, tp->dim);
    if (y != local)
        free(y);
    return f;
}

int hf_testfunction_shiftable(const hf_testfunction *tf)
{
    /* Schwefel 2.26 is unbounded below outside its box (-x sin sqrt|x|
     * grows without bound), so a moved copy would reach below f*. */
    return tf != NULL && tf->f != hf_tf_schwefel226;
}

hf_status hf_testproblem_shift(hf_testproblem *tp, const double *x_opt, hf_diag *diag)
{
    if (!hf_testfunction_shiftable(tp->tf))
        return hf_diag_set(diag, HF_EINVAL, "%s cannot be shifted: it is unbounded below "
                           "outside its box", tp->tf->name);
    for (size_t i = 0; i < tp->dim; ++i)
        if (!(x_opt[i] >= tp->lower[i] && x_opt[i] <= tp->upper[i]))
            return hf_diag_set(diag, HF_EBOUNDS, "shifted optimum coordinate %zu = %g is "
                               "outside [%g, %g]", i, x_opt[i], tp->lower[i], tp->upper[i]);
    if (tp->x_classic == NULL) {
        tp->x_classic = malloc(sizeof *tp->x_classic * tp->dim); /* owned by tp */
        tp->x_shifted = malloc(sizeof *tp->x_shifted * tp->dim); /* owned by tp */
        double f_opt = 0.0;
        hf_status st = (tp->x_classic == NULL || tp->x_shifted == NULL)
                           ? hf_diag_set(diag, HF_ENOMEM, "out of memory")
                           : hf_testfunction_optimum(tp->tf, tp->dim, tp->x_classic, &f_opt, diag);
        if (st != HF_OK) {   /* stay classic */
            free(tp->x_classic);
            free(tp->x_shifted);
            tp->x_classic = tp->x_shifted = NULL;
            return st;
        }
    }
    memcpy(tp->x_shifted, x_opt, sizeof *x_opt * tp->dim);
    return HF_OK;
}

const double *hf_testproblem_optimum_point(const hf_testproblem *tp)
{
    return tp->x_shifted;
}

static const char *function_at(size_t index, const void *ctx)
{
    (void)ctx;
    return table[index].name;
}

hf_status hf_testproblem_alloc(const char *name, size_t dim, hf_testproblem **out,
                               hf_diag *diag)
{
    *out = NULL;
    const hf_testfunction *tf = hf_testfunction_find(name);
    if (tf == NULL)
        return hf_unknown_name("test function", name, TABLE_SIZE, function_at, NULL, diag);
    if (dim < tf->min_dim)
        return hf_diag_set(diag, HF_EINVAL, "%s needs dimension >= %zu, got %zu", tf->name,
                           tf->min_dim, dim);
    hf_testproblem *tp = calloc(1, sizeof *tp); /* freed by hf_testproblem_free */
    if (tp == NULL)
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    tp->lower = malloc(sizeof *tp->lower * dim); /* owned by tp (hf_testproblem_free) */
    tp->upper = malloc(sizeof *tp->upper * dim); /* owned by tp (hf_testproblem_free) */
    if (tp->lower == NULL || tp->upper == NULL) {
        hf_testproblem_free(tp);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < dim; ++i) {
        tp->lower[i] = tf->lower;
        tp->upper[i] = tf->upper;
    }
    tp->tf = tf;
    tp->dim = dim;
    snprintf(tp->name, sizeof tp->name, "%s:%zu", tf->name, dim);
    double f_opt = 0.0;
    hf_status st = hf_testfunction_optimum(tf, dim, NULL, &f_opt, diag);
    if (st != HF_OK) {
        hf_testproblem_free(tp);
        return st;
    }
    tp->problem = (hf_problem){.name = tp->name, .dim = dim, .lower = tp->lower,
                               .upper = tp->upper, .f = testproblem_objective, .ctx = tp,
                               .has_optimum = 1, .f_opt = f_opt};
    *out = tp;
    return HF_OK;
}

void hf_testproblem_free(hf_testproblem *tp)
{
    if (tp == NULL)
        return;
    free(tp->lower);
    free(tp->upper);
    free(tp->x_classic);
    free(tp->x_shifted);
    free(tp);
}

const hf_problem *hf_testproblem_problem(const hf_testproblem *tp)
{
    return &tp->problem;
}
