/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/bbob_legacy.c — BBOB 2009's instance generator (see
 * objectives/bbob_legacy.h): the shuffled Park–Miller LCG, Box–Muller
 * Gaussians, Gram–Schmidt rotations, x_opt and f_opt.
 *
 * Written from the definitions (Hansen et al. 2009 and the generator of
 * COCO's bbob suite); the evaluation orders below are the ones that make
 * the numbers identical to COCO's to the last bit, which the tests check.
 */
#include "objectives/bbob_legacy.h"

#include <math.h>

#define LCG_MODULUS 2147483647  /* 2^31 - 1 */
#define LCG_MULTIPLIER 16807
#define SCHRAGE_Q 127773        /* LCG_MODULUS / LCG_MULTIPLIER */
#define SCHRAGE_R 2836          /* LCG_MODULUS % LCG_MULTIPLIER */
#define TABLE_DIVISOR 67108865  /* 1 + (2^31 - 2) / 32: maps a value to a table slot */

/* The generator's state: the LCG's current value, the number drawn last
 * from the table, and the shuffle table. */
typedef struct lcg {
    int64_t state;
    int64_t last;
    int64_t table[32];
} lcg;

/* One LCG step, 16807 a mod (2^31 - 1) without overflow (Schrage).  For
 * a in [1, 2^31 - 2] the result stays in that range. */
static int64_t lcg_step(int64_t a)
{
    int64_t t = a / SCHRAGE_Q;
    a = LCG_MULTIPLIER * (a - t * SCHRAGE_Q) - SCHRAGE_R * t;
    return a < 0 ? a + LCG_MODULUS : a;
}

/* Starts the stream of SEED (|SEED|, and 1 for 0): 40 warm-up steps, the
 * last 32 of which fill the table. */
static void lcg_seed(lcg *g, int64_t seed)
{
    int64_t a = seed < 0 ? -seed : seed;
    if (a < 1)
        a = 1;
    for (int i = 39; i >= 0; --i) {
        a = lcg_step(a);
        if (i < 32)
            g->table[i] = a;
    }
    g->state = a;
    g->last = g->table[0];
}

/* The next uniform number in (0, 1): a table entry divided by
 * 2.147483647e9 (1e-99 instead of an exact 0). */
static double lcg_uniform(lcg *g)
{
    g->state = lcg_step(g->state);
    int64_t slot = g->last / TABLE_DIVISOR;
    g->last = g->table[slot];
    g->table[slot] = g->state;
    double u = (double)g->last / 2.147483647e9;
    return u == 0.0 ? 1e-99 : u;
}

void hf_bbob_uniform(double *u, size_t n, int64_t seed)
{
    lcg g;
    lcg_seed(&g, seed);
    for (size_t i = 0; i < n; ++i)
        u[i] = lcg_uniform(&g);
}

void hf_bbob_gauss(double *g, size_t n, int64_t seed)
{
    /* The radii are the first n uniforms, the angles the next n: keep the
     * radii in g while the stream goes on to the angles. */
    lcg lcg;
    lcg_seed(&lcg, seed);
    for (size_t i = 0; i < n; ++i)
        g[i] = lcg_uniform(&lcg);
    const double pi = 3.14159265358979323846;
    for (size_t i = 0; i < n; ++i) {
        double angle = lcg_uniform(&lcg);
        g[i] = sqrt(-2 * log(g[i])) * cos(2 * pi * angle);
        if (g[i] == 0.0)
            g[i] = 1e-99;
    }
}

void hf_bbob_rotation(double *rot, size_t dim, int64_t seed)
{
    /* Gaussian k goes to row k % dim, column k / dim: generated straight
     * into place, since rot[r dim + c] is Gaussian c dim + r. */
    lcg lcg;
    size_t n = dim * dim;
    lcg_seed(&lcg, seed);
    for (size_t k = 0; k < n; ++k)
        rot[(k % dim) * dim + k / dim] = lcg_uniform(&lcg);
    const double pi = 3.14159265358979323846;
    for (size_t k = 0; k < n; ++k) {
        double *v = &rot[(k % dim) * dim + k / dim];
        double angle = lcg_uniform(&lcg);
        *v = sqrt(-2 * log(*v)) * cos(2 * pi * angle);
        if (*v == 0.0)
            *v = 1e-99;
    }
    /* Modified Gram–Schmidt on the columns: column i loses its component
     * along each earlier (already unit) column j, using its updated self. */
    for (size_t i = 0; i < dim; ++i) {
        for (size_t j = 0; j < i; ++j) {
            double p = 0.0;
            for (size_t k = 0; k < dim; ++k)
                p += rot[k * dim + i] * rot[k * dim + j];
            for (size_t k = 0; k < dim; ++k)
                rot[k * dim + i] -= p * rot[k * dim + j];
        }
        double s = 0.0;
        for (size_t k = 0; k < dim; ++k)
            s += rot[k * dim + i] * rot[k * dim + i];
        for (size_t k = 0; k < dim; ++k)
            rot[k * dim + i] /= sqrt(s);
    }
}

void hf_bbob_xopt(double *x, size_t dim, int64_t seed)
{
    hf_bbob_uniform(x, dim, seed);
    for (size_t i = 0; i < dim; ++i) {
        x[i] = 8 * floor(1e4 * x[i]) / 1e4 - 4;
        if (x[i] == 0.0)
            x[i] = -1e-5;
    }
}

int64_t hf_bbob_seed(int function, unsigned long instance)
{
    int base = function == 4 ? 3 : function == 18 ? 17 : function;
    return (int64_t)base + 10000 * (int64_t)instance;
}

double hf_bbob_fopt(int function, unsigned long instance)
{
    int64_t s = hf_bbob_seed(function, instance);
    double g1, g2;
    hf_bbob_gauss(&g1, 1, s);
    hf_bbob_gauss(&g2, 1, s + 1);
    double f = floor(100.0 * 100.0 * g1 / g2 + 0.5) / 100.0;
    return f > 1000.0 ? 1000.0 : f < -1000.0 ? -1000.0 : f;
}
