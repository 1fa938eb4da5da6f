/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * core/problem.c — validation of a problem before any optimiser sees it, so
 * inverted or non-finite bounds are refused in one place for all algorithms.
 */
#include "hertzfit/problem.h"

#include <math.h>
#include "core/problem_internal.h"

hf_status hf_problem_check(const hf_problem *problem, hf_diag *diag)
{
    if (problem == NULL || problem->f == NULL)
        return hf_diag_set(diag, HF_EINVAL, "problem has no objective function");
    if (problem->dim == 0)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s' has dimension 0",
                           problem->name ? problem->name : "?");
    if (problem->lower == NULL || problem->upper == NULL)
        return hf_diag_set(diag, HF_EINVAL, "problem '%s' has no bounds",
                           problem->name ? problem->name : "?");
    for (size_t i = 0; i < problem->dim; ++i) {
        double lo = problem->lower[i], hi = problem->upper[i];
        if (!isfinite(lo) || !isfinite(hi))
            return hf_diag_set(diag, HF_EDOM,
                               "bounds of variable %zu are not finite (%g, %g)", i, lo, hi);
        /* Every algorithm scales by the width; an overflowing width would
         * turn every point into NaN. */
        if (!isfinite(hi - lo))
            return hf_diag_set(diag, HF_EDOM,
                               "bounds of variable %zu are too far apart (%g, %g): the width "
                               "overflows", i, lo, hi);
        if (!(lo < hi))
            return hf_diag_set(diag, HF_EBOUNDS,
                               "lower bound %.17g is not below upper bound %.17g for variable %zu",
                               lo, hi, i);
    }
    return HF_OK;
}
