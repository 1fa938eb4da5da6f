/*
 * hertzfit/bench_problems.h — the benchmark problems by name, so that a
 * campaign, a report and the command line all agree on what "rastrigin:10"
 * or "profile-table" means.
 *
 * A name is "NAME[:DIM]":
 *   - a test function of hertzfit/testfunctions.h at dimension DIM
 *     (default 2), e.g. "rastrigin:10";
 *   - "profile": the (a, b) calibration objective of Safaeifar &
 *     Farshidianfar 2020 on the default c_r sampling (HF_SAMPLING_START, _STEP, _STOP);
 *   - "profile-table": the same objective fitted to their Table 2
 *     (DATA_DIR/safaeifar2020_table2.csv);
 *   - "maxwell-full": the full-model Maxwell misfit of
 *     hertzfit/maxwell_estimate.h on DATA_DIR/maxwell_synthetic_clean.csv
 *     (scaled (mu0, eta), box centred off the truth), f* = 0.
 * The calibration problems are 2-D ("profile:2" is accepted); the profile
 * problems' f* is the closed-form minimum of hertzfit/profile_objective.h.
 *
 * The canonical name (hf_bench_problem_problem(bp)->name) always carries the
 * dimension of a test function ("rastrigin:2"), so the same problem has one
 * name whatever the user typed; campaign streams are keyed on it.
 */
#ifndef HERTZFIT_BENCH_PROBLEMS_H
#define HERTZFIT_BENCH_PROBLEMS_H

#include <stddef.h>
#include <stdint.h>
#include "hertzfit/problem.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hf_bench_problem hf_bench_problem;

/* Builds the problem named SPEC.  DATA_DIR holds the reference tables (only
 * "profile-table" reads it).  *out is owned by the caller
 * (hf_bench_problem_free).  HF_ENOTFOUND for an unknown name (the diag
 * lists the valid ones), HF_EINVAL for a bad dimension (< 1, not a number,
 * or other than 2 for a calibration problem), and the errors of the file
 * readers (HF_EIO, HF_EPARSE) for profile-table and maxwell-full. */
hf_status hf_bench_problem_alloc(const char *spec, const char *data_dir,
                                 hf_bench_problem **out, hf_diag *diag);
void hf_bench_problem_free(hf_bench_problem *bp);

/* The problem view (canonical name, bounds, objective, f*); valid while bp
 * lives.  Thread-safe to evaluate concurrently. */
const hf_problem *hf_bench_problem_problem(const hf_bench_problem *bp);

/* Moves the optimum of a test-function problem to a point drawn by PCG32
 * (seed SEED, stream hf_rng_stream_from_key("shift|NAME", 0)) uniformly in
 * the inner 80 % of each side of the box; f* is unchanged
 * (hf_testproblem_shift).  Deterministic in SEED and the canonical name.
 * Calibration problems and Schwefel 2.26 (unbounded below outside its
 * box) are left classic, with HF_OK. */
hf_status hf_bench_problem_shift(hf_bench_problem *bp, uint64_t seed, hf_diag *diag);

/* Where the optimum was moved (dim values), or NULL when classic. */
const double *hf_bench_problem_optimum_point(const hf_bench_problem *bp);

/* The family (the name without ":DIM"), e.g. "rastrigin", "profile". */
const char *hf_bench_problem_family(const hf_bench_problem *bp);

/* All families, in a fixed order: the test functions, then profile,
 * profile-table and maxwell-full. */
size_t hf_bench_problem_family_count(void);
const char *hf_bench_problem_family_at(size_t index);

#ifdef __cplusplus
}
#endif
#endif
