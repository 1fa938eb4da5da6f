/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * objectives/bench_internal.h — what stands behind the benchmark problems of
 * hertzfit/bench_problems.h and only the library and its tests call: the
 * table of classic test functions, the BBOB suite, and the registry's
 * per-run problems, moved optima and names.
 */
#ifndef HERTZFIT_OBJECTIVES_BENCH_INTERNAL_H
#define HERTZFIT_OBJECTIVES_BENCH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/bench_problems.h"

/* ---- the classic test functions (hertzfit/bench_problems.h describes them) */

typedef double (*hf_testfunction_fn)(const double *x, size_t dim);

typedef struct hf_testfunction {
    const char *name;        /* "rastrigin" */
    const char *formula;     /* one line, for listings */
    double lower, upper;     /* the usual domain [lower, upper]^d */
    size_t min_dim;          /* 2 for Rosenbrock (its sum is empty at d = 1), else 1 */
    hf_testfunction_fn f;
} hf_testfunction;

/* The table, in a fixed order. */
size_t hf_testfunction_count(void);
const hf_testfunction *hf_testfunction_at(size_t index);

/* Entry named NAME (exact, lower case), or NULL. */
const hf_testfunction *hf_testfunction_find(const char *name);

/* The global minimiser x_opt[0 .. dim-1] (may be NULL) and the minimum
 * f_opt.  HF_EINVAL for dim below tf->min_dim; HF_EGSL if the root finder
 * fails (it does not on these brackets). */
hf_status hf_testfunction_optimum(const hf_testfunction *tf, size_t dim,
                                  double *x_opt, double *f_opt, hf_diag *diag);

/* Can the minimiser be moved anywhere in the box with f* unchanged?  Yes
 * when f* is the minimum over all of R^d (every function but Schwefel
 * 2.26, which is unbounded below outside its box). */
int hf_testfunction_shiftable(const hf_testfunction *tf);

/* The shifted minimiser, or NULL while the problem is classic. */
const double *hf_testproblem_optimum_point(const hf_testproblem *tp);

/* The functions themselves, f(x, d). */
double hf_tf_sphere(const double *x, size_t dim);
double hf_tf_ellipsoid(const double *x, size_t dim);
double hf_tf_rosenbrock(const double *x, size_t dim);
double hf_tf_rastrigin(const double *x, size_t dim);
double hf_tf_griewank(const double *x, size_t dim);
double hf_tf_ackley(const double *x, size_t dim);
double hf_tf_schwefel226(const double *x, size_t dim);
double hf_tf_levy(const double *x, size_t dim);
double hf_tf_styblinski_tang(const double *x, size_t dim);

/*
 * ---- the 24 noiseless functions of the BBOB suite, instance
 * by instance, as COCO computes them.
 *
 * What they are.  BBOB (black-box optimization benchmarking) is the
 * standard testbed of continuous optimisers: Hansen, Finck, Ros & Auger,
 * "Real-parameter black-box optimization benchmarking 2009: noiseless
 * functions definitions", INRIA RR-6829, and COCO's suite `bbob`
 * (github.com/numbbo/coco-experiment), whose results for hundreds of
 * algorithms are published.  Function F (1..24) in dimension D on instance
 * I is COCO's problem bbob_fF_iI_dD: the same x_opt, f_opt and rotations,
 * from the same legacy random generator, so that hertzfit's values are
 * COCO's (the tests compare with a table COCO printed, within 1e-9
 * relative; this implementation reproduces it to the last bit on glibc).
 * Every problem is minimised over the box [-5, 5]^D; f_opt is known.
 *
 *   separable           1 sphere, 2 ellipsoid, 3 Rastrigin,
 *                       4 Büche–Rastrigin, 5 linear slope
 *   low/moderate cond.  6 attractive sector, 7 step ellipsoid,
 *                       8 Rosenbrock, 9 rotated Rosenbrock
 *   high conditioning   10 ellipsoid, 11 discus, 12 bent cigar,
 *                       13 sharp ridge, 14 different powers
 *   multi-modal         15 Rastrigin, 16 Weierstrass, 17/18 Schaffer F7
 *                       (condition 10/1000), 19 Griewank–Rosenbrock F8F2
 *   weak structure      20 Schwefel x sin(x), 21/22 Gallagher 101/21
 *                       peaks, 23 Katsuura, 24 Lunacek bi-Rastrigin
 *
 * Dimensions.  COCO's suite offers D = 2, 3, 5, 10, 20, 40
 * (hf_bbob_dimension_in_suite); cocopp's reference data exist only for
 * those.  hertzfit accepts every D from 2 to 44 (HF_BBOB_MAX_DIM): D = 1
 * is undefined (the exponents i/(D-1) divide 0 by 0), and 44 is the
 * largest D for which COCO's generator builds a rotation (its Gaussian
 * buffer holds fewer than 2000 numbers, D^2 < 2000), so up to 44 every
 * function is still COCO's (checked at D = 4, 7, 44).  Larger D would be a
 * function COCO does not define (its bbob-largescale suite uses other,
 * block-diagonal rotations).  The evaluation keeps its scratch vectors on
 * the stack, HF_BBOB_MAX_DIM doubles each.
 *
 * Instances.  Instance I seeds the generator with F + 10000 I (no remapping
 * for large I: instance 110 is as valid as 1).  COCO's years use 1..15,
 * 21..30, ..., 101..110; hertzfit accepts 1 .. HF_BBOB_MAX_INSTANCE, the
 * largest I for which every seed the formula derives (up to
 * F + 10000 I + 10^6) stays below 2^31 - 1, the modulus of the generator:
 * beyond it the generator is no longer the Park–Miller LCG it is defined
 * as.  Instance 0 is not a suite instance (COCO's suites ignore it).
 *
 * Traps handled (each one checked by tests/test_bbob.c):
 *  - f4 and f18 take their seeds from f3 and f17: same x_opt (f4 then
 *    takes |x_opt_i| at even 0-based i), same rotations, same f_opt;
 *  - f12's x_opt uses the seed + 10^6 (the seed of its rotation);
 *  - f24's x_opt is ±1.25 from the signs of Gaussians, not the uniform
 *    rule; f20's is ±4.2096874637/2 from the signs of uniforms;
 *  - f5's optimum is the corner ±5 on the side of the sign of x_opt, and a
 *    coordinate beyond it is frozen at it (the slope is flat outside);
 *  - f8, f9, f19 scale by max(1, sqrt(D)/8), which is 1 for D <= 44;
 *    f9 and f19 are not shifted: their x_opt is R^T (1/2, ..., 1/2);
 *  - f7 rounds ẑ_i when |ẑ_i| > 0.5 (to a tenth below) and compares
 *    |ẑ_0| unrounded; its rotations are taken in the order seed, seed+10^6;
 *  - f6's sector test is z_i x_opt_i > 0 on the rotated z;
 *  - boundary penalties on the user's x: f4 (100), f7, f21–f23 (1),
 *    f16 (10/D), f17, f18 (10), f24 (10^4); f20's is on its inner z;
 *  - the Gaussian pairs uniform i with uniform n + i; rotations are filled
 *    column by column and orthonormalised by modified Gram–Schmidt;
 *  - f_opt = round(10^4 g1/g2)/100 is clamped to [-1000, 1000], which
 *    happens often (f15 and f22 on instance 1 already).
 *
 * f_opt and the reported optimum.  f_opt (hf_problem.f_opt) is the
 * definition's rounded value above, exactly, and hf_bbob_optimum reports
 * the optimum COCO reports (its best parameter); f there is f_opt to the
 * last bit for every function but f20.  f20 carries a rounding of its own:
 * its constant 418.9828872724339 is max z sin(sqrt|z|) = 418.98288727243371
 * rounded up by 2.1e-13, so its minimum is f_opt + 2.1e-15 (the 0.01 of
 * the definition times that), not f_opt; in double, f at the optimum is
 * f_opt or f_opt + 1 ulp (3.6e-15 for 16 <= |f_opt| < 32), and no point
 * gives less than f_opt (the computed core stays >= 0; 1.4 million points
 * near the optimum checked).  COCO's logger measures f - f_opt from that
 * computed value (f20 instance 110 in D >= 5: 19.830000000000002 instead
 * of 19.83), at most 4e-15 absolute above f_opt.  COCO reports f20's
 * optimum as ±4.2096874633/2 (from its raw optimum 420.96874633), 2e-10
 * from the definition's x_opt = ±4.2096874637/2; both lie within 1e-8 of
 * the true minimiser and f differs between them by at most one ulp.
 *
 * Threads and memory: an hf_bbob is read-only after hf_bbob_alloc, so its
 * problem may be evaluated from many threads at once; an evaluation
 * allocates nothing.  NaN in x gives NaN, as in COCO.
 */

#define HF_BBOB_FUNCTION_COUNT 24
#define HF_BBOB_MIN_DIM 2
#define HF_BBOB_MAX_DIM 44
#define HF_BBOB_MAX_INSTANCE 214648UL
#define HF_BBOB_LOWER (-5.0)
#define HF_BBOB_UPPER 5.0

typedef struct hf_bbob hf_bbob;

/* Builds function FUNCTION (1..24) in DIM dimensions on INSTANCE.  *out is
 * owned by the caller (hf_bbob_free).  HF_ERANGE for a function, dimension
 * or instance outside the ranges above (the diag names the value and the
 * range), HF_EINVAL for a NULL out, HF_ENOMEM. */
hf_status hf_bbob_alloc(int function, size_t dim, unsigned long instance, hf_bbob **out,
                        hf_diag *diag);
void hf_bbob_free(hf_bbob *bbob);

/* The problem: named as COCO names it ("bbob_f001_i01_d02": function with
 * three digits, instance and dimension with at least two), bounds
 * [-5, 5]^D, has_optimum = 1, f_opt.  Valid while bbob lives. */
const hf_problem *hf_bbob_problem(const hf_bbob *bbob);

/* The optimum COCO reports for the problem (its best parameter) into
 * x_opt[0 .. dim-1] (may be NULL) and f_opt into *f_opt.  HF_EINVAL for a
 * NULL bbob or f_opt. */
hf_status hf_bbob_optimum(const hf_bbob *bbob, double *x_opt, double *f_opt, hf_diag *diag);

int hf_bbob_function(const hf_bbob *bbob);
unsigned long hf_bbob_instance(const hf_bbob *bbob);

/* COCO's short name of function F ("Sphere", "Ellipsoid separable", ...,
 * "Lunacek bi-Rastrigin", as cocopp prints them), or NULL outside 1..24. */
const char *hf_bbob_function_name(int function);

/* 1 for the dimensions of COCO's bbob suite (2, 3, 5, 10, 20, 40), else 0. */
int hf_bbob_dimension_in_suite(size_t dim);

/* ---- the benchmark problems' runs, optima and names */

/* The fixed id of a user family NAME, registered or not (a campaign read
 * back without its plug-in still names its problems): FNV-1a of NAME folded
 * into 10000..29999 (IOH's 16-bit function ids). */
unsigned hf_bench_problem_user_id(const char *name);

/* Moves the optimum of a test-function problem, for each run its own (as
 * BBOB gives each run an instance): run r's to a point drawn by PCG32
 * (seed SEED, stream hf_rng_stream_from_key("shift|NAME|r", 0)) uniformly
 * in the inner 80 % of each side of the box; f* is unchanged
 * (hf_testproblem_shift).  The runs are those of
 * hf_bench_problem_prepare_runs, called first (one run, run 0, without
 * it); hf_bench_problem_problem is run 0's.  Deterministic in SEED, the
 * canonical name and the run.  Calibration problems and Schwefel 2.26
 * (unbounded below outside its box) are left classic, with HF_OK. */
hf_status hf_bench_problem_shift(hf_bench_problem *bp, uint64_t seed, hf_diag *diag);

/* Where run 0's optimum was moved (dim values), or NULL when classic. */
const double *hf_bench_problem_optimum_point(const hf_bench_problem *bp);

/* Where run RUN's optimum was moved, or NULL when classic or RUN is beyond
 * the prepared runs. */
const double *hf_bench_problem_run_optimum_point(const hf_bench_problem *bp, size_t run);

/* 1 when NAME is a well-formed BBOB problem, with its function F into
 * *function and its instance into *instance: I for "bbob:F:D:I", 0 for
 * "bbob:F:D" (run r solves instance r + 1); else 0. */
int hf_bench_problem_bbob(const char *name, int *function, unsigned long *instance);

/* Builds what RUNS runs need: for "bbob:F:D", instances 1 .. RUNS; for a
 * test function, the number of moved copies a later hf_bench_problem_shift
 * makes; for every other problem nothing (HF_OK).  Call it before the runs
 * start: hf_bench_problem_run only reads. */
hf_status hf_bench_problem_prepare_runs(hf_bench_problem *bp, size_t runs, hf_diag *diag);

/* The instances the runs of a "bbob:F:D" problem solve: run r solves
 * INSTANCES[r mod n] instead of instance r + 1 (COCO's instance sets,
 * hf_campaign_instances_parse).  The problem becomes run 0's instance;
 * call it before hf_bench_problem_prepare_runs.  Nothing changes for any
 * other problem.  HF_EINVAL for an empty list or an instance outside
 * 1..HF_BBOB_MAX_INSTANCE. */
hf_status hf_bench_problem_set_instances(hf_bench_problem *bp, const unsigned long *instances,
                                         size_t n, hf_diag *diag);

/* The problem run RUN (from 0) optimises: for "bbob:F:D" instance RUN + 1,
 * for a shifted test function run RUN's moved copy (NULL when RUN is
 * beyond what hf_bench_problem_prepare_runs built), for every other problem
 * the problem itself.  Thread-safe. */
const hf_problem *hf_bench_problem_run(const hf_bench_problem *bp, size_t run);

/* All families, in a fixed order: the test functions, then profile,
 * profile-table, maxwell-full and bbob. */
size_t hf_bench_problem_family_count(void);
const char *hf_bench_problem_family_at(size_t index);

#endif
