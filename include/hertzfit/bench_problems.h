/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/bench_problems.h — the benchmark problems by name, so that a
 * campaign, a report and the command line all agree on what "rastrigin:10"
 * or "profile-table" means, and one classic test function as a problem of
 * its own (hf_testproblem, the first section).  The test functions' table
 * and the BBOB suite behind the names are the library's own
 * (objectives/bench_internal.h).
 *
 * A name is "NAME[:DIM]":
 *   - a test function (the first section below lists them) at dimension DIM
 *     (default 2), e.g. "rastrigin:10";
 *   - "profile": the (a, b) calibration objective of Safaeifar &
 *     Farshidianfar 2020 on the default c_r sampling (HF_SAMPLING_START, _STEP, _STOP);
 *   - "profile-table": the same objective fitted to their Table 2
 *     (DATA_DIR/safaeifar2020_table2.csv);
 *   - "maxwell-full": the full-model Maxwell misfit of
 *     hertzfit/maxwell_data.h on DATA_DIR/maxwell_synthetic_clean.csv
 *     (scaled (mu0, eta), box centred off the truth), f* = 0;
 *   - "bbob:F:D:I": function F (1..24) of the BBOB suite in dimension D on
 *     instance I, the same function as COCO's problem
 *     bbob_fF_iI_dD;
 *   - "bbob:F:D": the same function with one instance per run, as in a
 *     COCO experiment: run r (from 0) uses instance r + 1
 *     (hf_bench_problem_prepare_runs, hf_bench_problem_run); as a single
 *     problem (hf_bench_problem_problem) it is instance 1.
 * The calibration problems are 2-D ("profile:2" is accepted); the profile
 * problems' f* is the closed-form minimum of hertzfit/profile_objective.h.
 *
 * The canonical name (hf_bench_problem_problem(bp)->name) always carries the
 * dimension of a test function ("rastrigin:2"), so the same problem has one
 * name whatever the user typed; campaign streams are keyed on it.  A BBOB
 * name is written without leading zeros ("bbob:1:2" for "bbob:01:02").
 *
 * Problem ids.  Every problem has a fixed number (hf_bench_problem_id),
 * the same in every campaign, so that results of two campaigns, or of a
 * campaign and published data, name the same problem: a BBOB problem has
 * BBOB's function number F (1..24); the other families have numbers from
 * 101 on, never BBOB's: sphere 101, ellipsoid 102, rosenbrock 103,
 * rastrigin 104, griewank 105, ackley 106, schwefel226 107, levy 108,
 * styblinski-tang 109, profile 201, profile-table 202, maxwell-full 203.
 * The id is the family's (all dimensions share it), as COCO's funcId.
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

/*
 * ---- the classic box-constrained test functions that
 * optimiser comparisons use next to the calibration problems: sphere,
 * ellipsoid, Rosenbrock, Rastrigin, Griewank, Ackley, Schwefel 2.26, Lévy
 * and Styblinski–Tang, in any dimension, on their usual domains, with their
 * known minimiser and minimum.
 *
 * Each function is a row of one constant table (hf_testfunction): name,
 * formula, box [lower, upper]^d, smallest dimension and the evaluator
 * f(x, d).  hf_testproblem wraps one of them at a dimension as an
 * hf_problem (it owns the bounds and the context the problem borrows).
 *
 * Where the minimiser is not a round number (Schwefel 2.26, Styblinski–
 * Tang) it is computed, not typed in: the stationarity condition of the
 * one-variable term is solved with GSL (Brent root finder; cubic formula).
 */

/* One test function at one dimension as an optimisation problem. */
typedef struct hf_testproblem hf_testproblem;

/* NAME is a table name; the problem is named "NAME:DIM".  *out is owned by
 * the caller (hf_testproblem_free).  HF_ENOTFOUND for an unknown name (the
 * diag lists the valid ones), HF_EINVAL for dim below the minimum. */
hf_status hf_testproblem_alloc(const char *name, size_t dim, hf_testproblem **out,
                               hf_diag *diag);
void hf_testproblem_free(hf_testproblem *tp);

/* Moves the minimiser to X_OPT (inside the box): the problem becomes
 * f((x - X_OPT) + x_classic), so f* is unchanged and reached exactly at
 * X_OPT.  HF_EINVAL for a function that is not shiftable, HF_EBOUNDS for a
 * point outside the box.  Shifting again replaces the previous shift. */
hf_status hf_testproblem_shift(hf_testproblem *tp, const double *x_opt, hf_diag *diag);

/* The problem view; valid while tp lives.  has_optimum = 1. */
const hf_problem *hf_testproblem_problem(const hf_testproblem *tp);

typedef struct hf_bench_problem hf_bench_problem;

/* A user's own problem family, added at run time (hf_bench_problem_register;
 * the program loads them from plug-ins, hertzfit/plugin.h).  make fills
 * *out for dimension DIM (name, bounds, f, ctx, has_optimum, f_opt); what
 * the problem points to stays valid until release(*owned) (release may be
 * NULL when make allocated nothing).  f must be thread-safe: runs call it
 * in parallel. */
typedef struct hf_user_problem {
    const char *name;         /* the family: letters, digits, '_', '-', '.' */
    size_t default_dim;       /* the dimension of "NAME" without ":DIM" (>= 1) */
    int fixed_dim;            /* 1: only default_dim is allowed */
    hf_status (*make)(size_t dim, hf_problem *out, void **owned, hf_diag *diag);
    void (*release)(void *owned);
} hf_user_problem;

#define HF_USER_PROBLEM_MAX 64

/* Adds the family UP (borrowed: it must outlive every problem made from
 * it) after hertzfit's own: "NAME" and "NAME:DIM" then build it, its
 * canonical name is "NAME:DIM", and its fixed id
 * (hf_bench_problem_id) is derived from NAME, from 10000 on.  Call it
 * before any problem is built (not thread-safe).  HF_EINVAL for a table
 * without make or default_dim, or a name that is not plain; HF_EEXIST when
 * the name is taken; HF_ERANGE past HF_USER_PROBLEM_MAX families. */
hf_status hf_bench_problem_register(const hf_user_problem *up, hf_diag *diag);

/* Builds the problem named SPEC.  DATA_DIR holds the reference tables (only
 * "profile-table" and "maxwell-full" read it); NULL means the shipped data
 * (hf_data_dir, core/file.h).  *out is owned by the caller
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

/* The family (the name without ":DIM"), e.g. "rastrigin", "profile". */
const char *hf_bench_problem_family(const hf_bench_problem *bp);

/* The fixed id of the problem named NAME ("NAME[:DIM]", "bbob:F:D[:I]";
 * canonical or as given, nothing is built), see "Problem ids" above.
 * HF_ENOTFOUND for an unknown family (the diag lists the valid ones),
 * HF_EINVAL for a malformed BBOB name. */
hf_status hf_bench_problem_id(const char *name, unsigned *id, hf_diag *diag);

/* The optimum where it is known, for a user checking a problem by hand:
 * f* into *f_opt, and, when the minimiser is one known point, the point
 * into x_opt[0 .. dim-1] (may be NULL) with *x_known = 1.  BBOB: COCO's
 * reported optimum (hf_bbob_optimum; instance 1 for "bbob:F:D"); a test
 * function: its minimiser (moved by hf_bench_problem_shift if it was);
 * maxwell-full: the truth of its synthetic data, (5/6, 6/5); profile and
 * profile-table: *x_known = 0, since their minimisers form a valley a(b)
 * (hertzfit/profile_objective.h), not a point.  HF_ENOTFOUND when f* is
 * not known, HF_EINVAL for a NULL argument. */
hf_status hf_bench_problem_optimum(const hf_bench_problem *bp, double *x_opt, int *x_known,
                                   double *f_opt, hf_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
