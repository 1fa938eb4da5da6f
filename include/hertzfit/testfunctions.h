/*
 * hertzfit/testfunctions.h — the classic box-constrained test functions that
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
#ifndef HERTZFIT_TESTFUNCTIONS_H
#define HERTZFIT_TESTFUNCTIONS_H

#include <stddef.h>
#include "hertzfit/problem.h"
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* One test function at one dimension as an optimisation problem. */
typedef struct hf_testproblem hf_testproblem;

/* NAME is a table name; the problem is named "NAME:DIM".  *out is owned by
 * the caller (hf_testproblem_free).  HF_ENOTFOUND for an unknown name (the
 * diag lists the valid ones), HF_EINVAL for dim below the minimum. */
hf_status hf_testproblem_alloc(const char *name, size_t dim, hf_testproblem **out,
                               hf_diag *diag);
void hf_testproblem_free(hf_testproblem *tp);

/* Can the minimiser be moved anywhere in the box with f* unchanged?  Yes
 * when f* is the minimum over all of R^d (every function but Schwefel
 * 2.26, which is unbounded below outside its box). */
int hf_testfunction_shiftable(const hf_testfunction *tf);

/* Moves the minimiser to X_OPT (inside the box): the problem becomes
 * f((x - X_OPT) + x_classic), so f* is unchanged and reached exactly at
 * X_OPT.  HF_EINVAL for a function that is not shiftable, HF_EBOUNDS for a
 * point outside the box.  Shifting again replaces the previous shift. */
hf_status hf_testproblem_shift(hf_testproblem *tp, const double *x_opt, hf_diag *diag);

/* The shifted minimiser, or NULL while the problem is classic. */
const double *hf_testproblem_optimum_point(const hf_testproblem *tp);

/* The problem view; valid while tp lives.  has_optimum = 1. */
const hf_problem *hf_testproblem_problem(const hf_testproblem *tp);

#ifdef __cplusplus
}
#endif
#endif
