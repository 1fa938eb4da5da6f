/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/rng_draw.h — the PCG32 step and the draws built on it, inline, for
 * the library's hot loops (an optimiser draws several numbers per
 * evaluation; a call into core/rng.c per 32-bit output costs as much as
 * the step itself).  core/rng.c's functions are these same functions, so
 * a draw gives the same bits either way; the seeding and the other draws
 * that only the library calls are declared here too.
 */
#ifndef HERTZFIT_CORE_RNG_DRAW_H
#define HERTZFIT_CORE_RNG_DRAW_H

#include <gsl/gsl_randist.h>
#include <stdint.h>

#include "hertzfit/rng.h"

/* ---- the functions of core/rng.c that only the library and its tests
 * call (hertzfit/rng.h has those a user's optimiser draws with) */

/* pcg32_srandom_r(rng, seed, stream). */
void hf_rng_seed(hf_rng *rng, uint64_t seed, uint64_t stream);

/* Next 32-bit output (pcg32_random_r). */
uint32_t hf_rng_u32(hf_rng *rng);

/* Unbiased integer in [0, bound) (pcg32_boundedrand_r); bound >= 1. */
uint32_t hf_rng_bounded(hf_rng *rng, uint32_t bound);

/* Double in [lo, hi). */
double hf_rng_uniform_range(hf_rng *rng, double lo, double hi);

/* GSL's generator interface on a PCG32 state (core/rng.c). */
extern const gsl_rng_type hf_rng_gsl_type;

/* This generator seen as a gsl_rng for GSL's gsl_ran_* functions: same
 * state, no allocation.  Made on each call, so a copied hf_rng is never
 * seen through a view of its original. */
static inline gsl_rng hf_rng_gsl(hf_rng *rng)
{
    gsl_rng view;
    view.type = &hf_rng_gsl_type;
    view.state = rng;
    return view;
}

/* pcg32_random_r of pcg-c-basic (XSH-RR 64/32). */
static inline uint32_t hf_rng_draw_u32(hf_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Double in [0, 1) with 53 random bits from two outputs (27 + 26 bits). */
static inline double hf_rng_draw_uniform(hf_rng *rng)
{
    uint64_t hi = hf_rng_draw_u32(rng) >> 5;
    uint64_t lo = hf_rng_draw_u32(rng) >> 6;
    return (double)((hi << 26) | lo) * 0x1.0p-53;
}

/* Double in [lo, hi). */
static inline double hf_rng_draw_range(hf_rng *rng, double lo, double hi)
{
    return lo + (hi - lo) * hf_rng_draw_uniform(rng);
}

/* N(0, sigma^2) by GSL's ziggurat on this generator. */
static inline double hf_rng_draw_gaussian(hf_rng *rng, double sigma)
{
    gsl_rng view = hf_rng_gsl(rng);
    return gsl_ran_gaussian_ziggurat(&view, sigma);
}

#endif
