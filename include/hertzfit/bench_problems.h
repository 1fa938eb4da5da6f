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
 *     (scaled (mu0, eta), box centred off the truth), f* = 0;
 *   - "bbob:F:D:I": function F (1..24) of the BBOB suite in dimension D on
 *     instance I (hertzfit/bbob.h), the same function as COCO's problem
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

/* The fixed id of a user family NAME, registered or not (a campaign read
 * back without its plug-in still names its problems): FNV-1a of NAME folded
 * into 10000..99999. */
unsigned hf_bench_problem_user_id(const char *name);

/* Builds the problem named SPEC.  DATA_DIR holds the reference tables (only
 * "profile-table" and "maxwell-full" read it); NULL means the shipped data
 * (hf_data_dir, hertzfit/file.h).  *out is owned by the caller
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

/* The family (the name without ":DIM"), e.g. "rastrigin", "profile". */
const char *hf_bench_problem_family(const hf_bench_problem *bp);

/* All families, in a fixed order: the test functions, then profile,
 * profile-table, maxwell-full and bbob. */
size_t hf_bench_problem_family_count(void);
const char *hf_bench_problem_family_at(size_t index);

/* The fixed id of the problem named NAME ("NAME[:DIM]", "bbob:F:D[:I]";
 * canonical or as given, nothing is built), see "Problem ids" above.
 * HF_ENOTFOUND for an unknown family (the diag lists the valid ones),
 * HF_EINVAL for a malformed BBOB name. */
hf_status hf_bench_problem_id(const char *name, unsigned *id, hf_diag *diag);

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
