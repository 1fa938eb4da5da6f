/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/rng.h — PCG32 random streams (O'Neill 2014, PCG-XSH-RR 64/32).
 *
 * Every random number in hertzfit comes from here.  A generator is seeded by
 * (seed, stream): distinct streams are statistically independent sequences,
 * so run i of a campaign uses stream i and its numbers do not depend on which
 * thread runs it.  Seeding follows pcg32_srandom_r of pcg-c-basic exactly and
 * is checked against the published pcg32 demo output in tests/test_rng.c.
 *
 * The library seeds every generator (core/rng_draw.h); a user's optimiser
 * draws from the one its run is given.  Inside the library GSL's
 * distributions (gsl_ran_gaussian, ...) draw from PCG32 through a gsl_rng
 * view made on each call (core/rng_draw.h), so this header needs no GSL
 * header and a plug-in builds without GSL's.
 * The struct is public so a generator can live on the stack; treat the
 * fields as private.
 */
#ifndef HERTZFIT_RNG_H
#define HERTZFIT_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_rng {
    uint64_t state;
    uint64_t inc;
} hf_rng;

/* Double in [0, 1) with 53 random bits (two draws). */
double hf_rng_uniform(hf_rng *rng);

/* Normal deviate N(mean, sigma^2), GSL's ziggurat on this generator. */
double hf_rng_normal(hf_rng *rng, double mean, double sigma);

/* Stream number derived from a string key and an index, for campaigns whose
 * streams must not depend on list order (64-bit FNV-1a then SplitMix64). */
uint64_t hf_rng_stream_from_key(const char *key, uint64_t index);

#ifdef __cplusplus
}
#endif
#endif
