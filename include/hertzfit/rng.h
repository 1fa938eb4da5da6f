/*
 * hertzfit/rng.h — PCG32 random streams (O'Neill 2014, PCG-XSH-RR 64/32).
 *
 * Every random number in hertzfit comes from here.  A generator is seeded by
 * (seed, stream): distinct streams are statistically independent sequences,
 * so run i of a campaign uses stream i and its numbers do not depend on which
 * thread runs it.  Seeding follows pcg32_srandom_r of pcg-c-basic exactly and
 * is checked against the published pcg32 demo output in tests/test_rng.c.
 *
 * hf_rng_gsl() exposes the same state as a gsl_rng, so GSL's distributions
 * (gsl_ran_gaussian, ...) draw from PCG32 instead of a second generator.
 * The struct is public so a generator can live on the stack; treat the
 * fields as private.
 */
#ifndef HERTZFIT_RNG_H
#define HERTZFIT_RNG_H

#include <stdint.h>
#include <gsl/gsl_rng.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_rng {
    uint64_t state;
    uint64_t inc;
    gsl_rng gsl; /* view of this generator for GSL's gsl_ran_* functions */
} hf_rng;

/* pcg32_srandom_r(rng, seed, stream). */
void hf_rng_seed(hf_rng *rng, uint64_t seed, uint64_t stream);

/* Next 32-bit output (pcg32_random_r). */
uint32_t hf_rng_u32(hf_rng *rng);

/* Unbiased integer in [0, bound) (pcg32_boundedrand_r); bound >= 1. */
uint32_t hf_rng_bounded(hf_rng *rng, uint32_t bound);

/* Double in [0, 1) with 53 random bits (two draws). */
double hf_rng_uniform(hf_rng *rng);

/* Double in [lo, hi). */
double hf_rng_uniform_range(hf_rng *rng, double lo, double hi);

/* Normal deviate N(mean, sigma^2), GSL's ziggurat on this generator. */
double hf_rng_normal(hf_rng *rng, double mean, double sigma);

/* This generator seen as a gsl_rng (same state; no allocation). */
gsl_rng *hf_rng_gsl(hf_rng *rng);

/* Stream number derived from a string key and an index, for campaigns whose
 * streams must not depend on list order (64-bit FNV-1a then SplitMix64). */
uint64_t hf_rng_stream_from_key(const char *key, uint64_t index);

#ifdef __cplusplus
}
#endif
#endif
