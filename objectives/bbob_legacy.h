/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/bbob_legacy.h — the random numbers from which BBOB builds its
 * instances (Hansen et al. 2009, "Real-parameter black-box optimization
 * benchmarking 2009: noiseless functions definitions", and COCO's "legacy"
 * generator of the bbob suite): uniforms, Gaussians, random rotations, the
 * optimum location x_opt and the optimal value f_opt.  Private to the
 * library; objectives/bbob.c builds the 24 functions from them and
 * tests/test_bbob.c checks each piece against values COCO printed.
 *
 * Seeds are the suite's: s = F + 10000 I for function F and instance I (f4
 * and f18 take f3's and f17's), plus the derived s + 1000000 (the second
 * rotation) and s + 1000 k (Gallagher's peaks).  Every seed the library
 * passes here lies in [1, 2^31 - 2], where the generator is the
 * Park–Miller LCG (see HF_BBOB_MAX_INSTANCE in hertzfit/bench_problems.h).
 */
#ifndef HERTZFIT_BBOB_LEGACY_H
#define HERTZFIT_BBOB_LEGACY_H

#include <stddef.h>
#include <stdint.h>

/* The uniforms below come from Park–Miller's minimal standard generator
 * (multiplier 16807, modulus 2^31 - 1) behind a 32-entry Bays–Durham
 * shuffle table, as BBOB 2009 defines it; a stream restarts from its seed
 * every time, so the first N numbers of a seed are always the same. */

/* U[0 .. n-1]: the first n uniforms of SEED. */
void hf_bbob_uniform(double *u, size_t n, int64_t seed);

/* G[0 .. n-1]: Box–Muller on the first 2n uniforms of SEED, pairing the
 * i-th uniform (radius) with the (n + i)-th (angle), not neighbours;
 * 1e-99 instead of an exact 0. */
void hf_bbob_gauss(double *g, size_t n, int64_t seed);

/* The DIM x DIM random rotation of SEED, row-major: DIM^2 Gaussians of
 * SEED fill the matrix column by column (entry (r, c) is Gaussian
 * c DIM + r), then modified Gram–Schmidt orthonormalises the columns from
 * the first to the last. */
void hf_bbob_rotation(double *rot, size_t dim, int64_t seed);

/* The optimum location of SEED: x_i = 8 floor(10^4 u_i) / 10^4 - 4 from
 * the first DIM uniforms, a multiple of 0.0008 in [-4, 4); an exact 0 is
 * replaced by -1e-5. */
void hf_bbob_xopt(double *x, size_t dim, int64_t seed);

/* The optimal value of FUNCTION (1..24) on INSTANCE: with s = F + 10000 I
 * (f3's F for f4, f17's for f18) and g1, g2 the first Gaussian of s and of
 * s + 1, round(10^4 g1 / g2) / 100 clamped to [-1000, 1000]. */
double hf_bbob_fopt(int function, unsigned long instance);

/* The seed of FUNCTION on INSTANCE (f4 and f18 share f3's and f17's). */
int64_t hf_bbob_seed(int function, unsigned long instance);

#endif
