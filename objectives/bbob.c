/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/bbob.c — the 24 noiseless BBOB functions (Hansen et al. 2009,
 * "Real-parameter black-box optimization benchmarking 2009: noiseless
 * functions definitions") with the instances of COCO's suite bbob.
 *
 * Written from the definitions; the comments give the definition of each
 * function in the notation of the paper (0-based indices i, so the paper's
 * (i-1)/(D-1) is i/(D-1) here).  Everything an instance fixes (x_opt, f_opt,
 * the rotations A = R(s + 10^6) and B = R(s), the products A Λ B, the
 * per-coordinate weights) is computed once by hf_bbob_alloc; an evaluation
 * reads the instance and writes only to its stack.
 *
 * Where floating-point results depend on the order of operations, the
 * order is the one of COCO's code (products left to right, sums from the
 * first coordinate, an affine map's sum started at its offset), so the
 * values agree with COCO's bit for bit on the same libm; the tests allow
 * 1e-9 relative.
 */
#include "hertzfit/bench_problems.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "objectives/bbob_legacy.h"
#include "objectives/bench_internal.h"

#define MAX_PEAKS 101
#define BBOB_PI 3.14159265358979323846

/* The value of one function at x (no NaN in x), before the problem's
 * wrapper. */
typedef double (*bbob_core)(const hf_bbob *b, const double *x);

struct hf_bbob {
    int function;
    bbob_core core;
    size_t dim;
    unsigned long instance;
    char name[32];
    double fopt;
    double *xopt;      /* the x_opt of the definition (the shift) */
    double *xbest;     /* the optimum as COCO reports it */
    double *m1, *m2;   /* dim x dim, row-major: the function's linear maps */
    double *w1, *w2, *w3; /* per-coordinate constants of the function */
    double scale;      /* f8, f9, f19: max(1, sqrt(D)/8) */
    double constant;   /* f16: the Weierstrass sum at 0; f23: 10/D^1.2 */
    double penalty_factor;
    size_t peaks;      /* f21, f22 */
    double *peak_y;    /* peaks x dim: the peaks' locations, rotated */
    double *peak_s;    /* peaks x dim: the peaks' axis scales */
    double *peak_w;    /* peaks: the peaks' heights */
    double *lower, *upper;
    double *storage;   /* owns every array above */
    hf_problem problem;
};

/* ---------------------------------------------------------------- pieces */

static int has_nan(const double *x, size_t d)
{
    for (size_t i = 0; i < d; ++i)
        if (isnan(x[i]))
            return 1;
    return 0;
}

/* i/(D-1), the position of coordinate i on [0, 1]. */
static double position(size_t i, size_t d) { return (double)i / ((double)d - 1.0); }

/* T_osz, the oscillating monotone map of the paper (scalar form, also
 * applied to objective values): x̂ = log|x|, then
 * sign(x) exp(x̂ + 0.049 (sin c1 x̂ + sin c2 x̂)), with c1, c2 = 10, 7.9 for
 * x > 0 and 5.5, 3.1 for x < 0 — written as a power 0.1 of exp(10 x̂ + ...),
 * the form whose rounding COCO has. */
static double tosz(double x)
{
    if (x > 0.0) {
        double t = log(x) / 0.1;
        return pow(exp(t + 0.49 * (sin(t) + sin(0.79 * t))), 0.1);
    }
    if (x < 0.0) {
        double t = log(-x) / 0.1;
        return -pow(exp(t + 0.49 * (sin(0.55 * t) + sin(0.31 * t))), 0.1);
    }
    return 0.0;
}

/* T_asy^β for coordinate i: x^(1 + β i/(D-1) sqrt(x)) for x > 0; COEF[i]
 * holds β i/(D-1). */
static double tasy(double x, double coef)
{
    return x > 0.0 ? pow(x, 1.0 + coef * sqrt(x)) : x;
}

/* f_pen: sum of (|x_i| - 5)^2 over the coordinates outside [-5, 5]. */
static double boundary_penalty(const double *x, size_t d)
{
    double p = 0.0;
    for (size_t i = 0; i < d; ++i) {
        double t = fabs(x[i]) - 5.0;
        if (t > 0.0)
            p += t * t;
    }
    return p;
}

/* y = START + M v (M row-major d x d), each sum started at START and
 * taken over j in order.  Four rows at a time: their sums are independent,
 * so they run in parallel in the processor while each keeps its own order
 * (and so its rounding). */
static void matvec(const double *m, const double *v, size_t d, double start, double *y)
{
    size_t i = 0;
    for (; i + 4 <= d; i += 4) {
        const double *r0 = m + i * d, *r1 = r0 + d, *r2 = r1 + d, *r3 = r2 + d;
        double s0 = start, s1 = start, s2 = start, s3 = start;
        for (size_t j = 0; j < d; ++j) {
            s0 += v[j] * r0[j];
            s1 += v[j] * r1[j];
            s2 += v[j] * r2[j];
            s3 += v[j] * r3[j];
        }
        y[i] = s0;
        y[i + 1] = s1;
        y[i + 2] = s2;
        y[i + 3] = s3;
    }
    for (; i < d; ++i) {
        const double *row = m + i * d;
        double s = start;
        for (size_t j = 0; j < d; ++j)
            s += v[j] * row[j];
        y[i] = s;
    }
}

/* y = M (x - x_opt).  (The loops that fill a vector for matvec are
 * do-whiles: dim >= 2, and so the compiler sees the vector written.) */
static void rotate_shifted(const hf_bbob *b, const double *m, const double *x, double *y)
{
    double v[HF_BBOB_MAX_DIM];
    size_t j = 0;
    do
        v[j] = x[j] - b->xopt[j];
    while (++j < b->dim);
    matvec(m, v, b->dim, 0.0, y);
}

/* 10 (D - sum cos 2 pi z_i) + ||z||^2. */
static double rastrigin(const double *z, size_t d)
{
    double sum_cos = 0.0, sum_sq = 0.0;
    for (size_t i = 0; i < d; ++i) {
        sum_cos += cos(2.0 * BBOB_PI * z[i]);
        sum_sq += z[i] * z[i];
    }
    if (isinf(sum_sq)) /* cos(inf) would make it NaN */
        return sum_sq;
    return 10.0 * ((double)d - sum_cos) + sum_sq;
}

/* 100 sum (z_i^2 - z_{i+1})^2 + sum (z_i - 1)^2, the two sums apart. */
static double rosenbrock(const double *z, size_t d)
{
    double s1 = 0.0, s2 = 0.0;
    for (size_t i = 0; i + 1 < d; ++i) {
        double t = z[i] * z[i] - z[i + 1];
        s1 += t * t;
        t = z[i] - 1.0;
        s2 += t * t;
    }
    return 100.0 * s1 + s2;
}

/* sum w_i z_i^2, each term (w_i z_i) z_i.  The weight of the first
 * coordinate is 1 in the ellipsoids, so 0 + (1 z_0) z_0 is COCO's z_0^2
 * to the bit. */
static double weighted_squares(const double *z, const double *w, size_t d)
{
    double s = 0.0;
    for (size_t i = 0; i < d; ++i)
        s += w[i] * z[i] * z[i];
    return s;
}

/* ------------------------------------------------------ the 24 functions */

/* f1 sphere: ||x - x_opt||^2 + f_opt. */
static double f_sphere(const hf_bbob *b, const double *x)
{
    double s = 0.0;
    for (size_t i = 0; i < b->dim; ++i) {
        double z = x[i] - b->xopt[i];
        s += z * z;
    }
    return s + b->fopt;
}

/* f2 separable ellipsoid: z = T_osz(x - x_opt), sum 10^(6 i/(D-1)) z_i^2. */
static double f_ellipsoid_separable(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    for (size_t i = 0; i < b->dim; ++i)
        z[i] = tosz(x[i] - b->xopt[i]);
    return weighted_squares(z, b->w1, b->dim) + b->fopt;
}

/* f3 separable Rastrigin: z = Λ^10 T_asy^0.2(T_osz(x - x_opt)). */
static double f_rastrigin_separable(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    for (size_t i = 0; i < b->dim; ++i)
        z[i] = b->w1[i] * tasy(tosz(x[i] - b->xopt[i]), b->w2[i]);
    return rastrigin(z, b->dim) + b->fopt;
}

/* f4 Büche–Rastrigin: t = T_osz(x - x_opt), z_i = s_i t_i with
 * s_i = 10^(i/(2(D-1))), times 10 where t_i > 0 at even i; Rastrigin of z
 * plus 100 f_pen(x). */
static double f_bueche_rastrigin(const hf_bbob *b, const double *x)
{
    double penalty = boundary_penalty(x, b->dim);
    double z[HF_BBOB_MAX_DIM];
    for (size_t i = 0; i < b->dim; ++i) {
        double t = tosz(x[i] - b->xopt[i]);
        double s = b->w1[i];
        if (t > 0.0 && i % 2 == 0)
            s *= 10.0;
        z[i] = s * t;
    }
    return rastrigin(z, b->dim) + b->fopt + b->penalty_factor * penalty;
}

/* f5 linear slope: sum 5|s_i| - s_i z_i with s_i = sign(x*_i) 10^(i/(D-1)),
 * x* the optimum corner, and z_i = x_i except beyond the corner
 * (x_i x*_i >= 25), where z_i = x*_i. */
static double f_linear_slope(const hf_bbob *b, const double *x)
{
    double s = 0.0;
    for (size_t i = 0; i < b->dim; ++i) {
        double z = x[i] * b->xbest[i] < 25.0 ? x[i] : b->xbest[i];
        s += 5.0 * fabs(b->w1[i]) - b->w1[i] * z;
    }
    return s + b->fopt;
}

/* f6 attractive sector: z = A Λ^10 B (x - x_opt);
 * T_osz(sum (s_i z_i)^2)^0.9 with s_i = 100 where z_i x_opt_i > 0, else 1. */
static double f_attractive_sector(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, z);
    double s = 0.0;
    for (size_t i = 0; i < b->dim; ++i)
        s += b->xopt[i] * z[i] > 0.0 ? 100.0 * 100.0 * z[i] * z[i] : z[i] * z[i];
    return pow(tosz(s), 0.9) + b->fopt;
}

/* f7 step ellipsoid: ẑ = Λ^10 B (x - x_opt); z̃_i = round(ẑ_i) where
 * |ẑ_i| > 0.5, else round(10 ẑ_i)/10; z = A z̃;
 * 0.1 max(|ẑ_0|/10^4, sum 10^(2 i/(D-1)) z_i^2) + f_pen(x). */
static double f_step_ellipsoid(const hf_bbob *b, const double *x)
{
    double penalty = boundary_penalty(x, b->dim) * b->penalty_factor;
    double zhat[HF_BBOB_MAX_DIM], z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, zhat);
    double zhat0 = 0.0;
    for (size_t i = 0; i < b->dim; ++i) {
        if (i == 0)
            zhat0 = zhat[0];
        zhat[i] = fabs(zhat[i]) > 0.5 ? floor(zhat[i] + 0.5) : floor(10.0 * zhat[i] + 0.5) / 10.0;
    }
    matvec(b->m2, zhat, b->dim, 0.0, z);
    double s = weighted_squares(z, b->w1, b->dim);
    double floor_term = fabs(zhat0) * 1.0e-4;
    return 0.1 * (floor_term >= s ? floor_term : s) + penalty + b->fopt;
}

/* f8 Rosenbrock: z = max(1, sqrt(D)/8) (x - x_opt) + 1. */
static double f_rosenbrock(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    for (size_t i = 0; i < b->dim; ++i)
        z[i] = b->scale * (x[i] - b->xopt[i]) + 1.0;
    return rosenbrock(z, b->dim) + b->fopt;
}

/* f9 rotated Rosenbrock: z = max(1, sqrt(D)/8) B x + 1/2. */
static double f_rosenbrock_rotated(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    matvec(b->m1, x, b->dim, 0.5, z);
    return rosenbrock(z, b->dim) + b->fopt;
}

/* f10 ellipsoid and f11 discus: z = T_osz(A (x - x_opt)), sum w_i z_i^2
 * with w_i = 10^(6 i/(D-1)) (ellipsoid) or 10^6, 1, ..., 1 (discus). */
static double f_oscillated_quadratic(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, z);
    for (size_t i = 0; i < b->dim; ++i)
        z[i] = tosz(z[i]);
    return weighted_squares(z, b->w1, b->dim) + b->fopt;
}

/* f12 bent cigar: z = A T_asy^0.5(A (x - x_opt)), z_0^2 + 10^6 sum_{i>=1} z_i^2. */
static double f_bent_cigar(const hf_bbob *b, const double *x)
{
    double t[HF_BBOB_MAX_DIM], z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, t);
    for (size_t i = 0; i < b->dim; ++i)
        t[i] = tasy(t[i], b->w1[i]);
    matvec(b->m1, t, b->dim, 0.0, z);
    return weighted_squares(z, b->w2, b->dim) + b->fopt;
}

/* f13 sharp ridge: z = A Λ^10 B (x - x_opt), z_0^2 + 100 sqrt(sum_{i>=1} z_i^2). */
static double f_sharp_ridge(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, z);
    double s = 0.0;
    for (size_t i = 1; i < b->dim; ++i)
        s += z[i] * z[i];
    return 100.0 * sqrt(s) + z[0] * z[0] + b->fopt;
}

/* f14 different powers: z = A (x - x_opt), sqrt(sum |z_i|^(2 + 4 i/(D-1))). */
static double f_different_powers(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, z);
    double s = 0.0;
    for (size_t i = 0; i < b->dim; ++i)
        s += pow(fabs(z[i]), b->w1[i]);
    return sqrt(s) + b->fopt;
}

/* f15 Rastrigin: z = A Λ^10 B T_asy^0.2(T_osz(A (x - x_opt))). */
static double f_rastrigin(const hf_bbob *b, const double *x)
{
    double t[HF_BBOB_MAX_DIM], z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, t);
    for (size_t i = 0; i < b->dim; ++i)
        t[i] = tasy(tosz(t[i]), b->w1[i]);
    matvec(b->m2, t, b->dim, 0.0, z);
    return rastrigin(z, b->dim) + b->fopt;
}

#define WEIERSTRASS_TERMS 12

/* f16 Weierstrass: z = A Λ^(1/100) B T_osz(A (x - x_opt));
 * 10 ((1/D) sum_i sum_k 2^-k cos(2 pi 3^k (z_i + 1/2)) - f0)^3
 * + (10/D) f_pen(x), f0 = sum_k 2^-k cos(pi 3^k). */
static double f_weierstrass(const hf_bbob *b, const double *x)
{
    double penalty = boundary_penalty(x, b->dim);
    double t[HF_BBOB_MAX_DIM], z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, t);
    for (size_t i = 0; i < b->dim; ++i)
        t[i] = tosz(t[i]);
    matvec(b->m2, t, b->dim, 0.0, z);
    double s = 0.0;
    for (size_t i = 0; i < b->dim; ++i) {
        double a = 1.0, c = 1.0; /* 2^-k and 3^k, exact */
        for (int k = 0; k < WEIERSTRASS_TERMS; ++k, a *= 0.5, c *= 3.0)
            s += cos(2.0 * BBOB_PI * (z[i] + 0.5) * c) * a;
    }
    double v = 10.0 * pow(s / (double)b->dim - b->constant, 3.0);
    return v + b->fopt + b->penalty_factor * penalty;
}

/* f17, f18 Schaffer F7: z = Λ^c B T_asy^0.5(A (x - x_opt)), c = 10 or 1000;
 * with s_i = z_i^2 + z_{i+1}^2:
 * ((1/(D-1)) sum s_i^(1/4) (1 + sin^2(50 s_i^(1/10))))^2 + 10 f_pen(x). */
static double f_schaffers(const hf_bbob *b, const double *x)
{
    double penalty = boundary_penalty(x, b->dim);
    double t[HF_BBOB_MAX_DIM], z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, t);
    for (size_t i = 0; i < b->dim; ++i)
        t[i] = tasy(t[i], b->w1[i]);
    matvec(b->m2, t, b->dim, 0.0, z);
    double s = 0.0;
    for (size_t i = 0; i + 1 < b->dim; ++i) {
        double si = z[i] * z[i] + z[i + 1] * z[i + 1];
        double osc = sin(50.0 * pow(si, 0.1));
        if (isinf(si) && isnan(osc)) /* sin(inf): the value is infinite */
            return si + b->fopt;
        s += pow(si, 0.25) * (1.0 + pow(osc, 2.0));
    }
    s = pow(s / ((double)b->dim - 1.0), 2.0);
    return s + b->fopt + b->penalty_factor * penalty;
}

/* f19 Griewank–Rosenbrock F8F2: z = max(1, sqrt(D)/8) B x + 1/2;
 * with s_i = 100 (z_i^2 - z_{i+1})^2 + (z_i - 1)^2:
 * 10 + (10/(D-1)) sum (s_i/4000 - cos s_i). */
static double f_griewank_rosenbrock(const hf_bbob *b, const double *x)
{
    double z[HF_BBOB_MAX_DIM];
    matvec(b->m1, x, b->dim, 0.0, z);
    for (size_t i = 0; i < b->dim; ++i)
        z[i] = z[i] - (-0.5);
    double s = 0.0;
    for (size_t i = 0; i + 1 < b->dim; ++i) {
        double c1 = z[i] * z[i] - z[i + 1];
        double c2 = 1.0 - z[i];
        double si = 100.0 * c1 * c1 + c2 * c2;
        s += si / 4000.0 - cos(si);
    }
    return 10.0 + 10.0 * s / (double)(b->dim - 1) + b->fopt;
}

/* The constant of f20: the maximum of z sin(sqrt|z|), to 16 digits. */
#define SCHWEFEL_MAX 418.9828872724339

/* f20 Schwefel: x̂ = 2 σ x (σ_i the sign of x_opt_i); ẑ_0 = x̂_0,
 * ẑ_i = x̂_i + 0.25 (x̂_{i-1} - 2|x_opt_{i-1}|);
 * z = 100 (Λ^10 (ẑ - 2|x_opt|) + 2|x_opt|);
 * 0.01 (418.98... - (1/D) sum z_i sin(sqrt|z_i|) + sum f_pen-like (|z_i| - 500)^2). */
static double f_schwefel(const hf_bbob *b, const double *x)
{
    size_t d = b->dim;
    double xh[HF_BBOB_MAX_DIM], z[HF_BBOB_MAX_DIM];
    for (size_t i = 0; i < d; ++i)
        xh[i] = 2.0 * (b->w1[i] < 0.0 ? -x[i] : x[i]);
    for (size_t i = 0; i < d; ++i) {
        double zh = i == 0 ? xh[0] : xh[i] + 0.25 * (xh[i - 1] - b->w2[i - 1]);
        z[i] = 100.0 * (b->w3[i] * (zh - b->w2[i]) - (-b->w2[i]));
    }
    double penalty = 0.0, s = 0.0;
    for (size_t i = 0; i < d; ++i) {
        double t = fabs(z[i]) - 500.0;
        if (t > 0.0)
            penalty += t * t;
    }
    for (size_t i = 0; i < d; ++i)
        s += z[i] * sin(sqrt(fabs(z[i])));
    return 0.01 * (penalty + SCHWEFEL_MAX - s / (double)d) + b->fopt;
}

/* f21, f22 Gallagher: t = B x; g = max_k w_k exp(-(1/(2D)) sum_j
 * S_kj (t_j - y_kj)^2); T_osz(10 - g)^2 + f_pen(x). */
static double f_gallagher(const hf_bbob *b, const double *x)
{
    size_t d = b->dim;
    double penalty = boundary_penalty(x, d) * b->penalty_factor;
    double t[HF_BBOB_MAX_DIM];
    matvec(b->m1, x, d, 0.0, t);
    double fac = -0.5 / (double)d, g = 0.0;
    for (size_t k = 0; k < b->peaks; ++k) {
        const double *y = b->peak_y + k * d, *s = b->peak_s + k * d;
        double q = 0.0;
        for (size_t j = 0; j < d; ++j) {
            double u = t[j] - y[j];
            q += s[j] * u * u;
        }
        q = b->peak_w[k] * exp(fac * q);
        g = g >= q ? g : q;
    }
    double v = tosz(10.0 - g);
    return (v * v + penalty) + b->fopt;
}

/* f23 Katsuura: z = A Λ^100 B (x - x_opt);
 * (10/D^2) (prod_i (1 + (i+1) sum_{j=1}^{32} |2^j z_i - round(2^j z_i)|/2^j)^(10/D^1.2) - 1)
 * + f_pen(x). */
static double f_katsuura(const hf_bbob *b, const double *x)
{
    size_t d = b->dim;
    double penalty = boundary_penalty(x, d);
    double z[HF_BBOB_MAX_DIM];
    rotate_shifted(b, b->m1, x, z);
    double prod = 1.0;
    for (size_t i = 0; i < d; ++i) {
        double s = 0.0, p = 1.0;
        for (int j = 1; j <= 32; ++j) {
            p *= 2.0; /* 2^j, exact */
            double v = p * z[i];
            s += fabs(v - floor(v + 0.5)) / p;
        }
        s = 1.0 + ((double)i + 1.0) * s;
        prod *= pow(s, b->constant);
    }
    double v = 10.0 / (double)d / (double)d * (-1.0 + prod);
    return v + b->fopt + b->penalty_factor * penalty;
}

#define LUNACEK_MU0 2.5
#define LUNACEK_D 1.0

/* f24 Lunacek bi-Rastrigin: x̂ = 2 sign(x_opt) x; z = A Λ^100 B (x̂ - μ0);
 * min(sum (x̂_i - μ0)^2, D + s sum (x̂_i - μ1)^2) + 10 (D - sum cos 2 pi z_i)
 * + 10^4 f_pen(x), s = 1 - 1/(2 sqrt(D + 20) - 8.2), μ1 = -sqrt((μ0^2 - 1)/s). */
static double f_lunacek(const hf_bbob *b, const double *x)
{
    size_t d = b->dim;
    const double s = 1.0 - 0.5 / (sqrt((double)(d + 20)) - 4.1);
    const double mu1 = -sqrt((LUNACEK_MU0 * LUNACEK_MU0 - LUNACEK_D) / s);
    double penalty = boundary_penalty(x, d);
    double xh[HF_BBOB_MAX_DIM], v[HF_BBOB_MAX_DIM], t[HF_BBOB_MAX_DIM], z[HF_BBOB_MAX_DIM];
    size_t j = 0;
    do {
        xh[j] = 2.0 * x[j];
        if (b->xopt[j] < 0.0)
            xh[j] *= -1.0;
        v[j] = xh[j] - LUNACEK_MU0;
    } while (++j < d);
    matvec(b->m1, v, d, 0.0, t);
    matvec(b->m2, t, d, 0.0, z);
    double s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (size_t i = 0; i < d; ++i) {
        s1 += (xh[i] - LUNACEK_MU0) * (xh[i] - LUNACEK_MU0);
        s2 += (xh[i] - mu1) * (xh[i] - mu1);
        s3 += cos(2.0 * BBOB_PI * z[i]);
    }
    double sphere2 = LUNACEK_D * (double)d + s * s2;
    double v24 = (s1 <= sphere2 ? s1 : sphere2) + 10.0 * ((double)d - s3) + 1e4 * penalty;
    return v24 + b->fopt;
}

/* --------------------------------------------------- building an instance */

/* Work space of an allocation: the two rotations of the instance. */
typedef struct build_work {
    double *a; /* A = R(s + 10^6) */
    double *b; /* B = R(s) */
} build_work;

/* M = A diag(λ_k) B, λ_k = base^(k/(D-1)), each term (A_ik λ_k) B_kj. */
static void conditioned_product(double *m, const build_work *w, size_t d, double base)
{
    double lambda[HF_BBOB_MAX_DIM];
    for (size_t k = 0; k < d; ++k)
        lambda[k] = pow(base, position(k, d));
    for (size_t i = 0; i < d; ++i)
        for (size_t j = 0; j < d; ++j) {
            double s = 0.0;
            for (size_t k = 0; k < d; ++k)
                s += w->a[i * d + k] * lambda[k] * w->b[k * d + j];
            m[i * d + j] = s;
        }
}

/* M_ij = c_i B_ij. */
static void row_scaled(double *m, const double *c, const double *rot, size_t d)
{
    for (size_t i = 0; i < d; ++i)
        for (size_t j = 0; j < d; ++j)
            m[i * d + j] = c[i] * rot[i * d + j];
}

/* ORDER[r] = the index of the r-th smallest of U[0 .. n-1] (ties, which
 * the generator does not produce, in index order).  n <= 101: counting
 * is cheap enough. */
static void rank_order(const double *u, size_t n, size_t *order)
{
    for (size_t j = 0; j < n; ++j) {
        size_t r = 0;
        for (size_t k = 0; k < n; ++k)
            r += u[k] < u[j] || (u[k] == u[j] && k < j);
        order[r] = j;
    }
}

/* f21/f22: peak 0 is the optimum (height 10, condition sqrt(1000) for 101
 * peaks, 1000 for 21); the others have heights 1.1 .. 9.1 and conditions
 * 1000^(π_k/(P-2)) for a random permutation π; each peak's axis scales are
 * its condition to the powers ρ_j/(D-1) - 1/2 for a random permutation ρ
 * of the coordinates; locations are uniform in [-c, b - c]^D (peak 0 shrunk
 * by 0.8 into [-4, 4)), rotated by B. */
static void setup_gallagher(hf_bbob *h, int64_t seed, const build_work *w)
{
    size_t d = h->dim, np = h->peaks;
    double loc_scale = np == MAX_PEAKS ? 10.0 : 9.8;
    double loc_offset = np == MAX_PEAKS ? 5.0 : 4.9;
    const double heights[2] = {1.1, 9.1};
    size_t order[MAX_PEAKS > HF_BBOB_MAX_DIM ? MAX_PEAKS : HF_BBOB_MAX_DIM];
    double u[MAX_PEAKS * HF_BBOB_MAX_DIM];
    double condition[MAX_PEAKS];

    memcpy(h->m1, w->b, sizeof *h->m1 * d * d);
    hf_bbob_uniform(u, np - 1, seed);
    rank_order(u, np - 1, order);
    condition[0] = np == MAX_PEAKS ? sqrt(1000.0) : 1000.0;
    h->peak_w[0] = 10.0;
    for (size_t k = 1; k < np; ++k) {
        condition[k] = pow(1000.0, (double)order[k - 1] / (double)(np - 2));
        h->peak_w[k] = (double)(k - 1) / (double)(np - 2) * (heights[1] - heights[0]) + heights[0];
    }
    for (size_t k = 0; k < np; ++k) {
        hf_bbob_uniform(u, d, seed + 1000 * (int64_t)k);
        rank_order(u, d, order);
        for (size_t j = 0; j < d; ++j)
            h->peak_s[k * d + j] = pow(condition[k], (double)order[j] / (double)(d - 1) - 0.5);
    }
    hf_bbob_uniform(u, d * np, seed);
    for (size_t i = 0; i < d; ++i) {
        h->xopt[i] = 0.8 * (loc_scale * u[i] - loc_offset);
        h->xbest[i] = h->xopt[i];
    }
    for (size_t k = 0; k < np; ++k)
        for (size_t i = 0; i < d; ++i) {
            double s = 0.0;
            for (size_t j = 0; j < d; ++j)
                s += w->b[i * d + j] * (loc_scale * u[k * d + j] - loc_offset);
            h->peak_y[k * d + i] = k == 0 ? s * 0.8 : s;
        }
}

/* Fills the instance's constants for function h->function. */
static void setup_function(hf_bbob *h, int64_t seed, const build_work *w)
{
    size_t d = h->dim;
    int f = h->function;
    double c[HF_BBOB_MAX_DIM];

    /* the common case: x_opt from the seed, reported as it is (f12 alone
     * draws it from the seed of its rotation, s + 10^6) */
    hf_bbob_xopt(h->xopt, d, f == 12 ? seed + 1000000 : seed);
    h->scale = fmax(1.0, sqrt((double)d) / 8.0);
    switch (f) {
    case 2:
    case 10:
        for (size_t i = 0; i < d; ++i)
            h->w1[i] = pow(1.0e6, position(i, d));
        if (f == 10)
            memcpy(h->m1, w->a, sizeof *h->m1 * d * d);
        break;
    case 3:
        for (size_t i = 0; i < d; ++i) {
            h->w1[i] = pow(10.0, 0.5 * (double)i / ((double)d - 1.0));
            h->w2[i] = 0.2 * (double)i / ((double)d - 1.0);
        }
        break;
    case 4:
        for (size_t i = 0; i < d; i += 2)
            h->xopt[i] = fabs(h->xopt[i]);
        for (size_t i = 0; i < d; ++i)
            h->w1[i] = pow(sqrt(10.0), position(i, d));
        h->penalty_factor = 100.0;
        break;
    case 5:
        for (size_t i = 0; i < d; ++i) {
            double slope = pow(sqrt(100.0), position(i, d));
            h->xbest[i] = h->xopt[i] < 0.0 ? HF_BBOB_LOWER : HF_BBOB_UPPER;
            h->w1[i] = h->xbest[i] > 0.0 ? slope : -slope;
        }
        return; /* xbest is the corner, not x_opt */
    case 6:
    case 13:
        conditioned_product(h->m1, w, d, sqrt(10.0));
        break;
    case 7:
        for (size_t i = 0; i < d; ++i) {
            c[i] = sqrt(pow(100.0 / 10.0, position(i, d)));
            h->w1[i] = pow(100.0, position(i, d));
        }
        row_scaled(h->m1, c, w->b, d);
        memcpy(h->m2, w->a, sizeof *h->m2 * d * d);
        h->penalty_factor = 1.0;
        break;
    case 8:
        for (size_t i = 0; i < d; ++i)
            h->xopt[i] *= 0.75;
        break;
    case 9:
    case 19:
        /* No shift: z = c B x + 1/2 is 1 where B x = 1/(2c), at
         * x = B^T 1/(2c).  COCO sums the columns of B for f9 and of c B for
         * f19 before dividing by 2c: the same while c = 1 (D <= 44). */
        for (size_t i = 0; i < d; ++i)
            for (size_t j = 0; j < d; ++j)
                h->m1[i * d + j] = h->scale * w->b[i * d + j];
        for (size_t j = 0; j < d; ++j) {
            double s = 0.0;
            for (size_t i = 0; i < d; ++i)
                s += f == 9 ? w->b[i * d + j] : h->m1[i * d + j];
            h->xbest[j] = s / (2.0 * h->scale);
            h->xopt[j] = h->xbest[j];
        }
        return;
    case 11: /* the weights of 10^6 z_0^2 + sum_{i>=1} z_i^2 */
        memcpy(h->m1, w->a, sizeof *h->m1 * d * d);
        for (size_t i = 0; i < d; ++i)
            h->w1[i] = i == 0 ? 1.0e6 : 1.0;
        break;
    case 14:
        memcpy(h->m1, w->a, sizeof *h->m1 * d * d);
        for (size_t i = 0; i < d; ++i)
            h->w1[i] = 2.0 + (4.0 * (double)i) / ((double)d - 1.0);
        break;
    case 12: /* T_asy^0.5, and the weights of z_0^2 + 10^6 sum_{i>=1} z_i^2 */
        memcpy(h->m1, w->a, sizeof *h->m1 * d * d);
        for (size_t i = 0; i < d; ++i) {
            h->w1[i] = 0.5 * (double)i / ((double)d - 1.0);
            h->w2[i] = i == 0 ? 1.0 : 1.0e6;
        }
        break;
    case 15:
        memcpy(h->m1, w->a, sizeof *h->m1 * d * d);
        conditioned_product(h->m2, w, d, sqrt(10.0));
        for (size_t i = 0; i < d; ++i)
            h->w1[i] = 0.2 * (double)i / ((double)d - 1.0);
        break;
    case 16: {
        memcpy(h->m1, w->a, sizeof *h->m1 * d * d);
        conditioned_product(h->m2, w, d, 1.0 / sqrt(100.0));
        double a = 1.0, b3 = 1.0;
        h->constant = 0.0;
        for (int k = 0; k < WEIERSTRASS_TERMS; ++k, a *= 0.5, b3 *= 3.0)
            h->constant += a * cos(2.0 * BBOB_PI * b3 * 0.5);
        h->penalty_factor = 10.0 / (double)d;
        break;
    }
    case 17:
    case 18: {
        double condition = f == 17 ? 10.0 : 1000.0;
        memcpy(h->m1, w->a, sizeof *h->m1 * d * d);
        for (size_t i = 0; i < d; ++i) {
            c[i] = pow(sqrt(condition), position(i, d));
            h->w1[i] = 0.5 * (double)i / ((double)d - 1.0);
        }
        /* B_ij λ_i: the same product as row_scaled, the other order */
        row_scaled(h->m2, c, w->b, d);
        h->penalty_factor = 10.0;
        break;
    }
    case 20: {
        hf_bbob_uniform(h->w1, d, seed);
        for (size_t i = 0; i < d; ++i) {
            h->w1[i] = h->w1[i] < 0.5 ? -1.0 : 1.0;
            h->xopt[i] = h->w1[i] * 0.5 * 4.2096874637;
            h->w2[i] = 2.0 * fabs(h->xopt[i]);
            h->w3[i] = pow(10.0, 0.5 * (double)i / ((double)d - 1.0));
            /* COCO maps the raw optimum 420.96874633 back through the
             * shifts and scales (not the conditioning, the value being
             * 0 within 1e-9 there): 2e-10 from x_opt. */
            double v = 420.96874633 / 100.0;
            v = (v + -h->w2[i]) + h->w2[i];
            h->xbest[i] = h->w1[i] * (v / 2.0);
        }
        return;
    }
    case 21:
    case 22:
        setup_gallagher(h, seed, w);
        h->penalty_factor = 1.0;
        return;
    case 23:
        conditioned_product(h->m1, w, d, sqrt(100.0));
        h->constant = 10.0 / pow((double)d, 1.2);
        h->penalty_factor = 1.0;
        break;
    case 24: {
        double g[HF_BBOB_MAX_DIM];
        hf_bbob_gauss(g, d, seed);
        for (size_t i = 0; i < d; ++i) {
            h->xopt[i] = g[i] < 0.0 ? -0.5 * LUNACEK_MU0 : 0.5 * LUNACEK_MU0;
            c[i] = pow(sqrt(100.0), (double)i / (double)(d - 1));
        }
        row_scaled(h->m1, c, w->b, d);
        memcpy(h->m2, w->a, sizeof *h->m2 * d * d);
        break;
    }
    default:
        break;
    }
    memcpy(h->xbest, h->xopt, sizeof *h->xbest * d);
}

/* --------------------------------------------------------- the table */

typedef struct bbob_function {
    const char *name; /* cocopp's short name */
    bbob_core f;
    int rotations;    /* 1 when the instance needs A and B */
} bbob_function;

/* The problem's objective: NaN for a NaN anywhere in x, as in COCO (a
 * branch of some functions, f5's freezing or f7's max, would drop it). */
static double bbob_objective(const double *x, void *ctx)
{
    const hf_bbob *b = ctx;
    return has_nan(x, b->dim) ? NAN : b->core(b, x);
}

static const bbob_function functions[HF_BBOB_FUNCTION_COUNT] = {
    {"Sphere", f_sphere, 0},
    {"Ellipsoid separable", f_ellipsoid_separable, 0},
    {"Rastrigin separable", f_rastrigin_separable, 0},
    {"Skew Rastrigin-Bueche", f_bueche_rastrigin, 0},
    {"Linear slope", f_linear_slope, 0},
    {"Attractive sector", f_attractive_sector, 1},
    {"Step-ellipsoid", f_step_ellipsoid, 1},
    {"Rosenbrock original", f_rosenbrock, 0},
    {"Rosenbrock rotated", f_rosenbrock_rotated, 1},
    {"Ellipsoid", f_oscillated_quadratic, 1},
    {"Discus", f_oscillated_quadratic, 1},
    {"Bent cigar", f_bent_cigar, 1},
    {"Sharp ridge", f_sharp_ridge, 1},
    {"Sum of different powers", f_different_powers, 1},
    {"Rastrigin", f_rastrigin, 1},
    {"Weierstrass", f_weierstrass, 1},
    {"Schaffer F7, condition 10", f_schaffers, 1},
    {"Schaffer F7, condition 1000", f_schaffers, 1},
    {"Griewank-Rosenbrock F8F2", f_griewank_rosenbrock, 1},
    {"Schwefel x*sin(x)", f_schwefel, 0},
    {"Gallagher 101 peaks", f_gallagher, 1},
    {"Gallagher 21 peaks", f_gallagher, 1},
    {"Katsuura", f_katsuura, 1},
    {"Lunacek bi-Rastrigin", f_lunacek, 1},
};

const char *hf_bbob_function_name(int function)
{
    return function >= 1 && function <= HF_BBOB_FUNCTION_COUNT ? functions[function - 1].name
                                                                 : NULL;
}

int hf_bbob_dimension_in_suite(size_t dim)
{
    return dim == 2 || dim == 3 || dim == 5 || dim == 10 || dim == 20 || dim == 40;
}

hf_status hf_bbob_alloc(int function, size_t dim, unsigned long instance, hf_bbob **out,
                        hf_diag *diag)
{
    if (out == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_bbob_alloc: no place for the result");
    *out = NULL;
    if (function < 1 || function > HF_BBOB_FUNCTION_COUNT)
        return hf_diag_set(diag, HF_ERANGE, "BBOB function %d is not one of 1..%d", function,
                           HF_BBOB_FUNCTION_COUNT);
    if (dim < HF_BBOB_MIN_DIM || dim > HF_BBOB_MAX_DIM)
        return hf_diag_set(diag, HF_ERANGE,
                           "BBOB dimension %zu is outside %d..%d (COCO's suite: 2, 3, 5, 10, "
                           "20, 40)",
                           dim, HF_BBOB_MIN_DIM, HF_BBOB_MAX_DIM);
    if (instance < 1 || instance > HF_BBOB_MAX_INSTANCE)
        return hf_diag_set(diag, HF_ERANGE, "BBOB instance %lu is outside 1..%lu", instance,
                           HF_BBOB_MAX_INSTANCE);

    const bbob_function *def = &functions[function - 1];
    size_t peaks = function == 21 ? 101 : function == 22 ? 21 : 0;
    size_t n = 7 * dim + 2 * dim * dim + peaks * (2 * dim + 1);
    hf_bbob *h = calloc(1, sizeof *h);              /* freed by hf_bbob_free */
    double *storage = calloc(n, sizeof *storage); /* owned by h */
    double *work = def->rotations ? malloc(sizeof *work * 2 * dim * dim) : NULL; /* freed below */
    if (h == NULL || storage == NULL || (def->rotations && work == NULL)) {
        free(h);
        free(storage);
        free(work);
        return hf_diag_set(diag, HF_ENOMEM, "out of memory for BBOB f%d in %zu-D", function, dim);
    }
    h->function = function;
    h->core = def->f;
    h->dim = dim;
    h->instance = instance;
    h->storage = storage;
    double *p = storage;
    h->lower = p, p += dim;
    h->upper = p, p += dim;
    h->xopt = p, p += dim;
    h->xbest = p, p += dim;
    h->w1 = p, p += dim;
    h->w2 = p, p += dim;
    h->w3 = p, p += dim;
    h->m1 = p, p += dim * dim;
    h->m2 = p, p += dim * dim;
    h->peaks = peaks;
    h->peak_y = p, p += peaks * dim;
    h->peak_s = p, p += peaks * dim;
    h->peak_w = p;
    for (size_t i = 0; i < dim; ++i) {
        h->lower[i] = HF_BBOB_LOWER;
        h->upper[i] = HF_BBOB_UPPER;
    }

    int64_t seed = hf_bbob_seed(function, instance);
    build_work w = {NULL, NULL};
    if (work != NULL) {
        w.a = work;
        w.b = work + dim * dim;
        hf_bbob_rotation(w.a, dim, seed + 1000000);
        hf_bbob_rotation(w.b, dim, seed);
    }
    setup_function(h, seed, &w);
    free(work);
    h->fopt = hf_bbob_fopt(function, instance);

    snprintf(h->name, sizeof h->name, "bbob_f%03d_i%02lu_d%02zu", function, instance, dim);
    h->problem = (hf_problem){.name = h->name,
                              .dim = dim,
                              .lower = h->lower,
                              .upper = h->upper,
                              .f = bbob_objective,
                              .ctx = h,
                              .has_optimum = 1,
                              .f_opt = h->fopt};
    *out = h;
    return HF_OK;
}

void hf_bbob_free(hf_bbob *bbob)
{
    if (bbob == NULL)
        return;
    free(bbob->storage);
    free(bbob);
}

const hf_problem *hf_bbob_problem(const hf_bbob *bbob)
{
    return bbob != NULL ? &bbob->problem : NULL;
}

hf_status hf_bbob_optimum(const hf_bbob *bbob, double *x_opt, double *f_opt, hf_diag *diag)
{
    if (bbob == NULL || f_opt == NULL)
        return hf_diag_set(diag, HF_EINVAL, "hf_bbob_optimum: %s is NULL",
                           bbob == NULL ? "the problem" : "f_opt");
    if (x_opt != NULL)
        memcpy(x_opt, bbob->xbest, sizeof *x_opt * bbob->dim);
    *f_opt = bbob->fopt;
    return HF_OK;
}

int hf_bbob_function(const hf_bbob *bbob) { return bbob != NULL ? bbob->function : 0; }

unsigned long hf_bbob_instance(const hf_bbob *bbob) { return bbob != NULL ? bbob->instance : 0; }
