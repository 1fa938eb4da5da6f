/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * hertzfit/problem.h — what an optimiser sees of a problem.
 *
 * A problem is a plain struct: a box-bounded objective in `dim` variables
 * with an opaque context.  Optimisers know nothing else about it; the
 * objectives/ modules build problems from models or data.  The struct does
 * not own its bounds or context: whoever builds the problem keeps them alive.
 */
#ifndef HERTZFIT_PROBLEM_H
#define HERTZFIT_PROBLEM_H

#include <stddef.h>
#include "hertzfit/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Objective value at x[0 .. dim-1].  May return NaN or inf for points where
 * it is undefined: the evaluation wrapper counts those as failed evaluations
 * and never reports them as best.  Must be safe to call concurrently on
 * distinct threads with the same ctx (ctx is read-only during evaluation). */
typedef double (*hf_objective_fn)(const double *x, void *ctx);

typedef struct hf_problem {
    const char *name;       /* e.g. "profile", "rastrigin:10" */
    size_t dim;
    const double *lower;    /* dim lower bounds (borrowed) */
    const double *upper;    /* dim upper bounds (borrowed) */
    hf_objective_fn f;
    void *ctx;              /* borrowed */
    int has_optimum;        /* 1 when f_opt is known */
    double f_opt;           /* known minimum value, if has_optimum */
} hf_problem;

#ifdef __cplusplus
}
#endif
#endif
