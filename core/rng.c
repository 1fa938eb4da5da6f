/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/rng.c — PCG32 (O'Neill 2014, "PCG: A Family of Simple Fast
 * Space-Efficient Statistically Good Algorithms for Random Number
 * Generation"), the XSH-RR 64/32 member as in pcg-c-basic, plus an adaptor
 * that lets GSL's distribution functions draw from it.
 */
#include "hertzfit/rng.h"

#include "core/rng_draw.h"

/* GSL's generator interface: get() returns [min, max], get_double() [0,1). */
static unsigned long gsl_pcg32_get(void *state)
{
    return hf_rng_u32((hf_rng *)state);
}

static double gsl_pcg32_get_double(void *state)
{
    return hf_rng_uniform((hf_rng *)state);
}

static void gsl_pcg32_set(void *state, unsigned long seed)
{
    hf_rng_seed((hf_rng *)state, seed, 0);
}

const gsl_rng_type hf_rng_gsl_type = {
    "hertzfit-pcg32", 0xffffffffUL, 0, sizeof(hf_rng),
    gsl_pcg32_set, gsl_pcg32_get, gsl_pcg32_get_double,
};

void hf_rng_seed(hf_rng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = 0U;
    rng->inc = (stream << 1u) | 1u;
    (void)hf_rng_u32(rng);
    rng->state += seed;
    (void)hf_rng_u32(rng);
}

uint32_t hf_rng_u32(hf_rng *rng) { return hf_rng_draw_u32(rng); }

uint32_t hf_rng_bounded(hf_rng *rng, uint32_t bound)
{
    /* Rejection below 2^32 mod bound removes modulo bias (pcg32_boundedrand_r). */
    uint32_t threshold = (-bound) % bound;
    for (;;) {
        uint32_t r = hf_rng_u32(rng);
        if (r >= threshold)
            return r % bound;
    }
}

double hf_rng_uniform(hf_rng *rng) { return hf_rng_draw_uniform(rng); }

double hf_rng_uniform_range(hf_rng *rng, double lo, double hi)
{
    return hf_rng_draw_range(rng, lo, hi);
}

double hf_rng_normal(hf_rng *rng, double mean, double sigma)
{
    return mean + hf_rng_draw_gaussian(rng, sigma);
}

uint64_t hf_rng_stream_from_key(const char *key, uint64_t index)
{
    uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a offset basis */
    for (const unsigned char *p = (const unsigned char *)key; *p; ++p) {
        h ^= *p;
        h *= 0x100000001b3ULL;
    }
    /* SplitMix64 finaliser spreads (hash, index) over all 64 bits. */
    uint64_t z = h + 0x9e3779b97f4a7c15ULL * (index + 1u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
